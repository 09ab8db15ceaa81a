// Boundaries of TIMELY that timely.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): RTTs exactly at T_low and T_high, the two HAI counting rules told
// apart, HPCC's per-RTT update at exactly the mark, and the sample ranges' ends. With
// ewmaWeight 1 the gradient's sign is the last RTT step's.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG } from "../../core/errors";
import { resolveTimelyParams } from "./params";
import { TIMELY_GRADIENT_DECREASE, TIMELY_HAI, TIMELY_GRADIENT_INCREASE, TIMELY_HIGH_DECREASE, TIMELY_LOW_INCREASE, Timely } from "./timely";

function table(params: Record<string, unknown>): Timely {
  const cc = new Timely({ ewmaWeight: 1, initRateGbps: 10, ...params }, 2);
  cc.open(0);
  cc.open(1);
  return cc;
}

test("Alg. 1: an RTT exactly at T_low or T_high is in the gradient region", () => {
  const low = table({});
  low.onAck(1, 0, 0, 60_000);
  assert.is(low.onAck(1, 1, 0, 50_000), TIMELY_GRADIENT_INCREASE); // = T_low, falling
  const high = table({});
  high.onAck(1, 0, 0, 510_000);
  assert.is(high.onAck(1, 1, 0, 500_000), TIMELY_GRADIENT_INCREASE); // = T_high, falling
  assert.is(high.onAck(1, 2, 0, 500_001), TIMELY_HIGH_DECREASE);
});

test("HAI counting: paper counts gradients < 0, HPCC counts increases (rising RTTs below T_low)", () => {
  const rising = (haiCounting: string) => {
    const cc = table({ haiCounting });
    for (const [i, rtt] of [10_000, 20_000, 30_000, 40_000].entries()) cc.onAck(1, i, 0, rtt);
    return cc.haiCount(1);
  };
  assert.is(rising("gradient"), 0);
  assert.is(rising("increase"), 3);
});

test("Alg. 1 HAI: N = 5 needs the gradient < 0 for five completions; a zero gradient adds δ and ends the run", () => {
  // Flat RTT in the gradient region: gradient 0 ≤ 0, so + δ (10 Mb/s) each time, never N = 5.
  const flat = table({});
  flat.onAck(1, 0, 0, 200_000);
  for (let i = 1; i <= 8; i++) assert.is(flat.onAck(1, i, 0, 200_000), TIMELY_GRADIENT_INCREASE, `flat ${i}`);
  assert.is(flat.haiCount(1), 0);
  assert.is(flat.rateBps(1), 10e9 + 8 * 10e6);
  // Four falling RTTs, then a flat one: the fifth completion's gradient is 0, not < 0 → N = 1.
  const cc = table({});
  cc.onAck(1, 0, 0, 200_000);
  for (let i = 1; i <= 4; i++) cc.onAck(1, i, 0, 200_000 - i * 1000);
  assert.is(cc.haiCount(1), 4);
  assert.is(cc.onAck(1, 5, 0, 196_000), TIMELY_GRADIENT_INCREASE);
  assert.is(cc.haiCount(1), 0);
  // Five more falling ones: the fifth is hyper-active.
  for (let i = 1; i <= 4; i++) assert.is(cc.onAck(1, 5 + i, 0, 196_000 - i * 1000), TIMELY_GRADIENT_INCREASE);
  assert.is(cc.onAck(1, 10, 0, 191_000), TIMELY_GRADIENT_INCREASE | TIMELY_HAI);
  // The paper never boosts below T_low, even past the longest run the counter holds.
  const low = table({ haiThreshold: 1 });
  low.onAck(1, 0, 0, 49_000);
  assert.is(low.onAck(1, 1, 0, 48_000), TIMELY_LOW_INCREASE);
});

test("HPCC counting: a decrease to a factor of 0 is not an increase", () => {
  const cc = table({ haiCounting: "increase" });
  cc.onAck(1, 0, 0, 10_000);
  cc.onAck(1, 1, 0, 20_000); // an increase: count 1
  assert.is(cc.haiCount(1), 1);
  // +40 µs on a 20 µs minRTT: β·g = 0.8 × 2 > 1, the factor is 0 and the rate drops to its floor.
  assert.is(cc.onAck(1, 2, 0, 60_000), TIMELY_GRADIENT_DECREASE);
  assert.is(cc.haiCount(1), 0);
});

test("per-RTT updates: an ACK reaching exactly the mark does not update; one byte past it does", () => {
  const cc = table({ updateMode: "rtt" });
  cc.onSend(1, 0, 10_000);
  assert.is(cc.onAck(1, 0, 1000, 30_000), 0); // first sample; mark = 10,000 sent
  assert.is(cc.onAck(1, 1, 9000, 20_000), 0); // acked 10,000 = mark
  assert.is(cc.onAck(1, 2, 1, 20_000), TIMELY_LOW_INCREASE); // 10,001 > mark
});

test("per-RTT updates: a 1 ns sample is the first sample; a delay sample moves the mark", () => {
  const one = table({ updateMode: "rtt" });
  one.onSend(1, 0, 10_000);
  assert.is(one.onAck(1, 0, 1000, 1), 0);
  assert.is(one.onAck(1, 1, 10_000, 30_000), TIMELY_LOW_INCREASE); // the second sample updates
  const moved = table({ updateMode: "rtt" });
  moved.onSend(1, 0, 10_000);
  moved.onAck(1, 0, 1000, 30_000); // mark 10,000
  moved.onSend(1, 1, 10_000);
  assert.is(moved.onDelaySample(1, 2, 30_000), TIMELY_LOW_INCREASE); // an update; mark 20,000
  assert.is(moved.onAck(1, 3, 10_000, 20_000), 0); // acked 11,000 < 20,000
});

test("the window admits one packet whatever its size when nothing is in flight, and no more", () => {
  const cc = table({ windowBytes: 1000 });
  assert.ok(cc.canSend(1, 4000));
  cc.onSend(1, 0, 1);
  assert.not.ok(cc.canSend(1, 1000));
  assert.ok(cc.canSend(1, 999));
});

test("samples of 1 ns and 2^30 ns are accepted, 2^30 + 1 is not", () => {
  const cc = table({});
  assert.ok(cc.onDelaySample(1, 0, 1) >= 0);
  assert.ok(cc.onDelaySample(1, 1, 2 ** 30) >= 0);
  assert.ok(cc.onAck(1, 2, 0, 2 ** 30) >= 0);
  assert.is(cc.onDelaySample(1, 3, 2 ** 30 + 1), E_ARG);
  assert.is(cc.onAck(1, 4, 0, 2 ** 30 + 1), E_ARG);
});

test("range ends: δ = 0 and an HAI step of 0 leave the rate alone; haiThreshold 1 makes the first gradient ≤ 0 hyper-active", () => {
  const flat = table({ deltaMbps: 0, haiDeltaMbps: 0, haiThreshold: 1, minRateMbps: 1 }); // the floor defaults to δ
  flat.onAck(1, 0, 0, 10_000);
  const r0 = flat.rateBps(1);
  assert.is(flat.onAck(1, 1, 0, 9_000), TIMELY_LOW_INCREASE); // below T_low: + δ = + 0
  assert.is(flat.rateBps(1), r0);
  flat.onAck(1, 2, 0, 60_000);
  const r1 = flat.rateBps(1);
  // In the gradient region and falling: with N = 1 the first such step is already hyper-active.
  assert.is(flat.onAck(1, 3, 0, 59_000), TIMELY_GRADIENT_INCREASE | TIMELY_HAI);
  assert.is(flat.rateBps(1), r1);
  const two = table({ haiThreshold: 2 });
  two.onAck(1, 0, 0, 60_000);
  assert.is(two.onAck(1, 1, 0, 59_000), TIMELY_GRADIENT_INCREASE);
  assert.is(two.onAck(1, 2, 0, 58_000), TIMELY_GRADIENT_INCREASE | TIMELY_HAI);
});

test("HPCC per-RTT updates: onRestore puts bytes back in flight without moving the send mark, onSend moves it", () => {
  // One update per RTT of data: an ACK updates once the bytes acknowledged pass the bytes sent at
  // the last update. Sent 10,000; the first sample records and sets the mark at 10,000. 5,000 B
  // restored, then 10,001 B acknowledged: an update (mark → sent). Then 4,000 more: acknowledged
  // 14,001 − mark 10,000 > 0 → another update at 600 µs > T_high (a decrease). Had the restore
  // counted as a send, the mark would be 15,000 and the last ACK no update.
  const run = (restore: (cc: Timely) => void) => {
    const cc = new Timely({ profile: "hpcc" }, 1);
    cc.open(0);
    cc.onSend(0, 0, 10_000);
    assert.is(cc.onAck(0, 1000, 0, 20_000), 0, "the first sample only records");
    restore(cc);
    cc.onAck(0, 2000, 10_001, 20_000);
    const rate = cc.rateBps(0);
    return [cc.onAck(0, 3000, 4000, 600_000) !== 0, cc.rateBps(0) < rate];
  };
  assert.equal(run((cc) => cc.onRestore(0, 1500, 5000)), [true, true]);
  assert.equal(run((cc) => cc.onSend(0, 1500, 5000)), [false, false]);
});

test("Alg. 1 with T_high up to 2^30 ns: a large RTT swing inside the gradient region keeps the gradient's sign", () => {
  // T_low 0, T_high 10^9 ns: every sample below is in the gradient region. α 0.875, β 0.8,
  // minRTT 20 µs, min rate = δ = 10 Mb/s.
  const cc = new Timely({ tLowNs: 0, tHighNs: 1e9, initRateGbps: 10 }, 1);
  cc.open(0);
  cc.onAck(0, 0, 0, 10_000_000); // first sample: prev_rtt = 10 ms
  // new_rtt_diff = 90 − 10 = 80 ms; rtt_diff = 0.875 × 80 ms = 70 ms; gradient = 70 ms / 20 µs =
  // 3500 > 0 → rate × max(0, 1 − 0.8 × 3500) = 0 → the 10 Mb/s floor.
  assert.is(cc.onAck(0, 1, 0, 90_000_000), TIMELY_GRADIENT_DECREASE);
  assert.is(cc.rttDiffNs(0), 70_000_000);
  assert.is(cc.rateBps(0), 10e6);
  // new_rtt_diff = 85 − 90 = −5 ms; rtt_diff = 0.125 × 70 + 0.875 × (−5) = 8.75 − 4.375 = +4.375 ms
  // → gradient 218.75 > 0: a decrease (factor 0, rate stays at the floor), not an increase.
  assert.is(cc.onAck(0, 2, 0, 85_000_000), TIMELY_GRADIENT_DECREASE);
  assert.is(cc.rttDiffNs(0), 4_375_000);
  assert.is(cc.rateBps(0), 10e6);
});

test("Alg. 1: rtt_diff carries an excursion above T_high whole into the gradient region", () => {
  // Paper defaults (T_high 500 µs, α 0.875). 100 µs, then 100 ms (above T_high): rtt_diff =
  // 0.875 × 99,900,000 = 87,412,500 ns. Then 110 µs (in the gradient region): new_rtt_diff =
  // 110,000 − 100,000,000 = −99,890,000; rtt_diff = 0.125 × 87,412,500 + 0.875 × (−99,890,000)
  // = 10,926,562.5 − 87,403,750 = −76,477,187.5 ns, floored to whole ns −76,477,188 → gradient < 0.
  const cc = new Timely({ initRateGbps: 10 }, 1);
  cc.open(0);
  cc.onAck(0, 0, 0, 100_000);
  assert.is(cc.onAck(0, 1, 0, 100_000_000), TIMELY_HIGH_DECREASE);
  assert.is(cc.rttDiffNs(0), 87_412_500);
  assert.is(cc.onAck(0, 2, 0, 110_000), TIMELY_GRADIENT_INCREASE);
  assert.is(cc.rttDiffNs(0), -76_477_188);
});

test("HPCC GetWin with varWindow: floor(window × rate / line) exact where the product passes 2^53", () => {
  // window 1,073,741,823 B, line 2000 Gb/s = 2·10^9 kb/s, rate 1,797,338,113 kb/s: the product
  // 1,929,877,101,999,999,999 (> 2^53) / 2·10^9 = 964,938,550.9999999995 → floor 964,938,550 (a
  // double product rounds to …2,000,000,000 and gives 964,938,551); the BigInt below checks it.
  const win = 1_073_741_823;
  const rate = 1_797_338_113;
  const exact = Number((BigInt(win) * BigInt(rate)) / 2_000_000_000n);
  assert.is(exact, 964_938_550);
  const cc = new Timely({ linkGbps: 2000, initRateGbps: rate / 1e6, windowBytes: win, varWindow: true }, 1);
  cc.open(0);
  assert.is(cc.rateBps(0), rate * 1000);
  assert.is(cc.windowBytes(0), exact);
});

test("HPCC GetWin with varWindow: a window that floors to 0 is 1 byte (\"must > 0\"), never 0 = no window", () => {
  // window 1000 B at 10 Mb/s on a 100 Gb/s line: floor(1000 × 10,000 / 100,000,000) = floor(0.1) = 0 → 1.
  const cc = new Timely({ initRateGbps: 0.01, windowBytes: 1000, varWindow: true }, 1);
  cc.open(0);
  assert.is(cc.rateBps(0), 10e6);
  assert.is(cc.windowBytes(0), 1);
});

test("DESIGN.md rule 7: derived defaults fit their ranges on legal input; explicit values are checked as given", () => {
  // paper at 0.01 Gb/s (line 10 Mb/s): δ 10 Mb/s fits, the HAI step 5·δ = 50 Mb/s is moved to 10.
  const slow = resolveTimelyParams({ linkGbps: 0.01 });
  assert.is(slow.deltaMbps, 10);
  assert.is(slow.haiDeltaMbps, 10);
  assert.is(slow.minRateMbps, 10);
  // paper at 0.001 Gb/s (line 1 Mb/s): δ 10 → 1, HAI step 5 → 1, min rate δ → 1.
  const slowest = resolveTimelyParams({ linkGbps: 0.001 });
  assert.equal([slowest.deltaMbps, slowest.haiDeltaMbps, slowest.minRateMbps], [1, 1, 1]);
  // hpcc at 0.5 Gb/s: min rate 1000 Mb/s → the line rate, 500 Mb/s; δ = 0.5 Mb/s, HAI step 2.5.
  const hpcc = resolveTimelyParams({ profile: "hpcc", linkGbps: 0.5 });
  assert.equal([hpcc.minRateMbps, hpcc.deltaMbps, hpcc.haiDeltaMbps], [500, 0.5, 2.5]);
  // δ = 0 (legal): the paper's min rate δ = 0 is below the 0.001 Mb/s floor → 0.001.
  assert.is(resolveTimelyParams({ deltaMbps: 0 }).minRateMbps, 0.001);
  assert.not.throws(() => new Timely({ linkGbps: 0.01 }));
  // Below 10 Mb/s δ is the line rate in Mb/s, and so the default floor; at 0.0061093456337822 Gb/s
  // the double 6.1093456337822 Mb/s divided by 1000 is 0.006109345633782201, above the line rate,
  // which initRateGbps ≥ minRateMbps / 1000 would refuse: the floor steps down to the largest
  // value both rules take (lib/cc/params.ts defaultFloorMbps; no other test reached that step).
  const odd = 0.0061093456337822;
  assert.ok((odd * 1000) / 1000 > odd);
  const oddFloor = resolveTimelyParams({ linkGbps: odd }).minRateMbps;
  assert.ok(oddFloor / 1000 <= odd && oddFloor <= odd * 1000 && oddFloor > odd * 1000 * (1 - 1e-15), String(oddFloor));
  assert.not.throws(() => new Timely({ linkGbps: odd }));
  assert.not.throws(() => new Timely({ profile: "hpcc", linkGbps: 0.5 }));
  assert.not.throws(() => new Timely({ deltaMbps: 0 }));
  assert.throws(() => new Timely({ linkGbps: 0.01, haiDeltaMbps: 50 }), /haiDeltaMbps/);
  assert.throws(() => new Timely({ profile: "hpcc", linkGbps: 0.5, minRateMbps: 1000 }), /minRateMbps/);
  assert.throws(() => new Timely({ deltaMbps: 0, minRateMbps: 0 }), /minRateMbps/);
});

test("rates rounded to kb/s out of order: the flow starts at its floor and a decrease never raises it (Alg. 1 clamp)", () => {
  // 0.0010025 Gb/s is 1002.4999999999999 kb/s in doubles → 1002; 1.0025 Mb/s → 1002.5 → 1003 kb/s.
  const below = new Timely({ linkGbps: 1, minRateMbps: 1.0025, initRateGbps: 0.0010025 }, 1);
  below.open(0);
  assert.is(below.rateBps(0), 1_003_000);
  below.onAck(0, 0, 0, 600_000);
  assert.is(below.onAck(0, 1, 0, 600_000), TIMELY_HIGH_DECREASE);
  assert.is(below.rateBps(0), 1_003_000);
  // Floor = line rate as given (1.0025 Mb/s = 0.0010025 Gb/s): both 1002 kb/s, not a floor above the line.
  const line = new Timely({ linkGbps: 0.0010025, minRateMbps: 1.0025 }, 1);
  line.open(0);
  assert.is(line.rateBps(0), 1_002_000);
  line.onAck(0, 0, 0, 600_000);
  assert.is(line.onAck(0, 1, 0, 600_000), TIMELY_HIGH_DECREASE);
  assert.is(line.rateBps(0), 1_002_000);
});

test("an initRateGbps set alone below the profile's floor lowers the floor (DESIGN.md rule 6), as DCQCN's does", () => {
  assert.is(resolveTimelyParams({ initRateGbps: 0.005 }).minRateMbps, 5);
  assert.is(resolveTimelyParams({ profile: "hpcc", initRateGbps: 0.5 }).minRateMbps, 500);
  assert.is(resolveTimelyParams({ initRateGbps: 0.05 }).minRateMbps, 10); // δ = 10 Mb/s fits
  // Given both, each is checked as given.
  assert.throws(() => resolveTimelyParams({ initRateGbps: 0.005, minRateMbps: 10 }), /initRateGbps/);
  // A rate that is not positive is refused by its own rule (the floor's search once looped forever on it).
  assert.throws(() => resolveTimelyParams({ initRateGbps: -80.88627642835581 }), /initRateGbps/);
});

// Nineteenth mutation pass (2026-12-02): HPCC's HAI stage in the gradient region, and the
// smallest positive gradient.

test("HPCC counting in the gradient region: the sixth consecutive increase is the first hyper-active one (m_incStage ≥ 5 before it)", () => {
  // HPCC UpdateRateTimely (notes/baselines.md §2: HAI "after 5 consecutive increases"): an
  // increase adds R_AI while m_incStage < 5 and R_HAI from there, then counts itself. A flat RTT
  // of 200 µs lies between T_low and T_high with gradient 0: every sample is an increase.
  const cc = table({ haiCounting: "increase" });
  cc.onAck(1, 0, 0, 200_000);
  for (let i = 1; i <= 5; i++) assert.is(cc.onAck(1, i, 0, 200_000), TIMELY_GRADIENT_INCREASE, `increase ${i}`);
  assert.is(cc.haiCount(1), 5);
  assert.is(cc.onAck(1, 6, 0, 200_000), TIMELY_GRADIENT_INCREASE | TIMELY_HAI);
});

test("Alg. 1: the smallest positive gradient (rtt_diff 0.5 ns on a minRTT of 32,768 ns, 2^-16) is a decrease, not an increase", () => {
  // ewmaWeight 0.5: rtt_diff = 0.5 × 0 + 0.5 × (100,001 − 100,000) = 0.5 ns, normalised by
  // minRTT 32,768 ns: 2^-16 > 0, so Alg. 1 takes rate ← rate (1 − β · 2^-16). In Q16 that factor
  // is 2^16 − floor(βQ16 × 1 / 2^16) = 2^16 (file header): the rate stays, but it is no + δ.
  const cc = table({ ewmaWeight: 0.5, minRttNs: 32_768 });
  cc.onAck(1, 0, 0, 100_000);
  const r0 = cc.rateBps(1);
  assert.is(cc.onAck(1, 1, 0, 100_001), TIMELY_GRADIENT_DECREASE);
  assert.is(cc.gradient(1), 2 ** -16);
  assert.is(cc.rateBps(1), r0);
});

test("Alg. 1 on a delay sample: an RTT exactly at T_high is in the gradient region, as on an ACK", () => {
  const cc = table({});
  cc.onDelaySample(1, 0, 510_000);
  assert.is(cc.onDelaySample(1, 1, 500_000), TIMELY_GRADIENT_INCREASE); // = T_high, falling
  assert.is(cc.onDelaySample(1, 2, 500_002), TIMELY_HIGH_DECREASE);
});

test("range ends: T_high of 1 ns (an RTT of 2 ns is above it) and a minimum rate of 0.001 Mb/s (1 kb/s)", () => {
  // Alg. 1: rtt > T_high → rate × (1 − β (1 − T_high / rtt)).
  const hi = table({ tLowNs: 0, tHighNs: 1 });
  hi.onAck(1, 0, 0, 1);
  assert.is(hi.onAck(1, 1, 0, 2), TIMELY_HIGH_DECREASE);
  // rate ← max(minRate, rate × factor): +50 µs on a 20 µs minRTT, β·g = 0.8 × 2.5 > 1, factor 0.
  const lo = table({ minRateMbps: 0.001 });
  lo.onAck(1, 0, 0, 10_000);
  assert.is(lo.onAck(1, 1, 0, 60_000), TIMELY_GRADIENT_DECREASE);
  assert.is(lo.rateBps(1), 1000);
});

test("the default capacity is one flow", () => {
  assert.throws(() => new Timely().open(1), RangeError);
  assert.not.throws(() => new Timely().open(0));
});

test("HPCC per-RTT mode: an RTT exactly at T_high is in the gradient region", () => {
  const cc = table({ updateMode: "rtt" });
  cc.onSend(1, 0, 1000);
  cc.onAck(1, 1, 1000, 510_000); // the first sample: recorded
  cc.onSend(1, 2, 1000);
  assert.is(cc.onAck(1, 3, 1000, 500_000), TIMELY_GRADIENT_INCREASE); // past the mark; = T_high, falling
});

test("with no window configured, windowBytes is 0 (none) whether or not varWindow scales it", () => {
  // windowBytes: "The send window in bytes (0: none)"; HPCC GetWin's 1 B floor applies to a window.
  const cc = table({ windowBytes: 0, varWindow: true });
  assert.is(cc.windowBytes(1), 0);
  assert.ok(cc.canSend(1, 1 << 20));
});

test("Alg. 1 with β = 1 and a gradient of 1 − 2^-16: the factor 1 − β·gradient is 2^-16, not 0", () => {
  // ewmaWeight 0.5 and minRTT 32,768 ns: rtt_diff = 0.5 × 65,535 ns, gradient 65,535 / 65,536.
  // rate ← rate (1 − 1 × 65,535 / 65,536) = 10^7 kb/s / 65,536 = 152.6 kb/s, floored to 152,
  // above the 1 kb/s minimum. (Only a gradient ≥ 1 / β takes the factor to 0, and the rate to
  // its minimum.)
  const cc = table({ ewmaWeight: 0.5, minRttNs: 32_768, beta: 1, minRateMbps: 0.001 });
  cc.onAck(1, 0, 0, 100_000);
  assert.is(cc.onAck(1, 1, 0, 165_535), TIMELY_GRADIENT_DECREASE);
  assert.is(cc.gradient(1), 65_535 / 65_536);
  assert.is(cc.rateBps(1), 152_000);
});

test.run();
