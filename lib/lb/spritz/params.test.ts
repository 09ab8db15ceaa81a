// Spritz's parameters: the documented defaults and ranges (README "Parameters"), and the
// latency options that reach the endpoint table when the table is built from a topology.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveSpritzParams, tableFor } from "./params";
import { EndpointTable, TABLE_II_LATENCY, buildTopology } from "./table";

const DF = { topology: "dragonfly", p: 1, a: 4, h: 2 } as const;

test("defaults: srcSwitch 0 (or the given table's), ECN-rate gain 1/16", () => {
  const p = resolveSpritzParams(DF);
  assert.equal([p.srcSwitch, p.ecnRateGain, p.ecnThreshold, p.ecnRateThreshold], [0, 1 / 16, 8, 0.9]);
  const table = new EndpointTable(buildTopology(DF), 3);
  assert.is(resolveSpritzParams({ table }).srcSwitch, 3);
});

test("a topology spec without p has one endpoint per switch (the documented default)", () => {
  const table = tableFor(resolveSpritzParams({ topology: "dragonfly", a: 4, h: 2 }));
  assert.is(table.topology.endpointsPerSwitch, 1);
  // Dragonfly a = 4, h = 2: a·h + 1 = 9 groups of 4 switches, 36 switches and so 36 endpoints.
  assert.is(table.topology.endpoints, 36);
});

test("ranges: each end accepted, one step past it refused", () => {
  const ok = (x: object) => resolveSpritzParams({ ...DF, ...x });
  const cases: [string, number, number, number, number][] = [
    // name, lowest, below it, highest, above it
    ["ecnThreshold", 0, -1, 13, 14],
    ["restoreIntervalNs", 1, 0, 2 ** 30, 2 ** 30 + 1],
    ["maxBlocked", 1, 0, 2 ** 24, 2 ** 24 + 1],
    ["exploreThreshold", 0, -1, 65534, 65535],
  ];
  for (const [name, lo, below, hi, above] of cases) {
    assert.is((ok({ [name]: lo }) as unknown as Record<string, number>)[name], lo, `${name} = ${lo}`);
    assert.is((ok({ [name]: hi }) as unknown as Record<string, number>)[name], hi, `${name} = ${hi}`);
    assert.throws(() => ok({ [name]: below }), RangeError, `${name} = ${below}`);
    assert.throws(() => ok({ [name]: above }), RangeError, `${name} = ${above}`);
  }
  // The gain is a shift: 1/2 … 1/1024.
  assert.is(ok({ ecnRateGain: 1 / 2 }).ecnRateGain, 1 / 2);
  assert.is(ok({ ecnRateGain: 1 / 1024 }).ecnRateGain, 1 / 1024);
  for (const g of [1, 1 / 2048, 0.3]) assert.throws(() => ok({ ecnRateGain: g }), RangeError, `gain ${g}`);
});

test("latency options reach the table built from a topology: link rate and switch latency change the class latencies", () => {
  const base = tableFor(resolveSpritzParams(DF));
  const built = (o: object) => tableFor(resolveSpritzParams({ ...DF, ...o }));
  // Table II's defaults: 25 ns local, 500 ns global links, 4160 B at 400 Gb/s (83.2 ns a hop).
  assert.equal(base.latency, TABLE_II_LATENCY);
  const slow = built({ linkGbps: 100 });
  assert.is(slow.latency.linkGbps, 100);
  const sw = built({ switchLatencyNs: 300 });
  assert.is(sw.latency.switchLatencyNs, 300);
  // Class 0 of a Dragonfly source is the one-hop local path: its latency grows by the extra
  // serialisation (4160 B at 100 instead of 400 Gb/s: 332.8 − 83.2 ns) in the first table.
  assert.ok(Math.abs(slow.classLatencyNs(0) - base.classLatencyNs(0) - (332.8 - 83.2)) < 1e-6);
  assert.ok(sw.classLatencyNs(0) > base.classLatencyNs(0));
  for (let c = 0; c < base.classCount; c++) assert.ok(sw.classLatencyNs(c) >= base.classLatencyNs(c));
});

test.run();
