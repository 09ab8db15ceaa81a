// The virtual fabric: links, switch egress ports, switches and NICs driven by one event list.
//
// Decomposition after htsim (notes/style-anchors.md §4), without its globals: a scheduler
// (engine/events.ts: (time, sequence) order over binary heaps, with a FIFO per fixed delay, so
// a wire — serialisation then propagation, htsim's Pipe — costs O(1) per packet), packets as
// pooled handles (packets.ts), egress
// ports running lib/switch PortQueues (one table for every port of the fabric), switches that
// route hop by hop through lib/switch Router over candidate sets computed from the topology
// (never a per-flow route), and NICs that host, per flow, one congestion control, one load
// balancer and one reliability module and drive them only through their handlers (adapters.ts).
//
// Per packet-hop the cost is one event for its arrival, plus one for the end of its
// serialisation only when something is queued behind it. Nothing allocates per packet or per
// event: every structure is a typed array sized at construction (the event list's FIFO rings
// grow when they must, which is rare and not per event).
//
// NIC model (uet-htsim UecNIC, notes/uec-htsim-reference.md §4, §6): a pull model — when its
// link is free the NIC takes a control packet (ACK, NACK, CNP) or the next packet of the next
// eligible flow in round-robin; control packets get `controlWeight` slots for each data slot
// when both wait (htsim: 10:1). A flow is eligible while its reliability module has a packet and
// its congestion control allows it (window, or pacing time for rate modules). The host egress
// queue neither marks nor trims (htsim FairPriorityQueue).
//
// Receiver: data and trimmed headers go to the flow's reliability receiver (data optionally
// through a receive-processing queue drained at `rxGbps`, for endpoint-congestion studies); ACKs
// and NACKs it asks for go out through the NIC's control queue.

import { hash3, Xoshiro128 } from "../../lib/core/rng";
import { bitSet } from "../../lib/core/bitmap";
import { bdpBytesCeil, ceilPs } from "../../lib/core/units";
import { ECN, GOOD, NACK, TIMEOUT } from "../../lib/lb/feedback";
import type { LowDiameterTopology } from "../../lib/lb/spritz/topology";
import {
  PortQueues,
  QUEUE_DROPPED,
  QUEUE_DROPPED_QUEUED,
  QUEUE_LAST_HOP,
  QUEUE_MARKED,
  QUEUE_PAUSED,
  QUEUE_TRIMMED,
  QUEUE_TRIMMED_QUEUED,
} from "../../lib/switch/queue/queue";
import type { PoolRule, QueueParamsInput } from "../../lib/switch/queue/params";
import { Router, TABLE_DEFAULT, TABLE_ECMP1, TABLE_ECMP1_LOCAL } from "../../lib/switch/routing/routing";
import { PFC_DROP, PFC_PAUSE, PFC_RESUME, Pfc, type PfcParamsInput, pfcAlphaLog2, pfcHeadroomBytes } from "../../lib/switch/pfc/pfc";
import { PfcShared } from "../../lib/switch/pfc/shared";
import { FIFO_DATA, TAG_HEADER } from "../../lib/switch/queue/queue";
import { EventList } from "../engine/events";
import { EVENT_TARGET_LIMIT } from "../engine/heap";
import { minimalHops } from "../topo/lowdiameter";
import { Family, type Topology } from "../topo/topology";
import { type CcAdapter, type LbTable, Rx, Sx, Tx, type Transport } from "./adapters";
import { DackTransport, type HostQueue } from "./dack";
import { Pacer } from "./pacer";
import { type PortLimits, portLimits } from "./port-limits";
import { Flag, Kind, P, PacketPool } from "./packets";
import { ReflexSites, type ReflexSpec } from "./reflex";

/** Event kinds. */
export const enum Ev {
  Arrive = 0, // target: egress port whose wire delivers its head packet
  TxDone = 1, // target: port whose serialisation ended
  Timer = 2, // target: flow (reliability timer)
  Wake = 3, // target: flow (pacing gap over)
  Start = 4, // target: flow
  RxDone = 5, // target: host (receive processing of the head packet done)
  CcTimer = 6, // target: flow (congestion-control timer)
  Stop = 7,
  Pause = 8, // target: egress port a PFC frame reaches; arg: duration in ns (0: XON)
  Sample = 9, // periodic sampling of queues and flows (only when asked for)
  Fault = 10, // target: fault index; arg: 1 begins, 0 ends
  PfcTick = 11, // target: PFC ingress queue whose PAUSE refresh is due
}

/** Routing modes (scenario `routing`). */
export const enum Routing {
  Ecmp = 0,
  Adaptive = 1,
  Valiant = 2,
  Minimal = 3,
  Spritz = 4,
  Ugal = 5,
}

const TAG_OF_KIND = [2, 3, 1, 1, 1]; // Data → TAG_DATA, Header → TAG_HEADER, control → TAG_ACK
/** ctrlBefore: the control packet to send is the head of the NIC's queue. */
const CTRL_HEAD = -1;
/** ctrlBefore: no control packet may go (a PAUSE holds them all). */
const CTRL_NONE = -2;
/**
 * UGAL-L's Valiant packets carry the network port their second switch leaves by, plus one (0:
 * none), in their flags from this bit (packets.ts Flag uses the bits below).
 */
const UGAL_VIA_SHIFT = 16;

export interface SwitchBufferSpec {
  bytes: number;
  rule?: PoolRule;
  alphaLog2?: number;
}

export interface FabricOptions {
  topology: Topology;
  routing: Routing;
  /** PortQueues parameters (profile, thresholds …) for ports at `baseGbps`; others are scaled. */
  queue: QueueParamsInput;
  baseGbps: number;
  /**
   * Two DCs: the limits at `baseGbps` of every switch port but the WAN ports, derived from the
   * intra-DC RTT as `queue`'s are from the network's (port-limits.ts portLimits). Absent or
   * null: every port takes `queue`'s.
   */
  intraDcQueue?: PortLimits | null;
  ackBytes: number;
  /** Packet handles at the start; the pool doubles as needed up to packetPoolMax (default: packetPool). */
  packetPool: number;
  packetPoolMax?: number;
  seed: number;
  /** Control slots per data slot at the NIC when both wait (htsim 10). */
  controlWeight: number;
  /**
   * After each packet a host's NIC sends, it pauses for a uniform random time in [0, this) ns
   * before the next (0: never). A fabric without jitter can lock flows into a fixed phase
   * (Floyd and Jacobson 1991: drop-tail always frees its place to the same flow); ns-2 breaks it
   * with a random overhead per packet sent, which this is.
   */
  hostJitterNs?: number;
  /** Receive processing rate per host in Gb/s (0: off) and its buffer. */
  rxGbps: number;
  rxBufferBytes: number;
  /** Switch forwarding latency, added to the propagation of links leaving a switch. */
  switchLatencyNs: number;
  /** Stop here even if flows remain (ps). */
  endPs: number;
  /** Stop at the first block of 65,536 events that reaches this many (Infinity: no bound). */
  maxEvents?: number;
  /** The flows' retransmission timeout (ns): the window over which REPS's recent maximum RTT is kept. */
  rtoNs?: number;
  /**
   * PFC on every switch ingress port for its priority, the packets the queues put in their data
   * FIFO (lib/switch Pfc parameters), or null: off. With
   * switchBuffer, PfcShared's instead: each ingress queue pauses by its switch's free shared
   * buffer, and the egress queues have no pool of their own (a lossless switch admits at ingress);
   * each port's α is then HPCC's for its rate over the hosts' (pfcAlphaLog2), unless
   * switchBuffer.alphaLog2 is given, which every port keeps.
   * Each ingress queue's headroom, PAUSE duration and refresh follow its own link (the upstream
   * port's rate and cable: Pfc.setPort); linkGbps and cableNs here are only the table's nominal
   * values (its params), and a headroomBytes given here is every queue's.
   */
  pfc: (PfcParamsInput & { reserveBytes?: number; resumeOffsetBytes?: number }) | null;
  /**
   * A shared buffer of `bytes` per switch (DCP §6.2: 32 MB), which all its ports' queues draw
   * on, each FIFO also held to α·(B − used) with α = 2^alphaLog2 (rule `dynamic`, the default:
   * Choudhury & Hahne) or only to B (`complete`); the ports' own limits still apply. Absent or
   * null: every port has only its own limits.
   */
  switchBuffer?: SwitchBufferSpec | null;
  /**
   * The switches' PFC watchdog (pfcWatchdog below): a port paused without a break for detectNs
   * with packets of PFC's priority queued is in a pause storm, found at the first PAUSE frame
   * after detectNs. It then ignores PAUSE frames (`forward`) or discards
   * its data priority (`drop`) until restoration: restoreNs after the detection (`fixed`) or once
   * no PAUSE frame has come for restoreNs (`quiet`). Absent, or detectNs 0: off. Defaults
   * forward, fixed.
   */
  pfcWatchdog?: { detectNs: number; restoreNs: number; action?: "forward" | "drop"; restore?: "fixed" | "quiet" };
  /** Hosts whose receive processing differs from rxGbps / rxBufferBytes (0 Gb/s: unlimited). */
  hostRx?: { host: number; gbps: number; bufferBytes: number }[];
  /** Faults, resolved to ports and hosts (faults.ts). */
  faults?: FaultSpec[];
  /** Periodic samples of queues and flows, or null. */
  sample?: SampleSpec | null;
  /** Flows whose data packets' paths are recorded. */
  traceFlows?: number[];
  /** Reflex at the two DCs' external switches (twodc topology only), or null. */
  reflex?: ReflexSpec | null;
  /**
   * Spritz §III-D coarse-grained control (routing spritz): packets carry a VLAN path category in
   * Ev's bits 16–17 (lib/lb/spritz SpritzVlan), and the ECMP 1 / ECMP 2 switches hash over the
   * category's table.
   */
  spritzVlan?: boolean;
  /**
   * Dragonfly and Slim Fly: control packets (ACK, NACK, CNP) take the minimal route whatever the
   * routing mode, as the Spritz authors' htsim sends them (the paper says only that the response
   * keeps the data's EV, §III-C; default false: they are routed as data, by that EV).
   */
  minimalControl?: boolean;
}

/** Fault kinds the fabric applies. */
export const enum FaultKind {
  /** The link carries nothing while down: whatever reaches its far end is lost. */
  Down = 0,
  /** The link's rate becomes `gbps`. */
  Degrade = 1,
  /** Packets of the kinds in `packetMask` arriving over the link are lost with `probability`. */
  Loss = 2,
  /** As Loss, counted as corrupted (a CRC error at the receiving end). */
  Corrupt = 3,
  /** The hosts' receive processing runs at `rxGbps`. */
  Slow = 4,
}

export interface FaultSpec {
  kind: FaultKind;
  label: string;
  /** Egress port ids (both directions of each affected link). */
  ports: number[];
  hosts: number[];
  atPs: number;
  untilPs: number;
  probability: number;
  /** Bit (1 << Kind) per packet kind hit (Loss, Corrupt). */
  packetMask: number;
  /**
   * Loss only: a data packet hit is trimmed to the switches' header and goes on, as DCP's P4
   * switch does under enforced loss (DCP §6.1 Fig. 10, §6.3 Fig. 17); other kinds are lost.
   */
  trim?: boolean;
  gbps: number;
  rxGbps: number;
}

export interface SampleSpec {
  intervalPs: number;
  /** Switch or NIC egress ports whose queued bytes are sampled (NIC: its control queue and ready flows are not bytes; 0). */
  ports: number[];
  /** Flows whose CC level and delivered bytes are sampled, and under reliability dack their halt state and credits. */
  flows: number[];
  /** Hosts whose DACK / OPT target queue is sampled (its occupancy and congested flag); each has a target (build checks). */
  hosts: number[];
  /** Samples kept per series; beyond it every other sample is dropped and the interval doubles. */
  maxPoints: number;
}

/** Per-fault tallies. */
export interface FaultTally {
  lost: number[]; // by packet kind
  /** Data packets trimmed instead (FaultSpec.trim). */
  trimmed: number;
  /** Flows that lost a packet to the fault or had one trimmed by it. */
  flows: Set<number>;
  /**
   * Per flow, 1 once the fault hit it: a packet of the flow (any kind, either direction) went
   * onto a covered link while the fault was on, or reached a covered host's NIC as data (Slow),
   * or was lost or trimmed to it. A degrade or slow fault loses nothing, yet slows what crosses.
   */
  readonly hit: Uint8Array;
}

export interface FlowSpec {
  src: number;
  dst: number;
  bytes: number;
  /** Earliest start; a flow with dependencies starts when enough of them are done, not before this. */
  startPs: number;
  /** Flows whose delivery (receiver side) this flow waits for. */
  after?: number[];
  /** Flows whose full acknowledgement (sender side) this flow waits for. */
  afterAcked?: number[];
  /** How many of them must be done (default: all). */
  needed?: number;
  /** Multishot trigger (0 … flows − 1) this flow activates when acknowledged in full. */
  activates?: number;
  /** Multishot trigger this flow also waits on: its j-th waiting flow starts at its (j + 1)-th activation. */
  onTrigger?: number;
  cc: CcAdapter;
  lb: LbTable;
  /** Slot of the flow in its load balancer (Spritz: per source switch tables). */
  lbSlot: number;
}

/**
 * The flows' multishot triggers (htsim MultiShotTrigger, FlowRecord.onTrigger): the trigger each
 * flow activates (−1: none), and per trigger its waiting flows in flow order as CSR offsets and
 * list. @throws RangeError for an id outside [0, flows) or a trigger with more waiting flows than
 * activating ones (the last would never start).
 */
function multishotTriggers(flows: readonly FlowSpec[]): [Int32Array, Int32Array, Int32Array] {
  const F = flows.length;
  const activates = new Int32Array(F).fill(-1);
  const off = new Int32Array(F + 1);
  const activators = new Int32Array(F);
  const id = (t: number, g: number) => {
    if (!(Number.isInteger(t) && t >= 0 && t < F)) throw new RangeError(`flow ${g}: trigger ${t} outside [0, ${F})`);
    return t;
  };
  flows.forEach((f, g) => {
    if (f.activates !== undefined) activators[(activates[g] = id(f.activates, g))]++;
    if (f.onTrigger !== undefined) off[id(f.onTrigger, g) + 1]++;
  });
  for (let t = 0; t < F; t++) {
    if (off[t + 1] > activators[t]) throw new RangeError(`trigger ${t}: ${off[t + 1]} flows wait on it and ${activators[t]} activate it, so the last would never start`);
    off[t + 1] += off[t];
  }
  const waiters = new Int32Array(Math.max(1, off[F]));
  const fill = off.slice(0, F);
  flows.forEach((f, g) => {
    if (f.onTrigger !== undefined) waiters[fill[f.onTrigger]++] = g;
  });
  return [activates, off, waiters];
}

export class Fabric {
  readonly topo: Topology;
  readonly heap = new EventList(4096);
  readonly pool: PacketPool;
  readonly queues: PortQueues;
  readonly router: Router;
  readonly transport: Transport;
  /** The transport's per-host processing queue (DACK), or null: then data goes to its onData. */
  private readonly hostQueue: HostQueue | null;
  /** PFC per switch ingress port (slot = global port id), or null. */
  readonly pfc: Pfc | PfcShared | null;
  /**
   * Under a given network.pfc.headroomBytes, the ingress queues whose own link needs more
   * (pfcPort), and the most one needs with its link: what scenario/warnings.ts reports.
   */
  readonly pfcShortHeadroom = { ports: 0, needBytes: 0, gbps: 0, cableNs: 0 };
  private readonly pfcOn: number;
  /** PFC: when each ingress queue's next refresh check is due, ps (0: none); tick events queued, stale ones included. */
  private readonly pfcTickAt: Float64Array;
  private pfcTicksQueued = 0;
  /**
   * Sample events queued (0 or 1). Refresh ticks and the sample are background: neither is
   * "something else pending" for the other (pfcTick, takeSample), or together they keep a
   * stuck run alive until its event budget.
   */
  private samplesQueued = 0;
  /**
   * The Stop event queued (0 or 1: endPs is finite, the 1 s default of a scenario with faults
   * included). It waits for the end whatever happens, so it is no more "something else pending"
   * than the ticks and the sample are.
   */
  private readonly stopQueued: number;
  /** PFC watchdog: detection and restoration times, ps (0: off); until when each port ignores PAUSE frames, ps. */
  private readonly wdDetectPs: number;
  private readonly wdRestorePs: number;
  private readonly wdUntil: Float64Array;
  /** PFC watchdog: 1 when its action is drop, else forward; 1 when storm frames postpone restoration (quiet), else fixed. */
  private readonly wdDrop: number;
  private readonly wdQuiet: number;
  /**
   * PFC's priority: the packet classes (1 << TAG_*) the queues put in the data FIFO. 802.1Qbb
   * pauses a priority, and here the data FIFO is that priority: PortQueues.onPause(FIFO_DATA)
   * holds it, a NIC holds its packets of it, an ingress queue accounts them, and the watchdog's
   * drop action discards them. The one map decides all four, so a paused sender holds exactly
   * what its paused receiver counts.
   */
  private readonly pfcTags: number;
  /** PFC pause storms the watchdog broke. */
  pfcStorms = 0;
  /** Packets of PFC's priority the watchdog's drop action discarded; of them, flushed from a queue (which counts them as its drops). */
  wdDrops = 0;
  wdFlushed = 0;
  private readonly nicPausedUntil: Float64Array;
  /** Reflex NSF and NDT at the external switches, or null. */
  readonly reflex: ReflexSites | null = null;
  /** Time of the current event, ps (a double field: see engine/heap.ts on DOUBLE_INIT). */
  now = 0.5;
  nowNs = 0;

  // Ports: wire FIFO, serialisation, link.
  private readonly psPerByte: Float64Array;
  private readonly latPs: Float64Array;
  private readonly busyUntil: Float64Array;
  /** Time of the port's pending TxDone event, ps; 0 when none (stale events are ignored). */
  private readonly txAt: Float64Array;
  /** Serialisation time of the last packet transmit() put on a wire, ps. */
  private lastSer = 0.5;
  private readonly qPkts: Int32Array;
  private readonly portToLocal: Int32Array;
  private readonly portNode: Int32Array;
  private readonly H: number;

  // Routing.
  private readonly routing: number;
  private readonly family: number;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly downDiv: Int32Array;
  private readonly groupBase: Int32Array;
  private readonly upOff: Int32Array;
  private readonly upCnt: Int32Array;
  private readonly groupOff: Int32Array;
  private readonly groupCnt: Int32Array;
  private readonly candPort: Int32Array;
  private readonly candQueue: Int32Array;
  private readonly nodePortBase: Int32Array;
  private readonly ld: LowDiameterTopology | null;
  private readonly ldP: number;
  private readonly ldR: number;
  private readonly ldS: number;
  private readonly ldGlobal: Uint8Array;
  private readonly minPort: Int32Array;
  private readonly allOff: Int32Array;
  private readonly ecmp2Off: Int32Array;
  /** Spritz VLAN mode (FabricOptions.spritzVlan), and the candidate entries its category tables are written to. */
  private readonly vlanMode: number;
  private readonly vlanOff: number;
  /** FabricOptions.minimalControl. */
  private readonly ctrlMinimal: number;
  private readonly groupOf: Int32Array;
  private readonly dragonfly: number;
  private readonly dist: Uint8Array;
  /** tableAt's second result: the offset of the table's candidates. */
  private tableOff = 0;

  // NICs.
  private readonly ctrlHead: Int32Array;
  private readonly ctrlTail: Int32Array;
  private readonly ctrlCount: Int32Array;
  private readonly ctrlStreak: Int32Array;
  private readonly ring: Int32Array;
  private readonly ringOff: Int32Array;
  private readonly ringCap: Int32Array;
  private readonly ringHead: Int32Array;
  private readonly ringLen: Int32Array;
  private readonly controlWeight: number;
  private readonly jitterPs: number;
  private readonly jitterRng: Xoshiro128;
  /** Receive processing per host: ps per byte (0: unlimited) and buffer bytes. */
  private readonly rxPsPerByte: Float64Array;
  private readonly rxBuffer: Float64Array;
  private readonly rxHead: Int32Array;
  private readonly rxTail: Int32Array;
  private readonly rxBytes: Int32Array;

  // Flows (slot = flow index in every per-flow table).
  readonly flows: number;
  readonly flowSrc: Int32Array;
  readonly flowDst: Int32Array;
  readonly flowBytes: Float64Array;
  readonly flowStart: Float64Array;
  /** Receiver-side completion (last payload byte delivered), ps; −1 while incomplete. */
  readonly flowDoneRx: Float64Array;
  /** Sender-side completion (everything acknowledged), ps; −1 while incomplete. */
  readonly flowDoneTx: Float64Array;
  readonly flowDelivered: Float64Array;
  private readonly flowHash: Int32Array;
  private readonly active: Uint8Array;
  private readonly timerAt: Float64Array;
  private readonly ccTimerAt: Float64Array;
  private readonly pacer: Pacer;
  /**
   * REPS Appendix A: per flow, the largest RTT sample (ns) of the current and of the previous
   * window of one RTO, so that their maximum covers the last one to two RTOs.
   */
  private readonly rttMaxCur: Int32Array;
  private readonly rttMaxPrev: Int32Array;
  private readonly rttWinEnd: Float64Array;
  private readonly rttWinPs: number;
  /** 1 when some flow's load balancer takes onTimeoutRtt (REPS): only then are RTT maxima kept. */
  private readonly rttTracked: number;
  /** Per flow: 1 when its load balancer orders by RTT and takes feedback with the ACK's RTT. */
  private readonly lbRtt: Uint8Array;
  private readonly ccOf: CcAdapter[];
  private readonly lbOf: LbTable[];
  private readonly lbSlot: Int32Array;
  /** Integrity: one bit per data PSN per flow, set on first delivery. */
  private readonly seenBits: Int32Array;
  private readonly seenBase: Float64Array;
  /** Integrity, transports that deliver in order (Transport.inOrder): each flow's next PSN to deliver. */
  private readonly inOrder: number;
  private readonly nextDeliverPsn: Int32Array;
  /** Integrity, transports that name their completions (Transport.namesCompletions): each flow's next MSN to complete. */
  private readonly namesCompletions: number;
  private readonly nextCompleteMsn: Int32Array;
  readonly mss: number;
  /** Metrics, module-independent: one bit per data PSN per flow, set when a copy first reaches the receiver NIC. */
  private readonly arrivedBits: Int32Array;
  /**
   * The same, set when a copy enters the receiver NIC's processing queue (`network.rxGbps`),
   * before `arrivedBits` (set when it leaves it): a resend of a copy already queued is spurious.
   */
  private readonly queuedBits: Int32Array;
  /** The receiver's next expected PSN (first not yet arrived): an arrival elsewhere is out of order (Spritz §V-C). */
  private readonly expectedPsn: Int32Array;
  /** Per flow: out-of-order arrivals, spurious retransmissions (the original had already arrived), payload bytes arrived once, packets lost to faults. */
  readonly flowOoo: Int32Array;
  readonly flowSpurious: Int32Array;
  readonly flowArrivedBytes: Float64Array;
  readonly flowFaultLosses: Int32Array;
  // Dependencies: flows waiting on others (CSR lists of dependants per flow and side).
  private readonly waitLeft: Int32Array;
  private readonly rxDepOff: Int32Array;
  private readonly rxDeps: Int32Array;
  private readonly txDepOff: Int32Array;
  private readonly txDeps: Int32Array;
  /** Multishot triggers: the one each flow activates when acknowledged (−1: none); per trigger, its waiting flows in flow order (CSR) and the next to release. */
  private readonly activates: Int32Array;
  private readonly trigOff: Int32Array;
  private readonly trigWaiters: Int32Array;
  private readonly trigNext: Int32Array;
  /** 1 once a flow has started (a waiting flow that never started is reported as waiting). */
  readonly flowStarted: Uint8Array;

  // Counters.
  dataSent = 0;
  dataDelivered = 0;
  dataDropped = 0;
  trims = 0;
  headersDelivered = 0;
  headersDropped = 0;
  ctrlSent = 0;
  ctrlDelivered = 0;
  ctrlDropped = 0;
  rxDrops = 0;
  pfcDrops = 0;
  pauseFrames = 0;
  retransmissions = 0;
  timeouts = 0;
  /** NACKs senders took: trim NACKs acted on (senderNack), and go-back-N's and IRN's, which travel as ACK packets (Sx.Nack). */
  nacks = 0;
  cnps = 0;
  transmissions = 0;
  /** Packets that reached the far end of a wire: transmissions − arrivals are on the wires (checkIntegrity). */
  arrivals = 0;
  events = 0;
  flowsDoneTx = 0;
  flowsDoneRx = 0;
  /** Flows whose reliability module gave up (e.g. DCP's retry limit). */
  flowsFailed = 0;
  /** Data arrivals at receivers that were out of order, duplicates, and retransmissions sent for a packet that had already arrived. */
  oooArrivals = 0;
  dupArrivals = 0;
  spuriousRetransmissions = 0;
  /** Control packets queued at NICs and dropped anywhere, by Kind (ACK 2, NACK 3, CNP 4). */
  readonly ctrlSentByKind = new Float64Array(5);
  readonly droppedByKind = new Float64Array(5);
  /** PFC: PAUSE frames (duration > 0) and XON frames sent, and the time egress ports spent paused, ps (paused(), see below). */
  pauseOnFrames = 0;
  xonFrames = 0;
  private pausedPsClosed = 0;
  private readonly pauseStart: Float64Array;
  private readonly pauseEnd: Float64Array;
  private readonly portEverPaused: Uint8Array;
  // Faults.
  readonly faults: FaultSpec[];
  readonly faultTally: FaultTally[];
  /** Packets lost to faults (kept apart from queue, receive and PFC drops for the integrity check). */
  faultDrops = 0;
  /** Data packets a loss fault trimmed (FaultSpec.trim); among `trims`, not among the queues' trims. */
  faultTrims = 0;
  /** Per port: the data packets a loss fault trimmed at the far end of its link (the queues count their own trims). */
  readonly faultTrimsAt: Float64Array;
  /** Far end of each port as built; portTo holds −1 − node while a Down/Loss/Corrupt fault is active there. */
  private readonly realTo: Int32Array;
  private readonly portTo: Int32Array;
  private readonly downBy: Int32Array;
  private readonly lossBy: Int32Array;
  /**
   * Per port: after its link comes back up, arrivals up to this time (ps) left it while it was
   * down, and are lost to the fault in downLostBy (0: none).
   */
  private readonly downLostUntil: Float64Array;
  private readonly downLostBy: Int32Array;
  /** Per fault: 0 while off, else the order it began in (1, 2, …), for "the latest begun wins". */
  private readonly faultBegun: Int32Array;
  private faultsBegun = 0;
  /** Per fault: 1 at each port (a Slow fault: each host) it covers. */
  private readonly faultCovers: Uint8Array[];
  /**
   * 1 at a port while a link fault covering it is on (faultWatchHost: a host, Slow): the one
   * check the per-packet paths make before looking for the faults a packet crosses.
   */
  private readonly faultWatchPort: Uint8Array;
  private readonly faultWatchHost: Uint8Array;
  private readonly faultRng: Xoshiro128;
  private readonly basePsPerByte: Float64Array;
  private readonly baseRxPsPerByte: Float64Array;
  // Sampling.
  readonly sample: SampleSpec | null;
  sampleIntervalPs = 0;
  readonly sampleTimes: number[] = [];
  readonly sampleQueues: number[][] = [];
  readonly sampleLevels: number[][] = [];
  readonly sampleDelivered: number[][] = [];
  /**
   * The DACK family's quantities (Chong & Krishnan Figs. 8–9 plot the target's buffer occupancy;
   * Fig. 2's halt state is what throttles): per sampled host its target's occupancy (bytes) and
   * congested flag (1 or 0); per sampled flow, under reliability dack, its halt state (DACK_H_*)
   * and credits. Empty where the transport has none.
   */
  readonly sampleHostBytes: number[][] = [];
  readonly sampleHostCongested: number[][] = [];
  readonly sampleHalt: number[][] = [];
  readonly sampleCredits: number[][] = [];
  /** The transport whose targets and initiators are sampled: the DACK / OPT one, else null. */
  private readonly dackSampled: DackTransport | null;
  // Path tracing.
  private readonly tracing: number;
  private readonly traceOf: Int32Array;
  private readonly tracePorts = new Map<number, number[]>();
  /** Per traced flow: path (egress ports joined by ">") → data packets that arrived over it. */
  readonly tracePaths: Map<string, number>[] = [];

  readonly flowFailed: Uint8Array;
  /** The EV of each flow's last packet (for a timeout whose module cannot name the lost packet's). */
  private readonly lastEv: Int32Array;
  /** Integrity violations (each a message), at most a few kept. */
  readonly violations: string[] = [];
  private stopped = false;
  readonly endPs: number;
  private readonly maxEvents: number;
  /** The run ended at maxEvents, before endPs and with flows open. */
  eventBudgetSpent = false;

  /** Each switch's forwarding latency, ns (FabricOptions.switchLatencyNs). */
  private readonly switchLatencyNs: number;

  constructor(opts: FabricOptions, transport: Transport, flows: FlowSpec[], mssBytes: number) {
    const t = opts.topology;
    // Ports, flows, hosts and faults are event targets, each below 2^27 (engine/heap.ts).
    const targets = Math.max(t.ports, flows.length, t.hosts, opts.faults?.length ?? 0);
    if (targets >= EVENT_TARGET_LIMIT) throw new RangeError(`the fabric names at most ${EVENT_TARGET_LIMIT - 1} ports, flows, hosts or faults; this one has ${targets}`);
    this.topo = t;
    this.switchLatencyNs = opts.switchLatencyNs;
    this.H = t.hosts;
    this.transport = transport;
    this.mss = mssBytes;
    // Event times are whole ps (engine/heap.ts): times given in µs or ns arrive as products
    // such as 2.051 µs × 1e6 = 2,051,000.0000000002 ps, which put a fault "at 2.051 µs" after a
    // flow starting then (2.051 × 1000 × 1000 = 2,051,000), against the rule that a fault
    // beginning when a flow starts is in force for its first packet.
    this.endPs = Math.round(opts.endPs);
    this.maxEvents = opts.maxEvents ?? Infinity;
    this.pool = new PacketPool(opts.packetPool, opts.packetPoolMax ?? opts.packetPool);
    const P = t.ports;
    this.psPerByte = new Float64Array(P);
    this.latPs = new Float64Array(P);
    for (let p = 0; p < P; p++) {
      this.psPerByte[p] = 8000 / t.portGbps[p];
      const fromSwitch = t.portNode[p] >= t.hosts;
      this.latPs[p] = Math.round((t.portLatencyNs[p] + (fromSwitch ? opts.switchLatencyNs : 0)) * 1000);
    }
    this.busyUntil = new Float64Array(P);
    this.txAt = new Float64Array(P);
    this.qPkts = new Int32Array(P);
    this.realTo = t.portTo;
    this.portTo = Int32Array.from(t.portTo);
    this.portToLocal = t.portToLocal;
    this.basePsPerByte = Float64Array.from(this.psPerByte);
    this.downBy = new Int32Array(P).fill(-1);
    this.lossBy = new Int32Array(P).fill(-1);
    this.downLostUntil = new Float64Array(P);
    this.downLostBy = new Int32Array(P).fill(-1);
    this.faultRng = new Xoshiro128(hash3(opts.seed, 0xfa17, 0));
    this.pauseStart = new Float64Array(P);
    this.pauseEnd = new Float64Array(P);
    this.portEverPaused = new Uint8Array(P);
    this.portNode = t.portNode;
    this.nodePortBase = t.nodePortBase;

    // Queues: one PortQueues table over every port id; only switch ports are opened. With a
    // shared buffer per switch, buffer i is switch i's (node hosts + i).
    const sb = opts.switchBuffer ?? null;
    const pools = sb !== null && !opts.pfc ? { pools: t.switches, poolBytes: sb.bytes, poolRule: sb.rule ?? "dynamic", poolAlphaLog2: sb.alphaLog2 ?? 0 } : {};
    this.queues = new PortQueues({ ...opts.queue, ...pools, handleCapacity: this.pool.maxCapacity, seed: hash3(opts.seed, 0x51, 0) }, P);
    const qp = this.queues.params;
    const intraDc = t.dcs !== null ? (opts.intraDcQueue ?? null) : null;
    for (let p = 0; p < P; p++) {
      if (t.portNode[p] < t.hosts) continue;
      this.queues.open(p, t.portLastHop[p] === 1);
      if (sb !== null && !opts.pfc) this.queues.setPool(p, t.portNode[p] - t.hosts);
      if (t.portGbps[p] !== opts.baseGbps || intraDc !== null) {
        const l = portLimits(t, p, qp, opts.baseGbps, intraDc);
        this.queues.setPortLimits(p, l.dataBytes, qp.dataLimitPackets, l.controlBytes, qp.controlLimitPackets, l.kMinBytes, l.kMaxBytes);
      }
    }

    // PFC: one ingress queue (PFC's priority, pfcTags) per switch port; frames go to the port upstream.
    this.pfcOn = opts.pfc ? 1 : 0;
    if (opts.pfc) {
      const pp = { linkGbps: opts.baseGbps, cableNs: t.portLatencyNs[t.ports - 1], mtuBytes: opts.queue.mtuBytes ?? 4150, ...opts.pfc };
      // The table's nominal headroom, at the base rate; each queue gets its own below (pfcPort).
      const headroomBytes = pp.headroomBytes ?? this.pfcHeadroom(pp.linkGbps, pp.cableNs, pp.mtuBytes);
      this.pfc =
        sb === null
          ? new Pfc({ ...pp, headroomBytes }, P)
          : new PfcShared({ ...pp, headroomBytes, pools: t.switches, poolBytes: sb.bytes, poolRule: sb.rule ?? "dynamic", poolAlphaLog2: sb.alphaLog2 ?? -3 }, P);
    } else this.pfc = null;
    // Not over the long-haul link of two DCs: its headroom would be the WAN's round trip at its
    // rate (2 × 500 µs at 1.6 Tb/s, 200 MB); the external switch's buffer takes what it brings.
    const wan = t.dcs ? t.dcs.wanPort : [];
    if (this.pfc) {
      const mtuBytes = this.pfc.params.mtuBytes;
      // Over a switch buffer, each port's α as HPCC's third.cc sets it from its rate and the NICs'
      // (nic_rate: its first host's link, as get_nic_rate; every family gives all hosts one rate),
      // unless the scenario gave switchBuffer.alphaLog2, which every port then keeps. 0: none.
      const nicGbps = sb !== null && sb.alphaLog2 === undefined ? t.portGbps[t.hostPort(0)] : 0;
      for (let p = 0; p < P; p++) {
        if (t.portNode[p] < t.hosts || wan.indexOf(p) >= 0) continue;
        this.pfc.open(p);
        this.pfcPort(this.pfc, p, opts.pfc?.headroomBytes, mtuBytes, nicGbps);
      }
    }
    if (this.pfc instanceof PfcShared) this.joinSharedBuffers(this.pfc);
    this.pfcTickAt = new Float64Array(this.pfc ? P : 0);
    const wd = this.pfc ? opts.pfcWatchdog : undefined;
    this.wdDetectPs = wd ? wd.detectNs * 1000 : 0;
    this.wdRestorePs = wd ? wd.restoreNs * 1000 : 0;
    this.wdUntil = new Float64Array(this.wdDetectPs > 0 ? P : 0);
    this.wdDrop = this.wdDetectPs > 0 && wd?.action === "drop" ? 1 : 0;
    this.wdQuiet = this.wdDetectPs > 0 && wd?.restore === "quiet" ? 1 : 0;
    this.pfcTags = ~this.queues.controlTags;
    this.nicPausedUntil = new Float64Array(t.hosts);

    // Routing.
    this.routing = opts.routing;
    this.family = t.family;
    this.lo = t.lo;
    this.hi = t.hi;
    this.downDiv = t.downDiv;
    this.groupBase = t.groupBase;
    this.upOff = t.upOff;
    this.upCnt = t.upCnt;
    this.groupOff = t.groupOff;
    this.groupCnt = t.groupCnt;
    this.candPort = t.candPort;
    this.candQueue = t.candQueue;
    this.ld = t.ld;
    this.ldP = t.ld ? t.ld.endpointsPerSwitch : 1;
    this.ldR = t.ld ? t.ld.networkPorts : 1;
    this.ldS = t.ld ? t.ld.switches : 1;
    this.ldGlobal = t.ld ? t.ld.global : new Uint8Array(1);
    this.minPort = t.minPort ?? new Int32Array(1);
    this.allOff = t.allOff;
    this.ecmp2Off = t.ecmp2Off;
    this.groupOf = t.groupOf;
    this.dragonfly = t.ld && t.ld.kind === "dragonfly" ? 1 : 0;
    this.vlanMode = opts.spritzVlan === true && opts.routing === Routing.Spritz ? 1 : 0;
    this.ctrlMinimal = opts.minimalControl === true ? 1 : 0;
    if (opts.minimalControl === true && !t.ld) throw new RangeError("minimal routing of control packets needs a Dragonfly or Slim Fly (a tree's routes are all minimal)");
    if (opts.spritzVlan === true && !(t.ld && opts.routing === Routing.Spritz)) throw new RangeError("Spritz VLAN mode needs routing spritz on a Dragonfly or Slim Fly");
    this.dist = t.ld && (opts.routing === Routing.Ugal || opts.routing === Routing.Adaptive || this.vlanMode !== 0) ? minimalHops(t.ld) : new Uint8Array(1);
    this.vlanOff = t.vlanOff;
    if (t.family === Family.LowDiameter && t.minPort === null) throw new RangeError(`${t.name}: too many switches for the minimal-route table (S² > 2^24)`);
    if (t.family === Family.Hier && (opts.routing === Routing.Spritz || opts.routing === Routing.Ugal)) {
      throw new RangeError(`routing ${opts.routing === Routing.Spritz ? "spritz" : "ugal"} needs a Dragonfly or Slim Fly topology`);
    }
    this.router = new Router(
      { topology: t.ld ? t.ld.kind : "other", spritzMode: this.vlanMode !== 0 ? "vlan" : "fine", seed: hash3(opts.seed, 0x52, 0), maxCandidates: Math.max(256, t.ld ? t.ld.networkPorts : 0) },
      Math.max(1, t.switches),
    );
    for (let s = 0; s < t.switches; s++) this.router.open(s, hash3(opts.seed, s, 0x5a17), t.ld ? this.groupOf[s] : -1);
    this.router.bindCandidates(t.candPort, t.candQueue, t.candHops);

    // NICs.
    const H = t.hosts;
    this.ctrlHead = new Int32Array(H).fill(-1);
    this.ctrlTail = new Int32Array(H).fill(-1);
    this.ctrlCount = new Int32Array(H);
    this.ctrlStreak = new Int32Array(H);
    this.controlWeight = opts.controlWeight;
    this.jitterPs = Math.round((opts.hostJitterNs ?? 0) * 1000);
    this.jitterRng = new Xoshiro128(hash3(opts.seed, 0x717e, 0));
    this.rxPsPerByte = new Float64Array(H).fill(opts.rxGbps > 0 ? 8000 / opts.rxGbps : 0);
    this.rxBuffer = new Float64Array(H).fill(opts.rxBufferBytes);
    for (const r of opts.hostRx ?? []) {
      this.rxPsPerByte[r.host] = r.gbps > 0 ? 8000 / r.gbps : 0;
      this.rxBuffer[r.host] = r.bufferBytes;
    }
    // A host-queue receiver (DACK) admits packets itself: its queue is the receive buffer.
    this.hostQueue = transport.hostQueue;
    if (this.hostQueue !== null) this.rxBuffer.fill(Infinity);
    this.rxHead = new Int32Array(H).fill(-1);
    this.rxTail = new Int32Array(H).fill(-1);
    this.rxBytes = new Int32Array(H);
    this.ringCap = new Int32Array(H);
    for (const f of flows) this.ringCap[f.src]++;
    this.ringOff = new Int32Array(H);
    let off = 0;
    for (let h = 0; h < H; h++) {
      this.ringOff[h] = off;
      off += this.ringCap[h];
    }
    this.ring = new Int32Array(Math.max(1, off));
    this.ringHead = new Int32Array(H);
    this.ringLen = new Int32Array(H);

    // Flows.
    const F = flows.length;
    this.flows = F;
    this.flowSrc = new Int32Array(F);
    this.flowDst = new Int32Array(F);
    this.flowBytes = new Float64Array(F);
    this.flowStart = new Float64Array(F);
    this.flowDoneRx = new Float64Array(F).fill(-1);
    this.flowDoneTx = new Float64Array(F).fill(-1);
    this.flowDelivered = new Float64Array(F);
    this.flowFailed = new Uint8Array(F);
    this.lastEv = new Int32Array(F);
    this.flowHash = new Int32Array(F);
    this.active = new Uint8Array(F);
    this.timerAt = new Float64Array(F);
    this.ccTimerAt = new Float64Array(F);
    this.pacer = new Pacer(F);
    this.rttMaxCur = new Int32Array(F);
    this.rttMaxPrev = new Int32Array(F);
    this.rttWinEnd = new Float64Array(F);
    this.rttWinPs = (opts.rtoNs ?? 100_656) * 1000;
    this.ccOf = new Array<CcAdapter>(F);
    this.lbOf = new Array<LbTable>(F);
    this.lbSlot = new Int32Array(F);
    this.seenBase = new Float64Array(F + 1);
    this.inOrder = transport.inOrder;
    this.nextDeliverPsn = new Int32Array(F);
    this.namesCompletions = transport.namesCompletions;
    this.nextCompleteMsn = new Int32Array(F);
    this.expectedPsn = new Int32Array(F);
    this.flowOoo = new Int32Array(F);
    this.flowSpurious = new Int32Array(F);
    this.flowArrivedBytes = new Float64Array(F);
    this.flowFaultLosses = new Int32Array(F);
    this.flowStarted = new Uint8Array(F);
    this.waitLeft = new Int32Array(F);
    const csr = (key: "after" | "afterAcked"): [Int32Array, Int32Array] => {
      const off = new Int32Array(F + 1);
      for (const f of flows) for (const d of f[key] ?? []) off[d + 1]++;
      for (let i = 0; i < F; i++) off[i + 1] += off[i];
      const list = new Int32Array(Math.max(1, off[F]));
      const fill = off.slice(0, F);
      flows.forEach((f, g) => {
        for (const d of f[key] ?? []) {
          if (!(Number.isInteger(d) && d >= 0 && d < F && d !== g)) throw new RangeError(`flow ${g}: depends on flow ${d}, which is not another flow of the run`);
          list[fill[d]++] = g;
        }
      });
      return [off, list];
    };
    [this.rxDepOff, this.rxDeps] = csr("after");
    [this.txDepOff, this.txDeps] = csr("afterAcked");
    [this.activates, this.trigOff, this.trigWaiters] = multishotTriggers(flows);
    this.trigNext = this.trigOff.slice(0, F);
    // Faults: one begin (and end) event each, scheduled before the flows' starts so that a fault
    // at a flow's start time is in force for its first packet.
    this.faults = opts.faults ?? [];
    this.faultTally = this.faults.map(() => ({ lost: [0, 0, 0, 0, 0], trimmed: 0, flows: new Set<number>(), hit: new Uint8Array(F) }));
    this.faultTrimsAt = new Float64Array(this.portTo.length);
    this.faultWatchPort = new Uint8Array(this.portTo.length);
    this.faultWatchHost = new Uint8Array(H);
    this.baseRxPsPerByte = Float64Array.from(this.rxPsPerByte);
    this.faultBegun = new Int32Array(this.faults.length);
    this.faultCovers = this.faults.map((x) => {
      const covers = new Uint8Array(x.kind === FaultKind.Slow ? H : this.portTo.length);
      for (const at of x.kind === FaultKind.Slow ? x.hosts : x.ports) covers[at] = 1;
      return covers;
    });
    this.faults.forEach((x, i) => {
      this.heap.push(Math.round(x.atPs), Ev.Fault, i, 1);
      if (x.untilPs < Infinity) this.heap.push(Math.round(x.untilPs), Ev.Fault, i, 0);
    });

    let bits = 0;
    for (let i = 0; i < F; i++) {
      const f = flows[i];
      if (f.src === f.dst) throw new RangeError(`flow ${i}: source and destination are both host ${f.src}`);
      if (!(f.src >= 0 && f.src < H && f.dst >= 0 && f.dst < H)) throw new RangeError(`flow ${i}: host outside [0, ${H})`);
      this.flowSrc[i] = f.src;
      this.flowDst[i] = f.dst;
      this.flowBytes[i] = f.bytes;
      this.flowStart[i] = Math.round(f.startPs);
      this.flowHash[i] = hash3(opts.seed, i, 0xf10);
      this.ccOf[i] = f.cc;
      this.lbOf[i] = f.lb;
      this.lbSlot[i] = f.lbSlot;
      this.seenBase[i] = bits;
      bits += Math.ceil(f.bytes / mssBytes);
      const deps = (f.after?.length ?? 0) + (f.afterAcked?.length ?? 0);
      const need = f.needed ?? deps;
      if (!(Number.isInteger(need) && need >= 0 && need <= deps)) throw new RangeError(`flow ${i}: needs ${need} of its ${deps} dependencies`);
      this.waitLeft[i] = need + (f.onTrigger !== undefined ? 1 : 0);
      if (this.waitLeft[i] === 0) {
        this.heap.at = this.flowStart[i];
        this.heap.add(Ev.Start, i, 0);
      }
    }
    this.seenBase[F] = bits;
    this.rttTracked = this.lbOf.some((lb) => lb.onTimeoutRtt !== undefined) ? 1 : 0;
    this.lbRtt = Uint8Array.from(this.lbOf, (lb) => (lb.rttOrder === 1 && lb.onPathFeedbackRtt !== undefined ? 1 : 0));
    if (opts.reflex) {
      // NDT's queues stand in for the ESWs' ports into their DC, so they hold what those ports
      // hold: the network's buffer (those ports carry only traffic between the DCs, port-limits.ts),
      // at the ports' rate. Sized as a DC's leaf port until 2026-12-07, NDT dropped about 100 times
      // sooner than the port it replaces (audit: 601,750 B against 63,391,250 B without PFC).
      const dcs = t.dcs as NonNullable<typeof t.dcs>;
      let ndtLimitBytes = Infinity;
      for (const down of dcs.downPorts) for (const p of down) ndtLimitBytes = Math.min(ndtLimitBytes, portLimits(t, p, qp, opts.baseGbps, intraDc).dataBytes);
      this.reflex = new ReflexSites(opts.reflex, t, this.flowSrc, this.flowDst, this.pool.maxCapacity, opts.queue.mtuBytes ?? 4150, ndtLimitBytes, this.flowBytes, mssBytes);
    }
    this.seenBits = new Int32Array(Math.ceil(bits / 32) + 1);
    this.arrivedBits = new Int32Array(Math.ceil(bits / 32) + 1);
    this.queuedBits = new Int32Array(Math.ceil(bits / 32) + 1);
    this.stopQueued = this.endPs < Infinity ? 1 : 0;
    if (this.stopQueued !== 0) this.heap.push(this.endPs, Ev.Stop, 0, 0);

    // Sampling and tracing (both off unless asked for: no event, no per-packet work).
    this.sample = opts.sample && (opts.sample.ports.length > 0 || opts.sample.flows.length > 0 || opts.sample.hosts.length > 0) ? opts.sample : null;
    this.dackSampled = this.sample !== null && transport instanceof DackTransport ? transport : null;
    if (this.sample) {
      this.sampleIntervalPs = this.sample.intervalPs;
      for (let i = 0; i < this.sample.ports.length; i++) this.sampleQueues.push([]);
      for (let i = 0; i < this.sample.flows.length; i++) {
        this.sampleLevels.push([]);
        this.sampleDelivered.push([]);
      }
      if (this.dackSampled !== null) {
        for (let i = 0; i < this.sample.hosts.length; i++) {
          this.sampleHostBytes.push([]);
          this.sampleHostCongested.push([]);
        }
        if (this.dackSampled.name === "dack") {
          for (let i = 0; i < this.sample.flows.length; i++) {
            this.sampleHalt.push([]);
            this.sampleCredits.push([]);
          }
        }
      }
      this.heap.push(0, Ev.Sample, 0, 0);
      this.samplesQueued = 1;
    }
    this.traceOf = new Int32Array(F).fill(-1);
    for (const f of opts.traceFlows ?? []) {
      if (f >= 0 && f < F && this.traceOf[f] < 0) {
        this.traceOf[f] = this.tracePaths.length;
        this.tracePaths.push(new Map());
      }
    }
    this.tracing = this.tracePaths.length > 0 ? 1 : 0;
  }

  // -------------------------------------------------------------------------------------------
  // The loop

  /** Runs until every flow is acknowledged, the end time, or no event remains. */
  run(progress?: (fabric: Fabric) => void, progressEvery = 1 << 16): void {
    const heap = this.heap;
    let n = 0;
    while (!this.stopped && heap.pop()) {
      const t = heap.t;
      this.now = t;
      this.nowNs = (t / 1000) | 0;
      const target = heap.target;
      switch (heap.kind) {
        case Ev.Arrive:
          this.arrive(target, heap.arg);
          break;
        case Ev.TxDone:
          if (this.txAt[target] !== t) break;
          this.txAt[target] = 0;
          if (this.portNode[target] < this.H) this.nicPull(this.portNode[target]);
          else this.switchStart(target);
          break;
        case Ev.Pause:
          this.pauseFrame(target, heap.arg);
          break;
        case Ev.Timer:
          if (this.timerAt[target] === t) this.timer(target);
          break;
        case Ev.Wake:
          if (this.pacer.woke(target, t)) this.activate(target);
          break;
        case Ev.Start:
          this.start(target);
          break;
        case Ev.RxDone:
          this.rxDone(target);
          break;
        case Ev.CcTimer:
          if (this.ccTimerAt[target] === t) this.ccTimer(target);
          break;
        case Ev.Stop:
          this.stopped = true;
          break;
        case Ev.Sample:
          this.takeSample();
          break;
        case Ev.Fault:
          this.applyFault(target, heap.arg === 1);
          break;
        case Ev.PfcTick:
          this.pfcTicksQueued--;
          if (this.pfcTickAt[target] === t) this.pfcTick(target);
          break;
      }
      if (++n === progressEvery) {
        this.events += n;
        n = 0;
        if (progress) progress(this);
        if (this.events >= this.maxEvents && !this.stopped) {
          this.stopped = true;
          this.eventBudgetSpent = true;
        }
      }
    }
    this.events += n;
  }

  get finished(): boolean {
    return this.flowsDoneTx === this.flows;
  }

  // -------------------------------------------------------------------------------------------
  // Wires and ports

  /**
   * Puts packet h on port's wire now: it occupies the link for its serialisation (whole ps,
   * rounded up) and arrives at the far end a propagation later. Its arrival is an event of the
   * delay class serialisation + propagation, a FIFO in the event list (engine/events.ts).
   */
  private transmit(port: number, h: number): void {
    const ser = ceilPs(this.pool.i32[(h << 4) + P.Bytes] * this.psPerByte[port]);
    this.lastSer = ser;
    this.busyUntil[port] = this.now + ser;
    const heap = this.heap;
    heap.delay = ser + this.latPs[port];
    heap.after(Ev.Arrive, port, h);
    this.transmissions++;
    if (this.faultWatchPort[port] !== 0) this.faultCross(port, false, this.pool.i32[(h << 4) + P.Flow]);
  }

  /** The end of the serialisation transmit() just started, as an event of its delay class. */
  private txDoneAfterSer(port: number): void {
    this.txAt[port] = this.now + this.lastSer;
    this.heap.delay = this.lastSer;
    this.heap.after(Ev.TxDone, port, 0);
  }

  /** A TxDone at absolute time `at` (the port is busy until then, or paused). */
  private txDoneAt(port: number, at: number): void {
    this.txAt[port] = at;
    this.heap.at = at;
    this.heap.add(Ev.TxDone, port, 0);
  }

  private arrive(port: number, h: number): void {
    this.arrivals++;
    const node = this.portTo[port];
    if (node >= this.H) {
      this.pool.i32[(h << 4) + P.InPort] = this.portToLocal[port];
      this.forward(node - this.H, h);
    } else if (node >= 0) {
      this.hostReceive(node, h);
    } else {
      this.faultArrive(port, h);
    }
  }

  /** A packet at switch `sw`: route, then admit into the egress port's queues. */
  private forward(sw: number, h: number): void {
    const pool = this.pool;
    const tag = this.tagOf(h);
    if (this.pfcOn !== 0 && ((this.pfcTags >> tag) & 1) !== 0 && !this.pfcArrive(sw, h, tag)) return;
    const port = this.family === Family.Hier ? this.routeHier(sw, h) : this.routeLow(sw, h);
    if (this.tracing !== 0) this.tracePort(h, port);
    // A routing loop must fail the run, not spin it (no topology here has a path of 64 switches).
    if (++pool.i32[(h << 4) + P.Hops] > 64) return this.loop(sw, h);
    if (this.wdRefuses(port, tag)) return this.wdDiscard(h);
    if (this.reflex !== null && this.reflexForward(sw, port, h)) return;
    const q = this.queues;
    const v = q.onEnqueue(port, this.nowNs, h, pool.i32[(h << 4) + P.Bytes], tag);
    if (v < 0) throw new Error(`fabric: PortQueues refused packet ${h} at port ${port} (code ${v})`);
    if ((v & QUEUE_DROPPED) !== 0) {
      this.drop(h);
    } else {
      this.qPkts[port]++;
      if ((v & QUEUE_TRIMMED) !== 0) this.trim(h, q.out[0], (v & QUEUE_LAST_HOP) !== 0);
      // An ACK's CE bit is its echo (the receiver copies the data packet's): a mark on the way is not.
      if ((v & QUEUE_MARKED) !== 0 && pool.i32[(h << 4) + P.Kind] <= Kind.Header) pool.i32[(h << 4) + P.Flags] |= Flag.Ce;
    }
    if ((v & (QUEUE_TRIMMED_QUEUED | QUEUE_DROPPED_QUEUED)) !== 0) this.other(port, v);
    this.portKick(port);
  }

  /**
   * Something became sendable at a port (switch or NIC): true when it may start now, otherwise
   * it is made sure to look again when its serialisation ends. A port that is not serialising
   * starts now even with a later TxDone pending: that TxDone is the end of a pause (PFC on the
   * data priority, NDT's Controlled queue), which must not hold back what the pause does not
   * cover (control packets, NDT's Normal queue).
   */
  private startable(port: number): boolean {
    if (this.busyUntil[port] <= this.now) {
      if (this.txAt[port] !== 0 && this.txAt[port] <= this.now) return false;
      this.txAt[port] = 0;
      return true;
    }
    if (this.txAt[port] === 0) this.txDoneAt(port, this.busyUntil[port]);
    return false;
  }

  private portKick(port: number): void {
    if (this.startable(port)) this.switchStart(port);
  }

  private loop(sw: number, h: number): void {
    this.violation(`packet of flow ${this.pool.i32[(h << 4) + P.Flow]} still routed at switch ${sw} after 64 switches: a routing loop`);
    this.stopped = true;
  }

  /** uet-htsim's ½ option touched the newest queued packet (q.out.otherHandle). */
  private other(port: number, v: number): void {
    const o = this.queues.out[3];
    if ((v & QUEUE_TRIMMED_QUEUED) !== 0) {
      this.trim(o, this.queues.out[4], (v & QUEUE_LAST_HOP) !== 0);
      // markTrimmed: QUEUE_MARKED names the arrival, so the newest's header has its CE in out.ecn.
      if (this.queues.out[2] !== 0) this.pool.i32[(o << 4) + P.Flags] |= Flag.Ce;
    } else {
      this.qPkts[port]--;
      this.drop(o);
    }
  }

  private trim(h: number, bytes: number, lastHop: boolean): void {
    const pool = this.pool;
    pool.i32[(h << 4) + P.Kind] = Kind.Header;
    pool.i32[(h << 4) + P.Bytes] = bytes;
    if (lastHop) pool.i32[(h << 4) + P.Flags] |= Flag.LastHop;
    this.trims++;
  }

  private drop(h: number): void {
    const k = this.pool.i32[(h << 4) + P.Kind];
    if (this.pfcOn !== 0 && this.pool.i32[(h << 4) + P.InBytes] > 0) this.pfcLeave(h);
    if (k === Kind.Data) this.dataDropped++;
    else if (k === Kind.Header) this.headersDropped++;
    else this.ctrlDropped++;
    this.droppedByKind[k]++;
    if (this.tracing !== 0) this.tracePorts.delete(h);
    this.pool.release(h);
  }

  /** The switch port's link is free: send the next queued packet, if any. */
  private switchStart(port: number): void {
    if (this.qPkts[port] === 0) {
      if (this.reflex !== null && this.reflex.ndtPackets[port] > 0) this.ndtStart(port);
      return;
    }
    const q = this.queues;
    const h = q.onDequeue(port, this.nowNs);
    if (h < 0) {
      if (h === QUEUE_PAUSED) this.txDoneAt(port, this.now + Math.max(1, ((q.out[5] - this.nowNs) | 0) * 1000));
      return;
    }
    this.qPkts[port]--;
    const i32 = this.pool.i32;
    const kind = i32[(h << 4) + P.Kind];
    if (q.out[2] !== 0 && kind <= Kind.Header) i32[(h << 4) + P.Flags] |= Flag.Ce;
    if (this.pfcOn !== 0 && i32[(h << 4) + P.InBytes] > 0) this.pfcLeave(h);
    if (this.reflex !== null) {
      if (kind === Kind.Data && this.reflex.nsfPort[port] === 1) this.nsfMeasure(port, h);
      // §III-D: NDT restamps every outbound inter-DC packet at the destination ESW; a trimmed
      // header takes the port's own queues (its priority), not NDT's. Restamped, it would give a
      // transport that answers a header with an ACK its RTT_dst; the trim NACKs of RUD and DCP
      // carry no echo and NDT reads only ACKs, so a trim tells NDT nothing (the paper's network
      // is lossless; audit 2026-12-07).
      else if (kind === Kind.Header && this.reflex.ndtFlow(port, i32[(h << 4) + P.Flow])) this.pool.f64[h] = this.nowNs;
    }
    this.transmit(port, h);
    if (this.qPkts[port] > 0 || (this.reflex !== null && this.reflex.ndtPackets[port] > 0)) this.txDoneAfterSer(port);
  }

  // -------------------------------------------------------------------------------------------
  // Reflex at the external switches (reflex.ts)

  /**
   * At switch sw, packet h bound for `port`: inter-DC data entering its destination DC goes to
   * NDT's queues (true: taken); an ACK leaving that DC refreshes its flow's NDT state.
   */
  private reflexForward(sw: number, port: number, h: number): boolean {
    const rf = this.reflex as ReflexSites;
    const pool = this.pool;
    const b = h << 4;
    const kind = pool.i32[b + P.Kind];
    if (kind === Kind.Data && rf.ndtPort[port] >= 0) {
      if (!rf.enqueue(port, pool.i32[b + P.Flow], this.nowNs, h, pool.i32[b + P.Bytes], pool.i32[b + P.Psn])) return false;
      if (rf.dropped !== 0) this.drop(h);
      else this.portKick(port);
      return true;
    }
    if (kind === Kind.Ack && rf.eswDc[sw] >= 0 && (pool.i32[b + P.Flags] & Flag.Nsf) === 0) {
      const d = rf.ack(sw, pool.i32[b + P.Flow], this.nowNs, pool.i32[b + P.EchoNs]);
      // §III-D 3: the ACK ended the Controlled queues' pause; a port waiting out the pause looks again.
      if (d >= 0) for (const p of rf.ports(d)) this.portKick(p);
    }
    return false;
  }

  /** NDT's next packet for an NDT port with nothing in its own queues. */
  private ndtStart(port: number): void {
    const rf = this.reflex as ReflexSites;
    // PFC pauses the port's data priority, which NDT's queues are part of (pauseTime keeps its end).
    if (this.pauseEnd[port] > this.now) {
      this.txDoneAt(port, this.pauseEnd[port]);
      return;
    }
    const h = rf.dequeue(port, this.nowNs);
    if (h < 0) {
      // The pause ends at most T_maxpause ahead: its lead read unsigned (lib/core/ticks.ts).
      if (rf.paused !== 0) this.txDoneAt(port, this.now + Math.max(1, (rf.resume - this.nowNs) >>> 0) * 1000);
      return;
    }
    this.pool.f64[h] = rf.egressNs(port);
    if (this.pfcOn !== 0 && this.pool.i32[(h << 4) + P.InBytes] > 0) this.pfcLeave(h);
    this.transmit(port, h);
    if (this.qPkts[port] > 0 || rf.ndtPackets[port] > 0) this.txDoneAfterSer(port);
  }

  /** NSF on data packet h leaving by WAN port: a pseudo-ACK back into the source DC when asked for. */
  private nsfMeasure(port: number, h: number): void {
    const rf = this.reflex as ReflexSites;
    const pool = this.pool;
    const b = h << 4;
    const f = pool.i32[b + P.Flow];
    if (!rf.measure(f, this.nowNs, pool.f64[h] | 0)) return;
    const a = pool.alloc(Kind.Ack, f, this.flowSrc[f], this.transport.ackBytes);
    const ab = a << 4;
    pool.i32[ab + P.Flags] = Flag.Nsf;
    pool.i32[ab + P.Ev] = pool.i32[b + P.Ev];
    pool.i32[ab + P.W0] = pool.i32[b + P.Bytes];
    pool.i32[ab + P.InPort] = this.topo.portLocal[port];
    pool.f64[a] = rf.echoNs();
    this.ctrlSent++;
    this.ctrlSentByKind[Kind.Ack]++;
    this.forward(this.portNode[port] - this.H, a);
  }

  // -------------------------------------------------------------------------------------------
  // Routing

  private routeHier(sw: number, h: number): number {
    const dst = this.pool.i32[(h << 4) + P.Dst];
    const lo = this.lo[sw];
    let off: number;
    let n: number;
    if (dst >= lo && dst < this.hi[sw]) {
      const g = this.groupBase[sw] + (((dst - lo) / this.downDiv[sw]) | 0);
      off = this.groupOff[g];
      n = this.groupCnt[g];
    } else {
      off = this.upOff[sw];
      n = this.upCnt[sw];
    }
    if (n === 1) return this.candPort[off];
    return this.pick(sw, h, off, n);
  }

  /** Several equal candidates: ECMP on (flow, EV), least occupied, or uniform (Valiant). */
  private pick(sw: number, h: number, off: number, n: number): number {
    const r = this.routing;
    if (r === Routing.Adaptive) {
      this.refresh(off, n);
      return this.router.leastOccupied(sw, off, n);
    }
    if (r === Routing.Valiant) return this.router.valiant(sw, off, n);
    return this.router.ecmp(sw, this.flowHash[this.pool.i32[(h << 4) + P.Flow]], this.pool.i32[(h << 4) + P.Ev], off, n);
  }

  /** Queued bytes of candidates [off, off + n) from the port queues. */
  private refresh(off: number, n: number): void {
    const q = this.queues;
    for (let i = off; i < off + n; i++) this.candQueue[i] = q.queuedBytes(this.candPort[i]);
  }

  private routeLow(sw: number, h: number): number {
    const pool = this.pool;
    const dst = pool.i32[(h << 4) + P.Dst];
    const p = this.ldP;
    const dsw = (dst / p) | 0;
    if (dsw === sw) return this.nodePortBase[this.H + sw] + (dst - sw * p);
    const minimal = this.minPort[sw * this.ldS + dsw];
    const mode = this.routing;
    if (mode === Routing.Minimal || (this.ctrlMinimal !== 0 && pool.i32[(h << 4) + P.Kind] >= Kind.Ack)) return minimal;
    if (mode === Routing.Adaptive) {
      // Adaptive routing (DCP §5; Spritz §II-A) weighs the next hops of a minimal route, as on a
      // tree, where every up port is one. Over all of ECMP 1's ports an idle network ties them
      // and the draw made it Valiant (review, 2026-12-05: one flow on an idle Dragonfly
      // (2, 4, 2), 40 of 49 packets non-minimal). Non-minimal adaptive routing is UGAL-L.
      // A hop qualifies when the minimal route from it is at least one hop shorter than from
      // here (a Dragonfly shortcut through a third group included), so the
      // remaining length falls at every switch and the decision is taken at each. Unlike a
      // tree's up ports these are not alike (a Dragonfly's shortcut crosses two global links
      // where the minimal route crosses one), so a tie goes to the minimal route: idle, adaptive
      // routing is minimal routing.
      const n = this.minimalNext(sw, dsw, true, this.allOff[sw], this.ldR);
      if (n === 1) return minimal;
      this.refresh(this.vlanOff, n);
      const least = this.router.leastOccupied(sw, this.vlanOff, n);
      return this.queues.queuedBytes(minimal) <= this.queues.queuedBytes(least) ? minimal : least;
    }
    const hop = pool.i32[(h << 4) + P.Hops];
    if (hop > 1) return minimal;
    if (mode === Routing.Ugal && hop === 1) {
      // The second hop of the Valiant path the source switch chose (ugal), or the minimal route.
      const via = pool.i32[(h << 4) + P.Flags] >>> UGAL_VIA_SHIFT;
      return via === 0 ? minimal : this.nodePortBase[this.H + sw] + p + via - 1;
    }
    const inNet = pool.i32[(h << 4) + P.InPort] - p;
    const inGlobal = hop > 0 && this.ldGlobal[sw * this.ldR + inNet] === 1;
    const r = this.router;
    const b = h << 4;
    // Spritz §III-D: ECMP 2 (or ECMP 1 when no ECMP 2 will steer) clears the VLAN tag so that the
    // intermediate location routes minimally (Router out.clearVlan). These switches know the hop
    // count, and past ECMP 2 route minimally anyway (hop > 1 above), so the tag stays in the EV,
    // where the ACK echoes it back to the load balancer.
    const vlan = this.vlanMode !== 0 ? pool.i32[b + P.Ev] >>> 16 : 0;
    const role = r.spritzRole(sw, hop, this.dragonfly !== 0 ? this.groupOf[dsw] : -1, inGlobal, false, vlan);
    const table = r.out[0];
    if (table === TABLE_DEFAULT) return minimal;
    let n = this.tableAt(sw, table, inNet);
    let off = this.tableOff;
    if (vlan !== 0) {
      // The switch before this one, for ECMP 2 on a Slim Fly (minimalNext's `from`).
      const from = hop === 1 && this.dragonfly === 0 ? (this.ld as LowDiameterTopology).neighbour[sw * this.ldR + inNet] : -1;
      const k = this.minimalNext(sw, dsw, vlan === 1, off, n, this.dragonfly, from); // VLAN_MINIMAL (lib/lb/spritz/vlan.ts)
      // A category with no next hop here (a non-minimal packet whose only ports lead on minimally) goes minimally.
      if (k === 0) return minimal;
      off = this.vlanOff;
      n = k;
    }
    if (mode === Routing.Spritz) return r.spritzSelect(sw, role, pool.i32[b + P.Ev] & 0xffff, this.flowHash[pool.i32[b + P.Flow]], off, n);
    if (mode === Routing.Valiant) return r.valiant(sw, off, n);
    if (mode === Routing.Ugal) return this.ugal(sw, h, dsw, minimal, off, n);
    return r.ecmp(sw, this.flowHash[pool.i32[(h << 4) + P.Flow]], pool.i32[(h << 4) + P.Ev], off, n);
  }

  /**
   * The next hops of [off, off + n) at switch sw towards switch dsw that keep (`wantMinimal`) or
   * lengthen the path, into the scratch entries at vlanOff: minimal, those from which the
   * minimal route is no longer than from here, less one (the minimal route's own port always
   * among them). Adaptive routing weighs the minimal ones (a Dragonfly shortcut through a third
   * group counts as minimal there). Spritz §III-D's VLAN categories are these over the role's
   * table, category 1 (minimal) and 2 (non-minimal): the paper leaves the tables' contents to the
   * operator; these keep a minimal packet within the minimal route's length and make each steered
   * hop of a non-minimal one lengthen its path. On a Dragonfly (`globalHops`) they follow Table I
   * too: a minimal path crosses one global link at most, so a hop whose path would cross two
   * (the shortcut through a third group) is non-minimal. Until 2026-12-07 that shortcut was
   * minimal, and a non-minimal packet whose first hop was local could find no non-minimal global
   * port at the next switch, go minimally, and return through its source switch (audit). On a
   * Slim Fly, `from` (ECMP 2's previous switch, else -1) drops the non-minimal hops whose minimal
   * route on (at most two hops, as the switches forward after the tag) passes this switch or that
   * one again, as the fine mode's lists leave such walks out (lib/lb/spritz README); before
   * 2026-12-07, 10 of 1,470 packets of a q = 7 permutation took them. Hop counts are the routes'
   * (minimalHops), as the switches forward after the steering. Returns their number.
   */
  private minimalNext(sw: number, dsw: number, wantMinimal: boolean, off: number, n: number, globalHops = 0, from = -1): number {
    const S = this.ldS;
    const R = this.ldR;
    const ld = this.ld as LowDiameterTopology;
    const base = this.nodePortBase[this.H + sw] + this.ldP;
    const here = this.dist[sw * S + dsw];
    // Read per packet by adaptive routing too: the Dragonfly's groups only where Table I applies.
    const gd = globalHops !== 0 ? this.groupOf[dsw] : 0;
    const crossings = globalHops !== 0 && this.groupOf[sw] !== gd ? 1 : 0;
    let k = 0;
    for (let i = off; i < off + n; i++) {
      const port = this.candPort[i];
      const j = port - base;
      const next = ld.neighbour[sw * R + j];
      let minimalHop = 1 + this.dist[next * S + dsw] <= here;
      // Table I (Dragonfly): the minimal route crosses one global link (none within a group).
      if (globalHops !== 0 && minimalHop) minimalHop = this.ldGlobal[sw * R + j] + (this.groupOf[next] !== gd ? 1 : 0) <= crossings;
      if (minimalHop !== wantMinimal) continue;
      if (from >= 0 && next !== dsw) {
        const via = ld.neighbour[next * R + (this.minPort[next * S + dsw] - this.nodePortBase[this.H + next] - this.ldP)];
        if (via === sw || via === from) continue;
      }
      this.candPort[this.vlanOff + k++] = port;
    }
    return k;
  }

  /**
   * The candidates of ECMP table `table` (TABLE_ECMP1, TABLE_ECMP1_LOCAL or TABLE_ECMP2, as
   * spritzRole names it) at switch sw for a packet that came in on network port inNet: returns
   * their number, their offset in tableOff. The tables Spritz, ECMP and Valiant routing
   * pick from, and UGAL-L's Valiant candidate.
   */
  private tableAt(sw: number, table: number, inNet: number): number {
    const R = this.ldR;
    this.tableOff = this.allOff[sw];
    if (table === TABLE_ECMP1) return R;
    // A Slim Fly's ECMP 2: every port but the one back (it has no local table).
    if (this.dragonfly === 0) {
      this.tableOff = this.ecmp2Off[sw * R + inNet];
      return R - 1;
    }
    const a = (this.ld as LowDiameterTopology & { a: number }).a;
    if (table === TABLE_ECMP1_LOCAL) return a - 1;
    // A Dragonfly's ECMP 2: its global ports, after the a − 1 local ones.
    this.tableOff += a - 1;
    return R - (a - 1);
  }

  /**
   * UGAL-L at the source switch (Spritz §V-A): the minimal route against "a randomly chosen
   * valiant path", drawn as Valiant routing draws its hops (`valiant` over the ECMP 1 table
   * [off, off + n) here, then over the ECMP 2 table of the switch it leads to, when that switch
   * steers a Valiant packet): one intermediate group in a Dragonfly, one intermediate switch in a
   * Slim Fly (§III), then the minimal route. q_val is the first hop's queue, h_val the whole
   * path's hops. The source draws both hops, since h_val depends on the second; a packet sent on
   * the Valiant path carries its second hop (UGAL_VIA_SHIFT) so that the next switch takes it.
   * (One random port and the minimal route from there is not a Valiant path: from a neighbour in
   * the source's group that route often turns back through the source switch.)
   */
  private ugal(sw: number, h: number, dsw: number, minimal: number, off: number, n: number): number {
    const S = this.ldS;
    const R = this.ldR;
    const ld = this.ld as LowDiameterTopology;
    const r = this.router;
    const first = r.valiant(sw, off, n);
    const j = first - this.nodePortBase[this.H + sw] - this.ldP;
    const next = ld.neighbour[sw * R + j];
    let at = next;
    let hops = 1;
    let via = 0;
    if (next !== dsw) {
      // The role `next` takes for a packet at its hop 1 under Valiant routing (routeLow).
      r.spritzRole(next, 1, this.dragonfly !== 0 ? this.groupOf[dsw] : -1, this.ldGlobal[sw * R + j] === 1, false, 0);
      const table = r.out[0];
      if (table !== TABLE_DEFAULT) {
        const k = this.tableAt(next, table, ld.backPort[sw * R + j]);
        const second = r.valiant(sw, this.tableOff, k);
        via = second - this.nodePortBase[this.H + next] - this.ldP + 1;
        at = ld.neighbour[next * R + via - 1];
        hops = 2;
      }
    }
    const q = this.queues;
    // Spritz §V-A: minimal iff q_min·h_min ≤ q_val·h_val (ties minimal).
    const minimalChosen = r.ugalChoose(sw, q.queuedBytes(minimal), this.dist[sw * S + dsw], q.queuedBytes(first), hops + this.dist[at * S + dsw]);
    const b = (h << 4) + P.Flags;
    const flags = this.pool.i32[b] & ((1 << UGAL_VIA_SHIFT) - 1);
    if (minimalChosen === 0) {
      this.pool.i32[b] = flags | (via << UGAL_VIA_SHIFT);
      return first;
    }
    this.pool.i32[b] = flags;
    return minimal;
  }

  // -------------------------------------------------------------------------------------------
  // NIC: transmit side

  private start(f: number): void {
    this.flowStarted[f] = 1;
    if (this.reflex !== null) this.reflex.open(f);
    const msn = this.transport.post(f, this.flowBytes[f]);
    if (msn < 0) throw new Error(`flow ${f}: the reliability module refused the message (code ${msn})`);
    this.activate(f);
  }

  private activate(f: number): void {
    if (this.active[f] !== 0 || this.flowDoneTx[f] >= 0 || this.flowFailed[f] !== 0) return;
    this.active[f] = 1;
    const host = this.flowSrc[f];
    const len = this.ringLen[host];
    const cap = this.ringCap[host];
    let i = this.ringHead[host] + len;
    if (i >= cap) i -= cap;
    this.ring[this.ringOff[host] + i] = f;
    this.ringLen[host] = len + 1;
    this.nicKick(host);
  }

  /** Something became sendable at `host` (a PFC pause does not hold back its control packets of another priority). */
  private nicKick(host: number): void {
    if (this.startable(this.nodePortBase[host])) this.nicPull(host);
  }

  /** The NIC's link is free: control first (controlWeight : 1 against data), else round-robin data. */
  private nicPull(host: number): void {
    const port = this.nodePortBase[host];
    let sent = false;
    // A PFC PAUSE from the ToR holds PFC's priority (pfcTags): data, and the control packets the
    // switches' queues put in their data FIFO (ACKs under the dcp profile, all under droptail).
    const paused = this.nicPausedUntil[host] > this.now;
    const data = this.ringLen[host] > 0 && !paused;
    const before = this.ctrlCount[host] > 0 ? this.ctrlBefore(host, paused) : CTRL_NONE;
    if (before !== CTRL_NONE && (this.ctrlStreak[host] < this.controlWeight || !data)) {
      this.ctrlStreak[host]++;
      this.transmit(port, this.ctrlTake(host, before));
      sent = true;
    } else if (data) {
      sent = this.sendFromRing(host, port);
      if (sent) this.ctrlStreak[host] = 0;
      else if (before !== CTRL_NONE) {
        // No flow in the ring could send (a paced one put back before its time): the slot goes
        // to control and data keeps its turn. Until 2026-12-07 the streak restarted here, and a
        // paced flow due a moment later waited behind controlWeight more control packets
        // (audit: a DCQCN flow at 1.85 Gb/s behind 1 KiB ACKs got 1.56).
        this.transmit(port, this.ctrlTake(host, before));
        sent = true;
      }
    }
    const more = this.ctrlCount[host] > 0 || this.ringLen[host] > 0;
    if (sent && this.jitterPs > 0) {
      // The pause holds the link as its serialisation does, so a packet that arrives meanwhile waits too.
      this.busyUntil[port] += this.jitterRng.nextBelow(this.jitterPs);
      if (more) this.txDoneAt(port, this.busyUntil[port]);
    } else if (sent && more) this.txDoneAfterSer(port);
    else if (!sent && more && paused) this.txDoneAt(port, this.nicPausedUntil[host]);
  }

  /**
   * Which control packet the NIC may send next, named by the packet queued before it (CTRL_HEAD:
   * the head; CTRL_NONE: none): the head, or under a PAUSE the first not of PFC's priority. Each
   * priority keeps its own order, as in a NIC's per-priority queues (802.1Qbb).
   */
  private ctrlBefore(host: number, paused: boolean): number {
    if (!paused) return CTRL_HEAD;
    let h = this.ctrlHead[host];
    let prev = CTRL_HEAD;
    while (h >= 0 && ((this.pfcTags >> this.tagOf(h)) & 1) !== 0) {
      prev = h;
      h = this.pool.i32[(h << 4) + P.Next];
    }
    return h >= 0 ? prev : CTRL_NONE;
  }

  /** Unlinks and returns the control packet queued after `before` (ctrlBefore). */
  private ctrlTake(host: number, before: number): number {
    if (before === CTRL_HEAD) return this.ctrlPop(host);
    const i32 = this.pool.i32;
    const h = i32[(before << 4) + P.Next];
    const nh = i32[(h << 4) + P.Next];
    i32[(before << 4) + P.Next] = nh;
    if (nh < 0) this.ctrlTail[host] = before;
    this.ctrlCount[host]--;
    return h;
  }

  private ctrlPop(host: number): number {
    const h = this.ctrlHead[host];
    const nh = this.pool.i32[(h << 4) + P.Next];
    this.ctrlHead[host] = nh;
    if (nh < 0) this.ctrlTail[host] = -1;
    this.ctrlCount[host]--;
    return h;
  }

  private ctrlPush(host: number, h: number): void {
    this.pool.i32[(h << 4) + P.Next] = -1;
    const tail = this.ctrlTail[host];
    if (tail < 0) this.ctrlHead[host] = h;
    else this.pool.i32[(tail << 4) + P.Next] = h;
    this.ctrlTail[host] = h;
    this.ctrlCount[host]++;
    this.ctrlSent++;
    this.ctrlSentByKind[this.pool.i32[(h << 4) + P.Kind]]++;
    this.nicKick(host);
  }

  /** Round-robin over the host's eligible flows; a blocked flow leaves the ring until an event re-activates it. */
  private sendFromRing(host: number, port: number): boolean {
    const off = this.ringOff[host];
    const cap = this.ringCap[host];
    while (this.ringLen[host] > 0) {
      let head = this.ringHead[host];
      const f = this.ring[off + head];
      head++;
      if (head === cap) head = 0;
      this.ringHead[host] = head;
      const len = this.ringLen[host] - 1;
      this.ringLen[host] = len;
      // A flow failed while waiting here (its timer fired between two pulls) leaves the ring:
      // its QP is in error, and asking it for a packet is a call the module rejects.
      if (this.flowFailed[f] === 0 && this.eligible(f)) {
        this.sendData(f, port);
        let i = head + len;
        if (i >= cap) i -= cap;
        this.ring[off + i] = f;
        this.ringLen[host] = len + 1;
        return true;
      }
      this.active[f] = 0;
    }
    return false;
  }

  /**
   * The pacer is asked before the transport: a NIC's scheduler takes the next packet from the
   * QP when the flow's pacer lets one go, so a retransmission is chosen, and its timer counts,
   * from the moment it leaves, not from when the previous packet did.
   */
  private eligible(f: number): boolean {
    const cc = this.ccOf[f];
    const tr = this.transport;
    if (cc.paced !== 0) {
      const held = this.pacer.hold(f, this.now);
      if (held > 0) this.wake(f, held);
      if (held !== 0) return false;
    }
    const bytes = tr.nextBytes(f, this.nowNs, cc);
    if (bytes === 0) return false;
    return tr.gated !== 0 || cc.canSend(f, bytes);
  }

  /** The per-packet send path: choose path, reliability send, CC send. */
  private sendData(f: number, port: number): void {
    // Only DCP refuses a QP in error; the baselines and RUD would keep sending unseen.
    if (this.flowFailed[f] !== 0) this.violation(`flow ${f}: data sent after it failed`);
    const tr = this.transport;
    const nowNs = this.nowNs;
    const lb = this.lbOf[f];
    let ev = lb.choosePath(this.lbSlot[f], nowNs, tr.nextPsn(f));
    if (ev < 0) ev = 0;
    this.lastEv[f] = ev; // Spritz VLAN: with the category in bits 16–17
    const r = tr.nextPacket(f, nowNs, ev & 0xffff);
    const bytes = tr.bytes;
    const cc = this.ccOf[f];
    const ar = (r & Tx.Retransmit) !== 0 ? cc.onResend(f, nowNs, bytes) : cc.onSend(f, nowNs, bytes);
    const pool = this.pool;
    const h = pool.alloc(Kind.Data, f, this.flowDst[f], bytes);
    pool.i32[(h << 4) + P.Psn] = tr.psn;
    pool.i32[(h << 4) + P.Ev] = ev;
    pool.i32[(h << 4) + P.W0] = tr.msn;
    pool.i32[(h << 4) + P.W1] = tr.payload;
    pool.i32[(h << 4) + P.W2] = tr.retryNo;
    pool.i32[(h << 4) + P.W3] = tr.msgPackets;
    pool.f64[h] = nowNs;
    pool.sentNs[h] = nowNs;
    let flags = ar !== 0 ? Flag.Ar : 0;
    if ((r & Tx.Retransmit) !== 0) {
      flags |= Flag.Rtx | Flag.Ar;
      this.retransmissions++;
      if (this.arrived(f, tr.psn)) {
        this.spuriousRetransmissions++;
        this.flowSpurious[f]++;
      }
    }
    if ((r & Tx.Last) !== 0) flags |= Flag.Last | Flag.Ar;
    pool.i32[(h << 4) + P.Flags] = flags;
    this.dataSent++;
    if (cc.paced !== 0) this.pacer.sent(f, this.now, bytes, cc.pacingGapPs(f, bytes));
    if (cc.timed !== 0) this.armCcTimer(f, cc);
    this.transmit(port, h);
    this.armTimer(f);
  }

  /**
   * The current whole ns plus `dNs` ns, in ps: (floor(now / 1000) + dNs) × 1000, written as
   * now − now % 1000 + dNs × 1000, which is the same number (now is whole ps below 2^53, so the
   * remainder and the difference are exact). The product form ran on small integers until the
   * clock passed 2^31 ps (2.1 ms), so V8 compiled it as int32 arithmetic and deoptimised
   * armTimer and its callers (sendData, senderAck) when it overflowed; the clock is a double.
   */
  private nsAheadPs(dNs: number): number {
    const now = this.now;
    return now - (now % 1000) + dNs * 1000;
  }

  /** Schedules the flow's reliability timer at the module's deadline; `later`: strictly after now. */
  private armTimer(f: number, later = false): void {
    const tr = this.transport;
    if (this.flowFailed[f] !== 0 || !tr.timerArmed(f)) return;
    let at = this.nsAheadPs((tr.deadlineNs(f) - this.nowNs) | 0);
    // A module that reports a deadline already past but nothing due is asked again 1 ns later,
    // never at the same instant (that would spin).
    if (at <= this.now) at = later ? this.now + 1000 : this.now;
    const cur = this.timerAt[f];
    if (cur === 0 || at < cur) {
      this.timerAt[f] = at;
      this.heap.at = at;
      this.heap.add(Ev.Timer, f, 0);
    }
  }

  private timer(f: number): void {
    this.timerAt[f] = 0;
    const tr = this.transport;
    const r = tr.onTimer(f, this.nowNs);
    if (r === 1) {
      this.timeouts++;
      const lb = this.lbOf[f];
      // The transport names a 16-bit EV; a VLAN load balancer hears it with the flow's last category.
      const ev = tr.ev >= 0 ? tr.ev | (this.lastEv[f] & ~0xffff) : this.lastEv[f];
      if (lb.onTimeoutRtt !== undefined) lb.onTimeoutRtt(this.lbSlot[f], this.nowNs, ev, this.failureTestRtt(f, lb));
      else lb.onPathFeedback(this.lbSlot[f], this.nowNs, ev, TIMEOUT);
      this.ccOf[f].onTimeout(f, this.nowNs, tr.bytes, tr.lostBytes < 0 ? tr.bytes : tr.lostBytes, tr.timeoutAttempt);
      this.activate(f);
      this.armTimer(f);
    } else if (r === 2 || r === 3) {
      // Packets are due without a timeout (RACK's reordering timer, a tail-loss probe); 3: the
      // reordering timer found a loss, which the CC hears as it would from an ACK.
      if (r === 3) this.ccOf[f].onLoss(f, this.nowNs, tr.bytes, tr.lostBytes);
      this.activate(f);
      this.armTimer(f);
    } else if (r < 0) {
      // The module gave up (DCP: retry limit reached, the QP is in error): the flow has failed.
      this.fail(f);
    } else {
      this.armTimer(f, true);
    }
  }

  /** A flow whose reliability module gave up: it neither sends nor counts as complete. */
  private fail(f: number): void {
    if (this.flowFailed[f] !== 0 || this.flowDoneTx[f] >= 0) return;
    this.flowFailed[f] = 1;
    this.flowsFailed++;
    this.retire(f);
    if (this.flowsDoneTx + this.flowsFailed === this.flows) this.stopped = true;
  }

  /**
   * A flow acknowledged in full or failed sends no more: its queued CC timer goes stale
   * (armCcTimer arms none again), and to Reflex NDT's pause rule it is no longer active (§III-D).
   */
  private retire(f: number): void {
    this.ccTimerAt[f] = 0;
    if (this.reflex !== null) this.reflex.done(f);
  }

  private armCcTimer(f: number, cc: CcAdapter, later = false): void {
    // A finished or failed QP's timers are cancelled (HPCC rdma-hw.cc QpComplete cancels the
    // RP's α, decrease and increase events): they would fire every period until the run ends.
    if (this.flowDoneTx[f] >= 0 || this.flowFailed[f] !== 0 || !cc.timerArmed(f)) return;
    let at = this.nsAheadPs((cc.nextTimerNs(f) - this.nowNs) | 0);
    if (at <= this.now) at = later ? this.now + 1000 : this.now;
    const cur = this.ccTimerAt[f];
    if (cur === 0 || at < cur) {
      this.ccTimerAt[f] = at;
      this.heap.at = at;
      this.heap.add(Ev.CcTimer, f, 0);
    }
  }

  private ccTimer(f: number): void {
    this.ccTimerAt[f] = 0;
    const cc = this.ccOf[f];
    // A deferred CNP has no data packet to take its EV from: it goes back on EV 0.
    if (cc.onTimer(f, this.nowNs)) this.cnp(this.flowDst[f], f, 0);
    this.armCcTimer(f, cc, true);
    this.activate(f);
  }

  // -------------------------------------------------------------------------------------------
  // NIC: receive side

  private hostReceive(host: number, h: number): void {
    const pool = this.pool;
    const k = pool.i32[(h << 4) + P.Kind];
    if (this.faultWatchHost[host] !== 0 && k === Kind.Data) this.faultCross(host, true, pool.i32[(h << 4) + P.Flow]);
    if (k <= Kind.Header) {
      pool.hostNs[h] = this.nowNs | 0;
      // DCQCN's NP is the receiving NIC's (§3.1): it sees a data packet when it arrives, before
      // the host's processing queue holds it (or its buffer drops it), and a trimmed header that
      // carries CE: DCP's switch marks the HO it makes (network.queue.markTrimmed), and DCQCN
      // cuts for it (DCP-Simulation's HO bounce carries the CNP bit, notes/baselines.md §6).
      if (k === Kind.Data || (pool.i32[(h << 4) + P.Flags] & Flag.Ce) !== 0) this.ccData(host, pool.i32[(h << 4) + P.Flow], h);
      if (this.hostQueue !== null) {
        this.queueArrive(host, h);
        return;
      }
      // A trimmed header carries nothing for the host to process: the NIC answers it on
      // arrival (UEC PDS: the target's NACK for UET_TRIMMED), as the DACK target does. Queued behind data, headers would also crowd it out of the receive buffer.
      // Behind packets still queued (a slow-receiver fault just ended) the queue's order holds.
      if ((this.rxPsPerByte[host] > 0 || this.rxHead[host] >= 0) && k === Kind.Data) {
        this.rxEnqueue(host, h);
        return;
      }
      this.receiverPacket(host, h);
      return;
    }
    this.ctrlDelivered++;
    const f = pool.i32[(h << 4) + P.Flow];
    // A failed flow's QP is in error: it takes no more ACKs, NACKs or CNPs (a late ACK must not
    // also finish it, or the run would count it twice and stop with flows still running).
    if (this.flowFailed[f] !== 0) {
      pool.release(h);
      return;
    }
    if (k === Kind.Ack && (pool.i32[(h << 4) + P.Flags] & Flag.Nsf) !== 0) this.senderPseudoAck(f, h);
    else if (k === Kind.Ack) this.senderAck(f, h);
    else if (k === Kind.Nack) this.senderNack(f, h);
    else {
      const cc = this.ccOf[f];
      cc.onCnp(f, this.nowNs);
      if (cc.timed !== 0) this.armCcTimer(f, cc);
    }
    pool.release(h);
  }

  /**
   * The receiving NIC's side of the CC (DCQCN's NP, Zhu et al. §3.1) sees every data packet, and
   * every trimmed header with CE, as it reaches the NIC, whatever the host and the transport then
   * make of it: CE → CNP, at once or deferred.
   */
  private ccData(host: number, f: number, h: number): void {
    const cc = this.ccOf[f];
    if (cc.timed === 0) return;
    if (cc.onData(f, this.nowNs, (this.pool.i32[(h << 4) + P.Flags] & Flag.Ce) !== 0)) this.cnp(host, f, this.pool.i32[(h << 4) + P.Ev]);
    this.armCcTimer(f, cc);
  }

  /** DCQCN NP → RP: a CNP from the flow's receiving host, back on EV `ev`. */
  private cnp(host: number, f: number, ev: number): void {
    const c = this.pool.alloc(Kind.Cnp, f, this.flowSrc[f], this.transport.ackBytes);
    this.pool.i32[(c << 4) + P.Ev] = ev;
    this.cnps++;
    this.ctrlPush(host, c);
  }

  private receiverPacket(host: number, h: number): void {
    const pool = this.pool;
    const f = pool.i32[(h << 4) + P.Flow];
    const tr = this.transport;
    const src = this.flowSrc[f];
    if (this.tracing !== 0) this.traceDone(f, h);
    if (pool.i32[(h << 4) + P.Kind] === Kind.Data) {
      this.dataDelivered++;
      this.arrival(f, pool.i32[(h << 4) + P.Psn], pool.i32[(h << 4) + P.W1]);
      const r = tr.onData(f, this.nowNs, pool, h);
      if ((r & Rx.Deliver) !== 0) this.deliver(f, pool.i32[(h << 4) + P.Psn], pool.i32[(h << 4) + P.W1]);
      if ((r & Rx.Complete) !== 0) this.deliverMessages(f, tr.completed, tr.completedEndMsn);
      if ((r & Rx.Nack) !== 0) this.nack(host, f, src, h);
      if ((r & Rx.Ack) !== 0) this.ack(host, f, src, h);
    } else {
      this.headersDelivered++;
      const r = tr.onHeader(f, this.nowNs, pool, h);
      if ((r & Rx.Nack) !== 0) {
        this.nack(host, f, src, h);
      } else if ((r & Rx.Ack) !== 0) {
        this.ack(host, f, src, h);
      }
    }
    pool.release(h);
  }

  /**
   * A host-queue receiver (DACK §II): the target admits the data packet or drops it, and answers
   * at once; an admitted packet is delivered (placed in order) and waits its turn in the host's
   * processing queue, which answers again when the host finishes it. A trimmed header's payload
   * is lost to such a receiver, which answers the header at once (HostQueue.trimmed: a NACK).
   */
  private queueArrive(host: number, h: number): void {
    const pool = this.pool;
    const f = pool.i32[(h << 4) + P.Flow];
    if (this.tracing !== 0) this.traceDone(f, h);
    const hq = this.hostQueue as HostQueue;
    if (pool.i32[(h << 4) + P.Kind] !== Kind.Data) {
      this.headersDelivered++;
      hq.trimmed(f, this.nowNs, pool, h);
      this.hostAcks(host, h);
      pool.release(h);
      return;
    }
    const accepted = hq.arrive(f, this.nowNs, pool, h);
    this.hostAcks(host, h);
    if (!accepted) {
      this.rxDrops++;
      this.drop(h);
      return;
    }
    const psn = pool.i32[(h << 4) + P.Psn];
    this.arrival(f, psn, pool.i32[(h << 4) + P.W1]);
    this.deliver(f, psn, pool.i32[(h << 4) + P.W1]);
    // Behind packets still queued (a slow-receiver fault just ended) the queue's order holds.
    if (this.rxPsPerByte[host] > 0 || this.rxHead[host] >= 0) this.rxEnqueue(host, h);
    else this.queueProcessed(host, h);
  }

  /** The host finished packet h (the head of its processing queue). */
  private queueProcessed(host: number, h: number): void {
    this.dataDelivered++;
    (this.hostQueue as HostQueue).processed(host, this.nowNs);
    this.hostAcks(host, h);
    this.pool.release(h);
  }

  /** The ACKs the host queue listed, each to its flow's source; `h` is the packet that caused them. */
  private hostAcks(host: number, h: number): void {
    const hq = this.hostQueue as HostQueue;
    const pool = this.pool;
    const n = hq.ackCount();
    for (let i = 0; i < n; i++) {
      const f = hq.ackFlow(i);
      const a = pool.alloc(hq.ackIsNack(i) ? Kind.Nack : Kind.Ack, f, this.flowSrc[f], this.transport.ackBytes);
      hq.writeAck(i, pool, a, h);
      this.ctrlPush(host, a);
    }
  }

  /** The ACK the transport filled for packet h: its EV and timestamp echoed (REPS; Reflex NDT). */
  private ack(host: number, f: number, src: number, h: number): void {
    const pool = this.pool;
    const a = pool.alloc(Kind.Ack, f, src, this.transport.ackBytes);
    this.transport.fillAck(pool, a);
    pool.i32[(a << 4) + P.Ev] = pool.i32[(h << 4) + P.Ev];
    pool.i32[(a << 4) + P.EchoNs] = pool.f64[h] | 0;
    pool.hostNs[a] = ((this.nowNs | 0) - pool.hostNs[h]) | 0;
    this.ctrlPush(host, a);
  }

  // -------------------------------------------------------------------------------------------
  // PFC (IEEE 802.1Qbb through lib/switch Pfc at the ingress, PortQueues.onPause at the egress)

  /** The queue class (TAG_*) of packet h: DCP's HO (a bounced header) travels as a trimmed header. */
  private tagOf(h: number): number {
    const i32 = this.pool.i32;
    return (i32[(h << 4) + P.Flags] & Flag.Ho) !== 0 ? TAG_HEADER : TAG_OF_KIND[i32[(h << 4) + P.Kind]];
  }

  /**
   * PFC headroom of a link at `gbps` with a cable of `cableNs`: what arrives in the pause's round
   * trip (lib/switch/pfc README). The PAUSE crosses the cable only, but data on its way back
   * from a switch also crosses its forwarding latency (latPs). That term is added for a host's
   * link too, where it is spare: a fabric whose links are all alike keeps the headroom of the
   * single table it had before headrooms were per port.
   */
  private pfcHeadroom(gbps: number, cableNs: number, mtuBytes: number): number {
    return Math.min(2 ** 29, pfcHeadroomBytes(gbps, cableNs, mtuBytes) + bdpBytesCeil(gbps, this.switchLatencyNs));
  }

  /**
   * Ingress queue `iq` gets its own link's PFC sizing: the headroom from the rate and cable of
   * the port upstream, which sends what arrives after the PAUSE (HPCC's MMU sizes a headroom per
   * port from its rate and delay, notes/baselines.md §8.2), unless the scenario gave
   * headroomBytes; and PAUSE quanta of 512 bit times at that rate (802.3 Annex 31B), which is
   * also the rate the upstream counts them in. With `nicGbps` > 0 (a PfcShared table whose
   * scenario left alphaLog2 to the fabric) also HPCC's α for a port at the link's rate
   * (pfcAlphaLog2: 1/8 at the NICs' rate, one shift less per doubling above it, down to 1).
   */
  private pfcPort(pfc: Pfc | PfcShared, iq: number, givenHeadroom: number | undefined, mtuBytes: number, nicGbps: number): void {
    const t = this.topo;
    const up = t.nodePortBase[t.portTo[iq]] + t.portToLocal[iq];
    const gbps = t.portGbps[up];
    const need = this.pfcHeadroom(gbps, t.portLatencyNs[up], mtuBytes);
    const headroom = givenHeadroom ?? need;
    if (headroom < need) {
      const short = this.pfcShortHeadroom;
      short.ports++;
      if (need > short.needBytes) {
        short.needBytes = need;
        short.gbps = gbps;
        short.cableNs = t.portLatencyNs[up];
      }
    }
    const r = nicGbps > 0 && pfc instanceof PfcShared ? pfc.setPort(iq, gbps, headroom, pfcAlphaLog2(gbps, nicGbps)) : pfc.setPort(iq, gbps, headroom);
    if (r < 0) {
      throw new RangeError(`network.pfc: port ${iq}'s link at ${gbps} Gb/s takes no PAUSE of pauseQuanta ${pfc.params.pauseQuanta} re-sent every refreshNs ${pfc.params.refreshNs} ns (a frame lasts quanta × 512 bit times, at most 2^30 ns and at least refreshNs)`);
    }
  }

  /** A packet of PFC's priority (queue class `tag`) enters switch sw: account it to its ingress queue; false when PFC drops it. */
  private pfcArrive(sw: number, h: number, tag: number): boolean {
    const pool = this.pool;
    const b = h << 4;
    const iq = this.nodePortBase[this.H + sw] + pool.i32[b + P.InPort];
    const bytes = pool.i32[b + P.Bytes];
    const pfc = this.pfc as Pfc | PfcShared;
    if (!pfc.isOpen(iq)) return true;
    // pfcwd's drop action: the storming port's priority group takes nothing in, so its buffer
    // stops pausing the neighbour that storms.
    if (this.wdRefuses(iq, tag)) {
      this.wdDiscard(h);
      return false;
    }
    const r = pfc.onArrive(iq, this.nowNs, bytes);
    // A rejected call (counted in pfc.errors, which fails integrity) leaves the packet unaccounted.
    if (r < 0) return true;
    // A refresh can fall due with a packet beyond the headroom: it goes out all the same.
    if ((r & PFC_PAUSE) !== 0) this.sendPause(iq, pfc.out[0]);
    if ((r & PFC_DROP) !== 0) {
      this.pfcDrops++;
      this.drop(h);
      return false;
    }
    pool.i32[b + P.InIq] = iq;
    pool.i32[b + P.InBytes] = bytes;
    return true;
  }

  /** A packet of PFC's priority leaves its switch (sent or dropped): release its ingress accounting. */
  private pfcLeave(h: number): void {
    const pool = this.pool;
    const b = h << 4;
    const iq = pool.i32[b + P.InIq];
    const bytes = pool.i32[b + P.InBytes];
    pool.i32[b + P.InBytes] = 0;
    const pfc = this.pfc as Pfc | PfcShared;
    const d = pfc.onDepart(iq, this.nowNs, bytes);
    if (d <= 0) return;
    if ((d & PFC_RESUME) !== 0) this.sendPause(iq, 0);
    if ((d & PFC_PAUSE) !== 0) this.sendPause(iq, pfc.out[0]);
  }

  /**
   * A paused queue's refresh is due and neither an arrival nor a departure has sent it: the
   * module's onTick does (802.1Qbb: the PAUSE is renewed before its quanta run out, or the
   * upstream resumes into a full queue). Not when these checks are all that is left to happen
   * (a PFC deadlock with no other event pending): the run then ends with its flows open rather
   * than refreshing forever.
   */
  private pfcTick(iq: number): void {
    this.pfcTickAt[iq] = 0;
    if (this.heap.size === this.pfcTicksQueued + this.samplesQueued + this.stopQueued) return;
    const pfc = this.pfc as Pfc | PfcShared;
    const r = pfc.onTick(iq, this.nowNs);
    if (r <= 0) return;
    // PfcShared: the threshold rose while other queues drained the buffer.
    if ((r & PFC_RESUME) !== 0) this.sendPause(iq, 0);
    if ((r & PFC_PAUSE) !== 0) this.sendPause(iq, pfc.out[0]);
  }

  /** A PAUSE (duration > 0) or XON (0) for the port feeding ingress `iq`, after the cable's propagation. */
  private sendPause(iq: number, durationNs: number): void {
    const up = this.nodePortBase[this.realTo[iq]] + this.portToLocal[iq];
    this.pauseFrames++;
    if (durationNs > 0) this.pauseOnFrames++;
    else this.xonFrames++;
    // The cable's propagation only: a MAC control frame does not go through the upstream
    // switch's forwarding pipeline, whose latency latPs adds to links leaving a switch.
    this.heap.at = this.now + Math.round(this.topo.portLatencyNs[up] * 1000);
    this.heap.add(Ev.Pause, up, durationNs);
    // The next refresh is due refreshNs after this frame; an XON cancels it.
    if (durationNs > 0) {
      this.pfcTickAt[iq] = this.now + (this.pfc as Pfc | PfcShared).portRefreshNs(iq) * 1000;
      this.heap.at = this.pfcTickAt[iq];
      this.heap.add(Ev.PfcTick, iq, 0);
      this.pfcTicksQueued++;
    } else this.pfcTickAt[iq] = 0;
  }

  /** A PFC frame reaches egress port `up`: pause or resume its data. */
  private pauseFrame(up: number, durationNs: number): void {
    // A frame does not cross a link that is down.
    if (this.downBy[up] >= 0) return;
    if (this.wdDetectPs > 0 && this.portNode[up] >= this.H && this.pfcWatchdog(up, durationNs)) return;
    this.obeyPause(up, durationNs);
  }

  /** Egress port `up` pauses its data for durationNs, or resumes it (0). */
  private obeyPause(up: number, durationNs: number): void {
    const node = this.portNode[up];
    this.pauseTime(up, durationNs);
    if (node < this.H) {
      this.nicPausedUntil[node] = durationNs > 0 ? this.now + durationNs * 1000 : 0;
      if (durationNs === 0) this.nicKick(node);
      return;
    }
    this.queues.onPause(up, this.nowNs, FIFO_DATA, durationNs);
    if (durationNs === 0) this.portKick(up);
  }

  /**
   * Port p's link is back up. While it was down, PFC frames did not cross it (pauseFrame), so an
   * XON sent then was lost and the PAUSE the port obeyed could hold it idle for up to a whole
   * PAUSE (65,535 quanta: 335 µs at 100 Gb/s) after the link came back (audit, 2026-12-07). As a
   * MAC clears its pause timers on a link flap, the port resumes; and the ingress queue behind
   * it, still above XON, pauses the far end afresh (its pause state crossed no wire either).
   */
  private pfcLinkUp(p: number): void {
    const node = this.portNode[p];
    if (node < this.H ? this.nicPausedUntil[node] > this.now : this.pauseEnd[p] > this.now) this.obeyPause(p, 0);
    const pfc = this.pfc as Pfc | PfcShared;
    if (pfc.isOpen(p) && pfc.paused(p)) this.sendPause(p, pfc.portFrameNs(p));
  }

  /**
   * A switch's PFC watchdog (SONiC pfcwd; Junos pfc-watchdog: detection, mitigation, restoration;
   * 200 ms to detect and 200 ms to restore by default in both): a port whose data FIFO has been
   * paused without a break for detectNs while it holds packets of PFC's priority (its data FIFO,
   * Reflex NDT's queues) is in a pause storm, as in a PFC deadlock, where a cycle of full queues
   * pauses itself for ever (DCP §2.1). It is checked at each PAUSE frame, so found at the first
   * after detectNs (frames come at most refreshNs apart while the pause lasts). Until restoration
   * it ignores PAUSE frames. Under `forward` its packets go on to queues that drop beyond their
   * headroom; under `drop` (SONiC's default, and what DCP §2.1 describes: "disables PFC and
   * drops all packets") its data FIFO is flushed, and packets of PFC's priority bound for the
   * port or arriving on it are discarded (pfcwd: the output queue and the port's priority
   * group). Restoration is restoreNs after the detection (`fixed`: Junos' recovery time) or once
   * no PAUSE frame has come for restoreNs (`quiet`: SONiC's restoration time). True when the
   * frame is ignored.
   */
  private pfcWatchdog(up: number, durationNs: number): boolean {
    if (this.wdUntil[up] > this.now) {
      if (this.wdQuiet !== 0 && durationNs > 0) this.wdUntil[up] = this.now + this.wdRestorePs;
      return true;
    }
    // pfcwd watches the paused priority's queue: packets of the other (the control FIFO) make no storm.
    if (durationNs === 0 || this.pauseEnd[up] <= this.now || this.now - this.pauseStart[up] < this.wdDetectPs || this.queues.dataPackets(up) + this.ndtHeld(up) === 0) return false;
    this.pfcStorms++;
    this.wdUntil[up] = this.now + this.wdRestorePs;
    this.pauseTime(up, 0);
    this.queues.onPause(up, this.nowNs, FIFO_DATA, 0);
    if (this.wdDrop !== 0) {
      // evict takes the data FIFO's head while it has one; the control FIFO is not PFC's.
      while (this.queues.dataPackets(up) > 0) {
        const h = this.queues.evict(up, this.nowNs);
        this.qPkts[up]--;
        this.wdFlushed++;
        this.wdDiscard(h);
      }
      // Reflex NDT's Normal and Controlled queues are this port's data queues too (not the
      // PortQueues' drops: integrity counts them among the watchdog's refusals).
      if (this.reflex !== null && this.reflex.ndtPort[up] >= 0) {
        for (let h = this.reflex.evict(up, this.nowNs); h >= 0; h = this.reflex.evict(up, this.nowNs)) this.wdDiscard(h);
      }
    }
    this.portKick(up);
    return true;
  }

  /** Data Reflex NDT holds for port p (0 without NDT there). */
  private ndtHeld(p: number): number {
    return this.reflex !== null ? this.reflex.ndtPackets[p] : 0;
  }

  /** The drop action is mitigating a storm at port p (egress, or its ingress) and a packet of class `tag` is of the data FIFO it discards. */
  private wdRefuses(p: number, tag: number): boolean {
    return this.wdDrop !== 0 && this.wdUntil[p] > this.now && ((this.pfcTags >> tag) & 1) !== 0;
  }

  /** A packet of PFC's priority the watchdog's drop action discards. */
  private wdDiscard(h: number): void {
    this.wdDrops++;
    this.drop(h);
  }

  /** A NACK for packet h (UEC: trim NACK; DCP: the bounced HO), echoing what the sender needs. */
  private nack(host: number, f: number, src: number, h: number): void {
    const pool = this.pool;
    const hb = h << 4;
    // DCP: the HO itself goes back, at its size and with its tag (§4.1 ②, §4.2); a data packet
    // the receiver cannot track (strict mode beyond its bitmap) goes back as an HO too, its
    // payload cut as a switch trims one.
    const ho = this.transport.nackIsHo !== 0;
    const bytes = !ho ? this.transport.ackBytes : pool.i32[hb + P.Kind] === Kind.Data ? this.queues.params.trimBytes : pool.i32[hb + P.Bytes];
    const a = pool.alloc(Kind.Nack, f, src, bytes);
    const ab = a << 4;
    pool.i32[ab + P.Psn] = pool.i32[hb + P.Psn];
    pool.i32[ab + P.Ev] = pool.i32[hb + P.Ev];
    pool.i32[ab + P.W0] = pool.i32[hb + P.W0];
    pool.i32[ab + P.W2] = pool.i32[hb + P.W2];
    pool.i32[ab + P.Flags] = (pool.i32[hb + P.Flags] & (Flag.LastHop | Flag.Ce)) | (ho ? Flag.Ho : 0);
    this.ctrlPush(host, a);
  }

  /**
   * Integrity for transports that deliver by message: each of the flow's messages (one, or the
   * transport's messageBytes each and the rest last) completes once, and the flow is delivered
   * with its last.
   *
   * Completions come in order (Rx.Complete), so the messages completed so far are the flow's
   * first ones, bytes [0, d): every packet of them, PSNs [0, ⌈d / mss⌉) (each message but the
   * last is whole packets, rounds.ts messageBytes), must have reached the receiver — the prefix
   * that `arrival` keeps as expectedPsn: one comparison a completion, nothing a packet.
   * A copy's arrival is all the fabric sees: a receiver that counted a stale round's copy (DCP
   * §4.5, sRetryNo) is not caught here. Where the transport names the messages (DCP's eMSN,
   * §4.5: [endMsn − n, endMsn)), they must also be the next ones: not one already completed
   * (twice) nor one past a message still open (out of order).
   */
  private deliverMessages(f: number, n: number, endMsn: number): void {
    const total = this.flowBytes[f];
    const size = this.transport.messageBytes;
    let d = this.flowDelivered[f];
    let k = 0;
    for (; k < n && d < total; k++) d = size > 0 && total - d > size ? d + size : total;
    if (n < 1 || k < n) {
      this.violation(`flow ${f}: ${n} message completions, ${n - k} past the flow's last message (completed ${this.flowDoneRx[f] >= 0 ? "before" : "not yet"})`);
      return;
    }
    if (this.namesCompletions !== 0) {
      // MSNs are 24-bit (DCP Fig. 4); a flow has far fewer messages, but the receiver's eMSN wraps.
      const next = this.nextCompleteMsn[f];
      const first = (endMsn - n) & 0xffffff;
      const ahead = ((first - next) << 8) >> 8;
      if (ahead < 0) this.violation(`flow ${f}: message ${first} completed twice (messages [${first}, ${endMsn}) completed, ${next} is the next to complete)`);
      else if (ahead > 0) this.violation(`flow ${f}: message ${first} completed before message ${next}, out of order (messages [${first}, ${endMsn}) completed)`);
      this.nextCompleteMsn[f] = endMsn & 0xffffff;
    }
    const needPsn = Math.ceil(d / this.mss);
    if (this.expectedPsn[f] < needPsn) this.violation(`flow ${f}: a message completed with PSN ${this.expectedPsn[f]} of its first ${needPsn} not yet at the receiver`);
    this.flowDelivered[f] = d;
    if (d < total) return;
    this.flowDoneRx[f] = this.now;
    this.flowsDoneRx++;
    if (this.rxDepOff[f] !== this.rxDepOff[f + 1]) this.release(this.rxDeps, this.rxDepOff[f], this.rxDepOff[f + 1]);
  }

  /**
   * Integrity (the SES's view): each data PSN's payload is delivered once; by a transport that
   * delivers in order (Transport.inOrder: go-back-N, DACK), PSN 0, 1, 2, … in turn. A PSN past
   * the next one is the first sign of any other order (all below the next were delivered, and a
   * second delivery is caught above); the PSN it skipped, delivered later, is not reported again.
   */
  private deliver(f: number, psn: number, payload: number): void {
    const bit = this.seenBase[f] + psn;
    const w = Math.floor(bit / 32);
    const m = 1 << (bit & 31);
    if (psn < 0 || bit >= this.seenBase[f + 1] || (this.seenBits[w] & m) !== 0) {
      this.violation(`flow ${f}: PSN ${psn} delivered twice or outside the message`);
      return;
    }
    this.seenBits[w] |= m;
    if (this.inOrder !== 0) {
      const next = this.nextDeliverPsn[f];
      if (psn > next) this.violation(`flow ${f}: PSN ${psn} delivered before PSN ${next} by an in-order transport (${this.transport.name})`);
      if (psn >= next) this.nextDeliverPsn[f] = psn + 1;
    }
    const d = this.flowDelivered[f] + payload;
    this.flowDelivered[f] = d;
    if (d >= this.flowBytes[f]) {
      if (d > this.flowBytes[f]) this.violation(`flow ${f}: ${d} bytes delivered for a ${this.flowBytes[f]}-byte message`);
      this.flowDoneRx[f] = this.now;
      this.flowsDoneRx++;
      if (this.rxDepOff[f] !== this.rxDepOff[f + 1]) this.release(this.rxDeps, this.rxDepOff[f], this.rxDepOff[f + 1]);
    }
  }

  private senderAck(f: number, h: number): void {
    const pool = this.pool;
    const tr = this.transport;
    const nowNs = this.nowNs;
    const r = tr.onAck(f, nowNs, pool, h);
    if (r < 0) return;
    if ((r & Sx.Nack) !== 0) this.nacks++;
    const ce = (pool.i32[(h << 4) + P.Flags] & Flag.Ce) !== 0;
    const lb = this.lbOf[f];
    const ev = pool.i32[(h << 4) + P.Ev];
    const kind = ce ? ECN : GOOD;
    if (this.lbRtt[f] === 0) lb.onPathFeedback(this.lbSlot[f], nowNs, ev, kind);
    else (lb as Required<LbTable>).onPathFeedbackRtt(this.lbSlot[f], nowNs, ev, kind, (r & Sx.Rtt) !== 0 ? tr.rttNs : 0);
    if ((r & Sx.Stale) !== 0) return;
    const cc = this.ccOf[f];
    if (tr.restoredBytes > 0) cc.restore(f, nowNs, tr.restoredBytes);
    if (this.rttTracked !== 0 && (r & Sx.Rtt) !== 0) this.noteRtt(f, tr.rttNs);
    let rttNs = (r & Sx.Rtt) !== 0 ? tr.rttNs : 0;
    // A CC on NIC timestamps (Swift, TIMELY) takes a sample from every ACK, a retransmission's
    // too, or a flow whose window fell below one packet and has only holes to resend never hears
    // a delay again (seed 2,124,020), nor TIMELY one under DCP (its ACK has no timestamp of its
    // own). The ACK echoes its data packet's send time (Fabric.ack), except
    // where a host queue answers departures (DACK, its own echo) and on an inter-DC flow under
    // Reflex, whose NDT restamps the packet at the WAN egress (§III-D).
    if (rttNs === 0 && cc.nicTimestamps !== 0 && tr.hostQueue === null && (this.reflex === null || this.reflex.interDc[f] === 0)) {
      rttNs = Math.max(1, ((nowNs | 0) - pool.i32[(h << 4) + P.EchoNs]) | 0);
    }
    // Reflex §III-C: with NSF, an inter-DC flow's end-to-end ACKs carry no new RTT input
    // (ReflexSites.e2eAckRttNs: none, or the last RTT_src with e2eAckDrivesCc).
    const rf = this.reflex;
    const own = rf === null || rf.interDc[f] === 0;
    cc.onAck(f, nowNs, tr.newBytes, own ? rttNs : rf.e2eAckRttNs(f), ce, own && rttNs > 0 ? pool.hostNs[h] : 0);
    // MP-RDMA's Δ filter runs after the per-ACK update, on the data PSN the ACK answers (MprdmaCc).
    if (cc.lateAcks !== 0 && tr.namesAckedPsn !== 0) cc.onAckedPsn(f, nowNs, tr.ackedPsn, tr.ackedRetransmit);
    // A loss the ACK reveals (a go-back-N NACK, packets IRN or RACK mark lost): what leaves the
    // flight with it leaves after what the ACK acknowledges.
    if ((r & Sx.Lost) !== 0) cc.onLoss(f, nowNs, tr.bytes, tr.lostBytes);
    if (cc.repacedByAck !== 0) this.repace(f, cc);
    if (cc.timed !== 0) this.armCcTimer(f, cc);
    if ((r & Sx.Done) !== 0 && this.flowDoneTx[f] < 0) {
      this.flowDoneTx[f] = this.now;
      this.retire(f);
      if (++this.flowsDoneTx + this.flowsFailed === this.flows) this.stopped = true;
      if (this.txDepOff[f] !== this.txDepOff[f + 1]) this.release(this.txDeps, this.txDepOff[f], this.txDepOff[f + 1]);
      const t = this.activates[f];
      if (t >= 0 && this.trigNext[t] !== this.trigOff[t + 1]) this.release(this.trigWaiters, this.trigNext[t], ++this.trigNext[t]);
      return;
    }
    this.armTimer(f);
    this.activate(f);
  }

  /** Starts a new RTT window when the current one has ended (the previous one is dropped when it is over an RTO old). */
  private rollRtt(f: number): void {
    if (this.now < this.rttWinEnd[f]) return;
    this.rttMaxPrev[f] = this.now < this.rttWinEnd[f] + this.rttWinPs ? this.rttMaxCur[f] : 0;
    this.rttMaxCur[f] = 0;
    this.rttWinEnd[f] = this.now + this.rttWinPs;
  }

  private noteRtt(f: number, rttNs: number): void {
    this.rollRtt(f);
    if (rttNs > this.rttMaxCur[f]) this.rttMaxCur[f] = rttNs;
  }

  /** The largest RTT sample of the last one to two RTOs (0: none). */
  private recentMaxRtt(f: number): number {
    this.rollRtt(f);
    return Math.max(this.rttMaxCur[f], this.rttMaxPrev[f]);
  }

  /**
   * The recent maximum RTT as REPS's failure test should read it (Appendix A: a timeout after RTTs
   * below failureRttFactor × base RTT is a failure). The artifact compares each connection's RTTs
   * with its own base RTT; the module holds one baseRttNs per table, the network's (the longest
   * path's, or the flow's class's on two DCs), against which a flow on a shorter path reads
   * congestion as a failure: an intra-pod incast without trimming, 0.5-BDP buffers and no fault
   * froze all 6 flows for 10 ms (review rev-reps). So the sample goes in scaled by the module's
   * base over the flow's own unloaded RTT, and the test becomes max < factor × own. On Dragonfly
   * and Slim Fly a flow's EVs take paths of different lengths, up to the longest the network RTT
   * measures: the sample goes in as it is.
   */
  private failureTestRtt(f: number, lb: LbTable): number {
    const maxNs = this.recentMaxRtt(f);
    const baseNs = (lb as unknown as { params?: { baseRttNs?: unknown } }).params?.baseRttNs;
    const t = this.topo;
    if (typeof baseNs !== "number" || t.family !== Family.Hier) return maxNs;
    const ownNs = t.pathRttNs(this.flowSrc[f], this.flowDst[f], this.queues.params.mtuBytes, this.transport.ackBytes, this.switchLatencyNs);
    return Math.min(2 ** 31, (maxNs * baseNs) / ownNs);
  }

  /** Reflex §III-C: a pseudo-ACK's near-source RTT is the flow's delay sample; it acknowledges nothing. */
  private senderPseudoAck(f: number, h: number): void {
    const pool = this.pool;
    const rtt = (this.nowNs - pool.f64[h]) | 0;
    if (rtt < 1 || this.flowDoneTx[f] >= 0 || this.flowFailed[f] !== 0) return;
    (this.reflex as ReflexSites).delivered(f, rtt);
    const cc = this.ccOf[f];
    cc.onDelaySample(f, this.nowNs, pool.i32[(h << 4) + P.W0], rtt);
    if (cc.repacedByAck !== 0) this.repace(f, cc);
    this.activate(f);
  }

  /** Swift's pacing gap set anew at an ACK (Pacer.repace); the caller activates the flow. */
  private repace(f: number, cc: CcAdapter): void {
    const wakePs = this.pacer.repace(f, this.now, cc.pacingGapPs(f, this.pacer.lastBytesOf(f)));
    if (wakePs > 0) this.wake(f, wakePs);
  }

  private wake(f: number, atPs: number): void {
    this.heap.at = atPs;
    this.heap.add(Ev.Wake, f, 0);
  }

  private senderNack(f: number, h: number): void {
    const pool = this.pool;
    const tr = this.transport;
    const nowNs = this.nowNs;
    if (tr.onNack(f, nowNs, pool, h) !== 1) return;
    this.nacks++;
    const flags = pool.i32[(h << 4) + P.Flags];
    const lastHop = (flags & Flag.LastHop) !== 0;
    // What the NACK acknowledges (DACK's accepted number) leaves the flight as an ACK's would, with no RTT sample.
    if (tr.newBytes > 0) this.ccOf[f].onAck(f, nowNs, tr.newBytes, 0, false, 0);
    this.ccOf[f].onTrim(f, nowNs, tr.bytes, lastHop, tr.rttNs);
    // UEC §3.6.12 process_ev: a last-hop trim is not the path's fault (GOOD, or ECN with CE).
    this.lbOf[f].onPathFeedback(this.lbSlot[f], nowNs, pool.i32[(h << 4) + P.Ev], lastHop ? ((flags & Flag.Ce) !== 0 ? ECN : GOOD) : NACK);
    this.armTimer(f);
    this.activate(f);
  }

  private rxEnqueue(host: number, h: number): void {
    const pool = this.pool;
    const bytes = pool.i32[(h << 4) + P.Bytes];
    if (this.rxBytes[host] + bytes > this.rxBuffer[host]) {
      this.rxDrops++;
      this.drop(h);
      return;
    }
    const bit = this.psnBit(pool.i32[(h << 4) + P.Flow], pool.i32[(h << 4) + P.Psn]);
    if (bit >= 0) bitSet(this.queuedBits, 0, bit);
    pool.i32[(h << 4) + P.Next] = -1;
    const tail = this.rxTail[host];
    if (tail < 0) {
      this.rxHead[host] = h;
      this.heap.at = this.now + this.rxPs(host, bytes);
      this.heap.add(Ev.RxDone, host, 0);
    } else pool.i32[(tail << 4) + P.Next] = h;
    this.rxTail[host] = h;
    this.rxBytes[host] += bytes;
  }

  /** A packet's processing time at the host, in whole ps rounded up like serialisation: event times stay integer ps. */
  private rxPs(host: number, bytes: number): number {
    return ceilPs(bytes * this.rxPsPerByte[host]);
  }

  private rxDone(host: number): void {
    const pool = this.pool;
    const h = this.rxHead[host];
    const nh = pool.i32[(h << 4) + P.Next];
    this.rxHead[host] = nh;
    if (nh < 0) this.rxTail[host] = -1;
    else {
      this.heap.at = this.now + this.rxPs(host, pool.i32[(nh << 4) + P.Bytes]);
      this.heap.add(Ev.RxDone, host, 0);
    }
    this.rxBytes[host] -= pool.i32[(h << 4) + P.Bytes];
    if (this.hostQueue !== null) this.queueProcessed(host, h);
    else this.receiverPacket(host, h);
  }

  // -------------------------------------------------------------------------------------------
  // Dependencies (collectives, windowed all-to-all, htsim triggers)

  /** Flows in list[from, to) had one of their dependencies done: start those with none left. */
  private release(list: Int32Array, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const g = list[i];
      if (--this.waitLeft[g] !== 0) continue;
      const at = Math.max(this.now, this.flowStart[g]);
      this.flowStart[g] = at;
      this.heap.at = at;
      this.heap.add(Ev.Start, g, 0);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Metrics kept on the way (module-independent)

  /** Flow f's data PSN as a bit of the per-PSN bitmaps, or −1 outside the flow's range. */
  private psnBit(f: number, psn: number): number {
    const bit = this.seenBase[f] + psn;
    return psn < 0 || bit >= this.seenBase[f + 1] ? -1 : bit;
  }

  /** A copy of the packet has reached the receiving NIC: arrived, or waiting in its processing queue. */
  private arrived(f: number, psn: number): boolean {
    const bit = this.psnBit(f, psn);
    if (bit < 0) return false;
    const w = Math.floor(bit / 32);
    return ((this.arrivedBits[w] | this.queuedBits[w]) & (1 << (bit & 31))) !== 0;
  }

  /** A data packet reached its receiver: duplicate, out of order (PSN ≠ the next expected), or new in order. */
  private arrival(f: number, psn: number, payload: number): void {
    const base = this.seenBase[f];
    const bit = base + psn;
    if (psn < 0 || bit >= this.seenBase[f + 1]) return;
    const w = Math.floor(bit / 32);
    const m = 1 << (bit & 31);
    if ((this.arrivedBits[w] & m) !== 0) {
      this.dupArrivals++;
      return;
    }
    this.arrivedBits[w] |= m;
    this.flowArrivedBytes[f] += payload;
    let e = this.expectedPsn[f];
    if (psn !== e) {
      this.oooArrivals++;
      this.flowOoo[f]++;
      return;
    }
    const end = this.seenBase[f + 1] - base;
    do e++;
    while (e < end && (this.arrivedBits[Math.floor((base + e) / 32)] & (1 << ((base + e) & 31))) !== 0);
    this.expectedPsn[f] = e;
  }

  /** Traced flows: the egress port a data packet (or its trimmed header) takes at this hop. */
  private tracePort(h: number, port: number): void {
    const pool = this.pool;
    if (this.traceOf[pool.i32[(h << 4) + P.Flow]] < 0 || pool.i32[(h << 4) + P.Kind] > Kind.Header) return;
    let l = this.tracePorts.get(h);
    // First switch: a fresh list starting at the source NIC's port (handles are recycled).
    if (!l || pool.i32[(h << 4) + P.Hops] === 0) this.tracePorts.set(h, (l = [this.nodePortBase[this.flowSrc[pool.i32[(h << 4) + P.Flow]]]]));
    l.push(port);
  }

  private traceDone(f: number, h: number): void {
    const t = this.traceOf[f];
    const l = this.tracePorts.get(h);
    if (l === undefined) return;
    this.tracePorts.delete(h);
    if (t < 0 || this.pool.i32[(h << 4) + P.Kind] !== Kind.Data) return;
    const key = l.join(">");
    const m = this.tracePaths[t];
    m.set(key, (m.get(key) ?? 0) + 1);
  }

  /** PFC frames at egress port `up`: accumulate the time it is paused (a PAUSE sets the end, XON ends it now). */
  private pauseTime(up: number, durationNs: number): void {
    const now = this.now;
    const end = this.pauseEnd[up];
    if (durationNs > 0) {
      if (end > now) this.pauseEnd[up] = now + durationNs * 1000;
      else {
        this.pausedPsClosed += end - this.pauseStart[up];
        this.pauseStart[up] = now;
        this.pauseEnd[up] = now + durationNs * 1000;
        this.portEverPaused[up] = 1;
      }
    } else if (end > now) this.pauseEnd[up] = now;
  }

  /** Total time egress ports (switch ports and NICs) spent paused by PFC up to now, ps; and how many ports were ever paused. */
  /** Time paused (ps), ports ever paused, and pause episodes (an XOFF after an XON; lib/switch/pfc `pauses`). */
  paused(): { ps: number; ports: number; episodes: number } {
    let ps = this.pausedPsClosed;
    let ports = 0;
    let episodes = 0;
    for (let p = 0; p < this.topo.ports; p++) {
      ps += Math.min(this.pauseEnd[p], this.now) - this.pauseStart[p];
      ports += this.portEverPaused[p];
      if (this.pfc !== null) episodes += this.pfc.pauses(p);
    }
    return { ps, ports, episodes };
  }

  // -------------------------------------------------------------------------------------------
  // Faults

  /** A packet reaches the far end of a port with a Down, Loss or Corrupt fault. */
  private faultArrive(port: number, h: number): void {
    const pool = this.pool;
    const down = this.downBy[port];
    if (down >= 0) {
      this.faultDrop(down, h);
      return;
    }
    if (this.downLostUntil[port] > 0) {
      // The link is back, but this packet was on its wire while it was down.
      if (this.now <= this.downLostUntil[port]) {
        this.faultDrop(this.downLostBy[port], h);
        return;
      }
      this.downLostUntil[port] = 0;
      this.markPort(port);
    }
    const loss = this.lossBy[port];
    if (loss >= 0) {
      const x = this.faults[loss];
      const k = pool.i32[(h << 4) + P.Kind];
      if ((x.packetMask & (1 << k)) !== 0 && (this.faultRng.nextU32() + 0.5) * 2.3283064365386963e-10 < x.probability) {
        if (x.trim !== true || k !== Kind.Data) {
          this.faultDrop(loss, h);
          return;
        }
        this.faultTrim(loss, port, h);
      }
    }
    const node = this.realTo[port];
    if (node < this.H) this.hostReceive(node, h);
    else {
      pool.i32[(h << 4) + P.InPort] = this.portToLocal[port];
      this.forward(node - this.H, h);
    }
  }

  private faultDrop(fault: number, h: number): void {
    const k = this.pool.i32[(h << 4) + P.Kind];
    const f = this.pool.i32[(h << 4) + P.Flow];
    const t = this.faultTally[fault];
    t.lost[k]++;
    t.flows.add(f);
    this.faultHit(fault, f);
    this.flowFaultLosses[f]++;
    this.faultDrops++;
    this.drop(h);
  }

  /**
   * A loss fault's trim: the packet goes on as a header of the queues' trimmed size (never
   * larger than it was, as a queue trims), flagged last-hop when the link ends at a host (as a
   * queue flags a trim at a port facing one). It crossed the link whole: the loss is where the
   * link ends.
   */
  private faultTrim(fault: number, port: number, h: number): void {
    const t = this.faultTally[fault];
    const f = this.pool.i32[(h << 4) + P.Flow];
    t.trimmed++;
    t.flows.add(f);
    this.faultHit(fault, f);
    this.faultTrims++;
    this.faultTrimsAt[port]++;
    const bytes = this.pool.i32[(h << 4) + P.Bytes];
    const trimBytes = this.queues.params.trimBytes;
    this.trim(h, bytes < trimBytes ? bytes : trimBytes, this.realTo[port] < this.H);
  }

  /** Flow f met fault j (FaultTally.hit). */
  private faultHit(j: number, f: number): void {
    this.faultTally[j].hit[f] = 1;
  }

  /**
   * Flow f's packet went onto the link of port `at` a link fault covers, or (`slow`) reached host
   * `at`'s NIC as data while a Slow fault covers it: each such fault on hits the flow.
   */
  private faultCross(at: number, slow: boolean, f: number): void {
    for (let j = 0; j < this.faults.length; j++) {
      if (this.faultBegun[j] !== 0 && (this.faults[j].kind === FaultKind.Slow) === slow && this.faultCovers[j][at] === 1) this.faultHit(j, f);
    }
  }

  /** 1 while some fault on covers `at` (a host when `slow`, else a port). */
  private faultWatched(at: number, slow: boolean): number {
    for (let j = 0; j < this.faults.length; j++) {
      if (this.faultBegun[j] !== 0 && (this.faults[j].kind === FaultKind.Slow) === slow && this.faultCovers[j][at] === 1) return 1;
    }
    return 0;
  }

  /**
   * Fault i begins (on) or ends, and each port (host) it covers takes the state of the faults
   * still on there: Down, and Loss or Corrupt, from the latest begun of each; Degrade and Slow
   * from the slowest rate, and never faster than the port's (host's) own.
   */
  private applyFault(i: number, on: boolean): void {
    this.faultBegun[i] = on ? ++this.faultsBegun : 0;
    const x = this.faults[i];
    if (x.kind === FaultKind.Slow) {
      for (const host of x.hosts) {
        this.rxPsPerByte[host] = this.slowestPs(host, FaultKind.Slow, this.baseRxPsPerByte[host]);
        this.faultWatchHost[host] = this.faultWatched(host, true);
      }
      return;
    }
    for (const p of x.ports) {
      this.faultWatchPort[p] = this.faultWatched(p, false);
      if (x.kind === FaultKind.Degrade) this.psPerByte[p] = this.slowestPs(p, FaultKind.Degrade, this.basePsPerByte[p]);
      else if (x.kind === FaultKind.Down) {
        const was = this.downBy[p];
        this.downBy[p] = this.latestFault(p, FaultKind.Down, FaultKind.Down);
        // Back up: what the port put on the wire while down (its serialisation ends by busyUntil;
        // a wire is FIFO, so the last of it arrives a propagation later) never arrives.
        if (was >= 0 && this.downBy[p] < 0) {
          this.downLostUntil[p] = Math.max(this.busyUntil[p], this.now) + this.latPs[p];
          this.downLostBy[p] = was;
          if (this.pfc !== null) this.pfcLinkUp(p);
        }
      }
      else this.lossBy[p] = this.latestFault(p, FaultKind.Loss, FaultKind.Corrupt);
      this.markPort(p);
    }
  }

  /** The latest begun fault of kind a or b on at `port`, or −1. */
  private latestFault(port: number, a: FaultKind, b: FaultKind): number {
    let latest = -1;
    let begun = 0;
    for (let j = 0; j < this.faults.length; j++) {
      const k = this.faults[j].kind;
      if ((k === a || k === b) && this.faultCovers[j][port] === 1 && this.faultBegun[j] > begun) {
        latest = j;
        begun = this.faultBegun[j];
      }
    }
    return latest;
  }

  /** The slowest rate, as ps per byte, among `basePs` and the faults of `kind` on at `at`. */
  private slowestPs(at: number, kind: FaultKind, basePs: number): number {
    let ps = basePs;
    for (let j = 0; j < this.faults.length; j++) {
      const x = this.faults[j];
      if (x.kind !== kind || this.faultBegun[j] === 0 || this.faultCovers[j][at] === 0) continue;
      const gbps = kind === FaultKind.Slow ? x.rxGbps : x.gbps;
      // ps per byte: the larger, the slower; 0 is a receiver without a limit.
      const faultPs = gbps > 0 ? 8000 / gbps : 0;
      if (faultPs > ps) ps = faultPs;
    }
    return ps;
  }

  /** The port's far end as arrive() sees it: the node, or −1 − node while a fault must look at each packet. */
  private markPort(p: number): void {
    const node = this.realTo[p];
    this.portTo[p] = this.downBy[p] >= 0 || this.lossBy[p] >= 0 || this.downLostUntil[p] > 0 ? -1 - node : node;
  }

  // -------------------------------------------------------------------------------------------
  // Sampling (queues at chosen ports, window or rate and delivered bytes of chosen flows; the
  // DACK targets of chosen hosts, and the flows' halt state under reliability dack)

  private takeSample(): void {
    const s = this.sample as SampleSpec;
    this.sampleTimes.push(this.now);
    for (let i = 0; i < s.ports.length; i++) {
      const p = s.ports[i];
      this.sampleQueues[i].push(this.queues.isOpen(p) ? this.queues.queuedBytes(p) : 0);
    }
    for (let i = 0; i < s.flows.length; i++) {
      const f = s.flows[i];
      const live = this.flowStarted[f] !== 0 && this.flowDoneTx[f] < 0 && this.flowFailed[f] === 0;
      this.sampleLevels[i].push(live ? this.ccOf[f].level(f) : NaN);
      this.sampleDelivered[i].push(this.flowArrivedBytes[f]);
      if (this.sampleHalt.length > 0) {
        const d = this.dackSampled as DackTransport;
        this.sampleHalt[i].push(live ? d.haltState(f) : NaN);
        this.sampleCredits[i].push(live ? d.credits(f) : NaN);
      }
    }
    for (let i = 0; i < this.sampleHostBytes.length; i++) {
      const d = this.dackSampled as DackTransport;
      const h = s.hosts[i];
      this.sampleHostBytes[i].push(d.targetBytes(h));
      this.sampleHostCongested[i].push(d.targetCongested(h) ? 1 : 0);
    }
    // Decimation keeps samples 0, 2, 4, …: with an even count it drops the one just taken, and
    // the next falls one old interval on, an even step of the doubled interval from the last kept.
    let nextPs = this.sampleIntervalPs;
    if (this.sampleTimes.length >= s.maxPoints) {
      const droppedNewest = this.sampleTimes.length % 2 === 0;
      this.decimate();
      nextPs = droppedNewest ? this.sampleIntervalPs / 2 : this.sampleIntervalPs;
    }
    // Nothing but refresh ticks (and the Stop) pending: the run is over (or stuck in a PFC
    // deadlock, where the ticks no longer refresh); sampling must not keep it alive.
    this.samplesQueued = 0;
    if (this.heap.size > this.pfcTicksQueued + this.stopQueued) {
      this.heap.push(this.now + nextPs, Ev.Sample, 0, 0);
      this.samplesQueued = 1;
    }
  }

  private decimate(): void {
    const half = <T>(a: T[]) => {
      let k = 0;
      for (let i = 0; i < a.length; i += 2) a[k++] = a[i];
      a.length = k;
    };
    half(this.sampleTimes);
    for (const a of this.sampleQueues) half(a);
    for (const a of this.sampleLevels) half(a);
    for (const a of this.sampleDelivered) half(a);
    for (const a of this.sampleHostBytes) half(a);
    for (const a of this.sampleHostCongested) half(a);
    for (const a of this.sampleHalt) half(a);
    for (const a of this.sampleCredits) half(a);
    this.sampleIntervalPs *= 2;
  }

  // -------------------------------------------------------------------------------------------
  // Integrity and totals

  private violation(msg: string): void {
    if (this.violations.length < 20) this.violations.push(msg);
    else if (this.violations.length === 20) this.violations.push("…");
  }

  /**
   * Checks conservation (sent = delivered + dropped + trimmed, trimmed headers likewise, control
   * packets likewise, with what is still alive counted), the queues' own byte accounting, the
   * pool's live count, each message's bytes, and the modules' error counters. Returns the
   * violations (empty: the run is sound).
   */
  checkIntegrity(): string[] {
    const out = [...this.violations];
    const dataLive = this.dataSent - this.dataDelivered - this.dataDropped - this.trims;
    const headerLive = this.trims - this.headersDelivered - this.headersDropped;
    const ctrlLive = this.ctrlSent - this.ctrlDelivered - this.ctrlDropped;
    if (dataLive < 0 || headerLive < 0 || ctrlLive < 0 || dataLive + headerLive + ctrlLive !== this.pool.live) {
      out.push(
        `packet conservation: data sent ${this.dataSent} = delivered ${this.dataDelivered} + dropped ${this.dataDropped} + trimmed ${this.trims} + alive ${dataLive}; ` +
          `headers ${this.trims} = ${this.headersDelivered} + ${this.headersDropped} + ${headerLive}; control ${this.ctrlSent} = ${this.ctrlDelivered} + ${this.ctrlDropped} + ${ctrlLive}; ` +
          `the pool holds ${this.pool.live}`,
      );
    }
    let qDrops = 0;
    let qTrims = 0;
    // Every live packet is somewhere: a switch queue (the fabric's count the module's own), NDT's
    // queues, a NIC's control or receive queue, or a wire (sent and not arrived).
    let held = 0;
    for (let p = 0; p < this.topo.ports; p++) {
      if (this.reflex !== null) {
        held += this.reflex.ndtPackets[p];
        const gap = this.reflex.heldMismatch(p);
        if (gap !== null) out.push(`port ${p}: ${gap} (a packet no dequeue will reach)`);
      }
      if (!this.queues.isOpen(p)) continue;
      const queued = this.queues.dataPackets(p) + this.queues.controlPackets(p);
      if (queued !== this.qPkts[p]) out.push(`port ${p}: the fabric counts ${this.qPkts[p]} packets queued, the queues ${queued} (a packet no dequeue will reach)`);
      held += queued;
      if (this.queues.accountingGap(p) !== 0) out.push(`port ${p}: queue byte accounting is off by ${this.queues.accountingGap(p)}`);
      qDrops += this.queues.packetsDropped(p);
      qTrims += this.queues.packetsTrimmed(p);
    }
    const ndtDrops = this.reflex !== null ? this.reflex.ndtDrops : 0;
    const fabricQueueDrops = this.dataDropped + this.headersDropped + this.ctrlDropped - this.rxDrops - this.pfcDrops - this.faultDrops - ndtDrops - (this.wdDrops - this.wdFlushed);
    if (qDrops !== fabricQueueDrops) out.push(`drops: the queues count ${qDrops}, the fabric ${fabricQueueDrops}`);
    if (this.pfc) {
      for (let p = 0; p < this.topo.ports; p++) {
        if (this.pfc.isOpen(p) && this.pool.live === 0 && this.pfc.queueBytes(p) !== 0) out.push(`PFC ingress ${p}: ${this.pfc.queueBytes(p)} bytes still accounted with no packet alive`);
      }
      if (this.pfc.errors !== 0) out.push(`PFC rejected ${this.pfc.errors} calls`);
      let frames = 0;
      for (let p = 0; p < this.topo.ports; p++) frames += this.pfc.pauseFrames(p);
      if (frames !== this.pauseOnFrames) out.push(`PFC: the ingress queues asked for ${frames} PAUSE frames, the fabric sent ${this.pauseOnFrames}`);
    }
    if (qTrims !== this.trims - this.faultTrims) out.push(`trims: the queues count ${qTrims}, the fabric ${this.trims} less ${this.faultTrims} by faults`);
    for (let h = 0; h < this.H; h++) {
      held += this.ctrlCount[h];
      for (let x = this.rxHead[h]; x >= 0; x = this.pool.i32[(x << 4) + P.Next]) held++;
    }
    const wires = this.transmissions - this.arrivals;
    if (held + wires !== this.pool.live) out.push(`packets: ${this.pool.live} alive, ${held} queued and ${wires} on wires (a packet held nowhere, leaked)`);
    for (let f = 0; f < this.flows; f++) {
      if (this.flowStarted[f] === 0 && (this.flowDelivered[f] !== 0 || this.flowDoneRx[f] >= 0 || this.flowDoneTx[f] >= 0)) out.push(`flow ${f}: ${this.flowDelivered[f]} bytes delivered before it started`);
      if (this.flowDoneTx[f] >= 0 && this.ccOf[f].inflightBytes(f) !== 0) out.push(`flow ${f}: acknowledged in full with ${this.ccOf[f].inflightBytes(f)} bytes in its CC's flight`);
      // HPCC rdma-hw.cc QpComplete cancels a finished QP's timers (armCcTimer).
      if ((this.flowDoneTx[f] >= 0 || this.flowFailed[f] !== 0) && this.ccTimerAt[f] !== 0) out.push(`flow ${f}: finished with its CC timer armed`);
      if (this.flowDoneRx[f] >= 0 && this.flowDelivered[f] !== this.flowBytes[f]) out.push(`flow ${f}: ${this.flowDelivered[f]} of ${this.flowBytes[f]} bytes delivered`);
      if (this.flowDoneTx[f] >= 0 && this.flowDoneRx[f] < 0) out.push(`flow ${f}: acknowledged in full but not delivered`);
    }
    if (this.transport.errors() !== 0) out.push(`reliability module rejected ${this.transport.errors()} calls`);
    if (this.queues.errors !== 0 || this.router.errors !== 0) out.push(`switch modules rejected ${this.queues.errors + this.router.errors} calls`);
    if (this.reflex !== null && this.reflex.errors() !== 0) out.push(`Reflex NSF/NDT rejected ${this.reflex.errors()} calls`);
    const endpoint = this.endpointErrors();
    if (endpoint !== 0) out.push(`CC and load-balancer modules rejected ${endpoint} calls`);
    return out;
  }

  /** Sums over switch ports. */
  portTotals(): { marks: number; drops: number; trims: number; headersRefused: number } {
    let marks = 0;
    let drops = 0;
    let trims = 0;
    let headersRefused = 0;
    for (let p = 0; p < this.topo.ports; p++) {
      if (!this.queues.isOpen(p)) continue;
      marks += this.queues.marks(p);
      drops += this.queues.packetsDropped(p);
      trims += this.queues.packetsTrimmed(p);
      headersRefused += this.queues.headersRefused(p);
    }
    return { marks, drops, trims, headersRefused };
  }

  /**
   * The switches' shared buffers: how often they refused an arrival or a trimmed header that the
   * port's own limits took (PortQueues.poolRefusals), and the fullest any buffer got; both 0
   * without shared buffers.
   */
  bufferTotals(): { refusals: number; peakBytes: number } {
    const t = this.topo;
    const pfc = this.pfc instanceof PfcShared ? this.pfc : null;
    let refusals = 0;
    let peakBytes = 0;
    for (let sw = t.hosts; sw < t.hosts + t.switches; sw++) {
      // Any port of the switch reads its buffer (under PFC the first with an ingress queue).
      let p = t.nodePortBase[sw];
      while (pfc !== null && p < t.nodePortBase[sw] + t.nodePortCount[sw] - 1 && !pfc.isOpen(p)) p++;
      refusals += pfc !== null ? pfc.poolRefusals(p) : this.queues.poolRefusals(p);
      peakBytes = Math.max(peakBytes, pfc !== null ? pfc.poolPeakBytes(p) : this.queues.poolPeakBytes(p));
    }
    return { refusals, peakBytes };
  }

  /** Under PFC with switchBuffer: every switch's ingress queues join its buffer. */
  private joinSharedBuffers(pfc: PfcShared): void {
    const t = this.topo;
    for (let p = 0; p < t.ports; p++) {
      if (!pfc.isOpen(p)) continue;
      const sw = t.portNode[p] - t.hosts;
      if (pfc.setPool(p, sw) < 0) {
        // Headrooms are per port (pfcPort): the buffer must hold the sum, so name it and the largest.
        let queues = 0;
        let allBytes = 0;
        let largestBytes = 0;
        const base = t.nodePortBase[t.hosts + sw];
        for (let k = base; k < base + t.nodePortCount[t.hosts + sw]; k++) {
          if (!pfc.isOpen(k)) continue;
          const own = pfc.params.reserveBytes + pfc.headroomBytes(k);
          queues++;
          allBytes += own;
          largestBytes = Math.max(largestBytes, own);
        }
        throw new RangeError(
          `network.switchBuffer.bytes: ${pfc.params.poolBytes} B cannot set aside the PFC reserves and headrooms of switch ${sw}'s ${queues} ingress queues, ${allBytes} B in all (${largestBytes} B the largest)`,
        );
      }
    }
  }

  /** Every module's error counter: reliability, the flows' CC and LB, Reflex. */
  moduleErrors(): number {
    const n = this.transport.errors() + this.endpointErrors();
    return this.reflex !== null ? n + this.reflex.errors() : n;
  }

  /** The distinct CC tables, in the order of their first flow, each with how many flows it serves (metrics/cc-decisions.ts). */
  ccTables(): { cc: CcAdapter; flows: number }[] {
    return distinctTables(this.ccOf, this.flows).map(({ table, flows }) => ({ cc: table, flows }));
  }

  /** Each distinct LB table and the flows it serves, in the order of its first flow (metrics/lb-decisions.ts, results.json moduleParams). */
  lbTables(): { lb: LbTable; flows: number }[] {
    return distinctTables(this.lbOf, this.flows).map(({ table, flows }) => ({ lb: table, flows }));
  }

  /** The flows' CC and LB error counters (distinct tables counted once). */
  private endpointErrors(): number {
    let n = 0;
    for (const t of this.ccTables()) n += t.cc.errors();
    for (const t of this.lbTables()) n += t.lb.errors;
    return n;
  }
}

/** The distinct tables among the first `count` flows' (a table serves many), in the order of their first flow, with how many flows each serves. */
function distinctTables<T>(of: readonly T[], count: number): { table: T; flows: number }[] {
  const out: { table: T; flows: number }[] = [];
  const at = new Map<T, number>();
  for (let f = 0; f < count; f++) {
    const i = at.get(of[f]);
    if (i === undefined) {
      at.set(of[f], out.length);
      out.push({ table: of[f], flows: 1 });
    } else out[i].flows++;
  }
  return out;
}
