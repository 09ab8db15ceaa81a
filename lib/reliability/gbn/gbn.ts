// Go-back-N, as RoCEv2 NICs do it (RNIC-GBN): a sans-IO sender and receiver table of QPs with
// the DcpSender/DcpReceiver API shape, as a baseline for DCP.
//
// Read first: DCP (Li et al., SIGCOMM 2025) §2.1–2.2 (RNIC-GBN, why loss hurts it), Table 2;
// InfiniBand Architecture vol. 1 §9.7 (RC requester and responder: PSN sequence checking, the
// NAK-sequence-error carrying the expected PSN, retransmission from that PSN, the local ACK
// timeout and retry count); notes/baselines.md §3.3 (the HPCC ns-3 model: the receiver NACKs the
// expected PSN at most once per 500 µs per hole and the sender sets snd_nxt = snd_una).
//
// Receiver: accepts only the expected PSN (ePSN); anything later is dropped and answered by one
// NACK carrying ePSN (again after nackIntervalNs if the hole persists); anything earlier is a
// duplicate and re-ACKed. Sender: on a NACK or a timeout it goes back to the first unacknowledged
// PSN and sends everything again. PSNs are 24-bit; ACK and NACK carry the cumulative ePSN (the
// next PSN the receiver expects), the AETH MSN is the count of completed messages.
//
// Sender API as DcpSender: post → onSchedule(awinBytes) → nextPacket until GBN_TX_NONE, with the
// packet in `out`; onAck / onNack / onTimer. The message table holds 8 messages like DCP's.
//
// The private helpers are arrow-function fields, so those that stay calls are compiled against this
// table as a constant (lib/README.md, "Helpers that stay calls"): the sender's nextPacket + onAck
// 536 → 477 instructions per packet, the receiver's onData 82 → 82 (`npm run bench:instructions`,
// 2026-12-03).

import { E_OVERFLOW, E_STATE } from "../../core/errors";
import { isPsn24, psn24Diff } from "../../core/psn";
import { resolveParams, rule } from "../../core/params";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { MessageSender } from "../qp";

const SENDER_LAYOUT = {
  una: "i32", // first unacknowledged PSN (cumulative)
  nxt: "i32", // next PSN to transmit; goes back on NACK or timeout
  high: "i32", // one past the highest PSN ever sent
  postPsn: "i32", // first PSN of the next posted message
  postMsn: "i32",
  unaMsn: "i32", // oldest message not fully acknowledged
  curMsn: "i32", // message holding nxt
  curOff: "i32", // byte offset of nxt in curMsn
  ssnNext: "i32",
  timerStart: "i32",
  quota: "i32",
  retry: "u8", // consecutive timeouts without progress
  flags: "u8",
  msgPsn: ["i32", 8],
  msgLen: ["i32", 8],
  msgEnd: ["i32", 8], // PSN after the message's last packet
  msgTag: ["i32", 8],
  retx: "u32", // packets sent again
  timeouts: "u32",
} as const;

const RECEIVER_LAYOUT = {
  epsn: "i32", // expected PSN
  msn: "i32", // completed messages (AETH MSN)
  lastNack: "i32", // tick of the last NACK
  flags: "u8", // 1: a NACK was sent for the current ePSN
} as const;

const enum K {
  MsgShift = 3,
  U24 = 0xffffff,
  MaxBytes = 1073741824,
  Armed = 1,
  ResendDue = 2, // a timeout went back and nothing has been resent since
  Nacked = 1,
}

/** nextPacket results (also out.kind). */
export const GBN_TX_NONE = 0;
export const GBN_TX_NEW = 1;
export const GBN_TX_RETRANSMIT = 2;
/** onTimer result. */
export const GBN_TIMEOUT = 1;

/** onData result bits (same values as DCP_RX_* for the same meaning). */
export const GBN_RX_PLACE = 1;
export const GBN_RX_ACK = 2;
export const GBN_RX_COMPLETE = 4;
export const GBN_RX_DUPLICATE = 8;
/** send a NACK (sequence error) carrying out.epsn */
export const GBN_RX_NACK = 128;
/** out of order: dropped without a NACK (one is outstanding) */
export const GBN_RX_DROP = 256;

export interface GbnSenderParams {
  /**
   * Payload bytes of a full packet (RDMA path MTU), an integer in [64, 65535]: a message of n
   * bytes goes as ⌈n / mtuBytes⌉ packets (one for 0 bytes). Default 1024, as DcpSender's (the
   * DCP paper's 1 KB MTU).
   */
  mtuBytes: number;
  /** Bytes one scheduling round may send (DCP §4.3's round_quota, which RNIC-GBN shares). */
  roundQuotaBytes: number;
  /** IBA local ACK timeout, 4.096 µs × 2^k; the default k = 8 gives 1.048576 ms. */
  rtoNs: number;
  /** IBA retry_cnt: timeouts without progress before the QP is in error. */
  maxRetries: number;
}

export interface GbnReceiverParams {
  /** A hole is NACKed again after this long (notes/baselines.md §3.3: 500 µs). */
  nackIntervalNs: number;
}

export const GBN_SENDER_DEFAULTS: Readonly<GbnSenderParams> = Object.freeze({
  mtuBytes: 1024,
  roundQuotaBytes: 16384,
  rtoNs: 1_048_576,
  maxRetries: 7,
});

export const GBN_RECEIVER_DEFAULTS: Readonly<GbnReceiverParams> = Object.freeze({ nackIntervalNs: 500_000 });

export class GbnSender extends MessageSender<typeof SENDER_LAYOUT> {
  static readonly bytesPerFlow = flowBytes(SENDER_LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "startPsn"],
    close: ["slot"],
    post: ["slot", "lengthBytes", "op"],
    messageInfo: ["slot", "msn"],
    onSchedule: ["slot", "nowNs", "awinBytes"],
    nextPacket: ["slot", "nowNs"],
    onAck: ["slot", "nowNs", "epsn"],
    onNack: ["slot", "nowNs", "epsn"],
    onTimer: ["slot", "nowNs"],
  };

  readonly params: Readonly<GbnSenderParams>;

  private readonly high = this.col.high;
  private readonly timerStart = this.col.timerStart;
  private readonly flags = this.col.flags;
  private readonly rto: number;
  private readonly maxRetries: number;

  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params: Partial<GbnSenderParams> = {}, capacity = 1) {
    const p = resolveParams("GbnSender", GBN_SENDER_DEFAULTS, params, {
      mtuBytes: rule.int(64, 65535),
      roundQuotaBytes: rule.int(1, K.MaxBytes),
      rtoNs: rule.int(1, 2 ** 30),
      maxRetries: rule.int(0, 255),
    });
    super("GbnSender", SENDER_LAYOUT, capacity, p.mtuBytes, p.roundQuotaBytes);
    this.params = Object.freeze(p);
    this.rto = p.rtoNs;
    this.maxRetries = p.maxRetries;
  }

  /**
   * Opens a QP whose first packet will carry `startPsn`; MSNs and SSNs start at 0.
   * @throws RangeError for a slot outside the table or a startPsn that is not a 24-bit PSN.
   */
  open(slot: number, startPsn = 0): void {
    this.openQp(slot, startPsn);
    this.high[slot] = startPsn;
  }

  /** The packet at nxt, if the round's quota holds it: a retransmission below `high`, else new. */
  nextPacket(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    return this.transmit(slot, nowNs);
  }

  /** nextPacket after validation (split so that each half stays under V8's 460-byte inlining limit). */
  private readonly transmit = (slot: number, nowNs: number): number => {
    const psn = this.nxt[slot];
    if (psn === this.postPsn[slot]) return GBN_TX_NONE;
    const kind = psn24Diff(psn, this.high[slot]) < 0 ? GBN_TX_RETRANSMIT : GBN_TX_NEW;
    if (!this.writeFromCursor(slot, psn, kind, true)) return GBN_TX_NONE;
    if (kind === GBN_TX_NEW) this.high[slot] = this.nxt[slot];
    else this.retx[slot]++;
    // The timer starts with the first packet out, and again with a timeout's first resend (RFC 6298 §5.6).
    const flags = this.flags[slot];
    if ((flags & (K.Armed | K.ResendDue)) !== K.Armed) {
      this.timerStart[slot] = nowNs | 0;
      this.flags[slot] = (flags | K.Armed) & ~K.ResendDue;
    }
    return kind;
  };

  /**
   * A cumulative ACK: every PSN before `epsn` arrived. Frees completed messages and restarts
   * the timer (stops it when nothing is outstanding). Returns the messages freed; 0 for an ACK
   * not past SND.UNA: a duplicate (ePSN = SND.UNA) only restarts the timer while something is
   * outstanding, an older one changes nothing; E_STATE for an ePSN beyond highPsn; or E_SLOT / E_ARG.
   */
  onAck(slot: number, nowNs: number, epsn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(epsn) && nowNs - nowNs === 0)) return this.reject(slot);
    const d = psn24Diff(epsn, this.una[slot]);
    if (d > 0 && psn24Diff(epsn, this.high[slot]) > 0) return this.fail(E_STATE);
    if (d > 0) return this.advance(slot, nowNs, epsn);
    // IBA vol. 1 §9.7.6.1.3 (o9-85): "the timer is restarted each time an acknowledge packet is
    // received as long as there are outstanding expected responses" — a duplicate too. One older
    // than SND.UNA was overtaken by a later ACK the timer already restarted on, and is dropped.
    if (d === 0 && epsn !== this.high[slot]) this.timerStart[slot] = nowNs | 0;
    return 0;
  }

  /**
   * A NACK (sequence error) carrying the receiver's ePSN: the cumulative part as onAck, then
   * go back to ePSN (IBA §9.7.5.1.2). Returns the messages freed, E_STATE for an ePSN at or
   * beyond highPsn (a hole needs a PSN sent after it), or E_SLOT / E_ARG; a NACK older than the
   * last ACK changes nothing (0). Any other restarts the timer, with progress or without: a NAK
   * is an acknowledge packet (an AETH with a NAK syndrome), and IBA vol. 1 §9.7.6.1.3 (o9-85)
   * restarts the timer on each one received while responses are outstanding, as they are past
   * the hole. The go-back does not spend retry_cnt: a NACK shows
   * the responder alive, as Linux hfi1/qib treat it (restart_rc's decrement is undone by the
   * reset that follows every NAK in do_rc_ack); rxe instead spends one per NAK-started retry.
   * Unlike hfi1/qib it refills the count only with progress: a NACK at SND.UNA leaves retryCount.
   */
  onNack(slot: number, nowNs: number, epsn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(epsn) && nowNs - nowNs === 0)) return this.reject(slot);
    const d = psn24Diff(epsn, this.una[slot]);
    if (d < 0) return 0;
    if (psn24Diff(epsn, this.high[slot]) >= 0) return this.fail(E_STATE); // a hole needs a PSN after it
    // Without progress the timer still restarts (o9-85): left running from the last progress, it
    // expired just after the go-back, resent everything again and spent a retry (review rev-irn).
    let freed = 0;
    if (d > 0) freed = this.advance(slot, nowNs, epsn);
    else this.timerStart[slot] = nowNs | 0;
    this.goBack(slot, epsn);
    return freed;
  }

  /**
   * The local ACK timeout: go back to the first unacknowledged PSN; the timer starts again with
   * the first packet resent. An expiry before that packet has gone (a paced NIC may hold it past
   * the timeout) is not a retry: it returns 0 and only restarts the timer. Returns GBN_TIMEOUT,
   * 0 when stopped or not expired, E_OVERFLOW after maxRetries timeouts without progress (the
   * QP is in error; nothing changes, the timer neither, so each later call returns it again until
   * progress clears the count), or E_SLOT / E_ARG.
   */
  onTimer(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const flags = this.flags[slot];
    if ((flags & K.Armed) === 0 || ((nowNs - this.timerStart[slot]) >>> 0) < this.rto) return 0;
    if ((flags & K.ResendDue) !== 0) {
      this.timerStart[slot] = nowNs | 0;
      return 0;
    }
    const retry = this.retry[slot];
    if (retry >= this.maxRetries) return this.fail(E_OVERFLOW);
    this.timerStart[slot] = nowNs | 0;
    this.retry[slot] = retry + 1;
    this.timeoutCount[slot]++;
    this.goBack(slot, this.una[slot]);
    this.flags[slot] = flags | K.ResendDue;
    return GBN_TIMEOUT;
  }

  /** One past the highest PSN ever sent (nextPsn, which NACKs and timeouts move back, stays at or below it). */
  highPsn(slot: number): number {
    return this.high[slot] | 0;
  }
  /** The MSN the next post gets: messages posted since open, mod 2^24 (outstandingMessages = postedMsn − unaMsn); 0 if not open. */
  postedMsn(slot: number): number {
    return this.postMsn[slot] | 0;
  }
  /**
   * The local ACK timer runs: started by a packet sent while it is stopped, stopped by an ACK that brings
   * SND.UNA to highPsn (all sent acknowledged); timeouts and E_OVERFLOW leave it running. False if not open.
   */
  timerArmed(slot: number): boolean {
    return (this.flags[slot] & K.Armed) !== 0;
  }
  /**
   * Expiry tick, the timer's start + rtoNs as a signed int32 tick, (start + rtoNs) | 0 (ticks
   * wrap at 2^32: it may read negative): meaningful while timerArmed; a stopped timer keeps its
   * last start (rtoNs on a QP that has sent nothing). 0 for a slot that is not open.
   */
  deadlineNs(slot: number): number {
    // A closed slot's cleared timerStart would read as a deadline rtoNs after tick 0.
    return this.live[slot] === 1 ? (this.timerStart[slot] + this.rto) | 0 : 0;
  }

  /** una := epsn (after it), freeing messages that end at or before it; timer restart/stop. */
  private readonly advance = (slot: number, nowNs: number, epsn: number): number => {
    this.una[slot] = epsn;
    this.retry[slot] = 0;
    const freed = this.freeMessages(slot, epsn);
    if (psn24Diff(this.nxt[slot], epsn) < 0) this.goBack(slot, epsn);
    if (epsn !== this.high[slot]) {
      this.timerStart[slot] = nowNs | 0;
      this.flags[slot] |= K.Armed;
    } else {
      this.flags[slot] &= ~(K.Armed | K.ResendDue);
    }
    return freed;
  };

  /**
   * Moves the transmit point back to `psn`, which is always SND.UNA: the oldest message not yet
   * freed holds it (every earlier message ends at or before it), unless nothing is outstanding.
   */
  private readonly goBack = (slot: number, psn: number): void => {
    this.nxt[slot] = psn;
    const msn = this.unaMsnCol[slot];
    if (msn === this.postMsn[slot]) {
      this.curMsn[slot] = msn;
      this.curOff[slot] = 0;
      return;
    }
    this.curMsn[slot] = msn;
    this.curOff[slot] = psn24Diff(psn, this.msgPsn[(slot << K.MsgShift) + (msn & 7)]) * this.mtu;
  };
}

export class GbnReceiver extends FlowTable<typeof RECEIVER_LAYOUT> {
  static readonly bytesPerFlow = flowBytes(RECEIVER_LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "startPsn"],
    close: ["slot"],
    onData: ["slot", "nowNs", "psn", "last"],
  };
  /**
   * Written by every onData that is not rejected (ACK, NACK, duplicate and GBN_RX_DROP alike):
   * the cumulative ePSN after the packet, the AETH MSN, messages completed now (0 or 1).
   */
  static readonly outFields = ["epsn", "msn", "completed"] as const;

  readonly params: Readonly<GbnReceiverParams>;
  readonly out: Int32Array = offHeap(Int32Array, 3);
  private readonly epsnCol = this.col.epsn;
  private readonly msnCol = this.col.msn;
  private readonly lastNack = this.col.lastNack;
  private readonly flags = this.col.flags;
  private readonly nackInterval: number;

  constructor(params: Partial<GbnReceiverParams> = {}, capacity = 1) {
    super(RECEIVER_LAYOUT, capacity);
    const p = resolveParams("GbnReceiver", GBN_RECEIVER_DEFAULTS, params, { nackIntervalNs: rule.int(0, 2 ** 30) });
    this.params = Object.freeze(p);
    this.nackInterval = p.nackIntervalNs;
  }

  /**
   * Opens a QP expecting `startPsn` first (ePSN), no NAK sent yet.
   * @throws RangeError for a slot outside the table or a startPsn that is not a 24-bit PSN.
   */
  open(slot: number, startPsn = 0): void {
    if (!isPsn24(startPsn)) {
      this.errors++;
      throw new RangeError(`GbnReceiver: startPsn ${startPsn} is not a 24-bit PSN`);
    }
    this.openSlot(slot);
    this.epsnCol[slot] = startPsn;
  }

  /**
   * A data packet; `last` marks the final packet of its message. In order: placed, ACKed,
   * and a completion when last. Later: dropped, with a NACK of ePSN unless one went out less
   * than nackIntervalNs ago for the same hole. Earlier: a duplicate, re-ACKed, the NAK state
   * and its interval left as they were. Only the packet at ePSN completes a message: `last` on
   * a dropped or duplicate packet completes nothing. Returns GBN_RX_PLACE | GBN_RX_ACK in order
   * (| GBN_RX_COMPLETE when it ends a message); GBN_RX_NACK alone for a later packet that sends
   * the NAK, GBN_RX_DROP alone for one that does not; GBN_RX_DUPLICATE | GBN_RX_ACK for an
   * earlier one; or E_SLOT / E_ARG.
   */
  onData(slot: number, nowNs: number, psn: number, last: boolean): number {
    if (!(this.live[slot] === 1 && isPsn24(psn) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.track(slot, nowNs, psn, last);
  }

  /** onData after validation (split so that each half stays under V8's 460-byte inlining limit). */
  private readonly track = (slot: number, nowNs: number, psn: number, last: boolean): number => {
    const epsn = this.epsnCol[slot];
    const d = psn24Diff(psn, epsn);
    const out = this.out;
    if (d === 0) {
      const next = (epsn + 1) & K.U24;
      this.epsnCol[slot] = next;
      this.flags[slot] = 0;
      let r = GBN_RX_PLACE | GBN_RX_ACK;
      out[2] = 0;
      if (last) {
        this.msnCol[slot] = (this.msnCol[slot] + 1) & K.U24;
        out[2] = 1;
        r |= GBN_RX_COMPLETE;
      }
      out[0] = next;
      out[1] = this.msnCol[slot];
      return r;
    }
    out[0] = epsn;
    out[1] = this.msnCol[slot];
    out[2] = 0;
    if (d < 0) return GBN_RX_ACK | GBN_RX_DUPLICATE;
    if ((this.flags[slot] & K.Nacked) !== 0 && ((nowNs - this.lastNack[slot]) >>> 0) < this.nackInterval) return GBN_RX_DROP;
    this.flags[slot] = K.Nacked;
    this.lastNack[slot] = nowNs | 0;
    return GBN_RX_NACK;
  };

  /**
   * The ePSN: the next PSN accepted, every PSN before it received in order (startPsn at open).
   * 0 for a slot that is not open, as for an open QP expecting PSN 0.
   */
  epsn(slot: number): number {
    return this.epsnCol[slot] | 0;
  }
  /** The AETH MSN: messages completed since open (last packets accepted in order), mod 2^24; 0 if not open. */
  msn(slot: number): number {
    return this.msnCol[slot] | 0;
  }
}
