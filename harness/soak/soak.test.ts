import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Results } from "../metrics/results";
import { runScenario } from "../run";
import { buildTopology, trafficFlows } from "../scenario/build";
import { ScenarioError } from "../scenario/load";
import { type Scenario, TRAFFIC_KINDS } from "../scenario/schema";
import { fastestArrivalPs } from "./physics";
import { RERUN_MAX_EVENTS, drawScenario, judge, toggleObservation, wanControlGbps } from "./soak";

test("the first 40 soak scenarios end well: completed, refused with a field path, or slow but progressing", () => {
  let ok = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const { verdict, detail } = judge(drawScenario(seed, 20_000));
    assert.ok(verdict === "ok" || verdict === "refused" || verdict === "slow", `seed ${seed}: ${verdict}: ${detail}`);
    if (verdict === "refused") assert.match(detail, /[a-z]+\.[a-zA-Z]+/, `seed ${seed}: a refusal names the field`);
    if (verdict === "ok") ok++;
  }
  assert.ok(ok >= 30, `${ok} of 40 ran to completion`);
});

/** The scenario's CC and every traffic entry's own. */
const ccNames = (s: Scenario) => [s.transport?.cc, ...s.traffic.map((x) => x.cc)].map((c) => c?.name);

test("draws are reproducible by seed and skip the combinations harness/README calls unworkable", () => {
  assert.equal(drawScenario(7, 20_000), drawScenario(7, 20_000));
  assert.not.equal(drawScenario(7, 20_000), drawScenario(8, 20_000));
  const seen = { dcp: 0, dcpWindow: 0, baselines: 0, wanDelay: 0, degraded: 0, optTrimming: 0, wanDeaf: 0 };
  for (let seed = 1; seed <= 2000; seed++) {
    const s = drawScenario(seed, 20_000);
    const rel = s.transport?.reliability?.name as string;
    const cc = s.transport?.cc?.name as string;
    if (rel === "dcp") {
      seen.dcp++;
      assert.ok(["dcqcn", "none", "nscc", "dctcp"].includes(cc), `seed ${seed}: DCP with ${cc}`);
      if (cc === "nscc" || cc === "dctcp") {
        seen.dcpWindow++;
        assert.is(s.transport?.cc?.params, undefined, `seed ${seed}: DCQCN's parameters left on ${cc}`);
      }
    }
    if (["gbn", "irn", "rack", "timeout"].includes(rel)) {
      seen.baselines++;
      assert.is(s.network?.trimming, false, `seed ${seed}: ${rel} with trimming`);
    }
    if ((s.faults ?? []).some((f) => f.kind === "degrade")) {
      seen.degraded++;
      assert.ok(!(s.network?.trimming && ["timely", "dcqcn", "none"].includes(cc)), `seed ${seed}: a degraded link under trimming with ${cc}`);
      const profile = (s.transport?.cc?.params as { profile?: string } | undefined)?.profile;
      assert.ok(!(s.network?.trimming && cc === "swift" && !["paper", "htsim", "reflex"].includes(profile as string)), `seed ${seed}: ... with Swift's ${profile ?? "default"} profile`);
      assert.ok(!(s.network?.trimming && cc === "mprdma" && profile === "htsim"), `seed ${seed}: ... with MP-RDMA's htsim profile`);
    }
    if (rel === "opt" && s.network?.trimming === true) {
      seen.optTrimming++;
      const ccs = ccNames(s);
      assert.ok(!ccs.some((c) => c === "timely" || c === "dcqcn" || c === "none"), `seed ${seed}: OPT under trimming with ${ccs.join(", ")}`);
    }
    if (s.topology.kind === "twodc" && s.network?.trimming === true) {
      const ccs = ccNames(s);
      if (ccs.some((c) => c === "dcqcn" || c === "none")) {
        seen.wanDeaf++;
        const wan = s.topology.wanGbps ?? 1600;
        assert.ok(wanControlGbps(s, 32) <= wan, `seed ${seed}: ${wanControlGbps(s, 32)} Gb/s of headers and NACKs into a ${wan} Gb/s WAN under ${ccs.join(", ")}`);
      }
    }
    if (s.topology.kind === "twodc" && (cc === "swift" || cc === "timely")) {
      seen.wanDelay++;
      assert.ok(s.network?.reflex !== undefined, `seed ${seed}: ${cc} across the WAN without Reflex`);
    }
  }
  assert.ok(seen.dcp > 100 && seen.dcpWindow > 50 && seen.baselines > 500 && seen.wanDelay > 20 && seen.degraded > 50 && seen.optTrimming > 50 && seen.wanDeaf > 10, JSON.stringify(seen));
});

test("the trimmed headers and NACKs on one WAN direction, by hand; seeds 2,199,810 (DCQCN) and 2,382,251 (no CC) are drawn without trimming, and the second then completes", () => {
  const s = drawScenario(2_199_810, 20_000);
  assert.is(s.topology.kind, "twodc");
  assert.is(s.transport?.cc?.name, "dcqcn");
  // 16 hosts × 100 Gb/s × (128 B header + 32 B NACK) / 1,500 B = 170.67 Gb/s > 100.
  assert.is(wanControlGbps({ ...s, network: { ...s.network, trimming: true } }, 32).toFixed(2), "170.67");
  assert.is(s.network?.trimming, false);
  assert.is(wanControlGbps({ ...s, topology: { kind: "leafspine" } }, 32), 0);
  // No CC, 64 B headers and NACKs: 16 × 100 × 128 / 1,500 = 136.53 > 100, where the headers
  // alone (68.27) fit. Under trimming nine of its 32 flows delivered nothing from 20 to 52 ms.
  const t = drawScenario(2_382_251, 20_000);
  assert.equal([t.topology.kind, t.transport?.cc?.name, t.network?.trimming], ["twodc", "none", false]);
  assert.is(wanControlGbps({ ...t, network: { ...t.network, trimming: true } }, 32).toFixed(2), "136.53");
  assert.is(judge(t).verdict, "ok");
});

test("DCP over a completely shared switch buffer is drawn with its control queue outside the buffer; seed 4,802,437 then completes", () => {
  // Under the `complete` rule one congested port's data fills the switch's buffer to within a
  // header, so with the control FIFO in the buffer (every queue profile but dcp) each trim is
  // refused and the packet dropped: DCP on a dropping fabric (lib/reliability/dcp README "Without
  // trimming"), whose whole-message resends meet again every timeout round.
  let seen = 0;
  for (let seed = 1; seed <= 2000; seed++) {
    const s = drawScenario(seed, 20_000);
    const n = s.network ?? {};
    if (s.transport?.reliability?.name !== "dcp" || n.switchBuffer?.rule !== "complete" || n.trimming === false) continue;
    seen++;
    const q = n.queue as { profile?: string; controlPooled?: boolean } | undefined;
    assert.ok(q?.profile === "dcp" || q?.controlPooled === false, `seed ${seed}: DCP with its trimmed headers in a completely shared buffer (${JSON.stringify(q)})`);
  }
  assert.ok(seen >= 5, `${seen} seeds of 2,000 draw DCP over a completely shared buffer`);
  // Seed 4,802,437: a tornado across a 100 Gb/s WAN from 25 Gb/s hosts (plus an allreduce), DCTCP,
  // a 60 kB buffer per switch. With its headers in the buffer the spines' ports to the WAN drop
  // them: at 20 ms 16 inter-DC flows are still open, far more packets dropped than trimmed (each
  // of 8 timeout rounds lost 4 to 9 of flow 64's 34 packets, its switch's buffer at 60,000 B).
  const s = drawScenario(4_802_437, 20_000);
  assert.equal([s.topology.kind, s.transport?.cc?.name, s.network?.switchBuffer?.bytes, s.network?.switchBuffer?.rule], ["twodc", "dctcp", 60_000, "complete"]);
  assert.equal(s.network?.queue, { controlPooled: false });
  const { queue: _queue, ...pooled } = s.network ?? {};
  const before = runScenario({ ...s, network: pooled });
  assert.ok(before.completed === 64 && before.totals.drops > 4 * before.totals.trims, `pooled: ${before.completed} complete, ${before.totals.drops} drops, ${before.totals.trims} trims`);
  const { verdict, detail } = judge(s);
  assert.is(verdict, "ok", detail);
  const after = runScenario(s);
  assert.equal([after.completed, after.flowsTotal, after.totals.drops, after.totals.timeouts], [80, 80, 0, 0]);
});

test("DCP whose packets PFC drops beyond a headroom given short is on a dropping fabric: seed 4,807,556 is slow, not failed", () => {
  // A 10:1 incast of 300 kB (one message a flow) under NSCC on a trimming Dragonfly, PFC with
  // XOFF 20,000 B and headroomBytes 0: a queue pauses above XOFF and drops above XOFF + headroom,
  // so it never pauses and drops at XOFF, and PFC drops, never trims. DCP is left to its
  // whole-message timeouts, which the ten senders send together again each round (lib/reliability/
  // dcp README "Without trimming"), as with trimming off.
  const s = drawScenario(4_807_556, 20_000);
  assert.equal([s.topology.kind, s.transport?.reliability?.name, s.transport?.cc?.name, s.network?.trimming], ["dragonfly", "dcp", "nscc", true]);
  assert.equal([s.network?.pfc?.xoffBytes, s.network?.pfc?.headroomBytes], [20_000, 0]);
  const r = runScenario(s);
  const m = r.metrics;
  // (1,882 drops before 2026-12-07, when Spritz's VLAN mode took Table I's Dragonfly categories.)
  assert.equal([r.completed, r.totals.drops, m.drops.pfc, r.totals.trims, m.pfc.pauseFrames], [0, 1885, 1885, 0, 0]);
  const { verdict, detail } = judge(s);
  assert.is(verdict, "slow", detail);
  assert.match(detail, /failed 10\)/);
  // With each port's headroom sized from its link, PFC pauses and drops nothing.
  const { headroomBytes: _h, ...sized } = s.network?.pfc ?? {};
  const after = runScenario({ ...s, network: { ...s.network, pfc: sized } });
  assert.equal([after.completed, after.totals.drops, after.totals.timeouts], [10, 0, 0]);
  assert.ok(after.metrics.pfc.pauseFrames > 0);
});

test("go-back-N on adaptive routing reorders into losses: seed 5,190,643 is slow, not failed, and under ECMP routing every flow completes", () => {
  // Two DCs of 100 Gb/s leaf–spines over a 5 µs WAN, NSCC, PLB and go-back-N under adaptive
  // routing, 9,000 B buffers that never mark, a cross permutation of 300 kB: every packet that
  // overtakes another is dropped at its go-back-N receiver and resent, and flows give up after
  // seven timeouts without progress (harness/README "In-order receivers on a reordering fabric").
  const s = drawScenario(5_190_643, 20_000);
  assert.equal([s.topology.kind, s.network?.routing, s.transport?.cc?.name, s.transport?.lb?.name, s.transport?.reliability?.name], ["twodc", "adaptive", "nscc", "plb", "gbn"]);
  const r = runScenario(s);
  assert.equal(r.failed, 6);
  assert.ok((r.warnings ?? []).some((w) => w.startsWith("transport.reliability: gbn accepts only the next PSN") && w.includes("network.routing: adaptive picks each packet's path on its own")));
  const { verdict, detail } = judge(s);
  assert.is(verdict, "slow", detail);
  const ecmp = runScenario({ ...s, network: { ...s.network, routing: "ecmp" } });
  assert.equal([ecmp.completed, ecmp.failed ?? 0], [32, 0]);
  assert.ok(!(ecmp.warnings ?? []).some((w) => w.includes("so a flow's packets arrive out of order")));
});

test("Swift without its endpoint window toward slow receivers: seed 5,208,595 is slow, not stalled, and with endpointTargetNs every flow completes", () => {
  // A Dragonfly (2, 3, 1) at 25 Gb/s, hosts processing at rxGbps 5 into 30,000 B receive buffers,
  // Swift's google profile (lossDecrease off), flowlet and go-back-N, WebSearch at 80 %: the
  // fabric window takes the host's hold time out of each RTT, and the 4.9 MB flow 10 → 8 makes
  // no progress while its receiver drops what it cannot hold.
  const s = drawScenario(5_208_595, 20_000);
  assert.equal([s.topology.kind, s.transport?.cc?.name, s.transport?.reliability?.name, s.network?.rxGbps], ["dragonfly", "swift", "gbn", 5]);
  const r = runScenario(s);
  assert.ok((r.warnings ?? []).some((w) => w.startsWith("transport.cc: swift takes the receiving host's hold time out of each RTT") && w.includes("runs as cc none would")));
  const { verdict, detail } = judge(s);
  assert.is(verdict, "slow", detail);
  const endpoint = runScenario({ ...s, transport: { ...s.transport, cc: { name: "swift", params: { endpointTargetNs: 25_000 } } } });
  assert.equal(endpoint.completed, endpoint.flowsTotal);
  assert.ok(!(endpoint.warnings ?? []).some((w) => w.includes("swift takes the receiving host's hold time")));
});

test("DCP whose HOs overflow a bounded control FIFO (queue profile uec): seed 5,210,591 is slow, not failed, and under profile dcp every flow completes", () => {
  // A 10:1 incast of 300 kB under NSCC on a trimming Slim Fly (q 5, p 1) with Valiant routing,
  // queue profile uec with WRR and 30,000 B buffers: the control FIFO holds a Plane_BDP, the last
  // hop's HOs overflow it, and each lost HO leaves its packet to DCP's whole-message timeout.
  const s = drawScenario(5_210_591, 20_000);
  assert.equal([s.topology.kind, s.transport?.reliability?.name, s.network?.queue?.profile, s.network?.trimming], ["slimfly", "dcp", "uec", true]);
  const r = runScenario(s);
  assert.ok(r.metrics.controlPlane.hoLost > 0);
  assert.ok((r.warnings ?? []).some((w) => w.startsWith("transport.reliability: dcp recovers a trimmed packet from its HO") && w.includes("network.queue.profile uec gives the control FIFO")));
  const { verdict, detail } = judge(s);
  assert.is(verdict, "slow", detail);
  const dcp = runScenario({ ...s, network: { ...s.network, queue: { ...s.network?.queue, profile: "dcp" } } });
  assert.equal([dcp.completed, dcp.metrics.controlPlane.hoLost, dcp.totals.timeouts], [10, 0, 0]);
  assert.ok(!(dcp.warnings ?? []).some((w) => w.includes("so an incast's HOs can overflow it")));
});

test("DCP whose data a receiving host's buffer drops is left to its timeouts: seed 4,832,822 is slow, not failed", () => {
  // A 2-tier k = 4 fat tree at 25 Gb/s, rxGbps 50, and the receive buffer left to the port's:
  // bufferBdp 0.25 gives 5,188 B. A 300 kB flow is 73 packets of 4,150 B and a last one of
  // 300,000 − 73 × 4,086 = 1,722 B of payload, 1,786 B on the wire, which arrives 1,786 × 8 / 25 =
  // 571 ns behind the full one, still in processing (4,150 × 8 / 50 = 664 ns): 4,150 + 1,786 =
  // 5,936 B > 5,188, dropped, no HO. The permutation's four flows within a rack (1→3, 6→8, 15→17,
  // 20→22) lose it again in every whole-message resend and fail after 8 rounds.
  const s = drawScenario(4_832_822, 20_000);
  assert.equal([s.topology.kind, s.transport?.reliability?.name, s.network?.rxGbps, s.network?.rxBufferBytes, s.network?.bufferBdp], ["fattree", "dcp", 50, undefined, 0.25]);
  const long = runScenario({ ...s, run: { ...s.run, endUs: 70_000 } });
  assert.is(long.derived.bufferBytes, 5188);
  assert.equal([long.failed, long.metrics.drops.total, long.metrics.drops.receiver], [4, 56, 56]);
  assert.equal(long.flows.filter((f) => f.status === "failed").map((f) => f.flow), [7, 12, 21, 26]);
  const { verdict, detail } = judge(s);
  assert.is(verdict, "slow", detail);
  assert.match(detail, /failed 4\)/);
  // A buffer that holds the full packet and the tail: every flow completes, nothing dropped.
  const after = runScenario({ ...s, network: { ...s.network, rxBufferBytes: 5936 } });
  assert.equal([after.completed, after.flowsTotal, after.totals.drops, after.totals.timeouts], [30, 30, 0, 0]);
  const before = runScenario({ ...s, network: { ...s.network, rxBufferBytes: 5935 } });
  assert.equal([before.completed, before.metrics.drops.receiver], [23, 33], "one byte short: the 20 ms run as drawn");
});

test("seed 2,109,346 (OPT, TIMELY, an 11:1 incast) is drawn without trimming, and then completes", () => {
  const s = drawScenario(2_109_346, 20_000);
  assert.is(s.transport?.reliability?.name, "opt");
  assert.is(s.transport?.cc?.name, "timely");
  assert.is(s.network?.trimming, false);
  const { verdict, detail } = judge(s);
  assert.is(verdict, "ok", detail);
});

test("draws give the modules' profiles and modes now and then (about 3 in 10), never always", () => {
  const swift = { with: 0, without: 0 };
  const kinds = new Set<string>();
  for (let seed = 1; seed <= 2000; seed++) {
    const tr = drawScenario(seed, 20_000).transport ?? {};
    const cc = tr.cc as { name: string; params?: { profile?: string } };
    if (cc.name === "swift") swift[cc.params?.profile === undefined ? "without" : "with"]++;
    if (cc.params?.profile !== undefined) kinds.add(`${cc.name}:${cc.params.profile}`);
    if ((cc.params as { endpointTargetNs?: number } | undefined)?.endpointTargetNs !== undefined) kinds.add(`${cc.name}:endpoint`);
    const init = (cc.params as { initCwndBytes?: number } | undefined)?.initCwndBytes;
    if (init !== undefined) {
      // One MTU, the only start every drawn fabric's max_wnd admits.
      assert.is(init, drawScenario(seed, 20_000).network?.mtuBytes ?? 4150, `seed ${seed}`);
      kinds.add(`${cc.name}:initCwnd`);
    }
    if ((cc.params as { qaMeasure?: string } | undefined)?.qaMeasure !== undefined) {
      assert.is(cc.params?.profile, "smartt", `seed ${seed}: qaMeasure only with the smartt loop`);
      kinds.add(`${cc.name}:qaMeasure`);
    }
    const lb = tr.lb as { name: string; params?: { profile?: string; mode?: string } };
    if (lb.params?.profile !== undefined || lb.params?.mode !== undefined) kinds.add(`${lb.name}:${lb.params.profile ?? lb.params.mode}`);
    const rel = tr.reliability as { name: string; params?: { receiver?: { tracking?: string } } };
    if (rel.params?.receiver?.tracking !== undefined) kinds.add(`${rel.name}:${rel.params.receiver.tracking}`);
    const n = drawScenario(seed, 20_000).network ?? {};
    if (n.queue !== undefined) kinds.add(`queue:${(n.queue as { profile: string }).profile}`);
    if (n.headerBytes !== undefined) kinds.add("headerBytes");
  }
  const share = swift.with / (swift.with + swift.without);
  assert.ok(share > 0.2 && share < 0.4, JSON.stringify(swift));
  for (const k of ["swift:htsim", "timely:hpcc", "dcqcn:hpcc-paper", "mprdma:htsim", "dctcp:rfc8257", "reps:paper", "ops:weighted", "ops:uec", "dcp:bitmap", "nscc:smartt", "swift:endpoint", "queue:droptail", "queue:dcp", "headerBytes", "nscc:initCwnd", "nscc:qaMeasure"]) {
    assert.ok(kinds.has(k), `${k} never drawn: ${[...kinds].sort().join(" ")}`);
  }
});

test("traffic entries draw their own CC under the scenario's exclusions, and the rarer options all turn up", () => {
  const seen = new Set<string>();
  for (let seed = 1; seed <= 3000; seed++) {
    const s = drawScenario(seed, 20_000);
    const n = s.network ?? {};
    const rel = s.transport?.reliability?.name as string;
    const degraded = n.trimming === true && (s.faults ?? []).some((f) => f.kind === "degrade");
    for (const x of s.traffic) {
      for (const k of ["staggerUs", "jitterUs", "bytesList", "cross", "shift", "placement", "maxSendersPerReceiver", "interDcFraction"] as const) if (x[k] !== undefined) seen.add(k);
      if (x.lb !== undefined) seen.add("entry lb");
      if (x.cc === undefined) continue;
      seen.add("entry cc");
      const cc = x.cc.name;
      const at = `seed ${seed}: entry CC ${cc}`;
      if (rel === "dcp") assert.ok(cc === "dcqcn" || cc === "none", at);
      if (n.reflex !== undefined) assert.ok(cc === "swift" || cc === "timely", at);
      else if (s.topology.kind === "twodc") assert.ok(cc !== "swift" && cc !== "timely", at);
      if (degraded) assert.ok(!["timely", "dcqcn", "none", "swift"].includes(cc), at); // an entry's Swift has the default profile
      if (n.rxGbps !== undefined) assert.ok(cc !== "none", at);
    }
    const queueProfile = (n.queue as { profile?: string } | undefined)?.profile;
    if (queueProfile === "dcp") assert.ok([s.transport?.cc, ...s.traffic.map((x) => x.cc)].every((c) => c?.name !== "none"), `seed ${seed}: no CC under DCP's queue`);
    const slow = (s.faults ?? []).some((f) => f.kind === "slow");
    if (slow) {
      seen.add("slow");
      assert.ok(s.traffic.every((x) => (x.cc ?? s.transport?.cc)?.name !== "none"), `seed ${seed}: a slow receiver without CC`);
    }
    if (s.topology.hostLatencyNs !== undefined) seen.add("hostLatencyNs");
    if ((n.pfc as { pauseQuanta?: number } | undefined)?.pauseQuanta !== undefined) seen.add("pfc thresholds");
    if (s.metrics?.sizeClassesBytes !== undefined) seen.add("sizeClassesBytes");
    if (s.run?.faultBaseline === true) seen.add("faultBaseline");
    if (n.hostJitterNs !== undefined) seen.add("hostJitterNs");
    if ((s.transport?.reliability as { params?: { rtoBackoff?: boolean } }).params?.rtoBackoff === true) seen.add("rtoBackoff");
    const pfc = n.pfc as { refreshNs?: number; reserveBytes?: number; resumeOffsetBytes?: number } | undefined;
    if (pfc?.refreshNs !== undefined) seen.add("refreshNs");
    if (pfc?.reserveBytes !== undefined && pfc.resumeOffsetBytes !== undefined) seen.add("reserveBytes");
    const reflex = n.reflex as { nsf?: boolean; ndt?: boolean; e2eAckDrivesCc?: boolean } | undefined;
    if (reflex?.nsf === false) seen.add("reflex off");
    if (reflex?.nsf === true && reflex.ndt === false) seen.add("nsf alone");
    if (reflex?.e2eAckDrivesCc === true) seen.add("e2eAckDrivesCc");
    if (n.packetPool !== undefined) seen.add("packetPool");
  }
  for (const k of ["refreshNs", "reserveBytes", "reflex off", "nsf alone", "e2eAckDrivesCc", "packetPool", "faultBaseline", "entry cc", "entry lb", "slow", "hostLatencyNs", "pfc thresholds", "sizeClassesBytes", "staggerUs", "jitterUs", "bytesList", "cross", "shift", "placement", "maxSendersPerReceiver", "interDcFraction", "hostJitterNs", "rtoBackoff"]) {
    assert.ok(seen.has(k), `${k} never drawn`);
  }
});

test("every traffic kind is drawn, a connection matrix as text with each trigger kind, and its four connections build", () => {
  const kinds = new Set<string>();
  const triggers = new Set<string>();
  for (let seed = 1; seed <= 3000; seed++) {
    const s = drawScenario(seed, 20_000);
    for (const x of s.traffic) kinds.add(x.kind);
    const m = s.traffic.findIndex((x) => x.kind === "matrix");
    if (m < 0) continue;
    triggers.add(/trigger id 1 (\w+)/.exec(s.traffic[m].text as string)?.[1] as string);
    const entries: number[] = [];
    trafficFlows(s, buildTopology(s), seed, "/nonexistent", entries);
    assert.is(entries.filter((e) => e === m).length, 4, `seed ${seed}`);
  }
  assert.equal([...kinds].sort(), [...TRAFFIC_KINDS].sort());
  assert.equal([...triggers].sort(), ["barrier", "multishot", "oneshot"]);
});

test("draws fit the modules: DACK and OPT get a receive buffer of their policy threshold or more, spritz-vlan does not mix with EVs, and the traffic has flows", () => {
  // Review rev-soak, of 4,000 seeds: 161 refused for a DACK/OPT receive buffer below 9 KiB
  // (§III-A), 4 for an entry balancer of the other Spritz kind, 42 ran no flow at all.
  let dack = 0;
  let cdfs = 0;
  for (let seed = 1; seed <= 1500; seed++) {
    const s = drawScenario(seed, 20_000);
    const n = s.network ?? {};
    const rel = s.transport?.reliability?.name as string;
    if (rel === "dack" || rel === "opt") {
      dack++;
      // A given buffer below 9,216 B, or a quarter or half BDP (21 kB at 100 Gb/s and 1.7 µs: it
      // can be less), is backed by a receive buffer of its own.
      if ((n.bufferBytes ?? Infinity) < 9216 || (n.bufferBdp ?? Infinity) <= 0.5) assert.ok((n.rxBufferBytes ?? 0) >= 9216, `seed ${seed}: ${JSON.stringify(n)}`);
    }
    const lbs = [s.transport?.lb?.name, ...s.traffic.map((x) => x.lb?.name)].filter((x) => x !== undefined);
    assert.ok(!(lbs.includes("spritz-vlan") && lbs.some((x) => x === "spritz-scout" || x === "spritz-spray")), `seed ${seed}: ${lbs.join(", ")}`);
    if (!s.traffic.some((x) => x.kind === "cdf")) continue;
    cdfs++;
    let flows = -1;
    try {
      flows = trafficFlows(s, buildTopology(s), seed, ".").length;
    } catch (e) {
      assert.instance(e, ScenarioError, `seed ${seed}`);
    }
    assert.ok(flows !== 0, `seed ${seed}: no flow`);
  }
  assert.ok(dack > 200 && cdfs > 200, `${dack} DACK/OPT seeds, ${cdfs} with a CDF entry`);
});

test("a 3-tier fat tree is drawn with fewer pods now and then, and keeps every host its traffic names", () => {
  const pods: number[] = [];
  for (let seed = 1; seed <= 3000; seed++) {
    const s = drawScenario(seed, 20_000);
    const t = s.topology;
    if (t.kind !== "fattree" || t.pods === undefined) continue;
    assert.is(t.tiers, 3, `seed ${seed}`);
    assert.ok(t.pods >= 2 && t.pods < (t.k as number), `seed ${seed}: ${t.pods} pods of k = ${t.k}`);
    pods.push(t.pods);
    const topo = buildTopology(s);
    // Hosts = pods × k/2 ToRs × k/2 × oversubscription (harness/topo/fattree.ts).
    const k = t.k as number;
    assert.is(topo.hosts, t.pods * (k / 2) * (k / 2) * (t.oversubscription ?? 1), `seed ${seed}`);
    const flows = trafficFlows(s, topo, seed, ".");
    for (const f of flows) assert.ok(f.src < topo.hosts && f.dst < topo.hosts, `seed ${seed}: flow ${f.src} → ${f.dst} of ${topo.hosts} hosts`);
  }
  assert.ok(pods.length >= 20, `${pods.length} pruned trees in 3,000 seeds`);
  assert.ok(new Set(pods).size >= 2, "always the same pod count");
});

// judge() with a stand-in runner: each way a run can end badly is named.
const tiny: Scenario = {
  topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 1 },
  traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes: 10_000 }] }],
  run: { endUs: 20_000 },
};
const real = runScenario(tiny);
/** A run whose one flow is open at `simulatedUs`, having delivered `arrivedBytes` (goodput rounded as results round it). */
const crawl = (arrivedBytes: number, simulatedUs: number): Results => {
  const r = open(0, simulatedUs);
  const goodputGbps = Math.round(((arrivedBytes * 8) / ((simulatedUs - r.flows[0].startUs) * 1000)) * 1000) / 1000;
  return { ...r, flows: [{ ...r.flows[0], goodputGbps, arrivedBytes }] };
};

/** A run whose one flow is open at `simulatedUs`, having delivered at `goodputGbps` since its start. */
const open = (goodputGbps: number, simulatedUs: number, startUs = real.flows[0].startUs): Results => ({
  ...real,
  completed: 0,
  simulatedUs,
  flows: [{ ...real.flows[0], startUs, status: "incomplete", fctUs: null, goodputGbps, arrivedBytes: Math.round((goodputGbps * (simulatedUs - startUs) * 1000) / 8) }],
});

test("judge: a completed run is ok; an exception is a crash; a refused scenario is refused", () => {
  assert.is(judge(tiny).verdict, "ok");
  assert.is(judge(tiny, () => real).verdict, "ok");
  const crash = judge(tiny, () => {
    throw new Error("flow 4: the reliability module refused the message");
  });
  assert.is(crash.verdict, "crash");
  assert.match(crash.detail, /refused the message/);
  const refused = judge({ ...tiny, network: { headerBytes: 9000 } });
  assert.is(refused.verdict, "refused");
  assert.match(refused.detail, /network\.headerBytes/);
  // A fixed packet pool the run outgrows is refused, as `nicfw run` reports it (16 packets: a
  // 7:1 incast of 100 kB has more in flight at once); the default pool running out is a leak.
  const incast: Scenario = { ...tiny, topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 4 }, traffic: [{ kind: "incast", senders: 7, receiver: 0, bytes: 100_000 }] };
  const small = judge({ ...incast, network: { packetPool: 16 } });
  assert.equal([small.verdict, small.detail], ["refused", "packet pool exhausted (16 packets alive): raise network.packetPool in the scenario"]);
  const leak = judge(tiny, () => {
    throw new RangeError("packet pool exhausted (4194304 packets alive): raise network.packetPool in the scenario");
  });
  assert.is(leak.verdict, "crash");
});

test("judge: a TypeError in a module's or the topology's constructor is a crash, not a refusal; a RangeError there is refused", () => {
  // A parameter whose reading throws stands in for a bug in the constructor that reads it
  // (review rev-soak: build() wrapped whatever a constructor threw into a refused field, so
  // the soak tallied such a crash as "refused").
  const throwing = (field: string) =>
    Object.defineProperty({}, field, {
      enumerable: true,
      get() {
        throw new TypeError(`injected at ${field}`);
      },
    });
  const module = judge(tiny, (s) => runScenario({ ...s, transport: { reliability: { name: "rud", params: throwing("rtoNs") } } }));
  assert.is(module.verdict, "crash", module.detail);
  assert.match(module.detail, /TypeError: injected at rtoNs/);
  const topology = judge(tiny, (s) => runScenario({ ...s, topology: { ...throwing("leaves"), kind: "leafspine", spines: 1, hostsPerLeaf: 1 } as Scenario["topology"] }));
  assert.is(topology.verdict, "crash", topology.detail);
  assert.match(topology.detail, /TypeError: injected at leaves/);
  // The same constructors' refusals (RangeError, lib/core/params ParamError) still name the field.
  const rto = judge(tiny, (s) => runScenario({ ...s, transport: { reliability: { name: "rud", params: { rtoNs: -1 } } } }));
  assert.is(rto.verdict, "refused", rto.detail);
  assert.match(rto.detail, /transport\.reliability\.params\.rtoNs/);
  const leaves = judge(tiny, (s) => runScenario({ ...s, topology: { kind: "leafspine", leaves: 0, spines: 1, hostsPerLeaf: 1 } }));
  assert.equal([leaves.verdict, /topology: leaf–spine: leaves must be an integer ≥ 1/.test(leaves.detail)], ["refused", true], leaves.detail);
});

test("judge: a failed integrity check, module errors, a flow faster than its ideal are reported as such", () => {
  const broken = judge(tiny, () => ({ ...real, integrity: { ok: false, violations: ["flow 0: delivered twice"] } }));
  assert.equal([broken.verdict, broken.detail], ["integrity", "flow 0: delivered twice"]);
  assert.is(judge(tiny, () => ({ ...real, totals: { ...real.totals, moduleErrors: 3 } })).verdict, "errors");
  // The integrity check fails on module errors too, listing them last (Fabric.checkIntegrity):
  // they are the verdict, what else failed follows (review rev-soak: judged second, "errors"
  // never showed). A switch module's rejections, outside totals.moduleErrors, as well.
  const rejected = judge(tiny, () => ({
    ...real,
    totals: { ...real.totals, moduleErrors: 2 },
    integrity: { ok: false, violations: ["packets: 5 alive, 4 queued and 0 on wires (a packet held nowhere, leaked)", "reliability module rejected 2 calls"] },
  }));
  assert.equal([rejected.verdict, rejected.detail], ["errors", "reliability module rejected 2 calls; integrity also: packets: 5 alive, 4 queued and 0 on wires (a packet held nowhere, leaked)"]);
  const queues = judge(tiny, () => ({ ...real, integrity: { ok: false, violations: ["switch modules rejected 1 calls"] } }));
  assert.equal([queues.verdict, queues.detail], ["errors", "switch modules rejected 1 calls"]);
  // Faster than the ideal by more than 1 % and one packet's serialisation (4,150 B at 100 Gb/s: 0.332 µs).
  const ideal = real.flows[0].idealUs;
  const at = (fctUs: number) => judge(tiny, () => ({ ...real, flows: [{ ...real.flows[0], fctUs }] })).verdict;
  assert.is(at(ideal * 0.99 - 0.34), "physics");
  assert.is(at(ideal * 0.99 - 0.33), "ok");
  // A host processing at 5 Gb/s allows the processing of a short last packet more (one sprayed
  // past the full one ahead of it, seed 4,689,876): 10,000 B are 2 × 4086 + 1828 B of payload,
  // the last 1892 B on the wire, 1892 × 8 / 5 = 3027.2 ns. 8172 B end on a full packet, and
  // 4000 B are one packet: nothing more.
  const slowRx: Scenario = { ...tiny, network: { ...tiny.network, rxGbps: 5 } };
  const atRx = (bytes: number, fctUs: number) => judge(slowRx, () => ({ ...real, flows: [{ ...real.flows[0], bytes, idealUs: 100, fctUs }] })).verdict;
  assert.is(atRx(10_000, 99 - 0.332 - 3.0272 - 0.01), "physics");
  assert.is(atRx(10_000, 99 - 0.332 - 3.0272 + 0.01), "ok");
  assert.is(atRx(8172, 99 - 0.332 - 0.01), "physics");
  assert.is(atRx(4000, 99 - 0.332 - 0.01), "physics");
  assert.is(atRx(4000, 99 - 0.332 + 0.01), "ok");
  // The slowest processing rate sets it: a put at rxFraction 0.02 of the 100 Gb/s host processes
  // at 2 Gb/s, below rxGbps 5, and the same 1892 B take 1892 × 8 / 2 = 7568 ns.
  const slowerPut: Scenario = { ...slowRx, traffic: [...slowRx.traffic, { kind: "put", senders: 1, receiver: 1, bytes: 10_000, rxFraction: 0.02 }] };
  const atPut = (fctUs: number) => judge(slowerPut, () => ({ ...real, flows: [{ ...real.flows[0], bytes: 10_000, idealUs: 100, fctUs }] })).verdict;
  assert.is(atPut(99 - 0.332 - 7.568 + 0.01), "ok");
  assert.is(atPut(99 - 0.332 - 7.568 - 0.01), "physics");
  // On a Dragonfly a route with two global hops can have fewer links than the default minimal
  // one, so a flow is held to its bytes over its host's link, then the quickest route. p = 1,
  // a = 4, h = 2 (defaults: 100 Gb/s, 1 µs links, no switch latency): host 1 to host 5 takes 5
  // links by default, but a 4-link route exists. 10,000 B are ⌈10,000 / 4086⌉ = 3 packets,
  // 10,192 B on the wire: 815.36 ns at 100 Gb/s; then the last packet (at least 65 B: 5.2 ns per
  // link) travels 1000 + 3 × (5.2 + 1000) = 4015.6 ns. Bound 4830.96 ns; with 1 % and one
  // packet's serialisation (0.332 µs) off, 4.8309600 × 0.99 − 0.332 = 4.4506504 µs.
  const df: Scenario = { ...tiny, topology: { kind: "dragonfly", p: 1, a: 4, h: 2 } };
  const dfAt = (fctUs: number) => judge(df, () => ({ ...real, flows: [{ ...real.flows[0], src: 1, dst: 5, idealUs: 100, fctUs }] }));
  assert.is(dfAt(4.4507).verdict, "ok");
  const beaten = dfAt(4.4506);
  assert.is(beaten.verdict, "physics");
  assert.match(beaten.detail, /^flow 0: FCT 4\.4506 µs below 4\.831 µs, its bytes over its host's link and then the fastest route$/);
  assert.is(fastestArrivalPs(buildTopology(df), 1, 65, 0)[5], 4_015_600);
  // Switch latency counts at each of the three switches: 300 ns more each.
  assert.is(fastestArrivalPs(buildTopology(df), 1, 65, 300)[5], 4_915_600);
  // Nor does a host receive faster than its link: two flows of 125,000 B into host 1 need 20 µs
  // at 100 Gb/s; both starting at 0 and done by 20.5 µs is possible, by 15 µs is not. (All 100 µs
  // later, so that the span is measured from the first start, not from 0.) Each alone may take
  // 13 µs: host 0 to host 1 is 3 links, 126,984 B on the wire (31 headers), so its bound is
  // (10,158.72 + 3010.4 ns) × 0.99 − 332 ns = 12.705 µs.
  const into1 = (endUs: number): Results => ({
    ...real,
    flows: [
      { ...real.flows[0], flow: 0, src: 0, dst: 1, bytes: 125_000, startUs: 100, fctUs: 13, idealUs: 10 },
      { ...real.flows[0], flow: 1, src: 0, dst: 1, bytes: 125_000, startUs: 100, fctUs: endUs, idealUs: 10 },
    ],
  });
  assert.is(judge(df, () => into1(20.5)).verdict, "ok");
  // The 1 % is of the span: 20 µs of bytes fit a span s with 1.01 s + 0.332 ≥ 20, s ≥ 19.4733 µs.
  assert.is(judge(df, () => into1(19.48)).verdict, "ok");
  assert.is(judge(df, () => into1(19.47)).verdict, "physics");
  const crowded = judge(df, () => into1(15));
  assert.is(crowded.verdict, "physics");
  assert.match(crowded.detail, /host 1 received 250000 B in 15\.000 µs, faster than its 100 Gb\/s link \(20\.000 µs\)/);
  // Nor does a switch port send faster than its rate, give or take one packet (4,150 B here).
  const busiest = (util: number, bytes: number): Results => ({ ...real, metrics: { ...real.metrics, links: { ...real.metrics.links, busiest: [{ port: 3, name: "sw0.p3", util, bytes }] } } });
  assert.is(judge(df, () => busiest(1.009, 1e6)).verdict, "ok");
  const overfull = judge(df, () => busiest(1.02, 1e6));
  assert.equal([overfull.verdict, overfull.detail], ["physics", "port sw0.p3 sent 1000000 B at 1.02 of its rate"]);
  // 1.5 of the rate over two packets' time is three packets where two fit: one is the slack, a second is not.
  assert.is(judge(df, () => busiest(1.5, 3 * 4150)).verdict, "ok");
  assert.is(judge(df, () => busiest(1.6, 3 * 4150)).verdict, "physics");
});

test("judge: a seed divisible by 8 runs twice, and results that differ are nondeterministic", () => {
  let calls = 0;
  const drift = (): Results => ({ ...real, totals: { ...real.totals, events: real.totals.events + calls++ } });
  const v = judge({ ...tiny, seed: 16 }, drift);
  assert.equal([v.verdict, calls], ["nondeterministic", 2]);
  // The detail names the first character where the two results' JSON differ.
  const at = Number(/at character (\d+)/.exec(v.detail)?.[1]);
  const a = JSON.stringify({ ...real, totals: { ...real.totals, events: real.totals.events } });
  const b = JSON.stringify({ ...real, totals: { ...real.totals, events: real.totals.events + 1 } });
  assert.ok(a.slice(0, at) === b.slice(0, at) && a[at] !== b[at], `${v.detail}: ${a.slice(at - 10, at + 10)} / ${b.slice(at - 10, at + 10)}`);
  calls = 0;
  assert.equal([judge({ ...tiny, seed: 17 }, drift).verdict, calls], ["ok", 1]);
  assert.is(judge({ ...tiny, seed: 8 }).verdict, "ok");
});

test("judge: seeds 4 mod 8 run again with sampling switched, and a run that sampling changes is an observer effect", () => {
  const seen: boolean[] = [];
  // Sampling's own events are not a change; a flow that finishes later is.
  const events = (s: Scenario): Results => {
    seen.push(s.metrics !== undefined);
    return s.metrics ? { ...real, totals: { ...real.totals, events: real.totals.events + 99 } } : real;
  };
  assert.is(judge({ ...tiny, seed: 12 }, events).verdict, "ok");
  assert.equal(seen, [false, true]);
  const later = (s: Scenario): Results => (s.metrics ? { ...real, flows: [{ ...real.flows[0], fctUs: (real.flows[0].fctUs as number) + 0.001 }] } : real);
  const v = judge({ ...tiny, seed: 4, metrics: { sample: { flows: [0] } } }, later);
  assert.is(v.verdict, "observer");
  assert.match(v.detail, /sampling changed the run: results differ at character \d+ \(\d/);
  assert.is(judge({ ...tiny, seed: 5 }, later).verdict, "ok");
  // The variant: sampling added where there was none, removed where there was some.
  assert.ok(toggleObservation(tiny).metrics?.sample !== undefined && toggleObservation(tiny).metrics?.paths !== undefined);
  assert.is(toggleObservation({ ...tiny, metrics: { sample: { flows: [0] } } }).metrics, undefined);
  // Only sampling and paths are switched (review rev-soak: one draw in eleven carries
  // sizeClassesBytes alone, and removing all of metrics compared two unsampled runs).
  const classes = [5_000, 100_000];
  assert.equal(toggleObservation({ ...tiny, metrics: { sizeClassesBytes: classes, paths: { flows: [0] } } }).metrics, { sizeClassesBytes: classes });
  const added = toggleObservation({ ...tiny, metrics: { sizeClassesBytes: classes } }).metrics;
  assert.equal([added?.sizeClassesBytes, added?.sample?.flows, added?.paths?.flows], [classes, [0], [0]]);
  // A sample naming nothing observes nothing: the switched run gets the sampling.
  assert.equal(toggleObservation({ ...tiny, metrics: { sample: { intervalUs: 5 } } }).metrics?.sample?.flows, [0]);
  // Every drawn observer seed compares a run that observes with one that does not.
  const observing = (x: Scenario) => (x.metrics?.sample?.flows?.length ?? 0) + (x.metrics?.sample?.ports?.length ?? 0) + (x.metrics?.paths?.flows.length ?? 0) > 0;
  for (let seed = 4; seed <= 4000; seed += 8) {
    const d = drawScenario(seed, 20_000);
    assert.ok(observing(d) !== observing(toggleObservation(d)), `seed ${seed}: ${JSON.stringify(d.metrics)}`);
  }
  // And the real fabric: sampling a 10 kB flow's window and queues leaves it alone.
  assert.is(judge({ ...tiny, seed: 4 }).verdict, "ok");
});

test("judge: an open flow is slow when a ten- or hundred-times-longer run moves it on, stalled when it delivers nothing more", () => {
  const ends: number[] = [];
  // 1 Gb/s over 20 ms is 2.5 MB, as are 0.1 Gb/s over 200 ms and 0.01 Gb/s over 2 s.
  const stuck = judge(tiny, (s) => {
    const end = s.run?.endUs as number;
    ends.push(end);
    return open(20_000 / end, end);
  });
  // Stalled, so once more with 1 ns of host jitter for ten times as long, and (still open) with
  // a packet's time of it: one 4,150 B MTU at 100 Gb/s, 332 ns.
  assert.equal(ends, [20_000, 200_000, 2_000_000, 200_000, 200_000]);
  assert.is(stuck.verdict, "stalled");
  assert.match(stuck.detail, /1 without progress \(failed 0\); with network.hostJitterNs 1, 1 still open and 0 failed at 200000 µs; with network.hostJitterNs 332, 1 still open and 0 failed at 200000 µs$/);
  // A lockout only a packet's time of jitter breaks (seed 5,098,813); the verdict stays stalled.
  const coarse = judge(tiny, (s) => ((s.network?.hostJitterNs ?? 0) >= 332 ? { ...real, simulatedUs: 271 } : open(20_000 / (s.run?.endUs as number), s.run?.endUs as number)));
  assert.is(coarse.verdict, "stalled");
  assert.match(coarse.detail, /; with network.hostJitterNs 1, 1 still open and 0 failed at 200000 µs; with network.hostJitterNs 332 every flow finishes, by 271 µs: a phase lockout at a packet's time \(harness\/README\)$/);
  // A phase lockout: stuck without jitter, done with it; the verdict stays stalled.
  const lockout = judge(tiny, (s) => ((s.network?.hostJitterNs ?? 0) > 0 ? { ...real, simulatedUs: 1234 } : open(20_000 / (s.run?.endUs as number), s.run?.endUs as number)));
  assert.is(lockout.verdict, "stalled");
  assert.match(lockout.detail, /; with network.hostJitterNs 1 every flow finishes, by 1234 µs: a phase lockout/);
  // Done only because its flows failed is no lockout; an unsound or crashing jittered run is said, the verdict kept.
  const failed = judge(tiny, (s) => ((s.network?.hostJitterNs ?? 0) > 0 ? { ...real, completed: 0, failed: 1 } : open(20_000 / (s.run?.endUs as number), s.run?.endUs as number)));
  assert.match(failed.detail, /; with network.hostJitterNs 1, 0 still open and 1 failed at/);
  const unsoundJitter = judge(tiny, (s) => ((s.network?.hostJitterNs ?? 0) > 0 ? { ...real, integrity: { ok: false, violations: ["flow 0: delivered twice"] } } : open(20_000 / (s.run?.endUs as number), s.run?.endUs as number)));
  assert.equal([unsoundJitter.verdict, /the run is unsound \(integrity: flow 0: delivered twice\)$/.test(unsoundJitter.detail)], ["stalled", true]);
  const threw = judge(tiny, (s) => {
    if ((s.network?.hostJitterNs ?? 0) > 0) throw new Error("boom");
    return open(20_000 / (s.run?.endUs as number), s.run?.endUs as number);
  });
  assert.equal([threw.verdict, /the run threw: boom$/.test(threw.detail)], ["stalled", true]);
  // Jitter already drawn: no hint.
  const jittered = judge({ ...tiny, network: { ...tiny.network, hostJitterNs: 20 } }, (s) => open(20_000 / (s.run?.endUs as number), s.run?.endUs as number));
  assert.match(jittered.detail, /without progress \(failed 0\)$/);
  let calls = 0;
  const slow = judge(tiny, () => (++calls === 1 ? open(1, 20_000) : open(0.2, 200_000)));
  assert.equal([slow.verdict, calls], ["slow", 2]);
  assert.is(slow.detail, "1 of 1 flows open at 20000 µs, 1 at 200000 µs, 0 without progress (failed 0)");
  // Goodput is over the time since the flow's start (10 ms here): 2 Gb/s by 20 ms is 2.5 MB,
  // 0.12632 Gb/s by 200 ms is 3 MB, so the flow moved on (counted from 0 it would seem to have
  // dropped from 7.5 MB to 3.3 MB).
  calls = 0;
  const later = (gbps: number, end: number): Results => open(gbps, end, 10_000);
  assert.is(judge(tiny, () => (++calls === 1 ? later(2, 20_000) : calls === 2 ? later(0.12632, 200_000) : later(0.001, 2_000_000))).verdict, "slow");
  // A flow whose module gave up is not open (under a fault: failed without one, below); one with no goodput yet has delivered nothing.
  const lossy: Scenario = { ...tiny, faults: [{ kind: "loss", probability: 0.01, everywhere: true }] };
  assert.is(judge(lossy, () => ({ ...real, completed: 0, failed: 1, flows: [{ ...real.flows[0], status: "failed" }] })).verdict, "ok");
  calls = 0;
  assert.is(judge(tiny, () => (++calls === 1 ? { ...open(0, 20_000), flows: [{ ...open(0, 20_000).flows[0], goodputGbps: null }] } : open(0.2, 200_000))).verdict, "slow");
  // Moving on only in the hundred-times-longer run (an RTO backed off): slow too.
  calls = 0;
  const late = judge(tiny, (s) => (++calls < 3 ? open(20_000 / (s.run?.endUs as number), s.run?.endUs as number) : open(0.02, 2_000_000)));
  assert.equal([late.verdict, calls], ["slow", 3]);
  // The longer run must repeat the short one: a flow done by 20 ms finishing otherwise later is nondeterminism.
  const two = (fctUs: number, end: number): Results => ({ ...real, flowsTotal: 2, completed: 1, simulatedUs: end, flows: [{ ...real.flows[0], flow: 0, fctUs }, { ...open(1, end).flows[0], flow: 1 }] });
  calls = 0;
  const replay = judge(tiny, () => (++calls === 1 ? two(10, 20_000) : two(10.5, 200_000)));
  assert.equal([replay.verdict, calls], ["nondeterministic", 2]);
  assert.is(replay.detail, "a 10-times-longer run changed flow 0 (FCT 10 µs, then 10.5)");
  calls = 0;
  assert.is(judge(tiny, () => (++calls === 1 ? two(10, 20_000) : { ...two(10, 200_000), flows: [two(10, 200_000).flows[0], { ...open(0.2, 200_000).flows[0], flow: 1 }] })).verdict, "slow");
  // A flow whose data all arrived may fail later, its sender never hearing so (DCP's retry
  // limit, soak seed 1,301,231): the same FCT, so the longer run did repeat the short one.
  calls = 0;
  const failedLater = (end: number): Results => ({ ...two(10, end), flows: [{ ...two(10, end).flows[0], status: "failed" }, { ...open(0.2, end).flows[0], flow: 1 }] });
  assert.is(judge(tiny, () => (++calls === 1 ? two(10, 20_000) : failedLater(200_000))).verdict, "slow");
  // A flow that completes in the longer run is slow too.
  calls = 0;
  assert.is(judge(tiny, () => (++calls === 1 ? open(1, 20_000) : real)).verdict, "slow");
  // Progress is judged on the exact bytes, not on goodput rounded to 0.001 Gb/s: 100,000 B by
  // 20 ms and by 200 ms, 120,000 B by 2 s is 20 kB moved, though the 2 s goodput rounds to
  // 0.000 (0.00048 Gb/s). Before, that read as stuck (soak seed 4,018,127: flows at Swift's
  // floor under Reflex).
  assert.is(crawl(120_000, 2_000_000).flows[0].goodputGbps, 0);
  calls = 0;
  const crawling = judge(tiny, () => (++calls === 1 ? crawl(100_000, 20_000) : calls === 2 ? crawl(100_000, 200_000) : crawl(120_000, 2_000_000)));
  assert.equal([crawling.verdict, calls], ["slow", 3]);
  assert.match(crawling.detail, /0 without progress/);
});

test("judge: a stuck flow that hears no congestion (cc none, DCQCN unmarked) and sends into a slower link is slow; any other stuck flow stalled", () => {
  // Seed 4,839,937: GBN under DCQCN, 9,000 B buffers that never mark a 4,150 B packet, a link
  // degraded to 10 Gb/s; the flow resent at 25 Gb/s what the link dropped, its ePSN stuck.
  const deafWarning = "traffic[0].cc: dcqcn reacts to ECN, but no switch port marks a full-size packet: … As far as full-size packets go: DCQCN cuts its rate only on CNPs, … and runs as cc none would; it does not react to loss. …";
  const stuckAs = (cc: string, warnings?: string[]) => (s: Scenario): Results => {
    const r = open(20_000 / (s.run?.endUs as number), s.run?.endUs as number);
    return { ...r, ...(warnings ? { warnings } : {}), flows: [{ ...r.flows[0], cc }] };
  };
  const degraded: Scenario = { ...tiny, network: { hostJitterNs: 1 }, faults: [{ kind: "degrade", gbps: 10, random: { count: 2, class: "any" } }] };
  const v = judge(degraded, stuckAs("dcqcn", [deafWarning]));
  assert.is(v.verdict, "slow");
  assert.match(v.detail, "1 without progress (failed 0: the stuck flows hear no congestion (cc none, or a CC the build warned runs as cc none would) and send into a degraded link or a slow receiver (harness/README, seed 4,839,937))");
  // cc none, or a slow receiver (rxGbps below the 100 Gb/s link, a slow fault) instead of the degraded link: the same.
  assert.is(judge(degraded, stuckAs("none")).verdict, "slow");
  assert.is(judge({ ...tiny, network: { rxGbps: 50, hostJitterNs: 1 } }, stuckAs("none")).verdict, "slow");
  assert.is(judge({ ...tiny, network: { hostJitterNs: 1 }, faults: [{ kind: "slow", hosts: [1], rxFraction: 0.5 }] }, stuckAs("none")).verdict, "slow");
  // DCQCN that can hear marks, another CC, or no slower link: stalled.
  assert.is(judge(degraded, stuckAs("dcqcn")).verdict, "stalled");
  assert.is(judge(degraded, stuckAs("dctcp", [deafWarning])).verdict, "stalled");
  assert.is(judge({ ...tiny, network: { hostJitterNs: 1 } }, stuckAs("dcqcn", [deafWarning])).verdict, "stalled");
  assert.is(judge({ ...tiny, network: { rxGbps: 100, hostJitterNs: 1 } }, stuckAs("none")).verdict, "stalled");
});

test("judge: a flow given up with no fault and no slow receiver is failed, in the run or a longer rerun; with either it is only counted", () => {
  // Review rev-soak: soak seeds 232 and 278 (DCP, no faults) read "slow … (failed 2)" and
  // "(failed 6)", a flow given up where nothing is lost on purpose.
  const gaveUp = (end: number): Results => ({ ...real, completed: 0, failed: 1, simulatedUs: end, flows: [{ ...real.flows[0], status: "failed", fctUs: null }] });
  const v = judge(tiny, () => gaveUp(20_000));
  assert.equal([v.verdict, v.detail], ["failed", "1 of 1 flows failed (flow 0) and 0 open at 20000 µs, with no fault and no slow receiver; with network.hostJitterNs 1, 0 still open and 1 failed at 20000 µs; with network.hostJitterNs 332, 0 still open and 1 failed at 20000 µs"]);
  // Seed 4,971,794: given up without jitter, done with 1 ns of it: the detail names the lockout, the verdict stays.
  const lockout = judge(tiny, (s) => ((s.network?.hostJitterNs ?? 0) > 0 ? { ...real, simulatedUs: 15_296 } : gaveUp(20_000)));
  assert.equal([lockout.verdict, lockout.detail], ["failed", "1 of 1 flows failed (flow 0) and 0 open at 20000 µs, with no fault and no slow receiver; with network.hostJitterNs 1 every flow finishes, by 15296 µs: a phase lockout (harness/README)"]);
  // A fault of any kind, or a host processing below its 100 Gb/s link (network.rxGbps, a slow
  // fault, a put's rxFraction), is a cause: the run is judged as before, here ok.
  const causes: Scenario[] = [
    { ...tiny, faults: [{ kind: "corrupt", probability: 0.01, everywhere: true }] },
    { ...tiny, faults: [{ kind: "slow", hosts: [1], rxFraction: 0.5 }] },
    { ...tiny, network: { rxGbps: 50 } },
    { ...tiny, traffic: [...tiny.traffic, { kind: "put", senders: 1, receiver: 1, bytes: 1000, rxFraction: 0.5 }] },
    // DCP on switches that drop: every loss waits for a whole-message timeout, and an incast's
    // resends can take every retry (seeds 232 and 278, lib/reliability/dcp README).
    { ...tiny, network: { trimming: false }, transport: { ...tiny.transport, reliability: { name: "dcp" } } },
    // Under PFC with a buffer of its own a queue still drops (soak seeds 4,746,335 … 4,750,282).
    { ...tiny, network: { pfc: {}, bufferBytes: 30_000 }, transport: { ...tiny.transport, reliability: { name: "dcp" } } },
  ];
  for (const c of causes) assert.is(judge(c, () => gaveUp(20_000)).verdict, "ok", JSON.stringify(c));
  // DCP on trimming switches, or lossless under PFC, has no such cause; nor another module without trimming.
  for (const c of [
    { ...tiny, transport: { ...tiny.transport, reliability: { name: "dcp" } } },
    { ...tiny, network: { trimming: false, pfc: {} }, transport: { ...tiny.transport, reliability: { name: "dcp" } } },
    { ...tiny, network: { pfc: {}, bufferBytes: 30_000, trimming: true }, transport: { ...tiny.transport, reliability: { name: "dcp" } } },
    { ...tiny, network: { trimming: false }, transport: { ...tiny.transport, reliability: { name: "rud" } } },
  ] as Scenario[]) assert.is(judge(c, () => gaveUp(20_000)).verdict, "failed", JSON.stringify(c));
  // Processing at the link's rate (or faster) slows nothing.
  assert.is(judge({ ...tiny, network: { rxGbps: 100 } }, () => gaveUp(20_000)).verdict, "failed");
  assert.is(judge({ ...tiny, traffic: [...tiny.traffic, { kind: "put", senders: 1, receiver: 1, bytes: 1000, rxFraction: 1 }] }, () => gaveUp(20_000)).verdict, "failed");
  // Open at 20 ms and given up by the tenfold rerun (seeds 232 and 278): failed, where it read slow.
  let calls = 0;
  const later = (s: Scenario) => judge(s, () => (++calls === 1 ? open(1, 20_000) : gaveUp(200_000)));
  const rerun = later(tiny);
  assert.equal([rerun.verdict, calls], ["failed", 4]);
  assert.is(rerun.detail, "1 of 1 flows open at 20000 µs, 0 at 200000 µs, 0 without progress (failed 1: flow 0, with no fault and no slow receiver); with network.hostJitterNs 1, 0 still open and 1 failed at 200000 µs; with network.hostJitterNs 332, 0 still open and 1 failed at 200000 µs");
  calls = 0;
  assert.is(later(causes[0]).verdict, "slow");
  // A flow whose CC hears no congestion may be starved past its retry limit at a bottleneck (seed
  // 4,848,179: a 10:1 incast under go-back-N and a TIMELY whose T_low lies above every RTT): cc
  // none, or a CC the build warned "runs as cc none would", is a cause; another CC is not.
  const deafTimely = "transport.cc: timely reacts to no single congested queue: … at a single bottleneck (an incast) it runs as cc none would. …";
  const gaveUpUnder = (cc: string, warnings?: string[]) => (): Results => {
    const r = gaveUp(20_000);
    return { ...r, ...(warnings ? { warnings } : {}), flows: [{ ...r.flows[0], cc }] };
  };
  assert.is(judge(tiny, gaveUpUnder("timely", [deafTimely])).verdict, "ok");
  assert.is(judge(tiny, gaveUpUnder("none")).verdict, "ok");
  assert.is(judge(tiny, gaveUpUnder("timely")).verdict, "failed");
  assert.is(judge(tiny, gaveUpUnder("dctcp", [deafTimely])).verdict, "failed");
  // DCP HOs refused by a full RetransQ (§4.3) are left to the timeout on purpose, a cause the
  // run itself shows (seed 4,759,312), in the run or the rerun.
  const refusing = (r: Results): Results => ({ ...r, metrics: { ...r.metrics, controlPlane: { ...r.metrics.controlPlane, hoRefused: 3 } } });
  const dcp: Scenario = { ...tiny, transport: { ...tiny.transport, reliability: { name: "dcp" } } };
  assert.is(judge(dcp, () => refusing(gaveUp(20_000))).verdict, "ok");
  calls = 0;
  assert.is(judge(dcp, () => (++calls === 1 ? open(1, 20_000) : refusing(gaveUp(200_000)))).verdict, "slow");
});

test("judge: a flow delivered but never acknowledged is open: stalled while its sender hears nothing, slow once it does", () => {
  // The receiver has the data, so results call the flow complete; its sender still waits for
  // the last ACK (review rev-soak: every ACK lost read "ok: 2/2 done").
  const unacked = (end: number): Results => ({ ...real, simulatedUs: end, flows: [{ ...real.flows[0], ackedUs: null, slowdownHpcc: null }] });
  const ends: number[] = [];
  const v = judge(tiny, (s) => {
    ends.push(s.run?.endUs as number);
    return unacked(s.run?.endUs as number);
  });
  assert.equal(ends, [20_000, 200_000, 2_000_000, 200_000, 200_000]);
  assert.equal(
    [v.verdict, v.detail],
    ["stalled", "1 of 1 flows open at 20000 µs (1 delivered, their last ACK not heard), 1 at 2000000 µs, 1 without progress (failed 0); with network.hostJitterNs 1, 1 still open and 0 failed at 200000 µs; with network.hostJitterNs 332, 1 still open and 0 failed at 200000 µs"],
  );
  // Heard by the tenfold run: slow.
  let calls = 0;
  assert.is(judge(tiny, () => (++calls === 1 ? unacked(20_000) : { ...real, simulatedUs: 20_001 })).verdict, "slow");
  // The real fabric: a one-packet flow into host 1 whose every ACK is lost. RUD resends on its
  // RTO without end, and no ACK ever comes back.
  const deaf: Scenario = {
    ...tiny,
    transport: { reliability: { name: "rud" } },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes: 1000 }] }],
    faults: [{ kind: "loss", probability: 1, packets: ["ack"], links: [{ host: 1 }] }],
    run: { endUs: 2_000, faultBaseline: false },
  };
  const lost = judge(deaf);
  assert.is(lost.verdict, "stalled", lost.detail);
  assert.match(lost.detail, /^1 of 1 flows open at 2000 µs \(1 delivered, their last ACK not heard\)/);
});

test("judge: reruns carry an event budget; one cut by it is the last, and the detail says so", () => {
  const budgets: (number | undefined)[] = [];
  // Stuck, and the tenfold rerun spends its events by 60 ms: the hundredfold would stop there too.
  const cut = judge(tiny, (s) => {
    budgets.push(s.run?.maxEvents);
    return budgets.length === 1 ? open(1, 20_000) : { ...open(1 / 3, 60_000), eventBudgetSpent: true };
  });
  // The third and fourth runs are the jitter hint's (1 ns, then a packet's time), under the same budget.
  assert.equal(budgets, [RERUN_MAX_EVENTS, RERUN_MAX_EVENTS, RERUN_MAX_EVENTS, RERUN_MAX_EVENTS]);
  assert.is(cut.verdict, "stalled");
  assert.is(
    cut.detail,
    `1 of 1 flows open at 20000 µs, 1 at 60000 µs (the rerun spent its ${RERUN_MAX_EVENTS} events), 1 without progress (failed 0); with network.hostJitterNs 1, 1 still open and 0 failed at 60000 µs; with network.hostJitterNs 332, 1 still open and 0 failed at 60000 µs`,
  );
  // Moving on by where the budget stopped it: slow.
  budgets.length = 0;
  const moved = judge(tiny, (s) => {
    budgets.push(s.run?.maxEvents);
    return budgets.length === 1 ? open(1, 20_000) : { ...open(0.5, 60_000), eventBudgetSpent: true };
  });
  assert.equal([moved.verdict, budgets.length], ["slow", 2]);
});

test("judge: the run itself carries the event budget; one that spends it is slow, without reruns", () => {
  // Seed 3,581,308 (a PFC deadlock under one-quantum frames) simulated about 1 µs a second.
  const budgets: (number | undefined)[] = [];
  const spent = judge(tiny, (s) => {
    budgets.push(s.run?.maxEvents);
    return { ...open(1, 52), eventBudgetSpent: true };
  });
  assert.equal(budgets, [RERUN_MAX_EVENTS]);
  assert.equal([spent.verdict, spent.detail], ["slow", `1 of 1 flows open when the run spent its ${RERUN_MAX_EVENTS} events at 52 µs`]);
  // Seed 3,581,308 is 4 mod 8: the run with sampling switched would stop at another point.
  budgets.length = 0;
  const observed = judge({ ...tiny, seed: 4 }, (s) => {
    budgets.push(s.run?.maxEvents);
    return { ...open(1, budgets.length === 1 ? 52 : 51), eventBudgetSpent: true };
  });
  assert.equal([observed.verdict, budgets.length], ["slow", 1]);
  // A scenario's own budget stands.
  budgets.length = 0;
  judge({ ...tiny, run: { ...tiny.run, maxEvents: 1000 } }, (s) => {
    budgets.push(s.run?.maxEvents);
    return real;
  });
  assert.equal(budgets, [1000]);
});

test("judge: a longer rerun is judged as a run: a failed integrity check, module errors or an impossible speed there is that, not slow", () => {
  // Open at 20 ms and moving on (slow so far), but the tenfold rerun is unsound (harness/README:
  // the soak "reports a crash, a failed integrity check, module errors, …" of the runs it makes).
  let calls = 0;
  const later = (bad: Partial<Results>) => judge(tiny, () => (++calls === 1 ? open(1, 20_000) : { ...open(0.2, 200_000), ...bad }));
  const twice = later({ integrity: { ok: false, violations: ["flow 0: PSN 7 delivered twice or outside the message"] } });
  assert.equal([twice.verdict, twice.detail], ["integrity", "the 10-times-longer run: flow 0: PSN 7 delivered twice or outside the message"]);
  calls = 0;
  assert.is(later({ totals: { ...real.totals, moduleErrors: 2 } }).verdict, "errors");
  calls = 0;
  const both = later({ totals: { ...real.totals, moduleErrors: 2 }, integrity: { ok: false, violations: ["CC and load-balancer modules rejected 2 calls"] } });
  assert.equal([both.verdict, both.detail], ["errors", "the 10-times-longer run: CC and load-balancer modules rejected 2 calls"]);
  // A flow the rerun completed faster than its ideal.
  calls = 0;
  const ideal = real.flows[0].idealUs;
  const fast = judge(tiny, () => (++calls === 1 ? open(1, 20_000) : { ...real, simulatedUs: 200_000, flows: [{ ...real.flows[0], fctUs: ideal / 2 }] }));
  assert.is(fast.verdict, "physics");
});

test("judge: a run cut by its event budget is still held to physics: a flow it completed faster than its ideal is that, not slow", () => {
  const ideal = real.flows[0].idealUs;
  const two: Results = {
    ...real,
    flowsTotal: 2,
    completed: 1,
    eventBudgetSpent: true,
    flows: [{ ...real.flows[0], fctUs: ideal / 2 }, { ...open(1, 52).flows[0], flow: 1 }],
  };
  assert.is(judge(tiny, () => two).verdict, "physics");
});

test("judge: a flow stuck at 13,000 B is stalled, though goodput's rounding (0.001 Gb/s) makes it read 12,500 B at 20 ms and 25,000 B at 200 ms", () => {
  // harness/README: "a flow still open that delivers nothing more when the run lasts ten, then a
  // hundred times as long" is stalled. 13,000 B is 0.0052 Gb/s over 20 ms, 0.00052 over 200 ms,
  // 0.000052 over 2 s: rounded 0.005, 0.001 and 0; the judgement reads the exact bytes.
  const ends: number[] = [];
  const stuck = judge(tiny, (s) => {
    const end = s.run?.endUs as number;
    ends.push(end);
    return crawl(13_000, end);
  });
  assert.equal(ends, [20_000, 200_000, 2_000_000, 200_000, 200_000]);
  assert.is(stuck.verdict, "stalled", stuck.detail);
  // One packet more by 200 ms is progress: slow.
  let calls = 0;
  assert.is(judge(tiny, () => (++calls === 1 ? crawl(13_000, 20_000) : crawl(14_500, 200_000))).verdict, "slow");
});

test.run();
