// Derived defaults of Pfc at the ends of their inputs' rules (DESIGN.md rules 6/7: a value inside
// its rule, given alone, never makes a derived default throw). Each default is clamped into its
// own rule; the expected values are derived by hand below (802.3 Annex 31B: one pause quantum is
// 512 bit times). Explicitly given values outside a rule still throw.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PFC_DROP, PFC_PAUSE, Pfc, resolvePfcParams } from "./pfc";

const MAX_FRAME_NS = 2 ** 30; // 1,073,741,824: the longest PAUSE PortQueues.onPause takes

test("linkGbps 0.01: pauseQuanta defaults to the most quanta whose PAUSE lasts at most 2^30 ns", () => {
  // One quantum = 512 bit / 0.01 bit/ns = 51,200 ns; 65535 of them = 3,355,392,000 ns > 2^30.
  // ⌊2^30 × 0.01 / 512⌋ = ⌊10,737,418.24 / 512⌋ = ⌊20,971.52⌋ = 20,971 quanta:
  // 20,971 × 512 = 10,737,152 bit / 0.01 = 1,073,715,200 ns ≤ 2^30 (20,972: 1,073,766,400 > it).
  // refreshNs = ⌊1,073,715,200 / 2⌋ = 536,857,600;
  // headroom 2 × ⌈0.01 × 1000 / 8 = 1.25⌉ + 2 × 1500 = 3004.
  const p = new Pfc({ linkGbps: 0.01 }, 1);
  assert.is(p.params.pauseQuanta, 20_971);
  assert.is(p.frameNs, 1_073_715_200);
  assert.ok(p.frameNs <= MAX_FRAME_NS);
  assert.is(p.params.refreshNs, 536_857_600);
  assert.is(p.params.headroomBytes, 3004);
  // The PAUSE carries that duration.
  p.open(0);
  assert.is(p.onArrive(0, 0, 100_001), PFC_PAUSE);
  assert.is(p.out[0], 1_073_715_200);
  // From 65535 × 512 / 2^30 = 65535 / 2^21 ≈ 0.0312495 Gb/s up the default is 65535 (0.032:
  // 33,553,920 bit / 0.032 = 1,048,560,000 ns; 0.03125: 1,073,725,440 ns).
  assert.is(resolvePfcParams({ linkGbps: 0.032 }).pauseQuanta, 65535);
  assert.is(resolvePfcParams({ linkGbps: 0.03125 }).pauseQuanta, 65535);
  // Just below: ⌊2^21 × 0.0312⌋ = ⌊65,431.14⌋ = 65,431 quanta, 65,431 × 512 = 33,500,672 bit /
  // 0.0312 = 1,073,739,487.2 → ⌈⌉ 1,073,739,488 ns ≤ 2^30 (65,432: 1,073,755,898 > it).
  assert.is(resolvePfcParams({ linkGbps: 0.0312 }).pauseQuanta, 65_431);
  assert.is(new Pfc({ linkGbps: 0.0312 }).frameNs, 1_073_739_488);
  // 0.02 and 0.03 Gb/s, where 65535 quanta once lasted 1,677,696,000 and 1,118,464,000 ns:
  // ⌊2^21 × 0.02⌋ = 41,943 → 1,073,740,800 ns;
  // ⌊2^21 × 0.03⌋ = ⌊62,914.56⌋ = 62,914 → ⌈1,073,732,266.7⌉ ns.
  assert.is(new Pfc({ linkGbps: 0.02 }).frameNs, 1_073_740_800);
  assert.is(new Pfc({ linkGbps: 0.03 }).frameNs, 1_073_732_267);
  // Given explicitly, a PAUSE longer than 2^30 ns throws: 65535 quanta at 0.01 Gb/s, and 20,972.
  const refused = /^Pfc: pauseQuanta must be .* at most 2\^30 ns/;
  assert.throws(() => new Pfc({ linkGbps: 0.01, pauseQuanta: 65535 }), refused);
  assert.throws(() => new Pfc({ linkGbps: 0.01, pauseQuanta: 20_972 }), refused);
  assert.is(new Pfc({ linkGbps: 0.01, pauseQuanta: 20_971 }).frameNs, 1_073_715_200);
  // Below 512 / 2^30 Gb/s (≈ 477 b/s) one quantum is longer than 2^30 ns: the default throws.
  assert.throws(() => new Pfc({ linkGbps: 4.7e-7 }), /^Pfc: pauseQuanta must be/);
  assert.is(new Pfc({ linkGbps: 4.8e-7 }).frameNs, 1_066_666_667); // ⌈512 / 4.8e-7⌉
});

test("pauseQuanta default: the most quanta within 2^30 ns at any rate below 65535's, never past it", () => {
  // ⌊2^21 × linkGbps⌋ quanta: scaling by 2^21 is exact, so quanta × 512 / linkGbps ≤ 2^30 holds in
  // doubles too (a quotient just under 2^30 rounds at most to 2^30), and one quantum more passes
  // it. Rates drawn across [512 / 2^30, 65535 / 2^21) Gb/s, with the exact multiples of 2^-21.
  let rate = 4.8e-7;
  for (let i = 0; i < 200_000; i++) {
    rate = i % 2 === 0 ? 4.8e-7 + ((i * 0.6180339887) % 1) * 0.0312 : Math.floor(rate * 2 ** 21) / 2 ** 21 || 4.8e-7;
    const q = resolvePfcParams({ linkGbps: rate }).pauseQuanta;
    if (Math.ceil((q * 512) / rate) > MAX_FRAME_NS || (q < 65535 && Math.ceil(((q + 1) * 512) / rate) <= MAX_FRAME_NS)) {
      assert.unreachable(`linkGbps ${rate}: pauseQuanta ${q}`);
    }
  }
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
