// The soak's physics verdict (soak.ts): what no run can do, whatever its modules decide.
//
// Three bounds, each with 1 % and one full packet's serialisation at the host of slack: packets
// sprayed over parallel paths do not queue behind each other between the first link and the last.
// - No flow beats its ideal (build.ts idealFctPs: serialisation and propagation on its default
//   route, pipelined by packet, then processing) on fat trees, leaf–spine and two DCs, where the
//   default route is the shortest. On Dragonfly and Slim Fly it may not be (a route with two
//   global hops can have fewer links than local, global, local), so there a flow is held to
//   fastestArrivalPs instead: every wire byte across its host's link, then the quickest route
//   any packet could take from there.
// - No host receives faster than its link (every topology).
// - No switch port sends faster than its rate (every topology).
// Faults only slow links down or take them out (fabric.ts slowestPs), so every bound holds
// under them, judged at the links' full rates.

import type { Results } from "../metrics/results";
import { buildTopology, hostGbpsOf } from "../scenario/build";
import type { Scenario } from "../scenario/schema";
import type { Topology } from "../topo/topology";

/**
 * What no run can do, or null. Where hosts process slower than they receive (network.rxGbps, a
 * put's rxFraction) the ideal-FCT bound also allows the processing of a flow's short last
 * packet at the slowest such rate: the ideal processes packets in the order one path delivers
 * them, and a short last packet sprayed past the full one ahead of it is processed while the
 * host would wait (seed 4,689,876: its 128 B at 5 Gb/s, 204.8 ns of 7.5 µs). A full last packet
 * cannot overtake, and a one-packet flow has none to overtake (review rev-d10: one full
 * packet's processing, 6.64 µs, had let flows pass at a tenth of their ideal).
 */
export function tooFast(s: Scenario, r: Results): string | null {
  const hostGbps = hostGbpsOf(s.topology);
  const mtu = s.network?.mtuBytes ?? 4150;
  const header = s.network?.headerBytes ?? 64;
  const mss = mtu - header;
  const slackUs = (mtu * 8) / (hostGbps * 1000);
  const ld = s.topology.kind === "dragonfly" || s.topology.kind === "slimfly";
  const fast = ld ? fasterThanAnyRoute(s, r, mss, header, slackUs) : fasterThanIdeal(s, r, mss, header, hostGbps, slackUs);
  return fast ?? overfullReceiver(r, hostGbps, slackUs) ?? overfullLink(r, mtu);
}

function fasterThanIdeal(s: Scenario, r: Results, mss: number, header: number, hostGbps: number, slackUs: number): string | null {
  const rxRates = [s.network?.rxGbps ?? 0, ...s.traffic.map((t) => (t.kind === "put" ? (t.rxFraction ?? 1) * hostGbps : 0))].filter((g) => g > 0);
  const usPerByte = rxRates.length > 0 ? 8 / (Math.min(...rxRates) * 1000) : 0;
  // The ideal's packets: mss payload each but the last (build.ts idealFctPs).
  const overtakerUs = (bytes: number): number => {
    const last = bytes - mss * (Math.ceil(bytes / mss) - 1);
    return bytes > mss && last < mss ? (last + header) * usPerByte : 0;
  };
  const fast = r.flows.find((f) => f.fctUs !== null && f.fctUs < f.idealUs * 0.99 - slackUs - overtakerUs(f.bytes));
  return fast === undefined ? null : `flow ${fast.flow}: FCT ${fast.fctUs} µs below its ideal ${fast.idealUs} µs`;
}

/**
 * A completed flow faster than fastestArrivalPs allows. Its packets carry at most `mss` bytes of
 * payload each (the registry refuses a module's larger packets), so at least ⌈bytes / mss⌉
 * headers cross the source's link with the payload; the packet that crosses it last carries at
 * least one byte.
 */
function fasterThanAnyRoute(s: Scenario, r: Results, mss: number, header: number, slackUs: number): string | null {
  const t = buildTopology(s);
  const switchNs = s.topology.switchLatencyNs ?? 0;
  const fromHost = new Map<number, Float64Array>();
  for (const f of r.flows) {
    if (f.fctUs === null) continue;
    let travel = fromHost.get(f.src);
    if (travel === undefined) fromHost.set(f.src, (travel = fastestArrivalPs(t, f.src, header + 1, switchNs)));
    const wireBytes = f.bytes + header * Math.ceil(f.bytes / mss);
    const boundUs = ((wireBytes * 8000) / t.portGbps[t.hostPort(f.src)] + travel[f.dst]) / 1e6;
    if (f.fctUs < boundUs * 0.99 - slackUs) return `flow ${f.flow}: FCT ${f.fctUs} µs below ${boundUs.toFixed(3)} µs, its bytes over its host's link and then the fastest route`;
  }
  return null;
}

/**
 * Per node, the earliest a packet of `packetBytes` arrives there whole, counted from the moment
 * the last bit of it left host `src`'s port: that link's propagation, then per further link the
 * switch latency, the packet's serialisation at the link's rate and its propagation, over the
 * quickest route through switches (Dijkstra; hosts do not forward), whatever the routing does.
 * Store and forward at every switch, as the fabric and build.ts idealFctPs model it.
 */
export function fastestArrivalPs(t: Topology, src: number, packetBytes: number, switchNs: number): Float64Array {
  const nodes = t.hosts + t.switches;
  const at = new Float64Array(nodes).fill(Infinity);
  const done = new Uint8Array(nodes);
  const first = t.hostPort(src);
  at[t.portTo[first]] = t.portLatencyNs[first] * 1000;
  // Dense Dijkstra: soak fabrics have at most a few hundred switches.
  for (;;) {
    let u = -1;
    for (let n = t.hosts; n < nodes; n++) if (done[n] === 0 && at[n] < Infinity && (u < 0 || at[n] < at[u])) u = n;
    if (u < 0) return at;
    done[u] = 1;
    const base = t.nodePortBase[u];
    for (let p = base; p < base + t.nodePortCount[u]; p++) {
      const v = t.portTo[p];
      const arrive = at[u] + switchNs * 1000 + (packetBytes * 8000) / t.portGbps[p] + t.portLatencyNs[p] * 1000;
      if (arrive < at[v]) at[v] = arrive;
    }
  }
}

/**
 * The busiest switch port sent at most its rate over the run. Its utilisation is bytes over
 * rate × time, so one packet of slack (a transmission counted as it starts) is util × mtu / bytes.
 */
function overfullLink(r: Results, mtuBytes: number): string | null {
  const b = r.metrics.links.busiest[0];
  if (b === undefined || b.bytes <= mtuBytes || b.util * (1 - mtuBytes / b.bytes) <= 1.01) return null;
  return `port ${b.name} sent ${b.bytes} B at ${b.util} of its rate`;
}

/**
 * The payload of a host's completed flows, over the span from the first one's start to the last
 * one's delivery, at most its link rate (with the slack above). Returns what is wrong, or null.
 */
function overfullReceiver(r: Results, hostGbps: number, slackUs: number): string | null {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const bytes = new Map<number, number>();
  for (const f of r.flows) {
    if (f.status !== "complete" || f.fctUs === null) continue;
    first.set(f.dst, Math.min(first.get(f.dst) ?? Infinity, f.startUs));
    last.set(f.dst, Math.max(last.get(f.dst) ?? 0, f.startUs + f.fctUs));
    bytes.set(f.dst, (bytes.get(f.dst) ?? 0) + f.bytes);
  }
  for (const [host, b] of bytes) {
    const spanUs = (last.get(host) as number) - (first.get(host) as number);
    const needUs = (b * 8) / (hostGbps * 1000);
    if (needUs > spanUs * 1.01 + slackUs) return `host ${host} received ${b} B in ${spanUs.toFixed(3)} µs, faster than its ${hostGbps} Gb/s link (${needUs.toFixed(3)} µs)`;
  }
  return null;
}
