// Spritz-Scout and Spritz-Spray (Spritz, Bonato et al., §IV): sender-side load balancing over the
// bounded simple paths of a Dragonfly or Slim Fly, using the endpoint table of table.ts.
//
//   §IV "Connection Established" → open(slot, dstSwitch): the flow takes the EV entry list of its
//                                  destination switch and an empty 8-entry buffer of good paths.
//   eq. (1), §V-A                → weights per latency class, Q8 (×256, rounded to nearest):
//                                  w = wScale × lat_longest / lat, 1 for the longest class.
//   Alg. 1 (send, both)          → choosePath: one send in exploreThreshold + 2, or when the
//                                  buffer is empty, sample gen(w); else the buffer's front (Scout
//                                  keeps it, Spray removes it).
//   Alg. 2 (Scout feedback)      → onPathFeedback(Rtt) → feedback; GOOD in SpritzScout.cache
//                                  (cacheByRtt under bufferOrder rtt), the others in onMark: GOOD
//                                  inserts the EV in latency order unless present or full; ECN
//                                  counts per path and removes the path after more than
//                                  ecnThreshold marks; NACK and TIMEOUT remove it; TIMEOUT also
//                                  blocks it (w = 0) until the global timer.
//   Alg. 3 (Spray feedback)      → GOOD in SpritzSpray.cache appends the EV (duplicates
//                                  allowed); ECN and NACK are ignored; TIMEOUT blocks the path.
//   Alg. 2/3 last line           → ECN rate > 90 %: w[0] (the list's shortest path) ← minBiasFactor.
//
// Where the per-path state lives: in the endpoint table's metadata byte (§III-C "an additional
// byte … statistics; if a timeout is observed for a given EV entry, it may be marked as
// unavailable"), so every flow of this table to the same destination switch shares the ECN
// counts and blocks of those paths (§III-C's table is an endpoint's; the virtual fabric builds
// one per source switch, shared by its hosts: README, Choices). Low nibble: latency class; high
// nibble: ECN count 0 … ecnThreshold (≤ 13), or 15 = blocked (a block resets the count, Alg. 2
// line 19; an ECN mark on a blocked path cannot be counted, so Scout drops it from the flow's
// buffer at once).
//
// Permanently unavailable paths (§IV-C "Failures": "EV entries can be marked as temporarily or
// permanently unavailable"): setPathAvailable(slot, ev, false), for a management plane that knows
// of a link or switch failure, writes the whole byte as 0xEF (high nibble 14, which no ECN count
// reaches, low nibble 15), or 0xFF when the path is also blocked; setPathAvailable(…, true) puts
// the class back from the list (and 0xF0 | class while the block lasts). Why this encoding: a
// down byte is ≥ 0xE0, as a blocked one (0xF0 …) is and no available one (≤ 0xDE) is, so gen(w)'s
// test stays one load and one compare (`m < M.Down`, no mask) behind the one table-wide counter
// `unavailable` (blocks + down paths), which is 0 when nothing is blocked or down exactly as
// blockedCount was: no new branch or load on choosePath's common path. And the low nibble 15 is
// the "not a path" class that feedback already tests, so feedback on a down path leaves the hot
// feedback tree (at V8's inlining budget) for unknownEv, which ignores it: no bytes added there.
// A separate bit or column would have cost choosePath a second load per draw and feedback a test
// to keep a late GOOD from re-caching the path.
//
// gen(w): pick a latency class with probability ∝ Σ weights of its paths through a per-flow
// Walker alias table over the K classes (built at open, Q16 per column: class c is drawn with
// probability s_c / (K·2^16), s_c = round(K·2^16·W_c / ΣW), the rounding residue on the heaviest
// class), then a path uniformly inside the class with a second draw. A linear or binary search
// over cumulative sums costs an unpredictable branch per class (measured ≈ 20 ns at K = 9); the
// alias table needs one. While biased, a first draw gives entry 0 probability
// minBias / (minBias + Σw − w0), and otherwise entry 0 is redrawn (rejection keeps the rest ∝ w).
// A blocked path is redrawn the same way up to 4 times; then one weighted reservoir pass over the
// unblocked paths picks one, so P(i) = w_i / Σ unblocked w either way; if every path is blocked,
// the last draw is used. A down path counts as blocked in all of this: if every path is blocked
// or down, the last draw is used, which may be a down path. The ECN rate is a per-flow EWMA in Q16 of
// 1 (ECN or NACK) and 0 (GOOD) with gain 2^-k (§IV-A leaves its estimator open); the bias holds
// while the rate stays above the threshold ("when we detect uniformly high congestion", §IV-A),
// and at most until the global timer. Latched until the timer (10 ms by default), it kept the
// overloaded minimal path of the adversarial pattern favoured long after the rate fell: on
// Table II's Dragonfly, Spray trimmed 52,445 packets instead of 7,222 (README, "Fig. 6").

import { E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { Feedback } from "../feedback";
import { type SpritzParams, type SpritzParamsInput, eq1Weight, resolveSpritzParams, tableFor } from "./params";
import type { EndpointTable } from "./table";


/** Per-flow state: 136 B + the open flag = 137 B. */
// Columns compared or used as indices on the per-packet path are i32, not u32: V8 types a
// Uint32Array load as possibly ≥ 2^31 and compares or adds it as a double (measured on the Scout
// insertion scan). Every value stored in them is below 2^31.
const LAYOUT = {
  dst: "u16", // destination switch
  listBase: "i32", // first entry of the destination's list in table.ev
  metaBase: "i32", // first metadata cell of the destination in table.meta
  n: "u16", // entries in the list
  size1: "u16", // cell shape (table.ts)
  split: "u16",
  stride: "u16",
  buf: ["i32", 8], // buffer_paths: Scout: (class << 16 | EV) in ascending order; Spray: EVs, a ring
  bufCount: "u8",
  bufHead: "u8", // Spray ring head
  pktCount: "u16", // packet_count of Alg. 1
  ecnRate: "u16", // Q16 EWMA of the congestion-mark rate
  biasEpoch: "i32", // restore epoch + 1 while w[0] = minBiasFactor, else 0
  w0: "u16", // Q8 eq. (1) weight of the list's first entry
  total: "u32", // Q8 Σ w_i of the list
  aliasProb: ["i32", 14], // per class column: keep it when a Q16 coin < this (Cls.Max columns)
  alias: ["u8", 14], // per class column: the class taken otherwise
} as const;

const enum M {
  ClassMask = 0x0f,
  NoPath = 0x0f,
  CountShift = 4,
  Blocked = 0xf0,
  CountOne = 0x10,
  /** The least unavailable byte: blocked (0xF0 | class) and down (0xEF, 0xFF) are ≥ it, available ones (count ≤ 13) below. */
  Down = 0xe0,
  /** A down path that is not blocked. */
  DownOnly = 0xef,
  /** A down path that is also blocked (listed in blockedCells). */
  DownBlocked = 0xff,
}

/** Latency classes a flow keeps cumulative weights for (Slim Fly has 14, Dragonfly 9). */
const enum Cls {
  Max = 14,
}

const enum K {
  Buf = 8,
  BufMask = 7,
  Retries = 4,
}

const enum R {
  Cached = 1,
  Removed = 2,
  Blocked = 4,
  Biased = 8,
  Restored = 16,
}

/** onPathFeedback result bits. */
/** the EV entered buffer_paths */
export const SPRITZ_CACHED: number = R.Cached;
/** the EV left buffer_paths (Scout: ECN over threshold, NACK, TIMEOUT) */
export const SPRITZ_REMOVED: number = R.Removed;
/** TIMEOUT set a new block: the path's weight is 0 until the global timer (not for a path already blocked) */
export const SPRITZ_BLOCKED: number = R.Blocked;
/** ECN rate > threshold took an unbiased flow to biased: w[0] ← minBiasFactor (not again while it stays biased) */
export const SPRITZ_BIASED: number = R.Biased;
/** the global timer fired: blocks and biases cleared */
export const SPRITZ_RESTORED: number = R.Restored;

/** The common engine of Scout (variant 0) and Spray (variant 1). */
export abstract class SpritzBase extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "dstSwitch"],
    close: ["slot"],
    choosePath: ["slot", "nowNs", "psn"],
    onPathFeedback: ["slot", "nowNs", "ev", "kind"],
    onPathFeedbackRtt: ["slot", "nowNs", "ev", "kind", "rttNs"],
    // Management plane, not per packet (§IV-C "Failures"): a path of the flow's destination down or up.
    setPathAvailable: ["slot", "ev", "available"],
    // Readers with a second argument, listed so that vectors can call them.
    pathCount: ["slot"],
    pathEv: ["slot", "i"],
    buffered: ["slot", "i"],
    ecnCount: ["slot", "ev"],
    isBlocked: ["slot", "ev"],
    isDown: ["slot", "ev"],
    pathClass: ["slot", "ev"],
    classMassQ16: ["slot", "c"],
  };

  readonly params: Readonly<SpritzParams>;
  readonly table: EndpointTable;
  /** Restore-list overflow: blocks undone early because maxBlocked paths were already blocked. */
  evictedBlocks = 0;
  /**
   * What the table decided since construction, all flows (choosePath returns only the EV and the
   * fabric ignores the feedback bits, so it reads these when the run reports: SPRITZ_* in
   * results.json totals.lb). Alg. 1: every EV choosePath returned, under one of evsExplored
   * (packet_count > explore_threshold, lines 2–5: gen(w)), evsSampled (buffer_paths empty, lines
   * 8–10: gen(w)) and evsReused (the buffer's front, lines 12–16: Scout keeps it, Spray removes
   * it). Alg. 2 (Scout only): EVs that left the flow's buffer_paths, by cause: pathsRemovedEcn
   * (ecn_counts over ecn_threshold, lines 9–11, or a mark on a blocked path), pathsRemovedNack
   * (lines 14–16) and pathsRemovedTimeout (lines 18–20); feedback on an EV the buffer does not
   * hold removes nothing and is not counted. Alg. 2 line 21 / Alg. 3 line 8: blocks (w_i ← 0; a
   * timeout on a path already blocked blocks nothing). The last lines: biases (w[0] ←
   * min_bias_factor for a flow not biased yet). restores: the global timer fired. pathsCached
   * (Alg. 2/3 lines 2–5) is a getter.
   */
  evsExplored = 0;
  evsSampled = 0;
  evsReused = 0;
  pathsRemovedEcn = 0;
  pathsRemovedNack = 0;
  pathsRemovedTimeout = 0;
  blocks = 0;
  biases = 0;
  restores = 0;
  /**
   * Buffer entries setPathAvailable(…, false) took out, all flows to the path's destination switch
   * (Spray: every copy in the ring). Counted in pathsCached.
   */
  pathsRemovedDown = 0;
  /** EVs that were still in a buffer when its slot closed or reopened (pathsCached counts them). */
  private bufferedDropped = 0;

  private readonly dst = this.col.dst;
  private readonly listBase = this.col.listBase;
  private readonly metaBase = this.col.metaBase;
  private readonly nList = this.col.n;
  private readonly size1 = this.col.size1;
  private readonly split = this.col.split;
  private readonly stride = this.col.stride;
  protected readonly buf: Int32Array = this.col.buf;
  protected readonly bufCount: Uint8Array = this.col.bufCount;
  protected readonly bufHead: Uint8Array = this.col.bufHead;
  private readonly pktCount = this.col.pktCount;
  private readonly ecnRate = this.col.ecnRate;
  private readonly biasEpoch = this.col.biasEpoch;
  private readonly w0 = this.col.w0;
  private readonly total = this.col.total;
  private readonly aliasProb = this.col.aliasProb;
  private readonly alias = this.col.alias;

  private readonly variant: number;
  private readonly rng: Xoshiro128;
  private readonly ev: Uint16Array;
  private readonly meta: Uint8Array;
  private readonly classEnd: Uint16Array;
  private readonly K: number;
  /** weightQ8[longest × K + c]: eq. (1) weight of class c in a list whose longest class is `longest`. */
  private readonly weightQ8: Uint16Array;
  private readonly exploreThreshold: number;
  private readonly ecnThreshold: number;
  /** 1 for Scout under bufferOrder `rtt`: GOOD feedback should come with the ACK's RTT (onPathFeedbackRtt). Spray's buffer has no order. */
  readonly rttOrder: number;
  private readonly rttBucketNs: number;
  private readonly minBiasQ8: number;
  private readonly ecnRateLimit: number;
  private readonly gainShift: number;
  private readonly restoreNs: number;
  /**
   * Global timer: armed (0/1), expiry tick, and the epoch it advances. One per table, as §IV-A
   * names it ("after a configurable interval (global timer)"), not one per block: a block lasts
   * anywhere in (0, restoreNs] (README, Choices).
   */
  private restoreArmed = 0;
  /** Tick the global timer was armed at; it fires restoreNs later, read as an unsigned age (lib/core/ticks.ts). */
  private armedAt = 0;
  private epoch = 0;
  /** Blocked metadata cells awaiting the timer (a ring). */
  private readonly blockedCells: Uint32Array;
  /** Scratch for buildAlias (open is not a per-packet path, but it still does not allocate). */
  private readonly scratchMass: Float64Array;
  private readonly scratchSmall: Int32Array;
  private readonly scratchLarge: Int32Array;
  private blockedHead = 0;
  private blockedCount = 0;
  /** Paths marked down (setPathAvailable), table-wide. */
  private downCount = 0;
  /** blockedCount + downCount: gen(w) tests paths only while it is not 0 (a path both blocked and down counts twice). */
  private unavailable = 0;

  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  protected constructor(variant: number, params: SpritzParamsInput, capacity: number) {
    super(LAYOUT, capacity);
    const p = resolveSpritzParams(params);
    const table = tableFor(p);
    this.params = Object.freeze({ ...p, table });
    this.table = table;
    this.variant = variant;
    this.rng = new Xoshiro128(p.seed);
    this.ev = table.ev;
    this.meta = table.meta;
    this.classEnd = table.classEnd;
    const K = table.classCount;
    if (K > Cls.Max) throw new RangeError(`Spritz: the table has ${K} latency classes, at most ${Cls.Max} supported`);
    this.K = K;
    // Only the pairs (longest class, class) that some destination's list holds: a pair no list
    // holds is never read (its class has no paths there, so no mass), and checking it refused
    // wScale 19 on Table II's Dragonfly for a weight no list has (README, "wScale").
    this.weightQ8 = new Uint16Array(K * K);
    for (let d = 0; d < table.topology.switches; d++) {
      const l = this.longestClass(d);
      for (let c = 0, prevEnd = 0; c <= l; c++) {
        const end = this.classEnd[d * K + c];
        if (end > prevEnd && this.weightQ8[l * K + c] === 0) {
          const w = p.weighted ? eq1Weight(table.classLatencyNs(c), table.classLatencyNs(l), p.wScale) : 1;
          const q8 = Math.round(w * 256); // Q8, rounded to nearest
          if (q8 > 65535) throw new RangeError(`Spritz: weight ${w.toFixed(2)} does not fit Q8 in 16 bits; lower wScale`);
          this.weightQ8[l * K + c] = q8;
        }
        prevEnd = end;
      }
    }
    this.exploreThreshold = p.exploreThreshold;
    this.ecnThreshold = p.ecnThreshold;
    this.rttOrder = variant === 0 && p.bufferOrder === "rtt" ? 1 : 0;
    this.rttBucketNs = p.rttBucketNs;
    this.minBiasQ8 = Math.round(p.minBiasFactor * 256);
    // "> 90 %" in Q16: the EWMA is an integer, so rate > floor(0.9 × 65536) is rate > 0.9. With no
    // bias weight the limit is out of reach of the u16 rate, so one compare decides.
    this.ecnRateLimit = this.minBiasQ8 > 0 ? Math.floor(p.ecnRateThreshold * 65536) : 65535;
    this.gainShift = Math.round(Math.log2(1 / p.ecnRateGain));
    this.restoreNs = p.restoreIntervalNs;
    this.blockedCells = new Uint32Array(p.maxBlocked);
    this.scratchMass = new Float64Array(K);
    this.scratchSmall = new Int32Array(K);
    this.scratchLarge = new Int32Array(K);
  }

  /**
   * Opens a connection to an endpoint behind `dstSwitch` (§IV "Connection Established").
   * A destination on the source switch itself has no path list: the flow's EV is always 0.
   * @throws RangeError for a slot outside the table or a switch outside the topology.
   */
  open(slot: number, dstSwitch: number): void {
    const t = this.table;
    if (!(Number.isInteger(dstSwitch) && dstSwitch >= 0 && dstSwitch < t.topology.switches)) {
      this.errors++;
      throw new RangeError(`Spritz: destination switch ${dstSwitch} outside [0, ${t.topology.switches})`);
    }
    const K = this.K;
    const start = t.listStart[dstSwitch];
    const n = t.listStart[dstSwitch + 1] - start;
    // The list's classes: `first` holds entry 0, `longest` its longest paths (weight 1 in eq. (1)).
    let first = 0;
    while (first < K - 1 && this.classEnd[dstSwitch * K + first] === 0) first++;
    const longest = this.longestClass(dstSwitch);
    let total = 0;
    let prevEnd = 0;
    const mass = this.scratchMass;
    for (let c = 0; c < K; c++) {
      const end = this.classEnd[dstSwitch * K + c];
      mass[c] = (end - prevEnd) * (c <= longest ? this.weightQ8[longest * K + c] : 0);
      total += mass[c];
      prevEnd = end;
    }
    /* c8 ignore next -- guard: at most 65,280 cells of weight ≤ 65,535 plus a bias ≤ 65,535 × 256 stay below 2^32 */
    if (total + this.minBiasQ8 > 0xffffffff) {
      this.errors++;
      throw new RangeError("Spritz: total path weight exceeds 2^32 in Q8");
    }
    // Opening an open slot starts it afresh (FlowTable): its buffer goes, as at close.
    this.bufferedDropped += this.bufCount[slot] | 0; // a closed slot's is 0 (close clears it); outside the table, undefined | 0
    this.openSlot(slot);
    this.dst[slot] = dstSwitch;
    this.listBase[slot] = start;
    this.metaBase[slot] = t.metaStart[dstSwitch];
    this.nList[slot] = n;
    this.size1[slot] = t.size1[dstSwitch];
    this.split[slot] = t.split[dstSwitch];
    this.stride[slot] = t.stride[dstSwitch];
    if (n === 0) return;
    this.total[slot] = total;
    this.w0[slot] = this.weightQ8[longest * K + first];
    this.buildAlias(slot, total);
  }

  /**
   * Vose's alias method over the K classes, in integers: s_c = round(K·2^16·W_c / ΣW), the
   * residue added to the heaviest class, so Σ s_c = K·2^16 and class c is drawn with probability
   * exactly s_c / (K·2^16). Uses per-table scratch arrays: no allocation.
   */
  private buildAlias(slot: number, total: number): void {
    const K = this.K;
    const mass = this.scratchMass;
    const small = this.scratchSmall;
    const large = this.scratchLarge;
    const ab = slot * Cls.Max;
    let sum = 0;
    // The heaviest class, first of equals, among the rescaled masses only: big ≤ c, so mass[big]
    // is rescaled already (until 2026-12-06 the search started from the longest class's mass
    // before it was rescaled: review rev-spritz-alias).
    let big = 0;
    for (let c = 0; c < K; c++) {
      mass[c] = Math.round((mass[c] * K * 65536) / total);
      sum += mass[c];
      if (mass[c] > mass[big]) big = c;
    }
    mass[big] += K * 65536 - sum;
    let ns = 0;
    let nl = 0;
    for (let c = 0; c < K; c++) {
      if (mass[c] < 65536) small[ns++] = c;
      else large[nl++] = c;
    }
    while (ns > 0 && nl > 0) {
      const sm = small[--ns];
      const lg = large[nl - 1];
      this.aliasProb[ab + sm] = mass[sm];
      this.alias[ab + sm] = lg;
      mass[lg] -= 65536 - mass[sm];
      if (mass[lg] < 65536) {
        nl--;
        small[ns++] = lg;
      }
    }
    // Each pairing removes one column and 2^16 of mass, so the mass left is 2^16 per column
    // left: those left hold exactly 2^16 each and are kept whole (none is left below it).
    while (nl > 0) {
      const c = large[--nl];
      this.aliasProb[ab + c] = 65536;
      this.alias[ab + c] = c;
    }
  }

  /**
   * Alg. 1: the EV (EV1 << 8 | EV2) for the next packet. Only a send that runs gen(w) checks the
   * global timer; one that reuses the buffer's front draws nothing and checks none.
   */
  choosePath(slot: number, nowNs: number, psn: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const pc = this.pktCount[slot];
    if (pc > this.exploreThreshold) {
      // Alg. 1 lines 2–6: periodic exploration.
      this.pktCount[slot] = 0;
      this.evsExplored++;
    } else {
      this.pktCount[slot] = pc + 1;
      const count = this.bufCount[slot];
      if (count !== 0) {
        const b = slot << 3;
        this.evsReused++;
        if (this.variant === 0) return this.buf[b] & 0xffff; // Scout: the front, kept
        // Spray (Alg. 1 line 14): the front is used once.
        const h = this.bufHead[slot];
        this.bufHead[slot] = (h + 1) & K.BufMask;
        this.bufCount[slot] = count - 1;
        return this.buf[b + h];
      }
      this.evsSampled++;
    }
    // Alg. 1 lines 3 and 9: gen(w), one call site so that V8 inlines sample's bytecode once.
    return this.sample(slot, nowNs | 0);
  }

  /**
   * Alg. 2 (Scout) or Alg. 3 (Spray) for one feedback on `ev`. Returns SPRITZ_* bits, each for
   * what this feedback did (an event, not a state: CACHED when it put the EV in the buffer,
   * REMOVED when it took it out, BLOCKED when it set a new block, BIASED when it biased a flow
   * that was not, RESTORED when the global timer fired in it), or E_STATE
   * for an EV not in the flow's list; a same-switch flow's EV 0 returns 0 and changes nothing.
   * It carries no RTT: under bufferOrder `rtt` a GOOD is not cached (onPathFeedbackRtt).
   */
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 0xffff) === ev)) return this.reject(slot);
    return this.feedback(slot, nowNs | 0, ev, kind, 0);
  }

  /**
   * onPathFeedback for an ACK that measured `rttNs` (0: no valid sample). Under bufferOrder
   * `rtt`, a GOOD path enters Scout's buffer at class min(14, ⌊rttNs / rttBucketNs⌋) instead of
   * its latency class (Alg. 2 line 4 read as the measured latency); without a sample it is not
   * cached (cacheByRtt). Under `latency`, as onPathFeedback.
   * `rttNs` must be an integer in [0, 2^31): anything else is E_ARG and the whole feedback is
   * dropped, its ECN, NACK or TIMEOUT included (nothing changes but the error count).
   */
  onPathFeedbackRtt(slot: number, nowNs: number, ev: number, kind: number, rttNs: number): number {
    // onPathFeedback's test plus the RTT's, written out: one handler calling the other took the
    // plain handler's tree to the edge of V8's budget (see `feedback`).
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 0xffff) === ev && (rttNs | 0) === rttNs && rttNs >= 0)) {
      return this.reject(slot);
    }
    return this.feedback(slot, nowNs | 0, ev, kind, rttNs);
  }

  /**
   * §IV-C "Failures": marks the path of `ev` to the flow's destination switch permanently
   * unavailable (`available` false) or available again (true), for a management plane that knows
   * of a link or switch failure. The mark is the table's, as blocks are: every flow of this table
   * to that switch sees it. A down path is never drawn by gen(w) while some path of the list is
   * neither blocked nor down (if none is, gen(w) returns its last draw, as when every path is
   * blocked: sampleUnblocked); marking it takes it out of the buffer of every open flow to that
   * switch (Scout's entry, every copy in Spray's ring), and feedback on it is ignored, so it does
   * not come back into one. The global timer does not lift it. A path blocked and down stays
   * unavailable until the timer has lifted the block and it is marked available; marking a path
   * down resets its ECN count, as a block does. Marking a down path down, or an available path
   * available, changes nothing.
   * Returns the buffer entries taken out (0 when `available`), E_SLOT for a slot not open, E_ARG
   * for an EV that is not a 16-bit integer or an `available` that is not a boolean, E_STATE for an
   * EV that is not a path of the flow's list (any EV of a flow to its own switch).
   */
  setPathAvailable(slot: number, ev: number, available: boolean): number {
    if (!(this.live[slot] === 1 && (ev & 0xffff) === ev && (available === true || available === false))) return this.reject(slot);
    const at = this.cellIndex(slot, ev);
    if (at < 0) return this.fail(E_STATE);
    const m = this.meta[at];
    const down = (m & M.ClassMask) === M.NoPath;
    if (available) {
      if (!down) return 0;
      // 0xFF: still blocked until the global timer, listed in blockedCells; 0xEF: available, count 0.
      this.meta[at] = (m === M.DownBlocked ? M.Blocked : 0) | this.listClass(slot, ev);
      this.downCount--;
      this.unavailable--;
      return 0;
    }
    if (down) return 0;
    this.meta[at] = (m & M.Blocked) === M.Blocked ? M.DownBlocked : M.DownOnly;
    this.downCount++;
    this.unavailable++;
    return this.dropDown(slot, ev);
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** Entries in buffer_paths. */
  bufferSize(slot: number): number {
    return this.isOpen(slot) ? this.bufCount[slot] : -1;
  }

  /** The i-th EV of buffer_paths (Scout: in latency order; Spray: from the front), −1 if none. */
  buffered(slot: number, i: number): number {
    if (!this.isOpen(slot) || !(Number.isInteger(i) && i >= 0 && i < this.bufCount[slot])) return -1;
    const b = slot << 3;
    return this.variant === 0 ? this.buf[b + i] & 0xffff : this.buf[b + ((this.bufHead[slot] + i) & K.BufMask)];
  }

  /** Paths to the flow's destination. */
  pathCount(slot: number): number {
    return this.isOpen(slot) ? this.nList[slot] : -1;
  }

  /** The i-th EV of the flow's list (by latency class, then EV), −1 if none. */
  pathEv(slot: number, i: number): number {
    return this.isOpen(slot) && Number.isInteger(i) && i >= 0 && i < this.nList[slot] ? this.ev[this.listBase[slot] + i] : -1;
  }

  /** Alg. 2's ecn_counts for an EV of the flow's list (−1: not a path; 15: blocked, down or not; 14: down, not blocked). */
  ecnCount(slot: number, ev: number): number {
    const at = this.cellIndex(slot, ev);
    return at < 0 ? -1 : this.meta[at] >> M.CountShift;
  }

  /** True while the path of `ev` has weight 0 until the global timer (Alg. 2 line 21), down or not. */
  isBlocked(slot: number, ev: number): boolean {
    const at = this.cellIndex(slot, ev);
    return at >= 0 && (this.meta[at] & M.Blocked) === M.Blocked;
  }

  /** Latency class of an EV of the flow's list, down or not (−1: not a path). */
  pathClass(slot: number, ev: number): number {
    const at = this.cellIndex(slot, ev);
    if (at < 0) return -1;
    const cls = this.meta[at] & M.ClassMask;
    return cls === M.NoPath ? this.listClass(slot, ev) : cls;
  }

  /** True while the path of `ev` is marked down (setPathAvailable), blocked or not. */
  isDown(slot: number, ev: number): boolean {
    const at = this.cellIndex(slot, ev);
    return at >= 0 && (this.meta[at] & M.ClassMask) === M.NoPath;
  }

  /** The per-flow ECN rate, Q16. */
  ecnRateQ16(slot: number): number {
    return this.isOpen(slot) ? this.ecnRate[slot] : -1;
  }

  /** True while w[0] = minBiasFactor for this flow. */
  biased(slot: number): boolean {
    return this.isOpen(slot) && this.biasEpoch[slot] === this.epoch + 1;
  }

  /** Alg. 1's packet_count. */
  packetCount(slot: number): number {
    return this.isOpen(slot) ? this.pktCount[slot] : -1;
  }

  /** The flow's total Q8 weight Σ w_i (eq. (1), without the bias). */
  totalWeightQ8(slot: number): number {
    return this.isOpen(slot) && this.nList[slot] > 0 ? this.total[slot] : -1;
  }

  /**
   * Probability (Q16 × K) that gen(w) picks latency class c for this flow (alias-table mass); −1
   * for a slot not open, a c that is not an integer in [0, K), or a flow to its own switch, which
   * has no list and never draws (as totalWeightQ8).
   */
  classMassQ16(slot: number, c: number): number {
    if (!this.isOpen(slot) || this.nList[slot] === 0 || !(Number.isInteger(c) && c >= 0 && c < this.K)) return -1;
    const ab = slot * Cls.Max;
    let m = 0;
    for (let col = 0; col < this.K; col++) {
      if (col === c) m += this.aliasProb[ab + col];
      if (this.alias[ab + col] === c && this.aliasProb[ab + col] < 65536) m += 65536 - this.aliasProb[ab + col];
    }
    return m;
  }

  /** Paths blocked now, table-wide. */
  get blockedPaths(): number {
    return this.blockedCount;
  }

  /** Paths marked down now (setPathAvailable), table-wide; a path both down and blocked counts here and in blockedPaths. */
  get downPaths(): number {
    return this.downCount;
  }

  /**
   * EVs that GOOD feedback put into buffer_paths since construction, all flows (Alg. 2/3 lines
   * 2–5, the SPRITZ_CACHED bit). Counted from where they went: each is still in a buffer, or left
   * it (Scout: pathsRemoved*; Spray: evsReused, as each use removes it; both: pathsRemovedDown),
   * or went with its slot at close or reopen. An increment in the cache step would take Scout's RTT-order feedback tree
   * from 766 bytes of bytecode, the most a loop inlines whole, to 776 (lib/README, "The inlining
   * race"): the bench loop then called the handler instead of inlining it (2026-12-05).
   */
  get pathsCached(): number {
    let n = this.bufferedDropped;
    n += this.variant === 0 ? this.pathsRemovedEcn + this.pathsRemovedNack + this.pathsRemovedTimeout : this.evsReused;
    n += this.pathsRemovedDown;
    for (let s = 0; s < this.capacity; s++) if (this.live[s] === 1) n += this.bufCount[s];
    return n;
  }

  /** Closes a flow; the EVs its buffer held still count in pathsCached. E_SLOT if not open. */
  override close(slot: number): number {
    if (this.isOpen(slot)) this.bufferedDropped += this.bufCount[slot];
    return super.close(slot);
  }

  // ---------------------------------------------------------------------------------------
  // Rare steps

  /** gen(w) of Alg. 1 (see the file header). */
  private sample(slot: number, now: number): number {
    if (this.restoreArmed !== 0 && ((now - this.armedAt) >>> 0) >= this.restoreNs) this.restore();
    const n = this.nList[slot];
    if (n === 0) return 0;
    const base = this.listBase[slot];
    const biased = this.biasEpoch[slot] === this.epoch + 1 ? 1 : 0;
    let ev = 0;
    for (let attempt = 0; attempt < K.Retries; attempt++) {
      let i = this.drawIndex(slot);
      if (biased !== 0) i = this.biasedIndex(slot, i, n);
      ev = this.ev[base + i];
      // Blocked (0xF0 | class) and down (0xEF, 0xFF) bytes are ≥ M.Down, available ones below.
      if (this.unavailable === 0 || this.meta[this.cellOf(slot, ev)] < M.Down) return ev;
    }
    return this.sampleUnblocked(slot, biased, ev);
  }

  /**
   * gen(w) over the unblocked paths alone, once K.Retries draws met blocked ones (rejection
   * sampling keeps P(i) = w_i / Σ unblocked w for the draws that succeed, and so does this): one
   * pass of weighted reservoir sampling, where each unblocked path replaces the pick with
   * probability w_i / (the weight seen so far). Returns `last` when every path is blocked, down
   * or weighs 0 (then `last` may be a blocked or down path: the caller can test isDown).
   */
  private sampleUnblocked(slot: number, biased: number, last: number): number {
    const K = this.K;
    const row = this.dst[slot] * K;
    const base = this.listBase[slot];
    const longest = this.longestClass(this.dst[slot]);
    let pick = last;
    let seen = 0;
    let start = 0;
    for (let c = 0; c <= longest; c++) {
      const end = this.classEnd[row + c];
      const w = this.weightQ8[longest * K + c];
      for (let i = start; i < end; i++) {
        const ev = this.ev[base + i];
        const wi = biased !== 0 && i === 0 ? this.minBiasQ8 : w;
        if (wi === 0 || this.meta[this.cellOf(slot, ev)] >= M.Down) continue;
        seen += wi;
        if (this.rng.nextBelow(seen) < wi) pick = ev;
      }
      start = end;
    }
    return pick;
  }

  /**
   * While biased: entry 0 with probability minBias / (minBias + Σw − w0), else a draw from w
   * with entry 0 rejected (the first draw `i` is reused when it is not entry 0), and after 64
   * rejections in a row one draw from the weights of entries 1 … n − 1 alone.
   */
  private biasedIndex(slot: number, i: number, n: number): number {
    if (this.rng.nextBelow(this.total[slot] - this.w0[slot] + this.minBiasQ8) < this.minBiasQ8 || n === 1) return 0;
    for (let k = 0; i === 0 && k < 64; k++) i = this.drawIndex(slot);
    return i === 0 ? this.drawPastFirst(slot) : i;
  }

  /**
   * gen(w) over entries 1 … n − 1: u below their total weight Σw − w0, found class by class
   * (entries of one class weigh alike). Rare (entry 0 drawn 64 times in a row); it returned
   * entry 1 until 2026-12-02, which gave it (w0 / Σw)^64 more than its share (review: 0.513
   * against 0.499 when w0 is 36 times the others).
   */
  private drawPastFirst(slot: number): number {
    const K = this.K;
    const row = this.dst[slot] * K;
    const longest = this.longestClass(this.dst[slot]);
    let u = this.rng.nextBelow(this.total[slot] - this.w0[slot]);
    let start = 1;
    for (let c = 0; ; c++) {
      const end = this.classEnd[row + c];
      const w = this.weightQ8[longest * K + c];
      const span = Math.max(0, end - start) * w;
      if (u < span || c === longest) return start + Math.floor(u / w);
      u -= span;
      start = Math.max(start, end);
    }
  }

  /** An index into the flow's list with P(i) = w_i / Σ w: a class from the alias table, then a path in it. */
  private drawIndex(slot: number): number {
    const K = this.K;
    const r = this.rng.nextBelow(K << 16);
    const col = r >>> 16;
    const ab = slot * Cls.Max + col;
    // Branch-free "coin < prob ? col : alias" (a mispredicted branch per draw otherwise).
    const other = this.alias[ab];
    const cls = other + ((col - other) & (((r & 0xffff) - this.aliasProb[ab]) >> 31));
    const row = this.dst[slot] * K;
    const start = cls === 0 ? 0 : this.classEnd[row + cls - 1];
    return start + this.rng.nextBelow(this.classEnd[row + cls] - start);
  }

  /**
   * One feedback after validation: the path's cell, the global timer, then a mark, or the GOOD
   * steps of Alg. 2/3 (`rttNs`: the ACK's RTT, 0 for none). Apart
   * from the handlers, and with Scout's and Spray's steps and the marks each in a method of
   * their own: V8 inlines a method of at most 460 bytes of bytecode, a loop takes at most about
   * 766 bytes of a handler's whole tree in every process, and it counts only the call sites
   * the loop reaches (lib/README "What V8 makes expensive"). So a loop fed mostly GOOD inlines
   * the handler, this and one cache step.
   */
  private feedback(slot: number, now: number, ev: number, kind: number, rttNs: number): number {
    const e1 = ev >>> 8;
    const e2 = ev & 0xff;
    const split = this.split[slot];
    const stride = this.stride[slot];
    let cell = -1;
    if (e1 < split) {
      if (e2 < stride) cell = e1 * stride + e2;
    } else if (e2 === 0 && e1 < this.size1[slot]) {
      cell = split * stride + e1 - split;
    }
    const at = this.metaBase[slot] + cell;
    const cls = this.meta[at] & M.ClassMask; // read before the test (fewer bytes); discarded for cell −1
    if (cell < 0 || cls === M.NoPath) return this.unknownEv(slot, ev);
    let r = 0;
    if (this.restoreArmed !== 0 && ((now - this.armedAt) >>> 0) >= this.restoreNs) r = this.restore();
    if (kind !== Feedback.Good) return r | this.onMark(slot, ev, kind, at, now);
    // The ECN-rate EWMA: GOOD pulls it toward 0 (onMark: marks toward 1).
    const rate = this.ecnRate[slot];
    const low = rate - (rate >> this.gainShift);
    this.ecnRate[slot] = low;
    // Alg. 2/3 test the ECN rate on every feedback: after a timer restore it can still be high.
    if (low > this.ecnRateLimit) r |= this.bias(slot, now);
    else this.biasEpoch[slot] = 0; // the congestion that set the bias is no longer detected
    const count = this.bufCount[slot];
    if (count === K.Buf) return r;
    if (this.rttOrder !== 0) return r | this.cacheByRtt(slot, ev, count, rttNs);
    return r | this.cache(slot, ev, cls, count);
  }

  /** Alg. 2 or 3 lines 2–6: caches a path that had GOOD feedback (`cls`: its class). */
  protected abstract cache(slot: number, ev: number, cls: number, count: number): number;

  /**
   * Scout's cache step under bufferOrder `rtt`: the class is the RTT's, and since the same path
   * can come back with another class, a duplicate is an equal EV anywhere in the buffer; one
   * pass over all of it finds both that and the place. A GOOD without a sample (an ACK of a
   * retransmission, a last-hop trim passed as GOOD) is not cached: the order is by measured
   * latency, and the path has none. Keyed by its latency class index (0 … 13), as until
   * 2026-12-05, it was compared with RTT classes on another scale; keyed by twice its static
   * latency (tried the same day) it sorted ahead of nearly every measured path, the static
   * latencies leaving out switches, host links and queues (README, Choices).
   * The tree onPathFeedbackRtt → feedback → cacheByRtt → insert is at V8's 766-byte inlining
   * budget (lib/README "The inlining race"): `if (!rttNs)` (an integer ≥ 0 here) and `i++` are
   * the shortest bytecode for the test and the place (the buffer is sorted, so the keys below
   * `key` are a prefix), and `<<` truncates c to ⌊rttNs / rttBucketNs⌋.
   */
  private cacheByRtt(slot: number, ev: number, count: number, rttNs: number): number {
    if (!rttNs) return 0;
    let c = rttNs / this.rttBucketNs;
    if (c > Cls.Max) c = Cls.Max;
    const key = (c << 16) | ev;
    const b = slot << 3;
    let i = 0;
    for (let j = 0; j < count; j++) {
      const x = this.buf[b + j];
      // The same EV: x − ev has its low 16 bits clear (ev is below 2^16). Shorter bytecode
      // than masking x with 0xffff, which took the RTT handler's tree past V8's budget.
      if ((x - ev) << 16 === 0) return 0;
      if (x < key) i++;
    }
    return this.insert(slot, i, key, count);
  }

  /** Puts `key` (class << 16 | EV) at position i of Scout's buffer of `count` entries. */
  protected insert(slot: number, i: number, key: number, count: number): number {
    const b = slot << 3;
    for (let j = count; j > i; j--) this.buf[b + j] = this.buf[b + j - 1];
    this.buf[b + i] = key;
    this.bufCount[slot] = count + 1;
    return R.Cached;
  }

  /** ECN, NACK and TIMEOUT: Alg. 2 lines 7–22 (Scout) or Alg. 3 lines 7–9 (Spray), then the bias test. */
  private onMark(slot: number, ev: number, kind: number, at: number, now: number): number {
    // The ECN-rate EWMA: marks (ECN, NACK) pull it toward 1; timeouts are not samples.
    const rate = this.ecnRate[slot];
    if (kind !== Feedback.Timeout) this.ecnRate[slot] = rate + ((65535 - rate) >> this.gainShift);
    const m = this.meta[at];
    let r = 0;
    if (this.variant !== 0) {
      if (kind === Feedback.Timeout) r = this.block(at, m, now); // Alg. 3 lines 7–9; ECN and NACK are ignored
    } else if (kind === Feedback.Ecn) {
      // Alg. 2 lines 7–13: count the mark; over the threshold, reset and drop the path. A blocked
      // path's nibble holds the block, not a count: a late ACK or another flow's timeout may have
      // left it in this buffer, and a mark on it drops it at once (the block already has w = 0).
      if ((m & M.Blocked) === M.Blocked) {
        r = this.remove(slot, ev, kind);
      } else {
        const n = (m >> M.CountShift) + 1;
        if (n > this.ecnThreshold) {
          this.meta[at] = m & M.ClassMask;
          r = this.remove(slot, ev, kind);
        } else {
          this.meta[at] = (n << M.CountShift) | (m & M.ClassMask);
        }
      }
    } else if (kind === Feedback.Nack) {
      // Alg. 2 lines 14–17.
      if ((m & M.Blocked) !== M.Blocked) this.meta[at] = m & M.ClassMask;
      r = this.remove(slot, ev, kind);
    } else {
      // Alg. 2 lines 18–22.
      r = this.remove(slot, ev, kind) | this.block(at, m, now);
    }
    if (this.ecnRate[slot] > this.ecnRateLimit) r |= this.bias(slot, now);
    return r;
  }

  /** Removes `ev` from Scout's buffer (it appears at most once) on feedback of `kind` (ECN, NACK or TIMEOUT). */
  private remove(slot: number, ev: number, kind: number): number {
    const b = slot << 3;
    const count = this.bufCount[slot];
    let i = 0;
    while (i < count && (this.buf[b + i] & 0xffff) !== ev) i++;
    if (i === count) return 0;
    for (let j = i + 1; j < count; j++) this.buf[b + j - 1] = this.buf[b + j];
    this.bufCount[slot] = count - 1;
    if (kind === Feedback.Ecn) this.pathsRemovedEcn++;
    else if (kind === Feedback.Nack) this.pathsRemovedNack++;
    else this.pathsRemovedTimeout++;
    return R.Removed;
  }

  /** w_i ← 0 until the global timer (Alg. 2 line 21, Alg. 3 line 8). */
  private block(at: number, m: number, now: number): number {
    if ((m & M.Blocked) === M.Blocked) return 0;
    this.arm(now);
    const cap = this.blockedCells.length;
    if (this.blockedCount === cap) {
      // Full: the oldest block is lifted early to make room.
      this.lift(this.blockedCells[this.blockedHead]);
      this.blockedHead = this.blockedHead + 1 === cap ? 0 : this.blockedHead + 1;
      this.blockedCount--;
      this.unavailable--;
      this.evictedBlocks++;
    }
    const tail = this.blockedHead + this.blockedCount;
    this.blockedCells[tail >= cap ? tail - cap : tail] = at;
    this.blockedCount++;
    this.unavailable++;
    this.meta[at] = M.Blocked | (m & M.ClassMask);
    this.blocks++;
    return R.Blocked;
  }

  /** Alg. 2/3 last line: w[0] ← minBiasFactor while the rate stays high (GOOD feedback lifts it), at most until the global timer. */
  private bias(slot: number, now: number): number {
    if (this.biasEpoch[slot] === this.epoch + 1) return 0;
    this.biasEpoch[slot] = this.epoch + 1;
    this.arm(now);
    this.biases++;
    return R.Biased;
  }

  /** Starts the global timer if it is not running. */
  private arm(now: number): void {
    if (this.restoreArmed !== 0) return;
    this.restoreArmed = 1;
    this.armedAt = now;
  }

  /** Ends a block: the ECN count starts at 0 again, and a path also down stays down (0xFF → 0xEF). */
  private lift(cell: number): void {
    const m = this.meta[cell];
    this.meta[cell] = m === M.DownBlocked ? M.DownOnly : m & M.ClassMask;
  }

  /** The global timer: every blocked path and every bias returns to eq. (1); down paths stay down. */
  private restore(): number {
    const cap = this.blockedCells.length;
    for (let k = 0; k < this.blockedCount; k++) {
      const i = this.blockedHead + k;
      this.lift(this.blockedCells[i >= cap ? i - cap : i]);
    }
    this.blockedHead = 0;
    this.blockedCount = 0;
    this.unavailable = this.downCount;
    this.epoch++;
    this.restoreArmed = 0;
    this.restores++;
    return R.Restored;
  }

  /** The longest latency class with paths in destination switch `dst`'s list (0 for an empty list). */
  private longestClass(dst: number): number {
    const row = dst * this.K;
    let longest = 0;
    for (let c = 1; c < this.K; c++) if (this.classEnd[row + c] > this.classEnd[row + c - 1]) longest = c;
    return longest;
  }

  private cellOf(slot: number, ev: number): number {
    const e1 = ev >>> 8;
    const split = this.split[slot];
    const stride = this.stride[slot];
    return this.metaBase[slot] + (e1 < split ? e1 * stride + (ev & 0xff) : split * stride + e1 - split);
  }

  /**
   * The metadata index of a valid EV of the flow's list, down paths included, or −1. A cell that
   * is no path holds exactly M.NoPath (0x0F: table.ts writes it, nothing here changes it); a down
   * path's byte has the same low nibble but a high nibble of 14 or 15.
   */
  private cellIndex(slot: number, ev: number): number {
    if (!this.isOpen(slot) || !((ev & 0xffff) === ev)) return -1;
    const c = this.table.cellOf(this.dst[slot], ev);
    if (c < 0) return -1;
    const at = this.metaBase[slot] + c;
    return this.meta[at] === M.NoPath ? -1 : at;
  }

  /** The latency class of an EV of the flow's list, from the list (a down path's byte does not hold it). */
  private listClass(slot: number, ev: number): number {
    const base = this.listBase[slot];
    let i = 0;
    while (this.ev[base + i] !== ev) i++; // ev is in the list: its cell is a path's
    return this.table.classOfEntry(this.dst[slot], i);
  }

  /**
   * Feedback on an EV whose byte has class 15: not a path (E_STATE), EV 0 of a same-switch flow
   * (0), or a path marked down, whose feedback is ignored (0, nothing changes: no ECN-rate sample,
   * no timer check, no block, and a GOOD does not put the path back into a buffer).
   */
  private unknownEv(slot: number, ev: number): number {
    if (this.nList[slot] === 0 && ev === 0) return 0;
    if (this.downCount !== 0 && this.cellIndex(slot, ev) >= 0) return 0;
    return this.fail(E_STATE);
  }

  /**
   * Takes `ev` out of the buffer of every open flow of this table to the same destination switch
   * (Scout: its one entry; Spray: every copy, the ring's order kept). Returns the entries taken.
   */
  private dropDown(slot: number, ev: number): number {
    const dst = this.dst[slot];
    let dropped = 0;
    for (let s = 0; s < this.capacity; s++) {
      if (this.live[s] !== 1 || this.dst[s] !== dst) continue;
      const b = s << 3;
      const count = this.bufCount[s];
      const head = this.bufHead[s]; // Scout's is always 0
      let kept = 0;
      for (let j = 0; j < count; j++) {
        const x = this.buf[b + ((head + j) & K.BufMask)];
        if ((x & 0xffff) === ev) continue;
        this.buf[b + ((head + kept) & K.BufMask)] = x;
        kept++;
      }
      this.bufCount[s] = kept;
      dropped += count - kept;
    }
    this.pathsRemovedDown += dropped;
    return dropped;
  }
}

/** Spritz-Scout (§IV-A): reuse the shortest good path until negative feedback. */
export class SpritzScout extends SpritzBase {
  constructor(params: SpritzParamsInput = {}, capacity = 1) {
    super(0, params, capacity);
  }

  /** Alg. 2 lines 2–6: insert by latency (class, then EV), no duplicates. */
  protected cache(slot: number, ev: number, cls: number, count: number): number {
    const b = slot << 3;
    const key = (cls << 16) | ev;
    let i = 0;
    while (i < count && this.buf[b + i] < key) i++;
    if (i < count && this.buf[b + i] === key) return 0;
    return this.insert(slot, i, key, count);
  }
}

/** Spritz-Spray (§IV-B): spray over recycled good paths, each used once per positive feedback. */
export class SpritzSpray extends SpritzBase {
  constructor(params: SpritzParamsInput = {}, capacity = 1) {
    super(1, params, capacity);
  }

  /** Alg. 3 lines 2–6: append, duplicates allowed. */
  protected cache(slot: number, ev: number, _cls: number, count: number): number {
    this.buf[(slot << 3) + ((this.bufHead[slot] + count) & K.BufMask)] = ev;
    this.bufCount[slot] = count + 1;
    return R.Cached;
  }
}
