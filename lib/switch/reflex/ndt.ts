// Reflex Near-Destination Throttling (NDT) at the destination datacenter's external switch.
//
// Reflex §III-D:
// - Flow state controller: outbound inter-DC packets leave the ESW with their timestamp
//   overwritten by the egress time (onDequeue's out.timestampNs); when the ACK comes back,
//   RTT_dst = now − that timestamp, and the flow is Congested if RTT_dst > T_dst_thresh, Normal
//   otherwise, refreshed on every ACK.
// - Queue manager: per egress port a Normal and a Controlled queue; a Congested flow's packets go
//   to the Controlled queue; WRR N_throttle : 1 between them while both are backlogged, the
//   Controlled queue taking the whole link when the Normal one is empty (adaptive WRR).
// - Out-of-order prevention: a recovered flow keeps using the Controlled queue while it still has
//   packets there; and the other way (README "Choices"), a flow turned Congested enters the
//   Controlled queue of a port at once, its older packets in that port's Normal queue leaving
//   first (onDequeue lets them go ahead of it), but keeps using the Normal queue while it has
//   packets in more than one port's, or in another port's, Normal queue and none in a
//   Controlled queue (a flow with packets in one uses the Controlled queue at every port).
// - Pause: §III-D 3 pauses the Controlled queues while the share of flows mapped to the
//   Controlled queue exceeds α, until ACKs show congestion resolved or T_maxpause passes; this
//   module starts and ends it on the share of Congested flows instead (below).
//
// Choices the text leaves open (README.md "Reflex"): "flows mapped to the Controlled queue" are
// the Congested flows plus the recovered ones still draining there, over the open (active)
// flows, in integers as count · 10^6 against α·10^6 · active (exact for decimal α). An ACK can
// only say whether its flow is Congested, and a recovered flow's packets cannot leave a paused
// queue, so "resolution detected via returning ACKs" is an ACK that finds the share of Congested
// flows at or below α (with the mapped share every pause lasted T_maxpause). A pause starts on
// an ACK that finds the Congested share above α, which puts the mapped share above α too: a
// share raised above α only by draining flows, whose ACKs have already shown them recovered,
// would start a pause whose end condition already holds, and any next ACK would end it. After a
// resolution the next pause may start at once; after T_maxpause none starts until the Congested
// share has once been at or below α (else every ACK would restart it and T_maxpause never bind).

import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { type ReflexParams, type ReflexParamsInput, resolveReflexParams } from "./params";

/** Per inter-DC flow: 18 B of columns + the open flag = 19 B (queues are per port, below). */
const LAYOUT = {
  congested: "u8",
  mapped: "u8", // counted in controlledFlows
  ctrlPkts: "i32", // this flow's packets in a Controlled queue
  normPkts: "i32", // this flow's packets in a Normal queue
  normPort: "i32", // while normPkts > 0: the port whose Normal queue holds them all, −1 if several do
  rttDst: "i32", // last RTT_dst, ns
} as const;

const enum H {
  Shift = 2,
  Next = 0,
  Bytes = 1, // 0 when not queued
  Flow = 2,
}

const enum R {
  Congested = 1,
  Pause = 2,
  Resume = 4,
  Timeout = 8,
}

const enum Q {
  Normal = 1,
  Controlled = 2,
  Dropped = 4,
  Empty = -16,
  Paused = -17,
}

const enum O {
  Flow = 0,
  Queue = 1,
  Bytes = 2,
  TimestampNs = 3,
  ResumeNs = 4,
}

/** onAck: the flow is Congested after this ACK. */
export const NDT_CONGESTED: number = R.Congested;
/** onAck: the Controlled queue is paused from now. */
export const NDT_PAUSE: number = R.Pause;
/** onAck: the Controlled queue's pause ended (Congested share at or below α, or …); onDequeue ends a timed-out pause silently (`paused`, `pauseTimeouts`). */
export const NDT_RESUME: number = R.Resume;
/** … by T_maxpause. */
export const NDT_TIMEOUT: number = R.Timeout;
/** onEnqueue: queued in the Normal queue. */
export const NDT_NORMAL: number = Q.Normal;
/** onEnqueue: queued in the Controlled queue. */
export const NDT_CONTROLLED: number = Q.Controlled;
/** onEnqueue: dropped, the queue it would join is over queueLimitBytes. */
export const NDT_DROPPED: number = Q.Dropped;
/** onDequeue: nothing queued. */
export const NDT_EMPTY: number = Q.Empty;
/** onDequeue: only the paused Controlled queue holds packets (out.resumeNs = (pause start + T_maxpause) | 0). */
export const NDT_PAUSED: number = Q.Paused;

export class ReflexNdt extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  /** Shared per packet handle: next, bytes, flow, spare. */
  static readonly bytesPerHandle = 16;
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onAck: ["slot", "nowNs", "echoTimestampNs"],
    onEnqueue: ["slot", "nowNs", "port", "handle", "bytes"],
    onDequeue: ["port", "nowNs"],
    evict: ["port", "nowNs"],
  };
  /**
   * onDequeue: flow (slot of the packet), queue (0 Normal, 1 Controlled), bytes, timestampNs
   * (write it into the packet: its egress time); NDT_PAUSED: resumeNs.
   */
  static readonly outFields = ["flow", "queue", "bytes", "timestampNs", "resumeNs"] as const;

  readonly params: Readonly<ReflexParams>;
  readonly out: Int32Array = offHeap(Int32Array, 5);
  /** Per egress port: packets in its Normal queue (this and the three below are views of the per-queue counts). */
  readonly normalPackets: Int32Array;
  /** Per egress port: bytes in its Normal queue. */
  readonly normalBytes: Int32Array;
  /** Per egress port: packets in its Controlled queue. */
  readonly controlledPackets: Int32Array;
  /** Per egress port: bytes in its Controlled queue. */
  readonly controlledBytes: Int32Array;

  private readonly congestedCol = this.col.congested;
  private readonly mappedCol = this.col.mapped;
  private readonly ctrlPkts = this.col.ctrlPkts;
  private readonly normPkts = this.col.normPkts;
  private readonly normPort = this.col.normPort;
  // Per queue: index port for the Normal queue, nPorts + port for the Controlled one, so that
  // the queue a packet takes is arithmetic on a 0/1 flag rather than a choice between arrays.
  private readonly qPkts: Int32Array;
  private readonly qBytes: Int32Array;
  private readonly qHead: Int32Array;
  private readonly qTail: Int32Array;
  private readonly wrr: Int32Array;
  private readonly hs: Int32Array;
  private readonly dstThresh: number;
  private readonly alphaPpm: number;
  private readonly nThrottle: number;
  private readonly maxPause: number;
  private readonly limit: number;
  private readonly mtu: number;
  private readonly handleCap: number;
  private readonly nPorts: number;
  private active = 0;
  private controlled = 0;
  /** Open flows whose last ACK said Congested. */
  private nCongested = 0;
  private pausedFlag = 0;
  /** 0 from a T_maxpause until the Congested share has been at or below α. */
  private armed = 1;
  private pauseStart = 0;
  private pauseCount = 0;
  private timeoutCount = 0;

  /** `capacity` is the number of inter-DC flows; params.ports the egress ports. */
  constructor(params: ReflexParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveReflexParams(params);
    this.params = Object.freeze(p);
    this.dstThresh = p.tDstThreshNs;
    this.alphaPpm = Math.round(p.alpha * 1e6);
    this.nThrottle = p.nThrottle;
    this.maxPause = p.tMaxPauseNs;
    this.limit = p.queueLimitBytes;
    this.mtu = p.mtuBytes;
    this.handleCap = p.handleCapacity;
    this.nPorts = p.ports;
    this.qPkts = offHeap(Int32Array, 2 * p.ports);
    this.qBytes = offHeap(Int32Array, 2 * p.ports);
    this.qHead = offHeap(Int32Array, 2 * p.ports).fill(-1);
    this.qTail = offHeap(Int32Array, 2 * p.ports).fill(-1);
    this.normalPackets = this.qPkts.subarray(0, p.ports);
    this.normalBytes = this.qBytes.subarray(0, p.ports);
    this.controlledPackets = this.qPkts.subarray(p.ports);
    this.controlledBytes = this.qBytes.subarray(p.ports);
    this.wrr = offHeap(Int32Array, p.ports);
    this.hs = new Int32Array(p.handleCapacity << H.Shift);
  }

  /**
   * An inter-DC flow becomes active (Normal). Re-opening an open slot is a close then an open:
   * re-opening the only open flow ends a pause, as the last close does.
   * @throws RangeError for a slot outside the table, or one with packets in NDT's queues.
   */
  open(slot: number): void {
    if (this.isOpen(slot)) {
      if (this.ctrlPkts[slot] > 0 || this.normPkts[slot] > 0) {
        this.errors++;
        throw new RangeError(`ReflexNdt.open: flow ${slot} still has packets in NDT's queues`);
      }
      this.release(slot);
    }
    this.openSlot(slot);
    this.active++;
    this.rearm();
  }

  /**
   * Ends a flow; E_STATE (nothing changed) while it still has packets in NDT's queues (the
   * counts that keep its order, §III-D 2, would otherwise pass to the slot's next flow).
   */
  override close(slot: number): number {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    if (this.ctrlPkts[slot] > 0 || this.normPkts[slot] > 0) return this.fail(E_STATE);
    this.release(slot);
    return super.close(slot);
  }

  /**
   * An ACK of the flow returns through the ESW carrying the egress timestamp NDT wrote.
   * RTT_dst > T_dst_thresh makes the flow Congested, otherwise Normal; then the pause rule.
   * RTT_dst is the signed tick difference (an echo ahead of the clock reads negative: Normal).
   * Returns NDT_CONGESTED (if Congested now) | NDT_PAUSE | NDT_RESUME | NDT_TIMEOUT, or E_SLOT,
   * or E_ARG for a non-finite time.
   */
  onAck(slot: number, nowNs: number, echoTimestampNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && echoTimestampNs - echoTimestampNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    const rtt = (now - (echoTimestampNs | 0)) | 0;
    this.col.rttDst[slot] = rtt;
    const congested = rtt > this.dstThresh ? 1 : 0;
    this.nCongested += congested - this.congestedCol[slot];
    this.congestedCol[slot] = congested;
    this.remap(slot);
    return congested | this.pauseRule(now);
  }

  /**
   * A packet of the flow is to leave by egress `port`: into the Controlled queue if the flow
   * still has packets there (§III-D 2), or is Congested and has no packets in a Normal queue but
   * this port's; else into the Normal queue. A Congested flow's older packets in this port's
   * Normal queue leave before it (onDequeue), so none is overtaken. Returns NDT_NORMAL,
   * NDT_CONTROLLED or NDT_DROPPED (queue over queueLimitBytes), or E_SLOT / E_ARG / E_STATE
   * (the handle is already queued), tested in that order and before the queue limit.
   */
  onEnqueue(slot: number, nowNs: number, port: number, handle: number, bytes: number): number {
    if (
      !(
        this.live[slot] === 1 &&
        port >>> 0 === port &&
        port < this.nPorts &&
        handle >>> 0 === handle &&
        handle < this.handleCap &&
        bytes >>> 0 === bytes &&
        (bytes - 1) >>> 0 < this.mtu &&
        nowNs - nowNs === 0
      )
    ) {
      return this.reject(slot);
    }
    const hs = this.hs;
    const e = handle << H.Shift;
    if (hs[e + H.Bytes] !== 0) return this.fail(E_STATE);
    // 1 for the Controlled queue: it still has packets there (ctrlPkts ≥ 0: −ctrlPkts >>> 31 is 1
    // for ctrlPkts > 0), or it is Congested and its Normal packets, if any, are all in this
    // port's queue (`here`). Both counts are above 0 only so: while a flow has packets in a
    // Controlled queue, its next ones go to one too, and its Normal ones wait in `port`'s queue.
    // Each column in a local: a second `this.` load of one is 4 bytes of bytecode, and the loop
    // that calls both handlers inlines `take` too only while the three fit V8's budget (take).
    const ctrl = this.ctrlPkts;
    const norm = this.normPkts;
    const normPort = this.normPort;
    const normal = norm[slot];
    const here = normal === 0 || normPort[slot] === port;
    const q = (-ctrl[slot] >>> 31) | (this.congestedCol[slot] & +here);
    const i = port + q * this.nPorts;
    const qBytes = this.qBytes;
    const after = qBytes[i] + bytes;
    if (after > this.limit) return Q.Dropped;
    hs[e + H.Bytes] = bytes;
    hs[e + H.Flow] = slot;
    // A queue's head and tail, and its last packet's H.Next, mean something only while it holds
    // packets (qPkts): an empty queue's are whatever its last packet left.
    const qPkts = this.qPkts;
    const queued = qPkts[i];
    const qTail = this.qTail;
    if (queued === 0) this.qHead[i] = handle;
    else hs[(qTail[i] << H.Shift) + H.Next] = handle;
    qTail[i] = handle;
    qBytes[i] = after;
    qPkts[i] = queued + 1;
    if (q === 0) {
      norm[slot] = normal + 1;
      normPort[slot] = here ? port : -1;
    } else ctrl[slot]++;
    return Q.Normal + q; // NDT_NORMAL or NDT_CONTROLLED
  }

  /**
   * Egress `port` is free: the next packet by WRR N_throttle : 1, counted per port while both
   * queues are backlogged (the Controlled queue alone when the Normal one is empty, and not at
   * all while paused). Returns its handle (out.flow, out.queue, out.bytes, out.timestampNs =
   * now), NDT_EMPTY, NDT_PAUSED (out.resumeNs), or E_ARG (a port not in 0 … ports − 1, or a
   * non-finite time).
   */
  onDequeue(port: number, nowNs: number): number {
    const ports = this.nPorts;
    if (!(port >>> 0 === port && port < ports && nowNs - nowNs === 0)) return this.fail(E_ARG);
    const now = nowNs | 0;
    const qPkts = this.qPkts;
    const n = qPkts[port];
    // The Controlled queue is eligible unless paused; a pause past T_maxpause ends here.
    const c = this.pausedFlag === 0 || this.pauseTimedOut(now) ? qPkts[ports + port] : 0;
    if (n + c === 0) return this.idle(port);
    // The Controlled queue (q = 1) when it alone is eligible, or when both are backlogged and
    // its WRR turn has come, N_throttle : 1 (§III-D 1). Its packet ends the WRR cycle either way,
    // so a Normal packet arriving after one sent alone gets its N_throttle before the next.
    const wrr = this.wrr;
    const w = wrr[port];
    // At its turn the Controlled queue waits while its head's flow has older packets in this
    // Normal queue (behindNormal): they go first, and its turn stays. "The Normal queue is
    // empty" is arithmetic, not a branch: with a backlog in the Controlled queue it is true about
    // as often as not, a coin toss to a branch predictor (README "Sizes and parameters": 12 ns a
    // pair as a branch, 7.7 as arithmetic).
    const q = ((n - 1) >>> 31) | (c > 0 && w >= this.nThrottle && n > 0 && !this.behindNormal(port) ? 1 : 0);
    if (c > 0) wrr[port] = (w + 1) & (q - 1); // 0 after a Controlled packet, else one more
    return this.take(port + q * ports, q, now);
  }

  /**
   * The port's egress queues are flushed (e.g. a PFC watchdog's drop action, which discards what
   * the port holds for the stormed priority, SONiC pfcwd): the head of the Normal queue, else of
   * the Controlled one, paused or not, with no WRR turn taken. Returns its handle (out.flow,
   * out.queue, out.bytes; out.timestampNs = now), NDT_EMPTY when both are empty, or E_ARG. Call
   * it until NDT_EMPTY to empty the port. A recovered flow whose last Controlled packet this
   * takes leaves the Controlled mapping, as on a dequeue.
   */
  evict(port: number, nowNs: number): number {
    if (!(port >>> 0 === port && port < this.nPorts && nowNs - nowNs === 0)) return this.fail(E_ARG);
    if (this.qPkts[port] > 0) return this.take(port, 0, nowNs | 0);
    const controlled = this.nPorts + port;
    if (this.qPkts[controlled] > 0) return this.take(controlled, 1, nowNs | 0);
    return Q.Empty;
  }

  // Readers

  /** Whether the flow's last ACK gave RTT_dst > T_dst_thresh (§III-D Congested); false before its first ACK and for a closed slot. */
  congested(slot: number): boolean {
    return this.isOpen(slot) && this.congestedCol[slot] === 1;
  }
  /**
   * Counted in controlledFlows: Congested, or recovered with packets still in a Controlled queue.
   * A Congested flow's packets still go to the Normal queue while it has packets in more than
   * one port's Normal queue, or in another port's than theirs (onEnqueue).
   */
  controlledFlow(slot: number): boolean {
    return this.isOpen(slot) && this.mappedCol[slot] === 1;
  }
  /** The flow's packets now in a Controlled queue (any port); 0 for a closed slot. */
  flowControlledPackets(slot: number): number {
    return this.isOpen(slot) ? this.ctrlPkts[slot] : 0;
  }
  /** The flow's packets now in a Normal queue (any port); 0 for a closed slot. */
  flowNormalPackets(slot: number): number {
    return this.isOpen(slot) ? this.normPkts[slot] : 0;
  }
  /**
   * The flow's last RTT_dst, ns (§III-D: ACK arrival − the egress timestamp it echoes, signed int32: negative
   * for an echo ahead of the clock); 0 before its first ACK and for a closed slot.
   */
  rttDstNs(slot: number): number {
    return this.isOpen(slot) ? this.col.rttDst[slot] : 0;
  }
  /** Open (active) flows: the denominator of the Congested and mapped shares compared with α. */
  get activeFlows(): number {
    return this.active;
  }
  /** Open flows mapped to the Controlled queue (controlledFlow): Congested, or recovered with packets still there. */
  get controlledFlows(): number {
    return this.controlled;
  }
  /** Open flows whose last ACK said Congested (the share that starts and ends a pause). */
  get congestedFlows(): number {
    return this.nCongested;
  }
  /** 1 while the Controlled queues are paused. */
  get paused(): number {
    return this.pausedFlag;
  }
  /** Pauses of the Controlled queues begun (NDT_PAUSE) since the table was built. */
  get pauses(): number {
    return this.pauseCount;
  }
  /** Pauses ended by T_maxpause (NDT_TIMEOUT from onAck, or silently by onDequeue) since the table was built. */
  get pauseTimeouts(): number {
    return this.timeoutCount;
  }

  /** Keeps `mapped` and the controlled-flow count in step with the flow's state. */
  private remap(slot: number): void {
    const mapped = this.congestedCol[slot] !== 0 || this.ctrlPkts[slot] > 0 ? 1 : 0;
    if (mapped === this.mappedCol[slot]) return;
    this.mappedCol[slot] = mapped;
    if (mapped !== 0) {
      this.controlled++;
      return;
    }
    this.controlled--;
  }

  /**
   * After a T_maxpause the rule waits for the Congested share to have been at or below α once
   * (header); a flow opening or closing, or the timeout itself, may bring it there without an ACK.
   */
  private rearm(): void {
    if (!this.congestedOver()) this.armed = 1;
  }

  /** The share of Congested flows among the active ones is above α (exact: α in ppm). */
  private congestedOver(): boolean {
    return this.nCongested * 1e6 > this.alphaPpm * this.active;
  }

  /**
   * §III-D 3: pause while Congested/active > α (so mapped/active > α), until an ACK finds the
   * Congested share at or below α or T_maxpause passes (header).
   */
  private pauseRule(now: number): number {
    const over = this.congestedOver();
    if (this.pausedFlag !== 0) {
      if (!over) return this.endPause(false);
      if (((now - this.pauseStart) >>> 0) >= this.maxPause) return this.endPause(true);
      return 0;
    }
    if (!over) {
      this.armed = 1;
      return 0;
    }
    if (this.armed === 0) return 0;
    this.pausedFlag = 1;
    this.pauseStart = now;
    this.pauseCount++;
    return R.Pause;
  }

  /**
   * Removes the head of queue i (port + q × ports; q = 1 the Controlled queue) and reports it in
   * out. A switch loop calling onEnqueue and onDequeue inlines this as well only while the three
   * fit V8's cumulative inlining budget (lib/README: 920 bytes of bytecode, the last one counted
   * 1.2 times) in whichever order V8 takes them: at worst 243 + 426 + 1.2 × 197 = 905 on
   * 2026-12-07. Hence one read of each column per handler, the WRR pick as one test, no list end
   * marker, the index computed by the caller and the rare end of a flow's Controlled mapping in a
   * call of its own. Inlined, the bench row took 131 instructions per event instead of 198
   * (`npm run bench:instructions`; 141 since 2026-12-07, when it began to use both queues).
   */
  private take(i: number, q: number, now: number): number {
    const hs = this.hs;
    const qHead = this.qHead;
    const h = qHead[i];
    const e = h << H.Shift;
    const bytes = hs[e + H.Bytes];
    const flow = hs[e + H.Flow];
    qHead[i] = hs[e + H.Next];
    hs[e + H.Bytes] = 0;
    const out = this.out;
    out[O.Flow] = flow;
    out[O.Queue] = q;
    out[O.Bytes] = bytes;
    out[O.TimestampNs] = now; // §III-D: the egress time replaces the outbound timestamp
    this.qPkts[i]--;
    this.qBytes[i] -= bytes;
    if (q === 0) this.normPkts[flow]--;
    else if (--this.ctrlPkts[flow] === 0) this.leftControlled(flow);
    return h;
  }

  /**
   * Whether the head of `port`'s Controlled queue belongs to a flow with packets in `port`'s
   * Normal queue: older ones, since a flow's packets enter a Controlled queue while it has
   * Normal ones only where they all wait in that port's Normal queue (onEnqueue).
   */
  private behindNormal(port: number): boolean {
    const flow = this.hs[(this.qHead[this.nPorts + port] << H.Shift) + H.Flow];
    return this.normPkts[flow] > 0 && this.normPort[flow] === port;
  }

  /** The last Controlled packet of `flow` left: a recovered flow leaves the Controlled queue with it (§III-D 2). */
  private leftControlled(flow: number): void {
    if (this.live[flow] === 1) this.remap(flow);
  }

  /** onDequeue with neither queue eligible: NDT_PAUSED (out.resumeNs) while the Controlled one waits, else NDT_EMPTY. */
  private idle(port: number): number {
    if (this.qPkts[this.nPorts + port] === 0) return Q.Empty;
    this.out[O.ResumeNs] = (this.pauseStart + this.maxPause) | 0;
    return Q.Paused;
  }

  /** §III-D 3: a pause ends after T_maxpause even without an ACK. Returns whether it has ended. */
  private pauseTimedOut(now: number): boolean {
    if (((now - this.pauseStart) >>> 0) < this.maxPause) return false;
    this.endPause(true);
    return true;
  }

  private endPause(timeout: boolean): number {
    this.pausedFlag = 0;
    if (!timeout) return R.Resume; // resolved: the next congestion may pause at once (header)
    this.armed = 0;
    this.rearm();
    this.timeoutCount++;
    return R.Resume | R.Timeout;
  }

  private release(slot: number): void {
    if (this.mappedCol[slot] !== 0) this.controlled--;
    this.nCongested -= this.congestedCol[slot];
    this.active--;
    // With no flow left nothing is paused and no ACK will end the pause: new flows start as on a
    // fresh table (review: they inherited the old pause's clock, or a disarm that kept a lone
    // congested flow from ever pausing).
    this.rearm();
    if (this.active === 0) this.pausedFlag = 0;
  }
}
