import { test } from "uvu";
import * as assert from "uvu/assert";
import { NACK } from "../../lib/lb/feedback";
import { DACK_H0, DACK_H1, DACK_H_INF, DACK_H_MINUS1, DACK_KIND_DACK, DACK_KIND_IACK, DACK_RETRANSMIT, type DackInitiator } from "../../lib/reliability/index";
import { collect, summary } from "../metrics/results";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { ScenarioError } from "../scenario/load";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import { type CcAdapter, type LbTable, Sx, Tx } from "./adapters";
import { DackTransport } from "./dack";
import { Flag, Kind, P, PacketPool } from "./packets";
import { makeTransport } from "./registry";
import { packet } from "./test-support";

// Chong & Krishnan §III–IV in the fabric: 2 KiB PUTs (2048 B of data + 64 B header) at
// 100 Gb/s into a target whose host drains its 81 KiB queue (82,944 B) at a fraction of the
// link rate. §IV-A: one initiator on the other leaf of a two-leaf leaf–spine (hosts 0, 1 on leaf
// 0; 2, 3 on leaf 1), so host 2 → host 0 crosses four 1 µs links each way: 8 µs of propagation
// a round trip (+ 4 × 168.96 ns serialising a 2112 B packet, 4 × 5.12 ns a 64 B ACK) ≈ 8.7 µs,
// §III-B's "approximately 8 µs"; a sender on the receiver's leaf (host 1) would have half of
// it, 4.35 µs. §IV-C: an incast into host 0 of a k = 4 two-tier fat tree, whose k²/2 = 8
// hosts leave seven senders — one short of the paper's 8 → 1, which would need nine hosts.
type Cc = "none" | "aimd";

function put(reliability: "dack" | "opt", cc: Cc, senders: number, bytes: number, rxFraction: number): Scenario {
  return {
    ...DEFAULT_SCENARIO,
    name: `put ${reliability}`,
    topology: senders === 1 ? { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 1000 } : { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
    network: { mtuBytes: 2112, headerBytes: 64, trimming: false },
    transport: { cc: { name: cc }, lb: { name: "ecmp" }, reliability: { name: reliability } },
    traffic: [
      senders === 1
        ? { kind: "put", senderList: [2], receiver: 0, bytes, rxFraction, rxBufferBytes: 82944 }
        : { kind: "put", senders, receiver: 0, bytes, rxFraction, rxBufferBytes: 82944 },
    ],
  };
}

test("§IV-A: with the policy one initiator settles to the 50 % drain with no drop; OPT and TCP-like keep dropping and retransmitting", () => {
  const dack = runScenario(put("dack", "none", 1, 8_000_000, 0.5));
  const opt = runScenario(put("opt", "none", 1, 8_000_000, 0.5));
  const tcp = runScenario(put("opt", "aimd", 1, 8_000_000, 0.5));
  for (const r of [dack, opt, tcp]) {
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    assert.is(r.completed, 1);
  }
  assert.equal([dack.totals.rxDrops, dack.totals.retransmissions, dack.totals.nacks, dack.totals.timeouts], [0, 0, 0, 0]);
  // The host takes 2112 wire bytes per 2 × 168.96 ns: 50 Gb/s of wire, 48.48 Gb/s of payload.
  // Goodput counts bytes as the target accepts them, so the 82,944 B the queue may still hold
  // at the end (1.04 % of 8 MB) can lift it to 48.48 × 1.0104 = 48.98 at most.
  const g = dack.flows[0].goodputGbps as number;
  assert.ok(g > 46 && g <= 48.98, `DACK goodput ${g} Gb/s`);
  for (const [name, r] of [["OPT", opt], ["TCP-like", tcp]] as const) {
    assert.ok(r.totals.rxDrops > 50, `${name}: ${r.totals.rxDrops} drops at the target`);
    assert.ok(r.totals.retransmissions >= r.totals.rxDrops && r.totals.nacks > 0, `${name}: retransmits what was dropped`);
  }
  // The targets' counts add up: every drop has its reason, every NACK reached its initiator (the
  // reverse path carries only ACKs here).
  for (const r of [dack, opt, tcp]) {
    const x = r.dack as NonNullable<typeof r.dack>;
    assert.is(x.dropsFull + x.dropsOutOfOrder + x.duplicates, r.totals.rxDrops);
    assert.is(x.nacks, r.totals.nacks);
    assert.is(x.staleAcks, 0, "one path: no ACK is overtaken");
  }
  // TCP-like halves on each NACK, so it drops less than OPT's fixed threshold.
  assert.ok(tcp.totals.rxDrops < opt.totals.rxDrops);
});

test("§IV-C: a 7 → 1 incast (the paper's 8 → 1 less one: a k = 4 fat tree has 8 hosts) drains at 70 % with a small fraction of OPT's drops at the target and no timeout", () => {
  const dack = runScenario(put("dack", "none", 7, 2_000_000, 0.7));
  const opt = runScenario(put("opt", "none", 7, 2_000_000, 0.7));
  assert.ok(dack.integrity.ok && opt.integrity.ok);
  assert.equal([dack.completed, opt.completed], [7, 7]);
  assert.is(dack.totals.timeouts, 0);
  assert.ok(dack.totals.rxDrops * 10 < opt.totals.rxDrops, `target drops: DACK ${dack.totals.rxDrops}, OPT ${opt.totals.rxDrops}`);
  assert.ok(dack.dack !== undefined && dack.dack.dacks > 0 && dack.dack.iacks > 0, "the congested target sends DACKs");
  assert.is(opt.dack?.dacks, 0, "the §II-A baseline target never sends a DACK (§II-C: NACKs, no duplicate ACKs)");
});

test("§I: a host that turns slow for a while (fault slow at 30 %): the policy throttles its initiators after the first round trip, OPT keeps overrunning it", () => {
  // Unlimited processing until 200 µs, 30 % of the link until 1 ms, unlimited again.
  const run = (reliability: "dack" | "opt") => {
    const s: Scenario = { ...put(reliability, "none", 3, 3_000_000, 1), faults: [{ kind: "slow", hosts: [0], rxFraction: 0.3, atUs: 200, untilUs: 1000 }], run: { faultBaseline: false } };
    s.traffic = [{ kind: "incast", senders: 3, receiver: 0, bytes: 3_000_000 }];
    s.network = { ...s.network, rxBufferBytes: 82944 };
    return runScenario(s);
  };
  const dack = run("dack");
  const opt = run("opt");
  for (const r of [dack, opt]) {
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    assert.is(r.completed, 3);
  }
  // What the unthrottled initiators have in flight when the host slows down is lost once; after
  // that the DACKs hold them at the drain rate.
  assert.ok(dack.totals.rxDrops * 5 < opt.totals.rxDrops, `target drops: DACK ${dack.totals.rxDrops}, OPT ${opt.totals.rxDrops}`);
  assert.is(dack.totals.timeouts, 0);
  assert.ok(dack.dack !== undefined && dack.dack.dacks > 100, `${dack.dack?.dacks} DACKs while slow`);
  // 9 MB of payload: 200 µs at line rate (≤ 2.5 MB), 800 µs at 30 % (≤ 3 MB), the rest after 1 ms.
  assert.ok((dack.fct.maxUs as number) > 1000, `${dack.fct.maxUs}`);
});

/** Sprayed paths into in-order targets: REPS under NSCC on a k = 4 three-tier fat tree, a permutation and a 6 → 1 incast. */
const SPRAYED: Scenario = {
  ...DEFAULT_SCENARIO,
  topology: { kind: "fattree", tiers: 3, k: 4, linkGbps: 100, latencyNs: 1000 },
  transport: { cc: { name: "nscc" }, lb: { name: "reps" }, reliability: { name: "dack" } },
  traffic: [{ kind: "permutation", bytes: 1_000_000 }, { kind: "incast", senders: 6, receiver: 3, bytes: 500_000 }],
};

test("sprayed paths (REPS under NSCC, trimming on): ACKs overtaken on the way are dropped as stale, the initiators see no bad call, every byte arrives once", () => {
  const r = runScenario({
    ...SPRAYED,
    name: "dack sprayed",
  });
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, r.flowsTotal);
  assert.is(r.totals.moduleErrors, 0);
  const x = r.dack as NonNullable<typeof r.dack>;
  assert.ok(x.staleAcks > 0, "reordered ACKs were met");
  assert.ok(x.dropsOutOfOrder > 0, "sprayed data arrives out of order at the in-order target");
});

test("duplicates at targets that are never congested throttle nobody: they are answered by IACK repeats, not DACKs (§II-D, §II-E)", () => {
  // The sprayed scenario: hosts process at once (rxGbps 0), so a target holds at most the packet
  // being answered and is never congested (≤ 4150 B < 9216 B). Reordering and resends still bring
  // duplicates; §II-D: "Under normal host-congestion-free conditions … no DACKs are generated",
  // and §II-E: any DACK throttles to H(−1). Before, each duplicate got a DACK (327 in this run),
  // throttling its initiator out of H∞.
  const b = build({
    ...SPRAYED,
    name: "dack duplicates",
  });
  const tr = (b.fabric as unknown as { transport: DackTransport }).transport;
  let congested = 0;
  const arrive = tr.arrive.bind(tr);
  tr.arrive = (slot, nowNs, pool, h) => {
    const r = arrive(slot, nowNs, pool, h);
    for (const t of tr.targets) if (t !== null && t.congested()) congested++;
    return r;
  };
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok && r.completed === r.flowsTotal);
  const x = r.dack as NonNullable<typeof r.dack>;
  assert.is(congested, 0, "no target is ever congested");
  assert.ok(x.duplicates > 0, "duplicates arrive");
  assert.is(x.dacks, 0);
  assert.ok(x.repeats >= x.duplicates, `${x.repeats} repeats for ${x.duplicates} duplicates (and trimmed resends of accepted packets)`);
});

test("a stale ACK gives the CC nothing: each flow's bytes acknowledged, lost and restored add up to the bytes it sent", () => {
  // Before, an overtaken ACK reached the CC with the previous ACK's newBytes, so NSCC heard
  // 1.9 % more bytes acknowledged than were ever sent.
  const b = build({
    ...SPRAYED,
    name: "dack stale",
  });
  const ccOf = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf;
  const sent = new Float64Array(b.flows.length);
  const back = new Float64Array(b.flows.length);
  for (const cc of new Set(ccOf)) {
    const { onSend, onAck, onTrim, onTimeout, restore } = cc;
    cc.onSend = (f, t, bytes) => ((sent[f] += bytes), onSend.call(cc, f, t, bytes));
    cc.onAck = (f, t, bytes, ...rest) => ((back[f] += bytes), onAck.call(cc, f, t, bytes, ...rest));
    cc.onTrim = (f, t, bytes, ...rest) => ((back[f] += bytes), onTrim.call(cc, f, t, bytes, ...rest));
    cc.onTimeout = (f, t, bytes, lost) => ((back[f] += bytes), onTimeout.call(cc, f, t, bytes, lost));
    cc.restore = (f, t, bytes) => ((back[f] -= bytes), restore.call(cc, f, t, bytes));
  }
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok && r.completed === r.flowsTotal);
  assert.ok((r.dack as NonNullable<typeof r.dack>).staleAcks > 0);
  assert.equal(Array.from(back), Array.from(sent));
});

test("a resend a pacer holds past the RTO spends no further timeouts: each one counted has its resend (soak seed 2,517,614)", () => {
  // Swift held at 0.01 packet paces one packet every 100 smoothed RTTs (over 1 ms), far beyond
  // the 100.656 µs RTO; 30 % of the data is lost at the sender's link. Before, every expiry while
  // the pacer held the resend went back again and cut the CC again: 58, 70 and 84 timeouts for 6,
  // 5 and 6 retransmissions.
  for (const seed of [1, 2, 3]) {
    const r = runScenario({
      ...DEFAULT_SCENARIO,
      name: "paced dack",
      seed,
      network: { ...DEFAULT_SCENARIO.network, trimming: false },
      transport: { cc: { name: "swift", params: { maxCwndPkts: 0.01, initCwndPkts: 0.01 } }, lb: { name: "ecmp" }, reliability: { name: "dack" } },
      traffic: [{ kind: "flows", flows: [{ src: 0, dst: 5, bytes: 16 * 4096 }] }],
      faults: [{ kind: "loss", links: [{ host: 0 }], probability: 0.3, packets: ["data"] }],
      run: { endUs: 200_000 },
    });
    assert.is(r.completed, 1, `seed ${seed}`);
    assert.ok(r.totals.timeouts >= 1 && r.totals.timeouts <= r.totals.retransmissions, `seed ${seed}: ${r.totals.timeouts} timeouts, ${r.totals.retransmissions} retransmissions`);
  }
});

// -----------------------------------------------------------------------------------------
// The transport alone, with packets made by hand.

const MSS = 2048;
const HEADER = 64;

/** `flows` open flows from host 0 to host 1, whose target queue holds `bufferBytes`. */
function transport(flows: number, rtoNs = 100_000, bufferBytes = 82944, poolPackets = 64): { tr: DackTransport; pool: PacketPool } {
  const dst = new Int32Array(flows).fill(1);
  const tr = new DackTransport({ policy: "dack", mssBytes: MSS, headerBytes: HEADER, rtoNs }, { dst, hosts: 2, bufferBytes: new Float64Array([bufferBytes, bufferBytes]) }, 64);
  for (let f = 0; f < flows; f++) tr.open(f);
  return { tr, pool: new PacketPool(poolPackets) };
}

function ack(pool: PacketPool, f: number, kind: number, seq: number, sentNs = 0): number {
  return packet(pool, kind === -1 ? Kind.Nack : Kind.Ack, f, 64, { w0: kind, psn: seq, sentNs });
}

function sendAll(tr: DackTransport, f: number, n: number, nowNs: number): number[] {
  const seqs: number[] = [];
  for (let i = 0; i < n && tr.nextBytes(f) > 0; i++) {
    assert.ok((tr.nextPacket(f, nowNs) & (Tx.New | Tx.Retransmit)) !== 0);
    seqs.push(tr.psn);
  }
  return seqs;
}

test("a stream of full packets and a short last one, numbered from 0; Last on the last", () => {
  const { tr } = transport(1);
  tr.post(0, 3 * MSS + 100);
  assert.is(tr.nextBytes(0), MSS + HEADER);
  const flags: number[] = [];
  const sizes: number[] = [];
  while (tr.nextBytes(0) > 0) {
    flags.push(tr.nextPacket(0, 1000));
    sizes.push(tr.bytes);
  }
  assert.equal(sizes, [2112, 2112, 2112, 164]);
  assert.equal(flags, [Tx.New, Tx.New, Tx.New, Tx.New | Tx.Last]);
  assert.ok(tr.timerArmed(0));
  assert.is(tr.deadlineNs(0), 1000 + 100_000);
});

test("ACKs overtaken on the way are dropped as stale, never reaching the initiator; a DACK ahead of its IACK carries it", () => {
  const { tr, pool } = transport(1);
  tr.post(0, 10 * MSS);
  sendAll(tr, 0, 10, 0);
  assert.ok(tr.onAck(0, 5000, pool, ack(pool, 0, DACK_KIND_IACK, 4, 1000)) > 0);
  assert.is(tr.newBytes, 5 * 2112, "five packets leave the CC's flight");
  assert.is(tr.rttNs, 4000);
  // An older IACK, and an IACK repeating the number, arrive late: marked stale, acknowledging
  // nothing (before, they returned 0 and left the five packets' bytes for the CC to hear again).
  for (const seq of [2, 4]) {
    assert.is(tr.onAck(0, 5100, pool, ack(pool, 0, DACK_KIND_IACK, seq, 1000)), Sx.Stale);
    assert.equal([tr.newBytes, tr.restoredBytes, tr.completed, tr.rttNs], [0, 0, 0, 0], `stale IACK ${seq}`);
  }
  assert.is(tr.staleAcks, 2);
  // A DACK of 6 before the IACK of 6: both apply; the initiator leaves H∞.
  tr.onAck(0, 5200, pool, ack(pool, 0, DACK_KIND_DACK, 6));
  assert.is(tr.tx.ackedSeq(0), 6);
  assert.is((tr.tx as DackInitiator).haltState(0), DACK_H_MINUS1);
  assert.is(tr.errors(), 0);
});

test("a NACK goes back past the last accepted number and releases everything held, what it accepted as acknowledged; the timer runs from the resend", () => {
  const { tr, pool } = transport(1);
  tr.post(0, 10 * MSS);
  sendAll(tr, 0, 10, 0);
  assert.is(tr.onNack(0, 2000, pool, ack(pool, 0, -1, 3)), 1);
  // §II-A: a NACK of 3 says 0–3 were accepted and 4–9 dropped.
  assert.is(tr.newBytes, 4 * 2112, "the CC hears 0–3 acknowledged");
  assert.is(tr.bytes, 6 * 2112, "and 4–9 lost");
  assert.is(tr.nextPsn(0), 4);
  // Nothing sent since the go-back is outstanding (RFC 6298 §5.2): the timer is off until the
  // resend, which starts it (§5.1).
  assert.ok(!tr.timerArmed(0));
  assert.is(tr.nextPacket(0, 2100) & Tx.Retransmit, Tx.Retransmit);
  assert.is(tr.retransmissions(0), 1);
  assert.ok(tr.timerArmed(0) && tr.deadlineNs(0) === 2100 + 100_000);
  // A NACK for a number already acknowledged past is stale, and counted so.
  tr.onAck(0, 2200, pool, ack(pool, 0, DACK_KIND_IACK, 5));
  assert.is(tr.staleAcks, 0);
  assert.is(tr.onNack(0, 2300, pool, ack(pool, 0, -1, 3)), 0);
  assert.is(tr.staleAcks, 1);
  assert.is(tr.errors(), 0);
});

test("errors() counts the initiators' and every target's refused calls", () => {
  const { tr } = transport(1);
  const target = tr.targets[1];
  assert.ok(target !== null && tr.targets[0] === null, "host 1 receives, host 0 does not");
  assert.ok(target.onData(-1, 0, 0, 100) < 0, "slot −1");
  assert.ok(target.onData(-1, 0, 0, 100) < 0, "slot −1 again");
  assert.is(tr.errors(), 2);
});

test("the CC's flight by hand: an IACK releases what it acknowledges, a NACK everything held (what it accepted as acknowledged), a resent packet only once", () => {
  const { tr, pool } = transport(1);
  tr.post(0, 10 * MSS);
  sendAll(tr, 0, 10, 0); // packets 0–9 held: 10 × 2112 B
  tr.onAck(0, 100, pool, ack(pool, 0, DACK_KIND_IACK, 4));
  assert.is(tr.newBytes, 5 * 2112); // 0–4
  assert.is(tr.onNack(0, 200, pool, ack(pool, 0, -1, 6)), 1);
  assert.is(tr.newBytes, 2 * 2112, "5 and 6 leave the flight acknowledged");
  assert.is(tr.bytes, 3 * 2112, "7–9 leave it dropped");
  assert.equal(sendAll(tr, 0, 2, 300), [7], "§II-F: one retransmission, then a DACK's credit for each next");
  tr.onAck(0, 400, pool, ack(pool, 0, DACK_KIND_DACK, 6));
  assert.is(tr.newBytes, 0, "a DACK acknowledges nothing");
  assert.equal(sendAll(tr, 0, 1, 500), [8]);
  tr.onAck(0, 600, pool, ack(pool, 0, DACK_KIND_IACK, 7));
  assert.is(tr.newBytes, 2112, "7 leaves; 8 is still in flight");
  const r = tr.onAck(0, 700, pool, ack(pool, 0, DACK_KIND_IACK, 8));
  assert.is(tr.newBytes, 2112);
  assert.is(r & Sx.Done, 0, "9 is still to go");
  assert.is(r & Sx.Rtt, 0, "an ACK without a send time is no RTT sample");
  assert.is(tr.rttNs, 0);
  // A NACK of a number never sent is stale, as is one already acknowledged past.
  assert.is(tr.onNack(0, 800, pool, ack(pool, 0, -1, tr.tx.highSeq(0))), 0);
  assert.is(tr.errors(), 0);
});

test("a stream of exact full packets: the third is the last; an idle timer does nothing; one short packet is a stream too", () => {
  const { tr } = transport(2);
  // The outstanding-data threshold counts whole packets: ⌊262,144 / 2112⌋ = 124 (OPT's defaults).
  assert.is(tr.tx.limitPackets(0), 124);
  tr.post(1, 100);
  assert.is(tr.nextPacket(1, 0), Tx.New | Tx.Last);
  assert.equal([tr.bytes, tr.nextBytes(1)], [164, 0]);
  assert.is(tr.onTimer(0, 1e9), 0, "nothing sent, nothing armed");
  tr.post(0, 3 * MSS);
  const flags: number[] = [];
  while (tr.nextBytes(0) > 0) flags.push(tr.nextPacket(0, 10));
  assert.equal(flags, [Tx.New, Tx.New, Tx.New | Tx.Last]);
  assert.is(tr.bytes, 2112);
});

test("writeAck: kind and number, the flow's last EV; CE from the flow's own accepted packets, the send time only from a packet of the same flow; the timestamp echo always", () => {
  const { tr, pool } = transport(2, 1e5, 9e4, 16);
  const data = (f: number, seq: number, ev: number, ce: boolean, sentNs: number) =>
    packet(pool, Kind.Data, f, 2112, { dst: 1, psn: seq, ev, flags: ce ? Flag.Ce : 0, sentNs });
  const h0 = data(0, 0, 0x1234, true, 500);
  assert.ok(tr.arrive(0, 1000, pool, h0));
  // A recycled handle's stale echo must not survive (before, writeAck left P.EchoNs as it found it).
  const echoOf = (x: number) => pool.i32[(x << 4) + P.EchoNs];
  const alloc = (kind: number, f: number) => {
    const x = pool.alloc(kind, f, 0, 64);
    pool.i32[(x << 4) + P.EchoNs] = -12345;
    return x;
  };
  const a = alloc(Kind.Ack, tr.ackFlow(0));
  tr.writeAck(0, pool, a, h0);
  assert.is(echoOf(a), 500);
  assert.equal([pool.i32[(a << 4) + P.W0], pool.i32[(a << 4) + P.Psn], pool.i32[(a << 4) + P.Ev], pool.i32[(a << 4) + P.Flags], pool.f64[a]], [DACK_KIND_IACK, 0, 0x1234, Flag.Ce, 500]);
  // Flow 1's packet 2 ahead of 0 and 1: its NACK (−1) is written as caused by flow 0's packet.
  const h1 = data(1, 2, 0x777, true, 900);
  assert.ok(!tr.arrive(1, 1100, pool, h1));
  const n = alloc(Kind.Nack, tr.ackFlow(0));
  tr.writeAck(0, pool, n, h0);
  assert.is(echoOf(n), 900, "flow 1's NACK echoes flow 1's last arrival, not flow 0's packet");
  // Not last-hop: packet 2 arriving before 0 says 0 was lost on the way (§II-A: the target
  // drops what follows a gap), a path loss to UEC §3.6.12's process_ev, not the endpoint's.
  assert.equal([pool.i32[(n << 4) + P.Psn], pool.i32[(n << 4) + P.Ev], pool.i32[(n << 4) + P.Flags], pool.f64[n]], [-1, 0x777, 0, 0]);
  // Flow 0's next packet without CE: its IACK carries none.
  const h2 = data(0, 1, 0x1234, false, 1200);
  assert.ok(tr.arrive(0, 1300, pool, h2));
  const a2 = alloc(Kind.Ack, 0);
  tr.writeAck(0, pool, a2, h2);
  assert.is(echoOf(a2), 1200);
  assert.equal([pool.i32[(a2 << 4) + P.Psn], pool.i32[(a2 << 4) + P.Flags], pool.f64[a2]], [1, 0, 1200]);
  assert.equal([tr.sentIacks, tr.sentDacks, tr.sentNacks], [2, 0, 1]);
  // No ACK reached an initiator here: no halt-state transition.
  const none = { infToMinus1: 0, toMinus1: 0, toH0: 0, toH1: 0, toInf: 0, toRetransmit: 0 };
  assert.equal(tr.totals(), { iacks: 2, dacks: 0, nacks: 1, repeats: 0, dropsFull: 0, dropsOutOfOrder: 1, duplicates: 0, trimmedHeaders: 0, staleAcks: 0, halt: none });
});

test("a NACK is marked last-hop only when the target's own queue was full (§II-F), not when the packet came out of order (§II-A)", () => {
  // A 9,216 B queue (the policy threshold, §III-A) holds four 2,112 B packets (8,448 B); a fifth
  // would make 10,560 B > 9,216 B and is dropped for want of room: the endpoint's loss, which
  // no other path avoids (UEC §3.6.12: a last-hop loss is NO_ECN). Flow 1's packet 1 before its
  // packet 0 says packet 0 was lost upstream: a path loss, NACK to the load balancer. Before,
  // both NACKs were marked last-hop.
  const { tr, pool } = transport(2, 1e5, 9216, 16);
  const data = (f: number, seq: number) => packet(pool, Kind.Data, f, 2112, { dst: 1, psn: seq });
  const flagsOfNack = (h: number): number => {
    assert.equal([tr.ackCount(), tr.ackIsNack(0)], [1, true]);
    const n = pool.alloc(Kind.Nack, tr.ackFlow(0), 0, 64);
    tr.writeAck(0, pool, n, h);
    return pool.i32[(n << 4) + P.Flags];
  };
  for (let seq = 0; seq < 4; seq++) assert.ok(tr.arrive(0, 100 * seq, pool, data(0, seq)));
  const full = data(0, 4);
  assert.ok(!tr.arrive(0, 400, pool, full));
  assert.is(tr.targets[1]?.dropsFull, 1);
  assert.is(flagsOfNack(full), Flag.LastHop, "queue full: last-hop");
  const ooo = data(1, 1);
  assert.ok(!tr.arrive(1, 500, pool, ooo));
  assert.is(tr.targets[1]?.dropsOutOfOrder, 1);
  assert.is(flagsOfNack(ooo), 0, "out of order: a loss on the path");
  assert.is(tr.errors(), 0);
});

test("in the fabric, NACKs for losses on sprayed paths reach NSCC as non-last-hop trims and the load balancer as NACKs", () => {
  // The sprayed scenario above without trimming: its targets never fill (hosts process at once,
  // rxGbps 0) and no header reaches them, so every NACK is for an out-of-order packet, a loss
  // or a reordering upstream. Before, all of them reached NSCC as last-hop trims and the load
  // balancer heard none as NACK.
  const b = build({
    ...SPRAYED,
    name: "dack path losses",
    network: { ...DEFAULT_SCENARIO.network, trimming: false },
  });
  const fab = b.fabric as unknown as { ccOf: CcAdapter[]; lbOf: LbTable[] };
  let lastHop = 0;
  let path = 0;
  for (const cc of new Set(fab.ccOf)) {
    const onTrim = cc.onTrim;
    cc.onTrim = (f, t, bytes, lh, rtt) => (lh ? lastHop++ : path++, onTrim.call(cc, f, t, bytes, lh, rtt));
  }
  let lbNacks = 0;
  for (const lb of new Set(fab.lbOf)) {
    const feedback = lb.onPathFeedback;
    lb.onPathFeedback = (s, t, ev, kind) => (kind === NACK && lbNacks++, feedback.call(lb, s, t, ev, kind));
  }
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok && r.completed === r.flowsTotal);
  const x = r.dack as NonNullable<typeof r.dack>;
  assert.is(x.dropsFull, 0, "no target ever fills");
  assert.ok(path > 0, `${path} path-loss NACKs`);
  assert.is(lastHop, 0, "no NACK reports a loss at the endpoint");
  assert.is(lbNacks, path, "the load balancer hears each as NACK");
});

test("a trimmed header is NACKed at once: last-hop only when its own packet, the expected one, was cut at the last hop; a lost resend is NACKed again", () => {
  // UEC PDS §3.5: the target NACKs a trimmed packet (UET_TRIMMED, or UET_TRIMMED_LASTHOP when a
  // last-hop port cut it), echoing its CE bit; the in-order target's NACK carries the last
  // accepted number (§II-A). Before, the header was dropped unanswered.
  const { tr, pool } = transport(2, 1e5, 82944, 32);
  const header = (f: number, seq: number, flags: number) => packet(pool, Kind.Header, f, 64, { dst: 1, psn: seq, flags, sentNs: 700 });
  const answer = (h: number): [number, number][] => {
    const list: [number, number][] = [];
    for (let i = 0; i < tr.ackCount(); i++) {
      assert.ok(tr.ackIsNack(i));
      const n = pool.alloc(Kind.Nack, tr.ackFlow(i), 0, 64);
      tr.writeAck(i, pool, n, h);
      list.push([pool.i32[(n << 4) + P.Psn], pool.i32[(n << 4) + P.Flags]]);
    }
    return list;
  };
  assert.ok(tr.arrive(0, 100, pool, packet(pool, Kind.Data, 0, 2112, { dst: 1, psn: 0 })));
  // Packet 1, the expected one, cut at the last hop with CE: NACK(0), last-hop, CE echoed.
  let h = header(0, 1, Flag.LastHop | Flag.Ce);
  tr.trimmed(0, 200, pool, h);
  assert.equal(answer(h), [[0, Flag.LastHop | Flag.Ce]]);
  // A header of packet 1's first transmission again (a copy): that gap is NACKed already, and a
  // NACK is repeated only for a resend's header (DackTarget.onTrimmed).
  h = header(0, 1, Flag.LastHop);
  tr.trimmed(0, 250, pool, h);
  assert.equal(answer(h), []);
  // Packet 3's resend, cut too: 1 is still missing and NACKed, nothing new.
  h = header(0, 3, Flag.LastHop | Flag.Rtx);
  tr.trimmed(0, 300, pool, h);
  assert.equal(answer(h), []);
  // The resend of 1, cut in the core: lost again, NACKed again (else only the RTO would tell).
  h = header(0, 1, Flag.Rtx);
  tr.trimmed(0, 400, pool, h);
  assert.equal(answer(h), [[0, 0]]);
  // Flow 1's packet 2 cut at the last hop while 0 is expected: the NACK reports 0 lost first,
  // somewhere on the path, so it is not last-hop.
  h = header(1, 2, Flag.LastHop);
  tr.trimmed(1, 500, pool, h);
  assert.equal(answer(h), [[-1, 0]]);
  assert.is(tr.totals().trimmedHeaders, 5);
  assert.equal([tr.totals().dropsOutOfOrder, tr.totals().duplicates, tr.errors()], [0, 0, 0]);
});

test("in the fabric, a trimmed last packet is NACKed, not left to the RTO (6 → 1 incast, trimming on, no CC)", () => {
  // A flow's last packet has no packet after it to arrive out of order, so with its header
  // dropped only the RTO told the initiator: 3 timeouts here before. Every loss of this run is
  // a trim (no switch drops, all drops at the target) and ECMP keeps each flow on one path, so
  // no NACK is overtaken by a newer ACK: every loss is NACKed and no timeout is left.
  const b = build({
    ...DEFAULT_SCENARIO,
    name: "dack trimmed last packets",
    topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
    transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: "dack" } },
    traffic: [{ kind: "incast", senders: 6, receiver: 0, bytes: 200_000 }],
  });
  const fab = b.fabric as unknown as { pool: PacketPool; trim: (h: number, bytes: number, lastHop: boolean) => void };
  let lastTrimmed = 0;
  const trim = fab.trim.bind(fab);
  fab.trim = (h, bytes, lastHop) => ((fab.pool.i32[(h << 4) + P.Flags] & Flag.Last) !== 0 && lastTrimmed++, trim(h, bytes, lastHop));
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 6);
  assert.ok(lastTrimmed > 0, "some flow's last packet was trimmed");
  assert.is(r.metrics.drops.total, r.metrics.drops.receiver, "no switch drops");
  assert.is(r.totals.timeouts, 0);
  assert.is((r.dack as NonNullable<typeof r.dack>).trimmedHeaders, r.totals.trims, "every header reached its target");
});

test("a duplicate at an uncongested target comes back as an IACK repeating the number: news to an initiator that missed it, stale to one that has it, never a throttle", () => {
  const { tr, pool } = transport(1);
  tr.post(0, 4 * MSS);
  assert.equal(sendAll(tr, 0, 2, 0), [0, 1]);
  const data = (seq: number) => packet(pool, Kind.Data, 0, 2112, { dst: 1, psn: seq, sentNs: 10 });
  const answer = (h: number): number => {
    assert.is(tr.ackCount(), 1);
    const a = pool.alloc(Kind.Ack, 0, 0, 64);
    tr.writeAck(0, pool, a, h);
    return a;
  };
  // 0 and 1 accepted (4224 B ≤ 9216 B); the initiator hears only IACK(0), IACK(1) is lost.
  let h = data(0);
  assert.ok(tr.arrive(0, 100, pool, h));
  tr.onAck(0, 200, pool, answer(h));
  assert.ok(tr.arrive(0, 110, pool, data(1)));
  // A resend of 1 (after a timeout, say) is a duplicate: the answer repeats 1, as an IACK.
  h = data(1);
  assert.ok(!tr.arrive(0, 300, pool, h));
  let a = answer(h);
  assert.equal([pool.i32[(a << 4) + P.W0], pool.i32[(a << 4) + P.Psn]], [DACK_KIND_IACK, 1]);
  // New to this initiator: it advances, and stays unthrottled (before: a DACK, H(−1)).
  assert.ok(tr.onAck(0, 400, pool, a) > 0);
  assert.equal([tr.tx.ackedSeq(0), (tr.tx as DackInitiator).haltState(0)], [1, DACK_H_INF]);
  // Once more: now it is stale, dropped before the initiator and the CC.
  h = data(0);
  assert.ok(!tr.arrive(0, 500, pool, h));
  a = answer(h);
  assert.is(tr.onAck(0, 600, pool, a), Sx.Stale);
  assert.is((tr.tx as DackInitiator).haltState(0), DACK_H_INF);
  assert.equal([tr.sentIacks, tr.sentRepeats, tr.sentDacks], [1, 2, 0]);
  assert.is(tr.errors(), 0);
});

test("CE goes back on the IACK that acknowledges the marked packet, never on a DACK (DCTCP §3.1, RFC 8257 §3.2: the marks of the packets an ACK covers)", () => {
  // 2112 B packets, threshold 9216 B: 0–3 fill 8448 B (IACKs on acceptance); 4, CE-marked, makes
  // 10560 B > 9216 B — congested, so it draws a standalone DACK(3) and its IACK waits for its
  // crossing (§II-D); 5 makes 12672 B, another DACK(3). When 0 leaves (10560 B, still congested)
  // 4's last byte lies 8448 B from the head: it crosses, DACK(3) then IACK(4). The mark of 4
  // belongs on IACK(4), and on none of the DACKs, which acknowledge nothing. When 1 leaves
  // (8448 B, not congested) 5 crosses: IACK(5), unmarked. Before, each ACK copied the CE bit of
  // the packet that caused it: the DACK drawn by 4 carried it, and IACK(4), caused by 0's
  // departure, did not.
  const { tr, pool } = transport(1, 1e5, 82944, 32);
  const hs: number[] = [];
  const acks = (h: number): [number, number, number][] => {
    const list: [number, number, number][] = [];
    for (let i = 0; i < tr.ackCount(); i++) {
      const a = pool.alloc(Kind.Ack, 0, 0, 64);
      tr.writeAck(i, pool, a, h);
      list.push([pool.i32[(a << 4) + P.W0], pool.i32[(a << 4) + P.Psn], pool.i32[(a << 4) + P.Flags]]);
    }
    return list;
  };
  const got: [number, number, number][][] = [];
  for (let seq = 0; seq < 6; seq++) {
    const h = packet(pool, Kind.Data, 0, 2112, { dst: 1, psn: seq, flags: seq === 4 ? Flag.Ce : 0 });
    assert.ok(tr.arrive(0, 100 * seq, pool, h));
    hs.push(h);
    got.push(acks(h));
  }
  assert.equal(got, [
    [[DACK_KIND_IACK, 0, 0]],
    [[DACK_KIND_IACK, 1, 0]],
    [[DACK_KIND_IACK, 2, 0]],
    [[DACK_KIND_IACK, 3, 0]],
    [[DACK_KIND_DACK, 3, 0]],
    [[DACK_KIND_DACK, 3, 0]],
  ]);
  tr.processed(1, 1000);
  assert.equal(acks(hs[0]), [
    [DACK_KIND_DACK, 3, 0],
    [DACK_KIND_IACK, 4, Flag.Ce],
  ]);
  tr.processed(1, 1100);
  assert.equal(acks(hs[1]), [[DACK_KIND_IACK, 5, 0]]);
});

/** One flow into a target of `bufferBytes`: packets 0 … n − 1 arrive, those in `marked` CE-marked; then the host finishes them one by one. The IACKs' numbers, and those that carried CE. */
function ceEchoes(n: number, marked: number[], bufferBytes: number): { iacks: number[]; ce: number[] } {
  const { tr, pool } = transport(1, 1e5, bufferBytes, 2 * n + 16);
  const iacks: number[] = [];
  const ce: number[] = [];
  const write = (h: number) => {
    for (let i = 0; i < tr.ackCount(); i++) {
      const a = pool.alloc(Kind.Ack, 0, 0, 64);
      tr.writeAck(i, pool, a, h);
      if (pool.i32[(a << 4) + P.W0] === DACK_KIND_IACK) {
        iacks.push(pool.i32[(a << 4) + P.Psn]);
        if ((pool.i32[(a << 4) + P.Flags] & Flag.Ce) !== 0) ce.push(pool.i32[(a << 4) + P.Psn]);
      }
      pool.release(a);
    }
  };
  const hs: number[] = [];
  for (let seq = 0; seq < n; seq++) {
    const h = packet(pool, Kind.Data, 0, 2112, { dst: 1, psn: seq, flags: marked.includes(seq) ? Flag.Ce : 0 });
    assert.ok(tr.arrive(0, 10 * seq, pool, h));
    hs.push(h);
    write(h);
  }
  for (let k = 0; k < n; k++) {
    tr.processed(1, 10_000 + 10 * k);
    write(hs[k]);
  }
  assert.is(tr.errors(), 0);
  return { iacks, ce };
}

test("CE goes back on the IACK whose number covers the marked packet, not the flow's next IACK; each of several pending marks on its own", () => {
  // Six 2112 B packets into an 81 KiB queue, threshold 9216 B: 0–3 (8448 B) are IACKed on
  // acceptance; 4 makes 10560 B, congested, and 5 12672 B: both draw DACK(3) and wait above the
  // threshold. When 0 leaves (10560 B) 4 crosses: DACK(3), IACK(4); when 1 leaves (8448 B,
  // uncongested) 5 crosses: IACK(5). The IACK numbers are 0 … 5, each once (§II-D, Fig. 1).
  // Mark on 5 alone: IACK(4) acknowledges packets up to 4 (§II-A, in order), none marked; the
  // mark belongs on IACK(5). Before, the flow's pending bit went on IACK(4).
  assert.equal(ceEchoes(6, [5], 82944), { iacks: [0, 1, 2, 3, 4, 5], ce: [5] });
  // Marks on 4 and 5: each its IACK (before, IACK(4) took the one bit and IACK(5) had none).
  assert.equal(ceEchoes(6, [4, 5], 82944), { iacks: [0, 1, 2, 3, 4, 5], ce: [4, 5] });
  // A mark on 2, IACKed on acceptance, and on 5: IACK(2) and IACK(5), not IACK(4).
  assert.equal(ceEchoes(6, [2, 5], 82944).ce, [2, 5]);
});

test("CE echo across a deep queue: marks up to 31 numbers above the lowest pending one are kept exactly, the highest beyond that too", () => {
  // 50 packets (105,600 B) into a 200,000 B queue: 0–3 IACKed on acceptance, 4–49 above the
  // threshold, each IACKed as a departure moves it below (IACK numbers 0 … 49 once each). Marks
  // on 4, 6, 35 (35 − 4 = 31: the window from the lowest) and 40 (36 above 4: beyond it, kept as
  // the highest far mark, in the window once 35 is the lowest): CE on exactly those four IACKs.
  const r = ceEchoes(50, [4, 6, 35, 40], 200_000);
  assert.equal(r.iacks, Array.from({ length: 50 }, (_, i) => i));
  assert.equal(r.ce, [4, 6, 35, 40]);
});

test("in the fabric, ECN CCs hear no mark on an ACK of no bytes under endpoint congestion (7 → 1 PUT at 70 %, DCTCP and NSCC)", () => {
  // Every mark travels on an IACK that acknowledges packets (writeAck); a DACK, and so every ACK
  // that gives the CC 0 bytes here, carries none. Before: 77 (NSCC) and 49 (DCTCP) marked ACKs
  // of 0 bytes. And an IACK carries CE exactly when a packet it newly acknowledges (above the
  // flow's previous IACK, up to its number) was accepted marked: the queue, 82,944 B, holds at
  // most ⌊82,944 / 4,150⌋ = 19 full packets and a short last one per flow, 26 < 32, so every
  // flow's pending marks lie in ceCovered's exact window. Before,
  // the flow's pending bit rode the next IACK whatever its number.
  for (const cc of ["nscc", "dctcp"] as const) {
    const b = build({
      ...DEFAULT_SCENARIO,
      name: `dack ce ${cc}`,
      topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
      network: { ...DEFAULT_SCENARIO.network, trimming: false },
      transport: { cc: { name: cc }, lb: { name: "ecmp" }, reliability: { name: "dack" } },
      traffic: [{ kind: "put", senders: 7, receiver: 0, bytes: 1_000_000, rxFraction: 0.7, rxBufferBytes: 82944 }],
    });
    const ccOf = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf;
    let marked = 0;
    let markedEmpty = 0;
    for (const c of new Set(ccOf)) {
      const onAck = c.onAck;
      c.onAck = (f, t, bytes, rtt, ecn, remote) => {
        if (ecn) {
          marked++;
          if (bytes === 0) markedEmpty++;
        }
        return onAck.call(c, f, t, bytes, rtt, ecn, remote);
      };
    }
    const tr = b.fabric.transport as DackTransport;
    const marks = new Map<number, number[]>();
    const lastIack = new Map<number, number>();
    const wrong: string[] = [];
    const arrive = tr.arrive;
    tr.arrive = (slot, nowNs, pool, h) => {
      const took = arrive.call(tr, slot, nowNs, pool, h);
      if (took && (pool.i32[(h << 4) + P.Flags] & Flag.Ce) !== 0) marks.set(slot, [...(marks.get(slot) ?? []), pool.i32[(h << 4) + P.Psn]]);
      return took;
    };
    const writeAck = tr.writeAck;
    tr.writeAck = (i, pool, a, h) => {
      writeAck.call(tr, i, pool, a, h);
      const ab = a << 4;
      const f = pool.i32[ab + P.Flow];
      const seq = pool.i32[ab + P.Psn];
      const prev = lastIack.get(f) ?? -1;
      if (pool.i32[ab + P.W0] !== DACK_KIND_IACK || seq <= prev) return;
      lastIack.set(f, seq);
      const covers = (marks.get(f) ?? []).some((m) => m > prev && m <= seq);
      if (covers !== ((pool.i32[ab + P.Flags] & Flag.Ce) !== 0)) wrong.push(`flow ${f} IACK(${seq}) after ${prev}: CE ${!covers}`);
    };
    b.fabric.run();
    const r = collect(b);
    assert.ok(r.integrity.ok && r.completed === 7, cc);
    assert.equal(wrong, [], `${cc}: IACKs whose CE is not their packets' marks`);
    assert.ok(r.totals.ecnMarks > 0 && marked > 0, `${cc}: ${r.totals.ecnMarks} marks, ${marked} marked ACKs`);
    assert.ok((r.dack as NonNullable<typeof r.dack>).dacks > 0, `${cc}: the target is congested`);
    assert.is(markedEmpty, 0, `${cc}: marked ACKs of 0 bytes`);
  }
});

/** One flow with an RTO of 50 µs and four packets sent at 1,000 ns. */
function fourSent(): { tr: DackTransport; pool: PacketPool } {
  const t = transport(1, 50_000);
  t.tr.post(0, 4 * MSS);
  sendAll(t.tr, 0, 4, 1000);
  return t;
}

test("the timer: nothing before the deadline; at it, back to the first unacknowledged packet with everything held presumed lost", () => {
  const { tr, pool } = fourSent();
  assert.is(tr.onTimer(0, 50_999), 0);
  assert.is(tr.onTimer(0, 51_000), 1);
  assert.equal([tr.bytes, tr.timeouts(0), tr.nextPsn(0), tr.ev], [4 * 2112, 1, 0, -1]);
  assert.ok(!tr.timerArmed(0), "gone back: nothing outstanding until the resend");
  // Everything acknowledged: the timer disarms and the flow is done.
  sendAll(tr, 0, 4, 60_000);
  assert.ok(tr.onAck(0, 70_000, pool, ack(pool, 0, DACK_KIND_IACK, 3)) & 8 /* Sx.Done */);
  assert.ok(!tr.timerArmed(0));
  assert.is(tr.onTimer(0, 200_000), 0);
  // Fig. 2 / §II-F: the retransmission ends in H(−1), and the IACK takes it to H0.
  assert.is((tr.tx as DackInitiator).haltState(0), DACK_H0);
});

test("the timer runs only while a packet sent since the last go-back is unacknowledged (RFC 6298 §5.1–5.3): a resend held by the pacer spends no timeouts (soak seed 3,968,336)", () => {
  const { tr, pool } = fourSent();
  assert.is(tr.onTimer(0, 51_000), 1);
  // A pacer holds the resend of packet 0: nothing is outstanding, the timer is off, and an
  // expiry that was queued meanwhile goes back nowhere and cuts nothing.
  assert.ok(!tr.timerArmed(0));
  assert.is(tr.onTimer(0, 101_000), 0);
  assert.equal([tr.timeouts(0), tr.nextPsn(0)], [1, 0]);
  // The resend goes at 160,000 and starts the timer; its expiry is a timeout again.
  assert.equal(sendAll(tr, 0, 1, 160_000), [0]);
  assert.is(tr.deadlineNs(0), 210_000);
  assert.is(tr.onTimer(0, 209_999), 0);
  assert.is(tr.onTimer(0, 210_000), 1);
  assert.equal([tr.timeouts(0), tr.nextPsn(0), tr.bytes], [2, 0, 2112]);
  // The resend of 0 goes at 220,000 and is acknowledged at 225,000 while the pacer still holds
  // 1–3: all that was sent since the go-back is acknowledged, so the timer is off (§5.2). Before,
  // it ran on for 1–3, which had not gone again, and its expiry at 275,000 was a timeout of no
  // packet: Swift under Reflex, paced at 0.001 packet, took one such timeout per packet and never
  // left its floor (soak seed 3,968,336).
  assert.equal(sendAll(tr, 0, 1, 220_000), [0]);
  tr.onAck(0, 225_000, pool, ack(pool, 0, DACK_KIND_IACK, 0));
  assert.ok(!tr.timerArmed(0));
  assert.is(tr.onTimer(0, 275_000), 0);
  assert.is(tr.timeouts(0), 2);
  // Packet 1 goes at 300,000 and starts it again.
  assert.equal(sendAll(tr, 0, 1, 300_000), [1]);
  assert.is(tr.deadlineNs(0), 350_000);
  assert.is(tr.onTimer(0, 350_000), 1);
  assert.equal([tr.timeouts(0), tr.nextPsn(0), tr.bytes, tr.errors()], [3, 1, 2112, 0]);
  // An IACK that leaves one packet outstanding restarts the timer for it.
  const one = transport(1, 50_000);
  one.tr.post(0, 4 * MSS);
  sendAll(one.tr, 0, 4, 0);
  one.tr.onAck(0, 8000, one.pool, ack(one.pool, 0, DACK_KIND_IACK, 2));
  assert.ok(one.tr.timerArmed(0) && one.tr.deadlineNs(0) === 58_000);
  // §5.3 restarts it on an ACK of new data only: the DACK of that same number at 20,000 ns
  // acknowledges nothing new, and the deadline stays.
  one.tr.onAck(0, 20_000, one.pool, ack(one.pool, 0, DACK_KIND_DACK, 2));
  assert.ok(one.tr.timerArmed(0) && one.tr.deadlineNs(0) === 58_000);
});

test("one target per destination host, shared by the flows into it; its ACKs name their flows", () => {
  const dst = new Int32Array([2, 0, 2]);
  const tr = new DackTransport({ policy: "dack", mssBytes: MSS, headerBytes: HEADER, rtoNs: 1e5 }, { dst, hosts: 3, bufferBytes: new Float64Array([9e4, 9e4, 20_000]) }, 64);
  for (let f = 0; f < 3; f++) tr.open(f);
  assert.equal(tr.targets.map((t) => (t === null ? 0 : t.capacity)), [1, 0, 2]);
  assert.is(tr.targets[2]?.params.queueBytes, 20_000, "the host's receive buffer is the target's queue");
  const pool = new PacketPool(16);
  const data = (f: number, seq: number) => packet(pool, Kind.Data, f, 2112, { dst: dst[f], psn: seq });
  // Flow 2's first packet is accepted: an IACK for flow 2 (threshold 9 KiB not reached).
  const h = data(2, 0);
  assert.ok(tr.arrive(2, 100, pool, h));
  assert.equal([tr.ackCount(), tr.ackFlow(0), tr.ackIsNack(0)], [1, 2, false]);
  // Flow 0's packet 1 before its packet 0: dropped and NACKed with −1 (nothing accepted yet).
  assert.ok(!tr.arrive(0, 200, pool, data(0, 1)));
  assert.equal([tr.ackCount(), tr.ackFlow(0), tr.ackIsNack(0)], [1, 0, true]);
  const a = pool.alloc(Kind.Nack, 0, 0, 64);
  tr.writeAck(0, pool, a, h);
  assert.equal([pool.i32[(a << 4) + P.Psn], pool.f64[a]], [-1, 0], "another flow's packet lends no send time");
  tr.processed(2, 300);
  assert.is(tr.targets[2]?.queueLength(), 0);
  assert.is(tr.errors(), 0);
});

test("the registry: dack and opt need the flows' ends; cc none takes no params", () => {
  const ctx = { linkGbps: 100, baseRttNs: 8000, mtuBytes: 2112, headerBytes: 64, trimming: false, seed: 1, rtoNs: 1e6, ackEveryBytes: 16384 };
  assert.throws(() => makeTransport("dack", {}, ctx, 1, 64), /destination/);
  const ends = { dst: new Int32Array([1]), hosts: 2, bufferBytes: new Float64Array([1e5, 1e5]) };
  assert.is(makeTransport("opt", {}, ctx, 1, 64, ends).name, "opt");
  assert.throws(() => makeTransport("dack", { taget: {} }, ctx, 1, 64, ends), /unknown parameter taget/);
  assert.throws(() => makeTransport("dack", { rtoNs: 0 }, ctx, 1, 64, ends), /rtoNs/);
  assert.throws(() => makeTransport("dack", { target: { queueBytes: 1000 } }, ctx, 1, 64, ends), /policyThresholdBytes/);
  // A host whose receive buffer is below the 9 KiB threshold: the refusal names the buffer.
  const small9k = { ...ends, bufferBytes: new Float64Array([9000, 9000]) };
  assert.throws(() => makeTransport("dack", {}, ctx, 1, 64, small9k), /host 1's receive buffer \(9000 B: network\.rxBufferBytes, else bufferBytes\) is below the target's policy threshold \(9216 B/);
  assert.is(makeTransport("dack", { target: { policyThresholdBytes: 4500, maxPacketBytes: 4500 } }, ctx, 1, 64, small9k).name, "dack");
  // A 9,000 B MTU is over the 9 KiB threshold's packet limit; raising both admits it.
  const jumbo = { ...ctx, mtuBytes: 9300 };
  assert.throws(() => makeTransport("dack", {}, jumbo, 1, 64, ends), /exceeds the target's maxPacketBytes 9216/);
  assert.is(makeTransport("dack", { target: { policyThresholdBytes: 9300, maxPacketBytes: 9300 } }, jumbo, 1, 64, ends).name, "dack");
  // A 40 B header: a one-byte last packet (41 B) still enters the queue.
  const small = makeTransport("dack", {}, { ...ctx, headerBytes: 40 }, 1, 64, ends) as DackTransport;
  assert.is(small.targets[1]?.params.minPacketBytes, 41);
  assert.throws(() => runScenario({ ...put("dack", "none", 1, 1e5, 0.5), transport: { cc: { name: "none", params: { x: 1 } }, reliability: { name: "dack" } } }), /no params/);
});


test("DCQCN's NP hears the data a host queue takes in: CE-marked arrivals at a DACK or OPT target send CNPs (§3.1)", () => {
  // Six senders into one host of a k = 4 fat tree: the last hop marks. Before, the fabric ran
  // the NP only for receivers without a host queue, so no CNP came back under dack or opt.
  for (const reliability of ["dack", "opt"] as const) {
    const r = runScenario({
      ...DEFAULT_SCENARIO,
      name: `${reliability} dcqcn`,
      topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
      network: { ...DEFAULT_SCENARIO.network, trimming: false },
      transport: { cc: { name: "dcqcn" }, lb: { name: "ecmp" }, reliability: { name: reliability } },
      traffic: [{ kind: "incast", senders: 6, receiver: 0, bytes: 500_000 }],
    });
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    assert.is(r.completed, 6);
    assert.ok(r.totals.ecnMarks > 0 && r.totals.cnps > 0, `${reliability}: ${r.totals.ecnMarks} marks, ${r.totals.cnps} CNPs`);
    assert.ok(r.totals.cnps <= r.totals.ecnMarks, "at most one CNP per marked packet");
  }
});

test("the timer and the RTT sample across the 32-bit clock's wrap (2^31 ns, 2.1 s into a run)", () => {
  // The fabric's nowNs wraps: four packets sent 1,000 ns before it, an RTO of 50 µs. Before, the
  // deadline was stored unwrapped and compared with <, so the timer, due 49 µs after the wrap,
  // never fired (the fabric asked again every nanosecond), and a send time after the wrap,
  // negative, gave no RTT sample.
  const before = 2 ** 31 - 1000;
  const t = transport(1, 50_000);
  t.tr.post(0, 4 * MSS);
  sendAll(t.tr, 0, 4, before);
  const due = (before + 50_000) | 0;
  assert.ok(due < 0 && t.tr.deadlineNs(0) === due);
  assert.is(t.tr.onTimer(0, due - 1), 0, "not before the deadline");
  assert.is(t.tr.onTimer(0, due), 1, "fires at it, on the far side of the wrap");
  // The resend, after the wrap, starts the timer again from its own (wrapped) send time.
  sendAll(t.tr, 0, 1, due + 10);
  assert.is(t.tr.deadlineNs(0), (due + 10 + 50_000) | 0);
  // A packet sent after the wrap, acknowledged 4 µs later: a 4,000 ns sample.
  const sent = (2 ** 31 + 1000) | 0;
  const u = transport(1, 50_000);
  u.tr.post(0, 4 * MSS);
  sendAll(u.tr, 0, 4, sent);
  assert.is(u.tr.onAck(0, sent + 4000, u.pool, ack(u.pool, 0, DACK_KIND_IACK, 0, sent)) & Sx.Rtt, Sx.Rtt);
  assert.is(u.tr.rttNs, 4000);
});

test("the halt-state transitions (Fig. 2, §II-F) are counted as the initiator makes them: a DACK ahead of its IACK moves it twice", () => {
  // h1Threshold 2: H1's second IACK returns to H∞. The walk, by Fig. 2 and §II-F, on 10 packets sent:
  //   IACK 0 (H∞ stays) · DACK 0: H∞ → H(−1) · DACK 0 (stays) · IACK 1: → H0 · IACK 2: → H1 ·
  //   IACK 3 (counter 1) · IACK 4 (counter 2): → H∞ · DACK 4: H∞ → H(−1) · IACK 5: → H0 ·
  //   DACK 6 ahead of IACK 6: → H1 → H(−1) · NACK 7 (8, 9 to resend): → retransmit · resend 8,
  //   DACK 7 (a credit), resend 9, the last: → H(−1) · timeout (8, 9 unacknowledged): → retransmit.
  // infToMinus1 2; toMinus1 4 (two from H∞, one from H1, one from retransmit); toH0 2; toH1 2;
  // toInf 1; toRetransmit 2. Counting only the state after each ACK would see the DACK of 6 as
  // H0 → H(−1) and miss the H1 in between.
  const tr = new DackTransport({ policy: "dack", mssBytes: MSS, headerBytes: HEADER, rtoNs: 100_000, initiator: { h1Threshold: 2 } }, { dst: new Int32Array([1]), hosts: 2, bufferBytes: new Float64Array([82944, 82944]) }, 64);
  tr.open(0);
  const pool = new PacketPool(64);
  tr.post(0, 20 * MSS);
  assert.equal(sendAll(tr, 0, 10, 0), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const states: number[] = [];
  const step = (kind: number, seq: number) => {
    tr.onAck(0, 1000, pool, ack(pool, 0, kind, seq));
    states.push(tr.haltState(0));
  };
  step(DACK_KIND_IACK, 0);
  step(DACK_KIND_DACK, 0);
  step(DACK_KIND_DACK, 0);
  for (const seq of [1, 2, 3, 4]) step(DACK_KIND_IACK, seq);
  step(DACK_KIND_DACK, 4);
  step(DACK_KIND_IACK, 5);
  step(DACK_KIND_DACK, 6);
  assert.equal(states, [DACK_H_INF, DACK_H_MINUS1, DACK_H_MINUS1, DACK_H0, DACK_H1, DACK_H1, DACK_H_INF, DACK_H_MINUS1, DACK_H0, DACK_H_MINUS1]);
  assert.is(tr.onNack(0, 2000, pool, ack(pool, 0, -1, 7)), 1);
  assert.is(tr.haltState(0), DACK_RETRANSMIT);
  assert.equal(sendAll(tr, 0, 5, 2100), [8], "nothing outstanding: one resend");
  step(DACK_KIND_DACK, 7);
  assert.equal(sendAll(tr, 0, 5, 2200), [9], "§II-F: one per DACK");
  assert.is(tr.haltState(0), DACK_H_MINUS1, "after the go-back's last resend");
  assert.is(tr.onTimer(0, tr.deadlineNs(0)), 1);
  assert.is(tr.haltState(0), DACK_RETRANSMIT);
  assert.equal(tr.totals().halt, { infToMinus1: 2, toMinus1: 4, toH0: 2, toH1: 2, toInf: 1, toRetransmit: 2 });
  assert.is(tr.errors(), 0);
  // OPT has no halt state: no transitions in its totals, −1 from the readers.
  const opt = new DackTransport({ policy: "opt", mssBytes: MSS, headerBytes: HEADER, rtoNs: 100_000 }, { dst: new Int32Array([1]), hosts: 2, bufferBytes: new Float64Array([82944, 82944]) }, 64);
  opt.open(0);
  assert.is(opt.totals().halt, undefined);
  assert.equal([opt.haltState(0), opt.credits(0)], [-1, -1]);
});

test("metrics.sample.hosts and the flows' halt state: the target's occupancy and congested flag (§II-D), and H∞ until the first DACK returns (§II-E), by hand", () => {
  // One initiator (host 2) into host 0 of the two-leaf leaf–spine above, draining at 45 %
  // (chosen so that no arrival ties with a departure before 8 µs). A 2112 B packet takes 168.96 ns
  // a hop; four 1 µs links, so the first packet is at host 0 at t0 = 4 × 1168.96 = 4,675.84 ns and
  // packet k at t0 + 168.96 k (in H∞ the initiator sends back to back: 59 packets by 10 µs, under
  // the 124 the 256 KiB threshold allows). The host takes 2112 × 8 / 45 = 375.47 ns a packet,
  // back to back from t0 (packets come faster than it drains), so packet j leaves at t0 +
  // 375.47 (j + 1). At a sample x ns after t0: ⌊x / 168.96⌋ + 1 in, ⌊x / 375.47⌋ out, the packet
  // in service counted:
  //   5 µs, x = 324.16:   2 in, 0 out → 2 × 2112 = 4,224 B, under the 9,216 B threshold: 0
  //   6 µs, x = 1,324.16: 8 in, 3 out → 10,560 B > 9,216: congested, 1
  //   7 µs, x = 2,324.16: 14 in, 6 out → 16,896 B, 1
  // Packet 6 (x = 1,013.76: 7 in, 2 out, 10,560 B) is the first to find the target congested:
  // its DACK (§II-D) is back at t0 + 1,013.76 + 4 × (5.12 + 1000) = 9,710.08 ns, where the
  // IACKs of packets 0–5 (8,696.32–9,541.12 ns) left H∞ alone. The departure at x = 1,126.4
  // leaves 8,448 B: packet 6 crosses below the threshold and its IACK, congestion over, is back
  // at 9,822.72 ns (H(−1) → H0); packet 7 (x = 1,182.72) finds the target congested again, its
  // DACK back at 9,879.04 ns (H0 → H(−1), credits 0). The next ACK leaves with packet 8 at
  // x = 1,351.68, back at 10,048 ns, after the run's end at 10.02 µs. So the flow reads H∞
  // (code 0) through 9 µs and H(−1) (code 1) with 0 credits at 10 µs, and the transitions are
  // one H∞ → H(−1), two into H(−1), one into H0. OPT's target fills the same way to 7 µs
  // (the initiator sends as in H∞) and has no halt state.
  const scenario = (reliability: "dack" | "opt"): Scenario => ({
    ...put(reliability, "none", 1, 400_000, 0.45),
    metrics: { sample: { intervalUs: 1, hosts: [0], flows: [0] } },
    run: { endUs: 10.02 },
  });
  const r = runScenario(scenario("dack"));
  const s = r.series as NonNullable<typeof r.series>;
  assert.equal(s.tUs, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const host = (s.hosts ?? [])[0];
  assert.is(host.host, 0);
  assert.equal(host.bytes.slice(0, 8), [0, 0, 0, 0, 0, 4224, 10560, 16896]);
  assert.equal(host.congested.slice(0, 8), [0, 0, 0, 0, 0, 0, 1, 1]);
  assert.equal(s.flows[0].haltState, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  assert.equal(s.flows[0].credits, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  assert.equal(s.haltStates, ["H∞", "H(−1)", "H0", "H1", "retransmit"]);
  assert.equal(r.dack?.halt, { infToMinus1: 1, toMinus1: 2, toH0: 1, toH1: 0, toInf: 0, toRetransmit: 0 });
  assert.ok(summary(r).includes("initiators: 1 halts from H∞, 2 into H(−1), 1 into H0, 0 into H1, 0 back to H∞, 0 into retransmit"));
  const o = runScenario(scenario("opt"));
  const so = o.series as NonNullable<typeof o.series>;
  assert.equal((so.hosts ?? [])[0].bytes.slice(0, 8), [0, 0, 0, 0, 0, 4224, 10560, 16896]);
  assert.equal((so.hosts ?? [])[0].congested.slice(0, 8), [0, 0, 0, 0, 0, 0, 1, 1]);
  assert.is(so.flows[0].haltState, undefined);
  assert.is(so.haltStates, undefined);
  assert.is(o.dack?.halt, undefined);
  assert.not.ok(summary(o).includes("initiators:"));
  // Without hosts asked for, no host series.
  const plain = runScenario({ ...scenario("dack"), metrics: { sample: { intervalUs: 1, flows: [0] } } });
  assert.is(plain.series?.hosts, undefined);
  // Every 0.5 µs with room for 16 points: at the 16th (7.5 µs) every other one goes and the
  // interval doubles (SampleSpec.maxPoints), leaving 0, 1, …, 7 µs, then 8, 9, 10: the times of
  // the 1 µs run, and the DACK series must be thinned with them to the same values.
  const thin = runScenario({ ...scenario("dack"), metrics: { sample: { intervalUs: 0.5, hosts: [0], flows: [0], maxPoints: 16 } } }).series as NonNullable<typeof r.series>;
  assert.equal(thin.tUs, s.tUs);
  assert.equal(thin.hosts, s.hosts);
  assert.equal([thin.flows[0].haltState, thin.flows[0].credits], [s.flows[0].haltState, s.flows[0].credits]);
});

test("metrics.sample.hosts is refused where there is no target: another reliability module, a host out of range or receiving no flow", () => {
  const errors = (sc: Scenario): string[] => {
    try {
      build(sc);
    } catch (e) {
      if (e instanceof ScenarioError) return e.errors;
      throw e;
    }
    return [];
  };
  const base = put("dack", "none", 1, 100_000, 0.5);
  assert.equal(errors({ ...base, metrics: { sample: { hosts: [1, 4] } } }), [
    "metrics.sample.hosts: host 1 receives no flow, so it has no DACK target",
    "metrics.sample.hosts: host 4 outside [0, 4)",
  ]);
  assert.equal(errors({ ...base, transport: { ...base.transport, reliability: { name: "rud" } }, metrics: { sample: { hosts: [0] } } }), [
    "metrics.sample.hosts: a host's processing queue is sampled under reliability dack or opt only, not rud",
  ]);
  assert.equal(errors({ ...base, metrics: { sample: { hosts: [0] } } }), []);
});

test("a receive buffer too small for the target names the field that set it: the put entry's own rxBufferBytes, else the network's", () => {
  // 8,000 B < the 9,216 B policy threshold (§III-A's 9 KB).
  const entry = put("dack", "none", 1, 100_000, 0.5);
  const small = { ...entry, traffic: [{ ...entry.traffic[0], rxBufferBytes: 8000 }] };
  assert.throws(() => build(small), (e: Error) => e instanceof ScenarioError && /host 0's receive buffer \(8000 B: traffic\[0\]\.rxBufferBytes\) is below/.test(e.errors.join("\n")));
  // 2^28 B would hold 2^28 / 2112 = 127,100 full packets, over the 65,535 a target's queue holds.
  const deep = { ...entry, traffic: [{ ...entry.traffic[0], rxBufferBytes: 2 ** 28 }] };
  assert.throws(
    () => build(deep),
    (e: Error) => e instanceof ScenarioError && /host 0's receive buffer \(268435456 B: traffic\[0\]\.rxBufferBytes\) holds more than 65535 full packets .*give params\.target\.queueBytes or a smaller traffic\[0\]\.rxBufferBytes$/.test(e.errors.join("\n")),
  );
  const { rxBufferBytes: _, ...noBuffer } = entry.traffic[0] as Record<string, unknown>;
  const network = { ...small, network: { ...small.network, rxBufferBytes: 8000 }, traffic: [noBuffer as Scenario["traffic"][0]] };
  assert.throws(() => build(network), (e: Error) => e instanceof ScenarioError && /host 0's receive buffer \(8000 B: network\.rxBufferBytes, else bufferBytes\) is below/.test(e.errors.join("\n")));
});

test.run();
