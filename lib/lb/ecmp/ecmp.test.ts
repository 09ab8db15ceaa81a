import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { hash3, Xoshiro128 } from "../../core/rng";
import { ECN, GOOD, NACK, TIMEOUT } from "../feedback";
import { Ecmp } from "./ecmp";

test("one EV per flow, fixed at open: floor(hash3(flowId, salt, 0) × evCount / 2^32)", () => {
  const t = new Ecmp({ evCount: 1000, salt: 77 }, 2);
  t.open(0, 123456);
  const want = Math.floor(((hash3(123456, 77, 0) >>> 0) * 1000) / 2 ** 32);
  for (let i = 0; i < 100; i++) assert.is(t.choosePath(0, i * 10, i), want);
  for (const kind of [GOOD, ECN, NACK, TIMEOUT]) assert.is(t.onPathFeedback(0, 5, want, kind), 0);
  assert.is(t.choosePath(0, 2000, 100), want, "feedback never moves the flow");
  assert.is(Ecmp.bytesPerFlow, 3);
});

test("the default table: 65,536 EVs and salt 0 (api.json), placing flows like an explicit salt 0", () => {
  const t = new Ecmp({}, 1);
  assert.equal(t.params, { evCount: 65536, salt: 0 });
  for (const flowId of [0, 1, 123456, -5]) {
    t.open(0, flowId);
    assert.is(t.choosePath(0, 0, 0), Math.floor(((hash3(flowId, 0, 0) >>> 0) * 65536) / 2 ** 32));
  }
});

test("flows spread evenly over the EV space; the salt changes the placement", () => {
  const a = new Ecmp({ evCount: 16, salt: 1 }, 1);
  const b = new Ecmp({ evCount: 16, salt: 2 }, 1);
  const counts = new Int32Array(16);
  let moved = 0;
  for (let f = 0; f < 32_000; f++) {
    a.open(0, f);
    b.open(0, f);
    const ev = a.choosePath(0, 0, 0);
    counts[ev]++;
    if (ev !== b.choosePath(0, 0, 0)) moved++;
  }
  for (const c of counts) assert.ok(Math.abs(c - 2000) < 200);
  assert.ok(moved > 28_000, "a different salt re-places about 15/16 of the flows");
});

test("bad input → error code, counter, state unchanged; unsigned flow ids accepted", () => {
  const t = new Ecmp({}, 2);
  t.open(0, 0xffffffff);
  t.open(1, -5);
  t.close(1);
  const ev = t.ev(0);
  const before = JSON.stringify(t.inspect(0));
  assert.is(t.onPathFeedback(0, 1, (ev + 1) & 0xffff, GOOD), E_STATE);
  assert.is(t.onPathFeedback(0, 1, ev, 4), E_ARG);
  assert.is(t.onPathFeedback(0, 1, ev, NaN), E_ARG);
  assert.is(t.onPathFeedback(0, NaN, ev, GOOD), E_ARG);
  assert.is(t.onPathFeedback(0, 1, 65536, GOOD), E_ARG);
  assert.is(t.onPathFeedback(1, 1, ev, GOOD), E_SLOT);
  assert.is(t.choosePath(1, 1, 0), E_SLOT);
  assert.is(t.choosePath(0, 1, NaN), E_ARG);
  assert.is(t.errors, 8 + 0);
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.throws(() => t.open(0, 1.5), RangeError);
  assert.throws(() => t.open(0, 2 ** 32), RangeError);
  assert.throws(() => new Ecmp({ evCount: 0 }), RangeError);
  assert.throws(() => new Ecmp({ nope: 1 } as never), RangeError);
});

test("seeded random events: the EV never changes and stays in range", () => {
  const rng = new Xoshiro128(4);
  const t = new Ecmp({ evCount: 300 }, 8);
  const fixed: number[] = [];
  for (let s = 0; s < 8; s++) {
    t.open(s, rng.nextI32());
    fixed.push(t.ev(s));
  }
  for (let i = 0; i < 20_000; i++) {
    const s = rng.nextBelow(8);
    if (rng.nextBelow(2) === 0) assert.is(t.choosePath(s, i, i), fixed[s]);
    else t.onPathFeedback(s, i, rng.nextBelow(300), rng.nextBelow(4));
    assert.ok(fixed[s] >= 0 && fixed[s] < 300 && t.ev(s) === fixed[s]);
  }
});

test("the range ends: evCount 1 puts every flow on EV 0; flowId −2^31 is a 32-bit word", () => {
  const one = new Ecmp({ evCount: 1 }, 1);
  for (const flowId of [0, 1, -(2 ** 31), 2 ** 32 - 1]) {
    one.open(0, flowId);
    assert.is(one.choosePath(0, 0, 0), 0);
  }
  const t = new Ecmp({ evCount: 1000, salt: 3 }, 1);
  t.open(0, -(2 ** 31));
  assert.is(t.ev(0), Math.floor(((hash3(-(2 ** 31), 3, 0) >>> 0) * 1000) / 2 ** 32));
  assert.throws(() => t.open(0, -(2 ** 31) - 1), RangeError);
});

test.run();
