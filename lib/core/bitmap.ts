// Ring bitmaps over a window of sequence numbers (received-packet maps, SACK scoreboards).
//
// A window is `size` bits, a power of two and a multiple of 32, stored as `size / 32` int32
// words starting at word `base` of a caller's Int32Array (one row per flow slot of a table).
// Bit `i` of the window belongs to every sequence number s with `s & (size - 1) === i`, so a
// window that slides forward reuses its bits without copying: the owner clears the bits it slides
// past. All functions take indices already masked or mask them themselves, never allocate, and
// work on whole words where they scan (count-trailing-zeros through Math.clz32).

/** Index of the lowest set bit of a non-zero word (count trailing zeros). */
export function ctz32(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/**
 * The low `n` bits set, for n in [0, 32], as an int32. Not `(1 << n) - 1`: for n = 31 that is
 * −2^31 − 1, a double that every caller's `&` or `<<` truncates to the same bits, but which V8
 * boxes as a HeapNumber when it leaves this function as a call rather than inlined (one per
 * retransmission scan of the IRN and timeout-only senders under `--no-turbo-inlining`, lib/README
 * "Allocation"). `~(-1 << n)` is those bits without leaving int32.
 */
function lowBits(n: number): number {
  return n >= 32 ? -1 : ~(-1 << n);
}

export function bitTest(bits: Int32Array, base: number, i: number): boolean {
  return ((bits[base + (i >>> 5)] >>> (i & 31)) & 1) !== 0;
}

export function bitSet(bits: Int32Array, base: number, i: number): void {
  bits[base + (i >>> 5)] |= 1 << (i & 31);
}

export function bitClear(bits: Int32Array, base: number, i: number): void {
  bits[base + (i >>> 5)] &= ~(1 << (i & 31));
}

/** Clears `count` bits (count ≤ mask + 1) starting at bit `from`, wrapping at the window end. */
export function clearBits(bits: Int32Array, base: number, mask: number, from: number, count: number): void {
  let pos = from & mask;
  let left = count;
  while (left > 0) {
    const b = pos & 31;
    const take = 32 - b < left ? 32 - b : left;
    bits[base + (pos >>> 5)] &= ~(lowBits(take) << b);
    pos = (pos + take) & mask;
    left -= take;
  }
}

/** Sets every bit of the window row to zero. */
export function clearAll(bits: Int32Array, base: number, mask: number): void {
  bits.fill(0, base, base + ((mask + 1) >>> 5));
}

/**
 * How many bits in a row are set starting at bit `from`, looking at no more than `max` bits
 * (max ≤ mask + 1). Used to slide a cumulative pointer over what has arrived.
 */
export function countSetRun(bits: Int32Array, base: number, mask: number, from: number, max: number): number {
  let pos = from & mask;
  let run = 0;
  while (run < max) {
    const b = pos & 31;
    const avail = 32 - b;
    const word = bits[base + (pos >>> 5)] >>> b;
    const zeros = ~word & lowBits(avail);
    if (zeros !== 0) {
      const n = run + ctz32(zeros);
      return n < max ? n : max;
    }
    run += avail;
    pos = (pos + avail) & mask;
  }
  return max;
}

/**
 * The distance from bit `from` to the first clear bit among the next `count` bits
 * (count ≤ mask + 1), or `count` when they are all set. Used to find the next hole.
 */
export function firstClear(bits: Int32Array, base: number, mask: number, from: number, count: number): number {
  let pos = from & mask;
  let seen = 0;
  while (seen < count) {
    const b = pos & 31;
    const avail = 32 - b;
    const zeros = ~(bits[base + (pos >>> 5)] >>> b) & lowBits(avail);
    if (zeros !== 0) {
      const n = seen + ctz32(zeros);
      return n < count ? n : count;
    }
    seen += avail;
    pos = (pos + avail) & mask;
  }
  return count;
}

/** Number of set bits among `count` bits from `from` (count ≤ mask + 1). */
export function countSet(bits: Int32Array, base: number, mask: number, from: number, count: number): number {
  let pos = from & mask;
  let left = count;
  let n = 0;
  while (left > 0) {
    const b = pos & 31;
    const take = 32 - b < left ? 32 - b : left;
    let w = (bits[base + (pos >>> 5)] >>> b) & lowBits(take);
    // Population count of one word (Hacker's Delight fig. 5-2).
    w = w - ((w >>> 1) & 0x55555555);
    w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
    n += (Math.imul((w + (w >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
    pos = (pos + take) & mask;
    left -= take;
  }
  return n;
}
