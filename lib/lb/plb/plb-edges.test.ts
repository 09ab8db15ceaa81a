// Boundaries of PLB that plb.test.ts passed over (found by the mutation pass,
// docs/mutation-testing.md): the idle rule at exactly M congested rounds and at exactly 0 packets
// in flight, idleRehashRounds 0 (off) and 1, and the default of no pause after a timeout, where a
// congested round ending in the timeout's nanosecond re-paths at once.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ECN, GOOD, TIMEOUT } from "../feedback";
import { PLB_CONGESTED_ROUND, PLB_REPATH, PLB_ROUND_END, Plb } from "./plb";

/** A flow on slot 0 with `rounds` congested rounds of roundNs, fed back from t = 0 before any send. */
function congested(params: Record<string, unknown>, roundNs: number, rounds: number): Plb {
  const t = new Plb({ roundNs, rehashRounds: 50, ...params }, 1);
  t.open(0);
  for (let k = 0; k <= rounds; k++) t.onPathFeedback(0, k * roundNs, t.ev(0), ECN);
  assert.is(t.congestedRounds(0), rounds);
  return t;
}

test("the idle rule at its edges: M − 1 congested rounds keep the EV, M re-path; 1 packet in flight keeps it, 0 re-paths", () => {
  const t = congested({ idleRehashRounds: 2 }, 100, 1); // count 1, the last round judged at 100, to 200
  const ev0 = t.ev(0);
  assert.is(t.choosePath(0, 1000, 0), ev0, "nothing in flight, count 1 < M = 2");
  t.onPathFeedback(0, 1100, ev0, ECN); // the round to 200 judged: 1 of 1 marked, count 2; 0 in flight
  assert.is(t.congestedRounds(0), 2);
  const ev1 = t.choosePath(0, 1101, 1);
  assert.is.not(ev1, ev0, "nothing in flight, count 2 = M");
  assert.is(t.congestedRounds(0), 0);

  const u = congested({ idleRehashRounds: 2 }, 100, 2); // count 2, the last round judged at 200, to 300
  const u0 = u.ev(0);
  const u1 = u.choosePath(0, 250, 0); // nothing in flight, count 2 = M: re-path (a flow's first send too)
  assert.is.not(u1, u0);
  u.onPathFeedback(0, 300, u1, ECN); // the round to 300 judged: 1 of 1 marked, count 1; 0 in flight
  assert.is(u.choosePath(0, 301, 1), u1, "count 1 < M");
  assert.is(u.choosePath(0, 302, 2), u1, "count 1 < M, 1 in flight");
  u.onPathFeedback(0, 400, u1, ECN); // the round to 400 judged, count 2; 1 in flight
  assert.is(u.packetsInFlight(0), 1);
  assert.is(u.choosePath(0, 401, 3), u1, "count 2 = M, but 1 packet in flight");
});

test("idleRehashRounds 0 turns the idle rule off; 1 re-paths a flow with nothing in flight after one congested round", () => {
  const off = congested({ idleRehashRounds: 0 }, 100, 1);
  const ev0 = off.ev(0);
  assert.is(off.choosePath(0, 1000, 0), ev0, "count 1 ≥ 0, nothing in flight: the rule is off");
  off.onPathFeedback(0, 1001, ev0, ECN);
  assert.is(off.choosePath(0, 5000, 1), ev0);

  const one = congested({ idleRehashRounds: 1 }, 100, 1);
  const ev1 = one.ev(0);
  assert.is.not(one.choosePath(0, 1000, 0), ev1);
});

test("by default a timeout pauses nothing: a congested round judged in the same nanosecond re-paths", () => {
  const t = new Plb({ roundNs: 100, rehashRounds: 1 }, 1);
  t.open(0);
  t.onPathFeedback(0, 0, t.ev(0), ECN);
  assert.is(t.onPathFeedback(0, 100, t.ev(0), TIMEOUT), PLB_REPATH);
  const ev1 = t.ev(0);
  assert.ok((t.onPathFeedback(0, 100, ev1, ECN) & PLB_REPATH) !== 0);
  assert.is.not(t.ev(0), ev1);
});


// A flow idle for 2^31 ns or more: its round end and its pause lie in the past, though read
// signed they look up to 2^31 ns ahead (lib/core/ticks.ts). Linux PLB's round is one RTT and its
// pause a fixed time after the RTO, both long over when the flow comes back.
const LONG_IDLE_NS = 2 ** 31 + 10_000;

test("after a 2^31 ns idle gap the next feedback ends the round", () => {
  const t = new Plb({ roundNs: 1000 }, 1);
  t.open(0);
  assert.is(t.onPathFeedback(0, 0, t.ev(0), ECN), 0, "the first feedback starts a round ending at 1000");
  // The round ended 2^31 + 9000 ns ago: signed, (now − 1000) | 0 < 0 read it as 2^31 − 9000 ahead.
  assert.is(t.onPathFeedback(0, LONG_IDLE_NS, t.ev(0), ECN) & PLB_ROUND_END, PLB_ROUND_END);
  assert.is(t.errors, 0);
});

test("a pause after a timeout is over 2^31 ns later: the congested round re-paths", () => {
  const t = new Plb({ roundNs: 1000, rehashRounds: 1, suspendAfterTimeoutNs: 5000 }, 1);
  t.open(0);
  t.onPathFeedback(0, 0, t.ev(0), ECN);
  assert.is(t.onPathFeedback(0, 1, t.ev(0), TIMEOUT), PLB_REPATH, "paused until 5001");
  const ev = t.ev(0);
  // Two congested rounds long after the pause ended (each all ECN, so congested, and with
  // rehashRounds 1 each one re-paths unless paused).
  let r = t.onPathFeedback(0, LONG_IDLE_NS, ev, ECN);
  r |= t.onPathFeedback(0, LONG_IDLE_NS + 1000, t.ev(0), ECN);
  assert.is(r & PLB_REPATH, PLB_REPATH);
  assert.is.not(t.ev(0), ev);
});

test("the idle rule past a pause 2^31 ns old re-paths on the next send", () => {
  const t = new Plb({ roundNs: 1000, rehashRounds: 5, idleRehashRounds: 1, suspendAfterTimeoutNs: 5000 }, 1);
  t.open(0);
  t.choosePath(0, 0, 0);
  t.onPathFeedback(0, 0, t.ev(0), ECN);
  t.onPathFeedback(0, 1000, t.ev(0), ECN); // one congested round (below rehashRounds 5)
  t.onPathFeedback(0, 1001, t.ev(0), TIMEOUT); // re-path, pause until 6001; rounds restart at 0
  t.onPathFeedback(0, 2000, t.ev(0), ECN); // a congested round, judged while paused
  assert.is(t.congestedRounds(0), 1);
  const ev = t.ev(0);
  assert.is.not(t.choosePath(0, LONG_IDLE_NS, 1), ev, "nothing in flight with a congested round behind it, pause long over");
});

// Linux tcp_plb_check_rehash clears pause_until once its end has come, for the idle rehash as for
// the forced one. Found in review: the idle rule re-pathed at the end but left the pause armed, and
// a 32-bit end read against its lead (lib/core/ticks.ts) is ahead again 2^32 ns after it was set.
test("an idle re-path past the pause's end lifts the pause: 2^32 ns later the idle rule is not held", () => {
  // roundNs 100, N = 50, M = 1, S = 1000 without jitter: lead L = S = 1000, and an end has come
  // when ((end − now − 1) mod 2^32) ≥ L.
  const t = new Plb({ roundNs: 100, rehashRounds: 50, idleRehashRounds: 1, suspendAfterTimeoutNs: 1000, suspendJitter: false }, 1);
  t.open(0);
  assert.is(t.onPathFeedback(0, 0, t.ev(0), TIMEOUT), PLB_REPATH); // re-path, pause end 0 + 1000 = 1000
  const ev1 = t.ev(0);
  assert.is(t.onPathFeedback(0, 1, ev1, ECN), 0); // opens a round, end 101
  // At 101: round end (101 − 101 − 1) mod 2^32 = 2^32 − 1 ≥ 100 → judged: 2 of 2 marked, 512 ≥ 256,
  // count 1. Pause end (1000 − 101 − 1) = 898 < 1000 → holds, but count 1 < N: nothing held. Next end 201.
  assert.is(t.onPathFeedback(0, 101, ev1, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND);
  // At 1500: 0 in flight, count 1 ≥ M; pause end (1000 − 1500 − 1) mod 2^32 = 2^32 − 501 ≥ 1000 →
  // come: idle re-path (idle 1), count 0, and the pause is lifted; 1 in flight.
  const ev2 = t.choosePath(0, 1500, 0);
  assert.is.not(ev2, ev1);
  assert.equal([t.congestedRounds(0), t.repathsIdle, t.repathsHeld], [0, 1, 0]);
  // At 2^32 + 100 (tick 100): 0 in flight; round end (201 − 100 − 1) = 100 ≥ 100 → judged: 1 of 1
  // marked, count 1 < N. (Still armed, the pause would read (1000 − 100 − 1) = 899 < 1000 ahead.)
  assert.is(t.onPathFeedback(0, 2 ** 32 + 100, ev2, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND);
  assert.is(t.packetsInFlight(0), 0);
  // At 2^32 + 200 (tick 200): 0 in flight, count 1 ≥ M, no pause → idle re-path (idle 2), count 0.
  // The old code read the stale end (1000 − 200 − 1) = 799 < 1000 as ahead: held 1, EV ev2, count 1.
  assert.is.not(t.choosePath(0, 2 ** 32 + 200, 1), ev2);
  assert.equal([t.congestedRounds(0), t.repathsIdle, t.repathsHeld], [0, 2, 0]);
});

// README table, "congested round": with congestedAbove (the REPS artifact's `>`) a round is
// congested when congested × 256 > ⌈256K⌉ × delivered, i.e. congested × 256 ≥ ⌈256K⌉ × delivered + 1.
// Every other test had K = 0 or K = 0.5 (128 × delivered, a multiple of 128), where the fraction
// is never 1/256 of a packet above K; at K = 1/256 and 255 packets it is.
test("congestedAbove at K = 1/256: 1 marked of 255 is above K (congested), 1 of 256 is exactly K (clean)", () => {
  /** A round of `n` feedbacks, the first ECN, judged by the n-th (which counts in it). */
  const judge = (n: number): number => {
    const t = new Plb({ congestionThreshold: 1 / 256, congestedAbove: true, roundNs: 1000, rehashRounds: 50 }, 1);
    t.open(0);
    const ev = t.ev(0);
    assert.is(t.onPathFeedback(0, 0, ev, ECN), 0); // opens the round, to 1000; 1 of 1 marked
    for (let i = 1; i < n - 1; i++) assert.is(t.onPathFeedback(0, i, ev, GOOD), 0);
    return t.onPathFeedback(0, 1000, ev, GOOD); // the n-th packet judges the round
  };
  // ⌈256 × 1/256⌉ = 1. 255 delivered, 1 marked: 1 × 256 = 256 ≥ 1 × 255 + 1 = 256 → congested
  // (1/255 > 1/256).
  assert.is(judge(255), PLB_ROUND_END | PLB_CONGESTED_ROUND, "1 of 255");
  // 256 delivered, 1 marked: 256 ≥ 1 × 256 + 1 = 257 fails → clean (1/256 is not above K).
  assert.is(judge(256), PLB_ROUND_END, "1 of 256");
});

// README "Exactly", TIMEOUT and choosePath: no idle re-path while the pause holds, and a pause's
// end counts as come at its own tick (tickDeadlineCame). Every earlier idle-rule-in-pause test
// sent at an odd tick or had an even end; here the end is odd (1 + 1000) and the send one tick
// before it is even, where a time read as `nowNs | 1` would reach the end.
test("the idle rule is held at an even tick one short of an odd pause end, and re-paths at the end", () => {
  // roundNs 100, N = 50, M = 1, S = 1000 without jitter (lead L = 1000).
  const t = new Plb({ roundNs: 100, rehashRounds: 50, idleRehashRounds: 1, suspendAfterTimeoutNs: 1000, suspendJitter: false }, 1);
  t.open(0);
  assert.is(t.onPathFeedback(0, 1, t.ev(0), TIMEOUT), PLB_REPATH); // pause end 1 + 1000 = 1001
  const ev = t.ev(0);
  assert.is(t.onPathFeedback(0, 2, ev, ECN), 0); // opens a round, to 102
  // At 102: 2 of 2 marked, 512 ≥ 128 × 2 = 256: congested, count 1 (< N: nothing held).
  assert.is(t.onPathFeedback(0, 102, ev, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND);
  assert.is(t.packetsInFlight(0), 0);
  // At 1000: 0 in flight, count 1 ≥ M; pause end (1001 − 1000 − 1) = 0 < L → holds: held 1.
  assert.is(t.choosePath(0, 1000, 0), ev);
  assert.equal([t.congestedRounds(0), t.repathsIdle, t.repathsHeld], [1, 0, 1]);
  // At 1001: the round to 202 judged: 1 of 1 marked, count 2; the pause's end has come.
  assert.is(t.onPathFeedback(0, 1001, ev, ECN), PLB_ROUND_END | PLB_CONGESTED_ROUND);
  assert.is.not(t.choosePath(0, 1001, 1), ev, "0 in flight, count 2 ≥ M, the pause over at 1001");
  assert.equal([t.congestedRounds(0), t.repathsIdle, t.repathsHeld], [0, 1, 1]);
});

test.run();
