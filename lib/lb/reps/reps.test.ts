import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { ECN, GOOD, NACK, TIMEOUT } from "../feedback";
import { REPS_CACHED, REPS_FREEZE, REPS_UNFREEZE, Reps } from "./reps";

const BIG = 65536;

function cache(t: Reps, slot: number, now: number, evs: number[]): void {
  for (const ev of evs) assert.is(t.onPathFeedback(slot, now, ev, GOOD) & REPS_CACHED, REPS_CACHED);
}

test("state is 26 bytes per connection (paper Table 1: 193 bits ≈ 25 B, plus our open flag)", () => {
  assert.is(Reps.bytesPerFlow, 26);
});

test("a new connection explores: random EVs from the EV space while nothing is cached", () => {
  const t = new Reps({ evCount: 64, seed: 5 }, 1);
  t.open(0);
  const seen = new Set<number>();
  for (let i = 0; i < 2000; i++) {
    const ev = t.choosePath(0, i, i);
    assert.ok(ev >= 0 && ev < 64);
    seen.add(ev);
  }
  assert.is(seen.size, 64);
});

test("Alg. 1–2: unmarked ACKs recycle, each cached EV is used once, oldest first", () => {
  const t = new Reps({ evCount: BIG }, 1);
  t.open(0);
  cache(t, 0, 1, [100, 101, 102]);
  assert.is(t.onPathFeedback(0, 2, 103, ECN), 0, "ECN: not cached");
  assert.is(t.onPathFeedback(0, 2, 104, NACK), 0, "NACK: not cached");
  assert.is(t.validCount(0), 3);
  assert.equal([t.choosePath(0, 3, 0), t.choosePath(0, 3, 1), t.choosePath(0, 3, 2)], [100, 101, 102]);
  assert.is(t.validCount(0), 0);
  // Nothing valid, not frozen: explore again (a random EV is almost never one of ours).
  const ev = t.choosePath(0, 4, 3);
  assert.ok(ev !== 100 && ev !== 101 && ev !== 102);
});

test("the ring keeps the 8 most recent good EVs: a 9th overwrites the oldest", () => {
  const t = new Reps({}, 1);
  t.open(0);
  cache(t, 0, 1, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.is(t.validCount(0), 8);
  assert.is(t.writtenCount(0), 8);
  assert.is(t.headIndex(0), 1);
  assert.is(t.cached(0, 0), 9);
  const out: number[] = [];
  for (let i = 0; i < 8; i++) out.push(t.choosePath(0, 2, i));
  assert.equal(out, [2, 3, 4, 5, 6, 7, 8, 9]);
});

test("a timeout with trimming freezes for freezeTimeoutNs; not while exploring, not twice", () => {
  const t = new Reps({ freezeTimeoutNs: 1000, explorePackets: 16 }, 1);
  t.open(0);
  cache(t, 0, 0, [10, 11]);
  assert.is(t.onPathFeedback(0, 100, 12, TIMEOUT), REPS_FREEZE);
  assert.ok(t.frozen(0));
  assert.is(t.exitFreezeNs(0), 1100);
  assert.is(t.onPathFeedback(0, 200, 12, TIMEOUT), 0, "already frozen");
  // Paper: the exit is checked on unmarked ACKs, strictly after the exit time.
  assert.is(t.onPathFeedback(0, 1100, 13, GOOD), REPS_CACHED);
  assert.ok(t.frozen(0));
  assert.is(t.onPathFeedback(0, 1101, 14, ECN), 0, "ECN does not end freezing in the paper profile");
  assert.is(t.onPathFeedback(0, 1101, 14, GOOD), REPS_CACHED | REPS_UNFREEZE);
  assert.not.ok(t.frozen(0));
  assert.is(t.exploreCounter(0), 16);
  assert.is(t.onPathFeedback(0, 1200, 15, TIMEOUT), 0, "exploring: no freeze");
});

test("the smallest settings: one EV, a zero freeze time, no exploration after freezing", () => {
  const one = new Reps({ evCount: 1 }, 1);
  one.open(0);
  for (let i = 0; i < 50; i++) assert.is(one.choosePath(0, i, i), 0);
  assert.is(one.onPathFeedback(0, 60, 1, GOOD), E_STATE, "EV 1 is outside a one-EV space: never given (lib/lb/README)");
  // freezeTimeoutNs 0: frozen at t = 100, the exit (strictly after 100 + 0) at the next unmarked
  // ACK after that; explorePackets 0: nothing explores, so the next timeout freezes again.
  const t = new Reps({ freezeTimeoutNs: 0, explorePackets: 0 }, 1);
  t.open(0);
  cache(t, 0, 0, [10]);
  assert.is(t.onPathFeedback(0, 100, 12, TIMEOUT), REPS_FREEZE);
  assert.is(t.exitFreezeNs(0), 100);
  assert.is(t.onPathFeedback(0, 100, 13, GOOD), REPS_CACHED);
  assert.is(t.onPathFeedback(0, 101, 14, GOOD), REPS_CACHED | REPS_UNFREEZE);
  assert.is(t.exploreCounter(0), 0);
  assert.is(t.onPathFeedback(0, 102, 15, TIMEOUT), REPS_FREEZE);
});

test("frozen (paper): valid entries first, then head cycles over the stale ones", () => {
  const t = new Reps({ freezeTimeoutNs: 1_000_000 }, 1);
  t.open(0);
  cache(t, 0, 0, [1, 2, 3, 4, 5, 6, 7, 8]);
  for (let i = 0; i < 6; i++) t.choosePath(0, 1, i); // uses 1 … 6
  t.onPathFeedback(0, 2, 99, TIMEOUT);
  assert.equal([t.choosePath(0, 3, 0), t.choosePath(0, 3, 1)], [7, 8]);
  // Nothing valid: cycle from head (0) over the stale entries, never a random EV.
  const out: number[] = [];
  for (let i = 0; i < 10; i++) out.push(t.choosePath(0, 4, i));
  assert.equal(out, [1, 2, 3, 4, 5, 6, 7, 8, 1, 2]);
  // Good ACKs still recycle while frozen, at the (moved) head.
  cache(t, 0, 5, [50]);
  assert.is(t.choosePath(0, 6, 0), 50);
});

test("frozen (artifact/uet-htsim 'cycle'): a pointer over the written entries, valid or not", () => {
  const t = new Reps({ profile: "artifact", freezeTimeoutNs: 1_000_000 }, 1);
  t.open(0);
  cache(t, 0, 0, [1, 2, 3]);
  t.choosePath(0, 1, 0); // FIFO: 1
  t.onPathFeedback(0, 2, 99, TIMEOUT);
  const out: number[] = [];
  for (let i = 0; i < 7; i++) out.push(t.choosePath(0, 3, i));
  assert.equal(out, [1, 2, 3, 1, 2, 3, 1]);
  assert.is(t.validCount(0), 0);
});

test("artifact/uet-htsim: the exit is checked on any feedback first, then the buffer is cleared", () => {
  const t = new Reps({ profile: "uec-htsim", freezeTimeoutNs: 1000 }, 1);
  assert.is(t.params.explorePackets, 16);
  assert.is(t.params.evCount, 64);
  t.open(0);
  cache(t, 0, 0, [1, 2, 3]);
  t.onPathFeedback(0, 10, 5, TIMEOUT);
  assert.is(t.onPathFeedback(0, 1011, 4, ECN), REPS_UNFREEZE);
  assert.is(t.writtenCount(0), 0);
  assert.is(t.validCount(0), 0);
  assert.is(t.exploreCounter(0), 16);
  // After the exit the good ACK that carried it is recycled into the cleared buffer.
  assert.is(t.onPathFeedback(0, 1012, 6, GOOD), REPS_CACHED);
  assert.is(t.validCount(0), 1);
});

test("post-freeze exploration: 'every-nth' (Alg. 2 literally) vs 'all' (the code bases)", () => {
  for (const [mode, randoms] of [["every-nth", 2], ["all", 16]] as const) {
    const t = new Reps({ exploreAfterFreeze: mode, explorePackets: 16, freezeTimeoutNs: 10, evCount: BIG, seed: 3 }, 1);
    t.open(0);
    t.onPathFeedback(0, 0, 7, TIMEOUT);
    t.onPathFeedback(0, 20, 7, GOOD); // exits; exploration window of 16 starts
    // One good ACK before each packet keeps a valid entry available, so only the exploration
    // branch can produce an EV that is not ours.
    const mine = new Set<number>([7]);
    let random = 0;
    for (let i = 0; i < 16; i++) {
      mine.add(1000 + i);
      t.onPathFeedback(0, 21, 1000 + i, GOOD);
      if (!mine.has(t.choosePath(0, 22, i))) random++;
    }
    assert.is(random, randoms, mode);
    assert.is(t.exploreCounter(0), 0);
  }
});

test("without trimming a timeout is a failure only after low RTTs (Appendix A, factor 1.65)", () => {
  const t = new Reps({ trimming: false, baseRttNs: 10_000 }, 2);
  t.open(0);
  t.open(1);
  assert.is(t.onPathFeedback(0, 1, 5, TIMEOUT), 0, "a timeout alone does not freeze");
  assert.not.ok(t.frozen(0));
  assert.is(t.onTimeoutRtt(0, 2, 5, 16_600), 0, "max RTT 16.6 µs ≥ 16.5 µs: congestion");
  assert.is(t.onTimeoutRtt(0, 3, 5, 16_400), REPS_FREEZE, "max RTT 16.4 µs < 16.5 µs: failure");
  const u = new Reps({ trimming: true }, 1);
  u.open(0);
  assert.is(u.onTimeoutRtt(0, 3, 5, 1e6), REPS_FREEZE, "with trimming every timeout is a failure");
});

test("failureRttFactor's range is (0, 1000]: a factor below 1 is accepted and scales the test, 0 refused", () => {
  // 0.5 × 10,000 ns = 5,000 ns: a timeout after a max RTT of 4,999 ns is a failure, 5,001 congestion.
  const t = new Reps({ trimming: false, baseRttNs: 10_000, failureRttFactor: 0.5 }, 1);
  t.open(0);
  assert.is(t.onTimeoutRtt(0, 1, 5, 5_001), 0);
  assert.is(t.onTimeoutRtt(0, 2, 5, 4_999), REPS_FREEZE);
  assert.throws(() => new Reps({ failureRttFactor: 0 }, 1), RangeError);
  assert.is(new Reps({ failureRttFactor: 1000 }, 1).params.failureRttFactor, 1000);
  assert.throws(() => new Reps({ failureRttFactor: 1000.5 }, 1), RangeError);
});

test("freezing: false never freezes", () => {
  const t = new Reps({ freezing: false }, 1);
  t.open(0);
  assert.is(t.onPathFeedback(0, 1, 5, TIMEOUT), 0);
  assert.not.ok(t.frozen(0));
});

test("bad input: unknown kind, EV outside the EV space, closed slot, NaN → error, counter, state unchanged", () => {
  const t = new Reps({ evCount: 1000 }, 2);
  t.open(0);
  cache(t, 0, 1, [1, 2]);
  const before = JSON.stringify(t.inspect(0));
  const cases: [number, number, number, number, number][] = [
    [0, 5, 1, 4, E_ARG],
    [0, 5, 1, -1, E_ARG],
    [0, 5, 1, NaN, E_ARG],
    [0, 5, 1, 0.5, E_ARG],
    [0, NaN, 1, GOOD, E_ARG],
    [0, 5, 1000, GOOD, E_STATE],
    [0, 5, -3, GOOD, E_ARG],
    [0, 5, 2.5, GOOD, E_ARG],
    [1, 5, 1, GOOD, E_SLOT],
    [2, 5, 1, GOOD, E_SLOT],
    [NaN, 5, 1, GOOD, E_SLOT],
  ];
  for (const [slot, now, ev, kind, want] of cases) assert.is(t.onPathFeedback(slot, now, ev, kind), want);
  assert.is(t.choosePath(0, Infinity, 0), E_ARG);
  assert.is(t.choosePath(1, 0, 0), E_SLOT);
  assert.is(t.onTimeoutRtt(0, 1, 1, NaN), E_ARG);
  assert.is(t.onTimeoutRtt(0, 1, 1, -5), E_ARG);
  assert.is(t.errors, cases.length + 4);
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.throws(() => new Reps({ profile: "nope" as never }), RangeError);
  assert.throws(() => new Reps({ explorePackets: 256 }), RangeError);
  assert.throws(() => new Reps({ frozenSelect: "cycle", clearOnUnfreeze: false }), RangeError);
  assert.throws(() => new Reps({ bogus: 1 } as never), RangeError);
});

test("seeded random events keep the invariants in every profile", () => {
  for (const profile of ["paper", "artifact", "uec-htsim"] as const) {
    const rng = new Xoshiro128(17);
    const t = new Reps({ profile, evCount: 50, freezeTimeoutNs: 3000, explorePackets: 20 }, 3);
    for (let s = 0; s < 3; s++) t.open(s);
    let now = 0;
    for (let i = 0; i < 100_000; i++) {
      now += rng.nextBelow(40);
      const s = rng.nextBelow(3);
      if (rng.nextBelow(2) === 0) {
        const ev = t.choosePath(s, now, i);
        assert.ok(ev >= 0 && ev < 50);
      } else {
        const k = rng.nextBelow(20);
        const kind = k < 12 ? GOOD : k < 16 ? ECN : k < 19 ? NACK : TIMEOUT;
        assert.ok(t.onPathFeedback(s, now, rng.nextBelow(50), kind) >= 0);
      }
      const st = t.inspect(s) as { valid: number; nValid: number; ring: number[] };
      let pop = 0;
      for (let b = 0; b < 8; b++) if (st.valid & (1 << b)) pop++;
      assert.is(st.nValid, pop, `${profile}: nValid = popcount(valid)`);
      assert.ok(t.writtenCount(s) <= 8 && t.exploreCounter(s) <= 20);
      if (t.frozen(s)) assert.ok(((t.exitFreezeNs(s) - now) | 0) <= 3000);
    }
    assert.is(t.errors, 0);
  }
});

/**
 * REPS recovering from a failed path. Tiny seeded model: 8 paths (EV = path), path 3 drops
 * everything; W packets in flight; a packet on a working path is acknowledged (GOOD) after the
 * RTT, one on path 3 times out after the RTO. Counts the packets sent to path 3 while frozen and
 * in total after the first freeze.
 */
test("REPS recovers from a failed path: once frozen, no packet goes to it; bounded afterwards", () => {
  for (const profile of ["paper", "artifact"] as const) {
    for (const seed of [1, 2, 3, 4]) {
      const FREEZE_NS = 100_000;
      const EXPLORE = 16;
      const t = new Reps({ profile, evCount: 8, freezeTimeoutNs: FREEZE_NS, explorePackets: EXPLORE, seed }, 1);
      t.open(0);
      const rng = new Xoshiro128(seed);
      const RTT = 2000;
      const RTO = 20_000;
      const W = 16;
      const FAILED = 3;
      const events: { t: number; ev: number; kind: number }[] = [];
      let now = 0;
      let psn = 0;
      let frozenSends = 0;
      let failedWhileFrozen = 0;
      let failedAfterFirstFreeze = 0;
      let freezes = 0;
      let total = 0;
      const send = () => {
        const ev = t.choosePath(0, now, psn++);
        total++;
        if (t.frozen(0)) frozenSends++;
        if (ev === FAILED) {
          if (t.frozen(0)) failedWhileFrozen++;
          if (freezes > 0) failedAfterFirstFreeze++;
          events.push({ t: now + RTO, ev, kind: TIMEOUT });
        } else {
          events.push({ t: now + RTT + rng.nextBelow(300), ev, kind: GOOD });
        }
      };
      for (let i = 0; i < W; i++) send();
      while (now < 2_000_000) {
        events.sort((a, b) => a.t - b.t);
        const e = events.shift() as { t: number; ev: number; kind: number };
        now = e.t;
        if (t.onPathFeedback(0, now, e.ev, e.kind) & REPS_FREEZE) freezes++;
        send();
      }
      assert.ok(freezes >= 1, "the failure was detected");
      assert.ok(frozenSends > 500, "packets were sent while frozen (about FREEZE_NS worth)");
      assert.is(failedWhileFrozen, 0, `${profile} seed ${seed}: frozen REPS never picks the failed path`);
      // Each freeze cycle ends with at most EXPLORE random packets (1/8 of them on path 3) plus
      // the packets of that window still in flight when the next timeout freezes again.
      assert.ok(failedAfterFirstFreeze <= freezes * (EXPLORE + W), `${failedAfterFirstFreeze} after ${freezes} freezes`);
      assert.ok(failedAfterFirstFreeze / total < 0.02, "OPS would send 1/8 of all packets there");
    }
  }
});

const MS = 1_000_000;
const TWO31 = 2 ** 31;

// A freeze exit read across an idle gap longer than 2^31 ns (found by review).
// notes/uec-nscc-reps-pds.md §1.3 Alg. 1: "if frozen and now > exitFreezingMode: frozen = false;
// exploreCounter = NUM_PKTS_CWND"; "Exit: fixed timeout ... then a short exploration burst".
// Frozen at t = 0 with FREEZING_TIMEOUT = 10 ms ⇒ exitFreezingMode = 10 ms. An unmarked ACK at
// t = 10 ms + 2^31 ns + 1 µs ≈ 2.158 s is "now > exitFreezingMode" ⇒ unfreeze (REPS_UNFREEZE) and
// exploreCounter = explorePackets. The same time is also what the module's own invariant says
// (reps.test.ts "seeded random events": a frozen flow has exit − now ≤ freezeTimeoutNs).
test("paper: an unmarked ACK 2.16 s after a 10 ms freeze ends freezing (Alg. 1 now > exit)", () => {
  const t = new Reps({ profile: "paper" }, 1);
  t.open(0);
  t.onPathFeedback(0, 0, 1, GOOD);
  t.onPathFeedback(0, 0, 2, GOOD);
  assert.is(t.onPathFeedback(0, 0, 9, TIMEOUT), REPS_FREEZE);
  // The flow goes idle (message done); the next message starts 2.158 s later.
  const now = 10 * MS + TWO31 + 1000;
  const r = t.onPathFeedback(0, now, 3, GOOD);
  assert.is(r, REPS_CACHED | REPS_UNFREEZE, "now (2.158 s) > exitFreezingMode (10 ms): unfreeze");
  assert.not.ok(t.frozen(0));
  assert.is(t.exploreCounter(0), 37);
});

// Same with the uet-htsim profile: notes/uec-htsim-reference.md §8 "if frozen and now > exit_time:
// frozen = false; clear the buffer; explore_counter = 16", evaluated on every feedback (here an
// ECN ACK). uet-htsim's time is 64-bit picoseconds, so no aliasing there.
test("uec-htsim: any feedback 2.16 s after a 10 ms freeze ends freezing (§8 now > exit_time)", () => {
  const t = new Reps({ profile: "uec-htsim" }, 1);
  t.open(0);
  t.onPathFeedback(0, 0, 1, GOOD);
  assert.is(t.onPathFeedback(0, 0, 9, TIMEOUT), REPS_FREEZE);
  const now = 10 * MS + TWO31 + 1000;
  assert.is(t.onPathFeedback(0, now, 3, ECN), REPS_UNFREEZE);
  assert.not.ok(t.frozen(0));
  assert.is(t.exploreCounter(0), 16);
  // Consequence while wrongly frozen: choosePath keeps cycling the one stale EV instead of exploring.
});

// REPS_CACHED only for an EV that is in the buffer (freezeExitCheck "good" with
// clearOnUnfreeze true; README: "Every option can be set alone").
// reps.ts:226 documents REPS_CACHED as "the EV was recycled into the buffer (Alg. 1)". With the
// paper's order (recycle, then exit test; notes §1.3 Alg. 1) followed by the clear, the EV is gone,
// so either the return must not carry REPS_CACHED or the EV must still be cached. Expected here:
// the flag and the state agree (validCount ≥ 1 whenever REPS_CACHED is returned).
test("good exit + clearOnUnfreeze: REPS_CACHED means the EV is in the buffer", () => {
  const t = new Reps({ freezeExitCheck: "good", clearOnUnfreeze: true, freezeTimeoutNs: 100 }, 1);
  t.open(0);
  t.onPathFeedback(0, 0, 1, GOOD);
  assert.is(t.onPathFeedback(0, 0, 9, TIMEOUT), REPS_FREEZE);
  const r = t.onPathFeedback(0, 200, 42, GOOD);
  assert.ok((r & REPS_UNFREEZE) !== 0);
  assert.is(t.validCount(0), 0); // the exit cleared the ring, the new EV included
  assert.is(r & REPS_CACHED, 0);
});

// The ring reader `cached(slot, i)` (listed in Reps.api, so callable from vectors) returns
// undefined for a non-integer index. DESIGN.md rule 7: out-of-range arguments get "a defined
// result"; the module's own vector closed-slot-readers.json reads −1 outside the ring 0 … 7.
test("cached(slot, 1.5) is −1 like any other index outside 0 … 7", () => {
  const t = new Reps({}, 1);
  t.open(0);
  t.onPathFeedback(0, 0, 5, GOOD);
  assert.is(t.cached(0, 1.5), -1);
});

test("decision counters: a flow frozen before any EV was cached draws at random, counted random, not stale (review rev-d4)", () => {
  // Alg. 2: with nothing ever cached there is nothing stale to reuse. One packet, a timeout
  // (trimming: a failure, freeze), five more packets: six random EVs, one freeze.
  const t = new Reps({ freezeTimeoutNs: 1_000_000 }, 1);
  t.open(0);
  t.choosePath(0, 0, 0);
  assert.is(t.onPathFeedback(0, 1, 7, TIMEOUT), REPS_FREEZE);
  for (let i = 1; i <= 5; i++) t.choosePath(0, 1 + i, i);
  assert.equal([t.evsRandom, t.evsExplored, t.evsRecycled, t.evsStale, t.freezes], [6, 0, 0, 0, 1]);
});

test("decision counters: each choosePath counts once as random, explored, recycled or stale; freezes and exits count", () => {
  const counts = (t: Reps) => [t.evsRandom, t.evsExplored, t.evsRecycled, t.evsStale, t.freezes, t.unfreezes];
  // Paper profile, stale cycle: 3 EVs while nothing is cached (random 3); 8 cached, 6 used
  // (recycled 6); a timeout freezes (freezes 1); 2 valid left (recycled 8); 10 more with nothing
  // valid, frozen (stale 10); one more good ACK recycled and used (recycled 9).
  const t = new Reps({ freezeTimeoutNs: 1_000_000 }, 1);
  t.open(0);
  for (let i = 0; i < 3; i++) t.choosePath(0, 0, i);
  cache(t, 0, 0, [1, 2, 3, 4, 5, 6, 7, 8]);
  for (let i = 0; i < 6; i++) t.choosePath(0, 1, i);
  t.onPathFeedback(0, 2, 99, TIMEOUT);
  for (let i = 0; i < 12; i++) t.choosePath(0, 3, i);
  cache(t, 0, 5, [50]);
  t.choosePath(0, 6, 0);
  assert.equal(counts(t), [3, 0, 9, 10, 1, 0]);
  // The exit: a good ACK after exit = 2 + 1,000,000 (unfreezes 1) opens a window of
  // explorePackets = ceil(150,000 / 4,096) = 37 packets. "every-nth" draws at random when the
  // counter, decremented, is a multiple of 8: before packets with counter 33, 25, 17, 9, 1
  // (explored 5); the window's other 32 packets and the one after it take the EV just cached,
  // one good ACK before each (recycled 9 + 32 + 1 = 42).
  cache(t, 0, 1_000_003, [60]);
  assert.is(t.exploreCounter(0), 37);
  t.choosePath(0, 1_000_004, 0);
  for (let k = 0; k < 37; k++) {
    cache(t, 0, 1_000_005, [200 + k]);
    t.choosePath(0, 1_000_006, k);
  }
  assert.equal(counts(t), [3, 5, 42, 10, 1, 1]);
  // frozenSelect "cycle" (artifact): cached 1, 2, 3; the FIFO uses 1 (recycled 1); frozen, the
  // pointer takes entry 0 (used: stale), 1 and 2 (valid: recycled 3), then 1, 2, 3, 1 (stale 5).
  const c = new Reps({ profile: "artifact", freezeTimeoutNs: 1_000_000 }, 1);
  c.open(0);
  cache(c, 0, 0, [1, 2, 3]);
  c.choosePath(0, 1, 0);
  c.onPathFeedback(0, 2, 99, TIMEOUT);
  for (let i = 0; i < 7; i++) c.choosePath(0, 3, i);
  assert.equal(counts(c), [0, 0, 3, 5, 1, 0]);
  // Rejected calls count nowhere but errors.
  c.choosePath(5, 4, 0);
  c.onPathFeedback(0, 4, 1 << 20, GOOD);
  assert.equal(counts(c), [0, 0, 3, 5, 1, 0]);
  assert.is(c.errors, 2);
});

test.run();
