// Derived defaults of PortQueues at the ends of their inputs' rules (DESIGN.md rules 6/7: a value
// inside its rule, given alone, never makes a derived default throw). Each default is clamped
// into its own rule; every expected value is derived by hand below, not read back. Explicitly
// given values outside a rule still throw.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PortQueues, QUEUE_CONTROL, QUEUE_DATA, QUEUE_TRIMMED, TAG_DATA } from "./queue";
import { resolveQueueParams } from "./params";

const G30 = 2 ** 30; // 1,073,741,824

function limits(p: { bdpBytes: number; dataLimitBytes: number; controlLimitBytes: number; kMinBytes: number; kMaxBytes: number }): number[] {
  return [p.bdpBytes, p.dataLimitBytes, p.controlLimitBytes, p.kMinBytes, p.kMaxBytes];
}

test("uec, baseRttNs 100 ms: the Plane_BDP default is clamped to 2^30, and the limits derived from it stay in their rules", () => {
  // 100 Gb/s × 100,000,000 ns / 8 = 1,250,000,000 B > 2^30 → 1,073,741,824.
  // uec: data and control limits = Plane_BDP = 2^30; kMin ⌊0.2 × 2^30⌋ = ⌊214,748,364.8⌋,
  // kMax ⌊0.8 × 2^30⌋ = ⌊858,993,459.2⌋.
  const q = new PortQueues({ profile: "uec", baseRttNs: 100_000_000 }, 1);
  assert.equal(limits(q.params), [G30, G30, G30, 214_748_364, 858_993_459]);
});

test("uec, linkGbps 0.0001: a BDP that floors to 0 B is clamped to 1 B", () => {
  // 0.0001 Gb/s × 14,022.72 ns / 8 = 0.000175 B → ⌊⌋ 0 → 1. Limits = 1 B; kMin ⌊0.2⌋ = 0, kMax ⌊0.8⌋ = 0.
  const q = new PortQueues({ profile: "uec", linkGbps: 0.0001 }, 1);
  assert.equal(limits(q.params), [1, 1, 1, 0, 0]);
  // uec-htsim counts it in packets: ⌈1 / 4150⌉ = 1 packet = 4150 B, headers 8300 B, ⌈0.2⌉ = ⌈0.8⌉ = 1 packet.
  assert.equal(limits(new PortQueues({ profile: "uec-htsim", linkGbps: 0.0001 }, 1).params), [1, 4150, 8300, 4150, 4150]);
});

test("droptail, bdpBytes 2^28: the 5 × BDP data limit is clamped to 2^30", () => {
  // 5 × 268,435,456 = 1,342,177,280 > 2^30 → 1,073,741,824. Control limit = BDP (unused: one FIFO);
  // kMin ⌊0.2 × 2^28⌋ = ⌊53,687,091.2⌋, kMax ⌊0.8 × 2^28⌋ = ⌊214,748,364.8⌋.
  const q = new PortQueues({ profile: "droptail", bdpBytes: 2 ** 28 }, 1);
  assert.equal(limits(q.params), [2 ** 28, G30, 2 ** 28, 53_687_091, 214_748_364]);
});

test("uec-htsim, bdpBytes 2^30: the data FIFO is the whole packets that fit 2^30 B, the header FIFO 2^30", () => {
  // ⌈2^30 / 4150⌉: 4150 × 258,732 = 1,073,737,800, remainder 4,024 → 258,733 packets = 1,073,741,950 B > 2^30.
  // Clamped to ⌊2^30 / 4150⌋ = 258,732 packets = 1,073,737,800 B. Headers 2 × that = 2,147,475,600 → 2^30.
  // RED still counts ⌈BDP / MTU⌉ = 258,733: kMin ⌈51,746.6⌉ = 51,747 × 4150 = 214,750,050;
  // kMax ⌈206,986.4⌉ = 206,987 × 4150 = 858,996,050.
  const q = new PortQueues({ profile: "uec-htsim", bdpBytes: G30 }, 1);
  assert.equal(limits(q.params), [G30, 1_073_737_800, G30, 214_750_050, 858_996_050]);
});

test("uec-htsim, dataLimitBytes 2^30: the header FIFO's 2 × data limit is clamped to 2^30", () => {
  // 2 × 2^30 = 2^31 → 2^30. The BDP and RED keep their defaults (175,284 B; 9 and 35 packets).
  const q = new PortQueues({ profile: "uec-htsim", dataLimitBytes: G30 }, 1);
  assert.equal(limits(q.params), [175_284, G30, G30, 37_350, 145_250]);
});

test("RED: a kMinBytes above the default kMax raises the default kMax to it; a kMaxBytes below the default kMin lowers kMin", () => {
  // uec-htsim default kMax = 35 × 4150 = 145,250 < 500,000 → kMax = max(145,250, 500,000) = 500,000 (a step).
  const hi = new PortQueues({ kMinBytes: 500_000 }, 1).params;
  assert.equal([hi.kMinBytes, hi.kMaxBytes], [500_000, 500_000]);
  // Below the default kMax nothing changes: kMin 100,000, kMax 145,250.
  const mid = resolveQueueParams({ kMinBytes: 100_000 });
  assert.equal([mid.kMinBytes, mid.kMaxBytes], [100_000, 145_250]);
  // uec default kMin = ⌊0.2 × 175,284⌋ = 35,056 > 10,000 → kMin = min(35,056, 10,000) = 10,000.
  const lo = new PortQueues({ profile: "uec", kMaxBytes: 10_000 }, 1).params;
  assert.equal([lo.kMinBytes, lo.kMaxBytes], [10_000, 10_000]);
  // Both given and crossed: still a RangeError.
  assert.throws(() => new PortQueues({ kMinBytes: 10, kMaxBytes: 5 }, 1), /^PortQueues: kMaxBytes/);
});

test("controlQueue false alone: trimming defaults to off (and given with trimming it still throws)", () => {
  for (const profile of ["uec-htsim", "uec", "dcp"] as const) {
    const p = new PortQueues({ profile, controlQueue: false }, 1).params;
    assert.equal([p.controlQueue, p.trimming], [false, "off"], profile);
  }
  assert.throws(() => new PortQueues({ controlQueue: false, trimming: "arriving" }, 1), /trimming needs the control queue/);
});

test("droptail with trimming: refused as documented unless the control queue is given too", () => {
  // droptail has one FIFO; the trimmed headers need the control FIFO (README "Derived defaults").
  assert.throws(() => new PortQueues({ profile: "droptail", trimming: "arriving" }, 1), /^PortQueues: trimming needs the control queue/);
  const q = new PortQueues({ profile: "droptail", trimming: "arriving", controlQueue: true, dataLimitBytes: 5000, handleCapacity: 8 }, 1);
  q.open(0, false);
  assert.is(q.onEnqueue(0, 0, 1, 4150, TAG_DATA), QUEUE_DATA);
  // 4150 + 4150 > 5000: trimmed to 64 B into the control FIFO (droptail's control limit = BDP 175,284 B).
  assert.is(q.onEnqueue(0, 0, 2, 4150, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.is(new PortQueues({ profile: "droptail", trimming: "off" }, 1).params.controlQueue, false);
});

test("dcpRadix with dataPacketBytes ≤ trimBytes: a PortQueues RangeError that names the parameters", () => {
  // uec-htsim trims to 64 B; r = 64 / 64 = 1 leaves DCP §4.2's weight undefined for every N ≥ 2.
  assert.throws(() => new PortQueues({ dcpRadix: 16, dataPacketBytes: 64 }, 1), /^PortQueues: dcpRadix needs dataPacketBytes > trimBytes/);
  // r = 2000 / 2000 = 1 with a controlWeight given (the data packet is the MTU unless given).
  assert.throws(() => new PortQueues({ dcpRadix: 16, controlWeight: 2, trimBytes: 2000, dataPacketBytes: 2000 }, 1), /^PortQueues: dcpRadix/);
  assert.throws(() => new PortQueues({ dcpRadix: 1 }, 1), /^PortQueues: dcpRadix must be/);
});

test("the DCP-derived controlWeight is clamped into its rule [1/1024, 1024]; .dcp keeps the exact w", () => {
  // N = 2, r = 1,048,575 / 1: w = 1 / (1,048,575 − 2 + 1) = 1/1,048,574 < 1/1024 → 1/1024.
  const low = new PortQueues({ dcpRadix: 2, trimBytes: 1, dataPacketBytes: 0xfffff }, 1);
  assert.is(low.params.controlWeight, 1 / 1024);
  assert.is(low.dcp?.weight, 1 / 1_048_574);
  // N = 16, r = 1921 / 128 = 15.0078125: w = 15 / (15.0078125 − 15) = 15 × 128 = 1920 > 1024 → 1024.
  const high = new PortQueues({ dcpRadix: 16, trimBytes: 128, dataPacketBytes: 1921 }, 1);
  assert.is(high.params.controlWeight, 1024);
  assert.is(high.dcp?.weight, 1920);
});

test("explicitly given values outside their rules still throw", () => {
  assert.throws(() => new PortQueues({ bdpBytes: G30 + 1 }, 1), /bdpBytes must be an integer in \[1, 2\^30\], got 1073741825/);
  assert.throws(() => new PortQueues({ bdpBytes: 0 }, 1), /bdpBytes/);
  assert.throws(() => new PortQueues({ profile: "droptail", dataLimitBytes: G30 + 1 }, 1), /dataLimitBytes/);
  assert.throws(() => new PortQueues({ profile: "uec-htsim", controlLimitBytes: 2 ** 31 }, 1), /controlLimitBytes/);
  assert.throws(() => new PortQueues({ controlWeight: 2000 }, 1), /controlWeight/);
  assert.throws(() => new PortQueues({ linkGbps: 0 }, 1), /linkGbps/);
});

test("uec and uec-htsim without trimming: the data queue defaults to 5 BDP (main_uec -disable_trim; UEC §3.6.17 tail drop 2–5 × Plane_BDP)", () => {
  // Defaults: 100 Gb/s × 14,022.72 ns / 8 = 175,284 B (Plane_BDP); ⌈175,284 / 4150⌉ = 43 packets.
  // uec-htsim: 5 × 43 = 215 packets × 4150 = 892,250 B, headers 2 × that = 1,784,500 B; Kmin / Kmax
  // stay ⌈0.2 / 0.8 × 43⌉ = 9 / 35 packets (37,350 / 145,250 B): main_uec derives them from bdp_pkts.
  const h = new PortQueues({ profile: "uec-htsim", trimming: "off" }, 1).params;
  assert.equal(limits(h), [175_284, 892_250, 1_784_500, 37_350, 145_250]);
  // uec: 5 × 175,284 = 876,420 B; queue_med/high stay at Plane_BDP; kMin ⌊35,056.8⌋, kMax ⌊140,227.2⌋.
  const u = new PortQueues({ profile: "uec", trimming: "off" }, 1).params;
  assert.equal(limits(u), [175_284, 876_420, 175_284, 35_056, 140_227]);
  // No control queue means no trimming, so the same 5 BDP.
  assert.is(new PortQueues({ profile: "uec", controlQueue: false }, 1).params.dataLimitBytes, 876_420);
  // With trimming the limit is one BDP, as before; DCP's stays one BDP either way (the paper gives no value).
  assert.is(new PortQueues({ profile: "uec" }, 1).params.dataLimitBytes, 175_284);
  assert.is(new PortQueues({ profile: "uec-htsim", trimming: "arriving" }, 1).params.dataLimitBytes, 178_450);
  assert.is(new PortQueues({ profile: "dcp", trimming: "off" }, 1).params.dataLimitBytes, new PortQueues({ profile: "dcp" }, 1).params.dataLimitBytes);
  // At the 2^30 ceiling: uec-htsim bdpBytes 2^28 → ⌈2^28 / 4150⌉ = 64,685 packets, × 5 = 323,425 >
  // ⌊2^30 / 4150⌉ = 258,732 packets → 258,732 × 4150 = 1,073,737,800 B; uec 5 × 2^28 > 2^30 → 2^30.
  assert.is(new PortQueues({ profile: "uec-htsim", trimming: "off", bdpBytes: 2 ** 28 }, 1).params.dataLimitBytes, 1_073_737_800);
  assert.is(new PortQueues({ profile: "uec", trimming: "off", bdpBytes: 2 ** 28 }, 1).params.dataLimitBytes, G30);
});

test("baseRttNs in (0, 2^30]: 0.5 ns and 1 ns are accepted (BDP ⌊6.25⌋ = 6 B and ⌊12.5⌋ = 12 B), 0 is refused", () => {
  // api.json / params.ts doc: baseRttNs "a number in (0, 2^30]" — open at 0, so any positive RTT.
  // uec, 100 Gb/s: 100 × 0.5 / 8 = 6.25 B → ⌊⌋ 6 B; 100 × 1 / 8 = 12.5 B → 12 B (README: ⌊linkGbps × baseRttNs / 8⌋).
  assert.is(new PortQueues({ profile: "uec", baseRttNs: 0.5 }, 1).params.bdpBytes, 6);
  assert.is(new PortQueues({ profile: "uec", baseRttNs: 1 }, 1).params.bdpBytes, 12);
  assert.throws(() => new PortQueues({ baseRttNs: 0 }, 1), /^PortQueues: baseRttNs/);
});

test("dcpRadix 0: dataPacketBytes ≤ trimBytes is accepted (the r > 1 check binds only with a radix)", () => {
  // README "dcpRadix needs dataPacketBytes > trimBytes"; with dcpRadix 0 no DCP weight is derived
  // and dataPacketBytes (an integer in [2, 2^20 − 1]) is otherwise unused, so r = 64 / 64 = 1 and
  // r = 2 / 64 are legal: controlWeight stays the profile default 1 (uec-htsim) and .dcp is null.
  for (const dataPacketBytes of [64, 2]) {
    const q = new PortQueues({ dataPacketBytes }, 1);
    assert.is(q.params.dataPacketBytes, dataPacketBytes);
    assert.is(q.params.controlWeight, 1);
    assert.is(q.dcp, null);
  }
  // Explicit dcpRadix 0 with trimBytes = dataPacketBytes under dcp (HO 57 B): also accepted.
  assert.is(new PortQueues({ profile: "dcp", dcpRadix: 0, dataPacketBytes: 57 }, 1).params.trimBytes, 57);
});

test.run();
