import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_FULL, E_OVERFLOW, E_SLOT, E_STATE } from "../../core/errors";
import {
  DCP_HO_DUPLICATE,
  DCP_HO_QUEUED,
  DCP_HO_STALE,
  DCP_TIMEOUT,
  DCP_TX_NEW,
  DCP_TX_NONE,
  DCP_TX_RESEND,
  DCP_TX_RETRANSMIT,
  DcpSender,
} from "./sender";
import { drainSender as drain, senderOut as out } from "./test-support";
import { DCP_OP_SEND, DCP_OP_WRITE, DCP_OP_WRITE_IMM } from "./wire";

const MTU = 1024;

function sender(extra: Record<string, number> = {}, startPsn = 0): DcpSender {
  const s = new DcpSender({ mtuBytes: MTU, rtoNs: 10_000, ...extra }, 2);
  s.open(0, startPsn);
  s.open(1, 0);
  return s;
}

function pkt(kind: number, msn: number, psn: number, offsetBytes: number, lengthBytes: number, retryNo: number, last: number) {
  return { kind, msn, psn, offsetBytes, lengthBytes, retryNo, last };
}

/** What messageInfo writes: [message bytes, kind, SSN]. */
function info(s: DcpSender, slot: number, msn: number): number[] {
  assert.is(s.messageInfo(slot, msn), 0);
  return [s.out[7], s.out[8], s.out[9]];
}

/** A sender with two 2-packet Writes, msn 0 (PSNs 0, 1) and msn 1 (PSNs 2, 3), all sent at `nowNs`. */
function twoWritesSent(nowNs: number): DcpSender {
  const s = sender();
  s.post(0, 2 * MTU, DCP_OP_WRITE);
  s.post(0, 2 * MTU, DCP_OP_WRITE);
  s.onSchedule(0, nowNs, 1 << 20);
  drain(s, 0, nowNs);
  return s;
}

test("posting assigns MSNs, consecutive PSNs (one per MTU, one for an empty message) and SSNs to Sends only", () => {
  const s = sender({}, 100);
  assert.is(s.post(0, 3000, DCP_OP_SEND), 0);
  assert.is(s.post(0, 0, DCP_OP_WRITE), 1);
  assert.is(s.post(0, 1024, DCP_OP_WRITE_IMM), 2);
  assert.is(s.onSchedule(0, 0, 1 << 20), 0);
  assert.is(s.quotaBytes(0), 16384);
  // 3000 B = 1024 + 1024 + 952 at PSNs 100..102; the empty Write takes PSN 103; the
  // Write-with-Immediate is the second SSN-consuming message, SSN 1.
  assert.equal(drain(s, 0, 5), [
    pkt(DCP_TX_NEW, 0, 100, 0, 1024, 0, 0),
    pkt(DCP_TX_NEW, 0, 101, 1024, 1024, 0, 0),
    pkt(DCP_TX_NEW, 0, 102, 2048, 952, 0, 1),
    pkt(DCP_TX_NEW, 1, 103, 0, 0, 0, 1),
    pkt(DCP_TX_NEW, 2, 104, 0, 1024, 0, 1),
  ]);
  assert.equal(info(s, 0, 0), [3000, DCP_OP_SEND, 0]);
  assert.equal(info(s, 0, 1), [0, DCP_OP_WRITE, 0]);
  assert.equal(info(s, 0, 2), [1024, DCP_OP_WRITE_IMM, 1]);
  assert.is(s.quotaBytes(0), 16384 - 4024);
  assert.is(s.nextPsn(0), 105);
  assert.is(s.sendMsn(0), 3);
  assert.ok(s.timerArmed(0));
  assert.is(s.deadlineNs(0), 10_005);
});

test("the table holds 8 outstanding messages; the ninth post is E_FULL until an ACK frees one", () => {
  const s = sender();
  for (let i = 0; i < 8; i++) assert.is(s.post(0, 1, DCP_OP_WRITE), i);
  assert.is(s.post(0, 1, DCP_OP_WRITE), E_FULL);
  assert.is(s.errors, 1);
  s.onSchedule(0, 0, 1 << 20);
  assert.is(drain(s, 0, 0).length, 8);
  assert.is(s.onAck(0, 10, 3), 3);
  assert.is(s.outstandingMessages(0), 5);
  assert.is(s.post(0, 1, DCP_OP_WRITE), 8);
});

test("the round quota is min(round_quota, awin) and a packet that does not fit ends the round", () => {
  const s = sender();
  s.post(0, 3000, DCP_OP_SEND);
  assert.is(s.onSchedule(0, 0, 2500), 0);
  assert.is(s.quotaBytes(0), 2500);
  const sent = drain(s, 0, 0);
  assert.equal(sent.map((p) => p.lengthBytes), [1024, 1024]); // 452 B left < 952
  assert.is(s.quotaBytes(0), 452);
  s.onSchedule(0, 1, 952);
  assert.equal(drain(s, 0, 1).map((p) => p.psn), [2]);
  assert.is(s.onSchedule(0, 2, 0), 0);
  assert.is(s.nextPacket(0, 2), DCP_TX_NONE, "nothing to send and no quota");
});

// §4.3: fetch min(16, len, awin / MTU) retransmission entries, then new data within
// min(round_quota, awin) after them.
test("batch fetch: min(16, queue length, awin / MTU), retransmissions first, all within min(round_quota, awin)", () => {
  const s = sender();
  s.post(0, 20 * MTU, DCP_OP_WRITE); // PSNs 0..19
  s.onSchedule(0, 0, 1 << 20);
  assert.is(drain(s, 0, 0).length, 16); // quota 16384 = 16 packets
  s.onSchedule(0, 1, 1 << 20);
  assert.is(drain(s, 0, 1).length, 4);
  for (let psn = 0; psn < 18; psn++) assert.is(s.onHo(0, 2, 0, psn, 0), DCP_HO_QUEUED);
  assert.is(s.retransQueueLength(0), 18);
  s.post(0, 4 * MTU, DCP_OP_WRITE); // PSNs 20..23, new data behind the retransmissions
  // min(16, 18, floor(100000 / 1024) = 97) = 16; quota min(16384, 100000) = 16384, all of it
  // spent by the 16 retransmissions (§4.3 fn. 10), so the new data waits.
  assert.is(s.onSchedule(0, 3, 100_000), 16);
  assert.is(s.quotaBytes(0), 16384);
  assert.equal(drain(s, 0, 3).map((p) => [p.kind, p.psn]), Array.from({ length: 16 }, (_, i) => [DCP_TX_RETRANSMIT, i]));
  assert.is(s.retransmissions(0), 16);
  assert.is(s.quotaBytes(0), 0);
  // min(16, 2, floor(3000 / 1024) = 2) = 2; quota 3000 − 2048 = 952 < one packet.
  assert.is(s.onSchedule(0, 4, 3000), 2);
  assert.is(s.quotaBytes(0), 3000);
  assert.equal(drain(s, 0, 4).map((p) => p.psn), [16, 17]);
  assert.is(s.quotaBytes(0), 952);
  // min(16, 1, floor(1023 / 1024) = 0) = 0: an entry waits for a window of one MTU.
  s.onHo(0, 5, 0, 19, 0);
  assert.is(s.onSchedule(0, 5, 1023), 0);
  assert.is(s.nextPacket(0, 5), DCP_TX_NONE);
  assert.is(s.retransQueueLength(0), 1);
  // One entry: 16384 − 1024 = 15360 left, and the new data goes behind it.
  assert.is(s.onSchedule(0, 6, 1 << 20), 1);
  assert.equal(drain(s, 0, 6).map((p) => [p.kind, p.psn]), [[DCP_TX_RETRANSMIT, 19], [DCP_TX_NEW, 20], [DCP_TX_NEW, 21], [DCP_TX_NEW, 22], [DCP_TX_NEW, 23]]);
  assert.is(s.quotaBytes(0), 11264);
});

test("a short retransmission spends its own bytes of the round's quota", () => {
  const s = sender();
  s.post(0, 2 * MTU + 100, DCP_OP_WRITE); // PSNs 0..2, the last 100 B
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  s.onHo(0, 1, 0, 2, 0);
  s.post(0, 20 * MTU, DCP_OP_WRITE); // PSNs 3..22
  assert.is(s.onSchedule(0, 2, 1 << 20), 1);
  const round = drain(s, 0, 2);
  assert.equal(round[0].kind, DCP_TX_RETRANSMIT);
  assert.is(round[0].lengthBytes, 100);
  // 16384 − 100 = 16284: fifteen new packets (15360 B), and 924 B left, short of the sixteenth.
  assert.is(round.length, 16);
  assert.is(s.quotaBytes(0), 924);
});

test("a retransmission copies the packet's place in its message; the last one may be short", () => {
  const s = sender({}, 0xfffffe);
  s.post(0, 2500, DCP_OP_SEND); // PSNs 0xFFFFFE, 0xFFFFFF, 0 (wrap)
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  assert.is(s.onHo(0, 1, 0, 0, 0), DCP_HO_QUEUED);
  s.onSchedule(0, 2, 1 << 20);
  assert.is(s.nextPacket(0, 2), DCP_TX_RETRANSMIT);
  assert.equal(out(s), pkt(DCP_TX_RETRANSMIT, 0, 0, 2048, 452, 0, 1));
});

test("a retransmission that leaves 1 byte of the round's quota leaves exactly that for new data", () => {
  const s = sender({ roundQuotaBytes: MTU + 1 });
  s.post(0, MTU, DCP_OP_WRITE); // PSN 0
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  s.onHo(0, 1, 0, 0, 0);
  s.post(0, 1, DCP_OP_WRITE); // PSN 1, one byte
  assert.is(s.onSchedule(0, 2, 1 << 20), 1);
  assert.is(s.nextPacket(0, 2), DCP_TX_RETRANSMIT);
  assert.is(s.quotaBytes(0), 1);
  assert.is(s.nextPacket(0, 2), DCP_TX_NEW);
  assert.is(out(s).lengthBytes, 1);
  assert.is(s.quotaBytes(0), 0);
});

test("fetched entries of messages acknowledged meanwhile are dropped but count against the batch, not the quota", () => {
  const s = twoWritesSent(0); // msn 0: PSNs 0, 1; msn 1: PSNs 2, 3
  s.onHo(0, 1, 0, 0, 0);
  s.onHo(0, 1, 0, 1, 0);
  s.onHo(0, 1, 1, 3, 0);
  assert.is(s.onAck(0, 2, 1), 1); // message 0 completed after all (its HOs were late)
  assert.is(s.onSchedule(0, 3, 2 * MTU), 2); // fetches the two stale entries
  assert.is(s.nextPacket(0, 3), DCP_TX_NONE, "both fetched entries were stale, and nothing new is posted");
  assert.is(s.quotaBytes(0), 2 * MTU, "a stale entry fetches no payload");
  assert.is(s.retransQueueLength(0), 1);
  assert.is(s.onSchedule(0, 4, 2 * MTU), 1);
  assert.is(s.nextPacket(0, 4), DCP_TX_RETRANSMIT);
  assert.is(out(s).psn, 3);
});

test("onHo refuses what was never sent and ignores what is already settled", () => {
  const s = sender({ retransQueueDepth: 2 });
  s.post(0, 3 * MTU, DCP_OP_WRITE); // msn 0: PSNs 0..2
  s.post(0, 3 * MTU, DCP_OP_WRITE); // msn 1: PSNs 3..5
  s.onSchedule(0, 0, 4 * MTU);
  drain(s, 0, 0); // PSNs 0..3 sent
  const before = JSON.stringify(s.inspect(0));
  assert.is(s.onHo(0, 1, 2, 6, 0), E_STATE, "MSN never posted");
  assert.is(s.onHo(0, 1, 0, 3, 0), E_STATE, "PSN beyond the message");
  assert.is(s.onHo(0, 1, 1, 4, 0), E_STATE, "PSN in the message but not sent yet");
  assert.is(s.onHo(0, 1, 1, 3, 1), E_STATE, "an sRetryNo no timeout produced");
  assert.is(s.onHo(0, 1, 1 << 24, 0, 0), E_ARG);
  assert.is(s.onHo(0, 1, 0, 0, 256), E_ARG);
  assert.is(s.onHo(0, NaN, 0, 0, 0), E_ARG);
  assert.is(s.onHo(7, 1, 0, 0, 0), E_SLOT);
  assert.is(JSON.stringify(s.inspect(0)), before);
  assert.is(s.errors, 8);
  assert.is(s.onHo(0, 1, 0, 0, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(0, 1, 1, 3, 0), DCP_HO_QUEUED);
  const full = JSON.stringify(s.inspect(0));
  assert.is(s.onHo(0, 1, 0, 1, 0), E_FULL, "RetransQ full");
  assert.is(JSON.stringify(s.inspect(0)), full);
  s.onSchedule(0, 1, 1 << 20);
  drain(s, 0, 1);
  assert.is(s.onAck(0, 2, 1), 1);
  assert.is(s.onHo(0, 3, 0, 2, 0), DCP_HO_STALE, "message 0 is acknowledged");
});

test("onAck frees messages, restarts or stops the timer, and refuses an eMSN never fully sent", () => {
  const s = sender();
  s.post(0, 2 * MTU, DCP_OP_SEND);
  s.post(0, 2 * MTU, DCP_OP_SEND);
  s.onSchedule(0, 100, 3 * MTU);
  drain(s, 0, 100); // message 0 whole, message 1 half
  assert.is(s.deadlineNs(0), 10_100);
  assert.is(s.onAck(0, 200, 2), E_STATE, "message 1 has not been sent in full");
  assert.is(s.onAck(0, 200, 0), 0, "no progress");
  assert.is(s.deadlineNs(0), 10_100, "an ACK without progress leaves the timer alone (§4.5)");
  assert.is(s.onAck(0, 300, 1), 1);
  assert.is(s.unaMsn(0), 1);
  assert.ok(s.timerArmed(0));
  assert.is(s.deadlineNs(0), 10_300, "restarted: message 1 is partly sent");
  s.onSchedule(0, 400, MTU);
  drain(s, 0, 400);
  assert.is(s.onAck(0, 500, 2), 1);
  assert.not.ok(s.timerArmed(0), "stopped: nothing sent is outstanding");
  assert.is(s.onAck(0, 600, 1), 0, "an old ACK");
  assert.is(s.errors, 1);
});

// §4.5: on expiry the sender resends all packets of the unaMSN-th message with sRetryNo + 1.
test("a timeout resends the whole unaMSN-th message with sRetryNo + 1 and purges its queued HOs", () => {
  const s = twoWritesSent(100); // msn 0: PSNs 0, 1; msn 1: PSNs 2, 3
  s.onHo(0, 200, 0, 1, 0);
  s.onHo(0, 200, 1, 2, 0);
  assert.is(s.onTimer(0, 10_099), 0, "one ns early");
  assert.is(s.onTimer(0, 10_100), DCP_TIMEOUT);
  assert.is(s.retryNo(0), 1);
  assert.is(s.timeouts(0), 1);
  assert.is(s.retransQueueLength(0), 1, "the entry of message 0 is purged, message 1's stays");
  assert.is(s.deadlineNs(0), 20_100);
  assert.is(s.onSchedule(0, 10_200, 1 << 20), 1);
  assert.equal(drain(s, 0, 10_200), [
    pkt(DCP_TX_RETRANSMIT, 1, 2, 0, 1024, 0, 0),
    pkt(DCP_TX_RESEND, 0, 0, 0, 1024, 1, 0),
    pkt(DCP_TX_RESEND, 0, 1, 1024, 1024, 1, 1),
  ]);
  assert.not.ok(s.resending(0));
  assert.is(s.resends(0), 2);
  assert.is(s.onHo(0, 10_300, 0, 0, 0), DCP_HO_STALE, "an HO of round 0 after round 1 began");
  assert.is(s.onHo(0, 10_300, 0, 0, 1), DCP_HO_QUEUED);
  assert.is(s.onHo(0, 10_300, 0, 0, 2), E_STATE);
  assert.is(s.onAck(0, 10_400, 1), 1);
  assert.is(s.retryNo(0), 0, "sRetryNo belongs to the unaMSN-th message");
});

test("purging a timed-out message's HOs keeps the others in their order", () => {
  const s = twoWritesSent(100); // msn 0: PSNs 0, 1; msn 1: PSNs 2, 3
  // RetransQ: [msn 1 PSN 2, msn 0 PSN 1, msn 1 PSN 3]; the timeout takes out the middle one.
  s.onHo(0, 200, 1, 2, 0);
  s.onHo(0, 200, 0, 1, 0);
  s.onHo(0, 200, 1, 3, 0);
  assert.is(s.onTimer(0, 10_100), DCP_TIMEOUT);
  assert.is(s.retransQueueLength(0), 2);
  assert.is(s.onSchedule(0, 10_200, 1 << 20), 2);
  assert.equal(drain(s, 0, 10_200).map((p) => [p.kind, p.msn, p.psn, p.retryNo]), [
    [DCP_TX_RETRANSMIT, 1, 2, 0],
    [DCP_TX_RETRANSMIT, 1, 3, 0],
    [DCP_TX_RESEND, 0, 0, 1],
    [DCP_TX_RESEND, 0, 1, 1],
  ]);
  assert.is(s.retransQueueLength(0), 0);
});

test("a timeout inside a message still being sent moves new data past it; the resend covers it", () => {
  const s = sender();
  s.post(0, 4 * MTU, DCP_OP_SEND); // PSNs 0..3
  s.post(0, MTU, DCP_OP_SEND); // PSN 4
  s.onSchedule(0, 0, 2 * MTU);
  drain(s, 0, 0); // PSNs 0, 1
  assert.is(s.onTimer(0, 10_000), DCP_TIMEOUT);
  assert.is(s.sendMsn(0), 1);
  assert.is(s.nextPsn(0), 4);
  s.onSchedule(0, 10_001, 1 << 20);
  assert.equal(drain(s, 0, 10_001).map((p) => [p.kind, p.msn, p.psn, p.retryNo]), [
    [DCP_TX_RESEND, 0, 0, 1],
    [DCP_TX_RESEND, 0, 1, 1],
    [DCP_TX_RESEND, 0, 2, 1],
    [DCP_TX_RESEND, 0, 3, 1],
    [DCP_TX_NEW, 1, 4, 0],
  ]);
  assert.is(s.onAck(0, 10_002, 1), 1);
});

test("a timeout inside a message still being sent, on another QP and a later MSN, skips new data to its end", () => {
  const s = sender();
  for (let i = 0; i < 3; i++) s.post(1, MTU, DCP_OP_WRITE); // QP 1, msn 0..2: PSNs 0..2
  s.onSchedule(1, 0, 1 << 20);
  drain(s, 1, 0);
  assert.is(s.onAck(1, 1, 3), 3); // unaMSN 3, nothing outstanding: the timer stops
  s.post(1, 4 * MTU, DCP_OP_WRITE); // msn 3 (table entry 3 of QP 1): PSNs 3..6
  s.post(1, MTU, DCP_OP_WRITE); // msn 4: PSN 7
  s.onSchedule(1, 2, 2 * MTU);
  assert.equal(drain(s, 1, 2).map((p) => p.psn), [3, 4]); // the first send arms the timer at 2
  assert.is(s.onTimer(1, 2 + 10_000), DCP_TIMEOUT);
  // New data resumes after message 3, whose remaining PSNs 5 and 6 the resend covers.
  assert.is(s.sendMsn(1), 4);
  assert.is(s.nextPsn(1), 7);
  s.onSchedule(1, 10_003, 1 << 20);
  assert.equal(drain(s, 1, 10_003).map((p) => [p.kind, p.msn, p.psn]), [
    [DCP_TX_RESEND, 3, 3],
    [DCP_TX_RESEND, 3, 4],
    [DCP_TX_RESEND, 3, 5],
    [DCP_TX_RESEND, 3, 6],
    [DCP_TX_NEW, 4, 7],
  ]);
});

test("a packet of exactly the quota left is sent; an empty message's packet needs a quota above 0", () => {
  const s = sender();
  s.post(0, 1, DCP_OP_WRITE); // msn 0: one 1-byte packet, PSN 0
  s.post(0, 0, DCP_OP_WRITE); // msn 1: one packet of no payload, PSN 1
  assert.is(s.onSchedule(0, 0, 1), 0); // quota min(16384, 1) = 1
  assert.is(s.nextPacket(0, 0), DCP_TX_NEW);
  assert.equal(out(s), pkt(DCP_TX_NEW, 0, 0, 0, 1, 0, 1));
  assert.is(s.quotaBytes(0), 0);
  assert.is(s.nextPacket(0, 0), DCP_TX_NONE); // a round with no quota left sends nothing
  s.onSchedule(0, 1, 1);
  assert.is(s.nextPacket(0, 1), DCP_TX_NEW);
  assert.equal(out(s), pkt(DCP_TX_NEW, 1, 1, 0, 0, 0, 1));
  assert.is(s.quotaBytes(0), 1);
  // The same for the resend after a timeout (sRetryNo 1): a 1-byte packet with quota 1 ...
  // (msn 1 is not the unaMSN-th message: the timer runs from msn 0's packet at 0, §4.5)
  assert.is(s.onTimer(0, 9_999), 0);
  assert.is(s.onTimer(0, 10_000), DCP_TIMEOUT);
  s.onSchedule(0, 10_001, 1);
  assert.is(s.nextPacket(0, 10_001), DCP_TX_RESEND);
  assert.equal(out(s), pkt(DCP_TX_RESEND, 0, 0, 0, 1, 1, 1));
  // ... and an empty message's resend waits for a round with quota.
  assert.is(s.onAck(0, 10_002, 1), 1);
  assert.is(s.onTimer(0, 20_002), DCP_TIMEOUT);
  s.onSchedule(0, 20_003, 0);
  assert.is(s.nextPacket(0, 20_003), DCP_TX_NONE);
  s.onSchedule(0, 20_004, 1);
  assert.is(s.nextPacket(0, 20_004), DCP_TX_RESEND);
  assert.equal(out(s), pkt(DCP_TX_RESEND, 1, 1, 0, 0, 1, 1));
});

test("an ACK during a resend ends it; a stopped timer never fires", () => {
  const s = sender();
  s.post(0, 4 * MTU, DCP_OP_SEND);
  assert.is(s.onTimer(0, 1 << 30), 0, "nothing sent: timer stopped");
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  s.onTimer(0, 10_000);
  s.onSchedule(0, 10_001, MTU);
  drain(s, 0, 10_001);
  assert.ok(s.resending(0));
  assert.is(s.resendOffsetBytes(0), MTU);
  assert.is(s.onAck(0, 10_002, 1), 1);
  assert.not.ok(s.resending(0));
  assert.not.ok(s.timerArmed(0));
  assert.is(s.onTimer(0, 50_000), 0);
});

test("after maxRetries expiries, each followed by its resend, the timer returns E_OVERFLOW and is disarmed; the QP stays in error", () => {
  const s = sender({ maxRetries: 2 });
  s.post(0, MTU, DCP_OP_SEND);
  s.onSchedule(0, 0, MTU);
  drain(s, 0, 0);
  assert.is(s.onTimer(0, 10_000), DCP_TIMEOUT);
  s.onSchedule(0, 10_000, MTU);
  assert.is(s.nextPacket(0, 10_000), DCP_TX_RESEND);
  assert.is(s.onTimer(0, 20_000), DCP_TIMEOUT);
  s.onSchedule(0, 20_000, MTU);
  assert.is(s.nextPacket(0, 20_000), DCP_TX_RESEND);
  const before = s.inspect(0) as Record<string, unknown>;
  assert.is(s.onTimer(0, 30_000), E_OVERFLOW);
  // Only the error bit changes (F.Failed = 16): sRetryNo, the timeouts and the deadline stay.
  assert.equal(s.inspect(0), { ...before, flags: (before.flags as number) | 16 });
  assert.is(s.retryNo(0), 2);
  assert.is(s.errors, 1);
  // Armed with its deadline (30,000) in the past, a NIC re-reading it after each call spun (review fw2).
  assert.not.ok(s.timerArmed(0));
  const failed = JSON.stringify(s.inspect(0));
  assert.is(s.onTimer(0, 30_001), E_OVERFLOW, "still in error");
  assert.is(s.onTimer(0, 90_000), E_OVERFLOW);
  assert.is(JSON.stringify(s.inspect(0)), failed);
  assert.is(s.errors, 3);
  // close and open clear it.
  s.close(0);
  s.open(0, 0);
  s.post(0, MTU, DCP_OP_SEND);
  s.onSchedule(0, 100_000, MTU);
  drain(s, 0, 100_000);
  assert.ok(s.timerArmed(0));
  assert.is(s.onTimer(0, 110_000), DCP_TIMEOUT);
});

// sRetryNo rides in the BTH's Resv6a, 6 bits: FECN (bit 7) and BECN (bit 6) hold the rest of
// byte 4 since IBA 1.2.1 (Linux rxe_hdr.h BTH_RESV6A_MASK 0x3f000000), so 63 is the last round.
test("sRetryNo is 6 bits: maxRetries 64 refused, 63 reaches round 63, an HO's 64 is E_ARG", () => {
  assert.throws(() => new DcpSender({ maxRetries: 64 }), /maxRetries/);
  const s = sender({ maxRetries: 63 });
  s.post(0, MTU, DCP_OP_SEND);
  s.onSchedule(0, 0, MTU);
  drain(s, 0, 0);
  for (let k = 1; k <= 63; k++) {
    assert.is(s.onTimer(0, k * 10_000), DCP_TIMEOUT);
    s.onSchedule(0, k * 10_000, MTU);
    assert.is(s.nextPacket(0, k * 10_000), DCP_TX_RESEND);
  }
  assert.is(out(s).retryNo, 63, "the last round's resend carries 63, which Resv6a holds");
  const before = JSON.stringify(s.inspect(0));
  // 64 does not fit Resv6a (it was E_STATE, a round from the future).
  assert.is(s.onHo(0, 630_001, 0, 0, 64), E_ARG);
  assert.is(JSON.stringify(s.inspect(0)), before);
  assert.is(s.onHo(0, 630_001, 0, 0, 63), DCP_HO_QUEUED);
  assert.is(s.onTimer(0, 640_000), E_OVERFLOW);
  assert.is(s.errors, 2);
});

test("the timer runs its whole RTO: an even gap one short of an odd RTO does not fire", () => {
  const s = sender({ rtoNs: 10_001 });
  s.post(0, MTU, DCP_OP_SEND);
  s.onSchedule(0, 0, MTU);
  drain(s, 0, 2);
  assert.is(s.onTimer(0, 10_002), 0);
  assert.is(s.onTimer(0, 10_003), DCP_TIMEOUT);
});

test("an expiry before the resend has begun is a timeout too (§4.5 counts timeouts): E_OVERFLOW comes with nothing resent", () => {
  // maxRetries 1, RTO 10,000. Two packets at t = 0: deadline 10,000. At 10,000 the first
  // timeout (sRetryNo 1, resend from offset 0, deadline 20,000). Nothing goes (the window holds
  // the resend back): at 20,000 sRetryNo is already 1 = maxRetries, so E_OVERFLOW. Until
  // 2026-12-05 that expiry returned 0 and restarted the timer, every RTO, for good.
  const s = sender({ maxRetries: 1 });
  s.post(0, 2 * MTU, DCP_OP_SEND);
  s.onSchedule(0, 0, 2 * MTU);
  drain(s, 0, 0);
  assert.is(s.onTimer(0, 10_000), DCP_TIMEOUT);
  assert.is(s.deadlineNs(0), 20_000);
  assert.is(s.onTimer(0, 19_999), 0);
  assert.is(s.onTimer(0, 20_000), E_OVERFLOW);
  assert.is(s.errors, 1);
  assert.not.ok(s.timerArmed(0));
});

test("each expiry restarts the resend from the message's first packet with sRetryNo + 1, begun or not; each resend packet restarts the timer", () => {
  const s = sender({ maxRetries: 3 });
  s.post(0, 2 * MTU, DCP_OP_SEND);
  s.onSchedule(0, 0, 2 * MTU);
  drain(s, 0, 0);
  assert.is(s.onTimer(0, 10_000), DCP_TIMEOUT);
  assert.is(s.onTimer(0, 20_000), DCP_TIMEOUT, "its resend not begun");
  assert.equal([s.retryNo(0), s.timeouts(0), s.resendOffsetBytes(0)], [2, 2, 0]);
  s.onSchedule(0, 25_000, 2 * MTU);
  assert.is(s.nextPacket(0, 25_000), DCP_TX_RESEND);
  assert.equal([s.out[2], s.out[5]], [0, 2], "PSN 0 with sRetryNo 2");
  assert.is(s.deadlineNs(0), 35_000);
  // DCP-Simulation RdmaHw::GetNxtPacket reschedules the timeout for every packet sent.
  assert.is(s.nextPacket(0, 30_000), DCP_TX_RESEND, "the resend's second packet restarts it");
  assert.is(s.deadlineNs(0), 40_000);
  assert.is(s.onTimer(0, 39_999), 0);
  assert.is(s.onTimer(0, 40_000), DCP_TIMEOUT);
  assert.equal([s.retryNo(0), s.resendOffsetBytes(0)], [3, 0]);
  assert.is(s.onTimer(0, 50_000), E_OVERFLOW);
  assert.is(s.errors, 1);
});

// README "DCP + a window CC": with less than a packet of window, one packet of recovery may
// still go (review fw2: the window cannot reopen before the unaMSN-th message completes).
test("a recovery round holds one HO retransmission and no new data, though new data waits and the entry is short", () => {
  const s = sender();
  s.post(0, 2 * MTU + 100, DCP_OP_WRITE); // PSNs 0..2, the last 100 B
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  s.post(0, 4 * MTU, DCP_OP_WRITE); // PSNs 3..6, new data waiting
  assert.is(s.onHo(0, 1, 0, 2, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(0, 1, 0, 0, 0), DCP_HO_QUEUED);
  // One entry fetched (§4.3's awin/MTU taken as 1), the round's quota one MTU (1,024 B).
  assert.is(s.onScheduleRecovery(0, 2), 1);
  assert.equal([s.batchLeft(0), s.quotaBytes(0)], [1, MTU]);
  assert.is(s.nextPacket(0, 2), DCP_TX_RETRANSMIT);
  assert.equal(out(s), pkt(DCP_TX_RETRANSMIT, 0, 2, 2048, 100, 0, 1));
  // 1,024 − 100 = 924 B left, and PSN 3 (1,024 B) would not fit anyway; nor does a short new
  // packet go: the round is recovery only.
  assert.is(s.nextPacket(0, 2), DCP_TX_NONE);
  assert.equal([s.retransQueueLength(0), s.sendMsn(0), s.quotaBytes(0)], [1, 1, 924]);
  // The next one holds the second entry; then nothing waits: 0, and the round sends nothing.
  assert.is(s.onScheduleRecovery(0, 3), 1);
  assert.equal([s.nextPacket(0, 3), s.out[2]], [DCP_TX_RETRANSMIT, 0]);
  assert.is(s.nextPacket(0, 3), DCP_TX_NONE);
  assert.is(s.onScheduleRecovery(0, 4), 0);
  assert.is(s.nextPacket(0, 4), DCP_TX_NONE, "no new data in a recovery round");
  assert.is(s.sendMsn(0), 1);
  // HO retransmissions do not restart the timer (README "Timer defaults and semantics").
  assert.is(s.deadlineNs(0), 10_000);
  assert.is(s.errors, 0);
});

test("a recovery round takes the timeout resend's next packet before any entry, one packet a round", () => {
  const s = twoWritesSent(0); // msn 0: PSNs 0, 1; msn 1: PSNs 2, 3
  assert.is(s.onHo(0, 1, 1, 3, 0), DCP_HO_QUEUED);
  assert.is(s.onTimer(0, 10_000), DCP_TIMEOUT); // message 0 again, sRetryNo 1
  assert.is(s.onScheduleRecovery(0, 10_000), 1);
  assert.is(s.batchLeft(0), 0, "the entry (message 1) is not fetched");
  assert.is(s.nextPacket(0, 10_000), DCP_TX_RESEND);
  assert.equal(out(s), pkt(DCP_TX_RESEND, 0, 0, 0, MTU, 1, 0));
  assert.is(s.deadlineNs(0), 20_000, "a resend packet restarts the timer");
  assert.is(s.nextPacket(0, 10_000), DCP_TX_NONE, "one packet: 1,024 − 1,024 = 0 B left");
  assert.is(s.onScheduleRecovery(0, 10_500), 1);
  assert.equal([s.nextPacket(0, 10_500), s.out[2], s.out[5], s.out[6]], [DCP_TX_RESEND, 1, 1, 1]);
  assert.not.ok(s.resending(0));
  // The resend is over, and the entry is message 1's: a later message waits for the window.
  assert.is(s.onScheduleRecovery(0, 11_000), 0);
  assert.is(s.nextPacket(0, 11_000), DCP_TX_NONE);
  assert.is(s.retransQueueLength(0), 1);
  // Once message 0 is acknowledged, message 1 is the unaMSN-th: its entry goes.
  assert.is(s.onAck(0, 11_500, 1), 1);
  assert.is(s.onScheduleRecovery(0, 12_000), 1);
  assert.equal([s.nextPacket(0, 12_000), s.out[1], s.out[2]], [DCP_TX_RETRANSMIT, 1, 3]);
  assert.is(s.onScheduleRecovery(0, 12_000), 0);
});

test("a recovery round drops the entry of an acknowledged message before the unaMSN-th message's, and holds that one at once", () => {
  const s = twoWritesSent(0);
  s.onHo(0, 1, 0, 1, 0);
  s.onHo(0, 1, 1, 2, 0);
  assert.is(s.onAck(0, 2, 1), 1); // message 0 acknowledged: its entry is stale
  assert.is(s.onScheduleRecovery(0, 3), 1);
  assert.equal([s.retransQueueLength(0), s.batchLeft(0)], [1, 1], "0:1 dropped, 1:2 at the head");
  assert.equal([s.nextPacket(0, 3), s.out[1], s.out[2]], [DCP_TX_RETRANSMIT, 1, 2]);
  assert.equal([s.retransQueueLength(0), s.retransmissions(0)], [0, 1]);
});

// Review rev-dcp: the RetransQ is FIFO across messages, so the entry that completes message
// unaMSN can sit behind later messages' entries; served from the head it waited for the RTO.
test("a recovery round takes the unaMSN-th message's entry from behind later messages' entries, dropping acknowledged ones before it and keeping the others in order", () => {
  // Three 2-packet Writes: msn 0 (PSNs 0, 1), msn 1 (2, 3), msn 2 (4, 5), all sent.
  const s = sender();
  for (let m = 0; m < 3; m++) s.post(0, 2 * MTU, DCP_OP_WRITE);
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  // HOs, in this order: (msn 0, PSN 0), (msn 2, PSN 4), (msn 1, PSN 3), (msn 2, PSN 5), (msn 1, PSN 2).
  for (const [msn, psn] of [[0, 0], [2, 4], [1, 3], [2, 5], [1, 2]]) assert.is(s.onHo(0, 1, msn, psn, 0), DCP_HO_QUEUED);
  // Message 0 completes (its PSN 0 came through another way): unaMSN 1, and its entry is stale.
  assert.is(s.onAck(0, 2, 1), 1);
  // Queue (head first): 0:0 (stale), 2:4, 1:3, 2:5, 1:2. The first entry of message 1 is the
  // third; of the two before it 0:0 is dropped and 2:4 kept: 2:4 moves one place on, 1:3 is
  // the head. Length 5 − 1 dropped = 4: 1:3, 2:4, 2:5, 1:2.
  assert.is(s.onScheduleRecovery(0, 3), 1);
  assert.equal([s.retransQueueLength(0), s.batchLeft(0), s.quotaBytes(0)], [4, 1, MTU]);
  assert.is(s.nextPacket(0, 3), DCP_TX_RETRANSMIT);
  assert.equal(out(s), pkt(DCP_TX_RETRANSMIT, 1, 3, MTU, MTU, 0, 1));
  assert.is(s.nextPacket(0, 3), DCP_TX_NONE, "one packet a round");
  // Next: 2:4, 2:5, then 1:2 is the first of message 1's: 1:2 to the head, nothing dropped.
  assert.is(s.onScheduleRecovery(0, 4), 1);
  assert.equal([s.nextPacket(0, 4), s.out[1], s.out[2]], [DCP_TX_RETRANSMIT, 1, 2]);
  // Only message 2's entries are left, in order: recovery holds none; a round of window fetches them.
  assert.is(s.onScheduleRecovery(0, 5), 0);
  assert.is(s.retransQueueLength(0), 2);
  s.onSchedule(0, 6, 1 << 20);
  assert.equal(drain(s, 0, 6).map((p) => [p.kind, p.psn]), [[DCP_TX_RETRANSMIT, 4], [DCP_TX_RETRANSMIT, 5]]);
  assert.is(s.errors, 0);
});

// Review rev-dcp: with less than a packet of window left in the middle of message unaMSN, its
// unsent packets waited for the ACK only its completion can bring: the RTO (DCTCP's 10-packet
// initial window under 16-packet messages: 36 timeouts with nothing lost).
test("a recovery round sends the unaMSN-th message's unsent packets one a round, its short last one with nothing of the next message after it", () => {
  // msn 0 = 2 × 1,024 + 100 = 2,148 B (PSNs 0, 1, 2: the last 100 B), msn 1 = 1,024 B (PSN 3).
  const s = sender();
  s.post(0, 2 * MTU + 100, DCP_OP_WRITE);
  s.post(0, MTU, DCP_OP_WRITE);
  // A window of one packet: PSN 0.
  s.onSchedule(0, 0, MTU);
  assert.equal(drain(s, 0, 0).map((p) => p.psn), [0]);
  // Recovery: PSN 1 (1,024 B), a new packet, which restarts the timer (deadline 10 + 10,000).
  assert.is(s.onScheduleRecovery(0, 10), 1);
  assert.is(s.quotaBytes(0), MTU);
  assert.is(s.nextPacket(0, 10), DCP_TX_NEW);
  assert.equal(out(s), pkt(DCP_TX_NEW, 0, 1, MTU, MTU, 0, 0));
  assert.equal([s.nextPacket(0, 10), s.deadlineNs(0)], [DCP_TX_NONE, 10_010]);
  // PSN 2: the quota is its 100 B (0 left once spent), so nothing of message 1 follows it.
  assert.is(s.onScheduleRecovery(0, 20), 1);
  assert.is(s.quotaBytes(0), 100);
  assert.is(s.nextPacket(0, 20), DCP_TX_NEW);
  assert.equal(out(s), pkt(DCP_TX_NEW, 0, 2, 2 * MTU, 100, 0, 1));
  assert.equal([s.nextPacket(0, 20), s.quotaBytes(0), s.sendMsn(0)], [DCP_TX_NONE, 0, 1]);
  // Message 0 is sent whole; message 1 is a later one: nothing.
  assert.is(s.onScheduleRecovery(0, 30), 0);
  assert.is(s.nextPacket(0, 30), DCP_TX_NONE);
  assert.is(s.sendMsn(0), 1);
  assert.is(s.errors, 0);
});

test("a recovery round's tail packet leaves no room for a following empty message (its one packet is 0 B)", () => {
  const s = sender();
  s.post(0, MTU + 100, DCP_OP_WRITE); // PSNs 0, 1 (100 B)
  s.post(0, 0, DCP_OP_WRITE); // PSN 2, 0 B
  s.onSchedule(0, 0, MTU);
  drain(s, 0, 0);
  assert.is(s.onScheduleRecovery(0, 1), 1);
  assert.equal([s.nextPacket(0, 1), s.out[2], s.out[4]], [DCP_TX_NEW, 1, 100]);
  // 100 − 100 = 0 B left: nextPacket stops at a quota of 0 even for a 0 B packet.
  assert.is(s.nextPacket(0, 1), DCP_TX_NONE);
  assert.is(s.sendMsn(0), 1);
});

test("onScheduleRecovery refuses bad arguments with the state unchanged, and replaces a round in progress", () => {
  const s = sender();
  s.post(0, 20 * MTU, DCP_OP_WRITE);
  s.onSchedule(0, 0, 1 << 20);
  assert.is(s.nextPacket(0, 0), DCP_TX_NEW);
  const before = JSON.stringify(s.inspect(0));
  assert.is(s.onScheduleRecovery(0, NaN), E_ARG);
  assert.is(s.onScheduleRecovery(5, 0), E_SLOT);
  assert.is(JSON.stringify(s.inspect(0)), before);
  assert.is(s.errors, 2);
  // The round of new data in progress is replaced by one packet of message 0's unsent rest.
  assert.is(s.onScheduleRecovery(0, 1), 1);
  assert.equal([s.nextPacket(0, 1), s.out[2]], [DCP_TX_NEW, 1]);
  assert.is(s.nextPacket(0, 1), DCP_TX_NONE);
});

// Review rev-dcp: after E_OVERFLOW the QP kept sending, with its timer disarmed, so nothing
// would ever have resent what it sent.
test("a QP in error (E_OVERFLOW) sends nothing and takes no HO until close: E_STATE, nextPacket DCP_TX_NONE; an ACK frees, the QP stays in error", () => {
  const s = sender({ maxRetries: 0 });
  s.post(0, MTU, DCP_OP_WRITE); // msn 0: PSN 0
  s.post(0, MTU, DCP_OP_WRITE); // msn 1: PSN 1
  s.onSchedule(0, 0, MTU);
  assert.is(s.nextPacket(0, 0), DCP_TX_NEW);
  // maxRetries 0: the first expiry (0 + 10,000) puts the QP in error.
  assert.is(s.onTimer(0, 10_000), E_OVERFLOW);
  assert.not.ok(s.timerArmed(0));
  const before = JSON.stringify(s.inspect(0));
  assert.is(s.onSchedule(0, 10_001, 4 * MTU), E_STATE);
  assert.is(s.nextPacket(0, 10_001), DCP_TX_NONE, "PSN 1 waits, and does not go");
  assert.is(s.onHo(0, 10_002, 0, 0, 0), E_STATE);
  assert.is(s.onScheduleRecovery(0, 10_003), E_STATE);
  assert.is(s.nextPacket(0, 10_003), DCP_TX_NONE);
  assert.is(JSON.stringify(s.inspect(0)), before, "nothing changed");
  // eMSN 1 frees message 0 (sent in full); the QP stays in error: no timer, nothing sent.
  assert.is(s.onAck(0, 10_004, 1), 1);
  assert.equal([s.unaMsn(0), s.sendMsn(0), s.timerArmed(0)], [1, 1, false]);
  assert.is(s.onSchedule(0, 10_005, 4 * MTU), E_STATE);
  assert.is(s.nextPacket(0, 10_005), DCP_TX_NONE, "PSN 1 still does not go");
  assert.is(s.onTimer(0, 99_999), E_OVERFLOW);
  // E_OVERFLOW twice, E_STATE four times (onSchedule twice, onHo, onScheduleRecovery).
  assert.is(s.errors, 6);
  // A round in progress when the QP failed is over too.
  const t = sender({ maxRetries: 0 });
  t.post(0, 3 * MTU, DCP_OP_WRITE);
  t.onSchedule(0, 0, 3 * MTU);
  assert.is(t.nextPacket(0, 0), DCP_TX_NEW);
  assert.is(t.onTimer(0, 10_000), E_OVERFLOW);
  assert.is(t.nextPacket(0, 10_000), DCP_TX_NONE);
  // close and open clear it.
  s.close(0);
  s.open(0, 0);
  s.post(0, MTU, DCP_OP_WRITE);
  assert.is(s.onSchedule(0, 20_000, MTU), 0);
  assert.is(s.nextPacket(0, 20_000), DCP_TX_NEW);
});

test("bad arguments are refused with the state unchanged", () => {
  const s = sender();
  s.post(0, MTU, DCP_OP_SEND);
  const before = JSON.stringify(s.inspect(0));
  assert.is(s.post(0, -1, DCP_OP_SEND), E_ARG);
  assert.is(s.post(0, 16383 * MTU + 1, DCP_OP_SEND), E_ARG, "beyond the 14-bit receiver counter");
  assert.is(s.post(0, 1.5, DCP_OP_SEND), E_ARG);
  assert.is(s.post(0, 10, 3), E_ARG);
  assert.is(s.onSchedule(0, 0, -1), E_ARG);
  assert.is(s.onSchedule(0, 0, 2 ** 31), E_ARG);
  assert.is(s.onSchedule(0, 0, 2 ** 30 + 1), E_ARG, "awin above 2^30");
  assert.is(s.onSchedule(0, Infinity, 10), E_ARG);
  assert.is(s.onAck(0, 0, -1), E_ARG);
  assert.is(s.nextPacket(0, NaN), E_ARG);
  assert.is(s.onTimer(0, NaN), E_ARG);
  assert.is(s.post(2, 10, DCP_OP_SEND), E_SLOT);
  s.close(1);
  assert.is(s.nextPacket(1, 0), E_SLOT);
  assert.is(JSON.stringify(s.inspect(0)), before);
  assert.is(s.errors, 13);
  assert.is(s.onSchedule(0, 0, 2 ** 30), 0, "awin of 2^30 is in range");
  assert.throws(() => s.open(0, 1 << 24), RangeError);
  assert.throws(() => new DcpSender({ retransQueueDepth: 100 }), RangeError);
  assert.throws(() => new DcpSender({ mtuBytes: 10 }), RangeError);
  assert.throws(() => new DcpSender({ bogus: 1 } as never), RangeError);
});

test("bytes per QP: 188 B of context plus 4 B per RetransQ entry", () => {
  assert.is(DcpSender.bytesPerFlow, 188 + 4 * 128);
  assert.is(new DcpSender({ retransQueueDepth: 16 }).bytesPerSlot, 188 + 64);
});

test("a timeout that purges the round's only fetched entry leaves the batch empty; the entry behind it waits for its own round", () => {
  // Found in review: the purge capped the batch at the entries kept, so an entry never fetched
  // (§4.3: a round processes the entries it fetched) took the purged one's place and the quota.
  const s = new DcpSender({ mtuBytes: MTU, rtoNs: 10_000 }, 1);
  s.open(0, 0);
  s.post(0, 2 * MTU, DCP_OP_WRITE); // message 0: PSNs 0, 1
  s.post(0, 2 * MTU, DCP_OP_WRITE); // message 1: PSNs 2, 3
  s.onSchedule(0, 0, 1 << 20);
  while (s.nextPacket(0, 0) !== DCP_TX_NONE);
  assert.is(s.onHo(0, 100, 0, 1, 0), 1);
  assert.is(s.onHo(0, 100, 1, 3, 0), 1);
  assert.is(s.onSchedule(0, 200, MTU), 1); // awin one MTU: fetch min(16, 2, 1) = 1, entry (0, 1)
  assert.is(s.onTimer(0, 10_000), DCP_TIMEOUT); // message 0 is resent whole: its entry goes
  assert.is(s.batchLeft(0), 0);
  assert.is(s.nextPacket(0, 10_000), DCP_TX_RESEND);
  assert.is(s.retransQueueLength(0), 1);
});

// §4.3 with fn. 10 (the batch of 16 is 16 × 1 KB, one round_quota) and README "Round quota": a
// round sends at most min(round_quota, awin) bytes, its HO retransmissions first. At a 4 KB MTU
// a batch of 16 sent 64 KB in a 16 KB round; a 4 KB quota at 1 KB packets sent 16 KB (review).
test("one round's HO retransmissions stay within round_quota: 4 KB packets in 16 KB, 1 KB packets in 4 KB", () => {
  const roundBytes = (params: Record<string, number>, packets: number): number => {
    const tx = new DcpSender(params);
    tx.open(0, 0);
    const mtu = tx.params.mtuBytes;
    tx.post(0, packets * mtu, 1);
    for (let sent = 0; sent < packets; ) {
      tx.onSchedule(0, 0, 1 << 30);
      while (tx.nextPacket(0, 0) > 0) sent++;
    }
    for (let i = 0; i < packets; i++) assert.is(tx.onHo(0, 1, 0, i, 0), 1);
    tx.onSchedule(0, 2, 1 << 20);
    let bytes = 0;
    for (let k = tx.nextPacket(0, 2); k !== DCP_TX_NONE; k = tx.nextPacket(0, 2)) {
      assert.is(k, DCP_TX_RETRANSMIT);
      bytes += tx.out[4];
    }
    return bytes;
  };
  assert.is(roundBytes({ mtuBytes: 4096 }, 16), 16_384, "4 of the 16 entries: 4 × 4096 = round_quota");
  assert.is(roundBytes({ roundQuotaBytes: 4096 }, 16), 4096, "4 × 1024");
});

test("each new-data packet restarts the timer: rtoNs runs from the last one, not the first", () => {
  // DCP-Simulation RdmaHw::GetNxtPacket reschedules the timeout for every packet sent (review:
  // from the first packet, a message slower than rtoNs at the QP's rate timed out with no loss).
  const s = sender(); // rtoNs 10 µs
  s.post(0, 3 * MTU, DCP_OP_WRITE);
  for (const t of [0, 8_000, 16_000]) {
    assert.is(s.onTimer(0, t), 0, `no expiry at ${t}: the last packet went 8 µs ago`);
    s.onSchedule(0, t, MTU); // one packet a round
    assert.is(s.nextPacket(0, t), DCP_TX_NEW);
    assert.is(s.deadlineNs(0), t + 10_000);
  }
  assert.is(s.onTimer(0, 25_999), 0);
  assert.is(s.timeouts(0), 0);
  // The ACK (eMSN 1) is lost: the fallback fires rtoNs after the last packet.
  assert.is(s.onTimer(0, 26_000), DCP_TIMEOUT);
});

test("an HO-driven retransmission does not restart the timer (bounces would hold it off)", () => {
  const s = sender();
  s.post(0, 2 * MTU, DCP_OP_WRITE);
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  assert.is(s.onHo(0, 1_000, 0, 1, 0), DCP_HO_QUEUED);
  s.onSchedule(0, 2_000, 1 << 20);
  assert.is(s.nextPacket(0, 2_000), DCP_TX_RETRANSMIT);
  assert.is(s.deadlineNs(0), 10_000);
  assert.is(s.onTimer(0, 10_000), DCP_TIMEOUT);
});

test("a duplicated HO is ignored while its entry waits, fetched or not; once sent, queued", () => {
  const s = sender({ retransQueueDepth: 2 });
  s.post(0, 3 * MTU, DCP_OP_WRITE); // PSNs 0, 1, 2
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  assert.is(s.onHo(0, 1, 0, 0, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(0, 1, 0, 0, 0), DCP_HO_DUPLICATE, "the same (MSN, PSN, round) is still queued");
  assert.is(s.retransQueueLength(0), 1);
  assert.is(s.onHo(0, 1, 0, 1, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(0, 1, 0, 1, 0), DCP_HO_DUPLICATE, "a full queue's entry repeated: no overflow");
  assert.is(s.onHo(0, 1, 0, 2, 0), E_FULL);
  assert.is(s.onSchedule(0, 2, 1 << 20), 2);
  assert.is(s.onHo(0, 2, 0, 1, 0), DCP_HO_DUPLICATE, "fetched, not yet retransmitted");
  assert.equal(drain(s, 0, 2).map((p) => [p.kind, p.psn]), [
    [DCP_TX_RETRANSMIT, 0],
    [DCP_TX_RETRANSMIT, 1],
  ]);
  // The retransmission of PSN 0 can itself be trimmed: its HO is a new one.
  assert.is(s.onHo(0, 3, 0, 0, 0), DCP_HO_QUEUED);
  assert.is(s.errors, 1, "only the E_FULL");
});

test("a round that fetches no entry while the RetransQ holds some sends no new data", () => {
  const s = sender();
  s.post(0, 100, DCP_OP_WRITE); // msn 0, PSN 0
  s.onSchedule(0, 0, 1 << 20);
  drain(s, 0, 0);
  s.post(0, 200, DCP_OP_WRITE); // msn 1, PSN 1
  assert.is(s.onHo(0, 1, 0, 0, 0), DCP_HO_QUEUED);
  // §4.3: min(16, 1, floor(500 / 1024)) = 0 entries; new data only after the fetched ones.
  assert.is(s.onSchedule(0, 2, 500), 0);
  assert.is(s.nextPacket(0, 2), DCP_TX_NONE, "msn 1's 200 B fit, but must not overtake PSN 0");
  assert.is(s.quotaBytes(0), 500);
  assert.is(s.onSchedule(0, 3, MTU), 1);
  assert.equal(drain(s, 0, 3).map((p) => [p.kind, p.psn, p.lengthBytes]), [
    [DCP_TX_RETRANSMIT, 0, 100],
    [DCP_TX_NEW, 1, 200],
  ]);
});

test("the timer readers of a slot that is not open: false and 0, while another QP's timer runs", () => {
  // lib/README.md "Readers": outside the table, never opened or closed, timerArmed is false and
  // deadlineNs 0. Slot 0 runs its timer: one 1 KB packet at t = 5000 with rtoNs 10 µs, so its
  // deadline is 5000 + 10000 = 15000. Slot 1 is closed after the same: its cleared timerStart
  // (0) would read 0 + 10000 = 10000, and outside the table curOff[slot] is undefined, which
  // the running test (curOff ≠ 0) took for a timer running.
  const s = sender(); // capacity 2, rtoNs 10 µs
  for (const slot of [0, 1]) {
    s.post(slot, MTU, DCP_OP_WRITE);
    s.onSchedule(slot, 5000, MTU);
    assert.is(s.nextPacket(slot, 5000), DCP_TX_NEW);
  }
  assert.is(s.timerArmed(0), true);
  assert.is(s.deadlineNs(0), 15_000);
  assert.is(s.close(1), 0);
  const errors = s.errors;
  for (const slot of [1, -1, 2, 0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.is(s.timerArmed(slot), false, `timerArmed(${slot})`);
    assert.is(s.deadlineNs(slot), 0, `deadlineNs(${slot})`);
  }
  assert.is(new DcpSender({}, 1).deadlineNs(0), 0, "never opened: not 0 + the default 8 ms");
  assert.is(s.errors, errors, "readers count no error");
});

test("a recovery round's tail quota is the unaMSN-th message's own, at a later MSN and on either QP", () => {
  // Every earlier recovery-round test ran at MSN 0 of QP 0, where the message's column index
  // (slot << 3) + (una & 7) reads the same with + and −.
  for (const slot of [0, 1]) {
    const s = sender();
    s.post(slot, MTU, DCP_OP_WRITE); // msn 0, PSN 0
    s.onSchedule(slot, 0, MTU);
    drain(s, slot, 0);
    assert.is(s.onAck(slot, 5, 1), 1); // unaMSN 1
    s.post(slot, MTU + 100, DCP_OP_WRITE); // msn 1: PSNs 1, 2 (100 B)
    s.post(slot, 100, DCP_OP_WRITE); // msn 2: PSN 3
    s.onSchedule(slot, 10, MTU);
    assert.equal(drain(s, slot, 10).map((p) => p.psn), [1]);
    assert.is(s.onScheduleRecovery(slot, 20), 1);
    assert.is(s.quotaBytes(slot), 100, `QP ${slot}: the quota is msn 1's last 100 B`);
    assert.is(s.nextPacket(slot, 20), DCP_TX_NEW);
    assert.equal(out(s), pkt(DCP_TX_NEW, 1, 2, MTU, 100, 0, 1));
    assert.equal([s.nextPacket(slot, 20), s.sendMsn(slot)], [DCP_TX_NONE, 2], `QP ${slot}: nothing of msn 2 follows`);
  }
});

test.run();
