// Boundaries of Swift that swift.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md): a window of exactly one packet, a remote delay exactly at the
// endpoint target, the endpoint's once-per-RTT gate away from time 0, both windows at their
// maximum, and the sample ranges' ends.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG } from "../../core/errors";
import { SWIFT_DECREASE, SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_INCREASE, SWIFT_INCREASE, SWIFT_PACE, Swift } from "./swift";

function table(extra: Record<string, unknown> = {}, capacity = 2): Swift {
  const cc = new Swift({ profile: "google", ...extra }, capacity);
  for (let s = 0; s < capacity; s++) cc.open(s, 0);
  return cc;
}

test("a window of exactly one packet is not paced (Alg. 1 paces below one)", () => {
  const cc = table({ initCwndPkts: 1 });
  assert.is(cc.onSend(1, 0, 4096), 0);
  // A sample that acknowledges nothing, below target: no increase, still one packet, no pacing.
  assert.is(cc.onAck(1, 10, 0, 20_000, 0), 0);
  assert.is(cc.cwndPackets(1), 1);
  const below = table({ initCwndPkts: 0.5, minCwndPkts: 0.01 });
  assert.is(below.onSend(1, 0, 4096), SWIFT_PACE);
});

test("a remote delay exactly at the endpoint target neither grows nor cuts the endpoint window", () => {
  const cc = table({ initCwndPkts: 4, endpointTargetNs: 10_000, minEcwndPkts: 1, maxEcwndPkts: 8 });
  cc.onAck(1, 0, 4096, 40_000, 30_000); // cut below its maximum first
  const e = cc.endpointCwndPackets(1);
  assert.ok(e < 8);
  const r = cc.onAck(1, 100_000, 4096, 20_000, 10_000);
  assert.is(r & (SWIFT_ENDPOINT_INCREASE | SWIFT_ENDPOINT_DECREASE), 0);
  assert.is(cc.endpointCwndPackets(1), e);
});

test("the endpoint decrease gate counts from the last decrease, not from time 0", () => {
  const cc = table({ initCwndPkts: 4, endpointTargetNs: 10_000, minEcwndPkts: 1, maxEcwndPkts: 8 });
  // An odd RTT, so that the gap one tick short of it is even (where `gap | 1` would reach it).
  assert.is(cc.onAck(1, 500_000, 4096, 40_001, 30_000) & SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_DECREASE);
  const e = cc.endpointCwndPackets(1);
  assert.is(cc.onAck(1, 540_000, 4096, 40_001, 30_000) & SWIFT_ENDPOINT_DECREASE, 0); // one RTT less 1 ns
  assert.is(cc.endpointCwndPackets(1), e);
  assert.is(cc.onAck(1, 540_001, 4096, 40_001, 30_000) & SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_DECREASE);
});

test("with both windows at their maximum a good sample reports no change", () => {
  const cc = table({ initCwndPkts: 8, maxCwndPkts: 8, endpointTargetNs: 10_000, maxEcwndPkts: 8 });
  assert.is(cc.onAck(1, 0, 4096, 20_000, 0), 0);
  assert.equal([cc.cwndPackets(1), cc.endpointCwndPackets(1)], [8, 8]);
  // One below the fabric maximum, the increase bit comes back.
  const grow = table({ initCwndPkts: 7, maxCwndPkts: 8, endpointTargetNs: 10_000, maxEcwndPkts: 8 });
  assert.is(grow.onAck(1, 0, 4096, 20_000, 0), SWIFT_INCREASE);
});

test("delay samples of 1 ns and of 2^30 ns, and remote delays of 2^30 ns, are accepted", () => {
  const cc = table();
  assert.ok(cc.onDelaySample(1, 0, 4096, 1, 0) >= 0);
  assert.ok(cc.onDelaySample(1, 10, 4096, 2 ** 30, 2 ** 30) >= 0);
  assert.is(cc.onDelaySample(1, 20, 4096, 2 ** 30 + 1, 0), E_ARG);
  assert.ok(cc.onAck(1, 30, 4096, 2 ** 30, 2 ** 30) >= 0);
  assert.is(cc.onDelaySample(1, 40, 4096, 0, 0), E_ARG);
});

test("the range ends that switch a term off: no hop or flow scaling, no additive increase, a zero RTO", () => {
  // hopScalingNs 0 and fsRangeNs 0: the target is the base target at any hop count and window.
  const flat = new Swift({ profile: "google", hopScalingNs: 0, fsRangeNs: 0 }, 1);
  flat.open(0, 5);
  assert.is(flat.targetDelayNs(0), 25_000);
  flat.onAck(0, 0, 4096, 30_000, 0); // delay 30 µs > 25 µs: a cut, the window changes, the target does not
  assert.is(flat.targetDelayNs(0), 25_000);
  // aiPkts 0: an ACK below target does not grow the window.
  const still = table({ aiPkts: 0 });
  const w = still.cwndBytes(1);
  still.onAck(1, 0, 4096, 10_000, 0);
  still.onAck(1, 100_000, 4096, 10_000, 0);
  assert.is(still.cwndBytes(1), w);
  // rtoScalar 0 and minRtoNs 0: the RTO is the pacing gap alone, 0 at a window of one packet or more.
  const rto = table({ rtoScalar: 0, minRtoNs: 0 });
  rto.onAck(1, 0, 4096, 10_000, 0);
  assert.is(rto.rtoNs(1), 0);
});

test("smoothing weights at their ends: 1 keeps the first sample, 0 takes each new one", () => {
  const keep = table({ rttSmoothing: 1, delaySmoothing: 1, decreaseGate: "smoothed" });
  keep.onAck(1, 0, 4096, 10_000, 0);
  keep.onAck(1, 1000, 4096, 50_000, 0);
  assert.equal([keep.srttNs(1), keep.delayNs(1)], [10_000, 10_000]);
  const take = table({ rttSmoothing: 0, delaySmoothing: 0 });
  take.onAck(1, 0, 4096, 10_000, 0);
  take.onAck(1, 1000, 4096, 50_000, 0);
  assert.equal([take.srttNs(1), take.delayNs(1)], [50_000, 50_000]);
});

test("the once-per-RTT gates read the time since the last cut as unsigned: 2^31 ns later a cut is allowed", () => {
  // Found in review: `(now − last) | 0` turned a gap of 2^31 ns or more negative, so a flow that
  // had not cut for 2.15 s could not cut for up to 2.15 s more (fabric and endpoint windows).
  const cc = new Swift({ profile: "google" }, 1);
  cc.open(0, 0);
  // cwnd 256 packets: target 25 µs; a delay of 100 µs cuts by min(0.8 × 0.75, 0.5) = 0.5.
  assert.ok((cc.onAck(0, 1000, 4096, 100_000, 0) & SWIFT_DECREASE) !== 0);
  assert.is(cc.fabricCwndPackets(0), 128);
  assert.ok((cc.onAck(0, 1000 + 2 ** 31 + 10, 4096, 100_000, 0) & SWIFT_DECREASE) !== 0);
  assert.ok(cc.fabricCwndPackets(0) < 128);
  const e = new Swift({ profile: "google", initCwndPkts: 4, endpointTargetNs: 10_000, maxEcwndPkts: 8 }, 1);
  e.open(0, 0);
  e.onAck(0, 1000, 4096, 40_000, 30_000);
  const w = e.endpointCwndPackets(0);
  e.onAck(0, 1000 + 2 ** 31 + 10, 4096, 40_000, 30_000);
  assert.ok(e.endpointCwndPackets(0) < w);
});

test("a hop-scaled target beyond int32 is capped, not wrapped negative", () => {
  // Found in review: 25 µs + 255 × 2^24 ns wrapped to −16,752,216 ns, so every delay was above it.
  const cc = new Swift({ profile: "google", hopScalingNs: 2 ** 24 }, 1);
  cc.open(0, 255);
  assert.ok(cc.targetDelayNs(0) >= 2 ** 30);
  assert.is(cc.onAck(0, 0, 4096, 1_000_000, 0) & SWIFT_DECREASE, 0);
});

test("the target delay saturates at 2^31 − 1 ns as a whole, flow scaling included", () => {
  // Isekai GetTargetDelay saturates the sum base + flow scaling + hops × h (SaturateHigh), not
  // only the hop part. google, h = 2^24 ns, 255 hops: 25,000 + 255 × 2^24 = 4,278,215,080 ns,
  // capped at 2,147,483,647. At 4 packets flow scaling adds α/√4 + β = 16130.189 − 2016.274
  // = 14113.9 → 14113 ns (notes §1.3), so the sum 2,147,497,760 is past int32: it reads
  // 2^31 − 1 = 2,147,483,647, the largest target an int32 port can hold.
  const cc = new Swift({ profile: "google", hopScalingNs: 2 ** 24, initCwndPkts: 4 }, 1);
  cc.open(0, 255);
  assert.is(cc.targetDelayNs(0), 2147483647);
  // Below 4 packets flow scaling grows, and the reading stays at the cap.
  cc.onTimeout(0, 0, 0); // first timeout: 4 × (1 − max_mdf) = 2 packets
  assert.is(cc.fabricCwndPackets(0), 2);
  assert.is(cc.targetDelayNs(0), 2147483647);
});

// Nineteenth mutation pass (2026-12-02).

test("cwndBytes rounds the fractional window down at an MTU that is not a power of two", () => {
  // A window of 196 / 2^16 packets (0.00299… of a 1000 B packet) is 2.99 B: 2 B rounded down
  // (file header: windows in Q16 packets, reported in bytes through mtuBytes, rounded down).
  // At power-of-two MTUs the product is exact, so no test there could tell a Q16 unit more.
  const cc = table({ mtuBytes: 1000, minCwndPkts: 0.001, initCwndPkts: 196 / 65536 });
  assert.is(cc.cwndPackets(1), 196 / 65536);
  assert.is(cc.cwndBytes(1), 2);
});

test.run();
