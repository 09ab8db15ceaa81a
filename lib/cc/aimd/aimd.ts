// AIMD: the TCP-like congestion window, as one sans-IO table of flows.
//
// Read first:
//   RFC 5681 §3.1: the initial window (2, 3 or 4 segments by SMSS), slow start (eq. (2):
//     cwnd += min(N, SMSS) per ACK while cwnd < ssthresh), congestion avoidance (eq. (3): about
//     one SMSS per RTT; counted here per window of acknowledged bytes, as RFC 3465 §2.1
//     "appropriate byte counting" does), the decrease on loss (eq. (4): halve), the loss window
//     of one SMSS after a retransmission timeout, and ssthresh held on a repeated timeout.
//   RFC 6582 §3.2: one decrease per window of data (the recovery point; here in bytes), step 4
//     included: a timeout also sets the recovery point, to the highest byte sent.
//   Chong & Krishnan, "Addressing Endpoint-induced Congestion…", §III-A "TCP-like": the AIMD
//     baseline that, with explicit NACKs, the duplicate-ACK policy is compared against.
//
// Differences from RFC 5681, on purpose (README): the decrease multiplies the window (AIMD), not
// the flight size; a NACK cuts at once, without fast-recovery inflation; ssthresh floors at
// minCwnd (1 MSS by default, eq. (4) says 2·SMSS); the factor, the increase, the floor and the
// ceiling are parameters.
//
// Units and representation (DESIGN.md rule 5): bytes in int32; every byte counter saturates at
// 2^30 − 1 so adding one event (≤ 2^30) stays inside int32; the decrease factor is Q16 and the
// product is floored (lib/core/fixed.ts mulQ16). The window never leaves [minCwnd, maxCwnd].

import { isByteCount, mulQ16, q16 } from "../../core/fixed";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { type AimdParams, type AimdParamsInput, resolveAimdParams } from "./params";

/** Per-flow state: 20 B of columns + the open flag = 21 B. */
const LAYOUT = {
  cwnd: "i32", // bytes, in [minCwnd, maxCwnd]
  inflight: "i32", // bytes sent and neither acknowledged nor declared lost, ≥ 0
  ssthresh: "i32", // bytes (RFC 5681 ssthresh)
  // bytes acknowledged toward the next additive increase (RFC 3465 bytes_acked, ≤ 2^30 − 1);
  // −1 from a timeout until an ACK of new data (a NACK's cut keeps it), so that a repeated
  // timeout holds ssthresh (RFC 5681 §3.1)
  acked: "i32",
  // bytes still to be acknowledged or declared lost from the window of the last decrease, or
  // from all the data outstanding at the last timeout (RFC 6582 recover, counted in bytes)
  recover: "i32",
} as const;

/** Handler result bits (exported below as AIMD_*). */
const enum R {
  Increase = 1,
  SlowStart = 2,
  Decrease = 4,
  Ignored = 8,
  Timeout = 16,
}

const enum K {
  MaxEventBytes = 1073741824, // 2^30
  CounterMax = 1073741823, // 2^30 − 1
  TimedOut = -1, // `acked` after a timeout, until new data is acknowledged
}

/** onAck: the window grew by increaseBytes (congestion avoidance, one window of ACKs done). */
export const AIMD_INCREASE: number = R.Increase;
/** onAck: the window grew by min(acked, MSS) (slow start, RFC 5681 eq. (2)). */
export const AIMD_SLOW_START: number = R.SlowStart;
/** onNack/onTrim/onTimeout: the window was cut (onTimeout: ssthresh recomputed from it). */
export const AIMD_DECREASE: number = R.Decrease;
/** onNack/onTrim: a loss inside the window of the previous cut; no second cut (RFC 6582). */
export const AIMD_IGNORED: number = R.Ignored;
/** onTimeout: the window fell to the loss window (alone: ssthresh held, a repeated timeout or one inside the last cut's or timeout's window). */
export const AIMD_TIMEOUT: number = R.Timeout;
/** Largest byte count one event may carry. */
export const AIMD_MAX_EVENT_BYTES: number = K.MaxEventBytes;

export class Aimd extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onAck: ["slot", "nowNs", "ackedBytes"],
    onNack: ["slot", "nowNs", "bytes"],
    onTrim: ["slot", "nowNs", "bytes"],
    onTimeout: ["slot", "nowNs", "bytes"],
    onSend: ["slot", "nowNs", "bytes"],
    canSend: ["slot", "bytes"],
  };

  readonly params: Readonly<AimdParams>;

  private readonly cwnd = this.col.cwnd;
  private readonly inflight = this.col.inflight;
  private readonly ssthresh = this.col.ssthresh;
  private readonly acked = this.col.acked;
  private readonly recover = this.col.recover;

  private readonly mss: number;
  private readonly minCwnd: number;
  private readonly maxCwnd: number;
  private readonly initCwnd: number;
  private readonly initSsthresh: number;
  private readonly increase: number;
  private readonly factorQ16: number;
  private readonly timeoutCwnd: number;
  // 0/1 numbers, not booleans (lib/README.md "What V8 makes expensive").
  private readonly slowStart: number;
  private readonly oncePerWindow: number;

  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params: AimdParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveAimdParams(params);
    this.params = Object.freeze(p);
    this.mss = p.mssBytes;
    this.minCwnd = p.minCwndBytes;
    this.maxCwnd = p.maxCwndBytes;
    this.initCwnd = p.initialCwndBytes;
    this.initSsthresh = p.initialSsthreshBytes;
    this.increase = p.increaseBytes;
    this.factorQ16 = q16(p.decreaseFactor);
    this.timeoutCwnd = p.timeoutCwndBytes;
    this.slowStart = p.slowStart ? 1 : 0;
    this.oncePerWindow = p.oncePerWindow ? 1 : 0;
  }

  /** Starts a flow at the initial window (RFC 5681 §3.1 IW) and the initial ssthresh. */
  open(slot: number): void {
    this.openSlot(slot);
    this.cwnd[slot] = this.initCwnd;
    this.ssthresh[slot] = this.initSsthresh;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * An ACK newly acknowledging `ackedBytes`. Slow start below ssthresh (RFC 5681 eq. (2)),
   * otherwise +increaseBytes once per window of acknowledged bytes (eq. (3), RFC 3465 §2.1).
   * Returns AIMD_SLOW_START, AIMD_INCREASE or 0; E_SLOT / E_ARG.
   */
  onAck(slot: number, nowNs: number, ackedBytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(ackedBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const inflight = this.inflight[slot] - ackedBytes;
    this.inflight[slot] = inflight > 0 ? inflight : 0;
    const recover = this.recover[slot];
    if (recover > 0) this.recover[slot] = recover > ackedBytes ? recover - ackedBytes : 0;
    if (ackedBytes === 0) return 0;
    const cwnd = this.cwnd[slot];
    if (this.slowStart !== 0 && cwnd < this.ssthresh[slot]) {
      // New data is acknowledged: a later timeout is a first one again. In slow start `acked` is
      // 0 or TimedOut (congestion avoidance, once entered, lasts until a cut resets it).
      this.acked[slot] = 0;
      // RFC 5681 eq. (2): cwnd += min(N, SMSS).
      const w = cwnd + (ackedBytes < this.mss ? ackedBytes : this.mss);
      this.cwnd[slot] = w < this.maxCwnd ? w : this.maxCwnd;
      return R.SlowStart;
    }
    // RFC 3465 §2.1: bytes_acked += N; when bytes_acked ≥ cwnd: bytes_acked −= cwnd, cwnd += SMSS.
    // (TimedOut counts as 0 bytes.)
    const acked = this.acked[slot];
    const sum = (acked > 0 ? acked : 0) + ackedBytes;
    if (sum < cwnd) {
      this.acked[slot] = sum;
      return 0;
    }
    // One increase per event (RFC 5681: at most SMSS per RTT), so the remainder may still be
    // ≥ cwnd after an ACK larger than the window; it saturates at 2^30 − 1 like every byte
    // counter (an ACK adds ≤ 2^30, so sum stays inside int32; unsaturated it passed 2^31 and
    // wrapped negative after three ACKs of 2^30).
    let rest = sum - cwnd;
    if (rest > K.CounterMax) rest = K.CounterMax;
    this.acked[slot] = rest;
    const w = cwnd + this.increase;
    this.cwnd[slot] = w < this.maxCwnd ? w : this.maxCwnd;
    return R.Increase;
  }

  /**
   * A NACK declaring `bytes` lost (they leave the flight). Cuts the window to
   * max(floor(cwnd × decreaseFactor), minCwnd) and sets ssthresh to it (RFC 5681 eq. (4), on the
   * window), unless oncePerWindow and the loss belongs to the window of the previous cut.
   * Returns AIMD_DECREASE or AIMD_IGNORED; E_SLOT / E_ARG.
   */
  onNack(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.loss(slot, bytes);
  }

  /** A trimmed packet's NACK: the same loss signal as onNack. */
  onTrim(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.loss(slot, bytes);
  }

  /**
   * A retransmission timeout with `bytes` presumed lost (they leave the flight). A timeout that
   * opens a congestion event sets ssthresh = max(floor(cwnd × decreaseFactor), minCwnd) (RFC
   * 5681 eq. (4), on the window) and returns AIMD_DECREASE | AIMD_TIMEOUT. Any other holds
   * ssthresh and returns AIMD_TIMEOUT: a repeated timeout, no new data acknowledged since the
   * last (RFC 5681 §3.1: the segment was already retransmitted by the timer), and, with
   * oncePerWindow, a timeout before the recovery point of the last cut or timeout is reached
   * (RFC 6582 §3.2: one decrease per window; RFC 3168 §6.1.2: ssthresh not decreased again
   * within a round trip; Linux tcp_enter_loss keeps ssthresh in Recovery while high_seq is after
   * snd_una). Inside a timeout's window that holds more than Linux, which recomputes in Loss
   * once an ACK has advanced snd_una, and than RFC 3168 §6.1.2's next sentence (a dropped
   * retransmission is "a new instance of congestion"): this module's ACKs count SACKed bytes
   * too, and it cannot tell a resend's timeout from another packet's. Either way cwnd = timeoutCwnd (the loss window), and every byte
   * outstanding at the timeout, the presumed-lost ones included, joins the recovery point (RFC
   * 6582 §3.2 step 4: recover = the highest sequence number transmitted; step 1: a loss of data
   * sent before the timeout, a retransmission of it included, does not cut again).
   */
  onTimeout(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const outstanding = this.inflight[slot];
    const inflight = outstanding - bytes;
    this.inflight[slot] = inflight > 0 ? inflight : 0;
    const recover = this.recover[slot];
    // A transport that times packets out one by one (UEC RUD) reports one loss as several
    // timeouts with SACKed new data between them; recomputed at each, ssthresh fell to 1 MSS
    // within 5 µs (review rev-cc: 406 of them over four seeds of a drop-tail incast, 0 held so).
    const first = this.acked[slot] !== K.TimedOut && (this.oncePerWindow === 0 || recover <= 0);
    if (first) this.ssthresh[slot] = this.decreased(this.cwnd[slot]);
    this.cwnd[slot] = this.timeoutCwnd;
    this.acked[slot] = K.TimedOut;
    // RFC 6582 step 4 in bytes: up to the highest byte sent. The presumed-lost bytes are resent and
    // their ACKs or NACKs drain recover as the bytes still in flight do. A recovery point from
    // before (a repeated timeout: only retransmissions were sent since) may reach further.
    this.recover[slot] = outstanding > recover ? outstanding : recover;
    return first ? R.Decrease | R.Timeout : R.Timeout;
  }

  /** `bytes` leave for the network. Returns 0. */
  onSend(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const inflight = this.inflight[slot] + bytes;
    this.inflight[slot] = inflight < K.CounterMax ? inflight : K.CounterMax;
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** True when `bytes` more fit in the window: inflight + bytes ≤ cwnd. */
  canSend(slot: number, bytes: number): boolean {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) {
      this.errors++;
      return false;
    }
    return this.inflight[slot] + bytes <= this.cwnd[slot];
  }

  /**
   * The congestion window in bytes (RFC 5681 cwnd), always in [minCwndBytes, maxCwndBytes]; 0 for a slot that
   * is not open.
   */
  cwndBytes(slot: number): number {
    return this.cwnd[slot] | 0;
  }

  /**
   * Bytes sent and neither acknowledged nor declared lost: onSend adds (saturating at 2^30 − 1), the other
   * handlers subtract (floored at 0); 0 for a slot that is not open.
   */
  inflightBytes(slot: number): number {
    return this.inflight[slot] | 0;
  }

  /**
   * The slow-start threshold in bytes (RFC 5681 ssthresh): initialSsthreshBytes at open, then the window of
   * each cut, or recomputed by a timeout that returns AIMD_DECREASE; 0 for a slot that is not open.
   */
  ssthreshBytes(slot: number): number {
    return this.ssthresh[slot] | 0;
  }

  /** Bytes still to be acknowledged or lost before another loss may cut the window; 0 for a slot that is not open. */
  recoverBytes(slot: number): number {
    return this.recover[slot] | 0;
  }

  // ---------------------------------------------------------------------------------------

  private loss(slot: number, bytes: number): number {
    const outstanding = this.inflight[slot];
    const inflight = outstanding - bytes;
    this.inflight[slot] = inflight > 0 ? inflight : 0;
    const recover = this.recover[slot];
    if (this.oncePerWindow !== 0 && recover > 0) {
      // RFC 6582 §3.2: a loss of data sent before the cut belongs to the same congestion event.
      this.recover[slot] = recover > bytes ? recover - bytes : 0;
      return R.Ignored;
    }
    const w = this.decreased(this.cwnd[slot]);
    this.cwnd[slot] = w;
    this.ssthresh[slot] = w;
    // A cut restarts bytes_acked, but not a timeout episode: a NACK acknowledges no new data, so
    // the next timeout is still a repeated one and holds ssthresh (RFC 5681 §3.1).
    if (this.acked[slot] > 0) this.acked[slot] = 0;
    // RFC 6582 §3.2 step 2: recover = the highest byte sent, so every byte outstanding at the
    // cut, the lost ones included: they are resent, and their ACKs or NACKs drain recover, as
    // onTimeout has it (review 2026-12-03: without them recover ran out before the resends, and a
    // NACK of a resend cut again).
    this.recover[slot] = outstanding;
    return R.Decrease;
  }

  /** RFC 5681 eq. (4) on the window: max(floor(cwnd × factor), minCwnd). */
  private decreased(cwnd: number): number {
    const w = mulQ16(cwnd, this.factorQ16);
    return w > this.minCwnd ? w : this.minCwnd;
  }
}
