// Derived defaults at the ends of their inputs' ranges (DESIGN.md rules 6–7): a legal value given
// alone never makes the constructor throw, because a default derived from it is clamped into
// its own rule; values given by name are checked, never clamped. Each expectation is worked out
// by hand below from the spec's formula and the rule's bounds.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Nscc } from "./nscc";

const PROFILES = ["smartt", "uec", "uec-htsim"] as const;
const MTU = 4150;
const MSS = 4086; // 4150 − 64 B header
const BASE = 14022.72; // default network base RTT (ns)

test("maxWnd = 1.5 × BDP is held at one MTU when the BDP is small (linkGbps 1, baseRttNs 200, bdpBytes 2000)", () => {
  for (const profile of PROFILES) {
    // linkGbps 1: BDP = 1 × 14022.72 / 8 = 1752.84 B; 1.5 × BDP = 2629.26 < 4150 → maxWnd = 4150.
    const slow = new Nscc({ profile, linkGbps: 1 });
    assert.ok(Math.abs(slow.params.bdpBytes - 1752.84) < 1e-9);
    assert.is(slow.params.maxWndBytes, MTU);
    slow.open(0);
    assert.is(slow.cwndBytes(0), MTU); // a flow opens at maxWnd
    // baseRttNs 200: BDP = 100 × 200 / 8 = 2500 B; 1.5 × 2500 = 3750 < 4150 → 4150.
    const short = new Nscc({ profile, baseRttNs: 200 });
    assert.is(short.params.bdpBytes, 2500);
    assert.is(short.params.maxWndBytes, MTU);
    // bdpBytes 2000: 1.5 × 2000 = 3000 < 4150 → 4150.
    assert.is(new Nscc({ profile, bdpBytes: 2000 }).params.maxWndBytes, MTU);
    // The floor is the MTU given: mtuBytes 9000, bdpBytes 2000 → 3000 < 9000 → 9000.
    assert.is(new Nscc({ profile, bdpBytes: 2000, mtuBytes: 9000 }).params.maxWndBytes, 9000);
  }
});

test("maxWnd and the BDP are held at 2^30 (bdpBytes 2^30, baseRttNs 2^29)", () => {
  for (const profile of PROFILES) {
    // bdpBytes 2^30: 1.5 × 2^30 = 1610612736 > 2^30 → maxWnd = 2^30 = 1073741824.
    const big = new Nscc({ profile, bdpBytes: 2 ** 30 });
    assert.is(big.params.maxWndBytes, 1_073_741_824);
    big.open(0);
    assert.is(big.cwndBytes(0), 1_073_741_824);
    // baseRttNs 2^29: BDP = 100 × 536870912 / 8 = 6710886400 > 2^30 → bdp = 2^30, maxWnd = 2^30.
    const far = new Nscc({ profile, baseRttNs: 2 ** 29 });
    assert.is(far.params.bdpBytes, 2 ** 30);
    assert.is(far.params.maxWndBytes, 2 ** 30);
  }
  // baseRttNs 1, linkGbps 0.001: BDP = 0.001 × 1 / 8 = 0.000125 < 1 → bdp = 1; maxWnd = MTU.
  const tiny = new Nscc({ baseRttNs: 1, linkGbps: 0.001 });
  assert.is(tiny.params.bdpBytes, 1);
  assert.is(tiny.params.maxWndBytes, MTU);
});

test("uec's qa_threshold is 4 × the base RTT without trimming, a target given by name or not (Table 3-76); uec-htsim's 4 × its target", () => {
  // Default network: base RTT 14,022.72 ns. A named target of 7,000 ns leaves uec's 56,090.88
  // (it gave 4 × 7,000 = 28,000 before the audit of 2026-12-07) and moves uec-htsim's to 28,000.
  assert.is(new Nscc({ profile: "uec", trimming: false }).params.qaThresholdNs, 56_090.88);
  assert.is(new Nscc({ profile: "uec", trimming: false, targetDelayNs: 7000 }).params.qaThresholdNs, 56_090.88);
  assert.is(new Nscc({ profile: "uec-htsim", trimming: false, targetDelayNs: 7000 }).params.qaThresholdNs, 28_000);
  assert.is(new Nscc({ profile: "uec", targetDelayNs: 7000 }).params.qaThresholdNs, Infinity); // trimming: off
});

test("the target delay is held in [1, 2^22] ns (baseRttNs 10 ms, baseRttNs 1)", () => {
  // baseRttNs 10^7: smartt 0.5 × 10^7 = 5·10^6, uec 0.75 × 10^7 = 7.5·10^6; both > 2^22 = 4194304.
  for (const profile of PROFILES) {
    const p = new Nscc({ profile, baseRttNs: 10_000_000 }).params;
    assert.is(p.targetDelayNs, 4_194_304);
    // BDP = 100 × 10^7 / 8 = 1.25·10^8 B (in range), maxWnd = 1.875·10^8.
    assert.is(p.bdpBytes, 125_000_000);
    assert.is(p.maxWndBytes, 187_500_000);
    // The rest is derived from the clamped target: qa_threshold = 4 × 4194304 = 16777216 when on.
    assert.is(p.qaThresholdNs, profile === "uec-htsim" ? 16_777_216 : Infinity);
  }
  // Without trimming uec's target is 1.0 × base RTT = 10^7 → 4194304; qa_threshold is Table
  // 3-76's 4 × config_base_rtt = 4·10^7 (uec-htsim: 4 × its clamped target, 16777216); at a base
  // RTT of 2^29 it is held at 2^30.
  const noTrim = new Nscc({ profile: "uec", baseRttNs: 10_000_000, trimming: false }).params;
  assert.is(noTrim.targetDelayNs, 4_194_304);
  assert.is(noTrim.qaThresholdNs, 40_000_000);
  assert.is(new Nscc({ profile: "uec-htsim", baseRttNs: 10_000_000, trimming: false }).params.qaThresholdNs, 16_777_216);
  assert.is(new Nscc({ profile: "uec", baseRttNs: 2 ** 29, trimming: false }).params.qaThresholdNs, 2 ** 30);
  // baseRttNs 1: smartt 0.5 × 1 = 0.5 < 1 → 1; uec 0.75 → 1.
  for (const profile of PROFILES) assert.is(new Nscc({ profile, baseRttNs: 1 }).params.targetDelayNs, 1);
  // Just inside: uec at 5·10^6 ns gives 3.75·10^6 ≤ 2^22, unchanged (the spec's formula).
  assert.is(new Nscc({ profile: "uec", baseRttNs: 5_000_000 }).params.targetDelayNs, 3_750_000);
});

test("fi, fi_scale, eta and alpha are held in their rules at 100000 Gb/s and at a 2^30 B BDP", () => {
  for (const profile of PROFILES) {
    // linkGbps 10^5: BDP = 10^5 × 14022.72 / 8 = 175284000 B; scaling_a = 175284000 / 150000 = 1168.56.
    const p = new Nscc({ profile, linkGbps: 100_000 }).params;
    assert.is(p.bdpBytes, 175_284_000);
    // fi = 5 × 4086 × 1168.56 = 23873680.8 > 2^24 = 16777216 → 16777216.
    assert.is(p.fiBytes, 16_777_216);
    // fi_scale = 0.25 × 1168.56 = 292.14 > 256 → 256.
    assert.is(p.fiScale, 256);
    // alpha = 4 × 1168.56 × 4086 / 12000 = 1591.58 > 1024 → 1024.
    assert.is(p.alphaBytesPerNs, 1024);
    // eta = 0.15 × 4086 × 1168.56 = 716210.42 ≤ 2^24: the formula (uec-htsim truncates it).
    const eta = 0.15 * MSS * 1168.56;
    if (profile === "smartt") assert.is(p.etaBytes, 0);
    else if (profile === "uec") assert.ok(Math.abs(p.etaBytes - eta) < 1e-6);
    else assert.is(p.etaBytes, 716_210);
  }
  // mtuBytes 65535, bdpBytes 2^30: MSS = 65471, scaling_a = 2^30 / 150000 = 7158.2788…;
  // eta = 0.15 × 65471 × 7158.28 = 7.03·10^7 > 2^24 → 16777216; fi likewise → 16777216.
  const huge = new Nscc({ profile: "uec", mtuBytes: 65535, bdpBytes: 2 ** 30 }).params;
  assert.is(huge.etaBytes, 16_777_216);
  assert.is(huge.fiBytes, 16_777_216);
  assert.is(huge.maxWndBytes, 2 ** 30);
  // uec-htsim truncates after the clamp: floor(2^24) = 2^24.
  assert.is(new Nscc({ profile: "uec-htsim", mtuBytes: 65535, bdpBytes: 2 ** 30 }).params.etaBytes, 16_777_216);
  // baseRttNs 10^7 (BDP 1.25·10^8, scaling_a = 833.33…): fi = 5 × 4086 × 833.33 = 17025000 > 2^24
  // → 16777216; alpha = 4 × 833.33 × 4086 / 12000 = 1135 > 1024 → 1024; eta = 510750 (formula).
  const far = new Nscc({ profile: "uec", baseRttNs: 10_000_000 }).params;
  assert.is(far.fiBytes, 16_777_216);
  assert.is(far.alphaBytesPerNs, 1024);
  assert.ok(Math.abs(far.etaBytes - 510_750) < 1e-6);
  assert.ok(Math.abs(far.fiScale - 0.25 * (125_000_000 / 150_000)) < 1e-12); // 208.33 ≤ 256
});

test("mtuBytes 64 takes a 63 B header, leaving one payload byte", () => {
  for (const profile of PROFILES) {
    const p = new Nscc({ profile, mtuBytes: 64 }).params;
    assert.is(p.headerBytes, 63); // min(64, 64 − 1)
    // MSS = 1; fi = 5 × 1 × 175284 / 150000 = 5.84280 B per RTT.
    assert.ok(Math.abs(p.fiBytes - (5 * 175_284) / 150_000) < 1e-12);
    assert.is(p.maxWndBytes, 1.5 * 175_284); // 262926: the MTU floor does not bind
  }
  // mtuBytes 65 still takes the 64 B header (min(64, 64)); the default is unchanged above.
  assert.is(new Nscc({ mtuBytes: 65 }).params.headerBytes, 64);
  assert.is(new Nscc({ mtuBytes: 1500 }).params.headerBytes, 64);
});

test("in-range derivations are the spec's formulas, unclamped", () => {
  const p = new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: BASE, mtuBytes: MTU }).params;
  assert.is(p.maxWndBytes, 1.5 * 175_284); // 1.5 × 100 × 14022.72 / 8
  assert.is(p.targetDelayNs, 0.75 * BASE);
  assert.ok(Math.abs(p.fiBytes - 5 * MSS * 1.16856) < 1e-6);
  assert.ok(Math.abs(p.alphaBytesPerNs - (4 * 1.16856 * MSS) / 12000) < 1e-12);
});

test("values given by name outside their rules still throw: only defaults are clamped", () => {
  assert.throws(() => new Nscc({ maxWndBytes: 2 ** 30 + 1 }), /maxWndBytes must be a number in \[4150, 2\^30\]/);
  assert.throws(() => new Nscc({ bdpBytes: 2000, maxWndBytes: 3000 }), /maxWndBytes/); // below one MTU
  assert.throws(() => new Nscc({ baseRttNs: 10_000_000, targetDelayNs: 5_000_000 }), /targetDelayNs must be a number in \[1, 2\^22\], got 5000000/);
  assert.throws(() => new Nscc({ linkGbps: 100_000, fiBytes: 2 ** 24 + 1 }), /fiBytes/);
  assert.throws(() => new Nscc({ etaBytes: 2 ** 24 + 1 }), /etaBytes/);
  assert.throws(() => new Nscc({ fiScale: 257 }), /fiScale/);
  assert.throws(() => new Nscc({ alphaBytesPerNs: 1025 }), /alphaBytesPerNs/);
  assert.throws(() => new Nscc({ mtuBytes: 64, headerBytes: 64 }), /headerBytes must be a number in \[0, 63\]/);
  // The inputs' own ranges are unchanged.
  assert.throws(() => new Nscc({ linkGbps: 100_001 }), /linkGbps/);
  assert.throws(() => new Nscc({ baseRttNs: 2 ** 29 + 1 }), /baseRttNs/);
  assert.throws(() => new Nscc({ bdpBytes: 2 ** 30 + 1 }), /bdpBytes/);
  assert.throws(() => new Nscc({ mtuBytes: 63 }), /mtuBytes/);
  assert.throws(() => new Nscc({ baseRttNs: NaN }), /baseRttNs/);
});


test("initCwndBytes: maxWnd unless given (also a maxWnd given), in [MTU, maxWnd], floored to whole bytes at open", () => {
  for (const profile of PROFILES) {
    // Default: 1.5 × (100 × 14022.72 / 8) = 262926 B, the window a flow opens with.
    const d = new Nscc({ profile });
    assert.is(d.params.initCwndBytes, 262_926);
    d.open(0);
    assert.is(d.cwndBytes(0), 262_926);
    // A maxWnd given alone carries the initial window with it.
    assert.is(new Nscc({ profile, maxWndBytes: 100_000 }).params.initCwndBytes, 100_000);
    // Given: 10 MTU = 41500 B opens the flow there; the ceiling stays 262926.
    const g = new Nscc({ profile, initCwndBytes: 41_500 }, 4);
    g.open(3);
    assert.is(g.cwndBytes(3), 41_500);
    assert.is(g.maxWndBytes(3), 262_926);
    // 41500.9 opens at 41500 (whole bytes, as maxWnd is floored).
    const f = new Nscc({ profile, initCwndBytes: 41_500.9 });
    f.open(0);
    assert.is(f.cwndBytes(0), 41_500);
    // The rule's ends: one MTU and maxWnd are accepted, one byte past either is refused.
    assert.is(new Nscc({ profile, initCwndBytes: MTU }).params.initCwndBytes, MTU);
    assert.is(new Nscc({ profile, initCwndBytes: 262_926 }).params.initCwndBytes, 262_926);
    assert.throws(() => new Nscc({ profile, initCwndBytes: MTU - 1 }), /initCwndBytes/);
    assert.throws(() => new Nscc({ profile, initCwndBytes: 262_927 }), /initCwndBytes/);
    assert.throws(() => new Nscc({ profile, maxWndBytes: 100_000, initCwndBytes: 100_001 }), /initCwndBytes/);
  }
});

test("flowBaseRttNs (uet-htsim -enable_accurate_base_rtt): a flow opens with that base RTT, its maxWnd and a window no larger; the constants stay the network's", () => {
  for (const profile of PROFILES) {
    // Default: the network's, so a flow opens as before (base 14,023 ns, 262,926 B).
    const d = new Nscc({ profile });
    assert.is(d.params.flowBaseRttNs, BASE);
    d.open(0);
    assert.equal([d.baseRttNs(0), d.maxWndBytes(0), d.cwndBytes(0)], [14_023, 262_926, 262_926]);
    // 4,674.24 ns is a third of 14,022.72 (ps 4,674,240 × 3 = 14,022,720): maxWnd 262,926 / 3 =
    // 87,642, and the default window follows it; target, fi and eta are the network's.
    const a = new Nscc({ profile, flowBaseRttNs: 4674.24 }, 2);
    a.open(1);
    assert.equal([a.baseRttNs(1), a.maxWndBytes(1), a.cwndBytes(1)], [4674, 87_642, 87_642]);
    assert.is(a.targetDelayNs(1), d.targetDelayNs(0));
    assert.equal([a.params.fiBytes, a.params.etaBytes, a.params.maxWndBytes], [d.params.fiBytes, d.params.etaBytes, 262_926]);
    // A window given below the flow's maxWnd stands; one above it opens at that maxWnd.
    const low = new Nscc({ profile, flowBaseRttNs: 4674.24, initCwndBytes: 41_500 });
    low.open(0);
    assert.is(low.cwndBytes(0), 41_500);
    const high = new Nscc({ profile, flowBaseRttNs: 4674.24, initCwndBytes: 100_000 });
    high.open(0);
    assert.is(high.cwndBytes(0), 87_642);
    // At most the network's (a base RTT only falls from there); at least 1 ns. 1 ns: maxWnd
    // floor(262926 × 1000 / 14022720) = 18 B, held at one MTU.
    assert.throws(() => new Nscc({ profile, flowBaseRttNs: BASE + 0.01 }), /flowBaseRttNs/);
    assert.throws(() => new Nscc({ profile, flowBaseRttNs: 0.5 }), /flowBaseRttNs/);
    const one = new Nscc({ profile, flowBaseRttNs: 1 });
    one.open(0);
    assert.equal([one.baseRttNs(0), one.maxWndBytes(0), one.cwndBytes(0)], [1, MTU, MTU]);
  }
});

test("qaMeasure: Alg. 4's `alg4` in every profile unless given; `window` only with the smartt loop (the UEC loop never reads it); any other value refused", () => {
  for (const profile of PROFILES) {
    assert.is(new Nscc({ profile }).params.qaMeasure, "alg4");
    assert.throws(() => new Nscc({ profile, qaMeasure: "trtt" as "window" }), /qaMeasure/);
  }
  assert.is(new Nscc({ profile: "smartt", qaMeasure: "window" }).params.qaMeasure, "window");
  assert.is(new Nscc({ profile: "uec", loop: "smartt", qaMeasure: "window" }).params.qaMeasure, "window");
  assert.throws(() => new Nscc({ profile: "uec", qaMeasure: "window" }), /qaMeasure/);
  assert.throws(() => new Nscc({ profile: "smartt", loop: "uec", qaMeasure: "window" }), /qaMeasure/);
});

test("quickAdapt and fastIncrease are on and perPathTarget off in every profile unless given (UEC disable_quick_adapt defaults to false; §III-J scales no target); they take booleans only", () => {
  for (const profile of PROFILES) {
    const p = new Nscc({ profile }).params;
    assert.equal([p.quickAdapt, p.fastIncrease, p.perPathTarget], [true, true, false], profile);
    const q = new Nscc({ profile, quickAdapt: false, fastIncrease: false, perPathTarget: true }).params;
    assert.equal([q.quickAdapt, q.fastIncrease, q.perPathTarget], [false, false, true], profile);
    for (const name of ["quickAdapt", "fastIncrease", "perPathTarget"]) {
      assert.throws(() => new Nscc({ profile, [name]: 0 }), new RegExp(name));
    }
  }
});

test("qaThresholdNs given by name: [0, 2^30] or Infinity (README \"Ranges\"); both ends taken, -1, 2^30 + 1 and NaN refused", () => {
  for (const profile of PROFILES) {
    assert.is(new Nscc({ profile, qaThresholdNs: 0 }).params.qaThresholdNs, 0);
    assert.is(new Nscc({ profile, qaThresholdNs: 2 ** 30 }).params.qaThresholdNs, 2 ** 30);
    assert.is(new Nscc({ profile, qaThresholdNs: Infinity }).params.qaThresholdNs, Infinity);
    for (const bad of [-1, 2 ** 30 + 1, NaN]) {
      assert.throws(() => new Nscc({ profile, qaThresholdNs: bad }), /qaThresholdNs must be in \[0, 2\^30\] or Infinity/);
    }
  }
});

test.run();
