// Garbage collections while a workload's op runs (DESIGN.md rule 4's instrument), used by
// bench/alloc.ts. Method and pitfalls: notes/toolchain.md §5 (warm up through the same driver,
// read the count after a timer, not setImmediate).
import { PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A full collection before each measured window, so that garbage left by earlier workloads'
// setup cannot fill the young generation and surface as a scavenge inside the window (seen as a
// single stray GC in a different workload on each run once many workloads were registered).
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

function drive(op: () => number, times: number): number {
  let acc = 0;
  for (let i = 0; i < times; i++) acc = (acc + op()) | 0;
  return acc;
}

/**
 * Runs `op` for a warm-up, collects, then counts the GCs of `times` further calls; `ms` is the
 * wall time of those calls.
 */
export async function gcCount(op: () => number, times: number): Promise<{ gcs: number; ms: number }> {
  // Warm-up of a tenth of the window (at least 200 ops): a handler that V8 is still optimising
  // in the window allocates code and feedback, not garbage of its own, and once surfaced as a
  // single scavenge in the heaviest workload (pipeline/nscc+reps+rud) on a loaded machine.
  drive(op, 20);
  drive(op, Math.max(200, Math.ceil(times / 10)));
  // A full collection, then a pause for any scavenge task it or setup scheduled: garbage from
  // setup (this workload's or an earlier one's) must not surface inside the measured window.
  collectGarbage();
  await sleep(50);
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ["gc"] });
  const started = performance.now();
  drive(op, times);
  const ms = performance.now() - started;
  await sleep(50);
  observer.disconnect();
  return { gcs, ms };
}
