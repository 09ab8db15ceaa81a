// AIMD parameters: the TCP-like window of RFC 5681, as the baseline of the endpoint-congestion
// paper (Chong & Krishnan §III-A "TCP-like": "a standard additive increase, multiplicative
// decrease (AIMD) congestion window … [17]", [17] = RFC 5681) and of the lib/cc baselines.
//
// Every value is in human units with the unit in its name; all are overridable by name.

import { resolveParams, rule } from "../../core/params";

export interface AimdParams {
  /** Sender maximum segment size (RFC 5681 SMSS): the slow-start step and the default increase. */
  mssBytes: number;
  /**
   * Window at open; unless given, RFC 5681 §3.1's IW: 2·SMSS if SMSS > 2190 B, 3·SMSS if
   * 1095 B < SMSS ≤ 2190 B, 4·SMSS if SMSS ≤ 1095 B, clamped to [minCwndBytes, maxCwndBytes].
   */
  initialCwndBytes: number;
  /** Floor of the window, in [mssBytes, maxCwndBytes] so a segment always fits; mssBytes unless given. */
  minCwndBytes: number;
  /** Ceiling of the window, in [mssBytes, 2^30]; 2^24 (16 MiB) unless given. */
  maxCwndBytes: number;
  /** Additive increase per window of acknowledged bytes (RFC 5681 eq. (3); RFC 3465 §2.1); mssBytes unless given. */
  increaseBytes: number;
  /** Multiplicative decrease on a loss or NACK: cwnd × factor (RFC 5681 eq. (4) halves). */
  decreaseFactor: number;
  /** Grow by min(acked, MSS) per ACK while cwnd < ssthresh (RFC 5681 §3.1 eq. (2)). */
  slowStart: boolean;
  /** ssthresh at open; RFC 5681 §3.1 "arbitrarily high": the ceiling unless given. */
  initialSsthreshBytes: number;
  /**
   * Window after a retransmission timeout (RFC 5681 §3.1 loss window LW = 1 SMSS), in
   * [minCwndBytes, maxCwndBytes]; minCwndBytes unless given, so a 2·SMSS floor gives a 2·SMSS LW.
   */
  timeoutCwndBytes: number;
  /**
   * At most one decrease per window of data: losses of bytes that were in flight when the
   * window was cut do not cut it again (the NewReno recovery point of RFC 6582, in bytes).
   */
  oncePerWindow: boolean;
}

export type AimdParamsInput = Partial<AimdParams>;

/** A 4 KiB segment: the payload of the 4 KiB MTU the other lib/cc modules default to. */
export const AIMD_DEFAULT_MSS_BYTES = 4096;
/** RFC 5681 §3.1: the SMSS bounds of the initial-window rule (2, 3 or 4 segments). */
const RFC5681_IW_TWO_ABOVE_BYTES = 2190;
const RFC5681_IW_FOUR_UPTO_BYTES = 1095;
/** The default ceiling (16 MiB): far above any datacenter BDP; set it to bound the window. */
export const AIMD_DEFAULT_MAX_CWND_BYTES = 1 << 24;
const MAX_BYTES = 1 << 30;

export const AIMD_PARAM_NAMES: readonly (keyof AimdParams)[] = Object.freeze([
  "mssBytes", "initialCwndBytes", "minCwndBytes", "maxCwndBytes", "increaseBytes", "decreaseFactor",
  "slowStart", "initialSsthreshBytes", "timeoutCwndBytes", "oncePerWindow",
]);

/** RFC 5681 §3.1 IW: 2, 3 or 4 segments of `mssBytes` by the SMSS bounds 2190 and 1095 bytes. */
function rfc5681InitialWindowBytes(mssBytes: number): number {
  if (mssBytes > RFC5681_IW_TWO_ABOVE_BYTES) return 2 * mssBytes;
  if (mssBytes > RFC5681_IW_FOUR_UPTO_BYTES) return 3 * mssBytes;
  return 4 * mssBytes;
}

/**
 * Fills every parameter from its default (derived from mssBytes where RFC 5681 says so).
 * @throws RangeError for an unknown name or a value out of range.
 */
export function resolveAimdParams(input: AimdParamsInput = {}): AimdParams {
  const mss = input.mssBytes ?? AIMD_DEFAULT_MSS_BYTES;
  const maxCwnd = input.maxCwndBytes ?? AIMD_DEFAULT_MAX_CWND_BYTES;
  const minCwnd = input.minCwndBytes ?? mss;
  const defaults: AimdParams = {
    mssBytes: mss,
    // RFC 5681 §3.1 IW, clamped to [floor, ceiling] (its rule; DESIGN.md rules 6/7: a floor or
    // ceiling given alone must not make the derived default illegal). Math.max first, so a floor
    // above the ceiling (refused by the minCwndBytes rule) is reported there. (RFC 3390's
    // min(4·MSS, max(2·MSS, 4380 B)) differs for 1095 B < SMSS ≤ 2190 B: it allows more than the
    // three segments RFC 5681 permits below 1460 B, fewer above.)
    initialCwndBytes: Math.min(Math.max(rfc5681InitialWindowBytes(mss), minCwnd), maxCwnd),
    minCwndBytes: minCwnd,
    maxCwndBytes: maxCwnd,
    increaseBytes: mss,
    decreaseFactor: 0.5,
    slowStart: true,
    initialSsthreshBytes: maxCwnd,
    timeoutCwndBytes: minCwnd,
    oncePerWindow: true,
  };
  return resolveParams("Aimd", defaults, input, (p) => ({
    mssBytes: rule.int(1, 1 << 24),
    maxCwndBytes: rule.int(p.mssBytes, MAX_BYTES),
    minCwndBytes: rule.int(p.mssBytes, p.maxCwndBytes),
    initialCwndBytes: rule.int(p.minCwndBytes, p.maxCwndBytes),
    increaseBytes: rule.int(0, MAX_BYTES),
    // Held in Q16 (rounded): above 65535/65536 it would round to 1, a "cut" that keeps cwnd.
    decreaseFactor: rule.num(0, 65535 / 65536),
    slowStart: rule.bool,
    initialSsthreshBytes: rule.int(p.minCwndBytes, MAX_BYTES),
    timeoutCwndBytes: rule.int(p.minCwndBytes, p.maxCwndBytes),
    oncePerWindow: rule.bool,
  }));
}
