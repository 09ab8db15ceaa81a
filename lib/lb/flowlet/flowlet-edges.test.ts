// Boundaries of flowlet switching that flowlet.test.ts passed over (found by the mutation pass,
// docs/mutation-testing.md): the gap measured from an odd feedback instant, the minRerouteNs hold
// ending exactly on time and holding for 1 ns, feedback mode re-pathing on every packet while no
// feedback comes (the gap still runs from the last one), ticks past 2^31, gapNs 0 and the reader
// of a closed slot.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { GOOD } from "../feedback";
import { Flowlet } from "./flowlet";

test("the defaults of the README: seed 1, 65,536 EVs, gapNs 7,000 from the send, no hold", () => {
  const t = new Flowlet({}, 1);
  assert.equal(t.params, { gapNs: 7_000, gapFrom: "send", minRerouteNs: 0, evCount: 65536, seed: 1 });
  // open draws the first EV and each new flowlet the next, from xoshiro128** seeded with 1.
  const rng = new Xoshiro128(1);
  t.open(0);
  assert.is(t.choosePath(0, 0, 0), rng.nextBelow(65536));
  assert.is(t.choosePath(0, 7_000, 1), t.ev(0), "a gap of exactly gapNs keeps the flowlet");
  assert.is(t.choosePath(0, 14_001, 2), rng.nextBelow(65536), "7,001 ns after the last packet");
  // No hold by default: in feedback mode two packets of one nanosecond, 7,001 ns after the last
  // feedback, each re-path (with minRerouteNs 1 the second would be held).
  const f = new Flowlet({ gapFrom: "feedback" }, 1);
  f.open(0);
  f.onPathFeedback(0, 0, f.choosePath(0, 0, 0), GOOD);
  f.choosePath(0, 7_001, 1);
  f.choosePath(0, 7_001, 2);
  assert.is(f.flowletCount, 2);
});

test("feedback mode: the gap runs from the feedback's own instant, odd or even", () => {
  const t = new Flowlet({ gapNs: 100, gapFrom: "feedback", seed: 3 }, 1);
  t.open(0);
  const a = t.choosePath(0, 0, 0);
  t.onPathFeedback(0, 1000, a, GOOD);
  assert.is(t.choosePath(0, 1100, 1), a, "exactly gapNs after the feedback: same flowlet");
  assert.is(t.flowletCount, 0);
  t.onPathFeedback(0, 1100, a, GOOD);
  t.choosePath(0, 1201, 2);
  assert.is(t.flowletCount, 1, "gapNs + 1 after feedback at 1100");
});

test("feedback mode without a hold: each packet re-paths while the last feedback is older than gapNs", () => {
  const t = new Flowlet({ gapNs: 100, gapFrom: "feedback", seed: 5 }, 1);
  t.open(0);
  const a = t.choosePath(0, 0, 0);
  t.onPathFeedback(0, 10, a, GOOD);
  t.choosePath(0, 200, 1);
  t.choosePath(0, 210, 2);
  t.choosePath(0, 220, 3);
  assert.is(t.flowletCount, 3, "sending does not restart the feedback clock");
});

test("minRerouteNs: the hold ends exactly minRerouteNs after the re-path, and 1 ns holds", () => {
  const t = new Flowlet({ gapNs: 100, gapFrom: "feedback", minRerouteNs: 400, seed: 7 }, 1);
  t.open(0);
  const a = t.choosePath(0, 0, 0);
  t.onPathFeedback(0, 1000, a, GOOD);
  const b = t.choosePath(0, 1200, 1); // re-path at 1200: held until 1600
  assert.is(t.flowletCount, 1);
  assert.is(t.choosePath(0, 1599, 2), b, "1 ns before the hold ends");
  assert.is(t.flowletCount, 1);
  t.choosePath(0, 1600, 3);
  assert.is(t.flowletCount, 2, "the hold is over at 1600");

  const u = new Flowlet({ gapNs: 100, gapFrom: "feedback", minRerouteNs: 1, seed: 7 }, 1);
  u.open(0);
  u.onPathFeedback(0, 1000, u.choosePath(0, 0, 0), GOOD);
  u.choosePath(0, 1200, 1);
  u.choosePath(0, 1200, 2);
  assert.is(u.flowletCount, 1, "a second packet in the same nanosecond is held");
  u.choosePath(0, 1201, 3);
  assert.is(u.flowletCount, 2);
});

test("send mode past 2^31 ns: the wrapping tick still measures the gap, and no stale hold applies", () => {
  const t = new Flowlet({ gapNs: 1000, seed: 9 }, 1);
  t.open(0);
  const start = 3_000_000_000; // past 2^31: the tick is negative as an int32
  const a = t.choosePath(0, start, 0);
  assert.is(t.choosePath(0, start + 1000, 1), a);
  t.choosePath(0, start + 2001, 2);
  assert.is(t.flowletCount, 1);
  // Across 2^32, where the tick wraps back to 0.
  t.choosePath(0, 2 ** 32 - 500, 3);
  t.choosePath(0, 2 ** 32 + 501, 4);
  assert.is(t.flowletCount, 3);
});

test("gapNs 0: any later packet starts a flowlet, one in the same nanosecond does not", () => {
  const t = new Flowlet({ gapNs: 0, seed: 11 }, 1);
  t.open(0);
  t.choosePath(0, 10, 0);
  t.choosePath(0, 10, 1);
  assert.is(t.flowletCount, 0);
  t.choosePath(0, 11, 2);
  assert.is(t.flowletCount, 1);
});

test("the EV reader says −1 for a closed slot", () => {
  const t = new Flowlet({ evCount: 4 }, 2);
  t.open(0);
  assert.ok(t.ev(0) >= 0 && t.ev(0) < 4);
  assert.is(t.ev(1), -1);
  t.close(0);
  assert.is(t.ev(0), -1);
});

test("a hold that ended 2^31 ns or more ago holds nothing: the next gap starts a flowlet", () => {
  const t = new Flowlet({ gapNs: 100, minRerouteNs: 400, seed: 5 }, 1);
  t.open(0);
  t.choosePath(0, 0, 0);
  t.choosePath(0, 200, 1); // a gap of 200 > 100: flowlet 1, held until 600
  assert.is(t.flowletCount, 1);
  // 2^31 + 1000 ns later: the hold ended 2^31 + 600 ns ago, which read signed looks
  // 2^31 − 600 ns ahead; the gap (> 100 ns) makes a flowlet, as it would on a 64-bit clock.
  t.choosePath(0, 200 + 2 ** 31 + 1000, 2);
  assert.is(t.flowletCount, 2);
});

test.run();
