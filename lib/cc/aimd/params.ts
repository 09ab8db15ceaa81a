// AIMD parameters: the TCP-like window of RFC 5681, as the baseline of the endpoint-congestion
// paper (Chong & Krishnan §III-A "TCP-like": "a standard additive increase, multiplicative
// decrease (AIMD) congestion window … [17]", [17] = RFC 5681) and of the lib/cc baselines.
//
// Every value is in human units with the unit in its name; all are overridable by name.

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

function pick<K extends keyof AimdParams>(input: AimdParamsInput, name: K, fallback: AimdParams[K]): AimdParams[K] {
  const v = input[name];
  return v === undefined ? fallback : (v as AimdParams[K]);
}

/**
 * Fills every parameter from its default (derived from mssBytes where RFC 5681 says so).
 * @throws RangeError for an unknown name or a value out of range.
 */
export function resolveAimdParams(input: AimdParamsInput = {}): AimdParams {
  for (const k of Object.keys(input)) {
    if ((AIMD_PARAM_NAMES as readonly string[]).indexOf(k) < 0) throw new RangeError(`Aimd: unknown parameter ${k}`);
  }
  const mss = pick(input, "mssBytes", AIMD_DEFAULT_MSS_BYTES);
  need(isInt(mss, 1, 1 << 24), "mssBytes must be an integer in [1, 2^24]");
  const maxCwnd = pick(input, "maxCwndBytes", AIMD_DEFAULT_MAX_CWND_BYTES);
  const minCwnd = pick(input, "minCwndBytes", mss);
  const p: AimdParams = {
    mssBytes: mss,
    // RFC 5681 §3.1 eq. (1), capped by the ceiling.
    initialCwndBytes: pick(input, "initialCwndBytes", Math.min(Math.min(4 * mss, Math.max(2 * mss, RFC5681_IW_BYTES)), maxCwnd)),
    minCwndBytes: minCwnd,
    maxCwndBytes: maxCwnd,
    increaseBytes: pick(input, "increaseBytes", mss),
    decreaseFactor: pick(input, "decreaseFactor", 0.5),
    slowStart: pick(input, "slowStart", true),
    initialSsthreshBytes: pick(input, "initialSsthreshBytes", maxCwnd),
    timeoutCwndBytes: pick(input, "timeoutCwndBytes", minCwnd),
    oncePerWindow: pick(input, "oncePerWindow", true),
  };
  need(isInt(p.maxCwndBytes, mss, MAX_BYTES), "maxCwndBytes must be an integer in [mssBytes, 2^30]");
  need(isInt(p.minCwndBytes, mss, p.maxCwndBytes), "minCwndBytes must be an integer in [mssBytes, maxCwndBytes]");
  need(isInt(p.initialCwndBytes, p.minCwndBytes, p.maxCwndBytes), "initialCwndBytes must be an integer in [minCwndBytes, maxCwndBytes]");
  need(isInt(p.increaseBytes, 0, MAX_BYTES), "increaseBytes must be an integer in [0, 2^30]");
  need(typeof p.decreaseFactor === "number" && p.decreaseFactor >= 0 && p.decreaseFactor < 1, "decreaseFactor must be in [0, 1)");
  need(typeof p.slowStart === "boolean", "slowStart must be a boolean");
  need(isInt(p.initialSsthreshBytes, p.minCwndBytes, MAX_BYTES), "initialSsthreshBytes must be an integer in [minCwndBytes, 2^30]");
  need(isInt(p.timeoutCwndBytes, p.minCwndBytes, p.maxCwndBytes), "timeoutCwndBytes must be an integer in [minCwndBytes, maxCwndBytes]");
  need(typeof p.oncePerWindow === "boolean", "oncePerWindow must be a boolean");
  return p;
}

function isInt(x: unknown, lo: number, hi: number): boolean {
  return typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
}

function need(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`Aimd: ${what}`);
}
