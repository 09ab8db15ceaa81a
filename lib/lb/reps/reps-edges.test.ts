// Edges of REPS that reps.test.ts and the vectors passed over, found by the arith mutation pass
// (docs/mutation-testing.md): a flow other than slot 0 under the artifact / uet-htsim choices,
// whose frozen cycle must read its own ring and whose clearing exit must zero its own eight
// entries and no other flow's (README "Parameters": clearOnUnfreeze zeroes "all 8 ring entries").
import { test } from "uvu";
import * as assert from "uvu/assert";
import { GOOD, NACK, TIMEOUT } from "../feedback";
import { REPS_CACHED, REPS_FREEZE, REPS_UNFREEZE, Reps } from "./reps";

test("artifact profile, slot 1: the frozen cycle reads slot 1's ring, and its exit clears that ring only", () => {
  const t = new Reps({ profile: "artifact", freezeTimeoutNs: 1000 }, 2);
  t.open(0);
  t.open(1);
  for (const ev of [100, 101, 102]) assert.is(t.onPathFeedback(0, 0, ev, GOOD), REPS_CACHED);
  for (const ev of [200, 201, 202]) assert.is(t.onPathFeedback(1, 0, ev, GOOD), REPS_CACHED);
  // With trimming a TIMEOUT is a failure (Appendix A): slot 1 freezes until 10 + 1000 = 1010.
  assert.is(t.onPathFeedback(1, 10, 202, TIMEOUT), REPS_FREEZE);
  // frozenSelect "cycle": slot 1's written entries 0, 1, 2 in turn, then back to entry 0.
  const drawn = [0, 1, 2, 3].map((k) => t.choosePath(1, 20 + k, k));
  assert.equal(drawn, [200, 201, 202, 200]);
  // ack-nack exit: a NACK after the exit time (1011 > 1010) ends the freeze and, with
  // clearOnUnfreeze, zeroes slot 1's eight entries; slot 0's ring stays as written.
  assert.is(t.onPathFeedback(1, 1011, 201, NACK), REPS_UNFREEZE);
  assert.equal([0, 1, 2, 3, 4, 5, 6, 7].map((i) => t.cached(1, i)), [0, 0, 0, 0, 0, 0, 0, 0]);
  assert.equal([0, 1, 2].map((i) => t.cached(0, i)), [100, 101, 102]);
  assert.is(t.validCount(0), 3);
});

test.run();
