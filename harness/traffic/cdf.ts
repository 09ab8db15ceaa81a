// Datacenter flow-size workloads: sizes drawn from an empirical CDF, Poisson arrivals at a
// target load, destinations at random with a limit on simultaneous senders per receiver, and
// for the two-DC topology a chosen share of inter-DC flows.
//
// Sources:
//   WebSearch (DCTCP, Alizadeh et al. SIGCOMM 2010), used by DCP §6.2, Spritz §V-B, Reflex §II-C;
//   FB_Hadoop (Roy et al. SIGCOMM 2015), used by REPS (notes/uec-nscc-reps-pds.md §1.5).
//   Both tables are the HPCC repository's traffic_gen/WebSearch_distribution.txt and
//   FbHdp_distribution.txt (github.com/alibaba-edu/High-Precision-Congestion-Control, commit
//   9cf8b9e8c8d04a3775e06c972c4699dcbce53c37), copied verbatim in data/*_cdf.txt beside this file
//   (generators.test.ts, "flow-size CDFs", checks that the tables below equal those files).
//
// Sampling (as HPCC's traffic generator, traffic_gen.py with custom_rand.py): the CDF is
// piecewise linear between its points; a draw u ∈ (0, 1) maps to the size on the segment whose
// CDF range holds it, linearly interpolated, rounded to the nearest whole byte (at least 1).
// HPCC truncates instead (`size = int(customRand.rand())`, then 1 if ≤ 0): a size here is the
// same or 1 B more, about 0.5 B more on average. Kept, since it would move every seeded run.
// The mean of that distribution is Σ (p_i − p_{i−1}) · (x_{i−1} + x_i) / 2.
//
// Load (DCP §6.2 "average load of 0.3"): every source host starts flows as a Poisson process of
// rate λ = load × host link rate / (8 × mean size), so its offered bytes average load × its link.
// Receivers (Spritz §V-B "we randomly select receivers while limiting the number of simultaneous
// senders per receiver"): uniform among the allowed hosts, skipping any that already has
// `maxSendersPerReceiver` flows whose estimated active time overlaps the new one's start; the
// estimate is the flow's time alone on its link (bytes × 8 / link rate) plus one network RTT —
// a lower bound of its real duration, so the limit is a floor on spreading, not a guarantee.
// When every candidate is at the limit, the flow goes to one of the least loaded, drawn uniformly.

import { Xoshiro128 } from "../../lib/core/rng";
import { type FlowRecord, MAX_FLOW_BYTES, uniform } from "./traffic";

/** Points (size in bytes, CDF in percent 0–100), non-decreasing in both. */
export type CdfPoints = readonly (readonly [number, number])[];

/** WebSearch: data/websearch_cdf.txt. */
export const WEBSEARCH_CDF: CdfPoints = [
  [0, 0],
  [10000, 15],
  [20000, 20],
  [30000, 30],
  [50000, 40],
  [80000, 53],
  [200000, 60],
  [1000000, 70],
  [2000000, 80],
  [5000000, 90],
  [10000000, 97],
  [30000000, 100],
];

/** FB_Hadoop: data/hadoop_cdf.txt. */
export const HADOOP_CDF: CdfPoints = [
  [0, 0],
  [100, 1],
  [200, 2],
  [300, 5],
  [350, 15],
  [400, 20],
  [500, 30],
  [600, 40],
  [700, 50],
  [1000, 60],
  [2000, 67],
  [7000, 70],
  [30000, 72],
  [50000, 82],
  [80000, 87],
  [120000, 90],
  [300000, 95],
  [1000000, 97.5],
  [2000000, 99],
  [10000000, 100],
];

export const BUILTIN_CDFS: Record<string, CdfPoints> = { websearch: WEBSEARCH_CDF, hadoop: HADOOP_CDF };

/**
 * Reads a flow-size CDF file, one point a line: `size_bytes cdf_percent` with whitespace between,
 * the format of data/*_cdf.txt and of HPCC's traffic_gen/*_distribution.txt, or the two numbers
 * of a scenario's cdfPoints pair with a comma between (`10000, 15`). `#` starts a comment, blank
 * lines are skipped. Sizes and percentages must not decrease, percentages lie in 0–100 and the
 * last is 100, as checkCdf requires of inline points; every error names `name:line` (from 1), so
 * a scenario's `cdfFile` reports the file and the row.
 */
export function parseCdf(text: string, name = "cdf"): CdfPoints {
  const out: [number, number][] = [];
  const lineOf: number[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/#.*/, "").trim();
    if (line === "") continue;
    const at = `${name}:${i + 1}`;
    const m = /^([^\s,]+)(?:\s*,\s*|\s+)([^\s,]+)$/.exec(line);
    const x = m ? Number(m[1]) : NaN;
    const p = m ? Number(m[2]) : NaN;
    if (!(Number.isFinite(x) && Number.isFinite(p))) throw new Error(`${at}: expected "size_bytes cdf_percent" (two numbers), got "${line}"`);
    if (x < 0 || p < 0 || p > 100) throw new Error(`${at}: ${x < 0 ? `negative size ${x}` : `percentage ${p} outside 0–100`}`);
    const k = out.length - 1;
    if (k >= 0 && (x < out[k][0] || p < out[k][1])) {
      throw new Error(`${at}: goes backwards from line ${lineOf[k]} (${out[k][0]} B at ${out[k][1]} %, then ${x} B at ${p} %; sizes and percentages must not decrease)`);
    }
    out.push([x, p]);
    lineOf.push(i + 1);
  }
  if (out.length < 2) throw new Error(`${name}: needs at least two points, found ${out.length}`);
  const last = out[out.length - 1][1];
  if (last !== 100) {
    // HPCC's generator refuses such a table too (custom_rand.py testCdf: the last CDF value must be 100).
    const fractions = out.every((q) => q[1] <= 1) ? " (fractions of 1? this format takes percentages, 0–100)" : "";
    throw new Error(`${name}:${lineOf[lineOf.length - 1]}: the last point must be at 100 %, got ${last}${fractions}`);
  }
  checkCdf(out, name);
  return out;
}

export function checkCdf(points: CdfPoints, name = "cdf"): void {
  if (points.length < 2) throw new Error(`${name}: needs at least two points`);
  for (let i = 1; i < points.length; i++) {
    if (points[i][0] < points[i - 1][0] || points[i][1] < points[i - 1][1]) throw new Error(`${name}: point ${i} goes backwards (sizes and percentages must not decrease)`);
  }
  if (points[points.length - 1][1] !== 100) throw new Error(`${name}: the last point must be at 100 %`);
  if (points[0][0] < 0 || points[0][1] < 0) throw new Error(`${name}: negative size or percentage`);
  // The mean sets the arrival rate (load × rate / mean): at 0 the arrivals never end (audit,
  // 2026-12-07: the run grew until the heap ran out). A flow holds at most flows[].bytes' 2^31 − 1.
  if (!(cdfMean(points) > 0)) throw new Error(`${name}: every size is 0; the mean flow size must be above 0`);
  const largest = points[points.length - 1][0];
  if (largest > MAX_FLOW_BYTES) throw new Error(`${name}: size ${largest} B above ${MAX_FLOW_BYTES} (a flow's largest, as flows[].bytes)`);
}

/** Mean of the piecewise-linear distribution (bytes). */
export function cdfMean(points: CdfPoints): number {
  let m = points[0][0] * (points[0][1] / 100);
  for (let i = 1; i < points.length; i++) m += ((points[i][1] - points[i - 1][1]) / 100) * ((points[i][0] + points[i - 1][0]) / 2);
  return m;
}

/** Inverse CDF at u ∈ (0, 1), linear within segments, whole bytes ≥ 1. */
export function cdfSample(points: CdfPoints, u: number): number {
  const q = u * 100;
  if (q <= points[0][1]) return Math.max(1, Math.round(points[0][0]));
  for (let i = 1; i < points.length; i++) {
    const [x1, p1] = points[i];
    if (q <= p1) {
      const [x0, p0] = points[i - 1];
      const x = p1 === p0 ? x1 : x0 + ((q - p0) / (p1 - p0)) * (x1 - x0);
      return Math.max(1, Math.round(x));
    }
  }
  return Math.max(1, Math.round(points[points.length - 1][0]));
}

export interface CdfWorkload {
  points: CdfPoints;
  /** Offered load per source as a fraction of its link rate. */
  load: number;
  startNs: number;
  durationNs: number;
  hostGbps: number;
  rttNs: number;
  /** 0: no limit. */
  maxSendersPerReceiver: number;
  /** Two DCs: the DC (domain id) of every host, and the share of flows sent to the other DC. */
  dcOf?: Int32Array;
  interDcFraction?: number;
}

/** Flows of a CDF workload from `sources` to `receivers` (both host lists), in start order. */
export function cdfFlows(sources: readonly number[], receivers: readonly number[], w: CdfWorkload, seed: number): FlowRecord[] {
  if (!(w.load > 0)) throw new RangeError("cdf traffic: load must be > 0");
  const mean = cdfMean(w.points);
  const rate = (w.load * w.hostGbps * 1e9) / 8 / mean; // flows per second per source
  const gapNs = 1e9 / rate;
  const rng = new Xoshiro128(seed);
  const arrivals: { t: number; src: number; bytes: number }[] = [];
  for (const src of sources) {
    let t = w.startNs - Math.log(uniform(rng)) * gapNs;
    while (t < w.startNs + w.durationNs) {
      arrivals.push({ t: Math.round(t), src, bytes: cdfSample(w.points, uniform(rng)) });
      t += -Math.log(uniform(rng)) * gapNs;
    }
  }
  arrivals.sort((a, b) => a.t - b.t || a.src - b.src);
  // Per receiver: estimated end times of the flows it is receiving.
  const busy = new Map<number, number[]>();
  const load = (r: number, t: number): number => {
    const l = busy.get(r);
    if (!l) return 0;
    let k = 0;
    for (let i = 0; i < l.length; i++) if (l[i] > t) l[k++] = l[i];
    l.length = k;
    return k;
  };
  const split = w.dcOf !== undefined && w.interDcFraction !== undefined;
  const sameDc: Map<number, number[]> = new Map();
  const otherDc: Map<number, number[]> = new Map();
  if (split) {
    const dcOf = w.dcOf as Int32Array;
    for (const s of new Set(sources)) {
      sameDc.set(s, receivers.filter((r) => r !== s && dcOf[r] === dcOf[s]));
      otherDc.set(s, receivers.filter((r) => dcOf[r] !== dcOf[s]));
    }
  }
  const all = new Map<number, number[]>();
  const candidates = (src: number): number[] => {
    if (split) {
      const inter = uniform(rng) < (w.interDcFraction as number);
      const l = (inter ? otherDc : sameDc).get(src) as number[];
      if (l.length > 0) return l;
      return ((inter ? sameDc : otherDc).get(src) as number[]);
    }
    let l = all.get(src);
    if (!l) all.set(src, (l = receivers.filter((r) => r !== src)));
    return l;
  };
  const out: FlowRecord[] = [];
  const K = w.maxSendersPerReceiver;
  for (const a of arrivals) {
    const c = candidates(a.src);
    if (c.length === 0) throw new RangeError(`cdf traffic: host ${a.src} has no receiver to send to`);
    let dst = c[rng.nextBelow(c.length)];
    if (K > 0 && load(dst, a.t) >= K) {
      // Random probes first; then a uniform draw among the candidates under the limit, or, when
      // every one is at it, among the least loaded (a scan in host order would favour low ids).
      let found = -1;
      for (let k = 0; k < 16 && found < 0; k++) {
        const r = c[rng.nextBelow(c.length)];
        if (load(r, a.t) < K) found = r;
      }
      if (found < 0) {
        const loads = c.map((r) => load(r, a.t));
        const least = Math.min(...loads);
        // Under the limit, or (every one at it) the least loaded: uniform among them.
        const pool = c.filter((_, i) => loads[i] < K || loads[i] === least);
        found = pool[rng.nextBelow(pool.length)];
      }
      dst = found;
    }
    const f: FlowRecord = { src: a.src, dst, bytes: a.bytes, startNs: a.t };
    if (split) f.cls = (w.dcOf as Int32Array)[a.src] === (w.dcOf as Int32Array)[dst] ? "intra-dc" : "inter-dc";
    out.push(f);
    if (K > 0) {
      const l = busy.get(dst);
      const end = a.t + (a.bytes * 8) / w.hostGbps + w.rttNs;
      if (l) l.push(end);
      else busy.set(dst, [end]);
    }
  }
  return out;
}
