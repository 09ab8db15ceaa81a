// RACK-TLP cases that rack.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): the send window met exactly; which packet an ACK delivering several
// takes its RTT sample from (§6.2 step 2, the most recently sent); step 3/5 with packets sent in
// one tick or 1 ns apart, away from SND.UNA 0 and past 2^31 ns; step 4's DSACK round (its start
// and its end), reo_wnd 0 before reordering (in recovery, at DupThresh SACKed) and the countdown
// of reo_wnd_persist at recovery exits — wrong until 2026-11-26: the multiplier came back one
// exit late, and an exit on the ACK that started a DSACK round was counted (the two errors
// cancelled in the vector); the reordering timer re-armed 1 ns before a deadline; §6.3's losses
// on an RTO (SND.UNA and exactly those past their deadline); §7.2–7.3's PTO (its max_ack_delay
// term, an SRTT of 1 ns, none armed in recovery or by an ACK without progress once something is
// SACKed, no second probe without an RTT sample, a full window's probe resending the highest
// PSN); RFC 6298's estimator after samples below and above SRTT, and the RTO met exactly from a
// non-zero start. Then a review's (2026-12-02): a probe due from onTimer and an ACK before the
// caller's nextPacket that SACKs a packet, starts recovery or acknowledges everything.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_OVERFLOW } from "../../core/errors";
import { sendingOnFlow1 } from "../test-support";
import { RACK_TIMER_PROBE, RACK_TIMER_REORDER, RACK_TIMER_RTO, RACK_TX_NEW, RACK_TX_NONE, RACK_TX_PROBE, RACK_TX_RETRANSMIT, RackReceiver, RackSender } from "./rack";

/** Flow 1 of a sender (1024 B packets, a 32-packet window) with a message of `packets` posted and a round scheduled at `atNs`, nothing sent. */
function scheduled(packets: number, atNs = 0, params: Record<string, unknown> = {}): RackSender {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, ...params }, 2);
  s.open(1, 0);
  s.post(1, 1024 * packets, 1);
  s.onSchedule(1, atNs, 1 << 20);
  return s;
}

/**
 * Flow 1 of a sender (1024 B packets, a 32-packet window, minRtoNs 1000 unless `params` say
 * otherwise) with a message of `packets` posted and PSN 0 sent at 0 and acknowledged at `rttNs`:
 * RACK.rtt = min_RTT = SRTT = rttNs. With the default 1000 ns: RTTVAR 500, RTO 3000, reo_wnd 250.
 */
function sampled(packets: number, rttNs = 1000, params: Record<string, unknown> = {}): RackSender {
  const s = scheduled(packets, 0, { minRtoNs: 1000, ...params });
  s.nextPacket(1, 0);
  s.onAck(1, rttNs, 1, 0, false);
  return s;
}

test("with windowPackets in flight nothing new is sent; one acknowledged frees one", () => {
  const s = sendingOnFlow1(new RackSender({ mtuBytes: 1024, windowPackets: 4 }, 2), 1024, 4, 0, RACK_TX_NEW);
  assert.is(s.inflightPackets(1), 4);
  assert.is(s.nextPacket(1, 4), RACK_TX_NONE);
  s.onAck(1, 10_000, 1, 0, false);
  assert.is(s.nextPacket(1, 10_001), RACK_TX_NEW);
  assert.is(s.nextPacket(1, 10_002), RACK_TX_NONE);
});

test("an ACK delivering several packets samples the RTT of the most recently sent one", () => {
  const s = scheduled(8);
  for (const t of [0, 100, 200]) s.nextPacket(1, t);
  s.onAck(1, 1000, 3, 2, false); // PSNs 0–2 at once; PSN 2 left at 200
  assert.is(s.rackRttNs(1), 800);
  assert.is(s.srttNs(1), 800);
  // Cumulatively one packet, and a SACK of a later-sent one: the SACKed packet is the newer.
  for (const t of [1100, 1200, 1300]) s.nextPacket(1, t); // PSNs 3–5
  s.onAck(1, 2000, 4, 5, false);
  assert.is(s.rackRttNs(1), 700); // PSN 5, sent at 1300
});

test("RFC 8985 §6.2 step 4: a DSACK raises reo_wnd_mult once per round trip, and only when adaptive", () => {
  const run = (profile: "rfc8985" | "dcp") => {
    const s = new RackSender({ profile, mtuBytes: 1024, windowPackets: 32 }, 2);
    s.open(1, 0);
    s.post(1, 1024 * 8, 1);
    s.onSchedule(1, 0, 1 << 20);
    for (let i = 0; i < 4; i++) s.nextPacket(1, i * 10); // PSNs 0–3
    s.onAck(1, 1000, 1, 0, false);
    const mults = [s.reoWndMult(1)];
    s.onAck(1, 1100, 1, 0, true); // a DSACK: the round lasts until PSN 4 is acknowledged
    mults.push(s.reoWndMult(1));
    s.onAck(1, 1200, 2, 1, true); // a second DSACK in the same round
    mults.push(s.reoWndMult(1));
    return mults;
  };
  assert.equal(run("rfc8985"), [1, 2, 2]);
  assert.equal(run("dcp"), [4, 4, 4]);
});

/**
 * A flow on slot 1 with one packet acknowledged at 1000 ns, and `episode(dsack)`: one RTO
 * recovery that the next ACK ends — a one-packet message sent, its tail loss probe (§7) when one
 * is due, its RTO and the retransmission — with a DSACK of the packet on that ACK when `dsack`.
 */
function recoveries(): { s: RackSender; episode: (dsack: boolean) => void } {
  const s = sampled(1, 1000, { windowPackets: 64, maxRtoNs: 100_000 });
  let psn = 1;
  let t = 10_000;
  const episode = (dsack: boolean) => {
    s.post(1, 1024, 1);
    s.onSchedule(1, t, 1 << 20);
    assert.is(s.nextPacket(1, t), RACK_TX_NEW);
    let now = t;
    let r = 0;
    for (let k = 0; k < 3 && (r & RACK_TIMER_RTO) === 0; k++) {
      now = s.deadlineNs(1);
      r = s.onTimer(1, now);
      if ((r & RACK_TIMER_PROBE) !== 0) assert.is(s.nextPacket(1, now), RACK_TX_PROBE);
    }
    assert.is(r, RACK_TIMER_RTO);
    assert.ok(s.inRecovery(1));
    s.onSchedule(1, now + 1, 1 << 20);
    assert.is(s.nextPacket(1, now + 1), RACK_TX_RETRANSMIT);
    s.onAck(1, now + 1000, psn + 1, psn, dsack);
    assert.not.ok(s.inRecovery(1));
    psn++;
    t = now + 10_000;
  };
  return { s, episode };
}

test("RFC 8985 §6.2 step 4: the recovery exit that counts reo_wnd_persist down to 0 restores reo_wnd_mult", () => {
  const { s, episode } = recoveries();
  s.onAck(1, 2000, 1, 0, true); // a DSACK of PSN 0: mult 1 → 2, persist 16
  assert.is(s.reoWndMult(1), 2);
  for (let k = 1; k <= 15; k++) {
    episode(false);
    assert.is(s.reoWndMult(1), 2, `exit ${k}`);
    assert.is(s.reoWndPersist(1), 16 - k);
  }
  episode(false); // persist 1 − 1 = 0 ≤ 0: "RACK.reo_wnd_mult = 1"
  assert.is(s.reoWndMult(1), 1);
  assert.is(s.reoWndPersist(1), 0);
  episode(false);
  assert.equal([s.reoWndMult(1), s.reoWndPersist(1)], [1, 0], "and so it stays");
});

test("RFC 8985 §6.2 step 4: an exit on the ACK that starts a DSACK round does not count (\"Else if exiting\")", () => {
  const { s, episode } = recoveries();
  episode(true); // mult 1 → 2, persist 16, and this exit is not counted
  assert.is(s.reoWndMult(1), 2);
  for (let k = 1; k <= 15; k++) episode(false);
  assert.is(s.reoWndMult(1), 2, "persist 16 − 15 = 1");
  episode(false);
  assert.is(s.reoWndMult(1), 1);
});

test("RFC 8985 §7.2: an ACK without progress disarms the PTO once a packet is SACKed, not before", () => {
  const s = sendingOnFlow1(new RackSender({ mtuBytes: 1024, windowPackets: 32 }, 2), 1024, 4, 0, RACK_TX_NEW);
  assert.ok(s.ptoArmed(1));
  s.onAck(1, 500, 0, 0, false); // a duplicate of nothing new: no SACK either
  assert.ok(s.ptoArmed(1), "no recovery, nothing SACKed: the PTO stays");
  s.onAck(1, 600, 0, 2, false); // PSN 2 SACKed
  assert.is(s.sackedPackets(1), 1);
  assert.not.ok(s.ptoArmed(1));
});

test("RFC 6298 5.4: the RTO expires exactly RTO after it was armed, from a non-zero start", () => {
  // One sample of 100 ns: SRTT 100, RTTVAR 50, SRTT + 4 RTTVAR = 300, raised to minRtoNs 1001.
  const s = sampled(2, 100, { minRtoNs: 1001 });
  assert.is(s.rtoNs(1), 1001);
  assert.is(s.nextPacket(1, 5000), RACK_TX_NEW); // RTO to 6001; PTO 2 × 100 (+ max_ack_delay 0) → 5200
  // RFC 8985 §7.3: the PTO re-arms the RTO, and the probe again when it goes, both at 5200; with
  // the probe in flight no PTO is left to fire, so the RTO alone runs, from 5200.
  assert.is(s.onTimer(1, 5200), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 5200), RACK_TX_PROBE);
  assert.not.ok(s.ptoArmed(1));
  assert.is(s.onTimer(1, 6200) & RACK_TIMER_RTO, 0, "1000 ns of 1001");
  assert.is(s.onTimer(1, 6201) & RACK_TIMER_RTO, RACK_TIMER_RTO);
});

test("RFC 8985 §7.3: no new probe until an RTT sample follows the last one", () => {
  const { s } = recoveries(); // one RTT sample (1000 ns) after the first ACK
  s.post(1, 1024, 1);
  s.onSchedule(1, 10_000, 1 << 20);
  s.nextPacket(1, 10_000); // PSN 1
  let now = s.deadlineNs(1);
  assert.is(s.onTimer(1, now), RACK_TIMER_PROBE, "PTO 2 × SRTT after the send");
  assert.is(s.nextPacket(1, now), RACK_TX_PROBE);
  now = s.deadlineNs(1);
  assert.is(s.onTimer(1, now), RACK_TIMER_RTO);
  s.onSchedule(1, now + 1, 1 << 20);
  assert.is(s.nextPacket(1, now + 1), RACK_TX_RETRANSMIT);
  s.onAck(1, now + 1000, 2, 1, false); // of a retransmitted packet: no RTT sample (RFC 6298 Karn)
  s.post(1, 1024, 1);
  s.onSchedule(1, now + 10_000, 1 << 20);
  s.nextPacket(1, now + 10_000); // PSN 2
  assert.ok(s.ptoArmed(1));
  assert.is(s.onTimer(1, s.deadlineNs(1)), 0, "the PTO expires without a probe");
});

test("RFC 8985 §8: an armed reordering timer cancels the RTO, which resumes when it ends (from then, if it expired meanwhile)", () => {
  // A sample of 1000 ns: SRTT 1000, RTTVAR 500, RTO min(1000 + 4 × 500, maxRtoNs 1000) = 1000.
  // Found in review: the RTO ran beside the reordering timer and fired first, a timeout (with
  // backoff) for a loss the reordering timer was about to find.
  const s = sampled(4, 1000, { minRtoNs: 100, maxRtoNs: 1000 });
  for (let i = 0; i < 3; i++) s.nextPacket(1, 5000); // PSNs 1–3; the RTO would run from 5000 to 6000
  s.onAck(1, 5900, 1, 3, false); // PSN 3 SACKed: 1 and 2 wait out RACK.rtt 900 + reo_wnd 225, to 6125
  assert.ok(s.reorderTimerArmed(1));
  assert.is(s.deadlineNs(1), 6125);
  assert.is(s.onTimer(1, 6000), 0);
  assert.is(s.onTimer(1, 6125), RACK_TIMER_REORDER);
  assert.equal([s.lostPackets(1), s.timeouts(1)], [2, 0]);
  assert.is(s.deadlineNs(1), 6125 + 1000); // the RTO's own deadline (6000) has passed: from now
});

test("RFC 6298 2.3: SRTT, RTTVAR and RTO after samples below and above SRTT (integer ns, floored)", () => {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, minRtoNs: 100 }, 2);
  s.open(1, 0);
  s.post(1, 1024 * 3, 1);
  s.onSchedule(1, 0, 1 << 20);
  const sample = (psn: number, sentNs: number, rttNs: number) => {
    s.nextPacket(1, sentNs);
    s.onAck(1, sentNs + rttNs, psn + 1, psn, false);
  };
  sample(0, 0, 1000); // SRTT 1000, RTTVAR 500, RTO 1000 + 4 × 500 = 3000
  assert.equal([s.srttNs(1), s.rttvarNs(1), s.rtoNs(1)], [1000, 500, 3000]);
  // |SRTT − R'| = 400: RTTVAR (3 × 500 + 400) / 4 = 475; SRTT (7 × 1000 + 600) / 8 = 950; RTO 950 + 1900.
  sample(1, 10_000, 600);
  assert.equal([s.srttNs(1), s.rttvarNs(1), s.rtoNs(1)], [950, 475, 2850]);
  // |950 − 1400| = 450: RTTVAR floor(1875 / 4) = 468; SRTT floor(8050 / 8) = 1006; RTO 1006 + 1872.
  sample(2, 20_000, 1400);
  assert.equal([s.srttNs(1), s.rttvarNs(1), s.rtoNs(1)], [1006, 468, 2878]);
});

test("past 2^31 ns (negative as int32 ticks), a SACK still arms the reordering timer", () => {
  const t = 3_000_000_000;
  const s = scheduled(4, t);
  s.nextPacket(1, t);
  s.onAck(1, t + 1000, 1, 0, false);
  for (let i = 0; i < 3; i++) s.nextPacket(1, t + 5000); // PSNs 1–3
  s.onAck(1, t + 5900, 1, 3, false);
  assert.ok(s.reorderTimerArmed(1), "PSNs 1 and 2 wait out reo_wnd");
  assert.is(s.onTimer(1, s.deadlineNs(1)) & RACK_TIMER_REORDER, RACK_TIMER_REORDER);
  assert.is(s.lostPackets(1), 2);
});

test("RFC 8985 §6.2 step 5: of packets sent in one tick, only those below RACK.end_seq can be lost", () => {
  const s = scheduled(8);
  for (let i = 0; i < 5; i++) s.nextPacket(1, 0);
  s.onAck(1, 1000, 5, 4, false); // SND.UNA 5
  for (let i = 0; i < 3; i++) s.nextPacket(1, 5000); // PSNs 5–7 in the same tick
  s.onAck(1, 5900, 5, 6, false); // PSN 6 SACKed: RACK.end_seq 6
  assert.is(s.onTimer(1, s.deadlineNs(1)) & RACK_TIMER_REORDER, RACK_TIMER_REORDER);
  assert.is(s.lostPackets(1), 1, "PSN 5 only: 7 was sent with 6 but after it");

  // The same one nanosecond apart: 7 left 1 ns after RACK.xmit_ts.
  const u = scheduled(8);
  for (let i = 0; i < 5; i++) u.nextPacket(1, 0);
  u.onAck(1, 1000, 5, 4, false);
  for (let i = 0; i < 3; i++) u.nextPacket(1, 5000 + i);
  u.onAck(1, 5900, 5, 6, false);
  assert.is(u.onTimer(1, u.deadlineNs(1)) & RACK_TIMER_REORDER, RACK_TIMER_REORDER);
  assert.is(u.lostPackets(1), 1);
});

test("RFC 8985 §7.2 PTO: 2 × SRTT, + max_ack_delay with one packet in flight, initialPtoNs before a sample", () => {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, minRtoNs: 100, initialPtoNs: 5000, maxAckDelayNs: 300 }, 2);
  s.open(1, 0);
  s.post(1, 1024 * 8, 1);
  s.onSchedule(1, 0, 1 << 20);
  s.nextPacket(1, 0);
  assert.is(s.deadlineNs(1), 5000, "no SRTT yet: initialPtoNs, without max_ack_delay");
  s.onAck(1, 1000, 1, 0, false); // SRTT 1000, RTO 3000
  s.nextPacket(1, 10_000); // the RTO runs from 10 000 to 13 000
  assert.is(s.deadlineNs(1), 12_300, "one in flight: 2000 + 300");
  s.nextPacket(1, 10_100);
  assert.is(s.deadlineNs(1), 12_100, "two in flight: 2000");
});

test("RFC 8985 §6.2 step 4: the DSACK round ends when SND.UNA reaches it, and the next DSACK counts again", () => {
  const s = sendingOnFlow1(new RackSender({ mtuBytes: 1024, windowPackets: 32 }, 2), 1024, 4, 0, RACK_TX_NEW);
  s.onAck(1, 1000, 1, 0, false);
  s.onAck(1, 1100, 1, 0, true); // the round lasts until SND.UNA ≥ SND.NXT = 4
  assert.is(s.reoWndMult(1), 2);
  s.onAck(1, 1200, 3, 2, false);
  s.onAck(1, 1300, 3, 1, true); // SND.UNA 3: still in the round
  assert.is(s.reoWndMult(1), 2);
  s.onAck(1, 1400, 4, 3, false); // SND.UNA = 4: the round is over
  s.nextPacket(1, 1500);
  s.onAck(1, 1600, 4, 3, true);
  assert.is(s.reoWndMult(1), 3);
});

test("RFC 8985 §6.2 step 4: before reordering is seen, reo_wnd is 0 in recovery and with DupThresh (3) SACKed", () => {
  const run = (profile: "rfc8985" | "dcp", reorderFirst: boolean) => {
    const s = sendingOnFlow1(new RackSender({ profile, mtuBytes: 1024, windowPackets: 32 }, 2), 1024, 8, 0, RACK_TX_NEW);
    s.onAck(1, 1000, 1, 0, false); // min_RTT = SRTT = 1000: reo_wnd = mult × 250
    let cum = 1;
    if (reorderFirst) {
      s.onAck(1, 1050, 1, 2, false); // PSN 2 first,
      s.onAck(1, 1060, 3, 1, false); // then PSN 1, never retransmitted, below RACK.fack: reordering
      cum = 3;
    }
    const seen: number[][] = [];
    for (let k = 0; k < 3; k++) {
      s.onAck(1, 1100 + 100 * k, cum, cum + 2 + k, false); // SND.UNA stays: a hole, then SACKs
      seen.push([s.sackedPackets(1), s.reoWndNs(1), s.lostPackets(1)]);
    }
    return { s, seen };
  };
  // 1 and 2 SACKed: 250; the third: reo_wnd 0, so PSNs 1 and 2 (sent with them) are lost at once.
  const a = run("rfc8985", false);
  assert.equal(a.seen, [[1, 250, 0], [2, 250, 0], [3, 0, 2]]);
  assert.ok(a.s.inRecovery(1) && a.s.reoWndNs(1) === 0);
  // dcp: no such rule (reo_wnd 4 × 250, the SRTT).
  assert.equal(run("dcp", false).seen, [[1, 1000, 0], [2, 1000, 0], [3, 1000, 0]]);
  // Once reordering was seen, three SACKed change nothing.
  const c = run("rfc8985", true);
  assert.ok(c.s.reorderingSeen(1));
  assert.equal(c.seen.map((x) => x[1]), [250, 250, 250]);
});

test("RFC 8985 §6.2 step 4: reo_wnd is 0 in an RTO recovery with nothing SACKed", () => {
  const s = sampled(4);
  s.nextPacket(1, 10_000); // PSN 1: the PTO runs until 12 000, the RTO until 13 000
  assert.is(s.reoWndNs(1), 250);
  assert.is(s.onTimer(1, 12_000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 12_000), RACK_TX_PROBE); // PSN 2, new data: the RTO runs until 15 000
  assert.is(s.onTimer(1, 15_000), RACK_TIMER_RTO);
  assert.is(s.sackedPackets(1), 0);
  // RACK.reo_wnd is a variable that step 5 sets (RACK_detect_loss): the RTO leaves it as it was.
  assert.is(s.reoWndNs(1), 250);
  s.onSchedule(1, 15_000, 1 << 20);
  assert.is(s.nextPacket(1, 15_000), RACK_TX_RETRANSMIT); // PSN 1
  // Its ACK (RTT 1000, not below min_RTT: step 2 takes it) runs step 5 in RTO recovery, which
  // ends only past PSN 2, with no reordering seen: 0.
  s.onAck(1, 16_000, 2, 1, false);
  assert.ok(s.inRecovery(1));
  assert.is(s.reoWndNs(1), 0);
});

test("RFC 8985 §6.3: an RTO marks SND.UNA and every packet past RACK.rtt + reo_wnd, not one sent 1 ns later", () => {
  // maxRtoNs 1200 keeps the RTO below RACK.rtt + reo_wnd = 1250. A PTO re-arms the RTO when it
  // expires (§7.3; here onTimer runs on time), and one is armed after every new send outside recovery (§7.2), so an RTO at
  // least RACK.rtt + reo_wnd long finds every packet sent outside recovery past its deadline.
  const s = sampled(8, 1000, { maxRtoNs: 1200 });
  assert.is(s.rtoNs(1), 1200);
  s.nextPacket(1, 10_000); // PSN 1: SND.UNA; the RTO runs until 11 200, the PTO capped there
  s.nextPacket(1, 11_150); // PSN 2: 11 150 + 1000 + 250 = 12 400, due exactly at the RTO below
  s.nextPacket(1, 11_151); // PSN 3: 1 ns later
  assert.is(s.onTimer(1, 11_200), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 11_200), RACK_TX_PROBE); // PSN 4 (new data): the RTO runs to 12 400
  assert.is(s.onTimer(1, 12_400), RACK_TIMER_RTO);
  assert.is(s.lostPackets(1), 2); // PSNs 1 (SND.UNA) and 2
  s.onSchedule(1, 12_401, 1 << 20);
  for (const psn of [1, 2]) {
    assert.is(s.nextPacket(1, 12_401), RACK_TX_RETRANSMIT);
    assert.is(s.out[2], psn);
  }
  assert.is(s.lostPackets(1), 0, "PSNs 1 and 2 were the lost ones");
});

test("RFC 8985 §6.2 step 5: an ACK 1 ns before a hole's deadline re-arms the timer for that 1 ns", () => {
  const s = sampled(8);
  for (let i = 0; i < 3; i++) s.nextPacket(1, 5000); // PSNs 1–3
  s.onAck(1, 5900, 1, 3, false); // RACK.rtt 900 = min_RTT: reo_wnd 225, deadline 5000 + 1125
  assert.is(s.deadlineNs(1), 6125);
  s.onAck(1, 6124, 1, 3, false); // the same SACK again: step 5 runs at 6124
  assert.is(s.lostPackets(1), 0);
  assert.ok(s.reorderTimerArmed(1));
  assert.is(s.deadlineNs(1), 6125);
  assert.is(s.onTimer(1, 6125) & RACK_TIMER_REORDER, RACK_TIMER_REORDER);
  assert.is(s.lostPackets(1), 2);
});

test("RFC 8985 §7.3: with the window full, the probe resends the highest PSN instead of new data", () => {
  const s = sampled(8, 1000, { windowPackets: 4 });
  for (let i = 0; i < 4; i++) s.nextPacket(1, 5000); // PSNs 1–4: four in flight
  assert.is(s.inflightPackets(1), 4);
  const now = s.deadlineNs(1);
  assert.is(s.onTimer(1, now), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, now), RACK_TX_PROBE);
  assert.is(s.inflightPackets(1), 4);
});

test("RFC 8985 §7.2: new data sent in recovery arms no PTO", () => {
  const s = sampled(8);
  s.nextPacket(1, 10_000); // PSN 1
  assert.is(s.onTimer(1, 12_000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 12_000), RACK_TX_PROBE); // PSN 2
  assert.is(s.onTimer(1, 15_000), RACK_TIMER_RTO); // PSNs 1 and 2 lost
  s.onSchedule(1, 15_001, 1 << 20);
  assert.is(s.nextPacket(1, 15_001), RACK_TX_RETRANSMIT);
  assert.is(s.nextPacket(1, 15_001), RACK_TX_RETRANSMIT);
  assert.is(s.nextPacket(1, 15_002), RACK_TX_NEW);
  assert.ok(s.inRecovery(1));
  assert.not.ok(s.ptoArmed(1));
});

test("RFC 8985 §7.2 with an SRTT of 1 ns: PTO 2 × 1 + max_ack_delay", () => {
  const s = sampled(2, 1, { maxAckDelayNs: 300 });
  assert.is(s.srttNs(1), 1);
  s.nextPacket(1, 5000);
  assert.is(s.deadlineNs(1), 5302);
});

test("RFC 8985 §6.3: an RTO marks SND.UNA lost even before its RACK deadline", () => {
  const s = sampled(2, 1000, { minRtoNs: 100, maxRtoNs: 1000 }); // RTO min(3000, 1000) = 1000
  s.nextPacket(1, 10_000); // PSN 1; the PTO (2000) is capped at the RTO: both at 11 000
  assert.is(s.onTimer(1, 11_000), RACK_TIMER_PROBE); // the probe goes in the RTO's place (§7.2)
  assert.is(s.nextPacket(1, 11_000), RACK_TX_PROBE); // PSN 1 again: RACK deadline 11 000 + 1000 + 250
  assert.is(s.onTimer(1, 12_000), RACK_TIMER_RTO); // the restarted RTO, before that deadline
  assert.is(s.lostPackets(1), 1);
});

test("RFC 8985 §6.2 step 4: reo_wnd_mult stops at 255 (its 8-bit field) on a DSACK", () => {
  const s = sendingOnFlow1(new RackSender({ mtuBytes: 1024, windowPackets: 32, reoWndMult: 255 }, 2), 1024, 4, 0, RACK_TX_NEW);
  s.onAck(1, 1000, 1, 0, false);
  s.onAck(1, 1100, 1, 0, true);
  assert.is(s.reoWndMult(1), 255);
  assert.is(s.reoWndPersist(1), 16);
});

test("RFC 6298 §5.6: an RTO expiry before the RTO's one retransmission has gone is no new RTO, and an early timer call moves nothing", () => {
  const s = sampled(2); // SRTT 1000, RTO 3000
  assert.is(s.nextPacket(1, 2000), RACK_TX_NEW); // PSN 1: the RTO runs from 2000, the PTO until 4000
  assert.is(s.onTimer(1, 4000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 4000), RACK_TX_PROBE); // PSN 1 again: the RTO runs from 4000
  assert.is(s.onTimer(1, 7000), RACK_TIMER_RTO); // PSN 1 lost, RTO 6000, deadline 13000
  assert.equal([s.lostPackets(1), s.rtoNs(1), s.deadlineNs(1)], [1, 6000, 13_000]);
  assert.is(s.onTimer(1, 9000), 0);
  assert.is(s.deadlineNs(1), 13_000);
  assert.is(s.onTimer(1, 13_000), 0); // not resent yet: no retry, no backoff, restarted
  assert.equal([s.timeouts(1), s.rtoNs(1), s.deadlineNs(1)], [1, 6000, 19_000]);
  assert.is(s.nextPacket(1, 14_000), RACK_TX_RETRANSMIT);
  assert.is(s.deadlineNs(1), 20_000);
  assert.is(s.onTimer(1, 20_000), RACK_TIMER_RTO);
  assert.is(s.timeouts(1), 2);
});

test("a loss RACK marked and not yet resent when the RTO fires is a real RTO: only the RTO's own resend is waited for", () => {
  const s = sampled(3); // SRTT 1000, RTTVAR 500, min_RTT 1000, reo_wnd 250
  s.nextPacket(1, 2000); // PSN 1; the RTO runs from 2000
  s.nextPacket(1, 2001); // PSN 2
  // PSN 2 SACKed at 3001 (RTT 1000: RTTVAR 375, RTO 2500); PSN 1's deadline 2000 + 1000 + 250.
  s.onAck(1, 3001, 1, 2, false);
  assert.is(s.onTimer(1, 3250), RACK_TIMER_REORDER);
  assert.is(s.lostPackets(1), 1);
  assert.is(s.deadlineNs(1), 2000 + 2500);
  assert.is(s.onTimer(1, 4500), RACK_TIMER_RTO);
  assert.is(s.timeouts(1), 1);
});

test("a resend of a loss RACK found leaves the RTO where it runs; an RTO in recovery with no loss left pending is a real one", () => {
  const s = sampled(3); // SRTT 1000, RTTVAR 500, min_RTT 1000, reo_wnd 250
  s.nextPacket(1, 2000);
  s.nextPacket(1, 2001);
  s.onAck(1, 3001, 1, 2, false);
  assert.is(s.onTimer(1, 3250), RACK_TIMER_REORDER);
  assert.is(s.nextPacket(1, 3300), RACK_TX_RETRANSMIT); // PSN 1, found by RACK, not by the RTO
  assert.is(s.deadlineNs(1), 2000 + 2500);
  // The RTO marks SND.UNA and waits for its resend, but an earlier copy's ACK arrives first:
  // nothing is pending any more, and the next expiry, still in recovery, is an RTO.
  // maxRtoNs 1200 keeps the RTO below RACK.rtt + reo_wnd = 1250 (see the §6.3 test above).
  const t = sampled(2, 1000, { maxRtoNs: 1200 });
  t.nextPacket(1, 2000); // PSN 1; the RTO and the PTO run until 3200
  t.post(1, 1024, 1);
  assert.is(t.nextPacket(1, 3160), RACK_TX_NEW); // PSN 2
  assert.is(t.onTimer(1, 3200), RACK_TIMER_PROBE);
  assert.is(t.nextPacket(1, 3200), RACK_TX_PROBE); // PSN 2 again; the RTO runs until 4400
  assert.is(t.onTimer(1, 4400), RACK_TIMER_RTO); // PSN 2 waits until 3200 + 1000 + 250
  assert.is(t.lostPackets(1), 1);
  t.onAck(1, 4500, 2, 1, false); // PSN 1's first copy
  assert.equal([t.lostPackets(1), t.inRecovery(1)], [0, true]);
  assert.is(t.onTimer(1, t.deadlineNs(1)), RACK_TIMER_RTO);
  assert.is(t.timeouts(1), 2);
});

test("new data after the first copies' ACKs covered an RTO's loss: no resend of that RTO is due, so a later loss the CC holds back meets a real RTO (soak seed 2,716,495)", () => {
  // SRTT 1000, min_RTT 1000, reo_wnd 250; maxRtoNs 1200 keeps the RTO below RACK.rtt + reo_wnd
  // (see the §6.3 test above).
  const t = sampled(5, 1000, { maxRtoNs: 1200 });
  t.nextPacket(1, 2000); // PSN 1: the RTO and the PTO run until 3200
  t.nextPacket(1, 2500); // PSN 2
  assert.is(t.onTimer(1, 3200), RACK_TIMER_PROBE);
  assert.is(t.nextPacket(1, 3200), RACK_TX_PROBE); // PSN 3, new data: the RTO runs until 4400
  assert.is(t.onTimer(1, 4400), RACK_TIMER_RTO); // marks PSNs 1 and 2 lost; PSN 1's resend is due
  assert.is(t.lostPackets(1), 2);
  t.onAck(1, 4500, 3, 2, false); // the first copies of PSNs 1 and 2: nothing lost is left
  assert.is(t.lostPackets(1), 0);
  assert.is(t.nextPacket(1, 4600), RACK_TX_NEW); // PSN 4
  // PSN 4 SACKed at 5600 (RACK.rtt 1000): PSN 3, sent at 3200, is past 3200 + 1000 + 0 (recovery).
  t.onAck(1, 5600, 3, 4, false);
  assert.is(t.lostPackets(1), 1);
  // The CC's window holds the resend back (the caller does not ask for it). Before, the
  // expiry still waited for the first RTO's resend, which new data had made moot, and every
  // later expiry only restarted the timer: the window, full of packets only an RTO releases,
  // never opened and the flow stopped for good.
  assert.is(t.onTimer(1, t.deadlineNs(1)), RACK_TIMER_RTO);
  assert.is(t.timeouts(1), 2);
});

test("RFC 8985 §6.2 step 2 walks an ACK's packets in ascending xmit_ts: RACK.rtt is the most recently sent one's, cumulative or SACKed, first copy or resend", () => {
  // Flow 1 after sampled(5): SRTT = min_RTT = 1000, reo_wnd 250. PSNs 1–4 at 2000–2003; PSN 4
  // SACKed at 3003 puts the reordering timer at 2002 + 1000 + 250 = 3252, which marks 1–3 lost.
  const lossy = () => {
    const s = sampled(5);
    for (let t = 2000; t < 2004; t++) s.nextPacket(1, t);
    s.onAck(1, 3003, 1, 4, false);
    assert.is(s.onTimer(1, 3252), RACK_TIMER_REORDER);
    assert.is(s.lostPackets(1), 3);
    return s;
  };
  // PSN 1 resent at 3300 (its ACK lost); PSN 3's first copy arrives late: cum 2 + SACK 3 at 4400.
  // The resend (RTT 1100 ≥ min_RTT) was sent after PSN 3 (2002, RTT 2398): RACK.rtt 1100.
  const a = lossy();
  assert.is(a.nextPacket(1, 3300), RACK_TX_RETRANSMIT);
  a.onAck(1, 4400, 2, 3, false);
  assert.is(a.rackRttNs(1), 1100);
  // PSNs 1, 2, 3 resent at 3300, 3350, 3400; cum 2 + SACK 3 at 4500: the SACKed resend of PSN 3
  // is the newest (RTT 1100 ≥ min_RTT, taken though resent), not PSN 1's (1200).
  const b = lossy();
  for (const t of [3300, 3350, 3400]) assert.is(b.nextPacket(1, t), RACK_TX_RETRANSMIT);
  b.onAck(1, 4500, 2, 3, false);
  assert.is(b.rackRttNs(1), 1100);
  assert.is(b.srttNs(1), 1000); // both resent: no RTT sample (Karn)
  // From PSN 0: PSNs 0 and 1 sent at 0 and 10. The first PTO (RFC 8985 §7.3: a probe is allowed
  // from the start of the connection), capped at the RTO's 50,000, sends the unsent PSN 2 as the
  // probe at 50,000 and restarts the RTO: it fires at 100,000 and, with RACK.rtt and reo_wnd 0,
  // marks all three lost. Only PSN 0 is resent, at 110,000; PSN 1's first copy (sent at 10)
  // arrives with it: cum 2 at 111,000. Step 1 runs before step 2: PSN 1, never retransmitted,
  // gives min_RTT 111,000 − 10 = 110,990, and the resend's 1000 is below it, so step 2 skips the
  // resend as ambiguous: RACK.rtt 110,990. (Until 2026-12-02 min_RTT moved per packet in PSN
  // order and the resend, judged against none, gave 1000.)
  const c = new RackSender({ mtuBytes: 1024, windowPackets: 32, initialRtoNs: 50_000 }, 2);
  c.open(1, 0);
  c.post(1, 3072, 1);
  c.onSchedule(1, 0, 1 << 20);
  c.nextPacket(1, 0);
  c.nextPacket(1, 10);
  assert.is(c.onTimer(1, 50_000), RACK_TIMER_PROBE);
  assert.is(c.nextPacket(1, 50_000), RACK_TX_PROBE);
  assert.is(c.out[2], 2);
  assert.is(c.onTimer(1, 100_000), RACK_TIMER_RTO);
  assert.is(c.nextPacket(1, 110_000), RACK_TX_RETRANSMIT);
  assert.is(c.out[2], 0);
  c.onAck(1, 111_000, 2, 1, false);
  assert.is(c.minRttNs(1), 110_990);
  assert.is(c.rackRttNs(1), 110_990);
  // The same with PSN 2 (sent at 20) SACKed as PSN 0's resend is delivered cumulatively (PSN 3
  // is the probe): min_RTT 111,000 − 20 = 110,980 from PSN 2 skips the resend (1000), so
  // RACK.rtt is PSN 2's.
  const d = new RackSender({ mtuBytes: 1024, windowPackets: 32, initialRtoNs: 50_000 }, 2);
  d.open(1, 0);
  d.post(1, 4096, 1);
  d.onSchedule(1, 0, 1 << 20);
  for (const t of [0, 10, 20]) d.nextPacket(1, t);
  assert.is(d.onTimer(1, 50_000), RACK_TIMER_PROBE);
  assert.is(d.nextPacket(1, 50_000), RACK_TX_PROBE);
  assert.is(d.onTimer(1, 100_000), RACK_TIMER_RTO);
  assert.is(d.nextPacket(1, 110_000), RACK_TX_RETRANSMIT);
  d.onAck(1, 111_000, 1, 2, false);
  assert.is(d.rackRttNs(1), 110_980);
});

test("an ACK without cumulative progress leaves the retry count: maxRetries 1 ends at the second RTO despite a SACK between", () => {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, initialRtoNs: 50_000, maxRetries: 1 }, 2);
  s.open(1, 0);
  s.post(1, 4096, 1);
  s.onSchedule(1, 0, 1 << 20);
  for (const t of [0, 10, 20]) s.nextPacket(1, t);
  // The first PTO, capped at the RTO's 50,000, probes with the unsent PSN 3 (RFC 8985 §7.3:
  // allowed from the start of the connection) and restarts the RTO: due at 100,000.
  assert.is(s.onTimer(1, 50_000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 50_000), RACK_TX_PROBE);
  assert.is(s.onTimer(1, 100_000), RACK_TIMER_RTO); // all four lost (no RTT yet: reo_wnd 0), RTO 100000
  for (const t of [100_000, 100_001, 100_002]) assert.is(s.nextPacket(1, t), RACK_TX_RETRANSMIT);
  s.onAck(1, 110_000, 0, 2, false); // PSN 2's resend SACKed: no progress
  assert.is(s.onTimer(1, s.deadlineNs(1)), E_OVERFLOW);
});

/**
 * Slot 1 of a sender with `packets` posted, PSN 0 sent at 0 and ACKed at 1000 (SRTT = min_RTT =
 * RACK.rtt = 1000, RTTVAR 500; minRtoNs 100 000 keeps the RTO, max(100 000, 1000 + 4 × 500), out
 * of the way), then PSNs 1–3 sent at 1000 and the PTO expired: RFC 8985 §7.2 PTO = 2 × SRTT = 2000
 * (three in flight: no max_ack_delay) → due at 1000 + 2000 = 3000, where onTimer makes a probe
 * due. The caller has not yet called nextPacket when the next ACK arrives.
 */
function probeDue(packets = 4): RackSender {
  const s = sampled(packets, 1000, { minRtoNs: 100_000 });
  for (let i = 0; i < 3; i++) assert.is(s.nextPacket(1, 1000), RACK_TX_NEW);
  // Each send (re-)armed the PTO at 1000 + 2 × 1000 (+ max_ack_delay 0 with one in flight) = 3000.
  assert.is(s.onTimer(1, 3000), RACK_TIMER_PROBE);
  return s;
}

test("RFC 8985 §7.2: an ACK that leaves a packet SACKed cancels a due probe, which would resend that SACKed packet", () => {
  const s = probeDue();
  s.onAck(1, 3000, 1, 3, false); // PSN 3 arrived, 1 and 2 not yet: PSN 3 SACKed
  assert.is(s.sackedPackets(1), 1);
  // §7.2 arms no PTO while anything is SACKed, so no probe goes: PSNs 1, 2 are not lost yet
  // (RACK.rtt = 3000 − 1000 = 2000, reo_wnd = min(1 × 1000 / 4, SRTT) = 250: deadline 1000 +
  // 2000 + 250 = 3250), PSN 3 is held by the receiver, and the message has no PSN 4.
  assert.not.ok(s.probePending(1));
  assert.is(s.nextPacket(1, 3000), RACK_TX_NONE);
  assert.is(s.probes(1), 0);
});

test("a due probe cancelled by a SACK cannot stall the QP: the SACKed packet is never marked lost (RFC 8985 §6.2 step 5)", () => {
  const s = probeDue();
  s.onAck(1, 3000, 1, 3, false); // PSN 3 SACKed
  s.nextPacket(1, 3000);
  // Reordering timer (as above) at 3250: PSNs 1 and 2 are lost, and only they.
  assert.is(s.onTimer(1, 3250), RACK_TIMER_REORDER);
  assert.is(s.lostPackets(1), 2);
  assert.is(s.nextPacket(1, 3250), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 1);
  assert.is(s.nextPacket(1, 3250), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 2);
  // Receiver: PSN 1 → ACK(cum 2, arrived 1); PSN 2 → ACK(cum 4, arrived 2): PSNs 0–3 all in.
  s.onAck(1, 4250, 2, 1, false);
  s.onAck(1, 4300, 4, 2, false);
  assert.is(s.inflightPackets(1), 0);
  assert.is(s.lostPackets(1), 0);
  // A new message: PSN 4 goes as new data (nothing lost, window and quota open).
  assert.is(s.post(1, 1024, 1), 1);
  s.onSchedule(1, 5000, 1 << 20);
  assert.is(s.nextPacket(1, 5000), RACK_TX_NEW);
  assert.is(s.out[2], 4);
});

test("RFC 8985 §7.1: an ACK that starts recovery cancels a due probe; the lost packet goes first and no probe outcome is counted", () => {
  // PSN 1 sent at 1000, PSNs 2 and 3 at 2000 (PTO re-armed at 2000 + 2 × 1000 = 4000; the RTO,
  // 100 000 from 1000, is later).
  const s = sampled(5, 1000, { minRtoNs: 100_000 });
  s.nextPacket(1, 1000);
  s.nextPacket(1, 2000);
  s.nextPacket(1, 2000);
  assert.is(s.onTimer(1, 4000), RACK_TIMER_PROBE);
  // ACK(cum 1, SACK 3) at 4000: RACK.rtt = 4000 − 2000 = 2000; reo_wnd = min(1 × 1000 / 4, SRTT)
  // = 250 (1 SACKed < DupThresh, not yet in recovery). PSN 1: 1000 + 2000 + 250 = 3250 ≤ 4000,
  // lost → recovery; PSN 2 (sent in PSN 3's tick, below it): 2000 + 2250 = 4250, the timer.
  s.onAck(1, 4000, 1, 3, false);
  assert.ok(s.inRecovery(1));
  assert.not.ok(s.probePending(1));
  assert.is(s.nextPacket(1, 4000), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 1);
  assert.not.ok(s.probeInFlight(1));
  // At 4250 PSN 2 is lost (reo_wnd 0 in recovery before reordering: 2000 + 2000 ≤ 4250).
  assert.is(s.onTimer(1, 4250), RACK_TIMER_REORDER);
  assert.is(s.nextPacket(1, 4250), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 2);
  s.onAck(1, 5000, 2, 1, false);
  s.onAck(1, 5250, 4, 2, false); // SND.UNA 4 = recovery's end: recovery is over
  assert.not.ok(s.inRecovery(1));
  assert.is(s.nextPacket(1, 5300), RACK_TX_NEW); // PSN 4, the message's last
  s.onAck(1, 6300, 5, 4, false);
  // §7.4: no probe was sent, so none repaired a loss.
  assert.is(s.probes(1), 0);
  assert.is(s.tlpRepairs(1), 0);
});

test("RFC 8985 §7.3: a due probe made moot by an ACK of everything (the common ACK) lets new data go", () => {
  // One packet in flight: PSN 1 sent at 1000, PTO = 2 × 1000 + max_ack_delay 0 → 3000.
  const s = sampled(3, 1000, { minRtoNs: 100_000 });
  assert.is(s.nextPacket(1, 1000), RACK_TX_NEW);
  assert.is(s.onTimer(1, 3000), RACK_TIMER_PROBE);
  s.onAck(1, 3000, 2, 1, false); // SND.UNA alone (ackNext): nothing in flight, nothing to probe
  assert.is(s.inflightPackets(1), 0);
  assert.not.ok(s.probePending(1));
  assert.is(s.nextPacket(1, 3000), RACK_TX_NEW); // PSN 2, posted before
  assert.is(s.out[2], 2);
});

test("RFC 8985 §7.3: a due probe made moot by a cumulative ACK of several packets lets new data posted after go", () => {
  const s = probeDue();
  s.onAck(1, 3000, 4, 3, false); // PSNs 1–3 all arrived (ackGeneral): nothing in flight
  assert.is(s.inflightPackets(1), 0);
  assert.not.ok(s.probePending(1));
  assert.is(s.post(1, 1024, 1), 1);
  s.onSchedule(1, 3000, 1 << 20);
  assert.is(s.nextPacket(1, 3000), RACK_TX_NEW); // PSN 4
  assert.is(s.out[2], 4);
});

// The reordering timer and the PTO run 2^31 ns or more late (a caller that left the flow alone
// that long): both have expired, as on a 64-bit clock. Read as signed deadlines they looked up
// to 2^31 ns ahead, and nothing fired until the tick wrapped round (lib/core/ticks.ts).
const LATE_NS = 2 ** 31 + 10;

test("a reordering timer run 2^31 ns late still fires and marks the losses (RFC 8985 §6.2 step 5)", () => {
  const s = sampled(4, 1000, { minRtoNs: 100, maxRtoNs: 1000 });
  for (let i = 0; i < 3; i++) s.nextPacket(1, 5000);
  s.onAck(1, 5900, 1, 3, false); // as above: PSNs 1 and 2 lost at 5000 + 900 + 225 = 6125
  assert.is(s.deadlineNs(1), 6125);
  assert.is(s.onTimer(1, 6125 + LATE_NS) & RACK_TIMER_REORDER, RACK_TIMER_REORDER);
  assert.is(s.lostPackets(1), 2);
});

test("a PTO run 2^31 ns late still makes the probe due (RFC 8985 §7.2–7.3)", () => {
  const s = sampled(4, 1000, { minRtoNs: 100_000 });
  for (let i = 0; i < 3; i++) s.nextPacket(1, 1000); // PTO 2 × SRTT = 2000: due at 3000
  assert.is(s.deadlineNs(1), 3000);
  // The RTO (100 µs) expired too, but with a PTO armed and an RTT sample since the last probe,
  // its expiry is the PTO's: the probe goes (§7.2 caps the PTO at the RTO).
  assert.is(s.onTimer(1, 3000 + LATE_NS), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 3000 + LATE_NS), RACK_TX_PROBE);
});

// Nineteenth mutation pass (2026-12-02, docs/mutation-testing.md): the PTO's cap at the RTO and
// the RTO left alone by an ACK without cumulative progress.

test("RFC 8985 §7.2: a PTO armed after the RTO is capped at the RTO's remaining time, and probes at the RTO's expiry", () => {
  // SRTT 1000, RTTVAR 500, RTO 3000. PSN 1 at 1000 arms the RTO (to 4000) and a PTO of
  // 2 × SRTT. PSN 2 at 2500 re-arms the PTO: 2 × SRTT = 2000 would end at 4500, after the RTO,
  // so TLP_calc_PTO takes the RTO's remaining time, 4000 − 2500 = 1500 (RFC 8985 §7.2), and
  // the probe goes in the RTO's place at 4000. (A cap of RTO + age let the PTO run to 4500 and
  // onTimer at the RTO's expiry did nothing: the armed PTO holds an expired RTO back.)
  const s = sampled(4, 1000);
  assert.is(s.rtoNs(1), 3000);
  assert.is(s.nextPacket(1, 1000), RACK_TX_NEW);
  assert.is(s.nextPacket(1, 2500), RACK_TX_NEW);
  assert.ok(s.ptoArmed(1));
  assert.is(s.deadlineNs(1), 4000);
  assert.is(s.onTimer(1, 3999), 0);
  assert.is(s.onTimer(1, 4000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 4000), RACK_TX_PROBE);
  assert.is(s.timeouts(1), 0);
});

test("RFC 6298 5.3: a duplicate ACK after the RTO expired does not restart it; the late onTimer still finds it", () => {
  // PSN 1 at 1000; its PTO (2 × SRTT) fires at 3000 and the probe sends PSN 2, restarting the
  // RTO (3000 ns) to end at 6000 with no PTO armed (§7.3). At 6200, before the caller runs the
  // timer, a duplicate ACK arrives (no cumulative progress, no SACK information): only an ACK of
  // new data restarts the RTO (RFC 6298 5.3), and no reordering timer is armed to cancel it
  // (RFC 8985 §8), so at 6500 it fires. (A mutant restarted it from 6200: a stream of
  // duplicate ACKs could hold an expired RTO back for ever.)
  const s = sampled(4, 1000);
  assert.is(s.nextPacket(1, 1000), RACK_TX_NEW);
  assert.is(s.onTimer(1, 3000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, 3000), RACK_TX_PROBE);
  assert.not.ok(s.ptoArmed(1));
  assert.is(s.deadlineNs(1), 6000);
  s.onAck(1, 6200, 1, 0, false);
  assert.not.ok(s.reorderTimerArmed(1));
  assert.is(s.deadlineNs(1), 6000);
  assert.is(s.onTimer(1, 6500), RACK_TIMER_RTO);
  assert.is(s.timeouts(1), 1);
});

test("RFC 8985 §6.2 steps 1–2: an ACK of SND.UNA whose cumulative point jumps past a packet whose own ACK was lost delivers both", () => {
  // PSN 1 arrived first and its ACK (cumulative 0, PSN 1) was lost; then PSN 0: cumulative 2,
  // arrived PSN 0. Every packet below the cumulative point is delivered: SND.UNA 2, the
  // two-packet message freed, nothing in flight, no timer. (It is not the common ACK of
  // SND.UNA alone, though its arrived PSN is SND.UNA: a mutant took it for one and kept PSN 1
  // in flight.)
  const s = scheduled(2);
  s.nextPacket(1, 0);
  s.nextPacket(1, 10);
  assert.is(s.onAck(1, 1000, 2, 0, false), 1);
  assert.is(s.inflightPackets(1), 0);
  assert.not.ok(s.timerArmed(1));
});

test("RFC 8985 §7.2: a duplicate ACK (no cumulative progress, nothing SACKed) does not restart the PTO", () => {
  // The PTO is (re)started after new data is sent or on an ACK that cumulatively acknowledges
  // new data, not on a duplicate. PSN 1 at 1000: PTO 2 × SRTT, due at 3000; a duplicate ACK at
  // 2500 leaves it there. (Restarted, it would have run to the RTO's 4000.)
  const s = sampled(4, 1000);
  assert.is(s.nextPacket(1, 1000), RACK_TX_NEW);
  assert.is(s.deadlineNs(1), 3000);
  s.onAck(1, 2500, 1, 0, false);
  assert.ok(s.ptoArmed(1));
  assert.is(s.deadlineNs(1), 3000);
  assert.is(s.onTimer(1, 3000), RACK_TIMER_PROBE);
});

test("RFC 8985 §6.2 step 4: reo_wnd = min(reo_wnd_mult × min_RTT / 4, SRTT) with an SRTT of 1 ns", () => {
  // One 1 ns sample: min_RTT = SRTT = 1. With reo_wnd_mult 8: min(⌊8 × 1 / 4⌋ = 2, 1) = 1.
  const s = sampled(2, 1, { reoWndMult: 8 });
  assert.equal([s.minRttNs(1), s.srttNs(1)], [1, 1]);
  assert.is(s.reoWndNs(1), 1);
});

test("the parameters' lower range ends work as their descriptions say; default capacity 1 and start PSN 0", () => {
  // windowPackets 1: one packet in flight at a time.
  const one = new RackSender({ mtuBytes: 1024, windowPackets: 1 }, 1);
  one.open(0, 0);
  one.post(0, 2048, 1);
  one.onSchedule(0, 0, 1 << 20);
  assert.is(one.nextPacket(0, 0), RACK_TX_NEW);
  assert.is(one.nextPacket(0, 1), RACK_TX_NONE);
  // roundQuotaBytes 1: a round carries one 1-byte packet, and no more.
  const q = new RackSender({ mtuBytes: 1024, roundQuotaBytes: 1 }, 1);
  q.open(0); // startPsn defaults to 0
  q.post(0, 1, 1);
  q.post(0, 1, 1);
  q.onSchedule(0, 0, 1 << 20);
  assert.is(q.nextPacket(0, 0), RACK_TX_NEW);
  assert.is(q.out[2], 0, "PSN 0");
  assert.is(q.nextPacket(0, 1), RACK_TX_NONE);
  // initialRtoNs 1 and maxRetries 0: with no RTT sample the RTO is 1 ns. Its first expiry is the
  // PTO's (capped at it; RFC 8985 §7.3 probes from the start of the connection), which resends
  // PSN 0 and restarts the RTO; its next expiry, with no RTT sample since the probe, puts the QP
  // in error ("consecutive RTOs before the QP is in error": none allowed).
  const r = new RackSender({ mtuBytes: 1024, initialRtoNs: 1, maxRetries: 0 }, 1);
  r.open(0, 0);
  r.post(0, 1024, 1);
  r.onSchedule(0, 0, 1 << 20);
  r.nextPacket(0, 100);
  assert.is(r.deadlineNs(0), 101);
  assert.is(r.onTimer(0, 100), 0);
  assert.is(r.onTimer(0, 101), RACK_TIMER_PROBE);
  assert.is(r.nextPacket(0, 101), RACK_TX_PROBE);
  assert.is(r.deadlineNs(0), 102);
  assert.is(r.onTimer(0, 102), E_OVERFLOW);
  // initialPtoNs 1: before any RTT sample the PTO is 1 ns.
  const p = new RackSender({ mtuBytes: 1024, initialPtoNs: 1 }, 1);
  p.open(0, 0);
  p.post(0, 1024, 1);
  p.onSchedule(0, 0, 1 << 20);
  p.nextPacket(0, 100);
  assert.is(p.deadlineNs(0), 101);
  // The default capacity is one slot, for the sender and the receiver.
  assert.throws(() => new RackSender().open(1), RangeError);
  assert.throws(() => new RackReceiver().open(1), RangeError);
  assert.not.throws(() => new RackReceiver().open(0));
});

test("RFC 8985 §6.2 step 5, past 2^31 ns: with no packet delivered yet the RTO's resends stay unmarked until a DSACK above SND.UNA delivers one (RFC 2883 §4)", () => {
  // A flow at 3 s (ticks past 2^31 read negative as int32). PSNs 0 and 1 go at T; no ACK comes
  // back. The first PTO (initialPtoNs, capped at the RTO's 1 ms; §7.3: a probe is allowed from
  // the start of the connection) resends PSN 1 at T + 1 ms and restarts the RTO; at T + 2 ms it
  // marks both lost (§6.3: SND.UNA, and PSN 1 since RACK.rtt and reo_wnd are still 0), and both
  // are resent. PSN 1's first copy had arrived (its ACKs were lost): the resend draws a DSACK
  // of PSN 1 above the cumulative ACK 0. Until 2026-12-02 that DSACK delivered nothing, and with
  // no RACK.xmit_ts step 5 marked nothing (that case: vector `sender-edges`). The receiver holds
  // PSN 1 (RFC 2883 §4 rule 4), so it is SACKed and delivered: a resend, judged by step 2
  // against min_RTT, still 0 (no sample) → taken: RACK.xmit_ts = T + 2 ms, RACK.rtt = 500; no
  // RTT sample (a resend, and DSACKed: Karn), so SRTT stays 0. Step 4: reo_wnd_mult 1 → 2.
  // Step 5: reo_wnd = 0 (in recovery, no reordering seen); PSN 0's resend, in the same tick with a
  // lower PSN, was sent before RACK (RACK_sent_after's tie-break): (T + 2 ms) + 500 + 0 −
  // (T + 2,000,500) = 0 ≤ 0 → lost, and resent.
  const T = 3_000_000_000;
  const s = scheduled(2, T);
  s.nextPacket(1, T);
  s.nextPacket(1, T);
  assert.is(s.onTimer(1, T + 1_000_000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, T + 1_000_000), RACK_TX_PROBE);
  assert.is(s.out[2], 1);
  assert.is(s.onTimer(1, T + 2_000_000), RACK_TIMER_RTO);
  assert.is(s.lostPackets(1), 2);
  s.onSchedule(1, T + 2_000_000, 1 << 20);
  assert.is(s.nextPacket(1, T + 2_000_000), RACK_TX_RETRANSMIT);
  assert.is(s.nextPacket(1, T + 2_000_000), RACK_TX_RETRANSMIT);
  assert.is(s.lostPackets(1), 0);
  s.onAck(1, T + 2_000_500, 0, 1, true);
  assert.is(s.sackedPackets(1), 1);
  assert.is(s.rackRttNs(1), 500);
  assert.is(s.srttNs(1), 0);
  assert.is(s.reoWndMult(1), 2);
  assert.is(s.lostPackets(1), 1);
  assert.is(s.nextPacket(1, T + 2_000_500), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 0);
});

test("RFC 8985 §6.2: step 1 takes the ACK's RTT measurements into min_RTT before step 2 judges a resend it delivers (review, 2026-12-02)", () => {
  // PSNs 0–3 sent at 0 (the quota holds back PSN 4); the first PTO at 1,000,000 (initialPtoNs,
  // capped at the RTO; §7.3 probes from the start of the connection) sends PSN 4 and restarts
  // the RTO, which at 2,000,000 (no RTT sample yet) marks all lost; PSN 0 is resent. An ACK at
  // 2,000,700 delivers the resend of 0 (RTT 700) and the first copies of 1 and 2 (cum 3 with a
  // SACK of 2; RTT 2,000,700, never retransmitted). Step 1: min_RTT = 2,000,700. Step 2: the
  // resend's 700 < min_RTT → skipped; RACK.rtt = 2,000,700 from PSN 2 (RACK.xmit_ts 0).
  const s = new RackSender({ windowPackets: 32 }, 1);
  s.open(0, 0);
  s.post(0, 5120, 1);
  s.onSchedule(0, 0, 4096);
  for (let i = 0; i < 4; i++) s.nextPacket(0, 0);
  assert.is(s.onTimer(0, 1_000_000), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(0, 1_000_000), RACK_TX_PROBE);
  assert.is(s.out[2], 4);
  assert.is(s.onTimer(0, 2_000_000), RACK_TIMER_RTO);
  s.onSchedule(0, 2_000_000, 65_536);
  assert.is(s.nextPacket(0, 2_000_000), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 0);
  s.onAck(0, 2_000_700, 3, 2, false);
  assert.is(s.minRttNs(0), 2_000_700);
  assert.is(s.rackRttNs(0), 2_000_700);
});


// Differential testing against an independent model (2026-12-02): two defects it found.

test("RFC 8985 §6.2 step 1: a stale ACK's SACKed PSN, already acknowledged, gives min_RTT no sample", () => {
  // windowPackets 32: a ring of 32 PSNs, so PSN 33 takes PSN 1's index.
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, roundQuotaBytes: 1 << 20 }, 2);
  s.open(1, 0);
  s.post(1, 1024 * 64, 1);
  s.onSchedule(1, 0, 1 << 20);
  s.nextPacket(1, 0); // PSN 0 at 0
  for (let i = 1; i < 32; i++) s.nextPacket(1, 1000); // PSNs 1–31 at 1000
  s.onAck(1, 10_000, 32, 31, false); // all 32: the least RTT is PSN 1–31's, 10,000 − 1000 = 9000
  assert.is(s.minRttNs(1), 9000);
  s.nextPacket(1, 10_000); // PSN 32
  s.nextPacket(1, 20_000); // PSN 33, in PSN 1's ring index
  // The ACK the receiver sent when PSN 1 arrived before PSN 0 (cumulative 0, SACK 1), late: it
  // newly acknowledges nothing (PSN 1 was cumulatively acknowledged at 10,000), so step 1 has
  // no RTT measurement from it and min_RTT stays 9000 (it read PSN 33's send: 20,100 − 20,000 = 100).
  s.onAck(1, 20_100, 0, 1, false);
  assert.is(s.minRttNs(1), 9000);
  assert.is(s.sackedPackets(1), 0);
});

test("RFC 8985 §6.2 step 5: a lower PSN resent in RACK.xmit_ts's own tick, after a later PSN, is sent before RACK", () => {
  // sampled: PSN 0 sent at 0, acknowledged at 1000: min_RTT = SRTT = 1000, RTO 3000.
  const s = sampled(8);
  s.nextPacket(1, 2000); // PSN 1
  s.nextPacket(1, 2000); // PSN 2
  // SACK of PSN 2 at 5000: RACK = (2000, PSN 2), RACK.rtt 3000; reo_wnd = min(1 · 1000 / 4, SRTT)
  // = 250 (no recovery, 1 SACKed); PSN 1 (same tick, lower PSN) has 2000 + 3000 + 250 − 5000 = 250 left.
  s.onAck(1, 5000, 1, 2, false);
  assert.ok(s.reorderTimerArmed(1));
  assert.is(s.nextPacket(1, 6000), RACK_TX_NEW); // PSN 3 at 6000
  assert.is(s.nextPacket(1, 6000), RACK_TX_NEW); // PSN 4 at 6000
  assert.is(s.onTimer(1, 6000), RACK_TIMER_REORDER); // PSN 1 lost (250 − 1000 < 0): recovery
  assert.is(s.nextPacket(1, 6000), RACK_TX_RETRANSMIT); // PSN 1 again at 6000, after PSNs 3 and 4
  // SACK of PSN 3 at 7000: RACK = (6000, PSN 3), RACK.rtt = 1000. In recovery with no reordering
  // seen reo_wnd is 0. PSN 4 (6000, PSN 4) is not sent before RACK, but PSN 1's resend is:
  // RACK_sent_after(6000, end 4, 6000, end 2) holds by the sequence tie-break, and
  // 6000 + 1000 + 0 − 7000 = 0 ≤ 0: lost. (The walk stopped at PSN 4, listed before it.)
  s.onAck(1, 7000, 1, 3, false);
  assert.is(s.lostPackets(1), 1);
  assert.is(s.nextPacket(1, 7000), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 1);
});

// Differential testing against an independent model (2026-12-02): a DSACK above SND.UNA.

test("RFC 2883 §4, RFC 8985 §6.2: a DSACK of a PSN above SND.UNA, whose first ACK was lost, SACKs it (it is delivered, not resent again)", () => {
  // sampled: PSN 0 sent at 0, acknowledged at 1000: min_RTT = SRTT = 1000, RTTVAR 500.
  const s = sampled(8);
  for (let i = 0; i < 3; i++) s.nextPacket(1, 1000); // PSNs 1, 2, 3 at 1000
  // What the receiver sends: PSN 1 is lost; PSN 2 arrives (that ACK, cum 1 SACK 2, is lost);
  // PSN 3 arrives (cum 1, SACK 3); later PSN 2's resend arrives: a copy past ePSN 1 of a PSN it
  // holds, answered cum 1, SACK 2 with the DSACK flag.
  const r = new RackReceiver({ windowPackets: 32 }, 1);
  r.open(0, 0);
  r.onData(0, 0, 0, false);
  r.onData(0, 0, 2, false);
  r.onData(0, 0, 3, false);
  assert.ok((r.onData(0, 0, 2, false) & 8) !== 0); // RACK_RX_DUPLICATE
  assert.equal([r.out[0], r.out[1], r.out[2]], [1, 2, 1]);
  // SACK of 3 at 2000: RTT sample 1000 (RTTVAR 500 + ⌊(0 − 500) / 4⌋ = 375, SRTT 1000), RACK =
  // (1000, PSN 3), RACK.rtt 1000; reo_wnd = min(⌊1 · 1000 / 4⌋, 1000) = 250 (1 SACKed, no
  // recovery). PSNs 1 and 2 (same tick, lower PSNs) have 1000 + 1000 + 250 − 2000 = 250 left.
  s.onAck(1, 2000, 1, 3, false);
  assert.is(s.deadlineNs(1), 2250);
  assert.is(s.onTimer(1, 2250), RACK_TIMER_REORDER); // 1250 − 1250 = 0: both lost, recovery
  assert.is(s.lostPackets(1), 2);
  assert.is(s.nextPacket(1, 2250), RACK_TX_RETRANSMIT); // PSN 1 (lost again)
  assert.is(s.nextPacket(1, 2250), RACK_TX_RETRANSMIT); // PSN 2, whose copy draws the DSACK
  // The DSACK of PSN 2 at 3250, above SND.UNA 1: PSN 2 is SACKed (2 SACKed, with 3). Step 2: a
  // resend with RTT 3250 − 2250 = 1000, not below min_RTT 1000 → RACK = (2250, PSN 2), RACK.rtt
  // 1000. Step 4: reo_wnd_mult 1 → 2. Step 5: reo_wnd = 0 (in recovery, no reordering seen: PSN
  // 2 was resent); PSN 1's resend, same tick and lower PSN: 2250 + 1000 + 0 − 3250 = 0 ≤ 0 →
  // lost, and resent next. The old code ignored the SACK: PSN 2 unSACKed (1 SACKed), nothing
  // lost (RACK stayed at 1000, before both resends), new data PSN 4 went instead, and an RTO
  // would have resent PSN 2 once more.
  s.onAck(1, 3250, 1, 2, true);
  assert.is(s.sackedPackets(1), 2);
  assert.is(s.rackRttNs(1), 1000);
  assert.is(s.reoWndMult(1), 2);
  assert.is(s.lostPackets(1), 1);
  assert.is(s.nextPacket(1, 3250), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 1);
});

test("RFC 6298 §3 (Karn), RFC 8985 §6.2 step 1: a DSACKed packet above SND.UNA, never resent (the network duplicated it), is delivered but gives no RTT sample", () => {
  // sampled: min_RTT = SRTT = 1000, RTTVAR 500, RTO 3000. PSNs 1, 2 at 1000; PSN 2's ACK is lost
  // and a network copy of it arrives late: cum 1, SACK 2, DSACK at 5000. PSN 2 arrived twice, and
  // this ACK answers the later copy, so 5000 − 1000 = 4000 is no RTT measurement: SRTT 1000,
  // RTTVAR 500, min_RTT 1000 stay (as a sample it would give RTTVAR 500 + ⌊(3000 − 500) / 4⌋ =
  // 1125, SRTT 1000 + ⌊3000 / 8⌋ = 1375). PSN 2 is delivered: SACKed, and step 2 (it was never
  // resent) sets RACK = (1000, PSN 2), RACK.rtt 4000. Step 4: reo_wnd_mult 2, reo_wnd =
  // min(⌊2 · 1000 / 4⌋, 1000) = 500 (1 SACKed, no recovery). Step 5: PSN 1 (same tick, lower
  // PSN): 1000 + 4000 + 500 − 5000 = 500 left → the reordering timer, at 5500.
  const s = sampled(8);
  s.nextPacket(1, 1000);
  s.nextPacket(1, 1000);
  s.onAck(1, 5000, 1, 2, true);
  assert.is(s.sackedPackets(1), 1);
  assert.is(s.srttNs(1), 1000);
  assert.is(s.rttvarNs(1), 500);
  assert.is(s.minRttNs(1), 1000);
  assert.is(s.rackRttNs(1), 4000);
  assert.is(s.reoWndNs(1), 500);
  assert.ok(s.reorderTimerArmed(1));
  assert.is(s.deadlineNs(1), 5500);
  assert.is(s.lostPackets(1), 0);
});

test("RFC 8985 §6.2 step 5 after recovery: an ACK of the head still marks by RACK.xmit_ts, which a resend made later than the packets behind it", () => {
  // Ticks from T = −10^9 (3.29 s on the 32-bit clock, where two ticks sum past 2^31): t(x) = T + x.
  const T = -1_000_000_000;
  const t = (x: number) => (T + x) | 0;
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, minRtoNs: 1000 }, 2);
  s.open(1, 0);
  s.post(1, 1024 * 16, 1);
  s.onSchedule(1, t(0), 1 << 20);
  s.nextPacket(1, t(0));
  s.onAck(1, t(1000), 1, 0, false); // min_RTT = SRTT = 1000: reo_wnd = min(1 × 1000 / 4, SRTT) = 250
  for (let i = 1; i <= 4; i++) s.nextPacket(1, t(2000)); // PSNs 1–4 at 2000
  // SACKs of 2, 3, 4 at 3000 (RTT 1000 each): at DupThresh = 3 SACKed, before any reordering,
  // reo_wnd = 0, so PSN 1 (same tick, lower PSN) has 2000 + 1000 + 0 − 3000 = 0 left: lost.
  for (let p = 2; p <= 4; p++) s.onAck(1, t(3000), 1, p, false);
  assert.is(s.lostPackets(1), 1);
  assert.ok(s.inRecovery(1)); // recovery point: SND.NXT = 5
  assert.is(s.nextPacket(1, t(3000)), RACK_TX_RETRANSMIT); // PSN 1 again at 3000
  assert.is(s.nextPacket(1, t(3100)), RACK_TX_NEW); // PSN 5 at 3100
  assert.is(s.nextPacket(1, t(4000)), RACK_TX_NEW); // PSN 6 at 4000
  assert.is(s.nextPacket(1, t(4000)), RACK_TX_NEW); // PSN 7 at 4000
  // SACK of 5 at 4100: RACK = (3100, 5), RACK.rtt 1000; in recovery reo_wnd 0: PSN 1's resend
  // (3000) has 3000 + 1000 − 4100 = −100 left: lost again. PSNs 6 and 7 were sent after RACK.
  s.onAck(1, t(4100), 1, 5, false);
  assert.is(s.lostPackets(1), 1);
  assert.is(s.nextPacket(1, t(4100)), RACK_TX_RETRANSMIT); // PSN 1 a third time, at 4100
  // Its ACK at 5100 (cumulative 6): RTT 1000, not below min_RTT, so step 2 takes it: RACK =
  // (4100, 1), RACK.rtt 1000. SND.UNA 6 passes the recovery point 5: recovery ends, reo_wnd 250.
  // PSNs 6 and 7 (4000) were sent before RACK: 4000 + 1000 + 250 − 5100 = 150 left.
  s.onAck(1, t(5100), 6, 1, false);
  assert.not.ok(s.inRecovery(1));
  assert.is(s.deadlineNs(1), t(5250));
  // The ACK of PSN 6 alone at 5110 (nothing SACKed or lost, outside recovery): RACK.rtt = 5110 −
  // 4000 = 1110 (step 2 takes every accepted packet's RTT), RACK.xmit_ts stays 4100 (PSN 6 was
  // sent before it). PSN 7 (4000) is still sent before RACK: 4000 + 1110 + 250 − 5110 = 250 left,
  // so the reordering timer is armed for 5360 (reo_wnd = min(1000 / 4, SRTT) with SRTT ≥ 1000).
  s.onAck(1, t(5110), 7, 6, false);
  assert.ok(s.reorderTimerArmed(1));
  assert.is(s.deadlineNs(1), t(5360));
  assert.is(s.onTimer(1, t(5359)), 0);
  assert.is(s.onTimer(1, t(5360)), RACK_TIMER_REORDER); // 250 − 250 = 0: PSN 7 lost
  assert.is(s.lostPackets(1), 1);
  assert.is(s.nextPacket(1, t(5360)), RACK_TX_RETRANSMIT);
  assert.is(s.out[2], 7);
});

test("RFC 8985 §6.2 step 2 at PSN 0 after the 24-bit wrap: RACK.rtt is the resend's, sent after the first copy delivered with it", () => {
  // From PSN 2^24 − 1: it goes at 0 and is acknowledged at 1000 (cumulative 0, the PSN wrapped):
  // min_RTT = SRTT = 1000, reo_wnd = min(1 × 1000 / 4, SRTT) = 250.
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, minRtoNs: 1000 }, 2);
  s.open(1, 16_777_215);
  s.post(1, 1024 * 8, 1);
  s.onSchedule(1, 0, 1 << 20);
  s.nextPacket(1, 0);
  s.onAck(1, 1000, 0, 16_777_215, false);
  assert.is(s.minRttNs(1), 1000);
  s.nextPacket(1, 2000); // PSN 0 at 2000
  s.nextPacket(1, 2600); // PSN 1 at 2600
  s.nextPacket(1, 2600); // PSN 2 at 2600
  // SACK of PSN 2 at 3600 (RTT 1000): RACK = (2600, 2), RACK.rtt 1000. Step 5: PSN 0 has
  // 2000 + 1000 + 250 − 3600 = −350 left: lost; PSN 1 (same tick, lower PSN) 2600 + 1000 + 250 − 3600 = 250.
  s.onAck(1, 3600, 0, 2, false);
  assert.is(s.lostPackets(1), 1);
  assert.is(s.nextPacket(1, 3600), RACK_TX_RETRANSMIT); // PSN 0 again at 3600
  assert.is(s.out[2], 0);
  // At 4600 the resend and PSN 1's first copy are delivered (cumulative 3; PSN 1's own ACK was
  // lost). Step 1: PSN 1, never retransmitted, measures 4600 − 2600 = 2000: min_RTT stays 1000.
  // Step 2 in ascending xmit_ts: PSN 1 (2600) sets RACK.rtt = 2000, then the resend (3600), RTT
  // 1000, not below min_RTT, is taken: RACK.rtt = 1000, RACK.xmit_ts = 3600.
  s.onAck(1, 4600, 3, 0, false);
  assert.is(s.minRttNs(1), 1000);
  assert.is(s.rackRttNs(1), 1000);
  // The ACK's one RTT sample is PSN 1's 2000 (the resend gives none: Karn), though PSN 1 was sent
  // in the same tick as PSN 2, the previous ACK's sample. RFC 6298 (2.3) from SRTT 1000, RTTVAR
  // 375 (after 1000, 1000): SRTT = 7/8 × 1000 + 1/8 × 2000 = 1125.
  assert.is(s.srttNs(1), 1125);
});

test("RFC 6298 §3: an ACK of two first copies takes its RTT sample from the later sent, also past 2^30 ns and 1 ns later", () => {
  // Ticks from T = −10^9 (3.29 s on the 32-bit clock). PSN 0 at T, PSN 1 at T + 500, both
  // acknowledged at T + 1500 (cumulative 2): one sample per ACK, the most recently sent packet's,
  // 1000 (not PSN 0's 1500). First sample, RFC 6298 (2.2): SRTT = 1000, RTTVAR = 500.
  const T = -1_000_000_000;
  const s = scheduled(4, T);
  s.nextPacket(1, T);
  s.nextPacket(1, T + 500);
  s.onAck(1, T + 1500, 2, 1, false);
  assert.is(s.srttNs(1), 1000);
  assert.is(s.rttvarNs(1), 500);
  assert.is(s.rackRttNs(1), 1000);
  // Sent 1 ns apart (PSN 0 at 0, PSN 1 at 1, both acknowledged at 1001): the sample is PSN 1's 1000, not 1001.
  const u = scheduled(4);
  u.nextPacket(1, 0);
  u.nextPacket(1, 1);
  u.onAck(1, 1001, 2, 1, false);
  assert.is(u.srttNs(1), 1000);
});

test("RFC 8985 §6.2 step 1 with Karn (RFC 6298 §3): a SACKed resend gives min_RTT no measurement", () => {
  // sampled: min_RTT = SRTT = 1000, reo_wnd 250. PSNs 1–3 at 2000; SACK of 3 at 3000 (RTT 1000):
  // RACK = (2000, 3); PSNs 1 and 2 (same tick, lower PSN) have 2000 + 1000 + 250 − 3000 = 250 left.
  const s = sampled(8);
  for (let i = 0; i < 3; i++) s.nextPacket(1, 2000);
  s.onAck(1, 3000, 1, 3, false);
  assert.is(s.onTimer(1, 3250), RACK_TIMER_REORDER); // 250 − 250 = 0: both lost
  assert.is(s.lostPackets(1), 2);
  assert.is(s.nextPacket(1, 3250), RACK_TX_RETRANSMIT); // PSN 1 again
  assert.is(s.nextPacket(1, 3250), RACK_TX_RETRANSMIT); // PSN 2 again
  // A SACK of PSN 2 at 3300: 50 ns after its resend, so it answers the first copy (ambiguous);
  // no measurement from a retransmitted packet: min_RTT stays 1000, and step 2 skips the resend
  // (50 < min_RTT), so RACK.rtt stays 1000.
  s.onAck(1, 3300, 1, 2, false);
  assert.is(s.minRttNs(1), 1000);
  assert.is(s.rackRttNs(1), 1000);
});

test("lostPsn names the packets step 5 marked lost and not yet retransmitted (RFC 6675's pipe leaves them out), and nothing outside SND.UNA–SND.NXT", () => {
  // PSNs 0, 1 sent at 0 and 2, 3 at 1,000; PSN 0's ACK at 4,000 (RTT 4,000, reo_wnd = min_RTT / 4
  // = 1,000). PSN 3's SACK at 5,000: RACK.rtt 4,000 from 1,000. PSN 1 (sent at 0): 0 + 4,000 +
  // 1,000 ≤ 5,000, lost. PSN 2 (sent at 1,000, below PSN 3): 1,000 + 5,000 > 5,000, not yet.
  const s = scheduled(8);
  for (const t of [0, 0, 1000, 1000]) s.nextPacket(1, t);
  s.onAck(1, 4000, 1, 0, false);
  s.onAck(1, 5000, 1, 3, false);
  assert.equal([0, 1, 2, 3, 4].map((p) => s.lostPsn(1, p)), [false, true, false, false, false]);
  assert.is(s.lostPackets(1), 1);
  // A closed slot, and 2^24 + 1 (no 24-bit PSN, though it shares PSN 1's bit), name nothing.
  assert.equal([s.lostPsn(0, 1), s.lostPsn(1, (1 << 24) + 1), s.lostPsn(1, NaN)], [false, false, false]);
  // Its retransmission goes: no longer lost (the resend is in flight).
  assert.is(s.nextPacket(1, 5000), RACK_TX_RETRANSMIT);
  assert.is(s.lostPsn(1, 1), false);
});

test("mutation pass 26: lostPsn is false at SND.NXT with a full ring and past it at a lost packet's ring index", () => {
  // A 32-packet window is a ring of 32 PSNs. 32 sent at 0 and the RTO: SND.UNA (PSN 0) is lost
  // (§6.3, after the PTO's probe). SND.NXT = 32 shares its ring index, and PSN 32 is not sent: not lost. Nor is 33
  // (PSN 1's index), nor 2^24 − 32 (behind SND.UNA, PSN 0's index).
  const s = scheduled(40, 0, { roundQuotaBytes: 1 << 20 });
  for (let i = 0; i < 32; i++) s.nextPacket(1, 0);
  assert.is(s.inflightPackets(1), 32);
  const pto = s.deadlineNs(1);
  assert.is(s.onTimer(1, pto), RACK_TIMER_PROBE); // the PTO first (§7.2): the probe resends PSN 31
  assert.is(s.nextPacket(1, pto), RACK_TX_PROBE);
  assert.is(s.onTimer(1, s.deadlineNs(1)), RACK_TIMER_RTO);
  assert.is(s.lostPsn(1, 0), true);
  assert.equal([32, 33, (1 << 24) - 32].map((p) => s.lostPsn(1, p)), [false, false, false]);
});

test("mutation pass 26: a DSACK of a PSN the same ACK delivers cumulatively gives min_RTT no sample (it arrived twice)", () => {
  // sampled: min_RTT 1000. PSN 1 at 2000; the network duplicates it and the first copy's ACK is
  // lost: the ACK of the second copy, at 2500, acknowledges it cumulatively (next expected 2) and
  // DSACKs it. Its 500 ns would be ambiguous (RFC 6298 §3): min_RTT stays 1000.
  const s = sampled(8);
  s.nextPacket(1, 2000);
  s.onAck(1, 2500, 2, 1, true);
  assert.is(s.minRttNs(1), 1000);
});

test("inspect reports RACK.reo_wnd as §6.2 step 5 set it, not the column an in-order ACK left stale", () => {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32 }, 1);
  s.open(0, 0);
  s.post(0, 4096, 1);
  s.onSchedule(0, 0, 1 << 20);
  for (let i = 0; i < 4; i++) s.nextPacket(0, 0);
  // PSN 0, sent at 0, cumulatively acknowledged at 10,000: min_RTT = SRTT = 10,000 ns, no
  // reordering seen, not in recovery, no SACKed packets: reo_wnd = min(1 × 10,000 / 4, 10,000).
  s.onAck(0, 10_000, 1, 0, false);
  const state = s.inspect(0);
  assert.is(state.reoWnd, 2_500);
  assert.is(s.reoWndNs(0), 2_500);
});

test("a cumulative ACK of several packets up to PSN 0xFFFFFF, drawn by the hole's arrival, delivers them all (not the fast path's SND.UNA alone)", () => {
  // PSNs 0xFFFFFC..0xFFFFFF sent at 0, 10, 20, 30; 0xFFFFFD and 0xFFFFFE arrive first (their ACKs
  // lost), then 0xFFFFFC: the receiver's ACK is cum 0xFFFFFF (ePSN), sackPsn 0xFFFFFC, no DSACK.
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32 }, 1);
  s.open(0, 0xfffffc);
  s.post(0, 4 * 1024, 1);
  s.onSchedule(0, 0, 1 << 20);
  for (const t of [0, 10, 20, 30]) assert.is(s.nextPacket(0, t), RACK_TX_NEW);
  const rx = new RackReceiver({ windowPackets: 32 }, 1);
  rx.open(0, 0xfffffc);
  for (const psn of [0xfffffd, 0xfffffe, 0xfffffc]) rx.onData(0, 0, psn, false);
  assert.equal([rx.out[0], rx.out[1], rx.out[2]], [0xffffff, 0xfffffc, 0]);
  s.onAck(0, 1000, 0xffffff, 0xfffffc, false);
  // Three delivered, 0xFFFFFF alone in flight (SND.NXT 0 after the wrap: 0 − 0xFFFFFF mod 2^24 = 1).
  assert.is(s.inflightPackets(0), 1);
  // One RTT sample, from the most recently sent delivered packet (RFC 6298 / step 2): 0xFFFFFE, 1000 − 20.
  assert.is(s.rackRttNs(0), 980);
  assert.is(s.srttNs(0), 980);
});

test("an ACK of SND.UNA's retransmission, with a later PSN sent before that resend first in transmission order, gives no RTT sample and marks that PSN lost (Karn; step 5)", () => {
  // dcp: reo_wnd = min(4 × min_RTT / 4, SRTT), no zero window. Window 32: PSNs 26..31 lie in one
  // bitmap word, and PSN 31 is its last index. Times in ns; "r" a resend.
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32, profile: "dcp" }, 1);
  s.open(0, 26);
  s.post(0, 6 * 1024, 1);
  s.onSchedule(0, 0, 1 << 20);
  for (const t of [0, 10, 20, 30]) assert.is(s.nextPacket(0, t), RACK_TX_NEW); // PSNs 26..29
  // 220: SACK of 28 (sent at 20): the one RTT sample of this test, 200 = min_RTT = SRTT; reo_wnd 200.
  // 26 due 0 + 200 + 200 = 400, 27 due 410: the reordering timer, armed for the later, 410.
  s.onAck(0, 220, 26, 28, false);
  assert.is(s.srttNs(0), 200);
  assert.is(s.onTimer(0, 410), RACK_TIMER_REORDER); // 26 and 27 lost; recovery until SND.UNA reaches 30
  assert.is(s.nextPacket(0, 500), RACK_TX_RETRANSMIT); // 26r at 500
  assert.is(s.nextPacket(0, 800), RACK_TX_RETRANSMIT); // 27r at 800
  assert.is(s.nextPacket(0, 810), RACK_TX_NEW); // PSN 30 at 810
  // 1000: SACK of 27r: RTT 200 ≥ min_RTT, so RACK.xmit_ts 800, RACK.rtt 200. 29 (sent at 30): 30 + 200 +
  // 200 = 430 ≤ 1000, lost; 26r (500): 900 ≤ 1000, lost; 30 went after 800, not judged.
  s.onAck(0, 1000, 26, 27, false);
  assert.ok(s.lostPsn(0, 26) && s.lostPsn(0, 29) && !s.lostPsn(0, 30));
  assert.is(s.nextPacket(0, 1010), RACK_TX_RETRANSMIT); // 26rr at 1010
  assert.is(s.nextPacket(0, 1020), RACK_TX_RETRANSMIT); // 29r at 1020
  assert.is(s.nextPacket(0, 1030), RACK_TX_NEW); // PSN 31 at 1030
  // 1250: SACK of 29r: RACK.xmit_ts 1020, RACK.rtt 230. 30 (810): 810 + 230 + 200 = 1240 ≤ 1250, lost;
  // 26rr (1010): 1440 > 1250, not yet; 31 went after 1020.
  s.onAck(0, 1250, 26, 29, false);
  assert.ok(s.lostPsn(0, 30) && !s.lostPsn(0, 26));
  assert.is(s.nextPacket(0, 1260), RACK_TX_RETRANSMIT); // 30r at 1260, after PSN 31
  // 1300: 26rr arrives: cum 30 (27–29 were SACKed), SND.UNA = the recovery point, recovery ends.
  // 26rr (1010) is older than RACK.xmit_ts 1020: RACK unchanged; 31 and 30r went after it.
  s.onAck(0, 1300, 30, 26, false);
  assert.is(s.inRecovery(0), false);
  assert.is(s.lostPackets(0), 0);
  assert.is(s.sackedPackets(0), 0);
  // 1500: the ACK of 30r (cum 31, sackPsn 30). It delivers a retransmission alone: no RTT sample
  // (Karn), SRTT stays 200. Step 2: RACK.rtt = 1500 − 1260 = 240 ≥ min_RTT, RACK.xmit_ts 1260.
  // Step 5: PSN 31, sent at 1030 before it, due 1030 + 240 + 200 = 1470 ≤ 1500: lost, recovery again.
  s.onAck(0, 1500, 31, 30, false);
  assert.is(s.srttNs(0), 200);
  assert.is(s.rackRttNs(0), 240);
  assert.is(s.inflightPackets(0), 1);
  assert.ok(s.lostPsn(0, 31));
  assert.is(s.inRecovery(0), true);
  assert.is(s.nextPacket(0, 1510), RACK_TX_RETRANSMIT); // out[2]: the PSN
  assert.is(s.out[2], 31);
});

test("flow 1 with two bitmap words a row: lostPackets and lostPsn read flow 1's lost bits", () => {
  // windowPackets 64: two 32-bit words per flow. PSN 0 sent at 0 and ACKed at 100: min_RTT = SRTT = 100,
  // reo_wnd = ⌊1 × 100 / 4⌋ = 25 (rfc8985).
  const s = sampled(4, 100, { windowPackets: 64 });
  s.nextPacket(1, 200); // PSN 1
  s.nextPacket(1, 300); // PSN 2
  // 1000: SACK of PSN 2: RACK.rtt 700. PSN 1: 200 + 700 + 25 = 925 ≤ 1000, lost (step 5).
  s.onAck(1, 1000, 1, 2, false);
  assert.is(s.lostPackets(1), 1);
  assert.is(s.lostPsn(1, 1), true);
  assert.is(s.lostPsn(1, 2), false, "PSN 2 is SACKed");
});

test("rtoArmed is false with nothing ever sent and after everything is acknowledged, true while a packet is in flight", () => {
  const s = scheduled(1);
  assert.is(s.rtoArmed(1), false);
  s.nextPacket(1, 0);
  assert.is(s.rtoArmed(1), true); // RFC 6298 §5.1: a send starts it when not running
  s.onAck(1, 100, 1, 0, false);
  assert.is(s.rtoArmed(1), false); // §5.2: all outstanding data acknowledged, the timer is off
});

test("an ACK that delivers nothing before any packet was delivered marks nothing lost: step 5 has no RACK.xmit_ts to compare with", () => {
  // Flow opened at 0xFFFFF0 (a PSN that precedes 0 in 24-bit order), PSN 0xFFFFF0 sent at tick 0.
  // The ACK (cum 0xFFFFF0, sackPsn 0xFFFFEF, below SND.UNA: the cumulative part, nothing new)
  // delivers nothing, so RACK.segment is still unset (RFC 8985 §6.2 step 2 sets it from a
  // delivered packet; Linux's tcp_rack_detect_loss returns without rack.mstamp).
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32 }, 1);
  s.open(0, 0xfffff0);
  s.post(0, 2 * 1024, 1);
  s.onSchedule(0, 0, 1 << 20);
  assert.is(s.nextPacket(0, 0), RACK_TX_NEW);
  s.onAck(0, 1000, 0xfffff0, 0xffffef, false);
  assert.is(s.lostPackets(0), 0);
  assert.is(s.lostPsn(0, 0xfffff0), false);
  assert.is(s.inRecovery(0), false);
});

test("flow 1 with two bitmap words a row: a resend delivered cumulatively stays out of min_RTT (step 1, Karn)", () => {
  // windowPackets 64. PSN 0 at 0, PSN 1 at 10; SACK of 1 at 1000: min_RTT = SRTT = 990, reo_wnd =
  // min(⌊990 / 4⌋, 990) = 247. PSN 0 due 0 + 990 + 247 = 1237: the reordering timer marks it lost.
  const s = scheduled(4, 0, { windowPackets: 64, minRtoNs: 1000 });
  s.nextPacket(1, 0);
  s.nextPacket(1, 10);
  s.onAck(1, 1000, 0, 1, false);
  assert.is(s.minRttNs(1), 990);
  assert.is(s.onTimer(1, 1237), RACK_TIMER_REORDER);
  assert.is(s.nextPacket(1, 1300), RACK_TX_RETRANSMIT); // PSN 0 again at 1300
  // 1350: cum 2 (PSN 0's resend arrived): retransmitted, so no RTT measurement (50 ns would be one).
  s.onAck(1, 1350, 2, 0, false);
  assert.is(s.minRttNs(1), 990);
});

test("flow 1 with two bitmap words a row: a probe that resends the highest PSN counts as a retransmission, so its ACK gives no RTT sample (Karn)", () => {
  // windowPackets 64. PSN 0 sent at 0, ACKed at 1000: SRTT 1000, the one sample. PSN 1, the last
  // posted, at 1100; at the PTO's expiry nothing new is left, so the probe resends PSN 1 (§7.3).
  const s = sampled(2, 1000, { windowPackets: 64 });
  assert.is(s.nextPacket(1, 1100), RACK_TX_NEW);
  const pto = s.deadlineNs(1);
  assert.is(s.onTimer(1, pto), RACK_TIMER_PROBE);
  assert.is(s.nextPacket(1, pto), RACK_TX_PROBE);
  assert.is(s.out[2], 1, "the probe is PSN 1 again");
  // The ACK of PSN 1, 300 ns after the probe: the packet went twice, so no sample; SRTT stays 1000
  // (a sample of 300 would give 1000 + ⌊(300 − 1000) / 8⌋ = 912).
  s.onAck(1, pto + 300, 2, 1, false);
  assert.is(s.srttNs(1), 1000);
});

test("a send more than 2^31 ns after the RTO started reads that age unsigned: the RTO has expired, so the PTO it arms is due at once (§7.2 capped at the RTO)", () => {
  // SRTT 1000, RTO 3000 (minRtoNs 1000: 1000 + 4 × 500). PSN 1 at 2000 starts the RTO. PSN 2 goes
  // 2^31 + 5 ns later (a caller late past half the tick range; ages are unsigned, lib/core/ticks.ts):
  // the RTO, still running from 2000, expired long ago, so the PTO armed now is capped at 0 ns left.
  const s = sampled(4, 1000);
  assert.is(s.nextPacket(1, 2000), RACK_TX_NEW);
  const late = 2000 + 2 ** 31 + 5;
  assert.is(s.nextPacket(1, late), RACK_TX_NEW);
  // Due at once: onTimer in the same tick finds the PTO expired (an RTT sample since the start, no probe in flight).
  assert.is(s.onTimer(1, late), RACK_TIMER_PROBE);
});

test.run();
