// Integer and fixed-point helpers (DESIGN.md rule 5).
//
// Rounding rules, written once for the whole library:
// - State is int32/uint32. Fractions are Q16 (value × 2^16) unless a comment says otherwise.
// - Intermediate products are computed in IEEE-754 doubles, which hold every integer below 2^53
//   exactly; a product that could exceed 2^53 is called out where it happens.
// - Every division of integers rounds toward −∞ (floor). For the non-negative operands that
//   nearly all callers pass, that is the same as C's truncating integer division.

import { I32 } from "./limits";

export const Q16_SHIFT = 16;
export const Q16_ONE = 65536;
export const INT32_MAX: number = I32.Max;
export const INT32_MIN: number = I32.Min;
export const UINT32_MAX = 0xffffffff;

/**
 * A real number as Q16, rounded to nearest, ties toward +∞ (JS Math.round: −1.5 units is −1,
 * where C lround and Rust f64::round give −2). A negative below half a unit is 0, not −0 (a
 * value compared with Object.is or written to JSON reads the same as a port's integer).
 * Construction-time only (it may throw).
 * @throws RangeError when the result does not fit in int32 or `x` is not finite.
 */
export function q16(x: number): number {
  const v = Math.round(x * Q16_ONE);
  if (!Number.isFinite(v) || v > INT32_MAX || v < INT32_MIN) {
    throw new RangeError(`q16: ${x} does not fit in Q16.16`);
  }
  return v | 0;
}

/** A Q16 value back to a real number (for reporting, never on a hot path's state). */
export function fromQ16(q: number): number {
  return q / Q16_ONE;
}

/**
 * floor(a × q / 2^16): an integer scaled by a Q16 factor. Exact while |a × q| < 2^53, e.g. for
 * |a| < 2^31 and |q| < 2^22 (a factor below 64).
 */
export function mulQ16(a: number, q: number): number {
  return Math.floor((a * q) / Q16_ONE);
}

/**
 * floor(a × b / c) for c > 0, exact while |a × b| < 2^53. No remainder check is needed there:
 * p = a × b is then an exact integer, a non-integer p / c lies at least 1/c from the integers on
 * either side, and the double division errs by at most |p / c| × 2^-53 < 1/c, so the rounded
 * quotient cannot reach the next integer (nor fall below the floor, which is representable).
 * Beyond 2^53 the product itself is rounded and so is the result.
 */
export function mulDiv(a: number, b: number, c: number): number {
  return Math.floor((a * b) / c);
}

/**
 * floor(a × b / c) exact for integers 0 ≤ a, b < 2^32 and 0 < c < 2^32, a product up to 2^64,
 * while the result is below 2^53. a is split at 2^16: ah × b < 2^48 is divided exactly as in
 * mulDiv, and its remainder (< c) × 2^16 plus al × b stays below 2^49, so the second division
 * is exact too. For the rare per-packet product that can pass 2^53 (mulDiv would round it).
 */
export function mulDivWide(a: number, b: number, c: number): number {
  const al = a & 65535; // the low 16 bits of any integer below 2^53
  const hi = (a - al) / 65536;
  const product = hi * b;
  const q = Math.floor(product / c);
  return q * 65536 + Math.floor(((product - q * c) * 65536 + al * b) / c);
}

/** int32 addition that sticks at INT32_MAX / INT32_MIN instead of wrapping. */
export function satAdd(a: number, b: number): number {
  const s = a + b;
  if (s > I32.Max) return I32.Max;
  if (s < I32.Min) return I32.Min;
  return s | 0;
}

/** int32 subtraction that sticks at the int32 limits. */
export function satSub(a: number, b: number): number {
  return satAdd(a, -b);
}

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/** True for an integer-valued number in [lo, hi]; false for NaN, ±∞ and fractions. */
export function isIntIn(x: number, lo: number, hi: number): boolean {
  // x − x is 0 only for finite x, so ±∞ fails even when a bound is infinite.
  return x >= lo && x <= hi && Math.floor(x) === x && x - x === 0;
}

/**
 * True for the byte count of one event (an ACK, a send, a loss) as the handlers accept it: an
 * int32 in [0, 2^30], so sums of a few stay inside int32.
 */
export function isByteCount(x: number): boolean {
  // x >>> 0 equals x only for an integer in [0, 2^32) (NaN and ±Infinity give 0): one test fewer
  // than `(x | 0) === x && x >= 0`, and less bytecode in every handler that inlines it.
  return x >>> 0 === x && x <= 1073741824;
}
