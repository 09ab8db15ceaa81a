// The allocation check (DESIGN.md rule 4): every workload runs ≥ 10 M handler calls after
// warm-up while a PerformanceObserver counts garbage collections; any GC fails the check.
// Method and pitfalls: notes/toolchain.md §5 (warm up through the same driver, read the count
// after a timer, not setImmediate). Ends with `alloc: N passed, M failed`.
import { PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { workloads } from "./workloads/index";

// A full collection before each measured window, so that garbage left by earlier workloads'
// setup cannot fill the young generation and surface as a scavenge inside the window (seen as a
// single stray GC in a different workload on each run once many workloads were registered).
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const MIN_EVENTS = 10_000_000;

function drive(op: () => number, times: number): number {
  let acc = 0;
  for (let i = 0; i < times; i++) acc = (acc + op()) | 0;
  return acc;
}

async function gcCount(op: () => number, times: number): Promise<{ gcs: number; ms: number }> {
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

async function main(): Promise<number> {
  const filter = process.argv[2];
  let passed = 0;
  let failed = 0;
  for (const w of workloads) {
    if (filter && !w.module.includes(filter)) continue;
    const op = w.setup(1);
    const times = Math.ceil(MIN_EVENTS / w.batch);
    const { gcs, ms } = await gcCount(op, times);
    const events = times * w.batch;
    const ok = gcs === 0;
    if (ok) passed++;
    else failed++;
    console.log(
      `${ok ? "ok  " : "FAIL"} ${w.module} ${w.handler}: ${gcs} GCs over ${(events / 1e6).toFixed(1)} M events (${((ms * 1e6) / events).toFixed(1)} ns/event, unisolated)`,
    );
  }
  if (passed + failed === 0) {
    console.log("alloc: no workload ran");
    failed = 1;
  }
  console.log(`alloc: ${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

main().then((code) => process.exit(code));
