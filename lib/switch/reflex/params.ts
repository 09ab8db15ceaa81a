// Reflex parameters: Table I of the paper, with its two pseudo-ACK intervals as profiles.
//
// Source: Reflex (Liu, Zhang, Zhang, Wang) Table I "Parameter settings of Reflex":
//   T_src_thresh 5 µs, T_dst_thresh 10 µs, T_interval 5 µs (TIMELY) / 3 µs (Swift), N_cool 5,
//   α 0.7, N_throttle 8, T_maxpause 500 µs.
// The NDT queue sizes are not in the paper; they are this module's: 16 MiB per queue, so that one
// port's Normal and Controlled queues together hold 32 MiB (a 32 MB ESW buffer, as in the DCP and
// HPCC setups). The limit is per queue and does not shrink with more ports.

import { checkParamNames, profileParam, resolveParams, rule } from "../../core/params";

export type ReflexProfile = "timely" | "swift";

export interface ReflexParams {
  /**
   * Which of Table I's two pseudo-ACK intervals tIntervalNs defaults to: `timely` (default, 5 µs)
   * or `swift` (3 µs), the end-host congestion control Reflex runs beside; the other Table I
   * values are the same in both. A given parameter overrides its profile's value.
   */
  profile: ReflexProfile;
  /** NSF: a flow whose near-source delay T_src exceeds this is congested at the source DC. */
  tSrcThreshNs: number;
  /** NDT: a flow whose near-destination RTT_dst exceeds this is congested at the destination DC. */
  tDstThreshNs: number;
  /** NSF: one pseudo-ACK per interval while Active or Cooling. */
  tIntervalNs: number;
  /** NSF: packets of Cooling before Silent. */
  nCool: number;
  /**
   * NDT: 0 … 1, at most six decimals, tested in ppm (round(α · 10^6)). A pause of the Controlled
   * queues starts on an ACK that finds Congested flows / active flows > α and ends on one that
   * finds it ≤ α, or after tMaxPauseNs; 1 never pauses.
   */
  alpha: number;
  /** NDT: WRR weight of the normal queue against 1 for the controlled queue. */
  nThrottle: number;
  /** NDT: the longest pause of the controlled queue. */
  tMaxPauseNs: number;
  /** NDT: egress ports whose two queues the table holds. */
  ports: number;
  /** NDT: packet handles are integers below this. */
  handleCapacity: number;
  /** NDT: drop-tail limit of each queue, bytes. */
  queueLimitBytes: number;
  /** NDT: largest packet onEnqueue accepts, bytes (1 … mtuBytes); NSF takes no sizes. */
  mtuBytes: number;
}

export type ReflexParamsInput = Partial<ReflexParams>;

const NAMES: readonly (keyof ReflexParams)[] = [
  "profile", "tSrcThreshNs", "tDstThreshNs", "tIntervalNs", "nCool", "alpha", "nThrottle", "tMaxPauseNs",
  "ports", "handleCapacity", "queueLimitBytes", "mtuBytes",
];
export const REFLEX_PARAM_NAMES: readonly string[] = Object.freeze(NAMES);

/**
 * Table I defaults for the profile (default `timely`) plus overrides.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveReflexParams(input: ReflexParamsInput = {}): ReflexParams {
  checkParamNames("Reflex", input, NAMES);
  const profile = profileParam<ReflexProfile>("Reflex", input.profile, ["timely", "swift"], "timely");
  const defaults: ReflexParams = {
    profile,
    tSrcThreshNs: 5000,
    tDstThreshNs: 10_000,
    tIntervalNs: profile === "swift" ? 3000 : 5000,
    nCool: 5,
    alpha: 0.7,
    nThrottle: 8,
    tMaxPauseNs: 500_000,
    ports: 1,
    handleCapacity: 65536,
    queueLimitBytes: 16 * 1024 * 1024,
    mtuBytes: 9216,
  };
  return resolveParams("Reflex", defaults, input, (p) => ({
    tSrcThreshNs: rule.int(0, 2 ** 30),
    tDstThreshNs: rule.int(0, 2 ** 30),
    tIntervalNs: rule.int(0, 2 ** 30),
    nCool: rule.int(0, 255),
    // α in parts per million keeps the share test exact for any decimal α of up to six digits.
    alpha: rule.must(
      typeof p.alpha === "number" && p.alpha >= 0 && p.alpha <= 1 && Math.abs(p.alpha * 1e6 - Math.round(p.alpha * 1e6)) < 1e-6,
      "in [0, 1] with at most six decimals",
    ),
    nThrottle: rule.int(1, 1_000_000),
    tMaxPauseNs: rule.int(1, 2 ** 30),
    ports: rule.int(1, 1 << 16),
    handleCapacity: rule.int(1, 1 << 24),
    queueLimitBytes: rule.int(1, 2 ** 30),
    mtuBytes: rule.int(64, 0xfffff),
  }));
}
