// `npm run bench:fabric [--runs N] [--v8 FLAGS] [a|b|c …]`: the three fabric scenarios of issue 8
// in the UEC reference simulator's published setup (the YAML files beside this one), each run N
// times as a fresh `nicfw run` process. Reports, per scenario, the median wall time of the whole
// process (start-up included, as a simulator binary is timed), the largest peak memory (max RSS),
// and simulated packets per wall-second (link transmissions ÷ the run's own wall time), against the
// reference simulator's figures on this machine class (notes/uec-htsim-reference.md; issue 8).
// Writes bench/results/fabric.json.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engineNote, parseBenchArgs } from "../args";
import { median, textTable } from "../report";

interface Case {
  id: string;
  file: string;
  what: string;
  /** Reference simulator: wall seconds (range) and peak memory (MB) where published. */
  refS: [number, number];
  refMb?: number;
}

const CASES: Case[] = [
  { id: "a", file: "bench/fabric/a-permutation-128.yaml", what: "permutation 2 MB, 128 hosts (k=8)", refS: [0.4, 0.9] },
  { id: "b", file: "bench/fabric/b-permutation-1024.yaml", what: "permutation 2 MB, 1024 hosts (k=16)", refS: [15, 21], refMb: 146 },
  { id: "c", file: "bench/fabric/c-incast-127.yaml", what: "127:1 incast 2 MB, 128 hosts (k=8)", refS: [0.7, 0.9] },
];

const { runs, names: only, md, v8 = [], check } = parseBenchArgs(process.argv.slice(2), 3, process.env);
if (md !== undefined || check) throw new Error("bench:fabric has no --md table and no --check");

const rows: Record<string, unknown>[] = [];
const out = mkdtempSync(join(tmpdir(), "nicfw-bench-"));
for (const c of CASES) {
  if (only.length > 0 && !only.includes(c.id)) continue;
  const wall: number[] = [];
  const rss: number[] = [];
  const pps: number[] = [];
  let stats: Record<string, number | boolean> = {};
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    const p = spawnSync(process.execPath, [...v8, "dist/cli/nicfw.js", "run", c.file, "--out", join(out, c.id), "--quiet", "--stats"], { encoding: "utf8" });
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    const line = (p.stdout ?? "").split("\n").find((l) => l.startsWith("stats "));
    if (p.status !== 0 || !line) {
      console.error(`bench:fabric (${c.id}) failed:\n${p.stdout}\n${p.stderr}`);
      process.exit(1);
    }
    stats = JSON.parse(line.slice(6));
    wall.push(s);
    rss.push((stats.maxRssKb as number) / 1024);
    pps.push((stats.transmissions as number) / (stats.simWallS as number));
    console.error(`bench:fabric (${c.id}) run ${r + 1}/${runs}: ${s.toFixed(2)} s, ${((stats.maxRssKb as number) / 1024).toFixed(0)} MB`);
  }
  const w = median(wall);
  const m = Math.max(...rss);
  const verdict = w <= c.refS[1] && (c.refMb === undefined || m <= c.refMb) ? (w <= c.refS[0] ? "faster" : "within range") : "SLOWER / LARGER";
  rows.push({
    id: c.id,
    scenario: c.what,
    wallS: Number(w.toFixed(3)),
    maxRssMb: Number(m.toFixed(1)),
    packetsPerS: Math.round(median(pps)),
    transmissions: stats.transmissions,
    events: stats.events,
    simulatedUs: stats.simulatedUs,
    integrity: stats.integrity,
    reference: `${c.refS[0]}–${c.refS[1]} s${c.refMb ? `, ${c.refMb} MB` : ""}`,
    verdict,
  });
}

const head = ["", "scenario", "wall s (median)", "max RSS MB", "packets/s", "reference", "verdict"];
const table = rows.map((r) => [String(r.id), String(r.scenario), String(r.wallS), String(r.maxRssMb), Number(r.packetsPerS).toLocaleString("en"), String(r.reference), String(r.verdict)]);
console.log(textTable(head, table));
console.log(`\nmedian of ${runs} processes each; node ${process.version}${engineNote(v8)}; wall time includes node start-up`);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/fabric.json", `${JSON.stringify({ runs, node: process.version, v8Options: v8, results: rows }, null, 1)}\n`);
