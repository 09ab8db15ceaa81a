// Boundaries of go-back-N that gbn.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): the timeout counted from a timer started after time 0, ACKs and
// NACKs without cumulative progress leaving the timer alone, and an ACK one past what was sent.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_STATE } from "../../core/errors";
import { GBN_TIMEOUT, GBN_TX_NEW, GbnSender } from "./gbn";
import { sendingOnFlow1 } from "../test-support";

/** Flow 1 with `packets` packets of 1 KiB sent at `sentNs`; the timeout is 1001 ns. */
function sending(packets: number, sentNs: number): GbnSender {
  return sendingOnFlow1(new GbnSender({ mtuBytes: 1024, rtoNs: 1001 }, 2), 1024, packets, sentNs, GBN_TX_NEW);
}

test("the timeout runs from the timer's start (an even gap one short of an odd RTO does not expire)", () => {
  const s = sending(2, 10_000);
  assert.is(s.onTimer(1, 11_000), 0);
  assert.is(s.onTimer(1, 11_001), GBN_TIMEOUT);
});

test("a duplicate ACK or a NACK at the same ePSN does not restart the timer", () => {
  const s = sending(4, 0);
  s.onAck(1, 100, 1); // restarts: due at 1101
  assert.is(s.onAck(1, 600, 1), 0);
  assert.is(s.onNack(1, 700, 1), 0); // no message freed
  assert.is(s.onTimer(1, 1101), GBN_TIMEOUT);
});

test("an ACK one past the highest PSN sent is refused", () => {
  const s = sending(4, 0);
  s.onAck(1, 100, 4); // everything acknowledged
  assert.is(s.onAck(1, 200, 5), E_STATE);
});

test("after a go-back, an ACK of everything leaves the next message starting at offset 0", () => {
  const s = sending(8, 0); // the whole 8 KiB message
  assert.is(s.onTimer(1, 1001), GBN_TIMEOUT); // back to PSN 0
  assert.is(s.onAck(1, 1100, 8), 1); // all acknowledged: the message is freed
  s.post(1, 2048, 1);
  s.onSchedule(1, 1200, 1 << 20);
  assert.is(s.nextPacket(1, 1200), GBN_TX_NEW);
  assert.equal([s.out[2], s.out[3]], [8, 0]); // PSN 8, offset 0
});

test.run();
