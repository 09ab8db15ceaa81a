// Boundaries of OPS's weighted mode that ops.test.ts passed over (found by the mutation pass,
// docs/mutation-testing.md): which column takes the rounding residue of the alias table (the
// test of exactness allowed ±1 per column), and each weighted draw against the definition of
// the draw (a column and a Q16 coin from one generator word, the column kept when coin < prob),
// so that a coin off by one is seen where it lands exactly on a column's probability.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { Ops, buildAlias } from "./ops";

test("the rounding residue goes to the first of the largest weights", () => {
  // Weights 3, 3, 1 over n = 3 columns of 2^16: s_j = round(w_j × 3 × 65536 / 7) gives
  // round(84260.57) = 84261, 84261 and round(28086.86) = 28087; Σ = 196609, one more than
  // 3 × 65536, so the first largest column gives one back: s = 84260, 84261, 28087.
  const [prob, alias] = buildAlias([3, 3, 1]);
  const mass = [0, 0, 0];
  for (let j = 0; j < 3; j++) {
    mass[j] += prob[j];
    mass[alias[j]] += 65536 - prob[j];
  }
  assert.equal(mass, [84260, 84261, 28087]);
});

test("each weighted draw is the column and coin of one generator word", () => {
  const weights = [1, 1.86, 3, 0.5, 7.25, 1];
  const evs = [40, 41, 42, 43, 44, 45];
  const seed = 12;
  const t = new Ops({ mode: "weighted", sets: [{ evs, weights }], seed }, 1);
  t.open(0, 0);
  const [prob, alias] = buildAlias(weights);
  const rng = new Xoshiro128(seed);
  const n = weights.length;
  let onTheEdge = 0;
  for (let i = 0; i < 1 << 20; i++) {
    // The word's top digits in base n × 2^16: the column, then the coin.
    const un = (rng.nextI32() >>> 0) * n;
    const col = Math.floor(un / 2 ** 32);
    const coin = Math.floor((un % 2 ** 32) / 2 ** 16);
    if (coin === prob[col] - 1) onTheEdge++;
    const want = evs[coin < prob[col] ? col : alias[col]];
    if (t.choosePath(0, i, i) !== want) assert.unreachable(`draw ${i}: col ${col} coin ${coin}`);
  }
  assert.ok(onTheEdge > 3, `coins one below a column's probability: ${onTheEdge}`);
});

test("weights near the largest double keep their ratios (no overflow to Infinity)", () => {
  // Found by differential testing: w_j × n × 2^16 and Σw overflowed, so s_j came out NaN or ∞.
  const mass = (w: number[]): number[] => {
    const [prob, alias] = buildAlias(w);
    const m = w.map(() => 0);
    for (let j = 0; j < w.length; j++) {
      m[j] += prob[j];
      m[alias[j]] += 65536 - prob[j];
    }
    return m;
  };
  // n = 2, ratio 2 : 1: s = round(2/3 × 131072) = round(87381.33) = 87381 and
  // round(1/3 × 131072) = round(43690.67) = 43691; Σ = 131072, no residue.
  assert.equal(mass([1e308, 5e307]), [87381, 43691]);
  // n = 3, 1 : 1 : ~0 (Σw = 3.4e308 overflows): s = 3 × 65536 / 2 = 98304, 98304 and
  // round(196608 / 3.4e308) = 0; Σ = 196608, no residue.
  assert.equal(mass([1.7e308, 1.7e308, 1]), [98304, 98304, 0]);
  // n = 4, 1 : 1 : 1 : 2 at 10^303: Σw = 5e303 is finite, but Σw × 4 × 2^16 = 1.3e309 and the
  // largest w × n × 2^16 = 5.2e308 are not, so the weights are divided by the largest first.
  // s = round(w/Σw × 4 × 65536): 1/5 × 262144 = 52428.8 → 52429 (three times), 2/5 → 104857.6
  // → 104858; Σ = 262145, one over 4 × 65536, taken from the largest weight (README: the residue
  // n·2^16 − Σs_j goes to the column of the largest): 104857.
  assert.equal(mass([1e303, 1e303, 1e303, 2e303]), [52429, 52429, 52429, 104857]);
});

test("weights in the subnormal range keep their ratios (used as given, not halved or scaled)", () => {
  // Σw·n·2^16 is finite, so the weights are used as given. MIN_VALUE = 2^-1074 and 3 × 2^-1074:
  // Σw = 4 × 2^-1074 (exact: subnormals add as integers of 2^-1074); n = 2, so
  // s_0 = round(2^-1074 × 2 × 65536 / (4 × 2^-1074)) = 32768 and s_1 = 3 × 32768 = 98304;
  // Σ = 131072 = 2 × 65536, no residue. Column 0 is kept with probability 32768 / 65536 and
  // otherwise aliased to column 1. (Weights divided by 2 first round 2^-1075 to 0.)
  const [prob, alias] = buildAlias([Number.MIN_VALUE, 3 * Number.MIN_VALUE]);
  assert.is(prob[0], 32768);
  assert.is(alias[0], 1);
  assert.is(prob[1], 65536);
});

test("a weight must be a finite number > 0: 0, -1, NaN, Infinity and a string are refused", () => {
  // README "weighted": "a weight must be a finite number > 0, one per EV (else a RangeError)".
  for (const bad of [0, -1, NaN, Infinity, "1" as unknown as number]) {
    assert.throws(() => new Ops({ mode: "weighted", sets: [{ evs: [1, 2], weights: [bad, 1] }] }, 1), /weights must be positive numbers/);
  }
  assert.not.throws(() => new Ops({ mode: "weighted", sets: [{ evs: [1, 2], weights: [Number.MIN_VALUE, 1] }] }, 1));
});

test("uniform over an explicit set ignores the set's weights: EV = evs[nextBelow(|evs|)]", () => {
  // README "uniform": over an explicit set, EV = evs[nextBelow(|evs|)], one word per packet; the
  // weights (1 : 65535, which weighted mode would turn into EV 20 almost always) play no part.
  const evs = [10, 20];
  const seed = 5;
  const t = new Ops({ mode: "uniform", sets: [{ evs, weights: [1, 65535] }], seed }, 1);
  t.open(0, 0);
  const rng = new Xoshiro128(seed);
  let tens = 0;
  for (let i = 0; i < 4096; i++) {
    const want = evs[rng.nextBelow(2)];
    if (want === 10) tens++;
    if (t.choosePath(0, i, i) !== want) assert.unreachable(`draw ${i}`);
  }
  assert.ok(tens > 1800, `EV 10 drawn ${tens} times of 4096`);
});

test.run();
