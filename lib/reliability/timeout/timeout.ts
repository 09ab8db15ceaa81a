// Timeout-only loss recovery, as adaptive-routing NICs use it to avoid spurious retransmissions
// (the "Timeout" baseline of DCP §6.3 and Fig. 17: NVIDIA Spectrum-X's SuperNIC relies on
// timeouts for loss recovery under adaptive routing), as a sans-IO sender and receiver table of
// QPs with the DcpSender / DcpReceiver API shape.
//
// The receiver places every packet where it belongs (order-tolerant, like DCP §4.4; Spectrum AR
// supports RDMA Write only, whose packets carry their address) and acknowledges each one with the
// cumulative ePSN and the PSN that arrived. The sender records those selective ACKs but never
// infers a loss from them: reordering costs nothing, and a loss costs a timeout. When the timer
// (restarted by cumulative progress) expires, every packet between the cumulative ACK and the
// highest sent that has not been selectively acknowledged is resent, once, in PSN order.
//
// Choices written down (the product's internals are not public):
//   - a fixed RTO, no backoff, default as the IBA local ACK timeout 4.096 µs × 2^8;
//   - windowPackets caps the packets in flight (nextPsn − unaPsn, SACKed ones included); the SACK
//     scoreboard spans windowBits(windowPackets), windowPackets rounded up to a power of two, at
//     least 32;
//   - a retransmission pass started by a timeout runs to the highest PSN sent at that moment;
//   - after a timeout the timer runs from the pass's first retransmission (RFC 6298 §5.6), and
//     an expiry before that retransmission went is no retry (a paced NIC may hold it past the
//     RTO; counting those expiries would put the QP in error with nothing resent).
//
// The private helpers are arrow-function fields, so those that stay calls are compiled against this
// table as a constant (lib/README.md, "Helpers that stay calls"): the sender's nextPacket + onAck
// 641 → 565 instructions per packet (`npm run bench:instructions`, 2026-12-03).

import { E_OVERFLOW, E_STATE } from "../../core/errors";
import { bitSet, clearBits, countSet, firstClear } from "../../core/bitmap";
import { isPsn24, psn24Diff } from "../../core/psn";
import { resolveParams, rule } from "../../core/params";
import { type HandlerSignatures, flowBytes } from "../../core/table";
import { BitmapReceiver, MessageSender, receiverLayout, windowBits } from "../qp";

function senderLayout(words: number) {
  return {
    una: "i32",
    nxt: "i32",
    postPsn: "i32",
    postMsn: "i32",
    unaMsn: "i32",
    curMsn: "i32",
    curOff: "i32",
    ssnNext: "i32",
    passPsn: "i32", // retransmission pass cursor
    passEnd: "i32", // the pass stops here (exclusive)
    timerStart: "i32",
    quota: "i32",
    retry: "u8",
    flags: "u8",
    msgPsn: ["i32", 8],
    msgLen: ["i32", 8],
    msgEnd: ["i32", 8], // PSN after the message's last packet
    msgTag: ["i32", 8],
    retx: "u32",
    timeouts: "u32",
    sack: ["i32", words],
  } as const;
}

const enum F {
  Armed = 1,
  Pass = 2,
  ResendDue = 4, // a timeout's first retransmission has not gone yet
}

const enum K {
  U24 = 0xffffff,
  MaxBytes = 1073741824,
  PassOver = -1, // nextResend: the pass has nothing left
}

/** nextPacket results (also out.kind). */
export const TIMEOUT_TX_NONE = 0;
export const TIMEOUT_TX_NEW = 1;
export const TIMEOUT_TX_RETRANSMIT = 2;
/** onTimer: the timer expired (a retransmission pass from SND.UNA begins). */
export const TIMEOUT_FIRED = 1;

/** onData result bits (same values as DCP_RX_* for the same meaning). */
export const TIMEOUT_RX_PLACE = 1;
export const TIMEOUT_RX_ACK = 2;
export const TIMEOUT_RX_COMPLETE = 4;
export const TIMEOUT_RX_DUPLICATE = 8;

export interface TimeoutSenderParams {
  /**
   * Payload bytes of a full packet (RDMA path MTU), an integer in [64, 65535]: a message of n
   * bytes goes as ⌈n / mtuBytes⌉ packets (one for 0 bytes). Default 1024, as DcpSender's (the
   * DCP paper's 1 KB MTU).
   */
  mtuBytes: number;
  /**
   * Bytes one scheduling round may send, an integer in [1, 2^30] (DCP §4.3's round_quota, 16 KB,
   * the default): onSchedule sets the round's quota to min(roundQuotaBytes, awinBytes), and a
   * packet longer than what is left waits for the next round (lib/reliability/README.md "Rounds").
   */
  roundQuotaBytes: number;
  /**
   * Packets in flight that new data may not exceed, nextPsn − unaPsn (SACKed ones included), an
   * integer in [1, 2^20]; the SACK scoreboard spans windowBits(windowPackets) PSNs (the next power
   * of two, at least 32). Default 128.
   */
  windowPackets: number;
  /**
   * Retransmission timeout, ns, an integer in [1, 2^30], fixed (no backoff): the timer restarts on
   * cumulative progress and with a pass's first retransmission (RFC 6298 §5.6). Default 1,048,576:
   * the IBA local ACK timeout 4.096 µs × 2^8 (head of timeout.ts).
   */
  rtoNs: number;
  /**
   * Timeouts in a row without cumulative progress that the QP takes, an integer in [0, 255]; the
   * next one makes onTimer return E_OVERFLOW (the QP is in error; nothing changes). Default 7, IB
   * retry_cnt's largest value, as DcpSender's.
   */
  maxRetries: number;
}

export interface TimeoutReceiverParams {
  /**
   * Receive window, packets, an integer in [1, 2^20]: each QP's bitmaps span
   * windowBits(windowPackets) PSNs (the next power of two, at least 32), and a packet that many
   * PSNs or more past ePSN is dropped (E_STATE). Default 128, the sender's default windowPackets.
   */
  windowPackets: number;
}

export const TIMEOUT_SENDER_DEFAULTS: Readonly<TimeoutSenderParams> = Object.freeze({
  mtuBytes: 1024,
  roundQuotaBytes: 16384,
  windowPackets: 128,
  rtoNs: 1_048_576,
  maxRetries: 7,
});

export const TIMEOUT_RECEIVER_DEFAULTS: Readonly<TimeoutReceiverParams> = Object.freeze({ windowPackets: 128 });

export class TimeoutSender extends MessageSender<ReturnType<typeof senderLayout>> {
  static readonly bytesPerFlow = flowBytes(senderLayout(windowBits(TIMEOUT_SENDER_DEFAULTS.windowPackets) >>> 5));
  static readonly api: HandlerSignatures = {
    open: ["slot", "startPsn"],
    close: ["slot"],
    post: ["slot", "lengthBytes", "op"],
    messageInfo: ["slot", "msn"],
    onSchedule: ["slot", "nowNs", "awinBytes"],
    nextPacket: ["slot", "nowNs"],
    onAck: ["slot", "nowNs", "cumPsn", "sackPsn"],
    onTimer: ["slot", "nowNs"],
  };

  readonly params: Readonly<TimeoutSenderParams>;
  readonly bytesPerSlot: number;

  private readonly passPsn = this.col.passPsn;
  private readonly passEnd = this.col.passEnd;
  private readonly timerStart = this.col.timerStart;
  private readonly flags = this.col.flags;
  private readonly sack = this.col.sack;
  private readonly window: number;
  private readonly rto: number;
  private readonly maxRetries: number;
  private readonly words: number;
  private readonly mask: number;

  constructor(params: Partial<TimeoutSenderParams> = {}, capacity = 1) {
    const p = resolveParams("TimeoutSender", TIMEOUT_SENDER_DEFAULTS, params, {
      mtuBytes: rule.int(64, 65535),
      roundQuotaBytes: rule.int(1, K.MaxBytes),
      windowPackets: rule.int(1, 1 << 20),
      rtoNs: rule.int(1, 2 ** 30),
      maxRetries: rule.int(0, 255),
    });
    const bits = windowBits(p.windowPackets);
    const layout = senderLayout(bits >>> 5);
    super("TimeoutSender", layout, capacity, p.mtuBytes, p.roundQuotaBytes);
    this.params = Object.freeze(p);
    this.bytesPerSlot = flowBytes(layout);
    this.window = p.windowPackets;
    this.rto = p.rtoNs;
    this.maxRetries = p.maxRetries;
    this.words = bits >>> 5;
    this.mask = bits - 1;
  }

  /**
   * Opens a QP whose first packet will carry `startPsn`; MSNs and SSNs start at 0.
   * @throws RangeError for a slot outside the table or a startPsn that is not a 24-bit PSN.
   */
  open(slot: number, startPsn = 0): void {
    this.openQp(slot, startPsn);
  }

  /** The next packet of a timeout's retransmission pass, else new data within the window. */
  nextPacket(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    return this.transmit(slot, nowNs);
  }

  /** nextPacket after validation (split so that each half stays under V8's 460-byte inlining limit). */
  private readonly transmit = (slot: number, nowNs: number): number => {
    if ((this.flags[slot] & F.Pass) !== 0) {
      const r = this.nextResend(slot, nowNs);
      if (r !== K.PassOver) return r; // a resend, or one the quota cannot carry yet: new data waits
    }
    const psn = this.nxt[slot];
    if (psn === this.postPsn[slot] || psn24Diff(psn, this.una[slot]) >= this.window) return TIMEOUT_TX_NONE;
    if (!this.writeFromCursor(slot, psn, TIMEOUT_TX_NEW, true)) return TIMEOUT_TX_NONE;
    if ((this.flags[slot] & F.Armed) === 0) {
      this.timerStart[slot] = nowNs | 0;
      this.flags[slot] |= F.Armed;
    }
    return TIMEOUT_TX_NEW;
  };

  /**
   * An ACK: cumulative `cumPsn` and the PSN that arrived, `sackPsn` (recorded when above SND.UNA
   * after the ACK, whether or not `cumPsn` advanced; never acted on; a SACK recorded before stays
   * when SND.UNA reaches it). Only cumulative progress restarts the timer. Returns the messages
   * freed, E_STATE for a cumPsn beyond nextPsn or a sackPsn at or beyond it, or E_SLOT / E_ARG.
   */
  onAck(slot: number, nowNs: number, cumPsn: number, sackPsn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(cumPsn) && isPsn24(sackPsn) && nowNs - nowNs === 0)) return this.reject(slot);
    const nxt = this.nxt[slot];
    if (psn24Diff(cumPsn, nxt) > 0 || psn24Diff(sackPsn, nxt) >= 0) return this.fail(E_STATE);
    const d = psn24Diff(cumPsn, this.una[slot]);
    const freed = d > 0 ? this.advance(slot, nowNs, cumPsn, d) : 0;
    if (psn24Diff(sackPsn, this.una[slot]) > 0) bitSet(this.sack, slot * this.words, sackPsn & this.mask);
    return freed;
  }

  /**
   * The timer: on expiry a retransmission pass over every unacknowledged, unSACKed packet up to
   * the highest sent begins; the timer restarts at `nowNs` and again with the pass's first
   * retransmission (RFC 6298 §5.6). An expiry before that retransmission has gone is not a retry:
   * it returns 0 and only restarts the timer at `nowNs`.
   * Returns TIMEOUT_FIRED, 0, E_OVERFLOW (QP in error, nothing changes) or E_SLOT / E_ARG.
   */
  onTimer(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const flags = this.flags[slot];
    if ((flags & F.Armed) === 0 || ((nowNs - this.timerStart[slot]) >>> 0) < this.rto) return 0;
    if ((flags & F.ResendDue) !== 0) {
      this.timerStart[slot] = nowNs | 0;
      return 0;
    }
    const retry = this.retry[slot];
    if (retry >= this.maxRetries) return this.fail(E_OVERFLOW);
    this.retry[slot] = retry + 1;
    this.timeoutCount[slot]++;
    this.flags[slot] = flags | F.Pass | F.ResendDue;
    this.passPsn[slot] = this.una[slot];
    this.passEnd[slot] = this.nxt[slot];
    this.timerStart[slot] = nowNs | 0;
    return TIMEOUT_FIRED;
  }

  /**
   * Packets sent and not cumulatively acknowledged, nextPsn − unaPsn (SACKed ones included): new
   * data waits while it is at windowPackets. 0 for a slot that is not open.
   */
  inflightPackets(slot: number): number {
    return psn24Diff(this.nxt[slot], this.una[slot]);
  }
  /** Selectively acknowledged packets at or above unaPsn (SND.UNA, the first PSN not acknowledged). */
  sackedPackets(slot: number): number {
    const n = psn24Diff(this.nxt[slot], this.una[slot]);
    return countSet(this.sack, slot * this.words, this.mask, this.una[slot] & this.mask, n);
  }
  /**
   * True from a timeout until its pass has nothing left: the first nextPacket after the last
   * resend finds that (the pass ends lazily, so this still reads true right after that resend),
   * or ACKs covering everything sent end it.
   */
  retransmitting(slot: number): boolean {
    return (this.flags[slot] & F.Pass) !== 0;
  }
  /**
   * The retransmission timer runs: started by a new packet sent while it is stopped, stopped when the
   * cumulative ACK reaches nextPsn; expiries and E_OVERFLOW leave it running. False if not open.
   */
  timerArmed(slot: number): boolean {
    return (this.flags[slot] & F.Armed) !== 0;
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


  /** The next packet of the pass (written to `out`), TIMEOUT_TX_NONE when the quota cannot carry it, or K.PassOver. */
  private readonly nextResend = (slot: number, nowNs: number): number => {
    const una = this.una[slot];
    let from = this.passPsn[slot];
    if (psn24Diff(from, una) < 0) from = una;
    const n = psn24Diff(this.passEnd[slot], from);
    const k = n > 0 ? firstClear(this.sack, slot * this.words, this.mask, from & this.mask, n) : 0;
    if (n <= 0 || k === n) {
      this.flags[slot] &= ~(F.Pass | F.ResendDue);
      return K.PassOver;
    }
    const psn = (from + k) & K.U24;
    if (!this.writeSent(slot, psn, TIMEOUT_TX_RETRANSMIT, true)) return TIMEOUT_TX_NONE;
    this.passPsn[slot] = (psn + 1) & K.U24;
    this.retx[slot]++;
    const flags = this.flags[slot];
    if ((flags & F.ResendDue) !== 0) {
      this.flags[slot] = flags & ~F.ResendDue;
      this.timerStart[slot] = nowNs | 0;
    }
    return TIMEOUT_TX_RETRANSMIT;
  };

  private readonly advance = (slot: number, nowNs: number, cumPsn: number, d: number): number => {
    clearBits(this.sack, slot * this.words, this.mask, this.una[slot] & this.mask, d);
    this.una[slot] = cumPsn;
    this.retry[slot] = 0;
    const freed = this.freeMessages(slot, cumPsn);
    if (cumPsn !== this.nxt[slot]) {
      this.timerStart[slot] = nowNs | 0;
      this.flags[slot] |= F.Armed;
    } else {
      this.flags[slot] &= ~(F.Armed | F.Pass | F.ResendDue);
    }
    return freed;
  };
}

export class TimeoutReceiver extends BitmapReceiver {
  static readonly bytesPerFlow = flowBytes(receiverLayout(windowBits(TIMEOUT_RECEIVER_DEFAULTS.windowPackets) >>> 5));
  static readonly outFields = ["cumPsn", "sackPsn", "completed", "msn"] as const;

  readonly params: Readonly<TimeoutReceiverParams>;

  constructor(params: Partial<TimeoutReceiverParams> = {}, capacity = 1) {
    const p = resolveParams("TimeoutReceiver", TIMEOUT_RECEIVER_DEFAULTS, params, { windowPackets: rule.int(1, 1 << 20) });
    super("TimeoutReceiver", capacity, p.windowPackets, 2); // cumPsn, sackPsn, completed, msn
    this.params = Object.freeze(p);
  }

  /**
   * A data packet (`last`: it ends its message): placed unless already received, and ACKed
   * with the cumulative ePSN and this PSN either way. Beyond the window: E_STATE (dropped).
   */
  onData(slot: number, nowNs: number, psn: number, last: boolean): number {
    if (!(this.live[slot] === 1 && isPsn24(psn) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.receive(slot, psn, last, TIMEOUT_RX_PLACE | TIMEOUT_RX_ACK);
  }
}
