import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cmCommand, scenarioCm } from "./cm";
import { build } from "./scenario/build";
import { DEFAULT_SCENARIO } from "./scenario/default";
import type { Scenario } from "./scenario/schema";
import { parseCm } from "./traffic/cm";

const tree: Scenario["topology"] = { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 };

/** The command's exit code, stdout and stderr. */
function cli(argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const [write, error] = [process.stdout.write, console.error];
  process.stdout.write = ((s: string) => out.push(s) > 0) as typeof process.stdout.write;
  console.error = (s: string) => err.push(s);
  try {
    return { code: cmCommand(argv), out: out.join(""), err: err.join("\n") };
  } finally {
    [process.stdout.write, console.error] = [write, error];
  }
}

test("nicfw cm: the default scenario's flows, read back by the .cm reader, are the flows nicfw run builds", () => {
  const r = cli([]);
  assert.is(r.code, 0, r.err);
  const back = parseCm(r.out, "default.cm");
  const b = build(DEFAULT_SCENARIO);
  assert.is(back.nodes, b.topology.hosts);
  assert.equal(
    back.flows.map((f) => [f.src, f.dst, f.bytes, f.startNs]),
    b.flows.map((f) => [f.src, f.dst, f.bytes, f.startNs]),
  );
  assert.match(r.out, /^Nodes 16\nConnections 8\n/);
});

test("nicfw cm: a ring all-reduce keeps its dependencies (each step waits on the data it sends on); a seed draws other flows", () => {
  const s: Scenario = { topology: tree, traffic: [{ kind: "allreduce", algorithm: "ring", bytes: 40_000, groupSize: 4 }, { kind: "permutation", bytes: 1000 }] };
  const text = scenarioCm(s, 3);
  const back = parseCm(text, "ring.cm");
  const b = build(s, { seed: 3 });
  const deps = (f: { after?: number[]; afterAcked?: number[] }) => [...(f.after ?? [])].sort((x, y) => x - y).join(",") + "|" + [...(f.afterAcked ?? [])].join(",");
  assert.equal(back.flows.map(deps), b.flows.map(deps));
  assert.ok(back.flows.filter((f) => (f.after ?? []).length > 0).length >= 2 * 3 * 4 - 4, "every step after the first waits");
  assert.is.not(scenarioCm(s, 4), text, "the permutation is the seed's");
});

test("nicfw cm --start-unit ps: starts in ps, read back with startUnit ps to the same ns", () => {
  const s: Scenario = { topology: tree, traffic: [{ kind: "incast", senders: 3, receiver: 0, bytes: 20_000, staggerUs: 1.5 }] };
  const ps = scenarioCm(s, undefined, ".", "ps");
  assert.match(ps, /start 1500000 size 20000/, "1.5 µs = 1,500,000 ps");
  assert.equal(parseCm(ps, "p.cm", "ps").flows.map((f) => f.startNs), [0, 1500, 3000]);
  assert.equal(parseCm(scenarioCm(s), "u.cm").flows.map((f) => f.startNs), [0, 1500, 3000]);
});

test("nicfw cm: --out writes the file; what htsim cannot say, a bad option and a bad scenario are one line and exit 2", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-cm-"));
  const file = join(dir, "s.yaml");
  writeFileSync(file, "topology: { kind: fattree, tiers: 2, k: 4 }\ntraffic:\n  - { kind: incast, senders: 3, receiver: 0, bytes: 20000 }\n");
  const ok = cli([file, "--out", join(dir, "s.cm")]);
  assert.is(ok.code, 0, ok.err);
  assert.is(parseCm(readFileSync(join(dir, "s.cm"), "utf8"), "s.cm").flows.length, 3);
  // A butterfly's receive is awaited by several later steps with different dependency sets.
  writeFileSync(file, "topology: { kind: fattree, tiers: 2, k: 4 }\ntraffic:\n  - { kind: allreduce, algorithm: butterfly, bytes: 8000, groupSize: 4 }\n");
  const bf = cli([file]);
  assert.equal([bf.code, bf.out], [2, ""]);
  assert.match(bf.err, "nicfw cm: writeCm: flow");
  assert.is(cli([file, "--bogus"]).code, 2);
  assert.is(cli([file, "--start-unit", "ns"]).code, 2);
  writeFileSync(file, "topology: { kind: fattree, tiers: 2, k: 4 }\ntraffic:\n  - { kind: incast, senders: 3, receiver: 0, byts: 1 }\n");
  const bad = cli([file]);
  assert.is(bad.code, 2);
  assert.match(bad.err, "byts");
});

test.run();
