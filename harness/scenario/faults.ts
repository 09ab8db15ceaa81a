// Scenario `faults` → the fabric's resolved faults (ports, hosts, times in ps). Faults follow
// the papers' failure studies: Spritz §V-D "we randomly disable 2% of the links"; REPS (notes/
// uec-nscc-reps-pds.md §1.5) "3 % of ToR uplinks degraded to 200 G", "two transient uplink
// failures"; DCP §6.1 and Fig. 17 "packet loss rates artificially enforced at switches", and its
// control plane (HO) loss (Table 5); DACK §I endpoint congestion (a host processing slower).
//
// A link is both directions of a cable; a failed link black-holes what reaches its far end
// (switches keep routing onto it: no failure detection, as Spritz §V-D assumes for switch-level
// schemes), so only the end hosts' load balancing and reliability can route around it.
//
// Link classes for random choices: host (host–switch), switch (all switch–switch), tier1 (ToR
// or leaf uplinks), tier2 (the next tier up: aggregation–core, spine–ESW), wan (two DCs: the
// ESW–ESW link), local and global (Dragonfly / Slim Fly), any.

import { hash3, Xoshiro128 } from "../../lib/core/rng";
import { type FaultSpec, FaultKind } from "../net/fabric";
import { Kind } from "../net/packets";
import { Family, type Topology } from "../topo/topology";
import { shuffle } from "../traffic/traffic";
import { isRefusal, ScenarioError } from "./load";
import type { FaultEntry, LinkRefSpec, PortRefSpec, Scenario } from "./schema";

const KIND: Record<string, FaultKind> = { down: FaultKind.Down, degrade: FaultKind.Degrade, loss: FaultKind.Loss, corrupt: FaultKind.Corrupt, slow: FaultKind.Slow };
const PACKET: Record<string, number> = { data: Kind.Data, ho: Kind.Header, ack: Kind.Ack, nack: Kind.Nack, cnp: Kind.Cnp };

/** The egress port at the other end of port p's cable. */
export function reversePort(t: Topology, p: number): number {
  return t.nodePortBase[t.portTo[p]] + t.portToLocal[p];
}

/** Distance of every node from the nearest host (hosts 0, ToRs 1, …), by breadth-first search. */
export function levels(t: Topology): Int32Array {
  const n = t.hosts + t.switches;
  const lv = new Int32Array(n).fill(-1);
  const q: number[] = [];
  for (let h = 0; h < t.hosts; h++) {
    lv[h] = 0;
    q.push(h);
  }
  for (let i = 0; i < q.length; i++) {
    const u = q[i];
    for (let p = t.nodePortBase[u]; p < t.nodePortBase[u + 1]; p++) {
      const v = t.portTo[p];
      if (lv[v] < 0) {
        lv[v] = lv[u] + 1;
        q.push(v);
      }
    }
  }
  return lv;
}

/** Class of the cable at port p. */
export function linkClass(t: Topology, p: number, lv: Int32Array): string {
  const a = t.portNode[p];
  const b = t.portTo[p];
  if (a < t.hosts || b < t.hosts) return "host";
  if (t.family === Family.LowDiameter) {
    const ld = t.ld as NonNullable<Topology["ld"]>;
    const sw = a - t.hosts;
    return ld.global[sw * ld.networkPorts + (t.portLocal[p] - ld.endpointsPerSwitch)] === 1 ? "global" : "local";
  }
  if (lv[a] === lv[b]) return "wan";
  return `tier${Math.min(lv[a], lv[b])}`;
}

/** Every cable once, as the lower of its two port ids. */
export function cables(t: Topology): number[] {
  const out: number[] = [];
  for (let p = 0; p < t.ports; p++) if (p < reversePort(t, p)) out.push(p);
  return out;
}

function linkPort(t: Topology, r: LinkRefSpec, where: string): number {
  if (r.id !== undefined) {
    if (r.id >= t.ports) throw new RangeError(`${where}: port id ${r.id} outside [0, ${t.ports})`);
    return r.id;
  }
  if (r.host !== undefined) {
    if (r.host >= t.hosts) throw new RangeError(`${where}: host ${r.host} outside [0, ${t.hosts})`);
    return t.hostPort(r.host);
  }
  if (r.switch !== undefined && r.port !== undefined) {
    if (r.switch >= t.switches) throw new RangeError(`${where}: switch ${r.switch} outside [0, ${t.switches})`);
    const node = t.hosts + r.switch;
    if (r.port >= t.nodePortCount[node]) throw new RangeError(`${where}: switch ${r.switch} has ${t.nodePortCount[node]} ports`);
    return t.nodePortBase[node] + r.port;
  }
  throw new RangeError(`${where}: give { switch, port }, { host } or { id }`);
}

/** A port for sampling: the switch port facing host `to`, the NIC of host `from`, a switch port, or an id. */
export function portOf(t: Topology, r: PortRefSpec, where: string): number {
  if (r.to !== undefined) {
    if (r.to >= t.hosts) throw new RangeError(`${where}: host ${r.to} outside [0, ${t.hosts})`);
    return t.attachPort(r.to);
  }
  if (r.from !== undefined) return linkPort(t, { host: r.from }, where);
  // A port has no `{ host }` form (a cable does): name the forms ports take.
  if (r.id === undefined && (r.switch === undefined || r.port === undefined)) throw new RangeError(`${where}: give { to }, { from }, { switch, port } or { id }`);
  return linkPort(t, { switch: r.switch, port: r.port, id: r.id }, where);
}

/** A readable name for a port: its end, then the node it leads to. */
export function portName(t: Topology, p: number): string {
  const b = t.portTo[p];
  return `${portEnd(t, p)} → ${b < t.hosts ? `host ${b}` : `switch ${b - t.hosts}`}`;
}

/** One end of a cable as a scenario names it: "host 3", or "switch 8 port 2" (the switch's own port index). */
export function portEnd(t: Topology, p: number): string {
  const a = t.portNode[p];
  return a < t.hosts ? `host ${a}` : `switch ${a - t.hosts} port ${t.portLocal[p]}`;
}

/** A cable a fault took: `id` its lower port id (a scenario's `{ id }`), `from` / `to` its ends ("switch 8 port 2", "host 3"), `class` as `random` classes name it. */
export interface FaultLink {
  id: number;
  from: string;
  to: string;
  class: string;
}

/** A fault's links for results: each cable once, by its lower port id (usable as `links: [{ id }]`), both ends and its class. */
export function faultLinks(t: Topology, ports: readonly number[], lv: Int32Array): FaultLink[] {
  const out: FaultLink[] = [];
  for (const p of ports) {
    const q = reversePort(t, p);
    if (p < q) out.push({ id: p, from: portEnd(t, p), to: portEnd(t, q), class: linkClass(t, p, lv) });
  }
  return out;
}

export function resolveFaults(s: Scenario, t: Topology, seed: number): FaultSpec[] {
  const errors: string[] = [];
  const out: FaultSpec[] = [];
  let lv: Int32Array | null = null;
  (s.faults ?? []).forEach((x: FaultEntry, i) => {
    const where = `faults[${i}]`;
    try {
      const kind = KIND[x.kind];
      const at = (x.atUs ?? 0) * 1e6;
      const until = x.untilUs !== undefined ? x.untilUs * 1e6 : Infinity;
      if (until <= at) throw new RangeError("untilUs must be after atUs");
      const ports = new Set<number>();
      const addCable = (p: number) => {
        ports.add(p);
        ports.add(reversePort(t, p));
      };
      (x.links ?? []).forEach((r, j) => addCable(linkPort(t, r, `links[${j}]`)));
      for (const sw of x.switches ?? []) {
        if (sw >= t.switches) throw new RangeError(`switches: switch ${sw} outside [0, ${t.switches})`);
        const node = t.hosts + sw;
        for (let p = t.nodePortBase[node]; p < t.nodePortBase[node + 1]; p++) addCable(p);
      }
      if (x.random) {
        lv ??= levels(t);
        const cls = x.random.class ?? "switch";
        const all = cables(t).filter((p) => {
          const c = linkClass(t, p, lv as Int32Array);
          return cls === "any" || c === cls || (cls === "switch" && c !== "host");
        });
        const n = x.random.count ?? Math.max(1, Math.round((x.random.fraction ?? 0) * all.length));
        if (x.random.count === undefined && x.random.fraction === undefined) throw new RangeError("random: give fraction or count");
        if (n > all.length) throw new RangeError(`random: ${n} links asked, ${all.length} of class ${cls}`);
        shuffle(all, new Xoshiro128(hash3(seed, i, 0xfa)));
        for (const p of all.slice(0, n)) addCable(p);
      }
      if (x.everywhere) for (let p = 0; p < t.ports; p++) ports.add(p);
      const hosts = x.hosts ?? [];
      for (const h of hosts) if (h >= t.hosts) throw new RangeError(`hosts: host ${h} outside [0, ${t.hosts})`);
      if (kind === FaultKind.Slow) {
        if (hosts.length === 0) throw new RangeError("slow: give hosts");
        if (x.rxFraction === undefined) throw new RangeError("slow: give rxFraction (the hosts' processing rate as a fraction of their link)");
      } else if (ports.size === 0) throw new RangeError(`${x.kind}: give links, switches, random or everywhere`);
      if (kind === FaultKind.Degrade && x.gbps === undefined) throw new RangeError("degrade: give gbps");
      if ((kind === FaultKind.Loss || kind === FaultKind.Corrupt) && x.probability === undefined) throw new RangeError(`${x.kind}: give probability`);
      // A corrupted packet fails its CRC at the receiving end: nothing is left to trim.
      if (x.trim && kind !== FaultKind.Loss) throw new RangeError(`${x.kind}: trim is for loss faults`);
      let mask = 0;
      for (const k of x.packets ?? ["data", "ho", "ack", "nack", "cnp"]) mask |= 1 << PACKET[k];
      // Only data is trimmed (a header has nothing to cut): without it the flag would do nothing.
      if (x.trim && (mask & (1 << PACKET.data)) === 0) throw new RangeError("trim: true trims data packets, which packets leaves out");
      const hostGbps = t.portGbps[t.hostPort(hosts[0] ?? 0)];
      out.push({
        kind,
        label: x.label ?? describe(x, ports.size / 2, hosts),
        ports: [...ports].sort((a, b) => a - b),
        hosts,
        atPs: at,
        untilPs: until,
        probability: x.probability ?? 0,
        packetMask: mask,
        trim: x.trim === true,
        gbps: x.gbps ?? 0,
        rxGbps: (x.rxFraction ?? 1) * hostGbps,
      });
    } catch (e) {
      if (!isRefusal(e)) throw e;
      errors.push(`${where}: ${e.message}`);
    }
  });
  if (errors.length > 0) throw new ScenarioError("scenario", errors);
  return out;
}

function describe(x: FaultEntry, links: number, hosts: number[]): string {
  const when = `at ${x.atUs ?? 0} µs${x.untilUs !== undefined ? ` until ${x.untilUs} µs` : ""}`;
  // Rounded: 0.29 × 100 is 28.999999999999996 in a double (audit 2026-12-07).
  const what = x.kind === "slow" ? `${hosts.length} host(s) at ${Number(((x.rxFraction ?? 1) * 100).toFixed(9))} % processing` : `${Math.round(links)} link(s)`;
  const extra = x.kind === "degrade" ? ` to ${x.gbps} Gb/s` : x.kind === "loss" || x.kind === "corrupt" ? ` p=${x.probability} (${(x.packets ?? ["all"]).join(", ")})${x.trim ? ", data trimmed" : ""}` : "";
  return `${x.kind} ${what}${extra} ${when}`;
}

/**
 * Faults that cannot act, which the run would otherwise report as if they had (audit
 * 2026-12-07: "down 1 link(s) at 5000 µs: 0 flows hit" in a run of 1000 µs; a degrade above
 * the link's rate counted its flows as hit): one starting at or after run.endUs, and a degrade
 * to a rate no link it names runs above (a slower link keeps its rate).
 */
export function faultWarnings(s: Scenario, faults: readonly FaultSpec[], t: Topology): string[] {
  const out: string[] = [];
  const endUs = s.run?.endUs;
  (s.faults ?? []).forEach((x, i) => {
    const f = faults[i];
    if (f === undefined) return;
    if (endUs !== undefined && (x.atUs ?? 0) >= endUs) out.push(`faults[${i}]: atUs ${x.atUs} is at or after run.endUs ${endUs}: the fault never acts`);
    if (f.kind === FaultKind.Degrade && f.ports.every((p) => t.portGbps[p] <= f.gbps)) {
      out.push(`faults[${i}]: degrade to ${f.gbps} Gb/s, no slower than any link it names: it changes nothing (a slower link keeps its rate)`);
    }
  });
  return out;
}
