// Dragonfly and Slim Fly as built by nicfw: the switch and port numbering, the default minimal
// routes, and the per-role ECMP candidate tables of Spritz's source-guided adaptive routing.
// Construction time only (allocation allowed). The virtual fabric builds its networks with these
// same classes, so an EV the endpoint table (table.ts) issues takes, in the fabric, exactly the
// path the table recorded for it.
//
// Sources: Spritz (arXiv, Bonato et al.) §III, §III-A, §III-B, Fig. 2, Table I; Dragonfly: Kim,
// Dally, Scott, Abts, ISCA'08 §3 (p, a, h; g = a·h + 1 groups, all-to-all inside a group and
// one global link between every pair of groups); Slim Fly: Besta and Hoefler, SC'14 §II-B (MMS
// graph of a prime power q = 4w + δ, δ ∈ {−1, 0, 1}).
//
// Numbering convention (the contract with the fabric; README.md "Numbering" states it too):
// - Switch s has endpoint ports 0 … p−1 (endpoint e = s·p + port) followed by its network
//   ports: switch port p + j is network port j. "Port" below always means a network port.
// - Dragonfly: switch id = G·a + i (group G in [0, g), index i in [0, a)). Ports 0 … a−2 are local:
//   port j leads to switch i' = j if j < i, else j + 1 (the other switches of the group in
//   increasing order). Ports a−1 … a−2+h are global: global port k of switch i is the group-level
//   link number c = i·h + k, which leads to group (G + c + 1) mod g and arrives there on link
//   number g − 2 − c (the "consecutive" or palm-tree arrangement; it pairs every two groups once).
// - Slim Fly: switch (0, x, y) has id x·q + y and (1, m, c) has id q² + m·q + c, with field
//   elements numbered as in gf.ts. Ports 0 … |X|−1 are local: port j of (0, x, y) leads to
//   (0, x, y + X_j), of (1, m, c) to (1, m, c + X'_j), X_j being the j-th element of the generator
//   set in increasing integer order. Ports |X| … |X|+q−1 are global: port |X| + m of (0, x, y)
//   leads to (1, m, y − m·x); port |X| + x of (1, m, c) leads to (0, x, m·x + c). "Local" links
//   stay inside one column (0, x, ·) or (1, m, ·); "global" links join the two halves.
// - Default forwarding (switches without a Spritz role, §III-B): the minimal route; where several
//   next hops are minimal (Slim Fly only), the lowest port index.
// - ECMP roles (§III-A, §III-B): the first switch of a packet (hop count 0) is ECMP 1 and picks
//   candidates[EV1 mod n]; the second (hop count 1) is ECMP 2 and picks candidates[EV2 mod n] when
//   it has a table for this packet, else it forwards by default; later switches forward by
//   default. The destination switch always delivers. Candidate tables are lists of ports in
//   increasing order:
//     Dragonfly ECMP 1: destination in the own group → the local ports; otherwise all ports.
//     Dragonfly ECMP 2: a packet that arrived on a local port and leaves the group → the global
//       ports; otherwise (arrived on a global port, or destination in this group) default.
//     Slim Fly ECMP 1: all ports. ECMP 2: all ports except the one the packet arrived on.
//   These tables reach exactly the bounded simple paths of Table I (Dragonfly: minimal, or minimal
//   to one intermediate group and minimal from there; Slim Fly: two free hops, then minimal).

import { GaloisField } from "./gf";

export type TopologyKind = "dragonfly" | "slimfly";

/** The Table I path types of a topology as [local hops, global hops], in Table I order. */
export const DRAGONFLY_PATH_TYPES: readonly (readonly [number, number])[] = frozenTypes([
  [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2], [3, 2],
]);
export const SLIMFLY_PATH_TYPES: readonly (readonly [number, number])[] = frozenTypes([
  [1, 0], [2, 0], [0, 1], [1, 1], [0, 2], [3, 0], [4, 0], [2, 1], [3, 1], [1, 2], [2, 2], [0, 3], [1, 3], [0, 4],
]);

/** Exported tables are frozen, their rows too: a caller cannot change the module's paths. */
function frozenTypes(types: [number, number][]): readonly (readonly [number, number])[] {
  return Object.freeze(types.map((t) => Object.freeze(t)));
}

/** A switch network with uniform network radix, the numbering above and Spritz switch roles. */
export abstract class LowDiameterTopology {
  abstract readonly kind: TopologyKind;
  readonly switches: number;
  /** p: endpoints attached to each switch. */
  readonly endpointsPerSwitch: number;
  /** Network ports per switch (switch-to-switch links). */
  readonly networkPorts: number;
  /** neighbour[s × networkPorts + j]: the switch behind port j of s. */
  readonly neighbour: Int32Array;
  /** backPort[s × networkPorts + j]: the port of that neighbour that leads back to s. */
  readonly backPort: Int32Array;
  /** global[s × networkPorts + j]: 1 for a global link, 0 for a local one. */
  readonly global: Uint8Array;

  protected constructor(switches: number, endpointsPerSwitch: number, networkPorts: number) {
    this.switches = switches;
    this.endpointsPerSwitch = endpointsPerSwitch;
    this.networkPorts = networkPorts;
    this.neighbour = new Int32Array(switches * networkPorts);
    this.backPort = new Int32Array(switches * networkPorts);
    this.global = new Uint8Array(switches * networkPorts);
  }

  get endpoints(): number {
    return this.switches * this.endpointsPerSwitch;
  }

  /** The switch an endpoint hangs off. */
  switchOf(endpoint: number): number {
    return Math.floor(endpoint / this.endpointsPerSwitch);
  }

  neighbourOf(sw: number, port: number): number {
    return this.neighbour[sw * this.networkPorts + port];
  }

  isGlobal(sw: number, port: number): boolean {
    return this.global[sw * this.networkPorts + port] === 1;
  }

  /** The port of `sw` that leads to `other`, or −1 when they are not neighbours. */
  abstract portTo(sw: number, other: number): number;

  /** The default forwarding table: the port of the minimal next hop, −1 at the destination. */
  abstract minimalPort(sw: number, dst: number): number;

  /** Switch-to-switch hops of the minimal route from `sw` to `dst` (0 for the same switch). */
  minimalHops(sw: number, dst: number): number {
    let hops = 0;
    for (let at = sw; at !== dst; hops++) at = this.neighbour[at * this.networkPorts + this.minimalPort(at, dst)];
    return hops;
  }

  /** Size of the ECMP 1 candidate table at `sw` for a packet to `dst`. */
  abstract ecmp1Size(sw: number, dst: number): number;

  /** ECMP 1 candidate tables are the ports 0 … size−1, so index i is port i. */
  ecmp1Port(sw: number, dst: number, ev1: number): number {
    return ev1 % this.ecmp1Size(sw, dst);
  }

  /** Size of the ECMP 2 table at `sw` for a packet that arrived on `inPort`; 0: forward by default. */
  abstract ecmp2Size(sw: number, inPort: number, dst: number): number;

  /** The port ECMP 2 picks for EV2 (only when ecmp2Size > 0). */
  abstract ecmp2Port(sw: number, inPort: number, dst: number, ev2: number): number;

  /**
   * How the endpoint table lays out the metadata cells of one destination (table.ts): EV1 values
   * below `split` take an ECMP 2 table of `stride` entries (cell EV1·stride + EV2), the others
   * forward by default after the first hop (cell split·stride + EV1 − split, EV2 = 0).
   */
  abstract cellShape(src: number, dst: number): { size1: number; split: number; stride: number };

  /** A short description for reports. */
  abstract describe(): string;

  protected link(sw: number, port: number, other: number, otherPort: number, isGlobal: boolean): void {
    const i = sw * this.networkPorts + port;
    this.neighbour[i] = other;
    this.backPort[i] = otherPort;
    this.global[i] = isGlobal ? 1 : 0;
  }

  /** Checks that every link is symmetric; construction-time self test. */
  protected checkSymmetric(): void {
    const k = this.networkPorts;
    for (let s = 0; s < this.switches; s++) {
      for (let j = 0; j < k; j++) {
        const o = this.neighbour[s * k + j];
        const b = this.backPort[s * k + j];
        /* c8 ignore next -- self-check of the construction: every link is built in both directions */
        if (o === s || this.neighbour[o * k + b] !== s || this.backPort[o * k + b] !== j) {
          throw new Error(`${this.describe()}: link ${s}:${j} is not symmetric`);
        }
      }
    }
  }
}

/**
 * The one step of a switch in Spritz's fine-grained mode (§III-A Fig. 2): the network port a
 * packet to `dst` with entropy `ev` (EV1 << 8 | EV2) leaves `sw` by, after `hops` switch-to-switch
 * hops, having arrived on network port `inPort` (ignored when hops = 0). −1: deliver here.
 */
export function spritzNextPort(
  topo: LowDiameterTopology,
  sw: number,
  hops: number,
  inPort: number,
  dst: number,
  ev: number,
): number {
  if (sw === dst) return -1;
  if (hops === 0) return topo.ecmp1Port(sw, dst, (ev >>> 8) & 0xff);
  if (hops === 1 && topo.ecmp2Size(sw, inPort, dst) > 0) return topo.ecmp2Port(sw, inPort, dst, ev & 0xff);
  return topo.minimalPort(sw, dst);
}

export interface DragonflySpec {
  /** Endpoints per switch. */
  p: number;
  /** Switches per group. */
  a: number;
  /** Global links per switch. */
  h: number;
}

/** Dragonfly (p, a, h) with g = a·h + 1 groups, all-to-all groups, palm-tree global links. */
export class Dragonfly extends LowDiameterTopology {
  readonly kind = "dragonfly" as const;
  readonly p: number;
  readonly a: number;
  readonly h: number;
  /** Number of groups, a·h + 1. */
  readonly g: number;

  /** @throws RangeError for p < 1, a < 2, h < 1 or a network radix a − 1 + h above 256. */
  constructor(spec: DragonflySpec) {
    const { p, a, h } = spec;
    for (const [name, v, lo] of [["p", p, 1], ["a", a, 2], ["h", h, 1]] as const) {
      if (!(Number.isInteger(v) && v >= lo)) throw new RangeError(`Dragonfly: ${name} must be an integer ≥ ${lo}, got ${v}`);
    }
    if (a - 1 + h > 256) throw new RangeError("Dragonfly: a − 1 + h must be at most 256 (an 8-bit EV per ECMP role)");
    const g = a * h + 1;
    if (g * a > 65536) throw new RangeError("Dragonfly: at most 65536 switches");
    super(g * a, p, a - 1 + h);
    this.p = p;
    this.a = a;
    this.h = h;
    this.g = g;
    for (let G = 0; G < g; G++) {
      for (let i = 0; i < a; i++) {
        const s = G * a + i;
        for (let j = 0; j < a - 1; j++) {
          const other = j < i ? j : j + 1;
          this.link(s, j, G * a + other, i < other ? i : i - 1, false);
        }
        for (let k = 0; k < h; k++) {
          const c = i * h + k;
          const T = (G + c + 1) % g;
          const back = g - 2 - c;
          this.link(s, a - 1 + k, T * a + Math.floor(back / h), a - 1 + (back % h), true);
        }
      }
    }
    this.checkSymmetric();
  }

  describe(): string {
    return `Dragonfly p=${this.p} a=${this.a} h=${this.h} (${this.g} groups, ${this.switches} switches, ${this.endpoints} endpoints)`;
  }

  groupOf(sw: number): number {
    return Math.floor(sw / this.a);
  }

  /** The switch index inside group G that holds the global link to group T ≠ G. */
  exitIndex(G: number, T: number): number {
    return Math.floor((((T - G - 1) % this.g) + this.g) % this.g / this.h);
  }

  portTo(sw: number, other: number): number {
    const { a, h, g } = this;
    const G = Math.floor(sw / a);
    const i = sw - G * a;
    const T = Math.floor(other / a);
    const o = other - T * a;
    if (T === G) return o === i ? -1 : o < i ? o : o - 1;
    const c = (((T - G - 1) % g) + g) % g;
    if (Math.floor(c / h) !== i) return -1;
    const back = g - 2 - c;
    return Math.floor(back / h) === o ? a - 1 + (c % h) : -1;
  }

  minimalPort(sw: number, dst: number): number {
    /* c8 ignore next -- for outside callers: the table builder never asks for the switch itself */
    if (sw === dst) return -1;
    const { a, h, g } = this;
    const G = Math.floor(sw / a);
    const i = sw - G * a;
    const T = Math.floor(dst / a);
    if (T === G) {
      const o = dst - T * a;
      return o < i ? o : o - 1;
    }
    const c = (((T - G - 1) % g) + g) % g;
    const exit = Math.floor(c / h);
    if (exit === i) return a - 1 + (c % h);
    return exit < i ? exit : exit - 1;
  }

  ecmp1Size(sw: number, dst: number): number {
    return this.groupOf(sw) === this.groupOf(dst) ? this.a - 1 : this.networkPorts;
  }

  ecmp2Size(sw: number, inPort: number, dst: number): number {
    if (this.groupOf(sw) === this.groupOf(dst)) return 0;
    return inPort < this.a - 1 ? this.h : 0;
  }

  ecmp2Port(_sw: number, _inPort: number, _dst: number, ev2: number): number {
    return this.a - 1 + (ev2 % this.h);
  }

  cellShape(src: number, dst: number): { size1: number; split: number; stride: number } {
    if (this.groupOf(src) === this.groupOf(dst)) return { size1: this.a - 1, split: 0, stride: 1 };
    return { size1: this.networkPorts, split: this.a - 1, stride: this.h };
  }
}

export interface SlimFlySpec {
  /** Prime power q = 4w + δ, δ ∈ {−1, 0, 1}. */
  q: number;
  /** Endpoints per switch. */
  p: number;
}

/** Slim Fly: the MMS graph of GF(q) with 2q² switches of network radix (3q − δ)/2. */
export class SlimFly extends LowDiameterTopology {
  readonly kind = "slimfly" as const;
  readonly q: number;
  readonly p: number;
  readonly delta: number;
  readonly field: GaloisField;
  /** Generator sets in increasing integer order (Besta and Hoefler §II-B). */
  readonly X: readonly number[];
  readonly Xp: readonly number[];
  /** posX[d] = j when d = X_j, else −1 (likewise posXp). */
  private readonly posX: Int32Array;
  private readonly posXp: Int32Array;

  /** @throws RangeError unless q is a prime power ≥ 3 of the form 4w + δ and (3q − δ)/2 ≤ 256. */
  constructor(spec: SlimFlySpec) {
    const { q, p } = spec;
    if (!(Number.isInteger(p) && p >= 1)) throw new RangeError(`SlimFly: p must be an integer ≥ 1, got ${p}`);
    const field = new GaloisField(q);
    if (q < 3) throw new RangeError("SlimFly: q must be at least 3");
    const r = q % 4;
    const delta = r === 1 ? 1 : r === 0 ? 0 : r === 3 ? -1 : NaN;
    if (Number.isNaN(delta)) throw new RangeError(`SlimFly: q = ${q} is not of the form 4w + δ with δ ∈ {−1, 0, 1}`);
    const radix = (3 * q - delta) / 2;
    if (radix > 256) throw new RangeError("SlimFly: network radix (3q − δ)/2 must be at most 256");
    super(2 * q * q, p, radix);
    this.q = q;
    this.p = p;
    this.delta = delta;
    this.field = field;
    const w = (q - delta) / 4;
    const X: number[] = [];
    const Xp: number[] = [];
    const xi = (i: number) => field.pow(i);
    if (delta === 1) {
      // X = {1, ξ², …, ξ^(q−3)}, X' = {ξ, ξ³, …, ξ^(q−2)}
      for (let i = 0; i <= q - 3; i += 2) X.push(xi(i));
      for (let i = 1; i <= q - 2; i += 2) Xp.push(xi(i));
    } else if (delta === -1) {
      // X = {1, ξ², …, ξ^(2w−2)} ∪ {ξ^(2w−1), ξ^(2w+1), …, ξ^(4w−3)},
      // X' = {ξ, ξ³, …, ξ^(2w−1)} ∪ {ξ^(2w), ξ^(2w+2), …, ξ^(4w−2)}
      for (let i = 0; i <= 2 * w - 2; i += 2) X.push(xi(i));
      for (let i = 2 * w - 1; i <= 4 * w - 3; i += 2) X.push(xi(i));
      for (let i = 1; i <= 2 * w - 1; i += 2) Xp.push(xi(i));
      for (let i = 2 * w; i <= 4 * w - 2; i += 2) Xp.push(xi(i));
    } else {
      // X = {1, ξ², …, ξ^(q−2)}, X' = {ξ, ξ³, …, ξ^(q−1)}
      for (let i = 0; i <= q - 2; i += 2) X.push(xi(i));
      for (let i = 1; i <= q - 1; i += 2) Xp.push(xi(i));
    }
    X.sort((u, v) => u - v);
    Xp.sort((u, v) => u - v);
    const half = (q - delta) / 2;
    if (new Set(X).size !== half || new Set(Xp).size !== half) {
      throw new Error(`SlimFly q=${q}: generator sets have the wrong size`);
    }
    this.X = X;
    this.Xp = Xp;
    this.posX = new Int32Array(q).fill(-1);
    this.posXp = new Int32Array(q).fill(-1);
    X.forEach((v, j) => (this.posX[v] = j));
    Xp.forEach((v, j) => (this.posXp[v] = j));
    for (let x = 0; x < q; x++) {
      for (let y = 0; y < q; y++) {
        const s0 = x * q + y;
        for (let j = 0; j < half; j++) {
          const y2 = field.add(y, X[j]);
          this.link(s0, j, x * q + y2, this.posX[field.sub(y, y2)], false);
        }
        for (let m = 0; m < q; m++) {
          const c = field.sub(y, field.mul(m, x));
          this.link(s0, half + m, q * q + m * q + c, half + x, true);
        }
      }
    }
    for (let m = 0; m < q; m++) {
      for (let c = 0; c < q; c++) {
        const s1 = q * q + m * q + c;
        for (let j = 0; j < half; j++) {
          const c2 = field.add(c, Xp[j]);
          this.link(s1, j, q * q + m * q + c2, this.posXp[field.sub(c, c2)], false);
        }
        for (let x = 0; x < q; x++) {
          const y = field.add(field.mul(m, x), c);
          this.link(s1, half + x, x * q + y, half + m, true);
        }
      }
    }
    this.checkSymmetric();
  }

  describe(): string {
    return `Slim Fly q=${this.q} p=${this.p} (δ=${this.delta}, radix ${this.networkPorts}, ${this.switches} switches, ${this.endpoints} endpoints)`;
  }

  portTo(sw: number, other: number): number {
    const q = this.q;
    const qq = q * q;
    const f = this.field;
    const half = this.X.length;
    if (sw < qq) {
      const x = Math.floor(sw / q);
      const y = sw - x * q;
      if (other < qq) {
        const x2 = Math.floor(other / q);
        if (x2 !== x || other === sw) return -1;
        return this.posX[f.sub(other - x2 * q, y)];
      }
      const m = Math.floor((other - qq) / q);
      const c = other - qq - m * q;
      return f.add(f.mul(m, x), c) === y ? half + m : -1;
    }
    const m = Math.floor((sw - qq) / q);
    const c = sw - qq - m * q;
    if (other >= qq) {
      const m2 = Math.floor((other - qq) / q);
      if (m2 !== m || other === sw) return -1;
      return this.posXp[f.sub(other - qq - m2 * q, c)];
    }
    const x = Math.floor(other / q);
    const y = other - x * q;
    return f.add(f.mul(m, x), c) === y ? half + x : -1;
  }

  minimalPort(sw: number, dst: number): number {
    /* c8 ignore next -- for outside callers: the table builder never asks for the switch itself */
    if (sw === dst) return -1;
    const direct = this.portTo(sw, dst);
    if (direct >= 0) return direct;
    const k = this.networkPorts;
    for (let j = 0; j < k; j++) {
      if (this.portTo(this.neighbour[sw * k + j], dst) >= 0) return j;
    }
    /* c8 ignore next -- self-check: a Slim Fly's diameter is 2 */
    throw new Error(`${this.describe()}: switches ${sw} and ${dst} are more than two hops apart`);
  }

  ecmp1Size(): number {
    return this.networkPorts;
  }

  ecmp2Size(): number {
    return this.networkPorts - 1;
  }

  ecmp2Port(_sw: number, inPort: number, _dst: number, ev2: number): number {
    const i = ev2 % (this.networkPorts - 1);
    return i < inPort ? i : i + 1;
  }

  cellShape(): { size1: number; split: number; stride: number } {
    return { size1: this.networkPorts, split: this.networkPorts, stride: this.networkPorts - 1 };
  }
}
