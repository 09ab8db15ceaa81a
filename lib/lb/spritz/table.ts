// The Spritz endpoint table of one source switch (Spritz §III-C, Fig. 3, Table I): for every
// destination switch, the list of bounded simple paths as 16-bit EVs (EV1 << 8 | EV2), sorted by
// latency, plus one metadata byte per path. Construction time only; the per-packet code in
// spritz.ts reads the typed arrays below and never allocates.
//
// Enumeration walks the switch roles of topology.ts: every EV1 in the ECMP 1 table of the source
// switch, then every EV2 in the ECMP 2 table of the switch it reaches (or the default route when
// that switch has none), then default (minimal) forwarding to the destination. A walk that
// revisits a switch is not a simple path and is dropped; EV2 values that cannot change the path
// (first hop straight to the destination, or a default-forwarding second switch) keep only EV2 = 0.
// What remains is exactly Table I's path set, each path once.
//
// Layout (what Fig. 3 counts as 16 + 8 bits per entry):
//   ev[listStart[d] …]    the EVs to destination d, by (latency class, EV) ascending;
//   meta[metaStart[d] + cell(EV)]  one byte per EV *cell*, addressed from the EV itself so that
//                         feedback needs no reverse index: low nibble = latency class (15: the
//                         cell is not a path), high nibble = ECN count 0…13, or 15 = blocked;
//                         a path Spritz marked down is 0xEF, or 0xFF also blocked (spritz.ts).
// cell(EV) = EV1·stride + EV2 for EV1 < split, else split·stride + EV1 − split (cellShape in
// topology.ts); the cells of a destination outnumber its paths only by the Slim Fly walks that are
// not simple (≈ 2 %). Per destination the index adds listStart, metaStart (u32), the end of each
// class in the list (u16) and the cell shape (3 × u16).

import { DRAGONFLY_PATH_TYPES, Dragonfly, type LowDiameterTopology, SLIMFLY_PATH_TYPES, SlimFly } from "./topology";

/** Per-hop latency model. A hop costs its link's propagation plus one packet's serialisation. */
export interface HopLatency {
  /** Propagation of a local link, ns, in [0, 1e9). Default 25 (Table II, §V-A). */
  localLinkNs: number;
  /** Propagation of a global link, ns, in [0, 1e9). Default 500 (Table II, §V-A). */
  globalLinkNs: number;
  /** Link rate, Gb/s, in (0, 1e9). Default 400 (Table II, §V-A). */
  linkGbps: number;
  /** Bytes serialised per hop, in [0, 1e9). Default 4160 (Table II, §V-A: 64 B header + 4096 B payload). */
  packetBytes: number;
  /**
   * Added per switch-to-switch hop, ns, in [0, 1e9). Table I's latencies leave it out (108.2 ns =
   * 25 ns + 4160 B at 400 Gb/s), although Table II lists a 500 ns switch latency; the default 0
   * reproduces Table I.
   */
  switchLatencyNs: number;
}

/** Table II's network, which reproduces every latency of Table I. */
export const TABLE_II_LATENCY: Readonly<HopLatency> = Object.freeze({
  localLinkNs: 25,
  globalLinkNs: 500,
  linkGbps: 400,
  packetBytes: 4160,
  switchLatencyNs: 0,
});

/** Low nibble of a metadata byte: this cell is not a path. */
export const META_NO_PATH = 15;
/** High nibble of a metadata byte: the path is blocked (weight 0, Spritz Alg. 2 line 21). */
export const META_BLOCKED = 15;

export interface TopologySpec {
  /** `dragonfly` with `p`, `a`, `h` or `slimfly` with `q`, `p` (§III; Table II, §V-A). Required. */
  topology: "dragonfly" | "slimfly";
  /** Endpoints per switch, an integer ≥ 1 (topology.ts). Required. */
  p: number;
  /**
   * Switches per Dragonfly group, an integer ≥ 2, with a − 1 + h ≤ 256 (an 8-bit EV per ECMP role)
   * and (a·h + 1)·a ≤ 65536 switches (topology.ts; Table II: 8). Required for `dragonfly`.
   */
  a?: number;
  /** Global links per Dragonfly switch, an integer ≥ 1, with a − 1 + h ≤ 256 (topology.ts; Table II: 4). Required for `dragonfly`. */
  h?: number;
  /**
   * Slim Fly's q: a prime power ≥ 3 of the form 4w + δ, δ ∈ {−1, 0, 1}, with network radix
   * (3q − δ)/2 ≤ 256 (topology.ts; Table II: 9). Required for `slimfly`.
   */
  q?: number;
}

/** Builds a topology from a plain spec ({topology: "dragonfly", p, a, h} or {topology: "slimfly", q, p}). */
export function buildTopology(spec: TopologySpec): LowDiameterTopology {
  if (spec.topology === "dragonfly") return new Dragonfly({ p: spec.p, a: spec.a as number, h: spec.h as number });
  if (spec.topology === "slimfly") return new SlimFly({ q: spec.q as number, p: spec.p });
  /* c8 ignore next -- construction-time validation: a vector cannot expect a throw at construction (unit tests do) */
  throw new RangeError(`unknown topology ${String((spec as { topology: unknown }).topology)}`);
}

export interface EndpointTableOptions extends Partial<HopLatency> {
  /** Keep at most this many (the lowest-latency) paths per destination (§III-C subsets), an integer in [0, 65535]; 0 (default): all. */
  maxPathsPerDestination?: number;
}

export class EndpointTable {
  readonly topology: LowDiameterTopology;
  readonly srcSwitch: number;
  readonly latency: Readonly<HopLatency>;
  /** Number of latency classes K (Table I's path types of this topology). */
  readonly classCount: number;
  /** Per class, in increasing latency: local hops, global hops, latency in ps. */
  readonly classLocal: Uint8Array;
  readonly classGlobal: Uint8Array;
  readonly classLatencyPs: Float64Array;
  readonly ev: Uint16Array;
  readonly meta: Uint8Array;
  /** listStart[d] … listStart[d + 1]: the entries to destination switch d. */
  readonly listStart: Uint32Array;
  readonly metaStart: Uint32Array;
  /** classEnd[d·K + c]: end of class c in d's list, relative to listStart[d]. */
  readonly classEnd: Uint16Array;
  /** Cell shape per destination (topology.cellShape). */
  readonly size1: Uint16Array;
  readonly split: Uint16Array;
  readonly stride: Uint16Array;
  readonly entries: number;
  readonly cells: number;
  readonly maxPathsPerDestination: number;

  /**
   * @throws RangeError for a source switch outside the topology or a bad latency parameter.
   */
  constructor(topology: LowDiameterTopology, srcSwitch: number, options: EndpointTableOptions = {}) {
    if (!(Number.isInteger(srcSwitch) && srcSwitch >= 0 && srcSwitch < topology.switches)) {
      throw new RangeError(`EndpointTable: source switch ${srcSwitch} outside [0, ${topology.switches})`);
    }
    const lat: HopLatency = {
      localLinkNs: options.localLinkNs ?? TABLE_II_LATENCY.localLinkNs,
      globalLinkNs: options.globalLinkNs ?? TABLE_II_LATENCY.globalLinkNs,
      linkGbps: options.linkGbps ?? TABLE_II_LATENCY.linkGbps,
      packetBytes: options.packetBytes ?? TABLE_II_LATENCY.packetBytes,
      switchLatencyNs: options.switchLatencyNs ?? TABLE_II_LATENCY.switchLatencyNs,
    };
    for (const k of Object.keys(lat) as (keyof HopLatency)[]) {
      const v = lat[k];
      if (!(typeof v === "number" && v >= 0 && v < 1e9)) throw new RangeError(`EndpointTable: ${k} must be in [0, 1e9)`);
    }
    if (!(lat.linkGbps > 0)) throw new RangeError("EndpointTable: linkGbps must be positive");
    const cap = options.maxPathsPerDestination ?? 0;
    if (!(Number.isInteger(cap) && cap >= 0 && cap <= 65535)) {
      throw new RangeError("EndpointTable: maxPathsPerDestination must be an integer in [0, 65535]");
    }
    this.topology = topology;
    this.srcSwitch = srcSwitch;
    this.latency = Object.freeze(lat);
    this.maxPathsPerDestination = cap;

    // Latency classes: Table I's types ordered by latency (ties keep Table I order).
    const types = topology.kind === "dragonfly" ? DRAGONFLY_PATH_TYPES : SLIMFLY_PATH_TYPES;
    const serialisePs = (lat.packetBytes * 8 * 1000) / lat.linkGbps;
    const localPs = Math.round(lat.localLinkNs * 1000 + serialisePs + lat.switchLatencyNs * 1000);
    const globalPs = Math.round(lat.globalLinkNs * 1000 + serialisePs + lat.switchLatencyNs * 1000);
    const order = types.map((t, i) => ({ t, i, ps: t[0] * localPs + t[1] * globalPs }));
    order.sort((u, v) => u.ps - v.ps || u.i - v.i);
    const K = order.length;
    this.classCount = K;
    this.classLocal = Uint8Array.from(order.map((o) => o.t[0]));
    this.classGlobal = Uint8Array.from(order.map((o) => o.t[1]));
    this.classLatencyPs = Float64Array.from(order.map((o) => o.ps));
    const classOf = new Int8Array(8 * 8).fill(-1); // [local × 8 + global] → class
    order.forEach((o, c) => (classOf[o.t[0] * 8 + o.t[1]] = c));

    const n = topology.switches;
    this.listStart = new Uint32Array(n + 1);
    this.metaStart = new Uint32Array(n + 1);
    this.classEnd = new Uint16Array(n * K);
    this.size1 = new Uint16Array(n);
    this.split = new Uint16Array(n);
    this.stride = new Uint16Array(n);

    let evOut: Uint16Array = new Uint16Array(1024);
    let metaOut: Uint8Array = new Uint8Array(1024);
    let entries = 0;
    let cells = 0;
    const counts = new Int32Array(K);
    const next = new Int32Array(K);
    const k = topology.networkPorts;
    const path = new Int32Array(8);
    for (let d = 0; d < n; d++) {
      this.listStart[d] = entries;
      this.metaStart[d] = cells;
      if (d === srcSwitch) continue;
      const shape = topology.cellShape(srcSwitch, d);
      this.size1[d] = shape.size1;
      this.split[d] = shape.split;
      this.stride[d] = shape.stride;
      const nCells = shape.split * shape.stride + (shape.size1 - shape.split);
      while (cells + nCells > metaOut.length) metaOut = grow8(metaOut);
      const m0 = cells;
      metaOut.fill(META_NO_PATH, m0, m0 + nCells);
      counts.fill(0);
      for (let e1 = 0; e1 < shape.size1; e1++) {
        const j1 = topology.ecmp1Port(srcSwitch, d, e1);
        const n1 = topology.neighbour[srcSwitch * k + j1];
        const in1 = topology.backPort[srcSwitch * k + j1];
        const expands = e1 < shape.split;
        const size2 = n1 === d ? 0 : topology.ecmp2Size(n1, in1, d);
        if (expands ? size2 !== shape.stride && n1 !== d : size2 !== 0) {
          throw new Error(`${topology.describe()}: ECMP 2 table of ${n1} does not match the cell shape`);
        }
        const e2End = size2 === 0 ? 1 : size2;
        for (let e2 = 0; e2 < e2End; e2++) {
          path[0] = srcSwitch;
          path[1] = n1;
          let len = 2;
          let local = topology.global[srcSwitch * k + j1] === 1 ? 0 : 1;
          let global = 1 - local;
          let cur = n1;
          if (size2 > 0) {
            const j2 = topology.ecmp2Port(n1, in1, d, e2);
            cur = topology.neighbour[n1 * k + j2];
            if (topology.global[n1 * k + j2] === 1) global++;
            else local++;
            if (cur === srcSwitch) continue;
            path[len++] = cur;
          }
          let simple = true;
          while (cur !== d) {
            const j = topology.minimalPort(cur, d);
            if (topology.global[cur * k + j] === 1) global++;
            else local++;
            cur = topology.neighbour[cur * k + j];
            for (let i = 0; i < len; i++) if (path[i] === cur) simple = false;
            if (!simple || len === path.length) break;
            path[len++] = cur;
          }
          if (!simple || cur !== d) continue;
          const c = local < 8 && global < 8 ? classOf[local * 8 + global] : -1;
          if (c < 0) throw new Error(`${topology.describe()}: path with ${local} local and ${global} global hops is not in Table I`);
          const cell = expands ? e1 * shape.stride + e2 : shape.split * shape.stride + (e1 - shape.split);
          metaOut[m0 + cell] = c;
          counts[c]++;
        }
      }
      // Counting sort by class; within a class, cell order is EV order.
      let total = 0;
      for (let c = 0; c < K; c++) total += counts[c];
      let keep = cap > 0 && cap < total ? cap : total;
      while (entries + keep > evOut.length) evOut = grow16(evOut);
      let acc = 0;
      for (let c = 0; c < K; c++) {
        next[c] = acc;
        const inList = Math.min(counts[c], Math.max(0, keep - acc));
        acc += inList;
        this.classEnd[d * K + c] = acc;
      }
      for (let e1 = 0; e1 < shape.size1; e1++) {
        const e2End = e1 < shape.split ? shape.stride : 1;
        for (let e2 = 0; e2 < e2End; e2++) {
          const cell = e1 < shape.split ? e1 * shape.stride + e2 : shape.split * shape.stride + (e1 - shape.split);
          const c = metaOut[m0 + cell];
          if (c === META_NO_PATH) continue;
          const pos = next[c];
          if (pos < this.classEnd[d * K + c]) {
            evOut[entries + pos] = (e1 << 8) | e2;
            next[c] = pos + 1;
          } else {
            metaOut[m0 + cell] = META_NO_PATH; // beyond maxPathsPerDestination
          }
        }
      }
      keep = acc;
      entries += keep;
      cells += nCells;
    }
    this.listStart[n] = entries;
    this.metaStart[n] = cells;
    this.ev = evOut.slice(0, entries);
    this.meta = metaOut.slice(0, cells);
    this.entries = entries;
    this.cells = cells;
  }

  /** Paths to destination switch d. */
  pathCount(d: number): number {
    return this.listStart[d + 1] - this.listStart[d];
  }

  /** Paths of one Table I type (local, global hops) to d, or summed over all destinations (d = −1). */
  pathsOfType(d: number, localHops: number, globalHops: number): number {
    const K = this.classCount;
    let c = 0;
    while (c < K && !(this.classLocal[c] === localHops && this.classGlobal[c] === globalHops)) c++;
    if (c === K) return 0;
    const from = d < 0 ? 0 : d;
    const to = d < 0 ? this.topology.switches : d + 1;
    let sum = 0;
    for (let x = from; x < to; x++) {
      const end = this.classEnd[x * K + c];
      const start = c === 0 ? 0 : this.classEnd[x * K + c - 1];
      sum += end - start;
    }
    return sum;
  }

  /** The most paths to any one destination (Fig. 3's "Paths"). */
  get maxPaths(): number {
    let m = 0;
    for (let d = 0; d < this.topology.switches; d++) m = Math.max(m, this.pathCount(d));
    return m;
  }

  /** Latency class of the i-th entry to d. */
  classOfEntry(d: number, i: number): number {
    const K = this.classCount;
    let c = 0;
    while (i >= this.classEnd[d * K + c]) c++;
    return c;
  }

  /** Latency of a class in ns. */
  classLatencyNs(c: number): number {
    return this.classLatencyPs[c] / 1000;
  }

  /** The metadata cell of an EV to d, or −1 when the EV is outside d's ECMP tables. */
  cellOf(d: number, ev: number): number {
    const e1 = ev >>> 8;
    const e2 = ev & 0xff;
    const split = this.split[d];
    const stride = this.stride[d];
    if (!(ev >= 0 && ev <= 0xffff && e1 < this.size1[d])) return -1;
    if (e1 < split) return e2 < stride ? e1 * stride + e2 : -1;
    return e2 === 0 ? split * stride + (e1 - split) : -1;
  }

  /** Fig. 3's figure: 16 + 8 bits per EV entry. */
  get paperBytes(): number {
    return 3 * this.entries;
  }

  /** What this table stores for its entries: the EV list plus one metadata byte per cell. */
  get entryBytes(): number {
    return this.ev.byteLength + this.meta.byteLength;
  }

  /** The per-destination index: listStart, metaStart, classEnd and the cell shapes. */
  get indexBytes(): number {
    return (
      this.listStart.byteLength +
      this.metaStart.byteLength +
      this.classEnd.byteLength +
      this.size1.byteLength +
      this.split.byteLength +
      this.stride.byteLength
    );
  }

  /** Everything the table holds per source endpoint (compare Fig. 3). */
  get memoryBytes(): number {
    return this.entryBytes + this.indexBytes;
  }

  /**
   * Clears every ECN count, block and down mark (construction state of the metadata). A path a
   * Spritz instance marked down (setPathAvailable) holds 15 in its low nibble too (spritz.ts), so
   * the class of every listed path is written again from the list. The instance's own records
   * (its list of blocked cells, its counts of blocked and down paths) do not follow: reset a table
   * between runs, before a new instance takes it.
   */
  resetMetadata(): void {
    for (let i = 0; i < this.meta.length; i++) this.meta[i] &= 0x0f;
    for (let d = 0; d < this.topology.switches; d++) {
      const start = this.listStart[d];
      const n = this.listStart[d + 1] - start;
      for (let i = 0; i < n; i++) this.meta[this.metaStart[d] + this.cellOf(d, this.ev[start + i])] = this.classOfEntry(d, i);
    }
  }
}

function grow16(a: Uint16Array): Uint16Array {
  const b = new Uint16Array(a.length * 2);
  b.set(a);
  return b;
}

function grow8(a: Uint8Array): Uint8Array {
  const b = new Uint8Array(a.length * 2);
  b.set(a);
  return b;
}
