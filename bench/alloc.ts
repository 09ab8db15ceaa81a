// The allocation check (DESIGN.md rule 4): every workload runs ≥ 10 M handler calls after
// warm-up while a PerformanceObserver counts garbage collections; any GC fails the check.
// Method and pitfalls: notes/toolchain.md §5 (warm up through the same driver, read the count
// after a timer, not setImmediate). Ends with `alloc: N passed, M failed`.
import { spawnSync } from "node:child_process";
import { PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { workloads } from "./workloads/index";

// Collections the measured code did not cause must not be counted against it:
// - V8's memory reducer runs a full GC ("Mark-Compact (reduce)") about 8 s into a process whose
//   allocation rate is low — exactly what allocation-free loops produce;
// - the garbage of start-up and of every workload's setup accumulates in the young generation
//   and is scavenged (by an idle task, or when it overflows) in whatever workload runs then.
// So the check runs with the reducer off and collects once after each warm-up, before counting.
// Both flags must be given at start-up (v8.setFlagsFromString is too late): it re-runs itself.
const FLAGS = ["--no-memory-reducer", "--expose-gc"];
if (!FLAGS.every((f) => process.execArgv.includes(f))) {
  const child = spawnSync(process.execPath, [...process.execArgv, ...FLAGS, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(child.status ?? 1);
}
const collect = (globalThis as { gc?: () => void }).gc;

const MIN_EVENTS = 10_000_000;

function drive(op: () => number, times: number): number {
  let acc = 0;
  for (let i = 0; i < times; i++) acc = (acc + op()) | 0;
  return acc;
}

async function gcCount(op: () => number, times: number): Promise<{ gcs: number; ms: number }> {
  drive(op, 20);
  drive(op, Math.min(times, 200));
  if (collect) collect();
  await sleep(10); // the forced collection's entry is reported before the observer starts
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
