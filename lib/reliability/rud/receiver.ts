// RUD receiver: exactly-once acceptance in any order, ACK_CC generation (cumulative ACK, 64-bit
// SACK bitmap, received bytes) and NACKs for trimmed packets, as the UEC reference simulator's
// sink does it.
//
// Read first:
//   UEC 1.0 §3.5 PDS (notes/uec-nscc-reps-pds.md §2.7): RUD, ACK_CC (CACK_PSN, ACK_PSN,
//     sack_psn_offset + 64-bit SACK bitmap, rcvd_bytes), NACK UET_TRIMMED / _LASTHOP,
//     ACK generation by byte count (ACK_Gen_Trigger), per packet, on AR and on ECN.
//   uet-htsim UecSink (notes/uec-htsim-reference.md §6): a trimmed header is NACKed unless its
//     PSN was already received (then ACKed); a duplicate is ACKed at once; a new packet adds its
//     size, header included, to recvd_bytes and is ACKed at once when it carries CE, is the
//     first accepted on the connection (in order or not: _received_bytes == 0), carries AR, or
//     brings the bytes accepted since the last ACK to the coalescing threshold; after an AR packet the receiver ACKs again when the out-of-order
//     queue drains. The SACK base is max(psn − 63, cum + 1), or the packet's own PSN for ECN ACKs
//     and AR ACKs of new data (a duplicate's only with CE); the ECN and rtx echoes are the
//     triggering packet's.
//
// The out-of-order bitmap is a ring of `windowPackets` bits per flow indexed by PSN mod window;
// bits are cleared as the cumulative PSN passes them, so a PSN at or beyond cum + window (which
// a RudSender never sends) is refused, and a SACK read that runs past the window masks the bits
// there (their ring places belong to PSNs a window below).
//
// The private helpers are arrow-function fields, so those that stay calls are compiled against this
// table as a constant (lib/README.md, "Helpers that stay calls"): onData 390 → 354 instructions per
// packet (`npm run bench:instructions`, 2026-12-03).

import { E_SLOT } from "../../core/errors";
import { isPsn32 } from "../../core/psn";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { type RudParams, type RudParamsInput, resolveRudParams } from "./params";

/** Per-flow columns: 17 B + the open flag; plus windowPackets / 8 bytes of bitmap. */
const LAYOUT = {
  cum: "i32", // next PSN expected in order (CACK_PSN + 1 in UEC terms)
  recvd: "i32", // rcvd_bytes: non-duplicate bytes accepted, headers included, wrapping at 2^32
  sinceAck: "i32", // bytes accepted since the last ACK
  ooo: "i32", // packets accepted beyond cum
  flags: "u8",
} as const;

const enum F {
  Started = 1,
  ArPending = 2, // an AR packet arrived out of order: ACK when the queue drains
}

const enum R {
  New = 1,
  Duplicate = 2,
  Ack = 4,
  Nack = 8,
  Refused = 16,
}

const enum O {
  CumPsn = 0,
  SackBase = 1,
  SackLo = 2,
  SackHi = 3,
  AckedPsn = 4,
  Ecn = 5,
  RtxEcho = 6,
  RecvdBytes = 7,
  OooCount = 8,
}

/** Bytes per flow of a receiver with this (already checked) window: the fixed columns and one bit per PSN. */
function receiverBytes(p: Readonly<RudParams>): number {
  return flowBytes(LAYOUT) + p.windowPackets / 8;
}

/** onData: a new packet, deliver its payload. */
export const RUD_RX_NEW: number = R.New;
/** onData: a duplicate (already received); do not deliver. */
export const RUD_RX_DUPLICATE: number = R.Duplicate;
/** Send an ACK_CC now with the out fields (cumPsn, sackBase, sackLo, sackHi, ackedPsn, ecn, rtxEcho, recvdBytes, oooCount). */
export const RUD_RX_ACK: number = R.Ack;
/**
 * onTrimmed: send a NACK for the PSN (UET_TRIMMED, or _LASTHOP when the header says so), echoing the
 * trimmed header's EV and CE bit (UEC §3.6.12; uet-htsim §6), which the caller has.
 */
export const RUD_RX_NACK: number = R.Nack;
/** The PSN lies beyond the receive window: dropped unacknowledged (a RudSender never sends it). */
export const RUD_RX_REFUSED: number = R.Refused;

export class RudReceiver extends FlowTable<typeof LAYOUT> {
  /** Fixed part; add windowPackets / 8 (bytesPerFlowWith). */
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "firstPsn"],
    close: ["slot"],
    onData: ["slot", "nowNs", "psn", "bytes", "ecn", "ar", "rtx"],
    onTrimmed: ["slot", "nowNs", "psn", "rtx"],
  };
  static readonly outFields = ["cumPsn", "sackBase", "sackLo", "sackHi", "ackedPsn", "ecn", "rtxEcho", "recvdBytes", "oooCount"] as const;

  /**
   * Per-flow bytes for a given window (bytesPerSlot of a table built with it).
   * @throws RangeError for a window the constructor refuses, with the constructor's message (review
   *   fw2: 100 gave 30.5 B).
   */
  static bytesPerFlowWith(windowPackets: number): number {
    return receiverBytes(resolveRudParams({ windowPackets }));
  }

  readonly params: Readonly<RudParams>;
  /** This table's bytes per flow: bytesPerFlowWith(params.windowPackets). */
  readonly bytesPerSlot: number;
  readonly out: Float64Array = offHeap(Float64Array, 9);

  private readonly cum = this.col.cum;
  private readonly recvd = this.col.recvd;
  private readonly sinceAck = this.col.sinceAck;
  private readonly ooo = this.col.ooo;
  private readonly flags = this.col.flags;
  /** The bitmap: (slot << wordShift) + word, PSN p at bit (p & wMask) of the ring. */
  private readonly bits: Int32Array;
  private readonly wordShift: number;
  private readonly wordMask: number;
  private readonly window: number;
  private readonly wMask: number;
  private readonly threshold: number;

  /** @throws RangeError for an unknown parameter, a value out of range, or capacity × window above 2^31. */
  constructor(params: RudParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveRudParams(params);
    this.params = Object.freeze(p);
    this.bytesPerSlot = receiverBytes(p);
    if (capacity * p.windowPackets > 2 ** 31) throw new RangeError("RudReceiver: capacity × windowPackets must be at most 2^31");
    this.window = p.windowPackets;
    this.wMask = p.windowPackets - 1;
    this.wordShift = Math.log2(p.windowPackets >> 5);
    this.wordMask = (p.windowPackets >> 5) - 1;
    this.bits = new Int32Array(capacity * (p.windowPackets >> 5));
    // 0 means "every packet": any accepted byte reaches the threshold.
    this.threshold = p.ackEveryBytes > 0 ? p.ackEveryBytes : 1;
  }

  /** Opens a flow expecting `firstPsn` first (the sender's Start_PSN). */
  open(slot: number, firstPsn = 0): void {
    if (!isPsn32(firstPsn)) {
      this.errors++;
      throw new RangeError("RudReceiver.open: firstPsn must be a 32-bit integer");
    }
    this.openSlot(slot);
    const w = slot << this.wordShift;
    this.bits.fill(0, w, w + this.wordMask + 1);
    this.cum[slot] = firstPsn | 0;
  }

  override close(slot: number): number {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    const w = slot << this.wordShift;
    this.bits.fill(0, w, w + this.wordMask + 1);
    return super.close(slot);
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * A data packet of `bytes` (wire bytes, header included, an integer in [1, 2^31 − 1]) with its
   * CE, AR and retransmission flags; `nowNs` any finite number, taken as nowNs | 0. Returns
   * RUD_RX_NEW or RUD_RX_DUPLICATE, with RUD_RX_ACK when an ACK_CC goes out now (the out
   * record); RUD_RX_REFUSED beyond the window; E_SLOT / E_ARG.
   */
  onData(slot: number, nowNs: number, psn: number, bytes: number, ecn: boolean, ar: boolean, rtx: boolean): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && isPsn32(psn) && (bytes | 0) === bytes && bytes > 0)) {
      return this.reject(slot);
    }
    psn |= 0; // taken signed or unsigned, as `open` takes the first PSN; echoed as int32
    const cum = this.cum[slot];
    const d = (psn - cum) | 0;
    if (d >= this.window) return R.Refused;
    const i = psn & this.wMask;
    const word = (slot << this.wordShift) + (i >>> 5);
    const bit = 1 << (i & 31);
    if (d < 0 || (this.bits[word] & bit) !== 0) return this.duplicate(slot, psn, ecn, rtx, cum);
    // rcvd_bytes wraps (UEC carries it in 24 bits of 256 B units); senders take differences.
    this.recvd[slot] = (this.recvd[slot] + bytes) | 0;
    let flags = this.flags[slot];
    let drained = false;
    if (d === 0) {
      drained = this.advance(slot, cum) === 0 && (flags & F.ArPending) !== 0;
    } else {
      this.bits[word] |= bit;
      this.ooo[slot]++;
    }
    const since = this.sinceAck[slot] + bytes;
    const first = (flags & F.Started) === 0;
    flags |= F.Started;
    if (ecn || first || ar || drained || since >= this.threshold) return this.ackNew(slot, psn, ecn, ar, rtx, drained ? flags & ~F.ArPending : flags);
    this.flags[slot] = flags;
    this.sinceAck[slot] = since;
    return R.New;
  }

  /**
   * uet-htsim §6: a duplicate is ACKed at once (its sender may have missed the first ACK). Like
   * any ACK it echoes the CE bit of the packet that triggered it (a marked one starts its bitmap
   * at itself; AR does not, as uet-htsim tests CE alone here) and restarts the coalescing count
   * (UecSink::processData).
   */
  private readonly duplicate = (slot: number, psn: number, ecn: boolean, rtx: boolean, cum: number): number => {
    this.sinceAck[slot] = 0;
    this.fill(slot, psn, ecn, rtx, ecn ? psn : this.defaultBase(psn, cum));
    return R.Duplicate | R.Ack;
  };

  /**
   * A new packet that triggers an ACK_CC. An AR packet that leaves packets out of order asks for
   * another ACK when they drain; for ECN and AR ACKs the bitmap starts at the packet itself
   * (uet-htsim §6).
   */
  private readonly ackNew = (slot: number, psn: number, ecn: boolean, ar: boolean, rtx: boolean, flags: number): number => {
    this.flags[slot] = ar && this.ooo[slot] > 0 ? flags | F.ArPending : flags;
    this.sinceAck[slot] = 0;
    this.fill(slot, psn, ecn, rtx, ecn || ar ? psn : this.defaultBase(psn, this.cum[slot]));
    return R.New | R.Ack;
  };

  /**
   * The in-order packet `cum` arrived: cum moves past it and past the packets already held
   * beyond it, whose bits it clears. Returns the packets still held out of order. (A method of
   * its own so that onData stays within V8's inlining size.)
   */
  private readonly advance = (slot: number, cum: number): number => {
    const wb = slot << this.wordShift;
    let ooo = this.ooo[slot];
    let next = (cum + 1) | 0;
    while (ooo > 0) {
      const j = next & this.wMask;
      const w = wb + (j >>> 5);
      const b = 1 << (j & 31);
      if ((this.bits[w] & b) === 0) break;
      this.bits[w] ^= b;
      ooo--;
      next = (next + 1) | 0;
    }
    this.cum[slot] = next;
    this.ooo[slot] = ooo;
    return ooo;
  };

  /**
   * A trimmed header for `psn` with the retransmission flag `rtx` (UEC §3.5 NACK on trim;
   * uet-htsim §6): RUD_RX_NACK when the PSN was not received, else RUD_RX_DUPLICATE | RUD_RX_ACK
   * with an ACK in out that echoes `rtx` (uet-htsim processTrimmed: a copy already received was
   * sent at least twice, so the sender may take its RTT sample); RUD_RX_REFUSED beyond the
   * window; E_SLOT / E_ARG. out.ackedPsn = psn either way.
   */
  onTrimmed(slot: number, nowNs: number, psn: number, rtx: boolean): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && isPsn32(psn))) return this.reject(slot);
    psn |= 0;
    const cum = this.cum[slot];
    const d = (psn - cum) | 0;
    if (d >= this.window) return R.Refused;
    const i = psn & this.wMask;
    if (d < 0 || (this.bits[(slot << this.wordShift) + (i >>> 5)] & (1 << (i & 31))) !== 0) {
      // The coalescing count goes on: uet-htsim's processTrimmed sends this ACK without clearing
      // _accepted_bytes, which only processData's ACK and duplicate paths clear (review,
      // 2026-12-03; from 2026-12-02 to then it was restarted here).
      // CE 0 whatever the header carried: processTrimmed answers with sack(…, ecn = false, …).
      this.fill(slot, psn, false, rtx, this.defaultBase(psn, cum));
      return R.Duplicate | R.Ack;
    }
    this.out[O.AckedPsn] = psn;
    return R.Nack;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** The next PSN expected in order. */
  cumPsn(slot: number): number {
    return this.isOpen(slot) ? this.cum[slot] : 0;
  }
  /**
   * rcvd_bytes: wire bytes (headers included) of the new packets accepted since open, duplicates
   * and trimmed headers not counted; a 32-bit count that wraps, read as int32 (out.recvdBytes).
   */
  receivedBytes(slot: number): number {
    return this.isOpen(slot) ? this.recvd[slot] : 0;
  }
  /** Packets accepted above the cumulative PSN and held in the bitmap (out.oooCount). */
  outOfOrder(slot: number): number {
    return this.isOpen(slot) ? this.ooo[slot] : 0;
  }
  /**
   * True when `psn` has been accepted; false for what is no 32-bit PSN (NaN, a fraction, ±2^32 or
   * beyond), which `| 0` would otherwise fold onto one below the cumulative PSN (review rev-rud).
   */
  received(slot: number, psn: number): boolean {
    if (!this.isOpen(slot) || !isPsn32(psn)) return false;
    const d = (psn - this.cum[slot]) | 0;
    if (d < 0) return true;
    if (d >= this.window) return false;
    const i = psn & this.wMask;
    return (this.bits[(slot << this.wordShift) + (i >>> 5)] & (1 << (i & 31))) !== 0;
  }

  // ---------------------------------------------------------------------------------------

  /** max(psn − 63, cum + 1), wrap-safe (uet-htsim §6). */
  private readonly defaultBase = (psn: number, cum: number): number => {
    const lo = (psn - 63) | 0;
    const c1 = (cum + 1) | 0;
    return ((lo - c1) | 0) > 0 ? lo : c1;
  };

  /** Writes an ACK_CC into out, with the 64 bits of the bitmap from `base`. */
  private readonly fill = (slot: number, psn: number, ecn: boolean, rtx: boolean, base: number): void => {
    const out = this.out;
    const cum = this.cum[slot];
    out[O.CumPsn] = cum;
    out[O.SackBase] = base;
    out[O.SackLo] = this.bits32(slot, cum, base);
    out[O.SackHi] = this.bits32(slot, cum, (base + 32) | 0);
    out[O.AckedPsn] = psn;
    out[O.Ecn] = ecn ? 1 : 0;
    out[O.RtxEcho] = rtx ? 1 : 0;
    out[O.RecvdBytes] = this.recvd[slot];
    out[O.OooCount] = this.ooo[slot];
  };

  /** 32 bitmap bits from PSN `from`; PSNs below cum read as received, past the window as not. */
  private readonly bits32 = (slot: number, cum: number, from: number): number => {
    const d = (from - cum) | 0;
    if (d >= this.window) return 0;
    if (d <= -32) return -1;
    const wb = slot << this.wordShift;
    const i = from & this.wMask;
    const sh = i & 31;
    const w = i >>> 5;
    let v = this.bits[wb + w];
    if (sh !== 0) v = (v >>> sh) | (this.bits[wb + ((w + 1) & this.wordMask)] << (32 - sh));
    // Bits for PSNs below cum were cleared as cum passed them; they are received.
    if (d < 0) v |= (1 << -d) - 1;
    // PSNs at or past cum + window were never accepted, but their ring places are those of the
    // PSNs a window below, which may be held out of order: they read as not received.
    const inWindow = this.window - d;
    if (inWindow < 32) v &= ~(-1 << inWindow);
    return v | 0;
  };
}
