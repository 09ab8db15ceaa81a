// Power-of-two rings over typed arrays: index arithmetic is a mask, never a modulo, and the
// capacity is fixed at construction (no growth on a hot path).

/** True for 1, 2, 4, … 2^30; false for anything else, fractions included (`&` would truncate them). */
export function isPowerOfTwo(n: number): boolean {
  return (n | 0) === n && n > 0 && n <= 0x40000000 && (n & (n - 1)) === 0;
}

/** The smallest power of two ≥ n (n ≥ 1, result ≤ 2^30). */
export function nextPowerOfTwo(n: number): number {
  if (!(n >= 1 && n <= 0x40000000)) throw new RangeError(`nextPowerOfTwo: ${n} out of range`);
  let p = 1;
  while (p < n) p <<= 1;
  return p;
}

/** A FIFO of int32 values with a power-of-two capacity. */
export class RingI32 {
  readonly buf: Int32Array;
  readonly mask: number;
  private head = 0;
  private count = 0;

  constructor(capacity: number) {
    if (!isPowerOfTwo(capacity)) throw new RangeError(`RingI32: capacity ${capacity} is not a power of two`);
    this.buf = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  get capacity(): number {
    return this.mask + 1;
  }

  get size(): number {
    return this.count;
  }

  /** Appends v; returns false (and changes nothing) when full. */
  push(v: number): boolean {
    if (this.count > this.mask) return false;
    this.buf[(this.head + this.count) & this.mask] = v;
    this.count++;
    return true;
  }

  /** Removes and returns the oldest value; returns `empty` when there is none. */
  shift(empty = -1): number {
    if (this.count === 0) return empty;
    const v = this.buf[this.head];
    this.head = (this.head + 1) & this.mask;
    this.count--;
    return v;
  }

  /** The i-th oldest value (0 = oldest) without removing it; `empty` unless i is an integer in 0 … size − 1. */
  peek(i = 0, empty = -1): number {
    if (!(i >= 0 && i < this.count && Math.floor(i) === i)) return empty;
    return this.buf[(this.head + i) & this.mask];
  }

  clear(): void {
    this.head = 0;
    this.count = 0;
  }
}
