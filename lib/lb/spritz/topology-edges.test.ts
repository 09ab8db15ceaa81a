// Topology numbering that topology.test.ts passed over, found by the arith mutation pass
// (2026-12-07; docs/mutation-testing.md).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Dragonfly, SlimFly } from "./topology";

test("switchOf: endpoint e = s·p + port hangs off switch ⌊e / p⌋ (README \"Numbering\", p > 1)", () => {
  // The paper's Dragonfly (Table II): p = 4, 264 switches, 1056 endpoints. Endpoints 0..3 are
  // switch 0's ports 0..3, 4 is switch 1's port 0, 1055 = 263·4 + 3 the last switch's last.
  const df = new Dragonfly({ p: 4, a: 8, h: 4 });
  assert.equal([0, 1, 3, 4, 7, 8, 1055].map((e) => df.switchOf(e)), [0, 0, 0, 1, 1, 2, 263]);
  // Slim Fly q = 9, p = 7 (Table II): 162 switches; 13 = 1·7 + 6, 14 = 2·7, 1133 = 161·7 + 6.
  const sf = new SlimFly({ q: 9, p: 7 });
  assert.equal([6, 7, 13, 14, 1133].map((e) => sf.switchOf(e)), [0, 1, 1, 2, 161]);
});

test.run();
