// Defaults that depend on another parameter (DESIGN.md rules 6–7): a legal value given alone never
// makes the constructor throw because of a fixed default of another parameter. Expectations are
// worked out by hand from the rules in params.ts.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveSwiftParams, SWIFT_MAX_CWND_PKTS } from "./params";
import { Swift } from "./swift";

const PROFILES = ["paper", "google", "reflex", "htsim"] as const;
const Q16 = 65536;

test("the initial window is the profile's, held at maxCwndPkts: a flow starts at the ceiling (maxCwndPkts 10)", () => {
  for (const profile of PROFILES) {
    // google/paper/reflex: min(256, 10) = 10; htsim: min(15, 10) = 10.
    const s = new Swift({ profile, maxCwndPkts: 10 });
    assert.is(s.params.initCwndPkts, 10);
    s.open(0);
    assert.is(s.cwndBytes(0), 10 * s.params.mtuBytes); // 10 packets × 4096 B = 40960 B
  }
  // Below htsim's 15 but above the others' floors: maxCwndPkts 14 → min(15, 14) = 14.
  assert.is(resolveSwiftParams({ profile: "htsim", maxCwndPkts: 14 }).initCwndPkts, 14);
  // A ceiling above the profile's initial window leaves it alone (in-range behaviour unchanged).
  assert.is(resolveSwiftParams({ profile: "google", maxCwndPkts: 1000 }).initCwndPkts, 256);
  assert.is(resolveSwiftParams({ profile: "htsim", maxCwndPkts: 100 }).initCwndPkts, 15);
  assert.is(resolveSwiftParams({ profile: "htsim" }).initCwndPkts, 15);
  assert.is(resolveSwiftParams({ profile: "google" }).initCwndPkts, 256);
});

test("a floor given above the profile's ceiling raises the ceiling's default to it (minCwndPkts, minEcwndPkts 32767)", () => {
  for (const profile of PROFILES) {
    // minCwndPkts 32767: maxCwnd = max(256 or 1000, 32767) = 32767; init = min(max(256 or 15, 32767), 32767) = 32767.
    const s = new Swift({ profile, minCwndPkts: 32767 });
    assert.is(s.params.maxCwndPkts, 32767);
    assert.is(s.params.initCwndPkts, 32767);
    s.open(0);
    assert.is(s.cwndBytes(0), 32767 * s.params.mtuBytes);
    // minCwndPkts 300: maxCwnd = max(256, 300) = 300 (htsim: max(1000, 300) = 1000); init = max(256, 300) = 300
    // (htsim: max(15, 300) = 300, below its ceiling of 1000).
    const mid = resolveSwiftParams({ profile, minCwndPkts: 300 });
    assert.is(mid.maxCwndPkts, profile === "htsim" ? 1000 : 300);
    assert.is(mid.initCwndPkts, 300);
    // htsim: minCwndPkts 20 → init = max(15, 20) = 20, ceiling 1000 unchanged.
    if (profile === "htsim") assert.is(resolveSwiftParams({ profile, minCwndPkts: 20 }).initCwndPkts, 20);
    // minEcwndPkts 32767: maxEcwnd = max(256, 32767) = 32767, and a flow's endpoint window opens there.
    const e = new Swift({ profile, minEcwndPkts: 32767 });
    assert.is(e.params.maxEcwndPkts, 32767);
    // A floor at or below the profile's ceiling leaves the ceiling alone.
    assert.is(resolveSwiftParams({ profile, minEcwndPkts: 256 }).maxEcwndPkts, 256);
    assert.is(resolveSwiftParams({ profile, minCwndPkts: 1 }).maxCwndPkts, profile === "htsim" ? 1000 : 256);
  }
});

test("fs_min given at or above the profile's fs_max moves fs_max to 32767 packets (fsMinCwndPkts 300, 32766)", () => {
  for (const profile of PROFILES) {
    // google/paper/reflex fs_max 256, htsim 100: 300 ≥ both → fs_max = 32767.
    const s = new Swift({ profile, fsMinCwndPkts: 300 });
    assert.is(s.params.fsMaxCwndPkts, SWIFT_MAX_CWND_PKTS);
    // At exactly the profile's fs_max (256 / 100) fs_max must still exceed it: 32767.
    const fsMax = profile === "htsim" ? 100 : 256;
    assert.is(resolveSwiftParams({ profile, fsMinCwndPkts: fsMax }).fsMaxCwndPkts, 32767);
    // 32766 → 32767: α = fs_range / (1/√32766 − 1/√32767) is finite and positive.
    const top = new Swift({ profile, fsMinCwndPkts: 32766 });
    assert.is(top.params.fsMaxCwndPkts, 32767);
    // Below the profile's fs_max nothing moves.
    assert.is(resolveSwiftParams({ profile, fsMinCwndPkts: 50 }).fsMaxCwndPkts, fsMax);
  }
});

test("values given together are checked as given; fs_min's rule stops short of 32767", () => {
  assert.throws(() => new Swift({ minCwndPkts: 300, maxCwndPkts: 256 }), /maxCwndPkts must be a number in \[300, 32767\]/);
  assert.throws(() => new Swift({ maxCwndPkts: 10, initCwndPkts: 11 }), /initCwndPkts must be a number in \[0.01, 10\]/);
  assert.throws(() => new Swift({ minCwndPkts: 20, initCwndPkts: 10 }), /initCwndPkts/);
  assert.throws(() => new Swift({ minEcwndPkts: 300, maxEcwndPkts: 256 }), /maxEcwndPkts/);
  assert.throws(() => new Swift({ fsMinCwndPkts: 300, fsMaxCwndPkts: 256 }), /fsMaxCwndPkts must be a number in \(300, 32767\]/);
  // fs_max ≤ 32767 must exceed fs_min, so fs_min = 32767 can never be met: its own rule says so.
  assert.throws(() => new Swift({ fsMinCwndPkts: 32767 }), /fsMinCwndPkts must be a number in \[.*, 32767\), got 32767/);
  // The floors' own ranges are unchanged.
  assert.throws(() => new Swift({ minCwndPkts: 32768 }), /minCwndPkts/);
  assert.throws(() => new Swift({ minEcwndPkts: 32768 }), /minEcwndPkts/);
  assert.throws(() => new Swift({ minCwndPkts: NaN }), /minCwndPkts/);
  assert.throws(() => new Swift({ maxCwndPkts: 0 }), /maxCwndPkts/);
  // Sanity of the Q16 window at the largest floor: 32767 × 65536 = 2147418112 < 2^31.
  assert.ok(32767 * Q16 < 2 ** 31);
});

test("htsim: h and fs_range follow a given base target (csg-htsim SwiftSrc: h = base/6.55, fs_range = 5·base)", () => {
  // Defaults unchanged at the default base of 20 µs: 20000/6.55 ns and 5 × 20000 = 100000 ns.
  const d = resolveSwiftParams({ profile: "htsim" });
  assert.is(d.hopScalingNs, 20_000 / 6.55);
  assert.is(d.fsRangeNs, 100_000);
  // base 40 µs: h = 40000/6.55 = 6106.87 ns, fs_range = 200000 ns.
  const p = resolveSwiftParams({ profile: "htsim", baseTargetNs: 40_000 });
  assert.is(p.hopScalingNs, 40_000 / 6.55);
  assert.is(p.fsRangeNs, 200_000);
  // Below fs_min the whole fs_range is added: 40000 + 200000 at 0 hops and 0.05 packets.
  const c = new Swift({ profile: "htsim", baseTargetNs: 40_000, initCwndPkts: 0.05 }, 1);
  c.open(0, 0);
  assert.is(c.targetDelayNs(0), 240_000);
  // Given values win over the derived ones.
  const g = resolveSwiftParams({ profile: "htsim", baseTargetNs: 40_000, hopScalingNs: 1000, fsRangeNs: 5000 });
  assert.is(g.hopScalingNs, 1000);
  assert.is(g.fsRangeNs, 5000);
  // Held in their ranges: base 2^30 → h = min(2^30/6.55, 2^24) = 2^24, fs_range = min(5·2^30, 2^30) = 2^30.
  const top = resolveSwiftParams({ profile: "htsim", baseTargetNs: 2 ** 30 });
  assert.is(top.hopScalingNs, 2 ** 24);
  assert.is(top.fsRangeNs, 2 ** 30);
  // A base out of its range is reported under its own name.
  assert.throws(() => new Swift({ profile: "htsim", baseTargetNs: -1 }), /baseTargetNs/);
  assert.throws(() => new Swift({ profile: "htsim", baseTargetNs: NaN }), /baseTargetNs/);
  // The other profiles' h and fs_range are constants (Isekai topo_scaling_per_hop, max_flow_scaling).
  const google = resolveSwiftParams({ profile: "google", baseTargetNs: 40_000 });
  assert.is(google.hopScalingNs, 1000);
  assert.is(google.fsRangeNs, 100_000);
});

test("fs_max follows maxCwndPkts outside htsim (Isekai: β from max_fabric_congestion_window)", () => {
  for (const profile of ["google", "paper", "reflex"] as const) {
    assert.is(resolveSwiftParams({ profile }).fsMaxCwndPkts, 256);
    assert.is(resolveSwiftParams({ profile, maxCwndPkts: 1024 }).fsMaxCwndPkts, 1024);
    // A raised ceiling (minCwndPkts 300 → maxCwnd 300) carries fs_max with it.
    assert.is(resolveSwiftParams({ profile, minCwndPkts: 300 }).fsMaxCwndPkts, 300);
    // Given together, fs_max is as given.
    assert.is(resolveSwiftParams({ profile, maxCwndPkts: 1024, fsMaxCwndPkts: 100 }).fsMaxCwndPkts, 100);
  }
  // google, maxCwndPkts 1024, 256 packets: α = 100000/(1/√0.1 − 1/32) = 31938.40 ns, β = −α/32
  // = −998.07 ns: 25000 + floor(α/16 + β) = 25000 + floor(998.07) = 25998 (was 25000: fs_max 256).
  const c = new Swift({ profile: "google", maxCwndPkts: 1024, initCwndPkts: 256 }, 1);
  c.open(0, 0);
  assert.is(c.targetDelayNs(0), 25_998);
  // htsim: fs_max 100 is its own constant (SwiftSrc::SwiftSrc), max_cwnd 1000 notwithstanding.
  assert.is(resolveSwiftParams({ profile: "htsim", maxCwndPkts: 2000 }).fsMaxCwndPkts, 100);
  // A ceiling below fs_min moves fs_max to 32767 (the fs_min rule); a bad ceiling names itself.
  assert.is(resolveSwiftParams({ profile: "google", maxCwndPkts: 0.05 }).fsMaxCwndPkts, 32767);
  assert.throws(() => new Swift({ maxCwndPkts: NaN }), /maxCwndPkts/);
  assert.throws(() => new Swift({ maxCwndPkts: 40000 }), /maxCwndPkts/);
});

test("htsim: a base target of 0 ns takes h and fs_range to 0 (h = 0/6.55, fs_range = 5 × 0)", () => {
  // baseTargetNs is a number in [0, 2^30] (api.json); csg-htsim SwiftSrc derives h = base/6.55 and
  // fs_range = 5 × base from any base in range, 0 included: both 0, not the 20 µs base's 3053.4 / 100000 ns.
  const z = resolveSwiftParams({ profile: "htsim", baseTargetNs: 0 });
  assert.is(z.hopScalingNs, 0);
  assert.is(z.fsRangeNs, 0);
  // So the target is 0 ns at 0 hops and a window below fs_min: 0 + 0 × hops + 0.
  const c = new Swift({ profile: "htsim", baseTargetNs: 0, initCwndPkts: 0.05 }, 1);
  c.open(0, 0);
  assert.is(c.targetDelayNs(0), 0);
});

test("fs_max follows maxCwndPkts at its top, 32767 packets (google, paper, reflex)", () => {
  // README §3.1 row: fs_max follows maxCwndPkts outside htsim; maxCwndPkts' range ends at 32767.
  for (const profile of ["google", "paper", "reflex"] as const) {
    assert.is(resolveSwiftParams({ profile, maxCwndPkts: 32767 }).fsMaxCwndPkts, 32767);
  }
});

test("fsMinCwndPkts 2^-16, the low end of its range [2^-16, 32767), is accepted; 2^-17 is refused", () => {
  // api.json: fsMinCwndPkts "a number in [0.0000152587890625, 32767)"; README: fs_min's range is [2^-16, 32767).
  const p = resolveSwiftParams({ fsMinCwndPkts: 2 ** -16 });
  assert.is(p.fsMinCwndPkts, 2 ** -16);
  assert.is(p.fsMaxCwndPkts, 256);
  assert.throws(() => new Swift({ fsMinCwndPkts: 2 ** -17 }), /fsMinCwndPkts must be a number in \[/);
});

test.run();
