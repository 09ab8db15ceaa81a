import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_FULL, E_OVERFLOW, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { resolveRudParams } from "./params";
import {
  RUD_RX_ACK,
  RUD_RX_DUPLICATE,
  RUD_RX_NACK,
  RUD_RX_NEW,
  RUD_RX_REFUSED,
  RudReceiver,
} from "./receiver";
import {
  RUD_ACK_COMPLETE,
  RUD_ACK_DONE,
  RUD_ACK_FREED,
  RUD_ACK_RTT,
  RUD_NACK_RETRANSMIT,
  RUD_TIMEOUT,
  RUD_TX_LAST,
  RUD_TX_NEW,
  RUD_TX_RETRANSMIT,
  RudSender,
} from "./sender";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const MSS = 4086;

/** Sends one packet and returns [result, psn, bytes]. */
function send(s: RudSender, slot: number, now: number, ev = 0): [number, number, number] {
  const r = s.nextPacket(slot, now, ev);
  return [r, s.out[0], s.out[1]];
}

/** A sender with one open flow whose two-packet message went at t = 0 and 10. */
function twoSent(params: ConstructorParameters<typeof RudSender>[0]): RudSender {
  const s = new RudSender(params, 1);
  s.open(0);
  s.post(0, 2 * MSS);
  send(s, 0, 0);
  send(s, 0, 10);
  return s;
}

/** Feeds the receiver's last ACK to the sender. */
function ack(s: RudSender, rx: RudReceiver, slot: number, now: number): number {
  const o = rx.out;
  return s.onAck(slot, now, o[0], o[1], o[2], o[3], o[4], o[6] === 1, o[7]);
}

test("parameters: uet-htsim defaults, refusals, bytes per flow", () => {
  const p = resolveRudParams();
  assert.is(p.mtuBytes, 4150);
  assert.is(p.headerBytes, 64);
  assert.is(p.ackEveryBytes, 16384);
  assert.is(p.rtoNs, 100_656); // 15 µs + 6 × 178,450 B × 8 / 100 Gb/s
  assert.throws(() => new RudSender({ windowPackets: 1000 }), RangeError);
  assert.throws(() => new RudSender({ maxMessages: 3 }), RangeError);
  assert.throws(() => new RudSender({ rto: 5 } as never), /unknown parameter/);
  assert.throws(() => new RudSender({ headerBytes: 4150 }), RangeError);
  assert.is(RudSender.bytesPerFlowWith(1024, 8), RudSender.bytesPerFlow + 13 * 1024 + 96);
  assert.is(RudReceiver.bytesPerFlowWith(1024), RudReceiver.bytesPerFlow + 128);
});

test("sizing: the helpers refuse what the constructors refuse, with their message; bytesPerSlot is the table's figure", () => {
  // Review fw2: bytesPerFlowWith(1000, 8) gave 13,161 B and RudReceiver's (100) 30.5 B for
  // tables no constructor builds. The message is resolveRudParams' rule text for the value.
  const window1000 = "Rud: windowPackets must be a power of two in [64, 32768], got 1000";
  assert.throws(() => new RudSender({ windowPackets: 1000, maxMessages: 8 }), (e: Error) => e instanceof RangeError && e.message === window1000);
  assert.throws(() => RudSender.bytesPerFlowWith(1000, 8), (e: Error) => e instanceof RangeError && e.message === window1000);
  assert.throws(() => RudSender.bytesPerFlowWith(1024, 3), (e: Error) => e.message === "Rud: maxMessages must be a power of two in [1, 65536], got 3");
  assert.throws(() => RudReceiver.bytesPerFlowWith(100), (e: Error) => e instanceof RangeError && e.message === "Rud: windowPackets must be a power of two in [64, 32768], got 100");
  assert.throws(() => RudReceiver.bytesPerFlowWith(2 ** 16), /windowPackets must be a power of two in \[64, 32768\], got 65536/);
  // Sender columns: 13 int32 + 3 uint32 = 64 B, + the open flag = 65; per window entry 4 (send
  // tick) + 1 (state) + 2 × 4 (bytes, EV, next, prev as uint16) = 13; per message slot 3 int32 = 12.
  // windowPackets 64, maxMessages 1: 65 + 13 × 64 + 12 × 1 = 65 + 832 + 12 = 909.
  assert.is(new RudSender({ windowPackets: 64, maxMessages: 1 }, 2).bytesPerSlot, 909);
  assert.is(RudSender.bytesPerFlowWith(64, 1), 909);
  // Defaults 1024 and 8: 65 + 13,312 + 96 = 13,473.
  assert.is(new RudSender({}, 1).bytesPerSlot, 13_473);
  // Receiver columns: 4 int32 + 1 uint8 = 17 B, + the open flag = 18; one bit per window PSN:
  // 64 → 18 + 8 = 26, 1024 → 18 + 128 = 146.
  assert.is(new RudReceiver({ windowPackets: 64 }, 2).bytesPerSlot, 26);
  assert.is(new RudReceiver({}, 1).bytesPerSlot, 146);
  assert.is(RudReceiver.bytesPerFlowWith(64), 26);
});

test("close clears every per-flow structure but not errors; a reused slot cannot tell the last flow's ACK from its own (lib/README 'Closing and reusing a slot')", () => {
  const tx = new RudSender({ windowPackets: 64, maxMessages: 2 }, 2);
  const rx = new RudReceiver({ windowPackets: 64 }, 2);
  const fresh = new RudSender({ windowPackets: 64, maxMessages: 2 }, 2).inspect(0);
  const freshRx = new RudReceiver({ windowPackets: 64 }, 2).inspect(0);
  // Flow A on slot 0 from PSN 0: one message of 3 full packets, the second trimmed and resent.
  tx.open(0, 0);
  rx.open(0, 0);
  assert.is(tx.post(0, 3 * MSS), 0);
  assert.is(tx.post(0, 0), E_ARG); // one error, counted table-wide
  for (let i = 0; i < 3; i++) send(tx, 0, 10 + i);
  assert.is(tx.onNack(0, 20, 1), RUD_NACK_RETRANSMIT);
  send(tx, 0, 21); // the resend of PSN 1
  let staleAck: number[] = [];
  for (const psn of [0, 1, 2]) {
    if ((rx.onData(0, 30 + psn, psn, 4150, false, psn === 2, psn === 1) & RUD_RX_ACK) !== 0) staleAck = Array.from(rx.out);
  }
  assert.is(staleAck[0], 3, "A's last ACK: cumulative PSN 3");
  assert.is(staleAck[7], 3 * 4150, "and rcvd_bytes 3 × (4086 + 64) = 12,450");
  assert.is(tx.nacks(0), 1);
  assert.is(tx.retransmissions(0), 1);
  assert.is(tx.errors, 1);
  // close: every column as in a table never opened (the per-flow counters too), and the send
  // records and message ring with them; the table-wide error count stays.
  assert.is(tx.close(0), 0);
  assert.is(rx.close(0), 0);
  assert.equal(tx.inspect(0), fresh);
  assert.equal(rx.inspect(0), freshRx);
  assert.is(tx.errors, 1);
  // Flow B reuses slot 0 from PSN 1000 (a different start, as a caller should choose it).
  tx.open(0, 1000);
  rx.open(0, 1000);
  assert.is(tx.outstandingPackets(0) + tx.queuedRetransmissions(0) + tx.pendingMessages(0) + tx.nacks(0) + tx.retransmissions(0), 0);
  assert.is(tx.transmissions(0, 1), 0, "A's PSN 1, sent twice, left no record");
  assert.equal([rx.cumPsn(0), rx.receivedBytes(0), rx.outOfOrder(0)], [1000, 0, 0]);
  assert.is(tx.post(0, 3 * MSS), 0, "MSNs restart at 0");
  for (let i = 0; i < 3; i++) send(tx, 0, 100 + i);
  // A's ACK arrives late. Its PSNs (cum 3) lie below B's start, so RUD takes it for an old ACK
  // of B's: accepted (0, no error), and its rcvd_bytes, 12,450 above B's 0, is new bytes.
  const o = staleAck;
  assert.is(tx.onAck(0, 200, o[0], o[1], o[2], o[3], o[4], o[6] === 1, o[7]), 0);
  assert.is(tx.errors, 1);
  assert.is(tx.out[5], 12_450, "out.newBytes of a stale ACK");
  // B's own first ACK (rcvd_bytes 4150) then counts nothing new: 4150 − 12,450 < 0.
  assert.is(rx.onData(0, 300, 1000, 4150, false, true, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.is(ack(tx, rx, 0, 301) & RUD_ACK_FREED, RUD_ACK_FREED);
  assert.is(tx.out[5], 0);
});

test("a message is cut into MSS packets, the last one short and flagged", () => {
  const s = new RudSender({}, 2);
  s.open(1, 100);
  assert.is(s.post(1, 2 * MSS + 10), 0);
  assert.is(s.nextBytes(1), 4150);
  assert.equal(send(s, 1, 0), [RUD_TX_NEW, 100, 4150]);
  assert.is(s.out[4], 0); // offset
  assert.equal(send(s, 1, 1), [RUD_TX_NEW, 101, 4150]);
  assert.is(s.out[4], MSS);
  assert.is(s.nextBytes(1), 74);
  assert.equal(send(s, 1, 2), [RUD_TX_NEW | RUD_TX_LAST, 102, 74]);
  assert.is(s.out[2], 10);
  assert.is(s.nextBytes(1), 0);
  assert.is(s.nextPacket(1, 3, 0), 0);
  assert.is(s.outstandingPackets(1), 3);
});

test("the largest header leaves one payload byte per packet; the smallest leaves MTU − 1", () => {
  const one = new RudSender({ mtuBytes: 100, headerBytes: 99 }, 1);
  one.open(0);
  one.post(0, 3);
  assert.equal(send(one, 0, 0), [RUD_TX_NEW, 0, 100]);
  assert.is(one.out[2], 1); // payload bytes
  assert.equal(send(one, 0, 1), [RUD_TX_NEW, 1, 100]);
  assert.equal(send(one, 0, 2), [RUD_TX_NEW | RUD_TX_LAST, 2, 100]);
  const big = new RudSender({ mtuBytes: 100, headerBytes: 1 }, 1);
  big.open(0);
  big.post(0, 100);
  assert.equal(send(big, 0, 0), [RUD_TX_NEW, 0, 100]);
  assert.is(big.out[2], 99);
  assert.equal(send(big, 0, 1), [RUD_TX_NEW | RUD_TX_LAST, 1, 2]);
  assert.throws(() => new RudSender({ mtuBytes: 100, headerBytes: 0 }), RangeError);
  assert.throws(() => new RudSender({ mtuBytes: 100, headerBytes: 100 }), RangeError);
});

test("in-order delivery with per-packet ACKs: RTT samples, completion, done", () => {
  const s = new RudSender({}, 1);
  const rx = new RudReceiver({ ackEveryBytes: 0 }, 1);
  s.open(0);
  rx.open(0);
  s.post(0, 3 * MSS);
  for (let i = 0; i < 3; i++) send(s, 0, i * 100);
  for (let psn = 0; psn < 3; psn++) {
    const r = rx.onData(0, 1000 + psn, psn, 4150, false, false, false);
    assert.is(r, RUD_RX_NEW | RUD_RX_ACK);
    assert.is(rx.out[0], psn + 1); // cumulative
    assert.is(rx.out[7], 4150 * (psn + 1)); // rcvd_bytes counts headers
    const a = ack(s, rx, 0, 2000 + psn);
    assert.is(s.out[5], 4150); // newly received bytes for the CC
    assert.is(s.out[6], 2000 + psn - psn * 100); // RTT = now − send time
    assert.ok(a & RUD_ACK_RTT && a & RUD_ACK_FREED);
    if (psn === 2) {
      assert.is(a, RUD_ACK_RTT | RUD_ACK_FREED | RUD_ACK_COMPLETE | RUD_ACK_DONE);
      assert.is(s.out[8], 1);
    }
  }
  assert.is(s.timerArmed(0), false);
  assert.is(s.oldestMsn(0), 1);
});

test("coalescing: ACK on the first packet, every 16 KiB, on CE and on AR (uet-htsim §6)", () => {
  const rx = new RudReceiver({}, 1);
  rx.open(0);
  const kinds: number[] = [];
  // 4150 B packets: first → ACK; then 4150 × 4 = 16,600 ≥ 16,384 → ACK on the 5th packet.
  for (let psn = 0; psn < 6; psn++) kinds.push(rx.onData(0, psn, psn, 4150, false, false, false));
  assert.equal(kinds, [5, 1, 1, 1, 5, 1]);
  assert.is(rx.onData(0, 6, 6, 4150, true, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.is(rx.out[5], 1); // ECN echo of this packet only
  assert.is(rx.out[1], 6); // base = the packet's own PSN for an ECN ACK
  assert.is(rx.onData(0, 7, 7, 4150, false, true, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.is(rx.onData(0, 8, 8, 4150, false, false, false), RUD_RX_NEW); // counter restarted
});

test("out of order: SACK bitmap, base max(psn − 63, cum + 1), and the AR drain ACK", () => {
  const rx = new RudReceiver({ ackEveryBytes: 1 << 30 }, 1);
  rx.open(0);
  rx.onData(0, 0, 0, 100, false, false, false); // first → ACK, cum 1
  // PSN 1 is missing; 2, 3, 5 arrive; 5 with AR.
  assert.is(rx.onData(0, 1, 2, 100, false, false, false), RUD_RX_NEW);
  assert.is(rx.onData(0, 2, 3, 100, false, false, false), RUD_RX_NEW);
  assert.is(rx.onData(0, 3, 5, 100, false, true, false), RUD_RX_NEW | RUD_RX_ACK);
  // AR ACK: base = 5; bit 0 (PSN 5) set, 6.. clear.
  assert.is(rx.out[0], 1);
  assert.is(rx.out[1], 5);
  assert.is(rx.out[2], 1);
  assert.is(rx.out[8], 3);
  // A duplicate is ACKed at once with base max(3 − 63, cum + 1) = 2: bits 0,1 (2,3) and 3 (5).
  assert.is(rx.onData(0, 4, 3, 100, false, false, false), RUD_RX_DUPLICATE | RUD_RX_ACK);
  assert.is(rx.out[1], 2);
  assert.is(rx.out[2], 0b1011);
  // PSN 1 fills the hole: cum jumps to 4; PSN 4 still missing, so the queue has not drained.
  assert.is(rx.onData(0, 5, 1, 100, false, false, false), RUD_RX_NEW);
  assert.is(rx.cumPsn(0), 4);
  // PSN 4 drains it → the AR promise is kept with an ACK; cum 6.
  assert.is(rx.onData(0, 6, 4, 100, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.is(rx.out[0], 6);
  assert.is(rx.outOfOrder(0), 0);
  assert.is(rx.receivedBytes(0), 600);
});

test("trim: NACK, retransmission before new data, RTT only for an echoed second send", () => {
  const s = new RudSender({}, 1);
  const rx = new RudReceiver({ ackEveryBytes: 0 }, 1);
  s.open(0);
  rx.open(0);
  s.post(0, 4 * MSS);
  send(s, 0, 0, 11);
  send(s, 0, 10, 12);
  // PSN 0 trimmed on the way.
  assert.is(rx.onTrimmed(0, 500, 0, false), RUD_RX_NACK);
  assert.is(s.onNack(0, 600, 0), RUD_NACK_RETRANSMIT);
  assert.is(s.out[1], 4150);
  assert.is(s.out[6], 600);
  assert.is(s.out[9], 11);
  assert.is(s.onNack(0, 601, 0), 0); // already queued
  assert.is(s.queuedRetransmissions(0), 1);
  assert.is(s.nextPsn(0), 0);
  assert.equal(send(s, 0, 700, 13), [RUD_TX_RETRANSMIT, 0, 4150]);
  assert.is(s.transmissions(0, 0), 2);
  assert.is(s.retransmissions(0), 1);
  // The retransmission arrives (rtx flag echoed): valid sample of the second send.
  rx.onData(0, 800, 0, 4150, false, true, true);
  const a = ack(s, rx, 0, 900);
  assert.ok(a & RUD_ACK_RTT);
  assert.is(s.out[6], 200);
  // PSN 1 arrives; its ACK without echo and one transmission: valid.
  rx.onData(0, 950, 1, 4150, false, false, false);
  assert.ok(ack(s, rx, 0, 1000) & RUD_ACK_RTT);
  // A trimmed header of an already received PSN is answered with an ACK.
  assert.is(rx.onTrimmed(0, 1001, 1, false), RUD_RX_DUPLICATE | RUD_RX_ACK);
  assert.is(rx.out[6], 0);
  // A trimmed retransmission of a PSN already received: the ACK echoes the flag (uet-htsim
  // processTrimmed), so the sender takes the sample of a packet sent twice. Found in review.
  assert.is(rx.onTrimmed(0, 1002, 1, true), RUD_RX_DUPLICATE | RUD_RX_ACK);
  assert.is(rx.out[6], 1);
});

test("the ACK of a trimmed duplicate leaves the coalescing count alone (uet-htsim processTrimmed)", () => {
  const rx = new RudReceiver({}, 1);
  rx.open(0);
  assert.is(rx.onData(0, 0, 0, 4150, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.is(rx.onData(0, 10, 1, 4150, false, false, false), RUD_RX_NEW);
  assert.is(rx.onTrimmed(0, 20, 1, false), RUD_RX_DUPLICATE | RUD_RX_ACK);
  assert.is(rx.onData(0, 30, 2, 4150, false, false, false), RUD_RX_NEW);
  assert.is(rx.onData(0, 40, 3, 4150, false, false, false), RUD_RX_NEW);
  // 4 × 4150 = 16,600 ≥ 16,384 B since PSN 0's ACK: the trimmed duplicate's ACK did not restart it
  assert.is(rx.onData(0, 50, 4, 4150, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
});

test("queued retransmissions go lowest PSN first, whatever order the NACKs and timeouts came in (uet-htsim's _rtx_queue is a map)", () => {
  // Found in review: the queue was FIFO, so a sprayed flow resent in NACK order.
  const s = new RudSender({}, 1);
  s.open(0);
  s.post(0, 4 * MSS);
  for (let i = 0; i < 4; i++) s.nextPacket(0, i * 10, i + 1);
  for (const psn of [2, 0]) assert.is(s.onNack(0, 500, psn), RUD_NACK_RETRANSMIT);
  assert.is(s.onTimer(0, 10 + s.params.rtoNs), 1); // the oldest outstanding, PSN 1
  assert.is(s.nextPsn(0), 0);
  const order = [];
  for (let k = 0; k < 3; k++) {
    assert.ok(s.nextPacket(0, 200_000, 9) & RUD_TX_RETRANSMIT);
    order.push(s.out[0]);
  }
  assert.equal(order, [0, 1, 2]);
});

test("an echo mismatch gives no RTT sample (uet-htsim §3 step 3)", () => {
  const s = new RudSender({}, 1);
  s.open(0);
  s.post(0, MSS);
  send(s, 0, 0);
  // ACK for PSN 0 echoing a retransmission although it was sent once: no sample.
  assert.is(s.onAck(0, 100, 0, 1, 0, 0, 0, true, 0) & RUD_ACK_RTT, 0);
  assert.is(s.out[6], 0);
});

test("timeout: oldest send + RTO, one packet per expiry, then the next oldest", () => {
  const s = new RudSender({ rtoNs: 1000 }, 1);
  s.open(0, 100); // PSNs 100 …: the ring index of a PSN is not its offset from the cumulative ACK
  s.post(0, 3 * MSS);
  send(s, 0, 0, 5);
  send(s, 0, 300, 6);
  send(s, 0, 600, 7);
  assert.is(s.deadlineNs(0), 1000);
  assert.is(s.onTimer(0, 999), 0);
  assert.is(s.onTimer(0, 1000), RUD_TIMEOUT);
  assert.equal([s.out[0], s.out[1], s.out[9]], [100, 4150, 5]);
  assert.is(s.deadlineNs(0), 1300);
  // Retransmitting PSN 100 puts it at the back of the send order.
  send(s, 0, 1100, 8);
  assert.is(s.deadlineNs(0), 1300);
  assert.is(s.onTimer(0, 1300), RUD_TIMEOUT);
  assert.is(s.out[0], 101);
  assert.is(s.onTimer(0, 1300), 0); // PSN 102 is due at 1600
  assert.is(s.timeouts(0), 2);
});

test("without rtoBackoff the RTO stays rtoNs however many fire (uet-htsim), and nothing bounds them", () => {
  const s = twoSent({ rtoNs: 1000 });
  const sentAt = [0, 10]; // by PSN
  for (let k = 0; k < 40; k++) {
    const d = s.deadlineNs(0);
    assert.is(d, Math.min(sentAt[0], sentAt[1]) + 1000);
    assert.is(s.onTimer(0, d), RUD_TIMEOUT);
    const psn = s.out[0];
    // The two alternate, so this is the packet's (k >> 1) + 1-th RTO, counted to 7 (3 bits).
    assert.is(s.packetTimeouts(0, psn), Math.min((k >> 1) + 1, 7));
    send(s, 0, d + 5); // the timed-out packet goes again: the other one is now the oldest
    sentAt[psn] = d + 5;
  }
  assert.is(s.timeouts(0), 40);
  assert.is(s.transmissions(0, 0), 3); // saturated, and the RTO count beside it did not spill
  assert.equal([s.packetTimeouts(0, 0), s.packetTimeouts(0, 1), s.packetTimeouts(0, 2), s.packetTimeouts(1, 0)], [7, 7, 0, 0]);
  assert.is(s.errors, 0);
});

test("rtoBackoff doubles a packet's RTO for each RTO it had, up to 2^30 ns; maxRtoRetries bounds a packet's RTOs", () => {
  const s = new RudSender({ rtoNs: 1000, rtoBackoff: true, maxRtoRetries: 3 }, 1);
  s.open(0);
  s.post(0, MSS);
  send(s, 0, 1); // odd times: 1 ns early is an even time, which a `| 1` would round up
  let t = 1;
  for (let k = 0; k < 3; k++) {
    assert.is(s.deadlineNs(0), t + 1000 * 2 ** k);
    t = s.deadlineNs(0);
    assert.is(s.onTimer(0, t - 1), 0);
    assert.is(s.onTimer(0, t), RUD_TIMEOUT);
    send(s, 0, t);
  }
  assert.is(s.deadlineNs(0), t + 8000); // 1 + 1000 + 2000 + 4000 = 7001, then 15001
  const before = [s.timeouts(0), s.queuedRetransmissions(0), s.outstandingPackets(0), s.deadlineNs(0)];
  assert.is(s.onTimer(0, 15_001), E_OVERFLOW); // a fourth RTO of the same packet: the PDC is in error
  assert.equal([s.timeouts(0), s.queuedRetransmissions(0), s.outstandingPackets(0), s.deadlineNs(0)], before);
  assert.is(s.errors, 1);
  // Another packet has had no RTO: its own timer is the plain rtoNs.
  assert.ok(s.onAck(0, 15_100, 1, 0, 0, 0, 0, true, MSS + 64) & RUD_ACK_DONE);
  s.post(0, MSS);
  send(s, 0, 15_200);
  assert.is(s.deadlineNs(0), 16_200);
  // The count stops at 7: the eighth and later RTOs of a packet wait 2^7 × rtoNs, not less.
  const m = new RudSender({ rtoNs: 10, rtoBackoff: true }, 1);
  m.open(0);
  m.post(0, MSS);
  send(m, 0, 0);
  let tm = 0;
  for (let k = 0; k < 10; k++) {
    assert.is(m.deadlineNs(0), tm + 10 * 2 ** Math.min(k, 7));
    tm = m.deadlineNs(0);
    assert.is(m.onTimer(0, tm), RUD_TIMEOUT);
    send(m, 0, tm);
  }
  // The ceiling: 2^28 ns doubled three times is held at 2^30 (the tick wraps past 2^31).
  const c = new RudSender({ rtoNs: 2 ** 28, rtoBackoff: true }, 1);
  c.open(0);
  c.post(0, MSS);
  send(c, 0, 0);
  let at = 0;
  for (const rto of [2 ** 28, 2 ** 29, 2 ** 30, 2 ** 30]) {
    assert.is(c.deadlineNs(0), (at + rto) | 0);
    at = (at + rto) | 0;
    assert.is(c.onTimer(0, at), RUD_TIMEOUT);
    send(c, 0, at);
  }
});

test("rtoBackoff: each packet waits its own RTO, so a new packet behind a backed-off one times out at its own deadline (UEC §3.5 RTO_TIMER per packet; review rev-rud)", () => {
  const s = new RudSender({ rtoNs: 1000, rtoBackoff: true }, 1);
  s.open(0);
  s.post(0, 4 * MSS);
  send(s, 0, 0); // PSN 0
  // PSN 0 times out three times: at 0 + 1000, resent at 1000 and due 1000 + 2000 = 3000, resent
  // at 3000 and due 3000 + 4000 = 7000, resent at 7000 and due 7000 + 8000 = 15,000.
  for (const at of [1000, 3000, 7000]) {
    assert.is(s.deadlineNs(0), at);
    assert.is(s.onTimer(0, at), RUD_TIMEOUT);
    assert.is(s.out[0], 0);
    send(s, 0, at);
  }
  assert.is(s.deadlineNs(0), 15_000);
  // PSN 1, sent at 7001 with no RTO yet, is due at 7001 + 1000 = 8001, before PSN 0.
  assert.is(send(s, 0, 7001)[1], 1);
  assert.is(s.deadlineNs(0), 8001);
  assert.is(s.onTimer(0, 8000), 0);
  assert.is(s.onTimer(0, 8001), RUD_TIMEOUT);
  assert.equal([s.out[0], s.packetTimeouts(0, 1)], [1, 1]);
  assert.is(s.deadlineNs(0), 15_000);
  // PSN 1 resent at 8001 after one RTO: due 8001 + 2000 = 10,001. PSN 2 at 8002: due 9002, ahead
  // of both backed-off packets. They time out in the order of their own deadlines.
  assert.is(send(s, 0, 8001)[1], 1);
  assert.is(s.deadlineNs(0), 10_001);
  assert.is(send(s, 0, 8002)[1], 2);
  const order: number[][] = [];
  while (s.timerArmed(0)) {
    const at = s.deadlineNs(0);
    assert.is(s.onTimer(0, at), RUD_TIMEOUT);
    order.push([at, s.out[0]]);
  }
  assert.equal(order, [[9002, 2], [10_001, 1], [15_000, 0]]);
  assert.is(s.errors, 0);
});

test("a packet acknowledged while waiting for retransmission is restored, not resent", () => {
  const s = twoSent({ rtoNs: 1000 });
  assert.is(s.onTimer(0, 1000), RUD_TIMEOUT); // PSN 0 presumed lost, but it arrived late
  const r = s.onAck(0, 1001, 1, 2, 0, 0, 0, false, 4150);
  assert.ok(r & RUD_ACK_FREED);
  assert.is(s.out[7], 4150);
  assert.is(s.queuedRetransmissions(0), 0);
  assert.is(s.nextPsn(0), 2);
  // The SACK path restores too: PSN 1 times out and is then SACKed.
  assert.is(s.onTimer(0, 2000), RUD_TIMEOUT);
  s.onAck(0, 2001, 1, 1, 1, 0, 1, false, 8300);
  assert.is(s.out[7], 4150);
  assert.is(s.cumAckPsn(0), 1);
});

test("new data waits at cumulative ACK + window", () => {
  const s = new RudSender({ windowPackets: 64 }, 1);
  s.open(0);
  s.post(0, 100 * MSS);
  for (let i = 0; i < 64; i++) assert.is(send(s, 0, i)[0], RUD_TX_NEW);
  assert.is(s.nextBytes(0), 0);
  assert.is(s.nextPacket(0, 64, 0), 0);
  s.onAck(0, 100, 1, 2, 0, 0, 0, false, 4150);
  assert.is(s.nextBytes(0), 4150);
  const rx = new RudReceiver({ windowPackets: 64 }, 1);
  rx.open(0);
  assert.is(rx.onData(0, 0, 64, 100, false, false, false), RUD_RX_REFUSED);
  assert.is(rx.onTrimmed(0, 0, 64, false), RUD_RX_REFUSED);
});

/** The ACK_CC bitmap fields of out: [cumPsn, sackBase, sackLo, sackHi]. */
function sack(rx: RudReceiver): number[] {
  return [rx.out[0], rx.out[1], rx.out[2], rx.out[3]];
}

test("the SACK bitmap's base and words at their edges (uet-htsim §6: base = max(psn − 63, cum + 1); ECN: psn)", () => {
  const rx = new RudReceiver({ windowPackets: 64, ackEveryBytes: 0 }, 3);
  for (let f = 0; f < 3; f++) rx.open(f);
  // Flow 0: cum 50, then PSN 70: max(70 − 63, 51) = 51, and 70 is bit 19 of the first word.
  for (let p = 0; p < 50; p++) rx.onData(0, 0, p, 100, false, false, false);
  assert.is(rx.onData(0, 1, 70, 100, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.equal(sack(rx), [50, 51, 1 << 19, 0]);
  // Flow 1: PSNs 1 … 31 held, then PSN 0 marked: cum jumps to 32 and the bitmap starts at the
  // marked PSN 0, 32 below cum: the whole first word lies below cum and reads as received.
  for (let p = 1; p < 32; p++) rx.onData(1, 0, p, 100, false, false, false);
  assert.is(rx.onData(1, 1, 0, 100, true, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.equal(sack(rx), [32, 0, -1, 0]);
  // Flow 2: PSN 32 marked with cum 0: its word spans PSNs 32 … 63, all inside the 64-packet
  // window, so none of it is masked off; the second word lies beyond the window.
  assert.is(rx.onData(2, 1, 32, 100, true, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.equal(sack(rx), [0, 32, 1, 0]);
});

test("reopening a flow clears its own received bitmap and no neighbour's", () => {
  const rx = new RudReceiver({ windowPackets: 64 }, 3); // two 32-bit words per flow
  for (let f = 0; f < 3; f++) rx.open(f);
  // PSN 3 of every flow arrives out of order: bit 3 of each flow's first word.
  for (let f = 0; f < 3; f++) rx.onData(f, 0, 3, 100, false, false, false);
  assert.is(rx.close(0), 0);
  rx.open(0);
  assert.not.ok(rx.received(0, 3));
  assert.ok(rx.received(1, 3), "flow 1's first word survives flow 0's close and open");
  assert.is(rx.close(1), 0);
  rx.open(1);
  assert.ok(rx.received(2, 3), "flow 2's first word survives flow 1's close and open");
});

test("received() is false for what is no 32-bit PSN, which `| 0` folds below the cumulative PSN (review rev-rud)", () => {
  const rx = new RudReceiver({ windowPackets: 64 }, 1);
  rx.open(0);
  rx.onData(0, 0, 0, 4150, false, false, false); // cumulative PSN 1
  // NaN, 0.5, 2^32 and 2^32 + 0.5, each | 0, are 0: each would read as PSN 0, below the cumulative PSN.
  assert.equal([rx.received(0, 0), rx.received(0, 1)], [true, false]);
  assert.equal([rx.received(0, NaN), rx.received(0, 0.5), rx.received(0, 2 ** 32), rx.received(0, 2 ** 32 + 0.5)], [false, false, false, false]);
  assert.is(rx.errors, 0, "a reader counts no error");
});

test("nextBytes names the packet nextPacket will send: a queued retransmission first, else the next message's", () => {
  const s = new RudSender({ maxMessages: 4 }, 1);
  s.open(0);
  assert.is(s.post(0, 1), 0); // 1 B, the smallest message: one packet of 65 B
  assert.is(s.post(0, 20), 1);
  assert.is(s.post(0, 30), 2);
  assert.equal(send(s, 0, 0, 0xffff), [RUD_TX_NEW | RUD_TX_LAST, 0, 65]); // EV 65535, the largest
  assert.is(s.nextBytes(0), 84); // message 1: 20 + 64
  // PSN 0 (ring index 0) NACKed: its retransmission goes first.
  assert.is(s.onNack(0, 5, 0), RUD_NACK_RETRANSMIT);
  assert.is(s.nextBytes(0), 65);
  assert.equal(send(s, 0, 6, 1), [RUD_TX_RETRANSMIT | RUD_TX_LAST, 0, 65]); // still its message's last packet
  assert.ok(s.onAck(0, 10, 1, 0, 0, 0, 0, true, 65) & RUD_ACK_COMPLETE); // message 0 done
  assert.equal(send(s, 0, 20, 1), [RUD_TX_NEW | RUD_TX_LAST, 1, 84]);
  // Message 0 retired and message 1 sent: message 2 (30 B) is next, 94 B on the wire.
  assert.is(s.nextBytes(0), 94);
  // A NACK of PSN 0, acknowledged already, is stale: ignored.
  assert.is(s.onNack(0, 31, 0), 0);
  assert.is(s.queuedRetransmissions(0), 0);
});

/** A sender with two 2-MSS messages, msn 0 (PSNs 0, 1) and msn 1 (PSNs 2, 3), of which the first `packets` PSNs are sent. */
function twoMessagesSent(packets: number): RudSender {
  const s = new RudSender({ maxMessages: 4 }, 1);
  s.open(0);
  s.post(0, 2 * MSS);
  s.post(0, 2 * MSS);
  for (let i = 0; i < packets; i++) send(s, 0, i);
  return s;
}

test("a retransmission of the second outstanding message names that message and its offset", () => {
  const s = twoMessagesSent(4);
  assert.is(s.onNack(0, 10, 3), RUD_NACK_RETRANSMIT);
  assert.equal(send(s, 0, 11), [RUD_TX_RETRANSMIT | RUD_TX_LAST, 3, 4150]);
  assert.equal([s.out[3], s.out[4]], [1, MSS], "msn 1, second packet");
  assert.is(s.onNack(0, 12, 2), RUD_NACK_RETRANSMIT);
  assert.equal(send(s, 0, 13), [RUD_TX_RETRANSMIT, 2, 4150]);
  assert.equal([s.out[3], s.out[4]], [1, 0], "msn 1, first packet");
  // The same while message 1 is still being cut into packets (PSN 3 not yet sent).
  const t = twoMessagesSent(3);
  assert.is(t.onNack(0, 10, 2), RUD_NACK_RETRANSMIT);
  assert.equal(send(t, 0, 11), [RUD_TX_RETRANSMIT, 2, 4150]);
  assert.equal([t.out[3], t.out[4]], [1, 0], "msn 1 (partly sent), first packet");
});

test("messages: E_FULL past maxMessages, completion in order", () => {
  const s = new RudSender({ maxMessages: 2 }, 1);
  s.open(0);
  assert.is(s.post(0, 10), 0);
  assert.is(s.post(0, 20), 1);
  assert.is(s.post(0, 30), E_FULL);
  assert.equal(send(s, 0, 0), [RUD_TX_NEW | RUD_TX_LAST, 0, 74]);
  assert.is(s.out[3], 0);
  assert.equal(send(s, 0, 0), [RUD_TX_NEW | RUD_TX_LAST, 1, 84]);
  assert.is(s.out[3], 1);
  // Only PSN 1 acknowledged (SACK): message 0 not complete.
  assert.is(s.onAck(0, 5, 0, 1, 1, 0, 1, false, 84) & RUD_ACK_COMPLETE, 0);
  assert.is(s.out[8], 0, "out.completed: none");
  const r = s.onAck(0, 6, 2, 0, 0, 0, 0, false, 158);
  assert.ok(r & RUD_ACK_COMPLETE && r & RUD_ACK_DONE);
  assert.is(s.out[8], 2);
  assert.is(s.post(0, 30), 2);
});

test("bad input: defined errors, counted, state unchanged", () => {
  const s = new RudSender({}, 2);
  s.open(0);
  s.post(0, 3 * MSS);
  send(s, 0, 0);
  send(s, 0, 1);
  const before = s.inspect(0);
  assert.is(s.onAck(0, 5, 3, 0, 0, 0, 0, false, 0), E_STATE); // cum beyond what was sent
  assert.is(s.onAck(0, 5, 1, 0, 0, 0, 2, false, 0), E_STATE); // acked PSN never sent
  assert.is(s.onAck(0, NaN, 1, 0, 0, 0, 0, false, 0), E_ARG);
  assert.is(s.onAck(0, 5, 1, 0, 0, 0, 0, false, 0.5), E_ARG);
  assert.is(s.onNack(0, 5, 2), E_STATE);
  assert.is(s.onNack(0, 5, 0.5), E_ARG);
  assert.is(s.onNack(1, 5, 0), E_SLOT);
  assert.is(s.nextPacket(0, 5, 70000), E_ARG);
  assert.is(s.nextPacket(1, 5, 0), E_SLOT);
  assert.is(s.post(0, 0), E_ARG);
  assert.is(s.onTimer(1, 0), E_SLOT);
  assert.ok(same(s.inspect(0), before));
  assert.is(s.errors, 11);
  const rx = new RudReceiver({}, 2);
  rx.open(0);
  const rb = rx.inspect(0);
  assert.is(rx.onData(0, 0, 0, 0, false, false, false), E_ARG);
  assert.is(rx.onData(0, 0, 1.5, 10, false, false, false), E_ARG);
  assert.is(rx.onData(1, 0, 0, 10, false, false, false), E_SLOT);
  assert.is(rx.onTrimmed(0, Infinity, 0, false), E_ARG);
  assert.ok(same(rx.inspect(0), rb));
  assert.is(rx.errors, 4);
});

test("received bytes wrap at 2^32: the delta is a signed difference", () => {
  const s = new RudSender({}, 1);
  s.open(0);
  s.post(0, 3 * MSS);
  for (let i = 0; i < 3; i++) send(s, 0, i);
  s.onAck(0, 10, 1, 0, 0, 0, 0, false, 0xfffff000); // as a difference from 0 this is −4096 …
  assert.is(s.out[5], 0); // … backwards: counts nothing
  assert.is(s.receivedBytes(0), 0);
  assert.is(s.onAck(0, 11, 1, 0, 0, 0, 0, false, 4150) & RUD_ACK_FREED, 0);
  assert.is(s.out[5], 4150);
  s.onAck(0, 12, 2, 0, 0, 0, 1, false, (4150 + 0x7fffffff) | 0); // a jump of 2^31 − 1 is the largest forward delta
  assert.is(s.out[5], 0x7fffffff);
});

test("PSN wrap: a flow starting just below 2^31 crosses the int32 sign", () => {
  const s = new RudSender({ windowPackets: 64 }, 1);
  const rx = new RudReceiver({ windowPackets: 64, ackEveryBytes: 0 }, 1);
  const start = 0x7ffffffe;
  s.open(0, start);
  rx.open(0, start);
  s.post(0, 5 * MSS);
  const psns: number[] = [];
  for (let i = 0; i < 5; i++) psns.push(send(s, 0, i)[1]);
  assert.equal(psns, [2147483646, 2147483647, -2147483648, -2147483647, -2147483646]);
  for (const p of [psns[4], psns[2], psns[0], psns[1], psns[3]]) rx.onData(0, 10, p, 4150, false, false, false);
  ack(s, rx, 0, 20);
  assert.is(s.pendingMessages(0), 0);
  assert.is(rx.cumPsn(0), -2147483645);
});

test("seeded lossy model: every packet accepted exactly once, every message completes (on flow seed mod 3 of 3; rtoBackoff on the even seeds)", () => {
  for (let seed = 1; seed <= 20; seed++) {
    const rng = new Xoshiro128(seed);
    const W = 64;
    // With rtoBackoff sends are linked into the outstanding list by their own deadlines.
    const s = new RudSender({ windowPackets: W, rtoNs: 5000, maxMessages: 4, rtoBackoff: seed % 2 === 0 }, 3);
    const rx = new RudReceiver({ windowPackets: W, ackEveryBytes: rng.nextBelow(3) * 8000 }, 3);
    // Every flow of the tables open, the traffic on one, so that a flow's table rows are found
    // at its own offset (flow 0's row starts at 0, where a wrong offset still lands right).
    const f = seed % 3;
    for (let k = 0; k < 3; k++) {
      s.open(k, seed * 1000);
      rx.open(k, seed * 1000);
    }
    const lengths = [rng.nextBelow(50 * MSS) + 1, rng.nextBelow(20 * MSS) + 1, rng.nextBelow(3 * MSS) + 1];
    for (const l of lengths) s.post(f, l);
    const accepted = new Map<number, number>();
    let payload = 0;
    // In flight: [arrival time, kind 0 data / 1 header / 2 ack, psn, rtx, ack snapshot].
    type Ev = { t: number; kind: number; psn: number; rtx: boolean; bytes: number; a?: number[] };
    let net: Ev[] = [];
    let now = 0;
    let completed = 0;
    for (let step = 0; step < 200_000 && completed < 3; step++) {
      now += 10;
      // Send up to a window of 16 outstanding packets.
      if (s.outstandingPackets(f) < 16 && s.nextBytes(f) > 0) {
        const r = s.nextPacket(f, now, 0);
        const x = rng.nextBelow(100);
        const kind = x < 10 ? 1 : 0; // 10 % trimmed
        if (x >= 10 && x < 15) {
          // 5 % lost without trace
        } else net.push({ t: now + 100 + rng.nextBelow(400), kind, psn: s.out[0], rtx: (r & RUD_TX_RETRANSMIT) !== 0, bytes: s.out[1] });
      }
      net.sort((p, q) => p.t - q.t);
      const keep: Ev[] = [];
      for (const e of net) {
        if (e.t > now) {
          keep.push(e);
          continue;
        }
        if (e.kind === 0) {
          const r = rx.onData(f, now, e.psn, e.bytes, false, false, e.rtx);
          if (r & RUD_RX_NEW) {
            accepted.set(e.psn, (accepted.get(e.psn) ?? 0) + 1);
            payload += e.bytes - 64;
          }
          if (r & RUD_RX_ACK && rng.nextBelow(10) > 0) keep.push({ t: now + 50 + rng.nextBelow(300), kind: 2, psn: 0, rtx: false, bytes: 0, a: Array.from(rx.out) });
        } else if (e.kind === 1) {
          const r = rx.onTrimmed(f, now, e.psn, false);
          if (r & RUD_RX_NACK) s.onNack(f, now + 100, e.psn);
        } else {
          const a = e.a as number[];
          const r = s.onAck(f, now, a[0], a[1], a[2], a[3], a[4], a[6] === 1, a[7]);
          assert.ok(r >= 0, `seed ${seed}: onAck error ${r}`);
          if (r & RUD_ACK_COMPLETE) completed += s.out[8];
        }
      }
      net = keep;
      if (s.timerArmed(f)) s.onTimer(f, now);
      assert.ok(s.outstandingPackets(f) >= 0 && s.queuedRetransmissions(f) >= 0);
    }
    assert.is(completed, 3, `seed ${seed}: messages completed`);
    assert.is(payload, lengths[0] + lengths[1] + lengths[2], `seed ${seed}: payload delivered once`);
    for (const [, n] of accepted) assert.is(n, 1);
    assert.is(s.errors + rx.errors, 0);
  }
});

// A 32-bit PSN or SACK word may be given signed or unsigned (`open` takes firstPsn either way;
// a NIC reading wire fields with getUint32 gets the unsigned form): every handler must take both
// and behave identically. They refused the unsigned form with E_ARG (review).
test("PSN and SACK words are taken signed or unsigned alike, across the 2^32 wrap", () => {
  const U = 2 ** 32 - 2; // the uint32 spelling of PSN −2
  const pair = () => [0, 1].map(() => {
    const t = new RudSender({}, 1);
    t.open(0, U);
    t.post(0, 4150 * 40);
    for (let i = 0; i < 36; i++) t.nextPacket(0, 1000 + i, 5); // PSNs −2 … 33
    return t;
  });
  const [a, b] = pair();
  const u = (x: number) => x >>> 0;
  // A NACK of PSN −1, then an ACK: cumulative 1 (PSNs −2, −1, 0 acknowledged), SACK from base 2
  // with bit 31 set (PSN 33 received), the ACK's own PSN 33.
  assert.is(a.onNack(0, 2000, u(-1)), b.onNack(0, 2000, -1));
  assert.equal(Array.from(a.out), Array.from(b.out));
  assert.is(a.onAck(0, 3000, u(1), u(2), 0x80000000, 0, u(33), false, 3 * 4150), b.onAck(0, 3000, 1, 2, 0x80000000 | 0, 0, 33, false, 3 * 4150));
  assert.equal(Array.from(a.out), Array.from(b.out));
  assert.equal(a.inspect(0), b.inspect(0));
  assert.is(a.cumAckPsn(0), 1);
  assert.is(a.errors + b.errors, 0);
  // A cumulative ACK given as 2^32 − 1 (PSN −1) on a fresh pair: one packet freed, no endless walk.
  const [c, d] = pair();
  assert.is(c.onAck(0, 3000, u(-1), 0, 0, 0, u(-2), false, 4150), d.onAck(0, 3000, -1, 0, 0, 0, -2, false, 4150));
  assert.is(c.cumAckPsn(0), -1);

  const rx = [0, 1].map(() => {
    const t = new RudReceiver({}, 1);
    t.open(0, U);
    return t;
  });
  assert.is(rx[0].onData(0, 1000, U, 4150, true, false, false), rx[1].onData(0, 1000, -2, 4150, true, false, false));
  assert.equal(Array.from(rx[0].out), Array.from(rx[1].out));
  assert.is(rx[0].onTrimmed(0, 1100, u(5), false), rx[1].onTrimmed(0, 1100, 5, false));
  assert.equal(Array.from(rx[0].out), Array.from(rx[1].out));
  assert.is(rx[0].errors + rx[1].errors, 0);
});

// Mutation pass (2026-12-07, receiver.ts whole): behaviours no test pinned down.

test("receiver: the default capacity is one flow", () => {
  // constructor(params, capacity = 1); open throws RangeError for a slot outside the table (lib/README).
  assert.throws(() => new RudReceiver().open(1), RangeError);
  assert.not.throws(() => new RudReceiver().open(0));
});

test("receiver: ackEveryBytes 0 ACKs every packet, a 1-byte packet included", () => {
  // README: onData's bytes is an integer in [1, 2^31 − 1]; ackEveryBytes 0 is Enb_ACK_Per_Pkt
  // ("0: every packet"). PSN 0 is ACKed as the first packet; PSNs 1 and 2, 1 B each, in order,
  // are ACKed too: 1 B since the last ACK reaches a per-packet threshold.
  const rx = new RudReceiver({ ackEveryBytes: 0 }, 1);
  rx.open(0);
  for (let psn = 0; psn < 3; psn++) {
    assert.is(rx.onData(0, psn, psn, 1, false, false, false), RUD_RX_NEW | RUD_RX_ACK, `psn ${psn}`);
    assert.is(rx.out[0], psn + 1);
  }
  assert.is(rx.receivedBytes(0), 3);
  assert.is(rx.errors, 0);
});

test("receiver: the coalescing count restarts at 0 B after a new packet's ACK and after a duplicate's", () => {
  // uet-htsim §6 / README: ACK when the bytes accepted since the last ACK reach ackEveryBytes (≥),
  // and every ACK, a duplicate's too, restarts that count. ackEveryBytes 1000:
  const rx = new RudReceiver({ ackEveryBytes: 1000 }, 1);
  rx.open(0);
  // PSN 0 (100 B) is ACKed as the first packet: count 0. PSN 1, 999 B: 999 < 1000, no ACK.
  assert.is(rx.onData(0, 0, 0, 100, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.is(rx.onData(0, 1, 1, 999, false, false, false), RUD_RX_NEW);
  // PSN 2, 1 B: 999 + 1 = 1000 ≥ 1000, ACK; count 0 again.
  assert.is(rx.onData(0, 2, 2, 1, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
  // A copy of PSN 1 is ACKed at once and restarts the count (0 + 0). PSN 3, 999 B: 999 < 1000.
  assert.is(rx.onData(0, 3, 1, 999, false, false, false), RUD_RX_DUPLICATE | RUD_RX_ACK);
  assert.is(rx.onData(0, 4, 3, 999, false, false, false), RUD_RX_NEW);
  assert.is(rx.onData(0, 5, 4, 1, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
});

test("receiver: open on an open flow starts it afresh, its held PSNs forgotten without a close", () => {
  // lib/README: open on an open slot starts it afresh. A 64-packet window is two 32-bit words:
  // PSN 3 (word 0) and PSN 40 (word 1) held out of order, then open again from PSN 0.
  const rx = new RudReceiver({ windowPackets: 64 }, 1);
  rx.open(0);
  rx.onData(0, 0, 3, 100, false, false, false);
  rx.onData(0, 1, 40, 100, false, false, false);
  assert.equal([rx.received(0, 3), rx.received(0, 40), rx.outOfOrder(0)], [true, true, 2]);
  rx.open(0);
  assert.equal([rx.received(0, 3), rx.received(0, 40), rx.outOfOrder(0)], [false, false, 0]);
  assert.is(rx.onData(0, 2, 40, 100, false, false, false), RUD_RX_NEW | RUD_RX_ACK, "new again (the first packet)");
});

test("receiver: received() reads its own flow's bitmap past the first word, on flow 1", () => {
  // A 64-packet window is two words a flow: flow 1 holds PSN 40 (its word 1, bit 8), flow 0
  // nothing; each flow's answer is its own.
  const rx = new RudReceiver({ windowPackets: 64 }, 2);
  rx.open(0);
  rx.open(1);
  assert.is(rx.onData(1, 0, 40, 100, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.equal([rx.received(1, 40), rx.received(1, 41), rx.received(0, 40)], [true, false, false]);
});

test("receiver: the SACK base max(psn − 63, cum + 1) at psn − 63 = cum + 2, an even PSN offset", () => {
  // uet-htsim §6: base = max(psn − 63, cum + 1). Cum 0, PSN 65 arrives first (ACKed as the first
  // packet, neither CE nor AR): max(65 − 63, 0 + 1) = 2. The 64 bits cover PSNs 2..65: PSN 65 is
  // bit 63, the top bit of the second word (int32 −2^31); nothing else is held.
  const rx = new RudReceiver({}, 1);
  rx.open(0);
  assert.is(rx.onData(0, 0, 65, 100, false, false, false), RUD_RX_NEW | RUD_RX_ACK);
  assert.equal(sack(rx), [0, 2, 0, -(2 ** 31)]);
});

test("receiver: opening flow 1 again or closing it clears flow 1's two bitmap words, never flow 0's", () => {
  // lib/README: open on an open slot starts it afresh; each flow has its own bitmap, and closing
  // or opening one leaves its neighbours' alone. A 64-packet window is 64 / 32 = 2 words a flow:
  // flow 0's are words 0..1, flow 1's words 2..3 (slot << 1). Both hold PSNs out of order (cum 0).
  const rx = new RudReceiver({ windowPackets: 64 }, 2);
  rx.open(0);
  rx.open(1);
  for (const psn of [3, 40]) rx.onData(0, 0, psn, 100, false, false, false);
  for (const psn of [5, 40]) rx.onData(1, 0, psn, 100, false, false, false);
  rx.open(1); // no close: afresh
  assert.equal([rx.received(1, 5), rx.received(1, 40)], [false, false], "flow 1 forgot its PSNs");
  assert.equal([rx.received(0, 3), rx.received(0, 40)], [true, true], "flow 0 kept its own");
  rx.onData(1, 0, 5, 100, false, false, false);
  assert.is(rx.close(1), 0);
  assert.equal([rx.received(0, 3), rx.received(0, 40)], [true, true], "flow 1's close left flow 0's words");
});

test("receiver: a trimmed header on flow 1 is looked up in flow 1's bitmap, past its first word", () => {
  // README onTrimmed: NACK when the PSN was not received, else DUPLICATE | ACK. A 64-packet
  // window is two words a flow: flow 1 holds PSN 40 (its word 1, bit 8), flow 0 holds PSN 41
  // (its word 1, bit 9); cum 0 on both. Each flow's answer comes from its own words.
  const rx = new RudReceiver({ windowPackets: 64 }, 2);
  rx.open(0);
  rx.open(1);
  rx.onData(1, 0, 40, 100, false, false, false);
  rx.onData(0, 0, 41, 100, false, false, false);
  assert.is(rx.onTrimmed(1, 1, 40, false), RUD_RX_DUPLICATE | RUD_RX_ACK, "flow 1 holds PSN 40");
  assert.is(rx.onTrimmed(1, 2, 41, false), RUD_RX_NACK, "flow 0's PSN 41 is not flow 1's");
  assert.is(rx.onTrimmed(0, 3, 40, false), RUD_RX_NACK, "flow 1's PSN 40 is not flow 0's");
});

test("nextPacket refuses a negative EV: ev is an integer in [0, 65535] (README 'Bad input'), and -1 is no 16-bit entropy", () => {
  const s = new RudSender({}, 1);
  s.open(0);
  s.post(0, MSS);
  const before = s.inspect(0);
  // -1 and -65536 are integers ≤ 0xffff but below 0: E_ARG, nothing sent, PSN 0 still next.
  assert.is(s.nextPacket(0, 5, -1), E_ARG);
  assert.is(s.nextPacket(0, 5, -65536), E_ARG);
  assert.ok(same(s.inspect(0), before));
  assert.is(s.errors, 2);
  assert.is(s.nextPacket(0, 5, 65535), RUD_TX_NEW | RUD_TX_LAST, "the top of the range is taken");
});

/** Window 64: PSNs 0..63 sent at t = 0..63, PSN 0 acknowledged (cum 1), then PSN 64 sent at 200 into PSN 0's ring place. */
function ringReused(): RudSender {
  const s = new RudSender({ windowPackets: 64 }, 1);
  s.open(0);
  s.post(0, 100 * MSS);
  for (let i = 0; i < 64; i++) send(s, 0, i);
  // cum 1 frees PSN 0; its ACK (sent once, not echoed) samples 100 − 0 = 100 ns.
  assert.is(s.onAck(0, 100, 1, 1, 0, 0, 0, false, 4150), RUD_ACK_RTT | RUD_ACK_FREED);
  assert.is(s.out[6], 100);
  // 64 − cum 1 = 63 < window 64: PSN 64 may go; 64 mod 64 = 0, PSN 0's old place.
  assert.ok(same(send(s, 0, 200), [RUD_TX_NEW, 64, 4150]));
  return s;
}

test("a stale ACK naming a PSN below the cumulative point samples no RTT, though its ring place now holds a live PSN a window on (uet-htsim step 3: live records only)", () => {
  const s = ringReused();
  // The ACK of PSN 0 again (a duplicate overtaken on another path), at 300: PSN 0 was released
  // by cum 1, so it has no live record. PSN 64 (= 0 + 64) is live in the same place; its send
  // at 200 would give 300 − 200 = 100 ns if the stale ACK were read as its own.
  const r = s.onAck(0, 300, 1, 1, 0, 0, 0, false, 4150);
  assert.is(r & RUD_ACK_RTT, 0, "no sample from an acknowledged PSN");
  assert.is(s.out[6], 0, "out.rttNs 0: no sample");
  assert.is(s.outstandingPackets(0), 64, "PSNs 1..64 still in flight");
});

test("a NACK of a PSN below the cumulative point does nothing, though its ring place now holds a live PSN a window on (README: onNack returns 0 below the cumulative ACK)", () => {
  const s = ringReused();
  // PSN 0 is below cum 1: 0. PSN 64 in the same ring place stays outstanding, not queued.
  assert.is(s.onNack(0, 300, 0), 0);
  assert.is(s.queuedRetransmissions(0), 0);
  assert.is(s.outstandingPackets(0), 64);
  assert.is(s.nacks(0), 0, "a NACK that queued nothing is not counted");
});

test("onNack on flow 1 queues flow 1's packet, with flow 0 open and idle (each flow's ring is its own)", () => {
  const s = new RudSender({ windowPackets: 64 }, 2);
  s.open(0);
  s.open(1);
  s.post(1, MSS);
  assert.ok(same(send(s, 1, 10, 7), [RUD_TX_NEW | RUD_TX_LAST, 0, 4150]));
  // Flow 1's PSN 0 is outstanding (flow 0 has sent nothing): queued, RTT 25 − 10 = 15 ns, EV 7.
  assert.is(s.onNack(1, 25, 0), RUD_NACK_RETRANSMIT);
  assert.is(s.out[0], 0);
  assert.is(s.out[1], 4150);
  assert.is(s.out[6], 15);
  assert.is(s.out[9], 7);
  assert.is(s.queuedRetransmissions(1), 1);
  assert.is(s.queuedRetransmissions(0), 0);
});

test("a retransmission on flow 1 names flow 1's message and offset, not flow 0's (each flow's message table is its own)", () => {
  const s = new RudSender({ windowPackets: 64 }, 2);
  s.open(0);
  s.open(1);
  // Flow 0: one 5-packet message, two packets of it sent (MSN 0 covers PSNs 0..4 there).
  s.post(0, 5 * MSS);
  send(s, 0, 0);
  send(s, 0, 1);
  // Flow 1: MSN 0 = PSNs 0, 1 and MSN 1 = PSNs 2, 3, all sent.
  s.post(1, 2 * MSS);
  s.post(1, 2 * MSS);
  for (let i = 0; i < 4; i++) send(s, 1, 2 + i);
  assert.is(s.onNack(1, 10, 2), RUD_NACK_RETRANSMIT);
  assert.equal(send(s, 1, 11), [RUD_TX_RETRANSMIT, 2, 4150]);
  // PSN 2 opens flow 1's MSN 1: offset (2 − 2) × MSS = 0 (on flow 0's table it would be MSN 0 at 2 × MSS).
  assert.equal([s.out[3], s.out[4]], [1, 0]);
});

test("SACK bits below the cumulative point are skipped, though their ring place now holds a live PSN a window on (README: bits below it are skipped)", () => {
  const s = ringReused();
  // An older ACK (cum 1) whose SACK bit 0 of base 0 names PSN 0, acknowledged already: nothing is
  // released; PSN 64 in PSN 0's ring place stays in flight (PSNs 1..64: 64 packets).
  const r = s.onAck(0, 300, 1, 0, 1, 0, 1, false, 4150);
  assert.is(r & RUD_ACK_FREED, 0);
  assert.is(s.outstandingPackets(0), 64);
  assert.is(s.transmissions(0, 64), 1, "PSN 64 still has its send record");
});

test("flow 1's readers read flow 1's ring: deadlineNs from its own send, transmissions of its own PSN (flow 0 open and idle)", () => {
  const s = new RudSender({ windowPackets: 64 }, 2);
  s.open(0);
  s.open(1);
  s.post(1, MSS);
  send(s, 1, 1000);
  // One packet sent at 1000: the timer at its send + rtoNs = 1000 + 100,656 = 101,656.
  assert.is(s.deadlineNs(1), 101_656);
  assert.is(s.transmissions(1, 0), 1);
  assert.is(s.transmissions(0, 0), 0, "flow 0 sent nothing");
});

test("transmissions of a PSN below the cumulative point is 0, though its ring place now holds a live PSN a window on", () => {
  const s = ringReused();
  assert.is(s.transmissions(0, 0), 0, "PSN 0 was acknowledged: no live record");
  assert.is(s.transmissions(0, 64), 1);
});

test("opening and closing flow 1 leaves flow 0's send records and message table alone", () => {
  const s = new RudSender({ windowPackets: 64 }, 2);
  s.open(0);
  s.post(0, 2 * MSS);
  send(s, 0, 0); // PSN 0 of flow 0's two-packet message
  s.open(1);
  s.close(1);
  // Flow 0 goes on: PSN 1 ends its message (RUD_TX_LAST, full packet), PSN 0 is still in flight
  // with one send, and its NACK resends it as MSN 0 at offset 0.
  assert.ok(same(send(s, 0, 10), [RUD_TX_NEW | RUD_TX_LAST, 1, 4150]));
  assert.is(s.transmissions(0, 0), 1);
  assert.is(s.onNack(0, 20, 0), RUD_NACK_RETRANSMIT);
  assert.ok(same(send(s, 0, 30), [RUD_TX_RETRANSMIT, 0, 4150]));
  assert.equal([s.out[3], s.out[4]], [0, 0]);
});

test.run();
