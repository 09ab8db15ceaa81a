import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128, hash3, mix32 } from "./rng";

// Outputs of the reference xoshiro128** C code (prng.di.unimi.it), compiled with gcc and run on
// the given state; the first five also appear in notes/toolchain.md §7.
const FROM_1234 = [
  11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849, 3729100597, 4258142804,
  337829053, 2142557243,
];
const FROM_HIGH_BITS = [2576977298, 1162350735, 2291329051, 732944927, 482780208, 3416574328, 2872943131, 1297184098];

test("xoshiro128** matches the reference C sequence from state {1,2,3,4}", () => {
  const r = new Xoshiro128(0);
  r.setState(1, 2, 3, 4);
  assert.equal(FROM_1234.map(() => r.nextU32()), FROM_1234);
});

test("xoshiro128** matches the reference with every state word's top bit set", () => {
  const r = new Xoshiro128(0);
  r.setState(0xdeadbeef | 0, 0x01234567, 0x89abcdef | 0, -1);
  assert.equal(FROM_HIGH_BITS.map(() => r.nextU32()), FROM_HIGH_BITS);
});

test("nextI32 is the int32 bit pattern of nextU32", () => {
  const a = new Xoshiro128(7);
  const b = new Xoshiro128(7);
  for (let i = 0; i < 1000; i++) assert.is(a.nextI32() >>> 0, b.nextU32());
});

test("the same seed gives the same stream and different seeds differ", () => {
  const a = new Xoshiro128(42);
  const b = new Xoshiro128(42);
  const c = new Xoshiro128(43);
  let same = 0;
  for (let i = 0; i < 100; i++) {
    const x = a.nextU32();
    assert.is(x, b.nextU32());
    if (x === c.nextU32()) same++;
  }
  assert.ok(same < 3);
});

test("seeding never produces the all-zero state, including seed 0", () => {
  for (const seed of [0, 1, -1, 0x7fffffff, -0x80000000]) {
    const r = new Xoshiro128(seed);
    assert.ok(r.s.some((w) => w !== 0), `seed ${seed}`);
  }
});

/** MurmurHash3 fmix32 in BigInt arithmetic mod 2^32, written from its definition. */
function fmix32(x: bigint): bigint {
  const M = 0xffffffffn;
  x ^= x >> 16n;
  x = (x * 0x85ebca6bn) & M;
  x ^= x >> 13n;
  x = (x * 0xc2b2ae35n) & M;
  return x ^ (x >> 16n);
}

test("seeding is splitmix32: state word i = fmix32(seed + (i + 1) × 0x9e3779b9 mod 2^32)", () => {
  // What a port must reproduce to draw the same numbers from the same seed parameter.
  for (const seed of [0, 1, 42, -1, 0x7fffffff, -0x80000000]) {
    const r = new Xoshiro128(seed);
    const want = [1n, 2n, 3n, 4n].map((k) => Number(BigInt.asIntN(32, fmix32((BigInt(seed >>> 0) + k * 0x9e3779b9n) & 0xffffffffn))));
    assert.equal(Array.from(r.s), want, `seed ${seed}`);
  }
  // The figures lib/core/README gives a port for seed 1, worked out in Python from its written
  // seeding and step (not from this code).
  const one = new Xoshiro128(1);
  assert.equal(Array.from(one.s, (x) => x >>> 0), [0x96a0f96b, 0x12bc8390, 0x971e9964, 0x79adc7e7]);
  assert.is(one.nextU32(), 2442144158);
});

test("nextBelow equals floor(u × n / 2^32) computed with BigInt, for large and small n", () => {
  const a = new Xoshiro128(99);
  const b = new Xoshiro128(99);
  for (const n of [1, 2, 3, 7, 64, 1000, 65536, 2 ** 21 - 1, 2 ** 21, 2 ** 21 + 3, 2 ** 31 - 1, 2 ** 32 - 5]) {
    for (let i = 0; i < 200; i++) {
      const got = a.nextBelow(n);
      const u = BigInt(b.nextU32());
      assert.is(got, Number((u * BigInt(n)) >> 32n), `n=${n}`);
      assert.ok(got >= 0 && got < n);
    }
  }
});

test("nextBelow(n) is close to uniform", () => {
  const r = new Xoshiro128(5);
  const counts = new Int32Array(10);
  for (let i = 0; i < 100_000; i++) counts[r.nextBelow(10)]++;
  for (const c of counts) assert.ok(c > 9500 && c < 10500, `bucket ${c}`);
});

test("nextU16 is the top half of the output", () => {
  const a = new Xoshiro128(3);
  const b = new Xoshiro128(3);
  for (let i = 0; i < 100; i++) assert.is(a.nextU16(), b.nextU32() >>> 16);
});

test("mix32 is a bijection on a sample and hash3 depends on every argument", () => {
  const seen = new Set<number>();
  for (let i = 0; i < 65536; i++) seen.add(mix32(i));
  assert.is(seen.size, 65536);
  const h = hash3(1, 2, 3);
  assert.is.not(h, hash3(0, 2, 3));
  assert.is.not(h, hash3(1, 0, 3));
  assert.is.not(h, hash3(1, 2, 0));
  assert.is(h, hash3(1, 2, 3));
});

test("hash3 is fmix32(fmix32(fmix32(a ^ 0x9e3779b9) ^ b) ^ c), pinned at (1, 2, 3)", () => {
  // Worked with the BigInt fmix32 above, each step mod 2^32: 1 ^ 0x9e3779b9 = 0x9e3779b8, then
  // three finalisations; 3299047535 as uint32, 3299047535 − 2^32 = −995919761 as int32.
  const want = fmix32((fmix32((fmix32(0x9e3779b8n) ^ 2n) & 0xffffffffn) ^ 3n) & 0xffffffffn);
  assert.is(want, 3299047535n);
  assert.is(hash3(1, 2, 3), -995919761);
});

test("nextBelow above 2^21 is exact where a double product u × n would round up to the next multiple of 2^32", () => {
  // n = 2^22 − 5 = 4194299, u = 3607940301: u × n = 15132780396543999 = 3523375 × 2^32 − 1
  // (3523375 × 4294967296 = 15132780396544000), so floor(u × n / 2^32) = 3523374. The product is
  // above 2^53 and odd, so as a double it rounds to 3523375 × 2^32 (one multiply would give 3523375).
  // The state gives u as its first output: result = rotl(s1 × 5, 7) × 9 mod 2^32, inverted for s1
  // (9^-1 and 5^-1 mod 2^32, then a right rotation by 7): s1 = −1466820781 as int32.
  const r = new Xoshiro128(0);
  r.setState(0, -1466820781, 0, 0);
  assert.is(r.nextBelow(4194299), 3523374);
  r.setState(0, -1466820781, 0, 0);
  assert.is(r.nextU32(), 3607940301);
});

test.run();
