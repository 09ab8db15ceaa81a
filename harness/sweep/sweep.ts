// `nicfw sweep <scenario> --set <path>=<v1,v2,…> …`: the cartesian grid of a scenario's
// variants, run in parallel on worker threads (one per core by default).
//
// Each point is written first as a self-contained scenario file, OUT/points/<id>.json: the base
// scenario with the point's values set, its matrix files inlined (`text`), and its values in
// `tags`. The id is a hash of that file, so a rerun of the same grid finds the points already
// done (OUT/points/<id>/results.json) and skips them, unless other code made them (their
// results.json `nicfw`, sameCode); a changed base scenario makes new points.
// Results go to OUT/points/<id>/ (results.json, flows.csv), and one row per point — its values
// and the headline metrics — to OUT/sweep.csv and OUT/sweep.json, for the points of this grid
// only: those of another grid run into OUT stay in OUT/points, and are counted on stderr.
//
// A batch system instead of threads: `--plan` writes the point files and OUT/jobs.txt (one
// `nicfw run` command per point, runnable anywhere the point file is) and OUT/axes.json (the
// axes' paths, the rows' first columns), and `--collect` gathers the rows from whatever results exist.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type CodeVersion, codeVersion, codeVersionNote } from "../metrics/code-version";
import type { SizeStats } from "../metrics/metrics";
import { jctMax, openFlows, type Results } from "../metrics/results";
import { loadScenario, ScenarioError, validateScenario } from "../scenario/load";
import type { Scenario } from "../scenario/schema";
import { parseCdf } from "../traffic/cdf";
import { runOnThreads, startWorker } from "../threads";

export const SWEEP_USAGE = `usage: nicfw sweep <scenario> --set <path>=<v1,v2,…> [--set …] [--out DIR] [--workers N] [--rerun] [--plan | --collect]
  every combination of the --set values is one point (paths as in the scenario: transport.cc.name,
  network.bufferBdp, traffic[0].bytes, seed; values are JSON where they parse, else strings;
  commas inside [] or {} do not split)
  --set P=V,…   one axis of the grid: scenario field P takes each value V in turn
  --out DIR     where points, results and sweep.csv / sweep.json go (default: sweep-out)
  --workers N   worker threads (default: one per core)
  --plan        only write the point files and DIR/jobs.txt (one nicfw run per point, for a batch system)
  --collect     only gather DIR/points/*/results.json into sweep.csv and sweep.json
  --rerun       run every point again, even those already done (after the code changed, say)
  sweep.csv and sweep.json hold the rows of this grid only (--collect: that of DIR/jobs.txt); finished
  points in DIR/points outside it (an earlier, larger grid's) are counted on stderr
  points already done (their results.json exists and names this code: nicfw version, git commit) are
  skipped when the sweep is run again; those of other code run again, named on stderr; the others
  are built first (not run), and one that nicfw run would refuse stops the sweep before it runs (exit 2)
  a --set path that cannot hold its value (a name on a list: traffic.bytes for traffic[0].bytes), or
  two axes on one field (seed and seed; traffic[0] and traffic[0].bytes), is refused (exit 2)
  a row's status: "ok" (every flow complete, or given up by its reliability module), "incomplete"
  (the run ended, at run.endUs, with flows open: its metrics cover only the flows that finished),
  "budget" (stopped by run.maxEvents with flows open), "integrity failed", or "error: …" (no
  results); the progress line and the summary count the incomplete points
  exit status: 2 for an invalid grid, 1 when a point failed (status "error: …" or "integrity failed"),
  else 0`;

export interface Axis {
  path: string;
  values: unknown[];
}

/** Splits `a,b,[1,2],{"x":1}` on the commas outside brackets, braces and quotes. */
export function splitValues(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = false;
  let cur = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' && text[i - 1] !== "\\") quote = !quote;
    if (!quote && (c === "[" || c === "{")) depth++;
    if (!quote && (c === "]" || c === "}")) depth--;
    if (c === "," && depth === 0 && !quote) {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

export function parseSet(arg: string): Axis {
  const eq = arg.indexOf("=");
  if (eq <= 0) throw new Error(`--set ${arg}: expected <path>=<v1,v2,…>`);
  const path = arg.slice(0, eq).trim();
  const values = splitValues(arg.slice(eq + 1)).map((v) => {
    const t = v.trim();
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return t;
    }
  });
  if (values.length === 0 || values.some((v) => v === "")) throw new Error(`--set ${arg}: empty value`);
  return { path, values };
}

/** `traffic[0].bytes` or `traffic.0.bytes` → ["traffic", 0, "bytes"]. */
export function pathParts(path: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const seg of path.split(".")) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(seg);
    if (!m) throw new Error(`--set: bad path ${path}`);
    if (m[1] !== "") parts.push(/^\d+$/.test(m[1]) ? Number(m[1]) : m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) parts.push(Number(idx[1]));
  }
  if (parts.length === 0) throw new Error(`--set: empty path`);
  return parts;
}

/** Parts as a path again, indices in brackets: ["traffic", 0, "bytes"] → `traffic[0].bytes`. */
const partsPath = (parts: (string | number)[]): string =>
  parts.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");

/**
 * Sets the field at `path`, making the lists and objects on the way that are missing. Throws,
 * before writing anything, where a name meets a list (`traffic.bytes`) or an index meets what
 * is not one (`network.0`): JSON.stringify drops a named property of an array, and no scenario
 * field is named "0", so either point would run without the value its tags claim (review rev-cli F1).
 */
export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = pathParts(path);
  let cur: Record<string | number, unknown> = doc;
  for (let i = 0; i < parts.length; i++) {
    const k = parts[i];
    const here = i === 0 ? "the scenario" : partsPath(parts.slice(0, i));
    if (Array.isArray(cur) && typeof k !== "number") {
      throw new Error(`--set ${path}: ${here} is a list: give an index, as ${partsPath([...parts.slice(0, i), 0, ...parts.slice(i)])}`);
    }
    if (!Array.isArray(cur) && typeof k === "number") throw new Error(`--set ${path}: ${here} is not a list: ${k} is no field of it`);
    if (i === parts.length - 1) break;
    // Made to suit the next part, so that no check above can fail once a container is made.
    if (cur[k] === null || typeof cur[k] !== "object") cur[k] = typeof parts[i + 1] === "number" ? [] : {};
    cur = cur[k] as Record<string | number, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
}

/**
 * Throws where two axes set one field (`seed` twice; `traffic[0].bytes` and `traffic.0.bytes`)
 * or one sets a field inside the other's (`traffic[0]` and `traffic[0].bytes`): a point would
 * hold one value, the later axis's, and be tagged with both, and the grid would count the
 * overwritten axis's values as points of their own (review rev-cli F7).
 */
export function checkAxes(axes: Axis[]): void {
  const parts = axes.map((a) => pathParts(a.path));
  for (let j = 1; j < axes.length; j++) {
    for (let i = 0; i < j; i++) {
      const [a, b] = [parts[i], parts[j]];
      if (!a.slice(0, b.length).every((k, n) => k === b[n])) continue;
      if (a.length === b.length) {
        throw new Error(`--set ${axes[i].path} and --set ${axes[j].path} set the same field: give all its values in one --set`);
      }
      const [outer, inner] = a.length < b.length ? [axes[i], axes[j]] : [axes[j], axes[i]];
      throw new Error(
        `--set ${inner.path} sets a field inside --set ${outer.path}: one would overwrite the other while the point is tagged with both; give the combinations as values of --set ${outer.path}`,
      );
    }
  }
}

/** Every combination, the first axis varying slowest. */
export function grid(axes: Axis[]): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const a of axes) out = out.flatMap((p) => a.values.map((v) => ({ ...p, [a.path]: v })));
  return out;
}

export interface Point {
  id: string;
  file: string;
  dir: string;
  values: Record<string, unknown>;
}

const tagValue = (v: unknown): string | number | boolean => (typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : JSON.stringify(v));

/** A point before its file is written: the file's text, and the point's values as a label. */
export interface PlannedPoint extends Point {
  text: string;
  label: string;
}

/** Writes the point files; throws ScenarioError naming the point and field if any point is invalid. */
export function planPoints(base: Scenario, baseDir: string, axes: Axis[], out: string): Point[] {
  return writePoints(preparePoints(base, baseDir, axes, out), out);
}

/**
 * The points of the grid, checked against the schema but not written (writePoints does that);
 * throws ScenarioError naming the point and field if any point is invalid.
 */
export function preparePoints(base: Scenario, baseDir: string, axes: Axis[], out: string): PlannedPoint[] {
  checkAxes(axes);
  const pointsDir = join(out, "points");
  const points: PlannedPoint[] = [];
  const errors: string[] = [];
  for (const values of grid(axes)) {
    const doc = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
    for (const [path, v] of Object.entries(values)) setPath(doc, path, v);
    const tags: Record<string, string | number | boolean> = { ...((doc.tags as Record<string, string | number | boolean>) ?? {}) };
    for (const [path, v] of Object.entries(values)) tags[path] = tagValue(v);
    doc.tags = tags;
    // Self-contained: matrix files inlined, CDF files as their points (the same flows).
    ((doc.traffic as Record<string, unknown>[] | undefined) ?? []).forEach((t, i) => {
      if (t && t.kind === "matrix" && typeof t.file === "string") {
        t.text = readFileSync(resolve(baseDir, t.file), "utf8");
        delete t.file;
      }
      if (t && t.kind === "cdf" && typeof t.cdfFile === "string" && t.cdf === undefined && t.cdfPoints === undefined) {
        const path = resolve(baseDir, t.cdfFile);
        try {
          t.cdfPoints = parseCdf(readFileSync(path, "utf8"), path);
        } catch (e) {
          throw new Error(`traffic[${i}].cdfFile: ${(e as Error).message}`);
        }
        delete t.cdfFile;
      }
    });
    const label = Object.entries(values).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ");
    try {
      validateScenario(doc, `point ${label}`);
    } catch (e) {
      if (e instanceof ScenarioError) errors.push(...e.errors.map((x) => `point ${label}: ${x}`));
      else throw e;
      continue;
    }
    const text = `${JSON.stringify(doc, null, 1)}\n`;
    const id = createHash("sha256").update(text).digest("hex").slice(0, 12);
    // A value given twice on an axis is one point, run once.
    if (!points.some((p) => p.id === id)) points.push({ id, file: join(pointsDir, `${id}.json`), dir: join(pointsDir, id), values, text, label });
  }
  if (errors.length > 0) throw new ScenarioError("sweep", errors);
  return points;
}

/** Writes the point files (call it once every point is known valid: nothing is written otherwise). */
function writePoints(points: PlannedPoint[], out: string): Point[] {
  mkdirSync(join(out, "points"), { recursive: true });
  for (const p of points) writeFileSync(p.file, p.text);
  return points.map(({ text: _, label: __, ...p }) => p);
}

/**
 * Builds each point's fabric and modules without running it, on worker threads, and throws
 * ScenarioError naming every point that `nicfw run` would refuse (exit 2): a module parameter,
 * a host outside the topology, a queue setting. The schema cannot see these (a module's
 * parameters are its own), and found by the run they would cost a grid its running time first
 * and then show as failed rows. A build is a small part of a run (1–1.5 s of 8 s for
 * docs/reflex-twodc.yaml, about 0.1 s of 25 s for the 1,024-host docs/smartt-fairness.yaml),
 * spread on the threads as the runs are. Points already done are skipped unless `rerun`: they ran. Errors other
 * than the scenario's are left to the run, where a point's failure is its row.
 */
async function checkPoints(points: PlannedPoint[], baseDir: string, opts: { workers: number; done: readonly (Results | null)[] }): Promise<void> {
  const todo = points.flatMap((_, i) => (opts.done[i] === null ? [i] : []));
  if (todo.length === 0) return;
  const errors: string[][] = points.map(() => []);
  await runOnThreads<number, { ok: boolean; errors?: string[] }>(
    {
      start: startSweepWorker,
      threads: opts.workers,
      jobs: todo,
      message: (i) => ({ check: true, text: points[i].text, baseDir }),
      reply: (i, m) => {
        if (!m.ok && m.errors) errors[i] = m.errors.map((e) => `point ${points[i].label}: ${e}`);
      },
      death: () => {},
    },
    "sweep",
  );
  const all = errors.flat();
  if (all.length > 0) throw new ScenarioError("sweep", all);
}

/**
 * A point's status. `budget`: cut off by run.maxEvents with flows open; `incomplete`: the run
 * ended otherwise (run.endUs; or nothing left to happen) with flows open, neither complete nor
 * given up by their reliability module (results.ts: completed + failed + open = flowsTotal). Either
 * way its metrics cover only the flows that finished, so its FCTs are not those of its workload
 * (46 of 72 flows, say); a bound the scenario set, not a failure of the point.
 */
export function status(r: Results | null, error?: string): string {
  if (!r) return `error: ${error ?? "no results"}`;
  if (!r.integrity.ok) return "integrity failed";
  if (r.eventBudgetSpent) return "budget";
  return openFlows(r) > 0 ? "incomplete" : "ok";
}

/** The row of one point: its values, its status, the headline metrics (empty when it has no results), its id. */
export function row(p: Pick<Point, "id" | "values">, r: Results | null, error?: string): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(p.values)) out[k] = tagValue(v);
  const m = r?.metrics;
  const jct = r && m ? jctMax(r) : null;
  Object.assign(out, {
    status: status(r, error),
    completed: r?.completed ?? null,
    flows: r?.flowsTotal ?? null,
    fct_p50_us: m?.fctUs.all.p50 ?? null,
    fct_p95_us: m?.fctUs.all.p95 ?? null,
    fct_p99_us: m?.fctUs.all.p99 ?? null,
    fct_max_us: m?.fctUs.all.max ?? null,
    slowdown_p50: m?.slowdown.all.p50 ?? null,
    slowdown_p99: m?.slowdown.all.p99 ?? null,
    jct_max_us: jct,
    goodput_gbps: m?.goodput.totalGbps ?? null,
    drops: m?.drops.total ?? null,
    trims: m?.trims ?? null,
    retransmissions: m?.retransmissions.total ?? null,
    spurious: m?.retransmissions.spurious ?? null,
    rtos: m?.retransmissions.timeouts ?? null,
    ooo_percent: m?.outOfOrder.percent ?? null,
    pfc_pauses: m?.pfc.pauseFrames ?? null,
    simulated_us: r?.simulatedUs ?? null,
    // OUT/points/<point>.json is the scenario, OUT/points/<point>/ its results.
    point: p.id,
    // After `point`, so that a script reading the older columns by position still finds them.
    // The FCT ends at the last byte delivered and hides a wait for the last ACK (DCP's 8 ms
    // RTO after a lost one): these end at the sender's last ACK, as HPCC's ns-3 and DCP's
    // figures do (harness/README.md, Output). Results written before 2026-12-05 lack them: empty.
    acked_p99_us: m?.ackedUs?.all.p99 ?? null,
    slowdown_hpcc_p99: m?.slowdownHpcc?.all.p99 ?? null,
    late_acks: m?.lateAcks?.flows ?? null,
    // After those, for the same reason (2026-12-06). The slowdown mean is Reflex's headline
    // (§V Fig. 6, average normalized FCT); trims by site split what NSCC and REPS take as the
    // receiver's loss (last hop, UEC §3.6.12 process_ev) from the path's. Results written
    // before 2026-12-05 lack the sites: empty.
    slowdown_mean: m?.slowdown.all.mean ?? null,
    slowdown_p95: m?.slowdown.all.p95 ?? null,
    ecn_marks: r?.totals?.ecnMarks ?? null,
    trims_last_hop: m?.trimSites?.lastHop ?? null,
    trims_elsewhere: m?.trimSites?.elsewhere ?? null,
    ...sizeColumns(m?.slowdown.bySize ?? []),
  });
  return out;
}

/**
 * A size class's bounds in bytes: results.json's loBytes / hiBytes, or for results written
 * before those (2026-12-06) its label as metrics.ts sizeLabel wrote it (decimal units: "< 200
 * KB", "200 KB – 10 MB", "≥ 10 MB"). hi null: no upper bound. Null when the label does not parse.
 */
export function sizeBounds(s: SizeStats): { lo: number; hi: number | null } | null {
  if (typeof s.loBytes === "number") return { lo: s.loBytes, hi: s.hiBytes ?? null };
  const bytes = (t: string): number | null => {
    const m = /^([\d.]+) (B|KB|MB)$/.exec(t.trim());
    return m ? Math.round(Number(m[1]) * (m[2] === "MB" ? 1e6 : m[2] === "KB" ? 1e3 : 1)) : null;
  };
  const below = /^< (.+)$/.exec(s.label);
  if (below) return bytes(below[1]) === null ? null : { lo: 0, hi: bytes(below[1]) };
  const above = /^≥ (.+)$/.exec(s.label);
  if (above) return bytes(above[1]) === null ? null : { lo: bytes(above[1]) as number, hi: null };
  const between = /^(.+) – (.+)$/.exec(s.label);
  const [lo, hi] = between ? [bytes(between[1]), bytes(between[2])] : [null, null];
  return lo === null || hi === null ? null : { lo, hi };
}

/** The column names' stem of a size class: size_<loBytes>_<hiBytes or inf>. */
const sizeStem = (b: { lo: number; hi: number | null }) => `size_${b.lo}_${b.hi ?? "inf"}`;
const SIZE_COLUMN = /^size_(\d+)_(\d+|inf)_/;
const SIZE_FIELDS = ["n", "slowdown_p50", "slowdown_p99"];

/** Per size class of the slowdown: the flows it has statistics of (results.json `n`), p50, p99. */
function sizeColumns(bySize: SizeStats[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const s of bySize) {
    const b = sizeBounds(s);
    if (b === null) continue;
    const stem = sizeStem(b);
    out[`${stem}_n`] = s.n;
    out[`${stem}_slowdown_p50`] = s.p50;
    out[`${stem}_slowdown_p99`] = s.p99;
  }
  return out;
}

/**
 * Every row with the size columns of every row, by the classes' bounds, empty where a point has
 * no flow of the class (a class exists where a flow falls in it: metrics.ts grouped), so that a
 * column means one class in every row of sweep.csv and sweep.json.
 */
export function alignSizeColumns(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const key = (k: string) => {
    const m = SIZE_COLUMN.exec(k) as RegExpExecArray;
    return [Number(m[1]), m[2] === "inf" ? Infinity : Number(m[2]), SIZE_FIELDS.indexOf(k.slice(m[0].length))];
  };
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => SIZE_COLUMN.test(k))))].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  return rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) if (!SIZE_COLUMN.test(k)) out[k] = v;
    for (const c of cols) out[c] = r[c] ?? null;
    return out;
  });
}

export function toCsv(rows: Record<string, unknown>[]): string {
  const cols: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const q = (v: unknown) => {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${[cols.join(","), ...rows.map((r) => cols.map((c) => q(r[c])).join(","))].join("\n")}\n`;
}

const startSweepWorker = () => startWorker(import.meta.url, "./worker.ts", { nicfwSweepWorker: true });

/** A point's results.json as its run left it, or null: not run, or not readable. */
function readDone(p: Point): Results | null {
  const f = join(p.dir, "results.json");
  if (!existsSync(f)) return null;
  try {
    return JSON.parse(readFileSync(f, "utf8")) as Results;
  } catch {
    return null;
  }
}

/**
 * Whether results.json's `nicfw` names this code: the same version, commit and dirty flag
 * (code-version.ts). False where it names none (results written before 2026-12-05): the code
 * that made them is unknown. Two trees dirty on one commit compare equal, though their changes
 * may differ: git's answer is one bit, and treating them as unequal would run every point of a
 * resumed sweep again for as long as the tree stays dirty (the sweep notes it instead).
 */
export function sameCode(made: CodeVersion | undefined, here: CodeVersion): boolean {
  return made !== undefined && made.version === here.version && made.commit === here.commit && Boolean(made.dirty) === Boolean(here.dirty);
}

/** A point's results.json if this code made it (sameCode), else null: to be run. */
function readReusable(p: Point): Results | null {
  const r = readDone(p);
  return r !== null && sameCode(r.nicfw, codeVersion()) ? r : null;
}

/** A CodeVersion as the notes name it: `nicfw 0.1.0 2bb2b85`, `… with uncommitted changes`. */
function codeName(v: CodeVersion | undefined): string {
  if (v === undefined) return "nicfw unknown: results.json older than 2026-12-05";
  return `nicfw ${v.version}${v.commit ? ` ${v.commit.slice(0, 7)}` : ""}${v.dirty ? " with uncommitted changes" : ""}`;
}

/** Up to 10 points by id and values, then how many more. */
function namePoints(points: PlannedPoint[]): string {
  const shown = points.slice(0, 10).map((p) => `${p.id} (${p.label})`);
  return `${shown.join(", ")}${points.length > shown.length ? `, and ${points.length - shown.length} more` : ""}`;
}

/**
 * The notes of a resumed sweep on the results it found (review rev-cli F3): the points whose
 * results other code made, which run again; and, when this code is a dirty tree, that the points
 * it reuses were made on the same commit, dirty too, with changes git cannot tell apart.
 */
function resumeNotes(planned: PlannedPoint[], found: readonly (Results | null)[], here: CodeVersion): string[] {
  const notes: string[] = [];
  const stale = found.flatMap((r, i) => (r !== null && !sameCode(r.nicfw, here) ? [i] : []));
  if (stale.length > 0) {
    const made = [...new Set(stale.map((i) => codeName(found[i]?.nicfw)))];
    const one = stale.length === 1;
    notes.push(
      `nicfw sweep: note: ${one ? "1 point" : `${stale.length} points`} done by other code (${made.join("; ")}) ${one ? "runs" : "run"} again, ` +
        `under this code (${codeName(here)}): ${namePoints(stale.map((i) => planned[i]))}`,
    );
  }
  const reused = found.filter((r) => r !== null && sameCode(r.nicfw, here)).length;
  if (here.dirty && reused > 0) {
    notes.push(
      `nicfw sweep: note: ${reused === 1 ? "1 point" : `${reused} points`} already done ${reused === 1 ? "is" : "are"} reused: made, as this code is, on commit ${here.commit?.slice(0, 7)} ` +
        "with uncommitted changes to lib/ or harness/, and whether those changes are the same cannot be told; give --rerun if the code changed since",
    );
  }
  return notes;
}

export interface Progress {
  done: number;
  total: number;
  running: number;
  /** Points whose results were already there (not run again). */
  skipped: number;
  failed: number;
  /** Points done whose run ended with flows open (status incomplete). */
  incomplete: number;
}

export interface SweepOptions {
  workers: number;
  progress?: (s: Progress) => void;
  /** Run the points already done as well (their results are rewritten). */
  rerun?: boolean;
  /**
   * Each point's results to reuse, when the caller has read them already (null: to run); else
   * the results.json this code made (sameCode), those of other code being run again.
   */
  done?: readonly (Results | null)[];
}

/**
 * Runs the points not yet done on a pool of worker threads (no thread at all when every point is
 * done); returns one row per point. A point that throws is a failed row; a thread that dies (out
 * of memory, say) fails its point and is replaced, so one bad point does not stop the grid.
 */
export async function runPoints(points: Point[], opts: SweepOptions): Promise<Record<string, unknown>[]> {
  const rows: (Record<string, unknown> | null)[] = points.map(() => null);
  const todo: number[] = [];
  const s: Progress = { done: 0, total: points.length, running: 0, skipped: 0, failed: 0, incomplete: 0 };
  const record = (i: number, r: Results | null, error?: string) => {
    rows[i] = row(points[i], r, error);
    if (rows[i]?.status === "incomplete") s.incomplete++;
    s.done++;
  };
  points.forEach((p, i) => {
    const r = opts.rerun ? null : opts.done ? opts.done[i] : readReusable(p);
    if (r) {
      record(i, r);
      s.skipped++;
    } else {
      // A point run again (--rerun, or its results made by other code) loses its earlier results
      // first: were it to fail now (or the sweep be interrupted), they would otherwise stand for
      // it in sweep.json, nicfw compare and the next sweep, which would skip it as done.
      rmSync(join(p.dir, "results.json"), { force: true });
      todo.push(i);
    }
  });
  const report = () => opts.progress?.({ ...s });
  report();
  const finish = (i: number, error?: string) => {
    s.running--;
    const r = error === undefined ? readDone(points[i]) : null;
    if (!r) s.failed++;
    record(i, r, error);
    report();
  };
  await runOnThreads<number, { ok: boolean; error?: string }>(
    {
      start: startSweepWorker,
      threads: opts.workers,
      jobs: todo,
      message: (i) => ({ file: points[i].file, dir: points[i].dir }),
      begin: () => {
        s.running++;
        report();
      },
      reply: (i, m) => finish(i, m.ok ? undefined : (m.error ?? "failed")),
      death: finish,
    },
    "sweep",
  );
  return rows.map((r, i) => r ?? row(points[i], null));
}

function writeRows(out: string, all: Record<string, unknown>[]): void {
  const rows = alignSizeColumns(all);
  writeFileSync(join(out, "sweep.csv"), toCsv(rows));
  writeFileSync(join(out, "sweep.json"), `${JSON.stringify(rows, null, 1)}\n`);
}

function progressPrinter(): SweepOptions["progress"] {
  const tty = process.stderr.isTTY;
  let last = 0;
  const started = Date.now();
  return (s) => {
    const now = Date.now();
    const final = s.done === s.total;
    if (!final && now - last < (tty ? 100 : 2000)) return;
    last = now;
    const elapsedS = (now - started) / 1000;
    const ran = s.done - s.skipped;
    const left = !final && ran > 0 ? `, about ${Math.ceil((elapsedS / ran) * (s.total - s.done))} s left` : "";
    const open = s.incomplete > 0 ? `, ${s.incomplete} incomplete` : "";
    const line = `sweep: ${s.done}/${s.total} points done (${s.skipped} already done, ${s.failed} failed${open}), ${s.running} running, ${elapsedS.toFixed(1)} s${left}`;
    process.stderr.write(tty ? `\r${line}\x1b[K${final ? "\n" : ""}` : `${line}\n`);
  };
}

/**
 * The grid's axes, OUT/axes.json, written beside jobs.txt: --collect finds a point's values
 * among its tags by them, where the base scenario's own tags sit too (review rev-cli F6).
 */
const AXES_FILE = "axes.json";

function writeAxes(out: string, axes: Axis[]): void {
  writeFileSync(join(out, AXES_FILE), `${JSON.stringify({ axes: axes.map((a) => a.path) })}\n`);
}

/** The axes' paths of OUT/axes.json, or null: none there (a plan older than the file), or not readable. */
function readAxes(out: string): string[] | null {
  try {
    const axes = (JSON.parse(readFileSync(join(out, AXES_FILE), "utf8")) as { axes?: unknown }).axes;
    return Array.isArray(axes) && axes.every((a) => typeof a === "string") ? axes : null;
  } catch {
    return null;
  }
}

/**
 * Rows for the points of the grid `--plan` wrote (the --collect mode): those OUT/jobs.txt names,
 * in its order, which is the grid's, as a threaded sweep writes its rows. Point files of an
 * earlier plan in the same OUT (another base scenario, another grid) are not part of it. Without
 * a jobs.txt, every point file in OUT/points, by id. A row's values are its tags of the axes in
 * OUT/axes.json, in their order, as a threaded sweep's; where that file is missing or names a
 * tag some point lacks (an older nicfw planned the grid), every tag, the base scenario's too.
 * Throws where OUT/points or a point file jobs.txt names is missing or not JSON.
 */
export function collectRows(out: string): Record<string, unknown>[] {
  const dir = join(out, "points");
  if (!existsSync(dir)) throw new Error(`${dir} does not exist; plan the grid first: nicfw sweep <scenario> --set … --out ${out} --plan`);
  const rows: Record<string, unknown>[] = [];
  const jobs = join(out, "jobs.txt");
  const files = existsSync(jobs)
    ? [...new Set([...readFileSync(jobs, "utf8").matchAll(/ run points\/([0-9a-f]+\.json) /g)].map((m) => m[1]))]
    : readdirSync(dir).filter((x) => x.endsWith(".json")).sort();
  const docs = files.map((f) => {
    const file = join(dir, f);
    if (!existsSync(file)) throw new Error(`${file}, named in ${jobs}, does not exist`);
    try {
      return JSON.parse(readFileSync(file, "utf8")) as Scenario;
    } catch (e) {
      throw new Error(`${file}: not a point file (${(e as Error).message})`);
    }
  });
  const axes = existsSync(jobs) ? readAxes(out) : null;
  const made: Results[] = [];
  const ids: string[] = [];
  const ofAxes = axes !== null && docs.every((d) => axes.every((a) => d.tags !== undefined && a in d.tags));
  files.forEach((f, i) => {
    const id = f.slice(0, -5);
    const tags = docs[i].tags ?? {};
    const values = ofAxes ? Object.fromEntries(axes.map((a) => [a, tags[a]])) : { ...tags };
    const p: Point = { id, file: join(dir, f), dir: join(dir, id), values };
    const done = readDone(p);
    rows.push(row(p, done, "not run yet"));
    if (done !== null) {
      made.push(done);
      ids.push(id);
    }
  });
  // A threaded sweep runs other code's points again; gathering them, say so (audit, 2026-12-07:
  // a point of another commit went into sweep.csv unremarked).
  const note = codeVersionNote(made, ids);
  if (note !== null) console.error(`nicfw sweep: --collect: ${note}`);
  return rows;
}

export async function sweepCommand(argv: string[]): Promise<number> {
  let file: string | undefined;
  const axes: Axis[] = [];
  let out = "sweep-out";
  let workers = availableParallelism();
  let mode: "run" | "plan" | "collect" = "run";
  let rerun = false;
  try {
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i];
      if (a === "--set") axes.push(parseSet(argv[++i] ?? ""));
      else if (a.startsWith("--set=")) axes.push(parseSet(a.slice(6)));
      else if (a === "--out") out = argv[++i];
      else if (a === "--workers") {
        workers = Number(argv[++i]);
        if (!(Number.isInteger(workers) && workers >= 1)) throw new Error("--workers needs a positive integer");
      } else if (a === "--plan" || a === "--collect") {
        const m = a === "--plan" ? "plan" : "collect";
        if (mode !== "run" && mode !== m) throw new Error("--plan or --collect, not both");
        mode = m;
      }
      else if (a === "--rerun") rerun = true;
      else if (a.startsWith("-")) throw new Error(`unknown option ${a}`);
      else if (file === undefined) file = a;
      else throw new Error(`one scenario at a time (got ${file} and ${a})`);
    }
    if (!out) throw new Error("--out needs a directory");
    if (mode !== "collect" && (file === undefined || axes.length === 0)) throw new Error("give a scenario and at least one --set");
  } catch (e) {
    console.error(`nicfw sweep: ${(e as Error).message}\n${SWEEP_USAGE}`);
    return 2;
  }
  if (mode === "collect") {
    // Before anything is made: a --collect where nothing was planned makes no OUT (review rev-cli F8).
    let rows: Record<string, unknown>[];
    try {
      rows = collectRows(out);
    } catch (e) {
      console.error(`nicfw sweep: --collect: ${(e as Error).message}`);
      return 2;
    }
    return finish(out, rows);
  }
  let points: Point[];
  let done: (Results | null)[];
  let notes: string[];
  try {
    const base = loadScenario(file as string);
    const baseDir = dirname(resolve(file as string));
    const planned = preparePoints(base, baseDir, axes, out);
    const found = planned.map((p) => (rerun ? null : readDone(p)));
    const here = codeVersion();
    notes = resumeNotes(planned, found, here);
    done = found.map((r) => (r !== null && sameCode(r.nicfw, here) ? r : null));
    await checkPoints(planned, baseDir, { workers, done });
    points = writePoints(planned, out);
  } catch (e) {
    console.error(e instanceof ScenarioError ? e.message : `nicfw sweep: ${(e as Error).message}`);
    return 2;
  }
  // jobs.txt is the grid (what --collect gathers), written by a threaded sweep too, so that a
  // plan of another grid in the same OUT does not outlive it (and an interrupted sweep can be
  // finished on a batch system).
  const nicfw = cliCommand();
  const jobs = points.map((p) => `${nicfw} run points/${p.id}.json --out points/${p.id} --quiet`);
  writeFileSync(join(out, "jobs.txt"), `${jobs.join("\n")}\n`);
  writeAxes(out, axes);
  if (mode === "plan") {
    console.log(`wrote ${points.length} point files in ${join(out, "points")} and ${join(out, "jobs.txt")} (run each line from ${out}, then: ${nicfw} sweep --collect --out ${out})`);
    return 0;
  }
  for (const n of notes) console.error(n);
  return finish(out, await runPoints(points, { workers, rerun, done, progress: progressPrinter() }));
}

/**
 * Writes the rows and the closing line; the exit status is 1 when a row failed its integrity
 * check or has no results (`error: …`, a point --collect finds not run yet among them), else 0.
 */
function finish(out: string, rows: Record<string, unknown>[]): number {
  writeRows(out, rows);
  const grid = new Set(rows.map((r) => String(r.point)));
  const outside = finishedPoints(out).filter((id) => !grid.has(id)).length;
  if (outside > 0) console.error(outsideGridNote("sweep", out, outside));
  const bad = rows.filter((r) => r.status !== "ok" && r.status !== "budget" && r.status !== "incomplete").length;
  console.log(`wrote ${join(out, "sweep.csv")} and sweep.json: ${rows.length} points${bad > 0 ? `, ${bad} not ok` : ""}${flowsOpen(rows)}`);
  return bad > 0 ? 1 : 0;
}

/** The ids of the points in OUT/points that have results (OUT/points/<id>/results.json), sorted. */
export function finishedPoints(out: string): string[] {
  const dir = join(out, "points");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "results.json")))
    .map((d) => d.name)
    .sort();
}

/**
 * Says that OUT/points holds `count` finished points outside the grid of sweep.csv and
 * sweep.json: a sweep, --plan or --collect writes the rows of its own grid only (jobs.txt), so
 * the points of an earlier, larger grid or of another base scenario stay in OUT/points, skipped
 * by every table, and a sub-grid run into OUT would hide them silently (study review finding 8).
 */
export function outsideGridNote(command: string, out: string, count: number): string {
  const points = count === 1 ? "1 finished point" : `${count} finished points`;
  return (
    `nicfw ${command}: note: ${points} in ${join(out, "points")} ${count === 1 ? "is" : "are"} not in the grid of ${join(out, "sweep.csv")} ` +
    `(each sweep or --collect writes the rows of its own grid only, so nicfw compare ${out} leaves ${count === 1 ? "it" : "them"} out); ` +
    `to include ${count === 1 ? "it" : "them"}: nicfw ${command === "plot" ? "plot" : "compare"} ${join(out, "points", "*", "results.json")}, ` +
    `or run the full grid into ${out} again (its finished points are skipped, not run)`
  );
}

/** The summary's count of the points whose runs ended with flows open: not failures, but not the whole workload. */
function flowsOpen(rows: Record<string, unknown>[]): string {
  const budget = rows.filter((r) => r.status === "budget").length;
  const incomplete = rows.filter((r) => r.status === "incomplete").length;
  return `${budget > 0 ? `, ${budget} stopped by run.maxEvents (status budget)` : ""}${incomplete > 0 ? `, ${incomplete} ended with flows open (status incomplete)` : ""}`;
}

/**
 * How a job line calls this CLI: the built script's absolute path under node, so that a line
 * runs from any folder (`npx nicfw` finds nicfw only inside the project that installed it, and
 * elsewhere asks the npm registry). Run from the TypeScript source (tsx), `npx nicfw`.
 */
function cliCommand(): string {
  const script = process.argv[1];
  const path = script !== undefined && existsSync(script) ? realpathSync(script) : "";
  return path.endsWith(".js") ? `${JSON.stringify(process.execPath)} ${JSON.stringify(path)}` : "npx nicfw";
}
