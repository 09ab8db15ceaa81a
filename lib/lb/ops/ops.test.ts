import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { GOOD, TIMEOUT } from "../feedback";
import { Ops, buildAlias } from "./ops";

test("uniform over the implicit EV space", () => {
  const t = new Ops({ evCount: 10, seed: 3 }, 1);
  t.open(0, 0);
  const counts = new Int32Array(10);
  for (let i = 0; i < 100_000; i++) counts[t.choosePath(0, i, i)]++;
  for (const c of counts) assert.ok(Math.abs(c - 10_000) < 500);
  assert.is(t.onPathFeedback(0, 1, 9, TIMEOUT), 0);
  assert.is(t.onPathFeedback(0, 1, 10, GOOD), E_STATE);
});

test("uniform over explicit sets; open picks the flow's set", () => {
  const t = new Ops({ sets: [{ evs: [5, 6] }, { evs: [100, 200, 300] }] }, 2);
  t.open(0, 0);
  t.open(1, 1);
  for (let i = 0; i < 1000; i++) {
    assert.ok([5, 6].includes(t.choosePath(0, i, i)));
    assert.ok([100, 200, 300].includes(t.choosePath(1, i, i)));
  }
  assert.is(t.onPathFeedback(0, 1, 300, GOOD), 0);
  assert.is(t.onPathFeedback(0, 1, 7, GOOD), E_STATE);
  assert.throws(() => t.open(0, 2), RangeError);
});

test("alias tables are exact: P(j) = s_j / (n × 2^16) with Σ s_j = n × 2^16", () => {
  const w = [1, 1.86, 3, 0.5, 7.25, 1];
  const [prob, alias] = buildAlias(w);
  const n = w.length;
  const mass = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    mass[j] += prob[j];
    mass[alias[j]] += 65536 - prob[j];
  }
  const total = w.reduce((a, b) => a + b, 0);
  for (let j = 0; j < n; j++) assert.ok(Math.abs(mass[j] - (w[j] * n * 65536) / total) <= 1, `weight ${j}`);
});

test("weighted sampling follows the weights", () => {
  const t = new Ops({ mode: "weighted", sets: [{ evs: [10, 20, 30], weights: [1, 2, 5] }], seed: 9 }, 1);
  t.open(0, 0);
  const c = new Map<number, number>();
  const N = 160_000;
  for (let i = 0; i < N; i++) {
    const ev = t.choosePath(0, i, i);
    c.set(ev, (c.get(ev) ?? 0) + 1);
  }
  assert.ok(Math.abs((c.get(10) ?? 0) - N / 8) < 1500);
  assert.ok(Math.abs((c.get(20) ?? 0) - N / 4) < 1500);
  assert.ok(Math.abs((c.get(30) ?? 0) - (5 * N) / 8) < 1500);
});

test("UEC mode: every EV once per cycle in a pseudorandom order, reshuffled between cycles", () => {
  const t = new Ops({ mode: "uec", seed: 11 }, 2);
  assert.is(t.params.evCount, 256);
  t.open(0, 0);
  t.open(1, 0);
  const cycles: number[][] = [];
  for (let c = 0; c < 4; c++) {
    const seq: number[] = [];
    for (let i = 0; i < 256; i++) seq.push(t.choosePath(0, i, i));
    assert.is(new Set(seq).size, 256, "a permutation");
    cycles.push(seq);
  }
  assert.not.equal(cycles[0], cycles[1]);
  assert.not.equal(cycles[1], cycles[2]);
  // Not a plain counter: consecutive EVs do not step by a constant.
  const steps = new Set(cycles[0].slice(1).map((x, i) => (x - cycles[0][i] + 256) % 256));
  assert.ok(steps.size > 50);
  const other: number[] = [];
  for (let i = 0; i < 256; i++) other.push(t.choosePath(1, i, i));
  assert.not.equal(other, cycles[0], "flows have their own order");
  const slow = new Ops({ mode: "uec", evCount: 16, reshuffleCycles: 3 }, 1);
  slow.open(0, 0);
  const runs: string[] = [];
  for (let c = 0; c < 4; c++) {
    const seq: number[] = [];
    for (let i = 0; i < 16; i++) seq.push(slow.choosePath(0, i, i));
    runs.push(seq.join(","));
  }
  assert.ok(runs[0] === runs[1] && runs[1] === runs[2] && runs[2] !== runs[3]);
});

test("UEC mode: every position of a cycle is uniform over the EVs, the first as much as the rest", () => {
  // 256 EVs, 25,600 fresh keys: χ² over 256 cells has mean 255 and σ ≈ 22.6. Starting the first
  // round from i alone gave EV 0 at i = 0 and EV 128 at i = 128 2.4× their share: χ² ≈ 700.
  const t = new Ops({ mode: "uec", evCount: 256, seed: 11 }, 1);
  const flows = 25_600;
  for (const position of [0, 1, 128, 255]) {
    const counts = new Float64Array(256);
    for (let f = 0; f < flows; f++) {
      t.open(0, 0);
      let ev = -1;
      for (let i = 0; i <= position; i++) ev = t.choosePath(0, i, i);
      counts[ev]++;
      t.close(0);
    }
    let chi2 = 0;
    for (const c of counts) chi2 += (c - flows / 256) ** 2 / (flows / 256);
    assert.ok(chi2 < 255 + 5 * 22.6, `position ${position}: χ² ${chi2.toFixed(0)}`);
  }
});

test("bad input → error, counter, state unchanged; construction checks", () => {
  const t = new Ops({ mode: "uec", evCount: 64 }, 2);
  t.open(0, 0);
  t.choosePath(0, 0, 0);
  const before = JSON.stringify(t.inspect(0));
  assert.is(t.onPathFeedback(0, 1, 64, GOOD), E_STATE);
  assert.is(t.onPathFeedback(0, 1, 3, 9), E_ARG);
  assert.is(t.onPathFeedback(0, NaN, 3, GOOD), E_ARG);
  assert.is(t.onPathFeedback(1, 1, 3, GOOD), E_SLOT);
  assert.is(t.choosePath(1, 1, 1), E_SLOT);
  assert.is(t.choosePath(0, 1, NaN), E_ARG);
  assert.is(t.errors, 6);
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.throws(() => new Ops({ mode: "uec", evCount: 100 }), RangeError);
  assert.throws(() => new Ops({ mode: "weighted" }), RangeError);
  assert.throws(() => new Ops({ sets: [{ evs: [1, 2], weights: [1] }] }), RangeError);
  assert.throws(() => new Ops({ sets: [{ evs: [70000] }] }), RangeError);
  assert.throws(() => new Ops({ mode: "x" as never }), RangeError);
  assert.is(Ops.bytesPerFlow, 12);
});

test("seeded random events: EVs always from the flow's set", () => {
  const rng = new Xoshiro128(2);
  const sets = [{ evs: [1, 2, 3] }, { evs: [40, 50], weights: [3, 1] }];
  for (const mode of ["uniform", "weighted"] as const) {
    const t = new Ops({ mode, sets }, 4);
    for (let s = 0; s < 4; s++) t.open(s, s & 1);
    for (let i = 0; i < 20_000; i++) {
      const s = rng.nextBelow(4);
      const ev = t.choosePath(s, i, i);
      assert.ok(sets[s & 1].evs.includes(ev));
      assert.is(t.onPathFeedback(s, i, ev, rng.nextBelow(4)), 0);
    }
  }
});

test("a one-EV space (evCount 1) always gives EV 0, in the uniform and the uec mode", () => {
  for (const mode of ["uniform", "uec"] as const) {
    const t = new Ops({ mode, evCount: 1 }, 1);
    t.open(0, 0);
    for (let i = 0; i < 20; i++) assert.is(t.choosePath(0, i, i), 0, mode);
    assert.is(t.onPathFeedback(0, 1, 0, GOOD), 0);
    assert.is(t.onPathFeedback(0, 1, 1, GOOD), E_STATE);
  }
});

test.run();
