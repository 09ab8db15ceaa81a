import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { ECN, GOOD, NACK, TIMEOUT } from "../feedback";
import { SpritzPaths } from "./paths";
import {
  SPRITZ_BIASED,
  SPRITZ_BLOCKED,
  SPRITZ_CACHED,
  SPRITZ_REMOVED,
  SPRITZ_RESTORED,
  type SpritzBase,
  SpritzScout,
  SpritzSpray,
} from "./spritz";
import { EndpointTable } from "./table";
import { FAR, SMALL, evs } from "./test-support";
import { Dragonfly } from "./topology";


/** Path latency of each latency class of the small Dragonfly (Table I), in ns. */
const TABLE_I_NS = [108.2, 216.4, 583.2, 691.4, 799.6, 1166.4, 1274.6, 1382.8, 1491.0];

/** Eq. (1) × wScale 3 in Q8, computed here: the longest path weighs 256, a shorter one round(3 × longest / latency × 256). */
function q8Weight(latencyNs: number, longestNs: number): number {
  return Math.round((latencyNs >= longestNs ? 1 : (3 * longestNs) / latencyNs) * 256);
}


test("eq. (1): 1491.0 / 799.6 ≈ 1.86, the longest path weighs 1; §V-A scales the shorter ones by wScale", () => {
  const p1 = new SpritzPaths({ topology: "dragonfly", p: 4, a: 8, h: 4, wScale: 1 });
  assert.is(p1.weightQ16(799.6, 1491.0), Math.round((1491.0 / 799.6) * 65536));
  assert.ok(Math.abs(p1.weightQ16(799.6, 1491.0) / 65536 - 1.86) < 0.005);
  assert.is(p1.weightQ16(1491.0, 1491.0), 65536);
  const p3 = new SpritzPaths({ topology: "dragonfly", p: 4, a: 8, h: 4, wScale: 3 });
  assert.is(p3.weightQ16(799.6, 1491.0), Math.round(((3 * 1491.0) / 799.6) * 65536));
  assert.is(p3.weightQ16(1491.0, 1491.0), 65536);
});

test("open loads the destination's list; per-flow weights follow eq. (1) × wScale by latency class", () => {
  const t = new SpritzScout({ ...SMALL, wScale: 3 }, 4);
  t.open(0, FAR);
  assert.is(t.pathCount(0), 8);
  // Latency of each path from its class, and the expected Q8 sum computed here from Table I.
  let longest = 0;
  for (const ev of evs(t, 0)) longest = Math.max(longest, TABLE_I_NS[t.pathClass(0, ev)]);
  let total = 0;
  for (const ev of evs(t, 0)) total += q8Weight(TABLE_I_NS[t.pathClass(0, ev)], longest);
  assert.is(t.totalWeightQ8(0), total);
  // Sorted by latency.
  const classes = evs(t, 0).map((ev) => t.pathClass(0, ev));
  assert.equal(classes, [...classes].sort((a, b) => a - b));
  assert.throws(() => t.open(1, 36), RangeError);
  assert.throws(() => t.open(4, 1), RangeError);
});

test("weighted gen(w) draws each path with probability w_i / Σ w", () => {
  const t = new SpritzSpray({ ...SMALL, wScale: 3, exploreThreshold: 0 }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  const counts = new Map<number, number>();
  const N = 200_000;
  for (let i = 0; i < N; i++) {
    const ev = t.choosePath(0, i, i);
    counts.set(ev, (counts.get(ev) ?? 0) + 1);
  }
  const lat = (c: number) => [108.2, 216.4, 583.2, 691.4, 799.6, 1166.4, 1274.6, 1382.8, 1491.0][c];
  const longest = Math.max(...list.map((ev) => lat(t.pathClass(0, ev))));
  const w = list.map((ev) => {
    const l = lat(t.pathClass(0, ev));
    return l >= longest ? 1 : (3 * longest) / l;
  });
  const sum = w.reduce((a, b) => a + b, 0);
  list.forEach((ev, i) => {
    const expected = (N * w[i]) / sum;
    const got = counts.get(ev) ?? 0;
    assert.ok(Math.abs(got - expected) < 5 * Math.sqrt(expected), `EV ${ev}: ${got} vs ${expected.toFixed(0)}`);
  });
});

test("uniform gen: every path equally likely", () => {
  const t = new SpritzSpray({ ...SMALL, weighted: false, exploreThreshold: 0 }, 1);
  t.open(0, FAR);
  const counts = new Map<number, number>();
  for (let i = 0; i < 80_000; i++) {
    const ev = t.choosePath(0, i, i);
    counts.set(ev, (counts.get(ev) ?? 0) + 1);
  }
  assert.is(counts.size, 8);
  for (const c of counts.values()) assert.ok(Math.abs(c - 10_000) < 500);
});

test("Scout (Alg. 2): GOOD inserts in latency order without duplicates, at most 8; the front is reused", () => {
  const t = new SpritzScout({ ...SMALL, exploreThreshold: 1000 }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  // Insert from the longest path down: the buffer must come out in latency (list) order.
  for (let i = list.length - 1; i >= 0; i--) assert.is(t.onPathFeedback(0, 10, list[i], GOOD), SPRITZ_CACHED);
  assert.is(t.bufferSize(0), 8);
  for (let i = 0; i < 8; i++) assert.is(t.buffered(0, i), list[i]);
  assert.is(t.onPathFeedback(0, 11, list[3], GOOD), 0, "full");
  for (let k = 0; k < 20; k++) assert.is(t.choosePath(0, 20 + k, k), list[0], "Scout keeps the front");
  const u = new SpritzScout({ ...SMALL, exploreThreshold: 1000 }, 1);
  u.open(0, FAR);
  u.onPathFeedback(0, 1, list[5], GOOD);
  assert.is(u.onPathFeedback(0, 2, list[5], GOOD), 0, "no duplicates");
  assert.is(u.bufferSize(0), 1);
});

test("Scout: ECN marks count per path and remove it after more than ecnThreshold; NACK removes and resets", () => {
  const t = new SpritzScout({ ...SMALL, ecnThreshold: 3, minBiasFactor: 0 }, 1);
  t.open(0, FAR);
  const [a, b] = evs(t, 0);
  t.onPathFeedback(0, 1, a, GOOD);
  t.onPathFeedback(0, 1, b, GOOD);
  for (let k = 1; k <= 3; k++) {
    assert.is(t.onPathFeedback(0, 2, a, ECN), 0);
    assert.is(t.ecnCount(0, a), k);
  }
  assert.is(t.onPathFeedback(0, 3, a, ECN), SPRITZ_REMOVED, "the 4th mark exceeds 3");
  assert.is(t.ecnCount(0, a), 0);
  assert.is(t.bufferSize(0), 1);
  t.onPathFeedback(0, 4, b, ECN);
  assert.is(t.onPathFeedback(0, 5, b, NACK), SPRITZ_REMOVED);
  assert.is(t.ecnCount(0, b), 0);
  assert.is(t.bufferSize(0), 0);
});

test("Spray (Alg. 3): each cached EV is used once, duplicates allowed, ECN and NACK ignored", () => {
  const t = new SpritzSpray({ ...SMALL, exploreThreshold: 1000, minBiasFactor: 0 }, 1);
  t.open(0, FAR);
  const [a, b] = evs(t, 0);
  assert.is(t.onPathFeedback(0, 1, a, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 1, b, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 1, a, GOOD), SPRITZ_CACHED);
  assert.is(t.onPathFeedback(0, 2, a, ECN), 0);
  assert.is(t.onPathFeedback(0, 2, b, NACK), 0);
  assert.is(t.ecnCount(0, a), 0);
  assert.equal([t.choosePath(0, 3, 0), t.choosePath(0, 3, 1), t.choosePath(0, 3, 2)], [a, b, a]);
  assert.is(t.bufferSize(0), 0);
  for (let i = 0; i < 8; i++) t.onPathFeedback(0, 4, a, GOOD);
  assert.is(t.onPathFeedback(0, 4, a, GOOD), 0, "full at 8");
});

test("Alg. 1: with a full buffer, exactly one packet in exploreThreshold + 2 is a fresh sample", () => {
  // Scout with the buffer fixed to one EV: any other EV returned is a sample.
  const t = new SpritzScout({ ...SMALL, exploreThreshold: 5, weighted: false }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  t.onPathFeedback(0, 1, list[7], GOOD);
  const fromBuffer: boolean[] = [];
  for (let k = 0; k < 21; k++) {
    const countBefore = t.packetCount(0);
    const ev = t.choosePath(0, k, k);
    fromBuffer.push(countBefore <= 5 && ev === list[7]);
  }
  // packet_count goes 0 → 6 over six buffered sends; the 7th call sees 6 > 5 and samples.
  for (let k = 0; k < 21; k++) if ((k + 1) % 7 !== 0) assert.ok(fromBuffer[k], `packet ${k}`);
});

test("TIMEOUT blocks a path (w = 0) until the global timer; Scout also drops it from the buffer", () => {
  for (const Cls of [SpritzScout, SpritzSpray]) {
    const t = new Cls({ ...SMALL, exploreThreshold: 0, restoreIntervalNs: 1000 }, 2);
    t.open(0, FAR);
    t.open(1, FAR);
    const list = evs(t, 0);
    const failed = list[0];
    t.onPathFeedback(0, 100, failed, GOOD);
    const r = t.onPathFeedback(0, 200, failed, TIMEOUT);
    assert.ok((r & SPRITZ_BLOCKED) !== 0);
    assert.ok(t.isBlocked(0, failed) && t.isBlocked(1, failed), "blocks are shared per destination");
    if (Cls === SpritzScout) assert.is(t.bufferSize(0), 0);
    for (let k = 0; k < 5000; k++) assert.is.not(t.choosePath(1, 300 + (k % 700), k), failed);
    // The timer fires 1000 ns after the first block.
    assert.is(t.onPathFeedback(1, 1199, list[1], GOOD) & SPRITZ_RESTORED, 0);
    assert.ok((t.onPathFeedback(1, 1200, list[2], GOOD) & SPRITZ_RESTORED) !== 0);
    assert.not.ok(t.isBlocked(0, failed));
  }
});

test("with every path blocked, sampling still answers (the last draw)", () => {
  const t = new SpritzSpray({ ...SMALL, exploreThreshold: 0 }, 1);
  t.open(0, FAR);
  for (const ev of evs(t, 0)) t.onPathFeedback(0, 1, ev, TIMEOUT);
  assert.is(t.blockedPaths, 8);
  const ev = t.choosePath(0, 2, 0);
  assert.ok(evs(t, 0).indexOf(ev) >= 0);
});

test("a full block list lifts the oldest block early and counts it", () => {
  const t = new SpritzSpray({ ...SMALL, maxBlocked: 2 }, 1);
  t.open(0, FAR);
  const [a, b, c] = evs(t, 0);
  t.onPathFeedback(0, 1, a, TIMEOUT);
  t.onPathFeedback(0, 1, b, TIMEOUT);
  t.onPathFeedback(0, 1, c, TIMEOUT);
  assert.not.ok(t.isBlocked(0, a));
  assert.ok(t.isBlocked(0, b) && t.isBlocked(0, c));
  assert.is(t.evictedBlocks, 1);
});

test("ECN rate above 90 % biases toward the shortest path: P(entry 0) = minBias / (minBias + Σw − w0)", () => {
  const t = new SpritzSpray({ ...SMALL, exploreThreshold: 0, weighted: false, minBiasFactor: 7, ecnRateGain: 1 / 4 }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  let biased = 0;
  for (let k = 0; k < 40; k++) biased |= t.onPathFeedback(0, 10 + k, list[3], ECN);
  assert.ok((biased & SPRITZ_BIASED) !== 0);
  assert.ok(t.biased(0));
  assert.ok(t.ecnRateQ16(0) > 0.9 * 65536);
  let zero = 0;
  const N = 100_000;
  for (let k = 0; k < N; k++) if (t.choosePath(0, 100, k) === list[0]) zero++;
  // Uniform weights 1 (8 paths), w[0] ← 7: P = 7 / (7 + 7) = 0.5.
  assert.ok(Math.abs(zero / N - 0.5) < 0.01, `${zero / N}`);
});

test("biased with eq. (1) weights: w0 is the weight of entry 0's own latency class", () => {
  const t = new SpritzSpray({ ...SMALL, exploreThreshold: 0, wScale: 3, minBiasFactor: 7, ecnRateGain: 1 / 4 }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  for (let k = 0; k < 40; k++) t.onPathFeedback(0, 10 + k, list[3], ECN);
  assert.ok(t.biased(0));
  // Q8 weights from Table I's class latencies, as in the open test; minBias = 7 × 256.
  const latencies = list.map((ev) => TABLE_I_NS[t.pathClass(0, ev)]);
  const longest = Math.max(...latencies);
  const total = latencies.reduce((a, l) => a + q8Weight(l, longest), 0);
  assert.ok(t.pathClass(0, list[0]) > 0, "entry 0 is not in the first latency class");
  const p0 = (7 * 256) / (7 * 256 + total - q8Weight(latencies[0], longest));
  let zero = 0;
  const N = 100_000;
  for (let k = 0; k < N; k++) if (t.choosePath(0, 100, k) === list[0]) zero++;
  assert.ok(Math.abs(zero / N - p0) < 0.01, `${zero / N} against ${p0}`);
});

test("bad input: unknown kind, EV not in the table, closed slot, NaN → error code, counter, state unchanged", () => {
  for (const Cls of [SpritzScout, SpritzSpray]) {
    const t = new Cls({ ...SMALL }, 2);
    t.open(0, FAR);
    const list = evs(t, 0);
    t.onPathFeedback(0, 1, list[2], GOOD);
    const before = JSON.stringify(t.inspect(0));
    const meta = Array.from(t.table.meta);
    const cases: [number, number, number, number, number][] = [
      // [slot, now, ev, kind, expected]
      [0, 5, list[0], 4, E_ARG],
      [0, 5, list[0], -1, E_ARG],
      [0, 5, list[0], 1.5, E_ARG],
      [0, 5, list[0], NaN, E_ARG],
      [0, NaN, list[0], GOOD, E_ARG],
      [0, 5, NaN, GOOD, E_ARG],
      [0, 5, 70000, GOOD, E_ARG],
      [0, 5, 0xff00, GOOD, E_STATE], // EV1 outside the ECMP 1 table
      [0, 5, (0 << 8) | 7, GOOD, E_STATE], // EV2 outside the ECMP 2 table
      [0, 5, (0 << 8) | 2, GOOD, E_STATE], // EV2 = h = 2, one past the ECMP 2 table (EV2 1 is a path)
      [0, 5, (3 << 8) | 1, GOOD, E_STATE], // a global first hop takes only EV2 = 0
      [1, 5, list[0], GOOD, E_SLOT],
      [7, 5, list[0], GOOD, E_SLOT],
      [-1, 5, list[0], GOOD, E_SLOT],
    ];
    let errors = t.errors;
    for (const [slot, now, ev, kind, want] of cases) {
      assert.is(t.onPathFeedback(slot, now, ev, kind), want, `${slot} ${now} ${ev} ${kind}`);
      assert.is(t.errors, ++errors);
    }
    assert.is(t.choosePath(0, NaN, 0), E_ARG);
    assert.is(t.choosePath(0, 0, Infinity), E_ARG);
    assert.is(t.choosePath(1, 0, 0), E_SLOT);
    assert.is(t.errors, errors + 3);
    assert.is(JSON.stringify(t.inspect(0)), before);
    assert.equal(Array.from(t.table.meta), meta);
  }
});

test("a destination on the source switch has no list: EV 0, feedback on EV 0 accepted", () => {
  const t = new SpritzScout({ ...SMALL }, 1);
  t.open(0, 0);
  assert.is(t.pathCount(0), 0);
  assert.is(t.choosePath(0, 1, 0), 0);
  assert.is(t.onPathFeedback(0, 2, 0, GOOD), 0);
  assert.is(t.onPathFeedback(0, 2, 1, GOOD), E_STATE);
});

/**
 * The tiny seeded model: one flow to FAR over its 8 paths with W packets in flight; a packet on a
 * working path is acknowledged (GOOD) after the RTT, one on the failed path times out after the RTO.
 */
function runModel(lb: SpritzBase, failedEv: number, seed: number): { beforeTimeout: number; afterTimeout: number; sent: number } {
  const rng = new Xoshiro128(seed);
  const RTT = 2000;
  const RTO = 20_000;
  const W = 16;
  const events: { t: number; ev: number; kind: number }[] = [];
  let now = 0;
  let firstTimeout = -1;
  let beforeTimeout = 0;
  let afterTimeout = 0;
  let sent = 0;
  let psn = 0;
  const send = () => {
    const ev = lb.choosePath(0, now, psn++);
    sent++;
    if (ev === failedEv) {
      if (firstTimeout < 0) beforeTimeout++;
      else afterTimeout++;
      events.push({ t: now + RTO, ev, kind: TIMEOUT });
    } else {
      events.push({ t: now + RTT + rng.nextBelow(200), ev, kind: GOOD });
    }
  };
  for (let i = 0; i < W; i++) send();
  while (now < 400_000) {
    events.sort((a, b) => a.t - b.t);
    const e = events.shift() as { t: number; ev: number; kind: number };
    now = e.t;
    lb.onPathFeedback(0, now, e.ev, e.kind);
    if (e.kind === TIMEOUT && firstTimeout < 0) firstTimeout = now;
    send();
  }
  return { beforeTimeout, afterTimeout, sent };
}

test("Scout and Spray stop using a path after its timeout (8 paths, one dropping everything)", () => {
  for (const Cls of [SpritzScout, SpritzSpray]) {
    for (const seed of [1, 2, 3]) {
      const lb = new Cls({ ...SMALL, seed, weighted: false, exploreThreshold: 10 }, 1);
      lb.open(0, FAR);
      const failed = evs(lb, 0)[seed];
      const r = runModel(lb, failed, seed);
      assert.ok(r.sent > 3000);
      assert.ok(r.beforeTimeout > 0, "the failed path was used before its timeout");
      // The timer (10 ms) never fires in 400 µs: after its timeout the path gets no packet at all.
      assert.is(r.afterTimeout, 0, `${Cls.name} seed ${seed}`);
    }
  }
});

test("seeded random events keep the invariants (buffer ≤ 8, Scout sorted and unique, EVs from the list)", () => {
  for (const Cls of [SpritzScout, SpritzSpray]) {
    const rng = new Xoshiro128(99);
    const table = new EndpointTable(new Dragonfly({ p: 1, a: 4, h: 2 }), 0);
    const t = new Cls({ table, restoreIntervalNs: 5000, ecnThreshold: 2 }, 4);
    const dsts = [FAR, 1, 35, 0];
    dsts.forEach((d, s) => t.open(s, d));
    let now = 0;
    for (let i = 0; i < 50_000; i++) {
      now += rng.nextBelow(50);
      const s = rng.nextBelow(4);
      const op = rng.nextBelow(10);
      if (op < 4) {
        const ev = t.choosePath(s, now, i);
        assert.ok(ev >= 0);
        if (t.pathCount(s) > 0) assert.ok(t.pathClass(s, ev) >= 0, "an EV of the list");
      } else {
        const n = t.pathCount(s);
        const ev = n > 0 && rng.nextBelow(20) > 0 ? t.pathEv(s, rng.nextBelow(n)) : rng.nextBelow(65536);
        const r = t.onPathFeedback(s, now, ev, rng.nextBelow(4));
        assert.ok(r >= 0 || r === E_STATE);
      }
      const size = t.bufferSize(s);
      assert.ok(size >= 0 && size <= 8);
      if (Cls === SpritzScout) {
        const seen = new Set<number>();
        let lastClass = -1;
        for (let k = 0; k < size; k++) {
          const ev = t.buffered(s, k);
          assert.not.ok(seen.has(ev));
          seen.add(ev);
          assert.ok(t.pathClass(s, ev) >= lastClass);
          lastClass = t.pathClass(s, ev);
        }
      }
      for (let c = 0; c < table.meta.length; c += 7) {
        const m = table.meta[c];
        assert.ok((m & 15) === 15 ? m >> 4 === 0 : (m >> 4) <= 2 || m >> 4 === 15);
      }
    }
  }
});

test("bytesPerFlow is documented: 137 B", () => {
  assert.is(SpritzScout.bytesPerFlow, 137);
});

test("the per-flow alias table gives each latency class exactly its rounded share of Σ w", () => {
  // Flows 1, 2, 0, 1 in turn, so that tables at a non-zero row offset are checked too.
  const t = new SpritzSpray({ topology: "slimfly", q: 9, p: 1, srcSwitch: 0, wScale: 3 }, 3);
  for (const [i, d] of [1, 50, 100, 161].entries()) {
    const slot = (i + 1) % 3;
    t.open(slot, d);
    const K = t.table.classCount;
    let sum = 0;
    for (let c = 0; c < K; c++) {
      const m = t.classMassQ16(slot, c);
      sum += m;
      // Class weight from the table, independently of the flow's state.
      const lo = c === 0 ? 0 : t.table.classEnd[d * K + c - 1];
      const n = t.table.classEnd[d * K + c] - lo;
      let longest = 0;
      for (let x = 0; x < K; x++) if (t.table.classEnd[d * K + x] > (x === 0 ? 0 : t.table.classEnd[d * K + x - 1])) longest = x;
      const lat = t.table.classLatencyNs(c);
      const w = c === longest ? 1 : (3 * t.table.classLatencyNs(longest)) / lat;
      const want = (n * Math.round(w * 256) * K * 65536) / t.totalWeightQ8(slot);
      assert.ok(Math.abs(m - want) <= K, `class ${c}: ${m} vs ${want}`);
    }
    assert.is(sum, K * 65536);
  }
});

test("parameters: unknown names and out-of-range values throw at construction", () => {
  assert.throws(() => new SpritzScout({ ...SMALL, bogus: 1 } as never), RangeError);
  assert.throws(() => new SpritzScout({ ...SMALL, ecnThreshold: 14 }), RangeError);
  assert.throws(() => new SpritzScout({ ...SMALL, ecnRateGain: 0.3 }), RangeError);
  assert.throws(() => new SpritzScout({ ...SMALL, wScale: 0 }), RangeError);
  assert.throws(() => new SpritzScout({ p: 1 }), RangeError);
  assert.throws(() => new SpritzScout({ topology: "slimfly", q: 29, p: 1, srcSwitch: 0, wScale: 255 }), RangeError);
});

test.run();
