import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { PFC_DROP, PFC_PAUSE, PFC_RESUME } from "./pfc";
import { resolvePfcSharedParams } from "./params";
import { PfcShared } from "./shared";

// A 100,000 B buffer, 1000 B reserve and 5000 B headroom per queue, α = 1, resume offset 500 B:
// with two queues joined the shared part is 100,000 − 2 × 6000 = 88,000 B.
const SMALL = { poolBytes: 100_000, reserveBytes: 1000, headroomBytes: 5000, poolAlphaLog2: 0, resumeOffsetBytes: 500, pauseQuanta: 1000 };

function two(params: Record<string, unknown> = SMALL): PfcShared {
  const t = new PfcShared(params, 3);
  for (const q of [0, 1]) {
    t.open(q);
    assert.is(t.setPool(q, 0), 0);
  }
  return t;
}

test("defaults: HPCC's MMU (32 MB, 4 KB reserve, 3 KB resume offset, α = 1/8); static thresholds refused", () => {
  const p = resolvePfcSharedParams();
  assert.is(p.poolBytes, 32 * 2 ** 20);
  assert.is(p.reserveBytes, 4096);
  assert.is(p.resumeOffsetBytes, 3072);
  assert.is(p.poolAlphaLog2, -3);
  assert.is(p.poolRule, "dynamic");
  // One shared buffer by default: a queue joins pool 0, and pool 1 does not exist.
  assert.is(p.pools, 1);
  const t = new PfcShared({}, 1);
  t.open(0);
  assert.is(t.setPool(0, 1), E_ARG);
  assert.is(t.setPool(0, 0), 0);
  assert.is(p.headroomBytes, 28_000); // Pfc's: 2 × 12,500 + 2 × 1500 at 100 Gb/s, 1 µs
  assert.not.ok("xoffBytes" in p);
  assert.throws(() => resolvePfcSharedParams({ xoffBytes: 1 } as never), /xoffBytes is not a parameter here/);
  assert.throws(() => resolvePfcSharedParams({ xonBytes: 1 } as never), /xonBytes/);
  assert.throws(() => resolvePfcSharedParams({ poolRule: "static" } as never), /poolRule/);
  assert.throws(() => resolvePfcSharedParams({ poolBytes: 2 ** 30 + 1 }), /poolBytes/);
  assert.throws(() => resolvePfcSharedParams({ bogus: 1 } as never), /bogus/);
  // Its own name and list, with a guess (lib/core README; package audit 2026-12-07: Pfc's name
  // and list, xoffBytes and xonBytes among them, and no guess).
  assert.throws(
    () => resolvePfcSharedParams({ reserveByte: 1 } as never),
    (e: Error) =>
      e.message ===
      "PfcShared: unknown parameter reserveByte (did you mean reserveBytes?); parameters are cableNs, headroomBytes, linkGbps, mtuBytes, pauseQuanta, poolAlphaLog2, poolBytes, poolRule, pools, refreshNs, reserveBytes, resumeOffsetBytes",
  );
  assert.throws(() => resolvePfcSharedParams({ linkGbps: 0 }), (e: Error) => e.message.startsWith("PfcShared: linkGbps must be"));
  assert.is(PfcShared.bytesPerFlow, 67); // Pfc's 58 + headroom bytes used + buffer + α's log2
});

test("one queue, α = 1: reserve, then the shared part up to α × the free part, then the headroom, then drops", () => {
  const t = two();
  assert.is(t.poolRegionBytes(0), 88_000);
  assert.is(t.onArrive(0, 0, 1000), 0); // into the 1000 B reserve
  assert.is(t.poolSharedBytes(0), 0);
  // k more packets put k × 1000 in the shared part and leave T = 88,000 − 1000k; the k-th pauses
  // when 1000k ≥ 88,000 − 1000k, k = 44 (queue at 45,000 B).
  for (let k = 1; k < 44; k++) assert.is(t.onArrive(0, k, 1000), 0, `k = ${k}`);
  assert.is(t.xoffBytes(0), 1000 + 45_000); // mine 43,000, T = 88,000 − 43,000
  assert.is(t.onArrive(0, 44, 1000), PFC_PAUSE);
  assert.is(t.poolSharedBytes(0), 44_000);
  assert.is(t.xoffBytes(0), 45_000);
  // 44,000 + 1000 > T = 44,000: the next five go to the 5000 B headroom, the sixth is dropped.
  for (let k = 45; k < 50; k++) assert.is(t.onArrive(0, k, 1000), 0, `k = ${k}`);
  assert.is(t.headroomUsedBytes(0), 5000);
  assert.is(t.onArrive(0, 50, 1000), PFC_DROP);
  assert.is(t.drops(0), 1);
  assert.is(t.poolRefusals(0), 1);
  assert.is(t.queueBytes(0), 50_000);
  assert.is(t.poolUsedBytes(0), 50_000);
  assert.is(t.poolPeakBytes(0), 50_000);
  // Departures leave the headroom first: still paused while it holds bytes.
  for (let k = 0; k < 5; k++) assert.is(t.onDepart(0, 100 + k, 1000), 0);
  assert.is(t.headroomUsedBytes(0), 0);
  assert.is(t.poolSharedBytes(0), 44_000);
  // Then the shared part: resume once mine + 500 ≤ 88,000 − mine, i.e. mine ≤ 43,750: at 43,000.
  assert.is(t.onDepart(0, 200, 1000), PFC_RESUME);
  assert.is(t.out[1], 200 - 44);
  assert.is(t.poolSharedBytes(0), 43_000);
  assert.is(t.poolPeakBytes(0), 50_000);
  assert.is(t.errors, 0);
});

test("two queues, α = 1: the second pauses at half the first's share (each of N gets α R / (1 + N α) at most)", () => {
  const t = two();
  for (let k = 0; k < 45; k++) t.onArrive(0, k, 1000); // queue 0: reserve + 44,000 shared, paused
  assert.ok(t.paused(0));
  // Queue 1: reserve, then mine₁ ≥ 88,000 − 44,000 − mine₁ at mine₁ = 22,000.
  for (let k = 0; k < 22; k++) assert.is(t.onArrive(1, k, 1000), 0, `k = ${k}`);
  assert.is(t.onArrive(1, 22, 1000), PFC_PAUSE);
  assert.is(t.poolSharedBytes(1), 66_000);
  assert.is(t.queueBytes(1), 23_000);
  // Queue 0 is now over its threshold (44,000 > 22,000): its departures do not resume it
  // until mine₀ + 500 ≤ 88,000 − 22,000 − mine₀, mine₀ ≤ 32,750.
  let resumedAt = -1;
  for (let k = 1; k <= 20 && resumedAt < 0; k++) if (t.onDepart(0, 100 + k, 1000) === PFC_RESUME) resumedAt = 44_000 - 1000 * k;
  assert.is(resumedAt, 32_000);
});

test("α > 1 never lets a queue take more than the free shared part", () => {
  const t = two({ ...SMALL, poolAlphaLog2: 2 });
  t.onArrive(0, 0, 1000); // reserve
  // mine 60,000: T = min(4 × 28,000, 60,000 + 28,000) = 88,000: not paused.
  for (let k = 1; k <= 60; k++) assert.is(t.onArrive(0, k, 1000), 0, `k = ${k}`);
  assert.is(t.xoffBytes(0), 1000 + 88_000);
  // 30,000 B: 90,000 > 88,000 and beyond the 5000 B headroom → dropped (α × free alone, 112,000, would have taken it past R).
  assert.is(t.onArrive(0, 61, 30_000), PFC_DROP);
  assert.is(t.poolSharedBytes(0), 60_000);
  // 28,000 B fill the shared part exactly; T is then 0 → pause.
  assert.is(t.onArrive(0, 62, 28_000), PFC_PAUSE);
  assert.is(t.poolSharedBytes(0), 88_000);
});

test("a paused queue resumes on a tick once other queues drained the shared part", () => {
  const t = two();
  for (let k = 0; k < 45; k++) t.onArrive(0, k, 1000);
  for (let k = 0; k < 23; k++) t.onArrive(1, k, 1000);
  // Queue 1 paused at mine₁ = 22,000; queue 0 drains to its reserve: T for queue 1 is
  // 88,000 − 22,000 = 66,000 ≥ 22,500, but it hears of it only at its own departure or a tick.
  for (let k = 0; k < 45; k++) t.onDepart(0, 100, 1000);
  assert.ok(t.paused(1));
  assert.is(t.onTick(1, 150), PFC_RESUME);
  assert.is(t.out[1], 150 - 22);
  assert.is(t.onTick(1, 160), 0);
});

test("complete sharing: a queue pauses only when the shared part is full, and resumes when the offset is free", () => {
  const t = two({ ...SMALL, poolRule: "complete" });
  t.onArrive(0, 0, 1000); // reserve
  for (let k = 1; k < 88; k++) assert.is(t.onArrive(0, k, 1000), 0, `k = ${k}`);
  assert.is(t.onArrive(0, 88, 1000), PFC_PAUSE); // 88,000 of 88,000
  // Queue 1's reserve still takes a packet; beyond it, the headroom (5 × 1000), then drops.
  assert.is(t.onArrive(1, 0, 1000), PFC_PAUSE); // shared full: HPCC pauses even inside the reserve
  for (let k = 1; k <= 5; k++) assert.is(t.onArrive(1, k, 1000), 0);
  assert.is(t.onArrive(1, 6, 1000), PFC_DROP);
  assert.is(t.headroomUsedBytes(1), 5000);
  // Queue 0: resume once the free shared part ≥ 500 B, one departure of 1000.
  assert.is(t.onDepart(0, 100, 1000), PFC_RESUME);
  assert.is(t.out[1], 100 - 88);
});

test("α = 1/256 and 200 B free: the threshold is ⌊200 / 256⌋ = 0, so an arrival inside the reserve pauses, as when the part is full", () => {
  // Region 12,200 − 2 × 6000 = 200 B, all free. HPCC CheckShouldPause: shared used 0 ≥ T = 0.
  const t = two({ ...SMALL, poolBytes: 12_200, poolAlphaLog2: -8 });
  assert.is(t.poolRegionBytes(0), 200);
  assert.is(t.xoffBytes(0), 1000); // reserve + T = 1000 + 0
  // 500 B into the empty 1000 B reserve: the queue's shared use stays 0, which is ≥ T.
  assert.is(t.onArrive(0, 0, 500), PFC_PAUSE);
  assert.is(t.poolSharedBytes(0), 0);
  assert.is(t.headroomUsedBytes(0), 0);
  // CheckShouldResume: headroom empty and shared use 0, so its first departure resumes it.
  assert.is(t.onDepart(0, 10, 100), PFC_RESUME);
  // With α = 1 the same buffer gives T = 200 > 0: no pause inside the reserve.
  const u = two({ ...SMALL, poolBytes: 12_200, poolAlphaLog2: 0 });
  assert.is(u.onArrive(0, 0, 500), 0);
});

test("a queue in no buffer has its reserve and headroom only", () => {
  const t = new PfcShared(SMALL, 1);
  t.open(0);
  assert.is(t.pool(0), -1);
  assert.is(t.xoffBytes(0), 1000); // threshold 0
  // HPCC's check shared ≥ threshold holds at 0 ≥ 0: the first arrival already pauses.
  assert.is(t.onArrive(0, 0, 1000), PFC_PAUSE);
  for (let k = 1; k <= 5; k++) assert.is(t.onArrive(0, k, 1000), 0);
  assert.is(t.headroomUsedBytes(0), 5000);
  assert.is(t.onArrive(0, 6, 1000), PFC_DROP);
  assert.is(t.poolRefusals(0), 0); // counted against no buffer
  assert.is(t.drops(0), 1);
  // Departures leave the headroom first; with it empty only the reserve is held (shared 0): resume.
  for (let k = 0; k < 4; k++) assert.is(t.onDepart(0, 10, 1000), 0);
  assert.is(t.onDepart(0, 20, 1000), PFC_RESUME);
  assert.is(t.queueBytes(0), 1000);
});

test("setPool: only an empty queue moves; a buffer refuses a member whose reserve and headroom do not fit", () => {
  const t = new PfcShared({ ...SMALL, pools: 2, poolBytes: 13_000 }, 3);
  for (const q of [0, 1, 2]) t.open(q);
  assert.is(t.setPool(0, 0), 0);
  assert.is(t.setPool(1, 0), 0);
  assert.is(t.poolRegionBytes(0), 1000); // 13,000 − 2 × 6000
  const errors = t.errors;
  assert.is(t.setPool(2, 0), E_STATE); // 1000 − 6000 < 0
  assert.is(t.pool(2), -1);
  assert.is(t.setPool(2, 1), 0);
  t.onArrive(0, 0, 1500); // 1000 reserve + 500 shared
  assert.is(t.poolSharedBytes(0), 500);
  assert.is(t.setPool(0, 1), E_STATE); // holds bytes
  assert.is(t.setPool(0, 2), E_ARG);
  assert.is(t.setPool(0, 0.5), E_ARG);
  assert.is(t.setPool(7, 0), E_SLOT);
  // A departure is any whole byte count below 2^32 (onDepart): 2^31 B is more than queued,
  // E_STATE like 1,501; 2^32 is not a byte count, E_ARG. Neither changes the queue.
  assert.is(t.onDepart(0, 0, 2 ** 31), E_STATE);
  assert.is(t.onDepart(0, 0, 1501), E_STATE);
  assert.is(t.onDepart(0, 0, 2 ** 32), E_ARG);
  assert.is(t.poolSharedBytes(0), 500);
  assert.is(t.errors, errors + 8);
  // Closing a queue with bytes returns them and its reserve and headroom to the buffer.
  assert.is(t.close(0), 0);
  assert.is(t.poolSharedBytes(1), 0);
  assert.is(t.poolUsedBytes(1), 0);
  assert.is(t.poolRegionBytes(1), 7000);
  assert.is(t.setPool(2, -1), 0);
  assert.is(t.poolRegionBytes(1), 7000); // 1 was queue 2's: 13,000 − 6000
});

test("setPort: a queue's own headroom is what its buffer sets aside and what it admits; it changes only outside a buffer", () => {
  const t = new PfcShared(SMALL, 3);
  for (const q of [0, 1, 2]) t.open(q);
  // 400 Gb/s: 1000 quanta × 512 / 400 = 1280 ns, refresh 640.
  assert.is(t.setPort(0, 400, 9000), 0);
  assert.equal([t.headroomBytes(0), t.portFrameNs(0), t.portRefreshNs(0)], [9000, 1280, 640]);
  // Joining sets aside its reserve and its own headroom: 100,000 − (1000 + 9000) = 90,000; then
  // queue 1 with the table's 5000: 90,000 − 6000 = 84,000.
  assert.is(t.setPool(0, 0), 0);
  assert.is(t.poolRegionBytes(0), 90_000);
  const before = JSON.stringify(t.inspect(0));
  assert.is(t.setPort(0, 100, 5000), E_STATE); // inside a buffer
  assert.is(JSON.stringify(t.inspect(0)), before);
  assert.is(t.setPool(1, 0), 0);
  assert.is(t.poolRegionBytes(1), 84_000);
  // Leaving returns the 10,000 it set aside: 94,000.
  assert.is(t.setPool(0, -1), 0);
  assert.is(t.poolRegionBytes(1), 94_000);
  // Queue 2, in no buffer, with a 2500 B headroom: the reserve takes 1000 (T = 0: PAUSE), the
  // headroom 2 × 1000, and 2000 + 1000 > 2500 drops.
  assert.is(t.setPort(2, 100, 2500), 0);
  assert.is(t.onArrive(2, 0, 1000), PFC_PAUSE);
  assert.is(t.out[0], 5120); // 1000 × 512 / 100
  assert.is(t.onArrive(2, 1, 1000), 0);
  assert.is(t.onArrive(2, 2, 1000), 0);
  assert.is(t.onArrive(2, 3, 1000), PFC_DROP);
  assert.equal([t.headroomUsedBytes(2), t.queueBytes(2)], [2000, 3000]);
});

test("reopening an open queue inside a buffer gives back its reserve, headroom and bytes first, as close does (review rev-d7)", () => {
  const t = new PfcShared(SMALL, 2);
  t.open(0);
  t.open(1);
  assert.is(t.setPool(0, 0), 0);
  assert.is(t.setPool(1, 0), 0);
  // 100,000 − 2 × (1000 reserve + 5000 headroom) = 88,000.
  assert.is(t.poolRegionBytes(1), 88_000);
  assert.is(t.onArrive(0, 0, 500), 0); // inside its reserve
  assert.is(t.poolUsedBytes(1), 500);
  t.open(0); // still open: it leaves the buffer, then opens in none
  // Queue 0's 6000 come back (94,000) and its 500 B leave with it; before, 88,000 and 500 stayed.
  assert.equal([t.poolRegionBytes(1), t.poolUsedBytes(1), t.pool(0), t.queueBytes(0)], [94_000, 0, -1, 0]);
});

test("seeded random traffic keeps the buffer's books: Σ queues = held, Σ shared parts = shared, shared ≤ region", () => {
  const r = new Xoshiro128(7);
  const Q = 8;
  for (const [rule, alphaLog2] of [["dynamic", -1], ["complete", 0], ["dynamic", 2]] as const) {
    const t = new PfcShared({ ...SMALL, poolBytes: 200_000, poolRule: rule, poolAlphaLog2: alphaLog2 }, Q);
    for (let q = 0; q < Q; q++) {
      t.open(q);
      t.setPool(q, 0);
    }
    let now = 0;
    let drops = 0;
    for (let i = 0; i < 50_000; i++) {
      now += 10;
      const q = r.nextBelow(Q);
      const bytes = 64 + r.nextBelow(4000);
      if (r.nextBelow(100) < 55) {
        const v = t.onArrive(q, now, bytes);
        assert.ok(v >= 0);
        if ((v & PFC_DROP) !== 0) drops++;
      } else if (t.queueBytes(q) > 0) {
        assert.ok(t.onDepart(q, now, Math.min(t.queueBytes(q), bytes)) >= 0);
      }
      let sum = 0;
      let shared = 0;
      for (let k = 0; k < Q; k++) {
        sum += t.queueBytes(k);
        const ingress = t.queueBytes(k) - t.headroomUsedBytes(k);
        shared += Math.max(0, ingress - 1000);
        assert.ok(t.headroomUsedBytes(k) <= 5000);
        // A queue in its headroom is paused.
        if (t.headroomUsedBytes(k) > 0) assert.ok(t.paused(k), `queue ${k} in headroom, not paused`);
      }
      assert.is(t.poolUsedBytes(0), sum);
      assert.is(t.poolSharedBytes(0), shared);
      assert.ok(shared <= t.poolRegionBytes(0));
    }
    assert.is(t.errors, 0);
    assert.is(t.poolRefusals(0), drops);
    assert.ok(drops > 0, `${rule} α = 2^${alphaLog2}: the traffic should overrun some headroom`);
  }
});

// HPCC's third.cc gives each switch port its own α (pfc_a_shift: 3 at the NICs' rate, one less per
// doubling above it): on 100 Gb/s NICs a 100 Gb/s port's queue has α = 1/8, a 400 Gb/s port's 1/2.
const MIXED = { ...SMALL, poolAlphaLog2: -3 };

test("setPort's alphaLog2: two queues of one buffer at α = 1/8 and 1/2 pause, and resume, at their own thresholds", () => {
  const t = new PfcShared(MIXED, 2);
  t.open(0);
  t.open(1);
  assert.is(t.setPort(0, 100, 5000, -3), 0);
  assert.is(t.setPort(1, 400, 5000, -1), 0);
  assert.equal([t.alphaLog2(0), t.alphaLog2(1)], [-3, -1]);
  for (const q of [0, 1]) assert.is(t.setPool(q, 0), 0);
  assert.is(t.poolRegionBytes(0), 88_000); // 100,000 − 2 × (1000 + 5000)
  // Queue 0 (α = 1/8): 1000 B to its reserve, then the k-th 1000 B goes to the shared part while
  // 1000k ≤ ⌊(88,000 − 1000(k − 1)) / 8⌋: k = 9 (9000 ≤ 10,000; T after ⌊79,000 / 8⌋ = 9875 > 9000,
  // no pause); k = 10: 10,000 > ⌊79,000 / 8⌋ = 9875, to the headroom, and PAUSE.
  for (let k = 0; k < 10; k++) assert.is(t.onArrive(0, k, 1000), 0, `queue 0, packet ${k + 1}`);
  assert.is(t.onArrive(0, 10, 1000), PFC_PAUSE);
  assert.equal([t.queueBytes(0), t.headroomUsedBytes(0), t.poolSharedBytes(0)], [11_000, 1000, 9000]);
  // Queue 1 (α = 1/2) takes the same 11 packets without pausing: its 11th finds
  // T = ⌊(88,000 − 9000 − 9000) / 2⌋ = 35,000 and leaves mine 10,000 < ⌊69,000 / 2⌋ = 34,500.
  for (let k = 0; k < 11; k++) assert.is(t.onArrive(1, k, 1000), 0, `queue 1, packet ${k + 1}`);
  assert.is(t.paused(1), false);
  // xoffBytes = reserve + min(⌊α free⌋, mine + free), free = 88,000 − 19,000 = 69,000.
  assert.equal([t.xoffBytes(0), t.xoffBytes(1)], [1000 + 8625, 1000 + 34_500]);
  // Queue 1 pauses at its k-th shared packet once 1000k > ⌊(80,000 − 1000k) / 2⌋: k = 27 (27,000 >
  // 26,500; k = 26: 26,000 ≤ 27,000 and T after ⌊53,000 / 2⌋ = 26,500 > 26,000): its 28th packet.
  for (let k = 11; k < 27; k++) assert.is(t.onArrive(1, k, 1000), 0, `queue 1, packet ${k + 1}`);
  assert.is(t.onArrive(1, 27, 1000), PFC_PAUSE);
  assert.equal([t.queueBytes(1), t.headroomUsedBytes(1), t.poolSharedBytes(0)], [28_000, 1000, 35_000]);
  // One departure each empties its headroom; free = 88,000 − 35,000 = 53,000. Queue 1: mine 26,000
  // + 500 ≤ ⌊53,000 / 2⌋ = 26,500 → RESUME (at 1/8 it would need ≤ 6625). Queue 0: 9000 + 500 >
  // ⌊53,000 / 8⌋ = 6625, still paused (no refresh due before 2560 ns).
  assert.is(t.onDepart(1, 100, 1000), PFC_RESUME);
  assert.is(t.onDepart(0, 100, 1000), 0);
  assert.equal([t.paused(0), t.paused(1)], [true, false]);
  assert.is(t.errors, 0);
});

test("alphaLog2: the table's unless setPort gives one; out of range, a fraction, a closed slot, a buffer or a pause refuse it and change nothing", () => {
  const t = new PfcShared(MIXED, 3);
  t.open(0);
  t.open(1);
  assert.is(t.alphaLog2(0), -3); // opened: poolAlphaLog2
  assert.is(t.setPort(0, 400, 5000, -1), 0);
  assert.is(t.alphaLog2(0), -1);
  assert.is(t.setPort(0, 400, 5000), 0); // omitted: the table's again
  assert.is(t.alphaLog2(0), -3);
  assert.is(t.setPort(0, 400, 5000, 8), 0);
  assert.is(t.setPort(1, 400, 5000, -8), 0);
  assert.equal([t.alphaLog2(0), t.alphaLog2(1)], [8, -8]);
  for (const bad of [9, -9, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    const before = JSON.stringify(t.inspect(0));
    const errors = t.errors;
    assert.is(t.setPort(0, 100, 2000, bad), E_ARG, `alphaLog2 ${bad}`);
    assert.is(JSON.stringify(t.inspect(0)), before);
    assert.is(t.errors, errors + 1);
  }
  assert.is(t.setPort(2, 100, 5000, -1), E_SLOT);
  assert.is(t.setPort(2, 100, 5000, 9), E_SLOT);
  assert.is(t.alphaLog2(2), 0); // a closed queue's reader
  // A bad link with a good α: E_ARG, α kept.
  assert.is(t.setPort(0, 0, 5000, -1), E_ARG);
  assert.is(t.alphaLog2(0), 8);
  // In a buffer its α is fixed, as its headroom.
  assert.is(t.setPool(0, 0), 0);
  assert.is(t.setPort(0, 400, 5000, -1), E_STATE);
  assert.is(t.alphaLog2(0), 8);
  // Paused (in no buffer, T = 0: the first packet pauses): E_STATE.
  assert.is(t.onArrive(1, 0, 100), PFC_PAUSE);
  assert.is(t.setPort(1, 400, 5000, 0), E_STATE);
  assert.is(t.alphaLog2(1), -8);
  // close forgets it: reopened, the table's.
  assert.is(t.close(1), 0);
  t.open(1);
  assert.is(t.alphaLog2(1), -3);
  t.open(0); // reopening an open queue too
  assert.is(t.alphaLog2(0), -3);
});

test("complete sharing keeps a queue's α but does not use it", () => {
  const t = new PfcShared({ ...SMALL, poolRule: "complete" }, 2);
  t.open(0);
  t.open(1);
  assert.is(t.setPort(0, 100, 5000, -8), 0);
  assert.is(t.setPort(1, 100, 5000, 8), 0);
  for (const q of [0, 1]) assert.is(t.setPool(q, 0), 0);
  for (let k = 0; k < 5; k++) for (const q of [0, 1]) assert.is(t.onArrive(q, k, 1000), 0);
  // mine 4000 each, free 88,000 − 8000: T = mine + free for both.
  assert.equal([t.xoffBytes(0), t.xoffBytes(1)], [1000 + 84_000, 1000 + 84_000]);
  assert.equal([t.alphaLog2(0), t.alphaLog2(1)], [-8, 8]);
});

test.run();
