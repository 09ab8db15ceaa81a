import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { ECN, GOOD, NACK, TIMEOUT } from "../feedback";
import { Flowlet } from "./flowlet";

test("packets closer than gapNs keep the EV; a longer gap starts a new flowlet", () => {
  const t = new Flowlet({ gapNs: 1000, evCount: 65536, seed: 2 }, 1);
  t.open(0);
  const first = t.choosePath(0, 0, 0);
  for (let i = 1; i <= 50; i++) assert.is(t.choosePath(0, i * 1000, i), first, "gap exactly 1000: same flowlet");
  const next = t.choosePath(0, 50_000 + 1001, 51);
  assert.is.not(next, first);
  assert.is(t.flowletCount, 1);
  assert.is(t.choosePath(0, 51_500, 52), next);
});

test("feedback mode: the gap runs from the last feedback; minRerouteNs spaces re-paths", () => {
  const t = new Flowlet({ gapNs: 100, gapFrom: "feedback", minRerouteNs: 5000, seed: 4 }, 1);
  t.open(0);
  const a = t.choosePath(0, 0, 0);
  assert.is(t.choosePath(0, 1000, 1), a, "no feedback yet: no gap to measure");
  t.onPathFeedback(0, 1000, a, GOOD);
  const b = t.choosePath(0, 1200, 2);
  assert.is.not(b, a);
  t.onPathFeedback(0, 1300, b, ECN);
  assert.is(t.choosePath(0, 2000, 3), b, "held until 6200");
  t.onPathFeedback(0, 6100, b, GOOD);
  assert.is.not(t.choosePath(0, 6300, 4), b);
});

test("feedback mode: a timeout leaves the gap clock at the last ACK, so the resend after an RTO re-paths", () => {
  // The REPS artifact's rtxTimerExpired passes PATH_TIMEOUT to the BITMAP and MIXED balancers only.
  const t = new Flowlet({ gapNs: 100, gapFrom: "feedback", seed: 5 }, 1);
  t.open(0);
  const a = t.choosePath(0, 0, 0);
  t.onPathFeedback(0, 1000, a, GOOD);
  t.onPathFeedback(0, 1500, a, TIMEOUT);
  const b = t.choosePath(0, 1500, 1);
  assert.is(t.flowletCount, 1, "1500 − 1000 = 500 > 100");
  t.onPathFeedback(0, 1600, b, NACK);
  t.onPathFeedback(0, 1700, b, TIMEOUT);
  assert.is(t.choosePath(0, 1700, 2), b, "1700 − 1600 = 100 is no gap: the NACK restarted the clock");
  assert.is(t.flowletCount, 1);
});

test("the table counts every EV it returns once: a new flowlet, held by minRerouteNs, or kept", () => {
  // gapNs 100 (a gap must exceed it), a hold of 500 ns after each new flowlet, send mode.
  const t = new Flowlet({ gapNs: 100, minRerouteNs: 500 }, 2);
  t.open(0);
  t.open(1);
  t.choosePath(0, 0, 0); // no clock yet: kept 1
  t.choosePath(0, 50, 1); // gap 50: kept 2
  t.choosePath(0, 150, 2); // gap 100, not > 100: kept 3
  t.choosePath(0, 251, 3); // gap 101: new 1, held until 251 + 500 = 751
  t.choosePath(0, 400, 4); // gap 149, but 400 < 751: held 1
  t.choosePath(0, 451, 5); // gap 51: kept 4
  t.choosePath(0, 751, 6); // gap 300, the hold ends at 751: new 2
  t.choosePath(1, 0, 0); // the other flow, no clock: kept 5
  t.choosePath(1, 1000, 1); // gap 1000, never held: new 3
  assert.is(t.choosePath(0, Number.NaN, 7), E_ARG); // rejected: counts only in errors
  assert.equal([t.flowletCount, t.evsHeld, t.evsKept], [3, 1, 5], "9 accepted calls");
});

test("bad input → error, counter, state unchanged", () => {
  const t = new Flowlet({ evCount: 10 }, 2);
  t.open(0);
  t.choosePath(0, 5, 0);
  const before = JSON.stringify(t.inspect(0));
  assert.is(t.onPathFeedback(0, 6, 10, GOOD), E_STATE);
  assert.is(t.onPathFeedback(0, 6, 1, 5), E_ARG);
  assert.is(t.onPathFeedback(0, NaN, 1, GOOD), E_ARG);
  assert.is(t.onPathFeedback(1, 6, 1, GOOD), E_SLOT);
  assert.is(t.choosePath(1, 6, 1), E_SLOT);
  assert.is(t.choosePath(0, 6, NaN), E_ARG);
  assert.is(t.errors, 6);
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.throws(() => new Flowlet({ gapFrom: "x" as never }), RangeError);
  assert.is(Flowlet.bytesPerFlow, 12);
});

test("seeded random events: a new EV only after a gap longer than gapNs", () => {
  const rng = new Xoshiro128(6);
  const t = new Flowlet({ gapNs: 300, evCount: 65536 }, 3);
  const last = [0, 0, 0];
  const ev = [0, 0, 0];
  for (let s = 0; s < 3; s++) {
    t.open(s);
    ev[s] = t.choosePath(s, 0, 0);
  }
  let now = 0;
  for (let i = 0; i < 30_000; i++) {
    now += rng.nextBelow(120);
    const s = rng.nextBelow(3);
    const e = t.choosePath(s, now, i);
    if (e !== ev[s]) assert.ok(now - last[s] > 300);
    ev[s] = e;
    last[s] = now;
  }
});

test.run();
