// Boundaries of AIMD that aimd.test.ts passed over: inflight reaching exactly 1 and 0 bytes (found
// by the mutation pass, docs/mutation-testing.md), the end of a once-per-window recovery
// reached by ACKs (RFC 6582), the SMSS bounds of RFC 5681's initial window, and what a timeout
// leaves behind (RFC 6582 §3.2 step 4; RFC 5681 §3.1 on a repeated timeout).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { AIMD_DECREASE, AIMD_IGNORED, AIMD_INCREASE, AIMD_SLOW_START, AIMD_TIMEOUT, Aimd } from "./aimd";
import { resolveAimdParams } from "./params";

function table(params: Record<string, unknown> = {}): Aimd {
  const cc = new Aimd(params, 2);
  cc.open(0);
  cc.open(1);
  return cc;
}

test("inflight counts down to exactly 1 byte and then 0", () => {
  const cc = table();
  cc.onSend(1, 0, 1001);
  cc.onAck(1, 1, 1000);
  assert.is(cc.inflightBytes(1), 1);
  cc.onAck(1, 2, 1);
  assert.is(cc.inflightBytes(1), 0);
});

test("RFC 6582: once ACKs cover the window of the last cut, the next loss cuts again", () => {
  const cc = table({ oncePerWindow: true });
  cc.onSend(1, 0, 10_000);
  assert.is(cc.onNack(1, 1, 1000), AIMD_DECREASE); // the 10,000 B outstanding: the cut's window
  assert.is(cc.recoverBytes(1), 10_000);
  cc.onSend(1, 2, 1000); // the NACKed kilobyte, resent
  cc.onAck(1, 2, 9500);
  assert.is(cc.recoverBytes(1), 500);
  cc.onAck(1, 2, 500);
  assert.is(cc.recoverBytes(1), 0);
  cc.onSend(1, 3, 5000);
  assert.is(cc.onNack(1, 4, 1000), AIMD_DECREASE);
});

test("RFC 5681 §3.1 IW: 4 segments up to SMSS 1095 B, 3 up to 2190 B, 2 above", () => {
  const iw = (mssBytes: number) => resolveAimdParams({ mssBytes }).initialCwndBytes;
  assert.is(iw(1095), 4380);
  assert.is(iw(1096), 3288); // RFC 3390's 4380 B would be four segments: more than three
  assert.is(iw(1200), 3600);
  assert.is(iw(2190), 6570); // RFC 3390's formula gives only 4380
  assert.is(iw(2191), 4382);
});

test("RFC 6582 §3.2 step 4: after a timeout, a loss of data sent before it does not cut again", () => {
  const cc = table({ mssBytes: 1000, slowStart: false, initialCwndBytes: 8000 });
  cc.onSend(1, 0, 8000);
  // Step 4: recover = the highest byte sent = 8000 B outstanding (3000 presumed lost, 5000 in flight).
  assert.is(cc.onTimeout(1, 1, 3000), AIMD_DECREASE | AIMD_TIMEOUT);
  assert.is(cc.recoverBytes(1), 8000);
  assert.is(cc.ssthreshBytes(1), 4000);
  assert.is(cc.onNack(1, 2, 1000), AIMD_IGNORED); // sent before the timeout: 8000 − 1000 = 7000 left
  assert.is(cc.cwndBytes(1), 1000);
  assert.is(cc.ssthreshBytes(1), 4000);
  cc.onAck(1, 3, 4000); // the rest of that flight: 7000 − 4000 = 3000, the presumed-lost bytes
  assert.is(cc.recoverBytes(1), 3000);
  cc.onSend(1, 4, 3000); // their retransmission, acknowledged: recovery over
  cc.onAck(1, 5, 3000);
  assert.is(cc.recoverBytes(1), 0);
  cc.onSend(1, 6, 1000);
  assert.is(cc.onNack(1, 7, 1000), AIMD_DECREASE);
});

test("RFC 6582 §3.2 steps 1, 4: a timeout that presumes every byte lost still sets recover; a NACK of the retransmission does not cut", () => {
  // MSS 4096, cwnd 10 MSS = 40,960 B, all sent. RTO presuming all 10 MSS lost: RFC 5681 eq. (4) on
  // the window: ssthresh = floor(40,960 × 0.5) = 20,480, cwnd = LW = 1 MSS = 4096; step 4:
  // recover = highest sequence sent = 40,960 B ahead of snd_una.
  const cc = table({ slowStart: false, initialCwndBytes: 10 * 4096 });
  cc.onSend(1, 0, 10 * 4096);
  assert.is(cc.onTimeout(1, 1, 10 * 4096), AIMD_DECREASE | AIMD_TIMEOUT);
  assert.is(cc.ssthreshBytes(1), 20_480);
  assert.is(cc.recoverBytes(1), 40_960);
  // The retransmission of the first segment (below recover) is NACKed: step 1, no new decrease.
  cc.onSend(1, 2, 4096);
  assert.is(cc.onNack(1, 3, 4096), AIMD_IGNORED);
  assert.is(cc.ssthreshBytes(1), 20_480);
  assert.is(cc.cwndBytes(1), 4096);
  assert.is(cc.recoverBytes(1), 40_960 - 4096);
});

test("RFC 6582 §3.2 step 4 on a repeated timeout: recover still reaches the highest byte sent before the first", () => {
  // 8000 B sent, RTO for all: recover = 8000. The retransmission (1000 B, below the highest byte
  // sent) times out too: no byte above 8000 was sent, so recover stays 8000, not the 1000 in flight.
  const cc = table({ mssBytes: 1000, initialCwndBytes: 8000 });
  cc.onSend(1, 0, 8000);
  cc.onTimeout(1, 1, 8000);
  cc.onSend(1, 2, 1000);
  assert.is(cc.onTimeout(1, 3, 1000), AIMD_TIMEOUT);
  assert.is(cc.recoverBytes(1), 8000);
});

test("RFC 5681 §3.1: a repeated timeout holds ssthresh; once the episode's data is acknowledged the next one halves again", () => {
  const cc = table({ mssBytes: 1000, initialCwndBytes: 8000 });
  cc.onSend(1, 0, 8000);
  assert.is(cc.onTimeout(1, 1, 8000), AIMD_DECREASE | AIMD_TIMEOUT);
  assert.is(cc.ssthreshBytes(1), 4000);
  cc.onSend(1, 2, 1000);
  assert.is(cc.onAck(1, 3, 0), 0); // nothing new acknowledged: still the same timeout episode
  assert.is(cc.onTimeout(1, 4, 1000), AIMD_TIMEOUT); // the retransmission timed out too
  assert.is(cc.ssthreshBytes(1), 4000); // held, not max(1000 × 0.5, 1000)
  assert.is(cc.cwndBytes(1), 1000);
  cc.onSend(1, 5, 1000);
  assert.is(cc.onAck(1, 6, 1000), AIMD_SLOW_START); // new data: cwnd 2000
  // recover 8000 − 1000 = 7000: a timeout now is still inside the first one's window (RFC 6582
  // §3.2 step 4), as a transport timing packets out one by one (UEC RUD) reports them.
  cc.onSend(1, 7, 1000);
  assert.is(cc.onTimeout(1, 8, 1000), AIMD_TIMEOUT);
  assert.equal([cc.ssthreshBytes(1), cc.cwndBytes(1), cc.recoverBytes(1)], [4000, 1000, 7000]);
  cc.onSend(1, 9, 7000);
  assert.is(cc.onAck(1, 10, 7000), AIMD_SLOW_START); // recover 0; cwnd 1000 + 1000
  assert.is(cc.recoverBytes(1), 0);
  cc.onSend(1, 11, 2000);
  assert.is(cc.onTimeout(1, 12, 2000), AIMD_DECREASE | AIMD_TIMEOUT);
  assert.is(cc.ssthreshBytes(1), 1000); // max(floor(2000 × 0.5), 1000)
});

test("RFC 3465 §2.1 bytes_acked after ACKs far larger than the window saturates at 2^30 − 1 instead of wrapping", () => {
  // mss 1000 ≤ 1095 B: IW 4000 (RFC 5681 §3.1); no slow start; one increase per event.
  const cc = table({ mssBytes: 1000, slowStart: false });
  const ack = 2 ** 30; // the largest event
  // 1: bytes_acked 2^30 ≥ 4000 → 2^30 − 4000 = 1073737824, cwnd 5000.
  assert.is(cc.onAck(0, 1, ack), AIMD_INCREASE);
  // 2: 1073737824 + 2^30 = 2147479648 ≥ 5000 → 2147474648, above 2^30 − 1 → 1073741823; cwnd 6000.
  assert.is(cc.onAck(0, 2, ack), AIMD_INCREASE);
  // 3: 1073741823 + 2^30 = 2147483647 ≥ 6000 → 2147477647 → 1073741823; cwnd 7000. (Unsaturated:
  // 2147474648 + 2^30 − 6000 = 3221210472 > 2^31 − 1, an int32 store wraps it to −1073756824.)
  assert.is(cc.onAck(0, 3, ack), AIMD_INCREASE);
  assert.is(cc.inspect(0).acked, 2 ** 30 - 1);
  // 4: 1073741823 + 1 ≥ 7000 → cwnd 8000 (the wrapped counter counted as 0: 1 < 7000, no increase).
  assert.is(cc.onAck(0, 4, 1), AIMD_INCREASE);
  assert.is(cc.cwndBytes(0), 8000);
});

test("RFC 5681 §3.1: a NACK's cut between two timeouts acknowledges nothing new; the second timeout still holds ssthresh", () => {
  const cc = table({ mssBytes: 1000, initialCwndBytes: 8000, timeoutCwndBytes: 4000, oncePerWindow: false });
  cc.onSend(0, 0, 8000);
  // First timeout: ssthresh = floor(8000 × 0.5) = 4000; cwnd = loss window 4000.
  assert.is(cc.onTimeout(0, 1, 8000), AIMD_DECREASE | AIMD_TIMEOUT);
  // Every NACK cuts (oncePerWindow off): cwnd = ssthresh = max(floor(4000 × 0.5), 1000) = 2000.
  assert.is(cc.onNack(0, 2, 0), AIMD_DECREASE);
  assert.is(cc.ssthreshBytes(0), 2000);
  // No new data acknowledged since the first timeout: the timed-out segment was already resent by
  // the timer, so ssthresh is held at 2000 (not floor(2000 × 0.5) = 1000); cwnd = 4000.
  assert.is(cc.onTimeout(0, 3, 0), AIMD_TIMEOUT);
  assert.is(cc.ssthreshBytes(0), 2000);
  assert.is(cc.cwndBytes(0), 4000);
});

test("RFC 3465 §2.1 after a NACK's cut: bytes_acked restarts at 0, so the next increase needs a whole new window", () => {
  // mss 1000 ≤ 1095 B: IW 4000 (RFC 5681 §3.1); no slow start, so every ACK counts toward eq. (3).
  const cc = table({ mssBytes: 1000, slowStart: false });
  cc.onSend(0, 0, 10_000);
  // bytes_acked = 1 < cwnd 4000: no increase.
  assert.is(cc.onAck(0, 1, 1), 0);
  // The cut (RFC 5681 eq. (4) on the window): cwnd = ssthresh = max(floor(4000 × 0.5), 1000) = 2000,
  // and bytes_acked counts the new window from 0 (one SMSS per window of the cut window).
  assert.is(cc.onNack(0, 2, 1000), AIMD_DECREASE);
  assert.is(cc.cwndBytes(0), 2000);
  // 1999 B acknowledged: bytes_acked 1999 < 2000, no increase (the 1 B from before the cut is gone).
  assert.is(cc.onAck(0, 3, 1999), 0);
  assert.is(cc.cwndBytes(0), 2000);
  // 1 B more: bytes_acked 2000 ≥ cwnd → 0, cwnd += SMSS = 3000.
  assert.is(cc.onAck(0, 4, 1), AIMD_INCREASE);
  assert.is(cc.cwndBytes(0), 3000);
});

test.run();
