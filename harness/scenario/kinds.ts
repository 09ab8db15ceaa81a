// Which fields of a topology, traffic entry and fault each kind reads: one table beside the
// schema (schema.ts), read by load.ts's cross-field check, which refuses a field of another kind
// ("topology.k: only for fattree, not leafspine") instead of building without it. Each list is
// what harness/scenario/build.ts (topology), traffic.ts (traffic) and faults.ts (faults) pass on
// for that kind; kinds.test.ts holds the table to the schema, so a new schema field needs a row.

import type { TRAFFIC_KINDS } from "./schema";

type TopologyKind = "fattree" | "leafspine" | "dragonfly" | "slimfly" | "twodc";
type TrafficKind = (typeof TRAFFIC_KINDS)[number];
type FaultKindName = "down" | "degrade" | "loss" | "corrupt" | "slow";

/** Topology fields every kind reads: the links' rates and latencies (build.ts buildTopology, the RTT). */
export const TOPOLOGY_COMMON = ["kind", "linkGbps", "hostGbps", "latencyNs", "hostLatencyNs", "switchLatencyNs"] as const;

/** Topology fields of one kind (buildTopology's switch); twodc's leaf–spine DCs default to 4, 4, 4. */
export const TOPOLOGY_KEYS: Record<TopologyKind, readonly string[]> = {
  fattree: ["tiers", "k", "oversubscription", "pods"],
  leafspine: ["leaves", "spines", "hostsPerLeaf"],
  dragonfly: ["p", "a", "h", "globalLatencyNs"],
  slimfly: ["q", "p", "globalLatencyNs"],
  twodc: ["leaves", "spines", "hostsPerLeaf", "wanGbps", "wanLatencyNs"],
};

/** Traffic fields every kind reads (traffic.ts buildTraffic; monitored refuses hosts there, naming Fig. 5). */
export const TRAFFIC_COMMON = ["kind", "startUs", "cc", "lb", "class", "hosts"] as const;

const INCAST = ["bytes", "senders", "senderList", "receiver", "bytesList", "staggerUs", "jitterUs"];
const COLLECTIVE = ["bytes", "groups", "groupSize", "placement"];

/** Traffic fields of one kind (traffic.ts generate's switch). */
export const TRAFFIC_KEYS: Record<TrafficKind, readonly string[]> = {
  incast: INCAST,
  put: [...INCAST, "rxFraction", "rxBufferBytes"],
  permutation: ["bytes", "cross"],
  tornado: ["bytes", "shift"],
  alltoall: [...COLLECTIVE, "window"],
  allreduce: [...COLLECTIVE, "algorithm"],
  cdf: ["cdf", "cdfPoints", "cdfFile", "load", "durationUs", "maxSendersPerReceiver", "interDcFraction"],
  adversarial: ["bytes", "shift"],
  monitored: ["src", "dst", "bytes", "backgroundBytes", "freeGroups"],
  matrix: ["file", "text", "startUnit"],
  flows: ["flows"],
};

/** Fault fields every kind reads: its name in results and when it holds (faults.ts resolveFaults). */
export const FAULT_COMMON = ["kind", "label", "atUs", "untilUs"] as const;

/** The links a fault takes: a slow fault takes hosts instead (their processing, DACK §I). */
const LINKS = ["links", "switches", "random", "everywhere"];

/** Fault fields of one kind: the fabric reads gbps on a degraded link, probability and packets on a lossy one, rxGbps on a slow host. */
export const FAULT_KEYS: Record<FaultKindName, readonly string[]> = {
  down: LINKS,
  degrade: [...LINKS, "gbps"],
  loss: [...LINKS, "probability", "packets", "trim"],
  corrupt: [...LINKS, "probability", "packets"],
  slow: ["hosts", "rxFraction"],
};

/** "a", "a and b", "a, b and c". */
function list(xs: readonly string[]): string {
  return xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

/**
 * The fields of `entry` its kind does not read, each as "<path>.<field>: only for <kinds>
 * <noun>, not <kind>". `common` fields are every kind's.
 */
export function foreignFields(entry: object, kind: string, path: string, noun: string, common: readonly string[], table: Record<string, readonly string[]>): string[] {
  const own = table[kind] ?? [];
  const out: string[] = [];
  for (const key of Object.keys(entry)) {
    if (common.includes(key) || own.includes(key) || (entry as Record<string, unknown>)[key] === undefined) continue;
    const kinds = Object.keys(table).filter((k) => table[k].includes(key));
    // A field no kind reads is the schema's to refuse (additionalProperties: false).
    if (kinds.length === 0) continue;
    out.push(`${path}.${key}: only for ${list(kinds)}${noun}, not ${kind}`);
  }
  return out;
}
