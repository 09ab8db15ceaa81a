// The registry's defaults, by hand: what the network tells each module it builds.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AimdCc, NsccCc, SwiftCc } from "./adapters";
import type { Flowlet } from "../../lib/lb/flowlet/flowlet";
import type { Plb } from "../../lib/lb/plb/plb";
import { ParamError } from "../../lib/core/params";
import { builtWith, makeCc, makeLb, makeTransport, type NetworkContext } from "./registry";
import type { GbnTransport, IrnTransport, RackTransport, TimeoutTransport } from "./rounds";
import { build } from "../scenario/build";
import { ScenarioError } from "../scenario/load";
import type { Scenario } from "../scenario/schema";
import { networkContext, oneSwitchScenario } from "./test-support";

const CTX: NetworkContext = networkContext({ ackEveryBytes: 16_384 });

test("a CC takes the network's constants it declares: AIMD's segment is the wire MTU, so its RFC 5681 initial window is 2 of them", () => {
  const aimd = makeCc("aimd", {}, CTX, 1) as AimdCc;
  aimd.open(0, 0);
  // IW = min(4 × 4,150, max(2 × 4,150, 4,380)) = 8,300 B (the module's own default MSS, 4,096 B, would give 8,192).
  assert.equal([aimd.m.params.mssBytes, aimd.level(0)], [4150, 8300]);
  const nscc = makeCc("nscc", {}, CTX, 1) as NsccCc;
  assert.equal([nscc.m.params.linkGbps, nscc.m.params.baseRttNs, nscc.m.params.mtuBytes], [100, 14_000, 4150]);
  assert.is((makeCc("swift", {}, CTX, 1) as SwiftCc).m.params.mtuBytes, 4150);
  assert.is((makeCc("swift", { mtuBytes: 2048 }, CTX, 1) as SwiftCc).m.params.mtuBytes, 2048, "the scenario's own value wins");
});

test("the RDMA baselines size their windows from the BDP in whole packets, at least one", () => {
  // 100 Gb/s × 14 µs = 175,000 B = 42.2 packets of 4,150 B: 43.
  const irn = makeTransport("irn", {}, CTX, 1, 64) as IrnTransport;
  const rack = makeTransport("rack", {}, CTX, 1, 64) as RackTransport;
  assert.equal([irn.tx.params.bdpPackets, rack.tx.params.windowPackets], [43, 86]);
  // 1 Gb/s × 1 µs = 125 B, less than a packet: one.
  const tiny = makeTransport("irn", {}, { ...CTX, linkGbps: 1, baseRttNs: 1000 }, 1, 64) as IrnTransport;
  assert.is(tiny.tx.params.bdpPackets, 1);
  // 400 Gb/s × 1 ms = 50 MB = 12,049 packets: RACK's window stops at its 16,384, not 24,098.
  const wide = makeTransport("rack", {}, { ...CTX, linkGbps: 400, baseRttNs: 1_000_000 }, 1, 64) as RackTransport;
  assert.is(wide.tx.params.windowPackets, 16_384);
});

test("the RDMA baselines' timers: the papers' values in a datacenter, twice the network RTT where they are below it", () => {
  const timers = (ctx: NetworkContext, user = {}) => {
    const gbn = makeTransport("gbn", user, ctx, 1, 64) as GbnTransport;
    const irn = makeTransport("irn", user, ctx, 1, 64) as IrnTransport;
    const rack = makeTransport("rack", user, ctx, 1, 64) as RackTransport;
    const tmo = makeTransport("timeout", user, ctx, 1, 64) as TimeoutTransport;
    return [gbn.tx.params.rtoNs, gbn.rx.params.nackIntervalNs, irn.tx.params.rtoLowNs, irn.tx.params.rtoHighNs, rack.tx.params.initialRtoNs, rack.tx.params.minRtoNs, rack.tx.params.maxRtoNs, tmo.tx.params.rtoNs];
  };
  // 14 µs: every default is above 28 µs and stands (RoCE 4.096 µs × 2^8, 500 µs, IRN §4.1's
  // 100 / 320 µs, 1 ms and 100 µs, 100 ms).
  assert.equal(timers(CTX), [1_048_576, 500_000, 100_000, 320_000, 1_000_000, 100_000, 100_000_000, 1_048_576]);
  // Two DCs over 500 µs of WAN: an RTT of 1,014,043.79 ns, so every timer below 2,028,087.58 ns
  // becomes ⌈2 × RTT⌉ = 2,028,088; RACK's 100 ms cap stands.
  const wan = { ...CTX, baseRttNs: 1_014_043.79 };
  const f = 2_028_088;
  assert.equal(timers(wan), [f, f, f, f, f, f, 100_000_000, f]);
  // A 60 ms RTT would lift RACK's minimum past its 100 ms cap: the minimum stops at the cap.
  assert.is((makeTransport("rack", {}, { ...CTX, linkGbps: 1, baseRttNs: 60e6 }, 1, 64) as RackTransport).tx.params.minRtoNs, 100_000_000);
  // The scenario's own values win.
  const own = makeTransport("irn", { sender: { rtoLowNs: 50_000 } }, wan, 1, 64) as IrnTransport;
  assert.equal([own.tx.params.rtoLowNs, own.tx.params.rtoHighNs], [50_000, f]);
});

test("PLB's round is the network's base RTT and a flowlet's gap half of it, unless the scenario sets them", () => {
  // The modules' own defaults (14 µs, 7 µs) fit a ≈14 µs network only; two DCs' 1 ms RTT, or a
  // 3.1 µs leaf pair, need their own. 14,023.4 ns → 14,023 and 7,012; 1,000,000.6 → 1,000,001 and 500,000.
  const of = (baseRttNs: number, plbUser = {}, flowletUser = {}) => {
    const ctx = { ...CTX, baseRttNs };
    const plb = makeLb("plb", plbUser, ctx, 1) as Plb;
    const flowlet = makeLb("flowlet", flowletUser, ctx, 1) as Flowlet;
    return [plb.params.roundNs, flowlet.params.gapNs];
  };
  assert.equal(of(14_023.4), [14_023, 7012]);
  assert.equal(of(1_000_000.6), [1_000_001, 500_000]);
  assert.equal(of(14_023.4, { roundNs: 50_000 }, { gapNs: 3000 }), [50_000, 3000]);
});

test("OPS, PLB and flowlet draw from REPS's EV space, uet-htsim's -paths 64, unless the scenario sets evCount; ECMP keeps 65,536", () => {
  // notes/uec-htsim-reference.md: "`-paths` = 64 entropies" (§2, other defaults), and §8: REPS
  // draws rand() % P, Oblivious is "a permuted round-robin over P paths", P = -paths. So OPS (in
  // either mode without sets), PLB and flowlet draw from 64 EVs, as REPS's uec-htsim profile does,
  // not from their modules' 65,536 (256 for OPS uec). ECMP's one EV per flow is hashed with the
  // flow: the space moves no flow, and the module's 65,536 stays.
  const evs = (name: string, user = {}) => (makeLb(name, user, CTX, 1) as unknown as { params: { evCount: number } }).params.evCount;
  assert.equal(
    ["reps", "ops", "plb", "flowlet", "ecmp"].map((name) => evs(name)),
    [64, 64, 64, 64, 65536],
  );
  assert.is(evs("ops", { mode: "uec" }), 64);
  // A given evCount stands, for REPS's profile as for the others.
  assert.equal([evs("ops", { evCount: 65536 }), evs("ecmp", { evCount: 1000 }), evs("plb", { evCount: 2 }), evs("flowlet", { evCount: 256 })], [65536, 1000, 2, 256]);
  assert.is(evs("reps", { profile: "artifact" }), 65535, "-paths 65535, the artifact's scripts");
  // OPS with sets of its own draws from them; the space is not imposed on it.
  assert.is(evs("ops", { sets: [{ evs: [3, 5] }] }), 65536);
});

test("OPS with explicit sets: one set is taken, a second refused (the fabric opens every flow on set 0, where it would never be drawn)", () => {
  assert.ok(makeLb("ops", { sets: [{ evs: [3, 5] }] }, CTX, 1));
  assert.throws(() => makeLb("ops", { sets: [{ evs: [3, 5] }, { evs: [7] }] }, CTX, 1), /set 0/);
});

test("DCP and the RDMA baselines take params per side (README: { sender, receiver }): any other key is refused, not dropped unread", () => {
  const shape = /takes params: \{ sender: \{…\}, receiver: \{…\} \}/;
  for (const name of ["dcp", "gbn", "irn", "rack", "timeout"]) {
    // A key of no module, and one RUD takes flat (its send window) that these take per side only.
    for (const key of ["bogusKey", "windowPackets"]) {
      assert.throws(() => makeTransport(name, { [key]: 5 }, CTX, 1, 64), (e: Error) => e instanceof ParamError && e.param === key && shape.test(e.message), `${name} ${key}`);
    }
    assert.throws(() => makeTransport(name, { sender: 5 }, CTX, 1, 64), (e: Error) => e instanceof ParamError && e.param === "sender", `${name} sender: 5`);
    assert.ok(makeTransport(name, { sender: {}, receiver: {} }, CTX, 1, 64), `${name} with both sides empty`);
  }
  // Per side, a window is taken: RACK's sender window of 5 packets, not the default of 2 BDPs (86).
  assert.is((makeTransport("rack", { sender: { windowPackets: 5 } }, CTX, 1, 64) as RackTransport).tx.params.windowPackets, 5);
});

test("each table records what it was built with: its profile and the parameters its resolver returned (results.json moduleParams)", () => {
  const nscc = makeCc("nscc", {}, CTX, 1) as NsccCc;
  const rec = builtWith(nscc);
  // The fabric's NSCC is the standard's (UEC 1.0 Table 3-76): target_qdelay 0.75 × 14,000 = 10,500 ns with trimming.
  assert.equal([rec?.area, rec?.name, rec?.profile, rec?.params.targetDelayNs], ["cc", "nscc", "uec", 10_500]);
  assert.is(rec?.params.qaThresholdNs, "Infinity", "JSON has no Infinity");
  assert.equal(builtWith(makeCc("none", {}, CTX, 1)), { area: "cc", name: "none", profile: null, scope: "", params: {} });
  // REPS: uec-htsim unless the scenario says otherwise.
  assert.equal([builtWith(makeLb("reps", {}, CTX, 1))?.profile, builtWith(makeLb("reps", { profile: "paper" }, CTX, 1))?.profile], ["uec-htsim", "paper"]);
  // Two sides: each side's parameters, the profile from the sender (RACK's RFC 8985 default).
  const rack = builtWith(makeTransport("rack", {}, CTX, 1, 64));
  assert.equal([rack?.profile, Object.keys(rack?.params ?? {})], ["rfc8985", ["sender", "receiver"]]);
  // DCP's MTU is the payload: 4,150 − 64 = 4,086 B.
  assert.is((builtWith(makeTransport("dcp", {}, CTX, 1, 64))?.params.sender as Record<string, unknown>).mtuBytes, 4086);
  // DACK: the network's RTO and one target set for hosts alike, with the 9,216 B policy threshold of a 1 MB buffer.
  const ends = { dst: Int32Array.of(1, 1), hosts: 2, bufferBytes: Float64Array.of(1e6, 1e6) };
  const dack = builtWith(makeTransport("dack", {}, CTX, 2, 64, ends));
  assert.equal([dack?.name, dack?.params.rtoNs, (dack?.params.target as Record<string, unknown>).policyThresholdBytes], ["dack", 100_000, 9216]);
});

test("a reliability module's packet may not outgrow the network's: a larger MTU, or RUD's header other than the network's, is refused at build naming the field (review rev-rud)", () => {
  // RUD's mtuBytes is the wire packet: up to network.mtuBytes 4,150; its header must be the network's 64.
  const mtu = (e: Error): boolean => e instanceof ParamError && e.param === "mtuBytes";
  assert.throws(() => makeTransport("rud", { mtuBytes: 9000, headerBytes: 64 }, CTX, 1, 64), mtu);
  assert.throws(() => makeTransport("rud", { mtuBytes: 4151 }, CTX, 1, 64), mtu);
  assert.throws(() => makeTransport("rud", { headerBytes: 32 }, CTX, 1, 64), (e: Error) => e instanceof ParamError && e.param === "headerBytes");
  assert.ok(makeTransport("rud", { mtuBytes: 4150, headerBytes: 64 }, CTX, 1, 64));
  // A smaller packet is refused too: the fabric numbers, counts and idealises a flow by the network's.
  assert.throws(() => makeTransport("rud", { mtuBytes: 2048 }, CTX, 1, 64), (e: Error) => e instanceof ParamError && e.param === "mtuBytes" && /is below 4150/.test(e.message));
  // DCP and the baselines: mtuBytes is the payload, up to 4,150 − 64 = 4,086.
  for (const name of ["dcp", "gbn", "irn", "rack", "timeout"]) {
    assert.throws(() => makeTransport(name, { sender: { mtuBytes: 4087 } }, CTX, 1, 64), (e: Error) => e instanceof ParamError && e.param === "sender.mtuBytes", name);
    assert.ok(makeTransport(name, { sender: { mtuBytes: 4086 } }, CTX, 1, 64), name);
    assert.throws(() => makeTransport(name, { sender: { mtuBytes: 2000 } }, CTX, 1, 64), (e: Error) => e instanceof ParamError && e.param === "sender.mtuBytes" && /is below 4086/.test(e.message), name);
  }
  // Through the scenario: the message names the field as the scenario nests it.
  const scenario = (reliability: Scenario["transport"]): Scenario => ({
    ...oneSwitchScenario("mtu", 100, [{ src: 0, dst: 1, bytes: 1000 }]),
    network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: false },
    transport: { cc: { name: "none" }, lb: { name: "ecmp" }, ...reliability },
  });
  const refused = (reliability: Scenario["transport"], message: string): void => {
    assert.throws(() => build(scenario(reliability)), (e: Error) => e instanceof ScenarioError && e.errors.length === 1 && e.errors[0] === message, message);
  };
  refused(
    { reliability: { name: "rud", params: { mtuBytes: 9000, headerBytes: 64 } } },
    "transport.reliability.params.mtuBytes: 9000 is above 4150, network.mtuBytes: the switch queues take no larger packet; raise network.mtuBytes instead",
  );
  refused(
    { reliability: { name: "rud", params: { headerBytes: 32 } } },
    "transport.reliability.params.headerBytes: 32 differs from network.headerBytes 64: the fabric trims a packet to the network's header and counts it in every packet's wire size, so set network.headerBytes instead",
  );
  refused(
    { reliability: { name: "gbn", params: { sender: { mtuBytes: 9000 } } } },
    "transport.reliability.params.sender.mtuBytes: 9000 is above 4086, the payload of a full packet (network.mtuBytes − network.headerBytes = 4150 − 64): the switch queues take no larger packet; raise network.mtuBytes instead",
  );
});

test("a flow of more packets than an RDMA baseline's 24-bit PSNs count from 0 is refused at build, naming its traffic entry; RUD is not held to it", () => {
  // mtuBytes 128 less a 64 B header leaves 64 B of payload a packet; PSNs 0 … 2^24 − 2 and the
  // cumulative ePSN after them, 2^24 − 1, stay below the wrap: at most 16,777,215 packets,
  // 16,777,215 × 64 = 1,073,741,760 B. One byte more is 16,777,216 packets.
  const limitBytes = 16_777_215 * 64;
  const scenario = (reliability: string, bytes: number): Scenario => ({
    ...oneSwitchScenario("flow size", 100, [{ src: 0, dst: 1, bytes: 1000 }]),
    network: { mtuBytes: 128, headerBytes: 64, ackBytes: 64, trimming: false },
    transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: reliability } },
    traffic: [
      { kind: "flows", flows: [{ src: 0, dst: 1, bytes: 1000 }] },
      { kind: "flows", flows: [{ src: 1, dst: 0, bytes: 1000 }, { src: 0, dst: 1, bytes }, { src: 1, dst: 0, bytes }] },
    ],
  });
  for (const name of ["gbn", "irn", "rack", "timeout"]) {
    assert.throws(
      () => build(scenario(name, limitBytes + 1)),
      (e: Error) =>
        e instanceof ScenarioError &&
        e.errors.length === 1 &&
        e.errors[0] ===
          `traffic[1]: flow 2 (0→1) of 1,073,741,761 B is 16,777,216 packets of 64 B payload (and 1 more flows of this entry); reliability ${name} numbers a flow's packets with 24-bit PSNs from 0, so a flow takes at most 16,777,215 (1,073,741,760 B here): raise network.mtuBytes or split the flow`,
      name,
    );
  }
  assert.not.throws(() => build(scenario("gbn", limitBytes)));
  assert.not.throws(() => build(scenario("rud", limitBytes + 1)));
});

test.run();
