// What a run reports: per-flow completion (FCT, analytic ideal, slowdown), totals (drops, trims,
// retransmissions, ECN marks, timeouts), the derived network constants and the integrity
// verdict. The results object is a pure function of the scenario, the seed and the code (no
// wall-clock time in it), so two runs with the same seed write byte-identical files; it carries
// all three (`input`, with the seed it ran, and `nicfw`: version and git commit).

import type { Built } from "../scenario/build";
import type { Scenario } from "../scenario/schema";
import type { ReflexSites } from "../net/reflex";
import { Pfc } from "../../lib/switch/pfc/pfc";
import { DackTransport, type DackTotals } from "../net/dack";
import { builtWith, type ModuleRecord, moduleRecord } from "../net/registry";
import { ccDecisionLine, ccDecisions, type CcTableDecisions } from "./cc-decisions";
import { type CodeVersion, codeVersion } from "./code-version";
import { lbDecisionLine, lbDecisions } from "./lb-decisions";
import { computeMetrics, type FlowView, type Metrics, openBound, type Series, type Stats, stats } from "./metrics";

export interface FlowResult {
  flow: number;
  src: number;
  dst: number;
  bytes: number;
  startUs: number;
  /** Receiver-side completion (last byte delivered) − start; null if it did not complete. */
  fctUs: number | null;
  idealUs: number;
  slowdown: number | null;
  /** Sender-side completion (everything acknowledged) − start. */
  ackedUs: number | null;
  /**
   * HPCC's slowdown (HPCC's ns-3 qp_finish and analysis/fct_analysis.py): ackedUs over
   * standalone_fct (scenario/build.ts hpccStandaloneFctPs), at least 1; null until acknowledged.
   * Results written before 2026-12-04 lack it.
   */
  slowdownHpcc?: number | null;
  retransmissions: number;
  timeouts: number;
  /** complete, incomplete (the run ended first), waiting (not started: its dependencies never completed, or its startUs came after the run's end) or failed (the reliability module gave up). */
  status: "complete" | "incomplete" | "waiting" | "failed";
  cc: string;
  lb: string;
  class: string;
  /** Collective job group ("" when none). */
  group: string;
  /** Retransmissions sent for a packet that had already reached the receiver. */
  spurious: number;
  /** Data packets that arrived out of order (PSN ≠ the next expected). */
  outOfOrder: number;
  /** Packets of this flow (data and control) lost to faults. */
  faultLosses: number;
  /** Payload that reached the receiver per unit time from start to completion (or the end of the run), Gb/s. */
  goodputGbps: number | null;
  /** Payload bytes that reached the receiver (each data PSN's first copy), exactly: what goodput rounds. */
  arrivedBytes: number;
}

/** What the scenario's faults cost: the same run without them, and the differences. */
export interface FaultCost {
  baseline: { completed: number; fctUs: Stats; slowdown: Stats; simulatedUs: number; retransmissions: number; timeouts: number };
  /**
   * The run less the baseline. Where either left flows open, the FCT deltas compare the
   * statistics counting open flows at the end (metrics.fctUsCountingOpen), which `countingOpen`
   * says: a lower bound of the cost. Over complete flows only, a fault that keeps the slowest
   * flows from finishing read as a gain (audit 2026-12-07: p99 −151.88 µs with 2 of 3 flows open).
   */
  delta: { completed: number; fctP50Us: number | null; fctP99Us: number | null; fctMaxUs: number | null; simulatedUs: number; retransmissions: number; timeouts: number; countingOpen?: true };
}

export interface Results {
  format: "nicfw-results/1";
  /**
   * The code that wrote it (code-version.ts): package.json's version, and the git commit when it
   * ran from a checkout, `dirty` when lib/ or harness/ differed from that commit. Results written
   * before 2026-12-06 lack it.
   */
  nicfw?: CodeVersion;
  /** The scenario's name ("(unnamed)" without one); the whole scenario is `input`. */
  scenario: string;
  seed: number;
  topology: string;
  hosts: number;
  switches: number;
  modules: { cc: string[]; lb: string[]; reliability: string };
  /**
   * What each module of the run was built with (moduleParams below): CC and LB per table, the
   * reliability module, and the switches' queues, routing, PFC and Reflex. Results written
   * before 2026-12-05 lack it.
   */
  moduleParams?: ModuleParams[];
  derived: Record<string, number | string | boolean>;
  simulatedUs: number;
  /**
   * Present when the scenario builds but likely does not do what it means (scenario/warnings.ts:
   * a delay CC whose target no single full queue reaches); `nicfw run` prints them on stderr.
   */
  warnings?: string[];
  /** Present when the run stopped at run.maxEvents, before run.endUs, with flows open. */
  eventBudgetSpent?: true;
  completed: number;
  /** Flows whose reliability module gave up (their status is "failed"). */
  failed: number;
  flowsTotal: number;
  totals: {
    dataPackets: number;
    retransmissions: number;
    trims: number;
    drops: number;
    ecnMarks: number;
    nacks: number;
    timeouts: number;
    cnps: number;
    rxDrops: number;
    pfcDrops: number;
    pauseFrames: number;
    transmissions: number;
    events: number;
    moduleErrors: number;
    /**
     * What the congestion control decided: how many handler calls returned each result bit, by
     * the exported constant's name (NSCC_QUICK_ADAPT, DCTCP_DECREASE, …), summed over the run's
     * CC tables (metrics/cc-decisions.ts; harness/README.md, Output). Results written before
     * 2026-12-05 lack it.
     */
    cc?: Record<string, number>;
    /**
     * What the load balancers decided, summed over their tables (metrics/lb-decisions.ts: REPS's
     * freezes and where its EVs came from, PLB's rounds and re-paths by cause, flowlet's new,
     * held and kept EVs, Spritz's EVs by Alg. 1 branch and its paths cached, removed, blocked,
     * biased and restored); {} for load balancers that count nothing. Results written before
     * 2026-12-05 lack it, or have it without PLB's, flowlet's and Spritz's names.
     */
    lb?: Record<string, number>;
  };
  /** `totals.cc` per CC table, when the run has more than one (traffic entries with their own CC, or intra- and inter-DC tables). */
  ccTables?: CcTableDecisions[];
  fct: { meanSlowdown: number | null; p50Us: number | null; p99Us: number | null; maxUs: number | null };
  integrity: { ok: boolean; violations: string[] };
  /** The scenario's tags (sweeps label their points with them). */
  tags: Record<string, string | number | boolean>;
  /**
   * The scenario the run was built from, as validated (scenario/schema.ts), with the seed it ran
   * (--seed's, else its own, else 1): `nicfw run` of it, under the same `nicfw` version, runs
   * the same run again. Defaults stay unwritten, as in the file (`derived` and `moduleParams`
   * show what they came to); the files it names (traffic `file`, `cdfFile`) are named as given,
   * relative to the scenario's folder. Results written before 2026-12-06 lack it.
   */
  input?: Scenario;
  metrics: Metrics;
  /** Sampled queues and flows (metrics.sample, or nicfw run --plots), else null. */
  series: Series | null;
  faultCost: FaultCost | null;
  /** Reflex at the external switches (network.reflex), when on. */
  reflex?: ReflexTotals;
  /** The DACK policy or its OPT baseline (reliability dack / opt): the targets' ACKs and drops. */
  dack?: DackTotals;
  flows: FlowResult[];
}

/**
 * One module as the run built it: area, name, the profile it ran (null for a module without
 * profiles), where the scenario gives its spec, and every parameter its resolver returned, the
 * derived constants included (NSCC's targetDelayNs, fiBytes, etaBytes, alphaBytesPerNs,
 * maxWndBytes, …); a non-finite number is written as its name ("Infinity"). Tables built alike
 * are one entry (`tables` counts them: Spritz builds one per source switch); on two DCs a spec's
 * intra- and inter-DC tables are two, their scopes saying which.
 */
export interface ModuleParams extends ModuleRecord {
  /** Flows its tables serve (CC and LB). */
  flows?: number;
  /** How many tables were built with these parameters, when more than one. */
  tables?: number;
  /** Their seeds, table by table, in place of params.seed, when more than one table. */
  seeds?: number[];
}

export interface ReflexTotals {
  /** Pseudo-ACKs NSF sent, and those that reached a sender whose flow still ran. */
  pseudoAcks: number;
  pseudoAcksDelivered: number;
  /** The near-source RTT (RTT_src) the senders took from them: mean and max, µs. */
  srcRttMeanUs: number | null;
  srcRttMaxUs: number | null;
  /** Packets NDT queued in a Controlled queue, and those it dropped (queue full). */
  controlledPackets: number;
  ndtDrops: number;
  /** Pauses of the Controlled queues, and those ended by T_maxpause. */
  pauses: number;
  pauseTimeouts: number;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

function percentile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

export function collect(b: Built): Results {
  const f = b.fabric;
  const tr = f.transport;
  const flows: FlowResult[] = [];
  for (let i = 0; i < f.flows; i++) {
    const start = f.flowStart[i];
    const done = f.flowDoneRx[i];
    const acked = f.flowDoneTx[i];
    const fct = done >= 0 ? (done - start) / 1e6 : null;
    const ideal = b.idealPs[i] / 1e6;
    const end = done >= 0 ? done : f.now;
    const goodput = f.flowStarted[i] !== 0 && end > start ? (f.flowArrivedBytes[i] * 8000) / (end - start) : null;
    flows.push({
      flow: i,
      src: f.flowSrc[i],
      dst: f.flowDst[i],
      bytes: f.flowBytes[i],
      startUs: r3(start / 1e6),
      fctUs: fct === null ? null : r3(fct),
      idealUs: r3(ideal),
      slowdown: fct === null ? null : r3(fct / ideal),
      ackedUs: acked >= 0 ? r3((acked - start) / 1e6) : null,
      // fct_analysis.py: `slow=$7/$8; slow<1?1:slow`.
      slowdownHpcc: acked >= 0 ? r3(Math.max(1, (acked - start) / b.hpccStandalonePs[i])) : null,
      retransmissions: tr.retransmissions(i),
      timeouts: tr.timeouts(i),
      status: f.flowFailed[i] !== 0 ? "failed" : done >= 0 ? "complete" : f.flowStarted[i] === 0 ? "waiting" : "incomplete",
      cc: b.names.cc[i],
      lb: b.names.lb[i],
      class: b.classes[i],
      group: b.groups[i],
      spurious: f.flowSpurious[i],
      outOfOrder: f.flowOoo[i],
      faultLosses: f.flowFaultLosses[i],
      goodputGbps: goodput === null ? null : r3(goodput),
      arrivedBytes: f.flowArrivedBytes[i],
    });
  }
  const simulatedUs = r3(f.now / 1e6);
  const views = flowViews({ flows, simulatedUs });
  const complete = flows.map((x) => x.status === "complete");
  const { metrics, series } = computeMetrics(b, views);
  const fcts = views.filter((x) => x.fctUs !== null).map((x) => x.fctUs as number).sort((a, c) => a - c);
  const slows = views.filter((x) => x.slowdown !== null).map((x) => x.slowdown as number);
  const ports = f.portTotals();
  const violations = f.checkIntegrity();
  const decisions = ccDecisions(f.ccTables());
  return {
    format: "nicfw-results/1",
    nicfw: codeVersion(),
    scenario: b.scenario.name ?? "(unnamed)",
    seed: b.seed,
    topology: b.topology.name,
    hosts: b.topology.hosts,
    switches: b.topology.switches,
    modules: { cc: [...new Set(b.names.cc)], lb: [...new Set(b.names.lb)], reliability: b.names.reliability },
    moduleParams: moduleParams(b),
    derived: b.derived,
    ...(b.warnings.length > 0 ? { warnings: b.warnings } : {}),
    simulatedUs,
    ...(f.eventBudgetSpent ? { eventBudgetSpent: true as const } : {}),
    completed: complete.filter((c) => c).length,
    failed: f.flowsFailed,
    flowsTotal: f.flows,
    totals: {
      dataPackets: f.dataSent,
      retransmissions: f.retransmissions,
      trims: metrics.trims,
      // Every cause, faults included (the summary's "drops").
      drops: metrics.drops.total,
      ecnMarks: ports.marks,
      nacks: f.nacks,
      timeouts: f.timeouts,
      cnps: f.cnps,
      rxDrops: f.rxDrops,
      pfcDrops: f.pfcDrops,
      pauseFrames: f.pauseFrames,
      transmissions: f.transmissions,
      events: f.events,
      moduleErrors: f.moduleErrors(),
      cc: decisions.total,
      lb: lbDecisions(f.lbTables()),
    },
    ...(decisions.tables.length > 1 ? { ccTables: decisions.tables } : {}),
    fct: {
      meanSlowdown: slows.length ? r3(slows.reduce((a, c) => a + c, 0) / slows.length) : null,
      p50Us: percentile(fcts, 0.5),
      p99Us: percentile(fcts, 0.99),
      maxUs: fcts.length ? fcts[fcts.length - 1] : null,
    },
    integrity: { ok: violations.length === 0, violations },
    tags: b.scenario.tags ?? {},
    // A copy as results.json holds it: no alias of the caller's object, no undefined members.
    input: JSON.parse(JSON.stringify({ ...b.scenario, seed: b.seed })) as Scenario,
    metrics,
    series,
    faultCost: null,
    ...(f.reflex !== null ? { reflex: reflexTotals(f.reflex) } : {}),
    ...(f.transport instanceof DackTransport ? { dack: f.transport.totals() } : {}),
    flows,
  };
}

/**
 * What the metrics are computed from, per flow. A flow whose data all arrived but whose sender
 * gave up (never hearing so: DCP's retry limit) is failed, as its initiator sees it; its fctUs
 * stays in its row, out of the statistics, so that completed + failed + open = flowsTotal. An
 * open flow counts only where open flows are counted, at its bound (metrics.ts openBound). From
 * a results file's rows too, so that `nicfw compare` reads the same figures from files written
 * before results.json held them.
 */
export function flowViews(r: Pick<Results, "flows" | "simulatedUs">): FlowView[] {
  return r.flows.map((x) => {
    const complete = x.status === "complete";
    const bound = complete ? null : openBound(x, r.simulatedUs);
    return {
      bytes: x.bytes,
      fctUs: complete ? x.fctUs : null,
      slowdown: complete ? x.slowdown : null,
      ackedUs: complete ? x.ackedUs : null,
      slowdownHpcc: complete ? (x.slowdownHpcc ?? null) : null,
      cls: x.class,
      fctUsAtLeast: complete ? x.fctUs : (bound?.fctUs ?? null),
      slowdownAtLeast: complete ? x.slowdown : (bound?.slowdown ?? null),
      open: bound !== null,
    };
  });
}

/**
 * A lower bound on the p99 FCT (µs) or slowdown of every flow that started, open ones included
 * (metrics.ts openBound, countingOpenStats): results.json's `fctUsCountingOpen.all.p99` and
 * `slowdownCountingOpen.all.p99`, from the rows so that results written before those have it
 * too (`nicfw compare`). Flows that never started (a start after the end, or `waiting` on
 * dependencies) and failed ones (given up) stay out, as in the FCT figures.
 */
export function p99CountingOpen(r: Pick<Results, "flows" | "simulatedUs">, what: "fct" | "slowdown"): number | null {
  const v: number[] = [];
  for (const x of flowViews(r)) {
    const at = what === "fct" ? x.fctUsAtLeast : x.slowdownAtLeast;
    if (at !== null && at !== undefined) v.push(at);
  }
  return stats(v).p99;
}

/** results.json `moduleParams`: the endpoint modules' tables in the order of their first flow, then the switches'. */
function moduleParams(b: Built): ModuleParams[] {
  const f = b.fabric;
  const out: ModuleParams[] = [];
  const seen = new Map<string, ModuleParams>();
  const add = (r: ModuleRecord | undefined, scope: string, flows?: number): void => {
    if (r === undefined) return;
    const entry: ModuleParams = { ...r, scope: r.scope || scope, params: { ...r.params } };
    // Tables of one spec draw from seeds of their own (Spritz's, one per source switch), and
    // are otherwise built alike: one entry, their seeds listed.
    const seed = entry.params.seed;
    delete entry.params.seed;
    const key = JSON.stringify(entry);
    const same = seen.get(key);
    if (same === undefined) {
      if (seed !== undefined) entry.params.seed = seed;
      if (flows !== undefined) entry.flows = flows;
      seen.set(key, entry);
      out.push(entry);
      return;
    }
    same.tables = (same.tables ?? 1) + 1;
    if (flows !== undefined) same.flows = (same.flows ?? 0) + flows;
    if (seed !== undefined) {
      if (same.seeds === undefined) same.seeds = [same.params.seed as number];
      same.seeds.push(seed as number);
      delete same.params.seed;
    }
  };
  for (const t of f.ccTables()) add(builtWith(t.cc), t.cc.scope || "transport.cc", t.flows);
  for (const t of f.lbTables()) add(builtWith(t.lb), "transport.lb", t.flows);
  add(builtWith(f.transport), "transport.reliability");
  add(moduleRecord("switch", "queue", f.queues.params), "network.queue");
  add(moduleRecord("switch", String(b.derived.routing), f.router.params), "network.routing");
  if (f.pfc !== null) add(moduleRecord("switch", f.pfc instanceof Pfc ? "pfc" : "pfc-shared", f.pfc.params), "network.pfc");
  const rf = f.reflex;
  if (rf !== null) {
    if (rf.nsf !== null) add(moduleRecord("switch", "reflex-nsf", rf.nsf.params), "network.reflex");
    rf.ndt.forEach((t, dc) => {
      if (t !== null) add(moduleRecord("switch", "reflex-ndt", t.params), `network.reflex (DC ${dc})`);
    });
  }
  return out;
}

function reflexTotals(rf: ReflexSites): ReflexTotals {
  const [pauses, pauseTimeouts] = rf.pauses();
  const n = rf.pseudoAcksDelivered;
  return {
    pseudoAcks: rf.pseudoAcks,
    pseudoAcksDelivered: n,
    srcRttMeanUs: n > 0 ? r3(rf.srcRttSumNs / n / 1000) : null,
    srcRttMaxUs: n > 0 ? r3(rf.srcRttMaxNs / 1000) : null,
    controlledPackets: rf.ndtControlled,
    ndtDrops: rf.ndtDrops,
    pauses,
    pauseTimeouts,
  };
}

/** Fills r.faultCost from the same scenario run without its faults. */
export function attachFaultCost(r: Results, base: Results): void {
  const d = (a: number | null, c: number | null) => (a === null || c === null ? null : r3(a - c));
  // Every run has the counting-open statistics; they differ only where a flow was open.
  const anyOpen = (x: Results) => (x.metrics.fctUsCountingOpen?.all.open ?? 0) > 0;
  const open = anyOpen(r) || anyOpen(base);
  const fct = (x: Results) => (open ? (x.metrics.fctUsCountingOpen?.all ?? x.metrics.fctUs.all) : x.metrics.fctUs.all);
  r.faultCost = {
    baseline: {
      completed: base.completed,
      fctUs: base.metrics.fctUs.all,
      slowdown: base.metrics.slowdown.all,
      simulatedUs: base.simulatedUs,
      retransmissions: base.totals.retransmissions,
      timeouts: base.totals.timeouts,
    },
    delta: {
      completed: r.completed - base.completed,
      fctP50Us: d(fct(r).p50, fct(base).p50),
      fctP99Us: d(fct(r).p99, fct(base).p99),
      fctMaxUs: d(fct(r).max, fct(base).max),
      simulatedUs: r3(r.simulatedUs - base.simulatedUs),
      retransmissions: r.totals.retransmissions - base.totals.retransmissions,
      timeouts: r.totals.timeouts - base.totals.timeouts,
      ...(open ? { countingOpen: true as const } : {}),
    },
  };
}

export function flowsCsv(r: Results): string {
  const head = "flow,src,dst,bytes,start_us,fct_us,ideal_us,slowdown,acked_us,retransmissions,timeouts,status,cc,lb,class,group,spurious,out_of_order,fault_losses,goodput_gbps,slowdown_hpcc";
  const q = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const rows = r.flows.map((x) =>
    [
      x.flow, x.src, x.dst, x.bytes, x.startUs, x.fctUs ?? "", x.idealUs, x.slowdown ?? "", x.ackedUs ?? "", x.retransmissions, x.timeouts, x.status, x.cc, x.lb,
      q(x.class), q(x.group), x.spurious, x.outOfOrder, x.faultLosses, x.goodputGbps ?? "",
      x.slowdownHpcc ?? "",
    ].join(","),
  );
  return `${head}\n${rows.join("\n")}\n`;
}

/** The last collective job's completion, µs: null without jobs or while one is open (its jctUs null). */
export function jctMax(r: Results): number | null {
  const j = r.metrics.jobs;
  return j.length > 0 && j.every((x) => x.jctUs !== null) ? Math.max(...j.map((x) => x.jctUs as number)) : null;
}

/** Flows neither completed nor given up by their reliability module (a results file from before `failed` counts none given up). */
export function openFlows(r: Results): number {
  return r.flowsTotal - r.completed - (r.failed ?? 0);
}

/**
 * Complete flows whose sender had not heard their last ACK when the run ended: the time to the
 * last ACK and HPCC's slowdown need that ACK, so their statistics leave these out, and cover
 * fewer flows than the FCT's (a run cut at 30 µs: 8 flows complete, last ACK p99 over 4).
 */
export function unackedFlows(r: Pick<Results, "flows">): number {
  let n = 0;
  for (const x of r.flows) if (x.status === "complete" && (x.ackedUs === null || x.ackedUs === undefined)) n++;
  return n;
}

/**
 * `n` with commas between groups of three digits, as `n.toLocaleString("en")` writes a whole
 * number (1234567 → "1,234,567"), without its cost: the first toLocaleString of a process loads
 * ICU's number formatting, about 15 ms, a sizeable part of a short run's wall time.
 */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en");
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

/**
 * The line that says a run was cut off by `run.maxEvents`, else null: such a run ends with flows
 * open and its statistics cover only the flows that finished, which the totals alone do not show.
 */
export function budgetLine(r: Results): string | null {
  return r.eventBudgetSpent ? `stopped: event budget spent (${groupThousands(r.totals.events)} events, run.maxEvents) with ${openFlows(r)} flows open; the figures cover only the flows that finished` : null;
}

/**
 * The line that says flows were still open when the run ended (run.endUs, run.maxEvents, or no
 * event left: a flow waiting on one that never completed), else null. The FCT and slowdown
 * figures are over the complete flows, so a run cut short leaves out its slowest flows and shows
 * better figures than a run left to finish (WebSearch at load 0.5 cut at 1 ms: p99 629 µs, with
 * the 5 open flows counted ≥ 948 µs; run to the end: 1,949 µs); the line bounds the p99 of all
 * the flows that started from below (p99CountingOpen), as `nicfw compare`'s rows do.
 */
export function openLine(r: Results): string | null {
  const open = openFlows(r);
  if (open <= 0) return null;
  const counted = flowViews(r).filter((x) => x.open === true).length;
  const unstarted = open - counted;
  return (
    `flows open at end: ${open} of ${r.flowsTotal}${unstarted > 0 ? ` (${unstarted} of them not started)` : ""}, left out of the FCT and slowdown figures; ` +
    `counting each that started at the time it had run: FCT p99 ≥ ${p99CountingOpen(r, "fct") ?? "—"} µs, slowdown p99 ≥ ${p99CountingOpen(r, "slowdown") ?? "—"}`
  );
}

/**
 * The line that says some flows' last ACK came far later than their last byte (metrics.ts
 * lateAcks: a gap beyond the network's RTO), else null: their FCT and slowdown end at the
 * receiver and do not show the wait, which the time to the last ACK and HPCC's slowdown (the
 * metric of HPCC's ns-3 and so of DCP's figures) include.
 */
export function lateAckLine(r: Results): string | null {
  const late = r.metrics.lateAcks;
  const acked = r.metrics.ackedUs?.all;
  const hpcc = r.metrics.slowdownHpcc?.all;
  if (late === undefined || late.flows === 0 || acked === undefined || hpcc === undefined) return null;
  return (
    `late last ACKs: ${late.flows} of ${acked.n} flows acknowledged more than ${late.thresholdUs} µs (the network's RTO) after their last byte arrived, up to ${late.maxGapUs} µs; ` +
    `FCT and slowdown end at the receiver: to the last ACK p50 ${acked.p50 ?? "—"} µs, p99 ${acked.p99 ?? "—"} µs, HPCC slowdown p50 ${hpcc.p50 ?? "—"}, p99 ${hpcc.p99 ?? "—"}`
  );
}

/**
 * An area's modules as the summary names them, each with the profile it ran where it has
 * profiles ("nscc (profile uec)"): a module's name alone does not say which constants ran, and
 * the fabric's defaults are not every module's own (harness/README "Module defaults").
 * Results from before moduleParams give the names alone.
 */
export function modulesOf(r: Results, area: ModuleParams["area"]): string[] {
  const mp = (r.moduleParams ?? []).filter((m) => m.area === area);
  if (mp.length === 0) return area === "cc" ? r.modules.cc : area === "lb" ? r.modules.lb : area === "reliability" ? [r.modules.reliability] : [];
  return [...new Set(mp.map((m) => (m.profile === null ? m.name : `${m.name} (profile ${m.profile})`)))];
}

/**
 * "cc nscc (profile uec) + lb reps (profile uec-htsim) + reliability rud; routing ecmp; queue
 * profile uec-htsim". The routing decides whether the load balancer steers at all (under minimal,
 * Valiant, adaptive and UGAL-L routing on a Dragonfly or Slim Fly no switch reads the EV, and
 * minimal is their default: harness/README "Routing that reads no EV"), so the line names it.
 */
export function moduleLine(r: Results): string {
  const ends = (["cc", "lb", "reliability"] as const).map((a) => `${a} ${modulesOf(r, a).join("/")}`).join(" + ");
  const routing = r.derived.routing;
  const queue = (r.moduleParams ?? []).find((m) => m.area === "switch" && m.name === "queue");
  return `${ends}${routing !== undefined ? `; routing ${routing}` : ""}${queue?.profile ? `; queue profile ${queue.profile}` : ""}`;
}

/** The human summary: a per-flow table (the first and slowest flows when there are many) and totals. */
export function summary(r: Results, maxRows = 24): string {
  const lines: string[] = [];
  lines.push(`${r.scenario}`);
  lines.push(`${r.topology}; ${moduleLine(r)}; seed ${r.seed}`);
  lines.push("");
  const rows = [...r.flows];
  let shown = rows;
  if (rows.length > maxRows) {
    const slowest = [...rows].sort((a, b) => (b.slowdown ?? Infinity) - (a.slowdown ?? Infinity)).slice(0, maxRows / 2);
    const first = rows.slice(0, maxRows / 2);
    const keep = new Set([...first, ...slowest].map((x) => x.flow));
    shown = rows.filter((x) => keep.has(x.flow));
  }
  const header = ["flow", "src→dst", "bytes", "FCT µs", "ideal µs", "slowdown", "rtx"];
  const table = shown.map((x) => [
    String(x.flow),
    `${x.src}→${x.dst}`,
    String(x.bytes),
    x.fctUs === null ? "—" : x.fctUs.toFixed(2),
    x.idealUs.toFixed(2),
    x.slowdown === null ? "—" : x.slowdown.toFixed(3),
    String(x.retransmissions),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const fmt = (row: string[]) => row.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  lines.push(fmt(header));
  for (const row of table) lines.push(fmt(row));
  if (shown.length < rows.length) lines.push(`… ${rows.length - shown.length} more flows in flows.csv (shown: the first ${maxRows / 2} and the ${maxRows / 2} slowest)`);
  lines.push("");
  const t = r.totals;
  const budget = budgetLine(r);
  if (budget !== null) lines.push(budget);
  lines.push(
    `flows ${r.completed}/${r.flowsTotal} complete${r.failed > 0 ? ` (${r.failed} failed: the reliability module gave up)` : ""} in ${r.simulatedUs.toFixed(2)} µs simulated; FCT p50 ${r.fct.p50Us ?? "—"} µs, p99 ${r.fct.p99Us ?? "—"} µs, mean slowdown ${r.fct.meanSlowdown ?? "—"}`,
  );
  const open = openLine(r);
  if (open !== null) lines.push(open);
  const late = lateAckLine(r);
  if (late !== null) lines.push(late);
  lines.push(`drops ${t.drops}, trims ${t.trims}, retransmissions ${t.retransmissions}, ECN marks ${t.ecnMarks}, NACKs ${t.nacks}, timeouts ${t.timeouts}${t.pauseFrames > 0 ? `, PFC frames (PAUSE and XON) ${t.pauseFrames}` : ""}`);
  const decided = ccDecisionLine(t.cc);
  if (decided !== null) lines.push(decided);
  const balanced = lbDecisionLine(t.lb);
  if (balanced !== null) lines.push(balanced);
  if (r.reflex) {
    const x = r.reflex;
    lines.push(
      `Reflex: ${x.pseudoAcks} pseudo-ACKs (RTT_src mean ${x.srcRttMeanUs ?? "—"} µs, max ${x.srcRttMaxUs ?? "—"} µs); NDT ${x.controlledPackets} packets controlled, ${x.pauses} pauses (${x.pauseTimeouts} ended by T_maxpause), ${x.ndtDrops} drops`,
    );
  }
  if (r.dack) {
    const x = r.dack;
    lines.push(`targets: ${x.iacks} IACKs, ${x.dacks} DACKs, ${x.nacks} NACKs, ${x.repeats} repeated IACKs; dropped ${x.dropsFull} (queue full), ${x.dropsOutOfOrder} (out of order), ${x.duplicates} (duplicates); ${x.trimmedHeaders} trimmed headers arrived`);
    const h = x.halt;
    if (h) lines.push(`initiators: ${h.infToMinus1} halts from H∞, ${h.toMinus1} into H(−1), ${h.toH0} into H0, ${h.toH1} into H1, ${h.toInf} back to H∞, ${h.toRetransmit} into retransmit`);
  }
  lines.push(...detailLines(r));
  lines.push(r.integrity.ok ? "integrity: ok (each message delivered exactly once; packets conserved)" : `integrity: FAILED\n  ${r.integrity.violations.join("\n  ")}`);
  return lines.join("\n");
}

/** A fault's links listed on the console; results.json lists them all. */
const FAULT_LINKS_SHOWN = 8;
/** The ports that trimmed most, on the console; results.json lists every one. */
const TRIM_PORTS_SHOWN = 3;
const fmt = (x: number | null, d = 2) => (x === null ? "—" : x.toFixed(d));
/** A count's change with its sign: "+3", "-44", "+0". */
const signed = (x: number) => (x >= 0 ? `+${x}` : `${x}`);

/**
 * A fault's summary line: the flows it hit, how many of those lost packets to it, and the packets
 * by kind, each count named for what it counts ("16 flows hit, 16 of them lost packets there (153
 * data, 44 ACK packets lost)"), where "16 flows hit, 16 lost packets there" read as 16 packets.
 */
export function faultLine(x: Metrics["faults"][number]): string {
  const plural = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  const kinds: [number, string][] = [[x.lost.data, "data"], [x.lost.ho, "HO"], [x.lost.ack, "ACK"], [x.lost.nack, "NACK"], [x.lost.cnp ?? 0, "CNP"]];
  const lostPackets = kinds.reduce((a, [k]) => a + k, 0);
  const parts = kinds.filter(([k]) => k > 0).map(([k, kind]) => `${k} ${kind}`);
  const packets = [
    ...(lostPackets > 0 ? [`${parts.join(", ")} ${lostPackets === 1 ? "packet" : "packets"} lost`] : []),
    // The fault's own loss-with-trim (FaultSpec.trim); the queues' trims at its ports count in trimSites.
    ...(x.trimmed > 0 ? [`${plural(x.trimmed, "data packet", "data packets")} trimmed`] : []),
  ];
  const trimmedToo = x.trimmed > 0 ? " or had some trimmed" : "";
  // Results written before 2026-12-05 have no flowsLost.
  const lostFlows = x.flowsLost === undefined ? "" : x.flowsLost === 0 ? ", none of them lost packets there" : `, ${x.flowsLost} of them lost packets there${trimmedToo}`;
  const what = packets.length > 0 ? ` (${packets.join(", ")})` : lostFlows === "" ? " (no packets lost)" : "";
  return `fault: ${x.label}: ${plural(x.flowsHit, "flow", "flows")} hit${lostFlows}${what}; mean slowdown ${fmt(x.meanSlowdownHit)} of the complete flows hit vs ${fmt(x.meanSlowdownOthers)} of the others`;
}

/** The metrics beyond the basic totals, only where they say something. */
function detailLines(r: Results): string[] {
  const m = r.metrics;
  const out: string[] = [];
  const st = (s: Stats) => `p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  p99 ${fmt(s.p99)}  (n ${s.n})`;
  // A class whose flows are open at the end has fewer n than flows, or none (n 0, all dashes).
  const open = (s: Stats | undefined) => ((s?.open ?? 0) > 0 ? `; ${s?.open} open at end` : "");
  const classes = Object.keys(m.fctUs.byClass);
  if (classes.length > 1) for (const c of classes) out.push(`  ${c}: FCT µs ${st(m.fctUs.byClass[c])}; slowdown ${st(m.slowdown.byClass[c])}${open(m.fctUsCountingOpen?.byClass[c])}`);
  if (m.fctUs.bySize.length > 1) {
    for (let i = 0; i < m.fctUs.bySize.length; i++) {
      const s = m.fctUs.bySize[i];
      out.push(`  ${s.label}: FCT µs ${st(s)}; slowdown ${st(m.slowdown.bySize[i])}${open(m.fctUsCountingOpen?.bySize.find((x) => x.label === s.label))}`);
    }
  }
  if (m.jobs.length > 0) {
    const jct = m.jobs.map((j) => j.jctUs).filter((x): x is number => x !== null);
    out.push(`jobs ${m.jobs.length}: JCT ${jct.length === m.jobs.length ? `max ${fmt(Math.max(...jct))} µs, mean ${fmt(jct.reduce((a, x) => a + x, 0) / jct.length)} µs` : `${jct.length} of ${m.jobs.length} complete`}`);
  }
  out.push(
    `goodput ${fmt(m.goodput.totalGbps)} Gb/s; spurious retransmissions ${m.retransmissions.spurious}; out of order ${m.outOfOrder.packets} (${fmt(m.outOfOrder.percent)} %)` +
      (m.controlPlane.hoSent > 0 ? `; HO loss ${m.controlPlane.hoLost}/${m.controlPlane.hoSent}` : "") +
      (m.controlPlane.hoRefused > 0 ? `; HOs refused by a full RetransQ ${m.controlPlane.hoRefused} (left to the timeout)` : "") +
      (m.switchBuffer.peakBytes > 0 ? `; shared buffers refused ${m.switchBuffer.refusals} (fullest ${fmt(m.switchBuffer.peakBytes / 1e6)} MB)` : "") +
      (m.pfc.pauseFrames > 0 ? `; PFC pauses ${m.pfc.pauses} (${m.pfc.pauseFrames} PAUSE frames), paused ${fmt(m.pfc.pausedUs)} µs over ${m.pfc.portsPaused} ports` : "") +
      (m.pfc.watchdogStorms > 0 ? `; PFC watchdog broke ${m.pfc.watchdogStorms} pause storms` + (m.drops.watchdog > 0 ? `, dropping ${m.drops.watchdog} packets` : "") : ""),
  );
  const ts = m.trimSites;
  if (ts !== undefined && m.trims > 0) {
    const most = ts.ports.slice(0, TRIM_PORTS_SHOWN).map((x) => `${x.name} ${x.trims}`);
    out.push(`trims ${m.trims}: last hop ${ts.lastHop}, elsewhere ${ts.elsewhere}; most at ${most.join(", ")}${ts.ports.length > most.length ? ` (${ts.ports.length} ports trimmed)` : ""}`);
  }
  for (const x of m.faults) {
    out.push(faultLine(x));
    // Which links a random draw or a switch took: the scenario names them only by rule.
    const links = x.links ?? [];
    if (links === "all") out.push("  links: all");
    else if (links.length > 0) {
      const shown = links.slice(0, FAULT_LINKS_SHOWN).map((l) => `${l.from} ↔ ${l.to} (id ${l.id}, ${l.class})`);
      out.push(`  links: ${shown.join("; ")}${links.length > shown.length ? `; … ${links.length - shown.length} more in results.json` : ""}`);
    }
    if ((x.hosts ?? []).length > 0) out.push(`  hosts: ${x.hosts.join(", ")}`);
  }
  if (r.faultCost) {
    const c = r.faultCost;
    const atLeast = c.delta.countingOpen ? " (open flows counted as at the end: at least)" : "";
    out.push(`fault cost vs the same run without faults: FCT p50 ${fmt(c.delta.fctP50Us)} µs, p99 ${fmt(c.delta.fctP99Us)} µs, max ${fmt(c.delta.fctMaxUs)} µs${atLeast}; completed ${signed(c.delta.completed)}; retransmissions ${signed(c.delta.retransmissions)}, timeouts ${signed(c.delta.timeouts)}`);
  }
  return out;
}

