// Spritz parameters (Spritz §IV, Table II) and where the endpoint table comes from.

import { needParam, resolveParams, rule } from "../../core/params";
import { EndpointTable, type EndpointTableOptions, buildTopology } from "./table";
import type { LowDiameterTopology } from "./topology";

export interface SpritzParams {
  /**
   * A prebuilt endpoint table (§III-C; shared metadata: the per-path ECN counts and blocks), an
   * `EndpointTable`. One of `table`, `network` or `topology` is required (RangeError otherwise);
   * `table` wins, and the topology and latency parameters are then ignored. No default.
   */
  table: EndpointTable | undefined;
  /**
   * A prebuilt topology (a `Dragonfly` or `SlimFly`, topology.ts) for which a table is built at
   * `srcSwitch`; used when `table` is not given, and `topology`, `p`, `a`, `h`, `q` are then
   * ignored. No default.
   */
  network: LowDiameterTopology | undefined;
  /**
   * A topology to build when neither `table` nor `network` is given: `dragonfly` with `p`, `a`,
   * `h` or `slimfly` with `q`, `p` (§III; Table II, §V-A: Dragonfly p = 4, a = 8, h = 4; Slim Fly
   * p = 7, q = 9). No default.
   */
  topology: "dragonfly" | "slimfly" | undefined;
  /** Endpoints per switch of a `topology` spec, an integer ≥ 1 (topology.ts). Default 1. */
  p: number | undefined;
  /**
   * Switches per Dragonfly group of a `topology` spec, an integer ≥ 2, with a − 1 + h ≤ 256 (an
   * 8-bit EV per ECMP role) and (a·h + 1)·a ≤ 65536 switches (topology.ts). Required for `dragonfly`.
   */
  a: number | undefined;
  /**
   * Global links per Dragonfly switch of a `topology` spec, an integer ≥ 1, with a − 1 + h ≤ 256
   * (topology.ts). Required for `dragonfly`.
   */
  h: number | undefined;
  /**
   * Slim Fly's q of a `topology` spec: a prime power ≥ 3 of the form 4w + δ, δ ∈ {−1, 0, 1}, with
   * network radix (3q − δ)/2 ≤ 256 (topology.ts). Required for `slimfly`.
   */
  q: number | undefined;
  /**
   * The switch this endpoint hangs off, a switch id in [0, switches) of the topology; with a
   * `table`, it must equal the table's. Default: the table's srcSwitch, else 0.
   */
  srcSwitch: number;
  /**
   * Propagation of a local link, ns, in [0, 1e9) (table.ts). Default 25 (Table II, §V-A). Ignored
   * with a `table`.
   */
  localLinkNs: number | undefined;
  /**
   * Propagation of a global link, ns, in [0, 1e9) (table.ts). Default 500 (Table II, §V-A).
   * Ignored with a `table`.
   */
  globalLinkNs: number | undefined;
  /**
   * Link rate, Gb/s, in (0, 1e9) (table.ts): a hop serialises `packetBytes` at this rate. Default
   * 400 (Table II, §V-A). Ignored with a `table`.
   */
  linkGbps: number | undefined;
  /**
   * Bytes serialised per hop, in [0, 1e9) (table.ts). Default 4160 (Table II, §V-A: 64 B header +
   * 4096 B payload). Ignored with a `table`.
   */
  packetBytes: number | undefined;
  /**
   * Added per switch-to-switch hop, ns, in [0, 1e9) (table.ts). Default 0, which reproduces Table
   * I's latencies (§III-C; Table II lists 500 ns, which Table I leaves out). Ignored with a `table`.
   */
  switchLatencyNs: number | undefined;
  /**
   * Keep at most this many (the lowest-latency) paths per destination switch (§III-C subsets), an
   * integer in [0, 65535]; 0 keeps all. Default 0. Ignored with a `table`.
   */
  maxPathsPerDestination: number | undefined;
  /** Weighted sampling by eq. (1) ("w" variants, §V-A) or uniform ("u"). Default true. */
  weighted: boolean;
  /**
   * Scale of eq. (1) for paths shorter than the longest (§V-A: 3), in (0, 255]. SpritzScout and
   * SpritzSpray store the weights Q8 in 16 bits and also refuse a wScale that gives some
   * destination's list a weight of 256 or more: wScale ≤ 100.13 on Table II's Dragonfly, ≤ 11.87
   * on Slim Fly q = 9 (README, Parameters).
   */
  wScale: number;
  /**
   * Alg. 2 line 4 (§IV-A), "insert EV into buffer_paths based on latency": `latency` (default),
   * the path's latency class (its static latency, eq. (1)'s); `rtt`, the RTT the ACK measured, in
   * `rttBucketNs` steps (classes 0 … 14), for feedback given with one (onPathFeedbackRtt). The
   * paper does not say which; see the lib README. SpritzScout only.
   */
  bufferOrder: "latency" | "rtt";
  /**
   * Width of an RTT class under bufferOrder `rtt`, ns, an integer in [1, 2^30]. Default 2000 (ours:
   * the paper has no RTT classes).
   */
  rttBucketNs: number;
  /**
   * Alg. 1 (§IV-A) explore_threshold: a send samples a fresh path once the packet count exceeds
   * it, so one send in exploreThreshold + 2. Packets, an integer in [0, 65534]. Default 44
   * (Table II, §V-A: ≈ 0.5 BDP).
   */
  exploreThreshold: number;
  /**
   * Alg. 2 (§IV-A) ecn_threshold: a path leaves SpritzScout's buffer once its ECN count exceeds
   * it. Marks, an integer in [0, 13] (a 4-bit count, 15 marks a block). Default 8 (Table II, §V-A:
   * ≈ 0.1 BDP). Unused by SpritzSpray (Alg. 3 ignores ECN marks) and SpritzVlan.
   */
  ecnThreshold: number;
  /**
   * Alg. 2/3 (§IV-A, §IV-B) min_bias_factor: w[0] (SpritzVlan: the minimal category's weight)
   * while the ECN rate is above `ecnRateThreshold`, in eq. (1) weight units, in [0, 65535], stored
   * Q8 rounded to nearest (a Q8 of 0 turns the bias off). Default 1000 (ours: the paper gives no
   * value).
   */
  minBiasFactor: number;
  /**
   * ECN rate above which the flow biases toward the minimal path (Alg. 2/3: 90 %), a fraction in
   * [0, 1 − 2^shift / 65536) with shift = log2(1 / ecnRateGain), stored Q16 floored. Default 0.9.
   */
  ecnRateThreshold: number;
  /**
   * EWMA gain of the per-flow ECN rate, a power of two from 1/2 to 1/1024. Default 1/16 (ours: the
   * paper does not say how the rate is measured).
   */
  ecnRateGain: number;
  /**
   * Alg. 2 "global timer" (§IV-A): blocked weights and biases return to eq. (1) this long after
   * the first. Ns, an integer in [1, 2^30]. Default 10,000,000 (10 ms; ours: the paper leaves it
   * to typical failure durations).
   */
  restoreIntervalNs: number;
  /**
   * Capacity of the list of blocked paths awaiting the timer (the oldest is unblocked when full).
   * Paths, an integer in [1, 2^24]. Default 1024 (ours). SpritzScout and SpritzSpray.
   */
  maxBlocked: number;
  /**
   * Seed of the instance's xoshiro128** generator (lib/core/rng.ts: seed | 0 through splitmix32,
   * so any integer, taken modulo 2^32): gen(w)'s draws (Alg. 1), SpritzVlan's category and EV.
   * Default 1.
   */
  seed: number;
}

export type SpritzParamsInput = Partial<SpritzParams>;

export const SPRITZ_PARAM_NAMES: readonly string[] = Object.freeze([
  "table", "network", "topology", "p", "a", "h", "q", "srcSwitch", "localLinkNs", "globalLinkNs", "linkGbps",
  "packetBytes", "switchLatencyNs", "maxPathsPerDestination", "weighted", "wScale", "bufferOrder", "rttBucketNs", "exploreThreshold",
  "ecnThreshold", "minBiasFactor", "ecnRateThreshold", "ecnRateGain", "restoreIntervalNs", "maxBlocked", "seed",
]);

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
