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
import { validateScenario } from "./load";
import { coalescedAckWarnings } from "./warnings";
import type { ModuleSpec, Scenario } from "./schema";

const three = [
  { src: 1, dst: 0, bytes: 4086 },
  { src: 2, dst: 0, bytes: 4086 },
  { src: 15, dst: 0, bytes: 4086 },
];
// The default scenario's ackEveryBytes left out: each CC gets the fabric's default coalescing (an
// ACK per packet under DCTCP and MP-RDMA), so the coalesced-ACK warning stays out of these tests.
const { ackEveryBytes: _ackEveryBytes, ...defaultTransport } = DEFAULT_SCENARIO.transport ?? {};
const scenarioWith = (cc: ModuleSpec, flows = three, network: Scenario["network"] = DEFAULT_SCENARIO.network): Scenario => ({
  ...DEFAULT_SCENARIO,
  network,
  transport: { ...defaultTransport, cc },
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

test("the delay-target warnings read the queues' own limit, network.queue.dataLimitBytes included (audit 2026-12-07)", () => {
  // Swift's google profile warns on the default network (above); a 2 MB data queue drains in
  // (2,000,000 + 4,150) × 8 / 100 = 160.3 µs, past any of its targets: one full queue reaches it.
  const deep = { ...DEFAULT_SCENARIO.network, queue: { dataLimitBytes: 2_000_000 } };
  assert.ok(warnings(scenarioWith({ name: "swift" })).length > 0);
  assert.equal(warnings(scenarioWith({ name: "swift" }, three, deep)), []);
  // TIMELY at T_low 40 µs: a 3-BDP buffer (535,350 B, 43 µs to drain) reaches it through one
  // queue; a 20 kB data queue drains in (20,000 + 4,150) × 8 / 100 = 1.93 µs, and 15 → 0 needs
  // ⌊(40,000 − 14,022.72) / 1,932⌋ + 1 = 14 of its 5 queues.
  const timely = { name: "timely", params: { tLowNs: 40_000, tHighNs: 500_000 } };
  assert.equal(warnings(scenarioWith(timely, three, { ...DEFAULT_SCENARIO.network, bufferBdp: 3 })), []);
  // (REPS then warns too: a 20 kB queue never reaches RED's Kmin.)
  const shallow = warnings(scenarioWith(timely, three, { ...DEFAULT_SCENARIO.network, bufferBdp: 3, queue: { dataLimitBytes: 20_000 } })).filter((w) => w.startsWith("transport.cc"));
  assert.is(shallow.length, 1);
  assert.match(shallow[0], /^transport\.cc: timely reacts to no single congested queue/);
});

test("Swift on two DCs: an intra-DC table's advice scales its own flows' RTT, not the WAN's (audit 2026-12-07: 1,521.07 µs)", () => {
  const s: Scenario = { topology: { kind: "twodc" }, transport: { cc: { name: "swift" }, lb: { name: "reps" }, reliability: { name: "rud" } }, traffic: [{ kind: "flows", flows: [{ src: 0, dst: 5, bytes: 4086 }] }] };
  const w = warnings(s).filter((x) => x.includes("swift reacts to no single congested queue"));
  assert.is(w.length, 1);
  // The intra-DC route's unloaded RTT is 9.35 µs (harness README, two DCs): 1.5 × 9,348.48 = 14,022.72 ns.
  assert.match(w[0], "at most 9.35 µs");
  assert.match(w[0], "baseTargetNs (e.g. to 1.5 × its flows' longest unloaded RTT: 14.02 µs");
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

// The build's warning for a CC that reads ECN on a network whose switches cannot mark
// (warnings.ts, second part). On the default network (above) the data limit is
// bufferBytes = 43 × 4,150 = 178,450 B and RED runs at dequeue between
// Kmin = ⌈0.2 × 43⌉ = 9 and Kmax = ⌈0.8 × 43⌉ = 35 packets: 37,350 and 145,250 B (uet-htsim
// main_uec; network.ecnMinFraction / ecnMaxFraction), pMax 1.
const withNet = (cc: ModuleSpec, net: Partial<NonNullable<Scenario["network"]>>, reliability?: ModuleSpec): Scenario => {
  const s = scenarioWith(cc, three, { ...DEFAULT_SCENARIO.network, ...net });
  return reliability ? { ...s, transport: { ...s.transport, reliability } } : s;
};
const ecnWarnings = (s: Scenario) => warnings(s).filter((w) => w.includes("reacts to ECN"));

test("DCQCN under the dcp queue profile: no RED marks, so CNPs only for trimmed headers (markTrimmed), or none without it; the build says so", () => {
  // lib/switch/queue params.ts: the dcp profile's ecnAt is "off" (README, Profiles): RED marks
  // nothing. Its markTrimmed (DCP-Simulation's CE on the HO) marks the header a trim makes, and
  // the receiving NIC's NP answers that with a CNP (DCQCN §3.1; net/fabric.ts hostReceive), so
  // DCQCN cuts on overflows only. (The default load balancer, REPS, earns its own warning: below.)
  const w = ecnWarnings(withNet({ name: "dcqcn" }, { queue: { profile: "dcp" } }, { name: "dcp" }));
  assert.is(w.length, 1);
  assert.match(w[0], /^transport\.cc: dcqcn reacts to ECN, but no switch port marks: network\.queue\.ecnAt is "off" \(the dcp queue profile's default\)\. /);
  assert.match(w[0], "DCQCN cuts its rate only on CNPs, which a receiver sends for CE-marked packets (DCQCN §3.1 NP), and only the headers of trimmed packets carry CE (network.queue.markTrimmed)");
  assert.match(w[0], "it cuts where a queue overflows and trims, never while one builds up; it does not react to loss");
  // The thresholds the fix would mark between are those the ports run: under dcp the profile's
  // ⌊0.2 / 0.8 × BDP⌋ of the 175,284 B BDP, ⌊35,056.8⌋ and ⌊140,227.2⌋ (not uet-htsim's 9 and 35 packets).
  assert.match(w[0], 'Set network.queue.ecnAt: "dequeue" (or "enqueue") for RED marking between kMinBytes 35056 and kMaxBytes 140227 B');
  // Without markTrimmed nothing is marked at all: the NP sends no CNP, the RP never cuts, so every
  // flow keeps R_C = initRate, the paper profile's line rate: the hosts' 100 Gb/s.
  const none = ecnWarnings(withNet({ name: "dcqcn" }, { queue: { profile: "dcp", markTrimmed: false } }, { name: "dcp" }));
  assert.match(none[0], "every flow stays at its initial rate (initRateGbps 100 Gb/s) and runs as cc none would");
  // Nor without trimming, whatever markTrimmed says.
  assert.match(ecnWarnings(withNet({ name: "dcqcn" }, { trimming: false, queue: { profile: "dcp" } }, { name: "dcp" }))[0], "runs as cc none would");
  // Marking on, at either point: no warning.
  assert.equal(warnings(withNet({ name: "dcqcn" }, { queue: { profile: "dcp", ecnAt: "dequeue" } }, { name: "dcp" })), []);
  assert.equal(warnings(withNet({ name: "dcqcn" }, { queue: { profile: "dcp", ecnAt: "enqueue" } }, { name: "dcp" })), []);
  // A window (HPCC's dcqcn_vwin) is all that still holds such a flow.
  assert.match(warnings(withNet({ name: "dcqcn", params: { windowBytes: 200_000 } }, { queue: { profile: "dcp" } }))[0], "held only by its window (windowBytes 200000 B)");
});

test("each ECN CC with ecnAt off: the signal lost and what is left; CCs that read no ECN: no warning", () => {
  const off = { queue: { ecnAt: "off" } };
  const one = (cc: ModuleSpec) => {
    const w = ecnWarnings(withNet(cc, off));
    assert.is(w.length, 1, cc.name);
    // Given by the scenario, not the profile's choice.
    assert.match(w[0], `transport.cc: ${cc.name} reacts to ECN, but no switch port marks: network.queue.ecnAt is "off". `);
    return w[0];
  };
  // RFC 8257 §3.3: α is the marked fraction, 0 with no marks; §3.5: a loss still halves.
  assert.match(one({ name: "dctcp" }), "only a loss (a trim's NACK, a drop, a timeout: RFC 8257 §3.5) cuts its window, as a loss-based TCP would");
  // MP-RDMA paper profile: −0.5 MSS per marked MSS; NACKs −0.5 MSS per MSS lost, late ACKs −1 MSS,
  // a timeout resets to the initial window. htsim profile: NACKs and late ACKs leave the window,
  // timeouts too (sc24-phantomCC mprdma.cpp): nothing cuts it.
  const paper = one({ name: "mprdma" });
  assert.match(paper, "only a NACK (nackDecreaseMss 0.5 MSS per MSS lost) or a late ACK under rud (outOfOrderDecreaseMss 1 MSS) cuts its window; a timeout resets it to initCwndBytes");
  const htsim = one({ name: "mprdma", params: { profile: "htsim" } });
  assert.match(htsim, "MP-RDMA cuts per marked ACK (decreaseMss 0.15 MSS), and none is marked: nothing cuts its window, which grows to maxCwndBytes and stays there");
  assert.not.match(htsim, "timeout");
  // NSCC: eq. (1) needs ECN with delay ≥ target. uec with trimming: qa_threshold "large" (off,
  // UEC Table 3-76); uec-htsim keeps 4 × target = 4 × 0.75 × 14,022.72 = 42,068.16 ns.
  const uec = one({ name: "nscc" });
  assert.match(uec, "so it never takes it (a delay above the target only slows its increase, to the fair increase): only trims and losses cut its window (OnNACK, OnInferredLoss, QuickAdapt).");
  assert.match(one({ name: "nscc", params: { profile: "uec-htsim" } }), "QuickAdapt), and QuickAdapt on a delay above qaThresholdNs 42.07 µs.");
  // The DCQCN paper profile, ecnAt off on the default (uec-htsim) queues.
  assert.match(one({ name: "dcqcn" }), "runs as cc none would");
  // Under PFC there are no queue drops to cut on either.
  assert.match(ecnWarnings(withNet({ name: "dctcp" }, { ...off, trimming: false, pfc: {} }))[0], "cuts its window (under PFC the switches drop nothing), as");
  // Swift and TIMELY read delay, AIMD loss, none nothing: no ECN warning (Swift's and TIMELY's
  // delay warnings, above, still come).
  for (const name of ["swift", "timely", "aimd", "none"]) assert.equal(ecnWarnings(withNet({ name }, off)), [], name);
  // ECN on (the default network): no warning for any of them.
  for (const name of ["nscc", "dctcp", "mprdma", "dcqcn"]) assert.equal(warnings(scenarioWith({ name })), [], name);
});

test("RED thresholds no data queue reaches: no port marks, whatever ecnAt", () => {
  // ecnMinFraction 1: Kmin = ⌈1 × 43⌉ × 4,150 = 178,450 B, the data limit. Under uec-htsim's
  // arrival rule a queue holds at most 178,450 B, and RED marks only above Kmin: never.
  // (ecnMaxFraction 1 as well: kMax may not be below kMin.)
  const full = { ecnMinFraction: 1, ecnMaxFraction: 1 };
  const w = ecnWarnings(withNet({ name: "dctcp" }, full));
  assert.is(w.length, 1);
  assert.match(w[0], "no switch port marks: RED marks only above kMinBytes, and no switch port's data queue can pass it (at 100 Gb/s: kMinBytes 178450 B, a data queue holds at most 178450 B).");
  assert.match(w[0], "Lower kMinBytes (network.ecnMinFraction, a fraction of the BDP, or network.queue.kMinBytes) below the data queue's limit, or raise the limit (network.bufferBdp, bufferBytes)");
  // ecnMinFraction 0.97: Kmin = ⌈41.71⌉ = 42 packets = 174,300 B < 178,450, but RED at dequeue
  // (the default) judges what a departing packet leaves behind: behind a full one at most
  // 178,450 − 4,150 = 174,300 B = Kmin, never above it. Only short packets are marked.
  const k42 = ecnWarnings(withNet({ name: "dctcp" }, { ...full, ecnMinFraction: 0.97 }));
  assert.is(k42.length, 1);
  assert.match(k42[0], "no switch port marks a full-size packet: RED judges a full-size packet (4150 B) by what it leaves behind at departure: at most 174300 B of the 178450 B a data queue holds (at 100 Gb/s), and on no port does that pass kMinBytes 174300 B, so only short packets are ever marked. As far as full-size packets go: DCTCP cuts");
  assert.match(k42[0], "Lower kMinBytes (network.ecnMinFraction, a fraction of the BDP, or network.queue.kMinBytes) below the data queue's limit less one MTU");
  // At enqueue the same bound: a full packet is admitted only while q + 4,150 ≤ 178,450, so the
  // queue it finds is at most 174,300 B.
  assert.match(ecnWarnings(withNet({ name: "dctcp" }, { ...full, ecnMinFraction: 0.97, queue: { ecnAt: "enqueue" } }))[0], "by the queue it finds on arrival: at most 174300 B");
  // ecnMinFraction 0.95: Kmin = ⌈40.85⌉ = 41 packets = 170,150 B < 174,300: a full one is marked.
  assert.equal(warnings(withNet({ name: "dctcp" }, { ...full, ecnMinFraction: 0.95 })), []);
  // pMax 0: no mark up to Kmax, every one above it. Kmax 145,250 < 178,450 (default): marks;
  // Kmax 178,450 (ecnMaxFraction 1): never.
  assert.equal(warnings(withNet({ name: "dctcp" }, { queue: { pMax: 0 } })), []);
  const p0 = warnings(withNet({ name: "dctcp" }, { ecnMaxFraction: 1, queue: { pMax: 0 } }));
  assert.match(p0[0], "pMax is 0, so RED marks only above kMaxBytes, and no switch port's data queue can pass it (at 100 Gb/s: kMaxBytes 178450 B, a data queue holds at most 178450 B)");
  assert.match(p0[0], "Give network.queue.pMax above 0");
  // The dcp profile sizes from the BDP in bytes, not whole packets: limit = Kmin = Kmax =
  // 175,284 B. DCP's over rule admits while q ≤ limit ("exceeds", §4.2), so its data FIFO can
  // hold a packet more: 175,284 + 4,150 = 179,434 B, which with a 64 B ACK at its head (ACKs
  // share the data FIFO under dcp) leaves 179,370 B > Kmin behind at dequeue: it may mark, so no
  // "no switch port marks:" warning. Behind a full packet it leaves at most 175,284 B = Kmin.
  const dcp = ecnWarnings(withNet({ name: "dctcp" }, { ...full, queue: { profile: "dcp", ecnAt: "dequeue" } }, { name: "dcp" }));
  assert.is(dcp.length, 1);
  assert.match(dcp[0], "no switch port marks a full-size packet: RED judges a full-size packet (4150 B) by what it leaves behind at departure: at most 175284 B of the 179434 B a data queue holds (at 100 Gb/s), and on no port does that pass kMinBytes 175284 B");
});

test("a buffer at or below Kmin, which stays at 20 % of the BDP whatever the buffer: no port marks", () => {
  // Default tree: BDP 43 packets of 4,150 B, Kmin = ⌈0.2 × 43⌉ = 9 packets = 37,350 B and Kmax
  // = ⌈0.8 × 43⌉ = 35 packets (uet-htsim §2, build.ts). bufferBytes 37,350 (9 packets): a data
  // queue holds at most 37,350 B (arrival rule), never above Kmin. The old build took Kmin from
  // the buffer given, ⌈0.2 × 9⌉ = 2 packets = 8,300 B, and no warning came.
  const nine = ecnWarnings(withNet({ name: "dctcp" }, { bufferBytes: 9 * 4150 }));
  assert.is(nine.length, 1);
  assert.match(nine[0], "no switch port marks: RED marks only above kMinBytes, and no switch port's data queue can pass it (at 100 Gb/s: kMinBytes 37350 B, a data queue holds at most 37350 B).");
  assert.match(nine[0], "or raise the limit (network.bufferBdp, bufferBytes)");
  // bufferBdp 0.2: round(0.2 × 43 × 4,150) = 35,690 B, below Kmin (old Kmin ⌈0.2 × 8.6⌉ = 2 packets).
  assert.match(ecnWarnings(withNet({ name: "nscc" }, { bufferBdp: 0.2 }))[0], "kMinBytes 37350 B, a data queue holds at most 35690 B");
  // One packet more, 41,500 B > 37,350 B: a queue behind a short packet can be marked, but behind
  // a full one at most 41,500 − 4,150 = 37,350 B = Kmin is left (RED at dequeue, the default).
  const ten = ecnWarnings(withNet({ name: "dctcp" }, { bufferBytes: 10 * 4150 }));
  assert.is(ten.length, 1);
  assert.match(ten[0], "no switch port marks a full-size packet: RED judges a full-size packet (4150 B) by what it leaves behind at departure: at most 37350 B of the 41500 B");
  // Two packets more, 45,650 B: 41,500 B behind a full packet > Kmin: marked, no warning.
  assert.equal(warnings(withNet({ name: "dctcp" }, { bufferBytes: 11 * 4150 })), []);
});

test("per port: a slower port's limit stays a whole packet while its thresholds scale down", () => {
  // bufferBytes 41,500 = 10 packets, network.queue's Kmin = Kmax = 41,500 B (ecnMinFraction
  // would take the BDP's 43 packets), every port at 100 Gb/s: no mark anywhere.
  const ten = { bufferBytes: 41_500, queue: { kMinBytes: 41_500, kMaxBytes: 41_500 } };
  assert.match(warnings(withNet({ name: "dctcp" }, ten))[0], "kMinBytes 41500 B, a data queue holds at most 41500 B");
  // Hosts at 5 Gb/s: the ToR ports toward them scale by 5 / 100 (fabric.ts): limit
  // max(4,150, round(2,075)) = 4,150 B, Kmin round(2,075) = 2,075 B. A queue of a short packet
  // and a full one, 4,150 B at most, passes Kmin: no "no switch port marks:" warning. But a full
  // packet is judged against at most 4,150 − 4,150 = 0 B there and 41,500 − 4,150 = 37,350 B
  // < 41,500 elsewhere: the full-packet warning.
  const slow: Scenario = { ...withNet({ name: "dctcp" }, ten), topology: { ...DEFAULT_SCENARIO.topology, hostGbps: 5 } };
  const w = ecnWarnings(slow);
  assert.is(w.length, 1);
  assert.match(w[0], "no switch port marks a full-size packet: ");
  // Kmin 33,200 B (8 packets) on the 100 Gb/s ports: 37,350 B behind a full packet passes it.
  const k8: Scenario = { ...slow, network: { ...slow.network, queue: { kMinBytes: 33_200, kMaxBytes: 41_500 } } };
  assert.equal(warnings(k8), []);
});

test("a traffic entry's ECN CC is named by its path; results.json and the CLI carry the warning", () => {
  const base = withNet({ name: "none" }, { queue: { profile: "dcp" } }, { name: "dcp" });
  const s: Scenario = { ...base, traffic: [{ kind: "flows", flows: three, cc: { name: "dcqcn" } }] };
  const w = warnings(s);
  // The CCs' warnings first, then the load balancers' (REPS, transport.lb's default).
  assert.is(w.length, 2);
  assert.match(w[0], /^traffic\[0\]\.cc: dcqcn reacts to ECN/);
  assert.match(w[1], /^transport\.lb: reps reads the ECN echo/);
  assert.equal(runScenario(s).warnings, w);
});

// The build's warning for a load balancer that reads the ECN echo on a network whose switches
// cannot mark (warnings.ts, ecnLbWarnings). The fabric passes an ACK with the echo as ECN and one
// without as GOOD (lib/lb/feedback.ts): with no port marking, every ACK is GOOD. cc none reads
// nothing, so these scenarios earn no CC warning.
const lbWith = (lb: ModuleSpec, net: Partial<NonNullable<Scenario["network"]>>, reliability?: ModuleSpec): Scenario => {
  const s = withNet({ name: "none" }, net, reliability);
  return { ...s, transport: { ...s.transport, lb } };
};
const dcpNet = { queue: { profile: "dcp" } };

test("REPS (the default) on a DCP-profile network: every ACK recycles its EV; the build says so", () => {
  // REPS Alg. 1 on_ack: an unmarked ACK recycles its EV, a marked one drops it. Under the dcp
  // profile ecnAt is "off" (as for DCQCN above), so only a trim (the dcp profile trims the
  // arriving packet: before the last hop a NACK, at it an ECN, the header's CE echoed under
  // markTrimmed) or a loss keeps an EV out of the ring. The old build warned only for the CCs.
  const w = warnings(lbWith({ name: "reps" }, dcpNet, { name: "dcp" }));
  assert.is(w.length, 1);
  assert.match(w[0], /^transport\.lb: reps reads the ECN echo, but no switch port marks: network\.queue\.ecnAt is "off" \(the dcp queue profile's default\)\. /);
  assert.match(w[0], "REPS recycles the EV of every ACK without the ECN echo and drops an echoed one (Alg. 1 on_ack), so it now recycles the EV of every ACK as uncongested");
  assert.match(w[0], "only an EV that earned a NACK (a packet trimmed before the last hop; a last-hop trim counts as ECN, its header CE-marked: network.queue.markTrimmed) or whose packet was lost leaves the ring");
  assert.match(warnings(lbWith({ name: "reps" }, { queue: { profile: "dcp", markTrimmed: false } }, { name: "dcp" }))[0], "a last-hop trim counts as GOOD");
  assert.match(w[0], "REPS steers by no congestion short of a trim, spraying obliviously over the EVs it reuses");
  // The fix and its thresholds are the ports': the dcp profile's ⌊0.2 / 0.8 × 175,284⌋ (above).
  assert.match(w[0], 'Set network.queue.ecnAt: "dequeue" (or "enqueue") for RED marking between kMinBytes 35056 and kMaxBytes 140227 B');
  assert.match(w[0], '; see harness/README.md, "ECN marking".');
  // The default scenario's own lb is REPS: the same warning with NSCC beside its CC warning.
  assert.equal(warnings(withNet({ name: "nscc" }, dcpNet)).map((x) => x.slice(0, x.indexOf(":"))), ["transport.cc", "transport.lb"]);
  // Marking on: no warning.
  assert.equal(warnings(lbWith({ name: "reps" }, { queue: { profile: "dcp", ecnAt: "dequeue" } }, { name: "dcp" })), []);
  // ECMP and OPS only check feedback, flowlet's feedback mode takes an echoed ACK as an ACK
  // (their READMEs): nothing is lost, no warning.
  for (const name of ["ecmp", "ops", "flowlet"]) assert.equal(warnings(lbWith({ name }, dcpNet, { name: "dcp" })), [], name);
  for (const name of ["ecmp", "ops", "flowlet"]) assert.equal(warnings(lbWith({ name, params: name === "flowlet" ? { gapFrom: "feedback" } : {} }, { queue: { ecnAt: "off" } })), [], name);
});

test("REPS with no trims: only a loss keeps an EV out; under PFC nothing is dropped", () => {
  // Trimming off (drop-tail): no NACK comes, a loss is a timeout. PFC: the switches drop nothing.
  const drop = warnings(lbWith({ name: "reps" }, { queue: { ecnAt: "off" }, trimming: false }))[0];
  assert.match(drop, "only an EV whose packet was lost leaves the ring; a timeout may also freeze the flow on its cached EVs, Appendix A's failure. A path whose queue builds keeps its EVs in use: REPS steers by no congestion, spraying");
  assert.not.match(drop, "NACK");
  const pfc = warnings(lbWith({ name: "reps" }, { queue: { ecnAt: "off" }, trimming: false, pfc: {} }))[0];
  assert.match(pfc, "only an EV whose packet was lost (under PFC the switches drop nothing) leaves the ring");
  // Freezing off (the artifact's -freezeoff): no freeze to mention.
  assert.not.match(warnings(lbWith({ name: "reps", params: { freezing: false } }, dcpNet, { name: "dcp" }))[0], "freeze");
});

test("PLB: a round is congested on echoes and NACKs, so only trims count (before the last hop only, without markTrimmed)", () => {
  // linux profile: K = 0.5, N = 12, repathOnTimeout (lib/lb/plb README).
  const linux = warnings(lbWith({ name: "plb" }, dcpNet, { name: "dcp" }));
  assert.is(linux.length, 1);
  assert.match(linux[0], /^transport\.lb: plb reads the ECN echo, but no switch port marks: network\.queue\.ecnAt is "off"/);
  // dcp's markTrimmed: a last-hop trim's NACK echoes its header's CE, an ECN (net/fabric.ts senderNack).
  assert.match(linux[0], "so only trims (NACKs before the last hop, CE-marked headers at it) count: it re-paths after rehashRounds 12 rounds in a row with at least congestionThreshold 0.5 of their packets so trimmed or on a timeout (repathOnTimeout).");
  const unmarked = warnings(lbWith({ name: "plb" }, { queue: { profile: "dcp", markTrimmed: false } }, { name: "dcp" }));
  assert.match(unmarked[0], "so only NACKs for packets trimmed before the last hop count: it re-paths after rehashRounds 12 rounds in a row");
  // reps-artifact: K = 0 with >, N = 2: one trimmed packet makes a round congested.
  assert.match(warnings(lbWith({ name: "plb", params: { profile: "reps-artifact" } }, dcpNet, { name: "dcp" }))[0], "after rehashRounds 2 rounds in a row with more than congestionThreshold 0 of their packets so trimmed");
  // Without trims no round is congested: only timeouts re-path, or, without repathOnTimeout, nothing.
  const off = { queue: { ecnAt: "off" }, trimming: false };
  assert.match(warnings(lbWith({ name: "plb" }, off))[0], "with no trims no round is ever congested: it re-paths only on a timeout (repathOnTimeout) and otherwise keeps each flow's EV, as ECMP does");
  assert.match(warnings(lbWith({ name: "plb", params: { repathOnTimeout: false } }, off))[0], "each flow keeps its first EV, as ECMP does");
  // K = 0 with ≥: congested × 256 ≥ 0 × delivered holds for every round, marked or not (plb.ts):
  // the echo changes nothing, no warning.
  assert.equal(warnings(lbWith({ name: "plb", params: { congestionThreshold: 0, congestedAbove: false } }, dcpNet, { name: "dcp" })), []);
});

test("Spritz Scout, Spray and VLAN on a Dragonfly with ecnAt off: one warning per spec, what each still steers by", () => {
  // Dragonfly p = 1, a = 4, h = 2: 9 groups of 4 switches, one host each. Flows from hosts 0
  // and 1 start on two switches, so a Spritz spec has two tables (one per source switch): one
  // warning names the spec.
  const df = (lb: ModuleSpec, net: Partial<NonNullable<Scenario["network"]>> = dcpNet): string[] =>
    warnings({
      ...DEFAULT_SCENARIO,
      topology: { kind: "dragonfly", p: 1, a: 4, h: 2 },
      network: net,
      transport: { cc: { name: "none" }, lb, reliability: { name: "dcp" } },
      traffic: [{ kind: "flows", flows: [{ src: 0, dst: 5, bytes: 4086 }, { src: 1, dst: 9, bytes: 4086 }] }],
    });
  const scout = df({ name: "spritz-scout" });
  assert.is(scout.length, 1);
  assert.match(scout[0], /^transport\.lb: spritz-scout reads the ECN echo, but no switch port marks: network\.queue\.ecnAt is "off" \(the dcp queue profile's default\)\. /);
  // Alg. 2: more than ecnThreshold echoes drop a path; Alg. 2/3 bias above a 90 % ECN rate. Table
  // II's 0.1 BDP of this network: 100 Gb/s, 1 µs links, 4,150 B data, 64 B ACKs; data on the
  // longest route, 7 links of 1000 + 332 ns, ACK on the minimal, 5 of 1000 + 5.12: RTT 14,349.6 ns,
  // BDP 179,370 B = 43.2 packets → 44, ⌊44 / 10⌋ = 4.
  assert.match(scout[0], "until negative feedback (§IV-A): more than ecnThreshold 4 ECN echoes on it, a NACK or a timeout (Alg. 2). Now only a NACK (a packet trimmed before the last hop; a last-hop trim counts as ECN, its header CE-marked: network.queue.markTrimmed) or a timeout moves a flow off a path, however long its queues");
  assert.match(scout[0], "only trims feed the rate of echoes and NACKs that biases it towards the minimal path above ecnRateThreshold 0.9");
  assert.match(df({ name: "spritz-scout" }, { queue: { profile: "dcp", markTrimmed: false } })[0], "only NACKs feed the rate of echoes and NACKs");
  const spray = df({ name: "spritz-spray" });
  assert.match(spray[0], "Spritz Spray re-queues the path of every ACK without the ECN echo and not of an echoed one (Alg. 3), so it now re-queues every acknowledged path as uncongested: only a NACK");
  const vlan = df({ name: "spritz-vlan" });
  assert.match(vlan[0], "so it now recycles every acknowledged pair as uncongested: only a NACK (a packet trimmed before the last hop; a last-hop trim counts as ECN, its header CE-marked: network.queue.markTrimmed) or a timeout lets one go; only trims feed the rate of echoes and NACKs that biases it towards the minimal category");
  // minBiasFactor 0 (Q8 0) turns the bias off: nothing about it.
  assert.not.match(df({ name: "spritz-spray", params: { minBiasFactor: 0 } })[0], "bias");
  // No trims, no marks: timeouts alone, and the rate stays 0.
  assert.match(df({ name: "spritz-scout" }, { trimming: false, queue: { ecnAt: "off" } })[0], "Now only a timeout moves a flow off a path, however long its queues; the rate of echoes and NACKs stays 0, so it never biases towards the minimal path");
  assert.equal(df({ name: "spritz-scout" }, { queue: { profile: "dcp", ecnAt: "dequeue" } }), []);
});

test("a traffic entry's load balancer is named by its path", () => {
  const s: Scenario = { ...lbWith({ name: "ecmp" }, dcpNet, { name: "dcp" }), traffic: [{ kind: "flows", flows: three, lb: { name: "plb" } }] };
  const w = warnings(s);
  assert.is(w.length, 1);
  assert.match(w[0], /^traffic\[0\]\.lb: plb reads the ECN echo/);
  assert.equal(runScenario(s).warnings, w);
});

test("transport.ackEveryBytes given with reliability dack or opt warns: their targets ACK by §II-D, and rud alone coalesces by it", () => {
  // The DACK family: a 7 → 1 PUT on the k = 4 two-tier tree, no CC, no trimming (DACK §III-A).
  const dackWith = (reliability: string, ackEveryBytes?: number): Scenario => ({
    ...DEFAULT_SCENARIO,
    topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
    network: { mtuBytes: 2112, headerBytes: 64, trimming: false },
    transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: reliability }, ...(ackEveryBytes !== undefined ? { ackEveryBytes } : {}) },
    traffic: [{ kind: "put", senders: 7, receiver: 0, bytes: 20_000, rxFraction: 0.7 }],
  });
  const w = warnings(dackWith("dack", 65536));
  assert.equal(w, [
    "transport.ackEveryBytes: 65536 changes nothing under reliability dack (its target ACKs by DACK §II-D and coalesces by §II-G/H): only rud's receiver coalesces ACKs by it; see harness/README.md, transport.ackEveryBytes.",
  ]);
  // 0 (every packet) is a coalescing setting too, and OPT's target answers by §II-D as well.
  assert.equal(warnings(dackWith("opt", 0)), [
    "transport.ackEveryBytes: 0 changes nothing under reliability opt (its target ACKs by DACK §II-D): only rud's receiver coalesces ACKs by it; see harness/README.md, transport.ackEveryBytes.",
  ]);
  // Not given: the default is rud's and nothing is said; given with rud it is read.
  assert.equal(warnings(dackWith("dack")), []);
  assert.equal(warnings(dackWith("rud", 16384)), []);
  assert.equal(runScenario(dackWith("dack", 65536)).warnings, w);
});

test("control packets on the minimal route with a switch link down: a warning, and the flow whose ACKs cross it never finishes", () => {
  // Dragonfly p = 2, a = 4, h = 2 (lib/lb/spritz README, Ports): switch 0's network port 0 (its
  // port p + 0 = 2) leads to index 1, switch 1, in its own group, and the minimal route between
  // two switches of a group is their direct link. Host 0 hangs off switch 0 and host 2 off
  // switch 1, so the ACKs of the flow 0 → 2 take that link back under minimal control routing,
  // while its data can go round through switch 2 or 3 (Spritz's in-group ECMP 1 table).
  const cut = (controlRouting: "as-data" | "minimal" | undefined, faults: Scenario["faults"], routing: "spritz" | "minimal" = "spritz"): Scenario => ({
    ...DEFAULT_SCENARIO,
    topology: { kind: "dragonfly", p: 2, a: 4, h: 2, linkGbps: 100, latencyNs: 100 },
    network: { routing, ...(controlRouting ? { controlRouting } : {}) },
    transport: { cc: { name: "nscc" }, lb: { name: routing === "spritz" ? "spritz-spray" : "ecmp" }, reliability: { name: "rud" } },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 2, bytes: 100_000 }] }],
    faults,
    run: { endUs: 2000, faultBaseline: false },
  });
  const local = [{ kind: "down" as const, links: [{ switch: 0, port: 2 }] }];
  const w = warnings(cut("minimal", local));
  assert.is(w.length, 1);
  assert.ok(w[0].startsWith("network.controlRouting: minimal with switch links down (faults[0]): ACKs, NACKs and CNPs take the minimal route whatever path their data took"), w[0]);
  assert.match(w[0], "cannot finish then (never, for a fault without untilUs): the run ends at run.endUs with it open");
  assert.match(w[0], "Leave network.controlRouting as-data");
  // What it warns of: the ACKs die on the cut link, so the flow is open at endUs; routed as data they go round.
  assert.equal(runScenario(cut("minimal", local)).flows.map((f) => f.status), ["incomplete"]);
  assert.equal(runScenario(cut(undefined, local)).flows.map((f) => f.status), ["complete"]);
  // A fault that lifts: the flow waits for it, and the warning does not say never.
  const transient = warnings(cut("minimal", [{ kind: "loss", everywhere: true, probability: 0.001 }, { ...local[0], untilUs: 500 }]));
  assert.is(transient.length, 1);
  assert.match(transient[0], "(faults[1])");
  assert.not.match(transient[0], "never");
  // No warning: control routed as data; minimal data routing (the data crosses the same links);
  // a host's own link (its data is cut too); a fault that takes no link down.
  assert.equal(warnings(cut("as-data", local)), []);
  assert.equal(warnings(cut(undefined, local)), []);
  assert.equal(warnings(cut("minimal", local, "minimal")), []);
  assert.equal(warnings(cut("minimal", [{ kind: "down", links: [{ host: 3 }] }])), []);
  assert.equal(warnings(cut("minimal", [{ kind: "degrade", links: [{ switch: 0, port: 2 }], gbps: 10 }])), []);
});

test("a load balancer under a routing that reads no EV steers nothing: a warning, the default REPS on a Dragonfly's default routing included", () => {
  // Dragonfly (2, 4, 2) as the Spritz examples: with no network.routing its switches route
  // minimally (build.ts), and no switch reads the EV under minimal, Valiant, adaptive or UGAL-L.
  const df = (lb: ModuleSpec | undefined, routing?: "minimal" | "valiant" | "adaptive" | "ugal" | "ecmp" | "spritz"): Scenario => ({
    ...DEFAULT_SCENARIO,
    topology: { kind: "dragonfly", p: 2, a: 4, h: 2, linkGbps: 100, latencyNs: 100 },
    network: routing ? { routing } : {},
    transport: { cc: { name: "nscc" }, ...(lb ? { lb } : {}), reliability: { name: "rud" } },
    traffic: [{ kind: "permutation", bytes: 20_000 }],
  });
  assert.equal(warnings(df(undefined)), [
    "transport.lb: reps (the default) steers nothing under network.routing: minimal (the default on a Dragonfly): it recycles the EVs of unmarked ACKs and draws fresh ones for the rest (REPS Alg. 1), " +
      "but no switch reads the EV (minimal routing takes the minimal route), so every packet goes where it would under any other load balancer and the results are the routing's. " +
      "To compare load balancers, set network.routing: spritz (EV1 and EV2 pick the first two hops of a bounded path, Spritz §III-A/B) or ecmp (the first two switches hash the EV with the flow); " +
      'to run the routing alone, set transport.lb.name: ecmp (one fixed EV per flow, as the Spritz paper\'s routing baselines); see harness/README.md, "Routing that reads no EV".',
  ]);
  // Each balancer that chooses EVs, under each routing that reads none: named, the routing given.
  for (const routing of ["minimal", "valiant", "adaptive", "ugal"] as const) {
    for (const name of ["reps", "ops", "plb", "flowlet"]) {
      const w = warnings(df({ name }, routing));
      assert.is(w.length, 1, `${name} under ${routing}`);
      assert.ok(w[0].startsWith(`transport.lb: ${name} steers nothing under network.routing: ${routing}: it `), w[0]);
    }
    // ECMP's one EV per flow has nothing to steer: the routing baselines' balancer, no warning.
    assert.equal(warnings(df({ name: "ecmp" }, routing)), []);
  }
  assert.match(warnings(df({ name: "plb" }, "ugal"))[0], "(UGAL-L picks the minimal route or a drawn Valiant path by queue occupancy)");
  // The switches read the EV under ECMP (hashed) and Spritz (decoded) routing: no warning.
  assert.equal(warnings(df(undefined, "ecmp")), []);
  assert.equal(warnings(df({ name: "plb" }, "spritz")), []);
  // A Slim Fly's default is minimal too; a traffic entry's balancer is named by its path.
  const sf: Scenario = { ...df({ name: "ecmp" }), topology: { kind: "slimfly", q: 5, p: 2 }, traffic: [{ kind: "permutation", bytes: 20_000, lb: { name: "ops" } }] };
  const sfw = warnings(sf);
  assert.is(sfw.length, 1);
  assert.ok(sfw[0].startsWith("traffic[0].lb: ops steers nothing under network.routing: minimal (the default on a Slim Fly): it sprays each packet on another EV"), sfw[0]);
  // A tree's switches hash the EV under ecmp and minimal (its up ports are all minimal), not
  // under adaptive or Valiant routing.
  const tree = (routing: "ecmp" | "minimal" | "adaptive" | "valiant") => warnings({ ...DEFAULT_SCENARIO, network: { ...DEFAULT_SCENARIO.network, routing } });
  assert.equal(tree("ecmp"), []);
  assert.equal(tree("minimal"), []);
  assert.match(tree("adaptive")[0], "transport.lb: reps steers nothing under network.routing: adaptive: it recycles");
  assert.match(tree("adaptive")[0], "(adaptive routing takes the least occupied up port)");
  assert.match(tree("valiant")[0], "set network.routing: ecmp (the switches hash the EV with the flow); to run the routing alone");
  assert.equal(runScenario(df(undefined)).warnings, warnings(df(undefined)));
});

test("PLB under ACKs coalesced by transport.ackEveryBytes: a warning naming ackEveryBytes: 0", () => {
  // rud's receiver ACKs once the bytes accepted since its last ACK reach ackEveryBytes (and a
  // marked packet at once). A full packet is mtuBytes = 4,150 B on the wire: at ackEveryBytes
  // ≤ 4,150 each full packet reaches the count alone and is ACKed, as under 0; at 4,151 two
  // are needed, and an unmarked packet can go unheard.
  const plb = (ackEveryBytes: number | undefined, reliability = "rud", lb = "plb"): Scenario => ({
    ...DEFAULT_SCENARIO,
    transport: { cc: { name: "nscc" }, lb: { name: lb }, reliability: { name: reliability }, ...(ackEveryBytes !== undefined ? { ackEveryBytes } : {}) },
    traffic: [{ kind: "permutation", bytes: 20_000 }],
  });
  assert.equal(warnings(plb(16384)), [
    "transport.ackEveryBytes: 16384 coalesces the ACKs that transport.lb (plb) judges its rounds by: rud's receiver ACKs a marked packet at once and an unmarked one only every 16384 B, " +
      "so PLB counts each marked packet and few of the others, and its congested fraction (PLB §3, ce_ratio ≥ K) runs above the share of packets marked, so more of its rounds count as congested than PLB means; " +
      "its count of packets in flight hears back from few of them, so its idle re-path (nothing in flight) seldom fires. " +
      "Set transport.ackEveryBytes: 0 (an ACK per packet, the default under plb); see harness/README.md, transport.ackEveryBytes.",
  ]);
  assert.is(warnings(plb(4151)).length, 1);
  assert.equal(warnings(plb(4150)), []);
  assert.equal(warnings(plb(0)), []);
  assert.equal(warnings(plb(undefined)), []);
  // Another balancer, or a reliability module whose receiver does not coalesce by it: no warning.
  assert.equal(warnings(plb(16384, "rud", "ops")), []);
  // (IRN on the default network's trimming switches earns the trimming warning, not this one.)
  assert.equal(warnings(plb(16384, "irn")).filter((w) => w.startsWith("transport.ackEveryBytes")), []);
  // A traffic entry's PLB is named by its path.
  const entry: Scenario = { ...plb(16384, "rud", "ecmp"), traffic: [{ kind: "permutation", bytes: 20_000, lb: { name: "plb" } }] };
  assert.match(warnings(entry)[0], "the ACKs that traffic[0].lb (plb) judges");
});

test("Swift's retransmitLimit above 7 under rud: a warning (rud counts a packet's timeouts up to 7)", () => {
  const swift = (retransmitLimit: number, reliability = "rud"): Scenario => ({
    ...DEFAULT_SCENARIO,
    transport: { cc: { name: "swift", params: { retransmitLimit } }, lb: { name: "reps" }, reliability: { name: reliability } },
    traffic: [{ kind: "permutation", bytes: 20_000 }],
  });
  const limitWarnings = (s: Scenario) => warnings(s).filter((w) => w.includes("retransmitLimit"));
  assert.equal(limitWarnings(swift(8)), [
    "transport.cc.params.retransmitLimit: 8 is never reached under reliability rud: swift judges a timeout by the packet's own count (Isekai), which rud keeps up to 7, " +
      "so no timeout drops the window to min_cwnd. Give at most 7, or run a transport with one timer per flow (gbn, irn, rack, timeout), whose expiries swift counts up to 255; see lib/cc/swift/README.md.",
  ]);
  assert.equal(limitWarnings(swift(7)), []);
  assert.equal(limitWarnings(swift(8, "gbn")), []);
});

test("DCTCP, MP-RDMA and Spritz under ACKs coalesced by transport.ackEveryBytes: a warning each, naming ackEveryBytes: 0", () => {
  const cc = (name: string, ackEveryBytes: number | undefined, reliability = "rud"): Scenario => ({
    ...DEFAULT_SCENARIO,
    transport: { cc: { name }, lb: { name: "reps" }, reliability: { name: reliability }, ...(ackEveryBytes !== undefined ? { ackEveryBytes } : {}) },
    traffic: [{ kind: "permutation", bytes: 20_000 }],
  });
  const coalesced = (s: Scenario) => warnings(s).filter((w) => w.includes("coalesces the ACKs"));
  assert.equal(coalesced(cc("dctcp", 16384)), [
    "transport.ackEveryBytes: 16384 coalesces the ACKs transport.cc (dctcp) counts marked bytes from: rud's receiver ACKs a marked packet at once and an unmarked one only every 16384 B, " +
      "and an ACK's bytes count as marked or not by the packet that sent it, so the unmarked bytes a marked packet's ACK also covers count as marked " +
      "(DCTCP's α wants CE echoed exactly, RFC 8257 §3.2). Set transport.ackEveryBytes: 0 (an ACK per packet, the default under dctcp); see harness/README.md, transport.ackEveryBytes.",
  ]);
  assert.match(coalesced(cc("mprdma", 16384))[0], "transport.cc (mprdma) counts marked bytes from: ");
  assert.match(coalesced(cc("mprdma", 16384))[0], "(MP-RDMA ACKs every packet). Set transport.ackEveryBytes: 0");
  // DCQCN and TIMELY pace their packets: under coalescing an ACK waits for packets not yet sent
  // (review rev-nic); per-packet ACKs are their default too.
  for (const name of ["dcqcn", "timely"]) {
    const w = coalesced(cc(name, 16384));
    assert.is(w.length, 1, name);
    assert.ok(w[0].startsWith(`transport.ackEveryBytes: 16384 coalesces the ACKs of transport.cc (${name}), which paces its packets at its rate: `), w[0]);
    assert.ok(w[0].endsWith(`Set transport.ackEveryBytes: 0 (an ACK per packet, the default under ${name}); see harness/README.md, transport.ackEveryBytes.`), w[0]);
    assert.equal([coalesced(cc(name, undefined)), build(validateScenario(cc(name, undefined))).ctx.ackEveryBytes], [[], 0]);
  }
  // An ACK per full packet, the fabric's default, or a receiver that does not coalesce by it: none.
  for (const s of [cc("dctcp", 4150), cc("dctcp", 0), cc("dctcp", undefined), cc("dctcp", 16384, "irn"), cc("nscc", 16384)]) assert.equal(coalesced(s), []);
  // Spritz, from the same rule (a build needs routing spritz on a low-diameter topology).
  assert.equal(coalescedAckWarnings([{ path: "transport.lb", name: "spritz-scout" }], "rud", 16384, 4150), [
    "transport.ackEveryBytes: 16384 coalesces the ACKs transport.lb (spritz-scout) acts on: Spritz assumes per-packet acknowledgments (§IV-C) and judges each packet's path by its outcome (Alg. 2–3), " +
      "but rud's receiver ACKs a marked packet at once and an unmarked one only every 16384 B, so it hears every congested path and few of the others. " +
      "Set transport.ackEveryBytes: 0 (an ACK per packet, the default under spritz-scout); see harness/README.md, transport.ackEveryBytes.",
  ]);
});

test("REPS under its paper or artifact profile with ACKs coalesced by transport.ackEveryBytes: a warning; under uec-htsim, uet-htsim's own coalescing, none", () => {
  const reps = (profile: string | undefined, ackEveryBytes: number | undefined, reliability = "rud"): Scenario => ({
    ...DEFAULT_SCENARIO,
    transport: { lb: { name: "reps", ...(profile ? { params: { profile } } : {}) }, reliability: { name: reliability }, ...(ackEveryBytes !== undefined ? { ackEveryBytes } : {}) },
    traffic: [{ kind: "permutation", bytes: 20_000 }],
  });
  const coalesced = (s: Scenario) => warnings(s).filter((w) => w.includes("coalesces the ACKs"));
  assert.equal(coalesced(reps("paper", 16384)), [
    "transport.ackEveryBytes: 16384 coalesces the ACKs transport.lb (reps, profile paper) recycles EVs from: the REPS paper recycles the EV of every unmarked packet (Alg. 1) and ACKs each, coalescing only in a sensitivity study, " +
      "but rud's receiver ACKs an unmarked packet only every 16384 B and echoes the EV of the packet that sent the ACK, so REPS recycles one EV per ACK and draws the others at random " +
      "(profile uec-htsim coalesces as uet-htsim does). Set transport.ackEveryBytes: 0 (an ACK per packet, the default under reps with profile paper); see harness/README.md, transport.ackEveryBytes.",
  ]);
  assert.match(coalesced(reps("artifact", 8300))[0], "(reps, profile artifact) recycles EVs from: ");
  // One full packet (4,150 B) per ACK, an ACK per packet (given or by default), uet-htsim's REPS, or a receiver that does not coalesce by it: none.
  for (const s of [reps("paper", 4150), reps("paper", 0), reps("paper", undefined), reps("artifact", undefined), reps("uec-htsim", 16384), reps(undefined, 16384), reps("paper", 16384, "dcp")]) {
    assert.equal(coalesced(s), [], JSON.stringify(s.transport));
  }
});

/** A 3:1 incast of 400 kB into host 3 of a 2 × 2 leaf–spine, no CC (review rev-rel's irn-trim). */
const incast3 = (reliability: string, network: Scenario["network"]): Scenario => ({
  ...DEFAULT_SCENARIO,
  topology: { kind: "leafspine", leaves: 2, spines: 2, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 1000 },
  network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, ...network },
  transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: reliability } },
  traffic: [{ kind: "incast", senders: 3, bytes: 400_000 }],
});

test("go-back-N, IRN, RACK-TLP and timeout-only on trimming switches: a warning (their receivers drop a trimmed header), whether trimming was the default or asked for", () => {
  const incast = incast3;
  const trimWarnings = (s: Scenario) => warnings(s).filter((w) => w.includes("predates trimming"));
  const text = (name: string, why: string) =>
    `transport.reliability: ${name} predates trimming, and ${why}: its receiver drops a trimmed header unread, so each trim is a loss its sender finds only by its own means (a later packet's NACK or SACK, a reordering window, the RTO), ` +
    "and the 1-BDP queues that come with trimming (5 BDP without) cut more packets. Set network.trimming: false (or network.pfc) to run it on the dropping fabric it was designed for; see harness/README.md, Adapters.";
  for (const name of ["gbn", "irn", "rack", "timeout"]) {
    // No PFC and no network.trimming: the fabric trims (build.ts), and nothing else said so.
    assert.equal(trimWarnings(incast(name, {})), [text(name, "the switches trim, the default without network.pfc")], name);
    assert.equal(trimWarnings(incast(name, { trimming: true })), [text(name, "the switches trim (network.trimming / network.queue.trimming)")], name);
    assert.equal(trimWarnings(incast(name, { trimming: false })), [], name);
    // PFC: lossless, no trimming unless asked for.
    assert.equal(trimWarnings(incast(name, { pfc: { xoffBytes: 60_000 } })), [], name);
  }
  // The transports that read a trimmed header: RUD NACKs it, DCP bounces it (DCP §4.1).
  for (const name of ["rud", "dcp"]) assert.equal(trimWarnings(incast(name, { queue: { profile: name === "dcp" ? "dcp" : "uec-htsim" } })), [], name);
  assert.equal((runScenario(incast("irn", {})).warnings ?? []).filter((w) => w.includes("predates trimming")).length, 1, "results.json carries it");
});

test("DCP on dropping switches: a warning (a drop makes no HO; the timeout resends whole messages), none with trimming or PFC", () => {
  const incast = (network: Scenario["network"], reliability = "dcp") => incast3(reliability, network);
  const dcp = (s: Scenario) => warnings(s).filter((w) => w.startsWith("transport.reliability: dcp is built for switches that trim"));
  assert.is(dcp(incast({ trimming: false })).length, 1);
  assert.is(dcp(incast({ queue: { trimming: "off" } })).length, 1);
  assert.equal(dcp(incast({})), [], "trimming, the default without PFC");
  assert.equal(dcp(incast({ trimming: false, pfc: { xoffBytes: 60_000 } })), [], "lossless");
  // Under PFC a queue given a buffer still drops: PAUSE is per ingress queue, at XOFF (100,000 B
  // by default, above a 30,000 B queue). Trimming is off under PFC unless asked for.
  const pfcBuffer = dcp(incast({ pfc: {}, bufferBytes: 30_000 }));
  assert.is(pfcBuffer.length, 1);
  assert.match(pfcBuffer[0], /under network\.pfc a queue given a buffer .* still drops/);
  assert.equal(dcp(incast({ pfc: {}, bufferBytes: 30_000, trimming: true })), [], "it trims instead");
  assert.equal(dcp(incast({ trimming: false }, "rud")), [], "RUD times out per packet");
  // The soak seed that failed 6 of 7 flows (rev-soak): a 7:1 incast under NSCC with trimming off.
  const s278: Scenario = { ...incast({ trimming: false, bufferBdp: 2 }), transport: { cc: { name: "nscc" }, lb: { name: "ecmp" }, reliability: { name: "dcp" } } };
  assert.is(dcp(s278).length, 1);
});

test("DCP with its trimmed headers in a completely shared switch buffer: a warning (the switch drops what it would trim), none with the control queue outside or the dynamic rule", () => {
  const incast = (network: Scenario["network"], reliability = "dcp") => incast3(reliability, network);
  const pooled = (s: Scenario) => warnings(s).filter((w) => w.startsWith("network.switchBuffer: rule complete"));
  const complete = { bytes: 60_000, rule: "complete" as const };
  const one = pooled(incast({ switchBuffer: complete }));
  assert.is(one.length, 1);
  assert.match(one[0], /network\.queue\.controlPooled: false/);
  assert.is(pooled(incast({ switchBuffer: complete, queue: { profile: "uec" } })).length, 1);
  assert.equal(pooled(incast({ switchBuffer: complete, queue: { profile: "dcp" } })), [], "the dcp profile keeps its control queue out");
  assert.equal(pooled(incast({ switchBuffer: complete, queue: { controlPooled: false } })), []);
  assert.equal(pooled(incast({ switchBuffer: { bytes: 60_000, rule: "dynamic" } })), [], "each queue held to α·(B − used)");
  assert.equal(pooled(incast({ switchBuffer: { bytes: 60_000 } })), [], "dynamic, the default");
  assert.equal(pooled(incast({ switchBuffer: complete, trimming: false })), [], "no headers: the dropping-switch warning says it");
  assert.equal(pooled(incast({ switchBuffer: complete }, "rud")), [], "RUD times out per packet");
});

test("DCP under PFC with a headroom given short: a warning (PFC drops, never trims, beyond it), none with the headroom sized from the links or another transport", () => {
  const incast = (pfc: NonNullable<Scenario["network"]>["pfc"], reliability = "dcp") => incast3(reliability, { trimming: true, bufferBytes: 200_000, pfc });
  const short = (s: Scenario) => warnings(s).filter((w) => w.startsWith("transport.reliability: dcp is built for switches that trim (DCP §4.2), but PFC drops"));
  const zero = short(incast({ xoffBytes: 20_000, headroomBytes: 0 }));
  assert.is(zero.length, 1);
  assert.match(zero[0], /with 0 B a queue drops at its pause threshold instead of pausing/);
  assert.match(zero[0], /Leave headroomBytes out/);
  const some = short(incast({ xoffBytes: 20_000, headroomBytes: 10_000 }));
  assert.is(some.length, 1);
  assert.not.match(some[0], /with 0 B/);
  assert.equal(short(incast({ xoffBytes: 20_000 })), [], "each port's headroom from its link");
  assert.equal(short(incast({ xoffBytes: 20_000, headroomBytes: 1_000_000 })), [], "more than any port needs");
  assert.equal(short(incast({ xoffBytes: 20_000, headroomBytes: 0 }, "rud")), [], "RUD times out per packet");
});

test("a receive buffer under two packets at a processing host: a warning, DCP's cost under DCP, none from two packets up, without rxGbps or under DACK", () => {
  // mtuBytes 4,150: two packets are 8,300 B. Left out, rxBufferBytes is the port's buffer
  // (bufferBytes 5,000 here); 5,000 B holds a full packet and any packet of up to 850 B, so a
  // 1,786 B tail behind a full packet in processing is dropped whatever rxGbps (soak seed 4,832,822).
  const rx = (s: Scenario) => warnings(s).filter((w) => w.startsWith("network.rxBufferBytes: the hosts' receive buffer"));
  const left = rx(incast3("dcp", { trimming: true, bufferBytes: 5000, rxGbps: 200 }));
  assert.is(left.length, 1);
  assert.match(left[0], /receive buffer of 5000 B \(network\.rxBufferBytes left out: the switch port's buffer\) holds under two packets \(2 × mtuBytes = 8300 B\)/);
  assert.match(left[0], /even where network\.rxGbps \(200\) is at or above the link rate/);
  assert.match(left[0], /Under transport\.reliability: dcp a dropped packet makes no HO/);
  assert.match(left[0], /Give network\.rxBufferBytes at least 8300 B/);
  const given = rx(incast3("rud", { rxGbps: 200, rxBufferBytes: 8299 }));
  assert.is(given.length, 1);
  assert.not.match(given[0], /left out/);
  assert.not.match(given[0], /dcp/, "the DCP cost only under DCP");
  assert.equal(rx(incast3("dcp", { rxGbps: 200, rxBufferBytes: 8300 })), [], "two packets fit");
  assert.equal(rx(incast3("dcp", { trimming: true, bufferBytes: 5000 })), [], "no rxGbps: the host processes at once");
  const dack = incast3("dack", { rxGbps: 200, rxBufferBytes: 5000 });
  const dackSmall = { ...dack, transport: { ...dack.transport, reliability: { name: "dack", params: { target: { policyThresholdBytes: 4150 } } } } };
  assert.equal(rx(dackSmall), [], "DACK's target keeps its own queue");
});

test("DCQCN toward hosts that process below their link rate: a warning that it runs as cc none would, naming where; none at or above the rate or for other CCs", () => {
  // The receive buffer drops and never marks, and the port before it drains at the link rate (soak
  // seed 4,927,396). incast3's hosts have 100 Gb/s links.
  const slow = (cc: ModuleSpec, network: Scenario["network"], extra: Partial<Scenario> = {}) => {
    const s = incast3("gbn", network);
    return warnings({ ...s, ...extra, transport: { ...s.transport, cc } }).filter((w) => w.includes("hosts process below their"));
  };
  const w = slow({ name: "dcqcn" }, { rxGbps: 5, rxBufferBytes: 100_000 });
  assert.is(w.length, 1);
  assert.match(w[0], /^transport\.cc: dcqcn cuts its rate only on CNPs, which a receiver sends for CE-marked data \(DCQCN §3\.1 NP\), but hosts process below their 100 Gb\/s links \(network\.rxGbps 5\)/);
  // The soak reads this phrase as "hears no congestion" (soak.ts hearsNoCongestion).
  assert.match(w[0], "runs as cc none would; it does not react to loss");
  assert.match(slow({ name: "dcqcn", params: { windowBytes: 200_000 } }, { rxGbps: 5, rxBufferBytes: 100_000 })[0], "held only by its window (windowBytes 200000 B)");
  assert.equal(slow({ name: "dcqcn" }, { rxGbps: 100, rxBufferBytes: 100_000 }), [], "at the link rate the host keeps up");
  assert.equal(slow({ name: "dcqcn" }, {}), [], "no rxGbps: the host processes at once");
  for (const name of ["nscc", "dctcp", "mprdma", "timely", "none"]) assert.equal(slow({ name }, { rxGbps: 5, rxBufferBytes: 100_000 }), [], name);
  // Swift has a warning of its own (its fabric window takes the host's hold time out of the RTT).
  const swift = slow({ name: "swift" }, { rxGbps: 5, rxBufferBytes: 100_000 });
  assert.ok(swift.length === 1 && swift[0].startsWith("transport.cc: swift takes the receiving host's hold time"), swift[0]);
  // A put's rxFraction and a slow fault are named as well.
  const put = slow({ name: "dcqcn" }, {}, { traffic: [{ kind: "put", senders: 2, receiver: 3, bytes: 100_000, rxFraction: 0.5 }] });
  assert.is(put.length, 1);
  assert.match(put[0], "(traffic[0] (rxFraction))");
  const fault = slow({ name: "dcqcn" }, {}, { faults: [{ kind: "slow", hosts: [3], rxFraction: 0.25 }] });
  assert.is(fault.length, 1);
  assert.match(fault[0], "(faults[0] (slow))");
  assert.equal(slow({ name: "dcqcn" }, {}, { faults: [{ kind: "slow", hosts: [3], rxFraction: 1 }] }), [], "a slow fault at the full rate slows nothing");
  // Under DACK or OPT the targets answer their hosts' congestion: no warning (it advised dack under dack).
  for (const reliability of ["dack", "opt"]) {
    const s = incast3(reliability, { rxGbps: 5, rxBufferBytes: 100_000, trimming: false });
    assert.equal(warnings({ ...s, transport: { ...s.transport, cc: { name: "dcqcn" } } }).filter((x) => x.includes("hosts process below their")), [], reliability);
  }
});

test("TIMELY toward slow receivers whose full buffer keeps the RTT below T_low: a warning that it runs as cc none would; none once the RTT can pass T_low", () => {
  // incast3: 100 Gb/s links, 1 µs cables, a 2-leaf 2-spine network. The paper profile's T_low is 50 µs.
  const slow = (network: Scenario["network"], rel = "gbn", cc: ModuleSpec = { name: "timely" }) => {
    const s = incast3(rel, network);
    return warnings({ ...s, transport: { ...s.transport, cc } }).filter((w) => w.includes("hosts process below their"));
  };
  const rtt = (validated: Scenario) => Number(runScenario({ ...validated, run: { endUs: 1 } }).derived.networkRttNs);
  const rttNs = rtt(incast3("gbn", { rxGbps: 5, rxBufferBytes: 20_000 }));
  // 20,000 B × 8 / 5 Gb/s = 32 µs of receive buffer; with the network RTT below 50 µs.
  assert.ok(rttNs + 32_000 < 50_000 && rttNs + 48_000 > 50_000, `network RTT ${rttNs} ns`);
  const w = slow({ rxGbps: 5, rxBufferBytes: 20_000 });
  assert.is(w.length, 1);
  assert.match(w[0], /^transport\.cc: timely hears a slow receiver only in its RTT, but hosts process below their 100 Gb\/s links \(network\.rxGbps 5\), and a full receive buffer holds a packet at most 32\.00 µs/);
  assert.match(w[0], `stays below T_low (tLowNs 50.00 µs)`);
  // The soak reads this phrase as "hears no congestion" (soak.ts hearsNoCongestion).
  assert.match(w[0], "runs as cc none would");
  // 30,000 B: 48 µs, and with the RTT past T_low: TIMELY's gradient band, not warned (soak seed 4,982,799's case).
  assert.equal(slow({ rxGbps: 5, rxBufferBytes: 30_000 }), []);
  assert.equal(slow({ rxGbps: 5, rxBufferBytes: 20_000 }, "gbn", { name: "timely", params: { tLowNs: 30_000 } }), [], "T_low below the RTT with the buffer full");
  assert.equal(slow({ rxGbps: 100, rxBufferBytes: 20_000 }), [], "at the link rate the host keeps up");
  assert.ok(slow({ rxGbps: 5, rxBufferBytes: 20_000 }, "gbn", { name: "swift" }).every((w) => !w.includes("timely")), "TIMELY's warning is not Swift's");
  assert.equal(slow({ rxGbps: 5, rxBufferBytes: 20_000 }, "dack"), [], "DACK's target answers its host's congestion");
  // A slow fault's host is a slow receiver too: 5 % of 100 Gb/s is the same 5 Gb/s and 32 µs.
  const faulted = (rxFraction: number) => {
    const s = incast3("gbn", { rxBufferBytes: 20_000 });
    return warnings({ ...s, transport: { ...s.transport, cc: { name: "timely" } }, faults: [{ kind: "slow", hosts: [0], rxFraction }] }).filter((w) => w.includes("hosts process below their"));
  };
  const f = faulted(0.05);
  assert.is(f.length, 1);
  assert.match(f[0], /^transport\.cc: timely hears a slow receiver only in its RTT, but hosts process below their 100 Gb\/s links \(faults\[0\] \(slow\)\), and a full receive buffer holds a packet at most 32\.00 µs/);
  // 7.5 % of 100 Gb/s: 20,000 × 8 / 7.5 = 21.33 µs, with the RTT still below 50 µs; 3.75 %: 42.67 µs, past it.
  assert.match(faulted(0.075)[0], "at most 21.33 µs");
  assert.ok(rttNs + 42_667 > 50_000, `network RTT ${rttNs} ns`);
  assert.equal(faulted(0.0375), []);
});

test("TIMELY toward a slow receiver on two DCs: the intra-DC RTT is the one compared with T_low, not the network's across the WAN", () => {
  // Soak seed 5,026,935's network: 25 Gb/s links, 9,000 B buffers, a host slowed to 25 %:
  // 9,000 × 8 / 6.25 = 11.52 µs of receive buffer.
  const s: Scenario = {
    topology: { kind: "twodc", linkGbps: 25, latencyNs: 1000, wanGbps: 100, wanLatencyNs: 50_000 },
    network: { mtuBytes: 4150, bufferBytes: 9000 },
    transport: { cc: { name: "timely" }, lb: { name: "ecmp" }, reliability: { name: "gbn" } },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 10, bytes: 100_000 }] }],
    faults: [{ kind: "slow", hosts: [10], rxFraction: 0.25 }],
  };
  const derived = runScenario({ ...validateScenario(s), run: { endUs: 1 } }).derived;
  const intra = Number(derived.intraDcRttNs);
  assert.ok(Number(derived.networkRttNs) > 50_000, `network RTT ${derived.networkRttNs} ns: alone past T_low`);
  assert.ok(intra + 11_520 < 50_000, `intra-DC RTT ${intra} ns`);
  const w = warnings(validateScenario(s)).filter((x) => x.includes("hosts process below their"));
  assert.is(w.length, 1);
  assert.match(w[0], `at most 11.52 µs (its bytes × 8 / the host's rate): with the intra-DC RTT (${(intra / 1000).toFixed(2)} µs) that stays below T_low`);
});

test("trimming switches under PFC with no buffer given: a warning that no queue trims, and none once a buffer is given", () => {
  // An 8:1 incast of 1 MB into host 0 of the k = 4 fat tree (review rev-scenario trim-pfc2). Under
  // PFC each queue's limit defaults to 2^29 = 536,870,912 B (build.ts). Default PFC at 100 Gb/s
  // over 1 µs cables: XOFF 100,000 B and a headroom of 2 × (100 × 1000 / 8) + 2 × 4150 = 33,300 B
  // per ingress queue (harness/README.md, PFC), so a 4-port switch holds at most 4 × 133,300 =
  // 533,200 B of data, and no egress queue reaches 2^29 B: nothing is trimmed.
  const incast = (network: Record<string, unknown>): Scenario =>
    validateScenario({ topology: { kind: "fattree", k: 4 }, network, traffic: [{ kind: "incast", senders: 8, receiver: 0, bytes: 1_000_000 }] });
  const pfcTrim = (s: Scenario) => warnings(s).filter((w) => w.includes("under network.pfc"));
  const text =
    "network.trimming: the switches trim, but under network.pfc with no buffer given each queue holds 2^29 B, so PFC pauses the senders long before any queue fills and no packet is ever trimmed (a loss fault's trim aside). " +
    "Give network.bufferBdp (1: uet-htsim's trimming queue) or network.bufferBytes for queues that trim where they pass it, or leave network.trimming out to run PFC lossless; see harness/README.md, PFC.";
  const unbounded = incast({ pfc: {}, trimming: true });
  assert.equal(pfcTrim(unbounded), [text]);
  const r = runScenario(unbounded);
  assert.is(r.metrics.trims, 0);
  assert.ok((r.metrics.pfc?.pauseFrames ?? 0) > 0, "PFC paused instead");
  assert.equal(r.warnings?.filter((w) => w.includes("under network.pfc")), [text], "results.json carries it");
  // 1 BDP: 43 packets × 4150 B = 178,450 B a port, less than the 8 × 1 MB converging on host 0's.
  for (const network of [{ pfc: {}, trimming: true, bufferBdp: 1 }, { pfc: {}, trimming: true, bufferBytes: 178_450 }, { pfc: {}, trimming: true, queue: { dataLimitBytes: 178_450 } }]) {
    assert.equal(pfcTrim(incast(network)), [], JSON.stringify(network));
  }
  assert.ok(runScenario(incast({ pfc: {}, trimming: true, bufferBdp: 1 })).metrics.trims > 0, "a 1-BDP queue trims under PFC");
  // No trimming under PFC (its default), or trimming without PFC: nothing to warn of.
  for (const network of [{ pfc: {} }, { pfc: {}, trimming: false }, { trimming: true }, {}]) assert.equal(pfcTrim(incast(network)), [], JSON.stringify(network));
});


test("two DCs: the warnings read the ports inside a DC at the intra-DC BDP's sizes, the WAN ports at the network's", () => {
  // Reflex §II-C's two DCs (derived.test.ts): inside a DC 29-packet BDPs, Kmin ⌈0.2 × 29⌉ = 6
  // packets = 24,900 B and buffer 120,350 B; the network's BDP 3055 packets, Kmin ⌈611⌉ × 4150 =
  // 2,535,650 B, at the 16 × faster WAN port 40,570,400 B.
  const topology = { kind: "twodc" as const, leaves: 4, spines: 4, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000, wanGbps: 1600, wanLatencyNs: 500_000 };
  const twoDc = (cc: ModuleSpec, net: Partial<NonNullable<Scenario["network"]>>): Scenario => ({ ...withNet(cc, net), topology, traffic: [{ kind: "flows", flows: [{ src: 0, dst: 15, bytes: 4086 }] }] });
  // bufferBytes 10 packets = 41,500 B > 24,900 B: a full leaf or spine queue is marked. The old
  // build held every port at the network's Kmin, 2,535,650 B (the WAN's 16 × 41,500 = 664,000
  // against 40,570,400) and warned that no port marks.
  assert.equal(ecnWarnings(twoDc({ name: "dctcp" }, { bufferBytes: 10 * 4150 })), []);
  // 6 packets, 24,900 B: at Kmin inside a DC too; the warning quotes both kinds of port.
  const six = ecnWarnings(twoDc({ name: "dctcp" }, { bufferBytes: 6 * 4150 }));
  assert.is(six.length, 1);
  assert.match(six[0], "(at 100 Gb/s: kMinBytes 2535650 B, a data queue holds at most 24900 B; inside a DC kMinBytes 24900 B, a data queue holds at most 24900 B)");
  // Swift's google profile on a flow within one DC (0 → 15: leaf, spine, leaf, 3 switches, RTT
  // 9,348.48 ns): target 25,000 + 3 × 1,000 = 28,000 ns (flow scaling 0 at its largest window,
  // 256 packets above the DC's 29-packet BDP), slack 18,651.52 ns; a full DC queue plus the packet
  // in service drains in (120,350 + 4,150) × 8 / 100 = 9,960 ns: ⌊1.87⌋ + 1 = 2 queues. The old
  // build took the network's buffer, (12,678,250 + 4,150) × 8 / 100 = 1,014,592 ns: 1 queue, no warning.
  // An absolute kMinBytes of 1,000,000 B (a WAN-sized ramp, kMax 2,000,000) at the default 1 BDP
  // of buffer: the ports between the DCs hold 12,678,250 B and can mark, the ports inside a DC
  // 29 packets = 120,350 B < 1,000,000 and cannot (pMax 1: a mark needs q > kMin), so flows
  // within a DC hear no CE. The old check asked only whether some port could mark: no warning.
  const wanRamp = ecnWarnings(twoDc({ name: "dctcp" }, { queue: { kMinBytes: 1_000_000, kMaxBytes: 2_000_000 } }));
  assert.is(wanRamp.length, 1);
  assert.match(wanRamp[0], "no switch port inside a DC marks, so its flows within one DC hear no CE: only the ports between the DCs can mark; inside a DC (at 100 Gb/s) kMinBytes 1000000 B, and a data queue holds at most 120350 B");
  // A ramp the ports inside a DC reach (kMin 24,900 B below their 120,350 B): no warning.
  assert.equal(ecnWarnings(twoDc({ name: "dctcp" }, { queue: { kMinBytes: 24_900, kMaxBytes: 40_000 } })), []);
  const swift = warnings(twoDc({ name: "swift" }, {}));
  assert.is(swift.length, 1);
  assert.match(swift[0], "only where 2 or more queues on one path are full at once");
  assert.match(swift[0], "= 9.96 µs");
});

test("an in-order transport where a flow's packets are reordered: a warning under per-packet routing or a spraying load balancer, none on one path per flow or with an order-tolerant receiver", () => {
  const reorder = (s: Scenario) => warnings(s).filter((w) => w.includes("so a flow's packets arrive out of order"));
  const on = (reliability: string, routing: string, lb: string): Scenario => {
    const s = incast3(reliability, { routing, trimming: false } as Scenario["network"]);
    return { ...s, transport: { ...s.transport, lb: { name: lb } } };
  };
  for (const name of ["gbn", "dack", "opt"]) {
    for (const routing of ["adaptive", "valiant"]) {
      const w = reorder(on(name, routing, "ecmp"));
      assert.is(w.length, 1, `${name} ${routing}`);
      assert.ok(w[0].startsWith(`transport.reliability: ${name} `) && w[0].includes(`network.routing: ${routing} picks each packet's path on its own`), w[0]);
    }
    // ECMP routing hashes the EV: a spraying balancer reorders, a per-flow one does not.
    for (const lb of ["ops", "reps"]) assert.ok(reorder(on(name, "ecmp", lb))[0]?.includes(`transport.lb: ${lb} `), `${name} ${lb}`);
    for (const lb of ["ecmp", "plb", "flowlet"]) assert.equal(reorder(on(name, "ecmp", lb)), [], `${name} ${lb}`);
  }
  // Receivers that take packets out of order: no warning, whatever the routing.
  for (const name of ["irn", "rack", "timeout", "rud"]) assert.equal(reorder(on(name, "adaptive", "ops")), [], name);
});

test("DCP under a queue profile whose control FIFO is bounded: a warning, none under profile dcp, a control limit given, or no trimming", () => {
  const hoWarn = (s: Scenario) => warnings(s).filter((w) => w.includes("so an incast's HOs can overflow it"));
  for (const profile of ["uec", "uec-htsim"]) {
    const w = hoWarn(incast3("dcp", { queue: { profile } } as Scenario["network"]));
    assert.is(w.length, 1, profile);
    assert.ok(w[0].includes(`network.queue.profile ${profile} gives the control FIFO `), w[0]);
  }
  assert.equal(hoWarn(incast3("dcp", { queue: { profile: "dcp" } } as Scenario["network"])), []);
  assert.equal(hoWarn(incast3("dcp", { queue: { profile: "uec", controlLimitBytes: 2 ** 25 } } as Scenario["network"])), []);
  assert.equal(hoWarn(incast3("dcp", { queue: { profile: "uec" }, trimming: false } as Scenario["network"])), []);
  assert.equal(hoWarn(incast3("rud", { queue: { profile: "uec" } } as Scenario["network"])), []);
});

test("Swift toward slow receivers with its endpoint window off: a warning, 'runs as cc none would' only without lossDecrease; none with endpointTargetNs or under DACK", () => {
  const swiftWarn = (s: Scenario) => warnings(s).filter((w) => w.includes("swift takes the receiving host's hold time out of each RTT"));
  const slow = (params: Record<string, unknown>, reliability = "gbn"): Scenario => {
    const s = incast3(reliability, { rxGbps: 25, trimming: false } as Scenario["network"]);
    return { ...s, transport: { ...s.transport, cc: { name: "swift", params } } };
  };
  const google = swiftWarn(slow({ profile: "google" }));
  assert.is(google.length, 1);
  assert.ok(google[0].includes("runs as cc none would"), google[0]);
  const paper = swiftWarn(slow({ profile: "paper" }));
  assert.is(paper.length, 1);
  assert.ok(!paper[0].includes("runs as cc none would") && paper[0].includes("lossDecrease cuts by max_mdf"), paper[0]);
  assert.equal(swiftWarn(slow({ profile: "google", endpointTargetNs: 25_000 })), []);
  assert.equal(swiftWarn(slow({ profile: "google" }, "dack")), []);
  // No slow host: no warning.
  const fast = incast3("gbn", { trimming: false } as Scenario["network"]);
  assert.equal(swiftWarn({ ...fast, transport: { ...fast.transport, cc: { name: "swift" } } }), []);
});


test("an in-order transport on a reordering fabric: a warning naming the routing, or the path of the spraying load balancer; none for per-flow paths or a reordering-tolerant transport", () => {
  const reorder = (reliability: string, lb: string, extra: Partial<Scenario> = {}) => {
    const s = incast3(reliability, { trimming: false });
    return warnings({ ...s, ...extra, transport: { ...s.transport, lb: { name: lb } } }).filter((w) => w.includes("overtakes another"));
  };
  const ops = reorder("gbn", "ops");
  assert.is(ops.length, 1);
  assert.match(ops[0], /^transport\.reliability: gbn .*, but transport\.lb: ops sprays each packet on another EV/);
  const adaptive = reorder("gbn", "ecmp", { network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: false, routing: "adaptive" } });
  assert.match(adaptive[0], "but network.routing: adaptive picks each packet's path on its own");
  // A traffic entry's own sprayer is named by its path (audit 2026-12-07: "transport.lb: ops" under transport.lb ecmp).
  const entry = reorder("gbn", "ecmp", { traffic: [{ kind: "incast", senders: 3, bytes: 400_000, lb: { name: "ops" } }] });
  assert.is(entry.length, 1);
  assert.match(entry[0], "but traffic[0].lb: ops sprays each packet on another EV");
  assert.equal(reorder("gbn", "ecmp"), []);
  assert.equal(reorder("rud", "ops"), []);
});

test("Reflex: a T_maxpause at or above the RTO warns (the paused flows time out); none below it, under PFC, or without NDT", () => {
  // Two DCs over a 50 µs WAN: RTO 396.14 µs against Table I's T_maxpause of 500 µs (audit 2026-12-07).
  const twoDc = (reflex: NonNullable<Scenario["network"]>["reflex"], pfc = false): Scenario => ({
    topology: { kind: "twodc", leaves: 2, spines: 1, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 1000, wanGbps: 1600, wanLatencyNs: 50_000 },
    network: { reflex, ...(pfc ? { pfc: {}, trimming: false } : {}) },
    transport: { cc: { name: "swift", params: { profile: "reflex" } }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 4, bytes: 100_000 }, { src: 6, dst: 4, bytes: 100_000 }] }],
  });
  const reflexWarnings = (s: Scenario) => warnings(s).filter((w) => w.startsWith("network.reflex"));
  const w = reflexWarnings(twoDc({}));
  assert.is(w.length, 1);
  assert.match(w[0], "tMaxPauseNs 500.00 µs), not below the senders' RTO (396.14 µs)");
  assert.equal(reflexWarnings(twoDc({ params: { tMaxPauseNs: 100_000 } })), []);
  assert.equal(reflexWarnings(twoDc({}, true)), [], "PFC: the RTO is 1 ms, and nothing is lost");
  assert.equal(reflexWarnings(twoDc({ nsf: false })), [], "no NDT without NSF");
});

test("RED thresholds above what a switch's shared buffer lets one queue hold: no port marks; the warning names the buffer (2026-12-07)", () => {
  // The default tree: kMin 37,350 B, data queues of 178,450 B. Without PFC a queue holds at most
  // the whole buffer under `complete`, α·B / (1 + α) under `dynamic` (α = 1: B / 2).
  const marking = (switchBuffer: NonNullable<Scenario["network"]>["switchBuffer"]) =>
    warnings(scenarioWith({ name: "dcqcn" }, three, { ...DEFAULT_SCENARIO.network, switchBuffer })).filter((w) => w.startsWith("transport.cc: dcqcn reacts to ECN"));
  const complete = marking({ bytes: 30_000, rule: "complete" });
  assert.is(complete.length, 1);
  assert.match(complete[0], "kMinBytes 37350 B, a data queue holds at most 30000 B (its switch's shared buffer, network.switchBuffer)");
  assert.match(complete[0], "raise the limit (network.switchBuffer.bytes, and network.bufferBdp or bufferBytes)");
  // 40,000 B: a departing full packet leaves at most 35,850 B behind, under kMin: short packets only.
  assert.match(marking({ bytes: 40_000, rule: "complete" })[0], "no switch port marks a full-size packet: RED judges a full-size packet (4150 B) by what it leaves behind at departure: at most 35850 B of the 40000 B");
  assert.equal(marking({ bytes: 50_000, rule: "complete" }), []);
  assert.match(marking({ bytes: 70_000 })[0], "a data queue holds at most 35000 B");
  assert.equal(marking({ bytes: 100_000 }), [], "α·B / (1 + α) = 50,000 B: 45,850 B left behind passes kMin");
});

test.run();
