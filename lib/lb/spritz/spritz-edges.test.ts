// Boundaries of Spritz-Scout and -Spray that spritz.test.ts passed over (found by the mutation
// pass, docs/mutation-testing.md): the ECN rate exactly at its threshold (Alg. 2/3 bias only
// *above* it), the global timer lifting every block on its list and nothing else (one test had a
// single block), and the per-path readers of a closed flow.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ECN, GOOD, NACK, TIMEOUT } from "../feedback";
import { SpritzPaths } from "./paths";
import { SPRITZ_BIASED, SPRITZ_RESTORED, SpritzScout, SpritzSpray } from "./spritz";
import { FAR, SMALL, evs } from "./test-support";

test("an ECN rate exactly at the threshold does not bias; one step above it does", () => {
  // Gain 1/2 from a rate of 0: one mark gives (65535 − 0) >> 1 = 32767, the threshold
  // floor(32767/65536 × 65536) = 32767; a second mark gives 32767 + (32768 >> 1) = 49151.
  for (const Cls of [SpritzScout, SpritzSpray]) {
    const t = new Cls({ ...SMALL, ecnRateGain: 1 / 2, ecnRateThreshold: 32767 / 65536, minBiasFactor: 7, ecnThreshold: 13 }, 1);
    t.open(0, FAR);
    const [a] = evs(t, 0);
    assert.is(t.onPathFeedback(0, 1, a, ECN) & SPRITZ_BIASED, 0);
    assert.is(t.ecnRateQ16(0), 32767);
    assert.not.ok(t.biased(0));
    assert.ok((t.onPathFeedback(0, 2, a, ECN) & SPRITZ_BIASED) !== 0);
    assert.is(t.ecnRateQ16(0), 49151);
    assert.ok(t.biased(0));
  }
});

test("the global timer lifts every block on its list, and touches no other path's ECN count", () => {
  const t = new SpritzScout({ ...SMALL, restoreIntervalNs: 1000, ecnThreshold: 5 }, 1);
  t.open(0, FAR);
  const [a, b, c, d] = evs(t, 0);
  t.onPathFeedback(0, 10, a, TIMEOUT);
  t.onPathFeedback(0, 20, b, TIMEOUT);
  assert.ok(t.isBlocked(0, a) && t.isBlocked(0, b));
  assert.ok((t.onPathFeedback(0, 1010, c, GOOD) & SPRITZ_RESTORED) !== 0);
  assert.not.ok(t.isBlocked(0, a), "first on the list");
  assert.not.ok(t.isBlocked(0, b), "second on the list");
  assert.is(t.blockedPaths, 0);
  // A new epoch: b collects two marks while d is blocked and then restored.
  t.onPathFeedback(0, 1100, b, ECN);
  t.onPathFeedback(0, 1100, b, ECN);
  assert.is(t.ecnCount(0, b), 2);
  t.onPathFeedback(0, 1200, d, TIMEOUT);
  assert.ok((t.onPathFeedback(0, 2200, c, GOOD) & SPRITZ_RESTORED) !== 0);
  assert.not.ok(t.isBlocked(0, d));
  assert.is(t.ecnCount(0, b), 2, "b was on the list last epoch only");
});

test("one global timer (§IV-A: reset 'after a configurable interval (global timer)'): a block lasts anywhere in (0, restoreIntervalNs]", () => {
  // Interval 1,000 ns. A's timeout at t = 0 arms the timer (due at 0 + 1,000); b's at t = 999
  // finds it armed, so both are lifted at t = 1,000: a after 1,000 ns, b after 1 ns. The next
  // block (c at t = 1,500) arms it again, due at 2,500: c is still blocked at 2,499.
  const t = new SpritzScout({ ...SMALL, restoreIntervalNs: 1000 }, 1);
  t.open(0, FAR);
  const [a, b, c, d] = evs(t, 0);
  t.onPathFeedback(0, 0, a, TIMEOUT);
  t.onPathFeedback(0, 999, b, TIMEOUT);
  assert.ok(t.isBlocked(0, a) && t.isBlocked(0, b));
  assert.ok((t.onPathFeedback(0, 1000, d, GOOD) & SPRITZ_RESTORED) !== 0);
  assert.not.ok(t.isBlocked(0, b), "blocked at 999, lifted at 1,000");
  t.onPathFeedback(0, 1500, c, TIMEOUT);
  assert.is(t.onPathFeedback(0, 2499, d, GOOD) & SPRITZ_RESTORED, 0);
  assert.ok(t.isBlocked(0, c));
  assert.ok((t.onPathFeedback(0, 2500, d, GOOD) & SPRITZ_RESTORED) !== 0);
  assert.not.ok(t.isBlocked(0, c));
});

test("per-path readers of a closed flow answer −1 / false", () => {
  const t = new SpritzScout({ ...SMALL, ecnThreshold: 5 }, 1);
  t.open(0, FAR);
  const [a, b] = evs(t, 0);
  t.onPathFeedback(0, 1, a, ECN);
  t.onPathFeedback(0, 1, b, TIMEOUT);
  t.close(0);
  assert.is(t.ecnCount(0, a), -1);
  assert.is(t.pathClass(0, a), -1);
  assert.not.ok(t.isBlocked(0, b));
});

test("Spray under bufferOrder rtt stays Spray: its FIFO appends every GOOD path, duplicates included", () => {
  // bufferOrder applies to Scout's sorted buffer; a Spray table given it must not sort its ring.
  const t = new SpritzSpray({ ...SMALL, bufferOrder: "rtt", rttBucketNs: 1000 }, 1);
  assert.is(t.rttOrder, 0);
  t.open(0, FAR);
  const [a, b] = evs(t, 0);
  t.onPathFeedbackRtt(0, 1, b, GOOD, 9000);
  t.onPathFeedbackRtt(0, 2, a, GOOD, 1000);
  t.onPathFeedbackRtt(0, 3, b, GOOD, 2000);
  assert.equal([0, 1, 2].map((i) => t.buffered(0, i)), [b, a, b]);
  assert.is(new SpritzScout({ ...SMALL, bufferOrder: "rtt" }, 1).rttOrder, 1);
});

// The small Dragonfly's list to switch 13 (vector scout-buffer-order): EV 0 is 2/1 (latency
// class 4), 768 is 2/2 (class 7), 513 and 1 are 3/2 (class 8).
test("Scout by RTT: a GOOD without a sample is not cached; a path is one entry whatever class it comes back with", () => {
  const t = new SpritzScout({ ...SMALL, bufferOrder: "rtt", rttBucketNs: 1000 }, 1);
  t.open(0, FAR);
  // No RTT (plain onPathFeedback, or rttNs 0): no measured latency to order by (README, Choices).
  assert.is(t.onPathFeedback(0, 1, 768, GOOD), 0);
  assert.is(t.onPathFeedbackRtt(0, 2, 1, GOOD, 0), 0);
  assert.is(t.bufferSize(0), 0);
  assert.is(t.onPathFeedbackRtt(0, 3, 768, GOOD, 2500), 1, "768 at class 2");
  assert.is(t.onPathFeedbackRtt(0, 4, 1, GOOD, 1200), 1, "1 at class 1");
  assert.equal([t.buffered(0, 0), t.buffered(0, 1)], [1, 768]);
  assert.is(t.onPathFeedbackRtt(0, 5, 768, GOOD, 500), 0, "768 again, now at class 0: already there");
  assert.is(t.onPathFeedbackRtt(0, 6, 1, GOOD, 20_000), 0, "1 again, at class 14");
  assert.is(t.onPathFeedback(0, 7, 513, GOOD), 0, "513 without a sample");
  assert.is(t.bufferSize(0), 2);
  assert.equal([t.buffered(0, 0), t.buffered(0, 1)], [1, 768]);
});

test("Scout by RTT: each flow's duplicate test reads its own buffer (flow 1 caches a path flow 0 holds)", () => {
  const t = new SpritzScout({ ...SMALL, bufferOrder: "rtt", rttBucketNs: 1000 }, 2);
  t.open(0, FAR);
  t.open(1, FAR);
  assert.is(t.onPathFeedbackRtt(0, 1, 768, GOOD, 2500), 1);
  assert.is(t.onPathFeedbackRtt(1, 2, 1, GOOD, 1200), 1, "1 at class 1");
  assert.is(t.onPathFeedbackRtt(1, 3, 768, GOOD, 2500), 1, "768 at class 2: new to flow 1");
  assert.equal([t.buffered(1, 0), t.buffered(1, 1)], [1, 768]);
  assert.equal([t.bufferSize(0), t.buffered(0, 0)], [1, 768]);
});

test("Scout by RTT: class ⌊rtt / bucket⌋, from 1 ns up (classes 0, 2 and 3 keep their order)", () => {
  const t = new SpritzScout({ ...SMALL, bufferOrder: "rtt", rttBucketNs: 1000 }, 1);
  t.open(0, FAR);
  t.onPathFeedbackRtt(0, 1, 513, GOOD, 2500); // class 2
  t.onPathFeedbackRtt(0, 2, 1, GOOD, 3500); // class 3: after 513 though its EV is lower
  t.onPathFeedbackRtt(0, 3, 768, GOOD, 1); // class 0: ⌊1 / 1000⌋
  assert.equal([0, 1, 2].map((i) => t.buffered(0, i)), [768, 513, 1]);
});

test("onPathFeedbackRtt meets the global timer at its tick, not 1 ns before (odd deadline)", () => {
  const t = new SpritzScout({ ...SMALL, bufferOrder: "rtt", restoreIntervalNs: 1001 }, 1);
  t.open(0, FAR);
  const [a, b] = evs(t, 0);
  t.onPathFeedbackRtt(0, 10, a, TIMEOUT, 0); // blocks a, the timer is due at 1011
  assert.is(t.onPathFeedbackRtt(0, 1010, b, GOOD, 3000) & SPRITZ_RESTORED, 0);
  assert.ok(t.isBlocked(0, a));
  assert.ok((t.onPathFeedbackRtt(0, 1011, b, GOOD, 3000) & SPRITZ_RESTORED) !== 0);
  assert.not.ok(t.isBlocked(0, a));
});

test("a GOOD that takes the ECN rate exactly to the threshold lifts the bias", () => {
  // Gain 1/2 from 0: a mark gives 32767 (> 16384: biased); a GOOD gives 32767 − (32767 >> 1) =
  // 16384, the limit floor(0.25 × 65536) itself, which is not above it.
  const t = new SpritzScout({ ...SMALL, ecnRateGain: 1 / 2, ecnRateThreshold: 0.25, minBiasFactor: 7, ecnThreshold: 13 }, 1);
  t.open(0, FAR);
  const [a] = evs(t, 0);
  assert.ok((t.onPathFeedback(0, 1, a, ECN) & SPRITZ_BIASED) !== 0);
  t.onPathFeedback(0, 2, a, GOOD);
  assert.is(t.ecnRateQ16(0), 16384);
  assert.not.ok(t.biased(0));
});

test("Scout re-caches a path NACKed from the buffer's end (the freed place still holds its old key)", () => {
  const t = new SpritzScout(SMALL, 1);
  t.open(0, FAR);
  t.onPathFeedback(0, 1, 0, GOOD);
  t.onPathFeedback(0, 2, 768, GOOD);
  t.onPathFeedback(0, 3, 768, NACK);
  assert.is(t.bufferSize(0), 1);
  assert.is(t.onPathFeedback(0, 4, 768, GOOD), 1, "cached again");
  assert.equal([t.buffered(0, 0), t.buffered(0, 1)], [0, 768]);
});

test("SpritzPaths without wScale weighs by eq. (1) itself (wScale 1)", () => {
  const p = new SpritzPaths({ topology: "dragonfly", p: 4, a: 8, h: 4 });
  assert.is(p.wScale, 1);
  assert.is(p.weightQ16(500, 1500), 3 * 65536); // 1500 / 500
});

// ---------------------------------------------------------------------------------------------
// 1. ECN marks on a path that is blocked (after a TIMEOUT) but sits in a Scout buffer.
//
// Alg. 2 lines 18–21 (Timeout): ecn_counts[i] ← 0; remove EV; w[i] ← 0.
// Alg. 2 lines 2–5 (ACK no ECN): size < 8 and EV ∉ buffer → insert. Nothing tests w[i].
// Alg. 2 lines 7–12 (ACK ECN): ecn_counts[i] ← ecn_counts[i] + 1; if > ecn_threshold:
//   ecn_counts[i] ← 0 and remove EV from buffer. Nothing exempts a path with w[i] = 0.
// Table II: ECN threshold 8 (the default), so the 9th mark after the timeout (count 9 > 8)
// must remove the EV from buffer_paths.

test("Alg. 2 l.7-12: an ECN mark on a blocked path that a late GOOD re-cached drops it from Scout's buffer", () => {
  const t = new SpritzScout({ ...SMALL, exploreThreshold: 1000, minBiasFactor: 0 }, 1);
  assert.is(t.params.ecnThreshold, 8);
  t.open(0, FAR);
  const [a] = evs(t, 0);
  t.onPathFeedback(0, 1, a, TIMEOUT); // l.19–21: count 0, removed, w[a] = 0
  t.onPathFeedback(0, 2, a, GOOD); // l.3–4: an ACK of a packet sent before the timeout: cached
  assert.is(t.bufferSize(0), 1);
  // The nibble that would count the marks holds the block, so the first mark drops the path
  // (README): at or before the 9th, which Alg. 2 l.11 requires.
  t.onPathFeedback(0, 3, a, ECN);
  assert.is(t.bufferSize(0), 0);
});

test("Alg. 2 l.7-12: a path another flow timed out leaves this flow's buffer on an ECN mark", () => {
  // Flow 1 has a cached; flow 0 sees a TIMEOUT on a (blocks are shared per destination in
  // this code, §III-C metadata). Under either reading of ecn_counts (per flow, or shared and
  // reset by flow 0's timeout), flow 1's count for a is 0 and reaches 9 > 8 at the 9th mark.
  const t = new SpritzScout({ ...SMALL, exploreThreshold: 1000, minBiasFactor: 0 }, 2);
  t.open(0, FAR);
  t.open(1, FAR);
  const [a] = evs(t, 0);
  t.onPathFeedback(1, 1, a, GOOD);
  t.onPathFeedback(0, 2, a, TIMEOUT);
  assert.is(t.bufferSize(1), 1);
  t.onPathFeedback(1, 3, a, ECN);
  assert.is(t.bufferSize(1), 0, "flow 1 must not reuse a blocked path through ECN marks (Alg. 2 l.9: > 8 removes)");
});

// ---------------------------------------------------------------------------------------------
// 2. The global timer misses its deadline when the next event comes ≥ 2^31 ns after it.
//
// §IV-A (after Alg. 1): on a timeout "w_i is temporarily set to zero … This value is
// automatically reset back to the original value (Equation 1) after a configurable interval
// (global timer)". With restoreIntervalNs = 10 ms, a path blocked at t = 10 ns must have its
// eq. (1) weight back at t = 2.2 s. The ticks.ts remedy for an aliased deadline ("re-open the
// flow") does not apply: the blocks and the timer are table-wide, not per flow.

test("global timer: a block is lifted when the next event comes 2.2 s later (10 ms interval)", () => {
  const t = new SpritzScout({ ...SMALL, restoreIntervalNs: 10_000_000 }, 1);
  t.open(0, FAR);
  const [a, b] = evs(t, 0);
  t.onPathFeedback(0, 10, a, TIMEOUT);
  assert.ok(t.isBlocked(0, a));
  const r = t.onPathFeedback(0, 2_200_000_010, b, GOOD);
  assert.ok((r & SPRITZ_RESTORED) !== 0, `expected SPRITZ_RESTORED, got ${r}`);
  assert.not.ok(t.isBlocked(0, a), "2.2 s ≫ 10 ms: w[a] is back to eq. (1)");
});

test("global timer: a flow re-opened 2.2 s after a block samples the path again (uniform: ≈ 1/8)", () => {
  const t = new SpritzSpray({ ...SMALL, weighted: false, exploreThreshold: 0, restoreIntervalNs: 10_000_000 }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  t.onPathFeedback(0, 10, list[0], TIMEOUT);
  t.close(0);
  t.open(0, FAR);
  let hits = 0;
  const N = 8000;
  for (let k = 0; k < N; k++) if (t.choosePath(0, 2_200_000_000 + k, k) === list[0]) hits++;
  // gen(w) with w restored to eq. (1) (uniform: 1 each of 8): P = 1/8.
  assert.ok(Math.abs(hits / N - 1 / 8) < 0.02, `path 0 drawn ${hits} of ${N} times`);
});

// ---------------------------------------------------------------------------------------------
// 3. gen(w) with blocked paths is not weighted sampling over the remaining weights.
//
// §IV "Send Logic": "a path index i is sampled using a weighted random generator gen(w) based on
// the current state of the weight vector"; Alg. 2 l.21 / Alg. 3 l.8: w[i] ← 0 "to prevent
// further sampling". So with w_i = 0 for the blocked paths, P(j) = w_j / Σ_{unblocked} w.

test("gen(w): uniform weights, entries 0–5 blocked → entries 6 and 7 each with probability 1/2", () => {
  const t = new SpritzSpray({ ...SMALL, weighted: false, exploreThreshold: 0 }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  for (let i = 0; i < 6; i++) t.onPathFeedback(0, 1, list[i], TIMEOUT);
  let six = 0;
  let seven = 0;
  const N = 40_000;
  for (let k = 0; k < N; k++) {
    const ev = t.choosePath(0, 10, k);
    if (ev === list[6]) six++;
    else if (ev === list[7]) seven++;
  }
  assert.is(six + seven, N);
  assert.ok(Math.abs(six / N - 0.5) < 0.02, `P(6) = ${(six / N).toFixed(3)}, P(7) = ${(seven / N).toFixed(3)}; gen(w): 0.5 each`);
});

test("gen(w): biased flow whose entry 0 is blocked does not pour its traffic onto entry 1", () => {
  // Uniform weights (1 each, 8 paths), minBiasFactor 1000 (default). Entry 0 blocked by a timeout
  // while the ECN rate is > 90 %. Reading A (the block wins, w[0] = 0): P(entry 1) = 1/7.
  // Reading B (Alg. 2 l.24 overwrites w[0] ← 1000 after l.21): P(entry 1) = 1/1007.
  // Either way P(entry 1) < 0.2.
  const t = new SpritzSpray({ ...SMALL, weighted: false, exploreThreshold: 0, ecnRateGain: 1 / 4 }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  for (let k = 0; k < 40; k++) t.onPathFeedback(0, 10 + k, list[3], ECN);
  assert.ok(t.biased(0));
  t.onPathFeedback(0, 60, list[0], TIMEOUT);
  assert.ok(t.isBlocked(0, list[0]) && t.biased(0));
  let one = 0;
  const N = 20_000;
  for (let k = 0; k < N; k++) if (t.choosePath(0, 100, k) === list[1]) one++;
  assert.ok(one / N < 0.2, `P(entry 1) = ${(one / N).toFixed(3)}; gen(w) gives 1/7 (or 1/1007)`);
});

// Alg. 2/3 "ecn_rate > 90 %" with a threshold the parameters allow: a mark moves the Q16 rate by
// ⌊(65535 − rate) / 2^s⌋, which stops at 65536 − 2^s (64512 = 0.984375 at gain 1/1024), so a
// threshold at or above that could never be met, even under nothing but marks (review). Such a
// threshold is refused; one just below it is met.
test("an ECN-rate threshold the Q16 rate cannot pass is refused; one just below it biases under constant marks", () => {
  assert.throws(() => new SpritzScout({ ...SMALL, ecnRateGain: 1 / 1024, ecnRateThreshold: 0.99 }, 1), /ecnRateThreshold/);
  assert.throws(() => new SpritzScout({ ...SMALL, ecnRateGain: 1 / 1024, ecnRateThreshold: 0.984375 }, 1), /ecnRateThreshold/);
  const t = new SpritzScout({ ...SMALL, ecnRateGain: 1 / 1024, ecnRateThreshold: 0.984 }, 1); // limit ⌊0.984 · 65536⌋ = 64487
  t.open(0, FAR);
  const ev = t.pathEv(0, 3);
  for (let i = 0; i < 20_000 && !t.biased(0); i++) t.onPathFeedback(0, i, ev, ECN);
  assert.ok(t.biased(0));
  assert.ok(t.ecnRateQ16(0) > 64_487 && t.ecnRateQ16(0) <= 64_512);
});

// Alg. 2 l.24 / Alg. 3 l.11 set w[0] ← min_bias_factor; the README's gen(w) keeps P(i) = w_i / Σ
// unblocked w. A biased draw that lands on entry 0 is drawn again, at most 64 times; after that it
// returned entry 1, which then got (w0 / Σw)^64 of the mass on top of its share (review,
// 2026-12-02). Switch 0 → 1 of the small Dragonfly with 3 paths: 1/0 (108.2 ns) and two 2/0
// (216.4 ns), wScale 18 (entry 0 dominant): w = 9216, 256, 256; biased, w0 = 1 (Q8 of 1/256).
for (const Cls of [SpritzSpray, SpritzScout]) {
  test(`${Cls.name}: a biased draw with a dominant entry-0 weight gives entries 1 and 2 256/513 each`, () => {
    const t = new Cls({ topology: "dragonfly", p: 1, a: 4, h: 2, srcSwitch: 0, maxPathsPerDestination: 3, wScale: 18, minBiasFactor: 1 / 256, exploreThreshold: 0, ecnRateGain: 1 / 4 }, 1);
    t.open(0, 1);
    const list = [0, 1, 2].map((i) => t.pathEv(0, i));
    assert.equal(list.map((ev) => t.pathClass(0, ev)), [0, 1, 1]);
    assert.is(t.totalWeightQ8(0), 9216 + 2 * 256);
    for (let k = 0; k < 40; k++) t.onPathFeedback(0, 10 + k, list[2], ECN);
    assert.ok(t.biased(0));
    const draws = 400_000;
    const count = [0, 0, 0];
    for (let k = 0; k < draws; k++) count[list.indexOf(t.choosePath(0, 100, k))]++;
    // 1/513, 256/513, 256/513; a binomial sd at 400,000 draws is 0.0008: 5 sd.
    const want = [1 / 513, 256 / 513, 256 / 513];
    for (let i = 0; i < 3; i++) assert.ok(Math.abs(count[i] / draws - want[i]) < 0.004, `entry ${i}: ${count[i] / draws}`);
  });
}

// wScale is refused only when a list the table holds would overflow Q8 (eq. (1) weights are u16
// Q8: round(256 × w) ≤ 65535, i.e. w < 255.998). A list's largest weight is wScale × lat(its
// longest class) / lat(its first class). Table I latencies: a local hop 25 + 4160 × 8 / 400 =
// 108.2 ns, a global hop 500 + 83.2 = 583.2 ns. Table II's Dragonfly (p 4, a 8, h 4): a list to
// the source's group holds 1/0 and 2/0 only (ratio 2); the largest ratio is the list to a switch
// behind the source switch's own global link, 0/1 (583.2) to 3/2 (3 × 108.2 + 2 × 583.2 =
// 1,491.0): 2.5566, so wScale < 65535.5 × 583.2 / (256 × 1,491.0) = 100.13. 1/0 with 3/2
// (1,491.0 / 108.2 = 13.78, at wScale 19 a weight of 261.8) share no list.
test("wScale: refused only when a list the table holds would overflow Q8 (Table II Dragonfly up to 100.13)", () => {
  const DF = { topology: "dragonfly", p: 4, a: 8, h: 4 } as const;
  for (const Cls of [SpritzScout, SpritzSpray]) {
    assert.ok(new Cls({ ...DF, wScale: 19 }, 1), "19: 1/0 and 3/2 are in no list");
    const t = new Cls({ ...DF, wScale: 100 }, 1); // 100 × 2.5566 = 255.66: Q8 65,449
    assert.ok(t);
    // 100.2 × 2.5566 = 256.17: Q8 65,579 does not fit.
    assert.throws(() => new Cls({ ...DF, wScale: 100.2 }, 1), /weight 256\.17 does not fit Q8/);
  }
  // Slim Fly q = 9: the list holding 1/0 (108.2) and 0/4 (4 × 583.2 = 2,332.8), ratio 21.560,
  // bounds wScale by 65535.5 × 108.2 / (256 × 2,332.8) = 11.874: 11.87 gives 255.92 (Q8 65,515),
  // 11.88 gives 256.13.
  const SF = { topology: "slimfly", q: 9, p: 7 } as const;
  assert.ok(new SpritzScout({ ...SF, wScale: 11.87 }, 1));
  assert.throws(() => new SpritzScout({ ...SF, wScale: 11.88 }, 1), /weight 256\.13 does not fit Q8/);
});

test("readers refuse a fractional or NaN index with −1 (not entry 0, not undefined)", () => {
  const t = new SpritzScout({ ...SMALL }, 1);
  t.open(0, FAR);
  t.onPathFeedback(0, 1, 0, GOOD); // buffered(0, 0) is EV 0: a real EV, so 0 would be wrong
  assert.is(t.buffered(0, 0), 0);
  for (const i of [0.5, 1.5, Number.NaN, -0.5]) {
    assert.is(t.buffered(0, i), -1, `buffered ${i}`);
    assert.is(t.pathEv(0, i), -1, `pathEv ${i}`);
    assert.is(t.classMassQ16(0, i), -1, `classMassQ16 ${i}`);
  }
  const { srcSwitch: _src, ...topology } = SMALL;
  const p = new SpritzPaths(topology);
  assert.is(p.pathEv(0, FAR, 0), 0);
  for (const i of [0.5, 1.5, Number.NaN]) assert.is(p.pathEv(0, FAR, i), -1, `SpritzPaths.pathEv ${i}`);
});

test("SpritzPaths refuses an unknown name with its list and a guess, as every module's params do (lib/README; package audit 2026-12-07: linkGpbs was ignored)", () => {
  assert.throws(
    () => new SpritzPaths({ topology: "dragonfly", p: 2, a: 4, h: 2, linkGpbs: 400 } as never),
    (e: Error) => e instanceof RangeError && /^SpritzPaths: unknown parameter linkGpbs \(did you mean linkGbps\?\); parameters are a, globalLinkNs, h, linkGbps, localLinkNs, maxPathsPerDestination, p, packetBytes, q, switchLatencyNs, topology, wScale$/.test(e.message),
  );
  assert.not.throws(() => new SpritzPaths({ topology: "slimfly", q: 5, p: 2, linkGbps: 100, wScale: 3, switchLatencyNs: 0 }));
});

test.run();
