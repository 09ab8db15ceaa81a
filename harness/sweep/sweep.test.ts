import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Results } from "../metrics/results";
import { loadScenario } from "../scenario/load";
import { alignSizeColumns, grid, parseSet, pathParts, planPoints, type Progress, row, runPoints, setPath, sizeBounds, splitValues, status, toCsv } from "./sweep";

// Tiny points: a 8-host 2-tier fat tree, a 2- or 3-sender incast of 20 KB and one flow from a
// connection matrix — about 15 µs simulated, a few ms each.
const SCENARIO = `name: sweep test
seed: 1
topology: { kind: fattree, tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 }
network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: true, bufferBdp: 1 }
transport: { cc: { name: nscc }, lb: { name: reps }, reliability: { name: rud } }
traffic:
  - { kind: incast, senders: 3, receiver: 0, bytes: 20000 }
  - { kind: matrix, file: side.cm }
`;
const CM = "Nodes 8\nConnections 1\n5->2 start 0 size 8172\n";
const AXES = ["transport.lb.name=reps,ecmp,ops,plb", "traffic[0].senders=2,3"];

function scenarioDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-sweep-"));
  writeFileSync(join(dir, "s.yaml"), SCENARIO);
  writeFileSync(join(dir, "side.cm"), CM);
  return dir;
}

const mtimes = (out: string) => readdirSync(join(out, "points"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => statSync(join(out, "points", d.name, "results.json")).mtimeMs);

test("--set values: commas inside brackets, braces and quotes do not split; JSON where it parses", () => {
  assert.equal(splitValues(`a,[1,2],{"x":1,"y":2},"p,q"`), ["a", "[1,2]", `{"x":1,"y":2}`, `"p,q"`]);
  assert.equal(parseSet("transport.cc.name=nscc,dctcp"), { path: "transport.cc.name", values: ["nscc", "dctcp"] });
  assert.equal(parseSet("network.bufferBdp=0.5,1, 2"), { path: "network.bufferBdp", values: [0.5, 1, 2] });
  assert.equal(parseSet("traffic[0].senderList=[1,2],[3]").values, [[1, 2], [3]]);
  assert.throws(() => parseSet("seed"), /expected <path>=/);
  assert.throws(() => parseSet("seed=1,,2"), /empty value/);
  assert.equal(pathParts("traffic[1].flows[0].bytes"), ["traffic", 1, "flows", 0, "bytes"]);
  assert.equal(pathParts("traffic.1.bytes"), ["traffic", 1, "bytes"]);
  const doc: Record<string, unknown> = { traffic: [{ kind: "incast" }] };
  setPath(doc, "traffic[0].bytes", 5);
  setPath(doc, "transport.cc.params.profile", "uec");
  assert.equal(doc, { traffic: [{ kind: "incast", bytes: 5 }], transport: { cc: { params: { profile: "uec" } } } });
});

test("--set refuses a name where the scenario has a list, and an index where it has no list: the point would not hold the value its tags claim", () => {
  // rev-cli F1: `traffic.bytes` put a property `bytes` on the traffic array, which
  // JSON.stringify drops, so every point ran the base scenario under the tag bytes=5000, 20000.
  const doc = () => ({ traffic: [{ kind: "incast", bytes: 1 }], network: { mtuBytes: 4150 } }) as Record<string, unknown>;
  assert.throws(() => setPath(doc(), "traffic.bytes", 5000), /traffic\.bytes: traffic is a list: give an index, as traffic\[0\]\.bytes/);
  assert.throws(() => setPath(doc(), "network.0", 1), /network\.0: network is not a list: 0 is no field of it/);
  assert.throws(() => setPath(doc(), "network[0].mtuBytes", 1), /network\[0\]\.mtuBytes: network is not a list/);
  // Left as it was on refusal: the throw comes before any write.
  const d = doc();
  assert.throws(() => setPath(d, "traffic.bytes", 5000));
  assert.equal(JSON.stringify(d), JSON.stringify(doc()));
  // An index into a list and a name into an object still set, and a missing container is made to the part's kind.
  const ok = doc();
  setPath(ok, "traffic.0.bytes", 5000);
  setPath(ok, "faults[1].probability", 0.5);
  assert.equal(ok.traffic, [{ kind: "incast", bytes: 5000 }]);
  assert.equal(ok.faults, [undefined, { probability: 0.5 }]);
});

test("two --set axes on the same field, or one inside the other's, are refused before any point is made", () => {
  // rev-cli F7: seed=1 beside seed=2,3 made the 1 × 2 = 2 points seed 2 and 3 (the first axis
  // lost); traffic[0].bytes=1000 beside traffic.0.bytes=2000 made 1 point tagged with both values.
  const dir = scenarioDir();
  const base = loadScenario(join(dir, "s.yaml"));
  const plan = (...sets: string[]) => () => planPoints(base, dir, sets.map(parseSet), join(dir, "out"));
  assert.throws(plan("seed=1", "seed=2,3"), /--set seed and --set seed set the same field/);
  assert.throws(plan("traffic[0].bytes=1000", "traffic.0.bytes=2000"), /--set traffic\[0\]\.bytes and --set traffic\.0\.bytes set the same field/);
  assert.throws(plan(`traffic[0]={"kind":"incast","senders":2,"receiver":0,"bytes":8000}`, "traffic[0].bytes=1000,2000"), /--set traffic\[0\]\.bytes sets a field inside --set traffic\[0\]/);
  assert.throws(plan("traffic[0].bytes=1000,2000", `traffic[0]={"kind":"incast","senders":2,"receiver":0,"bytes":8000}`), /--set traffic\[0\]\.bytes sets a field inside --set traffic\[0\]/);
  assert.not.ok(existsSync(join(dir, "out")), "nothing written");
  // Fields side by side under one parent are axes of their own.
  assert.is(plan("traffic[0].bytes=1000,2000", "traffic[0].senders=2,3", "seed=1,2")().length, 2 * 2 * 2);
});

test("the grid is every combination, the first axis slowest", () => {
  const g = grid([parseSet("a=1,2"), parseSet("b=x,y,z")]);
  assert.equal(g, [
    { a: 1, b: "x" }, { a: 1, b: "y" }, { a: 1, b: "z" },
    { a: 2, b: "x" }, { a: 2, b: "y" }, { a: 2, b: "z" },
  ]);
});

test("each point is a self-contained scenario file: its values set and tagged, the matrix inlined, runnable from anywhere", () => {
  const dir = scenarioDir();
  const out = join(dir, "out");
  const points = planPoints(loadScenario(join(dir, "s.yaml")), dir, AXES.map(parseSet), out);
  assert.is(points.length, 8);
  assert.is(new Set(points.map((p) => p.id)).size, 8);
  assert.equal(readdirSync(join(out, "points")).sort(), points.map((p) => `${p.id}.json`).sort());
  // Moved away from the base scenario and its .cm file, every point still loads.
  const elsewhere = mkdtempSync(join(tmpdir(), "nicfw-point-"));
  for (const p of points) {
    const copy = join(elsewhere, `${p.id}.json`);
    writeFileSync(copy, readFileSync(p.file));
    const s = loadScenario(copy);
    assert.is(s.transport?.lb?.name, p.values["transport.lb.name"]);
    assert.is(s.traffic[0].senders, p.values["traffic[0].senders"]);
    assert.equal(s.tags, { "transport.lb.name": p.values["transport.lb.name"], "traffic[0].senders": p.values["traffic[0].senders"] });
    assert.is(s.traffic[1].file, undefined);
    assert.is(s.traffic[1].text, CM);
  }
  assert.equal(points[0].values, { "transport.lb.name": "reps", "traffic[0].senders": 2 });
  assert.equal(points[7].values, { "transport.lb.name": "plb", "traffic[0].senders": 3 });
  // The same grid again: the same files (ids are hashes of the point files).
  assert.equal(planPoints(loadScenario(join(dir, "s.yaml")), dir, AXES.map(parseSet), out).map((p) => p.id), points.map((p) => p.id));
  // One invalid value: an error naming the point and the field, and no file written.
  const out2 = join(dir, "out2");
  assert.throws(() => planPoints(loadScenario(join(dir, "s.yaml")), dir, [parseSet("transport.lb.name=reps,nope")], out2), /transport\.lb\.name="nope"/);
  assert.not.ok(existsSync(out2));
});

test("a point inlines a cdfFile as its points: the same flows, from anywhere", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-sweep-cdf-"));
  writeFileSync(join(dir, "s.yaml"), `${SCENARIO.split("traffic:")[0]}traffic:\n  - { kind: cdf, cdfFile: sizes.txt, load: 0.3, durationUs: 50 }\n`);
  writeFileSync(join(dir, "sizes.txt"), "# bytes percent\n0 0\n10000 50\n50000 100\n");
  const points = planPoints(loadScenario(join(dir, "s.yaml")), dir, [parseSet("seed=1,2")], join(dir, "out"));
  for (const p of points) {
    const s = loadScenario(p.file);
    assert.is(s.traffic[0].cdfFile, undefined);
    assert.equal(s.traffic[0].cdfPoints, [[0, 0], [10000, 50], [50000, 100]]);
  }
  writeFileSync(join(dir, "sizes.txt"), "0 0\n10000 50\n50000 99\n");
  assert.throws(() => planPoints(loadScenario(join(dir, "s.yaml")), dir, [parseSet("seed=1,2")], join(dir, "out2")), /traffic\[0\]\.cdfFile: .*sizes\.txt:3: the last point must be at 100 %/);
});

test("runPoints: 8 points on 2 worker threads (from the TypeScript sources), then a rerun that runs nothing", async () => {
  const dir = scenarioDir();
  const out = join(dir, "out");
  const points = planPoints(loadScenario(join(dir, "s.yaml")), dir, AXES.map(parseSet), out);
  const seen: Progress[] = [];
  const rows = await runPoints(points, { workers: 2, progress: (p) => seen.push(p) });
  assert.is(rows.length, 8);
  assert.ok(rows.every((r) => r.status === "ok"), JSON.stringify(rows.map((r) => r.status)));
  rows.forEach((r, i) => {
    assert.is(r["transport.lb.name"], points[i].values["transport.lb.name"]);
    // 2 or 3 incast flows plus the matrix flow.
    assert.is(r.flows, (points[i].values["traffic[0].senders"] as number) + 1);
    const res = JSON.parse(readFileSync(join(points[i].dir, "results.json"), "utf8")) as Results;
    assert.is(r.fct_p99_us, res.metrics.fctUs.all.p99);
    assert.equal([r.acked_p99_us, r.slowdown_hpcc_p99, r.late_acks], [res.metrics.ackedUs?.all.p99, res.metrics.slowdownHpcc?.all.p99, res.metrics.lateAcks?.flows]);
    assert.ok(existsSync(join(points[i].dir, "flows.csv")));
  });
  const last = seen[seen.length - 1];
  assert.equal(last, { done: 8, total: 8, running: 0, skipped: 0, failed: 0, incomplete: 0 });
  assert.is(Math.max(...seen.map((p) => p.running)), 2, "two points in flight at once");
  assert.ok(seen.every((p, i) => i === 0 || p.done >= seen[i - 1].done), "progress only moves forward");

  const before = mtimes(out);
  const again: Progress[] = [];
  const rows2 = await runPoints(points, { workers: 2, progress: (p) => again.push(p) });
  assert.equal(again, [{ done: 8, total: 8, running: 0, skipped: 8, failed: 0, incomplete: 0 }], "all 8 skipped, none started");
  assert.equal(mtimes(out), before, "no results.json rewritten");
  assert.equal(rows2, rows);

  // A point whose results are gone is the only one run again.
  rmSync(points[5].dir, { recursive: true });
  const third: Progress[] = [];
  await runPoints(points, { workers: 2, progress: (p) => third.push(p) });
  assert.equal(third[third.length - 1], { done: 8, total: 8, running: 0, skipped: 7, failed: 0, incomplete: 0 });
  assert.ok(existsSync(join(points[5].dir, "results.json")));

  // --rerun: every point runs again and its results are rewritten.
  const mid = mtimes(out);
  const fourth: Progress[] = [];
  await runPoints(points, { workers: 2, rerun: true, progress: (p) => fourth.push(p) });
  assert.equal(fourth[fourth.length - 1], { done: 8, total: 8, running: 0, skipped: 0, failed: 0, incomplete: 0 });
  const after = mtimes(out);
  assert.is(after.length, 8);
  assert.ok(mid.every((t, i) => after[i] > t), "every results.json rewritten");
});

test("a point that fails is a row with its error; the others still run", async () => {
  const dir = scenarioDir();
  const out = join(dir, "out");
  const points = planPoints(loadScenario(join(dir, "s.yaml")), dir, [parseSet("traffic[0].receiver=0,99")], out);
  const rows = await runPoints(points, { workers: 2 });
  assert.is(rows[0].status, "ok");
  assert.match(String(rows[1].status), /^error: .*99/);
});

test("a point cut off by run.maxEvents is a row of status budget, not ok: its metrics cover only the flows that finished", () => {
  const r = { integrity: { ok: true, violations: [] }, eventBudgetSpent: true, completed: 0, failed: 0, flowsTotal: 3, simulatedUs: 10 } as unknown as Results;
  assert.is(row({ id: "p", values: {} }, r).status, "budget");
  assert.is(row({ id: "p", values: {} }, { ...r, eventBudgetSpent: undefined, completed: 3 }).status, "ok");
  // An integrity failure says more than the budget.
  assert.is(row({ id: "p", values: {} }, { ...r, integrity: { ok: false, violations: ["x"] } }).status, "integrity failed");
});

test("a point whose run ended with flows open is a row of status incomplete, not ok (its FCTs are the finished flows')", () => {
  // Hand-built: 72 flows, 46 complete and none given up when run.endUs came: 72 − 46 − 0 = 26
  // open. With 70 complete and the other 2 given up by their reliability module (DCP's retry
  // limit), 72 − 70 − 2 = 0 are open: the run is over, ok.
  const r = { integrity: { ok: true, violations: [] }, completed: 46, failed: 0, flowsTotal: 72, simulatedUs: 10000 } as unknown as Results;
  const p = { id: "p", values: { seed: 1 } };
  assert.is(row(p, r).status, "incomplete");
  assert.is(status(r), "incomplete");
  assert.is(row(p, { ...r, completed: 70, failed: 2 }).status, "ok");
  assert.is(row(p, { ...r, completed: 72 }).status, "ok");
  // The run.maxEvents stop and an integrity failure say more, as before; no results is an error.
  assert.is(row(p, { ...r, eventBudgetSpent: true }).status, "budget");
  assert.is(row(p, { ...r, integrity: { ok: false, violations: ["x"] } }).status, "integrity failed");
  assert.is(row(p, null, "boom").status, "error: boom");
  // Its place among the columns is status's: the row keeps its layout.
  assert.equal(Object.keys(row(p, r)).slice(0, 4), ["seed", "status", "completed", "flows"]);
  assert.equal([row(p, r).completed, row(p, r).flows], [46, 72]);
});

test("sweep.csv: the time to the last ACK p99, HPCC's slowdown p99 and the late last ACKs, appended after point", () => {
  // A hand-built results file: two flows whose last ACKs came 30 and 8,040 µs after their start,
  // the second a lost final ACK that waited out DCP's 8 ms RTO. By nearest rank the p99 of two
  // values is the ⌈0.99 × 2⌉ = 2nd, the larger one: 8,040 µs; HPCC's slowdowns 1.5 and 402 give
  // p99 402; one flow was acknowledged more than the RTO after its last byte.
  const stats = (a: number, b: number) => ({ n: 2, mean: (a + b) / 2, p50: a, p95: b, p99: b, max: b });
  const metrics = {
    fctUs: { all: stats(20, 40), bySize: [], byClass: {} },
    slowdown: { all: stats(1, 2), bySize: [], byClass: {} },
    ackedUs: { all: stats(30, 8040), bySize: [], byClass: {} },
    slowdownHpcc: { all: stats(1.5, 402), bySize: [], byClass: {} },
    lateAcks: { flows: 1, thresholdUs: 8000, maxGapUs: 8000 },
    jobs: [],
    goodput: { totalGbps: 1, perFlowMeanGbps: 1, perFlowMinGbps: 1 },
    drops: { total: 0 },
    trims: 0,
    retransmissions: { total: 1, spurious: 0, timeouts: 1 },
    outOfOrder: { percent: 0 },
    pfc: { pauseFrames: 0 },
  };
  const r = { integrity: { ok: true, violations: [] }, completed: 2, flowsTotal: 2, simulatedUs: 8100, metrics } as unknown as Results;
  const x = row({ id: "p", values: { seed: 1 } }, r);
  // The columns before 2026-12-05, in their order, then the three new ones.
  const old = ["seed", "status", "completed", "flows", "fct_p50_us", "fct_p95_us", "fct_p99_us", "fct_max_us", "slowdown_p50", "slowdown_p99", "jct_max_us", "goodput_gbps", "drops", "trims", "retransmissions", "spurious", "rtos", "ooo_percent", "pfc_pauses", "simulated_us", "point"];
  assert.equal(Object.keys(x).slice(0, old.length + 3), [...old, "acked_p99_us", "slowdown_hpcc_p99", "late_acks"]);
  assert.equal([x.acked_p99_us, x.slowdown_hpcc_p99, x.late_acks], [8040, 402, 1]);
  // FCT p99 stays the last byte's: 40 µs, the wait hidden.
  assert.is(x.fct_p99_us, 40);
  // Results written before the metrics existed, and a point without results: empty cells.
  const { ackedUs: _a, slowdownHpcc: _s, lateAcks: _l, ...older } = metrics;
  const y = row({ id: "q", values: { seed: 2 } }, { ...r, metrics: older } as unknown as Results);
  assert.equal([y.acked_p99_us, y.slowdown_hpcc_p99, y.late_acks], [null, null, null]);
  assert.equal([row({ id: "z", values: { seed: 3 } }, null).late_acks], [null]);
  const csv = toCsv([x, y]).trimEnd().split("\n");
  assert.ok(csv[0].includes(",point,acked_p99_us,slowdown_hpcc_p99,late_acks,"), csv[0]);
  assert.ok(csv[1].includes(",p,8040,402,1,"), csv[1]);
  assert.ok(csv[2].includes(",q,,,,"), csv[2]);
});

test("sweep.csv: slowdown mean and p95, ECN marks, trims by site, and per size class n, p50, p99 with its bounds in the name, after late_acks", () => {
  // A hand-built results file. Slowdowns of five flows, 1, 1, 2, 3, 8: mean 15 / 5 = 3; by nearest
  // rank p95 is the ⌈0.95 × 5⌉ = 5th, 8. 40 trims, 30 at last-hop ports and 10 elsewhere; 12 ECN
  // marks. Size classes (bounds 200,000 and 10,000,000): three flows below 200 KB (slowdowns
  // 1, 1, 3: p50 the ⌈1.5⌉ = 2nd, 1; p99 the 3rd, 3), two above 10 MB (2, 8: p50 the 1st, 2;
  // p99 the 2nd, 8); the class between has flows, none finished (n 0, no percentiles).
  const stats = (n: number, mean: number | null, p50: number | null, p95: number | null, p99: number | null) => ({ n, mean, p50, p95, p99, max: p99 });
  const slowdown = {
    all: stats(5, 3, 2, 8, 8),
    bySize: [
      { label: "< 200 KB", loBytes: 0, hiBytes: 200_000, ...stats(3, 5 / 3, 1, 3, 3) },
      { label: "200 KB – 10 MB", loBytes: 200_000, hiBytes: 10_000_000, ...stats(0, null, null, null, null) },
      { label: "≥ 10 MB", loBytes: 10_000_000, hiBytes: null, ...stats(2, 5, 2, 8, 8) },
    ],
    byClass: {},
  };
  const metrics = {
    fctUs: { all: stats(5, 1, 1, 1, 1), bySize: [], byClass: {} },
    slowdown,
    jobs: [],
    goodput: { totalGbps: 1, perFlowMeanGbps: 1, perFlowMinGbps: 1 },
    drops: { total: 0 },
    trims: 40,
    trimSites: { lastHop: 30, elsewhere: 10, byClass: {}, ports: [] },
    retransmissions: { total: 0, spurious: 0, timeouts: 0 },
    outOfOrder: { percent: 0 },
    pfc: { pauseFrames: 0 },
  };
  const r = { integrity: { ok: true, violations: [] }, completed: 5, flowsTotal: 6, simulatedUs: 100, totals: { ecnMarks: 12 }, metrics } as unknown as Results;
  const x = row({ id: "p", values: { seed: 1 } }, r);
  const keys = Object.keys(x);
  const added = ["slowdown_mean", "slowdown_p95", "ecn_marks", "trims_last_hop", "trims_elsewhere"];
  const sizes = ["size_0_200000", "size_200000_10000000", "size_10000000_inf"].flatMap((s) => [`${s}_n`, `${s}_slowdown_p50`, `${s}_slowdown_p99`]);
  assert.equal(keys.slice(keys.indexOf("late_acks") + 1), [...added, ...sizes]);
  assert.equal(added.map((k) => x[k]), [3, 8, 12, 30, 10]);
  assert.equal(sizes.map((k) => x[k]), [3, 1, 3, 0, null, null, 2, 2, 8]);

  // Results written before the bounds (2026-12-06): the label gives them, the same columns.
  const unbounded = slowdown.bySize.map(({ loBytes: _, hiBytes: __, ...s }) => s);
  const old = row({ id: "q", values: { seed: 2 } }, { ...r, metrics: { ...metrics, slowdown: { ...slowdown, bySize: unbounded }, trimSites: undefined } } as unknown as Results);
  assert.equal(sizes.map((k) => old[k]), [3, 1, 3, 0, null, null, 2, 2, 8]);
  // … and before trimSites (2026-12-05): empty, as a point without results.
  assert.equal([old.trims_last_hop, old.trims_elsewhere], [null, null]);
  assert.equal(added.map((k) => row({ id: "z", values: { seed: 3 } }, null)[k]), [null, null, null, null, null]);
  assert.equal(sizeBounds({ label: "1.5 KB – 1 MB", n: 0, mean: null, p50: null, p95: null, p99: null, max: null }), { lo: 1500, hi: 1_000_000 });
  assert.equal(sizeBounds({ label: "< 512 B", n: 0, mean: null, p50: null, p95: null, p99: null, max: null }), { lo: 0, hi: 512 });

  // Written out, every row has every class's columns, ordered by bounds, empty where it has no
  // such class (here a point whose flows were all under 200 KB, listed first).
  const small: Record<string, unknown> = { ...x, point: "s" };
  for (const k of sizes.slice(3)) delete small[k];
  const rows = alignSizeColumns([small, x]);
  const csv = toCsv(rows).trimEnd().split("\n");
  assert.ok(csv[0].endsWith(`,late_acks,${[...added, ...sizes].join(",")}`), csv[0]);
  assert.ok(csv[1].endsWith(",3,8,12,30,10,3,1,3,,,,,,"), csv[1]);
  assert.ok(csv[2].endsWith(",3,8,12,30,10,3,1,3,0,,,2,2,8"), csv[2]);
  assert.equal(Object.keys(rows[0]), Object.keys(rows[1]), "sweep.json's rows alike");
});

// The built CLI is its own worker script. `npm test` builds before the unit tests.
const CLI = resolve("dist/cli/nicfw.js");
const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8" });

test("nicfw sweep (built CLI): 8 points on 2 workers, one CSV and JSON row per point, progress on stderr, a rerun skips them all", () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  const dir = scenarioDir();
  const args = ["sweep", "s.yaml", ...AXES.flatMap((a) => ["--set", a]), "--workers", "2", "--out", "grid"];
  const r = cli(args, dir);
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stdout, "wrote grid/sweep.csv and sweep.json: 8 points\n", "stdout is the one summary line");
  assert.match(r.stderr, /^sweep: 8\/8 points done \(0 already done, 0 failed\), 0 running/m);
  const csv = readFileSync(join(dir, "grid", "sweep.csv"), "utf8").trimEnd().split("\n");
  assert.is(csv.length, 1 + 8);
  assert.ok(csv[0].startsWith("transport.lb.name,traffic[0].senders,status,completed,flows,fct_p50_us"));
  const heads = ["reps,2,ok", "reps,3,ok", "ecmp,2,ok", "ecmp,3,ok", "ops,2,ok", "ops,3,ok", "plb,2,ok", "plb,3,ok"];
  assert.equal(csv.slice(1).map((l) => l.split(",").slice(0, 3).join(",")), heads);
  const json = JSON.parse(readFileSync(join(dir, "grid", "sweep.json"), "utf8")) as Record<string, unknown>[];
  assert.is(json.length, 8);
  assert.equal(json.map((x) => x.completed), [3, 4, 3, 4, 3, 4, 3, 4]);
  assert.equal(json.map((x) => `${x["transport.lb.name"]},${x["traffic[0].senders"]},${x.status}`), heads);

  const before = mtimes(join(dir, "grid"));
  const again = cli(args, dir);
  assert.is(again.status, 0, again.stderr);
  assert.match(again.stderr, /sweep: 8\/8 points done \(8 already done, 0 failed\)/);
  assert.equal(mtimes(join(dir, "grid")), before, "no point ran again");
  assert.is(readFileSync(join(dir, "grid", "sweep.csv"), "utf8").trimEnd(), csv.join("\n"));

  // The sweep directory stands for its points in nicfw compare: a column per point, in grid order.
  const cmp = cli(["compare", "grid", "--csv"], dir);
  assert.is(cmp.status, 0, cmp.stderr);
  const table = cmp.stdout.trimEnd().split("\n");
  // The lb differs between points without telling them apart: it comes first, its tag left out (compare.ts runLabels).
  assert.is(table[0], ["metric", ...heads.map((h) => `${h.split(",")[0]} · traffic[0].senders=${h.split(",")[1]}`)].join(","));
  assert.ok(table.includes("flows complete,3/3,4/4,3/3,4/4,3/3,4/4,3/3,4/4"));
});

test("a sub-grid run into the same OUT: its rows alone in sweep.csv, and sweep, --collect and compare name the finished points they leave out", () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  const dir = scenarioDir();
  const sweep = (lbs: string) => cli(["sweep", "s.yaml", "--set", `transport.lb.name=${lbs}`, "--set", "traffic[0].senders=2", "--workers", "2", "--out", "grid"], dir);
  const full = sweep("reps,ecmp,ops");
  assert.is(full.status, 0, full.stderr);
  // (A tree with uncommitted changes adds a note on the points it reuses: not this one.)
  assert.not.match(full.stderr, /not in the grid/, "nothing outside the grid yet");
  // The sub-grid of one point: 3 points finished in grid/points, 1 of them in the grid, so
  // 3 − 1 = 2 are left out of sweep.csv and of compare, and said so.
  const sub = sweep("reps");
  assert.is(sub.status, 0, sub.stderr);
  assert.match(sub.stderr, /sweep: 1\/1 points done \(1 already done/);
  const note = (cmd: string) =>
    `nicfw ${cmd}: note: 2 finished points in grid/points are not in the grid of grid/sweep.csv (each sweep or --collect writes the rows of its own grid only, so nicfw compare grid leaves them out); to include them: nicfw compare grid/points/*/results.json, or run the full grid into grid again (its finished points are skipped, not run)`;
  assert.ok(sub.stderr.includes(note("sweep")), sub.stderr);
  assert.is(readFileSync(join(dir, "grid", "sweep.csv"), "utf8").trimEnd().split("\n").length, 1 + 1);
  const collect = cli(["sweep", "--collect", "--out", "grid"], dir);
  assert.ok(collect.stderr.includes(note("sweep")), collect.stderr);
  const cmp = cli(["compare", "grid", "--csv"], dir);
  assert.is(cmp.status, 0, cmp.stderr);
  assert.is(cmp.stdout.split("\n")[0], "metric,nscc+reps+rud");
  assert.ok(cmp.stderr.includes(note("compare")), cmp.stderr);
  // What the note offers: every finished point, a column each.
  const all = readdirSync(join(dir, "grid", "points")).filter((d) => existsSync(join(dir, "grid", "points", d, "results.json")));
  const each = cli(["compare", ...all.map((d) => join("grid", "points", d, "results.json")), "--csv"], dir);
  assert.is(each.stdout.split("\n")[0].split(",").length, 1 + 3);
  // The full grid again runs nothing and leaves nothing out.
  const again = sweep("reps,ecmp,ops");
  assert.match(again.stderr, /sweep: 3\/3 points done \(3 already done/);
  assert.not.match(again.stderr, /not in the grid/);
  // (stderr may carry node's own warnings under the test runner: NO_COLOR with FORCE_COLOR)
  assert.not.match(cli(["compare", "grid"], dir).stderr, /nicfw/);
});

test("a module parameter the schema cannot judge fails the sweep before any point runs (exit 2, naming the point; nothing written)", () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  const dir = scenarioDir();
  // A typo in an NSCC profile, and RACK's window given flat, where it takes { sender, receiver }.
  const rack = JSON.stringify({ name: "rack", params: { windowPackets: 5 } });
  for (const [set, error] of [
    ["transport.cc.params.profile=uec,uecx", 'point transport.cc.params.profile="uecx" traffic[0].senders=3: transport.cc.params.profile: Nscc: unknown profile uecx'],
    [`transport.reliability=${rack}`, `point transport.reliability=${rack} traffic[0].senders=3: transport.reliability.params.windowPackets: unknown parameter windowPackets; reliability rack takes params: { sender: {…}, receiver: {…} } (see lib/reliability/rack/README.md)`],
  ]) {
    for (const mode of [[], ["--plan"]]) {
      const r = cli(["sweep", "s.yaml", "--set", set, "--set", "traffic[0].senders=2,3", "--workers", "2", "--out", "grid", ...mode], dir);
      assert.is(r.status, 2, `${set} ${mode}: ${r.stdout}${r.stderr}`);
      assert.ok(r.stderr.includes(error), r.stderr);
      assert.ok(!existsSync(join(dir, "grid", "points")) && !existsSync(join(dir, "grid", "sweep.csv")), "nothing written");
    }
  }
});

test("nicfw sweep: a point stopped by run.maxEvents is counted apart and exits 0; compare shows which", () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  const dir = scenarioDir();
  // A budget of one event stops a run at the first check, after 65,536 events: 3 × 20 KB takes
  // fewer and finishes; 3 × 16 MB takes about 118,000 and is cut off.
  const r = cli(["sweep", "s.yaml", "--set", "traffic[0].bytes=20000,16000000", "--set", "run.maxEvents=1", "--workers", "2", "--out", "grid"], dir);
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stdout, "wrote grid/sweep.csv and sweep.json: 2 points, 1 stopped by run.maxEvents (status budget)\n");
  const rows = JSON.parse(readFileSync(join(dir, "grid", "sweep.json"), "utf8")) as Record<string, unknown>[];
  assert.equal(rows.map((x) => x.status), ["ok", "budget"]);
  const cmp = cli(["compare", "grid", "--csv"], dir);
  assert.ok(cmp.stdout.includes("\nstopped by run.maxEvents,no,yes\n"), cmp.stdout);
});

test("nicfw sweep: a point that ends at run.endUs with flows open is incomplete, counted in the progress and the summary, and exits 0", () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  const dir = scenarioDir();
  // run.endUs = 100 µs. 3 × 20 KB finish in about 15 µs; three 16 MB flows into one 100 Gb/s
  // port need 3 × 16e6 × 8 / 100e9 = 3.84 ms, and even one alone 1.28 ms: all three are open at
  // 100 µs, so that point has at most the matrix flow of its 4 complete.
  const args = ["sweep", "s.yaml", "--set", "traffic[0].bytes=20000,16000000", "--set", "run.endUs=100", "--workers", "2", "--out", "grid"];
  const r = cli(args, dir);
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stdout, "wrote grid/sweep.csv and sweep.json: 2 points, 1 ended with flows open (status incomplete)\n");
  assert.match(r.stderr, /sweep: 2\/2 points done \(0 already done, 0 failed, 1 incomplete\), 0 running/);
  const rows = JSON.parse(readFileSync(join(dir, "grid", "sweep.json"), "utf8")) as Record<string, unknown>[];
  assert.equal(rows.map((x) => x.status), ["ok", "incomplete"]);
  assert.equal(rows.map((x) => x.flows), [4, 4]);
  assert.is(rows[0].completed, 4);
  assert.ok((rows[1].completed as number) <= 1, String(rows[1].completed));
  const csv = readFileSync(join(dir, "grid", "sweep.csv"), "utf8").trimEnd().split("\n");
  assert.equal(csv.slice(1).map((l) => l.split(",").slice(0, 3).join(",")), ["20000,100,ok", "16000000,100,incomplete"]);
  // Run again: both skipped as done, the incomplete one still counted.
  const again = cli(args, dir);
  assert.is(again.status, 0, again.stderr);
  assert.match(again.stderr, /sweep: 2\/2 points done \(2 already done, 0 failed, 1 incomplete\)/);
  const collect = cli(["sweep", "--collect", "--out", "grid"], dir);
  assert.is(collect.stdout, "wrote grid/sweep.csv and sweep.json: 2 points, 1 ended with flows open (status incomplete)\n");
});

test("a grid for a batch system: --plan writes one nicfw run per point, each runs alone, --collect gathers the rows", () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  const dir = scenarioDir();
  const plan = cli(["sweep", "s.yaml", "--set", "traffic[0].senders=1,2", "--out", "batch", "--plan"], dir);
  assert.is(plan.status, 0, plan.stderr);
  const jobs = readFileSync(join(dir, "batch", "jobs.txt"), "utf8").trimEnd().split("\n");
  assert.is(jobs.length, 2);
  assert.ok(!existsSync(join(dir, "batch", "sweep.csv")), "nothing ran");
  // The first job only, as a batch system would run it: its line through a shell, from the
  // output directory, which lies outside any project (npx would look for nicfw on the registry).
  const call = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`;
  assert.is(jobs[0].slice(0, call.length), call);
  assert.match(jobs[0].slice(call.length), /^ run points\/[0-9a-f]{12}\.json --out points\/[0-9a-f]{12} --quiet$/);
  const job = spawnSync("sh", ["-c", jobs[0]], { cwd: join(dir, "batch"), encoding: "utf8" });
  assert.is(job.status, 0, job.stderr);
  // A point not run yet is a row `error: …`: exit 1, as a sweep with one (review docs-repro: 0).
  const collect = cli(["sweep", "--collect", "--out", "batch"], dir);
  assert.is(collect.status, 1, collect.stderr);
  assert.is(collect.stdout, "wrote batch/sweep.csv and sweep.json: 2 points, 1 not ok\n");
  const rows = JSON.parse(readFileSync(join(dir, "batch", "sweep.json"), "utf8")) as Record<string, unknown>[];
  assert.is(rows.length, 2);
  assert.equal(rows.map((x) => x.status).sort(), ["error: not run yet", "ok"]);
  // The second job done, every row is ok.
  assert.is(spawnSync("sh", ["-c", jobs[1]], { cwd: join(dir, "batch"), encoding: "utf8" }).status, 0);
  const all = cli(["sweep", "--collect", "--out", "batch"], dir);
  assert.is(all.status, 0, all.stderr);
  assert.is(all.stdout, "wrote batch/sweep.csv and sweep.json: 2 points\n");
});

test("nicfw sweep: a --set path that cannot hold its value, or two axes on one field, exit 2 naming them, before any point is written", () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  const dir = scenarioDir();
  for (const [sets, error] of [
    [["traffic.bytes=5000,20000"], "nicfw sweep: --set traffic.bytes: traffic is a list: give an index, as traffic[0].bytes"],
    [["seed=1", "seed=2,3"], "nicfw sweep: --set seed and --set seed set the same field"],
  ] as const) {
    const r = cli(["sweep", "s.yaml", ...sets.flatMap((s) => ["--set", s]), "--workers", "2", "--out", "grid"], dir);
    assert.is(r.status, 2, `${sets}: ${r.stdout}${r.stderr}`);
    assert.ok(r.stderr.includes(error), r.stderr);
    assert.not.ok(existsSync(join(dir, "grid", "points")), "no point written");
  }
});

test.run();
