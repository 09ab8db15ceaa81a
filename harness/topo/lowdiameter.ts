// Dragonfly (p, a, h) and Slim Fly (MMS q, p) networks built with lib/lb/spritz's classes, so
// the fabric's port numbering is exactly the one Spritz's endpoint tables assume
// (lib/lb/spritz/README.md "Numbering"): switch s has endpoint ports 0 … p−1 (endpoint
// e = s·p + port), then network port j at local port p + j.

import { Dragonfly, type LowDiameterTopology, SlimFly } from "../../lib/lb/spritz/topology";
import { Family, type Topology, TopologyBuilder } from "./topology";

export interface LowDiameterLinks {
  linkGbps: number;
  /** Local (intra-group / intra-column) links. */
  latencyNs: number;
  /** Global links (default: as local). */
  globalLatencyNs?: number;
  hostGbps?: number;
  hostLatencyNs?: number;
}

export function dragonfly(spec: { p: number; a: number; h: number } & LowDiameterLinks): Topology {
  return build(new Dragonfly({ p: spec.p, a: spec.a, h: spec.h }), spec);
}

export function slimFly(spec: { q: number; p: number } & LowDiameterLinks): Topology {
  return build(new SlimFly({ q: spec.q, p: spec.p }), spec);
}

function build(ld: LowDiameterTopology, spec: LowDiameterLinks): Topology {
  const S = ld.switches;
  const p = ld.endpointsPerSwitch;
  const R = ld.networkPorts;
  const H = S * p;
  const b = new TopologyBuilder(H, S, (n) => (n < H ? 1 : p + R));
  for (let e = 0; e < H; e++) b.connect(e, 0, b.sw(Math.floor(e / p)), e % p, spec.hostGbps ?? spec.linkGbps, spec.hostLatencyNs ?? spec.latencyNs);
  for (let s = 0; s < S; s++) {
    for (let j = 0; j < R; j++) {
      const o = ld.neighbour[s * R + j];
      const back = ld.backPort[s * R + j];
      if (s * R + j < o * R + back) {
        const lat = ld.global[s * R + j] === 1 ? (spec.globalLatencyNs ?? spec.latencyNs) : spec.latencyNs;
        b.connect(b.sw(s), p + j, b.sw(o), p + back, spec.linkGbps, lat);
      }
    }
  }
  const t = b.finish(ld.describe(), Family.LowDiameter);
  t.ld = ld;
  const slim = ld.kind === "slimfly";
  const all = S * R;
  const ecmp2 = slim ? S * R * (R - 1) : 0;
  t.allocCandidates(all + ecmp2 + R);
  t.allOff = new Int32Array(S);
  t.ecmp2Off = new Int32Array(slim ? S * R : 0);
  t.groupOf = new Int32Array(S).fill(-1);
  let c = 0;
  for (let s = 0; s < S; s++) {
    const base = t.nodePortBase[H + s] + p;
    t.allOff[s] = c;
    for (let j = 0; j < R; j++) t.candPort[c++] = base + j;
    if (ld instanceof Dragonfly) t.groupOf[s] = ld.groupOf(s);
  }
  if (slim) {
    for (let s = 0; s < S; s++) {
      const base = t.nodePortBase[H + s] + p;
      for (let j = 0; j < R; j++) {
        t.ecmp2Off[s * R + j] = c;
        for (let k = 0; k < R; k++) if (k !== j) t.candPort[c++] = base + k;
      }
    }
  }
  t.vlanOff = c;
  if (S * S <= 1 << 24) {
    const m = new Int32Array(S * S).fill(-1);
    for (let s = 0; s < S; s++) {
      const base = t.nodePortBase[H + s] + p;
      for (let d = 0; d < S; d++) if (d !== s) m[s * S + d] = base + ld.minimalPort(s, d);
    }
    t.minPort = m;
  }
  return t;
}

/**
 * Switch-to-switch hops of the minimal route (ld.minimalPort followed to the destination), S × S,
 * for UGAL-L's path lengths: the minimal candidate's packet takes that route, and a non-minimal
 * candidate's packet takes it from its Valiant intermediate on. In a Slim Fly the minimal route is a
 * shortest path. In a Dragonfly it is local–global–local over the one global link between the
 * two groups, and a shortest path can be shorter: through a third group, global–global (36 of
 * the 1,260 switch pairs of Dragonfly (2, 4, 2), 1,188 of 69,432 of (4, 8, 4)). UGAL-L compares
 * the routes it would send the packet on, so it counts those hops, not the shortest.
 */
export function minimalHops(ld: LowDiameterTopology): Uint8Array {
  const S = ld.switches;
  const d = new Uint8Array(S * S);
  for (let s = 0; s < S; s++) for (let t = 0; t < S; t++) d[s * S + t] = ld.minimalHops(s, t);
  return d;
}
