// The allocation check (DESIGN.md rule 4): every workload runs ≥ 10 M handler calls after
// warm-up while a PerformanceObserver counts garbage collections (bench/gc-count.ts). Ends with
// `alloc: N passed, M failed`.
//
// A workload that collects in its window runs a second, confirming window of the same size, and
// fails only if that one collects too. V8 optimising or deoptimising a handler late allocates
// code, feedback and deoptimisation data, which once in a while tips a scavenge in the first
// window (pipeline/nscc+reps+rud, 1 GC in 10 M events, about one full test run in ten); a handler
// that allocates per packet collects in every window (bench/gc-count.test.ts shows both cases).
import { gcCount } from "./gc-count";
import { workloads } from "./workloads/index";

const MIN_EVENTS = 10_000_000;

async function main(): Promise<number> {
  const filter = process.argv[2];
  let passed = 0;
  let failed = 0;
  for (const w of workloads) {
    if (filter && !w.module.includes(filter)) continue;
    const op = w.setup(1);
    const times = Math.ceil(MIN_EVENTS / w.batch);
    const first = await gcCount(op, times);
    const confirm = first.gcs === 0 ? first : await gcCount(op, times);
    const events = times * w.batch;
    const ok = confirm.gcs === 0;
    if (ok) passed++;
    else failed++;
    const gcs = first === confirm ? `${first.gcs} GCs` : `${first.gcs} GCs, then ${confirm.gcs} in the confirming window,`;
    console.log(
      `${ok ? "ok  " : "FAIL"} ${w.module} ${w.handler}: ${gcs} over ${(events / 1e6).toFixed(1)} M events (${((first.ms * 1e6) / events).toFixed(1)} ns/event, unisolated)`,
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
