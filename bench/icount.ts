// One instruction-count process (bench/instructions.ts runs it under valgrind): builds one row's
// workload, warms it up, then replays it `ops` more times and prints a checksum. Two processes
// that differ only in `ops` differ in instructions by exactly the extra replays, which is what
// the runner divides by the extra events. Nothing here is timed.
import { setFlagsFromString } from "node:v8";
import { rowName } from "./workloads/types";
import { workloads } from "./workloads/index";

const row = process.argv[2] ?? "";
const warmEvents = Number(process.argv[3]);
const events = Number(process.argv[4]);
const w = workloads.find((x) => rowName(x) === row);
if (w === undefined || !(warmEvents >= 0) || !(events >= 0)) {
  console.error(`usage: icount.js "<module> <handler>" <warm-up events> <events>; no row "${row}"`);
  process.exit(2);
}
const op = w.setup(1);
// As in once.ts: the first call warms up type feedback, then the op runs as a compiled function
// (no on-stack replacement), which is what a loop that has run a while runs.
let sum = op();
setFlagsFromString("--no-use-osr");
for (let i = Math.ceil(warmEvents / w.batch); i > 0; i--) sum += op();
const ops = Math.ceil(events / w.batch);
for (let i = 0; i < ops; i++) sum += op();
console.log(`ICOUNT ${JSON.stringify({ row, batch: w.batch, ops, checksum: sum })}`);
