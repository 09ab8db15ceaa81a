// Boundaries of Swift that swift.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md): a window of exactly one packet, a remote delay exactly at the
// endpoint target, the endpoint's once-per-RTT gate away from time 0, both windows at their
// maximum, and the sample ranges' ends.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG } from "../../core/errors";
import { SWIFT_DECREASE, SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_INCREASE, SWIFT_INCREASE, SWIFT_MIN_WINDOW, SWIFT_PACE, Swift } from "./swift";

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

// Twenty-seventh mutation pass (2026-12-07): the whole file again.

test("the default capacity is one flow", () => {
  assert.throws(() => new Swift().open(1), RangeError);
  assert.not.throws(() => new Swift().open(0));
});

test("a delay a hair under the real target, at its integer floor, counts as at the target (no increase)", () => {
  // README §3.1: the target is hopTarget + clamp(floor(α/√cwnd + β), 0, floor(fs_range)) and
  // the delay is compared with that integer exactly, so a delay within 1 ns below the real
  // target counts as at it. Flow scaling (notes §1.3) with fs_min 0.25 and fs_max 16 packets:
  // α = fs_range / (1/√0.25 − 1/√16) = fs_range / 1.75, β = −α/√16 = −α/4, and at 4 packets
  // α/√4 + β = α/4 = fs_range/7. fs_range = 7 × (50,000 − 2·10^-8) = 349,999.99999986 ns puts
  // the real flow-scaling part at 49,999.99999998 ns: floor 49,999, target 25,000 + 49,999 =
  // 74,999 ns. The square-root-free test sees (d + 1 − β)² · cwnd within 4·10^-13 of (α·256)²
  // here, inside its 10^-12 band, so only the exact rule can decide (the random test never
  // lands in the band).
  const cc = table({ fsRangeNs: 349_999.999_999_86, fsMinCwndPkts: 0.25, fsMaxCwndPkts: 16, initCwndPkts: 4 });
  assert.is(cc.targetDelayNs(0), 74_999);
  // Delay 74,999 = target: not below, so no increase; the cut factor at the target is 1
  // (Alg. 1: 1 − β·0/delay), so no decrease either.
  assert.is(cc.onAck(0, 0, 4096, 74_999, 0), 0);
  assert.is(cc.cwndPackets(0), 4);
  // Delay 74,998, 1 ns below: an increase of ai × 1 / 4 = 0.25 packet.
  assert.is(cc.onAck(1, 0, 4096, 74_998, 0), SWIFT_INCREASE);
  assert.is(cc.cwndPackets(1), 4.25);
});

test("a minCwndPkts of 2^-16 is a floor of one Q16 unit, not two", () => {
  // README (Rounding): a window parameter in packets becomes round(pkts × 2^16), at least 1 unit:
  // 2^-16 packet → 1 unit. retransmitLimit 1: the first timeout drops the window to its floor
  // (Alg. 1 tests the limit first), from 2 units to 1.
  const cc = table({ minCwndPkts: 2 ** -16, initCwndPkts: 2 ** -15, retransmitLimit: 1 });
  assert.is(cc.onTimeout(1, 0, 0), SWIFT_DECREASE | SWIFT_MIN_WINDOW);
  assert.is(cc.fabricCwndPackets(1), 2 ** -16);
});

test("a minEcwndPkts of 2^-16 lets the endpoint window fall to one Q16 unit", () => {
  // ecwnd opens at maxEcwndPkts = 2^-15 (2 units). Remote delay 40 µs against a 10 µs endpoint
  // target: β (40 − 10)/40 = 0.6, capped at max_mdf 0.5, so ecwnd = floor(2 × 0.5) = 1 unit,
  // which the floor round(2^-16 × 2^16) = 1 unit allows (README: at least 1 unit anyway).
  const cc = table({ endpointTargetNs: 10_000, minEcwndPkts: 2 ** -16, maxEcwndPkts: 2 ** -15 });
  assert.is(cc.onAck(1, 0, 4096, 50_000, 40_000) & SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_DECREASE);
  assert.is(cc.endpointCwndPackets(1), 2 ** -16);
});

test("a delay EWMA of the smallest weight, 2^-16, still smooths (floor((s·1 + x·65535) / 2^16))", () => {
  // README (Rounding): the fabric delay's average is floor((s × wQ16 + x × (2^16 − wQ16)) / 2^16)
  // with wQ16 = round(delaySmoothing × 2^16) = 1 here. First sample 10,000 ns sets it; then
  // 50,000: (10,000 + 50,000 × 65,535) / 65,536 = 3,276,760,000 / 65,536 = 49,999.39 → 49,999
  // (not 50,000, the unsmoothed sample).
  const cc = table({ delaySmoothing: 2 ** -16 });
  cc.onAck(1, 0, 4096, 10_000, 0);
  cc.onAck(1, 1000, 4096, 50_000, 0);
  assert.is(cc.delayNs(1), 49_999);
});

test("onDelaySample's decrease gate at an even tick one short of the RTT does not cut", () => {
  // Alg. 1: a cut needs now − t_last_decrease ≥ rtt (google: the RTT sample). 256 packets, target
  // 25 µs; a 100 µs delay cuts by min(0.8 × 0.75, 0.5) = 0.5 → 128 packets at t = 1001 (odd).
  // At 128 packets the target is 25,000 + floor(32260.378/√128 − 2016.274) = 25,835 ns, still
  // below 100 µs. 1001 + 100,000 − 1 = 101,000 (even) is 99,999 ns later: no cut. At 101,001 it is.
  const cc = table();
  assert.is(cc.onDelaySample(1, 1001, 4096, 100_000, 0) & SWIFT_DECREASE, SWIFT_DECREASE);
  assert.is(cc.fabricCwndPackets(1), 128);
  assert.is(cc.onDelaySample(1, 101_000, 4096, 100_000, 0) & SWIFT_DECREASE, 0);
  assert.is(cc.fabricCwndPackets(1), 128);
  assert.is(cc.onDelaySample(1, 101_001, 4096, 100_000, 0) & SWIFT_DECREASE, SWIFT_DECREASE);
  assert.is(cc.fabricCwndPackets(1), 64);
});

test("onTimeout's gate at an even tick one short of an odd smoothed RTT does not cut", () => {
  // google (timeoutRule "isekai", notes §1.4): a first timeout cuts by max_mdf only once the
  // smoothed RTT has passed since the last decrease. The first sample sets srtt = 100,001 ns and
  // its 100 µs fabric delay cuts 256 → 128 packets at t = 1000. At 101,000 (100,000 ns later,
  // even) the timeout changes nothing; at 101,001 a packet's first timeout (attempt 1) cuts
  // 128 × (1 − 0.5) = 64.
  const cc = table();
  assert.is(cc.onAck(1, 1000, 4096, 100_001, 0) & SWIFT_DECREASE, SWIFT_DECREASE);
  assert.is(cc.srttNs(1), 100_001);
  assert.is(cc.onTimeout(1, 101_000, 0, 1), 0);
  assert.is(cc.fabricCwndPackets(1), 128);
  assert.is(cc.onTimeout(1, 101_001, 0, 1), SWIFT_DECREASE);
  assert.is(cc.fabricCwndPackets(1), 64);
});

// Twenty-ninth mutation pass (arith operators, 2026-12-07).

test("onDelaySample takes the remote host's share out of the RTT, as onAck does (§3.2), truncated to whole ns", () => {
  // README §3.2: fabric delay = RTT − remote host delay; onDelaySample's arguments are onAck's,
  // remoteDelayNs truncated to whole ns. google at 64 packets: target 25,000 + floor(32,260.378/√64
  // − 2,016.274) = 25,000 + floor(2,016.273) = 27,016 ns (notes §1.3). RTT 100,000 with a remote
  // 89,999.5 → 89,999: fabric delay 10,001 ns, below the target, so an increase of ai × 1 packet /
  // 64 = 1/64 packet (Alg. 1). Had the remote share been dropped, 100 µs would cut 64 → 32.
  const cc = table({ initCwndPkts: 64 });
  assert.is(cc.targetDelayNs(1), 27_016);
  assert.is(cc.onDelaySample(1, 0, 4096, 100_000, 89_999.5), SWIFT_INCREASE);
  assert.is(cc.delayNs(1), 10_001);
  assert.is(cc.fabricCwndPackets(1), 64 + 1 / 64);
});

test.run();
