// Port-queue parameters: the profiles of DESIGN.md rule 6, and the DCP WRR weight helper.
//
// Sources:
//   uec-htsim — the UEC reference simulator's CompositeQueue (notes/uec-htsim-reference.md §7,
//               notes/baselines.md §8.1–8.2): data FIFO of 1 BDP, header FIFO of 2 BDP, trim to
//               64 B when q + size > 1 BDP, with probability ½ the newest queued packet instead,
//               RED at dequeue on the data bytes left behind with Kmin/Kmax = 20 %/80 % of the
//               queue and Pmax = 1, headers served 100000:1 (in effect strict priority).
//   uec       — UEC 1.0 §3.6.17 switch configuration and §4.1 trimming (notes/uec-nscc-reps-pds.md
//               §2.5–2.6): trim threshold Plane_BDP, control (queue_med/high) drop threshold
//               Plane_BDP, probabilistic ECN 0.2/0.8 × Plane_BDP, trimmed packets forwarded in a
//               higher class (strict priority here; the spec's optional WRR is `scheduler: wrr`).
//   dcp       — DCP (SIGCOMM'25) §4.2: 2-bit DCP tag classification, trim when the data-queue
//               length exceeds the threshold, 57-byte HO packets always into the control queue,
//               WRR between control and data with w = (N − 1)/(r − N + 1); §5 P4 implementation.
//   droptail  — a single drop-tail FIFO with optional RED/ECN (DCTCP/DCQCN switches, baselines.md §8.1).
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

export type QueueProfile = "uec-htsim" | "uec" | "dcp" | "droptail";
export type Trimming = "off" | "arriving" | "arriving-or-newest";
export type EcnAt = "off" | "enqueue" | "dequeue";
export type Scheduler = "strict" | "wrr" | "dwrr";
export type OverRule = "arrival" | "occupancy";

export interface QueueParams {
  profile: QueueProfile;
  /** Largest packet a port accepts, wire bytes (also the DWRR quantum base). */
  mtuBytes: number;
  /** Link rate and base RTT give the Plane_BDP the UEC thresholds are fractions of. */
  linkGbps: number;
  baseRttNs: number;
  /** linkGbps × baseRttNs / 8 unless given (UEC §3.6.17 Plane_BDP). */
  bdpBytes: number;
  /** Data queue: over this many bytes an arrival is trimmed (trimmable) or dropped. */
  dataLimitBytes: number;
  /** Data queue: at this many packets the queue counts as over (2^31 − 1: no packet limit). */
  dataLimitPackets: number;
  /** Control queue: an arrival that would take it over this many bytes is dropped. */
  controlLimitBytes: number;
  controlLimitPackets: number;
  /** `arrival`: over when q + size > limit (htsim, UEC); `occupancy`: when q > limit (DCP §4.2 "exceeds"). */
  overRule: OverRule;
  /** Packets of tag 1 (ACK/NACK/CNP) go to the control queue (UEC, htsim) or the data queue (DCP §4.2). */
  acksToControl: boolean;
  /** false: one FIFO for everything (no control queue). */
  controlQueue: boolean;
  trimming: Trimming;
  /** Size of a trimmed packet (htsim 64 B; DCP HO packet 57 B). */
  trimBytes: number;
  ecnAt: EcnAt;
  /** RED on the instantaneous data-queue bytes (never the control queue). */
  kMinBytes: number;
  kMaxBytes: number;
  /** Marking probability at kMax; above kMax every packet is marked. */
  pMax: number;
  scheduler: Scheduler;
  /** `wrr`: packets served from control and data per round when both are backlogged. */
  wrrControlPackets: number;
  wrrDataPackets: number;
  /** `dwrr`: control bytes served per data byte when both are backlogged (DCP's w). */
  controlWeight: number;
  /** When > 0, `controlWeight` is derived from DCP §4.2 with this radix N (if feasible). */
  dcpRadix: number;
  /** DCP §4.2's data packet size for r = dataPacketBytes / trimBytes. */
  dataPacketBytes: number;
  /** Seed of the per-port generators (RED draws, the ½ trim choice). */
  seed: number;
  /** Packet handles are integers in [0, handleCapacity): the fabric's packet-pool size. */
  handleCapacity: number;
}

export type QueueParamsInput = Partial<QueueParams>;

/** DCP §4.2 footnote 6: 14 MAC + 20 IP + 8 UDP + 12 BTH + 3 MSN = 57 bytes. */
export const DCP_HO_BYTES = 57;
/** DCP §4.4 footnote 11: the paper's 1 KB MTU. */
export const DCP_DATA_PACKET_BYTES = 1024;
/** uet-htsim trimmed size (notes/uec-htsim-reference.md §7). */
export const HTSIM_TRIM_BYTES = 64;
/** uet-htsim header/data service ratio 100000:1. */
export const HTSIM_WRR_HIGH = 100_000;
/** Largest packet the queues represent (20 bits of the per-handle metadata word). */
export const MAX_PACKET_BYTES = 0xfffff;
export const NO_PACKET_LIMIT = 0x7fffffff;

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
 * Quanta with controlQuantum / dataQuantum = w (rounded to whole bytes): the data quantum is one
 * MTU when w ≥ 1, and ceil(MTU / w) when w < 1, so both quanta are ≥ one MTU.
 */
export function dwrrQuanta(weight: number, mtuBytes: number): DwrrQuanta {
  const dataQuantumBytes = weight >= 1 ? mtuBytes : Math.ceil(mtuBytes / weight);
  const controlQuantumBytes = Math.max(mtuBytes, Math.round(weight * dataQuantumBytes));
  return { dataQuantumBytes, controlQuantumBytes };
}

const NAMES: readonly (keyof QueueParams)[] = [
  "profile", "mtuBytes", "linkGbps", "baseRttNs", "bdpBytes", "dataLimitBytes", "dataLimitPackets",
  "controlLimitBytes", "controlLimitPackets", "overRule", "acksToControl", "controlQueue", "trimming",
  "trimBytes", "ecnAt", "kMinBytes", "kMaxBytes", "pMax", "scheduler", "wrrControlPackets",
  "wrrDataPackets", "controlWeight", "dcpRadix", "dataPacketBytes", "seed", "handleCapacity",
];
export const QUEUE_PARAM_NAMES: readonly string[] = NAMES;

function pick<T>(input: QueueParamsInput, name: keyof QueueParams, fallback: T): T {
  const v = input[name];
  return v === undefined ? fallback : (v as T);
}

/**
 * Fills every parameter from the profile (default `uec-htsim`).
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveQueueParams(input: QueueParamsInput = {}): QueueParams {
  for (const k of Object.keys(input)) {
    if (NAMES.indexOf(k as keyof QueueParams) < 0) throw new RangeError(`PortQueues: unknown parameter ${k}`);
  }
  const profile = pick<QueueProfile>(input, "profile", "uec-htsim");
  if (["uec-htsim", "uec", "dcp", "droptail"].indexOf(profile) < 0) throw new RangeError(`PortQueues: unknown profile ${String(profile)}`);
  const dcp = profile === "dcp";
  const linkGbps = pick(input, "linkGbps", 100);
  // uet-htsim's network RTT of a 3-tier fat tree at 100 Gb/s (notes/uec-htsim-reference.md §2).
  const baseRttNs = pick(input, "baseRttNs", 14022.72);
  const bdpBytes = pick(input, "bdpBytes", Math.floor((linkGbps * baseRttNs) / 8));
  const mtuBytes = pick(input, "mtuBytes", dcp ? DCP_DATA_PACKET_BYTES : 4150);
  const dataLimitBytes = pick(input, "dataLimitBytes", profile === "droptail" ? 5 * bdpBytes : bdpBytes);
  // htsim: the header FIFO holds 2 × maxsize; UEC §3.6.17: queue_med/high drop at Plane_BDP;
  // DCP: the control queue is meant to be lossless, so it may use the whole 32 MB buffer (§6.2).
  const controlLimitBytes = pick(input, "controlLimitBytes", profile === "uec-htsim" ? 2 * dataLimitBytes : dcp ? 32 * 1024 * 1024 : bdpBytes);
  const trimBytes = pick(input, "trimBytes", dcp ? DCP_HO_BYTES : HTSIM_TRIM_BYTES);
  const dataPacketBytes = pick(input, "dataPacketBytes", DCP_DATA_PACKET_BYTES);
  const dcpRadix = pick(input, "dcpRadix", 0);
  let controlWeight = pick(input, "controlWeight", 1);
  if (dcpRadix > 0 && input.controlWeight === undefined) {
    const w = dcpWrrWeight(dcpRadix, trimBytes, dataPacketBytes);
    // Infeasible (r ≤ N − 1): DCP §4.2 falls back on "a small w", which stays the given or default 1.
    if (w.feasible) controlWeight = w.weight;
  }
  const p: QueueParams = {
    profile,
    mtuBytes,
    linkGbps,
    baseRttNs,
    bdpBytes,
    dataLimitBytes,
    dataLimitPackets: pick(input, "dataLimitPackets", NO_PACKET_LIMIT),
    controlLimitBytes,
    controlLimitPackets: pick(input, "controlLimitPackets", NO_PACKET_LIMIT),
    overRule: pick<OverRule>(input, "overRule", dcp ? "occupancy" : "arrival"),
    acksToControl: pick(input, "acksToControl", !dcp && profile !== "droptail"),
    controlQueue: pick(input, "controlQueue", profile !== "droptail"),
    trimming: pick<Trimming>(input, "trimming", profile === "uec-htsim" ? "arriving-or-newest" : profile === "droptail" ? "off" : "arriving"),
    trimBytes,
    ecnAt: pick<EcnAt>(input, "ecnAt", dcp ? "off" : "dequeue"),
    // UEC §3.6.17 and htsim main: 20 % and 80 % of Plane_BDP / the queue size.
    kMinBytes: pick(input, "kMinBytes", Math.floor(0.2 * bdpBytes)),
    kMaxBytes: pick(input, "kMaxBytes", Math.floor(0.8 * bdpBytes)),
    pMax: pick(input, "pMax", 1),
    scheduler: pick<Scheduler>(input, "scheduler", profile === "uec-htsim" ? "wrr" : dcp ? "dwrr" : "strict"),
    wrrControlPackets: pick(input, "wrrControlPackets", profile === "uec-htsim" ? HTSIM_WRR_HIGH : 1),
    wrrDataPackets: pick(input, "wrrDataPackets", 1),
    controlWeight,
    dcpRadix,
    dataPacketBytes,
    seed: pick(input, "seed", 1),
    handleCapacity: pick(input, "handleCapacity", 65536),
  };
  validate(p);
  return p;
}

function need(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`PortQueues: ${what}`);
}

function intIn(x: unknown, lo: number, hi: number): boolean {
  return typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
}

function oneOf(x: unknown, options: readonly unknown[]): boolean {
  return options.indexOf(x) >= 0;
}

function validate(p: QueueParams): void {
  need(intIn(p.mtuBytes, 64, MAX_PACKET_BYTES), `mtuBytes must be an integer in [64, ${MAX_PACKET_BYTES}]`);
  need(typeof p.linkGbps === "number" && p.linkGbps > 0 && p.linkGbps <= 100_000, "linkGbps must be in (0, 100000]");
  need(typeof p.baseRttNs === "number" && p.baseRttNs > 0 && p.baseRttNs <= 2 ** 30, "baseRttNs must be in (0, 2^30]");
  need(intIn(p.bdpBytes, 1, 2 ** 30), "bdpBytes must be an integer in [1, 2^30]");
  need(intIn(p.dataLimitBytes, 1, 2 ** 30), "dataLimitBytes must be an integer in [1, 2^30]");
  need(intIn(p.controlLimitBytes, 1, 2 ** 30), "controlLimitBytes must be an integer in [1, 2^30]");
  need(intIn(p.dataLimitPackets, 1, NO_PACKET_LIMIT), "dataLimitPackets must be an integer ≥ 1");
  need(intIn(p.controlLimitPackets, 1, NO_PACKET_LIMIT), "controlLimitPackets must be an integer ≥ 1");
  need(oneOf(p.overRule, ["arrival", "occupancy"]), "overRule must be arrival or occupancy");
  need(typeof p.acksToControl === "boolean", "acksToControl must be a boolean");
  need(typeof p.controlQueue === "boolean", "controlQueue must be a boolean");
  need(oneOf(p.trimming, ["off", "arriving", "arriving-or-newest"]), "trimming must be off, arriving or arriving-or-newest");
  need(intIn(p.trimBytes, 1, p.mtuBytes), "trimBytes must be an integer in [1, mtuBytes]");
  need(p.trimming === "off" || p.controlQueue, "trimming needs the control queue (trimmed headers travel there)");
  need(oneOf(p.ecnAt, ["off", "enqueue", "dequeue"]), "ecnAt must be off, enqueue or dequeue");
  need(intIn(p.kMinBytes, 0, 2 ** 30) && intIn(p.kMaxBytes, p.kMinBytes, 2 ** 30), "need integers 0 ≤ kMinBytes ≤ kMaxBytes ≤ 2^30");
  need(typeof p.pMax === "number" && p.pMax >= 0 && p.pMax <= 1, "pMax must be in [0, 1]");
  need(oneOf(p.scheduler, ["strict", "wrr", "dwrr"]), "scheduler must be strict, wrr or dwrr");
  need(intIn(p.wrrControlPackets, 1, 1_000_000) && intIn(p.wrrDataPackets, 1, 1_000_000), "WRR packet weights must be integers in [1, 10^6]");
  need(typeof p.controlWeight === "number" && p.controlWeight >= 1 / 1024 && p.controlWeight <= 1024, "controlWeight must be in [1/1024, 1024]");
  need(p.dcpRadix === 0 || intIn(p.dcpRadix, 2, 4096), "dcpRadix must be 0 or an integer in [2, 4096]");
  need(intIn(p.dataPacketBytes, 2, MAX_PACKET_BYTES), "dataPacketBytes must be an integer in [2, 2^20)");
  need(typeof p.seed === "number" && Number.isInteger(p.seed), "seed must be an integer");
  need(intIn(p.handleCapacity, 1, 2 ** 24), "handleCapacity must be an integer in [1, 2^24]");
}
