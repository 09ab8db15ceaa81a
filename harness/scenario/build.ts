// Scenario → fabric: builds the topology, derives the network constants the way the UEC
// reference simulator does (notes/uec-htsim-reference.md §2: network RTT over the diameter, BDP in
// whole MTUs, 1-BDP queues with trimming (5 without), ECN thresholds at 20 % / 80 % of the BDP
// rounded up to packets whatever the buffer, minimum RTO 15 µs + 6 queue
// drain times (more on a longer diameter; on two DCs each at its port's own buffer), here never
// below twice the network RTT), creates one
// table per module with capacity = flows, and turns the traffic into flows.

import { ParamError } from "../../lib/core/params";
import { bdpBytes as bdpOf } from "../../lib/core/units";
import { hash3 } from "../../lib/core/rng";
import { Plb } from "../../lib/lb/plb/plb";
import { Reps } from "../../lib/lb/reps/reps";
import { SpritzScout, SpritzSpray } from "../../lib/lb/spritz/spritz";
import { SpritzVlan } from "../../lib/lb/spritz/vlan";
import { type CcAdapter, DcqcnCc, DctcpCc, type LbTable, MprdmaCc, NsccCc, SwiftCc, TimelyCc } from "../net/adapters";
import { Fabric, type FabricOptions, FaultKind, type FaultSpec, type FlowSpec, Routing, type SampleSpec } from "../net/fabric";
import { flowSizeErrors, lbPerSourceSwitch, makeCc, makeLb, makeTransport, type NetworkContext, openLb, setScope, timerFloorNs } from "../net/registry";
import { SWIFT_MAX_CWND_PKTS, type SwiftParams, type SwiftParamsInput, resolveSwiftParams } from "../../lib/cc/swift/params";
import { type PortLimits, insideDc, scaledPortLimits } from "../net/port-limits";
import { DackTransport } from "../net/dack";
import { type ReflexSpec, reflexFabricConflicts } from "../net/reflex";
import { type QueueParamsInput, resolveQueueParams } from "../../lib/switch/queue/params";
import { type ReflexParamsInput, resolveReflexParams } from "../../lib/switch/reflex/params";
import { fatTree2, fatTree3, leafSpine } from "../topo/fattree";
import { dragonfly, slimFly } from "../topo/lowdiameter";
import { type DcLayout, type Topology, dcOf } from "../topo/topology";
import { twoDc } from "../topo/twodc";
import type { FlowRecord } from "../traffic/traffic";
import { faultWarnings, portOf, resolveFaults } from "./faults";
import { isRefusal, ScenarioError } from "./load";
import { buildTraffic } from "./traffic";
import {
  type DelayCcUse,
  type EcnCcUse,
  type EcnLbUse,
  type EvLbUse,
  ackEveryWarnings,
  coalescedAckWarnings,
  PER_PACKET_REPS_PROFILES,
  delayCcWarnings,
  ecnCcWarnings,
  ecnLbWarnings,
  evBlindRoutingWarnings,
  inOrderReorderWarnings,
  evIgnoredBy,
  minimalControlWarnings,
  pfcHeadroomWarnings,
  pfcTrimmingWarnings,
  swiftRetxLimitWarnings,
  trimmingBaselineWarnings,
  dcpDropWarnings,
  dcpPooledHeaderWarnings,
  dcpControlPlaneWarnings,
  dcpPfcHeadroomWarnings,
  rxBufferWarnings,
  slowReceiverDcqcnWarnings,
  slowReceiverTimelyWarnings,
  slowReceiverSwiftWarnings,
  reflexPauseWarnings,
  bufferGiven,
} from "./warnings";
import type { ModuleSpec, Scenario } from "./schema";

export interface Built {
  scenario: Scenario;
  seed: number;
  topology: Topology;
  fabric: Fabric;
  flows: FlowRecord[];
  ctx: NetworkContext;
  /** Analytic unloaded completion time per flow, ps. */
  idealPs: Float64Array;
  /** HPCC's ns-3 standalone_fct per flow (hpccStandaloneFctPs), ps. */
  hpccStandalonePs: Float64Array;
  names: { cc: string[]; lb: string[]; reliability: string };
  derived: Record<string, number | string | boolean>;
  /** Class and job group of each flow (group "" when none). */
  classes: string[];
  groups: string[];
  faults: FaultSpec[];
  sample: SampleSpec | null;
  traceFlows: number[];
  /** Upper bounds of the FCT size classes, bytes. */
  sizeClasses: number[];
  /** Settings that run but likely not as meant (scenario/warnings.ts); `nicfw run` prints them. */
  warnings: string[];
}

/** DCP §6.2's WebSearch classes: below 200 KB, 200 KB – 10 MB, above 10 MB. */
export const DEFAULT_SIZE_CLASSES = [200_000, 10_000_000];

const ROUTING: Record<string, Routing> = {
  ecmp: Routing.Ecmp,
  adaptive: Routing.Adaptive,
  valiant: Routing.Valiant,
  minimal: Routing.Minimal,
  spritz: Routing.Spritz,
  ugal: Routing.Ugal,
};

/** The most packets a pool of the derived size grows to (304 MB of records; the queues' handle tables take 8 B per packet, untouched pages free). */
const POOL_MAX = 1 << 22;
/** uet-htsim's minimum RTO counts this many queue drain times (main_uec: 2 priority queues × 3 hops of an incast). */
const HTSIM_RTO_QUEUES = 6;
/** The PFC watchdog's detection and restoration times by default: 200 ms (SONiC pfcwd; Junos: 2 polls of 100 ms, 200 ms recovery). */
const PFC_WATCHDOG_NS = 200_000_000;

export function buildTopology(s: Scenario): Topology {
  const t = s.topology;
  const links = {
    linkGbps: t.linkGbps ?? 100,
    latencyNs: t.latencyNs ?? 1000,
    hostGbps: t.hostGbps,
    hostLatencyNs: t.hostLatencyNs,
  };
  try {
    switch (t.kind) {
      case "fattree":
        return (t.tiers ?? 3) === 3
          ? fatTree3({ ...links, k: t.k as number, oversubscription: t.oversubscription ?? 1, pods: t.pods })
          : fatTree2({ ...links, k: t.k as number, oversubscription: t.oversubscription ?? 1 });
      case "leafspine":
        return leafSpine({ ...links, leaves: t.leaves as number, spines: t.spines as number, hostsPerLeaf: t.hostsPerLeaf as number });
      case "dragonfly":
        return dragonfly({ ...links, p: t.p as number, a: t.a as number, h: t.h as number, globalLatencyNs: t.globalLatencyNs });
      case "slimfly":
        return slimFly({ ...links, q: t.q as number, p: t.p as number, globalLatencyNs: t.globalLatencyNs });
      case "twodc":
        return twoDc({
          leaves: t.leaves ?? 4,
          spines: t.spines ?? 4,
          hostsPerLeaf: t.hostsPerLeaf ?? 4,
          linkGbps: links.linkGbps,
          latencyNs: links.latencyNs,
          hostGbps: links.hostGbps,
          hostLatencyNs: links.hostLatencyNs,
          wanGbps: t.wanGbps ?? DEFAULT_WAN_GBPS,
          wanLatencyNs: t.wanLatencyNs ?? 500_000,
        });
    }
  } catch (e) {
    if (!isRefusal(e)) throw e;
    throw new ScenarioError("scenario", [`topology: ${e.message}`]);
  }
}

/** The README that lists a module's parameters: its area is the path's last field (cc, lb, reliability); the Spritz variants share lib/lb/spritz. */
function moduleReadme(path: string, name: string): string {
  return `lib/${path.slice(path.lastIndexOf(".") + 1)}/${name.startsWith("spritz-") ? "spritz" : name}/README.md`;
}

/** True when `params` holds the dotted `path` (`sender.mtuBytes`: params.sender.mtuBytes). */
function hasParamPath(params: Record<string, unknown>, path: string): boolean {
  let at: unknown = params;
  for (const k of path.split(".")) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, k)) return false;
    at = (at as Record<string, unknown>)[k];
  }
  return true;
}

/** A two-DC topology's WAN rate when the scenario gives none. */
export const DEFAULT_WAN_GBPS = 1600;

/** The hosts' link rate: `hostGbps`, else the topology's `linkGbps`, else 100 Gb/s. */
export function hostGbpsOf(t: Scenario["topology"]): number {
  return t.hostGbps ?? t.linkGbps ?? 100;
}

/** The flows of a scenario's traffic (see traffic.ts); `entries` receives each flow's entry index. */
export function trafficFlows(s: Scenario, topo: Topology, seed: number, baseDir: string, entries: number[] = []): FlowRecord[] {
  const t = buildTraffic(s, { topology: topo, seed, baseDir, hostGbps: hostGbpsOf(s.topology), rttNs: 0, rxBufferBytes: 0 });
  entries.push(...t.entries);
  return t.flows;
}

export interface BuildOptions {
  seed?: number;
  baseDir?: string;
  /** Drop the scenario's faults (the fault-free baseline). */
  noFaults?: boolean;
  /** Sampling to use when the scenario asks for none (nicfw run --plots). */
  defaultSample?: boolean;
}

/**
 * CCs whose receiver ACKs each packet: DCTCP and MP-RDMA count marked bytes, so it must echo CE
 * per packet (notes/baselines.md §4); DCQCN and TIMELY pace packets at their rate, as HPCC's
 * ns-3 does with an ACK per packet (§3.3, L2_ACK_INTERVAL 1; TIMELY updates per completion
 * event, §2.1). Under coalescing a paced packet waited for the packets after it at the flow's
 * rate, which at a low rate outlasted the RTO: a 200 kB DCQCN flow at 1 Gb/s took 31 timeouts
 * with nothing lost (review rev-nic).
 */
const PER_PACKET_ACK_CCS: readonly string[] = ["dctcp", "mprdma", "dcqcn", "timely"];
/**
 * Load balancers that judge each delivered packet: Spritz (§IV-C), and PLB's CE fraction of a
 * round. REPS recycles the EV of each unmarked ACK (Alg. 1), so it hears of one packet per
 * coalesced ACK: its `paper` and `artifact` profiles, which model the REPS paper, take an ACK per
 * packet (warnings.ts PER_PACKET_REPS_PROFILES), as the paper's baseline does (coalescing, 2:1 to
 * 16:1, is its sensitivity study: notes/uec-nscc-reps-pds.md §1.3, §1.5); `uec-htsim`, the
 * fabric's profile, keeps uet-htsim's 16,384 B, with which uet-htsim runs its REPS ("only one
 * entropy in about four is reported back to REPS", notes/uec-htsim-reference.md §6). On
 * docs/lb-permutation.yaml under 16 KiB ACKs REPS (uec-htsim) recycled 11,690 EVs and drew 51,062
 * at random; with an ACK per packet, seeds 1–3, FCT p99 192.3–193.8 µs against 211–229 (review
 * rev-reps).
 */
const PER_PACKET_LBS: readonly string[] = ["plb", "spritz-scout", "spritz-spray", "spritz-vlan"];

/** TIMELY's uses, one per scenario path (delayUses keeps one per table, intra- and inter-DC apart). */
function timelyUses(uses: Map<string, { path: string; name: string }>): { path: string; name: string }[] {
  const paths = new Set<string>();
  for (const u of uses.values()) if (u.name === "timely") paths.add(u.path);
  return [...paths].map((path) => ({ path, name: "timely" }));
}

/** Whether a load balancer spec (a scenario's `lb`) judges each packet (PER_PACKET_LBS). */
function lbPerPacket(lb: ModuleSpec | undefined): boolean {
  if (lb === undefined) return false;
  if (PER_PACKET_LBS.includes(lb.name)) return true;
  // The fabric's REPS runs `uec-htsim` unless the spec names a profile (net/registry.ts).
  const profile = lb.params?.profile;
  return lb.name === "reps" && typeof profile === "string" && PER_PACKET_REPS_PROFILES.includes(profile);
}

/**
 * The receiver's ACK coalescing when the scenario does not set it: uet-htsim's 16,384 B, or an
 * ACK per packet when any flow runs DCTCP, MP-RDMA, DCQCN, TIMELY, PLB, a Spritz balancer or REPS
 * under its `paper` or `artifact` profile (DCQCN and TIMELY: PER_PACKET_ACK_CCS). A coalesced ACK echoes only the EV and CE bit of the packet that
 * sent it (uet-htsim; lib/reliability/rud), and a marked packet is ACKed at once, so those modules
 * would count the unmarked packets it also covers as marked, or hear about the marked ones only:
 * DCTCP's receiver echoes CE exactly (RFC 8257 §3.2), MP-RDMA ACKs every packet, Spritz assumes
 * "per-packet acknowledgments" (§IV-C) and acts on each packet's outcome (Alg. 2–3), PLB takes
 * the fraction of a round's delivered packets that were marked (lib/lb/plb, as Linux tcp_plb
 * takes DCTCP's), and the REPS paper recycles the EV of every unmarked packet (PER_PACKET_LBS).
 */
export function defaultAckEveryBytes(s: Scenario): number {
  const ccs = [s.transport?.cc?.name ?? "nscc", ...s.traffic.map((t) => t.cc?.name)];
  const lbs = [s.transport?.lb ?? { name: "reps" }, ...s.traffic.map((t) => t.lb)];
  const perPacket = ccs.some((name) => name !== undefined && PER_PACKET_ACK_CCS.includes(name)) || lbs.some(lbPerPacket);
  return perPacket ? 0 : 16_384;
}

/**
 * A Spritz load balancer under a routing whose switches do not decode it. Its choice means
 * something only at switches in Spritz's roles: the fine-grained balancers name a bounded simple
 * path by its EV, EV1 picking ECMP 1's port and EV2 ECMP 2's through an identity hash (§III-A/B),
 * and share per-path state (ECN counts, blocks) among the flows from one switch to one
 * destination switch (§III-C, lib/lb/spritz README); the VLAN balancer's category selects the
 * ECMP table only in the switches' VLAN mode (§III-D), which the fabric sets under routing
 * spritz alone. Under minimal, Valiant, adaptive and UGAL routing no switch reads the EV, so the
 * balancer steers nothing; under ECMP routing the ECMP 1 and ECMP 2 switches hash the EV with the
 * flow over the same candidates, so an EV takes a bounded path the hash picks, another for each
 * flow, not the one the endpoint table lists for it: its latency order, minimal bias and shared
 * blocks describe paths the packets do not take. Either way the run is not Spritz, and its
 * results would carry Spritz's name: refused, not warned.
 */
function spritzRoutingError(path: string, lb: string, routing: string): string {
  const read =
    routing === "ecmp"
      ? "the switches hash the EV with the flow (ordinary ECMP), so an EV leads each flow down a path the hash picks, not the one its endpoint table lists for that EV, and its latency order, minimal bias and shared blocks describe paths the packets do not take"
      : `no switch reads the EV (${evIgnoredBy(routing, true)}), so the load balancer steers nothing`;
  const what =
    lb === "spritz-vlan"
      ? "its VLAN category selects an ECMP table only at switches in Spritz's VLAN mode (§III-D)"
      : "its EVs name Spritz's bounded simple paths, which only switches in Spritz's roles decode (§III-A/B)";
  return (
    `${path}.name: ${lb} needs network.routing: spritz, got network.routing: ${routing}: ${what}; under ${routing} ${read}. ` +
    `Set network.routing to spritz (or leave it out: a Spritz load balancer makes it the default), or compare under ${routing} with a load balancer that does not need Spritz's switches (ecmp, ops, reps, plb, flowlet).`
  );
}

/**
 * Why an evCount given under routing spritz leaves ports of ECMP 1's table unused, or null. The
 * ECMP 1 switch takes candidate EV1 mod n with EV1 = EV >>> 8 (§III-A; lib/switch/routing
 * "identity pick"), and a balancer drawing from 0 … evCount − 1 gives EV1 the ⌈evCount / 256⌉
 * values 0 … ⌈evCount / 256⌉ − 1: every one of n candidates is reached iff there are at least n
 * of them. n is at most the switch's network ports (a Dragonfly's same-group table has a − 1 of
 * them). EV2 (the lower byte) then covers 0 … 255 too, since such an evCount exceeds 256.
 */
export function spritzEvCountError(evCount: number, networkPorts: number): string | null {
  const ev1Values = Math.ceil(evCount / 256);
  if (ev1Values >= networkPorts) return null;
  return (
    `${evCount} EVs under routing spritz give EV1 = EV >>> 8 only ${ev1Values === 1 ? "the value 0" : `the values 0 … ${ev1Values - 1}`}, and the first switch takes ECMP 1's port by EV1 (Spritz §III-A), ` +
    `so ${ev1Values === 1 ? "every packet leaves by the first" : `only ${ev1Values}`} of its ${networkPorts} network ports${ev1Values === 1 ? "" : " carry traffic"}: ` +
    `leave evCount out (65536 here, the 16-bit EV: each port then gets an even share of EV1's 256 values, within one), or give at least ${256 * (networkPorts - 1) + 1} ` +
    `(that many reaches every port, but the last with one EV1 value against the others' 256)`
  );
}

/**
 * The longest a host's receive processing can hold a packet: max over hosts of its buffer × 8 /
 * its rate (`network.rxGbps` and `rxBufferBytes`, or a `put` entry's own). `queueBytes`, DACK's
 * `params.target.queueBytes`, replaces every host's buffer. A host processing at its link's rate
 * or faster (a `put` without rxFraction) holds at most the packet in hand, since nothing arrives
 * faster than its link delivers, and 0 Gb/s processes at once: neither counts.
 */
function receiveDrainNs(rxGbps: number, rxBufferBytes: number, hostRx: readonly { gbps: number; bufferBytes: number }[], hostGbps: number, queueBytes: number | undefined): number {
  const drain = (gbps: number, bytes: number): number => (gbps > 0 && gbps < hostGbps ? ((queueBytes ?? bytes) * 8) / gbps : 0);
  let ns = drain(rxGbps, rxBufferBytes);
  for (const r of hostRx) ns = Math.max(ns, drain(r.gbps, r.bufferBytes));
  return ns;
}

/** DACK's `params.target.queueBytes` where the scenario gives a number (anything else the module refuses). */
function targetQueueBytes(params: Record<string, unknown> | undefined): number | undefined {
  const target = params?.target;
  const q = typeof target === "object" && target !== null ? (target as Record<string, unknown>).queueBytes : undefined;
  return typeof q === "number" && q > 0 ? q : undefined;
}

/**
 * Where hosts process below their link rate, for the warnings (slowReceiverDcqcnWarnings,
 * slowReceiverTimelyWarnings): the network's rxGbps, the traffic entries that set a host's own
 * (a put's rxFraction), the `slow` faults; null where every host keeps up with its link.
 */
function slowReceivers(rxGbps: number, hostRx: readonly { gbps: number; entry: number }[], faults: NonNullable<Scenario["faults"]>, hostGbps: number): string | null {
  const below = (gbps: number) => gbps > 0 && gbps < hostGbps;
  const where: string[] = [];
  if (below(rxGbps)) where.push(`network.rxGbps ${rxGbps}`);
  const entries = [...new Set(hostRx.filter((r) => below(r.gbps)).map((r) => r.entry))];
  if (entries.length > 0) where.push(`traffic[${entries.join("], traffic[")}] (rxFraction)`);
  const slowFaults = faults.flatMap((f, i) => (f.kind === "slow" && (f.rxFraction ?? 1) < 1 ? [i] : []));
  if (slowFaults.length > 0) where.push(`faults[${slowFaults.join("], faults[")}] (slow)`);
  return where.length === 0 ? null : `hosts process below their ${hostGbps} Gb/s links (${where.join("; ")})`;
}

/** Builds everything a run needs. `seed` overrides the scenario's. */
export function build(s: Scenario, opts: BuildOptions = {}): Built {
  const seed = opts.seed ?? s.seed ?? 1;
  const topo = buildTopology(s);
  const n = s.network ?? {};
  const mtu = n.mtuBytes ?? 4150;
  const header = n.headerBytes ?? 64;
  const ackBytes = n.ackBytes ?? 64;
  const { watchdogNs, watchdogRestoreNs, watchdogAction, watchdogRestore, ...pfcModule } = n.pfc ?? {};
  const pfc = n.pfc ? pfcModule : null;
  // PFC makes the fabric lossless: no trimming unless asked for, and queues bounded by PFC, not
  // by a drop-tail limit (ECN thresholds still follow the BDP).
  const trimming = n.trimming ?? pfc === null;
  const linkGbps = s.topology.linkGbps ?? 100;
  const hostGbps = s.topology.hostGbps ?? linkGbps;
  // uet-htsim §2: network RTT over the diameter; BDP rounded up to whole packets. uet-htsim's
  // calculate_bdp_pkt takes the host link's rate; the buffers and thresholds here take the
  // fabric's (linkGbps), the rate their queues drain at, when hostGbps differs (topo tests).
  const rttNs = topo.networkRttNs(mtu, ackBytes, s.topology.switchLatencyNs ?? 0);
  // The switch ports' sizes at the BDP of one RTT: the network's, and on two DCs the intra-DC
  // RTT's for every port but the WAN link's (net/port-limits.ts portLimits).
  const portSizes = (rtt: number) => {
    const bdpBytes = (linkGbps * rtt) / 8;
    const bdpPkts = Math.ceil(bdpBytes / mtu);
    const queuePkts = n.bufferBytes !== undefined ? n.bufferBytes / mtu : (n.bufferBdp ?? (trimming || pfc ? 1 : 5)) * bdpPkts;
    // A buffer below one full packet would trim or drop every data packet: bufferBdp is held to
    // one packet, and a smaller bufferBytes is refused below.
    const bufferBytes = n.bufferBytes ?? (pfc && n.bufferBdp === undefined ? 2 ** 29 : Math.max(mtu, Math.round(queuePkts * mtu)));
    // uet-htsim main_uec: Kmin = ⌈0.2 × bdp_pkts⌉, Kmax = ⌈0.8 × bdp_pkts⌉ packets, whatever the
    // queue (5 BDP without trimming: 9 and 35 packets of its 215 at 100 Gb/s, §2), and `-q` resizes
    // the queue alone. A buffer the scenario gives (bufferBdp, bufferBytes) leaves them too, so that
    // writing the default `bufferBdp: 5` out, or translating htsim's `-q`, moves no threshold; a
    // buffer at or below Kmin then marks nothing, which the ECN warning reports (warnings.ts).
    const kMinBytes = Math.ceil((n.ecnMinFraction ?? 0.2) * bdpPkts) * mtu;
    const kMaxBytes = Math.ceil((n.ecnMaxFraction ?? 0.8) * bdpPkts) * mtu;
    return { bdpBytes, bdpPkts, queuePkts, bufferBytes, kMinBytes, kMaxBytes };
  };
  const { bdpBytes, bdpPkts, queuePkts, bufferBytes } = portSizes(rttNs);
  // Links of the default route from host 0 to the last host: the tree's diameter; on a Dragonfly
  // or Slim Fly the minimal route, shorter than the longest the RTO counts (rtoQueues).
  const diameterHops = topo.path(0, topo.hosts - 1).length;
  // uet-htsim main_uec: min RTO = 15 µs + 6 × (buffer × 8 / link rate), 6 being "2 priority
  // queues; 3 hops for incast" on 2- and 3-tier trees alike (§2); more on a longer diameter (two
  // DCs: 7). Its topologies are trees: Dragonfly and Slim Fly count the links of their longest
  // route, as their RTT does (Spritz §V-A; Table I: 7 and 6), whatever the routing.
  // Never below timerFloorNs: long links with shallow buffers (Dragonfly
  // global links) would otherwise time out every first window before its first ACK.
  // With PFC the queues are bounded by pauses that last hundreds of µs, not by the buffer: use
  // the RoCE local ACK timeout (4.096 µs × 2^8 ≈ 1 ms, as lib/reliability/gbn) unless that is shorter.
  const rtoQueues = topo.ld ? topo.longestRouteLinks() : Math.max(HTSIM_RTO_QUEUES, diameterHops);
  // uet-htsim's rule assumes one buffer size. Two DCs have two (net/port-limits.ts portLimits): of
  // the 7 links host–leaf–spine–ESW–WAN–ESW–spine–leaf–host only spine → ESW, the WAN and
  // ESW → spine hold the network's (WAN-BDP) buffer, the other 4 a DC's, so each link counts the
  // drain of the buffer its port is given (insideDc: the class portLimits sizes it by), the
  // same µs at any port rate since a port's bytes scale with its rate (scaledPortLimits). All 7
  // at the network's made an intra-DC flow that lost a packet wait 7.1 ms, not ~3.1 (review
  // rev-scenario). The route always has 7 links, above htsim's 6: no padding term.
  const rtoBytesOf = (sized: { queuePkts: number; bufferBytes: number }) => Math.min(sized.bufferBytes, sized.queuePkts * mtu);
  const dcs = topo.dcs;
  const intraDcRttNs = dcs !== null ? topo.intraDcRttNs(mtu, ackBytes, s.topology.switchLatencyNs ?? 0) : rttNs;
  let rtoIntraDcQueues = 0;
  if (dcs !== null) for (const p of topo.path(0, topo.hosts - 1)) if (insideDc(topo, p)) rtoIntraDcQueues++;
  const rtoQueueBytes =
    dcs === null
      ? rtoQueues * rtoBytesOf({ queuePkts, bufferBytes })
      : (rtoQueues - rtoIntraDcQueues) * rtoBytesOf({ queuePkts, bufferBytes }) + rtoIntraDcQueues * rtoBytesOf(portSizes(intraDcRttNs));
  const rxBufferBytes = n.rxBufferBytes ?? bufferBytes;
  const traffic = buildTraffic(s, { topology: topo, seed, baseDir: opts.baseDir ?? ".", hostGbps, rttNs, rxBufferBytes });
  // uet-htsim's hosts answer on arrival, so its RTO counts switch queues only. A host that
  // processes at rxGbps holds the ACK too, up to its whole receive buffer's drain: the per-flow
  // receivers see a packet only once processed, and DACK's IACK waits until the packet lies
  // below the policy threshold (§II-D), (queue − threshold) × 8 / rate, bounded here by the
  // whole queue. OPT's target IACKs on acceptance (§II-A), so its RTO needs no such term.
  const rel = s.transport?.reliability ?? { name: "rud" };
  const dackQueueBytes = rel.name === "dack" ? targetQueueBytes(rel.params) : undefined;
  const rxWaitNs = rel.name === "opt" ? 0 : receiveDrainNs(n.rxGbps ?? 0, rxBufferBytes, traffic.hostRx, hostGbps, dackQueueBytes);
  // The TIMELY warning's wait counts the slow faults' hosts too, which the RTO leaves out (a
  // fault is a surprise to the transport: its timers are not sized for it).
  const slowFaultRx = (s.faults ?? []).flatMap((f) => (f.kind === "slow" && f.rxFraction !== undefined ? [{ gbps: f.rxFraction * hostGbps, bufferBytes: rxBufferBytes }] : []));
  const slowRxWaitNs = receiveDrainNs(n.rxGbps ?? 0, rxBufferBytes, [...traffic.hostRx, ...slowFaultRx], hostGbps, dackQueueBytes);
  const htsimRtoNs = Math.max(Math.round(15_000 + (rtoQueueBytes * 8) / linkGbps), timerFloorNs(rttNs)) + Math.ceil(rxWaitNs);
  // At most 2^30 ns (1.07 s), the modules' ceiling for a time: a deep buffer on a slow link
  // (10^8 B at 1 Gb/s drains in 0.8 s a hop) would otherwise be refused as the reliability
  // module's rtoNs, a parameter the scenario never gave.
  const rtoNs = Math.min(2 ** 30, pfc ? Math.max(htsimRtoNs, 4096 * 256) : htsimRtoNs);
  const ctx: NetworkContext = {
    linkGbps: hostGbps,
    baseRttNs: rttNs,
    mtuBytes: mtu,
    headerBytes: header,
    trimming,
    seed,
    rtoNs,
    ackEveryBytes: s.transport?.ackEveryBytes ?? defaultAckEveryBytes(s),
  };
  const entries = traffic.entries;
  const flows = traffic.flows;
  const F = flows.length;

  // Modules: one table per (kind, parameters) with capacity = flows; Spritz per source switch.
  const tr = s.transport ?? {};
  const ccRef: ModuleSpec = tr.cc ?? { name: "nscc" };
  const lbRef: ModuleSpec = tr.lb ?? { name: "reps" };
  const relRef: ModuleSpec = tr.reliability ?? { name: "rud" };
  const errors: string[] = [];
  // A module's ParamError names the parameter: point at the scenario's field when the scenario
  // gave it (a value derived from `network` is refused under the module's path alone). A name with
  // dots is nested, as `sender.mtuBytes` of a module that takes its parameters per side.
  const guard = <T>(path: string, spec: ModuleSpec, f: () => T, note = ""): T | undefined => {
    try {
      return f();
    } catch (e) {
      if (!isRefusal(e)) throw e;
      // A two-sided module's tables name their parameters under their side (net/side-params.ts).
      const given = e instanceof ParamError && spec.params !== undefined && hasParamPath(spec.params, e.param);
      const docs = given && e.unknown ? ` (see ${moduleReadme(path, spec.name)})` : "";
      // A parameter the scenario did not give took its value from the network (audit 2026-12-07:
      // a 1 s switch latency read "transport.cc: Nscc: baseRttNs … got 10000014022.72").
      const derived = e instanceof ParamError && !given && /RttNs$|[bB]dpBytes$|WndBytes$/.test(e.param) ? ` (derived from the network RTT ${rttNs} ns: the topology's rates and latencies)` : "";
      errors.push(`${given ? `${path}.params.${e.param}` : path}: ${e.message}${docs}${derived}${note}`);
      return undefined;
    }
  };
  const modCtx = (code: number): NetworkContext => ({ ...ctx, seed: hash3(seed, code, 0x3d) });
  // Two DCs: a flow within one DC sees that DC's RTT, not the WAN's (Reflex §II-C: 8 µs intra-DC,
  // 1012 µs inter-DC base RTT), so its CC and load balancer get their RTT-derived defaults (NSCC's
  // base RTT, BDP and target, DCTCP's and MP-RDMA's, PLB's round, the flowlet gap) from it: one
  // RTT per class, as Reflex gives, each the longest of its class as the network's RTT is (the
  // RDMA simulators go further, with a base RTT and window per pair: HPCC's ns-3 pairRtt).
  // The reliability module is one table for all flows: its timers keep the network's values, so
  // an intra-DC flow waits the network's RTO too (3.1 ms on Reflex's DCs, where one leaf–spine's
  // is 72.8 µs: 15 µs + 6 × 9,628 ns), since the modules take one rtoNs per table and the fabric
  // one reliability table.
  const localOf = (f: FlowRecord): boolean => dcs !== null && dcOf(dcs, f.src) === dcOf(dcs, f.dst);
  const flowCtx = (code: number, local: boolean): NetworkContext => (local ? { ...modCtx(code), baseRttNs: intraDcRttNs } : modCtx(code));
  // A value given for all flows is checked against each class's derived bounds (a window start
  // against the intra-DC max_wnd, say): on two DCs an error from a class's table names the class.
  const classNote = (local: boolean): string =>
    dcs === null ? "" : local ? ` (for the flows within one DC, whose modules take that DC's base RTT of ${intraDcRttNs} ns)` : ` (for the flows between the DCs, whose modules take the network's base RTT of ${rttNs} ns)`;
  const hostBuffer = new Float64Array(topo.hosts).fill(rxBufferBytes);
  for (const r of traffic.hostRx) hostBuffer[r.host] = r.bufferBytes;
  // A refused buffer is blamed on the field that set it: a put entry's own, else the network's.
  const bufferFrom: string[] = new Array(topo.hosts).fill("");
  for (const r of traffic.hostRx) if (s.traffic[r.entry].rxBufferBytes !== undefined) bufferFrom[r.host] = `traffic[${r.entry}].rxBufferBytes`;
  const ends = { dst: Int32Array.from(flows, (f) => f.dst), hosts: topo.hosts, bufferBytes: hostBuffer, bufferFrom };
  const transport = guard("transport.reliability", relRef, () => makeTransport(relRef.name, relRef.params ?? {}, modCtx(1), Math.max(1, F), ackBytes, ends));
  if (transport) errors.push(...flowSizeErrors(transport, flows, entries));
  const ccTables = new Map<string, CcAdapter>();
  const lbTables = new Map<string, { table: LbTable; next: number }>();
  // A module's seed follows its spec, not its RTT class: the intra-DC table of a spec draws (and
  // an ECMP table hashes) as the inter-DC one does, and a run without DC classes as before them.
  const seedOf = (index: Map<string, number>, spec: string): number => {
    let i = index.get(spec);
    if (i === undefined) index.set(spec, (i = index.size));
    return i;
  };
  const ccSeeds = new Map<string, number>();
  const lbSeeds = new Map<string, number>();
  const specs: FlowSpec[] = [];
  const perFlowCc: string[] = [];
  const perFlowLb: string[] = [];
  const delayUses = new Map<string, DelayCcUse>();
  // One per CC spec: on two DCs its intra- and inter-DC tables lose the same signal.
  const ecnUses = new Map<string, EcnCcUse>();
  // One per LB spec: a Spritz spec's tables, one per source switch, lose the same signal.
  const ecnLbUses = new Map<string, EcnLbUse>();
  // One per LB spec: whether any switch reads the EVs it chooses (warnings.ts evBlindRoutingWarnings).
  const evLbUses = new Map<string, EvLbUse>();
  // Every load-balancer spec by the scenario path that names it (Spritz's too).
  const lbUses = new Map<string, { path: string; name: string }>();
  // Spritz's load balancers steer by EV only where the switches route by Spritz roles (§III-A/B):
  // with one of them and no routing given, that is the default.
  const spritzLb = [tr.lb?.name, ...s.traffic.map((e) => e.lb?.name)].some((x) => x !== undefined && x.startsWith("spritz"));
  const routing = n.routing ?? (topo.ld ? (spritzLb ? "spritz" : "minimal") : "ecmp");
  const flowTraffic = entries;
  const nsfOn = dcs !== null && n.reflex !== undefined && (n.reflex.nsf ?? true);
  // uet-htsim -enable_accurate_base_rtt, standing for UEC §3.6.13.7's Probe CP (not modelled):
  // an NSCC flow opens with its own path's unloaded RTT as its base RTT, and the maxWnd and
  // window that follow (the module's flowBaseRttNs). Its constants stay its class's, as
  // uet-htsim's stay the network's, so flows are grouped as the DC classes are: one table per
  // class and unloaded RTT (three on a 3-tier fat tree), no per-flow state in the module.
  const accurateBaseRtt = tr.accurateBaseRtt === true;
  for (let f = 0; f < F; f++) {
    const entry = s.traffic[flowTraffic[f]];
    const cref = entry.cc ?? ccRef;
    const lref = entry.lb ?? lbRef;
    const local = localOf(flows[f]);
    const cspec = JSON.stringify(cref);
    // At most the class's RTT, from which NSCC's base RTT may only fall: the longest route of
    // the class, which a pair's default route does not exceed on a tree.
    const pairRttNs = accurateBaseRtt
      ? Math.min(topo.pathRttNs(flows[f].src, flows[f].dst, mtu, ackBytes, s.topology.switchLatencyNs ?? 0), local ? intraDcRttNs : rttNs)
      : 0;
    const ckey = cspec + (local ? "@dc" : "") + (accurateBaseRtt ? `@${pairRttNs}` : "");
    let cc = ccTables.get(ckey);
    if (!cc) {
      const path = entry.cc ? `traffic[${flowTraffic[f]}].cc` : "transport.cc";
      if (accurateBaseRtt && cref.name !== "nscc") {
        errors.push(`transport.accurateBaseRtt: sets NSCC's per-flow base RTT (uet-htsim -enable_accurate_base_rtt); ${path} is ${cref.name}`);
        break;
      }
      if (accurateBaseRtt && cref.params?.flowBaseRttNs !== undefined) {
        errors.push(`${path}.params.flowBaseRttNs: transport.accurateBaseRtt sets it per flow; give one or the other`);
        break;
      }
      const c = flowCtx(2 + seedOf(ccSeeds, cspec), local);
      const classParams = dcs !== null ? classWindowParams(cref.name, cref.params ?? {}, c) : (cref.params ?? {});
      const params = accurateBaseRtt ? { ...classParams, flowBaseRttNs: pairRttNs } : classParams;
      cc = guard(path, cref, () => makeCc(cref.name, params, c, Math.max(1, F)), classNote(local));
      if (!cc) break;
      ccTables.set(ckey, cc);
      cc.scope = (dcs === null ? path : `${path} (${local ? "intra-DC" : "inter-DC"})`) + (accurateBaseRtt ? ` (base RTT ${pairRttNs} ns)` : "");
      if (cc instanceof SwiftCc) delayUses.set(ckey, { path, name: "swift", params: cc.m.params, flows: [], intraDc: local });
      else if (cc instanceof TimelyCc) delayUses.set(ckey, { path, name: "timely", params: cc.m.params, flows: [], intraDc: local });
      if (!ecnUses.has(cspec)) {
        if (cc instanceof NsccCc) ecnUses.set(cspec, { path, name: "nscc", params: cc.m.params });
        else if (cc instanceof DctcpCc) ecnUses.set(cspec, { path, name: "dctcp", params: cc.m.params });
        else if (cc instanceof MprdmaCc) ecnUses.set(cspec, { path, name: "mprdma", params: cc.m.params });
        else if (cc instanceof DcqcnCc) ecnUses.set(cspec, { path, name: "dcqcn", params: cc.m.params });
      }
    }
    const spritz = lref.name.startsWith("spritz");
    const perSource = lbPerSourceSwitch(lref.name, lref.params ?? {}, routing);
    const srcSwitch = topo.ld ? topo.ld.switchOf(flows[f].src) : 0;
    const dstSwitch = topo.ld ? topo.ld.switchOf(flows[f].dst) : 0;
    const lname = JSON.stringify(lref);
    const lspec = lname + (perSource ? `@${srcSwitch}` : "");
    const lkey = lspec + (local ? "@dc" : "");
    let lb = lbTables.get(lkey);
    if (!lb) {
      const path = entry.lb ? `traffic[${flowTraffic[f]}].lb` : "transport.lb";
      if (spritz && !topo.ld) {
        errors.push(`${path}.name: Spritz needs a Dragonfly or Slim Fly topology`);
        break;
      }
      if (spritz && routing !== "spritz") {
        errors.push(spritzRoutingError(path, lref.name, routing));
        break;
      }
      const extra = perSource
        ? {
            network: topo.ld,
            srcSwitch,
            linkGbps,
            localLinkNs: s.topology.latencyNs ?? 1000,
            globalLinkNs: s.topology.globalLatencyNs ?? s.topology.latencyNs ?? 1000,
            packetBytes: mtu,
            switchLatencyNs: s.topology.switchLatencyNs ?? 0,
          }
        : {};
      // Spritz roles pick ECMP 1's port by the EV's upper byte, EV1 mod the table's size (§III-A):
      // REPS's uec-htsim space of 64 EVs, or OPS uec's 256, would leave it 0 and every packet on
      // the first candidate (review rev-d5: OPS uec under spritz, permutation p99 124 µs against
      // OPS (u)'s 37.5), so every balancer that draws from 0 … evCount − 1 draws from the 16-bit
      // space UEC gives the EV unless the scenario sets evCount, and one the scenario sets must
      // reach every port of the largest ECMP 1 table (a review, 2026-12-05: flowlet with 64 EVs
      // sent a flow's every packet by one port).
      const drawsEvs = !perSource && lref.params?.sets === undefined && ["reps", "ops", "plb", "flowlet", "ecmp"].includes(lref.name);
      const evsGiven = lref.params?.evCount;
      if (drawsEvs && routing === "spritz" && typeof evsGiven === "number" && topo.ld) {
        const err = spritzEvCountError(evsGiven, topo.ld.networkPorts);
        if (err !== null) {
          errors.push(`${path}.params.evCount: ${err}`);
          break;
        }
      }
      const params = drawsEvs && routing === "spritz" && evsGiven === undefined ? { evCount: 65536, ...(lref.params ?? {}) } : (lref.params ?? {});
      const table = guard(path, lref, () => makeLb(lref.name, params, flowCtx(100 + seedOf(lbSeeds, lspec), local), Math.max(1, F), extra), classNote(local));
      if (!table) break;
      lb = { table, next: 0 };
      lbTables.set(lkey, lb);
      setScope(table, dcs === null ? path : `${path} (${local ? "intra-DC" : "inter-DC"})`);
      if (!spritz && !evLbUses.has(lname)) evLbUses.set(lname, { path, name: lref.name, given: entry.lb !== undefined || tr.lb !== undefined });
      if (!lbUses.has(lname)) lbUses.set(lname, { path, name: lref.name });
      if (!ecnLbUses.has(lname)) {
        if (table instanceof Reps) ecnLbUses.set(lname, { path, name: "reps", params: table.params });
        else if (table instanceof Plb) ecnLbUses.set(lname, { path, name: "plb", params: table.params });
        else if (table instanceof SpritzScout) ecnLbUses.set(lname, { path, name: "spritz-scout", params: table.params });
        else if (table instanceof SpritzSpray) ecnLbUses.set(lname, { path, name: "spritz-spray", params: table.params });
        else if (table instanceof SpritzVlan) ecnLbUses.set(lname, { path, name: "spritz-vlan", params: table.params });
      }
    }
    const slot = perSource ? lb.next++ : f;
    // Swift §3.1 scales the target by the switches the measured delay crosses (it reads them
    // from the forward path's TTL). Under NSF an inter-DC flow's only samples are RTT_src (Reflex
    // §III-C "Rewrite RTT input"), the near-source segment: its pseudo-ACK is built at the source
    // ESW from the data packet ("field mapping"), whose TTL then counts the leaf, spine and ESW,
    // the path's ports up to the WAN port. Without NSF the end-to-end RTT crosses every switch.
    const path = topo.path(flows[f].src, flows[f].dst);
    const hops = nsfOn && !local ? path.indexOf((dcs as DcLayout).wanPort[dcOf(dcs as DcLayout, flows[f].src)]) : path.length - 1;
    cc.open(f, hops);
    if (!(nsfOn && !local)) delayUses.get(ckey)?.flows.push({ src: flows[f].src, dst: flows[f].dst, hops });
    openLb(lref.name, lb.table, slot, f, dstSwitch);
    transport?.open(f);
    perFlowCc.push(cref.name);
    perFlowLb.push(lref.name);
    specs.push({
      src: flows[f].src,
      dst: flows[f].dst,
      bytes: flows[f].bytes,
      startPs: flows[f].startNs * 1000,
      after: flows[f].after,
      afterAcked: flows[f].afterAcked,
      needed: flows[f].needed,
      activates: flows[f].activates,
      onTrigger: flows[f].onTrigger,
      cc,
      lb: lb.table,
      lbSlot: slot,
    });
  }
  // Packet pool: every flow's window (NSCC's ceiling is 1.5 BDP; 2 BDP leaves room for other
  // modules) twice over, for data and its ACKs, plus slack per port, to start with. It doubles
  // when every handle is alive, up to POOL_MAX: a degraded link's control queue full of trimmed
  // headers outgrew that estimate (`nicfw soak`). A packetPool the scenario gives is a
  // fixed size; exhaustion fails the run with a message naming network.packetPool.
  const windowPkts = Math.ceil((2 * bdpBytes) / mtu) + 2;
  const pool = n.packetPool ?? Math.min(POOL_MAX, Math.max(4096, 2 * windowPkts * F + 8 * topo.ports));
  const poolMax = n.packetPool ?? POOL_MAX;
  const reflex = n.reflex ? resolveReflex(n.reflex, topo, flows, perFlowCc, poolMax, mtu, errors) : null;
  // As metrics.sample.flows (audit, 2026-12-07: a flow number past the last was dropped unsaid).
  for (const f of s.metrics?.paths?.flows ?? []) if (f >= F) errors.push(`metrics.paths.flows: flow ${f} outside [0, ${F})`);
  if (errors.length > 0 || !transport) throw new ScenarioError("scenario", errors);
  const faults = opts.noFaults ? [] : resolveFaults(s, topo, seed);
  const sample = resolveSample(s, topo, flows, rttNs, opts.defaultSample ?? false, relRef.name);
  const traceFlows = s.metrics?.paths?.flows ?? [];
  // A failed link can leave flows that never finish: bound such runs (Spritz §V-D: 1 s).
  const endUs = s.run?.endUs ?? ((s.faults ?? []).length > 0 ? 1_000_000 : undefined);
  const queueProfile = n.queue?.profile ?? "uec-htsim";
  // The buffer and RED thresholds above are uet-htsim's, in whole packets (main_uec). UEC §3.6.17
  // states them as fractions of Plane_BDP in bytes, ⌊0.2 / 0.8 × Plane_BDP⌋ (lib/switch/queue
  // README, Profiles), which the other profiles derive themselves from linkGbps and baseRttNs:
  // there the network's settings go in bytes of that BDP (network.queue.bdpBytes where given),
  // and RED's only where the scenario gives a fraction (a kMinBytes given alone then raises the
  // profile's kMax, as in the module).
  const givenBdp = n.queue?.bdpBytes;
  const queueInput = (rtt: number): QueueParamsInput => {
    const sized = portSizes(rtt);
    const planeBdpBytes = typeof givenBdp === "number" ? givenBdp : Math.min(2 ** 30, Math.max(1, bdpOf(linkGbps, rtt)));
    const byFraction = (f: number) => Math.min(2 ** 30, Math.floor(f * planeBdpBytes));
    // A threshold network.queue gives alone moves the derived other as the module's rule does
    // (lib/switch/queue params: kMax raised to a kMin given, kMin lowered to a kMax given): the
    // intra-DC thresholds of two DCs sit far below the network's, under a value given for both.
    const legal = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 2 ** 30;
    const kMinIn = legal(n.queue?.kMinBytes) ? n.queue.kMinBytes : undefined;
    const kMaxIn = legal(n.queue?.kMaxBytes) ? n.queue.kMaxBytes : undefined;
    const queueLimits =
      queueProfile === "uec-htsim"
        ? {
            dataLimitBytes: sized.bufferBytes,
            kMinBytes: kMaxIn !== undefined ? Math.min(sized.kMinBytes, kMaxIn) : sized.kMinBytes,
            kMaxBytes: kMinIn !== undefined ? Math.max(sized.kMaxBytes, kMinIn) : sized.kMaxBytes,
          }
        : {
            dataLimitBytes: n.bufferBytes ?? (pfc && n.bufferBdp === undefined ? sized.bufferBytes : Math.max(mtu, byFraction(n.bufferBdp ?? (trimming ? 1 : 5)))),
            ...(n.ecnMinFraction !== undefined ? { kMinBytes: byFraction(n.ecnMinFraction) } : {}),
            ...(n.ecnMaxFraction !== undefined ? { kMaxBytes: byFraction(n.ecnMaxFraction) } : {}),
          };
    return {
      profile: "uec-htsim",
      mtuBytes: mtu,
      linkGbps,
      baseRttNs: rtt,
      ...queueLimits,
      // A trimmed packet keeps the scenario's header (DCP's profile: its own 57 B HO); the ½
      // rule is uet-htsim's, the UEC and DCP profiles trim the arriving packet (UEC §4.1, DCP §4.2).
      ...(queueProfile === "dcp" ? {} : { trimBytes: Math.min(header, mtu) }),
      trimming: !trimming ? "off" : queueProfile === "uec" || queueProfile === "dcp" ? "arriving" : "arriving-or-newest",
      ...(n.queue ?? {}),
    };
  };
  // Spritz §III-D: with the VLAN load balancer the switches steer by its category tag; a packet
  // with none takes the default table there, so the EV-steered Spritz balancers cannot share it.
  const lbNames = new Set(perFlowLb);
  const spritzVlan = routing === "spritz" && lbNames.has("spritz-vlan");
  if (spritzVlan && (lbNames.has("spritz-scout") || lbNames.has("spritz-spray"))) {
    throw new ScenarioError("scenario", ["transport.lb: spritz-vlan (VLAN categories) and spritz-scout / spritz-spray (EVs) need the switches in different Spritz modes; use one kind"]);
  }
  const fabricOpts: FabricOptions = {
    topology: topo,
    routing: ROUTING[routing],
    queue: queueInput(rttNs),
    baseGbps: linkGbps,
    ackBytes,
    packetPool: pool,
    packetPoolMax: poolMax,
    seed,
    controlWeight: n.controlWeight ?? 10,
    hostJitterNs: n.hostJitterNs ?? 0,
    rxGbps: n.rxGbps ?? 0,
    rxBufferBytes,
    switchLatencyNs: s.topology.switchLatencyNs ?? 0,
    endPs: endUs !== undefined ? endUs * 1e6 : Infinity,
    maxEvents: s.run?.maxEvents,
    rtoNs,
    pfc: pfc ? { cableNs: s.topology.latencyNs ?? 1000, ...pfc } : null,
    switchBuffer: n.switchBuffer ?? null,
    pfcWatchdog: { detectNs: watchdogNs ?? PFC_WATCHDOG_NS, restoreNs: watchdogRestoreNs ?? PFC_WATCHDOG_NS, action: watchdogAction, restore: watchdogRestore },
    hostRx: traffic.hostRx,
    faults,
    sample,
    traceFlows,
    reflex,
    spritzVlan,
    minimalControl: n.controlRouting === "minimal",
  };
  let fabric: Fabric;
  let intraDcQueue: PortLimits | null = null;
  try {
    // Two DCs: what the scenario leaves to the BDP, the intra-DC ports take from a DC's RTT
    // (given sizes stay as given). The reliability window keeps the network's, and the RTO is
    // one for both kinds of flow (above), since one reliability table serves them.
    if (dcs !== null) {
      intraDcQueue = scaledPortLimits(resolveQueueParams(queueInput(intraDcRttNs)), 1);
    }
    fabric = new Fabric({ ...fabricOpts, intraDcQueue }, transport, specs, mtu - header);
  } catch (e) {
    if (!isRefusal(e)) throw e;
    // Named by the field they come from (audit 2026-12-07: all read "network:"): the switch
    // queues' from network.queue (their parameters, or the network options merged with them),
    // PFC's from network.pfc, the routings' from network.routing and network.controlRouting. A
    // limit that no given value passes comes from the topology's rates and latencies.
    const m = e.message;
    const field = m.startsWith("PortQueues") ? "network.queue" : m.startsWith("Pfc") ? "network.pfc" : m.startsWith("routing ") ? "network.routing" : m.startsWith("minimal routing of control") ? "network.controlRouting" : "network";
    const sizes = ["dataLimitBytes", "kMinBytes", "kMaxBytes"];
    const sizeGiven = sizes.some((k) => n.queue?.[k] !== undefined);
    const derived = field === "network.queue" && !sizeGiven && sizes.some((k) => m.includes(k)) ? ` (derived from the network RTT ${rttNs} ns and BDP ${Math.floor(bdpBytes)} B: the topology's rates and latencies)` : "";
    throw new ScenarioError("scenario", [`${field}: ${m}${derived}`]);
  }
  const untrimmed = (s.faults ?? []).flatMap((x, i) => (x.trim && fabric.queues.params.trimming === "off" ? [`faults[${i}].trim: the switches do not trim (network.trimming, network.queue.trimming)`] : []));
  if (untrimmed.length > 0) throw new ScenarioError("scenario", untrimmed);
  // Without PFC a switch's shared buffer caps each queue: all of it under `complete`, α·B/(1 + α) for one queue under `dynamic`.
  const sb = pfc === null ? n.switchBuffer : undefined;
  const sbAlpha = 2 ** (sb?.alphaLog2 ?? 0);
  const switchQueueBytes = sb === undefined ? undefined : sb.rule === "complete" ? sb.bytes : Math.floor((sbAlpha * sb.bytes) / (1 + sbAlpha));
  const ecnNet = { topology: topo, queue: fabric.queues.params, baseGbps: linkGbps, intraDc: intraDcQueue, ecnAtGiven: n.queue?.ecnAt !== undefined, pfc: pfc !== null, switchQueueBytes };
  const idealPs = new Float64Array(F);
  const hpccStandalonePs = new Float64Array(F);
  const switchNs = s.topology.switchLatencyNs ?? 0;
  const idealMemo = new Map<string, number>();
  // The hosts' receive processing as the fabric runs it (fabricOpts.rxGbps, hostRx) and, under
  // DACK or OPT, each target's queue (a host no flow goes to has none, and needs no ideal).
  const targets = transport instanceof DackTransport ? transport.targets : null;
  const rxOf = Array.from({ length: topo.hosts }, (_, h) => ({ gbps: n.rxGbps ?? 0, queueBytes: targets?.[h]?.params.queueBytes ?? 0 }));
  for (const r of traffic.hostRx) rxOf[r.host].gbps = r.gbps;
  // Where hosts process below their link rate, for the DCQCN and TIMELY warnings.
  const slowHosts = slowReceivers(n.rxGbps ?? 0, traffic.hostRx, s.faults ?? [], hostGbps);
  for (let f = 0; f < F; f++) {
    const { src, dst, bytes } = flows[f];
    idealPs[f] = idealFctPs(topo, src, dst, bytes, mtu, header, switchNs, idealMemo, rxOf[dst]);
    hpccStandalonePs[f] = hpccStandaloneFctPs(topo, src, dst, bytes, mtu, header, switchNs);
  }
  return {
    scenario: s,
    seed,
    topology: topo,
    fabric,
    flows,
    ctx,
    idealPs,
    hpccStandalonePs,
    names: { cc: perFlowCc, lb: perFlowLb, reliability: relRef.name },
    derived: { networkRttNs: rttNs, ...(dcs !== null ? { intraDcRttNs } : {}), bdpBytes: Math.floor(bdpBytes), bdpPackets: bdpPkts, ...resolvedQueue(fabric), ...intraDcSizes(intraDcQueue, portSizes(intraDcRttNs)), rtoNs, rtoQueues, ...(dcs !== null ? { rtoIntraDcQueues } : {}), diameterHops, packetPool: pool, trimming, pfc: pfc !== null, routing },
    classes: traffic.classes,
    groups: traffic.groups,
    faults,
    sample,
    traceFlows,
    sizeClasses: s.metrics?.sizeClassesBytes ?? DEFAULT_SIZE_CLASSES,
    warnings: [
      ...traffic.warnings,
      ...delayCcWarnings([...delayUses.values()], {
        topology: topo,
        mtuBytes: mtu,
        ackBytes,
        switchLatencyNs: switchNs,
        // The queues' own limit, network.queue.dataLimitBytes included (audit 2026-12-07: the
        // BDP-derived size warned of a 2 MB queue and kept quiet about a 20 kB one).
        bufferBytes: fabric.queues.params.dataLimitBytes,
        intraDcBufferBytes: intraDcQueue?.dataBytes,
        linkGbps,
        rttNs,
        pfc: pfc !== null,
        hostProcessing: (n.rxGbps ?? 0) > 0 || traffic.hostRx.length > 0 || (s.faults ?? []).some((x) => x.kind === "slow"),
      }),
      ...ecnCcWarnings([...ecnUses.values()], ecnNet),
      ...faultWarnings(s, faults, topo),
      ...(reflex !== null ? reflexPauseWarnings(reflex.ndt, resolveReflexParams(reflex.params as ReflexParamsInput).tMaxPauseNs, rtoNs, pfc !== null) : []),
      ...slowReceiverDcqcnWarnings([...ecnUses.values()], slowHosts, relRef.name),
      ...slowReceiverSwiftWarnings([...delayUses.values()], slowHosts, relRef.name),
      ...slowReceiverTimelyWarnings([...delayUses.values()], slowHosts, slowRxWaitNs, dcs === null ? { ns: rttNs, what: "the network RTT" } : { ns: intraDcRttNs, what: "the intra-DC RTT" }, relRef.name),
      ...ecnLbWarnings([...ecnLbUses.values()], ecnNet),
      ...ackEveryWarnings(relRef.name, s.transport?.ackEveryBytes),
      ...pfcHeadroomWarnings(n.pfc?.headroomBytes, fabric.pfcShortHeadroom),
      ...dcpPfcHeadroomWarnings(relRef.name, n.pfc?.headroomBytes, fabric.pfcShortHeadroom.ports),
      ...trimmingBaselineWarnings(relRef.name, fabric.queues.params.trimming !== "off", n.trimming !== undefined || n.queue?.trimming !== undefined),
      ...dcpDropWarnings(relRef.name, fabric.queues.params.trimming !== "off", pfc !== null, bufferGiven(n)),
      ...dcpPooledHeaderWarnings(relRef.name, fabric.queues.params.trimming !== "off", pfc !== null, n.switchBuffer?.rule, fabric.queues.params.controlPooled),
      ...dcpControlPlaneWarnings(relRef.name, fabric.queues.params.trimming !== "off", fabric.queues.params, n.queue?.controlLimitBytes !== undefined),
      ...rxBufferWarnings(relRef.name, n.rxGbps, rxBufferBytes, n.rxBufferBytes !== undefined, mtu),
      ...pfcTrimmingWarnings(n, fabric.queues.params.trimming !== "off"),
      ...evBlindRoutingWarnings([...evLbUses.values()], routing, n.routing !== undefined, topo),
      ...inOrderReorderWarnings(relRef.name, routing, topo.ld !== null, [...lbUses.values()]),
      ...coalescedAckWarnings([...ecnLbUses.values(), ...ecnUses.values(), ...timelyUses(delayUses)], relRef.name, s.transport?.ackEveryBytes, mtu),
      ...swiftRetxLimitWarnings(
        [...delayUses.values()].flatMap((u) => (u.name === "swift" ? [{ path: u.path, retransmitLimit: u.params.retransmitLimit }] : [])),
        relRef.name,
      ),
      ...minimalControlWarnings(
        n.controlRouting,
        routing,
        topo,
        faults.map((f, index) => ({ index, down: f.kind === FaultKind.Down, ports: f.ports, lifts: f.untilPs !== Infinity })),
      ),
    ],
  };
}

/**
 * Swift's window ceiling and initial window for the flows of one RTT class of a two-DC network:
 * at least one BDP of that class, line rate × the class's base RTT / MTU in whole packets
 * (rounded up, as the network's BDP; at most the module's 32767). Reflex §II-C observation 1:
 * inter-DC flows send at line rate, and the > 95 % of them below the WAN's BDP (≈ 12.5 MB)
 * finish before their first ACK; the profiles' 256 packets (Isekai's
 * max_fabric_congestion_window, sized for one DC) held them to 256 × 4150 B per 1.014 ms
 * ≈ 8.4 Gb/s. Where the profile's window is already above the class's BDP (within one DC: 256
 * against 29 packets) it stays: lowering it would change nothing the paper describes, and at 29
 * packets a lone flow would not keep its line rate behind the receiver's coalesced ACKs.
 * fs_max stays the profile's (it would otherwise follow the ceiling, resolveSwiftParams), so
 * that both classes share one target curve where they meet at a bottleneck (Swift §3.1: flow
 * scaling is for fairness among the flows of one bottleneck). A ceiling, initial window or
 * fs_max the scenario gives stands (the initial window then held in [floor, ceiling]). The
 * `htsim` profile keeps its own (main_swift's initial window of 15); other CCs are left as
 * given (TIMELY starts at line rate, with no window unless windowBytes is given).
 */
export function classWindowParams(name: string, user: Record<string, unknown>, c: NetworkContext): Record<string, unknown> {
  if (name !== "swift" || user.profile === "htsim") return user;
  let base: SwiftParams;
  try {
    base = resolveSwiftParams({ mtuBytes: c.mtuBytes, ...user } as SwiftParamsInput);
  } catch {
    return user; // makeCc reports it
  }
  const bdpPkts = Math.min(SWIFT_MAX_CWND_PKTS, Math.ceil((c.linkGbps * c.baseRttNs) / 8 / base.mtuBytes));
  const maxCwndPkts = user.maxCwndPkts !== undefined ? base.maxCwndPkts : Math.max(base.maxCwndPkts, bdpPkts);
  const initCwndPkts = user.initCwndPkts !== undefined ? base.initCwndPkts : Math.min(Math.max(base.initCwndPkts, bdpPkts), maxCwndPkts);
  return { ...user, maxCwndPkts, initCwndPkts, fsMaxCwndPkts: base.fsMaxCwndPkts };
}

/**
 * network.reflex: Reflex runs at the external switches of two DCs and feeds delay samples to the
 * senders of inter-DC flows, so it needs the twodc topology and a delay module (Swift or TIMELY,
 * the two Reflex is built on) for every inter-DC flow. Errors go to `errors`.
 */
function resolveReflex(r: NonNullable<Scenario["network"]>["reflex"] & object, topo: Topology, flows: FlowRecord[], cc: string[], poolHandles: number, mtuBytes: number, errors: string[]): ReflexSpec | null {
  if (topo.dcs === null) {
    errors.push("network.reflex: Reflex needs the twodc topology (external switches between two DCs)");
    return null;
  }
  const nsf = r.nsf ?? true;
  const dcs = topo.dcs;
  const inter = cc.filter((_, i) => i < flows.length && dcOf(dcs, flows[i].src) !== dcOf(dcs, flows[i].dst));
  // Table I's T_interval is 5 µs under TIMELY and 3 µs under Swift: when the inter-DC flows all
  // run Swift and the scenario names no profile, Swift's (it took TIMELY's: review).
  const swiftOnly = inter.length > 0 && inter.every((name) => name === "swift");
  const params = { ...(swiftOnly && r.params?.profile === undefined ? { profile: "swift" as const } : {}), ...(r.params ?? {}) };
  const spec: ReflexSpec = { nsf, ndt: r.ndt ?? nsf, params, e2eAckDrivesCc: r.e2eAckDrivesCc ?? false };
  try {
    resolveReflexParams(spec.params as ReflexParamsInput);
    // The fabric's own fields (ReflexSpec.params): refused here, with the field, not mid-run.
    for (const m of reflexFabricConflicts(spec.params as ReflexParamsInput, { ports: dcs.downPorts[0].length, handles: poolHandles, mtuBytes })) errors.push(`network.reflex.params.${m}`);
  } catch (e) {
    if (!isRefusal(e)) throw e;
    errors.push(`network.reflex.params: ${e.message}`);
  }
  if (spec.ndt && !spec.nsf) errors.push("network.reflex.ndt: NDT needs nsf (it rewrites the timestamp that NSF frees, Reflex §III-D)");
  const bad = new Set(inter.filter((name) => name !== "swift" && name !== "timely"));
  if (bad.size > 0) errors.push(`network.reflex: inter-DC flows need swift or timely (Reflex feeds them delay samples), not ${[...bad].join(", ")}`);
  return spec;
}

/**
 * The scenario's sampling, or with `fallback` (nicfw run --plots) and none asked for: the
 * first 8 flows and the switch ports facing the (up to 4) hosts that receive the most flows,
 * every quarter network RTT.
 */
function resolveSample(s: Scenario, topo: Topology, flows: FlowRecord[], rttNs: number, fallback: boolean, reliability: string): SampleSpec | null {
  const m = s.metrics?.sample;
  if (!m && !fallback) return null;
  const errors: string[] = [];
  let ports: number[] = [];
  let fl: number[] = [];
  const hosts = m?.hosts ?? [];
  // Only the DACK family has a per-host queue to read, and only where a flow ends (net/dack.ts: one target per receiving host).
  if (hosts.length > 0 && reliability !== "dack" && reliability !== "opt") errors.push(`metrics.sample.hosts: a host's processing queue is sampled under reliability dack or opt only, not ${reliability}`);
  else {
    for (const h of hosts) {
      if (h >= topo.hosts) errors.push(`metrics.sample.hosts: host ${h} outside [0, ${topo.hosts})`);
      else if (!flows.some((f) => f.dst === h)) errors.push(`metrics.sample.hosts: host ${h} receives no flow, so it has no DACK target`);
    }
  }
  if (m) {
    (m.ports ?? []).forEach((r, i) => {
      try {
        ports.push(portOf(topo, r, `metrics.sample.ports[${i}]`));
      } catch (e) {
        if (!isRefusal(e)) throw e;
        errors.push(e.message);
      }
    });
    fl = m.flows ?? [];
    for (const f of fl) if (f >= flows.length) errors.push(`metrics.sample.flows: flow ${f} outside [0, ${flows.length})`);
    if (errors.length > 0) throw new ScenarioError("scenario", errors);
  } else {
    const count = new Map<number, number>();
    for (const f of flows) count.set(f.dst, (count.get(f.dst) ?? 0) + 1);
    ports = [...count.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 4).map(([h]) => topo.attachPort(h));
    fl = Array.from({ length: Math.min(8, flows.length) }, (_, i) => i);
  }
  return { intervalPs: Math.max(1000, Math.round((m?.intervalUs !== undefined ? m.intervalUs * 1000 : rttNs / 4) * 1000)), ports, flows: fl, hosts, maxPoints: m?.maxPoints ?? 4096 };
}

/**
 * After the run: the warning when metrics.sample asked for an intervalUs its series do not have
 * (null when none was asked or the series kept it). The fabric samples at most once a ns
 * (resolveSample's floor), and a series holds fewer than maxPoints samples: on reaching it, it
 * keeps every other one and the interval doubles (net/fabric.ts takeSample), which an htsim
 * user reading `intervalUs` would not expect. The advice counts the samples the asked interval
 * takes from 0 to the end, floor(end / interval) + 1, plus the one that would halve the series.
 */
export function sampleIntervalWarning(b: Built): string | null {
  const asked = b.scenario.metrics?.sample?.intervalUs;
  const f = b.fabric;
  // As resolveSample rounds it.
  const askedPs = asked === undefined ? 0 : Math.round(asked * 1000 * 1000);
  if (asked === undefined || b.sample === null || f.sample === null || f.sampleIntervalPs <= askedPs) return null;
  const us = (ps: number) => `${Number((ps / 1e6).toPrecision(12))} µs`;
  const why: string[] = [];
  if (b.sample.intervalPs > askedPs) why.push("the fabric samples at most once a ns");
  if (f.sampleIntervalPs > b.sample.intervalPs) {
    const need = Math.floor(f.now / b.sample.intervalPs) + 2;
    why.push(
      `a series holds fewer than metrics.sample.maxPoints (${b.sample.maxPoints}) samples and when full keeps every other one, doubling the interval; ` +
        `over ${us(f.now)} simulated, maxPoints ${need} keeps every sample at ${us(b.sample.intervalPs)}${need > 1_000_000 ? " (above its ceiling of 1000000: shorten the run, run.endUs)" : ""}`,
    );
  }
  return `metrics.sample.intervalUs: ${asked} µs asked, the samples are ${us(f.sampleIntervalPs)} apart (results.json series.intervalUs): ${why.join("; ")}`;
}

const NO_RX = { gbps: 0, queueBytes: 0 };

/**
 * The unloaded completion time of `bytes` from src to dst: packets leave back to back at the
 * first link's rate and are stored and forwarded at every hop (serialisation at each link's
 * rate, propagation, switch latency), no queueing and no handshake (UEC RUD is 0-RTT). At a
 * destination that processes at `rx.gbps` (network.rxGbps, a put's rxFraction; 0: at once),
 * in arrival order as the fabric's receive queue does, a packet is delivered once processed;
 * under a host queue (DACK, OPT: `rx.queueBytes` > 0) it is delivered when the queue takes it,
 * which is on arrival if the packets ahead of it leave it room and else when the host has
 * processed enough of them (a sender that knew the queue's room exactly). Exact for a flow
 * alone on an idle network whose packets all take this one path, the default route; not a lower
 * bound once they spread over parallel paths (README Output, slowdown below 1): a short last
 * packet may overtake the full one before it, and a host faster than the fabric's links
 * (hostGbps > linkGbps) sprays over several uplinks what the one path here serialises at one
 * link's rate (review rev-scenario: 4 MB at 400 Gb/s over a 2-tier tree of 100 Gb/s links under
 * REPS or OPS took 169.5–173.9 µs against 329.5, slowdown 0.51–0.53); on a Dragonfly or Slim Fly
 * a non-minimal route may have fewer links than the minimal default.
 */
export function idealFctPs(
  t: Topology,
  src: number,
  dst: number,
  bytes: number,
  mtu: number,
  header: number,
  switchLatencyNs: number,
  memo?: Map<string, number>,
  rx: { gbps: number; queueBytes: number } = NO_RX,
): number {
  const path = t.path(src, dst);
  // The result depends on the path only through its links' rates and latencies: `memo` (one
  // build's, whose mtu, header and switch latency are fixed) keeps it per size, receive rate and
  // link sequence, so a fabric of like links computes it once per path length, not once per flow
  // (bench/fabric b: 1,024 flows of 482 packets, each simulated hop by hop).
  let key = "";
  if (memo !== undefined) {
    key = `${bytes}@${rx.gbps}/${rx.queueBytes}`;
    for (const p of path) key += `|${t.portGbps[p]}/${t.portLatencyNs[p]}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
  }
  const mss = mtu - header;
  const packets = Math.ceil(bytes / mss);
  const ready = new Float64Array(path.length); // time the previous packet leaves each link
  const psPerByte = rx.gbps > 0 ? 8000 / rx.gbps : 0;
  // Under a host queue: each packet's size and processing end, and the first still queued.
  const queued = rx.queueBytes > 0 && psPerByte > 0 ? new Float64Array(2 * packets) : null;
  let head = 0;
  let queuedBytes = 0;
  let processed = 0;
  let done = 0;
  for (let i = 0; i < packets; i++) {
    const size = (i === packets - 1 ? bytes - mss * (packets - 1) : mss) + header;
    let t0 = 0;
    for (let j = 0; j < path.length; j++) {
      const p = path[j];
      const start = Math.max(t0, ready[j]);
      const end = start + (size * 8000) / t.portGbps[p];
      ready[j] = end;
      t0 = end + t.portLatencyNs[p] * 1000 + (j < path.length - 1 ? switchLatencyNs * 1000 : 0);
    }
    if (queued === null) {
      done = psPerByte > 0 ? Math.max(t0, done) + size * psPerByte : t0;
      continue;
    }
    // The queue takes packets in order: a short last packet may fit in room its predecessor had
    // to wait for, but not before it (the bookkeeping below is as of the predecessor's take).
    let taken = Math.max(t0, done);
    while (head < i && queued[2 * head + 1] <= taken) queuedBytes -= queued[2 * head++];
    while (queuedBytes + size > rx.queueBytes && head < i) {
      taken = queued[2 * head + 1];
      queuedBytes -= queued[2 * head++];
    }
    processed = Math.max(taken, processed) + size * psPerByte;
    queued[2 * i] = size;
    queued[2 * i + 1] = processed;
    queuedBytes += size;
    done = taken;
  }
  if (memo !== undefined) memo.set(key, done);
  return done;
}

/**
 * HPCC's reference FCT, standalone_fct (HPCC's ns-3, simulation/scratch/third.cc qp_finish):
 * base_rtt + total_bytes × 8 / b, with b the path's bottleneck rate, total_bytes the payload
 * plus one header per packet of packet_payload_size (here mtu − header), and base_rtt = pairRtt
 * = 2 × Σ link delays + Σ one packet_payload_size serialisation per hop (CalculateRoute's delay
 * and txDelay; main: `rtt = delay * 2 + txDelay`), a switch's latency counted as delay of the
 * hop after it (ns-3 has none). HPCC measures the flow against it at the sender's completion,
 * the last ACK (QpComplete); this is a round trip longer than idealFctPs, which ends at the
 * last byte delivered. Exact, where ns-3 truncates each term to whole ns.
 */
export function hpccStandaloneFctPs(
  t: Topology,
  src: number,
  dst: number,
  bytes: number,
  mtu: number,
  header: number,
  switchLatencyNs: number,
): number {
  const path = t.path(src, dst);
  const mss = mtu - header;
  let delayPs = 0;
  let txPs = 0;
  let bottleneckGbps = Infinity;
  for (let j = 0; j < path.length; j++) {
    const p = path[j];
    delayPs += t.portLatencyNs[p] * 1000 + (j > 0 ? switchLatencyNs * 1000 : 0);
    txPs += (mss * 8000) / t.portGbps[p];
    bottleneckGbps = Math.min(bottleneckGbps, t.portGbps[p]);
  }
  // ((m_size − 1) / packet_payload_size + 1) headers: ⌈bytes / mss⌉ for bytes ≥ 1.
  const wireBytes = bytes + Math.ceil(bytes / mss) * header;
  return 2 * delayPs + txPs + (wireBytes * 8000) / bottleneckGbps;
}

/**
 * The buffer and RED thresholds the switch ports run at the scenario's link rate, after
 * network.queue's overrides (dataLimitBytes, kMinBytes, kMaxBytes): what results.json reports.
 */
function resolvedQueue(fabric: Fabric): { bufferBytes: number; kMinBytes: number; kMaxBytes: number } {
  const q = fabric.queues.params;
  return { bufferBytes: q.dataLimitBytes, kMinBytes: q.kMinBytes, kMaxBytes: q.kMaxBytes };
}

/**
 * Two DCs: the BDP of one DC's RTT and the buffer and RED thresholds of the ports inside a DC at
 * the scenario's link rate (the keys above are then the WAN ports', the network's); nothing
 * elsewhere.
 */
function intraDcSizes(q: PortLimits | null, sized: { bdpBytes: number; bdpPkts: number }): Record<string, number> {
  if (q === null) return {};
  return {
    intraDcBdpBytes: Math.floor(sized.bdpBytes),
    intraDcBdpPackets: sized.bdpPkts,
    intraDcBufferBytes: q.dataBytes,
    intraDcKMinBytes: q.kMinBytes,
    intraDcKMaxBytes: q.kMaxBytes,
  };
}
