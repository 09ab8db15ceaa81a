// One benchmark process: a benny suite over the selected workloads. Prints one line
// `BENCH_JSON {…}` with ns/packet per workload (1e9 / (ops × batch), notes/toolchain.md §4).
import b from "benny";
import { workloads } from "./workloads/index";

const filter = process.argv[2] ?? "";
const seed = Number(process.argv[3] ?? 1);
const selected = workloads.filter((w) => `${w.module} ${w.handler}`.includes(filter));

const cases = selected.map((w) =>
  b.add(`${w.module} ${w.handler}`, () => {
    const op = w.setup(seed);
    return () => {
      op();
    };
  }),
);

b.suite(
  "nicfw",
  ...cases,
  b.configure({ cases: { minTime: 0.3, maxTime: 1.2, minSamples: 5 } }),
  b.complete((summary) => {
    const rows = summary.results.map((r, i) => ({
      module: selected[i].module,
      handler: selected[i].handler,
      nsPerPacket: 1e9 / (r.ops * selected[i].batch),
      marginPct: r.margin,
    }));
    process.stdout.write(`\nBENCH_JSON ${JSON.stringify(rows)}\n`);
  }),
).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
