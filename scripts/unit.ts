// Runs every `*.test.ts` beside the code with uvu (through tsx) and ends with the plain line
// `unit: N passed, M failed`. uvu's own summary has no "failed" line, exits 0 when nothing ran
// and prints nothing at all after a crash, so this wrapper treats a missing summary, zero tests
// or a non-zero exit as a failure (notes/toolchain.md §3).
import { spawnSync } from "node:child_process";

const roots = process.argv.slice(2);
const pattern = roots.length > 0 ? `^(${roots.join("|")})/.*\\.test\\.ts$` : "\\.test\\.ts$";
const run = spawnSync(
  process.execPath,
  ["node_modules/uvu/bin.js", "-r", "tsx", ".", pattern, "-i", "node_modules", "-i", "dist"],
  { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, maxBuffer: 64 * 1024 * 1024 },
);
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);

const total = /Total:\s+(\d+)/.exec(run.stdout);
const passed = /Passed:\s+(\d+)/.exec(run.stdout);
let nPassed = passed ? Number(passed[1]) : 0;
let nFailed = total && passed ? Number(total[1]) - nPassed : 0;
if (!total || !passed) {
  console.log("unit: uvu printed no summary (a test file crashed or bailed)");
  nFailed = Math.max(nFailed, 1);
}
// uvu leaves skipped tests out of its Total: a test.skip or test.only would drop tests unsaid (audit, 2026-12-07).
const skipped = /Skipped:\s+(\d+)/.exec(run.stdout);
if (skipped && Number(skipped[1]) > 0) {
  console.log(`unit: ${skipped[1]} tests skipped (test.skip or test.only); every test must run`);
  nFailed += Number(skipped[1]);
}
if (run.status !== 0 && nFailed === 0) nFailed = 1;
if (nPassed + nFailed === 0) {
  console.log("unit: no test ran");
  nFailed = 1;
  nPassed = 0;
}
console.log(`unit: ${nPassed} passed, ${nFailed} failed`);
process.exit(nFailed > 0 ? 1 : 0);
