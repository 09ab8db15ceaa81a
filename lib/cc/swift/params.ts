// Swift parameters: four profiles (DESIGN.md rule 6) and the derived flow-scaling constants.
//
// Sources (notes/baselines.md §1; the notes tag each value [code] or [paper?]):
//   google  — Google's open-sourced Swift in the Isekai Falcon simulator (rue/algorithm/swift.h,
//             swift.cc; defaults commented "come from Swift in Pony"), §1.7 first column.
//   paper   — Swift (Kumar et al., SIGCOMM 2020) Alg. 1 behaviour with the constants of `google`
//             (the paper's authors' production values), except the window floor of 0.001
//             packets the notes recall from the paper ([paper?], not re-read here). Alg. 1's
//             timeout rule (`timeoutRule: "alg1"`: every gated timeout below the limit cuts by
//             max_mdf, the limit drops to the floor ungated) and its fast recovery clearing the
//             timeout count (`nackResetsRetransmits`), as csg-htsim swift.cpp does too.
//   htsim   — csg-htsim `swift.cpp` (the Swift the SMaRTT/NSCC paper §IV compares against),
//             §1.7 second column; its comments call most values guesses.
//   reflex  — `paper` with Reflex §II-C's settings: base_delay 200 ns, hop_delay 1 µs.
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

import { checkParamNames, profileParam, resolveParams, rule } from "../../core/params";

export type SwiftProfile = "paper" | "google" | "htsim" | "reflex";

export interface SwiftConstants {
  /** Bytes per packet: windows are kept in packets (Swift §3) and reported in bytes. */
  mtuBytes: number;
  /** base_target: the target delay of one hop with few flows (rounded to the nearest ns). */
  baseTargetNs: number;
  /** h: target added per forward hop (topology scaling). */
  hopScalingNs: number;
  /** fs_range: the most flow scaling can add to the target (floored to ns for the clamp; α uses it as given). */
  fsRangeNs: number;
  /** Flow scaling adds the full fs_range at or below this window (packets). */
  fsMinCwndPkts: number;
  /** Flow scaling adds nothing at or above this window (packets). */
  fsMaxCwndPkts: number;
  /** ai: additive increase per RTT, in packets. */
  aiPkts: number;
  /** β: multiplicative-decrease gain per unit of (delay − target)/delay. */
  beta: number;
  /** max_mdf: the largest fraction one decrease removes. */
  maxMdf: number;
  /** Fabric window floor (packets); htsim's is 10 B, i.e. 10 / mtuBytes packets at any MTU. */
  minCwndPkts: number;
  /**
   * Fabric window ceiling (packets), in [minCwndPkts, 32767] (Q16 packets in an int32): no
   * increase takes cwnd above it. 256 (Isekai max_fabric_congestion_window: `google`, `paper`,
   * `reflex`), 1000 (htsim). Outside htsim it is also fs_max's default (Isekai
   * DefaultConfiguration).
   */
  maxCwndPkts: number;
  /** Window of a newly opened flow. */
  initCwndPkts: number;
  /** Consecutive timeouts after which the window drops to minCwndPkts. */
  retransmitLimit: number;
  /** EWMA weight of the old value in the smoothed RTT (Isekai 0.75, htsim 7/8). */
  rttSmoothing: number;
  /** EWMA weight of the old value in the smoothed delay (Isekai delay_smoothing_alpha; 0 = none). */
  delaySmoothing: number;
  /** RTO floor (for `rtoNs`; rounded to the nearest ns). */
  minRtoNs: number;
  /** RTO = max(minRto, rtoScalar × srtt + pacing gap) (Isekai GetRetransmitTimeout). */
  rtoScalar: number;
  /**
   * Endpoint (NIC) window target on the remote host delay (rounded to the nearest ns); 0 disables
   * the endpoint window, which otherwise opens at maxEcwndPkts.
   */
  endpointTargetNs: number;
  /** Endpoint window floor (packets), in [1/65536, 32767]: no decrease takes ecwnd below it. Default 1 (Isekai). */
  minEcwndPkts: number;
  /**
   * Endpoint window ceiling (packets), in [minEcwndPkts, 32767]: ecwnd opens at it and no increase
   * takes it above. Default 256 (Isekai), or minEcwndPkts when that is given above it.
   */
  maxEcwndPkts: number;
}

export interface SwiftBehaviour {
  /** A NACK (loss or trim) cuts the window by max_mdf once per RTT (paper Alg. 1 fast recovery). */
  lossDecrease: boolean;
  /** The once-per-RTT decrease gate compares with the RTT sample (Isekai) or the smoothed RTT (htsim). */
  decreaseGate: "sample" | "smoothed";
  /**
   * A NACK clears the consecutive-timeout count, as an ACK does (Alg. 1 "On Fast Recovery":
   * retransmit_cnt ← 0; htsim: adjust_cwnd runs on every ACK, duplicates included, and fast
   * recovery's end resets the count too). Default false (`google`: Isekai's count is Falcon's),
   * true (`paper`, `reflex`, `htsim`).
   */
  nackResetsRetransmits: boolean;
  /**
   * How a timeout moves the window (`onTimeout`). "isekai" (Isekai
   * ComputeTimeoutFabricCongestionWindow): nothing while an RTT (smoothed) has not passed since
   * the last decrease; then a timeout counted 1 cuts by max_mdf, one counted retransmitLimit or
   * more drops the window to minCwndPkts, and the 2nd to (retransmitLimit − 1)-th change nothing.
   * "alg1" (Swift Alg. 1 "On Retransmit Timeout"; csg-htsim swift.cpp SwiftSubflowSrc::doNextEvent):
   * a timeout counted retransmitLimit or more drops the window to minCwndPkts whatever the gate,
   * and every timeout below the limit cuts by max_mdf once an RTT (smoothed) has passed since the
   * last decrease. Default "isekai" (`google`), "alg1" (`paper`, `reflex`, `htsim`).
   */
  timeoutRule: "isekai" | "alg1";
}

export type SwiftParams = SwiftConstants & SwiftBehaviour & {
  /**
   * Which source's defaults the others take (head of params.ts): `google` (default, Isekai
   * swift.h), `paper` (Alg. 1 with Google's constants, window floor 0.001, Alg. 1's loss and
   * timeout rules), `htsim`
   * (csg-htsim swift.cpp) or `reflex` (`paper` with Reflex §II-C's base and hop delay). A given
   * parameter overrides its profile's value.
   */
  profile: SwiftProfile;
};
export type SwiftParamsInput = Partial<SwiftParams>;

const CONSTANT_NAMES: readonly (keyof SwiftConstants)[] = [
  "mtuBytes", "baseTargetNs", "hopScalingNs", "fsRangeNs", "fsMinCwndPkts", "fsMaxCwndPkts", "aiPkts", "beta",
  "maxMdf", "minCwndPkts", "maxCwndPkts", "initCwndPkts", "retransmitLimit", "rttSmoothing", "delaySmoothing",
  "minRtoNs", "rtoScalar", "endpointTargetNs", "minEcwndPkts", "maxEcwndPkts",
];
const BEHAVIOUR_NAMES: readonly (keyof SwiftBehaviour)[] = [
  "lossDecrease", "decreaseGate", "nackResetsRetransmits", "timeoutRule",
];
export const SWIFT_PARAM_NAMES: readonly string[] = Object.freeze(["profile", ...CONSTANT_NAMES, ...BEHAVIOUR_NAMES]);

/** The window is Q16 packets in an int32: at most 32767 packets. */
export const SWIFT_MAX_CWND_PKTS = 32767;

/** csg-htsim SwiftSrc::SwiftSrc: _h = _base_delay / 6.55, _fs_range = 5 × _base_delay. */
const HTSIM_H_DIV = 6.55;
const HTSIM_FS_RANGE_PER_BASE = 5;

const GOOGLE: SwiftConstants & SwiftBehaviour = {
  mtuBytes: 4096,
  baseTargetNs: 25_000,
  hopScalingNs: 1_000,
  fsRangeNs: 100_000,
  fsMinCwndPkts: 0.1,
  fsMaxCwndPkts: 256,
  aiPkts: 1,
  beta: 0.8,
  maxMdf: 0.5,
  minCwndPkts: 0.01,
  maxCwndPkts: 256,
  // An RDMA flow starts at line rate (Reflex §II-C observation 1); Isekai leaves it to the caller.
  // The default is this value held in [minCwndPkts, maxCwndPkts] (resolveSwiftParams).
  initCwndPkts: 256,
  retransmitLimit: 3,
  rttSmoothing: 0.75,
  delaySmoothing: 0,
  minRtoNs: 250_000,
  rtoScalar: 2,
  endpointTargetNs: 0,
  minEcwndPkts: 1,
  maxEcwndPkts: 256,
  // Isekai: max_decrease_on_eack_nack_drop defaults to false.
  lossDecrease: false,
  decreaseGate: "sample",
  // Isekai: the retransmission count is Falcon's, which a NACK does not clear.
  nackResetsRetransmits: false,
  // Isekai ComputeTimeoutFabricCongestionWindow: the first timeout cuts, the limit floors, both gated.
  timeoutRule: "isekai",
};

/**
 * Swift Alg. 1's loss and timeout behaviour: fast recovery cuts by max_mdf once per RTT and sets
 * retransmit_cnt to 0; "On Retransmit Timeout" floors the window at RETX_RESET_THRESHOLD
 * (ungated) and otherwise cuts by max_mdf when can_decrease (csg-htsim swift.cpp likewise).
 */
const ALG1: Pick<SwiftBehaviour, "lossDecrease" | "nackResetsRetransmits" | "timeoutRule"> = {
  lossDecrease: true,
  nackResetsRetransmits: true,
  timeoutRule: "alg1",
};

const PROFILES: { readonly [P in SwiftProfile]: SwiftConstants & SwiftBehaviour } = {
  google: GOOGLE,
  paper: { ...GOOGLE, ...ALG1, minCwndPkts: 0.001 },
  reflex: { ...GOOGLE, ...ALG1, minCwndPkts: 0.001, baseTargetNs: 200, hopScalingNs: 1_000 },
  htsim: {
    ...GOOGLE,
    // h and fs_range from the base (HTSIM_H_DIV, HTSIM_FS_RANGE_PER_BASE); both follow a given
    // base target (resolveSwiftParams).
    baseTargetNs: 20_000,
    hopScalingNs: 20_000 / HTSIM_H_DIV,
    fsRangeNs: HTSIM_FS_RANGE_PER_BASE * 20_000,
    // Its own constant beside max_cwnd 1000: α and β both use it (SwiftSrc::SwiftSrc).
    fsMaxCwndPkts: 100,
    minCwndPkts: 10 / 4096, // htsim: 10 bytes
    maxCwndPkts: 1000,
    initCwndPkts: 15, // main_swift default
    retransmitLimit: 5,
    rttSmoothing: 7 / 8,
    minRtoNs: 100_000,
    // Alg. 1's loss cut and timeout rule (doNextEvent), and the count cleared by a NACK: adjust_cwnd
    // sets _retransmit_cnt = 0 on every ACK, duplicates included, and handle_ack at SWIFT_RCV_FR_END.
    ...ALG1,
    decreaseGate: "smoothed",
  },
};

/**
 * Flow-scaling α and β of the target curve α/√cwnd + β (Isekai CalculateFlowScalingAlpha/Beta):
 * α = fs_range / (1/√fs_min − 1/√fs_max), β = −α/√fs_max, so the curve is fs_range at fs_min
 * and 0 at fs_max.
 */
export function flowScaling(fsRangeNs: number, fsMinCwndPkts: number, fsMaxCwndPkts: number): { alphaNs: number; betaNs: number } {
  const alphaNs = fsRangeNs / (1 / Math.sqrt(fsMinCwndPkts) - 1 / Math.sqrt(fsMaxCwndPkts));
  return { alphaNs, betaNs: -alphaNs / Math.sqrt(fsMaxCwndPkts) };
}

/**
 * Fills every parameter from the profile (default `google`).
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveSwiftParams(input: SwiftParamsInput = {}): SwiftParams {
  checkParamNames("Swift", input, SWIFT_PARAM_NAMES);
  const profile = profileParam("Swift", input.profile, Object.keys(PROFILES) as SwiftProfile[], "google");
  const defaults: SwiftParams = { ...PROFILES[profile], profile };
  // htsim's 10-byte floor is a byte count: keep it 10 bytes when only the MTU is overridden.
  if (profile === "htsim" && input.mtuBytes !== undefined) defaults.minCwndPkts = 10 / input.mtuBytes;
  const MAX_NS = 2 ** 30;
  const MAX_HOP_NS = 2 ** 24;
  const MAX_PKTS = SWIFT_MAX_CWND_PKTS;
  // csg-htsim SwiftSrc::SwiftSrc derives h = base/6.55 and fs_range = 5 × base (set_hdiv divides
  // the base too), so with a base target given alone they follow it, held within their ranges
  // (from a base of 2^24 × 6.55 ns ≈ 110 ms and 2^30 / 5 ns ≈ 215 ms). A base out of its own
  // range leaves them alone, so that its own rule reports it.
  const base = input.baseTargetNs;
  if (profile === "htsim" && typeof base === "number" && base >= 0 && base <= MAX_NS) {
    defaults.hopScalingNs = Math.min(base / HTSIM_H_DIV, MAX_HOP_NS);
    defaults.fsRangeNs = Math.min(HTSIM_FS_RANGE_PER_BASE * base, MAX_NS);
  }
  // A floor given alone may lie above the profile's ceiling (its rule is absolute, the ceiling's
  // is relative to it): the ceiling's default then rises to meet it, so that every parameter can
  // be overridden alone (DESIGN.md rules 6–7). Values given together are checked as given.
  const minCwnd = input.minCwndPkts ?? defaults.minCwndPkts;
  defaults.maxCwndPkts = Math.max(defaults.maxCwndPkts, minCwnd);
  defaults.maxEcwndPkts = Math.max(defaults.maxEcwndPkts, input.minEcwndPkts ?? defaults.minEcwndPkts);
  // Flow scaling needs fs_max > fs_min: an fs_min at or above the fs_max it would otherwise take
  // (outside htsim the resolved ceiling, below) moves fs_max to the largest window, 32767 packets
  // (no source gives a value; the curve then spans every window above fs_min). Hence fs_min's
  // rule stops short of 32767.
  // Isekai ConvertProfileToParameters computes β = CalculateFlowScalingBeta(α,
  // max_fabric_congestion_window), and DefaultConfiguration sets fs_max "Same as
  // max_fabric_congestion_window": outside htsim, fs_max follows the ceiling (an out-of-range
  // ceiling leaves it alone, so that the ceiling's own rule reports it).
  const maxCwnd = input.maxCwndPkts ?? defaults.maxCwndPkts;
  if (profile !== "htsim" && maxCwnd > 0 && maxCwnd <= MAX_PKTS) defaults.fsMaxCwndPkts = maxCwnd;
  const fsMin = input.fsMinCwndPkts ?? defaults.fsMinCwndPkts;
  if (fsMin >= defaults.fsMaxCwndPkts) defaults.fsMaxCwndPkts = MAX_PKTS;
  // A flow starts at the profile's initial window (the ceiling: line rate), held in [min, max].
  defaults.initCwndPkts = Math.min(Math.max(defaults.initCwndPkts, minCwnd), maxCwnd);
  return resolveParams("Swift", defaults, input, (p) => ({
    mtuBytes: rule.int(64, 65535),
    baseTargetNs: rule.num(0, MAX_NS),
    hopScalingNs: rule.num(0, MAX_HOP_NS),
    fsRangeNs: rule.num(0, MAX_NS),
    // [1/65536, 32767): fs_max must lie above it and is at most 32767.
    fsMinCwndPkts: rule.num(1 / 65536, MAX_PKTS, "[)"),
    fsMaxCwndPkts: rule.num(p.fsMinCwndPkts, MAX_PKTS, "(]"),
    aiPkts: rule.num(0, 16),
    beta: rule.num(0, 16),
    maxMdf: rule.num(0, 1),
    minCwndPkts: rule.num(1 / 65536, MAX_PKTS),
    maxCwndPkts: rule.num(p.minCwndPkts, MAX_PKTS),
    initCwndPkts: rule.num(p.minCwndPkts, p.maxCwndPkts),
    retransmitLimit: rule.int(1, 255),
    rttSmoothing: rule.num(0, 1),
    delaySmoothing: rule.num(0, 1),
    minRtoNs: rule.num(0, MAX_NS),
    rtoScalar: rule.num(0, 64),
    // 0: no endpoint window.
    endpointTargetNs: rule.num(0, MAX_NS),
    minEcwndPkts: rule.num(1 / 65536, MAX_PKTS),
    maxEcwndPkts: rule.num(p.minEcwndPkts, MAX_PKTS),
    lossDecrease: rule.bool,
    decreaseGate: rule.oneOf("sample", "smoothed"),
    nackResetsRetransmits: rule.bool,
    timeoutRule: rule.oneOf("isekai", "alg1"),
  }));
}
