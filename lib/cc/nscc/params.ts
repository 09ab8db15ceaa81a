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

export type NsccProfile = "smartt" | "uec" | "uec-htsim";

/** Constants, in human units (the unit is in the name; fractions are plain numbers). */
export interface NsccConstants {
  /** Wire packet size including headers; also the minimum window (SMaRTT §III-J, UEC min cwnd). */
  mtuBytes: number;
  /** Header bytes inside mtuBytes; the UEC formulas scale the payload (MSS = mtu − header). */
  headerBytes: number;
  linkGbps: number;
  /** Network base RTT (UEC config_base_rtt): the starting base RTT of every flow. */
  baseRttNs: number;
  /** linkGbps × baseRttNs / 8 unless given. */
  bdpBytes: number;
  /** Window ceiling, 1.5 × BDP (SMaRTT §III-J; UEC MaxWnd); also the initial window. */
  maxWndBytes: number;
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
  /** FastIncrease adds k MTU per ACK (SMaRTT Alg. 3); 0 selects UEC's fiScale × acked. */
  fastIncreaseK: number;
  /** "RTT ≈ base RTT" for FastIncrease: delay below this (uet-htsim: 1 µs). */
  fastIncreaseDelayNs: number;
  /** Fulfill when more than this many bytes were acked since the last one (0 with period 0: per packet). */
  adjustBytes: number;
  /** …or when this long has passed; eta is added once per period (0: no period). */
  adjustPeriodNs: number;
  /** EWMA weight of the average delay. */
  delayEwma: number;
  /** Switches trim to the trimming variants (target, QuickAdapt trigger). */
  trimming: boolean;
  /** Process one ACK in this many, with the response scaled (SMaRTT §III-G). */
  sampleEvery: number;
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
  /** Scale target and increase constants by the flow's base RTT / baseRttNs (SMaRTT §III-J). */
  perPathScaling: boolean;
  /** Timeouts during the QuickAdapt ignore phase do not shrink the window (SMaRTT §III-E). */
  qaIgnoresTimeouts: boolean;
  /** Receiver-credit CC (RCCC) is on: last-hop trims are not a congestion signal (UEC OnNACK). */
  rccc: boolean;
  /** inc_bytes wraps modulo 2^32 like uet-htsim's uint32 (quirk §9.1); off = exact. */
  incBytesWrap32: boolean;
}

export type NsccParams = NsccConstants & NsccBehaviour & { profile: NsccProfile };

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

const CONSTANT_NAMES: readonly (keyof NsccConstants)[] = [
  "mtuBytes", "headerBytes", "linkGbps", "baseRttNs", "bdpBytes", "maxWndBytes", "targetDelayNs", "gamma",
  "maxMdJump", "fiBytes", "fiScale", "etaBytes", "alphaBytesPerNs", "qaThresholdNs", "qaGate", "qaScaling",
  "fastIncreaseK", "fastIncreaseDelayNs", "adjustBytes", "adjustPeriodNs", "delayEwma", "trimming", "sampleEvery",
];
const BEHAVIOUR_NAMES: readonly (keyof NsccBehaviour)[] = [
  "loop", "mdDenominator", "proportionalIncrease", "delayAverager", "baseRttFromNack", "trimDelaySample",
  "perPathScaling", "qaIgnoresTimeouts", "rccc", "incBytesWrap32",
];
export const NSCC_PARAM_NAMES: readonly string[] = ["profile", ...CONSTANT_NAMES, ...BEHAVIOUR_NAMES];

const BEHAVIOURS: { readonly [P in NsccProfile]: NsccBehaviour } = {
  smartt: {
    loop: "smartt",
    mdDenominator: "rtt",
    proportionalIncrease: "eq3",
    delayAverager: "ewma",
    baseRttFromNack: false,
    trimDelaySample: false,
    perPathScaling: true,
    qaIgnoresTimeouts: true,
    rccc: false,
    incBytesWrap32: false,
  },
  uec: {
    loop: "uec",
    mdDenominator: "delay",
    proportionalIncrease: "alpha",
    delayAverager: "ewma",
    baseRttFromNack: false,
    trimDelaySample: true,
    perPathScaling: false,
    qaIgnoresTimeouts: false,
    rccc: false,
    incBytesWrap32: false,
  },
  "uec-htsim": {
    loop: "uec",
    mdDenominator: "delay",
    proportionalIncrease: "alpha",
    delayAverager: "htsim",
    baseRttFromNack: true,
    trimDelaySample: true,
    perPathScaling: false,
    qaIgnoresTimeouts: false,
    rccc: false,
    incBytesWrap32: true,
  },
};

function pick<T>(input: NsccParamsInput, name: keyof NsccParams, fallback: T): T {
  const v = input[name];
  return v === undefined ? fallback : (v as T);
}

/**
 * Fills every parameter from the profile (default `uec`) and the four inputs the UEC table
 * derives from: linkGbps, baseRttNs, mtuBytes, trimming.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveNsccParams(input: NsccParamsInput = {}): NsccParams {
  for (const k of Object.keys(input)) {
    if (NSCC_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Nscc: unknown parameter ${k}`);
  }
  const profile = pick<NsccProfile>(input, "profile", "uec");
  const behaviourDefaults = BEHAVIOURS[profile];
  if (!behaviourDefaults) throw new RangeError(`Nscc: unknown profile ${String(profile)}`);

  const mtuBytes = pick(input, "mtuBytes", DEFAULT_MTU_BYTES);
  const headerBytes = pick(input, "headerBytes", DEFAULT_HEADER_BYTES);
  const linkGbps = pick(input, "linkGbps", 100);
  const baseRttNs = pick(input, "baseRttNs", DEFAULT_BASE_RTT_NS);
  const trimming = pick(input, "trimming", true);
  const mssBytes = mtuBytes - headerBytes;
  const bdpBytes = pick(input, "bdpBytes", (linkGbps * baseRttNs) / 8);
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
    // §III-a: trtt = 1.5 × brtt, so the queueing-delay target is 0.5 × brtt.
    targetDelayNs = 0.5 * baseRttNs;
    // §III-E: with trimming QuickAdapt is triggered by trims only; without, by a high RTT with
    // few acked bytes. The paper gives no numbers for the latter; we take UEC's 4 × target
    // and qa_gate = 3.
    qaThresholdNs = trimming ? Infinity : 4 * targetDelayNs;
    qaGate = trimming ? 0 : 3;
    // §III-J: increase constants move cwnd by a constant amount per RTT, scaled by the BDP. The
    // paper gives no value of fi; we take the SMaRTT/UEC artifact's 5 MSS per RTT at base_BDP.
    fiBytes = 5 * mssBytes * scalingA;
    etaBytes = 0;
    // §III-G: the paper's main design is per packet.
    adjustBytes = 0;
    adjustPeriodNs = 0;
    fastIncreaseK = 2; // §III-F
  } else {
    // UEC Table 3-76: target_qdelay = 0.75 × config_base_rtt with trimming, 1.0 × without.
    targetDelayNs = (trimming ? 0.75 : 1.0) * baseRttNs;
    // Table 3-76 qa_threshold: 4 × target for the recommended 5 × Plane_BDP drop threshold,
    // "large" (off) with trimming; uet-htsim uses 4 × target in both cases.
    qaThresholdNs = trimming && profile === "uec" ? Infinity : 4 * targetDelayNs;
    qaGate = 3;
    fiBytes = 5 * mssBytes * scalingA;
    etaBytes = 0.15 * mssBytes * scalingA;
    adjustBytes = 8 * mtuBytes;
    adjustPeriodNs = baseRttNs;
    fastIncreaseK = 0;
  }
  targetDelayNs = pick(input, "targetDelayNs", targetDelayNs);
  const scalingB = targetDelayNs / UEC_REF_RTT_NS;

  const p: NsccParams = {
    profile,
    mtuBytes,
    headerBytes,
    linkGbps,
    baseRttNs,
    bdpBytes,
    maxWndBytes: pick(input, "maxWndBytes", 1.5 * bdpBytes),
    targetDelayNs,
    gamma: pick(input, "gamma", 0.8),
    maxMdJump: pick(input, "maxMdJump", 0.5),
    fiBytes: pick(input, "fiBytes", fiBytes),
    fiScale: pick(input, "fiScale", 0.25 * scalingA),
    etaBytes: pick(input, "etaBytes", etaBytes),
    // Table 3-76: alpha = 4 × scaling_a × scaling_b × MTU / target_qdelay (the target cancels).
    alphaBytesPerNs: pick(input, "alphaBytesPerNs", (4 * scalingA * scalingB * mssBytes) / targetDelayNs),
    qaThresholdNs: pick(input, "qaThresholdNs", qaThresholdNs),
    qaGate: pick(input, "qaGate", qaGate),
    qaScaling: pick(input, "qaScaling", 1),
    fastIncreaseK: pick(input, "fastIncreaseK", fastIncreaseK),
    fastIncreaseDelayNs: pick(input, "fastIncreaseDelayNs", 1000),
    adjustBytes: pick(input, "adjustBytes", adjustBytes),
    adjustPeriodNs: pick(input, "adjustPeriodNs", adjustPeriodNs),
    delayEwma: pick(input, "delayEwma", 0.0125),
    trimming,
    sampleEvery: pick(input, "sampleEvery", 1),
    loop: pick(input, "loop", behaviourDefaults.loop),
    mdDenominator: pick(input, "mdDenominator", behaviourDefaults.mdDenominator),
    proportionalIncrease: pick(input, "proportionalIncrease", behaviourDefaults.proportionalIncrease),
    delayAverager: pick(input, "delayAverager", behaviourDefaults.delayAverager),
    baseRttFromNack: pick(input, "baseRttFromNack", behaviourDefaults.baseRttFromNack),
    trimDelaySample: pick(input, "trimDelaySample", behaviourDefaults.trimDelaySample),
    perPathScaling: pick(input, "perPathScaling", behaviourDefaults.perPathScaling),
    qaIgnoresTimeouts: pick(input, "qaIgnoresTimeouts", behaviourDefaults.qaIgnoresTimeouts),
    rccc: pick(input, "rccc", behaviourDefaults.rccc),
    incBytesWrap32: pick(input, "incBytesWrap32", behaviourDefaults.incBytesWrap32),
  };
  validate(p);
  return p;
}

function need(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`Nscc: ${what}`);
}

function finite(x: unknown, lo: number, hi: number): boolean {
  return typeof x === "number" && x >= lo && x <= hi;
}

function oneOf(x: unknown, options: readonly unknown[]): boolean {
  return options.indexOf(x) >= 0;
}

function validate(p: NsccParams): void {
  const MAX_BYTES = 2 ** 30;
  need(finite(p.mtuBytes, 64, 65535) && Number.isInteger(p.mtuBytes), "mtuBytes must be an integer in [64, 65535]");
  need(finite(p.headerBytes, 0, p.mtuBytes - 1), "headerBytes must be in [0, mtuBytes)");
  need(finite(p.linkGbps, 0.001, 100_000), "linkGbps must be in (0, 100000]");
  need(finite(p.baseRttNs, 1, 2 ** 29), "baseRttNs must be in [1, 2^29]");
  need(finite(p.bdpBytes, 1, MAX_BYTES), "bdpBytes must be in [1, 2^30]");
  need(finite(p.maxWndBytes, p.mtuBytes, MAX_BYTES), "maxWndBytes must be in [mtuBytes, 2^30]");
  need(finite(p.targetDelayNs, 1, 2 ** 22), "targetDelayNs must be in [1, 2^22]");
  need(finite(p.gamma, 0, 1), "gamma must be in [0, 1]");
  need(finite(p.maxMdJump, 0, 1), "maxMdJump must be in [0, 1]");
  need(finite(p.fiBytes, 0, 2 ** 24), "fiBytes must be in [0, 2^24]");
  need(finite(p.fiScale, 0, 256), "fiScale must be in [0, 256]");
  need(finite(p.etaBytes, 0, 2 ** 24), "etaBytes must be in [0, 2^24]");
  need(finite(p.alphaBytesPerNs, 0, 1024), "alphaBytesPerNs must be in [0, 1024]");
  need(p.qaThresholdNs === Infinity || finite(p.qaThresholdNs, 0, 2 ** 30), "qaThresholdNs must be in [0, 2^30] or Infinity");
  need(finite(p.qaGate, 0, 30) && Number.isInteger(p.qaGate), "qaGate must be an integer shift in [0, 30]");
  need(finite(p.qaScaling, 0, 16), "qaScaling must be in [0, 16]");
  need(finite(p.fastIncreaseK, 0, 1024), "fastIncreaseK must be in [0, 1024]");
  need(finite(p.fastIncreaseDelayNs, 0, 2 ** 22), "fastIncreaseDelayNs must be in [0, 2^22]");
  need(finite(p.adjustBytes, 0, MAX_BYTES), "adjustBytes must be in [0, 2^30]");
  need(finite(p.adjustPeriodNs, 0, 2 ** 30), "adjustPeriodNs must be in [0, 2^30]");
  need(finite(p.delayEwma, 1 / 65536, 1), "delayEwma must be in [2^-16, 1]");
  need(typeof p.trimming === "boolean", "trimming must be a boolean");
  need(finite(p.sampleEvery, 1, 255) && Number.isInteger(p.sampleEvery), "sampleEvery must be an integer in [1, 255]");
  need(oneOf(p.loop, ["smartt", "uec"]), "loop must be smartt or uec");
  need(oneOf(p.mdDenominator, ["rtt", "delay"]), "mdDenominator must be rtt or delay");
  need(oneOf(p.proportionalIncrease, ["eq3", "alpha"]), "proportionalIncrease must be eq3 or alpha");
  need(oneOf(p.delayAverager, ["ewma", "htsim"]), "delayAverager must be ewma or htsim");
  for (const b of ["baseRttFromNack", "trimDelaySample", "perPathScaling", "qaIgnoresTimeouts", "rccc", "incBytesWrap32"] as const) {
    need(typeof p[b] === "boolean", `${b} must be a boolean`);
  }
}
