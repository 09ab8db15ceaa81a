// Review checks of the topologies against their papers' formulas (found in review; each failed on
// the code before its fix).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fatTree3 } from "./fattree";
import { dragonfly, slimFly } from "./lowdiameter";
import type { Topology } from "./topology";

// Spritz Table II's network: 400 Gb/s, local (and host) links 25 ns, global links 500 ns, switch
// latency 500 ns, packets of 64 B header + 4096 B payload; ACKs of 64 B.
const TABLE_II = { linkGbps: 400, latencyNs: 25, hostLatencyNs: 25, globalLatencyNs: 500 };
const MTU = 4160;
const ACK = 64;
const SWITCH_NS = 500;
/** Table II's queue of 1 BDP in packets: ⌈link rate × RTT / MTU⌉. */
const bdpPackets = (rttNs: number) => Math.ceil((400 * rttNs) / 8 / MTU);

test("Spritz Table II: the BDP is over the longest path in each topology (DF 88 packets, SF 92), not the longest minimal one", () => {
  // §V-A: "The initial and maximum congestion window is set to 1.5 times the BDP, calculated
  // based on the longest path in each topology"; Table II: "Queue Size 1·BDP (per port, DF: 88
  // pkts, SF: 92 pkts)". The longest path a packet takes is Table I's longest bounded simple
  // path (Dragonfly 3 local + 2 global hops, Slim Fly 4 global); its ACK returns on a minimal
  // route (at most 2 local + 1 global, Slim Fly 2 global). Per link: propagation + serialisation
  // (4160 B: 83.2 ns, 64 B: 1.28 ns at 400 Gb/s), plus 500 ns for each switch the packet leaves.
  const hop = (latencyNs: number, bytes: number) => latencyNs + (bytes * 8) / 400;
  // Dragonfly: data host, 3 local, 2 global, host links and 6 switches; ACK host, 2 local,
  // 1 global, host and 4 switches: 4707.4 + 2606.4 = 7313.8 ns.
  const dfData = 2 * hop(25, MTU) + 3 * hop(25, MTU) + 2 * hop(500, MTU) + 6 * SWITCH_NS;
  const dfAck = 2 * hop(25, ACK) + 2 * hop(25, ACK) + hop(500, ACK) + 4 * SWITCH_NS;
  const df = dragonfly({ p: 4, a: 8, h: 4, ...TABLE_II });
  assert.is(df.hosts, 1056);
  const dfRtt = df.networkRttNs(MTU, ACK, SWITCH_NS);
  assert.ok(Math.abs(dfRtt - (dfData + dfAck)) < 1e-6, `Dragonfly (4, 8, 4) network RTT ${dfRtt} ns, want ${dfData + dfAck}`);
  assert.is(bdpPackets(dfRtt), 88, "Table II: DF 88 packets");
  // Slim Fly q = 9: data host, 4 global, host links and 5 switches; ACK host, 2 global, host
  // and 3 switches: 5049.2 + 2555.12 = 7604.32 ns.
  const sfData = 2 * hop(25, MTU) + 4 * hop(500, MTU) + 5 * SWITCH_NS;
  const sfAck = 2 * hop(25, ACK) + 2 * hop(500, ACK) + 3 * SWITCH_NS;
  const sf = slimFly({ q: 9, p: 7, ...TABLE_II });
  assert.is(sf.hosts, 1134);
  const sfRtt = sf.networkRttNs(MTU, ACK, SWITCH_NS);
  assert.ok(Math.abs(sfRtt - (sfData + sfAck)) < 1e-6, `Slim Fly q = 9 network RTT ${sfRtt} ns, want ${sfData + sfAck}`);
  assert.is(bdpPackets(sfRtt), 92, "Table II: SF 92 packets");
});

/** Hop distances from node `src` over the built graph (hosts forward nothing). */
function bfs(t: Topology, src: number): Int32Array {
  const dist = new Int32Array(t.hosts + t.switches).fill(-1);
  dist[src] = 0;
  const queue = [src];
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i];
    if (u < t.hosts && u !== src) continue;
    for (let p = t.nodePortBase[u]; p < t.nodePortBase[u] + t.nodePortCount[u]; p++) {
      const v = t.portTo[p];
      if (dist[v] < 0) {
        dist[v] = dist[u] + 1;
        queue.push(v);
      }
    }
  }
  return dist;
}

test("Slim Fly q = 5 (δ = 1) and q = 7 (δ = −1): 2q² switches, every one of network radix (3q − δ)/2, switch diameter 2 (coverage; held before the review)", () => {
  for (const [q, delta] of [[5, 1], [7, -1]] as const) {
    const t = slimFly({ q, p: 1, linkGbps: 100, latencyNs: 100 });
    assert.is(t.switches, 2 * q * q);
    const radix = (3 * q - delta) / 2;
    for (let s = 0; s < t.switches; s++) assert.is(t.nodePortCount[t.hosts + s], 1 + radix);
    let diameter = 0;
    for (let s = 0; s < t.switches; s++) {
      const d = bfs(t, t.hosts + s);
      for (let o = t.hosts; o < t.hosts + t.switches; o++) diameter = Math.max(diameter, d[o]);
    }
    assert.is(diameter, 2, `q = ${q}`);
  }
});

test("3-tier fat tree k = 4, 1:1 and 2:1: every switch's candidates for a host are exactly its next hops on a shortest path (coverage; held before the review)", () => {
  for (const os of [1, 2]) {
    const t = fatTree3({ k: 4, oversubscription: os, linkGbps: 100, latencyNs: 1000 });
    for (let dst = 0; dst < t.hosts; dst++) {
      const d = bfs(t, dst);
      for (let s = 0; s < t.switches; s++) {
        const node = t.hosts + s;
        const want: number[] = [];
        for (let p = t.nodePortBase[node]; p < t.nodePortBase[node] + t.nodePortCount[node]; p++) {
          const v = t.portTo[p];
          if ((v >= t.hosts || v === dst) && d[v] === d[node] - 1) want.push(p);
        }
        const inside = dst >= t.lo[s] && dst < t.hi[s];
        const g = t.groupBase[s] + Math.floor((dst - t.lo[s]) / t.downDiv[s]);
        const [off, cnt] = inside ? [t.groupOff[g], t.groupCnt[g]] : [t.upOff[s], t.upCnt[s]];
        assert.equal(Array.from(t.candPort.subarray(off, off + cnt)).sort((x, y) => x - y), want, `os ${os}, switch ${s}, host ${dst}`);
      }
    }
  }
});

test.run();
