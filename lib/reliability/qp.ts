// The queue-pair bookkeeping that the RDMA baselines of lib/reliability share: go-back-N (gbn),
// selective repeat (irn), timeout-only recovery (timeout) and RACK-TLP (rack). This file is the
// area's shared base, not an algorithm (as lib/lb/feedback.ts is for load balancing).
//
// Each of them is a sans-IO table of QPs with the DcpSender / DcpReceiver API shape (DCP §4.3,
// §4.5): a table of 8 outstanding messages (WQEs) per QP — first PSN, length, end PSN, kind and
// SSN of each (NCCL keeps 8 outstanding per QP, DCP §4.5) — a new-data cursor (message, byte
// offset), a byte quota per scheduling round (round_quota, DCP §4.3), a cumulative ACK point and
// 24-bit PSNs and MSNs (RoCE BTH) compared by signed 24-bit difference. What differs — when a
// packet counts as lost, what is resent, the timers — stays in each module. The receivers of irn,
// timeout and rack share a ring bitmap of PSNs received past the cumulative ePSN.
//
// The message table itself (post, messageInfo) is lib/reliability/messages.ts, which DcpSender
// uses too; DcpSender keeps the rest of its own state: its cumulative point is unaMSN (DCP §4.5),
// not a PSN, and its messages are bounded by the receiver's 14-bit packet counter.

import { E_STATE } from "../core/errors";
import { isPsn24, psn24Diff } from "../core/psn";
import { nextPowerOfTwo } from "../core/ring";
import { FlowTable, type HandlerSignatures, type Layout, flowBytes, offHeap } from "../core/table";
import { type MessageColumns, messageColumns, postMessage, writeMessageInfo } from "./messages";

/** The RX bits IRN and timeout-only export (IRN_RX_*, TIMEOUT_RX_*). */
const enum Rx {
  Place = 1,
  Ack = 2,
  Complete = 4,
  Duplicate = 8,
}

const enum K {
  MsgShift = 3, // 8 messages per QP, indexed by MSN mod 8
  U24 = 0xffffff,
  MaxBytes = 1073741824, // 2^30: the largest awin a round accepts
  MaxMessageBytes = 1073741823,
  // A signed 24-bit difference orders PSNs less than 2^23 apart, so the 8 messages a QP may
  // have outstanding must span at most 2^23 − 1 packets together: 1,048,575 packets each.
  MaxMessagePackets = 1048575,
}

/** Columns every MessageSender layout declares, beside its own. */
export type SenderLayout = Layout & {
  readonly una: "i32"; // cumulative ACK point: first PSN not yet acknowledged
  readonly nxt: "i32"; // next new PSN
  readonly postPsn: "i32"; // first PSN of the next posted message
  readonly postMsn: "i32";
  readonly unaMsn: "i32"; // oldest message not fully acknowledged
  readonly curMsn: "i32"; // new-data cursor: message
  readonly curOff: "i32"; // new-data cursor: bytes of curMsn already sent
  readonly ssnNext: "i32";
  readonly quota: "i32"; // bytes the current round may still send
  readonly retry: "u8"; // consecutive timeouts without progress
  readonly msgPsn: readonly ["i32", 8];
  readonly msgLen: readonly ["i32", 8];
  readonly msgEnd: readonly ["i32", 8]; // PSN after the message's last packet
  readonly msgTag: readonly ["i32", 8]; // SSN | op << 24
  readonly retx: "u32";
  readonly timeouts: "u32";
};

/**
 * Base of the PSN-acknowledged RDMA senders: the message table (`post`, `messageInfo`), the
 * scheduling round (`onSchedule`), the `out` record and the readers they have in common.
 */
export abstract class MessageSender<L extends SenderLayout> extends FlowTable<L> {
  /**
   * Fields of `out`: the first seven written by nextPacket for the packet it chose, the last three
   * by messageInfo. `retryNo` is always 0 here: these schemes resend under the packet's own PSN
   * and carry no retransmission round (DCP §4.5's sRetryNo is DcpSender's); the field keeps
   * DcpSender's layout, so the fabric reads both records alike.
   */
  static readonly outFields = ["kind", "msn", "psn", "offsetBytes", "lengthBytes", "retryNo", "last", "msgBytes", "op", "ssn"] as const;

  readonly out: Int32Array = offHeap(Int32Array, 10);
  /**
   * The largest message post() takes: min(2^30 − 1, 1,048,575 × mtuBytes) bytes. The packet
   * limit binds at an MTU of 1024 B or below (1,048,575 × 1024 = 1,073,740,800 < 2^30 − 1):
   * 8 messages of 1,048,575 packets span 2^23 − 8 PSNs, inside the signed 24-bit difference.
   */
  readonly maxMessageBytes: number;

  protected readonly una = this.col.una as Int32Array;
  protected readonly nxt = this.col.nxt as Int32Array;
  protected readonly postPsn = this.col.postPsn as Int32Array;
  protected readonly postMsn = this.col.postMsn as Int32Array;
  protected readonly unaMsnCol = this.col.unaMsn as Int32Array;
  protected readonly curMsn = this.col.curMsn as Int32Array;
  protected readonly curOff = this.col.curOff as Int32Array;
  protected readonly quota = this.col.quota as Int32Array;
  protected readonly retry = this.col.retry as Uint8Array;
  protected readonly msgPsn = this.col.msgPsn as Int32Array;
  protected readonly msgLen = this.col.msgLen as Int32Array;
  protected readonly msgEnd = this.col.msgEnd as Int32Array;
  protected readonly retx = this.col.retx as Uint32Array;
  protected readonly timeoutCount = this.col.timeouts as Uint32Array;
  private readonly msgs = messageColumns(this.col as unknown as MessageColumns);
  protected readonly mtu: number;
  protected readonly roundQuota: number;
  private readonly who: string;

  protected constructor(who: string, layout: L, capacity: number, mtuBytes: number, roundQuotaBytes: number) {
    super(layout, capacity);
    this.who = who;
    this.mtu = mtuBytes;
    this.roundQuota = roundQuotaBytes;
    this.maxMessageBytes = Math.min(K.MaxMessageBytes, K.MaxMessagePackets * mtuBytes);
  }

  /**
   * Opens a QP whose first packet will carry `startPsn`; MSNs and SSNs start at 0.
   * @throws RangeError for a slot outside the table or a startPsn that is not a 24-bit PSN.
   */
  protected openQp(slot: number, startPsn: number): void {
    if (!isPsn24(startPsn)) {
      this.errors++;
      throw new RangeError(`${this.who}: startPsn ${startPsn} is not a 24-bit PSN`);
    }
    this.openSlot(slot);
    this.una[slot] = startPsn;
    this.nxt[slot] = startPsn;
    this.postPsn[slot] = startPsn;
  }

  /**
   * Posts a message (a WQE) of `lengthBytes` (0 is a one-packet message) and kind `op` (0 Send,
   * 1 Write, 2 Write with Immediate; the DCP_OP_* values). Assigns its MSN, its PSNs (one per MTU
   * of payload) and, except for a Write, its SSN. Returns the MSN, E_FULL with 8 messages
   * outstanding (posted and not yet freed by a cumulative ACK, sent or not), or E_SLOT / E_ARG;
   * the argument checks come first, so a bad length or op is E_ARG even with the table full.
   */
  post(slot: number, lengthBytes: number, op: number): number {
    if (!(this.live[slot] === 1 && (lengthBytes | 0) === lengthBytes && lengthBytes >= 0 && lengthBytes <= this.maxMessageBytes)) {
      return this.reject(slot);
    }
    const msn = postMessage(this.msgs, slot, this.unaMsnCol[slot], lengthBytes, op, this.mtu);
    return msn < 0 ? this.fail(msn) : msn;
  }

  /**
   * Writes the constants of outstanding message `msn` into out.msgBytes, out.op and out.ssn
   * (nextPacket writes only the per-packet fields, which keeps it small enough to inline).
   * Returns 0, E_STATE for an MSN that is not outstanding, or E_SLOT / E_ARG.
   */
  messageInfo(slot: number, msn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(msn))) return this.reject(slot);
    const r = writeMessageInfo(this.msgs, slot, this.unaMsnCol[slot], msn, this.out);
    return r < 0 ? this.fail(r) : r;
  }

  /**
   * A scheduling round: the quota becomes min(roundQuotaBytes, awinBytes), replacing what the
   * last round left (unspent quota does not carry over). Returns 0, or E_SLOT / E_ARG.
   */
  onSchedule(slot: number, nowNs: number, awinBytes: number): number {
    if (!(this.live[slot] === 1 && (awinBytes | 0) === awinBytes && awinBytes >= 0 && awinBytes <= K.MaxBytes && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    this.quota[slot] = awinBytes < this.roundQuota ? awinBytes : this.roundQuota;
    return 0;
  }

  /** The cumulative ACK point: the first PSN not yet acknowledged (SND.UNA). */
  unaPsn(slot: number): number {
    return this.una[slot] | 0;
  }
  /**
   * The PSN the new-data cursor sends next: one past the highest PSN sent, except in GbnSender,
   * whose NACKs and timeouts move it back to SND.UNA to resend from there.
   */
  nextPsn(slot: number): number {
    return this.nxt[slot] | 0;
  }
  /** The oldest message not yet freed by a cumulative ACK. */
  unaMsn(slot: number): number {
    return this.unaMsnCol[slot] | 0;
  }
  /** Messages posted and not yet freed (sent or not): E_FULL from post at 8. */
  outstandingMessages(slot: number): number {
    return psn24Diff(this.postMsn[slot], this.unaMsnCol[slot]);
  }
  /**
   * Payload bytes the current round may still send: onSchedule sets min(roundQuotaBytes, awinBytes),
   * each packet nextPacket gives spends its length (a RACK tail-loss probe none); 0 before any round or if not open.
   */
  quotaBytes(slot: number): number {
    return this.quota[slot] | 0;
  }
  /**
   * Packets resent since open: each nextPacket that returned *_TX_RETRANSMIT, and in RackSender
   * also a tail-loss probe that resent the highest PSN (RACK_TX_PROBE). 0 for a slot not open.
   */
  retransmissions(slot: number): number {
    return this.retx[slot] >>> 0;
  }
  /**
   * Timer expiries since open that onTimer returned as GBN_TIMEOUT, IRN_TIMEOUT, TIMEOUT_FIRED or
   * RACK_TIMER_RTO; not one that only restarted the timer, an E_OVERFLOW, nor RACK's PTO. 0 if not open.
   */
  timeouts(slot: number): number {
    return this.timeoutCount[slot] >>> 0;
  }
  /**
   * Consecutive timeouts without cumulative progress (IBA's retry_cnt spent; the count maxRetries
   * bounds, E_OVERFLOW once reached): an ACK that advances SND.UNA clears it, one at SND.UNA does
   * not. 0 for a slot not open.
   */
  retryCount(slot: number): number {
    return this.retry[slot] | 0;
  }

  // The helpers below stay methods, though the senders' own helpers are arrow-function fields
  // (lib/README.md, "Helpers that stay calls"): as arrows, these and BitmapReceiver's took the
  // RACK sender from 1075 to 1135 instructions per packet and the bitmap receivers from 266 to 280
  // (counted before bench/icount.ts was fixed; lib/README.md).

  /** Frees the messages that end at or before `cumPsn` (unaMsn moves past them); returns how many. */
  protected freeMessages(slot: number, cumPsn: number): number {
    let freed = 0;
    let msn = this.unaMsnCol[slot];
    const post = this.postMsn[slot];
    while (msn !== post) {
      const m = (slot << K.MsgShift) + (msn & 7);
      if (psn24Diff(cumPsn, this.msgEnd[m]) < 0) break;
      msn = (msn + 1) & K.U24;
      freed++;
    }
    this.unaMsnCol[slot] = msn;
    return freed;
  }

  /**
   * The packet at the new-data cursor, with PSN `psn`, written to `out` as `kind` (out.retryNo 0):
   * nxt moves past it and the cursor to the next packet. It spends the round's quota unless
   * `useQuota` is false (a probe); returns false, changing nothing, when the quota cannot carry it.
   */
  protected writeFromCursor(slot: number, psn: number, kind: number, useQuota: boolean): boolean {
    const cur = this.curMsn[slot];
    const off = this.curOff[slot];
    const left = this.msgLen[(slot << K.MsgShift) + (cur & 7)] - off;
    if (!this.writePacket(slot, kind, cur, psn, off, left, useQuota)) return false;
    this.nxt[slot] = (psn + 1) & K.U24;
    if (left <= this.mtu) {
      this.curMsn[slot] = (cur + 1) & K.U24;
      this.curOff[slot] = 0;
    } else {
      this.curOff[slot] = off + this.mtu;
    }
    return true;
  }

  /**
   * `out` for `psn`, a PSN already sent, as `kind` (out.retryNo 0); nothing else changes but the
   * quota, which it spends unless `useQuota` is false. Returns false when the quota refuses it.
   */
  protected writeSent(slot: number, psn: number, kind: number, useQuota: boolean): boolean {
    const msn = this.messageOf(slot, psn);
    const m = (slot << K.MsgShift) + (msn & 7);
    const off = psn24Diff(psn, this.msgPsn[m]) * this.mtu;
    return this.writePacket(slot, kind, msn, psn, off, this.msgLen[m] - off, useQuota);
  }

  /**
   * `out` for the packet at byte `off` of message `msn`, `left` bytes before the message's end
   * (so one MTU or the rest), charged to the round's quota when `useQuota`. False when the quota
   * cannot carry it (nothing changes then): a packet is never split to fit what the round has
   * left, and a 0-byte packet spends nothing but still needs a quota above 0, so a round of
   * awinBytes 0 sends nothing.
   */
  private writePacket(slot: number, kind: number, msn: number, psn: number, off: number, left: number, useQuota: boolean): boolean {
    const len = left < this.mtu ? left : this.mtu;
    if (useQuota) {
      const quota = this.quota[slot];
      if (quota < len || quota <= 0) return false;
      this.quota[slot] = quota - len;
    }
    const out = this.out;
    out[0] = kind;
    out[1] = msn;
    out[2] = psn;
    out[3] = off;
    out[4] = len;
    out[5] = 0;
    out[6] = left <= this.mtu ? 1 : 0;
    return true;
  }

  /** The outstanding message that holds `psn`, a PSN already sent (at most 8 to look at). */
  protected messageOf(slot: number, psn: number): number {
    let msn = this.unaMsnCol[slot];
    let m = (slot << K.MsgShift) + (msn & 7);
    while (psn24Diff(psn, this.msgPsn[m]) >= psn24Diff(this.msgEnd[m], this.msgPsn[m])) {
      msn = (msn + 1) & K.U24;
      m = (slot << K.MsgShift) + (msn & 7);
    }
    return msn;
  }
}

/** Bits of a QP's PSN window for `packets` in flight: a power of two, at least one 32-bit word. */
export function windowBits(packets: number): number {
  return nextPowerOfTwo(packets < 32 ? 32 : packets);
}

/** Per-QP columns of a BitmapReceiver with a window of `words` × 32 PSNs. */
export function receiverLayout(words: number) {
  return {
    epsn: "i32", // cumulative: the next PSN expected in order
    msn: "i32", // completed messages (AETH MSN)
    got: ["i32", words], // received PSNs past ePSN, a ring over PSN mod window
    ends: ["i32", words], // which of them end a message
  } as const;
}

/**
 * Base of the order-tolerant receivers of irn, timeout and rack: every packet within the window
 * is placed and recorded in a ring bitmap; an in-order arrival slides ePSN over the run that
 * arrived early and counts the messages it completes. Each module decides what an out-of-order
 * packet's answer is (an ACK or a NACK) and where in its `out` record the fields go.
 */
export abstract class BitmapReceiver extends FlowTable<ReturnType<typeof receiverLayout>> {
  /** The receivers' public API, the same for IRN, timeout-only and RACK (conformance vectors call by it). */
  static readonly api: HandlerSignatures = {
    open: ["slot", "startPsn"],
    close: ["slot"],
    onData: ["slot", "nowNs", "psn", "last"],
  };
  /** This table's bytes per QP (they depend on the window). */
  readonly bytesPerSlot: number;
  /** Written with every ACK or NACK; each module names the fields (outFields). */
  readonly out: Int32Array;
  protected readonly epsnCol: Int32Array = this.col.epsn;
  protected readonly msnCol: Int32Array = this.col.msn;
  protected readonly got: Int32Array = this.col.got;
  protected readonly ends: Int32Array = this.col.ends;
  /** int32 words of bitmap per QP, and PSN mod window as a mask. */
  protected readonly words: number;
  protected readonly mask: number;
  /** Indices in `out` of the messages completed now and of the AETH MSN (after cumPsn, sackPsn). */
  private readonly doneAt: number;
  private readonly msnAt: number;
  private readonly who: string;

  /**
   * A window of windowBits(windowPackets) PSNs per QP; `out` holds cumPsn, sackPsn, then
   * `doneAt − 2` fields of the module's own, then completed and msn.
   */
  protected constructor(who: string, capacity: number, windowPackets: number, doneAt: number) {
    const bits = windowBits(windowPackets);
    const layout = receiverLayout(bits >>> 5);
    super(layout, capacity);
    this.who = who;
    this.bytesPerSlot = flowBytes(layout);
    this.out = offHeap(Int32Array, doneAt + 2);
    this.words = bits >>> 5;
    this.mask = bits - 1;
    this.doneAt = doneAt;
    this.msnAt = doneAt + 1;
  }

  /**
   * Opens a QP whose first packet will carry `startPsn`.
   * @throws RangeError for a slot outside the table or a startPsn that is not a 24-bit PSN.
   */
  open(slot: number, startPsn = 0): void {
    if (!isPsn24(startPsn)) {
      this.errors++;
      throw new RangeError(`${this.who}: startPsn ${startPsn} is not a 24-bit PSN`);
    }
    this.openSlot(slot);
    this.epsnCol[slot] = startPsn;
  }

  /**
   * The cumulative ePSN: the next PSN expected in order, every PSN before it received (startPsn at
   * open). 0 for a slot that is not open, as for an open QP expecting PSN 0.
   */
  epsn(slot: number): number {
    return this.epsnCol[slot] | 0;
  }
  /** The AETH MSN: messages completed since open (the message ends ePSN has passed), mod 2^24; 0 if not open. */
  msn(slot: number): number {
    return this.msnCol[slot] | 0;
  }

  /**
   * The receive path of IRN, timeout-only recovery and RACK, whose RX bits (PLACE 1, ACK 2,
   * COMPLETE 4, DUPLICATE 8) are the same: one beyond the window is E_STATE (dropped, `out`
   * untouched); one past ePSN is placed and answered with `outOfOrder` (IRN: a NACK;
   * timeout-only and RACK: an ACK), and a copy of one already there gets the same answer as a
   * duplicate, not placed; one below ePSN is a duplicate, ACKed; the one at ePSN is placed and
   * slides ePSN over what arrived early.
   */
  protected receive(slot: number, psn: number, last: boolean, outOfOrder: number): number {
    const epsn = this.epsnCol[slot];
    const d = psn24Diff(psn, epsn);
    if (d > this.mask) return this.fail(E_STATE);
    const out = this.out;
    out[1] = psn;
    out[this.doneAt] = 0;
    const base = slot * this.words;
    const bit = psn & this.mask;
    // The bit's word and mask written out (lib/core/bitmap's bitTest and bitSet): one load of
    // the word, and less bytecode in a path V8 should inline whole (lib/README).
    const w = base + (bit >>> 5);
    const one = 1 << (bit & 31);
    const got = this.got;
    const word = got[w];
    let r: number;
    if (d < 0 || (word & one) !== 0) {
      // A copy past ePSN is still an out-of-order arrival: IRN NACKs it (DCP §2.2 "upon every
      // OOO packet arrival"), the others ACK it; one below ePSN is ACKed.
      r = (d < 0 ? Rx.Ack : outOfOrder & ~Rx.Place) | Rx.Duplicate;
    } else {
      got[w] = word | one;
      if (last) this.ends[w] |= one;
      if (d === 0) return this.slideRun(slot, base, bit, epsn) !== 0 ? Rx.Place | Rx.Ack | Rx.Complete : Rx.Place | Rx.Ack;
      r = outOfOrder;
    }
    out[0] = epsn;
    out[this.msnAt] = this.msnCol[slot];
    return r;
  }

  /**
   * An in-order PSN at `bit`, already recorded in `got`: ePSN slides over it and the run that
   * arrived early and the messages completed are counted. Writes out[0] (the new ePSN), the
   * messages completed now and the AETH MSN; returns the completions.
   *
   * One pass over the words the run covers, counting the message ends in it and clearing both
   * bitmaps as it goes, rather than the general bitmap scans one after the other: this is the
   * receivers' hot step, and as one small loop the whole onData is small enough for V8 to inline
   * into its caller (lib/README "What V8 makes expensive"). Clearing as it goes also bounds the
   * run by the window: a window with every bit set stops where it started.
   */
  private slideRun(slot: number, base: number, bit: number, epsn: number): number {
    const got = this.got;
    const ends = this.ends;
    const mask = this.mask;
    let pos = bit;
    let run = 0;
    let done = 0;
    for (;;) {
      const w = base + (pos >>> 5);
      const b = pos & 31;
      // The n ones from bit b up are the trailing zeros of rest = ~(got >>> b), so n ≤ 32 − b;
      // low = (lowest set bit of rest) − 1 is their mask, and −1 (n = 32) when rest is 0.
      const rest = ~(got[w] >>> b);
      const low = (rest & -rest) - 1;
      const n = 32 - Math.clz32(low);
      if (n === 0) break;
      const m = low << b;
      for (let e = ends[w] & m; e !== 0; e &= e - 1) done++;
      got[w] &= ~m;
      ends[w] &= ~m;
      run += n;
      pos = (pos + n) & mask;
      if (b + n < 32) break;
    }
    const next = (epsn + run) & K.U24;
    this.epsnCol[slot] = next;
    const msnCol = this.msnCol;
    const msn = (msnCol[slot] + done) & K.U24;
    msnCol[slot] = msn;
    const out = this.out;
    out[0] = next;
    out[this.doneAt] = done;
    out[this.msnAt] = msn;
    return done;
  }
}
