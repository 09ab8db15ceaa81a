// `npm test`: the one test command. Runs each stage as its own process, echoes its output and
// ends with the plain line `N passed, M failed` summed over the stages. A stage that reports
// its own `… N passed, M failed` line contributes those counts; a stage that does not (type
// check, build) counts as one check. Exits non-zero when anything failed or nothing ran.
import { spawnSync } from "node:child_process";

interface Stage {
  name: string;
  cmd: string[];
}

const node = process.execPath;
const bin = (name: string) => `node_modules/.bin/${name}`;
const stages: Stage[] = [
  { name: "type check (lib, runtime-neutral)", cmd: [bin("tsc"), "-p", "lib/tsconfig.json"] },
  { name: "type check (all)", cmd: [bin("tsc"), "-p", "tsconfig.json"] },
  { name: "build", cmd: [bin("tsup")] },
  { name: "unit tests", cmd: [bin("tsx"), "scripts/unit.ts"] },
  { name: "conformance (node)", cmd: [node, "dist/cli/nicfw.js", "conformance", "conformance/vectors"] },
  { name: "conformance (QuickJS, built ESM)", cmd: [bin("tsx"), "conformance/quickjs-runner.ts", "conformance/vectors"] },
  { name: "vectors take every branch", cmd: [bin("tsx"), "scripts/vector-coverage.ts"] },
  { name: "allocation check", cmd: [node, "dist/bench/alloc.js"] },
  // Every row again with V8's inlining off, where every call stays a call: a helper V8 leaves
  // out of line takes and returns doubles boxed, which inlining hides only while its budget
  // lasts (TIMELY's gradient factor allocated in some processes, DCTCP's α update in all,
  // lib/core/bitmap's lowBits in the IRN and timeout-only retransmission scans, before
  // 2026-12-05; lib/README "Allocation"). About 3 minutes on the 2-core VM.
  { name: "allocation check, inlining off", cmd: [node, "--no-turbo-inlining", "dist/bench/alloc.js"] },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const stage of stages) {
  if (only.length > 0 && !only.some((o) => stage.name.includes(o))) continue;
  console.log(`\n=== ${stage.name}`);
  const started = Date.now();
  const r = spawnSync(stage.cmd[0], stage.cmd.slice(1), {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    maxBuffer: 256 * 1024 * 1024,
  });
  const out = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  process.stdout.write(out);
  // The stage's own summary is on stdout; a later line on stderr must not stand in for it (audit, 2026-12-07).
  const counts = [...(r.stdout ?? "").matchAll(/(\d+) passed, (\d+) failed/g)].pop() ?? [...out.matchAll(/(\d+) passed, (\d+) failed/g)].pop();
  if (counts) {
    passed += Number(counts[1]);
    failed += Number(counts[2]);
    if (r.status !== 0 && Number(counts[2]) === 0) failed++;
  } else if (r.status === 0) {
    passed++;
  } else {
    failed++;
  }
  console.log(`=== ${stage.name}: exit ${r.status ?? r.signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (passed + failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
