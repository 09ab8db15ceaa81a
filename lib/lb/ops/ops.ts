// Oblivious packet spraying (OPS): a fresh EV per packet, whatever the feedback.
//
// Three modes:
//   uniform   — uniform over an EV set (REPS §2 "OPS"; Spritz §V-A "OPS (u)").
//   weighted  — each EV of a set drawn with probability ∝ its weight (Spritz §V-A "OPS (w)", with
//               the eq. (1) weights of the path list; WCMP-style). Sampled in O(1) with a Walker/Vose
//               alias table built at construction in integers, so P(EV_j) is s_j / (n × 2^16) where
//               s_j is the weight scaled to Q16 × n (rounded to nearest, the rounding residue moved
//               to the largest weight) — see buildAlias. That is exact for a uniform index below
//               n × 2^16; the index comes from one 32-bit word by multiply-shift (as nextBelow),
//               which moves each EV's probability by less than n / 2^32.
//   uec       — UEC 1.0 §3.6.16 oblivious spraying (notes/uec-nscc-reps-pds.md §2.4): an EV space of
//               typically 256, every EV used once in a pseudorandom order before any repeats, the
//               order re-randomised periodically. Each flow walks a keyed bijection of
//               [0, evCount) (evCount a power of two): three rounds of x = (x·m + b) mod 2^k,
//               x ^= x >> ⌈k/2⌉, with multipliers a, c, a (odd) — every step is a bijection, so
//               one cycle of i = 0 … evCount − 1 visits every EV once; the key (a, b, c) is redrawn
//               from the table's generator every `reshuffleCycles` cycles. (Distinct successive
//               differences mod 2^k for k = 8, out of 255, mean over 20000 random keys: one round
//               ~29, a few constant strides; two ~100; three ~143; a uniformly random permutation
//               255·(1 − (254/255)^255) ≈ 161.)
//
// EV sets: by default one implicit set, the EVs 0 … evCount − 1. `sets` replaces it with explicit
// lists (e.g. one Spritz endpoint-table list per destination switch); `open(slot, set)` picks the
// flow's set. Feedback changes nothing; it is only checked (an EV outside every set → E_STATE).

import { E_STATE } from "../../core/errors";
import { needParam, resolveParams, rule } from "../../core/params";
import { isPowerOfTwo } from "../../core/ring";
import { Xoshiro128 } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";

/** Per-flow state: set (2 B), UEC position and key (8 B), cycle count (1 B) + open flag = 12 B. */
const LAYOUT = {
  set: "u16",
  pos: "u16", // uec: index i in the current cycle
  keyA: "u16", // uec: odd multiplier
  keyB: "u16", // uec: offset
  keyC: "u16", // uec: odd multiplier
  cycles: "u8", // uec: cycles completed with the current key
} as const;

export type OpsMode = "uniform" | "weighted" | "uec";

export interface OpsSet {
  evs: readonly number[];
  /** Positive weights, one per EV (weighted mode); omitted: all equal. */
  weights?: readonly number[];
}

export interface OpsParams {
  /**
   * `uniform` (default; REPS §2, Spritz §V-A "OPS (u)"), `weighted` (Spritz §V-A "OPS (w)",
   * needs `sets` with weights) or `uec` (UEC 1.0 §3.6.16: each flow walks a keyed permutation of
   * a power-of-two evCount, no sets; head of ops.ts).
   */
  mode: OpsMode;
  /** Size of the implicit EV set 0 … evCount − 1 (uec default 256, otherwise 65536). */
  evCount: number;
  /** Explicit EV sets (uniform and weighted modes; uec takes none); when given, `evCount` is not used. */
  sets: readonly OpsSet[] | undefined;
  /** uec: cycles between reshuffles of a flow's order (default 1: every cycle). */
  reshuffleCycles: number;
  /**
   * Seed of the table's xoshiro128** generator (lib/core/rng.ts: seed | 0 through splitmix32, so
   * any integer, taken modulo 2^32): each packet's EV in the uniform and weighted modes, each
   * flow's permutation key (a, b, c) in uec. Default 1.
   */
  seed: number;
}

const enum K {
  Q16 = 65536,
}

export class Ops extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "set"],
    close: ["slot"],
    choosePath: ["slot", "nowNs", "psn"],
    onPathFeedback: ["slot", "nowNs", "ev", "kind"],
  };

  readonly params: Readonly<OpsParams>;
  private readonly setOf = this.col.set;
  private readonly pos = this.col.pos;
  private readonly keyA = this.col.keyA;
  private readonly keyB = this.col.keyB;
  private readonly keyC = this.col.keyC;
  private readonly cycles = this.col.cycles;
  private readonly rng: Xoshiro128;
  /** 0 uniform, 1 weighted, 2 uec (a number: V8 tests it in one compare). */
  private readonly modeId: number;
  private readonly implicit: number;
  private readonly evCount: number;
  private readonly mask: number;
  private readonly shift: number;
  private readonly reshuffle: number;
  /** Explicit sets: setStart[s] … setStart[s + 1] in evList/prob/alias. */
  private readonly setStart: Int32Array;
  private readonly evList: Uint16Array;
  /** Alias tables (weighted): keep column j with probability prob[j] / 2^16, else take alias[j]. */
  private readonly prob: Int32Array;
  private readonly alias: Int32Array;
  /** Bit i set when EV i is in some set (explicit sets) — for the feedback check. */
  private readonly member: Uint32Array;
  private readonly sets: number;

  /** @throws RangeError for an unknown parameter or a value out of range. */
  constructor(params: Partial<OpsParams> = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const uec = params.mode === "uec";
    const defaults: OpsParams = { mode: "uniform", evCount: uec ? 256 : 65536, sets: undefined, reshuffleCycles: 1, seed: 1 };
    const p = resolveParams("Ops", defaults, params, {
      mode: rule.oneOf("uniform", "weighted", "uec"),
      evCount: rule.int(1, 65536),
      reshuffleCycles: rule.int(1, 255),
      seed: rule.int(),
    });
    const { mode, evCount, sets, reshuffleCycles, seed } = p;
    needParam("Ops", !(mode === "uec" && !isPowerOfTwo(evCount)), "uec mode needs a power-of-two evCount");
    needParam("Ops", !(mode === "uec" && sets !== undefined), "uec mode sprays over 0 … evCount − 1; it takes no sets");
    needParam("Ops", !(mode === "weighted" && sets === undefined), "weighted mode needs sets with weights");
    this.params = Object.freeze(p);
    this.modeId = mode === "uniform" ? 0 : mode === "weighted" ? 1 : 2;
    this.evCount = evCount;
    this.mask = evCount - 1;
    const bits = Math.round(Math.log2(evCount));
    this.shift = (bits + 1) >> 1;
    this.reshuffle = reshuffleCycles;
    this.rng = new Xoshiro128(seed);
    this.implicit = sets === undefined ? 1 : 0;
    this.sets = sets === undefined ? 1 : sets.length;
    const list: number[] = [];
    const starts = [0];
    const probs: number[] = [];
    const aliases: number[] = [];
    this.member = new Uint32Array(2048);
    if (sets !== undefined) {
      if (!Array.isArray(sets) || sets.length < 1 || sets.length > 65536) throw new RangeError("Ops: sets must be a list of 1 … 65536 sets");
      for (const s of sets) {
        const evs = s.evs;
        if (!Array.isArray(evs) || evs.length < 1 || evs.length > 65536) throw new RangeError("Ops: every set needs 1 … 65536 EVs");
        for (const ev of evs) {
          if (!(Number.isInteger(ev) && ev >= 0 && ev <= 0xffff)) throw new RangeError(`Ops: EV ${ev} is not a 16-bit value`);
          this.member[ev >>> 5] |= 1 << (ev & 31);
        }
        const w = s.weights ?? evs.map(() => 1);
        if (w.length !== evs.length || !w.every((x: number) => typeof x === "number" && x > 0 && Number.isFinite(x))) {
          throw new RangeError("Ops: weights must be positive numbers, one per EV");
        }
        const at = list.length;
        const [p, al] = buildAlias(w);
        for (let i = 0; i < evs.length; i++) {
          list.push(evs[i]);
          probs.push(p[i]);
          aliases.push(at + al[i]);
        }
        starts.push(list.length);
      }
    }
    this.setStart = Int32Array.from(starts);
    this.evList = Uint16Array.from(list);
    // Int32Array: V8 compares Uint32Array loads as doubles; probabilities ≤ 2^16, indices < 2^31.
    this.prob = Int32Array.from(probs);
    this.alias = Int32Array.from(aliases);
  }

  /**
   * Opens a flow on EV set `set` (0 with the implicit set).
   * @throws RangeError for a slot outside the table or an unknown set.
   */
  open(slot: number, set: number): void {
    if (!(Number.isInteger(set) && set >= 0 && set < this.sets)) {
      this.errors++;
      throw new RangeError(`Ops: set ${set} outside [0, ${this.sets})`);
    }
    this.openSlot(slot);
    this.setOf[slot] = set;
    if (this.modeId === 2) this.rekey(slot);
  }

  /**
   * The EV of the next packet. Each mode is a method of its own, so that V8 inlines the handler
   * with just the mode a flow table uses into the caller's loop (lib/README "What V8 makes
   * expensive"); the three together are over its 460-byte limit.
   */
  choosePath(slot: number, nowNs: number, psn: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    if (this.modeId === 2) return this.nextInCycle(slot);
    if (this.implicit === 1) return this.rng.nextBelow(this.evCount);
    return this.modeId === 0 ? this.uniformInSet(slot) : this.weightedInSet(slot);
  }

  /**
   * Oblivious: feedback is checked, never used. Returns 0; E_STATE for an EV in none of the sets
   * (one bitmap over all sets, so an EV of another set passes; README) or, with the implicit
   * set, at or past evCount; or E_SLOT / E_ARG.
   */
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 0xffff) === ev)) {
      return this.reject(slot);
    }
    if (this.implicit === 1) return ev < this.evCount ? 0 : this.fail(E_STATE);
    return (this.member[ev >>> 5] & (1 << (ev & 31))) !== 0 ? 0 : this.fail(E_STATE);
  }

  /** uec: the flow's position in the current cycle through its keyed permutation of [0, evCount). */
  private nextInCycle(slot: number): number {
    const i = this.pos[slot];
    const m = this.mask;
    const s = this.shift;
    const ka = this.keyA[slot];
    const kb = this.keyB[slot];
    // Three rounds of (odd multiply + add, xor-shift right), each a bijection of [0, 2^k). The
    // first starts from i + c: from i alone, positions 0 and 2^(k−1) (i·a ≡ 0 or 2^(k−1) for any
    // odd a) would draw their EV from b only, 2.4× as often EV 0 or 2^(k−1) as uniform (k = 8).
    let x = (Math.imul(i + this.keyC[slot], ka) + kb) & m;
    x ^= x >>> s;
    x = (Math.imul(x, this.keyC[slot]) + kb) & m;
    x ^= x >>> s;
    x = (Math.imul(x, ka) + kb) & m;
    x ^= x >>> s;
    if (i === m) this.endCycle(slot);
    else this.pos[slot] = i + 1;
    return x;
  }

  /** uniform over an explicit set. */
  private uniformInSet(slot: number): number {
    const set = this.setOf[slot];
    const start = this.setStart[set];
    return this.evList[start + this.rng.nextBelow(this.setStart[set + 1] - start)];
  }

  /** weighted: the set's alias table (Walker), one draw for the column and the coin. */
  private weightedInSet(slot: number): number {
    const set = this.setOf[slot];
    const start = this.setStart[set];
    const n = this.setStart[set + 1] - start;
    // One draw gives the column and the Q16 coin: with u × n exact (< 2^48), its top part is
    // floor(u·n/2^32) and the next 16 bits the coin — the digits of nextBelow(n·2^16).
    // Both digits are ≥ 0 and below 2^31 (c < n, coin < 2^16): `| 0` floors them.
    const un = (this.rng.nextI32() >>> 0) * n;
    const c = (un * 2.3283064365386963e-10) | 0;
    const coin = ((un - c * 4294967296) * 1.52587890625e-5) | 0;
    const col = start + c;
    // Branch-free "coin < prob ? col : alias": the coin is a coin flip, so a branch mispredicts.
    const other = this.alias[col];
    return this.evList[other + ((col - other) & ((coin - this.prob[col]) >> 31))];
  }

  /** The index i of the current uec cycle that the next packet takes (0 … evCount − 1; 0 outside uec mode); −1 when not open. */
  cyclePosition(slot: number): number {
    return this.isOpen(slot) ? this.pos[slot] : -1;
  }

  /** The end of a uec cycle: count it, and redraw the key every `reshuffleCycles`. */
  private endCycle(slot: number): void {
    this.pos[slot] = 0;
    const c = this.cycles[slot] + 1;
    if (c >= this.reshuffle) this.rekey(slot);
    else this.cycles[slot] = c;
  }

  private rekey(slot: number): void {
    const m = this.mask;
    this.keyA[slot] = (this.rng.nextI32() & m) | 1;
    this.keyB[slot] = this.rng.nextI32() & m;
    this.keyC[slot] = (this.rng.nextI32() & m) | 1;
    this.cycles[slot] = 0;
  }
}

/**
 * Walker's alias table by Vose's method, in integers. Weights are scaled to s_j summing to exactly
 * n × 2^16 (round to nearest; the residue goes to the largest weight). Returns per column the Q16
 * probability of keeping it (2^16 = always) and its alias (an index into the set).
 */
export function buildAlias(weights: readonly number[]): [Uint32Array, Uint32Array] {
  const n = weights.length;
  // Any positive finite weight is accepted, but near the largest double w_j·n·2^16 or Σw
  // overflows to Infinity and s_j came out NaN or Infinity: [1e308, 5e307] drew 1 : 1, not 2 : 1.
  // Then the weights are divided by the largest first (the ratios, all eq. (1) uses, stay); in
  // range they are used as given, so every other table keeps its exact s_j.
  const unit = Number.isFinite(weights.reduce((a, b) => a + b, 0) * n * K.Q16) ? 1 : weights.reduce((a, b) => (b > a ? b : a), 0);
  const total = weights.reduce((a, b) => a + b / unit, 0);
  const scaled = new Float64Array(n);
  let sum = 0;
  let big = 0;
  for (let i = 0; i < n; i++) {
    scaled[i] = Math.round(((weights[i] / unit) * n * K.Q16) / total);
    sum += scaled[i];
    if (weights[i] > weights[big]) big = i;
  }
  scaled[big] += n * K.Q16 - sum;
  const prob = new Uint32Array(n);
  const alias = new Uint32Array(n);
  const small: number[] = [];
  const large: number[] = [];
  for (let i = 0; i < n; i++) (scaled[i] < K.Q16 ? small : large).push(i);
  while (small.length > 0 && large.length > 0) {
    const s = small.pop() as number;
    const l = large[large.length - 1];
    prob[s] = scaled[s];
    alias[s] = l;
    scaled[l] -= K.Q16 - scaled[s];
    if (scaled[l] < K.Q16) {
      large.pop();
      small.push(l);
    }
  }
  // Each pairing removes one column and 2^16 of mass, so the mass left is 2^16 per column left:
  // once no column is below 2^16, those left hold exactly 2^16 each and are kept whole (and
  // when none is at or above it, none is left at all).
  for (const i of large) {
    prob[i] = K.Q16;
    alias[i] = i;
  }
  return [prob, alias];
}
