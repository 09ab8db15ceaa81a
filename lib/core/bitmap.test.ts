import { test } from "uvu";
import * as assert from "uvu/assert";
import { bitClear, bitSet, bitTest, clearAll, clearBits, countSet, countSetRun, ctz32, firstClear } from "./bitmap";

// A two-row table of 64-bit windows: row 1 starts at word 2, so every test also checks that
// nothing leaks into the neighbouring row.
function rows(): Int32Array {
  return new Int32Array(4);
}

test("ctz32 of single bits and mixed words", () => {
  for (let i = 0; i < 32; i++) assert.is(ctz32(1 << i), i);
  assert.is(ctz32(0b101000), 3);
  assert.is(ctz32(-1), 0);
});

test("set, test and clear a bit in one row leave the other row alone", () => {
  const b = rows();
  bitSet(b, 2, 0);
  bitSet(b, 2, 33);
  bitSet(b, 2, 63);
  assert.ok(bitTest(b, 2, 0) && bitTest(b, 2, 33) && bitTest(b, 2, 63));
  assert.not.ok(bitTest(b, 2, 1));
  assert.is(b[0], 0);
  assert.is(b[1], 0);
  assert.is(b[2], 1);
  assert.is(b[3], (1 << 1) | (1 << 31));
  bitClear(b, 2, 63);
  assert.is(b[3], 2);
  // Bit 33 is bit 1 of the row's second word, bit 0 bit 0 of its first: clearing a bit below 31
  // (63 is bit 31 of its word, where i & 31 and i | 31 agree) empties both words.
  bitClear(b, 2, 33);
  bitClear(b, 2, 0);
  assert.is(b[3], 0);
  assert.is(b[2], 0);
});

test("clearBits wraps at the end of the window and stops after count bits", () => {
  const b = rows();
  b[2] = -1;
  b[3] = -1;
  clearBits(b, 2, 63, 60, 8); // bits 60..63 and 0..3
  assert.is(b[3] >>> 0, 0x0fffffff);
  assert.is(b[2] >>> 0, 0xfffffff0);
  clearAll(b, 2, 63);
  assert.is(b[2] | b[3], 0);
});

test("countSetRun counts the run of arrivals from a pointer, across words and the wrap", () => {
  const b = rows();
  for (const i of [62, 63, 0, 1, 2, 4]) bitSet(b, 2, i);
  assert.is(countSetRun(b, 2, 63, 62, 64), 5); // 62, 63, 0, 1, 2 then 3 is missing
  assert.is(countSetRun(b, 2, 63, 62, 3), 3); // capped by max
  assert.is(countSetRun(b, 2, 63, 3, 64), 0);
  b[2] = -1;
  b[3] = -1;
  assert.is(countSetRun(b, 2, 63, 17, 64), 64);
});

test("firstClear finds the next hole or reports none within count", () => {
  const b = rows();
  b[2] = -1;
  bitSet(b, 2, 32);
  assert.is(firstClear(b, 2, 63, 5, 64), 28); // bits 5..32 set, 33 clear
  assert.is(firstClear(b, 2, 63, 5, 10), 10); // none within 10
  assert.is(firstClear(b, 2, 63, 40, 64), 0);
  b[3] = -1;
  assert.is(firstClear(b, 2, 63, 40, 64), 64);
});

test("countSet counts bits in a wrapped range", () => {
  const b = rows();
  for (const i of [0, 5, 31, 32, 60, 63]) bitSet(b, 2, i);
  assert.is(countSet(b, 2, 63, 0, 64), 6);
  assert.is(countSet(b, 2, 63, 60, 8), 3); // 60, 63, 0
  assert.is(countSet(b, 2, 63, 1, 4), 0);
  b[2] = -1;
  b[3] = -1;
  assert.is(countSet(b, 2, 63, 7, 64), 64);
});

test("clearBits with a single bit left for the next word clears it too", () => {
  const b = rows();
  b[2] = -1;
  b[3] = -1;
  clearBits(b, 2, 63, 31, 2); // bit 31 of word 0, then bit 0 of word 1
  assert.is(b[2] >>> 0, 0x7fffffff);
  assert.is(b[3] >>> 0, 0xfffffffe);
});

test("countSet with a single bit left for the next word counts it", () => {
  const b = rows();
  bitSet(b, 2, 31);
  bitSet(b, 2, 32);
  assert.is(countSet(b, 2, 63, 31, 2), 2);
  assert.is(countSet(b, 2, 63, 31, 1), 1);
});

test("a span from bit 1 to the end of a word takes the 31-bit mask in every scan", () => {
  // From bit 1, 32 − 1 = 31 bits of the word are in range: the one mask (2^31 − 1) whose
  // `(1 << 31) − 1` leaves int32 (lowBits).
  const b = rows();
  b[2] = -1;
  assert.is(countSetRun(b, 2, 63, 1, 64), 31); // bits 1..31 set, bit 32 clear
  assert.is(firstClear(b, 2, 63, 1, 64), 31);
  assert.is(countSet(b, 2, 63, 1, 31), 31);
  b[2] = 0x7fffffff; // bits 0..30
  assert.is(firstClear(b, 2, 63, 1, 64), 30); // bits 1..30 set, 31 clear
  assert.is(countSetRun(b, 2, 63, 1, 64), 30);
  b[2] = -1;
  b[3] = -1;
  clearBits(b, 2, 63, 1, 31); // bits 1..31 of word 0: bit 0 alone stays
  assert.is(b[2], 1);
  assert.is(b[3], -1);
});

test("firstClear caps a hole found inside the first word at count", () => {
  const b = rows();
  b[2] = 0b1111100000; // bits 5..9 set, 10 clear
  // From bit 5 the first clear bit is 5 away (bit 10); within count 3 there is none, so 3.
  assert.is(firstClear(b, 2, 63, 5, 3), 3);
  assert.is(firstClear(b, 2, 63, 5, 6), 5);
  assert.is(countSetRun(b, 2, 63, 5, 3), 3);
});

test.run();
