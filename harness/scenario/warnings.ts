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
// delay).

import { flowScaling, type SwiftParams } from "../../lib/cc/swift/params";
import type { TimelyParams } from "../../lib/cc/timely/params";
import { Family, type Topology } from "../topo/topology";

/**
 * One delay CC table: its scenario path, its module's resolved parameters (as the table holds
 * them, the network's derived values included) and its flows.
 */
export type DelayCcUse = { path: string; flows: { src: number; dst: number; hops: number }[] } & (
  | { name: "swift"; params: Readonly<SwiftParams> }
  | { name: "timely"; params: Readonly<TimelyParams> }
);

export interface DelayNetwork {
  topology: Topology;
  mtuBytes: number;
  ackBytes: number;
  switchLatencyNs: number;
  bufferBytes: number;
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
  const drainNs = ((n.bufferBytes + n.mtuBytes) * 8) / n.linkGbps;
  const ld = t.family !== Family.Hier;
  const ldQueues = ld ? t.longestRouteLinks() - 1 : 0;
  const out: string[] = [];
  if (n.pfc) return out;
  for (const u of uses) {
    if (u.flows.length === 0 || (u.name === "timely" && n.hostProcessing)) continue;
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
      fix = `baseTargetNs (e.g. to 1.5 × the network RTT: ${us(1.5 * n.rttNs)} µs, as docs/smartt-fairness-swift.yaml)`;
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
