import { test } from "uvu";
import * as assert from "uvu/assert";
import { tickAdd, tickAfter, tickAtOrAfter, tickDeadlineCame, tickDiff, tickFromPs, tickLatestCameNs } from "./ticks";
import { isPsn24, isPsn32, psn24Add, psn24Diff, psnAdd, psnDiff, psnGe, psnGt, psnLe, psnLt } from "./psn";

test("tick differences survive the 2^32 wrap", () => {
  const before = 0x7ffffff0; // just below 2^31
  const after = tickAdd(before, 0x20); // crosses into negative int32
  assert.ok(after < 0);
  assert.is(tickDiff(after, before), 0x20);
  assert.ok(tickAfter(after, before));
  assert.not.ok(tickAfter(before, after));
  const nearU32 = -5; // 2^32 − 5 as int32
  assert.is(tickDiff(tickAdd(nearU32, 10), nearU32), 10);
  assert.is(tickAdd(nearU32, 10), 5);
});

test("equal ticks are neither after each other, but at-or-after", () => {
  assert.not.ok(tickAfter(123, 123));
  assert.ok(tickAtOrAfter(123, 123));
  assert.is(tickDiff(0, 0), 0);
});

test("intervals of 2^31 ns or more alias (the documented limit)", () => {
  assert.is(tickDiff(2 ** 31, 0), -(2 ** 31));
  assert.not.ok(tickAfter(2 ** 31, 0));
  assert.ok(tickAfter(2 ** 31 - 1, 0));
});

test("tickDeadlineCame: due at its own tick, not while 1..L ns ahead, and come once it reads more than L ahead", () => {
  const L = 1000;
  for (const due of [0, 5, -1, 0x7fffffff, -(2 ** 31), 0x7ffffe00]) {
    const d = due | 0;
    assert.ok(tickDeadlineCame(d, d, L), `${due}: now is the deadline`);
    assert.not.ok(tickDeadlineCame(d, (d - 1) | 0, L), `${due}: 1 ns ahead`);
    assert.not.ok(tickDeadlineCame(d, (d - L) | 0, L), `${due}: L ahead, the longest it can be set`);
    assert.ok(tickDeadlineCame(d, (d + 1) | 0, L), `${due}: passed 1 ns ago`);
    // Passed 2^31 + 7 ns ago: the signed reading says 2^31 − 7 ns ahead (not come); the lead
    // 2^32 − (2^31 + 7) = 2^31 − 7 exceeds L, so it has come.
    const now = (d + 2 ** 31 + 7) | 0;
    assert.not.ok(tickAtOrAfter(now, d), "the signed reading is wrong here");
    assert.ok(tickDeadlineCame(d, now, L), `${due}: passed 2^31 + 7 ns ago`);
    // Passed 2^32 − L − 1 ns ago: lead L + 1, still come; 2^32 − L ago aliases to L ahead.
    assert.ok(tickDeadlineCame(d, (d + 2 ** 32 - L - 1) | 0, L));
    assert.not.ok(tickDeadlineCame(d, (d + 2 ** 32 - L) | 0, L), "the documented alias");
  }
  // L = 0: only a deadline set at its own tick, come at once and ever after (to 2^32 − 1 ns).
  assert.ok(tickDeadlineCame(9, 9, 0));
  assert.ok(tickDeadlineCame(9, 8, 0));
});

test("tickLatestCameNs: the lateness test agrees with tickDeadlineCame at every boundary", () => {
  for (const L of [0, 1, 1000, 4001, 2 ** 30]) {
    for (const due of [0, 5, -1, 0x7fffffff, -(2 ** 31)]) {
      const d = due | 0;
      // From L + 1 ahead (aliased: passed 2^32 − L − 1 ago) through L ahead, in the steps where the answer can change.
      for (const off of [0, 1, -1, -L, -L - 1, 2 ** 31 + 7, 2 ** 32 - L - 1, 2 ** 32 - L, L, L + 1]) {
        const now = (d + off) | 0;
        const late = (now - d) >>> 0;
        assert.is(late <= tickLatestCameNs(L), tickDeadlineCame(d, now, L), `L ${L}, due ${due}, now due + ${off}`);
      }
    }
  }
  assert.is(tickLatestCameNs(4001), 4294963294);
});

test("tickFromPs gives the low 32 bits of whole nanoseconds", () => {
  assert.is(tickFromPs(0), 0);
  assert.is(tickFromPs(999), 0);
  assert.is(tickFromPs(1000), 1);
  const ps = (2 ** 32 + 7) * 1000 + 999; // just over one wrap, in ps
  assert.is(tickFromPs(ps), 7);
  assert.is(tickFromPs(2 ** 31 * 1000), -(2 ** 31));
});

test("32-bit PSN order is defined across the wrap", () => {
  const last = 0xffffffff | 0; // −1 as int32
  const first = psnAdd(last, 1);
  assert.is(first, 0);
  assert.ok(psnLt(last, first));
  assert.ok(psnGt(first, last));
  assert.ok(psnLe(first, first) && psnGe(first, first));
  assert.is(psnDiff(first, last), 1);
  assert.is(psnDiff(5, 0xfffffffb), 10); // uint32 inputs work the same
  assert.ok(psnLt(0xfffffffb, 5));
});

test("tickAfter and tickAtOrAfter are the sign of the int32 difference, at 0 and ±1 and ±(2^31 − 1), the widest valid interval", () => {
  for (const a of [0, 7, -1, 0x7fffffff, -(2 ** 31), 3_000_000_000]) {
    for (const d of [0, 1, -1, 2, -2, 2 ** 31 - 1, -(2 ** 31 - 1)]) {
      const b = (a - d) | 0;
      const at = `a ${a}, a − b ${d}`;
      assert.is(tickDiff(a, b), d, at);
      assert.is(tickAfter(a, b), d > 0, at);
      assert.is(tickAtOrAfter(a, b), d >= 0, at);
    }
  }
});

test("each 32-bit PSN comparison is the sign of the int32 difference, at 0 and ±1 and ±(2^31 − 1), the widest valid distance", () => {
  for (const a of [0, 5, -1, 0x7fffffff, -(2 ** 31), 0xfffffffb]) {
    for (const d of [0, 1, -1, 2, -2, 2 ** 31 - 1, -(2 ** 31 - 1)]) {
      const b = (a - d) | 0; // a − b = d
      const at = `a ${a}, a − b ${d}`;
      assert.is(psnDiff(a, b), d, at);
      assert.is(psnLt(a, b), d < 0, at);
      assert.is(psnLe(a, b), d <= 0, at);
      assert.is(psnGt(a, b), d > 0, at);
      assert.is(psnGe(a, b), d >= 0, at);
    }
  }
});

test("exactly 2^31 apart, past the documented limit, each PSN is before the other and neither tick is after the other", () => {
  // RFC 1982 §3.2 leaves a distance of 2^31 undefined; here a − b ≡ 2^31 (mod 2^32) reads as the
  // int32 −2^31, and b − a ≡ −2^31 ≡ 2^31 (mod 2^32) reads the same, so both differences are
  // −2^31 < 0 (lib/core/README.md states the limit and this reading).
  for (const a of [0, 5, -1, 0x7fffffff, -(2 ** 31), 0xfffffffb, 3_000_000_000]) {
    const b = (a + 2 ** 31) | 0;
    const at = `a ${a}, b ${b}`;
    assert.is(psnDiff(a, b), -(2 ** 31), at);
    assert.is(psnDiff(b, a), -(2 ** 31), at);
    assert.ok(psnLt(a, b) && psnLt(b, a), at);
    assert.ok(psnLe(a, b) && psnLe(b, a), at);
    assert.ok(!psnGt(a, b) && !psnGt(b, a) && !psnGe(a, b) && !psnGe(b, a), at);
    assert.is(tickDiff(a, b), -(2 ** 31), at);
    assert.is(tickDiff(b, a), -(2 ** 31), at);
    assert.ok(!tickAfter(a, b) && !tickAfter(b, a) && !tickAtOrAfter(a, b) && !tickAtOrAfter(b, a), at);
  }
});

test("24-bit PSN difference and addition wrap at 2^24", () => {
  assert.is(psn24Add(0xffffff, 1), 0);
  assert.is(psn24Diff(0, 0xffffff), 1);
  assert.is(psn24Diff(0xffffff, 0), -1);
  assert.is(psn24Diff(100, 50), 50);
  assert.is(psn24Diff(0x7fffff, 0), 0x7fffff);
  assert.is(psn24Diff(0x800000, 0), -0x800000);
});

test("isPsn24: integers in [0, 2^24) only", () => {
  assert.ok(isPsn24(0) && isPsn24(0xffffff) && isPsn24(12345));
  for (const bad of [-1, 0x1000000, 1.5, NaN, Infinity, -0x800000]) assert.not.ok(isPsn24(bad), String(bad));
});

test("isPsn32: a 32-bit PSN as int32 or uint32", () => {
  assert.ok(isPsn32(0) && isPsn32(-1) && isPsn32(0xffffffff) && isPsn32(-0x80000000) && isPsn32(0x7fffffff));
  for (const bad of [2 ** 32, -0x80000001, 0.5, NaN, -Infinity]) assert.not.ok(isPsn32(bad), String(bad));
});

test("psnAdd and psn24Add wrap inside their own width only", () => {
  // 0x7fffffff + 1 = 2^31, which as an int32 bit pattern is −2^31 (not the double 2^31).
  assert.is(psnAdd(0x7fffffff, 1), -(2 ** 31));
  // A uint32 input: 0xffffffff + 3 = 2^32 + 2 → 2.
  assert.is(psnAdd(0xffffffff, 3), 2);
  // 24-bit: 0x7fffff + 1 = 0x800000 is below 2^24, no wrap (bit 23 is a PSN bit like any other).
  assert.is(psn24Add(0x7fffff, 1), 0x800000);
  // 0 − 1 = −1, whose low 24 bits are 0xffffff.
  assert.is(psn24Add(0, -1), 0xffffff);
});

test.run();
