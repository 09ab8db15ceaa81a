// RACK-TLP against RFC 8985 / RFC 6298 where the module departed from them until 2026-11-28 (each
// test fails on the code before that day): the RTO's clock-granularity term, the estimator at
// RTTs of 2^28 ns and more, the PTO capped at the RTO's expiry (it probes in the RTO's place), a
// PTO left armed by an ACK that advanced SND.UNA and SACKed a packet, and the TLP episode ended
// by a duplicate ACK without SACK information (§7.4.2's last case). Those after it fail on the code
// before 2026-12-03: a PTO's expiry without a probe re-arms the RTO (§7.3), the PTO is armed with
// a probe in flight (§7.2), none beside the reordering timer (§8), and lost retransmissions are
// counted (§9.3). The last three fail on the code before 2026-12-04: an RTO marked with a window
// recomputed at the RTO instead of RACK.reo_wnd as step 5 left it (§6.3), a network duplicate
// DSACKed within the cumulative ACK gave an RTT sample (RFC 6298 §3), and an initialRtoNs above
// maxRtoNs was used as given (RFC 6298 (2.5)). The RTO after onAck's fast path guards the window
// that path leaves to be computed when read (2026-12-04); it passes on the code before. The two
// with a probe due fail on the code before 2026-12-06: the PTO that made it due left the RTO
// armed with its (past) expiry until nextPacket sent it (§7.3).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RACK_TIMER_PROBE, RACK_TIMER_REORDER, RACK_TIMER_RTO, RACK_TX_NEW, RACK_TX_PROBE, RACK_TX_RETRANSMIT, RackSender } from "./rack";

/** Slot 0 of a sender (1024 B packets, window 32) with `packets` packets posted, PSN 0 sent at 0. */
function flow(packets: number, params: Record<string, unknown> = {}): RackSender {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, ...params }, 1);
  s.open(0, 0);
  s.post(0, 1024 * packets, 1);
  s.onSchedule(0, 0, 1 << 20);
  assert.is(s.nextPacket(0, 0), RACK_TX_NEW);
  return s;
}

test("RFC 6298 §2.2: RTO = SRTT + max(G, 4·RTTVAR) with G one tick: an RTTVAR of 0 still adds 1 ns", () => {
  const s = flow(1, { minRtoNs: 1 });
  s.onAck(0, 0, 1, 0, false); // RTT 0 counts as 1 ns: SRTT 1, RTTVAR ⌊1/2⌋ = 0
  assert.equal([s.srttNs(0), s.rttvarNs(0)], [1, 0]);
  assert.is(s.rtoNs(0), 2, "1 + max(1, 0)");
});

test("RFC 6298 §2.3 at RTTs of 2^28 ns: SRTT = 7/8 SRTT + 1/8 R' does not overflow int32", () => {
  const r = 2 ** 28;
  const s = flow(2, { minRtoNs: 1, maxRtoNs: 2 ** 30 });
  s.onAck(0, r, 1, 0, false); // SRTT 2^28, RTTVAR 2^27, RTO 2^28 + 2^29
  assert.equal([s.srttNs(0), s.rttvarNs(0), s.rtoNs(0)], [r, r / 2, 3 * r]);
  assert.is(s.nextPacket(0, r), RACK_TX_NEW);
  s.onAck(0, 2 * r, 2, 1, false); // the same RTT: 7·2^28 + 2^28 = 2^31 is past int32
  // RTTVAR = 2^27 + ⌊(0 − 2^27) / 4⌋ = 3·2^25; SRTT = 2^28; RTO = 2^28 + 4·3·2^25 = 5·2^27.
  assert.equal([s.srttNs(0), s.rttvarNs(0), s.rtoNs(0)], [r, 3 * 2 ** 25, 5 * 2 ** 27]);
});

test("RFC 8985 §7.2: a PTO capped at the RTO's expiry sends its probe in the RTO's place, which then restarts", () => {
  // SRTT 1000, RTTVAR 500: RTO min(3000, maxRtoNs 1000) = 1000, below 2·SRTT.
  const s = flow(2, { minRtoNs: 100, maxRtoNs: 1000 });
  s.onAck(0, 1000, 1, 0, false);
  assert.is(s.nextPacket(0, 10_000), RACK_TX_NEW); // PSN 1: RTO and PTO (2000 → capped) both at 11 000
  assert.ok(s.ptoArmed(0));
  assert.is(s.deadlineNs(0), 11_000);
  assert.is(s.onTimer(0, 11_000), RACK_TIMER_PROBE);
  assert.equal([s.timeouts(0), s.inRecovery(0), s.lostPackets(0)], [0, false, 0]);
  assert.is(s.nextPacket(0, 11_000), RACK_TX_PROBE); // PSN 1 again (no new data); the RTO restarts
  assert.is(s.deadlineNs(0), 12_000);
  assert.is(s.onTimer(0, 12_000), RACK_TIMER_RTO);
  assert.is(s.timeouts(0), 1);
});

test("RFC 8985 §7.2: an ACK that advances SND.UNA and SACKs a packet leaves no PTO armed", () => {
  const s = flow(4);
  for (let i = 1; i < 4; i++) s.nextPacket(0, 0); // PSNs 1–3 at 0
  s.onAck(0, 1000, 1, 0, false);
  assert.ok(s.ptoArmed(0));
  s.onAck(0, 1100, 2, 3, false); // PSN 1 cumulatively, PSN 3 SACKed
  assert.is(s.sackedPackets(0), 1);
  assert.not.ok(s.ptoArmed(0));
  // PSN 2 waits out 0 + RACK.rtt 1100 + reo_wnd 250; no PTO remains to fire with it SACK-blocked.
  assert.is(s.deadlineNs(0), 1350);
});

test("RFC 8985 §7.4.2: a DupAck without SACK information at TLP.end_seq ends the episode with no loss; not with nothing outstanding", () => {
  const s = flow(2);
  s.nextPacket(0, 100); // PSN 1
  s.onAck(0, 10_000, 1, 0, false); // SRTT 10 000; one in flight: PTO 20 000
  assert.is(s.onTimer(0, 30_000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(0, 30_000), RACK_TX_PROBE); // PSN 1 again: TLP.end_seq 2, a retransmission
  s.onAck(0, 40_000, 2, 1, false); // cum = TLP.end_seq, no DSACK: open
  assert.ok(s.probeInFlight(0));
  s.onAck(0, 40_050, 2, 1, false); // the same ACK again, nothing outstanding: no DupAck (RFC 5681)
  assert.ok(s.probeInFlight(0));
  s.post(0, 1024, 1);
  s.onSchedule(0, 41_000, 1 << 20);
  assert.is(s.nextPacket(0, 41_000), RACK_TX_NEW); // PSN 2
  s.onAck(0, 41_100, 2, 1, false); // again, now a DupAck: both copies of PSN 1 arrived
  assert.not.ok(s.probeInFlight(0));
  s.onAck(0, 51_000, 3, 2, false); // past TLP.end_seq, but the episode is over: no repair
  assert.is(s.tlpRepairs(0), 0);
});

test("RFC 8985 §7.3: the first PTO probes before any RTT sample (\"since last probe or the start of connection\")", () => {
  // Defaults: initialRtoNs = initialPtoNs = 1,000,000. PSN 0 sent at 0 arms the RTO (due at
  // 1,000,000) and the PTO (§7.2, no SRTT: 1,000,000, capped at the RTO's 1,000,000 left): due
  // together, the PTO probes in the RTO's place (§7.2), as no probe was sent since the start.
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32 }, 1);
  s.open(0, 0);
  s.post(0, 1024, 1);
  s.onSchedule(0, 0, 1 << 20);
  assert.is(s.nextPacket(0, 0), RACK_TX_NEW);
  assert.is(s.deadlineNs(0), 1_000_000);
  assert.is(s.onTimer(0, 1_000_000), RACK_TIMER_PROBE);
  assert.equal([s.timeouts(0), s.inRecovery(0), s.lostPackets(0)], [0, false, 0]);
  assert.is(s.nextPacket(0, 1_000_000), RACK_TX_PROBE); // PSN 0 again (no new data)
  assert.is(s.out[2], 0);
  // §7.3: the probe re-arms the RTO, 1,000,000 + 1,000,000; no RTT sample since the probe, so
  // its expiry is a timeout.
  assert.is(s.deadlineNs(0), 2_000_000);
  assert.is(s.onTimer(0, 2_000_000), RACK_TIMER_RTO);
  assert.is(s.timeouts(0), 1);
  // A shorter initialPtoNs (1000) probes at 0 + 1000, well before the RTO.
  const p = flow(1, { initialPtoNs: 1000 });
  assert.is(p.deadlineNs(0), 1000);
  assert.is(p.onTimer(0, 1000), RACK_TIMER_PROBE);
});

test("RFC 8985 §7.2–7.3: with a probe in flight new data still arms the PTO, whose expiry sends nothing but re-arms the RTO", () => {
  const s = flow(2, { minRtoNs: 1000 });
  s.onAck(0, 1000, 1, 0, false); // SRTT 1000, RTTVAR 500, RTO 3000
  s.nextPacket(0, 1000); // PSN 1: the PTO runs until 3000
  assert.is(s.onTimer(0, 3000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(0, 3000), RACK_TX_PROBE); // PSN 1 again
  s.onAck(0, 4000, 2, 1, false); // at TLP.end_seq without a DSACK: the episode stays open
  assert.ok(s.probeInFlight(0));
  s.post(0, 1024, 1);
  s.onSchedule(0, 10_000, 1 << 20);
  assert.is(s.nextPacket(0, 10_000), RACK_TX_NEW); // PSN 2: RTO to 13 000, PTO to 12 000
  assert.ok(s.ptoArmed(0));
  assert.is(s.deadlineNs(0), 12_000);
  assert.is(s.onTimer(0, 12_000), 0); // a probe is in flight: no probe, the RTO from 12 000
  assert.is(s.deadlineNs(0), 15_000);
  assert.is(s.onTimer(0, 13_000), 0);
  assert.is(s.onTimer(0, 15_000), RACK_TIMER_RTO);
});

test("RFC 8985 §7.3: a PTO expiring with no RTT sample since the last probe re-arms the RTO from when the timer runs (here its expiry)", () => {
  const s = flow(2, { minRtoNs: 1000 });
  s.onAck(0, 1000, 1, 0, false); // SRTT 1000, RTO 3000
  s.nextPacket(0, 1000);
  assert.is(s.onTimer(0, 3000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(0, 3000), RACK_TX_PROBE); // PSN 1 again, TLP.end_seq 2
  s.onAck(0, 3500, 2, 1, true); // the probe's DSACK ends the episode (§7.4.2); no RTT sample
  assert.not.ok(s.probeInFlight(0));
  s.post(0, 2048, 1);
  s.onSchedule(0, 10_000, 1 << 20);
  s.nextPacket(0, 10_000); // PSN 2: RTO to 13 000
  s.nextPacket(0, 10_500); // PSN 3: PTO 2000 → 12 500
  assert.is(s.deadlineNs(0), 12_500);
  assert.is(s.onTimer(0, 12_500), 0);
  assert.is(s.deadlineNs(0), 15_500);
  assert.is(s.onTimer(0, 15_499), 0);
  assert.is(s.onTimer(0, 15_500), RACK_TIMER_RTO);
});

/**
 * PSNs 0 and 1 sent at 0, PSN 0 ACKed at 10 000 (minRtoNs 1000, maxRtoNs 15 000): RTT 10 000 →
 * SRTT 10 000, RTTVAR 5000 (RFC 6298 (2.2)); RTO = 10 000 + 4 × 5000 = 30 000, capped at
 * maxRtoNs 15 000 (2.5), restarted by the ACK (5.3): due 25 000. One in flight: PTO = 2 × 10 000
 * + max_ack_delay 0 = 20 000, capped at the 15 000 left of the RTO (RFC 8985 §7.2): due 25 000.
 * At 25 000 the PTO fires (an RTT sample since the start, no probe in flight): a probe is due.
 */
function probeDueWithTheRto(): RackSender {
  const s = flow(2, { minRtoNs: 1000, maxRtoNs: 15_000 });
  assert.is(s.nextPacket(0, 0), RACK_TX_NEW); // PSN 1
  s.onAck(0, 10_000, 1, 0, false);
  assert.equal([s.srttNs(0), s.rttvarNs(0), s.rtoNs(0), s.deadlineNs(0)], [10_000, 5000, 15_000, 25_000]);
  assert.is(s.onTimer(0, 25_000), RACK_TIMER_PROBE);
  return s;
}

test("RFC 8985 §7.3: a PTO that makes a probe due re-arms the RTO at once, so a second onTimer before nextPacket is no RTO", () => {
  // "regardless of whether a loss probe was sent, the sender MUST re-arm the RTO timer": the
  // RFC's PTO handler sends the probe and re-arms in one step; here the probe waits for
  // nextPacket (pacing, the CC's window), and until 2026-12-06 the RTO kept its expiry (25 000,
  // the PTO's own), so a second onTimer in that tick took an RTO and cancelled the probe.
  const s = probeDueWithTheRto();
  assert.is(s.deadlineNs(0), 25_000 + 15_000, "the RTO from 25 000");
  assert.is(s.onTimer(0, 25_000), 0);
  assert.equal([s.timeouts(0), s.inRecovery(0), s.lostPackets(0), s.probePending(0)], [0, false, 0, true]);
  assert.is(s.nextPacket(0, 25_000), RACK_TX_PROBE); // PSN 1 again (no new data): restarts the RTO
  assert.equal([s.probes(0), s.deadlineNs(0)], [1, 40_000]);
});

test("RFC 8985 §7.3: a due probe that never goes does not hold the RTO back: it expires one RTO after the PTO", () => {
  const s = probeDueWithTheRto();
  assert.is(s.onTimer(0, 39_999), 0, "15 000 − 1 after the PTO");
  assert.is(s.onTimer(0, 40_000), RACK_TIMER_RTO); // §6.3: the RTO cancels the probe (recovery)
  assert.equal([s.timeouts(0), s.probePending(0), s.inRecovery(0), s.rtoNs(0)], [1, false, true, 15_000]); // 2 × 15 000 capped
});

/** PSN 1 resent twice after RACK found it lost (vector sender-reorder-timer-arms-no-pto). */
function resentTwice(): RackSender {
  const s = flow(16, { minRtoNs: 1000 });
  s.onAck(0, 1000, 1, 0, false); // SRTT = min_RTT = 1000
  for (let i = 1; i <= 4; i++) s.nextPacket(0, 2000); // PSNs 1–4
  for (let p = 2; p <= 4; p++) s.onAck(0, 3000, 1, p, false); // 3 SACKed: reo_wnd 0, PSN 1 lost
  assert.is(s.nextPacket(0, 3000), RACK_TX_RETRANSMIT); // PSN 1
  s.nextPacket(0, 3100); // PSN 5
  s.nextPacket(0, 4000); // PSN 6
  s.nextPacket(0, 4000); // PSN 7
  assert.is(s.lostRetransmissions(0), 0);
  s.onAck(0, 4100, 1, 5, false); // RACK (3100, 5): PSN 1's resend at 3000 is lost (step 5)
  assert.is(s.lostRetransmissions(0), 1);
  assert.is(s.nextPacket(0, 4100), RACK_TX_RETRANSMIT); // PSN 1 a third time
  return s;
}

test("RFC 8985 §8: an ACK that leaves the reordering timer armed arms no PTO beside it", () => {
  const s = resentTwice();
  // Cum 6 at 5100 ends recovery; PSNs 6, 7 (4000) were sent before RACK.xmit_ts 4100: 150 left.
  s.onAck(0, 5100, 6, 1, false);
  assert.not.ok(s.inRecovery(0));
  assert.ok(s.reorderTimerArmed(0));
  assert.not.ok(s.ptoArmed(0));
  assert.is(s.deadlineNs(0), 5250);
  assert.is(s.onTimer(0, 5250), RACK_TIMER_REORDER); // PSNs 6, 7 lost: first copies
  assert.is(s.lostRetransmissions(0), 1);
});

test("RFC 8985 §9.3: a retransmission marked lost by an RTO counts, as one RACK marks does", () => {
  const s = flow(2, { minRtoNs: 1000 });
  s.nextPacket(0, 0); // PSN 1; no RTT sample: the PTO, 1 s, is capped at the RTO, 1 ms
  assert.is(s.onTimer(0, 1_000_000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(0, 1_000_000), RACK_TX_PROBE); // PSN 1 again: a retransmission
  assert.is(s.onTimer(0, 2_000_000), RACK_TIMER_RTO); // no sample since the probe: PSNs 0, 1 lost
  assert.is(s.lostPackets(0), 2);
  assert.is(s.lostRetransmissions(0), 1);
});

test("RFC 8985 §6.3: an RTO marks with RACK.reo_wnd as step 5 last set it, not 0 for the fast recovery that step started", () => {
  const s = flow(6, { minRtoNs: 1000, maxRtoNs: 1200, initialRtoNs: 1200 });
  s.onAck(0, 1000, 1, 0, false); // SRTT = min_RTT = RACK.rtt = 1000; RTO min(3000, 1200) = 1200
  for (const t of [1400, 1500, 2000, 2000]) s.nextPacket(0, t); // PSNs 1–4
  // PSN 1 cumulatively, PSN 3 SACKed (RACK (2000, 3), RACK.rtt 1000). Step 5 sets reo_wnd =
  // min(⌊1000 / 4⌋, 1000) = 250 (1 SACKed, no recovery yet), then marks PSN 2 lost:
  // 1500 + 1000 + 250 ≤ 3000. Recovery begins; the RTO restarts: 3000 + 1200.
  s.onAck(0, 3000, 2, 3, false);
  assert.equal([s.inRecovery(0), s.lostPackets(0), s.reoWndNs(0), s.deadlineNs(0)], [true, 1, 250, 4200]);
  assert.is(s.nextPacket(0, 3000), RACK_TX_RETRANSMIT); // PSN 2
  assert.is(s.nextPacket(0, 3000), RACK_TX_NEW); // PSN 5
  assert.is(s.onTimer(0, 4200), RACK_TIMER_RTO);
  // SND.UNA (PSN 2) and PSN 4 (4200 − 2000 ≥ 1000 + 250) are lost; PSN 5 (1200 < 1250) is not.
  // A window recomputed now, in recovery with no reordering seen, would be 0 and lose PSN 5 too.
  assert.equal([s.lostPackets(0), s.reoWndNs(0)], [2, 250]);
});

test("RFC 8985 §6.2–6.3: RACK.reo_wnd that onAck's fast path sets is the one an RTO marks with and keeps, after a DSACK round and a lower min_RTT", () => {
  // The fast path keeps no window, only a mark that step 4 of the state as it is gives it
  // (rack.ts, ackNext): the reader and the RTO must compute it, and the RTO store it before
  // recovery zeroes step 4. The column holds 500 from the last full step 5, the window is 300.
  const s = flow(5, { minRtoNs: 1000, maxRtoNs: 1000, initialRtoNs: 1000 });
  s.onAck(0, 1000, 1, 0, false); // fast: RACK.rtt = min_RTT = SRTT 1000, RTTVAR 500, RTO 1000
  assert.is(s.reoWndNs(0), 250, "min(⌊1 · 1000 / 4⌋, 1000)");
  s.nextPacket(0, 1000); // PSN 1
  // A DSACK of PSN 0 (d = 0): a DSACK round to SND.NXT 2, reo_wnd_mult 2 (step 4); step 5 keeps
  // min(⌊2 · 1000 / 4⌋, 1000) = 500.
  s.onAck(0, 1500, 1, 0, true);
  assert.equal([s.reoWndMult(0), s.reoWndNs(0)], [2, 500]);
  // Cum 2 ends the round (general path); RTT 1000: SRTT 1000, RTTVAR 500 + ⌊(0 − 500) / 4⌋ = 375.
  s.onAck(0, 2000, 2, 1, false);
  assert.is(s.reoWndNs(0), 500);
  s.nextPacket(0, 2000); // PSN 2
  // Fast path, RTT 600: min_RTT = RACK.rtt = 600; SRTT 1000 + ⌊(600 − 1000) / 8⌋ = 950;
  // reo_wnd = min(⌊2 · 600 / 4⌋, 950) = 300.
  s.onAck(0, 2600, 3, 2, false);
  assert.equal([s.minRttNs(0), s.srttNs(0), s.reoWndNs(0)], [600, 950, 300]);
  s.nextPacket(0, 3000); // PSN 3: RTO 3000 + 1000; PTO 2 · 950, capped there
  assert.is(s.onTimer(0, 4000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(0, 4000), RACK_TX_PROBE); // PSN 4, new data; the RTO restarts: 5000
  assert.is(s.onTimer(0, 5000), RACK_TIMER_RTO);
  // §6.3: SND.UNA (PSN 3) and PSN 4, 5000 − 4000 = 1000 ≥ RACK.rtt 600 + reo_wnd 300, are lost
  // (with the column's 500: 1000 < 1100, kept). Recovery without reordering would make step 4
  // give 0; RACK.reo_wnd stays 300 until the next ACK.
  assert.equal([s.lostPackets(0), s.inRecovery(0), s.reoWndNs(0)], [2, true, 300]);
});

test("RFC 6298 §3 (Karn): a network duplicate DSACKed inside the cumulative ACK gives no RTT sample, as above SND.UNA", () => {
  const s = flow(2, { minRtoNs: 1000 });
  s.nextPacket(0, 0); // PSN 1, never resent
  s.onAck(0, 1000, 1, 0, false); // SRTT 1000, RTTVAR 500, min_RTT 1000
  // PSN 1's ACK was lost; a copy the network made draws cum 2 with a DSACK of PSN 1 at 3000: it
  // arrived twice and this ACK answers the later copy. A sample of 3000 would give SRTT
  // 1000 + ⌊2000 / 8⌋ = 1250, RTTVAR 500 + ⌊1500 / 4⌋ = 875.
  assert.is(s.onAck(0, 3000, 2, 1, true), 1);
  assert.equal([s.srttNs(0), s.rttvarNs(0), s.minRttNs(0)], [1000, 500, 1000]);
  assert.is(s.rackRttNs(0), 3000, "step 2 still takes it: it was sent once");
});

test("RFC 6298 (2.5): an initialRtoNs above maxRtoNs is capped there, so the first doubling does not shorten it", () => {
  const s = flow(2, { minRtoNs: 1000, maxRtoNs: 5000, initialRtoNs: 1_000_000 });
  assert.equal([s.rtoNs(0), s.deadlineNs(0)], [5000, 5000]); // the PTO (1 s) is capped at it too
  const low = flow(1, { minRtoNs: 1000, initialRtoNs: 500 });
  assert.is(low.rtoNs(0), 500, "minRtoNs floors a computed RTO only (2.4)");
});

// Audit, 2026-12-07 (fails on the code before): recovery ended while packets it had marked lost
// waited to be resent, and nothing started another.
test("RFC 8985 §7.1 / Linux tcp_time_to_recover: packets still marked lost when recovery ends start a new recovery", () => {
  const s = flow(8); // PSN 0 at 0
  for (let i = 1; i < 4; i++) assert.is(s.nextPacket(0, 0), RACK_TX_NEW); // PSNs 1–3 at 0
  s.onAck(0, 1000, 1, 0, false); // PSN 0: RTT 1000, min_RTT 1000
  s.onSchedule(0, 1000, 2048);
  assert.is(s.nextPacket(0, 1000), RACK_TX_NEW); // PSN 4
  assert.is(s.nextPacket(0, 1000), RACK_TX_NEW); // PSN 5
  // PSN 3 SACKed: PSNs 1, 2 (sent at 0, before it) wait RACK.rtt 1100 + reo_wnd 250 from 0.
  s.onAck(0, 1100, 1, 3, false);
  assert.is(s.deadlineNs(0), 1350);
  assert.is(s.onTimer(0, 1350), RACK_TIMER_REORDER); // 1, 2 lost: recovery, its end SND.NXT 6
  assert.equal([s.inRecovery(0), s.lostPackets(0)], [true, 2]);
  s.onSchedule(0, 1350, 4096);
  assert.is(s.nextPacket(0, 1350), RACK_TX_RETRANSMIT); // 1
  assert.is(s.nextPacket(0, 1350), RACK_TX_RETRANSMIT); // 2
  assert.is(s.nextPacket(0, 1350), RACK_TX_NEW); // 6, sent after recovery began
  assert.is(s.nextPacket(0, 1350), RACK_TX_NEW); // 7
  // PSN 7 SACKed at 2000: RACK.rtt 650, reo_wnd 0 in recovery; PSNs 4, 5 (sent at 1000) and the
  // resends of 1, 2 and PSN 6 (at 1350, lower PSNs than 7) have waited 650 or more: all lost.
  s.onAck(0, 2000, 1, 7, false);
  assert.equal([s.inRecovery(0), s.lostPackets(0)], [true, 5]);
  // The cumulative ACK reaches 6, recovery's end, before PSN 6 is resent: recovery ends, and PSN
  // 6, still lost, starts the next one at once (before, the sender stayed out of it: reo_wnd and
  // the PTO then read as if nothing were lost).
  s.onAck(0, 2100, 6, 0, false);
  assert.equal([s.inRecovery(0), s.lostPackets(0)], [true, 1]);
  assert.not.ok(s.ptoArmed(0));
  s.onSchedule(0, 2100, 1024);
  assert.is(s.nextPacket(0, 2100), RACK_TX_RETRANSMIT); // PSN 6
});

test.run();
