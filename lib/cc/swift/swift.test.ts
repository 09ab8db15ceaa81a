import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { flowScaling, resolveSwiftParams } from "./params";
import { SWIFT_DECREASE, SWIFT_ENDPOINT_DECREASE, SWIFT_INCREASE, SWIFT_MIN_WINDOW, SWIFT_PACE, Swift } from "./swift";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function table(extra: Record<string, unknown> = {}, capacity = 4, hops = 0): Swift {
  const cc = new Swift({ profile: "google", ...extra }, capacity);
  for (let s = 0; s < capacity; s++) cc.open(s, hops);
  return cc;
}

// ---------------------------------------------------------------------------------------------
// Parameters and profiles

test("flow scaling α and β put fs_range at fs_min and 0 at fs_max (Isekai CalculateFlowScalingAlpha/Beta)", () => {
  const { alphaNs, betaNs } = flowScaling(100_000, 0.1, 256);
  // notes/baselines.md §1.7: 32.26 µs and −2.02 µs for the Isekai defaults.
  assert.ok(Math.abs(alphaNs - 32260.378) < 0.001, String(alphaNs));
  assert.ok(Math.abs(betaNs - -2016.274) < 0.001, String(betaNs));
  assert.ok(Math.abs(alphaNs / Math.sqrt(0.1) + betaNs - 100_000) < 1e-6);
  assert.ok(Math.abs(alphaNs / Math.sqrt(256) + betaNs) < 1e-9);
  const h = flowScaling(100_000, 0.1, 100); // htsim: 32.66 µs, −3.27 µs
  assert.ok(Math.abs(h.alphaNs - 32655.432) < 0.001 && Math.abs(h.betaNs - -3265.543) < 0.001);
});

test("profiles: google (Isekai), paper, htsim and reflex defaults", () => {
  const g = resolveSwiftParams({ profile: "google" });
  assert.is(g.baseTargetNs, 25_000);
  assert.is(g.hopScalingNs, 1_000);
  assert.is(g.retransmitLimit, 3);
  assert.is(g.lossDecrease, false);
  assert.is(g.decreaseGate, "sample");
  assert.is(g.timeoutRule, "isekai");
  assert.is(g.nackResetsRetransmits, false);
  const p = resolveSwiftParams({ profile: "paper" });
  assert.is(p.minCwndPkts, 0.001);
  assert.is(p.lossDecrease, true);
  assert.is(p.timeoutRule, "alg1"); // Alg. 1 "On Retransmit Timeout"
  assert.is(p.nackResetsRetransmits, true); // Alg. 1 "On Fast Recovery"
  const r = resolveSwiftParams({ profile: "reflex" });
  assert.is(r.baseTargetNs, 200); // Reflex §II-C
  assert.is(r.hopScalingNs, 1_000);
  assert.is(r.timeoutRule, "alg1");
  assert.is(r.nackResetsRetransmits, true);
  const h = resolveSwiftParams({ profile: "htsim" });
  assert.is(h.baseTargetNs, 20_000);
  assert.ok(Math.abs(h.hopScalingNs - 20_000 / 6.55) < 1e-9);
  assert.is(h.retransmitLimit, 5);
  assert.is(h.decreaseGate, "smoothed");
  assert.is(h.timeoutRule, "alg1"); // csg-htsim doNextEvent
  assert.is(h.nackResetsRetransmits, true);
  assert.is(h.minCwndPkts * h.mtuBytes, 10); // 10 bytes
  assert.is(resolveSwiftParams({ profile: "htsim", mtuBytes: 1000 }).minCwndPkts, 10 / 1000);
  assert.is(resolveSwiftParams({}).profile, "google");
});

test("every constant can be overridden, and unknown names or bad values are refused", () => {
  const p = resolveSwiftParams({ profile: "paper", baseTargetNs: 5000, beta: 0.5, retransmitLimit: 7 });
  assert.is(p.baseTargetNs, 5000);
  assert.is(p.beta, 0.5);
  assert.is(p.retransmitLimit, 7);
  assert.throws(() => new Swift({ bta: 1 } as never), /unknown parameter bta/);
  assert.throws(() => new Swift({ profile: "pony" } as never), /unknown profile/);
  assert.throws(() => new Swift({ maxMdf: 1.5 }), RangeError);
  assert.throws(() => new Swift({ maxCwndPkts: 40_000 }), RangeError); // Q16 packets in int32
  assert.throws(() => new Swift({ fsMinCwndPkts: 300, fsMaxCwndPkts: 256 }), RangeError); // above fs_max
  assert.throws(() => new Swift({ mtuBytes: NaN }), RangeError);
  assert.throws(() => new Swift({ initCwndPkts: 0.0001 }), RangeError);
  assert.throws(() => new Swift({}, 0), RangeError);
});

test("open refuses a bad hop count or slot, counting an error", () => {
  const cc = new Swift({}, 2);
  assert.throws(() => cc.open(0, 256), RangeError);
  assert.throws(() => cc.open(0, 1.5), RangeError);
  assert.throws(() => cc.open(2, 0), RangeError);
  assert.is(cc.errors, 3);
  assert.is(cc.isOpen(0), false);
  cc.open(0, 3);
  assert.is(cc.targetDelayNs(0), 28_000);
  cc.open(1); // hops default to 0
  assert.is(cc.targetDelayNs(1), 25_000);
});

test("bytesPerFlow is the declared layout plus the open flag", () => {
  assert.is(Swift.bytesPerFlow, 35);
});

// ---------------------------------------------------------------------------------------------
// Branches not covered by the vectors

test("the endpoint decrease is gated once per RTT and floored at minEcwndPkts", () => {
  const cc = table({ initCwndPkts: 4, endpointTargetNs: 10_000, minEcwndPkts: 1, maxEcwndPkts: 8 });
  assert.is(cc.onAck(0, 0, 4096, 40_000, 30_000) & SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_DECREASE);
  const e1 = cc.endpointCwndPackets(0);
  assert.is(cc.onAck(0, 39_999, 4096, 40_000, 30_000) & SWIFT_ENDPOINT_DECREASE, 0);
  assert.is(cc.endpointCwndPackets(0), e1);
  for (let i = 1; i < 20; i++) cc.onAck(0, 40_000 * i, 0, 40_000, 30_000);
  assert.is(cc.endpointCwndPackets(0), 1);
  assert.is(cc.cwndPackets(0), 1); // min(fcwnd, ecwnd)
});

test("without an endpoint target the endpoint window is ignored", () => {
  const cc = table({ initCwndPkts: 4 });
  const r = cc.onAck(0, 0, 4096, 40_000, 39_000);
  assert.is(r, SWIFT_INCREASE); // fabric delay 1000 < target; the remote delay alone does nothing
  assert.is(cc.cwndPackets(0), 4.25);
});

test("a remote delay above the RTT leaves a fabric delay of zero", () => {
  const cc = table({ initCwndPkts: 4 });
  assert.is(cc.onAck(0, 0, 4096, 10_000, 20_000), SWIFT_INCREASE);
  assert.is(cc.delayNs(0), 0);
});

test("an RTT below 1 ns is no delay sample; a 1 ns one starts the average, and the next is smoothed into it", () => {
  const cc = table({ initCwndPkts: 4 });
  cc.onSend(0, 0, 3 * 4096);
  for (const rtt of [0.5, 0, -3]) {
    assert.is(cc.onAck(0, 0, 4096, rtt, 0), 0, `rtt ${rtt}`);
    assert.is(cc.srttNs(0), 0);
    assert.is(cc.cwndPackets(0), 4);
  }
  assert.is(cc.inflightBytes(0), 0);
  cc.onAck(0, 0, 0, 1, 0);
  assert.is(cc.srttNs(0), 1);
  cc.onAck(0, 0, 0, 100_001, 0);
  // srtt = floor((1 × w + 100 001 × (2^16 − w)) / 2^16), w = rttSmoothing in Q16; a flow
  // taken for sample-less would have started over at 100 001.
  const w = Math.round(cc.params.rttSmoothing * 65536);
  assert.ok(w > 0);
  assert.is(cc.srttNs(0), Math.floor((w + 100_001 * (65536 - w)) / 65536));
});

test("close clears a slot; handlers on it return E_SLOT; reopening starts afresh", () => {
  const cc = table({ initCwndPkts: 4 });
  cc.onAck(0, 0, 4096, 100_000, 0);
  assert.is(cc.close(0), 0);
  assert.is(cc.onAck(0, 0, 4096, 10_000, 0), E_SLOT);
  assert.is(cc.close(0), E_SLOT);
  cc.open(0, 0);
  assert.is(cc.cwndPackets(0), 4);
  assert.is(cc.srttNs(0), 0);
});

test("the square-root-free target comparison decides exactly as delay < target, at and around every boundary", () => {
  type Internals = { belowTarget(s: number, c: number, d: number): boolean; target(s: number, c: number): number };
  for (const profile of ["google", "htsim", "reflex", "paper"] as const) {
    const cc = new Swift({ profile, maxCwndPkts: 32767 }, 4);
    for (let s = 0; s < 4; s++) cc.open(s, s * 3);
    const inner = cc as unknown as Internals;
    const rng = new Xoshiro128(17);
    for (let i = 0; i < 100_000; i++) {
      const slot = i & 3;
      // Windows from 2^-16 packet to 32767 packets, log-uniform-ish.
      const cwnd = 1 + (rng.nextU32() >>> rng.nextBelow(32));
      const target = inner.target(slot, cwnd);
      for (const delay of [target - 2, target - 1, target, target + 1, rng.nextBelow(300_000)]) {
        if (inner.belowTarget(slot, cwnd, delay) !== delay < target) {
          throw new Error(`${profile}: cwnd ${cwnd} delay ${delay} target ${target}`);
        }
      }
    }
  }
});

test("an ACK of more than 32768 packets adds ai × num_acked / cwnd in full (Alg. 1: num_acked is not capped)", () => {
  // 2^30 B = 262144 packets at 256 packets: + 1024 → 1280 (num_acked capped at 32768 packets gave 256 + 128 = 384).
  const one = new Swift({ profile: "google", initCwndPkts: 256, maxCwndPkts: 2048 }, 1);
  one.open(0, 0);
  assert.is(one.onAck(0, 0, 2 ** 30, 10_000, 0), SWIFT_INCREASE);
  assert.is(one.cwndPackets(0), 1280);
  // Against exact integers: equal while ai × num_acked (Q16) < 2^53; beyond, the header's rounding
  // (the product as a double), at most 2^-16 packet from the exact floor.
  const Q = 65536n;
  const cases: [number, number, number, number][] = [];
  for (const mtuBytes of [64, 1500, 4096]) {
    for (const aiPkts of [1, 0.3, 16]) {
      for (const initCwndPkts of [0.5, 1.7, 300, 20_000]) {
        for (const acked of [2 ** 30, 2 ** 30 - 1, 987_654_321, 3 * 2 ** 21 + 7]) cases.push([mtuBytes, aiPkts, initCwndPkts, acked]);
      }
    }
  }
  // ai × 2^40 / cwnd = 61699894.99999…: past 2^53 the double quotient rounds up to 61699895.
  cases.push([64, 106_709 / 65536, 1_901_588_103 / 65536, 2 ** 30]);
  let rounded = 0;
  for (const [mtuBytes, aiPkts, initCwndPkts, acked] of cases) {
    // A target far above every delay: each ACK increases.
    const cc = new Swift({ profile: "google", mtuBytes, aiPkts, initCwndPkts, maxCwndPkts: 32767, baseTargetNs: 2 ** 30 }, 1);
    cc.open(0, 0);
    const w = Math.round(initCwndPkts * 65536);
    const ai = Math.round(aiPkts * 65536);
    const num = Math.floor((acked * 65536) / mtuBytes); // exact: < 2^47
    const per = w > 65536 ? w : 65536;
    const exact = BigInt(w) + (BigInt(ai) * BigInt(num)) / BigInt(per);
    const max = 32767n * Q;
    cc.onAck(0, 0, acked, 1000, 0);
    const got = BigInt(cc.fabricCwndPackets(0) * 65536);
    const where = `mtu ${mtuBytes} ai ${aiPkts} cwnd ${initCwndPkts} acked ${acked}`;
    if (BigInt(ai) * BigInt(num) < 2n ** 53n) {
      assert.is(got, exact < max ? exact : max, where);
    } else {
      const doubled = BigInt(w) + BigInt(Math.floor((ai * num) / per)); // the header's rounding
      assert.is(got, doubled < max ? doubled : max, where);
      assert.ok(exact >= max ? got === max : got - exact <= 1n && exact - got <= 1n, where);
      if (got !== (exact < max ? exact : max)) rounded++;
    }
  }
  assert.is(rounded, 1); // the constructed case
  // The endpoint window grows the same way: cut to half of 32767 packets, then 2^30 B at 4096 B.
  const ep = new Swift({ profile: "google", baseTargetNs: 2 ** 30, endpointTargetNs: 10_000, maxEcwndPkts: 32767, maxCwndPkts: 32767 }, 1);
  ep.open(0, 0);
  assert.is(ep.onAck(0, 0, 0, 40_000, 30_000) & SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_DECREASE);
  const e = BigInt(ep.endpointCwndPackets(0) * 65536);
  ep.onAck(0, 10, 2 ** 30, 20_000, 0);
  assert.is(ep.endpointCwndPackets(0), Number(e + (Q * 2n ** 34n) / e) / 65536); // + 16 packets, not + 2
});

// ---------------------------------------------------------------------------------------------
// Bad input (DESIGN.md rule 7)

test("every handler rejects NaN, ±∞, negative, fractional and oversized arguments with E_ARG, state unchanged", () => {
  const cc = table({ initCwndPkts: 4 });
  cc.onSend(0, 0, 8192);
  cc.onAck(0, 10, 4096, 50_000, 0);
  const before = cc.inspect(0);
  const bad = [NaN, Infinity, -Infinity, -1, 0.5, 2 ** 31];
  let expected = 0;
  for (const x of bad) {
    assert.is(cc.onAck(0, 20, x, 10_000, 0), E_ARG, `onAck bytes ${x}`);
    assert.is(cc.onDelaySample(0, 20, x, 10_000, 0), E_ARG, `onDelaySample bytes ${x}`);
    assert.is(cc.onNack(0, 20, x), E_ARG);
    assert.is(cc.onTimeout(0, 20, x), E_ARG);
    assert.is(cc.onSend(0, 20, x), E_ARG);
    assert.is(cc.pacingGapNs(0, x), E_ARG);
    assert.is(cc.canSend(0, x), false);
    expected += 7;
  }
  for (const now of [NaN, Infinity, -Infinity]) {
    assert.is(cc.onAck(0, now, 4096, 10_000, 0), E_ARG, `onAck now ${now}`);
    assert.is(cc.onNack(0, now, 0), E_ARG);
    assert.is(cc.onSend(0, now, 0), E_ARG);
    expected += 3;
  }
  for (const rtt of [NaN, Infinity, -Infinity, 2 ** 31]) {
    assert.is(cc.onAck(0, 20, 4096, rtt, 0), E_ARG);
    assert.is(cc.onDelaySample(0, 20, 4096, rtt, 0), E_ARG);
    expected += 2;
  }
  for (const remote of [NaN, -1, Infinity]) {
    assert.is(cc.onAck(0, 20, 4096, 10_000, remote), E_ARG);
    expected += 1;
  }
  assert.is(cc.onDelaySample(0, 20, 4096, -5, 0), E_ARG);
  expected += 1;
  assert.is(cc.errors, expected);
  assert.ok(same(cc.inspect(0), before));
});

test("every handler rejects a slot out of range, fractional, NaN or closed with E_SLOT", () => {
  const cc = new Swift({}, 4);
  cc.open(0, 0);
  for (const s of [-1, 4, 1.5, NaN, 1]) {
    assert.is(cc.onAck(s, 0, 4096, 10_000, 0), E_SLOT);
    assert.is(cc.onDelaySample(s, 0, 4096, 10_000, 0), E_SLOT);
    assert.is(cc.onNack(s, 0, 0), E_SLOT);
    assert.is(cc.onTimeout(s, 0, 0), E_SLOT);
    assert.is(cc.onSend(s, 0, 0), E_SLOT);
    assert.is(cc.pacingGapNs(s, 0), E_SLOT);
    assert.is(cc.canSend(s, 0), false);
  }
  assert.is(cc.errors, 35);
});

// ---------------------------------------------------------------------------------------------
// Invariants under random events

function randomRun(profile: "google" | "paper" | "htsim" | "reflex", seed: number, events: number, endpoint: boolean): number {
  const flows = 32;
  const cc = new Swift(
    { profile, initCwndPkts: 8, maxCwndPkts: 64, minCwndPkts: 0.01, endpointTargetNs: endpoint ? 8000 : 0, minEcwndPkts: 0.5, maxEcwndPkts: 32 },
    flows,
  );
  for (let s = 0; s < flows; s++) cc.open(s, s % 6);
  const rng = new Xoshiro128(seed);
  let now = 0;
  let sum = 0;
  for (let i = 0; i < events; i++) {
    now = (now + rng.nextBelow(2000)) | 0;
    const s = rng.nextBelow(flows);
    const k = rng.nextBelow(100);
    const rtt = rng.nextBelow(8) === 0 ? rng.nextBelow(2_000_000) : 2000 + rng.nextBelow(120_000);
    const remote = rng.nextBelow(3) === 0 ? rng.nextBelow(30_000) : 0;
    let r: number;
    if (k < 55) r = cc.onAck(s, now, 4096 * rng.nextBelow(4), rtt, remote);
    else if (k < 70) r = cc.onDelaySample(s, now, 4096, rtt, remote);
    else if (k < 90) r = cc.onSend(s, now, 4096);
    else if (k < 95) r = cc.onNack(s, now, 4096);
    else if (k < 99) r = cc.onTimeout(s, now, 4096);
    else r = cc.onAck(s, now, rng.nextBelow(2) === 0 ? -1 : NaN, rtt, 0); // invalid
    sum = (sum + r) | 0;
    const w = cc.fabricCwndPackets(s);
    if (!(w >= 0.01 - 1 / 65536 && w <= 64)) throw new Error(`fcwnd ${w} out of [0.01, 64] at event ${i}`);
    if (endpoint) {
      const e = cc.endpointCwndPackets(s);
      if (!(e >= 0.5 && e <= 32)) throw new Error(`ecwnd ${e} out of [0.5, 32] at event ${i}`);
    }
    const t = cc.targetDelayNs(s);
    if (!(t >= cc.params.baseTargetNs && t <= cc.params.baseTargetNs + 5 * cc.params.hopScalingNs + cc.params.fsRangeNs)) {
      throw new Error(`target ${t} out of bounds`);
    }
    const gap = cc.pacingGapNs(s, 4096);
    if (!(gap >= 0 && gap <= 2147483647)) throw new Error(`gap ${gap}`);
  }
  for (let s = 0; s < flows; s++) sum = (sum + cc.cwndBytes(s) + cc.srttNs(s)) | 0;
  return sum;
}

test("300 k random events keep every window within its bounds, deterministically per seed", () => {
  for (const profile of ["google", "paper", "htsim", "reflex"] as const) {
    for (const endpoint of [false, true]) {
      const a = randomRun(profile, 7, 300_000, endpoint);
      assert.is(randomRun(profile, 7, 300_000, endpoint), a, profile);
      assert.is.not(randomRun(profile, 8, 300_000, endpoint), a, profile);
    }
  }
});

test("with retransmitLimit 1 the first timeout already drops the window to min_cwnd", () => {
  // Alg. 1 / notes §1.4: after retransmit_limit consecutive RTOs, fcwnd = min_cwnd. Limit 1: the
  // 1st timeout. min_cwnd 0.01 packet = round(0.01 × 65536) / 65536 = 655 / 65536. With limit 3
  // the 1st timeout cuts by max_mdf 0.5 instead: 8 → 4 packets.
  const one = table({ initCwndPkts: 8, retransmitLimit: 1 }, 1);
  const r = one.onTimeout(0, 1000, 0);
  assert.is(one.fabricCwndPackets(0), 655 / 65536);
  assert.is(r & SWIFT_MIN_WINDOW, SWIFT_MIN_WINDOW);
  const three = table({ initCwndPkts: 8, retransmitLimit: 3 }, 1);
  assert.is(three.onTimeout(0, 1000, 0) & SWIFT_MIN_WINDOW, 0);
  assert.is(three.fabricCwndPackets(0), 4);
});

test("timeouts counted per packet (attempt): a burst of first timeouts cuts once per RTT and never reaches the limit", () => {
  // UEC RUD times each packet out on its own timer, so one burst loss reaches the CC as many
  // timeouts microseconds apart (review rev-cc: 0.33 µs); Isekai passes Falcon's per-packet
  // timeout_retransmission_attempts, 1 for each of them. google: limit 3, max_mdf 0.5.
  // srtt 20 µs from the one sample; cuts at 1000 and, 20000 ns later, at 21000:
  //   64 × 0.5 = 32 packets, then 32 × 0.5 = 16. The twenty between are gated (within srtt).
  // Counted per flow (the old rule) the 21st would be the 21st consecutive: min_cwnd 0.01.
  const cc = table({ initCwndPkts: 64 }, 1);
  cc.onAck(0, 0, 0, 20_000, 0);
  assert.is(cc.onTimeout(0, 1000, 4096, 1), SWIFT_DECREASE);
  for (let i = 1; i <= 20; i++) {
    assert.is(cc.onTimeout(0, 1000 + 333 * i, 4096, 1), 0);
    assert.is(cc.retransmitCount(0), 1);
  }
  assert.is(cc.cwndPackets(0), 32);
  assert.is(cc.onTimeout(0, 21_000, 4096, 1), SWIFT_DECREASE);
  assert.is(cc.cwndPackets(0), 16);
  // A packet's own 2nd and 3rd timeouts, an RTO apart: nothing, then min_cwnd (655 / 65536).
  assert.is(cc.onTimeout(0, 300_000, 4096, 2), 0);
  assert.is(cc.onTimeout(0, 600_000, 4096, 3), SWIFT_DECREASE | SWIFT_MIN_WINDOW);
  assert.is(cc.fabricCwndPackets(0), 655 / 65536);
  assert.is(cc.retransmitCount(0), 3);
  // attempt 0: the caller has one timer per flow and the module counts on from the last count.
  assert.is(cc.onTimeout(0, 900_000, 0, 0) & SWIFT_MIN_WINDOW, SWIFT_MIN_WINDOW);
  assert.is(cc.retransmitCount(0), 4);
  // Three arguments are attempt 0 (firmware written before attempt existed counts per flow).
  const flow = table({ initCwndPkts: 64 }, 1);
  flow.onTimeout(0, 0, 0);
  flow.onTimeout(0, 1, 0);
  assert.is(flow.retransmitCount(0), 2);
  // A count above 255 saturates there, as the flow's own does.
  const big = table({ initCwndPkts: 64, retransmitLimit: 255 }, 1);
  assert.is(big.onTimeout(0, 0, 0, 1000), SWIFT_DECREASE | SWIFT_MIN_WINDOW);
  assert.is(big.retransmitCount(0), 255);
});

test("onTimeout rejects an attempt that is not a count (negative, fractional, NaN, ±∞, 2^32) with E_ARG, state unchanged", () => {
  const cc = table({ initCwndPkts: 4 }, 1);
  cc.onSend(0, 0, 4096);
  const before = [cc.cwndPackets(0), cc.inflightBytes(0), cc.retransmitCount(0)];
  for (const x of [-1, 0.5, NaN, Infinity, -Infinity, 2 ** 32]) assert.is(cc.onTimeout(0, 10, 4096, x), E_ARG, String(x));
  assert.equal([cc.cwndPackets(0), cc.inflightBytes(0), cc.retransmitCount(0)], before);
  assert.is(cc.errors, 6);
});

test("the decrease and pace bits follow the window", () => {
  const cc = table({ initCwndPkts: 1 });
  assert.is(cc.onAck(0, 0, 0, 1_000_000, 0), SWIFT_DECREASE | SWIFT_PACE);
  assert.is(cc.cwndPackets(0), 0.5);
});

test("htsim, paper, reflex: a NACK clears the timeout count, so the next timeout is a first one again", () => {
  // Alg. 1 "On Fast Recovery": retransmit_cnt ← 0. csg-htsim adjust_cwnd sets _retransmit_cnt = 0
  // on every ACK, duplicates included, and handle_ack again at SWIFT_RCV_FR_END. srtt 10 µs; each
  // event ≥ 1 ms after the last cut.
  const h = new Swift({ profile: "htsim", initCwndPkts: 64 }, 1);
  h.open(0, 0);
  h.onAck(0, 0, 0, 10_000, 0);
  assert.is(h.onTimeout(0, 1_000_000, 0), SWIFT_DECREASE); // 64 → 32, count 1
  assert.is(h.onNack(0, 2_000_000, 0), SWIFT_DECREASE); // 32 → 16, count 0
  assert.is(h.retransmitCount(0), 0);
  assert.is(h.onTimeout(0, 3_000_000, 0), SWIFT_DECREASE); // a first timeout again: 16 → 8
  assert.is(h.retransmitCount(0), 1);
  assert.is(h.cwndPackets(0), 8);
  // paper and reflex (limit 3): timeout, timeout, NACK, timeout. With the count cleared the third
  // timeout is counted 1 and cuts (8 → 4 packets after 64 → 32 → 16 and the NACK's 16 → 8);
  // kept, it would be the 3rd and drop the window to the floor 0.001 (66 Q16). RTT 100 ns, below
  // reflex's 200 ns base target too: no cut at the ACK.
  for (const profile of ["paper", "reflex"] as const) {
    const g = new Swift({ profile, initCwndPkts: 64 }, 1);
    g.open(0, 0);
    assert.is(g.onAck(0, 0, 0, 100, 0), 0);
    assert.is(g.onTimeout(0, 1_000_000, 0), SWIFT_DECREASE); // 64 → 32
    assert.is(g.onTimeout(0, 2_000_000, 0), SWIFT_DECREASE); // 32 → 16 (Alg. 1: every gated timeout)
    assert.is(g.onNack(0, 3_000_000, 0), SWIFT_DECREASE); // 16 → 8
    assert.is(g.retransmitCount(0), 0, profile);
    assert.is(g.onTimeout(0, 4_000_000, 0), SWIFT_DECREASE, profile); // count 1: 8 → 4
    assert.is(g.retransmitCount(0), 1);
    assert.is(g.cwndPackets(0), 4);
  }
  // Isekai's count is Falcon's: google keeps it across a NACK.
  const g = new Swift({ profile: "google", initCwndPkts: 64 }, 1);
  g.open(0, 0);
  g.onAck(0, 0, 0, 10_000, 0);
  g.onTimeout(0, 1_000_000, 0);
  g.onNack(0, 2_000_000, 0);
  assert.is(g.retransmitCount(0), 1);
  assert.is(g.onTimeout(0, 3_000_000, 0) & SWIFT_DECREASE, 0); // the 2nd: no cut
  // Overridable both ways.
  const off = new Swift({ profile: "htsim", nackResetsRetransmits: false }, 1);
  off.open(0, 0);
  off.onTimeout(0, 0, 0);
  off.onNack(0, 1, 0);
  assert.is(off.retransmitCount(0), 1);
  const on = new Swift({ profile: "google", nackResetsRetransmits: true }, 1);
  on.open(0, 0);
  on.onTimeout(0, 0, 0);
  on.onNack(0, 1, 0);
  assert.is(on.retransmitCount(0), 0);
  const paperOff = new Swift({ profile: "paper", nackResetsRetransmits: false }, 1);
  paperOff.open(0, 0);
  paperOff.onTimeout(0, 0, 0);
  paperOff.onNack(0, 1, 0);
  assert.is(paperOff.retransmitCount(0), 1);
});

test("timeoutRule alg1 (paper): every gated timeout below the limit cuts by max_mdf; the limit floors ungated", () => {
  // Swift Alg. 1 "On Retransmit Timeout"; csg-htsim swift.cpp SwiftSubflowSrc::doNextEvent.
  // paper: limit 3, max_mdf 0.5, floor 0.001 packet = round(65.536) = 66 Q16. srtt 10 µs (one
  // sample, 0 B acknowledged: no increase).
  const cc = new Swift({ profile: "paper", initCwndPkts: 64 }, 1);
  cc.open(0, 0);
  cc.onAck(0, 0, 0, 10_000, 0);
  assert.is(cc.onTimeout(0, 1_000_000, 0), SWIFT_DECREASE); // count 1: 64 → 32
  // count 2, within srtt of that cut (5000 < 10000): gated → 0
  assert.is(cc.onTimeout(0, 1_005_000, 0), 0);
  assert.is(cc.cwndPackets(0), 32);
  assert.is(cc.retransmitCount(0), 2);
  // Reset by an ACK, then a 2nd timeout an RTT after the 1st cuts again (Isekai: nothing).
  cc.onAck(0, 2_000_000, 0, 10_000, 0); // srtt (10000 × 0.75 + 10000 × 0.25) = 10000; delay below target, +0
  assert.is(cc.onTimeout(0, 3_000_000, 0), SWIFT_DECREASE); // count 1: 32 → 16
  assert.is(cc.onTimeout(0, 3_010_000, 0), SWIFT_DECREASE); // count 2, age 10000 ≥ 10000: 16 → 8
  assert.is(cc.cwndPackets(0), 8);
  // count 3 = the limit 1 ns later, within srtt of the last cut: the floor regardless of the gate.
  assert.is(cc.onTimeout(0, 3_010_001, 0), SWIFT_DECREASE | SWIFT_MIN_WINDOW);
  assert.is(cc.fabricCwndPackets(0), 66 / 65536);
  assert.is(cc.retransmitCount(0), 3);
  // count 4, at the floor already: SWIFT_MIN_WINDOW alone.
  assert.is(cc.onTimeout(0, 3_010_002, 0), SWIFT_MIN_WINDOW);
  // The same calls under google (Isekai): the 2nd timeout an RTT later changes nothing, and the
  // limit within srtt of a decrease is held by the gate.
  const g = new Swift({ profile: "google", initCwndPkts: 64 }, 1);
  g.open(0, 0);
  g.onAck(0, 0, 0, 10_000, 0);
  assert.is(g.onTimeout(0, 1_000_000, 0), SWIFT_DECREASE); // 64 → 32
  assert.is(g.onTimeout(0, 1_010_000, 0), 0); // count 2: nothing
  assert.is(g.onTimeout(0, 1_010_001, 0), SWIFT_DECREASE | SWIFT_MIN_WINDOW); // count 3, gate open (age 10001 ≥ 10000)
  const h = new Swift({ profile: "google", initCwndPkts: 64 }, 1);
  h.open(0, 0);
  h.onAck(0, 0, 0, 10_000, 0);
  assert.is(h.onTimeout(0, 1_000_000, 0, 1), SWIFT_DECREASE); // 64 → 32 at t 1 ms
  assert.is(h.onTimeout(0, 1_000_001, 0, 3), 0); // the limit 1 ns later: gated
  assert.is(h.cwndPackets(0), 32);
  // Either rule in any profile, by name; anything else is refused.
  const a = new Swift({ profile: "google", timeoutRule: "alg1", initCwndPkts: 64 }, 1);
  a.open(0, 0);
  a.onTimeout(0, 0, 0); // srtt 0: gate open: 64 → 32
  assert.is(a.onTimeout(0, 0, 0), SWIFT_DECREASE); // count 2: 32 → 16
  const i = new Swift({ profile: "paper", timeoutRule: "isekai", initCwndPkts: 64 }, 1);
  i.open(0, 0);
  i.onTimeout(0, 0, 0);
  assert.is(i.onTimeout(0, 0, 0), 0);
  assert.throws(() => new Swift({ timeoutRule: "htsim" } as never), RangeError);
});

test.run();
