// Egress port queues of a switch: a data FIFO and a control FIFO per port, drop-tail by bytes and
// packets, RED/ECN at enqueue or dequeue, UEC and DCP trimming, and a strict-priority, WRR or
// DWRR scheduler between the two FIFOs, with PFC pause of either FIFO.
//
// Read first:
//   DCP (SIGCOMM'25) §4.2: the 2-bit DCP tag, the Packet Trimming module, WRR weight; §5 P4 switch.
//   UEC 1.0 §3.6.17 (thresholds) and §4.1 / §3.6.4.4 (trimming, last-hop codepoint), restated in
//     notes/uec-nscc-reps-pds.md §2.5–2.6.
//   uet-htsim CompositeQueue (notes/uec-htsim-reference.md §7, notes/baselines.md §8): trim
//     the arriving or, with probability ½, the newest queued packet; RED at dequeue on the bytes
//     left behind; headers served 100000:1.
//   IEEE 802.1Qbb PFC (the egress side: a PAUSE stops one FIFO for a duration, XON = duration 0).
//
// Packets are the caller's integer handles. A handle's place in a FIFO is kept in three
// per-handle Int32Arrays (next, prev, metadata word = bytes | tag << 20), so every port's FIFOs
// share one fixed-size store and a queue never copies or allocates. A handle is in at most one
// FIFO of a table at a time (enqueueing a queued handle is E_STATE).
//
// Accounting (per port, exact integers in f64): bytesIn = bytesOut + queued + bytesDropped +
// bytesTrimmed, where bytesTrimmed is payload removed by trimming and a packet dropped whole
// (including a trimmed header the control FIFO could not take) counts all its bytes as dropped.
//
// The hot paths (admit into a FIFO that has room, serve a head) are written for V8: columns
// aliased as fields, const-enum flags, 0/1 numeric switches, rare branches in their own methods.

import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { hash3, xoshiroNextAt, xoshiroSeedAt } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { type DcpWeight, type QueueParams, type QueueParamsInput, dcpWrrWeight, dwrrQuanta, resolveQueueParams } from "./params";
import { redProbabilityQ16 } from "./red";

/** Per-port state: 108 B of columns + the open flag = 109 B (plus 12 B per handle, shared). */
const LAYOUT = {
  dHead: "i32", // handle at the head of the data FIFO, −1 when empty
  dTail: "i32",
  dPkts: "i32",
  dBytes: "i32",
  cHead: "i32", // control FIFO
  cTail: "i32",
  cPkts: "i32",
  cBytes: "i32",
  dLimB: "i32", // limits and RED thresholds, per port so one table can hold ports of several speeds
  dLimP: "i32",
  cLimB: "i32",
  cLimP: "i32",
  kMin: "i32",
  kMax: "i32",
  pauseD: "i32", // tick until which the data FIFO is paused (valid while F.PausedData)
  pauseC: "i32",
  wrrCount: "i32", // WRR: position in the control:data round
  defD: "i32", // DWRR deficits in bytes
  defC: "i32",
  rng: ["i32", 4], // the port's own xoshiro128** generator
  bytesIn: "f64",
  bytesOut: "f64",
  bytesDropped: "f64",
  bytesTrimmed: "f64",
  pktsIn: "f64",
  pktsOut: "f64",
  pktsDropped: "f64",
  pktsTrimmed: "f64",
  marks: "f64",
  pauseFrames: "f64",
  flags: "u8",
} as const;

/** Port flag bits. */
const enum F {
  LastHop = 1,
  PausedData = 2,
  PausedControl = 4,
  TurnControl = 8, // DWRR: the control FIFO holds the turn
}

/** onEnqueue verdict bits (exported as QUEUE_*). */
const enum V {
  Data = 1,
  Control = 2,
  Trimmed = 4,
  Dropped = 8,
  Marked = 16,
  LastHop = 32,
  TrimmedQueued = 64,
  DroppedQueued = 128,
}

/** Limits and codes. */
const enum K {
  BytesMask = 0xfffff,
  TagShift = 20,
  HeaderTag = 3,
  Empty = -16,
  Paused = -17,
  EcnOff = 0,
  EcnEnqueue = 1,
  EcnDequeue = 2,
  SchedStrict = 0,
  SchedWrr = 1,
  SchedDwrr = 2,
  MaxDurationNs = 1073741824,
}

/** Indices of the `out` record. */
const enum O {
  Handle = 0,
  Bytes = 1,
  Queue = 2,
  Ecn = 3,
  OtherHandle = 4,
  OtherBytes = 5,
  ResumeNs = 6,
}

/** DCP §4.2 tag values (ToS bits): 00 non-DCP, 01 ACK, 10 data, 11 header-only. */
export const TAG_OTHER = 0;
export const TAG_ACK = 1;
export const TAG_DATA = 2;
export const TAG_HEADER = 3;

/** The arriving packet is in the data FIFO. */
export const QUEUE_DATA = V.Data;
/** The arriving packet (perhaps trimmed) is in the control FIFO. */
export const QUEUE_CONTROL = V.Control;
/** The arriving packet was trimmed to out.bytes: mark it trimmed (UEC DSCP_TRIMMED, DCP tag 11). */
export const QUEUE_TRIMMED = V.Trimmed;
/** The arriving packet was dropped: the caller frees it. */
export const QUEUE_DROPPED = V.Dropped;
/** CE set at enqueue on the arriving packet. */
export const QUEUE_MARKED = V.Marked;
/** A trim on a last-hop port: use UEC DSCP_TRIMMED_LASTHOP. */
export const QUEUE_LAST_HOP = V.LastHop;
/** The newest queued data packet (out.otherHandle) was trimmed to out.otherBytes and moved to the control FIFO. */
export const QUEUE_TRIMMED_QUEUED = V.TrimmedQueued;
/** The newest queued data packet (out.otherHandle) was evicted and dropped (the control FIFO was full). */
export const QUEUE_DROPPED_QUEUED = V.DroppedQueued;
/** onDequeue: nothing is queued (not an error). */
export const QUEUE_EMPTY = K.Empty;
/** onDequeue: packets are queued but every backlogged FIFO is paused until out.resumeNs. */
export const QUEUE_PAUSED = K.Paused;
/** FIFO numbers in out.queue and onPause. */
export const FIFO_DATA = 0;
export const FIFO_CONTROL = 1;

export class PortQueues extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  /** Bytes of shared state per packet handle (next, prev, metadata). */
  static readonly bytesPerHandle = 12;
  static readonly api: HandlerSignatures = {
    open: ["slot", "lastHop"],
    close: ["slot"],
    onEnqueue: ["slot", "nowNs", "handle", "bytes", "tag"],
    onDequeue: ["slot", "nowNs"],
    onPause: ["slot", "nowNs", "queue", "durationNs"],
    ecnProbability: ["slot", "queueBytes"],
    setPortLimits: ["slot", "dataLimitBytes", "dataLimitPackets", "controlLimitBytes", "controlLimitPackets", "kMinBytes", "kMaxBytes"],
  };
  static readonly outFields = ["handle", "bytes", "queue", "ecn", "otherHandle", "otherBytes", "resumeNs"] as const;

  readonly params: Readonly<QueueParams>;
  /** DCP §4.2 weight derivation when `dcpRadix` was given, else null. */
  readonly dcp: Readonly<DcpWeight> | null;
  /** DWRR quanta in bytes (control : data = controlWeight). */
  readonly dataQuantumBytes: number;
  readonly controlQuantumBytes: number;
  /** Last decision: see outFields. */
  readonly out = new Int32Array(7);

  private readonly dHead = this.col.dHead;
  private readonly dTail = this.col.dTail;
  private readonly dPkts = this.col.dPkts;
  private readonly dBytes = this.col.dBytes;
  private readonly cHead = this.col.cHead;
  private readonly cTail = this.col.cTail;
  private readonly cPkts = this.col.cPkts;
  private readonly cBytes = this.col.cBytes;
  private readonly dLimB = this.col.dLimB;
  private readonly dLimP = this.col.dLimP;
  private readonly cLimB = this.col.cLimB;
  private readonly cLimP = this.col.cLimP;
  private readonly kMin = this.col.kMin;
  private readonly kMax = this.col.kMax;
  private readonly pauseD = this.col.pauseD;
  private readonly pauseC = this.col.pauseC;
  private readonly wrrCount = this.col.wrrCount;
  private readonly defD = this.col.defD;
  private readonly defC = this.col.defC;
  private readonly rng = this.col.rng;
  private readonly bytesInCol = this.col.bytesIn;
  private readonly bytesOutCol = this.col.bytesOut;
  private readonly bytesDroppedCol = this.col.bytesDropped;
  private readonly bytesTrimmedCol = this.col.bytesTrimmed;
  private readonly pktsIn = this.col.pktsIn;
  private readonly pktsOut = this.col.pktsOut;
  private readonly pktsDropped = this.col.pktsDropped;
  private readonly pktsTrimmed = this.col.pktsTrimmed;
  private readonly marksCol = this.col.marks;
  private readonly pauseFramesCol = this.col.pauseFrames;
  private readonly flags = this.col.flags;

  private readonly hNext: Int32Array;
  private readonly hPrev: Int32Array;
  private readonly hMeta: Int32Array;
  private readonly handleCap: number;

  private readonly mtu: number;
  private readonly trimBytes: number;
  private readonly pMaxQ16: number;
  /** Bit t set: tag t goes to the control FIFO. */
  private readonly controlTags: number;
  /** Bit t set: a tag-t packet is trimmed (not dropped) when the data FIFO is over. */
  private readonly trimTags: number;
  private readonly newestHalf: number;
  private readonly overOccupancy: number;
  private readonly ecnAt: number;
  private readonly sched: number;
  private readonly wrrControl: number;
  private readonly wrrTotal: number;
  private readonly seed: number;

  /**
   * `capacity` is the number of ports (slots). Handles are integers below `handleCapacity`.
   * @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity.
   */
  constructor(params: QueueParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveQueueParams(params);
    this.params = Object.freeze(p);
    this.dcp = p.dcpRadix > 0 ? Object.freeze(dcpWrrWeight(p.dcpRadix, p.trimBytes, p.dataPacketBytes)) : null;
    const q = dwrrQuanta(p.controlWeight, p.mtuBytes);
    this.dataQuantumBytes = q.dataQuantumBytes;
    this.controlQuantumBytes = q.controlQuantumBytes;
    this.handleCap = p.handleCapacity;
    this.hNext = new Int32Array(p.handleCapacity);
    this.hPrev = new Int32Array(p.handleCapacity);
    this.hMeta = new Int32Array(p.handleCapacity);
    this.mtu = p.mtuBytes;
    this.trimBytes = p.trimBytes;
    this.pMaxQ16 = Math.round(p.pMax * 65536);
    this.controlTags = p.controlQueue ? (1 << TAG_HEADER) | (p.acksToControl ? 1 << TAG_ACK : 0) : 0;
    this.trimTags = p.trimming === "off" ? 0 : 1 << TAG_DATA;
    this.newestHalf = p.trimming === "arriving-or-newest" ? 1 : 0;
    this.overOccupancy = p.overRule === "occupancy" ? 1 : 0;
    this.ecnAt = p.ecnAt === "enqueue" ? K.EcnEnqueue : p.ecnAt === "dequeue" ? K.EcnDequeue : K.EcnOff;
    this.sched = p.scheduler === "wrr" ? K.SchedWrr : p.scheduler === "dwrr" ? K.SchedDwrr : K.SchedStrict;
    this.wrrControl = p.wrrControlPackets;
    this.wrrTotal = p.wrrControlPackets + p.wrrDataPackets;
    this.seed = p.seed | 0;
  }

  /**
   * Opens an egress port with the table's limits. `lastHop`: the port faces an endpoint, so its
   * trims carry UEC's last-hop codepoint. The port's generator restarts from hash3(seed, port, 0).
   */
  open(slot: number, lastHop: boolean): void {
    this.openSlot(slot);
    const p = this.params;
    this.dHead[slot] = -1;
    this.dTail[slot] = -1;
    this.cHead[slot] = -1;
    this.cTail[slot] = -1;
    this.dLimB[slot] = p.dataLimitBytes;
    this.dLimP[slot] = p.dataLimitPackets;
    this.cLimB[slot] = p.controlLimitBytes;
    this.cLimP[slot] = p.controlLimitPackets;
    this.kMin[slot] = p.kMinBytes;
    this.kMax[slot] = p.kMaxBytes;
    this.flags[slot] = lastHop ? F.LastHop : 0;
    xoshiroSeedAt(this.rng, slot << 2, hash3(this.seed, slot, 0));
  }

  /** Closes a port; packets still queued are forgotten (the caller owns and frees them). */
  override close(slot: number): number {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    this.forget(this.dHead[slot]);
    this.forget(this.cHead[slot]);
    return super.close(slot);
  }

  /**
   * Per-port limits and RED thresholds for a port whose link differs from the table's defaults.
   * Configuration, not a packet path: returns 0, or throws RangeError (state unchanged).
   */
  setPortLimits(
    slot: number,
    dataLimitBytes: number,
    dataLimitPackets: number,
    controlLimitBytes: number,
    controlLimitPackets: number,
    kMinBytes: number,
    kMaxBytes: number,
  ): number {
    const ok =
      this.isOpen(slot) &&
      isInt(dataLimitBytes, 1, 2 ** 30) &&
      isInt(dataLimitPackets, 1, 0x7fffffff) &&
      isInt(controlLimitBytes, 1, 2 ** 30) &&
      isInt(controlLimitPackets, 1, 0x7fffffff) &&
      isInt(kMinBytes, 0, 2 ** 30) &&
      isInt(kMaxBytes, kMinBytes, 2 ** 30);
    if (!ok) {
      this.errors++;
      throw new RangeError(`PortQueues.setPortLimits: bad slot or limits for slot ${slot}`);
    }
    this.dLimB[slot] = dataLimitBytes;
    this.dLimP[slot] = dataLimitPackets;
    this.cLimB[slot] = controlLimitBytes;
    this.cLimP[slot] = controlLimitPackets;
    this.kMin[slot] = kMinBytes;
    this.kMax[slot] = kMaxBytes;
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * A packet of `bytes` with DCP/UEC class `tag` (TAG_*) arrives for egress port `slot`.
   * Returns QUEUE_* verdict bits, or E_SLOT / E_ARG (oversized, unknown tag, bad handle) /
   * E_STATE (the handle is already queued). Fills out.handle, out.bytes (size now queued, 0 if
   * dropped), out.queue (FIFO_*, −1 if dropped), out.ecn, out.otherHandle/otherBytes (−1/0
   * unless a queued packet was trimmed or evicted).
   */
  onEnqueue(slot: number, nowNs: number, handle: number, bytes: number, tag: number): number {
    // live[slot] is undefined for a negative, fractional, NaN or too-large slot.
    if (
      !(
        this.live[slot] === 1 &&
        (handle | 0) === handle &&
        handle >= 0 &&
        handle < this.handleCap &&
        (bytes | 0) === bytes &&
        bytes >= 1 &&
        bytes <= this.mtu &&
        (tag & 3) === tag &&
        nowNs - nowNs === 0
      )
    ) {
      return this.reject(slot);
    }
    if (this.hMeta[handle] !== 0) return this.fail(E_STATE);
    this.bytesInCol[slot] += bytes;
    this.pktsIn[slot] += 1;
    const out = this.out;
    out[O.Handle] = handle;
    out[O.Ecn] = 0;
    out[O.OtherHandle] = -1;
    out[O.OtherBytes] = 0;
    if (((this.controlTags >> tag) & 1) !== 0) return this.admitControl(slot, handle, bytes, bytes, tag, V.Control);
    const q = this.dBytes[slot];
    const over = this.overOccupancy !== 0 ? q > this.dLimB[slot] : q + bytes > this.dLimB[slot];
    if (over || this.dPkts[slot] >= this.dLimP[slot]) return this.dataOverflow(slot, handle, bytes, tag);
    return this.admitData(slot, handle, bytes, tag, q);
  }

  /**
   * The port's link is free: the next packet to send. Returns its handle (out.bytes, out.queue,
   * out.ecn = CE to set, decided at dequeue on the data bytes left behind), QUEUE_EMPTY,
   * QUEUE_PAUSED (out.resumeNs: the earliest tick a paused FIFO may send), or E_SLOT / E_ARG.
   */
  onDequeue(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const dP = this.dPkts[slot];
    const cP = this.cPkts[slot];
    if (dP + cP === 0) {
      this.out[O.Handle] = -1;
      return K.Empty;
    }
    if ((this.flags[slot] & (F.PausedData | F.PausedControl)) !== 0) return this.dequeuePaused(slot, nowNs | 0, dP, cP);
    if (cP === 0) return this.popData(slot);
    if (dP === 0) return this.popControl(slot);
    return this.pick(slot) !== 0 ? this.popControl(slot) : this.popData(slot);
  }

  /**
   * A PFC frame for FIFO `queue` (FIFO_DATA / FIFO_CONTROL) of this egress port: pause it for
   * `durationNs` from now (802.1Qbb quanta already converted), or resume it when 0 (XON).
   * A new frame replaces the previous one. Returns 0, or E_SLOT / E_ARG.
   */
  onPause(slot: number, nowNs: number, queue: number, durationNs: number): number {
    if (!(this.live[slot] === 1 && (queue === 0 || queue === 1) && isInt(durationNs, 0, K.MaxDurationNs) && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    const bit = queue === 0 ? F.PausedData : F.PausedControl;
    this.pauseFramesCol[slot] += 1;
    if (durationNs === 0) {
      this.flags[slot] &= ~bit;
      return 0;
    }
    const until = ((nowNs | 0) + durationNs) | 0;
    if (queue === 0) this.pauseD[slot] = until;
    else this.pauseC[slot] = until;
    this.flags[slot] |= bit;
    return 0;
  }

  /** The port's RED marking probability in Q16 (65536 = always) at `queueBytes` of data queue. */
  ecnProbability(slot: number, queueBytes: number): number {
    if (!(this.live[slot] === 1 && isInt(queueBytes, 0, 2 ** 31 - 1))) return this.reject(slot);
    return redProbabilityQ16(queueBytes, this.kMin[slot], this.kMax[slot], this.pMaxQ16);
  }

  // ---------------------------------------------------------------------------------------
  // Readers (per port)

  dataBytes(slot: number): number {
    return this.dBytes[slot] | 0;
  }
  controlBytes(slot: number): number {
    return this.cBytes[slot] | 0;
  }
  queuedBytes(slot: number): number {
    return (this.dBytes[slot] | 0) + (this.cBytes[slot] | 0);
  }
  dataPackets(slot: number): number {
    return this.dPkts[slot] | 0;
  }
  controlPackets(slot: number): number {
    return this.cPkts[slot] | 0;
  }
  bytesIn(slot: number): number {
    return this.bytesInCol[slot] || 0;
  }
  bytesOut(slot: number): number {
    return this.bytesOutCol[slot] || 0;
  }
  bytesDropped(slot: number): number {
    return this.bytesDroppedCol[slot] || 0;
  }
  /** Payload bytes removed by trimming. */
  bytesTrimmed(slot: number): number {
    return this.bytesTrimmedCol[slot] || 0;
  }
  packetsIn(slot: number): number {
    return this.pktsIn[slot] || 0;
  }
  packetsOut(slot: number): number {
    return this.pktsOut[slot] || 0;
  }
  packetsDropped(slot: number): number {
    return this.pktsDropped[slot] || 0;
  }
  packetsTrimmed(slot: number): number {
    return this.pktsTrimmed[slot] || 0;
  }
  /** CE marks set (at enqueue or dequeue). */
  marks(slot: number): number {
    return this.marksCol[slot] || 0;
  }
  pauseFrames(slot: number): number {
    return this.pauseFramesCol[slot] || 0;
  }
  /** bytesIn − (bytesOut + queued + dropped + trimmed): 0 whenever the accounting is exact. */
  accountingGap(slot: number): number {
    if (!this.isOpen(slot)) return 0;
    return this.bytesIn(slot) - (this.bytesOut(slot) + this.queuedBytes(slot) + this.bytesDropped(slot) + this.bytesTrimmed(slot));
  }
  /** The i-th oldest handle of a FIFO (0 = head), or −1; walks the list (for tests and traces). */
  peek(slot: number, queue: number, i: number): number {
    if (!this.isOpen(slot)) return -1;
    let h = queue === 0 ? this.dHead[slot] : this.cHead[slot];
    for (let k = 0; k < i && h >= 0; k++) h = this.hNext[h];
    return h;
  }

  // ---------------------------------------------------------------------------------------
  // Paths

  private admitData(slot: number, h: number, bytes: number, tag: number, q: number): number {
    this.link(this.dHead, this.dTail, slot, h, bytes | (tag << K.TagShift));
    this.dBytes[slot] = q + bytes;
    this.dPkts[slot]++;
    const out = this.out;
    out[O.Bytes] = bytes;
    out[O.Queue] = 0;
    // Marking at enqueue judges the queue the arrival finds (DCTCP-style).
    if (this.ecnAt === K.EcnEnqueue && q > this.kMin[slot] && this.redMarks(slot, q)) {
      this.marksCol[slot] += 1;
      out[O.Ecn] = 1;
      return V.Data | V.Marked;
    }
    return V.Data;
  }

  /** Into the control FIFO at `bytes` (the arrival's `orig` bytes before any trim), or dropped whole. */
  private admitControl(slot: number, h: number, bytes: number, orig: number, tag: number, verdict: number): number {
    const out = this.out;
    const cq = this.cBytes[slot];
    if (cq + bytes > this.cLimB[slot] || this.cPkts[slot] >= this.cLimP[slot]) {
      this.bytesDroppedCol[slot] += orig;
      this.pktsDropped[slot] += 1;
      out[O.Bytes] = 0;
      out[O.Queue] = -1;
      return V.Dropped;
    }
    this.link(this.cHead, this.cTail, slot, h, bytes | (tag << K.TagShift));
    this.cBytes[slot] = cq + bytes;
    this.cPkts[slot]++;
    out[O.Bytes] = bytes;
    out[O.Queue] = 1;
    if ((verdict & (V.Trimmed | V.TrimmedQueued)) !== 0) {
      this.bytesTrimmedCol[slot] += orig - bytes;
      this.pktsTrimmed[slot] += 1;
    }
    return verdict;
  }

  /**
   * The data FIFO is over its limit. A trimmable packet is trimmed (UEC §4.1, DCP §4.2); with
   * `arriving-or-newest`, the port's generator first decides (top bit of one draw) whether the
   * newest queued packet is trimmed instead, as uet-htsim does with probability ½. Anything else
   * is dropped (DCP §4.2: non-DCP and ACK packets above the threshold).
   */
  private dataOverflow(slot: number, h: number, bytes: number, tag: number): number {
    if (((this.trimTags >> tag) & 1) === 0) {
      this.bytesDroppedCol[slot] += bytes;
      this.pktsDropped[slot] += 1;
      this.out[O.Bytes] = 0;
      this.out[O.Queue] = -1;
      return V.Dropped;
    }
    if (this.newestHalf !== 0 && xoshiroNextAt(this.rng, slot << 2) < 0) {
      const r = this.trimNewest(slot, h, bytes, tag);
      if (r !== 0) return r;
    }
    const header = bytes < this.trimBytes ? bytes : this.trimBytes;
    const last = (this.flags[slot] & F.LastHop) !== 0 ? V.LastHop : 0;
    return this.admitControl(slot, h, header, bytes, K.HeaderTag, V.Control | V.Trimmed | last);
  }

  /**
   * uet-htsim's other half: take the newest data packet out, trim it into the control FIFO (or
   * drop it if that is full) and queue the arrival in its place. Done only when the newest is
   * trimmable and the arrival then fits; returns 0 otherwise (the arrival is trimmed instead).
   */
  private trimNewest(slot: number, h: number, bytes: number, tag: number): number {
    const t = this.dTail[slot];
    if (t < 0) return 0;
    const meta = this.hMeta[t];
    const tBytes = meta & K.BytesMask;
    const tTag = meta >>> K.TagShift;
    const q = this.dBytes[slot] - tBytes;
    const over = this.overOccupancy !== 0 ? q > this.dLimB[slot] : q + bytes > this.dLimB[slot];
    if (((this.trimTags >> tTag) & 1) === 0 || over || this.dPkts[slot] - 1 >= this.dLimP[slot]) return 0;
    const prev = this.hPrev[t];
    this.dTail[slot] = prev;
    if (prev < 0) this.dHead[slot] = -1;
    else this.hNext[prev] = -1;
    this.hMeta[t] = 0;
    this.dBytes[slot] = q;
    this.dPkts[slot]--;
    const header = tBytes < this.trimBytes ? tBytes : this.trimBytes;
    const last = (this.flags[slot] & F.LastHop) !== 0 ? V.LastHop : 0;
    const r = this.admitControl(slot, t, header, tBytes, K.HeaderTag, V.TrimmedQueued | last);
    const out = this.out;
    out[O.OtherHandle] = t;
    out[O.OtherBytes] = out[O.Bytes];
    out[O.Handle] = h;
    out[O.Ecn] = 0;
    return this.admitData(slot, h, bytes, tag, q) | (r === V.Dropped ? V.DroppedQueued : r);
  }

  private popData(slot: number): number {
    const h = this.dHead[slot];
    const meta = this.hMeta[h];
    const bytes = meta & K.BytesMask;
    const next = this.hNext[h];
    this.dHead[slot] = next;
    if (next < 0) {
      this.dTail[slot] = -1;
      this.defD[slot] = 0; // DRR: a queue that empties gives up its deficit
    } else {
      this.hPrev[next] = -1;
    }
    this.hMeta[h] = 0;
    const q = this.dBytes[slot] - bytes;
    this.dBytes[slot] = q;
    this.dPkts[slot]--;
    this.bytesOutCol[slot] += bytes;
    this.pktsOut[slot] += 1;
    const out = this.out;
    out[O.Handle] = h;
    out[O.Bytes] = bytes;
    out[O.Queue] = 0;
    out[O.Ecn] = 0;
    // Marking at dequeue judges the data bytes left behind (htsim CompositeQueue, HPCC switch).
    if (this.ecnAt === K.EcnDequeue && q > this.kMin[slot] && this.redMarks(slot, q)) {
      this.marksCol[slot] += 1;
      out[O.Ecn] = 1;
    }
    return h;
  }

  private popControl(slot: number): number {
    const h = this.cHead[slot];
    const bytes = this.hMeta[h] & K.BytesMask;
    const next = this.hNext[h];
    this.cHead[slot] = next;
    if (next < 0) {
      this.cTail[slot] = -1;
      this.defC[slot] = 0;
    } else {
      this.hPrev[next] = -1;
    }
    this.hMeta[h] = 0;
    this.cBytes[slot] -= bytes;
    this.cPkts[slot]--;
    this.bytesOutCol[slot] += bytes;
    this.pktsOut[slot] += 1;
    const out = this.out;
    out[O.Handle] = h;
    out[O.Bytes] = bytes;
    out[O.Queue] = 1;
    out[O.Ecn] = 0; // headers are never marked (htsim, HPCC queue 0)
    return h;
  }

  /** Both FIFOs are backlogged and eligible: 1 to serve control, 0 to serve data. */
  private pick(slot: number): number {
    if (this.sched === K.SchedStrict) return 1;
    if (this.sched === K.SchedWrr) {
      // htsim CompositeQueue: advance the round, then control while the position < its weight.
      let c = this.wrrCount[slot] + 1;
      if (c >= this.wrrTotal) c = 0;
      this.wrrCount[slot] = c;
      return c < this.wrrControl ? 1 : 0;
    }
    return this.pickDwrr(slot);
  }

  /**
   * Deficit round robin between two FIFOs (Shreedhar & Varghese) with byte quanta in the ratio w
   * (DCP §4.2's traffic-volume ratio). The FIFO holding the turn sends while its head fits its
   * deficit; otherwise the turn passes and the other FIFO's deficit grows by its quantum, which
   * is at least one MTU, so it can always send.
   */
  private pickDwrr(slot: number): number {
    const flags = this.flags[slot];
    if ((flags & F.TurnControl) !== 0) {
      const s = this.hMeta[this.cHead[slot]] & K.BytesMask;
      if (this.defC[slot] >= s) {
        this.defC[slot] -= s;
        return 1;
      }
      this.flags[slot] = flags & ~F.TurnControl;
      this.defD[slot] += this.dataQuantumBytes - (this.hMeta[this.dHead[slot]] & K.BytesMask);
      return 0;
    }
    const s = this.hMeta[this.dHead[slot]] & K.BytesMask;
    if (this.defD[slot] >= s) {
      this.defD[slot] -= s;
      return 0;
    }
    this.flags[slot] = flags | F.TurnControl;
    this.defC[slot] += this.controlQuantumBytes - (this.hMeta[this.cHead[slot]] & K.BytesMask);
    return 1;
  }

  /** A FIFO is paused: expire pauses that ended, then serve what is eligible. */
  private dequeuePaused(slot: number, now: number, dP: number, cP: number): number {
    let flags = this.flags[slot];
    if ((flags & F.PausedData) !== 0 && ((now - this.pauseD[slot]) | 0) >= 0) flags &= ~F.PausedData;
    if ((flags & F.PausedControl) !== 0 && ((now - this.pauseC[slot]) | 0) >= 0) flags &= ~F.PausedControl;
    this.flags[slot] = flags;
    const dOk = dP > 0 && (flags & F.PausedData) === 0;
    const cOk = cP > 0 && (flags & F.PausedControl) === 0;
    if (dOk && cOk) return this.pick(slot) !== 0 ? this.popControl(slot) : this.popData(slot);
    if (dOk) return this.popData(slot);
    if (cOk) return this.popControl(slot);
    let resume = 0;
    let have = false;
    if (dP > 0) {
      resume = this.pauseD[slot];
      have = true;
    }
    if (cP > 0 && (!have || ((this.pauseC[slot] - resume) | 0) < 0)) resume = this.pauseC[slot];
    this.out[O.Handle] = -1;
    this.out[O.ResumeNs] = resume;
    return K.Paused;
  }

  /** RED decision for a data packet at queue `q` > kMin: above kMax always, else one draw. */
  private redMarks(slot: number, q: number): boolean {
    const kMax = this.kMax[slot];
    if (q > kMax) return true;
    const kMin = this.kMin[slot];
    const p = Math.floor((this.pMaxQ16 * (q - kMin)) / (kMax - kMin));
    // p ≤ pMaxQ16 ≤ 65536 here, and a draw is at most 65535: p = 65536 always marks.
    return xoshiroNextAt(this.rng, slot << 2) >>> 16 < p;
  }

  private link(heads: Int32Array, tails: Int32Array, slot: number, h: number, meta: number): void {
    const tail = tails[slot];
    this.hPrev[h] = tail;
    this.hNext[h] = -1;
    this.hMeta[h] = meta;
    if (tail < 0) heads[slot] = h;
    else this.hNext[tail] = h;
    tails[slot] = h;
  }

  private forget(h: number): void {
    while (h >= 0) {
      const next = this.hNext[h];
      this.hMeta[h] = 0;
      h = next;
    }
  }

  private reject(slot: number): number {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
}

function isInt(x: number, lo: number, hi: number): boolean {
  return (x | 0) === x && x >= lo && x <= hi;
}
