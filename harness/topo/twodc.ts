// Two datacenters joined through external switches by a long-haul link (Reflex §II-C: two
// leaf–spine DCs of 16 servers, 100 Gb/s, 1 µs links, a 1.6 Tb/s WAN link of 500 µs).
// Each DC is a leaf–spine; every spine has one more port, to its DC's external switch (ESW);
// ESW port j < spines goes to spine j, port `spines` is the WAN link. Hosts of DC 0 are
// 0 … N−1, of DC 1 N … 2N−1, so each switch still covers a contiguous host range (hierarchical
// routing): a spine sends other-DC traffic up to its ESW, an ESW sends its own DC's traffic down
// over all spines (ECMP) and the rest over the WAN.

import { type HierSpec, installHier } from "./fattree";
import { Family, type Topology, TopologyBuilder } from "./topology";

export interface TwoDcSpec {
  leaves: number;
  spines: number;
  hostsPerLeaf: number;
  linkGbps: number;
  latencyNs: number;
  /** Host ↔ leaf links (default: as the DC links). */
  hostGbps?: number;
  hostLatencyNs?: number;
  wanGbps: number;
  wanLatencyNs: number;
}

export function twoDc(spec: TwoDcSpec): Topology {
  const { leaves: L, spines: S, hostsPerLeaf: hs } = spec;
  for (const [n, v] of [["leaves", L], ["spines", S], ["hostsPerLeaf", hs]] as const) {
    if (!(Number.isInteger(v) && v >= 1)) throw new RangeError(`two DCs: ${n} must be an integer ≥ 1`);
  }
  const N = L * hs;
  const H = 2 * N;
  const perDc = L + S + 1;
  // Switch ids per DC d: leaves d·perDc + l, spines d·perDc + L + s, ESW d·perDc + L + S.
  const leaf = (d: number, l: number) => d * perDc + l;
  const spine = (d: number, s: number) => d * perDc + L + s;
  const esw = (d: number) => d * perDc + L + S;
  const b = new TopologyBuilder(H, 2 * perDc, (n) => {
    if (n < H) return 1;
    const i = (n - H) % perDc;
    return i < L ? hs + S : i < L + S ? L + 1 : S + 1;
  });
  for (let d = 0; d < 2; d++) {
    for (let h = 0; h < N; h++) b.connect(d * N + h, 0, b.sw(leaf(d, Math.floor(h / hs))), h % hs, spec.hostGbps ?? spec.linkGbps, spec.hostLatencyNs ?? spec.latencyNs);
    for (let l = 0; l < L; l++) for (let s = 0; s < S; s++) b.connect(b.sw(leaf(d, l)), hs + s, b.sw(spine(d, s)), l, spec.linkGbps, spec.latencyNs);
    for (let s = 0; s < S; s++) b.connect(b.sw(spine(d, s)), L, b.sw(esw(d)), s, spec.linkGbps, spec.latencyNs);
  }
  b.connect(b.sw(esw(0)), S, b.sw(esw(1)), S, spec.wanGbps, spec.wanLatencyNs);
  const t = b.finish(`two DCs of ${N} hosts (leaf–spine ${L}×${S}) over a ${spec.wanGbps} Gb/s, ${spec.wanLatencyNs / 1000} µs WAN`, Family.Hier);
  const specs: HierSpec[] = [];
  const range = (a: number, n: number) => Array.from({ length: n }, (_, i) => a + i);
  for (let d = 0; d < 2; d++) {
    for (let l = 0; l < L; l++) specs.push({ lo: d * N + l * hs, hi: d * N + (l + 1) * hs, downDiv: 1, groups: range(0, hs).map((p) => [p]), up: range(hs, S) });
    for (let s = 0; s < S; s++) specs.push({ lo: d * N, hi: (d + 1) * N, downDiv: hs, groups: range(0, L).map((p) => [p]), up: [L] });
    specs.push({ lo: d * N, hi: (d + 1) * N, downDiv: N, groups: [range(0, S)], up: [S] });
  }
  installHier(t, specs);
  const port = (d: number, i: number) => t.nodePortBase[t.hosts + esw(d)] + i;
  t.dcs = {
    hostsPerDc: N,
    esw: [esw(0), esw(1)],
    wanPort: [port(0, S), port(1, S)],
    downPorts: [range(0, S).map((i) => port(0, i)), range(0, S).map((i) => port(1, i))],
  };
  return t;
}
