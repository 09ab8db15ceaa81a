// Units and conversions. Handlers take wrapping 32-bit nanosecond ticks (`nowNs | 0`);
// the fabric keeps absolute time as integer picoseconds in a double (exact to 2^53 ps ≈ 2.5 h,
// DESIGN.md "The virtual fabric"). Rates are given in Gb/s, which is bits per nanosecond.

export const PS_PER_NS = 1000;
export const NS_PER_US = 1000;
export const NS_PER_MS = 1_000_000;
export const PS_PER_US = 1_000_000;
export const BITS_PER_BYTE = 8;

export function nsFromUs(us: number): number {
  return us * NS_PER_US;
}

export function psFromNs(ns: number): number {
  return ns * PS_PER_NS;
}

/** Whole nanoseconds in a picosecond count, rounded down. */
export function nsFromPs(ps: number): number {
  return Math.floor(ps / PS_PER_NS);
}

/** 1 Gb/s is one bit per nanosecond, so a link moves `gbps / 8` bytes per nanosecond. */
export function bytesPerNsFromGbps(linkGbps: number): number {
  return linkGbps / BITS_PER_BYTE;
}

/**
 * Bandwidth-delay product in whole bytes, rounded down: rate × RTT. A product below a whole byte by
 * less than 2^-50 of itself is that byte (the mirror of ceilPs; so from 2^50 B up an exact
 * integer product can come back one or more bytes above itself): 33.3 Gb/s × 12,000 ns is
 * 399,599.99999999994 in doubles, so the exact 49,950 B would otherwise floor to 49,949.
 */
export function bdpBytes(linkGbps: number, rttNs: number): number {
  const bytes = (linkGbps * rttNs) / BITS_PER_BYTE;
  return Math.floor(bytes + bytes * 2 ** -50);
}

/**
 * Bandwidth-delay product in whole bytes, rounded up: rate × time, for what must hold every byte in
 * flight (PFC headroom). A product above a whole byte by less than 2^-50 of itself is that byte
 * (as ceilPs): 16.056 Gb/s × 1000 ns is 2007.0000000000002 in doubles, exactly 2007 B.
 */
export function bdpBytesCeil(linkGbps: number, timeNs: number): number {
  return ceilNear((linkGbps * timeNs) / BITS_PER_BYTE);
}

/**
 * A time in ps computed in doubles, rounded up to a whole ps, except that a value above a whole ps
 * by less than 2^-50 of itself is that whole ps: a product such as 333 B × (8000 / 33.3 ps per B)
 * carries a few ulps (2^-52 each) of rounding, 80,000.00000000001 for exactly 80,000, while a true
 * fraction of a ps is at least 1 / (the rate's decimal numerator), far more for any rate written
 * with a few decimals.
 */
export function ceilPs(ps: number): number {
  return ceilNear(ps);
}

/**
 * ⌈x⌉, except that x above a whole number by less than 2^-50 of itself is that number (a double
 * product's last-ulp excess). The tolerance is relative, so from 2^50 up (and for negative
 * integers) an exact integer can come back below itself: ceilPs(2^50) = 2^50 − 1. Callers pass
 * one packet's time or a buffer's size, far below that.
 */
function ceilNear(x: number): number {
  return Math.ceil(x - x * 2 ** -50);
}

/**
 * Time to serialise `bytes` at `linkGbps`, in whole picoseconds, rounded up (`ceilPs`) so that a
 * modeled link is never faster than its rate. Exact at 100/200/400/800 Gb/s (80/40/20/10 ps per byte).
 */
export function serialisationPs(bytes: number, linkGbps: number): number {
  return ceilPs((bytes * BITS_PER_BYTE * PS_PER_NS) / linkGbps);
}
