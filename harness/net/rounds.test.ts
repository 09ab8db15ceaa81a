import { test } from "uvu";
import * as assert from "uvu/assert";
import { collect } from "../metrics/results";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO, defaultWith } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import { E_FULL, E_OVERFLOW } from "../../lib/core/errors";
import { DcpReceiver } from "../../lib/reliability/dcp/receiver";
import { DcpSender } from "../../lib/reliability/dcp/sender";
import { GbnReceiver, GbnSender } from "../../lib/reliability/gbn/gbn";
import { IrnReceiver, IrnSender } from "../../lib/reliability/irn/irn";
import { RackReceiver, RackSender } from "../../lib/reliability/rack/rack";
import { TimeoutReceiver, TimeoutSender } from "../../lib/reliability/timeout/timeout";
import { type CcAdapter, NoneCc, type NsccCc, Rx, Sx, type Transport, Tx } from "./adapters";
import { Flag, Kind, P, PacketPool } from "./packets";
import { DcpTransport, GbnTransport, IrnTransport, RackTransport, TimeoutTransport } from "./rounds";
import { drain, oneSwitchScenario, packet } from "./test-support";

const BASELINES = ["gbn", "irn", "rack", "timeout"] as const;

function scenario(reliability: string, cc: string, lb: string, extra: Partial<Scenario>): Scenario {
  return {
    ...DEFAULT_SCENARIO,
    name: `${reliability} ${cc} ${lb}`,
    transport: { cc: { name: cc }, lb: { name: lb }, reliability: { name: reliability } },
    ...extra,
  };
}

const lossyIncast: Partial<Scenario> = {
  network: { ...DEFAULT_SCENARIO.network, trimming: false },
  traffic: [{ kind: "incast", senders: 6, receiver: 0, bytes: 400_000 }],
};


/**
 * One flow of `packets` full packets (4,086 B payload) over one 100 Gb/s switch, whose first
 * data packet of PSN 2 is dropped; the fabric returned for the test to reach into.
 */
function oneFlowLosingPsn2(name: string, packets: number, cc: string, params: Record<string, unknown>, reliability: string) {
  const s = oneSwitchScenario(name, 100, [{ src: 0, dst: 1, bytes: packets * 4086 }]);
  s.transport = { ...s.transport, cc: { name: cc, params }, reliability: { name: reliability } };
  const b = build(s);
  // biome-ignore lint/suspicious/noExplicitAny: the test reaches into the fabric's privates
  const fab = b.fabric as any;
  dropFirstDataPacket(fab, 2);
  return { b, fab };
}

/** Makes the first data packet of PSN `psn` find its queue full (a drop, no trim). */
// biome-ignore lint/suspicious/noExplicitAny: the test reaches into the fabric's privates
function dropFirstDataPacket(fab: any, psn: number): void {
  const q = fab.queues;
  const onEnqueue = q.onEnqueue.bind(q);
  let drops = 0;
  q.onEnqueue = (port: number, nowNs: number, h: number, bytes: number, tag: number) => {
    const i = fab.pool.i32;
    const drop = i[(h << 4) + P.Kind] === Kind.Data && i[(h << 4) + P.Psn] === psn && drops++ === 0;
    const limit = (port << 4) + 6; // the data FIFO's packet limit (queue.ts S.LimP): 0 drops
    const save = q.st[limit];
    if (drop) q.st[limit] = 0;
    const v = onEnqueue(port, nowNs, h, bytes, tag);
    q.st[limit] = save;
    return v;
  };
}

test("every RDMA baseline recovers an incast's drops in the fabric, with integrity and no rejected call", () => {
  for (const rel of BASELINES) {
    for (const [cc, lb] of [["dcqcn", "ecmp"], ["nscc", "reps"]]) {
      const r = runScenario(scenario(rel, cc, lb, lossyIncast));
      const what = `${rel} + ${cc} + ${lb}`;
      assert.ok(r.integrity.ok, `${what}: ${r.integrity.violations.join("\n")}`);
      assert.is(r.completed, 6, what);
      assert.is(r.totals.moduleErrors, 0, what);
      assert.ok(r.totals.drops > 0, `${what}: a 6:1 incast into 1-BDP buffers without trimming drops`);
      assert.ok(r.totals.retransmissions >= r.totals.drops * 0.5, `${what}: ${r.totals.retransmissions} retransmissions for ${r.totals.drops} drops`);
      const last = Math.max(...r.flows.map((f) => f.fctUs as number));
      assert.ok(last >= (6 * 400_000 * 8) / 100 / 1000, `${what}: finished in ${last} µs, faster than the receiver's link`);
    }
  }
});

test("across two DCs (1 ms RTT) no baseline resends a window before its first ACK: their timers are at least twice the RTT", () => {
  // Before, IRN's 100 µs RTO_low and RACK's 1 ms initial RTO fired before the first ACK of the
  // cross-DC flow came back: 1,470 and 490 spurious retransmissions on a loss-free network.
  for (const rel of BASELINES) {
    const r = runScenario(
      scenario(rel, "nscc", "ecmp", {
        topology: { kind: "twodc", linkGbps: 100, latencyNs: 1000, wanGbps: 1600, wanLatencyNs: 500_000 },
        network: { mtuBytes: 4150, trimming: false },
        traffic: [{ kind: "flows", flows: [{ src: 0, dst: 20, bytes: 2_000_000 }, { src: 1, dst: 3, bytes: 2_000_000 }] }],
        run: { endUs: 50_000 },
      }),
    );
    assert.is(r.completed, 2, rel);
    assert.equal([r.totals.drops, r.totals.retransmissions, r.totals.timeouts], [0, 0, 0], rel);
  }
});

test("a window CC's inflight returns to zero when a baseline's flows complete (resent copies and timeouts released)", () => {
  for (const rel of BASELINES) {
    for (const cc of ["nscc", "aimd"]) {
      const b = build(scenario(rel, cc, "reps", lossyIncast));
      b.fabric.run();
      const ccOf = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf;
      for (let f = 0; f < 6; f++) {
        const inflight = ccOf[f].level(f) - ccOf[f].windowLeft(f);
        assert.is(inflight, 0, `${rel} + ${cc}, flow ${f}: ${inflight} bytes still in flight after completion`);
      }
    }
  }
});

test("a CC window below one packet that admits a packet (Swift Alg. 1) still schedules one: every baseline finishes a 5-packet flow at Swift's initial half-packet window", () => {
  // Found by `nicfw soak` (seed 12228): Swift's htsim profile at its 10-byte floor left an IRN
  // flow with nothing outstanding and a round of 10 bytes, which yields no packet, for good.
  for (const rel of BASELINES) {
    const r = runScenario({
      topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 1 },
      network: { trimming: false },
      transport: { cc: { name: "swift", params: { initCwndPkts: 0.5 } }, reliability: { name: rel } },
      traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes: 20_000 }] }],
      run: { endUs: 2000 },
    });
    assert.equal([r.completed, r.totals.dataPackets, r.totals.moduleErrors], [1, 5, 0], rel);
    // Paced below one packet, not let through as a burst: well above the 5-packet ideal.
    assert.ok((r.flows[0].fctUs as number) > 4 * r.flows[0].idealUs, `${rel}: ${r.flows[0].fctUs} µs`);
  }
});

test("the baselines' ACKs echo the data packet's send time: NSCC's base RTT falls to the 2-hop RTT by hand", () => {
  // Five full packets between two hosts of one edge switch: 2 × (332 ns + 1 µs) for a 4,150 B
  // data packet and 2 × (5.12 ns + 1 µs) for the 64 B ACK = 4,674.24 ns, below the network's
  // 14,023 ns that NSCC starts from. The flow starts at 10 µs, so a sample is not the send time
  // by accident.
  for (const rel of BASELINES) {
    const b = build(scenario(rel, "nscc", "reps", { network: { ...DEFAULT_SCENARIO.network, trimming: false }, traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes: 5 * 4086, startUs: 10 }] }] }));
    const cc = (b.fabric as unknown as { ccOf: NsccCc[] }).ccOf[0];
    const echoes = ecnEchoes(cc);
    b.fabric.run();
    // Every sample is that RTT (nothing queues), so the average queueing delay stays 0.
    assert.equal([cc.m.baseRttNs(0), cc.m.avgDelayNs(0), cc.level(0) - cc.windowLeft(0)], [4674, 0, 0], rel);
    assert.equal([echoes.length, echoes.filter((e) => e).length], [5, 0], `${rel}: an ACK per packet, none echoing CE on an idle path`);
  }
});

/** The ECN echo of every ACK the fabric hands to this CC adapter, in order. */
function ecnEchoes(cc: CcAdapter): boolean[] {
  const seen: boolean[] = [];
  const onAck = cc.onAck.bind(cc);
  cc.onAck = (slot, nowNs, acked, rttNs, ecn, remoteDelayNs) => {
    seen.push(ecn);
    onAck(slot, nowNs, acked, rttNs, ecn, remoteDelayNs);
  };
  return seen;
}

test("the baselines' ACKs echo CE: in a lossy 6:1 incast the CC hears about as many marks as the switches made", () => {
  for (const rel of BASELINES) {
    const b = build(scenario(rel, "nscc", "reps", lossyIncast));
    const cc = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf[0];
    const echoes = ecnEchoes(cc);
    b.fabric.run();
    const marks = collect(b).totals.ecnMarks;
    const echoed = echoes.filter((e) => e).length;
    // Every data packet is ACKed, so each delivered mark is echoed once; dropped marked packets are not.
    assert.ok(marks > 0 && echoed > 0 && echoed <= marks && echoed < echoes.length, `${rel}: ${echoed} of ${echoes.length} ACKs echo CE, ${marks} marks`);
  }
});

test("DCP §2.2 Issue #1 in the fabric: spraying without loss makes IRN retransmit spuriously, not DCP or timeout-only", () => {
  // PFC keeps the fabric lossless; oblivious spraying reorders a permutation's packets.
  const lossless: Partial<Scenario> = {
    seed: 3,
    network: { ...DEFAULT_SCENARIO.network, trimming: undefined, bufferBdp: undefined, pfc: { xoffBytes: 60_000 } },
    traffic: [{ kind: "permutation", bytes: 1_000_000 }],
  };
  const runs = Object.fromEntries(["dcp", "timeout", "irn", "rack"].map((rel) => [rel, runScenario(scenario(rel, "dcqcn", "ops", lossless))]));
  for (const [rel, r] of Object.entries(runs)) {
    assert.ok(r.integrity.ok, `${rel}: ${r.integrity.violations.join("\n")}`);
    assert.is(r.completed, 16, rel);
    assert.is(r.totals.drops, 0, `${rel}: PFC loses nothing`);
    assert.ok(r.metrics.outOfOrder.percent > 10, `${rel}: spraying reorders (${r.metrics.outOfOrder.percent} %)`);
  }
  assert.is(runs.dcp.metrics.retransmissions.total, 0);
  assert.is(runs.timeout.metrics.retransmissions.total, 0);
  const irn = runs.irn.metrics.retransmissions;
  // Nothing was lost, so every retransmission is unneeded; "spurious" ones resent a PSN that had already arrived.
  assert.ok(irn.total > 100 && irn.spurious >= 0.9 * irn.total, `IRN: ${JSON.stringify(irn)}`);
  assert.is(irn.timeouts, 0, "IRN's retransmissions come from NACKs of reordered packets, not timeouts");
  // IRN's NACKs travel as ACK packets marked NACK and are counted; RACK and timeout-only send none, and lossless DCP trims nothing.
  assert.ok(runs.irn.totals.nacks > 0, `IRN NACKs ${runs.irn.totals.nacks}`);
  assert.equal([runs.rack.totals.nacks, runs.timeout.totals.nacks, runs.dcp.totals.nacks], [0, 0, 0]);
  // RACK's reordering window absorbs most of the reordering IRN takes for loss.
  assert.ok(runs.rack.metrics.retransmissions.spurious < irn.spurious / 2, `RACK ${runs.rack.metrics.retransmissions.spurious} vs IRN ${irn.spurious}`);
});

/** Flow 0 of a transport of 1,000 B packets and 64 B headers, opened, under a CC without a window, with a packet pool. */
function flow0<T extends Transport>(t: T) {
  const cc = new NoneCc();
  cc.open(0, 0);
  t.open(0);
  return { t, cc, pool: new PacketPool(64), drain: (nowNs: number, limit?: number) => drain(t, cc, 0, nowNs, limit) };
}

const dcpQp = (sender: object = {}) =>
  flow0(new DcpTransport(new DcpSender({ mtuBytes: 1000, rtoNs: 100_000, ...sender } as never, 2), new DcpReceiver({}, 2), 64, 64, 2));

test("DCP's transport with several messages on one QP, by hand: packets, out-of-order completion, the wire bytes each eMSN frees (DCP §4.3–4.4)", () => {
  const { t, pool, drain } = dcpQp();
  assert.equal([t.post(0, 2500), t.post(0, 1000), t.post(0, 1500)], [0, 1, 2]);
  // 2,500 B = 1,000 + 1,000 + 500 (3 packets), 1,000 B (1), 1,500 B = 1,000 + 500 (2); a
  // message's last packet carries Tx.Last; wire = payload + 64 B.
  const N = Tx.New;
  const L = Tx.New | Tx.Last;
  const sent = drain(0);
  assert.equal(sent, [
    [N, 0, 0, 0, 1064, 3, 1000],
    [N, 1, 0, 0, 1064, 3, 1000],
    [L, 2, 0, 0, 564, 3, 500],
    [L, 3, 1, 0, 1064, 1, 1000],
    [N, 4, 2, 0, 1064, 2, 1000],
    [L, 5, 2, 0, 564, 2, 500],
  ]);
  // The receiver gets message 1 first: it completes, but eMSN waits for message 0 (§4.4). When
  // message 0's last packet lands, both retire in order (completed 2, eMSN 2), and the ACK frees
  // their wire bytes: (2,500 + 3 × 64) + (1,000 + 64) = 3,756. Message 2 then frees 1,500 + 128.
  const expected = [
    [3, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [1, 0, 0, 0, 0, 0],
    [2, Rx.Ack | Rx.Complete, 2, 2, Sx.Complete, 3756],
    [4, 0, 0, 0, 0, 0],
    [5, Rx.Ack | Rx.Complete, 1, 3, Sx.Complete | Sx.Done, 1628],
  ];
  for (const [psn, rx, completed, emsn, sx, freed] of expected) {
    const [, , msn, retry, bytes, msgPackets, payload] = sent[psn];
    const h = packet(pool, Kind.Data, 0, bytes, { psn, w0: msn, w1: payload, w2: retry, w3: msgPackets });
    assert.is(t.onData(0, 10, pool, h), rx, `psn ${psn}`);
    if ((rx & Rx.Ack) === 0) continue;
    assert.is(t.completed, completed, `psn ${psn}: messages retired`);
    const a = pool.alloc(Kind.Ack, 0, 0, 64);
    t.fillAck(pool, a);
    assert.is(pool.i32[(a << 4) + P.W0], emsn, `psn ${psn}: the ACK's eMSN`);
    assert.is(t.onAck(0, 20, pool, a), sx, `psn ${psn}`);
    assert.equal([t.newBytes, t.completed, t.rttNs, t.restoredBytes], [freed, completed, 0, 0], `psn ${psn}: what the CC is told`);
  }
  assert.is(t.errors(), 0);
});

test("DCP's transport at a timeout, by hand: the unaMSN-th message (after one freed) again with sRetryNo 1, its wire bytes to the CC, a pending packet of a later message kept; RetransQ and retry overflows are outcomes, not errors (§4.3, §4.5)", () => {
  const { t, cc, pool, drain } = dcpQp({ retransQueueDepth: 1, maxRetries: 1 });
  t.post(0, 2500);
  t.post(0, 1000);
  t.post(0, 1500);
  // Messages 0 and 1 go out (PSNs 0–3); an ACK with eMSN 1 frees message 0 and restarts the
  // timer; message 2's first packet is fetched into the round but not yet sent.
  assert.equal(drain(0, 4).map((p) => p[1]), [0, 1, 2, 3]);
  const ack = packet(pool, Kind.Ack, 0, 64, { w0: 1 });
  assert.equal([t.onAck(0, 1000, pool, ack), t.newBytes], [Sx.Complete, 2500 + 3 * 64]);
  assert.equal([t.onAck(0, 1000, pool, ack), t.newBytes], [0, 0], "the same eMSN again frees nothing");
  assert.is(t.nextBytes(0, 1000, cc), 1064);
  assert.is(t.nextPsn(0), 4, "message 2's packet is pending");
  assert.is(t.onTimer(0, 100_999), 0, "the RTO (100 µs from the ACK) has not passed");
  assert.is(t.onTimer(0, 101_000), 1);
  assert.equal([t.bytes, t.ev], [1000 + 64, -1], "message 1, the unaMSN-th, is presumed lost; DCP does not know its path");
  // The pending packet of message 2 still goes (it was taken from the sender, which will not
  // offer it again), then message 1 with sRetryNo 1, then the rest of message 2.
  assert.equal(drain(101_000), [
    [Tx.New, 4, 2, 0, 1064, 2, 1000],
    [Tx.Retransmit | Tx.Last, 3, 1, 1, 1064, 1, 1000],
    [Tx.New | Tx.Last, 5, 2, 0, 564, 2, 500],
  ]);
  assert.equal([t.timeouts(0), t.errors()], [1, 0]);
  // Two HOs of the resent round: the first fills the one-entry RetransQ (a full packet to the
  // CC), the second finds it full — left to the timeout, counted in overflows.
  const ho = (psn: number, msn = 2) => packet(pool, Kind.Nack, 0, 57, { psn, w0: msn, w2: 0 });
  assert.is(t.onNack(0, 101_100, pool, ho(0, 0)), 0, "message 0 was acknowledged: its HO is ignored (DCP_HO_STALE)");
  assert.equal([t.onNack(0, 101_100, pool, ho(4)), t.bytes, t.rttNs], [1, 1064, 0]);
  assert.equal([t.onNack(0, 101_100, pool, ho(5)), t.overflows, t.hoRefused], [E_FULL, 1, 1]);
  // maxRetries 1: the next timeout gives up (an overflow, not a refused HO).
  assert.is(t.onTimer(0, 201_100), E_OVERFLOW);
  assert.equal([t.overflows, t.hoRefused, t.errors()], [2, 1, 0]);
});

test("DCP's round is the CC's window in payload: ⌊awin / (MTU + header)⌋ packets' payload plus what a partial packet leaves after its header, at most 2^30 B (§4.3: awin to onSchedule)", () => {
  // A window CC that leaves `w` once, then nothing, and admits no packet below one (so no round
  // of one packet follows). Message 0 is one packet, so no recovery round (the unaMSN-th
  // message's packets past the window) follows either; message 1 has 10.
  class WindowOnce extends NoneCc {
    w = 0;
    override windowLeft(): number {
      const w = this.w;
      this.w = 0;
      return w;
    }
    override canSend(): boolean {
      return false;
    }
  }
  const round = (w: number) => {
    const { t } = dcpQp();
    const cc = new WindowOnce();
    cc.open(0, 0);
    t.post(0, 1000);
    t.post(0, 10_000);
    cc.w = w;
    return drain(t, cc, 0, 0).map((p) => p[1]);
  };
  // 3 × 1,064 + 300 B: 3 × 1,000 + 236 B of payload, three whole packets.
  assert.equal(round(3 * 1064 + 300), [0, 1, 2]);
  assert.equal(round(1064), [0]);
  // 1,063 B: 999 B of payload, less than a packet.
  assert.equal(round(1063), []);
  // A window of 1.5 × 2^30 B is held to 2^30 (onSchedule's largest): the 11 packets there are.
  assert.equal(round(1.5 * 2 ** 30), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

test("DCP's transport: a resend fetched before the ACK that frees its message still goes, and the bytes it hands the CC leave with the next ACK (the stray count)", () => {
  const { t, cc, pool, drain } = dcpQp();
  t.post(0, 1500);
  assert.equal(drain(0).map((p) => p[4]), [1064, 564]);
  assert.equal([t.onNack(0, 10, pool, packet(pool, Kind.Nack, 0, 57, { psn: 0, w0: 0, w2: 0 })), t.bytes], [1, 1064]);
  // The round takes PSN 0's resend; then the ACK frees message 0 (its 1,064 + 564 B less the
  // 1,064 the HO took out: 564 B).
  assert.is(t.nextBytes(0, 15, cc), 1064);
  assert.equal([t.onAck(0, 20, pool, packet(pool, Kind.Ack, 0, 64, { w0: 1 })), t.newBytes], [Sx.Complete | Sx.Done, 564]);
  t.post(0, 1000);
  // The resend goes, of no outstanding message: its 1,064 B are the CC's until the next ACK,
  // which frees message 1 (1,064 B) and them.
  assert.equal(drain(30).map((p) => [p[1], p[2], p[4]]), [[0, 0, 1064], [2, 1, 1064]]);
  assert.equal([t.onAck(0, 40, pool, packet(pool, Kind.Ack, 0, 64, { w0: 2 })), t.newBytes], [Sx.Complete | Sx.Done, 2128]);
});

test("DCP's transport at a timeout of flow slot 1: the loss is what that flow's CC holds of its unaMSN-th message, not slot 0's", () => {
  const { t, cc } = dcpQp();
  cc.open(1, 0);
  t.open(1);
  t.post(0, 3000);
  t.post(1, 1500);
  assert.equal(drain(t, cc, 0, 0).map((p) => p[4]), [1064, 1064, 1064]);
  assert.equal(drain(t, cc, 1, 0).map((p) => p[4]), [1064, 564]);
  // Slot 1's one message: 1,064 + 564 B, every byte its CC holds.
  assert.is(t.onTimer(1, 100_000), 1);
  assert.equal([t.lostBytes, t.bytes], [1628, 1628]);
});

test("DCP's transport at a timeout drops a pending packet of the message it resends: the resend supersedes it (§4.5)", () => {
  const { t, cc, drain } = dcpQp();
  t.post(0, 2500);
  drain(0, 2);
  assert.is(t.nextBytes(0, 0, cc), 564);
  assert.is(t.nextPsn(0), 2, "message 0's last packet is pending");
  assert.is(t.onTimer(0, 100_000), 1);
  assert.equal(drain(100_000).map((p) => [p[1], p[3]]), [[0, 1], [1, 1], [2, 1]], "PSNs 0–2 with sRetryNo 1, not the pending PSN 2 of retry 0");
});

// §4.5: at a timeout "the sender re-transmits all packets of the unaMSN-th message", which
// DcpSender hands out as DCP_TX_RESEND, the ones the sender had not reached yet included. Those
// go for the first time: new data (RFC 9293 §3.3.1: they advance SND.NXT), which the fabric
// gives the CC's onSend, not onResend (DCTCP's SND.NXT and TIMELY's per-RTT mark stand still
// for a resend), and counts as no retransmission. Before, every DCP_TX_RESEND was a
// retransmission: 10 of a 10-packet message of which 3 had been sent.
test("DCP's transport at a timeout: the resent message's packets never sent before go as new data, not retransmissions (§4.5)", () => {
  const { t, drain } = dcpQp();
  const R = Tx.Retransmit;
  const N = Tx.New;
  t.post(0, 10_000); // 10 packets of 1,000 B
  assert.equal(drain(0, 3).map((p) => [p[0], p[1]]), [[N, 0], [N, 1], [N, 2]]);
  assert.is(t.onTimer(0, 100_000), 1, "the RTO, 100 µs after the first packet");
  // The resend reaches PSN 5 before a second timeout: PSNs 3–5 go for the first time.
  assert.equal(drain(100_000, 6).map((p) => [p[0], p[1], p[3]]), [
    [R, 0, 1], [R, 1, 1], [R, 2, 1], [N, 3, 1], [N, 4, 1], [N, 5, 1],
  ]);
  assert.is(t.retransmissions(0), 3);
  assert.is(t.onTimer(0, 200_000), 1, "the RTO again, 100 µs after the resend began");
  assert.equal(drain(200_000).map((p) => [p[0], p[1], p[3]]), [
    [R, 0, 2], [R, 1, 2], [R, 2, 2], [R, 3, 2], [R, 4, 2], [R, 5, 2],
    [N, 6, 2], [N, 7, 2], [N, 8, 2], [N | Tx.Last, 9, 2],
  ]);
  assert.equal([t.retransmissions(0), t.timeouts(0), t.errors()], [3 + 6, 2, 0]);
});

test("DCP's transport tells the CC only the bytes it handed it: a timeout takes the unaMSN-th message's packets sent (not its unsent data), an HO of a short last packet that packet's wire bytes", () => {
  // lib/cc README: inflight is the caller's count, which the modules do not clamp; a timeout or
  // NACK must take out only bytes the CC was given. MTU 1,000 B payload, 64 B header: a
  // 2,500 B message is 1,064 + 1,064 + 564 B on the wire.
  {
    const { t, drain } = dcpQp();
    t.post(0, 2500);
    drain(0, 2); // PSNs 0 and 1 sent: 2 × 1,064 = 2,128 B handed to the CC; PSN 2 (564 B) pending, unsent
    assert.is(t.onTimer(0, 100_000), 1);
    assert.is(t.bytes, 2 * 1064, "2,128 B in flight, not the message's 2,692 B");
    // The resend (3 packets, 2,692 B) is all the CC then holds: the ACK releases exactly that.
    assert.equal(drain(100_000).map((p) => p[4]), [1064, 1064, 564]);
    const { pool } = dcpQp();
    const ack = packet(pool, Kind.Ack, 0, 64, { w0: 1 });
    assert.equal([t.onAck(0, 100_500, pool, ack), t.newBytes], [Sx.Complete | Sx.Done, 1064 + 1064 + 564]);
  }
  {
    const { t, pool, drain } = dcpQp();
    t.post(0, 2500);
    drain(0);
    const ho = (psn: number) => packet(pool, Kind.Nack, 0, 57, { psn, w0: 0, w2: 0 });
    assert.equal([t.onNack(0, 10, pool, ho(2)), t.bytes], [1, 564], "PSN 2 is the message's short last packet: 500 + 64 B");
    assert.equal([t.onNack(0, 10, pool, ho(0)), t.bytes], [1, 1064], "PSN 0 a full one: 1,000 + 64 B");
    // Resent, both are held again; the ACK releases the message's 2,692 B once: 2,692 − 564 − 1,064 + 564 + 1,064.
    assert.equal(drain(20).map((p) => [p[1], p[4]]), [[2, 564], [0, 1064]]);
    const ack = packet(pool, Kind.Ack, 0, 64, { w0: 1 });
    assert.equal([t.onAck(0, 30, pool, ack), t.newBytes], [Sx.Complete | Sx.Done, 2692]);
  }
});

test("DCP + NSCC in a trimming 15:1 incast: the CC's inflight returns to zero when the flows complete (HOs of short last packets take their own bytes)", () => {
  // 50,001 B = 12 × 4,086 + 969 B: the last packet is 969 + 64 = 1,033 B on the wire. Each HO of
  // one used to take a full 4,150 B, leaving the flow's inflight at −3,117 B; it must end at 0.
  const b = build(scenario("dcp", "nscc", "reps", { traffic: [{ kind: "incast", senders: 15, receiver: 0, bytes: 50_001 }] }));
  b.fabric.run();
  const fab = b.fabric as unknown as { ccOf: CcAdapter[]; flowsDoneTx: number; trims: number };
  assert.is(fab.flowsDoneTx, 15);
  assert.ok(fab.trims > 0, "the incast trims");
  for (let f = 0; f < 15; f++) {
    const inflight = fab.ccOf[f].level(f) - fab.ccOf[f].windowLeft(f);
    assert.is(inflight, 0, `flow ${f}: ${inflight} bytes still in flight after completion`);
  }
});

test("RACK-TLP's timers in the fabric's terms, by hand: a reordering-window expiry that marks a loss makes it leave the flight and its resend due (3), a tail-loss probe makes packets due (2), the RTO is a timeout (1) of every byte held (RFC 8985 §6.2, §7; RFC 6298)", () => {
  const rack = () => {
    const q = flow0(new RackTransport(new RackSender({ mtuBytes: 1000, initialPtoNs: 10_000, initialRtoNs: 50_000, minRtoNs: 1000 }, 2), new RackReceiver({}, 2), 64, 64, 2));
    q.t.post(0, 4000);
    /** [Tx bits, psn] of every packet due at `nowNs`. */
    const sent = (nowNs: number) => q.drain(nowNs).map((p) => [p[0], p[1]]);
    /** An ACK as the receiver fills it: cumulative PSN, the PSN that triggered it, the echoed send time. */
    const ack = (nowNs: number, cum: number, sack: number, sentNs: number) => q.t.onAck(0, nowNs, q.pool, packet(q.pool, Kind.Ack, 0, 64, { w0: cum, w1: sack, sentNs }));
    return { t: q.t, drain: sent, ack };
  };
  // PSNs 0–3 at t = 0; PSN 0's ACK at 4 µs is the first RTT sample (4,000 ns, min RTT 4,000).
  const a = rack();
  assert.equal(a.drain(0), [[Tx.New, 0], [Tx.New, 1], [Tx.New, 2], [Tx.New | Tx.Last, 3]]);
  assert.is(a.ack(4000, 1, 0, 0), Sx.Rtt);
  // PSN 2 is SACKed at 4.1 µs (RACK.rtt 4,100): PSN 1, sent at the same time, is lost only when
  // now ≥ 0 + 4,100 + reo_wnd (min RTT / 4 = 1,000) = 5,100 ns — the reordering timer.
  assert.is(a.ack(4100, 1, 2, 0), Sx.Rtt);
  assert.is(a.t.deadlineNs(0), 5100);
  assert.is(a.t.onTimer(0, 5099), 0);
  // Step 5 marks PSN 1 lost: its 1,000 + 64 B leave the flight (RFC 6675's pipe) and are the loss.
  assert.is(a.t.onTimer(0, 5100), 3, "a loss found, packets due, no timeout");
  assert.equal([a.t.bytes, a.t.lostBytes], [1064, 1064]);
  assert.equal(a.drain(5100), [[Tx.Retransmit, 1]]);
  // RFC 6298 after the two samples: SRTT 4,012.5, RTTVAR 1,525, RTO = 4,012 + 4 × 1,525 = 10,112
  // from the ACK that last advanced the cumulative PSN (4 µs): 14,112 ns. Every byte held
  // (PSN 1's resend and PSN 3: 2 × 1,064 B) is presumed lost, and the oldest outstanding
  // packet, PSN 1 (1,064 B), is the loss; PSN 2's left with its SACK at 4.1 µs, PSN 1's first
  // copy when it was marked lost.
  assert.is(a.t.deadlineNs(0), 14_112);
  assert.is(a.t.onTimer(0, 14_112), 1);
  assert.equal([a.t.bytes, a.t.lostBytes, a.t.ev, a.t.timeouts(0)], [2 * 1064, 1064, -1, 1]);
  // The tail-loss probe: with PSN 0 ACKed at 4 µs and nothing else, PTO = 2 × SRTT = 8 µs later.
  const b = rack();
  b.drain(0);
  b.ack(4000, 1, 0, 0);
  assert.is(b.t.deadlineNs(0), 12_000);
  assert.is(b.t.onTimer(0, 12_000), 2, "a probe is due");
  assert.equal(b.drain(12_000), [[Tx.Retransmit | Tx.Last, 3]], "the highest PSN again");
  // RFC 8985 §7.4.2: an ACK past the probe's episode (TLP.end_seq, PSN 4) with no DSACK of the
  // probe's copy says the probe repaired a loss, one packet lost to the CC: 1,000 + 64 B.
  b.t.post(0, 1000);
  assert.equal(b.drain(12_100), [[Tx.New | Tx.Last, 4]]);
  // No bytes leave the flight for it (the probe's copy was acknowledged); the ACK frees PSNs 1–4
  // and the probe's copy of 3: 5 × 1,064 B.
  const repaired = b.ack(16_000, 5, 4, 12_100);
  assert.equal([repaired, b.t.bytes, b.t.lostBytes, b.t.newBytes], [Sx.Rtt | Sx.Complete | Sx.Done | Sx.Lost, 0, 1064, 5 * 1064]);
  assert.equal([a.t.errors(), b.t.errors()], [0, 0]);
});

test("a flow larger than the module's largest message goes as several, eight outstanding, the rest posted as ACKs free places; done with the last", () => {
  const tx = new GbnSender({ mtuBytes: 1000 }, 2);
  // A largest message of 3,500 B (the module's is 2^30 − 1) makes messages of 3 full packets.
  Object.defineProperty(tx, "maxMessageBytes", { value: 3500 });
  const { t, pool, drain } = flow0(new GbnTransport(tx, new GbnReceiver({}, 2), 64, 64, 2));
  assert.is(t.messageBytes, 3000);
  // 27,500 B: nine messages of 3,000 and a tenth of 500; eight go now (MSNs 0–7, PSNs 0–23).
  assert.is(t.post(0, 27_500), 0);
  const first = drain(0);
  assert.is(first.length, 24);
  assert.equal(first.map((p) => p[2]), [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7]);
  assert.ok(first.every((p, i) => (p[0] & Tx.Last) === (i % 3 === 2 ? Tx.Last : 0)), "each message's third packet is its last");
  // The ACK of PSNs 0–5 frees messages 0 and 1: messages 8 and 9 take their places.
  assert.is(t.onAck(0, 1000, pool, packet(pool, Kind.Ack, 0, 64, { w0: 6 })), Sx.Rtt | Sx.Complete);
  assert.is(t.completed, 2);
  const rest = drain(1000);
  assert.equal(rest.map((p) => [p[1], p[2], p[6], p[0] & Tx.Last]), [[24, 8, 1000, 0], [25, 8, 1000, 0], [26, 8, 1000, Tx.Last], [27, 9, 500, Tx.Last]]);
  // Everything acknowledged: the flow is done at the sender only now.
  assert.is(t.onAck(0, 2000, pool, packet(pool, Kind.Ack, 0, 64, { w0: 27 })), Sx.Rtt | Sx.Complete);
  assert.is(t.onAck(0, 2000, pool, packet(pool, Kind.Ack, 0, 64, { w0: 28 })), Sx.Rtt | Sx.Complete | Sx.Done);
  assert.is(t.errors(), 0);
  // One byte past a whole message: a second message of that one byte.
  const tx2 = new GbnSender({ mtuBytes: 1000 }, 2);
  Object.defineProperty(tx2, "maxMessageBytes", { value: 3500 });
  const two = flow0(new GbnTransport(tx2, new GbnReceiver({}, 2), 64, 64, 2));
  two.t.post(0, 3001);
  assert.equal(two.drain(0).map((p) => [p[1], p[2], p[6]]), [[0, 0, 1000], [1, 0, 1000], [2, 0, 1000], [3, 1, 1]]);
});

test("DCP in the fabric: a flow of 10 of DCP's largest messages (16,383 packets, §4.5's 14-bit counter) is delivered whole, at line rate", () => {
  const payload = 1500 - 64;
  const bytes = 9 * 16_383 * payload + 1000;
  const r = runScenario({
    topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 1, linkGbps: 400, latencyNs: 500 },
    network: { mtuBytes: 1500 },
    transport: { cc: { name: "none" }, reliability: { name: "dcp" } },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes }] }],
  });
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 1);
  assert.is(r.totals.dataPackets, 9 * 16_383 + 1);
  const f = r.flows[0];
  assert.is(f.timeouts, 0);
  assert.ok((f.fctUs as number) <= f.idealUs * 1.01, `FCT ${f.fctUs} µs against the ideal ${f.idealUs}`);
});

test("DCP in the fabric: a flow waiting on another's delivery starts when its last message completes; a completion past a flow's last message is a violation", () => {
  const b = build({
    topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 2 },
    transport: { cc: { name: "none" }, reliability: { name: "dcp" } },
    traffic: [
      {
        kind: "flows",
        flows: [
          { src: 0, dst: 2, bytes: 50_000 },
          { src: 2, dst: 1, bytes: 50_000, after: [0] },
          { src: 1, dst: 3, bytes: 50_000, after: [1] },
        ],
      },
    ],
  });
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 3);
  for (const f of [1, 2]) {
    const before = r.flows[f - 1].startUs + (r.flows[f - 1].fctUs as number);
    assert.ok(r.flows[f].startUs >= before - 0.002, `flow ${f} started at ${r.flows[f].startUs} µs, flow ${f - 1} was delivered at ${before}`);
  }
  // White-box: one more completion for flow 0, and a completion of no message.
  const inside = b.fabric as unknown as { deliverMessages(f: number, n: number): void; violations: string[] };
  inside.deliverMessages(0, 1);
  inside.deliverMessages(1, 0);
  assert.equal(inside.violations, [
    "flow 0: 1 message completions, 1 past the flow's last message (completed before)",
    "flow 1: 0 message completions, 0 past the flow's last message (completed before)",
  ]);
});

test("go-back-N's transport goes back past the packet its round already took: after a NACK or a timeout the sender's order, not the stale pending packet, comes first", () => {
  for (const via of ["nack", "timeout"] as const) {
    const { t, cc, pool, drain } = flow0(new GbnTransport(new GbnSender({ mtuBytes: 1000 }, 2), new GbnReceiver({}, 2), 64, 64, 2));
    t.post(0, 4000);
    // PSNs 0 and 1 go out; PSN 2 is taken into the round but not yet sent.
    drain(0, 2);
    assert.ok(t.nextBytes(0, 0, cc) > 0);
    assert.is(t.nextPsn(0), 2);
    if (via === "nack") {
      // The receiver expects PSN 1 (a NACK rides an ACK packet with W3 = 1): back to 1.
      t.onAck(0, 5000, pool, packet(pool, Kind.Ack, 0, 64, { w0: 1, w3: 1 }));
    } else {
      // The RTO (GBN's default 1,048,576 ns) goes back to the oldest unacknowledged PSN, 0.
      assert.is(t.onTimer(0, t.deadlineNs(0)), 1);
      assert.is(t.bytes, 2 * 1064, "the two packets sent are presumed lost");
    }
    const after = drain(6000).map((p) => [p[0], p[1]]);
    const R = Tx.Retransmit;
    const expected = via === "nack" ? [[R, 1], [Tx.New, 2], [Tx.New | Tx.Last, 3]] : [[R, 0], [R, 1], [Tx.New, 2], [Tx.New | Tx.Last, 3]];
    assert.equal(after, expected, via);
  }
});

test("go-back-N's transport keeps the packet its round already took when a NACK older than SND.UNA comes (GbnSender.onNack ignores it: no go-back)", () => {
  const { t, cc, pool, drain } = flow0(new GbnTransport(new GbnSender({ mtuBytes: 1000 }, 2), new GbnReceiver({}, 2), 64, 64, 2));
  t.post(0, 4000);
  // 4,000 B at 1,000 B a packet: PSNs 0–3. PSNs 0–2 go out; PSN 3 is taken into the round.
  drain(0, 3);
  assert.ok(t.nextBytes(0, 0, cc) > 0);
  assert.is(t.nextPsn(0), 3);
  // The ACK of PSNs 0 and 1 (ePSN 2) moves SND.UNA to 2; a NACK of ePSN 1, sent before it and
  // overtaken on the way, then names a PSN below SND.UNA: the sender does not go back
  // (notes/baselines.md §3.3; GbnSender.onNack), so SND.NXT stays 4, past the pending PSN 3.
  t.onAck(0, 1000, pool, packet(pool, Kind.Ack, 0, 64, { w0: 2 }));
  t.onAck(0, 1100, pool, packet(pool, Kind.Ack, 0, 64, { w0: 1, w3: 1 }));
  // PSN 3 is the next to go, now, not after the RTO (GBN's default 1,048,576 ns).
  assert.equal(drain(1200).map((p) => [p[0], p[1]]), [[Tx.New | Tx.Last, 3]]);
  assert.is(t.errors(), 0);
});

// Go-back-N under a window that is full when the NACK comes. By hand, on oneSwitchScenario
// (100 Gb/s, 1 µs links; a 4,150 B packet takes 332 ns a link, a 64 B ACK 5.12 ns): a window of
// 5 packets (20,750 B) sends PSNs 0–4 at 0, 332, …, 1,328 ns; the switch drops PSN 2. PSN 3
// reaches the receiver at 996 + 2 × 1,332 = 3,660 ns, which NACKs ePSN 2 (notes/baselines.md
// §3.3); the NACK is back at 3,660 + 2 × 1,005.12 = 5,670.24 ns. Meanwhile the ACKs of PSNs 0
// and 1 (4,674 and 5,006 ns) let out PSNs 5 and 6, so the CC holds PSNs 2–6, 20,750 B, at
// the NACK. The go-back resends from PSN 2 (§3.3: snd_nxt = snd_una): the receiver discarded
// 3–6, nothing the CC holds is in the network, and all 20,750 B leave its flight. Then
// - DCTCP takes the NACK as a loss (RFC 8257 §3.5; notes §4.1 "Loss → standard TCP halving"):
//   ssthresh = max(FlightSize / 2, 2 SMSS) = max(10,375, 8,300) = cwnd (RFC 5681 eq. (4),
//   FlightSize the 20,750 B before they leave), so PSN 2 goes again at 5,670 ns (its 4,150 B
//   leave 6,225 B of window) and PSN 3 after it at 6,002 ns, and no more (2,075 B do not hold
//   a packet) until the resent PSN 2's ACK, at 5,670 + 2 × 1,332 + 2 × 1,005.12 =
//   10,344.24 ns, lets out PSN 4;
// - DCQCN's rate does not react to a NACK (HPCC rdma-hw.cc: the NACK only goes back); its
//   window (windowBytes, HPCC's dcqcn_vwin) empties, so PSNs 2–6 go again back to back from
//   5,670 ns (PSN 2 leaves 16,600 B of window).
// Before, the NACK took nothing out of the CC's flight: the window stayed shut with nothing in
// the network until GBN's RTO (about 1.05 ms) resent PSN 2 as a timeout.
test("go-back-N with a full window: a NACK's go-back takes what the receiver discarded out of the CC's flight, so the resend goes at the NACK, not the RTO (notes/baselines.md §3.3)", () => {
  const W = 5 * 4150;
  const cases = [
    // [cc, params, the go-back's first sends [ns, PSN], level and window left after the NACK]
    ["dctcp", { initCwndBytes: W, maxCwndBytes: W }, [[5670, 2], [6002, 3], [10_344, 4]],
      10_375, 6225],
    ["dcqcn", { windowBytes: W }, [[5670, 2], [6002, 3], [6334, 4], [6666, 5], [6998, 6]],
      100e9, 16_600],
  ] as const;
  for (const [cc, params, resends, level, left] of cases) {
    const { b, fab } = oneFlowLosingPsn2("gbn nack", 12, cc, params, "gbn");
    const sent: number[][] = [];
    const sendData = fab.sendData.bind(fab);
    fab.sendData = (f: number, port: number) => {
      sendData(f, port);
      sent.push([fab.nowNs, fab.transport.psn]);
    };
    const a = fab.ccOf[0] as CcAdapter;
    let atNack: number[] = [];
    let nacksHeard = 0;
    const senderAck = fab.senderAck.bind(fab);
    fab.senderAck = (f: number, h: number) => {
      const nack = fab.pool.i32[(h << 4) + P.W3] === 1;
      senderAck(f, h);
      if (nack) atNack = [fab.nowNs, a.level(0), a.windowLeft(0)];
      if (nack) nacksHeard++;
    };
    fab.run();
    const r = collect(b);
    // A NACK travels as an ACK packet marked NACK; the totals count it as a NACK all the same.
    assert.ok(nacksHeard >= 1, cc);
    assert.is(r.totals.nacks, nacksHeard, `${cc}: totals.nacks counts the go-back-N NACKs`);
    assert.equal(fab.violations, [], cc);
    assert.is(r.completed, 1, cc);
    assert.equal(sent.slice(0, 7).map((p) => p[1]), [0, 1, 2, 3, 4, 5, 6], cc);
    assert.equal(sent.slice(7, 7 + resends.length), resends, `${cc}: the go-back's first sends`);
    assert.equal(atNack, [5670, level, left], `${cc}: at the NACK, [ns, level, window left]`);
    const t = r.totals;
    assert.equal([t.drops, t.timeouts, t.retransmissions], [1, 0, 5], `${cc}: 2 to 6 once each`);
  }
});

test("with the window full of later packets, the oldest unacknowledged one lost: GBN, IRN and RACK resend it without an RTO under NSCC, DCTCP and AIMD, and timeout-only's one RTO holds no new data back (SACKed bytes leave the flight; review base-stall)", () => {
  // One 20-packet flow between two hosts of one switch at 100 Gb/s, a window of 5 packets that
  // only a cut moves; PSN 2's first copy is dropped. A 4,150 B packet takes 332 ns to send; the
  // ACK of a packet sent at s comes back at s + 4,674.24 ns (2 × 332 + 2 × 5.12 + 4 × 1,000).
  // PSNs 0–4 go at 0, 332, …, 1,328; PSN 0's ACK (4,674) lets PSN 5 go, PSN 1's (5,006) PSN 6.
  // PSN 3 arrives out of order; its answer is back at 996 + 4,674.24 = 5,670.24 ns.
  // - GBN: its NACK goes back; everything past ePSN 2 leaves the flight (the receiver discarded
  //   it), so PSN 2 goes at 5,670 under every CC.
  // - IRN: its NACK SACKs PSN 3 (4,150 B leave, acknowledged) and marks PSN 2 lost (4,150 B
  //   leave, a loss): 3 packets held, 4, 5 and 6. NSCC's OnInferredLoss takes the lost packet off
  //   cwnd too (UEC: cwnd −= size): 5 − 1 = 4 packets, 1 free: PSN 2 at 5,670. DCTCP and AIMD
  //   halve to 2.5 packets, below the 3 held: PSN 4's SACK (6,002) leaves 2 held, 0.5 free, and
  //   PSN 5's ACK (4,674 + 4,674.24 = 9,348.24) 1 held, 1.5 free: PSN 2 at 9,348.
  // - RACK (rfc8985): PSN 3's ACK gives RACK.rtt = min_RTT = 4,674 ns and reo_wnd = min_RTT / 4
  //   = 1,168 (one packet SACKed, no recovery yet); PSN 2, sent at 664, is lost at 664 + 4,674 +
  //   1,168 = 6,506, the reordering timer (step 5). By then PSN 3's and 4's SACKs let PSNs 7 and
  //   8 go: 5 held (2, 5, 6, 7, 8). Under NSCC the mark takes a packet off both: 4 of 4, none
  //   free, and PSN 5's ACK (9,348) frees one: PSN 2 at 9,348. DCTCP and AIMD halve to 2.5 with
  //   4 held: PSN 5's ACK leaves 3, PSN 6's (9,680) 2, PSN 7's (5,670 + 4,674.24 = 10,344.24)
  //   1, 1.5 free: PSN 2 at 10,344.
  // - Timeout-only: the SACKs free the window, PSNs 5–19 go as they come; PSN 2 waits for the
  //   RTO, 1,048,576 ns after the last cumulative progress, PSN 1's ACK at 5,006: resent at
  //   1,053,582, it arrives 332 + 1,000 + 332 + 1,000 ns later, at 1,056,246 ns, the flow's
  //   last byte (every other packet arrived before it), whatever the CC.
  const W = 5 * 4150;
  const params: Record<string, Record<string, unknown>> = {
    nscc: { maxWndBytes: W },
    dctcp: { initCwndBytes: W, maxCwndBytes: W },
    aimd: { initialCwndBytes: W, maxCwndBytes: W, slowStart: false, increaseBytes: 0 },
  };
  const cases: [string, string, number, number, number][] = [
    // [reliability, cc, PSN 2 resent at ns, timeouts, FCT ns]
    ["gbn", "nscc", 5670, 0, -1],
    ["gbn", "dctcp", 5670, 0, -1],
    ["gbn", "aimd", 5670, 0, -1],
    ["irn", "nscc", 5670, 0, -1],
    ["irn", "dctcp", 9348, 0, -1],
    ["irn", "aimd", 9348, 0, -1],
    ["rack", "nscc", 9348, 0, -1],
    ["rack", "dctcp", 10_344, 0, -1],
    ["rack", "aimd", 10_344, 0, -1],
    ["timeout", "nscc", 1_053_582, 1, 1_056_246],
    ["timeout", "dctcp", 1_053_582, 1, 1_056_246],
    ["timeout", "aimd", 1_053_582, 1, 1_056_246],
  ];
  for (const [rel, cc, resentNs, timeouts, fctNs] of cases) {
    const { b, fab } = oneFlowLosingPsn2("full window, one loss", 20, cc, params[cc], rel);
    const resent: number[][] = [];
    const sendData = fab.sendData.bind(fab);
    fab.sendData = (f: number, port: number) => {
      const before = fab.retransmissions;
      sendData(f, port);
      if (fab.retransmissions > before) resent.push([fab.nowNs, fab.transport.psn]);
    };
    fab.run();
    const r = collect(b);
    const what = `${rel} + ${cc}`;
    assert.equal(fab.violations, [], what);
    assert.is(r.completed, 1, what);
    assert.equal(resent[0], [resentNs, 2], `${what}: PSN 2 resent at`);
    assert.equal([r.totals.drops, r.totals.timeouts], [1, timeouts], what);
    if (fctNs > 0) assert.is(Math.round((r.flows[0].fctUs as number) * 1000), fctNs, what);
  }
});

test("a go-back and a timeout report what leaves the flight (everything held) apart from the packet lost (the hole; the oldest outstanding): one packet (UEC OnInferredLoss, uet-htsim rtxTimerExpired)", () => {
  // PSNs 0–3 of 1,000 B + 64 B header. A NACK of ePSN 1: PSN 0 acknowledged (1,064 B), the
  // go-back resends 1–3 (3 × 1,064 = 3,192 B leave), PSN 1 (1,064 B) was lost.
  const gbn = () => flow0(new GbnTransport(new GbnSender({ mtuBytes: 1000 }, 2), new GbnReceiver({}, 2), 64, 64, 2));
  const a = gbn();
  a.t.post(0, 4000);
  a.drain(0);
  const r = a.t.onAck(0, 5000, a.pool, packet(a.pool, Kind.Ack, 0, 64, { w0: 1, w3: 1 }));
  assert.ok((r & Sx.Lost) !== 0 && (r & Sx.Nack) !== 0);
  assert.equal([a.t.newBytes, a.t.bytes, a.t.lostBytes], [1064, 3 * 1064, 1064]);
  // An RTO with PSNs 0–3 out: all 4,256 B leave, the oldest outstanding packet (PSN 0) is the loss.
  const b = gbn();
  b.t.post(0, 4000);
  b.drain(0);
  assert.is(b.t.onTimer(0, b.t.deadlineNs(0)), 1);
  assert.equal([b.t.bytes, b.t.lostBytes], [4 * 1064, 1064]);
});

test("IRN's NACK marks the packets below its highest SACK lost (notes/baselines.md §5): they leave the flight as a loss for the CC, once each; their resends come back into it", () => {
  const { t, pool, drain } = flow0(new IrnTransport(new IrnSender({ mtuBytes: 1000 }, 2), new IrnReceiver({}, 2), 64, 64, 2));
  t.post(0, 4000);
  drain(0); // PSNs 0–3, 1,064 B each
  const nack = (sack: number) => t.onAck(0, 5000, pool, packet(pool, Kind.Ack, 0, 64, { w0: 0, w1: sack, w3: 1, sentNs: 0 }));
  // PSN 2 arrives first: NACK (cumulative 0, SACK 2). PSN 2's 1,064 B are acknowledged; PSNs 0
  // and 1, below the highest SACK and neither ACKed nor SACKed, are lost: 2 × 1,064 B leave.
  assert.is(nack(2), Sx.Rtt | Sx.Lost | Sx.Nack);
  assert.equal([t.newBytes, t.bytes, t.lostBytes], [1064, 2128, 2128]);
  // PSN 3 next: NACK (0, SACK 3). Acknowledged; nothing below it newly lost (0 and 1 are marked).
  assert.is(nack(3), Sx.Rtt | Sx.Nack);
  assert.is(t.newBytes, 1064);
  // The resends of 0 and 1 go; the cumulative ACK of all four releases their 2,128 B (the first
  // copies left as lost), and nothing is restored.
  assert.equal(drain(6000).map((p) => [p[0], p[1]]), [[Tx.Retransmit, 0], [Tx.Retransmit, 1]]);
  assert.is(t.onAck(0, 9000, pool, packet(pool, Kind.Ack, 0, 64, { w0: 4, w1: 1, sentNs: 6000 })), Sx.Rtt | Sx.Complete | Sx.Done);
  assert.equal([t.newBytes, t.restoredBytes], [2128, 0]);
  assert.is(t.errors(), 0);
});

test("IRN: a new episode begun as the last ends on a hole marks the hole lost again (IRN §3.1: it rescans from the cumulative PSN), so its second resend does not count twice in the flight", () => {
  const { t, pool, drain } = flow0(new IrnTransport(new IrnSender({ mtuBytes: 1000, roundQuotaBytes: 1 << 20 }, 2), new IrnReceiver({}, 2), 64, 64, 2));
  t.post(0, 20_000);
  assert.is(drain(0, 10).length, 10); // PSNs 0–9, 1,064 B each: 10 × 1,064 held; 0 is lost
  const ack = (nowNs: number, cum: number, sack: number, nack: number) =>
    t.onAck(0, nowNs, pool, packet(pool, Kind.Ack, 0, 64, { w0: cum, w1: sack, w3: nack, sentNs: 0 }));
  ack(1000, 0, 1, 1); // NACK (0, 1): 1 SACKed (released), 0 marked lost: 8 held (2–9); point 9
  assert.equal(drain(2000, 4).map((p) => [p[0] & (Tx.Retransmit | Tx.New), p[1]]), [[Tx.Retransmit, 0], [Tx.New, 10], [Tx.New, 11], [Tx.New, 12]]);
  for (let p = 2; p <= 9; p++) ack(3000, 0, p, 1); // 2–9 SACKed: 4 held (0, 10, 11, 12)
  ack(3000, 0, 11, 1); // 11 SACKed, highest SACK 11: 10 marked lost: 2 held (0, 12)
  assert.equal(drain(4000, 2).map((p) => [p[0] & (Tx.Retransmit | Tx.New), p[1]]), [[Tx.Retransmit, 10], [Tx.New, 13]]); // 4 held (0, 10, 12, 13)
  // The resent 0 arrives: ACK 10 releases it (1,064 B) and passes the point 9 with 10 still a
  // hole: the module's new episode (point 13) resends 10 from the cumulative PSN, so 10 is lost
  // again and its 1,064 B leave (3 − 1 = 2 held: 12, 13). Before, the mark went on from 12 and 10
  // stayed in the flight while its second resend went too.
  assert.is(ack(5000, 10, 0, 0), Sx.Rtt | Sx.Lost);
  assert.equal([t.newBytes, t.bytes, t.lostBytes], [1064, 1064, 1064]);
  assert.equal(drain(6000, 2).map((p) => [p[0] & (Tx.Retransmit | Tx.New), p[1]]), [[Tx.Retransmit, 10], [Tx.New, 14]]);
  // All of 10–14 acknowledged: the 4 × 1,064 B held (10, 12, 13, 14; 11 left with its SACK) are released.
  assert.is(ack(7000, 15, 14, 0), Sx.Rtt);
  assert.equal([t.newBytes, t.restoredBytes], [4 * 1064, 0]);
  assert.is(t.errors(), 0);
});

test("RACK marks a packet lost on an ACK (RFC 8985 §6.2 step 5): it leaves the flight as a loss for the CC; RACK's choice of response is the CC's", () => {
  const { t, pool, drain } = flow0(new RackTransport(new RackSender({ mtuBytes: 1000, initialPtoNs: 100_000, initialRtoNs: 500_000 }, 2), new RackReceiver({}, 2), 64, 64, 2));
  t.post(0, 4000);
  drain(0, 2); // PSNs 0 and 1 at 0 ns
  drain(1000); // PSNs 2 and 3 at 1,000 ns
  const ack = (nowNs: number, cum: number, sack: number) => t.onAck(0, nowNs, pool, packet(pool, Kind.Ack, 0, 64, { w0: cum, w1: sack, sentNs: 0 }));
  // PSN 0's ACK at 4 µs: RTT 4,000 ns, min RTT 4,000, reo_wnd = min RTT / 4 = 1,000 ns.
  assert.is(ack(4000, 1, 0), Sx.Rtt);
  // PSN 3 SACKed at 5 µs: RACK.rtt 4,000 from its send at 1,000. PSN 1, sent at 0, is lost:
  // 0 + 4,000 + 1,000 ≤ 5,000. PSN 2, sent with PSN 3, is not (sent at the same tick, below it:
  // 1,000 + 5,000 − 5,000 = 1,000 ns to go, the reordering timer).
  assert.is(ack(5000, 1, 3), Sx.Rtt | Sx.Lost);
  assert.equal([t.newBytes, t.bytes, t.lostBytes], [1064, 1064, 1064]);
  assert.equal(drain(5000).map((p) => [p[0], p[1]]), [[Tx.Retransmit, 1]]);
  assert.is(t.errors(), 0);
});

test("a loss IRN or RACK finds without a timeout reaches the CC: AIMD over RACK cuts its window in a lossy incast (before: 94 drops, no RTO, no decrease)", () => {
  const b = build(scenario("rack", "aimd", "ecmp", lossyIncast));
  const ccOf = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf;
  const seen = { losses: 0, cuts: 0 };
  for (const a of new Set(ccOf)) {
    const onLoss = a.onLoss.bind(a);
    a.onLoss = (slot, nowNs, bytes, lostBytes) => {
      const before = a.level(slot);
      onLoss(slot, nowNs, bytes, lostBytes);
      seen.losses++;
      if (a.level(slot) < before) seen.cuts++;
    };
  }
  b.fabric.run();
  const r = collect(b);
  assert.is(r.completed, 6);
  assert.ok(r.totals.drops > 0 && seen.losses > 0 && seen.cuts > 0, `${r.totals.drops} drops, ${seen.losses} losses heard, ${seen.cuts} cuts`);
  // The lost packets leave the flight when marked (RFC 6675's pipe): the halved window does not
  // hold them while their resends wait, so RACK recovers them without an RTO.
  assert.is(r.totals.timeouts, 0);
  for (let f = 0; f < 6; f++) assert.is(ccOf[f].level(f) - ccOf[f].windowLeft(f), 0, `flow ${f}: nothing in flight at the end`);
});

test("NSCC over go-back-N in a lossy incast: each loss cuts the window by the one packet lost, however much the go-back or the timeout takes out of the flight", () => {
  const b = build(scenario("gbn", "nscc", "ecmp", lossyIncast));
  const ccOf = (b.fabric as unknown as { ccOf: NsccCc[] }).ccOf;
  const cuts: [string, number, number, number][] = [];
  for (const a of new Set(ccOf)) {
    for (const name of ["onLoss", "onTimeout"] as const) {
      const orig = a[name].bind(a);
      a[name] = (slot: number, nowNs: number, bytes: number, lostBytes: number) => {
        const before = a.m.cwndBytes(slot);
        orig(slot, nowNs, bytes, lostBytes);
        cuts.push([name, bytes, lostBytes, before - a.m.cwndBytes(slot)]);
      };
    }
  }
  b.fabric.run();
  assert.is(collect(b).completed, 6);
  assert.ok(cuts.some(([name, bytes, lost]) => name === "onLoss" && bytes > lost), "a go-back took more than its hole out of the flight");
  // A full packet is 4,150 B on the wire (the flow's last: 400,000 − 97 × 4,086 = 3,658 B + 64).
  const wrong = cuts.filter(([, , lost, cut]) => !(lost === 4150 || lost === 3722) || cut > lost);
  assert.equal(wrong, [], "every cut at most the one packet lost");
});

test("a resend taken into the round and then covered by a late ACK is dropped unsent (a paced flow waits for its gap; seed 2,168,431)", () => {
  const makers = {
    gbn: () => new GbnTransport(new GbnSender({ mtuBytes: 1000 }, 2), new GbnReceiver({}, 2), 64, 64, 2),
    irn: () => new IrnTransport(new IrnSender({ mtuBytes: 1000 }, 2), new IrnReceiver({}, 2), 64, 64, 2),
  };
  for (const [name, make] of Object.entries(makers)) {
    const { t, cc, pool, drain } = flow0(make());
    t.post(0, 4000);
    drain(0, 2);
    // The RTO: PSN 0 again, taken into the round while the flow waits to send.
    const at = t.deadlineNs(0);
    assert.is(t.onTimer(0, at), 1, name);
    assert.ok(t.nextBytes(0, at, cc) > 0);
    assert.is(t.nextPsn(0), 0, name);
    // Both first copies were late, not lost: the ACK of PSN 1 (cumulative 2) comes first.
    assert.ok(t.onAck(0, at + 1000, pool, packet(pool, Kind.Ack, 0, 64, { w0: 2, w1: 1 })) >= 0, name);
    const after = drain(at + 2000).map((p) => [p[0], p[1]]);
    assert.equal(after, [[Tx.New, 2], [Tx.New | Tx.Last, 3]], name);
    assert.is(t.errors(), 0, name);
  }
});

const CROSS_PAIRS = [[0, 6], [1, 7], [2, 11], [3, 9], [4, 2], [5, 8], [6, 15], [7, 3], [8, 13], [9, 14], [10, 4], [11, 1], [12, 5], [13, 0], [14, 12], [15, 10]];

test("DCP strict mode: a data packet beyond the receiver's bitmap goes back as an HO of the trimmed size, not at full MTU", () => {
  // A 32-PSN bitmap under oblivious spraying: packets arriving more than 32 PSNs ahead are
  // refused (DCP_RX_BOUNCE) and returned as HOs. The DCP queue profile trims to its 57 B HO
  // (§4.2), so a bounced packet is 57 B on the way back. Before, it went back at 4,150 B.
  const b = build({
    ...DEFAULT_SCENARIO,
    network: { ...DEFAULT_SCENARIO.network, queue: { profile: "dcp" } },
    transport: { cc: { name: "dcqcn" }, lb: { name: "ops" }, reliability: { name: "dcp", params: { receiver: { tracking: "bitmap", bitmapBits: 32 } } } },
    // A permutation across the core whose sprayed packets reorder past 32 PSNs (the one seed 1
    // drew before permutations became uniform derangements).
    traffic: [{ kind: "flows", flows: CROSS_PAIRS.map(([src, dst]) => ({ src, dst, bytes: 500_000 })) }],
  });
  const pool = b.fabric.pool;
  const alloc = pool.alloc;
  const nackBytes: number[] = [];
  pool.alloc = (kind, f, dst, bytes) => {
    if (kind === Kind.Nack) nackBytes.push(bytes);
    return alloc.call(pool, kind, f, dst, bytes);
  };
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, r.flowsTotal);
  assert.is(r.totals.trims, 0, "no switch trimmed: every HO is a bounce of a data packet");
  assert.ok(nackBytes.length > 0, "packets beyond the bitmap were bounced");
  assert.equal([...new Set(nackBytes)], [57]);
});

// harness/README "Output": per flow "retransmissions and timeouts"; FlowResult.spurious is a
// subset of the flow's retransmissions. DcpSender.retransmissions counts HO-driven resends only;
// the flow's count adds its timeout resends (found by review: a row said 2 spurious of 0).
test("DCP: a flow's retransmissions column counts its timeout resends (single flow: row = total; spurious ⊆ retransmissions)", () => {
  // One 3-packet flow; host 0's link loses data until 1.4 µs, i.e. only the first packet (as in
  // harness/metrics/metrics.test.ts "out of order, by hand"). No trimming (DCP's HO path is off),
  // so DCP recovers by its timeout, resending the message.
  const s = defaultWith(
    "dcp-rtx",
    [{ kind: "flows", flows: [{ src: 0, dst: 15, bytes: 3 * 4086 }] }],
    { faults: [{ kind: "loss", links: [{ host: 0 }], probability: 1, packets: ["data"], untilUs: 1.4 }], run: { faultBaseline: false } },
    "ecmp",
  );
  s.transport = { ...s.transport!, cc: { name: "dcqcn" }, reliability: { name: "dcp" } };
  s.network = { ...s.network!, trimming: false };
  const r = runScenario(s);
  const f = r.flows[0];
  assert.is(f.status, "complete");
  assert.is(r.metrics.faults[0].lost.data, 1, "exactly one data packet lost");
  assert.ok(r.totals.retransmissions >= 1, "the lost packet had to be resent");
  assert.is(r.metrics.retransmissions.total, r.totals.retransmissions);
  // The row's spurious count is part of its retransmissions.
  assert.ok(f.spurious <= f.retransmissions, `row says ${f.spurious} spurious of ${f.retransmissions} retransmissions`);
  // One flow: its retransmissions are all of the run's.
  assert.is(f.retransmissions, r.totals.retransmissions, "per-flow retransmissions vs totals.retransmissions");
});

// A NIC running DCTCP or MP-RDMA over a SACK transport counts each packet's bytes acknowledged
// once, with the CE echo of the first ACK that acknowledges it, cumulatively or selectively
// (notes/baselines.md §4.1: marked bytes over acknowledged bytes; §5: IRN's NACK carries the
// triggering PSN as a one-block SACK). Before, an ACK that only SACKed a packet gave the CC 0
// bytes, its CE lost, and the cumulative ACK that filled the hole gave all of them its own CE.
test("IRN, RACK and timeout-only by hand: a SACK-only ACK of PSN 2 gives the CC that packet's bytes (with its CE), the cumulative ACK the other three", () => {
  const makers = {
    irn: () => new IrnTransport(new IrnSender({ mtuBytes: 1000 }, 2), new IrnReceiver({}, 2), 64, 64, 2),
    rack: () => new RackTransport(new RackSender({ mtuBytes: 1000 }, 2), new RackReceiver({}, 2), 64, 64, 2),
    timeout: () => new TimeoutTransport(new TimeoutSender({ mtuBytes: 1000 }, 2), new TimeoutReceiver({}, 2), 64, 64, 2),
  };
  for (const [name, make] of Object.entries(makers)) {
    const { t, pool, drain } = flow0(make());
    t.post(0, 3500);
    assert.equal(drain(0).map((p) => p[4]), [1064, 1064, 1064, 564], name);
    /** [bytes, CE] as the fabric hands them to the CC's onAck (fabric.ts senderAck: newBytes, the ACK's CE). */
    const heard: [number, boolean][] = [];
    const ack = (cum: number, sack: number, ce: boolean, nack = 0) => {
      const h = packet(pool, Kind.Ack, 0, 64, { w0: cum, w1: sack, w3: nack, flags: ce ? Flag.Ce : 0, sentNs: 0 });
      assert.ok(t.onAck(0, 5000, pool, h) >= 0, name);
      heard.push([t.newBytes, (pool.i32[(h << 4) + P.Flags] & Flag.Ce) !== 0]);
    };
    // PSN 2 arrives first, CE-marked: IRN NACKs it (cumulative 0, SACK 2), RACK and timeout-only ACK it.
    ack(0, 2, true, name === "irn" ? 1 : 0);
    // PSNs 1, 3 and then 0 arrive unmarked; the ACK of 0, the last, moves the cumulative PSN to 4.
    ack(0, 1, false, name === "irn" ? 1 : 0);
    ack(0, 3, false, name === "irn" ? 1 : 0);
    ack(4, 0, false);
    assert.equal(heard, [[1064, true], [1064, false], [564, false], [1064, false]], name);
    assert.is(t.errors(), 0, name);
  }
});

test("DCTCP over timeout-only and RACK in the fabric (sprayed, lossless): every ACK gives the CC exactly the bytes it acknowledges first, SACK-only ones too, with their CE", () => {
  // An 8:1 (timeout-only) and a 4:1 (RACK) incast of 200 KB with PFC and oblivious spraying:
  // packets reorder, so many ACKs only SACK, and the receiver's queue marks some of them. Neither
  // resends here (checked), so every byte the CC hears is a first acknowledgement. The expected
  // bytes per ACK come from the ACKs themselves: the PSNs between the cumulative PSN before it
  // and its own, and its SACK PSN, that no earlier ACK acknowledged.
  for (const [rel, seed, senders] of [["timeout", 1, 8], ["rack", 3, 4]] as const) {
    const b = build(scenario(rel, "dctcp", "ops", sprayedIncast(seed, senders)));
    const fab = b.fabric as unknown as { ccOf: CcAdapter[]; transport: Transport };
    const heard = heardAcks(fab.ccOf);
    const expected = firstAcknowledgements(fab.transport, 4150 - 64, 64, 200_000);
    b.fabric.run();
    const r = collect(b);
    assert.is(r.completed, senders, rel);
    assert.equal([r.totals.drops, r.totals.retransmissions, r.totals.timeouts], [0, 0, 0], rel);
    assert.is(heard.length, expected.perAck.length, `${rel}: one onAck per ACK the sender took`);
    const marked = (acks: [number, boolean][]) => acks.reduce((sum, [bytes, ce]) => sum + (ce ? bytes : 0), 0);
    assert.ok(expected.sackOnlyMarked > 0, `${rel}: some ACKs that only SACK echo CE (${expected.sackOnlyMarked})`);
    assert.is(marked(heard), marked(expected.perAck), `${rel}: CE-marked bytes DCTCP hears`);
    assert.equal(heard, expected.perAck, `${rel}: bytes and CE per ACK`);
  }
});

test("DCTCP over IRN in the fabric (sprayed, lossless): every ACK gives the CC at least the bytes it acknowledges first; beyond them only the resent copies' bytes", () => {
  // IRN resends on every out-of-order arrival (DCP §2.2 Issue #1): a resent copy's bytes leave
  // the CC's flight with the ACK after it (the copy it replaced is not in the network twice), so
  // an ACK may give more than it acknowledges first, never less (no timeout gave bytes away).
  const b = build(scenario("irn", "dctcp", "ops", sprayedIncast(1, 8)));
  const fab = b.fabric as unknown as { ccOf: CcAdapter[]; transport: Transport };
  const heard = heardAcks(fab.ccOf);
  const resent = { bytes: 0, lost: 0, restored: 0 };
  for (const cc of new Set(fab.ccOf)) {
    const onResend = cc.onResend.bind(cc);
    cc.onResend = (slot, nowNs, bytes) => {
      resent.bytes += bytes;
      return onResend(slot, nowNs, bytes);
    };
    const onLoss = cc.onLoss.bind(cc);
    cc.onLoss = (slot, nowNs, bytes, lostBytes) => {
      resent.lost += bytes;
      onLoss(slot, nowNs, bytes, lostBytes);
    };
    const restore = cc.restore.bind(cc);
    cc.restore = (slot, nowNs, bytes) => {
      resent.restored += bytes;
      restore(slot, nowNs, bytes);
    };
  }
  const expected = firstAcknowledgements(fab.transport, 4150 - 64, 64, 200_000);
  b.fabric.run();
  const r = collect(b);
  assert.is(r.completed, 8);
  assert.equal([r.totals.drops, r.totals.timeouts], [0, 0]);
  assert.ok(r.totals.retransmissions > 0 && expected.sackOnlyMarked > 0, `${r.totals.retransmissions} retransmissions, ${expected.sackOnlyMarked} marked SACK-only ACKs`);
  assert.is(heard.length, expected.perAck.length);
  const short = heard.filter(([bytes, ce], i) => bytes < expected.perAck[i][0] || ce !== expected.perAck[i][1]);
  assert.equal(short, [], "no ACK gives less than it acknowledges first, or another CE");
  // Packets IRN marks lost (reordered, not lost: DCP §2.2 Issue #1) leave the flight through
  // onLoss, and come back with their resend, or restored when they turn out delivered first.
  assert.ok(resent.lost > 0, "IRN marked packets lost");
  const total = heard.reduce((sum, [bytes]) => sum + bytes, 0);
  assert.is(total, 8 * (200_000 + 49 * 64) + resent.bytes + resent.restored - resent.lost, "the flows' wire bytes once, every resent copy's and every restored packet's, less what left as lost");
});

/** A `senders`:1 incast of 200 KB (49 packets a flow) with PFC (lossless) and oblivious spraying (OPS): packets reorder. */
function sprayedIncast(seed: number, senders: number): Partial<Scenario> {
  return {
    seed,
    network: { ...DEFAULT_SCENARIO.network, trimming: undefined, bufferBdp: undefined, pfc: { xoffBytes: 60_000 } },
    traffic: [{ kind: "incast", senders, receiver: 0, bytes: 200_000 }],
  };
}

/** [acked bytes, CE] of every onAck the fabric makes to these CC adapters, in order. */
function heardAcks(ccs: CcAdapter[]): [number, boolean][] {
  const heard: [number, boolean][] = [];
  for (const cc of new Set(ccs)) {
    const onAck = cc.onAck.bind(cc);
    cc.onAck = (slot, nowNs, acked, rttNs, ecn, remoteDelayNs) => {
      heard.push([acked, ecn]);
      onAck(slot, nowNs, acked, rttNs, ecn, remoteDelayNs);
    };
  }
  return heard;
}

/**
 * The rule, from the ACKs a baseline's sender takes (its onAck not < 0): the wire bytes of the
 * PSNs each ACK acknowledges that no earlier one did — below its cumulative PSN (W0), or its SACK
 * PSN (W1) — with its CE bit; and how many ACKs acknowledged a packet only by SACK and echoed CE.
 * Flows of `flowBytes` in packets of `mss` payload and `header` bytes.
 */
function firstAcknowledgements(tr: Transport, mss: number, header: number, flowBytes: number) {
  const perAck: [number, boolean][] = [];
  const cum = new Map<number, number>();
  const acked = new Map<number, Set<number>>();
  let sackOnlyMarked = 0;
  const wire = (psn: number) => Math.min(mss, flowBytes - psn * mss) + header;
  const onAck = tr.onAck.bind(tr);
  tr.onAck = (slot, nowNs, pool, h) => {
    const r = onAck(slot, nowNs, pool, h);
    if (r < 0) return r;
    const b = h << 4;
    const ce = (pool.i32[b + P.Flags] & Flag.Ce) !== 0;
    const seen = acked.get(slot) ?? new Set<number>();
    acked.set(slot, seen);
    let bytes = 0;
    const first = (psn: number) => {
      if (seen.has(psn)) return;
      seen.add(psn);
      bytes += wire(psn);
    };
    const from = cum.get(slot) ?? 0;
    for (let psn = from; psn < pool.i32[b + P.W0]; psn++) first(psn);
    const to = Math.max(from, pool.i32[b + P.W0]);
    cum.set(slot, to);
    if (pool.i32[b + P.W1] >= to) {
      const before = bytes;
      first(pool.i32[b + P.W1]);
      if (ce && bytes > before && to === from) sackOnlyMarked++;
    }
    perAck.push([bytes, ce]);
    return r;
  };
  return { perAck, get sackOnlyMarked() { return sackOnlyMarked; } };
}

test.run();
