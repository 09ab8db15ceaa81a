// Seeded pseudo-random numbers for modules (DESIGN.md rule 1: every draw comes from a seeded generator, never from the engine's unseeded one).
//
// xoshiro128** 1.1 (Blackman and Vigna, "Scrambled linear pseudorandom number generators",
// ACM TOMS 2021; reference C at prng.di.unimi.it). The state is four 32-bit words held in an
// Int32Array, so a step allocates nothing; outputs are bit-identical to the reference C for the
// same state on every engine (checked in rng.test.ts). Seeding from one 32-bit value runs
// splitmix32 (the Weyl increment 0x9e3779b9 followed by the MurmurHash3 fmix32 finaliser), which
// never yields the forbidden all-zero state for four consecutive outputs.

import { offHeap } from "./table";

/** MurmurHash3's 32-bit finaliser (fmix32): a bijective avalanche mix of one word. */
export function mix32(x: number): number {
  // One load of Math.imul, and ^ already gives an int32: 20 bytes of bytecode fewer, which
  // count against V8's inlining budget in every handler that draws (lib/README).
  const imul = Math.imul;
  const a = imul(x ^ (x >>> 16), 0x85ebca6b);
  const b = imul(a ^ (a >>> 13), 0xc2b2ae35);
  return b ^ (b >>> 16);
}

/** Hash of three words (e.g. flow id, entropy, per-switch salt), as an int32 bit pattern. */
export function hash3(a: number, b: number, c: number): number {
  let h = mix32(a ^ 0x9e3779b9);
  h = mix32(h ^ b);
  return mix32(h ^ c);
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

export class Xoshiro128 {
  readonly s: Int32Array = offHeap(Int32Array, 4);

  constructor(seed: number) {
    this.seed(seed);
  }

  /** Re-seed from a 32-bit value through splitmix32. */
  seed(seed: number): void {
    let x = seed | 0;
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b9) | 0;
      this.s[i] = mix32(x);
    }
  }

  /** Load the raw state, as the reference C program's `s[4]` (for cross-checks). */
  setState(s0: number, s1: number, s2: number, s3: number): void {
    this.s[0] = s0;
    this.s[1] = s1;
    this.s[2] = s2;
    this.s[3] = s3;
  }

  /** The next output as an int32 bit pattern (read it as unsigned with `>>> 0`). */
  nextI32(): number {
    const s = this.s;
    const s0 = s[0];
    const s1 = s[1];
    const s2 = s[2] ^ s0;
    const s3 = s[3] ^ s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    s[0] = s0 ^ s3;
    s[1] = s1 ^ s2;
    s[2] = s2 ^ (s1 << 9);
    s[3] = rotl(s3, 11);
    return result;
  }

  /** The next output as an unsigned 32-bit value. */
  nextU32(): number {
    return this.nextI32() >>> 0;
  }

  /**
   * A value in [0, n) for 1 ≤ n ≤ 2^32: floor(u × n / 2^32) of the next output u, computed
   * exactly (the 64-bit product is split into 16-bit halves), so every port reproduces it.
   * Bias is at most n / 2^32 per value (Lemire's multiply-shift without rejection).
   */
  nextBelow(n: number): number {
    const u = this.nextI32() >>> 0;
    // For n ≤ 2^21 the product u × n < 2^53 is exact in a double, and scaling by 2^-32 is exact,
    // so one multiply gives the same floor as the split below without its two divisions; the
    // quotient is in [0, n), so `| 0` floors it (lib/README: no checked round trip).
    if (n <= 0x200000) return (u * n * 2.3283064365386963e-10) | 0;
    const hi = (u >>> 16) * n;
    const lo = (u & 0xffff) * n;
    return Math.floor((hi + Math.floor(lo / 65536)) / 65536);
  }

  /** The top 16 bits of the next output: a uniform Q16 fraction in [0, 65536). */
  nextU16(): number {
    return this.nextI32() >>> 16;
  }
}
