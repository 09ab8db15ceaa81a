import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "./rng";
import { INT32_MAX, INT32_MIN, clamp, fromQ16, isByteCount, isIntIn, mulDiv, mulDivWide, mulQ16, q16, satAdd, satSub } from "./fixed";

test("q16 rounds to nearest and refuses what does not fit", () => {
  assert.is(q16(1), 65536);
  assert.is(q16(0.5), 32768);
  assert.is(q16(0.0125), 819); // 819.2 rounds down
  assert.is(q16(-0.25), -16384);
  // Math.round(−0.0655…) is −0, which === takes for 0 (so does uvu's assert.is).
  assert.ok(Object.is(q16(-1e-6), 0));
  assert.ok(Object.is(q16(-0.5 / 65536), 0));
  assert.is(fromQ16(q16(0.8)), 52429 / 65536);
  assert.throws(() => q16(40000), RangeError);
  assert.throws(() => q16(NaN), RangeError);
  assert.throws(() => q16(Infinity), RangeError);
});

test("mulQ16 floors, including for negative products", () => {
  assert.is(mulQ16(1000, q16(0.5)), 500);
  assert.is(mulQ16(3, q16(0.5)), 1);
  assert.is(mulQ16(-3, q16(0.5)), -2);
  assert.is(mulQ16(0, q16(0.7)), 0);
  // cwnd of 40 MiB scaled by 0.75: the product is 2.7e12, far beyond int32, and still exact.
  assert.is(mulQ16(40 * 1024 * 1024, q16(0.75)), 31457280);
});

test("mulDiv is exact floor(a×b/c) against BigInt near 2^53", () => {
  const cases: [number, number, number][] = [
    [7, 3, 2],
    [0, 5, 3],
    [2 ** 26 - 1, 2 ** 26 + 1, 3],
    [2 ** 31 - 1, 2 ** 21 - 1, 2 ** 21],
    [94906265, 94906265, 4194303],
    [4150, 23874, 262926],
    [-7, 3, 2],
  ];
  for (const [a, b, c] of cases) {
    const big = BigInt(a) * BigInt(b);
    let q = big / BigInt(c);
    if (big < 0n && q * BigInt(c) !== big) q -= 1n; // floor, not truncation
    assert.is(mulDiv(a, b, c), Number(q), `${a}×${b}/${c}`);
  }
});

test("mulDiv is exact wherever the quotient sits just below an integer (|a×b| < 2^53)", () => {
  // The hardest inputs for a double division: p = k·c − 1, whose quotient is k − 1/c. A seeded
  // sweep over divisors from 1 to 2^31 and quotients up to the largest the 2^53 bound allows,
  // checked against BigInt; a remainder correction is not needed anywhere in this domain.
  const rng = new Xoshiro128(7);
  for (let i = 0; i < 20000; i++) {
    const c = 1 + (rng.nextU32() >>> (rng.nextBelow(31) + 1));
    const kMax = Math.floor(2 ** 53 / c);
    const k = Math.max(1, Math.floor((kMax * (rng.nextU32() + 1)) / 2 ** 32));
    const p = k * c - 1 - (i % 3 === 0 ? rng.nextBelow(c) : 0);
    assert.ok(p < 2 ** 53);
    const exact = Number(BigInt(p) / BigInt(c));
    assert.is(mulDiv(p, 1, c), exact, `${p}/${c}`);
    assert.is(mulDiv(-p, 1, c), p % c === 0 ? -exact : -exact - 1, `-${p}/${c}`);
  }
  // (2^31 − 1)·c − 1 over c = 2^21 + 1: the quotient is 2^31 − 1 − 1/c; the floor is 2^31 − 2.
  const c = 2 ** 21 + 1;
  assert.is(mulDiv((2 ** 31 - 1) * c - 1, 1, c), 2 ** 31 - 2);
});

test("saturating add and subtract stick at the int32 limits", () => {
  assert.is(satAdd(INT32_MAX, 1), INT32_MAX);
  assert.is(satAdd(INT32_MAX - 5, 3), INT32_MAX - 2);
  assert.is(satAdd(INT32_MIN, -1), INT32_MIN);
  assert.is(satSub(INT32_MIN, 1), INT32_MIN);
  assert.is(satSub(0, INT32_MIN), INT32_MAX);
  assert.is(satAdd(-0, 0), 0);
  assert.ok(Object.is(satAdd(-0, -0), 0), "−0 is normalised");
});

test("clamp and isIntIn at their edges", () => {
  assert.is(clamp(5, 1, 3), 3);
  assert.is(clamp(-5, 1, 3), 1);
  assert.is(clamp(2, 1, 3), 2);
  assert.ok(isIntIn(0, 0, 10));
  assert.ok(isIntIn(10, 0, 10));
  assert.not.ok(isIntIn(11, 0, 10));
  assert.not.ok(isIntIn(-1, 0, 10));
  assert.not.ok(isIntIn(1.5, 0, 10));
  assert.not.ok(isIntIn(NaN, 0, 10));
  assert.not.ok(isIntIn(Infinity, 0, Infinity));
});

test("isByteCount: int32 byte counts in [0, 2^30]", () => {
  assert.ok(isByteCount(0) && isByteCount(4096) && isByteCount(2 ** 30));
  assert.ok(isByteCount(-0));
  for (const bad of [-1, -(2 ** 31), 2 ** 30 + 1, 2 ** 31, 1.5, -0.5, NaN, Infinity, -Infinity, 2 ** 32, 2 ** 32 + 5]) {
    assert.not.ok(isByteCount(bad), String(bad));
  }
});

test("q16 accepts exactly the int32 range: ±2^15 less one step above, −2^15 below", () => {
  assert.is(q16((2 ** 31 - 1) / 65536), 2 ** 31 - 1);
  assert.is(q16(-32768), -(2 ** 31));
  assert.throws(() => q16(32768), RangeError);
  assert.throws(() => q16(-32768 - 1 / 65536), RangeError);
});

test("mulDivWide is floor(a × b / c) exactly for products up to 2^64, where mulDiv rounds", () => {
  // The case that showed it (DCQCN's window at R_C = line rate, 123.456789 Gb/s in kb/s):
  // 1,073,741,800 × 123,456,789 / 123,456,789 is the window itself; mulDiv gives one byte less.
  assert.is(mulDivWide(1_073_741_800, 123_456_789, 123_456_789), 1_073_741_800);
  assert.is(mulDiv(1_073_741_800, 123_456_789, 123_456_789), 1_073_741_799);
  assert.is(mulDivWide(2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1), 2 ** 32 - 1);
  assert.is(mulDivWide(0, 5, 3), 0);
  // 426,850,478 × 2,357,450,594 = 1,006,278,912,910,283,932 (about 2^59.8); ÷ 121 =
  // 8,316,354,652,151,106 remainder 106 (BigInt below), an integer above 2^52 whose neighbours
  // are one apart as doubles.
  assert.is(mulDivWide(426_850_478, 2_357_450_594, 121), 8_316_354_652_151_106);
  assert.is((426_850_478n * 2_357_450_594n) % 121n, 106n);
  const rng = new Xoshiro128(77);
  const draw = () => rng.nextU32();
  for (let i = 0; i < 20_000; i++) {
    const a = draw();
    const b = rng.nextBelow(4) === 0 ? rng.nextBelow(1000) : draw();
    // Half the divisors of a random bit length: a product of ~2^61 by a divisor below 2^8 is
    // where a split of a that loses bits (a | 65535 for a & 65535) rounds the first quotient.
    const c = Math.max(1, rng.nextBelow(2) === 0 ? draw() : draw() >>> rng.nextBelow(32));
    const want = (BigInt(a) * BigInt(b)) / BigInt(c);
    if (want >= 2n ** 53n) continue;
    assert.is(mulDivWide(a, b, c), Number(want), `${a} × ${b} / ${c}`);
  }
});

test("q16 ties round toward +∞ (JS Math.round), not away from zero as C lround does", () => {
  // x × 2^16 = 2.5 → 3; −1.5 → −1 (lround: −2); −2.5 → −2 (lround: −3).
  assert.is(q16(2.5 / 65536), 3);
  assert.is(q16(-1.5 / 65536), -1);
  assert.is(q16(-2.5 / 65536), -2);
});

test.run();
