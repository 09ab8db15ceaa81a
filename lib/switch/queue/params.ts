// Port-queue parameters: the profiles of DESIGN.md rule 6, and the DCP WRR weight helper.
//
// Sources:
//   uec-htsim — the UEC reference simulator's CompositeQueue (notes/uec-htsim-reference.md §2 and
//               §7, notes/baselines.md §8.1–8.2): data FIFO of ⌈BDP / MTU⌉ packets, header FIFO
//               twice that, trim to 64 B when q + size > the data FIFO, with probability ½ the
//               newest queued packet instead, RED at dequeue on the data bytes left behind with
//               Kmin/Kmax = ⌈0.2 / 0.8 × BDP / MTU⌉ packets and Pmax = 1, headers served
//               100000:1 (in effect strict priority).
//   uec       — UEC 1.0 §3.6.17 switch configuration and §4.1 trimming (notes/uec-nscc-reps-pds.md
//               §2.5–2.6): trim threshold Plane_BDP, control (queue_med/high) drop threshold
//               Plane_BDP, probabilistic ECN 0.2/0.8 × Plane_BDP, trimmed packets forwarded in a
//               higher class (strict priority here; the spec's optional WRR giving the control
//               class 75 % is `scheduler: dwrr`, whose default weight under `uec` is 3).
//   dcp       — DCP (SIGCOMM'25) §4.2: 2-bit DCP tag classification, trim when the data-queue
//               length exceeds the threshold, 57-byte HO packets always into the control queue,
//               WRR between control and data with w = (N − 1)/(r − N + 1) (r = data packet / HO
//               size, the data packet one MTU unless `dataPacketBytes` says otherwise); §5 P4
//               implementation. The HO a trim makes carries CE (`markTrimmed`), as DCP's ns-3
//               switch sets it (notes/baselines.md §6, §8.2) for the DCQCN DCP runs with (§6.2).
//   droptail  — a single drop-tail FIFO with optional RED/ECN (DCTCP/DCQCN switches, baselines.md §8.1).
//   pools     — shared switch buffers (off unless `pools` > 0): DCP §6.2's 32 MB per switch (and
//               Table 1's per-chip buffers), with Choudhury & Hahne's dynamic threshold
//               T = α·(B − used) per FIFO ("Dynamic queue length thresholds for shared-memory
//               packet switches", IEEE/ACM ToN 1998) or complete sharing (only B − used), which is
//               the lossy rule of the ns-3 RDMA switch MMU (HPCC's switch-mmu) DCP's simulator uses.
//               Under `dcp` the control FIFO stays outside the buffer (`controlPooled: false`):
//               DCP §4.2's lossless control plane, as HPCC's and DCP-Simulation's switch-node.cc
//               SendToDev admit and charge the MMU only `if (qIndex != 0)`.
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

import { isIntIn } from "../../core/fixed";
import { checkParamNames, needParam, profileParam, resolveParams, rule } from "../../core/params";
import { bdpBytes as bdpOf } from "../../core/units";

export type QueueProfile = "uec-htsim" | "uec" | "dcp" | "droptail";
export type Trimming = "off" | "arriving" | "arriving-or-newest";
export type EcnAt = "off" | "enqueue" | "dequeue";
export type Scheduler = "strict" | "wrr" | "dwrr";
export type OverRule = "arrival" | "occupancy";
export type PoolRule = "dynamic" | "complete";

export interface QueueParams {
  /**
   * Which source's defaults the others take (head of params.ts): `uec-htsim` (default; uet-htsim's
   * CompositeQueue), `uec` (UEC 1.0 §3.6.17, §4.1), `dcp` (DCP §4.2) or `droptail` (one drop-tail
   * FIFO with RED/ECN). A given parameter overrides its profile's value.
   */
  profile: QueueProfile;
  /** Largest packet a port accepts, wire bytes (also the DWRR quantum base). */
  mtuBytes: number;
  /** Link rate and base RTT give the Plane_BDP the UEC thresholds are fractions of. */
  linkGbps: number;
  /**
   * Base RTT, ns, in (0, 2^30]: with linkGbps, only the default of bdpBytes. Default 14,022.72:
   * uet-htsim's network RTT of a 3-tier fat tree at 100 Gb/s (notes/uec-htsim-reference.md §2).
   */
  baseRttNs: number;
  /** linkGbps × baseRttNs / 8 unless given (UEC §3.6.17 Plane_BDP). */
  bdpBytes: number;
  /** Data queue: over this many bytes an arrival is trimmed (trimmable) or dropped. */
  dataLimitBytes: number;
  /** Data queue: at this many packets the queue counts as over (2^31 − 1: no packet limit). */
  dataLimitPackets: number;
  /** Control queue: an arrival that would take it over this many bytes is dropped. */
  controlLimitBytes: number;
  /**
   * Control queue: an arrival (or a trimmed header) finding this many packets queued there is
   * dropped; an integer in [1, 2^31 − 1], the default 2^31 − 1 meaning no packet limit.
   */
  controlLimitPackets: number;
  /** `arrival`: over when q + size > limit (htsim, UEC); `occupancy`: when q > limit (DCP §4.2 "exceeds"). */
  overRule: OverRule;
  /** Packets of tag 1 (ACK/NACK/CNP) go to the control queue (UEC, htsim) or the data queue (DCP §4.2). */
  acksToControl: boolean;
  /** false: one FIFO for everything (no control queue). */
  controlQueue: boolean;
  /**
   * What happens to a trimmable (DCP tag 10) packet the data queue has no room for: `off`
   * (dropped), `arriving` (trimmed to trimBytes into the control queue; UEC §4.1, DCP §4.2) or
   * `arriving-or-newest` (with probability ½ the newest queued data packet is trimmed instead
   * and the arrival takes its place, as uet-htsim's CompositeQueue). Needs controlQueue. Default:
   * `arriving-or-newest` (uec-htsim), `arriving` (uec, dcp), `off` (droptail, or no control queue).
   */
  trimming: Trimming;
  /** Size of a trimmed packet (htsim 64 B; DCP HO packet 57 B). */
  trimBytes: number;
  /**
   * When RED marks data packets (never ACKs or headers): `enqueue` (on the data bytes the arrival
   * finds, DCTCP-style), `dequeue` (on the data bytes left behind, as uet-htsim's CompositeQueue
   * and the HPCC switch; the default in every profile but `dcp`) or `off` (the `dcp` default).
   */
  ecnAt: EcnAt;
  /** RED on the instantaneous data-queue bytes (never the control queue). */
  kMinBytes: number;
  /**
   * RED's upper threshold, bytes, an integer in [kMinBytes, 2^30]: between kMin and kMax a packet
   * is marked with probability pMax × (q − kMin) / (kMax − kMin), above kMax always. Default
   * ⌊0.8 × BDP⌋ (UEC §3.6.17; uec-htsim: ⌈0.8 × ⌈BDP / MTU⌉⌉ × MTU), at least a kMinBytes given.
   */
  kMaxBytes: number;
  /** Marking probability at kMax; above kMax every packet is marked. */
  pMax: number;
  /**
   * How the port picks between its two FIFOs when both are backlogged: `strict` (control first;
   * `uec`, `droptail`), `wrr` (packets per round, wrrControlPackets : wrrDataPackets; uet-htsim's
   * 100000 : 1) or `dwrr` (byte quanta in the ratio controlWeight; DCP §4.2's WRR, the `dcp`
   * default).
   */
  scheduler: Scheduler;
  /** `wrr`: packets served from control and data per round when both are backlogged. */
  wrrControlPackets: number;
  /** `wrr`: data packets served per round when both FIFOs are backlogged, an integer in [1, 10^6]; default 1. */
  wrrDataPackets: number;
  /** `dwrr`: control bytes served per data byte when both are backlogged (DCP's w). */
  controlWeight: number;
  /** When > 0, `controlWeight` is derived from DCP §4.2 with this radix N (if feasible). */
  dcpRadix: number;
  /** DCP §4.2's data packet size for r = dataPacketBytes / trimBytes (default: mtuBytes). */
  dataPacketBytes: number;
  /**
   * A trim sets CE on the header it makes (QUEUE_MARKED on the arrival's; out.ecn with
   * QUEUE_TRIMMED_QUEUED for the newest's): the default under `dcp`, as DCP's ns-3 switch marks
   * its HO packets so that DCQCN hears the trim; off elsewhere (uet-htsim's CompositeQueue does not).
   */
  markTrimmed: boolean;
  /** Seed of the per-port generators (RED draws, the ½ trim choice). */
  seed: number;
  /** Packet handles are integers in [0, handleCapacity): the fabric's packet-pool size. */
  handleCapacity: number;
  /** Shared buffers (one per switch) that ports join with setPool; 0: every port has only its own limits. */
  pools: number;
  /** Size B of each shared buffer (DCP §6.2: 32 MB per switch). */
  poolBytes: number;
  /** `dynamic`: a FIFO is over at α·(B − used) too (Choudhury & Hahne); `complete`: only when B is full. */
  poolRule: PoolRule;
  /** α = 2^poolAlphaLog2 for the dynamic rule (integer in [−8, 8]; 0: α = 1). */
  poolAlphaLog2: number;
  /**
   * The control FIFO is held to and charged to the shared buffer (true), or only to its own
   * limits (false: DCP's lossless control plane, the default under `dcp`).
   */
  controlPooled: boolean;
}

export type QueueParamsInput = Partial<QueueParams>;

/** DCP §4.2 footnote 6: 14 MAC + 20 IP + 8 UDP + 12 BTH + 3 MSN = 57 bytes. */
export const DCP_HO_BYTES = 57;
/** DCP §4.5 footnote 11: the paper's 1 KB MTU (the `dcp` profile's default mtuBytes). */
export const DCP_DATA_PACKET_BYTES = 1024;
/** uet-htsim trimmed size (notes/uec-htsim-reference.md §7). */
export const HTSIM_TRIM_BYTES = 64;
/** uet-htsim header/data service ratio 100000:1. */
export const HTSIM_WRR_HIGH = 100_000;
/** UEC 1.0 §3.6.17: queue_med gets 75 % when competing with queue_low, 3 : 1. */
export const UEC_CONTROL_WEIGHT = 3;
/** Largest packet the queues represent (20 bits of the per-handle metadata word). */
export const MAX_PACKET_BYTES = 0xfffff;
export const NO_PACKET_LIMIT = 0x7fffffff;
/** The top of every byte limit's rule (and of the BDP's). */
const MAX_LIMIT_BYTES = 2 ** 30;

/** The DCP §4.2 WRR weight and whether it guarantees a lossless control queue. */
export interface DcpWeight {
  /** Radix N: the guarantee covers an (N − 1)-to-1 incast. */
  radix: number;
  /** r = data packet size / HO size. */
  ratio: number;
  /** w = (N − 1)/(r − N + 1); NaN when infeasible. */
  weight: number;
  /** r > N − 1: only then does a finite weight drain the worst-case HO rate. */
  feasible: boolean;
  /** The largest N with r > N − 1 (the biggest incast the weight can guarantee, plus one). */
  maxRadix: number;
}

/**
 * DCP §4.2: an (N − 1)-to-1 incast with every packet trimmed puts B·(N − 1)/r into the control
 * queue; WRR drains it at B·w/(1 + w); equating gives w = (N − 1)/(r − N + 1), valid only for
 * r > N − 1 ("we cannot theoretically guarantee lossless HO packet transmission" otherwise).
 */
export function dcpWrrWeight(radix: number, hoBytes: number, dataPacketBytes: number): DcpWeight {
  if (!(Number.isInteger(radix) && radix >= 2 && radix <= 4096)) throw new RangeError(`dcpWrrWeight: radix ${radix} must be an integer in [2, 4096]`);
  if (!(hoBytes > 0 && dataPacketBytes > hoBytes && dataPacketBytes <= MAX_PACKET_BYTES)) {
    throw new RangeError(`dcpWrrWeight: need 0 < hoBytes < dataPacketBytes ≤ ${MAX_PACKET_BYTES}`);
  }
  const ratio = dataPacketBytes / hoBytes;
  const feasible = ratio > radix - 1;
  const weight = feasible ? (radix - 1) / (ratio - radix + 1) : NaN;
  // r > N − 1 ⇔ N < r + 1: the largest integer below r + 1.
  const maxRadix = Math.ceil(ratio + 1) - 1;
  return { radix, ratio, weight, feasible, maxRadix };
}

/** The byte quanta of the two-queue DWRR, each at least one MTU so every turn serves a packet. */
export interface DwrrQuanta {
  dataQuantumBytes: number;
  controlQuantumBytes: number;
}

/**
 * Quanta with controlQuantum / dataQuantum = w, the control quantum rounded up to whole bytes: the
 * data quantum is one MTU when w ≥ 1, and ceil(MTU / w) when w < 1, so both quanta are ≥ one MTU.
 * Up, not to nearest: DCP §4.2 sets w so that the control queue's drain B·w/(1 + w) is "at least
 * equal to the input rate" of the worst-case incast, so w is a floor (rounded to nearest, N = 22 at
 * a 4150 B MTU gave 4150/10,239 = 0.405313 < w = 1197/2953 = 0.405350). The product is the
 * double's: a weight written in decimal is the nearest double, 1.1 the one just above 1.1, so
 * 1.1 × 1500 B rounds up to 1651 B, as `ceil(w * q)` in C's doubles does (a port computing w
 * as an exact fraction gets 1650 there).
 */
export function dwrrQuanta(weight: number, mtuBytes: number): DwrrQuanta {
  const dataQuantumBytes = weight >= 1 ? mtuBytes : Math.ceil(mtuBytes / weight);
  const controlQuantumBytes = Math.max(mtuBytes, Math.ceil(weight * dataQuantumBytes));
  return { dataQuantumBytes, controlQuantumBytes };
}

const NAMES: readonly (keyof QueueParams)[] = [
  "profile", "mtuBytes", "linkGbps", "baseRttNs", "bdpBytes", "dataLimitBytes", "dataLimitPackets",
  "controlLimitBytes", "controlLimitPackets", "overRule", "acksToControl", "controlQueue", "trimming",
  "trimBytes", "ecnAt", "kMinBytes", "kMaxBytes", "pMax", "scheduler", "wrrControlPackets",
  "wrrDataPackets", "controlWeight", "dcpRadix", "dataPacketBytes", "markTrimmed", "seed", "handleCapacity",
  "pools", "poolBytes", "poolRule", "poolAlphaLog2", "controlPooled",
];
export const QUEUE_PARAM_NAMES: readonly string[] = Object.freeze(NAMES);

/**
 * Fills every parameter from the profile (default `uec-htsim`).
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveQueueParams(input: QueueParamsInput = {}): QueueParams {
  checkParamNames("PortQueues", input, NAMES);
  const profile = profileParam<QueueProfile>("PortQueues", input.profile, ["uec-htsim", "uec", "dcp", "droptail"], "uec-htsim");
  const dcp = profile === "dcp";
  const linkGbps = input.linkGbps ?? 100;
  // uet-htsim's network RTT of a 3-tier fat tree at 100 Gb/s (notes/uec-htsim-reference.md §2).
  const baseRttNs = input.baseRttNs ?? 14022.72;
  // A derived default is clamped into its parameter's rule (DESIGN.md rule 7: a legal input never
  // makes a default throw): the BDP into [1, 2^30] (a slow link or a short RTT floors to 0 B; a
  // long RTT passes 2^30), and each byte limit derived from it to at most 2^30.
  const bdpBytes = input.bdpBytes ?? Math.min(MAX_LIMIT_BYTES, Math.max(1, bdpOf(linkGbps, baseRttNs)));
  const mtuBytes = input.mtuBytes ?? (dcp ? DCP_DATA_PACKET_BYTES : 4150);
  // uet-htsim main_uec counts the BDP in whole packets, bdp_pkts = ⌈BDP / MTU⌉: the queue holds
  // bdp_pkts packets and Kmin / Kmax are ⌈0.2 / 0.8 × bdp_pkts⌉ packets (uec-htsim-reference §2:
  // 178,450 B, 37,350 B and 145,250 B at 100 Gb/s). UEC §3.6.17 gives fractions of Plane_BDP.
  const htsim = profile === "uec-htsim";
  const bdpPackets = Math.ceil(bdpBytes / mtuBytes);
  const controlQueue = input.controlQueue ?? profile !== "droptail";
  // Without a control queue (given or droptail's) trimming defaults to off.
  const trimmingDerived: Trimming = !controlQueue ? "off" : htsim ? "arriving-or-newest" : profile === "droptail" ? "off" : "arriving";
  // A UEC queue that drops instead of trimming holds 5 BDP: main_uec's -disable_trim buffer
  // (uec-htsim-reference §2, §7), the top of UEC §3.6.17's 2–5 × Plane_BDP tail-drop range.
  const bdpMultiple = profile === "droptail" || (profile !== "dcp" && (input.trimming ?? trimmingDerived) === "off") ? 5 : 1;
  // uec-htsim: at most the whole packets that fit 2^30 B, ⌊2^30 / MTU⌋ (the limit stays a packet count).
  const dataLimitBytes =
    input.dataLimitBytes ??
    (htsim
      ? Math.min(bdpMultiple * bdpPackets, Math.floor(MAX_LIMIT_BYTES / mtuBytes)) * mtuBytes
      : Math.min(MAX_LIMIT_BYTES, bdpMultiple * bdpBytes));
  const trimBytes = input.trimBytes ?? (dcp ? DCP_HO_BYTES : HTSIM_TRIM_BYTES);
  // DCP §4.2 "the ratio between the HO and data packet sizes (1 : r)": a data packet is as large
  // as the port's MTU allows (the paper's 1 KB under `dcp`; a fabric at 4150 B has r = 72.8, not 18).
  const dataPacketBytes = input.dataPacketBytes ?? mtuBytes;
  const dcpRadix = input.dcpRadix ?? 0;
  // UEC 1.0 §3.6.17 (notes/uec-nscc-reps-pds.md §2.5): "Optional WRR with queue_med getting 75 %
  // when competing with queue_low". A share of the link is a share of its bytes, so the DWRR
  // quanta 3 : 1 (`scheduler: dwrr`) give it exactly; packet WRR 3 : 1 (`wrrControlPackets`)
  // gives 75 % of packets, the same share only when both classes send packets of one size
  // (trimmed headers are 64 B). The scheduler stays strict: the WRR is optional.
  let controlWeight = profile === "uec" ? UEC_CONTROL_WEIGHT : 1;
  // Only with inputs dcpWrrWeight accepts; otherwise the rules below (or the r > 1 check after
  // them) reject the parameter by name.
  if (
    dcpRadix !== 0 &&
    input.controlWeight === undefined &&
    isIntIn(dcpRadix, 2, 4096) &&
    trimBytes > 0 &&
    dataPacketBytes > trimBytes &&
    dataPacketBytes <= MAX_PACKET_BYTES
  ) {
    const w = dcpWrrWeight(dcpRadix, trimBytes, dataPacketBytes);
    // Infeasible (r ≤ N − 1): DCP §4.2 falls back on "a small w", which stays the default 1.
    // Feasible: w clamped into controlWeight's rule [1/1024, 1024] (w > 1024 when r is just
    // above N − 1: the clamp then drains less than the §4.2 worst case; `.dcp` keeps the exact w).
    if (w.feasible) controlWeight = Math.min(1024, Math.max(1 / 1024, w.weight));
  }
  // RED: a kMin given alone raises the default kMax to it, a kMax given alone lowers the default
  // kMin to it (kMin = kMax marks every packet above it: a step, no ramp).
  const kMinDerived = htsim ? Math.ceil(0.2 * bdpPackets) * mtuBytes : Math.floor(0.2 * bdpBytes);
  const kMaxDerived = htsim ? Math.ceil(0.8 * bdpPackets) * mtuBytes : Math.floor(0.8 * bdpBytes);
  const kMinIn = input.kMinBytes;
  const kMaxIn = input.kMaxBytes;
  const kMinBytes = kMinIn ?? (kMaxIn !== undefined && isIntIn(kMaxIn, 0, MAX_LIMIT_BYTES) ? Math.min(kMinDerived, kMaxIn) : kMinDerived);
  const kMaxBytes = kMaxIn ?? (kMinIn !== undefined && isIntIn(kMinIn, 0, MAX_LIMIT_BYTES) ? Math.max(kMaxDerived, kMinIn) : kMaxDerived);
  const defaults: QueueParams = {
    profile,
    mtuBytes,
    linkGbps,
    baseRttNs,
    bdpBytes,
    dataLimitBytes,
    dataLimitPackets: NO_PACKET_LIMIT,
    // htsim: the header FIFO holds 2 × maxsize; UEC §3.6.17: queue_med/high drop at Plane_BDP;
    // DCP: the control queue is meant to be lossless, so it may use the whole 32 MB buffer (§6.2).
    // (htsim: at most 2^30.)
    controlLimitBytes: htsim ? Math.min(MAX_LIMIT_BYTES, 2 * dataLimitBytes) : dcp ? 32 * 1024 * 1024 : bdpBytes,
    controlLimitPackets: NO_PACKET_LIMIT,
    overRule: dcp ? "occupancy" : "arrival",
    acksToControl: !dcp && profile !== "droptail",
    controlQueue,
    trimming: trimmingDerived,
    trimBytes,
    ecnAt: dcp ? "off" : "dequeue",
    kMinBytes,
    kMaxBytes,
    pMax: 1,
    scheduler: htsim ? "wrr" : dcp ? "dwrr" : "strict",
    wrrControlPackets: htsim ? HTSIM_WRR_HIGH : profile === "uec" ? UEC_CONTROL_WEIGHT : 1,
    wrrDataPackets: 1,
    controlWeight,
    dcpRadix,
    dataPacketBytes,
    markTrimmed: dcp,
    seed: 1,
    handleCapacity: 65536,
    pools: 0,
    poolBytes: 32 * 1024 * 1024,
    poolRule: "dynamic",
    poolAlphaLog2: 0,
    // DCP §4.2: "If the packet is an HO packet, it is enqueued directly into the control queue";
    // DCP-Simulation switch-node.cc SendToDev runs the MMU's admission (and its byte count) only
    // `if (qIndex != 0)`, and a packet it refuses is trimmed into queue 0 (notes/baselines.md §6).
    controlPooled: !dcp,
  };
  const p = resolveParams("PortQueues", defaults, input, (q) => ({
    mtuBytes: rule.int(64, MAX_PACKET_BYTES),
    linkGbps: rule.num(0, 100_000, "(]"),
    baseRttNs: rule.num(0, 2 ** 30, "(]"),
    bdpBytes: rule.int(1, 2 ** 30),
    dataLimitBytes: rule.int(1, 2 ** 30),
    controlLimitBytes: rule.int(1, 2 ** 30),
    dataLimitPackets: rule.int(1, NO_PACKET_LIMIT),
    controlLimitPackets: rule.int(1, NO_PACKET_LIMIT),
    overRule: rule.oneOf("arrival", "occupancy"),
    acksToControl: rule.bool,
    controlQueue: rule.bool,
    trimming: rule.oneOf("off", "arriving", "arriving-or-newest"),
    trimBytes: rule.int(1, q.mtuBytes),
    ecnAt: rule.oneOf("off", "enqueue", "dequeue"),
    kMinBytes: rule.int(0, 2 ** 30),
    kMaxBytes: rule.int(q.kMinBytes, 2 ** 30),
    pMax: rule.num(0, 1),
    scheduler: rule.oneOf("strict", "wrr", "dwrr"),
    wrrControlPackets: rule.int(1, 1_000_000),
    wrrDataPackets: rule.int(1, 1_000_000),
    controlWeight: rule.num(1 / 1024, 1024),
    dcpRadix: rule.must(q.dcpRadix === 0 || isIntIn(q.dcpRadix, 2, 4096), "0 or an integer in [2, 4096]"),
    dataPacketBytes: rule.int(2, MAX_PACKET_BYTES),
    markTrimmed: rule.bool,
    seed: rule.int(),
    handleCapacity: rule.int(1, 2 ** 24),
    pools: rule.int(0, 2 ** 20),
    poolBytes: rule.int(1, 2 ** 30),
    poolRule: rule.oneOf("dynamic", "complete"),
    poolAlphaLog2: rule.int(-8, 8),
    controlPooled: rule.bool,
  }));
  needParam("PortQueues", p.trimming === "off" || p.controlQueue, "trimming needs the control queue (trimmed headers travel there)");
  // DCP §4.2: r = dataPacketBytes / trimBytes must exceed 1 for the weight to be defined at all.
  needParam("PortQueues", p.dcpRadix === 0 || p.dataPacketBytes > p.trimBytes, "dcpRadix needs dataPacketBytes > trimBytes (DCP §4.2 r = dataPacketBytes / trimBytes)");
  return p;
}
