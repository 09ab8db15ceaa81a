// `npm run bench [filter] [--runs N]`: builds, then runs the bundled bench/once.ts
// (dist/bench/once.js) in N separate processes (default 5),
// takes the median ns/packet per handler, prints
// `module | handler | ns/packet | budget 40 | verdict` and writes bench/results/latest.json.
// Budgets are judged here, never in a timed unit test. The machine is shared: read medians.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { parseBenchArgs } from "./args";
import { BUDGET_NS } from "./workloads/types";
import { workloads } from "./workloads/index";

interface Row {
  module: string;
  handler: string;
  nsPerPacket: number;
  meanNsPerPacket: number;
  samples: number;
}

const { runs, names } = parseBenchArgs(process.argv.slice(2), 5);
if (names.length > 1) throw new Error("npm run bench takes one filter (quote it when it has a space)");
const filter = names[0] ?? "";

// Each module is measured in processes of its own: V8's type feedback and inlining decisions
// are per process, and a firmware build links one module of each kind, so workloads of other
// modules running first would measure a polluted JIT (about +20 % for cc/nscc onAck).
const modules = [...new Set(workloads.filter((w) => `${w.module} ${w.handler}`.includes(filter)).map((w) => w.module))];
const samples = new Map<string, number[]>();
for (let r = 0; r < runs; r++) {
  process.stderr.write(`bench: run ${r + 1} of ${runs} (${modules.length} modules)\n`);
  for (const module of modules) {
    // "<module> " matches exactly that module in once.ts's "<module> <handler>" test.
    const only = filter.startsWith(`${module} `) ? filter : `${module} `;
    const out = spawnSync(process.execPath, ["dist/bench/once.js", only, String(r + 1)], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = (out.stdout ?? "").split("\n").find((l) => l.startsWith("BENCH_JSON "));
    if (!line) {
      process.stderr.write(out.stderr ?? "");
      throw new Error(`bench run ${r + 1} of ${module} printed no result`);
    }
    for (const row of JSON.parse(line.slice("BENCH_JSON ".length)) as Row[]) {
      if (!`${row.module} ${row.handler}`.includes(filter)) continue;
      const key = `${row.module}\u0000${row.handler}`;
      const list = samples.get(key) ?? [];
      list.push(row.nsPerPacket);
      samples.set(key, list);
    }
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const results = workloads
  .filter((w) => samples.has(`${w.module}\u0000${w.handler}`))
  .map((w) => {
    const runsNs = samples.get(`${w.module}\u0000${w.handler}`) ?? [];
    const nsPerPacket = Number(median(runsNs).toFixed(2));
    return { module: w.module, handler: w.handler, nsPerPacket, goalNs: w.goalNs, budgetNs: BUDGET_NS, runsNs: runsNs.map((x) => Number(x.toFixed(2))) };
  });

const header = ["module", "handler", "ns/packet", `budget ${BUDGET_NS}`, "verdict"];
const table = results.map((r) => [
  r.module,
  r.handler,
  r.nsPerPacket.toFixed(2),
  String(BUDGET_NS),
  r.nsPerPacket > BUDGET_NS ? "OVER BUDGET" : r.nsPerPacket > r.goalNs ? `over goal ${r.goalNs}` : `ok (goal ${r.goalNs})`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const fmt = (row: string[]) => row.map((c, i) => c.padEnd(widths[i])).join(" | ");
console.log(fmt(header));
console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
for (const row of table) console.log(fmt(row));
console.log(
  `\nns/packet: median over ${runs} processes per module of each process's median sample; node ${process.version}, ${cpus()[0]?.model ?? "cpu?"}`,
);

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/latest.json",
  `${JSON.stringify({ node: process.version, cpu: cpus()[0]?.model, runs, date: new Date().toISOString(), results }, null, 2)}\n`,
);
