// Derived defaults of Pfc at the ends of their inputs' rules (DESIGN.md rules 6/7: a value inside
// its rule, given alone, never makes a derived default throw). Each default is clamped into its
// own rule; the expected values are derived by hand below (802.3 Annex 31B: one pause quantum is
// 512 bit times). Explicitly given values outside a rule still throw.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PFC_DROP, PFC_PAUSE, Pfc, resolvePfcParams } from "./pfc";

const I32_MAX = 2 ** 31 - 1; // 2,147,483,647

test("linkGbps 0.01: pauseQuanta defaults to the most quanta whose PAUSE lasts at most 2^31 − 1 ns", () => {
  // One quantum = 512 bit / 0.01 bit/ns = 51,200 ns; 65535 of them = 3,355,392,000 ns > 2^31 − 1.
  // ⌊2,147,483,647 × 0.01 / 512⌋ = ⌊21,474,836.47 / 512⌋ = ⌊41,943.04⌋ = 41,943 quanta:
  // 41,943 × 512 = 21,474,816 bit / 0.01 = 2,147,481,600 ns ≤ 2^31 − 1 (41,944: 2,147,532,800 > it).
  // refreshNs = ⌊2,147,481,600 / 2⌋ = 1,073,740,800; headroom 2 × ⌈0.01 × 1000 / 8 = 1.25⌉ + 2 × 1500 = 3004.
  const p = new Pfc({ linkGbps: 0.01 }, 1);
  assert.is(p.params.pauseQuanta, 41_943);
  assert.is(p.frameNs, 2_147_481_600);
  assert.ok(p.frameNs <= I32_MAX);
  assert.is(p.params.refreshNs, 1_073_740_800);
  assert.is(p.params.headroomBytes, 3004);
  // The PAUSE carries that duration.
  p.open(0);
  assert.is(p.onArrive(0, 0, 100_001), PFC_PAUSE);
  assert.is(p.out[0], 2_147_481_600);
  // From 65535 × 512 / (2^31 − 1) = 0.0156248 Gb/s up the default is 65535 (0.016: 2,097,120,000 ns).
  assert.is(resolvePfcParams({ linkGbps: 0.016 }).pauseQuanta, 65535);
  assert.is(resolvePfcParams({ linkGbps: 0.015625 }).pauseQuanta, 65535); // 33,553,920 / 0.015625 = 2,147,450,880 ns
  // Just below: ⌊2,147,483,647 × 0.0156 / 512⌋ = ⌊33,500,744.89 / 512⌋ = ⌊65,431.14⌋ = 65,431 quanta,
  // 65,431 × 512 = 33,500,672 bit / 0.0156 = 2,147,478,974.4 → ⌈⌉ 2,147,478,975 ns ≤ 2^31 − 1.
  assert.equal([resolvePfcParams({ linkGbps: 0.0156 }).pauseQuanta, new Pfc({ linkGbps: 0.0156 }).frameNs], [65_431, 2_147_478_975]);
  // Given explicitly, 65535 quanta at 0.01 Gb/s still throw.
  assert.throws(() => new Pfc({ linkGbps: 0.01, pauseQuanta: 65535 }), /^Pfc: pauseQuanta must be/);
});

test("cableNs 50 ms: the headroom default (2 × cable BDP + 2 MTU) is clamped to 2^29", () => {
  // 2 × ⌈100 Gb/s × 50,000,000 ns / 8⌉ + 2 × 1500 = 2 × 625,000,000 + 3000 = 1,250,003,000 > 2^29 → 536,870,912.
  const p = new Pfc({ cableNs: 50_000_000, xoffBytes: 1000, xonBytes: 0 }, 1);
  assert.is(p.params.headroomBytes, 2 ** 29);
  // Admitted up to XOFF + headroom = 1000 + 536,870,912; one byte more is dropped.
  p.open(0);
  assert.is(p.onArrive(0, 0, 1000 + 2 ** 29), PFC_PAUSE);
  const r = p.onArrive(0, 1, 1);
  assert.ok(r >= 0 && (r & PFC_DROP) !== 0, `${r}`);
  // Given explicitly, 2^29 + 1 still throws.
  assert.throws(() => new Pfc({ headroomBytes: 2 ** 29 + 1 }), /^Pfc: headroomBytes must be an integer in \[0, 2\^29\], got 536870913/);
});

test("pauseQuanta 1 at 800 Gb/s: refreshNs defaults to 1 ns, not ⌊1 / 2⌋ = 0", () => {
  // One quantum = 512 bit / 800 bit/ns = 0.64 ns → ⌈⌉ 1 ns; half of it floors to 0 → max(1, 0) = 1.
  const p = new Pfc({ pauseQuanta: 1, linkGbps: 800 }, 1);
  assert.equal([p.frameNs, p.params.refreshNs], [1, 1]);
  // Two quanta: ⌈1.28⌉ = 2 ns, refresh ⌊2 / 2⌋ = 1 (unchanged where the half is ≥ 1).
  assert.is(resolvePfcParams({ pauseQuanta: 2, linkGbps: 800 }).refreshNs, 1);
  // Given explicitly, 0 still throws.
  assert.throws(() => new Pfc({ pauseQuanta: 1, linkGbps: 800, refreshNs: 0 }), /^Pfc: refreshNs must be an integer in \[1, 1\], got 0/);
});

test.run();
