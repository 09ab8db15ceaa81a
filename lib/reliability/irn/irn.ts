// IRN (Mittal et al., "Revisiting network support for RDMA", SIGCOMM 2018): selective repeat in
// the RNIC (RNIC-SR), as a sans-IO sender and receiver table of QPs with the DcpSender /
// DcpReceiver API shape; the lossy-RDMA baseline of DCP.
//
// Read first: DCP §2.2 (Issue #1: a NACK per out-of-order arrival sends IRN into loss recovery
// and spurious retransmissions under packet spraying; Issue #2: a lost tail or retransmission
// needs an RTO; recovery entered once and left when the cumulative ACK passes the recovery
// point), §6.2 ("IRN only employs a BDP-based flow control"); notes/baselines.md §5 (receiver
// NACK = cumulative ACK + the triggering PSN; sender SACK bitmap; a packet is lost when below
// the highest SACKed PSN and neither ACKed nor SACKed; lost packets before new ones; RTO_low
// with ≤ N = 3 packets in flight, RTO_high otherwise, 100 µs / 320 µs; a timeout enters recovery
// and resends from the first unacknowledged packet, skipping SACKed ones; BDP-FC caps the packets
// in flight at the BDP, retransmissions exempt).
//
// Choices written down:
//   - "In flight" for BDP-FC and the RTO choice is next new PSN − cumulative ACK (SACKed packets
//     still count, as notes §5 says).
//   - Each lost packet is retransmitted once per recovery episode (a cursor walks forward); a
//     lost retransmission waits for the RTO (DCP §2.2, §6.3).
//   - The timer restarts when the cumulative ACK advances and stops when nothing is in flight.
//   - After a timeout the timer runs from the first retransmission (RFC 6298 §5.6: it restarts
//     once SND.UNA is resent), and an expiry before that retransmission went is no retry: a paced
//     NIC holds the resend past RTO_low, and counting those expiries would put the QP in error
//     with nothing resent.
//   - The receiver's bitmap spans bdpPackets rounded up to a power of two; a packet beyond it is
//     refused (E_STATE) and dropped, which a BDP-capped sender never causes.
//
// The private helpers are arrow-function fields, so those that stay calls are compiled against this
// table as a constant (lib/README.md, "Helpers that stay calls"): the sender's nextPacket + onAck
// 630 → 524 instructions per packet (`npm run bench:instructions`, 2026-12-03).

import { E_OVERFLOW, E_STATE } from "../../core/errors";
import { bitSet, clearBits, firstClear } from "../../core/bitmap";
import { isPsn24, psn24Diff } from "../../core/psn";
import { resolveParams, rule } from "../../core/params";
import { type HandlerSignatures, flowBytes } from "../../core/table";
import { BitmapReceiver, MessageSender, receiverLayout, windowBits } from "../qp";

function senderLayout(words: number) {
  return {
    una: "i32", // cumulative ACK: first PSN not yet ACKed
    nxt: "i32", // next new PSN
    postPsn: "i32",
    postMsn: "i32",
    unaMsn: "i32",
    curMsn: "i32", // new-data cursor
    curOff: "i32",
    ssnNext: "i32",
    recoveryPsn: "i32", // highest PSN sent when recovery began
    retxPsn: "i32", // recovery cursor: next PSN to consider for retransmission
    highSack: "i32", // one past the highest SACKed PSN
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
    sack: ["i32", words], // SACK scoreboard, ring over PSN mod window
  } as const;
}

const enum F {
  Armed = 1,
  Recovery = 2,
  TimeoutRecovery = 4,
  ResendDue = 8, // a timeout's first retransmission has not gone yet
}

const enum K {
  U24 = 0xffffff,
  MaxBytes = 1073741824,
  NoneLost = -1, // nextLost: no lost packet is left
}

/** nextPacket results (also out.kind). */
export const IRN_TX_NONE = 0;
export const IRN_TX_NEW = 1;
export const IRN_TX_RETRANSMIT = 2;
/** onTimer: the RTO expired (a timeout episode begins). */
export const IRN_TIMEOUT = 1;

/** onData result bits (same values as DCP_RX_* for the same meaning). */
export const IRN_RX_PLACE = 1;
export const IRN_RX_ACK = 2;
export const IRN_RX_COMPLETE = 4;
export const IRN_RX_DUPLICATE = 8;
/** out of order: NACK with out.cumPsn and out.sackPsn */
export const IRN_RX_NACK = 128;

export interface IrnSenderParams {
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
   * BDP-FC: packets in flight at most, nextPsn − unaPsn with SACKed ones counted (IRN §3.2;
   * notes/baselines.md §5: the longest path's BDP, ≈ 110–120 MTUs in the IRN paper's 40 Gb/s
   * setup). Default 128, a round figure for a standalone sender, not a network's BDP; the fabric
   * sets it to its own BDP in whole packets (harness/net/registry.ts).
   */
  bdpPackets: number;
  /** RTO with few packets in flight (IRN: 100 µs). */
  rtoLowNs: number;
  /** RTO otherwise (IRN: 320 µs). */
  rtoHighNs: number;
  /** "Few" is at most this many packets in flight (IRN: N = 3). */
  rtoLowPackets: number;
  /**
   * Timeouts in a row without cumulative progress that the QP takes; the next expiry makes onTimer
   * return E_OVERFLOW (the QP is in error; nothing changes). Any advance of the cumulative ACK
   * (onAck, or onNack's cumulative part) resets the count; an expiry before the last timeout's
   * first resend went is not counted. IRN sets no limit, so the default is the one-byte count's
   * largest, 255: with no backoff, 255 × RTO_high = 81.6 ms without progress.
   */
  maxRetries: number;
}

export interface IrnReceiverParams {
  /** Reordering the receiver can hold, in packets (the BDP). */
  bdpPackets: number;
}

export const IRN_SENDER_DEFAULTS: Readonly<IrnSenderParams> = Object.freeze({
  mtuBytes: 1024,
  roundQuotaBytes: 16384,
  bdpPackets: 128,
  rtoLowNs: 100_000,
  rtoHighNs: 320_000,
  rtoLowPackets: 3,
  // IRN sets no retry limit (irn README): as many as the u8 `retry` column counts. Seven (IB's
  // 3-bit retry_cnt) with IRN's fixed RTO gave a QP up after 8 × 320 µs ≈ 2.6 ms of a link
  // outage that go-back-N, timeout-only, RACK and DCP ride out.
  maxRetries: 255,
});

export const IRN_RECEIVER_DEFAULTS: Readonly<IrnReceiverParams> = Object.freeze({ bdpPackets: 128 });

export class IrnSender extends MessageSender<ReturnType<typeof senderLayout>> {
  static readonly bytesPerFlow = flowBytes(senderLayout(windowBits(IRN_SENDER_DEFAULTS.bdpPackets) >>> 5));
  static readonly api: HandlerSignatures = {
    open: ["slot", "startPsn"],
    close: ["slot"],
    post: ["slot", "lengthBytes", "op"],
    messageInfo: ["slot", "msn"],
    onSchedule: ["slot", "nowNs", "awinBytes"],
    nextPacket: ["slot", "nowNs"],
    onAck: ["slot", "nowNs", "cumPsn"],
    onNack: ["slot", "nowNs", "cumPsn", "sackPsn"],
    onTimer: ["slot", "nowNs"],
  };

  readonly params: Readonly<IrnSenderParams>;
  readonly bytesPerSlot: number;

  private readonly recoveryPsnCol = this.col.recoveryPsn;
  private readonly retxPsn = this.col.retxPsn;
  private readonly highSack = this.col.highSack;
  private readonly timerStart = this.col.timerStart;
  private readonly flags = this.col.flags;
  private readonly sack = this.col.sack;
  private readonly bdp: number;
  private readonly rtoLow: number;
  private readonly rtoHigh: number;
  private readonly lowPackets: number;
  private readonly maxRetries: number;
  private readonly words: number;
  private readonly mask: number;

  constructor(params: Partial<IrnSenderParams> = {}, capacity = 1) {
    const p = resolveParams("IrnSender", IRN_SENDER_DEFAULTS, params, {
      mtuBytes: rule.int(64, 65535),
      roundQuotaBytes: rule.int(1, K.MaxBytes),
      bdpPackets: rule.int(1, 1 << 20),
      rtoLowNs: rule.int(1, 2 ** 30),
      rtoHighNs: rule.int(1, 2 ** 30),
      rtoLowPackets: rule.int(0, 1 << 20),
      maxRetries: rule.int(0, 255),
    });
    const bits = windowBits(p.bdpPackets);
    const layout = senderLayout(bits >>> 5);
    super("IrnSender", layout, capacity, p.mtuBytes, p.roundQuotaBytes);
    this.params = Object.freeze(p);
    this.bytesPerSlot = flowBytes(layout);
    this.bdp = p.bdpPackets;
    this.rtoLow = p.rtoLowNs;
    this.rtoHigh = p.rtoHighNs;
    this.lowPackets = p.rtoLowPackets;
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
    this.highSack[slot] = startPsn;
  }

  /**
   * In recovery, the next lost packet (below the highest SACK, and after a timeout also every
   * unSACKed one up to the recovery point) first; otherwise new data while the BDP cap allows.
   * Returns IRN_TX_RETRANSMIT or IRN_TX_NEW with the packet in `out` (out.retryNo is always 0),
   * IRN_TX_NONE when nothing may go (nothing posted unsent, bdpPackets in flight, or the quota
   * cannot carry the packet; a lost packet it cannot carry holds back new data), or E_SLOT / E_ARG.
   * A send starts the timer when it is not running and never restarts it.
   */
  nextPacket(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    return this.transmit(slot, nowNs);
  }

  /** nextPacket after validation (split so that each half stays under V8's 460-byte inlining limit). */
  private readonly transmit = (slot: number, nowNs: number): number => {
    if ((this.flags[slot] & F.Recovery) !== 0) {
      const r = this.nextLost(slot, nowNs);
      if (r !== K.NoneLost) return r; // lost packets go first, even when the quota holds them back
    }
    const psn = this.nxt[slot];
    if (psn === this.postPsn[slot] || psn24Diff(psn, this.una[slot]) >= this.bdp) return IRN_TX_NONE;
    if (!this.writeFromCursor(slot, psn, IRN_TX_NEW, true)) return IRN_TX_NONE;
    if ((this.flags[slot] & F.Armed) === 0) this.arm(slot, nowNs);
    return IRN_TX_NEW;
  };

  /**
   * A cumulative ACK (`cumPsn` = next PSN the receiver expects). Returns the messages freed (0 for
   * an old ACK), E_STATE for a cumPsn beyond what was sent, or E_SLOT / E_ARG.
   */
  onAck(slot: number, nowNs: number, cumPsn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(cumPsn) && nowNs - nowNs === 0)) return this.reject(slot);
    const d = psn24Diff(cumPsn, this.una[slot]);
    if (d <= 0) return 0;
    if (psn24Diff(cumPsn, this.nxt[slot]) > 0) return this.fail(E_STATE);
    return this.advance(slot, nowNs, cumPsn, d);
  }

  /**
   * A NACK: cumulative ACK `cumPsn` plus the out-of-order PSN `sackPsn` that triggered it. The
   * SACK is recorded and, unless already in recovery, the sender enters recovery with the
   * recovery point at the highest PSN sent. Returns the messages freed by the cumulative part,
   * E_STATE unless cumPsn < sackPsn < the next PSN and cumPsn ≤ the next PSN (24-bit serial
   * order), E_ARG for a PSN that is not 24-bit, or E_SLOT.
   */
  onNack(slot: number, nowNs: number, cumPsn: number, sackPsn: number): number {
    if (!(this.live[slot] === 1 && isPsn24(cumPsn) && isPsn24(sackPsn) && nowNs - nowNs === 0)) return this.reject(slot);
    const nxt = this.nxt[slot];
    if (!(psn24Diff(sackPsn, cumPsn) > 0 && psn24Diff(sackPsn, nxt) < 0 && psn24Diff(cumPsn, nxt) <= 0)) return this.fail(E_STATE);
    const d = psn24Diff(cumPsn, this.una[slot]);
    const freed = d > 0 ? this.advance(slot, nowNs, cumPsn, d) : 0;
    // A NACK overtaken by ACKs past its SACK (reordered on the way back) says nothing new: it
    // neither records a SACK nor starts an episode, whose recovery point would lie below
    // SND.UNA and end it at the next ACK, before the real loss (DCP §2.2: entered once).
    if (psn24Diff(sackPsn, this.una[slot]) <= 0) return freed;
    bitSet(this.sack, slot * this.words, sackPsn & this.mask);
    if (psn24Diff(sackPsn + 1, this.highSack[slot]) > 0) this.highSack[slot] = (sackPsn + 1) & K.U24;
    const flags = this.flags[slot];
    if ((flags & F.Recovery) === 0) {
      this.flags[slot] = flags | F.Recovery;
      this.recoveryPsnCol[slot] = (nxt - 1) & K.U24;
      this.retxPsn[slot] = this.una[slot];
    }
    return freed;
  }

  /**
   * The timer: RTO_low when at most rtoLowPackets are in flight, RTO_high otherwise. On expiry
   * the sender (re)enters recovery in timeout mode — every unSACKed packet up to the highest
   * sent is resent — and the timer restarts at nowNs (deadlineNs = nowNs + the RTO for the packets
   * in flight), then again with the first of those retransmissions. An
   * expiry before it has gone is not a retry: it returns 0 and only restarts the timer. Returns
   * IRN_TIMEOUT, 0, E_OVERFLOW (QP in error, nothing changes), or E_SLOT / E_ARG.
   */
  onTimer(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const flags = this.flags[slot];
    if ((flags & F.Armed) === 0 || ((nowNs - this.timerStart[slot]) >>> 0) < this.rtoFor(slot)) return 0;
    if ((flags & F.ResendDue) !== 0) {
      this.timerStart[slot] = nowNs | 0;
      return 0;
    }
    const retry = this.retry[slot];
    if (retry >= this.maxRetries) return this.fail(E_OVERFLOW);
    this.retry[slot] = retry + 1;
    this.timeoutCount[slot]++;
    this.flags[slot] = flags | F.Recovery | F.TimeoutRecovery | F.ResendDue;
    this.recoveryPsnCol[slot] = (this.nxt[slot] - 1) & K.U24;
    this.retxPsn[slot] = this.una[slot];
    this.timerStart[slot] = nowNs | 0;
    return IRN_TIMEOUT;
  }

  /**
   * Packets sent and not cumulatively acknowledged, nextPsn − unaPsn (SACKed ones included): what
   * BDP-FC caps at bdpPackets and the RTO_low / RTO_high choice counts. 0 for a slot not open.
   */
  inflightPackets(slot: number): number {
    return psn24Diff(this.nxt[slot], this.una[slot]);
  }
  /** In a recovery episode (a NACK, a timeout, or an exit that found a hole left), until the cumulative ACK passes recoveryPsn. */
  inRecovery(slot: number): boolean {
    return (this.flags[slot] & F.Recovery) !== 0;
  }
  /** The episode began with a timeout: every unSACKed packet up to recoveryPsn is resent, not only those below highSackPsn. False once the episode ends (recoveryPsn is kept, this is not). */
  timeoutRecovery(slot: number): boolean {
    return (this.flags[slot] & F.TimeoutRecovery) !== 0;
  }
  /**
   * The recovery point: the highest PSN sent when the current (or last) episode began; the
   * episode ends when the cumulative ACK passes it. 0 before any episode; kept after one ends.
   */
  recoveryPsn(slot: number): number {
    return this.recoveryPsnCol[slot] | 0;
  }
  /**
   * One past the highest PSN a NACK has SACKed, or SND.UNA when that is higher (the start PSN
   * at open): in recovery, an unSACKed packet below it is lost.
   */
  highSackPsn(slot: number): number {
    return this.highSack[slot] | 0;
  }
  /** The retransmission timer runs: something is in flight. */
  timerArmed(slot: number): boolean {
    return (this.flags[slot] & F.Armed) !== 0;
  }
  /**
   * Expiry tick under the current RTO choice (meaningful while timerArmed): the timer's start
   * plus RTO_low or RTO_high for the packets in flight now, so it moves as they change; 0 for a
   * slot that is not open.
   */
  deadlineNs(slot: number): number {
    // A closed slot's cleared timerStart would read as a deadline one RTO after tick 0.
    return this.live[slot] === 1 ? (this.timerStart[slot] + this.rtoFor(slot)) | 0 : 0;
  }

  private readonly rtoFor = (slot: number): number => {
    return psn24Diff(this.nxt[slot], this.una[slot]) <= this.lowPackets ? this.rtoLow : this.rtoHigh;
  };

  private readonly arm = (slot: number, nowNs: number): void => {
    this.timerStart[slot] = nowNs | 0;
    this.flags[slot] |= F.Armed;
  };

  /** The next lost packet in recovery, written to `out`; IRN_TX_NONE when the quota cannot carry it, K.NoneLost when none is left. */
  private readonly nextLost = (slot: number, nowNs: number): number => {
    const una = this.una[slot];
    let from = this.retxPsn[slot];
    if (psn24Diff(from, una) < 0) from = una;
    const flags = this.flags[slot];
    // baselines.md §5: below the highest SACK an unSACKed packet is lost, after a timeout too;
    // a timeout adds every unSACKed packet up to the recovery point.
    let limit = this.highSack[slot];
    if ((flags & F.TimeoutRecovery) !== 0) {
      const point = (this.recoveryPsnCol[slot] + 1) & K.U24;
      if (psn24Diff(point, limit) > 0) limit = point;
    }
    const n = psn24Diff(limit, from);
    if (n <= 0) return K.NoneLost;
    const k = firstClear(this.sack, slot * this.words, this.mask, from & this.mask, n);
    if (k === n) {
      this.retxPsn[slot] = limit;
      // Nothing to resend (SND.UNA SACKed by a NACK that overtook a late cumulative ACK): the
      // next expiry is a retry again, or the timer would restart for ever.
      this.flags[slot] = flags & ~F.ResendDue;
      return K.NoneLost;
    }
    const psn = (from + k) & K.U24;
    if (!this.writeSent(slot, psn, IRN_TX_RETRANSMIT, true)) return IRN_TX_NONE;
    this.retxPsn[slot] = (psn + 1) & K.U24;
    this.retx[slot]++;
    if ((flags & F.ResendDue) !== 0) {
      this.flags[slot] = flags & ~F.ResendDue;
      this.timerStart[slot] = nowNs | 0;
    }
    return IRN_TX_RETRANSMIT; // in recovery something sent is unacknowledged: the timer runs
  };

  /** una := cumPsn (d packets later): slide the scoreboard, free messages, timer, recovery exit. */
  private readonly advance = (slot: number, nowNs: number, cumPsn: number, d: number): number => {
    const una = this.una[slot];
    clearBits(this.sack, slot * this.words, this.mask, una & this.mask, d);
    this.una[slot] = cumPsn;
    // The highest SACK never lags SND.UNA: left behind by 2^23 PSNs, the 24-bit comparison would
    // put it ahead again, and a NACK could no longer raise it.
    if (psn24Diff(this.highSack[slot], cumPsn) < 0) this.highSack[slot] = cumPsn;
    this.retry[slot] = 0;
    const freed = this.freeMessages(slot, cumPsn);
    let flags = this.flags[slot];
    // Leave recovery once the cumulative ACK passes the recovery point (DCP §2.2) — unless a
    // SACK beyond SND.UNA still shows a hole: then a new episode starts at once, as ConWeave's
    // receiver NACKs an in-order arrival that leaves holes and that NACK re-enters recovery
    // (notes §5: it "keeps NACKing while holes exist"). Its scan starts at the cumulative ACK, as
    // any episode's does (IRN §3.1: "the first packet that is retransmitted on entering loss
    // recovery corresponds to the cumulative acknowledgement value"; ConWeave's RecoverQueue
    // resends from snd_una; onNack's entry): the hole there was resent in the last episode and,
    // still a hole, that resend is lost by notes §5's rule. Going on from where the last scan got
    // to left it to the RTO (review rev-irn).
    if ((flags & F.Recovery) !== 0 && psn24Diff(cumPsn, this.recoveryPsnCol[slot]) > 0) {
      flags &= ~(F.TimeoutRecovery | F.ResendDue);
      if (psn24Diff(this.highSack[slot], cumPsn) > 0) {
        this.recoveryPsnCol[slot] = (this.nxt[slot] - 1) & K.U24;
        this.retxPsn[slot] = cumPsn;
      } else flags &= ~F.Recovery;
    }
    if (cumPsn !== this.nxt[slot]) {
      this.timerStart[slot] = nowNs | 0;
      flags |= F.Armed;
    } else {
      flags &= ~F.Armed;
    }
    this.flags[slot] = flags;
    return freed;
  };
}

export class IrnReceiver extends BitmapReceiver {
  static readonly bytesPerFlow = flowBytes(receiverLayout(windowBits(IRN_RECEIVER_DEFAULTS.bdpPackets) >>> 5));
  /** Written with ACK or NACK: cumulative ePSN, the PSN that triggered it, messages completed now, AETH MSN. */
  static readonly outFields = ["cumPsn", "sackPsn", "completed", "msn"] as const;

  readonly params: Readonly<IrnReceiverParams>;

  constructor(params: Partial<IrnReceiverParams> = {}, capacity = 1) {
    const p = resolveParams("IrnReceiver", IRN_RECEIVER_DEFAULTS, params, { bdpPackets: rule.int(1, 1 << 20) });
    super("IrnReceiver", capacity, p.bdpPackets, 2); // cumPsn, sackPsn, completed, msn
    this.params = Object.freeze(p);
  }

  /**
   * A data packet (`last`: it ends its message). In order: placed, ePSN slides over what has
   * arrived, ACK. Out of order within the window: placed, NACK with the cumulative ePSN and this
   * PSN. Already received: a duplicate, not placed: past ePSN NACKed as any out-of-order
   * arrival (DCP §2.2), below it ACKed. Beyond the window: E_STATE (dropped).
   */
  onData(slot: number, nowNs: number, psn: number, last: boolean): number {
    if (!(this.live[slot] === 1 && isPsn24(psn) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.receive(slot, psn, last, IRN_RX_PLACE | IRN_RX_NACK);
  }
}
