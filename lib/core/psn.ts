// Wrap-safe packet sequence numbers.
// A 32-bit PSN travels as an int32 bit pattern (`psn | 0`), which V8 keeps unboxed; convert with
// `psn >>> 0` only at the edges (wire encoding, printing). Order is defined by the signed
// difference, as for TCP sequence numbers (RFC 793 §3.3, RFC 1982): a is before b when
// (a − b) mod 2^32, read as int32, is negative. Valid while the two are less than 2^31 apart.

export function psnDiff(a: number, b: number): number {
  return (a - b) | 0;
}

export function psnLt(a: number, b: number): boolean {
  return ((a - b) | 0) < 0;
}

export function psnLe(a: number, b: number): boolean {
  return ((a - b) | 0) <= 0;
}

export function psnGt(a: number, b: number): boolean {
  return ((a - b) | 0) > 0;
}

export function psnGe(a: number, b: number): boolean {
  return ((a - b) | 0) >= 0;
}

/** a + n as a 32-bit PSN (int32 bit pattern). */
export function psnAdd(a: number, n: number): number {
  return (a + n) | 0;
}

/** The 24-bit PSN space of RoCE BTH: signed difference of two 24-bit PSNs. */
export function psn24Diff(a: number, b: number): number {
  return ((a - b) << 8) >> 8;
}

export function psn24Add(a: number, n: number): number {
  return (a + n) & 0xffffff;
}

/** True for a 32-bit PSN or sequence number given as int32 or as uint32 (an integer in [−2^31, 2^32)). */
export function isPsn32(x: number): boolean {
  return (x | 0) === x || x >>> 0 === x;
}

/** True for a 24-bit PSN (or MSN): an integer in [0, 2^24). NaN, fractions and negatives fail. */
export function isPsn24(x: number): boolean {
  return (x & 0xffffff) === x;
}
