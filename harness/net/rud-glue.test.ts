// UEC RUD (lib/reliability/rud) as the fabric drives it: when the receiving NIC ACKs and NACKs,
// what each ACK carries back, what the CC hears from it, and the RTO. One flow of a few full
// packets on two hosts under one switch (test-support oneSwitchScenario: serialisation and
// propagation only), a loss or a trim injected at the receiving NIC. Expected values are worked
// out by hand from notes/uec-htsim-reference.md §3, §4, §6, not read from a run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../scenario/build";
import type { Scenario } from "../scenario/schema";
import type { CcAdapter, RudTransport } from "./adapters";
import { ECN, GOOD, NACK } from "../../lib/lb/feedback";
import { Flag, Kind, P } from "./packets";
import { oneSwitchScenario } from "./test-support";

const WIRE = 4150; // a full packet, 64 B header included (uet-htsim's recvd_bytes counts headers)

interface Probe {
  fabric: Record<string, unknown> & { run(): void; flowDoneTx: Float64Array; nowNs: number; pool: { i32: Int32Array } };
  tr: RudTransport;
  /** [acked PSN, cumulative PSN, ECN echo, rtx echo, recvdBytes] of every ACK the receiver sent. */
  acks: number[][];
  /** [PSN, LastHop, CE] of every NACK the receiver sent. */
  nacks: number[][];
  /** [Tx bits, PSN, ns] of every packet the sender let go. */
  sends: number[][];
  /** [newBytes, rttNs, ns] the CC heard on each ACK. */
  ccAcks: number[][];
  /** [bytes, lastHop] of each onTrim, [bytes, ns] of each onTimeout. */
  trims: number[][];
  timeouts: number[][];
  /** [PSN, attempt] of each onTimeout: the packet timed out and its own timeout count. */
  attempts: number[][];
  /** ns of every ACK the sender processed. */
  ackAt: number[];
}

function probe(s: Scenario, mangle?: (psn: number, copy: number, i32: Int32Array, h: number) => "drop" | undefined, dropAck?: (ackedPsn: number) => boolean): Probe {
  const b = build(s);
  const fabric = b.fabric as unknown as Probe["fabric"];
  const tr = (b.fabric as unknown as { transport: RudTransport }).transport;
  const cc = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf[0];
  const p: Probe = { fabric, tr, acks: [], nacks: [], sends: [], ccAcks: [], trims: [], timeouts: [], attempts: [], ackAt: [] };
  const ro = tr.rx.out;
  const fillAck = tr.fillAck.bind(tr);
  tr.fillAck = (pool, a) => {
    p.acks.push([ro[4], ro[0], ro[5], ro[6], ro[7]]);
    fillAck(pool, a);
  };
  const nextPacket = tr.nextPacket.bind(tr);
  tr.nextPacket = (slot, nowNs, ev) => {
    const r = nextPacket(slot, nowNs, ev);
    p.sends.push([r, tr.psn, nowNs]);
    return r;
  };
  const nack = (fabric.nack as (...a: number[]) => void).bind(fabric);
  fabric.nack = (host: number, f: number, src: number, h: number) => {
    const i32 = fabric.pool.i32;
    p.nacks.push([i32[(h << 4) + P.Psn], (i32[(h << 4) + P.Flags] & Flag.LastHop) !== 0 ? 1 : 0, (i32[(h << 4) + P.Flags] & Flag.Ce) !== 0 ? 1 : 0]);
    nack(host, f, src, h);
  };
  const senderAck = (fabric.senderAck as (f: number, h: number) => void).bind(fabric);
  fabric.senderAck = (f: number, h: number) => {
    if (dropAck?.(fabric.pool.i32[(h << 4) + P.Psn])) return;
    p.ackAt.push(fabric.nowNs);
    senderAck(f, h);
  };
  const onAck = cc.onAck.bind(cc);
  cc.onAck = (slot, nowNs, acked, rttNs, ecn, remote) => {
    p.ccAcks.push([acked, rttNs, nowNs, ecn ? 1 : 0]);
    onAck(slot, nowNs, acked, rttNs, ecn, remote);
  };
  const onTrim = cc.onTrim.bind(cc);
  cc.onTrim = (slot, nowNs, bytes, lastHop, rttNs) => {
    p.trims.push([bytes, lastHop ? 1 : 0]);
    onTrim(slot, nowNs, bytes, lastHop, rttNs);
  };
  const onTimeout = cc.onTimeout.bind(cc);
  cc.onTimeout = (slot, nowNs, bytes, lost, attempt) => {
    p.timeouts.push([bytes, nowNs]);
    p.attempts.push([tr.psn, attempt ?? -1]);
    onTimeout(slot, nowNs, bytes, lost, attempt);
  };
  if (mangle !== undefined) {
    const copies = new Map<number, number>();
    const receiverPacket = (fabric.receiverPacket as (host: number, h: number) => void).bind(fabric);
    fabric.receiverPacket = (host: number, h: number) => {
      const i32 = fabric.pool.i32;
      const psn = i32[(h << 4) + P.Psn];
      const copy = copies.get(psn) ?? 0;
      copies.set(psn, copy + 1);
      if (i32[(h << 4) + P.Kind] === Kind.Data && mangle(psn, copy, i32, h) === "drop") {
        (fabric.pool as unknown as { release(h: number): void }).release(h);
        return;
      }
      receiverPacket(host, h);
    };
  }
  return p;
}

function scenario(packets: number, ackEveryBytes: number): Scenario {
  const s = oneSwitchScenario("rud-glue", 100, [{ src: 0, dst: 1, bytes: packets * (WIRE - 64) }]);
  return { ...s, transport: { ...s.transport, ackEveryBytes } } as Scenario;
}

/** Trims packet h to its 64 B header at the last hop, as Fabric.trim does. */
function trimLastHop(i32: Int32Array, h: number): void {
  i32[(h << 4) + P.Kind] = Kind.Header;
  i32[(h << 4) + P.Bytes] = 64;
  i32[(h << 4) + P.Flags] |= Flag.LastHop;
}

test("coalescing: an ACK on the first packet, then when 16,384 B accumulate, then on AR (the last packet); the CC hears each ACK's received bytes once (uet-htsim §6, §3 step 1)", () => {
  // 8 full packets of 4,150 B, no CC (no window-full AR): ACK at PSN 0 (first); PSNs 1–4 add
  // 16,600 ≥ 16,384 → ACK at 4; 5, 6 add 8,300; 7 is the message's last (AR) → ACK at 7.
  const p = probe(scenario(8, 16_384));
  p.fabric.run();
  assert.equal(
    p.acks.map((a) => [a[0], a[1], a[4]]),
    [
      [0, 1, WIRE],
      [4, 5, 5 * WIRE],
      [7, 8, 8 * WIRE],
    ],
    "[acked PSN, cumulative PSN, recvdBytes] of each ACK",
  );
  assert.equal(
    p.ccAcks.map((a) => a[0]),
    [WIRE, 4 * WIRE, 3 * WIRE],
    "newly received bytes the CC heard per ACK",
  );
  // Every ACK's acked PSN was sent once and not echoed as a retransmission: each carries an RTT sample.
  assert.ok(p.ccAcks.every((a) => a[1] > 0), "an RTT sample on every ACK");
  // The flow completes when the last byte is cumulatively acknowledged: at the third ACK.
  assert.is(Math.floor(p.fabric.flowDoneTx[0] / 1000), p.ackAt[2], "flow done at the last ACK");
  assert.is(p.tr.errors(), 0);
});

test("a trimmed header: exactly one NACK with its last-hop bit; the resend goes with AR and the retransmission flag and is ACKed at once echoing it; the CC hears the trim once and every byte once (uet-htsim §4, §6)", () => {
  // 4 packets, ACK per packet; PSN 1 trimmed at the last hop on its first copy.
  const p = probe(scenario(4, 0), (psn, copy, i32, h) => {
    if (psn === 1 && copy === 0) trimLastHop(i32, h);
    return undefined;
  });
  p.fabric.run();
  assert.equal(p.nacks, [[1, 1, 0]], "NACKs [PSN, last hop, CE]");
  assert.equal(p.trims, [[WIRE, 1]], "onTrim [bytes, last hop]");
  const resends = p.sends.filter((s) => (s[0] & 2) !== 0).map((s) => s[1]);
  assert.equal(resends, [1], "retransmitted PSNs");
  const rtxAck = p.acks.find((a) => a[0] === 1);
  assert.ok(rtxAck !== undefined && rtxAck[3] === 1 && rtxAck[1] === 4, "the resend's ACK echoes rtx and acknowledges all 4");
  const heard = p.ccAcks.reduce((s, a) => s + a[0], 0);
  assert.is(heard, 4 * WIRE, "bytes acknowledged to the CC: each packet once");
  assert.is(p.timeouts.length, 0, "no timeout");
  assert.is(p.tr.errors(), 0);
});

test("a silent loss: one timer per flow, fired at the oldest outstanding send + RTO, one packet per expiry; the SACKs of later packets counted once (uet-htsim §4 rtxTimerExpired)", () => {
  // 5 packets, ACK per packet; PSN 2's first copy is lost. ACKs of 3 and 4 SACK them (counted
  // then); the timer, re-armed at each ACK to the oldest outstanding send, is PSN 2's send + RTO.
  const p = probe(scenario(5, 0), (psn, copy) => (psn === 2 && copy === 0 ? "drop" : undefined));
  p.fabric.run();
  const rto = p.tr.tx.params.rtoNs;
  const sent2 = p.sends.find((s) => s[1] === 2 && (s[0] & 1) !== 0) as number[];
  assert.equal(p.timeouts, [[WIRE, sent2[2] + rto]], "timeouts [bytes, ns]");
  const resend = p.sends.filter((s) => (s[0] & 2) !== 0);
  assert.equal(
    resend.map((s) => [s[1], s[2]]),
    [[2, sent2[2] + rto]],
    "the retransmission leaves at the expiry",
  );
  assert.equal(
    p.ccAcks.map((a) => a[0]),
    [WIRE, WIRE, WIRE, WIRE, WIRE],
    "newly received bytes per ACK (PSNs 0, 1, 3, 4, then 2's resend)",
  );
  // Karn (uet-htsim §3 step 3): the resend was sent twice and its ACK echoes rtx: a valid sample.
  assert.ok(p.ccAcks[4][1] > 0 && p.ccAcks[4][1] < rto, "the resend's RTT sample is from its resend");
  assert.is(Math.floor(p.fabric.flowDoneTx[0] / 1000), p.ackAt[p.ackAt.length - 1], "flow done at the ACK of the hole");
  assert.is(p.tr.errors(), 0);
});

test("per-packet timeouts: a burst of silent losses reaches the CC as first timeouts (attempt 1 each), a packet lost twice as attempt 2; Swift judges each by it (Isekai: Falcon's timeout_retransmission_attempts)", () => {
  // 6 packets, ACK per packet, Swift (google: retransmit_limit 3). First copies of PSNs 1, 2, 3
  // lost, and 2's resend too. One timer at the oldest outstanding send + RTO: 1, 2, 3 expire
  // one serialisation apart, each at its first RTO; 2's resend leaves at its expiry and expires
  // an RTO later, its second. Swift's count after each: 1, 1, 1, then 2 (the flow's consecutive
  // count, the old rule, read 1, 2, 3 and then 1: the ACK of 1's resend cleared it before 2's
  // second expiry).
  const s = scenario(6, 0);
  const p = probe({ ...s, transport: { ...s.transport, cc: { name: "swift" } } } as Scenario, (psn, copy) =>
    (psn === 1 || psn === 3) && copy === 0 ? "drop" : psn === 2 && copy < 2 ? "drop" : undefined,
  );
  const cc = (p.fabric as unknown as { ccOf: CcAdapter[] }).ccOf[0] as unknown as { m: { retransmitCount(slot: number): number } };
  const counts: number[] = [];
  const onTimeout = (p.fabric as unknown as { ccOf: CcAdapter[] }).ccOf[0].onTimeout;
  (p.fabric as unknown as { ccOf: CcAdapter[] }).ccOf[0].onTimeout = (slot, nowNs, bytes, lost, attempt) => {
    onTimeout(slot, nowNs, bytes, lost, attempt);
    counts.push(cc.m.retransmitCount(slot));
  };
  p.fabric.run();
  const rto = p.tr.tx.params.rtoNs;
  const sent = (psn: number, k: number) => (p.sends.filter((x) => x[1] === psn)[k] as number[])[2];
  assert.equal(p.attempts, [[1, 1], [2, 1], [3, 1], [2, 2]], "[PSN, attempt] of each timeout");
  assert.equal(
    p.timeouts.map((t) => t[1]),
    [sent(1, 0) + rto, sent(2, 0) + rto, sent(3, 0) + rto, sent(2, 1) + rto],
    "each at its copy's send + RTO",
  );
  assert.equal(counts, [1, 1, 1, 2], "Swift's count after each timeout");
  assert.is(p.fabric.flowDoneTx[0] > 0, true);
  assert.is(p.tr.errors(), 0);
});

test("CE: a marked packet is ACKed at once, its ACK alone echoes CE, and the coalescing count restarts after it (uet-htsim §6)", () => {
  // 8 packets, PSN 1 marked: ACKs at 0 (first), 1 (CE), then 2–5 add 16,600 → 5, then 7 (AR).
  const p = probe(scenario(8, 16_384), (psn, _copy, i32, h) => {
    if (psn === 1) i32[(h << 4) + P.Flags] |= Flag.Ce;
    return undefined;
  });
  p.fabric.run();
  assert.equal(
    p.acks.map((a) => [a[0], a[2]]),
    [
      [0, 0],
      [1, 1],
      [5, 0],
      [7, 0],
    ],
    "[acked PSN, ECN echo] of each ACK",
  );
  assert.equal(
    p.ccAcks.map((a) => [a[0], a[3]]),
    [
      [WIRE, 0],
      [WIRE, 1],
      [4 * WIRE, 0],
      [2 * WIRE, 0],
    ],
    "[newly received bytes, CE] the CC heard",
  );
  assert.is(p.tr.errors(), 0);
});

test("a lost ACK: the timeout resends, the receiver ACKs the duplicate at once echoing rtx, the CC hears the packet's bytes once with a Karn-valid sample, and the flow completes then", () => {
  // 4 packets, ACK per packet; the first ACK of PSN 3 is lost. Timer: PSN 3's send + RTO.
  let lost = 0;
  const p = probe(scenario(4, 0), undefined, (psn) => psn === 3 && lost++ === 0);
  p.fabric.run();
  const rto = p.tr.tx.params.rtoNs;
  const sent3 = p.sends.find((s) => s[1] === 3 && (s[0] & 1) !== 0) as number[];
  assert.equal(p.timeouts, [[WIRE, sent3[2] + rto]], "timeouts [bytes, ns]");
  assert.equal(
    p.acks.map((a) => [a[0], a[3], a[4]]),
    [
      [0, 0, WIRE],
      [1, 0, 2 * WIRE],
      [2, 0, 3 * WIRE],
      [3, 0, 4 * WIRE],
      [3, 1, 4 * WIRE],
    ],
    "[acked PSN, rtx echo, recvdBytes] of each ACK the receiver sent",
  );
  assert.equal(
    p.ccAcks.map((a) => a[0]),
    [WIRE, WIRE, WIRE, WIRE],
    "bytes the CC heard per ACK that arrived",
  );
  assert.ok(p.ccAcks[3][1] > 0 && p.ccAcks[3][1] < rto, "the duplicate's ACK gives the resend's RTT");
  assert.is(Math.floor(p.fabric.flowDoneTx[0] / 1000), p.ackAt[3], "flow done at the duplicate's ACK");
  assert.is(p.tr.errors(), 0);
});

test("a CE-marked header trimmed before the last hop: one NACK carrying CE and no last-hop bit; the LB hears NACK for its EV, the CC a trim that is not last-hop (uet-htsim §4 step 5, §6)", () => {
  const p = probe(scenario(3, 0), (psn, copy, i32, h) => {
    if (psn === 1 && copy === 0) {
      i32[(h << 4) + P.Kind] = Kind.Header;
      i32[(h << 4) + P.Bytes] = 64;
      i32[(h << 4) + P.Flags] |= Flag.Ce;
    }
    return undefined;
  });
  const lb = (p.fabric as unknown as { lbOf: { onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number }[] }).lbOf[0];
  const kinds: number[] = [];
  const fb = lb.onPathFeedback.bind(lb);
  lb.onPathFeedback = (slot, nowNs, ev, kind) => (kinds.push(kind), fb(slot, nowNs, ev, kind));
  p.fabric.run();
  assert.equal(p.nacks, [[1, 0, 1]], "NACKs [PSN, last hop, CE]");
  assert.equal(p.trims, [[WIRE, 0]], "onTrim [bytes, last hop]");
  // In arrival order: the ACK of 0 (GOOD), the NACK of 1, the ACK of 2, the ACK of 1's resend.
  assert.equal(kinds, [GOOD, NACK, GOOD, GOOD], "LB feedback kinds in order");
  assert.ok(!kinds.includes(ECN), "a NACK's CE is no ECN feedback off the last hop");
  assert.is(p.tr.errors(), 0);
});

test.run();
