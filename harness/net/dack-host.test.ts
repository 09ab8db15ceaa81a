import { test } from "uvu";
import * as assert from "uvu/assert";
import { DACK_KIND_DACK, DACK_KIND_IACK } from "../../lib/reliability/index";
import { collect } from "../metrics/results";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import type { CcAdapter } from "./adapters";
import { DackTransport } from "./dack";
import { Kind, P, PacketPool } from "./packets";
import { packet } from "./test-support";

// The host side of the DACK / OPT glue (dack.ts): the ACK a host queue sends carries the host's
// hold time of the packet it answers, as the fabric's own ACKs do; a deep host buffer is a
// target queue as deep.

const MSS = 2048;
const HEADER = 64;

function put(reliability: "dack" | "opt", cc: string, bytes: number, rxFraction: number, rxBufferBytes: number): Scenario {
  return {
    ...DEFAULT_SCENARIO,
    name: `review ${reliability}`,
    topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 1000 },
    network: { mtuBytes: 2112, headerBytes: 64, trimming: false },
    transport: { cc: { name: cc }, lb: { name: "ecmp" }, reliability: { name: reliability } },
    traffic: [{ kind: "put", senders: 1, receiver: 0, bytes, rxFraction, rxBufferBytes }],
  };
}

test("an ACK sent when the host finishes a packet carries the host's hold time of it (Swift's t3 − t2) and its EV, one sent at arrival no hold time", () => {
  // notes/baselines.md §1.1: "fabric delay = RTT − (t3 − t2) (i.e., remove remote host
  // residence/ACK turnaround)"; CcAdapter.onAck: remoteDelayNs is "how long the receiving host
  // held the data packet before it answered". The fabric stamps the packet's arrival in
  // pool.hostNs (hostReceive); six 2112 B packets arrive at 1,000–1,500 ns, the fifth takes
  // the queue over the 9 KiB threshold, and the host finishes the first at 5,000 ns, which
  // moves the fifth below it while the sixth keeps the target congested (§II-D: a DACK, then
  // the IACK): the two ACKs that answer the first packet held it 4,000 ns, and echo its EV (11
  // of EVs 11–16; UEC §3.6.12: the EV of the packet that triggered the ACK, not the flow's latest).
  const tr = new DackTransport({ policy: "dack", mssBytes: MSS, headerBytes: HEADER, rtoNs: 1e5 }, { dst: new Int32Array([1]), hosts: 2, bufferBytes: new Float64Array([82944, 82944]) }, 64);
  tr.open(0);
  const pool = new PacketPool(32);
  const hs: number[] = [];
  for (let seq = 0; seq < 6; seq++) {
    const h = packet(pool, Kind.Data, 0, 2112, { dst: 1, psn: seq, sentNs: 100 + seq, ev: 11 + seq });
    const at = 1000 + 100 * seq;
    pool.hostNs[h] = at;
    assert.ok(tr.arrive(0, at, pool, h));
    hs.push(h);
    const a = pool.alloc(Kind.Ack, 0, 0, 64);
    tr.writeAck(0, pool, a, h);
    assert.is(pool.hostNs[a], 0, `the ACK of packet ${seq} at its arrival: held 0 ns`);
  }
  tr.processed(1, 5000);
  assert.is(tr.ackCount(), 2);
  const kinds: number[] = [];
  for (let i = 0; i < 2; i++) {
    const a = pool.alloc(Kind.Ack, tr.ackFlow(i), 0, 64);
    tr.writeAck(i, pool, a, hs[0]);
    kinds.push(pool.i32[(a << 4) + P.W0]);
    assert.is(pool.sentNs[a], 100, "the RTT sample is the finished packet's");
    assert.is(pool.hostNs[a], 4000, "held from its arrival at 1,000 ns to 5,000 ns");
    assert.is(pool.i32[(a << 4) + P.Ev], 11, "the finished packet's EV");
  }
  assert.equal(kinds, [DACK_KIND_DACK, DACK_KIND_IACK]);
});

test("Swift over a slow host: the CC hears the host's hold time with the RTT samples (before, always 0)", () => {
  // 50 % drain: the 81 KiB queue holds the stream for up to 82,944 × 8 / 50 Gb/s ≈ 13 µs.
  const b = build(put("dack", "swift", 1_000_000, 0.5, 82944));
  const ccOf = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf;
  let samples = 0;
  let held = 0;
  let over = 0;
  for (const cc of new Set(ccOf)) {
    const onAck = cc.onAck;
    cc.onAck = (f, t, bytes, rttNs, ecn, remoteDelayNs) => {
      if (rttNs > 0) {
        samples++;
        if (remoteDelayNs > 0) held++;
        if (remoteDelayNs >= rttNs) over++;
      }
      onAck.call(cc, f, t, bytes, rttNs, ecn, remoteDelayNs);
    };
  }
  b.fabric.run();
  const r = collect(b);
  assert.ok(r.integrity.ok && r.completed === 1);
  assert.ok(samples > 100, `${samples} RTT samples`);
  assert.ok(held * 2 > samples, `${held} of ${samples} samples with a host hold time`);
  assert.is(over, 0, "the hold time is part of the round trip");
  assert.is(r.totals.moduleErrors, 0);
});

test("§IV-D (high queue depths): a host buffer of 4 MiB or more is the target's queue; full packets fill it exactly, a one-byte last packet still enters", () => {
  // lib/reliability/dack README: "A queue of 4 MiB or more therefore raises the default smallest
  // packet above the 64 B header (8 MiB: 129 B)". Before, the fabric fixed the smallest packet
  // at 64 B, and every such host buffer was refused ("queueBytes must be below 65536 ×
  // minPacketBytes").
  const q = 8 * 1024 * 1024;
  const tr = new DackTransport({ policy: "opt", mssBytes: MSS, headerBytes: HEADER, rtoNs: 1e5 }, { dst: new Int32Array([1, 1]), hosts: 2, bufferBytes: new Float64Array([q, q]) }, 64);
  tr.open(0);
  tr.open(1);
  const t = tr.targets[1];
  assert.ok(t !== null && t !== undefined);
  assert.is(t.params.queueBytes, q);
  const pool = new PacketPool(32);
  for (let seq = 0; seq < 3; seq++) assert.ok(tr.arrive(0, 10 * seq, pool, packet(pool, Kind.Data, 0, 2112, { dst: 1, psn: seq })));
  assert.is(t.occupancyBytes(), 3 * 2112);
  // Flow 1 is one byte: its only packet, header + 1 byte, is accepted and answered.
  assert.ok(tr.arrive(1, 100, pool, packet(pool, Kind.Data, 1, HEADER + 1, { dst: 1, psn: 0 })));
  assert.equal([tr.ackCount(), tr.ackFlow(0), tr.ackIsNack(0)], [1, 1, false]);
  assert.is(tr.errors(), 0);
  // The same in the fabric: a `put` into an 8 MiB host buffer drained at 50 %, 1 MB and a 577 B last packet.
  for (const reliability of ["dack", "opt"] as const) {
    const r = runScenario(put(reliability, "none", 1_000_001, 0.5, q));
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    assert.is(r.completed, 1);
    // 1 MB fits in 8 MiB: nothing is dropped, nothing is sent twice.
    assert.equal([r.totals.rxDrops, r.totals.retransmissions], [0, 0], reliability);
  }
});

test("under Reflex NDT the RTT sample is timed from the NIC's send, not from NDT's restamp at the destination ESW (§III-D)", () => {
  // One flow from host 0 in DC 0 to host 4 in DC 1 of a two-DC topology with 1 µs links and a
  // 50 µs WAN. Its data crosses host–leaf, leaf–spine, spine–ESW, the WAN, ESW–spine,
  // spine–leaf, leaf–host: 6 × 1 µs + 50 µs = 56 µs of propagation; its ACK the same back. Any
  // RTT sample is therefore at least 2 × 56 µs = 112,000 ns, serialisation and queues aside.
  // NDT overwrites the data packet's timestamp (PacketPool.f64) with its egress time at DC 1's
  // ESW; timed from that (before), a sample missed the way there: about 60 µs.
  const floorNs = 2 * (6 * 1000 + 50_000);
  for (const reliability of ["dack", "opt"] as const) {
    for (const ndt of [false, true]) {
      const b = build({
        ...DEFAULT_SCENARIO,
        name: `dack rtt ndt ${ndt}`,
        topology: { kind: "twodc", leaves: 2, spines: 2, hostsPerLeaf: 2, linkGbps: 100, latencyNs: 1000, wanGbps: 1600, wanLatencyNs: 50_000 },
        network: { trimming: false, reflex: { nsf: true, ndt } },
        transport: { cc: { name: "swift" }, lb: { name: "ecmp" }, reliability: { name: reliability } },
        traffic: [{ kind: "flows", flows: [{ src: 0, dst: 4, bytes: 500_000 }] }],
      });
      const tr = b.fabric.transport as DackTransport;
      const onAck = tr.onAck;
      const samples: number[] = [];
      tr.onAck = (slot, nowNs, pool, h) => {
        const r = onAck.call(tr, slot, nowNs, pool, h);
        if (r > 0 && tr.rttNs > 0) samples.push(tr.rttNs);
        return r;
      };
      b.fabric.run();
      const r = collect(b);
      const what = `${reliability}, NDT ${ndt ? "on" : "off"}`;
      assert.ok(r.integrity.ok && r.completed === 1, what);
      assert.ok(samples.length > 0, `${what}: RTT samples`);
      assert.ok(Math.min(...samples) >= floorNs, `${what}: smallest RTT sample ${Math.min(...samples)} ns < ${floorNs} ns`);
    }
  }
});

test.run();
