// One benchmark process: a benny suite over the selected workloads. Prints one line
// `BENCH_JSON {…}` with ns/packet per workload: the median of benny's samples divided by the
// batch size (notes/toolchain.md §4). Samples are short (≥ 20 ms, many per case) so that time
// the OS gives to other processes lands in a few samples, which the median then discards,
// instead of in every sample's mean.
import { setFlagsFromString } from "node:v8";
import b from "benny";
import { rowName } from "./workloads/types";
import { workloads } from "./workloads/index";

const filter = process.argv[2] ?? "";
const seed = Number(process.argv[3] ?? 1);
// "=<module> <handler>" selects exactly one row (bench/run.ts measures each row alone);
// anything else, every row whose "<module> <handler>" contains it.
const selected = workloads.filter((w) =>
  filter.startsWith("=") ? rowName(w) === filter.slice(1) : rowName(w).includes(filter),
);

// benny calls a case's function three times before it measures (twice to learn what it
// returns, then once for the function it times; caderek/benny#56) and runs the second result
// once. Each call of `setup` would build another table and another closure of the workload's
// loop, and V8 specialises optimised code to a closure's context (its tables and their
// read-only parameters as constants) only while that closure is the only one made at its site.
// A NIC builds its tables and its per-packet loop once, so every case here builds them once:
// the three calls get the same op. Building three cost 3–6 ns per packet on rows whose handler
// is inlined into the loop (cc/swift onAck 14.5 → 9.2 ns, cc/timely onAck 15.3 → 8.6).
const cases = selected.map((w) => {
  let op: (() => number) | undefined;
  return b.add(rowName(w), () => {
    if (op === undefined) {
      op = w.setup(seed);
      warmUp(op);
    }
    return op;
  });
});

/**
 * On-stack replacement stays off for the whole process: the op runs in the code V8 compiles for
 * it as a function, which is what a loop that has run a while runs. With OSR, a call of the op
 * may start in the interpreter and jump into OSR code at its loop, or run OSR code compiled
 * before the code after the loop had ever run (which then deoptimised at the end of every call:
 * cc/timely onAck, 106 deopts in one process, 16 ns instead of 8.5), and which of these a
 * process ends in is a race between V8's compiler threads. On 2026-11-25, five processes each:
 * Spritz Scout onPathFeedback 15.1, 14.9, 14.7, 9.1, 9.0 ns with OSR, 9.0–9.1 in all five
 * without; routing ugal 20.0–30.5 with, 19.6–20.2 without. The first call warms up type
 * feedback for all of the op's code before V8 compiles any of it.
 */
function warmUp(op: () => number): void {
  setFlagsFromString("--no-use-osr");
  op();
}

b.suite(
  "nicfw",
  ...cases,
  b.configure({ cases: { minTime: 0.02, maxTime: 1.5, minSamples: 20 } }),
  b.complete((summary) => {
    const rows = summary.results.map((r, i) => ({
      module: selected[i].module,
      handler: selected[i].handler,
      nsPerPacket: (r.details.median * 1e9) / selected[i].batch,
      meanNsPerPacket: 1e9 / (r.ops * selected[i].batch),
      samples: r.samples,
    }));
    process.stdout.write(`\nBENCH_JSON ${JSON.stringify(rows)}\n`);
  }),
).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
