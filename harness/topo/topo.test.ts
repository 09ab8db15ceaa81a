// The hierarchical topologies checked against their definitions, not against the fabric's runs:
// node and port counts, links that point back at each other, shortest-path lengths and counts
// (Al-Fares et al. SIGCOMM'08 §2.2–3: a k-ary fat tree has k pods of k/2 edge and k/2 aggregation
// switches, (k/2)² cores, and (k/2)² equal shortest paths between hosts of different pods), and
// the routing tables followed with every choice an up set offers, which must reach the
// destination along a shortest path whatever ECMP picks. Dragonfly and Slim Fly (built by
// lib/lb/spritz, wired here): the group structure, link latencies by class, and the minimal
// routes the switches' tables give.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fatTree2, fatTree3, leafSpine } from "./fattree";
import { dragonfly, minimalHops, slimFly } from "./lowdiameter";
import { build } from "../scenario/build";
import type { Topology } from "./topology";
import { twoDc } from "./twodc";

const LINK = { linkGbps: 100, latencyNs: 1000 };

/** Every port's far end points back at it, and the two directions share rate and latency. */
function checkLinks(t: Topology): void {
  for (let p = 0; p < t.ports; p++) {
    const q = t.nodePortBase[t.portTo[p]] + t.portToLocal[p];
    assert.is(t.portNode[q], t.portTo[p]);
    assert.is(t.portTo[q], t.portNode[p], `port ${p}: the far end does not point back`);
    assert.is(t.portToLocal[q], t.portLocal[p]);
    assert.equal([t.portGbps[q], t.portLatencyNs[q]], [t.portGbps[p], t.portLatencyNs[p]]);
    // UEC's last hop: a switch port facing a host.
    assert.is(t.portLastHop[p], t.portNode[p] >= t.hosts && t.portTo[p] < t.hosts ? 1 : 0, `port ${p}: last hop`);
  }
  for (let h = 0; h < t.hosts; h++) {
    const a = t.attachPort(h);
    assert.equal([t.portTo[a], t.portNode[a]], [h, t.portTo[t.hostPort(h)]], `host ${h}: attach port`);
    assert.is(t.switchOf(t.portNode[a]), t.portNode[a] - t.hosts);
  }
}

/** Hop distances (links) from node `src` (a host or a switch) to every node, and the number of shortest paths. */
function shortest(t: Topology, src: number): { dist: Int32Array; paths: Float64Array } {
  const n = t.hosts + t.switches;
  const dist = new Int32Array(n).fill(-1);
  const paths = new Float64Array(n);
  dist[src] = 0;
  paths[src] = 1;
  const queue = [src];
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i];
    // Hosts forward nothing: a path ends at the first host it meets.
    if (u < t.hosts && u !== src) continue;
    for (let p = t.nodePortBase[u]; p < t.nodePortBase[u] + t.nodePortCount[u]; p++) {
      const v = t.portTo[p];
      if (dist[v] < 0) {
        dist[v] = dist[u] + 1;
        queue.push(v);
      }
      if (dist[v] === dist[u] + 1) paths[v] += paths[u];
    }
  }
  return { dist, paths };
}

/**
 * Follows the hierarchical tables from host src to host dst, taking every member of every up
 * set and of every down group in turn; returns the set of hop counts of the routes taken.
 */
function routeLengths(t: Topology, src: number, dst: number): Set<number> {
  const lengths = new Set<number>();
  const walk = (port: number, hops: number): void => {
    assert.ok(hops <= 16, `${t.name}: ${src} → ${dst} loops`);
    const node = t.portTo[port];
    if (node < t.hosts) {
      assert.is(node, dst, `${t.name}: ${src} → ${dst} reached host ${node}`);
      lengths.add(hops + 1);
      return;
    }
    const s = node - t.hosts;
    let off: number;
    let cnt: number;
    if (dst >= t.lo[s] && dst < t.hi[s]) {
      const g = t.groupBase[s] + Math.floor((dst - t.lo[s]) / t.downDiv[s]);
      off = t.groupOff[g];
      cnt = t.groupCnt[g];
    } else {
      off = t.upOff[s];
      cnt = t.upCnt[s];
    }
    assert.ok(cnt > 0, `${t.name}: switch ${s} has no route to ${dst}`);
    for (let i = 0; i < cnt; i++) walk(t.candPort[off + i], hops + 1);
  };
  walk(t.hostPort(src), 0);
  return lengths;
}

/**
 * Every pair of hosts: each route the tables allow is a shortest path, and so is the default
 * route (`path`, which the ideal FCT and the network RTT are computed over).
 */
function checkRoutes(t: Topology): void {
  for (let a = 0; a < t.hosts; a++) {
    const { dist } = shortest(t, a);
    for (let b = 0; b < t.hosts; b++) {
      if (a === b) continue;
      assert.equal([...routeLengths(t, a, b)], [dist[b]], `${t.name}: ${a} → ${b}`);
      assert.is(t.path(a, b).length, dist[b], `${t.name}: default path ${a} → ${b}`);
    }
  }
}

test("3-tier fat tree, k = 4 and 6, full bisection: counts, links, path lengths 2 / 4 / 6 and (k/2)² paths across pods", () => {
  for (const k of [4, 6]) {
    const half = k / 2;
    const t = fatTree3({ k, oversubscription: 1, ...LINK });
    assert.is(t.hosts, (k * k * k) / 4);
    assert.is(t.switches, k * half + k * half + half * half);
    // Ports: one per host, k per switch (edge: k/2 down + k/2 up; agg: k/2 + k/2; core: k).
    assert.is(t.ports, t.hosts + k * t.switches);
    checkLinks(t);
    const { dist, paths } = shortest(t, 0);
    for (let h = 1; h < t.hosts; h++) {
      const sameTor = Math.floor(h / half) === 0;
      const samePod = Math.floor(h / (half * half)) === 0;
      const [hops, count] = sameTor ? [2, 1] : samePod ? [4, half] : [6, half * half];
      assert.equal([dist[h], paths[h]], [hops, count], `k = ${k}, host ${h}`);
    }
  }
  checkRoutes(fatTree3({ k: 4, oversubscription: 1, ...LINK }));
});

test("3-tier fat tree oversubscribed 2:1 and 3:2: more hosts per ToR, the same switches and uplinks", () => {
  for (const [os, perTor] of [[2, 4], [1.5, 3]] as const) {
    const t = fatTree3({ k: 4, oversubscription: os, ...LINK });
    assert.is(t.hosts, 8 * perTor); // 4 pods × 2 ToRs
    assert.is(t.switches, 8 + 8 + 4);
    // A ToR has perTor host ports and still 2 uplinks.
    assert.is(t.nodePortCount[t.hosts], perTor + 2);
    checkLinks(t);
    const { dist, paths } = shortest(t, 0);
    assert.equal([dist[perTor - 1], paths[perTor - 1]], [2, 1]);
    assert.equal([dist[perTor], paths[perTor]], [4, 2]);
    assert.equal([dist[t.hosts - 1], paths[t.hosts - 1]], [6, 4]);
    checkRoutes(t);
  }
  // 1:2 (undersubscribed): one host under each ToR, which keeps both uplinks.
  const under = fatTree3({ k: 4, oversubscription: 0.5, ...LINK });
  assert.equal([under.hosts, under.nodePortCount[under.hosts]], [8, 3]);
  checkRoutes(under);
  assert.throws(() => fatTree3({ k: 4, oversubscription: 1.2, ...LINK }), /whole number of hosts/);
  assert.throws(() => fatTree3({ k: 4, oversubscription: 0.25, ...LINK }), /whole number of hosts/);
  assert.throws(() => fatTree3({ k: 5, oversubscription: 1, ...LINK }), /even integer/);
});

test("3-tier fat tree with fewer pods than k: SMaRTT §IV's 1,024 hosts at 1:1, 2:1, 4:1 and 8:1 on k = 16", () => {
  // k = 16: 8 ToRs and 8 aggregation switches a pod, 64 cores. Hosts = pods × 8 ToRs × 8 × ratio:
  // 1:1 → 16 pods × 64 = 1,024; 2:1 → 8 pods × 128; 4:1 → 4 × 256; 8:1 → 2 × 512.
  for (const [os, pods] of [[1, 16], [2, 8], [4, 4], [8, 2]] as const) {
    const t = fatTree3({ k: 16, oversubscription: os, pods, ...LINK });
    assert.is(t.hosts, 1024, `${os}:1`);
    assert.is(t.switches, pods * 8 + pods * 8 + 64, `${os}:1`);
    // ToR: 8 × os host ports and 8 uplinks; core: one port per pod.
    assert.is(t.nodePortCount[t.hosts], 8 * os + 8);
    assert.is(t.nodePortCount[t.hosts + t.switches - 1], pods);
    checkLinks(t);
  }
  // k = 4, 2 of 4 pods: 8 hosts; across the two pods still (k/2)² = 4 shortest paths of 6 hops.
  const t = fatTree3({ k: 4, oversubscription: 1, pods: 2, ...LINK });
  assert.equal([t.hosts, t.switches], [8, 4 + 4 + 4]);
  const { dist, paths } = shortest(t, 0);
  assert.equal([dist[7], paths[7]], [6, 4]);
  checkRoutes(t);
  assert.throws(() => fatTree3({ k: 4, oversubscription: 1, pods: 5, ...LINK }), /pods must be an integer in \[2, k = 4\]/);
  assert.throws(() => fatTree3({ k: 4, oversubscription: 1, pods: 1, ...LINK }), /one pod leaves the cores unused/);
});

test("leaf–spine and the 2-tier fat tree: one path inside a leaf, one per spine between leaves", () => {
  const t = leafSpine({ leaves: 3, spines: 2, hostsPerLeaf: 2, ...LINK });
  assert.equal([t.hosts, t.switches, t.ports], [6, 5, 6 + 3 * 4 + 2 * 3]);
  checkLinks(t);
  const { dist, paths } = shortest(t, 0);
  assert.equal([dist[1], paths[1], dist[2], paths[2], dist[5], paths[5]], [2, 1, 4, 2, 4, 2]);
  checkRoutes(t);
  // k = 4: 4 leaves, 2 spines; oversubscription 2 puts 4 hosts under each leaf.
  const f = fatTree2({ k: 4, oversubscription: 2, ...LINK });
  assert.equal([f.hosts, f.switches], [16, 6]);
  assert.equal([shortest(f, 0).dist[15], shortest(f, 0).paths[15]], [4, 2]);
  checkRoutes(f);
});

test("two DCs (Reflex §II-C): each DC a leaf–spine, spines up to the DC's external switch, one WAN link between the two", () => {
  const t = twoDc({ leaves: 2, spines: 2, hostsPerLeaf: 2, ...LINK, wanGbps: 1600, wanLatencyNs: 500_000 });
  assert.equal([t.hosts, t.switches], [8, 2 * (2 + 2 + 1)]);
  checkLinks(t);
  // Exactly one link of 1.6 Tb/s and 500 µs, between the two external switches.
  const wan: number[] = [];
  for (let p = 0; p < t.ports; p++) if (t.portGbps[p] === 1600) wan.push(p);
  assert.is(wan.length, 2);
  assert.ok(wan.every((p) => t.portLatencyNs[p] === 500_000 && t.portNode[p] >= t.hosts && t.portTo[p] >= t.hosts));
  // Across the WAN: host → leaf → spine → ESW → ESW → spine → leaf → host, 2 × 2 spine choices.
  const { dist, paths } = shortest(t, 0);
  assert.equal([dist[4], paths[4], dist[7], paths[7]], [7, 4, 7, 4]);
  assert.equal([dist[2], paths[2]], [4, 2]);
  checkRoutes(t);
  // More leaves than spines: a spine has a port per leaf and one up, the ESW one per spine and the WAN.
  const u = twoDc({ leaves: 3, spines: 2, hostsPerLeaf: 1, ...LINK, wanGbps: 1600, wanLatencyNs: 500_000 });
  const perDc = 3 + 2 + 1;
  assert.equal([u.hosts, u.switches], [6, 2 * perDc]);
  assert.equal([3, 4, 5].map((s) => u.nodePortCount[u.hosts + s]), [3 + 1, 3 + 1, 2 + 1]);
  checkLinks(u);
  checkRoutes(u);
  // Reflex's setting: 16 servers per DC.
  const r = twoDc({ leaves: 4, spines: 4, hostsPerLeaf: 4, ...LINK, wanGbps: 1600, wanLatencyNs: 500_000 });
  assert.is(r.hosts, 32);
  checkRoutes(r);
  // harness/README "Naming links": leaves 0–3, spines 4–7, ESW 8, then DC 1 from switch 9; the
  // ESW's port S = 4 is the WAN, so switch 8 port 4 and switch 17 port 4 are its two ends.
  const wanOf = (sw: number) => r.nodePortBase[r.hosts + sw] + 4;
  assert.equal([r.dcs?.wanPort[0], r.dcs?.wanPort[1]], [wanOf(8), wanOf(17)]);
  assert.equal([r.portTo[wanOf(8)], r.portToLocal[wanOf(8)], r.portGbps[wanOf(8)], r.portLatencyNs[wanOf(8)]], [r.hosts + 17, 4, 1600, 500_000]);
  // A spine's port L = 4 goes to its ESW's port j: spine 6 (j = 2) to switch 8 port 2.
  assert.equal([r.portTo[r.nodePortBase[r.hosts + 6] + 4], r.portToLocal[r.nodePortBase[r.hosts + 6] + 4]], [r.hosts + 8, 2]);
  // Host links take hostGbps / hostLatencyNs like every other family's (found in review: they
  // were dropped, so the modules were told 25 Gb/s NICs that the wire ran at 100).
  const h = twoDc({ leaves: 2, spines: 2, hostsPerLeaf: 2, ...LINK, hostGbps: 25, hostLatencyNs: 2000, wanGbps: 1600, wanLatencyNs: 500_000 });
  const hp = h.hostPort(0);
  assert.equal([h.portGbps[hp], h.portLatencyNs[hp]], [25, 2000]);
  assert.equal([h.portGbps[h.nodePortBase[h.portTo[hp]] + 2], h.portLatencyNs[h.nodePortBase[h.portTo[hp]] + 2]], [LINK.linkGbps, LINK.latencyNs]); // leaf → spine
  checkLinks(h);
});

/** Switch-to-switch shortest distances, S × S: `shortest` from each switch. */
function switchBfs(t: Topology): Int32Array {
  const S = t.switches;
  const d = new Int32Array(S * S);
  for (let s = 0; s < S; s++) d.set(shortest(t, t.hosts + s).dist.subarray(t.hosts), s * S);
  return d;
}

/**
 * Switch-to-switch minimal routes, followed port by port from every switch to every other, and
 * `minimalHops` (UGAL-L's hop counts, harness/README "Routing") against their lengths. Slim
 * Fly's routes lead one hop closer each time (its minimal paths are its shortest). Dragonfly's are
 * local, global, local: at most one global hop and three in all, where a path through a third
 * group can be shorter but is not minimal routing. Returns how many routes are longer than the
 * shortest path.
 */
function checkMinimal(t: Topology, dragonflyGroup?: (node: number) => number): number {
  const ld = t.ld;
  assert.ok(ld !== null && t.minPort !== null);
  const S = t.switches;
  const dist = switchBfs(t);
  const counted = minimalHops(ld);
  let longer = 0;
  for (let s = 0; s < S; s++) {
    for (let d = 0; d < S; d++) {
      if (d === s) continue;
      let at = s;
      let hops = 0;
      let globals = 0;
      while (at !== d && hops < 4) {
        const next = t.portTo[t.minPort[at * S + d]] - t.hosts;
        if (dragonflyGroup !== undefined && dragonflyGroup(next + t.hosts) !== dragonflyGroup(at + t.hosts)) globals++;
        if (dragonflyGroup === undefined) assert.is(dist[next * S + d], dist[at * S + d] - 1, `${t.name}: ${at} → ${d} via ${next}`);
        at = next;
        hops++;
      }
      assert.is(at, d, `${t.name}: ${s} → ${d} does not arrive`);
      assert.is(counted[s * S + d], hops, `${t.name}: minimalHops ${s} → ${d}`);
      if (hops > dist[s * S + d]) longer++;
      if (dragonflyGroup === undefined) continue;
      const sameGroup = dragonflyGroup(s + t.hosts) === dragonflyGroup(d + t.hosts);
      assert.ok(sameGroup ? hops === 1 && globals === 0 : hops <= 3 && globals === 1, `${t.name}: ${s} → ${d}: ${hops} hops, ${globals} global`);
    }
  }
  return longer;
}

/** The default path between every two hosts: host link, the minimal route, host link. */
function checkDefaultPaths(t: Topology, perSwitch: number): void {
  const hops = minimalHops(t.ld as NonNullable<Topology["ld"]>);
  for (let a = 0; a < t.hosts; a++) {
    for (let b = 0; b < t.hosts; b++) {
      if (a === b) continue;
      const sa = Math.floor(a / perSwitch);
      const sb = Math.floor(b / perSwitch);
      assert.is(t.path(a, b).length, 2 + hops[sa * t.switches + sb], `${t.name}: ${a} → ${b}`);
    }
  }
}

/** Valiant's and UGAL's candidate list at each switch: its network ports, in port order. */
function checkAllPorts(t: Topology, p: number, R: number): void {
  for (let s = 0; s < t.switches; s++) {
    const base = t.nodePortBase[t.hosts + s] + p;
    const list = Array.from(t.candPort.subarray(t.allOff[s], t.allOff[s] + R));
    assert.equal(list, Array.from({ length: R }, (_, j) => base + j), `switch ${s}`);
    assert.ok(list.every((q) => t.portTo[q] >= t.hosts));
  }
}

test("Dragonfly (p, a, h) = (2, 4, 2): a·h + 1 = 9 groups, one global link between every two groups, minimal routes local–global–local", () => {
  const t = dragonfly({ p: 2, a: 4, h: 2, linkGbps: 100, latencyNs: 100, globalLatencyNs: 1000 });
  const groups = 4 * 2 + 1;
  assert.equal([t.switches, t.hosts], [4 * groups, 2 * 4 * groups]);
  // Switch ports: p endpoints, a − 1 local, h global.
  assert.is(t.nodePortCount[t.hosts], 2 + 3 + 2);
  checkLinks(t);
  const group = (node: number) => Math.floor((node - t.hosts) / 4);
  const pairs = new Map<string, number>();
  for (let p = 0; p < t.ports; p++) {
    const a = t.portNode[p];
    const b = t.portTo[p];
    if (a < t.hosts || b < t.hosts) continue;
    const global = group(a) !== group(b);
    assert.is(t.portLatencyNs[p], global ? 1000 : 100, `port ${p}`);
    if (global && a < b) {
      const key = `${Math.min(group(a), group(b))}-${Math.max(group(a), group(b))}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
  }
  assert.is(pairs.size, (groups * (groups - 1)) / 2);
  assert.ok([...pairs.values()].every((n) => n === 1));
  // Any two switches are within local–global–local of each other.
  const d = switchBfs(t);
  assert.ok(Math.max(...d) <= 3);
  // Some minimal routes are longer than a shortest path (UGAL-L must count the former).
  assert.ok(checkMinimal(t, group) > 0);
  checkAllPorts(t, 2, 5);
  checkDefaultPaths(t, 2);
  // The network RTT (Spritz §V-A: over the longest path): data on Table I's longest path, host,
  // 3 local, 2 global, host links, 2 × (100 + 332) + 3 × (100 + 332) + 2 × (1000 + 332) = 4824;
  // its ACK on the longest minimal route, host, 2 local, 1 global, host links of 64 B,
  // 4 × (100 + 5.12) + 1005.12 = 1425.6. (Both ways minimal it was 4485.6.)
  assert.ok(Math.abs(t.networkRttNs(4150, 64) - 6249.6) < 1e-9, `${t.networkRttNs(4150, 64)}`);
  assert.equal(Array.from(t.groupOf), Array.from({ length: t.switches }, (_, s) => Math.floor(s / 4)));
});

test("Slim Fly (MMS) q = 5: 2q² = 50 switches of network radix (3q − 1)/2 = 7, switch diameter 2", () => {
  const t = slimFly({ q: 5, p: 3, linkGbps: 100, latencyNs: 100 });
  assert.equal([t.switches, t.hosts, t.nodePortCount[t.hosts]], [50, 150, 3 + 7]);
  checkLinks(t);
  const d = switchBfs(t);
  assert.is(Math.max(...d), 2);
  assert.is(checkMinimal(t), 0);
  checkAllPorts(t, 3, 7);
  checkDefaultPaths(t, 3);
  // Spritz §V-A: data on the longest path, 4 hops (Table I's 0/4), 6 links of 100 ns,
  // 6 × (100 + 332) = 2592; the ACK on a minimal route of 2 hops, 4 × (100 + 5.12) = 420.48.
  assert.ok(Math.abs(t.networkRttNs(4150, 64) - 3012.48) < 1e-9, `${t.networkRttNs(4150, 64)}`);
  assert.ok(t.groupOf.every((g) => g === -1), "Slim Fly has no groups");
  // Spritz's ECMP 2 (§III-A/B): at each switch, per arrival port, every other network port.
  const R = 7;
  for (let s = 0; s < t.switches; s++) {
    const base = t.nodePortBase[t.hosts + s] + 3;
    for (let j = 0; j < R; j++) {
      const list = Array.from(t.candPort.subarray(t.ecmp2Off[s * R + j], t.ecmp2Off[s * R + j] + R - 1));
      assert.equal(list, Array.from({ length: R }, (_, k) => base + k).filter((x) => x !== base + j));
    }
  }
});

test("uet-htsim's network RTT by hand: 6 hops of a k = 4 fat tree at 100 Gb/s and 1 µs is 14,022.72 ns", () => {
  // notes/uec-htsim-reference.md §2: 2 × Σ latency + Σ MTU serialisation + Σ ACK serialisation
  // over the longest path: 2 × 6 × 1000 + 6 × 4150 × 8 / 100 + 6 × 64 × 8 / 100 = 12000 + 1992 + 30.72.
  const t = fatTree3({ k: 4, oversubscription: 1, ...LINK });
  // Exactly the double nearest 14,022.72 (summed in whole ps, 14,022,720 / 1000), so that the BDP
  // is 100 × 14,022.72 / 8 = 175,284 B as uet-htsim's (a sum in ns gave 14,022.719999999998 and
  // a floored BDP of 175,283).
  assert.is(t.networkRttNs(4150, 64), 14_022.72);
  assert.is(Math.floor((100 * t.networkRttNs(4150, 64)) / 8), 175_284);
  // The default path from host 0 to the last host: NIC, ToR up, agg up, core down, agg down, ToR down.
  const path = t.path(0, t.hosts - 1);
  assert.is(path.length, 6);
  assert.is(path[0], t.hostPort(0));
  assert.is(t.portTo[path[5]], t.hosts - 1);
  // Two DCs: the longest path crosses the WAN (500 µs each way dominates).
  const two = twoDc({ leaves: 2, spines: 2, hostsPerLeaf: 2, ...LINK, wanGbps: 1600, wanLatencyNs: 500_000 });
  // 7 links: 6 of 1 µs at 100 Gb/s and the WAN at 1.6 Tb/s.
  const expect = 2 * (6 * 1000 + 500_000) + 6 * ((4150 + 64) * 8) / 100 + ((4150 + 64) * 8) / 1600;
  assert.ok(Math.abs(two.networkRttNs(4150, 64) - expect) < 1e-9);
  // A switch latency of 500 ns (the REPS paper's) on the 5 switches of the fat-tree path, both
  // ways: 14,022.72 + 2 × 5 × 500 = 19,022.72 ns — the RTT a packet and its ACK really take.
  assert.ok(Math.abs(t.networkRttNs(4150, 64, 500) - 19_022.72) < 1e-9);
});

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
  // The same longest paths in links (Table I, as longestRouteLinks says): host, 3 local + 2
  // global, host = 7 on the Dragonfly; host, 4 global, host = 6 on the Slim Fly.
  assert.is(df.longestRouteLinks(), 7);
  assert.is(sf.longestRouteLinks(), 6);
});

test("the shared candidate arrays hold one queue entry beside every candidate port (the fabric writes candQueue[i] for candPort[i])", () => {
  for (const t of [fatTree3({ k: 4, oversubscription: 1, ...LINK }), dragonfly({ p: 2, a: 4, h: 2, ...LINK }), slimFly({ q: 5, p: 2, ...LINK })]) {
    assert.ok(t.candPort.length > 1, t.name);
    assert.is(t.candQueue.length, t.candPort.length, t.name);
  }
});


test("Slim Fly q = 5 (δ = 1) and q = 7 (δ = −1): 2q² switches, every one of network radix (3q − δ)/2, switch diameter 2 (coverage; held before the review)", () => {
  for (const [q, delta] of [[5, 1], [7, -1]] as const) {
    const t = slimFly({ q, p: 1, linkGbps: 100, latencyNs: 100 });
    assert.is(t.switches, 2 * q * q);
    const radix = (3 * q - delta) / 2;
    for (let s = 0; s < t.switches; s++) assert.is(t.nodePortCount[t.hosts + s], 1 + radix);
    let diameter = 0;
    for (let s = 0; s < t.switches; s++) {
      const d = shortest(t, t.hosts + s).dist;
      for (let o = t.hosts; o < t.hosts + t.switches; o++) diameter = Math.max(diameter, d[o]);
    }
    assert.is(diameter, 2, `q = ${q}`);
  }
});

test("3-tier fat tree k = 4, 1:1 and 2:1: every switch's candidates for a host are exactly its next hops on a shortest path (coverage; held before the review)", () => {
  for (const os of [1, 2]) {
    const t = fatTree3({ k: 4, oversubscription: os, linkGbps: 100, latencyNs: 1000 });
    for (let dst = 0; dst < t.hosts; dst++) {
      const d = shortest(t, dst).dist;
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

test("the minimal-port table is built up to 4,096 switches (2^24 entries, 64 MiB) and not above, where a scenario is refused", () => {
  // Dragonfly a = h = 16: g = 16 × 16 + 1 = 257 groups of 16 switches, 4,112 > 4,096; h = 15:
  // 241 groups, 3,856 switches, 3,856² = 14,868,736 entries.
  const over = dragonfly({ p: 1, a: 16, h: 16, ...LINK });
  assert.is(over.switches, 4112);
  assert.is(over.minPort, null);
  assert.throws(
    () => build({ topology: { kind: "dragonfly", p: 1, a: 16, h: 16 }, traffic: [{ kind: "flows", flows: [{ src: 0, dst: 100, bytes: 1000 }] }] }),
    /4112 switches, 4112 endpoints\): too many switches for the minimal-route table/,
  );
  const under = dragonfly({ p: 1, a: 16, h: 15, ...LINK });
  assert.is(under.switches, 3856);
  const m = under.minPort;
  assert.ok(m !== null && m.length === 3856 * 3856);
  // Its last row is filled too: switch 3,855's minimal port toward switch 0 is one of its own.
  const S = under.switches;
  const own = under.nodePortBase[under.hosts + S - 1];
  assert.ok(m[(S - 1) * S] >= own && m[(S - 1) * S] < own + under.nodePortCount[under.hosts + S - 1], `port ${m[(S - 1) * S]}`);
  assert.is(m[(S - 1) * S + S - 1], -1);
});

test.run();
