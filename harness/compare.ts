// `nicfw compare <results.json …> [--md | --csv]`: one table of several runs side by side — the
// same scenario under different congestion control, load balancing or reliability — with the
// metrics the papers compare schemes by (SMaRTT Fig. 13–14, Spritz Fig. 6–8 and Table III, DCP
// Fig. 13–17, Reflex Fig. 6–7, DACK Fig. 4–7). A column per run, a row per metric.

import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Stats } from "./metrics/metrics";
import type { Results } from "./metrics/results";

export const COMPARE_USAGE = `usage: nicfw compare <results.json | run directory | sweep directory> … [--md | --csv] [--labels a,b,…]
  prints one table, a column per run (labelled by what differs: modules; the modules that differ
  and the tags, where the modules differ but do not tell the runs apart; tags; or the file);
  a sweep's output directory stands for its points with results (those without are named on stderr)
  --md          a Markdown table
  --csv         comma-separated values
  --labels a,…  the columns' names, one per run, instead of the labels told apart above`;

/** The tags that name a run's modules, as a sweep over `--set transport.cc.name=…` writes them. */
const MODULE_TAGS = ["transport.cc.name", "transport.lb.name", "transport.reliability.name"];

/**
 * Labels that tell the runs apart: their modules when those do; else, when the modules differ
 * between some runs, the modules that differ (cc, lb, reliability, those that vary, joined by +)
 * before the tags, which leave out a module's tag that the prefix already says ("dcp ·
 * faults[0].probability=0.001" beside "rack · faults[0].trim=false faults[0].probability=0.001"),
 * so that two sweeps of different modules over the same values never share a label; else their
 * tags; then the seed, else their files.
 */
export function runLabels(results: Results[], files?: string[]): string[] {
  const parts = results.map((r) => [r.modules.cc.join("/"), r.modules.lb.join("/"), r.modules.reliability]);
  const modules = parts.map((p) => p.join("+"));
  const tagList = (r: Results, skip: Set<string>) =>
    Object.entries(r.tags ?? {})
      .filter(([k]) => !skip.has(k))
      .map(([k, v]) => `${k.split(".").slice(-2).join(".")}=${v}`)
      .join(" ");
  const tags = results.map((r) => tagList(r, new Set()));
  const unique = (l: string[]) => new Set(l).size === l.length && l.every((x) => x !== "");
  if (unique(modules)) return modules;
  let both = modules.map((m, i) => `${m} ${tags[i]}`.trim());
  if (new Set(modules).size > 1) {
    const varying = [0, 1, 2].filter((k) => new Set(parts.map((p) => p[k])).size > 1);
    both = results.map((r, i) => {
      const shown = varying.map((k) => parts[i][k]);
      const said = new Set(varying.filter((k) => String(r.tags?.[MODULE_TAGS[k]]) === parts[i][k]).map((k) => MODULE_TAGS[k]));
      const rest = tagList(r, said);
      return rest === "" ? shown.join("+") : `${shown.join("+")} · ${rest}`;
    });
    if (unique(both)) return both;
  } else if (unique(tags)) return tags;
  const seeds = both.map((b, i) => `${b} seed ${results[i].seed}`);
  if (unique(seeds)) return seeds;
  if (!files) return results.map((_, i) => `run ${i + 1}`);
  // The run directory (`a/results.json` and `a` are both "a"), else the file's last two parts.
  return files.map((f, i) => {
    const p = f.replace(/[\\/]+$/, "");
    const name = /(^|[\\/])results\.json$/.test(p) ? dirname(p) : p.endsWith(".json") ? `${basename(dirname(p))}/${basename(p)}` : p;
    return name === "." ? `run ${i + 1}` : name.replace(/^\.[\\/]/, "");
  });
}

type Row = [string, (r: Results) => string | number | null];

const n = (x: number | null | undefined, d = 2): string | null => (x === null || x === undefined ? null : Number.isInteger(x) ? String(x) : x.toFixed(d));

function spread(s: Stats): string | null {
  return s.max === null || s.min === null || s.min === undefined ? null : n(s.max - s.min);
}

function rows(results: Results[]): Row[] {
  const out: Row[] = [
    ["flows complete", (r) => `${r.completed}/${r.flowsTotal}`],
    ["FCT p50 (µs)", (r) => n(r.metrics.fctUs.all.p50)],
    ["FCT p95 (µs)", (r) => n(r.metrics.fctUs.all.p95)],
    ["FCT p99 (µs)", (r) => n(r.metrics.fctUs.all.p99)],
    ["FCT max (µs)", (r) => n(r.metrics.fctUs.all.max)],
  ];
  // Results files written before 2026-12-02 have no minimum.
  if (results.some((r) => r.metrics.fctUs.all.min !== undefined)) {
    // SMaRTT Fig. 1's second number: the time between the fastest and the slowest flow.
    out.push(["FCT min (µs)", (r) => n(r.metrics.fctUs.all.min)], ["FCT max − min (µs)", (r) => spread(r.metrics.fctUs.all)]);
  }
  out.push(["slowdown p50", (r) => n(r.metrics.slowdown.all.p50, 3)], ["slowdown p99", (r) => n(r.metrics.slowdown.all.p99, 3)]);
  const classes = [...new Set(results.flatMap((r) => Object.keys(r.metrics.fctUs.byClass)))].sort();
  if (classes.length > 1) {
    for (const c of classes) {
      out.push([`  ${c}: FCT p99 (µs)`, (r) => n(r.metrics.fctUs.byClass[c]?.p99)]);
      out.push([`  ${c}: slowdown p99`, (r) => n(r.metrics.slowdown.byClass[c]?.p99, 3)]);
    }
  }
  const sizes = [...new Set(results.flatMap((r) => r.metrics.fctUs.bySize.map((s) => s.label)))];
  if (sizes.length > 1) for (const s of sizes) out.push([`  ${s}: slowdown p99`, (r) => n(r.metrics.slowdown.bySize.find((x) => x.label === s)?.p99, 3)]);
  // The time to the last ACK and HPCC's slowdown: the metric of HPCC's ns-3, the simulator of
  // DCP's evaluation (Fig. 13: P50 and P95 FCT; Fig. 16: P50 and P99 slowdown), which counts
  // the wait of a sender whose last ACK was lost, where the FCT above ends at the receiver.
  // Results files written before 2026-12-05 have none.
  if (results.some((r) => r.metrics.slowdownHpcc !== undefined)) {
    out.push(
      ["last ACK p50 (µs)", (r) => n(r.metrics.ackedUs?.all.p50)],
      ["last ACK p95 (µs)", (r) => n(r.metrics.ackedUs?.all.p95)],
      ["last ACK p99 (µs)", (r) => n(r.metrics.ackedUs?.all.p99)],
      ["HPCC slowdown p50", (r) => n(r.metrics.slowdownHpcc?.all.p50, 3)],
      ["HPCC slowdown p95", (r) => n(r.metrics.slowdownHpcc?.all.p95, 3)],
      ["HPCC slowdown p99", (r) => n(r.metrics.slowdownHpcc?.all.p99, 3)],
    );
    if (sizes.length > 1) for (const s of sizes) out.push([`  ${s}: HPCC slowdown p99`, (r) => n(r.metrics.slowdownHpcc?.bySize.find((x) => x.label === s)?.p99, 3)]);
    // metrics.ts lateAcks: acknowledged more than the network's RTO after the last byte arrived.
    out.push(["late last ACKs", (r) => r.metrics.lateAcks?.flows ?? null]);
  }
  if (results.some((r) => r.metrics.jobs.length > 0)) {
    out.push(["JCT max (µs)", (r) => (r.metrics.jobs.length && r.metrics.jobs.every((j) => j.jctUs !== null) ? n(Math.max(...r.metrics.jobs.map((j) => j.jctUs as number))) : null)]);
    out.push(["JCT mean (µs)", (r) => (r.metrics.jobs.length && r.metrics.jobs.every((j) => j.jctUs !== null) ? n(r.metrics.jobs.reduce((a, j) => a + (j.jctUs as number), 0) / r.metrics.jobs.length) : null)]);
  }
  out.push(
    ["goodput (Gb/s)", (r) => n(r.metrics.goodput.totalGbps, 1)],
    ["drops", (r) => r.metrics.drops.total],
    ["trims", (r) => r.metrics.trims],
    ["retransmissions", (r) => r.metrics.retransmissions.total],
    ["  spurious", (r) => r.metrics.retransmissions.spurious],
    ["RTOs", (r) => r.metrics.retransmissions.timeouts],
    ["out of order (%)", (r) => n(r.metrics.outOfOrder.percent)],
    ["ECN marks", (r) => r.totals.ecnMarks],
  );
  if (results.some((r) => r.metrics.pfc.pauseFrames > 0)) {
    out.push(["PFC pauses", (r) => r.metrics.pfc.pauseFrames], ["PFC paused (µs)", (r) => n(r.metrics.pfc.pausedUs, 1)]);
    // Older results.json files have no watchdog count.
    if (results.some((r) => (r.metrics.pfc.watchdogStorms ?? 0) > 0)) out.push(["PFC watchdog storms", (r) => r.metrics.pfc.watchdogStorms ?? 0]);
    if (results.some((r) => (r.metrics.drops.watchdog ?? 0) > 0)) out.push(["PFC watchdog drops", (r) => r.metrics.drops.watchdog ?? 0]);
  }
  if (results.some((r) => r.metrics.controlPlane.hoSent > 0)) out.push(["HO loss ratio", (r) => n(r.metrics.controlPlane.hoLossRatio, 4)]);
  // Results files written before 2026-12-02 have no shared-buffer metrics.
  if (results.some((r) => (r.metrics.switchBuffer?.peakBytes ?? 0) > 0)) {
    out.push(
      ["shared buffer: refused", (r) => r.metrics.switchBuffer?.refusals ?? null],
      ["  fullest (kB)", (r) => (r.metrics.switchBuffer ? n(r.metrics.switchBuffer.peakBytes / 1000, 1) : null)],
    );
  }
  if (results.some((r) => r.reflex !== undefined && r.reflex.pseudoAcks + r.reflex.controlledPackets > 0)) {
    out.push(
      ["Reflex pseudo-ACKs", (r) => r.reflex?.pseudoAcks ?? null],
      ["  RTT_src mean (µs)", (r) => n(r.reflex?.srcRttMeanUs ?? undefined)],
      ["NDT controlled packets", (r) => r.reflex?.controlledPackets ?? null],
      ["NDT pauses", (r) => r.reflex?.pauses ?? null],
    );
  }
  if (results.some((r) => r.dack !== undefined)) {
    out.push(
      ["  at the target", (r) => r.metrics.drops.receiver],
      ["target IACKs", (r) => r.dack?.iacks ?? null],
      ["target DACKs", (r) => r.dack?.dacks ?? null],
      ["target NACKs", (r) => r.dack?.nacks ?? null],
    );
  }
  if (results.some((r) => r.metrics.faults.length > 0)) out.push(["lost to faults", (r) => r.metrics.drops.fault]);
  out.push(["simulated (µs)", (r) => n(r.simulatedUs, 1)]);
  // A run cut off by run.maxEvents has figures of its finished flows only.
  if (results.some((r) => r.eventBudgetSpent)) out.push(["stopped by run.maxEvents", (r) => (r.eventBudgetSpent ? "yes" : "no")]);
  out.push(["integrity", (r) => (r.integrity.ok ? "ok" : "FAILED")]);
  return out;
}

export function compareTable(results: Results[], labels: string[], format: "text" | "md" | "csv" = "text"): string {
  const rs = rows(results);
  const cells = rs.map(([name, get]) => [name, ...results.map((r) => {
    const v = get(r);
    return v === null ? "—" : String(v);
  })]);
  const header = ["metric", ...labels];
  if (format === "csv") {
    const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    return [header, ...cells].map((row) => row.map((c) => q(c.trim())).join(",")).join("\n");
  }
  if (format === "md") {
    const esc = (s: string) => s.replace(/\|/g, "\\|");
    return [`| ${header.map(esc).join(" | ")} |`, `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`, ...cells.map((row) => `| ${row.map(esc).join(" | ")} |`)].join("\n");
  }
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const fmt = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(fmt)].join("\n");
}

/** A results.json, or the one in a run directory. */
export function readResults(path: string): Results {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EISDIR") text = readFileSync(`${path}/results.json`, "utf8");
    else throw e;
  }
  const r = JSON.parse(text) as Results;
  if (typeof r.format !== "string" || !r.format.startsWith("nicfw-results/") || !r.metrics) throw new Error(`${path}: not a nicfw results.json with metrics (run it again with this version)`);
  return r;
}

/**
 * The runs named on a command line: results.json files, run directories, and sweep output
 * directories (`nicfw sweep --out DIR`), which stand for their points with results, in grid order.
 * `missing` names each sweep point left out for want of results: its values and its row's status.
 */
export function readRuns(paths: string[]): { results: Results[]; files: string[]; missing: string[] } {
  const results: Results[] = [];
  const files: string[] = [];
  const missing: string[] = [];
  for (const p of paths) {
    const sweep = join(p, "sweep.json");
    if (statSync(p).isDirectory() && !existsSync(join(p, "results.json")) && existsSync(sweep)) {
      const rows = JSON.parse(readFileSync(sweep, "utf8")) as Record<string, unknown>[];
      const found: string[] = [];
      for (const r of rows) {
        const f = join(p, "points", String(r.point), "results.json");
        if (existsSync(f)) {
          found.push(f);
          continue;
        }
        // A row's values are its keys before `status` (sweep.ts row).
        const keys = Object.keys(r);
        const at = keys.indexOf("status");
        const values = keys.slice(0, at < 0 ? 0 : at).map((k) => `${k}=${typeof r[k] === "string" ? r[k] : JSON.stringify(r[k])}`);
        missing.push(`${p}: point ${r.point}${values.length > 0 ? ` (${values.join(" ")})` : ""}: ${String(r.status ?? "no results")}`);
      }
      if (found.length === 0) throw new Error(`${p}: no point of this sweep has results\n  ${missing.join("\n  ")}`);
      for (const f of found) results.push(readResults(f));
      files.push(...found);
    } else {
      results.push(readResults(p));
      files.push(p);
    }
  }
  return { results, files, missing };
}

export interface RunsArgs {
  results: Results[];
  /** --labels, else runLabels. */
  labels: string[];
  /** The paths as given (a sweep directory once). */
  paths: string[];
  /** The command's own options given: flags map to "", valued options to their value. */
  options: Map<string, string>;
}

/**
 * The command line of a command over runs (`nicfw compare`, `nicfw plot`): paths, `--labels
 * a,b,…` and the command's own options (`valued` ones take the next argument). Null, after
 * saying why on stderr, when it is wrong or a run cannot be read.
 */
export function parseRunsArgs(command: string, usage: string, argv: string[], flags: string[], valued: string[]): RunsArgs | null {
  const paths: string[] = [];
  const options = new Map<string, string>();
  let labels: string[] | undefined;
  const fail = (why: string) => {
    console.error(`nicfw ${command}: ${why}`);
    return null;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (flags.includes(a)) options.set(a, "");
    else if (a === "--labels" || valued.includes(a)) {
      const v = argv[++i];
      if (!v) return fail(`${a} needs a value\n${usage}`);
      if (a === "--labels") labels = v.split(",");
      else options.set(a, v);
    } else if (a.startsWith("-")) return fail(`unknown option ${a}\n${usage}`);
    else paths.push(a);
  }
  if (paths.length === 0) return fail(`no run given\n${usage}`);
  let runs: ReturnType<typeof readRuns>;
  try {
    runs = readRuns(paths);
  } catch (e) {
    return fail((e as Error).message);
  }
  // A failed point would otherwise be a column that is simply not there.
  if (runs.missing.length > 0) console.error(`nicfw ${command}: note: ${runs.missing.length} sweep point${runs.missing.length > 1 ? "s" : ""} without results left out:\n  ${runs.missing.join("\n  ")}`);
  if (labels && labels.length !== runs.results.length) return fail(`${labels.length} labels for ${runs.results.length} runs`);
  return { results: runs.results, labels: labels ?? runLabels(runs.results, runs.files), paths, options };
}

export function compareCommand(argv: string[]): number {
  const a = parseRunsArgs("compare", COMPARE_USAGE, argv, ["--md", "--csv"], []);
  if (!a) return 2;
  const format = a.options.has("--csv") ? "csv" : a.options.has("--md") ? "md" : "text";
  const names = new Set(a.results.map((r) => r.scenario));
  if (names.size > 1 && format === "text") console.error(`nicfw compare: note: the runs come from ${names.size} different scenarios`);
  console.log(compareTable(a.results, a.labels, format));
  return 0;
}
