import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { resolveTimelyParams } from "./params";
import {
  TIMELY_GRADIENT_DECREASE,
  TIMELY_GRADIENT_INCREASE,
  TIMELY_HAI,
  TIMELY_HIGH_DECREASE,
  TIMELY_LOW_INCREASE,
  Timely,
} from "./timely";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

test("profiles: the paper's constants, and the HPCC simulator's δ that follows the link rate", () => {
  const p = resolveTimelyParams({});
  assert.is(p.profile, "paper");
  assert.is(p.tLowNs, 50_000);
  assert.is(p.tHighNs, 500_000);
  assert.is(p.deltaMbps, 10);
  assert.is(p.haiDeltaMbps, 50);
  assert.is(p.beta, 0.8);
  assert.is(p.minRttNs, 20_000);
  assert.is(p.updateMode, "completion");
  assert.is(p.haiCounting, "gradient");
  const h = resolveTimelyParams({ profile: "hpcc", linkGbps: 400 });
  assert.is(h.deltaMbps, 400); // RATE_AI = 10 × (bw/10) Mb/s
  assert.is(h.haiDeltaMbps, 2000);
  assert.is(h.minRateMbps, 1000);
  assert.is(h.updateMode, "rtt");
  assert.is(h.haiCounting, "increase");
  assert.is(resolveTimelyParams({ profile: "hpcc", deltaMbps: 7 }).haiDeltaMbps, 35);
});

test("unknown names and out-of-range values are refused", () => {
  assert.throws(() => new Timely({ tlow: 1 } as never), /unknown parameter tlow/);
  assert.throws(() => new Timely({ profile: "erpc" } as never), /unknown profile/);
  assert.throws(() => new Timely({ linkGbps: 3000 }), RangeError); // kb/s in int32
  assert.throws(() => new Timely({ tLowNs: 600_000 }), RangeError); // above T_high
  assert.throws(() => new Timely({ beta: -0.1 }), RangeError);
  assert.throws(() => new Timely({ minRateMbps: 0 }), RangeError);
  assert.throws(() => new Timely({ initRateGbps: 101 }), RangeError);
  assert.throws(() => new Timely({ updateMode: "segment" } as never), RangeError);
  assert.is(Timely.bytesPerFlow, 7 * 4 + 8 + 1); // seven int32 columns, a float64, the open flag
});

test("rtt_diff is never saturated: a jump of almost 1 s is kept whole (Q20 ns, below 2^50)", () => {
  // ewmaWeight 1: rtt_diff = rtt − prev_rtt (Alg. 1) = 10^9 − 1000 = 999,999,000 ns, then −999,999,000.
  const cc = new Timely({ ewmaWeight: 1, initRateGbps: 10 }, 1);
  cc.open(0);
  cc.onAck(0, 0, 0, 1000);
  assert.is(cc.onAck(0, 1, 0, 1_000_000_000), 2); // far above T_high
  assert.is(cc.rttDiffNs(0), 999_999_000);
  assert.is(cc.onAck(0, 2, 0, 1000), TIMELY_LOW_INCREASE);
  assert.is(cc.rttDiffNs(0), -999_999_000);
});

test("an RTT below 1 ns on an ACK is no sample: the next real one is still the flow's first", () => {
  const cc = new Timely({ initRateGbps: 50 }, 1);
  cc.open(0);
  const rate = cc.rateBps(0);
  for (const rtt of [0.5, 0, -7]) assert.is(cc.onAck(0, 0, 4096, rtt), 0, `rtt ${rtt}`);
  assert.is(cc.onAck(0, 0, 4096, 1), 0); // first sample: only recorded
  assert.is(cc.rateBps(0), rate);
  // second sample, 1 ns → 30 µs, far below T_low (50 µs): rate + δ (10 Mb/s)
  assert.is(cc.onAck(0, 0, 4096, 30_000), TIMELY_LOW_INCREASE);
  assert.is(cc.rateBps(0), rate + 10_000_000);
  // rtt_diff = 0 + 0.875 × 29 999 = 26 249.125 ns, 26 249 in whole ns: the EWMA ran from the
  // 1 ns sample
  assert.is(cc.rttDiffNs(0), 26_249);
});

test("a fixed window (no varWindow) is independent of the rate", () => {
  const cc = new Timely({ windowBytes: 10_000, initRateGbps: 1 }, 1);
  cc.open(0);
  assert.is(cc.windowBytes(0), 10_000);
  cc.onSend(0, 0, 8000);
  assert.is(cc.canSend(0, 2000), true);
  assert.is(cc.canSend(0, 2001), false);
});

test("in paper counting the gradient history runs through the T_low and T_high regions", () => {
  const cc = new Timely({ ewmaWeight: 1, initRateGbps: 10 }, 1);
  cc.open(0);
  cc.onAck(0, 0, 0, 60_000);
  assert.is(cc.onAck(0, 1, 0, 40_000), TIMELY_LOW_INCREASE); // gradient < 0, counted
  assert.is(cc.haiCount(0), 1);
  assert.is(cc.onAck(0, 2, 0, 39_000), TIMELY_LOW_INCREASE);
  assert.is(cc.haiCount(0), 2);
  assert.is(cc.onAck(0, 3, 0, 60_000), TIMELY_GRADIENT_DECREASE);
  assert.is(cc.haiCount(0), 0);
  assert.is(cc.onAck(0, 4, 0, 59_000), TIMELY_GRADIENT_INCREASE);
  assert.is(cc.haiCount(0), 1);
});

test("every handler rejects bad arguments with E_ARG and a bad slot with E_SLOT, state unchanged", () => {
  const cc = new Timely({ initRateGbps: 10 }, 4);
  cc.open(0);
  cc.onSend(0, 0, 4096);
  cc.onAck(0, 1, 4096, 30_000);
  const before = cc.inspect(0);
  let n = 0;
  for (const x of [NaN, Infinity, -1, 0.5, 2 ** 31]) {
    assert.is(cc.onAck(0, 2, x, 30_000), E_ARG);
    assert.is(cc.onSend(0, 2, x), E_ARG);
    assert.is(cc.pacingGapNs(0, x), E_ARG);
    assert.is(cc.canSend(0, x), false);
    n += 4;
  }
  for (const rtt of [NaN, Infinity, -Infinity, 2 ** 31]) {
    assert.is(cc.onAck(0, 2, 0, rtt), E_ARG);
    assert.is(cc.onDelaySample(0, 2, rtt), E_ARG);
    n += 2;
  }
  assert.is(cc.onDelaySample(0, 2, 0), E_ARG);
  assert.is(cc.onAck(0, NaN, 0, 30_000), E_ARG);
  assert.is(cc.onSend(0, Infinity, 0), E_ARG);
  n += 3;
  for (const s of [-1, 4, 2.5, NaN, 1]) {
    assert.is(cc.onAck(s, 2, 0, 30_000), E_SLOT);
    assert.is(cc.onDelaySample(s, 2, 30_000), E_SLOT);
    assert.is(cc.onSend(s, 2, 0), E_SLOT);
    assert.is(cc.pacingGapNs(s, 0), E_SLOT);
    n += 4;
  }
  assert.is(cc.errors, n);
  assert.ok(same(cc.inspect(0), before));
});

type Alg1Params = { ewmaWeight: number; tLowNs: number; tHighNs: number; haiThreshold: number };

/**
 * TIMELY Alg. 1 in doubles, as HPCC's rdma-hw.cc UpdateRateTimely and eRPC's timely.h keep
 * rtt_diff (paper counting: the HAI run is the gradient's sign). Returns the result bits, which
 * depend on the RTT and the sign history only; `diff` is the double rtt_diff.
 */
function doubleAlg1(p: Alg1Params) {
  // The module's weight is the Q16 one (params converted once): the same α on both sides.
  const alpha = Math.round(p.ewmaWeight * 65536) / 65536;
  let prev = 0;
  let run = 0;
  const m = {
    diff: 0,
    update(rtt: number): number {
      if (prev === 0) {
        prev = rtt;
        return 0;
      }
      m.diff = (1 - alpha) * m.diff + alpha * (rtt - prev);
      prev = rtt;
      run = m.diff < 0 ? run + 1 : 0;
      if (rtt < p.tLowNs) return TIMELY_LOW_INCREASE;
      if (rtt > p.tHighNs) return TIMELY_HIGH_DECREASE;
      if (m.diff > 0) return TIMELY_GRADIENT_DECREASE;
      const hai = run >= p.haiThreshold ? TIMELY_HAI : 0;
      return TIMELY_GRADIENT_INCREASE | hai;
    },
  };
  return m;
}

/** `n` RTTs through the module and the double model: where sign or result differ, and counts. */
function againstDoubles(ewmaWeight: number, rtts: (i: number) => number, n: number) {
  const cc = new Timely({ initRateGbps: 50, ewmaWeight }, 1);
  cc.open(0);
  const ref = doubleAlg1(resolveTimelyParams({ ewmaWeight }));
  const out = { signs: 0, results: 0, negative: 0, decreases: 0, hai: 0 };
  for (let i = 0; i < n; i++) {
    const rtt = rtts(i);
    const r = cc.onAck(0, i, 0, rtt);
    const expect = ref.update(rtt);
    if (i === 0) continue;
    const d = cc.inspect(0).rttDiff as number;
    if (Math.sign(d) !== Math.sign(ref.diff)) out.signs++;
    if (r !== expect) out.results++;
    if (d < 0) out.negative++;
    if (r === TIMELY_GRADIENT_DECREASE) out.decreases++;
    if ((r & TIMELY_HAI) !== 0) out.hai++;
  }
  return out;
}

test("α = 0.02 (author's snippet): rtt_diff keeps Alg. 1's sign in jitter and a slow rise", () => {
  // Review 2026-12-03: in Q1 ns every EWMA step floored by up to half a ns, a bias of about
  // −0.25 ns / α = −12.5 ns at α = 0.02, so rtt_diff was < 0 on every sample of a flat, jittered
  // RTT (doubles: about half), and a queue growing 5 ns per completion read as a falling RTT.
  // Flat 200 µs ± 200 ns (uniform, integer ns), in the gradient region:
  const rng = new Xoshiro128(7);
  const n = 20_000;
  const flat = againstDoubles(0.02, () => 199_800 + rng.nextBelow(401), n);
  assert.is(flat.signs, 0);
  assert.is(flat.results, 0);
  assert.ok(flat.negative > 0.4 * n && flat.negative < 0.6 * n, `${flat.negative} negative`);
  // From 100 µs up by 5 ns per completion, ± 200 ns: Alg. 1 sees rtt_diff ≈ +5 ns, decreases.
  const rise = againstDoubles(0.02, (i) => 99_800 + 5 * i + rng.nextBelow(401), n);
  assert.is(rise.signs, 0);
  assert.is(rise.results, 0);
  assert.ok(rise.decreases > 0.99 * n, `${rise.decreases} decreases`);
  assert.ok(rise.hai < 10, `${rise.hai} hyper-active increases`);
});

test("α = 0.875: a small rtt_diff left by a step keeps its sign while the RTT stays flat", () => {
  // 200 µs, then 200.1 µs held: rtt_diff = 87.5 ns × 0.125^k > 0, so Alg. 1 keeps taking the
  // (ever smaller) gradient decrease, in doubles until rtt_diff underflows to 0 after 361 samples.
  // Q1 ns floored it to 0 on the third flat sample, and the module added δ from there. The step
  // down mirrors it: rtt_diff < 0, so + δ and, from the fifth negative gradient on, HAI.
  // Compared while the double is nonzero: past that, exact arithmetic (and the module) keep
  // the sign.
  const flat = (rtt0: number, rtt1: number) => {
    const cc = new Timely({ initRateGbps: 50 }, 1);
    cc.open(0);
    const ref = doubleAlg1(resolveTimelyParams({}));
    let agreed = 0;
    let hai = 0;
    for (let i = 0; i < 400; i++) {
      const rtt = i === 0 ? rtt0 : rtt1;
      const r = cc.onAck(0, i, 0, rtt);
      const expect = ref.update(rtt);
      if (i === 0 || ref.diff === 0) continue;
      assert.is(Math.sign(cc.inspect(0).rttDiff as number), Math.sign(ref.diff), `sample ${i}`);
      assert.is(r, expect, `sample ${i}`);
      agreed++;
      if ((r & TIMELY_HAI) !== 0) hai++;
    }
    return { agreed, hai, rateBps: cc.rateBps(0) };
  };
  const up = flat(200_000, 200_100);
  assert.ok(up.agreed >= 360, `${up.agreed} samples`);
  assert.ok(up.rateBps < 50e9); // decreases only (the last ones by a factor of 1 in Q16)
  const down = flat(200_100, 200_000);
  assert.ok(down.agreed >= 360, `${down.agreed} samples`);
  assert.is(down.hai, down.agreed - 4);
});

function randomRun(profile: "paper" | "hpcc", seed: number, events: number, reflex: boolean): number {
  const flows = 32;
  const cc = new Timely(
    { profile, linkGbps: 100, minRateMbps: 50, windowBytes: reflex ? 0 : 200_000, varWindow: !reflex, ...(reflex ? { tLowNs: 2000, tHighNs: 5000 } : {}) },
    flows,
  );
  for (let s = 0; s < flows; s++) cc.open(s);
  const rng = new Xoshiro128(seed);
  let now = 0;
  let sum = 0;
  for (let i = 0; i < events; i++) {
    now = (now + rng.nextBelow(3000)) | 0;
    const s = rng.nextBelow(flows);
    const k = rng.nextBelow(100);
    const rtt = rng.nextBelow(10) === 0 ? rng.nextBelow(3_000_000) : 10_000 + rng.nextBelow(600_000);
    let r: number;
    if (k < 45) r = cc.onAck(s, now, 4096 * rng.nextBelow(3), rng.nextBelow(20) === 0 ? 0 : rtt);
    else if (k < 60) r = cc.onDelaySample(s, now, rtt);
    else if (k < 99) r = cc.onSend(s, now, 4096);
    else r = cc.onAck(s, now, NaN, rtt);
    sum = (sum + r) | 0;
    const rate = cc.rateBps(s);
    if (!(rate >= 50e6 && rate <= 100e9)) throw new Error(`rate ${rate} out of [50 Mb/s, 100 Gb/s] at event ${i}`);
    // 4096 B take 327.68 ns at 100 Gb/s and 655360 ns at 50 Mb/s.
    const gap = cc.pacingGapNs(s, 4096);
    if (!(gap >= 328 && gap <= 655_360)) throw new Error(`gap ${gap}`);
  }
  for (let s = 0; s < flows; s++) sum = (sum + cc.rateBps(s) / 1000) | 0;
  return sum;
}

test("300 k random events keep every rate within [minRate, line rate], deterministically per seed", () => {
  for (const profile of ["paper", "hpcc"] as const) {
    for (const reflex of [false, true]) {
      const a = randomRun(profile, 11, 300_000, reflex);
      assert.is(randomRun(profile, 11, 300_000, reflex), a);
      assert.is.not(randomRun(profile, 12, 300_000, reflex), a);
    }
  }
});

test.run();
