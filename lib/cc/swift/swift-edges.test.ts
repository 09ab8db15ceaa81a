// Boundaries of Swift that swift.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md): a window of exactly one packet, a remote delay exactly at the
// endpoint target, the endpoint's once-per-RTT gate away from time 0, both windows at their
// maximum, and the sample ranges' ends.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG } from "../../core/errors";
import { SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_INCREASE, SWIFT_INCREASE, SWIFT_PACE, Swift } from "./swift";

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

test.run();
