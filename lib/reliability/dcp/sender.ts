// DCP sender (DCP-RNIC Tx side) as a sans-IO table of queue pairs.
//
// Read first: DCP (Li et al., SIGCOMM 2025) §4.3 "Efficient HO-based Retransmission" (the Tx
// path, fetch-and-drop with n WQEs and round_quota, the retransmission entry (MSN, PSN), the
// RetransQ, the batch fetch of min(16, len, awin/MTU) entries, retransmissions before new data,
// CC decoupled through awin), §4.5 "Coarse-grained Timeout as a Fallback" (unaMSN, the timer,
// ACK eMSN > unaMSN resets it, expiry resends the whole unaMSN-th message, sRetryNo). The
// timer's idle semantics (restarted by the packets sent) are the authors' simulator's
// (DCP-Simulation rdma-hw.cc, RdmaHw::GetNxtPacket), where its 8 ms default comes from.
//
// Per QP: a message (WQE) table of DCP_MAX_MESSAGES = 8 entries holding each message's first
// PSN, length and kind (§4.5: NCCL keeps 8 outstanding messages per QP, and the receiver tracks
// exactly that many), the new-data cursor, the bounded RetransQ, the timeout-resend cursor and
// the timer. MSNs and PSNs are 24-bit (BTH PSN width) and compared by signed 24-bit difference.
//
// A transmit opportunity is two calls, mirroring Fig. 5: `onSchedule(awinBytes)` when the QP
// scheduler picks the QP (it fetches the batch of retransmission entries and sets the round's
// byte quota from the caller's CC window), then `nextPacket()` once per packet until it
// returns DCP_TX_NONE; each packet's fields are written to `out` (the message's constants —
// length, kind, SSN — by `messageInfo`, which keeps nextPacket small enough for V8 to inline).
// The sender never imports a CC module: the window is an argument.
//
// Choices the paper leaves open, written down:
//   - The RetransQ holds one int32 per entry: PSN (24 bits) | MSN mod 256 << 24. Entries whose
//     message has been acknowledged, or whose PSN lies outside the message their MSN mod 256
//     maps to now, are dropped when fetched (they still count against the batch, as an RNIC
//     only learns that after fetching).
//   - HO packets carry sRetryNo (wire.ts). An HO whose sRetryNo is older than the message's
//     current round is stale and ignored; on a timeout, queued entries of the resent message are
//     purged; an HO that repeats an entry still in the RetransQ (a duplicated HO) is refused.
//     All three keep every packet of a round counted once at a bitmap-free receiver.
//   - Packets of messages other than unaMSN carry sRetryNo 0: only the unaMSN-th message is
//     ever resent by the timer, and sRetryNo returns to 0 when unaMSN advances.
//   - The HO-driven retransmissions of the round spend its quota first, each its payload bytes
//     (a full batch of 16 MTUs is the whole 16 KB round_quota, §4.3 fn. 10); the resend of a
//     timed-out message and new data take what is left.
//   - The timer runs while a sent message is unacknowledged. It restarts with every new-data
//     or resend packet of the unaMSN-th message (the simulator's GetNxtPacket reschedules it per
//     packet sent, of any message, so it measures rtoNs of silence, not a message's
//     transmission time; §4.5 ties it to unaMSN, so later messages' packets leave it alone),
//     when an ACK advances unaMSN and something sent is still unacknowledged (§4.5; it stops
//     otherwise), and when it fires. HO-driven retransmissions do not restart it (the
//     simulator's do): packets that bounce off a strict receiver's bitmap every round, waiting
//     for a loss whose HO was lost too, would hold the fallback off for good (resend.test.ts). Every expiry is a timeout
//     (§4.5: sRetryNo "tracks the number of timeouts for the unaMSN-th message"), its resend
//     begun or not; the expiry after maxRetries of them puts the QP in error: onTimer returns
//     E_OVERFLOW and the timer is disarmed.
//   - A window CC cannot reopen its window before the unaMSN-th message completes (the ACK is
//     per message, §4.5), so while the window holds less than a packet, overrun or not,
//     onScheduleRecovery sends one packet a round of what completes that message: its resend's
//     next, else its oldest RetransQ entry, else its next unsent packet; never a later
//     message's (README "DCP + a window CC"). That message may so go whole past the window.
//   - A QP in error (onTimer's E_OVERFLOW) sends nothing and takes no HO until close; it takes
//     ACKs (their messages freed) but stays in error, its timer disarmed.
//   - A round that fetched no entry while the RetransQ holds some (awin below one MTU, or the
//     one packet kept for a resend) sends no new data: §4.3 sends new data only after the
//     fetched retransmissions. Entries of acknowledged messages at the head are dropped first.
//
// The private helpers are arrow-function fields, so those that stay calls are compiled against this
// table as a constant (lib/README.md, "Helpers that stay calls"): onHo + retransmission 712 → 560
// instructions per packet (`npm run bench:instructions`, 2026-12-03).

import { E_FULL, E_OVERFLOW, E_STATE } from "../../core/errors";
import { isPowerOfTwo } from "../../core/ring";
import { isIntIn } from "../../core/fixed";
import { isPsn24, psn24Diff } from "../../core/psn";
import { needParam, resolveParams, rule } from "../../core/params";
import { FlowTable, type HandlerSignatures, checkCapacity, flowBytes, offHeap } from "../../core/table";
import { messageColumns, postMessage, writeMessageInfo } from "../messages";
// sRetryNo travels in the BTH's 6-bit Resv6a (FECN and BECN hold the byte's other two bits since
// IBA 1.2.1), so neither the round nor an HO's goes above DCP_MAX_RETRY_NO = 63.
import { DCP_MAX_PAYLOAD_BYTES, DCP_MAX_RETRY_NO } from "./wire";

/** Per-QP columns; the RetransQ width is a parameter. */
function senderLayout(retransQueueDepth: number) {
  return {
    una: "i32", // unaMSN (§4.5)
    postMsn: "i32", // MSN the next posted message gets
    postPsn: "i32", // first PSN of the next posted message
    ssnNext: "i32", // SSN of the next Send / Write-with-Immediate (§4.4)
    curMsn: "i32", // new-data cursor: message
    curOff: "i32", // new-data cursor: bytes of curMsn already sent
    nextPsn: "i32", // PSN of the next new-data packet
    timerStart: "i32", // tick the timer (re)started
    rsOff: "i32", // timeout resend cursor: bytes of unaMSN already resent in this round
    quota: "i32", // bytes the current round may still send (new data and resends)
    retry: "u8", // sRetryNo of the unaMSN-th message (§4.5)
    flags: "u8", // F bits
    batch: "u8", // fetched retransmission entries not yet processed (§4.3)
    rqHead: "u16",
    rqLen: "u16",
    msgPsn: ["i32", 8], // first PSN of each message, by MSN mod 8
    msgLen: ["i32", 8], // bytes
    msgEnd: ["i32", 8], // PSN after the message's last packet
    msgTag: ["i32", 8], // SSN | kind << 24
    retx: "u32", // HO-driven retransmissions sent
    resent: "u32", // packets resent after timeouts
    timeouts: "u32",
    rq: ["i32", retransQueueDepth], // RetransQ entries (host memory in §4.3)
  } as const;
}

// The timer runs while something sent is unacknowledged (§4.5): while the new-data cursor is
// past unaMSN's start (curMsn ≠ unaMSN or curOff > 0; a timeout moves it past unaMSN). No flag.
const enum F {
  Resend = 2,
  Failed = 16, // onTimer returned E_OVERFLOW: the QP is in error and its timer disarmed
  Batch = 4, // batch > 0: fetched retransmission entries wait (mirrors the batch column)
  Hold = 8, // the round fetched no entry while the RetransQ held some: no new data (§4.3)
  Held = 10, // Resend | Hold: resendNext decides
  Pending = 14, // Resend | Batch | Hold: anything to send before (or instead of) new data
}

const enum K {
  MsgShift = 3,
  MaxMessagePackets = 16383, // 14-bit receiver counter (§4.5)
  MaxBytes = 1073741824, // 2^30: largest awin accepted
  U24 = 0xffffff,
  MaxRetryNo = 63, // DCP_MAX_RETRY_NO in place, for onHo's check (receiver.ts K.MaxRetryNo: why)
}

/** nextPacket results (also out.kind). */
export const DCP_TX_NONE = 0;
export const DCP_TX_NEW = 1;
/** driven by an HO packet (§4.3) */
export const DCP_TX_RETRANSMIT = 2;
/** part of the unaMSN-th message after a timeout (§4.5) */
export const DCP_TX_RESEND = 3;

/** onHo results. */
/** acknowledged message or superseded round: ignored */
export const DCP_HO_STALE = 0;
/** queued in the RetransQ for retransmission (§4.3) */
export const DCP_HO_QUEUED = 1;
/** its (MSN, PSN, round) already waits in the RetransQ: ignored */
export const DCP_HO_DUPLICATE = 2;

/** onTimer result when the coarse timeout fired. */
export const DCP_TIMEOUT = 1;

/** Outstanding messages per QP (§4.5, Table 3). */
export const DCP_MAX_MESSAGES = 8;
/** Largest message in packets: the receiver's 14-bit counter (§4.5). */
export const DCP_MAX_MESSAGE_PACKETS = 16383;

export interface DcpSenderParams {
  /** Payload bytes of a full packet (RDMA path MTU). The paper's footnote 10 uses 1 KB. */
  mtuBytes: number;
  /** Bytes one scheduling round may send, fetched retransmissions included (§4.3: round_quota = 16 KB). */
  roundQuotaBytes: number;
  /** Most retransmission entries fetched per round (§4.3: 16). */
  retransBatch: number;
  /** RetransQ entries per QP, a power of two (host memory, §4.3). */
  retransQueueDepth: number;
  /**
   * Coarse timeout on unaMSN (§4.5), measured from the last new-data or resend packet sent or
   * the last ACK that advanced unaMSN. The paper gives no value; 8 ms is the authors' simulator
   * default (DCP-Simulation scratch/alltoall.cc retran_timeout), an idle timer there too.
   */
  rtoNs: number;
  /**
   * Consecutive timeouts of one message before the QP is in error (IB retry_cnt is at most 7);
   * at most 63, the largest sRetryNo the BTH's 6-bit Resv6a carries (wire.ts).
   */
  maxRetries: number;
}

export const DCP_SENDER_DEFAULTS: Readonly<DcpSenderParams> = Object.freeze({
  mtuBytes: 1024,
  roundQuotaBytes: 16384,
  retransBatch: 16,
  retransQueueDepth: 128,
  rtoNs: 8_000_000,
  maxRetries: 7,
});

export class DcpSender extends FlowTable<ReturnType<typeof senderLayout>> {
  /** Bytes per QP with the default parameters: 188 B of QP context + 4 B per RetransQ entry (128). */
  static readonly bytesPerFlow = flowBytes(senderLayout(DCP_SENDER_DEFAULTS.retransQueueDepth));
  static readonly api: HandlerSignatures = {
    open: ["slot", "startPsn"],
    close: ["slot"],
    post: ["slot", "lengthBytes", "op"],
    messageInfo: ["slot", "msn"],
    onSchedule: ["slot", "nowNs", "awinBytes"],
    onScheduleRecovery: ["slot", "nowNs"],
    nextPacket: ["slot", "nowNs"],
    onHo: ["slot", "nowNs", "msn", "psn", "retryNo"],
    onAck: ["slot", "nowNs", "emsn"],
    onTimer: ["slot", "nowNs"],
  };
  /** Fields of `out`: the first seven written by nextPacket for the packet it chose, the last three by messageInfo. */
  static readonly outFields = ["kind", "msn", "psn", "offsetBytes", "lengthBytes", "retryNo", "last", "msgBytes", "op", "ssn"] as const;

  readonly params: Readonly<DcpSenderParams>;
  /** This table's bytes per QP (depends on retransQueueDepth). */
  readonly bytesPerSlot: number;
  /** The last transmit decision, indexed as outFields. */
  readonly out: Int32Array = offHeap(Int32Array, 10);

  private readonly una = this.col.una;
  private readonly postMsn = this.col.postMsn;
  private readonly postPsn = this.col.postPsn;
  private readonly curMsn = this.col.curMsn;
  private readonly curOff = this.col.curOff;
  private readonly nextPsnCol = this.col.nextPsn;
  private readonly timerStart = this.col.timerStart;
  private readonly rsOff = this.col.rsOff;
  private readonly quota = this.col.quota;
  private readonly retry = this.col.retry;
  private readonly flags = this.col.flags;
  private readonly batch = this.col.batch;
  private readonly rqHead = this.col.rqHead;
  private readonly rqLen = this.col.rqLen;
  private readonly msgPsn = this.col.msgPsn;
  private readonly msgLen = this.col.msgLen;
  private readonly msgEnd = this.col.msgEnd;
  private readonly msgs = messageColumns(this.col);
  private readonly retx = this.col.retx;
  private readonly resent = this.col.resent;
  private readonly timeoutCount = this.col.timeouts;
  private readonly rq = this.col.rq;

  private readonly mtu: number;
  private readonly roundQuota: number;
  private readonly batchMax: number;
  private readonly rqDepth: number;
  private readonly rqMask: number;
  private readonly rto: number;
  private readonly maxRetries: number;
  /** The largest message post() takes: 16,383 full packets, the receiver's 14-bit counter (§4.5). */
  readonly maxMessageBytes: number;

  /**
   * @throws RangeError for an unknown parameter, a value out of range, a bad capacity, or capacity ×
   *   retransQueueDepth above 2^28.
   */
  constructor(params: Partial<DcpSenderParams> = {}, capacity = 1) {
    const p = resolveParams("DcpSender", DCP_SENDER_DEFAULTS, params, (q) => ({
      mtuBytes: rule.int(64, DCP_MAX_PAYLOAD_BYTES),
      roundQuotaBytes: rule.int(1, K.MaxBytes),
      retransBatch: rule.int(1, 255),
      retransQueueDepth: rule.must(isIntIn(q.retransQueueDepth, 1, 32768) && isPowerOfTwo(q.retransQueueDepth), "a power of two in [1, 32768]"),
      rtoNs: rule.int(1, 2 ** 30),
      maxRetries: rule.int(0, DCP_MAX_RETRY_NO),
    }));
    // The RetransQ is a column of capacity × depth entries, allocated by super: bounded first, so
    // that an oversized table is refused naming its parameters instead of with the engine's
    // "Invalid typed array length" or "Array buffer allocation failed" (review fw2). 2^28 entries
    // (1 GiB) is RudSender's bound on its per-PSN send records.
    checkCapacity(capacity);
    needParam("DcpSender", capacity * p.retransQueueDepth <= 2 ** 28, `capacity × retransQueueDepth must be at most 2^28, got ${capacity} × ${p.retransQueueDepth}`);
    const layout = senderLayout(p.retransQueueDepth);
    super(layout, capacity);
    // A round whose quota holds no full packet never sends a full one: resends and new data wait
    // for a quota that holds them (review: a QP stalled with nothing sent and no timer armed).
    needParam("DcpSender", p.roundQuotaBytes >= p.mtuBytes, "roundQuotaBytes must be at least mtuBytes");
    this.params = Object.freeze(p);
    this.bytesPerSlot = flowBytes(layout);
    this.mtu = p.mtuBytes;
    this.roundQuota = p.roundQuotaBytes;
    this.batchMax = p.retransBatch;
    this.rqDepth = p.retransQueueDepth;
    this.rqMask = p.retransQueueDepth - 1;
    this.rto = p.rtoNs;
    this.maxRetries = p.maxRetries;
    this.maxMessageBytes = K.MaxMessagePackets * p.mtuBytes;
  }

  /** Opens a QP whose first packet will carry `startPsn`; MSNs and SSNs start at 0. */
  open(slot: number, startPsn = 0): void {
    if (!isPsn24(startPsn)) {
      this.errors++;
      throw new RangeError(`DcpSender: startPsn ${startPsn} is not a 24-bit PSN`);
    }
    this.openSlot(slot);
    this.postPsn[slot] = startPsn;
    this.nextPsnCol[slot] = startPsn;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * Posts a message (a WQE) of `lengthBytes` (0 is a one-packet message) and kind `op`
   * (DCP_OP_*). Assigns its MSN and PSNs (one per MTU of payload). Returns the MSN, E_FULL
   * when 8 messages are already outstanding, or E_ARG.
   */
  post(slot: number, lengthBytes: number, op: number): number {
    if (!(this.live[slot] === 1 && (lengthBytes | 0) === lengthBytes && lengthBytes >= 0 && lengthBytes <= this.maxMessageBytes)) {
      return this.reject(slot);
    }
    const msn = postMessage(this.msgs, slot, this.una[slot], lengthBytes, op, this.mtu);
    return msn < 0 ? this.fail(msn) : msn;
  }

  /**
   * Writes the constants of outstanding message `msn` into out.msgBytes, out.op and out.ssn
   * (nextPacket writes only the per-packet fields, which keeps it small enough to inline).
   * Returns 0, E_STATE for an MSN that is not outstanding, or E_SLOT / E_ARG.
   */
  messageInfo(slot: number, msn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(msn))) return this.reject(slot);
    const r = writeMessageInfo(this.msgs, slot, this.una[slot], msn, this.out);
    return r < 0 ? this.fail(r) : r;
  }

  /**
   * The QP scheduler picked this QP (§4.3 Tx path, steps ①–②): allow q = min(round_quota,
   * awinBytes) bytes of payload and fetch min(retransBatch, RetransQ length, ⌊q / MTU⌋ − k)
   * retransmission entries (none when that is below 1), where k = 1 while a timed-out message's
   * resend is pending and 0 otherwise: the batch leaves one whole MTU of the quota to the
   * resend, whatever the resend packet's length (⌊q / MTU⌋ is both §4.3's awin/MTU and, at 1 KB,
   * fn. 10's 16 entries to a 16 KB round_quota). The retransmissions sent spend the quota first
   * (an entry found stale when fetched spends none), then resends and new data. A round that
   * fetches no entry while the RetransQ holds some sends no new data (§4.3: new data follows
   * the fetched retransmissions; it must not overtake a queued one), once the head's entries of
   * acknowledged messages are dropped.
   * Returns the number of entries fetched, E_STATE for a QP in error (after E_OVERFLOW), or
   * E_SLOT / E_ARG. A round still in progress is replaced.
   */
  onSchedule(slot: number, nowNs: number, awinBytes: number): number {
    if (!(this.live[slot] === 1 && (awinBytes | 0) === awinBytes && awinBytes >= 0 && awinBytes <= K.MaxBytes && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    if ((this.flags[slot] & F.Failed) !== 0) return this.fail(E_STATE);
    let r = Math.floor(awinBytes / this.mtu); // §4.3: min(16, len, awin/MTU)
    if (r > this.batchMax) r = this.batchMax;
    const len = this.rqLen[slot];
    if (r > len) r = len;
    // §4.3: the round fetches at most min(round_quota, awin) bytes of payload, the fetched
    // retransmissions first (fn. 10 sizes their batch as one round_quota; each one sent spends
    // its bytes), new data only "if there is an available sending quota" after them.
    const quota = awinBytes < this.roundQuota ? awinBytes : this.roundQuota;
    // Within the round's quota too (at 4 KB a batch of 16 sent 64 KB in a 16 KB round: review),
    // leaving one packet of it to a timed-out message's resend. §4.5 makes the timeout the
    // fallback that ensures reliability; with retransmissions taking every round, HOs of later
    // messages that bounce again (a strict receiver's packets past its bitmap, which waits for
    // the lost unaMSN-th message) starved the resend for good (review).
    const fit = Math.floor(quota / this.mtu) - ((this.flags[slot] & F.Resend) !== 0 ? 1 : 0);
    if (r > fit) r = Math.max(0, fit);
    this.batch[slot] = r;
    // §4.3: "After processing all fetched retransmission entries, the RNIC begins transmitting
    // normal data packets": with entries queued and none fetched (awin below one MTU, or the
    // packet kept for the resend), a short new packet fitting the quota would overtake them.
    // Entries of acknowledged messages hold nothing back: left at the head, with nothing
    // unacknowledged (so no timer) and awin below one MTU, they held new data for good (audit,
    // 2026-12-07: after a spurious timeout).
    const flags = this.flags[slot] & ~(F.Batch | F.Hold);
    this.flags[slot] = r !== 0 ? flags | F.Batch : len !== 0 && this.dropStaleHead(slot) !== 0 ? flags | F.Hold : flags;
    this.quota[slot] = quota;
    return r;
  }

  /**
   * The QP scheduler picked this QP while its window CC leaves less than one full packet
   * (README "DCP + a window CC"), whether or not the window is overrun: a round of one recovery
   * packet of the unaMSN-th message, which may go past the window. It holds, in this order, the
   * next packet of a pending timeout resend; else the oldest RetransQ entry of that message
   * (moved to the head, the entries of acknowledged messages before it dropped, the others kept
   * in order); else, while its new data is begun and unfinished, its next new-data packet. Never
   * a packet of a later message. Returns 1 when it holds one (nextPacket yields it), 0 when
   * none waits (the round sends nothing), E_STATE for a QP in error (after E_OVERFLOW), or
   * E_SLOT / E_ARG. A round in progress is replaced. Its quota is one MTU for a resend, a
   * retransmission or an empty round (which then send no new data, a later message's neither,
   * whatever quota is left), and that packet's own length for new data.
   */
  onScheduleRecovery(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const flags0 = this.flags[slot];
    if ((flags0 & F.Failed) !== 0) return this.fail(E_STATE);
    // The window cannot reopen before the unaMSN-th message completes (§4.5: the ACK names
    // whole messages, so bytes of later messages the receiver holds stay in the CC's flight).
    // Whatever of that message waits behind the window — a resend, an HO retransmission, or
    // its unsent rest — waited until the RTO (review rev-dcp: a 6:1 NSCC incast 24.2 ms and 11
    // timeouts with no loss past trims; DCTCP's 10-packet initial window under 16-packet
    // messages 48.2 ms, 36 timeouts, nothing lost). DCP aims to be free of RTO (abstract,
    // §2.2; §4.5 keeps it for HO loss and link failure). Later messages wait for the window:
    // one packet a round lets the CC still pace them and bound this (§4.3 challenge #2).
    const flags = (flags0 & ~(F.Batch | F.Hold)) | F.Hold;
    this.batch[slot] = 0;
    this.quota[slot] = this.mtu;
    // The resend first, as any round that keeps its packet for it (onSchedule); a timeout
    // purged the message's entries and moved the new-data cursor past it.
    if ((flags & F.Resend) !== 0) {
      this.flags[slot] = flags;
      return 1;
    }
    if (this.rqLen[slot] !== 0 && this.unaEntryToHead(slot) !== 0) {
      this.batch[slot] = 1;
      this.flags[slot] = flags | F.Batch;
      return 1;
    }
    const una = this.una[slot];
    const off = this.curOff[slot];
    if (this.curMsn[slot] === una && off !== 0) {
      // Its next new-data packet and nothing more: the quota is that packet's length, so a
      // short one leaves no room for the next message's first (nextPacket stops at quota 0).
      const left = this.msgLen[(slot << K.MsgShift) + (una & 7)] - off;
      this.quota[slot] = left < this.mtu ? left : this.mtu;
      this.flags[slot] = flags & ~F.Hold;
      return 1;
    }
    this.flags[slot] = flags;
    return 0;
  }

  /**
   * The next packet of the current round, written to `out`: first the fetched HO
   * retransmissions, then the resend of a timed-out unaMSN-th message, then new data (none in a
   * round that fetched no entry while the RetransQ held some), the last two while the round's
   * quota holds the packet. Resends and new data of the unaMSN-th message restart the timer.
   * Returns DCP_TX_* (DCP_TX_NONE: nothing the round allows waits now, and always for a QP in
   * error) or E_SLOT / E_ARG. DCP_TX_NONE does not end the round: the quota left stays until the next
   * onSchedule or onScheduleRecovery, so a later call may still spend it (on data posted
   * since, or on a resend an onTimer queued since).
   */
  nextPacket(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const flags = this.flags[slot];
    if ((flags & F.Pending) !== 0) {
      // Retransmissions and resends need sent, unacknowledged data, so the timer already runs.
      if ((flags & F.Batch) !== 0 && this.popRetransmission(slot) !== 0) return DCP_TX_RETRANSMIT;
      if ((this.flags[slot] & F.Held) !== 0) return this.resendNext(slot, nowNs);
    }
    const cur = this.curMsn[slot];
    if (cur === this.postMsn[slot]) return DCP_TX_NONE;
    const off = this.curOff[slot];
    const left = this.msgLen[(slot << K.MsgShift) + (cur & 7)] - off;
    const mtu = this.mtu;
    const len = left < mtu ? left : mtu;
    const quota = this.quota[slot];
    if (quota < len || quota <= 0) return DCP_TX_NONE;
    this.quota[slot] = quota - len;
    const psn = this.nextPsnCol[slot];
    const out = this.out;
    out[0] = DCP_TX_NEW;
    out[1] = cur;
    out[2] = psn;
    out[3] = off;
    out[4] = len;
    out[5] = 0; // only the unaMSN-th message is resent by the timer, never its new data
    this.nextPsnCol[slot] = (psn + 1) & K.U24;
    const last = left <= mtu ? 1 : 0;
    out[6] = last;
    this.curMsn[slot] = (cur + last) & K.U24;
    this.curOff[slot] = last !== 0 ? 0 : off + len;
    // An idle timer: DCP-Simulation's RdmaHw::GetNxtPacket cancels and reschedules the timeout
    // for every packet sent. Measured from the message's first packet instead, a message whose
    // transmission at the QP's rate takes longer than rtoNs timed out with nothing lost, and
    // its resend, as long, again, until E_OVERFLOW (review: 16,383 KB at 12.5 Gb/s). Only the
    // unaMSN-th message's packets restart it (§4.5: the timer is "associated with" unaMSN):
    // restarted by later messages, a loss whose HO was lost waited for up to 7 messages to go
    // (audit, 2026-12-07: 351 × rtoNs at one packet per 0.5 ms). Nothing unacknowledged means
    // cur = una, so an idle timer still starts.
    // (The Int32Array store takes nowNs mod 2^32 as `| 0` would.)
    if (cur === this.una[slot]) this.timerStart[slot] = nowNs;
    return DCP_TX_NEW;
  }

  /**
   * An HO packet bounced back by the receiver (§4.3 Rx path): its (MSN, PSN) becomes a
   * retransmission entry (the checks, in order: README "onHo checks in this order"). Returns
   * DCP_HO_QUEUED; DCP_HO_STALE (ignored) when the message is already acknowledged or the HO
   * belongs to a round a timeout superseded; DCP_HO_DUPLICATE
   * (ignored) when the same (MSN, PSN) of the same round still waits in the RetransQ (a
   * duplicated HO: queued twice, it would be retransmitted twice); E_STATE for an MSN
   * never sent, a PSN outside its message or not yet sent, an sRetryNo from the future, or a
   * QP in error (after E_OVERFLOW);
   * E_FULL when the RetransQ is full (the loss is then left to the timeout); E_ARG (among
   * others an sRetryNo above 63, which the 6-bit Resv6a cannot carry).
   */
  onHo(slot: number, nowNs: number, msn: number, psn: number, retryNo: number): number {
    if (
      !(this.live[slot] === 1 && isPsn24(msn) && isPsn24(psn) &&
        (retryNo & K.MaxRetryNo) === retryNo && nowNs - nowNs === 0)
    ) {
      return this.reject(slot);
    }
    if ((this.flags[slot] & F.Failed) !== 0) return this.fail(E_STATE);
    const una = this.una[slot];
    const d = psn24Diff(msn, una);
    if (d < 0) return DCP_HO_STALE;
    if (d >= psn24Diff(this.postMsn[slot], una)) return this.fail(E_STATE);
    const m = (slot << K.MsgShift) + (msn & 7);
    const k = psn24Diff(psn, this.msgPsn[m]);
    if (k < 0 || k >= psn24Diff(this.msgEnd[m], this.msgPsn[m]) || psn24Diff(psn, this.nextPsnCol[slot]) >= 0) return this.fail(E_STATE);
    const round = d === 0 ? this.retry[slot] : 0;
    if (retryNo < round) return DCP_HO_STALE;
    if (retryNo > round) return this.fail(E_STATE);
    const len = this.rqLen[slot];
    const entry = psn | ((msn & 255) << 24);
    if (len !== 0 && this.queued(slot, entry, len)) return DCP_HO_DUPLICATE;
    if (len >= this.rqDepth) return this.fail(E_FULL);
    this.rq[slot * this.rqDepth + ((this.rqHead[slot] + len) & this.rqMask)] = entry;
    this.rqLen[slot] = len + 1;
    return DCP_HO_QUEUED;
  }

  /**
   * An ACK carrying the receiver's eMSN (§4.5): messages before it are complete and freed; if
   * eMSN > unaMSN the timer restarts (or stops when nothing sent is outstanding), unaMSN := eMSN
   * and sRetryNo returns to 0. Returns the number of messages freed (0 for an old ACK), E_STATE
   * for an eMSN beyond the messages sent in full, or E_ARG. A QP in error (after E_OVERFLOW)
   * takes the ACK too (its messages freed), yet stays in error: its timer stays disarmed and it
   * sends nothing. (Refusing it here cost the NSCC + REPS + DCP pipeline 68 instructions a
   * packet: V8 no longer inlined onAck.)
   */
  onAck(slot: number, nowNs: number, emsn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(emsn) && nowNs - nowNs === 0)) return this.reject(slot);
    const una = this.una[slot];
    const d = psn24Diff(emsn, una);
    if (d <= 0) return 0;
    if (d > psn24Diff(this.curMsn[slot], una)) return this.fail(E_STATE);
    this.una[slot] = emsn;
    this.retry[slot] = 0;
    this.flags[slot] &= ~F.Resend;
    // Something sent is still unacknowledged: the timer restarts (it stops otherwise).
    if (this.curMsn[slot] !== emsn || this.curOff[slot] > 0) this.timerStart[slot] = nowNs | 0;
    return d;
  }

  /**
   * Checks the coarse timer (§4.5). When it has run rtoNs: sRetryNo += 1, the RetransQ entries
   * of the unaMSN-th message are purged, the whole message is queued for resending from its
   * first packet (new data of it not yet sent is covered by the resend), and the timer
   * restarts, and again with each resend packet. Every expiry is a timeout, the previous
   * resend begun or not. Returns DCP_TIMEOUT, 0 when the timer is stopped or has not expired,
   * E_OVERFLOW when the message has already timed out maxRetries times: the QP is in error
   * and the timer disarmed (timerArmed false; every later call returns E_OVERFLOW and changes
   * nothing, and onSchedule, onScheduleRecovery and onHo return E_STATE and nextPacket
   * DCP_TX_NONE) until close; or E_SLOT / E_ARG. The timer's age is read unsigned
   * (lib/core/ticks.ts), so nowNs must not lie before the tick it last (re)started: an earlier
   * one reads as about 2^32 ns old and expires (lib/reliability/README.md "Timer ticks").
   */
  onTimer(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const flags = this.flags[slot];
    if ((flags & F.Failed) !== 0) return this.fail(E_OVERFLOW);
    if (!this.running(slot) || ((nowNs - this.timerStart[slot]) >>> 0) < this.rto) return 0;
    // §4.5 counts timeouts, not resends: an expiry whose resend has not begun is one too. Until
    // 2026-12-05 it only restarted the timer, and a resend the window held back (the unaMSN-th
    // message waiting behind later ones in the flight) neither went nor reached E_OVERFLOW.
    const retry = this.retry[slot];
    if (retry >= this.maxRetries) {
      // Disarmed: left armed, its deadline in the past, a NIC that re-reads the deadline after
      // every call would call again at once, for good (review fw2). And it sends nothing (review
      // rev-dcp): the round in progress is dropped and its quota spent, so nextPacket finds
      // neither a pending packet nor room for new data, and no round refills it (onSchedule and
      // onScheduleRecovery refuse a QP in error). A test of F.Failed in nextPacket itself took its
      // bytecode past what V8 inlines into the caller's loop: 124 → 260 instructions per packet.
      this.flags[slot] = (flags & ~F.Pending) | F.Failed;
      this.batch[slot] = 0;
      this.quota[slot] = 0;
      return this.fail(E_OVERFLOW);
    }
    const una = this.una[slot];
    this.retry[slot] = retry + 1;
    this.timeoutCount[slot]++;
    this.purge(slot, una);
    this.rsOff[slot] = 0;
    this.flags[slot] |= F.Resend;
    if (this.curMsn[slot] === una) {
      const m = (slot << K.MsgShift) + (una & 7);
      this.curMsn[slot] = (una + 1) & K.U24;
      this.curOff[slot] = 0;
      this.nextPsnCol[slot] = this.msgEnd[m];
    }
    this.timerStart[slot] = nowNs | 0;
    return DCP_TIMEOUT;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /**
   * unaMSN (§4.5): the oldest message not yet acknowledged, the last eMSN an ACK advanced it to
   * (0 at open); every message before it is freed. 0 for a slot that is not open.
   */
  unaMsn(slot: number): number {
    return this.una[slot] | 0;
  }
  /** MSN the next posted message will get. */
  postedMsn(slot: number): number {
    return this.postMsn[slot] | 0;
  }
  /** Message the new-data cursor is in (equal to postedMsn when everything posted was sent). */
  sendMsn(slot: number): number {
    return this.curMsn[slot] | 0;
  }
  /** Payload bytes of message sendMsn already sent as new data (the new-data cursor's offset). */
  sendOffsetBytes(slot: number): number {
    return this.curOff[slot] | 0;
  }
  /** PSN of the next new-data packet. */
  nextPsn(slot: number): number {
    return this.nextPsnCol[slot] | 0;
  }
  /** sRetryNo of the unaMSN-th message. */
  retryNo(slot: number): number {
    return this.retry[slot] | 0;
  }
  /** Messages posted and not yet acknowledged: postedMsn − unaMsn (24-bit), 0 to 8. */
  outstandingMessages(slot: number): number {
    return psn24Diff(this.postMsn[slot], this.una[slot]);
  }
  /**
   * RetransQ entries waiting (§4.3), the current round's fetched batch included until nextPacket
   * takes them. An entry of a message acknowledged since counts until a round fetches and drops
   * it; a timeout purges the resent message's entries.
   */
  retransQueueLength(slot: number): number {
    return this.rqLen[slot] | 0;
  }
  /** Fetched retransmission entries the current round has not processed yet. */
  batchLeft(slot: number): number {
    return this.batch[slot] | 0;
  }
  /**
   * Payload bytes the current round may still send: onSchedule sets min(roundQuotaBytes,
   * awinBytes), onScheduleRecovery one MTU (its new-data packet's length), E_OVERFLOW 0; each
   * retransmission, resend and new-data packet spends its length, and nextPacket returns
   * DCP_TX_NONE when its next packet does not fit.
   */
  quotaBytes(slot: number): number {
    return this.quota[slot] | 0;
  }
  /**
   * True while something sent is unacknowledged and the QP is not in error (E_OVERFLOW disarms
   * it); false for a slot that is not open (lib/README.md "Readers").
   */
  timerArmed(slot: number): boolean {
    // The open flag first: outside the table curOff[slot] is undefined, which `running` takes
    // for a cursor past unaMSN's start. The fabric asks after every packet sent, so the guard
    // is one byte load, not isOpen's range and integer tests.
    return this.live[slot] === 1 && (this.flags[slot] & F.Failed) === 0 && this.running(slot);
  }
  /** Tick at which the timer expires (meaningful while timerArmed); 0 for a slot that is not open. */
  deadlineNs(slot: number): number {
    // A closed slot's cleared timerStart would read as a deadline rtoNs after tick 0.
    return this.live[slot] === 1 ? (this.timerStart[slot] + this.rto) | 0 : 0;
  }
  /** True while a timed-out message is being resent. */
  resending(slot: number): boolean {
    return (this.flags[slot] & F.Resend) !== 0;
  }
  /** Payload bytes of the unaMSN-th message resent so far in this timeout round (the next resend packet's offset); meaningful while resending. */
  resendOffsetBytes(slot: number): number {
    return this.rsOff[slot] | 0;
  }
  /** HO-driven retransmissions sent since open. */
  retransmissions(slot: number): number {
    return this.retx[slot] >>> 0;
  }
  /** Packets resent after timeouts since open. */
  resends(slot: number): number {
    return this.resent[slot] >>> 0;
  }
  /** Coarse-timer expiries that returned DCP_TIMEOUT since open (E_OVERFLOW is not counted). */
  timeouts(slot: number): number {
    return this.timeoutCount[slot] >>> 0;
  }

  // ---------------------------------------------------------------------------------------
  // Rare steps and helpers

  /**
   * Pops fetched entries until one is still needed and writes it to `out`; entries of
   * acknowledged messages are dropped. Returns 1 when a packet was written, 0 when the
   * fetched batch held none (the batch is then over).
   */
  private readonly popRetransmission = (slot: number): number => {
    const base = slot * this.rqDepth;
    const una = this.una[slot];
    const outstanding = psn24Diff(this.postMsn[slot], una);
    let head = this.rqHead[slot];
    let len = this.rqLen[slot];
    let batch = this.batch[slot];
    let found = 0;
    while (batch > 0 && len > 0) {
      const e = this.rq[base + head];
      head = (head + 1) & this.rqMask;
      len--;
      batch--;
      const d = ((e >>> 24) - una) & 255;
      if (d >= outstanding) continue;
      const msn = (una + d) & K.U24;
      const m = (slot << K.MsgShift) + (msn & 7);
      const psn = e & K.U24;
      const k = psn24Diff(psn, this.msgPsn[m]);
      const msgBytes = this.msgLen[m];
      if (k < 0 || k >= psn24Diff(this.msgEnd[m], this.msgPsn[m])) continue;
      this.writeRetransmission(slot, msn, psn, k * this.mtu, msgBytes - k * this.mtu, d === 0 ? this.retry[slot] : 0);
      found = 1;
      break;
    }
    this.rqHead[slot] = head;
    this.rqLen[slot] = len;
    const left = len > 0 ? batch : 0;
    this.batch[slot] = left;
    if (left === 0) this.flags[slot] &= ~F.Batch;
    return found;
  };

  /** `out` for a retransmission of `psn` at byte `off` of message `msn`, `left` bytes from its end. */
  private readonly writeRetransmission = (slot: number, msn: number, psn: number, off: number, left: number, retryNo: number): void => {
    const out = this.out;
    out[0] = DCP_TX_RETRANSMIT;
    out[1] = msn;
    out[2] = psn;
    out[3] = off;
    const len = left < this.mtu ? left : this.mtu;
    out[4] = len;
    out[5] = retryNo;
    out[6] = left <= this.mtu ? 1 : 0;
    this.retx[slot]++;
    // The batch fits the quota in whole packets (onSchedule).
    this.quota[slot] -= len;
  };

  /**
   * The next packet of the unaMSN-th message's resend, within the round's quota; each restarts
   * the timer (DCP-Simulation RdmaHw::GetNxtPacket; from the first, RFC 6298 §5.6). In a held
   * round, DCP_TX_NONE once no resend is pending.
   */
  private readonly resendNext = (slot: number, nowNs: number): number => {
    // A held round (onSchedule) with no resend pending, or past it: no new data.
    if ((this.flags[slot] & F.Resend) === 0) return DCP_TX_NONE;
    const una = this.una[slot];
    const m = (slot << K.MsgShift) + (una & 7);
    const off = this.rsOff[slot];
    const msgBytes = this.msgLen[m];
    const left = msgBytes - off;
    const len = left < this.mtu ? left : this.mtu;
    const quota = this.quota[slot];
    if (quota < len || quota <= 0) return DCP_TX_NONE;
    this.quota[slot] = quota - len;
    const out = this.out;
    out[0] = DCP_TX_RESEND;
    out[1] = una;
    out[2] = (this.msgPsn[m] + Math.floor(off / this.mtu)) & K.U24;
    out[3] = off;
    out[4] = len;
    out[5] = this.retry[slot];
    out[6] = left <= this.mtu ? 1 : 0;
    this.timerStart[slot] = nowNs | 0;
    if (left <= this.mtu) this.flags[slot] &= ~F.Resend;
    else this.rsOff[slot] = off + len;
    this.resent[slot]++;
    return DCP_TX_RESEND;
  };

  /** The timer runs: something sent is unacknowledged (see F). */
  private readonly running = (slot: number): boolean =>
    this.curMsn[slot] !== this.una[slot] || this.curOff[slot] !== 0;

  /**
   * Moves the oldest RetransQ entry of the unaMSN-th message to the head, dropping the entries of
   * acknowledged messages queued before it and keeping the others in order; 1 when there was
   * one, 0 (the queue untouched) otherwise. One scan bounded by the queue's length, in place:
   * the queue is FIFO across messages, so the head alone left that message's entries behind
   * later ones' until the RTO (review rev-dcp: 7 of NSCC's 11 timeouts stayed). Later messages'
   * entries keep their order, so §4.3's batches still fetch them oldest first.
   */
  private readonly unaEntryToHead = (slot: number): number => {
    const base = slot * this.rqDepth;
    const mask = this.rqMask;
    const head = this.rqHead[slot];
    const len = this.rqLen[slot];
    const una = this.una[slot];
    const key = una & 255;
    let i = 0;
    while (i < len && this.rq[base + ((head + i) & mask)] >>> 24 !== key) i++;
    if (i === len) return 0;
    const entry = this.rq[base + ((head + i) & mask)];
    const outstanding = psn24Diff(this.postMsn[slot], una);
    // Backwards from it, each kept entry one place on; `to` ends at the number dropped.
    let to = i;
    for (let j = i - 1; j >= 0; j--) {
      const e = this.rq[base + ((head + j) & mask)];
      if ((((e >>> 24) - una) & 255) >= outstanding) continue;
      this.rq[base + ((head + to) & mask)] = e;
      to--;
    }
    this.rq[base + ((head + to) & mask)] = entry;
    this.rqHead[slot] = (head + to) & mask;
    this.rqLen[slot] = len - to;
    return 1;
  };

  /**
   * Drops the RetransQ's head entries of acknowledged messages (as a fetch would, popRetransmission)
   * up to the first entry of an outstanding one; returns the length left.
   */
  private readonly dropStaleHead = (slot: number): number => {
    const base = slot * this.rqDepth;
    const una = this.una[slot];
    const outstanding = psn24Diff(this.postMsn[slot], una);
    let head = this.rqHead[slot];
    let len = this.rqLen[slot];
    while (len > 0 && (((this.rq[base + head] >>> 24) - una) & 255) >= outstanding) {
      head = (head + 1) & this.rqMask;
      len--;
    }
    this.rqHead[slot] = head;
    this.rqLen[slot] = len;
    return len;
  };

  /**
   * True when `entry` (PSN | MSN mod 256 << 24) is among the `len` entries in the RetransQ,
   * fetched or not, none yet retransmitted. The round is implied: a timeout purges the resent
   * message's entries and onHo queues only HOs of the message's current round, so every queued
   * entry of a live message belongs to its current round. (A stale entry of a message 256 or
   * more MSNs earlier aliases only 2^24 PSNs on: over 1,024 messages of 16,383 packets.)
   */
  private readonly queued = (slot: number, entry: number, len: number): boolean => {
    const base = slot * this.rqDepth;
    const head = this.rqHead[slot];
    const mask = this.rqMask;
    for (let i = 0; i < len; i++) {
      if (this.rq[base + ((head + i) & mask)] === entry) return true;
    }
    return false;
  };

  /**
   * Drops the RetransQ entries of message `msn`, keeping the others in order. The fetched batch
   * (the first `batch` entries) keeps only its own survivors: an entry behind it was not fetched
   * this round (§4.3) and must not take a purged one's place.
   */
  private readonly purge = (slot: number, msn: number): void => {
    const base = slot * this.rqDepth;
    const head = this.rqHead[slot];
    const len = this.rqLen[slot];
    const fetched = this.batch[slot];
    const key = msn & 255;
    let kept = 0;
    let batchKept = 0;
    for (let i = 0; i < len; i++) {
      const e = this.rq[base + ((head + i) & this.rqMask)];
      if (e >>> 24 === key) continue;
      if (i < fetched) batchKept++;
      this.rq[base + ((head + kept) & this.rqMask)] = e;
      kept++;
    }
    this.rqLen[slot] = kept;
    this.batch[slot] = batchKept;
    if (batchKept === 0) this.flags[slot] &= ~F.Batch;
  };
}
