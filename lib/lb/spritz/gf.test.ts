// The exact fields gf.ts builds. topology.test.ts checks the field axioms; these pin down *which*
// field representation comes out (the primitive element and the reduction polynomial), since
// Slim Fly's switch numbering and wiring follow from it and a port must reproduce them.
// Every table below is worked out by hand from the rules in gf.ts's header.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { GaloisField, primePower } from "./gf";

test("prime fields: ξ is the smallest primitive root", () => {
  // GF(2): 1 generates the one-element group. GF(5): 2, 4, 3, 1 (1 has order 1). GF(7): 2 has
  // order 3 (2, 4, 1); 3 gives 3, 2, 6, 4, 5, 1.
  const cases: [number, number, number[]][] = [
    [2, 1, [1]],
    [5, 2, [1, 2, 4, 3]],
    [7, 3, [1, 3, 2, 6, 4, 5]],
  ];
  for (const [q, xi, pow] of cases) {
    const f = new GaloisField(q);
    assert.is(f.xi, xi, `GF(${q})`);
    assert.equal(Array.from(f.powTable), pow, `GF(${q})`);
  }
  assert.equal(Array.from(new GaloisField(2).mulTable), [0, 0, 0, 1]);
});

test("GF(4) = GF(2)[x]/(x² + x + 1), the first primitive f by its lower coefficients", () => {
  // Candidates by low = c0 + 2c1: 0 is x² (skipped); 1, x² + 1 = (x + 1)², gives x·x = 1, order
  // 2; 2, x² + x, gives x·x = x, never 1; 3, x² + x + 1: x² = x + 1 = 3, x³ = x² + x = 1.
  const f = new GaloisField(4);
  assert.is(f.xi, 2);
  assert.equal(Array.from(f.powTable), [1, 2, 3]);
  assert.equal([f.mul(2, 2), f.mul(2, 3), f.mul(3, 3)], [3, 1, 2]);
});

test("GF(8) = GF(2)[x]/(x³ + x + 1)", () => {
  // low = c0 + 2c1 + 4c2: 1 (x³ + 1, root 1) and 2 (x³ + x, root 0) fail; 3 is x³ + x + 1, so
  // x³ = x + 1: powers of x = 1, x, x², x + 1, x² + x, x² + x + 1, x² + 1, then 1.
  const f = new GaloisField(8);
  assert.is(f.xi, 2);
  assert.equal(Array.from(f.powTable), [1, 2, 4, 3, 6, 7, 5]);
});

test("GF(9) = GF(3)[x]/(x² + x + 2)", () => {
  // low = c0 + 3c1: 1 (x² + 1, x⁴ = 1), 2 (x² − 1), 3 (x² + x) and 4 (x² + x + 1 = (x − 1)²)
  // fail; 5 is x² + x + 2, so x² = 2x + 1 = 7. Powers: 1, x = 3, 2x + 1 = 7, 2x² + x = 2x + 2 = 8,
  // 2x² + 2x = 2 (6x ≡ 0), 2x = 6, 2x² = x + 2 = 5, x² + 2x = x + 1 = 4, then x² + x = 1.
  const f = new GaloisField(9);
  assert.is(f.xi, 3);
  assert.equal(Array.from(f.powTable), [1, 3, 7, 8, 2, 6, 5, 4]);
  assert.is(f.mul(3, 3), 7);
  assert.is(f.pow(8), 1);
  assert.is(f.pow(11), 8);
});

test("primePower: q from 2 to 65535 only", () => {
  assert.equal(primePower(2), [2, 1]);
  assert.equal(primePower(65521), [65521, 1]); // the largest prime below 2^16
  assert.equal(primePower(32768), [2, 15]);
  assert.is(primePower(65536), null);
  assert.is(primePower(1), null);
  assert.is(primePower(2.5), null);
  assert.is(primePower(65535), null); // 3 · 5 · 17 · 257
});

test.run();
