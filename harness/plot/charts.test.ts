// The charts say what their titles and axes say (README "Experiments": "the FCT CDF with a line
// per run, and bars of the headline metrics"; "the congestion window or rate of chosen flows
// over time"): the CDF's y axis is the "fraction of flows", a bar is the run's metric, a window
// chart shows windows.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Results } from "../metrics/results";
import { runScenario } from "../run";
import type { Scenario } from "../scenario/schema";
import * as plot from "./plot";

// A 3:1 incast of 200 KB on a 16-host 2-tier fat tree: about 60 µs simulated, a few ms of work.
const tiny = (cc = "nscc"): Scenario => ({
  name: "plot truth test",
  seed: 1,
  topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
  network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: true, bufferBdp: 1 },
  transport: { cc: { name: cc }, lb: { name: "reps" }, reliability: { name: "rud" } },
  traffic: [{ kind: "incast", senders: 3, receiver: 0, bytes: 200_000 }],
  run: { endUs: 2000 },
});

const lastY = (spec: unknown, series: string) => {
  const ys = (spec as { data: { values: { y: number; series: string }[] } }).data.values.filter((v) => v.series === series).map((v) => v.y);
  return ys[ys.length - 1];
};

/** One run of three flows with flow 1 open at the end, as a run cut by run.endUs leaves it. */
function twoOfThree(): Results {
  const r = runScenario(tiny());
  assert.is(r.completed, 3);
  return { ...r, completed: 2, flows: r.flows.map((f, i) => (i === 1 ? { ...f, fctUs: null, slowdown: null, status: "incomplete" as const } : f)) };
}

test("FCT CDF of one run: a fraction of all its flows, so 2 finished of 3 end at 2/3, not at 1", () => {
  const spec = plot.fctCdfSpec(plot.runFctSeries(twoOfThree()), "t");
  assert.is(lastY(spec, "nscc"), 2 / 3);
});

test("FCT CDF of several runs: each line a fraction of its run's flows", () => {
  const all = runScenario(tiny());
  const spec = plot.fctCdfSpec(plot.runsFctSeries([all, twoOfThree()], ["all", "two"]), "t");
  assert.is(lastY(spec, "all"), 1);
  assert.is(lastY(spec, "two"), 2 / 3);
});

test("comparison bars: max JCT is the last job's completion, none while a job is open (compare prints —), never the finished jobs' max", () => {
  const r = runScenario(tiny());
  const jobs = (j: (number | null)[]): Results => ({ ...r, metrics: { ...r.metrics, jobs: j.map((jctUs, i) => ({ group: `g${i}`, flows: 1, completed: jctUs === null ? 0 : 1, startUs: 0, jctUs })) } });
  const jct = plot.comparisonRows([jobs([30, 50]), jobs([30, null])], ["done", "open"]).filter((x) => x.metric === "max JCT (µs)");
  assert.equal(jct.map((x) => x.value), [50, null]);
});

test("a flow without congestion control has no window: no 'congestion window over time' chart of it at 0 KiB", async () => {
  const r = runScenario({ ...tiny("none"), metrics: { sample: { intervalUs: 5, flows: [0, 1] } } });
  assert.ok(r.series && r.series.flows.length === 2);
  const dir = mkdtempSync(join(tmpdir(), "nicfw-plot-none-"));
  const files = await plot.plotResults([r], dir);
  assert.equal(files.map((f) => f.slice(dir.length + 1)).sort(), ["fct-cdf.png", "fct-cdf.svg"]);
});

test.run();
