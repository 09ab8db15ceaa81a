// DCTCP parameters: RFC 8257 / the paper, and the csg-htsim DCTCP (DESIGN.md rule 6).
//
// Sources (notes/baselines.md §4.1):
//   rfc8257 — DCTCP (Alizadeh et al., SIGCOMM 2010) as specified by RFC 8257 §3.3–3.5: α per
//             window of data with g = 1/16, cwnd ← cwnd (1 − α/2) on the first ECE of a window
//             (then CWR until the data outstanding at the cut is acknowledged), otherwise
//             standard window growth; initial α = 1 (Linux dctcp_alpha_on_init, [paper?/Linux]).
//   htsim   — csg-htsim dctcp.cpp (the DCTCP of htsim-based comparisons): α starts at 0 and is
//             updated once a window's worth of ACKs has arrived; the cut by (1 − α/2) happens at
//             that same boundary whenever α > 0; any ECE ends slow start; growth never pauses.
//   smartt  — Spritz §IV-C / §V-A evaluate with "DCTCP that incorporates the QuickAdapt and
//             FastIncrease techniques from SMaRTT": SMaRTT §III-E Alg. 2 (QuickAdapt, at most once
//             per target RTT, trtt = 1.5 × base RTT, §III-A), §III-F Alg. 3 (FastIncrease, k = 2
//             MTU), Alg. 4 (their place in the ACK and trim paths). Off unless asked for, in
//             either profile.
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

import { checkParamNames, profileParam, resolveParams, rule } from "../../core/params";

export type DctcpProfile = "rfc8257" | "htsim";

export interface DctcpConstants {
  /** SMSS: the unit of window growth and the window floor. */
  mssBytes: number;
  /** g: the α gain (1/16). */
  g: number;
  /**
   * α of a new flow, in [0, 1]: 1 (rfc8257; Linux dctcp_alpha_on_init, the first cut halves the
   * window), 0 (htsim; csg-htsim dctcp.cpp starts α at 0, so the first window boundary cuts
   * nothing).
   */
  initialAlpha: number;
  /**
   * cwnd when a flow opens, bytes, an integer in [mssBytes, maxCwndBytes]: 10 × mssBytes (csg-htsim
   * TcpSrc `_cwnd = 10*_mss`, Linux TCP_INIT_CWND), or maxCwndBytes when that is smaller.
   */
  initCwndBytes: number;
  /** Ceiling of cwnd, bytes, an integer in [mssBytes, 2^30]: no growth or cut sets cwnd above it. Default 2^30 (no ceiling in practice). */
  maxCwndBytes: number;
  /**
   * ssthresh when a flow opens: maxCwndBytes (rfc8257; RFC 5681 §3.1 "arbitrarily high"), 100 ×
   * mssBytes (htsim; csg-htsim TcpSrc::TcpSrc `_ssthresh = 100*_mss`).
   */
  initSsthreshBytes: number;
  /** Base RTT, only for the QuickAdapt interval's default (MPRDMA's default, 12 µs). */
  baseRttNs: number;
  /** trtt: QuickAdapt measures acked bytes over this interval and acts at most once per interval (1.5 × baseRttNs). */
  qaIntervalNs: number;
  /** FastIncrease's step per ACK: k × MTU, k = 2 (SMaRTT §III-F). */
  fiStepBytes: number;
}

export interface DctcpBehaviour {
  /**
   * Where the cut happens: on the first ECE of a window (RFC 8257) or at the window boundary
   * (htsim). It selects that source's ACK and loss paths together (README, Parameters): CWR, the
   * ssthresh rule on a loss or timeout, growth around fast recovery, ECE ending slow start.
   */
  cut: "ece" | "window";
  /** SMaRTT QuickAdapt on trimmed packets (Alg. 2, Alg. 4 lines 2–3, 6–9, 15–21). */
  quickAdapt: boolean;
  /** SMaRTT FastIncrease on unmarked ACKs (Alg. 3; ECN only, as Spritz's DCTCP has no delay signal). */
  fastIncrease: boolean;
}

export type DctcpParams = DctcpConstants & DctcpBehaviour & {
  /**
   * Which source's defaults the others take (head of params.ts): `rfc8257` (default: cut on the
   * first ECE of a window, α from 1) or `htsim` (csg-htsim dctcp.cpp: cut at the window boundary, α
   * from 0, ssthresh 100 MSS). A given parameter overrides its profile's value.
   */
  profile: DctcpProfile;
};
export type DctcpParamsInput = Partial<DctcpParams>;

const NAMES: readonly (keyof DctcpParams)[] = [
  "profile",
  "mssBytes",
  "g",
  "initialAlpha",
  "initCwndBytes",
  "maxCwndBytes",
  "initSsthreshBytes",
  "cut",
  "baseRttNs",
  "qaIntervalNs",
  "fiStepBytes",
  "quickAdapt",
  "fastIncrease",
];
export const DCTCP_PARAM_NAMES: readonly string[] = Object.freeze(NAMES);

/**
 * Fills every parameter from the profile (default `rfc8257`); the initial window is 10 MSS
 * unless given (see `initCwndBytes` below); QuickAdapt and FastIncrease are off unless given.
 * A derived default is clamped into its own range, so that in-range inputs never throw; a value
 * given out of range still does.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveDctcpParams(input: DctcpParamsInput = {}): DctcpParams {
  checkParamNames("Dctcp", input, NAMES);
  const profile = profileParam<DctcpProfile>("Dctcp", input.profile, ["rfc8257", "htsim"], "rfc8257");
  const mssBytes = input.mssBytes ?? 4096;
  const baseRttNs = input.baseRttNs ?? 12_000;
  const maxCwndBytes = input.maxCwndBytes ?? 2 ** 30;
  const defaults: DctcpParams = {
    profile,
    mssBytes,
    g: 1 / 16,
    initialAlpha: profile === "htsim" ? 0 : 1,
    // 10 segments whatever the MSS, as csg-htsim's TcpSrc (`_cwnd = 10*_mss`, which DCTCPSrc
    // inherits) and Linux (TCP_INIT_CWND 10) start; not RFC 6928 §2, whose min(10·MSS, max(2·MSS,
    // 14600 B)) is 14,600 B at MSS 4096. Within the ceiling when that is below 10 MSS.
    initCwndBytes: Math.min(10 * mssBytes, maxCwndBytes),
    maxCwndBytes,
    initSsthreshBytes: profile === "htsim" ? 100 * mssBytes : maxCwndBytes,
    cut: profile === "htsim" ? "window" : "ece",
    baseRttNs,
    // SMaRTT §III-A trtt = 1.5 × base RTT, at most the 2^30 ns a wrapping tick can compare.
    qaIntervalNs: Math.min(Math.round(1.5 * baseRttNs), 2 ** 30),
    fiStepBytes: 2 * mssBytes,
    quickAdapt: false,
    fastIncrease: false,
  };
  return resolveParams("Dctcp", defaults, input, (p) => ({
    mssBytes: rule.int(64, 65535),
    g: rule.num(1 / 65536, 1),
    initialAlpha: rule.num(0, 1),
    maxCwndBytes: rule.int(p.mssBytes, 2 ** 30),
    initCwndBytes: rule.int(p.mssBytes, p.maxCwndBytes),
    // Above maxCwndBytes only means slow start up to the ceiling; 100 × 65,535 < 2^30.
    initSsthreshBytes: rule.int(p.mssBytes, 2 ** 30),
    cut: rule.oneOf("ece", "window"),
    baseRttNs: rule.num(1, 2 ** 30),
    // Intervals are compared as wrapping int32 ns ticks (DESIGN.md rule 5).
    qaIntervalNs: rule.int(1, 2 ** 30),
    fiStepBytes: rule.int(1, 2 ** 24),
    quickAdapt: rule.bool,
    fastIncrease: rule.bool,
  }));
}
