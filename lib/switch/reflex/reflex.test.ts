import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import {
  NDT_CONGESTED,
  NDT_CONTROLLED,
  NDT_DROPPED,
  NDT_EMPTY,
  NDT_NORMAL,
  NDT_PAUSE,
  NDT_PAUSED,
  NDT_RESUME,
  NDT_TIMEOUT,
  ReflexNdt,
} from "./ndt";
import {
  NSF_ACTIVE,
  NSF_COOLING,
  NSF_ENTER_ACTIVE,
  NSF_ENTER_COOLING,
  NSF_ENTER_SILENT,
  NSF_PSEUDO_ACK,
  NSF_SILENT,
  ReflexNsf,
} from "./nsf";
import { resolveReflexParams } from "./params";

test("Table I defaults, with the pseudo-ACK interval per profile", () => {
  const t = resolveReflexParams();
  assert.equal(
    [t.tSrcThreshNs, t.tDstThreshNs, t.tIntervalNs, t.nCool, t.alpha, t.nThrottle, t.tMaxPauseNs],
    [5000, 10_000, 5000, 5, 0.7, 8, 500_000],
  );
  assert.is(resolveReflexParams({ profile: "swift" }).tIntervalNs, 3000);
  assert.throws(() => resolveReflexParams({ profile: "dcqcn" } as never), RangeError);
  assert.throws(() => resolveReflexParams({ alpha: 0.1234567 }), RangeError);
  assert.throws(() => resolveReflexParams({ nThrottle: 0 }), RangeError);
});

// ---------------------------------------------------------------------------------------------
// NSF

test("NSF: Silent → Active on T_src > 5 µs with a pseudo-ACK at once, then one per 5 µs", () => {
  const n = new ReflexNsf({}, 2);
  n.open(0);
  assert.is(n.onData(0, 10_000, 6000), 0); // T_src = 4000 ≤ 5000: Silent, nothing
  assert.is(n.out[1], 4000);
  assert.is(n.onData(0, 20_000, 14_999), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK); // 5001 > 5000
  assert.is(n.out[0], 14_999); // the pseudo-ACK reflects the packet's timestamp
  assert.is(n.state(0), NSF_ACTIVE);
  assert.is(n.onData(0, 24_999, 10_000), 0); // 4999 ns since the last pseudo-ACK
  assert.is(n.onData(0, 25_000, 10_000), NSF_PSEUDO_ACK); // 5000 ns: due
  assert.is(n.pseudoAcks(0), 2);
  assert.is(n.state(1), NSF_SILENT); // never opened: reads as Silent
});

test("NSF: Active → Cooling for N_cool packets (still reflecting), then Silent; congestion in Cooling returns to Active", () => {
  const n = new ReflexNsf({ profile: "swift" }, 1); // 3 µs interval
  n.open(0);
  assert.is(n.onData(0, 100_000, 90_000), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK);
  // T_src ≤ 5 µs: Cooling with N_cool = 5; a pseudo-ACK is due (3000 ns later).
  assert.is(n.onData(0, 103_000, 102_000), NSF_ENTER_COOLING | NSF_PSEUDO_ACK);
  assert.is(n.state(0), NSF_COOLING);
  assert.is(n.coolingLeft(0), 5);
  assert.is(n.onData(0, 104_000, 103_000), 0); // 5 → 4, not due
  assert.is(n.onData(0, 106_000, 105_000), NSF_PSEUDO_ACK); // 4 → 3, due (3000 since 103,000)
  assert.is(n.onData(0, 107_000, 106_000), 0); // 3 → 2
  assert.is(n.onData(0, 108_000, 107_000), 0); // 2 → 1
  assert.is(n.onData(0, 110_000, 109_000), NSF_ENTER_SILENT); // 1 → 0: Silent, nothing sent
  assert.is(n.state(0), NSF_SILENT);
  assert.is(n.pseudoAcks(0), 3);
  // Congestion during Cooling: back to Active, the interval clock kept.
  assert.is(n.onData(0, 200_000, 190_000), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK);
  assert.is(n.onData(0, 201_000, 200_000), NSF_ENTER_COOLING);
  assert.is(n.onData(0, 202_000, 195_000), NSF_ENTER_ACTIVE); // 7000 > 5000; 2000 ns since the last: not due
  assert.is(n.state(0), NSF_ACTIVE);
  assert.is(n.onData(0, 203_000, 195_000), NSF_PSEUDO_ACK);
});

test("NSF: N_cool = 0 goes from Active straight to Silent; ticks wrap", () => {
  const n = new ReflexNsf({ nCool: 0 }, 1);
  n.open(0);
  const t = 0x7fffff00;
  assert.is(n.onData(0, (t + 6000) | 0, t), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK);
  assert.is(n.out[1], 6000);
  assert.is(n.onData(0, (t + 7000) | 0, (t + 6500) | 0), NSF_ENTER_SILENT);
});

test("NSF bad input", () => {
  const n = new ReflexNsf({}, 2);
  n.open(0);
  n.onData(0, 20_000, 0);
  const before = JSON.stringify(n.inspect(0));
  assert.is(n.onData(0, NaN, 0), E_ARG);
  assert.is(n.onData(0, 0, Infinity), E_ARG);
  assert.is(n.onData(1, 0, 0), E_SLOT);
  assert.is(n.onData(2, 0, 0), E_SLOT);
  assert.is(n.errors, 4);
  assert.is(JSON.stringify(n.inspect(0)), before);
});

// ---------------------------------------------------------------------------------------------
// NDT

function ndt(flows: number, extra: Record<string, unknown> = {}): ReflexNdt {
  const t = new ReflexNdt({ handleCapacity: 1024, ...extra }, flows);
  for (let f = 0; f < flows; f++) t.open(f);
  return t;
}

test("NDT: RTT_dst against 10 µs on every ACK decides the queue", () => {
  const t = ndt(2);
  assert.is(t.onAck(0, 50_000, 40_000), 0); // 10,000 ≤ 10,000: Normal
  assert.is(t.onEnqueue(0, 50_000, 0, 1, 1000), NDT_NORMAL);
  assert.is(t.onAck(0, 60_000, 49_999), NDT_CONGESTED); // 10,001
  assert.ok(t.congested(0));
  assert.is(t.rttDstNs(0), 10_001);
  assert.is(t.onDequeue(0, 60_000), 1); // its Normal packet gone, nothing of it to overtake
  assert.is(t.onEnqueue(0, 60_000, 0, 2, 1000), NDT_CONTROLLED);
  assert.is(t.controlledFlows, 1);
  assert.is(t.activeFlows, 2);
});

test("NDT: a recovered flow stays in the Controlled queue while it has packets there (no reordering)", () => {
  const t = ndt(4); // 1 controlled flow of 4: below α, no pause
  t.onAck(0, 100_000, 0); // Congested
  assert.is(t.onEnqueue(0, 0, 0, 1, 1000), NDT_CONTROLLED);
  assert.is(t.onEnqueue(0, 0, 0, 2, 1000), NDT_CONTROLLED);
  assert.is(t.onAck(0, 100_000, 95_000), 0); // recovered
  assert.is(t.onEnqueue(0, 0, 0, 3, 1000), NDT_CONTROLLED); // 2 older packets still there
  assert.ok(t.controlledFlow(0));
  const order = [];
  for (let h = t.onDequeue(0, 0); h >= 0; h = t.onDequeue(0, 0)) order.push(h);
  assert.equal(order, [1, 2, 3]);
  assert.not.ok(t.controlledFlow(0)); // its last Controlled packet left
  assert.is(t.controlledFlows, 0);
  assert.is(t.onEnqueue(0, 0, 0, 4, 1000), NDT_NORMAL);
});

test("NDT: a flow turned Congested enters the Controlled queue at once; its older packets in that port's Normal queue leave first", () => {
  // §III-D: "the flow is marked as Congested … and subsequent packets are allocated to the
  // Controlled Queue". Flow 1's 10 packets, then flow 0's 1 and 2, wait in port 0's Normal queue
  // when flow 0 turns Congested; its packet 3 goes to the Controlled queue. WRR 8 : 1 gives the
  // Controlled queue the 9th turn, when packets 1 and 2 still wait: they go first (the Normal
  // queue's 9th, 10th, 11th and 12th), and packet 3 at the next turn after them.
  const t = ndt(4); // 1 controlled flow of 4: below α, no pause
  for (let i = 0; i < 10; i++) assert.is(t.onEnqueue(1, 0, 0, 100 + i, 1000), NDT_NORMAL);
  assert.is(t.onEnqueue(0, 0, 0, 1, 1000), NDT_NORMAL);
  assert.is(t.onEnqueue(0, 0, 0, 2, 1000), NDT_NORMAL);
  assert.is(t.onAck(0, 100_000, 0), NDT_CONGESTED);
  assert.is(t.onEnqueue(0, 0, 0, 3, 1000), NDT_CONTROLLED);
  assert.equal([t.flowNormalPackets(0), t.flowControlledPackets(0)], [2, 1]);
  assert.ok(t.controlledFlow(0));
  const order = [];
  for (let h = t.onDequeue(0, 0); h >= 0; h = t.onDequeue(0, 0)) order.push(h);
  assert.equal(order, [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 1, 2, 3]);
  assert.is(t.flowNormalPackets(0), 0);
  assert.is(t.onEnqueue(0, 0, 0, 4, 1000), NDT_CONTROLLED);
  assert.is(t.close(0), E_STATE); // a packet of it still queued
  assert.is(t.onEnqueue(1, 0, 0, 5, 1000), NDT_NORMAL);
  assert.is(t.close(1), E_STATE); // likewise in the Normal queue
  assert.throws(() => t.open(1), RangeError);
});

test("NDT: a Congested flow that keeps a packet in the Normal queue is throttled all the same (review 2026-12-07)", () => {
  // Until 2026-12-07 a Congested flow entered the Controlled queue only once the Normal queues
  // held none of its packets, so a flow sending as fast as its packets left never did: each of
  // 1,000 packets sent while older ones waited went through the Normal queue, and a pause
  // (α 0 below) held none of them.
  const t = ndt(4); // 1 Congested flow of 4: no pause
  assert.is(t.onEnqueue(0, 0, 0, 1, 1000), NDT_NORMAL);
  assert.is(t.onEnqueue(0, 0, 0, 2, 1000), NDT_NORMAL);
  assert.is(t.onAck(0, 100_000, 0), NDT_CONGESTED);
  let controlled = 0;
  const order = [];
  for (let i = 0; i < 1000; i++) {
    if (t.onEnqueue(0, 0, 0, 3 + i, 1000) === NDT_CONTROLLED) controlled++;
    order.push(t.onDequeue(0, 0));
  }
  assert.is(controlled, 1000);
  assert.equal(order, Array.from({ length: 1000 }, (_, i) => 1 + i)); // in order: 1 and 2 first
  const paused = ndt(1, { alpha: 0 }); // α 0: the one Congested flow pauses the Controlled queue
  paused.onEnqueue(0, 0, 0, 1, 1000);
  paused.onEnqueue(0, 0, 0, 2, 1000);
  assert.is(paused.onAck(0, 100_000, 0), NDT_CONGESTED | NDT_PAUSE);
  for (let i = 0; i < 10; i++) assert.is(paused.onEnqueue(0, 100_000, 0, 3 + i, 1000), NDT_CONTROLLED);
  assert.equal([paused.onDequeue(0, 100_000), paused.onDequeue(0, 100_000), paused.onDequeue(0, 100_000)], [1, 2, NDT_PAUSED]);
});

test("NDT: a Congested flow with Normal packets at another port, or at two, stays in the Normal queue until they have left", () => {
  const t = ndt(4, { ports: 2 });
  assert.is(t.onEnqueue(0, 0, 0, 1, 1000), NDT_NORMAL);
  assert.is(t.onAck(0, 100_000, 0), NDT_CONGESTED);
  // Port 1's Controlled queue would not wait for packet 1 at port 0: the Normal queue it is.
  assert.is(t.onEnqueue(0, 0, 1, 2, 1000), NDT_NORMAL);
  // Now at two ports: port 0's Controlled queue would not wait for packet 2 either.
  assert.is(t.onEnqueue(0, 0, 0, 3, 1000), NDT_NORMAL);
  assert.equal([t.onDequeue(0, 0), t.onDequeue(0, 0)], [1, 3]);
  assert.is(t.onEnqueue(0, 0, 0, 4, 1000), NDT_NORMAL); // packet 2 still waits at port 1
  assert.is(t.onDequeue(1, 0), 2);
  // Packet 4 now waits at port 0 alone, but the flow counts as at several ports until its Normal
  // packets have all left (one port number per flow, not one count per port).
  assert.is(t.onEnqueue(0, 0, 0, 5, 1000), NDT_NORMAL);
  assert.equal([t.onDequeue(0, 0), t.onDequeue(0, 0)], [4, 5]);
  assert.is(t.onEnqueue(0, 0, 1, 6, 1000), NDT_CONTROLLED);
  assert.is(t.onEnqueue(0, 0, 0, 7, 1000), NDT_CONTROLLED); // it has Controlled packets: any port
  assert.equal([t.onDequeue(1, 0), t.onDequeue(0, 0)], [6, 7]);
});

test("NDT: WRR 8 : 1 while both queues are backlogged; the Controlled queue takes the link alone", () => {
  const t = ndt(2);
  t.onAck(1, 100_000, 0); // flow 1 Congested
  for (let i = 0; i < 20; i++) t.onEnqueue(0, 0, 0, i, 1000);
  for (let i = 0; i < 5; i++) t.onEnqueue(1, 0, 0, 100 + i, 1000);
  const pattern = [];
  for (let h = t.onDequeue(0, 0); h >= 0; h = t.onDequeue(0, 0)) pattern.push(h >= 100 ? "c" : "n");
  assert.is(pattern.join(""), "nnnnnnnnc" + "nnnnnnnnc" + "nnnn" + "ccc");
  assert.is(t.out[3], 0); // out.timestampNs: the egress time written into the packet
  assert.is(t.onDequeue(0, 0), NDT_EMPTY);
});

test("NDT WRR: after the Controlled queue sent alone, Normal gets its N_throttle first", () => {
  // Found in review (F2): the turn count reset only when the Controlled queue was served while both
  // were backlogged, so after it had the link alone it still held the count of 8 and went ahead
  // of the Normal queue again: nnnnnnnncccc|cnnnnnnnn.
  const t = ndt(2);
  t.onAck(1, 100_000, 0); // flow 1 Congested
  const pattern = [];
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 8; i++) t.onEnqueue(0, 0, 0, 16 * round + i, 1000);
    for (let i = 0; i < 4; i++) t.onEnqueue(1, 0, 0, 100 + 16 * round + i, 1000);
    for (let h = t.onDequeue(0, 0); h >= 0; h = t.onDequeue(0, 0)) {
      pattern.push(h >= 100 ? "c" : "n");
    }
    pattern.push("|");
  }
  assert.is(pattern.join(""), "nnnnnnnncccc|nnnnnnnncccc|");
});

test("NDT: pause when controlled flows exceed α of the active ones, resume when an ACK shows it back", () => {
  const t = ndt(10);
  // 7 of 10 congested: 7/10 = 0.7 is not above α = 0.7.
  for (let f = 0; f < 7; f++) assert.is(t.onAck(f, 20_000, 0), NDT_CONGESTED);
  assert.is(t.paused, 0);
  assert.is(t.onAck(7, 30_000, 0), NDT_CONGESTED | NDT_PAUSE); // 8/10 > 0.7
  assert.is(t.paused, 1);
  t.onEnqueue(0, 30_000, 0, 1, 1000); // Controlled
  assert.is(t.onDequeue(0, 30_000), NDT_PAUSED);
  assert.is(t.out[4], 530_000); // the pause can last until 30,000 + 500,000
  t.onEnqueue(9, 30_000, 0, 2, 1000); // Normal flows still go
  assert.is(t.onDequeue(0, 30_001), 2);
  assert.is(t.onAck(7, 40_000, 35_000), NDT_RESUME); // flow 7 recovers: 7/10, not above α
  assert.is(t.paused, 0);
  assert.is(t.onDequeue(0, 40_000), 1);
  assert.is(t.pauses, 1);
});

test("NDT: a pause ends after T_maxpause and does not restart until the share has once been at or below α", () => {
  const t = ndt(4, { tMaxPauseNs: 1000 });
  for (let f = 0; f < 3; f++) t.onAck(f, 50_000, 0); // 3/4 > 0.7
  assert.is(t.paused, 1);
  assert.is(t.onAck(0, 50_999, 0), NDT_CONGESTED); // still paused (999 ns)
  assert.is(t.onAck(0, 51_000, 0), NDT_CONGESTED | NDT_RESUME | NDT_TIMEOUT);
  assert.is(t.paused, 0);
  assert.is(t.onAck(1, 60_000, 0), NDT_CONGESTED); // share still 3/4, not re-armed
  assert.is(t.onAck(2, 61_000, 60_000), 0); // 2/4 ≤ 0.7: re-armed
  assert.is(t.onAck(2, 62_000, 0), NDT_CONGESTED | NDT_PAUSE);
  assert.is(t.pauseTimeouts, 1);
  // The timeout also ends a pause at dequeue time.
  t.onEnqueue(0, 62_000, 0, 5, 1000);
  assert.is(t.onDequeue(0, 62_500), NDT_PAUSED);
  assert.is(t.onDequeue(0, 63_000), 5);
  assert.is(t.paused, 0);
});

test("NDT: ACKs showing every flow recovered end a pause although the recovered flows' packets still wait in the paused queue", () => {
  // Found in review: the ACK exit tested the mapped share, which counts a recovered flow for as
  // long as its packets are in the Controlled queue, and a paused queue cannot drain; so every
  // pause lasted T_maxpause (500 µs) however soon the ACKs showed the congestion gone.
  const t = ndt(4);
  for (let f = 0; f < 3; f++) {
    t.onAck(f, 50_000, 0); // RTT_dst 50 µs: Congested
    assert.is(t.onEnqueue(f, 50_000, 0, f, 1000), NDT_CONTROLLED);
  }
  assert.is(t.paused, 1); // 3/4 > 0.7
  // Flow 0's ACK shows RTT_dst 1 µs: the Congested share is 2/4 ≤ 0.7, 10 µs into the pause.
  assert.is(t.onAck(0, 60_000, 59_000), NDT_RESUME);
  assert.equal([t.paused, t.congestedFlows, t.controlledFlows, t.pauseTimeouts], [0, 2, 3, 0]);
  // Flow 0 still drains through the Controlled queue, so the mapped share stays 3/4, but only 2 of
  // 4 flows are Congested: no new pause.
  assert.is(t.onAck(2, 61_000, 0), NDT_CONGESTED);
  assert.is(t.paused, 0);
  for (let i = 0; i < 3; i++) assert.ok(t.onDequeue(0, 62_000) >= 0);
  assert.is(t.controlledFlows, 2); // flow 0 has drained; flows 1 and 2 are Congested
  assert.is(t.onAck(2, 63_000, 0), NDT_CONGESTED); // 2/4
  assert.is(t.onAck(0, 64_000, 0), NDT_CONGESTED | NDT_PAUSE); // 3/4 again
});

test("NDT: a pause starts on the Congested share, not on recovered flows draining", () => {
  // Found in review (F1a): the pause started on the mapped share (Congested + draining) but
  // ended on the Congested share, so it could start with its end condition already met, and the
  // next ACK of any flow ended it, with nothing resolved.
  const t = ndt(10);
  for (let f = 0; f < 7; f++) assert.is(t.onAck(f, 100_000, 0), NDT_CONGESTED); // 7/10, not > 0.7
  assert.is(t.onEnqueue(6, 100_000, 0, 1, 1000), NDT_CONTROLLED);
  assert.is(t.onAck(6, 101_000, 100_000), 0); // flow 6 recovers, its packet still queued
  // Flow 7 Congested: mapped 8/10 > 0.7, but Congested 7/10: the ACKs show no extreme congestion.
  assert.is(t.onAck(7, 102_000, 0), NDT_CONGESTED);
  assert.equal([t.paused, t.congestedFlows, t.controlledFlows], [0, 7, 8]);
  assert.is(t.onAck(9, 102_010, 102_000), 0); // flow 9 Normal: nothing to report
  assert.is(t.onAck(8, 103_000, 0), NDT_CONGESTED | NDT_PAUSE); // Congested 8/10 > 0.7
  assert.is(t.onAck(9, 103_010, 103_000), 0); // flow 9 stays Normal: still 8/10, still paused
  assert.is(t.paused, 1);
  assert.is(t.onAck(8, 104_000, 103_500), NDT_RESUME); // flow 8 recovers: 7/10
  assert.equal([t.pauses, t.pauseTimeouts], [1, 0]);
});

test("NDT: after a resolved pause the next congestion pauses at once, drains or not", () => {
  // Found in review (F1b): a pause that had ended waited for the mapped share to fall to α or
  // below; a recovered flow still in the Controlled queue kept it above, and the same congestion
  // returning was never paused again.
  const t = ndt(4);
  for (let f = 0; f < 3; f++) {
    t.onAck(f, 50_000, 0);
    t.onEnqueue(f, 50_000, 0, f, 1000);
  }
  assert.is(t.paused, 1); // 3/4 > 0.7
  assert.is(t.onAck(0, 60_000, 59_000), NDT_RESUME); // flow 0 recovers: 2/4
  assert.is(t.onAck(3, 61_000, 0), NDT_CONGESTED | NDT_PAUSE); // flows 1–3 Congested: 3/4
  assert.equal([t.controlledFlows, t.flowControlledPackets(0)], [4, 1]); // flow 0 still drains
  assert.is(t.onDequeue(0, 62_000), NDT_PAUSED);
  assert.is(t.onAck(3, 63_000, 62_500), NDT_RESUME); // flow 3 recovers: 2/4
  assert.equal([t.pauses, t.pauseTimeouts], [2, 0]);
  // After a T_maxpause the rule waits for the Congested share to be at or below α once; an ACK
  // showing that is enough, though the recovered flow still has packets in the Controlled queue.
  assert.is(t.onAck(0, 70_000, 0), NDT_CONGESTED | NDT_PAUSE); // flows 0–2: 3/4
  assert.is(t.onAck(1, 570_000, 0), NDT_CONGESTED | NDT_RESUME | NDT_TIMEOUT);
  assert.is(t.onAck(2, 571_000, 0), NDT_CONGESTED); // still 3/4: no restart after a timeout
  assert.is(t.onAck(0, 572_000, 571_500), 0); // flow 0 recovers: 2/4 ≤ 0.7
  assert.is(t.flowControlledPackets(0), 1); // flow 0's packet has not left
  assert.is(t.onAck(0, 573_000, 0), NDT_CONGESTED | NDT_PAUSE);
  assert.equal([t.pauses, t.pauseTimeouts], [4, 1]);
});

test("NDT: drop-tail per queue, close rules, bad input", () => {
  const t = ndt(2, { queueLimitBytes: 2500, ports: 2 });
  assert.is(t.onEnqueue(0, 0, 1, 1, 1500), NDT_NORMAL);
  assert.is(t.onEnqueue(0, 0, 1, 2, 1500), NDT_DROPPED);
  assert.is(t.normalBytes[1], 1500);
  t.onAck(1, 100_000, 0);
  assert.is(t.onEnqueue(1, 0, 1, 3, 1500), NDT_CONTROLLED);
  assert.is(t.close(1), E_STATE); // a packet still in the Controlled queue
  assert.throws(() => t.open(1), RangeError);
  const before = JSON.stringify([t.inspect(0), t.inspect(1), t.controlledFlows, t.activeFlows]);
  const cases: [() => number, number][] = [
    [() => t.onEnqueue(0, 0, 2, 9, 100), E_ARG], // port out of range
    [() => t.onEnqueue(0, 0, 0, 1, 100), E_STATE], // handle 1 is queued
    [() => t.onEnqueue(0, 0, 0, 9, 0), E_ARG],
    [() => t.onEnqueue(0, 0, 0, 9, 9217), E_ARG], // oversized
    [() => t.onEnqueue(0, 0, 0, 1024, 100), E_ARG], // handle beyond handleCapacity
    [() => t.onEnqueue(5, 0, 0, 9, 100), E_SLOT],
    [() => t.onAck(0, 0, NaN), E_ARG],
    [() => t.onAck(3, 0, 0), E_SLOT],
    [() => t.onDequeue(-1, 0), E_ARG],
    [() => t.onDequeue(0, NaN), E_ARG],
  ];
  let errors = t.errors;
  for (const [call, code] of cases) {
    assert.is(call(), code);
    assert.is(t.errors, ++errors);
  }
  assert.is(JSON.stringify([t.inspect(0), t.inspect(1), t.controlledFlows, t.activeFlows]), before);
  assert.is(t.onDequeue(1, 0), 1);
  assert.is(t.onDequeue(1, 0), 3);
  assert.is(t.close(1), 0);
  assert.is(t.activeFlows, 1);
  assert.is(t.controlledFlows, 0);
});

test("NDT: random ACKs, arrivals and departures keep the flow counts and queues consistent", () => {
  const flows = 16;
  const t = ndt(flows, { ports: 2, handleCapacity: 512, nThrottle: 1 });
  const rng = new Xoshiro128(3);
  const queued = new Int32Array(512).fill(-1);
  // Per handle its flow's arrival number; per flow and port the last that left: a flow's packets
  // leave a port in the order they came (§III-D 2).
  const seq = new Int32Array(512);
  const arrivals = new Int32Array(flows);
  const lastOut = new Int32Array(flows * 2).fill(-1);
  // Per flow and port its packets in the Normal queue; per handle the port it waits at.
  const normalAt = new Int32Array(flows * 2);
  const portOf = new Int32Array(512);
  let both = 0;
  for (let step = 0; step < 30_000; step++) {
    const now = step * 100;
    const k = rng.nextBelow(10);
    const f = rng.nextBelow(flows);
    if (k < 3) {
      t.onAck(f, now, now - rng.nextBelow(20_000));
    } else if (k < 7) {
      const h = rng.nextBelow(512);
      // Mostly the flow's own port, so that a Congested flow often has its Normal packets at one.
      const port = rng.nextBelow(8) === 0 ? (f & 1) ^ 1 : f & 1;
      const v = t.onEnqueue(f, now, port, h, 1 + rng.nextBelow(1500));
      if (queued[h] >= 0) assert.is(v, E_STATE);
      else if (v === NDT_NORMAL || v === NDT_CONTROLLED) {
        queued[h] = f;
        seq[h] = arrivals[f]++;
        portOf[h] = port;
        if (v === NDT_NORMAL) normalAt[f * 2 + port]++;
      }
    } else {
      const port = rng.nextBelow(2);
      const h = t.onDequeue(port, now);
      if (h >= 0) {
        assert.is(queued[h], t.out[0]);
        const k = queued[h] * 2 + port;
        assert.ok(seq[h] > lastOut[k], `flow ${queued[h]}'s packet ${seq[h]} left port ${port} after its packet ${lastOut[k]}`);
        assert.is(portOf[h], port);
        lastOut[k] = seq[h];
        if (t.out[1] === 0) normalAt[k]--;
        queued[h] = -1;
      }
    }
    // Invariants: mapped flows are exactly the congested or draining ones.
    let mapped = 0;
    let ctrl = 0;
    let norm = 0;
    for (let g = 0; g < flows; g++) {
      const m = t.congested(g) || t.flowControlledPackets(g) > 0;
      assert.is(t.controlledFlow(g), m);
      if (m) mapped++;
      ctrl += t.flowControlledPackets(g);
      norm += t.flowNormalPackets(g);
      assert.is(t.flowNormalPackets(g), normalAt[g * 2] + normalAt[g * 2 + 1]);
      // In both queues only with its Normal packets at one port (onEnqueue), where they leave first.
      if (t.flowControlledPackets(g) > 0 && t.flowNormalPackets(g) > 0) {
        both++;
        assert.ok(normalAt[g * 2] === 0 || normalAt[g * 2 + 1] === 0, `flow ${g} in both queues with Normal packets at two ports`);
      }
    }
    assert.is(norm, t.normalPackets[0] + t.normalPackets[1]);
    assert.is(t.controlledFlows, mapped);
    let congested = 0;
    for (let g = 0; g < flows; g++) if (t.congested(g)) congested++;
    assert.is(t.congestedFlows, congested);
    assert.is(ctrl, t.controlledPackets[0] + t.controlledPackets[1]);
  }
  assert.ok(both >= 20, `a flow was in both queues in ${both} steps only`);
});

test("per flow state: NSF 11 B, NDT 19 B (+16 B per queued packet handle)", () => {
  assert.is(ReflexNsf.bytesPerFlow, 11);
  assert.is(ReflexNdt.bytesPerFlow, 19);
  assert.is(ReflexNdt.bytesPerHandle, 16);
});

test("alpha above 1 is refused, even with at most six decimals; 10^-12 is refused by the ppm test's strict bound", () => {
  // README "Sizes and parameters" / api.json: alpha 0 … 1 with at most six decimals. 1.000001 and
  // 1.5 have six decimals or fewer, so only the range refuses them; 2 is the next integer.
  for (const alpha of [1.000001, 1.5, 2]) assert.throws(() => resolveReflexParams({ alpha }), RangeError, `alpha ${alpha}`);
  // The README's rule: accepted when |α · 10^6 − round(α · 10^6)| < 10^-6. α = 10^-12 (twelve
  // decimals): α · 10^6 = 10^-6 exactly in doubles (checked below), round gives 0, and
  // |10^-6 − 0| = 10^-6 is not < 10^-6, so it is refused, as "at most six decimals" says.
  assert.is(1e-12 * 1e6, 1e-6);
  assert.throws(() => resolveReflexParams({ alpha: 1e-12 }), RangeError);
  assert.is(resolveReflexParams({ alpha: 0.000001 }).alpha, 0.000001); // six decimals: accepted
});

test.run();
