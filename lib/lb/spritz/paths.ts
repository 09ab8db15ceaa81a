// A read-only view of a topology's Spritz endpoint tables for conformance vectors and reports:
// Table I path counts, Fig. 3 memory, eq. (1) weights, and the switch step of topology.ts. Not a
// per-packet module: it holds no flows, and it builds (and caches) one endpoint table per source
// switch it is asked about. Its "handlers" are the vector-callable queries listed in `api`.

import { checkParamNames } from "../../core/params";
import { eq1Weight } from "./params";
import { EndpointTable, type EndpointTableOptions, type TopologySpec, buildTopology } from "./table";
import { type LowDiameterTopology, spritzNextPort } from "./topology";

export interface SpritzPathsParams extends TopologySpec, EndpointTableOptions {
  /** Scale of eq. (1) for weightQ16, in (0, 255]. Default 1, eq. (1) itself (§V-A scales by 3). */
  wScale?: number;
}

const SPRITZ_PATHS_PARAM_NAMES: readonly (keyof SpritzPathsParams)[] = Object.freeze([
  "topology", "p", "a", "h", "q", "wScale",
  "localLinkNs", "globalLinkNs", "linkGbps", "packetBytes", "switchLatencyNs", "maxPathsPerDestination",
]);

export class SpritzPaths {
  static readonly api = {
    pathsOfType: ["srcSwitch", "dstSwitch", "localHops", "globalHops"],
    pathCount: ["srcSwitch", "dstSwitch"],
    maxPaths: ["srcSwitch"],
    entryCount: ["srcSwitch"],
    paperBytes: ["srcSwitch"],
    memoryBytes: ["srcSwitch"],
    pathEv: ["srcSwitch", "dstSwitch", "index"],
    weightQ16: ["latencyNs", "longestNs"],
    nextPort: ["sw", "hops", "inPort", "dstSwitch", "ev"],
    neighbour: ["sw", "port"],
  } as const;

  readonly topology: LowDiameterTopology;
  readonly wScale: number;
  private readonly options: EndpointTableOptions;
  private cached: EndpointTable | undefined;

  /** @throws RangeError for an unknown name (the list, and a guess), a bad topology or latency parameter. */
  constructor(input: Partial<SpritzPathsParams>, _capacity = 1) {
    checkParamNames("SpritzPaths", input, SPRITZ_PATHS_PARAM_NAMES);
    const params = input as SpritzPathsParams;
    const { wScale, localLinkNs, globalLinkNs, linkGbps, packetBytes, switchLatencyNs, maxPathsPerDestination } = params;
    this.topology = buildTopology(params);
    this.wScale = wScale ?? 1;
    if (!(this.wScale > 0 && this.wScale <= 255)) throw new RangeError("SpritzPaths: wScale must be in (0, 255]");
    const o: EndpointTableOptions = {};
    if (localLinkNs !== undefined) o.localLinkNs = localLinkNs;
    if (globalLinkNs !== undefined) o.globalLinkNs = globalLinkNs;
    if (linkGbps !== undefined) o.linkGbps = linkGbps;
    if (packetBytes !== undefined) o.packetBytes = packetBytes;
    if (switchLatencyNs !== undefined) o.switchLatencyNs = switchLatencyNs;
    if (maxPathsPerDestination !== undefined) o.maxPathsPerDestination = maxPathsPerDestination;
    this.options = o;
  }

  /** The endpoint table of one source switch (built once per switch asked about last). */
  table(srcSwitch: number): EndpointTable {
    if (this.cached === undefined || this.cached.srcSwitch !== srcSwitch) {
      this.cached = new EndpointTable(this.topology, srcSwitch, this.options);
    }
    return this.cached;
  }

  /** Paths of Table I type (localHops, globalHops) from srcSwitch to dstSwitch (−1: all destinations). */
  pathsOfType(srcSwitch: number, dstSwitch: number, localHops: number, globalHops: number): number {
    return this.table(srcSwitch).pathsOfType(dstSwitch, localHops, globalHops);
  }

  /** The EVs (paths) from srcSwitch's endpoints to dstSwitch's in the endpoint table. */
  pathCount(srcSwitch: number, dstSwitch: number): number {
    return this.table(srcSwitch).pathCount(dstSwitch);
  }

  /** The most paths from srcSwitch to any one destination switch (Fig. 3's "Paths"). */
  maxPaths(srcSwitch: number): number {
    return this.table(srcSwitch).maxPaths;
  }

  /** The EV entries of srcSwitch's endpoint table, over every destination switch. */
  entryCount(srcSwitch: number): number {
    return this.table(srcSwitch).entries;
  }

  /** Fig. 3's memory figure: 3 bytes (16-bit EV and 8 bits of metadata) per entry. */
  paperBytes(srcSwitch: number): number {
    return this.table(srcSwitch).paperBytes;
  }

  /** What this library's table holds per source endpoint: EV list, metadata and per-destination index. */
  memoryBytes(srcSwitch: number): number {
    return this.table(srcSwitch).memoryBytes;
  }

  /** The index-th EV (by latency class, then EV) from srcSwitch to dstSwitch, −1 past the end. */
  pathEv(srcSwitch: number, dstSwitch: number, index: number): number {
    const t = this.table(srcSwitch);
    return Number.isInteger(index) && index >= 0 && index < t.pathCount(dstSwitch) ? t.ev[t.listStart[dstSwitch] + index] : -1;
  }

  /** Eq. (1) (scaled by wScale as in §V-A) in Q16, rounded to nearest. */
  weightQ16(latencyNs: number, longestNs: number): number {
    return Math.round(eq1Weight(latencyNs, longestNs, this.wScale) * 65536);
  }

  /** The switch step of topology.ts: the network port a packet leaves by (−1: delivered). */
  nextPort(sw: number, hops: number, inPort: number, dstSwitch: number, ev: number): number {
    return spritzNextPort(this.topology, sw, hops, inPort, dstSwitch, ev);
  }

  /** The switch behind network port `port` of `sw`. */
  neighbour(sw: number, port: number): number {
    return this.topology.neighbourOf(sw, port);
  }
}
