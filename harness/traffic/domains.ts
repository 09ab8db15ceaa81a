// Where a host sits, for patterns that must cross the core or stay inside a group: the
// "domain" of a host is the largest part of the network below the top tier that holds it —
// the pod of a 3-tier fat tree, the leaf (rack) of a leaf–spine or 2-tier fat tree, the DC of
// the two-DC topology, the group of a Dragonfly, the column of a Slim Fly: the switches (0, x, ·)
// or (1, m, ·), which local links join and nothing else does (lib/lb/spritz/topology.ts), so
// that two hosts in different columns talk over at least one global link. Two hosts in different
// domains talk across the core (SMaRTT §IV: "each packet crosses the core switches"; Spritz §V-B:
// "outside the local group to force utilization of global links"). Until 2026-12-06 a Slim Fly's
// domain was one switch, and about 5 % of a q = 9 cross permutation's pairs kept to local links
// (review rev-topo).

import type { Dragonfly, SlimFly } from "../../lib/lb/spritz/topology";
import { Family, type Topology } from "../topo/topology";

/** Domain id of every host (ids are the first host of the domain, so they sort like hosts). */
export function hostDomains(t: Topology): Int32Array {
  const out = new Int32Array(t.hosts);
  if (t.family === Family.LowDiameter) {
    const ld = t.ld as NonNullable<Topology["ld"]>;
    const p = ld.endpointsPerSwitch;
    for (let h = 0; h < t.hosts; h++) {
      const sw = Math.floor(h / p);
      // Slim Fly ids: (0, x, y) is x·q + y and (1, m, c) is q² + m·q + c, so ⌊id / q⌋ is the column.
      out[h] = ld.kind === "dragonfly" ? (ld as Dragonfly).groupOf(sw) * (ld as Dragonfly).a * p : Math.floor(sw / (ld as SlimFly).q) * (ld as SlimFly).q * p;
    }
    return out;
  }
  // Hierarchical: walk up the default up ports; keep the widest range [lo, hi) that still holds
  // the host and is not the whole network.
  for (let h = 0; h < t.hosts; h++) {
    let node = t.portTo[t.hostPort(h)];
    let best = -1;
    let bestWidth = 0;
    for (let guard = 0; guard < 16 && node >= t.hosts; guard++) {
      const s = node - t.hosts;
      const lo = t.lo[s];
      const hi = t.hi[s];
      if (h < lo || h >= hi) break;
      if (hi - lo < t.hosts && hi - lo > bestWidth) {
        best = lo;
        bestWidth = hi - lo;
      }
      if (t.upCnt[s] === 0) break;
      node = t.portTo[t.candPort[t.upOff[s]]];
    }
    out[h] = best < 0 ? h : best;
  }
  return out;
}

/** Hosts of each domain, in host order, keyed by domain id. */
export function domainMembers(domains: Int32Array, hosts: readonly number[]): Map<number, number[]> {
  const m = new Map<number, number[]>();
  for (const h of hosts) {
    const d = domains[h];
    let list = m.get(d);
    if (!list) m.set(d, (list = []));
    list.push(h);
  }
  return m;
}
