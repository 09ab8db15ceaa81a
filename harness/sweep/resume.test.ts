// What a sweep's output directory says after it was planned, collected, or run again: the rows
// of the grid asked for (README "Sweeps on a batch system": `--plan` … then `--collect` gathers
// the rows; "Experiments": a sweep writes one row per point), and never results of an earlier
// run standing for a point that `--rerun` ran again ("`--rerun` runs them all again, e.g. after
// the code changed").

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadScenario } from "../scenario/load";
import { parseSet, planPoints, runPoints, sweepCommand } from "./sweep";

// Tiny points: a 3-sender incast of 20 KB on an 8-host 2-tier fat tree, a few ms each.
const scenario = (seed: number) => `name: sweep resume test
seed: ${seed}
topology: { kind: fattree, tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 }
network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: true, bufferBdp: 1 }
transport: { cc: { name: nscc }, lb: { name: reps }, reliability: { name: rud } }
traffic:
  - { kind: incast, senders: 3, receiver: 0, bytes: 20000 }
`;

/** The command in-process, its stdout and stderr kept out of the test's output. */
async function quiet(argv: string[]): Promise<number> {
  const [log, err] = [console.log, console.error];
  console.log = () => {};
  console.error = () => {};
  try {
    return await sweepCommand(argv);
  } finally {
    console.log = log;
    console.error = err;
  }
}

const json = (f: string) => JSON.parse(readFileSync(f, "utf8")) as Record<string, unknown>[];

test("--plan, the jobs run, --collect: the rows are the planned grid's, in its order; an earlier plan's points in the same directory are not rows", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-collect-"));
  writeFileSync(join(dir, "s.yaml"), scenario(1));
  const out = join(dir, "batch");
  const grid = ["plb", "ops", "reps", "ecmp"];
  assert.is(await quiet([join(dir, "s.yaml"), "--set", `transport.lb.name=${grid.join(",")}`, "--out", out, "--plan"]), 0);
  // The jobs, as a batch system would run them (here on threads).
  const points = planPoints(loadScenario(join(dir, "s.yaml")), dir, [parseSet(`transport.lb.name=${grid.join(",")}`)], out);
  assert.ok((await runPoints(points, { workers: 2 })).every((r) => r.status === "ok"));
  assert.is(await quiet(["--collect", "--out", out]), 0);
  const rows = json(join(out, "sweep.json"));
  assert.equal(rows.map((r) => r["transport.lb.name"]), grid, "grid order, as a sweep on threads writes it");
  assert.equal(rows.map((r) => r.point), points.map((p) => p.id));

  // The base scenario changes (another seed) and the grid is planned again into the same place:
  // its points are new, not yet run, and the old grid's results are not this grid's rows.
  writeFileSync(join(dir, "s.yaml"), scenario(2));
  assert.is(await quiet([join(dir, "s.yaml"), "--set", "transport.lb.name=ops,reps", "--out", out, "--plan"]), 0);
  // Points not run yet are rows `error: not run yet`: exit 1 (since 55a138f; this said 0).
  assert.is(await quiet(["--collect", "--out", out]), 1);
  const again = json(join(out, "sweep.json"));
  assert.equal(again.map((r) => `${r["transport.lb.name"]} ${r.status}`), ["ops error: not run yet", "reps error: not run yet"]);
});

test("--rerun of a point that now fails: its earlier results are gone, so the next sweep runs it instead of skipping it as done", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-rerun-"));
  writeFileSync(join(dir, "s.yaml"), scenario(1));
  const out = join(dir, "out");
  const points = planPoints(loadScenario(join(dir, "s.yaml")), dir, [parseSet("transport.lb.name=ecmp,ops")], out);
  assert.ok((await runPoints(points, { workers: 2 })).every((r) => r.status === "ok"));
  // The code changed and the second point no longer runs (here: its file no longer loads).
  writeFileSync(points[1].file, "{ not a scenario");
  const rerun = await runPoints(points, { workers: 2, rerun: true });
  assert.is(rerun[0].status, "ok");
  assert.match(String(rerun[1].status), /^error: /);
  assert.not.ok(existsSync(join(points[1].dir, "results.json")), "no results of the earlier run left to stand for the point");
  const next = await runPoints(points, { workers: 2 });
  assert.match(String(next[1].status), /^error: /, "the failed point is not skipped as done");
});

test.run();
