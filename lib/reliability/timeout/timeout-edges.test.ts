// Boundaries of the timeout-only sender that timeout.test.ts and the vectors passed over, found by
// the mutation pass (docs/mutation-testing.md): the timer counted from a start after time 0, the
// retry limit and its reset on progress, a pass that skips a SACKed packet, the receiver's time.
// Twenty-seventh pass: windowPackets' range ends, the receiver's first completion, and a pass
// ended by ACKs that must not come back once SND.UNA is 2^23 PSNs past it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_OVERFLOW, E_STATE } from "../../core/errors";
import {
  TIMEOUT_FIRED,
  TIMEOUT_RX_ACK,
  TIMEOUT_RX_COMPLETE,
  TIMEOUT_RX_PLACE,
  TIMEOUT_TX_NEW,
  TIMEOUT_TX_NONE,
  TIMEOUT_TX_RETRANSMIT,
  TimeoutReceiver,
  TimeoutSender,
} from "./timeout";
import { assertRetryLimit, sendingOnFlow1 } from "../test-support";

/** Flow 1 with `packets` packets of 1 KiB sent at `sentNs`; the timeout is 1001 ns. */
function sending(packets: number, sentNs: number, maxRetries = 7): TimeoutSender {
  return sendingOnFlow1(new TimeoutSender({ mtuBytes: 1024, rtoNs: 1001, maxRetries }, 2), 1024, packets, sentNs, TIMEOUT_TX_NEW);
}

test("the timer runs from its start (an even gap one short of an odd RTO does not fire)", () => {
  const s = sending(2, 10_000);
  assert.is(s.onTimer(1, 11_000), 0);
  assert.is(s.onTimer(1, 11_001), TIMEOUT_FIRED);
});

test("after maxRetries firings without progress the QP is in error", () => {
  assertRetryLimit(sending(2, 0, 2), TIMEOUT_FIRED, TIMEOUT_TX_RETRANSMIT);
});

test("the timer runs from a pass's first resend; the pass's later resends leave it there", () => {
  const s = sending(3, 0); // PSNs 0–2, RTO 1001
  assert.is(s.onTimer(1, 1001), TIMEOUT_FIRED);
  assert.is(s.nextPacket(1, 1500), TIMEOUT_TX_RETRANSMIT);
  assert.is(s.deadlineNs(1), 2501);
  assert.is(s.nextPacket(1, 2000), TIMEOUT_TX_RETRANSMIT);
  assert.is(s.deadlineNs(1), 2501);
});

test("progress resets the retry count", () => {
  const s = sending(4, 0, 2);
  assert.is(s.onTimer(1, 1001), TIMEOUT_FIRED);
  assert.is(s.nextPacket(1, 1001), TIMEOUT_TX_RETRANSMIT); // PSN 0 again
  s.onAck(1, 1500, 1, 0); // PSN 0 acknowledged: the timer restarts at 1500
  assert.is(s.onTimer(1, 2501), TIMEOUT_FIRED);
  assert.is(s.nextPacket(1, 2501), TIMEOUT_TX_RETRANSMIT); // PSN 1
  assert.is(s.onTimer(1, 3502), TIMEOUT_FIRED);
  assert.is(s.nextPacket(1, 3502), TIMEOUT_TX_RETRANSMIT);
  assert.is(s.onTimer(1, 4503), E_OVERFLOW);
});

test("a retransmission pass resends every unSACKed packet and skips the SACKed ones", () => {
  const s = sending(4, 0); // PSNs 0–3
  s.onAck(1, 10, 0, 1); // nothing cumulative; PSN 1 arrived
  assert.is(s.onTimer(1, 1001), TIMEOUT_FIRED);
  s.onSchedule(1, 1001, 1 << 20);
  const resent = [];
  for (let r = s.nextPacket(1, 1001); r === TIMEOUT_TX_RETRANSMIT; r = s.nextPacket(1, 1001)) resent.push(s.out[2]);
  assert.equal(resent, [0, 2, 3]);
});

test("the receiver takes any finite time", () => {
  const r = new TimeoutReceiver({}, 2);
  r.open(1, 0);
  assert.is(r.onData(1, 12_345, 0, false) & TIMEOUT_RX_ACK, TIMEOUT_RX_ACK);
  assert.is(r.errors, 0);
});

test("windowPackets' range ends work as its description says (1 and 2^20)", () => {
  // TimeoutSenderParams: roundQuotaBytes in [1, 2^30], windowPackets in [1, 2^20], rtoNs in
  // [1, 2^30]; TimeoutReceiverParams: windowPackets in [1, 2^20].
  // (roundQuotaBytes 1 and rtoNs 1, the low ends of [1, 2^30], are checked in qp.test.ts.)
  // windowPackets 1: one packet in flight (nextPsn − unaPsn ≤ 1); its ACK lets the next go.
  const w = new TimeoutSender({ mtuBytes: 1024, windowPackets: 1 }, 1);
  w.open(0, 0);
  w.post(0, 4096, 1);
  w.onSchedule(0, 0, 1 << 20);
  assert.is(w.nextPacket(0, 0), TIMEOUT_TX_NEW);
  assert.is(w.nextPacket(0, 0), TIMEOUT_TX_NONE);
  assert.is(w.inflightPackets(0), 1);
  w.onAck(0, 10, 1, 0);
  assert.is(w.nextPacket(0, 10), TIMEOUT_TX_NEW);
  assert.is(w.out[2], 1);
  // windowPackets 2^20 is accepted by sender and receiver, 2^20 + 1 by neither.
  assert.is(new TimeoutSender({ windowPackets: 2 ** 20 }).params.windowPackets, 2 ** 20);
  assert.is(new TimeoutReceiver({ windowPackets: 2 ** 20 }).params.windowPackets, 2 ** 20);
  assert.throws(() => new TimeoutSender({ windowPackets: 2 ** 20 + 1 }), RangeError);
  assert.throws(() => new TimeoutReceiver({ windowPackets: 2 ** 20 + 1 }), RangeError);
  // The receiver's windowPackets 1: bitmaps of windowBits(1) = 32 PSNs; PSN ePSN + 31 is held,
  // ePSN + 32 is beyond the window (E_STATE).
  const r = new TimeoutReceiver({ windowPackets: 1 }, 1);
  r.open(0, 0);
  assert.is(r.onData(0, 0, 31, false), TIMEOUT_RX_PLACE | TIMEOUT_RX_ACK);
  assert.is(r.onData(0, 0, 32, false), E_STATE);
});

test("open without a start PSN: PSN 0 with last is placed, ACKed and completes", () => {
  // Default capacity and start PSN of every QP sender and receiver: lib/reliability/qp.test.ts.
  const r = new TimeoutReceiver();
  r.open(0);
  assert.is(r.onData(0, 0, 0, true), TIMEOUT_RX_PLACE | TIMEOUT_RX_ACK | TIMEOUT_RX_COMPLETE);
  assert.equal([r.out[0], r.out[1], r.out[2]], [1, 0, 1]); // cumPsn 1, sackPsn 0, completed 1
});

test("a pass ended by ACKs of everything stays ended 2^23 PSNs later: new data, not a resend of its stale range", () => {
  // README: a pass lasts from a timeout until it has nothing left "or until ACKs cover everything
  // sent"; outside a pass nextPacket sends new data within the window. PSNs 0–3, a timeout at
  // 1001 ns, PSN 0 resent, then an ACK of all four ends the pass (the pass had PSNs 1–3 left).
  // Then 2^23 + 200 more packets of 64 B, ACKed every 64: each is new data, in PSN order, also
  // once SND.UNA is more than 2^23 past the old pass's PSNs (where a 24-bit difference to them
  // reads positive again).
  const s = new TimeoutSender({ mtuBytes: 64, rtoNs: 1001, roundQuotaBytes: 2 ** 30 }, 1);
  s.open(0, 0);
  s.post(0, 4 * 64, 1);
  s.onSchedule(0, 0, 2 ** 30);
  for (let i = 0; i < 4; i++) s.nextPacket(0, 0);
  assert.is(s.onTimer(0, 1001), TIMEOUT_FIRED);
  assert.is(s.nextPacket(0, 1001), TIMEOUT_TX_RETRANSMIT);
  s.onAck(0, 1100, 4, 3);
  assert.is(s.retransmitting(0), false);
  let psn = 4;
  let wrong = 0;
  while (psn < 2 ** 23 + 200) {
    const n = Math.min(2 ** 20 - 1, 2 ** 23 + 200 - psn); // a message's largest packet count
    s.post(0, n * 64, 1);
    s.onSchedule(0, 2000, 2 ** 30);
    for (let i = 0; i < n; i++) {
      if (s.nextPacket(0, 2000) !== TIMEOUT_TX_NEW || s.out[2] !== psn) wrong++;
      psn++;
      if ((psn & 63) === 0) s.onAck(0, 2000, psn, psn - 1);
    }
  }
  assert.is(wrong, 0);
  assert.equal([s.retransmissions(0), s.nextPsn(0)], [1, 2 ** 23 + 200]);
});

test("flow 1's SACK scoreboard (two words a row) counts its SACKs and slides with SND.UNA: a SACK 64 PSNs back skips no resend", () => {
  // windowPackets 64: windowBits(64) = 64 PSNs, two 32-bit words per QP, so flow 1's row starts at word 2.
  const s = new TimeoutSender({ mtuBytes: 1024, windowPackets: 64, rtoNs: 1001, roundQuotaBytes: 1 << 20 }, 2);
  s.open(1, 0);
  s.post(1, 1024 * 100, 1);
  s.onSchedule(1, 0, 1 << 20);
  for (let i = 0; i < 5; i++) assert.is(s.nextPacket(1, 0), TIMEOUT_TX_NEW); // PSNs 0–4
  s.onAck(1, 5, 0, 2);
  s.onAck(1, 6, 0, 4);
  assert.is(s.sackedPackets(1), 2); // PSNs 2 and 4, both above SND.UNA 0
  s.onAck(1, 10, 5, 3); // cumulative 5: PSNs 0–4 acknowledged, their SACKs gone with them
  assert.is(s.sackedPackets(1), 0);
  // The window: new data while nextPsn − 5 < 64, so PSNs 5 … 68 go.
  for (let psn = 5; psn < 69; psn++) assert.is(s.nextPacket(1, 20), TIMEOUT_TX_NEW, `PSN ${psn}`);
  s.onAck(1, 30, 66, 65); // SND.UNA 66 (66 mod 64 = 2, the ring bit PSN 2's SACK used); the timer restarts at 30
  assert.is(s.sackedPackets(1), 0); // nothing at or above 66 was SACKed
  // The expiry at 30 + 1001: the pass resends every unSACKed packet from SND.UNA, 66 first.
  assert.is(s.onTimer(1, 1031), TIMEOUT_FIRED);
  assert.is(s.nextPacket(1, 1040), TIMEOUT_TX_RETRANSMIT);
  assert.is(s.out[2], 66);
});

test.run();
