// The CC adapters on their own, with hand-chosen numbers: the AckRequest rule every window
// module gets, the pass-through of a run without congestion control, and the error counts the
// integrity check adds up. (The fabric tests drive the adapters only through whole runs, where
// an AR bit on every packet or a miscounted error does not change a completion time.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Aimd } from "../../lib/cc/aimd/aimd";
import { Dcqcn } from "../../lib/cc/dcqcn/dcqcn";
import { Dctcp } from "../../lib/cc/dctcp/dctcp";
import { Mprdma } from "../../lib/cc/mprdma/mprdma";
import { DcqcnNp } from "../../lib/cc/dcqcn/np";
import { Nscc } from "../../lib/cc/nscc/nscc";
import { Timely } from "../../lib/cc/timely/timely";
import { RudReceiver } from "../../lib/reliability/rud/receiver";
import { RudSender } from "../../lib/reliability/rud/sender";
import { AimdCc, type CcAdapter, DcqcnCc, DctcpCc, MprdmaCc, NoneCc, NsccCc, RudTransport, Rx, Sx, TimelyCc, Tx } from "./adapters";
import { Flag, Kind, P, PacketPool } from "./packets";
import { packet } from "./test-support";

const MSS = 1000;

/** NSCC, uec at 100 Gb/s with a 14 µs base RTT and 1,000 B packets: its window starts at 262,500 B (1.5 BDP). */
const nsccAt100G = () => new NsccCc(new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: 14_000, mtuBytes: MSS }, 1));

test("a window module asks for an ACK at once exactly when its window cannot take another packet of the size sent (UEC AckRequest)", () => {
  // cwnd 4 MSS = 4000 B. The AR bit is asked when the room left after the send is below the
  // packet's size: 4000 − 1000 = 3000 ≥ 1000 (no); 3000 − 1500 = 1500, not below 1500 (no);
  // 1500 − 1499 = 1 < 1499 (yes); then 1 − 1 = 0 < 1 (yes).
  const cc = new AimdCc(new Aimd({ mssBytes: MSS, initialCwndBytes: 4 * MSS }, 1));
  cc.open(0, 0);
  assert.is(cc.level(0), 4 * MSS);
  assert.is(cc.onSend(0, 0, 1000), 0, "3000 B left");
  assert.is(cc.onSend(0, 0, 1500), 0, "1500 B left: another 1500 B packet still fits");
  assert.is(cc.windowLeft(0), 1500);
  assert.is(cc.onSend(0, 0, 1499), 1, "1 B left");
  assert.is(cc.onSend(0, 0, 1), 1, "nothing left");
  assert.is(cc.windowLeft(0), 0);
  assert.is(cc.errors(), 0);
});

test("without congestion control the adapter never gates, never asks for an ACK, paces nothing and reports no window", () => {
  const cc: CcAdapter = new NoneCc();
  cc.open(3, 2);
  for (let i = 0; i < 1000; i++) {
    assert.ok(cc.canSend(3, 9000));
    assert.is(cc.onSend(3, i, 9000), 0);
  }
  cc.onAck(3, 1000, 9000, 5000, true, 0);
  cc.onTrim(3, 1000, 9000, true, 5000);
  cc.onTimeout(3, 1000, 9000, 9000);
  assert.is(cc.paced, 0);
  assert.is(cc.timed, 0);
  assert.is(cc.pacingGapPs(3, 9000), 0);
  assert.is(cc.level(3), 0);
  assert.is(cc.windowLeft(3), 1 << 30);
  assert.not.ok(cc.timerArmed(3));
  assert.not.ok(cc.onData(3, 0, true));
  assert.is(cc.errors(), 0);
});

test("a rate module reports its rate as its level and never gates on a window", () => {
  const cc = new TimelyCc(new Timely({ linkGbps: 100 }, 1));
  cc.open(0, 0);
  assert.is(cc.paced, 1);
  assert.is(cc.level(0), cc.m.rateBps(0));
  assert.ok(cc.level(0) > 1e9, `${cc.level(0)} b/s`);
  assert.is(cc.windowLeft(0), 1 << 30);
  assert.is(cc.onSend(0, 0, 4096), 0, "a rate module asks for no AR");
});

test("TIMELY's RTT sample leaves out the segment's serialisation at line rate (paper §3.1); the HPCC profile takes the raw difference", () => {
  // A 4,150 B packet at 100 Gb/s: 4,150 × 8 / 100 = 332 ns. Before, the adapter passed the raw
  // sample, 332 ns over the paper's definition, to both profiles.
  const seen = (profile: "paper" | "hpcc") => {
    const cc = new TimelyCc(new Timely({ linkGbps: 100, profile }, 1), 4150);
    cc.open(0, 0);
    const rtts: number[] = [];
    const onAck = cc.m.onAck.bind(cc.m);
    cc.m.onAck = (slot, nowNs, acked, rttNs) => (rtts.push(rttNs), onAck(slot, nowNs, acked, rttNs));
    const onDelaySample = cc.m.onDelaySample.bind(cc.m);
    cc.m.onDelaySample = (slot, nowNs, rttNs) => (rtts.push(rttNs), onDelaySample(slot, nowNs, rttNs));
    cc.onAck(0, 1000, 4150, 10_332);
    cc.onAck(0, 2000, 4150, 0); // no sample: stays 0
    cc.onAck(0, 3000, 4150, 300); // below the serialisation: 1 ns, a sample still
    cc.onDelaySample(0, 4000, 4150, 5332);
    assert.is(cc.errors(), 0);
    return rtts;
  };
  assert.equal(seen("paper"), [10_000, 0, 1, 5000]);
  assert.equal(seen("hpcc"), [10_332, 0, 300, 5332]);
});

/** Opens slot 0 and puts 5 packets of 1,000 B in flight. */
function sendFive(cc: CcAdapter): void {
  cc.open(0, 0);
  for (let i = 0; i < 5; i++) cc.onSend(0, 0, 1000);
}

test("a loss a NACK reports without a trim (go-back-N): each adapter's module hears it as its specification's loss, with the bytes gone back leaving the flight", () => {
  // 5 packets of 1,000 B in flight; the NACK names one hole (1,000 B) and the go-back sends all
  // 5,000 B again: the receiver discarded the 4 packets after the hole.
  // DCTCP: RFC 8257 §3.5 / RFC 5681 eq. (4): ssthresh = cwnd = max(FlightSize / 2, 2 SMSS) =
  // max(2,500, 2,000) = 2,500 B, FlightSize the 5,000 B before they leave (not a timeout's 1 SMSS).
  // Its cut does not scale with the bytes lost: one packet or five, the same halving.
  const dctcp = new DctcpCc(new Dctcp({ mssBytes: MSS, initCwndBytes: 10 * MSS }, 1));
  sendFive(dctcp);
  dctcp.onLoss(0, 10, 5000, 1000);
  assert.equal([dctcp.level(0), dctcp.inflightBytes(0)], [2500, 0], "DCTCP: halved, flight empty");
  // NSCC: UEC's OnNACK is for trimmed packets; a loss found otherwise is OnInferredLoss
  // (notes/uec-nscc-reps-pds.md), cwnd = max(cwnd − size, MTU) with size the packet lost.
  // uec at 100 Gb/s, base RTT 14 µs: cwnd starts at maxWnd = 1.5 × 12.5 B/ns × 14,000 ns = 262,500 B.
  const nscc = nsccAt100G();
  const calls: string[] = [];
  const onInferredLoss = nscc.m.onInferredLoss.bind(nscc.m);
  const onTimeout = nscc.m.onTimeout.bind(nscc.m);
  const onTrim = nscc.m.onTrim.bind(nscc.m);
  nscc.m.onInferredLoss = (slot, nowNs, bytes, lostBytes) => {
    calls.push(`inferred ${bytes} lost ${lostBytes}`);
    return onInferredLoss(slot, nowNs, bytes, lostBytes);
  };
  nscc.m.onTimeout = (slot, nowNs, bytes) => {
    calls.push(`timeout ${bytes}`);
    return onTimeout(slot, nowNs, bytes);
  };
  nscc.m.onTrim = (slot, nowNs, bytes, lastHop, rttNs) => {
    calls.push(`trim ${bytes}`);
    return onTrim(slot, nowNs, bytes, lastHop, rttNs);
  };
  sendFive(nscc);
  assert.is(nscc.level(0), 262_500);
  nscc.onLoss(0, 10, 5000, 1000);
  assert.equal(calls, ["inferred 5000 lost 1000"], "NSCC: OnInferredLoss");
  // One packet off the window: 262,500 − 1,000 = 261,500 (before: − 5,000, everything that left the flight, 257,500).
  assert.equal([nscc.level(0), nscc.inflightBytes(0)], [261_500, 0], "NSCC: cwnd − one packet, flight empty");
  // MP-RDMA (paper): its NACK decrease, nackDecreaseMss 0.5 per MSS lost, on the one packet:
  // 10,000 − ceil(0.5 × 1,000) = 9,500 B (on all 5,000 B it was 10,000 − 2,500 = 7,500).
  const mprdma = new MprdmaCc(new Mprdma({ profile: "paper", mssBytes: MSS, initCwndBytes: 10 * MSS, maxCwndBytes: 100 * MSS }, 1), 1);
  sendFive(mprdma);
  mprdma.onLoss(0, 10, 5000, 1000);
  assert.equal([mprdma.level(0), mprdma.inflightBytes(0)], [9500, 0], "MP-RDMA: half a packet off, flight empty");
  // DCQCN: the rate does not react (HPCC rdma-hw.cc: a NACK only goes back); its window's
  // inflight (windowBytes) empties.
  const dcqcn = new DcqcnCc(new Dcqcn({ windowBytes: 10 * MSS }, 1), new DcqcnNp({}, 1));
  sendFive(dcqcn);
  const rate = dcqcn.level(0);
  assert.is(dcqcn.windowLeft(0), 5 * MSS);
  dcqcn.onLoss(0, 10, 5000, 1000);
  assert.equal([dcqcn.level(0), dcqcn.windowLeft(0)], [rate, 10 * MSS], "DCQCN: rate kept");
  const none = new NoneCc();
  sendFive(none);
  none.onLoss(0, 10, 5000, 1000);
  for (const cc of [dctcp, nscc, mprdma, dcqcn, none]) assert.is(cc.errors(), 0, cc.name);
});

test("a loss that takes nothing out of the flight (one a tail-loss probe repaired, RFC 8985 §7.4.2): the window reacts once, the flight does not move", () => {
  // 5 packets of 1,000 B in flight; a packet of 1,000 B was lost, and the probe's copy of it,
  // acknowledged, has already left the flight (bytes 0, lostBytes 1,000).
  // AIMD (RFC 5681 eq. (4) on the window, decreaseFactor 0.5): 10,000 → 5,000 B; FlightSize 5,000.
  const aimd = new AimdCc(new Aimd({ mssBytes: MSS, initialCwndBytes: 10 * MSS }, 1));
  sendFive(aimd);
  aimd.onLoss(0, 10, 0, 1000);
  assert.equal([aimd.level(0), aimd.inflightBytes(0)], [5000, 5000], "AIMD: halved, flight kept");
  // DCTCP: max(FlightSize / 2, 2 SMSS) = max(2,500, 2,000) = 2,500 B; flight kept.
  const dctcp = new DctcpCc(new Dctcp({ mssBytes: MSS, initCwndBytes: 10 * MSS }, 1));
  sendFive(dctcp);
  dctcp.onLoss(0, 10, 0, 1000);
  assert.equal([dctcp.level(0), dctcp.inflightBytes(0)], [2500, 5000], "DCTCP: halved, flight kept");
  // NSCC: 262,500 − 1,000 = 261,500 B (OnInferredLoss), inflight still 5,000.
  const nscc = nsccAt100G();
  sendFive(nscc);
  nscc.onLoss(0, 10, 0, 1000);
  assert.equal([nscc.level(0), nscc.inflightBytes(0)], [261_500, 5000], "NSCC: one packet off, flight kept");
  for (const cc of [aimd, dctcp, nscc]) assert.is(cc.errors(), 0, cc.name);
});

test("a timeout: everything presumed lost leaves the flight, and NSCC cuts one packet, as uet-htsim's rtxTimerExpired does", () => {
  // 5 packets of 1,000 B in flight, all presumed lost; the oldest outstanding one (1,000 B) is the loss.
  // 262,500 − 1,000 = 261,500 B (the whole flight's cut, before, left 257,500).
  const nscc = nsccAt100G();
  nscc.open(0, 0);
  for (let i = 0; i < 5; i++) nscc.onSend(0, 0, 1000);
  nscc.onTimeout(0, 10, 5000, 1000);
  assert.equal([nscc.level(0), nscc.inflightBytes(0)], [261_500, 0]);
  assert.is(nscc.errors(), 0);
});

test("RUD: a packet the receiver's byte count covered before its timeout leaves nothing of the flight, and NSCC still cuts one packet (uet-htsim rtxTimerExpired: cwnd = max(cwnd − size, MTU))", () => {
  // Three full packets, 4,086 B payload + 64 B header = 4,150 B on the wire, uec at 100 Gb/s and
  // 14 µs: cwnd starts at maxWnd = 1.5 × 12.5 B/ns × 14,000 ns = 262,500 B. PSN 0 is lost; PSN 1
  // arrives, and its ACK (which would SACK it) is lost; PSN 2, the last (AR), is ACKed with the
  // SACK base at its own PSN (uet-htsim §6) and the receiver's count of 1 and 2: 8,300 B. The
  // sender's signed flight: 3 × 4,150 − 8,300 = 4,150, PSN 0's. PSN 0 times out first (4,150 B
  // leave, the flight is 0); its resend waits for the NIC, which serves the other flows on its
  // ring first; then PSN 1 times out. Counted already, it leaves nothing (the sum would go to
  // −4,150: SignedFlight), but it is one more packet lost: uet-htsim cuts 4,150 B at each expiry
  // (notes/uec-htsim-reference.md §4 step 3), 262,500 → 258,350 → 254,200. Until 2026-12-05
  // RUD left lostBytes at −1, NSCC was cut by the flight's 0, and the window stayed at 258,350.
  const WIRE = 4150;
  const HEADER = 64;
  const RTO_NS = 100_000;
  const p = { mtuBytes: WIRE, headerBytes: HEADER, rtoNs: RTO_NS, ackEveryBytes: 0 };
  const t = new RudTransport(new RudSender(p, 1), new RudReceiver(p, 1), HEADER);
  const cc: CcAdapter = new NsccCc(new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: 14_000, mtuBytes: WIRE, headerBytes: HEADER }, 1));
  const pool = new PacketPool(64);
  t.open(0);
  cc.open(0, 0);
  t.post(0, 3 * (WIRE - HEADER));
  /** The NIC lets the flow's next packet go at `nowNs`, as Fabric.sendData: its Flag bits. */
  const send = (nowNs: number): number => {
    const r = t.nextPacket(0, nowNs, 0);
    if ((r & Tx.Retransmit) !== 0) cc.onResend(0, nowNs, t.bytes);
    else cc.onSend(0, nowNs, t.bytes);
    return ((r & Tx.Retransmit) !== 0 ? Flag.Rtx | Flag.Ar : 0) | ((r & Tx.Last) !== 0 ? Flag.Ar : 0);
  };
  /** PSN `psn` reaches the receiver; the ACK it answers with, or −1. */
  const arrive = (psn: number, flags: number, nowNs: number): number => {
    if ((t.onData(0, nowNs, pool, packet(pool, Kind.Data, 0, WIRE, { psn, flags })) & Rx.Ack) === 0) return -1;
    const a = packet(pool, Kind.Ack, 0, HEADER);
    t.fillAck(pool, a);
    return a;
  };
  /** The ACK reaches the sender, and its CC hears it as Fabric.senderAck tells it. */
  const ack = (a: number, nowNs: number): void => {
    const r = t.onAck(0, nowNs, pool, a);
    assert.ok(r >= 0);
    if (t.restoredBytes > 0) cc.restore(0, nowNs, t.restoredBytes);
    cc.onAck(0, nowNs, t.newBytes, (r & Sx.Rtt) !== 0 ? t.rttNs : 0, false, 0);
  };
  /** The flow's timer fires: [PSN, bytes leaving the flight]; the CC hears it as Fabric.timer tells it. */
  const expire = (nowNs: number): number[] => {
    assert.is(t.onTimer(0, nowNs), 1);
    cc.onTimeout(0, nowNs, t.bytes, t.lostBytes < 0 ? t.bytes : t.lostBytes, t.timeoutAttempt);
    return [t.psn, t.bytes];
  };
  const f0 = send(0);
  const f1 = send(332);
  const f2 = send(664);
  assert.equal([f0, f1, f2], [0, 0, Flag.Ar]);
  // An RTT of the base 14 µs (sent at 664, ACKed at 14,664): no lower base RTT, no queueing delay.
  assert.ok(arrive(1, f1, 7_000) >= 0, "PSN 1 is ACKed (that ACK is lost)");
  ack(arrive(2, f2, 7_332), 14_664);
  // The ACK names the data PSN it answers and whether that was a resend (MP-RDMA's Δ filter reads both).
  assert.equal([t.ackedPsn, t.ackedRetransmit], [2, false]);
  assert.equal([cc.inflightBytes(0), cc.level(0)], [WIRE, 262_500], "PSN 0 alone in the CC's flight");
  assert.equal(expire(RTO_NS), [0, WIRE], "PSN 0: 4,150 B leave");
  assert.equal([cc.inflightBytes(0), cc.level(0)], [0, 258_350], "cwnd − 4,150 B");
  assert.equal(expire(RTO_NS + 332), [1, 0], "PSN 1: nothing leaves");
  assert.equal([cc.inflightBytes(0), cc.level(0)], [0, 254_200], "cwnd − 4,150 B again");
  assert.is(t.lostBytes, WIRE, "PSN 1's wire bytes reported lost");
  // The resends go; PSN 0's is ACKed with the count of all three (12,450 B: 4,150 new) and the
  // cumulative PSN past 2; PSN 1's copy is a duplicate, ACKed without new bytes. The signed
  // flight: 5 × 4,150 sent (two of them resends) − 3 × 4,150 counted − 2 × 4,150 timed out = 0,
  // and NSCC's flight with it.
  const r0 = send(RTO_NS + 1_000);
  const r1 = send(RTO_NS + 1_332);
  ack(arrive(0, r0, RTO_NS + 6_000), RTO_NS + 11_000);
  assert.equal([t.ackedPsn, t.ackedRetransmit], [0, true]);
  ack(arrive(1, r1, RTO_NS + 6_332), RTO_NS + 11_332);
  assert.equal([t.ackedPsn, t.ackedRetransmit], [1, true]);
  assert.ok(!t.timerArmed(0), "nothing outstanding");
  assert.is(cc.inflightBytes(0), 0, "NSCC's flight back at 0");
  assert.equal([t.errors(), cc.errors()], [0, 0]);
});

test("RUD: a packet ACKed while its resend waits in the queue puts its bytes back into the CC's flight (restoredBytes), a NACK carries the RTT of the packet it names, and a duplicate header's ACK echoes its retransmission flag", () => {
  // One full packet, 4,150 B on the wire. It times out at the RTO (4,150 B leave the flight, the
  // resend queued); its original copy is then ACKed before the resend goes: the sender puts the
  // 4,150 B back (restoredBytes) as the fabric restores before it acknowledges, and the ACK
  // counts them (newBytes).
  const WIRE = 4150;
  const HEADER = 64;
  const p = { mtuBytes: WIRE, headerBytes: HEADER, rtoNs: 100_000, ackEveryBytes: 0 };
  /** A RUD flow in slot 0 of a table of one. */
  const rud = (): RudTransport => {
    const x = new RudTransport(new RudSender(p, 1), new RudReceiver(p, 1), HEADER);
    x.open(0);
    return x;
  };
  const t = rud();
  const pool = new PacketPool(16);
  t.post(0, WIRE - HEADER);
  assert.is(t.nextPacket(0, 0, 0) & Tx.New, Tx.New);
  assert.is(t.onTimer(0, 100_000), 1);
  assert.is(t.bytes, WIRE);
  assert.ok((t.onData(0, 100_500, pool, packet(pool, Kind.Data, 0, WIRE, { psn: 0, flags: Flag.Ar })) & Rx.Ack) !== 0);
  const a = packet(pool, Kind.Ack, 0, HEADER);
  t.fillAck(pool, a);
  assert.ok(t.onAck(0, 101_000, pool, a) >= 0);
  assert.equal([t.restoredBytes, t.newBytes], [WIRE, WIRE]);
  // A second flow of two packets: PSN 1's NACK at 7 µs names a packet sent at 1 µs, 6,000 ns ago.
  const u = rud();
  u.post(0, 2 * (WIRE - HEADER));
  u.nextPacket(0, 0, 0);
  u.nextPacket(0, 1000, 0);
  assert.is(u.onNack(0, 7000, pool, packet(pool, Kind.Nack, 0, HEADER, { psn: 1 })), 1);
  assert.equal([u.bytes, u.rttNs], [WIRE, 6000]);
  // A trimmed header of a packet already received (PSN 1) is ACKed as a duplicate, echoing the header's
  // retransmission flag (uet-htsim processTrimmed): a resend's yes, a first copy's no.
  const v = rud();
  // A pool of its own, whose handle 0 is a resend: a handle misread as 0 would echo its flag.
  const rxPool = new PacketPool(16);
  assert.ok((v.onData(0, 10, rxPool, packet(rxPool, Kind.Data, 0, WIRE, { psn: 0, flags: Flag.Rtx | Flag.Ar })) & Rx.Ack) !== 0);
  assert.ok((v.onData(0, 11, rxPool, packet(rxPool, Kind.Data, 0, WIRE, { psn: 1, flags: Flag.Ar })) & Rx.Ack) !== 0);
  /** The ACK to a trimmed header of PSN 1: [the PSN it names, its retransmission echo]. */
  const echo = (flags: number): number[] => {
    assert.is(v.onHeader(0, 20, rxPool, packet(rxPool, Kind.Header, 0, HEADER, { psn: 1, flags })), Rx.Ack);
    const a = packet(rxPool, Kind.Ack, 0, HEADER);
    v.fillAck(rxPool, a);
    return [rxPool.i32[(a << 4) + P.Psn], rxPool.i32[(a << 4) + P.Flags] & Flag.Rtx];
  };
  assert.equal([echo(Flag.Rtx), echo(0)], [[1, Flag.Rtx], [1, 0]]);
  // One beyond the receive window is refused: no NACK, no ACK.
  assert.is(v.onHeader(0, 30, rxPool, packet(rxPool, Kind.Header, 0, HEADER, { psn: 1 << 22 })), 0);
  assert.equal([t.errors(), u.errors(), v.errors()], [0, 0, 0]);
});

test("MP-RDMA's Δ filter: an ACK 32 or more PSNs below the highest ACKed without a retransmission echo takes one MSS off (DCP-Simulation mprdma)", () => {
  // Paper profile: outOfOrderDecreaseMss 1, so a late ACK is cwnd − 1 MSS. Window 10,000 B.
  const make = (profile: "paper" | "htsim") =>
    new MprdmaCc(new Mprdma({ profile, mssBytes: MSS, initCwndBytes: 10 * MSS, maxCwndBytes: 100 * MSS }, 2), 2);
  const cc = make("paper");
  cc.open(1, 0);
  assert.is(cc.lateAcks, 1);
  for (let psn = 0; psn <= 40; psn++) cc.onAckedPsn(1, psn, psn, false);
  assert.is(cc.level(1), 10 * MSS, "in order: snd_ooh climbs to 40, nothing is late");
  cc.onAckedPsn(1, 41, 9, false); // 40 − 9 = 31 < 32
  assert.is(cc.level(1), 10 * MSS, "31 below is within Δ");
  cc.onAckedPsn(1, 42, 8, false); // 40 − 8 = 32 ≥ 32
  assert.is(cc.level(1), 9 * MSS, "32 below: late, one MSS off");
  cc.onAckedPsn(1, 43, 0, true);
  assert.is(cc.level(1), 9 * MSS, "an ACK echoing a retransmission is not tested");
  cc.onAckedPsn(1, 44, 100, true);
  cc.onAckedPsn(1, 45, 60, false); // a retransmission's ACK did not raise snd_ooh: 40 − 60 < 0, and 60 is the new highest
  assert.is(cc.level(1), 9 * MSS);
  cc.onAckedPsn(1, 46, 28, false); // 60 − 28 = 32
  assert.is(cc.level(1), 8 * MSS, "snd_ooh is 60 now");
  // Across the 32-bit PSN wrap: highest 5 (after 2^32 − 1), 5 − (2^32 − 27) = 32 packets.
  cc.open(0, 0);
  cc.onAckedPsn(0, 0, -1, false);
  cc.onAckedPsn(0, 1, 5, false);
  cc.onAckedPsn(0, 2, -27, false);
  assert.is(cc.level(0), 9 * MSS, "late across the wrap");
  // A slot opened again forgets its snd_ooh; the htsim profile has no Δ penalty.
  cc.open(1, 0);
  cc.onAckedPsn(1, 0, 3, false);
  assert.is(cc.level(1), 10 * MSS, "the first ACK after open only sets snd_ooh");
  const htsim = make("htsim");
  htsim.open(0, 0);
  htsim.onAckedPsn(0, 0, 40, false);
  htsim.onAckedPsn(0, 1, 0, false);
  assert.is(htsim.level(0), 10 * MSS, "outOfOrderDecreaseMss 0");
  assert.is(cc.errors() + htsim.errors(), 0);
});

test("DCQCN's error count is the reaction point's plus the notification point's", () => {
  const cc = new DcqcnCc(new Dcqcn({}, 2), new DcqcnNp({}, 2));
  cc.open(0);
  assert.is(cc.errors(), 0);
  cc.onAck(1, 0, 1000); // slot 1 is closed at the reaction point
  assert.is(cc.errors(), 1);
  cc.onData(1, 0, true); // … and at the notification point
  cc.onData(1, 0, false);
  assert.is(cc.m.errors, 1);
  assert.is(cc.np.errors, 2);
  assert.is(cc.errors(), 3);
});

test("DCQCN: one flow timer serves the RP's timers and the NP's deferred CNP, whichever is due first (§3.1)", () => {
  // Paper profile: N = 50 µs between CNPs, deferred; α and increase timers 55 µs after a CNP.
  const cc = new DcqcnCc(new Dcqcn({}, 1), new DcqcnNp({}, 1));
  cc.open(0);
  assert.is(cc.timerArmed(0), false);
  assert.is(cc.onData(0, 0, true), true, "the first mark gets a CNP at once");
  assert.is(cc.onData(0, 10_000, true), false, "a mark 10 µs later waits for the interval");
  assert.is(cc.timerArmed(0), true);
  assert.is(cc.nextTimerNs(0), 50_000, "the NP's CNP is due when N has passed since the last");
  assert.is(cc.onTimer(0, 49_999), false);
  assert.is(cc.onTimer(0, 50_000), true, "the deferred CNP goes now");
  assert.is(cc.timerArmed(0), false);
  // The CNP reaches the RP at 52 µs: its timers are due at 52 + 55 = 107 µs. A mark at 60 µs
  // defers a CNP to 50 + 50 = 100 µs, which comes first; then the RP's.
  cc.onCnp(0, 52_000);
  assert.is(cc.nextTimerNs(0), 107_000);
  assert.is(cc.onData(0, 60_000, true), false);
  assert.is(cc.nextTimerNs(0), 100_000);
  assert.is(cc.onTimer(0, 100_000), true);
  assert.is(cc.nextTimerNs(0), 107_000);
  assert.is(cc.onTimer(0, 107_000), false);
  assert.is(cc.nextTimerNs(0), 162_000, "the RP's timers re-armed a period later");
  assert.is(cc.errors(), 0);
});

test.run();
