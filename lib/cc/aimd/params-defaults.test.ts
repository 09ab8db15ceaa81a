// Derived defaults (DESIGN.md rules 6/7): a value given alone inside its documented range is
// never refused because of a default derived from it; explicit out-of-range values still are.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Aimd } from "./aimd";
import { resolveAimdParams } from "./params";

test("initialCwndBytes default is clamp(RFC 5681 IW, minCwndBytes, maxCwndBytes): a floor above the IW is accepted alone", () => {
  // mss 4096 > 2190 B: IW = 2 × 4096 = 8192; floor 65536 (rule [mss 4096, max 2^24]) → clamp(8192, 65536, 2^24) = 65536.
  const a = new Aimd({ minCwndBytes: 65536 });
  assert.is(a.params.initialCwndBytes, 65536);
  assert.is(a.params.timeoutCwndBytes, 65536); // the floor, as before
  a.open(0);
  assert.is(a.cwndBytes(0), 65536);
  // A floor below the IW leaves it: clamp(8192, 6000, 2^24) = 8192.
  assert.is(resolveAimdParams({ minCwndBytes: 6000 }).initialCwndBytes, 8192);
  // Floor and ceiling both given: mss 1000 ≤ 1095 → IW 4000; clamp(4000, 5000, 5000) = 5000.
  assert.is(resolveAimdParams({ mssBytes: 1000, minCwndBytes: 5000, maxCwndBytes: 5000 }).initialCwndBytes, 5000);
  // Unchanged in range: the default 8192, and the ceiling still caps (9216 MSS: IW 18432 → 10000).
  assert.is(resolveAimdParams().initialCwndBytes, 8192);
  assert.is(resolveAimdParams({ mssBytes: 9216, maxCwndBytes: 10000 }).initialCwndBytes, 10000);
});

test("explicit out-of-range windows still throw", () => {
  // initialCwndBytes given below the given floor: outside [65536, 2^24].
  assert.throws(() => new Aimd({ minCwndBytes: 65536, initialCwndBytes: 8192 }), /initialCwndBytes must be an integer in \[65536, 2\^24\], got 8192/);
  // A floor above the (default) ceiling is reported on the floor, not on the derived IW.
  assert.throws(() => new Aimd({ minCwndBytes: 2 ** 25 }), /minCwndBytes must be an integer in \[4096, 2\^24\]/);
});

test.run();
