// The RetransQ helpers on QP 1 (arith mutation pass, 2026-12-07: every RetransQ test ran on QP 0,
// where its entries start at word 0 of the column, so `slot * retransQueueDepth` → `slot /
// retransQueueDepth` survived in the duplicate check, the timeout's purge, the held round's drop
// of acknowledged head entries and the recovery round's move of the unaMSN-th entry). Each QP
// has its own RetransQ of retransQueueDepth entries (README "API": vectors
// `sender-retransq-per-qp`), so QP 1's entries are words 128..255 at the default depth of 128.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  DCP_HO_DUPLICATE,
  DCP_HO_QUEUED,
  DCP_TIMEOUT,
  DCP_TX_NEW,
  DCP_TX_NONE,
  DCP_TX_RESEND,
  DCP_TX_RETRANSMIT,
  DcpSender,
} from "./sender";
import { drainSender, senderOut as out } from "./test-support";
import { DCP_OP_WRITE } from "./wire";

const MTU = 1024;

/** QP 1 of a two-QP table (default depth 128) with two 2-packet Writes sent at 0: msn 0 = PSNs 0, 1; msn 1 = PSNs 2, 3. */
function qp1TwoWritesSent(): DcpSender {
  const s = new DcpSender({ mtuBytes: MTU, rtoNs: 10_000 }, 2);
  s.open(0);
  s.open(1);
  s.post(1, 2 * MTU, DCP_OP_WRITE);
  s.post(1, 2 * MTU, DCP_OP_WRITE);
  s.onSchedule(1, 0, 1 << 20);
  while (s.nextPacket(1, 0) !== DCP_TX_NONE);
  return s;
}

/** QP `slot`'s packets at `nowNs` as [kind, msn, psn]. */
const drain = (s: DcpSender, slot: number, nowNs: number): number[][] => drainSender(s, slot, nowNs).map((o) => [o.kind, o.msn, o.psn]);

test("QP 1: a duplicated HO is DCP_HO_DUPLICATE while its entry waits (onHo item 6)", () => {
  const s = qp1TwoWritesSent();
  assert.is(s.onHo(1, 1, 0, 1, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(1, 1, 0, 1, 0), DCP_HO_DUPLICATE, "the same (PSN 1, MSN 0) is in QP 1's RetransQ");
  assert.is(s.retransQueueLength(1), 1);
  assert.is(s.onHo(1, 1, 1, 3, 0), DCP_HO_QUEUED, "another entry is not a duplicate");
  assert.is(s.retransQueueLength(1), 2);
});

test("QP 1: a timeout purges the resent message's entries and keeps the others, which go before the resend", () => {
  const s = qp1TwoWritesSent();
  // Queue: 0:1, 1:3, 0:0 (MSN:PSN, head first).
  for (const [msn, psn] of [[0, 1], [1, 3], [0, 0]]) assert.is(s.onHo(1, 1, msn, psn, 0), DCP_HO_QUEUED);
  // The timer ran from the last packet at 0: expiry at 0 + 10,000; message 0 is resent and its
  // two entries purged (§4.5, README "sRetryNo"), 1:3 stays.
  assert.is(s.onTimer(1, 10_000), DCP_TIMEOUT);
  assert.is(s.retransQueueLength(1), 1);
  // A round of 16 KB: batch min(16, 1, 16 − 1 for the pending resend) = 1 entry, then the
  // resend of message 0's two packets, sRetryNo 1 (entries, resend, new data: README "Round quota").
  assert.is(s.onSchedule(1, 10_000, 1 << 20), 1);
  assert.equal(drain(s, 1, 10_000), [[DCP_TX_RETRANSMIT, 1, 3], [DCP_TX_RESEND, 0, 0], [DCP_TX_RESEND, 0, 1]]);
  assert.is(s.errors, 0);
});

test("QP 1: a round that fetches no entry drops the acknowledged head entry and holds new data for the live one behind it", () => {
  const s = qp1TwoWritesSent();
  assert.is(s.onHo(1, 1, 0, 0, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(1, 1, 1, 2, 0), DCP_HO_QUEUED);
  assert.is(s.onAck(1, 2, 1), 1); // unaMSN 1: entry 0:0 is stale, 1:2 is live
  assert.is(s.post(1, 100, DCP_OP_WRITE), 2); // msn 2: PSN 4, 100 B
  // awin 100: ⌊100 / 1,024⌋ = 0 entries fetched while the RetransQ holds two. The head 0:0 is
  // acknowledged and dropped; 1:2 waits, so no new data (README "Round quota": vectors
  // `sender-stale-entries-hold-no-new-data`, `sender-no-new-data-past-unfetched-entries`), though
  // msn 2's 100 B fit the 100 B quota.
  assert.is(s.onSchedule(1, 3, 100), 0);
  assert.is(s.retransQueueLength(1), 1);
  assert.is(s.nextPacket(1, 3), DCP_TX_NONE);
  assert.is(s.sendMsn(1), 2);
  // A round of awin 2,048: min(16, 1, 2) = 1 entry, 1:2, spends 1,024 B; msn 2's 100 B fit the
  // 1,024 B left and go after it.
  assert.is(s.onSchedule(1, 4, 2 * MTU), 1);
  assert.equal(drain(s, 1, 4), [[DCP_TX_RETRANSMIT, 1, 2], [DCP_TX_NEW, 2, 4]]);
});

test("QP 1: a recovery round takes the unaMSN-th message's entry from behind a later message's", () => {
  const s = qp1TwoWritesSent();
  assert.is(s.onHo(1, 1, 1, 2, 0), DCP_HO_QUEUED); // message 1's, at the head
  assert.is(s.onHo(1, 1, 0, 1, 0), DCP_HO_QUEUED); // message 0's (unaMSN), behind it
  // README "DCP + a window CC": the oldest entry of the unaMSN-th message is moved to the head,
  // the later message's kept: length 2, one fetched, quota one MTU.
  assert.is(s.onScheduleRecovery(1, 2), 1);
  assert.equal([s.retransQueueLength(1), s.batchLeft(1), s.quotaBytes(1)], [2, 1, MTU]);
  assert.is(s.nextPacket(1, 2), DCP_TX_RETRANSMIT);
  // PSN 1 is message 0's second packet: offset 1,024, 2,048 − 1,024 = 1,024 B, its last.
  assert.equal(out(s), { kind: DCP_TX_RETRANSMIT, msn: 0, psn: 1, offsetBytes: MTU, lengthBytes: MTU, retryNo: 0, last: 1 });
  assert.is(s.nextPacket(1, 2), DCP_TX_NONE);
  // Message 1's entry waits for a round of window: once message 0 is acknowledged, it goes.
  assert.is(s.onAck(1, 3, 1), 1);
  assert.is(s.onScheduleRecovery(1, 4), 1);
  assert.equal(drain(s, 1, 4), [[DCP_TX_RETRANSMIT, 1, 2]]);
});

test("the counters are u32 columns: past 2^31 they still read as counts, not as negative int32", () => {
  // 2^31 HOs or timeouts take too long for a test, so the columns are set directly.
  const s = new DcpSender({}, 1);
  s.open(0);
  const cols = (s as unknown as { col: { retx: Uint32Array; resent: Uint32Array; timeouts: Uint32Array } }).col;
  cols.retx[0] = 2 ** 31 + 1;
  cols.resent[0] = 2 ** 32 - 1;
  cols.timeouts[0] = 2 ** 31;
  assert.equal([s.retransmissions(0), s.resends(0), s.timeouts(0)], [2 ** 31 + 1, 2 ** 32 - 1, 2 ** 31]);
});

test.run();
