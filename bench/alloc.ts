// The allocation check (DESIGN.md rule 4): every workload runs ≥ 10 M handler calls after
// warm-up while bench/gc-count.ts counts garbage collections and reads how far the young
// generation grew; a window allocates if it collects or the young generation grows beyond a few
// kilobytes of noise (which alone sees one small object per thousand packets). Handlers are
// compiled without escape analysis, so a literal or closure that optimised V8 would remove, but
// QuickJS and V8's other tiers allocate, is seen too — except in a handler the loop inlines,
// whose objects the loop's own escape analysis removes: `npm test` runs every row a second time
// with inlining off (scripts/test.ts), which sees those. Ends with `alloc: N passed, M failed`.
//
// A workload that allocates in its window runs a second, confirming window of the same size, and
// fails only if that one allocates too. V8 optimising or deoptimising a handler late allocates
// code, feedback and deoptimisation data, which once in a while tips a scavenge in the first
// window (pipeline/nscc+reps+rud, 1 GC in 10 M events, about one full test run in ten); a handler
// that allocates per packet does so in every window (bench/gc-count.test.ts and
// bench/alloc.test.ts show both cases).
import { allocated, gcCount, withoutEscapeAnalysis } from "./gc-count";
import { badInputWorkloads } from "./workloads/bad-input";
import { workloads } from "./workloads/index";
import { rowName } from "./workloads/types";

const MIN_EVENTS = 10_000_000;

// Before any workload is set up: importing the modules above runs no handler, so every handler
// is first optimised without escape analysis.
withoutEscapeAnalysis();

async function main(): Promise<number> {
  // Each argument selects the rows whose name (`<module> <handler>`, as `npm run bench` filters)
  // contains it; with none, every row. Several, to take a few rows from different modules.
  const filters = process.argv.slice(2);
  let passed = 0;
  let failed = 0;
  for (const w of [...workloads, ...badInputWorkloads]) {
    if (filters.length > 0 && !filters.some((f) => rowName(w).includes(f))) continue;
    const op = w.setup(1);
    const times = Math.ceil(MIN_EVENTS / w.batch);
    const first = await gcCount(op, times);
    const confirm = allocated(first) ? await gcCount(op, times) : first;
    const events = times * w.batch;
    const ok = !allocated(confirm);
    if (ok) passed++;
    else failed++;
    const seen = (r: { gcs: number; youngBytes: number }) => `${r.gcs} GCs, young +${(r.youngBytes / 1024).toFixed(0)} KiB`;
    const gcs = first === confirm ? seen(first) : `${seen(first)}, then ${seen(confirm)} in the confirming window,`;
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
