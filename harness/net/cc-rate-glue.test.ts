// The fabric's glue for the rate-based and delay-based congestion controls: where DCQCN's
// notification point sees a data packet, which flow a CNP reaches and how often, and the
// DCQCN timers of a flow that has finished. Times are worked out by hand on the smallest
// scenario (test-support oneSwitchScenario: two hosts under one switch, 1 µs links, 4,150 B
// packets, an ACK per packet). Data packets are CE-marked as they leave the sender's NIC (the
// port a switch would mark at), so that every one arrives marked without building a queue.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario as run } from "../run";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import type { CcAdapter, TimelyCc } from "./adapters";
import { Flag, Kind, P, type PacketPool } from "./packets";
import { oneSwitchScenario } from "./test-support";

/** The fabric's internals these tests watch (private members, reached on purpose). */
interface Inside {
  now: number;
  pool: PacketPool;
  ccOf: CcAdapter[];
  flowDoneTx: Float64Array;
  cnps: number;
  transmit(port: number, h: number): void;
  cnp(host: number, f: number, ev: number): void;
  ccTimer(f: number): void;
}

/** Every data packet host `src` puts on its link leaves CE-marked. */
function markAt(b: ReturnType<typeof build>, src: number): Inside {
  const f = b.fabric as unknown as Inside;
  const nic = b.topology.nodePortBase[src];
  const transmit = f.transmit.bind(f);
  f.transmit = (port: number, h: number) => {
    if (port === nic && f.pool.i32[(h << 4) + P.Kind] === Kind.Data) f.pool.i32[(h << 4) + P.Flags] |= Flag.Ce;
    transmit(port, h);
  };
  return f;
}

/** The times (ps) and flows of the CNPs the receivers' notification points send. */
function cnpLog(f: Inside): { at: number[]; flow: number[] } {
  const log = { at: [] as number[], flow: [] as number[] };
  const cnp = f.cnp.bind(f);
  f.cnp = (host: number, flow: number, ev: number) => {
    log.at.push(f.now);
    log.flow.push(flow);
    cnp(host, flow, ev);
  };
  return log;
}

test("DCQCN's notification point is the receiving NIC's: a marked packet gets its CNP when it reaches the NIC, not after the host's processing queue", () => {
  // DCQCN §3.1 (notes/baselines.md §3.1): "NP (receiver NIC): for each flow, if any CE-marked
  // packet arrived, send one CNP", at once when none went in the last N µs. The fabric's
  // receive queue (network.rxGbps) is the host behind the NIC: the NIC stamps t2 at arrival and
  // answers a trimmed header on arrival. One 4,150 B packet at 100 Gb/s: 2 × (332 ns + 1 µs) =
  // 2,664 ns to the receiving NIC; the host then takes 33,200 ns to process it at 1 Gb/s.
  // Before, the CNP left when the host had processed the packet: 35,864 ns.
  const s = oneSwitchScenario("np at the nic", 100, [{ src: 0, dst: 1, bytes: 4150 - 64 }]);
  const b = build({ ...s, network: { ...s.network, rxGbps: 1 }, transport: { ...s.transport, cc: { name: "dcqcn" } } } as Scenario);
  const f = markAt(b, 0);
  const log = cnpLog(f);
  b.fabric.run();
  assert.ok(log.at.length >= 1, "the marked packet gets a CNP");
  assert.is(log.at[0], 2_664_000, `the first CNP left at ${log.at[0] / 1000} ns`);
});

test("a CNP reaches the flow whose data was marked, at most one per 50 µs per flow, the deferred one when the 50 µs are up (DCQCN §3.1)", () => {
  // Host 0 sends 1 MB to host 2 and host 1 1 MB to host 3 (no shared link, so no switch marks);
  // only host 0's data is marked. The paper NP sends a
  // CNP at the first marked arrival (2 × (332 + 1,000) ns = 2,664 ns: the first packet meets no
  // queue) and, while marked packets keep coming, one at the end of each 50 µs interval.
  const s: Scenario = {
    ...oneSwitchScenario("cnp per flow", 100, []),
    topology: { kind: "leafspine", leaves: 1, spines: 1, hostsPerLeaf: 4, linkGbps: 100, latencyNs: 1000 },
    transport: { cc: { name: "dcqcn" }, lb: { name: "ecmp" }, reliability: { name: "rud" }, ackEveryBytes: 0 },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 2, bytes: 1_000_000 }, { src: 1, dst: 3, bytes: 1_000_000 }] }],
  } as Scenario;
  const b = build(s);
  const f = markAt(b, 0);
  const log = cnpLog(f);
  const heard: number[] = [];
  // One adapter serves every flow of a CC (the flow is its slot).
  for (const cc of new Set(f.ccOf)) {
    const onCnp = cc.onCnp.bind(cc);
    cc.onCnp = (x: number, nowNs: number) => {
      heard.push(x);
      onCnp(x, nowNs);
    };
  }
  b.fabric.run();
  assert.ok(log.at.length >= 3, `${log.at.length} CNPs`);
  assert.equal([...new Set(log.flow)], [0], "every CNP is flow 0's");
  assert.equal([...new Set(heard)], [0], "and reaches flow 0's reaction point");
  assert.is(heard.length, log.at.length, "every CNP sent is heard once");
  assert.is(log.at[0], 2_664_000);
  // Cut to 50 Gb/s by the first, the flow's next packets come every 664 ns: the second CNP is
  // the deferred one, exactly 50 µs later. Once cut further, the packets come far enough apart
  // that an interval can end with no mark in it: the next mark then gets its CNP on arrival.
  assert.is(log.at[1] - log.at[0], 50_000_000, "the deferred CNP");
  for (let i = 1; i < log.at.length; i++) assert.ok(log.at[i] - log.at[i - 1] >= 50_000_000, `CNP ${i}: ${(log.at[i] - log.at[i - 1]) / 1000} ns after the one before`);
  assert.is(f.ccOf[1].level(1), 100e9, "the unmarked flow kept its line rate");
  assert.ok(f.ccOf[0].level(0) < 100e9, "the marked flow was cut");
});

test("a finished flow's DCQCN timers are cancelled (HPCC QpComplete): none runs after the flow's last ACK", () => {
  // HPCC rdma-hw.cc QpComplete (notes/baselines.md §3.3's Mellanox DCQCN): "if (m_cc_mode == 1)
  // Simulator::Cancel(qp->mlx.m_eventUpdateAlpha); … (m_eventDecreaseRate); … (m_rpTimer)".
  // A 4:1 incast of 100 KB that gets CNPs, and a 5 MB flow elsewhere that keeps the run going
  // for about 400 µs more. Before, every incast flow's 1 µs α timer and 4 µs decrease check
  // kept firing until the run ended: thousands of timer events for finished flows.
  const b = build({
    ...DEFAULT_SCENARIO,
    name: "timers after completion",
    transport: { cc: { name: "dcqcn", params: { profile: "hpcc" } }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
    traffic: [
      { kind: "incast", senders: 4, receiver: 0, bytes: 100_000 },
      { kind: "flows", flows: [{ src: 1, dst: 15, bytes: 5_000_000 }] },
    ],
  } as Scenario);
  const f = b.fabric as unknown as Inside;
  let timers = 0;
  let afterDone = 0;
  const ccTimer = f.ccTimer.bind(f);
  f.ccTimer = (flow: number) => {
    timers++;
    if (f.flowDoneTx[flow] >= 0) afterDone++;
    ccTimer(flow);
  };
  b.fabric.run();
  assert.ok(f.cnps > 0 && timers > 0, `${f.cnps} CNPs, ${timers} timer events: the incast's timers run`);
  assert.is(afterDone, 0, `${afterDone} of ${timers} CC timer events ran for a finished flow`);
});

test("TIMELY hears an RTT from every ACK, DCP's too, from the NIC timestamps the ACK echoes (TIMELY §3.1; notes/baselines.md §2.1)", () => {
  // TIMELY's RTT is the completion time less the send time less the segment's serialisation,
  // both times the NIC's (§3.1, hardware timestamps), the sample Swift takes too. DCP's ACK
  // (one per message, eMSN) carries no RTT of its own; the fabric's ACK echoes the send time
  // of the data packet it answers. One DCP flow of two packets on oneSwitchScenario: PSN 1 is
  // sent at 332 ns (after PSN 0's 332 ns of serialisation) and reaches the receiver at
  // 332 + 2 × 1,332 = 2,996 ns, completing the message; the ACK (64 B, 5.12 ns a link) is back
  // at 2,996 + 2 × 1,005.12 = 5,006.24 ns: 4,674 ns in whole ns, less 332 ns of the segment's
  // serialisation = 4,342 ns. Before, TIMELY heard 0 (no sample) from every DCP ACK, and under
  // DCP its rate never left line rate.
  const s = oneSwitchScenario("timely dcp", 100, [{ src: 0, dst: 1, bytes: 2 * 4086 }]);
  s.transport = { ...s.transport, cc: { name: "timely" }, reliability: { name: "dcp" } };
  const b = build(s);
  const cc = (b.fabric as unknown as Inside).ccOf[0] as TimelyCc;
  const heard: number[] = [];
  const onAck = cc.m.onAck.bind(cc.m);
  cc.m.onAck = (slot, nowNs, acked, rttNs) => (heard.push(rttNs), onAck(slot, nowNs, acked, rttNs));
  b.fabric.run();
  assert.equal(heard, [4342], "the RTT samples TIMELY heard");
  assert.is(cc.errors(), 0);
});


// A rate module paced below the rate at which coalesced ACKs come back before the RTO, or held by
// a send window smaller than the coalescing, hears nothing until the timer fires (review rev-nic).
// Leaf–spine of 2 leaves and 1 spine, one host each, 100 Gb/s and 1 µs links, RUD: 4 links from
// host 0 to host 1, nothing lost.
const pair = (cc: { name: string; params?: Record<string, unknown> }, bytes: number, ackEveryBytes?: number): Scenario => ({
  topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 1, linkGbps: 100, latencyNs: 1000 },
  network: { mtuBytes: 4150, headerBytes: 64 },
  transport: { cc, lb: { name: "ecmp" }, reliability: { name: "rud" }, ...(ackEveryBytes === undefined ? {} : { ackEveryBytes }) },
  traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes }] }],
  run: { endUs: 20_000 },
});

test("DCQCN and TIMELY get an ACK per packet by default: a flow paced at 1 Gb/s completes at its pace with no timeout (HPCC ns-3 L2_ACK_INTERVAL 1)", () => {
  // 200,000 B are 48 packets of 4,086 B and one of 3,872 (3,936 B on the wire); at 1 Gb/s a
  // 4,150 B packet is 33.2 µs apart from the next: 48 × 33.2 = 1593.6 µs, then the last one's 4
  // hops at 100 Gb/s, 4 × 314.88 ns, and 4 × 1 µs: 1598.85952 µs.
  const r = run(pair({ name: "dcqcn", params: { profile: "hpcc", initRateGbps: 1 } }, 200_000));
  assert.equal([r.flows[0].fctUs, r.totals.timeouts, r.totals.retransmissions], [1598.86, 0, 0]);
  const t = run(pair({ name: "timely", params: { initRateGbps: 1 } }, 200_000));
  assert.equal([t.totals.timeouts, t.totals.retransmissions], [0, 0]);
  // Under 16 KiB coalescing the same DCQCN flow's ACKs came every fourth packet, 99.6 µs, past
  // the 72.8 µs RTO (the scenario's to ask for; nicfw run warns).
  assert.ok(run(pair({ name: "dcqcn", params: { profile: "hpcc", initRateGbps: 1 } }, 200_000, 16_384)).totals.timeouts > 0);
});

test("a rate module's send window asks for an ACK when it cannot take another packet (UEC AckRequest), so coalesced ACKs do not wait for the RTO", () => {
  // A 12,000 B window holds two 4,150 B packets; the second leaves less than a packet of window
  // and carries AR. Before, 1 MB took 242 timeouts, every retransmission spurious.
  for (const name of ["dcqcn", "timely"] as const) {
    const r = run(pair({ name, params: { windowBytes: 12_000 } }, 1_000_000, 16_384));
    assert.equal([r.completed, r.totals.timeouts, r.totals.retransmissions], [1, 0, 0], name);
  }
});

test.run();
