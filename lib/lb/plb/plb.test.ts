import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { ECN, GOOD, NACK, TIMEOUT } from "../feedback";
import { PLB_CONGESTED_ROUND, PLB_REPATH, PLB_ROUND_END, Plb } from "./plb";

/** One round of `n` feedbacks of which `marked` are ECN, then the first feedback of the next round. */
function round(t: Plb, start: number, n: number, marked: number): number {
  const ev = t.ev(0);
  for (let i = 0; i < n; i++) assert.is(t.onPathFeedback(0, start + i, ev, i < marked ? ECN : GOOD), 0);
  return t.onPathFeedback(0, start + 1000, ev, GOOD);
}

test("Linux profile: a round is congested at ≥ 50 % marks; 12 in a row re-path; a clean round resets", () => {
  const t = new Plb({ roundNs: 1000 }, 1);
  t.open(0);
  const ev0 = t.ev(0);
  assert.is(t.onPathFeedback(0, 0, ev0, GOOD), 0, "the first feedback starts the first round");
  // Judged at t = 1001 by a GOOD packet that still counts in it: 1 + 9 + 1 = 11 delivered, 5 marked.
  let r = round(t, 1, 9, 5);
  assert.is(r, PLB_ROUND_END, "5 of 11 < 50 %");
  r = round(t, 1001, 9, 6);
  assert.is(r, PLB_ROUND_END | PLB_CONGESTED_ROUND, "6 marked of 9 + the judging GOOD = 10 (≥ 50 %)");
  for (let k = 2; k < 12; k++) {
    r = round(t, 1 + k * 1000, 9, 9);
    assert.is(r, PLB_ROUND_END | PLB_CONGESTED_ROUND);
    assert.is(t.congestedRounds(0), k);
  }
  r = round(t, 12001, 9, 9);
  assert.is(r, PLB_ROUND_END | PLB_CONGESTED_ROUND | PLB_REPATH);
  assert.is.not(t.ev(0), ev0);
  assert.is(t.congestedRounds(0), 0);
  round(t, 13001, 9, 9);
  assert.is(t.congestedRounds(0), 1);
  round(t, 14001, 9, 0);
  assert.is(t.congestedRounds(0), 0, "a clean round resets the count");
});

test("reps-artifact: one congested packet of many makes a round congested, none leaves it clean", () => {
  // The artifact's uec.h declares `int plb_k = 0;`, so processEv_plb's `plb_k = 0.25` stores 0
  // and its test `plb_congested > plb_k * plb_delivered` is congested > 0 (found by review: the
  // profile had K = 0.25, so 1 marked of 21 read clean).
  const t = new Plb({ profile: "reps-artifact", roundNs: 1000 }, 1);
  assert.is(t.params.congestionThreshold, 0);
  t.open(0);
  const ev0 = t.ev(0);
  assert.is(t.onPathFeedback(0, 0, ev0, GOOD), 0, "the first feedback starts the first round");
  assert.is(round(t, 1, 19, 0), PLB_ROUND_END, "0 marked of 21: 0 > 0 fails");
  assert.is(round(t, 1001, 19, 1), PLB_ROUND_END | PLB_CONGESTED_ROUND, "1 marked of 21 > 0");
  assert.is(t.congestedRounds(0), 1);
  assert.is(round(t, 2001, 19, 0), PLB_ROUND_END, "a clean round resets the count");
  assert.is(t.congestedRounds(0), 0);
  assert.is(round(t, 3001, 19, 1), PLB_ROUND_END | PLB_CONGESTED_ROUND);
  assert.is(round(t, 4001, 19, 1), PLB_ROUND_END | PLB_CONGESTED_ROUND | PLB_REPATH, "2 rounds");
  assert.is.not(t.ev(0), ev0);
});

test("congestionThreshold 0 with ≥ makes every round congested (Linux tcp_plb_cong_thresh 0)", () => {
  // ip-sysctl.rst: "Setting threshold to 0 means that PLB repaths every RTT regardless of
  // congestion". The range was (0, 1] and refused it.
  const t = new Plb({ congestionThreshold: 0, rehashRounds: 1, roundNs: 100 }, 1);
  t.open(0);
  const ev0 = t.ev(0);
  t.onPathFeedback(0, 0, ev0, GOOD);
  const all = PLB_ROUND_END | PLB_CONGESTED_ROUND | PLB_REPATH;
  assert.is(t.onPathFeedback(0, 100, ev0, GOOD), all, "2 GOOD of 2: 0 ≥ 0");
  assert.is.not(t.ev(0), ev0);
  assert.throws(() => new Plb({ congestionThreshold: -1 / 256 }), RangeError);
  assert.throws(() => new Plb({ congestionThreshold: 1 + 1 / 256 }), RangeError);
});

test("NACKs count as congestion; TIMEOUT re-paths at once and can pause congestion re-paths", () => {
  const t = new Plb({ profile: "reps-artifact", roundNs: 100, suspendAfterTimeoutNs: 10_000, suspendJitter: false }, 1);
  t.open(0);
  const ev0 = t.ev(0);
  assert.is(t.onPathFeedback(0, 0, ev0, TIMEOUT), PLB_REPATH);
  const ev1 = t.ev(0);
  assert.is.not(ev1, ev0);
  t.onPathFeedback(0, 1, ev1, NACK);
  // Two congested rounds (K = 0 strictly, re-path after 2) — but the pause holds until 10 000.
  let r = 0;
  for (let k = 1; k <= 4; k++) r |= t.onPathFeedback(0, k * 200, ev1, NACK);
  assert.is(r & PLB_REPATH, 0);
  assert.ok(t.congestedRounds(0) >= 2);
  assert.ok((t.onPathFeedback(0, 10_200, ev1, NACK) & PLB_REPATH) !== 0, "pause over");
});

// Linux tcp_plb_check_rehash: idle_rehash = idle_rehash_rounds && !packets_out &&
// consec_cong_rounds >= idle_rehash_rounds. Found in review: the rule took "no send for a round" for
// idle, and re-pathed flows with packets in flight (128-host permutation: 12 idle re-paths, none
// with 0 outstanding), which can reorder them.
test("the idle rule waits for nothing in flight: a send a round after the last, with a packet out, keeps the EV", () => {
  // roundNs 100, N = 50, M = 1, K = 0.5 (128/256).
  const t = new Plb({ roundNs: 100, rehashRounds: 50, idleRehashRounds: 1 }, 1);
  t.open(0);
  const ev0 = t.ev(0);
  for (let psn = 0; psn < 3; psn++) assert.is(t.choosePath(0, psn, psn), ev0); // count 0 < M; 3 in flight
  assert.is(t.onPathFeedback(0, 10, ev0, ECN), 0); // opens the round, to 110; 2 in flight
  // Judged at 110: 2 marked of 2, 2 × 256 = 512 ≥ 128 × 2 = 256: congested, count 1; 1 in flight.
  assert.is(t.onPathFeedback(0, 110, ev0, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND);
  assert.is(t.packetsInFlight(0), 1);
  // 498 ns after the last send (more than a round), count 1 ≥ M, but 1 packet in flight: kept.
  assert.is(t.choosePath(0, 500, 3), ev0);
  assert.is(t.congestedRounds(0), 1);
  assert.is(t.packetsInFlight(0), 2);
  assert.equal([t.repathsIdle, t.repathsHeld], [0, 0]);
});

test("the idle rule re-paths a send with nothing in flight and M congested rounds, however soon after the last send", () => {
  const t = new Plb({ roundNs: 100, rehashRounds: 50, idleRehashRounds: 1 }, 1);
  t.open(0);
  const ev0 = t.ev(0);
  assert.is(t.choosePath(0, 0, 0), ev0); // nothing in flight, but count 0 < M = 1; 1 in flight
  assert.is(t.onPathFeedback(0, 10, ev0, ECN), 0); // opens the round, to 110; 0 in flight
  assert.is(t.choosePath(0, 100, 1), ev0); // count still 0; 1 in flight
  // Judged at 110: 2 marked of 2 (512 ≥ 256): congested, count 1; 0 in flight.
  assert.is(t.onPathFeedback(0, 110, ev0, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND);
  assert.is(t.packetsInFlight(0), 0);
  // 20 ns after the last send (less than a round): nothing in flight and 1 ≥ M → re-path, count 0.
  assert.is.not(t.choosePath(0, 120, 2), ev0);
  assert.is(t.congestedRounds(0), 0);
  assert.is(t.packetsInFlight(0), 1);
  assert.equal([t.repathsIdle, t.repathsCongested], [1, 0]);
});

test("the pause after a timeout holds the idle re-path too (Linux tcp_plb_check_rehash)", () => {
  // Found in review: only the round-end re-path waited out the pause. roundNs 100, N = 50, M = 2,
  // a pause of exactly 1000 ns.
  const t = new Plb({ roundNs: 100, rehashRounds: 50, idleRehashRounds: 2, suspendAfterTimeoutNs: 1000, suspendJitter: false }, 1);
  t.open(0);
  assert.is(t.onPathFeedback(0, 0, t.ev(0), TIMEOUT), PLB_REPATH); // paused until 1000
  const ev = t.ev(0);
  for (const now of [1, 101, 201]) t.onPathFeedback(0, now, ev, ECN); // opens a round, then 2 congested
  assert.is(t.congestedRounds(0), 2);
  assert.is(t.choosePath(0, 300, 0), ev); // nothing in flight, 2 ≥ M, but paused: held 1; 1 in flight
  t.onPathFeedback(0, 400, ev, ECN); // the round to 301 judged: 1 of 1, count 3; 0 in flight
  assert.is(t.choosePath(0, 999, 1), ev); // paused 1 ns more: held 2
  // The round to 500 judged at 1000, count 4 < N; the pause's end has come, so it is lifted.
  assert.is(t.onPathFeedback(0, 1000, ev, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND);
  assert.is.not(t.choosePath(0, 1000, 2), ev); // nothing in flight, 4 ≥ M, no pause: re-path
  assert.equal([t.repathsIdle, t.repathsHeld], [1, 2]);
});

test("packets in flight: + 1 a send, − 1 a GOOD, ECN, NACK or TIMEOUT, never below 0", () => {
  for (const repathOnTimeout of [true, false]) {
    const t = new Plb({ roundNs: 100, repathOnTimeout }, 1);
    t.open(0);
    const ev = t.ev(0);
    for (let psn = 0; psn < 3; psn++) t.choosePath(0, psn, psn);
    assert.is(t.packetsInFlight(0), 3);
    const left: number[] = [];
    for (const kind of [GOOD, NACK, ECN, GOOD]) {
      t.onPathFeedback(0, 10, ev, kind);
      left.push(t.packetsInFlight(0));
    }
    assert.equal(left, [2, 1, 0, 0], "the fourth feedback answers a packet no longer counted");
    t.choosePath(0, 20, 3);
    t.choosePath(0, 21, 4);
    const after: number[] = [];
    for (let k = 0; k < 3; k++) {
      t.onPathFeedback(0, 30 + k, t.ev(0), TIMEOUT);
      after.push(t.packetsInFlight(0));
    }
    // UEC RUD times packets out one by one: each TIMEOUT answers one of the two (review rev-d6).
    assert.equal(after, [1, 0, 0], `TIMEOUTs, repathOnTimeout ${repathOnTimeout}`);
  }
  assert.is(new Plb({}, 2).packetsInFlight(1), -1, "a slot not open");
});

test("Linux draws each pause after a timeout from [suspend, 2 × suspend), and holds re-paths until exactly its end", () => {
  // tcp_plb_update_state_upon_rto: pause = suspend + get_random_u32_below(suspend).
  const S = 1000;
  const flows = 2000;
  const t = new Plb({ profile: "reps-artifact", roundNs: 100, suspendAfterTimeoutNs: S }, flows);
  const ends: number[] = [];
  for (let f = 0; f < flows; f++) {
    t.open(f);
    t.onPathFeedback(f, 0, t.ev(f), TIMEOUT);
    ends.push(t.inspect(f).pauseUntil as number);
  }
  assert.ok(Math.min(...ends) >= S && Math.max(...ends) < 2 * S, `pause ends in [${Math.min(...ends)}, ${Math.max(...ends)}]`);
  // Uniform: every tenth of the range holds about 200 of the 2000 (a binomial's ±5 σ is ±67).
  const tenths = new Array<number>(10).fill(0);
  for (const e of ends) tenths[Math.floor((e - S) / (S / 10))]++;
  for (const n of tenths) assert.ok(n > 133 && n < 267, `tenths ${tenths}`);
  // One flow, the same seed each time: its pause ends at e (1889 for seed 1). Every round is
  // all NACKs, so congested, and with rehashRounds 1 each one re-paths unless paused; a round
  // lasts 100 ns from the feedback that judged the last one.
  const paused = (): { u: Plb; e: number } => {
    const u = new Plb({ profile: "reps-artifact", roundNs: 100, rehashRounds: 1, suspendAfterTimeoutNs: S }, 1);
    u.open(0);
    u.onPathFeedback(0, 0, u.ev(0), TIMEOUT);
    u.onPathFeedback(0, 1, u.ev(0), NACK); // the first round, to 101
    return { u, e: u.inspect(0).pauseUntil as number };
  };
  const held = PLB_ROUND_END | PLB_CONGESTED_ROUND;
  const { u: early, e } = paused();
  assert.is(e, 1889);
  // At 101 the end lies 1788 ns ahead, more than S: only a deadline read against 2S − 1 holds.
  assert.is(early.onPathFeedback(0, 101, early.ev(0), NACK), held, "paused at 101");
  early.onPathFeedback(0, e - 101, early.ev(0), NACK); // the next round ends at e − 1
  assert.is(early.onPathFeedback(0, e - 1, early.ev(0), NACK), held, "paused at e − 1");
  const { u: onTime, e: again } = paused();
  assert.is(again, e, "the same seed draws the same pause");
  onTime.onPathFeedback(0, e - 100, onTime.ev(0), NACK); // the next round ends at e
  assert.is(onTime.onPathFeedback(0, e, onTime.ev(0), NACK), held | PLB_REPATH, "the pause is over at e");
});

test("the table counts rounds judged and congested, and re-paths by cause (congested rounds, idle, timeout, held by a pause)", () => {
  // K = 0.5 with ≥, N = 3, M = 1, rounds of 100 ns, a pause of exactly 1000 ns after a timeout.
  // Each line: the feedback that judges a round (ended, congested) and the congested-round count.
  const t = new Plb({ roundNs: 100, rehashRounds: 3, idleRehashRounds: 1, suspendAfterTimeoutNs: 1000, suspendJitter: false }, 2);
  t.open(0);
  t.open(1);
  const fb = (now: number, kind: number) => t.onPathFeedback(0, now, t.ev(0), kind);
  assert.is(fb(0, GOOD), 0); // opens the first round, to 100
  fb(100, ECN); // 1 marked of 2: 256 ≥ 128 × 2, congested (1, 1), count 1
  fb(200, ECN); // 1 of 1 (2, 2), count 2
  fb(300, GOOD); // 0 of 1: clean (3, 2), count 0
  fb(400, ECN); // (4, 3), count 1
  fb(500, ECN); // (5, 4), count 2
  assert.is(fb(600, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND | PLB_REPATH); // (6, 5), count 3 = N: congestion re-path 1
  t.choosePath(0, 600, 0); // nothing in flight, but count 0 < M: 1 in flight
  fb(700, ECN); // (7, 6), count 1; 0 in flight
  const ev = t.ev(0);
  assert.is.not(t.choosePath(0, 700, 1), ev); // nothing in flight, count 1 ≥ M: idle re-path 1
  assert.is(fb(750, TIMEOUT), PLB_REPATH); // timeout re-path 1, paused until 1750; no round judged; 0 in flight
  fb(800, ECN); // (8, 7), count 1 < N: nothing held
  fb(900, ECN); // (9, 8), count 2
  t.choosePath(0, 1000, 2); // nothing in flight, count 2 ≥ M, but paused: held 1
  assert.is(fb(1000, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND); // (10, 9), count 3 = N, paused: held 2
  fb(1100, ECN); // (11, 10), count stays at N, paused: held 3
  assert.is(fb(1750, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND | PLB_REPATH); // (12, 11), the pause ends at 1750: congestion re-path 2
  assert.is(t.onPathFeedback(1, 0, t.ev(1), TIMEOUT), PLB_REPATH); // the other flow: timeout re-path 2
  // Rejected calls count only in errors.
  assert.is(t.onPathFeedback(0, 1800, 65536, ECN), E_ARG);
  assert.is(t.choosePath(0, Number.NaN, 3), E_ARG);
  assert.equal(
    [t.roundsEnded, t.roundsCongested, t.repathsCongested, t.repathsIdle, t.repathsTimeout, t.repathsHeld],
    [12, 11, 2, 1, 2, 3],
  );
  // With repathOnTimeout false a TIMEOUT changes nothing, and counts nothing.
  const u = new Plb({ repathOnTimeout: false }, 1);
  u.open(0);
  assert.is(u.onPathFeedback(0, 0, u.ev(0), TIMEOUT), 0);
  assert.is(u.repathsTimeout, 0);
});

test("bad input → error, counter, state unchanged", () => {
  const t = new Plb({ evCount: 100 }, 2);
  t.open(0);
  t.onPathFeedback(0, 1, t.ev(0), ECN);
  const before = JSON.stringify(t.inspect(0));
  assert.is(t.onPathFeedback(0, 2, 100, GOOD), E_STATE);
  assert.is(t.onPathFeedback(0, 2, 1, 7), E_ARG);
  assert.is(t.onPathFeedback(0, NaN, 1, GOOD), E_ARG);
  assert.is(t.onPathFeedback(1, 2, 1, GOOD), E_SLOT);
  assert.is(t.choosePath(1, 2, 0), E_SLOT);
  assert.is(t.choosePath(0, NaN, 0), E_ARG);
  assert.is(t.errors, 6);
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.throws(() => new Plb({ congestionThreshold: -0.5 }), RangeError);
  assert.throws(() => new Plb({ profile: "x" as never }), RangeError);
  assert.is(Plb.bytesPerFlow, 25);
});

test("seeded random events: EV in range, counters bounded, re-path always changes the EV", () => {
  const rng = new Xoshiro128(8);
  const t = new Plb({ roundNs: 500, rehashRounds: 3, evCount: 1000 }, 4);
  for (let s = 0; s < 4; s++) t.open(s);
  let now = 0;
  for (let i = 0; i < 50_000; i++) {
    now += rng.nextBelow(30);
    const s = rng.nextBelow(4);
    const before = t.ev(s);
    if (rng.nextBelow(3) === 0) {
      const ev = t.choosePath(s, now, i);
      assert.ok(ev >= 0 && ev < 1000);
    } else {
      const r = t.onPathFeedback(s, now, before, rng.nextBelow(4));
      assert.ok(r >= 0);
      if (r & PLB_REPATH) assert.is.not(t.ev(s), before);
    }
    assert.ok(t.congestedRounds(s) <= 3);
  }
});

// Linux tcp_plb_update_state: a round with cong_ratio < K resets the count. A round may last up to
// 2^30 ns and hold more than 65,535 packets; 16-bit counts judged clean rounds congested (review).
const LONG_ROUND = 2 ** 30;

test("70 000 GOOD then 40 000 ECN in one round (36 % marked) is NOT a congested round at K = 0.5", () => {
  const t = new Plb({ roundNs: LONG_ROUND }, 1); // linux profile: K = 0.5
  t.open(0);
  const ev = t.ev(0);
  let now = 0;
  for (let i = 0; i < 70_000; i++) t.onPathFeedback(0, now++, ev, GOOD); // first one starts the round
  for (let i = 0; i < 40_000; i++) t.onPathFeedback(0, now++, ev, ECN);
  // The judging feedback counts in the round: delivered 110 001, marked 40 000 → 0.364 < 0.5.
  const r = t.onPathFeedback(0, LONG_ROUND, ev, GOOD);
  assert.is(r, PLB_ROUND_END, "expected a clean round (40000/110001 = 36 % < 50 %)");
  assert.is(t.congestedRounds(0), 0);
});

test("65 535 ECN then 70 000 GOOD (48 % marked) is NOT a congested round at K = 0.5", () => {
  const t = new Plb({ roundNs: LONG_ROUND }, 1);
  t.open(0);
  const ev = t.ev(0);
  let now = 0;
  for (let i = 0; i < 65_535; i++) t.onPathFeedback(0, now++, ev, ECN);
  for (let i = 0; i < 70_000; i++) t.onPathFeedback(0, now++, ev, GOOD);
  // delivered 135 536 (with the judging GOOD), marked 65 535 → 0.4835 < 0.5.
  const r = t.onPathFeedback(0, LONG_ROUND, ev, GOOD);
  assert.is(r & PLB_CONGESTED_ROUND, 0, "expected a clean round (65535/135536 = 48 % < 50 %)");
});

test.run();
