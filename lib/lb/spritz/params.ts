// Spritz parameters (Spritz §IV, Table II) and where the endpoint table comes from.

import { needParam, resolveParams, rule } from "../../core/params";
import { EndpointTable, type EndpointTableOptions, buildTopology } from "./table";
import type { LowDiameterTopology } from "./topology";

export interface SpritzParams {
  /** A prebuilt endpoint table (shared metadata: the per-path ECN counts and blocks). */
  table: EndpointTable | undefined;
  /** Or a prebuilt topology plus srcSwitch … */
  network: LowDiameterTopology | undefined;
  /** … or a topology spec: "dragonfly" with p, a, h or "slimfly" with q, p. */
  topology: "dragonfly" | "slimfly" | undefined;
  p: number | undefined;
  a: number | undefined;
  h: number | undefined;
  q: number | undefined;
  /** The switch this endpoint hangs off. */
  srcSwitch: number;
  /** Latency model and subset size of the table (table.ts; default Table II). */
  localLinkNs: number | undefined;
  globalLinkNs: number | undefined;
  linkGbps: number | undefined;
  packetBytes: number | undefined;
  switchLatencyNs: number | undefined;
  maxPathsPerDestination: number | undefined;
  /** Weighted sampling by eq. (1) ("w" variants, §V-A) or uniform ("u"). */
  weighted: boolean;
  /**
   * Scale of eq. (1) for paths shorter than the longest (§V-A: 3), in (0, 255]. SpritzScout and
   * SpritzSpray store the weights Q8 in 16 bits and also refuse a wScale that gives some
   * destination's list a weight of 256 or more: wScale ≤ 100.13 on Table II's Dragonfly, ≤ 11.87
   * on Slim Fly q = 9 (README, Parameters).
   */
  wScale: number;
  /**
   * Alg. 2 line 4, "insert EV into buffer_paths based on latency": `latency`, the path's latency
   * class (its static latency, eq. (1)'s); `rtt`, the RTT the ACK measured, in `rttBucketNs`
   * steps (classes 0 … 14), for feedback given with one (onPathFeedbackRtt). The paper does not
   * say which; see the lib README.
   */
  bufferOrder: "latency" | "rtt";
  /** Width of an RTT class under bufferOrder `rtt`. */
  rttBucketNs: number;
  /** Alg. 1: sample a fresh path after this many packets (Table II: 44 ≈ 0.5 BDP). */
  exploreThreshold: number;
  /** Alg. 2: ECN marks on a path before it leaves the buffer (Table II: 8). At most 13. */
  ecnThreshold: number;
  /** Alg. 2/3 line "w[0] ← min_bias_factor", in eq. (1) weight units. */
  minBiasFactor: number;
  /** ECN rate above which the flow biases toward the minimal path (Alg. 2/3: 90 %). */
  ecnRateThreshold: number;
  /** EWMA gain of the per-flow ECN rate, a power of two from 1/2 to 1/1024. */
  ecnRateGain: number;
  /** Alg. 2 "global timer": blocked weights and biases return to eq. (1) this long after the first. */
  restoreIntervalNs: number;
  /** Capacity of the list of blocked paths awaiting the timer (the oldest is unblocked when full). */
  maxBlocked: number;
  seed: number;
}

export type SpritzParamsInput = Partial<SpritzParams>;

export const SPRITZ_PARAM_NAMES: readonly string[] = [
  "table", "network", "topology", "p", "a", "h", "q", "srcSwitch", "localLinkNs", "globalLinkNs", "linkGbps",
  "packetBytes", "switchLatencyNs", "maxPathsPerDestination", "weighted", "wScale", "bufferOrder", "rttBucketNs", "exploreThreshold",
  "ecnThreshold", "minBiasFactor", "ecnRateThreshold", "ecnRateGain", "restoreIntervalNs", "maxBlocked", "seed",
];

/** @throws RangeError for an unknown name or a value out of range. */
export function resolveSpritzParams(input: SpritzParamsInput): SpritzParams {
  const defaults: SpritzParams = {
    table: undefined,
    network: undefined,
    topology: undefined,
    p: undefined,
    a: undefined,
    h: undefined,
    q: undefined,
    srcSwitch: input.table ? input.table.srcSwitch : 0,
    localLinkNs: undefined,
    globalLinkNs: undefined,
    linkGbps: undefined,
    packetBytes: undefined,
    switchLatencyNs: undefined,
    maxPathsPerDestination: undefined,
    weighted: true,
    wScale: 3,
    bufferOrder: "latency",
    rttBucketNs: 2000,
    exploreThreshold: 44,
    ecnThreshold: 8,
    minBiasFactor: 1000,
    ecnRateThreshold: 0.9,
    ecnRateGain: 1 / 16,
    restoreIntervalNs: 10_000_000,
    maxBlocked: 1024,
    seed: 1,
  };
  // The table, topology and latency parameters are checked where the table is built (tableFor).
  return resolveParams("Spritz", defaults, input, (p) => {
    const gainShift = Math.log2(1 / p.ecnRateGain);
    // A mark moves the Q16 rate by ⌊(65535 − rate) / 2^shift⌋, which stops at 65536 − 2^shift:
    // "ecn_rate > threshold" can only be met below that (0.984375 at gain 1/1024; review).
    const gainOk = Number.isInteger(gainShift) && gainShift >= 1 && gainShift <= 10;
    const rateCeiling = gainOk ? 1 - 2 ** gainShift / 65536 : 1;
    return {
      weighted: rule.bool,
      wScale: rule.num(0, 255, "(]"),
      bufferOrder: rule.oneOf("latency", "rtt"),
      rttBucketNs: rule.int(1, 2 ** 30),
      exploreThreshold: rule.int(0, 65534),
      // A 4-bit count; 15 marks a block.
      ecnThreshold: rule.int(0, 13),
      minBiasFactor: rule.num(0, 65535),
      ecnRateThreshold: rule.num(0, rateCeiling, "[)"),
      ecnRateGain: rule.must(gainOk, "1/2, 1/4, … or 1/1024"),
      restoreIntervalNs: rule.int(1, 2 ** 30),
      maxBlocked: rule.int(1, 2 ** 24),
      seed: rule.int(),
    };
  });
}

/** The endpoint table the parameters name: the given one, or one built for srcSwitch. */
export function tableFor(p: SpritzParams): EndpointTable {
  if (p.table !== undefined) {
    needParam("Spritz", p.table instanceof EndpointTable, "table must be an EndpointTable");
    needParam("Spritz", p.srcSwitch === p.table.srcSwitch, "srcSwitch differs from the table's");
    return p.table;
  }
  const options: EndpointTableOptions = {};
  if (p.localLinkNs !== undefined) options.localLinkNs = p.localLinkNs;
  if (p.globalLinkNs !== undefined) options.globalLinkNs = p.globalLinkNs;
  if (p.linkGbps !== undefined) options.linkGbps = p.linkGbps;
  if (p.packetBytes !== undefined) options.packetBytes = p.packetBytes;
  if (p.switchLatencyNs !== undefined) options.switchLatencyNs = p.switchLatencyNs;
  if (p.maxPathsPerDestination !== undefined) options.maxPathsPerDestination = p.maxPathsPerDestination;
  if (p.network !== undefined) return new EndpointTable(p.network, p.srcSwitch, options);
  needParam("Spritz", p.topology === "dragonfly" || p.topology === "slimfly", "give table, network, or topology (dragonfly | slimfly)");
  const topo = buildTopology({ topology: p.topology as "dragonfly" | "slimfly", p: p.p ?? 1, a: p.a, h: p.h, q: p.q });
  return new EndpointTable(topo, p.srcSwitch, options);
}

/**
 * Eq. (1) as used in the evaluation (§V-A): w = wScale × lat_longest / lat for a path shorter than
 * the longest of its list, 1 for the longest. With wScale = 1 this is eq. (1) itself.
 */
export function eq1Weight(latencyNs: number, longestNs: number, wScale: number): number {
  return latencyNs >= longestNs ? 1 : (wScale * longestNs) / latencyNs;
}
