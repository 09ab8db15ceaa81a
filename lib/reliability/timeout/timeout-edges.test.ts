// Boundaries of the timeout-only sender that timeout.test.ts and the vectors passed over, found by
// the mutation pass (docs/mutation-testing.md): the timer counted from a start after time 0, the
// retry limit and its reset on progress, a pass that skips a SACKed packet, the receiver's time.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_OVERFLOW } from "../../core/errors";
import { TIMEOUT_FIRED, TIMEOUT_RX_ACK, TIMEOUT_TX_NEW, TIMEOUT_TX_RETRANSMIT, TimeoutReceiver, TimeoutSender } from "./timeout";
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

test.run();
