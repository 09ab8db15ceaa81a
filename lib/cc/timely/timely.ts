// TIMELY: RTT-gradient rate control, as one sans-IO table of flows.
//
// Read first:
//   TIMELY (Mittal et al., SIGCOMM 2015) Alg. 1: rtt_diff EWMA, gradient normalised by minRTT,
//     additive increase below T_low, rate ← rate(1 − β(1 − T_high/rtt)) above T_high, and between
//     them N·δ increase for a gradient ≤ 0 (hyper-active increase, N = 5 once the gradient was
//     negative for five completion events) or rate ← rate(1 − β·gradient).
//   HPCC simulator rdma-hw.cc UpdateRateTimely (per-RTT updates, HAI counting increases).
//   Reflex §II-C: with an inter-DC RTT far above T_high the factor tends to 1 − β.
//   (notes/baselines.md §2 restates both.)
//
// RTT samples may come from any source (lib/cc/README.md "Feeding delay samples"). The paper's
// RTT excludes the segment's serialisation at line rate; that subtraction is the caller's.
//
// Units and representation (DESIGN.md rule 5): rates in kb/s in int32 (2 Tb/s at most), time in
// ns, rtt_diff in Q20 ns (an integer count of 2^-20 ns in a float64 column: RTTs lie in
// [1, 2^30] ns, so a difference is below 2^50 in magnitude, and so is any EWMA of them; every
// intermediate below is an integer under 2^53, exact in a double), gradient and factors in Q16;
// the HAI counter saturates at 1023. The gradient's sign, written once: Alg. 1's "gradient ≤ 0"
// (the region test) and HAI's "gradient < 0" are rtt_diff ≤ 0 and rtt_diff < 0 exactly
// (minRTT > 0), as HPCC's and eRPC's double rtt_diff give them.
// Rounding, written once:
//   rtt_diff      d += floor((sampleQ20 − d) × aQ16 / 2^16 + 1/2), except that a nonzero result
//                 that rounds to 0 is ±1: no drift, an error below 1/α units (2^-20 ns / α:
//                 5·10^-5 ns at α = 0.02), and no rounding zeroes or flips a nonzero EWMA (Q1 ns
//                 floored, drifted by −0.25 ns / α and decided signs: README "Choices")
//   gradient      gQ16 = floor(d / (minRTT × 2^4))   (d × 2^16 / (minRTT × 2^20))
//   T_high        cQ16 = 2^16 − floor(βQ16 × (2^16 − floor(T_high × 2^16 / rtt)) / 2^16)
//   gradient dec  cQ16 = max(0, 2^16 − floor(βQ16 × gQ16 / 2^16))
//   decrease      rate = max(minRate, floor(rate × cQ16 / 2^16));   increase: min(rate + step, line)

import { isByteCount, q16, satAdd, satSub } from "../../core/fixed";
import { rateBoundsKbps } from "../params";
import { rateWindowBytes } from "../rate-window";
import { I32 } from "../../core/limits";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { type TimelyParams, type TimelyParamsInput, resolveTimelyParams } from "./params";

/** Per-flow state: 28 B of int32 columns, 8 B of float64 + the open flag = 37 B. */
const LAYOUT = {
  rate: "i32", // kb/s
  prevRtt: "i32", // ns, the RTT of the previous update; 0 before the first (samples are ≥ 1 ns)
  rttDiff: "f64", // Q20 ns (an integer count of 2^-20 ns), EWMA of RTT differences
  count: "i32", // HAI counter: consecutive negative gradients (paper) or increases (HPCC), see haiCounting
  inflight: "i32", // bytes, signed
  acked: "i32", // bytes acknowledged, wrapping (per-RTT mode only)
  sent: "i32", // bytes sent, wrapping
  mark: "i32", // `sent` at the last update, wrapping (per-RTT mode only)
} as const;

/** Math.floor in a module constant: a call to it is 7 bytes of bytecode fewer (V8's inlining budget). */
const floor = Math.floor;

/** onAck / onDelaySample result bits (exported below as TIMELY_*). */
const enum R {
  LowIncrease = 1,
  HighDecrease = 2,
  GradientIncrease = 4,
  GradientDecrease = 8,
  Hai = 16,
}

const enum K {
  One = 65536,
  // 2^-16: × it is exact, as ÷ 2^16 is, in 4 fewer bytes of bytecode; an enum member, so the
  // bundle inlines the literal (a module-level const would be a boxed double loaded at each use)
  Q16Inv = 1.52587890625e-5,
  MaxNs = 1073741824,
  CountMax = 1023, // the HAI counter saturates here, above haiThreshold's largest value (1000): no decision changes
  NeverHai = 2147483647, // above any run (≤ CountMax + 1): the paper has no HAI below T_low
  AboveAnyDiff = 2251799813685248, // 2^51: above any rtt_diff in Q20 (|avg| < MaxNs × 2^20 = 2^50)
  Q20 = 1048576, // 2^20: rtt_diff units per ns
  GapCap = 2147483647,
}

/** rtt < T_low: + δ (HPCC: + HAI step after enough) */
export const TIMELY_LOW_INCREASE: number = R.LowIncrease;
/** rtt > T_high: × (1 − β(1 − T_high/rtt)) */
export const TIMELY_HIGH_DECREASE: number = R.HighDecrease;
/** gradient ≤ 0: + N·δ */
export const TIMELY_GRADIENT_INCREASE: number = R.GradientIncrease;
/** gradient > 0: × (1 − β·gradient) */
export const TIMELY_GRADIENT_DECREASE: number = R.GradientDecrease;
/** the increase used the hyper-active step */
export const TIMELY_HAI: number = R.Hai;

export class Timely extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onAck: ["slot", "nowNs", "ackedBytes", "rttNs"],
    onDelaySample: ["slot", "nowNs", "rttNs"],
    onSend: ["slot", "nowNs", "bytes"],
    onLoss: ["slot", "nowNs", "bytes"],
    onRestore: ["slot", "nowNs", "bytes"],
    canSend: ["slot", "bytes"],
    pacingGapNs: ["slot", "bytes"],
  };

  readonly params: Readonly<TimelyParams>;

  private readonly rate = this.col.rate;
  private readonly prevRtt = this.col.prevRtt;
  private readonly rttDiff = this.col.rttDiff;
  private readonly count = this.col.count;
  private readonly inflight = this.col.inflight;
  private readonly acked = this.col.acked;
  private readonly mark = this.col.mark;
  private readonly sent = this.col.sent;

  private readonly lineKbps: number;
  private readonly minKbps: number;
  private readonly initKbps: number;
  private readonly deltaKbps: number;
  private readonly haiKbps: number;
  /** HAI when the run (see `update`) reaches it: in the gradient region, and below T_low. */
  private readonly haiFrom: number;
  private readonly lowHaiFrom: number;
  /** An rtt_diff below it continues the HAI run: 0 (paper: gradient < 0), or above any (HPCC). */
  private readonly runBelow: number;
  private readonly tLow: number;
  private readonly tHigh: number;
  private readonly tHighQ16: number;
  private readonly betaQ16: number;
  private readonly ewmaQ16: number;
  private readonly minRtt: number;
  /** minRTT × 2^4: the Q20 rtt_diff whose gradient is 1 in Q16 (2^-16), an integer ≤ 2^28. */
  private readonly gradOneQ20: number;
  private readonly window: number;
  private readonly perRtt: number;
  private readonly countIncreases: number;
  private readonly varWindow: number;

  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params: TimelyParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveTimelyParams(params);
    this.params = Object.freeze(p);
    // Rounding to kb/s can reverse min ≤ init ≤ line (lib/cc/params.ts): a flow starts at least at
    // the floor, which every cut keeps (Alg. 1 clamps to [min_rate, line_rate]), so that no
    // decrease raises the rate (audit, 2026-12-07: 1.0025 Mb/s floor, 0.0010025 Gb/s start).
    const r = rateBoundsKbps(p.linkGbps, p.minRateMbps, p.initRateGbps);
    this.lineKbps = r.lineKbps;
    this.minKbps = r.minKbps;
    this.initKbps = r.initKbps;
    this.deltaKbps = Math.round(p.deltaMbps * 1000);
    this.haiKbps = Math.round(p.haiDeltaMbps * 1000);
    // Paper: the run of negative gradients including this sample reaches the threshold, and
    // never below T_low (Alg. 1 adds δ there); HPCC: the increases before this one reach it, in
    // both regions — the run including this increase reaches the threshold + 1.
    const hpccCounting = p.haiCounting === "increase";
    this.haiFrom = hpccCounting ? p.haiThreshold + 1 : p.haiThreshold;
    this.lowHaiFrom = hpccCounting ? p.haiThreshold + 1 : K.NeverHai;
    this.runBelow = hpccCounting ? K.AboveAnyDiff : 0;
    this.tLow = Math.round(p.tLowNs);
    this.tHigh = Math.round(p.tHighNs); // ≥ 1: params.ts keeps tHighNs ≥ 1
    this.tHighQ16 = this.tHigh * K.One;
    this.betaQ16 = q16(p.beta);
    this.ewmaQ16 = q16(p.ewmaWeight);
    this.minRtt = Math.round(p.minRttNs);
    this.gradOneQ20 = this.minRtt * 16;
    this.window = p.windowBytes;
    this.perRtt = p.updateMode === "rtt" ? 1 : 0;
    this.countIncreases = p.haiCounting === "increase" ? 1 : 0;
    this.varWindow = p.varWindow ? 1 : 0;
  }

  /** Starts a flow at initRateGbps with no RTT history. */
  open(slot: number): void {
    this.openSlot(slot);
    this.rate[slot] = this.initKbps;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * A completion (ACK) of `ackedBytes` with its RTT. `rttNs` below 1 (0 or negative) means no
   * sample: bookkeeping only. In per-RTT mode only an ACK that passes the data outstanding at the
   * last update runs the control law. The first sample only records the RTT. Returns 0 when no
   * update ran (no sample, the first sample, or a per-RTT update not yet due); otherwise the
   * region's TIMELY_* bit (| TIMELY_HAI), even when the line-rate cap or the min-rate floor leaves
   * the rate unchanged; or E_SLOT / E_ARG.
   */
  onAck(slot: number, nowNs: number, ackedBytes: number, rttNs: number): number {
    // rttNs and nowNs both finite (NaN or ∞ makes the sum NaN; −∞ is not "no sample"), in one
    // test: the tree of onAck stays within V8's inlining budget (lib/README.md).
    if (!(this.live[slot] === 1 && isByteCount(ackedBytes) && rttNs <= K.MaxNs && rttNs - rttNs + (nowNs - nowNs) === 0)) {
      return this.reject(slot);
    }
    // inflight − acked ≥ −2^31 − 2^30: only the lower int32 limit can be crossed.
    const inflightCol = this.inflight;
    let inflight = inflightCol[slot] - ackedBytes;
    if (inflight < I32.Min) inflight = I32.Min;
    inflightCol[slot] = inflight;
    if (this.perRtt !== 0) return this.perRttAck(slot, ackedBytes, rttNs);
    if (!(rttNs >= 1)) return 0;
    return this.update(slot, rttNs | 0);
  }

  /**
   * An RTT sample that acknowledges nothing (a Reflex pseudo-ACK's near-source RTT, §III-C):
   * always a full update, whatever updateMode says, since the feedback interval plays the RTT.
   * `rttNs` below 1 is E_ARG here (there is no "no sample"). Returns as onAck: 0 for the flow's
   * first sample, else the region's bit.
   */
  onDelaySample(slot: number, nowNs: number, rttNs: number): number {
    if (!(this.live[slot] === 1 && rttNs >= 1 && rttNs <= K.MaxNs && nowNs - nowNs === 0)) return this.reject(slot);
    if (this.perRtt !== 0) this.mark[slot] = this.sent[slot];
    return this.update(slot, rttNs | 0);
  }

  /** `bytes` leave for the network (inflight for the optional window, and the per-RTT mark). */
  onSend(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    this.sent[slot] = (this.sent[slot] + bytes) | 0;
    return 0;
  }

  /**
   * `bytes` presumed lost (a NACK, a timeout) leave the optional window's inflight. TIMELY does
   * not react to loss (its one signal is the RTT gradient, notes/baselines.md §2.1), so nothing
   * else changes; without this a window would fill with bytes that will never be acknowledged.
   * Returns 0, or E_SLOT / E_ARG.
   */
  onLoss(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    return 0;
  }

  /**
   * `bytes` in flight again that are not new data: a retransmission, or bytes onLoss took out
   * that turn out delivered (the ACK that covers them is on its way). Unlike onSend they do not
   * count as sent, so the per-RTT mark, a count of data sent, keeps pace with the bytes the ACKs
   * cover (HPCC's mark is snd_nxt, which goes back on a NACK, so resent data never counts twice).
   * Returns 0, or E_SLOT / E_ARG.
   */
  onRestore(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /**
   * TIMELY is rate based: true unless a window is configured and `bytes` more would exceed it
   * (a flow with nothing in flight may always send one). Pace with pacingGapNs. Stricter than
   * HPCC's IsWinBound (rdma-queue-pair.cc: blocked only when snd_nxt − snd_una ≥ w, so a packet
   * may leave below the window and overshoot it by up to one packet): on purpose, the same rule
   * as DCQCN's canSend, so the window bounds the bytes in flight (README "Choices").
   */
  canSend(slot: number, bytes: number): boolean {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) {
      this.errors++;
      return false;
    }
    if (this.window === 0) return true;
    const inflight = this.inflight[slot];
    return inflight <= 0 || inflight + bytes <= rateWindowBytes(this.window, this.varWindow, this.rate[slot], this.lineKbps);
  }

  /**
   * The sending rate (TIMELY Alg. 1 rate) in bits/s, the kb/s column × 1000: initRateGbps at open; each update adds δ
   * or the HAI step (up to the line rate) or cuts it (floored at minRateMbps); 0 for a slot that is not open.
   */
  rateBps(slot: number): number {
    return (this.rate[slot] | 0) * 1000;
  }

  /** Serialisation time of `bytes` at the current rate, rounded up. E_SLOT / E_ARG for bad input. */
  pacingGapNs(slot: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) return this.reject(slot);
    const gap = Math.ceil((bytes * 8_000_000) / this.rate[slot]);
    return gap < K.GapCap ? gap : K.GapCap;
  }

  /**
   * The send window in bytes (0: none), scaled by rate / line rate with varWindow: HPCC GetWin,
   * w = floor(m_win × rate / max_rate), and 1 when that floors to 0 ("must > 0": 0 means no window);
   * 0 for a slot that is not open (lib/README.md, "Readers").
   */
  windowBytes(slot: number): number {
    return this.live[slot] === 1 ? rateWindowBytes(this.window, this.varWindow, this.rate[slot], this.lineKbps) : 0;
  }

  /**
   * Bytes in flight for the optional window: onSend and onRestore add, onAck and onLoss subtract, saturating at the
   * int32 limits and not floored at 0 (it may go negative); 0 for a slot that is not open.
   */
  inflightBytes(slot: number): number {
    return this.inflight[slot] | 0;
  }

  /** The EWMA of RTT differences, rounded down to whole ns. */
  rttDiffNs(slot: number): number {
    // A slot outside the table reads undefined from the f64 column (lib/readers.test.ts).
    return this.isOpen(slot) ? Math.floor(this.rttDiff[slot] / K.Q20) : 0;
  }

  /** The normalised gradient rtt_diff / minRTT, rounded down to Q16 (as the decrease uses it). */
  gradient(slot: number): number {
    // As gradientFactorQ16 floors it.
    return this.isOpen(slot) ? Math.floor(this.rttDiff[slot] / this.gradOneQ20) / K.One : 0;
  }

  /** The HAI counter (consecutive negative gradients, or consecutive increases, per haiCounting). */
  haiCount(slot: number): number {
    return this.count[slot] | 0;
  }

  // ---------------------------------------------------------------------------------------
  // The control law

  /**
   * HPCC UpdateRateTimely's per-RTT mode: a full update only when ack_seq passes
   * m_lastUpdateSeq, the data sent (snd_nxt) at the last update, 0 at the start: the first sample
   * comes with the first ACK that acknowledges a byte (review, 2026-12-02: a zero-byte ACK took
   * it, and moved the next update one RTT early).
   */
  private perRttAck(slot: number, ackedBytes: number, rttNs: number): number {
    const acked = (this.acked[slot] + ackedBytes) | 0;
    this.acked[slot] = acked;
    if (!(rttNs >= 1)) return 0;
    if (((acked - this.mark[slot]) | 0) <= 0) return 0;
    this.mark[slot] = this.sent[slot];
    return this.update(slot, rttNs | 0);
  }

  /** TIMELY Alg. 1 on one RTT sample (kept small so that V8 inlines it into the handlers). */
  private update(slot: number, rtt: number): number {
    const prevCol = this.prevRtt;
    const prev = prevCol[slot];
    prevCol[slot] = rtt;
    if (prev === 0) return 0; // the first sample only records the RTT
    // new_rtt_diff = rtt − prev_rtt; rtt_diff ← (1 − α) rtt_diff + α new_rtt_diff, in Q20 ns:
    // e = sample − d is below 2^51 in magnitude, so e × aQ16 could pass 2^53; e is split at 2^16
    // instead. e / 2^16 = (rtt − prev) × 2^4 − d × 2^-16 is exact (an integer part below 2^35 and
    // 16 fractional bits), eHi × a < 2^51, and the low part's share (e / 2^16 − eHi) × a lies in
    // [0, a) with 16 fractional bits: every term is exact, and so is the sum.
    const diffCol = this.rttDiff;
    const d = diffCol[slot];
    const a = this.ewmaQ16;
    const eQ16 = (rtt - prev) * 16 - d * K.Q16Inv;
    const eHi = floor(eQ16);
    const lo = (eQ16 - eHi) * a;
    const loR = floor(lo + 0.5);
    let avg = d + eHi * a + loR;
    // Rounded to nearest (half up), so that the error does not drift; an EWMA that rounds to 0
    // but is not 0 (lo − loR, then) keeps its sign as ±1 unit: rounding never decides Alg. 1's
    // sign (README "Choices").
    if (avg === 0 && lo !== loR) avg = lo > loR ? 1 : -1;
    diffCol[slot] = avg;
    const countCol = this.count;
    const count = countCol[slot];
    // The HAI run, this sample included. Paper Alg. 1 "N = 5 if gradient < 0 for five completion
    // events": the gradient is < 0 exactly when avg < 0, and a gradient ≥ 0 ends the run. HPCC
    // m_incStage counts increases, and in an increase region this sample is one: runBelow is
    // above any avg.
    const run = avg < this.runBelow ? count + 1 : 0;
    // Alg. 1's four regions, as a result bit and a rate factor (cQ16 < 0: an increase).
    let r: number;
    let cQ16 = -1;
    if (rtt < this.tLow) {
      // rate + δ; HPCC: + the HAI step once the stage reached the threshold
      r = run >= this.lowHaiFrom ? R.LowIncrease | R.Hai : R.LowIncrease;
    } else if (rtt > this.tHigh) {
      r = R.HighDecrease;
      cQ16 = this.highFactorQ16(rtt);
    } else if (avg <= 0) {
      // gradient = rtt_diff / minRTT ≤ 0 (HPCC UpdateRateTimely `gradient <= 0`, a double):
      // + N δ, N = 5 in hyper-active increase
      r = run >= this.haiFrom ? R.GradientIncrease | R.Hai : R.GradientIncrease;
    } else {
      r = R.GradientDecrease;
      cQ16 = this.gradientFactorQ16(slot);
    }
    const rateCol = this.rate;
    if (cQ16 < 0) {
      const line = this.lineKbps;
      const next = rateCol[slot] + ((r & R.Hai) !== 0 ? this.haiKbps : this.deltaKbps);
      rateCol[slot] = next < line ? next : line;
    } else {
      // 0 ≤ cQ16 ≤ 2^16: the quotient is at most the rate, so `| 0` floors it.
      const min = this.minKbps;
      const next = (rateCol[slot] * cQ16 * K.Q16Inv) | 0;
      rateCol[slot] = next > min ? next : min;
    }
    // The counter: the paper's run in every region; HPCC's increases, reset by a decrease.
    countCol[slot] = cQ16 < 0 || this.countIncreases === 0 ? (run < K.CountMax ? run : K.CountMax) : 0;
    return r;
  }

  /** Alg. 1 above T_high: the factor 1 − β (1 − T_high / rtt), in Q16. */
  private highFactorQ16(rtt: number): number {
    // rtt > T_high and β ≤ 1 put both quotients in [0, 2^16], so `| 0` floors them.
    return K.One - (((this.betaQ16 * (K.One - ((this.tHighQ16 / rtt) | 0))) * K.Q16Inv) | 0);
  }

  /**
   * Alg. 1 with a gradient > 0: the factor 1 − β · rtt_diff / minRTT, not below 0, in Q16. The
   * floor of avg / (minRTT × 2^4) is exact: avg < 2^50 and the divisor ≤ 2^28 are integers, so a
   * quotient that is not whole lies at least 1/divisor from the next integer, far more than the
   * double's rounding (below 2^50 × 2^-53 / divisor). gQ16 is 0 for 0 < gradient < 2^-16: the
   * factor is then 1 (the rate stays). A product β · g beyond 2^53 only arises where the factor
   * is 0. It takes the slot and reads rtt_diff (stored above) from its column: a double (up to
   * 2^50) passed to a call V8 leaves out of line goes boxed, a heap number per ACK (review
   * rev-bench: the allocation check's TIMELY mix row collected 12 times in 10 M events in some
   * processes, where the inlining budget ran out before this helper).
   */
  private gradientFactorQ16(slot: number): number {
    const c = K.One - floor(this.betaQ16 * floor(this.rttDiff[slot] / this.gradOneQ20) * K.Q16Inv);
    return c > 0 ? c : 0;
  }
}
