// A built network: nodes (hosts 0 … H−1, then switches), their ports, the links between them,
// and the routing data the fabric's switches consult. Construction time only: builders
// (fattree.ts, lowdiameter.ts, twodc.ts) place every port explicitly, so each family's port
// numbering is a documented contract (Dragonfly and Slim Fly: lib/lb/spritz "Numbering").
//
// A port is one direction of a link: global port id = nodePortBase[node] + local port index.
// Routing families:
//   Hier         fat trees, leaf–spine, two DCs: every switch covers a contiguous host range
//                [lo, hi); a packet for a host inside goes down through group
//                ⌊(dst − lo) / downDiv⌋ (usually one port; several equal ports are hashed),
//                otherwise up through the switch's up set (ECMP, adaptive or Valiant).
//   LowDiameter  Dragonfly and Slim Fly from lib/lb/spritz: minimal routes, Spritz roles with
//                the ECMP 1 / ECMP 2 tables, Valiant and UGAL-L over the same tables.
// Candidate sets are slices of three shared Int32Arrays (egress port id, queued bytes, hops)
// that lib/switch's Router reads through bindCandidates.

import { type LowDiameterTopology, spritzNextPort } from "../../lib/lb/spritz/topology";

export const enum Family {
  Hier = 0,
  LowDiameter = 1,
}

interface PendingLink {
  a: number;
  la: number;
  b: number;
  lb: number;
  gbps: number;
  latencyNs: number;
}

/** Places ports explicitly; `finish` turns the link list into a Topology. */
export class TopologyBuilder {
  readonly hosts: number;
  readonly switches: number;
  readonly portsOf: Int32Array;
  private readonly links: PendingLink[] = [];

  constructor(hosts: number, switches: number, portsPerNode: (node: number) => number) {
    this.hosts = hosts;
    this.switches = switches;
    this.portsOf = new Int32Array(hosts + switches);
    for (let n = 0; n < hosts + switches; n++) this.portsOf[n] = portsPerNode(n);
  }

  /** Node id of switch s. */
  sw(s: number): number {
    return this.hosts + s;
  }

  /** A full-duplex link between local port la of node a and local port lb of node b. */
  connect(a: number, la: number, b: number, lb: number, gbps: number, latencyNs: number): void {
    this.links.push({ a, la, b, lb, gbps, latencyNs });
  }

  finish(name: string, family: Family): Topology {
    const t = new Topology(name, family, this.hosts, this.switches, this.portsOf);
    const seen = new Uint8Array(t.ports);
    for (const l of this.links) {
      const pa = t.nodePortBase[l.a] + l.la;
      const pb = t.nodePortBase[l.b] + l.lb;
      if (l.la >= this.portsOf[l.a] || l.lb >= this.portsOf[l.b]) throw new Error(`${name}: port index beyond the node's ports`);
      if (seen[pa] || seen[pb]) throw new Error(`${name}: port used twice (${l.a}:${l.la} or ${l.b}:${l.lb})`);
      seen[pa] = seen[pb] = 1;
      t.setPort(pa, l.b, l.lb, l.gbps, l.latencyNs);
      t.setPort(pb, l.a, l.la, l.gbps, l.latencyNs);
    }
    for (let p = 0; p < t.ports; p++) if (!seen[p]) throw new Error(`${name}: port ${p} of node ${t.portNode[p]} is not connected`);
    return t;
  }
}

/** Two datacenters: DC d holds hosts [d × hostsPerDc, (d + 1) × hostsPerDc). */
export interface DcLayout {
  hostsPerDc: number;
  /** Per DC: its external switch (switch index, not node id). */
  esw: number[];
  /** Per DC: the global id of its ESW's egress port onto the WAN. */
  wanPort: number[];
  /** Per DC: the global ids of its ESW's egress ports into the DC (to the spines). */
  downPorts: number[][];
}

/** The DC of a host. */
export function dcOf(dcs: DcLayout, host: number): number {
  return host >= dcs.hostsPerDc ? 1 : 0;
}

export class Topology {
  readonly name: string;
  readonly family: Family;
  readonly hosts: number;
  readonly switches: number;
  readonly ports: number;
  readonly nodePortBase: Int32Array;
  readonly nodePortCount: Int32Array;
  readonly portNode: Int32Array;
  readonly portLocal: Int32Array;
  /** Node at the far end and the local port index it arrives on. */
  readonly portTo: Int32Array;
  readonly portToLocal: Int32Array;
  readonly portGbps: Float64Array;
  readonly portLatencyNs: Float64Array;
  /** 1 for a switch port facing a host (UEC last hop). */
  readonly portLastHop: Uint8Array;

  // Hier routing, per switch.
  lo = new Int32Array(0);
  hi = new Int32Array(0);
  downDiv = new Int32Array(0);
  groupBase = new Int32Array(0);
  upOff = new Int32Array(0);
  upCnt = new Int32Array(0);
  /** Per down group: candidate offset and count. */
  groupOff = new Int32Array(0);
  groupCnt = new Int32Array(0);

  /** Two datacenters (twodc.ts): where their external switches are, for Reflex. */
  dcs: DcLayout | null = null;
  /** The last route enumeration of a Dragonfly or Slim Fly (longestRoute). */
  private routes: { key: string; rttPs: number; links: number } | null = null;

  // LowDiameter routing.
  ld: LowDiameterTopology | null = null;
  /** Switch-to-switch minimal egress port id, S × S (−1 on the diagonal), when S² ≤ 2^24. */
  minPort: Int32Array | null = null;
  /** Network-port candidates of switch s start at s × networkPorts. */
  allOff = new Int32Array(0);
  /** Slim Fly ECMP 2: offset of the list "all but inPort" of (s, inPort). */
  ecmp2Off = new Int32Array(0);
  /** networkPorts scratch entries for one routing decision (Spritz VLAN mode's category table). */
  vlanOff = 0;
  /** Dragonfly group of each switch (−1 elsewhere). */
  groupOf = new Int32Array(0);

  // Candidates shared by every switch (lib/switch Router.bindCandidates). The Router reads
  // candHops only in its ugal(), which the fabric does not call (its UGAL-L weighs a drawn
  // Valiant path's hop count, fabric.ts ugal), so it stays zero.
  candPort = new Int32Array(1);
  candQueue = new Int32Array(1);
  candHops = new Int32Array(1);

  constructor(name: string, family: Family, hosts: number, switches: number, portsOf: Int32Array) {
    this.name = name;
    this.family = family;
    this.hosts = hosts;
    this.switches = switches;
    const nodes = hosts + switches;
    this.nodePortBase = new Int32Array(nodes + 1);
    this.nodePortCount = new Int32Array(nodes);
    let p = 0;
    for (let n = 0; n < nodes; n++) {
      this.nodePortBase[n] = p;
      this.nodePortCount[n] = portsOf[n];
      p += portsOf[n];
    }
    this.nodePortBase[nodes] = p;
    this.ports = p;
    this.portNode = new Int32Array(p);
    this.portLocal = new Int32Array(p);
    for (let n = 0; n < nodes; n++) {
      for (let k = 0; k < portsOf[n]; k++) {
        this.portNode[this.nodePortBase[n] + k] = n;
        this.portLocal[this.nodePortBase[n] + k] = k;
      }
    }
    this.portTo = new Int32Array(p);
    this.portToLocal = new Int32Array(p);
    this.portGbps = new Float64Array(p);
    this.portLatencyNs = new Float64Array(p);
    this.portLastHop = new Uint8Array(p);
  }

  setPort(port: number, toNode: number, toLocal: number, gbps: number, latencyNs: number): void {
    this.portTo[port] = toNode;
    this.portToLocal[port] = toLocal;
    this.portGbps[port] = gbps;
    this.portLatencyNs[port] = latencyNs;
    this.portLastHop[port] = this.portNode[port] >= this.hosts && toNode < this.hosts ? 1 : 0;
  }

  /** Egress port id of a host's NIC (every host has exactly one port). */
  hostPort(h: number): number {
    return this.nodePortBase[h];
  }

  /** Switch index of a node (node − hosts). */
  switchOf(node: number): number {
    return node - this.hosts;
  }

  /** The port a host is attached to, on its switch. */
  attachPort(h: number): number {
    const p = this.hostPort(h);
    return this.nodePortBase[this.portTo[p]] + this.portToLocal[p];
  }

  /** Allocates the shared candidate arrays. */
  allocCandidates(n: number): void {
    this.candPort = new Int32Array(Math.max(1, n));
    this.candQueue = new Int32Array(Math.max(1, n));
    this.candHops = new Int32Array(Math.max(1, n));
  }

  /**
   * The default (minimal, first-candidate) next port at switch index s for host dst; used for
   * ideal paths and the network RTT, never per packet.
   */
  defaultNext(s: number, dst: number): number {
    const node = this.hosts + s;
    if (this.family === Family.Hier) {
      if (dst >= this.lo[s] && dst < this.hi[s]) {
        const g = this.groupBase[s] + Math.floor((dst - this.lo[s]) / this.downDiv[s]);
        return this.candPort[this.groupOff[g]];
      }
      if (this.upCnt[s] === 0) throw new Error(`${this.name}: switch ${s} has no route to host ${dst}`);
      return this.candPort[this.upOff[s]];
    }
    const ld = this.ld as LowDiameterTopology;
    const d = ld.switchOf(dst);
    if (d === s) return this.nodePortBase[node] + (dst - s * ld.endpointsPerSwitch);
    return this.nodePortBase[node] + ld.endpointsPerSwitch + ld.minimalPort(s, d);
  }

  /** Egress port ids along the default route from host src to host dst. */
  path(src: number, dst: number): number[] {
    const out: number[] = [];
    let port = this.hostPort(src);
    for (let hop = 0; hop < 64; hop++) {
      out.push(port);
      const node = this.portTo[port];
      if (node < this.hosts) {
        if (node !== dst) throw new Error(`${this.name}: the route from ${src} reached host ${node}, not ${dst}`);
        return out;
      }
      port = this.defaultNext(node - this.hosts, dst);
    }
    throw new Error(`${this.name}: no route from ${src} to ${dst} within 64 hops`);
  }

  /**
   * The unloaded RTT of the default route from `src` to `dst`, in ns (of a whole ps): an MTU out
   * and an ACK back over the same links, 2 × Σ link latency + Σ MTU serialisation + Σ ACK
   * serialisation, plus the switch latency on every link leaving a switch, both ways.
   */
  pathRttNs(src: number, dst: number, mtuBytes: number, ackBytes: number, switchLatencyNs = 0): number {
    const swPs = Math.round(switchLatencyNs * 1000);
    let rttPs = 0;
    for (const p of this.path(src, dst)) {
      rttPs += 2 * Math.round(this.portLatencyNs[p] * 1000) + Math.round(((mtuBytes + ackBytes) * 8000) / this.portGbps[p]);
      if (this.portNode[p] >= this.hosts) rttPs += 2 * swPs;
    }
    return rttPs / 1000;
  }

  /**
   * The longest unloaded RTT between two hosts of one DC of a two-DC topology (as networkRttNs
   * for a Hier network): Reflex §II-C's intra-DC base RTT, 8 µs of propagation on its 1 µs links.
   * The network's RTT for any other topology.
   */
  intraDcRttNs(mtuBytes: number, ackBytes: number, switchLatencyNs = 0): number {
    if (this.dcs === null) return this.networkRttNs(mtuBytes, ackBytes, switchLatencyNs);
    return this.pathRttNs(0, this.dcs.hostsPerDc - 1, mtuBytes, ackBytes, switchLatencyNs);
  }

  /**
   * The network's maximum unloaded RTT, in ns (of a whole ps): the round trip of an MTU out and an
   * ACK back, each link costing propagation + serialisation, plus the switch latency on every link
   * leaving a switch (the fabric adds it there).
   * - Hier (every route a shortest path): uet-htsim's (notes/uec-htsim-reference.md §2) over the
   *   longest default path, 2 × Σ link latency + Σ MTU serialisation + Σ ACK serialisation.
   * - LowDiameter: Spritz §V-A, the BDP "calculated based on the longest path in each topology",
   *   whatever the routing (Table II gives one queue per topology): the data on the longest route
   *   the switches' tables allow (first hop any ECMP 1 candidate, second any ECMP 2 one, then
   *   minimal: Table I's longest bounded paths, Dragonfly 3 local + 2 global, Slim Fly 4 global),
   *   its ACK back on the minimal route. That is Table II's 1·BDP of 88 packets (Dragonfly) and
   *   92 (Slim Fly); the minimal round trip alone gave 68 and 66.
   */
  networkRttNs(mtuBytes: number, ackBytes: number, switchLatencyNs = 0): number {
    // Summed in whole ps, as uet-htsim's simtime is: each term rounded to the ps, so the sum
    // carries no double noise (a sum in ns gave 14,022.719999999998, and a BDP of 175,283 B
    // against htsim's 175,284).
    if (this.family === Family.Hier) return this.pathRttNs(0, this.hosts - 1, mtuBytes, ackBytes, switchLatencyNs);
    return this.longestRoute(mtuBytes, ackBytes, switchLatencyNs).rttPs / 1000;
  }

  /**
   * Links on the longest route a data packet may take from host to host: the default path's on
   * a Hier network; on a Dragonfly or Slim Fly the longest the switches' tables allow, as
   * networkRttNs counts it (Table I: host, 3 local + 2 global, host = 7 on a Dragonfly; host,
   * 4 global, host = 6 on a Slim Fly), whatever the routing.
   */
  longestRouteLinks(): number {
    if (this.family === Family.Hier) return this.path(0, this.hosts - 1).length;
    return (this.routes ?? this.longestRoute(0, 0, 0)).links;
  }

  /**
   * Dragonfly / Slim Fly: the longest round trip in ps (networkRttNs) and the most links of a data
   * route, for the last packet sizes asked. Kept: enumerating the routes takes over a second on
   * the paper's Slim Fly (q = 29), and a build asks for both.
   */
  private longestRoute(mtuBytes: number, ackBytes: number, switchLatencyNs: number): { key: string; rttPs: number; links: number } {
    const key = `${mtuBytes} ${ackBytes} ${switchLatencyNs}`;
    if (this.routes !== null && this.routes.key === key) return this.routes;
    const swPs = Math.round(switchLatencyNs * 1000);
    const linkPs = (p: number, bytes: number) =>
      Math.round(this.portLatencyNs[p] * 1000) + Math.round((bytes * 8000) / this.portGbps[p]) + (this.portNode[p] >= this.hosts ? swPs : 0);
    const ld = this.ld as LowDiameterTopology;
    const P = ld.endpointsPerSwitch;
    const R = ld.networkPorts;
    const base = (s: number) => this.nodePortBase[this.hosts + s] + P;
    let bestPs = 0;
    let mostLinks = 0;
    // From host 0 to the first host of every other switch (switch 0 reaches every path type).
    for (let d = 1; d < ld.switches; d++) {
      let ackPs = 0;
      for (const p of this.path(d * P, 0)) ackPs += linkPs(p, ackBytes);
      const hostsPs = linkPs(this.hostPort(0), mtuBytes) + linkPs(this.attachPort(d * P), mtuBytes);
      const n1 = ld.ecmp1Size(0, d);
      for (let ev1 = 0; ev1 < n1; ev1++) {
        const j1 = ld.ecmp1Port(0, d, ev1); // switch 0's row of neighbour / backPort
        const s1 = ld.neighbour[j1];
        const in1 = ld.backPort[j1];
        const firstPs = hostsPs + linkPs(base(0) + j1, mtuBytes);
        const n2 = s1 === d ? 1 : Math.max(1, ld.ecmp2Size(s1, in1, d));
        for (let ev2 = 0; ev2 < n2; ev2++) {
          let dataPs = firstPs;
          let at = s1;
          let inPort = in1;
          let hops = 1;
          for (; at !== d; hops++) {
            const j = spritzNextPort(ld, at, hops, inPort, d, ev2);
            dataPs += linkPs(base(at) + j, mtuBytes);
            inPort = ld.backPort[at * R + j];
            at = ld.neighbour[at * R + j];
          }
          bestPs = Math.max(bestPs, dataPs + ackPs);
          // hops network links, and the two host links.
          mostLinks = Math.max(mostLinks, hops + 2);
        }
      }
    }
    this.routes = { key, rttPs: bestPs, links: mostLinks };
    return this.routes;
  }
}
