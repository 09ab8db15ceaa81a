// The fabric's glue around PFC (lib/switch/pfc at the ingress, PAUSE/XON frames to the port
// upstream) and around faults (links down and back, slow receivers), checked against IEEE
// 802.1Qbb / 802.3 Annex 31B as lib/switch/pfc/README.md summarises them and against the fault
// model of harness/README.md ("Faults").
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PFC_PAUSE, Pfc } from "../../lib/switch/pfc/pfc";
import { PfcShared } from "../../lib/switch/pfc/shared";
import { FIFO_DATA, PortQueues, QUEUE_PAUSED } from "../../lib/switch/queue/queue";
import { collect } from "../metrics/results";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import { reversePort } from "../scenario/faults";
import type { Scenario } from "../scenario/schema";
import { Ev } from "./fabric";
import { Flag, Kind, P, type PacketPool } from "./packets";
import { oneSwitchScenario } from "./test-support";

/** The fabric's internals these tests watch (private members, reached on purpose). */
interface Inside {
  now: number;
  nowNs: number;
  pool: PacketPool;
  qPkts: Int32Array;
  pfcStorms: number;
  transmit(port: number, h: number): void;
  sendPause(iq: number, durationNs: number): void;
  pauseFrame(port: number, durationNs: number): void;
  forward(sw: number, h: number): void;
  ctrlPush(host: number, h: number): void;
  paused(): { ps: number; ports: number; episodes: number };
  run(): void;
}

const incast = (extra: Partial<Scenario>, senders = 6, bytes = 300_000): Scenario => ({
  ...DEFAULT_SCENARIO,
  name: "pfc glue",
  topology: { kind: "leafspine", leaves: 2, spines: 2, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000 },
  traffic: [{ kind: "incast", senders, receiver: 0, bytes }],
  transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
  ...extra,
  network: { ...DEFAULT_SCENARIO.network, trimming: undefined, bufferBdp: undefined, ...(extra.network ?? {}) },
});

test("PFC frames: PAUSE above XOFF, XON at or below XON, each reaching the port upstream one cable delay later with the duration sent (65,535 quanta of 512 bit times)", () => {
  const b = build(incast({ network: { pfc: { xoffBytes: 30_000 } } }));
  const f = b.fabric as unknown as Inside;
  const pfc = b.fabric.pfc as NonNullable<typeof b.fabric.pfc>;
  const sent: number[][] = [];
  const got: number[][] = [];
  const send = f.sendPause.bind(f);
  f.sendPause = (iq, d) => {
    sent.push([f.now, iq, d, pfc.queueBytes(iq), pfc.paused(iq) ? 1 : 0]);
    send(iq, d);
  };
  const frame = f.pauseFrame.bind(f);
  f.pauseFrame = (up, d) => {
    got.push([f.now, up, d]);
    frame(up, d);
  };
  f.run();
  assert.equal(b.fabric.checkIntegrity(), []);
  assert.is(b.fabric.finished, true);
  assert.ok(sent.some((x) => x[2] > 0) && sent.some((x) => x[2] === 0), "the incast paused and resumed");
  // 802.3 Annex 31B: 65,535 × 512 bit times at 100 Gb/s = 335,539.2 ns, in whole ns 335,540.
  const frameNs = Math.ceil((65_535 * 512) / 100);
  const byTime = new Map<string, number>();
  for (const [t, up, d] of got) byTime.set(`${t}/${up}/${d}`, (byTime.get(`${t}/${up}/${d}`) ?? 0) + 1);
  for (const [t, iq, d, q, paused] of sent) {
    if (d > 0) {
      assert.is(d, frameNs);
      assert.ok(q > 30_000, `PAUSE with ${q} B queued`);
      assert.is(paused, 1);
    } else assert.ok(q <= 30_000 - 3072, `XON with ${q} B queued (XON = XOFF − 3 KB)`);
    // The frame goes back over the cable the data came in on: 1 µs.
    const key = `${t + 1e6}/${reversePort(b.topology, iq)}/${d}`;
    const n = byTime.get(key) ?? 0;
    assert.ok(n > 0, `frame from ingress ${iq} at ${t} ps never reached its upstream 1 µs later`);
    byTime.set(key, n - 1);
  }
  assert.is(got.length, sent.length);
});

test("every PAUSE a Pfc sends by default is one PortQueues.onPause takes (at most 2^30 ns), at any link rate: the upstream pauses", () => {
  // pauseFrame passes Pfc's out.frameNs to onPause unchecked; onPause refuses more than 2^30 ns.
  // Pfc's default quanta are capped so that the frame lasts at most that (pfc-defaults.test.ts);
  // at 0.02 Gb/s 65535 quanta would last 1,677,696,000 ns and the upstream would never pause.
  for (const linkGbps of [0.01, 0.02, 0.03, 0.0312, 0.04, 1, 100, 800]) {
    const pfc = new Pfc({ linkGbps, xoffBytes: 1000 }, 1);
    pfc.open(0);
    assert.is(pfc.onArrive(0, 0, 1500), PFC_PAUSE, `${linkGbps} Gb/s`);
    const q = new PortQueues({ profile: "droptail", linkGbps, dataLimitBytes: 100_000 }, 1);
    q.open(0, false);
    assert.is(q.onPause(0, 0, FIFO_DATA, pfc.out[0]), 0, `${linkGbps} Gb/s: a ${pfc.out[0]} ns PAUSE`);
    assert.is(q.errors, 0);
    assert.is(q.onEnqueue(0, 0, 1, 1000, 0), 1);
    assert.is(q.onDequeue(0, 1), QUEUE_PAUSED, `${linkGbps} Gb/s: the data FIFO is paused`);
  }
});

test("PFC counters agree with the frames: PAUSEs and XONs sent, the modules' resumes, and the time paused as 802.3 defines it (a PAUSE restarts the timer, an XON stops it)", () => {
  const b = build(incast({ network: { pfc: { xoffBytes: 30_000 } } }));
  const f = b.fabric as unknown as Inside;
  const pfc = b.fabric.pfc as NonNullable<typeof b.fabric.pfc>;
  const got = new Map<number, number[][]>();
  const frame = f.pauseFrame.bind(f);
  f.pauseFrame = (up, d) => {
    if (!got.has(up)) got.set(up, []);
    (got.get(up) as number[][]).push([f.now, d]);
    frame(up, d);
  };
  f.run();
  let frames = 0;
  let resumes = 0;
  for (let p = 0; p < b.topology.ports; p++) {
    frames += pfc.pauseFrames(p);
    resumes += pfc.resumes(p);
  }
  assert.is(b.fabric.pauseOnFrames, frames);
  assert.is(b.fabric.xonFrames, resumes);
  assert.is(b.fabric.pauseFrames, frames + resumes);
  // Paused time by hand from the frames each port received, up to the end of the run.
  const end = b.fabric.now;
  let ps = 0;
  for (const list of got.values()) {
    let until = 0;
    let since = 0;
    for (const [t, d] of list) {
      const on = until > t;
      if (on) ps += t - since;
      since = t;
      until = d > 0 ? t + d * 1000 : t;
    }
    ps += Math.max(0, Math.min(until, end) - since);
  }
  assert.is(f.paused().ps, ps);
  assert.is(f.paused().ports, [...got.values()].filter((l) => l.some(([, d]) => d > 0)).length);
});

test("PFC refresh: while an ingress queue stays above XON its PAUSE is renewed before the one in force runs out, so the upstream never resumes on a timeout", () => {
  // The receiver's link cut to 1 Gb/s: queues behind it stay paused for milliseconds, far longer
  // than one frame (335.54 µs), with no arrival or departure for 33.2 µs at a time.
  const b = build(
    incast({ network: { pfc: {} }, transport: { cc: { name: "dcqcn" }, lb: { name: "ecmp" }, reliability: { name: "rud" } }, faults: [{ kind: "degrade", links: [{ host: 0 }], gbps: 1 }], run: { faultBaseline: false } }, 4, 100_000),
  );
  const f = b.fabric as unknown as Inside;
  const until = new Map<number, number>();
  let renewed = 0;
  let lapsed = 0;
  let episodes = 0;
  const frame = f.pauseFrame.bind(f);
  f.pauseFrame = (up, d) => {
    const u = until.get(up) ?? 0;
    if (d > 0 && u > 0) {
      if (u > f.now) renewed++;
      else lapsed++;
    }
    if (d > 0 && u === 0) episodes++;
    until.set(up, d > 0 ? f.now + d * 1000 : 0);
    frame(up, d);
  };
  f.run();
  assert.equal(b.fabric.checkIntegrity(), []);
  assert.is(b.fabric.finished, true);
  assert.is(b.fabric.pfcDrops, 0);
  assert.ok(renewed > 0, "pauses were renewed");
  assert.is(lapsed, 0, "a PAUSE ran out while its queue was still above XON");
  // A pause episode is the first PAUSE after an XON (or none); the rest renew it. The results'
  // `pfc.pauses` counts episodes, `pfc.pauseFrames` every PAUSE (review rev-fabsw: the console
  // printed the frames as "PFC pauses").
  assert.is(f.paused().episodes, episodes);
  assert.is(b.fabric.pauseOnFrames, episodes + renewed);
});

/**
 * Leaf 0 of a 2 × 2 leaf–spine with two hosts a leaf and a watchdog of 1 ms to detect and 2 ms to
 * restore; `port` is leaf 0's port to host 1. Nothing is paused yet.
 */
function watchdogRig(pfc: Record<string, unknown>, network: Partial<Scenario["network"]> = {}) {
  const b = build({
    ...DEFAULT_SCENARIO,
    name: "watchdog",
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 3, bytes: 100_000 }] }],
    topology: { kind: "leafspine", leaves: 2, spines: 2, hostsPerLeaf: 2 },
    network: { ...network, pfc: { xoffBytes: 100_000, watchdogNs: 1_000_000, watchdogRestoreNs: 2_000_000, ...pfc } },
  });
  const f = b.fabric as unknown as Inside;
  const at = (us: number) => {
    f.now = us * 1e6;
    f.nowNs = us * 1000;
  };
  // Leaf 0's local ports: 0 and 1 to its hosts, 2 and 3 to the spines.
  const port = b.topology.nodePortBase[b.topology.hosts] + 1;
  /** A packet of `kind` (with packets.ts Flag bits `flags`) for host `dst` entering leaf 0 on its local port `inPort`. */
  const enter = (kind: Kind, dst: number, inPort: number, flags = 0) => {
    const h = f.pool.alloc(kind, 0, dst, kind === Kind.Data ? 4150 : 64);
    f.pool.i32[(h << 4) + P.InPort] = inPort;
    f.pool.i32[(h << 4) + P.Flags] = flags;
    f.forward(0, h);
  };
  /** A PAUSE frame of 300 µs (or an XON, 0) reaching the port at `us`. */
  const frame = (us: number, durationNs = 300_000) => {
    at(us);
    f.pauseFrame(port, durationNs);
  };
  /** The fabric's total paused time at `us`, ps. */
  const pausedAt = (us: number) => {
    at(us);
    return f.paused().ps;
  };
  return { b, f, at, frame, pausedAt, port, enter };
}

/** The rig's port paused from 1 µs and refreshed every 100 µs with three data packets queued: a storm at the frame of 1001 µs. */
function storm(pfc: Record<string, unknown>) {
  const rig = watchdogRig(pfc);
  const { f, frame, port, enter } = rig;
  frame(1);
  for (let i = 0; i < 3; i++) enter(Kind.Data, 1, 2);
  assert.is(f.qPkts[port], 3);
  // At 901 µs it has been paused 900 µs, at 1001 µs 1 ms.
  for (let us = 101; us <= 901; us += 100) frame(us);
  assert.is(f.pfcStorms, 0, "not before the detection time");
  frame(1001);
  assert.is(f.pfcStorms, 1, "a storm once paused for the detection time");
  return rig;
}

test("PFC watchdog detection: a pause counts from its start, an XON ends it, and a port with nothing queued is no storm", () => {
  const late = watchdogRig({});
  late.frame(501);
  late.enter(Kind.Data, 1, 2);
  for (let us = 601; us <= 1401; us += 100) late.frame(us);
  assert.is(late.f.pfcStorms, 0, "paused since 501 µs: 900 µs at 1401");
  late.frame(1501);
  assert.is(late.f.pfcStorms, 1);
  const xon = watchdogRig({});
  xon.frame(1);
  xon.enter(Kind.Data, 1, 2);
  for (let us = 101; us <= 901; us += 100) xon.frame(us);
  xon.frame(1001, 0);
  assert.is(xon.f.pfcStorms, 0, "an XON is the pause's end, not a storm");
  const empty = watchdogRig({});
  for (let us = 1; us <= 2001; us += 100) empty.frame(us);
  assert.is(empty.f.pfcStorms, 0, "paused 2 ms with nothing to send");
});

test("PFC watchdog: a port paused without a break for detectNs with data queued ignores PAUSE frames for restoreNs, then obeys them again", () => {
  const { f, frame, pausedAt } = storm({});
  const pausedAtStorm = f.paused().ps;
  assert.is(pausedAtStorm, 1000e6, "the pause ended at the storm");
  frame(2900);
  assert.is(pausedAt(3000), pausedAtStorm, "frames ignored for the restoration time");
  frame(3001);
  assert.is(pausedAt(3011), pausedAtStorm + 10e6, "obeyed again after it");
  assert.is(f.pfcStorms, 1);
});

test("PFC watchdog, drop action (SONiC pfcwd's default; DCP §2.1): the storming port's data queue is flushed, and until restoration data bound for it or arriving on it is discarded; control packets and other ports' data pass", () => {
  const { b, f, at, frame, port, enter } = storm({ watchdogAction: "drop" });
  const fab = b.fabric;
  assert.is(f.qPkts[port], 0, "the three queued data packets flushed");
  assert.equal([fab.wdDrops, fab.wdFlushed, fab.dataDropped], [3, 3, 3]);
  at(1002);
  enter(Kind.Data, 1, 2);
  assert.equal([fab.wdDrops, fab.wdFlushed, fab.dataDropped], [4, 3, 4], "data bound for the port");
  enter(Kind.Data, 3, 1);
  assert.equal([fab.wdDrops, fab.dataDropped], [5, 5], "data arriving on the port (its priority group), bound elsewhere");
  const live = f.pool.live;
  enter(Kind.Ack, 1, 2);
  enter(Kind.Data, 3, 0);
  assert.equal([fab.wdDrops, fab.droppedByKind[Kind.Ack], fab.dataDropped], [5, 0, 5], "an ACK for the port, and another port's data, pass");
  // Trimmed headers travel in the control FIFO: not the priority the watchdog discards, bound
  // for the port or arriving on it.
  enter(Kind.Header, 1, 2);
  enter(Kind.Header, 3, 1);
  assert.equal([fab.wdDrops, fab.droppedByKind[Kind.Header]], [5, 0], "trimmed headers pass");
  assert.is(f.pool.live, live + 4, "all four alive, queued or sent");
  // Fixed restoration: 2 ms after the detection, whatever frames came meanwhile.
  frame(2900);
  at(3000);
  enter(Kind.Data, 1, 2);
  assert.is(fab.wdDrops, 6, "still mitigating at 3000 µs");
  at(3001);
  enter(Kind.Data, 1, 2);
  enter(Kind.Data, 3, 1);
  assert.equal([fab.wdDrops, fab.dataDropped, f.pool.live], [6, 6, live + 6], "restored at 3001 µs (the frame of 2900 µs did not postpone it): both taken again");
});

test("PFC watchdog: a port paused for detectNs holding only packets of another priority (an ACK in the control FIFO) is no storm; under dcp, where ACKs are PFC's, the same ACK held in the data FIFO is", () => {
  // SONiC pfcwd / Junos pfc-watchdog watch a priority's queue: a storm is a queue of the paused
  // priority that holds packets and cannot send. The fabric asked whether the port held any
  // packet (both FIFOs), so a port holding only a control packet waiting behind one being
  // serialised was a storm, and the drop action then discarded its data for restoreNs.
  const plain = watchdogRig({ watchdogAction: "drop" });
  plain.frame(1);
  for (let us = 101; us <= 901; us += 100) plain.frame(us);
  plain.at(1000.99);
  // uec-htsim: the first ACK leaves at once (the control FIFO is not paused, the port idle),
  // the second waits out its 64 B × 8 / 100 Gb/s = 5.12 ns behind it.
  plain.enter(Kind.Ack, 1, 2);
  plain.enter(Kind.Ack, 1, 2);
  const q = plain.b.fabric.queues;
  assert.equal([q.dataPackets(plain.port), q.controlPackets(plain.port)], [0, 1]);
  plain.frame(1001);
  assert.is(plain.f.pfcStorms, 0, "paused 1 ms with no packet of PFC's priority queued");
  plain.at(1002);
  plain.enter(Kind.Data, 1, 2);
  assert.is(plain.b.fabric.wdDrops, 0, "data for the port is queued, not discarded");
  const dcp = watchdogRig({ watchdogAction: "drop" }, { queue: { profile: "dcp" } });
  dcp.frame(1);
  for (let us = 101; us <= 901; us += 100) dcp.frame(us);
  dcp.at(1000.99);
  dcp.enter(Kind.Ack, 1, 2);
  const qd = dcp.b.fabric.queues;
  // Leaf 0's ingress from spine 0 accounts the 64 B ACK, and releases it when it is flushed.
  const pfc = dcp.b.fabric.pfc as NonNullable<typeof dcp.b.fabric.pfc>;
  const iq = dcp.b.topology.nodePortBase[dcp.b.topology.hosts] + 2;
  assert.equal([qd.dataPackets(dcp.port), qd.controlPackets(dcp.port), pfc.queueBytes(iq)], [1, 0, 64], "dcp: the ACK waits in the paused data FIFO");
  dcp.frame(1001);
  assert.is(dcp.f.pfcStorms, 1);
  assert.equal([dcp.b.fabric.wdDrops, dcp.b.fabric.wdFlushed, pfc.queueBytes(iq)], [1, 1, 0], "the ACK flushed with the data FIFO");
});

test("PFC watchdog, quiet restoration (SONiC's restoration time): the storming port restores only once no PAUSE frame has come for restoreNs", () => {
  const { b, f, frame, pausedAt } = storm({ watchdogRestore: "quiet" });
  const pausedAtStorm = f.paused().ps;
  // Frames at 1500 and 2900 µs postpone restoration to 4900 µs; under the fixed rule the frame
  // of 3001 µs was obeyed (the test above).
  for (const us of [1500, 2900, 3001]) frame(us);
  assert.is(pausedAt(4899), pausedAtStorm, "frames ignored while they keep coming");
  frame(4899);
  frame(6898);
  frame(7000, 0);
  assert.is(pausedAt(8897), pausedAtStorm, "the frames of 4899 and 6898 µs postponed it again, to 8898 µs (an XON does not)");
  // The shortest PAUSE (one quantum at 800 Gb/s, 0.64 ns rounded up to 1) is a storm frame too.
  frame(8000, 1);
  frame(9000);
  assert.is(pausedAt(9010), pausedAtStorm, "the frame of 9000 µs ignored: the 1 ns one postponed restoration to 10,000 µs (and it to 11,000)");
  frame(11_000);
  assert.is(pausedAt(11_010), pausedAtStorm + 10e6, "obeyed after 2 ms without one");
  assert.is(f.pfcStorms, 1);
  assert.is(b.fabric.wdDrops, 0, "forward: nothing discarded");
});

test("PFC headroom covers the round trip the fabric models: with 1 µs of switch forwarding latency (added to links leaving a switch) an incast under default PFC never drops", () => {
  // lib/switch/pfc README: the headroom is "bytes that can still arrive after XOFF is crossed:
  // the PAUSE's trip up the cable and the data already on the way back". The PAUSE crosses the
  // cable only (sendPause), but data from an upstream switch crosses its forwarding latency too
  // (latPs), so the default 2 × cable BDP + 2 × MTU falls short by rate × switchLatencyNs.
  // Fix (fabric.ts, where the Pfc is built): default headroomBytes to
  // pfcHeadroomBytes(linkGbps, cableNs, mtu) + ⌈linkGbps × switchLatencyNs / 8⌉.
  const r = runScenario(incast({ topology: { kind: "fattree", tiers: 3, k: 4, linkGbps: 100, latencyNs: 1000, switchLatencyNs: 1000 }, network: { pfc: { xoffBytes: 60_000 } } }, 8, 500_000));
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 8);
  assert.ok(r.metrics.pfc.pauseFrames > 0);
  assert.is(r.metrics.drops.pfc, 0, "PFC dropped beyond its headroom");
});

/** Four 2 MB flows from leaf 0's hosts to leaf 1's, no CC, default PFC (rev-sw's pfc-fasthost.yaml). */
const crossLeaf = (topology: Scenario["topology"]): Scenario => ({
  ...DEFAULT_SCENARIO,
  name: "pfc per port",
  seed: 1,
  topology,
  network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: false, pfc: {} },
  transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: "rud" }, ackEveryBytes: 0 },
  traffic: [{ kind: "flows", flows: [0, 1, 2, 3].map((h) => ({ src: h, dst: h + 4, bytes: 2_000_000 })) }],
});

test("PFC is sized per port: 400 Gb/s hosts on a 100 Gb/s leaf–spine get a 400 Gb/s headroom, PAUSE and refresh at their leaf, and cross it without a drop", () => {
  // lib/switch/pfc README: headroom = 2 × cable BDP + 2 × MTU (+ the switch latency's bytes,
  // fabric.ts), a quantum 512 bit times, both of the link. One table sized at the base rate gave
  // the 400 Gb/s host ports 33,300 B: 1,013 drops, 1,013 timeouts, FCT p50 2,349 µs.
  const s = crossLeaf({ kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 4, linkGbps: 100, hostGbps: 400, latencyNs: 1000 });
  const b = build(s);
  const t = b.topology;
  const pfc = b.fabric.pfc as NonNullable<typeof b.fabric.pfc>;
  const leaf = t.portTo[t.hostPort(0)];
  const fromHost = t.attachPort(0);
  let fromSpine = -1;
  for (let p = t.nodePortBase[leaf]; p < t.nodePortBase[leaf] + t.nodePortCount[leaf]; p++) if (t.portTo[p] >= t.hosts) fromSpine = p;
  // From host 0 at 400 Gb/s over 1 µs, MTU 4150, no switch latency:
  //   headroom 2 × ⌈400 × 1000 / 8⌉ + 2 × 4150 + ⌈400 × 0 / 8⌉ = 100,000 + 8300 = 108,300 B;
  //   frame ⌈65535 × 512 / 400⌉ = ⌈83,884.8⌉ = 83,885 ns; refresh ⌊83,885 / 2⌋ = 41,942 ns.
  assert.equal([pfc.headroomBytes(fromHost), pfc.portFrameNs(fromHost), pfc.portRefreshNs(fromHost)], [108_300, 83_885, 41_942]);
  // From the spine at 100 Gb/s: 2 × 12,500 + 8300 = 33,300 B; ⌈335,539.2⌉ = 335,540 ns; 167,770 ns.
  assert.equal([pfc.headroomBytes(fromSpine), pfc.portFrameNs(fromSpine), pfc.portRefreshNs(fromSpine)], [33_300, 335_540, 167_770]);
  const r = runScenario(s);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 4);
  assert.ok(r.metrics.pfc.pauseFrames > 0, "the 100 Gb/s uplink backs up into the 400 Gb/s host ports");
  assert.is(r.metrics.drops.pfc, 0, "PFC dropped beyond its headroom");
  assert.is(r.totals.timeouts, 0);
});

test("PFC is sized per port: hosts on 10 µs cables (hostLatencyNs) get a 10 µs headroom, and a 3:1 incast on their leaf drops nothing", () => {
  // Host 0's leaf pauses hosts 1–3, whose ingress queues fill behind the port to host 0. From a
  // host at 100 Gb/s over 10 µs: 2 × ⌈100 × 10,000 / 8⌉ + 2 × 4150 = 250,000 + 8300 = 258,300 B
  // (sized for the 1 µs links, 33,300 B: 225 drops and as many timeouts).
  const s: Scenario = {
    ...crossLeaf({ kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000, hostLatencyNs: 10_000 }),
    traffic: [{ kind: "incast", senderList: [1, 2, 3], receiver: 0, bytes: 1_000_000 }],
  };
  const b = build(s);
  const pfc = b.fabric.pfc as NonNullable<typeof b.fabric.pfc>;
  assert.is(pfc.headroomBytes(b.topology.attachPort(1)), 258_300);
  const r = runScenario(s);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 3);
  assert.ok(r.metrics.pfc.pauseFrames > 0);
  assert.is(r.metrics.drops.pfc, 0, "PFC dropped beyond its headroom");
});

test("PFC over a switch buffer: each port's α is HPCC's (third.cc pfc_a_shift) from its rate over the hosts', unless switchBuffer.alphaLog2 is given", () => {
  // third.cc: shift = 3; for (i = rate; i > nic_rate && shift > 0; i /= 2) shift--. On 100 Gb/s
  // hosts: a 100 Gb/s port (from a host) keeps 3, α = 1/8; 200 Gb/s: 200 > 100 → 2, α = 1/4;
  // 400 Gb/s: 400, 200 > 100 → 1, α = 1/2. On 400 Gb/s hosts a 100 Gb/s uplink keeps 3.
  const alphas = (topology: Scenario["topology"], alphaLog2?: number) => {
    const s = crossLeaf(topology);
    s.network = { ...s.network, switchBuffer: { bytes: 4_000_000, ...(alphaLog2 !== undefined ? { alphaLog2 } : {}) } };
    const b = build(s);
    const pfc = b.fabric.pfc;
    assert.ok(pfc instanceof PfcShared);
    const t = b.topology;
    const leaf = t.portTo[t.hostPort(0)];
    let fromSpine = -1;
    for (let p = t.nodePortBase[leaf]; p < t.nodePortBase[leaf] + t.nodePortCount[leaf]; p++) if (t.portTo[p] >= t.hosts) fromSpine = p;
    const spine = t.portTo[fromSpine];
    const atSpine = t.nodePortBase[spine]; // the spine's port from a leaf
    return { b, got: [pfc.alphaLog2(t.attachPort(0)), pfc.alphaLog2(fromSpine), pfc.alphaLog2(atSpine)], table: pfc.params.poolAlphaLog2 };
  };
  const leafspine = (linkGbps: number, hostGbps: number): Scenario["topology"] => ({ kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 4, linkGbps, hostGbps, latencyNs: 1000 });
  assert.equal(alphas(leafspine(400, 100)).got, [-3, -1, -1]);
  assert.equal(alphas(leafspine(200, 100)).got, [-3, -2, -2]);
  assert.equal(alphas(leafspine(100, 100)).got, [-3, -3, -3]); // like links: the one α of before
  assert.equal(alphas(leafspine(100, 400)).got, [-3, -3, -3]); // slower uplinks: 1/8 too
  // Given, every port's: the table's poolAlphaLog2, as before per-port α.
  const given = alphas(leafspine(400, 100), 0);
  assert.equal([given.got, given.table], [[0, 0, 0], 0]);
  assert.is(alphas(leafspine(400, 100)).table, -3);
  // The mixed-α fabric runs clean: 100 Gb/s hosts across 400 Gb/s uplinks.
  const r = runScenario(alphas(leafspine(400, 100)).b.scenario);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 4);
  assert.is(r.metrics.drops.pfc, 0, "PFC dropped beyond its headroom");
});

test("PFC headroomBytes given: every port's, whatever its link; the PAUSE still lasts its own link's quanta", () => {
  const s = crossLeaf({ kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 4, linkGbps: 100, hostGbps: 400, latencyNs: 1000 });
  s.network = { ...s.network, pfc: { headroomBytes: 120_000 } };
  const b = build(s);
  const pfc = b.fabric.pfc as NonNullable<typeof b.fabric.pfc>;
  const t = b.topology;
  for (let p = 0; p < t.ports; p++) if (pfc.isOpen(p)) assert.is(pfc.headroomBytes(p), 120_000, `port ${p}`);
  // 400 Gb/s: ⌈65535 × 512 / 400⌉ = 83,885 ns.
  assert.is(pfc.portFrameNs(t.attachPort(0)), 83_885);
});

test("a headroomBytes given below what a port's own link needs is warned of; enough, or none given, is not", () => {
  const s = crossLeaf({ kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 4, linkGbps: 100, hostGbps: 400, latencyNs: 1000 });
  // The eight 400 Gb/s host links need 2 × ⌈400 × 1000 / 8⌉ + 2 × 4150 = 108,300 B each; the
  // 100 Gb/s links 2 × 12,500 + 8300 = 33,300, which 33,300 covers.
  s.network = { ...s.network, pfc: { headroomBytes: 33_300 } };
  const short = build(s).warnings.filter((w) => w.startsWith("network.pfc.headroomBytes"));
  assert.is(short.length, 1);
  assert.ok(short[0].includes("below what 8 ingress queue(s) need") && short[0].includes("108300 B for 400 Gb/s over a 1000 ns cable"), short[0]);
  for (const pfc of [{ headroomBytes: 108_300 }, {}]) {
    s.network = { ...s.network, pfc };
    assert.equal(build(s).warnings.filter((w) => w.startsWith("network.pfc.headroomBytes")), [], JSON.stringify(pfc));
  }
});

/** Host 0 sends to host 1 at line rate across one switch; host 0's link is down over [downUs, upUs). */
function downWindow(downUs: number, upUs: number) {
  const s: Scenario = {
    ...oneSwitchScenario("down and back", 100, [{ src: 0, dst: 1, bytes: 2_000_000 }]),
    faults: [{ kind: "down", links: [{ host: 0 }], atUs: downUs, untilUs: upUs }],
    run: { endUs: 3000, faultBaseline: false },
  };
  const b = build(s);
  const f = b.fabric as unknown as Inside;
  const nic = b.topology.nodePortBase[0];
  const back = reversePort(b.topology, nic);
  // Each packet's time on the wire: from its first bit out (now) to its last bit in (the end
  // of its serialisation at 100 Gb/s plus the 1 µs cable).
  const wire: { data: number[][]; ack: number[][] } = { data: [], ack: [] };
  const tx = f.transmit.bind(f);
  f.transmit = (port, h) => {
    const kind = f.pool.i32[(h << 4) + P.Kind];
    const span = [f.now, f.now + Math.ceil((f.pool.i32[(h << 4) + P.Bytes] * 8000) / 100) + 1e6];
    if (port === nic && kind === Kind.Data) wire.data.push(span);
    if (port === back && kind === Kind.Ack) wire.ack.push(span);
    tx(port, h);
  };
  f.run();
  const [down, up] = [downUs * 1e6, upUs * 1e6];
  const onWhileDown = (list: number[][]) => list.filter(([from, to]) => to > down && from < up).length;
  return { b, lost: b.fabric.faultTally[0].lost, expected: { data: onWhileDown(wire.data), ack: onWhileDown(wire.ack) } };
}

test("a link carries nothing while down: every packet on its wire at any time it was down is lost, in both directions, including those sent just before it came back", () => {
  // FaultKind.Down: "The link carries nothing while down". The fabric decided at the far end's
  // arrival only, so the ≈4 packets put on the wire in the last 1.33 µs of the outage (sent
  // onto a dead link) arrived after it came back and were delivered.
  // Fix (fabric.ts applyFault / faultArrive / markPort): when a port's last Down fault ends,
  // keep it in fault mode until max(busyUntil, now) + latPs (a wire is FIFO: that is the last
  // arrival of what it sent while down) and drop those arrivals to the fault that ended.
  const { b, lost, expected } = downWindow(5, 10);
  assert.equal(b.fabric.checkIntegrity(), []);
  assert.ok(expected.data > 10 && expected.ack > 0);
  assert.is(lost[Kind.Data], expected.data, "data packets on host 0's wire while it was down");
  assert.is(lost[Kind.Ack], expected.ack, "ACKs on the wire to host 0 while it was down");
  assert.is(b.fabric.finished, true, "and the link carries traffic again once up");
});

test("a link down for less than its wire's delay (0.5 µs of a 1 µs cable) loses what was on the wire meanwhile", () => {
  const { b, lost, expected } = downWindow(5, 5.5);
  assert.equal(b.fabric.checkIntegrity(), []);
  assert.ok(expected.data >= 4);
  assert.is(lost[Kind.Data], expected.data);
  assert.is(lost[Kind.Ack], expected.ack);
});

test("a slow-receiver fault that ends with packets queued keeps the host's processing order: no out-of-order arrival on a single path", () => {
  // DACK §I: packets "are subsequently queued up within the networking hardware buffer due to
  // the endpoint's limited processing capacity" — a queue drains in order. With no receive
  // limit of its own (rxGbps 0), the host's packets arriving once the fault ended went straight
  // to the transport, ahead of those still queued (the DACK host-queue path already waits).
  // Fix (fabric.ts hostReceive): enqueue data while `this.rxHead[host] >= 0` too, as queueArrive does.
  const mk = (faults: Scenario["faults"]): Scenario => ({
    ...oneSwitchScenario("slow then not", 100, [{ src: 0, dst: 1, bytes: 2_000_000 }]),
    network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: false, rxBufferBytes: 10_000_000 },
    faults,
    run: { endUs: 3000, faultBaseline: false },
  });
  const plain = runScenario(mk([]));
  assert.is(plain.metrics.outOfOrder.packets, 0, "one path, no reordering");
  for (const untilUs of [10, 20, 50]) {
    const r = runScenario(mk([{ kind: "slow", hosts: [1], rxFraction: 0.25, untilUs }]));
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    assert.is(r.completed, 1);
    assert.is(r.metrics.outOfOrder.packets, 0, `slow until ${untilUs} µs`);
  }
});

test("a slow-receiver fault changes the host's drain rate for its interval only: 25 % of 100 Gb/s while on, the run's own after", () => {
  // 2 MB to host 1, whose processing is at 25 Gb/s from 0 to 200 µs: 4086 B payload per
  // 4150 B packet; at most 200 µs × 25 Gb/s = 625,000 B processed by 200 µs; after it the host
  // takes packets at line rate again, so the flow ends well before 2 MB at 25 Gb/s (≈ 650 µs).
  const s: Scenario = {
    ...oneSwitchScenario("slow window", 100, [{ src: 0, dst: 1, bytes: 2_000_000 }]),
    network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: false, rxBufferBytes: 100_000_000 },
    faults: [{ kind: "slow", hosts: [1], rxFraction: 0.25, untilUs: 200 }],
    metrics: { sample: { intervalUs: 1, flows: [0] } },
    run: { endUs: 3000, faultBaseline: false },
  };
  const r = runScenario(s);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  const t = r.series?.tUs as number[];
  const d = r.series?.flows[0].deliveredBytes as number[];
  const at = (us: number) => d[t.findIndex((x) => x >= us)];
  assert.ok(at(199) <= (200e-6 * 25e9) / 8, `${at(199)} B by 199 µs`);
  assert.ok(at(150) - at(50) >= 0.9 * ((100e-6 * 25e9) / 8) * (4086 / 4150), `${at(150) - at(50)} B from 50 to 150 µs`);
  assert.ok((r.flows[0].fctUs as number) < 400, `${r.flows[0].fctUs} µs`);
});

/** The background events, which only observe or hold a pause. */
const EV_SAMPLE = Ev.Sample;
const EV_PFC_TICK = Ev.PfcTick;

/**
 * A pause held by hand (pfcTick, takeSample): a refresh check that finds nothing but refresh
 * checks pending (802.1Qbb: a paused queue renews its PAUSE while it stays above XON) does not
 * refresh, so the run ends with its flows open; the sample reschedules only while something else
 * is pending. A real PFC deadlock cannot show this: each paused port holding data waits for its
 * pause's end with a TxDone, which the refreshes push on for ever (harness README, PFC), so here
 * the stuck queue is made by hand: 40,000 B (above XOFF 30,000 B) accounted at the leaf's ingress
 * from the spine, whose port holds no data and so waits for nothing. Flows 1 and 2 wait for flow 0
 * (`after`) and, by hand, for one more flow that never comes (a cycle of waits is refused at
 * load): open, with no event of their own. Sampling every `sampleUs` (0: none); the run
 * stops at `endUs` (0: none, no Stop event).
 */
function heldPause(sampleUs: number, endUs = 0) {
  const mk = (): Scenario => {
    const s = oneSwitchScenario("held pause", 100, []);
    return {
      ...s,
      traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes: 100_000 }, { src: 1, dst: 0, bytes: 1000, after: [0] }, { src: 1, dst: 0, bytes: 1000, after: [0] }] }],
      network: { ...s.network, pfc: { xoffBytes: 30_000 } },
      run: { maxEvents: 1 << 16, ...(endUs > 0 ? { endUs } : {}) },
      ...(sampleUs > 0 ? { metrics: { sample: { intervalUs: sampleUs, flows: [0] } } } : {}),
    };
  };
  const b = build(mk());
  const f = b.fabric as unknown as Inside;
  const waitLeft = (b.fabric as unknown as { waitLeft: Int32Array }).waitLeft;
  waitLeft[1] = waitLeft[2] = 2;
  const pfc = b.fabric.pfc as NonNullable<typeof b.fabric.pfc>;
  const leaf = b.topology.hosts;
  const base = b.topology.nodePortBase[leaf];
  let iq = -1;
  for (let p = base; p < base + b.topology.nodePortCount[leaf]; p++) if (b.topology.portTo[p] >= b.topology.hosts) iq = p;
  f.now = 0;
  f.nowNs = 0;
  assert.ok(pfc.onArrive(iq, 0, 40_000) > 0, "the hand-made queue is above XOFF");
  f.sendPause(iq, pfc.out[0]);
  const heap = b.fabric.heap;
  const pop = heap.pop.bind(heap);
  const events: string[] = [];
  let lastOtherPs = 0;
  heap.pop = () => {
    const ok = pop();
    if (ok && heap.kind !== EV_SAMPLE) events.push(`${heap.t} ${heap.kind} ${heap.target} ${heap.arg}`);
    if (ok && heap.kind !== EV_SAMPLE && heap.kind !== EV_PFC_TICK) lastOtherPs = heap.t;
    return ok;
  };
  f.run();
  return { b, iq, r: collect(b), events, lastOtherPs };
}

test("PFC refresh ticks and periodic sampling do not keep each other alive: a run whose only pending events are refresh ticks ends as it does without sampling", () => {
  // The queued Sample made the ticks refresh, and the queued ticks made sampling go on: the run
  // spent its event budget.
  const go = (sampleUs: number) => heldPause(sampleUs);
  const plain = go(0);
  // Every 10 µs, a sample falls between the last other event and the last tick (the sample must
  // stop there); every 200 µs, the last tick falls while a sample is queued (it must not refresh).
  const sampled = [go(10), go(200)];
  for (const { b, iq, r } of [plain, ...sampled]) {
    assert.is(b.fabric.eventBudgetSpent, false);
    assert.is(r.eventBudgetSpent, undefined);
    assert.ok(r.totals.events < 1000, `${r.totals.events} events (budget 65,536)`);
    assert.equal(r.flows.map((x) => x.fctUs !== null), [true, false, false], "flows 1 and 2 still open");
    // The hand-made bytes are the one violation: no packet carries them.
    assert.equal(b.fabric.checkIntegrity(), [`PFC ingress ${iq}: 40000 bytes still accounted with no packet alive`]);
  }
  // The last event other than a tick or the sample: flow 0's reliability timer, armed at its
  // first send (t = 0) for the RTO under PFC, max(uet-htsim's, 4096 × 256 ns) = 1,048,576 ns.
  assert.is(plain.lastOtherPs, 1_048_576_000);
  // 802.3 Annex 31B: a 65,535-quantum frame at 100 Gb/s lasts ⌈65,535 × 512 / 100⌉ = 335,540 ns;
  // refreshNs = 167,770 ns. Ticks at k × 167.77 µs refresh while flow 0's timer is pending
  // (k = 1…6), and the one at k = ⌈1048.576 / 167.77⌉ = 7, 1,174.39 µs, finds only itself and ends
  // the run: 1 + 6 PAUSE frames.
  assert.is(plain.b.fabric.now, 7 * 167_770_000);
  for (const { b } of [plain, ...sampled]) assert.is(b.fabric.pauseOnFrames, 7);
  // Sampling changes nothing: the same events (the samples aside) and the same flows.
  for (const x of sampled) {
    assert.equal(x.events, plain.events);
    assert.equal(x.r.flows, plain.r.flows);
  }
  // Samples from 0 stop at the first one with nothing but ticks pending, the first after
  // 1,048.576 µs: 1,050 µs (106 samples) every 10 µs, 1,200 µs (7) every 200 µs; the last of
  // those is then the run's last event.
  const [t10, t200] = sampled.map((x) => x.r.series?.tUs as number[]);
  assert.equal([t10.length, t10[t10.length - 1]], [106, 1050]);
  assert.equal([t200.length, t200[t200.length - 1]], [7, 1200]);
  assert.is(sampled[1].b.fabric.now, 1200e6);
});

test("a pending Stop (a finite run.endUs) is not something else pending for the refresh ticks and samples: the held pause refreshes and samples as with no end, then the run waits for its Stop", () => {
  // A finite endPs (run.endUs, or the 1 s default of any scenario with faults) leaves its Stop
  // event in the heap until the end, and pfcTick and takeSample counted it among the events
  // that are not ticks or samples: both ran on to endUs (60 PAUSE frames and 1000 samples here,
  // review stopguard.ts).
  const none = heldPause(0);
  const ended = [heldPause(0, 10_000), heldPause(10, 10_000)];
  for (const { b, r } of ended) {
    // As derived in the test above: the tick at 7 × 167.77 µs finds nothing but ticks, samples
    // and the Stop pending: 1 + 6 PAUSE frames, then nothing until the Stop at 10,000 µs.
    assert.is(b.fabric.pauseOnFrames, 7);
    assert.is(b.fabric.now, 10_000e6);
    assert.is(b.fabric.eventBudgetSpent, false);
    assert.equal(r.flows.map((x) => x.fctUs !== null), [true, false, false]);
  }
  // The same events as with no end, and then the Stop (Ev.Stop = 7) at 10^10 ps.
  for (const { events } of ended) assert.equal(events, [...none.events, `${10_000e6} 7 0 0`]);
  // Samples every 10 µs from 0 stop at the first after flow 0's timer (1,048.576 µs): 1,050 µs, 106 of them.
  const t = ended[1].r.series?.tUs as number[];
  assert.equal([t.length, t[t.length - 1]], [106, 1050]);
});

test("PFC's priority is what the queues put in their data FIFO, the FIFO a PAUSE holds upstream: an ingress queue accounts exactly that (uec-htsim: data; dcp: data, ACKs, NACKs; droptail: everything)", () => {
  // 802.1Qbb pauses a priority, and the fabric's PAUSE holds the upstream's data FIFO
  // (PortQueues.onPause(FIFO_DATA)), so the data FIFO's classes are PFC's priority. Which they
  // are (lib/switch/queue params.ts): uec-htsim sends trimmed headers and ACKs to the control
  // FIFO; dcp keeps ACKs (tag 01) with data and sends tag 11 (a trimmed header, DCP's bounced
  // HO) to the control FIFO (DCP §4.2); droptail has no control FIFO. The ingress accounted data
  // and trimmed headers whatever the profile: headers a paused upstream keeps sending, and not
  // the ACKs it holds.
  const packets: [string, Kind, number][] = [
    ["data", Kind.Data, 0],
    ["header", Kind.Header, 0],
    ["ACK", Kind.Ack, 0],
    ["NACK", Kind.Nack, 0],
    ["HO", Kind.Nack, Flag.Ho],
  ];
  const expected: [string, Partial<Scenario["network"]>, string[]][] = [
    ["uec-htsim", {}, ["data"]],
    ["dcp", { queue: { profile: "dcp" } }, ["data", "ACK", "NACK"]],
    ["droptail", { queue: { profile: "droptail" } }, ["data", "header", "ACK", "NACK", "HO"]],
  ];
  for (const [profile, network, accounted] of expected) {
    const { b, enter } = watchdogRig({ watchdogNs: 0 }, network);
    const pfc = b.fabric.pfc as NonNullable<typeof b.fabric.pfc>;
    // Leaf 0's ingress from spine 0 (its local port 2).
    const iq = b.topology.nodePortBase[b.topology.hosts] + 2;
    let calls = 0;
    const onArrive = pfc.onArrive.bind(pfc);
    pfc.onArrive = (slot, nowNs, bytes) => {
      if (slot === iq) calls++;
      return onArrive(slot, nowNs, bytes);
    };
    const got: string[] = [];
    for (const [name, kind, flags] of packets) {
      const before = calls;
      enter(kind, 1, 2, flags);
      if (calls > before) got.push(name);
    }
    assert.equal(got, accounted, profile);
    assert.is(pfc.errors, 0);
  }
});

test("no packet enters an ingress queue paused for longer than its PAUSE takes to reach the upstream and the last packet it let go to arrive: headroom only takes what was in flight (trimming under PFC)", () => {
  // 802.1Qbb: the headroom holds what arrives in the pause's round trip. A PAUSE sent at t
  // reaches the upstream at t + 1 µs (the cable); the last packet the upstream started by then
  // arrives at most 4150 B × 8 / 100 Gb/s = 332 ns + 1 µs later: t + 2,332 ns (no switch latency,
  // no host jitter). Later arrivals accounted to a queue paused since t were never held by the
  // pause: trimmed headers in the upstream's control FIFO, which the ingress accounted (155 of them
  // in this incast, review s-pfctrim2.json).
  const b = build({
    name: "pfc+trim",
    seed: 1,
    topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
    network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: true, bufferBdp: 0.2, pfc: { xoffBytes: 8000, headroomBytes: 8300 } },
    transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: "rud" }, ackEveryBytes: 0 },
    traffic: [{ kind: "incast", senders: 7, receiver: 0, bytes: 400_000 }],
  });
  const f = b.fabric as unknown as Inside;
  const pfc = b.fabric.pfc as NonNullable<typeof b.fabric.pfc>;
  const since = new Float64Array(b.topology.ports).fill(-1);
  const send = f.sendPause.bind(f);
  f.sendPause = (iq, d) => {
    if (d === 0) since[iq] = -1;
    else if (since[iq] < 0) since[iq] = f.now;
    send(iq, d);
  };
  let late = 0;
  let arrivals = 0;
  const onArrive = pfc.onArrive.bind(pfc);
  pfc.onArrive = (iq, nowNs, bytes) => {
    arrivals++;
    if (since[iq] >= 0 && f.now > since[iq] + 2_332_000) late++;
    return onArrive(iq, nowNs, bytes);
  };
  f.run();
  assert.equal(b.fabric.checkIntegrity(), []);
  assert.is(b.fabric.finished, true);
  assert.ok(b.fabric.trims > 0 && b.fabric.pauseOnFrames > 0 && arrivals > 0, "trimmed and paused");
  assert.is(late, 0, "packets accounted to a queue whose PAUSE had long reached the upstream");
});

test("a NIC paused by its ToR holds its packets of PFC's priority: under the dcp profile its ACKs (which the ToR accounts) until the pause ends, but not DCP's bounced HOs (the control FIFO's)", () => {
  // An incast into host 0 under DCP with trimming; host 0's NIC is paused for 300 µs at t = 0
  // (one frame, no refresh). Under dcp the ToR puts ACKs in its data FIFO and accounts them at
  // its ingress from the NIC, so the NIC must hold them: the first leaves when the pause ends,
  // at 300,000 ns. HOs (tag 11) are in the control FIFO under every profile with one: they go
  // at once, ahead of the ACKs queued before them. Before, the NIC held only data.
  const run = (profile: string) => {
    const b = build({
      name: "nic pause",
      seed: 1,
      topology: { kind: "leafspine", leaves: 1, spines: 1, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000 },
      network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: true, bufferBdp: 0.2, queue: { profile }, pfc: { xoffBytes: 1_000_000, headroomBytes: 100_000 } },
      transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: "dcp" }, ackEveryBytes: 0 },
      traffic: [{ kind: "incast", senderList: [1, 2, 3], receiver: 0, bytes: 200_000 }],
    });
    const f = b.fabric as unknown as Inside;
    const nic = b.topology.nodePortBase[0];
    f.now = 0;
    f.nowNs = 0;
    f.pauseFrame(nic, 300_000);
    const sent = { ho: [] as number[], ack: [] as number[] };
    const tx = f.transmit.bind(f);
    f.transmit = (port, h) => {
      const kind = f.pool.i32[(h << 4) + P.Kind];
      if (port === nic && kind === Kind.Ack) sent.ack.push(f.now);
      if (port === nic && kind === Kind.Nack && (f.pool.i32[(h << 4) + P.Flags] & Flag.Ho) !== 0) sent.ho.push(f.now);
      tx(port, h);
    };
    f.run();
    assert.equal(b.fabric.checkIntegrity(), [], profile);
    assert.is(b.fabric.finished, true, profile);
    return sent;
  };
  const dcp = run("dcp");
  assert.ok(dcp.ho.filter((t) => t < 300e6).length > 0, "HOs sent during the pause");
  assert.is(Math.min(...dcp.ack), 300e6, "the first ACK at the pause's end");
  const htsim = run("uec-htsim");
  assert.ok(Math.min(...htsim.ack) < 300e6, "uec-htsim: ACKs are not PFC's, the pause does not hold them");
});

// Audit, 2026-12-07 (fails on the code before): the XON sent while a host's link was down was
// lost, and the NIC stayed paused for the rest of its PAUSE (335 µs) after the link was back.
test("a link back up clears the PAUSE its port obeyed (an XON sent while it was down crossed nothing); an ingress queue still above XON pauses the far end afresh", () => {
  const s: Scenario = {
    ...incast({}, 4, 3_000_000),
    topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000 },
    network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, pfc: {} },
    transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: "rud" }, ackEveryBytes: 0 },
    traffic: [{ kind: "incast", senderList: [4, 5, 6, 7], receiver: 0, bytes: 3_000_000 }],
    faults: [{ kind: "down", links: [{ host: 4 }], atUs: 104, untilUs: 115 }],
    run: { faultBaseline: false, endUs: 20_000 },
  };
  const b = build(s);
  const f = b.fabric as unknown as Inside & { nicPausedUntil: Float64Array; applyFault(i: number, on: boolean): void };
  const nic4 = b.topology.hostPort(4);
  const frames: [number, number, boolean][] = [];
  const pauseFrame = f.pauseFrame.bind(f);
  f.pauseFrame = (up, d) => {
    if (up === nic4) frames.push([f.now, d, (b.fabric as unknown as { downBy: Int32Array }).downBy[up] >= 0]);
    pauseFrame(up, d);
  };
  let pausedAtUp = -1;
  let dataAfterUp = -1;
  const applyFault = f.applyFault.bind(f);
  f.applyFault = (i, on) => {
    applyFault(i, on);
    if (!on) pausedAtUp = f.nicPausedUntil[4];
  };
  const transmit = f.transmit.bind(f);
  f.transmit = (port, h) => {
    if (port === nic4 && dataAfterUp < 0 && f.now >= 115e6 && f.pool.i32[(h << 4) + P.Kind] === Kind.Data) dataAfterUp = f.now;
    transmit(port, h);
  };
  f.run();
  // Paused at 99.9 µs for 335.54 µs; its ToR's XON at 111.2 µs met the link down.
  assert.ok(frames.some(([t, d, lost]) => t < 104e6 && d > 0 && !lost), "paused before the outage");
  assert.ok(frames.some(([t, d, lost]) => t > 104e6 && t < 115e6 && d === 0 && lost), "the XON lost");
  // Back up at 115 µs: not paused, and data goes within a few µs (before: not until 435.5 µs).
  assert.is(pausedAtUp, 0);
  assert.ok(dataAfterUp >= 115e6 && dataAfterUp < 125e6, `first data after the link came back at ${dataAfterUp / 1e6} µs`);
});

test.run();
