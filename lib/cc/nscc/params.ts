// NSCC parameters: the three profiles of DESIGN.md rule 6 and their derivation.
//
// Sources:
//   smartt     — SMaRTT (arXiv 2404.01630 v4) §III: trtt = 1.5 × brtt (§III-a), eq. (1)–(3),
//                Alg. 1–4, maximum window 1.5 BDP (§III-J), constants scaled by the path BDP
//                (§III-I3, §III-J "Scaling"), FastIncrease k = 2 (§III-F), qa_scaling = 1 (§III-E).
//   uec        — UEC 1.0 §3.6.13 and its NSCC parameter table (Table 3-76; notes/uec-nscc-reps-pds.md §2.2).
//   uec-htsim  — `uec` plus the choices of the UEC reference simulator (notes/uec-htsim-reference.md §2–9).
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

import { clamp } from "../../core/fixed";
import { checkParamNames, profileParam, resolveParams, rule } from "../../core/params";

export type NsccProfile = "smartt" | "uec" | "uec-htsim";

/** Constants, in human units (the unit is in the name; fractions are plain numbers). */
export interface NsccConstants {
  /** Wire packet size including headers; also the minimum window (SMaRTT §III-J, UEC min cwnd). */
  mtuBytes: number;
  /** Header bytes inside mtuBytes; the UEC formulas scale the payload (MSS = mtu − header). */
  headerBytes: number;
  /**
   * Line rate, Gb/s, in [0.001, 100000]: only the default of bdpBytes, and through it of
   * maxWndBytes (1.5 × BDP) and the constants UEC Table 3-76 scales by scaling_a = BDP / base_BDP
   * (fi, eta, fiScale, alpha). Default 100.
   */
  linkGbps: number;
  /**
   * Network base RTT (UEC config_base_rtt): what the constants derive from (bdp, target, fi, eta,
   * alpha, the adjust period), the reference of per-path scaling, the delay a trim adds (UEC
   * OnNACK), and the starting base RTT of every flow unless flowBaseRttNs says otherwise.
   */
  baseRttNs: number;
  /**
   * The base RTT a flow of this table opens with, in [1, baseRttNs]; baseRttNs unless given.
   * uet-htsim's `-enable_accurate_base_rtt` gives a flow its pair's unloaded RTT (where UEC
   * §3.6.13.7 sends a Probe CP to learn it): maxWnd opens at 1.5 × BDP of it, as after a sample
   * that low, and so does the window unless initCwndBytes is below that. The constants stay the
   * network's, as uet-htsim's are static (uec-htsim-reference §2, "Per flow, in initNscc").
   */
  flowBaseRttNs: number;
  /** linkGbps × baseRttNs / 8 unless given. */
  bdpBytes: number;
  /**
   * Window ceiling, 1.5 × BDP (SMaRTT §III-J; UEC MaxWnd), of baseRttNs: a flow opens with
   * 1.5 × the BDP of flowBaseRttNs when that is lower, and follows its base RTT from there.
   */
  maxWndBytes: number;
  /**
   * Window a flow opens with: maxWndBytes unless given (UEC §3.6.13 has no slow start; uet-htsim's
   * `-cwnd <packets>` sets it apart from max_wnd, uec-htsim-reference §2). In [mtuBytes, maxWndBytes].
   */
  initCwndBytes: number;
  /** Queueing-delay target: trtt − brtt (SMaRTT: 0.5 brtt) or UEC target_qdelay. */
  targetDelayNs: number;
  /** Multiplicative-decrease aggressiveness (SMaRTT eq. (1) 0.8; UEC gamma). */
  gamma: number;
  /** Floor of the decrease factor (SMaRTT eq. (1) 0.5; UEC max_md_jump). */
  maxMdJump: number;
  /** Fair-increase bytes per RTT (UEC fi; SMaRTT eq. (2) mtu × fi). */
  fiBytes: number;
  /** FastIncrease growth per acked byte (UEC fi_scale); used when fastIncreaseK is 0. */
  fiScale: number;
  /** Additive bytes once per adjustment period (UEC eta). */
  etaBytes: number;
  /** UEC proportional increase: bytes² per (acked byte × ns below target). */
  alphaBytesPerNs: number;
  /** QuickAdapt fires without a trim when the delay exceeds this (Infinity: never). */
  qaThresholdNs: number;
  /** QuickAdapt only when achieved < maxWnd >> qaGate; 0 disables the gate (SMaRTT Alg. 2). */
  qaGate: number;
  /** QuickAdapt sets cwnd to achieved × qaScaling (SMaRTT §III-E). */
  qaScaling: number;
  /**
   * QuickAdapt on (every profile). false is UEC's disable_quick_adapt (Table 3-76; uet-htsim's
   * quick_adapt returns false first thing when disabled): it never fires, opens no window and
   * so never starts an ignore phase; a trim then cuts by its packet.
   */
  quickAdapt: boolean;
  /**
   * FastIncrease steps per ACK: k MTU (SMaRTT Alg. 3, k = 2); 0 selects UEC fast_increase's
   * fiScale × acked (the UEC profiles: Table 3-76 has fi_scale and no k). 0 does not turn it
   * off: with fiScale 0 too the flow still enters increase mode, which then adds nothing and
   * skips the proportional increase (UEC proportional_increase) and, in the smartt loop, the
   * four cases (Alg. 4 line 11): the window freezes while delays stay below fastIncreaseDelayNs.
   * To turn it off, fastIncrease: false.
   */
  fastIncreaseK: number;
  /** "RTT ≈ base RTT" for FastIncrease: delay below this (uet-htsim: 1 µs). */
  fastIncreaseDelayNs: number;
  /**
   * FastIncrease on (every profile; SMaRTT Alg. 3, UEC fast_increase). false: no delay counts
   * as "≈ base RTT", so increase mode never starts, whatever fastIncreaseK, fiScale and
   * fastIncreaseDelayNs say (the same as fastIncreaseDelayNs 0, as a delay is never negative).
   */
  fastIncrease: boolean;
  /** Fulfill when more than this many bytes were acked since the last one (0 with period 0: per packet). */
  adjustBytes: number;
  /** …or when this long has passed; eta is added once per period (0: no period). */
  adjustPeriodNs: number;
  /**
   * EWMA weight of the average delay (UEC update_delay; uet-htsim 0.0125). Applied as the exact
   * ratio num / den with den ≤ 2^16 (0.0125 = 1/80), in Q16 only when no such ratio gives it.
   */
  delayEwma: number;
  /** Switches trim to the trimming variants (target, QuickAdapt trigger). */
  trimming: boolean;
  /** Process one ACK in this many, with the response scaled (SMaRTT §III-G). */
  sampleEvery: number;
  /**
   * UEC AckRequest's second clause: AR also while cwnd < ACK_Gen_Trigger, the receiver's ACK
   * coalescing threshold, configured alike at both ends (notes/uec-nscc-reps-pds.md §2.2).
   * 0 (every profile): off, AR only when cwnd − inflight < MTU (uet-htsim has no such clause).
   */
  ackGenTriggerBytes: number;
}

/** Behaviours that differ between the paper, the standard and the reference simulator. */
export interface NsccBehaviour {
  /** Control-loop order: SMaRTT Alg. 4 or UEC §3.6.13 OnACK/OnNACK. */
  loop: "smartt" | "uec";
  /** Eq. (1) divides by the average RTT (paper) or the average queueing delay (UEC). */
  mdDenominator: "rtt" | "delay";
  /** Proportional increase: eq. (3) followed by eq. (2) (paper) or alpha × acked × Δ (UEC). */
  proportionalIncrease: "eq3" | "alpha";
  /** Average-delay update: plain EWMA, or uet-htsim's update_delay with its two special cases. */
  delayAverager: "ewma" | "htsim";
  /** Lower the base RTT from NACK RTT samples (uet-htsim update_base_rtt_on_nack). */
  baseRttFromNack: boolean;
  /** A trim feeds one network RTT into the delay average (UEC OnNACK update_delay(config_base_rtt)). */
  trimDelaySample: boolean;
  /**
   * Scale the increase constants, fi (eq. (2)) and the eq. (3) step, or UEC's alpha, pi's
   * counterpart, by the flow's base RTT / baseRttNs (SMaRTT §III-J "Scaling": "by scaling the
   * increase constants with the path BDPs"). The target is not one of them: see perPathTarget,
   * with which alpha stays the network's, the scaled target scaling alpha × (target − delay).
   * eta (once per adjust period, already the same per wall-clock time for every flow) and
   * fiScale (a growth in proportion to cwnd) stay the network's (README "Choices").
   */
  perPathScaling: boolean;
  /**
   * Scale the queueing-delay target by the flow's base RTT / baseRttNs as well (false in every
   * profile; the module's `smartt` did so until 2026-12-04). §III-J's target, trtt = 1.5 × brtt,
   * "corresponds to having half-full queues" of 1-BDP queues: a network quantity. Scaled, a
   * short flow sits above its target at a queue a long flow finds below its own, and keeps
   * cutting (README "Choices").
   */
  perPathTarget: boolean;
  /** Timeouts during the QuickAdapt ignore phase do not shrink the window (SMaRTT §III-E). */
  qaIgnoresTimeouts: boolean;
  /**
   * Loop `smartt`: a trim during the QuickAdapt ignore phase is ignored too, neither cutting the
   * window nor arming QuickAdapt (§III-E's text and Fig. 9: "ignore all the bytes that are
   * in-flight when it comes to congestion control information"). Off in every profile: Alg. 4
   * lines 16–17 cut and arm on every trim (README "Choices"). The `uec` loop ignores such a NACK
   * whatever this says (UEC OnNACK).
   */
  qaIgnoresTrims: boolean;
  /** Receiver-credit CC (RCCC) is on: last-hop trims are not a congestion signal (UEC OnNACK). */
  rccc: boolean;
  /** inc_bytes wraps modulo 2^32 like uet-htsim's uint32 (quirk §9.1); off = exact. */
  incBytesWrap32: boolean;
  /**
   * A QuickAdapt fired by a NACK counts the trimmed packet as still in flight when it sets the
   * bytes to ignore (uet-htsim processNack runs quick_adapt before `in_flight -= size`,
   * uec-htsim-reference §4); UEC OnNACK takes it out first.
   */
  qaOnNackCountsPacket: boolean;
  /**
   * What QuickAdapt's `acked` measures in the smartt loop while its ignore phase lasts: `alg4`
   * counts on from the last window through the whole phase, as Alg. 2/4 test the window only
   * once the phase is over, so a QuickAdapt right after it can see more than one trtt's bytes;
   * `window` lets the trtt window roll on the ignored ACKs and trims, as §III-E's text says ("the
   * bytes that have been received over the last trtt window"). The UEC loop tests its window on
   * every ACK it does not swallow: `window` needs loop `smartt`.
   */
  qaMeasure: "alg4" | "window";
  /**
   * A timeout's bytes count towards the bytes ignored after a QuickAdapt (UEC OnInferredLoss:
   * "bytes ignored"); uet-htsim's rtxTimerExpired leaves the count alone (§4).
   */
  timeoutsCountIgnored: boolean;
}

export type NsccParams = NsccConstants & NsccBehaviour & {
  /**
   * Which source's defaults the others take (head of params.ts): `smartt` (SMaRTT §III), `uec`
   * (default, UEC 1.0 §3.6.13 and Table 3-76) or `uec-htsim` (`uec` with the UEC reference
   * simulator's choices). A given parameter overrides its profile's value.
   */
  profile: NsccProfile;
};

export type NsccParamsInput = Partial<NsccParams>;

/** UEC base_BDP = 100 Gb/s × 12 µs, the reference of scaling_a (UEC Table 3-76). */
export const UEC_BASE_BDP_BYTES = 150_000;
/** 12 µs, the reference of scaling_b (UEC Table 3-76). */
export const UEC_REF_RTT_NS = 12_000;
/** uet-htsim and UEC wire header: 64 B (notes/uec-htsim-reference.md §1). */
export const DEFAULT_HEADER_BYTES = 64;
/** uet-htsim default wire MTU (4086 B payload + 64 B header). */
export const DEFAULT_MTU_BYTES = 4150;
/** uet-htsim network RTT of a 3-tier fat tree at 100 Gb/s with 1 µs links (§2). */
export const DEFAULT_BASE_RTT_NS = 14022.72;

/** Byte counts (bdp, maxWnd, adjustBytes) are at most 2^30, so that one event never leaves int32. */
const MAX_BYTES = 2 ** 30;
/** Upper ends of the rules below; a derived default is clamped into its rule (see `clamp`). */
const MAX_TARGET_NS = 2 ** 22;
const MAX_INCREASE_BYTES = 2 ** 24;
const MAX_FI_SCALE = 256;
const MAX_ALPHA = 1024;

// A derived default is held inside its parameter's rule [lo, hi] (lib/core `clamp`). At the
// ends of the inputs' ranges (a link of 1 Gb/s, a base RTT of 10 ms, …) the spec's formulas leave
// the rule; a default that was clamped departs from the formula there (README "Choices"). Given
// values are never clamped: they are checked. A NaN stays NaN, for the input's own rule to refuse.

const CONSTANT_NAMES: readonly (keyof NsccConstants)[] = [
  "mtuBytes", "headerBytes", "linkGbps", "baseRttNs", "flowBaseRttNs", "bdpBytes", "maxWndBytes", "initCwndBytes", "targetDelayNs", "gamma",
  "maxMdJump", "fiBytes", "fiScale", "etaBytes", "alphaBytesPerNs", "qaThresholdNs", "qaGate", "qaScaling", "quickAdapt",
  "fastIncreaseK", "fastIncreaseDelayNs", "fastIncrease", "adjustBytes", "adjustPeriodNs", "delayEwma", "trimming", "sampleEvery",
  "ackGenTriggerBytes",
];
const BEHAVIOUR_NAMES: readonly (keyof NsccBehaviour)[] = [
  "loop", "mdDenominator", "proportionalIncrease", "delayAverager", "baseRttFromNack", "trimDelaySample",
  "perPathScaling", "perPathTarget", "qaIgnoresTimeouts", "qaIgnoresTrims", "rccc", "incBytesWrap32", "qaOnNackCountsPacket", "timeoutsCountIgnored", "qaMeasure",
];
export const NSCC_PARAM_NAMES: readonly string[] = Object.freeze(["profile", ...CONSTANT_NAMES, ...BEHAVIOUR_NAMES]);

const BEHAVIOURS: { readonly [P in NsccProfile]: NsccBehaviour } = {
  smartt: {
    loop: "smartt",
    mdDenominator: "rtt",
    proportionalIncrease: "eq3",
    delayAverager: "ewma",
    baseRttFromNack: false,
    trimDelaySample: false,
    perPathScaling: true,
    perPathTarget: false,
    qaIgnoresTimeouts: true,
    qaIgnoresTrims: false,
    rccc: false,
    incBytesWrap32: false,
    qaOnNackCountsPacket: false,
    timeoutsCountIgnored: true,
    qaMeasure: "alg4",
  },
  uec: {
    loop: "uec",
    mdDenominator: "delay",
    proportionalIncrease: "alpha",
    delayAverager: "ewma",
    // UEC OnNACK says "RTT sample only updates base_rtt" (notes §2.2), but a trimmed header
    // (64 B, priority queue) returns sooner than any data packet, so its RTT lies below the
    // path's and biases every later delay sample (uec-htsim-reference §9 quirk 2): off here.
    baseRttFromNack: false,
    trimDelaySample: true,
    perPathScaling: false,
    perPathTarget: false,
    qaIgnoresTimeouts: false,
    qaIgnoresTrims: false,
    rccc: false,
    incBytesWrap32: false,
    qaOnNackCountsPacket: false,
    timeoutsCountIgnored: true,
    qaMeasure: "alg4",
  },
  "uec-htsim": {
    loop: "uec",
    mdDenominator: "delay",
    proportionalIncrease: "alpha",
    delayAverager: "htsim",
    baseRttFromNack: true,
    trimDelaySample: true,
    perPathScaling: false,
    perPathTarget: false,
    qaIgnoresTimeouts: false,
    qaIgnoresTrims: false,
    rccc: false,
    incBytesWrap32: true,
    qaOnNackCountsPacket: true,
    timeoutsCountIgnored: false,
    qaMeasure: "alg4",
  },
};

/**
 * Fills every parameter from the profile (default `uec`) and the four inputs the UEC table
 * derives from: linkGbps, baseRttNs, mtuBytes, trimming.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveNsccParams(input: NsccParamsInput = {}): NsccParams {
  checkParamNames("Nscc", input, NSCC_PARAM_NAMES);
  const profile = profileParam("Nscc", input.profile, Object.keys(BEHAVIOURS) as NsccProfile[], "uec");

  const mtuBytes = input.mtuBytes ?? DEFAULT_MTU_BYTES;
  // The header must leave a payload byte (rule [0, mtu − 1]): 64 B, or mtu − 1 below a 65 B MTU.
  const headerBytes = input.headerBytes ?? Math.min(DEFAULT_HEADER_BYTES, mtuBytes - 1);
  const linkGbps = input.linkGbps ?? 100;
  const baseRttNs = input.baseRttNs ?? DEFAULT_BASE_RTT_NS;
  const trimming = input.trimming ?? true;
  const mssBytes = mtuBytes - headerBytes;
  // Clamped into [1, 2^30]: e.g. 100 Gb/s × 2^29 ns / 8 = 6.7 GB.
  const bdpBytes = input.bdpBytes ?? clamp((linkGbps * baseRttNs) / 8, 1, MAX_BYTES);
  // UEC Table 3-76: scaling_a = BDP / base_BDP.
  const scalingA = bdpBytes / UEC_BASE_BDP_BYTES;

  let targetDelayNs: number;
  let qaThresholdNs: number;
  let qaGate: number;
  let fiBytes: number;
  let etaBytes: number;
  let adjustBytes: number;
  let adjustPeriodNs: number;
  let fastIncreaseK: number;
  if (profile === "smartt") {
    // §III-a: trtt = 1.5 × brtt, so the queueing-delay target is 0.5 × brtt. A target given by
    // name is taken before the constants derived from it (qa_threshold, alpha).
    targetDelayNs = input.targetDelayNs ?? clamp(0.5 * baseRttNs, 1, MAX_TARGET_NS);
    // §III-E: with trimming QuickAdapt is triggered by trims only; without, by a high RTT with
    // acked bytes "low compared to the cwnd value". The paper gives no numbers for the latter;
    // we take UEC's 4 × target and qa_gate = 3, whose gate compares with maxWnd, not cwnd
    // (README "Choices"). The paper ties no threshold to trtt, so this one, of the network's
    // target, is not scaled per path (§III-J scales the increase constants).
    qaThresholdNs = trimming ? Infinity : 4 * targetDelayNs;
    qaGate = trimming ? 0 : 3;
    // §III-J: increase constants move cwnd by a constant amount per RTT, scaled by the BDP. The
    // paper gives no value of fi; we take the SMaRTT/UEC artifact's 5 MSS per RTT at base_BDP.
    fiBytes = clamp(5 * mssBytes * scalingA, 0, MAX_INCREASE_BYTES);
    etaBytes = 0;
    // §III-G: the paper's main design is per packet.
    adjustBytes = 0;
    adjustPeriodNs = 0;
    fastIncreaseK = 2; // §III-F
  } else {
    // UEC Table 3-76: target_qdelay = 0.75 × config_base_rtt with trimming, 1.0 × without.
    targetDelayNs = input.targetDelayNs ?? clamp((trimming ? 0.75 : 1.0) * baseRttNs, 1, MAX_TARGET_NS);
    // Table 3-76 qa_threshold: (drop_threshold / Plane_BDP − 1) × config_base_rtt, 4 × base RTT
    // for the recommended 5 × Plane_BDP drop threshold (the Table's "4 × target_qdelay" with
    // the default target, 1.0 × base, also when a target is given by name: audit of 2026-12-07),
    // "large" (off) with trimming; uet-htsim uses 4 × its target in both cases.
    if (profile === "uec") qaThresholdNs = trimming ? Infinity : clamp(4 * baseRttNs, 0, 2 ** 30);
    else qaThresholdNs = 4 * targetDelayNs;
    qaGate = 3;
    fiBytes = clamp(5 * mssBytes * scalingA, 0, MAX_INCREASE_BYTES);
    etaBytes = clamp(0.15 * mssBytes * scalingA, 0, MAX_INCREASE_BYTES);
    // uet-htsim adds eta to its integer cwnd truncated (uec-htsim-reference §3 fulfill): 5006 B
    // at 800 Gb/s where the module would round 5006.51 to 5007 (it keeps eta in whole bytes).
    if (profile === "uec-htsim") etaBytes = Math.floor(etaBytes);
    adjustBytes = 8 * mtuBytes;
    adjustPeriodNs = baseRttNs;
    fastIncreaseK = 0;
  }
  const scalingB = targetDelayNs / UEC_REF_RTT_NS;
  // At least one MTU (the window floor), at most 2^30.
  const maxWndBytes = input.maxWndBytes ?? clamp(1.5 * bdpBytes, mtuBytes, MAX_BYTES);

  const defaults: NsccParams = {
    profile,
    mtuBytes,
    headerBytes,
    linkGbps,
    baseRttNs,
    flowBaseRttNs: baseRttNs,
    bdpBytes,
    maxWndBytes,
    initCwndBytes: maxWndBytes,
    targetDelayNs,
    gamma: 0.8,
    maxMdJump: 0.5,
    fiBytes,
    fiScale: clamp(0.25 * scalingA, 0, MAX_FI_SCALE),
    etaBytes,
    // Table 3-76: alpha = 4 × scaling_a × scaling_b × MTU / target_qdelay (the target cancels).
    alphaBytesPerNs: clamp((4 * scalingA * scalingB * mssBytes) / targetDelayNs, 0, MAX_ALPHA),
    qaThresholdNs,
    qaGate,
    qaScaling: 1,
    quickAdapt: true,
    fastIncreaseK,
    fastIncreaseDelayNs: 1000,
    fastIncrease: true,
    adjustBytes,
    adjustPeriodNs,
    delayEwma: 0.0125,
    trimming,
    sampleEvery: 1,
    ackGenTriggerBytes: 0,
    ...BEHAVIOURS[profile],
  };
  return resolveParams("Nscc", defaults, input, (p) => ({
    mtuBytes: rule.int(64, 65535),
    headerBytes: rule.num(0, p.mtuBytes - 1),
    linkGbps: rule.num(0.001, 100_000),
    baseRttNs: rule.num(1, 2 ** 29),
    flowBaseRttNs: rule.num(1, p.baseRttNs),
    bdpBytes: rule.num(1, MAX_BYTES),
    maxWndBytes: rule.num(p.mtuBytes, MAX_BYTES),
    initCwndBytes: rule.num(p.mtuBytes, p.maxWndBytes),
    targetDelayNs: rule.num(1, MAX_TARGET_NS),
    gamma: rule.num(0, 1),
    maxMdJump: rule.num(0, 1),
    fiBytes: rule.num(0, MAX_INCREASE_BYTES),
    fiScale: rule.num(0, MAX_FI_SCALE),
    etaBytes: rule.num(0, MAX_INCREASE_BYTES),
    alphaBytesPerNs: rule.num(0, MAX_ALPHA),
    // Infinity: QuickAdapt never fires on delay alone.
    qaThresholdNs: rule.must(p.qaThresholdNs === Infinity || (typeof p.qaThresholdNs === "number" && p.qaThresholdNs >= 0 && p.qaThresholdNs <= 2 ** 30), "in [0, 2^30] or Infinity"),
    qaGate: rule.int(0, 30),
    qaScaling: rule.num(0, 16),
    quickAdapt: rule.bool,
    fastIncreaseK: rule.num(0, 1024),
    fastIncreaseDelayNs: rule.num(0, 2 ** 22),
    fastIncrease: rule.bool,
    adjustBytes: rule.num(0, MAX_BYTES),
    adjustPeriodNs: rule.num(0, 2 ** 30),
    delayEwma: rule.num(1 / 65536, 1),
    trimming: rule.bool,
    sampleEvery: rule.int(1, 255),
    ackGenTriggerBytes: rule.num(0, MAX_BYTES),
    loop: rule.oneOf("smartt", "uec"),
    mdDenominator: rule.oneOf("rtt", "delay"),
    proportionalIncrease: rule.oneOf("eq3", "alpha"),
    delayAverager: rule.oneOf("ewma", "htsim"),
    baseRttFromNack: rule.bool,
    trimDelaySample: rule.bool,
    perPathScaling: rule.bool,
    perPathTarget: rule.bool,
    qaIgnoresTimeouts: rule.bool,
    qaIgnoresTrims: rule.bool,
    rccc: rule.bool,
    incBytesWrap32: rule.bool,
    qaOnNackCountsPacket: rule.bool,
    timeoutsCountIgnored: rule.bool,
    qaMeasure: rule.must(p.qaMeasure === "alg4" || (p.qaMeasure === "window" && p.loop === "smartt"), '"alg4", or "window" with loop "smartt"'),
  }));
}
