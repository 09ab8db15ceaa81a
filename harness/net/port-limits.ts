// A switch port's queue limits at a rate other than the one its PortQueues parameters are for,
// and, on two DCs, for traffic of another RTT than the network's. The fabric sets them (fabric.ts,
// at construction) and the build's ECN check reads them (scenario/warnings.ts), so both see the
// same port.

import type { QueueParams } from "../../lib/switch/queue/params";
import type { Topology } from "../topo/topology";

/** PortQueues' largest byte limit or threshold. */
const MAX_BYTES = 2 ** 30;

export interface PortLimits {
  dataBytes: number;
  controlBytes: number;
  kMinBytes: number;
  kMaxBytes: number;
}

/**
 * The limits of a port at `scale` × the parameters' rate: as many µs of buffer and of RED ramp as
 * at that rate, but a data limit never below one full packet (below it every data packet would
 * be trimmed or dropped there, forever). At scale 1 the parameters stand as they are. `base`,
 * when given, replaces the parameters' four limits (a port sized for another RTT: portLimits).
 */
export function scaledPortLimits(q: Readonly<QueueParams>, scale: number, base?: Readonly<PortLimits>): PortLimits {
  const b = base ?? { dataBytes: q.dataLimitBytes, controlBytes: q.controlLimitBytes, kMinBytes: q.kMinBytes, kMaxBytes: q.kMaxBytes };
  if (scale === 1) return { ...b };
  const limit = (x: number) => Math.max(1, Math.min(MAX_BYTES, Math.round(x * scale)));
  const threshold = (x: number) => Math.min(MAX_BYTES, Math.round(x * scale));
  return {
    dataBytes: Math.max(q.mtuBytes, limit(b.dataBytes)),
    controlBytes: limit(b.controlBytes),
    kMinBytes: threshold(b.kMinBytes),
    kMaxBytes: threshold(b.kMaxBytes),
  };
}

/**
 * The limits switch port `p` runs. On two DCs, `intraDc` (the scenario's queue derived from the
 * intra-DC RTT instead of the network's, at the parameters' rate) sizes the ports that carry a
 * DC's own traffic, those of its leaves and its spines' ports towards the leaves: they queue at a
 * DC's round trip (Reflex §II-C: 8 µs of propagation, against 1012 µs across the WAN), and a
 * buffer or RED ramp sized for the WAN's BDP (3,055 packets at 100 Gb/s) would hold and mark
 * nothing there before 611 packets. Every port of an ESW and every spine port towards one carries
 * only traffic between the DCs, whose round trip is the WAN's: those keep the parameters, the
 * network's (review rev-d10: a spine → ESW port sized for a DC marked 4 MB inter-DC DCTCP flows
 * at 6 of their 344 packets of BDP, and they took 3.7–4.7 ms against 1.1–1.7). Then the rate scale.
 */
export function portLimits(t: Topology, p: number, q: Readonly<QueueParams>, baseGbps: number, intraDc: Readonly<PortLimits> | null): PortLimits {
  return scaledPortLimits(q, t.portGbps[p] / baseGbps, intraDc !== null && insideDc(t, p) ? intraDc : undefined);
}

/** On two DCs, port `p` carries a DC's own traffic (a leaf's, or a spine's towards a leaf). */
export function insideDc(t: Topology, p: number): boolean {
  return t.dcs !== null && !betweenDcs(t, p);
}

/** Port `p` is an ESW's or leads to one: only traffic between the DCs crosses it. */
function betweenDcs(t: Topology, p: number): boolean {
  const esw = (t.dcs as NonNullable<Topology["dcs"]>).esw;
  const isEsw = (node: number) => node >= t.hosts && esw.indexOf(node - t.hosts) >= 0;
  return isEsw(t.portNode[p]) || isEsw(t.portTo[p]);
}
