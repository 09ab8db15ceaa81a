// `npm run bench -- [filter] [--runs N] [--md FILE] [--v8 FLAGS]`: builds, then runs the bundled bench/once.ts
// (dist/bench/once.js) in N separate processes (default 5),
// takes the median ns/packet per handler, prints
// `module | handler | ns/packet | budget 40 | verdict` and writes bench/results/latest.json.
// Budgets are judged here, never in a timed unit test. The machine is shared: read medians.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { engineNote, parseBenchArgs } from "./args";
import { median, textTable } from "./report";
import { BUDGET_NS, rowName } from "./workloads/types";
import { workloads } from "./workloads/index";

interface Row {
  module: string;
  handler: string;
  nsPerPacket: number;
  meanNsPerPacket: number;
  samples: number;
}

const { runs, names, md, v8 = [], check } = parseBenchArgs(process.argv.slice(2), 5, process.env);
if (check) throw new Error("npm run bench has no --check: times are not a baseline (npm run bench:instructions -- --check)");
const engine = engineNote(v8);
if (names.length > 1) throw new Error("npm run bench takes one filter (quote it when it has a space)");
const filter = names[0] ?? "";

// Each row is measured in processes of its own. V8's type feedback and inlining decisions are
// per process, and benny runs every case of a suite once before it measures any; so in one
// process, rows that drive the same handler in another mode or profile (TIMELY's per-RTT row
// beside its per-completion one, OPS's three modes) shape the code the measured row runs, as
// other modules' rows do (cc/nscc onAck +20 % behind other modules; TIMELY onAck 18 ns behind
// its per-RTT row, 13 alone). A firmware build runs one configuration of each module; so does a
// bench process.
const rows = workloads.map(rowName).filter((row) => row.includes(filter));
const samples = new Map<string, number[]>();
const loadBefore = loadavg()[1];
for (let r = 0; r < runs; r++) {
  process.stderr.write(`bench: run ${r + 1} of ${runs} (${rows.length} rows)\n`);
  for (const row of rows) {
    // "=<row>" selects exactly that row in once.ts.
    const out = spawnSync(process.execPath, [...v8, "dist/bench/once.js", `=${row}`, String(r + 1)], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = (out.stdout ?? "").split("\n").find((l) => l.startsWith("BENCH_JSON "));
    if (!line) {
      process.stderr.write(out.stderr ?? "");
      throw new Error(`bench run ${r + 1} of ${row} printed no result`);
    }
    for (const res of JSON.parse(line.slice("BENCH_JSON ".length)) as Row[]) {
      const key = `${res.module}\u0000${res.handler}`;
      const list = samples.get(key) ?? [];
      list.push(res.nsPerPacket);
      samples.set(key, list);
    }
  }
}

const results = workloads
  .filter((w) => samples.has(`${w.module}\u0000${w.handler}`))
  .map((w) => {
    const runsNs = samples.get(`${w.module}\u0000${w.handler}`) ?? [];
    const nsPerPacket = Number(median(runsNs).toFixed(2));
    return { module: w.module, handler: w.handler, nsPerPacket, goalNs: w.goalNs, budgetNs: BUDGET_NS, runsNs: runsNs.map((x) => Number(x.toFixed(2))) };
  });

/** Over the per-packet budget, over the handler's own goal, or within it. */
function verdict(r: { nsPerPacket: number; goalNs: number }): string {
  return r.nsPerPacket > BUDGET_NS ? "OVER BUDGET" : r.nsPerPacket > r.goalNs ? `over goal ${r.goalNs}` : `ok (goal ${r.goalNs})`;
}

const header = ["module", "handler", "ns/packet", `budget ${BUDGET_NS}`, "verdict"];
const table = results.map((r) => [
  r.module,
  r.handler,
  r.nsPerPacket.toFixed(2),
  String(BUDGET_NS),
  verdict(r),
]);
console.log(textTable(header, table));
console.log(
  `\nns/packet: median over ${runs} processes per row of each process's median sample; node ${process.version}${engine}, ${cpus()[0]?.model ?? "cpu?"}`,
);

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/latest.json",
  `${JSON.stringify({ node: process.version, v8Options: v8, cpu: cpus()[0]?.model, runs, date: new Date().toISOString(), results }, null, 2)}\n`,
);

if (md !== undefined) {
  // The same table as markdown, with every process's figure: the rows are bimodal between
  // processes on this VM (README "Benchmarks"), and the spread says which.
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const lines = [
    `Measured ${when} UTC by \`npm run bench -- --runs ${runs}${filter ? ` ${JSON.stringify(filter)}` : ""}${v8.length > 0 ? ` --v8 ${JSON.stringify(v8.join(" "))}` : ""} --md …\`: node ${process.version}${engine}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu?"}, load average ${loadBefore.toFixed(1)} (5 min) before and ${loadavg()[1].toFixed(1)} after. ns/packet is the median over ${runs} processes of each process's median sample.`,
    "",
    "| module | handler | ns/packet | verdict | per process |",
    "|---|---|---|---|---|",
    ...results.map((r) => `| ${r.module} | ${r.handler} | ${r.nsPerPacket.toFixed(1)} | ${verdict(r)} | ${r.runsNs.map((x) => x.toFixed(1)).join(", ")} |`),
    "",
  ];
  writeFileSync(md, lines.join("\n"));
  console.log(`wrote ${md}`);
}
