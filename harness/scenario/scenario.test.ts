import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Swift } from "../../lib/cc/swift/swift";
import type { SwiftCc } from "../net/adapters";
import { runCommand, runScenario } from "../run";
import { leafSpine } from "../topo/fattree";
import { build, buildTopology, defaultAckEveryBytes, hpccStandaloneFctPs, idealFctPs, trafficFlows } from "./build";
import { DEFAULT_SCENARIO, defaultWith } from "./default";
import { loadScenario, ScenarioError, validateScenario } from "./load";
import type { Scenario } from "./schema";
import { scenarioErrors } from "./test-support";
import { buildTraffic } from "./traffic";


function errorsOf(doc: unknown): string[] {
  return scenarioErrors(() => validateScenario(doc));
}

test("a switch queue refusal names network.queue: trimming with the drop-tail profile, which has no control queue", () => {
  const s = { ...DEFAULT_SCENARIO, network: { ...DEFAULT_SCENARIO.network, trimming: true, queue: { profile: "droptail" } } };
  assert.throws(
    () => runScenario(s),
    (e: Error) => e instanceof ScenarioError && e.errors[0] === "network.queue: PortQueues: trimming needs the control queue (trimmed headers travel there)",
  );
  assert.is(runScenario({ ...s, network: { ...s.network, trimming: false } }).integrity.ok, true);
});

test("a module's refused parameter names the scenario field that gave it; one the scenario did not give names the module", () => {
  const errorsOfBuild = (s: Scenario): string[] => scenarioErrors(() => build(s));
  const withCc = (params: Record<string, unknown>): Scenario => ({ ...DEFAULT_SCENARIO, transport: { ...DEFAULT_SCENARIO.transport, cc: { name: "nscc", params } } });
  assert.equal(errorsOfBuild(withCc({ profile: "ueq" })), [
    'transport.cc.params.profile: Nscc: unknown profile ueq; profile must be one of "smartt", "uec", "uec-htsim"',
  ]);
  // An unknown name: the module's names follow, and the near one ("foobytes" → "fibytes": o→i and
  // one o dropped, 2 edits, within the 2 allowed for 8 letters; bdpBytes, etaBytes, mtuBytes are 3).
  assert.match(
    errorsOfBuild(withCc({ fooBytes: 1 }))[0],
    /^transport\.cc\.params\.fooBytes: Nscc: unknown parameter fooBytes \(did you mean fiBytes\?\); parameters are ackGenTriggerBytes, .*, fiBytes, .*, trimming \(see lib\/cc\/nscc\/README\.md\)$/,
  );
  // A load balancer's names are in its own folder.
  const ops: Scenario = { ...DEFAULT_SCENARIO, transport: { ...DEFAULT_SCENARIO.transport, lb: { name: "ops", params: { nope: 1 } } } };
  assert.match(errorsOfBuild(ops)[0], /^transport\.lb\.params\.nope: .*unknown parameter nope.* \(see lib\/lb\/ops\/README\.md\)$/);
  // The three Spritz variants share lib/lb/spritz.
  const spray: Scenario = {
    ...DEFAULT_SCENARIO,
    topology: { kind: "dragonfly", p: 2, a: 4, h: 2 },
    network: { ...DEFAULT_SCENARIO.network, routing: "spritz" },
    transport: { ...DEFAULT_SCENARIO.transport, lb: { name: "spritz-spray", params: { nope: 1 } } },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 9, bytes: 4096 }] }],
  };
  assert.match(errorsOfBuild(spray)[0], /^transport\.lb\.params\.nope: .*unknown parameter nope.* \(see lib\/lb\/spritz\/README\.md\)$/);
  assert.match(errorsOfBuild(withCc({ mtuBytes: 10 }))[0], /^transport\.cc\.params\.mtuBytes: Nscc: mtuBytes must be /);
  // A load balancer under a traffic entry: its own path.
  const lb: Scenario = { ...DEFAULT_SCENARIO, traffic: [{ ...DEFAULT_SCENARIO.traffic[0], lb: { name: "reps", params: { evCount: 0 } } }] };
  assert.match(errorsOfBuild(lb)[0], /^traffic\[0\]\.lb\.params\.evCount: Reps: evCount must be /);
});

test("a deep buffer on a slow link: the derived RTO stops at 2^30 ns instead of being refused as the reliability module's rtoNs", () => {
  // uet-htsim's rule, 15 µs + hops × buffer × 8 / rate: 6 hops × 10^8 B × 8 / 1 Gb/s = 4.8 × 10^9 ns
  // (+ 15,000), above the 2^30 = 1,073,741,824 ns every module's time parameter allows.
  const s: Scenario = {
    ...DEFAULT_SCENARIO,
    topology: { ...DEFAULT_SCENARIO.topology, linkGbps: 1 },
    network: { ...DEFAULT_SCENARIO.network, trimming: false, bufferBdp: undefined, bufferBytes: 100_000_000 },
  };
  assert.is(build(s).derived.rtoNs, 2 ** 30);
});

test("the embedded default scenario is valid", () => {
  assert.equal(errorsOf(DEFAULT_SCENARIO), []);
});

test("invalid scenarios: every error names its field and what was expected", () => {
  const e = errorsOf({
    topology: { kind: "fattree", k: "eight", linkGbps: -1 },
    network: { routing: "random", mtuBytes: 4150.5 },
    traffic: [{ kind: "incast", bytes: 0 }, { kind: "wave" }],
    extra: 1,
  });
  const has = (re: RegExp) => assert.ok(e.some((x) => re.test(x)), `no error matching ${re} in\n${e.join("\n")}`);
  has(/^topology\.k: expected integer, got "eight"/);
  has(/^topology\.linkGbps: expected number to be greater than 0, got -1/);
  has(/^network\.routing: expected one of "ecmp", "adaptive", "valiant", "minimal", "spritz", "ugal", got "random"/);
  has(/^network\.mtuBytes: expected integer, got 4150\.5/);
  has(/^traffic\[0\]\.bytes: expected integer to be greater or equal to 1, got 0/);
  has(/^traffic\[1\]\.kind: expected one of "incast", "permutation", "matrix", "flows", "tornado", .*, got "wave"/);
  has(/^extra: unexpected property/);
});

test("cross-field rules name the field: missing per-kind parameters, unknown modules", () => {
  const e = errorsOf({
    topology: { kind: "dragonfly", p: 2 },
    transport: { cc: { name: "cubic" } },
    traffic: [{ kind: "incast", bytes: 10 }, { kind: "matrix" }],
  });
  assert.ok(e.includes("topology.a: required for a dragonfly topology"), e.join("\n"));
  assert.ok(e.includes("topology.h: required for a dragonfly topology"));
  assert.ok(e.some((x) => x.startsWith('transport.cc.name: expected one of "nscc"')));
  assert.ok(e.includes("traffic[0].senders: required for incast traffic (or senderList)"));
  assert.ok(e.includes("traffic[1].file: required for matrix traffic (an htsim .cm file)"));
  assert.equal(errorsOf({ topology: { kind: "fattree" } }).slice(0, 1), ["traffic: required"]);
  // A buffer that cannot hold one full packet would trim or drop every data packet.
  const tiny = { topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "permutation", bytes: 1 }] };
  assert.equal(errorsOf({ ...tiny, network: { bufferBytes: 4149 } }), ["network.bufferBytes: must hold one full packet (network.mtuBytes 4150), got 4149"]);
  assert.equal(errorsOf({ ...tiny, network: { mtuBytes: 1500, bufferBytes: 1500 } }), []);
  // Nor can a receive buffer below a packet take one: nothing would be delivered (audit 2026-12-07).
  assert.equal(errorsOf({ ...tiny, network: { rxGbps: 50, rxBufferBytes: 100 } }), ["network.rxBufferBytes: must hold one full packet (network.mtuBytes 4150), got 100"]);
  assert.equal(errorsOf({ ...tiny, network: { rxGbps: 50, rxBufferBytes: 4150 } }), []);
  const put = (rxBufferBytes: number) => ({ topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "put", senders: 2, bytes: 1000, rxFraction: 0.5, rxBufferBytes }] });
  assert.equal(errorsOf(put(4149)), ["traffic[0].rxBufferBytes: must hold one full packet (network.mtuBytes 4150), got 4149"]);
  assert.equal(errorsOf(put(4150)), []);
  // A sender listed twice made two identical flows (audit 2026-12-07), refused as in `hosts`.
  assert.throws(() => build({ topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "incast", senderList: [1, 1], bytes: 1000 }] }), (e: Error) => e instanceof ScenarioError && e.errors.includes("traffic[0]: senderList: a host is listed twice"));
  // A cdf entry too short for any arrival makes no flow: a warning, not a silent "flows 0/0".
  const none = build({ topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "cdf", cdf: "websearch", load: 0.01, durationUs: 0.001 }, { kind: "permutation", bytes: 1000 }] });
  assert.ok(none.warnings.includes("traffic[0]: makes no flow (no arrival falls within durationUs at this load: lengthen durationUs or raise load)"), none.warnings.join("\n"));
  // An empty senderList makes no flow (audit 2026-12-07: "flows 0/0").
  assert.equal(errorsOf({ topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "incast", senderList: [], bytes: 1000 }] }), ["traffic[0].senderList: needs at least one sender"]);
});

test("build-time refusals name their field, and a limit the topology's values break says so (audit 2026-12-07: all read network:)", () => {
  const base: Scenario = { topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "permutation", bytes: 1000 }] };
  const refusal = (s: Partial<Scenario>) => {
    try {
      build({ ...base, ...s });
    } catch (e) {
      return (e as ScenarioError).errors.join("\n");
    }
    return "accepted";
  };
  assert.is(refusal({ network: { routing: "ugal" } }), "network.routing: routing ugal needs a Dragonfly or Slim Fly topology");
  assert.match(refusal({ network: { controlRouting: "minimal" } }), /^network\.controlRouting: minimal routing of control packets needs/);
  assert.is(refusal({ network: { pfc: { xoffBytes: 1000, xonBytes: 2000 } } }), "network.pfc: Pfc: xonBytes must be an integer in [0, 1000], got 2000");
  // 40 ms links: the BDP-sized queue passes 2^30 B; a 1 s switch latency, NSCC's base RTT 2^29 ns.
  assert.match(refusal({ topology: { kind: "fattree", k: 4, latencyNs: 40_000_000 } }), /^network\.queue: PortQueues: dataLimitBytes .* \(derived from the network RTT 480002022\.72 ns and BDP \d+ B: the topology's rates and latencies\)$/);
  assert.match(refusal({ topology: { kind: "fattree", k: 4, switchLatencyNs: 1e9 } }), /^transport\.cc: Nscc: baseRttNs .* \(derived from the network RTT 10000014022\.72 ns: the topology's rates and latencies\)$/);
  // A value the scenario gives is named as before, under a two-sided module's side too.
  assert.match(refusal({ transport: { cc: { name: "nscc", params: { baseRttNs: 2 ** 30 } } } }), /^transport\.cc\.params\.baseRttNs: /);
  assert.match(refusal({ network: { trimming: false }, transport: { reliability: { name: "rack", params: { sender: { profile: "foo" } } } } }), /^transport\.reliability\.params\.sender\.profile: RackSender: unknown profile foo/);
});

test("a start an entry implies past 9 × 10^9 µs is refused as a time it names is (audit 2026-12-07: 2.7 × 10^10 µs ran)", () => {
  const s = (staggerUs: number): Scenario => ({ topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "incast", senders: 3, bytes: 1000, startUs: 9e9, staggerUs }] });
  assert.throws(() => build(s(9e9)), (e: Error) => e instanceof ScenarioError && e.errors.includes("traffic[0]: flow 1 starts at 18000000000 µs, past 9000000000 µs"));
  assert.is(build(s(0)).flows.length, 3);
  // A connection matrix's start alike.
  const cm: Scenario = { topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "matrix", text: "Nodes 16\n0->1 start 10000000000 size 100\n" }] };
  assert.throws(() => build(cm), (e: Error) => e instanceof ScenarioError && e.errors.some((x) => x.startsWith("traffic[0]: flow 0 starts at 10000000000 µs")));
});

test("a cdf entry's load is a fraction of each source's link (harness/README): (0, 1], above 1 refused", () => {
  const cdf = (load: number) => ({ topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "cdf", cdf: "websearch", load, durationUs: 100 }] });
  assert.equal(errorsOf(cdf(1.5)), ["traffic[0].load: expected number to be less or equal to 1, got 1.5"]);
  assert.equal(errorsOf(cdf(1)), []);
  assert.equal(errorsOf(cdf(0.3)), []);
});

test("DCP and the RDMA baselines take params per side: a flat key is refused naming the field and the shape (nicfw run: exit 2)", () => {
  const withRel = (name: string, params: Record<string, unknown>): Scenario => ({ ...DEFAULT_SCENARIO, network: { ...DEFAULT_SCENARIO.network, trimming: false }, transport: { ...DEFAULT_SCENARIO.transport, cc: { name: "dcqcn" }, reliability: { name, params } } });
  for (const name of ["dcp", "gbn", "irn", "rack", "timeout"]) {
    assert.equal(scenarioErrors(() => build(withRel(name, { windowPackets: 5 }))), [
      `transport.reliability.params.windowPackets: unknown parameter windowPackets; reliability ${name} takes params: { sender: {…}, receiver: {…} } (see lib/reliability/${name}/README.md)`,
    ]);
  }
});

test("a YAML file with an error is refused before anything runs (exit 2, nothing written)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-"));
  const file = join(dir, "bad.yaml");
  writeFileSync(file, "topology: { kind: fattree, k: 4 }\ntraffic:\n  - { kind: permutation, bytes: -5 }\n");
  assert.throws(() => loadScenario(file), (e: Error) => /traffic\[0\]\.bytes: expected integer to be greater or equal to 1, got -5/.test(e.message));
  const err = console.error;
  const lines: string[] = [];
  console.error = (s: string) => lines.push(s);
  const code = await runCommand([file, "--out", join(dir, "out")]);
  console.error = err;
  assert.is(code, 2);
  assert.ok(lines.join("\n").includes("traffic[0].bytes"));
  assert.throws(() => readFileSync(join(dir, "out", "results.json")));
});

test("determinism: two runs with the same seed write byte-identical results; another seed differs", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-"));
  const file = join(dir, "s.json");
  const s = {
    ...DEFAULT_SCENARIO,
    traffic: [{ kind: "incast", senders: 4, receiver: 5, bytes: 300_000 }],
  };
  writeFileSync(file, JSON.stringify(s));
  const log = console.log;
  console.log = () => {};
  const codes = [await runCommand([file, "--out", join(dir, "a"), "--seed", "7"]), await runCommand([file, "--out", join(dir, "b"), "--seed", "7"]), await runCommand([file, "--out", join(dir, "c"), "--seed", "8"])];
  console.log = log;
  assert.equal(codes, [0, 0, 0]);
  for (const f of ["results.json", "flows.csv"]) {
    assert.ok(readFileSync(join(dir, "a", f)).equals(readFileSync(join(dir, "b", f))), `${f} differs between identical runs`);
  }
  assert.not.ok(readFileSync(join(dir, "a", "results.json")).equals(readFileSync(join(dir, "c", "results.json"))));
});

test("the default scenario runs clean: 8 flows of 2 MiB complete, integrity holds", () => {
  const r = runScenario(DEFAULT_SCENARIO);
  assert.is(r.completed, 8);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.ok(r.flows.every((f) => f.bytes === 2 * 1024 * 1024 && f.fctUs !== null));
  assert.is(r.derived.bdpPackets, 43); // uet-htsim at 100 Gb/s: ceil(175,284 / 4150)
  assert.is(r.derived.rtoNs, 100_656);
});

test("a .cm connection matrix is a traffic source (path relative to the scenario)", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-"));
  writeFileSync(join(dir, "m.cm"), "Nodes 16\nConnections 2\n1->9 start 0 size 200000\n4->9 start 5 size 100000\n");
  writeFileSync(join(dir, "s.yaml"), "topology: { kind: fattree, k: 4 }\ntraffic:\n  - { kind: matrix, file: m.cm }\n");
  const r = runScenario(loadScenario(join(dir, "s.yaml")), { baseDir: dir });
  assert.ok(r.integrity.ok);
  assert.equal(
    r.flows.map((f) => [f.src, f.dst, f.bytes, f.startUs]),
    [
      [1, 9, 200000, 0],
      [4, 9, 100000, 5],
    ],
  );
  assert.is(r.completed, 2);
});

test("cdfFile: a flow-size CDF file relative to the scenario gives byte for byte the flows of its points inline and of the built-in websearch", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-cdf-"));
  // data/websearch_cdf.txt as /work/shared/data has it (generators.test.ts checks the copy), in a
  // folder below the scenario's; and the same points a row each with commas, as cdfPoints pairs.
  const data = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../traffic/data/websearch_cdf.txt"), "utf8");
  mkdirSync(join(dir, "cdfs"));
  writeFileSync(join(dir, "cdfs", "ws.txt"), data);
  const points: [number, number][] = [[0, 0], [10000, 15], [20000, 20], [30000, 30], [50000, 40], [80000, 53], [200000, 60], [1000000, 70], [2000000, 80], [5000000, 90], [10000000, 97], [30000000, 100]];
  writeFileSync(join(dir, "cdfs", "ws.csv"), points.map(([b, p]) => `${b}, ${p}`).join("\n"));
  const scenario = (cdf: string) => `name: ws\nseed: 3\ntopology: { kind: fattree, k: 4 }\ntraffic:\n  - { kind: cdf, ${cdf}, load: 0.3, durationUs: 4000, maxSendersPerReceiver: 2 }\nrun: { endUs: 30 }\n`;
  writeFileSync(join(dir, "file.yaml"), scenario("cdfFile: cdfs/ws.txt"));
  writeFileSync(join(dir, "csv.yaml"), scenario("cdfFile: cdfs/ws.csv"));
  writeFileSync(join(dir, "inline.yaml"), scenario(`cdfPoints: ${JSON.stringify(points)}`));
  writeFileSync(join(dir, "builtin.yaml"), scenario("cdf: websearch"));
  const flows = (f: string) => {
    const s = loadScenario(join(dir, f));
    return JSON.stringify(build(s, { baseDir: dir }).flows);
  };
  const inline = flows("inline.yaml");
  // 16 sources × 4 ms × 0.3 × 100 Gb/s / (8 × 1,711,250 B mean): about 5.6 flows a source.
  assert.ok(JSON.parse(inline).length > 50, "enough flows to tell the distributions apart");
  assert.is(flows("file.yaml"), inline, "the data file");
  assert.is(flows("csv.yaml"), inline, "comma rows");
  assert.is(flows("builtin.yaml"), inline, "the built-in websearch is that file");
  // Run from the scenario's folder (nicfw run's baseDir), the results too, but for their input,
  // which names the CDF as each scenario gives it.
  const run = (f: string) => JSON.stringify({ ...runScenario(loadScenario(join(dir, f)), { baseDir: dir }), input: null });
  assert.is(run("file.yaml"), run("inline.yaml"));
});

test("cdfFile errors name the entry's field, the file and the bad row's line; one of cdf, cdfPoints, cdfFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-cdf-"));
  const s = (cdf: Record<string, unknown>) => validateScenario({ topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "incast", senders: 1, bytes: 1000 }, { kind: "cdf", load: 0.3, durationUs: 100, ...cdf }] });
  const errors = (cdf: Record<string, unknown>) => scenarioErrors(() => build(s(cdf), { baseDir: dir }));
  writeFileSync(join(dir, "bad.txt"), "# size percent\n0 0\n10000 15\n20000 twenty\n30000000 100\n");
  assert.equal(errors({ cdfFile: "bad.txt" }), [`traffic[1]: cdfFile ${join(dir, "bad.txt")}:4: expected "size_bytes cdf_percent" (two numbers), got "20000 twenty"`]);
  writeFileSync(join(dir, "back.txt"), "0 0\n10000 15\n5000 20\n30000000 100\n");
  assert.match(errors({ cdfFile: "back.txt" })[0], `traffic[1]: cdfFile ${join(dir, "back.txt")}:3: goes backwards from line 2`);
  assert.match(errors({ cdfFile: "none.txt" })[0], `traffic[1]: cdfFile: cannot read ${join(dir, "none.txt")}: ENOENT`);
  assert.equal(errorsOf({ topology: { kind: "fattree", k: 4 }, traffic: [{ kind: "cdf", load: 0.3, durationUs: 100, cdf: "hadoop", cdfFile: "x.txt" }] }), ["traffic[0].cdfFile: give one of cdf, cdfPoints and cdfFile, not cdf and cdfFile"]);
});

test("metrics.sample: an intervalUs the series cannot keep (maxPoints, the 1 ns floor) is a warning in results.json and on stderr, saying asked and actual", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-sample-"));
  // 3 × 2 MB into one host cut at 20 µs: the run's end is endUs, whatever the flows do.
  const s = (sample: Record<string, unknown>): Scenario => ({
    name: "thinned",
    seed: 1,
    topology: { kind: "fattree", tiers: 2, k: 4 },
    traffic: [{ kind: "incast", senders: 3, receiver: 0, bytes: 2_000_000 }],
    metrics: { sample: { ports: [{ to: 0 }], flows: [0], ...sample } },
    run: { endUs: 20 },
  });
  // maxPoints 16: a series halves on reaching 16 samples, i.e. at 15 intervals: at 15 × 0.1 = 1.5,
  // 15 × 0.2 = 3, 15 × 0.4 = 6 and 15 × 0.8 = 12 µs; at 1.6 µs the next would be 24 µs, past the
  // end. 0.1 × 2^4 = 1.6 µs, samples 0, 1.6, …, 19.2 (13). Every sample at 0.1 µs: 0 … 20 µs is
  // 20 / 0.1 + 1 = 201 samples, and 202 points never fill.
  const r = runScenario(s({ intervalUs: 0.1, maxPoints: 16 }));
  assert.is(r.series?.intervalUs, 1.6);
  assert.is(r.series?.tUs.length, 13);
  const want =
    "metrics.sample.intervalUs: 0.1 µs asked, the samples are 1.6 µs apart (results.json series.intervalUs): a series holds fewer than " +
    "metrics.sample.maxPoints (16) samples and when full keeps every other one, doubling the interval; over 20 µs simulated, maxPoints 202 keeps every sample at 0.1 µs";
  assert.equal(r.warnings, [want]);
  const kept = runScenario(s({ intervalUs: 0.1, maxPoints: 202 }));
  assert.is(kept.series?.intervalUs, 0.1, "the advice holds");
  assert.is(kept.warnings, undefined);
  assert.is(runScenario(s({ maxPoints: 16 })).warnings, undefined, "no interval asked: none missed");
  // An interval that does not divide the run: 0.3 µs over 20 µs samples at 0, 0.3, …, 19.8, which
  // is ⌊20 / 0.3⌋ + 1 = 67 samples, so 68 points never fill (⌈20 / 0.3⌉ + 2 would ask for 69).
  assert.match((runScenario(s({ intervalUs: 0.3, maxPoints: 16 })).warnings ?? [])[0] ?? "", /, maxPoints 68 keeps every sample at 0\.3 µs$/);
  const kept3 = runScenario(s({ intervalUs: 0.3, maxPoints: 68 }));
  assert.equal([kept3.series?.intervalUs, kept3.series?.tUs.length, kept3.warnings], [0.3, 67, undefined]);
  // Below 1 ns: the floor, nothing thinned (20 µs at 1 ns is 20,001 samples: maxPoints 30,000).
  assert.equal(runScenario(s({ intervalUs: 0.0004, maxPoints: 30_000 })).warnings, ["metrics.sample.intervalUs: 0.0004 µs asked, the samples are 0.001 µs apart (results.json series.intervalUs): the fabric samples at most once a ns"]);
  // nicfw run prints it on stderr and writes it in results.json.
  writeFileSync(join(dir, "s.json"), JSON.stringify(s({ intervalUs: 0.1, maxPoints: 16 })));
  const [log, err] = [console.log, console.error];
  const lines: string[] = [];
  console.log = () => {};
  console.error = (x: string) => lines.push(x);
  try {
    assert.is(await runCommand([join(dir, "s.json"), "--out", join(dir, "out"), "--quiet"]), 0);
  } finally {
    [console.log, console.error] = [log, err];
  }
  assert.equal(lines, [`nicfw run: warning: ${want}`]);
  assert.equal(JSON.parse(readFileSync(join(dir, "out", "results.json"), "utf8")).warnings, [want]);
});

test("streaming PUT (DACK §III): a target processing at a quarter of its link bounds the senders to that rate", () => {
  // 2 × 1 MB of payload into a target that drains 25 Gb/s: at least 2e6 × 8 / 25e3 = 640 µs,
  // goodput at most 25 Gb/s; the same PUT at full processing rate takes under half that.
  const put = (rxFraction: number) => runScenario(defaultWith("put", [{ kind: "put", senders: 2, receiver: 0, bytes: 1_000_000, rxFraction }]));
  const slow = put(0.25);
  assert.ok(slow.integrity.ok);
  assert.is(slow.completed, 2);
  assert.equal(slow.flows.map((f) => f.class), ["put", "put"]);
  assert.ok((slow.metrics.fctUs.all.max as number) >= 640, `${slow.metrics.fctUs.all.max} µs`);
  assert.ok(slow.metrics.goodput.totalGbps <= 25, `${slow.metrics.goodput.totalGbps} Gb/s`);
  assert.is(slow.metrics.drops.total, slow.metrics.drops.receiver, "the only drops are at the target's processing queue");
  const full = put(1);
  assert.ok((full.metrics.fctUs.all.max as number) < 320, `${full.metrics.fctUs.all.max} µs`);
  assert.is(full.metrics.drops.receiver, 0);
  // Two PUT entries may not set one target's rate twice.
  assert.throws(() => runScenario(defaultWith("put", [
    { kind: "put", senders: 1, receiver: 0, bytes: 1000, rxFraction: 0.5 },
    { kind: "put", senders: 1, receiver: 0, bytes: 1000, rxFraction: 0.25 },
  ])), /already set by another put entry/);
});

test("each queue profile trims as its source says: uet-htsim's ½ rule by default, the arriving packet under uec and dcp (DCP to its 57 B HO)", () => {
  const q = (queue: Record<string, unknown> | undefined) => build(defaultWith("q", DEFAULT_SCENARIO.traffic, { network: { ...DEFAULT_SCENARIO.network, ...(queue ? { queue } : {}) } })).fabric.queues.params;
  const pick = (p: ReturnType<typeof q>) => [p.profile, p.trimming, p.trimBytes];
  assert.equal(pick(q(undefined)), ["uec-htsim", "arriving-or-newest", 64]);
  assert.equal(pick(q({ profile: "uec" })), ["uec", "arriving", 64]);
  assert.equal(pick(q({ profile: "dcp" })), ["dcp", "arriving", 57]);
  assert.equal(pick(q({ profile: "uec", trimming: "arriving-or-newest", trimBytes: 100 })), ["uec", "arriving-or-newest", 100], "the scenario's own settings win");
});

test("routing defaults: ECMP on fat trees and two DCs, minimal on Dragonfly and Slim Fly, Spritz roles under a Spritz load balancer", () => {
  const routing = (topology: Scenario["topology"], lb?: string, given?: "ecmp" | "valiant") =>
    build({ ...defaultWith("r", [{ kind: "permutation", bytes: 1000 }]), topology, network: given ? { routing: given } : {}, transport: lb ? { lb: { name: lb } } : {} }).derived.routing;
  const df: Scenario["topology"] = { kind: "dragonfly", p: 2, a: 4, h: 2 };
  assert.is(routing(DEFAULT_SCENARIO.topology), "ecmp");
  assert.is(routing(df), "minimal");
  assert.is(routing(df, "spritz-spray"), "spritz");
  assert.is(routing({ kind: "slimfly", q: 5, p: 1 }, "spritz-scout"), "spritz");
  assert.is(routing(df, "ecmp", "valiant"), "valiant", "a routing the scenario gives stands");
  // The VLAN balancer puts the Router in Spritz's VLAN mode, and only under Spritz routing.
  const mode = (lb: string) =>
    build({ ...defaultWith("r", [{ kind: "permutation", bytes: 1000 }]), topology: df, network: {}, transport: { lb: { name: lb } } }).fabric.router.params.spritzMode;
  assert.equal([mode("spritz-vlan"), mode("spritz-spray")], ["vlan", "fine"]);
});

test("a Spritz load balancer under a routing that is not Spritz's is refused, naming both fields and the fix", () => {
  // Spritz §III-A/B: an EV names a bounded simple path only at switches in Spritz's roles (EV1
  // → ECMP 1's port, EV2 → ECMP 2's, identity hash); §III-D: a VLAN category selects an ECMP
  // table only at switches in VLAN mode. Under minimal, Valiant, adaptive and UGAL routing no
  // switch reads the EV; under ECMP routing the switches hash it with the flow. Until this
  // check, `spritz-scout` under `routing: ecmp` ran with no warning at all.
  const df: Scenario["topology"] = { kind: "dragonfly", p: 2, a: 4, h: 2 };
  const errs = (lb: string, routing: NonNullable<Scenario["network"]>["routing"], perEntry = false) =>
    scenarioErrors(() =>
      build({
        ...defaultWith("r", [{ kind: "permutation", bytes: 1000, ...(perEntry ? { lb: { name: lb } } : {}) }]),
        topology: df,
        network: { routing },
        transport: perEntry ? {} : { lb: { name: lb } },
      }),
    );
  for (const lb of ["spritz-scout", "spritz-spray", "spritz-vlan"]) {
    for (const routing of ["ecmp", "minimal", "valiant", "adaptive", "ugal"] as const) {
      const e = errs(lb, routing);
      assert.is(e.length, 1, `${lb} under ${routing}: ${e.join(" | ")}`);
      assert.ok(e[0].startsWith(`transport.lb.name: ${lb} needs network.routing: spritz, got network.routing: ${routing}: `), e[0]);
      assert.match(e[0], "Set network.routing to spritz");
      assert.match(e[0], routing === "ecmp" ? "hash the EV with the flow" : "no switch reads the EV");
      assert.match(e[0], lb === "spritz-vlan" ? "VLAN category" : "bounded simple paths");
    }
    // A traffic entry's own balancer is named by its own path.
    assert.ok(errs(lb, "ecmp", true)[0].startsWith(`traffic[0].lb.name: ${lb} needs network.routing: spritz`));
    assert.equal(errs(lb, "spritz"), [], `${lb} under routing spritz`);
  }
  // Other balancers run under any routing, Spritz's included (Spritz §V-B: the ECMP background).
  for (const lb of ["ecmp", "ops", "reps"]) for (const routing of ["ecmp", "valiant", "spritz"] as const) assert.equal(errs(lb, routing), [], `${lb} under ${routing}`);
});

test("under routing spritz every balancer that draws its EVs from 0 … evCount − 1 draws from the 16-bit space, and an evCount that leaves ECMP 1 ports unused is refused", () => {
  // Spritz §III-A: the first switch takes ECMP 1's candidate EV1 mod n, EV1 = EV >>> 8. On a
  // Dragonfly (2, 4, 2) a switch has a − 1 + h = 5 network ports, and EVs 0 … evCount − 1 give
  // EV1 ⌈evCount / 256⌉ values: all five ports need ⌈evCount / 256⌉ ≥ 5, evCount ≥ 4 × 256 + 1
  // = 1,025. With 64 EVs every packet left by the first port (a review, 2026-12-05: flowlet).
  const df: Scenario["topology"] = { kind: "dragonfly", p: 2, a: 4, h: 2 };
  const spec = (name: string, params?: Record<string, unknown>) => ({
    ...defaultWith("r", [{ kind: "permutation", bytes: 1000 }]),
    topology: df,
    network: { routing: "spritz" as const },
    transport: { lb: { name, ...(params ? { params } : {}) } },
  });
  const evCount = (name: string, params?: Record<string, unknown>) => {
    const lb = (build(spec(name, params)).fabric as unknown as { lbOf: { params: { evCount: number } }[] }).lbOf[0];
    return lb.params.evCount;
  };
  // Not given: 65,536 for each, where REPS's uec-htsim profile has 64 and OPS uec 256.
  for (const [name, params] of [["reps", undefined], ["ops", { mode: "uec" }], ["plb", undefined], ["flowlet", undefined], ["ecmp", undefined]] as const) {
    assert.is(evCount(name, params), 65536, name);
  }
  for (const [name, extra] of [["reps", {}], ["ops", { mode: "uec" }], ["plb", {}], ["flowlet", {}], ["ecmp", {}]] as const) {
    assert.equal(scenarioErrors(() => build(spec(name, { ...extra, evCount: 1024 }))), [
      "transport.lb.params.evCount: 1024 EVs under routing spritz give EV1 = EV >>> 8 only the values 0 … 3, and the first switch takes ECMP 1's port by EV1 (Spritz §III-A), " +
        "so only 4 of its 5 network ports carry traffic: leave evCount out (65536 here, the 16-bit EV: each port then gets an even share of EV1's 256 values, within one), " +
        "or give at least 1025 (that many reaches every port, but the last with one EV1 value against the others' 256)",
    ], name);
    assert.match(scenarioErrors(() => build(spec(name, { ...extra, evCount: 256 })))[0], "only the value 0, and the first switch takes ECMP 1's port by EV1 (Spritz §III-A), so every packet leaves by the first of its 5 network ports");
  }
  assert.is(evCount("flowlet", { evCount: 1025 }), 1025);
  // Elsewhere the EV is hashed or unread: a given evCount stands, and none is imposed.
  const under = (routing: "ecmp" | "minimal") => (build({ ...spec("flowlet", { evCount: 64 }), network: { routing } }).fabric as unknown as { lbOf: { params: { evCount: number } }[] }).lbOf[0].params.evCount;
  assert.equal([under("ecmp"), under("minimal")], [64, 64]);
});

test("derived network defaults by hand (uet-htsim, k = 4 fat tree at 100 Gb/s): buffers, ECN thresholds, RTO, trimming against PFC", () => {
  // RTT 14,022.72 ns (harness/topo/topo.test.ts); BDP 175,284 B = 43 packets of 4150 B.
  const d = (network: object) => build(defaultWith("d", DEFAULT_SCENARIO.traffic, { network: { ...DEFAULT_SCENARIO.network, ...network } })).derived;
  // Trimming (the default): one BDP of buffer; ECN at ceil(0.2 × 43) = 9 and ceil(0.8 × 43) = 35 packets.
  const trim = d({});
  assert.equal([trim.trimming, trim.pfc, trim.bufferBytes, trim.kMinBytes, trim.kMaxBytes, trim.diameterHops], [true, false, 43 * 4150, 9 * 4150, 35 * 4150, 6]);
  // RTO: 15 µs + 6 hops × 178,450 B × 8 / 100 Gb/s.
  assert.is(trim.rtoNs, 15_000 + (6 * 178_450 * 8) / 100);
  // Neither trimming nor PFC, and no buffer given (the default scenario gives bufferBdp 1):
  // drop-tail with 5 BDP; the ECN thresholds stay at the BDP's 9 and 35 packets (uet-htsim §2,
  // main_uec takes them from bdp_pkt; harness/scenario/derived.test.ts).
  const tail = d({ trimming: false, bufferBdp: undefined });
  assert.equal([tail.trimming, tail.bufferBytes, tail.kMinBytes, tail.kMaxBytes], [false, 5 * 43 * 4150, 9 * 4150, 35 * 4150]);
  // PFC without a trimming setting: lossless, no trimming, queues bounded by pauses (2^29 B);
  // ECN still at one BDP's fractions. Trimming asked for explicitly stays on.
  const pfc = d({ trimming: undefined, bufferBdp: undefined, pfc: { xoffBytes: 60_000 } });
  assert.equal([pfc.trimming, pfc.pfc, pfc.bufferBytes, pfc.kMinBytes, pfc.kMaxBytes], [false, true, 2 ** 29, 9 * 4150, 35 * 4150]);
  assert.is(d({ trimming: true, bufferBdp: undefined, pfc: { xoffBytes: 60_000 } }).trimming, true);
  assert.is(d({ trimming: undefined }).trimming, true, "without PFC, trimming is the default");
  // bufferBdp 2 with PFC: that buffer, not 2^29.
  assert.is(d({ trimming: undefined, bufferBdp: 2, pfc: { xoffBytes: 60_000 } }).bufferBytes, 86 * 4150);
  // A switch latency of 500 ns is in the RTT: 14,022.72 + 2 × 5 × 500 = 19,022.72 ns, a BDP of
  // 237,784 B = 58 packets (the fabric delays every link leaving a switch by it).
  const slow = build({ ...defaultWith("d", DEFAULT_SCENARIO.traffic), topology: { ...DEFAULT_SCENARIO.topology, switchLatencyNs: 500 } }).derived;
  assert.ok(Math.abs((slow.networkRttNs as number) - 19_022.72) < 1e-6);
  assert.equal([slow.bdpPackets, slow.bufferBytes], [58, 58 * 4150]);
});

test("the RTO is never below twice the network RTT: a Dragonfly with 4 µs global links and 30 KB buffers (soak seed 2,517,614)", () => {
  // Dragonfly (p 2, a 3, h 1) at 400 Gb/s, MTU 1500, 64 B ACKs, 1 µs links, 4 µs global, 300 ns
  // per switch. The RTT is over the longest path (Spritz §V-A): the data out on Table I's longest,
  // host–3 local + 2 global–host, 7 links and 6 switches: (1 + 3 × 1 + 2 × 4 + 1) µs + 7 × 30 ns
  // (1500 B) + 6 × 300 ns = 15,010 ns; the ACK back on the minimal host–local–global–local–host,
  // 5 links and 4 switches: (1 + 1 + 4 + 1 + 1) µs + 5 × 1.28 ns (64 B) + 4 × 300 ns = 9,206.4 ns;
  // 24,216.4 ns in all. uet-htsim's rule gives 15,000 + 5 × 30,000 × 8 / 400 = 18,000 ns, below
  // that RTT: every first window would time out before its first ACK came back. The floor:
  // ⌈2 × 24,216.4⌉ = 48,433 ns.
  const d = build({
    ...defaultWith("df", [{ kind: "permutation", bytes: 300_000 }]),
    topology: { kind: "dragonfly", p: 2, a: 3, h: 1, linkGbps: 400, latencyNs: 1000, switchLatencyNs: 300, globalLatencyNs: 4000 },
    network: { mtuBytes: 1500, trimming: false, bufferBytes: 30_000 },
  }).derived;
  assert.ok(Math.abs((d.networkRttNs as number) - 24_216.4) < 1e-6, `${d.networkRttNs}`);
  assert.equal([d.diameterHops, d.rtoNs], [5, 48_433]);
});

test("the default samples (nicfw run --plots): the ports facing the hosts that receive most, ties in host order; the first 8 flows; every quarter RTT", () => {
  const s = defaultWith("d", [
    { kind: "flows", flows: [{ src: 0, dst: 5, bytes: 1000 }, { src: 1, dst: 5, bytes: 1000 }, { src: 2, dst: 3, bytes: 1000 }, { src: 4, dst: 9, bytes: 1000 }, { src: 6, dst: 7, bytes: 1000 }, { src: 8, dst: 1, bytes: 1000 }] },
  ]);
  const b = build(s, { defaultSample: true });
  const sample = b.sample as NonNullable<typeof b.sample>;
  // Host 5 receives 2 flows; 1, 3, 7 and 9 one each: the first three of those in host order.
  assert.equal(sample.ports, [5, 1, 3, 7].map((h) => b.topology.attachPort(h)));
  assert.equal(sample.flows, [0, 1, 2, 3, 4, 5]);
  assert.is(sample.intervalPs, Math.round((14_022.72 / 4) * 1000));
  assert.is(build(s).sample, null, "no samples unless asked for");
});

test("Swift's hop-scaled target counts the switches on each flow's path (Swift §3.1: base + hops × h)", () => {
  const s = defaultWith("swift", [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes: 1000 }, { src: 0, dst: 15, bytes: 1000 }] }], {
    transport: { cc: { name: "swift" }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
  });
  const b = build(s);
  const cc = (b.fabric as unknown as { ccOf: SwiftCc[] }).ccOf;
  const swift = cc[0].m;
  // 0 → 1 crosses its ToR (1 switch); 0 → 15 crosses ToR, aggregation, core, aggregation, ToR (5).
  // Both flows open with the same window, so the flow-scaling term is the same for both.
  assert.is(swift.targetDelayNs(1) - swift.targetDelayNs(0), 4 * swift.params.hopScalingNs);
  // A table of the same parameters opened with 1 hop gives flow 0's target exactly.
  const twin = new Swift(swift.params, 1);
  twin.open(0, 1);
  assert.is(twin.targetDelayNs(0), swift.targetDelayNs(0));
});

test("ideal FCT by hand with a short last packet, and no switch latency unless the topology sets one", () => {
  // 2 full packets (4150 B on the wire: 332 ns at 100 Gb/s) and one of 100 + 64 = 164 B (13.12 ns)
  // over 6 hops of 1 µs. Each hop sends packet 2 over [1332 j + 332, 1332 j + 664] and packet 3 right
  // after it (it arrives earlier and waits): packet 3 leaves the last hop (j = 5) at 6660 + 677.12
  // and arrives 1 µs later.
  const s = defaultWith("ideal", [{ kind: "flows", flows: [{ src: 0, dst: 15, bytes: 2 * 4086 + 100 }] }]);
  const b = build(s);
  assert.ok(Math.abs(b.idealPs[0] - (6660 + 677.12 + 1000) * 1000) < 1e-3, `${b.idealPs[0]}`);
  assert.is(b.idealPs[0], idealFctPs(b.topology, 0, 15, 2 * 4086 + 100, 4150, 64, 0));
});

test("ideal FCTs of one build over paths of different lengths: each its own (the build keeps one per size and link sequence)", () => {
  // One packet (4,086 B + 64 B = 4,150 B: 332 ns at 100 Gb/s) a flow, 1 µs links, stored and
  // forwarded: 1,332 ns a link. Under the leaf 0 → 1 is 2 links, 2,664 ns; across the spine
  // 0 → 2 and 1 → 3 are 4, 5,328 ns.
  const b = build({
    name: "ideal paths",
    seed: 1,
    topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 1000 },
    network: { mtuBytes: 4150, headerBytes: 64 },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes: 4086 }, { src: 0, dst: 2, bytes: 4086 }, { src: 1, dst: 3, bytes: 4086 }] }],
  });
  assert.equal([...b.idealPs], [2_664_000, 5_328_000, 5_328_000]);
});

test("HPCC's standalone FCT by hand with switch latency: each switch's latency is delay of the hop after it", () => {
  // Leaf–spine, 100 Gb/s, 1 µs links, 300 ns a switch: host 0 → host 2 crosses leaf, spine, leaf,
  // 4 links after 3 switches. delay = 4 × 1000 + 3 × 300 = 4900 ns; one payload's serialisation a
  // hop, 4 × 4086 × 8 / 100 = 1307.52 ns; 10,000 B are ⌈10,000 / 4086⌉ = 3 packets, 10,192 B on
  // the wire, 815.36 ns at the 100 Gb/s bottleneck. 2 × 4900 + 1307.52 + 815.36 = 11,922.88 ns.
  const t = leafSpine({ leaves: 2, spines: 1, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 1000 });
  assert.ok(Math.abs(hpccStandaloneFctPs(t, 0, 2, 10_000, 4150, 64, 300) - 11_922_880) < 1e-3);
  // Without it: 2 × 4000 + 1307.52 + 815.36 = 10,122.88 ns.
  assert.ok(Math.abs(hpccStandaloneFctPs(t, 0, 2, 10_000, 4150, 64, 0) - 10_122_880) < 1e-3);
});

test("a run with a fault ends by 1 s of simulated time even if a flow can never finish (Spritz §V-D)", () => {
  const r = runScenario(defaultWith("cut", [{ kind: "flows", flows: [{ src: 0, dst: 15, bytes: 100_000 }, { src: 1, dst: 14, bytes: 100_000 }] }], {
    faults: [{ kind: "down", links: [{ host: 0 }] }],
    run: { faultBaseline: false },
  }));
  assert.equal([r.flows[0].status, r.flows[1].status], ["incomplete", "complete"]);
  assert.ok(Math.abs(r.simulatedUs - 1_000_000) < 1, `${r.simulatedUs} µs`);
});

test("a 2-tier fat tree without an oversubscription is full bisection: k/2 hosts per leaf", () => {
  const s = defaultWith("2t", [{ kind: "flows", flows: [{ src: 0, dst: 7, bytes: 1000 }] }], {
    topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
  });
  const t = buildTopology(s);
  assert.equal([t.hosts, t.switches], [8, 6]);
});

test("traffic entries combined: later entries' dependencies point at their own flows; start offsets add up", () => {
  const s = defaultWith("t", [
    { kind: "flows", flows: [{ src: 0, dst: 1, bytes: 1000 }, { src: 2, dst: 3, bytes: 1000 }] },
    { kind: "flows", startUs: 10, flows: [{ src: 4, dst: 5, bytes: 1000, startUs: 5 }, { src: 5, dst: 6, bytes: 1000, after: [0], afterAcked: [0] }] },
    { kind: "matrix", startUs: 7, text: "Nodes 16\nConnections 1\n8->9 start 3 size 1000\n" },
  ]);
  const entries: number[] = [];
  const f = trafficFlows(s, buildTopology(s), 1, ".", entries);
  assert.equal(entries, [0, 0, 1, 1, 2]);
  // The second entry's flow 1 waits for its flow 0, which is flow 2 overall.
  assert.equal([f[3].after, f[3].afterAcked], [[2], [2]]);
  // Entry start + the flow's own start; a .cm start (µs) shifted by its entry's start.
  assert.equal(f.map((x) => x.startNs), [0, 0, 15_000, 10_000, 10_000]);
});

test("an incast drawn from a host list: distinct senders from the list, never the receiver, each about equally often", () => {
  const hosts = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const seen = new Array(9).fill(0);
  const seeds = 400;
  for (let seed = 1; seed <= seeds; seed++) {
    const s = defaultWith("t", [{ kind: "incast", hosts, senders: 2, bytes: 1000 }]);
    const f = trafficFlows(s, buildTopology(s), seed, ".");
    assert.is(f.length, 2);
    // Defaults: receiver 0, all at the entry's start (no stagger, no jitter).
    assert.ok(f.every((x) => x.dst === 0 && x.startNs === 0));
    assert.ok(f[0].src !== f[1].src && f.every((x) => x.src >= 1 && x.src <= 8));
    for (const x of f) seen[x.src]++;
  }
  // Each of the 8 candidates: 2/8 of the draws, 100 of 400 (binomial sd ≈ 8.7).
  assert.is(seen[0], 0);
  for (let h = 1; h <= 8; h++) assert.ok(Math.abs(seen[h] - 100) < 40, `host ${h} drawn ${seen[h]} times`);
  const tooMany = defaultWith("t", [{ kind: "incast", hosts: [0, 1, 2], senders: 3, bytes: 1000 }]);
  assert.throws(() => trafficFlows(tooMany, buildTopology(tooMany), 1, "."), /3 senders but only 2 hosts in the pool/);
});

test("a .cm barrier of 1 of 2 triggers becomes `needed: 1`; a collective's later groups wait on their own flows", () => {
  const text = "Nodes 16\nConnections 3\nTriggers 1\n0->5 id 1 start 0 size 1000 send_done_trigger 1\n1->6 id 2 start 0 size 1000 send_done_trigger 1\n9->3 id 3 trigger 1 size 1000\ntrigger id 1 barrier 1\n";
  const m = defaultWith("cm", [{ kind: "matrix", text }]);
  const f = trafficFlows(m, buildTopology(m), 1, ".");
  assert.equal([f[2].afterAcked, f[2].needed], [[0, 1], 1]);
  // Two groups of a windowed all-to-all (4 hosts: 12 flows each, a trigger per sender): group 1's
  // flows activate and wait on triggers 0 … 3, group 2's on 4 … 7; a ring all-reduce's later
  // group waits on its own flows (two groups of 4: 2 × 3 steps × 4 flows = 24 each).
  const a = defaultWith("a2a", [{ kind: "alltoall", groups: 2, groupSize: 4, window: 1, bytes: 1000 }]);
  const g = trafficFlows(a, buildTopology(a), 1, ".");
  assert.is(g.length, 24);
  const triggers = (lo: number, hi: number) => new Set(g.slice(lo, hi).flatMap((x) => [x.activates, x.onTrigger]));
  assert.equal([...triggers(0, 12)].sort(), [0, 1, 2, 3, undefined]);
  assert.equal([...triggers(12, 24)].sort(), [4, 5, 6, 7, undefined]);
  const ring = defaultWith("ring", [{ kind: "allreduce", groups: 2, groupSize: 4, bytes: 4000 }]);
  const h = trafficFlows(ring, buildTopology(ring), 1, ".");
  assert.is(h.length, 48);
  const deps = (lo: number, hi: number) => h.slice(lo, hi).flatMap((x) => [...(x.after ?? []), ...(x.afterAcked ?? [])]);
  assert.ok(deps(24, 48).length > 0 && deps(24, 48).every((d) => d >= 24 && d < 48));
  assert.ok(deps(0, 24).every((d) => d < 24));
  // Two entries: the second entry's triggers follow the first's.
  const two = defaultWith("a2a", [{ kind: "alltoall", hosts: [0, 1, 2], window: 1, bytes: 1000 }, { kind: "alltoall", hosts: [3, 4, 5], window: 1, bytes: 1000 }]);
  const t = trafficFlows(two, buildTopology(two), 1, ".");
  assert.equal(t.map((x) => x.onTrigger ?? -1), [-1, 0, -1, 1, -1, 2, -1, 3, -1, 4, -1, 5]);
  // A .cm multishot that acknowledgements activate is a trigger of its own (parseCm), numbered
  // before the next entry's: the matrix's one is 0, the all-to-all's three senders' 1 … 3.
  const multi = "Nodes 16\nConnections 3\n0->5 id 1 start 0 size 1000 send_done_trigger 1\n1->6 id 2 start 0 size 1000 send_done_trigger 1\n9->3 id 3 trigger 1 size 1000\ntrigger id 1 multishot\n";
  const mm = defaultWith("cm", [{ kind: "matrix", text: multi }, { kind: "alltoall", hosts: [10, 11, 12], window: 1, bytes: 1000 }]);
  const u = trafficFlows(mm, buildTopology(mm), 1, ".");
  assert.equal(u.slice(0, 3).map((x) => [x.activates ?? -1, x.onTrigger ?? -1]), [[0, -1], [0, -1], [-1, 0]]);
  assert.equal(u.slice(3).map((x) => x.onTrigger ?? -1), [-1, 1, -1, 2, -1, 3]);
});

test("a `put` (DACK §III) sets its receiver's processing rate: host 0 and the full link rate unless given", () => {
  const put = (entry: Record<string, unknown>) => {
    const s = defaultWith("put", [{ kind: "put", senders: 2, bytes: 1000, ...entry }]);
    return buildTraffic(s, { topology: buildTopology(s), seed: 1, baseDir: ".", hostGbps: 100, rttNs: 0, rxBufferBytes: 81_000 });
  };
  const d = put({});
  assert.equal(d.hostRx, [{ host: 0, gbps: 100, bufferBytes: 81_000, entry: 0 }]);
  assert.ok(d.flows.every((f) => f.dst === 0));
  assert.equal(put({ receiver: 5, rxFraction: 0.5, rxBufferBytes: 9000 }).hostRx, [{ host: 5, gbps: 50, bufferBytes: 9000, entry: 0 }]);
});

test("a traffic entry's errors name its own kind: a `put` with more senders than hosts is not called an incast", () => {
  // The k = 4 3-tier tree has 16 hosts: 15 besides the receiver, so 16 senders are too many.
  const errs = (kind: "put" | "incast", extra: Record<string, unknown> = {}) =>
    scenarioErrors(() => buildTraffic(defaultWith(kind, [{ kind, senders: 16, bytes: 1000, ...extra }]), { topology: buildTopology(DEFAULT_SCENARIO), seed: 1, baseDir: ".", hostGbps: 100, rttNs: 0, rxBufferBytes: 81_000 }));
  assert.equal(errs("put"), ["traffic[0]: put: 16 senders but only 15 other hosts"]);
  assert.equal(errs("incast"), ["traffic[0]: incast: 16 senders but only 15 other hosts"]);
  // Drawn from a host list: hosts 0–3, receiver 0, leave 3.
  assert.equal(errs("put", { senders: 4, hosts: [0, 1, 2, 3] }), ["traffic[0]: put: 4 senders but only 3 hosts in the pool"]);
  assert.equal(errs("put", { senders: 1, receiver: 16 }), ["traffic[0]: put: receiver 16 outside [0, 16)"]);
});

test("every example scenario in docs/ is valid and builds (the README's commands run them)", () => {
  const docs = join(dirname(fileURLToPath(import.meta.url)), "../../docs");
  const files = readdirSync(docs).filter((f) => f.endsWith(".yaml"));
  assert.ok(files.length >= 6, files.join(", "));
  for (const f of files) {
    const b = build(loadScenario(join(docs, f)), { baseDir: docs });
    assert.ok(b.fabric !== undefined, f);
  }
});

test("docs/default.yaml is the scenario nicfw run runs with no argument", () => {
  const docs = join(dirname(fileURLToPath(import.meta.url)), "../../docs");
  assert.equal(loadScenario(join(docs, "default.yaml")), DEFAULT_SCENARIO);
});

test("ACK coalescing defaults to uet-htsim's 16,384 B, and to per-packet ACKs when any flow runs DCTCP or MP-RDMA", () => {
  // A coalesced ACK echoes only the CE bit of the packet that sent it, so a CC that counts marked
  // bytes (DCTCP, RFC 8257 §3.2; MP-RDMA, ½ packet per marked packet) needs an ACK per packet.
  const traffic: Scenario["traffic"] = [{ kind: "permutation", bytes: 4096 }];
  const withCc = (cc: string | undefined, entryCc?: string, every?: number): Scenario => ({
    ...DEFAULT_SCENARIO,
    name: "ack",
    transport: { ...(cc ? { cc: { name: cc } } : {}), ...(every !== undefined ? { ackEveryBytes: every } : {}) },
    traffic: entryCc ? [{ ...traffic[0], cc: { name: entryCc } }, { kind: "permutation", bytes: 4096 }] : traffic,
  });
  assert.is(defaultAckEveryBytes(withCc(undefined)), 16_384, "NSCC by default");
  assert.is(defaultAckEveryBytes(withCc("swift")), 16_384);
  assert.is(defaultAckEveryBytes(withCc("dctcp")), 0);
  assert.is(defaultAckEveryBytes(withCc("mprdma")), 0);
  // Paced rate modules: HPCC's ns-3 ACKs every packet (notes/baselines.md §3.3; review rev-nic).
  assert.is(defaultAckEveryBytes(withCc("dcqcn")), 0);
  assert.is(defaultAckEveryBytes(withCc("timely")), 0);
  assert.is(defaultAckEveryBytes(withCc("nscc", "dctcp")), 0, "one traffic entry on DCTCP");
  assert.is(build(withCc("dctcp")).ctx.ackEveryBytes, 0);
  assert.is(build(withCc("nscc")).ctx.ackEveryBytes, 16_384);
  assert.is(build(withCc("dctcp", undefined, 8192)).ctx.ackEveryBytes, 8192, "a given value stands");
});

test("REPS under its paper and artifact profiles gets an ACK per packet by default, as the paper's baseline; uec-htsim keeps uet-htsim's 16,384 B", () => {
  // notes/uec-nscc-reps-pds.md §1.3: the paper evaluates coalescing at 2:1 … 16:1 as a variant,
  // its baseline acknowledging each packet; notes/uec-htsim-reference.md §6: uet-htsim ACKs
  // every 16,384 B, with which its REPS hears "one entropy in about four".
  const withLb = (lb: Record<string, unknown> | undefined, entryLb?: Record<string, unknown>, every?: number): Scenario => ({
    ...DEFAULT_SCENARIO,
    name: "ack",
    transport: { ...(lb ? { lb: lb as never } : {}), ...(every !== undefined ? { ackEveryBytes: every } : {}) },
    traffic: entryLb ? [{ kind: "permutation", bytes: 4096, lb: entryLb as never }, { kind: "permutation", bytes: 4096 }] : [{ kind: "permutation", bytes: 4096 }],
  });
  assert.is(defaultAckEveryBytes(withLb(undefined)), 16_384, "REPS, the fabric's uec-htsim");
  assert.is(defaultAckEveryBytes(withLb({ name: "reps" })), 16_384);
  assert.is(defaultAckEveryBytes(withLb({ name: "reps", params: { profile: "uec-htsim" } })), 16_384);
  assert.is(defaultAckEveryBytes(withLb({ name: "reps", params: { profile: "paper" } })), 0);
  assert.is(defaultAckEveryBytes(withLb({ name: "reps", params: { profile: "artifact" } })), 0);
  assert.is(defaultAckEveryBytes(withLb(undefined, { name: "reps", params: { profile: "paper" } })), 0, "one traffic entry on the paper's REPS");
  assert.is(defaultAckEveryBytes(withLb({ name: "ops", params: { profile: "paper" } })), 16_384, "only REPS has these profiles");
  assert.is(build(withLb({ name: "reps", params: { profile: "artifact" } })).ctx.ackEveryBytes, 0);
  assert.is(build(withLb({ name: "reps", params: { profile: "paper" } }, undefined, 16_384)).ctx.ackEveryBytes, 16_384, "a given value stands");
});

test("a permutation entry is a uniform derangement whether or not its hosts are listed (README: random derangement)", () => {
  // 4 hosts have 9 derangements, 3 of them two swaps: P(two hosts send to each other) = 1/3.
  // Over 1200 seeds σ = √(1/3 · 2/3 / 1200) ≈ 0.0136; ±0.07 is beyond 5σ. Hosts omitted, the
  // entry drew one 4-cycle every time (P = 0).
  const topology = { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 2 };
  const N = 1200;
  for (const hosts of [undefined, [0, 1, 2, 3]]) {
    let mutual = 0;
    for (let seed = 1; seed <= N; seed++) {
      const s = validateScenario({ seed, topology, traffic: [{ kind: "permutation", bytes: 1, ...(hosts ? { hosts } : {}) }] });
      const dst = trafficFlows(s, buildTopology(s), seed, ".").map((f) => f.dst);
      if (dst.some((d, i) => dst[d] === i)) mutual++;
    }
    assert.ok(Math.abs(mutual / N - 1 / 3) < 0.07, `hosts ${hosts ? "listed" : "omitted"}: ${mutual / N}`);
  }
});

test.run();
