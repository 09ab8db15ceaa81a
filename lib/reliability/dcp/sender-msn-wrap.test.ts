// The sender's MSN wraps at 2^24 (DCP §4.4 / Fig. 4: the MSN and the ACK's eMSN are 24-bit
// fields; the dcp README, "Signed 24-bit differences"). No conformance vector can reach the wrap
// with messages outstanding (a repeat step is one call, and post refuses a ninth outstanding
// message), so a QP is driven through 2^24 − 3 one-packet messages here and then checked across
// the wrap against values derived by hand below; a second is driven through 2^24 − 1 to time
// out inside message 2^24 − 1, where the new-data cursor moves to MSN 0. Every "mod 2^24" difference d is read as
// d − 2^24 when d ≥ 2^23 (README, "Signed 24-bit differences").
//
// The loop posts and sends zero-length Sends: one packet each (README: "0 is a one-packet
// message"), 0 bytes of the round's quota, so one onSchedule covers them all; eight at a time
// (the WQE table), each eight freed by one ACK. 0.9 s a QP under `node --import tsx` (2-core EPYC,
// load 1, 2026-12-06); 4.5 s under the unit runner's `uvu -r tsx`, which compiles to CommonJS and reads
// each imported helper (psn24Diff, postMessage) through a getter, most of it in post.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_FULL, E_STATE } from "../../core/errors";
import {
  DCP_HO_DUPLICATE,
  DCP_HO_QUEUED,
  DCP_HO_STALE,
  DCP_TIMEOUT,
  DCP_TX_NEW,
  DCP_TX_RESEND,
  DCP_TX_RETRANSMIT,
  DcpSender,
} from "./sender";
import { drainSender, senderOut as out } from "./test-support";
import { DCP_OP_SEND, DCP_OP_WRITE, DCP_OP_WRITE_IMM } from "./wire";

const MTU = 1024;
const RTO = 10_000;
const W = 2 ** 24; // 16,777,216
const START_PSN = 1000; // PSNs apart from MSNs, so that mixing the two up shows

function pkt(kind: number, msn: number, psn: number, offsetBytes: number, lengthBytes: number, retryNo: number, last: number) {
  return { kind, msn, psn, offsetBytes, lengthBytes, retryNo, last };
}

/** What messageInfo writes: [message bytes, kind, SSN]. */
function info(s: DcpSender, msn: number): number[] {
  assert.is(s.messageInfo(0, msn), 0, `messageInfo(${msn})`);
  return [s.out[7], s.out[8], s.out[9]];
}

/** QP 0's packets at `nowNs`: everything the round allows. */
const drain = (s: DcpSender, nowNs: number): Record<string, number>[] => drainSender(s, 0, nowNs);

/**
 * Posts, sends and acknowledges `count` zero-length Sends on a fresh QP (MSNs 0 .. count − 1),
 * eight at a time, one ACK per eight. Returns how many calls returned something else than that.
 */
function sendEmpty(s: DcpSender, count: number): number {
  let bad = 0;
  let msn = 0;
  while (msn < count) {
    const k = count - msn < 8 ? count - msn : 8;
    for (let i = 0; i < k; i++) if (s.post(0, 0, DCP_OP_SEND) !== msn + i) bad++;
    for (let i = 0; i < k; i++) if (s.nextPacket(0, 0) !== DCP_TX_NEW) bad++;
    msn += k;
    if (s.onAck(0, 0, msn) !== k) bad++;
  }
  return bad;
}

/** The QP state and the table's counters, to show a call changed nothing. */
function snapshot(s: DcpSender) {
  return { qp: s.inspect(0), errors: s.errors, out: Array.from(s.out) };
}

test("DcpSender across the 24-bit MSN wrap: post, ACK, HO, messageInfo and the timeout read MSNs mod 2^24", () => {
  const s = new DcpSender({ mtuBytes: MTU, rtoNs: RTO }, 1);
  s.open(0, START_PSN);

  // --- 2^24 − 3 = 16,777,213 messages, MSNs 0 .. 16,777,212, message m at PSN 1000 + m mod 2^24
  // and SSN m (every one a Send). One round of 1024 B: zero-length packets spend none of it.
  const N = W - 3;
  assert.is(s.onSchedule(0, 0, MTU), 0);
  assert.is(sendEmpty(s, N), 0, "calls in the loop that returned something else than derived");
  assert.is(s.errors, 0);
  // unaMSN = postedMSN = the new-data cursor = 16,777,213 = 2^24 − 3; next PSN
  // (1000 + 16,777,213) mod 2^24 = 997; nothing outstanding, so no timer.
  assert.is(s.unaMsn(0), W - 3);
  assert.is(s.postedMsn(0), W - 3);
  assert.is(s.sendMsn(0), W - 3);
  assert.is(s.nextPsn(0), 997);
  assert.is(s.outstandingMessages(0), 0);
  assert.not.ok(s.timerArmed(0));
  assert.is(s.quotaBytes(0), MTU);

  // --- Message 16,777,213 (100 B, PSN 997, SSN 16,777,213), sent and acknowledged: eMSN
  // 16,777,214 − 16,777,213 = 1 message freed. (The round's 1024 B pay its 100 B.)
  assert.is(s.post(0, 100, DCP_OP_SEND), W - 3);
  assert.is(s.nextPacket(0, 10), DCP_TX_NEW);
  assert.equal(out(s), pkt(DCP_TX_NEW, W - 3, 997, 0, 100, 0, 1));
  assert.is(s.onAck(0, 20, W - 2), 1);
  assert.is(s.unaMsn(0), W - 2);
  assert.not.ok(s.timerArmed(0));

  // --- Four messages across the wrap, unaMSN 16,777,214. MSNs 16,777,214, 16,777,215, then
  // (16,777,215 + 1) mod 2^24 = 0, then 1. PSNs from 998, one per started KiB: 1024 B → 998;
  // 2048 B → 999, 1000; 500 B → 1001; 3000 B → 1002, 1003, 1004 (1024 + 1024 + 952). SSNs go to
  // Sends and Writes-with-Immediate only (§4.4), continuing from 16,777,214 and wrapping too:
  // 16,777,215 gets 16,777,214, message 0 gets 16,777,215, message 1 gets 0.
  assert.is(s.post(0, 1024, DCP_OP_WRITE), W - 2);
  assert.is(s.post(0, 2048, DCP_OP_SEND), W - 1);
  assert.is(s.post(0, 500, DCP_OP_WRITE_IMM), 0);
  assert.is(s.post(0, 3000, DCP_OP_SEND), 1);
  // postedMSN − unaMSN = (2 − 16,777,214) mod 2^24 = 4.
  assert.is(s.postedMsn(0), 2);
  assert.is(s.outstandingMessages(0), 4);
  // messageInfo on an outstanding MSN past the wrap: d = (1 − 16,777,214) mod 2^24 = 3 < 4.
  assert.equal(info(s, W - 2), [1024, DCP_OP_WRITE, 0]);
  assert.equal(info(s, W - 1), [2048, DCP_OP_SEND, W - 2]);
  assert.equal(info(s, 0), [500, DCP_OP_WRITE_IMM, W - 1]);
  assert.equal(info(s, 1), [3000, DCP_OP_SEND, 0]);
  // Four empty Writes, MSNs 2..5, PSNs 1005..1008: eight outstanding, (6 − 16,777,214) mod 2^24
  // = 8, so a ninth is E_FULL (one error, nothing else changes).
  for (let i = 2; i <= 5; i++) assert.is(s.post(0, 0, DCP_OP_WRITE), i);
  assert.is(s.outstandingMessages(0), 8);
  let before = snapshot(s);
  assert.is(s.post(0, 0, DCP_OP_WRITE), E_FULL);
  assert.equal(snapshot(s), { ...before, errors: before.errors + 1 });
  // Not outstanding: MSN 6, d = 8 (never posted); MSN 16,777,213, d = −1 (freed). E_STATE each.
  before = snapshot(s);
  assert.is(s.messageInfo(0, 6), E_STATE);
  assert.is(s.messageInfo(0, W - 3), E_STATE);
  assert.equal(snapshot(s), { ...before, errors: before.errors + 2 });

  // --- Send 2048 B: message 16,777,214 whole and the first packet of 16,777,215.
  assert.is(s.onSchedule(0, 100, 2048), 0);
  assert.equal(drain(s, 100), [
    pkt(DCP_TX_NEW, W - 2, 998, 0, 1024, 0, 1),
    pkt(DCP_TX_NEW, W - 1, 999, 0, 1024, 0, 0),
  ]);
  assert.is(s.sendMsn(0), W - 1);
  assert.is(s.sendOffsetBytes(0), 1024);
  // An ACK ahead of what was sent: eMSN 0 says 16,777,215 complete, but it is half sent.
  // d = (0 − 16,777,214) mod 2^24 = 2 > (16,777,215 − 16,777,214) = 1 → E_STATE, state unchanged.
  before = snapshot(s);
  assert.is(s.onAck(0, 150, 0), E_STATE);
  assert.equal(snapshot(s), { ...before, errors: before.errors + 1 });

  // --- Send the rest through message 1: 1024 + 500 + 1024 + 1024 + 952 = 4524 B, leaving a quota
  // of 0, so the empty message 2 does not go (a packet needs quota > 0).
  assert.is(s.onSchedule(0, 200, 4524), 0);
  assert.equal(drain(s, 200), [
    pkt(DCP_TX_NEW, W - 1, 1000, 1024, 1024, 0, 1),
    pkt(DCP_TX_NEW, 0, 1001, 0, 500, 0, 1),
    pkt(DCP_TX_NEW, 1, 1002, 0, 1024, 0, 0),
    pkt(DCP_TX_NEW, 1, 1003, 1024, 1024, 0, 0),
    pkt(DCP_TX_NEW, 1, 1004, 2048, 952, 0, 1),
  ]);
  assert.is(s.sendMsn(0), 2);
  assert.is(s.nextPsn(0), 1005);
  assert.ok(s.timerArmed(0));
  // None of them is of the unaMSN-th message (16,777,214), so the timer runs from its last
  // packet at 100 (§4.5: the timer is associated with unaMSN).
  assert.is(s.deadlineNs(0), 100 + RTO);
  // eMSN 3: d = (3 − 16,777,214) mod 2^24 = 5 > (2 − 16,777,214) mod 2^24 = 4 messages sent in
  // full: messages 2, 3, 4 are posted but unsent → E_STATE, state unchanged.
  before = snapshot(s);
  assert.is(s.onAck(0, 300, 3), E_STATE);
  assert.equal(snapshot(s), { ...before, errors: before.errors + 1 });

  // --- HOs with unaMSN 16,777,214 (README "onHo checks in this order").
  // MSN 1, PSN 1003: d = (1 − 16,777,214) mod 2^24 = 3 in [0, 8); PSN 1003 − 1002 = 1 in [0, 3)
  // and before nextPsn 1005; a later message's round is 0 = its sRetryNo → QUEUED.
  assert.is(s.onHo(0, 400, 1, 1003, 0), DCP_HO_QUEUED);
  assert.is(s.retransQueueLength(0), 1);
  before = snapshot(s);
  assert.is(s.onHo(0, 400, 1, 1003, 0), DCP_HO_DUPLICATE, "the same entry still queued");
  assert.equal(snapshot(s), before);
  // E_STATE, one error each, nothing queued: MSN 2, PSN 1005 not yet sent (1005 − 1005 = 0 ≥ 0);
  // MSN 6 never posted (d = 8 ≥ 8); MSN 1 with sRetryNo 1 above its round 0.
  assert.is(s.onHo(0, 400, 2, 1005, 0), E_STATE);
  assert.is(s.onHo(0, 400, 6, 1005, 0), E_STATE);
  assert.is(s.onHo(0, 400, 1, 1003, 1), E_STATE);
  assert.equal(snapshot(s), { ...before, errors: before.errors + 3 });
  // MSN 0, PSN 1001: d = (0 − 16,777,214) mod 2^24 = 2; its only packet, sent → QUEUED. Then
  // MSN 16,777,214, PSN 998: d = 0, the unaMSN-th message, whose round is the QP's sRetryNo 0
  // → QUEUED. RetransQ, oldest first: 1/1003, 0/1001, 16,777,214/998.
  assert.is(s.onHo(0, 400, 0, 1001, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(0, 400, W - 2, 998, 0), DCP_HO_QUEUED);
  assert.is(s.retransQueueLength(0), 3);
  // A recovery round (README "DCP + a window CC") sends the unaMSN-th message's entry from behind
  // the others, which it keeps in order: neither is acknowledged, their distances from unaMSN mod
  // 256 being (1 − 16,777,214) = 3 and (0 − 16,777,214) = 2, both below the 8 outstanding. PSN 998
  // is the message's only packet: offset 0, 1024 B, the last; sRetryNo 0 (d = 0: the QP's).
  assert.is(s.onScheduleRecovery(0, 500), 1);
  assert.equal(drain(s, 500), [pkt(DCP_TX_RETRANSMIT, W - 2, 998, 0, MTU, 0, 1)]);
  assert.is(s.retransQueueLength(0), 2);
  // A full round fetches one entry (min(16, 2, 1024 / 1024)), the oldest: key MSN mod 256 = 1;
  // (1 − 16,777,214) mod 256 = 3 < 8 outstanding, MSN (16,777,214 + 3) mod 2^24 = 1; offset
  // (1003 − 1002) × 1024 = 1024, length min(3000 − 1024, 1024) = 1024, not the last; sRetryNo 0
  // (not the unaMSN-th message). The quota is spent, so no new data.
  assert.is(s.onSchedule(0, 600, MTU), 1);
  assert.equal(drain(s, 600), [pkt(DCP_TX_RETRANSMIT, 1, 1003, 1024, 1024, 0, 0)]);
  assert.is(s.retransmissions(0), 2);
  assert.is(s.retransQueueLength(0), 1);
  // More HOs of round 0: MSN 1, PSN 1002 (d = 3); MSN 16,777,215, PSN 1000, its second packet
  // (d = 1; 1000 − 999 = 1 in [0, 2)); and PSN 998 again, its packet gone, so it may have been
  // trimmed again (README "Duplicated HOs"). RetransQ: 0/1001, 1/1002, 16,777,215/1000,
  // 16,777,214/998. HO retransmissions leave the timer alone.
  assert.is(s.onHo(0, 700, 1, 1002, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(0, 700, W - 1, 1000, 0), DCP_HO_QUEUED);
  assert.is(s.onHo(0, 700, W - 2, 998, 0), DCP_HO_QUEUED);
  assert.is(s.retransQueueLength(0), 4);
  assert.is(s.deadlineNs(0), 100 + RTO);

  // --- The coarse timeout (§4.5) on unaMSN 16,777,214: the timer restarted with that message's
  // last packet at 100 and expires at 100 + 10,000. sRetryNo 0 → 1; the RetransQ entries keyed
  // 16,777,214 mod 256 = 254 are purged (PSN 998's), the other three stay; the message goes again from
  // PSN 998 with sRetryNo 1; the new-data cursor (message 2) is past it and stays.
  assert.is(s.onTimer(0, 100 + RTO - 1), 0);
  assert.is(s.onTimer(0, 100 + RTO), DCP_TIMEOUT);
  assert.is(s.retryNo(0), 1);
  assert.is(s.timeouts(0), 1);
  assert.is(s.retransQueueLength(0), 3);
  assert.ok(s.resending(0));
  assert.is(s.sendMsn(0), 2);
  // The superseded round's HO is stale (sRetryNo 0 < 1), not an error.
  assert.is(s.onHo(0, 10_250, W - 2, 998, 0), DCP_HO_STALE);
  // One MTU of window: min(16, 1, 1024 / 1024 − 1 kept for the resend) = 0 entries fetched, so no
  // new data either; the resend goes.
  assert.is(s.onSchedule(0, 10_300, MTU), 0);
  assert.equal(drain(s, 10_300), [pkt(DCP_TX_RESEND, W - 2, 998, 0, 1024, 1, 1)]);
  assert.is(s.resends(0), 1);
  assert.is(s.deadlineNs(0), 10_300 + RTO);

  // --- eMSN 1: d = (1 − 16,777,214) mod 2^24 = 3 ≤ 4 sent → frees 16,777,214, 16,777,215 and 0.
  // unaMSN 1; outstanding (6 − 1) = 5; sRetryNo back to 0; message 1 is still sent and
  // unacknowledged, so the timer restarts at 10,400.
  assert.is(s.onAck(0, 10_400, 1), 3);
  assert.is(s.unaMsn(0), 1);
  assert.is(s.outstandingMessages(0), 5);
  assert.is(s.retryNo(0), 0);
  assert.is(s.deadlineNs(0), 10_400 + RTO);
  // Old ACKs free nothing and are not errors (README: "0 for an old ACK"; §4.5 moves unaMSN and
  // the timer only for eMSN > unaMSN): eMSN 16,777,215, d = (16,777,215 − 1) mod 2^24 =
  // 16,777,214 ≥ 2^23 → −2; eMSN 0, d = −1; eMSN 1 again, d = 0.
  before = snapshot(s);
  assert.is(s.onAck(0, 10_500, W - 1), 0);
  assert.is(s.onAck(0, 10_500, 0), 0);
  assert.is(s.onAck(0, 10_500, 1), 0);
  assert.equal(snapshot(s), before);

  // --- An HO for a freed message is stale, whatever its PSN (README onHo check 3), not an error:
  // MSN 16,777,215 (PSN 1000), d = −2; MSN 0 (PSN 1001), d = −1.
  assert.is(s.onHo(0, 10_600, W - 1, 1000, 0), DCP_HO_STALE);
  assert.is(s.onHo(0, 10_600, 0, 1001, 0), DCP_HO_STALE);
  assert.equal(snapshot(s), before);

  // --- messageInfo: freed MSNs across the wrap are E_STATE (16,777,215: d = −2; 0: d = −1; one
  // error each, out keeps what it held); message 1 (d = 0) and 5 (d = 4 < 5) are outstanding.
  assert.is(s.messageInfo(0, W - 1), E_STATE);
  assert.is(s.messageInfo(0, 0), E_STATE);
  assert.equal(snapshot(s), { ...before, errors: before.errors + 2 });
  assert.equal(info(s, 1), [3000, DCP_OP_SEND, 0]);
  assert.equal(info(s, 5), [0, DCP_OP_WRITE, 0]);

  // --- A recovery round with unaMSN 1. RetransQ: 0/1001 and 16,777,215/1000, entries of freed
  // messages that count until fetched (README "RetransQ entry"), around 1/1002. The unaMSN-th
  // message's entry goes to the head and the one before it, distance (0 − 1) mod 256 = 255 ≥ 5
  // outstanding, is dropped; the one after it stays: 2 left, 1 once PSN 1002 is sent (offset 0,
  // 1024 B, not the last; sRetryNo 0, the QP's).
  assert.is(s.retransQueueLength(0), 3);
  assert.is(s.onScheduleRecovery(0, 10_700), 1);
  assert.is(s.retransQueueLength(0), 2);
  assert.equal(drain(s, 10_700), [pkt(DCP_TX_RETRANSMIT, 1, 1002, 0, MTU, 0, 0)]);
  assert.is(s.retransQueueLength(0), 1);

  // --- The coarse timeout on unaMSN 1, past the wrap: an HO of its current round is queued
  // (RetransQ: 16,777,215/1000, 1/1003), then the timer, restarted at 10,400, expires at
  // 10,400 + 10,000. sRetryNo 0 → 1, the entry keyed 1 purged, the whole message resent from
  // PSN 1002 with MSN 1 and sRetryNo 1.
  assert.is(s.onHo(0, 10_800, 1, 1003, 0), DCP_HO_QUEUED);
  assert.is(s.retransQueueLength(0), 2);
  assert.is(s.onTimer(0, 10_400 + RTO - 1), 0);
  assert.is(s.onTimer(0, 10_400 + RTO), DCP_TIMEOUT);
  assert.is(s.retryNo(0), 1);
  assert.is(s.timeouts(0), 2);
  assert.is(s.retransQueueLength(0), 1);
  assert.ok(s.resending(0));
  assert.is(s.sendMsn(0), 2);
  assert.is(s.nextPsn(0), 1005);
  assert.is(s.onHo(0, 20_450, 1, 1003, 0), DCP_HO_STALE, "the superseded round");
  // A 3000 B round fetches min(16, 1, 3000 / 1024 − 1) = 1 entry, MSN 16,777,215's: its distance
  // (255 − 1) mod 256 = 254 ≥ 5 outstanding, a freed message's, dropped without spending quota
  // (README "RetransQ entry"). The 3000 B then hold the resend exactly; the empty message 2 finds
  // quota 0.
  assert.is(s.onSchedule(0, 20_500, 3000), 1);
  assert.equal(drain(s, 20_500), [
    pkt(DCP_TX_RESEND, 1, 1002, 0, 1024, 1, 0),
    pkt(DCP_TX_RESEND, 1, 1003, 1024, 1024, 1, 0),
    pkt(DCP_TX_RESEND, 1, 1004, 2048, 952, 1, 1),
  ]);
  assert.is(s.resends(0), 4);
  assert.is(s.retransQueueLength(0), 0);
  assert.not.ok(s.resending(0));
  assert.is(s.deadlineNs(0), 20_500 + RTO);
  // An HO of the resend's round (sRetryNo 1) is queued and retransmitted with it: key
  // (1 − 1) mod 256 = 0, the unaMSN-th message, so sRetryNo 1; PSN 1004 is its third packet,
  // offset 2048, 3000 − 2048 = 952 B, the last. It leaves 1024 − 952 = 72 B of the round, and
  // the empty Writes 2..5 (PSNs 1005..1008) go after it, 0 B each.
  assert.is(s.onHo(0, 20_600, 1, 1004, 1), DCP_HO_QUEUED);
  assert.is(s.onSchedule(0, 20_700, MTU), 1);
  assert.equal(drain(s, 20_700), [
    pkt(DCP_TX_RETRANSMIT, 1, 1004, 2048, 952, 1, 1),
    pkt(DCP_TX_NEW, 2, 1005, 0, 0, 0, 1),
    pkt(DCP_TX_NEW, 3, 1006, 0, 0, 0, 1),
    pkt(DCP_TX_NEW, 4, 1007, 0, 0, 0, 1),
    pkt(DCP_TX_NEW, 5, 1008, 0, 0, 0, 1),
  ]);
  assert.is(s.retransmissions(0), 4);
  // eMSN 6 frees messages 1..5 (d = 6 − 1 = 5 ≤ 5 sent): sRetryNo back to 0, nothing sent is
  // outstanding, so the timer stops.
  assert.is(s.onAck(0, 20_800, 6), 5);
  assert.is(s.retryNo(0), 0);
  assert.is(s.outstandingMessages(0), 0);
  assert.not.ok(s.timerArmed(0));
  assert.is(s.errors, 10);
});

test("DcpSender: a timeout inside message 2^24 − 1 moves the new-data cursor to MSN 0, not 2^24", () => {
  // onTimer (§4.5; README "Timeout"): when the new-data cursor is inside the unaMSN-th message,
  // the resend covers the rest of it, so the cursor goes to the next message, whose MSN is
  // (unaMSN + 1) mod 2^24 — here (16,777,215 + 1) mod 2^24 = 0.
  const s = new DcpSender({ mtuBytes: MTU, rtoNs: RTO }, 1);
  s.open(0, START_PSN);
  assert.is(s.onSchedule(0, 0, MTU), 0);
  // 2^24 − 1 empty messages, MSNs 0 .. 16,777,214: unaMSN 16,777,215, next PSN
  // (1000 + 16,777,215) mod 2^24 = 999; the round's 1024 B unspent.
  assert.is(sendEmpty(s, W - 1), 0, "calls in the loop that returned something else than derived");
  assert.is(s.unaMsn(0), W - 1);
  assert.is(s.nextPsn(0), 999);
  assert.is(s.quotaBytes(0), MTU);
  // Message 16,777,215: 2048 B, PSNs 999 and 1000; message 0: 500 B, PSN 1001.
  assert.is(s.post(0, 2048, DCP_OP_SEND), W - 1);
  assert.is(s.post(0, 500, DCP_OP_WRITE), 0);
  // The 1024 B left send the first packet only; the cursor stops inside the message.
  assert.equal(drain(s, 100), [pkt(DCP_TX_NEW, W - 1, 999, 0, 1024, 0, 0)]);
  assert.is(s.sendMsn(0), W - 1);
  assert.is(s.sendOffsetBytes(0), 1024);
  assert.is(s.deadlineNs(0), 100 + RTO);
  // The timeout: sRetryNo 0 → 1; the cursor goes to MSN 0 at offset 0, its PSN the one after
  // message 16,777,215's last packet, 999 + 2 = 1001.
  assert.is(s.onTimer(0, 100 + RTO), DCP_TIMEOUT);
  assert.is(s.retryNo(0), 1);
  assert.ok(s.resending(0));
  assert.is(s.sendMsn(0), 0);
  assert.is(s.sendOffsetBytes(0), 0);
  assert.is(s.nextPsn(0), 1001);
  // A round of 2048 + 500 = 2548 B: the whole message again from PSN 999 with sRetryNo 1, then
  // message 0 as new data.
  assert.is(s.onSchedule(0, 10_200, 2548), 0);
  assert.equal(drain(s, 10_200), [
    pkt(DCP_TX_RESEND, W - 1, 999, 0, 1024, 1, 0),
    pkt(DCP_TX_RESEND, W - 1, 1000, 1024, 1024, 1, 1),
    pkt(DCP_TX_NEW, 0, 1001, 0, 500, 0, 1),
  ]);
  assert.is(s.sendMsn(0), 1);
  assert.is(s.nextPsn(0), 1002);
  // eMSN 1: d = (1 − 16,777,215) mod 2^24 = 2 ≤ 2 sent, both freed; sRetryNo 0, nothing
  // outstanding, the timer stopped.
  assert.is(s.onAck(0, 10_300, 1), 2);
  assert.is(s.unaMsn(0), 1);
  assert.is(s.retryNo(0), 0);
  assert.not.ok(s.timerArmed(0));
  assert.is(s.errors, 0);
});

test.run();
