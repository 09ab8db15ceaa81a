// REPS parameters and the three profiles of DESIGN.md rule 6.
//
//   paper      — REPS (Bonato et al., EuroSys'26, arXiv 2407.21625) Algorithms 1–2 and Appendix A
//                as restated in notes/uec-nscc-reps-pds.md §1.3: freeze exit checked on unmarked
//                ACKs, after recycling; post-freeze exploration for NUM_PKTS_CWND packets of which
//                every N-th (N = 8) draws a random EV (the literal reading of Alg. 2); frozen mode
//                uses valid entries first, then cycles `head` over the stale ones.
//   artifact   — the authors' htsim artifact (REPS_EuroSys_Artifact, `freezing`): exit checked on
//                every feedback before recycling; the buffer is cleared on exit; every packet of
//                the BDP/MTU-packet exploration window is random; frozen mode cycles a separate
//                pointer over the written entries, valid or not; EV space `-paths 65535`.
//   uec-htsim  — ultraethernet/uet-htsim `UecMpReps` (notes/uec-htsim-reference.md §8): as the
//                artifact but 16 exploration packets and `-paths` default 64.

export type RepsProfile = "paper" | "artifact" | "uec-htsim";

export interface RepsParams {
  profile: RepsProfile;
  /** EVs are drawn uniformly from 0 … evCount − 1 (paper: the 16-bit space). */
  evCount: number;
  /** How long freezing lasts once entered (paper: configured; artifact and uet-htsim: 10 ms). */
  freezeTimeoutNs: number;
  /** Exploration window after freezing, in packets (paper NUM_PKTS_CWND; 8-bit field, ≤ 255). */
  explorePackets: number;
  /** "every-nth": Alg. 2 literally (every 8th packet of the window random); "all": every packet. */
  exploreAfterFreeze: "every-nth" | "all";
  /** Where the freeze exit is tested: on unmarked ACKs after recycling ("good") or on every feedback first ("any"). */
  freezeExitCheck: "good" | "any";
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
  baseRttNs: number;
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
    freezeExitCheck: "any",
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

export const REPS_PARAM_NAMES: readonly string[] = [
  "profile", "evCount", "freezeTimeoutNs", "explorePackets", "exploreAfterFreeze", "freezeExitCheck",
  "frozenSelect", "clearOnUnfreeze", "freezing", "trimming", "failureRttFactor", "baseRttNs", "seed",
];

function need(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`Reps: ${what}`);
}

/** @throws RangeError for an unknown name or profile, or a value out of range. */
export function resolveRepsParams(input: RepsParamsInput = {}): RepsParams {
  for (const k of Object.keys(input)) need(REPS_PARAM_NAMES.indexOf(k) >= 0, `unknown parameter ${k}`);
  const profile = input.profile ?? "paper";
  const base = PROFILES[profile];
  need(base !== undefined, `unknown profile ${String(profile)}`);
  const p: RepsParams = {
    profile,
    evCount: input.evCount ?? base.evCount,
    freezeTimeoutNs: input.freezeTimeoutNs ?? base.freezeTimeoutNs,
    explorePackets: input.explorePackets ?? base.explorePackets,
    exploreAfterFreeze: input.exploreAfterFreeze ?? base.exploreAfterFreeze,
    freezeExitCheck: input.freezeExitCheck ?? base.freezeExitCheck,
    frozenSelect: input.frozenSelect ?? base.frozenSelect,
    clearOnUnfreeze: input.clearOnUnfreeze ?? base.clearOnUnfreeze,
    freezing: input.freezing ?? base.freezing,
    trimming: input.trimming ?? true,
    failureRttFactor: input.failureRttFactor ?? 1.65,
    baseRttNs: input.baseRttNs ?? 14_000,
    seed: input.seed ?? 1,
  };
  need(Number.isInteger(p.evCount) && p.evCount >= 1 && p.evCount <= 65536, "evCount must be an integer in [1, 65536]");
  need(Number.isInteger(p.freezeTimeoutNs) && p.freezeTimeoutNs >= 0 && p.freezeTimeoutNs <= 2 ** 30, "freezeTimeoutNs must be an integer in [0, 2^30]");
  need(Number.isInteger(p.explorePackets) && p.explorePackets >= 0 && p.explorePackets <= 255, "explorePackets must be an integer in [0, 255] (an 8-bit counter)");
  need(p.exploreAfterFreeze === "every-nth" || p.exploreAfterFreeze === "all", "exploreAfterFreeze must be every-nth or all");
  need(p.freezeExitCheck === "good" || p.freezeExitCheck === "any", "freezeExitCheck must be good or any");
  need(p.frozenSelect === "paper" || p.frozenSelect === "cycle", "frozenSelect must be paper or cycle");
  for (const b of ["clearOnUnfreeze", "freezing", "trimming"] as const) need(typeof p[b] === "boolean", `${b} must be a boolean`);
  // The cycling pointer invalidates entries out of FIFO order; only a cleared buffer restores the
  // FIFO invariant (valid entries = the nValid most recent ones), which is why both code bases clear.
  need(p.frozenSelect !== "cycle" || p.clearOnUnfreeze, "frozenSelect cycle needs clearOnUnfreeze");
  need(typeof p.failureRttFactor === "number" && p.failureRttFactor > 0 && p.failureRttFactor <= 1000, "failureRttFactor must be in (0, 1000]");
  need(typeof p.baseRttNs === "number" && p.baseRttNs >= 1 && p.baseRttNs <= 2 ** 29, "baseRttNs must be in [1, 2^29]");
  need(Number.isInteger(p.seed), "seed must be an integer");
  return p;
}
