// Fat trees (2 and 3 tiers, oversubscription at the ToR, pruned to fewer pods), leaf–spine, and
// the routing data of the hierarchical family (topology.ts). Sources: Al-Fares et al.,
// SIGCOMM'08 (k-ary fat tree: k pods of k/2 ToRs and k/2 aggregation switches, (k/2)² cores,
// k³/4 hosts); uet-htsim fat_tree_topology (notes/uec-htsim-reference.md §0, §2):
// oversubscription puts more hosts under each ToR than it has uplinks; ECMP over the uplinks by
// hash(flow, entropy, switch salt).
//
// Numbering (the routing below relies on it): hosts in ToR order, so each ToR, pod and the whole
// tree cover contiguous host ranges. ToR ports: hosts 0 … Hs−1, then one uplink per aggregation
// switch of its pod. Aggregation port j < T goes down to ToR j of the pod, then uplinks to cores
// i·k/2 … i·k/2 + k/2 − 1 (i = the switch's index in its pod). Core c: port p goes to pod p's
// aggregation switch ⌊c / (k/2)⌋. Leaf–spine: leaf ports hosts then spines; spine port l → leaf l.
// Switch ids (a scenario's `{ switch, port }`, results' "switch s port j"): ToRs pod by pod, then
// aggregation switches pod by pod, then cores. Global port ids (`{ id }`, metrics.paths): host h's
// NIC is port h, then every switch's ports in switch order. Fault classes (scenario/faults.ts
// linkClass, by distance from the hosts): host–ToR `host`, ToR–aggregation `tier1`,
// aggregation–core `tier2`.

import { Family, type Topology, TopologyBuilder } from "./topology";

export interface LinkSpec {
  /** Switch-to-switch links. */
  linkGbps: number;
  latencyNs: number;
  /** Host links (default: as the switch links). */
  hostGbps?: number;
  hostLatencyNs?: number;
}

/** One switch's hierarchical routing: covered hosts, down groups (local ports), up set. */
export interface HierSpec {
  lo: number;
  hi: number;
  downDiv: number;
  groups: number[][];
  up: number[];
}

/** Fills a topology's hierarchical routing arrays and candidate sets (global port ids). */
export function installHier(t: Topology, specs: HierSpec[]): void {
  const S = t.switches;
  let cands = 0;
  let groups = 0;
  for (const s of specs) {
    groups += s.groups.length;
    cands += s.up.length;
    for (const g of s.groups) cands += g.length;
  }
  t.lo = new Int32Array(S);
  t.hi = new Int32Array(S);
  t.downDiv = new Int32Array(S);
  t.groupBase = new Int32Array(S);
  t.upOff = new Int32Array(S);
  t.upCnt = new Int32Array(S);
  t.groupOff = new Int32Array(groups);
  t.groupCnt = new Int32Array(groups);
  t.allocCandidates(cands);
  let c = 0;
  let g = 0;
  for (let s = 0; s < S; s++) {
    const spec = specs[s];
    const base = t.nodePortBase[t.hosts + s];
    t.lo[s] = spec.lo;
    t.hi[s] = spec.hi;
    t.downDiv[s] = spec.downDiv;
    t.groupBase[s] = g;
    for (const grp of spec.groups) {
      t.groupOff[g] = c;
      t.groupCnt[g] = grp.length;
      for (const local of grp) {
        t.candPort[c] = base + local;
        c++;
      }
      g++;
    }
    t.upOff[s] = c;
    t.upCnt[s] = spec.up.length;
    for (const local of spec.up) {
      t.candPort[c] = base + local;
      c++;
    }
  }
}

const range = (a: number, n: number) => Array.from({ length: n }, (_, i) => a + i);

export interface FatTree3Spec extends LinkSpec {
  k: number;
  /** Hosts per ToR ÷ ToR uplinks (1: full bisection). */
  oversubscription: number;
  /**
   * Pods (default k, the full tree). Fewer prune it as a partly built tree is: each core keeps
   * one link to an aggregation switch of every pod there is, so the tree above the ToRs stays
   * non-blocking and only `oversubscription` sets the ratio. A host count and ratio k alone
   * cannot give (SMaRTT §IV's 1,024 hosts at 2:1 can be k = 16, 16 hosts per ToR, 8 pods; the
   * paper gives no radix, and docs/smartt-fairness.yaml builds its 8:1 as k = 8, all 8 pods).
   */
  pods?: number;
}

/** The 3-tier k-ary fat tree; switch ids: ToRs, then aggregation switches, then cores. */
export function fatTree3(spec: FatTree3Spec): Topology {
  const k = spec.k;
  if (!(Number.isInteger(k) && k >= 2 && k % 2 === 0)) throw new RangeError("fat tree: k must be an even integer ≥ 2");
  const half = k / 2;
  const hs = Math.round(spec.oversubscription * half);
  if (!(hs >= 1 && Math.abs(hs - spec.oversubscription * half) < 1e-9)) {
    throw new RangeError(`fat tree: oversubscription × k/2 must be a whole number of hosts per ToR (got ${spec.oversubscription * half})`);
  }
  const pods = spec.pods ?? k;
  if (!(Number.isInteger(pods) && pods >= 2 && pods <= k)) throw new RangeError(`fat tree: pods must be an integer in [2, k = ${k}] (got ${pods}): one pod leaves the cores unused`);
  const tors = pods * half;
  const aggs = pods * half;
  const cores = half * half;
  const H = tors * hs;
  const hostG = spec.hostGbps ?? spec.linkGbps;
  const hostL = spec.hostLatencyNs ?? spec.latencyNs;
  const torId = (pod: number, j: number) => pod * half + j;
  const aggId = (pod: number, i: number) => tors + pod * half + i;
  const coreId = (c: number) => tors + aggs + c;
  const b = new TopologyBuilder(H, tors + aggs + cores, (n) => (n < H ? 1 : n - H < tors ? hs + half : n - H < tors + aggs ? half + half : pods));
  for (let h = 0; h < H; h++) b.connect(h, 0, b.sw(Math.floor(h / hs)), h % hs, hostG, hostL);
  for (let pod = 0; pod < pods; pod++) {
    for (let j = 0; j < half; j++) {
      for (let i = 0; i < half; i++) b.connect(b.sw(torId(pod, j)), hs + i, b.sw(aggId(pod, i)), j, spec.linkGbps, spec.latencyNs);
    }
    for (let i = 0; i < half; i++) {
      for (let u = 0; u < half; u++) b.connect(b.sw(aggId(pod, i)), half + u, b.sw(coreId(i * half + u)), pod, spec.linkGbps, spec.latencyNs);
    }
  }
  const t = b.finish(`fat tree k=${k}, 3 tiers, ${H} hosts${pods !== k ? ` in ${pods} pods` : ""}${hs !== half ? `, ${hs}:${half} oversubscribed` : ""}`, Family.Hier);
  const specs: HierSpec[] = [];
  for (let s = 0; s < tors; s++) specs.push({ lo: s * hs, hi: (s + 1) * hs, downDiv: 1, groups: range(0, hs).map((p) => [p]), up: range(hs, half) });
  for (let s = 0; s < aggs; s++) {
    const pod = Math.floor(s / half);
    specs.push({ lo: pod * half * hs, hi: (pod + 1) * half * hs, downDiv: hs, groups: range(0, half).map((p) => [p]), up: range(half, half) });
  }
  for (let c = 0; c < cores; c++) specs.push({ lo: 0, hi: H, downDiv: half * hs, groups: range(0, pods).map((p) => [p]), up: [] });
  installHier(t, specs);
  return t;
}

export interface LeafSpineSpec extends LinkSpec {
  leaves: number;
  spines: number;
  hostsPerLeaf: number;
}

/** Two tiers: every leaf connects to every spine once; switch ids: leaves, then spines. */
export function leafSpine(spec: LeafSpineSpec, name?: string): Topology {
  const { leaves: L, spines: S, hostsPerLeaf: hs } = spec;
  for (const [n, v] of [["leaves", L], ["spines", S], ["hostsPerLeaf", hs]] as const) {
    if (!(Number.isInteger(v) && v >= 1)) throw new RangeError(`leaf–spine: ${n} must be an integer ≥ 1`);
  }
  const H = L * hs;
  const b = new TopologyBuilder(H, L + S, (n) => (n < H ? 1 : n - H < L ? hs + S : L));
  for (let h = 0; h < H; h++) b.connect(h, 0, b.sw(Math.floor(h / hs)), h % hs, spec.hostGbps ?? spec.linkGbps, spec.hostLatencyNs ?? spec.latencyNs);
  for (let l = 0; l < L; l++) for (let s = 0; s < S; s++) b.connect(b.sw(l), hs + s, b.sw(L + s), l, spec.linkGbps, spec.latencyNs);
  const t = b.finish(name ?? `leaf–spine ${L} leaves × ${S} spines, ${H} hosts`, Family.Hier);
  const specs: HierSpec[] = [];
  for (let l = 0; l < L; l++) specs.push({ lo: l * hs, hi: (l + 1) * hs, downDiv: 1, groups: range(0, hs).map((p) => [p]), up: range(hs, S) });
  for (let s = 0; s < S; s++) specs.push({ lo: 0, hi: H, downDiv: hs, groups: range(0, L).map((p) => [p]), up: [] });
  installHier(t, specs);
  return t;
}

export interface FatTree2Spec extends LinkSpec {
  k: number;
  oversubscription: number;
}

/** The 2-tier fat tree: k leaves, k/2 spines, oversubscription × k/2 hosts per leaf. */
export function fatTree2(spec: FatTree2Spec): Topology {
  const k = spec.k;
  if (!(Number.isInteger(k) && k >= 2 && k % 2 === 0)) throw new RangeError("fat tree: k must be an even integer ≥ 2");
  const hs = Math.round(spec.oversubscription * (k / 2));
  if (!(hs >= 1 && Math.abs(hs - spec.oversubscription * (k / 2)) < 1e-9)) throw new RangeError("fat tree: oversubscription × k/2 must be a whole number of hosts per leaf");
  return leafSpine({ ...spec, leaves: k, spines: k / 2, hostsPerLeaf: hs }, `fat tree k=${k}, 2 tiers, ${k * hs} hosts`);
}
