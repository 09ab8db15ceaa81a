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

export type TimelyProfile = "paper" | "hpcc";

export interface TimelyConstants {
  /** Line rate: the rate ceiling. */
  linkGbps: number;
  /** Rate of a newly opened flow (default: line rate). */
  initRateGbps: number;
  minRateMbps: number;
  /** δ: additive step. */
  deltaMbps: number;
  /** Step in hyper-active increase (paper N·δ with N = 5). */
  haiDeltaMbps: number;
  /** Consecutive events before the HAI step is used (paper and HPCC: 5). */
  haiThreshold: number;
  tLowNs: number;
  tHighNs: number;
  beta: number;
  /** EWMA weight of the new RTT difference. */
  ewmaWeight: number;
  /** minRTT: the normaliser of the gradient. */
  minRttNs: number;
  /** Optional send window (HPCC `timely_vwin`); 0: rate only. */
  windowBytes: number;
}

export interface TimelyBehaviour {
  /** One update per completion event (paper) or per RTT of data (HPCC). */
  updateMode: "completion" | "rtt";
  /**
   * What arms HAI: `gradient` — consecutive completions with gradient ≤ 0, the current one
   * included (paper Alg. 1); `increase` — consecutive increase events before this one, in either
   * increase region (HPCC m_incStage).
   */
  haiCounting: "gradient" | "increase";
  /** The window scales with rate / line rate (HPCC VAR_WIN). */
  varWindow: boolean;
}

export type TimelyParams = TimelyConstants & TimelyBehaviour & { profile: TimelyProfile };
export type TimelyParamsInput = Partial<TimelyParams>;

const CONSTANT_NAMES: readonly (keyof TimelyConstants)[] = [
  "linkGbps", "initRateGbps", "minRateMbps", "deltaMbps", "haiDeltaMbps", "haiThreshold", "tLowNs", "tHighNs",
  "beta", "ewmaWeight", "minRttNs", "windowBytes",
];
const BEHAVIOUR_NAMES: readonly (keyof TimelyBehaviour)[] = ["updateMode", "haiCounting", "varWindow"];
export const TIMELY_PARAM_NAMES: readonly string[] = ["profile", ...CONSTANT_NAMES, ...BEHAVIOUR_NAMES];

/** Rates are kb/s in an int32: at most 2000 Gb/s. */
export const TIMELY_MAX_GBPS = 2000;

/**
 * Fills every parameter from the profile (default `paper`); δ and the HAI step of `hpcc`
 * follow linkGbps.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveTimelyParams(input: TimelyParamsInput = {}): TimelyParams {
  for (const k of Object.keys(input)) {
    if (TIMELY_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Timely: unknown parameter ${k}`);
  }
  const profile = input.profile === undefined ? "paper" : input.profile;
  if (profile !== "paper" && profile !== "hpcc") throw new RangeError(`Timely: unknown profile ${String(profile)}`);
  const linkGbps = input.linkGbps === undefined ? 100 : input.linkGbps;
  const hpcc = profile === "hpcc";
  const deltaMbps = input.deltaMbps === undefined ? (hpcc ? linkGbps : 10) : input.deltaMbps;
  const p: TimelyParams = {
    profile,
    linkGbps,
    initRateGbps: linkGbps,
    minRateMbps: hpcc ? 1000 : deltaMbps,
    deltaMbps,
    haiDeltaMbps: 5 * deltaMbps,
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
  for (const k of Object.keys(input) as (keyof TimelyParams)[]) {
    (p as unknown as Record<string, unknown>)[k] = input[k];
  }
  validate(p);
  return p;
}

function need(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`Timely: ${what}`);
}

function inRange(x: unknown, lo: number, hi: number): boolean {
  return typeof x === "number" && x >= lo && x <= hi;
}

function validate(p: TimelyParams): void {
  need(inRange(p.linkGbps, 0.001, TIMELY_MAX_GBPS), "linkGbps must be in (0, 2000]");
  need(inRange(p.minRateMbps, 0.001, p.linkGbps * 1000), "minRateMbps must be in (0, linkGbps]");
  need(inRange(p.initRateGbps, p.minRateMbps / 1000, p.linkGbps), "initRateGbps must be in [minRate, linkGbps]");
  need(inRange(p.deltaMbps, 0, p.linkGbps * 1000), "deltaMbps must be in [0, linkGbps]");
  need(inRange(p.haiDeltaMbps, 0, p.linkGbps * 1000), "haiDeltaMbps must be in [0, linkGbps]");
  need(inRange(p.haiThreshold, 1, 1000) && Number.isInteger(p.haiThreshold), "haiThreshold must be an integer in [1, 1000]");
  need(inRange(p.tLowNs, 0, 2 ** 30), "tLowNs must be in [0, 2^30]");
  need(inRange(p.tHighNs, p.tLowNs, 2 ** 30) && p.tHighNs >= 1, "tHighNs must be in [max(tLowNs, 1), 2^30]");
  need(inRange(p.beta, 0, 1), "beta must be in [0, 1]");
  need(inRange(p.ewmaWeight, 1 / 65536, 1), "ewmaWeight must be in [2^-16, 1]");
  need(inRange(p.minRttNs, 1, 2 ** 24), "minRttNs must be in [1, 2^24]");
  need(inRange(p.windowBytes, 0, 2 ** 30) && Number.isInteger(p.windowBytes), "windowBytes must be an integer in [0, 2^30]");
  need(p.updateMode === "completion" || p.updateMode === "rtt", "updateMode must be completion or rtt");
  need(p.haiCounting === "gradient" || p.haiCounting === "increase", "haiCounting must be gradient or increase");
  need(typeof p.varWindow === "boolean", "varWindow must be a boolean");
}
