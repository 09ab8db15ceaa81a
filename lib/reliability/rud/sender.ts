// RUD sender: UEC reliable unordered delivery with selective repeat, as the UEC reference
// simulator runs it under NSCC.
//
// Read first:
//   UEC 1.0 §3.5 PDS (notes/uec-nscc-reps-pds.md §2.7): RUD mode (exactly once, out-of-order
//     placement, selective retransmission), the ACK_CC format (CACK_PSN, ACK_PSN, a 64-bit SACK
//     bitmap at sack_psn_offset, rcvd_bytes in the NSCC state), NACK UET_TRIMMED /
//     UET_TRIMMED_LASTHOP. Of §3.5's three retransmission mechanisms two are here, the trim NACK
//     and the RTO as the backstop; the receiver's explicit NACKs (PKT_NOT_RCVD, RCVR_INFER_LOSS)
//     are not, as in uet-htsim (README "Not implemented").
//   uet-htsim UecSrc (notes/uec-htsim-reference.md §3 steps 1, 3, 4; §4 processNack and the
//     timeout; the AR rules): per-PSN send records, the received-bytes delta handed to NSCC, the
//     RTT sample rule (sent once and not a retransmission echo, or sent twice and echoed), the
//     retransmission queue served before new data, one timer per connection at the send time of
//     the oldest outstanding packet plus the RTO, no backoff.
//
// A send record lives in a per-flow ring of `windowPackets` entries indexed by PSN mod window;
// records are in one of two doubly linked lists through the same link words — outstanding (in
// order of the tick each times out at, so its head is the timer's reference; without rtoBackoff
// every packet waits rtoNs and that is send order, each send appended at the tail) or waiting for
// retransmission (in PSN order, lowest first: uet-htsim's _rtx_queue is a map keyed by PSN) — or
// acknowledged above the cumulative ACK, or free. New data never goes
// past cumulative ACK + window, which bounds every structure here and the receiver's bitmap.
//
// Time is a wrapping ns tick compared by difference; PSNs are int32 bit patterns compared by
// signed difference (lib/core/psn). Bytes are wire bytes (header included) except where a name
// says payload. No division on the per-packet path: the window and the message ring are powers
// of two.
//
// The private helpers are arrow-function fields, so those that stay calls are compiled against this
// table as a constant (lib/README.md, "Helpers that stay calls"): nextPacket 469 → 412
// instructions, onNack + retransmission 1208 → 1013 per packet (`npm run bench:instructions`,
// 2026-12-03).

import { E_FULL, E_OVERFLOW, E_SLOT, E_STATE } from "../../core/errors";
import { isPsn32 } from "../../core/psn";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { type RudParams, type RudParamsInput, resolveRudParams } from "./params";

/** Per-flow columns: 64 B + the open flag; plus 13 B per window entry and 12 B per message slot. */
const LAYOUT = {
  nextPsn: "i32", // PSN the next new packet takes
  cumAck: "i32", // every PSN before it is acknowledged
  outHead: "i32", // entry index of the outstanding packet due first, −1 when none
  outTail: "i32",
  rtxHead: "i32", // retransmission queue in PSN order, lowest first; −1 when empty
  rtxTail: "i32",
  outCount: "i32",
  rtxCount: "i32",
  msnHead: "i32", // MSN of the oldest message not yet acknowledged
  msgCount: "i32", // messages posted and not yet acknowledged
  msgSent: "i32", // of those, how many are fully packetised (from the head)
  curOffset: "i32", // payload bytes of the message being packetised already sent
  lastRecvd: "i32", // last receiver rcvd_bytes seen (uet-htsim _recvd_bytes), a wrapping 32-bit count
  retransmissions: "u32",
  timeouts: "u32",
  nacks: "u32",
} as const;

/**
 * Entry state byte: where (2 bits), transmissions so far (2 bits, saturating at 3),
 * last-of-message, RTOs of this packet (3 bits, saturating at 7).
 */
const enum E {
  WhereMask = 3,
  Free = 0,
  Outstanding = 1,
  Rtx = 2,
  Acked = 3,
  TxOne = 4,
  TxMask = 12,
  Last = 16,
  RtoOne = 32,
  RtoMask = 224,
  RtoShift = 5,
  RtoMax = 7,
  Nil = 0xffff,
}

const enum K {
  MaxRtoNs = 1073741824, // 2^30 ns: deadlines stay within the wrapping int32 tick's half range
}

const enum R {
  TxNew = 1,
  TxRetransmit = 2,
  TxLast = 4,
  AckRtt = 1,
  AckFreed = 2,
  AckComplete = 4,
  AckDone = 8,
  Retransmit = 1,
  Timeout = 1,
}

const enum O {
  Psn = 0,
  Bytes = 1,
  PayloadBytes = 2,
  Msn = 3,
  OffsetBytes = 4,
  NewBytes = 5,
  RttNs = 6,
  RestoredBytes = 7,
  Completed = 8,
  Ev = 9,
}

/** Bytes per flow of a sender with these (already checked) sizes: the fixed columns, 13 B per window entry, 12 per message slot. */
function senderBytes(p: Readonly<RudParams>): number {
  return flowBytes(LAYOUT) + 13 * p.windowPackets + 12 * p.maxMessages;
}

/** nextPacket: a new packet (out.psn, bytes, payloadBytes, msn, offsetBytes). */
export const RUD_TX_NEW: number = R.TxNew;
/** nextPacket: a retransmission (set AR and the retransmission flag, uet-htsim §4). */
export const RUD_TX_RETRANSMIT: number = R.TxRetransmit;
/** nextPacket: the packet ends its message (set AR: uet-htsim sets it on a message's last packet). */
export const RUD_TX_LAST: number = R.TxLast;
/** onAck: out.rttNs holds a valid RTT sample for ackedPsn. */
export const RUD_ACK_RTT: number = R.AckRtt;
/**
 * onAck: the cumulative ACK advanced (past PSNs already SACKed too), or a SACK bit released a
 * packet in flight or queued for retransmission.
 */
export const RUD_ACK_FREED: number = R.AckFreed;
/** onAck: out.completed messages are now acknowledged in full. */
export const RUD_ACK_COMPLETE: number = R.AckComplete;
/**
 * onAck: nothing posted remains unacknowledged. A state, not an event: set on every ACK onAck
 * accepts while that holds, a duplicate or stale ACK that frees nothing included (uet-htsim checks
 * for the flow's end on every ACK); clear while a message is pending.
 */
export const RUD_ACK_DONE: number = R.AckDone;
/** onNack: the packet went to the retransmission queue (out.psn, out.bytes, out.rttNs, out.ev). */
export const RUD_NACK_RETRANSMIT: number = R.Retransmit;
/** onTimer: the outstanding packet due first went to the retransmission queue (out.psn, bytes, ev). */
export const RUD_TIMEOUT: number = R.Timeout;

export class RudSender extends FlowTable<typeof LAYOUT> {
  /** Fixed part; add 13 × windowPackets + 12 × maxMessages (bytesPerFlowWith). */
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "firstPsn"],
    close: ["slot"],
    post: ["slot", "lengthBytes"],
    nextPacket: ["slot", "nowNs", "ev"],
    onAck: ["slot", "nowNs", "cumPsn", "sackBase", "sackLo", "sackHi", "ackedPsn", "rtxEcho", "recvdBytes"],
    onNack: ["slot", "nowNs", "psn"],
    onTimer: ["slot", "nowNs"],
  };
  static readonly outFields = ["psn", "bytes", "payloadBytes", "msn", "offsetBytes", "newBytes", "rttNs", "restoredBytes", "completed", "ev"] as const;

  /**
   * Per-flow bytes for given window and message-ring sizes (bytesPerSlot of a table built with them).
   * @throws RangeError for a size the constructor refuses, with the constructor's message: a figure
   *   for a table that cannot be built would size memory for nothing (review fw2: 1000 gave 13,161).
   */
  static bytesPerFlowWith(windowPackets: number, maxMessages: number): number {
    return senderBytes(resolveRudParams({ windowPackets, maxMessages }));
  }

  readonly params: Readonly<RudParams>;
  /** This table's bytes per flow: bytesPerFlowWith(params.windowPackets, params.maxMessages). */
  readonly bytesPerSlot: number;
  readonly out: Float64Array = offHeap(Float64Array, 10);

  private readonly nextPsnCol = this.col.nextPsn;
  private readonly cumAckCol = this.col.cumAck;
  private readonly outHead = this.col.outHead;
  private readonly outTail = this.col.outTail;
  private readonly rtxHead = this.col.rtxHead;
  private readonly rtxTail = this.col.rtxTail;
  private readonly outCount = this.col.outCount;
  private readonly rtxCount = this.col.rtxCount;
  private readonly msnHead = this.col.msnHead;
  private readonly msgCount = this.col.msgCount;
  private readonly msgSent = this.col.msgSent;
  private readonly curOffset = this.col.curOffset;
  private readonly lastRecvd = this.col.lastRecvd;
  private readonly rtxCol = this.col.retransmissions;
  private readonly toCol = this.col.timeouts;
  private readonly nackCol = this.col.nacks;

  /** Send records: (slot << wShift) + (psn & wMask). */
  private readonly eSent: Int32Array;
  private readonly eState: Uint8Array;
  private readonly eBytes: Uint16Array;
  private readonly eEv: Uint16Array;
  private readonly eNext: Uint16Array;
  private readonly ePrev: Uint16Array;
  /** Message ring: (slot << mShift) + (msn & mMask). */
  private readonly mLen: Int32Array;
  private readonly mFirst: Int32Array;
  private readonly mEnd: Int32Array;

  private readonly wShift: number;
  private readonly wMask: number;
  private readonly window: number;
  private readonly mShift: number;
  private readonly mMask: number;
  private readonly maxMsgs: number;
  private readonly header: number;
  private readonly mss: number;
  private readonly rtoNs: number;
  private readonly backoff: number;
  private readonly maxRetries: number;

  /**
   * @throws RangeError for an unknown parameter, a value out of range, or capacity × window above 2^28.
   */
  constructor(params: RudParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveRudParams(params);
    this.params = Object.freeze(p);
    this.bytesPerSlot = senderBytes(p);
    if (capacity * p.windowPackets > 2 ** 28) throw new RangeError("RudSender: capacity × windowPackets must be at most 2^28");
    this.window = p.windowPackets;
    this.wShift = Math.log2(p.windowPackets);
    this.wMask = p.windowPackets - 1;
    this.maxMsgs = p.maxMessages;
    this.mShift = Math.log2(p.maxMessages);
    this.mMask = p.maxMessages - 1;
    this.header = p.headerBytes;
    this.mss = p.mtuBytes - p.headerBytes;
    this.rtoNs = p.rtoNs;
    this.backoff = p.rtoBackoff ? 1 : 0;
    this.maxRetries = p.maxRtoRetries;
    const n = capacity * p.windowPackets;
    this.eSent = new Int32Array(n);
    this.eState = new Uint8Array(n);
    this.eBytes = new Uint16Array(n);
    this.eEv = new Uint16Array(n);
    this.eNext = new Uint16Array(n);
    this.ePrev = new Uint16Array(n);
    const m = capacity * p.maxMessages;
    this.mLen = new Int32Array(m);
    this.mFirst = new Int32Array(m);
    this.mEnd = new Int32Array(m);
  }

  /** Opens a flow whose first packet takes `firstPsn` (UEC Start_PSN; any int32 pattern). */
  open(slot: number, firstPsn = 0): void {
    if (!isPsn32(firstPsn)) {
      this.errors++;
      throw new RangeError("RudSender.open: firstPsn must be a 32-bit integer");
    }
    this.openSlot(slot);
    this.clearEntries(slot);
    this.nextPsnCol[slot] = firstPsn | 0;
    this.cumAckCol[slot] = firstPsn | 0;
    this.outHead[slot] = -1;
    this.outTail[slot] = -1;
    this.rtxHead[slot] = -1;
    this.rtxTail[slot] = -1;
  }

  override close(slot: number): number {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    this.clearEntries(slot);
    return super.close(slot);
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * Queues a message of `lengthBytes` payload, an integer in [1, 2^31 − 1]. Returns its MSN (an
   * int32 count from 0 at open, one per message), or E_FULL (maxMessages pending) / E_ARG / E_SLOT.
   */
  post(slot: number, lengthBytes: number): number {
    if (!(this.live[slot] === 1 && (lengthBytes | 0) === lengthBytes && lengthBytes >= 1)) return this.reject(slot);
    const count = this.msgCount[slot];
    if (count >= this.maxMsgs) return this.fail(E_FULL);
    const msn = (this.msnHead[slot] + count) | 0;
    this.mLen[(slot << this.mShift) + (msn & this.mMask)] = lengthBytes;
    this.msgCount[slot] = count + 1;
    return msn;
  }

  /**
   * The packet to transmit now (uet-htsim §4: retransmissions before new data; new data only
   * inside cumulative ACK + window), which will carry entropy `ev`, an integer in [0, 65535]
   * (UEC's 16-bit entropy); `nowNs` any finite number, taken as nowNs | 0. Returns RUD_TX_NEW or
   * RUD_TX_RETRANSMIT, with RUD_TX_LAST when it ends its message, and out.psn, bytes,
   * payloadBytes, msn, offsetBytes; 0 when there is nothing to send; E_SLOT / E_ARG.
   * The caller checks the congestion window first with nextBytes().
   */
  nextPacket(slot: number, nowNs: number, ev: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ev >>> 0 === ev && ev <= 0xffff)) return this.reject(slot);
    const base = slot << this.wShift;
    const r = this.rtxHead[slot];
    if (r >= 0) return this.retransmit(slot, base, r, nowNs | 0, ev);
    const count = this.msgCount[slot];
    const sentMsgs = this.msgSent[slot];
    const psn = this.nextPsnCol[slot];
    if (sentMsgs >= count || ((psn - this.cumAckCol[slot]) | 0) >= this.window) return 0;
    const msn = (this.msnHead[slot] + sentMsgs) | 0;
    const m = (slot << this.mShift) + (msn & this.mMask);
    const offset = this.curOffset[slot];
    const left = this.mLen[m] - offset;
    const payload = left < this.mss ? left : this.mss;
    if (offset === 0) this.mFirst[m] = psn;
    const e = base + (psn & this.wMask);
    let st = E.Outstanding | E.TxOne;
    if (payload === left) {
      st |= E.Last;
      this.mEnd[m] = (psn + 1) | 0;
      this.msgSent[slot] = sentMsgs + 1;
      this.curOffset[slot] = 0;
    } else {
      this.curOffset[slot] = offset + payload;
    }
    const bytes = payload + this.header;
    this.eSent[e] = nowNs | 0;
    this.eState[e] = st;
    this.eBytes[e] = bytes;
    this.eEv[e] = ev;
    if (this.backoff === 0) this.append(slot, base, e - base, this.outHead, this.outTail);
    else this.insertOut(slot, base, e - base);
    this.outCount[slot]++;
    this.nextPsnCol[slot] = (psn + 1) | 0;
    const out = this.out;
    out[O.Psn] = psn;
    out[O.Bytes] = bytes;
    out[O.PayloadBytes] = payload;
    out[O.Msn] = msn;
    out[O.OffsetBytes] = offset;
    return (st & E.Last) !== 0 ? R.TxNew | R.TxLast : R.TxNew;
  }

  /**
   * An ACK_CC (UEC §3.5; uet-htsim processAck): cumulative ACK `cumPsn` (the next PSN the
   * receiver expects), a 64-bit SACK bitmap starting at `sackBase` (bit i of sackLo/sackHi =
   * PSN sackBase + i, then 32 + i), the PSN whose arrival triggered it with its retransmission
   * echo, and the receiver's cumulative received bytes (a 32-bit count that wraps). Returns RUD_ACK_* bits with
   * out.newBytes (the received-bytes delta NSCC takes as acked bytes, uet-htsim §3 step 1),
   * out.rttNs (a valid sample, at least 1 ns since 0 means none, else 0; valid only from a live
   * record, outstanding and not queued for retransmission), out.restoredBytes (bytes of the
   * packets this ACK acknowledged while waiting for retransmission: the caller had taken them out
   * of flight), out.completed; E_SLOT / E_ARG /
   * E_STATE (an acknowledgement of a PSN never sent). An ACK older than earlier ones is fine.
   * RUD_ACK_DONE comes with every ACK accepted while nothing posted is unacknowledged.
   */
  onAck(
    slot: number,
    nowNs: number,
    cumPsn: number,
    sackBase: number,
    sackLo: number,
    sackHi: number,
    ackedPsn: number,
    rtxEcho: boolean,
    recvdBytes: number,
  ): number {
    if (
      !(
        this.live[slot] === 1 &&
        nowNs - nowNs === 0 &&
        isPsn32(cumPsn) &&
        isPsn32(sackBase) &&
        isPsn32(sackLo) &&
        isPsn32(sackHi) &&
        isPsn32(ackedPsn) &&
        isPsn32(recvdBytes)
      )
    ) {
      return this.reject(slot);
    }
    // A 32-bit field may come signed or unsigned (as `open` takes firstPsn); from here on int32.
    const cumAck = cumPsn | 0;
    const next = this.nextPsnCol[slot];
    if (((cumAck - next) | 0) > 0 || ((ackedPsn - next) | 0) >= 0 || sacksBeyond(next, sackBase, sackLo, sackHi)) {
      return this.fail(E_STATE);
    }
    const now = nowNs | 0;
    const out = this.out;
    // uet-htsim §3 step 1: the receiver's byte count is the ACK clock; a value that went
    // backwards (an older ACK overtaken on another path) counts nothing. The count wraps at 2^32
    // (UEC sends it in 24 bits of 256 B units), so the delta is a signed 32-bit difference.
    let newly = (recvdBytes - this.lastRecvd[slot]) | 0;
    if (newly > 0) this.lastRecvd[slot] = recvdBytes | 0;
    else newly = 0;
    out[O.NewBytes] = newly;
    out[O.RestoredBytes] = 0;
    out[O.Completed] = 0;
    const base = slot << this.wShift;
    let cum = this.cumAckCol[slot];
    let r = 0;
    // uet-htsim §3 step 3: a valid sample needs a live send record, sent once and not echoed as
    // a retransmission, or sent exactly twice and echoed.
    const d = (ackedPsn - cum) | 0;
    out[O.RttNs] = 0;
    if (d >= 0) {
      const e = base + (ackedPsn & this.wMask);
      const st = this.eState[e];
      const tx = st & E.TxMask;
      if ((st & E.WhereMask) === E.Outstanding && (rtxEcho ? tx === 2 * E.TxOne : tx === E.TxOne)) {
        const rtt = (now - this.eSent[e]) | 0;
        out[O.RttNs] = rtt > 0 ? rtt : 1;
        r = R.AckRtt;
      }
    }
    // Step 4: the cumulative part releases everything below cumAck.
    if (((cumAck - cum) | 0) > 0) {
      r |= R.AckFreed;
      do {
        this.release(slot, base, cum & this.wMask, E.Free);
        cum = (cum + 1) | 0;
      } while (cum !== cumAck);
      this.cumAckCol[slot] = cum;
    }
    if ((sackLo | sackHi) !== 0) r |= this.sack(slot, base, cum, sackBase, sackLo, sackHi);
    if (this.msgSent[slot] > 0 && ((cum - this.mEnd[(slot << this.mShift) + (this.msnHead[slot] & this.mMask)]) | 0) >= 0) {
      r |= this.complete(slot, cum);
    }
    if (this.msgCount[slot] === 0) r |= R.AckDone;
    return r;
  }

  /**
   * A NACK for a trimmed packet (UEC NACK UET_TRIMMED[_LASTHOP]; uet-htsim processNack): the
   * packet, if still outstanding, goes to the retransmission queue (RUD_NACK_RETRANSMIT with
   * out.psn as int32, out.bytes, out.rttNs = now − its send time, at least 1 ns, out.ev). 0 when
   * it was already acknowledged or queued; E_SLOT / E_ARG / E_STATE (a PSN never sent).
   */
  onNack(slot: number, nowNs: number, psn: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && isPsn32(psn))) return this.reject(slot);
    if (((psn - this.nextPsnCol[slot]) | 0) >= 0) return this.fail(E_STATE);
    if (((psn - this.cumAckCol[slot]) | 0) < 0) return 0;
    const base = slot << this.wShift;
    const i = psn & this.wMask;
    const e = base + i;
    if ((this.eState[e] & E.WhereMask) !== E.Outstanding) return 0;
    this.toRetransmit(slot, base, i);
    const out = this.out;
    out[O.Psn] = psn | 0; // as nextPacket wrote it, whichever form the NACK carried
    out[O.Bytes] = this.eBytes[e];
    out[O.Ev] = this.eEv[e];
    const rtt = ((nowNs | 0) - this.eSent[e]) | 0;
    out[O.RttNs] = rtt > 0 ? rtt : 1;
    this.nackCol[slot]++;
    return R.Retransmit;
  }

  /**
   * The caller's timer for this flow fired (uet-htsim rtxTimerExpired: one timer per connection
   * at the oldest outstanding send + the RTO). With rtoBackoff each packet waits its own RTO,
   * rtoNs doubled for each RTO it already had (UEC §3.5 RTO_TIMER), and the one timer is at the
   * first of those deadlines, not the oldest send's. When due, that packet goes to the
   * retransmission queue: RUD_TIMEOUT with out.psn, out.bytes, out.ev. 0 when nothing is due;
   * E_OVERFLOW (nothing changes: the PDC is in error) when that packet already had maxRtoRetries
   * RTOs, with or without rtoBackoff; E_SLOT / E_ARG. Re-read deadlineNs afterwards.
   */
  onTimer(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const h = this.outHead[slot];
    if (h < 0) return 0;
    const base = slot << this.wShift;
    const e = base + h;
    if ((((nowNs | 0) - this.dueNs(e)) | 0) < 0) return 0;
    const st = this.eState[e];
    const k = st >> E.RtoShift;
    if (this.maxRetries !== 0 && k >= this.maxRetries) return this.fail(E_OVERFLOW);
    if (k < E.RtoMax) this.eState[e] = st + E.RtoOne;
    const cum = this.cumAckCol[slot];
    const out = this.out;
    out[O.Psn] = (cum + ((h - cum) & this.wMask)) | 0;
    out[O.Bytes] = this.eBytes[e];
    out[O.Ev] = this.eEv[e];
    this.toRetransmit(slot, base, h);
    this.toCol[slot]++;
    return R.Timeout;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** Wire bytes of the packet nextPacket would send now, 0 when none may go (for the CC check). */
  nextBytes(slot: number): number {
    if (!this.isOpen(slot)) return 0;
    const r = this.rtxHead[slot];
    if (r >= 0) return this.eBytes[(slot << this.wShift) + r];
    const sentMsgs = this.msgSent[slot];
    if (sentMsgs >= this.msgCount[slot] || ((this.nextPsnCol[slot] - this.cumAckCol[slot]) | 0) >= this.window) return 0;
    const left = this.mLen[(slot << this.mShift) + ((this.msnHead[slot] + sentMsgs) & this.mMask)] - this.curOffset[slot];
    return (left < this.mss ? left : this.mss) + this.header;
  }
  /** PSN of the packet nextPacket would send now, or the next new PSN. */
  nextPsn(slot: number): number {
    if (!this.isOpen(slot)) return 0;
    const r = this.rtxHead[slot];
    if (r < 0) return this.nextPsnCol[slot];
    const cum = this.cumAckCol[slot];
    return (cum + ((r - cum) & this.wMask)) | 0;
  }
  /** The PSN the next new packet takes. */
  newPsn(slot: number): number {
    return this.isOpen(slot) ? this.nextPsnCol[slot] : 0;
  }
  /**
   * The cumulative ACK point: every PSN before it is acknowledged (the first PSN until an ACK
   * moves it); PSNs at or past it may be SACKed. 0 for a slot that is not open.
   */
  cumAckPsn(slot: number): number {
    return this.isOpen(slot) ? this.cumAckCol[slot] : 0;
  }
  /** True while a packet is outstanding: the timer runs. */
  timerArmed(slot: number): boolean {
    return this.isOpen(slot) && this.outHead[slot] >= 0;
  }
  /**
   * Tick at which onTimer will act: the first deadline of an outstanding packet, its send + the
   * RTO (without rtoBackoff the oldest send's; with it, each packet's own backed-off RTO, so a
   * new packet behind one backed off is not held to the older one's longer wait). 0 when not
   * armed (0 is also a tick: test timerArmed).
   */
  deadlineNs(slot: number): number {
    if (!this.timerArmed(slot)) return 0;
    return this.dueNs((slot << this.wShift) + this.outHead[slot]);
  }

  /**
   * When send record `e` times out: its send time + rtoNs, or with rtoBackoff + rtoNs × 2^k up to
   * 2^30 ns for a packet that had k RTOs (UEC §3.5 RTO_TIMER); a wrapping tick.
   */
  private readonly dueNs = (e: number): number => {
    const k = this.eState[e] >> E.RtoShift; // the top 3 bits
    let rto = this.rtoNs;
    if (this.backoff !== 0 && k !== 0) {
      const t = rto * 2 ** k; // at most 2^30 × 2^7
      rto = t < K.MaxRtoNs ? t : K.MaxRtoNs;
    }
    return (this.eSent[e] + rto) | 0;
  };
  /**
   * Packets in flight: sent or resent and neither acknowledged (cumulatively or by SACK) nor
   * queued for retransmission. A packet a NACK or a timeout queued counts in
   * queuedRetransmissions instead until nextPacket resends it. The timer runs while this is > 0.
   */
  outstandingPackets(slot: number): number {
    return this.isOpen(slot) ? this.outCount[slot] : 0;
  }
  /**
   * Packets waiting in the retransmission queue: queued by onNack or onTimer, not yet resent by
   * nextPacket. One acknowledged while queued leaves it (its bytes in out.restoredBytes).
   */
  queuedRetransmissions(slot: number): number {
    return this.isOpen(slot) ? this.rtxCount[slot] : 0;
  }
  /** Messages posted and not yet acknowledged. */
  pendingMessages(slot: number): number {
    return this.isOpen(slot) ? this.msgCount[slot] : 0;
  }
  /** MSN of the oldest message not yet acknowledged. */
  oldestMsn(slot: number): number {
    return this.isOpen(slot) ? this.msnHead[slot] : 0;
  }
  /** Last received-bytes count seen (wrapping 32-bit pattern). */
  receivedBytes(slot: number): number {
    return this.isOpen(slot) ? this.lastRecvd[slot] : 0;
  }
  /** Packets nextPacket resent since open (RUD_TX_RETRANSMIT), queued by a NACK or a timeout; a wrapping uint32 count. */
  retransmissions(slot: number): number {
    return this.isOpen(slot) ? this.rtxCol[slot] : 0;
  }
  /** onTimer expiries that queued a packet (RUD_TIMEOUT) since open; an E_OVERFLOW is not counted. */
  timeouts(slot: number): number {
    return this.isOpen(slot) ? this.toCol[slot] : 0;
  }
  /**
   * NACKs that queued a packet (RUD_NACK_RETRANSMIT) since open. A NACK for a packet already
   * acknowledged, already queued or below the cumulative ACK (result 0), or refused, is not counted.
   */
  nacks(slot: number): number {
    return this.isOpen(slot) ? this.nackCol[slot] : 0;
  }
  /** Transmissions so far of an outstanding or queued PSN, saturating at 3 (0: no live record). */
  transmissions(slot: number, psn: number): number {
    const st = this.liveState(slot, psn);
    return st < 0 ? 0 : (st & E.TxMask) >> 2;
  }

  /**
   * RTOs so far of an outstanding or queued PSN, saturating at 7 (0: none, or no live record),
   * counted with or without rtoBackoff.
   * Right after onTimer's RUD_TIMEOUT, out.psn's count includes that expiry: 1 at its first.
   */
  packetTimeouts(slot: number, psn: number): number {
    const st = this.liveState(slot, psn);
    return st < 0 ? 0 : st >> E.RtoShift;
  }

  /** The state word of an outstanding or queued PSN of an open slot, else −1. */
  private liveState(slot: number, psn: number): number {
    if (!this.isOpen(slot)) return -1;
    if (((psn - this.cumAckCol[slot]) | 0) < 0 || ((psn - this.nextPsnCol[slot]) | 0) >= 0) return -1;
    const st = this.eState[(slot << this.wShift) + (psn & this.wMask)];
    const w = st & E.WhereMask;
    return w === E.Outstanding || w === E.Rtx ? st : -1;
  }

  // ---------------------------------------------------------------------------------------
  // Rare and shared steps

  private readonly retransmit = (slot: number, base: number, i: number, now: number, ev: number): number => {
    const e = base + i;
    this.unlink(slot, base, i, this.rtxHead, this.rtxTail);
    this.rtxCount[slot]--;
    const st = this.eState[e];
    const tx = (st & E.TxMask) === E.TxMask ? E.TxMask : (st & E.TxMask) + E.TxOne;
    this.eState[e] = (st & (E.Last | E.RtoMask)) | tx | E.Outstanding;
    this.eSent[e] = now;
    this.eEv[e] = ev;
    if (this.backoff === 0) this.append(slot, base, i, this.outHead, this.outTail);
    else this.insertOut(slot, base, i);
    this.outCount[slot]++;
    this.rtxCol[slot]++;
    const cum = this.cumAckCol[slot];
    const psn = (cum + ((i - cum) & this.wMask)) | 0;
    const bytes = this.eBytes[e];
    const out = this.out;
    out[O.Psn] = psn;
    out[O.Bytes] = bytes;
    out[O.PayloadBytes] = bytes - this.header;
    this.locate(slot, psn);
    return (st & E.Last) !== 0 ? R.TxRetransmit | R.TxLast : R.TxRetransmit;
  };

  /** out.msn and out.offsetBytes of a PSN already packetised: the first message ending after it. */
  private readonly locate = (slot: number, psn: number): void => {
    const mb = slot << this.mShift;
    let msn = this.msnHead[slot];
    const n = this.msgCount[slot];
    for (let k = 0; k < n; k++) {
      const m = mb + (msn & this.mMask);
      if (k >= this.msgSent[slot] || ((psn - this.mEnd[m]) | 0) < 0) {
        this.out[O.Msn] = msn;
        this.out[O.OffsetBytes] = ((psn - this.mFirst[m]) | 0) * this.mss;
        return;
      }
      msn = (msn + 1) | 0;
    }
  };

  /** Selective part of an ACK: releases the SACKed PSNs in [cum, next). */
  private readonly sack = (slot: number, base: number, cum: number, sackBase: number, lo: number, hi: number): number => {
    let r = 0;
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? lo : hi;
      while (bits !== 0) {
        const low = bits & -bits;
        const bit = 31 - Math.clz32(low);
        bits ^= low;
        const psn = (sackBase + half * 32 + bit) | 0;
        if (((psn - cum) | 0) < 0) continue; // onAck refused bits at or past next
        const i = psn & this.wMask;
        const w = this.eState[base + i] & E.WhereMask;
        if (w === E.Outstanding || w === E.Rtx) {
          this.release(slot, base, i, E.Acked);
          r = R.AckFreed;
        }
      }
    }
    return r;
  };

  /** Frees a record (cumulative: to Free; selective: to Acked), taking it off its list. */
  private readonly release = (slot: number, base: number, i: number, to: number): void => {
    const e = base + i;
    const w = this.eState[e] & E.WhereMask;
    if (w === E.Outstanding) {
      this.unlink(slot, base, i, this.outHead, this.outTail);
      this.outCount[slot]--;
    } else if (w === E.Rtx) {
      // uet-htsim §3 step 4: acknowledged while queued for retransmission; it will not be sent
      // again, so the caller puts its bytes back in flight.
      this.unlink(slot, base, i, this.rtxHead, this.rtxTail);
      this.rtxCount[slot]--;
      this.out[O.RestoredBytes] += this.eBytes[e];
    }
    this.eState[e] = to;
  };

  private readonly toRetransmit = (slot: number, base: number, i: number): void => {
    this.unlink(slot, base, i, this.outHead, this.outTail);
    this.outCount[slot]--;
    this.insertRtx(slot, base, i);
    this.rtxCount[slot]++;
    const e = base + i;
    this.eState[e] = (this.eState[e] & ~E.WhereMask) | E.Rtx;
  };

  /** Messages whose last PSN is below the cumulative ACK are complete; called when the first is. */
  private readonly complete = (slot: number, cum: number): number => {
    const mb = slot << this.mShift;
    let done = 0;
    do {
      this.msnHead[slot] = (this.msnHead[slot] + 1) | 0;
      this.msgCount[slot]--;
      this.msgSent[slot]--;
      done++;
    } while (this.msgSent[slot] > 0 && ((cum - this.mEnd[mb + (this.msnHead[slot] & this.mMask)]) | 0) >= 0);
    this.out[O.Completed] = done;
    return R.AckComplete;
  };

  /**
   * Links entry i into the retransmission queue by PSN, lowest first (uet-htsim serves
   * `_rtx_queue.begin()` of a map keyed by PSN). Every queued PSN lies in [cumulative ACK,
   * + window), so the distance from the cumulative ACK in the ring orders them. Loss path only.
   */
  private readonly insertRtx = (slot: number, base: number, i: number): void => {
    const cum = this.cumAckCol[slot];
    const mask = this.wMask;
    const key = (i - cum) & mask;
    let after = this.rtxTail[slot];
    while (after >= 0 && ((after - cum) & mask) > key) {
      const prev = this.ePrev[base + after];
      after = prev === E.Nil ? -1 : prev;
    }
    this.linkAfter(slot, base, i, after, this.rtxHead, this.rtxTail);
  };

  /**
   * With rtoBackoff: links a packet just sent or resent (its send time and RTO count set) into the
   * outstanding list by the tick it times out at (dueNs), after every entry due no later, so that
   * the head is always the packet due first (UEC §3.5: RTO_TIMER per packet). The walk from the
   * tail passes only entries due later than this one; a packet with no RTO is due at
   * now + rtoNs, which no earlier send with no RTO is past, so for it the walk passes only
   * backed-off packets, and none at all when no outstanding packet has had an RTO.
   */
  private readonly insertOut = (slot: number, base: number, i: number): void => {
    const due = this.dueNs(base + i);
    let after = this.outTail[slot];
    while (after >= 0 && ((this.dueNs(base + after) - due) | 0) > 0) {
      const prev = this.ePrev[base + after];
      after = prev === E.Nil ? -1 : prev;
    }
    this.linkAfter(slot, base, i, after, this.outHead, this.outTail);
  };

  /** Links entry i between `after` (−1: none, i becomes the head) and the entry that followed it. */
  private readonly linkAfter = (slot: number, base: number, i: number, after: number, heads: Int32Array, tails: Int32Array): void => {
    let next: number;
    if (after < 0) {
      next = heads[slot];
      heads[slot] = i;
      this.ePrev[base + i] = E.Nil;
    } else {
      const n = this.eNext[base + after];
      next = n === E.Nil ? -1 : n;
      this.eNext[base + after] = i;
      this.ePrev[base + i] = after;
    }
    this.eNext[base + i] = next < 0 ? E.Nil : next;
    if (next < 0) tails[slot] = i;
    else this.ePrev[base + next] = i;
  };

  private readonly append = (slot: number, base: number, i: number, heads: Int32Array, tails: Int32Array): void => {
    const tail = tails[slot];
    this.eNext[base + i] = E.Nil;
    this.ePrev[base + i] = tail < 0 ? E.Nil : tail;
    if (tail < 0) heads[slot] = i;
    else this.eNext[base + tail] = i;
    tails[slot] = i;
  };

  private readonly unlink = (slot: number, base: number, i: number, heads: Int32Array, tails: Int32Array): void => {
    const next = this.eNext[base + i];
    const prev = this.ePrev[base + i];
    if (prev === E.Nil) heads[slot] = next === E.Nil ? -1 : next;
    else this.eNext[base + prev] = next;
    if (next === E.Nil) tails[slot] = prev === E.Nil ? -1 : prev;
    else this.ePrev[base + next] = prev;
  };

  private readonly clearEntries = (slot: number): void => {
    const a = slot << this.wShift;
    const b = a + this.window;
    this.eSent.fill(0, a, b);
    this.eState.fill(0, a, b);
    this.eBytes.fill(0, a, b);
    this.eEv.fill(0, a, b);
    this.eNext.fill(0, a, b);
    this.ePrev.fill(0, a, b);
    const m = slot << this.mShift;
    this.mLen.fill(0, m, m + this.maxMsgs);
    this.mFirst.fill(0, m, m + this.maxMsgs);
    this.mEnd.fill(0, m, m + this.maxMsgs);
  };
}

/**
 * True when the 64-bit SACK bitmap (bit i: PSN sackBase + i) has a bit for a PSN at or past
 * `next`, one never sent: the ACK is then refused whole (E_STATE), as one whose cumulative or
 * acknowledged PSN is past it.
 */
function sacksBeyond(next: number, sackBase: number, lo: number, hi: number): boolean {
  const d = (next - sackBase) | 0; // bits below d are PSNs before next
  if (d >= 64) return false;
  if (d <= 0) return (lo | hi) !== 0;
  if (d < 32) return lo >>> d !== 0 || hi !== 0;
  return d === 32 ? hi !== 0 : hi >>> (d - 32) !== 0;
}
