// Boundaries of IRN that irn.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): the RTO counted from a timer started after time 0, RTO_low at
// exactly rtoLowPackets in flight, the retry limit, the recovery exit one past the recovery
// point, and ACKs/NACKs without cumulative progress leaving the timer alone.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { IRN_RX_ACK, IRN_TIMEOUT, IRN_TX_NEW, IRN_TX_RETRANSMIT, IrnReceiver, IrnSender } from "./irn";
import { assertRetryLimit, sendingOnFlow1 } from "../test-support";

/** Flow 1 with `packets` packets of 1 KiB sent at `sentNs` (RTO_low 1001 ns, RTO_high 5001 ns). */
function sending(packets: number, sentNs: number, maxRetries = 7): IrnSender {
  const s = new IrnSender({ mtuBytes: 1024, bdpPackets: 32, rtoLowNs: 1001, rtoHighNs: 5001, maxRetries }, 2);
  return sendingOnFlow1(s, 1024, packets, sentNs, IRN_TX_NEW);
}

test("the RTO runs from the timer's start; with exactly rtoLowPackets (3) in flight it is RTO_low", () => {
  const s = sending(3, 10_000);
  assert.is(s.deadlineNs(1), 11_001);
  assert.is(s.onTimer(1, 11_000), 0); // an even gap one short of the odd RTO
  assert.is(s.onTimer(1, 11_001), IRN_TIMEOUT);
  const four = sending(4, 10_000);
  assert.is(four.onTimer(1, 11_001), 0); // four in flight: RTO_high
  assert.is(four.onTimer(1, 15_001), IRN_TIMEOUT);
});

test("after maxRetries timeouts in a row, each followed by its retransmission, the QP is in error", () => {
  assertRetryLimit(sending(3, 0, 2), IRN_TIMEOUT, IRN_TX_RETRANSMIT);
});

test("a retransmission NACK recovery calls for leaves the timer where progress put it; only a timeout's first resend restarts it", () => {
  const s = sending(4, 0); // PSNs 0–3, four in flight: RTO_high 5001
  s.onNack(1, 10, 0, 2); // PSNs 0 and 1 lost below the SACK
  assert.is(s.nextPacket(1, 500), IRN_TX_RETRANSMIT);
  assert.is(s.deadlineNs(1), 5001);
  assert.is(s.onTimer(1, 5001), IRN_TIMEOUT);
  assert.is(s.nextPacket(1, 6000), IRN_TX_RETRANSMIT); // PSN 0 again
  assert.is(s.deadlineNs(1), 6000 + 5001);
  assert.is(s.nextPacket(1, 7000), IRN_TX_RETRANSMIT); // PSN 1: the timer stays
  assert.is(s.deadlineNs(1), 6000 + 5001);
});

test("recovery ends when the cumulative ACK passes the recovery point, not when it reaches it", () => {
  const s = sending(4, 0); // PSNs 0–3
  s.onNack(1, 10, 0, 2); // recovery point 3
  assert.is(s.recoveryPsn(1), 3);
  s.onAck(1, 20, 3);
  assert.ok(s.inRecovery(1));
  s.onAck(1, 30, 4);
  assert.not.ok(s.inRecovery(1));
});

test("a duplicate cumulative ACK, or a NACK without cumulative progress, leaves the timer alone", () => {
  const s = sending(5, 0);
  s.onAck(1, 100, 1); // the timer restarts at 100; four in flight: RTO_high
  assert.is(s.deadlineNs(1), 5101);
  assert.is(s.onAck(1, 2000, 1), 0);
  assert.is(s.deadlineNs(1), 5101);
  s.onNack(1, 3000, 1, 3);
  assert.is(s.deadlineNs(1), 5101);
});

test("the receiver takes any finite time", () => {
  const r = new IrnReceiver({}, 2);
  r.open(1, 0);
  assert.is(r.onData(1, 12_345, 0, false) & IRN_RX_ACK, IRN_RX_ACK);
  assert.is(r.errors, 0);
});

test.run();
