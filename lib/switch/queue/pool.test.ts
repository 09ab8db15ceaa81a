// Shared switch buffers of PortQueues (`pools`, setPool): Choudhury & Hahne's dynamic threshold
// ("Dynamic queue length thresholds for shared-memory packet switches", IEEE/ACM ToN 1998) and
// complete sharing, as DCP §6.2's 32 MB per switch. Every expected value below is worked out by
// hand from the rule: an arrival that passes the port's own limits is refused when
// used + bytes > B, or (dynamic) when need > α·(B − used), with need = what the FIFO's own over
// rule compares (data FIFO: q + bytes under "arrival", q under "occupancy"; control FIFO: q + bytes)
// and used = the buffer's bytes before the arrival. In a single congested FIFO of packets of b
// bytes, the arrival rule admits while q + b ≤ α(B − q), i.e. it settles at the largest multiple
// of b with q ≤ α(B − q + b); n ports settle at q = αB/(1 + nα) each when the grid allows it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import {
  PortQueues,
  QUEUE_CONTROL,
  QUEUE_DATA,
  QUEUE_DROPPED,
  QUEUE_DROPPED_QUEUED,
  QUEUE_EMPTY,
  QUEUE_MARKED,
  QUEUE_TRIMMED,
  QUEUE_TRIMMED_QUEUED,
  TAG_DATA,
  TAG_HEADER,
  TAG_OTHER,
} from "./queue";

const OUT = { bytes: 0, queue: 1, ecn: 2, otherHandle: 3, otherBytes: 4, resumeNs: 5 };
const BIG = 2 ** 30;

/** Every port opened; ports listed in `join` joined to the pool given beside them. */
function table(params: Record<string, unknown>, ports: number, join: [number, number][]): PortQueues {
  const q = new PortQueues({ handleCapacity: 4096, ...params }, ports);
  for (let p = 0; p < ports; p++) q.open(p, false);
  for (const [port, pool] of join) assert.is(q.setPool(port, pool), 0);
  return q;
}

/** A drop-tail table whose ports' own limits never bind: only the shared buffer limits. */
function droptail(extra: Record<string, unknown>, ports: number, join: [number, number][]): PortQueues {
  return table({ profile: "droptail", dataLimitBytes: BIG, ecnAt: "off", ...extra }, ports, join);
}

let nextHandle = 1;
/** n arrivals of `bytes` on `port`; returns how many were queued (verdict QUEUE_DATA / QUEUE_CONTROL). */
function fill(q: PortQueues, port: number, n: number, bytes: number, tag = TAG_OTHER): number {
  let queued = 0;
  for (let i = 0; i < n; i++) {
    const v = q.onEnqueue(port, 0, nextHandle++ % 4096, bytes, tag);
    if (v === QUEUE_DATA || v === QUEUE_CONTROL) queued++;
    else assert.is(v, QUEUE_DROPPED);
  }
  return queued;
}

function gapsZero(q: PortQueues): void {
  for (let p = 0; p < q.capacity; p++) assert.is(q.accountingGap(p), 0, `port ${p}`);
}

function snapshot(q: PortQueues, ports: number): string {
  const s: unknown[] = [Array.from(q.out), q.errors];
  for (let p = 0; p < ports; p++) {
    s.push(q.inspect(p), q.pool(p), q.poolUsedBytes(p), q.poolPeakBytes(p), q.poolRefusals(p), q.poolThresholdBytes(p));
  }
  return JSON.stringify(s);
}

test("the default buffer is DCP §6.2's 32 MB, as 2^25 B, in every profile: an empty one's threshold under α = 1", () => {
  // "The switch buffer size is 32 MB" (DCP §6.2; README.md, Shared buffers): 32 × 1024 × 1024
  // = 33,554,432 B, and α(B − used) = 1 × (33,554,432 − 0) for a buffer nothing has entered.
  for (const profile of ["uec", "uec-htsim", "dcp", "droptail"] as const) {
    const q = new PortQueues({ profile, pools: 1 }, 1);
    q.open(0, false);
    assert.is(q.setPool(0, 0), 0);
    assert.is(q.params.poolBytes, 33_554_432, profile);
    assert.is(q.poolThresholdBytes(0), 33_554_432, profile);
  }
});

// ---------------------------------------------------------------------------------------------
// Dynamic threshold: steady states

test("one congested port, α = 1: settles at B/2 (q = αB/(1 + α)), every later arrival refused by the pool", () => {
  // B = 100000, b = 1000: admitted while q + 1000 ≤ 100000 − q, i.e. q ≤ 49500 → the 50th
  // arrival (q = 49000 before it) is the last: q = 50000 = B/2.
  const q = droptail({ pools: 1, poolBytes: 100_000 }, 1, [[0, 0]]);
  assert.is(q.poolThresholdBytes(0), 100_000); // α(B − 0)
  assert.is(fill(q, 0, 100, 1000), 50);
  assert.is(q.dataBytes(0), 50_000);
  assert.is(q.poolUsedBytes(0), 50_000);
  assert.is(q.poolPeakBytes(0), 50_000);
  assert.is(q.poolRefusals(0), 50);
  assert.is(q.poolThresholdBytes(0), 50_000); // 1·(100000 − 50000): the queue sits at its threshold
  assert.is(q.bytesDropped(0), 50_000);
  gapsZero(q);
});

test("α = 2^1: settles at 2B/3; α = 2^−1: settles at B/3", () => {
  // α = 2, B = 150000: q + 1000 ≤ 2(150000 − q) ⇔ 3q ≤ 299000 ⇔ q ≤ 99666 → last admitted at
  // q = 99000 → 100000 = 2B/3; threshold 2·(150000 − 100000) = 100000.
  const a = droptail({ pools: 1, poolBytes: 150_000, poolAlphaLog2: 1 }, 1, [[0, 0]]);
  assert.is(a.poolThresholdBytes(0), 300_000);
  assert.is(fill(a, 0, 200, 1000), 100);
  assert.is(a.poolUsedBytes(0), 100_000);
  assert.is(a.poolThresholdBytes(0), 100_000);
  assert.is(a.poolRefusals(0), 100);
  // α = ½, B = 150000: 2(q + 1000) ≤ 150000 − q ⇔ 3q ≤ 148000 ⇔ q ≤ 49333 → last admitted at
  // q = 49000 → 50000 = B/3; threshold ½·100000 = 50000.
  const h = droptail({ pools: 1, poolBytes: 150_000, poolAlphaLog2: -1 }, 1, [[0, 0]]);
  assert.is(h.poolThresholdBytes(0), 75_000);
  assert.is(fill(h, 0, 200, 1000), 50);
  assert.is(h.poolUsedBytes(0), 50_000);
  assert.is(h.poolThresholdBytes(0), 50_000);
  gapsZero(a);
  gapsZero(h);
});

test("α = 2^−1 threshold is floored: ⌊(B − used)/2⌋", () => {
  // B = 1001, one 100 B packet: ⌊0.5 · 901⌋ = 450 (not 450.5).
  const q = droptail({ pools: 1, poolBytes: 1001, poolAlphaLog2: -1 }, 1, [[0, 0]]);
  assert.is(q.poolThresholdBytes(0), 500); // ⌊1001 / 2⌋
  assert.is(fill(q, 0, 1, 100), 1);
  assert.is(q.poolThresholdBytes(0), 450);
});

test("one byte left in the buffer: the threshold is 1 B under complete sharing and under α = 1; complete sharing takes a 1 B arrival", () => {
  // README "Shared buffers": threshold ⌊α·(B − used)⌋, or B − used (complete); 0 only once the
  // buffer holds B or more. B = 1001 with 1000 B queued: B − used = 1, α = 1 gives ⌊1⌋ = 1.
  // Complete sharing then takes a 1 B arrival (1000 + 1 ≤ 1001) and has 0 left.
  for (const poolRule of ["complete", "dynamic"]) {
    const q = droptail({ pools: 1, poolBytes: 1001, poolRule }, 1, [[0, 0]]);
    assert.is(fill(q, 0, 1, 1000), 1);
    assert.is(q.poolThresholdBytes(0), 1, poolRule);
    if (poolRule === "complete") {
      assert.is(fill(q, 0, 1, 1), 1);
      assert.is(q.poolThresholdBytes(0), 0); // full: B − used = 0
    }
  }
});

test("two congested ports of one buffer, α = 1, equal packets: each settles at B/3 (αB/(1 + 2α))", () => {
  // B = 90000, b = 1000, arrivals alternate port 0, port 1. At q0 = q1 = k: port 0 admitted iff
  // k + 1000 ≤ 90000 − 2k (k ≤ 29666); then port 1 iff k + 1000 ≤ 90000 − 2k − 1000 (k ≤ 29333).
  // So every pair is admitted up to k = 29000 → 30000 each; then port 0: 31000 > 30000, port 1 too.
  const q = droptail({ pools: 1, poolBytes: 90_000 }, 2, [[0, 0], [1, 0]]);
  let admitted = 0;
  for (let i = 0; i < 60; i++) admitted += fill(q, 0, 1, 1000) + fill(q, 1, 1, 1000);
  assert.is(admitted, 60);
  assert.is(q.dataBytes(0), 30_000);
  assert.is(q.dataBytes(1), 30_000);
  assert.is(q.poolUsedBytes(0), 60_000);
  assert.is(q.poolUsedBytes(1), 60_000); // the same buffer, read through either port
  assert.is(q.poolRefusals(0), 60);
  assert.is(q.poolRefusals(1), 60); // counted per buffer
  assert.is(q.poolThresholdBytes(1), 30_000);
  gapsZero(q);
});

test("complete sharing fills to B: one port may take it all, the next is refused", () => {
  // B = 100000, b = 1000: 100 arrivals fill it; the 101st would make 101000 > B. Port 1 of the
  // same buffer then finds B − used = 0.
  const q = droptail({ pools: 1, poolBytes: 100_000, poolRule: "complete" }, 2, [[0, 0], [1, 0]]);
  assert.is(q.poolThresholdBytes(0), 100_000);
  assert.is(fill(q, 0, 101, 1000), 100);
  assert.is(q.poolUsedBytes(0), 100_000);
  assert.is(q.poolThresholdBytes(0), 0);
  assert.is(fill(q, 1, 1, 1000), 0);
  assert.is(fill(q, 1, 1, 1), 0); // even a single byte
  assert.is(q.poolRefusals(0), 3);
  // 1000 B of room back: 501 B fits (499 left), then 500 B does not and 499 B does.
  assert.ok(q.onDequeue(0, 0) >= 0);
  assert.is(q.poolThresholdBytes(0), 1000);
  assert.is(fill(q, 1, 1, 501), 1);
  assert.is(fill(q, 1, 1, 500), 0);
  assert.is(fill(q, 1, 1, 499), 1);
  assert.is(q.poolUsedBytes(1), 100_000);
  gapsZero(q);
});

test("dynamic rule with the occupancy over rule (dcp profile): need = q, one packet more than the arrival rule", () => {
  // dcp: the data FIFO is over when q > limit. B = 100000, α = 1, b = 1000 (non-DCP tag: data
  // FIFO, never trimmed): refused when q > 100000 − q or used + 1000 > B. Admitted while
  // q ≤ 50000 → the arrival at q = 50000 is the last: 51000 (the arrival rule stops at 50000).
  const q = table({ profile: "dcp", dataLimitBytes: BIG, pools: 1, poolBytes: 100_000 }, 1, [[0, 0]]);
  assert.is(fill(q, 0, 100, 1000), 51);
  assert.is(q.poolUsedBytes(0), 51_000);
  assert.is(q.poolThresholdBytes(0), 49_000);
  assert.is(q.poolRefusals(0), 49);
  const r = table({ profile: "dcp", overRule: "arrival", dataLimitBytes: BIG, pools: 1, poolBytes: 100_000 }, 1, [[0, 0]]);
  assert.is(fill(r, 0, 100, 1000), 50);
  gapsZero(q);
  gapsZero(r);
});

test("occupancy rule still never lets B overflow: used + bytes > B refuses even when q ≤ α(B − used)", () => {
  // α = 2^8, B = 2500, b = 1000: q = 0 ≤ 256·2500; 1000 ≤ 2500 ✓; q = 1000 ≤ 256·1500 ✓, 2000 ≤ 2500 ✓;
  // q = 2000 ≤ 256·500 ✓ but 2000 + 1000 = 3000 > 2500 → refused.
  const q = table({ profile: "dcp", dataLimitBytes: BIG, pools: 1, poolBytes: 2500, poolAlphaLog2: 8 }, 1, [[0, 0]]);
  assert.is(fill(q, 0, 3, 1000), 2);
  assert.is(q.poolThresholdBytes(0), 128_000); // 256 · 500
  assert.is(q.poolRefusals(0), 1);
});

test("a pooled control FIFO always judges q + bytes, even under the occupancy rule", () => {
  // dcp with controlPooled, headers (tag 3) into the control FIFO, B = 10000, α = 1, b = 1000:
  // admitted while q + 1000 ≤ 10000 − q ⇔ q ≤ 4500 → settles at 5000 (the data FIFO's occupancy
  // rule would give 6000).
  const q = table({ profile: "dcp", controlPooled: true, pools: 1, poolBytes: 10_000 }, 1, [[0, 0]]);
  assert.is(fill(q, 0, 10, 1000, TAG_HEADER), 5);
  assert.is(q.controlBytes(0), 5000);
  assert.is(q.poolUsedBytes(0), 5000);
  assert.is(q.poolRefusals(0), 5);
});

test("a pooled control FIFO judges q + bytes to the byte: an odd header one byte over α·(B − used) is refused", () => {
  // README "Shared buffers": control FIFO need = q + bytes, refused when need > α·(B − used).
  // dcp with controlPooled, B = 4994, α = 1, headers of 999 B (odd: every byte of the arrival
  // counts, also its lowest bit): q = 0: 999 ≤ 4994 ✓; q = 999: 1998 ≤ 3995 ✓; q = 1998:
  // 2997 > 2996 → refused (used + bytes = 2997 ≤ B, so only the threshold refuses).
  const q = table({ profile: "dcp", controlPooled: true, pools: 1, poolBytes: 4994 }, 1, [[0, 0]]);
  assert.is(fill(q, 0, 3, 999, TAG_HEADER), 2);
  assert.is(q.controlBytes(0), 1998);
  assert.is(q.poolRefusals(0), 1);
});

test("dcp: the control FIFO is outside the buffer (lossless control plane): a refused data packet is trimmed, HO packets queue", () => {
  // DCP §4.2: an HO packet "is enqueued directly into the control queue"; HPCC's and
  // DCP-Simulation's switch-node.cc SendToDev judge and charge the MMU only for qIndex != 0.
  // Complete sharing, B = 10240: port 1 fills it with 10 × 1024 B of DCP data (10240 ≤ B; the
  // data limit, the 175,284 B BDP, never binds).
  const q = table({ profile: "dcp", pools: 1, poolBytes: 10_240, poolRule: "complete" }, 2, [[0, 0], [1, 0]]);
  assert.is(q.params.controlPooled, false);
  assert.is(fill(q, 1, 10, 1024, TAG_DATA), 10);
  assert.is(q.poolUsedBytes(0), 10_240);
  // Port 0's data packet: its own limit takes it, the buffer refuses it (10240 + 1024 > B): it is
  // trimmed to the 57 B HO packet, which the control FIFO takes unjudged and uncounted (with CE:
  // the dcp profile's markTrimmed).
  assert.is(q.onEnqueue(0, 0, 100, 1024, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED | QUEUE_MARKED);
  assert.is(q.out[OUT.bytes], 57);
  assert.is(q.poolRefusals(0), 1);
  assert.is(q.poolUsedBytes(0), 10_240);
  // An HO packet from upstream queues too (the control FIFO's own limit is 32 MiB).
  assert.is(q.onEnqueue(0, 0, 101, 57, TAG_HEADER), QUEUE_CONTROL);
  assert.is(q.controlBytes(0), 114);
  assert.is(q.poolUsedBytes(0), 10_240);
  assert.is(q.poolRefusals(0), 1);
  // Serving a header releases nothing from the buffer; serving data does.
  assert.is(q.onDequeue(0, 0), 100);
  assert.is(q.poolUsedBytes(0), 10_240);
  assert.ok(q.onDequeue(1, 0) >= 0);
  assert.is(q.poolUsedBytes(0), 9216);
  // Moving port 0 (one header queued) moves no bytes; port 1's data moves out and back.
  assert.is(q.setPool(0, -1), 0);
  assert.is(q.poolUsedBytes(1), 9216);
  assert.is(q.setPool(1, -1), 0);
  assert.is(q.poolUsedBytes(0), 0);
  assert.is(q.setPool(1, 0), 0);
  assert.is(q.poolUsedBytes(1), 9216);
  gapsZero(q);
  // The dynamic rule alike: 20 HO packets of 1000 B all queue in a 10000 B buffer (pooled they
  // would stop at 5000, the test above), and the data FIFO's threshold still sees B − 0.
  const d = table({ profile: "dcp", pools: 1, poolBytes: 10_000 }, 1, [[0, 0]]);
  assert.is(fill(d, 0, 20, 1000, TAG_HEADER), 20);
  assert.equal([d.controlBytes(0), d.poolUsedBytes(0), d.poolThresholdBytes(0), d.poolRefusals(0)], [20_000, 0, 10_000, 0]);
  // The control FIFO's own limit still drops: 3 × 57 B of HO packets into 114 B.
  const c = table({ profile: "dcp", controlLimitBytes: 114, pools: 1, poolBytes: 10_000 }, 1, [[0, 0]]);
  assert.is(fill(c, 0, 3, 57, TAG_HEADER), 2);
  assert.is(c.poolRefusals(0), 0);
});

test("controlPooled: false under dcp only by default; given, it holds under any profile", () => {
  for (const profile of ["uec-htsim", "uec", "droptail", "dcp"] as const) {
    assert.is(new PortQueues({ profile }).params.controlPooled, profile !== "dcp", profile);
  }
  // dcp with controlPooled: true is the old rule: the HO packet is refused by the full buffer.
  const q = table({ profile: "dcp", controlPooled: true, pools: 1, poolBytes: 10_240, poolRule: "complete" }, 2, [[0, 0], [1, 0]]);
  assert.is(fill(q, 1, 10, 1024, TAG_DATA), 10);
  assert.is(q.onEnqueue(0, 0, 100, 1024, TAG_DATA), QUEUE_DROPPED);
  assert.is(q.onEnqueue(0, 0, 101, 57, TAG_HEADER), QUEUE_DROPPED);
  // uec with controlPooled: false: a header trimmed in a full buffer queues outside it.
  const u = table({ profile: "uec", controlPooled: false, dataLimitBytes: BIG, ecnAt: "off", pools: 1, poolBytes: 4200, poolRule: "complete" }, 1, [[0, 0]]);
  assert.is(u.onEnqueue(0, 0, 1, 4150, TAG_DATA), QUEUE_DATA);
  assert.is(u.onEnqueue(0, 0, 2, 4150, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.equal([u.poolUsedBytes(0), u.controlBytes(0)], [4150, 64]);
  assert.throws(() => new PortQueues({ controlPooled: 1 as unknown as boolean }), /controlPooled/);
  gapsZero(u);
});

test("the pool is judged only after the port's own limits took the arrival (a port-limit drop is no pool refusal)", () => {
  // Port limit 3000 B, B = 1e6: the 4th 1000 B arrival is over the port's limit, not the pool's.
  const q = table({ profile: "droptail", dataLimitBytes: 3000, ecnAt: "off", pools: 1, poolBytes: 1_000_000 }, 1, [[0, 0]]);
  assert.is(fill(q, 0, 4, 1000), 3);
  assert.is(q.poolRefusals(0), 0);
  assert.is(q.poolUsedBytes(0), 3000);
});

// ---------------------------------------------------------------------------------------------
// Trimming under a pool

test("a trimmable DATA packet refused by the pool is trimmed, and its header is counted in the pool", () => {
  // uec (trim the arrival, 64 B headers), port limits 2^30. B = 10000, α = 1. Arrival 1: 4150 ≤
  // 10000 → queued (used 4150). Arrival 2: 8300 > 10000 − 4150 = 5850 → refused → trimmed to
  // 64 B; the control FIFO: 0 + 64 ≤ 5850 and 4150 + 64 ≤ B → queued: used 4214.
  const q = table({ profile: "uec", dataLimitBytes: BIG, controlLimitBytes: BIG, ecnAt: "off", pools: 1, poolBytes: 10_000 }, 1, [[0, 0]]);
  assert.is(q.onEnqueue(0, 0, 1, 4150, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 2, 4150, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.is(q.out[OUT.bytes], 64);
  assert.is(q.poolUsedBytes(0), 4214);
  assert.is(q.poolRefusals(0), 1);
  assert.is(q.controlBytes(0), 64);
  assert.is(q.bytesTrimmed(0), 4086);
  assert.is(q.poolThresholdBytes(0), 5786);
  gapsZero(q);
});

test("headers refused by a dynamic threshold: α = 2^−8, the whole packet is dropped", () => {
  // B = 65536, α = 1/256. Every 4150 B data arrival is over (4150 > (65536 − used)/256 ≤ 256).
  // Its 64 B header: control q + 64 ≤ (65536 − used)/256: 64 ≤ 256 ✓ (used 64), 128 ≤ 255.75 ✓
  // (used 128), 192 ≤ 255.5 ✓ (used 192), 256 > 255.25 ✗ → the 4th packet is dropped whole.
  const q = table({ profile: "uec", dataLimitBytes: BIG, controlLimitBytes: BIG, ecnAt: "off", pools: 1, poolBytes: 65_536, poolAlphaLog2: -8 }, 1, [[0, 0]]);
  for (let h = 1; h <= 3; h++) {
    assert.is(q.onEnqueue(0, 0, h, 4150, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
    assert.is(q.out[OUT.bytes], 64);
  }
  assert.is(q.onEnqueue(0, 0, 4, 4150, TAG_DATA), QUEUE_DROPPED);
  assert.is(q.poolUsedBytes(0), 192);
  assert.is(q.poolRefusals(0), 5); // 4 data arrivals + 1 header
  assert.is(q.poolThresholdBytes(0), 255); // ⌊65344 / 256⌋ = ⌊255.25⌋
  assert.is(q.bytesDropped(0), 4150);
  assert.is(q.bytesTrimmed(0), 3 * 4086);
  gapsZero(q);
});

test("a header refused by a full pool (complete sharing): the whole packet is dropped", () => {
  // B = 4200, complete. 4150 ≤ 4200 queued; the next 4150 B: 8300 > 4200 → trimmed to 64, but
  // 4150 + 64 = 4214 > 4200 → dropped whole; both refusals counted.
  const q = table({ profile: "uec", dataLimitBytes: BIG, controlLimitBytes: BIG, ecnAt: "off", pools: 1, poolBytes: 4200, poolRule: "complete" }, 1, [[0, 0]]);
  assert.is(q.onEnqueue(0, 0, 1, 4150, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 2, 4150, TAG_DATA), QUEUE_DROPPED);
  assert.is(q.poolRefusals(0), 2);
  assert.is(q.poolUsedBytes(0), 4150);
  assert.is(q.controlBytes(0), 0);
  assert.is(q.bytesDropped(0), 4150);
  assert.is(q.bytesTrimmed(0), 0);
  // A 50 B header still fits: 4150 + 50 = 4200 ≤ B.
  assert.is(q.onEnqueue(0, 0, 3, 50, TAG_HEADER), QUEUE_CONTROL);
  assert.is(q.poolUsedBytes(0), 4200);
  gapsZero(q);
});

// uec-htsim, seed 1: port 0's first draw is fmix32(0xd5aad292 + 0x9e3779b9) = 0xa0232dc7, top bit
// set → trim the newest (derivation in conformance/vectors/switch/queue/uec-htsim-trims-the-newest-queued-packet.json).
// bdpBytes 8300 → data FIFO 8300 B (2 packets of 4150), header FIFO 16600 B.
const HTSIM = { profile: "uec-htsim", bdpBytes: 8300, ecnAt: "off", seed: 1, pools: 1 };

test("½ newest-trim under a pool: the swap is taken when the arrival fits the pool once the newest left", () => {
  // B = 100000, α = 1. 4150 + 4150 queued (used 8300). Third 4150: 12450 > 8300 (port) → the
  // newest: q = 4150, 4150 + 4150 ≤ 8300 ✓; pool: used − 4150 + 4150 = 8300 ≤ B, 8300 ≤ 100000 − 4150 ✓.
  // The arrival replaces handle 2 (used stays 8300), handle 2's header: 64 ≤ 100000 − 8300 → used 8364.
  const q = table({ ...HTSIM, poolBytes: 100_000 }, 1, [[0, 0]]);
  assert.is(q.onEnqueue(0, 0, 1, 4150, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 2, 4150, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  assert.is(q.out[OUT.otherHandle], 2);
  assert.is(q.out[OUT.otherBytes], 64);
  assert.is(q.poolUsedBytes(0), 8364);
  assert.is(q.poolPeakBytes(0), 8364);
  assert.is(q.poolRefusals(0), 0);
  assert.is(q.peek(0, 0, 1), 3);
  gapsZero(q);
});

test("½ newest-trim under a pool: judged with the newest out of the buffer (threshold and B alike)", () => {
  // B = 16000, α = 1. 4150, 4150 queued: 8300 ≤ 16000 − 4150 = 11850 ✓ (used 8300). Third 4150:
  // port over → the newest: q = 4150, need 8300 ≤ 8300. With handle 2 out of the buffer, used =
  // 4150: 4150 + 4150 ≤ B and 8300 ≤ 16000 − 4150 = 11850 → the swap is taken (judging the
  // threshold with the newest still counted, 8300 > 16000 − 8300 = 7700, would refuse it).
  // Header of handle 2: 64 ≤ 16000 − 8300 → used 8364.
  const q = table({ ...HTSIM, poolBytes: 16_000 }, 1, [[0, 0]]);
  q.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  q.onEnqueue(0, 0, 2, 4150, TAG_DATA);
  assert.is(q.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  assert.is(q.out[OUT.otherHandle], 2);
  assert.is(q.poolUsedBytes(0), 8364);
  // Complete sharing with the buffer exactly full (B = 8300): a swap of equal sizes leaves
  // used = 8300 ≤ B, so it is taken; the newest's header then finds 8300 + 64 > B and is
  // dropped (refused by the pool): QUEUE_DATA | QUEUE_DROPPED_QUEUED, out.otherBytes 0.
  const c = table({ ...HTSIM, poolBytes: 8300, poolRule: "complete" }, 1, [[0, 0]]);
  c.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  c.onEnqueue(0, 0, 2, 4150, TAG_DATA);
  assert.is(c.poolThresholdBytes(0), 0);
  assert.is(c.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_DATA | QUEUE_DROPPED_QUEUED);
  assert.is(c.out[OUT.otherHandle], 2);
  assert.is(c.out[OUT.otherBytes], 0);
  assert.is(c.poolUsedBytes(0), 8300);
  assert.is(c.poolRefusals(0), 1);
  assert.is(c.bytesDropped(0), 4150);
  gapsZero(q);
  gapsZero(c);
});

test("½ newest-trim under a pool: a swap of unequal sizes moves the difference into the buffer", () => {
  // B = 13000, α = 1. 4150 (used 4150), 2000 (6150 ≤ 8850, used 6150). 4150 more: port over
  // (10300 > 8300) → the newest (2000 B): q = 4150, need 8300 ≤ 8300; without it used = 4150:
  // 8300 ≤ B and 8300 ≤ 13000 − 4150 = 8850 → swap: used 6150 − 2000 + 4150 = 8300; header 64:
  // 64 ≤ 4700 → used 8364. (Counting handle 2 in used, 8300 > 13000 − 6150 = 6850, would refuse.)
  const q = table({ ...HTSIM, poolBytes: 13_000 }, 1, [[0, 0]]);
  q.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  q.onEnqueue(0, 0, 2, 2000, TAG_DATA);
  assert.is(q.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  assert.is(q.poolUsedBytes(0), 8364);
  assert.is(q.bytesTrimmed(0), 1936);
  for (const want of [8300, 4150, 0]) {
    assert.ok(q.onDequeue(0, 0) >= 0);
    assert.is(q.poolUsedBytes(0), want);
  }
  assert.is(q.poolPeakBytes(0), 8364);
  gapsZero(q);
});

test("½ newest-trim under a pool: the swap is refused (not counted) when the arrival would not fit; the arrival is trimmed", () => {
  // Threshold: B = 12000, α = 1. 4150 (used 4150), 1000 (5150 ≤ 7850, used 5150). 4150 more:
  // port over (9300 > 8300) → the newest (1000 B): q = 4150, need 8300 ≤ 8300; pool with the
  // newest out: used 4150, 8300 > 12000 − 4150 = 7850 → no swap. The arrival is trimmed: its
  // header 64 ≤ 12000 − 5150 → QUEUE_CONTROL | QUEUE_TRIMMED, used 5214, no refusal counted.
  const q = table({ ...HTSIM, poolBytes: 12_000 }, 1, [[0, 0]]);
  assert.is(q.onEnqueue(0, 0, 1, 4150, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 2, 1000, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.is(q.out[OUT.bytes], 64);
  assert.is(q.poolUsedBytes(0), 5214);
  assert.is(q.poolRefusals(0), 0);
  assert.is(q.peek(0, 0, 1), 2);
  // B: complete, B = 8200. 4150 + 1000 = 5150; 4150 more: the newest out, 4150 + 4150 = 8300 > 8200
  // → no swap; the arrival's header: 5150 + 64 ≤ 8200 → trimmed.
  const c = table({ ...HTSIM, poolBytes: 8200, poolRule: "complete" }, 1, [[0, 0]]);
  c.onEnqueue(0, 0, 1, 4150, TAG_DATA);
  c.onEnqueue(0, 0, 2, 1000, TAG_DATA);
  assert.is(c.onEnqueue(0, 0, 3, 4150, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.is(c.poolUsedBytes(0), 5214);
  assert.is(c.poolRefusals(0), 0);
  gapsZero(q);
  gapsZero(c);
});

// ---------------------------------------------------------------------------------------------
// Independence

test("ports in different pools do not interact", () => {
  // Two buffers of B = 100000, α = 1: each single congested port settles at B/2 = 50000,
  // whatever the other holds.
  const q = droptail({ pools: 2, poolBytes: 100_000 }, 2, [[0, 0], [1, 1]]);
  assert.is(fill(q, 0, 100, 1000), 50);
  assert.is(q.poolUsedBytes(1), 0);
  assert.is(q.poolThresholdBytes(1), 100_000);
  assert.is(fill(q, 1, 100, 1000), 50);
  assert.is(q.poolUsedBytes(0), 50_000);
  assert.is(q.poolUsedBytes(1), 50_000);
  assert.is(q.poolRefusals(0), 50);
  assert.is(q.poolRefusals(1), 50);
  assert.is([q.pool(0), q.pool(1)].join(), "0,1");
});

test("an unpooled port in a pooled table is never limited by pools, and adds nothing to them", () => {
  // B = 10000: port 1 (no pool) takes 50 × 1000 B (its own limit is 2^30); port 0's buffer stays empty.
  const q = droptail({ pools: 1, poolBytes: 10_000 }, 2, [[0, 0]]);
  assert.is(fill(q, 1, 50, 1000), 50);
  assert.is(q.pool(1), -1);
  assert.is(q.poolUsedBytes(1), 0);
  assert.is(q.poolThresholdBytes(1), 0);
  assert.is(q.poolRefusals(1), 0);
  assert.is(q.poolPeakBytes(1), 0);
  assert.is(q.poolUsedBytes(0), 0);
  assert.is(q.poolThresholdBytes(0), 10_000);
  for (let i = 0; i < 50; i++) assert.ok(q.onDequeue(1, 0) >= 0);
  assert.is(q.poolUsedBytes(0), 0);
  assert.is(fill(q, 0, 10, 1000), 5); // B/2 with α = 1
  gapsZero(q);
});

test("without pools (default) nothing is pooled and setPool accepts only −1", () => {
  const q = droptail({}, 1, []);
  assert.is(q.params.pools, 0);
  assert.is(q.pool(0), -1);
  assert.is(fill(q, 0, 3, 1000), 3);
  assert.is(q.setPool(0, -1), 0);
  assert.is(q.setPool(0, 0), E_ARG);
  assert.is(q.errors, 1);
  assert.is(q.poolUsedBytes(0), 0);
  assert.is(q.dataBytes(0), 3000);
});

// ---------------------------------------------------------------------------------------------
// Releasing and moving bytes

test("dequeue and evict release exactly the bytes served or dropped, from both FIFOs; the peak stays", () => {
  // uec: data 1000 + 2000, an ACK of 64 in the control FIFO: used 3064.
  const q = table({ profile: "uec", dataLimitBytes: BIG, controlLimitBytes: BIG, ecnAt: "off", pools: 1, poolBytes: 1_000_000 }, 2, [[0, 0], [1, 0]]);
  q.onEnqueue(0, 0, 1, 1000, TAG_DATA);
  q.onEnqueue(0, 0, 2, 2000, TAG_DATA);
  q.onEnqueue(0, 0, 3, 64, 1);
  q.onEnqueue(1, 0, 4, 500, TAG_DATA);
  assert.is(q.poolUsedBytes(0), 3564);
  // Strict priority: the ACK first (3564 − 64 = 3500), then 1000 (2500); evict takes 2000 (500).
  assert.is(q.onDequeue(0, 0), 3);
  assert.is(q.poolUsedBytes(0), 3500);
  assert.is(q.onDequeue(0, 0), 1);
  assert.is(q.poolUsedBytes(0), 2500);
  assert.is(q.evict(0, 0), 2);
  assert.is(q.out[OUT.bytes], 2000);
  assert.is(q.poolUsedBytes(0), 500);
  assert.is(q.evict(0, 0), QUEUE_EMPTY);
  assert.is(q.evict(1, 0), 4);
  assert.is(q.poolUsedBytes(1), 0);
  assert.is(q.poolPeakBytes(0), 3564);
  assert.is(q.poolThresholdBytes(0), 1_000_000);
  gapsZero(q);
});

test("close and re-open release the port's queued bytes (both FIFOs) and leave the buffer", () => {
  const q = table({ profile: "uec", dataLimitBytes: BIG, controlLimitBytes: BIG, ecnAt: "off", pools: 1, poolBytes: 1_000_000 }, 3, [[0, 0], [1, 0], [2, 0]]);
  q.onEnqueue(0, 0, 1, 1000, TAG_DATA);
  q.onEnqueue(0, 0, 2, 64, 1);
  q.onEnqueue(1, 0, 3, 3000, TAG_DATA);
  q.onEnqueue(2, 0, 4, 700, TAG_DATA);
  assert.is(q.poolUsedBytes(2), 4764);
  assert.is(q.close(1), 0); // − 3000
  assert.is(q.poolUsedBytes(2), 1764);
  assert.is(q.pool(1), -1);
  q.open(0, false); // re-open: − 1064, and port 0 is no longer in the buffer
  assert.is(q.pool(0), -1);
  assert.is(q.poolUsedBytes(0), 0);
  assert.is(q.poolUsedBytes(2), 700);
  // A re-opened port that rejoins starts from nothing; a closed one reopened is unpooled.
  assert.is(q.setPool(0, 0), 0);
  assert.is(q.poolUsedBytes(0), 700);
  q.open(1, false);
  assert.is(q.pool(1), -1);
  assert.is(q.poolPeakBytes(2), 4764);
  // The released handles may be queued again, and what is queued afterwards counts from there.
  assert.is(q.onEnqueue(0, 0, 1, 100, TAG_DATA), QUEUE_DATA);
  assert.is(q.poolUsedBytes(2), 800);
  gapsZero(q);
});

test("setPool moves the port's queued bytes between buffers and to none, and the new buffer's peak follows", () => {
  const q = droptail({ pools: 2, poolBytes: 1_000_000 }, 2, [[0, 0], [1, 1]]);
  fill(q, 0, 3, 1000); // pool 0: 3000
  fill(q, 1, 2, 500); // pool 1: 1000
  assert.is(q.setPool(0, 1), 0); // pool 0: 0, pool 1: 4000
  assert.is(q.pool(0), 1);
  assert.is(q.poolUsedBytes(1), 4000);
  assert.is(q.poolPeakBytes(1), 4000);
  assert.is(q.setPool(1, 0), 0); // pool 1: 3000, pool 0: 1000
  assert.is(q.poolUsedBytes(0), 3000);
  assert.is(q.poolUsedBytes(1), 1000);
  assert.is(q.poolPeakBytes(1), 3000); // pool 0's peak was 3000 (port 0's fill)
  assert.is(q.setPool(0, -1), 0); // pool 1 empties
  assert.is(q.poolUsedBytes(1), 1000); // port 1, now in pool 0
  assert.is(q.poolUsedBytes(0), 0); // port 0 has none
  q.setPool(1, 1);
  assert.is(q.poolUsedBytes(1), 1000);
  assert.is(q.poolPeakBytes(1), 4000);
  // Dequeues after the move release from the new buffer: 500 + 500.
  q.onDequeue(1, 0);
  assert.is(q.poolUsedBytes(1), 500);
  q.setPool(1, 1); // joining the buffer it is in changes nothing
  assert.is(q.poolUsedBytes(1), 500);
  assert.is(q.errors, 0);
  gapsZero(q);
});

test("poolPeakBytes is the largest used ever seen across the buffer's ports", () => {
  const q = droptail({ pools: 1, poolBytes: 1_000_000 }, 2, [[0, 0], [1, 0]]);
  fill(q, 0, 2, 1000); // 2000
  q.onDequeue(0, 0); // 1000
  fill(q, 1, 1, 1500); // 2500
  q.onDequeue(1, 0); // 1000
  fill(q, 0, 1, 1200); // 2200
  assert.is(q.poolUsedBytes(0), 2200);
  assert.is(q.poolPeakBytes(0), 2500);
});

// ---------------------------------------------------------------------------------------------
// Bad input

test("setPool: a closed or outside slot is E_SLOT, a bad pool E_ARG; errors counted, state unchanged", () => {
  const q = droptail({ pools: 2, poolBytes: 100_000 }, 3, [[0, 0], [1, 0]]);
  fill(q, 0, 3, 1000);
  fill(q, 1, 1, 500);
  q.close(2);
  const before = snapshot(q, 3);
  const cases: [number, number, number][] = [
    [2, 0, E_SLOT], // closed
    [3, 0, E_SLOT], // outside the table
    [-1, 0, E_SLOT],
    [0.5, 0, E_SLOT],
    [Number.NaN, 0, E_SLOT],
    [0, 2, E_ARG], // = pools
    [0, 7, E_ARG],
    [0, 0.5, E_ARG],
    [0, Number.NaN, E_ARG],
    [0, -2, E_ARG],
    [0, Number.POSITIVE_INFINITY, E_ARG],
    [0, -0.5, E_ARG],
    [0, 2 ** 32, E_ARG],
  ];
  let errors = 0;
  for (const [slot, pool, code] of cases) {
    assert.is(q.setPool(slot, pool), code, `setPool(${slot}, ${pool})`);
    errors++;
    assert.is(q.errors, errors);
  }
  q.errors = 0;
  const after = JSON.parse(snapshot(q, 3));
  const was = JSON.parse(before);
  was[1] = 0;
  assert.equal(after, was);
  assert.is(q.poolUsedBytes(0), 3500);
  assert.is(q.pool(2), -1);
});

test("readers outside the table or on a closed port read as no buffer", () => {
  const q = droptail({ pools: 1, poolBytes: 100_000 }, 2, [[0, 0], [1, 0]]);
  fill(q, 0, 1, 1000);
  q.close(1);
  for (const s of [1, 2, -1, 0.5, Number.NaN]) {
    assert.is(q.pool(s), -1);
    assert.is(q.poolUsedBytes(s), 0);
    assert.is(q.poolPeakBytes(s), 0);
    assert.is(q.poolRefusals(s), 0);
    assert.is(q.poolThresholdBytes(s), 0);
  }
  assert.is(q.errors, 0);
});

// ---------------------------------------------------------------------------------------------
// Invariant under a random mix

test("random mix over two buffers: poolUsedBytes = Σ pooled bytes of its ports, used ≤ B, peak ≥ used, gap 0", () => {
  for (const controlPooled of [true, false]) mix(controlPooled);
});

/** What a port holds in its buffer: both FIFOs, or the data FIFO alone. */
function pooledBytes(q: PortQueues, p: number): number {
  return q.params.controlPooled ? q.queuedBytes(p) : q.dataBytes(p);
}

function mix(controlPooled: boolean): void {
  const B = 40_000;
  const q = table({ profile: "uec-htsim", controlPooled, bdpBytes: 16_600, ecnAt: "off", pools: 2, poolBytes: B, handleCapacity: 4096 }, 4, [[0, 0], [1, 0], [2, 1]]);
  let x = 12345;
  const rnd = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    return (x >>> 8) % n;
  };
  const free: number[] = [];
  for (let h = 0; h < 4096; h++) free.push(h);
  const held = new Set<number>();
  let overfilled = false;
  for (let i = 0; i < 20_000; i++) {
    const port = rnd(4);
    const op = rnd(10);
    if (op < 6 && free.length > 0) {
      const h = free.pop() as number;
      const v = q.onEnqueue(port, i, h, 64 + rnd(4087), rnd(4));
      if (v & QUEUE_DROPPED) free.push(h);
      else held.add(h);
      if (v & QUEUE_DROPPED_QUEUED) {
        held.delete(q.out[OUT.otherHandle]);
        free.push(q.out[OUT.otherHandle]);
      }
    } else if (op < 9) {
      const h = q.onDequeue(port, i);
      if (h >= 0) {
        held.delete(h);
        free.push(h);
      }
    } else if (op === 9 && rnd(50) === 0) {
      // rare: move a port, or close and re-open it (its handles are ours again); a port that
      // joins a buffer with bytes queued may take it past B, which suspends the ≤ B check
      if (rnd(2) === 0) {
        const to = rnd(3) - 1;
        if (to >= 0 && pooledBytes(q, port) > 0) overfilled = true;
        q.setPool(port, to);
      }
      else {
        const hs: number[] = [];
        for (let f = 0; f <= 1; f++) for (let k = 0; q.peek(port, f, k) >= 0; k++) hs.push(q.peek(port, f, k));
        q.open(port, false);
        for (const h of hs) {
          held.delete(h);
          free.push(h);
        }
      }
    }
    const sums = [0, 0];
    for (let p = 0; p < 4; p++) if (q.pool(p) >= 0) sums[q.pool(p)] += pooledBytes(q, p);
    for (let p = 0; p < 4; p++) {
      if (q.pool(p) < 0) continue;
      assert.is(q.poolUsedBytes(p), sums[q.pool(p)]);
      if (!overfilled) assert.ok(q.poolUsedBytes(p) <= B);
      assert.ok(q.poolPeakBytes(p) >= q.poolUsedBytes(p));
    }
    for (let p = 0; p < 4; p++) assert.is(q.accountingGap(p), 0);
  }
  assert.is(q.errors, 0);
}

test("a port moved into a buffer takes it past B: the threshold reads 0 and every arrival is refused until it drains", () => {
  // B = 10,000. Port 0 queues 12,000 B unpooled (own limits only), then joins: used 12,000 > B,
  // α·(B − used) = −2,000 reads as 0; port 1 of the same buffer cannot admit even 100 B
  // (used + 100 > B). Draining port 0 by 3 × 1,000 B leaves 9,000: T = 1,000, and 100 B fits.
  const q = droptail({ pools: 1, poolBytes: 10_000 }, 2, [[1, 0]]);
  assert.is(fill(q, 0, 12, 1000), 12);
  assert.is(q.setPool(0, 0), 0);
  assert.is(q.poolUsedBytes(1), 12_000);
  assert.is(q.poolThresholdBytes(1), 0);
  assert.is(q.onEnqueue(1, 0, 4000, 100, TAG_OTHER), QUEUE_DROPPED);
  assert.is(q.poolRefusals(1), 1);
  for (let i = 0; i < 3; i++) assert.ok(q.onDequeue(0, 0) >= 0);
  assert.is(q.poolThresholdBytes(1), 1000);
  assert.is(q.onEnqueue(1, 0, 4001, 100, TAG_OTHER), QUEUE_DATA);
  gapsZero(q);
});

test.run();
