import { test } from "uvu";
import * as assert from "uvu/assert";
import { ReflexNdt } from "../../lib/switch/reflex/ndt";
import { NSF_ENTER_ACTIVE, NSF_PSEUDO_ACK, NSF_SILENT } from "../../lib/switch/reflex/nsf";
import { collect } from "../metrics/results";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import { Kind } from "./packets";
import type { Pacer } from "./pacer";

// Reflex §II-C's setting, scaled to 16 hosts per DC: two leaf–spine DCs (4 leaves × 4 spines,
// 4 hosts a leaf) at 100 Gb/s with 1 µs links, a 1.6 Tb/s WAN of 500 µs, PFC on (lossless RDMA).
// Hosts 0–15 are DC 0, 16–31 DC 1.
type Flow = { src: number; dst: number; bytes: number; startUs?: number };

function scenario(flows: Flow[], cc: "swift" | "timely", reflex: object | null, extra: Partial<Scenario> = {}): Scenario {
  return {
    ...DEFAULT_SCENARIO,
    name: "reflex",
    topology: { kind: "twodc", leaves: 4, spines: 4, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000 },
    network: { pfc: {}, ...(reflex ? { reflex } : {}) },
    transport: { cc: { name: cc, params: cc === "swift" ? { profile: "reflex" } : {} }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
    traffic: [{ kind: "flows", flows }],
    ...extra,
  };
}

// Eight inter-DC senders of DC 0 into host 16: 800 Gb/s at line rate meets the four 100 Gb/s
// spine–ESW links of DC 0 (near-source congestion) and host 16's one link (near-destination).
const incast: Flow[] = Array.from({ length: 8 }, (_, i) => ({ src: i, dst: 16, bytes: 4_000_000 }));

test("NSF: pseudo-ACKs go back to the senders of inter-DC flows congested near the source, with a near-source RTT", () => {
  const b = build(scenario(incast, "swift", { ndt: false }));
  // Fig. 5: while Active or Cooling a flow gets a pseudo-ACK every T_interval, 3 µs under Swift
  // (Table I; the profile follows the inter-DC flows' CC), except that entering Active sends one
  // at once (lib/switch/reflex README), however recent the last: a flow that went Silent and
  // comes back may get two closer together. Every other pair of a flow's pseudo-ACKs is at least
  // 3,000 ns apart (a sender at 100 Gb/s puts out a 4,150 B packet every 332 ns: at most one per
  // ⌈3,000 / 332⌉ = 10 of its packets).
  const nsf = b.fabric.reflex?.nsf as import("../../lib/switch/reflex/nsf").ReflexNsf;
  assert.is(nsf.params.tIntervalNs, 3000);
  const onData = nsf.onData.bind(nsf);
  const last = new Map<number, number>();
  const close: string[] = [];
  let entries = 0;
  nsf.onData = (slot: number, nowNs: number, ts: number): number => {
    const v = onData(slot, nowNs, ts);
    if (v < 0 || (v & NSF_PSEUDO_ACK) === 0) return v;
    const prev = last.get(slot);
    if ((v & NSF_ENTER_ACTIVE) !== 0) entries++;
    else if (prev !== undefined && ((nowNs - prev) | 0) < 3000) close.push(`flow ${slot}: ${((nowNs - prev) | 0)} ns`);
    last.set(slot, nowNs);
    return v;
  };
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 8);
  const x = r.reflex;
  assert.ok(x !== undefined);
  assert.ok(x.pseudoAcks > 0, "T_src above 5 µs at the WAN egress makes flows Active");
  assert.ok(x.pseudoAcksDelivered > 0 && x.pseudoAcksDelivered <= x.pseudoAcks);
  assert.equal(close, [], "pseudo-ACKs of a flow under T_interval apart, not entering Active");
  assert.ok(entries > 0 && x.pseudoAcks > entries, `${entries} entries into Active, ${x.pseudoAcks} pseudo-ACKs`);
  // RTT_src: sender → ESW → sender inside DC 0 (6 links of 1 µs plus the queues), never the
  // 1 ms WAN round trip.
  assert.ok((x.srcRttMaxUs as number) < 200 && (x.srcRttMeanUs as number) >= 6, `RTT_src mean ${x.srcRttMeanUs} µs, max ${x.srcRttMaxUs} µs`);
  // A mean is at most its maximum (the mean's two divisions, sum / n / 1000, had no upper bound).
  assert.ok((x.srcRttMeanUs as number) <= (x.srcRttMaxUs as number), `RTT_src mean ${x.srcRttMeanUs} µs over its max ${x.srcRttMaxUs} µs`);
  assert.equal([x.controlledPackets, x.pauses], [0, 0], "NDT off");
  // Flows inside DC 0, just as congested, never meet NSF.
  const intra = runScenario(scenario(incast.map((f) => ({ ...f, dst: 15 })), "swift", {}));
  assert.ok(intra.integrity.ok);
  assert.is(intra.reflex?.pseudoAcks, 0);
  // Which flows NSF and NDT track: the inter-DC ones only.
  const mixed = build(scenario([...incast.slice(0, 2), { src: 2, dst: 15, bytes: 1000 }, { src: 17, dst: 30, bytes: 1000 }], "swift", {}));
  assert.equal(Array.from(mixed.fabric.reflex?.interDc ?? []), [1, 1, 0, 0]);
});

test("Swift opens an inter-DC flow at one WAN BDP, so a flow below it leaves at line rate and finishes before its first ACK (Reflex §II-C observation 1)", () => {
  // The network RTT across the WAN (7 links: 6 of 100 Gb/s and 1 µs, the WAN's 1.6 Tb/s and
  // 500 µs), a 4,150 B packet out and a 64 B ACK back:
  //   2 × (6 × 1,000 + 500,000) + 6 × 332 + 20.75 + 6 × 5.12 + 0.32 = 1,014,043.79 ns,
  // so its BDP at 100 Gb/s is 1,014,043.79 × 12.5 = 12,675,547.4 B = 3,054.35 → 3,055 packets.
  // Within one DC (4 links): 2 × 4,000 + 4 × 332 + 4 × 5.12 = 9,348.48 ns, 116,856 B, 29
  // packets, under the profile's 256, which stays (as does fs_max, 256, for both classes).
  for (const reflex of [null, {}]) {
    const b = build(scenario([{ src: 0, dst: 16, bytes: 4_000_000 }, { src: 0, dst: 15, bytes: 1000 }], "swift", reflex));
    const cc = b.fabric as unknown as { ccOf: { m: import("../../lib/cc/swift/swift").Swift }[] };
    const [inter, intra] = [cc.ccOf[0].m, cc.ccOf[1].m];
    assert.equal([inter.params.maxCwndPkts, inter.params.initCwndPkts, inter.params.fsMaxCwndPkts], [3055, 3055, 256]);
    assert.is(inter.cwndPackets(0), 3055);
    assert.equal([intra.params.maxCwndPkts, intra.params.initCwndPkts, intra.params.fsMaxCwndPkts], [256, 256, 256]);
    b.fabric.run();
    const r = collect(b);
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    // 4,000,000 B in 4,086 B payloads: 979 packets, 978 × 4,150 + 3,956 = 4,062,656 B on the
    // wire, 325.01 µs at line rate; the last packet then crosses the WAN in 507.6 µs: about
    // 832.6 µs, under the 1,014 µs the first ACK takes. At 256 packets a round trip it took
    // ⌈979 / 256⌉ = 4 windows, over three round trips (> 3 ms).
    const fct = r.flows[0].fctUs as number;
    assert.ok(fct > 832 && fct < 834, `inter-DC FCT ${fct} µs`);
  }
});

test("Swift scales an inter-DC flow's target by the switches its samples cross: 3 near the source under NSF, 6 end to end without (Swift §3.1, Reflex §III-C)", () => {
  // Reflex profile: base target 200 ns, 1 µs a hop. Flow scaling adds nothing at the initial
  // windows (3,055 and 256 packets, at or above fs_max 256). Under NSF the samples are RTT_src,
  // sender → leaf → spine → ESW and back: 200 + 3 × 1,000 = 3,200 ns. Without it the end-to-end
  // RTT crosses leaf, spine, ESW, ESW, spine, leaf: 200 + 6 × 1,000 = 6,200 ns. A flow within
  // DC 0 (leaf, spine, leaf) has 3,200 ns either way.
  const targets = (reflex: object | null) => {
    const b = build(scenario([{ src: 0, dst: 16, bytes: 1000 }, { src: 0, dst: 15, bytes: 1000 }], "swift", reflex));
    const cc = b.fabric as unknown as { ccOf: { m: import("../../lib/cc/swift/swift").Swift }[] };
    return [cc.ccOf[0].m.targetDelayNs(0), cc.ccOf[1].m.targetDelayNs(1)];
  };
  assert.equal(targets({}), [3200, 3200]);
  assert.equal(targets({ ndt: false }), [3200, 3200]);
  assert.equal(targets({ nsf: false }), [6200, 3200]);
  assert.equal(targets(null), [6200, 3200]);
});

test("NSF: each pseudo-ACK a Swift flow takes sets its pacing gap anew, as an ACK does (net/pacer.ts)", () => {
  // Reflex §III-C: an inter-DC flow's delay samples come from pseudo-ACKs, so they, like ACKs,
  // set Swift's gap from the last send (Pacer.repace) before the flow is looked at again.
  const b = build(scenario(incast, "swift", { ndt: false }));
  const sites = b.fabric.reflex as NonNullable<typeof b.fabric.reflex>;
  const fabric = b.fabric as unknown as { pacer: Pacer; activate(f: number): void };
  let pending = 0;
  let repaced = 0;
  let missed = 0;
  const delivered = sites.delivered.bind(sites);
  sites.delivered = (f: number, rttNs: number): void => {
    delivered(f, rttNs);
    pending = 1;
  };
  const repace = fabric.pacer.repace.bind(fabric.pacer);
  fabric.pacer.repace = (f: number, nowPs: number, gapPs: number): number => {
    if (pending === 1) pending = 2;
    return repace(f, nowPs, gapPs);
  };
  const activate = fabric.activate.bind(fabric);
  fabric.activate = (f: number): void => {
    if (pending === 2) repaced++;
    else if (pending === 1) missed++;
    pending = 0;
    activate(f);
  };
  b.fabric.run();
  const x = collect(b).reflex as NonNullable<ReturnType<typeof collect>["reflex"]>;
  assert.ok(x.pseudoAcksDelivered > 0);
  assert.equal([repaced, missed], [x.pseudoAcksDelivered, 0]);
});

test("NSF decouples Swift's inter-DC window from the WAN RTT (Reflex §II-C observation 2, §III-C)", () => {
  // Without Reflex every Swift sample of an inter-DC flow carries 1 ms of WAN delay against a
  // target of a few µs: the window collapses to its floor (0.001 packet) and the flows crawl.
  // Observation 2 is about the flows above the WAN's BDP (3,055 packets, 12.7 MB): a flow below
  // it is sent in full before its first ACK, and one below about twice it before the halvings
  // (max_mdf, once per RTT) reach the floor; 32 MB is 7,832 packets. With NSF the samples are
  // near-source RTTs. NDT stays off: this is NSF's part (with NDT, the eight first windows,
  // 8 × 12.7 MB, wait in its paused Controlled queue for longer than the 3.1 ms RTO).
  const long = incast.map((f) => ({ ...f, bytes: 32_000_000 }));
  const off = runScenario(scenario(long, "swift", null));
  const on = runScenario(scenario(long, "swift", { ndt: false }));
  assert.ok(off.integrity.ok && on.integrity.ok);
  // Lossless both ways: the WAN link runs no PFC, whose 1 µs-cable headroom could not hold what
  // 500 µs of 1.6 Tb/s brings after a PAUSE.
  assert.equal([off.totals.drops, on.totals.drops], [0, 0]);
  assert.is(on.completed, 8);
  const fcts = (r: typeof on) => r.flows.map((f) => f.fctUs as number);
  assert.ok(Math.max(...fcts(on)) * 10 < Math.min(...fcts(off)), `FCT with Reflex ≤ ${Math.max(...fcts(on))} µs, without ≥ ${Math.min(...fcts(off))} µs`);
  assert.is(on.totals.timeouts, 0);
});

test("NSF: an uncongested inter-DC flow gets no pseudo-ACK, and its end-to-end ACKs carry no delay sample", () => {
  // 40 MB: above twice the WAN's BDP (12.7 MB), so without Reflex ACKs keep coming for more than
  // the four round trips that halve the window tenfold.
  const one: Flow[] = [{ src: 0, dst: 16, bytes: 40_000_000 }];
  const sample = { metrics: { sample: { intervalUs: 50, flows: [0] } } };
  const levels = (r: ReturnType<typeof runScenario>) => (r.series?.flows[0].level ?? []).filter((x): x is number => x !== null);
  const on = runScenario(scenario(one, "swift", {}, sample));
  assert.is(on.reflex?.pseudoAcks, 0);
  // NDT (on by default with NSF) sees every packet into DC 1 and keeps them all Normal.
  assert.equal([on.reflex?.controlledPackets, on.reflex?.pauses, on.reflex?.pauseTimeouts, on.reflex?.ndtDrops], [0, 0, 0, 0]);
  const w = levels(on);
  assert.ok(w.length > 10 && w.every((x) => x === w[0]), "Swift's window never moves: it got no sample");
  // The same flow without Reflex: each ACK's 1 ms RTT is far above Swift's target.
  const off = levels(runScenario(scenario(one, "swift", null, sample)));
  assert.ok(Math.min(...off) < off[0] / 10, `Swift's window falls from ${off[0]} to ${Math.min(...off)} B`);
});

// Review (2026-12): under NSF an inter-DC flow's window only went down. Once NSF holds it Silent
// its sender hears no RTT_src, and its end-to-end ACKs carried no sample, so a window Active or
// Cooling cut never grew again. network.reflex.e2eAckDrivesCc runs the CC's ACK handler on those
// ACKs with the last RTT_src the flow heard (no new RTT input, §III-C), while NSF holds it Silent.
test("NSF: with e2eAckDrivesCc a Silent inter-DC flow's end-to-end ACKs replay its last RTT_src, and its Swift window grows again; without, it never moves", () => {
  // Eight inter-DC senders of DC 0 to eight hosts of DC 1, 4 MB each, NDT off: 800 Gb/s at line
  // rate into DC 0's four 100 Gb/s spine–ESW links makes the flows Active; their windows are cut,
  // the queues drain, and after N_cool quiet packets NSF holds them Silent, 1 ms before the
  // end-to-end ACKs of what they sent come back.
  const flows: Flow[] = Array.from({ length: 8 }, (_, i) => ({ src: i, dst: 16 + i, bytes: 4_000_000 }));
  // Swift's target at an inter-DC flow's window w under NSF (reflex profile: base 200 ns, 1 µs a
  // hop over the 3 switches RTT_src crosses; flow scaling fs_range 100 µs between fs_min 0.1 and
  // fs_max 256 packets, Swift §3.1 / Isekai CalculateFlowScalingAlpha/Beta):
  //   α = 100,000 / (1/√0.1 − 1/√256) = 100,000 / 3.099778 = 32,260.37 ns, β = −α/16 = −2,016.27 ns
  //   target(w) = 3,200 + α/√w + β   (for w in [0.1, 256], where the clamp does not bind)
  // With delaySmoothing 0 the delay Swift compares is the sample r itself: Alg. 1 increases iff
  // r < target(w), i.e. iff w < w*(r) = (α / (r − 3,200 − β))², and otherwise may decrease. For an
  // uncongested RTT_src of about 7.0 µs (3 links out, 3 back): w* = (32,260.37 / 5,827.3)² ≈ 30.6 packets.
  const alpha = 100_000 / (1 / Math.sqrt(0.1) - 1 / 16);
  const beta = -alpha / 16;
  const wStar = (r: number) => (alpha / (r - 3200 - beta)) ** 2;
  const run = (knob: boolean) => {
    const b = build(scenario(flows, "swift", { ndt: false, e2eAckDrivesCc: knob }));
    const fabric = b.fabric as unknown as { ccOf: { m: import("../../lib/cc/swift/swift").Swift }[]; reflex: NonNullable<typeof b.fabric.reflex> };
    const nsf = fabric.reflex.nsf as import("../../lib/switch/reflex/nsf").ReflexNsf;
    const swift = fabric.ccOf[0].m;
    assert.ok(fabric.ccOf.every((c) => c.m === swift), "one Swift table for all flows");
    // RTT_src as the CC takes it from each pseudo-ACK (Fabric.senderPseudoAck).
    const lastSrc = new Map<number, number>();
    const onDelaySample = swift.onDelaySample.bind(swift);
    swift.onDelaySample = (slot: number, nowNs: number, bytes: number, rttNs: number, remote: number): number => {
      lastSrc.set(slot, rttNs);
      return onDelaySample(slot, nowNs, bytes, rttNs, remote);
    };
    const onAck = swift.onAck.bind(swift);
    const tally = { silentAcks: 0, grew: 0, shrank: 0, wrongSample: [] as string[], wrongWay: [] as string[] };
    swift.onAck = (slot: number, nowNs: number, acked: number, rttNs: number, remote: number): number => {
      const silent = nsf.state(slot) === NSF_SILENT;
      const w0 = swift.fabricCwndPackets(slot);
      const v = onAck(slot, nowNs, acked, rttNs, remote);
      const w1 = swift.fabricCwndPackets(slot);
      if (!silent) {
        // Active or Cooling: the flow hears pseudo-ACKs, and its end-to-end ACKs stay bookkeeping.
        if (rttNs !== 0) tally.wrongSample.push(`flow ${slot} not Silent: ACK with ${rttNs} ns`);
        return v;
      }
      tally.silentAcks++;
      const r = lastSrc.get(slot) ?? 0;
      if (rttNs !== (knob ? r : 0)) tally.wrongSample.push(`flow ${slot}: ${rttNs} ns, last RTT_src ${r} ns`);
      if (w1 > w0) tally.grew++;
      if (w1 < w0) tally.shrank++;
      // The direction Alg. 1 takes at r (0.05 packet of slack for the floored target).
      if (rttNs > 0 && w1 > w0 && w0 > wStar(r) + 0.05) tally.wrongWay.push(`flow ${slot} grew at ${w0} > w* ${wStar(r)}`);
      if (rttNs > 0 && w1 < w0 && w0 < wStar(r) - 0.05) tally.wrongWay.push(`flow ${slot} shrank at ${w0} < w* ${wStar(r)}`);
      return v;
    };
    b.fabric.run();
    const res = collect(b);
    assert.ok(res.integrity.ok, res.integrity.violations.join("\n"));
    assert.is(res.completed, 8);
    assert.ok((res.reflex?.pseudoAcksDelivered ?? 0) > 0, "the flows were Active");
    for (const r of lastSrc.values()) assert.ok(r > 6000 && r < 200_000, `RTT_src ${r} ns`);
    return tally;
  };
  const off = run(false);
  assert.equal(off.wrongSample, []);
  assert.ok(off.silentAcks > 100, `${off.silentAcks} end-to-end ACKs in Silent`);
  assert.equal([off.grew, off.shrank], [0, 0], "without the knob a Silent flow's window never moves");
  const on = run(true);
  assert.equal(on.wrongSample, []);
  assert.equal(on.wrongWay, []);
  assert.ok(on.silentAcks > 100, `${on.silentAcks} end-to-end ACKs in Silent`);
  assert.ok(on.grew > 0, "with the knob a Silent flow's window grows (toward w*)");
});

// TIMELY under the same replay: RTT_src (about 7 µs) is below T_low (50 µs), so each update an
// end-to-end ACK runs in Silent is TIMELY Alg. 1's additive increase (rate + δ, or N·δ in HAI);
// without the knob the rate never moves in Silent.
test("NSF: with e2eAckDrivesCc a Silent inter-DC flow's TIMELY rate rises on its end-to-end ACKs; without, it never moves", () => {
  const flows: Flow[] = Array.from({ length: 8 }, (_, i) => ({ src: i, dst: 16 + i, bytes: 4_000_000 }));
  const run = (knob: boolean) => {
    const b = build(scenario(flows, "timely", { ndt: false, e2eAckDrivesCc: knob }));
    const fabric = b.fabric as unknown as { ccOf: { m: import("../../lib/cc/timely/timely").Timely }[]; reflex: NonNullable<typeof b.fabric.reflex> };
    const nsf = fabric.reflex.nsf as import("../../lib/switch/reflex/nsf").ReflexNsf;
    const timely = fabric.ccOf[0].m;
    assert.is(timely.params.tLowNs, 50_000);
    const onAck = timely.onAck.bind(timely);
    const t = { up: 0, down: 0, samples: [] as number[] };
    timely.onAck = (slot: number, nowNs: number, acked: number, rttNs: number): number => {
      const silent = nsf.state(slot) === NSF_SILENT;
      const r0 = timely.rateBps(slot);
      const v = onAck(slot, nowNs, acked, rttNs);
      if (!silent) return v;
      if (rttNs > 0) t.samples.push(rttNs);
      if (timely.rateBps(slot) > r0) t.up++;
      if (timely.rateBps(slot) < r0) t.down++;
      return v;
    };
    b.fabric.run();
    const res = collect(b);
    assert.ok(res.integrity.ok, res.integrity.violations.join("\n"));
    assert.is(res.completed, 8);
    return t;
  };
  const off = run(false);
  assert.equal([off.up, off.down, off.samples.length], [0, 0, 0]);
  const on = run(true);
  assert.ok(on.samples.length > 0 && on.samples.every((r) => r < 50_000), "replayed RTT_src below T_low");
  assert.ok(on.up > 0 && on.down === 0, `${on.up} increases, ${on.down} decreases in Silent`);
});

test("NDT: inter-DC data into a congested DC waits in the Controlled queue; RTT_dst is the destination DC's segment", () => {
  const b = build(scenario(incast, "timely", {}));
  const fabric = b.fabric;
  const ndt = fabric.reflex?.ndt[1] as ReflexNdt;
  assert.ok(ndt instanceof ReflexNdt && fabric.reflex?.ndt[0] instanceof ReflexNdt);
  let maxRttDst = 0;
  let congested = 0;
  fabric.run(() => {
    for (let f = 0; f < 8; f++) {
      maxRttDst = Math.max(maxRttDst, ndt.rttDstNs(f));
      if (ndt.congested(f)) congested++;
    }
  }, 256);
  const r = collect(b);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 8);
  const x = r.reflex;
  assert.ok(x !== undefined);
  assert.ok(x.controlledPackets > 0, "RTT_dst above 10 µs sends the flows' packets to the Controlled queue");
  assert.ok(congested > 0);
  assert.ok(x.pauses >= 1, "all eight flows controlled: 8/8 > α = 0.7 pauses the Controlled queue");
  assert.is(x.ndtDrops, 0);
  // The ESW's egress timestamp, echoed back, measures ESW → host 16 → ESW: microseconds to
  // tens of µs of queueing, never the WAN.
  assert.ok(maxRttDst > 10_000 && maxRttDst < 500_000, `RTT_dst up to ${maxRttDst} ns`);
  // A slot closes once its flow is done and NDT holds none of its packets: copies resent on a
  // timeout may still wait in the Controlled queue when the last flow completes (all eight
  // Congested: 8/8 > α pauses that queue for up to T_maxpause at a time, and a packet that waits
  // past the 3.1 ms RTO is resent behind the rest).
  for (let f = 0; f < 8; f++) assert.is(ndt.isOpen(f), ndt.flowNormalPackets(f) + ndt.flowControlledPackets(f) > 0, `flow ${f}'s NDT slot`);
  assert.is(fabric.reflex?.ndt[0]?.pauses, 0, "DC 0's ESW sees no flow into DC 0");
  // ECMP keeps each flow on one path and NDT keeps its order at the ESW both ways (§III-D 2: a
  // flow changes queue only once the old one holds none of its packets), so nothing arrives out
  // of order; one packet did when a flow turning Congested went to the Controlled queue at once.
  assert.is(r.metrics.outOfOrder.packets, 0);
});

test("NDT counts a flow active from its first packet at the destination ESW until its last leaves there (§III-D 3)", () => {
  // One flow of 100,000 B from host 0 to host 16: 25 packets (24 of 4,086 B payload + 64 B, the
  // last 1,936 + 64 = 2,000 B). Its first packet reaches DC 1's ESW after three 100 Gb/s hops
  // (332 ns + 1 µs each) and the WAN (20.75 ns + 500 µs): 3 × 1,332 + 500,020.75 = 504,016.75
  // ns. Its last packet leaves the host at 24 × 332 = 7,968 ns, 160 ns long, queued behind the
  // full packet before it at each hop, and leaves the ESW when that one has: the full packet 24
  // reaches the ESW at 7,636 + 504,016.75 = 511,652.75 ns and takes 332 ns, so the slot closes
  // at 511,984.75 ns. The sender's final ACK, which opened and closed it before, comes a WAN
  // round trip after the start, at about 1,022 µs.
  const at: [string, number][] = [];
  const { open, close } = ReflexNdt.prototype;
  let fabric: { now: number } | null = null;
  ReflexNdt.prototype.open = function (slot: number) {
    at.push(["open", (fabric as { now: number }).now / 1000]);
    return open.call(this, slot);
  };
  ReflexNdt.prototype.close = function (slot: number) {
    at.push(["close", (fabric as { now: number }).now / 1000]);
    return close.call(this, slot);
  };
  try {
    const b = build(scenario([{ src: 0, dst: 16, bytes: 100_000 }], "swift", {}));
    fabric = b.fabric as unknown as { now: number };
    b.fabric.run();
    assert.ok(collect(b).integrity.ok);
  } finally {
    ReflexNdt.prototype.open = open;
    ReflexNdt.prototype.close = close;
  }
  assert.equal(at, [["open", 504_016.75], ["close", 511_984.75]]);
});

test("NDT: under load every flow's slot closes and no call is rejected", () => {
  // Found by `nicfw soak` (seed 1228): under load the sender's last ACK can overtake a resent
  // copy or the tail NDT still holds; closing then was refused (E_STATE) and counted as an error.
  // A slot now closes as its flow's last packet leaves the ESW (§III-D 3, active flows as the ESW
  // sees them), so the final ACK rarely finds one open (here none: most flows are a packet or
  // two, gone before their first ACK could make them Congested); the deferred close that ACK may
  // still need is the watchdog test's below.
  // The resent copies come from an RTO of 31.8 µs, under the 112.8 µs RTT: uet-htsim's rule
  // (15 µs + 7 hops × 2.4 µs), which the network's RTO no longer goes below twice the RTT for.
  // NDT's RTT_dst threshold is 2 µs rather than Table I's: the seed's flows were controlled
  // because DACK's ACKs echoed a recycled handle's timestamp; with the true echo few RTT_dst
  // samples pass 10 µs in this run, and this path needs controlled flows.
  const b = build({
    topology: { kind: "twodc", linkGbps: 100, latencyNs: 1000, wanGbps: 1600, wanLatencyNs: 50_000 },
    network: { mtuBytes: 1500, routing: "ecmp", trimming: false, bufferBytes: 30_000, reflex: { params: { tDstThreshNs: 2000 } } },
    transport: { cc: { name: "swift" }, lb: { name: "reps" }, reliability: { name: "dack", params: { rtoNs: 31_800 } } },
    traffic: [{ kind: "cdf", cdf: "websearch", load: 0.8, durationUs: 20 }, { kind: "permutation", bytes: 4150 }],
    seed: 1228,
  });
  b.fabric.run();
  const r = collect(b);
  const reflex = b.fabric.reflex;
  assert.ok(reflex !== null);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(reflex.errors(), 0);
  assert.is(r.completed, r.flowsTotal);
  for (const ndt of reflex.ndt) assert.is(ndt?.activeFlows, 0, "every NDT slot closed in the end");
  for (let f = 0; f < r.flowsTotal; f++) assert.not.ok(reflex.nsf?.isOpen(f), `flow ${f}'s NSF slot closed when it was done`);
});

test("NDT: the ACK of a trimmed header echoes its egress time at the destination ESW, so RTT_dst stays inside the DC", () => {
  // §III-D: "NDT overwrites the timestamp of outbound inter-DC packets with their egress time as
  // they depart the destination ESW". A header trimmed before that ESW kept the sender's send
  // time, and its ACK gave NDT the WAN's 50 µs one-way delay as RTT_dst (> T_dst_thresh 10 µs):
  // flows marked Congested by mistake. The destination DC's segment is a few µs here.
  const onAck = ReflexNdt.prototype.onAck;
  const rttDst: number[] = [];
  ReflexNdt.prototype.onAck = function (slot: number, now: number, echo: number) {
    rttDst.push(((now | 0) - (echo | 0)) | 0);
    return onAck.call(this, slot, now, echo);
  };
  let headers = 0;
  try {
    const b = build({
      topology: { kind: "twodc", linkGbps: 100, latencyNs: 1000, wanGbps: 1600, wanLatencyNs: 50_000 },
      network: { mtuBytes: 1500, routing: "ecmp", trimming: true, bufferBytes: 30_000, reflex: {} },
      transport: { cc: { name: "swift" }, lb: { name: "ecmp" }, reliability: { name: "rud", params: { rtoNs: 31_800 } } },
      traffic: [{ kind: "cdf", cdf: "websearch", load: 0.8, durationUs: 20 }, { kind: "permutation", bytes: 40_000 }],
      seed: 1,
    } as never);
    b.fabric.run();
    headers = b.fabric.headersDelivered;
  } finally {
    ReflexNdt.prototype.onAck = onAck;
  }
  assert.ok(rttDst.length > 100 && headers > 0);
  const far = rttDst.filter((x) => x >= 50_000);
  assert.equal(far.slice(0, 3), [], `${far.length} of ${rttDst.length} RTT_dst samples at or above the WAN delay`);
});

test("integrity: a packet or byte NDT's queues lost, and the fabric still counts held, is reported at its port", () => {
  // The fabric counts what it gave NDT (ndtPackets, ndtBytes) toward the live packets; unless
  // that count is checked against NDT's own, a packet lost inside the module looks held for ever.
  const leak = (inject: (rf: import("./reflex").ReflexSites, port: number, nowNs: number) => void) => {
    const b = build(scenario(incast, "timely", {}));
    const f = b.fabric as unknown as { nowNs: number; reflex: import("./reflex").ReflexSites };
    const rf = f.reflex;
    let port = -1;
    b.fabric.run(() => {
      if (port >= 0) return;
      for (const p of rf.ports(1)) {
        if (rf.ndtPackets[p] < 2) continue;
        port = p;
        inject(rf, p, f.nowNs);
        return;
      }
    }, 64);
    assert.ok(port >= 0);
    return { port, violations: collect(b).integrity.violations };
  };
  // A packet taken out of NDT's queue inside the module only, as a module bug would lose it:
  // the fabric still counts it among NDT's, NDT does not.
  const lost = leak((rf, p, nowNs) => assert.ok((rf.ndt[1] as ReflexNdt).evict(rf.ndtPort[p], nowNs) >= 0));
  // One packet more than NDT holds (copies resent on timeouts may still wait there at the end).
  const one = lost.violations.map((v) => /^port (\d+): the fabric counts (\d+) packets \(\d+ B\) in Reflex NDT's queues, NDT holds (\d+) /.exec(v)).find((m) => m !== null && Number(m[1]) === lost.port);
  assert.ok(one != null && Number(one[2]) === Number(one[3]) + 1, lost.violations.join("\n"));
  // The byte counts alone disagreeing (by one byte) is reported too: the same packets, one byte more.
  const byte = leak((rf, p) => {
    rf.ndtBytes[p] += 1;
  });
  const extra = byte.violations.map((v) => /^port (\d+): the fabric counts (\d+) packets \((\d+) B\) in Reflex NDT's queues, NDT holds (\d+) \((\d+) B\) \(a packet no dequeue will reach\)$/.exec(v)).find((m) => m !== null && Number(m[1]) === byte.port);
  assert.ok(extra != null && extra[2] === extra[4] && Number(extra[3]) === Number(extra[5]) + 1, byte.violations.join("\n"));
});

test("IRN and go-back-N time an inter-DC flow's RTT from its send, not from the timestamp NDT rewrote (§III-D)", () => {
  // One 200 kB flow across the WAN, unloaded. Its RTT is the network's: 2 × (6 × 1 µs + 500 µs)
  // of propagation, a 4,150 B packet out (6 × 332 + 20.75 ns) and a 64 B ACK back (6 × 5.12 +
  // 0.32 ns): 1,014,043.79 ns, plus any queueing. The flow's last packet, 200,000 − 48 × 4,086 =
  // 3,872 B + 64, is 214 B shorter: at most 214 × 8 / 100 = 17.12 ns less on each of the six
  // 100 Gb/s hops and 1.07 ns on the WAN, so no sample is below 1,014,043.79 − 103.79 =
  // 1,013,940 ns, less 1 ns for the whole-ns clock: 1,013,939. The ACK
  // echoes the data packet's timestamp, which NDT overwrote with its egress time at DC 1's ESW:
  // timed from that, the RTT read only the ESW → host 16 → ESW … sender half, about 510 µs.
  for (const reliability of ["irn", "gbn"]) {
    for (const reflex of [null, {}]) {
      const b = build({ ...scenario([{ src: 0, dst: 16, bytes: 200_000 }], "swift", reflex), transport: { cc: { name: "swift", params: { profile: "reflex" } }, lb: { name: "ecmp" }, reliability: { name: reliability } } });
      const tr = (b.fabric as unknown as { transport: import("./adapters").Transport }).transport;
      const onAck = tr.onAck.bind(tr);
      const rtts: number[] = [];
      tr.onAck = (f: number, now: number, pool: import("./packets").PacketPool, h: number) => {
        const r = onAck(f, now, pool, h);
        if (r >= 0 && (r & 1) !== 0) rtts.push(tr.rttNs); // Sx.Rtt
        return r;
      };
      b.fabric.run();
      assert.ok(collect(b).integrity.ok);
      const min = Math.min(...rtts);
      assert.ok(rtts.length > 0 && min >= 1_013_939 && Math.max(...rtts) < 1_100_000, `${reliability}, Reflex ${reflex !== null}: RTT ${min}–${Math.max(...rtts)} ns`);
    }
  }
});

test("network.reflex is refused where it cannot run, naming the field", () => {
  const refused = (s: Scenario, what: RegExp) => {
    try {
      build(s);
    } catch (e) {
      assert.match(String((e as { errors?: string[] }).errors ?? e), what);
      return;
    }
    assert.unreachable(`accepted: ${what}`);
  };
  refused({ ...scenario(incast, "swift", {}), topology: { kind: "leafspine", leaves: 2, spines: 2, hostsPerLeaf: 2 }, traffic: [{ kind: "flows", flows: [{ src: 0, dst: 3, bytes: 1000 }] }] }, /network\.reflex: .*twodc/);
  refused(scenario(incast, "swift", { nsf: false, ndt: true }), /network\.reflex\.ndt: NDT needs nsf/);
  // nsf: false alone turns both off (NDT follows NSF unless given): a sweep toggles Reflex with one field.
  const off = build(scenario(incast, "swift", { nsf: false })).fabric.reflex;
  assert.equal([off?.nsf, off?.ndt[0], off?.ndt[1]], [null, null, null]);
  refused(scenario(incast, "swift", { params: { tSrcThreshNs: -1 } }), /network\.reflex\.params: /);
  // NDT's own fields the fabric sets (ReflexSpec.params). Before, `ports` was overwritten with
  // the fabric's and the build took the rest; a handle or a packet past them stopped the run
  // ("Reflex NDT refused packet … (code -2)"), and a queue under one full packet dropped them all.
  // Here: 4 spines, so 4 ESW ports into each DC; the pool's largest size 2^22 = 4,194,304
  // handles (no network.packetPool), 64 where the scenario fixes the pool at 64; a 4,150 B MTU.
  refused(scenario(incast, "swift", { params: { ports: 1 } }), /network\.reflex\.params\.ports: 1 is not the 4 ports/);
  refused(scenario(incast, "swift", { params: { handleCapacity: 64 } }), /network\.reflex\.params\.handleCapacity: 64 is below the packet pool's 4194304 handles/);
  refused(scenario(incast, "swift", { params: { handleCapacity: 4_194_303 } }), /network\.reflex\.params\.handleCapacity: 4194303 is below/);
  refused(scenario(incast, "swift", { params: { mtuBytes: 1000 } }), /network\.reflex\.params\.mtuBytes: 1000 is below the network's MTU \(4150 B/);
  refused(scenario(incast, "swift", { params: { mtuBytes: 4149 } }), /network\.reflex\.params\.mtuBytes: 4149/);
  refused(scenario(incast, "swift", { params: { queueLimitBytes: 4149 } }), /network\.reflex\.params\.queueLimitBytes: 4149 holds no full packet \(4150 B/);
  // What agrees with the fabric is taken: the same ports, enough handles (64 of a 64-handle pool), the MTU, a queue of one packet.
  const agreed = build({ ...scenario(incast, "swift", null), network: { pfc: {}, packetPool: 64, reflex: { params: { ports: 4, handleCapacity: 64, mtuBytes: 4150, queueLimitBytes: 4150 } } } });
  const ndt = agreed.fabric.reflex?.ndt[1];
  assert.equal([ndt?.params.ports, ndt?.params.handleCapacity, ndt?.params.mtuBytes, ndt?.params.queueLimitBytes], [4, 64, 4150, 4150]);
  refused({ ...scenario(incast, "swift", {}), transport: { cc: { name: "nscc" } } }, /network\.reflex: inter-DC flows need swift or timely .*not nscc/);
  // Intra-DC flows may run any CC beside Reflex.
  const ok = build({ ...scenario([{ src: 0, dst: 5, bytes: 1000 }], "swift", {}), transport: { cc: { name: "nscc" } } });
  assert.ok(ok.fabric.reflex !== null);
});

// §III-D 3: a pause of NDT's Controlled queue lasts at most T_maxpause (500 µs), so a port whose
// only packets wait in it must look again when it ends. The end is a wrapping ns tick: from
// 2^31 ns on it reads negative, and the port, which took a negative end for "not paused", never
// looked again (review).
test("a port whose Controlled queue is paused looks again at the pause's end, before and past the 2^31 ns tick", () => {
  type Inside = {
    now: number;
    nowNs: number;
    txAt: Float64Array;
    pool: { alloc(k: number, f: number, dst: number, b: number): number };
    ndtStart(port: number): void;
    reflex: import("./reflex").ReflexSites;
  };
  for (const startNs of [1_000_000_000, 2 ** 31 - 100_000, 3_000_000_000]) {
    const b = build({
      ...DEFAULT_SCENARIO,
      name: "reflex-wrap",
      topology: { kind: "twodc", leaves: 4, spines: 4, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000 },
      network: { reflex: {} },
      transport: { cc: { name: "swift", params: { profile: "reflex" } }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
      traffic: [{ kind: "flows", flows: [{ src: 0, dst: 16, bytes: 100_000 }] }],
    } as Scenario);
    const f = b.fabric as unknown as Inside;
    const rf = f.reflex;
    const port = rf.ports(1)[0];
    f.now = startNs * 1000;
    f.nowNs = startNs | 0;
    rf.open(0);
    rf.ndt[1]?.open(0); // as its first packet at DC 1's ESW would
    // Flow 0's ACK leaves DC 1 with RTT_dst 50 µs > 10 µs: Congested, 1 of 1 > α = 0.7: a pause.
    rf.ack((b.topology.dcs as { esw: number[] }).esw[1], 0, f.nowNs, (f.nowNs - 50_000) | 0);
    assert.is(rf.ndt[1]?.paused, 1);
    const h = f.pool.alloc(Kind.Data, 0, 16, 1000);
    assert.ok(rf.enqueue(port, 0, f.nowNs, h, 1000, 0));
    f.txAt[port] = 0;
    f.ndtStart(port);
    assert.is(f.txAt[port], (startNs + 500_000) * 1000, `pause from ${startNs} ns`);
  }
});

test("a PFC watchdog's drop action flushes what Reflex NDT holds for the stormed port, paused Controlled queue included; NDT's packets alone make a storm", () => {
  type Inside = {
    now: number;
    nowNs: number;
    pool: { alloc(k: number, f: number, dst: number, b: number): number; live: number };
    pauseFrame(port: number, durationNs: number): void;
    pfcStorms: number;
    wdDrops: number;
    wdFlushed: number;
    dataDropped: number;
    checkIntegrity(): string[];
    reflex: import("./reflex").ReflexSites;
  };
  const b = build(
    scenario([{ src: 0, dst: 16, bytes: 100_000 }], "swift", {}, {
      network: { pfc: { watchdogNs: 1_000_000, watchdogRestoreNs: 2_000_000, watchdogAction: "drop" }, reflex: {} },
    }),
  );
  const f = b.fabric as unknown as Inside;
  const rf = f.reflex;
  const port = rf.ports(1)[0];
  const at = (us: number) => {
    f.now = us * 1e6;
    f.nowNs = us * 1000;
  };
  rf.open(0);
  rf.ndt[1]?.open(0); // as its first packet at DC 1's ESW would
  // Flow 0's ACK leaves DC 1 with RTT_dst 50 µs > 10 µs: Congested, 1 of 1 > α: a pause, so what
  // NDT takes for the port stays in its Controlled queue.
  rf.ack((b.topology.dcs as { esw: number[] }).esw[1], 0, f.nowNs, (f.nowNs - 50_000) | 0);
  assert.is(rf.ndt[1]?.paused, 1);
  const live = f.pool.live;
  for (let i = 0; i < 3; i++) assert.ok(rf.enqueue(port, 0, f.nowNs, f.pool.alloc(Kind.Data, 0, 16, 1000), 1000, i));
  assert.is(rf.ndtPackets[port], 3);
  // The flow is acknowledged in full meanwhile: its NDT slot waits for its last Controlled packet.
  rf.done(0);
  assert.is(rf.deferredCloses, 1);
  assert.ok(rf.ndt[1]?.isOpen(0));
  // The port paused from 1 µs, refreshed every 100 µs: a storm at the frame of 1001 µs, though
  // its PortQueues hold nothing (before 2026-12-02 NDT's packets did not count, and none came).
  for (let us = 1; us <= 901; us += 100) {
    at(us);
    f.pauseFrame(port, 300_000);
  }
  assert.is(f.pfcStorms, 0);
  at(1001);
  f.pauseFrame(port, 300_000);
  assert.is(f.pfcStorms, 1);
  assert.is(rf.ndtPackets[port], 0, "NDT's three packets flushed");
  assert.is(rf.ndt[1]?.controlledPackets[rf.ndtPort[port]], 0);
  assert.not.ok(rf.ndt[1]?.isOpen(0), "the flush took its last Controlled packet: the slot closed");
  assert.equal([rf.ndt[1]?.activeFlows, rf.ndt[1]?.controlledFlows], [0, 0]);
  assert.equal([f.wdDrops, f.wdFlushed, f.dataDropped], [3, 0, 3], "the watchdog's drops, not the PortQueues' flush");
  assert.is(f.pool.live, live, "the three handles freed");
  // The drop identity holds (NDT's evictions are no PortQueues drops); conservation cannot, as the
  // three packets were put into NDT by hand, never sent by a host.
  assert.equal(f.checkIntegrity().filter((v) => !v.startsWith("packet conservation:")), []);
});

test("Reflex's profile defaults to Table I's Swift values (T_interval 3 µs) when the inter-DC flows run Swift", () => {
  const scenario = (cc: string, params?: Record<string, unknown>) =>
    ({
      ...DEFAULT_SCENARIO,
      name: "reflex-profile",
      topology: { kind: "twodc", leaves: 4, spines: 4, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000 },
      network: { reflex: params ? { params } : {} },
      transport: { cc: { name: cc }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
      traffic: [{ kind: "flows", flows: [{ src: 0, dst: 16, bytes: 100_000 }] }],
    }) as Scenario;
  const interval = (s: Scenario) => (build(s).fabric.reflex?.nsf?.params.tIntervalNs ?? -1);
  assert.is(interval(scenario("swift")), 3000);
  assert.is(interval(scenario("timely")), 5000);
  assert.is(interval(scenario("swift", { profile: "timely" })), 5000, "a given profile stands");
});

test("NDT: a flow whose sender gave up is no longer active there, as a completed flow is not", () => {
  // Reflex §III-D counts the active inter-DC flows of the destination DC in its pause rule
  // (fairness share α over them); a flow whose QP went into error sends nothing more. Host 17's
  // link is down from the start, so flow 0's packet is resent at each RTO and its third RTO
  // fails it (RUD maxRtoRetries 2); flow 1 to host 16 completes.
  const b = build(
    scenario([{ src: 0, dst: 17, bytes: 4000 }, { src: 1, dst: 16, bytes: 200_000 }], "timely", {}, {
      network: { reflex: {} },
      transport: { cc: { name: "timely" }, lb: { name: "ecmp" }, reliability: { name: "rud", params: { rtoNs: 2_000_000, maxRtoRetries: 2 } } },
      faults: [{ kind: "down", links: [{ host: 17 }], atUs: 0 }],
      run: { faultBaseline: false, endUs: 100_000 },
    }),
  );
  const ndt = b.fabric.reflex?.ndt[1] as ReflexNdt;
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.equal(r.flows.map((f) => f.status), ["failed", "complete"]);
  assert.is(ndt.isOpen(0), false, "the failed flow's NDT slot is closed");
  assert.is(ndt.activeFlows, 0);
});

// `network.reflex: { nsf: false }` turns both modules off (NDT follows NSF): a sweep toggles
// Reflex with that one field, so the run must be the run without Reflex. Nothing at the ESWs then
// rewrites the timestamp (§III-D's rewrite is NDT's) or replaces the delay input (§III-C "Rewrite
// RTT input" is NSF's), so an inter-DC Swift flow's end-to-end ACKs stay its delay input, the
// echoed send time included where the reliability module gives no sample (RUD: a packet sent more
// than twice; harness/README "Swift … from the send time the ACK echoes"). The glue took every
// inter-DC flow as Reflex's whenever network.reflex was present, and those ACKs gave Swift no
// sample: the "off" run had more retransmissions and timeouts than the run without Reflex.
test("Reflex with nsf: false (both modules off) runs exactly as without Reflex", () => {
  const scenario = (reflex: object | null) =>
    ({
      topology: { kind: "twodc", linkGbps: 100, latencyNs: 1000, wanGbps: 1600, wanLatencyNs: 50_000 },
      network: { mtuBytes: 1500, routing: "ecmp", trimming: false, bufferBytes: 30_000, ...(reflex ? { reflex } : {}) },
      transport: { cc: { name: "swift" }, lb: { name: "ecmp" }, reliability: { name: "rud", params: { rtoNs: 31_800 } } },
      traffic: [{ kind: "cdf", cdf: "websearch", load: 0.8, durationUs: 20 }, { kind: "permutation", bytes: 40_000 }],
      seed: 1,
    }) as unknown as Scenario;
  const without = runScenario(scenario(null));
  const off = runScenario(scenario({ nsf: false }));
  assert.ok(without.integrity.ok && off.integrity.ok);
  assert.ok(without.totals.retransmissions > 0, "the run resends packets (RUD gives those ACKs no sample)");
  assert.equal(
    [off.totals.retransmissions, off.totals.timeouts],
    [without.totals.retransmissions, without.totals.timeouts],
    "retransmissions and timeouts with Reflex off as without Reflex",
  );
  assert.equal(
    off.flows.map((f) => f.fctUs),
    without.flows.map((f) => f.fctUs),
    "every flow's FCT with Reflex off as without Reflex",
  );
});

// Audit, 2026-12-07 (fails on the code before: 120,350 B): NDT's queues took a DC leaf port's
// buffer, while the ESW ports they stand in for keep the network's (they carry only traffic
// between the DCs, harness/README "Two datacenters").
test("NDT's queue limit is the ESW port's data buffer, the network's (WAN RTT), not a DC leaf's", () => {
  const b = build(scenario([{ src: 0, dst: 16, bytes: 1000 }], "swift", {}, { network: { reflex: {} } }));
  const ndt = b.fabric.reflex?.ndt[0] as ReflexNdt;
  // No PFC, trimming: 1 BDP at the WAN's RTT, ⌈12,675,547 / 4150⌉ = 3,055 packets of 4150 B.
  assert.is(b.derived.bufferBytes, 3055 * 4150);
  assert.is(ndt.params.queueLimitBytes, b.derived.bufferBytes);
  assert.ok((b.derived.intraDcBufferBytes as number) < ndt.params.queueLimitBytes);
});

test.run();
