// What a sweep's output directory says after it was planned, collected, or run again: the rows
// of the grid asked for (README "Sweeps on a batch system": `--plan` … then `--collect` gathers
// the rows; "Experiments": a sweep writes one row per point), and never results of an earlier
// run standing for a point that `--rerun` ran again ("`--rerun` runs them all again, e.g. after
// the code changed").

import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { codeVersion } from "../metrics/code-version";
import type { Results } from "../metrics/results";
import { loadScenario } from "../scenario/load";
import { compareCommand } from "../compare";
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

/** The command in-process, its stdout and stderr kept out of the test's output (stderr's lines returned). */
async function captured(argv: string[]): Promise<{ code: number; stderr: string }> {
  const [log, err, write] = [console.log, console.error, process.stderr.write];
  const lines: string[] = [];
  console.log = () => {};
  console.error = (...a: unknown[]) => lines.push(a.join(" "));
  // The progress line goes to process.stderr.write itself.
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return { code: await sweepCommand(argv), stderr: lines.join("\n") };
  } finally {
    console.log = log;
    console.error = err;
    process.stderr.write = write;
  }
}

const quiet = async (argv: string[]) => (await captured(argv)).code;

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

test("a resumed sweep runs again the points whose results.json other code made, naming them; those this code made are skipped", async () => {
  // rev-cli F3: a point counted as done whenever its results.json existed, whichever nicfw
  // (version, commit) had made it, so one grid's rows could mix two versions of the code.
  const dir = mkdtempSync(join(tmpdir(), "nicfw-stale-"));
  writeFileSync(join(dir, "s.yaml"), scenario(1));
  const out = join(dir, "out");
  const args = [join(dir, "s.yaml"), "--set", "transport.lb.name=ecmp,ops,reps", "--out", out, "--workers", "2"];
  assert.is(await quiet(args), 0);
  const points = planPoints(loadScenario(join(dir, "s.yaml")), dir, [parseSet("transport.lb.name=ecmp,ops,reps")], out);
  const results = (i: number) => JSON.parse(readFileSync(join(points[i].dir, "results.json"), "utf8")) as Results;
  assert.equal(results(0).nicfw, codeVersion());
  // Point 1 as an older checkout would have left it.
  const older = { version: "0.0.1", commit: "0123456789abcdef0123456789abcdef01234567" };
  writeFileSync(join(points[1].dir, "results.json"), JSON.stringify({ ...results(1), nicfw: older }));
  const before = readFileSync(join(points[0].dir, "results.json"), "utf8");
  // --collect gathers what is there, and says that two versions made it (audit, 2026-12-07).
  const collected = await captured(["--collect", "--out", out]);
  assert.ok(collected.stderr.includes("nicfw sweep: --collect: note: the runs come from 2 versions of nicfw"), collected.stderr);
  assert.ok(collected.stderr.includes(`0.0.1 commit 0123456789ab: ${points[1].id}`), collected.stderr);
  const again = await captured(args);
  assert.is(again.code, 0, again.stderr);
  assert.equal(results(1).nicfw, codeVersion(), "point 1 ran again, under this code");
  assert.is(readFileSync(join(points[0].dir, "results.json"), "utf8"), before, "point 0 is this code's: skipped");
  // The commit shown by its first 7 hex digits, as git log --oneline does.
  assert.ok(again.stderr.includes("nicfw sweep: note: 1 point done by other code (nicfw 0.0.1 0123456) runs again, under this code (nicfw "), again.stderr);
  assert.ok(again.stderr.includes(`): ${points[1].id} (transport.lb.name="ops")`), again.stderr);
  // Results from before results.json named its code (2026-12-05) are other code too.
  const { nicfw: _, ...unnamed } = results(2);
  writeFileSync(join(points[2].dir, "results.json"), JSON.stringify(unnamed));
  const third = await captured(args);
  assert.equal(results(2).nicfw, codeVersion());
  assert.ok(third.stderr.includes("1 point done by other code (nicfw unknown: results.json older than 2026-12-05) runs again"), third.stderr);
  assert.ok(third.stderr.includes(`): ${points[2].id} (transport.lb.name="reps")`), third.stderr);
  // Nothing stale left: a fourth resume runs nothing and says nothing of it.
  const fourth = await captured(args);
  assert.not.match(fourth.stderr, /other code/);
});

test("--collect: a base scenario's own tags are not columns; the columns are the axes, in the threaded sweep's order", async () => {
  // rev-cli F6: --collect took the columns from each point file's tags, where the base's
  // `study: A` comes first, so sweep.csv began study,seed,transport.lb.name where the threaded
  // sweep of the same grid writes seed,transport.lb.name.
  const dir = mkdtempSync(join(tmpdir(), "nicfw-collect-tags-"));
  writeFileSync(join(dir, "s.yaml"), `${scenario(1)}tags: { study: A }\n`);
  const sets = ["--set", "seed=1,2", "--set", "transport.lb.name=ecmp,ops"];
  assert.is(await quiet([join(dir, "s.yaml"), ...sets, "--out", join(dir, "threads"), "--workers", "2"]), 0);
  const batch = join(dir, "batch");
  assert.is(await quiet([join(dir, "s.yaml"), ...sets, "--out", batch, "--plan"]), 0);
  const points = planPoints(loadScenario(join(dir, "s.yaml")), dir, [parseSet("seed=1,2"), parseSet("transport.lb.name=ecmp,ops")], batch);
  await runPoints(points, { workers: 2 });
  assert.is(await quiet(["--collect", "--out", batch]), 0);
  const head = (d: string) => readFileSync(join(d, "sweep.csv"), "utf8").split("\n")[0];
  assert.ok(head(batch).startsWith("seed,transport.lb.name,status,"), head(batch));
  assert.is(head(batch), head(join(dir, "threads")));
  // 2 seeds × 2 load balancers, the first axis slowest.
  assert.equal(json(join(batch, "sweep.json")).map((r) => `${r.seed} ${r["transport.lb.name"]}`), ["1 ecmp", "1 ops", "2 ecmp", "2 ops"]);
  // The point files keep the base's tags (results.json carries them).
  assert.is((JSON.parse(readFileSync(points[0].file, "utf8")) as { tags: Record<string, unknown> }).tags.study, "A");
});

test("--collect where nothing was planned: a message and exit 2, no stack trace, no directory made", async () => {
  // rev-cli F8: `--collect --out DIR` without DIR/points made DIR and threw ENOENT from readdirSync.
  const dir = mkdtempSync(join(tmpdir(), "nicfw-collect-none-"));
  const out = join(dir, "nothing");
  const r = await captured(["--collect", "--out", out]);
  assert.is(r.code, 2);
  assert.is(r.stderr, `nicfw sweep: --collect: ${join(out, "points")} does not exist; plan the grid first: nicfw sweep <scenario> --set … --out ${out} --plan`);
  assert.not.ok(existsSync(out), "nothing made");
  assert.equal(readdirSync(dir), []);
});


test("a sweep cut short (points, no sweep.json) is named as such by compare; --plan with --collect is refused (audit 2026-12-07)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-cut-"));
  writeFileSync(join(dir, "s.yaml"), scenario(1));
  const out = join(dir, "cut");
  assert.is(await quiet([join(dir, "s.yaml"), "--set", "seed=1,2", "--out", out, "--plan"]), 0);
  assert.not.ok(existsSync(join(out, "sweep.json")));
  const [log, err] = [console.log, console.error];
  const lines: string[] = [];
  console.log = () => {};
  console.error = (s: string) => lines.push(s);
  let code: number;
  try {
    code = compareCommand([out]);
  } finally {
    [console.log, console.error] = [log, err];
  }
  assert.is(code, 2);
  assert.match(lines.join("\n"), `${out}: a sweep that has not finished (no sweep.json)`);
  const both = await captured([join(dir, "s.yaml"), "--set", "seed=1,2", "--out", join(dir, "x"), "--plan", "--collect"]);
  assert.is(both.code, 2);
  assert.match(both.stderr, "--plan or --collect, not both");
  assert.not.ok(existsSync(join(dir, "x")), "nothing written");
});

test.run();
