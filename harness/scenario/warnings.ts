// Warnings a scenario earns at build time: settings that run, but not as the user likely means.
//
// Delay-based congestion control (Swift, TIMELY) acts only on an RTT above its target or
// threshold: Swift decreases when the fabric delay exceeds base_target + hops × h + flow scaling
// (Swift §3.1, Alg. 1), TIMELY only increases while the RTT is below T_low (TIMELY Alg. 1). The
// profiles' values were set for deep-buffered production fabrics (Swift's google profile: 25 µs
// base; TIMELY's paper profile: T_low 50 µs). The fabric's default queues are one BDP with
// trimming (uet-htsim §2), so a full queue holds only one network RTT's worth of data: on the
// default 16-host tree a 1-BDP queue drains in 14.3 µs, and the RTT of a flow through one full
// queue stays below Swift's 30 µs target for 5 switches. Such a CC then never backs off at a
// single bottleneck (an incast's last hop) and runs as cc `none` does (a 16:1 incast on the
// 2-tier k = 8 tree: swift, timely and none finished within 1.5 µs of each other, harness/README.md
// "Delay targets"), or, with Swift's lossDecrease, as a loss-based CC.
//
// The bound, per flow (documented in harness/README.md beside `transport.cc`):
//   drain    = (bufferBytes + mtuBytes) × 8 / linkGbps   one data queue's worth, every switch port
//            (the scenario gives each port the same time's worth) plus the packet in service;
//            on two DCs the intra-DC buffer for a table of flows within one DC, all of whose
//            ports are inside it (an inter-DC flow crosses the WAN port, the network's buffer);
//   rtt_f    = the flow's unloaded RTT (Topology.pathRttNs; the network RTT on Dragonfly / Slim
//            Fly, whose routes may be longer than the minimal one);
//   target_f = Swift: baseTargetNs + ⌊hops_f × hopScalingNs⌋ + flow scaling at the largest
//            window (0 when maxCwnd ≥ fs_max): its smallest target; TIMELY: tLowNs;
//   needed_f = the fewest full queues on the path whose delay lifts the RTT above target_f,
//            ⌊(target_f − rtt_f) / drain⌋ + 1 (0 when the unloaded RTT already exceeds it).
// A warning when every flow of the table needs 2 or more: no single congested queue moves the
// CC. Control queues (served first) and shared buffers can only shorten the delay, so the bound
// holds for them. Under PFC there is no warning: pauses fill the queues upstream of a bottleneck
// (a congestion tree), so one hot spot fills several queues of a path. Inter-DC flows under
// Reflex NSF hear RTT_src instead and are left out, and TIMELY is left out where hosts process
// at a limited rate (its RTT then includes the host's queue, which Swift takes out as remote
// delay; slowReceiverTimelyWarnings for a host queue too short to lift it to T_low).

//
// ECN-driven congestion control (DCQCN, DCTCP, MP-RDMA, NSCC) hears a switch's congestion only
// through the CE bit the switch sets (the ECN echo on an ACK, or DCQCN's CNP, which the receiver
// sends for CE-marked data: DCQCN §3.1 NP). A PortQueues port marks only when `ecnAt` is not
// "off" and its data queue can pass the RED thresholds (lib/switch/queue red.ts: never at or
// below kMin, with probability pMax·(q − kMin)/(kMax − kMin) up to kMax, always above it). The
// `dcp` queue profile leaves ecnAt "off" (DCP §4.2's switch trims and schedules; marking comes
// with the CC, DCQCN in §6's Fig. 16d), so DCQCN under it never cut and ran as cc none did (a
// review, 2026-12-04: a 12:1 incast over WebSearch at 50 % load, seeds 1–3, 0 ECN marks, 0 CNPs
// and every FCT equal to cc none's). Since then the profile's markTrimmed sets CE on each HO a
// trim makes (DCP-Simulation), so DCQCN hears overflows, though still no queue that builds.
// The warning names the signal lost, what the CC still reacts to (delay, loss, trims) and the
// key that turns marking on.
//
// "No switch port can mark", per port (one PortQueues table serves every switch port; a port whose
// rate differs from topology.linkGbps gets its limit and thresholds scaled by its rate, the limit
// held to one packet, and on two DCs a port inside a DC starts from the sizes of its DC's RTT:
// harness/net/port-limits.ts, as the fabric sets them):
//   ecnAt "off"; or
//   top ≤ kMin, or pMax rounds to 0 in Q16 (queue.ts pMaxQ16) and top ≤ kMax,
// with top the most data bytes the check can see: the data limit under the `arrival` over rule
// (an arrival is admitted only while q + size ≤ limit), the limit + one MTU under `occupancy`
// (admitted while q ≤ limit, DCP's "exceeds"). A shared buffer, a packet limit and PFC only keep
// a queue shorter, so the bound holds for them: this warns only where no marking can happen.
// A second warning comes where only short packets can be marked: a full-size packet is judged
// against at most top − MTU (fullPacketReason).
// On two DCs it also warns when only the ports between the DCs can mark: an absolute kMinBytes
// sized for the WAN's queues lies above every buffer sized from a DC's BDP, and the flows within
// a DC then hear no CE (markingGap).
//
// The load balancers hear the same bit: the fabric passes an ACK with the ECN echo as ECN and one
// without as GOOD (lib/lb/feedback.ts, UEC 1.0 §3.6.12 process_ev), a trim before the last hop as
// NACK, a last-hop trim as GOOD (or ECN with CE), a timeout as TIMEOUT. REPS drops an echoed EV
// and recycles that of every other ACK (Alg. 1 on_ack); PLB counts echoes and NACKs towards a
// congested round (PLB §3, ce_ratio ≥ K); Spritz Scout drops a path after more than ecnThreshold
// echoes (Alg. 2 lines 7–13), Spray re-queues only unechoed paths (Alg. 3), VLAN mode recycles
// only unechoed pairs (§III-D), and all three bias towards the minimal path on a high rate of
// echoes and NACKs. With no port marking, all of that rests on trims and timeouts alone, and each
// table earns a warning on the same condition as the CCs'. ECMP, OPS and flowlet read no echo
// (their READMEs: ECMP and OPS only check feedback, flowlet's feedback mode takes an echoed ACK
// as an ACK): no warning.

import { q16 } from "../../lib/core/fixed";
import { flowScaling, type SwiftParams } from "../../lib/cc/swift/params";
import type { TimelyParams } from "../../lib/cc/timely/params";
import type { DcqcnParams } from "../../lib/cc/dcqcn/params";
import type { DctcpParams } from "../../lib/cc/dctcp/params";
import type { MprdmaParams } from "../../lib/cc/mprdma/params";
import type { NsccParams } from "../../lib/cc/nscc/params";
import type { QueueParams } from "../../lib/switch/queue/params";
import type { RepsParams } from "../../lib/lb/reps/params";
import type { PlbParams } from "../../lib/lb/plb/plb";
import type { SpritzParams } from "../../lib/lb/spritz/params";
import { insideDc, type PortLimits, portLimits } from "../net/port-limits";
import { Family, type Topology } from "../topo/topology";
import type { Scenario } from "./schema";

/**
 * One delay CC table: its scenario path, its module's resolved parameters (as the table holds
 * them, the network's derived values included) and its flows.
 */
export type DelayCcUse = { path: string; flows: { src: number; dst: number; hops: number }[]; intraDc?: boolean } & (
  | { name: "swift"; params: Readonly<SwiftParams> }
  | { name: "timely"; params: Readonly<TimelyParams> }
);

export interface DelayNetwork {
  topology: Topology;
  mtuBytes: number;
  ackBytes: number;
  switchLatencyNs: number;
  bufferBytes: number;
  /** Two DCs: the data buffer of the ports inside a DC, for the tables marked intraDc. */
  intraDcBufferBytes?: number;
  linkGbps: number;
  /** The network's RTT (the longest route's). */
  rttNs: number;
  /** network.pfc is on. */
  pfc: boolean;
  /** Hosts process at a limited rate somewhere (network.rxGbps, put entries, slow faults). */
  hostProcessing: boolean;
}

const us = (ns: number) => (ns / 1000).toFixed(2);

/** The warnings for the scenario's Swift and TIMELY tables (see the header for the bound). */
export function delayCcWarnings(uses: DelayCcUse[], n: DelayNetwork): string[] {
  const t = n.topology;
  const drainOf = (bytes: number) => ((bytes + n.mtuBytes) * 8) / n.linkGbps;
  const ld = t.family !== Family.Hier;
  const ldQueues = ld ? t.longestRouteLinks() - 1 : 0;
  const out: string[] = [];
  if (n.pfc) return out;
  for (const u of uses) {
    if (u.flows.length === 0 || (u.name === "timely" && n.hostProcessing)) continue;
    const drainNs = drainOf(u.intraDc === true && n.intraDcBufferBytes !== undefined ? n.intraDcBufferBytes : n.bufferBytes);
    let targetOf: (hops: number) => number;
    let target: string;
    let fix: string;
    if (u.name === "swift") {
      const p = u.params;
      const { alphaNs, betaNs } = flowScaling(p.fsRangeNs, p.fsMinCwndPkts, p.fsMaxCwndPkts);
      // Swift §3.1: flow scaling α/√cwnd + β only adds; at the largest window it is smallest.
      const fsNs = Math.min(p.fsRangeNs, Math.max(0, alphaNs / Math.sqrt(p.maxCwndPkts) + betaNs));
      // Whole ns, as the module holds them (Swift.open: round(base) + ⌊hops × h⌋; fs floored).
      targetOf = (hops) => Math.round(p.baseTargetNs) + Math.floor(hops * p.hopScalingNs) + Math.floor(fsNs);
      target =
        `its smallest target, baseTargetNs ${us(p.baseTargetNs)} µs + hopScalingNs ${us(p.hopScalingNs)} µs per switch` +
        `${fsNs > 0 ? ` + ${us(fsNs)} µs` : ""} (flow scaling adds up to ${us(p.fsRangeNs)} µs at small windows)`;
      // Filled in below from the flows' RTTs: on two DCs an intra-DC table's are the DC's, not
      // the WAN's (audit 2026-12-07: 1.5 × the network RTT advised 1,521 µs there).
      fix = "";
    } else {
      const p = u.params;
      targetOf = () => Math.round(p.tLowNs);
      target = `T_low, tLowNs ${us(p.tLowNs)} µs (T_high ${us(p.tHighNs)} µs)`;
      fix = "tLowNs and tHighNs";
    }
    let fewest = Infinity;
    let never = true;
    let worstRttNs = 0;
    for (const f of u.flows) {
      const rttNs = ld ? n.rttNs : t.pathRttNs(f.src, f.dst, n.mtuBytes, n.ackBytes, n.switchLatencyNs);
      const queues = ld ? ldQueues : t.path(f.src, f.dst).length - 1;
      const slackNs = targetOf(f.hops) - rttNs;
      const needed = slackNs < 0 ? 0 : Math.floor(slackNs / drainNs) + 1;
      fewest = Math.min(fewest, needed);
      if (needed <= queues) never = false;
      worstRttNs = Math.max(worstRttNs, rttNs);
    }
    if (fewest < 2) continue;
    if (u.name === "swift") {
      const rttWhat = worstRttNs === n.rttNs ? "the network RTT" : "its flows' longest unloaded RTT";
      fix = `baseTargetNs (e.g. to 1.5 × ${rttWhat}: ${us(1.5 * worstRttNs)} µs, as docs/smartt-fairness-swift.yaml)`;
    }
    const act = u.name === "swift" ? "It cuts its window" : "It stops increasing its rate";
    const when = never ? `${act} on delay never, not even with every queue on a flow's path full` : `${act} only where ${fewest} or more queues on one path are full at once`;
    // Swift Alg. 1 fast recovery: with lossDecrease a trim or drop still cuts (paper, htsim and
    // reflex profiles), so only the delay signal is lost at one bottleneck.
    const single =
      u.name === "swift" && u.params.lossDecrease
        ? `at a single bottleneck (an incast) it backs off only on loss (lossDecrease: a NACK cuts the window by maxMdf ${u.params.maxMdf}, at most once per RTT), never on delay`
        : "at a single bottleneck (an incast) it runs as cc none would";
    out.push(
      `${u.path}: ${u.name} reacts to no single congested queue: ${target}, is above every flow's unloaded RTT ` +
        `(at most ${us(worstRttNs)} µs) plus one full queue ((bufferBytes + mtuBytes) × 8 / linkGbps = ${us(drainNs)} µs). ` +
        `${when}; ${single}. ` +
        `Lower ${fix} or deepen the queues (network.bufferBdp); see harness/README.md, transport.cc.`,
    );
  }
  return out;
}

/** One CC table that reads the ECN echo: its scenario path and its module's resolved parameters. */
export type EcnCcUse = { path: string } & (
  | { name: "nscc"; params: Readonly<NsccParams> }
  | { name: "dctcp"; params: Readonly<DctcpParams> }
  | { name: "mprdma"; params: Readonly<MprdmaParams> }
  | { name: "dcqcn"; params: Readonly<DcqcnParams> }
);

export interface EcnNetwork {
  topology: Topology;
  /** The switch ports' PortQueues parameters as the fabric resolved them (profile, network.queue, the derived thresholds). */
  queue: Readonly<QueueParams>;
  /** The rate the queue parameters are for (topology.linkGbps); ports at other rates scale them. */
  baseGbps: number;
  /** Two DCs: the limits of the ports inside a DC (the fabric's intraDcQueue), or null. */
  intraDc: PortLimits | null;
  /** network.queue.ecnAt was given (otherwise the queue profile chose it). */
  ecnAtGiven: boolean;
  /** network.pfc is on: the switches drop nothing, so a loss-driven cut is rare too. */
  pfc: boolean;
  /**
   * Without PFC, the most one data queue can hold in its switch's shared buffer
   * (network.switchBuffer: all B under rule complete, α·B / (1 + α) under dynamic), or undefined
   * for per-port limits only: a buffer below Kmin marks nothing whatever the ports' limits.
   */
  switchQueueBytes?: number;
}

/** The most a data queue holds: its port's limit (and one MTU more under the occupancy rule), capped by the switch buffer. */
function queueTop(n: EcnNetwork, dataBytes: number): number {
  return Math.min(dataBytes + overBytes(n.queue), n.switchQueueBytes ?? Infinity);
}

/** Whether the switch buffer, not the port's limit, bounds a data queue of `dataBytes`. */
function bufferBound(n: EcnNetwork, dataBytes: number): boolean {
  return n.switchQueueBytes !== undefined && n.switchQueueBytes < dataBytes + overBytes(n.queue);
}

/** Where queueTop's figure comes from, said after it. */
function topWhy(n: EcnNetwork, dataBytes: number): string {
  if (bufferBound(n, dataBytes)) return " (its switch's shared buffer, network.switchBuffer)";
  return overBytes(n.queue) > 0 ? " (its limit + one MTU, overRule occupancy)" : "";
}

/**
 * Why no switch port of the network can set CE, or null when one can (see the header). The
 * values quoted are those of a port at `baseGbps`.
 */
export function noMarkingReason(n: EcnNetwork): string | null {
  const q = n.queue;
  if (q.ecnAt === "off") return `network.queue.ecnAt is "off"${n.ecnAtGiven ? "" : ` (the ${q.profile} queue profile's default)`}`;
  return rampReason(n, false);
}

/**
 * What no switch port can do and why ("no switch port marks: …"), or, on two DCs whose ports
 * between the DCs can mark but none inside a DC can (their buffer sized from a DC's BDP below an
 * absolute kMinBytes meant for the WAN's), that flows within a DC hear no CE; null when ports of
 * both kinds can mark.
 */
function markingGap(n: EcnNetwork): { where: string; fullOnly: boolean } | null {
  const none = noMarkingReason(n);
  if (none !== null) return { where: `no switch port marks: ${none}`, fullOnly: false };
  const full = fullPacketReason(n);
  if (full !== null) return { where: `no switch port marks a full-size packet: ${full}`, fullOnly: true };
  const inside = n.intraDc !== null ? rampReason(n, true) : null;
  return inside === null ? null : { where: `no switch port inside a DC marks, so its flows within one DC hear no CE: ${inside}`, fullOnly: false };
}

/** Whether RED has a ramp: pMax above 0 in Q16, as the queue holds it (queue.ts pMaxQ16); else it marks only above kMax. */
function redRamps(q: Readonly<QueueParams>): boolean {
  return q16(q.pMax) > 0;
}

/** Bytes a data queue may hold past its limit: one MTU under the `occupancy` over rule (admitted while q ≤ limit), none under `arrival`. */
function overBytes(q: Readonly<QueueParams>): number {
  return q.overRule === "occupancy" ? q.mtuBytes : 0;
}

/**
 * Whether some switch port (only one inside a DC, with `insideOnly`) can see a data queue that RED
 * may mark: above kMin with a ramp, above kMax without one (below kMax a mark needs
 * u < pMaxQ16·(q − kMin)/(kMax − kMin)). `lessBytes` is taken off
 * the most the port's check can see (one MTU: what a departing full packet takes with it).
 * Also true when no switch port is counted.
 */
function somePortMarks(n: EcnNetwork, insideOnly: boolean, lessBytes: number): boolean {
  const q = n.queue;
  const t = n.topology;
  const ramp = redRamps(q);
  let ports = 0;
  for (let p = 0; p < t.ports; p++) {
    if (t.portNode[p] < t.hosts || (insideOnly && !insideDc(t, p))) continue;
    ports++;
    const l = portLimits(t, p, q, n.baseGbps, n.intraDc);
    const top = queueTop(n, l.dataBytes) - lessBytes;
    if (top > l.kMinBytes && (ramp || top > l.kMaxBytes)) return true;
  }
  return ports === 0;
}

/**
 * Why no switch port can mark a full-size packet, or null. A full packet is judged against at
 * most one MTU less than the data queue can hold: at enqueue RED judges the queue an arrival
 * finds (queue.ts onEnqueue), which under the arrival rule left room for the packet; at dequeue
 * what the departing packet leaves behind (pop; htsim's CompositeQueue alike). Where that stays
 * at or below kMin (kMax without a ramp) on every port, only short packets (a message's last, or
 * a queue behind one) are ever marked, and a CC that waits for marks hears next to nothing
 * (soak seed 4,839,937: 9,000 B buffers, MTU 4,150, kMin 5,871 B; 0 marks in 200 ms while a GBN
 * flow under DCQCN resent at 25 Gb/s into a link degraded to 10 Gb/s). Quoted at baseGbps.
 */
function fullPacketReason(n: EcnNetwork): string | null {
  const q = n.queue;
  if (q.ecnAt === "off" || somePortMarks(n, false, q.mtuBytes)) return null;
  const holds = queueTop(n, q.dataLimitBytes);
  const threshold = redRamps(q) ? `kMinBytes ${q.kMinBytes} B` : `kMaxBytes ${q.kMaxBytes} B (pMax is 0)`;
  const judged = q.ecnAt === "enqueue" ? "the queue it finds on arrival" : "what it leaves behind at departure";
  return (
    `RED judges a full-size packet (${q.mtuBytes} B) by ${judged}: at most ${holds - q.mtuBytes} B of the ${holds} B a data queue holds ` +
    `(at ${n.baseGbps} Gb/s), and on no port does that pass ${threshold}, so only short packets are ever marked`
  );
}

/** Why no switch port (only those inside a DC, with `insideOnly`) can pass the RED ramp's start, or null. */
function rampReason(n: EcnNetwork, insideOnly: boolean): string | null {
  const q = n.queue;
  const ramp = redRamps(q);
  if (somePortMarks(n, insideOnly, 0)) return null;
  const dc = n.intraDc;
  if (insideOnly && dc !== null) {
    const threshold = ramp ? `kMinBytes ${dc.kMinBytes}` : `pMax is 0, so RED marks only above kMaxBytes ${dc.kMaxBytes}`;
    return `only the ports between the DCs can mark; inside a DC (at ${n.baseGbps} Gb/s) ${threshold} B, and a data queue holds at most ${queueTop(n, dc.dataBytes)} B${topWhy(n, dc.dataBytes)}`;
  }
  const top = `a data queue holds at most ${queueTop(n, q.dataLimitBytes)} B${topWhy(n, q.dataLimitBytes)}`;
  // Two DCs: the quoted values are the WAN ports'; a DC's own are sized from its RTT.
  const inDc = (k: number) => (dc === null ? "" : `; inside a DC ${ramp ? "kMinBytes" : "kMaxBytes"} ${k} B, a data queue holds at most ${queueTop(n, dc.dataBytes)} B`);
  // kMin ≤ kMax: with a ramp every port failed on kMin; without one, every port on kMax.
  return ramp
    ? `RED marks only above kMinBytes, and no switch port's data queue can pass it (at ${n.baseGbps} Gb/s: kMinBytes ${q.kMinBytes} B, ${top}${inDc(dc?.kMinBytes ?? 0)})`
    : `pMax is 0, so RED marks only above kMaxBytes, and no switch port's data queue can pass it (at ${n.baseGbps} Gb/s: kMaxBytes ${q.kMaxBytes} B, ${top}${inDc(dc?.kMaxBytes ?? 0)})`;
}

/** What still holds a DCQCN flow that hears no congestion: its window (HPCC's dcqcn_vwin), if it has one. */
function dcqcnWindowClause(p: Readonly<DcqcnParams>): string {
  return p.windowBytes > 0 ? `, held only by its window (windowBytes ${p.windowBytes} B)` : "";
}

/** What the CC loses without marks, and what it still reacts to. */
function ecnLoss(u: EcnCcUse, pfc: boolean, q: Readonly<QueueParams>): string {
  // Under PFC the switches drop nothing: a loss-driven cut then needs a fault or a timeout.
  const lossless = pfc ? " (under PFC the switches drop nothing)" : "";
  switch (u.name) {
    case "dcqcn": {
      // DCQCN §3 RP: R_C falls only in the CNP's cut; the increase stages start after a cut
      // (Dcqcn.open: R_C = R_T = initRate, no timer armed), so the rate stays where it began.
      const w = dcqcnWindowClause(u.params);
      // markTrimmed (the dcp default, DCP-Simulation's switch): a trim's header carries CE, the
      // receiving NIC's NP answers it with a CNP (net/fabric.ts hostReceive), so DCQCN hears overflows.
      if (q.markTrimmed && q.trimming !== "off")
        return (
          `DCQCN cuts its rate only on CNPs, which a receiver sends for CE-marked packets (DCQCN §3.1 NP), and only the headers of trimmed packets carry CE (network.queue.markTrimmed): ` +
          `it cuts where a queue overflows and trims, never while one builds up${w}; it does not react to loss`
        );
      return (
        `DCQCN cuts its rate only on CNPs, which a receiver sends for CE-marked data (DCQCN §3.1 NP), so it never hears congestion: ` +
        `every flow stays at its initial rate (initRateGbps ${u.params.initRateGbps} Gb/s)${w} and runs as cc none would; it does not react to loss`
      );
    }
    case "dctcp": {
      const fi = u.params.fastIncrease ? "; FastIncrease (SMaRTT Alg. 3), which only a marked ACK ends, keeps adding fiStepBytes per ACK" : "";
      return (
        `DCTCP cuts by the fraction of marked bytes (RFC 8257 §3.3), which stays 0, so it never takes its ECN cut: ` +
        `only a loss (a trim's NACK, a drop, a timeout: RFC 8257 §3.5) cuts its window${lossless}, as a loss-based TCP would${fi}`
      );
    }
    case "mprdma": {
      const p = u.params;
      const left: string[] = [];
      if (p.nackDecreaseMss > 0) left.push(`a NACK (nackDecreaseMss ${p.nackDecreaseMss} MSS per MSS lost)`);
      if (p.outOfOrderDecreaseMss > 0) left.push(`a late ACK under rud (outOfOrderDecreaseMss ${p.outOfOrderDecreaseMss} MSS)`);
      const reset = p.resetOnTimeout ? "; a timeout resets it to initCwndBytes" : "";
      return (
        `MP-RDMA cuts per marked ACK (decreaseMss ${p.decreaseMss} MSS), and none is marked: ` +
        (left.length > 0
          ? `only ${left.join(" or ")} cuts its window${lossless}${reset}`
          : `nothing cuts its window, which grows to maxCwndBytes and stays there (a fixed window)${reset}`)
      );
    }
    case "nscc": {
      const qa = u.params.qaThresholdNs !== Infinity ? `, and QuickAdapt on a delay above qaThresholdNs ${us(u.params.qaThresholdNs)} µs` : "";
      return (
        `NSCC's multiplicative decrease needs a mark with the delay at or above its target (SMaRTT Alg. 1 case 1, UEC §3.6.13's quadrants), so it never takes it ` +
        `(a delay above the target only slows its increase, to the fair increase): only trims and losses cut its window (OnNACK, OnInferredLoss, QuickAdapt)${lossless}${qa}`
      );
    }
  }
}

/** The setting that lets a port mark, for the reason markingGap gave (`fullOnly`: only short packets are marked). */
function markingFix(q: Readonly<QueueParams>, fullOnly: boolean, capped = false): string {
  if (q.ecnAt === "off") {
    return `Set network.queue.ecnAt: "dequeue" (or "enqueue") for RED marking between kMinBytes ${q.kMinBytes} and kMaxBytes ${q.kMaxBytes} B (network.ecnMinFraction, ecnMaxFraction)`;
  }
  const limit = fullOnly ? "the data queue's limit less one MTU" : "the data queue's limit";
  const raise = capped ? "network.switchBuffer.bytes, and network.bufferBdp or bufferBytes" : "network.bufferBdp, bufferBytes";
  return redRamps(q)
    ? `Lower kMinBytes (network.ecnMinFraction, a fraction of the BDP, or network.queue.kMinBytes) below ${limit}, or raise the limit (${raise})`
    : `Give network.queue.pMax above 0, or lower kMaxBytes (network.ecnMaxFraction, a fraction of the BDP, or network.queue.kMaxBytes) below ${limit}, or raise the limit (${raise})`;
}

/**
 * One warning per table when no switch port can mark: `loss` says what the table's module loses
 * and what it still reacts to (null: it loses nothing, no warning).
 */
function ecnWarnings<U extends { path: string; name: string }>(uses: U[], n: EcnNetwork, reads: string, loss: (u: U) => string | null, see: string): string[] {
  if (uses.length === 0) return [];
  const gap = markingGap(n);
  if (gap === null) return [];
  const where = gap.where;
  const fix = markingFix(n.queue, gap.fullOnly, bufferBound(n, n.queue.dataLimitBytes));
  // What the module loses is said of no marks at all; with short packets marked, of the rest.
  const lead = gap.fullOnly ? "As far as full-size packets go: " : "";
  const out: string[] = [];
  for (const u of uses) {
    const lost = loss(u);
    if (lost !== null) out.push(`${u.path}: ${u.name} ${reads}, but ${where}. ${lead}${lost}. ${fix}; see harness/README.md, ${see}.`);
  }
  return out;
}

/** The warnings for the scenario's tables whose CC reads ECN, when no switch port can mark. */
export function ecnCcWarnings(uses: EcnCcUse[], n: EcnNetwork): string[] {
  return ecnWarnings(uses, n, "reacts to ECN", (u) => ecnLoss(u, n.pfc, n.queue), "transport.cc");
}

/**
 * DCQCN toward a host that processes below its link rate (network.rxGbps, a put's rxFraction, a
 * `slow` fault; `slow` says which, null for none). The packets wait in the host's receive buffer,
 * which drops what it cannot hold and marks nothing (net/fabric.ts rxEnqueue), behind a switch
 * port that drains at the link rate: DCQCN, which cuts only on CNPs for CE-marked data (DCQCN
 * §3.1 NP) and not on loss, hears the switch queues on the way but never the host, and a flow
 * whose one bottleneck is its receiver keeps its rate as cc none would. Soak seed 4,927,396:
 * go-back-N into hosts at rxGbps 5 over 100 Gb/s links, 0 marks and 303,871 drops, one 9.8 MB flow
 * without progress at 2 s. Not warned: the delay CCs, which hear the receive queue (an ACK waits
 * for its packet's processing, build.ts rxWaitNs); NSCC, DCTCP and MP-RDMA's paper profile, which
 * cut on loss; MP-RDMA's htsim profile (nackDecreaseMss 0), which cuts on neither there but is
 * held by its window, grown to maxCwndBytes.
 */
export function slowReceiverDcqcnWarnings(uses: EcnCcUse[], slow: string | null, reliability: string): string[] {
  // Not under DACK or OPT, whose targets answer their hosts' congestion themselves (as Swift's
  // and TIMELY's): under DACK it recommended DACK (audit 2026-12-07).
  if (slow === null || reliability === "dack" || reliability === "opt") return [];
  return uses.flatMap((u) => {
    if (u.name !== "dcqcn") return [];
    const w = dcqcnWindowClause(u.params);
    return [
      `${u.path}: dcqcn cuts its rate only on CNPs, which a receiver sends for CE-marked data (DCQCN §3.1 NP), but ${slow}, and such a host's receive buffer drops what it cannot hold and marks nothing: ` +
        `a flow whose bottleneck is its receiver hears no congestion, stays at its rate${w} and runs as cc none would; it does not react to loss. ` +
        `For a slow receiver under congestion control use one that hears the host: timely (an ACK waits for its packet's processing), swift with endpointTargetNs set (its endpoint window reads the host's hold time, which its fabric window and NSCC take out of the RTT), a CC that cuts on loss (nscc, dctcp), or transport.reliability: dack; see harness/README.md, transport.cc.`,
    ];
  });
}

/**
 * Swift toward hosts that process below their link rate, its endpoint window off. Each ACK
 * carries how long the receiving host held its packet (Swift §3.2's remote delay t3 − t2: its
 * wait and processing), and the fabric window takes that out of the RTT, so it never backs off
 * for the host; the endpoint window, which reads it, is off in every profile (endpointTargetNs 0).
 * With `lossDecrease` off (the `google` profile) Swift does not cut on a NACK either, and a flow
 * whose one bottleneck is its receiver keeps its window until timeouts take it to the floor, as cc
 * none would: soak seed 5,208,595 (a Dragonfly at 25 Gb/s, hosts at rxGbps 5 with 30,000 B receive
 * buffers, Swift `google`, flowlet and go-back-N, WebSearch at 80 %): 6,555 packets dropped at the
 * receivers, 11 decreases in all, and a 4.9 MB flow without progress at 2 s (2026-12-07). Not
 * under DACK or OPT, whose targets answer their hosts' congestion themselves.
 */
export function slowReceiverSwiftWarnings(uses: DelayCcUse[], slow: string | null, reliability: string): string[] {
  if (slow === null || reliability === "dack" || reliability === "opt") return [];
  return uses.flatMap((u) => {
    if (u.name !== "swift" || u.flows.length === 0 || u.params.endpointTargetNs !== 0) return [];
    const loss = u.params.lossDecrease
      ? "it hears such a host only by the losses its receive buffer makes (lossDecrease cuts by max_mdf once per RTT)"
      : "with lossDecrease off it does not cut on those losses either, so a flow whose bottleneck is its receiver hears no congestion and runs as cc none would until timeouts take its window to the floor";
    return [
      `${u.path}: swift takes the receiving host's hold time out of each RTT (Swift §3.2: fabric delay = RTT − remote delay), but ${slow}, and its endpoint window, which reads that hold time, is off (endpointTargetNs 0): ` +
        `${loss}; the receive buffer drops what it cannot hold. Set ${u.path}.params.endpointTargetNs (the endpoint window's target for the host's delay) to back off for the host; see harness/README.md, transport.cc.`,
    ];
  });
}

/**
 * TIMELY toward hosts that process below their link rate, where a full receive buffer delays a
 * packet less than T_low minus the RTT. A flow whose one bottleneck is its receiver then never
 * sees an RTT of T_low (at most the RTT plus `rxWaitNs`, the longest any slow host's buffer holds
 * a packet: its bytes × 8 / its rate, build.ts receiveDrainNs, a `slow` fault's host included),
 * and TIMELY Alg. 1 only adds δ below T_low: it keeps increasing while the receiver drops what
 * its buffer cannot hold. Where the sum passes T_low the RTT enters Alg. 1's gradient band and
 * TIMELY cuts while the buffer fills, so that is not warned (soak seed 4,982,799: 2.3 + 48 µs
 * against 50 µs, 3,137 increases and 8 gradient decreases; harness/README.md, soak). `rtt` is the
 * shortest a flow has: the network's, or on two DCs the intra-DC one (soak seed 5,026,935: an
 * intra-DC flow into a host slowed to 6.25 Gb/s, 13.4 + 11.5 µs against 50 µs, only increases,
 * while the 120 µs network RTT alone passes T_low). Not under DACK or OPT, whose targets answer
 * their hosts' congestion themselves (DACKs; OPT's IACK on acceptance).
 */
export function slowReceiverTimelyWarnings(uses: DelayCcUse[], slow: string | null, rxWaitNs: number, rtt: { ns: number; what: string }, reliability: string): string[] {
  if (slow === null || rxWaitNs <= 0 || reliability === "dack" || reliability === "opt") return [];
  return uses.flatMap((u) => {
    if (u.name !== "timely" || u.flows.length === 0 || !(rtt.ns + rxWaitNs < Math.round(u.params.tLowNs))) return [];
    return [
      `${u.path}: timely hears a slow receiver only in its RTT, but ${slow}, and a full receive buffer holds a packet at most ${us(rxWaitNs)} µs ` +
        `(its bytes × 8 / the host's rate): with ${rtt.what} (${us(rtt.ns)} µs) that stays below T_low (tLowNs ${us(u.params.tLowNs)} µs), where TIMELY only adds to its rate (Alg. 1). ` +
        `A flow whose bottleneck is its receiver hears no congestion and runs as cc none would; the receive buffer drops what it cannot hold. ` +
        `Lower tLowNs below ${us(rtt.ns + rxWaitNs)} µs or deepen the receive buffer (network.rxBufferBytes, or a put entry's rxBufferBytes for its receiver); see harness/README.md, transport.cc.`,
    ];
  });
}

/** One load-balancer table that reads the ECN echo: its scenario path and its module's resolved parameters. */
export type EcnLbUse = { path: string } & (
  | { name: "reps"; params: Readonly<RepsParams> }
  | { name: "plb"; params: Readonly<PlbParams> }
  | { name: "spritz-scout" | "spritz-spray" | "spritz-vlan"; params: Readonly<SpritzParams> }
);

/** What the load balancer loses without echoes, and what it still steers by; null when it loses nothing. */
function ecnLbLoss(u: EcnLbUse, n: EcnNetwork): string | null {
  const trims = n.queue.trimming !== "off";
  // What is left of its negative feedback: a NACK exists only for a trim before the last hop
  // (a last-hop trim is GOOD: the fabric, after UEC process_ev); without trims, losses are timeouts.
  // markTrimmed: a last-hop trim's header carries CE, which its NACK echoes: ECN, not GOOD.
  const marked = n.queue.markTrimmed;
  const nack = marked
    ? "a NACK (a packet trimmed before the last hop; a last-hop trim counts as ECN, its header CE-marked: network.queue.markTrimmed)"
    : "a NACK (a packet trimmed before the last hop; a last-hop trim counts as GOOD)";
  const lossless = n.pfc ? " (under PFC the switches drop nothing)" : "";
  switch (u.name) {
    case "reps": {
      // REPS Appendix A: with trimming every timeout is a failure; without, one with low recent RTTs.
      const freeze = u.params.freezing ? "; a timeout may also freeze the flow on its cached EVs, Appendix A's failure" : "";
      return (
        `REPS recycles the EV of every ACK without the ECN echo and drops an echoed one (Alg. 1 on_ack), so it now recycles the EV of every ACK as uncongested: ` +
        `only an EV ${trims ? `that earned ${nack} or ` : ""}whose packet was lost${lossless} leaves the ring${freeze}. ` +
        `A path whose queue builds${trims ? " without overflowing" : ""} keeps its EVs in use: REPS steers by no congestion${trims ? " short of a trim" : ""}, spraying obliviously over the EVs it reuses`
      );
    }
    case "plb": {
      const p = u.params;
      // plb.ts: congested × 256 ≥ ⌈256K⌉ × delivered (> with congestedAbove): at K = 0 with ≥ every round is congested, marks or not.
      const kQ8 = Math.ceil(p.congestionThreshold * 256);
      if (kQ8 === 0 && !p.congestedAbove) return null;
      const cmp = p.congestedAbove ? "more than" : "at least";
      const timeout = p.repathOnTimeout ? "on a timeout (repathOnTimeout)" : "";
      const rounds = `after rehashRounds ${p.rehashRounds} rounds in a row with ${cmp} congestionThreshold ${p.congestionThreshold} of their packets so trimmed`;
      const left = trims
        ? `only ${marked ? "trims (NACKs before the last hop, CE-marked headers at it)" : "NACKs for packets trimmed before the last hop"} count: it re-paths ${rounds}${timeout ? ` or ${timeout}` : ""}`
        : timeout
          ? `with no trims no round is ever congested: it re-paths only ${timeout}${lossless} and otherwise keeps each flow's EV, as ECMP does`
          : "with no trims no round is ever congested, and a timeout does not re-path (repathOnTimeout false): each flow keeps its first EV, as ECMP does";
      return `PLB judges a round congested by the share of its packets that came back with the ECN echo or a NACK (PLB §3, ce_ratio ≥ K), so ${left}`;
    }
    default: {
      const p = u.params;
      // spritz.ts / vlan.ts: the bias is off when minBiasFactor rounds to 0 in Q8.
      const biasOn = Math.round(p.minBiasFactor * 256) > 0;
      const minimal = u.name === "spritz-vlan" ? "the minimal category" : "the minimal path";
      const bias = biasOn
        ? trims
          ? `; only ${marked ? "trims" : "NACKs"} feed the rate of echoes and NACKs that biases it towards ${minimal} above ecnRateThreshold ${p.ecnRateThreshold}`
          : `; the rate of echoes and NACKs stays 0, so it never biases towards ${minimal}`
        : "";
      const negative = trims ? `${nack} or a timeout` : `a timeout${lossless}`;
      if (u.name === "spritz-scout")
        return (
          `Spritz Scout keeps sending on the front of its buffer, the shortest path an ACK returned, until negative feedback (§IV-A): more than ecnThreshold ${p.ecnThreshold} ECN echoes on it, a NACK or a timeout (Alg. 2). ` +
          `Now only ${negative} moves a flow off a path, however long its queues${bias}`
        );
      if (u.name === "spritz-spray")
        return (
          `Spritz Spray re-queues the path of every ACK without the ECN echo and not of an echoed one (Alg. 3), so it now re-queues every acknowledged path as uncongested: ` +
          `only ${negative} keeps one out (a timeout also blocks it, w = 0)${bias}`
        );
      return (
        `Spritz VLAN mode recycles the (category, EV) pair of every ACK without the ECN echo and lets an echoed one go (§III-D), so it now recycles every acknowledged pair as uncongested: ` +
        `only ${negative} lets one go${bias}`
      );
    }
  }
}

/** The warnings for the scenario's load-balancer tables that read the ECN echo, when no switch port can mark. */
export function ecnLbWarnings(uses: EcnLbUse[], n: EcnNetwork): string[] {
  return ecnWarnings(uses, n, "reads the ECN echo", (u) => ecnLbLoss(u, n), '"ECN marking"');
}

/**
 * transport.ackEveryBytes given with reliability dack or opt, whose targets read no such
 * setting: they answer by DACK §II-D (an IACK on acceptance while uncongested, crossing IACKs and
 * DACKs under congestion) and, under dack, coalesce by §II-G/H on their own; a review
 * (2026-12-04) found 0, 16,384 and 65,536 giving byte-identical results under both. Only RUD's
 * receiver coalesces by it (net/registry.ts hands it to no other module); the other modules
 * ignore it too, but the embedded default scenario sets it, so a sweep of `reliability` over
 * that would warn on every point: those are left to harness/README.md.
 */
export function ackEveryWarnings(reliability: string, ackEveryBytes: number | undefined): string[] {
  if (ackEveryBytes === undefined || (reliability !== "dack" && reliability !== "opt")) return [];
  const rule = reliability === "dack" ? "its target ACKs by DACK §II-D and coalesces by §II-G/H" : "its target ACKs by DACK §II-D";
  return [`transport.ackEveryBytes: ${ackEveryBytes} changes nothing under reliability ${reliability} (${rule}): only rud's receiver coalesces ACKs by it; see harness/README.md, transport.ackEveryBytes.`];
}

/** A resolved fault as the control-routing warning reads it (net/fabric FaultSpec). */
export interface ResolvedFaultLinks {
  /** Index in the scenario's faults. */
  index: number;
  down: boolean;
  ports: readonly number[];
  /** Whether it lifts (untilUs given). */
  lifts: boolean;
}

/**
 * network.controlRouting: minimal while faults take switch–switch links down. The control
 * packets (ACK, NACK, CNP) then take the minimal route whatever path their data took, and a
 * failed link black-holes what reaches it (no switch detects the failure, Spritz §V-D's premise,
 * scenario/faults.ts), so a flow whose minimal route back crosses it never hears its packets
 * acknowledged: it cannot finish while the link is down (never, for a fault without untilUs) and
 * the run ends at run.endUs (1 s by default with faults) with it open. Routed as data (the
 * default), an ACK follows the EV it echoes, and the load balancer moves off an EV whose packets
 * time out. A 72-host Dragonfly (p 2, a 4, h 2), Spritz routing, NSCC and RUD, a 200 kB permutation, 4 switch
 * links down, seed 1: 68 of 72 flows done at endUs 20 ms under minimal control routing against
 * 72 of 72 as data, under spritz-spray and spritz-scout alike (2026-12-05). Under minimal data
 * routing the data crosses the same links, so the setting adds nothing to lose: no warning. A
 * host's own link down stops its data too: only switch–switch links count.
 */
export function minimalControlWarnings(controlRouting: string | undefined, routing: string, t: Topology, faults: readonly ResolvedFaultLinks[]): string[] {
  if (controlRouting !== "minimal" || routing === "minimal") return [];
  const hit = faults.filter((f) => f.down && f.ports.some((p) => t.portNode[p] >= t.hosts && t.portTo[p] >= t.hosts));
  if (hit.length === 0) return [];
  const which = hit.map((f) => `faults[${f.index}]`).join(", ");
  const never = hit.some((f) => !f.lifts);
  return [
    `network.controlRouting: minimal with switch links down (${which}): ACKs, NACKs and CNPs take the minimal route whatever path their data took, and a downed link drops them (no switch detects the failure, Spritz §V-D), ` +
      `so a flow whose minimal route back crosses one hears no ACK while the link is down and cannot finish then${never ? " (never, for a fault without untilUs)" : ""}: the run ends at run.endUs with it open. ` +
      `Leave network.controlRouting as-data (the default: an ACK follows the EV it echoes, which the load balancer moves off a failed path); see README.md on Spritz's control routing.`,
  ];
}

/** One load-balancer spec that is not Spritz's (Spritz's are refused under such a routing, build.ts). */
export interface EvLbUse {
  path: string;
  name: string;
  /** The scenario named it (false: the fabric's default, reps). */
  given: boolean;
}

/**
 * Why no switch reads a packet's EV under `routing`, or null when one does: ECMP hashes it with
 * the flow (notes/uec-htsim-reference.md §7; on a tree `minimal` is that hash over the up ports,
 * all of them minimal), Spritz's roles decode EV1 and EV2 (§III-A/B). The others decide by the
 * topology, a draw or the queues alone (Spritz §II-A, §V-A; DCP §5 for adaptive).
 */
export function evIgnoredBy(routing: string, lowDiameter: boolean): string | null {
  if (lowDiameter) {
    if (routing === "minimal") return "minimal routing takes the minimal route";
    if (routing === "valiant") return "Valiant routing draws each of the first two hops uniformly";
    if (routing === "adaptive") return "adaptive routing takes the least occupied next hop of a minimal route";
    if (routing === "ugal") return "UGAL-L picks the minimal route or a drawn Valiant path by queue occupancy";
    return null;
  }
  if (routing === "valiant") return "Valiant routing draws each up port uniformly";
  if (routing === "adaptive") return "adaptive routing takes the least occupied up port";
  return null;
}

/** What a load balancer does with its EVs, which such a routing throws away. */
const EV_ROLE: Record<string, string> = {
  reps: "recycles the EVs of unmarked ACKs and draws fresh ones for the rest (REPS Alg. 1)",
  ops: "sprays each packet on another EV",
  plb: "re-paths a flow to a new EV after congested rounds, idle ones or a timeout (PLB §3; its re-path counters count moves that move nothing)",
  flowlet: "moves a flow to a new EV after an idle gap",
};

/**
 * A load balancer whose EV no switch reads. The fabric's endpoint balancers (REPS, OPS, PLB,
 * flowlet) steer only through the EV the switches hash or decode; under minimal, Valiant,
 * adaptive or UGAL-L routing on a Dragonfly or Slim Fly, and Valiant or adaptive routing on a
 * tree, the switches pick by the topology, a draw or their queues, so the balancer runs, hears
 * its feedback and counts its decisions, and every packet goes where it would have gone under
 * any other balancer: REPS, OPS and ECMP give identical FCTs on a Dragonfly (2, 4, 2) under the
 * default minimal routing (adversarial, 1 MB, NSCC, seed 1: p99 664.957 µs each), and PLB reports
 * 771 re-paths there (review lb, 2026-12-05; 1,921 before its idle rule waited for an empty
 * flight). Minimal
 * is the default routing on Dragonfly and Slim Fly (the Spritz paper's first baseline, §V-A), so
 * the default REPS warns there too. ECMP does not: its EV is one per flow and fixed, so it has
 * no decision to lose, and it is how the Spritz paper's routing baselines run, the switches
 * alone deciding (§V-A "all with switch-level decisions"; docs/spritz-monitored.yaml sweeps
 * minimal, Valiant and UGAL-L with it). The Spritz balancers are refused instead (build.ts).
 */
export function evBlindRoutingWarnings(uses: EvLbUse[], routing: string, routingGiven: boolean, t: Topology): string[] {
  const ld = t.ld !== null;
  const why = evIgnoredBy(routing, ld);
  if (why === null) return [];
  const where = routingGiven ? `network.routing: ${routing}` : `network.routing: ${routing} (the default on ${t.ld?.kind === "slimfly" ? "a Slim Fly" : "a Dragonfly"})`;
  const steer = ld
    ? "set network.routing: spritz (EV1 and EV2 pick the first two hops of a bounded path, Spritz §III-A/B) or ecmp (the first two switches hash the EV with the flow)"
    : "set network.routing: ecmp (the switches hash the EV with the flow)";
  const out: string[] = [];
  for (const u of uses) {
    const role = EV_ROLE[u.name];
    if (role === undefined) continue;
    out.push(
      `${u.path}: ${u.name}${u.given ? "" : " (the default)"} steers nothing under ${where}: it ${role}, but no switch reads the EV (${why}), ` +
        `so every packet goes where it would under any other load balancer and the results are the routing's. ` +
        `To compare load balancers, ${steer}; to run the routing alone, set ${u.path}.name: ecmp (one fixed EV per flow, as the Spritz paper's routing baselines); see harness/README.md, "Routing that reads no EV".`,
    );
  }
  return out;
}

/**
 * REPS profiles that model the REPS paper (lib/lb/reps/params.ts), whose baseline ACKs every
 * packet: coalescing, 2:1 to 16:1, is its sensitivity study (notes/uec-nscc-reps-pds.md §1.3,
 * §1.5). The fabric ACKs each packet for them unless the scenario sets ackEveryBytes
 * (build.ts defaultAckEveryBytes); `uec-htsim` keeps uet-htsim's 16,384 B, as uet-htsim runs it.
 */
export const PER_PACKET_REPS_PROFILES: readonly string[] = ["paper", "artifact"];

/**
 * A module that judges each packet under coalesced ACKs. RUD's receiver ACKs a marked packet at
 * once and coalesces the others up to ackEveryBytes, and a coalesced ACK echoes only the EV and
 * CE bit of the packet that sent it (uet-htsim UecSink; lib/reliability/rud), so each marked
 * packet is heard and only one unmarked packet per coalesced ACK. PLB judges a round by the
 * fraction of its delivered packets that came back marked (PLB §3: ce_ratio ≥ K, as Linux
 * tcp_plb takes DCTCP's per-packet fraction): the fraction is biased up (docs/lb-permutation.yaml
 * with PLB, seed 13, on ee7dc48: with an ACK per packet PLB heard 0.452 of its feedback
 * congested, 0.480 of the packets being marked; with 16 KiB ACKs 0.588 against 0.468, and 1,803
 * congested rounds against 1,601; FCT p99 690 → 660 µs; before PLB's idle rule waited for an
 * empty flight, 581 → 626, review lb, 2026-12-05). DCTCP and MP-RDMA count the marked bytes of
 * each ACK (RFC 8257 §3.2: the receiver echoes CE exactly; MP-RDMA ACKs every packet), so the
 * unmarked bytes a marked packet's ACK also covers count as marked. Spritz assumes per-packet
 * acknowledgments (§IV-C) and acts on each packet's outcome (Alg. 2–3). REPS under its `paper`
 * or `artifact` profile models the paper, which recycles the EV of every unmarked packet (Alg. 1)
 * and ACKs each: with coalesced ACKs it recycles one EV per ACK and draws the rest at random
 * (docs/lb-permutation.yaml, 16 KiB: 11,690 recycled, 51,062 drawn; review rev-reps). Under
 * `uec-htsim` the coalescing is uet-htsim's own (notes/uec-htsim-reference.md §6): no warning.
 * The fabric gives each of them per-packet ACKs unless the scenario sets ackEveryBytes (build.ts
 * defaultAckEveryBytes). A value at most one MTU still ACKs every full packet (one fills the
 * count alone): no warning.
 */
export function coalescedAckWarnings(uses: readonly { path: string; name: string; params?: object }[], reliability: string, ackEveryBytes: number | undefined, mtuBytes: number): string[] {
  if (reliability !== "rud" || ackEveryBytes === undefined || ackEveryBytes <= mtuBytes) return [];
  const fix = (name: string) => `Set transport.ackEveryBytes: 0 (an ACK per packet, the default under ${name}); see harness/README.md, transport.ackEveryBytes.`;
  const out: string[] = [];
  const plb = uses.filter((u) => u.name === "plb").map((u) => u.path);
  if (plb.length > 0)
    out.push(
      `transport.ackEveryBytes: ${ackEveryBytes} coalesces the ACKs that ${plb.join(", ")} (plb) judges its rounds by: ` +
        `rud's receiver ACKs a marked packet at once and an unmarked one only every ${ackEveryBytes} B, so PLB counts each marked packet and few of the others, ` +
        `and its congested fraction (PLB §3, ce_ratio ≥ K) runs above the share of packets marked, so more of its rounds count as congested than PLB means; ` +
        `its count of packets in flight hears back from few of them, so its idle re-path (nothing in flight) seldom fires. ${fix("plb")}`,
    );
  for (const u of uses) {
    if (u.name === "dctcp" || u.name === "mprdma")
      out.push(
        `transport.ackEveryBytes: ${ackEveryBytes} coalesces the ACKs ${u.path} (${u.name}) counts marked bytes from: rud's receiver ACKs a marked packet at once and an unmarked one only every ${ackEveryBytes} B, ` +
          `and an ACK's bytes count as marked or not by the packet that sent it, so the unmarked bytes a marked packet's ACK also covers count as marked ` +
          `(${u.name === "dctcp" ? "DCTCP's α wants CE echoed exactly, RFC 8257 §3.2" : "MP-RDMA ACKs every packet"}). ${fix(u.name)}`,
      );
    else if (u.name === "dcqcn" || u.name === "timely")
      out.push(
        `transport.ackEveryBytes: ${ackEveryBytes} coalesces the ACKs of ${u.path} (${u.name}), which paces its packets at its rate: rud's receiver ACKs an unmarked packet only every ${ackEveryBytes} B, ` +
          `so at a rate below ${ackEveryBytes} B per RTO a packet's ACK waits for packets that have not been sent yet and the timer fires first, resending what arrived ` +
          `(a send window, params.windowBytes, asks for an ACK when it fills; HPCC's ns-3 ACKs every packet). ${fix(u.name)}`,
      );
    else if (u.name.startsWith("spritz-"))
      out.push(
        `transport.ackEveryBytes: ${ackEveryBytes} coalesces the ACKs ${u.path} (${u.name}) acts on: Spritz assumes per-packet acknowledgments (§IV-C) and judges each packet's path by its outcome (Alg. 2–3), ` +
          `but rud's receiver ACKs a marked packet at once and an unmarked one only every ${ackEveryBytes} B, so it hears every congested path and few of the others. ${fix(u.name)}`,
      );
    else if (u.name === "reps") {
      const profile = (u.params as { profile?: unknown } | undefined)?.profile;
      if (typeof profile === "string" && PER_PACKET_REPS_PROFILES.includes(profile))
        out.push(
          `transport.ackEveryBytes: ${ackEveryBytes} coalesces the ACKs ${u.path} (reps, profile ${profile}) recycles EVs from: the REPS paper recycles the EV of every unmarked packet (Alg. 1) and ACKs each, coalescing only in a sensitivity study, ` +
            `but rud's receiver ACKs an unmarked packet only every ${ackEveryBytes} B and echoes the EV of the packet that sent the ACK, so REPS recycles one EV per ACK and draws the others at random ` +
            `(profile uec-htsim coalesces as uet-htsim does). ${fix(`reps with profile ${profile}`)}`,
        );
    }
  }
  return out;
}

/**
 * Swift over RUD with a retransmitLimit RUD's count cannot reach. The fabric gives Swift the
 * timed-out packet's own timeout count (Isekai's per-packet count, in every profile; lib/cc/swift onTimeout), which RudSender keeps
 * in three bits (`packetTimeouts`, saturating at 7): a limit above 7 never drops the window to
 * min_cwnd over RUD. The other transports time a flow out with one timer, and Swift counts those
 * expiries itself, up to 255.
 */
export function swiftRetxLimitWarnings(uses: readonly { path: string; retransmitLimit: number }[], reliability: string): string[] {
  if (reliability !== "rud") return [];
  return uses
    .filter((u) => u.retransmitLimit > 7)
    .map(
      (u) =>
        `${u.path}.params.retransmitLimit: ${u.retransmitLimit} is never reached under reliability rud: swift judges a timeout by the packet's own count (Isekai), which rud keeps up to 7, ` +
        `so no timeout drops the window to min_cwnd. Give at most 7, or run a transport with one timer per flow (gbn, irn, rack, timeout), whose expiries swift counts up to 255; see lib/cc/swift/README.md.`,
    );
}

/**
 * A network.pfc.headroomBytes given for every port that some ports' own links need more of: what
 * those links deliver in a PAUSE's round trip beyond it is dropped, on a fabric meant to be
 * lossless (400 Gb/s hosts on a 100 Gb/s leaf–spine under 33,300 B: 1,013 PFC drops of 2,973
 * packets before headrooms were per port; review rev-sw, 2026-12-05). Left out, each port's
 * headroom follows its link (harness/README "PFC").
 */
export function pfcHeadroomWarnings(givenBytes: number | undefined, short: { ports: number; needBytes: number; gbps: number; cableNs: number }): string[] {
  if (givenBytes === undefined || short.ports === 0) return [];
  return [
    `network.pfc.headroomBytes: ${givenBytes} B is below what ${short.ports} ingress queue(s) need for their own links (up to ${short.needBytes} B for ${short.gbps} Gb/s over a ${short.cableNs} ns cable: ` +
      "2 × cable BDP + 2 × MTU + the switch latency's bytes), so PFC drops there what arrives past XOFF + headroom (the bytes still on the way after its PAUSE; with 0 B it drops at XOFF and never pauses). Leave headroomBytes out to size each port from its link (harness/README.md, PFC).",
  ];
}

/**
 * Go-back-N, IRN, RACK-TLP or timeout-only on switches that trim. These receivers predate
 * trimming (harness/README.md "Adapters"): a trimmed header that reaches one is dropped unread
 * (net/rounds.ts QpTransport.onHeader), so each trim is a loss its sender finds only by its own
 * means (a later packet's NACK or SACK, RACK's reordering window, the RTO), and the queues that
 * come with trimming hold one BDP instead of five (uet-htsim §2), so more of them are cut. The
 * fabric trims whenever PFC is off unless network.trimming says otherwise, and nothing said so:
 * a 3:1 incast of 400 kB over IRN on a 2 × 2 leaf–spine finished at p99 377.6 µs with trimming
 * (35 trims, 1 RTO) against 99.8 µs without (0 drops; review rev-rel, 2026-12-05).
 */
export function trimmingBaselineWarnings(reliability: string, trims: boolean, trimmingGiven: boolean): string[] {
  if (!trims || !["gbn", "irn", "rack", "timeout"].includes(reliability)) return [];
  const why = trimmingGiven ? "the switches trim (network.trimming / network.queue.trimming)" : "the switches trim, the default without network.pfc";
  return [
    `transport.reliability: ${reliability} predates trimming, and ${why}: its receiver drops a trimmed header unread, so each trim is a loss its sender finds only by its own means (a later packet's NACK or SACK, a reordering window, the RTO), ` +
      "and the 1-BDP queues that come with trimming (5 BDP without) cut more packets. Set network.trimming: false (or network.pfc) to run it on the dropping fabric it was designed for; see harness/README.md, Adapters.",
  ];
}

/** The words of inOrderReorderWarnings that the soak reads as the cause of a flow given up (soak.ts reorderedInOrder). */
export const REORDERED_WORDS = "so a flow's packets arrive out of order";

/** The words of dcpControlPlaneWarnings that the soak reads as the cause of lost HOs (soak.ts dcpDroppedSilently). */
export const HO_OVERFLOW_WORDS = "so an incast's HOs can overflow it";

/** What an in-order receiver does with a packet that is not the next in its flow's sequence. */
const TARGET_IN_ORDER = "accepts only a stream's next sequence number and drops any other packet, NACKing the gap, and the initiator goes back to it (DACK §II-A";
const IN_ORDER: Record<string, string> = {
  gbn: "accepts only the next PSN and drops any other packet, NAKing the hole, and the sender goes back to it (IBA go-back-N)",
  dack: `${TARGET_IN_ORDER})`,
  opt: `${TARGET_IN_ORDER}, the OPT baseline)`,
};

/** Load balancers that give one flow's packets different EVs, which an EV-hashing switch sends different ways. */
const SPRAYS: Record<string, string> = {
  ops: "sprays each packet on another EV",
  reps: "sends a flow's packets on the EVs it recycles and draws, several at a time",
  "spritz-spray": "sprays a flow's packets over its paths",
};

/**
 * An in-order transport (go-back-N, the DACK and OPT targets: each drops a packet that is not
 * the next in its flow's sequence) on a fabric that reorders a flow's packets: a routing that
 * picks each packet's next hop on its own (adaptive, Valiant, UGAL-L), or, under a routing that
 * hashes the EV, a load balancer that spreads one flow over several EVs. Every packet that
 * overtakes another is dropped and resent as a loss, and the go-back resends whatever followed
 * the hole. Soak seed 5,190,643 (two DCs of 100 Gb/s leaf–spines, NSCC, PLB and go-back-N under
 * adaptive routing, 9,000 B buffers, a cross permutation of 300 kB): 135,120 spurious
 * retransmissions, and 6 of 32 flows gave up after seven timeouts without progress at 20 ms;
 * under ECMP routing every flow completed by 8.7 ms, and with IRN under adaptive routing by
 * 3.4 ms (2026-12-07).
 */
export function inOrderReorderWarnings(reliability: string, routing: string, lowDiameter: boolean, lbs: readonly { path: string; name: string }[]): string[] {
  const drops = IN_ORDER[reliability];
  if (drops === undefined) return [];
  const ignored = evIgnoredBy(routing, lowDiameter);
  let why: string | null = null;
  if (routing === "adaptive" || routing === "valiant" || routing === "ugal") {
    why = `network.routing: ${routing} picks each packet's path on its own (${ignored})`;
  } else if (ignored === null) {
    // Named by the path that gives it: a traffic entry's own (audit 2026-12-07: "transport.lb: ops" where transport.lb was ecmp).
    const spray = lbs.filter((u) => SPRAYS[u.name] !== undefined);
    if (spray.length > 0) why = `${spray[0].path}: ${spray[0].name} ${SPRAYS[spray[0].name]}, which the switches send different ways`;
  }
  if (why === null) return [];
  return [
    `transport.reliability: ${reliability} ${drops}, but ${why}, ${REORDERED_WORDS}: each packet that overtakes another is dropped and sent again as if lost, with everything after it, ` +
      "and under load a flow may run past its retry limit. For an in-order transport keep each flow on one path (network.routing: ecmp with a per-flow load balancer: ecmp, plb, flowlet), " +
      "or run one whose receiver takes packets out of order (irn, rack, timeout, rud, dcp); see harness/README.md, Adapters.",
  ];
}

/** What a drop costs DCP, said by each warning of a fabric that drops where it should trim. */
const DCP_DROP_COST =
  "a dropped packet makes no HO, so it waits for the timeout, which resends its whole message, whose packets must then all arrive (§4.5); " +
  "under congestion the resends of several flows are dropped again and a flow fails after maxRetries timeouts";

/**
 * DCP on a fabric that drops. DCP recovers a loss fast only from the HO its switch makes by
 * trimming (§4.2–4.4); a silent drop waits for the timeout, which resends the whole unaMSN-th
 * message, and a newer retry makes the receiver count that message anew (§4.5 rRetryNo), so every
 * packet of the resend must arrive in one go; after `maxRetries` (7) expiries in a row the QP is
 * in error and the flow fails. An incast's resends meet again in the same queue: soak seed 278
 * (a 7:1 incast of 300 kB, one message each, under NSCC on a dropping 3-tier fat tree) lost 53–60
 * packets in every 8 ms timeout round and failed 6 of its 7 flows at 64 ms; seed 232 (no CC, a
 * 9,000 B buffer) failed 2 of 51 (review rev-soak, 2026-12-05).
 */
export function dcpDropWarnings(reliability: string, trims: boolean, pfc: boolean, bufferGiven: boolean): string[] {
  if (reliability !== "dcp" || trims || (pfc && !bufferGiven)) return [];
  // Under PFC a queue given a buffer drops what passes it: PAUSE acts per ingress queue, at its
  // XOFF, and several ingresses fill one egress queue (soak seeds 4,746,335 … 4,750,282: 30,000
  // and 9,000 B buffers under a 100,000 B XOFF, queue drops and no PAUSE at all).
  const where = pfc ? "these drop: under network.pfc a queue given a buffer (network.bufferBytes, bufferBdp or queue.dataLimit*) still drops what passes it, PAUSE acting per ingress queue at its XOFF; " : "these drop: ";
  const fix = pfc ? "Leave the buffer out under network.pfc (each queue then holds 2^29 B and PAUSE bounds it) or turn trimming on" : "Leave network.trimming on (the default without PFC) or set network.pfc";
  return [
    `transport.reliability: dcp is built for switches that trim (DCP §4.2), and ${where}${DCP_DROP_COST}. ${fix}; see lib/reliability/dcp/README.md.`,
  ];
}

/**
 * DCP under PFC with a headroomBytes given below what some port's link needs (pfcHeadroomWarnings).
 * PFC pauses a queue above XOFF and drops, never trims, what passes XOFF + headroom, so trimming or
 * not the fabric drops there, and DCP recovers a drop only by the timeout that resends its whole
 * message (§4.5); with headroom 0 a queue never pauses at all. Soak seed 4,807,556: a 10:1 incast
 * of 300 kB under NSCC on a trimming Dragonfly, XOFF 20,000 B, headroom 0: 1,882 PFC drops, no
 * PAUSE, no trim, and all 10 flows failed at 64 ms; with the headroom left out, all complete by
 * 254 µs with no drop.
 */
export function dcpPfcHeadroomWarnings(reliability: string, givenBytes: number | undefined, shortPorts: number): string[] {
  if (reliability !== "dcp" || givenBytes === undefined || shortPorts === 0) return [];
  const never = givenBytes === 0 ? " (with 0 B a queue drops at its pause threshold instead of pausing)" : "";
  return [
    `transport.reliability: dcp is built for switches that trim (DCP §4.2), but PFC drops, never trims, what passes XOFF + network.pfc.headroomBytes${never}; ` +
      `${DCP_DROP_COST}. Leave headroomBytes out to size each port from its link; see lib/reliability/dcp/README.md, Without trimming.`,
  ];
}

/**
 * DCP's trimmed headers in a completely shared switch buffer. Under `switchBuffer.rule: complete`
 * one congested port's data may fill the switch's buffer to within a header, and with the control
 * queue in the buffer (lib/switch `controlPooled`, true under every queue profile but `dcp`) a
 * packet the buffer refuses has its header refused too: the switch drops what it would trim, and
 * DCP is left to its timeouts, as on a dropping fabric (dcpDropWarnings). Soak seed 4,802,437: a
 * tornado of one 50 kB message a flow from 16 hosts at 25 Gb/s into a 100 Gb/s WAN over 60 kB
 * buffers, 1,545 drops against 230 trims, 16 flows failed after 8 timeout rounds; with the control
 * queue outside, every flow completes in 0.37 ms. Not under PFC, whose egress queues have no pool.
 */
export function dcpPooledHeaderWarnings(reliability: string, trims: boolean, pfc: boolean, rule: string | undefined, controlPooled: boolean): string[] {
  if (reliability !== "dcp" || !trims || pfc || rule !== "complete" || !controlPooled) return [];
  return [
    "network.switchBuffer: rule complete lets one congested port's data fill a switch's buffer to within a header, and under this queue profile the control queue is in that buffer, " +
      `so a packet the buffer refuses has its trimmed header refused too and is dropped; under transport.reliability: dcp ${DCP_DROP_COST}. ` +
      "Set network.queue.controlPooled: false (DCP §4.2's lossless control plane, as queue profile dcp has it) or switchBuffer.rule: dynamic; see lib/reliability/dcp/README.md, Without trimming.",
  ];
}

/**
 * DCP on a queue profile whose control FIFO is bounded. DCP recovers a trimmed packet from its HO
 * (§4.3), and §4.2 keeps the HOs in a control queue that must not lose them (the WRR weight is
 * sized so that it drains as fast as headers arrive); the `dcp` profile gives each port's control
 * FIFO 32 MiB outside any shared buffer. Under `uec` or `uec-htsim` the control FIFO holds one or
 * two BDP, which an incast's HOs at its last hop can fill: soak seed 5,210,591 (a 10:1 incast of
 * 300 kB under NSCC on a trimming Slim Fly, queue profile `uec` with WRR, 30,000 B buffers) lost
 * 459 of 13,275 HOs, and all ten flows failed after DCP's whole-message timeouts (2026-12-07).
 */
export function dcpControlPlaneWarnings(reliability: string, trims: boolean, q: Readonly<QueueParams>, limitGiven: boolean): string[] {
  if (reliability !== "dcp" || !trims || q.profile === "dcp" || limitGiven) return [];
  return [
    `transport.reliability: dcp recovers a trimmed packet from its HO, which DCP §4.2 keeps in a control queue that never overflows (queue profile dcp: 32 MiB per port, outside any shared buffer), ` +
      `but network.queue.profile ${q.profile} gives the control FIFO ${q.controlLimitBytes} B, ${HO_OVERFLOW_WORDS}, and a lost HO, as a dropped packet, leaves its packet to the timeout: ${DCP_DROP_COST}. ` +
      "Set network.queue.profile: dcp, or network.queue.controlLimitBytes to hold every HO a port may take; see lib/reliability/dcp/README.md.",
  ];
}

/**
 * A receive buffer under two packets at a host that processes at a rate (network.rxGbps). The
 * fabric holds a packet in the buffer until the host has processed it, so a packet that arrives
 * meanwhile is dropped when both do not fit, even at rxGbps above the link rate: a packet shorter
 * than the link delivers in one full packet's processing time arrives behind that one before it
 * is done. Left out, rxBufferBytes is the switch port's buffer (build.ts portSizes), which a small
 * bufferBdp makes little more than one packet. Such a drop is silent: DCP makes no HO for it.
 * Soak seed 4,832,822: 25 Gb/s links, rxGbps 50, bufferBdp 0.25 (5,188 B); each 300 kB flow's
 * 1,786 B last packet arrived 571 ns behind a 4,150 B one with 664 ns of processing left, was
 * dropped, and four flows within a rack lost it in all 8 of DCP's whole-message rounds; with
 * 5,936 B (4,150 + 1,786) every flow completes by 0.33 ms. DACK's and OPT's target keeps its own
 * queue (harness/README.md), so neither is warned.
 */
export function rxBufferWarnings(reliability: string, rxGbps: number | undefined, bufferBytes: number, given: boolean, mtuBytes: number): string[] {
  if ((rxGbps ?? 0) <= 0 || bufferBytes >= 2 * mtuBytes || reliability === "dack" || reliability === "opt") return [];
  const from = given ? "" : " (network.rxBufferBytes left out: the switch port's buffer)";
  const dcp = reliability === "dcp" ? ` Under transport.reliability: dcp ${DCP_DROP_COST}.` : "";
  return [
    `network.rxBufferBytes: the hosts' receive buffer of ${bufferBytes} B${from} holds under two packets (2 × mtuBytes = ${2 * mtuBytes} B), and a host holds a packet there until it has processed it, ` +
      `so a packet arriving meanwhile is dropped when both do not fit, even where network.rxGbps (${rxGbps}) is at or above the link rate (a short packet behind a full one arrives before the full one is done).${dcp} ` +
      `Give network.rxBufferBytes at least ${2 * mtuBytes} B; see harness/README.md, soak seed 4,832,822.`,
  ];
}

/** Whether the scenario gives the switch queues a buffer of their own (under PFC they otherwise hold 2^29 B: build.ts portSizes). */
export function bufferGiven(n: Readonly<NonNullable<Scenario["network"]>>): boolean {
  const queue = n.queue ?? {};
  return n.bufferBdp !== undefined || n.bufferBytes !== undefined || queue.dataLimitBytes !== undefined || queue.dataLimitPackets !== undefined;
}

/**
 * Trimming switches under PFC with no buffer given. A queue trims only an arrival that passes its
 * data limit (lib/switch/queue onEnqueue), and under PFC that limit defaults to 2^29 B so that
 * pauses, not drops, bound the queues (build.ts portSizes; harness/README.md, network.pfc). The
 * bytes a switch holds are bounded by its ingress queues, each paused at XOFF (100,000 B by
 * default) and dropping beyond its headroom: a k = 4 fat tree's 4-port switch holds at most
 * 4 × (100,000 + 2 × 12,500 + 2 × 4150) = 533,200 B at 100 Gb/s over 1 µs cables, three orders
 * below 2^29 = 536,870,912 B, so no egress queue ever reaches its limit (review rev-scenario:
 * an 8:1 incast of 1 MB, 224 pauses, 0 trims). Only a loss fault's trim (faults[].trim) trims.
 */
export function pfcTrimmingWarnings(n: Readonly<NonNullable<Scenario["network"]>>, trims: boolean): string[] {
  if (n.pfc === undefined || !trims || bufferGiven(n)) return [];
  return [
    "network.trimming: the switches trim, but under network.pfc with no buffer given each queue holds 2^29 B, so PFC pauses the senders long before any queue fills and no packet is ever trimmed (a loss fault's trim aside). " +
      "Give network.bufferBdp (1: uet-htsim's trimming queue) or network.bufferBytes for queues that trim where they pass it, or leave network.trimming out to run PFC lossless; see harness/README.md, PFC.",
  ];
}

/**
 * Reflex's NDT pause (§III-D 3) ends on an ACK that shows the congestion resolved, or at
 * T_maxpause; while every ACK left comes from packets that saw the congestion, only T_maxpause
 * ends it. Without PFC the senders' RTO runs meanwhile, and a T_maxpause at or above it times out
 * the packets held in the Controlled queue (audit 2026-12-07: on two DCs over a 50 µs WAN, RTO
 * 396 µs against Table I's 500 µs, two inter-DC flows took 2.5–2.8 ms for an ideal 139 µs, with
 * 146 RTOs and 116 spurious resends; 0 with tMaxPauseNs 100 µs). Under PFC the RTO is 1 ms and
 * nothing is lost to it in the paper's setup either.
 */
export function reflexPauseWarnings(ndt: boolean, tMaxPauseNs: number, rtoNs: number, pfc: boolean): string[] {
  if (!ndt || pfc || tMaxPauseNs < rtoNs) return [];
  return [
    `network.reflex: NDT's pause lasts up to T_maxpause (tMaxPauseNs ${us(tMaxPauseNs)} µs), not below the senders' RTO (${us(rtoNs)} µs): ` +
      "a pause that only T_maxpause ends (each ACK still coming back saw the congestion) holds the paused flows' packets past their timeout, and they are resent while they wait (spurious timeouts). " +
      "Give network.reflex.params.tMaxPauseNs below the RTO; see harness/README.md, Reflex.",
  ];
}
