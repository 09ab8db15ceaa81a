// DCP receiver (DCP-RNIC Rx side) as a sans-IO table of queue pairs.
//
// Read first: DCP (Li et al., SIGCOMM 2025) §4.4 "Order-tolerant Packet Reception" (every packet
// is placed where its header says, in or out of order; wire.ts reads the address), §4.5
// "Bitmap-free Packet Tracking" (a counter per message, the completion flag mcf and CQE flag
// Cf, eMSN advancing in order and completing one or more messages, an ACK carrying the new
// eMSN, rRetryNo for the eMSN-th message), §4.1 step ② (an HO packet is bounced to the sender),
// and the "Orthogonality" paragraph (a packet bitmap may be kept instead).
//
// Bitmap-free state per QP (Table 3 budgets 32 B): eMSN (4 B), rRetryNo (1 B) and 8 message
// slots of 16 bits — a 14-bit packet counter, mcf (bit 15) and Cf (bit 14) — indexed by
// MSN mod 8, plus the table's open flag: 22 B. The message size is not stored: each packet
// carries it (RETH DMA length or the SSN header's length, wire.ts), and the caller passes it in
// packets as `msgPackets`.
//
// Strict mode (`tracking: "bitmap"`) adds a BDP-sized ring bitmap of received PSNs and a
// cumulative ePSN (Fig. 6(a)), so a duplicate is recognised and never counted: a message then
// completes only when every one of its PSNs has arrived, and timeout rounds need no recount
// (sRetryNo is ignored). A packet beyond the bitmap window cannot be tracked; it is refused with
// DCP_RX_BOUNCE so the caller returns it as an HO and the sender retransmits it later — the
// treatment the authors' simulator gives such packets (notes/baselines.md §6).
//
// Rules the paper leaves to the implementation, written down:
//   - A packet of a message before eMSN is a duplicate of a completed message (a timeout resend
//     whose ACK was lost): it is not placed, and the receiver re-sends an ACK with eMSN.
//   - A packet more than 7 messages ahead of eMSN cannot be tracked: E_STATE (a correct sender
//     never has more than 8 messages outstanding).
//   - sRetryNo (bitmap-free mode; strict mode ignores it): for the eMSN-th message, equal →
//     count; newer → reset that counter and its Cf, adopt it and count (§4.5); older → stale,
//     dropped. For a later message it must be 0 (only the unaMSN-th message is resent by the
//     sender's timer, and unaMSN ≤ eMSN), else E_STATE.
//   - A packet of a message already complete but not yet retired (mcf set, behind a gap) is a
//     duplicate: dropped, not counted.
//   - Counter mode assumes the fabric never duplicates a data packet: a counter cannot tell a
//     second copy of a packet of the eMSN-th message's current round from a new packet, so the
//     message would complete with a hole. The sender refuses a duplicated HO (DCP_HO_DUPLICATE)
//     so it never retransmits one packet twice for one loss; where the fabric may duplicate data
//     packets, use tracking "bitmap".

import { E_OVERFLOW, E_STATE } from "../../core/errors";
import { clearAll, clearBits, countSetRun } from "../../core/bitmap";
// sRetryNo is 6 bits (BTH Resv6a): rRetryNo adopts only values up to DCP_MAX_RETRY_NO (K.MaxRetryNo).
import { isPowerOfTwo } from "../../core/ring";
import { isPsn24 } from "../../core/psn";
import { needParam, resolveParams, rule } from "../../core/params";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";

const LAYOUT = {
  emsn: "i32", // expected MSN (§4.5)
  rretry: "u8", // rRetryNo of the eMSN-th message
  ctr: ["u16", 8], // per message, by MSN mod 8: count (14 bits) | Cf << 14 | mcf << 15
} as const;

const enum K {
  Messages = 8,
  MsgShift = 3,
  CountMask = 0x3fff,
  Cf = 0x4000,
  Mcf = 0x8000,
  MaxMessagePackets = 16383,
  U24 = 0xffffff,
  // wire.ts DCP_MAX_RETRY_NO, written in place: an imported `const` stays a variable V8 loads and
  // checks at each use, and in onData it took the bytecode past what V8 inlines into the caller's
  // loop (strict mode 181 → 345 instructions per packet, from 2026-12-03 to 12-05 unnoticed).
  MaxRetryNo = 63,
}

/** onData / onHo result bits. Negative results are errors (lib/core/errors). */
/** write the payload where the header says (§4.4) */
export const DCP_RX_PLACE = 1;
/** send an ACK carrying out.emsn */
export const DCP_RX_ACK = 2;
/** out.completed messages retired in order, out.cqeMask of them need a CQE */
export const DCP_RX_COMPLETE = 4;
/** already counted or completed: not placed, not counted */
export const DCP_RX_DUPLICATE = 8;
/** packet of a superseded timeout round: dropped (§4.5) */
export const DCP_RX_STALE = 16;
/** a newer sRetryNo reset the eMSN-th message's counter (§4.5) */
export const DCP_RX_RECOUNT = 32;
/** return as an HO to the sender (an HO, or strict-mode window overflow) */
export const DCP_RX_BOUNCE = 64;

export interface DcpReceiverParams {
  /** "counter": bitmap-free tracking (§4.5); "bitmap": strict, a PSN bitmap as well (Fig. 6(a)). */
  tracking: "counter" | "bitmap";
  /**
   * Strict mode: PSNs tracked past ePSN (BDP / MTU), a power of two in [32, 2^20], default 2048.
   * Checked in counter mode too, where it is not used. Table 3's BDP-sized 320 B is 2560 bits, not
   * a power of two.
   */
  bitmapBits: number;
}

export const DCP_RECEIVER_DEFAULTS: Readonly<DcpReceiverParams> = Object.freeze({
  tracking: "counter",
  bitmapBits: 2048,
});

/** The constructor's parameter check, shared with strictBytesPerFlow so that both refuse the same sizes with one message. */
function resolveReceiverParams(params: Partial<DcpReceiverParams>): DcpReceiverParams {
  return resolveParams("DcpReceiver", DCP_RECEIVER_DEFAULTS, params, (q) => ({
    tracking: rule.oneOf("counter", "bitmap"),
    bitmapBits: rule.must(typeof q.bitmapBits === "number" && q.bitmapBits >= 32 && q.bitmapBits <= 1 << 20 && isPowerOfTwo(q.bitmapBits), "a power of two in [32, 2^20]"),
  }));
}

/** Strict-mode bytes per QP for a checked bitmapBits: the counters, ePSN (4 B) and the bitmap. */
function strictBytes(bitmapBits: number): number {
  return flowBytes(LAYOUT) + 4 + bitmapBits / 8;
}

export class DcpReceiver extends FlowTable<typeof LAYOUT> {
  /** Bitmap-free tracking state per QP: 22 B (Table 3: ≤ 32 B). */
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  /**
   * Per-QP bytes in strict mode with a window of `bitmapBits`: + ePSN (4 B) + the bitmap.
   * @throws RangeError for a bitmapBits the constructor refuses, with its message (review fw2: 100
   *   gave 38.5 B).
   */
  static strictBytesPerFlow(bitmapBits: number): number {
    return strictBytes(resolveReceiverParams({ tracking: "bitmap", bitmapBits }).bitmapBits);
  }
  static readonly api: HandlerSignatures = {
    open: ["slot", "startPsn"],
    close: ["slot"],
    onData: ["slot", "nowNs", "msn", "psn", "retryNo", "msgPackets", "needCqe"],
    onHo: ["slot", "nowNs", "msn", "psn"],
  };
  /** Fields of `out`, written when a result has DCP_RX_ACK. */
  static readonly outFields = ["emsn", "completed", "cqeMask"] as const;

  readonly params: Readonly<DcpReceiverParams>;
  /** This table's bytes per QP (bitmap-free 22, or the strict figure). */
  readonly bytesPerSlot: number;
  /** The ACK's fields (outFields: emsn, completed, cqeMask), written only when a result has DCP_RX_ACK. */
  readonly out: Int32Array = offHeap(Int32Array, 3);
  /**
   * Table-wide count (not per-QP state) of packets returned with DCP_RX_DUPLICATE, not placed
   * and not counted: a retired message's (re-ACKed), a complete message's waiting behind a gap
   * (bitmap-free), a PSN already received (strict). Stale-round packets are counted in `stale`.
   */
  duplicates = 0;
  /**
   * Table-wide count (not per-QP state) of packets returned with DCP_RX_STALE (bitmap-free
   * mode): an sRetryNo below the eMSN-th message's rRetryNo, a superseded timeout round (§4.5),
   * dropped. Not counted in `duplicates`.
   */
  stale = 0;

  private readonly emsnCol = this.col.emsn;
  private readonly rretry = this.col.rretry;
  private readonly ctr = this.col.ctr;
  private readonly strict: number;
  private readonly words: number;
  private readonly mask: number;
  /** Strict mode only: cumulative ePSN and the received-PSN ring, `words` int32 per QP. */
  private readonly epsnCol: Int32Array;
  private readonly bits: Int32Array;

  /**
   * @throws RangeError for an unknown parameter, a value out of range, a bad capacity, or (strict
   *   mode) capacity × bitmapBits above 2^31.
   */
  constructor(params: Partial<DcpReceiverParams> = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveReceiverParams(params);
    // Refused naming the parameters rather than with the engine's "Invalid typed array length" or
    // "Array buffer allocation failed" (review fw2); 2^31 bits (256 MiB) is RudReceiver's bound on
    // the same kind of received-PSN bitmap.
    needParam("DcpReceiver", p.tracking !== "bitmap" || capacity * p.bitmapBits <= 2 ** 31, `capacity × bitmapBits must be at most 2^31 in strict mode, got ${capacity} × ${p.bitmapBits}`);
    this.params = Object.freeze(p);
    this.strict = p.tracking === "bitmap" ? 1 : 0;
    this.words = this.strict !== 0 ? p.bitmapBits >>> 5 : 0;
    this.mask = p.bitmapBits - 1;
    this.epsnCol = new Int32Array(this.strict !== 0 ? capacity : 0);
    this.bits = new Int32Array(capacity * this.words);
    this.bytesPerSlot = this.strict !== 0 ? strictBytes(p.bitmapBits) : flowBytes(LAYOUT);
  }

  /**
   * Opens a QP expecting MSN 0 and (strict mode) first PSN `startPsn`; opening an open slot starts
   * it afresh. Returns nothing; throws RangeError (counted in `errors`) for a slot outside the
   * table or a startPsn that is not a 24-bit PSN (not a per-packet path).
   */
  open(slot: number, startPsn = 0): void {
    if (!isPsn24(startPsn)) {
      this.errors++;
      throw new RangeError(`DcpReceiver: startPsn ${startPsn} is not a 24-bit PSN`);
    }
    this.openSlot(slot);
    if (this.strict !== 0) {
      this.epsnCol[slot] = startPsn;
      clearAll(this.bits, slot * this.words, this.mask);
    }
  }

  override close(slot: number): number {
    const r = super.close(slot);
    if (r === 0 && this.strict !== 0) {
      this.epsnCol[slot] = 0;
      clearAll(this.bits, slot * this.words, this.mask);
    }
    return r;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * A data packet of message `msn` (PSN `psn`, sRetryNo `retryNo`) whose message has
   * `msgPackets` packets and needs a CQE at this end when `needCqe` (Send, Write-with-Immediate).
   * Returns DCP_RX_* bits; with DCP_RX_ACK, `out` holds the ACK's eMSN and what was completed.
   * `nowNs` is ignored (the receiver keeps no time): any finite number is accepted.
   * Errors: E_OVERFLOW for msgPackets > 16383 (the 14-bit counter); E_STATE for a message more
   * than 7 ahead of eMSN, (bitmap-free mode) a later message with a non-zero sRetryNo, or a
   * count that would pass msgPackets (inconsistent sizes; in strict mode also a new PSN of a
   * message already complete); E_SLOT / E_ARG (an sRetryNo above 63, the 6-bit Resv6a's
   * largest, among them, in both modes; a nowNs that is not finite). Strict mode ignores
   * sRetryNo otherwise. State is unchanged on every error. The checks' order and each bit's
   * meaning: the README's API section.
   */
  onData(slot: number, nowNs: number, msn: number, psn: number, retryNo: number, msgPackets: number, needCqe: boolean): number {
    // nowNs is unused (the receiver keeps no time) but, as every argument, it must be a number.
    if (
      !(this.live[slot] === 1 && (msn & K.U24) === msn && (psn & K.U24) === psn &&
        (retryNo & K.MaxRetryNo) === retryNo && (msgPackets | 0) === msgPackets &&
        msgPackets >= 1 && nowNs - nowNs === 0)
    ) {
      return this.reject(slot);
    }
    if (msgPackets > K.MaxMessagePackets) return this.fail(E_OVERFLOW);
    // §4.5: up to 8 messages from eMSN are tracked; an older one was retired (re-ACK eMSN).
    const emsn = this.emsnCol[slot];
    const d = ((msn - emsn) << 8) >> 8;
    if (d < 0) return this.reAck(emsn);
    if (d >= K.Messages) return this.fail(E_STATE);
    // One configuration's call site runs, and V8 inlines only that one (lib/README "The
    // inlining race": each tree stays within what a caller can inline).
    return this.strict !== 0 ? this.strictData(slot, d, emsn, msn, psn, msgPackets, needCqe) : this.track(slot, d, emsn, msn, retryNo, msgPackets, needCqe);
  }

  /**
   * onData after validation (split from it so that each half stays under V8's inlining limit of
   * 460 bytes of bytecode; together they inline into the caller's packet loop).
   */
  private track(slot: number, d: number, emsn: number, msn: number, retryNo: number, msgPackets: number, needCqe: boolean): number {
    const i = (slot << K.MsgShift) + (msn & 7);
    // The common case: the packet belongs to the current round (sRetryNo 0 unless a timeout
    // resend is under way). Other rounds take the out-of-line path, which keeps this handler
    // small enough for V8 to inline.
    if (retryNo !== (d === 0 ? this.rretry[slot] : 0)) return this.otherRound(slot, d, i, retryNo, msgPackets, needCqe);
    const c = this.ctr[i];
    if ((c & K.Mcf) !== 0) {
      this.duplicates++;
      return DCP_RX_DUPLICATE;
    }
    const n = (c & K.CountMask) + 1;
    // §4.4: a Send's packets and a Write-with-Immediate's last one say they need a CQE (README,
    // needCqe), and packets arrive in any order, so Cf is kept from whichever packet carried it
    // (c + 1 keeps a Cf already set).
    const v = (c + 1) | (needCqe ? K.Cf : 0);
    if (n < msgPackets) {
      this.ctr[i] = v;
      return DCP_RX_PLACE;
    }
    if (n > msgPackets) return this.fail(E_STATE);
    this.ctr[i] = v | K.Mcf; // §4.5: count = size → mcf (and Cf)
    return d === 0 ? DCP_RX_PLACE | this.retire(slot, emsn) : DCP_RX_PLACE;
  }

  /**
   * An HO packet (§4.1 step ②): it is bounced to the sender with source and destination swapped
   * (wire.ts bounceHo); the receiver keeps no state for it. Returns DCP_RX_BOUNCE, E_STATE for an
   * MSN more than 7 ahead of eMSN, or E_SLOT / E_ARG. `nowNs` is ignored (the receiver keeps no
   * time): any finite number is accepted.
   */
  onHo(slot: number, nowNs: number, msn: number, psn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(msn) && isPsn24(psn) && nowNs - nowNs === 0)) return this.reject(slot);
    if (((msn - this.emsnCol[slot]) << 8) >> 8 >= K.Messages) return this.fail(E_STATE);
    return DCP_RX_BOUNCE;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** eMSN (§4.5): the next message to complete in order; every message before it was retired and ACKed (0 at open). */
  emsn(slot: number): number {
    return this.emsnCol[slot] | 0;
  }
  /**
   * rRetryNo (§4.5) of the eMSN-th message: the newest sRetryNo its packets carried (a packet with
   * an older one is stale), back to 0 when eMSN advances. Always 0 in strict mode, which ignores
   * sRetryNo.
   */
  rRetryNo(slot: number): number {
    return this.rretry[slot] | 0;
  }
  /** Packets counted for the eMSN-th message in its current round; 0 for a slot that is not open. */
  emsnCount(slot: number): number {
    // `slot << 3` turns 1.5 into slot 1's counters and NaN into slot 0's: the open flag first.
    return this.live[slot] === 1 ? this.ctr[(slot << K.MsgShift) + (this.emsnCol[slot] & 7)] & K.CountMask : 0;
  }
  /** Bit i set: message eMSN + i is complete (mcf) but waits for an earlier one; 0 for a slot that is not open. */
  completeMask(slot: number): number {
    if (this.live[slot] !== 1) return 0; // as emsnCount: a fraction would read another QP's counters
    let mask = 0;
    const e = this.emsnCol[slot];
    for (let i = 0; i < K.Messages; i++) {
      if ((this.ctr[(slot << K.MsgShift) + ((e + i) & 7)] & K.Mcf) !== 0) mask |= 1 << i;
    }
    return mask;
  }
  /**
   * Strict mode: the first PSN not yet received (−1 in bitmap-free mode, which has none, and for
   * a slot that is not open: 0 is a PSN).
   */
  epsn(slot: number): number {
    return this.strict !== 0 && this.live[slot] === 1 ? this.epsnCol[slot] : -1;
  }

  // ---------------------------------------------------------------------------------------
  // Rare steps and helpers

  /**
   * §4.5 for a packet whose sRetryNo differs from its message's round: for the eMSN-th message
   * an older one is stale (dropped) and a newer one restarts the count for that round; a later
   * message has had no timeout, so any sRetryNo there is E_STATE.
   */
  private otherRound(slot: number, d: number, i: number, retryNo: number, msgPackets: number, needCqe: boolean): number {
    if (d !== 0) return this.fail(E_STATE);
    if (retryNo < this.rretry[slot]) {
      this.stale++;
      return DCP_RX_STALE;
    }
    // A newer round: the count restarts and this packet is its first (1 ≤ msgPackets).
    this.rretry[slot] = retryNo;
    if (msgPackets > 1) {
      this.ctr[i] = needCqe ? 1 | K.Cf : 1;
      return DCP_RX_PLACE | DCP_RX_RECOUNT;
    }
    this.ctr[i] = 1 | K.Mcf | (needCqe ? K.Cf : 0);
    return DCP_RX_PLACE | DCP_RX_RECOUNT | this.retire(slot, this.emsnCol[slot]);
  }

  /**
   * eMSN's message is complete: advance eMSN over every complete message (§4.5, "generates
   * one or multiple CQEs"), clear their slots, reset rRetryNo, and fill `out` for the ACK.
   */
  private retire(slot: number, emsn: number): number {
    const base = slot << K.MsgShift;
    let k = 0;
    let cqeMask = 0;
    while (k < K.Messages) {
      const i = base + ((emsn + k) & 7);
      const c = this.ctr[i];
      if ((c & K.Mcf) === 0) break;
      if ((c & K.Cf) !== 0) cqeMask |= 1 << k;
      this.ctr[i] = 0;
      k++;
    }
    const next = (emsn + k) & K.U24;
    this.emsnCol[slot] = next;
    this.rretry[slot] = 0;
    this.out[0] = next;
    this.out[1] = k;
    this.out[2] = cqeMask;
    return DCP_RX_ACK | DCP_RX_COMPLETE;
  }

  /** A duplicate of a retired message: re-send eMSN (the sender's ACK may have been lost). */
  private reAck(emsn: number): number {
    this.duplicates++;
    this.out[0] = emsn;
    this.out[1] = 0;
    this.out[2] = 0;
    return DCP_RX_ACK | DCP_RX_DUPLICATE;
  }

  /** onData after validation in strict mode (message `msn` is d after eMSN): a PSN counts once, whatever its round. */
  private strictData(slot: number, d: number, emsn: number, msn: number, psn: number, msgPackets: number, needCqe: boolean): number {
    const epsn = this.epsnCol[slot];
    const p = ((psn - epsn) << 8) >> 8;
    const mask = this.mask;
    if (p > mask) return DCP_RX_BOUNCE;
    const base = slot * this.words;
    // The bit's word and mask written out (lib/core/bitmap's bitTest and bitSet): one load of
    // the word, and less bytecode in a path V8 should inline whole (lib/README). ePSN's own bit
    // is always clear (a packet at ePSN is never stored, and `slide` clears what it passes).
    // Below ePSN (p < 0) the word is read for nothing: one reAck call site instead of two.
    const bits = this.bits;
    const bit = psn & mask;
    const w = base + (bit >>> 5);
    const one = 1 << (bit & 31);
    const word = bits[w];
    if (p < 0 || (word & one) !== 0) return this.reAck(emsn);
    const i = (slot << K.MsgShift) + (msn & 7);
    const c = this.ctr[i];
    const n = (c & K.CountMask) + 1;
    if ((c & K.Mcf) !== 0 || n > msgPackets) return this.fail(E_STATE);
    if (p === 0) this.slide(slot, base, epsn);
    else bits[w] = word | one;
    const v = (c + 1) | (needCqe ? K.Cf : 0); // Cf kept from whichever packet carried it, as in track
    if (n < msgPackets) {
      this.ctr[i] = v;
      return DCP_RX_PLACE;
    }
    this.ctr[i] = v | K.Mcf;
    return d === 0 ? DCP_RX_PLACE | this.retire(slot, emsn) : DCP_RX_PLACE;
  }

  /**
   * ePSN moves past the in-order PSN without storing its bit, then over the run of PSNs that
   * arrived early, releasing their bits for reuse: bit by bit to the end of the first word
   * (each early PSN's bit is set once and passed once), then, for a run that goes on, a word at
   * a time in `slideOn` (lib/core's countSetRun and clearBits), so a call takes at most
   * 32 + window / 32 steps. Small, so that the strict tree fits whole into a packet loop (with
   * those two in `slide` itself it took 1 in 2 processes to a call, lib/README "The inlining
   * race"). ePSN's own bit is clear, so the run stops within one window.
   */
  private slide(slot: number, base: number, epsn: number): void {
    const bits = this.bits;
    const mask = this.mask;
    let next = epsn + 1;
    for (;;) {
      const bit = next & mask;
      const w = base + (bit >>> 5);
      const one = 1 << (bit & 31);
      const word = bits[w];
      if ((word & one) === 0) break;
      bits[w] = word & ~one;
      next++;
      if ((next & 31) === 0) {
        next += this.slideOn(base, next & mask);
        break;
      }
    }
    this.epsnCol[slot] = next & K.U24;
  }

  /** The rest of a run from a word's first bit `pos` (out of line, and rare): clears it and returns its length. */
  private slideOn(base: number, pos: number): number {
    const run = countSetRun(this.bits, base, this.mask, pos, this.mask);
    clearBits(this.bits, base, this.mask, pos, run);
    return run;
  }
}
