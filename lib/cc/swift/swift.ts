// Swift: delay-based window congestion control, as one sans-IO table of flows.
//
// Read first:
//   Swift (Kumar et al., SIGCOMM 2020) Alg. 1: additive increase below the target, one
//     multiplicative decrease per RTT above it bounded by max_mdf, fast recovery and
//     retransmission-timeout reactions, pacing below one packet; §3 target delay with topology
//     (hop) scaling and flow scaling; the fabric/endpoint window split.
//   Google's open-sourced Swift (Isekai rue/algorithm/swift.h: GetTargetDelay,
//     ComputeAckFabricCongestionWindow, ComputeNack…, ComputeTimeout…, GetInterPacketGap,
//     GetRetransmitTimeout), restated in notes/baselines.md §1.
//   Reflex §II-C: the collapse cwnd ← cwnd × max(1 − β (delay − target)/delay, 1 − max_mdf)
//     when an inter-DC delay dwarfs a few-µs target.
//
// Delay samples may come from any source (lib/cc/README.md "Feeding delay samples"): onAck
// takes the RTT and the remote host's share of it; onDelaySample takes a sample that
// acknowledges nothing (a Reflex pseudo-ACK's near-source RTT).
//
// Units and representation (DESIGN.md rule 5): windows are Q16 packets in int32 (Swift keeps
// fractional packet windows, down to 0.001), reported in bytes through mtuBytes; time is ns in
// int32 and wrapping ticks compared by difference; factors are Q16. Rounding, written once:
//   acked packets      ackedQ16 = floor(ackedBytes × 2^16 / mtu), not capped (Alg. 1's num_acked)
//   target             hopTarget + clamp(floor(α·256/√cwndQ16 + β), 0, fs_range)     (doubles)
//   increase           floor(aiQ16 × ackedQ16 / cwndQ16) for cwnd ≥ 1 pkt, else floor(aiQ16 × ackedQ16 / 2^16);
//                      exact while aiQ16 × ackedQ16 < 2^53, i.e. for ACKs below 2^21 / ai packets
//                      (2M packets at ai 1: more than the largest ACK, 2^30 B, unless the MTU is
//                      below 512 B); from there the product is a double rounded to 53 bits before
//                      the division, where 64-bit integers would floor it exactly (2^-16 packet apart at most)
//   decrease           mdQ16 = min(floor(βQ16 × (delay − target) / delay), maxMdfQ16);
//                      cwndQ16 = floor(cwndQ16 × (2^16 − mdQ16) / 2^16)
//   smoothing          s = floor((s × wQ16 + x × (2^16 − wQ16)) / 2^16), w the weight of the old value
//   hopTarget          baseTarget + floor(hops × hopScaling), at open
//   times given        baseTarget, endpointTarget, minRto: round(x) ns; fs_range floored for the clamp
//                      (α takes it as given); nowNs, rttNs, remoteDelayNs truncated (| 0)

import { isByteCount, isIntIn, mulDiv, q16, satAdd, satSub } from "../../core/fixed";
import { I32 } from "../../core/limits";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { type SwiftParams, type SwiftParamsInput, flowScaling, resolveSwiftParams } from "./params";

/** Per-flow state: 32 B of int32 columns + 2 B + the open flag = 35 B. */
const LAYOUT = {
  cwnd: "i32", // Q16 packets, fabric window
  ecwnd: "i32", // Q16 packets, endpoint window (only with endpointTargetNs > 0)
  inflight: "i32", // bytes, signed
  srtt: "i32", // ns, smoothed RTT; 0 until the first sample (samples are ≥ 1 ns, and so is their EWMA)
  sdelay: "i32", // ns, smoothed fabric delay (equals the last sample without smoothing)
  hopTarget: "i32", // ns, base target + hop scaling of this flow
  lastDec: "i32", // tick of the last fabric-window decrease
  lastEDec: "i32", // tick of the last endpoint-window decrease
  flags: "u8", // Fl bits
  retx: "u8", // the last timeout's count: consecutive flow timeouts, or the packet's own attempt (saturates at 255)
} as const;

const enum Fl {
  Decreased = 1, // lastDec holds a real tick
  EDecreased = 2, // lastEDec holds a real tick
}

/** Handler result bits (exported below as SWIFT_*). */
const enum R {
  Increase = 1,
  Decrease = 2,
  EndpointIncrease = 4,
  EndpointDecrease = 8,
  Pace = 16,
  MinWindow = 32,
}

const enum K {
  One = 65536, // one packet in Q16
  // 2^-16: × it is exact, as ÷ 2^16 is, in 4 fewer bytes of bytecode; an enum member, so the
  // bundle inlines the literal (a module-level const would be a boxed double loaded at each use)
  Q16Inv = 1.52587890625e-5,
  MaxNs = 1073741824, // 2^30: largest RTT or delay sample
  MaxHops = 255,
  GapCap = 2147483647, // pacing gaps saturate at INT32_MAX ns
}

/** onAck (with a sample), onDelaySample: the additive increase grew the fabric window. */
export const SWIFT_INCREASE: number = R.Increase;
/** The fabric window fell: a delay cut (onAck, onDelaySample), a loss (onNack) or a timeout (onTimeout). */
export const SWIFT_DECREASE: number = R.Decrease;
/** onAck (with a sample), onDelaySample: the endpoint window grew. */
export const SWIFT_ENDPOINT_INCREASE: number = R.EndpointIncrease;
/** onAck (with a sample), onDelaySample: the endpoint window fell. */
export const SWIFT_ENDPOINT_DECREASE: number = R.EndpointDecrease;
/**
 * onSend, and onAck (with a sample) and onDelaySample after their update: the effective window is
 * below one packet, so pace with pacingGapNs (Alg. 1). Never from onNack or onTimeout.
 */
export const SWIFT_PACE: number = R.Pace;
/**
 * onTimeout only: a timeout at the retransmit limit set the window to its floor, also when it
 * already sat there (then without SWIFT_DECREASE). Under timeoutRule "isekai" only when the gate
 * was open (else 0); under "alg1" at every such timeout.
 */
export const SWIFT_MIN_WINDOW: number = R.MinWindow;

export class Swift extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "hops"],
    close: ["slot"],
    onAck: ["slot", "nowNs", "ackedBytes", "rttNs", "remoteDelayNs"],
    onDelaySample: ["slot", "nowNs", "bytes", "rttNs", "remoteDelayNs"],
    onNack: ["slot", "nowNs", "bytes"],
    onTimeout: ["slot", "nowNs", "bytes", "attempt"],
    onSend: ["slot", "nowNs", "bytes"],
    canSend: ["slot", "bytes"],
    pacingGapNs: ["slot", "bytes"],
  };

  readonly params: Readonly<SwiftParams>;
  /** Flow-scaling curve α/√cwnd + β in ns (cwnd in packets). */
  readonly fsAlphaNs: number;
  readonly fsBetaNs: number;

  private readonly cwnd = this.col.cwnd;
  private readonly ecwnd = this.col.ecwnd;
  private readonly inflight = this.col.inflight;
  private readonly srtt = this.col.srtt;
  private readonly sdelay = this.col.sdelay;
  private readonly hopTarget = this.col.hopTarget;
  private readonly lastDec = this.col.lastDec;
  private readonly lastEDec = this.col.lastEDec;
  private readonly flags = this.col.flags;
  private readonly retx = this.col.retx;

  private readonly mtu: number;
  private readonly alpha256: number;
  private readonly alpha256SqLow: number;
  private readonly alpha256SqHigh: number;
  private readonly betaNs: number;
  private readonly betaLess1Ns: number;
  private readonly fsRangeNs: number;
  private readonly aiQ16: number;
  private readonly betaQ16: number;
  private readonly maxMdfQ16: number;
  private readonly minCwnd: number;
  private readonly maxCwnd: number;
  private readonly initCwnd: number;
  private readonly retxLimit: number;
  private readonly rttOldQ16: number;
  private readonly rttNewQ16: number;
  private readonly delayOldQ16: number;
  private readonly delayNewQ16: number;
  private readonly minRtoNs: number;
  private readonly rtoScalarQ16: number;
  private readonly eTarget: number;
  private readonly minEcwnd: number;
  private readonly maxEcwnd: number;
  private readonly baseTargetNs: number;
  private readonly hopScalingNs: number;
  // 0/1 numbers rather than booleans: one compare on the hot path (lib/README "What V8 makes expensive").
  private readonly lossDecrease: number;
  private readonly gateSmoothed: number;
  private readonly nackResetsRetx: number;
  private readonly timeoutAlg1: number;

  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params: SwiftParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveSwiftParams(params);
    this.params = Object.freeze(p);
    const fs = flowScaling(p.fsRangeNs, p.fsMinCwndPkts, p.fsMaxCwndPkts);
    this.fsAlphaNs = fs.alphaNs;
    this.fsBetaNs = fs.betaNs;
    this.mtu = p.mtuBytes;
    // α/√(cwndQ16 / 2^16) = α·256/√cwndQ16: scaling by a power of two is exact.
    this.alpha256 = fs.alphaNs * 256;
    this.alpha256SqLow = this.alpha256 * this.alpha256 * (1 - 1e-12);
    this.alpha256SqHigh = this.alpha256 * this.alpha256 * (1 + 1e-12);
    this.betaNs = fs.betaNs;
    this.betaLess1Ns = fs.betaNs - 1;
    this.fsRangeNs = Math.floor(p.fsRangeNs);
    this.aiQ16 = q16(p.aiPkts);
    this.betaQ16 = q16(p.beta);
    this.maxMdfQ16 = q16(p.maxMdf);
    this.minCwnd = Math.max(1, Math.round(p.minCwndPkts * K.One));
    this.maxCwnd = Math.round(p.maxCwndPkts * K.One);
    this.initCwnd = Math.round(p.initCwndPkts * K.One);
    this.retxLimit = p.retransmitLimit;
    this.rttOldQ16 = q16(p.rttSmoothing);
    this.delayOldQ16 = q16(p.delaySmoothing);
    this.rttNewQ16 = K.One - this.rttOldQ16;
    this.delayNewQ16 = K.One - this.delayOldQ16;
    this.minRtoNs = Math.round(p.minRtoNs);
    this.rtoScalarQ16 = q16(p.rtoScalar);
    this.eTarget = Math.round(p.endpointTargetNs);
    this.minEcwnd = Math.max(1, Math.round(p.minEcwndPkts * K.One));
    this.maxEcwnd = Math.round(p.maxEcwndPkts * K.One);
    this.baseTargetNs = Math.round(p.baseTargetNs);
    this.hopScalingNs = p.hopScalingNs;
    this.lossDecrease = p.lossDecrease ? 1 : 0;
    this.gateSmoothed = p.decreaseGate === "smoothed" ? 1 : 0;
    this.nackResetsRetx = p.nackResetsRetransmits ? 1 : 0;
    this.timeoutAlg1 = p.timeoutRule === "alg1" ? 1 : 0;
  }

  /**
   * Starts a flow at initCwndPkts. `hops` is the forward hop count (Swift §3.1 derives it from
   * the IP TTL); it fixes the flow's topology-scaled part of the target. A caller that drives
   * every cc module alike with `open(slot)` gets 0 hops (base target only).
   * @throws RangeError for a slot outside the table or hops not an integer in [0, 255].
   */
  open(slot: number, hops = 0): void {
    if (!isIntIn(hops, 0, K.MaxHops)) {
      this.errors++;
      throw new RangeError(`Swift: hops must be an integer in [0, 255], got ${hops}`);
    }
    this.openSlot(slot);
    this.cwnd[slot] = this.initCwnd;
    this.ecwnd[slot] = this.maxEcwnd;
    // Capped at int32: beyond it (255 hops of 2^24 ns) the column would wrap negative; every
    // accepted delay (≤ 2^30 ns) lies below the cap anyway.
    const target = this.baseTargetNs + Math.floor(hops * this.hopScalingNs);
    this.hopTarget[slot] = target < I32.Max ? target : I32.Max;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * An ACK newly acknowledging `ackedBytes`, with its RTT (t4 − t1) and the remote host's share
   * of it (t3 − t2; 0 when the NIC does not separate it): fabric delay = rttNs − remoteDelayNs
   * (0 when remoteDelayNs is larger). `ackedBytes` is an integer in [0, 2^30]; `rttNs` at most
   * 2^30 and `remoteDelayNs` in [0, 2^30], both truncated to whole ns, as `nowNs` is (any finite
   * value, wrapped to the 32-bit tick). `rttNs` below 1 (0, 0.5 or negative) means no delay sample
   * (e.g. an end-to-end ACK under Reflex): bookkeeping only, returning 0.
   * Resets the retransmission count, with or without a sample. Returns SWIFT_INCREASE /
   * SWIFT_DECREASE, the endpoint bits, and SWIFT_PACE while the effective window is below one
   * packet after the update; or E_SLOT / E_ARG.
   */
  onAck(slot: number, nowNs: number, ackedBytes: number, rttNs: number, remoteDelayNs: number): number {
    if (
      !(
        this.live[slot] === 1 &&
        isByteCount(ackedBytes) &&
        rttNs <= K.MaxNs &&
        remoteDelayNs >= 0 &&
        remoteDelayNs <= K.MaxNs &&
        // rttNs and nowNs both finite (NaN or ∞ makes the sum NaN); −∞ is not "no sample".
        // One test for both: the tree of onAck stays within V8's inlining budget (lib/README.md).
        rttNs - rttNs + (nowNs - nowNs) === 0
      )
    ) {
      return this.reject(slot);
    }
    // Each column once into a local: bytecode counts against V8's inlining budget (control).
    const inflightCol = this.inflight;
    let inflight = inflightCol[slot] - ackedBytes;
    if (inflight < I32.Min) inflight = I32.Min;
    inflightCol[slot] = inflight;
    this.retx[slot] = 0;
    if (!(rttNs >= 1)) return 0;
    return this.control(slot, nowNs | 0, ackedBytes, rttNs | 0, remoteDelayNs | 0);
  }

  /**
   * A delay sample that acknowledges nothing, covering `bytes` of the flow's data for the
   * additive increase: a Reflex pseudo-ACK (NSF, §III-C) carrying the near-source RTT.
   * Inflight and the retransmission count are untouched. Arguments and results as onAck's, except
   * that `rttNs` must be a sample, in [1, 2^30] (E_ARG otherwise).
   */
  onDelaySample(slot: number, nowNs: number, bytes: number, rttNs: number, remoteDelayNs: number): number {
    if (
      !(
        this.live[slot] === 1 &&
        isByteCount(bytes) &&
        rttNs >= 1 &&
        rttNs <= K.MaxNs &&
        remoteDelayNs >= 0 &&
        remoteDelayNs <= K.MaxNs &&
        nowNs - nowNs === 0
      )
    ) {
      return this.reject(slot);
    }
    return this.control(slot, nowNs | 0, bytes, rttNs | 0, remoteDelayNs | 0);
  }

  /**
   * A loss detected by a NACK, SACK or trim (Swift Alg. 1 fast recovery): `bytes` leave
   * inflight, and with lossDecrease the window is cut by max_mdf if an RTT (smoothed) has passed
   * since the last decrease. With nackResetsRetransmits it also clears the timeout count.
   * Returns SWIFT_DECREASE when the window fell, else 0 (never SWIFT_PACE); or E_SLOT / E_ARG.
   */
  onNack(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    // Alg. 1 "On Fast Recovery": retransmit_cnt ← 0. htsim: the duplicate ACKs that signal the
    // loss reset _retransmit_cnt (adjust_cwnd), and so does the end of fast recovery (handle_ack,
    // SWIFT_RCV_FR_END).
    if (this.nackResetsRetx !== 0) this.retx[slot] = 0;
    if (this.lossDecrease === 0) return 0;
    const now = nowNs | 0;
    if (!this.canDecrease(slot, now, this.srtt[slot])) return 0;
    return this.setCwnd(slot, now, mulDiv(this.cwnd[slot], K.One - this.maxMdfQ16, K.One)) ? R.Decrease : 0;
  }

  /**
   * A retransmission timeout for `bytes`, by `timeoutRule`. "alg1" (Swift Alg. 1 "On Retransmit
   * Timeout"; csg-htsim swift.cpp SwiftSubflowSrc::doNextEvent): a timeout counted
   * retransmitLimit or more drops the window to its floor whatever the gate; any other cuts by
   * max_mdf if an RTT (smoothed) has passed since the last decrease. "isekai" (Isekai
   * ComputeTimeoutFabricCongestionWindow): nothing unless an RTT (smoothed) has passed since the
   * last decrease; then one counted retransmitLimit or more drops the window to its floor, one
   * counted 1 cuts by max_mdf, and the others change nothing. `attempt` is how the
   * caller counts it. A transport that times each packet out on its own timer (UEC RUD) passes
   * the packet's own timeouts, this one included (1 at its first): Isekai hands the algorithm
   * Falcon's per-packet timeout_retransmission_attempts, so a burst of packets timing out
   * together is a burst of first timeouts, not a run of consecutive ones. A transport with one
   * timer per flow passes 0, and the module counts consecutive timeouts itself, cleared by an
   * ACK: there each timeout is the head packet's again (csg-htsim's _retransmit_cnt). `attempt` is
   * an integer in [0, 2^32 − 1] (else E_ARG); one above 255 counts as 255. Returns SWIFT_DECREASE when the window fell, with SWIFT_MIN_WINDOW at
   * the limit (alone when the window already sat at its floor: no decrease, so the gate's tick
   * stays); 0 when the gate holds (under "alg1" only below the limit), for an "isekai" 2nd to
   * (limit − 1)-th timeout, and for a cut the floor leaves where it was; never SWIFT_PACE.
   * E_SLOT / E_ARG for bad input.
   */
  onTimeout(slot: number, nowNs: number, bytes: number, attempt = 0): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && attempt >>> 0 === attempt && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const count = attempt !== 0 ? attempt : this.retx[slot] + 1;
    const retx = count < 255 ? count : 255;
    this.retx[slot] = retx;
    const now = nowNs | 0;
    // Alg. 1: cwnd ← min_cwnd at retransmit_cnt ≥ RETX_RESET_THRESHOLD, outside can_decrease.
    if (this.timeoutAlg1 !== 0 && retx >= this.retxLimit) return this.timeoutFloor(slot, now);
    if (!this.canDecrease(slot, now, this.srtt[slot])) return 0;
    // The limit first (Alg. 1 tests retransmit_cnt ≥ RETX_RESET_THRESHOLD before the cut), so
    // that with a limit of 1 the first timeout already drops the window to its floor.
    if (retx >= this.retxLimit) return this.timeoutFloor(slot, now);
    // Alg. 1 cuts at every count below the limit; Isekai at the first only.
    if (retx === 1 || this.timeoutAlg1 !== 0) {
      return this.setCwnd(slot, now, mulDiv(this.cwnd[slot], K.One - this.maxMdfQ16, K.One)) ? R.Decrease : 0;
    }
    return 0;
  }

  /** A timeout at the retransmit limit: the window to its floor (a tick only if it fell). */
  private timeoutFloor(slot: number, now: number): number {
    return this.setCwnd(slot, now, this.minCwnd) ? R.Decrease | R.MinWindow : R.MinWindow;
  }

  /** `bytes` leave for the network. Returns SWIFT_PACE while the window is below one packet. */
  onSend(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    return this.effective(slot) < K.One ? R.Pace : 0;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /**
   * True when `bytes` more fit in the window. Below one packet the window admits one packet
   * at a time and the NIC spaces them by pacingGapNs (Swift Alg. 1).
   */
  canSend(slot: number, bytes: number): boolean {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) {
      this.errors++;
      return false;
    }
    const w = this.cwndBytes(slot);
    return this.inflight[slot] + bytes <= (w > this.mtu ? w : this.mtu);
  }

  /** The effective window in bytes, rounded down: min(fcwnd, ecwnd), or fcwnd while the endpoint window is off (endpointTargetNs 0). */
  cwndBytes(slot: number): number {
    return Math.floor(((this.effective(slot) | 0) * this.mtu) / K.One);
  }

  /** The effective window in packets. */
  cwndPackets(slot: number): number {
    return (this.effective(slot) | 0) / K.One;
  }

  /**
   * The fabric window fcwnd (Swift Alg. 1) in packets, a real number held in Q16: initCwndPkts at open, within
   * [minCwndPkts, maxCwndPkts]; 0 for a slot that is not open.
   */
  fabricCwndPackets(slot: number): number {
    return (this.cwnd[slot] | 0) / K.One;
  }

  /**
   * The endpoint window ecwnd (Swift §3) in packets, held in Q16, in [minEcwndPkts, maxEcwndPkts]: maxEcwndPkts at
   * open, moving only with endpointTargetNs > 0; 0 for a slot that is not open.
   */
  endpointCwndPackets(slot: number): number {
    return (this.ecwnd[slot] | 0) / K.One;
  }

  /**
   * Bytes in flight: onSend adds, onAck, onNack and onTimeout subtract (onDelaySample does not), saturating at the
   * int32 limits and not floored at 0 (it may go negative); 0 for a slot that is not open.
   */
  inflightBytes(slot: number): number {
    return this.inflight[slot] | 0;
  }

  /**
   * The smoothed RTT in whole ns: the first sample (onAck with rttNs ≥ 1, or onDelaySample), then an EWMA keeping
   * rttSmoothing of the old value, floored; 0 before any sample and for a slot that is not open.
   */
  srttNs(slot: number): number {
    return this.srtt[slot] | 0;
  }

  /** The (smoothed) fabric delay last compared with the target, in whole ns; 0 before any sample and for a slot that is not open. */
  delayNs(slot: number): number {
    return this.sdelay[slot] | 0;
  }

  /**
   * The count the last timeout was judged by (onTimeout's attempt, or the flow's consecutive timeouts, at most 255); 0 after
   * an ACK (with nackResetsRetransmits also after a NACK), and for a slot that is not open.
   */
  retransmitCount(slot: number): number {
    return this.retx[slot] | 0;
  }

  /**
   * The flow's target delay at its current fabric window (Swift §3.1), saturated at 2^31 − 1 ns
   * as a whole (Isekai GetTargetDelay saturates the sum, SaturateHigh): with the hop part at
   * or near that cap (or base target and fs_range both near 2^30), flow scaling would carry it
   * past int32. Handlers need no cap, since a delay (≤ 2^30 ns) is below any target that large.
   * 0 for a slot that is not open.
   */
  targetDelayNs(slot: number): number {
    if (!this.isOpen(slot)) return 0;
    const target = this.target(slot, this.cwnd[slot]);
    return target < I32.Max ? target : I32.Max;
  }

  /**
   * Time to leave after sending `bytes`: 0 while the window is at least one packet; below it,
   * one packet every srtt / cwnd (Isekai GetInterPacketGap): the packet's gap floor(srtt × 2^16 /
   * cwndQ16) ns, times bytes / MTU, rounded down and saturated at 2^31 − 1 ns. Rounded twice, so
   * a call for n packets' bytes can be up to n − 1 ns short of bytes × srtt / cwndBytes (review:
   * the exact product passes 2^64). E_SLOT / E_ARG for bad input.
   */
  pacingGapNs(slot: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) return this.reject(slot);
    const w = this.effective(slot);
    if (w >= K.One) return 0;
    const perPacket = mulDiv(this.srtt[slot], K.One, w);
    const gap = Math.floor((perPacket * bytes) / this.mtu);
    return gap < K.GapCap ? gap : K.GapCap;
  }

  /**
   * Isekai GetRetransmitTimeout: max(minRto, rtoScalar × srtt + pacing gap of one packet), saturated at 2^31 − 1 ns;
   * 0 for a slot that is not open. The gap is this module's (pacingGapNs, srtt / cwnd from the previous send), one
   * srtt longer than Isekai's below one packet (its gap counts from the ACK), so the RTO is then one srtt above Isekai's.
   */
  rtoNs(slot: number): number {
    if (!this.isOpen(slot)) return 0;
    const gap = this.pacingGapNs(slot, this.mtu);
    const rto = Math.floor((this.srtt[slot] * this.rtoScalarQ16) / K.One) + gap;
    return rto > this.minRtoNs ? (rto < K.GapCap ? rto : K.GapCap) : this.minRtoNs;
  }

  // ---------------------------------------------------------------------------------------
  // The control law

  /**
   * Swift Alg. 1 on one delay sample covering `acked` bytes. What every sample runs (smoothing,
   * target, additive increase, the decrease gate) is kept small enough for V8 to inline it, with
   * the handler, into the caller's loop (lib/README "What V8 makes expensive"); the decrease, the
   * endpoint window and what only some profiles use are calls.
   */
  private control(slot: number, now: number, acked: number, rtt: number, remote: number): number {
    const delay = this.smooth(slot, rtt, rtt > remote ? rtt - remote : 0);
    const cwndCol = this.cwnd;
    const cwnd = cwndCol[slot];
    // A local rather than the literal: 2 bytes of bytecode a use instead of 6 (V8's inlining budget).
    const one = K.One;
    let r = 0;
    if (this.belowTarget(slot, cwnd, delay)) {
      // Alg. 1: cwnd += ai × num_acked / cwnd, or ai × num_acked below one packet
      const ackedQ16 = acked === this.mtu ? one : this.ackedQ16(acked);
      // The quotient is exact to its floor while the product is below 2^53 (mulDiv's proof; the
      // header says what happens beyond) and ≥ 0; once below maxCwnd − cwnd it is below 2^31, so
      // `| 0` floors it.
      const incQ16 = (this.aiQ16 * ackedQ16) / (cwnd >= one ? cwnd : one);
      const next = incQ16 < this.maxCwnd - cwnd ? cwnd + (incQ16 | 0) : this.maxCwnd;
      cwndCol[slot] = next;
      if (next > cwnd) r = R.Increase;
    } else if (this.canDecrease(slot, now, this.gateSmoothed !== 0 ? this.srtt[slot] : rtt)) {
      r = this.highDelay(slot, now, cwnd, delay);
    }
    if (this.eTarget !== 0) return this.withEndpoint(slot, now, acked, remote, rtt, r);
    return cwndCol[slot] < one ? r | R.Pace : r;
  }

  /** Updates the smoothed RTT and returns the (smoothed) fabric delay to compare with the target. */
  private smooth(slot: number, rtt: number, fabric: number): number {
    const srttCol = this.srtt;
    const srtt = srttCol[slot];
    if (srtt === 0) return this.firstSample(slot, rtt, fabric);
    // Both terms are ≥ 0 and the sum is below 2^31 · 2^16: the truncating store floors it.
    srttCol[slot] = (srtt * this.rttOldQ16 + rtt * this.rttNewQ16) * K.Q16Inv;
    return this.delayOldQ16 === 0 ? (this.sdelay[slot] = fabric) : this.smoothDelay(slot, fabric);
  }

  /** The flow's first sample starts both averages. */
  private firstSample(slot: number, rtt: number, fabric: number): number {
    this.srtt[slot] = rtt;
    this.sdelay[slot] = fabric;
    return fabric;
  }

  /** The delay EWMA of the profiles that smooth the delay too (decreaseGate "smoothed"). */
  private smoothDelay(slot: number, fabric: number): number {
    const delay = ((this.sdelay[slot] * this.delayOldQ16 + fabric * this.delayNewQ16) / K.One) | 0;
    this.sdelay[slot] = delay;
    return delay;
  }

  /** Alg. 1: cwnd ×= 1 − min(β (delay − target)/delay, max_mdf), once the RTT gate allowed it. */
  private highDelay(slot: number, now: number, cwnd: number, delay: number): number {
    return this.setCwnd(slot, now, this.decreased(cwnd, delay, this.target(slot, cwnd))) ? R.Decrease : 0;
  }

  /**
   * delay < target(cwnd), decided exactly as `target` would but without its square root and
   * division in the common case. With d = delay − hop part, in [0, fs_range):
   * d < floor(y) ⟺ y ≥ d + 1, where y = α·256/√cwnd + β; since d + 1 − β > 0 that is
   * (α·256)² ≥ (d + 1 − β)² · cwnd. Products within 1e-12 of each other (far wider than their
   * rounding error) are settled by the exact rule.
   */
  private belowTarget(slot: number, cwnd: number, delay: number): boolean {
    const d = delay - this.hopTarget[slot];
    if (d < 0) return true; // flow scaling is never negative
    if (d >= this.fsRangeNs) return false; // nor above fs_range
    const t = d - this.betaLess1Ns; // d + 1 − β within a few ulps, far inside the 1e-12 band
    const z = t * t * cwnd;
    if (z < this.alpha256SqLow) return true;
    if (z > this.alpha256SqHigh) return false;
    return delay < this.target(slot, cwnd);
  }

  /**
   * Alg. 1's num_acked in Q16: floor(acked × 2^16 / mtu), exact (acked × 2^16 < 2^47) and not
   * capped (an ACK of 2^30 B at a 64 B MTU is 2^40): a cap would add too little whenever the
   * window is above one packet.
   */
  private ackedQ16(acked: number): number {
    return Math.floor((acked * K.One) / this.mtu);
  }

  /** Swift §3.1: base target + hop scaling + flow scaling clamped to [0, fs_range]. */
  private target(slot: number, cwnd: number): number {
    let fs = Math.floor(this.alpha256 / Math.sqrt(cwnd) + this.betaNs);
    if (fs < 0) fs = 0;
    else if (fs > this.fsRangeNs) fs = this.fsRangeNs;
    return this.hopTarget[slot] + fs;
  }

  private decreased(w: number, delay: number, target: number): number {
    // At the target the factor is 1; it also keeps a zero delay at a zero target from 0/0.
    if (delay <= target) return w;
    let md = mulDiv(this.betaQ16, delay - target, delay);
    if (md > this.maxMdfQ16) md = this.maxMdfQ16;
    return mulDiv(w, K.One - md, K.One);
  }

  private withEndpoint(slot: number, now: number, acked: number, remote: number, rtt: number, r: number): number {
    const e = r | this.endpoint(slot, now, this.ackedQ16(acked), remote, rtt);
    return this.effective(slot) < K.One ? e | R.Pace : e;
  }

  /**
   * The endpoint window: the same AIMD on the remote host delay against endpointTargetNs. The
   * delay is the sample's own, never smoothed (delaySmoothing is the fabric delay's, Isekai's
   * delay_smoothing_alpha); the gate is decreaseGate's against this window's own tick.
   */
  private endpoint(slot: number, now: number, ackedQ16: number, remote: number, rtt: number): number {
    const w = this.ecwnd[slot];
    if (remote < this.eTarget) {
      const inc = w >= K.One ? mulDiv(this.aiQ16, ackedQ16, w) : mulDiv(this.aiQ16, ackedQ16, K.One);
      const next = w + inc < this.maxEcwnd ? w + inc : this.maxEcwnd;
      this.ecwnd[slot] = next;
      return next > w ? R.EndpointIncrease : 0;
    }
    const flags = this.flags[slot];
    const gate = this.gateSmoothed !== 0 ? this.srtt[slot] : rtt;
    // The age since the last cut, unsigned: a gap past 2^31 ns is long, not negative.
    if ((flags & Fl.EDecreased) !== 0 && (now - this.lastEDec[slot]) >>> 0 < gate) return 0;
    let next = this.decreased(w, remote, this.eTarget);
    if (next < this.minEcwnd) next = this.minEcwnd;
    if (next >= w) return 0;
    this.ecwnd[slot] = next;
    this.lastEDec[slot] = now;
    this.flags[slot] = flags | Fl.EDecreased;
    return R.EndpointDecrease;
  }

  /**
   * At most one decrease per RTT: true when none happened yet or `rtt` has passed since (an
   * unsigned age, as Isekai's uint32 delta: a gap of 2^31 ns or more is long, not negative).
   */
  private canDecrease(slot: number, now: number, rtt: number): boolean {
    return (this.flags[slot] & Fl.Decreased) === 0 || (now - this.lastDec[slot]) >>> 0 >= rtt;
  }

  /**
   * Stores a lowered fabric window, floored at minCwnd; a real decrease restarts the RTT gate,
   * and nothing else does: until the first, the gate is open, and a cut that leaves the window
   * where it was (at its floor) sets no tick. (No ceiling: a w above maxCwnd is above cwnd, so it
   * is no decrease.)
   */
  private setCwnd(slot: number, now: number, w: number): boolean {
    const next = w < this.minCwnd ? this.minCwnd : w;
    if (next >= this.cwnd[slot]) return false;
    this.cwnd[slot] = next;
    this.lastDec[slot] = now;
    this.flags[slot] |= Fl.Decreased;
    return true;
  }

  /** min(fcwnd, ecwnd); fcwnd alone while the endpoint window is off (ecwnd then stays maxEcwndPkts and caps nothing). */
  private effective(slot: number): number {
    const f = this.cwnd[slot];
    if (this.eTarget === 0) return f;
    const e = this.ecwnd[slot];
    return e < f ? e : f;
  }
}
