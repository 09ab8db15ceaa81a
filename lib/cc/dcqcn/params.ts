// DCQCN parameters: the paper's reaction point and the HPCC simulator's Mellanox-style one
// (DESIGN.md rule 6), shared by the sender (Dcqcn) and the receiver (DcqcnNp).
//
// Sources (notes/baselines.md §3):
//   paper      — DCQCN (Zhu et al., SIGCOMM 2015) §3 as in the authors' ns-3 (bobzhuyb/ns3-rdma
//                qbb-net-device.cc): on a CNP, R_T ← R_C, R_C ← R_C(1 − α/2), α ← (1 − g)α + g;
//                α decays every K = 55 µs without a CNP; increase events from a timer
//                (T = 55 µs) and a byte counter (B = 10 MB); fast recovery until F = 5,
//                additive R_AI = 40 Mb/s, hyper i·R_HAI; the NP sends at most one CNP per
//                N = 50 µs. R_HAI 200 Mb/s, min rate 100 Mb/s and halving T and B in hyper
//                increase come from the authors' ns-3 (sample config); initial α = 1 is the
//                paper's value as the notes recall it ([paper?]).
//   hpcc       — HPCC simulator rdma-hw.cc, CC_MODE 1 ("Mellanox version"), run.py preset
//                `dcqcn`: every marked packet gets a CNP; α updated every 1 µs, a decrease
//                checked every 4 µs, increases from a 300 µs timer only, F = 1, constant
//                R_HAI; R_AI = 5·bw/25 Mb/s, R_HAI = 50·bw/25 Mb/s, min rate 1 Gb/s,
//                CLAMP_TARGET_RATE 0, rate on first CNP 1.0.
//   hpcc-paper — run.py preset `dcqcn_paper`: `hpcc` with t_alpha = t_dec = 50 µs, t_inc = 55 µs.
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

import { isIntIn } from "../../core/fixed";
import { checkParamNames, profileParam, resolveParams, rule } from "../../core/params";
import { defaultFloorMbps } from "../params";

export type DcqcnProfile = "paper" | "hpcc" | "hpcc-paper";

export interface DcqcnConstants {
  /**
   * Line rate, Gb/s, in [0.001, 2000]: the ceiling of R_T and R_C on every increase, the default
   * initial rate, the reference of varWindow, and in the `hpcc` profiles the base of R_AI and
   * R_HAI (rdma-hw.cc scales them with the link bandwidth). Default 100.
   */
  linkGbps: number;
  /**
   * Rate of a newly opened flow (default: linkGbps, the line rate, in every profile).
   * In [minRateMbps / 1000, linkGbps]; given without minRateMbps, a rate below the profile's floor
   * lowers the floor to it, so its lower end is then 0.001 Gb/s (the floor's own).
   */
  initRateGbps: number;
  /**
   * Rate floor, Mb/s, in [0.001, linkGbps × 1000], and at most initRateGbps × 1000: no cut takes
   * R_C below it (R_C ← max(min_rate, R_C(1 − α/2))). 100 Mb/s in `paper` (authors' ns-3 sample
   * config), 1 Gb/s in the `hpcc` profiles (rdma-hw.cc min rate); lowered to the line or initial
   * rate when either is below that.
   */
  minRateMbps: number;
  /** g: the α gain. */
  g: number;
  /** α of a new flow (paper), or α set on the first CNP (mellanox). */
  initialAlpha: number;
  /** K (paper) / t_alpha (mellanox): α decay / update period. */
  alphaTimerNs: number;
  /** t_dec (mellanox): period of the rate-decrease check; unused by the paper RP (it cuts on the CNP). */
  decreaseTimerNs: number;
  /** T / RP_TIMER: rate-increase timer period. */
  increaseTimerNs: number;
  /**
   * B: bytes sent per byte-counter increase event; 0 disables the byte counter. With the paper RP,
   * 0 also rules out hyper increase (it needs both stages ≥ F; the byte stage stays 0): additive
   * increase from the F-th timer event on (README, Choices).
   */
  byteCounterBytes: number;
  /** F: increase events of fast recovery. */
  fastRecoverySteps: number;
  /**
   * R_AI, Mb/s, in [0, linkGbps × 1000]: what R_T gains per increase event in additive increase
   * (§3 RP). 40 Mb/s in `paper` (at most the line rate), 5·linkGbps/25 in the `hpcc` profiles.
   */
  aiMbps: number;
  /**
   * R_HAI, Mb/s, in [0, linkGbps × 1000]: the hyper-increase step; the paper RP adds i·R_HAI
   * (i = min stage − F + 1), the Mellanox RP a constant R_HAI. 200 Mb/s in `paper` (authors' ns-3),
   * 50·linkGbps/25 in the `hpcc` profiles.
   */
  haiMbps: number;
  /** mellanox: R_T = R_C = rateOnFirstCnp × R_C on a flow's first CNP (HPCC RateOnFirstCnp). */
  rateOnFirstCnp: number;
  /** NP: at most one CNP per flow per this interval; 0 — one per marked packet. */
  cnpIntervalNs: number;
  /** Optional send window (HPCC `*_vwin`); 0: rate only. */
  windowBytes: number;
}

export interface DcqcnBehaviour {
  /** Reaction-point structure: the paper's (cut on CNP, timer + byte counter) or HPCC's Mellanox one. */
  rp: "paper" | "mellanox";
  /** R_T ← R_C on every cut; otherwise only once an increase stage has started. */
  clampTargetRate: boolean;
  /** paper RP: the timer and byte-counter periods halve in hyper increase (authors' ns-3). */
  hyperHalving: boolean;
  /** NP: a mark inside the interval schedules a CNP at its end (paper §3.1) instead of being dropped. */
  deferredCnp: boolean;
  /** The window scales with R_C / line rate (HPCC VAR_WIN). */
  varWindow: boolean;
}

export type DcqcnParams = DcqcnConstants & DcqcnBehaviour & {
  /**
   * Which source's defaults the other parameters take (head of params.ts): `paper` (default, the
   * paper RP as in the authors' ns-3), `hpcc` (HPCC's Mellanox RP, preset `dcqcn`) or `hpcc-paper`
   * (preset `dcqcn_paper`: `hpcc` with 50/50/55 µs timers). A given parameter overrides its
   * profile's value.
   */
  profile: DcqcnProfile;
};
export type DcqcnParamsInput = Partial<DcqcnParams>;

const CONSTANT_NAMES: readonly (keyof DcqcnConstants)[] = [
  "linkGbps", "initRateGbps", "minRateMbps", "g", "initialAlpha", "alphaTimerNs", "decreaseTimerNs",
  "increaseTimerNs", "byteCounterBytes", "fastRecoverySteps", "aiMbps", "haiMbps", "rateOnFirstCnp",
  "cnpIntervalNs", "windowBytes",
];
const BEHAVIOUR_NAMES: readonly (keyof DcqcnBehaviour)[] = ["rp", "clampTargetRate", "hyperHalving", "deferredCnp", "varWindow"];
export const DCQCN_PARAM_NAMES: readonly string[] = Object.freeze(["profile", ...CONSTANT_NAMES, ...BEHAVIOUR_NAMES]);

/**
 * Fills every parameter from the profile (default `paper`); the `hpcc` rate steps follow linkGbps.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveDcqcnParams(input: DcqcnParamsInput = {}): DcqcnParams {
  checkParamNames("Dcqcn", input, DCQCN_PARAM_NAMES);
  const profile = profileParam<DcqcnProfile>("Dcqcn", input.profile, ["paper", "hpcc", "hpcc-paper"], "paper");
  const linkGbps = input.linkGbps ?? 100;
  // Rate defaults never exceed the bounds their rules take from the line rate (DESIGN.md rules
  // 6/7: a linkGbps, or an initRateGbps, that is legal alone must not make a profile constant
  // illegal): the floor is at most the line rate and the initial rate, R_AI and R_HAI at most the
  // line rate. A bad linkGbps or initRateGbps is left to its own rule: the floor default stays
  // in its range [0.001, …] so that the error names the parameter that was given.
  const lineMbps = linkGbps * 1000;
  const minRate = (profileMbps: number): number => defaultFloorMbps(profileMbps, linkGbps, input.initRateGbps);
  // The reaction point actually used: the profile's, unless `rp` is given. In the paper profile
  // the Mellanox RP's own constants (decrease-check period, no byte counter) follow it (below);
  // the hpcc profiles' values (a 4 / 50 µs check, no byte counter) are legal for the paper RP too.
  const mellanoxRp = input.rp === undefined ? profile !== "paper" : input.rp === "mellanox";
  let p: DcqcnParams; // the profile's defaults
  if (profile === "paper") {
    p = {
      profile,
      linkGbps,
      initRateGbps: linkGbps,
      minRateMbps: minRate(100),
      g: 1 / 256,
      initialAlpha: 1,
      alphaTimerNs: 55_000,
      // With rp "mellanox" the paper profile takes the Mellanox RP's own constants from the
      // `hpcc` preset (notes/baselines.md §3.3: rate-decrease check every 4 µs, increases from
      // the timer only, no byte counter); the paper RP cuts on the CNP and counts 10 MB.
      decreaseTimerNs: mellanoxRp ? 4_000 : 0,
      increaseTimerNs: 55_000,
      byteCounterBytes: mellanoxRp ? 0 : 10_000_000,
      fastRecoverySteps: 5,
      aiMbps: Math.min(40, lineMbps),
      haiMbps: Math.min(200, lineMbps),
      rateOnFirstCnp: 1,
      cnpIntervalNs: 50_000,
      windowBytes: 0,
      rp: "paper",
      clampTargetRate: true,
      hyperHalving: true,
      deferredCnp: true,
      varWindow: false,
    };
  } else {
    const paperTimers = profile === "hpcc-paper";
    p = {
      profile,
      linkGbps,
      initRateGbps: linkGbps,
      minRateMbps: minRate(1000),
      g: 1 / 256,
      initialAlpha: 1,
      alphaTimerNs: paperTimers ? 50_000 : 1_000,
      decreaseTimerNs: paperTimers ? 50_000 : 4_000,
      increaseTimerNs: paperTimers ? 55_000 : 300_000,
      byteCounterBytes: 0,
      fastRecoverySteps: 1,
      // 5·bw/25 and 50·bw/25 Mb/s stay below the line rate (1000·bw Mb/s) at every bw.
      aiMbps: (5 * linkGbps) / 25,
      haiMbps: (50 * linkGbps) / 25,
      rateOnFirstCnp: 1,
      cnpIntervalNs: 0,
      windowBytes: 0,
      rp: "mellanox",
      clampTargetRate: false,
      hyperHalving: false,
      deferredCnp: false,
      varWindow: false,
    };
  }
  const MAX_NS = 2 ** 30;
  return resolveParams("Dcqcn", p, input, (q) => ({
    // First: the decreaseTimerNs and byteCounterBytes rules below depend on it.
    rp: rule.oneOf("paper", "mellanox"),
    linkGbps: rule.num(0.001, 2000),
    minRateMbps: rule.num(0.001, q.linkGbps * 1000),
    initRateGbps: rule.num(q.minRateMbps / 1000, q.linkGbps),
    g: rule.num(1 / 65536, 1),
    initialAlpha: rule.num(0, 1),
    alphaTimerNs: rule.num(1, MAX_NS),
    // The paper RP cuts on the CNP and never uses the decrease timer.
    decreaseTimerNs: rule.num(q.rp === "paper" ? 0 : 1, MAX_NS),
    increaseTimerNs: rule.num(2, MAX_NS),
    // The Mellanox RP increases on its timer only (notes/baselines.md §3.3): its decrease check
    // resets the time stage alone, so a byte counter beside it would never restart fast recovery.
    byteCounterBytes: rule.must(
      isIntIn(q.byteCounterBytes, 0, 2 ** 30) && q.byteCounterBytes !== 1 && (q.rp === "paper" || q.byteCounterBytes === 0),
      "0 or an integer in [2, 2^30]; 0 with rp mellanox (timer only)",
    ),
    fastRecoverySteps: rule.int(0, 1000),
    aiMbps: rule.num(0, q.linkGbps * 1000),
    haiMbps: rule.num(0, q.linkGbps * 1000),
    rateOnFirstCnp: rule.num(0, 1),
    cnpIntervalNs: rule.num(0, MAX_NS),
    windowBytes: rule.int(0, 2 ** 30),
    clampTargetRate: rule.bool,
    hyperHalving: rule.bool,
    deferredCnp: rule.bool,
    varWindow: rule.bool,
  }));
}
