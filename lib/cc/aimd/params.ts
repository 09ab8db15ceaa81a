// AIMD parameters: the TCP-like window of RFC 5681, as the baseline of the endpoint-congestion
// paper (Chong & Krishnan §III-A "TCP-like": "a standard additive increase, multiplicative
// decrease (AIMD) congestion window … [17]", [17] = RFC 5681) and of the lib/cc baselines.
//
// Every value is in human units with the unit in its name; all are overridable by name.

import { resolveParams, rule } from "../../core/params";

export interface AimdParams {
  /** Sender maximum segment size (RFC 5681 SMSS): the slow-start step and the default increase. */
  mssBytes: number;
  /** Window at open; RFC 5681 §3.1 eq. (1) IW = min(4·SMSS, max(2·SMSS, 4380 B)) unless given. */
  initialCwndBytes: number;
  /** Floor of the window (never below one MSS, so a segment always fits). */
  minCwndBytes: number;
  /** Ceiling of the window. */
  maxCwndBytes: number;
  /** Additive increase per window of acknowledged bytes (RFC 5681 eq. (3); RFC 3465 §2.1). */
  increaseBytes: number;
  /** Multiplicative decrease on a loss or NACK: cwnd × factor (RFC 5681 eq. (4) halves). */
  decreaseFactor: number;
  /** Grow by min(acked, MSS) per ACK while cwnd < ssthresh (RFC 5681 §3.1 eq. (2)). */
  slowStart: boolean;
  /** ssthresh at open; RFC 5681 §3.1 "arbitrarily high": the ceiling unless given. */
  initialSsthreshBytes: number;
  /** Window after a retransmission timeout (RFC 5681 §3.1 loss window LW = 1 SMSS). */
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
/** RFC 5681 §3.1 eq. (1): the 4380-byte term of the initial window. */
const RFC5681_IW_BYTES = 4380;
/** The default ceiling (16 MiB): far above any datacenter BDP; set it to bound the window. */
export const AIMD_DEFAULT_MAX_CWND_BYTES = 1 << 24;
const MAX_BYTES = 1 << 30;

export const AIMD_PARAM_NAMES: readonly (keyof AimdParams)[] = [
  "mssBytes", "initialCwndBytes", "minCwndBytes", "maxCwndBytes", "increaseBytes", "decreaseFactor",
  "slowStart", "initialSsthreshBytes", "timeoutCwndBytes", "oncePerWindow",
];

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
    // RFC 5681 §3.1 eq. (1), capped by the ceiling.
    initialCwndBytes: Math.min(Math.min(4 * mss, Math.max(2 * mss, RFC5681_IW_BYTES)), maxCwnd),
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
    decreaseFactor: rule.num(0, 1, "[)"),
    slowStart: rule.bool,
    initialSsthreshBytes: rule.int(p.minCwndBytes, MAX_BYTES),
    timeoutCwndBytes: rule.int(p.minCwndBytes, p.maxCwndBytes),
    oncePerWindow: rule.bool,
  }));
}
