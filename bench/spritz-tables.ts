// Spritz endpoint tables (Spritz §III-C, Fig. 3): per-endpoint memory, most paths per destination
// and build time for the paper's configurations (Table II) and about 40k endpoints.
// `npx tsx bench/spritz-tables.ts`. A table build is a construction-time cost, not a per-packet
// one, so it is reported here rather than in the benchmark table. Times are wall clock on this
// machine, one build each after a small warm-up build.
import { performance } from "node:perf_hooks";
import { Dragonfly, EndpointTable, type LowDiameterTopology, SlimFly } from "../lib/lb/index";

const MiB = 1024 * 1024;

interface Row {
  name: string;
  make: () => LowDiameterTopology;
  figure3?: string;
}

const rows: Row[] = [
  { name: "Dragonfly p=4 a=8 h=4 (Table II)", make: () => new Dragonfly({ p: 4, a: 8, h: 4 }) },
  { name: "Slim Fly q=9 p=7 (Table II)", make: () => new SlimFly({ q: 9, p: 7 }) },
  { name: "Dragonfly p=10 a=20 h=10", make: () => new Dragonfly({ p: 10, a: 20, h: 10 }), figure3: "≈ 2.3 MiB, ≤ 200 paths" },
  { name: "Slim Fly q=29 p=22", make: () => new SlimFly({ q: 29, p: 22 }), figure3: "≈ 8.5 MiB, ≤ 1771 paths" },
];

new EndpointTable(new Dragonfly({ p: 1, a: 4, h: 2 }), 0);
console.log("topology | endpoints | switches | paths/dest (max) | entries | Fig. 3 model 3 B/entry | stored (entries + index) | topology build | table build | Fig. 3");
for (const r of rows) {
  const t0 = performance.now();
  const topo = r.make();
  const t1 = performance.now();
  const table = new EndpointTable(topo, 0);
  const t2 = performance.now();
  console.log(
    [
      r.name,
      topo.endpoints,
      topo.switches,
      table.maxPaths,
      table.entries,
      `${(table.paperBytes / MiB).toFixed(3)} MiB`,
      `${(table.memoryBytes / MiB).toFixed(3)} MiB (${(table.entryBytes / MiB).toFixed(3)} + ${(table.indexBytes / MiB).toFixed(3)})`,
      `${(t1 - t0).toFixed(0)} ms`,
      `${(t2 - t1).toFixed(0)} ms`,
      r.figure3 ?? "",
    ].join(" | "),
  );
}
