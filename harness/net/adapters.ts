// Thin adapters between the NIC model and the library's module families. The NIC drives every
// module only through its public handlers (DESIGN.md module contract); an adapter exists where
// the families' shapes differ:
//   congestion control — NSCC reacts to a trimmed packet with onTrim (and takes its RTT), the
//     baselines with onNack or not at all; window modules gate with canSend, rate modules pace
//     with pacingGapPs; DCQCN has caller-owned timers (nextTimerNs / onTimer) and a receiver-side
//     notification point (DcqcnNp) whose CNPs the NIC carries back;
//   load balancing — every LB shares choosePath / onPathFeedback; only `open` differs;
//   reliability — the transport adapter turns packets into handler calls and handler outputs
//     into packets (RUD here: ACK_CC with CACK, SACK bitmap and rcvd_bytes; NACK on trims; DCP
//     and the RDMA baselines, whose senders run in scheduling rounds, in rounds.ts).
// Adapters keep no per-flow state of their own beyond what a NIC would (nothing here reaches
// into a module's columns).

import { AIMD_DECREASE, AIMD_IGNORED, AIMD_INCREASE, AIMD_SLOW_START, AIMD_TIMEOUT, Aimd } from "../../lib/cc/aimd/aimd";
import { E_OVERFLOW } from "../../lib/core/errors";
import { DCQCN_SEND_CNP, DcqcnNp } from "../../lib/cc/dcqcn/np";
import { DCQCN_ADDITIVE, DCQCN_ALPHA, DCQCN_DECREASE, DCQCN_FAST_RECOVERY, DCQCN_HYPER, Dcqcn } from "../../lib/cc/dcqcn/dcqcn";
import { DCTCP_ALPHA, DCTCP_DECREASE, DCTCP_INCREASE, Dctcp } from "../../lib/cc/dctcp/dctcp";
import { MPRDMA_DECREASE, MPRDMA_INCREASE, MPRDMA_OOO_TOLERANCE_PACKETS, MPRDMA_RESET, Mprdma } from "../../lib/cc/mprdma/mprdma";
import { psnDiff } from "../../lib/core/psn";
import {
  NSCC_ACK_REQUEST,
  NSCC_DECREASE,
  NSCC_FAIR,
  NSCC_FAST,
  NSCC_FULFILL,
  NSCC_IGNORED,
  NSCC_MD,
  NSCC_PROPORTIONAL,
  NSCC_QUICK_ADAPT,
  NSCC_REPATH,
  NSCC_SAMPLED_OUT,
  Nscc,
} from "../../lib/cc/nscc/nscc";
import { SWIFT_DECREASE, SWIFT_ENDPOINT_DECREASE, SWIFT_ENDPOINT_INCREASE, SWIFT_INCREASE, SWIFT_MIN_WINDOW, SWIFT_PACE, Swift } from "../../lib/cc/swift/swift";
import { TIMELY_GRADIENT_DECREASE, TIMELY_GRADIENT_INCREASE, TIMELY_HAI, TIMELY_HIGH_DECREASE, TIMELY_LOW_INCREASE, Timely } from "../../lib/cc/timely/timely";
import { RudReceiver, RUD_RX_ACK, RUD_RX_NACK, RUD_RX_NEW } from "../../lib/reliability/rud/receiver";
import { RudSender } from "../../lib/reliability/rud/sender";
import type { HostQueue } from "./dack";
import { SignedFlight } from "./ledger";
import { Flag, P, type PacketPool } from "./packets";

// ---------------------------------------------------------------------------------------------
// Congestion control

/**
 * Counter positions per table: a result bit's position (every module's bits lie below 2^11,
 * NSCC_ACK_REQUEST = 1024 the highest), and for DCQCN's notification point its bit's position
 * plus NP_DECISION_OFFSET, since its DCQCN_SEND_CNP is bit 0, as the reaction point's
 * DCQCN_DECREASE is, and the adapter drives both.
 */
export const CC_DECISION_SLOTS = 32;
const NP_DECISION_OFFSET = 16;

/**
 * Counter position → the exported constant's name ("" for a position no constant names). The
 * names come from the constants' own identifiers (object shorthand), so a renamed constant
 * renames its count; a value that is not one bit is a programming error caught at load.
 */
function decisionNames(flags: Record<string, number>, offset = 0, into: string[] = new Array<string>(CC_DECISION_SLOTS).fill("")): string[] {
  for (const name of Object.keys(flags)) {
    const v = flags[name];
    if (!(v > 0 && (v & (v - 1)) === 0)) throw new Error(`${name} = ${v} is not one result bit`);
    into[offset + 31 - Math.clz32(v)] = name;
  }
  return into;
}

// Every bit each module's handlers return (lib/cc/*/README.md, "Interface" or "Results"). Bits a
// handler here never calls (NSCC onReceiverPenalty's DECREASE comes through no fabric call)
// are listed still: their count says 0, not "unknown".
const NSCC_DECISIONS = decisionNames({ NSCC_REPATH, NSCC_MD, NSCC_FAIR, NSCC_PROPORTIONAL, NSCC_FAST, NSCC_QUICK_ADAPT, NSCC_IGNORED, NSCC_FULFILL, NSCC_DECREASE, NSCC_SAMPLED_OUT, NSCC_ACK_REQUEST });
const DCTCP_DECISIONS = decisionNames({ DCTCP_INCREASE, DCTCP_DECREASE, DCTCP_ALPHA });
const MPRDMA_DECISIONS = decisionNames({ MPRDMA_INCREASE, MPRDMA_DECREASE, MPRDMA_RESET });
const AIMD_DECISIONS = decisionNames({ AIMD_INCREASE, AIMD_SLOW_START, AIMD_DECREASE, AIMD_IGNORED, AIMD_TIMEOUT });
const SWIFT_DECISIONS = decisionNames({ SWIFT_INCREASE, SWIFT_DECREASE, SWIFT_ENDPOINT_INCREASE, SWIFT_ENDPOINT_DECREASE, SWIFT_PACE, SWIFT_MIN_WINDOW });
const TIMELY_DECISIONS = decisionNames({ TIMELY_LOW_INCREASE, TIMELY_HIGH_DECREASE, TIMELY_GRADIENT_INCREASE, TIMELY_GRADIENT_DECREASE, TIMELY_HAI });
const DCQCN_DECISIONS = decisionNames({ DCQCN_SEND_CNP }, NP_DECISION_OFFSET, decisionNames({ DCQCN_DECREASE, DCQCN_ALPHA, DCQCN_FAST_RECOVERY, DCQCN_ADDITIVE, DCQCN_HYPER }));
const NO_DECISIONS = decisionNames({});

export interface CcAdapter {
  readonly name: string;
  /**
   * How many handler calls of this table returned each result bit, indexed by counter position
   * (`decisionNames`); a call that returns several bits counts once under each, an error code
   * (negative) under none. Read when the run reports (metrics/cc-decisions.ts), never by the NIC.
   */
  readonly decisions: Float64Array;
  /** The exported constant each counter position counts (NSCC_QUICK_ADAPT, …), "" where none. */
  readonly decisionNames: readonly string[];
  /** Where the scenario gives this table's spec ("transport.cc", "traffic[1].cc", with its DC class on two DCs), for reports; "" when built outside a scenario. */
  scope: string;
  /** 1: the module paces (rate modules, Swift below one packet): ask pacingGapPs after a send. */
  readonly paced: number;
  /** 1: the module has caller-owned timers. */
  readonly timed: number;
  /**
   * 1: the module's delay is t4 − t1 from NIC timestamps that every ACK echoes (Swift,
   * baselines §1.1; TIMELY, §2.1), so an ACK the transport takes no sample from (Karn's rule
   * on a retransmission, DCP's ACK) is still one: the fabric reads its echoed send time.
   */
  readonly nicTimestamps: number;
  /**
   * 1: every ACK sets the pacing gap anew, from the last send with the window that ACK left
   * (Swift: Isekai sets its timing wheel at the ACK, baselines §1.5), so an ACK that lifts the
   * window off its floor lets the held packet go at once instead of after the floor's gap.
   */
  readonly repacedByAck: number;
  /** 1: the module wants each ACK's data PSN after onAck (onAckedPsn): MP-RDMA's Δ filter. */
  readonly lateAcks: number;
  open(slot: number, hops: number): void;
  canSend(slot: number, bytes: number): boolean;
  /** Returns 1 when the module asks for the AR bit (UEC AckRequest). */
  onSend(slot: number, nowNs: number, bytes: number): number;
  /** A retransmission leaves: as onSend, except that modules counting the data sent (DCTCP's SND.NXT, TIMELY's per-RTT mark) do not count it. */
  onResend(slot: number, nowNs: number, bytes: number): number;
  /** `remoteDelayNs`: how long the receiving host held the data packet before it answered (Swift §3.2's t3 − t2; 0 with no sample). */
  onAck(slot: number, nowNs: number, ackedBytes: number, rttNs: number, ecn: boolean, remoteDelayNs: number): void;
  /** After onAck, with a transport whose ACK names it: the data PSN the ACK answers, and whether it echoes a retransmission. */
  onAckedPsn(slot: number, nowNs: number, psn: number, retransmit: boolean): void;
  /** A delay sample that acknowledges nothing (a Reflex pseudo-ACK's near-source RTT) for a data packet of `bytes`; only delay modules take one. */
  onDelaySample(slot: number, nowNs: number, bytes: number, rttNs: number): void;
  /** A NACK for a trimmed packet. */
  onTrim(slot: number, nowNs: number, bytes: number, lastHop: boolean, rttNs: number): void;
  /**
   * A loss found without a trim or a timeout: go-back-N's sequence error (notes/baselines.md
   * §3.3), packets IRN (§5) or RACK (RFC 8985 §6.2 step 5) mark lost, a loss RACK's tail-loss
   * probe repaired (§7.4.2). Two amounts, since what leaves the flight need not be what was
   * lost: `bytes` leave the flight (everything a go-back sends again, which the receiver
   * discarded after the hole; the packets marked lost; nothing for a repaired loss, whose
   * probe's copy was acknowledged), and `lostBytes` were lost in the network (a go-back's one
   * hole; each packet marked; one packet a repair). A module whose cut scales with the loss
   * cuts by `lostBytes` (NSCC's OnInferredLoss, MP-RDMA's NACK decrease); the others react as
   * their specification does to a loss found without a timeout, once per window of data
   * however many calls it takes (DCTCP and AIMD: RFC 6582 §3.2; Swift: once per RTT).
   */
  onLoss(slot: number, nowNs: number, bytes: number, lostBytes: number): void;
  /**
   * A retransmission timeout: `bytes`, everything presumed lost, leave the flight; `lostBytes`
   * is the packet the timeout finds lost, the oldest outstanding one (uet-htsim rtxTimerExpired
   * cuts one packet per RTO, uec-htsim-reference §4), for a module whose cut scales with it.
   * `attempt` is Transport.timeoutAttempt: that packet's own timeouts, this one included, from
   * a transport that times packets out one by one (RUD), for a module that counts timeouts per
   * packet (Swift, as Isekai takes Falcon's count); 0 (or left out) from a transport with one
   * timer per flow.
   */
  onTimeout(slot: number, nowNs: number, bytes: number, lostBytes: number, attempt?: number): void;
  /** Bytes taken out of flight by a NACK or timeout that were acknowledged before resending. */
  restore(slot: number, nowNs: number, bytes: number): void;
  /** Picoseconds before the flow's next packet after one of `bytes` (paced modules). */
  pacingGapPs(slot: number, bytes: number): number;
  /** DCQCN: a CNP reached the sender. */
  onCnp(slot: number, nowNs: number): void;
  timerArmed(slot: number): boolean;
  nextTimerNs(slot: number): number;
  /** true → the receiver side (DCQCN NP) sends its deferred CNP now. */
  onTimer(slot: number, nowNs: number): boolean;
  /** Receiver side (DCQCN NP): a data packet with CE or not; true → send a CNP now. */
  onData(slot: number, nowNs: number, ce: boolean): boolean;
  /** The window (bytes) or rate (b/s) now, for reports. */
  level(slot: number): number;
  /** Bytes the window still allows (rate modules: unbounded), for transports that take it as an argument (DCP awin). */
  windowLeft(slot: number): number;
  /** Bytes the module counts in flight (0 for a flow acknowledged in full: checkIntegrity). */
  inflightBytes(slot: number): number;
  errors(): number;
}

/** What every CC module offers the adapters alike; rate modules have no cwndBytes. */
interface CcModule {
  readonly errors: number;
  open(slot: number): void;
  canSend(slot: number, bytes: number): boolean;
  onSend(slot: number, nowNs: number, bytes: number): number;
  inflightBytes(slot: number): number;
  cwndBytes?(slot: number): number;
}

/**
 * The pass-through every adapter starts from: a window module with no pacing, no timers and no
 * receiver side. Each adapter overrides where its module differs.
 */
abstract class WindowCc {
  readonly paced: number = 0;
  readonly timed: number = 0;
  readonly nicTimestamps: number = 0;
  readonly repacedByAck: number = 0;
  readonly lateAcks: number = 0;
  readonly decisions = new Float64Array(CC_DECISION_SLOTS);
  abstract readonly decisionNames: readonly string[];
  scope = "";
  abstract readonly m: CcModule;
  /**
   * Counts a handler's result bits from counter position `offset`: one increment per bit set,
   * lowest first, no allocation. Results ≤ 0 (nothing, or an error the module's `errors`
   * counts) count nowhere. Counting only reads what the module returned: nothing it decides changes.
   */
  protected tally(r: number, offset = 0): void {
    const c = this.decisions;
    while (r > 0) {
      const low = r & -r;
      c[offset + 31 - Math.clz32(low)]++;
      r ^= low;
    }
  }
  abstract onTrim(slot: number, nowNs: number, bytes: number, lastHop: boolean, rttNs: number):
    void;
  /**
   * The module's NACK loss path, which every module but NSCC's and MP-RDMA's shares with the
   * trim: DCTCP and AIMD a fast-retransmit halving (RFC 8257 §3.5, RFC 5681 §3.2;
   * notes/baselines.md §4.1 "Loss → standard TCP halving", §6b the DACK paper's TCP-like "halve
   * on NACK"), Swift its fast-recovery cut (Alg. 1, §1.4), TIMELY and DCQCN only their window's
   * inflight (their READMEs' "window under loss" rows: no rate change). None of these cuts
   * scales with the bytes lost, so `bytes` alone, what leaves the flight, is passed on.
   */
  onLoss(slot: number, nowNs: number, bytes: number, _lostBytes: number): void {
    this.onTrim(slot, nowNs, bytes, false, 0);
  }
  open(slot: number, _hops: number): void {
    this.m.open(slot);
  }
  canSend(slot: number, bytes: number): boolean {
    return this.m.canSend(slot, bytes);
  }
  /**
   * A window module asks for an ACK at once (the AR bit) when its window cannot take another
   * packet of this size: UEC's AckRequest rule (cwnd − inflight < MTU), which NSCC applies
   * itself. Without it a window below the receiver's coalescing threshold (16 KiB) would wait
   * for the RTO to learn anything (Swift at a fraction of a packet). Rate modules by their send
   * window (RateCc.windowLeft, HPCC's vwin) when they have one: before, a window below the
   * coalescing held its flow to one window per RTO (review rev-nic: 1 MB under 12,000 B, 242
   * timeouts).
   */
  onSend(slot: number, nowNs: number, bytes: number): number {
    this.tally(this.m.onSend(slot, nowNs, bytes));
    return this.ackRequest(slot, bytes);
  }
  /** Modules that count no data sent take a retransmission as any send. */
  onResend(slot: number, nowNs: number, bytes: number): number {
    return this.onSend(slot, nowNs, bytes);
  }
  restore(slot: number, nowNs: number, bytes: number): void {
    this.m.onSend(slot, nowNs, bytes);
  }
  /** No window (windowLeft 2^30, above any packet) asks for nothing. */
  protected ackRequest(slot: number, bytes: number): number {
    return this.windowLeft(slot) < bytes ? 1 : 0;
  }
  level(slot: number): number {
    const m = this.m;
    return m.cwndBytes ? m.cwndBytes(slot) : 0;
  }
  errors(): number {
    return this.m.errors;
  }
  windowLeft(slot: number): number {
    const m = this.m;
    return m.cwndBytes ? m.cwndBytes(slot) - m.inflightBytes(slot) : 1 << 30;
  }
  inflightBytes(slot: number): number {
    return this.m.inflightBytes(slot);
  }
  pacingGapPs(_slot: number, _bytes: number): number {
    return 0;
  }
  onCnp(_slot: number, _nowNs: number): void {}
  onAckedPsn(_slot: number, _nowNs: number, _psn: number, _retransmit: boolean): void {}
  onDelaySample(_slot: number, _nowNs: number, _bytes: number, _rttNs: number): void {}
  timerArmed(_slot: number): boolean {
    return false;
  }
  nextTimerNs(_slot: number): number {
    return 0;
  }
  onTimer(_slot: number, _nowNs: number): boolean {
    return false;
  }
  onData(_slot: number, _nowNs: number, _ce: boolean): boolean {
    return false;
  }
}

export class NsccCc extends WindowCc implements CcAdapter {
  readonly name = "nscc";
  readonly decisionNames = NSCC_DECISIONS;
  constructor(readonly m: Nscc) {
    super();
  }
  override onSend(slot: number, nowNs: number, bytes: number): number {
    const r = this.m.onSend(slot, nowNs, bytes);
    this.tally(r);
    return (r & NSCC_ACK_REQUEST) !== 0 ? 1 : 0;
  }
  /** UEC §3.6.13.6 calculate_rtt: rtt = ack_arrival − (tx_timestamp + Service_Time), the receiving host's hold time left out. */
  onAck(slot: number, nowNs: number, acked: number, rttNs: number, ecn: boolean, remoteDelayNs: number): void {
    const rtt = rttNs - remoteDelayNs;
    this.tally(this.m.onAck(slot, nowNs, acked, rttNs > 0 ? (rtt > 1 ? rtt : 1) : rttNs, ecn));
  }
  onTrim(slot: number, nowNs: number, bytes: number, lastHop: boolean, rttNs: number): void {
    this.tally(this.m.onTrim(slot, nowNs, bytes, lastHop, rttNs));
  }
  /**
   * UEC OnInferredLoss (cwnd −= size): a loss no trim reported; OnNACK is for trims
   * (notes/uec-nscc-reps-pds.md). The size is the packet lost, not what left the flight with it.
   */
  override onLoss(slot: number, nowNs: number, bytes: number, lostBytes: number): void {
    this.tally(this.m.onInferredLoss(slot, nowNs, bytes, lostBytes));
  }
  /** OnInferredLoss for the packet the timeout found lost; everything presumed lost leaves the flight. */
  onTimeout(slot: number, nowNs: number, bytes: number, lostBytes: number): void {
    this.tally(this.m.onInferredLoss(slot, nowNs, bytes, lostBytes));
  }
}

/**
 * No congestion control: the reliability module's own limits alone (the DACK initiator's halt
 * states, OPT's outstanding threshold), as the endpoint-congestion paper runs them (§III-A).
 */
export class NoneCc extends WindowCc implements CcAdapter {
  readonly name = "none";
  readonly decisionNames = NO_DECISIONS;
  // A module with no window (no cwndBytes): WindowCc then never gates, asks no AR and reports 0.
  readonly m: CcModule = NO_MODULE;
  onAck(): void {}
  onTrim(): void {}
  onTimeout(): void {}
}

const NO_MODULE: CcModule = { errors: 0, open() {}, canSend: () => true, onSend: () => 0, inflightBytes: () => 0 };

/** DCTCP and MP-RDMA: ECN-echo window modules with onNack. */
export class EcnWindowCc extends WindowCc implements CcAdapter {
  readonly decisionNames: readonly string[];
  constructor(
    readonly name: string,
    readonly m: Dctcp | Mprdma,
  ) {
    super();
    this.decisionNames = m instanceof Mprdma ? MPRDMA_DECISIONS : DCTCP_DECISIONS;
  }
  onAck(slot: number, nowNs: number, acked: number, _rttNs: number, ecn: boolean): void {
    this.tally(this.m.onAck(slot, nowNs, acked, ecn));
  }
  onTrim(slot: number, nowNs: number, bytes: number): void {
    this.tally(this.m.onNack(slot, nowNs, bytes));
  }
  onTimeout(slot: number, nowNs: number, bytes: number): void {
    this.tally(this.m.onTimeout(slot, nowNs, bytes));
  }
}

/**
 * MP-RDMA's Δ filter (DCP-Simulation `mprdma` rdma-hw.cc, after the per-ACK update; the module
 * header): an ACK that echoes no retransmission and whose PSN is MPRDMA_OOO_TOLERANCE_PACKETS or
 * more below the highest such PSN ACKed (snd_ooh) is late, and the window drops by
 * outOfOrderDecreaseMss (Mprdma.onOutOfOrder; 0 in the htsim profile). Its input is each ACK's
 * data PSN, so it runs only over a transport whose ACK names one (RUD); NACKs never reach it.
 */
export class MprdmaCc extends EcnWindowCc {
  override readonly lateAcks = 1;
  /** snd_ooh: the highest PSN an ACK without a retransmission echo answered; `seen` 0 before the first. */
  private readonly highPsn: Int32Array;
  private readonly seen: Uint8Array;
  constructor(
    override readonly m: Mprdma,
    capacity: number,
  ) {
    super("mprdma", m);
    this.highPsn = new Int32Array(capacity);
    this.seen = new Uint8Array(capacity);
  }
  override open(slot: number, hops: number): void {
    super.open(slot, hops);
    this.seen[slot] = 0;
  }
  /**
   * MP-RDMA's NACK decrease (nackDecreaseMss per MSS) on the packet lost, not on everything that
   * left the flight with it: a go-back's discarded packets were not lost in the network.
   * (Its timeout resets the window whatever the bytes, DCP-Simulation SenderTimeout.)
   */
  override onLoss(slot: number, nowNs: number, bytes: number, lostBytes: number): void {
    this.tally(this.m.onInferredLoss(slot, nowNs, bytes, lostBytes));
  }
  override onAckedPsn(slot: number, nowNs: number, psn: number, retransmit: boolean): void {
    if (retransmit) return;
    if (this.seen[slot] === 0 || psnDiff(psn, this.highPsn[slot]) > 0) {
      this.highPsn[slot] = psn;
      this.seen[slot] = 1;
    } else if (psnDiff(this.highPsn[slot], psn) >= MPRDMA_OOO_TOLERANCE_PACKETS) {
      this.tally(this.m.onOutOfOrder(slot, nowNs));
    }
  }
}

/**
 * DCTCP: a retransmission, and bytes a loss took out that turn out delivered, are in flight again
 * without moving SND.NXT (`onRestore`), so DCTCP.WindowEnd and the recovery point stay in step
 * with the ACKs; as new data, each lost byte would push them one byte further away.
 */
export class DctcpCc extends EcnWindowCc {
  constructor(override readonly m: Dctcp) {
    super("dctcp", m);
  }
  override onResend(slot: number, nowNs: number, bytes: number): number {
    this.m.onRestore(slot, nowNs, bytes);
    return this.ackRequest(slot, bytes);
  }
  override restore(slot: number, nowNs: number, bytes: number): void {
    this.m.onRestore(slot, nowNs, bytes);
  }
}

export class AimdCc extends WindowCc implements CcAdapter {
  readonly name = "aimd";
  readonly decisionNames = AIMD_DECISIONS;
  constructor(readonly m: Aimd) {
    super();
  }
  onAck(slot: number, nowNs: number, acked: number): void {
    this.tally(this.m.onAck(slot, nowNs, acked));
  }
  onTrim(slot: number, nowNs: number, bytes: number): void {
    this.tally(this.m.onTrim(slot, nowNs, bytes));
  }
  onTimeout(slot: number, nowNs: number, bytes: number): void {
    this.tally(this.m.onTimeout(slot, nowNs, bytes));
  }
}

/** Swift: a delay window that paces below one packet; the remote delay is the receiving host's hold time of the packet the ACK answers (0 with no sample). */
export class SwiftCc extends WindowCc implements CcAdapter {
  readonly name = "swift";
  readonly decisionNames = SWIFT_DECISIONS;
  override readonly paced = 1;
  override readonly nicTimestamps = 1;
  override readonly repacedByAck = 1;
  constructor(readonly m: Swift) {
    super();
  }
  override open(slot: number, hops: number): void {
    this.m.open(slot, hops);
  }
  onAck(slot: number, nowNs: number, acked: number, rttNs: number, _ecn: boolean, remoteDelayNs: number): void {
    // §3.2: the fabric window sees RTT − remote delay; the endpoint window (endpointTargetNs) the remote delay.
    this.tally(this.m.onAck(slot, nowNs, acked, rttNs, remoteDelayNs));
  }
  override onDelaySample(slot: number, nowNs: number, bytes: number, rttNs: number): void {
    this.tally(this.m.onDelaySample(slot, nowNs, bytes, rttNs, 0));
  }
  /**
   * No delay sample from the NACK's RTT (Isekai takes one from a Falcon NACK, which has no
   * trimming): the trimmed header skipped the queue that trimmed it (lib/cc/swift README, "Choices").
   */
  onTrim(slot: number, nowNs: number, bytes: number): void {
    this.tally(this.m.onNack(slot, nowNs, bytes));
  }
  /**
   * The timed-out packet's own count from a transport that has one (RUD), else 0 and the module
   * counts the flow's consecutive timeouts (lib/cc/swift README, "Choices").
   */
  onTimeout(slot: number, nowNs: number, bytes: number, _lostBytes: number, attempt = 0): void {
    this.tally(this.m.onTimeout(slot, nowNs, bytes, attempt));
  }
  override pacingGapPs(slot: number, bytes: number): number {
    return this.m.pacingGapNs(slot, bytes) * 1000;
  }
}

/**
 * TIMELY and DCQCN: paced at the module's rate, reported by it. They do not react to loss: a
 * trim, a timeout or a restore moves only their optional send window's inflight (windowBytes;
 * HPCC's timely_vwin / dcqcn_vwin), which is also what DCP's awin is given; unbounded without one.
 */
abstract class RateCc extends WindowCc {
  abstract override readonly m: Timely | Dcqcn;
  override readonly paced = 1;
  onTrim(slot: number, nowNs: number, bytes: number): void {
    this.m.onLoss(slot, nowNs, bytes);
  }
  onTimeout(slot: number, nowNs: number, bytes: number): void {
    this.m.onLoss(slot, nowNs, bytes);
  }
  override restore(slot: number, nowNs: number, bytes: number): void {
    this.m.onRestore(slot, nowNs, bytes);
  }
  override windowLeft(slot: number): number {
    const w = this.m.windowBytes(slot);
    return w === 0 ? 1 << 30 : w - this.m.inflightBytes(slot);
  }
  /**
   * The packet's time at the current rate, to the ps: a NIC's rate limiter spends exact credit.
   * The module's own gap is rounded up to whole ns, and taken per packet that rounding slowed a
   * long flow (−0.33 % at 70 Gb/s with 1,500 B packets: 172 ns a packet for 171.43).
   */
  override pacingGapPs(slot: number, bytes: number): number {
    return Math.round((bytes * 8e12) / this.m.rateBps(slot)); // rateBps ≥ minRateMbps > 0
  }
  override level(slot: number): number {
    return this.m.rateBps(slot);
  }
}

/**
 * TIMELY. The paper's RTT is the completion time less the send time less the segment's
 * serialisation at line rate (§3.1, notes/baselines.md §2.1), which the module leaves to its
 * caller: the segment an ACK times here is one packet of `segmentBytes` on the wire. The HPCC
 * profile takes the raw difference, as HPCC's rdma-hw.cc does (now − the echoed timestamp).
 * Both times are the NIC's (§3.1: hardware timestamps), so every ACK is a sample, as for Swift
 * (`nicTimestamps`): under DCP, whose ACK carries no RTT of its own, TIMELY heard none before
 * and stayed at line rate in an incast.
 */
export class TimelyCc extends RateCc implements CcAdapter {
  readonly name = "timely";
  readonly decisionNames = TIMELY_DECISIONS;
  override readonly nicTimestamps = 1;
  /** The segment's serialisation subtracted from each sample, ns (0: none). */
  readonly serialisationNs: number;
  constructor(
    readonly m: Timely,
    segmentBytes = 0,
  ) {
    super();
    this.serialisationNs = m.params.profile === "paper" ? Math.round((segmentBytes * 8) / m.params.linkGbps) : 0;
  }
  onAck(slot: number, nowNs: number, acked: number, rttNs: number): void {
    this.tally(this.m.onAck(slot, nowNs, acked, rttNs > 0 ? this.sample(rttNs) : rttNs));
  }
  /** A retransmission is in flight again but not counted as sent: the per-RTT mark keeps pace with the ACKs. */
  override onResend(slot: number, nowNs: number, bytes: number): number {
    this.m.onRestore(slot, nowNs, bytes);
    return 0;
  }
  override onDelaySample(slot: number, nowNs: number, _bytes: number, rttNs: number): void {
    this.tally(this.m.onDelaySample(slot, nowNs, this.sample(rttNs)));
  }
  private sample(rttNs: number): number {
    const r = rttNs - this.serialisationNs;
    return r > 1 ? r : 1;
  }
}

/** DCQCN: the reaction point at the sender, the notification point at the receiver. */
export class DcqcnCc extends RateCc implements CcAdapter {
  readonly name = "dcqcn";
  readonly decisionNames = DCQCN_DECISIONS;
  override readonly timed = 1;
  constructor(
    readonly m: Dcqcn,
    readonly np: DcqcnNp,
  ) {
    super();
  }
  override open(slot: number): void {
    this.m.open(slot);
    this.np.open(slot);
  }
  onAck(slot: number, nowNs: number, acked: number): void {
    this.m.onAck(slot, nowNs, acked);
  }
  override onCnp(slot: number, nowNs: number): void {
    this.tally(this.m.onCnp(slot, nowNs));
  }
  // One timer per flow serves both ends: the RP's (α, rate increase) and the NP's deferred CNP
  // (DCQCN §3.1: a mark with a CNP in the last N µs gets one when the N µs are up).
  override timerArmed(slot: number): boolean {
    return this.m.timerArmed(slot) || this.np.timerArmed(slot);
  }
  override nextTimerNs(slot: number): number {
    if (!this.np.timerArmed(slot)) return this.m.nextTimerNs(slot);
    const cnpNs = this.np.nextTimerNs(slot);
    if (!this.m.timerArmed(slot)) return cnpNs;
    const rpNs = this.m.nextTimerNs(slot);
    return ((cnpNs - rpNs) | 0) < 0 ? cnpNs : rpNs;
  }
  override onTimer(slot: number, nowNs: number): boolean {
    if (this.m.timerArmed(slot)) this.tally(this.m.onTimer(slot, nowNs));
    const r = this.np.onTimer(slot, nowNs);
    this.tally(r, NP_DECISION_OFFSET);
    return (r & DCQCN_SEND_CNP) !== 0;
  }
  override onData(slot: number, nowNs: number, ce: boolean): boolean {
    const r = this.np.onData(slot, nowNs, ce);
    this.tally(r, NP_DECISION_OFFSET);
    return (r & DCQCN_SEND_CNP) !== 0;
  }
  override errors(): number {
    return this.m.errors + this.np.errors;
  }
}

// ---------------------------------------------------------------------------------------------
// Load balancing: the shared interface of lib/lb.

export interface LbTable {
  choosePath(slot: number, nowNs: number, psn: number): number;
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number;
  /** Spritz: the same with the ACK's RTT (0: no sample), for Scout's bufferOrder `rtt` (rttOrder 1). */
  onPathFeedbackRtt?(slot: number, nowNs: number, ev: number, kind: number, rttNs: number): number;
  readonly rttOrder?: number;
  /** REPS Appendix A: a timeout judged by the largest RTT of the last ~2 RTO (a failure when it stayed low). */
  onTimeoutRtt?(slot: number, nowNs: number, ev: number, recentMaxRttNs: number): number;
  errors: number;
}

// ---------------------------------------------------------------------------------------------
// Reliability

/** Results of the transport adapter's sender-side calls (mirrors of module out fields). */
export const enum Tx {
  New = 1,
  Retransmit = 2,
  Last = 4,
}

export const enum Rx {
  Deliver = 1, // a new data packet: count its payload (transports that deliver by packet)
  Ack = 2, // an ACK packet was filled
  Nack = 4, // a NACK (for DCP: the bounced HO) should be sent
  Complete = 8, // `completed` messages were completed in order (transports that deliver by message)
}

export const enum Sx {
  Rtt = 1,
  Complete = 4,
  Done = 8,
  /** The ACK is older than what the sender already knows (overtaken on a sprayed path): it acknowledges nothing and the CC does not hear it; its EV's path feedback stands. */
  Stale = 16,
  /**
   * A loss found without a trim or a timeout (CcAdapter.onLoss): a NACK that made the sender go
   * back (go-back-N), `bytes` the wire bytes it sends again, which leave the CC's flight, and
   * `lostBytes` its hole; or packets IRN or RACK marked lost, `bytes` = `lostBytes` their wire
   * bytes, which leave the flight until their resends; or a loss RACK's probe repaired,
   * `bytes` 0.
   */
  Lost = 32,
  /**
   * The ACK packet is a NACK: go-back-N's sequence error or IRN's out-of-order arrival, which
   * travel as ACK packets marked NACK (rounds.ts QpTransport). The fabric counts them in
   * `totals.nacks` with the trim NACKs its senders act on.
   */
  Nack = 64,
}

/**
 * What the NIC asks of a reliability module family. The NIC owns packets and timers; the
 * adapter maps packet fields to handler arguments and handler outputs to packet fields.
 */
export interface Transport {
  readonly name: string;
  readonly ackBytes: number;
  /** 1: the module takes the congestion window itself (DCP awin): the NIC does not call canSend. */
  readonly gated: number;
  /** 1: the receiver's NACK is the trimmed header bounced back (DCP §4.1 ②): an HO, not an ACK. */
  readonly nackIsHo: number;
  /** A receiver that is a processing queue per host (DACK): the fabric drives it instead of onData / onHeader. */
  readonly hostQueue: HostQueue | null;
  /** A flow larger than this goes as messages of this size and a last one with the rest (0: one message). */
  readonly messageBytes: number;
  /**
   * 1: the receiver hands the application each PSN in order, 0, 1, 2, … (it accepts only the
   * expected PSN: RoCE go-back-N, notes/baselines.md §3.3; the DACK target, Chong & Krishnan §II,
   * drops an out-of-order packet), and the fabric checks each delivery is the next PSN. 0: the
   * receiver places packets out of order (UEC RUD, §3.5 PDS; IRN, notes/baselines.md §5; RACK
   * and timeout-only, order-tolerant bitmap receivers; DCP, §4.4).
   */
  readonly inOrder: number;
  /**
   * 1: with Rx.Complete, `completedEndMsn` names the messages completed: they are the MSNs
   * [completedEndMsn − completed, completedEndMsn), completedEndMsn being the receiver's expected
   * MSN after them (DCP's eMSN, which only completions advance, in order: §4.5), and the fabric
   * checks each message completes once, in order, after all its packets reached the receiver.
   * 0: completions are counted, not named.
   */
  readonly namesCompletions: number;
  completedEndMsn: number;
  /** 1: onAck leaves in ackedPsn the data PSN the ACK answers and in ackedRetransmit whether it echoes a retransmission (RUD). */
  readonly namesAckedPsn: number;
  ackedPsn: number;
  ackedRetransmit: boolean;
  open(slot: number): void;
  post(slot: number, bytes: number): number;
  /** Wire bytes of the packet that would go now (0: none); `cc` is the flow's congestion control. */
  nextBytes(slot: number, nowNs: number, cc: CcAdapter): number;
  nextPsn(slot: number): number;
  /** Tx bits; then psn, bytes, payload, msn, retryNo, msgPackets. */
  nextPacket(slot: number, nowNs: number, ev: number): number;
  psn: number;
  bytes: number;
  payload: number;
  msn: number;
  retryNo: number;
  msgPackets: number;
  /**
   * Sender: an ACK packet `h` arrived. Sx bits, or a negative error; then newBytes, rttNs,
   * restoredBytes, completed (and with Sx.Lost, bytes and lostBytes).
   */
  onAck(slot: number, nowNs: number, pool: PacketPool, h: number): number;
  newBytes: number;
  rttNs: number;
  restoredBytes: number;
  completed: number;
  /**
   * Sender: a NACK for a trimmed packet; 1 when it will be retransmitted (then bytes, the bytes
   * lost, rttNs, and newBytes, the bytes it acknowledges: a DACK NACK's number was accepted with
   * all before it, elsewhere 0), 0 ignored, < 0 error.
   */
  onNack(slot: number, nowNs: number, pool: PacketPool, h: number): number;
  /**
   * Sender: the flow's timer fired; 1 when a packet was declared lost by a timeout (then bytes,
   * lostBytes, and ev, or −1 when unknown), 2 when packets are due without a timeout (RACK's
   * reordering timer or tail-loss probe), 3 when they are due and the reordering timer found a
   * loss (then bytes and lostBytes, for CcAdapter.onLoss), 0 for nothing, < 0 when the module
   * gave up.
   */
  onTimer(slot: number, nowNs: number): number;
  ev: number;
  /**
   * With Sx.Lost and onTimer's 1 and 3: the wire bytes lost in the network, what a CC whose cut
   * scales with the loss cuts by, beside `bytes`, what leaves the flight. −1: the transport
   * does not tell the two apart, and all of `bytes` is the loss (DACK's timeout takes out
   * everything held). RUD's timeout loses one packet, its wire bytes, while `bytes` is what
   * SignedFlight lets leave the flight: less (0 for a packet the ACK clock already counted) or
   * more (an excess it held back before). DCP's takes out everything held, its loss the
   * unaMSN-th message's share.
   */
  lostBytes: number;
  /**
   * With onTimer's 1: the timed-out packet's own timeouts so far, this one included (1 at its
   * first), from a transport that runs a timer per packet (RUD: its send record's RTO count,
   * saturating at 7), for CcAdapter.onTimeout's `attempt`. 0: one timer per flow (go-back-N,
   * IRN, RACK, timeout-only, DCP, DACK), whose consecutive timeouts are its head packet's again.
   */
  timeoutAttempt: number;
  timerArmed(slot: number): boolean;
  deadlineNs(slot: number): number;
  /** Receiver: data packet `h`; Rx bits (with Rx.Complete: `completed`). With Rx.Ack, fillAck writes the ACK into a new packet. */
  onData(slot: number, nowNs: number, pool: PacketPool, h: number): number;
  /** Receiver: trimmed header `h`; Rx.Nack or Rx.Ack. */
  onHeader(slot: number, nowNs: number, pool: PacketPool, h: number): number;
  fillAck(pool: PacketPool, ack: number): void;
  retransmissions(slot: number): number;
  timeouts(slot: number): number;
  errors(): number;
}

/**
 * A non-integral double as a field's first value: V8 then keeps the field as a double from the
 * start (see engine/heap.ts), and a double stored later does not change the object's shape.
 */
const DOUBLE_INIT = 0.5;

/** The fields a transport's handlers write for the NIC (Transport's outputs), each adapter alike. */
export abstract class TransportOutputs {
  psn = 0;
  // The byte counts and the RTT come from Float64Array ledgers and receiver outputs: a value
  // computed from them by V8's interpreter is a heap double even when whole, and the first one
  // stored into a field V8 had kept as a small integer changed the adapter's shape mid-run,
  // which deoptimised every compiled function that had checked it (--trace-deopt on bench a:
  // ten "wrong map" deoptimisations, sendData, nicPull, senderAck, armTimer, … at the first
  // NACK). They start as doubles instead; the constructor sets their values.
  bytes = DOUBLE_INIT;
  payload = 0;
  msn = 0;
  retryNo = 0;
  msgPackets = 0;
  newBytes = DOUBLE_INIT;
  rttNs = DOUBLE_INIT;
  restoredBytes = DOUBLE_INIT;
  completed = DOUBLE_INIT;
  ev = 0;
  lostBytes = DOUBLE_INIT;
  timeoutAttempt = 0;
  /** Defined outcomes the modules count in their `errors` (a retry limit reached, DCP's full RetransQ), not misuse: errors() leaves them out. */
  overflows = 0;
  readonly nackIsHo: number = 0;
  readonly hostQueue: HostQueue | null = null;
  readonly messageBytes: number = 0;
  readonly inOrder: number = 0;
  readonly namesCompletions: number = 0;
  completedEndMsn = DOUBLE_INIT;
  readonly namesAckedPsn: number = 0;
  ackedPsn = 0;
  ackedRetransmit = false;

  constructor() {
    this.bytes = 0;
    this.newBytes = 0;
    this.rttNs = 0;
    this.restoredBytes = 0;
    this.completed = 0;
    this.lostBytes = -1;
    this.completedEndMsn = 0;
  }
}

/** UEC RUD (lib/reliability/rud): selective repeat with trim NACKs and an RTO backstop. */
export class RudTransport extends TransportOutputs implements Transport {
  readonly name = "rud";
  override readonly namesAckedPsn = 1;
  readonly ackBytes: number;
  readonly gated = 0;
  private readonly so: Float64Array;
  private readonly ro: Float64Array;
  /** What the CC hears taken out of and put back into flight (ledger.ts). */
  private readonly flight: SignedFlight;

  constructor(
    readonly tx: RudSender,
    readonly rx: RudReceiver,
    ackBytes: number,
  ) {
    super();
    this.so = tx.out;
    this.ro = rx.out;
    this.ackBytes = ackBytes;
    this.flight = new SignedFlight(tx.capacity);
  }
  open(slot: number): void {
    this.tx.open(slot, 0);
    this.rx.open(slot, 0);
    this.flight.open(slot);
  }
  post(slot: number, bytes: number): number {
    return this.tx.post(slot, bytes);
  }
  nextBytes(slot: number): number {
    return this.tx.nextBytes(slot);
  }
  nextPsn(slot: number): number {
    return this.tx.nextPsn(slot);
  }
  nextPacket(slot: number, nowNs: number, ev: number): number {
    const r = this.tx.nextPacket(slot, nowNs, ev);
    if (r <= 0) return 0;
    const o = this.so;
    this.psn = o[0] | 0;
    this.bytes = o[1] | 0;
    this.payload = o[2] | 0;
    this.msn = o[3] | 0;
    this.flight.sent(slot, this.bytes);
    return r; // RUD_TX_* share Tx's bit values
  }
  onAck(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const r = this.tx.onAck(slot, nowNs, pool.i32[(h << 4) + P.W0], pool.i32[(h << 4) + P.W1], pool.i32[(h << 4) + P.W2], pool.i32[(h << 4) + P.W3], pool.i32[(h << 4) + P.Psn], (pool.i32[(h << 4) + P.Flags] & Flag.Rtx) !== 0, pool.f64[h]);
    if (r < 0) return r;
    const o = this.so;
    // The fabric restores before it acknowledges: the same order here.
    this.restoredBytes = this.flight.putBack(slot, o[7] | 0);
    this.newBytes = this.flight.acked(slot, o[5] | 0) + this.flight.settled;
    this.rttNs = o[6] | 0;
    this.completed = o[8] | 0;
    this.ackedPsn = pool.i32[(h << 4) + P.Psn];
    this.ackedRetransmit = (pool.i32[(h << 4) + P.Flags] & Flag.Rtx) !== 0;
    return r; // RUD_ACK_RTT = Sx.Rtt, COMPLETE, DONE share Sx's values
  }
  onNack(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const r = this.tx.onNack(slot, nowNs, pool.i32[(h << 4) + P.Psn]);
    if (r <= 0) return r;
    this.bytes = this.flight.take(slot, this.so[1] | 0);
    this.rttNs = this.so[6] | 0;
    this.newBytes = 0;
    return 1;
  }
  onTimer(slot: number, nowNs: number): number {
    const r = this.tx.onTimer(slot, nowNs);
    if (r <= 0) {
      if (r === E_OVERFLOW) this.overflows++;
      return r;
    }
    this.psn = this.so[0] | 0;
    const wireBytes = this.so[1] | 0;
    this.bytes = this.flight.take(slot, wireBytes);
    // uet-htsim rtxTimerExpired cuts cwnd by the packet's size (uec-htsim-reference §4 step 3)
    // whatever the flight gives back: a packet the ACK clock already counted leaves nothing
    // (SignedFlight), and its timeout would otherwise cut nothing.
    this.lostBytes = wireBytes;
    this.ev = this.so[9] | 0;
    this.timeoutAttempt = this.tx.packetTimeouts(slot, this.psn);
    return 1;
  }
  timerArmed(slot: number): boolean {
    return this.tx.timerArmed(slot);
  }
  deadlineNs(slot: number): number {
    return this.tx.deadlineNs(slot);
  }
  onData(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const f = pool.i32[(h << 4) + P.Flags];
    const r = this.rx.onData(slot, nowNs, pool.i32[(h << 4) + P.Psn], pool.i32[(h << 4) + P.Bytes], (f & Flag.Ce) !== 0, (f & Flag.Ar) !== 0, (f & Flag.Rtx) !== 0);
    if (r < 0) return 0;
    return ((r & RUD_RX_NEW) !== 0 ? Rx.Deliver : 0) | ((r & RUD_RX_ACK) !== 0 ? Rx.Ack : 0);
  }
  onHeader(slot: number, nowNs: number, pool: PacketPool, h: number): number {
    const r = this.rx.onTrimmed(slot, nowNs, pool.i32[(h << 4) + P.Psn], (pool.i32[(h << 4) + P.Flags] & Flag.Rtx) !== 0);
    if (r < 0) return 0;
    return (r & RUD_RX_NACK) !== 0 ? Rx.Nack : (r & RUD_RX_ACK) !== 0 ? Rx.Ack : 0;
  }
  fillAck(pool: PacketPool, a: number): void {
    const o = this.ro;
    pool.i32[(a << 4) + P.W0] = o[0];
    pool.i32[(a << 4) + P.W1] = o[1];
    pool.i32[(a << 4) + P.W2] = o[2];
    pool.i32[(a << 4) + P.W3] = o[3];
    pool.i32[(a << 4) + P.Psn] = o[4];
    pool.f64[a] = o[7];
    pool.i32[(a << 4) + P.Flags] = (o[5] !== 0 ? Flag.Ce : 0) | (o[6] !== 0 ? Flag.Rtx : 0);
  }
  retransmissions(slot: number): number {
    return this.tx.retransmissions(slot);
  }
  timeouts(slot: number): number {
    return this.tx.timeouts(slot);
  }
  errors(): number {
    return this.tx.errors + this.rx.errors - this.overflows;
  }
}
