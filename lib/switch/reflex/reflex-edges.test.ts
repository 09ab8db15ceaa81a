// Boundaries of Reflex's NSF and NDT that reflex.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md): thresholds met exactly, time differences one tick short of a
// deadline (with an even difference, where `d | 0` and `d | 1` differ), the WRR with one packet
// left in either queue, and the second of two ports.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_STATE } from "../../core/errors";
import { NDT_CONGESTED, NDT_CONTROLLED, NDT_DROPPED, NDT_EMPTY, NDT_NORMAL, NDT_PAUSE, NDT_PAUSED, NDT_RESUME, NDT_TIMEOUT, ReflexNdt } from "./ndt";
import { NSF_ENTER_ACTIVE, NSF_ENTER_COOLING, NSF_ENTER_SILENT, NSF_PSEUDO_ACK, NSF_SILENT, ReflexNsf } from "./nsf";

function ndt(flows: number, extra: Record<string, unknown> = {}): ReflexNdt {
  const t = new ReflexNdt({ handleCapacity: 1024, ...extra }, flows);
  for (let f = 0; f < flows; f++) t.open(f);
  return t;
}

// ---------------------------------------------------------------------------------------------
// NSF

test("NSF: T_src equal to the threshold is not congestion", () => {
  const n = new ReflexNsf({}, 1);
  n.open(0);
  assert.is(n.onData(0, 10_000, 5000), 0); // 5000 = tSrcThreshNs
  assert.is(n.state(0), NSF_SILENT);
});

test("NSF: the pseudo-ACK interval is met exactly, not a tick early (odd interval, even gap)", () => {
  const n = new ReflexNsf({ tIntervalNs: 1001 }, 1);
  n.open(0);
  assert.is(n.onData(0, 10_000, 0), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK);
  assert.is(n.onData(0, 11_000, 0), 0); // 1000 ns since the last
  assert.is(n.onData(0, 11_001, 0), NSF_PSEUDO_ACK);
});

test("NSF: T_interval 0 sends a pseudo-ACK for every packet while Active, even two at the same time; T_src threshold 0 makes any delay congestion", () => {
  const n = new ReflexNsf({ tIntervalNs: 0, tSrcThreshNs: 0 }, 1);
  n.open(0);
  assert.is(n.onData(0, 10_000, 10_000), 0); // T_src = 0: not above the threshold
  assert.is(n.onData(0, 10_001, 10_000), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK); // T_src = 1 ns
  assert.is(n.onData(0, 10_001, 10_000), NSF_PSEUDO_ACK);
  assert.is(n.onData(0, 10_002, 10_000), NSF_PSEUDO_ACK);
  assert.is(n.pseudoAcks(0), 3);
});

test("NSF: a flow that leaves Cooling for Active has no cooling packets left (§III-C: N_cool belongs to Cooling)", () => {
  const n = new ReflexNsf({}, 1); // Table I: T_src_thresh 5 µs, N_cool 5
  n.open(0);
  assert.is(n.onData(0, 10_000, 0) & NSF_ENTER_ACTIVE, NSF_ENTER_ACTIVE); // T_src 10 µs > 5 µs
  assert.is(n.onData(0, 10_100, 10_000), NSF_ENTER_COOLING); // 100 ns: Cooling, N_cool = 5
  assert.is(n.coolingLeft(0), 5);
  n.onData(0, 10_200, 10_100); // 5 → 4
  assert.is(n.onData(0, 10_300, 0), NSF_ENTER_ACTIVE); // 10.3 µs > 5 µs: Active again
  assert.is(n.coolingLeft(0), 0);
});

test("NSF: a flow that falls Silent has no cooling packets left; the default capacity is one flow", () => {
  const n = new ReflexNsf({ nCool: 1 }, 1);
  n.open(0);
  n.onData(0, 10_000, 0);
  assert.is(n.onData(0, 10_100, 10_000), NSF_ENTER_COOLING); // no pseudo-ACK due 100 ns after the last
  assert.is(n.coolingLeft(0), 1);
  assert.is(n.onData(0, 10_200, 10_100), NSF_ENTER_SILENT);
  assert.is(n.coolingLeft(0), 0);
  const one = new ReflexNsf();
  one.open(0);
  assert.throws(() => one.open(1), RangeError);
});

// ---------------------------------------------------------------------------------------------
// NDT queues

test("NDT: a packet that exactly fills the queue limit is taken; departures report and release their bytes", () => {
  const t = ndt(1, { queueLimitBytes: 3000 });
  assert.is(t.onEnqueue(0, 0, 0, 1, 1000), NDT_NORMAL);
  assert.is(t.onEnqueue(0, 0, 0, 2, 2000), NDT_NORMAL); // 3000 = the limit
  assert.is(t.onEnqueue(0, 0, 0, 3, 1), NDT_DROPPED);
  assert.is(t.onDequeue(0, 0), 1);
  assert.is(t.out[2], 1000); // out.bytes
  assert.is(t.normalBytes[0], 2000);
  assert.is(t.onDequeue(0, 0), 2);
  assert.is(t.out[2], 2000);
  assert.is(t.normalBytes[0], 0);
  // A handle that left can be queued again.
  assert.is(t.onEnqueue(0, 0, 0, 1, 500), NDT_NORMAL);
  assert.is(t.onEnqueue(0, 0, 0, 2, 500), NDT_NORMAL);
  assert.is(t.onEnqueue(0, 0, 0, 2, 500), E_STATE);
});

test("NDT: onDequeue refuses port = ports; the default capacity is one flow", () => {
  const t = ndt(1, { ports: 2 });
  assert.is(t.onDequeue(2, 0), E_ARG);
  const one = new ReflexNdt();
  one.open(0);
  assert.throws(() => one.open(1), RangeError);
});

test("NDT WRR: the Controlled queue's turn comes with one packet in either queue; a lone Normal queue takes no turns", () => {
  const run = (normal: number, controlled: number, lead = 0) => {
    const t = ndt(2);
    t.onAck(1, 100_000, 0); // flow 1 Congested
    for (let i = 0; i < lead; i++) t.onEnqueue(0, 0, 0, 200 + i, 1000);
    for (let i = 0; i < lead; i++) t.onDequeue(0, 0); // Normal alone: no WRR turns pass
    for (let i = 0; i < normal; i++) t.onEnqueue(0, 0, 0, i, 1000);
    for (let i = 0; i < controlled; i++) t.onEnqueue(1, 0, 0, 100 + i, 1000);
    const pattern = [];
    for (let h = t.onDequeue(0, 0); h >= 0; h = t.onDequeue(0, 0)) pattern.push(h >= 100 ? "c" : "n");
    return pattern.join("");
  };
  assert.is(run(9, 2), "nnnnnnnncnc"); // the 9th turn finds one Normal packet
  assert.is(run(10, 1), "nnnnnnnncnn"); // … and one Controlled packet
  assert.is(run(9, 1, 12), "nnnnnnnncn");
});

// ---------------------------------------------------------------------------------------------
// NDT pause

test("NDT: while paused (or after a timeout), an ACK of an uncongested flow reports nothing", () => {
  const t = ndt(4);
  for (let f = 0; f < 3; f++) t.onAck(f, 50_000, 0); // 3/4 > 0.7: paused
  assert.is(t.paused, 1);
  assert.is(t.onAck(3, 50_100, 50_000), 0); // flow 3 Normal; still 3/4, still paused
  assert.is(t.paused, 1);
  assert.is(t.onAck(0, 600_000, 0), NDT_CONGESTED | NDT_RESUME | NDT_TIMEOUT);
  assert.is(t.onAck(3, 600_100, 600_000), 0); // not re-armed: no pause, nothing
  assert.is(t.paused, 0);
});

test("NDT: T_maxpause is met exactly, not a tick early, by ACKs and by dequeues (odd limit, even gap)", () => {
  const byAck = ndt(4, { tMaxPauseNs: 1001 });
  for (let f = 0; f < 3; f++) byAck.onAck(f, 50_000, 0);
  assert.is(byAck.onAck(0, 51_000, 0), NDT_CONGESTED);
  assert.is(byAck.onAck(0, 51_001, 0), NDT_CONGESTED | NDT_RESUME | NDT_TIMEOUT);
  const byDequeue = ndt(4, { tMaxPauseNs: 1001 });
  for (let f = 0; f < 3; f++) byDequeue.onAck(f, 50_000, 0);
  byDequeue.onEnqueue(0, 50_000, 0, 1, 1000);
  assert.is(byDequeue.onDequeue(0, 51_000), NDT_PAUSED);
  assert.is(byDequeue.onDequeue(0, 51_001), 1);
});

test("NDT: a paused Controlled queue on the second port reports paused, not empty", () => {
  const t = ndt(4, { ports: 2 });
  const acks = [0, 1, 2].map((f) => t.onAck(f, 50_000, 0));
  assert.equal(acks, [NDT_CONGESTED, NDT_CONGESTED, NDT_CONGESTED | NDT_PAUSE]); // 3/4 > 0.7
  assert.is(t.onEnqueue(0, 50_000, 1, 7, 1000), NDT_CONTROLLED);
  assert.is(t.onDequeue(1, 50_100), NDT_PAUSED);
  assert.is(t.pauses, 1);
});

// §III-D 3: the Controlled queue pauses while Congested/active > α (0.7) and until the ACKs show
// the Congested share at or below α, or T_maxpause (500 µs) passes. A pause, or the disarm a
// timeout leaves, belongs to the flows of its episode: once they have all closed, new flows must
// start as on a fresh table, where one lone Congested flow (1/1 > 0.7) pauses at once.
test("NDT: a disarm left by flows that have all closed does not keep a new congested flow from pausing", () => {
  const t = new ReflexNdt({ handleCapacity: 16 }, 2);
  t.open(1);
  assert.is(t.onAck(1, 50_000, 0), NDT_CONGESTED | NDT_PAUSE);
  assert.is(t.onAck(1, 550_000, 0), NDT_CONGESTED | NDT_RESUME | NDT_TIMEOUT, "T_maxpause: the rule disarms");
  assert.is(t.close(1), 0);
  t.open(0);
  assert.is(t.onAck(0, 10_000_000, 0), NDT_CONGESTED | NDT_PAUSE, "as on a fresh table");
});

test("NDT: a pause whose flows have all closed ends with them; a new flow's pause runs its own T_maxpause", () => {
  const t = new ReflexNdt({ handleCapacity: 16 }, 2);
  t.open(1);
  assert.is(t.onAck(1, 50_000, 0), NDT_CONGESTED | NDT_PAUSE);
  assert.is(t.close(1), 0); // nothing of flow 1 queued
  assert.is(t.paused, 0);
  t.open(0);
  assert.is(t.onAck(0, 500_000, 0), NDT_CONGESTED | NDT_PAUSE, "its own pause, from 500 µs");
  assert.is(t.onEnqueue(0, 500_000, 0, 3, 1000), NDT_CONTROLLED);
  // 60 µs on: the old pause (from 50 µs) would have timed out at 550 µs; this one lasts to 1 ms.
  assert.is(t.onDequeue(0, 560_000), NDT_PAUSED);
});

test("NDT: every event that brings the Congested share to α or below re-arms the pause rule (review, 2026-12-02)", () => {
  // README Reflex: a pause ended by T_maxpause does not restart before the Congested share has
  // once been at or below α (one ended by resolution may restart at once). It re-armed only on an
  // ACK outside a pause or a close; the vectors ndt-pause-rearms-at-its-end and
  // ndt-pause-after-resolution-with-flows-draining cover the pause's end and a flow still
  // draining. Here an open after a timeout: α 0.5, T_maxpause 500 µs (Table I).
  const d = new ReflexNdt({ ports: 1, handleCapacity: 16, alpha: 0.5 }, 2);
  d.open(0);
  assert.is(d.onAck(0, 20_000, 0), NDT_CONGESTED | NDT_PAUSE); // 1 of 1 > 0.5
  assert.is(d.onAck(0, 520_000, 500_000), NDT_CONGESTED | NDT_RESUME | NDT_TIMEOUT); // still 1 of 1: disarmed
  assert.is(d.onAck(0, 530_000, 510_000), NDT_CONGESTED); // no restart at once after a timeout
  d.open(1); // mapped 1 of 2 ≤ 0.5: re-armed
  assert.is(d.onAck(1, 540_000, 520_000), NDT_CONGESTED | NDT_PAUSE); // 2 of 2 > 0.5
  // A lone flow whose pause ended by resolution is paused at its next congestion, and the one after.
  const e = new ReflexNdt({ ports: 1, handleCapacity: 16 }, 1);
  e.open(0);
  for (let i = 0; i < 3; i++) {
    const t = 20_000 + i * 100_000;
    assert.is(e.onAck(0, t, t - 20_000), NDT_CONGESTED | NDT_PAUSE);
    assert.is(e.onAck(0, t + 1000, t), NDT_RESUME);
  }
  assert.is(e.pauses, 3);
});

test("NDT: evict on the second port flushes its Normal queue, then its Controlled queue (paused or not), then reports empty", () => {
  // evict: the head of the port's Normal queue, else of its Controlled one; NDT_EMPTY when both
  // are empty. Every earlier evict ran on port 0, where `port >>> 0` and `port >>> 1` agree and
  // the Controlled queue's index nPorts + port equals nPorts − port.
  const t = ndt(4, { ports: 2 });
  for (let f = 0; f < 3; f++) t.onAck(f, 50_000, 0); // 3/4 > 0.7: flows 0–2 Congested, paused
  assert.is(t.paused, 1);
  assert.is(t.onEnqueue(3, 50_000, 1, 5, 700), NDT_NORMAL);
  assert.is(t.onEnqueue(0, 50_000, 1, 6, 900), NDT_CONTROLLED);
  assert.is(t.evict(1, 50_100), 5);
  assert.equal([t.out[0], t.out[1], t.out[2], t.out[3]], [3, 0, 700, 50_100]);
  assert.is(t.evict(1, 50_200), 6); // the paused Controlled queue is flushed too
  assert.equal([t.out[0], t.out[1], t.out[2], t.out[3]], [0, 1, 900, 50_200]);
  assert.is(t.controlledPackets[1], 0);
  assert.is(t.evict(1, 50_300), NDT_EMPTY);
});

test("NDT WRR: a pause that begins at the Controlled queue's turn sends the Normal queue's packets, not the paused ones", () => {
  // §III-D 3: paused, the Controlled queue is not eligible (its count c is 0 to the WRR pick),
  // however far the WRR count has gone. N_throttle 8: eight Normal packets bring the count to
  // its turn, then a third Congested flow of four (3/4 > α 0.7) starts the pause.
  const t = ndt(4);
  t.onAck(1, 50_000, 0);
  t.onAck(2, 50_000, 0); // 2/4 ≤ 0.7: Congested, no pause
  for (let i = 0; i < 10; i++) assert.is(t.onEnqueue(3, 50_000, 0, i, 1000), NDT_NORMAL);
  assert.is(t.onEnqueue(1, 50_000, 0, 100, 1000), NDT_CONTROLLED);
  for (let i = 0; i < 8; i++) assert.is(t.onDequeue(0, 50_100), i);
  assert.is(t.onAck(0, 50_200, 0), NDT_CONGESTED | NDT_PAUSE);
  assert.is(t.onDequeue(0, 50_300), 8);
  assert.is(t.onDequeue(0, 50_300), 9);
  assert.is(t.onDequeue(0, 50_300), NDT_PAUSED);
  assert.is(t.controlledPackets[0], 1);
});

test.run();
