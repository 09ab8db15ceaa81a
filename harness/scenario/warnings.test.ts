// The build's warning for a delay CC whose target no single full queue reaches (warnings.ts),
// checked by hand on the default network: the k = 4 3-tier fat tree at 100 Gb/s, 1 µs links,
// MTU 4150 B, ACK 64 B, 1-BDP queues with trimming.
//
// A link costs 2 × 1000 ns of propagation and (4150 + 64) × 8 / 100 = 337.12 ns of MTU + ACK
// serialisation per round trip, so the unloaded RTT of a path of L links is L × 2337.12 ns:
//   1 → 0  (same ToR, 2 links, 1 switch):  4,674.24 ns
//   2 → 0  (same pod, 4 links, 3 switches): 9,348.48 ns
//   15 → 0 (across the core, 6 links, 5 switches): 14,022.72 ns, the network RTT.
// BDP 100 Gb/s × 14,022.72 ns / 8 = 175,284 B → 43 packets, so bufferBytes = 43 × 4150 = 178,450 B,
// and one full queue plus the packet in service drains in (178,450 + 4,150) × 8 / 100 = 14,608 ns.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario } from "../run";
import { build } from "./build";
import { DEFAULT_SCENARIO } from "./default";
import type { ModuleSpec, Scenario } from "./schema";

const three = [
  { src: 1, dst: 0, bytes: 4086 },
  { src: 2, dst: 0, bytes: 4086 },
  { src: 15, dst: 0, bytes: 4086 },
];
const scenarioWith = (cc: ModuleSpec, flows = three, network: Scenario["network"] = DEFAULT_SCENARIO.network): Scenario => ({
  ...DEFAULT_SCENARIO,
  network,
  transport: { ...DEFAULT_SCENARIO.transport, cc },
  traffic: [{ kind: "flows", flows }],
});
const warnings = (s: Scenario) => build(s).warnings;

test("Swift's google profile on the default network: no single full queue reaches its target", () => {
  // Swift §3.1 target at the largest window (flow scaling 0): 25,000 + 1,000 ns per switch.
  //   1 → 0:  26,000 − 4,674.24 = 21,325.76 ns of slack → ⌊21,325.76 / 14,608⌋ + 1 = 2 queues
  //   2 → 0:  28,000 − 9,348.48 = 18,651.52 ns → ⌊1.28⌋ + 1 = 2
  //   15 → 0: 30,000 − 14,022.72 = 15,977.28 ns → ⌊1.09⌋ + 1 = 2
  // Every flow needs 2 full queues on its path: at one bottleneck Swift never cuts.
  const w = warnings(scenarioWith({ name: "swift" }));
  assert.is(w.length, 1);
  assert.match(w[0], /^transport\.cc: swift reacts to no single congested queue/);
  assert.match(w[0], "baseTargetNs 25.00 µs + hopScalingNs 1.00 µs per switch");
  assert.match(w[0], "at most 14.02 µs");
  assert.match(w[0], "= 14.61 µs");
  assert.match(w[0], "only where 2 or more queues on one path are full at once");
  // 1.5 × 14,022.72 = 21,034.08 ns, the figure the warning suggests.
  assert.match(w[0], "1.5 × the network RTT: 21.03 µs");
});

test("Swift's paper profile cuts on loss (Alg. 1 fast recovery): the warning says so, not 'as cc none'", () => {
  // The paper profile's delay targets are google's (the slack arithmetic above: 2 queues per
  // flow), but lossDecrease is on, so a trim's NACK cuts by max_mdf 0.5 (Swift Alg. 1).
  const w = warnings(scenarioWith({ name: "swift", params: { profile: "paper" } }));
  assert.is(w.length, 1);
  assert.match(w[0], "only where 2 or more queues on one path are full at once");
  assert.match(w[0], "it backs off only on loss (lossDecrease: a NACK cuts the window by maxMdf 0.5, at most once per RTT), never on delay");
  assert.not.match(w[0], "as cc none would");
  // google with lossDecrease given: the same wording; google as it is: as cc none.
  assert.match(warnings(scenarioWith({ name: "swift", params: { lossDecrease: true } }))[0], "backs off only on loss");
  assert.match(warnings(scenarioWith({ name: "swift" }))[0], "it runs as cc none would");
});

test("a Swift target one full queue can reach, NSCC, or PFC's deep queues: no warning", () => {
  // baseTargetNs 21,034 (1.5 × RTT): across the core 21,034 + 5 × 1,000 = 26,034 ns against
  // 14,022.72 + 14,608 = 28,630.72 ns through one full queue: slack 12,011.28 → 0 + 1 = 1 queue.
  assert.equal(warnings(scenarioWith({ name: "swift", params: { baseTargetNs: 21_034 } })), []);
  assert.equal(warnings(scenarioWith({ name: "nscc" })), []);
  assert.equal(warnings(DEFAULT_SCENARIO), []);
  // PFC: pauses fill the queues upstream of a bottleneck, several on one path (even with the
  // default network's 1-BDP data limit kept here).
  assert.equal(warnings(scenarioWith({ name: "swift" }, three, { ...DEFAULT_SCENARIO.network, trimming: false, pfc: {} })), []);
  // The boundary, across the core with no hop or flow scaling: RTT + one queue is 28,630.72 ns.
  // A target of 28,631 ns is not exceeded by it (Swift decreases on delay > target): 2 queues;
  // one of 28,630 ns is: 1.
  const cross = [{ src: 15, dst: 0, bytes: 4086 }];
  const edge = (base: number) => warnings(scenarioWith({ name: "swift", params: { baseTargetNs: base, hopScalingNs: 0, fsRangeNs: 0 } }, cross)).length;
  assert.is(edge(28_631), 1);
  assert.is(edge(28_630), 0);
});

test("TIMELY's T_low on the default network; never, when every path is too short for it", () => {
  // T_low 50,000 ns (paper profile):
  //   1 → 0:  45,325.76 / 14,608 → 3 + 1 = 4 queues, but its path has 1 switch
  //   2 → 0:  40,651.52 → 2 + 1 = 3 of its 3
  //   15 → 0: 35,977.28 → 2 + 1 = 3 of its 5
  const w = warnings(scenarioWith({ name: "timely" }));
  assert.is(w.length, 1);
  assert.match(w[0], /^transport\.cc: timely reacts to no single congested queue: T_low, tLowNs 50\.00 µs/);
  assert.match(w[0], "only where 3 or more queues on one path are full at once");
  const never = warnings(scenarioWith({ name: "timely" }, [three[0]]));
  assert.match(never[0], "never, not even with every queue on a flow's path full");
  // T_low 10 µs: 15 → 0 needs ⌊(10,000 − 14,022.72) < 0⌋ → 0 queues (its unloaded RTT is above).
  assert.equal(warnings(scenarioWith({ name: "timely", params: { tLowNs: 10_000 } })), []);
});

test("a traffic entry's own CC is named by its path; results.json carries the warnings", () => {
  const s: Scenario = { ...scenarioWith({ name: "nscc" }), traffic: [{ kind: "flows", flows: three, cc: { name: "swift" } }] };
  assert.match(warnings(s)[0], /^traffic\[0\]\.cc: swift /);
  assert.equal(runScenario(s).warnings, warnings(s));
  assert.not.ok("warnings" in runScenario(scenarioWith({ name: "nscc" })));
});

test.run();
