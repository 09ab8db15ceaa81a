// MP-RDMA-style per-packet ECN window control, as one sans-IO table of flows.
//
// Read first:
//   MP-RDMA (Lu et al., NSDI 2018) congestion control, per ACK in packets: no CE →
//     cwnd += 1/cwnd; CE → cwnd −= 1/2; at least one packet (per virtual path; the connection
//     window is their sum — a caller that models virtual paths opens one slot per path).
//   The SMaRTT authors' htsim mprdma.cpp "mprdma" mode: −0.15 MSS per mark, +MSS²/cwnd.
//   (notes/baselines.md §4.2.) The path side of MP-RDMA's Δ out-of-order filter (the next
//   packets do not take up a late ACK's path) belongs to load balancing; its window side is
//   onOutOfOrder, which the caller invokes after onAck for a late ACK.
// DCP-Simulation `mprdma` branch rdma-hw.cc, the code behind the `paper` profile's timeouts and
// late ACKs:
//   SenderTimeout         m_win = m_initialWin, with a go-back to snd_una, from one timer per QP
//                         that every advance of snd_una re-arms (m_rto, 8 ms): a reset at most
//                         once per RTO without progress. onTimeout (resetOnTimeout) holds the
//                         window at most initCwndBytes once per timeout episode: the first
//                         timeout sets cwnd = min(cwnd, initCwndBytes), dropping the carried
//                         fraction if that lowers it, and records the bytes then outstanding;
//                         later timeouts change nothing until ACKs have covered those bytes. A
//                         transport that times packets out one by one (UEC RUD) reports one
//                         QP timeout's loss as a timeout per packet; and the window is not
//                         raised: a timeout is a loss signal here, not a restart after 8 ms of
//                         silence (RFC 5681 §4.1's restart window is min(IW, cwnd) likewise).
//   MpRDMARecvAckLogic    after the per-ACK update, an ACK that is neither a NACK nor for a
//                         retransmission and whose seq ≤ snd_ooh − Δ (snd_ooh the highest such
//                         seq ACKed, Δ = m_oooTolerance = 32 packets) takes m_win = max(1,
//                         m_win − 1): onOutOfOrder, cwnd −= outOfOrderDecreaseMss × MSS, floored
//                         at minCwndBytes, through the same rounding as a mark.
//
// MP-RDMA ACKs every packet; an ACK here may cover several (`acked` bytes). The decrease is then
// that of acked / MSS marked per-packet ACKs, rounded once for the ACK (htsim rounds after each
// packet). The increase is not: it is MSS × acked / cwnd at the window before the ACK, whereas n
// per-packet ACKs each divide by the window the previous one left (two from 1 packet: 1 → 2 →
// 2.5 packets; one ACK of both: 1 → 3). ACKs of one MSS each follow the per-packet rule exactly.
// In bytes, with integer windows (htsim keeps _cwnd in bytes):
//   increase   cwnd += floor((carry + MSS × acked) / cwnd), the remainder carried when carryRemainder
//              (a numerator over the cwnd it was computed with; the next ACK divides it by its own
//              cwnd, which moves the kept fraction by less than 1 B; dropped if a decrease leaves
//              it ≥ the new cwnd)
//   decrease   cwnd −= ceil(decPpm × acked / 10^6), decPpm = round(decreaseMss × 10^6) (exact for
//              factors of up to six decimals: 0.5, 0.15), i.e. cwnd − decreaseMss × acked rounded
//              down (htsim: uint32 _cwnd −= 0.15 × MSS truncates), never below minCwndBytes.
//              decPpm × acked is exact below 2^53; at or above it the decrement exceeds
//              2^53 / 10^6 > 9 × 10^9 B > any window, so the result is minCwndBytes either way.

import { isByteCount, satAdd, satSub } from "../../core/fixed";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { type MprdmaParams, type MprdmaParamsInput, resolveMprdmaParams } from "./params";

/** Per-flow state: 16 B + the open flag = 17 B. */
const LAYOUT = {
  cwnd: "i32", // bytes
  inflight: "i32", // bytes, signed
  carry: "i32", // remainder of MSS × acked / cwnd, below cwnd
  // bytes outstanding at the timeout that opened the current episode, less those acknowledged
  // since; while > 0 a timeout is the same episode's (0: none open)
  recover: "i32",
} as const;

const enum R {
  Increase = 1,
  Decrease = 2,
  Reset = 4,
}

const enum K {
  Million = 1000000, // decrease factors are held in parts per million of an MSS per MSS
}

/** onAck, onNack, onOutOfOrder results: the window grew (INCREASE), or fell (DECREASE: a mark, a NACK or a late ACK cut it above the floor). */
export const MPRDMA_INCREASE: number = R.Increase;
export const MPRDMA_DECREASE: number = R.Decrease;
/** onTimeout: a timeout episode began and the window was held at most initCwndBytes (resetOnTimeout; DCP SenderTimeout). */
export const MPRDMA_RESET: number = R.Reset;

/**
 * Δ of the out-of-order test the caller runs before onOutOfOrder, in packets: DCP-Simulation
 * `mprdma` rdma-hw.cc (m_oooTolerance), an ACK whose sequence is this far or further below the
 * highest sequence ACKed is late.
 */
export const MPRDMA_OOO_TOLERANCE_PACKETS = 32;

export class Mprdma extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onAck: ["slot", "nowNs", "ackedBytes", "ecn"],
    onNack: ["slot", "nowNs", "bytes"],
    onTimeout: ["slot", "nowNs", "bytes"],
    onInferredLoss: ["slot", "nowNs", "bytes", "lostBytes"],
    onOutOfOrder: ["slot", "nowNs"],
    onSend: ["slot", "nowNs", "bytes"],
    canSend: ["slot", "bytes"],
  };

  readonly params: Readonly<MprdmaParams>;

  private readonly cwnd = this.col.cwnd;
  private readonly inflight = this.col.inflight;
  private readonly carry = this.col.carry;
  private readonly recover = this.col.recover;

  private readonly mss: number;
  private readonly decPpm: number;
  private readonly nackDecPpm: number;
  private readonly oooDecPpm: number;
  private readonly minCwnd: number;
  private readonly maxCwnd: number;
  private readonly initCwnd: number;
  private readonly carryOn: number;
  private readonly resetOn: number;

  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params: MprdmaParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveMprdmaParams(params);
    this.params = Object.freeze(p);
    this.mss = p.mssBytes;
    // To the nearest ppm (≤ 64 × 10^6, an int32).
    this.decPpm = Math.round(p.decreaseMss * K.Million);
    this.nackDecPpm = Math.round(p.nackDecreaseMss * K.Million);
    this.oooDecPpm = Math.round(p.outOfOrderDecreaseMss * K.Million);
    this.minCwnd = p.minCwndBytes;
    this.maxCwnd = p.maxCwndBytes;
    this.initCwnd = p.initCwndBytes;
    this.carryOn = p.carryRemainder ? 1 : 0;
    this.resetOn = p.resetOnTimeout ? 1 : 0;
  }

  /**
   * Opens a flow at initCwndBytes with nothing in flight.
   * @throws RangeError for a slot outside the table.
   */
  open(slot: number): void {
    this.openSlot(slot);
    this.cwnd[slot] = this.initCwnd;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /** An ACK of `ackedBytes`, `ecn` when it echoes CE. Returns MPRDMA_* bits, or E_SLOT / E_ARG. */
  onAck(slot: number, nowNs: number, ackedBytes: number, ecn: boolean): number {
    if (!(this.live[slot] === 1 && isByteCount(ackedBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], ackedBytes);
    if (ackedBytes === 0) return 0;
    const recover = this.recover[slot];
    if (recover > 0) this.recover[slot] = recover > ackedBytes ? recover - ackedBytes : 0;
    const cwnd = this.cwnd[slot];
    if (ecn) return this.decrease(slot, cwnd, this.decPpm, ackedBytes);
    // MP-RDMA: cwnd += 1/cwnd per ACK (in bytes: MSS² / cwnd)
    const num = this.carry[slot] + this.mss * ackedBytes;
    const inc = Math.floor(num / cwnd);
    if (this.carryOn !== 0) this.carry[slot] = num - inc * cwnd;
    if (inc === 0 || cwnd >= this.maxCwnd) return 0;
    const next = cwnd + inc;
    this.cwnd[slot] = next < this.maxCwnd ? next : this.maxCwnd;
    return R.Increase;
  }

  /** A NACK (trim or loss) of `bytes`: they leave inflight; the window drops by nackDecreaseMss per MSS. */
  onNack(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.nackLoss(slot, bytes, bytes);
  }

  /**
   * A loss a NACK or SACK reports where the packets that leave inflight are not the packet lost:
   * `bytes` leave inflight and the window drops by nackDecreaseMss per MSS of `lostBytes`, as
   * onNack's does for its bytes. A go-back-N NACK reports one hole, and the packets after it
   * that the receiver discarded leave with it (bytes > lostBytes: onNack would cut the window
   * by every one of them); a loss a tail-loss probe repaired (RFC 8985 §7.4.2) takes nothing
   * out, the probe's copy having been acknowledged (bytes 0). Returns MPRDMA_DECREASE or 0, or
   * E_SLOT / E_ARG.
   */
  onInferredLoss(slot: number, nowNs: number, bytes: number, lostBytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && isByteCount(lostBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.nackLoss(slot, bytes, lostBytes);
  }

  /** onNack and onInferredLoss after validation. */
  private nackLoss(slot: number, bytes: number, lostBytes: number): number {
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    if (this.nackDecPpm === 0 || lostBytes === 0) return 0;
    return this.decrease(slot, this.cwnd[slot], this.nackDecPpm, lostBytes);
  }

  /**
   * A retransmission timeout: `bytes` leave inflight (DCP-Simulation's go-back-N zeroes
   * m_inflight: pass every outstanding byte to match). With resetOnTimeout a timeout that opens
   * an episode sets the window to min(cwnd, initCwndBytes), dropping the carried fraction if that
   * lowers it, and returns MPRDMA_RESET; the episode lasts until ACKs have covered the bytes
   * outstanding at it (`bytes` included: they are resent), and a timeout within it returns 0.
   * Without resetOnTimeout, 0.
   */
  onTimeout(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const outstanding = this.inflight[slot];
    this.inflight[slot] = satSub(outstanding, bytes);
    if (this.resetOn === 0 || this.recover[slot] > 0) return 0;
    // DCP-Simulation mprdma rdma-hw.cc SenderTimeout: m_win = m_initialWin (no fraction kept),
    // here never above the window (module header)
    if (this.initCwnd < this.cwnd[slot]) {
      this.cwnd[slot] = this.initCwnd;
      this.carry[slot] = 0;
    }
    this.recover[slot] = outstanding > 0 ? outstanding : 0;
    return R.Reset;
  }

  /**
   * A late ACK, already given to onAck: one whose sequence is Δ or more below the highest
   * sequence ACKed (the caller's test, module header). The window drops by
   * outOfOrderDecreaseMss MSS, floored at minCwndBytes. Returns MPRDMA_DECREASE or 0.
   */
  onOutOfOrder(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    if (this.oooDecPpm === 0) return 0;
    // DCP-Simulation mprdma rdma-hw.cc MpRDMARecvAckLogic: m_win = max(1, m_win − 1)
    return this.decrease(slot, this.cwnd[slot], this.oooDecPpm, this.mss);
  }

  /** `bytes` leave for the network (inflight saturates at 2^31 − 1). Returns 0, or E_SLOT / E_ARG. */
  onSend(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** True when `bytes` more fit in the window: inflight + bytes ≤ cwnd; false (and an error counted) for a bad slot or byte count. */
  canSend(slot: number, bytes: number): boolean {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) {
      this.errors++;
      return false;
    }
    return this.inflight[slot] + bytes <= this.cwnd[slot];
  }

  /**
   * The window in whole bytes (MP-RDMA cwnd, held in bytes as htsim does), in [minCwndBytes, maxCwndBytes]; the
   * fraction of the +MSS²/cwnd increase is carried apart (carryRemainder). 0 for a slot that is not open.
   */
  cwndBytes(slot: number): number {
    return this.cwnd[slot] | 0;
  }

  /**
   * Bytes in flight: onSend adds, onAck, onNack, onInferredLoss and onTimeout subtract, saturating at the int32 limits
   * and not floored at 0 (it may go negative); 0 for a slot that is not open.
   */
  inflightBytes(slot: number): number {
    return this.inflight[slot] | 0;
  }

  /** Bytes still to be acknowledged before a timeout opens a new episode (0: none open). */
  recoverBytes(slot: number): number {
    return this.recover[slot] | 0;
  }

  // ---------------------------------------------------------------------------------------

  /** MP-RDMA: cwnd −= 1/2 per marked packet (htsim: 0.15 MSS), rounded down, floored at minCwndBytes. */
  private decrease(slot: number, cwnd: number, decPpm: number, bytes: number): number {
    // Exact ceiling below 2^53 (as mulDiv's floor); beyond it, far below the floor (file header).
    const next = cwnd - Math.ceil((decPpm * bytes) / K.Million);
    const w = next > this.minCwnd ? next : this.minCwnd;
    if (w >= cwnd) return 0;
    this.cwnd[slot] = w;
    if (this.carry[slot] >= w) this.carry[slot] = 0;
    return R.Decrease;
  }
}
