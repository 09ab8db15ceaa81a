// Boundaries of PortQueues that queue.test.ts and the vectors passed over: found by the mutation
// pass (docs/mutation-testing.md), each test pinning a rule a wrong comparison or index would
// break. Where a test depends on the port's generator, the expected draws are computed from its
// definition (state = hash3(seed, port, 0), x += 0x9e3779b9, word = fmix32(x)), not read back
// from the module. Most tests run on port 1: on port 0, `base + i` and `base − i` agree.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_STATE } from "../../core/errors";
import { hash3 } from "../../core/rng";
import { splitmixWord } from "../test-support";
import {
  FIFO_CONTROL,
  FIFO_DATA,
  PortQueues,
  QUEUE_CONTROL,
  QUEUE_DATA,
  QUEUE_DROPPED,
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

function table(params: Record<string, unknown>, ports = 2): PortQueues {
  const q = new PortQueues({ handleCapacity: 4096, ...params }, ports);
  for (let p = 0; p < ports; p++) q.open(p, false);
  return q;
}

/** The k-th word (k ≥ 1) the port's generator gives after opening, from its definition. */
function drawWord(seed: number, port: number, k: number): number {
  return splitmixWord(hash3(seed, port, 0), k);
}

/** The first seed ≥ 1 whose first draw on `port` has its top bit set: uet-htsim's "trim the newest" half. */
function seedTrimmingNewest(port: number): number {
  let seed = 1;
  while (drawWord(seed, port, 1) >= 0) seed++;
  return seed;
}

/** A uet-htsim port 1 whose first overflow trims the newest queued packet (no RED unless asked). */
function newestFirst(params: Record<string, unknown>): PortQueues {
  return table({ profile: "uec-htsim", ecnAt: "off", seed: seedTrimmingNewest(1), ...params });
}

function order(q: PortQueues, port: number, fifo: number): number[] {
  const hs = [];
  for (let i = 0, h = q.peek(port, fifo, 0); h >= 0; h = q.peek(port, fifo, ++i)) hs.push(h);
  return hs;
}

// ---------------------------------------------------------------------------------------------
// Trimming the newest packet (uet-htsim's other half)

test("trimming the newest of two packets (after a departure) hangs the arrival off the older one", () => {
  const q = newestFirst({ dataLimitBytes: 3000 });
  for (const h of [10, 11, 12]) assert.is(q.onEnqueue(1, 0, h, 1000, TAG_DATA), QUEUE_DATA);
  assert.is(q.onDequeue(1, 0), 10); // two left: 11, then 12 at the tail
  // 2000 + 1001 > 3000: over; the draw says newest; 1000 + 1001 ≤ 3000 fits in 12's place.
  assert.is(q.onEnqueue(1, 0, 13, 1001, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  assert.is(q.out[OUT.otherHandle], 12);
  assert.equal(order(q, 1, FIFO_DATA), [11, 13]);
  assert.equal(order(q, 1, FIFO_CONTROL), [12]);
  assert.is(q.dataBytes(1), 2001);
  assert.is(q.accountingGap(1), 0);
});

test("handle 0 can be the newest packet that is trimmed", () => {
  const q = newestFirst({ dataLimitBytes: 2000 });
  q.onEnqueue(1, 0, 5, 1000, TAG_DATA);
  q.onEnqueue(1, 0, 0, 1000, TAG_DATA);
  assert.is(q.onEnqueue(1, 0, 7, 1000, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  assert.is(q.out[OUT.otherHandle], 0);
  assert.equal(order(q, 1, FIFO_DATA), [5, 7]);
});

test("the newest is trimmed only if the arrival then fits: bytes by the arrival rule", () => {
  const q = newestFirst({ dataLimitBytes: 3000 });
  q.onEnqueue(1, 0, 1, 2500, TAG_DATA);
  q.onEnqueue(1, 0, 2, 400, TAG_DATA);
  // 2900 + 1000 > 3000: over; without the newest 2500 + 1000 > 3000 still: the arrival is trimmed.
  assert.is(q.onEnqueue(1, 0, 3, 1000, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.equal(order(q, 1, FIFO_DATA), [1, 2]);
  assert.equal(order(q, 1, FIFO_CONTROL), [3]);
});

test("the newest is trimmed only if the arrival then fits: packets, also over a lowered limit", () => {
  const at = newestFirst({ dataLimitPackets: 3 });
  for (const h of [1, 2, 3]) at.onEnqueue(1, 0, h, 1000, TAG_DATA);
  // 3 packets ≥ 3: over; without the newest 2 < 3, so the arrival takes its place.
  assert.is(at.onEnqueue(1, 0, 4, 1000, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  assert.equal(order(at, 1, FIFO_DATA), [1, 2, 4]);
  // Four queued when the limit drops to 3: without the newest 3 ≥ 3 still, so the arrival is trimmed.
  const over = newestFirst({});
  for (const h of [1, 2, 3, 4]) over.onEnqueue(1, 0, h, 1000, TAG_DATA);
  const p = over.params;
  over.setPortLimits(1, p.dataLimitBytes, 3, p.controlLimitBytes, p.controlLimitPackets, p.kMinBytes, p.kMaxBytes);
  assert.is(over.onEnqueue(1, 0, 5, 1000, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.equal(order(over, 1, FIFO_DATA), [1, 2, 3, 4]);
});

test("every overflow's choice is the top bit of the port's next draw", () => {
  const seed = 9;
  const q = table({ profile: "uec-htsim", dataLimitBytes: 4000, ecnAt: "off", seed });
  for (let h = 0; h < 4; h++) q.onEnqueue(1, 0, h, 1000, TAG_DATA);
  const want = [];
  const got = [];
  for (let k = 1; k <= 32; k++) {
    want.push(drawWord(seed, 1, k) < 0 ? QUEUE_DATA | QUEUE_TRIMMED_QUEUED : QUEUE_CONTROL | QUEUE_TRIMMED);
    got.push(q.onEnqueue(1, 0, 100 + k, 1000, TAG_DATA));
  }
  assert.equal(got, want);
  assert.ok(want.includes(QUEUE_CONTROL | QUEUE_TRIMMED) && want.includes(QUEUE_DATA | QUEUE_TRIMMED_QUEUED));
});

// ---------------------------------------------------------------------------------------------
// The control FIFO's limits for trimmed headers

test("a trimmed header that exactly fills the control FIFO is taken; the next is dropped (bytes and packets)", () => {
  const bytes = table({ profile: "uec", dataLimitBytes: 1000, controlLimitBytes: 128, trimBytes: 64, trimming: "arriving", ecnAt: "off" });
  bytes.onEnqueue(1, 0, 1, 1000, TAG_DATA);
  assert.is(bytes.onEnqueue(1, 0, 2, 1000, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.is(bytes.onEnqueue(1, 0, 3, 1000, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED); // 64 + 64 = 128
  assert.is(bytes.onEnqueue(1, 0, 4, 1000, TAG_DATA), QUEUE_DROPPED);
  assert.is(bytes.controlBytes(1), 128);
  const packets = table({ profile: "uec", dataLimitBytes: 1000, controlLimitPackets: 2, trimBytes: 64, trimming: "arriving", ecnAt: "off" });
  packets.onEnqueue(1, 0, 1, 1000, TAG_DATA);
  packets.onEnqueue(1, 0, 2, 1000, TAG_DATA);
  packets.onEnqueue(1, 0, 3, 1000, TAG_DATA);
  assert.is(packets.onEnqueue(1, 0, 4, 1000, TAG_DATA), QUEUE_DROPPED);
  assert.is(packets.controlPackets(1), 2);
});

// ---------------------------------------------------------------------------------------------
// RED: its boundaries and its draws

test("RED with kMin = kMax: a queue at the threshold is not marked, above it always", () => {
  const q = table({ profile: "uec", dataLimitBytes: 100_000, kMinBytes: 2000, kMaxBytes: 2000, trimming: "off" });
  for (let h = 0; h < 4; h++) q.onEnqueue(1, 0, h, 1000, TAG_DATA);
  const ecn = [];
  for (let i = 0; i < 4; i++) {
    q.onDequeue(1, 0);
    ecn.push(q.out[OUT.ecn]);
  }
  assert.equal(ecn, [1, 0, 0, 0]); // left behind 3000, 2000, 1000, 0
  // Marking at enqueue, through trimming the newest: the arrival finds 4150 = kMin = kMax.
  const e = newestFirst({ bdpBytes: 8300, ecnAt: "enqueue", kMinBytes: 4150, kMaxBytes: 4150 });
  assert.is(e.onEnqueue(1, 0, 1, 4150, TAG_DATA), QUEUE_DATA);
  assert.is(e.onEnqueue(1, 0, 2, 4150, TAG_DATA), QUEUE_DATA); // finds 4150: not above
  assert.is(e.onEnqueue(1, 0, 3, 4150, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  assert.is(e.marks(1), 0);
});

test("RED at exactly kMax marks with probability pMax, not always", () => {
  const seed = 3;
  // pMax = 0.01 → 655 in Q16; the first draw's 16 bits are well above that.
  const u = drawWord(seed, 1, 1) >>> 16;
  assert.ok(u >= 655, `u = ${u}`);
  const q = table({ profile: "uec", dataLimitBytes: 100_000, kMinBytes: 0, kMaxBytes: 1000, pMax: 0.01, trimming: "off", seed });
  q.onEnqueue(1, 0, 1, 1000, TAG_DATA);
  q.onEnqueue(1, 0, 2, 1000, TAG_DATA);
  q.onDequeue(1, 0); // leaves 1000 = kMax: p = 655, u ≥ p
  assert.is(q.out[OUT.ecn], 0);
});

test("RED marks exactly when the draw's 16 bits u < p: at p = u no mark, at p = u + 1 a mark", () => {
  // pMax = 1 and kMax − kMin = 65536, so p = q − kMin; the first departure leaves q = kMin + p.
  const seed = 11;
  const u = drawWord(seed, 1, 1) >>> 16;
  assert.ok(u > 0 && u < 65535, `u = ${u}`);
  const kMin = 1000;
  const mark = (p: number) => {
    const q = table({ profile: "uec", dataLimitBytes: 1_000_000, kMinBytes: kMin, kMaxBytes: kMin + 65536, pMax: 1, trimming: "off", seed });
    q.onEnqueue(1, 0, 0, 100, TAG_DATA);
    let left = kMin + p;
    for (let h = 1; left > 0; h++) {
      const b = left < 4000 ? left : 4000;
      q.onEnqueue(1, 0, h, b, TAG_DATA);
      left -= b;
    }
    assert.is(q.onDequeue(1, 0), 0);
    assert.is(q.dataBytes(1), kMin + p);
    return q.out[OUT.ecn];
  };
  assert.is(mark(u), 0);
  assert.is(mark(u + 1), 1);
});

test("the port's generator is not disturbed by PFC frames", () => {
  const mk = () => table({ profile: "uec", dataLimitBytes: 100_000, kMinBytes: 0, kMaxBytes: 40_000, trimming: "off", seed: 5 });
  const run = (q: PortQueues, pfc: boolean) => {
    const marks = [];
    for (let i = 0; i < 200; i++) {
      while (q.dataPackets(1) < 20) q.onEnqueue(1, i, (i * 20 + q.dataPackets(1)) % 2000, 1000, TAG_DATA);
      if (pfc && i % 10 === 0) {
        q.onPause(1, i, FIFO_DATA, 1000 + i);
        q.onPause(1, i, FIFO_DATA, 0); // XON
        q.onPause(1, i, FIFO_CONTROL, 77);
      }
      q.onDequeue(1, i);
      marks.push(q.out[OUT.ecn]);
    }
    return marks;
  };
  const plain = run(mk(), false);
  assert.ok(plain.includes(0) && plain.includes(1));
  assert.equal(run(mk(), true), plain);
});

// ---------------------------------------------------------------------------------------------
// DWRR (Shreedhar & Varghese): a turn spends its deficit to the byte; an emptied FIFO loses it

test("DWRR: a FIFO sends while its head fits its deficit, to the last byte", () => {
  // w = 0.5: data quantum ⌈1024 / 0.5⌉ = 2048 B, control max(1024, ⌈0.5 × 2048⌉) = 1024 B.
  // 64 B headers: the control turn sends 1024 / 64 = 16 (the last with deficit 64 = its size);
  // then data: 0 + 2048 − 1024 = 1024 left after the first, which pays for the second; repeat.
  const q = table({ profile: "dcp", controlWeight: 0.5, dataLimitBytes: 1_000_000 });
  for (let i = 0; i < 10; i++) q.onEnqueue(1, 0, i, 1024, TAG_OTHER);
  for (let i = 0; i < 40; i++) q.onEnqueue(1, 0, 100 + i, 64, TAG_HEADER);
  const served = [];
  for (let i = 0; i < 36; i++) {
    q.onDequeue(1, 0);
    served.push(q.out[OUT.queue] === FIFO_CONTROL ? "C" : "D");
  }
  assert.is(served.join(""), `${"C".repeat(16)}DD${"C".repeat(16)}DD`);
});

test("DWRR: a FIFO that empties gives up the deficit it had left", () => {
  const q = table({ profile: "dcp", controlWeight: 0.5, dataLimitBytes: 1_000_000 });
  for (let i = 0; i < 10; i++) q.onEnqueue(1, 0, i, 1024, TAG_OTHER);
  for (let i = 0; i < 5; i++) q.onEnqueue(1, 0, 100 + i, 64, TAG_HEADER);
  // Data holds the turn with deficit 0: control takes it with 1024 − 64 and sends all five,
  // emptying with 704 B left, which it loses.
  for (let i = 0; i < 5; i++) assert.is(q.onDequeue(1, 0), 100 + i);
  assert.is(q.onDequeue(1, 0), 0); // only data is backlogged
  for (let i = 0; i < 3; i++) q.onEnqueue(1, 0, 200 + i, 64, TAG_HEADER);
  // Control still holds the turn but with deficit 0 < 64: the turn passes to data.
  assert.is(q.onDequeue(1, 0), 1);
  assert.is(q.out[OUT.queue], FIFO_DATA);
});

// ---------------------------------------------------------------------------------------------
// Pauses

test("a pause ends at its tick and not before; a 1 ns pause is a pause, 0 is XON", () => {
  const q = table({ profile: "uec", ecnAt: "off" });
  q.onEnqueue(1, 0, 1, 1000, TAG_OTHER);
  q.onEnqueue(1, 0, 2, 1000, TAG_OTHER);
  assert.is(q.onPause(1, 0, FIFO_DATA, 999), 0);
  assert.is(q.onDequeue(1, 998), QUEUE_PAUSED);
  assert.is(q.out[OUT.resumeNs], 999);
  assert.is(q.onDequeue(1, 999), 1);
  assert.is(q.onPause(1, 2000, FIFO_DATA, 1), 0);
  assert.is(q.onDequeue(1, 2000), QUEUE_PAUSED);
  assert.is(q.out[OUT.resumeNs], 2001);
  assert.is(q.onDequeue(1, 2001), 2);
  // The longest pause (2^30 ns) is accepted; one more is not.
  assert.is(q.onPause(1, 0, FIFO_DATA, 2 ** 30), 0);
  assert.is(q.onPause(1, 0, FIFO_DATA, 2 ** 30 + 1), E_ARG);
});

test("both FIFOs paused with one packet each: paused (not empty), resuming at the earlier end", () => {
  const q = table({ profile: "uec", ecnAt: "off" });
  q.onEnqueue(1, 0, 1, 1000, TAG_OTHER);
  q.onEnqueue(1, 0, 2, 64, TAG_HEADER);
  q.onPause(1, 0, FIFO_DATA, 500);
  q.onPause(1, 0, FIFO_CONTROL, 300);
  assert.is(q.onDequeue(1, 100), QUEUE_PAUSED);
  assert.is(q.out[OUT.resumeNs], 300);
  assert.is(q.onDequeue(1, 300), 2);
});

test("a pause that ended 2^31 ns or more before the next dequeue (an idle port) has ended", () => {
  // 802.1Qbb: a PAUSE stops a priority for its duration only. lib/core/ticks.ts: a deadline set
  // at most L = 2^30 ns ahead (the longest pause) has come once it reads as more than L ahead,
  // correct until 2^32 − 2^30 ns after it. Control paused at 0 for 100 ns ends at tick 100; data
  // paused at 0 for 2^30 ns ends at tick 2^30. The port then idles.
  const q = table({ profile: "uec", ecnAt: "off" });
  assert.is(q.onPause(1, 0, FIFO_CONTROL, 100), 0);
  assert.is(q.onPause(1, 0, FIFO_DATA, 2 ** 30), 0);
  // At 100 + 2^31 (the int32 tick −2^31 + 100) the control pause ended 2^31 ns ago: the header
  // goes at once. Read signed, (now − 100) | 0 = −2^31 < 0 would keep it paused for 2.1 s more.
  const now = (100 + 2 ** 31) | 0;
  q.onEnqueue(1, now, 7, 64, TAG_HEADER);
  assert.is(q.onDequeue(1, now), 7);
  // The data pause ended at 2^30, 2^31 − 2^30 + 100 ns before now: a data packet goes at once.
  q.onEnqueue(1, now, 8, 1000, TAG_OTHER);
  assert.is(q.onDequeue(1, now), 8);
  // The longest pause still holds at its last tick and ends at the next: from now, the end
  // reads 2^30 ahead at `now` (paused) and 0 ahead at now + 2^30 (ended).
  q.onEnqueue(1, now, 9, 1000, TAG_OTHER);
  assert.is(q.onPause(1, now, FIFO_DATA, 2 ** 30), 0);
  assert.is(q.onDequeue(1, now), QUEUE_PAUSED);
  assert.is(q.out[OUT.resumeNs], (now + 2 ** 30) | 0);
  assert.is(q.onDequeue(1, (now + 2 ** 30 - 1) | 0), QUEUE_PAUSED);
  assert.is(q.onDequeue(1, (now + 2 ** 30) | 0), 9);
});

// ---------------------------------------------------------------------------------------------
// Evict, readers, limits

test("evict works at any time and reports no CE even after a marked departure", () => {
  const q = table({ profile: "uec", dataLimitBytes: 100_000, kMinBytes: 0, kMaxBytes: 0, trimming: "off" });
  for (let h = 1; h <= 3; h++) q.onEnqueue(1, 0, h, 1000, TAG_DATA);
  q.onDequeue(1, 4000);
  assert.is(q.out[OUT.ecn], 1); // left 2000 > kMax
  assert.is(q.evict(1, 5000), 2);
  assert.is(q.out[OUT.ecn], 0);
  assert.is(q.out[OUT.bytes], 1000);
  assert.is(q.packetsDropped(1), 1);
});

test("evict takes no draw: the dequeue after it judges with the port's first word", () => {
  // kMin 0, kMax 2000, pMax 1: a departure leaving 1000 B marks with p = 1/2, when the word's top
  // bit is 0. A seed whose first two words disagree there tells which one the dequeue used.
  let seed = 1;
  while (drawWord(seed, 1, 1) >>> 31 === drawWord(seed, 1, 2) >>> 31) seed++;
  const q = table({ profile: "uec", dataLimitBytes: 100_000, kMinBytes: 0, kMaxBytes: 2000, pMax: 1, trimming: "off", seed });
  for (let h = 1; h <= 3; h++) q.onEnqueue(1, 0, h, 1000, TAG_DATA);
  assert.is(q.evict(1, 0), 1);
  assert.is(q.onDequeue(1, 0), 2);
  assert.is(q.out[OUT.ecn], drawWord(seed, 1, 1) >>> 31 === 0 ? 1 : 0);
});

test("packetsOut = in − queued (data and control) − dropped, with packets queued", () => {
  const q = table({ profile: "uec", dataLimitPackets: 3, trimming: "off", ecnAt: "off" });
  for (let h = 1; h <= 4; h++) q.onEnqueue(1, 0, h, 1000, TAG_DATA); // the fourth is dropped
  q.onEnqueue(1, 0, 10, 64, TAG_HEADER);
  q.onEnqueue(1, 0, 11, 64, TAG_HEADER);
  assert.is(q.onDequeue(1, 0), 10); // strict: control first
  assert.is(q.packetsIn(1), 6);
  assert.is(q.dataPackets(1), 3);
  assert.is(q.controlPackets(1), 1);
  assert.is(q.packetsDropped(1), 1);
  assert.is(q.packetsOut(1), 1);
});

test("peek walks either FIFO of any port; -1 past the end and for a closed port", () => {
  const q = table({ profile: "uec", ecnAt: "off" });
  q.onEnqueue(1, 0, 7, 64, TAG_HEADER);
  q.onEnqueue(1, 0, 8, 64, TAG_HEADER);
  q.onEnqueue(1, 0, 9, 1000, TAG_DATA);
  assert.equal([q.peek(1, FIFO_CONTROL, 0), q.peek(1, FIFO_CONTROL, 1), q.peek(1, FIFO_CONTROL, 2)], [7, 8, -1]);
  assert.is(q.peek(1, FIFO_DATA, 0), 9);
  q.close(1);
  assert.is(q.peek(1, FIFO_DATA, 0), -1);
});

test("closing a port frees handle 0 too", () => {
  const q = table({ profile: "uec", ecnAt: "off" });
  q.onEnqueue(0, 0, 0, 1000, TAG_DATA);
  q.onEnqueue(0, 0, 1, 1000, TAG_DATA);
  q.close(0);
  assert.is(q.onEnqueue(1, 0, 0, 1000, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(1, 0, 1, 1000, TAG_DATA), QUEUE_DATA);
});

test("an emptied FIFO keeps no handle: peek sees none, and re-opening or closing its port frees nothing another port holds", () => {
  // Head, Tail and Prev are not cleared when a FIFO empties (the packet count says). A walk that
  // followed the stale head would free whichever handle it names: port 1 holds every handle
  // there is, so any such handle would then be taken again by port 2.
  for (const fifoTag of [TAG_DATA, TAG_HEADER]) {
    const q = new PortQueues({ profile: "uec", ecnAt: "off", handleCapacity: 8 }, 3);
    for (let p = 0; p < 3; p++) q.open(p, false);
    assert.ok(q.onEnqueue(0, 0, 5, 64, fifoTag) > 0);
    assert.ok(q.onEnqueue(0, 0, 6, 64, fifoTag) > 0);
    assert.equal([q.onDequeue(0, 0), q.onDequeue(0, 0)], [5, 6]);
    for (let h = 0; h < 8; h++) assert.ok(q.onEnqueue(1, 0, h, 64, h & 1 ? TAG_HEADER : TAG_DATA) > 0);
    assert.equal([q.peek(0, FIFO_DATA, 0), q.peek(0, FIFO_CONTROL, 0), q.peek(1, FIFO_DATA, -1), q.peek(1, FIFO_DATA, 4)], [-1, -1, -1, -1]);
    // Past the tail (whose next handle is not kept) by a fraction too.
    assert.equal([q.peek(1, FIFO_DATA, 3), q.peek(1, FIFO_DATA, 3.5), q.peek(1, FIFO_DATA, 0.5)], [6, -1, -1]);
    q.open(0, false);
    q.close(0);
    for (let h = 0; h < 8; h++) assert.is(q.onEnqueue(2, 0, h, 64, TAG_DATA), E_STATE, `handle ${h} is still queued on port 1`);
  }
  // A FIFO emptied and filled again starts from its new head, and the newest of its one packet,
  // trimmed (the port's first draw says newest), leaves the arrival at its head, whatever Prev
  // the emptied FIFO left behind.
  const t = newestFirst({ dataLimitBytes: 2000 });
  for (const h of [1, 4]) assert.is(t.onEnqueue(1, 0, h, 1000, TAG_DATA), QUEUE_DATA);
  assert.equal([t.onDequeue(1, 0), t.onDequeue(1, 0), t.dataPackets(1)], [1, 4, 0]);
  assert.is(t.onEnqueue(1, 0, 2, 1500, TAG_DATA), QUEUE_DATA);
  // 1500 + 1000 > 2000: over; the newest (2) leaves and 1000 fits.
  assert.is(t.onEnqueue(1, 0, 3, 1000, TAG_DATA), QUEUE_DATA | QUEUE_TRIMMED_QUEUED);
  assert.equal([order(t, 1, FIFO_DATA), order(t, 1, FIFO_CONTROL), t.out[OUT.otherHandle]], [[3], [2], 2]);
  assert.is(t.accountingGap(1), 0);
});

test("per-port limits: 1 is the smallest limit and 2^30 B the largest; ecnProbability takes any int32 queue", () => {
  const q = table({ profile: "uec", ecnAt: "off", trimming: "off" });
  assert.is(q.setPortLimits(1, 1, 1, 1, 1, 0, 0), 0);
  assert.is(q.onEnqueue(1, 0, 1, 1, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(1, 0, 2, 1, TAG_DATA), QUEUE_DROPPED);
  assert.is(q.setPortLimits(1, 2 ** 30, 0x7fffffff, 2 ** 30, 0x7fffffff, 2 ** 30, 2 ** 30), 0);
  assert.throws(() => q.setPortLimits(1, 2 ** 30 + 1, 1, 1, 1, 0, 0), RangeError);
  assert.is(q.ecnProbability(1, 2 ** 31 - 1), 65536); // above kMax = 2^30
  assert.is(q.ecnProbability(1, 2 ** 31), E_ARG);
});

test("the default capacity is one port", () => {
  const q = new PortQueues();
  q.open(0, false);
  assert.throws(() => q.open(1, false), RangeError);
});

// README "Choices the sources leave open": headers and ACKs are never ECN-marked in a queue (also
// notes/uec-htsim-reference.md §7, notes/baselines.md §8.1), even where they share the data FIFO;
// only a trim itself sets CE on the header it makes, under markTrimmed (the dcp profile's default).

test("droptail, ECN at dequeue: an ACK or a trimmed header leaving a queue above kMax is not CE-marked", () => {
  for (const tag of [TAG_ACK, TAG_HEADER]) {
    const q = new PortQueues({ profile: "droptail", kMinBytes: 0, kMaxBytes: 0, handleCapacity: 64 }, 1);
    q.open(0, false);
    for (let h = 0; h < 3; h++) q.onEnqueue(0, 0, h, 64, tag);
    assert.is(q.onDequeue(0, 0), 0);
    // 128 B left > kMax = 0 would mark a data packet always.
    assert.is(q.out[OUT.ecn], 0, `tag ${tag} was CE-marked at dequeue`);
    assert.is(q.marks(0), 0);
  }
});

test("dcp with ECN on (enqueue): an ACK in the data FIFO is not marked", () => {
  const q = new PortQueues({ profile: "dcp", ecnAt: "enqueue", kMinBytes: 0, kMaxBytes: 0, handleCapacity: 64 }, 1);
  q.open(0, false);
  q.onEnqueue(0, 0, 0, 64, TAG_ACK);
  const v = q.onEnqueue(0, 0, 1, 64, TAG_ACK); // finds 64 B > kMax = 0
  assert.is(v & QUEUE_MARKED, 0, "ACK was CE-marked at enqueue");
});

test("droptail, ECN at dequeue: data and non-DCP packets above kMax are still marked", () => {
  const q = new PortQueues({ profile: "droptail", kMinBytes: 0, kMaxBytes: 0, handleCapacity: 64 }, 1);
  q.open(0, false);
  for (let h = 0; h < 4; h++) q.onEnqueue(0, 0, h, 64, h < 2 ? TAG_DATA : TAG_OTHER);
  for (let h = 0; h < 3; h++) {
    assert.is(q.onDequeue(0, 0), h);
    assert.is(q.out[OUT.ecn], 1, `packet ${h}: bytes left > kMax = 0 mark always`);
  }
});

// ---------------------------------------------------------------------------------------------
// Twenty-seventh pass (2026-12-07): survivors of the whole-file run

test("evict judges no packet for RED: a non-DCP packet (tag 0) evicted above kMax leaves with ecn 0 and counts no mark", () => {
  // README "The `out` record": evict writes ecn = 0; RED judges departures that onDequeue sends
  // (Integer rules). kMin = kMax = 0: a tag-0 packet *sent* leaving 2000 B would be marked always.
  const q = table({ profile: "uec", dataLimitBytes: 100_000, kMinBytes: 0, kMaxBytes: 0, trimming: "off" });
  for (let h = 1; h <= 3; h++) q.onEnqueue(1, 0, h, 1000, TAG_OTHER);
  q.out[OUT.ecn] = 7;
  assert.is(q.evict(1, 0), 1);
  assert.is(q.out[OUT.ecn], 0);
  assert.is(q.marks(1), 0);
  // The departure after it leaves 1000 B > kMax: marked, as a sent tag-0 packet is.
  assert.is(q.onDequeue(1, 0), 2);
  assert.is(q.out[OUT.ecn], 1);
  assert.is(q.marks(1), 1);
});

test("DWRR: a data FIFO that empties holds deficit 0, so a 1 B head then waits for the turn to come round", () => {
  // README Integer rules (Shreedhar & Varghese): a port opens with the turn at data and both
  // deficits 0; an emptied FIFO's deficit is zeroed. Data sends a 1 B packet alone and empties:
  // deficit 0. Then both compete with the turn at data: 0 < 1 B head, so the turn passes and
  // control is served first (a deficit of 1 B left over would have sent the 1 B data packet).
  const q = table({ profile: "dcp", dataLimitBytes: 1_000_000 });
  assert.is(q.onEnqueue(1, 0, 1, 1, TAG_OTHER), QUEUE_DATA);
  assert.is(q.onDequeue(1, 0), 1);
  assert.is(q.dataPackets(1), 0);
  assert.is(q.onEnqueue(1, 0, 2, 1, TAG_OTHER), QUEUE_DATA);
  assert.is(q.onEnqueue(1, 0, 3, 57, TAG_HEADER), QUEUE_CONTROL);
  assert.is(q.onDequeue(1, 0), 3);
  assert.is(q.out[OUT.queue], FIFO_CONTROL);
  assert.is(q.onDequeue(1, 0), 2);
});

/** fmix32's inverse: each step of MurmurHash3's finaliser undone in reverse order. */
function unmix32(x: number): number {
  const inv = (m: number) => {
    let y = m; // m·m ≡ 1 mod 8 for odd m; each Newton step doubles the correct low bits
    for (let i = 0; i < 5; i++) y = Math.imul(y, 2 - Math.imul(m, y));
    return y;
  };
  let h = x ^ (x >>> 16);
  h = Math.imul(h, inv(0xc2b2ae35));
  h = h ^ (h >>> 13) ^ (h >>> 26);
  h = Math.imul(h, inv(0x85ebca6b));
  return h ^ (h >>> 16);
}

test("the ½ choice at a draw of exactly 0: top bit 0, so the arrival is trimmed", () => {
  // README Integer rules: the choice is the top bit of one draw (1: the newest). The port's
  // first word is fmix32(state + 0x9e3779b9), state = hash3(seed, port, 0); fmix32(0) = 0, so a
  // seed whose port-1 state is −0x9e3779b9 draws the word 0 first. hash3 inverted step by step:
  // hash3(a, 1, 0) = fmix32(fmix32(fmix32(a ⊕ W) ⊕ 1) ⊕ 0).
  const W = 0x9e3779b9 | 0;
  const seed = unmix32(unmix32(unmix32(-W | 0) ^ 0) ^ 1) ^ W;
  assert.is(hash3(seed, 1, 0), -W | 0);
  assert.is(drawWord(seed, 1, 1), 0);
  const q = table({ profile: "uec-htsim", ecnAt: "off", dataLimitBytes: 2000, seed });
  q.onEnqueue(1, 0, 1, 1000, TAG_DATA);
  q.onEnqueue(1, 0, 2, 1000, TAG_DATA);
  // 2000 + 1000 > 2000: over; word 0 is not negative: the arrival is trimmed, the newest stays.
  assert.is(q.onEnqueue(1, 0, 3, 1000, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED);
  assert.equal(order(q, 1, FIFO_DATA), [1, 2]);
  assert.equal(order(q, 1, FIFO_CONTROL), [3]);
});

// ---------------------------------------------------------------------------------------------
// Per-port rows on ports 1 and 2: on port 0, slot << k and slot >> k are the same row (0).

test("close forgets its own port's handles, both FIFOs: they may be enqueued again, port 0's stay queued", () => {
  // README Handler arguments: a handle leaves the table when it is "forgotten by close", and
  // "the caller may then enqueue it again"; a handle still queued on any port is E_STATE.
  const q = table({ profile: "uec-htsim", ecnAt: "off" }, 3);
  assert.is(q.onEnqueue(0, 0, 1, 1000, TAG_DATA), QUEUE_DATA);
  assert.is(q.onEnqueue(0, 0, 2, 64, TAG_ACK), QUEUE_CONTROL); // uec-htsim: ACKs to the control FIFO
  for (const port of [1, 2]) {
    assert.is(q.onEnqueue(port, 0, 10 * port, 1000, TAG_DATA), QUEUE_DATA);
    assert.is(q.onEnqueue(port, 0, 10 * port + 1, 64, TAG_ACK), QUEUE_CONTROL);
    assert.is(q.close(port), 0);
    q.open(port, false);
    assert.is(q.onEnqueue(port, 0, 10 * port, 1000, TAG_DATA), QUEUE_DATA, `port ${port} data handle freed`);
    assert.is(q.onEnqueue(port, 0, 10 * port + 1, 64, TAG_ACK), QUEUE_CONTROL, `port ${port} control handle freed`);
  }
  // Port 0 was never closed: its two handles are still queued there.
  assert.is(q.onEnqueue(1, 0, 1, 1000, TAG_DATA), E_STATE);
  assert.is(q.onEnqueue(1, 0, 2, 64, TAG_ACK), E_STATE);
  assert.equal(order(q, 0, FIFO_DATA), [1]);
  assert.equal(order(q, 0, FIFO_CONTROL), [2]);
});

test("pauseFrames counts each port's own PFC frames (XON included)", () => {
  // README Handler arguments / pauseFrames: frames onPause accepted since the port opened, for
  // either FIFO, XON (duration 0) included. Port 1: 2 frames, port 2: 1, port 0: none.
  const q = table({ profile: "uec-htsim" }, 3);
  assert.is(q.onPause(1, 0, FIFO_DATA, 1000), 0);
  assert.is(q.onPause(1, 10, FIFO_CONTROL, 0), 0);
  assert.is(q.onPause(2, 0, FIFO_CONTROL, 500), 0);
  assert.equal([q.pauseFrames(0), q.pauseFrames(1), q.pauseFrames(2)], [0, 2, 1]);
});

test("markTrimmed: the CE on a trimmed header counts in its own port's marks", () => {
  // README `markTrimmed` (dcp default): the trimmed arrival is QUEUE_MARKED and "counted in
  // marks". Data packet limit 1: the second tag-10 arrival is over (n = 1 ≥ 1) and trimmed to
  // min(1000, 57) = 57 B in the control FIFO: verdict CONTROL | TRIMMED | MARKED = 2 | 4 | 16 = 22.
  const q = table({ profile: "dcp", dataLimitPackets: 1 }, 3);
  for (const port of [1, 2]) {
    assert.is(q.onEnqueue(port, 0, 10 * port, 1000, TAG_DATA), QUEUE_DATA);
    assert.is(q.onEnqueue(port, 0, 10 * port + 1, 1000, TAG_DATA), QUEUE_CONTROL | QUEUE_TRIMMED | QUEUE_MARKED);
    assert.is(q.out[OUT.bytes], 57);
  }
  // One trim on each of ports 1 and 2, none on port 0 (dcp: ECN off, so no RED marks either).
  assert.equal([q.marks(0), q.marks(1), q.marks(2)], [0, 1, 1]);
});

test("WRR: each port keeps its own position in the round", () => {
  // README Integer rules, WRR: c ← (c + 1) mod (wc + wd), control when c < wc, from c = 0, advanced
  // only when both FIFOs are backlogged. wc : wd = 3 : 1: c = 1, 2, 3, 0, 1, 2, 3, 0 gives
  // C C D C C C D C for each port, whatever the other ports do in between.
  const q = table({ profile: "uec", bdpBytes: 1_000_000, ecnAt: "off", scheduler: "wrr", wrrControlPackets: 3, wrrDataPackets: 1 }, 3);
  for (const port of [0, 1, 2]) {
    for (let i = 0; i < 8; i++) {
      q.onEnqueue(port, 0, 100 * port + i, 1000, TAG_DATA);
      q.onEnqueue(port, 0, 100 * port + 50 + i, 64, TAG_ACK); // uec: ACKs to the control FIFO
    }
  }
  const served: Record<number, string> = { 0: "", 1: "", 2: "" };
  for (let i = 0; i < 8; i++) {
    for (const port of [0, 1, 2]) {
      assert.ok(q.onDequeue(port, 0) >= 0);
      served[port] += q.out[OUT.queue] === FIFO_CONTROL ? "C" : "D";
    }
  }
  assert.equal(served, { 0: "CCDCCCDC", 1: "CCDCCCDC", 2: "CCDCCCDC" });
});

test.run();
