// results.json `moduleParams` and the summary's module line: what each module ran with, derived by
// hand from UEC 1.0 Table 3-76 (NSCC) and the network's constants (notes/uec-htsim-reference.md §2).
import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import type { Scenario } from "../scenario/schema";
import { collect, groupThousands, type ModuleParams, type Results, summary } from "./results";

/** The 3-tier k = 4 tree of uet-htsim's setup at 100 Gb/s, 1 µs links, MTU 4,150 B, header 64 B (scenario/default.ts). */
const TREE = { kind: "fattree", tiers: 3, k: 4, linkGbps: 100, latencyNs: 1000 };

/** The results of a scenario built and not run: moduleParams depends on the build alone. */
function built(s: object): Results {
  return collect(build(s as Scenario));
}

function entry(r: Results, area: string, scope?: string): ModuleParams {
  const m = (r.moduleParams ?? []).filter((x) => x.area === area && (scope === undefined || x.scope === scope));
  assert.is(m.length, 1, `one ${area} entry${scope ? ` in ${scope}` : ""} in ${JSON.stringify(r.moduleParams?.map((x) => [x.area, x.name, x.scope]))}`);
  return m[0];
}

const close = (got: unknown, want: number, what: string) => assert.ok(typeof got === "number" && Math.abs(got - want) < 1e-6, `${what}: ${got}, expected ${want}`);

// The network RTT over the 6 links of the longest path: 2 × 6 × 1,000 ns of propagation, plus a
// data packet's and an ACK's serialisation per link, 6 × (4,150 + 64) × 8 / 100 = 6 × 337.12 ns:
// 12,000 + 2,022.72 = 14,022.72 ns. BDP = 100 Gb/s × 14,022.72 ns / 8 = 175,284 B.
// UEC Table 3-76 with trimming: target_qdelay = 0.75 × 14,022.72 = 10,517.04 ns;
// scaling_a = 175,284 / 150,000 = 1.16856 and MSS = 4,150 − 64 = 4,086 B, so
// fi = 5 × 4,086 × 1.16856 = 23,873.6808 B, eta = 0.15 × 4,086 × 1.16856 = 716.210424 B,
// alpha = 4 × scaling_a × scaling_b × MSS / target with scaling_b = target / 12,000 ns
//       = 4 × 1.16856 × 4,086 / 12,000 = 1.59157872 B/ns; MaxWnd = 1.5 × 175,284 = 262,926 B;
// qa_threshold "large" (never) with trimming in the standard's table.
test("results.json records the NSCC profile the fabric ran by default, uec, with its derived constants", () => {
  const r = built({ topology: TREE, transport: { cc: { name: "nscc" }, lb: { name: "reps" }, reliability: { name: "rud" } }, traffic: [{ kind: "incast", senders: 2, receiver: 0, bytes: 100_000 }] });
  const cc = entry(r, "cc");
  assert.equal([cc.name, cc.profile, cc.scope, cc.flows], ["nscc", "uec", "transport.cc", 2]);
  const p = cc.params;
  close(p.baseRttNs, 14_022.72, "baseRttNs");
  close(p.bdpBytes, 175_284, "bdpBytes");
  close(p.targetDelayNs, 10_517.04, "targetDelayNs");
  close(p.fiBytes, 23_873.6808, "fiBytes");
  close(p.etaBytes, 716.210424, "etaBytes");
  close(p.alphaBytesPerNs, 1.59157872, "alphaBytesPerNs");
  close(p.maxWndBytes, 262_926, "maxWndBytes");
  // JSON has no Infinity: the threshold that never fires is written by name.
  assert.is(p.qaThresholdNs, "Infinity");
  assert.is(p.delayAverager, "ewma");
  assert.is(JSON.parse(JSON.stringify(r)).moduleParams[0].params.qaThresholdNs, "Infinity", "it survives results.json");
  // REPS: the fabric's uec-htsim, not the module's own default (paper).
  const lb = entry(r, "lb");
  assert.equal([lb.name, lb.profile, lb.scope, lb.flows], ["reps", "uec-htsim", "transport.lb", 2]);
  // RUD's window: BDP = ⌈175,284 / 4,150⌉ = 43 packets; 2 × 43 = 86 → 128, below the floor of 1,024.
  const rel = entry(r, "reliability");
  assert.equal([rel.name, rel.profile, rel.params.windowPackets], ["rud", null, 1024]);
  // The switches' queues: uet-htsim's profile, RED from 20 % / 80 % of the BDP in whole packets,
  // ⌈0.2 × 43⌉ = 9 and ⌈0.8 × 43⌉ = 35 packets of 4,150 B.
  const q = (r.moduleParams ?? []).find((x) => x.area === "switch" && x.name === "queue");
  assert.equal([q?.profile, q?.params.kMinBytes, q?.params.kMaxBytes], ["uec-htsim", 37_350, 145_250]);
});

test("uec-htsim where the scenario asks: QuickAdapt at 4 × target and eta in whole bytes (uec-htsim-reference §3)", () => {
  const r = built({ topology: TREE, transport: { cc: { name: "nscc", params: { profile: "uec-htsim" } }, lb: { name: "reps" }, reliability: { name: "rud" } }, traffic: [{ kind: "incast", senders: 2, receiver: 0, bytes: 100_000 }] });
  const cc = entry(r, "cc");
  assert.is(cc.profile, "uec-htsim");
  // 4 × 10,517.04 = 42,068.16 ns; ⌊716.210424⌋ = 716 B.
  close(cc.params.qaThresholdNs, 42_068.16, "qaThresholdNs");
  assert.is(cc.params.etaBytes, 716);
  assert.is(cc.params.delayAverager, "htsim");
});

// Two DCs of a 2 × 2 leaf–spine, 2 hosts per leaf, 100 Gb/s 1 µs links, a 400 Gb/s 5 µs WAN.
// Within a DC the longest route is host–leaf–spine–leaf–host, 4 links: 2 × 4,000 + 4 × 337.12 =
// 9,348.48 ns. Across: 6 such links and the WAN, 2 × (6,000 + 5,000) + 6 × 337.12 + (4,214 × 8 /
// 400 = 84.28) = 24,107 ns. The targets: 0.75 × 9,348.48 = 7,011.36 ns and 0.75 × 24,107 = 18,080.25 ns.
test("on two DCs each RTT class's tables are an entry of their own, with that class's base RTT and target", () => {
  const r = built({
    topology: { kind: "twodc", leaves: 2, spines: 2, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 1000, wanGbps: 400, wanLatencyNs: 5000 },
    transport: { cc: { name: "nscc" }, lb: { name: "plb" }, reliability: { name: "rud" } },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 2, bytes: 10_000 }, { src: 0, dst: 5, bytes: 10_000 }] }],
  });
  const intra = entry(r, "cc", "transport.cc (intra-DC)");
  const inter = entry(r, "cc", "transport.cc (inter-DC)");
  close(intra.params.baseRttNs, 9_348.48, "intra-DC baseRttNs");
  close(intra.params.targetDelayNs, 7_011.36, "intra-DC targetDelayNs");
  close(inter.params.baseRttNs, 24_107, "inter-DC baseRttNs");
  close(inter.params.targetDelayNs, 18_080.25, "inter-DC targetDelayNs");
  // PLB's round is one RTT of the class, whole ns: 9,348 and 24,107.
  assert.is(entry(r, "lb", "transport.lb (intra-DC)").params.roundNs, 9_348);
  assert.is(entry(r, "lb", "transport.lb (inter-DC)").params.roundNs, 24_107);
});

test("Spritz's tables, one per source switch, are one entry with their count and seeds", () => {
  // Dragonfly p = 1, a = 2, h = 1: 2 groups of 2 switches, one host each; a permutation sends from all 6 hosts.
  const r = built({ topology: { kind: "dragonfly", p: 1, a: 2, h: 1, linkGbps: 100, latencyNs: 100 }, transport: { cc: { name: "nscc" }, lb: { name: "spritz-spray" }, reliability: { name: "rud" } }, traffic: [{ kind: "permutation", bytes: 10_000 }] });
  const lb = entry(r, "lb");
  assert.equal([lb.name, lb.tables, lb.flows, lb.seeds?.length], ["spritz-spray", r.switches, r.flowsTotal, r.switches]);
  assert.is(lb.params.seed, undefined, "the seeds are listed apart");
  assert.is(lb.params.srcSwitch, undefined, "where a table sits is no parameter");
  assert.is(lb.params.network, undefined, "the topology is not copied into results.json");
});

test("the summary names each module with its profile, and the routing", () => {
  const r = built({ topology: TREE, transport: { cc: { name: "nscc" }, lb: { name: "ecmp" }, reliability: { name: "rud" } }, traffic: [{ kind: "incast", senders: 2, receiver: 0, bytes: 100_000 }] });
  assert.is(summary(r).split("\n")[1], `${r.topology}; cc nscc (profile uec) + lb ecmp + reliability rud; routing ecmp; queue profile uec-htsim; seed ${r.seed}`);
  // A Dragonfly routes minimally by default (build.ts): the load balancer there steers nothing,
  // which the line must let a reader see without results.json.
  const d = built({ topology: { kind: "dragonfly", p: 1, a: 2, h: 1, linkGbps: 100, latencyNs: 100 }, traffic: [{ kind: "permutation", bytes: 10_000 }] });
  assert.match(summary(d).split("\n")[1], /\+ lb reps \(profile uec-htsim\) \+ reliability rud; routing minimal; queue profile uec-htsim; seed 1$/);
  // Results written before derived.routing: no routing named.
  const old = { ...d, derived: { ...d.derived } };
  delete old.derived.routing;
  assert.match(summary(old).split("\n")[1], /reliability rud; queue profile uec-htsim; seed 1$/);
});

test("results.json carries what reproduces it: the scenario as run, with the seed it ran, and the code's version and commit (review rev-traffic 2)", () => {
  // No seed in the scenario, 7 given to the run (nicfw run --seed 7); a traffic spec, run.endUs
  // and link latency that the name, topology string and derived constants alone do not give.
  const s = {
    name: "reproduce",
    topology: { kind: "leafspine", leaves: 2, spines: 2, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 500 },
    transport: { cc: { name: "nscc" }, lb: { name: "reps" }, reliability: { name: "rud" } },
    traffic: [{ kind: "cdf", cdf: "websearch", load: 0.3, durationUs: 200 }],
    run: { endUs: 300 },
  } as Scenario;
  const r = runScenario(s, { seed: 7 });
  assert.ok(r.flowsTotal > 0 && r.completed > 0);
  assert.equal(r.input, { ...s, seed: 7 });
  assert.is(r.seed, 7);
  // The input's seed is the one the run used: running the input again (no --seed) gives the
  // same results byte for byte, the input itself included.
  assert.is(JSON.stringify(runScenario(r.input as Scenario)), JSON.stringify(r));
  // The code: package.json's version; the commit of this checkout when git can tell it (the
  // tests run from the package root), and whether lib/ or harness/ differ from it.
  const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
  const git = (args: string[]) => spawnSync("git", args, { encoding: "utf8" });
  const top = git(["rev-parse", "--show-toplevel"]);
  if (top.status === 0 && realpathSync(top.stdout.trim()) === realpathSync(".")) {
    const dirty = git(["diff", "--quiet", "HEAD", "--", "lib", "harness"]).status !== 0;
    assert.equal(r.nicfw, { version, commit: git(["rev-parse", "HEAD"]).stdout.trim(), ...(dirty ? { dirty: true } : {}) });
  } else assert.equal(r.nicfw, { version });
});

test("a scenario's undefined members are not in results.json's input, nor is it the caller's object", () => {
  const s = { topology: TREE, run: undefined, traffic: [{ kind: "incast", senders: 2, receiver: 0, bytes: 10_000 }] } as unknown as Scenario;
  const r = built(s);
  assert.equal(r.input, { topology: TREE, traffic: [{ kind: "incast", senders: 2, receiver: 0, bytes: 10_000 }], seed: 1 });
  assert.ok(r.input?.topology !== s.topology);
});

test("groupThousands writes a whole number as toLocaleString(\"en\") does: commas between groups of three digits", () => {
  // By hand: 7 digits split 1 | 3 | 3 from the left; 6 digits 3 | 3; under 4 digits no comma.
  assert.is(groupThousands(1528812), "1,528,812");
  assert.is(groupThousands(935091), "935,091");
  assert.is(groupThousands(1000), "1,000");
  assert.is(groupThousands(999), "999");
  assert.is(groupThousands(0), "0");
  assert.is(groupThousands(-1234), "-1,234");
  // Not a safe integer (a wall time of 0 s makes packets/s Infinity): toLocaleString's own text.
  assert.is(groupThousands(Infinity), "∞");
  assert.is(groupThousands(1.5), "1.5");
});


test("the summary's flow table: names left, numbers right, under their headers; past maxRows the first half and the slowest half, in flow order", () => {
  const r = built({ topology: TREE, traffic: [{ kind: "incast", senders: 2, receiver: 0, bytes: 100_000 }] });
  const base = r.flows[0];
  // 30 flows; flow i's slowdown is (i × 7 mod 30) + 1, a permutation of 1 … 30, so the 12 slowest
  // are those with i × 7 mod 30 ≥ 18: 3 (21), 4 (28), 7 (19), 8 (26), 12 (24), 16 (22), 17 (29),
  // 20 (20), 21 (27), 24 (18), 25 (25) and 29 (23); with the first 12, 18 rows and 12 more.
  const flows = Array.from({ length: 30 }, (_, i) => ({
    ...base,
    flow: i,
    src: i + 1,
    dst: 0,
    bytes: i === 5 ? 1_234_567 : 1000,
    fctUs: i === 7 ? null : 10 + i,
    idealUs: 10,
    slowdown: ((i * 7) % 30) + 1,
    retransmissions: i,
  }));
  const slowest = [3, 4, 7, 8, 12, 16, 17, 20, 21, 24, 25, 29];
  for (const i of slowest) assert.ok((i * 7) % 30 >= 18, `flow ${i}`);
  assert.is(flows.filter((f) => (f.slowdown as number) >= 19).length, 12);
  const lines = summary({ ...r, flows }, 24).split("\n");
  const head = lines.indexOf(lines.find((l) => l.startsWith("flow ")) as string);
  assert.ok(head > 0, "a header line");
  const header = lines[head];
  const shownFlows = [...new Set([...Array.from({ length: 12 }, (_, i) => i), ...slowest])].sort((a, b) => a - b);
  const rows = lines.slice(head + 1, head + 1 + shownFlows.length);
  assert.equal(rows.map((l) => Number(l.split(/\s+/)[0])), shownFlows);
  assert.is(lines[head + 1 + shownFlows.length], `… ${30 - shownFlows.length} more flows in flows.csv (shown: the first 12 and the 12 slowest)`);
  // One width for every line: the widest cell of each column ("1234567", 7 characters, under "bytes").
  for (const l of rows) assert.is(l.length, header.length, l);
  const bytesEnd = header.indexOf("bytes") + "bytes".length;
  const row5 = rows[shownFlows.indexOf(5)];
  assert.is(row5.slice(0, bytesEnd).trimEnd().endsWith("1234567"), true, row5);
  const row0 = rows[0];
  assert.is(row0.slice(bytesEnd - 4, bytesEnd), "1000", `bytes right-aligned: ${row0}`);
  assert.ok(row0.startsWith("0     1→0 "), `flow (4 wide, as its header) and src→dst left-aligned, two spaces apart: ${row0}`);
  // An open flow shows "—" for FCT and slowdown is still its number; retransmissions end the line.
  const row7 = rows[shownFlows.indexOf(7)];
  assert.match(row7, /—/);
  assert.ok(row7.endsWith("  7"), row7);
  // At maxRows or fewer, every flow and no "more" line.
  const all = summary({ ...r, flows: flows.slice(0, 24) }, 24);
  assert.not.match(all, /more flows in flows\.csv/);
  assert.is(all.split("\n").filter((l) => /^\d+ +\d+→0 /.test(l)).length, 24);
});

test.run();
