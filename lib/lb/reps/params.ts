// REPS parameters and the three profiles of DESIGN.md rule 6.
//
//   paper      — REPS (Bonato et al., EuroSys'26, arXiv 2407.21625) Algorithms 1–2 and Appendix A
//                as restated in notes/uec-nscc-reps-pds.md §1.3: freeze exit checked on unmarked
//                ACKs, after recycling; post-freeze exploration for NUM_PKTS_CWND packets of which
//                every N-th (N = 8) draws a random EV (the literal reading of Alg. 2); frozen mode
//                uses valid entries first, then cycles `head` over the stale ones.
//   artifact   — the authors' htsim artifact (REPS_EuroSys_Artifact, `-load_balancing_algo freezing`:
//                htsim/sim/uec.cpp processEv_freezing / nextEntropy_freezing, buffer_reps.cpp): exit checked on
//                every ACK and NACK before recycling (processAck and processNack call
//                processEv_freezing; rtxTimerExpired freezes without it); the buffer is cleared on exit; every packet of
//                the BDP/MTU-packet exploration window is random; frozen mode cycles a separate
//                pointer over the written entries, valid or not; EV space `-paths 65535`.
//   uec-htsim  — ultraethernet/uet-htsim `UecMpReps` (notes/uec-htsim-reference.md §8): as the
//                artifact but 16 exploration packets, `-paths` default 64, and the exit also
//                checked on a timeout (its processEv takes RTOs too, after the freeze test).

import { checkParamNames, needParam, profileParam, resolveParams, rule } from "../../core/params";

export type RepsProfile = "paper" | "artifact" | "uec-htsim";

export interface RepsParams {
  /**
   * Which source's defaults the others take (head of params.ts): `paper` (default; Algorithms 1–2
   * and Appendix A), `artifact` (the authors' htsim code, `-load_balancing_algo freezing`) or
   * `uec-htsim` (uet-htsim UecMpReps). A given parameter overrides its profile's value.
   */
  profile: RepsProfile;
  /** EVs are drawn uniformly from 0 … evCount − 1 (paper: the 16-bit space). */
  evCount: number;
  /** How long freezing lasts once entered (paper: configured; artifact and uet-htsim: 10 ms). */
  freezeTimeoutNs: number;
  /** Exploration window after freezing, in packets (paper NUM_PKTS_CWND; 8-bit field, ≤ 255). */
  explorePackets: number;
  /** "every-nth": Alg. 2 literally (every 8th packet of the window random); "all": every packet. */
  exploreAfterFreeze: "every-nth" | "all";
  /**
   * Where the freeze exit is tested: on unmarked ACKs after recycling ("good"), first on every ACK
   * and NACK ("ack-nack": the artifact, whose timeout freezes without looking at the exit), or
   * first on every feedback, timeouts included ("any": uet-htsim).
   */
  freezeExitCheck: "good" | "ack-nack" | "any";
  /** Frozen selection: "paper" (valid FIFO, then cycle head) or "cycle" (pointer over written entries). */
  frozenSelect: "paper" | "cycle";
  /** Empty the buffer when leaving freezing (artifact, uet-htsim). Required by frozenSelect "cycle". */
  clearOnUnfreeze: boolean;
  /** Freezing mode on (artifact `-freezeoff` turns it off). */
  freezing: boolean;
  /** Switches trim: a timeout then means a failure (Appendix A). */
  trimming: boolean;
  /** Without trimming: a timeout is a failure when the recent max RTT < factor × baseRttNs (artifact 1.65). */
  failureRttFactor: number;
  /**
   * Base RTT, ns, in [1, 2^29]: without trimming, the reference of the failure test (recent max
   * RTT < failureRttFactor × baseRttNs). Default 14 µs: about the base RTT of a 3-tier fat tree at
   * 100 Gb/s (uet-htsim network_rtt 14.02272 µs, notes/uec-htsim-reference.md), a choice of this
   * library; set it to your own.
   */
  baseRttNs: number;
  /**
   * Seed of the table's xoshiro128** generator (lib/core/rng.ts: seed | 0 through splitmix32, so
   * any integer, taken modulo 2^32): every random EV: with no valid cached entry, and in the
   * exploration window after freezing. Default 1.
   */
  seed: number;
}

export type RepsParamsInput = Partial<RepsParams>;

/** Bandwidth-delay product used for the default exploration window: UEC base_BDP, 100 Gb/s × 12 µs. */
const DEFAULT_BDP_BYTES = 150_000;
/** uet-htsim wire MTU. */
const DEFAULT_MTU_BYTES = 4150;

const PROFILES: { readonly [P in RepsProfile]: Omit<RepsParams, "profile" | "baseRttNs" | "seed" | "trimming" | "failureRttFactor"> } = {
  paper: {
    evCount: 65536,
    freezeTimeoutNs: 10_000_000,
    explorePackets: Math.ceil(DEFAULT_BDP_BYTES / DEFAULT_MTU_BYTES),
    exploreAfterFreeze: "every-nth",
    freezeExitCheck: "good",
    frozenSelect: "paper",
    clearOnUnfreeze: false,
    freezing: true,
  },
  artifact: {
    evCount: 65535,
    freezeTimeoutNs: 10_000_000,
    explorePackets: Math.floor(DEFAULT_BDP_BYTES / DEFAULT_MTU_BYTES),
    exploreAfterFreeze: "all",
    freezeExitCheck: "ack-nack",
    frozenSelect: "cycle",
    clearOnUnfreeze: true,
    freezing: true,
  },
  "uec-htsim": {
    evCount: 64,
    freezeTimeoutNs: 10_000_000,
    explorePackets: 16,
    exploreAfterFreeze: "all",
    freezeExitCheck: "any",
    frozenSelect: "cycle",
    clearOnUnfreeze: true,
    freezing: true,
  },
};

export const REPS_PARAM_NAMES: readonly string[] = Object.freeze([
  "profile", "evCount", "freezeTimeoutNs", "explorePackets", "exploreAfterFreeze", "freezeExitCheck",
  "frozenSelect", "clearOnUnfreeze", "freezing", "trimming", "failureRttFactor", "baseRttNs", "seed",
]);

/** @throws RangeError for an unknown name or profile, or a value out of range. */
export function resolveRepsParams(input: RepsParamsInput = {}): RepsParams {
  checkParamNames("Reps", input, REPS_PARAM_NAMES);
  const profile = profileParam("Reps", input.profile, Object.keys(PROFILES) as RepsProfile[], "paper");
  const defaults: RepsParams = { profile, ...PROFILES[profile], trimming: true, failureRttFactor: 1.65, baseRttNs: 14_000, seed: 1 };
  const p = resolveParams("Reps", defaults, input, {
    evCount: rule.int(1, 65536),
    freezeTimeoutNs: rule.int(0, 2 ** 30),
    // An 8-bit counter.
    explorePackets: rule.int(0, 255),
    exploreAfterFreeze: rule.oneOf("every-nth", "all"),
    freezeExitCheck: rule.oneOf("good", "ack-nack", "any"),
    frozenSelect: rule.oneOf("paper", "cycle"),
    clearOnUnfreeze: rule.bool,
    freezing: rule.bool,
    trimming: rule.bool,
    failureRttFactor: rule.num(0, 1000, "(]"),
    baseRttNs: rule.num(1, 2 ** 29),
    seed: rule.int(),
  });
  // The cycling pointer invalidates entries out of FIFO order; only a cleared buffer restores the
  // FIFO invariant (valid entries = the nValid most recent ones), which is why both code bases clear.
  needParam("Reps", p.frozenSelect !== "cycle" || p.clearOnUnfreeze, "frozenSelect cycle needs clearOnUnfreeze");
  return p;
}
