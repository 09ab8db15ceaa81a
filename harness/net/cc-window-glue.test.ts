// The window congestion controls (NSCC, DCTCP, MP-RDMA, AIMD, none) as the fabric drives them:
// what each hears on send, ACK, NACK and timeout, and with which RTT. Expected values are worked
// out by hand from the specification (notes/uec-nscc-reps-pds.md, uec-htsim-reference.md,
// baselines.md), not read from a run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { collect } from "../metrics/results";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import { type CcAdapter, type NsccCc, Rx, type RudTransport } from "./adapters";
import { Flag, P } from "./packets";

/** Two hosts on two leaves under one spine (4 links of 1 µs at 100 Gb/s), RUD with an ACK per packet. */
function twoLeaves(cc: string, rxGbps: number, packets: number): Scenario {
  return {
    name: "cc-window-glue",
    seed: 1,
    topology: { kind: "leafspine", leaves: 2, spines: 1, hostsPerLeaf: 1, linkGbps: 100 },
    network: { mtuBytes: 4150, headerBytes: 64, rxGbps },
    transport: { cc: { name: cc }, lb: { name: "ecmp" }, reliability: { name: "rud" }, ackEveryBytes: 0 },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 1, bytes: packets * (4150 - 64) }] }],
  } as Scenario;
}

test("NSCC's RTT sample leaves out the time the receiving host held the packet (UEC §3.6.13 calculate_rtt: ack_arrival − (tx_timestamp + Service_Time))", () => {
  // Two full packets back to back, 4 hops each way, 1 µs a link. The network RTT of one packet is
  // 4 × (332 ns + 1 µs) for the 4,150 B data and 4 × (5.12 ns + 1 µs) for the 64 B ACK:
  // 9,348.48 ns, 9,348 in whole ns. A receiver processing at 10 Gb/s holds the first packet
  // 3,320 ns and the second 6,308 ns (it waits for the first): its ACKs come back 3,320 and
  // 6,308 ns later, which the ACK's Service_Time reports and the sender subtracts. So NSCC hears
  // 9,348 ns from each ACK: its base RTT falls from the network's to 9,348 and no queueing delay
  // is averaged in. (Before: it heard 12,668 and 15,656 ns, a base RTT 3.3 µs too high and a
  // queueing delay the network never had.)
  const b = build(twoLeaves("nscc", 10, 2));
  const cc = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf[0] as NsccCc;
  const heard: number[] = [];
  const onAck = cc.m.onAck.bind(cc.m);
  cc.m.onAck = (slot, nowNs, acked, rttNs, ecn) => (heard.push(rttNs), onAck(slot, nowNs, acked, rttNs, ecn));
  b.fabric.run();
  assert.equal(heard, [9348, 9348], "the RTT samples NSCC heard");
  assert.equal([cc.m.baseRttNs(0), cc.m.avgDelayNs(0)], [9348, 0], "base RTT and average delay");
  assert.is(cc.errors(), 0);
});

test("each window CC's flight balances at flow end, with and without trimming: bytes sent and put back = bytes acknowledged, trimmed and timed out (nothing outstanding)", () => {
  // An 8:1 incast of 256 KiB per sender on the default fat tree; DCTCP and MP-RDMA get an ACK per
  // packet (their per-packet CE echo), the others uet-htsim's 16 KiB coalescing.
  for (const cc of ["nscc", "dctcp", "mprdma", "aimd"]) {
    for (const trimming of [true, false]) {
      const s: Scenario = {
        ...DEFAULT_SCENARIO,
        name: `balance ${cc}`,
        network: { ...DEFAULT_SCENARIO.network, trimming },
        transport: { cc: { name: cc }, lb: { name: "reps" }, reliability: { name: "rud" } },
        traffic: [{ kind: "incast", senders: 8, receiver: 0, bytes: 256 * 1024 }],
      };
      const b = build(s);
      const ccOf = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf;
      const into = new Float64Array(ccOf.length);
      const out = new Float64Array(ccOf.length);
      const losses = [0, 0];
      // One adapter serves every flow of a table: wrap each once. WindowCc's onResend and restore
      // may go through onSend, so only the outermost call counts.
      let depth = 0;
      const count = (acc: Float64Array, slot: number, bytes: number, call: () => unknown): void => {
        if (depth === 0) acc[slot] += bytes;
        depth++;
        call();
        depth--;
      };
      for (const a of new Set(ccOf)) {
        const onSend = a.onSend.bind(a);
        const onResend = a.onResend.bind(a);
        const restore = a.restore.bind(a);
        const onAck = a.onAck.bind(a);
        const onTrim = a.onTrim.bind(a);
        const onTimeout = a.onTimeout.bind(a);
        let ar = 0;
        a.onSend = (slot, now, bytes) => (count(into, slot, bytes, () => (ar = onSend(slot, now, bytes))), ar);
        a.onResend = (slot, now, bytes) => (count(into, slot, bytes, () => (ar = onResend(slot, now, bytes))), ar);
        a.restore = (slot, now, bytes) => count(into, slot, bytes, () => restore(slot, now, bytes));
        a.onAck = (slot, now, bytes, rtt, ecn, remote) => count(out, slot, bytes, () => onAck(slot, now, bytes, rtt, ecn, remote));
        a.onTrim = (slot, now, bytes, lastHop, rtt) => (losses[0]++, count(out, slot, bytes, () => onTrim(slot, now, bytes, lastHop, rtt)));
        a.onTimeout = (slot, now, bytes, lost) => (losses[1]++, count(out, slot, bytes, () => onTimeout(slot, now, bytes, lost)));
      }
      b.fabric.run();
      const r = collect(b);
      const what = `${cc}, trimming ${trimming}`;
      assert.is(r.completed, 8, what);
      assert.ok(losses[trimming ? 0 : 1] > 0, `${what}: no loss exercised (${losses})`);
      for (let f = 0; f < ccOf.length; f++) {
        assert.is(ccOf[f].level(f) - ccOf[f].windowLeft(f), 0, `${what}: flow ${f} inflight at the end`);
        assert.is(into[f], out[f], `${what}: flow ${f} bytes in vs out`);
      }
      assert.is(ccOf[0].errors(), 0, what);
    }
  }
});

test("DCTCP and MP-RDMA hear every acknowledged byte with its own packet's CE bit (RFC 8257 §3.2: the receiver echoes CE exactly; MP-RDMA ACKs every packet)", () => {
  // The bytes the CC hears acknowledged with ECE equal the wire bytes of the new data packets
  // that reached the receiver carrying CE, under sprayed (REPS) and single-path (ECMP) flows.
  for (const cc of ["dctcp", "mprdma"]) {
    for (const lb of ["reps", "ecmp"]) {
      const s: Scenario = {
        ...DEFAULT_SCENARIO,
        name: `ce ${cc}`,
        transport: { cc: { name: cc }, lb: { name: lb }, reliability: { name: "rud" } },
        traffic: [{ kind: "incast", senders: 8, receiver: 0, bytes: 512 * 1024 }],
      };
      const b = build(s);
      const fabric = b.fabric as unknown as { ccOf: CcAdapter[]; transport: RudTransport };
      const tr = fabric.transport;
      let markedArrived = 0;
      let markedHeard = 0;
      const onData = tr.onData.bind(tr);
      tr.onData = (slot, nowNs, pool, h) => {
        const r = onData(slot, nowNs, pool, h);
        if ((r & Rx.Deliver) !== 0 && (pool.i32[(h << 4) + P.Flags] & Flag.Ce) !== 0) markedArrived += pool.i32[(h << 4) + P.Bytes];
        return r;
      };
      const a = fabric.ccOf[0];
      const onAck = a.onAck.bind(a);
      a.onAck = (slot, nowNs, bytes, rtt, ecn, remote) => {
        if (ecn) markedHeard += bytes;
        onAck(slot, nowNs, bytes, rtt, ecn, remote);
      };
      b.fabric.run();
      assert.is(collect(b).completed, 8);
      assert.ok(markedArrived > 0, `${cc}/${lb}: no mark exercised`);
      assert.is(markedHeard, markedArrived, `${cc}/${lb}: marked bytes heard vs arrived`);
    }
  }
});

test.run();
