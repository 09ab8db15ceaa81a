// Reflex parameters: Table I of the paper, with its two pseudo-ACK intervals as profiles.
//
// Source: Reflex (Liu, Zhang, Zhang, Wang) Table I "Parameter settings of Reflex":
//   T_src_thresh 5 µs, T_dst_thresh 10 µs, T_interval 5 µs (TIMELY) / 3 µs (Swift), N_cool 5,
//   α 0.7, N_throttle 8, T_maxpause 500 µs.
// The NDT queue sizes are not in the paper; they are this module's (a 32 MB ESW buffer, as in the
// DCP and HPCC setups, split over the ports).

export type ReflexProfile = "timely" | "swift";

export interface ReflexParams {
  profile: ReflexProfile;
  /** NSF: a flow whose near-source delay T_src exceeds this is congested at the source DC. */
  tSrcThreshNs: number;
  /** NDT: a flow whose near-destination RTT_dst exceeds this is congested at the destination DC. */
  tDstThreshNs: number;
  /** NSF: one pseudo-ACK per interval while Active or Cooling. */
  tIntervalNs: number;
  /** NSF: packets of Cooling before Silent. */
  nCool: number;
  /** NDT: pause the controlled queue while controlled flows / active flows > alpha. */
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
  /** Largest packet accepted. */
  mtuBytes: number;
}

export type ReflexParamsInput = Partial<ReflexParams>;

const NAMES: readonly (keyof ReflexParams)[] = [
  "profile", "tSrcThreshNs", "tDstThreshNs", "tIntervalNs", "nCool", "alpha", "nThrottle", "tMaxPauseNs",
  "ports", "handleCapacity", "queueLimitBytes", "mtuBytes",
];
export const REFLEX_PARAM_NAMES: readonly string[] = NAMES;

/**
 * Table I defaults for the profile (default `timely`) plus overrides.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveReflexParams(input: ReflexParamsInput = {}): ReflexParams {
  for (const k of Object.keys(input)) if (NAMES.indexOf(k as keyof ReflexParams) < 0) throw new RangeError(`Reflex: unknown parameter ${k}`);
  const profile = input.profile ?? "timely";
  if (profile !== "timely" && profile !== "swift") throw new RangeError(`Reflex: unknown profile ${String(profile)}`);
  const p: ReflexParams = {
    profile,
    tSrcThreshNs: input.tSrcThreshNs ?? 5000,
    tDstThreshNs: input.tDstThreshNs ?? 10_000,
    tIntervalNs: input.tIntervalNs ?? (profile === "swift" ? 3000 : 5000),
    nCool: input.nCool ?? 5,
    alpha: input.alpha ?? 0.7,
    nThrottle: input.nThrottle ?? 8,
    tMaxPauseNs: input.tMaxPauseNs ?? 500_000,
    ports: input.ports ?? 1,
    handleCapacity: input.handleCapacity ?? 65536,
    queueLimitBytes: input.queueLimitBytes ?? 16 * 1024 * 1024,
    mtuBytes: input.mtuBytes ?? 9216,
  };
  const int = (x: unknown, lo: number, hi: number) => typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
  const need = (ok: boolean, what: string) => {
    if (!ok) throw new RangeError(`Reflex: ${what}`);
  };
  need(int(p.tSrcThreshNs, 0, 2 ** 30), "tSrcThreshNs must be an integer in [0, 2^30]");
  need(int(p.tDstThreshNs, 0, 2 ** 30), "tDstThreshNs must be an integer in [0, 2^30]");
  need(int(p.tIntervalNs, 0, 2 ** 30), "tIntervalNs must be an integer in [0, 2^30]");
  need(int(p.nCool, 0, 255), "nCool must be an integer in [0, 255]");
  // α in parts per million keeps the share test exact for any decimal α of up to six digits.
  need(typeof p.alpha === "number" && p.alpha >= 0 && p.alpha <= 1 && Math.abs(p.alpha * 1e6 - Math.round(p.alpha * 1e6)) < 1e-6, "alpha must be in [0, 1] with at most six decimals");
  need(int(p.nThrottle, 1, 1_000_000), "nThrottle must be an integer in [1, 10^6]");
  need(int(p.tMaxPauseNs, 1, 2 ** 30), "tMaxPauseNs must be an integer in [1, 2^30]");
  need(int(p.ports, 1, 1 << 16), "ports must be an integer in [1, 65536]");
  need(int(p.handleCapacity, 1, 1 << 24), "handleCapacity must be an integer in [1, 2^24]");
  need(int(p.queueLimitBytes, 1, 2 ** 30), "queueLimitBytes must be an integer in [1, 2^30]");
  need(int(p.mtuBytes, 64, 0xfffff), "mtuBytes must be an integer in [64, 2^20)");
  return p;
}
