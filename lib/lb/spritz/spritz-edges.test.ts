// Boundaries of Spritz-Scout and -Spray that spritz.test.ts passed over (found by the mutation
// pass, docs/mutation-testing.md): the ECN rate exactly at its threshold (Alg. 2/3 bias only
// *above* it), the global timer lifting every block on its list and nothing else (one test had a
// single block), and the per-path readers of a closed flow.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ECN, GOOD, TIMEOUT } from "../feedback";
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

test("SpritzPaths without wScale weighs by eq. (1) itself (wScale 1)", () => {
  const p = new SpritzPaths({ topology: "dragonfly", p: 4, a: 8, h: 4 });
  assert.is(p.wScale, 1);
  assert.is(p.weightQ16(500, 1500), 3 * 65536); // 1500 / 500
});

test.run();
