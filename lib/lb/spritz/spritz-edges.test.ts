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

// The small Dragonfly's list to switch 13 (vector scout-buffer-order): EV 0 has latency class 4,
// 768 class 7, 513 and 1 class 8.
test("Scout by RTT: plain feedback enters at the latency class, and a path is one entry whatever class it comes back with", () => {
  const t = new SpritzScout({ ...SMALL, bufferOrder: "rtt", rttBucketNs: 1000 }, 1);
  t.open(0, FAR);
  t.onPathFeedback(0, 1, 1, GOOD);
  t.onPathFeedback(0, 2, 768, GOOD);
  assert.equal([t.buffered(0, 0), t.buffered(0, 1)], [768, 1], "class 7 before class 8");
  assert.is(t.onPathFeedbackRtt(0, 3, 768, GOOD, 500), 0, "768 again, now at class 0: already there");
  assert.is(t.onPathFeedbackRtt(0, 4, 1, GOOD, 20_000), 0, "1 again, at class 14");
  assert.is(t.bufferSize(0), 2);
  assert.equal([t.buffered(0, 0), t.buffered(0, 1)], [768, 1]);
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

test.run();
