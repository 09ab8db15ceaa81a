// Boundaries of go-back-N that gbn.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): the timeout counted from a timer started after time 0, ACKs and
// NAKs at SND.UNA restarting the timer (and older ACKs not), an ACK one past what was sent; the
// maxRetries 0 and what an open without a start PSN gives (twenty-seventh pass).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_OVERFLOW, E_STATE } from "../../core/errors";
import { GBN_RX_ACK, GBN_RX_COMPLETE, GBN_RX_PLACE, GBN_TIMEOUT, GBN_TX_NEW, GBN_TX_RETRANSMIT, GbnReceiver, GbnSender } from "./gbn";
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

test("a NAK or a duplicate ACK at SND.UNA restarts the timer while packets are outstanding (IBA vol. 1 §9.7.6.1.3, o9-85); an older ACK does not", () => {
  // o9-85: "Once started, the timer is restarted each time an acknowledge packet is received as
  // long as there are outstanding expected responses"; a NAK is an acknowledge packet (an AETH
  // with a NAK syndrome). Found in review (rev-irn gbnnak.ts): a NAK left the timer running from
  // the last progress, so it expired 100 ns after the go-back, resent everything again and spent
  // a retry.
  const s = sendingOnFlow1(new GbnSender({ mtuBytes: 1024, rtoNs: 10_000 }, 2), 1024, 4, 0, GBN_TX_NEW);
  // PSNs 0..3 at 0: due at 0 + 10,000.
  assert.is(s.onAck(1, 100, 1), 0); // progress: due at 100 + 10,000 = 10,100
  assert.is(s.deadlineNs(1), 10_100);
  assert.is(s.onNack(1, 10_000, 1), 0); // NAK(ePSN 1 = SND.UNA): back to PSN 1, due at 10,000 + 10,000 = 20,000
  assert.equal([s.nextPsn(1), s.deadlineNs(1)], [1, 20_000]);
  assert.is(s.onTimer(1, 10_100), 0); // before: GBN_TIMEOUT here
  assert.equal([s.timeouts(1), s.retryCount(1)], [0, 0]);
  assert.is(s.onAck(1, 15_000, 1), 0); // a duplicate ACK (ePSN = SND.UNA): due at 15,000 + 10,000 = 25,000
  assert.is(s.deadlineNs(1), 25_000);
  // ePSN 0 < SND.UNA 1: overtaken on the way back by the ACK of 1, it tells nothing the sender has
  // not heard, as an older NAK changes nothing (onNack): still due at 25,000.
  assert.is(s.onAck(1, 16_000, 0), 0);
  assert.is(s.deadlineNs(1), 25_000);
  assert.is(s.onTimer(1, 24_999), 0);
  assert.is(s.onTimer(1, 25_000), GBN_TIMEOUT);
});

test("with nothing outstanding a duplicate ACK leaves the timer stopped", () => {
  const s = sending(4, 0);
  assert.is(s.onAck(1, 100, 4), 0); // everything acknowledged: the timer stops
  assert.is(s.onAck(1, 200, 4), 0);
  assert.is(s.timerArmed(1), false);
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

test("maxRetries 0, the low end of its range, allows no timeout without progress", () => {
  // Ranges from the parameters' declared ranges (conformance/api.json, GbnSender.params):
  // maxRetries in [0, 255] (roundQuotaBytes 1 and rtoNs 1: qp.test.ts).
  // maxRetries 0 (IBA retry_cnt 0: no timeout without progress is allowed before the QP is in
  // error): the first expiry, at 0 + 1001 ns, is already E_OVERFLOW and changes nothing (gbn
  // README: no go-back, no timeout counted, the timer left running).
  const seven = sending(4, 0);
  const z = sendingOnFlow1(new GbnSender({ mtuBytes: 1024, rtoNs: 1001, maxRetries: 0 }, 2), 1024, 4, 0, GBN_TX_NEW);
  assert.is(seven.onTimer(1, 1001), GBN_TIMEOUT); // the default maxRetries 7 allows it
  assert.is(z.onTimer(1, 1000), 0);
  assert.is(z.onTimer(1, 1001), E_OVERFLOW);
  assert.equal([z.nextPsn(1), z.timeouts(1), z.retryCount(1), z.timerArmed(1), z.deadlineNs(1)], [4, 0, 0, true, 1001]);
});

test("open without a start PSN: highPsn 0, and PSN 0 with last is placed, ACKed and completes message 1", () => {
  // Default capacity and start PSN of every QP sender and receiver: lib/reliability/qp.test.ts.
  const s = new GbnSender();
  s.open(0);
  assert.is(s.highPsn(0), 0);
  const r = new GbnReceiver();
  r.open(0);
  assert.is(r.onData(0, 0, 0, true), GBN_RX_PLACE | GBN_RX_ACK | GBN_RX_COMPLETE);
  assert.equal([r.out[0], r.out[1], r.out[2]], [1, 1, 1]);
});

test("a NAK's go-back on flow 1 resumes flow 1's message at its own offset, not at one read from another QP's table", () => {
  // README, Readers: a go-back to PSN p resumes message m at byte ((p − m's first PSN) mod 2^24) × mtuBytes.
  // Flow 1 starts at PSN 1000, so its message's first PSN is 1000; flow 0 is never opened (its table reads PSN 0).
  const s = new GbnSender({ mtuBytes: 1024, rtoNs: 1001 }, 2);
  s.open(1, 1000);
  s.post(1, 8 * 1024, 1);
  s.onSchedule(1, 0, 1 << 20);
  for (let i = 0; i < 4; i++) assert.is(s.nextPacket(1, 0), GBN_TX_NEW); // PSNs 1000–1003
  assert.is(s.onNack(1, 100, 1002), 0); // 1000 and 1001 acknowledged, go back to 1002
  assert.is(s.nextPacket(1, 200), GBN_TX_RETRANSMIT);
  // PSN 1002 at byte (1002 − 1000) × 1024 = 2048, a full 1024-byte packet.
  assert.equal([s.out[2], s.out[3], s.out[4]], [1002, 2048, 1024]);
});

test.run();
