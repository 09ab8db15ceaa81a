// NSCC: the SMaRTT congestion control and UEC 1.0 NSCC, as one sans-IO table of flows.
//
// Read first:
//   SMaRTT (arXiv 2404.01630 v4) §III: Alg. 1 core cases, eq. (1) multiplicative decrease,
//     eq. (2) fair increase, eq. (3) proportional increase, Alg. 2 QuickAdapt, Alg. 3
//     FastIncrease, §III-G adjustment regimes, Alg. 4 the loop, §III-J window bounds and scaling.
//   UEC 1.0 §3.6.13 NSCC: OnACK/OnNACK order, quick_adapt, fair_increase, proportional_increase,
//     fast_increase, multiplicative_decrease, fulfill_adjustment, apply_cwnd_penalty, AckRequest
//     (restated in notes/uec-nscc-reps-pds.md §2.2).
//   uet-htsim `uec.cpp` (notes/uec-htsim-reference.md §3–5, §9) for the `uec-htsim` profile.
//
// Units and representation (DESIGN.md rule 5): bytes and ns in int32; time as wrapping ns ticks
// compared by difference; the average delay in Q8 ns (1/256 ns, so a 0.0125 EWMA step of a
// whole-ns difference is not lost to truncation; the weight is the exact ratio 1/80, and each
// step floors, so the average lies in (exact − 79/256 ns, exact], blendDelay; saturates at
// 8.39 ms); fractions in Q16 unless named (the EWMA weight: a ratio num / den); the increase
// accumulator in a Float64Array as an integer of bytes² (it exceeds 2^32 at 800 Gb/s, quirk §9.1).
// Every division floors (lib/core/fixed.ts). The increase products (α·(target − delay) or
// eq. (3)'s, times acked × scale) are exact below 2^53, which ACKs of up to about 2^23 B keep at
// the default constants; a larger ACK's product is the nearest double, so its floor may be one
// byte² high in about 2^44 (1.8·10^13 at 2^30 B; found by review). An exact wide product would
// not fit the ACK's inlined tree (lib/README.md), and a pending increase is divided by cwnd.
// Per-path scaling's eq. (3) step × the flow's base RTT (`scaled`) is rounded alike once the step
// × round(baseRttNs) passes 2^53: at the smartt defaults from a base RTT of 35.7 ms (47.8 ms at
// 100 Gb/s), where the target's clamp at 2^22 ns lifts the step (9,699 B at 14 µs) to 2.5·10^8 B,
// or with a targetDelayNs far below the base RTT; fi (≤ 2^24) and the target (≤ 2^22) times a
// base RTT (≤ 2^29) stay within 2^53. maxWnd's rescaling by a new base RTT (maxWnd0 × rtt in ps,
// past 2^53 from about 250 µs at 800 Gb/s) is exact at any size (scaleWnd; review rev-port-nscc).
// README "Arithmetic" restates every rounding, cap and input limit for a port, without source.
//
// The per-ACK path is written for V8's optimiser (about 40 instructions of budget at 15 ns):
// one combined validity test whose E_SLOT/E_ARG split happens out of line; bit constants as
// const enums, which the bundler inlines (module-level numbers would be loaded from memory
// and checked on every use); the UEC loop in onAck itself, so V8's inlining budget goes to the
// helpers every ACK runs; the rare steps (end of a QuickAdapt window, fulfill, decrease,
// base-RTT change) in their own methods. Every private helper is an arrow-function field, so the
// ones that stay calls are compiled against this table as a constant, like an inlined handler
// (lib/README.md, "Helpers that stay calls"); with the proportional increase a helper of its own,
// ackUec (416 bytes) is inlined into `ack`. Together: onAck 504 → 366 instructions per ACK, onTrim
// 433 → 272 (`npm run bench:instructions cc/nscc`); the ECN flag goes on to the helpers as 0/1,
// since a boolean argument costs a generic truth test in a helper that stays a call (366 → 359).

import { INT32_MAX, isByteCount, isIntIn, mulDiv, mulDivWide, mulQ16, q16, satAdd, satSub } from "../../core/fixed";
import { I32 } from "../../core/limits";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { type NsccParams, type NsccParamsInput, resolveNsccParams } from "./params";

/** Per-flow state: 62 B of columns + the open flag = 63 B (SMaRTT states 19 B of core state). */
const LAYOUT = {
  cwnd: "i32", // bytes
  inflight: "i32", // bytes, signed (UEC: may go slightly negative)
  maxWnd: "i32", // bytes, 1.5 × BDP of the flow's base RTT
  baseRtt: "i32", // ns, minimum over valid samples
  avgDelay: "i32", // Q8 ns, EWMA of queueing delay
  achieved: "i32", // bytes acked in the current QuickAdapt window
  received: "i32", // bytes acked since the last fulfill
  fiCount: "i32", // bytes acked in a row with delay below fastIncreaseDelayNs
  ignoreLeft: "i32", // bytes_to_ignore − bytes_ignored, floored at 0
  qaEnd: "i32", // tick: end of the QuickAdapt window
  lastAdjust: "i32", // tick: last eta addition
  lastDec: "i32", // tick: last multiplicative decrease
  savedCwnd: "i32", // bytes: cwnd before a receiver penalty (UEC saved_cwnd)
  inc: "f64", // bytes²: pending increase, Σ acked × (fi or alpha·Δ or eq. (3))
  flags: "u8", // Fl bits
  sampleCount: "u8", // ACKs skipped since the last sampled one (§III-G)
} as const;

/** Bits of the per-flow `flags` byte. */
const enum Fl {
  Started = 1, // first ACK seen; lastAdjust holds a real tick
  QaStarted = 2, // UEC `qa_end != 0`
  TriggerQa = 4, // a trim was seen since the last QuickAdapt
  Increase = 8, // FastIncrease mode
  MdOnce = 16, // lastDec holds a real tick
  Penalty = 32, // receiver penalty active, savedCwnd valid
  // Never stored: onAck sets it on its local copy of the flag byte for an ACK without an RTT
  // sample, so that QuickAdapt's delay test reads the average (quickAdapt).
  NoSample = 128,
}

/** Handler result bits (exported below as NSCC_*). */
const enum R {
  Repath = 1,
  Md = 2,
  Fair = 4,
  Proportional = 8,
  Fast = 16,
  QuickAdapt = 32,
  Ignored = 64,
  Fulfill = 128,
  Decrease = 256,
  SampledOut = 512,
  AckRequest = 1024,
}

/** The proportional increase (SMaRTT Alg. 1 case 4 / UEC proportional_increase) a table runs. */
const enum Pi {
  Alpha = 0, // UEC alpha × (target − delay), network constants
  Eq3 = 1, // SMaRTT eq. (3) + eq. (2)
  AlphaScaled = 2, // UEC alpha scaled by the flow's base RTT (perPathScaling without perPathTarget)
}

/** Limits and fixed-point shapes. */
const enum K {
  MaxEventBytes = 1073741824, // 2^30
  MaxRttNs = 1073741824, // 2^30
  CounterMax = 1073741823, // 2^30 − 1: achieved, received and fiCount saturate here
  AvgShift = 8, // avgDelay is Q8 ns
  MaxDelayNs = 8388607, // INT32_MAX >> AvgShift
  QuarterSatNs = 33554428, // 4 × MaxDelayNs: a base RTT from which base / 4 saturates
  HtsimBigDelayEwmaDen = 80, // 0.0125 = 1/80: uet-htsim's fixed weight above 5 × base RTT
  EwmaMaxDen = 65536, // the largest denominator an EWMA weight is taken as exactly (ewmaRatio)
  Two32 = 4294967296,
  MaxExact = 9007199254740992, // 2^53: inc saturates here instead of losing integer precision
}

/** onAck/onTrim/onTimeout/onInferredLoss/onSend result bits. Negative results are errors (lib/core/errors). */
/** ECN below target: the load balancer should change path (SMaRTT Alg. 1 case 2) */
export const NSCC_REPATH: number = R.Repath;
/** eq. (1) applied */
export const NSCC_MD: number = R.Md;
/** eq. (2) / UEC fair_increase */
export const NSCC_FAIR: number = R.Fair;
/** eq. (3) / UEC proportional_increase */
export const NSCC_PROPORTIONAL: number = R.Proportional;
/** Alg. 3 FastIncrease */
export const NSCC_FAST: number = R.Fast;
/** Alg. 2 fired */
export const NSCC_QUICK_ADAPT: number = R.QuickAdapt;
/** swallowed by the QuickAdapt ignore phase */
export const NSCC_IGNORED: number = R.Ignored;
/** pending increase applied to cwnd */
export const NSCC_FULFILL: number = R.Fulfill;
/** window cut by a trim, timeout or receiver penalty */
export const NSCC_DECREASE: number = R.Decrease;
/** bookkeeping only: not the sampled ACK (§III-G) */
export const NSCC_SAMPLED_OUT: number = R.SampledOut;
/** onSend: set the AR bit (UEC AckRequest) */
export const NSCC_ACK_REQUEST: number = R.AckRequest;

/** Largest byte count one event may carry. */
export const NSCC_MAX_EVENT_BYTES: number = K.MaxEventBytes;
/** Largest RTT sample accepted. */
export const NSCC_MAX_RTT_NS: number = K.MaxRttNs;

/**
 * The smallest den ≤ 2^16 of which some num / den is the double `w`: the EWMA weight as an exact
 * ratio (0.0125 → 80, of 1 / 80). A weight no such ratio gives is taken in Q16 (den 2^16,
 * num = round(w × 2^16)), within 2^−17 of `w`. Construction only.
 */
function ewmaRatioDen(w: number): number {
  for (let den = 1; den < K.EwmaMaxDen; den++) if (Math.round(w * den) / den === w) return den;
  return K.EwmaMaxDen;
}

/**
 * floor(m × ps / basePs) exactly, for integers 0 ≤ m ≤ 2^30 and 0 ≤ ps, 0 < basePs < 2^42: maxWnd
 * rescaled to a base RTT of `ps` from the network's `basePs` (UEC update_base_rtt). The product
 * passes 2^53 from about 250 µs at 800 Gb/s (review rev-port-nscc), and basePs reaches 2^39
 * (baseRttNs ≤ 2^29 ns), past mulDivWide's 2^32 bound; so long division by three 10-bit digits
 * of m: each dividend is below 2^10 × 2^42 + 2^10 × 2^42 = 2^53, so each quotient is exact as in
 * mulDiv. Only where the base RTT falls, and at construction; every value stays a local double.
 */
function scaleWnd(m: number, ps: number, basePs: number): number {
  let p = (m >>> 20) * ps;
  const q2 = Math.floor(p / basePs);
  p = (p - q2 * basePs) * 1024 + ((m >>> 10) & 1023) * ps;
  const q1 = Math.floor(p / basePs);
  p = (p - q1 * basePs) * 1024 + (m & 1023) * ps;
  return (q2 * 1024 + q1) * 1024 + Math.floor(p / basePs);
}

export class Nscc extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onAck: ["slot", "nowNs", "ackedBytes", "rttNs", "ecn"],
    onTrim: ["slot", "nowNs", "bytes", "lastHop", "rttNs"],
    onTimeout: ["slot", "nowNs", "bytes"],
    onInferredLoss: ["slot", "nowNs", "bytes", "lostBytes"],
    onSend: ["slot", "nowNs", "bytes"],
    onReceiverPenalty: ["slot", "nowNs", "pend", "restore", "bytes"],
    canSend: ["slot", "bytes"],
  };

  /** The resolved parameters in human units (profile defaults plus overrides). */
  readonly params: Readonly<NsccParams>;

  // The columns of LAYOUT as direct fields: one load fewer per access than `this.col.x`, which
  // measurably matters at this handler's budget (see README "Cost").
  private readonly cwnd = this.col.cwnd;
  private readonly inflight = this.col.inflight;
  private readonly maxWnd = this.col.maxWnd;
  private readonly baseRtt = this.col.baseRtt;
  private readonly avgDelay = this.col.avgDelay;
  private readonly achieved = this.col.achieved;
  private readonly received = this.col.received;
  private readonly fiCount = this.col.fiCount;
  private readonly ignoreLeft = this.col.ignoreLeft;
  private readonly qaEnd = this.col.qaEnd;
  private readonly lastAdjust = this.col.lastAdjust;
  private readonly lastDec = this.col.lastDec;
  private readonly savedCwnd = this.col.savedCwnd;
  private readonly inc = this.col.inc;
  private readonly flags = this.col.flags;
  private readonly sampleCount = this.col.sampleCount;

  private readonly mtu: number;
  private readonly maxWnd0: number;
  private readonly initCwnd0: number;
  private readonly baseRtt0: number;
  /** What open() gives a flow: flowBaseRttNs (whole ns), the maxWnd that follows it, the window. */
  private readonly flowBaseRtt0: number;
  private readonly flowMaxWnd0: number;
  private readonly flowCwnd0: number;
  /** The network base RTT in ps, unrounded to the ns: the denominator of maxWnd's rescaling. */
  private readonly baseRttPs0: number;
  /** UEC OnNACK's delay sample, one network RTT, in Q8 ns and saturated like every sample. */
  private readonly trimSampleQ8: number;
  private readonly targetNs: number;
  private readonly gammaQ16: number;
  private readonly mdFloorQ16: number;
  private readonly fiBytes: number;
  private readonly fiScaleQ16: number;
  private readonly etaBytes: number;
  private readonly alphaQ16: number;
  /** Eq. (3)'s mtu × pi × a in bytes, pi = brtt / (trtt − brtt). */
  private readonly eq3Bytes: number;
  private readonly qaThresholdNs: number;
  /** The threshold against the Q8 average, the delay of an ACK without an RTT sample. */
  private readonly qaThresholdQ8: number;
  /** The longest QuickAdapt window: base RTT only falls from baseRtt0, and a scaled target (perPathTarget) with it. */
  private readonly qaLeadMaxNs: number;
  private readonly qaGate: number;
  private readonly qaScalingQ16: number;
  private readonly fastStepBytes: number;
  private readonly fastDelayNs: number;
  private readonly adjustBytes: number;
  private readonly adjustPeriodNs: number;
  private readonly ackGenTriggerBytes: number;
  // Behaviour switches are 0/1 numbers, not booleans: V8 tracks a number field as a small
  // integer and tests it with one compare, but a boolean field gets a full ToBoolean.
  private readonly perPacket: number;
  /** The delay EWMA weight delayEwma as the exact ratio ewmaNum / ewmaDen (ewmaRatio). */
  private readonly ewmaNum: number;
  private readonly ewmaDen: number;
  private readonly sampleEvery: number;
  private readonly loopSmartt: number;
  private readonly mdOnRtt: number;
  /** A Pi value: one compare picks the plain UEC increase. */
  private readonly piMode: number;
  private readonly htsimAverager: number;
  private readonly baseRttFromNack: number;
  private readonly trimDelaySample: number;
  private readonly perPath: number;
  private readonly perPathTarget: number;
  /** 0 with quickAdapt off (UEC disable_quick_adapt). */
  private readonly qaOn: number;
  private readonly qaIgnoresTimeouts: number;
  private readonly qaIgnoresTrims: number;
  private readonly rccc: number;
  private readonly wrap32: number;
  private readonly qaNackPacket: number;
  private readonly timeoutsIgnored: number;
  private readonly qaRolls: number;
  /** 1 when onAck can take the plain UEC path: none of the behaviours ackGeneral handles. */
  private readonly plain: number;

  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params: NsccParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveNsccParams(params);
    this.params = Object.freeze(p);
    this.mtu = p.mtuBytes;
    this.maxWnd0 = Math.floor(p.maxWndBytes);
    this.initCwnd0 = Math.floor(p.initCwndBytes);
    this.baseRtt0 = Math.max(1, Math.round(p.baseRttNs));
    this.baseRttPs0 = Math.max(1, Math.round(p.baseRttNs * 1000));
    // uet-htsim -enable_accurate_base_rtt: base_rtt, bdp and maxwnd from the pair's unloaded RTT,
    // and cwnd = maxwnd unless -cwnd is given (uec-htsim-reference §2, initNscc). maxWnd scales as
    // setBaseRtt scales it, from the unrounded ps: 4,674.24 of 14,022.72 ns is 262,926 / 3 =
    // 87,642 B, uet-htsim's 1.5 × floor(4.67424 µs × 12.5 GB/s). flowBaseRttNs ≤ baseRttNs keeps
    // the base RTT falling from baseRtt0, which the QuickAdapt window bound (qaLeadMaxNs) needs.
    this.flowBaseRtt0 = Math.max(1, Math.round(p.flowBaseRttNs));
    // Exact like setBaseRtt's (scaleWnd); the default (flowBaseRttNs = baseRttNs) is maxWnd0 itself.
    const flowPs = Math.max(1, Math.round(p.flowBaseRttNs * 1000));
    const flowMaxWnd = flowPs === this.baseRttPs0 ? this.maxWnd0 : scaleWnd(this.maxWnd0, flowPs, this.baseRttPs0);
    this.flowMaxWnd0 = flowMaxWnd > p.mtuBytes ? flowMaxWnd : p.mtuBytes;
    this.flowCwnd0 = this.initCwnd0 < this.flowMaxWnd0 ? this.initCwnd0 : this.flowMaxWnd0;
    this.trimSampleQ8 = Math.min(this.baseRtt0, K.MaxDelayNs) << K.AvgShift;
    this.targetNs = Math.max(1, Math.round(p.targetDelayNs));
    this.gammaQ16 = q16(p.gamma);
    this.mdFloorQ16 = q16(p.maxMdJump);
    this.fiBytes = Math.round(p.fiBytes);
    this.fiScaleQ16 = q16(p.fiScale);
    this.etaBytes = Math.round(p.etaBytes);
    this.alphaQ16 = q16(p.alphaBytesPerNs);
    const scalingA = p.bdpBytes / 150_000; // UEC base_BDP, also SMaRTT's reference for "scaled by BDP"
    this.eq3Bytes = Math.round((p.mtuBytes * p.baseRttNs * scalingA) / p.targetDelayNs);
    // quick_adapt's trigger is strict (delay > qa_threshold). A sample is whole ns, so against it
    // the floor of the threshold is exact: d > 36,758.52 ⇔ d > 36,758 (rounding would miss
    // d = 36,759). Without a sample uet-htsim tests its average (uec-htsim-reference §3 step 3,
    // §5), which here is Q8: for an integer a, a > x ⇔ a > floor(x), so avg / 256 > thr ⇔
    // avgQ8 > floor(256 × thr), and 256 × thr is exact in a double. The average is at most
    // MaxDelayNs << 8 < INT32_MAX, so capping the Q8 threshold there changes no comparison.
    const thr = p.qaThresholdNs;
    this.qaThresholdNs = thr === Infinity ? INT32_MAX : Math.floor(thr);
    this.qaThresholdQ8 = thr * 256 < INT32_MAX ? Math.floor(thr * 256) : INT32_MAX;
    this.qaLeadMaxNs = this.baseRtt0 + this.targetNs;
    this.qaGate = p.qaGate;
    this.qaScalingQ16 = q16(p.qaScaling);
    this.fastStepBytes = Math.round(p.fastIncreaseK * p.mtuBytes);
    // FastIncrease off: a delay is never below 0, so no ACK counts as uncongested (Alg. 3 line 2)
    // and increase mode never starts; the per-ACK path keeps its one comparison.
    this.fastDelayNs = p.fastIncrease ? Math.round(p.fastIncreaseDelayNs) : 0;
    this.adjustBytes = Math.floor(p.adjustBytes);
    this.adjustPeriodNs = Math.round(p.adjustPeriodNs);
    // cwnd is whole bytes, so cwnd < x ⇔ cwnd < ceil(x).
    this.ackGenTriggerBytes = Math.ceil(p.ackGenTriggerBytes);
    this.perPacket = this.adjustBytes === 0 && this.adjustPeriodNs === 0 ? 1 : 0;
    const ewmaDen = ewmaRatioDen(p.delayEwma);
    this.ewmaDen = ewmaDen;
    this.ewmaNum = Math.round(p.delayEwma * ewmaDen);
    this.sampleEvery = p.sampleEvery;
    this.loopSmartt = p.loop === "smartt" ? 1 : 0;
    this.mdOnRtt = p.mdDenominator === "rtt" ? 1 : 0;
    this.piMode =
      p.proportionalIncrease === "eq3" ? Pi.Eq3 : p.perPathScaling && !p.perPathTarget ? Pi.AlphaScaled : Pi.Alpha;
    this.htsimAverager = p.delayAverager === "htsim" ? 1 : 0;
    this.baseRttFromNack = p.baseRttFromNack ? 1 : 0;
    this.trimDelaySample = p.trimDelaySample ? 1 : 0;
    this.perPath = p.perPathScaling ? 1 : 0;
    this.perPathTarget = p.perPathTarget ? 1 : 0;
    this.qaOn = p.quickAdapt ? 1 : 0;
    this.qaIgnoresTimeouts = p.qaIgnoresTimeouts ? 1 : 0;
    this.qaIgnoresTrims = p.qaIgnoresTrims ? 1 : 0;
    this.rccc = p.rccc ? 1 : 0;
    this.wrap32 = p.incBytesWrap32 ? 1 : 0;
    this.qaNackPacket = p.qaOnNackCountsPacket ? 1 : 0;
    this.timeoutsIgnored = p.timeoutsCountIgnored ? 1 : 0;
    this.qaRolls = p.qaMeasure === "window" ? 1 : 0;
    this.plain = this.sampleEvery === 1 && this.htsimAverager === 0 && this.loopSmartt === 0 && this.perPath === 0 && this.perPathTarget === 0 ? 1 : 0;
  }

  /**
   * Starts a flow at cwnd = initCwndBytes (by default maxWnd: UEC has no slow start) with the
   * network base RTT, or with flowBaseRttNs, its maxWnd and a window no larger.
   */
  open(slot: number): void {
    this.openSlot(slot);
    this.maxWnd[slot] = this.flowMaxWnd0;
    this.cwnd[slot] = this.flowCwnd0;
    this.baseRtt[slot] = this.flowBaseRtt0;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * An ACK newly acknowledging `ackedBytes` (UEC: the receiver's Rcvd_Bytes delta).
   * `rttNs <= 0` means no valid RTT sample: the average delay stands in for it.
   * Returns NSCC_* bits, or E_SLOT / E_ARG.
   */
  onAck(slot: number, nowNs: number, ackedBytes: number, rttNs: number, ecn: boolean): number {
    // live[slot] is undefined for a negative, fractional, NaN or too-large slot. rttNs and nowNs
    // must both be finite (NaN or ∞ makes the sum NaN; −∞ is not "no sample").
    if (!(this.live[slot] === 1 && isByteCount(ackedBytes) && rttNs <= K.MaxRttNs && rttNs - rttNs + (nowNs - nowNs) === 0)) {
      return this.reject(slot);
    }
    // A handler this small is inlined into its caller; the body is too big for that (V8 inlines
    // at most 460 bytes of bytecode), so it is its own method (lib/README.md).
    return this.ack(slot, nowNs | 0, ackedBytes, rttNs, ecn ? 1 : 0);
  }

  /** onAck after validation. */
  private readonly ack = (slot: number, now: number, ackedBytes: number, rttNs: number, ecn: number): number => {
    // UEC OnACK step 1 / SMaRTT Alg. 4 lines 2–3: account before anything else.
    // The counters stop at 2^30 − 1 so that adding one event (≤ 2^30) never leaves int32.
    const inflight = this.inflight[slot] - ackedBytes;
    this.inflight[slot] = inflight > I32.Min ? inflight : I32.Min;
    const achieved = this.achieved[slot] + ackedBytes;
    this.achieved[slot] = achieved < K.CounterMax ? achieved : K.CounterMax;
    const received = this.received[slot] + ackedBytes;
    this.received[slot] = received < K.CounterMax ? received : K.CounterMax;
    const ignoreLeft = this.ignoreLeft[slot];
    if (ignoreLeft > 0) this.ignoreLeft[slot] = ignoreLeft > ackedBytes ? ignoreLeft - ackedBytes : 0;
    let flags = this.flags[slot];
    if ((flags & Fl.Started) === 0) flags = this.start(slot, now);
    if (this.plain === 0) return this.ackGeneral(slot, now, ackedBytes, rttNs, ecn, flags);
    // The UEC loop with network constants, an EWMA of the delay and no sampling.
    if (rttNs <= 0) {
      // No sample: the average stands in, and QuickAdapt tests it in Q8 (Fl.NoSample). A call
      // of its own: setting the bit on the shared `flags` cost every ACK 2 instructions more.
      const avg = this.avgDelay[slot] >> K.AvgShift;
      const noSample = flags | Fl.NoSample;
      return this.ackUec(slot, now, ackedBytes, 1, avg, ecn, noSample, this.targetNs, this.fiBytes);
    }
    const rtt = rttNs >= 1 ? rttNs | 0 : 1;
    if (rtt < this.baseRtt[slot]) this.setBaseRtt(slot, rtt);
    const delay = rtt - this.baseRtt[slot];
    const sampleQ8 = (delay < K.MaxDelayNs ? delay : K.MaxDelayNs) << K.AvgShift;
    this.blendDelay(slot, sampleQ8, this.ewmaNum, this.ewmaDen);
    return this.ackUec(slot, now, ackedBytes, 1, delay, ecn, flags, this.targetNs, this.fiBytes);
  };

  /**
   * A NACK for a trimmed packet of `bytes` (SMaRTT §III-D, Alg. 4 lines 15–21; UEC OnNACK for
   * UET_TRIMMED / UET_TRIMMED_LASTHOP). `rttNs` is the NACK's RTT sample, or ≤ 0 for none.
   */
  onTrim(slot: number, nowNs: number, bytes: number, lastHop: boolean, rttNs: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && rttNs <= K.MaxRttNs && rttNs - rttNs + (nowNs - nowNs) === 0)) {
      return this.reject(slot);
    }
    return this.trim(slot, nowNs | 0, bytes, lastHop, rttNs);
  }

  /** onTrim after validation. */
  private readonly trim = (slot: number, now: number, bytes: number, lastHop: boolean, rttNs: number): number => {
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const ignoreLeft = this.ignoreLeft[slot];
    if (ignoreLeft > 0) this.ignoreLeft[slot] = ignoreLeft > bytes ? ignoreLeft - bytes : 0;
    // The cut below is taken from the window before a lower base RTT clamps it: uet-htsim
    // updateCwndOnNack cuts, then clamps to [MTU, maxwnd] (uec-htsim-reference §4 step 3).
    const before = this.cwnd[slot];
    if (this.baseRttFromNack !== 0 && rttNs > 0) {
      const rtt = rttNs >= 1 ? rttNs | 0 : 1;
      if (rtt < this.baseRtt[slot]) this.setBaseRtt(slot, rtt);
    }
    // UEC OnNACK: update_delay(config_base_rtt) — a trim counts as one network RTT of queueing.
    if (this.trimDelaySample !== 0) this.blendDelay(slot, this.trimSampleQ8, this.ewmaNum, this.ewmaDen);
    // UEC OnNACK: with RCCC on, a last-hop trim is the receiver's business, not a signal.
    if (this.rccc !== 0 && lastHop) return 0;
    if (this.loopSmartt !== 0) {
      // §III-E's text and Fig. 9 (qaIgnoresTrims): inside the ignore phase a trim is ignored too.
      if (this.qaIgnoresTrims !== 0 && this.ignoreLeft[slot] > 0) return R.Ignored;
      // Alg. 4 lines 16–20: cut by the packet, arm QuickAdapt, run it unless ignoring.
      this.cwnd[slot] = this.clampWnd(slot, before - bytes);
      const flags = this.flags[slot] | Fl.TriggerQa;
      this.flags[slot] = flags;
      if (this.ignoreLeft[slot] > 0) {
        this.ignoredWindow(slot, flags, now);
        return R.Decrease;
      }
      if (this.windowEnded(slot, flags, now) && this.quickAdapt(slot, now, true, 0, 0)) {
        this.nackAdapted(slot, bytes);
        return R.Decrease | R.QuickAdapt;
      }
      return R.Decrease;
    }
    const flags = this.flags[slot] | Fl.TriggerQa;
    this.flags[slot] = flags;
    if (this.ignoreLeft[slot] > 0) return this.swallow(slot, R.Ignored);
    if (this.windowEnded(slot, flags, now) && this.quickAdapt(slot, now, true, 0, 0)) {
      this.nackAdapted(slot, bytes);
      return this.swallow(slot, R.QuickAdapt);
    }
    this.cwnd[slot] = this.clampWnd(slot, before - bytes);
    return R.Decrease;
  };

  /**
   * A retransmission timeout (UEC OnInferredLoss) for `bytes` presumed lost. Its bytes count as
   * ignored when timeoutsCountIgnored is set (not in uet-htsim). Inside the QuickAdapt ignore
   * phase it does not shrink the window when qaIgnoresTimeouts is set (SMaRTT §III-E "we need to
   * ignore such timeouts").
   */
  onTimeout(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.inferredLoss(slot, bytes, bytes);
  }

  /**
   * A loss found without a trim, where the packets that leave inflight are not the packet lost:
   * UEC OnInferredLoss cuts the window by the lost packet's size, `lostBytes`, while `bytes`
   * leave inflight. A go-back-N NACK reports one hole, and the packets after it, which the
   * receiver discarded, leave with it (bytes > lostBytes); a loss a tail-loss probe repaired
   * (RFC 8985 §7.4.2) takes nothing out, the probe's copy having been acknowledged (bytes 0).
   * Cutting by every byte that left took a go-back's whole window for one loss (uet-htsim
   * rtxTimerExpired cuts one packet, uec-htsim-reference §4). onTimeout is the case bytes = lostBytes; the ignore phase takes
   * both alike, on the lost bytes (UEC: "bytes ignored" is the lost packet's size). Returns
   * NSCC_DECREASE or NSCC_IGNORED, or E_SLOT / E_ARG.
   */
  onInferredLoss(slot: number, nowNs: number, bytes: number, lostBytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && isByteCount(lostBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.inferredLoss(slot, bytes, lostBytes);
  }

  /** onTimeout and onInferredLoss after validation. */
  private readonly inferredLoss = (slot: number, bytes: number, lostBytes: number): number => {
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const ignoreLeft = this.ignoreLeft[slot];
    if (ignoreLeft > 0 && this.timeoutsIgnored !== 0) this.ignoreLeft[slot] = ignoreLeft > lostBytes ? ignoreLeft - lostBytes : 0;
    if (this.qaIgnoresTimeouts !== 0 && this.ignoreLeft[slot] > 0) return R.Ignored;
    this.cutWindow(slot, lostBytes);
    return R.Decrease;
  };

  /**
   * `bytes` leave for the network. Returns NSCC_ACK_REQUEST when cwnd − inflight < MTU or
   * cwnd < ackGenTriggerBytes (UEC AckRequest, notes/uec-nscc-reps-pds.md §2.2).
   */
  onSend(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const inflight = satAdd(this.inflight[slot], bytes);
    this.inflight[slot] = inflight;
    const cwnd = this.cwnd[slot];
    return cwnd - inflight < this.mtu || cwnd < this.ackGenTriggerBytes ? R.AckRequest : 0;
  }

  /**
   * UEC apply_cwnd_penalty: an ACK_CC carrying the receiver's 7-bit Rcv_Cwnd_Pend and
   * Restore_Cwnd for `bytes` acknowledged. Call it before onAck for that ACK: the window is
   * capped at what will be in flight once those bytes are acknowledged (UEC OnACK order). While a
   * penalty is active, increases are suppressed.
   */
  onReceiverPenalty(slot: number, nowNs: number, pend: number, restore: boolean, bytes: number): number {
    if (!(this.live[slot] === 1 && isIntIn(pend, 0, 127) && isByteCount(bytes) && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    if (pend > 0) {
      if ((this.flags[slot] & Fl.Penalty) === 0) {
        this.savedCwnd[slot] = this.cwnd[slot];
        this.flags[slot] |= Fl.Penalty;
      }
      // UEC OnACK takes the ACK's bytes out of flight before apply_cwnd_penalty; this call comes
      // before onAck for that ACK, so its bytes are still in `inflight`.
      const after = this.inflight[slot] - bytes;
      const inflight = after > 0 ? after : 0;
      const w = this.cwnd[slot] < inflight ? this.cwnd[slot] : inflight;
      // (pend × bytes) >> 7, as a floor division because pend × bytes can exceed int32.
      this.cwnd[slot] = this.clampWnd(slot, w - Math.floor((pend * bytes) / 128));
      return R.Decrease;
    }
    if (restore && (this.flags[slot] & Fl.Penalty) !== 0) {
      this.cwnd[slot] = this.clampWnd(slot, this.savedCwnd[slot]);
      this.flags[slot] &= ~Fl.Penalty;
    }
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** True when `bytes` more fit in the window (UEC: inflight + size ≤ cwnd). */
  canSend(slot: number, bytes: number): boolean {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) {
      this.errors++;
      return false;
    }
    return this.inflight[slot] + bytes <= this.cwnd[slot];
  }

  /**
   * The congestion window in bytes (UEC cwnd), in [mtuBytes, maxWnd] (SMaRTT §III-J): min(initCwndBytes, maxWnd) at
   * open, lowered with maxWnd when the base RTT falls; 0 for a slot that is not open.
   */
  cwndBytes(slot: number): number {
    return this.cwnd[slot] | 0;
  }

  /**
   * Bytes in flight (UEC inflight): onSend adds, onAck, onTrim, onTimeout and onInferredLoss subtract, saturating at
   * the int32 limits, not floored at 0 (UEC: may go slightly negative); 0 for a slot that is not open.
   */
  inflightBytes(slot: number): number {
    return this.inflight[slot] | 0;
  }

  /**
   * The flow's base RTT in whole ns (UEC base_rtt): flowBaseRttNs at open, then the minimum with each RTT sample of
   * onAck (and of onTrim with baseRttFromNack); 0 for a slot that is not open.
   */
  baseRttNs(slot: number): number {
    return this.baseRtt[slot] | 0;
  }

  /** The average queueing delay, rounded down to whole ns. */
  avgDelayNs(slot: number): number {
    return this.avgDelay[slot] >> K.AvgShift;
  }

  /**
   * The flow's window ceiling in bytes (UEC max_wnd, 1.5 × BDP): floor(maxWndBytes × base RTT / baseRttNs), at least
   * mtuBytes, recomputed when the base RTT falls; 0 for a slot that is not open.
   */
  maxWndBytes(slot: number): number {
    return this.maxWnd[slot] | 0;
  }

  /** The pending increase (bytes²) not yet applied by a fulfill. */
  pendingIncrease(slot: number): number {
    return this.inc[slot] || 0;
  }

  /** Bytes still to be ignored after a QuickAdapt (UEC bytes_to_ignore − bytes_ignored). */
  ignoreBytes(slot: number): number {
    return this.ignoreLeft[slot] | 0;
  }

  /** The flow's queueing-delay target in ns: the network's, or scaled by its base RTT when perPathTarget is on. */
  targetDelayNs(slot: number): number {
    return this.isOpen(slot) ? this.targetFor(slot) : 0;
  }

  // ---------------------------------------------------------------------------------------
  // The SMaRTT loop and the rare steps

  /**
   * onAck after the accounting, for every configuration `plain` does not cover: sampling
   * (SMaRTT §III-G), uet-htsim's delay averager, the SMaRTT loop, per-path scaling or target.
   */
  private readonly ackGeneral = (slot: number, now: number, acked: number, rttNs: number, ecn: number, flags: number): number => {
    // SMaRTT §III-G: with sampling only one ACK in `sampleEvery` drives the control loop, and
    // its response is scaled by `sampleEvery`.
    let scale = 1;
    if (this.sampleEvery !== 1) {
      const n = this.sampleCount[slot] + 1;
      if (n < this.sampleEvery) {
        this.sampleCount[slot] = n;
        return R.SampledOut;
      }
      this.sampleCount[slot] = 0;
      scale = this.sampleEvery;
    }
    let delay: number;
    if (rttNs > 0) {
      const rtt = rttNs >= 1 ? rttNs | 0 : 1;
      if (rtt < this.baseRtt[slot]) this.setBaseRtt(slot, rtt);
      delay = rtt - this.baseRtt[slot];
      if (this.htsimAverager !== 0) this.updateDelayHtsim(slot, delay, ecn);
      else this.blendDelay(slot, (delay < K.MaxDelayNs ? delay : K.MaxDelayNs) << K.AvgShift, this.ewmaNum, this.ewmaDen);
    } else {
      delay = this.avgDelay[slot] >> K.AvgShift;
      flags |= Fl.NoSample;
    }
    if (this.loopSmartt !== 0) {
      return this.ackSmartt(slot, now, acked, scale, delay, ecn, flags & Fl.NoSample);
    }
    return this.ackUec(slot, now, acked, scale, delay, ecn, flags, this.targetFor(slot), this.fairBytes(slot));
  };

  /**
   * UEC §3.6.13 OnACK after the RTT sample: quick_adapt (its ignore phase swallows marked ACKs
   * only, uet-htsim §5), the four quadrants, then fulfill. `target` and `fiBytes` are the flow's
   * (scaled when perPathTarget / perPathScaling is on); `scale` > 1 when this ACK stands for several.
   */
  private readonly ackUec = (
    slot: number,
    now: number,
    acked: number,
    scale: number,
    delay: number,
    ecn: number,
    flags: number,
    target: number,
    fiBytes: number,
  ): number => {
    if (ecn !== 0 && this.ignoreLeft[slot] > 0) return this.swallow(slot, R.Ignored);
    if (
      this.windowEnded(slot, flags, now) &&
      this.quickAdapt(slot, now, false, delay, flags & Fl.NoSample)
    ) {
      return this.swallow(slot, R.QuickAdapt);
    }
    let r: number;
    if (ecn !== 0) {
      r = delay >= target ? this.multiplicativeDecrease(slot, now, target) : R.Repath;
    } else if ((flags & Fl.Penalty) !== 0) {
      r = 0; // UEC: increases are suppressed while the receiver limits the window
    } else if (delay >= target) {
      this.addInc(slot, fiBytes * acked * scale);
      r = R.Fair;
    } else if (delay < this.fastDelayNs && this.fastIncrease(slot, flags, acked, scale)) {
      r = R.Fast; // proportional_increase runs fast_increase first and skips itself in increase mode
    } else {
      if (delay >= this.fastDelayNs && (flags & Fl.Increase) + this.fiCount[slot] !== 0) this.endFastIncrease(slot);
      r = this.proportional(slot, acked * scale, delay, target);
    }
    if (this.received[slot] > this.adjustBytes || this.periodDue(slot, now)) r |= this.fulfill(slot, now);
    return r;
  };

  /**
   * SMaRTT Alg. 1 case 4 / UEC proportional_increase for `acked` bytes below the target: eq. (3)
   * when so configured, else UEC's alpha × (target − delay) per byte. Apart from the loops so that
   * ackUec stays under V8's 460-byte inlining limit.
   */
  private readonly proportional = (slot: number, acked: number, delay: number, target: number): number => {
    const mode = this.piMode;
    if (mode === Pi.Alpha) this.addInc(slot, mulQ16(this.alphaQ16 * (target - delay), acked));
    else if (mode === Pi.Eq3) this.addInc(slot, this.eq3Increase(slot, acked, delay, target));
    else {
      // SMaRTT §III-J scales "the increase constants including fi, pi", each a constant step per
      // RTT, by the path's BDP, so that flows of different base RTT ramp up alike per wall-clock
      // time. UEC's alpha (Table 3-76: 4 × scaling_a × scaling_b × MSS / target) is pi's
      // counterpart: a round trip of ACKs adds alpha × (target − delay), at delay 0 alpha × target
      // = 4 × scaling_a × scaling_b × MSS, whatever cwnd is. That step is scaled once, by brtt_flow
      // / brtt_network: here by alpha, the target being the network's. With perPathTarget the
      // scaled target carries the factor into (target − delay) and alpha stays the network's
      // (Pi.Alpha); scaling both would scale the step by its square. Floored like fi and the
      // eq. (3) step; alpha × brtt reaches 2^55 (2^26 × 2^29), past mulDiv's exact 2^53.
      const alphaQ16 = mulDivWide(this.alphaQ16, this.baseRtt[slot], this.baseRtt0);
      this.addInc(slot, mulQ16(alphaQ16 * (target - delay), acked));
    }
    return R.Proportional;
  };

  /** SMaRTT Alg. 4 lines 5–14, after the RTT sample. */
  private readonly ackSmartt = (
    slot: number,
    now: number,
    acked: number,
    scale: number,
    delay: number,
    ecn: number,
    noSample: number,
  ): number => {
    if (this.ignoreLeft[slot] > 0) {
      this.ignoredWindow(slot, this.flags[slot], now);
      return R.Ignored; // line 6: every ACK is ignored
    }
    const ended = this.windowEnded(slot, this.flags[slot], now);
    const adapted = ended && this.quickAdapt(slot, now, false, delay, noSample); // line 9
    const flags = this.flags[slot];
    const limited = (flags & Fl.Penalty) !== 0;
    // Line 10, Alg. 3: uncongested means "rtt ≈ brtt and not p.ecn"; anything else resets.
    let fast = false;
    if (ecn === 0 && delay < this.fastDelayNs) fast = !limited && this.fastIncrease(slot, flags, acked, scale);
    else this.endFastIncrease(slot);
    if (adapted || fast) return (adapted ? R.QuickAdapt : 0) | (fast ? R.Fast : 0); // line 11
    const target = this.targetFor(slot);
    let r: number;
    if (ecn !== 0) {
      r = delay >= target ? this.multiplicativeDecrease(slot, now, target) : R.Repath; // Alg. 1 cases 1–2
    } else if (limited) {
      r = 0;
    } else if (delay >= target) {
      this.addInc(slot, this.fairBytes(slot) * acked * scale); // Alg. 1 case 3, eq. (2)
      r = R.Fair;
    } else {
      r = this.proportional(slot, acked * scale, delay, target); // Alg. 1 case 4
    }
    if (this.received[slot] > this.adjustBytes || this.periodDue(slot, now)) r |= this.fulfill(slot, now);
    return r;
  };

  /**
   * True when the QuickAdapt measurement window has ended (or none has started yet):
   * Alg. 2 line 3 tests now ≥ end; UEC tests now > qa_end.
   */
  private readonly windowEnded = (slot: number, flags: number, now: number): boolean => {
    if ((flags & Fl.QaStarted) === 0) return true;
    // The end is set base RTT + target (< 2^30 ns) ahead, so an end that reads as further ahead
    // than that has passed, even 2^31 ns or more ago (lib/core/ticks.ts): a flow back from a
    // long idle gap has its QuickAdapt window ended, as uet-htsim's 64-bit clock would say.
    // The bound is this table's longest window, not 2^30: an end that passed up to 2^32 − 2^30 ns
    // (3.2 s) ago read as still ahead for up to 1.07 s more (lib/core/ticks.ts, third reading).
    const lead = (this.qaEnd[slot] - now) >>> 0;
    const passed = lead > this.qaLeadMaxNs;
    return this.loopSmartt !== 0 ? passed || lead === 0 : passed;
  };

  /**
   * SMaRTT Alg. 2 / UEC quick_adapt at the end of a measurement window of base RTT + target
   * (the callers test the window and the ignore phase, which the paper and the standard
   * define differently). Fires when triggered (a trim: UEC OnNACK's is_loss, which `isLoss`
   * carries; timeouts and inferred losses never set it, as in UEC and uet-htsim; or delay above
   * qaThresholdNs: the average delay when `noSample` is set) and the gate allows: cwnd = max(achieved ×
   * qaScaling, MTU), and the bytes now in flight will be ignored. Either way a new window starts.
   */
  private readonly quickAdapt = (
    slot: number,
    now: number,
    isLoss: boolean,
    delay: number,
    noSample: number,
  ): boolean => {
    // UEC disable_quick_adapt: uet-htsim's quick_adapt returns false before its ignore test and
    // its window, so no window opens and nothing is ever to be ignored.
    if (this.qaOn === 0) return false;
    const flags = this.flags[slot];
    let fired = false;
    // Without a sample the delay is the average, tested in Q8 (constructor, qaThresholdQ8).
    const high =
      noSample !== 0 ? this.avgDelay[slot] > this.qaThresholdQ8 : delay > this.qaThresholdNs;
    if (
      (flags & Fl.QaStarted) !== 0 &&
      ((flags & Fl.TriggerQa) !== 0 || isLoss || high) &&
      (this.qaGate === 0 || this.achieved[slot] < this.maxWnd[slot] >> this.qaGate)
    ) {
      this.cwnd[slot] = this.clampWnd(slot, mulQ16(this.achieved[slot], this.qaScalingQ16));
      this.ignoreLeft[slot] = this.inflight[slot] > 0 ? this.inflight[slot] : 0;
      fired = true;
    }
    this.newWindow(slot, now);
    this.flags[slot] = (fired ? flags & ~Fl.TriggerQa : flags) | Fl.QaStarted;
    return fired;
  };

  /**
   * An ACK or trim in the smartt loop's ignore phase. With qaMeasure `window` the measurement
   * window still rolls (§III-E: "over the last trtt window"), as it does outside the phase; the
   * event that ends one belongs to it. With `alg4` nothing: Alg. 4 returns before Alg. 2.
   */
  private readonly ignoredWindow = (slot: number, flags: number, now: number): void => {
    if (this.qaRolls !== 0 && this.windowEnded(slot, flags, now)) this.newWindow(slot, now);
  };

  /** A QuickAdapt measurement window of base RTT + target starts now, with nothing achieved yet. */
  private readonly newWindow = (slot: number, now: number): void => {
    this.achieved[slot] = 0;
    this.qaEnd[slot] = (now + this.baseRtt[slot] + this.targetFor(slot)) | 0;
  };

  /**
   * SMaRTT Alg. 3 / UEC fast_increase, for an unmarked ACK whose delay is below
   * fastIncreaseDelayNs: after a window's worth of such contiguous bytes, grow by k MTU per ACK
   * (paper) or fiScale × acked (UEC) for as long as that lasts. Under sampling the ACK counts
   * `scale` times; an ACK of no new bytes takes no step. `flags` is the slot's flag byte as the
   * ACK found it (its Increase bit is current).
   */
  private readonly fastIncrease = (slot: number, flags: number, acked: number, scale: number): boolean => {
    const sum = this.fiCount[slot] + acked * scale;
    const count = sum < K.CounterMax ? sum : K.CounterMax;
    this.fiCount[slot] = count;
    if (count <= this.cwnd[slot] && (flags & Fl.Increase) === 0) return false;
    const step = this.fastStepBytes > 0 ? (acked > 0 ? this.fastStepBytes * scale : 0) : mulQ16(acked * scale, this.fiScaleQ16);
    this.cwnd[slot] = this.clampWnd(slot, this.cwnd[slot] + step);
    // Read again, not `flags`: the QuickAdapt check before this may have just opened a window.
    this.flags[slot] |= Fl.Increase;
    return true;
  };

  /** An ACK that breaks the run of uncongested bytes resets FastIncrease (Alg. 3 lines 10–11). */
  private readonly endFastIncrease = (slot: number): void => {
    this.fiCount[slot] = 0;
    this.flags[slot] &= ~Fl.Increase;
  };

  /**
   * SMaRTT eq. (3) as bytes² for the increase accumulator: (trtt − rtt)/rtt × size × mtu × pi
   * (× cwnd, since the accumulator is divided by cwnd), capped at size × cwnd (eq. (3)'s
   * min(size, …)), then the fair increase of eq. (2) that §III-I4 says follows it.
   */
  private readonly eq3Increase = (slot: number, acked: number, delay: number, target: number): number => {
    const ratioQ16 = mulDiv(target - delay, 65536, this.baseRtt[slot] + delay);
    let add = mulQ16(this.scaled(slot, this.eq3Bytes) * acked, ratioQ16);
    const bound = acked * this.cwnd[slot];
    if (add > bound) add = bound;
    return add + this.fairBytes(slot) * acked;
  };

  /**
   * SMaRTT eq. (1) / UEC multiplicative_decrease, at most once per base RTT:
   * cwnd ×= max(1 − gamma × (avg − target) / avg, maxMdJump), where avg is the average RTT
   * (paper; the numerator avg_rtt − trtt equals avg_delay − target) or the average delay (UEC).
   * Skipped while the average is at or below the target (the factor would exceed 1). This is
   * the part every such ACK runs; the decrease itself is `decrease`, at most once per base RTT.
   */
  private readonly multiplicativeDecrease = (slot: number, now: number, target: number): number => {
    const flags = this.flags[slot];
    // UEC: clear the fast-increase state.
    if ((flags & Fl.Increase) !== 0) this.flags[slot] = flags & ~Fl.Increase;
    if (this.fiCount[slot] !== 0) this.fiCount[slot] = 0;
    if (this.avgDelay[slot] <= target << K.AvgShift) return 0;
    if ((flags & Fl.MdOnce) !== 0 && ((now - this.lastDec[slot]) >>> 0) <= this.baseRtt[slot]) return 0;
    return this.decrease(slot, now, target);
  };

  private readonly decrease = (slot: number, now: number, target: number): number => {
    const avg = this.avgDelay[slot];
    const targetQ8 = target << K.AvgShift;
    const denominator = this.mdOnRtt !== 0 ? avg + this.baseRtt[slot] * 256 : avg;
    let factorQ16 = 65536 - mulDiv(this.gammaQ16, avg - targetQ8, denominator);
    if (factorQ16 < this.mdFloorQ16) factorQ16 = this.mdFloorQ16;
    this.cwnd[slot] = this.clampWnd(slot, mulQ16(this.cwnd[slot], factorQ16));
    this.lastDec[slot] = now;
    this.flags[slot] |= Fl.MdOnce;
    return R.Md;
  };

  /** UEC: an adjustment period (and so an eta) is due. */
  private readonly periodDue = (slot: number, now: number): boolean => {
    return this.adjustPeriodNs > 0 && ((now - this.lastAdjust[slot]) >>> 0) >= this.adjustPeriodNs;
  };

  /**
   * UEC fulfill_adjustment, when more than adjustBytes were acked or a period passed:
   * cwnd += inc / cwnd (integer division) and, once per period, + eta. In the per-packet regime
   * (both thresholds 0) this runs on every ACK and the division's remainder is carried to the
   * next ACK instead of dropped, so small per-ACK increments are not lost to truncation.
   */
  private readonly fulfill = (slot: number, now: number): number => {
    const cwnd = this.cwnd[slot];
    const inc = this.inc[slot];
    const q = Math.floor(inc / cwnd);
    this.inc[slot] = this.perPacket !== 0 ? inc - q * cwnd : 0;
    let w = cwnd + (q < I32.Max ? q : I32.Max);
    if (this.periodDue(slot, now)) {
      w += this.etaBytes;
      this.lastAdjust[slot] = now;
    }
    this.cwnd[slot] = this.clampWnd(slot, w);
    this.received[slot] = 0;
    return R.Fulfill;
  };

  // ---------------------------------------------------------------------------------------
  // Helpers


  /** The first ACK of a flow: the eta period starts now. Returns the new flag byte. */
  private readonly start = (slot: number, now: number): number => {
    this.lastAdjust[slot] = now;
    return (this.flags[slot] |= Fl.Started);
  };

  /**
   * A NACK fired QuickAdapt after its packet left `inflight`: with qaOnNackCountsPacket the bytes
   * to ignore are the flight before it left (uet-htsim processNack steps 3–4).
   */
  private readonly nackAdapted = (slot: number, bytes: number): void => {
    if (this.qaNackPacket === 0) return;
    const before = this.inflight[slot] + bytes;
    this.ignoreLeft[slot] = before > 0 ? before : 0;
  };

  /** UEC quick_adapt's "done" path: pending increase and received bytes are dropped. */
  private readonly swallow = (slot: number, result: number): number => {
    this.inc[slot] = 0;
    this.received[slot] = 0;
    return result;
  };

  private readonly cutWindow = (slot: number, bytes: number): void => {
    this.cwnd[slot] = this.clampWnd(slot, this.cwnd[slot] - bytes);
  };

  /** The window bounds of SMaRTT §III-J / UEC: [MTU, maxWnd]. */
  private readonly clampWnd = (slot: number, w: number): number => {
    const max = this.maxWnd[slot];
    return w < this.mtu ? this.mtu : w > max ? max : w | 0;
  };

  private readonly addInc = (slot: number, add: number): void => {
    const sum = this.inc[slot] + add;
    this.inc[slot] = this.wrap32 !== 0 ? sum % K.Two32 : sum < K.MaxExact ? sum : K.MaxExact;
  };

  /** An increase constant scaled by the flow's base RTT relative to the network's (SMaRTT §III-J). */
  private readonly scaled = (slot: number, x: number): number => {
    return this.perPath !== 0 ? mulDiv(x, this.baseRtt[slot], this.baseRtt0) : x;
  };

  /**
   * The network's target: §III-J's trtt = 1.5 × brtt is half of a 1-BDP queue, the same queue
   * for every flow through it. perPathTarget scales it like an increase constant.
   */
  private readonly targetFor = (slot: number): number => {
    return this.perPathTarget !== 0 ? mulDiv(this.targetNs, this.baseRtt[slot], this.baseRtt0) : this.targetNs;
  };

  private readonly fairBytes = (slot: number): number => {
    return this.perPath !== 0 ? this.scaled(slot, this.fiBytes) : this.fiBytes;
  };

  /** Min filter of the base RTT; maxWnd follows it (1.5 × BDP of the new base RTT). */
  private readonly setBaseRtt = (slot: number, rtt: number): void => {
    this.baseRtt[slot] = rtt;
    // UEC update_base_rtt: max_wnd = 1.5 × linkspeed × base_rtt, i.e. maxWnd0 × rtt / the
    // network's base RTT taken unrounded (14,022.72 ns by default), floored exactly (scaleWnd):
    // the product maxWnd0 × rtt × 1000 passes 2^53 from about 250 µs at 800 Gb/s.
    const max = scaleWnd(this.maxWnd0, rtt * 1000, this.baseRttPs0);
    this.maxWnd[slot] = max > this.mtu ? max : this.mtu;
    if (this.cwnd[slot] > this.maxWnd[slot]) this.cwnd[slot] = this.maxWnd[slot];
  };

  /**
   * uet-htsim update_delay: an unmarked sample above target is replaced by base RTT / 4, and
   * one above 5 × base RTT is blended with the fixed weight 0.0125; otherwise a plain EWMA
   * (avg += w × (delay − avg)), which is all the `ewma` averager does.
   */
  private readonly updateDelayHtsim = (slot: number, delayNs: number, ecn: number): void => {
    const d = delayNs < K.MaxDelayNs ? delayNs : K.MaxDelayNs;
    const base = this.baseRtt[slot];
    // base_rtt / 4 in Q8 keeps its quarter-ns fraction (base << 6), as uet-htsim's double does
    // (14,023 / 4 = 3505.75 ns, not 3505); saturated like every sample.
    const quarterQ8 = base < K.QuarterSatNs ? base << (K.AvgShift - 2) : K.MaxDelayNs << K.AvgShift;
    // "Above target" is the flow's target, the one its quadrants test (perPathTarget scales it).
    if (ecn === 0 && d > this.targetFor(slot)) this.blendDelay(slot, quarterQ8, this.ewmaNum, this.ewmaDen);
    else if (d > 5 * base) this.blendDelay(slot, d << K.AvgShift, 1, K.HtsimBigDelayEwmaDen);
    else this.blendDelay(slot, d << K.AvgShift, this.ewmaNum, this.ewmaDen);
  };

  /**
   * UEC update_delay's EWMA, avg += w × (s − avg) with w = num / den, floored to Q8:
   * avg' = floor(avg + (s − avg) × num / den), exactly.
   *
   * Why the double expression floors exactly: v = avg + (s − avg) × num / den lies between avg
   * and s, both in [0, 2^31), and is a multiple of 1/den ≥ 2^−16. The product (s − avg) × num is
   * an integer below 2^31 × 2^16 = 2^47, exact; the quotient and the sum are each rounded once,
   * an error of at most 2 × 2^31 × 2^−53 = 2^−21 < 2^−16. So when v is an integer the quotient
   * v − avg is an exact double and the sum is v; otherwise the computed sum stays on v's side of
   * every integer, and the truncating Int32Array store (v ≥ 0) takes floor(v).
   *
   * The bound the docs quote (README "Arithmetic"): with E the exact EWMA of the same samples
   * (ns) and D = E − avg / 256, D' = (1 − w) D + f / 256 where f = frac(v) ∈ [0, (den − 1) / den].
   * From D = 0 (both start at 0), 0 ≤ D < (den − 1) / den / (256 w) = (den − 1) / (256 num);
   * at w = 1/80 that is 79/256 = 0.30859 ns: the average never exceeds the exact one and lags it
   * by less than 0.309 ns. Until 2026-12-05 w was q16(0.0125) = 819/65536 = 0.012497, whose
   * average drifted up to ±4 ns from uet-htsim's over bursts of delay (review rev-nscc).
   */
  private readonly blendDelay = (slot: number, sampleQ8: number, num: number, den: number): void => {
    const avg = this.avgDelay[slot];
    this.avgDelay[slot] = avg + ((sampleQ8 - avg) * num) / den;
  };
}
