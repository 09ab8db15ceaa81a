import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { resolveTimelyParams } from "./params";
import { TIMELY_GRADIENT_DECREASE, TIMELY_GRADIENT_INCREASE, TIMELY_LOW_INCREASE, Timely } from "./timely";

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
  assert.is(Timely.bytesPerFlow, 8 * 4 + 1); // eight int32 columns and the open flag
});

test("rtt_diff is never saturated: a jump of almost 1 s is kept whole (Q1 ns in an int32)", () => {
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
  // rtt_diff = 0 + floor((29 999 × 256 − 0) × 0.875): the EWMA ran from the 1 ns sample
  assert.is(cc.rttDiffNs(0), Math.floor(Math.floor(29_999 * 256 * 0.875) / 256));
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
