import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { codeVersionNote, compareCommand, compareTable, inputSplitNote, meanOverColumns, meanOverLabels, openFlowsNote, runLabels, shortTagKeys, unackedNote } from "./compare";
import type { Scenario } from "./scenario/schema";
import type { Stats } from "./metrics/metrics";
import type { FlowResult, ModuleParams, Results } from "./metrics/results";

// Two small results files written by hand: every number below is chosen here, so each cell of
// the table can be checked by eye (integers print as they are, other values with 2 decimals,
// slowdowns with 3, goodput and PFC time with 1).
const st = (p50: number | null, p95: number | null, p99: number | null, max: number | null, n = 3, min?: number | null, mean: number | null = null): Stats => ({ n, mean, p50, p95, p99, max, min });

function fake(lb: string, o: {
  completed: number;
  fct: Stats;
  slowdown: Stats;
  byClass: Record<string, { fct: Stats; slowdown: Stats }>;
  jobs?: number[];
  goodput: number;
  drops: number;
  trims: number;
  retx: [number, number, number];
  ooo: number;
  ecn: number;
  /** PAUSE frames, µs paused, pause episodes. */
  pfc?: [number, number, number];
  sim: number;
  ok?: boolean;
}): Results {
  const zeros = { total: o.drops, data: o.drops, ho: 0, ack: 0, nack: 0, cnp: 0, queue: o.drops, receiver: 0, pfc: 0, watchdog: 0, fault: 0, reflex: 0 };
  return {
    format: "nicfw-results/1",
    scenario: "hand-made",
    seed: 1,
    topology: "fattree",
    hosts: 16,
    switches: 8,
    modules: { cc: ["nscc"], lb: [lb], reliability: "rud" },
    derived: {},
    simulatedUs: o.sim,
    completed: o.completed,
    failed: 0,
    flowsTotal: 3,
    totals: { dataPackets: 0, retransmissions: o.retx[0], trims: o.trims, drops: o.drops, ecnMarks: o.ecn, nacks: 0, timeouts: o.retx[2], cnps: 0, rxDrops: 0, pfcDrops: 0, pauseFrames: o.pfc?.[0] ?? 0, transmissions: 0, events: 0, moduleErrors: 0 },
    fct: { meanSlowdown: null, p50Us: o.fct.p50, p99Us: o.fct.p99, maxUs: o.fct.max },
    integrity: { ok: o.ok ?? true, violations: [] },
    tags: {},
    metrics: {
      fctUs: { all: o.fct, bySize: [], byClass: Object.fromEntries(Object.entries(o.byClass).map(([k, v]) => [k, v.fct])) },
      slowdown: { all: o.slowdown, bySize: [], byClass: Object.fromEntries(Object.entries(o.byClass).map(([k, v]) => [k, v.slowdown])) },
      jobs: (o.jobs ?? []).map((j, i) => ({ group: `g${i}`, flows: 1, completed: 1, startUs: 0, jctUs: j })),
      goodput: { totalGbps: o.goodput, perFlowMeanGbps: null, perFlowMinGbps: null },
      drops: zeros,
      trims: o.trims,
      switchBuffer: { refusals: 0, peakBytes: 0 },
      retransmissions: { total: o.retx[0], spurious: o.retx[1], timeouts: o.retx[2] },
      outOfOrder: { packets: 0, percent: o.ooo, duplicates: 0 },
      pfc: { pauses: o.pfc?.[2] ?? 0, pauseFrames: o.pfc?.[0] ?? 0, xonFrames: 0, pausedUs: o.pfc?.[1] ?? 0, portsPaused: 0, watchdogStorms: 0 },
      controlPlane: { hoSent: 0, hoLost: 0, hoLossRatio: 0, hoRefused: 0, acksSent: 0, acksLost: 0, nacksSent: 0, nacksLost: 0 },
      links: { byClass: {}, busiest: [] },
      paths: [],
      faults: [],
    },
    series: null,
    faultCost: null,
    flows: [],
  };
}

// A's three flows have slowdowns 1 (the bystander), 1.2 and 1.75 (incast): mean (1 + 1.2 + 1.75)
// / 3 = 3.95 / 3 = 1.31666…, which metrics.ts stats() rounds to 3 decimals, 1.317; the incast's
// (1.2 + 1.75) / 2 = 1.475. B's two complete flows, 2.0004 and 4.1236: (2.0004 + 4.1236) / 2 = 3.062.
const A = fake("reps", {
  completed: 3,
  fct: st(10, 12.5, 14.25, 15, 3, 4.5),
  slowdown: st(1.2, 1.5, 1.75, 1.75, 3, undefined, 1.317),
  byClass: { incast: { fct: st(10, 14.25, 14.25, 15, 2), slowdown: st(1.2, 1.75, 1.75, 1.75, 2, undefined, 1.475) }, bystander: { fct: st(5, 5, 5, 5, 1), slowdown: st(1, 1, 1, 1, 1, undefined, 1) } },
  goodput: 48.64,
  drops: 0,
  trims: 2,
  retx: [2, 0, 0],
  ooo: 20,
  ecn: 7,
  sim: 16.5,
});
const B = fake("ecmp", {
  completed: 2,
  fct: st(20.1, 40, 40, null, 3, 20.1),
  slowdown: st(2.0004, 3.5, 4.1236, 4.1236, 3, undefined, 3.062),
  byClass: { incast: { fct: st(20.1, 40, 40, 40, 2), slowdown: st(2.0004, 4.1236, 4.1236, 4.1236, 2, undefined, 3.062) } },
  jobs: [30, 50],
  goodput: 21,
  drops: 4,
  trims: 0,
  retx: [5, 1, 1],
  ooo: 0,
  ecn: 0,
  pfc: [3, 2.46, 2],
  sim: 1000,
  ok: false,
});

/** The table as {row name: [cell of A, cell of B]}. */
function cells(table: string, sep: RegExp): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const line of table.split("\n")) {
    const parts = line.trim().split(sep);
    m.set(parts[0].trim(), parts.slice(1).map((c) => c.trim()));
  }
  return m;
}

test("two runs side by side: a column per run, labelled by the module that differs, each cell the run's value", () => {
  const labels = runLabels([A, B]);
  assert.equal(labels, ["nscc+reps+rud", "nscc+ecmp+rud"]);
  const text = compareTable([A, B], labels);
  const lines = text.split("\n");
  assert.match(lines[0], /^metric\s+nscc\+reps\+rud\s+nscc\+ecmp\+rud$/);
  assert.match(lines[1], /^-+ {2}-+ {2}-+$/);
  const c = cells(text, / {2,}/);
  const expect: [string, string, string][] = [
    ["flows complete", "3/3", "2/3"],
    // B: 3 flows, 2 complete, none failed: 1 open when the run ended (review study 3).
    ["flows open at end", "0", "1"],
    // These hand-made files carry no per-flow rows, which the bounds are computed from.
    ["FCT p99 counting open ≥ (µs)", "—", "—"],
    ["slowdown p99 counting open ≥", "—", "—"],
    ["FCT p50 (µs)", "10", "20.10"],
    ["FCT p95 (µs)", "12.50", "40"],
    ["FCT p99 (µs)", "14.25", "40"],
    ["FCT max (µs)", "15", "—"],
    ["FCT min (µs)", "4.50", "20.10"],
    ["FCT max − min (µs)", "10.50", "—"],
    ["slowdown mean", "1.317", "3.062"],
    ["slowdown p50", "1.200", "2.000"],
    ["slowdown p99", "1.750", "4.124"],
    ["bystander: FCT p99 (µs)", "5", "—"],
    ["bystander: slowdown mean", "1", "—"],
    ["bystander: slowdown p99", "1", "—"],
    ["incast: FCT p99 (µs)", "14.25", "40"],
    ["incast: slowdown mean", "1.475", "3.062"],
    ["incast: slowdown p99", "1.750", "4.124"],
    ["JCT max (µs)", "—", "50"],
    ["JCT mean (µs)", "—", "40"],
    ["goodput (Gb/s)", "48.6", "21"],
    ["drops", "0", "4"],
    ["trims", "2", "0"],
    ["retransmissions", "2", "5"],
    ["spurious", "0", "1"],
    ["RTOs", "0", "1"],
    ["out of order (%)", "20", "0"],
    ["ECN marks", "7", "0"],
    ["PFC pauses", "0", "2"],
    ["PFC PAUSE frames", "0", "3"],
    ["PFC paused (µs)", "0", "2.5"],
    ["simulated (µs)", "16.5", "1000"],
    ["integrity", "ok", "FAILED"],
  ];
  for (const [name, a, b] of expect) assert.equal(c.get(name), [a, b], name);
  // Every row in that order: the mean rows where they stand, the others where they stood before them.
  assert.equal(lines.slice(2).map((l) => l.trim().split(/ {2,}/)[0]), expect.map((e) => e[0]));
  // Rows no run has a value for are left out, as are the minimum's when every file predates it.
  assert.not.ok(c.has("HO loss ratio"));
  const old = (r: Results): Results => ({ ...r, metrics: { ...r.metrics, fctUs: { ...r.metrics.fctUs, all: { ...r.metrics.fctUs.all, min: undefined } } } });
  const c2 = cells(compareTable([old(A), old(B)], labels), / {2,}/);
  assert.not.ok(c2.has("FCT min (µs)"));
  assert.not.ok(c2.has("FCT max − min (µs)"));
  assert.equal(c2.get("FCT max (µs)"), ["15", "—"]);
  assert.not.ok(c.has("lost to faults"));
  assert.is(lines.length, 2 + expect.length);
});

test("slowdown mean rows (Reflex §V Fig. 6's average normalized FCT): overall, per flow class and per size class, each before its p99", () => {
  // Two hand-made two-DC runs of 5 flows. Off: intra-DC slowdowns 1, 2, 6 (mean 9 / 3 = 3),
  // inter-DC 1.5 and 2.5 (mean 2); all five 13 / 5 = 2.6; by size, < 10 MB holds 1, 2, 6, 1.5
  // (10.5 / 4 = 2.625) and ≥ 10 MB the 2.5. On: intra-DC 1, 1, 1.3 (3.3 / 3 = 1.1), inter-DC 1.5
  // and 4.5 (mean 3); all 9.3 / 5 = 1.86; < 10 MB 1, 1, 1.3, 1.5 (4.8 / 4 = 1.2), ≥ 10 MB 4.5.
  // p99 by nearest rank, the ⌈0.99 n⌉-th = the largest of each set; p50 the ⌈n / 2⌉-th.
  const run = (all: Stats, intra: Stats, inter: Stats, small: Stats, large: Stats): Results => {
    const r = fake("ecmp", { completed: 5, fct: st(10, 20, 20, 20, 5, 5), slowdown: all, byClass: { "intra-dc": { fct: st(10, 10, 10, 10, 3), slowdown: intra }, "inter-dc": { fct: st(20, 20, 20, 20, 2), slowdown: inter } }, goodput: 1, drops: 0, trims: 0, retx: [0, 0, 0], ooo: 0, ecn: 0, sim: 50 });
    const bySize = [{ label: "< 10 MB", ...small }, { label: "≥ 10 MB", ...large }];
    return { ...r, metrics: { ...r.metrics, slowdown: { ...r.metrics.slowdown, bySize }, fctUs: { ...r.metrics.fctUs, bySize } } };
  };
  const off = run(st(2, 6, 6, 6, 5, 1, 2.6), st(2, 6, 6, 6, 3, 1, 3), st(1.5, 2.5, 2.5, 2.5, 2, 1.5, 2), st(1.5, 6, 6, 6, 4, 1, 2.625), st(2.5, 2.5, 2.5, 2.5, 1, 2.5, 2.5));
  const on = run(st(1.3, 4.5, 4.5, 4.5, 5, 1, 1.86), st(1, 1.3, 1.3, 1.3, 3, 1, 1.1), st(1.5, 4.5, 4.5, 4.5, 2, 1.5, 3), st(1, 1.5, 1.5, 1.5, 4, 1, 1.2), st(4.5, 4.5, 4.5, 4.5, 1, 4.5, 4.5));
  const text = compareTable([off, on], ["nsf off", "nsf on"]);
  const expect: [string, string, string][] = [
    ["slowdown mean", "2.600", "1.860"],
    ["slowdown p50", "2", "1.300"],
    ["slowdown p99", "6", "4.500"],
    ["inter-dc: FCT p99 (µs)", "20", "20"],
    ["inter-dc: slowdown mean", "2", "3"],
    ["inter-dc: slowdown p99", "2.500", "4.500"],
    ["intra-dc: FCT p99 (µs)", "10", "10"],
    ["intra-dc: slowdown mean", "3", "1.100"],
    ["intra-dc: slowdown p99", "6", "1.300"],
    ["< 10 MB: slowdown mean", "2.625", "1.200"],
    ["< 10 MB: slowdown p99", "6", "1.500"],
    ["≥ 10 MB: slowdown mean", "2.500", "4.500"],
    ["≥ 10 MB: slowdown p99", "2.500", "4.500"],
  ];
  const names = text.split("\n").slice(2).map((l) => l.trim().split(/ {2,}/)[0]);
  const at = names.indexOf("slowdown mean");
  assert.equal(names.slice(at, at + expect.length), expect.map((e) => e[0]), "in this order, between FCT max − min and goodput");
  assert.is(names[at - 1], "FCT max − min (µs)");
  assert.is(names[at + expect.length], "goodput (Gb/s)");
  const c = cells(text, / {2,}/);
  for (const [name, a, b] of expect) assert.equal(c.get(name), [a, b], name);
  // A class one run lacks: a dash, as its p99.
  const intraOnly: Results = { ...on, metrics: { ...on.metrics, slowdown: { ...on.metrics.slowdown, byClass: { "intra-dc": on.metrics.slowdown.byClass["intra-dc"] } } } };
  assert.equal(cells(compareTable([off, intraOnly], ["a", "b"]), / {2,}/).get("inter-dc: slowdown mean"), ["2", "—"]);
});

test("Reflex rows appear when a run had Reflex at work; a run without it shows dashes", () => {
  const withReflex: Results = { ...A, reflex: { pseudoAcks: 211, pseudoAcksDelivered: 200, srcRttMeanUs: 12.345, srcRttMaxUs: 40, controlledPackets: 184, ndtDrops: 0, pauses: 1, pauseTimeouts: 1 } };
  const c = cells(compareTable([B, withReflex], ["off", "on"]), / {2,}/);
  assert.equal(c.get("Reflex pseudo-ACKs"), ["—", "211"]);
  assert.equal(c.get("RTT_src mean (µs)"), ["—", "12.35"]);
  assert.equal(c.get("NDT controlled packets"), ["—", "184"]);
  assert.equal(c.get("NDT pauses"), ["—", "1"]);
  assert.not.ok(cells(compareTable([A, B], ["a", "b"]), / {2,}/).has("Reflex pseudo-ACKs"));
});

test("DACK rows: the target's drops indented right under \"drops\", whose part they are, not under \"ECN marks\"; the target's ACKs after", () => {
  // A run of the DACK policy with 10 drops, 7 of them at the target (metrics.drops.receiver).
  const dack: Results = {
    ...B,
    metrics: { ...B.metrics, drops: { ...B.metrics.drops, total: 10, receiver: 7 } },
    dack: { iacks: 40, dacks: 30, nacks: 2, repeats: 0, dropsFull: 7, dropsOutOfOrder: 0, duplicates: 0, trimmedHeaders: 0, staleAcks: 0 },
  };
  const rows = compareTable([A, dack], ["a", "b"]).split("\n").map((l) => l.trim().split(/ {2,}/)[0]);
  const at = rows.indexOf("at the target");
  assert.is(rows[at - 1], "drops");
  assert.is(rows[at + 1], "trims");
  assert.equal(cells(compareTable([A, dack], ["a", "b"]), / {2,}/).get("at the target"), ["0", "7"], "a run without targets drops nothing there");
  assert.ok(rows.indexOf("target IACKs") > rows.indexOf("ECN marks"));
  assert.not.ok(cells(compareTable([A, B], ["a", "b"]), / {2,}/).has("at the target"), "no DACK run: no row");
});

test("optional rows only when some run has them: per class (two or more classes), JCT (one job), PFC (one pause), Reflex (one packet handled)", () => {
  const base = { completed: 3, fct: st(1, 2, 3, 4), slowdown: st(1, 1, 1, 1), goodput: 1, drops: 0, trims: 0, retx: [0, 0, 0] as [number, number, number], ooo: 0, ecn: 0, sim: 5 };
  const plain = fake("reps", { ...base, byClass: { incast: { fct: st(1, 2, 3, 4), slowdown: st(1, 1, 1, 1) } } });
  const table = (rs: Results[]) => cells(compareTable(rs, rs.map((_, i) => `r${i}`)), / {2,}/);
  const c = table([plain, plain]);
  for (const row of ["incast: FCT p99 (µs)", "JCT max (µs)", "JCT mean (µs)", "PFC pauses", "PFC PAUSE frames", "PFC paused (µs)", "Reflex pseudo-ACKs"]) assert.not.ok(c.has(row), row);
  assert.equal(table([plain, fake("reps", { ...base, byClass: {}, jobs: [7] })]).get("JCT max (µs)"), ["—", "7"]);
  assert.equal(table([plain, fake("reps", { ...base, byClass: {}, pfc: [1, 0.5, 1] })]).get("PFC pauses"), ["0", "1"]);
  const reflex = (pseudoAcks: number, controlledPackets: number): Results => ({ ...plain, reflex: { pseudoAcks, pseudoAcksDelivered: 0, srcRttMeanUs: null, srcRttMaxUs: null, controlledPackets, ndtDrops: 0, pauses: 0, pauseTimeouts: 0 } });
  assert.not.ok(table([reflex(0, 0)]).has("Reflex pseudo-ACKs"), "Reflex on but idle");
  assert.equal(table([reflex(0, 1)]).get("NDT controlled packets"), ["1"]);
  // Shared switch buffers: rows once a buffer held anything; a results file from before has none.
  assert.not.ok(c.has("shared buffer: refused"));
  const pooled: Results = { ...plain, metrics: { ...plain.metrics, switchBuffer: { refusals: 12, peakBytes: 199_200 } } };
  const old = { ...plain, metrics: { ...plain.metrics, switchBuffer: undefined } } as unknown as Results;
  const sb = table([old, pooled]);
  assert.equal(sb.get("shared buffer: refused"), ["—", "12"]);
  assert.equal(sb.get("fullest (kB)"), ["—", "199.2"]);
});

test("the time to the last ACK and HPCC's slowdown: rows after the slowdown's, late last ACKs counted; none for files without them", () => {
  // A: FCT p99 14.25 µs, but one flow's last ACK came 8 ms late (DCP's RTO): the rows show the
  // ranking HPCC's ns-3 would give. B is a results file from before these metrics.
  const acked = { all: st(20, 8012.5, 8012.5, 8012.5, 3, 9), bySize: [{ label: "< 200 KB", ...st(20, 8012.5, 8012.5, 8012.5) }, { label: "≥ 200 KB", ...st(9, 9, 9, 9, 1) }], byClass: {} };
  const hpcc = { all: st(1.25, 600.5, 600.5, 600.5), bySize: [{ label: "< 200 KB", ...st(1.25, 600.5, 600.5, 600.5) }, { label: "≥ 200 KB", ...st(1.0004, 1.0004, 1.0004, 1.0004, 1) }], byClass: {} };
  const sizes = [{ label: "< 200 KB", ...st(1, 1, 1.5, 1.5) }, { label: "≥ 200 KB", ...st(2, 2, 2, 2, 1) }];
  const sized: Results = { ...A, metrics: { ...A.metrics, fctUs: { ...A.metrics.fctUs, bySize: sizes }, slowdown: { ...A.metrics.slowdown, bySize: sizes } } };
  const withAcks: Results = { ...sized, metrics: { ...sized.metrics, ackedUs: acked, slowdownHpcc: hpcc, lateAcks: { flows: 1, thresholdUs: 188.304, maxGapUs: 8000 } } };
  const text = compareTable([withAcks, B], ["new", "old"]);
  const c = cells(text, / {2,}/);
  const expect: [string, string, string][] = [
    ["last ACK p50 (µs)", "20", "—"],
    ["last ACK p95 (µs)", "8012.50", "—"],
    ["last ACK p99 (µs)", "8012.50", "—"],
    ["HPCC slowdown p50", "1.250", "—"],
    ["HPCC slowdown p95", "600.500", "—"],
    ["HPCC slowdown p99", "600.500", "—"],
    ["< 200 KB: HPCC slowdown p99", "600.500", "—"],
    ["≥ 200 KB: HPCC slowdown p99", "1.000", "—"],
    ["late last ACKs", "1", "—"],
  ];
  for (const [name, a, b] of expect) assert.equal(c.get(name), [a, b], name);
  // In that order, after the slowdown's size rows and before the jobs'.
  const names = text.split("\n").slice(2).map((l) => l.trim().split(/ {2,}/)[0]);
  const at = names.indexOf("≥ 200 KB: slowdown p99");
  assert.equal(names.slice(at + 1, at + 1 + expect.length), expect.map((e) => e[0]));
  assert.is(names[at + 1 + expect.length], "JCT max (µs)");
  // Every other row, its name, place and cells, as in the table of the same runs without them.
  const without = compareTable([sized, B], ["new", "old"]).split("\n");
  const kept = text.split("\n").filter((l) => !expect.some((e) => l.trim().startsWith(e[0])));
  assert.equal(kept.slice(2).map((l) => l.trim().split(/ {2,}/)), without.slice(2).map((l) => l.trim().split(/ {2,}/)));
  // Files that all predate them: no such rows, the table as before.
  const before = compareTable([A, B], ["new", "old"]);
  assert.not.ok(before.includes("last ACK"));
  assert.not.ok(before.includes("HPCC"));
});

test("labels: runs whose modules differ but do not tell them apart carry the modules that differ before their tags", () => {
  // Fig. 17's comparison: a DCP sweep over the loss rate beside a baseline sweep over the
  // reliability module and the loss rate; the lb and cc are the same everywhere.
  const run = (rel: string, tags: Results["tags"]): Results => ({ ...A, modules: { cc: ["none"], lb: ["ecmp"], reliability: rel }, tags });
  const dcp = [0.001, 0.05].map((p) => run("dcp", { "faults[0].probability": p }));
  const baseline = ["rack", "irn"].flatMap((rel) => [0.001, 0.05].map((p) => run(rel, { "transport.reliability.name": rel, "faults[0].trim": false, "faults[0].probability": p })));
  assert.equal(runLabels([...dcp, ...baseline]), [
    "dcp · faults[0].probability=0.001",
    "dcp · faults[0].probability=0.05",
    "rack · faults[0].trim=false faults[0].probability=0.001",
    "rack · faults[0].trim=false faults[0].probability=0.05",
    "irn · faults[0].trim=false faults[0].probability=0.001",
    "irn · faults[0].trim=false faults[0].probability=0.05",
  ]);
  // Two modules differ (Fig. 16: CC on and off, DCP and IRN): both, joined by +, in the order cc+lb+reliability.
  const fig16 = ["dcp", "irn"].flatMap((rel) => ["none", "dcqcn"].map((cc) => ({ ...run(rel, { "transport.cc.name": cc, seed: 1 }), modules: { cc: [cc], lb: ["ecmp"], reliability: rel } })));
  assert.equal(runLabels(fig16), ["none+ecmp+dcp", "dcqcn+ecmp+dcp", "none+ecmp+irn", "dcqcn+ecmp+irn"], "modules alone tell them apart");
  const seeds = [...fig16, ...fig16.map((r) => ({ ...r, tags: { ...r.tags, seed: 2 } }))];
  assert.equal(runLabels(seeds).slice(0, 5), ["none+dcp · seed=1", "dcqcn+dcp · seed=1", "none+irn · seed=1", "dcqcn+irn · seed=1", "none+dcp · seed=2"]);
  // The same modules everywhere: the tags alone, as before.
  assert.equal(runLabels(dcp), ["faults[0].probability=0.001", "faults[0].probability=0.05"]);
  // Nothing left to tell them apart by but the seed: the prefix, then the seed.
  assert.equal(runLabels([run("dcp", {}), run("dcp", {}), run("irn", {})].map((r, i) => ({ ...r, seed: i }))), ["dcp seed 0", "dcp seed 1", "irn seed 2"]);
  // RACK under two profiles beside IRN (README "Loss recovery"): the label says the module and
  // its profile once, not again as the tags that chose them.
  const rack = (profile: string, p: number): Results => ({
    ...run("rack", { "transport.reliability.name": "rack", "transport.reliability.params.sender.profile": profile, "faults[0].probability": p }),
    moduleParams: [{ area: "reliability", name: "rack", profile, scope: "transport.reliability", flows: 1, params: { profile } }],
  });
  const irn = (p: number) => run("irn", { "transport.reliability.name": "irn", "faults[0].probability": p });
  assert.equal(runLabels([rack("dcp", 0.01), rack("rfc8985", 0.01), irn(0.01), rack("dcp", 0.05)]), [
    "rack (dcp) · faults[0].probability=0.01",
    "rack (rfc8985) · faults[0].probability=0.01",
    "irn · faults[0].probability=0.01",
    "rack (dcp) · faults[0].probability=0.05",
  ]);
});

/** A run of a sweep over the lb and the seed: its values as the sweep tags them. */
function seedRun(lb: string, seed: number, o: { completed: number; p99: number | null; mean: number | null; drops: number; goodput: number; ok?: boolean }): Results {
  const r = fake(lb, { completed: o.completed, fct: st(o.p99, o.p99, o.p99, o.p99, o.completed), slowdown: st(1, 1, 1, 1, o.completed, 1, o.mean), byClass: {}, goodput: o.goodput, drops: o.drops, trims: 0, retx: [0, 0, 0], ooo: 0, ecn: 0, sim: 100, ok: o.ok });
  return { ...r, seed, tags: { "transport.lb.name": lb, seed } };
}

// Three seeds of two load balancers, given interleaved as a sweep's grid order would not have them.
const SEEDS = [
  seedRun("reps", 1, { completed: 3, p99: 10, mean: 1.5, drops: 0, goodput: 10 }),
  seedRun("ecmp", 1, { completed: 3, p99: 20, mean: 2, drops: 1, goodput: 5 }),
  seedRun("reps", 2, { completed: 3, p99: 14, mean: 1.5, drops: 3, goodput: 20 }),
  seedRun("ecmp", 2, { completed: 3, p99: 20, mean: 2.5, drops: 1, goodput: 5 }),
  seedRun("reps", 3, { completed: 2, p99: 15, mean: 2.25, drops: 4, goodput: 40, ok: false }),
  // No flow complete: no FCT or slowdown at all.
  seedRun("ecmp", 3, { completed: 0, p99: null, mean: null, drops: 1, goodput: 0 }),
];

// NSCC under the fabric's default `uec` and under `uec-htsim` (lib/cc/nscc/params.ts) on uet-htsim's
// network (RTT 14,022.72 ns): the same target, 0.75 × 14,022.72 = 10,517.04 ns; QuickAdapt's
// threshold "large" (never) with trimming in UEC 1.0 Table 3-76, 4 × 10,517.04 = 42,068.16 ns in
// uet-htsim; eta 0.15 × 4,086 × 175,284 / 150,000 = 716.210424 B, truncated to 716 in uet-htsim.
// REPS's seeds differ with the run's seed and tell nothing apart.
const nsccRun = (profile: string, qaThresholdNs: number | string, etaBytes: number, seed: number): Results => {
  const cc: ModuleParams = { area: "cc", name: "nscc", profile, scope: "transport.cc", flows: 3, params: { profile, targetDelayNs: 10_517.04, qaThresholdNs, etaBytes } };
  const lb: ModuleParams = { area: "lb", name: "reps", profile: "uec-htsim", scope: "transport.lb", flows: 3, params: { profile: "uec-htsim", evCount: 64, seed: 1000 + seed } };
  return { ...A, seed, moduleParams: [cc, lb] };
};

test("runs that differ only in a module's profile are told apart: the label carries the profile, a row each parameter that differs", () => {
  const uec = nsccRun("uec", "Infinity", 716.210424, 1);
  const htsim = nsccRun("uec-htsim", 42_068.16, 716, 1);
  const labels = runLabels([uec, htsim], ["incast-noprof/results.json", "incast/results.json"]);
  assert.equal(labels, ["nscc (uec)+reps+rud", "nscc (uec-htsim)+reps+rud"]);
  const rows = compareTable([uec, htsim], labels, "csv").split("\n");
  assert.equal(rows[0], "metric,nscc (uec)+reps+rud,nscc (uec-htsim)+reps+rud");
  // After the metrics (integrity last of them), in the order the first run lists them; no row
  // for the target they share nor for REPS's seed.
  assert.equal(rows.slice(rows.indexOf("integrity,ok,ok") + 1), ["cc nscc: profile,uec,uec-htsim", "cc nscc: qaThresholdNs,Infinity,42068.16", "cc nscc: etaBytes,716.21,716"]);
  // A results file from before moduleParams has no profile to tell: its label and cells say none.
  const old = { ...A, seed: 2 };
  assert.equal(runLabels([old, htsim]), ["nscc+reps+rud seed 2", "nscc+reps+rud seed 1"]);
  assert.not.ok(compareTable([old, htsim], ["a", "b"], "csv").includes("cc nscc:"), "one run of the module has nothing to compare with");
  // --mean-over seed keeps the profiles apart, and a column of one profile shows its value once.
  const runs = [uec, nsccRun("uec", "Infinity", 716.210424, 2), htsim];
  const columns = meanOverColumns(runs, ["", "", ""], ["seed"]);
  assert.equal(columns, [[0, 1], [2]]);
  const mean = compareTable(runs, meanOverLabels(runs, ["a", "b", "c"], ["", "", ""], columns, ["seed"]), "csv", columns).split("\n");
  assert.ok(mean.includes("cc nscc: profile,uec,uec-htsim"), mean.join("\n"));
});

test("--mean-over seed: a column per scheme, each number the mean over its seeds [min–max], (k of n runs) where some lack one", () => {
  const columns = meanOverColumns(SEEDS, SEEDS.map(() => ""), ["seed"]);
  assert.equal(columns, [[0, 2, 4], [1, 3, 5]]);
  const labels = meanOverLabels(SEEDS, SEEDS.map((_, i) => `r${i}.json`), SEEDS.map(() => ""), columns, ["seed"]);
  assert.equal(labels, ["nscc+reps+rud", "nscc+ecmp+rud"]);
  const text = compareTable(SEEDS, labels, "text", columns);
  const c = cells(text, / {2,}/);
  const expect: [string, string, string][] = [
    ["runs", "3", "3"],
    // Summed: 3 + 3 + 2 of 3 × 3; 3 + 3 + 0 of 9.
    ["flows complete", "8/9", "6/9"],
    // Open per run (3 flows, none failed): reps 0, 0, 1, mean 1 / 3 = 0.33; ecmp 0, 0, 3, mean 1.
    ["flows open at end", "0.33 [0–1]", "1 [0–3]"],
    // (10 + 14 + 15) / 3 = 13; ecmp's two runs with flows, 20 and 20: 20, no range.
    ["FCT p99 (µs)", "13 [10–15]", "20 (2 of 3 runs)"],
    // (1.5 + 1.5 + 2.25) / 3 = 5.25 / 3 = 1.75; (2 + 2.5) / 2 = 2.25 over 2 of the 3 (an
    // integer prints as it is, in a range too).
    ["slowdown mean", "1.750 [1.500–2.250]", "2.250 [2–2.500] (2 of 3 runs)"],
    // (0 + 3 + 4) / 3 = 2.333…; 1 in every run.
    ["drops", "2.33 [0–4]", "1"],
    // (10 + 20 + 40) / 3 = 23.33… at goodput's 1 decimal; (5 + 5 + 0) / 3 = 3.33….
    ["goodput (Gb/s)", "23.3 [10–40]", "3.3 [0–5]"],
    ["integrity", "FAILED (1 of 3 runs)", "ok"],
  ];
  for (const [name, a, b] of expect) assert.equal(c.get(name), [a, b], name);
  assert.is(text.split("\n")[2].trim().split(/ {2,}/)[0], "runs", "the first row");
  // The same runs a column each: no "runs" row, every cell its run's own.
  const each = cells(compareTable(SEEDS, runLabels(SEEDS)), / {2,}/);
  assert.not.ok(each.has("runs"));
  assert.equal(each.get("FCT p99 (µs)"), ["10", "20", "14", "20", "15", "—"]);
  assert.equal(each.get("integrity"), ["ok", "ok", "ok", "ok", "FAILED", "ok"]);
  // A column of one run is that run's column: merged over a tag that only one value has.
  const one = meanOverColumns(SEEDS.slice(0, 2), ["", ""], ["seed"]);
  assert.equal(one, [[0], [1]]);
  assert.equal(compareTable(SEEDS.slice(0, 2), ["a", "b"], "text", one), compareTable(SEEDS.slice(0, 2), ["a", "b"]));
});

test("--mean-over --csv: per column four plain numbers, mean, min, max and n (the runs with a value), not `13 [10–15]` cells", () => {
  const columns = meanOverColumns(SEEDS, SEEDS.map(() => ""), ["seed"]);
  const csv = compareTable(SEEDS, ["reps", "ecmp"], "csv", columns, true).split("\n");
  assert.is(csv[0], "metric,reps mean,reps min,reps max,reps n,ecmp mean,ecmp min,ecmp max,ecmp n");
  const expect = [
    // Three runs a column, under n.
    "runs,,,,3,,,,3",
    // Per run, not summed: (3 + 3 + 2) / 3 = 2.666667 of 3 flows; (3 + 3 + 0) / 3 = 2.
    "flows complete,2.666667,2,3,3,2,0,3,3",
    "flows,3,3,3,3,3,3,3,3",
    // (10 + 14 + 15) / 3 = 13; ecmp's third run completed nothing: 20 over n = 2.
    "FCT p99 (µs),13,10,15,3,20,20,20,2",
    // (1.5 + 1.5 + 2.25) / 3 = 1.75; (2 + 2.5) / 2 = 2.25 over 2.
    "slowdown mean,1.75,1.5,2.25,3,2.25,2,2.5,2",
    // (0 + 3 + 4) / 3 = 2.333…, to 6 decimals; 1 in each run.
    "drops,2.333333,0,4,3,1,1,1,3",
    // (10 + 20 + 40) / 3 = 23.333…; (5 + 5 + 0) / 3 = 3.333….
    "goodput (Gb/s),23.333333,10,40,3,3.333333,0,5,3",
    // reps's third run failed its integrity check: 1 of 3, a share of 0.333333.
    "integrity: FAILED,0.333333,0,1,3,0,0,0,3",
  ];
  for (const line of expect) assert.ok(csv.includes(line), `${line}\n${csv.join("\n")}`);
  assert.is(csv[1], "runs,,,,3,,,,3", "the first row");
  assert.not.ok(csv.some((l) => /\[|of \d+ runs/.test(l)), "no range or count inside a cell");
  // A module parameter is text: its values as the mean, n the runs that have it.
  const runs = [nsccRun("uec", "Infinity", 716.210424, 1), nsccRun("uec", "Infinity", 716.210424, 2), nsccRun("uec-htsim", 42_068.16, 716, 1)];
  const p = compareTable(runs, ["uec", "htsim"], "csv", [[0, 1], [2]], true).split("\n");
  assert.ok(p.includes("cc nscc: profile,uec,,,2,uec-htsim,,,1"), p.join("\n"));
  // A column of one run keeps the layout: min = max = the mean, n 1 (ecmp's seed 3: no FCT, n 0).
  const one = compareTable(SEEDS.slice(4), ["a", "b"], "csv", [[0], [1]], true).split("\n");
  assert.ok(one.includes("FCT p99 (µs),15,15,15,1,,,,0"), one.join("\n"));
});

test("--mean-over: which runs merge (only the named tags differ, within a sweep directory) and what is refused", () => {
  // Over the lb instead: the seeds stay apart, the lb's module is no longer part of the key.
  assert.equal(meanOverColumns(SEEDS, SEEDS.map(() => ""), ["transport.lb.name"]), [[0, 1], [2, 3], [4, 5]]);
  assert.equal(meanOverLabels(SEEDS, [], SEEDS.map(() => ""), [[0, 1], [2, 3], [4, 5]], ["transport.lb.name"]), ["seed=1", "seed=2", "seed=3"]);
  // Over both: one column.
  assert.equal(meanOverColumns(SEEDS, SEEDS.map(() => ""), ["seed", "transport.lb.name"]), [[0, 1, 2, 3, 4, 5]]);
  // Another tag keeps runs apart; so does the scenario's name.
  const loads = SEEDS.slice(0, 4).map((r, i) => ({ ...r, tags: { ...r.tags, "traffic[0].load": i < 2 ? 0.3 : 0.7 } }));
  assert.equal(meanOverColumns(loads, loads.map(() => ""), ["seed"]), [[0], [1], [2], [3]]);
  assert.equal(meanOverColumns([SEEDS[0], { ...SEEDS[2], scenario: "other" }], ["", ""], ["seed"]), [[0], [1]]);
  // The same grid in two sweep directories (before and after a change, say): two columns per
  // scheme, named by the directory where nothing else tells them apart.
  const twice = [...SEEDS.slice(0, 4), ...SEEDS.slice(0, 4)];
  const sources = twice.map((_, i) => (i < 4 ? "old" : "new"));
  const cols = meanOverColumns(twice, sources, ["seed"]);
  assert.equal(cols, [[0, 2], [1, 3], [4, 6], [5, 7]]);
  assert.equal(meanOverLabels(twice, [], sources, cols, ["seed"]), ["old · reps", "old · ecmp", "new · reps", "new · ecmp"]);
  // Two runs that agree on the named tag too would count twice; a name no run has is a typo.
  assert.throws(() => meanOverColumns(twice, twice.map(() => ""), ["seed"]), /runs 1 and 5 differ in none of seed/);
  assert.throws(() => meanOverColumns(SEEDS, SEEDS.map(() => ""), ["sed"]), /no run has the tag sed \(their tags: seed, transport\.lb\.name\)/);
});

test("counting open flows: a lower bound on the p99, each open flow at the time it had run when the run ended", () => {
  const flow = (fctUs: number | null, startUs: number, idealUs: number, status: FlowResult["status"]): FlowResult => ({
    flow: 0, src: 1, dst: 0, bytes: 1000, startUs, fctUs, idealUs, slowdown: fctUs === null ? null : fctUs / idealUs, ackedUs: null, retransmissions: 0, timeouts: 0,
    status, cc: "nscc", lb: "ecmp", class: "all", group: "", spurious: 0, outOfOrder: 0, faultLosses: 0, goodputGbps: null, arrivedBytes: 0,
  });
  // B ran 100 µs. Complete: FCT 10, 20, 30 over ideals of 10 (slowdowns 1, 2, 3). Open: one
  // started at 5 µs, so it had run 100 − 5 = 95 µs (slowdown ≥ 95 / 10 = 9.5). Left out: a flow
  // due to start at 150 µs, after the end; one waiting on a dependency; one failed (FCT 500).
  // Nearest rank over 4 values: the ⌈0.99 × 4⌉ = 4th smallest, 95 µs and 9.5.
  const flows = [flow(10, 0, 10, "complete"), flow(20, 0, 10, "complete"), flow(30, 0, 10, "complete"), flow(null, 5, 10, "incomplete"), flow(null, 150, 10, "incomplete"), flow(null, 0, 10, "waiting"), flow(500, 0, 10, "failed")];
  const b = { ...B, simulatedUs: 100, flowsTotal: 7, completed: 3, failed: 1, flows };
  // A: its three complete flows, FCT 4.5, 10, 15 over ideals of 10: the largest, 15 and 1.5.
  const a = { ...A, flows: [flow(4.5, 0, 10, "complete"), flow(10, 0, 10, "complete"), flow(15, 0, 10, "complete")] };
  const c = cells(compareTable([a, b], ["a", "b"]), / {2,}/);
  assert.equal(c.get("flows open at end"), ["0", "3"]);
  assert.equal(c.get("FCT p99 counting open ≥ (µs)"), ["15", "95"]);
  assert.equal(c.get("slowdown p99 counting open ≥"), ["1.500", "9.500"]);
  assert.not.ok(cells(compareTable([a, a], ["a", "b"]), / {2,}/).has("FCT p99 counting open ≥ (µs)"), "only when some run left flows open");
});

test("flows open at the end: a row when some run left any, and a note naming the columns whose statistics cover completed flows only (review study 3)", () => {
  // A: 3 of 3 complete; B: 2 of 3, none failed, so 1 open; B with that flow failed instead: 0 open.
  assert.is(openFlowsNote([A, A], ["a", "b"]), null);
  assert.not.ok(cells(compareTable([A, A], ["a", "b"]), / {2,}/).has("flows open at end"));
  const failed = { ...B, failed: 1 };
  assert.is(openFlowsNote([A, failed], ["a", "b"]), null, "a failed flow is not open");
  assert.not.ok(cells(compareTable([A, failed], ["a", "b"]), / {2,}/).has("flows open at end"));
  const note = openFlowsNote([A, B], ["reps", "ecmp"]) as string;
  assert.ok(note.startsWith('note: ecmp: flows open at the end of the run (row "flows open at end"). The FCT, slowdown,'), note);
  assert.match(note, /cover completed flows only/);
  // Over columns of several runs: a column is named when any of its runs left flows open (SEEDS:
  // reps seed 3 left 1, ecmp seed 3 left 3).
  const columns = meanOverColumns(SEEDS, SEEDS.map(() => ""), ["seed"]);
  assert.match(openFlowsNote(SEEDS, ["REPS", "ECMP"], columns) as string, /^note: REPS, ECMP: /);
  assert.is(openFlowsNote(SEEDS.slice(0, 4), ["REPS", "ECMP"], [[0, 2], [1, 3]]), null);
  // The command prints it under a text or Markdown table, and on stderr beside a CSV one.
  const dir = sweepDir([A, B]);
  const text = compareOut([dir, "--labels", "reps,ecmp"]);
  assert.is(text.code, 0, text.err);
  assert.equal(text.out.split("\n").slice(-2), ["", note]);
  const md = compareOut([dir, "--md", "--labels", "reps,ecmp"]);
  assert.equal(md.out.split("\n").slice(-2), ["", note]);
  const csv = compareOut([dir, "--csv", "--labels", "reps,ecmp"]);
  assert.ok(csv.out.split("\n").every((l) => l.startsWith("metric,") || /^[^,]+,[^,]*,[^,]*$/.test(l)), csv.out);
  assert.is(csv.err, `nicfw compare: ${note}`);
});

test("fault cost rows (results.json faultCost, run.faultBaseline on by default): each the run's value less the fault-free run's", () => {
  // A with faults: its FCT p50 10 against a baseline's 7.5, +2.5; p99 14.25 against 14.25, 0; max
  // 15 against 12, +3; 3 of 3 complete both times, +0; retransmissions 2 against 0, +2; RTOs 0
  // against 1 (a baseline may take a timeout the faulted run does not), -1. B ran without a baseline.
  const cost: NonNullable<Results["faultCost"]> = {
    baseline: { completed: 3, fctUs: st(7.5, 12, 14.25, 12), slowdown: st(1, 1, 1, 1), simulatedUs: 16, retransmissions: 0, timeouts: 1 },
    delta: { completed: 0, fctP50Us: 2.5, fctP99Us: 0, fctMaxUs: 3, simulatedUs: 0.5, retransmissions: 2, timeouts: -1 },
  };
  const expect: [string, string, string][] = [
    ["fault cost: FCT p50 (µs)", "2.50", "—"],
    ["FCT p99 (µs)", "0", "—"],
    ["FCT max (µs)", "3", "—"],
    ["flows complete", "0", "—"],
    ["retransmissions", "2", "—"],
    ["RTOs", "-1", "—"],
  ];
  // Row names repeat ("FCT p99 (µs)" above): the cells are read in place, each row after the last.
  const table = compareTable([{ ...A, faultCost: cost }, B], ["a", "b"]).split("\n");
  const start = table.findIndex((l) => l.startsWith("fault cost: FCT p50 (µs)"));
  assert.ok(start > 0, "the fault cost rows are there");
  for (let i = 0; i < expect.length; i++) assert.equal(table[start + i].trim().split(/ {2,}/), expect[i], expect[i][0]);
  // No run with a baseline: no rows.
  assert.not.ok(cells(compareTable([A, B], ["a", "b"]), / {2,}/).has("fault cost: FCT p50 (µs)"));
});

type TrimSites = NonNullable<Results["metrics"]["trimSites"]>;

/**
 * `r` with the blocks of results written since 2026-12-05: where it trimmed (its trims the sum
 * of the two sites, as metrics.ts counts each port's trims under one of them) and its CC and LB
 * decision counters; a block left out stays absent, as in an older file.
 */
function withSites(r: Results, o: { sites?: Omit<TrimSites, "ports">; cc?: Record<string, number>; lb?: Record<string, number> }): Results {
  const trims = o.sites ? o.sites.lastHop + o.sites.elsewhere : r.metrics.trims;
  const totals: Results["totals"] = { ...r.totals, trims };
  if (o.cc) totals.cc = o.cc;
  if (o.lb) totals.lb = o.lb;
  const metrics: Results["metrics"] = { ...r.metrics, trims };
  if (o.sites) metrics.trimSites = { ...o.sites, ports: [] };
  return { ...r, totals, metrics };
}

// Four runs: NSCC + REPS trimming 20 at the last hop and 12 elsewhere, by class 20 host, 8 tier1
// and 4 tier2 (listed out of order); NSCC + ECMP with the blocks but no trim (ECMP counts nothing:
// totals.lb {}); DCTCP + PLB with its 6 trims all on tier1 links (elsewhere); and A as a file
// from before the blocks (2 trims, no sites, no counters).
const SITED = withSites(A, {
  sites: { lastHop: 20, elsewhere: 12, byClass: { tier2: 4, host: 20, tier1: 8 } },
  cc: { NSCC_REPATH: 5, NSCC_QUICK_ADAPT: 3, NSCC_DECREASE: 41 },
  lb: { REPS_FREEZE: 2, REPS_UNFREEZE: 2, REPS_EV_RANDOM: 46, REPS_EV_RECYCLED: 812 },
});
const UNTRIMMED = withSites(B, { sites: { lastHop: 0, elsewhere: 0, byClass: {} }, cc: { NSCC_REPATH: 0, NSCC_QUICK_ADAPT: 7, NSCC_DECREASE: 9 }, lb: {} });
const PLB = withSites({ ...A, modules: { cc: ["dctcp"], lb: ["plb"], reliability: "rud" } }, {
  sites: { lastHop: 0, elsewhere: 6, byClass: { tier1: 6 } },
  cc: { DCTCP_INCREASE: 100, DCTCP_DECREASE: 4, DCTCP_ALPHA: 30 },
  lb: { PLB_ROUND_END: 90, PLB_REPATH_CONGESTED: 3 },
});
const SITE_ROWS: [string, string, string, string, string][] = [
  ["trims", "32", "0", "6", "2"],
  ["at the last hop", "20", "0", "0", "—"],
  ["elsewhere", "12", "0", "6", "—"],
  // Hosts outwards, not as the first run lists them; a class a run with the block lacks is 0 there.
  ["on host links", "20", "0", "0", "—"],
  ["on tier1 links", "8", "0", "6", "—"],
  ["on tier2 links", "4", "0", "0", "—"],
];
// Each module's names in the order its run lists them; — for a run of another module (ECMP's {}
// has none of REPS's) or one from before the counters, never 0.
const COUNTER_ROWS: [string, string, string, string, string][] = [
  ["cc NSCC_REPATH", "5", "0", "—", "—"],
  ["cc NSCC_QUICK_ADAPT", "3", "7", "—", "—"],
  ["cc NSCC_DECREASE", "41", "9", "—", "—"],
  ["cc DCTCP_INCREASE", "—", "—", "100", "—"],
  ["cc DCTCP_DECREASE", "—", "—", "4", "—"],
  ["cc DCTCP_ALPHA", "—", "—", "30", "—"],
  ["lb REPS_FREEZE", "2", "—", "—", "—"],
  ["lb REPS_UNFREEZE", "2", "—", "—", "—"],
  ["lb REPS_EV_RANDOM", "46", "—", "—", "—"],
  ["lb REPS_EV_RECYCLED", "812", "—", "—", "—"],
  ["lb PLB_ROUND_END", "—", "—", "90", "—"],
  ["lb PLB_REPATH_CONGESTED", "—", "—", "3", "—"],
];

test("trim sites under trims, and a row per CC and LB decision counter any run has before simulated; — for a run without", () => {
  const runs = [SITED, UNTRIMMED, PLB, A];
  const labels = ["reps", "ecmp", "plb", "old"];
  const text = compareTable(runs, labels);
  const names = text.split("\n").slice(2).map((l) => l.trim().split(/ {2,}/)[0]);
  const c = cells(text, / {2,}/);
  for (const [name, ...want] of [...SITE_ROWS, ...COUNTER_ROWS]) assert.equal(c.get(name), want, name);
  const at = names.indexOf("trims");
  assert.equal(names.slice(at, at + SITE_ROWS.length + 1), [...SITE_ROWS.map((e) => e[0]), "retransmissions"]);
  const sim = names.indexOf("simulated (µs)");
  assert.equal(names.slice(sim - COUNTER_ROWS.length, sim), COUNTER_ROWS.map((e) => e[0]));
  // Every other row, its name, place and cells, as in the table of the same runs without the blocks.
  const bare = (r: Results): Results => ({ ...r, totals: { ...r.totals, cc: undefined, lb: undefined }, metrics: { ...r.metrics, trimSites: undefined } });
  const added = new Set([...SITE_ROWS.slice(1), ...COUNTER_ROWS].map((e) => e[0]));
  const kept = text.split("\n").slice(2).map((l) => l.trim().split(/ {2,}/)).filter((row) => !added.has(row[0]));
  assert.equal(kept, compareTable(runs.map(bare), labels).split("\n").slice(2).map((l) => l.trim().split(/ {2,}/)));
  // The same cells in Markdown and CSV.
  const md = compareTable(runs, labels, "md").split("\n");
  assert.ok(md.includes("|   at the last hop | 20 | 0 | 0 | — |"), md.join("\n"));
  assert.ok(md.includes("| lb REPS_FREEZE | 2 | — | — | — |"), md.join("\n"));
  const csv = compareTable(runs, labels, "csv").split("\n");
  assert.ok(csv.includes("on tier1 links,8,0,6,—"), csv.join("\n"));
  assert.ok(csv.includes("cc DCTCP_ALPHA,—,—,30,—"), csv.join("\n"));
  // No run trimmed (ECMP's 0 at both sites, the old file none to say): no site rows, which
  // would read 0 = 0 + 0; the counters still.
  const quiet = cells(compareTable([UNTRIMMED, A], ["ecmp", "old"]), / {2,}/);
  assert.not.ok(quiet.has("at the last hop"));
  assert.equal(quiet.get("cc NSCC_QUICK_ADAPT"), ["7", "—"]);
  // One link class among the runs: the class rows would repeat "elsewhere" (or "at the last hop").
  const one = cells(compareTable([PLB, UNTRIMMED], ["plb", "ecmp"]), / {2,}/);
  assert.equal(one.get("elsewhere"), ["6", "0"]);
  assert.not.ok(one.has("on tier1 links"));
  // Files that all predate the blocks: the table as before (the first test's rows, exactly).
  assert.not.ok(/at the last hop|^(cc|lb) /m.test(compareTable([A, B], ["a", "b"])));
});

test("--mean-over: the trim-site and counter rows average like every count, over the runs that have them; --csv their mean, min, max and n", () => {
  // REPS over seeds 1 and 2 with the blocks and seed 3 a file from before them; ECMP over three
  // seeds with them, its tables counting no LB decision.
  const reps = [
    withSites(SEEDS[0], { sites: { lastHop: 10, elsewhere: 2, byClass: { host: 10, tier1: 2 } }, cc: { NSCC_QUICK_ADAPT: 3, NSCC_DECREASE: 40 }, lb: { REPS_FREEZE: 0, REPS_EV_RECYCLED: 800 } }),
    withSites(SEEDS[2], { sites: { lastHop: 14, elsewhere: 0, byClass: { host: 14 } }, cc: { NSCC_QUICK_ADAPT: 5, NSCC_DECREASE: 44 }, lb: { REPS_FREEZE: 2, REPS_EV_RECYCLED: 812 } }),
    SEEDS[4],
  ];
  const ecmp = [
    withSites(SEEDS[1], { sites: { lastHop: 0, elsewhere: 6, byClass: { tier1: 6 } }, cc: { NSCC_QUICK_ADAPT: 1, NSCC_DECREASE: 10 }, lb: {} }),
    withSites(SEEDS[3], { sites: { lastHop: 0, elsewhere: 9, byClass: { tier1: 9 } }, cc: { NSCC_QUICK_ADAPT: 2, NSCC_DECREASE: 10 }, lb: {} }),
    withSites(SEEDS[5], { sites: { lastHop: 0, elsewhere: 0, byClass: {} }, cc: { NSCC_QUICK_ADAPT: 4, NSCC_DECREASE: 10 }, lb: {} }),
  ];
  const runs = [reps[0], ecmp[0], reps[1], ecmp[1], reps[2], ecmp[2]];
  const columns = meanOverColumns(runs, runs.map(() => ""), ["seed"]);
  assert.equal(columns, [[0, 2, 4], [1, 3, 5]]);
  const c = cells(compareTable(runs, ["reps", "ecmp"], "text", columns), / {2,}/);
  const expect: [string, string, string][] = [
    // REPS: (10 + 14) / 2 = 12 over the 2 of 3 runs with sites; ECMP 0 in each of its 3.
    ["at the last hop", "12 [10–14] (2 of 3 runs)", "0"],
    // (2 + 0) / 2 = 1; ECMP (6 + 9 + 0) / 3 = 15 / 3 = 5.
    ["elsewhere", "1 [0–2] (2 of 3 runs)", "5 [0–9]"],
    ["on host links", "12 [10–14] (2 of 3 runs)", "0"],
    // REPS seed 2 trimmed on no tier1 link: 0, so (2 + 0) / 2 = 1.
    ["on tier1 links", "1 [0–2] (2 of 3 runs)", "5 [0–9]"],
    // (3 + 5) / 2 = 4; ECMP (1 + 2 + 4) / 3 = 7 / 3 = 2.333… at 2 decimals.
    ["cc NSCC_QUICK_ADAPT", "4 [3–5] (2 of 3 runs)", "2.33 [1–4]"],
    // (40 + 44) / 2 = 42; 10 in each ECMP run.
    ["cc NSCC_DECREASE", "42 [40–44] (2 of 3 runs)", "10"],
    // (0 + 2) / 2 = 1; ECMP has no such counter: —, not 0.
    ["lb REPS_FREEZE", "1 [0–2] (2 of 3 runs)", "—"],
    // (800 + 812) / 2 = 1612 / 2 = 806.
    ["lb REPS_EV_RECYCLED", "806 [800–812] (2 of 3 runs)", "—"],
  ];
  for (const [name, a, b] of expect) assert.equal(c.get(name), [a, b], name);
  const csv = compareTable(runs, ["reps", "ecmp"], "csv", columns, true).split("\n");
  const rows = [
    "at the last hop,12,10,14,2,0,0,0,3",
    "elsewhere,1,0,2,2,5,0,9,3",
    "on host links,12,10,14,2,0,0,0,3",
    "on tier1 links,1,0,2,2,5,0,9,3",
    // 7 / 3 = 2.333333 to 6 decimals.
    "cc NSCC_QUICK_ADAPT,4,3,5,2,2.333333,1,4,3",
    "cc NSCC_DECREASE,42,40,44,2,10,10,10,3",
    // No ECMP run has it: empty, n 0.
    "lb REPS_FREEZE,1,0,2,2,,,,0",
    "lb REPS_EV_RECYCLED,806,800,812,2,,,,0",
  ];
  for (const line of rows) assert.ok(csv.includes(line), `${line}\n${csv.join("\n")}`);
});

test("nicfw compare reads a results.json from before trimSites, totals.cc and totals.lb beside one with them: absent, not 0", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-compare-"));
  // A later module's counter, which no list here names: a row all the same.
  const later = withSites(SITED, { sites: { lastHop: 20, elsewhere: 12, byClass: { tier2: 4, host: 20, tier1: 8 } }, cc: { NSCC_QUICK_ADAPT: 3 }, lb: { ...SITED.totals.lb, SPRITZ_LATER_COUNTER: 7 } });
  writeFileSync(join(dir, "new.json"), JSON.stringify(later));
  // As a results.json written before 2026-12-05: the keys are not there at all.
  const old = JSON.parse(JSON.stringify(B)) as Results;
  delete old.totals.cc;
  delete old.totals.lb;
  delete old.metrics.trimSites;
  writeFileSync(join(dir, "old.json"), JSON.stringify(old));
  const r = compareOut([join(dir, "new.json"), join(dir, "old.json"), "--csv"]);
  assert.is(r.code, 0, r.err);
  const csv = r.out.split("\n");
  for (const line of ["trims,32,0", "at the last hop,20,—", "elsewhere,12,—", "on host links,20,—", "on tier1 links,8,—", "on tier2 links,4,—", "cc NSCC_QUICK_ADAPT,3,—", "lb REPS_FREEZE,2,—", "lb REPS_EV_RECYCLED,812,—", "lb SPRITZ_LATER_COUNTER,7,—"]) {
    assert.ok(csv.includes(line), `${line}\n${r.out}`);
  }
  // Two old files: none of these rows.
  writeFileSync(join(dir, "old2.json"), JSON.stringify({ ...old, seed: 2 }));
  const both = compareOut([join(dir, "old.json"), join(dir, "old2.json"), "--csv"]);
  assert.is(both.code, 0, both.err);
  assert.not.ok(/^(at the last hop|elsewhere|on \S+ links|cc |lb ),/m.test(both.out), both.out);
});

test("markdown and CSV forms carry the same cells", () => {
  const md = compareTable([A, B], ["A", "B"], "md").split("\n");
  assert.is(md[0], "| metric | A | B |");
  assert.is(md[1], "|---|---:|---:|");
  assert.ok(md.includes("| FCT p99 (µs) | 14.25 | 40 |"));
  assert.ok(md.includes("| integrity | ok | FAILED |"));
  const csv = compareTable([A, B], ["A", "B"], "csv").split("\n");
  assert.is(csv[0], "metric,A,B");
  assert.ok(csv.includes("FCT max (µs),15,—"));
  assert.ok(csv.includes("spurious,0,1"), "indentation trimmed in CSV");
});

test("a sweep point without results is not a column, and nicfw compare names it with its row's status on stderr", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-compare-"));
  const done = fake("reps", { completed: 3, fct: st(1, 2, 3, 4), slowdown: st(1, 1, 1, 1), byClass: {}, goodput: 1, drops: 0, trims: 0, retx: [0, 0, 0], ooo: 0, ecn: 0, sim: 5 });
  mkdirSync(join(dir, "points", "aaa"), { recursive: true });
  writeFileSync(join(dir, "points", "aaa", "results.json"), JSON.stringify(done));
  const rows = [
    { "transport.lb.name": "reps", seed: 1, status: "ok", completed: 3, point: "aaa" },
    { "transport.lb.name": "ops", seed: 1, status: "error: packet pool exhausted", completed: null, point: "bbb" },
  ];
  writeFileSync(join(dir, "sweep.json"), JSON.stringify(rows));
  const log = console.log;
  const err = console.error;
  const out: string[] = [];
  const notes: string[] = [];
  console.log = (s: string) => out.push(s);
  console.error = (s: string) => notes.push(s);
  let code: number;
  try {
    code = compareCommand([dir, "--csv"]);
  } finally {
    console.log = log;
    console.error = err;
  }
  assert.is(code, 0);
  assert.is(out.join("\n").split("\n")[0], "metric,nscc+reps+rud", "one column: the point with results");
  assert.equal(notes, [`nicfw compare: note: 1 sweep point without results left out:\n  ${dir}: point bbb (transport.lb.name=ops seed=1): error: packet pool exhausted`]);
});

/** nicfw compare's exit code, stdout and stderr. */
function compareOut(argv: string[]): { code: number; out: string; err: string } {
  const log = console.log;
  const error = console.error;
  const out: string[] = [];
  const err: string[] = [];
  console.log = (s: string) => out.push(s);
  console.error = (s: string) => err.push(s);
  try {
    return { code: compareCommand(argv), out: out.join("\n"), err: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** A sweep directory of these runs, as nicfw sweep writes one: sweep.json and points/<id>/results.json. */
function sweepDir(runs: Results[]): string {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-compare-"));
  const rows = runs.map((r, i) => {
    mkdirSync(join(dir, "points", `p${i}`), { recursive: true });
    writeFileSync(join(dir, "points", `p${i}`, "results.json"), JSON.stringify(r));
    return { ...r.tags, status: "ok", point: `p${i}` };
  });
  writeFileSync(join(dir, "sweep.json"), JSON.stringify(rows));
  return dir;
}

test("nicfw compare --mean-over seed on a sweep directory: one column per scheme; --labels name the columns; a bad tag exits 2", () => {
  const dir = sweepDir(SEEDS);
  const r = compareOut([dir, "--mean-over", "seed", "--csv"]);
  assert.is(r.code, 0, r.err);
  const lines = r.out.split("\n");
  // Under --csv, the four plain numbers per column (the cells of the text table are for reading).
  const head = ["nscc+reps+rud", "nscc+ecmp+rud"].flatMap((l) => ["mean", "min", "max", "n"].map((k) => `${l} ${k}`));
  assert.equal(lines.slice(0, 3), [`metric,${head.join(",")}`, "runs,,,,3,,,,3", "flows complete,2.666667,2,3,3,2,0,3,3"]);
  assert.ok(lines.includes("FCT p99 (µs),13,10,15,3,20,20,20,2"), r.out);
  const text = compareOut([dir, "--mean-over", "seed"]);
  assert.ok(text.out.split("\n").some((l) => /^FCT p99 \(µs\) +13 \[10–15\] +20 \(2 of 3 runs\)$/.test(l)), text.out);
  const named = compareOut([dir, "--mean-over", "seed", "--labels", "REPS,ECMP", "--md"]);
  assert.is(named.code, 0, named.err);
  assert.is(named.out.split("\n")[0], "| metric | REPS | ECMP |");
  const bad: [string[], string][] = [
    [[dir, "--mean-over", "seed", "--labels", "a,b,c,d,e,f"], "nicfw compare: 6 labels for 2 columns"],
    [[dir, "--mean-over", "sede"], "nicfw compare: --mean-over sede: no run has the tag sede (their tags: seed, transport.lb.name)"],
    [[dir, "--mean-over", "seed,"], "nicfw compare: --mean-over seed,: an empty tag name"],
    [[dir, "--mean-over"], "nicfw compare: --mean-over needs a value"],
  ];
  for (const [argv, why] of bad) {
    const x = compareOut(argv);
    assert.is(x.code, 2, argv.join(" "));
    assert.ok(x.err.startsWith(why), x.err);
  }
  // Without --mean-over a label per run, as before.
  assert.is(compareOut([dir, "--labels", "a,b"]).code, 2);
  // The sweep twice on the command line: each seed twice in one column, refused.
  const twice = compareOut([dir, dir, "--mean-over", "seed"]);
  assert.is(twice.code, 2);
  const p0 = join(dir, "points", "p0", "results.json");
  assert.is(twice.err, `nicfw compare: --mean-over seed: ${p0} and ${p0} differ in none of seed ([1]) nor anything else, so they would count twice`);
});

test("nicfw compare on a sweep directory names the finished points outside its grid (an earlier, larger grid's) and how to include them", () => {
  const dir = sweepDir(SEEDS.slice(0, 2));
  // Two more finished points, of a grid run into the same directory before this one.
  for (const [i, r] of [SEEDS[2], SEEDS[3]].entries()) {
    mkdirSync(join(dir, "points", `old${i}`));
    writeFileSync(join(dir, "points", `old${i}`, "results.json"), JSON.stringify(r));
  }
  // A point directory without results (a run that failed) is not a finished point.
  mkdirSync(join(dir, "points", "failed"));
  const r = compareOut([dir, "--csv"]);
  assert.is(r.code, 0, r.err);
  assert.is(r.out.split("\n")[0].split(",").length, 1 + 2, "the grid's two points only");
  const pts = join(dir, "points");
  assert.is(
    r.err,
    `nicfw compare: note: 2 finished points in ${pts} are not in the grid of ${join(dir, "sweep.csv")} (each sweep or --collect writes the rows of its own grid only, so nicfw compare ${dir} leaves them out); to include them: nicfw compare ${join(pts, "*", "results.json")}, or run the full grid into ${dir} again (its finished points are skipped, not run)`,
  );
  assert.is(compareOut([sweepDir(SEEDS)]).err, "", "nothing outside the grid: no note");
});

test("nicfw compare reads results files and run directories; with the same modules the runs are named by their directories", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-compare-"));
  const same = fake("reps", { completed: 3, fct: st(1, 2, 3, 4), slowdown: st(1, 1, 1, 1), byClass: {}, goodput: 1, drops: 0, trims: 0, retx: [0, 0, 0], ooo: 0, ecn: 0, sim: 5 });
  for (const d of ["base", "tuned"]) {
    mkdirSync(join(dir, d));
    writeFileSync(join(dir, d, "results.json"), JSON.stringify(same));
  }
  const log = console.log;
  const out: string[] = [];
  console.log = (s: string) => out.push(s);
  let code: number;
  try {
    code = compareCommand([join(dir, "base"), join(dir, "tuned", "results.json"), "--md"]);
  } finally {
    console.log = log;
  }
  assert.is(code, 0);
  assert.is(out.join("\n").split("\n")[0], `| metric | ${join(dir, "base")} | ${join(dir, "tuned")} |`);
  const err = console.error;
  console.error = () => {};
  try {
    writeFileSync(join(dir, "other.json"), JSON.stringify({ hello: 1 }));
    assert.is(compareCommand([join(dir, "other.json")]), 2, "not a results file");
    assert.is(compareCommand([join(dir, "base"), join(dir, "tuned"), "--labels", "x"]), 2, "one label for two runs");
  } finally {
    console.error = err;
  }
});

test("labels name the switch routing where the runs differ in it (review res-spritz: Valiant with ECMP endpoints read dctcp+ecmp+rud)", () => {
  const routed = (r: Results, routing: string, tags: Record<string, string | number> = {}): Results => ({ ...r, derived: { ...r.derived, routing }, tags });
  // Modules alone tell these apart, and hid that the first ran Valiant routing.
  assert.equal(runLabels([routed(A, "valiant"), routed(B, "ecmp")]), ["nscc+reps+rud · routing=valiant", "nscc+ecmp+rud · routing=ecmp"]);
  // One routing for all: nothing to say.
  assert.equal(runLabels([routed(A, "ecmp"), routed(B, "ecmp")]), ["nscc+reps+rud", "nscc+ecmp+rud"]);
  // The same modules: the routing tells them apart, and a sweep's routing tag is not said twice.
  const v = routed(A, "valiant", { "network.routing": "valiant" });
  const m = routed(A, "minimal", { "network.routing": "minimal" });
  assert.equal(runLabels([v, m]), ["nscc+reps+rud · routing=valiant", "nscc+reps+rud · routing=minimal"]);
  // The same modules, routing and seed both varying (review rev-d5: the label began " · routing=…"
  // with no modules): as for any tags, the routing and the tags.
  const grid = ["valiant", "ugal"].flatMap((routing) => [1, 2].map((seed) => routed(A, routing, { "network.routing": routing, seed })));
  assert.equal(runLabels(grid), ["routing=valiant seed=1", "routing=valiant seed=2", "routing=ugal seed=1", "routing=ugal seed=2"]);
  // --mean-over seed keeps two routings apart though nothing else differs (the scenario's own field, no tag).
  const runs = [routed(A, "valiant"), routed({ ...A, seed: 2 }, "valiant"), routed(A, "ugal"), routed({ ...A, seed: 2 }, "ugal")];
  const columns = meanOverColumns(runs, ["", "", "", ""], ["seed"]);
  assert.equal(columns, [[0, 1], [2, 3]]);
  assert.equal(meanOverLabels(runs, ["a", "b", "c", "d"], ["", "", "", ""], columns, ["seed"]), ["nscc+reps+rud · routing=valiant", "nscc+reps+rud · routing=ugal"]);
});

// Review rev-cli F2: the two runs of h1, one permutation of 100 KB flows and one of 1 MB, with
// no tag and seeds 1 and 2, were one column of `--mean-over seed`, FCT p50 the mean of 14.15 and
// 83.88 µs.
const scenario = (seed: number, bytes: number, load?: number): Scenario =>
  ({ name: "tiny", seed, topology: { kind: "fattree", tiers: 2, k: 4 }, transport: { cc: { name: "nscc" }, lb: { name: "reps" }, reliability: { name: "rud" } }, traffic: [{ kind: "permutation", bytes, ...(load === undefined ? {} : { load }) }] }) as Scenario;

test("--mean-over keeps runs of different scenarios (results.json input) apart, labels them by what differs and says so", () => {
  const run = (seed: number, bytes: number, tags: Results["tags"] = {}, load?: number): Results => ({ ...A, seed, tags, input: { ...scenario(seed, bytes, load), tags } as Scenario });
  const h1 = [run(1, 100_000), run(2, 1_000_000)];
  // Only the seed and the byte count differ: the seed is merged, the bytes are not.
  const columns = meanOverColumns(h1, ["", ""], ["seed"]);
  assert.equal(columns, [[0], [1]]);
  const labels = meanOverLabels(h1, ["a/results.json", "b/results.json"], ["", ""], columns, ["seed"]);
  assert.equal(labels, ["traffic[0].bytes=100000", "traffic[0].bytes=1000000"]);
  assert.is(
    inputSplitNote(h1, ["", ""], columns, labels, ["seed"]),
    "note: --mean-over seed: these columns differ in no tag but ran different scenarios (results.json input), so they are not averaged together: traffic[0].bytes=100000, traffic[0].bytes=1000000 (their scenarios differ in traffic[0].bytes)",
  );
  // Seeds 1, 2 and 3 of one scenario: one column, no note.
  const seeds = [run(1, 100_000), run(2, 100_000), run(3, 100_000)];
  assert.equal(meanOverColumns(seeds, ["", "", ""], ["seed"]), [[0, 1, 2]]);
  assert.is(inputSplitNote(seeds, ["", "", ""], [[0, 1, 2]], ["x"], ["seed"]), null);
  // A sweep's --set traffic[0].load=0.3,0.7 writes the path and the tag: merged over the tag,
  // the path's values no longer keep the runs apart (nor does the tag copied into input.tags).
  const loads = [0.3, 0.7].map((load) => run(1, 100_000, { "traffic[0].load": load }, load));
  assert.equal(meanOverColumns(loads, ["", ""], ["traffic[0].load"]), [[0, 1]]);
  assert.equal(meanOverColumns(loads, ["", ""], ["seed"]), [[0], [1]], "not merged over the load: a column per load");
  // Results written before `input` merge as before: nothing says what they ran.
  assert.equal(meanOverColumns([{ ...A, seed: 1 }, { ...A, seed: 2 }], ["", ""], ["seed"]), [[0, 1]]);
  // The command: both columns, the note on stderr.
  const dir = mkdtempSync(join(tmpdir(), "nicfw-compare-"));
  h1.forEach((r, i) => {
    mkdirSync(join(dir, `r${i}`));
    writeFileSync(join(dir, `r${i}`, "results.json"), JSON.stringify(r));
  });
  const out = compareOut([join(dir, "r0"), join(dir, "r1"), "--mean-over", "seed"]);
  assert.is(out.code, 0, out.err);
  assert.match(out.out.split("\n")[0], /^metric +traffic\[0\]\.bytes=100000 +traffic\[0\]\.bytes=1000000$/);
  assert.ok(out.err.includes("nicfw compare: note: --mean-over seed: these columns differ in no tag but ran different scenarios"), out.err);
});

test("runs named one by one come in order of their tags, numbers by value (a glob lists sweep points by hash)", () => {
  // points/<hash>/results.json as a shell glob sorts them: seeds 2, 10, 1, 9 under reps, then 1 under ecmp.
  const dir = mkdtempSync(join(tmpdir(), "nicfw-compare-"));
  const order: [string, string, number][] = [["0a1", "reps", 2], ["3f2", "reps", 10], ["7c4", "reps", 1], ["9e0", "reps", 9], ["d55", "ecmp", 1]];
  const files = order.map(([hash, lb, seed]) => {
    mkdirSync(join(dir, hash));
    writeFileSync(join(dir, hash, "results.json"), JSON.stringify({ ...A, modules: { ...A.modules, lb: [lb] }, seed, tags: { "transport.lb.name": lb, seed } }));
    return join(dir, hash, "results.json");
  });
  const out = compareOut([...files, "--csv"]);
  assert.is(out.code, 0, out.err);
  // The first tag first, text by its characters (ecmp < reps); then the seed as a number: 1 < 2
  // < 9 < 10, where as text "10" < "9".
  assert.is(out.out.split("\n")[0], "metric,ecmp · seed=1,reps · seed=1,reps · seed=2,reps · seed=9,reps · seed=10");
});

test("a note when the runs were written by different code (results.json nicfw), naming the runs of each", () => {
  const at = (commit: string | undefined, dirty = false): Results => ({ ...A, nicfw: { version: "0.1.0", ...(commit === undefined ? {} : { commit }), ...(dirty ? { dirty: true as const } : {}) } });
  const same = "2bb2b8589bc815ab1390768e05194669484d681b";
  assert.is(codeVersionNote([at(same), at(same)], ["a", "b"]), null);
  assert.is(
    codeVersionNote([at(same), at("78eb6ec08ed1d214b1bc489fad47955b2fff8a22", true), at(same), A], ["a", "b", "c", "d"]),
    "note: the runs come from 3 versions of nicfw (results.json nicfw), so their differences may be the code's: 0.1.0 commit 2bb2b8589bc8: a, c; 0.1.0 commit 78eb6ec08ed1 with uncommitted changes: b; no version recorded (written before 2026-12-06): d",
  );
  // A sweep resumed after a change: the command says so on stderr, by the points' directories.
  const dir = sweepDir([at(same), at(same, true)]);
  const out = compareOut([dir, "--labels", "x,y"]);
  assert.is(out.code, 0, out.err);
  assert.is(out.err, `nicfw compare: note: the runs come from 2 versions of nicfw (results.json nicfw), so their differences may be the code's: 0.1.0 commit 2bb2b8589bc8: ${join(dir, "points", "p0")}; 0.1.0 commit 2bb2b8589bc8 with uncommitted changes: ${join(dir, "points", "p1")}`);
});

test("complete flows not yet acknowledged at the end: a row under the last-ACK rows, which leave them out, and a note", () => {
  // Review rev-cli F5, e1's seed 2: 8 flows complete, 4 of them acknowledged (at 29 µs), so
  // "last ACK p99 29" is over 4 flows where "FCT p99 29.47" is over 8.
  const flow = (ackedUs: number | null, status: FlowResult["status"] = "complete"): FlowResult => ({
    flow: 0, src: 1, dst: 0, bytes: 300_000, startUs: 0, fctUs: status === "complete" ? 29.474 : null, idealUs: 29.375, slowdown: status === "complete" ? 1.003 : null, ackedUs,
    retransmissions: 0, timeouts: 0, status, cc: "nscc", lb: "ecmp", class: "all", group: "", spurious: 0, outOfOrder: 0, faultLosses: 0, goodputGbps: null, arrivedBytes: 0,
  });
  const acked = { all: st(29, 29, 29, 29, 4), bySize: [], byClass: {} };
  const hpcc = { all: st(1, 1, 1, 1, 4), bySize: [], byClass: {} };
  const withAcks = (flows: FlowResult[]): Results => ({ ...A, flows, metrics: { ...A.metrics, ackedUs: acked, slowdownHpcc: hpcc, lateAcks: { flows: 0, thresholdUs: 188, maxGapUs: 0 } } });
  // Four acknowledged, four not: 4. All acknowledged, and one open (not complete: its own row): 0.
  const half = withAcks([29, null, 29, null, 29, null, 29, null].map((x) => flow(x)));
  const all = withAcks([flow(29), flow(29), flow(null, "incomplete")]);
  const text = compareTable([half, all, B], ["half", "all", "old"]);
  const c = cells(text, / {2,}/);
  // B predates the last-ACK statistics: —, not 0.
  assert.equal(c.get("complete, unacknowledged at end"), ["4", "0", "—"]);
  const names = text.split("\n").map((l) => l.trim().split(/ {2,}/)[0]);
  assert.is(names[names.indexOf("late last ACKs") + 1], "complete, unacknowledged at end");
  assert.not.ok(cells(compareTable([all, B], ["all", "old"]), / {2,}/).has("complete, unacknowledged at end"), "only when some run has one");
  assert.is(
    unackedNote([half, all, B], ["half", "all", "old"]),
    'note: half: complete flows whose last ACK had not reached the sender when the run ended (row "complete, unacknowledged at end"). The last ACK and HPCC slowdown rows cover acknowledged flows only, fewer than the FCT rows',
  );
  assert.is(unackedNote([all, B], ["all", "old"]), null);
  // Under the table, after the open-flows note.
  const out = compareOut([sweepDir([half, all]), "--labels", "half,all"]);
  assert.equal(out.out.split("\n").slice(-2), ["", unackedNote([half, all], ["half", "all"])]);
});

test("tag keys in labels: the shortest ending no other key has, two parts at least (review rev-cli F9: params.initCwndBytes twice)", () => {
  const keys = ["transport.cc.params.initCwndBytes", "traffic[0].cc.params.initCwndBytes", "faults[0].probability", "seed"];
  // Two parts collide (params.initCwndBytes), three too (cc.params.initCwndBytes): all four.
  assert.equal([...shortTagKeys(keys, 2).values()], ["transport.cc.params.initCwndBytes", "traffic[0].cc.params.initCwndBytes", "faults[0].probability", "seed"]);
  assert.equal([...shortTagKeys(keys).values()], ["transport.cc.params.initCwndBytes", "traffic[0].cc.params.initCwndBytes", "probability", "seed"]);
  // A key that is another's ending stays whole; the other keeps one part more.
  assert.equal([...shortTagKeys(["a.b", "x.a.b"]).values()], ["a.b", "x.a.b"]);
  const run = (a: number, b: number): Results => ({ ...A, tags: { "transport.cc.params.initCwndBytes": a, "traffic[0].cc.params.initCwndBytes": b } });
  assert.equal(runLabels([run(1, 2), run(2, 1)]), [
    "transport.cc.params.initCwndBytes=1 traffic[0].cc.params.initCwndBytes=2",
    "transport.cc.params.initCwndBytes=2 traffic[0].cc.params.initCwndBytes=1",
  ]);
});


test("compare names the file it cannot read: not JSON, a scenario, a missing path; --md with --csv is refused (audit 2026-12-07)", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-cmp-bad-"));
  writeFileSync(join(dir, "flows.csv"), "flow,src,dst\n0,1,2\n");
  writeFileSync(join(dir, "s.json"), JSON.stringify({ topology: { kind: "fattree" }, traffic: [] }));
  const good = join(dir, "good.json");
  writeFileSync(good, JSON.stringify(fake("reps", { completed: 3, fct: st(1, 2, 3, 4), slowdown: st(1, 1, 1, 1), byClass: {}, goodput: 1, drops: 0, trims: 0, retx: [0, 0, 0], ooo: 0, ecn: 0, sim: 5 })));
  const csv = compareOut([good, join(dir, "flows.csv")]);
  assert.is(csv.code, 2);
  assert.match(csv.err, `${join(dir, "flows.csv")}: not a results.json (`);
  const scen = compareOut([join(dir, "s.json")]);
  assert.match(scen.err, `${join(dir, "s.json")}: a scenario, not a results.json`);
  const gone = compareOut([good, join(dir, "nothing")]);
  assert.equal([gone.code, gone.err.split("\n")[0]], [2, `nicfw compare: ${join(dir, "nothing")}: no such file or directory`]);
  const both = compareOut([good, "--md", "--csv"]);
  assert.equal([both.code, both.out], [2, ""]);
  assert.match(both.err, "--md or --csv, not both");
});

test.run();
