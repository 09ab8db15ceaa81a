// load.ts's cross-field checks (review rev-scenario findings 2, 4, 5 and 8): settings that used to
// run as something else, crash mid-run, or be dropped without a word are refused at load, each
// error naming its field and what to set. The default network is the k = 4 3-tier fat tree at
// 100 Gb/s over 1 µs links, MTU 4150 B, ACK 64 B: network RTT 6 links × (2 × 1000 + (4150 + 64) ×
// 8 / 100) ns = 14,022.72 ns, BDP 100 × 14,022.72 / 8 = 175,284 B → ⌈42.24⌉ = 43 packets
// (uet-htsim §2, warnings.test.ts).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario } from "../run";
import { build } from "./build";
import { parseScenarioText, validateScenario } from "./load";
import { scenarioErrors } from "./test-support";

const base = (more: Record<string, unknown>): unknown => ({
  topology: { kind: "fattree", k: 4 },
  traffic: [{ kind: "flows", flows: [{ src: 0, dst: 5, bytes: 10_000 }] }],
  ...more,
});
const errorsOf = (doc: unknown): string[] => scenarioErrors(() => validateScenario(doc));

test("network.trimming and network.queue.trimming that disagree are refused, naming both and the fix; agreeing, the build's trimming is the queues'", () => {
  const errors = (network: Record<string, unknown>) => errorsOf(base({ network }));
  // trimming: true with queues that never trim ran 1-BDP queues (43 × 4150 = 178,450 B) that
  // dropped every overflow under NSCC's trimming settings; trimming: false with trimming queues
  // ran 5-BDP ones (5 × 178,450 = 892,250 B) that trimmed. lib/switch/queue: "off", "arriving",
  // "arriving-or-newest".
  assert.equal(errors({ trimming: true, queue: { trimming: "off" } }), [
    'network.queue.trimming: "off" contradicts network.trimming: true, which sets the buffers (1 BDP with trimming, 5 without), NSCC\'s trimming settings and derived.trimming: ' +
      'for switches that drop, set network.trimming: false (network.queue.trimming "off" may stay); to trim, leave network.queue.trimming out or give "arriving" or "arriving-or-newest"',
  ]);
  assert.equal(errors({ trimming: false, queue: { trimming: "arriving" } }), [
    'network.queue.trimming: "arriving" contradicts network.trimming: false, which sets the buffers (1 BDP with trimming, 5 without), NSCC\'s trimming settings and derived.trimming: ' +
      'to trim, set network.trimming: true (network.queue.trimming "arriving" or "arriving-or-newest" then picks which packet); for switches that drop, leave network.queue.trimming out or give "off"',
  ]);
  // network.trimming left out is true without PFC and false with it (build.ts): the same contradiction.
  assert.match(errors({ queue: { trimming: "off" } })[0], 'network.queue.trimming: "off" contradicts network.trimming (true by default without network.pfc)');
  assert.match(errors({ pfc: {}, queue: { trimming: "arriving-or-newest" } })[0], 'network.queue.trimming: "arriving-or-newest" contradicts network.trimming (false by default with network.pfc)');
  // Agreeing: accepted, and what the build derives is what the queues do.
  const agreeing: Record<string, unknown>[] = [
    { trimming: true, queue: { trimming: "arriving" } },
    { trimming: true, queue: { trimming: "arriving-or-newest" } },
    { trimming: false, queue: { trimming: "off" } },
    { queue: { trimming: "arriving" } },
    { pfc: {}, queue: { trimming: "off" } },
    { pfc: {}, trimming: true, queue: { trimming: "arriving" } },
  ];
  for (const network of agreeing) {
    assert.equal(errors(network), [], JSON.stringify(network));
    const b = build(validateScenario(base({ network })));
    assert.is(b.derived.trimming, b.fabric.queues.params.trimming !== "off", JSON.stringify(network));
  }
  // Without PFC the buffer follows: 1 BDP trimming, 5 without (uet-htsim §2), 43 and 215 packets of 4150 B.
  assert.is(build(validateScenario(base({ network: { trimming: true, queue: { trimming: "arriving" } } }))).derived.bufferBytes, 178_450);
  assert.is(build(validateScenario(base({ network: { trimming: false, queue: { trimming: "off" } } }))).derived.bufferBytes, 892_250);
});

test("network.ackBytes above network.mtuBytes is refused at load, naming both (every switch queue refuses a packet above its MTU); at the MTU it runs", () => {
  // lib/switch/queue onEnqueue admits 1 ≤ bytes ≤ mtuBytes: an ACK of 200 B on a 128 B MTU was
  // accepted and the run died at the first ACK ("fabric: PortQueues refused packet …").
  assert.equal(errorsOf(base({ network: { mtuBytes: 128, headerBytes: 64, ackBytes: 200 } })), [
    "network.ackBytes: must not exceed network.mtuBytes (128): every switch queue refuses a packet larger than the MTU; give ackBytes of at most 128 or a larger mtuBytes, got 200",
  ]);
  // 129 = 128 + 1: the first size refused.
  assert.match(errorsOf(base({ network: { mtuBytes: 128, ackBytes: 129 } }))[0], /^network\.ackBytes: must not exceed network\.mtuBytes \(128\)/);
  // 128 = 128: admitted, and the run delivers its 10,000 B.
  const atMtu = validateScenario(base({ network: { mtuBytes: 128, headerBytes: 64, ackBytes: 128 } }));
  const r = runScenario(atMtu);
  assert.is(r.integrity.ok, true);
  assert.is(r.flows.filter((f) => f.fctUs !== null).length, 1);
  // A header as large as the MTU leaves a data packet no payload: refused with both values.
  assert.equal(errorsOf(base({ network: { mtuBytes: 128, headerBytes: 128 } })), ["network.headerBytes: must be smaller than network.mtuBytes (128), got 128"]);
  assert.equal(errorsOf(base({ network: { headerBytes: 1024, ackBytes: 1024 } })), [], "4150 B, the default MTU, holds both");
});

test("a field the chosen kind does not read is refused, naming the kinds that read it (topology, traffic entries, faults)", () => {
  // Topology: each kind's builder (build.ts buildTopology) reads only its own fields.
  assert.equal(errorsOf(base({ topology: { kind: "leafspine", leaves: 2, spines: 2, hostsPerLeaf: 4, oversubscription: 4, k: 8, tiers: 2, globalLatencyNs: 5, wanGbps: 10 } })), [
    "topology.oversubscription: only for fattree, not leafspine",
    "topology.k: only for fattree, not leafspine",
    "topology.tiers: only for fattree, not leafspine",
    "topology.globalLatencyNs: only for dragonfly and slimfly, not leafspine",
    "topology.wanGbps: only for twodc, not leafspine",
  ]);
  assert.equal(errorsOf(base({ topology: { kind: "fattree", k: 4, leaves: 9, p: 3, a: 4, q: 5, wanLatencyNs: 1 } })), [
    "topology.leaves: only for leafspine and twodc, not fattree",
    "topology.p: only for dragonfly and slimfly, not fattree",
    "topology.a: only for dragonfly, not fattree",
    "topology.q: only for slimfly, not fattree",
    "topology.wanLatencyNs: only for twodc, not fattree",
  ]);
  assert.equal(errorsOf(base({ topology: { kind: "dragonfly", p: 2, a: 4, h: 2, oversubscription: 8 } })), ["topology.oversubscription: only for fattree, not dragonfly"]);
  assert.equal(errorsOf(base({ topology: { kind: "twodc", k: 16 } })), ["topology.k: only for fattree, not twodc"]);
  // The fields every kind reads are refused nowhere.
  assert.equal(errorsOf(base({ topology: { kind: "twodc", linkGbps: 100, hostGbps: 100, latencyNs: 1000, hostLatencyNs: 0, switchLatencyNs: 0, wanGbps: 1600, wanLatencyNs: 5000 } })), []);
  // Traffic: a permutation reads bytes and cross only (traffic.ts generate).
  const perm = { kind: "permutation", bytes: 10_000, senders: 3, receiver: 2, load: 0.5, cdf: "websearch", window: 4, rxFraction: 0.5, staggerUs: 5, startUs: 1, class: "p" };
  assert.equal(errorsOf(base({ traffic: [perm] })), [
    "traffic[0].senders: only for incast and put traffic, not permutation",
    "traffic[0].receiver: only for incast and put traffic, not permutation",
    "traffic[0].load: only for cdf traffic, not permutation",
    "traffic[0].cdf: only for cdf traffic, not permutation",
    "traffic[0].window: only for alltoall traffic, not permutation",
    "traffic[0].rxFraction: only for put traffic, not permutation",
    "traffic[0].staggerUs: only for incast and put traffic, not permutation",
  ]);
  // Faults: a slow fault slows hosts, a loss fault reads no rate; each used to run without them.
  const faults = [
    { kind: "loss", links: [{ host: 3 }], gbps: 10, rxFraction: 0.5, probability: 0 },
    { kind: "slow", hosts: [5], rxFraction: 0.5, links: [{ switch: 8, port: 2 }], probability: 0.9 },
    { kind: "degrade", links: [{ host: 1 }], gbps: 50, packets: ["ack"], probability: 1, trim: true },
    { kind: "down", hosts: [3], atUs: 1, untilUs: 2, label: "x", switches: [0] },
  ];
  assert.equal(errorsOf(base({ faults })), [
    "faults[0].gbps: only for degrade faults, not loss",
    "faults[0].rxFraction: only for slow faults, not loss",
    "faults[1].links: only for down, degrade, loss and corrupt faults, not slow",
    "faults[1].probability: only for loss and corrupt faults, not slow",
    "faults[2].packets: only for loss and corrupt faults, not degrade",
    "faults[2].probability: only for loss and corrupt faults, not degrade",
    "faults[2].trim: only for loss faults, not degrade",
    "faults[3].hosts: only for slow faults, not down",
  ]);
});

test("a link or port named two ways is refused: { host, switch, port } used the host and dropped the switch port", () => {
  const links = (ref: Record<string, unknown>) => errorsOf(base({ faults: [{ kind: "down", links: [ref] }] }));
  assert.equal(links({ host: 3, switch: 8, port: 2 }), ["faults[0].links[0]: give one of { switch, port }, { host } or { id }, not { switch, port } and { host } together"]);
  assert.equal(links({ id: 4, host: 3 }), ["faults[0].links[0]: give one of { switch, port }, { host } or { id }, not { host } and { id } together"]);
  for (const one of [{ host: 3 }, { switch: 8, port: 2 }, { id: 4 }]) assert.equal(links(one), [], JSON.stringify(one));
  const ports = (ref: Record<string, unknown>) => errorsOf(base({ metrics: { sample: { ports: [ref] } } }));
  assert.equal(ports({ to: 0, from: 1 }), ["metrics.sample.ports[0]: give one of { to }, { from }, { switch, port } or { id }, not { to } and { from } together"]);
  for (const one of [{ to: 0 }, { from: 1 }, { switch: 8, port: 2 }, { id: 4 }]) assert.equal(ports(one), [], JSON.stringify(one));
});

test("ECN fractions out of order: the error names the default of the one not given and both ways out", () => {
  // build.ts's defaults, uet-htsim main_uec's Kmin = 0.2, Kmax = 0.8 of the BDP (UEC §3.6.17).
  assert.equal(errorsOf(base({ network: { ecnMaxFraction: 0.1 } })), [
    "network.ecnMaxFraction: 0.1 is below network.ecnMinFraction, 0.2 by default: give ecnMinFraction too, at most 0.1, or an ecnMaxFraction of at least 0.2",
  ]);
  assert.equal(errorsOf(base({ network: { ecnMinFraction: 0.9 } })), [
    "network.ecnMinFraction: 0.9 is above network.ecnMaxFraction, 0.8 by default: give ecnMaxFraction too, at least 0.9, or an ecnMinFraction of at most 0.8",
  ]);
  assert.equal(errorsOf(base({ network: { ecnMinFraction: 0.5, ecnMaxFraction: 0.4 } })), ["network.ecnMinFraction: 0.5 must not exceed network.ecnMaxFraction (0.4)"]);
  // Both fixes the first message names are accepted.
  for (const network of [{ ecnMinFraction: 0.1, ecnMaxFraction: 0.1 }, { ecnMaxFraction: 0.2 }, { ecnMinFraction: 0.8 }]) assert.equal(errorsOf(base({ network })), [], JSON.stringify(network));
});

// Audit rev-cli (2026-12-07): each of these ran (one until the heap ran out, one with flows that
// never started, one that crashed with a stack trace) or dropped a setting without a word.
test("refused at load or build, naming the field: a zero-mean CDF, sizes past 2^31 − 1, flows waiting on each other, unknown path flows, contradictory pairs", () => {
  const built = (doc: unknown): string[] => scenarioErrors(() => build(validateScenario(doc)));
  const traffic = (t: Record<string, unknown>) => base({ traffic: [t] });
  assert.equal(built(traffic({ kind: "cdf", cdfPoints: [[0, 0], [0, 100]], load: 0.1, durationUs: 20 })), [
    "traffic[0]: cdfPoints: every size is 0; the mean flow size must be above 0",
  ]);
  assert.equal(built(traffic({ kind: "cdf", cdfPoints: [[3e9, 0], [3e9 + 1, 100]], load: 1, durationUs: 20, hosts: [0, 1] })), [
    "traffic[0]: cdfPoints: size 3000000001 B above 2147483647 (a flow's largest, as flows[].bytes)",
  ]);
  const matrix = (size: number) => traffic({ kind: "matrix", text: `Nodes 16\nConnections 1\n0->1 id 1 start 0 size ${size}\n` });
  assert.equal(built(matrix(2 ** 31)), ["traffic[0]: matrix:3: size must be an integer number of bytes in [1, 2147483647] (as flows[].bytes)"]);
  assert.equal(built(matrix(2 ** 31 - 1)), []);
  const f = (after?: number[]) => ({ src: 0, dst: 1, bytes: 1000, ...(after ? { after } : {}) });
  assert.equal(built(traffic({ kind: "flows", flows: [f([2]), f([0]), f([1]), f()] })), ["traffic[0]: flows 0, 1, 2 would never start: each waits (after / afterAcked) for flows among them"]);
  assert.equal(built(traffic({ kind: "flows", flows: [f(), f([0]), f([0, 1])] })), []);
  assert.equal(built(base({ metrics: { paths: { flows: [0, 1] } } })), ["metrics.paths.flows: flow 1 outside [0, 1)"]);
  assert.equal(errorsOf(traffic({ kind: "incast", bytes: 1000, senders: 2, senderList: [1, 2] })), ["traffic[0].senderList: give senders or senderList, not both"]);
  assert.equal(errorsOf(base({ faults: [{ kind: "down", random: { fraction: 0.5, count: 2 } }] })), ["faults[0].random.count: give fraction or count, not both"]);
  // bytesList stands in for bytes (it was required beside it, and ignored).
  assert.equal(built(traffic({ kind: "incast", senderList: [1, 2, 3], receiver: 0, bytesList: [1000, 2000] })), []);
  assert.equal(errorsOf(traffic({ kind: "incast", senders: 2, bytes: 1000, bytesList: [1000] })), ["traffic[0].bytesList: give bytes or bytesList, not both"]);
  assert.equal(errorsOf(traffic({ kind: "incast", senders: 2 })), ["traffic[0].bytes: required for incast traffic (or bytesList)"]);
});

test("schema messages: a union names its forms, ±Infinity and NaN are shown as such, a map's numeric key is a key", () => {
  assert.equal(errorsOf(base({ traffic: [{ kind: "permutation", bytes: 1000, hosts: [0, -1] }] })), [
    'traffic[0].hosts: expected a list of (an integer ≥ 0), or "rest", got [0,-1]',
  ]);
  assert.equal(errorsOf(base({ traffic: [{ kind: "permutation", bytes: 1000, startUs: Infinity }] })), ["traffic[0].startUs: expected number, got Infinity"]);
  assert.equal(errorsOf(base({ tags: { 2024: { x: 1 } } })), ['tags.2024: expected a string, or a number, or true or false, got {"x":1}']);
});

test("YAML merge keys share settings between entries; the entry's own fields win", () => {
  const doc = parseScenarioText(
    "topology: { kind: fattree, k: 4 }\nbase: &b { kind: flows, startUs: 5 }\ntraffic:\n  - { <<: *b, flows: [ { src: 0, dst: 5, bytes: 1000 } ], startUs: 7 }\n",
    "m.yaml",
  ) as Record<string, unknown>;
  assert.equal((doc.traffic as unknown[])[0], { kind: "flows", startUs: 7, flows: [{ src: 0, dst: 5, bytes: 1000 }] });
});

test("a flow of a flows list keeps the class it names; the entry's class labels the others", () => {
  const b = build(validateScenario(base({ traffic: [{ kind: "flows", class: "entry", flows: [{ src: 0, dst: 5, bytes: 1000, class: "own" }, { src: 1, dst: 5, bytes: 1000 }] }] })));
  assert.equal(b.classes, ["own", "entry"]);
});

test.run();
