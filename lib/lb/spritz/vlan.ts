// Spritz's coarse-grained path control (§III-D): the source marks a packet with a VLAN tag naming a
// path category, the switches in the ECMP 1 and ECMP 2 roles pick the category's ECMP table and hash
// the EV with their ordinary (non-identity) hash, and clear the tag. The source does not know which
// path an EV takes, so it keeps no per-path state; the paper gives the mechanism and no algorithm,
// and this module supplies the smallest one consistent with §IV:
//
//   categories   VLAN 1 = the paths no longer than the minimal route (so a Dragonfly shortcut
//                through a third group counts), VLAN 2 = the longer ones; VLAN 0, the empty
//                tag, is default forwarding (§III-D) and is only used for a destination on the
//                source switch.
//   send         Alg. 1's shape: once in every exploreThreshold + 2 packets (Alg. 1 tests the count before
//                counting, and the exploring send resets it), or when nothing is cached, a
//                fresh (category, EV): the category with probability ∝ the sum of eq. (1) weights
//                of its paths (what OPS (w) would give the category), the EV uniform over 16 bits;
//                otherwise the front of an 8-entry ring of recycled pairs, used once (Spray-style).
//   feedback     GOOD recycles the pair (a deterministic switch hash makes a pair a stable path);
//                ECN, NACK and TIMEOUT let it go — a timeout cannot block a path the source cannot
//                name. The ECN-rate bias of Alg. 2/3 sets the minimal category's weight to
//                minBiasFactor while the rate stays above the threshold, at most until the
//                global timer.
//
// choosePath returns VLAN << 16 | EV (an 18-bit value, not a 16-bit EV); onPathFeedback takes the
// same value back.

import { E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { Feedback } from "../feedback";
import { type SpritzParams, type SpritzParamsInput, eq1Weight, resolveSpritzParams, tableFor } from "./params";
import type { EndpointTable } from "./table";

/** Per-flow state: 2 + 4 + 4 + 32 + 1 + 1 + 2 + 2 + 4 = 52 B + the open flag = 53 B. */
const LAYOUT = {
  dst: "u16",
  wMin: "i32", // Q8 Σ eq. (1) weights of the minimal paths (0: no paths at all)
  wNon: "i32", // Q8 Σ eq. (1) weights of the non-minimal paths
  buf: ["i32", 8], // ring of VLAN << 16 | EV
  bufCount: "u8",
  bufHead: "u8",
  pktCount: "u16",
  ecnRate: "u16", // Q16
  biasEpoch: "i32",
} as const;

const enum R {
  Cached = 1,
  Biased = 8,
  Restored = 16,
}

/** VLAN tags of the categories. */
export const VLAN_DEFAULT = 0;
export const VLAN_MINIMAL = 1;
export const VLAN_NON_MINIMAL = 2;

export class SpritzVlan extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "dstSwitch"],
    close: ["slot"],
    choosePath: ["slot", "nowNs", "psn"],
    onPathFeedback: ["slot", "nowNs", "ev", "kind"],
  };

  readonly params: Readonly<SpritzParams>;
  readonly table: EndpointTable;
  private readonly dst = this.col.dst;
  private readonly wMin = this.col.wMin;
  private readonly wNon = this.col.wNon;
  private readonly buf = this.col.buf;
  private readonly bufCount = this.col.bufCount;
  private readonly bufHead = this.col.bufHead;
  private readonly pktCount = this.col.pktCount;
  private readonly ecnRate = this.col.ecnRate;
  private readonly biasEpoch = this.col.biasEpoch;
  private readonly rng: Xoshiro128;
  private readonly exploreThreshold: number;
  private readonly minBiasQ8: number;
  private readonly ecnRateLimit: number;
  private readonly gainShift: number;
  private readonly restoreNs: number;
  private readonly weighted: boolean;
  private readonly wScale: number;
  private restoreArmed = 0;
  /** Tick the global timer was armed at; it fires restoreNs later, read as an unsigned age (lib/core/ticks.ts). */
  private armedAt = 0;
  private epoch = 0;
  /**
   * What the table decided since construction, all flows (as SpritzBase's, results.json
   * totals.lb): every value choosePath returned, under one of evsExplored (the exploring send),
   * evsSampled (nothing cached) and evsReused (the ring's front, used once); of the fresh pairs,
   * evsMinimal and evsNonMinimal by category (VLAN 1 or 2; a same-switch flow's 0 is neither);
   * biases (the minimal category's weight set to minBiasFactor for a flow not biased yet) and
   * restores (the global timer fired). pathsCached is a getter.
   */
  evsExplored = 0;
  evsSampled = 0;
  evsReused = 0;
  evsMinimal = 0;
  evsNonMinimal = 0;
  biases = 0;
  restores = 0;
  /** Pairs still in a ring when its slot closed or reopened (pathsCached counts them). */
  private bufferedDropped = 0;

  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params: SpritzParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveSpritzParams(params);
    const table = tableFor(p);
    this.params = Object.freeze({ ...p, table });
    this.table = table;
    this.rng = new Xoshiro128(p.seed);
    this.exploreThreshold = p.exploreThreshold;
    this.minBiasQ8 = Math.round(p.minBiasFactor * 256);
    this.ecnRateLimit = Math.floor(p.ecnRateThreshold * 65536);
    this.gainShift = Math.round(Math.log2(1 / p.ecnRateGain));
    this.restoreNs = p.restoreIntervalNs;
    this.weighted = p.weighted;
    this.wScale = p.wScale;
  }

  /**
   * Opens a connection to `dstSwitch`: the category weights come from its path list.
   * @throws RangeError for a slot outside the table, a switch outside the topology, or category
   * weights whose Q8 sum exceeds 2^31 − 1.
   */
  open(slot: number, dstSwitch: number): void {
    const t = this.table;
    if (!(Number.isInteger(dstSwitch) && dstSwitch >= 0 && dstSwitch < t.topology.switches)) {
      this.errors++;
      throw new RangeError(`SpritzVlan: destination switch ${dstSwitch} outside [0, ${t.topology.switches})`);
    }
    const K = t.classCount;
    let longest = -1;
    let prev = 0;
    for (let c = 0; c < K; c++) {
      const end = t.classEnd[dstSwitch * K + c];
      if (end > prev) longest = c;
      prev = end;
    }
    // VLAN 1 carries the paths no longer than the minimal route, as the switches' category-1
    // tables keep a packet within it (a Dragonfly shortcut through a third group can be shorter
    // than the minimal route; the shortest class alone left the minimal path out).
    const minHops = t.topology.minimalHops(t.srcSwitch, dstSwitch);
    let wMin = 0;
    let wNon = 0;
    prev = 0;
    for (let c = 0; c <= longest; c++) {
      const end = t.classEnd[dstSwitch * K + c];
      const w = this.weighted ? eq1Weight(t.classLatencyNs(c), t.classLatencyNs(longest), this.wScale) : 1;
      const q8 = (end - prev) * Math.round(w * 256);
      if (t.classLocal[c] + t.classGlobal[c] <= minHops) wMin += q8;
      else wNon += q8;
      prev = end;
    }
    // i32 columns (V8 compares u32 loads as doubles): the sums must stay below 2^31.
    if (wMin + wNon > 0x7fffffff) {
      this.errors++;
      throw new RangeError("SpritzVlan: total path weight exceeds 2^31 in Q8");
    }
    // Opening an open slot starts it afresh (FlowTable): its ring goes, as at close.
    this.bufferedDropped += this.bufCount[slot] | 0; // a closed slot's is 0 (close clears it); outside the table, undefined | 0
    this.openSlot(slot);
    this.dst[slot] = dstSwitch;
    this.wMin[slot] = wMin;
    this.wNon[slot] = wNon;
  }

  /**
   * VLAN << 16 | EV for the next packet: a fresh pair (the global timer checked first; VLAN 1 if
   * nextBelow(w1 + w2) < w1, else 2; then EV = the next output's low 16 bits) or the ring's front,
   * used once, with no timer check.
   */
  choosePath(slot: number, nowNs: number, psn: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const pc = this.pktCount[slot];
    if (pc > this.exploreThreshold) {
      this.pktCount[slot] = 0;
      this.evsExplored++;
      return this.fresh(slot, nowNs | 0);
    }
    this.pktCount[slot] = pc + 1;
    const count = this.bufCount[slot];
    if (count === 0) {
      this.evsSampled++;
      return this.fresh(slot, nowNs | 0);
    }
    this.evsReused++;
    const h = this.bufHead[slot];
    this.bufHead[slot] = (h + 1) & 7;
    this.bufCount[slot] = count - 1;
    return this.buf[(slot << 3) + h];
  }

  /**
   * Feedback for a value choosePath returned. Returns SPRITZ_* bits (CACHED, BIASED, RESTORED), or
   * E_STATE for a value the flow could not have been sent: a tag whose category weighs 0, or 0 from
   * a flow that has paths.
   */
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev | 0) === ev)) return this.reject(slot);
    // E_STATE for a value this flow could not have been given (lib/lb/README.md): fresh() draws
    // only a category that weighs > 0 (weights fixed at open; bias() leaves an empty minimal
    // category empty), so tag 1 or 2 (ev an int32: 0x10000 … 0x2ffff) needs its weight > 0, and
    // 0 (VLAN 0, default forwarding, §III-D) is the value of a flow with no paths only.
    const vlan = ev >>> 16;
    const wMin = this.wMin[slot];
    const wNon = this.wNon[slot];
    if (!(vlan === 1 ? wMin > 0 : vlan === 2 && wNon > 0)) {
      if (ev === 0 && wMin + wNon === 0) return 0;
      return this.fail(E_STATE);
    }
    const now = nowNs | 0;
    let r = 0;
    if (this.restoreArmed !== 0 && ((now - this.armedAt) >>> 0) >= this.restoreNs) {
      this.epoch++;
      this.restoreArmed = 0;
      this.restores++;
      r = R.Restored;
    }
    const rate = this.ecnRate[slot];
    if (kind === Feedback.Good) {
      this.ecnRate[slot] = rate - (rate >> this.gainShift);
      const count = this.bufCount[slot];
      if (count < 8) {
        this.buf[(slot << 3) + ((this.bufHead[slot] + count) & 7)] = ev;
        this.bufCount[slot] = count + 1;
        r |= R.Cached;
      }
    } else if (kind !== Feedback.Timeout) {
      this.ecnRate[slot] = rate + ((65535 - rate) >> this.gainShift);
    }
    // The bias lasts while the rate stays above the threshold (as in spritz.ts).
    if (this.ecnRate[slot] > this.ecnRateLimit) r |= this.bias(slot, now);
    else this.biasEpoch[slot] = 0;
    return r;
  }

  /**
   * Alg. 2/3 last line: the minimal category's weight ← minBiasFactor, the global timer armed.
   * Not for a flow whose list has no minimal path (wMin 0, possible under maxPathsPerDestination):
   * the bias would make fresh() send VLAN 1, a tag its feedback refuses.
   */
  private bias(slot: number, now: number): number {
    if (this.minBiasQ8 === 0 || this.wMin[slot] === 0 || this.biasEpoch[slot] === this.epoch + 1) return 0;
    this.biasEpoch[slot] = this.epoch + 1;
    if (this.restoreArmed === 0) {
      this.restoreArmed = 1;
      this.armedAt = now;
    }
    this.biases++;
    return R.Biased;
  }

  /**
   * Pairs GOOD feedback put into a ring since construction, all flows (the SPRITZ_CACHED bit),
   * counted from where they went: still in a ring, used (evsReused: each use takes one out), or
   * gone with their slot at close or reopen; as SpritzBase's, with no increment in the feedback
   * handler.
   */
  get pathsCached(): number {
    let n = this.bufferedDropped + this.evsReused;
    for (let s = 0; s < this.capacity; s++) if (this.live[s] === 1) n += this.bufCount[s];
    return n;
  }

  /** Closes a flow; the pairs its ring held still count in pathsCached. E_SLOT if not open. */
  override close(slot: number): number {
    if (this.isOpen(slot)) this.bufferedDropped += this.bufCount[slot];
    return super.close(slot);
  }

  // Readers

  /** Entries in the ring of (VLAN, EV) pairs that good feedback cached (at most 8); -1 for a slot that is not open. */
  bufferSize(slot: number): number {
    return this.isOpen(slot) ? this.bufCount[slot] : -1;
  }

  /** Q8 weight of the minimal category (eq. (1) sums; minBiasFactor while biased). */
  minimalWeightQ8(slot: number): number {
    if (!this.isOpen(slot)) return -1;
    return this.biasEpoch[slot] === this.epoch + 1 ? this.minBiasQ8 : this.wMin[slot];
  }

  /** Q8 weight of the non-minimal category (eq. (1) sums over its paths); -1 for a slot that is not open. */
  nonMinimalWeightQ8(slot: number): number {
    return this.isOpen(slot) ? this.wNon[slot] : -1;
  }

  biased(slot: number): boolean {
    return this.isOpen(slot) && this.biasEpoch[slot] === this.epoch + 1;
  }

  /** A fresh (category, EV) pair. */
  private fresh(slot: number, now: number): number {
    if (this.restoreArmed !== 0 && ((now - this.armedAt) >>> 0) >= this.restoreNs) {
      this.epoch++;
      this.restoreArmed = 0;
      this.restores++;
    }
    const wNon = this.wNon[slot];
    const wMin = this.biasEpoch[slot] === this.epoch + 1 ? this.minBiasQ8 : this.wMin[slot];
    if (wMin + wNon === 0) return 0;
    const vlan = this.rng.nextBelow(wMin + wNon) < wMin ? 1 : 2;
    // VLAN 1 or 2: one of the two counts, without a branch.
    this.evsMinimal += 2 - vlan;
    this.evsNonMinimal += vlan - 1;
    return (vlan << 16) | (this.rng.nextI32() & 0xffff);
  }
}
