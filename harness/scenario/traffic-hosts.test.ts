// `hosts` on every traffic kind (harness/README.md, Scenarios: "each may set … hosts"): the
// flows keep to the hosts listed, or the entry is refused with the reason. Expected flows are
// worked out by hand from each pattern's definition.
//
// The Dragonfly here is p = 2, a = 4, h = 2: g = a·h + 1 = 9 groups of a·p = 8 hosts, 72 hosts,
// group G holding hosts 8G … 8G + 7. The Slim Fly is q = 5, p = 2: 2q² = 50 routers of 2 hosts,
// 100 hosts, router r holding hosts 2r and 2r + 1.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildTopology, trafficFlows } from "./build";
import { defaultWith } from "./default";
import { validateScenario } from "./load";
import type { Scenario, TrafficSpec } from "./schema";
import { scenarioErrors } from "./test-support";
import { buildTraffic } from "./traffic";

const DF: Scenario["topology"] = { kind: "dragonfly", p: 2, a: 4, h: 2 };
const SF: Scenario["topology"] = { kind: "slimfly", q: 5, p: 2 };
const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

function flowsOf(topology: Scenario["topology"], traffic: TrafficSpec[], entries: number[] = []) {
  const s = defaultWith("hosts", traffic, { topology });
  return trafficFlows(s, buildTopology(s), 1, ".", entries);
}
function errorsOf(topology: Scenario["topology"], traffic: TrafficSpec[]): string[] {
  return scenarioErrors(() => flowsOf(topology, traffic));
}

test("adversarial on a Dragonfly keeps to its hosts' groups, and a permutation of the rest follows (the review's scenario)", () => {
  // hosts 0–31 are groups 0–3. Kim et al.'s pattern among them (Spritz §V-B [55]): group k
  // sends to group k + 1 of the four, host at the same position: 0–7 → 8–15, 8–15 → 16–23,
  // 16–23 → 24–31, 24–31 → 0–7. Before, the entry ignored hosts: 72 flows over all 9 groups,
  // and the `rest` permutation found no host left ("needs at least 2 hosts").
  const entries: number[] = [];
  const f = flowsOf(DF, [{ kind: "adversarial", bytes: 1000, hosts: range(0, 31) }, { kind: "permutation", bytes: 1000, hosts: "rest" }], entries);
  const adv = f.filter((_, i) => entries[i] === 0);
  assert.equal(adv.map((x) => x.src), range(0, 31));
  assert.equal(adv.map((x) => x.dst), [...range(8, 31), ...range(0, 7)]);
  // The other 72 − 32 = 40 hosts, 32–71, each send once and receive once, never to themselves.
  const perm = f.filter((_, i) => entries[i] === 1);
  assert.is(perm.length, 40);
  assert.equal(perm.map((x) => x.src).sort((a, b) => a - b), range(32, 71));
  assert.equal(perm.map((x) => x.dst).sort((a, b) => a - b), range(32, 71));
  assert.ok(perm.every((x) => x.src !== x.dst));
});

test("Dragonfly adversarial over listed groups: the shift counts the listed groups, in their order", () => {
  const hosts0to31 = range(0, 31);
  // shift 3 among 4 groups: k → k + 3 ≡ k − 1, so 0–7 → 24–31 and 8–31 → 0–23.
  assert.equal(flowsOf(DF, [{ kind: "adversarial", bytes: 1, hosts: hosts0to31, shift: 3 }]).map((x) => x.dst), [...range(24, 31), ...range(0, 23)]);
  // Groups 1, 4 and 7 (hosts 8–15, 32–39, 56–63), listed out of order: 1 → 4 → 7 → 1, i.e.
  // 8–15 → 32–39 (+24), 32–39 → 56–63 (+24), 56–63 → 8–15 (−48).
  const f = flowsOf(DF, [{ kind: "adversarial", bytes: 1, hosts: [...range(56, 63), ...range(8, 15), ...range(32, 39)] }]);
  assert.equal(f.map((x) => [x.src, x.dst]), [...range(8, 15), ...range(32, 39), ...range(56, 63)].map((e) => [e, e < 56 ? e + 24 : e - 48]));
  // A shift that is a multiple of the listed groups' number sends each group to itself.
  assert.equal(errorsOf(DF, [{ kind: "adversarial", bytes: 1, hosts: hosts0to31, shift: 4 }]), ["traffic[0]: dragonfly adversarial: shift must not be a multiple of the number of groups (4)"]);
  // Part of a group cannot be mapped position by position: hosts 0–11 hold group 0 and half of group 1.
  assert.equal(errorsOf(DF, [{ kind: "adversarial", bytes: 1, hosts: range(0, 11) }]), [
    "traffic[0]: hosts: the adversarial pattern sends each group's endpoints to another group's, so it takes whole groups; group 1 (hosts 8–15) is listed in part",
  ]);
  assert.equal(errorsOf(DF, [{ kind: "adversarial", bytes: 1, hosts: range(0, 7) }]), ["traffic[0]: dragonfly adversarial: needs at least 2 groups, got 1"]);
  // Without hosts, every group: G → G + 1 of 9, so host 64 (group 8, position 0) → host 0.
  const all = flowsOf(DF, [{ kind: "adversarial", bytes: 1 }]);
  assert.is(all.length, 72);
  assert.equal([all[0].dst, all[63].dst, all[64].dst, all[71].dst], [8, 71, 0, 7]);
});

test("Slim Fly adversarial over listed routers: each a source and a destination once among them, same position", () => {
  // hosts 0–19 are routers 0–9 (Besta & Hoefler [14]: routers paired, each endpoint to the
  // endpoint at its position on the paired router).
  const entries: number[] = [];
  const f = flowsOf(SF, [{ kind: "adversarial", bytes: 1, hosts: range(0, 19) }, { kind: "permutation", bytes: 1, hosts: "rest" }], entries);
  const adv = f.filter((_, i) => entries[i] === 0);
  assert.equal(adv.map((x) => x.src), range(0, 19));
  assert.equal(adv.map((x) => x.dst).sort((a, b) => a - b), range(0, 19));
  const router = (e: number) => Math.floor(e / 2);
  assert.ok(adv.every((x) => router(x.src) !== router(x.dst) && x.src % 2 === x.dst % 2), JSON.stringify(adv));
  // Both endpoints of a router go to one router.
  for (let r = 0; r < 10; r++) assert.is(router(adv[2 * r].dst), router(adv[2 * r + 1].dst));
  assert.is(f.length - adv.length, 80, "the other 80 hosts in the rest permutation");
  assert.equal(errorsOf(SF, [{ kind: "adversarial", bytes: 1, hosts: [0, 1, 2] }]), [
    "traffic[0]: hosts: the adversarial pattern sends each router's endpoints to another router's, so it takes whole routers; router 1 (hosts 2–3) is listed in part",
  ]);
  // Spritz §V-B: only the Dragonfly pattern has a shift; a Slim Fly ignored it before.
  assert.match(errorsOf(SF, [{ kind: "adversarial", bytes: 1, shift: 2 }])[0], /^traffic\[0\]: shift: the Slim Fly adversarial pattern pairs routers/);
});

test("incast and put keep to their hosts: the receiver defaults to the first of them, and listed senders and receivers must be among them", () => {
  // hosts 4–8, 2 senders: receiver 4 (before: host 0, outside the list), senders from 5–8.
  for (let seed = 1; seed <= 20; seed++) {
    const s = defaultWith("i", [{ kind: "incast", hosts: range(4, 8), senders: 2, bytes: 1 }]);
    const f = trafficFlows(s, buildTopology(s), seed, ".");
    assert.ok(f.length === 2 && f.every((x) => x.dst === 4 && x.src >= 5 && x.src <= 8), JSON.stringify(f));
  }
  const FT = defaultWith("x", []).topology;
  assert.equal(errorsOf(FT, [{ kind: "incast", hosts: range(4, 8), receiver: 0, senders: 2, bytes: 1 }]), ["traffic[0]: receiver: host 0 is not among this entry's hosts"]);
  assert.equal(errorsOf(FT, [{ kind: "incast", hosts: range(4, 8), senderList: [1, 5], bytes: 1 }]), ["traffic[0]: senderList: host 1 is not among this entry's hosts"]);
  // hosts 1–3 with senders 1 and 2 listed: the receiver is 3, the first host not sending (review
  // rev-d5: it was host 1, "flow 0 sends from host 1 to itself"); put alike; all three sending, none left.
  for (const kind of ["incast", "put"] as const) {
    const f = flowsOf(FT, [{ kind, hosts: [1, 2, 3], senderList: [1, 2], bytes: 1 }]);
    assert.equal(f.map((x) => [x.src, x.dst]), [[1, 3], [2, 3]], kind);
  }
  assert.equal(errorsOf(FT, [{ kind: "incast", hosts: [1, 2, 3], senderList: [1, 2, 3], bytes: 1 }]), ["traffic[0]: incast: no host of this entry's is left for the receiver (senderList names them all)"]);
  // `rest` after an incast into host 0 from 1–3: the put's receiver is host 4, its rate set there.
  const s = defaultWith("p", [
    { kind: "incast", senderList: [1, 2, 3], receiver: 0, bytes: 1 },
    { kind: "put", hosts: "rest", senders: 3, bytes: 1, rxFraction: 0.5 },
  ]);
  const t = buildTraffic(s, { topology: buildTopology(s), seed: 1, baseDir: ".", hostGbps: 100, rttNs: 0, rxBufferBytes: 1000 });
  assert.equal(t.hostRx, [{ host: 4, gbps: 50, bufferBytes: 1000, entry: 1 }]);
  assert.ok(t.flows.slice(3).every((f) => f.dst === 4 && f.src > 4), JSON.stringify(t.flows));
});

test("flows and matrix entries name their hosts, which must be among `hosts`; the monitored flow refuses `hosts`", () => {
  const FT = defaultWith("x", []).topology;
  assert.equal(errorsOf(FT, [{ kind: "flows", hosts: [0, 1, 2, 3], flows: [{ src: 0, dst: 1, bytes: 1 }, { src: 2, dst: 5, bytes: 1 }] }]), [
    "traffic[0]: flow 1 uses host 5, not among this entry's hosts",
  ]);
  assert.equal(errorsOf(FT, [{ kind: "matrix", hosts: [0, 1, 2, 3], text: "Nodes 16\nConnections 1\n8->1 start 0 size 1000\n" }]), [
    "traffic[0]: connection 0 uses host 8, not among this entry's hosts",
  ]);
  assert.is(flowsOf(FT, [{ kind: "flows", hosts: [0, 1, 2, 3], flows: [{ src: 0, dst: 3, bytes: 1 }] }]).length, 1);
  // Fig. 5 congests nearly every group of the Dragonfly: not a pattern of a subset.
  assert.match(errorsOf(DF, [{ kind: "monitored", hosts: range(0, 31) }])[0], /^traffic\[0\]: hosts: the monitored-flow pattern \(Spritz Fig\. 5\) takes every group/);
});

test("matrix traffic: startUnit ps; a start of 1 s or later read as µs is warned of; startUnit only on matrix", () => {
  const text = "Nodes 4\nConnections 2\n0->1 start 0 size 1000\n2->1 start 2000000 size 1000\n";
  const topology: Scenario["topology"] = { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 2 };
  const read = (x: TrafficSpec) => {
    const s = defaultWith("hosts", [x], { topology });
    return buildTraffic(s, { topology: buildTopology(s), seed: 1, baseDir: ".", hostGbps: 100, rttNs: 0, rxBufferBytes: 0 });
  };
  // 2,000,000 ps = 2 µs = 2,000 ns: no warning.
  const ps = read({ kind: "matrix", text, startUnit: "ps" });
  assert.equal(ps.flows.map((f) => f.startNs), [0, 2000]);
  assert.equal(ps.warnings, []);
  // 2,000,000 µs = 2 s: read as asked, and warned of.
  const us = read({ kind: "matrix", text });
  assert.equal(us.flows.map((f) => f.startNs), [0, 2e9]);
  assert.is(us.warnings.length, 1);
  assert.match(us.warnings[0], /traffic\[0\]: the matrix's starts, read as µs .* reach 2000000 µs; .* set startUnit: ps/);
  // Under 1 s nothing is said: 999,999 µs could be either.
  assert.equal(read({ kind: "matrix", text: text.replace("2000000", "999999") }).warnings, []);
  const errors = scenarioErrors(() => validateScenario({ name: "x", topology, traffic: [{ kind: "incast", bytes: 1000, senders: 2, startUnit: "ps" }] }));
  assert.ok(errors.some((e) => /traffic\[0\]\.startUnit: only for matrix traffic/.test(e)), errors.join("\n"));
});

test.run();
