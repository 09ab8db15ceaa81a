// The randomized fabric soak behind `nicfw soak` (command.ts): draws and verdicts.
//
// Draws small scenarios over the whole configuration space — topology family and size, link
// rates and latencies, buffer sizes, trimming or PFC, routing, every CC × LB × reliability module,
// ACK coalescing, traffic kinds, faults — runs each, and reports the ones that end badly:
//   crash      an exception other than a refused scenario (ScenarioError)
//   errors     a module counted bad input (the fabric should never feed a module one); the
//              integrity check fails on it too, and this verdict is given first, with the other
//              violations in its detail
//   integrity  the run's own integrity check failed (bytes delivered twice or lost, packets
//              not conserved); this, errors and physics are judged on the longer reruns
//              (below) too, and on a run cut by its event budget
//   nondeterministic  one seed in eight runs twice in the same process, with different results;
//              or a longer run (below) does not repeat a completed flow of the shorter one
//   observer   another seed in eight runs again with metrics sampling switched on (or off), and
//              the flows or the network's totals differ
//   physics    a flow completed faster than its ideal (serialisation and propagation; fat
//              trees, leaf–spine and two DCs, where the minimal route is the shortest) or, on
//              Dragonfly and Slim Fly, than its bytes cross its host's link and then the
//              quickest route through the switches; or a host received its flows' bytes faster
//              than its link carries them, or a switch port sent faster than its rate
//              (everywhere). physics.ts
//   failed     a flow whose reliability module gave up (its retry limit) in a scenario with no
//              fault, no host processing below its link rate and no DCP on dropping switches,
//              and a run in which no DCP HO found its RetransQ full and neither PFC beyond a
//              headroom the scenario gave short nor a host's buffer dropped DCP's packets,
//              where nothing is lost on purpose, under a CC that hears congestion
//              (hearsNoCongestion): in the run or in a longer rerun (below). With those giving
//              up can be right, and the flow is only counted in the detail
//   stalled    a flow open at the end of the run (20 ms by default) that delivers nothing more
//              when the run lasts ten, then a hundred times as long (every drawn fault is
//              transient or mild; an RTO backed off many times can wait most of a second),
//              to the exact byte; open flows that do progress are counted as `slow`, not
//              reported. A flow delivered whose sender never heard its last ACK is open too,
//              and stuck while that ACK does not come. Stuck flows that hear no congestion and
//              send into a degraded link or a slow receiver are `slow` (deafIntoSlowerLink)
// A failing scenario is written to DIR/<seed>.json, runnable by itself with `nicfw run`.
// Scenario i is drawn from seed i alone, so `--from i --count 1` reproduces it.

import { Xoshiro128 } from "../../lib/core/rng";
import { openFlows, type Results, unackedFlows } from "../metrics/results";
import { CC_NAMES, LB_NAMES, RELIABILITY_NAMES } from "../net/registry";
import { runScenario } from "../run";
import { DACK_MSS_BYTES } from "../../lib/reliability/dack/params";
import { buildTopology, DEFAULT_WAN_GBPS, hostGbpsOf, trafficFlows } from "../scenario/build";
import { isRefusal, ScenarioError, validateScenario } from "../scenario/load";
import type { FaultEntry, Scenario, TrafficSpec } from "../scenario/schema";
import { HO_OVERFLOW_WORDS, REORDERED_WORDS, bufferGiven } from "../scenario/warnings";
import { tooFast } from "./physics";

class Draw {
  private readonly r: Xoshiro128;
  constructor(seed: number) {
    this.r = new Xoshiro128(seed);
  }
  below(n: number): number {
    return this.r.nextBelow(n);
  }
  int(lo: number, hi: number): number {
    return lo + this.r.nextBelow(hi - lo + 1);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.r.nextBelow(xs.length)];
  }
  chance(p: number): boolean {
    return this.r.nextBelow(1 << 20) < p * (1 << 20);
  }
}

/** Hosts of a drawn topology, for traffic that names hosts. */
function topology(d: Draw): { t: Scenario["topology"]; hosts: number; lowDiameter: boolean } {
  const rate = { linkGbps: d.pick([25, 100, 400]), latencyNs: d.pick([50, 500, 1000]), switchLatencyNs: d.pick([0, 0, 300]) };
  switch (d.below(5)) {
    case 0: {
      const tiers = d.pick([2, 3] as const);
      const k = d.pick([4, 4, 6]);
      const hosts = tiers === 2 ? (k * k) / 2 : (k * k * k) / 4;
      return { t: { kind: "fattree", tiers, k, oversubscription: d.pick([1, 1, 2, 3]), ...rate }, hosts, lowDiameter: false };
    }
    case 1: {
      const leaves = d.int(2, 4);
      const hostsPerLeaf = d.int(2, 6);
      return { t: { kind: "leafspine", leaves, spines: d.int(1, 4), hostsPerLeaf, ...rate }, hosts: leaves * hostsPerLeaf, lowDiameter: false };
    }
    case 2: {
      const p = d.int(1, 2);
      const a = d.int(2, 4);
      const h = d.int(1, 2);
      // Global links no shorter than local ones, so that the fewest hops are also the least delay (the ideal FCT's route).
      return { t: { kind: "dragonfly", p, a, h, ...rate, globalLatencyNs: rate.latencyNs * d.pick([1, 4]) }, hosts: p * a * (a * h + 1), lowDiameter: true };
    }
    case 3: {
      const p = d.int(1, 2);
      return { t: { kind: "slimfly", q: 5, p, ...rate }, hosts: 50 * p, lowDiameter: true };
    }
    default:
      return { t: { kind: "twodc", linkGbps: d.pick([25, 100]), latencyNs: 1000, wanGbps: d.pick([100, 1600]), wanLatencyNs: d.pick([5_000, 50_000]) }, hosts: 32, lowDiameter: false };
  }
}

function traffic(d: Draw, hosts: number): TrafficSpec[] {
  const bytes = () => d.pick([1, 100, 4096, 4150, 20_000, 100_000, 300_000]);
  const one = (): TrafficSpec => {
    switch (d.below(6)) {
      case 0:
        return { kind: "incast", senders: d.int(1, Math.min(hosts - 1, 12)), receiver: d.below(hosts), bytes: bytes() };
      case 1:
        return { kind: "permutation", bytes: bytes() };
      case 2:
        return { kind: "alltoall", bytes: d.pick([1000, 20_000]), window: d.int(0, 3), hosts: Array.from({ length: Math.min(hosts, 6) }, (_, i) => i) };
      case 3:
        return { kind: "allreduce", bytes: d.pick([64_000, 200_000]), algorithm: d.pick(["ring", "butterfly"] as const), hosts: Array.from({ length: Math.min(hosts, 8) }, (_, i) => i) };
      case 4:
        return { kind: "cdf", cdf: d.pick(["websearch", "hadoop"] as const), load: d.pick([0.3, 0.8]), durationUs: 20 };
      default: {
        const flows = Array.from({ length: d.int(1, 6) }, () => {
          const src = d.below(hosts);
          let dst = d.below(hosts - 1);
          if (dst >= src) dst++;
          return { src, dst, bytes: bytes(), startUs: d.pick([0, 0, 3, 40]) };
        });
        return { kind: "flows", flows };
      }
    }
  };
  return d.chance(0.2) ? [one(), one()] : [one()];
}

function faults(d: Draw): FaultEntry[] {
  if (!d.chance(0.25)) return [];
  switch (d.below(4)) {
    case 0:
      return [{ kind: "down", atUs: d.pick([0, 5]), untilUs: d.pick([50, 1000]), random: { count: 1, class: "switch" } }];
    case 1:
      return [{ kind: "degrade", gbps: 10, random: { count: 2, class: "any" } }];
    case 2:
      return [{ kind: "loss", probability: d.pick([0.001, 0.02]), packets: [d.pick(["data", "ack", "nack"] as const)], random: { count: 2, class: "any" } }];
    default:
      return [{ kind: "corrupt", probability: 0.01, everywhere: true }];
  }
}

/** Congestion controls that do not react to a trim NACK (harness/README "Adapters"). */
const DEAF_TO_NACKS = ["timely", "dcqcn", "none"];

/** Swift cuts on a NACK only with `lossDecrease`, which its google profile (the default) leaves off. */
const SWIFT_LOSS_CUT = ["paper", "htsim", "reflex"];

/**
 * Whether a CC choice, with its drawn parameters, ignores trim NACKs: besides the deaf ones,
 * Swift's google profile and MP-RDMA's htsim profile (`nackDecreaseMss` 0).
 */
function deafToNacks(cc: { name: string; params?: Record<string, unknown> }): boolean {
  if (cc.name === "swift") return !SWIFT_LOSS_CUT.includes(cc.params?.profile as string);
  if (cc.name === "mprdma") return cc.params?.profile === "htsim";
  return DEAF_TO_NACKS.includes(cc.name);
}

/** RDMA baselines that predate trimming: a trimmed header is a loss to them (harness/README). */
const NO_TRIM = ["gbn", "irn", "rack", "timeout"];

/**
 * Combinations the harness README documents as unworkable are not drawn: DCP with a window CC
 * other than NSCC and DCTCP (extras: its ACKs free whole messages, so a window below a message
 * leans on the recovery rounds and DCP's timeout), the RDMA
 * baselines with trimming, Swift or TIMELY across two DCs without Reflex (their delay
 * target is µs, the WAN's RTT is 100 µs or more), a degraded link under trimming with a CC
 * that ignores NACKs, and OPT under trimming with such a CC or such a CC where the trimmed headers of
 * one DC's hosts can exceed the WAN (in `variety`, once every CC is drawn), and DCP's trimmed
 * headers in a completely shared switch buffer (dcpControlPlane).
 */
export function drawScenario(seed: number, endUs: number): Scenario {
  const d = new Draw(seed);
  const { t, hosts, lowDiameter } = topology(d);
  const reliability = d.pick(RELIABILITY_NAMES);
  let cc: string = d.pick(CC_NAMES);
  if (reliability === "dcp") cc = d.pick(["dcqcn", "none"]);
  const reflex = t.kind === "twodc" && (cc === "swift" || cc === "timely");
  const pfc = d.chance(0.15);
  const trimming = NO_TRIM.indexOf(reliability) < 0 && (pfc ? d.chance(0.3) : d.chance(0.7));
  const routes = lowDiameter ? (["minimal", "valiant", "ugal", "ecmp", "spritz", "adaptive"] as const) : (["ecmp", "adaptive"] as const);
  const routing = d.pick(routes);
  const lbs = routing === "spritz" ? LB_NAMES.filter((n) => n.startsWith("spritz")) : LB_NAMES.filter((n) => !n.startsWith("spritz"));
  const buffer = d.chance(0.5) ? { bufferBdp: d.pick([0.25, 0.5, 1, 2]) } : { bufferBytes: d.pick([9000, 30_000, 200_000]) };
  const s: Scenario = {
    name: `soak-${seed}`,
    seed,
    topology: t,
    network: {
      mtuBytes: d.pick([1500, 4150, 4150, 9000]),
      routing,
      trimming,
      ...buffer,
      ...(pfc ? { pfc: {} } : {}),
      ...(reflex ? { reflex: {} } : {}),
    },
    transport: {
      cc: { name: cc },
      lb: { name: d.pick(lbs) },
      reliability: { name: reliability },
      ackEveryBytes: d.pick([0, 4096, 16_384, 65_536]),
    },
    traffic: traffic(d, hosts),
    // A degraded link under trimming starves when the CC ignores the NACKs (harness/README): not drawn.
    faults: faults(d).filter((f) => !(f.kind === "degrade" && trimming && DEAF_TO_NACKS.includes(cc))),
    run: { endUs, faultBaseline: false },
  };
  // Drawn after everything above, so that adding options here leaves earlier seeds' draws alone.
  extras(d, s, hosts);
  fitReceiveBuffer(d, s);
  dcpControlPlane(s);
  return withFlows(s);
}

/**
 * DCP over a completely shared switch buffer keeps its control queue outside the buffer, as its
 * own queue profile (`dcp`) and simulator do (§4.2's lossless control plane), drawing nothing.
 * Under the `complete` rule one congested port's data fills the buffer to within a header, so
 * with the control FIFO in the buffer (every other queue profile) a packet the buffer refuses
 * is trimmed and its header refused too: the switch drops, and DCP recovers only by timeouts that
 * resend whole messages (lib/reliability/dcp README "Without trimming"). Seed 4,802,437, a
 * tornado of one 50 kB message a flow from 16 hosts at 25 Gb/s into a 100 Gb/s WAN over a 60 kB
 * buffer: the senders' resends met again at the spines in each of 8 timeout rounds, each losing
 * some of every flow's packets, and 16 flows failed; with the headers outside, every flow
 * completes in 0.37 ms, none timed out. The dynamic rule holds each queue to α·(B − used) and
 * leaves room for headers.
 */
function dcpControlPlane(s: Scenario): void {
  const n = s.network ?? {};
  const q = (n.queue ?? {}) as { profile?: string };
  if (s.transport?.reliability?.name !== "dcp" || n.trimming === false || n.switchBuffer?.rule !== "complete" || q.profile === "dcp") return;
  n.queue = { ...n.queue, controlPooled: false };
}

/**
 * DACK and OPT refuse a host whose receive buffer (network.rxBufferBytes, else the switches'
 * bufferBytes) is below the target's policy threshold, 9 KiB (§III-A): 9,000 B buffers and
 * a quarter or half BDP on a short fabric were 161 refusals in 4,000 seeds (review rev-soak).
 * Such a seed gets a receive buffer of its own.
 */
function fitReceiveBuffer(d: Draw, s: Scenario): void {
  const rel = (s.transport?.reliability as { name: string }).name;
  const n = s.network ?? {};
  if ((rel !== "dack" && rel !== "opt") || n.rxBufferBytes !== undefined) return;
  const small = (n.bufferBytes !== undefined && n.bufferBytes < DACK_MSS_BYTES) || (n.bufferBdp !== undefined && n.bufferBdp <= 0.5);
  if (small) n.rxBufferBytes = d.pick([20_000, 1_000_000]);
}

/**
 * The scenario, its flow-size-CDF entries' arrival windows lengthened fourfold (up to five
 * times) while the traffic has no flow: 20 µs of websearch arrivals at 30 % load are often
 * none, and 42 seeds in 4,000 ran nothing (review rev-soak). A scenario the topology or traffic
 * refuses is left as drawn (judged refused).
 */
function withFlows(s: Scenario): Scenario {
  const cdfs = s.traffic.filter((x) => x.kind === "cdf");
  if (cdfs.length === 0) return s;
  try {
    const topo = buildTopology(s);
    for (let i = 0; i < 5 && trafficFlows(s, topo, s.seed ?? 1, ".").length === 0; i++) for (const x of cdfs) x.durationUs = (x.durationUs ?? 20) * 4;
  } catch (e) {
    if (!isRefusal(e)) throw e;
  }
  return s;
}

/** Module parameters, network options, more traffic kinds and metrics, each now and then. */
function extras(d: Draw, s: Scenario, hosts: number): void {
  const tr = s.transport ?? {};
  const cc = tr.cc as { name: string; params?: Record<string, unknown> };
  const lb = tr.lb as { name: string; params?: Record<string, unknown> };
  if (cc.name === "nscc" && d.chance(0.5)) cc.params = { profile: d.pick(["uec", "smartt", "uec-htsim"]) };
  if (cc.name === "dctcp" && d.chance(0.5)) cc.params = { quickAdapt: d.chance(0.5), fastIncrease: d.chance(0.5) };
  if (lb.name === "spritz-spray" && d.chance(0.3)) lb.params = { weighted: false };
  const n = s.network ?? {};
  if (d.chance(0.15)) n.controlWeight = d.pick([1, 3]);
  // A slow receiver under no congestion control starves some flows for seconds (drops at its
  // buffer, resent at line rate): not drawn.
  if (d.chance(0.1) && cc.name !== "none") n.rxGbps = d.pick([5, 50]);
  if (d.chance(0.1)) [n.ecnMinFraction, n.ecnMaxFraction] = d.pick([[0, 0], [0.5, 0.5], [0.1, 1]] as const);
  if (d.chance(0.1) && s.topology.kind === "fattree") s.topology.hostGbps = (s.topology.linkGbps ?? 100) / 4;
  const ld = s.topology.kind === "dragonfly" || s.topology.kind === "slimfly";
  if (d.chance(0.2)) {
    const more: TrafficSpec[] = [
      { kind: "tornado", bytes: d.pick([4096, 50_000]) },
      { kind: "put", senders: d.int(1, Math.min(hosts - 1, 6)), receiver: d.below(hosts), bytes: d.pick([20_000, 200_000]), rxFraction: d.pick([0.25, 0.5]) },
      {
        kind: "flows",
        flows: [
          { src: 0, dst: 1, bytes: 30_000 },
          { src: 1, dst: 2, bytes: 30_000, after: [0] },
          { src: 2, dst: 0, bytes: 30_000, afterAcked: [1], startUs: 1 },
        ],
      },
    ];
    if (ld) more.push({ kind: "adversarial", bytes: d.pick([20_000, 100_000]) });
    if (s.topology.kind === "dragonfly") more.push({ kind: "monitored", bytes: 200_000, backgroundBytes: 50_000, freeGroups: 1 });
    s.traffic.push(d.pick(more));
  }
  if (d.chance(0.1)) s.metrics = { sample: { intervalUs: d.pick([0.5, 5]), flows: [0], ports: [{ to: 0 }] }, paths: { flows: [0] } };
  // Now and then a larger fabric (host numbers only grow, so the traffic drawn above still fits).
  if (d.chance(0.05)) {
    const t = s.topology;
    if (t.kind === "fattree") t.k = 8;
    else if (t.kind === "slimfly") t.q = 7;
    else if (t.kind === "leafspine") [t.leaves, t.hostsPerLeaf] = [8, 8];
    else if (t.kind === "dragonfly") [t.p, t.a, t.h] = [2, 4, 2];
  }
  if (lb.name === "spritz-scout" && d.chance(0.5)) lb.params = { bufferOrder: "rtt" };
  moduleProfiles(d, s);
  networkOptions(d, s);
  variety(d, s, hosts);
  // Drawn last, so the draws above stay those of the ranges soaked before it was added. Host
  // jitter pauses the NIC after each packet, so its wake-ups meet the pacer's.
  if (d.chance(0.1)) n.hostJitterNs = d.pick([1, 20, 300]);
  // UEC's RTO backoff for RUD (lib/reliability/rud README), drawn after the jitter for the same reason.
  const rel = tr.reliability as { name: string; params?: Record<string, unknown> };
  if (rel.name === "rud" && d.chance(0.2)) rel.params = { ...rel.params, rtoBackoff: true };
  // Control packets on the minimal route (the Spritz authors' htsim), drawn after the backoff.
  if (ld && d.chance(0.3)) n.controlRouting = "minimal";
  // One priority and no virtual channels: Valiant, UGAL and minimal routes on a Dragonfly or Slim
  // Fly can deadlock under PFC, which the switches' watchdog breaks after watchdogNs. 1 ms (not
  // its 200 ms default) so that the 20 ms run sees the recovery. Set, not drawn: the draws stay.
  if (n.pfc !== undefined) n.pfc = { ...(n.pfc as Record<string, unknown>), watchdogNs: 1_000_000 };
  // The watchdog's drop action, drawn after all the above. Its port discards data until
  // restoration, so that comes after 1 ms too (by default 200 ms, ten runs).
  if (n.pfc !== undefined && d.chance(0.3)) {
    n.pfc = { ...(n.pfc as Record<string, unknown>), watchdogAction: "drop", watchdogRestoreNs: 1_000_000, watchdogRestore: d.pick(["fixed", "quiet"]) };
  }
  // Enforced data loss trimmed instead, as DCP's switch does (§6.1), drawn after the watchdog.
  const lossy = (s.faults ?? []).filter((f) => f.kind === "loss" && (f.packets ?? []).includes("data"));
  if (n.trimming === true && lossy.length > 0 && d.chance(0.5)) for (const f of lossy) f.trim = true;
  // NSCC opening at one MTU instead of max_wnd (uet-htsim -cwnd 1), drawn after the trimmed loss.
  if (cc.name === "nscc" && d.chance(0.2)) cc.params = { ...cc.params, initCwndBytes: n.mtuBytes ?? 4150 };
  // SMaRTT's QuickAdapt measured over its last window through the ignore phase (§III-E's text), drawn last.
  if (cc.name === "nscc" && cc.params?.profile === "smartt" && d.chance(0.3)) cc.params = { ...cc.params, qaMeasure: "window" };
  // A buffer shared by each switch's ports (DCP §6.2), drawn last: at least one full packet; not
  // with PFC (the scenario refuses the two together).
  if (n.pfc === undefined && d.chance(0.2)) {
    const bytes = Math.max(n.mtuBytes ?? 4150, d.pick([60_000, 400_000, 4_000_000]));
    n.switchBuffer = { bytes, rule: d.pick(["dynamic", "complete"] as const), alphaLog2: d.pick([-2, 0, 1]) };
  }
  // Under PFC the switch's buffer sets when each ingress queue pauses (lib/switch PfcShared),
  // drawn after the lossy one: no static thresholds, and room for every port's reserve and
  // headroom (some 120 kB each at 400 Gb/s over 1 µs; the largest radix drawn is about 30).
  if (n.pfc !== undefined && d.chance(0.3)) {
    const { xoffBytes: _xoff, xonBytes: _xon, ...pfc } = n.pfc as Record<string, unknown>;
    n.pfc = pfc;
    n.switchBuffer = { bytes: d.pick([8, 32]) * 2 ** 20, rule: d.pick(["dynamic", "complete"] as const), alphaLog2: d.pick([-3, -1, 0]) };
  }
  // DCP under a window CC, drawn last (lib/reliability/dcp README "DCP + a window CC"): since
  // 2026-12-05 a recovery round lets the resend and one HO retransmission past the window and every
  // expiry counts toward the retry limit; before, a loss with the window full of later messages
  // hung the QP for good (review fw2). In 400 DCP seeds with every CC: 315 ok, 69 slow, none
  // stalled, against 266 ok and 118 slow before. The DCQCN parameters drawn above do not carry over.
  if (rel.name === "dcp" && d.chance(0.5)) tr.cc = { name: d.pick(["nscc", "dctcp"]) };
  // A 3-tier fat tree built with fewer pods than k (SMaRTT §IV's 1,024 hosts at 2:1 are 8 of
  // k = 16's pods), drawn last: at least the pods that hold every host the traffic above names.
  const tree = s.topology;
  if (tree.kind === "fattree" && tree.tiers === 3 && tree.k !== undefined && d.chance(0.3)) {
    const k = tree.k;
    const hostsPerPod = (k / 2) * (k / 2) * (tree.oversubscription ?? 1);
    const fewest = Math.max(2, Math.ceil(hosts / hostsPerPod));
    if (fewest < k) tree.pods = d.int(fewest, k - 1);
  }
  // An htsim connection matrix, given as text (self-contained), drawn last: its parser and
  // triggers (harness/traffic/cm.ts) as a chain of four connections over at most 8 hosts, the
  // first two activating trigger 1 (on their last ACK, on their last delivery) and the last two
  // started by it, once (oneshot), one per activation (multishot) or after both (barrier).
  if (d.chance(0.05)) s.traffic.push(matrix(d, Math.min(hosts, 8)));
  lateOptions(d, s);
}

/**
 * Options the draw above never set (review rev-soak F7), drawn after all of it so that earlier
 * seeds keep their scenarios: Reflex with NSF alone or neither half, and end-to-end ACKs driving
 * the CC; PFC frames of 1000 quanta refreshed every microsecond (1000 quanta are 1.28 µs at
 * 400 Gb/s, the fastest link drawn, so the refresh fits every port's frame; `variety` draws the
 * quanta, XON and headroom alone) and, over a switch buffer, each ingress queue's reserve and
 * resume offset; a fixed packet pool, which a run may outgrow (judged refused, not a crash).
 */
function lateOptions(d: Draw, s: Scenario): void {
  const n = s.network ?? {};
  if (n.reflex !== undefined && d.chance(0.3)) {
    const halves = d.pick([{ nsf: true, ndt: false }, { nsf: false, ndt: false }, { e2eAckDrivesCc: true }]);
    n.reflex = { ...(n.reflex as Record<string, unknown>), ...halves };
  }
  if (n.pfc !== undefined && d.chance(0.3)) {
    const shared = n.switchBuffer !== undefined && d.chance(0.5);
    const more = shared ? { reserveBytes: d.pick([0, 20_000]), resumeOffsetBytes: d.pick([0, 10_000]) } : { pauseQuanta: 1000, refreshNs: 1000 };
    n.pfc = { ...(n.pfc as Record<string, unknown>), ...more };
  }
  if (d.chance(0.05)) n.packetPool = d.pick([4096, 65_536]);
}

/** The matrix entry of `extras`: four connections among `nodes` hosts, in µs and bytes. */
function matrix(d: Draw, nodes: number): TrafficSpec {
  const pair = (): string => {
    const src = d.below(nodes);
    let dst = d.below(nodes - 1);
    if (dst >= src) dst++;
    return `${src}->${dst}`;
  };
  const bytes = () => d.pick([1, 4150, 20_000, 100_000]);
  const kind = d.pick(["oneshot", "multishot", "barrier count 2"]);
  const text = [
    `Nodes ${nodes}`,
    "Connections 4",
    "Triggers 1",
    `${pair()} id 1 start 0 size ${bytes()} send_done_trigger 1`,
    `${pair()} id 2 start ${d.pick([0, 5])} size ${bytes()} recv_done_trigger 1`,
    `${pair()} id 3 trigger 1 size ${bytes()}`,
    `${pair()} id 4 trigger 1 size ${bytes()}`,
    `trigger id 1 ${kind}`,
  ].join("\n");
  return { kind: "matrix", text: `${text}\n` };
}

/**
 * The congestion controls a traffic entry may run instead of the scenario's, under the same
 * exclusions as drawScenario's (DCP, the WAN with and without Reflex, a degraded link under
 * trimming, a slow receiver without congestion control).
 */
function ccChoices(s: Scenario): string[] {
  const n = s.network ?? {};
  const rel = (s.transport?.reliability as { name: string }).name;
  if (rel === "dcp") return n.rxGbps !== undefined ? ["dcqcn"] : ["dcqcn", "none"];
  // Reflex feeds delay samples, so its flows run Swift or TIMELY (the scenario refuses others).
  if (n.reflex !== undefined) return ["swift", "timely"];
  const wan = s.topology.kind === "twodc";
  const degraded = n.trimming === true && (s.faults ?? []).some((f) => f.kind === "degrade");
  return CC_NAMES.filter(
    (c) => !(wan && (c === "swift" || c === "timely")) && !(degraded && DEAF_TO_NACKS.includes(c)) && !(n.rxGbps !== undefined && c === "none"),
  );
}

/**
 * Traffic entries with their own CC or load balancer, slow receivers, host links of their own
 * latency, the generators' options and PFC's thresholds, now and then. Drawn last of all, so the
 * earlier draws of a seed stay what they were.
 */
function variety(d: Draw, s: Scenario, hosts: number): void {
  const lbName = (s.transport?.lb as { name: string }).name;
  // Spritz's own kind: VLAN categories and EVs do not mix in one run (build.ts), and the other
  // balancers need no Spritz roles.
  const family = (n: string) => (n === "spritz-vlan" ? 2 : n.startsWith("spritz") ? 1 : 0);
  const lbs = LB_NAMES.filter((n) => family(n) === family(lbName));
  for (const x of s.traffic) {
    if (d.chance(0.15)) x.cc = { name: d.pick(ccChoices(s)) };
    if (d.chance(0.1)) x.lb = { name: d.pick(lbs) };
    if (x.kind === "incast" && d.chance(0.3)) {
      if (d.chance(0.5)) x.staggerUs = d.pick([1, 5]);
      else x.jitterUs = d.pick([2, 10]);
      if (d.chance(0.5)) {
        // In place of bytes, which bytesList overrode (the same flows; both given are refused now).
        x.bytesList = [x.bytes ?? 4096, 1, 50_000];
        delete x.bytes;
      }
    }
    if (x.kind === "permutation" && d.chance(0.3)) x.cross = true;
    if (x.kind === "tornado" && d.chance(0.5)) x.shift = d.int(2, 5);
    if (x.kind === "alltoall" && d.chance(0.3)) {
      [x.groups, x.groupSize, x.placement] = [2, Math.floor((x.hosts?.length ?? hosts) / 2), d.pick(["random", "contiguous"] as const)];
    }
    if (x.kind === "cdf" && d.chance(0.3)) x.maxSendersPerReceiver = d.int(1, 3);
    if (x.kind === "cdf" && s.topology.kind === "twodc" && d.chance(0.5)) x.interDcFraction = d.pick([0, 0.5, 1]);
  }
  // A slow receiving host, as rxGbps is for all of them (so not without congestion control).
  const noCc = s.traffic.some((x) => (x.cc ?? s.transport?.cc)?.name === "none");
  if (!noCc && d.chance(0.08)) {
    const slow: FaultEntry = { kind: "slow", hosts: [d.below(hosts)], rxFraction: d.pick([0.25, 0.5]), atUs: d.pick([0, 10]) };
    s.faults = [...(s.faults ?? []), slow];
  }
  // A brief second fault of the same kind, which may overlap the first on some links.
  const first = (s.faults ?? [])[0];
  if (first !== undefined && d.chance(0.3)) s.faults = [...(s.faults ?? []), { ...first, atUs: 2, untilUs: d.pick([30, 300]) }];
  // Now that every CC and profile is drawn: no degraded link under trimming with a CC deaf to
  // NACKs (Swift's default profile among them, harness/README "Adapters").
  const ccs = [s.transport?.cc, ...s.traffic.map((x) => x.cc)].filter((c) => c !== undefined) as { name: string; params?: Record<string, unknown> }[];
  if (s.network?.trimming === true && ccs.some(deafToNacks)) s.faults = (s.faults ?? []).filter((f) => f.kind !== "degrade");
  // OPT resends its whole fixed window after a gap and the in-order target drops what follows
  // one (DACK paper §II-A); under trimming with a CC deaf to NACKs nothing backs off, and an
  // incast of five or more senders floods the last hop with trimmed headers for seconds (seed
  // 2,109,346): trimming is switched off instead, which leaves the seed's other draws alone.
  const rel = (s.transport?.reliability as { name: string }).name;
  if (rel === "opt" && s.network?.trimming === true && ccs.some(deafToNacks)) s.network.trimming = false;
  // The WAN is such a link when one DC's hosts all send across it and the control packets on it
  // can exceed its rate: their trimmed headers, and the NACKs answering the other DC's (16 ×
  // 100 Gb/s × (128 + 32) B / 1,500 B = 171 Gb/s into 100 Gb/s, seed 2,199,810; 16 × 100 ×
  // (64 + 64) / 1,500 = 137 into 100, seed 2,382,251, which delivered nothing more after 20 ms
  // and finished when the WAN ran at 140 Gb/s, not at 120). With a CC deaf to NACKs nothing
  // backs off. Trimming is switched off there too.
  if (s.network?.trimming === true && ccs.some(deafToNacks) && wanControlGbps(s, hosts) > wanGbps(s)) s.network.trimming = false;
  // DCP's queue drops ACKs above its threshold (§4.2); with no CC the queues stay above it and
  // every ACK is lost: not drawn (seed 1,961,791).
  const q = s.network?.queue as { profile?: string } | undefined;
  if (q?.profile === "dcp" && ccs.some((c) => c.name === "none")) q.profile = "uec";
  if (s.topology.kind !== "twodc" && d.chance(0.1)) s.topology.hostLatencyNs = d.pick([0, 2_000]);
  const n = s.network ?? {};
  if (n.pfc !== undefined && d.chance(0.3)) {
    n.pfc = { ...(n.pfc as Record<string, unknown>), xonBytes: d.pick([0, 10_000]), headroomBytes: d.pick([0, 50_000]), pauseQuanta: d.pick([1, 65535]) };
  }
  if (d.chance(0.1)) s.metrics = { ...s.metrics, sizeClassesBytes: [5_000, 100_000] };
  // Now and then what the faults cost: the run again without them (results.json faultCost).
  if ((s.faults ?? []).length > 0 && d.chance(0.1)) s.run = { ...s.run, faultBaseline: true };
}

/** One DC's hosts' trimmed headers plus the NACKs (ackBytes) answering the other DC's, in Gb/s, when every packet is trimmed (0: not two DCs). */
export function wanControlGbps(s: Scenario, hosts: number): number {
  if (s.topology.kind !== "twodc") return 0;
  const n = s.network ?? {};
  return ((hosts / 2) * hostGbpsOf(s.topology) * ((n.headerBytes ?? 64) + (n.ackBytes ?? 64))) / (n.mtuBytes ?? 4150);
}

function wanGbps(s: Scenario): number {
  return s.topology.kind === "twodc" ? (s.topology.wanGbps ?? DEFAULT_WAN_GBPS) : Infinity;
}

/** The switches' queue profile and scheduler, header and ACK sizes, receive buffer, PFC thresholds, Reflex's profile, now and then. */
function networkOptions(d: Draw, s: Scenario): void {
  const n = s.network ?? {};
  if (d.chance(0.2)) {
    n.queue = { profile: d.pick(["uec-htsim", "uec", "dcp", "droptail"]), scheduler: d.pick(["strict", "wrr", "dwrr"]), ecnAt: d.pick(["enqueue", "dequeue"]) };
  }
  if (d.chance(0.1)) [n.headerBytes, n.ackBytes] = [d.pick([32, 128]), d.pick([32, 128])];
  if (n.rxGbps !== undefined && d.chance(0.5)) n.rxBufferBytes = d.pick([20_000, 1_000_000]);
  if (n.pfc !== undefined && d.chance(0.5)) n.pfc = { xoffBytes: d.pick([20_000, 100_000]) };
  if (n.reflex !== undefined && d.chance(0.5)) n.reflex = { params: { profile: d.pick(["timely", "swift"]) } };
}

/** Every module's profiles and modes, and DCP's bitmap tracking and small retransmission queue, now and then. */
function moduleProfiles(d: Draw, s: Scenario): void {
  const tr = s.transport ?? {};
  const set = (m: { name: string; params?: Record<string, unknown> } | undefined, params: Record<string, unknown>) => {
    if (m !== undefined && d.chance(0.3)) m.params = { ...m.params, ...params };
  };
  const cc = tr.cc as { name: string; params?: Record<string, unknown> };
  const profiles: Record<string, readonly string[]> = {
    swift: ["paper", "google", "htsim"],
    timely: ["paper", "hpcc"],
    dcqcn: ["paper", "hpcc", "hpcc-paper"],
    mprdma: ["paper", "htsim"],
    dctcp: ["rfc8257", "htsim"],
  };
  if (profiles[cc.name] !== undefined) set(cc, { profile: d.pick(profiles[cc.name]) });
  // Swift's endpoint window, on the remote delay the ACKs carry (§3.2).
  if (cc.name === "swift") set(cc, { endpointTargetNs: d.pick([2_000, 20_000]) });
  const lb = tr.lb as { name: string; params?: Record<string, unknown> };
  if (lb.name === "reps") set(lb, { profile: d.pick(["paper", "artifact", "uec-htsim"]) });
  const weighted = { mode: "weighted", sets: [{ evs: [0, 1, 2, 3, 4, 5, 6, 7], weights: [1, 2, 3, 4, 5, 6, 7, 8] }] };
  if (lb.name === "ops") set(lb, d.pick([{ mode: "uniform" }, { mode: "uec" }, weighted]));
  const rel = tr.reliability as { name: string; params?: Record<string, unknown> };
  if (rel.name === "dcp") set(rel, { receiver: { tracking: "bitmap" }, sender: { retransQueueDepth: 16, retransBatch: d.pick([1, 4, 16]) } });
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

/** Whether a scenario's metrics sample or trace anything (a sample with no flow, port or host samples nothing). */
function observes(m: Scenario["metrics"]): boolean {
  const x = m?.sample;
  return (x?.flows?.length ?? 0) + (x?.ports?.length ?? 0) + (x?.hosts?.length ?? 0) + (m?.paths?.flows.length ?? 0) > 0;
}

/**
 * The scenario with its sampling and path tracing removed, or added where it observes nothing
 * (the first flow, a host-facing port each way, that flow's paths), so that exactly one of the
 * two runs observes. Other metrics (sizeClassesBytes) stay: taking the whole of `metrics` away
 * left one draw in eleven of the observer seeds comparing two unsampled runs (review rev-soak).
 */
export function toggleObservation(s: Scenario): Scenario {
  const { sample: _sample, paths: _paths, ...rest } = s.metrics ?? {};
  if (observes(s.metrics)) {
    const { metrics: _, ...without } = s;
    return Object.keys(rest).length > 0 ? { ...without, metrics: rest } : without;
  }
  return { ...s, metrics: { ...rest, sample: { intervalUs: 1, flows: [0], ports: [{ to: 0 }, { from: 0 }] }, paths: { flows: [0] } } };
}

/** Where a run with and one without sampling differ in what the network did, or null. */
function observerEffect(a: Results, b: Results): string | null {
  // Sampling adds events of its own; nothing else may move.
  const what = (r: Results) => JSON.stringify([r.flows, { ...r.totals, events: 0 }, r.completed, r.failed, r.simulatedUs, r.integrity]);
  const x = what(a);
  const y = what(b);
  if (x === y) return null;
  const at = firstDifference(x, y);
  return `sampling changed the run: results differ at character ${at} (${x.slice(at, at + 60)})`;
}

/** An integrity violation that is a module's count of rejected calls (Fabric.checkIntegrity: reliability, switch, Reflex, CC and LB). */
const REJECTED = / rejected \d+ calls$/;

/**
 * What no run may show, the same for the run and its reruns: module errors, a failed integrity
 * check, impossible speed. Module errors first: the integrity check fails on them too, listing
 * them last, after what a rejected call may have left behind (a packet unaccounted), so judged
 * second they never showed (review rev-soak); the other violations follow in the detail.
 */
function unsound(s: Scenario, r: Results): { verdict: Verdict; detail: string } | null {
  const rejected = r.integrity.violations.filter((v) => REJECTED.test(v));
  if (rejected.length > 0 || r.totals.moduleErrors > 0) {
    const rest = r.integrity.violations.filter((v) => !REJECTED.test(v));
    const more = rest.length > 0 ? `; integrity also: ${rest.slice(0, 3).join("; ")}` : "";
    return { verdict: "errors", detail: `${rejected.length > 0 ? rejected.join("; ") : `${r.totals.moduleErrors} module errors`}${more}` };
  }
  if (!r.integrity.ok) return { verdict: "integrity", detail: r.integrity.violations.slice(0, 3).join("; ") };
  const impossible = tooFast(s, r);
  return impossible === null ? null : { verdict: "physics", detail: impossible };
}

/**
 * The events a run or a rerun may take (about a minute on this machine, at 3–5 million events a
 * second).
 * A seed that moves millions of packets per 20 ms (seed 2,199,810: 84 million events, 21 s) took
 * most of an hour over its hundredfold rerun; events, unlike a wall clock, stop every machine at
 * the same point, so the verdict stays reproducible.
 */
export const RERUN_MAX_EVENTS = 250_000_000;

/** PacketPool.grow's message when a fixed pool runs out (harness/net/packets.ts). */
const POOL_EXHAUSTED = /^packet pool exhausted .*network\.packetPool/;

/** How a run can end, the good ones first (the command's tally follows this order). */
export const VERDICTS = ["ok", "refused", "slow", "crash", "integrity", "errors", "nondeterministic", "observer", "physics", "failed", "stalled"] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * Whether the scenario loses or slows packets on purpose: a fault of any kind, or hosts that
 * process below their link rate (network.rxGbps, a put entry's rxFraction); or runs DCP on
 * switches that drop rather than trim (trimming off, and no PFC or a buffer given under it),
 * where a congestion loss waits for a timeout that resends the whole message and an incast can
 * take every retry (lib/reliability/dcp/README "Without trimming", the scenario's warning; seeds
 * 232 and 278, and under PFC with 9,000–30,000 B buffers 4,746,335 … 4,750,282). Without any, a
 * reliability module has no cause to give up on a flow.
 */
function perturbed(s: Scenario): boolean {
  const n = s.network ?? {};
  // Trimming is on by default without PFC, off with it (build.ts); under PFC a queue given a
  // buffer still drops (warnings.ts dcpDropWarnings).
  const trimmingOff = n.trimming === false || n.queue?.trimming === "off" || (n.pfc !== undefined && n.trimming === undefined && n.queue?.trimming === undefined);
  const dcpDrops = s.transport?.reliability?.name === "dcp" && trimmingOff && (n.pfc === undefined || bufferGiven(n));
  return dcpDrops || (s.faults ?? []).length > 0 || slowReceiver(s);
}

/** Whether hosts process below their link rate: network.rxGbps, or a put entry's rxFraction (a `slow` fault is a fault). */
function slowReceiver(s: Scenario): boolean {
  const rxGbps = s.network?.rxGbps;
  return (rxGbps !== undefined && rxGbps < hostGbpsOf(s.topology)) || s.traffic.some((t) => t.kind === "put" && (t.rxFraction ?? 1) < 1);
}

/**
 * Whether a run's reliability modules gave up on a flow with no cause the run shows: DCP HOs
 * that found their sender's RetransQ full (§4.3: a bounded queue) are left to the timeout, whose
 * whole-message resends an incast's senders, timed out together, send together again, until
 * every retry is gone (seed 4,759,312: 8:1, 300 kB each, no CC, retransQueueDepth 16; with the
 * default 128 every flow completes in 0.28 ms), and DCP's packets dropped by PFC beyond a
 * headroom given short or by a receiving host's buffer (dcpDroppedSilently), likewise left to
 * the timeout.
 */
function givenUpUnexplained(s: Scenario, r: Results): boolean {
  if ((r.failed ?? 0) === 0 || (r.metrics.controlPlane.hoRefused ?? 0) > 0 || dcpDroppedSilently(s, r) || reorderedInOrder(r)) return false;
  return !r.flows.filter((f) => f.status === "failed").every((f) => hearsNoCongestion(f.cc, r));
}

/**
 * Whether the build warned that an in-order transport (go-back-N, the DACK or OPT target) runs
 * where a flow's packets are reordered (warnings.ts inOrderReorderWarnings): every overtaking
 * packet is dropped and resent as a loss, and a flow may give up with no fault at all (seed
 * 5,190,643: NSCC, PLB and go-back-N under adaptive routing across two DCs, 6 of 32 flows failed
 * at 20 ms, with 1 ns of host jitter 2; under ECMP routing, or IRN, every flow completed).
 */
function reorderedInOrder(r: Results): boolean {
  return (r.warnings ?? []).some((w) => w.includes(REORDERED_WORDS));
}

/**
 * Whether flows under CC `cc` hear no congestion in this run: cc none, or a CC the build warned
 * "runs as cc none would" (DCQCN where no switch port marks; TIMELY whose T_low lies above every
 * RTT with a full queue, at a single bottleneck). Without congestion control a lossy fabric's
 * bottleneck may starve a flow past its retry limit (seed 4,848,179: a 10:1 incast of 300 kB at
 * 400 Gb/s into 30 kB drop-tail buffers under go-back-N and such a TIMELY; one flow gave up after
 * seven timeouts without progress), so giving up there has a cause, as a fault is one.
 */
function hearsNoCongestion(cc: string, r: Results): boolean {
  return cc === "none" || (r.warnings ?? []).some((w) => w.includes(`: ${cc} `) && w.includes("runs as cc none would"));
}

/**
 * Whether a DCP run lost data silently where the scenario made the fabric drop, not trim: PFC
 * beyond a headroom the scenario gave short, or a receiving host's buffer. Such a drop makes no
 * HO, so DCP recovers it only by the timeout that resends the whole message (lib/reliability/dcp
 * README "Without trimming"), whose packets meet the same drop again; the build warns of both
 * (warnings.ts dcpPfcHeadroomWarnings, rxBufferWarnings).
 *   PFC drops, never trims, what passes XOFF + headroom, and with headroom 0 a queue never pauses
 *   (it pauses above XOFF and drops above XOFF + 0): seed 4,807,556, a 10:1 incast of 300 kB under
 *   NSCC on a trimming Dragonfly with XOFF 20,000 B, dropped 1,882 packets at PFC, sent no PAUSE and
 *   trimmed none, and its 10 flows failed at 64 ms; with the headroom sized from the links they
 *   complete by 254 µs, none dropped. A headroom left to the build drops nothing, so PFC drops
 *   there stay unexplained.
 *   A host holds a packet in its buffer (network.rxBufferBytes, by default the switch port's) until
 *   it has processed it, so a buffer under two packets drops one that arrives meanwhile, even at
 *   rxGbps above the link rate: seed 4,832,822, rxGbps 50 over 25 Gb/s links and a 5,188 B buffer
 *   (bufferBdp 0.25); every 300 kB flow's last packet (1,786 B) arrived 571 ns behind a 4,150 B one
 *   still in processing (664 ns), and the four flows within a rack, on no switch uplink to space
 *   them, lost it in each of 8 rounds and failed at 64 ms; with a 5,936 B buffer (4,150 + 1,786)
 *   or more, every flow completes by 0.33 ms with no drop.
 */
function dcpDroppedSilently(s: Scenario, r: Results): boolean {
  if (s.transport?.reliability?.name !== "dcp") return false;
  const pfc = s.network?.pfc as { headroomBytes?: number } | undefined;
  // HOs lost in a bounded control FIFO (queue profile uec or uec-htsim), which the build warns of
  // (warnings.ts dcpControlPlaneWarnings; seed 5,210,591): each leaves its packet to the timeout.
  const hoLostWarned = (r.metrics.controlPlane.hoLost ?? 0) > 0 && (r.warnings ?? []).some((w) => w.includes(HO_OVERFLOW_WORDS));
  return (pfc?.headroomBytes !== undefined && (r.metrics.drops.pfc ?? 0) > 0) || (r.metrics.drops.receiver ?? 0) > 0 || hoLostWarned;
}

/**
 * Flows a run leaves unfinished: open ones, and complete ones whose sender never heard their
 * last ACK (the receiver has the data, results.ts; review rev-soak: a one-packet flow with every
 * ACK lost read "ok: 2/2 done"). On a run that ended on its own, not its event budget.
 */
function pendingFlows(r: Results): number {
  return openFlows(r) + unackedFlows(r);
}

/** The flows a run's reliability modules gave up on, for a detail: "flows 3, 7, 9 …". */
function failedFlows(r: Results): string {
  const ids = r.flows.filter((f) => f.status === "failed").map((f) => f.flow);
  return `flow${ids.length === 1 ? "" : "s"} ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? " …" : ""}`;
}

/**
 * Whether every stuck flow hears no congestion (hearsNoCongestion: cc none, or DCQCN where no
 * switch port marks at all or no full-size packet, or a TIMELY deaf at a bottleneck) and sends
 * into a link slower than its own: the scenario degrades a link or
 * processes below the link rate at a receiver. Such a flow resends at its line rate what the
 * slower link drops, and under go-back-N each NAK (one per hole per 500 µs) sends back to the
 * hole a flight that takes longer than 500 µs to send: the next NAK's resend of the hole meets
 * the queue the last one filled, and is dropped again (seed 4,839,937: DCQCN with 9,000 B
 * buffers that never mark a 4,150 B packet, a link degraded to 10 Gb/s; the flow's ePSN stayed
 * at 12 of 391 packets from 6.5 ms on, with 1 ns, 10 ns or 100 ns of host jitter, while with 0 or
 * 1 µs it finished by 105 ms). The draw leaves out a slow receiver under cc none as unworkable
 * (harness/README); whether DCQCN hears a mark is known only once the queues are sized.
 */
function deafIntoSlowerLink(s: Scenario, r: Results, stuck: Results["flows"]): boolean {
  const slower = (s.faults ?? []).some((f) => f.kind === "degrade" || f.kind === "slow") || slowReceiver(s);
  return slower && stuck.every((f) => hearsNoCongestion(f.cc, r));
}

const DEAF_DETAIL = ": the stuck flows hear no congestion (cc none, or a CC the build warned runs as cc none would) and send into a degraded link or a slow receiver (harness/README, seed 4,839,937)";

/**
 * For a stalled or failed seed without host jitter: the ten-times-longer run again with 1 ns of
 * it. Stalls were phase lockouts of the jitter-free fabric (seeds 2,203,291 and 4,091,200,
 * harness/README), which any jitter breaks, and so was a flow given up after its resends met a
 * full queue at the same phase seven times (seed 4,971,794); the verdict stays the seed's, the
 * detail says which. Where 1 ns does not break it, once more with a packet's time of jitter (one
 * MTU at the topology's link rate): behind one-packet buffers, synchronised flows lose the same
 * race to a packet already in a port, and only a shift of about a packet's time changes the
 * winner (seed 5,098,813: cc none and OPT with 9,000 B buffers at 25 Gb/s, stuck for 200 ms with
 * 1, 10 or 100 ns of jitter, finished by 271 µs with 2,880 ns).
 */
function jitterHint(s: Scenario, run: (s: Scenario) => Results): string {
  if ((s.network?.hostJitterNs ?? 0) !== 0) return "";
  const fine = jitterRun(s, run, 1, "a phase lockout");
  if (fine.done) return fine.text;
  const packetNs = Math.ceil(((s.network?.mtuBytes ?? 4150) * 8) / (s.topology.linkGbps ?? 100));
  return fine.text + jitterRun(s, run, packetNs, "a phase lockout at a packet's time").text;
}

/** The rerun with `ns` of host jitter: what it shows, and whether that ends the hint (`lockout` names a run every flow finishes). */
function jitterRun(s: Scenario, run: (s: Scenario) => Results, ns: number, lockout: string): { text: string; done: boolean } {
  const jittered = { ...s, network: { ...s.network, hostJitterNs: ns }, run: { ...s.run, endUs: (s.run?.endUs ?? 20_000) * 10, maxEvents: RERUN_MAX_EVENTS } };
  // The verdict stays the seed's own; what the jittered run shows is only said.
  let j: Results;
  try {
    j = run(jittered);
  } catch (e) {
    return { text: `; with network.hostJitterNs ${ns} the run threw: ${(e as Error).message.split("\n")[0]}`, done: true };
  }
  const bad = unsound(jittered, j);
  if (bad !== null) return { text: `; with network.hostJitterNs ${ns} the run is unsound (${bad.verdict}: ${bad.detail})`, done: true };
  if (j.completed === j.flowsTotal && unackedFlows(j) === 0) {
    return { text: `; with network.hostJitterNs ${ns} every flow finishes, by ${j.simulatedUs} µs: ${lockout} (harness/README)`, done: true };
  }
  return { text: `; with network.hostJitterNs ${ns}, ${pendingFlows(j)} still open and ${j.failed} failed at ${j.simulatedUs} µs`, done: false };
}

/** Runs a scenario (with `run`, runScenario unless a test stands in) and says how it ended. */
export function judge(scenario: Scenario, run: (s: Scenario) => Results = runScenario): { verdict: Verdict; detail: string; wallMs: number } {
  const t0 = Date.now();
  try {
    validateScenario(scenario);
    // The run itself carries the budget too: a PFC deadlock under one-quantum PAUSE frames
    // (seed 3,581,308: Valiant routing on a Slim Fly) moves nothing while refreshes fire every
    // nanosecond on every paused port, about 1 µs simulated per second, so the 1 ms watchdog
    // that ends it was half an hour away.
    const s = scenario.run?.maxEvents === undefined ? { ...scenario, run: { ...scenario.run, maxEvents: RERUN_MAX_EVENTS } } : scenario;
    const r = run(s);
    const wallMs = Date.now() - t0;
    // A run cut by its event budget (below) is still judged on these: its completed flows,
    // counts and integrity are final.
    const bad = unsound(s, r);
    if (bad !== null) return { ...bad, wallMs };
    // One scenario in eight runs again in the same process: identical results, or some state
    // outlived its run (a module-level cache, a table not reset at open).
    if (s.seed !== undefined && (s.seed & 7) === 0) {
      const first = JSON.stringify(r);
      const second = JSON.stringify(run(s));
      if (second !== first) return { verdict: "nondeterministic", detail: `results differ at character ${firstDifference(first, second)}`, wallMs };
    }
    // A flow given up with nothing lost on purpose (review rev-soak: such runs read "ok" or
    // "slow", the failure only in the detail). Judged before the budget: a cut run's failed
    // flows are final.
    const noCause = !perturbed(s);
    if (noCause && givenUpUnexplained(s, r)) {
      const detail = `${r.failed} of ${r.flowsTotal} flows failed (${failedFlows(r)}) and ${openFlows(r)} open at ${r.simulatedUs} µs, with no fault and no slow receiver${jitterHint(s, run)}`;
      return { verdict: "failed", detail, wallMs };
    }
    // A run cut by its budget is judged no further: sampling's own events would cut the run
    // below at another point, which is no observer effect.
    if (r.eventBudgetSpent) {
      const detail = `${openFlows(r)} of ${r.flowsTotal} flows open when the run spent its ${s.run?.maxEvents} events at ${r.simulatedUs} µs`;
      return { verdict: "slow", detail, wallMs };
    }
    // One in eight (another eighth) runs again with the sampling of queues, windows and paths
    // switched (on when the scenario has none, off when it has some): what is observed may not
    // change what happens.
    if (s.seed !== undefined && (s.seed & 7) === 4) {
      const changed = observerEffect(r, run(toggleObservation(s)));
      if (changed !== null) return { verdict: "observer", detail: changed, wallMs };
    }
    const open = pendingFlows(r);
    if (open > 0) {
      // Slow recovery (a coarse timeout of milliseconds, an RTO backed off) or stuck: runs ten
      // and a hundred times longer tell. Runs are deterministic, so a longer run's first 20 ms
      // are the short run: a flow still open that delivered nothing more by either is stuck.
      let stuck: Results["flows"] = [];
      let last = r;
      for (const k of [10, 100]) {
        last = run({ ...s, run: { ...s.run, endUs: (s.run?.endUs ?? 20_000) * k, maxEvents: RERUN_MAX_EVENTS } });
        const l = last;
        // A rerun is a run: what it shows unsound (a flow delivered twice after 20 ms, say) is
        // no less a failure for the verdict being about its open flows.
        const rerunBad = unsound(s, l);
        if (rerunBad !== null) return { verdict: rerunBad.verdict, detail: `the ${k}-times-longer run: ${rerunBad.detail}`, wallMs: Date.now() - t0 };
        // The premise of this comparison, checked on the way: the longer run's first part is the
        // short run. (A flow's data all delivered may still fail later: its sender, never hearing
        // so, gives up — DCP's retry limit. Its FCT stays.)
        const moved = r.flows.find((f, i) => f.status === "complete" && l.flows[i].fctUs !== f.fctUs);
        if (moved !== undefined) {
          const detail = `a ${k}-times-longer run changed flow ${moved.flow} (FCT ${moved.fctUs} µs, then ${l.flows[moved.flow].fctUs})`;
          return { verdict: "nondeterministic", detail, wallMs: Date.now() - t0 };
        }
        // Exact bytes: goodput, rounded to 0.001 Gb/s, hid up to 125 kB over 2 s, and flows at
        // Swift's floor under Reflex, moving 30 kB a second, read as stuck (seed 4,018,127).
        // A flow delivered but unacknowledged at 20 ms is stuck while its sender still hears nothing.
        stuck = l.flows.filter((f, i) => {
          const g = r.flows[i];
          if (f.status === "incomplete") return f.arrivedBytes === g.arrivedBytes;
          return f.status === "complete" && f.ackedUs == null && g.status === "complete" && g.ackedUs == null;
        });
        // A rerun cut by the event budget reached no further than it did: a longer one would stop there too.
        if (stuck.length === 0 || l.eventBudgetSpent) break;
      }
      const still = pendingFlows(last);
      // Flows given up in a longer run, with nothing lost on purpose, are failed; stuck ones stay
      // stalled (the detail counts the failed), unless they hear no congestion into a slower link.
      const deaf = stuck.length > 0 && deafIntoSlowerLink(s, r, stuck);
      const verdict = stuck.length > 0 && !deaf ? "stalled" : noCause && givenUpUnexplained(s, last) ? "failed" : "slow";
      const which = verdict === "failed" ? `: ${failedFlows(last)}, with no fault and no slow receiver` : deaf ? DEAF_DETAIL : "";
      const cut = last.eventBudgetSpent ? ` (the rerun spent its ${RERUN_MAX_EVENTS} events)` : "";
      const hint = stuck.length > 0 || verdict === "failed" ? jitterHint(s, run) : "";
      const delivered = unackedFlows(r);
      const unacked = delivered > 0 ? ` (${delivered} delivered, their last ACK not heard)` : "";
      return { verdict, detail: `${open} of ${r.flowsTotal} flows open at ${r.simulatedUs} µs${unacked}, ${still} at ${last.simulatedUs} µs${cut}, ${stuck.length} without progress (failed ${last.failed}${which})${hint}`, wallMs: Date.now() - t0 };
    }
    return { verdict: "ok", detail: `${r.completed}/${r.flowsTotal} done, ${r.failed} failed, ${r.simulatedUs.toFixed(0)} µs`, wallMs };
  } catch (e) {
    const wallMs = Date.now() - t0;
    // A packet pool the scenario fixes (network.packetPool) may be too small for its run: the
    // fabric stops with a RangeError naming the field, as `nicfw run` reports it. The default
    // pool grows to 4 Mi packets: running out of it is a leak, a crash.
    const poolGiven = scenario.network?.packetPool !== undefined;
    if (e instanceof ScenarioError || (poolGiven && e instanceof RangeError && POOL_EXHAUSTED.test(e.message))) {
      return { verdict: "refused", detail: e.message.split("\n").slice(0, 3).join(" | "), wallMs };
    }
    return { verdict: "crash", detail: (e as Error).stack?.split("\n").slice(0, 4).join(" | ") ?? String(e), wallMs };
  }
}
