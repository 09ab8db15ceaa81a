// TIMELY parameters: the paper's and the HPCC simulator's profiles (DESIGN.md rule 6).
//
// Sources (notes/baselines.md §2):
//   paper — TIMELY (Mittal et al., SIGCOMM 2015) Alg. 1 with its defaults: T_low 50 µs,
//           T_high 500 µs, δ 10 Mb/s, β 0.8, HAI after 5 negative gradients (N = 5), minRTT
//           20 µs; one update per completion event. Reflex §II-C runs TIMELY "with the default
//           parameter settings", i.e. this profile. The paper's EWMA weight was not re-read
//           ([paper?]); we take the HPCC simulator's 0.875, and the paper names no minimum rate,
//           so we take one δ.
//   hpcc  — alibaba-edu/High-Precision-Congestion-Control rdma-hw.cc UpdateRateTimely: one
//           update per RTT (when the ACK passes the data outstanding at the last update),
//           δ = RATE_AI = linkGbps Mb/s (10·(bw/10)), HAI = 5·δ once 5 consecutive increases
//           have happened (T_low region included), min rate 1 Gb/s, EWMA weight 0.875.
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

import { clamp } from "../../core/fixed";
import { checkParamNames, profileParam, resolveParams, rule } from "../../core/params";
import { defaultFloorMbps } from "../params";

export type TimelyProfile = "paper" | "hpcc";

export interface TimelyConstants {
  /** Line rate, Gb/s, in [0.001, 2000]: the rate ceiling. Default 100 in both profiles. */
  linkGbps: number;
  /**
   * Rate of a newly opened flow (default: line rate).
   * In [minRateMbps / 1000, linkGbps]; given without minRateMbps, a rate below the profile's floor
   * lowers the floor to it, so its lower end is then 0.001 Gb/s (the floor's own).
   */
  initRateGbps: number;
  /**
   * Rate floor, Mb/s, in [0.001, linkGbps × 1000]: no decrease takes the rate below it. One δ in
   * `paper` (the paper names none, head of params.ts), 1 Gb/s in `hpcc` (rdma-hw.cc min rate); held
   * within the line rate.
   */
  minRateMbps: number;
  /** δ: additive step. */
  deltaMbps: number;
  /** Step in hyper-active increase (paper N·δ with N = 5). */
  haiDeltaMbps: number;
  /** Consecutive events before the HAI step is used (paper and HPCC: 5). */
  haiThreshold: number;
  /**
   * T_low, ns, in [0, 2^30]: an RTT sample below it adds δ to the rate (Alg. 1; with haiCounting
   * `increase`, the HAI step once armed). Default 50 µs (the paper's, and HPCC's).
   */
  tLowNs: number;
  /**
   * T_high, ns, in [max(tLowNs, 1), 2^30]: an RTT sample above it cuts the rate by the factor
   * 1 − β (1 − T_high / rtt) (Alg. 1). Default 500 µs (the paper's, and HPCC's).
   */
  tHighNs: number;
  /**
   * β, in [0, 1]: the multiplicative-decrease gain, both above T_high and on a positive gradient
   * (rate × (1 − β · gradient), not below 0). Default 0.8 (the paper's, and HPCC's).
   */
  beta: number;
  /**
   * α, in [2^-16, 1]: the EWMA weight of the new RTT difference (rtt_diff ← (1 − α) rtt_diff +
   * α new_rtt_diff, Alg. 1), taken as round(α × 2^16) in Q16 (0.02 → 1311). Default 0.875 (HPCC's;
   * the author's snippet recommends 0.02).
   */
  ewmaWeight: number;
  /**
   * minRTT, ns, in [1, 2^24]: the normaliser of the gradient (rtt_diff / minRTT, Alg. 1), rounded
   * to whole ns half up (20,000.5 → 20,001). Default 20 µs (the paper's, and HPCC's).
   */
  minRttNs: number;
  /** Optional send window (HPCC `timely_vwin`); 0: rate only. */
  windowBytes: number;
}

export interface TimelyBehaviour {
  /** One update per completion event (paper) or per RTT of data (HPCC). */
  updateMode: "completion" | "rtt";
  /**
   * What arms HAI: `gradient` — consecutive completions with a negative gradient (< 0; a zero
   * gradient ends the run), the current one included (paper Alg. 1 "N = 5 if gradient < 0 for
   * five completion events"); `increase` — consecutive increase events before this one, in either
   * increase region (HPCC m_incStage).
   */
  haiCounting: "gradient" | "increase";
  /** The window scales with rate / line rate (HPCC VAR_WIN). */
  varWindow: boolean;
}

export type TimelyParams = TimelyConstants & TimelyBehaviour & {
  /**
   * Which source's defaults the others take (head of params.ts): `paper` (default, Alg. 1, one
   * update per completion event) or `hpcc` (HPCC rdma-hw.cc UpdateRateTimely: one update per RTT, δ
   * and HAI from linkGbps, 1 Gb/s floor). A given parameter overrides its profile's value.
   */
  profile: TimelyProfile;
};
export type TimelyParamsInput = Partial<TimelyParams>;

const CONSTANT_NAMES: readonly (keyof TimelyConstants)[] = [
  "linkGbps", "initRateGbps", "minRateMbps", "deltaMbps", "haiDeltaMbps", "haiThreshold", "tLowNs", "tHighNs",
  "beta", "ewmaWeight", "minRttNs", "windowBytes",
];
const BEHAVIOUR_NAMES: readonly (keyof TimelyBehaviour)[] = ["updateMode", "haiCounting", "varWindow"];
export const TIMELY_PARAM_NAMES: readonly string[] = Object.freeze(["profile", ...CONSTANT_NAMES, ...BEHAVIOUR_NAMES]);

/** Rates are kb/s in an int32: at most 2000 Gb/s. */
export const TIMELY_MAX_GBPS = 2000;

/**
 * Fills every parameter from the profile (default `paper`); δ and the HAI step of `hpcc`
 * follow linkGbps. A default derived from other inputs is moved into its range (δ, the HAI
 * step and the min rate up to the line rate, the min rate at least 0.001 Mb/s), so that legal
 * inputs never throw (DESIGN.md rule 7); a value given explicitly is checked as given.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveTimelyParams(input: TimelyParamsInput = {}): TimelyParams {
  checkParamNames("Timely", input, TIMELY_PARAM_NAMES);
  const profile = profileParam<TimelyProfile>("Timely", input.profile, ["paper", "hpcc"], "paper");
  const linkGbps = input.linkGbps ?? 100;
  const lineMbps = linkGbps * 1000;
  const hpcc = profile === "hpcc";
  const deltaMbps = input.deltaMbps ?? clamp(hpcc ? linkGbps : 10, 0, lineMbps);
  const defaults: TimelyParams = {
    profile,
    linkGbps,
    initRateGbps: linkGbps,
    // Lowered to a given initRateGbps below it, as DCQCN's (each may be set alone, DESIGN.md rule 6).
    minRateMbps: defaultFloorMbps(hpcc ? 1000 : deltaMbps, linkGbps, input.initRateGbps),
    deltaMbps,
    haiDeltaMbps: clamp(5 * deltaMbps, 0, lineMbps),
    haiThreshold: 5,
    tLowNs: 50_000,
    tHighNs: 500_000,
    beta: 0.8,
    ewmaWeight: 0.875,
    minRttNs: 20_000,
    windowBytes: 0,
    updateMode: hpcc ? "rtt" : "completion",
    haiCounting: hpcc ? "increase" : "gradient",
    varWindow: false,
  };
  return resolveParams("Timely", defaults, input, (p) => ({
    linkGbps: rule.num(0.001, TIMELY_MAX_GBPS),
    minRateMbps: rule.num(0.001, p.linkGbps * 1000),
    initRateGbps: rule.num(p.minRateMbps / 1000, p.linkGbps),
    deltaMbps: rule.num(0, p.linkGbps * 1000),
    haiDeltaMbps: rule.num(0, p.linkGbps * 1000),
    haiThreshold: rule.int(1, 1000),
    tLowNs: rule.num(0, 2 ** 30),
    tHighNs: rule.num(Math.max(p.tLowNs, 1), 2 ** 30),
    beta: rule.num(0, 1),
    ewmaWeight: rule.num(1 / 65536, 1),
    minRttNs: rule.num(1, 2 ** 24),
    windowBytes: rule.int(0, 2 ** 30),
    updateMode: rule.oneOf("completion", "rtt"),
    haiCounting: rule.oneOf("gradient", "increase"),
    varWindow: rule.bool,
  }));
}
