// Spritz's decision counters (the SPRITZ_* names of results.json totals.lb): each expected count
// derived from Alg. 1–3 of the paper (§IV-A, §IV-B) step by step, not read off a run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { ECN, GOOD, NACK, TIMEOUT } from "../feedback";
import { SPRITZ_BIASED, SPRITZ_BLOCKED, SPRITZ_CACHED, SPRITZ_REMOVED, SPRITZ_RESTORED, type SpritzBase, SpritzScout, SpritzSpray } from "./spritz";
import { EndpointTable } from "./table";
import { SpritzVlan } from "./vlan";
import { FAR, SMALL, evs } from "./test-support";
import { Dragonfly } from "./topology";

/** The counters by name, for one assert.equal. */
function counts(t: SpritzBase): Record<string, number> {
  return {
    evsExplored: t.evsExplored,
    evsSampled: t.evsSampled,
    evsReused: t.evsReused,
    pathsCached: t.pathsCached,
    pathsRemovedEcn: t.pathsRemovedEcn,
    pathsRemovedNack: t.pathsRemovedNack,
    pathsRemovedTimeout: t.pathsRemovedTimeout,
    blocks: t.blocks,
    biases: t.biases,
    restores: t.restores,
    evictedBlocks: t.evictedBlocks,
  };
}

// The ECN rate below is the per-flow Q16 EWMA of the README (gain 1/2: a mark adds
// (65535 − rate) >> 1, a GOOD takes rate >> 1 away, a TIMEOUT is no sample), biased while above
// floor(0.9 × 65536) = 58982 (Alg. 2/3 "ecn_rate > 90 %"). Marks from 0: 32767, 49151, 57343, 61439.
const GAIN = { ecnRateGain: 1 / 2 };

test("Scout: EVs by Alg. 1 branch, paths cached and removed by cause (Alg. 2), blocks, biases and timer restores", () => {
  const t = new SpritzScout({ ...SMALL, ...GAIN, exploreThreshold: 2, ecnThreshold: 1, restoreIntervalNs: 1000 }, 2);
  t.open(0, FAR);
  const [a0, a1, a2, a3, a4] = evs(t, 0);
  assert.equal(counts(t), { evsExplored: 0, evsSampled: 0, evsReused: 0, pathsCached: 0, pathsRemovedEcn: 0, pathsRemovedNack: 0, pathsRemovedTimeout: 0, blocks: 0, biases: 0, restores: 0, evictedBlocks: 0 });
  // Alg. 1, packet_count 0 ≤ 2: counted to 1; the buffer is empty, so gen(w) (sampled 1).
  t.choosePath(0, 0, 0);
  // Alg. 2 lines 2–5: a1 and a0 enter the buffer (cached 2), in latency order [a0, a1]; a0
  // again is a duplicate (not cached).
  assert.is(t.onPathFeedback(0, 1, a1, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 2, a0, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 3, a0, GOOD), 0);
  // packet_count 1 → 2 and 2 → 3: the front a0, kept (reused 2); then 3 > 2: reset, gen(w)
  // (explored 1).
  assert.is(t.choosePath(0, 4, 1), a0);
  assert.is(t.choosePath(0, 5, 2), a0);
  t.choosePath(0, 6, 3);
  // Lines 7–13, ecn_threshold 1: a0's first mark counts 1 (not > 1); its second counts 2 > 1:
  // reset and removed (removed by ECN 1). Rate 32767, then 49151.
  assert.is(t.onPathFeedback(0, 7, a0, ECN), 0);
  assert.is(t.onPathFeedback(0, 8, a0, ECN), SPRITZ_REMOVED);
  // Lines 14–16: a NACK removes a1 (removed by NACK 1), rate 57343 ≤ 58982. A second NACK on a1
  // finds it gone (nothing counted), but its rate 61439 > 58982 biases the flow (lines 23–24:
  // biases 1) and arms the global timer at t = 10.
  assert.is(t.onPathFeedback(0, 9, a1, NACK), SPRITZ_REMOVED);
  assert.is(t.onPathFeedback(0, 10, a1, NACK), SPRITZ_BIASED);
  // GOOD: rate 61439 − 30719 = 30720 lifts the bias (not counted); a2 cached (cached 3).
  assert.is(t.onPathFeedback(0, 11, a2, GOOD), SPRITZ_CACHED);
  // Lines 18–22: a2's TIMEOUT removes it (removed by timeout 1) and blocks it (blocks 1; the
  // timer runs from t = 10). Again: not in the buffer, already blocked: nothing.
  assert.is(t.onPathFeedback(0, 12, a2, TIMEOUT), SPRITZ_REMOVED | SPRITZ_BLOCKED);
  assert.ok(t.isBlocked(0, a2));
  assert.is(t.onPathFeedback(0, 13, a2, TIMEOUT), 0);
  // packet_count 0 → 1, buffer empty: gen(w) (sampled 2). At t = 1010, 1010 − 10 ≥ 1000: the
  // send's gen(w) first fires the global timer (restores 1), then samples (sampled 3).
  t.choosePath(0, 14, 4);
  t.choosePath(0, 1010, 5);
  assert.not.ok(t.isBlocked(0, a2));
  // a3 cached (4), and its slot closed with a3 still buffered: it still counts as cached.
  assert.is(t.onPathFeedback(0, 1011, a3, GOOD), SPRITZ_CACHED);
  t.close(0);
  // A second flow: a0 cached (5), the slot reopened (its buffer dropped), a4 cached (6) and kept.
  t.open(1, FAR);
  assert.is(t.onPathFeedback(1, 1012, a0, GOOD), SPRITZ_CACHED);
  t.open(1, FAR);
  assert.is(t.bufferSize(1), 0);
  assert.is(t.onPathFeedback(1, 1013, a4, GOOD), SPRITZ_CACHED);
  assert.equal(counts(t), {
    evsExplored: 1,
    evsSampled: 3,
    evsReused: 2,
    pathsCached: 6,
    pathsRemovedEcn: 1,
    pathsRemovedNack: 1,
    pathsRemovedTimeout: 1,
    blocks: 1,
    biases: 1,
    restores: 1,
    evictedBlocks: 0,
  });
  // Rejected calls decide nothing.
  t.choosePath(0, 1014, 6);
  t.onPathFeedback(1, 1015, a0, 7);
  assert.equal([t.evsExplored + t.evsSampled + t.evsReused, t.pathsCached], [6, 6]);
});

test("Spray: every use takes the EV out of the ring (reused), ECN and NACK remove nothing (Alg. 3), the bias counted each time it is set", () => {
  const t = new SpritzSpray({ ...SMALL, ...GAIN, exploreThreshold: 2, restoreIntervalNs: 1000 }, 1);
  t.open(0, FAR);
  const [a0, a1, a2, , , a5] = evs(t, 0);
  // packet_count 0 → 1, ring empty: gen(w) (sampled 1).
  t.choosePath(0, 0, 0);
  // Alg. 3 lines 2–5: a1, a1 again (duplicates allowed) and a0 pushed (cached 3): [a1, a1, a0].
  assert.is(t.onPathFeedback(0, 1, a1, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 2, a1, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 3, a0, GOOD), SPRITZ_CACHED);
  // packet_count 1 → 2 → 3: the front twice, each removed (reused 2): [a0]; then 3 > 2: gen(w)
  // (explored 1), the ring untouched.
  assert.is(t.choosePath(0, 4, 1), a1);
  assert.is(t.choosePath(0, 5, 2), a1);
  t.choosePath(0, 6, 3);
  // ECN and NACK are ignored by the path logic (rate 32767, 49151); a5's TIMEOUT blocks it
  // (blocks 1, the timer from t = 9) and leaves the ring; again, already blocked: nothing.
  assert.is(t.onPathFeedback(0, 7, a0, ECN), 0);
  assert.is(t.onPathFeedback(0, 8, a0, NACK), 0);
  assert.is(t.onPathFeedback(0, 9, a5, TIMEOUT), SPRITZ_BLOCKED);
  assert.is(t.onPathFeedback(0, 10, a5, TIMEOUT), 0);
  // packet_count 0 → 1: a0 (reused 3), the ring empty; 1 → 2 at t = 1009: the timer fires
  // (1009 − 9 ≥ 1000, restores 1) and gen(w) samples (sampled 2).
  assert.is(t.choosePath(0, 11, 4), a0);
  t.choosePath(0, 1009, 5);
  assert.not.ok(t.isBlocked(0, a5));
  // Rate 49151 → 57343 → 61439 > 58982: biased (biases 1). A GOOD lifts it (30720) and caches
  // a2 (cached 4); marks 48127, 56831, 61183 > 58982: biased again (biases 2).
  assert.is(t.onPathFeedback(0, 1010, a0, ECN), 0);
  assert.is(t.onPathFeedback(0, 1011, a0, ECN), SPRITZ_BIASED);
  assert.is(t.onPathFeedback(0, 1012, a2, GOOD), SPRITZ_CACHED);
  assert.is(t.ecnRateQ16(0), 30720);
  assert.is(t.onPathFeedback(0, 1013, a2, ECN), 0);
  assert.is(t.onPathFeedback(0, 1014, a2, ECN), 0);
  assert.is(t.onPathFeedback(0, 1015, a2, ECN), SPRITZ_BIASED);
  // Closed with a2 in the ring: cached 4 = reused 3 + 1 dropped.
  t.close(0);
  assert.equal(counts(t), {
    evsExplored: 1,
    evsSampled: 2,
    evsReused: 3,
    pathsCached: 4,
    pathsRemovedEcn: 0,
    pathsRemovedNack: 0,
    pathsRemovedTimeout: 0,
    blocks: 1,
    biases: 2,
    restores: 1,
    evictedBlocks: 0,
  });
});

test("seeded random events: the counters agree with the result bits and with the calls made", () => {
  // pathsCached is counted from where the EVs went (still buffered, removed, reused by Spray,
  // dropped at close or reopen), not where they came in: it must equal the SPRITZ_CACHED bits
  // returned. Every accepted choosePath counts under exactly one EV name.
  const table = new EndpointTable(new Dragonfly({ p: 1, a: 4, h: 2 }), 0);
  for (const make of [
    () => new SpritzScout({ table, restoreIntervalNs: 5000, ecnThreshold: 2, ecnRateGain: 1 / 4, maxBlocked: 4 }, 4),
    () => new SpritzScout({ table, restoreIntervalNs: 5000, ecnThreshold: 2, ecnRateGain: 1 / 4, bufferOrder: "rtt" }, 4),
    () => new SpritzSpray({ table, restoreIntervalNs: 5000, ecnRateGain: 1 / 4, maxBlocked: 4 }, 4),
  ]) {
    table.resetMetadata();
    const t = make();
    const rng = new Xoshiro128(7);
    const bits = { cached: 0, removed: 0, blocked: 0, biased: 0, restored: 0 };
    let sends = 0;
    for (let s = 0; s < 4; s++) t.open(s, 1 + rng.nextBelow(35));
    for (let k = 0; k < 50_000; k++) {
      const s = rng.nextBelow(4);
      const now = k * 3;
      const u = rng.nextBelow(100);
      if (u < 1) {
        if (rng.nextBelow(2) === 0) t.close(s);
        t.open(s, 1 + rng.nextBelow(35));
      } else if (u < 40) {
        t.choosePath(s, now, k);
        sends++;
      } else if (t.pathCount(s) > 0) {
        const ev = t.pathEv(s, rng.nextBelow(t.pathCount(s)));
        const r = t.onPathFeedbackRtt(s, now, ev, [GOOD, GOOD, GOOD, ECN, NACK, TIMEOUT][rng.nextBelow(6)], rng.nextBelow(20_000));
        bits.cached += r & SPRITZ_CACHED ? 1 : 0;
        bits.removed += r & SPRITZ_REMOVED ? 1 : 0;
        bits.blocked += r & SPRITZ_BLOCKED ? 1 : 0;
        bits.biased += r & SPRITZ_BIASED ? 1 : 0;
        bits.restored += r & SPRITZ_RESTORED ? 1 : 0;
      }
    }
    const what = `${t.constructor.name} rtt ${t.rttOrder}`;
    assert.is(t.errors, 0, what);
    assert.is(t.evsExplored + t.evsSampled + t.evsReused, sends, what);
    assert.ok(t.evsExplored > 0 && t.evsSampled > 0 && t.evsReused > 0, what);
    assert.is(t.pathsCached, bits.cached, what);
    assert.ok(bits.cached > 0, what);
    assert.is(t.pathsRemovedEcn + t.pathsRemovedNack + t.pathsRemovedTimeout, bits.removed, what);
    if (t instanceof SpritzScout) assert.ok(t.pathsRemovedEcn > 0 && t.pathsRemovedNack > 0 && t.pathsRemovedTimeout > 0, what);
    assert.is(t.blocks, bits.blocked, what);
    assert.is(t.biases, bits.biased, what);
    // The timer also fires inside a send's gen(w), which returns an EV, not the bit.
    assert.ok(t.restores >= bits.restored && bits.restored > 0, what);
    assert.ok(t.blocks > 0 && t.biases > 0, what);
  }
});

test("VLAN mode: sends by branch, fresh pairs by category in proportion to the category weights, the ring's pairs counted as cached through close", () => {
  const t = new SpritzVlan({ ...SMALL, exploreThreshold: 8 }, 2);
  t.open(0, FAR);
  // No feedback: every send is fresh. Alg. 1's count runs 0, 1, …, 9 (> 8: explore, back to 0),
  // so one send in every 8 + 2 = 10 explores: 2,000 sends, 200 explored, 1,800 sampled.
  for (let i = 0; i < 2000; i++) t.choosePath(0, i, i);
  assert.equal([t.evsExplored, t.evsSampled, t.evsReused], [200, 1800, 0]);
  // The category is VLAN 1 with probability wMin / (wMin + wNon) (the Q8 sums of eq. (1) weights):
  // within 4.5 binomial standard deviations of 2,000 × p.
  const wMin = t.minimalWeightQ8(0);
  const p = wMin / (wMin + t.nonMinimalWeightQ8(0));
  assert.ok(p > 0 && p < 1, `both categories have paths (p = ${p})`);
  assert.is(t.evsMinimal + t.evsNonMinimal, 2000);
  assert.ok(Math.abs(t.evsMinimal - 2000 * p) < 4.5 * Math.sqrt(2000 * p * (1 - p)), `${t.evsMinimal} minimal of 2000, p = ${p}`);
  // Three GOOD pairs into the ring (cached 3); one used (reused 1); the slot closed with two in it:
  // still 3 cached, and the close does not lose them.
  for (const pair of [0x10001, 0x10002, 0x20003]) t.onPathFeedback(0, 3000, pair, GOOD);
  assert.is(t.pathsCached, 3);
  // The 2,000th send explored and set the count to 0, so this one takes the ring's front.
  assert.is(t.choosePath(0, 3001, 0), 0x10001);
  assert.equal([t.evsReused, t.pathsCached], [1, 3]);
  t.close(0);
  t.open(1, FAR);
  t.onPathFeedback(1, 3002, 0x10004, GOOD);
  t.open(1, FAR); // reopened with one pair in its ring
  assert.is(t.pathsCached, 4);
});

test.run();
