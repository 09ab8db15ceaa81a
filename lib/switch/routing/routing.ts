// Switch routing decisions: ECMP over a candidate set, Spritz's source-guided roles (fine-grained
// EV control and the VLAN-category mode), adaptive least-occupied, Valiant and UGAL-L.
//
// Read first:
//   Spritz (Bonato et al.) §II-A (ECMP, adaptive, minimal, Valiant, UGAL-L), §III-A (roles, table
//     choice, EV1/EV2, identity hash modulo the table), §III-B (routing process, Dragonfly
//     same-group rules), §III-D (VLAN categories, empty tag, clearing), §V-A (UGAL-L rule
//     q_min·h_min ≤ q_val·h_val; Valiant sampled uniformly and independently at each switch).
//   DCP §5: adaptive routing picks the egress with the lowest queue length.
//   notes/uec-htsim-reference.md §7: ECMP = hash(flow, entropy, per-switch salt) over the uplinks.
//
// A slot is one switch: its salt, its group (Dragonfly) and its own generator. The candidate
// egress sets are the caller's data: three parallel Int32Arrays (port, queued bytes, hop count of
// the path behind that port), read at [offset, offset + count). A table owns a set of
// `maxCandidates` entries, or reads the caller's arrays after bindCandidates(); either way a
// decision copies nothing and returns a port number.
//
// Index rules (part of the conformance contract):
//   hash pick      ⌊u·n / 2^32⌋ with u = hash3(flowHash, ev, salt) >>> 0 (lib/core hash3), the
//                  multiply-shift map that is uniform like u mod n and needs no division.
//   identity pick  EV1 mod n (ECMP 1) or EV2 mod n (ECMP 2); EV1 = ev >>> 8, EV2 = ev & 0xff.
//   random pick    ⌊u·n / 2^32⌋ with u the switch's next splitmix32 word (x += 0x9e3779b9,
//                  u = fmix32(x)); the state starts at hash3(seed, switch, 0x5a17) on every
//                  open, an open switch's too.
//   tie draw       ⌊u·t / 2^32⌋ = k over the t candidates tied at the minimum: the k-th of them
//                  in candidate order.
//
// Spritz roles follow lib/lb/spritz's numbering contract (the first switch, hop 0, is ECMP 1;
// the second, hop 1, is ECMP 2 when it has a table; the destination switch delivers); this module
// decides the role and the table, the caller supplies the table's entries.
//
// leastOccupied, ugal and the private helpers are arrow-function fields: they stay calls from a
// caller's loop (the scan is too big to inline), and an arrow's code is compiled against this
// table as a constant (lib/README.md, "Helpers that stay calls"): leastOccupied 971 → 818
// instructions per decision over 16 candidates, ugal 444 → 373 (the counts recounted with the
// fixed counter, as the README gives them).

import { E_ARG } from "../../core/errors";
import { hash3, mix32 } from "../../core/rng";
import { resolveParams, rule } from "../../core/params";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";

/** Per switch: 12 B of columns + 8 B of counters + the open flag = 21 B. */
const LAYOUT = {
  salt: "i32",
  group: "i32", // Dragonfly group of the switch (−1: none)
  rng: "i32", // splitmix32 state
  ugalMinimal: "u32", // UGAL-L decisions taken minimal
  ugalValiant: "u32", // … and non-minimal
} as const;

/** Spritz roles (return of spritzRole). */
const enum Role {
  None = 0,
  Ecmp1 = 1,
  Ecmp2 = 2,
  Intermediate = 3,
}

/** Which table the caller should take the candidates from (out.table). */
const enum T {
  Default = 0,
  Ecmp1 = 1,
  Ecmp1Local = 2,
  Ecmp2 = 3,
}

const enum O {
  Table = 0,
  ClearVlan = 1,
  Minimal = 2,
  QMin = 3,
  QVal = 4,
  Ties = 5,
}

const enum K {
  Weyl = 0x9e3779b9,
  TwoTo32 = 4294967296,
  MaxHop = 255,
}

/** A switch's Spritz role for a packet (spritzRole; §III-A/B): NONE, ECMP1 (hashes EV1), ECMP2 (hashes EV2), INTERMEDIATE. */
export const SPRITZ_NONE: number = Role.None;
export const SPRITZ_ECMP1: number = Role.Ecmp1;
export const SPRITZ_ECMP2: number = Role.Ecmp2;
export const SPRITZ_INTERMEDIATE: number = Role.Intermediate;
/** The default (minimal) forwarding table. */
export const TABLE_DEFAULT: number = T.Default;
/** ECMP 1's table (Dragonfly: all network ports; Slim Fly: all ports). */
export const TABLE_ECMP1: number = T.Ecmp1;
/** Dragonfly ECMP 1 when source and destination share the group: the local ports (§III-B). */
export const TABLE_ECMP1_LOCAL: number = T.Ecmp1Local;
/** ECMP 2's table (Dragonfly: the global ports; Slim Fly: all ports but the arrival one). */
export const TABLE_ECMP2: number = T.Ecmp2;

export type RouterTopology = "dragonfly" | "slimfly" | "other";
export type SpritzMode = "fine" | "vlan";

export interface RouterParams {
  /** Dragonfly enables Spritz's same-group rules (§III-B); other topologies route without groups. Default `other`. */
  topology: RouterTopology;
  /** `fine`: identity hash on EV1/EV2 (§III-A); `vlan`: the VLAN category picks the table and the EV is hashed (§III-D). Default `fine`. */
  spritzMode: SpritzMode;
  /** Size of the table's own candidate arrays, and the most candidates one adaptive or UGAL-L pick may weigh. Default 256. */
  maxCandidates: number;
  /** Least-occupied ties: `random` (uniform, one draw; DCP's simulator) or `first` (lowest index). Default `random`. */
  tieBreak: "random" | "first";
  /**
   * Any integer, taken as seed | 0: each switch's generator starts at hash3(seed, slot, 0x5a17)
   * when it opens (then a Weyl step and mix32 per draw): valiant's next hop, UGAL-L's valiant
   * candidate and the `random` tie-break of least-occupied picks. Default 1.
   */
  seed: number;
}

export type RouterParamsInput = Partial<RouterParams>;

/** @throws RangeError for an unknown name or a value out of range. */
export function resolveRouterParams(input: RouterParamsInput = {}): RouterParams {
  const defaults: RouterParams = { topology: "other", spritzMode: "fine", maxCandidates: 256, tieBreak: "random", seed: 1 };
  return resolveParams("Router", defaults, input, {
    topology: rule.oneOf("dragonfly", "slimfly", "other"),
    spritzMode: rule.oneOf("fine", "vlan"),
    tieBreak: rule.oneOf("random", "first"),
    maxCandidates: rule.int(1, 1 << 20),
    seed: rule.int(),
  });
}

export class Router extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "salt", "group"],
    close: ["slot"],
    setCandidate: ["index", "port", "queueBytes", "hops"],
    ecmp: ["slot", "flowHash", "ev", "offset", "count"],
    spritzRole: ["slot", "hop", "dstGroup", "inGlobal", "atDestination", "vlan"],
    spritzSelect: ["slot", "role", "ev", "flowHash", "offset", "count"],
    leastOccupied: ["slot", "offset", "count"],
    valiant: ["slot", "offset", "count"],
    ugal: ["slot", "minOffset", "minCount", "valOffset", "valCount"],
    ugalChoose: ["slot", "qMin", "hMin", "qVal", "hVal"],
  };
  /**
   * table: TABLE_* for spritzRole; clearVlan: 1 when the switch must clear the VLAN tag;
   * minimal, qMin, qVal: the last UGAL-L comparison; ties: candidates tied at the minimum in the
   * last least-occupied pick.
   */
  static readonly outFields = ["table", "clearVlan", "minimal", "qMin", "qVal", "ties"] as const;

  readonly params: Readonly<RouterParams>;
  /**
   * Results beside the return, in outFields order: table (TABLE_*) and clearVlan (1: clear the
   * VLAN tag) from spritzRole; minimal, qMin, qVal from ugal and ugalChoose; ties from
   * leastOccupied and ugal. A refused call writes none.
   */
  readonly out: Int32Array = offHeap(Int32Array, 6);
  /** Candidate egress ports, their queued bytes and the hop count of the path behind them. */
  candPort: Int32Array;
  /** Queued bytes of each candidate port (setCandidate, or the array bindCandidates gave). */
  candQueue: Int32Array;
  /** Hops of the path behind each candidate port (ugal's h_min and h_val). */
  candHops: Int32Array;

  /** Scratch: indices tied at the minimum during one least-occupied pick. */
  private readonly tied: Int32Array;
  private readonly maxCand: number;
  private readonly saltCol = this.col.salt;
  private readonly groupCol = this.col.group;
  private readonly rngCol = this.col.rng;
  private readonly ugalMinCol = this.col.ugalMinimal;
  private readonly ugalValCol = this.col.ugalValiant;
  private readonly dragonfly: number;
  private readonly vlanMode: number;
  private readonly randomTies: number;
  private readonly seed: number;

  /** `capacity` is the number of switches. */
  constructor(params: RouterParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveRouterParams(params);
    this.params = Object.freeze(p);
    this.candPort = offHeap(Int32Array, p.maxCandidates);
    this.candQueue = offHeap(Int32Array, p.maxCandidates);
    this.candHops = offHeap(Int32Array, p.maxCandidates);
    this.tied = offHeap(Int32Array, p.maxCandidates);
    this.maxCand = p.maxCandidates;
    this.dragonfly = p.topology === "dragonfly" ? 1 : 0;
    this.vlanMode = p.spritzMode === "vlan" ? 1 : 0;
    this.randomTies = p.tieBreak === "random" ? 1 : 0;
    this.seed = p.seed | 0;
  }

  /**
   * Opens a switch with its ECMP salt (int32 or uint32) and its Dragonfly group (−1..2^31 − 1,
   * −1 if none). An open switch starts afresh: salt, group, UGAL-L counters and generator.
   * @throws RangeError for a bad slot, salt or group (counted).
   */
  open(slot: number, salt: number, group: number): void {
    // Both are stored in int32 columns: a group of 2^32 would read as group 0 (another switch's
    // group, which turns on Spritz's local table, §III-B), and salts 2^32 apart would collide.
    if (!(((salt | 0) === salt || salt >>> 0 === salt) && (group | 0) === group && group >= -1)) {
      this.errors++;
      throw new RangeError("Router.open: salt must be a 32-bit integer and group an int32 ≥ −1");
    }
    // §III-B's same-group rule compares this group with the destination's: −1 ("none", outside
    // Dragonfly) would match a destination whose group is none too (review, 2026-12-02).
    if (this.dragonfly !== 0 && group < 0) {
      this.errors++;
      throw new RangeError("Router.open: a Dragonfly switch needs its group (≥ 0)");
    }
    this.openSlot(slot);
    this.saltCol[slot] = salt | 0;
    this.groupCol[slot] = group;
    this.rngCol[slot] = hash3(this.seed, slot, 0x5a17);
  }

  /**
   * Reads candidates from the caller's arrays from now on (e.g. the fabric's routing tables,
   * addressed by offset and count). The three arrays must have the same length.
   * @throws RangeError when they do not (counted; the arrays bound before stay).
   */
  bindCandidates(ports: Int32Array, queueBytes: Int32Array, hops: Int32Array): void {
    if (!(ports.length === queueBytes.length && ports.length === hops.length && ports.length > 0)) {
      this.errors++;
      throw new RangeError("Router.bindCandidates: three non-empty arrays of one length");
    }
    this.candPort = ports;
    this.candQueue = queueBytes;
    this.candHops = hops;
  }

  /**
   * Writes candidate `index` (for callers without arrays of their own, e.g. vectors). Returns 0,
   * or E_ARG (counted, nothing written) unless index is in 0..length − 1 of the candidate arrays,
   * port and queueBytes in 0..2^31 − 1 and hops in 0..255.
   */
  setCandidate(index: number, port: number, queueBytes: number, hops: number): number {
    if (!(isInt(index, 0, this.candPort.length - 1) && isInt(port, 0, 0x7fffffff) && isInt(queueBytes, 0, 0x7fffffff) && isInt(hops, 0, 255))) {
      return this.fail(E_ARG);
    }
    this.candPort[index] = port;
    this.candQueue[index] = queueBytes;
    this.candHops[index] = hops;
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers: each returns a port (≥ 0) or E_SLOT / E_ARG.

  /** ECMP: the candidate at ⌊hash3(flowHash, ev, salt)·n / 2^32⌋ (htsim: hash of flow, entropy, salt). */
  ecmp(slot: number, flowHash: number, ev: number, offset: number, count: number): number {
    if (!(this.live[slot] === 1 && (flowHash | 0) === flowHash && (ev | 0) === ev && this.inRange(offset, count))) return this.reject(slot);
    return this.candPort[offset + this.hashIndex(slot, flowHash, ev, count)];
  }

  /**
   * Spritz §III-A/B role detection for a packet that has crossed `hop` switches before this one
   * (0 at the source's switch), bound for a switch in `dstGroup`, that arrived over a global
   * link (`inGlobal`). Returns SPRITZ_*; out.table says which table to take candidates from and
   * out.clearVlan whether to clear the VLAN tag (VLAN mode; `vlan` 0 is the empty tag).
   *   destination switch, or VLAN mode with an empty tag → none, default table
   *   hop 0 → ECMP 1; Dragonfly with the destination in this group → its local table
   *   hop 1 → ECMP 2; Dragonfly: default table when the destination is in this group or the
   *           packet came over a global link (it is already in its one intermediate group)
   *   hop 2 → intermediate location, default table; hops 3..255 → none, default table
   * The tag is cleared by the last switch that steers: ECMP 2, or ECMP 1 when ECMP 2 will not.
   * E_ARG for a hop outside 0..255, a dstGroup outside −1..2^31 − 1 or a vlan outside 0..4095
   * (a 12-bit VLAN ID; checked in fine mode too).
   */
  spritzRole(slot: number, hop: number, dstGroup: number, inGlobal: boolean, atDestination: boolean, vlan: number): number {
    if (!(this.live[slot] === 1 && isInt(hop, 0, K.MaxHop) && (dstGroup | 0) === dstGroup && dstGroup >= -1 && isInt(vlan, 0, 4095))) {
      return this.reject(slot);
    }
    const out = this.out;
    out[O.Table] = T.Default;
    out[O.ClearVlan] = 0;
    if (atDestination || (this.vlanMode !== 0 && vlan === 0) || hop > 2) return Role.None;
    if (hop === 2) return Role.Intermediate;
    const sameGroup = this.dragonfly !== 0 && this.groupCol[slot] === dstGroup;
    if (hop === 0) {
      out[O.Table] = sameGroup ? T.Ecmp1Local : T.Ecmp1;
      out[O.ClearVlan] = this.vlanMode !== 0 && sameGroup ? 1 : 0;
      return Role.Ecmp1;
    }
    if (!(sameGroup || (this.dragonfly !== 0 && inGlobal))) out[O.Table] = T.Ecmp2;
    out[O.ClearVlan] = this.vlanMode;
    return Role.Ecmp2;
  }

  /**
   * The port a Spritz switch takes from the candidates of the table spritzRole named: ECMP 1
   * EV1 mod n, ECMP 2 EV2 mod n (fine mode, identity hash); in VLAN mode the hash pick on
   * (flowHash, ev, salt); without a role (0) or as an intermediate switch (3), the first candidate (the default table's port).
   * E_ARG for a role outside 0..3 (SPRITZ_*), an EV outside 0..0xffff or a flowHash that is
   * not an int32.
   */
  spritzSelect(slot: number, role: number, ev: number, flowHash: number, offset: number, count: number): number {
    if (!(this.live[slot] === 1 && isInt(role, 0, 3) && isInt(ev, 0, 0xffff) && (flowHash | 0) === flowHash && this.inRange(offset, count))) {
      return this.reject(slot);
    }
    if (role === Role.None || role === Role.Intermediate) return this.candPort[offset];
    if (this.vlanMode !== 0) return this.candPort[offset + this.hashIndex(slot, flowHash, ev, count)];
    const evByte = role === Role.Ecmp1 ? ev >>> 8 : ev & 0xff;
    return this.candPort[offset + (evByte % count)];
  }

  /**
   * Adaptive routing (DCP §5; Spritz §II-A): the candidate with the fewest queued bytes. Of t > 1
   * tied candidates, tieBreak random takes the k-th in candidate order, k = ⌊u·t / 2^32⌋ (one
   * draw), tieBreak first the first. out.ties = t. count may not exceed maxCandidates, and the
   * candidates' queued bytes must be ≥ 0 (E_ARG; only bound arrays can hold a negative one).
   */
  readonly leastOccupied = (slot: number, offset: number, count: number): number => {
    if (!(this.live[slot] === 1 && this.inRange(offset, count) && count <= this.maxCand)) return this.reject(slot);
    const k = this.leastIndex(slot, offset, count);
    /* c8 ignore next -- negative queued bytes come only from bound arrays (setCandidate refuses them), which vectors cannot bind (unit tests do) */
    return k < 0 ? this.fail(E_ARG) : this.candPort[offset + k];
  };

  /** Valiant as Spritz §V-A implements it: a next hop sampled uniformly and independently at each switch. */
  valiant(slot: number, offset: number, count: number): number {
    if (!(this.live[slot] === 1 && this.inRange(offset, count))) return this.reject(slot);
    return this.candPort[offset + this.randomIndex(slot, count)];
  }

  /**
   * UGAL-L (Spritz §V-A): the least-occupied minimal candidate against a uniformly drawn valiant
   * candidate; minimal if q_min·h_min ≤ q_val·h_val with q the candidates' queued bytes and h
   * their path hop counts. out.minimal, out.qMin, out.qVal, out.ties. E_ARG, the draws put back,
   * for a negative queue in the minimal range or on the drawn valiant candidate, or a hop count
   * outside 0..255 on either compared candidate (only bound arrays can hold such values).
   */
  readonly ugal = (slot: number, minOffset: number, minCount: number, valOffset: number, valCount: number): number => {
    if (!(this.live[slot] === 1 && this.inRange(minOffset, minCount) && minCount <= this.maxCand && this.inRange(valOffset, valCount))) {
      return this.reject(slot);
    }
    const rng = this.rngCol[slot];
    const ties = this.out[O.Ties];
    const k = this.leastIndex(slot, minOffset, minCount);
    /* c8 ignore next -- negative queued bytes come only from bound arrays (setCandidate refuses them), which vectors cannot bind (unit tests do) */
    if (k < 0) return this.fail(E_ARG);
    const m = minOffset + k;
    const v = valOffset + this.randomIndex(slot, valCount);
    const qMin = this.candQueue[m];
    const qVal = this.candQueue[v];
    const hMin = this.candHops[m];
    const hVal = this.candHops[v];
    // The drawn valiant candidate and both hop counts are checked as ugalChoose checks them (one
    // test: qVal < 0, or a hop count with a bit at or above 2^8 set, negative ones included).
    /* c8 ignore next -- as above: only bound arrays can hold such values */
    if (((qVal >> 31) | ((hMin | hVal) >>> 8)) !== 0) return this.refuseDrawn(slot, rng, ties);
    this.out[O.QMin] = qMin;
    this.out[O.QVal] = qVal;
    // The comparison is as unpredictable as the queues, so the pick is arithmetic, not a branch.
    const minimal = this.decided(slot, +(qMin * hMin <= qVal * hVal));
    return this.candPort[v + ((m - v) & -minimal)];
  };

  /**
   * E_ARG for a UGAL-L call whose drawn candidates were bad: the draws and out.ties, which the
   * minimal pick wrote, are put back (DESIGN rule 7; review 2026-12-03: out.ties stayed written).
   */
  private readonly refuseDrawn = (slot: number, rng: number, ties: number): number => {
    this.rngCol[slot] = rng;
    this.out[O.Ties] = ties;
    return this.fail(E_ARG);
  };

  /**
   * The UGAL-L rule on given values: 1 (minimal) if qMin·hMin ≤ qVal·hVal, else 0 (valiant).
   * Writes out.minimal, out.qMin, out.qVal. E_ARG unless the queues are in 0..2^31 − 1 and the
   * hop counts in 0..255.
   */
  ugalChoose(slot: number, qMin: number, hMin: number, qVal: number, hVal: number): number {
    if (!(this.live[slot] === 1 && isInt(qMin, 0, 0x7fffffff) && isInt(qVal, 0, 0x7fffffff) && isInt(hMin, 0, K.MaxHop) && isInt(hVal, 0, K.MaxHop))) {
      return this.reject(slot);
    }
    this.out[O.QMin] = qMin;
    this.out[O.QVal] = qVal;
    // Products below 2^39: exact in doubles.
    return this.decided(slot, +(qMin * hMin <= qVal * hVal));
  }

  // Readers

  /** The switch's ECMP hash salt as `open` stored it, an int32 (a salt of 2^31 or more reads as salt − 2^32); 0 when not open. */
  salt(slot: number): number {
    return this.isOpen(slot) ? this.saltCol[slot] : 0;
  }
  /** The switch's Dragonfly group as `open` gave it (−1: none); −1 when not open. */
  group(slot: number): number {
    return this.isOpen(slot) ? this.groupCol[slot] : -1;
  }
  /** UGAL-L decisions (`ugal`, `ugalChoose`) that took the minimal candidate since `open`; 0 when not open. */
  ugalMinimal(slot: number): number {
    return this.isOpen(slot) ? this.ugalMinCol[slot] : 0;
  }
  /** UGAL-L decisions that took the Valiant candidate since `open`; 0 when not open. */
  ugalValiant(slot: number): number {
    return this.isOpen(slot) ? this.ugalValCol[slot] : 0;
  }

  // Helpers

  /** Counts a UGAL-L decision, minimal 1 or 0, and returns it. */
  private readonly decided = (slot: number, minimal: number): number => {
    this.ugalMinCol[slot] += minimal;
    this.ugalValCol[slot] += 1 - minimal;
    this.out[O.Minimal] = minimal;
    return minimal;
  };

  /**
   * Index of the least queued candidate in [offset, offset + count), ties as configured: one pass
   * that keeps the indices tied at the running minimum in a scratch array, then one draw among
   * them (the caller checked count ≤ maxCandidates, the scratch size). Returns −1 when a
   * candidate's queued bytes are negative.
   *
   * The pass has no branch: with live occupancies `x < min` is as good as a coin toss, and the
   * mispredictions cost more than the scan (bench: 16 candidates). With every x in [0, 2^31)
   * the difference x − min fits in 32 bits, so its sign bit is the comparison; `all` collects the
   * sign bits to prove that precondition after the fact.
   */
  private readonly leastIndex = (slot: number, offset: number, count: number): number => {
    const q = this.candQueue;
    const tied = this.tied;
    const end = offset + count;
    let min = q[offset];
    let all = min;
    let n = 1;
    tied[0] = offset;
    for (let i = offset + 1; i < end; i++) {
      const x = q[i];
      const d = x - min;
      const below = d >> 31; // −1 when x < min, else 0
      all |= x;
      n &= ~below; // a new minimum starts the tie list again
      tied[n] = i; // kept only if counted next
      n += (below | +(d === 0)) & 1;
      min += d & below;
    }
    /* c8 ignore next -- negative queued bytes come only from bound arrays (setCandidate refuses them), which vectors cannot bind (unit tests do) */
    if (all < 0) return -1;
    this.out[O.Ties] = n;
    return (n === 1 || this.randomTies === 0 ? tied[0] : tied[this.randomIndex(slot, n)]) - offset;
  };

  private readonly hashIndex = (slot: number, flowHash: number, ev: number, count: number): number => {
    const u = hash3(flowHash, ev, this.saltCol[slot]) >>> 0;
    return ((u * count) / K.TwoTo32) | 0; // in [0, count), count ≤ 2^20: `| 0` floors it
  };

  private readonly randomIndex = (slot: number, count: number): number => {
    const x = (this.rngCol[slot] + K.Weyl) | 0;
    this.rngCol[slot] = x;
    return (((mix32(x) >>> 0) * count) / K.TwoTo32) | 0;
  };

  /** offset and count select a non-empty range of the candidate arrays; count ≤ 2^20 keeps u·n exact. */
  private readonly inRange = (offset: number, count: number): boolean => {
    return (offset | 0) === offset && (count | 0) === count && offset >= 0 && count >= 1 && count <= 1048576 && offset + count <= this.candPort.length;
  };
}

function isInt(x: number, lo: number, hi: number): boolean {
  return (x | 0) === x && x >= lo && x <= hi;
}
