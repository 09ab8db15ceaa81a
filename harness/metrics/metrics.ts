// The papers' metrics from a finished run (Built + its fabric):
//   FCT and slowdown p50 / p95 / p99 overall, by size class (DCP §6.2: below 200 KB, to 10 MB,
//     above) and by flow class (Reflex §IV: intra- / inter-DC; Spritz §V-C: incast vs bystander);
//   job completion time per collective group (DCP §6.2: the last flow of the group);
//   goodput (DACK §IV-B: payload accepted by the target per unit time);
//   drops by packet kind, trims, retransmissions with the spurious ones apart (DCP §6.2: IRN's
//     spurious retransmissions under adaptive routing), out-of-order arrivals in % of data
//     packets (Spritz §V-C: PSN_exp ≠ PSN_recv), RTOs, PFC pauses and paused time (Reflex
//     §IV-B: "PFC counts"), the control plane's HO loss ratio (DCP Table 5), link usage by link
//     class and the busiest links, per-path packet counts of traced flows;
//   time series of queue occupancy at chosen ports and window / rate and delivered bytes of
//     chosen flows (SMaRTT Fig. 11 and 15: cwnd and queue over time), and under the DACK family
//     the target's occupancy at chosen hosts and the flows' halt state (DACK Figs. 8–9, Fig. 2).
// Percentiles are nearest-rank: the ⌈q·n⌉-th smallest.
//
// Slowdown is FCT (last byte delivered − start) over the one-way store-and-forward ideal
// (scenario/build.ts idealFctPs), not HPCC's (HPCC's ns-3 third.cc qp_finish, the simulator of
// DCP's evaluation: time to the sender's last ACK over base RTT + wire bytes at the bottleneck
// rate, at least 1). Short flows' slowdowns are larger here than in those papers: 1 KB across a
// 3-tier fat tree at 100 Gb/s, 1 µs links, has an ideal of 6.5 µs here and 14.0 µs there. The
// per-flow results carry HPCC's as `slowdownHpcc` (results.ts), and `slowdownHpcc` and `ackedUs`
// below are its statistics, with the time to the last ACK they divide, for comparison with those
// papers' figures (DCP Fig. 13: P50/P95 FCT; Fig. 16: P50/P99 FCT slowdown).

import { DACK_H0, DACK_H1, DACK_H_INF, DACK_H_MINUS1, DACK_RETRANSMIT } from "../../lib/reliability/dack/initiator";
import { Kind } from "../net/packets";
import { DcpTransport } from "../net/rounds";
import type { Built } from "../scenario/build";
import { cables, type FaultLink, faultLinks, levels, linkClass, portName, reversePort } from "../scenario/faults";

export interface Stats {
  n: number;
  mean: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  /** The smallest value; results written before 2026-12-02 lack it. */
  min?: number | null;
  /**
   * In the statistics counting open flows (Metrics.fctUsCountingOpen, slowdownCountingOpen)
   * only: how many of the n values are flows open at the end of the run, each counted at the
   * least it could have taken (openBound).
   */
  open?: number;
}

export interface SizeStats extends Stats {
  label: string;
  /**
   * The class's bounds in bytes, loBytes ≤ flow bytes < hiBytes (null: no upper bound), which
   * the label rounds to decimal KB / MB and which plots may show in KiB. Results written before
   * 2026-12-06 lack them (sweep.ts reads the label instead).
   */
  loBytes?: number;
  hiBytes?: number | null;
}

/** Statistics of one per-flow value: over all flows, by size class and by flow class. */
export type Grouped = { all: Stats; bySize: SizeStats[]; byClass: Record<string, Stats> };

export interface Metrics {
  fctUs: Grouped;
  slowdown: Grouped;
  /**
   * FCT and slowdown over the complete flows and those open when the run ended (run.endUs,
   * run.maxEvents, or no event left), each open one at the least its FCT could be (openBound):
   * `fctUs` and `slowdown` leave those out, so a run cut short shows its best figures. Every
   * statistic here is a lower bound on that of all the flows that started; each Stats says how
   * many of its n are open (`open`). Results written before 2026-12-06 lack them.
   */
  fctUsCountingOpen?: Grouped;
  slowdownCountingOpen?: Grouped;
  /**
   * The time to the sender's last ACK (the flows' `ackedUs`) and HPCC's slowdown (`slowdownHpcc`),
   * over the complete flows that were acknowledged. Results written before 2026-12-05 lack them.
   */
  ackedUs?: Grouped;
  slowdownHpcc?: Grouped;
  /**
   * Complete flows whose last ACK reached the sender more than `thresholdUs` (the network's RTO,
   * derived.rtoNs) after their last byte reached the receiver, and the largest such gap over all
   * acknowledged complete flows (null when none). Results written before 2026-12-05 lack it.
   */
  lateAcks?: { flows: number; thresholdUs: number; maxGapUs: number | null };
  jobs: { group: string; flows: number; completed: number; startUs: number; jctUs: number | null }[];
  goodput: { totalGbps: number; perFlowMeanGbps: number | null; perFlowMinGbps: number | null };
  drops: { total: number; data: number; ho: number; ack: number; nack: number; cnp: number; queue: number; receiver: number; pfc: number; watchdog: number; fault: number; reflex: number };
  trims: number;
  /**
   * Where `trims` happened: at a last-hop port (a switch port facing a host, where UEC §4.1 marks
   * the header DSCP_TRIMMED_LASTHOP and NSCC and REPS take the loss as the receiver's, not the
   * path's: UEC §3.6.12 process_ev) or elsewhere; by link class (metrics.links); and per port, every
   * port that trimmed, most first (a loss fault's trims at the port whose link it covers). Results
   * written before 2026-12-05 lack it.
   */
  trimSites?: { lastHop: number; elsewhere: number; byClass: Record<string, number>; ports: { port: number; name: string; class: string; lastHop: boolean; trims: number }[] };
  /**
   * The switches' shared buffers (network.switchBuffer): how often they refused an arrival or a
   * trimmed header that the port's own limits took, and the fullest one got (bytes); 0 and 0 without.
   */
  switchBuffer: { refusals: number; peakBytes: number };
  retransmissions: { total: number; spurious: number; timeouts: number };
  outOfOrder: { packets: number; percent: number; duplicates: number };
  /** PFC frames, paused time, ports ever paused, and the pause storms the switches' watchdog broke. */
  /** `pauses`: pause episodes (an XOFF after an XON); `pauseFrames`: PAUSE frames, refreshes included; `xonFrames`: the XONs. */
  pfc: { pauses: number; pauseFrames: number; xonFrames: number; pausedUs: number; portsPaused: number; watchdogStorms: number };
  controlPlane: { hoSent: number; hoLost: number; hoLossRatio: number; hoRefused: number; acksSent: number; acksLost: number; nacksSent: number; nacksLost: number };
  /** `busiest[].trims`: the port's trims (trimSites); results written before 2026-12-05 lack it. */
  links: { byClass: Record<string, { links: number; meanUtil: number; minUtil: number; maxUtil: number; cov: number }>; busiest: { port: number; name: string; util: number; bytes: number; trims?: number }[] };
  paths: { flow: number; distinct: number; packets: { path: string; packets: number }[] }[];
  /**
   * Per fault: its label, what it resolved to (`links`: each cable once, by its lower port id,
   * with both ends as a scenario names them and its link class; "all" for `everywhere`; `hosts`
   * for `slow`), and its cost. Results written before these two fields (2026-12-04) lack them.
   * `flowsHit`: the flows a packet of which (any kind, either direction) went onto a covered
   * link while the fault was on, or (slow) reached a covered host as data while it was on, or was
   * lost or trimmed to it; `flowsLost` (absent before 2026-12-05, when `flowsHit` counted only
   * these): those that lost a packet to it or had one trimmed. `flows` and `flowsLostIds` (absent
   * before 2026-12-05) are their flow ids (FlowResult.flow, flows.csv `flow`), ascending: a degrade
   * or slow fault loses nothing, and flows.csv's `fault_losses` sums over every fault, so only
   * these name the flows a given fault slowed. The mean slowdowns are over the complete flows hit
   * and the complete flows not hit.
   */
  faults: { label: string; links: FaultLink[] | "all"; hosts: number[]; lost: { data: number; ho: number; ack: number; nack: number; cnp: number }; trimmed: number; flowsHit: number; flowsLost?: number; flows?: number[]; flowsLostIds?: number[]; meanSlowdownHit: number | null; meanSlowdownOthers: number | null }[];
}

export interface Series {
  intervalUs: number;
  tUs: number[];
  queues: { port: number; name: string; bytes: number[] }[];
  /**
   * Per sampled flow; under reliability dack also its initiator's halt state (DACK §II-E, Fig. 2),
   * a code indexing `haltStates`, and the packets that state still allows (`credits`; 0 in H∞,
   * where the outstanding threshold alone limits the flow); null while the flow is not sending.
   */
  flows: { flow: number; cc: string; unit: "bytes" | "bps"; level: (number | null)[]; deliveredBytes: number[]; haltState?: (number | null)[]; credits?: (number | null)[] }[];
  /** The names of the halt-state codes (lib/reliability/dack DACK_H_INF … DACK_RETRANSMIT); with `haltState` only. */
  haltStates?: string[];
  /**
   * metrics.sample.hosts (reliability dack / opt): each host's DACK target, its processing-queue
   * occupancy (bytes, the packet in service included: §II-D target_queue_occupancy, the paper's
   * buffer occupancy of Figs. 8–9) and 1 while that is above the policy threshold (§II-D
   * system_congested; OPT's target computes it but does not act on it), else 0.
   */
  hosts?: { host: number; bytes: number[]; congested: number[] }[];
}

/** Series.haltStates: the name of each DackInitiator.haltState code, indexed by the code. */
export const HALT_STATE_NAMES: readonly string[] = (() => {
  const n: string[] = [];
  n[DACK_H_INF] = "H∞";
  n[DACK_H_MINUS1] = "H(−1)";
  n[DACK_H0] = "H0";
  n[DACK_H1] = "H1";
  n[DACK_RETRANSMIT] = "retransmit";
  return n;
})();

const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function stats(values: number[]): Stats {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  const at = (q: number) => (n === 0 ? null : v[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))]);
  return { n, mean: n === 0 ? null : r3(v.reduce((a, x) => a + x, 0) / n), p50: at(0.5), p95: at(0.95), p99: at(0.99), max: n === 0 ? null : v[n - 1], min: n === 0 ? null : v[0] };
}

function sizeLabel(lo: number, hi: number): string {
  const f = (b: number) => (b >= 1e6 ? `${b / 1e6} MB` : b >= 1e3 ? `${b / 1e3} KB` : `${b} B`);
  return hi === Infinity ? `≥ ${f(lo)}` : lo === 0 ? `< ${f(hi)}` : `${f(lo)} – ${f(hi)}`;
}

/** Per-flow values the metrics are computed from. */
export interface FlowView {
  bytes: number;
  fctUs: number | null;
  slowdown: number | null;
  /** The time to the sender's last ACK and HPCC's slowdown; absent or null when not acknowledged. */
  ackedUs?: number | null;
  slowdownHpcc?: number | null;
  cls: string;
  /**
   * Counting open flows (Metrics.fctUsCountingOpen): a complete flow's fctUs and slowdown, an
   * open flow's openBound, null for the others (not started, failed); `open` for the second kind.
   */
  fctUsAtLeast?: number | null;
  slowdownAtLeast?: number | null;
  open?: boolean;
}

/**
 * The least FCT (µs) and slowdown a flow still open when the run ended can have: the time it had
 * run by then, simulatedUs − startUs, which its last byte can only come after, and that over its
 * ideal. Null for a flow not open (`status` other than incomplete) or that had not run at all
 * (its start at the end): nothing bounds it above 0. Rounded to the ns as the flows' figures are.
 */
export function openBound(f: { status: string; startUs: number; idealUs: number }, simulatedUs: number): { fctUs: number; slowdown: number } | null {
  if (f.status !== "incomplete" || !(simulatedUs > f.startUs)) return null;
  const ranUs = r3(simulatedUs - f.startUs);
  return { fctUs: ranUs, slowdown: r3(ranUs / f.idealUs) };
}

/**
 * The flows whose last ACK came later after their last byte than queueing can explain. That gap
 * is the final ACK's trip back: about half a network RTT on an idle path (4.0 µs, the median, in
 * DCP-style WebSearch runs of RTT 9.35 µs), plus its queueing. The network's RTO bounds the
 * queueing by construction (uet-htsim's 15 µs + 6 full-buffer drains, never below 2 RTTs, 1 ms
 * under PFC: scenario/build.ts rtoNs), so a longer gap means the final ACK was lost and the sender
 * learnt of the completion only from a timer's resend: DCP's 8 ms RTO after a lost last ACK (the
 * same runs: queueing gaps of at most 39 µs, lost-ACK gaps of 7,470–8,005 µs, threshold 188 µs).
 * Such a flow's FCT ends at the receiver and hides that wait; HPCC's slowdown includes it.
 */
function lateAcks(flows: FlowView[], rtoNs: number): NonNullable<Metrics["lateAcks"]> {
  const thresholdUs = r3(rtoNs / 1000);
  let late = 0;
  let maxGapUs: number | null = null;
  for (const f of flows) {
    if (f.fctUs === null || f.ackedUs === undefined || f.ackedUs === null) continue;
    const gapUs = f.ackedUs - f.fctUs;
    if (gapUs > thresholdUs) late++;
    if (maxGapUs === null || gapUs > maxGapUs) maxGapUs = gapUs;
  }
  return { flows: late, thresholdUs, maxGapUs: maxGapUs === null ? null : r3(maxGapUs) };
}

/**
 * `pick`'s statistics over the flows that have a value: all of them, per size class (edges 0,
 * `bounds`…, ∞; a flow of exactly an edge's size belongs to the class above it; a class appears
 * when any flow, finished or not, falls in it) and per flow class; with `countOpen`, each says
 * how many of its values are open flows' (FlowView.open).
 */
export function grouped(flows: FlowView[], bounds: number[], pick: (f: FlowView) => number | null, countOpen = false): Grouped {
  const done = flows.filter((f) => pick(f) !== null);
  const of = (part: FlowView[]): Stats => {
    const s = stats(part.map((f) => pick(f) as number));
    return countOpen ? { ...s, open: part.filter((f) => f.open === true).length } : s;
  };
  const all = of(done);
  // The scenario may list the bounds in any order; classes must not overlap.
  const edges = [0, ...[...bounds].sort((x, y) => x - y), Infinity];
  const bySize: SizeStats[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const part = done.filter((f) => f.bytes >= edges[i] && f.bytes < edges[i + 1]);
    if (flows.some((f) => f.bytes >= edges[i] && f.bytes < edges[i + 1])) {
      // JSON has no Infinity: the open top class says so with null.
      const hiBytes = edges[i + 1] === Infinity ? null : edges[i + 1];
      bySize.push({ label: sizeLabel(edges[i], edges[i + 1]), loBytes: edges[i], hiBytes, ...of(part) });
    }
  }
  const byClass: Record<string, Stats> = {};
  for (const c of [...new Set(flows.map((f) => f.cls))].sort()) byClass[c] = of(done.filter((f) => f.cls === c));
  return { all, bySize, byClass };
}

/**
 * FCT and slowdown counting the flows open at the end (FlowView.fctUsAtLeast): raising any value
 * of a set never lowers its nearest-rank percentiles, its mean or its extremes, so each is at
 * most that of the true FCTs, which the open flows would have had had the run gone on.
 */
export function countingOpenStats(flows: FlowView[], bounds: number[]): Required<Pick<Metrics, "fctUsCountingOpen" | "slowdownCountingOpen">> {
  return {
    fctUsCountingOpen: grouped(flows, bounds, (x) => x.fctUsAtLeast ?? null, true),
    slowdownCountingOpen: grouped(flows, bounds, (x) => x.slowdownAtLeast ?? null, true),
  };
}

/** The statistics of the time to the last ACK and of HPCC's slowdown, and the late last ACKs. */
export function ackStats(flows: FlowView[], bounds: number[], rtoNs: number): Required<Pick<Metrics, "ackedUs" | "slowdownHpcc" | "lateAcks">> {
  return {
    ackedUs: grouped(flows, bounds, (x) => x.ackedUs ?? null),
    slowdownHpcc: grouped(flows, bounds, (x) => x.slowdownHpcc ?? null),
    lateAcks: lateAcks(flows, rtoNs),
  };
}

export function computeMetrics(b: Built, flows: FlowView[]): { metrics: Metrics; series: Series | null } {
  const f = b.fabric;
  const t = b.topology;
  const F = f.flows;

  // Jobs: first start to last delivery of each group.
  const jobs: Metrics["jobs"] = [];
  const byGroup = new Map<string, number[]>();
  b.groups.forEach((g, i) => {
    if (g === "") return;
    const l = byGroup.get(g);
    if (l) l.push(i);
    else byGroup.set(g, [i]);
  });
  for (const [group, members] of byGroup) {
    const start = Math.min(...members.map((i) => f.flowStart[i]));
    // A flow whose sender gave up is failed even when its data arrived (README "Adapters").
    const done = members.filter((i) => f.flowDoneRx[i] >= 0 && f.flowFailed[i] === 0);
    const end = Math.max(...done.map((i) => f.flowDoneRx[i]));
    jobs.push({ group, flows: members.length, completed: done.length, startUs: r3(start / 1e6), jctUs: done.length === members.length ? r3((end - start) / 1e6) : null });
  }

  // Goodput: payload that reached receivers (once) over time.
  let first = Infinity;
  let last = 0;
  let arrived = 0;
  const perFlow: number[] = [];
  for (let i = 0; i < F; i++) {
    if (f.flowStarted[i] === 0) continue;
    first = Math.min(first, f.flowStart[i]);
    const end = f.flowDoneRx[i] >= 0 ? f.flowDoneRx[i] : f.now;
    last = Math.max(last, end);
    arrived += f.flowArrivedBytes[i];
    if (end > f.flowStart[i]) perFlow.push((f.flowArrivedBytes[i] * 8) / (end - f.flowStart[i]) / 1e-3);
  }
  const spanPs = last - first;

  // Link usage (switch egress ports; bytes the port sent over the run).
  const lv = levels(t);
  const byClass: Metrics["links"]["byClass"] = {};
  const utilAll: { port: number; util: number; bytes: number }[] = [];
  const classUtil = new Map<string, number[]>();
  for (const c of cables(t)) {
    for (const p of [c, reversePort(t, c)]) {
      if (!f.queues.isOpen(p)) continue;
      const bytes = f.queues.bytesOut(p);
      const util = f.now > 0 ? (bytes * 8000) / t.portGbps[p] / f.now : 0;
      utilAll.push({ port: p, util, bytes });
      const cls = linkClass(t, p, lv);
      const l = classUtil.get(cls);
      if (l) l.push(util);
      else classUtil.set(cls, [util]);
    }
  }
  for (const [cls, u] of [...classUtil].sort((a, c) => (a[0] < c[0] ? -1 : 1))) {
    const mean = u.reduce((a, x) => a + x, 0) / u.length;
    const sd = Math.sqrt(u.reduce((a, x) => a + (x - mean) ** 2, 0) / u.length);
    byClass[cls] = { links: u.length, meanUtil: r3(mean), minUtil: r3(Math.min(...u)), maxUtil: r3(Math.max(...u)), cov: mean > 0 ? r3(sd / mean) : 0 };
  }
  // Trims per port: the queues' own, and a loss fault's at the port whose link it covers.
  const trimsAt = (p: number) => (f.queues.isOpen(p) ? f.queues.packetsTrimmed(p) : 0) + f.faultTrimsAt[p];
  const busiest = utilAll
    .sort((a, c) => c.util - a.util || a.port - c.port)
    .slice(0, 8)
    .map((x) => ({ port: x.port, name: portName(t, x.port), util: r3(x.util), bytes: x.bytes, trims: trimsAt(x.port) }));
  const trimSites: NonNullable<Metrics["trimSites"]> = { lastHop: 0, elsewhere: 0, byClass: {}, ports: [] };
  for (let p = 0; p < t.ports; p++) {
    const n = trimsAt(p);
    if (n === 0) continue;
    const cls = linkClass(t, p, lv);
    // A queue flags a trim last-hop at the ports it was opened last-hop (net/fabric.ts), a loss
    // fault when its link ends at a host: the same ports.
    const lastHop = t.portTo[p] < t.hosts;
    if (lastHop) trimSites.lastHop += n;
    else trimSites.elsewhere += n;
    trimSites.byClass[cls] = (trimSites.byClass[cls] ?? 0) + n;
    trimSites.ports.push({ port: p, name: portName(t, p), class: cls, lastHop, trims: n });
  }
  trimSites.ports.sort((a, c) => c.trims - a.trims || a.port - c.port);

  const pause = f.paused();
  const ports = f.portTotals();
  const d = f.droppedByKind;
  // DCP's HO goes to the receiver as a trimmed header and back to the sender as a bounced one (a
  // NACK packet): both legs are HO packets on the control plane (§4.2; Table 5's "lost HO packets
  // over all HO packets"). Until 2026-12-07 the bounce leg was left out, and a bounced HO lost on
  // its way back read "HO loss 0/1" (audit).
  // A trim whose header the control FIFO or the shared buffer refused is an HO lost where it was
  // made (the packet counts as a data drop too): until 2026-12-07 it was left out of both.
  const bounces = f.transport.nackIsHo !== 0;
  const hoSent = f.trims + ports.headersRefused + (bounces ? f.ctrlSentByKind[Kind.Nack] : 0);
  const hoLost = d[Kind.Header] + ports.headersRefused + (bounces ? d[Kind.Nack] : 0);
  const faults: Metrics["faults"] = f.faults.map((x, i) => {
    const tally = f.faultTally[i];
    const hit = flows.filter((_, j) => tally.hit[j] === 1 && flows[j].slowdown !== null).map((v) => v.slowdown as number);
    const others = flows.filter((_, j) => tally.hit[j] === 0 && flows[j].slowdown !== null).map((v) => v.slowdown as number);
    const mean = (a: number[]) => (a.length ? r3(a.reduce((s, v) => s + v, 0) / a.length) : null);
    const ids: number[] = [];
    for (let j = 0; j < F; j++) if (tally.hit[j] === 1) ids.push(j);
    return {
      label: x.label,
      links: x.ports.length === t.ports ? ("all" as const) : faultLinks(t, x.ports, lv),
      hosts: x.hosts,
      lost: { data: tally.lost[Kind.Data], ho: tally.lost[Kind.Header], ack: tally.lost[Kind.Ack], nack: tally.lost[Kind.Nack], cnp: tally.lost[Kind.Cnp] },
      trimmed: tally.trimmed,
      flowsHit: ids.length,
      flowsLost: tally.flows.size,
      flows: ids,
      flowsLostIds: [...tally.flows].sort((a, c) => a - c),
      meanSlowdownHit: mean(hit),
      meanSlowdownOthers: mean(others),
    };
  });

  const metrics: Metrics = {
    fctUs: grouped(flows, b.sizeClasses, (x) => x.fctUs),
    slowdown: grouped(flows, b.sizeClasses, (x) => x.slowdown),
    ...countingOpenStats(flows, b.sizeClasses),
    ...ackStats(flows, b.sizeClasses, b.ctx.rtoNs),
    jobs,
    goodput: {
      totalGbps: spanPs > 0 ? r3((arrived * 8) / spanPs / 1e-3) : 0,
      perFlowMeanGbps: perFlow.length ? r3(perFlow.reduce((a, x) => a + x, 0) / perFlow.length) : null,
      perFlowMinGbps: perFlow.length ? r3(Math.min(...perFlow)) : null,
    },
    drops: {
      total: d[0] + d[1] + d[2] + d[3] + d[4],
      data: d[Kind.Data],
      ho: d[Kind.Header],
      ack: d[Kind.Ack],
      nack: d[Kind.Nack],
      cnp: d[Kind.Cnp],
      queue: ports.drops - f.wdFlushed,
      receiver: f.rxDrops,
      pfc: f.pfcDrops,
      watchdog: f.wdDrops, // its flushes, which PortQueues.evict counts as the queues' drops, and what it refused
      fault: f.faultDrops,
      reflex: f.reflex !== null ? f.reflex.ndtDrops : 0, // Reflex NDT's own queues at the destination ESW
    },
    trims: ports.trims + f.faultTrims,
    trimSites,
    switchBuffer: f.bufferTotals(),
    retransmissions: { total: f.retransmissions, spurious: f.spuriousRetransmissions, timeouts: f.timeouts },
    outOfOrder: { packets: f.oooArrivals, percent: f.dataDelivered > 0 ? r3((100 * f.oooArrivals) / f.dataDelivered) : 0, duplicates: f.dupArrivals },
    pfc: { pauses: pause.episodes, pauseFrames: f.pauseOnFrames, xonFrames: f.xonFrames, pausedUs: r3(pause.ps / 1e6), portsPaused: pause.ports, watchdogStorms: f.pfcStorms },
    controlPlane: {
      hoSent,
      hoLost,
      hoLossRatio: hoSent > 0 ? hoLost / hoSent : 0,
      // HOs that arrived and found their sender's RetransQ full: recovered by the timeout only.
      hoRefused: f.transport instanceof DcpTransport ? f.transport.hoRefused : 0,
      acksSent: f.ctrlSentByKind[Kind.Ack],
      acksLost: d[Kind.Ack],
      nacksSent: f.ctrlSentByKind[Kind.Nack],
      nacksLost: d[Kind.Nack],
    },
    links: { byClass, busiest },
    paths: b.traceFlows.map((flow, i) => {
      const m = f.tracePaths[i] ?? new Map<string, number>();
      const packets = [...m.entries()].sort((a, c) => c[1] - a[1] || (a[0] < c[0] ? -1 : 1)).map(([path, n]) => ({ path, packets: n }));
      return { flow, distinct: packets.length, packets };
    }),
    faults,
  };

  let series: Series | null = null;
  const s = f.sample;
  if (s) {
    const orNull = (a: number[]) => a.map((x) => (Number.isNaN(x) ? null : x));
    const halt = f.sampleHalt.length > 0;
    series = {
      intervalUs: r3(f.sampleIntervalPs / 1e6),
      tUs: f.sampleTimes.map((x) => r3(x / 1e6)),
      queues: s.ports.map((p, i) => ({ port: p, name: portName(t, p), bytes: [...f.sampleQueues[i]] })),
      flows: s.flows.map((fl, i) => {
        const cc = b.names.cc[fl];
        return {
          flow: fl,
          cc,
          unit: cc === "timely" || cc === "dcqcn" ? ("bps" as const) : ("bytes" as const),
          level: orNull(f.sampleLevels[i]),
          deliveredBytes: [...f.sampleDelivered[i]],
          ...(halt ? { haltState: orNull(f.sampleHalt[i]), credits: orNull(f.sampleCredits[i]) } : {}),
        };
      }),
      ...(halt ? { haltStates: [...HALT_STATE_NAMES] } : {}),
      ...(f.sampleHostBytes.length > 0 ? { hosts: s.hosts.map((h, i) => ({ host: h, bytes: [...f.sampleHostBytes[i]], congested: [...f.sampleHostCongested[i]] })) } : {}),
    };
  }
  return { metrics, series };
}
