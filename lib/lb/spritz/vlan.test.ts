import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { ECN, GOOD, TIMEOUT } from "../feedback";
import { SPRITZ_BIASED, SPRITZ_CACHED, SPRITZ_RESTORED } from "./spritz";
import type { SpritzParamsInput } from "./params";
import { FAR, SMALL } from "./test-support";
import { SpritzVlan, VLAN_DEFAULT, VLAN_MINIMAL, VLAN_NON_MINIMAL } from "./vlan";


/** A VLAN-mode source on the small Dragonfly with flow 0 open to FAR. */
function toFar(params: SpritzParamsInput = {}): SpritzVlan {
  const t = new SpritzVlan({ ...SMALL, ...params }, 1);
  t.open(0, FAR);
  return t;
}

test("categories weigh the eq. (1) sums of their paths; choosePath returns VLAN << 16 | EV", () => {
  const t = toFar({ wScale: 1, exploreThreshold: 0 });
  // To switch 13 (another group): 1 minimal path of 2/1 (799.6 ns: S≠exit, D≠entry) — checked by
  // the table — and 7 non-minimal ones; weights w = 1491.0-relative per eq. (1).
  const wMin = t.minimalWeightQ8(0);
  const wNon = t.nonMinimalWeightQ8(0);
  assert.ok(wMin > 0 && wNon > 0);
  let minimal = 0;
  const N = 50_000;
  for (let i = 0; i < N; i++) {
    const x = t.choosePath(0, i, i);
    const vlan = x >>> 16;
    assert.ok(vlan === 1 || vlan === 2);
    if (vlan === 1) minimal++;
  }
  const p = wMin / (wMin + wNon);
  assert.ok(Math.abs(minimal / N - p) < 0.01, `${minimal / N} vs ${p}`);
});

test("VLAN 1 weighs every path no longer than the minimal route: on the paper's Dragonfly a shortcut through a third group and the minimal path itself", () => {
  // Found in review: VLAN 1 weighed only the shortest class. Switch 1 → switch 9 on (4, 8, 4):
  // one minimal 2/1 path (3 hops, 799.6 ns), three 0/2 shortcuts through other groups (2 hops,
  // 1,166.4 ns), 23 × 2/2 and 5 × 3/2 (4 and 5 hops, 1,382.8 and 1,491.0 ns, the longest). The
  // switches' VLAN 1 tables carry the 2/1 path and the shortcuts (no longer than the minimal
  // route's 3 hops); the weight counted only the shortcuts.
  const t = new SpritzVlan({ topology: "dragonfly", p: 4, a: 8, h: 4, srcSwitch: 1 }, 1);
  t.open(0, 9);
  const q8 = (ns: number) => Math.round(((3 * 1491.0) / ns) * 256); // eq. (1) × wScale 3, in Q8
  assert.is(t.minimalWeightQ8(0), q8(799.6) + 3 * q8(1166.4));
  assert.is(t.nonMinimalWeightQ8(0), 23 * q8(1382.8) + 5 * 256);
});

test("good pairs are recycled once each; ECN and TIMEOUT let them go", () => {
  const t = toFar({ exploreThreshold: 100 });
  const a = (1 << 16) | 1234;
  const b = (2 << 16) | 99;
  assert.is(t.onPathFeedback(0, 1, a, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 1, b, ECN), 0);
  assert.is(t.onPathFeedback(0, 1, b, TIMEOUT), 0);
  assert.is(t.choosePath(0, 2, 0), a);
  assert.is(t.bufferSize(0), 0);
});

test("a high ECN rate gives the minimal category weight minBiasFactor", () => {
  const t = toFar({ minBiasFactor: 5, ecnRateGain: 1 / 4 });
  let r = 0;
  for (let i = 0; i < 40; i++) r |= t.onPathFeedback(0, i, (2 << 16) | i, ECN);
  assert.ok((r & SPRITZ_BIASED) !== 0 && t.biased(0));
  assert.is(t.minimalWeightQ8(0), 5 * 256);
});

test("bad input → error, counter, state unchanged", () => {
  const t = new SpritzVlan({ ...SMALL }, 2);
  t.open(0, 13);
  const before = JSON.stringify(t.inspect(0));
  assert.is(t.onPathFeedback(0, 1, 1234, GOOD), E_STATE, "VLAN 0");
  assert.is(t.onPathFeedback(0, 1, (3 << 16) | 1, GOOD), E_STATE);
  assert.is(t.onPathFeedback(0, 1, (1 << 16) | 1, 4), E_ARG);
  assert.is(t.onPathFeedback(0, 1, 1.5, GOOD), E_ARG);
  assert.is(t.onPathFeedback(0, NaN, (1 << 16) | 1, GOOD), E_ARG);
  assert.is(t.onPathFeedback(1, 1, (1 << 16) | 1, GOOD), E_SLOT);
  assert.is(t.choosePath(1, 1, 0), E_SLOT);
  assert.is(t.errors, 7);
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.is(SpritzVlan.bytesPerFlow, 53);
});

test("seeded random events: tags are 1 or 2 (0 only for the own switch), buffer ≤ 8", () => {
  const rng = new Xoshiro128(12);
  const t = new SpritzVlan({ ...SMALL }, 3);
  t.open(0, 13);
  t.open(1, 1);
  t.open(2, 0);
  for (let i = 0; i < 20_000; i++) {
    const s = rng.nextBelow(3);
    const x = t.choosePath(s, i, i);
    if (s === 2) assert.is(x, 0);
    else assert.ok(x >>> 16 === 1 || x >>> 16 === 2);
    assert.ok(t.onPathFeedback(s, i, x, rng.nextBelow(4)) >= 0);
    assert.ok(t.bufferSize(s) <= 8);
  }
});

test("the VLAN tags are the ones the switches read: 0 empty (default forwarding), 1 minimal, 2 non-minimal", () => {
  // lib/switch/routing's spritzRole takes VLAN 0 as the empty tag (§III-D).
  assert.equal([VLAN_DEFAULT, VLAN_MINIMAL, VLAN_NON_MINIMAL], [0, 1, 2]);
});

test("unweighted, a category weighs 256 per path; a one-path first class counts (same-group destination)", () => {
  const t = new SpritzVlan({ ...SMALL, weighted: false }, 2);
  const paths = t.table.pathCount(1);
  assert.is(t.table.pathsOfType(1, 1, 0), 1); // the direct local link: the only minimal path
  t.open(0, 1);
  assert.is(t.minimalWeightQ8(0), 256);
  assert.is(t.nonMinimalWeightQ8(0), 256 * (paths - 1));
  // To FAR (another group) the minimal class is the first non-empty one, 2/1.
  t.open(1, FAR);
  assert.is(t.minimalWeightQ8(1), 256 * t.table.pathsOfType(FAR, 2, 1));
  assert.is(t.minimalWeightQ8(1) + t.nonMinimalWeightQ8(1), 256 * t.table.pathCount(FAR));
});

test("Alg. 1: recycled pairs go out in arrival order; after exploreThreshold + 1 of them a forced fresh pair, and the count restarts", () => {
  const t = toFar({ exploreThreshold: 2 });
  const pairs = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => ((i & 1) + 1) * 65536 + 100 * i);
  for (const x of pairs) t.onPathFeedback(0, 1, x, GOOD);
  assert.is(t.bufferSize(0), 8);
  // Packet counts 0, 1, 2 take cached pairs; at 3 (> 2) a fresh one, count back to 0; then again.
  const got = [0, 1, 2, 3, 4, 5, 6].map(() => t.choosePath(0, 2, 0));
  assert.equal(got.slice(0, 3), pairs.slice(0, 3));
  assert.is(t.bufferSize(0), 2);
  assert.equal(got.slice(4, 7), pairs.slice(3, 6));
  assert.ok(!pairs.includes(got[3]));
});

test("the global timer, checked when a fresh pair is drawn, lifts the bias at exactly restoreIntervalNs (odd), not 1 ns before", () => {
  const t = toFar({ exploreThreshold: 0, minBiasFactor: 5, ecnRateGain: 1 / 2, ecnRateThreshold: 0.1, restoreIntervalNs: 1001 });
  t.onPathFeedback(0, 0, (2 << 16) | 1, ECN); // rate 32767 > 0.1: biased, restore at 1001
  assert.ok(t.biased(0));
  t.choosePath(0, 1000, 0); // count 0: the buffer is empty, a fresh pair
  assert.ok(t.biased(0));
  t.choosePath(0, 1000, 1); // count 1 > 0: the forced fresh pair
  assert.ok(t.biased(0));
  t.choosePath(0, 1001, 2);
  assert.not.ok(t.biased(0));
  // The same deadline met by the forced fresh pair (count 1 > exploreThreshold 0) rather than by
  // an empty buffer: that draw reads the clock too.
  const u = toFar({ exploreThreshold: 0, minBiasFactor: 5, ecnRateGain: 1 / 2, ecnRateThreshold: 0.1, restoreIntervalNs: 1001 });
  u.onPathFeedback(0, 0, (2 << 16) | 1, ECN);
  u.choosePath(0, 1000, 0); // count 0, empty buffer: a fresh pair before the deadline
  assert.ok(u.biased(0));
  u.choosePath(0, 1001, 1); // count 1 > 0: the forced fresh pair, at the deadline
  assert.not.ok(u.biased(0));
});

test("the global timer lifts the bias when the next fresh pair comes 2.2 s later (an age past 2^31 ns read unsigned)", () => {
  // §IV-A: the weights return to eq. (1) after the interval. 2,200,000,000 − 0 ≥ 1001; read
  // signed it would be 2.2e9 − 2^32 < 0, and the bias would hold until 4.29 s.
  const t = toFar({ exploreThreshold: 0, minBiasFactor: 5, ecnRateGain: 1 / 2, ecnRateThreshold: 0.1, restoreIntervalNs: 1001 });
  t.onPathFeedback(0, 0, (2 << 16) | 1, ECN);
  assert.ok(t.biased(0));
  t.choosePath(0, 2_200_000_000, 0);
  t.choosePath(0, 2_200_000_000, 1);
  assert.not.ok(t.biased(0));
});

test("feedback 2.2 s after the bias restores it too (the age read unsigned, as in choosePath)", () => {
  // 2,200,000,000 − 0 ≥ 1001 unsigned; signed it is 2.2e9 − 2^32 < 0 and nothing would restore.
  const t = toFar({ minBiasFactor: 5, ecnRateGain: 1 / 2, ecnRateThreshold: 0.9, restoreIntervalNs: 1001 });
  const x = (2 << 16) | 9;
  t.onPathFeedback(0, 0, x, ECN); // 32767 ≤ 0.9 × 65536: not biased yet
  t.onPathFeedback(0, 0, x, ECN); // 32767 + 16384 = 49151 ≤ 58982
  t.onPathFeedback(0, 0, x, ECN); // 49151 + 8192 = 57343
  assert.not.ok(t.biased(0));
  t.onPathFeedback(0, 0, x, ECN); // 57343 + 4096 = 61439 > 58982: biased, restore due at 1001
  assert.ok(t.biased(0));
  assert.is(t.onPathFeedback(0, 2_200_000_000, x, TIMEOUT) & SPRITZ_RESTORED, SPRITZ_RESTORED);
});

test("each flow recycles its own pairs: flow 1 gets back what its feedback cached, not flow 0's", () => {
  const t = new SpritzVlan({ ...SMALL, exploreThreshold: 100 }, 2);
  t.open(0, FAR);
  t.open(1, FAR);
  const a = (1 << 16) | 1234;
  const b = (2 << 16) | 99;
  t.onPathFeedback(0, 1, a, GOOD);
  t.onPathFeedback(1, 1, b, GOOD);
  assert.is(t.choosePath(1, 2, 0), b);
  assert.is(t.choosePath(0, 2, 0), a);
});

test("feedback: the ECN rate rises on ECN and NACK, decays on GOOD, and biases only strictly above its threshold", () => {
  // Gain 1/2, limit floor(0.6 × 65536) = 39321. ECN from 0: 32767; GOOD: 32767 − 16383 = 16384;
  // GOOD: 8192; ECN: 8192 + (57343 >> 1) = 36863, not above; ECN: 36863 + 14336 = 51199, above.
  const t = toFar({ ecnRateGain: 1 / 2, ecnRateThreshold: 0.6, minBiasFactor: 5 });
  const x = (2 << 16) | 7;
  const steps = [ECN, GOOD, GOOD, ECN].map((k) => t.onPathFeedback(0, 1, x, k) & SPRITZ_BIASED);
  assert.equal(steps, [0, 0, 0, 0]);
  assert.not.ok(t.biased(0));
  assert.is(t.onPathFeedback(0, 1, x, ECN) & SPRITZ_BIASED, SPRITZ_BIASED);
  // A rate exactly at the limit: gain 1/2 and a threshold of 32767 / 65536, one ECN gives 32767.
  const u = toFar({ ecnRateGain: 1 / 2, ecnRateThreshold: 32767 / 65536, minBiasFactor: 5 });
  assert.is(u.onPathFeedback(0, 1, x, ECN) & SPRITZ_BIASED, 0);
  assert.ok((u.onPathFeedback(0, 1, x, ECN) & SPRITZ_BIASED) !== 0);
});

test("feedback: the smallest bias (minBiasFactor 1/256, Q8 weight 1) still biases; 0 turns biasing off", () => {
  for (const [factor, biased] of [[1 / 256, true], [0, false]] as const) {
    const t = toFar({ ecnRateGain: 1 / 2, ecnRateThreshold: 0.1, minBiasFactor: factor });
    t.onPathFeedback(0, 1, (1 << 16) | 3, ECN);
    assert.is(t.biased(0), biased);
    if (biased) assert.is(t.minimalWeightQ8(0), 1);
  }
});

test("feedback: the ring holds 8 pairs, a ninth GOOD is not cached; VLAN 2 with EV 0xffff is a valid pair", () => {
  const t = toFar();
  for (let i = 0; i < 8; i++) assert.is(t.onPathFeedback(0, 1, (1 << 16) | i, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 1, 0x2ffff, GOOD), 0);
  assert.is(t.bufferSize(0), 8);
  assert.is(t.errors, 0);
  t.choosePath(0, 2, 0);
  assert.is(t.onPathFeedback(0, 3, 0x2ffff, GOOD), SPRITZ_CACHED);
});

test("feedback: the global timer restores at exactly its deadline, once", () => {
  // Limit floor(0.4 × 65536) = 26214: one ECN (32767) biases, one GOOD (16384) drops below it
  // and lifts the bias at once; the timer armed by the bias still fires at its deadline, once.
  const t = toFar({ ecnRateGain: 1 / 2, ecnRateThreshold: 0.4, minBiasFactor: 5, restoreIntervalNs: 1001 });
  const x = (2 << 16) | 9;
  t.onPathFeedback(0, 0, x, ECN); // biased; restore due at 1001
  assert.ok(t.biased(0));
  assert.is(t.onPathFeedback(0, 1000, x, GOOD) & SPRITZ_RESTORED, 0);
  assert.not.ok(t.biased(0), "the rate fell below the limit");
  assert.is(t.onPathFeedback(0, 1001, x, TIMEOUT) & SPRITZ_RESTORED, SPRITZ_RESTORED);
  assert.not.ok(t.biased(0));
  assert.is(t.onPathFeedback(0, 5000, x, GOOD) & SPRITZ_RESTORED, 0);
});

test("fresh pairs follow the draw rule: VLAN 1 iff nextBelow(wMin + wNon) < wMin, then EV = the next word's low 16 bits", () => {
  // Unweighted, biased to Q8 weight 1 against 7 non-minimal paths (1792): a draw of exactly
  // wMin = 1 must give VLAN 2. Every call draws (threshold 0, nothing cached).
  const seed = 77;
  const t = toFar({ seed, weighted: false, exploreThreshold: 0, minBiasFactor: 1 / 256, ecnRateGain: 1 / 2, ecnRateThreshold: 0.1 });
  t.onPathFeedback(0, 0, (2 << 16) | 1, ECN);
  const wMin = t.minimalWeightQ8(0);
  const total = wMin + t.nonMinimalWeightQ8(0);
  assert.equal([wMin, total], [1, 1 + 256 * 7]);
  const rng = new Xoshiro128(seed);
  let atBoundary = 0;
  for (let i = 0; i < 20_000; i++) {
    const u = rng.nextBelow(total);
    if (u === wMin) atBoundary++;
    const want = ((u < wMin ? 1 : 2) << 16) | (rng.nextI32() & 0xffff);
    assert.is(t.choosePath(0, 1, i), want);
  }
  assert.ok(atBoundary > 0, "the seed reaches the boundary draw");
});

test("minimal and non-minimal weights equal (biased to the non-minimal sum): still a pair, never 0", () => {
  const t = toFar({ weighted: false, exploreThreshold: 0, minBiasFactor: 7, ecnRateGain: 1 / 2, ecnRateThreshold: 0.1 });
  t.onPathFeedback(0, 0, (2 << 16) | 1, ECN);
  assert.is(t.minimalWeightQ8(0), t.nonMinimalWeightQ8(0));
  for (let i = 0; i < 100; i++) {
    const vlan = t.choosePath(0, 1, i) >>> 16;
    assert.ok(vlan === 1 || vlan === 2);
  }
});

test("a restore through a fresh draw disarms the timer: a later bias waits for its own deadline", () => {
  // Limit 26214 (0.4): ECN (32767) biases, GOOD (16384) goes below, ECN again (16384 + 24575 = 40959) re-biases.
  const t = toFar({ exploreThreshold: 0, ecnRateGain: 1 / 2, ecnRateThreshold: 0.4, minBiasFactor: 5, restoreIntervalNs: 1001 });
  const x = (2 << 16) | 9;
  t.onPathFeedback(0, 0, x, ECN); // restore due at 1001
  t.onPathFeedback(0, 10, x, GOOD); // (caches x)
  assert.is(t.choosePath(0, 1000, 0), x);
  t.choosePath(0, 1001, 0); // count 1 > 0: fresh, and it restores
  assert.not.ok(t.biased(0));
  assert.is(t.onPathFeedback(0, 2000, x, ECN) & SPRITZ_BIASED, SPRITZ_BIASED); // restore due at 3001
  t.choosePath(0, 2500, 1);
  assert.ok(t.biased(0));
  t.choosePath(0, 3001, 2);
  assert.not.ok(t.biased(0));
});

test("a same-switch flow, every send VLAN 0, refuses tagged feedback: E_STATE, counted, nothing cached, no bias", () => {
  // lib/lb/README.md: an EV the flow could not have been given is E_STATE; §III-D: VLAN 0 is
  // default forwarding, the only value of a flow to its own switch (no list: both category
  // weights 0). Found in review rev-port2-spritz: VLAN 1/2 feedback was taken, GOOD cached the
  // pair (the next send reused VLAN 1) and ECN biased the flow (the next fresh draw gave VLAN 1).
  // Gain 1/2, limit ⌊0.9·65536⌋ = 58982: ECN rates 32767, 49151, 57343, 61439 would bias at the 4th.
  const t = new SpritzVlan({ ...SMALL, ecnRateGain: 1 / 2 }, 1);
  t.open(0, 0);
  const before = JSON.stringify(t.inspect(0));
  assert.is(t.onPathFeedback(0, 1, 1 << 16, GOOD), E_STATE);
  for (let i = 0; i < 4; i++) assert.is(t.onPathFeedback(0, 2 + i, 2 << 16, ECN), E_STATE);
  assert.is(t.errors, 5);
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.is(t.bufferSize(0), 0);
  assert.not.ok(t.biased(0));
  assert.is(t.onPathFeedback(0, 6, 0, GOOD), 0); // its own value: accepted, nothing to do
  assert.is(t.errors, 5);
  assert.is(t.choosePath(0, 10, 0), 0);
  assert.is(t.choosePath(0, 11, 1), 0);
});

test("a flow whose kept list has no minimal path takes only VLAN 2: VLAN 1 and 0 feedback are E_STATE, and no bias gives VLAN 1 weight", () => {
  // Slim Fly q = 5 (δ = 1, ξ = 2): X = {1, ξ²} = {1, 4}, so switch 1 = (0, 0, 1) is a local
  // neighbour of switch 0 (minimal route 1 hop). With local links 500 ns and global 25 ns a hop
  // costs 500 + 83.2 or 25 + 83.2 ns (4160 B at 400 Gb/s): the direct 1/0 path 583.2 ns, the
  // 0/4 detours (0,0,0) → (1,m,0) → (0,x,m·x) → (1,m',0) → (0,0,(m−m')·x = 1) 4 · 108.2 = 432.8 ns
  // (m any of 5, x ≠ 0 any of 4, m' then fixed: 20 of them).
  // One path kept (maxPathsPerDestination 1) is a 0/4 detour, 4 hops > 1: VLAN 2 only, Q8 256
  // (eq. (1) of the longest path is 1). Feedback on VLAN 1 or 0 is E_STATE; ECN on VLAN 2 raises
  // the rate past the limit (32767 > ⌊0.1·65536⌋ = 6553) but there is no minimal category to bias.
  const t = new SpritzVlan({ topology: "slimfly", q: 5, p: 1, localLinkNs: 500, globalLinkNs: 25, maxPathsPerDestination: 1, ecnRateGain: 1 / 2, ecnRateThreshold: 0.1, exploreThreshold: 0 }, 1);
  t.open(0, 1);
  assert.is(t.table.topology.minimalHops(0, 1), 1);
  assert.is(t.table.pathsOfType(1, 0, 4), 1);
  assert.equal([t.minimalWeightQ8(0), t.nonMinimalWeightQ8(0)], [0, 256]);
  const before = JSON.stringify(t.inspect(0));
  assert.is(t.onPathFeedback(0, 1, (1 << 16) | 5, GOOD), E_STATE);
  assert.is(t.onPathFeedback(0, 1, 0, GOOD), E_STATE);
  assert.is(t.errors, 2);
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.is(t.onPathFeedback(0, 2, (2 << 16) | 5, ECN), 0);
  assert.not.ok(t.biased(0));
  assert.is(t.biases, 0);
  assert.is(t.minimalWeightQ8(0), 0);
  for (let i = 0; i < 50; i++) assert.is(t.choosePath(0, 3, i) >>> 16, 2);
});

test.run();

