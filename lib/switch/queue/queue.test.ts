import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { dcpWrrWeight, dwrrQuanta, resolveQueueParams } from "./params";
import {
  FIFO_CONTROL,
  FIFO_DATA,
  PortQueues,
  QUEUE_CONTROL,
  QUEUE_DATA,
  QUEUE_DROPPED,
  QUEUE_DROPPED_QUEUED,
  QUEUE_EMPTY,
  QUEUE_LAST_HOP,
  QUEUE_MARKED,
  QUEUE_PAUSED,
  QUEUE_TRIMMED,
  QUEUE_TRIMMED_QUEUED,
  TAG_ACK,
  TAG_DATA,
  TAG_HEADER,
  TAG_OTHER,
} from "./queue";

const OUT = { bytes: 0, queue: 1, ecn: 2, otherHandle: 3, otherBytes: 4, resumeNs: 5 };

function table(params: Record<string, unknown>, ports = 2, lastHop = false): PortQueues {
  const q = new PortQueues({ handleCapacity: 4096, ...params }, ports);
  for (let p = 0; p < ports; p++) q.open(p, lastHop);
  return q;
}

function snapshot(q: PortQueues, port: number): string {
  return JSON.stringify([q.inspect(port), Array.from(q.out), q.errors]);
}

// ---------------------------------------------------------------------------------------------
// Parameters

test("uec-htsim profile: a data FIFO of ⌈BDP / MTU⌉ packets, twice that for headers, RED at ⌈20 / 80 %⌉ of those packets, 64 B trims, 100000:1", () => {
  const p = resolveQueueParams({ profile: "uec-htsim" });
  // BDP = 100 Gb/s × 14022.72 ns / 8 = 175,284 B; ⌈175,284 / 4,150⌉ = 43 packets
  // (uec-htsim-reference §2: 178,450 B, Kmin 37,350 B, Kmax 145,250 B).
  assert.is(p.bdpBytes, 175_284);
  assert.is(p.dataLimitBytes, 178_450);
  assert.is(p.controlLimitBytes, 356_900);
  assert.is(p.kMinBytes, 37_350); // ⌈8.6⌉ = 9 packets
  assert.is(p.kMaxBytes, 145_250); // ⌈34.4⌉ = 35 packets
  // The UEC profile keeps the spec's fractions of Plane_BDP in bytes.
  const u = resolveQueueParams({ profile: "uec" });
  assert.is(u.dataLimitBytes, 175_284);
  assert.is(u.kMinBytes, 35_056); // floor(35,056.8)
  assert.is(u.kMaxBytes, 140_227); // floor(140,227.2)
  // A smaller MTU counts more packets: ⌈175,284 / 1,500⌉ = 117; ⌈23.4⌉ = 24, ⌈93.6⌉ = 94.
  const m = resolveQueueParams({ profile: "uec-htsim", mtuBytes: 1500 });
  assert.equal([m.dataLimitBytes, m.kMinBytes, m.kMaxBytes], [175_500, 36_000, 141_000]);
  assert.is(p.trimBytes, 64);
  assert.is(p.trimming, "arriving-or-newest");
  assert.is(p.scheduler, "wrr");
  assert.is(p.wrrControlPackets, 100_000);
  assert.is(p.ecnAt, "dequeue");
  assert.is(p.overRule, "arrival");
  assert.ok(p.acksToControl);
});

test("dcp profile: 57 B HO, ACKs in the data FIFO, occupancy rule, DWRR, no ECN", () => {
  const p = resolveQueueParams({ profile: "dcp" });
  assert.is(p.trimBytes, 57);
  assert.not.ok(p.acksToControl);
  assert.is(p.overRule, "occupancy");
  assert.is(p.scheduler, "dwrr");
  assert.is(p.ecnAt, "off");
  assert.is(p.trimming, "arriving");
});

test("unknown names, profiles and out-of-range values are refused at construction", () => {
  assert.throws(() => new PortQueues({ bogus: 1 } as never, 1), RangeError);
  assert.throws(() => new PortQueues({ profile: "x" } as never, 1), RangeError);
  assert.throws(() => new PortQueues({ kMinBytes: 10, kMaxBytes: 5 }, 1), RangeError);
  assert.throws(() => new PortQueues({ pMax: 1.5 }, 1), RangeError);
  assert.throws(() => new PortQueues({ trimBytes: 0 }, 1), RangeError);
  assert.throws(() => new PortQueues({ controlQueue: false, trimming: "arriving" }, 1), RangeError);
  assert.throws(() => new PortQueues({ handleCapacity: 0 }, 1), RangeError);
  assert.throws(() => new PortQueues({}, 0), RangeError);
});

test("DCP §4.2 weight: N = 16 with 57 B HO and 1 KB data gives w = 15/(1024/57 − 15); N = 22 is infeasible", () => {
  const r = 1024 / 57; // 17.9649…
  const w16 = dcpWrrWeight(16, 57, 1024);
  assert.ok(w16.feasible);
  assert.ok(Math.abs(w16.ratio - r) < 1e-12);
  assert.ok(Math.abs(w16.weight - 15 / (r - 15)) < 1e-12);
  assert.ok(Math.abs(w16.weight - 5.0592) < 1e-4);
  const w22 = dcpWrrWeight(22, 57, 1024);
  assert.not.ok(w22.feasible);
  assert.ok(Number.isNaN(w22.weight));
  assert.is(w22.maxRadix, 18); // r > N − 1 holds up to N = 18 (17.96 > 17), not at 19
  assert.throws(() => dcpWrrWeight(1, 57, 1024), RangeError);
  assert.throws(() => dcpWrrWeight(16, 1024, 57), RangeError);
  // The table takes the derived weight, or keeps the given/default weight when infeasible.
  assert.ok(Math.abs(new PortQueues({ profile: "dcp", dcpRadix: 16 }, 1).params.controlWeight - w16.weight) < 1e-12);
  assert.is(new PortQueues({ profile: "dcp", dcpRadix: 22 }, 1).params.controlWeight, 1);
  assert.is(new PortQueues({ profile: "dcp", dcpRadix: 22 }, 1).dcp?.feasible, false);
});

test("DCP §4.2's r is the port's data packet, its MTU unless dataPacketBytes says otherwise: at 4150 B, w = 855/3295 (N = 16), 1197/2953 (N = 22)", () => {
  // §4.2: "the ratio between the HO and data packet sizes (1 : r)". A fabric at mtuBytes 4150
  // sends 4150 B data packets: r = 4150/57 = 72.807…, not the 1 KB MTU's 17.96.
  // N = 16: w = 15/(r − 15) = 15 × 57/(4150 − 855) = 855/3295 = 0.25948… (the old default's
  // r = 1024/57 gave 855/169 = 5.06: control could take 83.5 % of the port instead of 20.6 %).
  // N = 22: w = 21 × 57/(4150 − 1197) = 1197/2953 = 0.40535… (r = 17.96 ≤ 21 was infeasible, w = 1).
  const at = (dcpRadix: number, extra: Record<string, number> = {}) => new PortQueues({ profile: "dcp", mtuBytes: 4150, dcpRadix, ...extra }, 1);
  const n16 = at(16);
  assert.is(n16.params.dataPacketBytes, 4150);
  assert.ok(Math.abs((n16.dcp?.ratio ?? 0) - 4150 / 57) < 1e-12);
  assert.ok(Math.abs(n16.params.controlWeight - 855 / 3295) < 1e-12);
  // Quanta (w < 1): data ⌈4150 × 3295/855⌉ = ⌈15,993.27⌉ = 15,994; control max(4150, ⌈4150.19⌉) = 4151.
  assert.equal([n16.dataQuantumBytes, n16.controlQuantumBytes], [15_994, 4151]);
  const n22 = at(22);
  assert.is(n22.dcp?.feasible, true);
  assert.ok(Math.abs(n22.params.controlWeight - 1197 / 2953) < 1e-12);
  assert.is(n22.dcp?.maxRadix, 73); // N < r + 1 = 73.807
  // The dcp profile's own 1 KB MTU keeps r = 1024/57; a dataPacketBytes given still wins.
  assert.is(new PortQueues({ profile: "dcp", dcpRadix: 16 }, 1).params.dataPacketBytes, 1024);
  assert.ok(Math.abs(at(16, { dataPacketBytes: 1024 }).params.controlWeight - 855 / 169) < 1e-12);
  // uec-htsim's 4150 B MTU and 64 B trims: r = 4150/64 = 64.84375, N = 16: w = 15/49.84375 = 960/3190.
  assert.ok(Math.abs(new PortQueues({ dcpRadix: 16 }, 1).params.controlWeight - 960 / 3190) < 1e-12);
});

test("DCP §4.2 weight at its edges: r = N − 1 exactly is infeasible (w would divide by 0), just above it w is large", () => {
  // N = 8, 100 B HO: r = 700/100 = 7 = N − 1 → infeasible; r = 7.01 → w = 7/(7.01 − 7) = 700.
  const at = dcpWrrWeight(8, 100, 700);
  assert.equal([at.feasible, at.maxRadix], [false, 7]); // r > N − 1 holds for N ≤ 7 only
  const above = dcpWrrWeight(8, 100, 701);
  assert.ok(above.feasible);
  assert.ok(Math.abs(above.weight - 700) < 1e-6);
  assert.is(above.maxRadix, 8);
  // N = 2 needs only r > 1: w = 1/(1.01 − 1) = 100.
  assert.ok(Math.abs(dcpWrrWeight(2, 100, 101).weight - 100) < 1e-9);
  assert.ok(Math.abs(dcpWrrWeight(4096, 1, 4096).weight - 4095) < 1e-9); // r = 4096: w = 4095/1
  // Inputs: 0 < hoBytes < dataPacketBytes ≤ 2^20 − 1; the radix in [2, 4096].
  assert.ok(dcpWrrWeight(2, 1, 2).feasible); // r = 2 > 1
  assert.throws(() => dcpWrrWeight(2, 0, 2), RangeError);
  assert.throws(() => dcpWrrWeight(2, 100, 100), RangeError);
  assert.is(dcpWrrWeight(2, 57, 0xfffff).ratio, 0xfffff / 57);
  assert.throws(() => dcpWrrWeight(2, 57, 0x100000), RangeError);
  assert.throws(() => dcpWrrWeight(4097, 1, 4096), RangeError);
});

test("the uec-htsim profile's WRR is 100000:1 for the control queue (notes/uec-htsim-reference.md §7)", () => {
  const p = resolveQueueParams({});
  assert.equal([p.scheduler, p.wrrControlPackets, p.wrrDataPackets], ["wrr", 100_000, 1]);
  assert.equal([resolveQueueParams({ profile: "droptail" }).wrrControlPackets, resolveQueueParams({ profile: "droptail" }).wrrDataPackets], [1, 1]);
});

test("DWRR quanta keep the weight and are each at least one MTU", () => {
  // w = 1: both quanta one MTU; 1 < w < 2: the data quantum stays one MTU (never below it).
  assert.equal(dwrrQuanta(1, 1024), { dataQuantumBytes: 1024, controlQuantumBytes: 1024 });
  assert.equal(dwrrQuanta(1.5, 1024), { dataQuantumBytes: 1024, controlQuantumBytes: 1536 });
  assert.equal(dwrrQuanta(5, 1024), { dataQuantumBytes: 1024, controlQuantumBytes: 5120 });
  assert.equal(dwrrQuanta(0.25, 1024), { dataQuantumBytes: 4096, controlQuantumBytes: 1024 });
  const q = dwrrQuanta(0.3, 1000); // ⌈1000 / 0.3⌉ = 3334; ⌈0.3 × 3334 = 1000.2⌉ = 1001 (never below w)
  assert.equal(q, { dataQuantumBytes: 3334, controlQuantumBytes: 1001 });
});

test("DWRR quanta never give control less than w: DCP §4.2's drain B·w/(1 + w) must be at least the HO input", () => {
  // §4.2: "the draining rate must be at least equal to the input rate", so w is a floor and the
  // control quantum rounds up. 4150 B MTU, N = 22: w = 1197/2953; data ⌈4150 × 2953/1197⌉ =
  // ⌈10,238.05⌉ = 10,239; control ⌈1197 × 10,239/2953 = 4150.38⌉ = 4151 (rounded to nearest,
  // 4150: 4150/10,239 = 0.405313 < w = 0.405350, a control queue that grows under §4.2's worst case).
  const at = (dcpRadix: number) => new PortQueues({ profile: "dcp", mtuBytes: 4150, dcpRadix }, 1);
  for (const n of [16, 22]) {
    const t = at(n);
    assert.ok(t.controlQuantumBytes / t.dataQuantumBytes >= t.params.controlWeight, `N = ${n}`);
  }
  assert.equal([at(22).dataQuantumBytes, at(22).controlQuantumBytes], [10_239, 4151]);
  // 1 KB MTU, N = 16: w = 855/169 ≥ 1, data 1024, control ⌈1024 × 855/169 = 5180.59⌉ = 5181.
  const n16 = new PortQueues({ profile: "dcp", dcpRadix: 16 }, 1);
  assert.equal([n16.dataQuantumBytes, n16.controlQuantumBytes], [1024, 5181]);
});

// ---------------------------------------------------------------------------------------------
// Drop-tail and classification

test("drop-tail by bytes: q + size > limit drops; the packet limit drops too", () => {
  const q = table({ profile: "droptail", dataLimitBytes: 3000, dataLimitPackets: 3, ecnAt: "off" });
  assert.is(q.onEnqueue(0, 0, 1, 1500, TAG_OTHER), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 2, 1500, TAG_OTHER), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 3, 1, TAG_OTHER), QUEUE_DROPPED); // 3000 + 1 > 3000
  assert.is(q.onDequeue(0, 0), 1);
  assert.is(q.onEnqueue(0, 0, 3, 100, TAG_OTHER), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 4, 100, TAG_OTHER), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 5, 100, TAG_OTHER), QUEUE_DROPPED); // 3 packets already (1700 B)
  assert.is(q.dataPackets(0), 3);
  assert.is(q.bytesDropped(0), 101);
  assert.is(q.packetsDropped(0), 2);
  assert.is(q.accountingGap(0), 0);
  // droptail has no control FIFO: ACKs and headers share the data FIFO.
  assert.is(q.onDequeue(0, 0), 2);
  assert.is(q.onEnqueue(0, 0, 9, 64, TAG_ACK), QUEUE_DATA);
});

test("UEC: ACKs and headers go to the control FIFO and are dropped only when it is full", () => {
  const q = table({ profile: "uec", bdpBytes: 10_000, dataLimitBytes: 5000, controlLimitBytes: 200, ecnAt: "off" });
  assert.is(q.onEnqueue(0, 0, 1, 64, TAG_ACK), QUEUE_CONTROL);
  assert.is(q.onEnqueue(0, 0, 2, 64, TAG_HEADER), QUEUE_CONTROL);
  assert.is(q.onEnqueue(0, 0, 3, 64, TAG_HEADER), QUEUE_CONTROL);
  assert.is(q.onEnqueue(0, 0, 4, 64, TAG_ACK), QUEUE_DROPPED); // 192 + 64 > 200
  assert.is(q.controlBytes(0), 192);
  assert.is(q.dataBytes(0), 0);
  assert.is(q.accountingGap(0), 0);
});

test("UEC trimming of the arriving packet: header to the control FIFO, last-hop bit on last-hop ports", () => {
  for (const lastHop of [false, true]) {
    const q = table({ profile: "uec", bdpBytes: 10_000, dataLimitBytes: 8300, trimBytes: 64, ecnAt: "off" }, 1, lastHop);
    assert.is(q.onEnqueue(0, 0, 1, 4150, TAG_DATA), QUEUE_DATA);
    assert.is(q.onEnqueue(0, 0, 2, 4150, TAG_DATA), QUEUE_DATA);
    const v = q.onEnqueue(0, 0, 3, 4150, TAG_DATA); // 8300 + 4150 > 8300
    assert.is(v, QUEUE_CONTROL | QUEUE_TRIMMED | (lastHop ? QUEUE_LAST_HOP : 0));
    assert.is(q.out[OUT.bytes], 64);
    assert.is(q.controlBytes(0), 64);
    assert.is(q.bytesTrimmed(0), 4086);
    assert.is(q.packetsTrimmed(0), 1);
    // The header overtakes the data (strict priority in the uec profile).
    assert.is(q.onDequeue(0, 0), 3);
    assert.is(q.out[OUT.bytes], 64);
    assert.is(q.out[OUT.queue], FIFO_CONTROL);
    assert.is(q.onDequeue(0, 0), 1);
    assert.is(q.accountingGap(0), 0);
  }
});

test("untrimmable data (tag 0) is dropped when the data FIFO is over, even with trimming on", () => {
  const q = table({ profile: "uec", bdpBytes: 10_000, dataLimitBytes: 4150, ecnAt: "off" });
  q.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  assert.is(q.onEnqueue(0, 0, 2, 4150, TAG_OTHER), QUEUE_DROPPED);
  assert.is(q.bytesTrimmed(0), 0);
});

test("a trimmed header the control FIFO cannot take is dropped whole", () => {
  const q = table({ profile: "uec", bdpBytes: 10_000, dataLimitBytes: 4150, controlLimitBytes: 100, ecnAt: "off" });
  q.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  q.onEnqueue(0, 0, 2, 64, TAG_HEADER);
  assert.is(q.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_DROPPED);
  assert.is(q.bytesDropped(0), 4150);
  assert.is(q.bytesTrimmed(0), 0);
  assert.is(q.accountingGap(0), 0);
});

test("DCP §4.2: tags 00/01 dropped above the threshold, 10 trimmed to 57 B, 11 always to the control FIFO", () => {
  // Occupancy rule: the data FIFO is over once its length (before the arrival) exceeds 2000 B.
  const q = table({ profile: "dcp", dataLimitBytes: 2000 });
  assert.is(q.onEnqueue(0, 0, 1, 1024, TAG_DATA), QUEUE_DATA); // length 0
  assert.is(q.onEnqueue(0, 0, 2, 900, TAG_DATA), QUEUE_DATA); // 1024
  assert.is(q.onEnqueue(0, 0, 3, 64, TAG_ACK), QUEUE_DATA); // 1924: ACKs use the data FIFO
  assert.is(q.onEnqueue(0, 0, 4, 1024, TAG_DATA), QUEUE_DATA); // 1988 ≤ 2000, queue becomes 3012
  assert.is(q.onEnqueue(0, 0, 5, 64, TAG_ACK), QUEUE_DROPPED); // 3012 > 2000
  assert.is(q.onEnqueue(0, 0, 6, 1024, TAG_OTHER), QUEUE_DROPPED);
  // The dcp profile's markTrimmed: the HO carries CE (DCP-Simulation, notes/baselines.md §6).
  assert.is(q.onEnqueue(0, 0, 7, 1024, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED | QUEUE_MARKED);
  assert.is(q.out[OUT.bytes], 57);
  assert.is(q.onEnqueue(0, 0, 8, 57, TAG_HEADER), QUEUE_CONTROL);
  assert.is(q.marks(0), 1);
  assert.is(q.bytesTrimmed(0), 1024 - 57);
  assert.is(q.bytesDropped(0), 64 + 1024);
  // DWRR with w = 1 (quanta 1024:1024): data holds the turn with no deficit, so the turn passes
  // to control, which gets 1024 B and sends both HOs; then the data FIFO alone.
  const order = [];
  for (let h = q.onDequeue(0, 0); h >= 0; h = q.onDequeue(0, 0)) order.push(h);
  assert.equal(order, [7, 8, 1, 2, 3, 4]);
  assert.is(q.accountingGap(0), 0);
  assert.is(q.bytesOut(0), 57 + 57 + 1024 + 900 + 64 + 1024);
});

test("markTrimmed: the header a trim makes carries CE (QUEUE_MARKED for the arrival's, out.ecn for the newest's); off, as before", () => {
  // DCP-Simulation's switch trims to an HO "with CE set" and its receiver bounces it with the CNP
  // bit (notes/baselines.md §6, §8.2): DCP's DCQCN runs (§6.2) hear trims. The dcp profile's
  // default; the other profiles keep it off (uet-htsim's UEC fork marks no header).
  assert.equal(
    (["dcp", "uec", "uec-htsim", "droptail"] as const).map((profile) => resolveQueueParams({ profile }).markTrimmed),
    [true, false, false, false],
  );
  // dcp, threshold 2000 B (occupancy), control FIFO 57 B: 3 × 1000 B queue (q found 0, 1000,
  // 2000 ≤ 2000), the 4th finds 3000 > 2000 and is trimmed to the 57 B HO: 2 + 4 + 16 = 22.
  const on = table({ profile: "dcp", dataLimitBytes: 2000, controlLimitBytes: 57 }, 1);
  const off = table({ profile: "dcp", dataLimitBytes: 2000, controlLimitBytes: 57, markTrimmed: false }, 1);
  for (const q of [on, off]) for (let h = 1; h <= 3; h++) assert.is(q.onEnqueue(0, 0, h, 1000, TAG_DATA), QUEUE_DATA);
  assert.is(on.onEnqueue(0, 0, 4, 1000, TAG_DATA), 22);
  assert.is(on.marks(0), 1);
  assert.is(off.onEnqueue(0, 0, 4, 1000, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED); // 6, no CE
  assert.is(off.marks(0), 0);
  // The next trim finds the control FIFO full (57 + 57 > 57): the packet is dropped whole, and
  // no header leaves, so nothing is marked.
  assert.is(on.onEnqueue(0, 0, 5, 1000, TAG_DATA), QUEUE_DROPPED);
  assert.is(on.marks(0), 1);
  // At dequeue RED still never marks the header (its CE was set at the trim, by the caller).
  assert.is(on.onDequeue(0, 0), 4);
  assert.equal([on.out[OUT.queue], on.out[OUT.ecn]], [FIFO_CONTROL, 0]);
  // uet-htsim's other half, trim the newest: QUEUE_MARKED would name the arrival, so the newest's
  // header takes its CE in out.ecn. uec-htsim, bdpBytes 8300 (two 4150 B packets), seed 1: port
  // 0's first draw has its top bit set (hash3(1, 0, 0) = 0xd5aad292; + 0x9e3779b9 = 0x73e24c4b;
  // fmix32 = 0xa0232dc7), so the third 4150 B packet takes the newest's place: 1 + 64 = 65.
  const newest = (markTrimmed: boolean, controlLimitBytes?: number) => {
    const q = table({ profile: "uec-htsim", bdpBytes: 8300, ecnAt: "off", seed: 1, markTrimmed, ...(controlLimitBytes ? { controlLimitBytes } : {}) }, 1);
    q.onEnqueue(0, 0, 1, 4150, TAG_DATA);
    q.onEnqueue(0, 0, 2, 4150, TAG_DATA);
    q.out[OUT.ecn] = 7; // a stale value: onEnqueue must write it with QUEUE_TRIMMED_QUEUED
    return [q.onEnqueue(0, 0, 3, 4150, TAG_DATA), q.out[OUT.otherHandle], q.out[OUT.ecn], q.marks(0)];
  };
  assert.equal(newest(true), [QUEUE_DATA | QUEUE_TRIMMED_QUEUED, 2, 1, 1]);
  assert.equal(newest(false), [QUEUE_DATA | QUEUE_TRIMMED_QUEUED, 2, 0, 0]);
  // A header FIFO of 63 B cannot take the 64 B header: the newest is dropped, unmarked: 1 + 128.
  assert.equal(newest(true, 63), [QUEUE_DATA | QUEUE_DROPPED_QUEUED, 2, 0, 0]);
});

test("arrival rule vs occupancy rule at the same limit", () => {
  const a = table({ profile: "uec", bdpBytes: 10_000, dataLimitBytes: 2000, ecnAt: "off", trimming: "off" });
  const o = table({ profile: "uec", bdpBytes: 10_000, dataLimitBytes: 2000, ecnAt: "off", trimming: "off", overRule: "occupancy" });
  for (const q of [a, o]) q.onEnqueue(0, 0, 1, 1500, TAG_DATA);
  assert.is(a.onEnqueue(0, 0, 2, 1000, TAG_DATA), QUEUE_DROPPED); // 1500 + 1000 > 2000
  assert.is(o.onEnqueue(0, 0, 2, 1000, TAG_DATA), QUEUE_DATA); // 1500 ≤ 2000
  assert.is(o.onEnqueue(0, 0, 3, 1000, TAG_DATA), QUEUE_DROPPED); // 2500 > 2000
});

// ---------------------------------------------------------------------------------------------
// uet-htsim's trim-the-arriving-or-the-newest option

test("arriving-or-newest: about half the overflows trim the newest queued packet and queue the arrival", () => {
  const q = table({ profile: "uec-htsim", bdpBytes: 8300, ecnAt: "off", seed: 11 }, 1);
  let newest = 0;
  let arriving = 0;
  let h = 0;
  for (let round = 0; round < 4000; round++) {
    // Keep the data FIFO full at two packets: each overflow trims one of the two candidates.
    while (q.dataPackets(0) < 2) q.onEnqueue(0, 0, h++ % 4096, 4150, TAG_DATA);
    const tail = q.peek(0, FIFO_DATA, 1);
    const arrival = h++ % 4096;
    const v = q.onEnqueue(0, 0, arrival, 4150, TAG_DATA);
    if (v === (QUEUE_DATA | QUEUE_TRIMMED_QUEUED)) {
      newest++;
      assert.is(q.out[OUT.otherHandle], tail);
      assert.is(q.out[OUT.otherBytes], 64);
      assert.is(q.peek(0, FIFO_DATA, 1), arrival); // the arrival took the newest packet's place
    } else {
      assert.is(v, QUEUE_CONTROL | QUEUE_TRIMMED);
      assert.is(q.out[OUT.bytes], 64);
      assert.is(q.peek(0, FIFO_DATA, 1), tail);
      arriving++;
    }
    while (q.controlPackets(0) > 0) q.onDequeue(0, 0);
    assert.is(q.accountingGap(0), 0);
  }
  assert.ok(Math.abs(newest - 2000) < 150, `newest ${newest} of 4000`);
  assert.is(newest + arriving, 4000);
});

test("arriving-or-newest trims the arrival when the newest is untrimmable or the arrival would still not fit", () => {
  // Find a seed whose first draw picks the newest (top bit set), to exercise the fallbacks.
  let seed = 0;
  for (; seed < 100; seed++) {
    const probe = table({ profile: "uec-htsim", bdpBytes: 8300, ecnAt: "off", seed }, 1);
    probe.onEnqueue(0, 0, 1, 4150, TAG_DATA);
    probe.onEnqueue(0, 0, 2, 4150, TAG_DATA);
    if (probe.onEnqueue(0, 0, 3, 4150, TAG_DATA) & QUEUE_TRIMMED_QUEUED) break;
  }
  const untrimmable = table({ profile: "uec-htsim", bdpBytes: 8300, ecnAt: "off", seed }, 1);
  untrimmable.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  untrimmable.onEnqueue(0, 0, 2, 4150, TAG_OTHER);
  assert.is(untrimmable.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  const small = table({ profile: "uec-htsim", bdpBytes: 8300, ecnAt: "off", seed }, 1);
  small.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  small.onEnqueue(0, 0, 2, 4000, TAG_DATA);
  // Removing the 4000 B newest leaves 4150 + 4150 = 8300 ≤ 8300: fits, so the newest is trimmed.
  assert.is(small.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  const big = table({ profile: "uec-htsim", bdpBytes: 8300, ecnAt: "off", seed }, 1);
  big.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  big.onEnqueue(0, 0, 2, 100, TAG_DATA);
  big.onEnqueue(0, 0, 4, 4000, TAG_DATA); // 8250 queued
  // Without the 4000 B newest, 4250 + 4150 = 8400 > 8300: the arrival itself is trimmed.
  assert.is(big.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
});

test("arriving-or-newest: a newest packet whose header finds the control FIFO full is dropped", () => {
  let seed = 0;
  for (; seed < 100; seed++) {
    const probe = table({ profile: "uec-htsim", bdpBytes: 8300, ecnAt: "off", seed }, 1);
    probe.onEnqueue(0, 0, 1, 4150, TAG_DATA);
    probe.onEnqueue(0, 0, 2, 4150, TAG_DATA);
    if (probe.onEnqueue(0, 0, 3, 4150, TAG_DATA) & QUEUE_TRIMMED_QUEUED) break;
  }
  const q = table({ profile: "uec-htsim", bdpBytes: 8300, controlLimitBytes: 64, ecnAt: "off", seed }, 2);
  q.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  q.onEnqueue(0, 0, 2, 4150, TAG_DATA);
  q.onEnqueue(0, 0, 9, 64, TAG_ACK); // control FIFO now full
  assert.is(q.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_DATA | QUEUE_DROPPED_QUEUED);
  assert.is(q.out[OUT.otherHandle], 2);
  assert.is(q.out[OUT.otherBytes], 0);
  assert.is(q.bytesDropped(0), 4150);
  // A lost HO for DCP Table 5's ratio: counted apart from other drops (audit 2026-12-07).
  assert.equal([q.headersRefused(0), q.packetsDropped(0), q.packetsTrimmed(0)], [1, 1, 0]);
  assert.is(q.peek(0, FIFO_DATA, 1), 3);
  // The dropped handle is free again.
  assert.is(q.onEnqueue(1, 0, 2, 100, TAG_DATA), QUEUE_DATA);
  assert.is(q.accountingGap(0), 0);
});

// ---------------------------------------------------------------------------------------------
// RED / ECN

test("RED probability: 0 at or below kMin, linear to pMax at kMax, 1 above", () => {
  const q = table({ profile: "uec", bdpBytes: 100_000, kMinBytes: 20_000, kMaxBytes: 80_000, pMax: 0.5 });
  assert.is(q.ecnProbability(0, 20_000), 0);
  // 0.5 × (50,000 − 20,000)/60,000 = 0.25 → 16384
  assert.is(q.ecnProbability(0, 50_000), 16_384);
  // floor(32768 × 1/60000) = 0
  assert.is(q.ecnProbability(0, 20_001), 0);
  assert.is(q.ecnProbability(0, 80_000), 32_768);
  assert.is(q.ecnProbability(0, 80_001), 65_536);
  assert.is(q.ecnProbability(0, NaN), E_ARG);
  assert.is(q.ecnProbability(0, -1), E_ARG);
  assert.is(q.ecnProbability(7, 0), E_SLOT);
});

test("marking at dequeue follows the probability of the bytes left behind", () => {
  // Data FIFO of 1000 B packets; kMin = 10,000, kMax = 30,000, pMax = 1. Dequeue from 21 packets
  // leaves 20,000 B: p = 0.5.
  const q = table({ profile: "uec", bdpBytes: 100_000, dataLimitBytes: 100_000, kMinBytes: 10_000, kMaxBytes: 30_000, pMax: 1, trimming: "off" }, 1);
  let marked = 0;
  const n = 20_000;
  for (let i = 0; i < n; i++) {
    while (q.dataPackets(0) < 21) q.onEnqueue(0, 0, (i * 37 + q.dataPackets(0)) % 4096, 1000, TAG_DATA);
    q.onDequeue(0, 0);
    marked += q.out[OUT.ecn];
  }
  assert.ok(Math.abs(marked / n - 0.5) < 0.02, `marked ${marked / n}`);
  assert.is(q.marks(0), marked);
  // Above kMax every packet is marked; at or below kMin none.
  const full = table({ profile: "uec", bdpBytes: 100_000, dataLimitBytes: 100_000, kMinBytes: 1000, kMaxBytes: 2000, trimming: "off" }, 1);
  for (let i = 0; i < 5; i++) full.onEnqueue(0, 0, i, 1000, TAG_DATA);
  const ecn = [];
  for (let i = 0; i < 5; i++) {
    full.onDequeue(0, 0);
    ecn.push(full.out[OUT.ecn]);
  }
  // Left behind: 4000, 3000 (> kMax: marked), 2000 (p = 1 at kMax: marked), 1000, 0 (≤ kMin: not).
  assert.equal(ecn, [1, 1, 1, 0, 0]);
});

test("marking at enqueue judges the queue the arrival finds; headers are never marked", () => {
  const q = table({ profile: "uec", bdpBytes: 100_000, dataLimitBytes: 100_000, kMinBytes: 1000, kMaxBytes: 1500, ecnAt: "enqueue", trimming: "off" }, 1);
  assert.is(q.onEnqueue(0, 0, 1, 1000, TAG_DATA), QUEUE_DATA); // finds 0
  assert.is(q.onEnqueue(0, 0, 2, 1000, TAG_DATA), QUEUE_DATA); // finds 1000 = kMin
  assert.is(q.onEnqueue(0, 0, 3, 1000, TAG_DATA), QUEUE_DATA | QUEUE_MARKED); // finds 2000 > kMax
  assert.is(q.onEnqueue(0, 0, 4, 64, TAG_HEADER), QUEUE_CONTROL);
  assert.is(q.marks(0), 1);
  for (let i = 0; i < 4; i++) {
    q.onDequeue(0, 0);
    assert.is(q.out[OUT.ecn], 0); // no second decision at dequeue
  }
});

test("the RED draws come from the port's own generator: ports do not disturb each other", () => {
  const mk = () => table({ profile: "uec", bdpBytes: 100_000, dataLimitBytes: 100_000, kMinBytes: 0, kMaxBytes: 40_000, trimming: "off", seed: 5 }, 2);
  const alone = mk();
  const mixed = mk();
  const seq = (q: PortQueues, other: boolean) => {
    const marks = [];
    for (let i = 0; i < 200; i++) {
      while (q.dataPackets(0) < 20) q.onEnqueue(0, 0, (i * 20 + q.dataPackets(0)) % 2000, 1000, TAG_DATA);
      if (other) {
        q.onEnqueue(1, 0, 2000 + (i % 2000), 1000, TAG_DATA);
        q.onDequeue(1, 0);
      }
      q.onDequeue(0, 0);
      marks.push(q.out[OUT.ecn]);
    }
    return marks;
  };
  assert.equal(seq(alone, false), seq(mixed, true));
  // Re-opening a port restarts its generator.
  const a = seq(mk(), false);
  const again = mk();
  again.open(0, false);
  assert.equal(seq(again, false), a);
});

// ---------------------------------------------------------------------------------------------
// Schedulers and PFC

function backlog(q: PortQueues, dataBytes: number, ctrlBytes: number, n: number): void {
  for (let i = 0; i < n; i++) {
    q.onEnqueue(0, 0, i, dataBytes, TAG_OTHER);
    q.onEnqueue(0, 0, 1000 + i, ctrlBytes, TAG_HEADER);
  }
}

test("strict priority serves control first", () => {
  const q = table({ profile: "uec", bdpBytes: 1_000_000, ecnAt: "off" }, 1);
  backlog(q, 1000, 64, 3);
  const order = [];
  for (let h = q.onDequeue(0, 0); h >= 0; h = q.onDequeue(0, 0)) order.push(h);
  assert.equal(order, [1000, 1001, 1002, 0, 1, 2]);
});

test("packet WRR 3:1 (htsim round): control for positions 0–2 of each round of 4", () => {
  const q = table({ profile: "uec", bdpBytes: 1_000_000, ecnAt: "off", scheduler: "wrr", wrrControlPackets: 3, wrrDataPackets: 1 }, 1);
  backlog(q, 1000, 64, 8);
  const order = [];
  for (let i = 0; i < 8; i++) order.push(q.onDequeue(0, 0) >= 1000 ? "c" : "d");
  // The counter advances before each choice: 1 2 3→d 0 1 2 3→d 0 …
  assert.equal(order.join(""), "ccdcccdc");
});

test("DWRR serves bytes in the ratio w while both are backlogged (DCP §4.2 w = 5.06 at N = 16)", () => {
  const q = table({ profile: "dcp", dcpRadix: 16, dataLimitBytes: 4_000_000, handleCapacity: 32768 }, 1);
  const w = q.params.controlWeight;
  for (let i = 0; i < 2000; i++) q.onEnqueue(0, 0, i, 1024, TAG_OTHER);
  for (let i = 0; i < 20_000; i++) q.onEnqueue(0, 0, 4000 + i, 57, TAG_HEADER);
  let c = 0;
  let d = 0;
  // Serve while both stay backlogged.
  while (q.controlPackets(0) > 100 && q.dataPackets(0) > 100) {
    q.onDequeue(0, 0);
    if (q.out[OUT.queue] === FIFO_CONTROL) c += q.out[OUT.bytes];
    else d += q.out[OUT.bytes];
  }
  assert.ok(Math.abs(c / d - w) / w < 0.01, `control/data ${c / d} vs w ${w}`);
});

test("UEC §3.6.17: the control class gets 75 % of the bytes against the data class under dwrr (3 : 1), of the packets under wrr", () => {
  // notes/uec-nscc-reps-pds.md §2.5: "Optional WRR with queue_med getting 75 % when competing
  // with queue_low". Defaults under uec: controlWeight 3 (quanta 3 × 4150 : 4150), 3 : 1 packets.
  const p = resolveQueueParams({ profile: "uec" });
  assert.equal([p.scheduler, p.controlWeight, p.wrrControlPackets, p.wrrDataPackets], ["strict", 3, 3, 1]);
  assert.is(resolveQueueParams({ profile: "uec", controlWeight: 2 }).controlWeight, 2);
  // DWRR, 4150 B data against 64 B trimmed headers: 75 % of the bytes while both are backlogged.
  const q = table({ profile: "uec", scheduler: "dwrr", bdpBytes: 2 ** 30, ecnAt: "off", handleCapacity: 65536 }, 1);
  assert.equal([q.controlQuantumBytes, q.dataQuantumBytes], [12_450, 4150]);
  for (let i = 0; i < 100; i++) q.onEnqueue(0, 0, i, 4150, TAG_DATA);
  for (let i = 0; i < 30_000; i++) q.onEnqueue(0, 0, 1000 + i, 64, TAG_HEADER);
  let c = 0;
  let d = 0;
  while (q.controlPackets(0) > 200 && q.dataPackets(0) > 0) {
    q.onDequeue(0, 0);
    if (q.out[OUT.queue] === FIFO_CONTROL) c += q.out[OUT.bytes];
    else d += q.out[OUT.bytes];
  }
  assert.ok(Math.abs(c / (c + d) - 0.75) < 0.005, `control share ${c / (c + d)}`);
  // WRR counts packets (here 64 B against 1000 B): c c d c c c d c … (the counter 1 2 3→d 0 1 2
  // 3→d …), 30 of the first 40.
  const w = table({ profile: "uec", scheduler: "wrr", bdpBytes: 1_000_000, ecnAt: "off" }, 1);
  backlog(w, 1000, 64, 40);
  let cw = 0;
  for (let i = 0; i < 40; i++) if (w.onDequeue(0, 0) >= 1000) cw++;
  assert.is(cw, 30);
});

test("PFC pause: a paused FIFO is skipped, an all-paused backlog reports the resume tick, XON resumes", () => {
  const q = table({ profile: "uec", bdpBytes: 1_000_000, ecnAt: "off" }, 1);
  backlog(q, 1000, 64, 2);
  assert.is(q.onPause(0, 100, FIFO_CONTROL, 500), 0);
  assert.is(q.onDequeue(0, 200), 0); // control paused: data goes
  assert.is(q.onPause(0, 200, FIFO_DATA, 1000), 0);
  assert.is(q.onDequeue(0, 300), QUEUE_PAUSED);
  assert.is(q.out[OUT.resumeNs], 600); // control resumes first (100 + 500)
  assert.is(q.onDequeue(0, 600), 1000); // the control pause expired
  assert.is(q.onDequeue(0, 600), 1001);
  assert.is(q.onDequeue(0, 700), QUEUE_PAUSED);
  assert.is(q.out[OUT.resumeNs], 1200);
  assert.is(q.onPause(0, 800, FIFO_DATA, 0), 0); // XON
  assert.is(q.onDequeue(0, 800), 1);
  assert.is(q.onDequeue(0, 800), QUEUE_EMPTY);
  assert.is(q.pauseFrames(0), 3);
  // Pause ticks wrap like every tick.
  const w = table({ profile: "uec", bdpBytes: 1_000_000, ecnAt: "off" }, 1);
  w.onEnqueue(0, 0, 1, 100, TAG_OTHER);
  w.onPause(0, 0x7ffffff0, FIFO_DATA, 0x20);
  assert.is(w.onDequeue(0, 0x7ffffff8), QUEUE_PAUSED);
  assert.is(w.onDequeue(0, (0x7ffffff0 + 0x20) | 0), 1);
});

// ---------------------------------------------------------------------------------------------
// Bad input

test("bad input: defined error, errors counted, state unchanged", () => {
  const q = table({ profile: "uec-htsim", bdpBytes: 20_000 }, 2);
  q.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  q.onEnqueue(0, 0, 2, 64, TAG_ACK);
  const before = snapshot(q, 0);
  const cases: [() => number, number][] = [
    [() => q.onEnqueue(0, 0, 3, 4151, TAG_DATA), E_ARG], // oversized (mtu 4150)
    [() => q.onEnqueue(0, 0, 3, 0, TAG_DATA), E_ARG],
    [() => q.onEnqueue(0, 0, 3, 100.5, TAG_DATA), E_ARG],
    [() => q.onEnqueue(0, 0, 3, 100, 4), E_ARG], // unknown tag
    [() => q.onEnqueue(0, 0, 3, 100, -1), E_ARG],
    [() => q.onEnqueue(0, 0, 3, 100, 1.5), E_ARG],
    [() => q.onEnqueue(0, 0, -1, 100, TAG_DATA), E_ARG],
    [() => q.onEnqueue(0, 0, 4096, 100, TAG_DATA), E_ARG], // handle beyond handleCapacity
    [() => q.onEnqueue(0, NaN, 3, 100, TAG_DATA), E_ARG],
    [() => q.onEnqueue(0, 0, 1, 100, TAG_DATA), E_STATE], // handle 1 is queued
    [() => q.onEnqueue(2, 0, 3, 100, TAG_DATA), E_SLOT], // port out of range
    [() => q.onEnqueue(-1, 0, 3, 100, TAG_DATA), E_SLOT],
    [() => q.onEnqueue(NaN, 0, 3, 100, TAG_DATA), E_SLOT],
    [() => q.onEnqueue(0.5, 0, 3, 100, TAG_DATA), E_SLOT],
    [() => q.onDequeue(9, 0), E_SLOT],
    [() => q.onDequeue(0, Infinity), E_ARG],
    [() => q.onPause(0, 0, 2, 100), E_ARG],
    [() => q.onPause(0, 0, 0, -5), E_ARG],
    [() => q.onPause(0, 0, 0, NaN), E_ARG],
    [() => q.onPause(5, 0, 0, 10), E_SLOT],
    [() => q.ecnProbability(0, NaN), E_ARG],
  ];
  let errors = q.errors;
  for (const [call, code] of cases) {
    assert.is(call(), code);
    assert.is(q.errors, ++errors);
  }
  // Errors changed nothing but the counter.
  const after = JSON.parse(snapshot(q, 0));
  const was = JSON.parse(before);
  assert.equal(after[0], was[0]);
  assert.equal(after[1], was[1]);
  assert.throws(() => q.setPortLimits(0, 100, 1, 100, 1, 50, 10), RangeError);
  assert.throws(() => q.setPortLimits(7, 100, 1, 100, 1, 5, 10), RangeError);
  assert.equal(JSON.parse(snapshot(q, 0))[0], was[0]);
  assert.throws(() => q.open(2, false), RangeError);
  // A closed port rejects packets; its queued handles are free again.
  assert.is(q.close(0), 0);
  assert.is(q.onEnqueue(0, 0, 5, 100, TAG_DATA), E_SLOT);
  assert.is(q.onEnqueue(1, 0, 1, 100, TAG_DATA), QUEUE_DATA);
  assert.is(q.close(0), E_SLOT);
});

test("per-port limits override the table's", () => {
  const q = table({ profile: "uec", bdpBytes: 100_000, ecnAt: "off", trimming: "off" }, 2);
  assert.is(q.setPortLimits(1, 1000, 10, 1000, 10, 0, 0), 0);
  assert.is(q.onEnqueue(1, 0, 1, 1000, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(1, 0, 2, 1, TAG_DATA), QUEUE_DROPPED);
  assert.is(q.onEnqueue(0, 0, 3, 4000, TAG_DATA), QUEUE_DATA);
});

// ---------------------------------------------------------------------------------------------
// Seeded random event sequences: exact accounting and handle conservation

for (const profile of ["uec-htsim", "uec", "dcp", "droptail"] as const) {
  test(`random events keep bytes in = out + queued + dropped + trimmed and conserve handles (${profile})`, () => {
    for (const seed of [1, 2, 3]) {
      const rng = new Xoshiro128(seed * 7919);
      const q = new PortQueues(
        {
          profile,
          bdpBytes: 30_000,
          dataLimitBytes: 20_000,
          controlLimitBytes: 3000,
          dataLimitPackets: 12,
          mtuBytes: 4150,
          ecnAt: profile === "dcp" ? "enqueue" : profile === "droptail" ? "off" : "dequeue",
          kMinBytes: 2000,
          kMaxBytes: 15_000,
          handleCapacity: 256,
          seed,
        },
        3,
      );
      for (let p = 0; p < 3; p++) q.open(p, p === 2);
      let stateErrors = 0;
      const where = new Int32Array(256).fill(-1); // port of a queued handle, −1 when free
      const size = new Int32Array(256); // bytes it is queued with
      for (let step = 0; step < 20_000; step++) {
        const port = rng.nextBelow(3);
        const op = rng.nextBelow(10);
        if (op < 6) {
          const h = rng.nextBelow(256);
          const bytes = 1 + rng.nextBelow(4150);
          const tag = rng.nextBelow(4);
          const v = q.onEnqueue(port, step, h, bytes, tag);
          if (where[h] >= 0) {
            assert.is(v, E_STATE);
            stateErrors++;
            continue;
          }
          assert.ok(v > 0, `verdict ${v}`);
          if ((v & QUEUE_DROPPED) === 0) {
            where[h] = port;
            size[h] = (v & QUEUE_TRIMMED) !== 0 ? q.out[OUT.bytes] : bytes;
            assert.ok((v & (QUEUE_DATA | QUEUE_CONTROL)) !== 0);
          }
          if ((v & (QUEUE_TRIMMED_QUEUED | QUEUE_DROPPED_QUEUED)) !== 0) {
            const o = q.out[OUT.otherHandle];
            assert.is(where[o], port);
            if (v & QUEUE_DROPPED_QUEUED) where[o] = -1;
            else size[o] = q.out[OUT.otherBytes];
          }
          if ((v & QUEUE_LAST_HOP) !== 0) assert.is(port, 2);
        } else if (op < 9) {
          const h = q.onDequeue(port, step);
          if (h >= 0) {
            assert.is(where[h], port);
            assert.is(q.out[OUT.bytes], size[h]);
            where[h] = -1;
          } else {
            assert.ok(h === QUEUE_EMPTY || h === QUEUE_PAUSED);
          }
        } else {
          q.onPause(port, step, rng.nextBelow(2), rng.nextBelow(3) === 0 ? 0 : rng.nextBelow(50));
        }
        assert.is(q.accountingGap(port), 0);
        assert.ok(q.dataPackets(port) <= 12 || profile === "dcp");
        assert.ok(q.controlBytes(port) <= 3000);
      }
      // Drain: every queued handle comes out exactly once.
      for (let p = 0; p < 3; p++) {
        q.onPause(p, 0, 0, 0);
        q.onPause(p, 0, 1, 0);
        for (let h = q.onDequeue(p, 0); h >= 0; h = q.onDequeue(p, 0)) {
          assert.is(where[h], p);
          where[h] = -1;
        }
        assert.is(q.queuedBytes(p), 0);
        assert.is(q.accountingGap(p), 0);
        assert.is(q.bytesIn(p), q.bytesOut(p) + q.bytesDropped(p) + q.bytesTrimmed(p));
        assert.is(q.packetsIn(p), q.packetsOut(p) + q.packetsDropped(p));
      }
      assert.ok(where.every((w) => w === -1));
      assert.is(q.errors, stateErrors); // re-enqueueing a queued handle is the only error made
    }
  });
}

test("per-port state is 173 B (64 B FIFO words, 32 B generator/pause/scheduler, 64 B counters, the shared buffer, the refused headers, open flag) plus 8 B per handle", () => {
  assert.is(PortQueues.bytesPerFlow, 173);
  assert.is(PortQueues.bytesPerHandle, 8);
});

test("re-opening an open port empties it and frees its handles", () => {
  const q = table({ profile: "uec", bdpBytes: 100_000, ecnAt: "off" }, 2);
  q.onEnqueue(0, 0, 1, 1000, TAG_DATA);
  q.onEnqueue(0, 0, 2, 64, TAG_ACK);
  q.open(0, false);
  assert.is(q.queuedBytes(0), 0);
  assert.is(q.onDequeue(0, 0), QUEUE_EMPTY);
  assert.is(q.onEnqueue(1, 0, 1, 1000, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(1, 0, 2, 64, TAG_ACK), QUEUE_CONTROL);
});

test("headersRefused counts trims whose header the control FIFO refused, not whole drops nor taken trims (DCP Table 5's lost HOs; audit 2026-12-07: the fabric read such a header as a data drop and HO loss 0)", () => {
  // dcp profile (§4.2's over rule: trimmed while the queue is above its limit), data limit
  // 2000 B, control FIFO 100 B: the 57 B HO of the first trim fits, the second's does not.
  const q = table({ profile: "dcp", dataLimitBytes: 2000, controlLimitBytes: 100, ecnAt: "off", markTrimmed: false }, 2);
  for (const h of [1, 2, 3]) assert.is(q.onEnqueue(0, 0, h, 1000, TAG_DATA), QUEUE_DATA); // 3000 B: the third found 2000, not above
  assert.is(q.onEnqueue(0, 0, 4, 1000, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.is(q.onEnqueue(0, 0, 5, 1000, TAG_DATA), QUEUE_DROPPED); // 57 + 57 > 100
  assert.is(q.onEnqueue(0, 0, 6, 1000, 0), QUEUE_DROPPED); // non-DCP data above the limit: dropped whole, no header
  assert.equal([q.headersRefused(0), q.packetsTrimmed(0), q.packetsDropped(0)], [1, 1, 2]);
  q.open(0, false);
  assert.is(q.headersRefused(0), 0);
  assert.is(q.headersRefused(1), 0);
  q.close(1);
  assert.is(q.headersRefused(1), 0);
});

test.run();
