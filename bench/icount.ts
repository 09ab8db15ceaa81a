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
// As in once.ts: no on-stack replacement from before the first call, so the first call runs all
// of the op unoptimised and warms up type feedback for every part of it, and the op then runs as
// a compiled function, which is what a loop that has run a while runs. With OSR still on for the
// first call (as here until 2026-12-03), V8 compiled the loop before the code after it had ever
// run, and later calls deoptimised there ("insufficient type feedback"): every call on 53 of the
// 97 rows, every other call on 5 more, so their counts included a deoptimisation per batch.
setFlagsFromString("--no-use-osr");
let sum = op();
for (let i = Math.ceil(warmEvents / w.batch); i > 0; i--) sum += op();
const ops = Math.ceil(events / w.batch);
for (let i = 0; i < ops; i++) sum += op();
console.log(`ICOUNT ${JSON.stringify({ row, batch: w.batch, ops, checksum: sum })}`);
