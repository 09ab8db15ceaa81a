// Derived defaults (DESIGN.md rules 6/7): a value given alone inside its documented range is
// never refused because of a default derived from it; explicit out-of-range values still are,
// and the queue's real ceiling (65535 packets of the smallest size) is stated in its error.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG } from "../../core/errors";
import { resolveDackInitiatorParams, resolveDackTargetParams } from "./params";
import { DACK_ACCEPTED, DackTarget } from "./target";

test("minPacketBytes default is at most maxPacketBytes: a 32 B threshold is accepted alone", () => {
  // policyThresholdBytes 32 (rule [1, queueBytes 82944]) → maxPacketBytes 32 → minPacketBytes min(64, 32) = 32.
  const t = new DackTarget({ policyThresholdBytes: 32 });
  assert.is(t.params.maxPacketBytes, 32);
  assert.is(t.params.minPacketBytes, 32);
  t.open(0, 0);
  assert.is(t.onData(0, 0, 0, 32), DACK_ACCEPTED);
  // maxPacketBytes given alone below 64 likewise: 40 → min(64, 40) = 40.
  assert.is(resolveDackTargetParams({ maxPacketBytes: 40 }).minPacketBytes, 40);
  // queueBytes given alone below the 9 KiB threshold (rule [1, 2^30]): threshold min(9216, 4096) = 4096 = maxPacketBytes.
  const small = resolveDackTargetParams({ queueBytes: 4096 });
  assert.is(small.policyThresholdBytes, 4096);
  assert.is(small.maxPacketBytes, 4096);
  assert.is(small.minPacketBytes, 64);
  // Unchanged in range: the paper's 9 KiB threshold, 64 B header (floor(82944 / 65536) + 1 = 2 < 64).
  const p = resolveDackTargetParams();
  assert.is(p.policyThresholdBytes, 9216);
  assert.is(p.maxPacketBytes, 9216);
  assert.is(p.minPacketBytes, 64);
});

test("minPacketBytes default keeps the queue within 65535 packets: an 8 MiB queue is accepted alone", () => {
  // queueBytes 8 MiB = 8,388,608: floor(8388608 / 65536) + 1 = 128 + 1 = 129 > 64, ≤ 9216 → 129.
  // Check: floor(8388608 / 129) = 65027 ≤ 65535, while 128 B would give exactly 65536 packets.
  const t = new DackTarget({ queueBytes: 8 * 1024 * 1024 });
  assert.is(t.params.minPacketBytes, 129);
  assert.ok(Math.floor(8388608 / 129) <= 65535 && Math.floor(8388608 / 128) === 65536);
  t.open(0, 0);
  assert.is(t.onData(0, 0, 0, 128), E_ARG); // below the smallest packet: refused, counted
  assert.is(t.onData(0, 0, 0, 129), DACK_ACCEPTED);
  // Just below 4 MiB the header stays: floor(4194303 / 65536) + 1 = 63 + 1 = 64.
  assert.is(resolveDackTargetParams({ queueBytes: 4194303 }).minPacketBytes, 64);
  // 2^30 with a 32 KiB threshold: floor(2^30 / 2^16) + 1 = 16385 ≤ 32768; floor(2^30 / 16385) = 65532.
  assert.is(resolveDackTargetParams({ queueBytes: 2 ** 30, policyThresholdBytes: 32768 }).minPacketBytes, 16385);
});

test("explicit out-of-range sizes still throw; past the queue's real ceiling the error states it", () => {
  assert.throws(() => new DackTarget({ policyThresholdBytes: 32, minPacketBytes: 64 }), /minPacketBytes must be an integer in \[1, 32\], got 64/);
  assert.throws(() => new DackTarget({ queueBytes: 8 * 1024 * 1024, minPacketBytes: 64 }), /at most 65535 packets/);
  // With minPacketBytes defaulted the ceiling is queueBytes < 65536 × maxPacketBytes = 65536 × 9216 = 603,979,776:
  // 2^30 needs floor(2^30 / 65536) + 1 = 16385 B > 9216, so the default stops at 9216 and 2^30 / 9216 = 116508 packets.
  assert.is(resolveDackTargetParams({ queueBytes: 603_979_775 }).minPacketBytes, 9216);
  assert.throws(() => new DackTarget({ queueBytes: 2 ** 30 }), /queueBytes must be below 65536 × minPacketBytes.*got queueBytes 1073741824, minPacketBytes 9216/);
  assert.throws(() => new DackTarget({ queueBytes: 0 }), /queueBytes must be an integer in \[1, 2\^30\], got 0/);
});

test("the initiator's parameters are independent constants: each extreme is accepted alone", () => {
  assert.is(resolveDackInitiatorParams({ maxOutstandingPackets: 1 }).maxOutstandingBytes, 262144);
  assert.is(resolveDackInitiatorParams({ maxOutstandingBytes: 1 }).maxOutstandingPackets, 256);
  assert.is(resolveDackInitiatorParams({ h1Threshold: 255 }).h1Threshold, 255);
});

test.run();
