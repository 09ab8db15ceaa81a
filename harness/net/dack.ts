// The duplicate-ACK endpoint-congestion policy over the fabric (lib/reliability/dack; Chong &
// Krishnan §II), and the paper's baselines: OPT (lib/reliability/opt) and TCP-like (OPT with
// cc `aimd`, §III-A).
//
// Sender: one DackInitiator (or OptInitiator) slot per flow streams the flow's packets, numbered
// from 0, each a full packet but the last. The initiators take their retransmission timer from
// the caller (§II-A): here one per flow, armed while packets sent since the last go-back are
// unacknowledged and restarted whenever the acknowledged number advances (RFC 6298 §5.1–5.3; the
// `deadline` field says why packets gone back to do not count).
//
// Receiver: each destination host has one DackTarget, its processing queue shared by the flows
// into the host (a stream per flow). It decides at a packet's arrival — accepted in order, or
// dropped (out of order, queue full, duplicate) — and acknowledges at arrival and when the host
// finishes a packet (§II-D, Fig. 1). The fabric drains the queue at the host's `rxGbps` (at once
// when 0) and sends every ACK the target lists: IACKs and DACKs as ACK packets (W0 = the DACK
// kind, PSN = the number), NACKs as NACK packets, marked last-hop only when the loss they report
// was the endpoint's own (a full queue, §II-F): the load balancer then hears GOOD and NSCC a
// last-hop trim; a NACK for an out-of-order packet reports a loss on the path (writeAck). AIMD
// halves on either (§III-A).
//
// The CC's inflight is kept as the RDMA baselines keep it (FlightLedger, ledger.ts): wire bytes
// handed to the CC are held until an ACK shows they are no longer between the acknowledged
// number and the highest number sent since the last go-back; a NACK or timeout releases them all.
// ACKs overtaken on the way (sprayed paths) are dropped here as stale, never passed to the
// initiator, which would count them as errors, nor to the CC, which would hear the bytes of the
// ACK before them again (RFC 9293 §3.10.7.4: an ACK below SND.UNA is a duplicate, ignored); the
// load balancer still hears the path they came back on. So is an IACK repeating the number the
// initiator has, the target's answer to a duplicate where no DACK is due (DackTarget): it tells
// an initiator that missed the first one where the target is, and the rest nothing.
//
// For results (metrics.sample, `dack.halt`) the glue watches the initiator's halt state after
// each call that may move it and counts the changes: the sans-IO module keeps no such tally, and
// one ACK may make two moves (a DACK carrying its IACK), which the state after it would hide.

import { DACK_KIND_DACK, DACK_KIND_IACK, DACK_KIND_NACK, DACK_ACCEPTED, DACK_DROP_FULL, DACK_DUPLICATE, DackTarget } from "../../lib/reliability/dack/target";
import { DACK_H0, DACK_H1, DACK_H_INF, DACK_H_MINUS1, DACK_RETRANSMIT, DACK_SEND_NEW, DackInitiator } from "../../lib/reliability/dack/initiator";
import { DACK_HEADER_BYTES, DACK_MSS_BYTES, type DackInitiatorParamsInput, type DackTargetParamsInput, dackMinPacketBytes } from "../../lib/reliability/dack/params";
import { OPT_SEND_NEW, OptInitiator, type OptParamsInput } from "../../lib/reliability/opt/opt";
import { Sx, Tx, type Transport, TransportOutputs } from "./adapters";
import { onSide } from "./side-params";
import { FlightLedger } from "./ledger";
import { Flag, P, type PacketPool } from "./packets";

/** What a per-host receiver needs to build its tables: each flow's destination, each host's receive buffer. */
export interface FlowEnds {
  dst: Int32Array;
  hosts: number;
  /** The host's receive buffer (network.rxBufferBytes, or a `put` entry's): the target's queueBytes unless params.target sets it. */
  bufferBytes: Float64Array;
  /**
   * Per host, the scenario field its bufferBytes came from, for the errors that refuse it
   * ("traffic[2].rxBufferBytes"); absent or "" where it is the network's.
   */
  bufferFrom?: string[];
}

/**
 * A receiver that is a processing queue per host (the DACK target): the fabric hands it each
 * arriving data packet and each packet the host finished, and sends the ACKs it lists.
 */
export interface HostQueue {
  /** Data packet `h` of flow `slot` reached its host: true when the queue took it. ACKs in ackCount… */
  arrive(slot: number, nowNs: number, pool: PacketPool, h: number): boolean;
  /** Host `host` finished the head packet of its queue. ACKs in ackCount… */
  processed(host: number, nowNs: number): void;
  /** Trimmed header `h` of flow `slot` reached its host (its packet is lost). ACKs in ackCount… */
  trimmed(slot: number, nowNs: number, pool: PacketPool, h: number): void;
  /** ACKs the last call listed; for each, its flow, whether it is a NACK, and writeAck. */
  ackCount(): number;
  ackFlow(i: number): number;
  ackIsNack(i: number): boolean;
  /** Writes ACK i into packet `a` (allocated for ackFlow(i)); `h` is the packet that caused it. */
  writeAck(i: number, pool: PacketPool, a: number, h: number): void;
}

export interface DackTotals {
  /**
   * ACK packets the targets sent: IACKs (each acknowledging new packets), DACKs (each a
   * congestion signal, §II-D–F), NACKs, and IACKs repeating the last number, which answer a
   * duplicate (or a trimmed resend of an accepted packet) where no DACK is due: no signal.
   */
  iacks: number;
  dacks: number;
  nacks: number;
  repeats: number;
  /** Data packets the targets dropped: queue full, out of order, already accepted. */
  dropsFull: number;
  dropsOutOfOrder: number;
  duplicates: number;
  /** Trimmed headers that reached the targets (each answered; not a drop at the target: the switch cut the packet). */
  trimmedHeaders: number;
  /** ACKs that reached their initiator behind a newer one (sprayed paths), ignored. */
  staleAcks: number;
  /** The initiators' halt-state transitions (reliability dack only; OPT has no halt state). */
  halt?: HaltTransitions;
}

/**
 * Transitions of the initiators' halt state (§II-E, Fig. 2; §II-F's retransmission state),
 * summed over the flows. Each counts a change of state only: a DACK to a stream already in H(−1),
 * an IACK in H∞ or one that advances H1's counter, a NACK while retransmitting, change nothing.
 */
export interface HaltTransitions {
  /** H∞ → H(−1): a DACK halting an unthrottled stream, the policy's throttle. */
  infToMinus1: number;
  /** Into H(−1) from any other state: H∞, H0 or H1 on a DACK, retransmit when its last resend leaves (§II-F). */
  toMinus1: number;
  /** Into H0: an IACK in H(−1), or in retransmit once the target sends IACKs again. */
  toH0: number;
  /** H0 → H1: a second IACK in a row. */
  toH1: number;
  /** H1 → H∞: the IACK that brings H1's counter to h1Threshold, the only way back to H∞. */
  toInf: number;
  /** Into retransmit: a NACK or timeout with packets to send again (one with none enters H(−1)). */
  toRetransmit: number;
}

/** The sender family: DackInitiator and OptInitiator share this shape. */
type Initiator = DackInitiator | OptInitiator;

export interface DackTransportParams {
  policy: "dack" | "opt";
  mssBytes: number;
  headerBytes: number;
  rtoNs: number;
  target?: DackTargetParamsInput;
  initiator?: DackInitiatorParamsInput | OptParamsInput;
}

export class DackTransport extends TransportOutputs implements Transport, HostQueue {
  readonly name: string;
  readonly ackBytes: number;
  readonly gated = 0;
  override readonly hostQueue: HostQueue = this;
  /** The target accepts a stream's packets in order and drops an out-of-order one (§II): DACK and OPT alike. */
  override readonly inOrder = 1;
  readonly tx: Initiator;
  /** One target per destination host (null where no flow ends). */
  readonly targets: (DackTarget | null)[];
  /** ACKs overtaken by newer ones on the way, dropped before the initiator saw them. */
  staleAcks = 0;
  /** ACK packets the targets sent, by kind. */
  sentIacks = 0;
  sentDacks = 0;
  sentNacks = 0;
  sentRepeats = 0;

  private readonly dack: number;
  private readonly mss: number;
  private readonly header: number;
  private readonly rtoNs: number;
  private readonly targetOf: Int32Array;
  private readonly localOf: Int32Array;
  /** Flow of each (host, local slot): flowAt[localBase[host] + local]. */
  private readonly localBase: Int32Array;
  private readonly flowAt: Int32Array;
  private readonly postedBytes: Float64Array;
  private readonly packets: Int32Array;
  private readonly flight: FlightLedger;
  /**
   * The retransmission timer's deadline, ns on the fabric's wrapping 32-bit clock, and whether it
   * is armed. It runs while a packet sent since the last go-back is unacknowledged (RFC 6298
   * §5.1–5.3: started by a send when off, restarted by an ACK of new data, off when everything
   * outstanding is acknowledged); the packets a NACK or timeout sent back to are not outstanding
   * until they go again, however long the CC holds them: the go-back took them out of the CC's
   * flight as lost, so an expiry for them would cut the CC for packets it no longer counts.
   * (BSD's tcp_input runs the timer until snd_max is acknowledged, but its expiry resends at
   * once; here a pacer may hold the resend for many RTOs.)
   */
  private readonly deadline: Int32Array;
  private readonly armed: Uint8Array;
  private readonly retx: Int32Array;
  private readonly tmo: Int32Array;
  /** The EV and the send time (ns, wrapping) of each flow's last data packet at its target. */
  private readonly rxEv: Int32Array;
  private readonly rxEchoNs: Int32Array;
  /**
   * The flow's accepted CE-marked packets no IACK has covered yet (writeAck, ceCovered): the
   * lowest one's number (−1: none), the marks of it and the 31 numbers above it (bit i: number
   * ceBase + i), and the highest mark beyond those 32 (−1: none).
   */
  private readonly ceBase: Int32Array;
  private readonly ceMask: Int32Array;
  private readonly ceFar: Int32Array;
  /** Per host: the smallest packet its target counts; a shorter one (a flow's last) is counted as this. */
  private readonly minPacketOf: Int32Array;
  /** The target whose `out` the last arrive / processed call wrote, its host, and the time of that call (ns, wrapping). */
  private lastTarget: DackTarget | null = null;
  private lastHost = 0;
  private lastNowNs = 0;
  /** 1 when the NACK the last call listed reports a loss at the endpoint (the target's full queue) or its last hop (a trimmed header), else 0. */
  private nackLastHop = 0;
  /** 1 when the last call answered a number already accepted, so an IACK it listed repeats the last number; else 0. */
  private repeating = 0;
  /**
   * Reliability dack: each flow's halt state as last seen (DACK_H_*), and the transitions seen,
   * counted at index from × 5 + to (the five states of DackInitiator.haltState).
   */
  private readonly haltSeen: Uint8Array;
  private readonly haltMoves = new Float64Array(25);

  constructor(p: DackTransportParams, ends: FlowEnds, ackBytes: number) {
    super();
    const F = ends.dst.length;
    this.dack = p.policy === "dack" ? 1 : 0;
    this.name = p.policy;
    this.ackBytes = ackBytes;
    this.mss = p.mssBytes;
    this.header = p.headerBytes;
    this.rtoNs = p.rtoNs;
    this.minPacketOf = new Int32Array(ends.hosts);
    const cap = Math.max(1, F);
    this.tx = onSide("initiator", () => (this.dack !== 0 ? new DackInitiator(p.initiator as DackInitiatorParamsInput, cap) : new OptInitiator(p.initiator as OptParamsInput, cap)));
    const targetParams: DackTargetParamsInput = { policy: this.dack !== 0 ? "dack" : "baseline", ...p.target };
    const count = new Int32Array(ends.hosts);
    for (let f = 0; f < F; f++) count[ends.dst[f]]++;
    this.localBase = new Int32Array(ends.hosts + 1);
    for (let h = 0; h < ends.hosts; h++) this.localBase[h + 1] = this.localBase[h] + count[h];
    const threshold = targetParams.policyThresholdBytes ?? DACK_MSS_BYTES;
    this.targets = Array.from(count, (n, host) => {
      if (n === 0) return null;
      const queueBytes = targetParams.queueBytes ?? ends.bufferBytes[host];
      // Name the field the user set: a `put` entry's own rxBufferBytes, when it gave one, is not the network's.
      const from = targetParams.queueBytes !== undefined ? "params.target.queueBytes" : ends.bufferFrom?.[host] || "network.rxBufferBytes, else bufferBytes";
      if (queueBytes < threshold) {
        throw new RangeError(
          `host ${host}'s receive buffer (${queueBytes} B: ${from}) is below the target's policy threshold (${threshold} B, §III-A's 9 KB unless params.target.policyThresholdBytes)`,
        );
      }
      // The smallest packet the target counts: a last packet of one byte (header + 1, at most
      // the module's 64 B header), raised by the module's own rule so that a deep queue (§IV-D)
      // still holds at most 65535 of them. A shorter packet, only ever a flow's last, is counted
      // as this size (arrive): the occupancy is over by less than minPacketBytes (129 B at 8 MiB)
      // per flow whose last packet is queued.
      const minPacketBytes = targetParams.minPacketBytes ?? dackMinPacketBytes(queueBytes, Math.min(DACK_HEADER_BYTES, p.headerBytes + 1));
      if (targetParams.minPacketBytes === undefined && minPacketBytes > this.mss + this.header) {
        throw new RangeError(
          `host ${host}'s receive buffer (${queueBytes} B: ${from}) holds more than 65535 full packets (${this.mss + this.header} B), the most a DACK target's queue holds: give ${targetParams.queueBytes !== undefined ? "a smaller params.target.queueBytes" : `params.target.queueBytes or a smaller ${ends.bufferFrom?.[host] || "network.rxBufferBytes"}`}`,
        );
      }
      this.minPacketOf[host] = minPacketBytes;
      return onSide("target", () => new DackTarget({ queueBytes, minPacketBytes, ...targetParams }, n));
    });
    for (const t of this.targets) {
      if (t !== null && t.params.maxPacketBytes < this.mss + this.header) {
        throw new RangeError(`a full packet (${this.mss + this.header} B) exceeds the target's maxPacketBytes ${t.params.maxPacketBytes} (raise target.policyThresholdBytes and maxPacketBytes)`);
      }
    }
    this.targetOf = Int32Array.from(ends.dst);
    this.localOf = new Int32Array(F);
    this.flowAt = new Int32Array(Math.max(1, F));
    count.fill(0);
    for (let f = 0; f < F; f++) {
      const h = ends.dst[f];
      this.localOf[f] = count[h]++;
      this.flowAt[this.localBase[h] + this.localOf[f]] = f;
    }
    this.postedBytes = new Float64Array(cap);
    this.packets = new Int32Array(cap);
    this.flight = new FlightLedger(cap, this.mss + this.header);
    this.deadline = new Int32Array(cap);
    this.armed = new Uint8Array(cap);
    this.retx = new Int32Array(cap);
    this.tmo = new Int32Array(cap);
    this.rxEv = new Int32Array(cap);
    this.rxEchoNs = new Int32Array(cap);
    this.ceBase = new Int32Array(cap).fill(-1);
    this.ceMask = new Int32Array(cap);
    this.ceFar = new Int32Array(cap).fill(-1);
    this.haltSeen = new Uint8Array(this.dack !== 0 ? cap : 0);
  }

  open(slot: number): void {
    this.tx.open(slot, 0, this.mss + this.header);
    (this.targets[this.targetOf[slot]] as DackTarget).open(this.localOf[slot], 0);
  }

  /** The flow's bytes join its stream (the fabric posts one message per flow). */
  post(slot: number, bytes: number): number {
    this.postedBytes[slot] += bytes;
    this.packets[slot] = Math.max(1, Math.ceil(this.postedBytes[slot] / this.mss));
    return 0;
  }

  nextBytes(slot: number): number {
    const seq = this.tx.nextSeq(slot);
    if (seq >= this.packets[slot] || !this.tx.canSend(slot)) return 0;
    return this.payloadOf(slot, seq) + this.header;
  }

  nextPsn(slot: number): number {
    return this.tx.nextSeq(slot);
  }

  nextPacket(slot: number, nowNs: number): number {
    const k = this.tx.onSend(slot);
    if (k <= 0) return 0;
    // §II-F: the last resend of a go-back returns the stream to H(−1).
    if (this.dack !== 0) this.noteHalt(slot);
    const seq = this.tx.out[0];
    this.psn = seq;
    this.msn = 0;
    this.retryNo = 0;
    this.payload = this.payloadOf(slot, seq);
    this.bytes = this.payload + this.header;
    this.msgPackets = this.packets[slot];
    this.flight.sent(slot, seq, this.bytes);
    if (this.armed[slot] === 0) this.arm(slot, nowNs);
    const isNew = k === (this.dack !== 0 ? DACK_SEND_NEW : OPT_SEND_NEW);
    if (!isNew) this.retx[slot]++;
    return (isNew ? Tx.New : Tx.Retransmit) | (seq === this.packets[slot] - 1 ? Tx.Last : 0);
  }

  /** An IACK or DACK (W0 the kind, PSN the number). */
  onAck(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const b = h << 4;
    const seq = pool.i32[b + P.Psn];
    const acked = this.tx.ackedSeq(slot);
    if (seq < acked || (seq === acked && pool.i32[b + P.W0] === DACK_KIND_IACK)) {
      this.staleAcks++;
      this.newBytes = 0;
      this.restoredBytes = 0;
      this.completed = 0;
      this.rttNs = 0;
      return Sx.Stale;
    }
    if (this.dack !== 0) {
      const tx = this.tx as DackInitiator;
      // A DACK that overtook the IACK of its number carries that IACK too; each moves Fig. 2's
      // state on its own (H0 → H1 → H(−1)), so each is counted.
      if (seq > acked) {
        tx.onIack(slot, seq);
        this.noteHalt(slot);
      }
      if (pool.i32[b + P.W0] === DACK_KIND_DACK) {
        tx.onDack(slot, seq);
        this.noteHalt(slot);
      }
    } else (this.tx as OptInitiator).onAck(slot, seq);
    return this.progress(slot, nowNs, pool, h, acked);
  }

  /** A NACK from the target: packets after the number were dropped there; go back. */
  onNack(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const seq = pool.i32[(h << 4) + P.Psn];
    if (seq < this.tx.ackedSeq(slot) || seq >= this.tx.highSeq(slot)) {
      this.staleAcks++;
      return 0;
    }
    this.tx.onNack(slot, seq);
    if (this.dack !== 0) this.noteHalt(slot);
    // Every packet up to seq was accepted (§II-A): the CC hears those bytes acknowledged and only
    // the rest lost (NSCC cuts its window by what a NACK says is lost).
    this.newBytes = this.flight.release(slot, seq + 1, this.postedBytes[slot] + this.packets[slot] * this.header);
    this.bytes = this.flight.lose(slot, seq + 1);
    this.restartTimer(slot, nowNs);
    this.rttNs = this.rttOf(nowNs, pool, h);
    return 1;
  }

  onTimer(slot: number, nowNs: number): number {
    // Compared by difference: the clock wraps every 2^31 ns (2.1 s) of a long run.
    if (this.armed[slot] === 0 || ((nowNs - this.deadline[slot]) | 0) < 0) return 0;
    this.armed[slot] = 0;
    if (this.tx.outstandingPackets(slot) === 0) return 0;
    const first = this.tx.ackedSeq(slot) + 1;
    this.tx.onTimeout(slot);
    if (this.dack !== 0) this.noteHalt(slot);
    this.tmo[slot]++;
    this.bytes = this.flight.lose(slot, first);
    this.ev = -1;
    return 1;
  }

  timerArmed(slot: number): boolean {
    return this.armed[slot] !== 0;
  }
  deadlineNs(slot: number): number {
    return this.deadline[slot];
  }

  /** Unused: the fabric hands data to the host queue (hostQueue) instead. */
  onData(): number {
    return 0;
  }
  onHeader(): number {
    return 0;
  }
  fillAck(): void {}

  retransmissions(slot: number): number {
    return this.retx[slot];
  }
  timeouts(slot: number): number {
    return this.tmo[slot];
  }
  errors(): number {
    let n = this.tx.errors;
    for (const t of this.targets) if (t !== null) n += t.errors;
    return n;
  }

  // -------------------------------------------------------------------------------------------
  // HostQueue: the targets

  /** The target of `host`, whose `out` the call about to be made writes (ackCount, writeAck). */
  private answering(host: number, nowNs: number): DackTarget {
    const t = this.targets[host] as DackTarget;
    this.lastTarget = t;
    this.lastHost = host;
    this.lastNowNs = nowNs | 0;
    this.nackLastHop = 0;
    this.repeating = 0;
    return t;
  }

  arrive(slot: number, nowNs: number, pool: PacketPool, h: number): boolean {
    const host = this.targetOf[slot];
    const t = this.answering(host, nowNs);
    this.rxEv[slot] = pool.i32[(h << 4) + P.Ev];
    this.rxEchoNs[slot] = pool.f64[h] | 0;
    const bytes = pool.i32[(h << 4) + P.Bytes];
    const min = this.minPacketOf[host];
    const r = t.onData(this.localOf[slot], nowNs, pool.i32[(h << 4) + P.Psn], bytes < min ? min : bytes);
    if (r < 0) {
      t.out[0] = 0;
      return false;
    }
    if ((r & DACK_DUPLICATE) !== 0) this.repeating = 1;
    // Only a full queue drops the packet at the endpoint itself (§II-F); an out-of-order one
    // says the expected packet was lost before the target (writeAck).
    if ((r & DACK_DROP_FULL) !== 0) this.nackLastHop = 1;
    if ((r & DACK_ACCEPTED) === 0) return false;
    if ((pool.i32[(h << 4) + P.Flags] & Flag.Ce) !== 0) this.ceMark(slot, pool.i32[(h << 4) + P.Psn]);
    return true;
  }

  /**
   * A trimmed header: the target answers the loss at once with a NACK (DackTarget.onTrimmed;
   * the header's Rtx bit says whether it is of a resend), as a UEC target NACKs a trimmed
   * packet (PDS §3.5, notes/uec-nscc-reps-pds.md §2.6). Dropped unanswered (until 2026-12-04),
   * the loss waited for the flow's next packet to arrive out of order, and when none came — the
   * flow's last packet, or a resend, whose gap was NACKed already — for the RTO. The NACK is
   * last-hop (UEC UET_TRIMMED_LASTHOP, heard as NO_ECN by §3.6.12 process_ev) only when the
   * first packet it reports lost is this header's own and a last-hop port trimmed it; a header
   * beyond the expected number reports the expected one lost too, somewhere on the path.
   */
  trimmed(slot: number, nowNs: number, pool: PacketPool, h: number): void {
    const t = this.answering(this.targetOf[slot], nowNs);
    const b = h << 4;
    const local = this.localOf[slot];
    const seq = pool.i32[b + P.Psn];
    // By difference, as the target compares its 32-bit numbers.
    const d = (seq - t.expectedSeq(local)) | 0;
    const own = d === 0;
    this.repeating = d < 0 ? 1 : 0;
    if (t.onTrimmed(local, nowNs, seq, (pool.i32[b + P.Flags] & Flag.Rtx) !== 0) < 0) {
      t.out[0] = 0;
      return;
    }
    if (own && (pool.i32[b + P.Flags] & Flag.LastHop) !== 0) this.nackLastHop = 1;
  }

  processed(host: number, nowNs: number): void {
    const t = this.answering(host, nowNs);
    if (t.onProcessed(nowNs) < 0) t.out[0] = 0;
  }

  ackCount(): number {
    return this.lastTarget === null ? 0 : this.lastTarget.out[0];
  }
  ackFlow(i: number): number {
    return this.flowAt[this.localBase[this.lastHost] + (this.lastTarget as DackTarget).out[2 + 3 * i]];
  }
  ackIsNack(i: number): boolean {
    return (this.lastTarget as DackTarget).out[1 + 3 * i] === DACK_KIND_NACK;
  }

  /**
   * Kind and number; the EV (the path the load balancer hears about) and the send time (the
   * NIC's record, PacketPool.sentNs: an RTT sample, rttOf; and the packet's timestamp, f64) of
   * the packet that caused it, when it is the same flow's, else the EV of the
   * flow's last arrival. An ACK sent when the host finishes a packet thus echoes that packet's
   * path, as UEC's ACK echoes the EV of the packet that triggered it (§3.6.12): with the flow's
   * latest instead, a congested target (IACKs held back) would echo one path again and again
   * and never the paths of the packets that came between. The timestamp echo every ACK carries
   * (P.EchoNs; Reflex NDT times the round trip from its egress stamp by it, §III-D) is that
   * packet's, else the flow's last arrival's. With the send time goes the host's hold time of
   * that packet, arrival (pool.hostNs, hostReceive) to now, as Fabric.ack gives its ACKs: Swift's
   * t3 − t2 and NSCC's Service_Time, which the RTT they use leaves out.
   *
   * A NACK is marked last-hop only when the target dropped the packet for want of room: UEC
   * §3.6.12 process_ev (notes/uec-nscc-reps-pds.md §2.1) hears a last-hop loss as NO_ECN since
   * no other path avoids it, and the endpoint's own queue is the extreme case. A NACK for an
   * out-of-order packet reports that the expected packet was lost upstream of the target (§II-A:
   * the target drops what follows a gap) — a switch drop, a fault, a trimmed header — a loss
   * of the path, which §3.6.12 hears as NACK and NSCC as a non-last-hop trim (UET_TRIMMED).
   * Marking those last-hop too (until 2026-12-04) told the load balancer GOOD and NSCC a
   * last-hop trim for every path loss.
   *
   * CE goes back on the IACK that acknowledges a marked packet (DCTCP, Alizadeh et al. §3.1 and
   * RFC 8257 §3.2: the receiver echoes the marks of the packets an ACK covers; UEC's ACK M
   * flag), and on no DACK or repeat: those acknowledge nothing, and a DACK is sent for the
   * target's queue, not for a marked packet. An IACK of number n acknowledges every packet up to
   * n (§II-A, in-order acceptance; §II-D: under congestion n is the highest number below the
   * threshold position, so a packet accepted above it waits for a later IACK): it carries CE
   * when a marked packet it covers had none before (ceCovered); an IACK covering several says
   * only that one of them was marked. Until 2026-12-05 one pending bit per flow went on the
   * flow's next IACK, often one whose number was below the marked packet (7 of 72 CE IACKs in a
   * 7 → 1 put under DCTCP), and a second mark pending with it was lost.
   * Until 2026-12-04 an ACK copied the CE bit of the packet that caused it: under endpoint
   * congestion a departing packet of the same flow, or the arrival that drew a 0-byte DACK, so
   * ECN CCs (DCTCP, NSCC) heard marks on ACKs of no bytes and lost those of packets whose IACK
   * a later departure sent.
   */
  writeAck(i: number, pool: PacketPool, a: number, h: number): void {
    const o = (this.lastTarget as DackTarget).out;
    const ab = a << 4;
    const hb = h << 4;
    const kind = o[1 + 3 * i];
    if (kind === DACK_KIND_IACK) {
      if (this.repeating !== 0) this.sentRepeats++;
      else this.sentIacks++;
    } else if (kind === DACK_KIND_DACK) this.sentDacks++;
    else this.sentNacks++;
    pool.i32[ab + P.W0] = kind;
    pool.i32[ab + P.Psn] = o[3 + 3 * i];
    const f = pool.i32[ab + P.Flow];
    const same = f === pool.i32[hb + P.Flow];
    pool.i32[ab + P.Ev] = same ? pool.i32[hb + P.Ev] : this.rxEv[f];
    let flags = 0;
    if (kind === DACK_KIND_NACK) {
      // The NACK echoes the CE of the packet it answers, as UEC's NACK of a trimmed packet does.
      flags = (this.nackLastHop !== 0 ? Flag.LastHop : 0) | (same ? pool.i32[hb + P.Flags] & Flag.Ce : 0);
    } else if (kind === DACK_KIND_IACK && this.repeating === 0 && this.ceCovered(f, o[3 + 3 * i]) !== 0) flags = Flag.Ce;
    pool.i32[ab + P.Flags] = flags;
    pool.f64[a] = same ? pool.f64[h] : 0;
    pool.sentNs[a] = same ? pool.sentNs[h] : 0;
    pool.hostNs[a] = same ? (this.lastNowNs - pool.hostNs[h]) | 0 : 0;
    pool.i32[ab + P.EchoNs] = same ? pool.f64[h] | 0 : this.rxEchoNs[f];
  }

  /** For results.json: the targets' ACKs by kind, drops by reason and trimmed headers answered, and the stale ACKs. */
  totals(): DackTotals {
    let dropsFull = 0;
    let dropsOutOfOrder = 0;
    let duplicates = 0;
    let trimmedHeaders = 0;
    for (const t of this.targets) {
      if (t === null) continue;
      dropsFull += t.dropsFull;
      dropsOutOfOrder += t.dropsOutOfOrder;
      duplicates += t.duplicates;
      trimmedHeaders += t.trimmed;
    }
    const totals: DackTotals = { iacks: this.sentIacks, dacks: this.sentDacks, nacks: this.sentNacks, repeats: this.sentRepeats, dropsFull, dropsOutOfOrder, duplicates, trimmedHeaders, staleAcks: this.staleAcks };
    if (this.dack !== 0) totals.halt = this.haltTransitions();
    return totals;
  }

  /** The initiators' halt-state transitions so far (reliability dack; zeros under opt). */
  haltTransitions(): HaltTransitions {
    const m = this.haltMoves;
    const into = (to: number) => m[DACK_H_INF * 5 + to] + m[DACK_H_MINUS1 * 5 + to] + m[DACK_H0 * 5 + to] + m[DACK_H1 * 5 + to] + m[DACK_RETRANSMIT * 5 + to];
    return {
      infToMinus1: m[DACK_H_INF * 5 + DACK_H_MINUS1],
      toMinus1: into(DACK_H_MINUS1),
      toH0: into(DACK_H0),
      toH1: into(DACK_H1),
      toInf: into(DACK_H_INF),
      toRetransmit: into(DACK_RETRANSMIT),
    };
  }

  // -------------------------------------------------------------------------------------------
  // What metrics.sample reads (fabric takeSample)

  /** Bytes in host `host`'s processing queue, the packet the host is processing included (§II-D target_queue_occupancy); 0 where no flow ends. */
  targetBytes(host: number): number {
    const t = this.targets[host];
    return t === null ? 0 : t.occupancyBytes();
  }

  /** §II-D system_congested of host `host`'s target: occupancy above the policy threshold (OPT's baseline target too, which does not act on it). */
  targetCongested(host: number): boolean {
    const t = this.targets[host];
    return t !== null && t.congested();
  }

  /** The flow's halt state (DACK_H_INF, DACK_H_MINUS1, DACK_H0, DACK_H1, DACK_RETRANSMIT); −1 under opt, which has none. */
  haltState(slot: number): number {
    return this.dack !== 0 ? (this.tx as DackInitiator).haltState(slot) : -1;
  }

  /** Packets the flow's halt state still allows (§II-E; 0 in H∞, which the outstanding threshold alone limits); −1 under opt. */
  credits(slot: number): number {
    return this.dack !== 0 ? (this.tx as DackInitiator).credits(slot) : -1;
  }

  // -------------------------------------------------------------------------------------------

  private payloadOf(slot: number, seq: number): number {
    const rest = this.postedBytes[slot] - seq * this.mss;
    return rest < this.mss ? (rest > 0 ? rest : 0) : this.mss;
  }

  /** After an ACK the initiator took (its acknowledged number was `ackedBefore`): release held bytes, restart the timer, report. */
  private progress(slot: number, nowNs: number, pool: PacketPool, h: number, ackedBefore: number): number {
    const cum = this.tx.ackedSeq(slot) + 1;
    this.newBytes = this.flight.release(slot, cum, this.postedBytes[slot] + this.packets[slot] * this.header);
    if (cum > ackedBefore + 1) this.restartTimer(slot, nowNs);
    this.restoredBytes = 0;
    this.completed = 0;
    this.rttNs = this.rttOf(nowNs, pool, h);
    return (this.rttNs > 0 ? Sx.Rtt : 0) | (cum >= this.packets[slot] ? Sx.Done : 0);
  }

  /**
   * Flow `slot` accepted marked packet `seq`. Acceptance is in order (§II-A), so `seq` is above
   * every mark pending: it joins the 32-number window from the lowest, or beyond it as the
   * highest far mark (one beyond an earlier far mark replaces it: see ceCovered).
   */
  private ceMark(slot: number, seq: number): void {
    const base = this.ceBase[slot];
    if (base < 0) {
      this.ceBase[slot] = seq;
      this.ceMask[slot] = 1;
    } else if (seq - base < 32) this.ceMask[slot] |= 1 << (seq - base);
    else this.ceFar[slot] = seq;
  }

  /**
   * 1 when IACK number `seq` of flow `slot` covers a pending mark (one at or below `seq`), which
   * it then takes off; else 0. The window from the lowest mark follows every mark exactly while
   * the flow's pending marks lie within 32 numbers of the lowest, as they do in the paper's 81
   * KiB queue (at most 39 full packets, across all flows). Beyond it only the highest far mark
   * is kept, and marks between the window and it go unechoed once the window is spent: under
   * deep queues an IACK may miss a mark, but none carries CE for packets of which none was
   * marked, and the flow's last mark always goes back. Three words per flow, O(1) per call.
   */
  private ceCovered(slot: number, seq: number): number {
    const base = this.ceBase[slot];
    if (base < 0 || seq < base) return 0;
    const step = seq - base + 1;
    const mask = step >= 32 ? 0 : this.ceMask[slot] >>> step;
    const far = this.ceFar[slot];
    if (mask !== 0) {
      // The lowest mark left: its number above seq, the trailing zeros of what is left.
      const lowest = 31 - Math.clz32(mask & -mask);
      const next = seq + 1 + lowest;
      this.ceBase[slot] = next;
      this.ceMask[slot] = mask >>> lowest;
      if (far >= 0 && far - next < 32) {
        this.ceMask[slot] |= 1 << (far - next);
        this.ceFar[slot] = -1;
      }
    } else if (far > seq) {
      this.ceBase[slot] = far;
      this.ceMask[slot] = 1;
      this.ceFar[slot] = -1;
    } else {
      this.ceBase[slot] = -1;
      this.ceMask[slot] = 0;
      this.ceFar[slot] = -1;
    }
    return 1;
  }

  /** Counts the flow's halt-state change, if any, since the last look (reliability dack). */
  private noteHalt(slot: number): void {
    const now = (this.tx as DackInitiator).haltState(slot);
    const was = this.haltSeen[slot];
    if (now === was) return;
    this.haltMoves[was * 5 + now]++;
    this.haltSeen[slot] = now;
  }

  private restartTimer(slot: number, nowNs: number): void {
    if (this.tx.outstandingPackets(slot) > 0) this.arm(slot, nowNs);
    else this.armed[slot] = 0;
  }

  private arm(slot: number, nowNs: number): void {
    this.deadline[slot] = (nowNs + this.rtoNs) | 0;
    this.armed[slot] = 1;
  }

  /**
   * The echoed send time's RTT sample, or 0 when the ACK carries none (writeAck's 0; a packet
   * sent at the very instant the 32-bit clock reads 0 gives no sample either). The send time is
   * the NIC's record of it (PacketPool.sentNs), as the RDMA baselines take theirs (rounds.ts):
   * the data packet's timestamp, which the ACK echoes too, is for an inter-DC flow under Reflex
   * NDT its egress time at the destination ESW (§III-D), and timed from that the sample left out
   * the WAN's way there (until 2026-12-05: 60 µs, not 114 µs, across a 50 µs WAN).
   */
  private rttOf(nowNs: number, pool: PacketPool, h: number): number {
    const sent = pool.sentNs[h];
    const rtt = (nowNs - sent) | 0;
    return sent !== 0 && rtt > 0 ? rtt : 0;
  }
}

/** Builds the transport for reliability `dack` or `opt`; CC is the scenario's (`none` for the paper's runs). */
/** @throws RangeError for a parameter other than target, initiator and rtoNs, or a bad rtoNs. */
export function makeDackTransport(policy: "dack" | "opt", user: Record<string, unknown>, mssBytes: number, headerBytes: number, rtoNs: number, ends: FlowEnds, ackBytes: number): DackTransport {
  for (const k of Object.keys(user)) {
    if (k !== "target" && k !== "initiator" && k !== "rtoNs") throw new RangeError(`unknown parameter ${k} (expected target, initiator, rtoNs)`);
  }
  const rto = user.rtoNs;
  if (rto !== undefined && !(Number.isInteger(rto) && (rto as number) >= 1 && (rto as number) <= 2 ** 31 - 1)) throw new RangeError(`rtoNs must be an integer in [1, 2^31), got ${rto}`);
  return new DackTransport(
    {
      policy,
      mssBytes,
      headerBytes,
      rtoNs: (user.rtoNs as number | undefined) ?? rtoNs,
      target: user.target as DackTargetParamsInput | undefined,
      initiator: user.initiator as DackInitiatorParamsInput | undefined,
    },
    ends,
    ackBytes,
  );
}
