// `npm run bench:instructions -- [filter] [--runs N] [--md FILE] [--v8 FLAGS] [--check]`:
// instructions per packet for every bench row, counted by valgrind (bench/valgrind.ts) instead of
// timed. It answers what `npm run bench` cannot on a shared VM whose host type changes between
// sessions (2-core AMD EPYC on 2026-11-25, Intel Xeon at 2 GHz on 2026-12-03, the same code 3–4×
// apart in ns): did a change make the handler do less work? The count repeats to within 0.2 %, so
// one pair of runs per row is enough; `--runs 2` repeats the pair and fails when two figures
// differ by over 1 %.
// Merges its rows into bench/results/instructions.json, the committed table of every row
// (bench/counts.ts), when it runs under the table's engine (node version and V8 options); under
// another it counts every row afresh, and refuses a filter, whose rows alone would replace the
// table. `--check` writes nothing: it holds each row to that table and exits 1 when one counts
// more than 2 % above it. Needs valgrind (Debian package `valgrind`).
// `--predictable` compiles on the main thread, so the count is one outcome of V8's inlining race
// (lib/README.md): a change that moves a handler's tree across the budget must be timed too.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { engineNote, parseBenchArgs } from "./args";
import { changeText, compareCounts, mergeCounts, type CountRow } from "./counts";
import { median, textTable } from "./report";
import { DETERMINISTIC_NODE_OPTIONS, instructionsPerEvent, parseIrefs, valgrindArgs, type CountedRun } from "./valgrind";
import { rowName } from "./workloads/types";
import { workloads } from "./workloads/index";

// Events replayed before counting starts, and by the short and the long run after it. 200 k
// warm-up events compile every handler of every row; the 200 k between the runs put one
// instruction per event at 200 k instructions, far above the few ten thousand that vary between
// runs of the same row (before icount.ts was fixed: cc/nscc onAck 568.69 and 568.87 per event).
const WARM_EVENTS = 200_000;
const SHORT_EVENTS = 40_000;
const LONG_EVENTS = 240_000;
const REPEAT_TOLERANCE = 0.01;
// What --check allows above the committed count: ten times the spread between runs, well under
// the 5–30 % that a helper left out of a handler's inlined tree costs.
const CHECK_TOLERANCE = 0.02;
const TABLE = "bench/results/instructions.json";

interface CountTable {
  node: string;
  v8Options: string[];
  cpu?: string;
  date: string;
  results: CountRow[];
}

const { runs, names, md, v8 = [], check = false } = parseBenchArgs(process.argv.slice(2), 1, process.env);
if (names.length > 1) throw new Error("npm run bench:instructions takes one filter (quote it when it has a space)");
const filter = names[0] ?? "";
// Counts under another node or other V8 options are another engine's: not a baseline.
const saved = existsSync(TABLE) ? (JSON.parse(readFileSync(TABLE, "utf8")) as CountTable) : undefined;
const sameEngine = saved !== undefined && saved.node === process.version && saved.v8Options.join(" ") === v8.join(" ");
const savedEngine = saved === undefined ? "" : `node ${saved.node}${engineNote(saved.v8Options)}`;
/** Ends the run before anything is counted or written. */
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}
if (check && !sameEngine) {
  refuse(`--check: ${TABLE} was counted ${saved === undefined ? "nowhere (no such file)" : `with ${savedEngine}`}, not node ${process.version}${engineNote(v8)}`);
}
// A run under another engine replaces the whole table (its rows cannot be merged with the other
// engine's), so a filtered one would leave only its own rows and drop every other committed
// count (review rev-bench F8). Checked before valgrind is needed: it decides nothing is counted.
if (filter !== "" && saved !== undefined && !sameEngine) {
  refuse(
    `${TABLE} was counted with ${savedEngine}; a run filtered to "${filter}" under node ${process.version}${engineNote(v8)} would replace it with the matching rows alone. Run it unfiltered (npm run bench:instructions${v8.length > 0 ? ` -- --v8 ${JSON.stringify(v8.join(" "))}` : ""}) to count every row under this engine.`,
  );
}
const valgrindVersion = spawnSync("valgrind", ["--version"], { encoding: "utf8" });
if (valgrindVersion.status !== 0) throw new Error("valgrind is not installed (apt-get install valgrind)");

function count(row: string, events: number): Promise<CountedRun> {
  const args = valgrindArgs(process.execPath, [...DETERMINISTIC_NODE_OPTIONS, ...v8, "dist/bench/icount.js", row, String(WARM_EVENTS), String(events)]);
  return new Promise((resolve, reject) => {
    const child = spawn("valgrind", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => {
      const line = stdout.split("\n").find((l) => l.startsWith("ICOUNT "));
      const instructions = parseIrefs(stderr);
      if (code !== 0 || line === undefined || instructions === undefined) {
        reject(new Error(`valgrind run of ${row} failed (exit ${code}):\n${stderr.slice(-2000)}`));
        return;
      }
      const { batch, ops } = JSON.parse(line.slice("ICOUNT ".length)) as { batch: number; ops: number };
      resolve({ instructions, events: batch * ops });
    });
  });
}

async function perPacket(row: string): Promise<number[]> {
  const figures: number[] = [];
  for (let r = 0; r < runs; r++) {
    const [short, long] = await Promise.all([count(row, SHORT_EVENTS), count(row, LONG_EVENTS)]);
    const x = instructionsPerEvent(short, long);
    if (x === undefined) throw new Error(`${row}: the long run replayed no more events than the short one`);
    figures.push(x);
  }
  return figures;
}

async function main(): Promise<void> {
  const rows = workloads.filter((w) => rowName(w).includes(filter));
  if (rows.length === 0) throw new Error(`no bench row matches "${filter}"`);
  const baseline = sameEngine ? saved.results : [];
  const results: CountRow[] = [];
  // Each row's pair runs side by side: one valgrind process per core.
  for (const [i, w] of rows.entries()) {
    const row = rowName(w);
    process.stderr.write(`bench:instructions: ${i + 1}/${rows.length} ${row}\n`);
    const figures = await perPacket(row);
    const lo = Math.min(...figures);
    const hi = Math.max(...figures);
    if (hi - lo > REPEAT_TOLERANCE * lo) throw new Error(`${row}: counts differ by more than 1 % between runs (${figures.join(", ")})`);
    results.push({ module: w.module, handler: w.handler, instructionsPerPacket: Math.round(median(figures)), runs: figures.map((x) => Number(x.toFixed(2))) });
  }
  const changes = compareCounts(baseline, results, CHECK_TOLERANCE);
  console.log(
    textTable(
      ["module", "handler", "instructions/packet", TABLE, "change"],
      changes.map((c) => [c.module, c.handler, String(c.after), c.before === undefined ? "" : String(c.before), changeText(c) + (c.regressed ? " OVER" : "")]),
    ),
  );
  const note = `instructions retired per packet (valgrind ${valgrindVersion.stdout.trim()}, node ${process.version} ${DETERMINISTIC_NODE_OPTIONS.join(" ")}${engineNote(v8)}), after ${WARM_EVENTS / 1000} k warm-up events`;
  console.log(`\n${note}`);
  if (check) {
    const over = changes.filter((c) => c.regressed);
    console.log(`bench:instructions --check: ${changes.length - over.length} within ${CHECK_TOLERANCE * 100} % of ${TABLE}, ${over.length} over`);
    if (over.length > 0) process.exitCode = 1;
    return;
  }
  mkdirSync("bench/results", { recursive: true });
  const table: CountTable = {
    node: process.version,
    v8Options: v8,
    cpu: cpus()[0]?.model,
    date: new Date().toISOString(),
    results: mergeCounts(baseline, results, workloads.map(rowName)),
  };
  writeFileSync(TABLE, `${JSON.stringify(table, null, 2)}\n`);
  if (md !== undefined) {
    const when = new Date().toISOString().slice(0, 16).replace("T", " ");
    const lines = [
      `Counted ${when} UTC by \`npm run bench:instructions --${filter ? ` ${JSON.stringify(filter)}` : ""}${v8.length > 0 ? ` --v8 ${JSON.stringify(v8.join(" "))}` : ""} --md …\`: ${note}.`,
      "",
      "| module | handler | instructions/packet |",
      "|---|---|---:|",
      ...results.map((r) => `| ${r.module} | ${r.handler} | ${r.instructionsPerPacket} |`),
      "",
    ];
    writeFileSync(md, lines.join("\n"));
    console.log(`wrote ${md}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
