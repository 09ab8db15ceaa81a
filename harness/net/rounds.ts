// Transports whose sender runs in scheduling rounds (DCP §4.3, Fig. 5): DCP itself and the
// PSN-acknowledged RDMA baselines of lib/reliability (go-back-N, IRN, RACK-TLP, timeout-only),
// which share DcpSender's sender shape — post, onSchedule(awin), nextPacket into `out`.
//
// The NIC's transmit opportunity is the sender's round: when the flow has no packet pending,
// `onSchedule(awin)` with the CC's remaining window, then `nextPacket` once per NIC pull until the
// round is spent. The packet a round yields waits here (one per flow) until the NIC sends it.

import { E_FULL, E_OVERFLOW } from "../../lib/core/errors";
import { psn24Diff } from "../../lib/core/psn";
import { DCP_RX_ACK, DCP_RX_BOUNCE, DCP_RX_COMPLETE, DcpReceiver } from "../../lib/reliability/dcp/receiver";
import { DCP_HO_QUEUED, DCP_TIMEOUT, DcpSender } from "../../lib/reliability/dcp/sender";
import { DCP_OP_WRITE } from "../../lib/reliability/dcp/wire";
import { GbnReceiver, GbnSender } from "../../lib/reliability/gbn/gbn";
import { IrnReceiver, IrnSender } from "../../lib/reliability/irn/irn";
import { RACK_TIMER_RTO, RackReceiver, RackSender } from "../../lib/reliability/rack/rack";
import { TimeoutReceiver, TimeoutSender } from "../../lib/reliability/timeout/timeout";
import { type CcAdapter, Rx, Sx, Tx, type Transport, TransportOutputs } from "./adapters";
import { FlightLedger } from "./ledger";
import { Flag, P, type PacketPool } from "./packets";

/** What the round-scheduled senders have in common (DcpSender, and lib/reliability/qp.ts MessageSender). */
interface RoundSender {
  /** Payload of a full packet. */
  readonly params: { readonly mtuBytes: number };
  /** kind, msn, psn, offsetBytes, lengthBytes, retryNo, last, … (DCP's and MessageSender's outFields agree). */
  readonly out: Int32Array;
  readonly errors: number;
  readonly maxMessageBytes: number;
  open(slot: number, startPsn: number): void;
  post(slot: number, lengthBytes: number, op: number): number;
  onSchedule(slot: number, nowNs: number, awinBytes: number): number;
  nextPacket(slot: number, nowNs: number): number;
  onTimer(slot: number, nowNs: number): number;
  timerArmed(slot: number): boolean;
  deadlineNs(slot: number): number;
  unaMsn(slot: number): number;
  retransmissions(slot: number): number;
  timeouts(slot: number): number;
}

/** What every receiver here offers at open, and its error counter. */
interface RoundReceiver {
  readonly errors: number;
  open(slot: number, startPsn: number): void;
}

/**
 * The most packets a flow of the RDMA baselines may have: their transport takes PSNs as counts
 * from 0, and the cumulative ePSN after the last packet (the packet count) must stay below the
 * 24-bit wrap (IB BTH PSN), which would make it 0. 2^24 − 1 = 16,777,215 packets: 64 GiB at
 * 4,086 B of payload, 1 GiB at the 64 B that mtuBytes 128 with a 64 B header leaves.
 */
export const QP_MAX_FLOW_PACKETS = 0xffffff;

/** Messages a QP keeps outstanding (DCP and the baselines alike). */
const MESSAGES = 8;

/** The round loop and the NIC's per-flow record of the pending packet and of posted messages. */
abstract class RoundTransport<S extends RoundSender, R extends RoundReceiver> extends TransportOutputs {
  abstract readonly name: string;
  readonly ackBytes: number;
  protected readonly so: Int32Array;
  protected readonly header: number;
  protected readonly mss: number;
  protected readonly pending: Uint8Array;
  protected readonly pPsn: Int32Array;
  protected readonly pMsn: Int32Array;
  private readonly pLen: Int32Array;
  /** The pending packet's offset in its message, bytes. */
  protected readonly pOff: Int32Array;
  private readonly pRetry: Int32Array;
  private readonly pLast: Uint8Array;
  /** One past the highest PSN handed out (24-bit): a packet before it is sent again. */
  private readonly high: Int32Array;
  protected readonly posted: Int32Array;
  protected readonly freed: Int32Array;
  /** Wire bytes and packets of each posted message, a ring of MESSAGES per flow; wire bytes ever posted. */
  protected readonly msgWire: Float64Array;
  protected readonly msgPkts: Int32Array;
  protected readonly postedWire: Float64Array;
  /** Bytes of the flow not yet posted: a flow larger than one message goes as several (post). */
  private readonly unposted: Float64Array;
  /**
   * The size of each message but the last of a flow larger than the module's largest message:
   * as many full packets as fit (DCP: 16,383, its receiver's 14-bit counter, §4.5).
   */
  override readonly messageBytes: number;

  constructor(
    readonly tx: S,
    readonly rx: R,
    ackBytes: number,
    headerBytes: number,
    capacity: number,
  ) {
    super();
    this.so = tx.out;
    this.ackBytes = ackBytes;
    this.header = headerBytes;
    this.mss = tx.params.mtuBytes;
    this.pending = new Uint8Array(capacity);
    this.pPsn = new Int32Array(capacity);
    this.pMsn = new Int32Array(capacity);
    this.pLen = new Int32Array(capacity);
    this.pOff = new Int32Array(capacity);
    this.pRetry = new Int32Array(capacity);
    this.pLast = new Uint8Array(capacity);
    this.high = new Int32Array(capacity);
    this.posted = new Int32Array(capacity);
    this.freed = new Int32Array(capacity);
    this.msgWire = new Float64Array(capacity * MESSAGES);
    this.msgPkts = new Int32Array(capacity * MESSAGES);
    this.postedWire = new Float64Array(capacity);
    this.unposted = new Float64Array(capacity);
    this.messageBytes = Math.floor(tx.maxMessageBytes / this.mss) * this.mss;
  }

  open(slot: number): void {
    this.tx.open(slot, 0);
    this.rx.open(slot, 0);
    this.high[slot] = 0;
  }

  /**
   * Posts a flow of `bytes`: as one message when it fits the module's largest, else as
   * messages of `messageBytes` and a last one with the rest, at most MESSAGES outstanding, the
   * others as ACKs free their places (an application's chunked Writes, like NCCL's). Returns
   * the first message's MSN, or the module's error.
   */
  post(slot: number, bytes: number): number {
    this.unposted[slot] = bytes;
    const msn = this.postNext(slot);
    if (msn < 0) return msn;
    const r = this.postMore(slot);
    return r < 0 ? r : msn;
  }

  /** Posts what waits while the QP has room: 0, or the module's error. */
  protected postMore(slot: number): number {
    while (this.unposted[slot] > 0 && this.posted[slot] - this.freed[slot] < MESSAGES) {
      const r = this.postNext(slot);
      if (r < 0) return r;
    }
    return 0;
  }

  /** All posted, all freed: the flow is done at the sender. */
  protected allFreed(slot: number): boolean {
    return this.freed[slot] === this.posted[slot] && this.unposted[slot] === 0;
  }

  private postNext(slot: number): number {
    const left = this.unposted[slot];
    const bytes = left < this.messageBytes ? left : this.messageBytes;
    const msn = this.tx.post(slot, bytes, DCP_OP_WRITE); // a Write: op 1 for MessageSender.post too
    if (msn < 0) return msn;
    this.unposted[slot] = left - bytes;
    const packets = bytes === 0 ? 1 : Math.ceil(bytes / this.mss);
    const i = slot * MESSAGES + (this.posted[slot] & (MESSAGES - 1));
    this.msgWire[i] = bytes + packets * this.header;
    this.msgPkts[i] = packets;
    this.postedWire[slot] += this.msgWire[i];
    this.posted[slot]++;
    return msn;
  }

  nextBytes(slot: number, nowNs: number, cc: CcAdapter): number {
    if (this.pending[slot] === 0 && !this.fill(slot, nowNs, cc)) return 0;
    return this.pLen[slot] + this.header;
  }

  /** Runs the sender until it yields a packet: the current round, or a new one with the CC's awin. */
  private fill(slot: number, nowNs: number, cc: CcAdapter): boolean {
    if (this.posted[slot] === this.freed[slot]) return false;
    let k = this.tx.nextPacket(slot, nowNs);
    if (k <= 0) {
      let awin = cc.windowLeft(slot);
      // A window below one packet that the CC still lets a packet through (Swift Alg. 1: one
      // packet at a time, paced; DCQCN's window with nothing in flight) schedules one packet:
      // a round of less would yield none, and the flow would wait for an ACK that never comes.
      const packet = this.mss + this.header;
      if (awin < packet && cc.canSend(slot, packet)) awin = packet;
      // Below one packet, a packet of recovery may still go (DCP: reliability/dcp/README "DCP +
      // a window CC"); else a round of what fits.
      if (awin < packet) k = this.recoveryRound(slot, nowNs);
      if (k <= 0) {
        if (awin <= 0) return false;
        // awin is the CC's window in wire bytes (its inflight counts what onSend got); a round
        // counts payload (DCP §4.3 fetches data), and each packet also puts a header on the wire.
        const full = Math.floor(awin / packet);
        const rest = awin - full * packet;
        const payload = full * this.mss + (rest > this.header ? rest - this.header : 0);
        this.tx.onSchedule(slot, nowNs, payload < 1 << 30 ? payload : 1 << 30);
        k = this.tx.nextPacket(slot, nowNs);
        if (k <= 0) return false;
      }
    }
    const o = this.so;
    this.pending[slot] = 1;
    this.pMsn[slot] = o[1];
    this.pPsn[slot] = o[2];
    this.pOff[slot] = o[3];
    this.pLen[slot] = o[4];
    this.pRetry[slot] = o[5];
    this.pLast[slot] = o[6] !== 0 ? 1 : 0;
    return true;
  }

  /**
   * A round of one recovery packet when the window holds less than one packet, overrun or not;
   * the packet's kind, or 0 for none. The baselines' retransmissions wait for the window: their
   * ACKs name packets, so every SACK, loss mark and go-back reopens it (QpTransport), and what
   * holds it shut is in the network or lost unseen, as RFC 6675's pipe counts it (review
   * base-stall: letting marked packets past it removed no timeout).
   */
  protected recoveryRound(_slot: number, _nowNs: number): number {
    return 0;
  }

  nextPsn(slot: number): number {
    return this.pPsn[slot];
  }

  /**
   * Hands the pending packet to the NIC; Tx bits. New data by its PSN, not the module's kind: a
   * DCP timeout resends the whole unaMSN-th message (§4.5), whose packets past the last one sent
   * go for the first time under DCP_TX_RESEND; counted as retransmissions they reached the CC's
   * onResend (DCTCP's SND.NXT and TIMELY's per-RTT mark held still) and the retransmission counts.
   * PSNs are 24-bit (§4.5), compared by difference as the modules do (lib/core/psn.ts).
   */
  nextPacket(slot: number, _nowNs: number, _ev: number): number {
    if (this.pending[slot] === 0) return 0;
    this.pending[slot] = 0;
    this.psn = this.pPsn[slot];
    this.msn = this.pMsn[slot];
    this.payload = this.pLen[slot];
    this.bytes = this.payload + this.header;
    this.retryNo = this.pRetry[slot];
    const m = (this.freed[slot] + ((this.msn - this.tx.unaMsn(slot)) & 0xffffff)) & (MESSAGES - 1);
    this.msgPackets = this.msgPkts[slot * MESSAGES + m];
    const fresh = psn24Diff(this.psn, this.high[slot]) >= 0;
    if (fresh) this.high[slot] = (this.psn + 1) & 0xffffff;
    this.recordSent(slot, this.psn, fresh);
    return (fresh ? Tx.New : Tx.Retransmit) | (this.pLast[slot] !== 0 ? Tx.Last : 0);
  }

  /** Notes the packet handed out (its bytes are in `bytes`); `fresh`: its PSN goes for the first time. */
  protected abstract recordSent(slot: number, psn: number, fresh: boolean): void;

  timerArmed(slot: number): boolean {
    return this.tx.timerArmed(slot);
  }
  deadlineNs(slot: number): number {
    return this.tx.deadlineNs(slot);
  }
  retransmissions(slot: number): number {
    return this.tx.retransmissions(slot);
  }
  timeouts(slot: number): number {
    return this.tx.timeouts(slot);
  }
  /** Rejected calls, not counting the defined outcomes in `overflows`. */
  errors(): number {
    return this.tx.errors + this.rx.errors - this.overflows;
  }
}

/**
 * DCP (lib/reliability/dcp): HO-based retransmission, message-level ACKs (eMSN), coarse timeout.
 * A trimmed packet reaches the receiver as an HO, which bounces it (§4.1 ②); the bounced HO
 * travels back as the NIC's NACK and becomes a retransmission entry (`onHo`). ACKs carry eMSN and
 * free whole messages; the CC sees the freed messages' wire bytes, with no RTT sample (DCP's ACK
 * carries no timestamp; Swift and TIMELY read the send time the fabric's ACK echoes, their NIC
 * timestamps) and no ECN echo. The receiver delivers by message (the CQE), so the
 * fabric counts a message's bytes when it completes in order.
 *
 * The CC's flight is kept per message, as the NIC handed it the bytes (`held`): a packet sent
 * adds its wire bytes to its message's; an HO takes out that packet's wire bytes (a message's
 * last packet is short); a timeout takes out everything the QP's messages hold, its loss
 * (`lostBytes`) being what the unaMSN-th message holds — the packets of it actually sent and
 * not yet taken out by an HO, not the whole message, whose unsent data the resend covers and
 * whose RetransQ entries it purges (§4.5); an ACK releases what the freed messages hold (their
 * wire bytes once each, and any resent copies). Taking out the whole message at every timeout,
 * and a full packet for a short one's HO, took bytes the CC did not hold: its flight ended a
 * whole message below zero and its window stopped bounding the flow (lib/cc README: the
 * modules do not clamp their inflight; AIMD, which does, ended a packet above zero).
 * Later messages' bytes stay in the flight until the unaMSN-th message completes (its ACK
 * names whole messages, §4.5), so recovery that waits for the window can wait for good (review
 * fw2), and one that waits for it until the RTO (review rev-dcp): with less than a packet of
 * window left, overrun or not, what completes the unaMSN-th message goes one packet a transmit
 * opportunity (`recoveryRound`).
 */
export class DcpTransport extends RoundTransport<DcpSender, DcpReceiver> implements Transport {
  readonly name = "dcp";
  readonly gated = 1;
  override readonly nackIsHo = 1;
  /** Messages complete in order as eMSN advances (§4.5), and onData names them. */
  override readonly namesCompletions = 1;
  /** Wire bytes handed to the CC and not yet taken out, per outstanding message (the msgWire ring). */
  private readonly held: Float64Array;
  /** First PSN of each outstanding message (the msgWire ring), learnt from its first packet sent. */
  private readonly firstPsn: Int32Array;
  /** Bytes handed to the CC for a message already freed (a stale resend): released with the next ACK. */
  private readonly stray: Float64Array;
  /** Packets handed out again (not fresh): the flow's retransmissions. */
  private readonly retx: Int32Array;
  /** HOs a full RetransQ refused (§4.3; also in `overflows`): their packets wait for the timeout. */
  hoRefused = 0;

  constructor(tx: DcpSender, rx: DcpReceiver, ackBytes: number, headerBytes: number, capacity: number) {
    super(tx, rx, ackBytes, headerBytes, capacity);
    this.held = new Float64Array(capacity * MESSAGES);
    this.firstPsn = new Int32Array(capacity * MESSAGES);
    this.stray = new Float64Array(capacity);
    this.retx = new Int32Array(capacity);
  }

  override open(slot: number): void {
    super.open(slot);
    this.retx[slot] = 0;
  }

  /** The msgWire ring index of outstanding message `msn`, or −1 when it is not outstanding. */
  private msgIndex(slot: number, msn: number): number {
    const d = (msn - this.tx.unaMsn(slot)) & 0xffffff;
    if (d >= this.posted[slot] - this.freed[slot]) return -1;
    return slot * MESSAGES + ((this.freed[slot] + d) & (MESSAGES - 1));
  }

  protected recordSent(slot: number, psn: number, fresh: boolean): void {
    const i = this.msgIndex(slot, this.msn);
    if (i < 0) this.stray[slot] += this.bytes;
    else {
      this.held[i] += this.bytes;
      // Every packet carries its offset's PSN (psn = first + offset / MTU payload).
      this.firstPsn[i] = (psn - Math.floor(this.pOff[slot] / this.mss)) & 0xffffff;
    }
    if (!fresh) this.retx[slot]++;
  }
  /** Every packet sent again, HO-driven or after a timeout; not a resend's first copy of one. */
  override retransmissions(slot: number): number {
    return this.retx[slot];
  }
  onAck(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const n = this.tx.onAck(slot, nowNs, pool.i32[(h << 4) + P.W0]);
    if (n < 0) return n;
    let bytes = 0;
    if (n > 0) {
      bytes = this.stray[slot];
      this.stray[slot] = 0;
    }
    for (let k = 0; k < n; k++) {
      const i = slot * MESSAGES + ((this.freed[slot] + k) & (MESSAGES - 1));
      bytes += this.held[i];
      this.held[i] = 0;
    }
    this.freed[slot] += n;
    if (n > 0) {
      const r = this.postMore(slot);
      if (r < 0) return r;
    }
    this.newBytes = bytes;
    this.rttNs = 0;
    this.restoredBytes = 0;
    this.completed = n;
    return (n > 0 ? Sx.Complete : 0) | (this.allFreed(slot) ? Sx.Done : 0);
  }
  /** HOs the sender could not queue (RetransQ full, §4.3) are left to the timeout: counted in `overflows`. */
  onNack(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const b = h << 4;
    const r = this.tx.onHo(slot, nowNs, pool.i32[b + P.W0], pool.i32[b + P.Psn], pool.i32[b + P.W2]);
    if (r !== DCP_HO_QUEUED) {
      if (r === E_FULL) {
        this.overflows++;
        this.hoRefused++;
      }
      return r < 0 ? r : 0;
    }
    // That packet's wire bytes (a message's last packet is short), as far as the CC holds them.
    const i = this.msgIndex(slot, pool.i32[b + P.W0]);
    let bytes = 0;
    if (i >= 0) {
      const k = (pool.i32[b + P.Psn] - this.firstPsn[i]) & 0xffffff;
      const full = this.mss + this.header;
      const wire = k === this.msgPkts[i] - 1 ? this.msgWire[i] - k * full : full;
      bytes = wire < this.held[i] ? wire : this.held[i];
      this.held[i] -= bytes;
    }
    this.bytes = bytes;
    this.rttNs = 0;
    this.newBytes = 0;
    return 1;
  }
  onTimer(slot: number, nowNs: number): number {
    const r = this.tx.onTimer(slot, nowNs);
    if (r === E_OVERFLOW) this.overflows++;
    if (r !== DCP_TIMEOUT) return r < 0 ? r : 0;
    // The whole unaMSN-th message goes again; the CC takes it as presumed lost. DCP does not
    // know which path lost it: ev −1 lets the NIC name the flow's last EV (lib/lb/feedback.ts).
    // The loss, what the CC's cut scales with: what it holds of that message, the packets sent
    // and not taken out by an HO (not its unsent data).
    const i = slot * MESSAGES + (this.freed[slot] & (MESSAGES - 1));
    this.lostBytes = this.held[i];
    // Every byte the CC holds for the QP leaves its flight: the timer fires after rtoNs with no
    // new data or resend sent, far above an RTT, so those packets reached the receiver or were
    // lost (as Linux's tcp_enter_loss marks every outstanding segment lost, leaving only the
    // retransmissions in flight). Not quite all: HO retransmissions do not restart the timer
    // (DcpSender's header), so one sent just before the expiry may still be in flight when its
    // bytes leave the CC's; the flight under-counts it until it lands (no ACK returns them).
    // Later messages' packets the receiver holds are acknowledged only with the unaMSN-th
    // message (§4.5); left in the flight they kept the window shut against the resend that
    // message needs (review fw2: cwnd = inflight, for good).
    let bytes = this.stray[slot];
    this.stray[slot] = 0;
    const outstanding = this.posted[slot] - this.freed[slot];
    for (let k = 0; k < outstanding; k++) {
      const j = slot * MESSAGES + ((this.freed[slot] + k) & (MESSAGES - 1));
      bytes += this.held[j];
      this.held[j] = 0;
    }
    this.bytes = bytes;
    this.ev = -1;
    // A packet of that message fetched in the round and not yet sent is superseded by the resend
    // (the receiver would drop it as stale, §4.5); one of a later message still has to go.
    if (this.pMsn[slot] === this.tx.unaMsn(slot)) this.pending[slot] = 0;
    return 1;
  }

  /**
   * One packet of recovery past a window that holds less than a packet, overrun or not: the
   * next of what completes the unaMSN-th message, whose ACK alone reopens the window (§4.5) —
   * its timeout resend's next, its oldest HO retransmission, or its next unsent packet — never
   * a later message's (DcpSender.onScheduleRecovery). Waiting for the window, each waited
   * until the RTO (review rev-dcp); one packet a transmit opportunity.
   */
  protected override recoveryRound(slot: number, nowNs: number): number {
    // A call whose packet proves stale dropped an entry (one queued 256 MSNs earlier under the
    // same key, popRetransmission): bounded by the RetransQ's length.
    while (this.tx.onScheduleRecovery(slot, nowNs) === 1) {
      const k = this.tx.nextPacket(slot, nowNs);
      if (k > 0) return k;
    }
    return 0;
  }
  onData(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const b = h << 4;
    const r = this.rx.onData(slot, nowNs, pool.i32[b + P.W0], pool.i32[b + P.Psn], pool.i32[b + P.W2], pool.i32[b + P.W3], false);
    if (r < 0) return 0;
    this.completed = (r & DCP_RX_COMPLETE) !== 0 ? this.rx.out[1] : 0;
    this.completedEndMsn = (r & DCP_RX_COMPLETE) !== 0 ? this.rx.out[0] : 0;
    return ((r & DCP_RX_ACK) !== 0 ? Rx.Ack : 0) | ((r & DCP_RX_COMPLETE) !== 0 ? Rx.Complete : 0) | ((r & DCP_RX_BOUNCE) !== 0 ? Rx.Nack : 0);
  }
  onHeader(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const b = h << 4;
    const r = this.rx.onHo(slot, nowNs, pool.i32[b + P.W0], pool.i32[b + P.Psn]);
    return r === DCP_RX_BOUNCE ? Rx.Nack : 0;
  }
  fillAck(pool: PacketPool, a: number): void {
    const b = a << 4;
    pool.i32[b + P.W0] = this.rx.out[0];
    pool.i32[b + P.Flags] = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// The PSN-acknowledged baselines

/** Bits the baselines' receivers share (GBN_RX_*, IRN_RX_*, RACK_RX_*, TIMEOUT_RX_*). */
const enum QRx {
  Place = 1,
  Ack = 2,
  Nack = 128, // GBN sequence error, IRN out-of-order arrival
}

/** What the baselines' receivers share (lib/reliability/qp.ts BitmapReceiver, and GbnReceiver). */
interface QpReceiver extends RoundReceiver {
  readonly out: Int32Array;
  onData(slot: number, nowNs: number, psn: number, last: boolean): number;
}

/**
 * Go-back-N, IRN, RACK-TLP and timeout-only (lib/reliability gbn, irn, rack, timeout), as an
 * RDMA NIC runs them over the fabric:
 * - The receiver answers every data packet it accepts (or, GBN, a hole it NACKs). Its ACK (and a
 *   NACK, which travels as an ACK packet with W3 = 1 so that it can carry the module's fields)
 *   holds out[0..2] in W0..W2 — the cumulative PSN, then the SACK and DSACK fields where the
 *   module has them — and echoes the data packet's send time (`PacketPool.f64`, an RTT sample) and CE bit.
 * - Delivery is by packet: a placed packet counts its payload once (the fabric checks it).
 * - The CC's inflight is kept at what may still be in the network: the NIC tracks the wire bytes
 *   it has handed the CC for the flow (`FlightLedger`, ledger.ts), and an ACK releases whatever
 *   exceeds the PSNs sent and not yet acknowledged, cumulatively or by the ACK's SACK PSN (IRN,
 *   RACK, timeout-only: W1) — so each packet's bytes reach the CC's onAck with the first ACK that
 *   acknowledges it, and that ACK's CE bit (what DCTCP and MP-RDMA count, notes/baselines.md §4),
 *   a resent copy releases the copy it replaced, and everything is released when the flow
 *   completes. A timeout presumes everything held lost (it leaves the flight: the CC's
 *   onTimeout gets it) and counts outstanding PSNs afresh from the cumulative PSN (a SACKed PSN
 *   stays acknowledged), and so does a GBN NACK that goes back (Sx.Lost: the CC's onLoss gets
 *   it after the NACK's acknowledgement; the receiver discarded what followed the hole).
 * - Every loss the module finds reaches the CC, with what was lost (`lostBytes`) apart from
 *   what leaves the flight (`bytes`). A GBN go-back loses one packet, the hole its NACK names,
 *   and a timeout one, the oldest outstanding (the wire bytes of the cumulative PSN), however
 *   much they take out of the flight: a module whose cut scales with the loss (NSCC's
 *   OnInferredLoss, MP-RDMA's NACK decrease) cut a go-back's or a timeout's whole flight for
 *   one loss (uet-htsim cuts one packet per RTO, uec-htsim-reference §4). The packets IRN
 *   (notes/baselines.md §5: below the highest SACK, neither ACKed nor SACKed) and RACK (RFC
 *   8985 §6.2 step 5, on an ACK or the reordering timer, onTimer 3; a retransmission marked
 *   again, §9.3) mark lost leave the flight when marked and are the loss (ledger.ts markLost:
 *   RFC 6675's pipe, UEC OnInferredLoss's inflight −= size), each once; their resends bring
 *   them back, and one found delivered before its resend is restored and acknowledged. A loss
 *   RACK's tail-loss probe repaired (§7.4.2) is one packet lost, nothing leaving. DCTCP, AIMD
 *   and Swift cut once per window of data or RTT however many losses they hear (RFC 6582 §3.2,
 *   Swift Alg. 1); RFC 8985 leaves the response to the CC. Before, only go-backs and
 *   timeouts reached the CC: an IRN or RACK flow whose losses were all repaired without a
 *   timeout never cut its window (rack + AIMD in a 6:1 incast: 94 drops, 0 RTOs, no decrease).
 *   Kept in the flight while the CC cut its window, a burst of marked packets filled it, their
 *   resends could not go, and the flow waited for the RTO (the same incast: 3 RTOs). ConWeave
 *   counts IRN's NACK as a CNP for DCQCN (notes §5); DCQCN here stays a rate module that does
 *   not react to loss.
 * - A trimmed header is lost to these receivers (they predate trimming): run them with
 *   `trimming: false`.
 * - RACK's reordering timer and tail-loss probe make packets due without a timeout (onTimer 2,
 *   or 3 when the reordering timer marked packets lost).
 * PSNs are taken as counts from 0, so a flow is limited to QP_MAX_FLOW_PACKETS (the build
 * refuses a larger one: registry.ts flowSizeErrors).
 */
export abstract class QpTransport<S extends RoundSender, R extends QpReceiver> extends RoundTransport<S, R> implements Transport {
  readonly gated = 1;
  /** The cumulative PSN. */
  protected readonly cum: Int32Array;
  /** The wire bytes handed to the CC and not yet released (ledger.ts). */
  private readonly flight: FlightLedger;
  /** Set by senderAck when the module went back to the ACK's cumulative PSN (GBN's NACK). */
  protected wentBack = 0;
  /** Set by senderAck: wire bytes of losses found that take nothing out of the flight (RACK: a loss a tail-loss probe repaired). */
  protected repairedBytes = 0;
  /** What onData leaves for fillAck (called right after it). */
  private echoNs = 0;
  private echoSentNs = 0;
  private echoCe = 0;
  private echoNack = 0;

  /** `sackWindowPackets`: the receiver's window, within which its ACKs' W1 is a SACK PSN (0: W1 is no PSN, GBN's MSN). */
  constructor(tx: S, rx: R, ackBytes: number, headerBytes: number, capacity: number, sackWindowPackets: number) {
    super(tx, rx, ackBytes, headerBytes, capacity);
    this.cum = new Int32Array(capacity);
    this.flight = new FlightLedger(capacity, this.mss + this.header, sackWindowPackets);
  }

  /**
   * A retransmission taken from the module and not yet sent is stale once an ACK covers it (the
   * first copy was late, not lost), and it is dropped unsent. Sent, it would hold its bytes in
   * the CC's flight with nothing the module times, and its ACK lost, the window would stay shut
   * (seed 2,168,431, when the fabric still took packets before asking the pacer; it now asks the
   * pacer first, so this guards a caller that takes the packet early).
   */
  override nextBytes(slot: number, nowNs: number, cc: CcAdapter): number {
    if (this.pending[slot] !== 0 && this.pPsn[slot] < this.cum[slot]) this.pending[slot] = 0;
    return super.nextBytes(slot, nowNs, cc);
  }

  /** The packet's bytes go to the CC's onSend next: they are held until an ACK or a timeout releases them. */
  protected recordSent(slot: number, psn: number, _fresh: boolean): void {
    this.flight.sent(slot, psn, this.bytes);
  }

  /** The module's ACK (nack 0) or NACK (nack 1) handler with the ACK's W0–W2; messages freed, or < 0. */
  protected abstract senderAck(slot: number, nowNs: number, w0: number, w1: number, w2: number, nack: number): number;

  onAck(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const b = h << 4;
    const cum = pool.i32[b + P.W0];
    this.wentBack = 0;
    this.repairedBytes = 0;
    const w3 = pool.i32[b + P.W3];
    const n = this.senderAck(slot, nowNs, cum, pool.i32[b + P.W1], pool.i32[b + P.W2], w3);
    if (n < 0) return n;
    if (cum > this.cum[slot]) this.cum[slot] = cum;
    this.freed[slot] += n;
    if (n > 0) {
      const r = this.postMore(slot);
      if (r < 0) return r;
    }
    // Every message but the last is whole packets, so PSN × packet wire is exact below what was
    // posted. W1 is the PSN this ACK (or IRN NACK) answers: a SACK when past the cumulative PSN.
    this.newBytes = this.flight.release(slot, this.cum[slot], this.postedWire[slot], pool.i32[b + P.W1]);
    this.restoredBytes = this.flight.restored;
    // A go-back (notes/baselines.md §3.3: snd_nxt = snd_una) resends everything past the
    // cumulative PSN: the receiver discarded what followed the hole, so nothing the CC holds is
    // in the network any more. Left in its flight, a full window stayed shut until the RTO.
    let lost = 0;
    if (this.wentBack !== 0) {
      this.bytes = this.flight.lose(slot, this.cum[slot]);
      this.lostBytes = this.holeWire(slot);
      if (this.bytes > 0) lost = Sx.Lost;
    } else {
      const out = this.markLosses(slot);
      if (out + this.repairedBytes > 0) {
        this.bytes = out;
        this.lostBytes = out + this.repairedBytes;
        lost = Sx.Lost;
      }
    }
    // From the data packet's send time as the NIC recorded it: the timestamp the ACK echoes is,
    // for an inter-DC flow under Reflex, its egress time at the destination ESW (§III-D), half
    // the round trip.
    const rtt = (nowNs - pool.sentNs[h]) | 0;
    this.rttNs = rtt > 0 ? rtt : 1;
    this.completed = n;
    return Sx.Rtt | lost | (w3 !== 0 ? Sx.Nack : 0) | (n > 0 ? Sx.Complete : 0) | (this.allFreed(slot) ? Sx.Done : 0);
  }

  /** Wire bytes of the packet at the cumulative PSN, the first the receiver lacks (the flow's last is short). */
  private holeWire(slot: number): number {
    return this.flight.wireOf(this.cum[slot], this.postedWire[slot]);
  }

  /**
   * After the module's handler: the packets it now counts lost and not yet resent leave the
   * flight (FlightLedger.markLost); returns their wire bytes. GBN and timeout-only mark none
   * (a go-back or a timeout takes everything).
   */
  protected markLosses(_slot: number): number {
    return 0;
  }

  /** Packet `psn` leaves the flight as lost, unless it is not outstanding; its wire bytes, or 0. */
  protected markLost(slot: number, psn: number): number {
    return this.flight.markLost(slot, psn, this.postedWire[slot]);
  }

  /** NACKs ride ACK packets (onAck); the fabric's NACK packets are trim NACKs, which these receivers never send. */
  onNack(_slot: number, _nowNs: number, _pool: PacketPool, _h: number): number {
    return 0;
  }

  /** The module's timer result as the fabric's: 1 a timeout, 2 packets due without one, 0 nothing (GBN, IRN, timeout-only: already so). */
  protected timerResult(r: number): number {
    return r;
  }

  onTimer(slot: number, nowNs: number): number {
    const r = this.tx.onTimer(slot, nowNs);
    if (r < 0) {
      if (r === E_OVERFLOW) this.overflows++;
      return r;
    }
    const t = this.timerResult(r);
    if (t === 1) {
      this.bytes = this.flight.lose(slot, this.cum[slot]);
      this.lostBytes = this.holeWire(slot);
      this.ev = -1;
    } else if (t === 2) {
      // RACK's reordering timer runs step 5 again (RFC 8985 §6.2): what it marks leaves the flight.
      const out = this.markLosses(slot);
      if (out > 0) {
        this.bytes = out;
        this.lostBytes = out;
        return 3;
      }
    }
    return t;
  }

  onData(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const b = h << 4;
    const f = pool.i32[b + P.Flags];
    const r = this.rx.onData(slot, nowNs, pool.i32[b + P.Psn], (f & Flag.Last) !== 0);
    if (r < 0) return 0;
    this.echoNs = pool.f64[h];
    this.echoSentNs = pool.sentNs[h];
    this.echoCe = f & Flag.Ce;
    this.echoNack = (r & QRx.Nack) !== 0 ? 1 : 0;
    return ((r & QRx.Place) !== 0 ? Rx.Deliver : 0) | ((r & (QRx.Ack | QRx.Nack)) !== 0 ? Rx.Ack : 0);
  }

  onHeader(_slot: number, _nowNs: number, _pool: PacketPool, _h: number): number {
    return 0;
  }

  fillAck(pool: PacketPool, a: number): void {
    const b = a << 4;
    const o = this.rx.out;
    pool.i32[b + P.W0] = o[0];
    pool.i32[b + P.W1] = o[1];
    pool.i32[b + P.W2] = o[2];
    pool.i32[b + P.W3] = this.echoNack;
    pool.i32[b + P.Flags] = this.echoCe !== 0 ? Flag.Ce : 0;
    pool.f64[a] = this.echoNs;
    pool.sentNs[a] = this.echoSentNs;
  }
}

/** Go-back-N (RoCE): ACK and NACK carry the expected PSN; a NACK or a timeout goes back to it. */
export class GbnTransport extends QpTransport<GbnSender, GbnReceiver> {
  readonly name = "gbn";
  /** The receiver accepts only the expected PSN (notes/baselines.md §3.3): delivery is in PSN order. */
  override readonly inOrder = 1;
  constructor(tx: GbnSender, rx: GbnReceiver, ackBytes: number, headerBytes: number, capacity: number) {
    super(tx, rx, ackBytes, headerBytes, capacity, 0);
  }
  protected senderAck(slot: number, nowNs: number, epsn: number, _w1: number, _w2: number, nack: number): number {
    if (nack === 0) return this.tx.onAck(slot, nowNs, epsn);
    // GbnSender.onNack goes back unless the NACK is older than SND.UNA (an ACK overtook it).
    const back = psn24Diff(epsn, this.tx.unaPsn(slot)) >= 0;
    const r = this.tx.onNack(slot, nowNs, epsn);
    if (r >= 0 && back) {
      // The packet already taken from the round lies past the hole: it goes again after it. A
      // stale NACK leaves the module's SND.NXT past that packet, so dropping it would leave it
      // to the RTO.
      this.pending[slot] = 0;
      this.wentBack = 1;
    }
    return r;
  }
  override onTimer(slot: number, nowNs: number): number {
    const t = super.onTimer(slot, nowNs);
    if (t === 1) this.pending[slot] = 0;
    return t;
  }
}

/** IRN: the ACK is cumulative; a NACK adds the out-of-order PSN that triggered it (W1). */
export class IrnTransport extends QpTransport<IrnSender, IrnReceiver> {
  readonly name = "irn";
  /** One past the PSNs already marked lost in this episode: IRN resends each lost packet once per episode, every episode's scan starting at the cumulative PSN (irn.ts). */
  private readonly markedTo: Int32Array;
  constructor(tx: IrnSender, rx: IrnReceiver, ackBytes: number, headerBytes: number, capacity: number) {
    super(tx, rx, ackBytes, headerBytes, capacity, rx.params.bdpPackets);
    this.markedTo = new Int32Array(capacity);
  }
  override open(slot: number): void {
    super.open(slot);
    this.markedTo[slot] = 0;
  }
  protected senderAck(slot: number, nowNs: number, cumPsn: number, sackPsn: number, _w2: number, nack: number): number {
    const tx = this.tx;
    const point = tx.recoveryPsn(slot);
    const r = nack === 0 ? tx.onAck(slot, nowNs, cumPsn) : tx.onNack(slot, nowNs, cumPsn, sackPsn);
    // A new episode begun as the last one ended on a hole (its recovery point moved) scans again
    // from the cumulative PSN (IRN §3.1): a packet resent in the last episode and still a hole is
    // lost again and leaves the flight until it is resent once more.
    if (r >= 0 && tx.inRecovery(slot) && tx.recoveryPsn(slot) !== point) this.markedTo[slot] = 0;
    return r;
  }
  /**
   * In recovery a packet below the highest SACK and neither ACKed nor SACKed is lost
   * (notes/baselines.md §5): those the highest SACK passed since the last ACK leave the flight.
   * One the sender already resent in this episode (below `markedTo`) stays: a lost resend waits for
   * the RTO, or for the next episode, which scans again from the cumulative PSN (senderAck).
   */
  protected override markLosses(slot: number): number {
    const tx = this.tx;
    if (!tx.inRecovery(slot)) return 0;
    const high = tx.highSackPsn(slot);
    const cum = this.cum[slot];
    let out = 0;
    for (let p = this.markedTo[slot] > cum ? this.markedTo[slot] : cum; p < high; p++) out += this.markLost(slot, p);
    if (high > this.markedTo[slot]) this.markedTo[slot] = high;
    return out;
  }
  /** A timeout resends every unSACKed packet up to its recovery point, which a later NACK's highest SACK must not mark lost again. */
  override onTimer(slot: number, nowNs: number): number {
    const t = super.onTimer(slot, nowNs);
    if (t === 1) {
      const point = this.tx.recoveryPsn(slot) + 1;
      if (point > this.markedTo[slot]) this.markedTo[slot] = point;
    }
    return t;
  }
}

/** RACK-TLP: every ACK carries the cumulative PSN, the PSN that triggered it and the DSACK bit. */
export class RackTransport extends QpTransport<RackSender, RackReceiver> {
  readonly name = "rack";
  constructor(tx: RackSender, rx: RackReceiver, ackBytes: number, headerBytes: number, capacity: number) {
    super(tx, rx, ackBytes, headerBytes, capacity, rx.params.windowPackets);
  }
  /**
   * RFC 8985 §7.4.2: a probe whose ACK shows it repaired a loss calls for the congestion
   * response to a loss, which no mark carries (the probe's copy was acknowledged): one packet
   * lost for each (`repairedBytes`).
   */
  protected senderAck(slot: number, nowNs: number, cumPsn: number, sackPsn: number, dsack: number, _nack: number): number {
    const repairs = this.tx.tlpRepairs(slot);
    const r = this.tx.onAck(slot, nowNs, cumPsn, sackPsn, dsack !== 0);
    if (r >= 0) this.repairedBytes = (this.tx.tlpRepairs(slot) - repairs) * (this.mss + this.header);
    return r;
  }
  protected override timerResult(r: number): number {
    if ((r & RACK_TIMER_RTO) !== 0) return 1;
    return r !== 0 ? 2 : 0; // RACK_TIMER_REORDER marked losses, RACK_TIMER_PROBE: a probe is due
  }
  /**
   * The packets step 5 marked lost (RFC 8985 §6.2, on an ACK or the reordering timer) and not
   * yet resent leave the flight; a retransmission marked lost again (§9.3) leaves again.
   */
  protected override markLosses(slot: number): number {
    const tx = this.tx;
    if (tx.lostPackets(slot) === 0) return 0;
    const cum = this.cum[slot];
    const n = tx.inflightPackets(slot);
    let out = 0;
    for (let k = 0; k < n; k++) if (tx.lostPsn(slot, cum + k)) out += this.markLost(slot, cum + k);
    return out;
  }
}

/** Timeout-only: ACKs are cumulative with the arriving PSN recorded; only the timer resends. */
export class TimeoutTransport extends QpTransport<TimeoutSender, TimeoutReceiver> {
  readonly name = "timeout";
  constructor(tx: TimeoutSender, rx: TimeoutReceiver, ackBytes: number, headerBytes: number, capacity: number) {
    super(tx, rx, ackBytes, headerBytes, capacity, rx.params.windowPackets);
  }
  protected senderAck(slot: number, nowNs: number, cumPsn: number, sackPsn: number): number {
    return this.tx.onAck(slot, nowNs, cumPsn, sackPsn);
  }
}
