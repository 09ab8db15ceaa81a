// Egress port queues of a switch: a data FIFO and a control FIFO per port, drop-tail by bytes and
// packets, RED/ECN at enqueue or dequeue, UEC and DCP trimming, and a strict-priority, WRR or
// DWRR scheduler between the two FIFOs, with PFC pause of either FIFO.
//
// Read first:
//   DCP (SIGCOMM'25) §4.2: the 2-bit DCP tag, the Packet Trimming module, WRR weight; §5 P4 switch.
//   UEC 1.0 §3.6.17 (thresholds) and §4.1 / §3.6.4.4 (trimming, last-hop codepoint), restated in
//     notes/uec-nscc-reps-pds.md §2.5–2.6.
//   DCP-Simulation switch-node.cc (notes/baselines.md §6, §8.2): the HO a trim makes carries CE
//     (`markTrimmed`), which DCP's DCQCN runs (§6.2) hear as congestion.
//   uet-htsim CompositeQueue (notes/uec-htsim-reference.md §7, notes/baselines.md §8): trim
//     the arriving or, with probability ½, the newest queued packet; RED at dequeue on the bytes
//     left behind; headers served 100000:1.
//   IEEE 802.1Qbb PFC (the egress side: a PAUSE stops one FIFO for a duration, XON = duration 0).
//
// Packets are the caller's integer handles. A FIFO is a singly linked list through a shared
// per-handle store (next handle, metadata word = bytes << 2 | tag), so every port's FIFOs share
// one fixed-size Int32Array and a queue never copies or allocates. The data FIFO also keeps the
// predecessor of its tail, which is all that trimming the newest packet needs. A handle is in at
// most one FIFO of a table at a time (enqueueing a queued handle is E_STATE).
//
// Accounting (per port, exact integers in f64): bytesIn = bytesOut + queued + bytesDropped +
// bytesTrimmed, where bytesTrimmed is payload removed by trimming and a packet dropped whole
// (including a trimmed header the control FIFO could not take) counts all its bytes as dropped.
//
// Cost: a port's hot words share one 64-byte group and a handle's two words are adjacent, so an
// admission or a departure touches the port's group, its counters and one or two handle entries.
// Both FIFOs have the same word layout and are served by the same two small routines (append,
// depart), which keeps the handlers' bytecode small enough for V8 to inline them into the caller
// (a handler and the tree it inlines within 766 bytes of bytecode: State and cost in README.md);
// rare paths (overflow, trims, pauses) are methods of their own.

import { E_SLOT, E_STATE } from "../../core/errors";
import { q16 } from "../../core/fixed";
import { hash3, mix32 } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { tickDeadlineCame } from "../../core/ticks";
import { type DcpWeight, type QueueParams, type QueueParamsInput, dcpWrrWeight, dwrrQuanta, resolveQueueParams } from "./params";
import { redProbabilityQ16 } from "./red";

/**
 * Per-port state, grouped port by port in power-of-two strides (index = port << shift): 64 B of
 * FIFO words (S), 32 B of generator, pause, scheduler and RED words (A), 64 B of f64 counters
 * (C), the port's shared buffer (pool + 1; 0: none), the refused headers (f64), plus the open
 * flag = 173 B per port; plus
 * 8 B per packet handle, shared by all ports, and 24 B per shared buffer.
 */
const LAYOUT = {
  st: ["i32", 16],
  aux: ["i32", 8],
  cnt: ["f64", 8],
  pool: "i32",
  // Trims whose header the control FIFO or the shared buffer refused (headersRefused): a cold
  // counter, outside the 64 B group the handlers touch.
  hdrRefused: "f64",
} as const;

/**
 * Words of a port's `st` group: the data FIFO's seven words, the control FIFO's seven words at
 * the same offsets + S.Control, the RED kMin, the flags.
 */
const enum S {
  Shift = 4,
  // Head and Tail are meaningful while the FIFO holds a packet, Prev while it holds two: a
  // departure that empties a FIFO writes nothing here (Pkts says), which keeps onDequeue's
  // inlined tree small (State and cost in README.md).
  Head = 0, // handle at the head (0: append and depart leave the offset out)
  Tail = 1,
  Prev = 2, // the handle before Tail
  Pkts = 3,
  Bytes = 4,
  LimB = 5, // limits, per port so one table can hold ports of several speeds
  LimP = 6,
  Control = 7, // offset of the control FIFO's words
  KMin = 14,
  Flags = 15, // F bits
}

/** Words of a port's `aux` group. */
const enum A {
  Shift = 3,
  Rng = 0, // the port's generator: a splitmix32 Weyl state
  PauseD = 1, // tick until which the data FIFO is paused (valid while F.PausedData)
  PauseC = 2,
  DefD = 3, // DWRR deficits in bytes (control's at DefD + 1)
  DefC = 4,
  WrrCount = 5, // WRR: position in the control:data round
  PauseFrames = 6, // PFC frames received
  KMax = 7,
}

/** splitmix32's Weyl increment (the golden ratio, as lib/core's seeding); an enum so that it
 * reaches the bundle as a literal, not as a shared variable holding a boxed double. */
const enum Rng {
  Weyl = 0x9e3779b9,
}

/** A port's counters (packets out = packets in − queued − dropped, so it is not kept). */
const enum C {
  Shift = 3,
  BytesIn = 0,
  PktsIn = 1,
  BytesOut = 2,
  BytesDropped = 3,
  PktsDropped = 4,
  BytesTrimmed = 5,
  PktsTrimmed = 6,
  Marks = 7,
}

/** Words of a handle's entry in the shared handle store. */
const enum H {
  Shift = 1,
  Next = 0, // the next handle towards the tail (the tail's is not kept: walks count Pkts); 0: append and depart leave the offset out
  Meta = 1, // bytes << 2 | tag while queued (never 0: bytes ≥ 1), 0 when not
}

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
  // The tag in the low bits: `meta >> 2` and `meta & 3` are 3 bytes of bytecode each, where a
  // 20-bit mask is a 10-byte operand (onDequeue's inlined tree, State and cost in README.md).
  TagBits = 2,
  TagMask = 3,
  HeaderTag = 3,
  Empty = -16,
  Paused = -17,
  EvenTags = 5, // bits TAG_OTHER (0) and TAG_DATA (2)
  MaxDurationNs = 1073741824,
}

/** Indices of the `out` record. */
const enum O {
  Bytes = 0,
  Queue = 1,
  Ecn = 2,
  OtherHandle = 3,
  OtherBytes = 4,
  ResumeNs = 5,
}

/** DCP §4.2 tag values (ToS bits): 00 non-DCP, 01 ACK, 10 data, 11 header-only. */
export const TAG_OTHER = 0;
export const TAG_ACK = 1;
export const TAG_DATA = 2;
export const TAG_HEADER = 3;

/** The arriving packet is in the data FIFO. */
export const QUEUE_DATA: number = V.Data;
/** The arriving packet is in the control FIFO (trimmed if QUEUE_TRIMMED is set too). */
export const QUEUE_CONTROL: number = V.Control;
/** The arriving packet was trimmed to out.bytes: mark it trimmed (UEC DSCP_TRIMMED, DCP tag 11). */
export const QUEUE_TRIMMED: number = V.Trimmed;
/** The arriving packet was dropped: the caller frees it. */
export const QUEUE_DROPPED: number = V.Dropped;
/** Set CE on the arriving packet (marking at enqueue, or its trimmed header under `markTrimmed`). */
export const QUEUE_MARKED: number = V.Marked;
/** A trim on a last-hop port: use UEC DSCP_TRIMMED_LASTHOP. */
export const QUEUE_LAST_HOP: number = V.LastHop;
/** The newest queued data packet (out.otherHandle) was trimmed to out.otherBytes and moved to the control FIFO. */
export const QUEUE_TRIMMED_QUEUED: number = V.TrimmedQueued;
/** The newest queued data packet (out.otherHandle) was evicted and dropped (the control FIFO was full). */
export const QUEUE_DROPPED_QUEUED: number = V.DroppedQueued;
/** onDequeue / evict: nothing is queued (not an error). */
export const QUEUE_EMPTY: number = K.Empty;
/** onDequeue: packets are queued but every backlogged FIFO is paused until out.resumeNs. */
export const QUEUE_PAUSED: number = K.Paused;
/** FIFO numbers in out.queue and onPause: the data FIFO. */
export const FIFO_DATA = 0;
/** FIFO numbers in out.queue and onPause: the control FIFO. */
export const FIFO_CONTROL = 1;

export class PortQueues extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  /** Bytes of shared state per packet handle (next handle, metadata). */
  static readonly bytesPerHandle = 8;
  static readonly api: HandlerSignatures = {
    open: ["slot", "lastHop"],
    close: ["slot"],
    onEnqueue: ["slot", "nowNs", "handle", "bytes", "tag"],
    onDequeue: ["slot", "nowNs"],
    onPause: ["slot", "nowNs", "queue", "durationNs"],
    evict: ["slot", "nowNs"],
    ecnProbability: ["slot", "queueBytes"],
    setPortLimits: ["slot", "dataLimitBytes", "dataLimitPackets", "controlLimitBytes", "controlLimitPackets", "kMinBytes", "kMaxBytes"],
    setPool: ["slot", "pool"],
  };
  /**
   * The `out` record. A dequeued or evicted packet: bytes, queue (FIFO_*), ecn (1: set CE);
   * QUEUE_PAUSED: resumeNs. onEnqueue writes only what its verdict needs: bytes with
   * QUEUE_TRIMMED, otherHandle/otherBytes with QUEUE_TRIMMED_QUEUED or QUEUE_DROPPED_QUEUED,
   * and ecn with either (1: set CE on the newest's header, `markTrimmed`; else 0, always 0 with
   * QUEUE_DROPPED_QUEUED, whose otherBytes is 0). README.md "The `out` record" has the table.
   */
  static readonly outFields = ["bytes", "queue", "ecn", "otherHandle", "otherBytes", "resumeNs"] as const;

  /** The resolved parameters: the profile's defaults (`uec-htsim` when `profile` is not given) plus overrides. */
  readonly params: Readonly<QueueParams>;
  /** DCP §4.2 weight derivation when `dcpRadix` was given, else null. */
  readonly dcp: Readonly<DcpWeight> | null;
  /** DWRR quanta in bytes (control : data = controlWeight). */
  readonly dataQuantumBytes: number;
  /** The control FIFO's DWRR quantum, bytes: ⌈controlWeight × dataQuantumBytes⌉ (DCP §4.2's w is a floor), at least one MTU. */
  readonly controlQuantumBytes: number;
  readonly out: Int32Array = offHeap(Int32Array, 6);

  private readonly st = this.col.st;
  private readonly aux = this.col.aux;
  private readonly cnt = this.col.cnt;
  private readonly hdrRefused = this.col.hdrRefused;
  private readonly hs: Int32Array;
  private readonly handleCap: number;
  /** Per port: its shared buffer + 1, or 0. */
  private readonly poolOf = this.col.pool;
  /**
   * True when the table has shared buffers (`pools` > 0): only then is any of them accounted.
   * A boolean, against lib/README's advice, for the 5 bytes of bytecode it saves onEnqueue; a
   * caller that inlines the handler folds the test away.
   */
  private readonly pooled: boolean;
  /** Per shared buffer + 1 (index 0 collects unpooled ports and is never judged): bytes queued. */
  private readonly poolUsed: Float64Array;
  private readonly poolPeak: Float64Array;
  private readonly poolRefused: Float64Array;
  /** B, bytes of each shared buffer. */
  private readonly poolCap: number;
  /** α of the dynamic rule; 2^31 for complete sharing, so that only B itself limits. */
  private readonly poolScale: number;
  /**
   * 1 when the control FIFO is outside the shared buffer (`controlPooled: false`), else 0: ANDed
   * with a FIFO's word offset f, whose low bit is the FIFO (control: slot << S.Shift, plus 7).
   */
  private readonly poolExempt: number;

  private readonly mtu: number;
  private readonly trimBytes: number;
  private readonly pMaxQ16: number;
  /** Bit t set: tag t (TAG_*) goes to the control FIFO, else to the data FIFO. */
  readonly controlTags: number;
  /** Bit t set: a tag-t packet is trimmed (not dropped) when the data FIFO is over. */
  private readonly trimTags: number;
  private readonly newestHalf: number;
  /** V.Marked when a trim sets CE on its header (`markTrimmed`), else 0. */
  private readonly trimMark: number;
  /** −1: the data FIFO is over when q + size > limit; 0: when q > limit. */
  private readonly arrivalMask: number;
  /**
   * Bit t set: RED judges a tag-t packet at enqueue (on the arrival) or at dequeue (on the bytes
   * it leaves). Data and non-DCP packets (even tags) only, never ACKs and headers (odd tags),
   * whichever FIFO holds them; at most one of the two masks is non-zero (`ecnAt`).
   */
  private readonly enqueueMarkTags: number;
  private readonly dequeueMarkTags: number;
  /** DWRR between the FIFOs; otherwise the packet WRR round, strict priority being its 1 : 0. */
  private readonly dwrr: boolean;
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
    this.hs = new Int32Array(p.handleCapacity << H.Shift);
    this.mtu = p.mtuBytes;
    this.trimBytes = p.trimBytes;
    this.pMaxQ16 = q16(p.pMax);
    this.controlTags = p.controlQueue ? (1 << TAG_HEADER) | (p.acksToControl ? 1 << TAG_ACK : 0) : 0;
    this.trimTags = p.trimming === "off" ? 0 : 1 << TAG_DATA;
    this.newestHalf = p.trimming === "arriving-or-newest" ? 1 : 0;
    this.trimMark = p.markTrimmed ? V.Marked : 0;
    this.arrivalMask = p.overRule === "occupancy" ? 0 : -1;
    this.enqueueMarkTags = p.ecnAt === "enqueue" ? K.EvenTags : 0;
    this.dequeueMarkTags = p.ecnAt === "dequeue" ? K.EvenTags : 0;
    this.dwrr = p.scheduler === "dwrr";
    const strict = p.scheduler === "strict";
    this.wrrControl = strict ? 1 : p.wrrControlPackets;
    this.wrrTotal = strict ? 1 : p.wrrControlPackets + p.wrrDataPackets;
    this.seed = p.seed | 0;
    this.pooled = p.pools > 0;
    this.poolUsed = offHeap(Float64Array, p.pools + 1);
    this.poolPeak = offHeap(Float64Array, p.pools + 1);
    this.poolRefused = offHeap(Float64Array, p.pools + 1);
    this.poolCap = p.poolBytes;
    this.poolScale = p.poolRule === "complete" ? 2 ** 31 : 2 ** p.poolAlphaLog2;
    this.poolExempt = p.controlPooled ? 0 : 1;
  }

  /**
   * Opens an egress port with the table's limits. `lastHop`: the port faces an endpoint, so its
   * trims carry UEC's last-hop codepoint. The port's generator restarts from hash3(seed, port, 0).
   * Re-opening an open port empties it (its handles are forgotten, the caller owns them).
   */
  open(slot: number, lastHop: boolean): void {
    if (this.isOpen(slot)) {
      // Re-opening starts the port afresh: its queued handles are forgotten, as by close, and
      // it leaves its shared buffer (setPool joins one again).
      this.leavePool(slot);
      this.forget(slot << S.Shift);
      this.forget((slot << S.Shift) + S.Control);
    }
    this.openSlot(slot);
    this.st[(slot << S.Shift) + S.Flags] = lastHop ? F.LastHop : 0;
    const p = this.params;
    this.setLimits(slot, p.dataLimitBytes, p.dataLimitPackets, p.controlLimitBytes, p.controlLimitPackets, p.kMinBytes, p.kMaxBytes);
    this.aux[(slot << A.Shift) + A.Rng] = hash3(this.seed, slot, 0);
  }

  /** Closes a port; packets still queued are forgotten (the caller owns and frees them). */
  override close(slot: number): number {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    this.leavePool(slot);
    this.forget(slot << S.Shift);
    this.forget((slot << S.Shift) + S.Control);
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
    this.setLimits(slot, dataLimitBytes, dataLimitPackets, controlLimitBytes, controlLimitPackets, kMinBytes, kMaxBytes);
    return 0;
  }

  /**
   * The port joins shared buffer `pool` (0 ≤ pool < `pools`), or leaves its buffer (−1); the
   * bytes it holds move with it. Configuration: returns 0, or E_SLOT / E_ARG (state unchanged).
   */
  setPool(slot: number, pool: number): number {
    if (!(this.live[slot] === 1 && (pool | 0) === pool && pool >= -1 && pool < this.poolUsed.length - 1)) return this.reject(slot);
    const b = slot << S.Shift;
    // The bytes the buffer holds for the port: its control FIFO's only when that is pooled.
    const control = this.poolExempt === 0 ? this.st[b + S.Control + S.Bytes] : 0;
    const queued = this.st[b + S.Bytes] + control;
    this.poolRelease(b, queued);
    this.poolOf[slot] = pool + 1;
    this.poolAdd(b, queued);
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * A packet of `bytes` with DCP/UEC class `tag` (TAG_*) arrives for egress port `slot`.
   * Returns QUEUE_* verdict bits, or E_SLOT / E_ARG (oversized, unknown tag, bad handle) /
   * E_STATE (the handle is already queued). See outFields for what `out` then holds.
   */
  onEnqueue(slot: number, nowNs: number, handle: number, bytes: number, tag: number): number {
    // live[slot] is undefined for a negative, fractional, NaN or too-large slot; x >>> 0 === x
    // holds for integers in [0, 2^32) only; (bytes − 1) >>> 0 < mtu for 1 ≤ bytes ≤ mtu.
    if (
      !(
        this.live[slot] === 1 &&
        handle >>> 0 === handle &&
        handle < this.handleCap &&
        bytes >>> 0 === bytes &&
        (bytes - 1) >>> 0 < this.mtu &&
        (tag & 3) === tag &&
        nowNs - nowNs === 0
      )
    ) {
      return this.reject(slot);
    }
    if (this.hs[(handle << H.Shift) + H.Meta] !== 0) return this.fail(E_STATE);
    const c = slot << C.Shift;
    const cnt = this.cnt;
    cnt[c + C.BytesIn] += bytes;
    cnt[c + C.PktsIn] += 1;
    const fifo = (this.controlTags >> tag) & 1;
    const b = slot << S.Shift;
    const f = b + fifo * S.Control;
    const st = this.st;
    const q = st[f + S.Bytes];
    // The control FIFO is over when q + size > limit; the data FIFO by its over rule.
    // In a shared buffer, an admitted arrival is counted there by poolRefuses.
    const need = q + (bytes & (this.arrivalMask | -fifo));
    if (need > st[f + S.LimB] || st[f + S.Pkts] >= st[f + S.LimP] || (this.pooled && this.poolRefuses(f, need, bytes))) {
      return this.overflow(slot, handle, bytes, tag, fifo);
    }
    this.append(f, handle, bytes, tag);
    // Marking at enqueue judges the data queue the arrival finds (DCTCP-style). Only data and
    // non-DCP packets (even tags) are marked, never an ACK or a header, even when they share the
    // data FIFO (droptail, or dcp with ACKs in it); an even tag is always in FIFO 0.
    const kMin = st[b + S.KMin];
    if (((this.enqueueMarkTags >> tag) & 1) !== 0 && q > kMin) return V.Data | (this.mark(slot, q, kMin) * V.Marked);
    return fifo + 1; // V.Data or V.Control
  }

  /**
   * The port's link is free: the next packet to send. Returns its handle (out.bytes, out.queue,
   * out.ecn = CE to set, decided at dequeue on the data bytes left behind), QUEUE_EMPTY,
   * QUEUE_PAUSED (out.resumeNs: the earliest tick a paused FIFO may send), or E_SLOT / E_ARG.
   */
  onDequeue(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const b = slot << S.Shift;
    const st = this.st;
    if ((st[b + S.Flags] & (F.PausedData | F.PausedControl)) !== 0) return this.dequeuePaused(slot, nowNs | 0);
    const dP = st[b + S.Pkts];
    const cP = st[b + (S.Control + S.Pkts)];
    if (dP + cP === 0) return K.Empty;
    return this.depart(slot, cP === 0 ? 0 : dP === 0 ? 1 : this.pick(slot), C.BytesOut, this.dequeueMarkTags);
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
    const f = (slot << S.Shift) + S.Flags;
    const a = slot << A.Shift;
    this.aux[a + A.PauseFrames]++;
    if (durationNs === 0) {
      this.st[f] &= ~bit;
      return 0;
    }
    this.aux[a + A.PauseD + queue] = ((nowNs | 0) + durationNs) | 0;
    this.st[f] |= bit;
    return 0;
  }

  /**
   * Removes the head of the data FIFO, else of the control FIFO, whatever the pauses and the
   * scheduler, and counts it as dropped: for a failed link or a flushed port. Returns its handle
   * (out.bytes, out.queue; out.ecn = 0), QUEUE_EMPTY, or E_SLOT / E_ARG.
   */
  evict(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const b = slot << S.Shift;
    const fifo = this.st[b + S.Pkts] > 0 ? 0 : 1;
    if (this.st[b + fifo * S.Control + S.Pkts] === 0) return K.Empty;
    const h = this.depart(slot, fifo, C.BytesDropped, 0);
    this.cnt[(slot << C.Shift) + C.PktsDropped] += 1;
    return h;
  }

  /** The port's RED marking probability in Q16 (65536 = always) at `queueBytes` of data queue. */
  ecnProbability(slot: number, queueBytes: number): number {
    if (!(this.live[slot] === 1 && isInt(queueBytes, 0, 2 ** 31 - 1))) return this.reject(slot);
    return redProbabilityQ16(queueBytes, this.st[(slot << S.Shift) + S.KMin], this.aux[(slot << A.Shift) + A.KMax], this.pMaxQ16);
  }

  // ---------------------------------------------------------------------------------------
  // Readers (per port)

  /**
   * Bytes in the data FIFO now (FIFO_DATA: data and non-DCP packets, and the ACKs and headers not
   * sent to the control FIFO); 0 for a closed port.
   */
  dataBytes(slot: number): number {
    return this.word(slot, S.Bytes);
  }
  /**
   * Bytes in the control FIFO now (FIFO_CONTROL: trimmed headers at their trimmed size; with
   * `controlQueue`, arriving headers, and ACKs under `acksToControl`); 0 for a closed port.
   */
  controlBytes(slot: number): number {
    return this.word(slot, S.Control + S.Bytes);
  }
  /** Bytes queued in both FIFOs now: dataBytes + controlBytes; 0 for a closed port. */
  queuedBytes(slot: number): number {
    return this.dataBytes(slot) + this.controlBytes(slot);
  }
  /** Packets in the data FIFO now; 0 for a closed port. */
  dataPackets(slot: number): number {
    return this.word(slot, S.Pkts);
  }
  /** Packets in the control FIFO now; 0 for a closed port. */
  controlPackets(slot: number): number {
    return this.word(slot, S.Control + S.Pkts);
  }
  /**
   * Bytes of every packet onEnqueue took since the port opened, at full size, whatever its verdict
   * (queued, trimmed or dropped; not calls refused with E_*); 0 for a closed port.
   */
  bytesIn(slot: number): number {
    return this.count(slot, C.BytesIn);
  }
  /**
   * Bytes onDequeue sent since the port opened (a trimmed packet at its header size; evicted
   * packets count as dropped, not sent); 0 for a closed port.
   */
  bytesOut(slot: number): number {
    return this.count(slot, C.BytesOut);
  }
  /**
   * Bytes of packets dropped whole since the port opened, at full size: arrivals (QUEUE_DROPPED, a trim
   * whose header the control FIFO refused included), newest packets (QUEUE_DROPPED_QUEUED) and evict's; 0 for a closed port.
   */
  bytesDropped(slot: number): number {
    return this.count(slot, C.BytesDropped);
  }
  /** Payload bytes removed by trimming. */
  bytesTrimmed(slot: number): number {
    return this.count(slot, C.BytesTrimmed);
  }
  /** Packets onEnqueue took since the port opened, whatever their verdict (not calls refused with E_*); 0 for a closed port. */
  packetsIn(slot: number): number {
    return this.count(slot, C.PktsIn);
  }
  /** Packets in − queued − dropped (a trimmed packet still leaves, as a header). */
  packetsOut(slot: number): number {
    return this.packetsIn(slot) - this.dataPackets(slot) - this.controlPackets(slot) - this.packetsDropped(slot);
  }
  /** Packets dropped whole since the port opened (those bytesDropped counts); 0 for a closed port. */
  packetsDropped(slot: number): number {
    return this.count(slot, C.PktsDropped);
  }
  /**
   * Packets trimmed to a header the control FIFO took, since the port opened: arrivals (QUEUE_TRIMMED) and newest
   * queued packets (QUEUE_TRIMMED_QUEUED); a trim whose header is refused counts as a drop. 0 for a closed port.
   */
  packetsTrimmed(slot: number): number {
    return this.count(slot, C.PktsTrimmed);
  }
  /**
   * Packets trimmed whose header the control FIFO (or the shared buffer) refused, since the port
   * opened: arrivals (QUEUE_DROPPED) and newest queued packets (QUEUE_DROPPED_QUEUED); each is
   * in packetsDropped too, and is a lost HO for DCP Table 5's ratio. 0 for a closed port.
   */
  headersRefused(slot: number): number {
    return this.isOpen(slot) ? this.hdrRefused[slot] : 0;
  }
  /** CE marks set (at enqueue or dequeue, and on trimmed headers under `markTrimmed`). */
  marks(slot: number): number {
    return this.count(slot, C.Marks);
  }
  /** PFC frames onPause accepted since the port opened, for either FIFO, XON (duration 0) included; 0 for a closed port. */
  pauseFrames(slot: number): number {
    return this.isOpen(slot) ? this.aux[(slot << A.Shift) + A.PauseFrames] : 0;
  }
  /** bytesIn − (bytesOut + queued + dropped + trimmed): 0 whenever the accounting is exact. */
  accountingGap(slot: number): number {
    if (!this.isOpen(slot)) return 0;
    return this.bytesIn(slot) - (this.bytesOut(slot) + this.queuedBytes(slot) + this.bytesDropped(slot) + this.bytesTrimmed(slot));
  }
  /** The i-th oldest handle of a FIFO (0 = head), or −1 (i not an integer in [0, packets)); walks the list (for tests and traces). */
  peek(slot: number, queue: number, i: number): number {
    const f = (slot << S.Shift) + (queue === 0 ? 0 : S.Control);
    if (!this.isOpen(slot) || !((i | 0) === i && i >= 0 && i < this.st[f + S.Pkts])) return -1;
    let h = this.st[f + S.Head];
    for (let k = 0; k < i; k++) h = this.hs[(h << H.Shift) + H.Next];
    return h;
  }

  // ---------------------------------------------------------------------------------------
  // FIFO routines (f = the port's base word, plus S.Control for the control FIFO)

  /** Appends handle h at the tail of the FIFO whose words start at st[f]. */
  private append(f: number, h: number, bytes: number, tag: number): void {
    const st = this.st;
    const hs = this.hs;
    const n = st[f + S.Pkts];
    const tail = st[f + S.Tail]; // stale when n = 0, and then Prev is not read
    hs[(h << H.Shift) + H.Meta] = (bytes << K.TagBits) | tag;
    // Word offsets H.Next and S.Head are 0 and left out: `x + 0` is 3 bytes of bytecode each,
    // which onEnqueue's inlined tree has no room for (State and cost in README.md).
    if (n === 0) st[f] = h;
    else hs[tail << H.Shift] = h;
    st[f + S.Prev] = tail;
    st[f + S.Tail] = h;
    st[f + S.Bytes] += bytes;
    st[f + S.Pkts] = n + 1;
  }

  /**
   * The head of a non-empty FIFO leaves it: sent by onDequeue (its bytes counted in `counter`
   * C.BytesOut, RED at dequeue judging it when its tag's bit is set in `markTags`) or dropped by
   * evict (C.BytesDropped, markTags 0). Sets out.bytes, out.queue and out.ecn; returns the handle.
   * One routine for both, without a second call for the marking, keeps onDequeue's inlined tree
   * within the 766 bytes a caller can take (State and cost in README.md).
   */
  private depart(slot: number, fifo: number, counter: number, markTags: number): number {
    const b = slot << S.Shift;
    const f = b + fifo * S.Control;
    const st = this.st;
    const hs = this.hs;
    const h = st[f]; // S.Head and H.Next are 0, left out as in append
    const e = h << H.Shift;
    const meta = hs[e + H.Meta];
    const bytes = meta >> K.TagBits;
    hs[e + H.Meta] = 0;
    st[f] = hs[e];
    const n = st[f + S.Pkts] - 1;
    st[f + S.Pkts] = n;
    st[f + S.Bytes] -= bytes;
    if (this.pooled) this.poolRelease(f, bytes);
    // An emptied FIFO gives up its DRR deficit (Head, Tail and Prev are not read at 0 packets).
    if (n === 0) this.aux[(slot << A.Shift) + A.DefD + fifo] = 0;
    this.cnt[(slot << C.Shift) + counter] += bytes;
    // Marking at dequeue judges the data bytes left behind (htsim CompositeQueue, HPCC
    // switch); RED never marks headers and ACKs (odd tags), whichever FIFO they are in.
    const q = st[b + S.Bytes];
    const kMin = st[b + S.KMin];
    let ecn = 0;
    if (((markTags >> (meta & K.TagMask)) & 1) !== 0 && q > kMin) ecn = this.mark(slot, q, kMin);
    const out = this.out;
    out[O.Bytes] = bytes;
    out[O.Queue] = fifo;
    out[O.Ecn] = ecn;
    return h;
  }

  // ---------------------------------------------------------------------------------------
  // Rare paths

  /** The arrival does not fit its FIFO: drop it, or trim it (data FIFO, trimmable tag). */
  private overflow(slot: number, h: number, bytes: number, tag: number, fifo: number): number {
    if (fifo === 0 && ((this.trimTags >> tag) & 1) !== 0) return this.trimArrival(slot, h, bytes, tag);
    return this.drop(slot, bytes);
  }

  private drop(slot: number, bytes: number): number {
    const c = slot << C.Shift;
    this.cnt[c + C.BytesDropped] += bytes;
    this.cnt[c + C.PktsDropped] += 1;
    return V.Dropped;
  }

  /**
   * A trimmable packet finds the data FIFO over its limit (UEC §4.1, DCP §4.2): it is trimmed
   * into the control FIFO. With `arriving-or-newest`, the port's generator first decides (top
   * bit of one draw) whether the newest queued packet is trimmed instead, as uet-htsim does with
   * probability ½.
   */
  private trimArrival(slot: number, h: number, bytes: number, tag: number): number {
    if (this.newestHalf !== 0 && this.draw(slot) < 0) {
      const r = this.trimNewest(slot, h, bytes, tag);
      if (r !== 0) return r;
    }
    const header = bytes < this.trimBytes ? bytes : this.trimBytes;
    const v = this.admitHeader(slot, h, header, bytes, V.Control | V.Trimmed);
    if (v === V.Dropped) return v;
    this.out[O.Bytes] = header;
    // DCP's ns-3 switch sets CE on the HO it makes, so DCQCN hears the trim (notes/baselines.md §6).
    if (this.trimMark === 0) return v;
    this.countMark(slot);
    return v | V.Marked;
  }

  /** A trimmed header leaves with CE (`markTrimmed`): counted with the RED marks. */
  private countMark(slot: number): void {
    this.cnt[(slot << C.Shift) + C.Marks] += 1;
  }

  /** A trimmed header into the control FIFO (counted as a trim), or the whole packet dropped. */
  private admitHeader(slot: number, h: number, header: number, orig: number, verdict: number): number {
    const b = slot << S.Shift;
    const f = b + S.Control;
    const st = this.st;
    const need = st[f + S.Bytes] + header;
    if (need > st[f + S.LimB] || st[f + S.Pkts] >= st[f + S.LimP] || (this.pooled && this.poolRefuses(f, need, header))) {
      this.hdrRefused[slot] += 1;
      return this.drop(slot, orig);
    }
    this.append(f, h, header, K.HeaderTag);
    const c = slot << C.Shift;
    this.cnt[c + C.BytesTrimmed] += orig - header;
    this.cnt[c + C.PktsTrimmed] += 1;
    return verdict | ((st[b + S.Flags] & F.LastHop) !== 0 ? V.LastHop : 0);
  }

  /**
   * uet-htsim's other half: take the newest data packet out, trim it into the control FIFO (or
   * drop it if that is full) and queue the arrival in its place. Done only when the newest is
   * trimmable and the arrival then fits; returns 0 otherwise (the arrival is trimmed instead).
   */
  private trimNewest(slot: number, h: number, bytes: number, tag: number): number {
    const b = slot << S.Shift;
    const st = this.st;
    const hs = this.hs;
    const nData = st[b + S.Pkts];
    if (nData === 0) return 0;
    const t = st[b + S.Tail];
    const meta = hs[(t << H.Shift) + H.Meta];
    const tBytes = meta >> K.TagBits;
    const q = st[b + S.Bytes] - tBytes;
    const need = q + (bytes & this.arrivalMask);
    const over = need > st[b + S.LimB] || nData - 1 >= st[b + S.LimP];
    if (((this.trimTags >> (meta & K.TagMask)) & 1) === 0 || over) return 0;
    // In a shared buffer the arrival must also fit once the newest has left it: the newest's
    // bytes leave the buffer before it is judged (the threshold α·(B − used) as well as B).
    if (this.pooled) {
      this.poolRelease(b, tBytes);
      if (this.poolTake(b, need, bytes)) {
        this.poolAdd(b, tBytes);
        return 0;
      }
    }
    // The arrival replaces the newest packet: it hangs off the tail's predecessor, or heads the FIFO.
    hs[(h << H.Shift) + H.Meta] = (bytes << K.TagBits) | tag;
    if (nData === 1) st[b + S.Head] = h;
    else hs[(st[b + S.Prev] << H.Shift) + H.Next] = h;
    st[b + S.Tail] = h;
    st[b + S.Bytes] = q + bytes;
    hs[(t << H.Shift) + H.Meta] = 0;
    const header = tBytes < this.trimBytes ? tBytes : this.trimBytes;
    const r = this.admitHeader(slot, t, header, tBytes, V.TrimmedQueued);
    this.out[O.OtherHandle] = t;
    this.out[O.OtherBytes] = r === V.Dropped ? 0 : header;
    // QUEUE_MARKED names the arrival, so the newest's header takes its CE in out.ecn.
    let ecn = 0;
    if (r !== V.Dropped && this.trimMark !== 0) {
      this.countMark(slot);
      ecn = 1;
    }
    this.out[O.Ecn] = ecn;
    const v = V.Data | (r === V.Dropped ? V.DroppedQueued : r);
    // The arrival finds q bytes ahead of it (marking at enqueue).
    const kMin = st[b + S.KMin];
    if (this.enqueueMarkTags !== 0 && q > kMin) return v | (this.mark(slot, q, kMin) * V.Marked);
    return v;
  }

  /** Both FIFOs are backlogged and eligible: 1 to serve control, 0 to serve data. */
  private pick(slot: number): number {
    if (this.dwrr) return this.pickDwrr(slot);
    // htsim CompositeQueue: advance the round, then control while the position < its weight.
    // Strict priority is the round 1 : 0 (wrrControl = wrrTotal = 1: control every time).
    const w = (slot << A.Shift) + A.WrrCount;
    const aux = this.aux;
    let c = aux[w] + 1;
    if (c >= this.wrrTotal) c = 0;
    aux[w] = c;
    return c < this.wrrControl ? 1 : 0;
  }

  /**
   * Deficit round robin between two FIFOs (Shreedhar & Varghese) with byte quanta in the ratio w
   * (DCP §4.2's traffic-volume ratio). The FIFO holding the turn sends while its head fits its
   * deficit; otherwise the turn passes and the other FIFO's deficit grows by its quantum, which
   * is at least one MTU, so it can always send.
   */
  private pickDwrr(slot: number): number {
    const b = slot << S.Shift;
    const a = slot << A.Shift;
    const st = this.st;
    const aux = this.aux;
    const flags = st[b + S.Flags];
    const dHeadBytes = this.hs[(st[b + S.Head] << H.Shift) + H.Meta] >> K.TagBits;
    const cHeadBytes = this.hs[(st[b + S.Control + S.Head] << H.Shift) + H.Meta] >> K.TagBits;
    if ((flags & F.TurnControl) !== 0) {
      if (aux[a + A.DefC] >= cHeadBytes) {
        aux[a + A.DefC] -= cHeadBytes;
        return 1;
      }
      st[b + S.Flags] = flags & ~F.TurnControl;
      aux[a + A.DefD] += this.dataQuantumBytes - dHeadBytes;
      return 0;
    }
    if (aux[a + A.DefD] >= dHeadBytes) {
      aux[a + A.DefD] -= dHeadBytes;
      return 0;
    }
    st[b + S.Flags] = flags | F.TurnControl;
    aux[a + A.DefC] += this.controlQuantumBytes - cHeadBytes;
    return 1;
  }

  /** A FIFO is paused: expire pauses that ended, then serve what is eligible. */
  private dequeuePaused(slot: number, now: number): number {
    const b = slot << S.Shift;
    const f = b + S.Flags;
    const a = slot << A.Shift;
    const dP = this.st[b + S.Pkts];
    const cP = this.st[b + S.Control + S.Pkts];
    let flags = this.st[f];
    // A pause ends at most MaxDurationNs after its frame, so its end has come when it reads as
    // now or as further ahead than that (lib/core/ticks.ts, the third reading): read signed, an
    // end that passed 2^31 ns ago (an idle port) would look ahead and stall the FIFO for 2.1 s.
    if ((flags & F.PausedData) !== 0 && tickDeadlineCame(this.aux[a + A.PauseD], now, K.MaxDurationNs)) flags &= ~F.PausedData;
    if ((flags & F.PausedControl) !== 0 && tickDeadlineCame(this.aux[a + A.PauseC], now, K.MaxDurationNs)) flags &= ~F.PausedControl;
    this.st[f] = flags;
    const dOk = dP > 0 && (flags & F.PausedData) === 0;
    const cOk = cP > 0 && (flags & F.PausedControl) === 0;
    if (dOk) return this.depart(slot, cOk ? this.pick(slot) : 0, C.BytesOut, this.dequeueMarkTags);
    if (cOk) return this.depart(slot, 1, C.BytesOut, this.dequeueMarkTags);
    if (dP + cP === 0) return K.Empty;
    // Every backlogged FIFO is paused: report the earliest end of their pauses.
    let resume = dP > 0 ? this.aux[a + A.PauseD] : this.aux[a + A.PauseC];
    if (dP > 0 && cP > 0 && ((this.aux[a + A.PauseC] - resume) | 0) < 0) resume = this.aux[a + A.PauseC];
    this.out[O.ResumeNs] = resume;
    return K.Paused;
  }

  /**
   * RED for a data packet at queue q > kMin: above kMax always; otherwise one 16-bit draw u
   * marks when u < p = floor(pMaxQ16·(q − kMin)/(kMax − kMin)), tested without the division as
   * (u + 1)·(kMax − kMin) ≤ pMaxQ16·(q − kMin) (exact: both sides < 2^47). Counts the mark and
   * returns 1, or 0.
   */
  private mark(slot: number, q: number, kMin: number): number {
    const a = slot << A.Shift;
    const aux = this.aux;
    const kMax = aux[a + A.KMax];
    if (q <= kMax) {
      // draw() written out, and kMin from the caller: onEnqueue's and onDequeue's whole trees
      // stay within the 766 bytes of bytecode that let a caller inline them even after V8
      // optimised them on their own (lib/README "The inlining race").
      const x = (aux[a] + Rng.Weyl) | 0; // A.Rng is 0, left out as S.Head
      aux[a] = x;
      if (((mix32(x) >>> 16) + 1) * (kMax - kMin) > this.pMaxQ16 * (q - kMin)) return 0;
    }
    this.cnt[(slot << C.Shift) + C.Marks] += 1;
    return 1;
  }

  /**
   * The port's next random word (int32 bit pattern): splitmix32, x += 0x9e3779b9 and the
   * MurmurHash3 fmix32 of x (lib/core mix32). One word of state per port, so a port's draws
   * depend only on its own events; the state starts at hash3(seed, port, 0) when it opens.
   */
  private draw(slot: number): number {
    const at = (slot << A.Shift) + A.Rng;
    const x = (this.aux[at] + Rng.Weyl) | 0;
    this.aux[at] = x;
    return mix32(x);
  }

  private setLimits(slot: number, dB: number, dP: number, cB: number, cP: number, kMin: number, kMax: number): void {
    const b = slot << S.Shift;
    const st = this.st;
    st[b + S.LimB] = dB;
    st[b + S.LimP] = dP;
    st[b + S.Control + S.LimB] = cB;
    st[b + S.Control + S.LimP] = cP;
    st[b + S.KMin] = kMin;
    this.aux[(slot << A.Shift) + A.KMax] = kMax;
  }

  // ---------------------------------------------------------------------------------------
  // Shared buffers

  /**
   * Whether the shared buffer of the FIFO whose words start at st[f] refuses to let that FIFO,
   * of `need` bytes as its over rule counts them, grow by `delta` bytes: when B would be
   * exceeded, or, under the dynamic rule, when need > α·(B − used) (Choudhury & Hahne: the
   * threshold is taken before the arrival). Admitted bytes are counted in the buffer at once.
   * Index 0 (no buffer) never refuses. (B − used)·α is exact: |B − used| < 2^31, α a power of
   * two. The test and the count in one routine, not poolAdd called, keep onEnqueue's inlined
   * tree within the 766 bytes of lib/README "The inlining race" (State and cost in README.md).
   */
  private poolTake(f: number, need: number, delta: number): boolean {
    const p = this.poolOf[f >> S.Shift];
    const capBytes = this.poolCap;
    const usedCol = this.poolUsed;
    const used = usedCol[p];
    const after = used + delta;
    if (p !== 0 && (after > capBytes || need > (capBytes - used) * this.poolScale)) return true;
    usedCol[p] = after;
    const peakCol = this.poolPeak;
    if (after > peakCol[p]) peakCol[p] = after;
    return false;
  }

  /**
   * poolTake for an arrival of `bytes` at the FIFO whose words start at st[f] (f's low bit is
   * the FIFO: slot << S.Shift, plus 7 for control), which the FIFO's over rule counts as `need`
   * bytes with it: a refusal is counted against the port's buffer (the caller then drops or
   * trims the arrival), an admitted arrival in it (the caller then queues it). A control FIFO
   * outside the buffer (`controlPooled: false`) is never refused.
   */
  private poolRefuses(f: number, need: number, bytes: number): boolean {
    // DCP §4.2's lossless control plane: HPCC's switch-node.cc SendToDev admits queue 0 unjudged.
    if ((f & this.poolExempt) !== 0 || !this.poolTake(f, need, bytes)) return false;
    this.poolRefused[this.poolOf[f >> S.Shift]]++;
    return true;
  }

  /**
   * `delta` bytes into (or out of) the buffer of the FIFO whose words start at st[f], which the
   * buffer counts, without admission: a port's bytes moving with it (setPool), or the newest
   * packet's bytes put back when the arrival that would replace it is refused (trimNewest).
   */
  private poolAdd(f: number, delta: number): void {
    const p = this.poolOf[f >> S.Shift];
    const used = this.poolUsed[p] + delta;
    this.poolUsed[p] = used;
    if (used > this.poolPeak[p]) this.poolPeak[p] = used;
  }

  /**
   * `bytes` leave the buffer of the FIFO whose words start at st[f]; none for a control FIFO
   * outside it (HPCC's SwitchNotifyDequeue releases MMU bytes only for qIndex != 0). A departure
   * cannot raise the peak, and leaving out poolAdd's test keeps onDequeue's inlined tree small.
   */
  private poolRelease(f: number, bytes: number): void {
    if ((f & this.poolExempt) === 0) this.poolUsed[this.poolOf[f >> S.Shift]] -= bytes;
  }

  /** A closed or re-opened port's queued bytes leave its shared buffer. */
  private leavePool(slot: number): void {
    this.setPool(slot, -1);
  }

  /** The handles queued in the FIFO whose words start at st[f] are free again (open, close). */
  private forget(f: number): void {
    let h = this.st[f + S.Head];
    for (let n = this.st[f + S.Pkts]; n > 0; n--) {
      this.hs[(h << H.Shift) + H.Meta] = 0;
      h = this.hs[(h << H.Shift) + H.Next];
    }
  }

  /** The port's shared buffer, or −1 (none, or a closed port). */
  pool(slot: number): number {
    return this.isOpen(slot) ? this.poolOf[slot] - 1 : -1;
  }
  /** Bytes queued in the port's shared buffer (all its ports' FIFOs in it); 0 without one. */
  poolUsedBytes(slot: number): number {
    return this.pool(slot) >= 0 ? this.poolUsed[this.poolOf[slot]] : 0;
  }
  /**
   * The most bytes the port's shared buffer has held at once (all its ports' pooled FIFOs) since the table
   * was built, never reset (not by ports leaving); 0 without a buffer or for a closed port.
   */
  poolPeakBytes(slot: number): number {
    return this.pool(slot) >= 0 ? this.poolPeak[this.poolOf[slot]] : 0;
  }
  /** Arrivals (and trimmed headers) the port's shared buffer refused though the FIFO's own limits took them. */
  poolRefusals(slot: number): number {
    return this.pool(slot) >= 0 ? this.poolRefused[this.poolOf[slot]] : 0;
  }
  /**
   * What a FIFO of the port's buffer may hold now: ⌊α·(B − used)⌋, or B − used (complete); 0
   * without one, and 0 while the buffer holds more than B (setPool moves a port's bytes in
   * without admission; the buffer then refuses every arrival until it drains below B).
   */
  poolThresholdBytes(slot: number): number {
    if (this.pool(slot) < 0) return 0;
    const free = this.poolCap - this.poolUsed[this.poolOf[slot]];
    if (free <= 0) return 0;
    return this.poolScale === 2 ** 31 ? free : Math.floor(free * this.poolScale);
  }

  private word(slot: number, w: number): number {
    return this.isOpen(slot) ? this.st[(slot << S.Shift) + w] : 0;
  }

  private count(slot: number, k: number): number {
    return this.isOpen(slot) ? this.cnt[(slot << C.Shift) + k] : 0;
  }
}

function isInt(x: number, lo: number, hi: number): boolean {
  return (x | 0) === x && x >= lo && x <= hi;
}
