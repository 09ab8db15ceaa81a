// `nicfw run [scenario] [--out DIR] [--seed N] [--quiet]`: runs a scenario (or the embedded
// default), prints the summary, writes DIR/results.json and DIR/flows.csv, and fails (exit 1)
// when the run's integrity check fails. A run cut off by run.maxEvents is not a failure (it is a
// bound the scenario set, as run.endUs is), but its summary says so in a line of its own. A
// progress bar goes to stderr on a terminal only.

import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { attachFaultCost, budgetLine, collect, flowsCsv, groupThousands, type Results, summary } from "./metrics/results";
import { build, sampleIntervalWarning } from "./scenario/build";
import { DEFAULT_SCENARIO } from "./scenario/default";
import { isRefusal, loadScenario, ScenarioError } from "./scenario/load";
import type { Scenario } from "./scenario/schema";

export const RUN_USAGE = `usage: nicfw run [scenario.yaml|.json] [--out DIR] [--seed N] [--quiet] [--stats] [--plots]
  no scenario: the embedded default (8:1 incast of 2 MiB, 16-host 3-tier fat tree, NSCC + REPS + trimming)
  --out DIR      where results.json and flows.csv go (default: nicfw-out)
  --seed N       overrides the scenario's seed
  -q, --quiet    no summary: print only the files written (and the stop, when run.maxEvents cut the run off)
  --stats        also print one line "stats {json}": wall and CPU seconds, peak RSS (kB), transmissions,
                 events, simulated µs, flows completed and total, integrity (what bench/fabric reads)
  --plots        also write SVG and PNG charts (FCT CDF, window/rate and queues over time) into DIR;
                 samples the first flows and the busiest receivers' ports if the scenario samples nothing`;

interface RunArgs {
  file?: string;
  out: string;
  seed?: number;
  quiet: boolean;
  /** Print one `stats {json}` line (wall time, max RSS, packets per second) for bench/fabric. */
  stats: boolean;
  plots: boolean;
}

export const SEED_ARG_ERROR = "--seed needs an integer in [0, 2^32)";

/** A --seed value, or null. Decimal digits only: Number("") is 0 and Number("0x10") 16 (audit, 2026-12-07: --seed "" ran seed 0). */
export function seedArg(text: string | undefined): number | null {
  const v = text !== undefined && /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(v) && v >= 0 && v < 2 ** 32 ? v : null;
}

function parseArgs(argv: string[]): RunArgs | string {
  const a: RunArgs = { out: "nicfw-out", quiet: false, stats: false, plots: false };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === "--out") {
      if (argv[i + 1] === undefined) return "--out needs a directory";
      a.out = argv[++i];
    } else if (x === "--seed") {
      const v = seedArg(argv[++i]);
      if (v === null) return SEED_ARG_ERROR;
      a.seed = v;
    } else if (x === "--quiet" || x === "-q") a.quiet = true;
    else if (x === "--stats") a.stats = true;
    else if (x === "--plots") a.plots = true;
    else if (x.startsWith("-")) return `unknown option ${x}`;
    else if (a.file === undefined) a.file = x;
    else return `one scenario at a time (got ${a.file} and ${x})`;
  }
  return a;
}

export interface RunOptions {
  seed?: number;
  baseDir?: string;
  progress?: (done: number, total: number, simUs: number) => void;
  /** Sample the first flows and busiest receivers' ports when the scenario samples nothing (for plots). */
  defaultSample?: boolean;
}

/**
 * Runs a scenario in-process; returns the results (for tests and the command). A scenario with
 * faults is also run without them (unless run.faultBaseline is false) and the results say what
 * the faults cost.
 */
export function runScenario(s: Scenario, opts: RunOptions = {}): Results {
  const b = build(s, { seed: opts.seed, baseDir: opts.baseDir, defaultSample: opts.defaultSample });
  const p = opts.progress;
  b.fabric.run(p ? (f) => p(f.flowsDoneTx, f.flows, f.now / 1e6) : undefined);
  // Known only once the run is over: how far the sample series were thinned.
  const thinned = sampleIntervalWarning(b);
  if (thinned !== null) b.warnings.push(thinned);
  const r = collect(b);
  if (b.faults.length > 0 && s.run?.faultBaseline !== false) {
    const base = build(s, { seed: opts.seed, baseDir: opts.baseDir, noFaults: true });
    base.fabric.run();
    const baseline = collect(base);
    attachFaultCost(r, baseline);
    // The baseline is a run of this scenario too: what it shows unsound fails this one.
    if (!baseline.integrity.ok) r.integrity = { ok: false, violations: [...r.integrity.violations, ...baseline.integrity.violations.map((v) => `fault baseline: ${v}`)] };
  }
  return r;
}

function progressBar(): { update: (done: number, total: number, simUs: number) => void; end: () => void } {
  if (!process.stderr.isTTY) return { update: () => {}, end: () => {} };
  let last = 0;
  const started = Date.now();
  const draw = (done: number, total: number, simUs: number) => {
    const width = 30;
    const fill = Math.round((done / Math.max(1, total)) * width);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(`\r[${"#".repeat(fill)}${"-".repeat(width - fill)}] ${done}/${total} flows  ${simUs.toFixed(0)} µs simulated  ${secs} s`);
  };
  return {
    update(done, total, simUs) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      draw(done, total, simUs);
    },
    end() {
      process.stderr.write("\r\x1b[K");
    },
  };
}

export async function runCommand(argv: string[]): Promise<number> {
  const a = parseArgs(argv);
  if (typeof a === "string") {
    console.error(`nicfw run: ${a}\n${RUN_USAGE}`);
    return 2;
  }
  let scenario: Scenario;
  let baseDir = process.cwd();
  try {
    if (a.file) {
      scenario = loadScenario(a.file);
      baseDir = dirname(resolve(a.file));
    } else scenario = DEFAULT_SCENARIO;
  } catch (e) {
    console.error(e instanceof ScenarioError ? e.message : `nicfw run: ${(e as Error).message}`);
    return 2;
  }
  // The output directory before the run: one that cannot be made failed only after the whole
  // run, with a stack trace (audit, 2026-12-07: --out /dev/null/x).
  try {
    mkdirSync(a.out, { recursive: true });
  } catch (e) {
    console.error(`nicfw run: --out ${a.out}: ${(e as Error).message}`);
    return 2;
  }
  const bar = progressBar();
  const started = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  let r: Results;
  try {
    r = runScenario(scenario, { seed: a.seed, baseDir, progress: bar.update, defaultSample: a.plots });
  } catch (e) {
    bar.end();
    // Errors found while building name the file, as the schema's do.
    if (e instanceof ScenarioError) console.error(a.file ? new ScenarioError(a.file, e.errors).message : e.message);
    // A bug (a TypeError, a broken invariant) shows where it happened.
    else console.error(`nicfw run: ${isRefusal(e) ? e.message : ((e as Error | undefined)?.stack ?? String(e))}`);
    return e instanceof ScenarioError ? 2 : 1;
  }
  bar.end();
  for (const w of r.warnings ?? []) console.error(`nicfw run: warning: ${w}`);
  const wallS = Number(process.hrtime.bigint() - started) / 1e9;
  mkdirSync(a.out, { recursive: true });
  // results.json last: a sweep takes a point with one as done (a job killed in between reruns).
  writeFileSync(join(a.out, "flows.csv"), flowsCsv(r));
  writeFileSync(join(a.out, "results.json"), `${JSON.stringify(r, null, 1)}\n`);
  if (!a.quiet) console.log(summary(r));
  else {
    const budget = budgetLine(r);
    if (budget !== null) console.log(budget);
  }
  console.log(`wrote ${join(a.out, "results.json")} and ${join(a.out, "flows.csv")} (${wallS.toFixed(2)} s wall, ${groupThousands(Math.round(r.totals.transmissions / wallS))} packets/s)`);
  if (a.plots) {
    const plot = await import("./plot/plot");
    try {
      const files = await plot.plotResults([r], a.out);
      console.log(`wrote ${files.map((f) => basename(f)).join(", ")} in ${a.out}`);
    } catch (e) {
      if (!(e instanceof plot.ChartPackageMissing)) throw e;
      console.error(`${e.message}\nthen: nicfw plot ${a.out}`);
      return 1;
    }
  }
  if (a.stats) {
    const cpu = process.cpuUsage(cpu0);
    const stats = {
      simWallS: wallS,
      cpuS: (cpu.user + cpu.system) / 1e6,
      maxRssKb: process.resourceUsage().maxRSS,
      transmissions: r.totals.transmissions,
      events: r.totals.events,
      simulatedUs: r.simulatedUs,
      completed: r.completed,
      flows: r.flowsTotal,
      integrity: r.integrity.ok,
    };
    console.log(`stats ${JSON.stringify(stats)}`);
  }
  return r.integrity.ok ? 0 : 1;
}
