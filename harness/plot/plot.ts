// `nicfw plot` and `nicfw run --plots`: charts of results.json files as SVG and PNG, the way the
// papers draw them — FCT CDFs per flow class or per scheme (Spritz Fig. 6, DCP Fig. 14b),
// window / rate over time of chosen flows (SMaRTT Fig. 11), queue occupancy over time at chosen
// ports (SMaRTT Fig. 15), and bar charts of several runs side by side (SMaRTT Fig. 14, DCP Fig.
// 13). Charts are vega-lite specs compiled by vega-lite, rendered to SVG by vega's headless
// view (renderer "none": no browser, no canvas), and rasterised to PNG by resvg
// (notes/toolchain.md §7). All three are loaded only when a chart is drawn, and all three are
// optional dependencies (35 MB that a user of the library alone skips with
// `npm i --omit=optional nicfw`), so a missing one is reported by name, not by a stack trace.

import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { jctMax, type Results } from "../metrics/results";
import { meanOfPresent, meanOverOption, openFlowsNote, parseRunsArgs, runLabels, shortTagKeys } from "../compare";
import { optionalDependencies } from "../../package.json";

type Spec = Record<string, unknown>;

const WIDTH = 520;
const HEIGHT = 300;

/** A chart package that is not installed; its message names it and the command that installs all three. */
export class ChartPackageMissing extends Error {}

async function chartPackage<T>(name: keyof typeof optionalDependencies, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw e;
    const all = Object.entries(optionalDependencies).map(([n, range]) => `"${n}@${range}"`);
    throw new ChartPackageMissing(
      `nicfw: charts need the package ${name}, which is not installed (${(e as Error).message.split("\n")[0]}).\n` +
        `vega, vega-lite and @resvg/resvg-js are optional dependencies of nicfw, left out by --omit=optional; ` +
        `install them with: npm install ${all.join(" ")}`,
    );
  }
}

let loaded: Promise<{ vega: typeof import("vega"); vl: typeof import("vega-lite"); resvg: typeof import("@resvg/resvg-js") }> | undefined;

/** The three chart packages, or a ChartPackageMissing naming the first one absent. */
function chartPackages(): NonNullable<typeof loaded> {
  loaded ??= (async () => ({
    vega: await chartPackage("vega", () => import("vega")),
    vl: await chartPackage("vega-lite", () => import("vega-lite")),
    resvg: await chartPackage("@resvg/resvg-js", () => import("@resvg/resvg-js")),
  }))();
  return loaded;
}

/** An SVG string and a PNG buffer for one vega-lite spec. */
export async function render(spec: Spec): Promise<{ svg: string; png: Buffer }> {
  const { vega, vl, resvg } = await chartPackages();
  const { Resvg } = resvg;
  const compiled = vl.compile(spec as never).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  const png = new Resvg(svg, { background: "white", fitTo: { mode: "zoom", value: 2 }, font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" } }).render().asPng();
  return { svg, png };
}

const base = (title: string): Spec => ({
  $schema: "https://vega.github.io/schema/vega-lite/v6.json",
  title,
  width: WIDTH,
  height: HEIGHT,
  config: { font: "DejaVu Sans, Arial, sans-serif", view: { stroke: "#ccc" } },
});

/**
 * A CDF's series: the completion times of its finished flows, and how many flows it has in all
 * (default: those values). The fraction is of all the flows, so a line whose flows did not all
 * finish stops below 1: normalised by the finished ones, a run that completed half its flows
 * would reach 1 first and look the fastest.
 */
export interface CdfSeries {
  name: string;
  values: number[];
  flows?: number;
}

/** CDF points (value, cumulative fraction of the series' flows) of each series. */
function cdfRows(series: CdfSeries[]): { x: number; y: number; series: string }[] {
  const rows: { x: number; y: number; series: string }[] = [];
  for (const s of series) {
    const v = [...s.values].sort((a, b) => a - b);
    const n = Math.max(v.length, s.flows ?? 0);
    v.forEach((x, i) => rows.push({ x, y: (i + 1) / n, series: s.name }));
  }
  return rows;
}

/**
 * Longest label shown whole, in characters: vega lays the legend out (inside the 520 px plot) at
 * labelPx's width, 36 characters 296 px, which leaves the left of the plot clear.
 */
const LABEL_CHARS = 36;

/**
 * A labelLimit (px) that no label of `names` reaches, so that vega, which cuts a label at its end
 * and puts "…" there, cuts none: without a canvas (vega's headless view, node) vega measures a
 * text as 0.8 × characters × font size (vega-scenegraph textMetrics.estimateWidth), 8 px a
 * character at the legend's and axis' 10 px, and cuts it unless narrower than the limit.
 */
const labelPx = (names: readonly string[]): number => Math.max(160, 8 * Math.max(0, ...names.map((n) => n.length)) + 8);

/** A tag path before `=`: `transport.ackEveryBytes=`, `faults[0].probability=`. */
const TAG_KEY = /((?:[A-Za-z_$][\w$]*(?:\[\d+\])*\.)+)([A-Za-z_$][\w$]*(?:\[\d+\])*)=/g;

/** A tag of one part before `=` (`seed=`), which a longer path cut to its end could read as. */
const BARE_KEY = /(?<![\w$.\]])([A-Za-z_$][\w$]*(?:\[\d+\])*)=/g;

/**
 * Chart labels of runs (legend entries, bar names) cut to what tells them apart, since a long one
 * is cut at its end, where compare's labels put the value that differs (`ops ·
 * transport.ac…`: review). A tag's path goes down to the shortest ending no other path of these
 * labels has (compare.ts shortTagKeys: `ackEveryBytes=0`; two parts for a bare `name`, `profile`
 * or `kind`: `lb.name=reps`; two `traffic[i].bytes` keep their index); a label still longer than
 * LABEL_CHARS loses its middle, keeping a third before "…" and two thirds after, where the
 * values are. Each step is taken only if the labels stay distinct.
 */
export function chartLabels(names: readonly string[], maxChars = LABEL_CHARS): string[] {
  const distinct = (l: string[]) => new Set(l).size === new Set(names).size;
  const keys = names.flatMap((n) => [...[...n.matchAll(TAG_KEY)].map((m) => m[1] + m[2]), ...[...n.matchAll(BARE_KEY)].map((m) => m[1])]);
  const ends = shortTagKeys(keys);
  const short = names.map((n) => n.replace(TAG_KEY, (all, prefix: string, last: string) => `${ends.get(prefix + last) ?? all.slice(0, -1)}=`));
  const out = distinct(short) ? short : [...names];
  const cut = out.map((n) => {
    if (n.length <= maxChars) return n;
    const tail = Math.ceil(((maxChars - 1) * 2) / 3);
    return `${n.slice(0, maxChars - 1 - tail)}…${n.slice(n.length - tail)}`;
  });
  return distinct(cut) ? cut : out;
}

export function fctCdfSpec(series: CdfSeries[], title: string): Spec {
  const rows = cdfRows(series);
  const xs = rows.map((r) => r.x).filter((x) => x > 0);
  const log = xs.length > 0 && Math.max(...xs) / Math.min(...xs) > 50;
  return {
    ...base(title),
    data: { values: rows },
    mark: { type: "line", interpolate: "step-after", strokeWidth: 2 },
    encoding: {
      x: { field: "x", type: "quantitative", title: "flow completion time (µs)", scale: log ? { type: "log" } : { zero: false } },
      y: { field: "y", type: "quantitative", title: "fraction of flows", scale: { domain: [0, 1] } },
      color: {
        field: "series",
        type: "nominal",
        title: null,
        // The series in the caller's order (compare's columns), as the bars take them: left to
        // vega, the colours went by name, so a run drawn blue in one chart was orange in the
        // other (audit 2026-12-07), and "seed=10" came before "seed=2" in the legend.
        sort: null,
        scale: { ...palette(series.length), domain: series.map((x) => x.name) },
        // Beside the plot once the legend would cover the curves' upper ends.
        legend: series.length > 1 ? { orient: series.length > LEGEND_INSIDE ? "right" : "bottom-right", labelLimit: labelPx(series.map((x) => x.name)) } : null,
      },
    },
  };
}

/** Most legend entries drawn inside the plot's corner. */
const LEGEND_INSIDE = 6;

/** vega-lite's default, tableau10, repeats from the 11th series on (two runs, one colour); tableau20 then. */
function palette(n: number): { scheme: string } {
  return { scheme: n > 10 ? "tableau20" : "tableau10" };
}

export function timeSpec(rows: { t: number; v: number; series: string }[], title: string, yTitle: string): Spec {
  return {
    ...base(title),
    data: { values: rows },
    mark: { type: "line", strokeWidth: 1.5 },
    encoding: {
      x: { field: "t", type: "quantitative", title: "time (µs)" },
      y: { field: "v", type: "quantitative", title: yTitle },
      color: { field: "series", type: "nominal", title: null, legend: { orient: "top-right", labelLimit: 320 } },
    },
  };
}

/** A bar: one run's value of a metric, or a column's mean over its runs with their least and greatest (`--mean-over`). */
export interface BarRow {
  run: string;
  metric: string;
  value: number | null;
  min?: number | null;
  max?: number | null;
  /** A mean over only some of its column's runs, the others without a value: "2 of 3 runs", drawn above the bar. */
  of?: string;
}

/**
 * One small bar chart per metric, the runs side by side in each; where rows carry a min and max
 * (means over several runs), a whisker from the least to the greatest.
 */
export function barsSpec(rows: BarRow[], title: string): Spec {
  // The columns in the rows' order, compare's, in every panel and colour: from the data alone,
  // vega orders them as it first meets them, so a run without the first panel's value (no flow
  // complete) moved to the end and took another colour (review rev-cli F4).
  const runs = [...new Set(rows.map((r) => r.run))];
  const x = { field: "run", type: "nominal", title: null, sort: null, scale: { domain: runs }, axis: { labelAngle: -30, labelLimit: labelPx(runs) } };
  const bar = {
    mark: { type: "bar" },
    encoding: {
      x,
      y: { field: "value", type: "quantitative", title: null },
      color: { field: "run", type: "nominal", legend: null, sort: null, scale: { ...palette(runs.length), domain: runs } },
    },
  };
  const layers: Spec[] = [bar];
  if (rows.some((r) => r.min !== undefined && r.min !== r.max)) layers.push({ mark: { type: "rule", color: "#333" }, encoding: { x, y: { field: "min", type: "quantitative" }, y2: { field: "max" } } });
  if (rows.some((r) => r.of !== undefined)) {
    layers.push({ transform: [{ filter: "isValid(datum.of)" }], mark: { type: "text", baseline: "bottom", dy: -2, fontSize: 9 }, encoding: { x, y: { field: "value", type: "quantitative" }, text: { field: "of" } } });
  }
  const marks = layers.length > 1 ? { layer: layers } : bar;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title,
    data: { values: rows },
    // In the rows' order (vega-lite sorts a wrapped facet by name unless given the order).
    facet: { field: "metric", type: "nominal", title: null, sort: [...new Set(rows.map((r) => r.metric))], header: { labelFontSize: 12 } },
    columns: 3,
    // Each panel names its runs (with one shared x axis only the bottom row did).
    resolve: { scale: { y: "independent" }, axis: { x: "independent" } },
    spec: {
      // Room for each bar's slanted label: 12 px a run, at least the 170 px of a few.
      width: Math.max(170, 12 * new Set(rows.map((r) => r.run)).size),
      height: 150,
      ...marks,
    },
    config: { font: "DejaVu Sans, Arial, sans-serif" },
  };
}

/**
 * The metrics a comparison's bar chart shows (only those some run has a non-zero value of). A run
 * without the value (no flow finished, a job left open) has no bar there, as `nicfw compare`
 * prints "—": a bar of 0 would read as the best FCT or JCT. With `columns` (`--mean-over`: the
 * runs of each bar, labelled by `labels`), a bar is the mean of its runs' values, with their min
 * and max; a run without the value stays out of both, as in compare's "(k of n runs)".
 */
export function comparisonRows(results: Results[], labels: string[], columns?: number[][]): BarRow[] {
  const rows: BarRow[] = [];
  const add = (metric: string, get: (r: Results) => number | null | undefined) => {
    const vals = results.map(get);
    if (vals.every((v) => v === null || v === undefined || v === 0)) return;
    if (!columns) {
      results.forEach((_, i) => rows.push({ run: labels[i], metric, value: vals[i] ?? null }));
      return;
    }
    columns.forEach((c, i) => {
      const m = meanOfPresent(c.map((j) => vals[j]));
      const row: BarRow = { run: labels[i], metric, value: m?.mean ?? null, min: m?.min ?? null, max: m?.max ?? null };
      // compare's "(k of n runs)".
      if (m !== null && m.n < c.length) row.of = `${m.n} of ${c.length} runs`;
      rows.push(row);
    });
  };
  add("FCT p50 (µs)", (r) => r.metrics.fctUs.all.p50);
  add("FCT p99 (µs)", (r) => r.metrics.fctUs.all.p99);
  add("slowdown p99", (r) => r.metrics.slowdown.all.p99);
  // The last job's completion: none while a job is open (its jctUs null), as in compare and sweep.csv.
  if (results.some((r) => r.metrics.jobs.length > 0)) add("max JCT (µs)", jctMax);
  add("goodput (Gb/s)", (r) => r.metrics.goodput.totalGbps);
  add("drops", (r) => r.metrics.drops.total);
  add("retransmissions", (r) => r.metrics.retransmissions.total);
  add("out of order (%)", (r) => r.metrics.outOfOrder.percent);
  if (results.some((r) => r.metrics.pfc.pauseFrames > 0)) add("PFC pauses", (r) => r.metrics.pfc.pauseFrames);
  return rows;
}

/**
 * The note (for stderr) naming the bars that are the mean of only some of their column's runs
 * (BarRow.of), as compare's cells say "(k of n runs)", else null.
 */
export function partialMeansNote(rows: BarRow[]): string | null {
  const partial = rows.filter((r) => r.of !== undefined);
  if (partial.length === 0) return null;
  return `note: bars that are the mean of only the runs with a value (marked above the bar): ${partial.map((r) => `${r.metric}: ${r.run} (${r.of})`).join("; ")}`;
}

/** The completion times of a run's completed flows (of one class, when given), in flow order; a failed flow keeps its fctUs in its row but stays out, as in the statistics. */
const fcts = (r: Results, cls?: string): number[] =>
  r.flows.filter((f) => f.status === "complete" && (cls === undefined || f.class === cls)).map((f) => f.fctUs as number);

/** One run's FCT CDF series: one per flow class when there are several, else one named by its CC; empty ones left out. */
export function runFctSeries(r: Results): CdfSeries[] {
  const classes = [...new Set(r.flows.map((f) => f.class))].sort();
  const series = classes.length > 1
    ? classes.map((c) => ({ name: c, values: fcts(r, c), flows: r.flows.filter((f) => f.class === c).length }))
    : [{ name: r.modules.cc.join("/"), values: fcts(r), flows: r.flows.length }];
  return series.filter((s) => s.values.length > 0);
}

/**
 * Several runs' FCT CDF series: one per run (all its flows), or with `columns` (`--mean-over`) one
 * per column, its runs' flows pooled (the fraction is of all their flows); series with no
 * finished flow left out.
 */
export function runsFctSeries(results: Results[], names: string[], columns: number[][] = results.map((_, i) => [i])): CdfSeries[] {
  return columns
    .map((c, i) => ({ name: names[i], values: c.flatMap((j) => fcts(results[j])), flows: c.reduce((n, j) => n + results[j].flows.length, 0) }))
    .filter((s) => s.values.length > 0);
}

/**
 * Writes the charts for one or several results into `outDir`; returns the files written.
 * One run: fct-cdf (per flow class when there are several), cwnd / rate and queues over time
 * when the run has samples. Several runs: fct-cdf with one line per run and compare-bars; with
 * `columns` (`--mean-over`, labelled by `labels`) one line and one bar per column, its runs'
 * flows pooled in the CDF and their mean in each bar, whiskers from min to max.
 */
export async function plotResults(results: Results[], outDir: string, labels?: string[], columns?: number[][]): Promise<string[]> {
  // Before the folder is made: a missing package leaves nothing behind.
  await chartPackages();
  mkdirSync(outDir, { recursive: true });
  const files: string[] = [];
  const write = async (name: string, spec: Spec) => {
    const { svg, png } = await render(spec);
    writeFileSync(join(outDir, `${name}.svg`), svg);
    writeFileSync(join(outDir, `${name}.png`), png);
    files.push(join(outDir, `${name}.svg`), join(outDir, `${name}.png`));
  };
  if (results.length === 1) {
    const r = results[0];
    await write("fct-cdf", fctCdfSpec(runFctSeries(r), `FCT CDF — ${r.scenario}`));
    const s = r.series;
    if (s && s.flows.length > 0) {
      for (const unit of ["bytes", "bps"] as const) {
        // A flow without congestion control has neither window nor rate (its level reads 0).
        const flows = s.flows.filter((f) => f.unit === unit && f.cc !== "none");
        if (flows.length === 0) continue;
        const rows: { t: number; v: number; series: string }[] = [];
        for (const f of flows) f.level.forEach((v, i) => v !== null && rows.push({ t: s.tUs[i], v: unit === "bytes" ? v / 1024 : v / 1e9, series: `flow ${f.flow} (${f.cc})` }));
        if (rows.length > 0) await write(unit === "bytes" ? "cwnd" : "rate", timeSpec(rows, unit === "bytes" ? "congestion window over time" : "sending rate over time", unit === "bytes" ? "cwnd (KiB)" : "rate (Gb/s)"));
      }
    }
    if (s && s.queues.length > 0) {
      const rows: { t: number; v: number; series: string }[] = [];
      for (const q of s.queues) q.bytes.forEach((v, i) => rows.push({ t: s.tUs[i], v: v / 1024, series: q.name }));
      await write("queues", timeSpec(rows, "queue occupancy over time", "queued (KiB)"));
    }
    return files;
  }
  // Labels given are drawn as they are (plotCommand cuts those it generates, never --labels).
  if (columns && labels?.length !== columns.length) throw new Error(`plotResults: ${labels?.length ?? "no"} labels for ${columns.length} columns`);
  const names = labels ? [...labels] : chartLabels(runLabels(results));
  const pooled = columns && columns.some((c) => c.length > 1) ? ` (${columns.length === 1 ? `${columns[0].length} runs pooled` : "runs pooled per line"})` : "";
  await write("fct-cdf", fctCdfSpec(runsFctSeries(results, names, columns), `FCT CDF — ${results[0].scenario}${pooled}`));
  const mean = pooled === "" ? "" : " — mean over runs, min–max whiskers";
  await write("compare-bars", barsSpec(comparisonRows(results, names, columns), `${results[0].scenario}${mean}`));
  return files;
}

export const PLOT_USAGE = `usage: nicfw plot <results.json | run directory | sweep directory> … [--out DIR] [--labels a,b,…] [--mean-over T,…]
  one run: fct-cdf, and cwnd / rate / queues over time when the run has samples
  several runs: fct-cdf (a line per run) and compare-bars; each chart as .svg and .png
  --out DIR        where the charts go (default: beside the first results.json)
  --labels a,…     the lines' and bars' names, one per run (per column with --mean-over)
  --mean-over T,…  as in nicfw compare: one line and one bar per column of runs that differ only
                   in the tags T (seed, or a sweep's --set path); the CDF pools the column's
                   flows (the fraction is of all of them), a bar is the mean of its runs' values
                   with a whisker from their min to their max, "k of n runs" above it where only
                   k of the column's n runs have the value
  on stderr, as nicfw compare says them: columns with flows open at the end (their charts leave
  those flows out) and bars that are the mean of only some runs`;

export async function plotCommand(argv: string[]): Promise<number> {
  const a = parseRunsArgs("plot", PLOT_USAGE, argv, [], ["--out", "--mean-over"], { perRun: false });
  if (!a) return 2;
  const m = meanOverOption("plot", PLOT_USAGE, a);
  if (!m) return 2;
  const first = a.paths[0];
  const dir = a.options.get("--out") ?? (statSync(first).isDirectory() ? first : dirname(resolve(first)));
  // --labels are the user's words, shown whole; generated ones (runLabels, meanOverLabels) are cut to fit.
  const names = a.given ?? chartLabels(m.labels);
  const columns = m.over ? m.columns : undefined;
  let written: string[];
  try {
    written = await plotResults(a.results, dir, names, columns);
  } catch (e) {
    // A file where the folder should go (mkdir's EEXIST, ENOTDIR), as run and sweep say it.
    if (typeof (e as NodeJS.ErrnoException).code === "string") {
      console.error(`nicfw plot: --out ${dir}: ${(e as Error).message}`);
      return 2;
    }
    if (!(e instanceof ChartPackageMissing)) throw e;
    console.error(e.message);
    return 1;
  }
  console.log(`wrote ${written.length} files in ${dir}: ${written.map((f) => f.slice(dir.length + 1)).join(", ")}`);
  // What the charts cannot show, as compare says it: their FCTs leave open flows out (the CDF
  // stops below 1, the bars do not show it), and a bar may be the mean of some runs only.
  const notes = [openFlowsNote(a.results, names, m.columns, true), a.results.length > 1 && columns ? partialMeansNote(comparisonRows(a.results, names, columns)) : null];
  for (const note of notes) if (note !== null) console.error(`nicfw plot: ${note}`);
  return 0;
}
