// REPS: Recycled Entropy Packet Spraying (Bonato et al., EuroSys'26; arXiv 2407.21625), exactly as
// restated in notes/uec-nscc-reps-pds.md §1.2–1.4, with the artifact's and uet-htsim's choices
// behind named options (params.ts). UEC 1.0 §3.6.16 names it as its path-aware spraying example.
//
//   paper Table 1 (state)     → LAYOUT below: 8 cached EVs, their valid bits, head, the count of
//                               valid EVs, freezing flag and exit time, the explore counter.
//   Alg. 1 (on ACK)           → onPathFeedback: recycle the EV of an unmarked ACK (GOOD) only.
//   Alg. 2 (on send)          → choosePath: explore window, random EV when nothing valid is
//                               cached (and not frozen), else the oldest valid EV (FIFO), else —
//                               frozen — a stale one.
//   Appendix A (failures)     → a TIMEOUT with trimming, or onTimeoutRtt with a low recent RTT
//                               without trimming, enters freezing unless already frozen or
//                               exploring; freezing ends freezeTimeoutNs later.
//
// The random EV is floor(u × evCount / 2^32) of the table's xoshiro128** (lib/core).
// Time is a wrapping ns tick compared by difference; the exit test is "now > exit" (Alg. 1),
// read as "exit − now, unsigned, exceeds freezeTimeoutNs": the exit is never further ahead than
// that, so a flow that idles 2^31 ns or more past it still unfreezes (a gap below 2^32 − freezeTimeoutNs).

import { E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { Feedback } from "../feedback";
import { type RepsParams, type RepsParamsInput, resolveRepsParams } from "./params";

/**
 * Per-connection state, 25 B + the open flag = 26 B (paper Table 1: 193 bits ≈ 25 B).
 * `state` packs the freezing flag (bit 0), the number of GOOD writes, capped at 8 (bits 1–4,
 * "buffer never written" is count = 0; the paper's stale cycle moves head, so a slot can be
 * written twice before the cap), and the frozen read pointer of frozenSelect "cycle" (bits 5–7).
 */
const LAYOUT = {
  ring: ["u16", 8], // cachedEV[8]
  valid: "u8", // isValid[8] as a bit mask
  head: "u8", // next slot to write
  nValid: "u8", // numberOfValidEVs
  state: "u8", // isFreezingMode | count << 1 | frozenPtr << 5
  explore: "u8", // exploreCounter
  exitFreeze: "i32", // exitFreezingMode, ns tick
} as const;

const enum S {
  Frozen = 1,
  CountShift = 1,
  CountMask = 0x1e,
  CountOne = 2,
  CountFull = 16, // 8 << 1
  PtrShift = 5,
  PtrMask = 0xe0,
  N = 8,
  Mask = 7,
}

const enum R {
  Cached = 1,
  Freeze = 2,
  Unfreeze = 4,
}

/** onPathFeedback / onTimeoutRtt result bits (negative results are errors, lib/core/errors). */
/** the EV was recycled into the buffer (Alg. 1) */
export const REPS_CACHED: number = R.Cached;
/** a failure was detected and freezing began */
export const REPS_FREEZE: number = R.Freeze;
/** freezing ended; the exploration window started */
export const REPS_UNFREEZE: number = R.Unfreeze;

export class Reps extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    choosePath: ["slot", "nowNs", "psn"],
    onPathFeedback: ["slot", "nowNs", "ev", "kind"],
    onTimeoutRtt: ["slot", "nowNs", "ev", "recentMaxRttNs"],
    cached: ["slot", "i"],
  };

  readonly params: Readonly<RepsParams>;
  private readonly ring = this.col.ring;
  private readonly valid = this.col.valid;
  private readonly head = this.col.head;
  private readonly nValid = this.col.nValid;
  private readonly state = this.col.state;
  private readonly explore = this.col.explore;
  private readonly exitFreeze = this.col.exitFreeze;
  private readonly rng: Xoshiro128;
  private readonly evCount: number;
  private readonly freezeNs: number;
  private readonly explorePackets: number;
  // Behaviour switches as 0/1 numbers (lib/README.md: V8 tests a number field in one compare).
  private readonly exploreAll: number;
  private readonly exitOnAny: number;
  private readonly exitOnTimeout: number;
  private readonly cycle: number;
  private readonly clearOnExit: number;
  private readonly freezing: number;
  private readonly trimming: number;
  private readonly failureRttNs: number;
  /**
   * What the table decided since construction, all flows (choosePath returns only the EV, and the
   * fabric reads these when the run reports): freezes entered (REPS_FREEZE) and left
   * (REPS_UNFREEZE); EVs chosen at random because nothing was ever cached (frozen or not) or nothing
   * valid is and the flow is not frozen (Alg. 2: a new or drained connection), chosen at random by the post-freeze exploration
   * window (Alg. 2 lines 1–3), taken from the cache as a valid recycled EV (get_next_ev, used
   * once), and reused while frozen although already used (get_next_ev's stale cycle, or
   * frozenSelect "cycle" on an entry no longer valid).
   */
  freezes = 0;
  /** Freezes left (REPS_UNFREEZE), all flows (see freezes). */
  unfreezes = 0;
  /** EVs drawn at random with nothing cached, or nothing valid and not frozen (Alg. 2), all flows (see freezes). */
  evsRandom = 0;
  /** EVs drawn at random by the post-freeze exploration window (Alg. 2 lines 1–3), all flows (see freezes). */
  evsExplored = 0;
  /** EVs taken from the cache as valid recycled entries (get_next_ev, used once), all flows (see freezes). */
  evsRecycled = 0;
  /** EVs reused while frozen although already used or no longer valid, all flows (see freezes). */
  evsStale = 0;

  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params: RepsParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveRepsParams(params);
    this.params = Object.freeze(p);
    this.rng = new Xoshiro128(p.seed);
    this.evCount = p.evCount;
    this.freezeNs = p.freezeTimeoutNs;
    this.explorePackets = p.explorePackets;
    this.exploreAll = p.exploreAfterFreeze === "all" ? 1 : 0;
    this.exitOnAny = p.freezeExitCheck === "good" ? 0 : 1;
    this.exitOnTimeout = p.freezeExitCheck === "any" ? 1 : 0;
    this.cycle = p.frozenSelect === "cycle" ? 1 : 0;
    this.clearOnExit = p.clearOnUnfreeze ? 1 : 0;
    this.freezing = p.freezing ? 1 : 0;
    this.trimming = p.trimming ? 1 : 0;
    this.failureRttNs = p.failureRttFactor * p.baseRttNs;
  }

  /** Opens a connection with an empty buffer: its first window is sprayed at random. */
  open(slot: number): void {
    this.openSlot(slot);
  }

  /** Alg. 2: the EV for the next packet (new data, retransmission or probe). */
  choosePath(slot: number, nowNs: number, psn: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const explore = this.explore[slot];
    if (explore > 0) {
      // Alg. 2 lines 1–3: the exploration window after freezing; read literally only every N-th
      // packet of it is random ("every-nth"), the code bases make every packet random ("all").
      this.explore[slot] = explore - 1;
      if (this.exploreAll !== 0 || ((explore - 1) & S.Mask) === 0) {
        this.evsExplored++;
        return this.rng.nextBelow(this.evCount);
      }
    }
    const st = this.state[slot];
    const nValid = this.nValid[slot];
    if ((st & S.CountMask) === 0 || (nValid === 0 && (st & S.Frozen) === 0)) {
      this.evsRandom++;
      return this.rng.nextBelow(this.evCount);
    }
    if ((st & S.Frozen) !== 0 && this.cycle !== 0) return this.frozenCycle(slot, st);
    const base = slot << 3;
    if (nValid > 0) {
      // get_next_ev: the oldest valid entry, used once.
      const i = (this.head[slot] - nValid) & S.Mask;
      this.valid[slot] &= ~(1 << i);
      this.nValid[slot] = nValid - 1;
      this.evsRecycled++;
      return this.ring[base + i];
    }
    // Frozen with nothing valid: cycle through the stale entries by advancing head (Alg. 2).
    const h = this.head[slot];
    this.head[slot] = (h + 1) & S.Mask;
    this.evsStale++;
    return this.ring[base + h];
  }

  /**
   * Feedback for a packet that carried `ev` (UEC process_ev). GOOD recycles it (Alg. 1); ECN and
   * NACK let it go; TIMEOUT is a failure when switches trim (Appendix A). Returns REPS_* bits;
   * E_STATE for an EV at or past evCount, E_SLOT / E_ARG.
   */
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 0xffff) === ev)) {
      return this.reject(slot);
    }
    // lib/lb/README: an EV the flow could not have been given (past its EV space) is E_STATE.
    if (ev >= this.evCount) return this.fail(E_STATE);
    const now = nowNs | 0;
    let r = 0;
    if (kind === Feedback.Timeout && this.trimming !== 0) r = this.failureDetected(slot, now);
    if (this.exitOnAny !== 0) r |= this.exitOnFeedback(slot, now, kind);
    if (kind !== Feedback.Good) return r;
    // Alg. 1: an unmarked ACK recycles its EV into the slot at head, overwriting the oldest.
    const h = this.head[slot];
    const bit = 1 << h;
    const valid = this.valid[slot];
    if ((valid & bit) === 0) {
      this.valid[slot] = valid | bit;
      this.nValid[slot] += 1;
    }
    this.ring[(slot << 3) + h] = ev;
    this.head[slot] = (h + 1) & S.Mask;
    const st = this.state[slot];
    if ((st & S.CountMask) !== S.CountFull) this.state[slot] = st + S.CountOne;
    if (this.exitOnAny === 0 && (st & S.Frozen) !== 0 && ((this.exitFreeze[slot] - now) >>> 0) > this.freezeNs) {
      // With clearOnUnfreeze the exit empties the ring, this EV included: no longer cached.
      r |= this.unfreeze(slot);
      return this.nValid[slot] !== 0 ? r | R.Cached : r;
    }
    return r | R.Cached;
  }

  /**
   * A timeout without trimming (Appendix A): it is a failure, not congestion, when the largest RTT
   * seen recently stayed below failureRttFactor × baseRttNs (the artifact's test: max RTT of the
   * last ~2 RTO < 1.65 × base RTT, each connection's own). The caller keeps that maximum; where
   * its flows' base RTTs differ it passes max × baseRttNs / the flow's own, so that the table's one
   * baseRttNs stands for each flow's (README "Numbers"). With trimming on this is the
   * same as onPathFeedback(…, TIMEOUT). Returns REPS_FREEZE, REPS_UNFREEZE (only under
   * freezeExitCheck "any", which tests the exit on timeouts too) or 0, never both; E_STATE for
   * an EV at or past evCount, E_SLOT / E_ARG.
   */
  onTimeoutRtt(slot: number, nowNs: number, ev: number, recentMaxRttNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (ev & 0xffff) === ev && recentMaxRttNs >= 0 && recentMaxRttNs <= 2 ** 31)) {
      return this.reject(slot);
    }
    if (ev >= this.evCount) return this.fail(E_STATE);
    const now = nowNs | 0;
    let r = 0;
    if (this.trimming !== 0 || recentMaxRttNs < this.failureRttNs) r = this.failureDetected(slot, now);
    if (this.exitOnAny !== 0) r |= this.exitOnFeedback(slot, now, Feedback.Timeout);
    return r;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /**
   * isFreezingMode (Appendix A): from a detected failure (REPS_FREEZE) until feedback after exitFreezeNs
   * ends it (REPS_UNFREEZE; which feedback tests the exit is freezeExitCheck); false if not open.
   */
  frozen(slot: number): boolean {
    return this.isOpen(slot) && (this.state[slot] & S.Frozen) !== 0;
  }

  /** numberOfValidEVs: cached EVs not yet used by choosePath, 0…8 (GOOD feedback writes them); −1 if not open. */
  validCount(slot: number): number {
    return this.isOpen(slot) ? this.nValid[slot] : -1;
  }

  /** exploreCounter: packets left in the post-freeze exploration window (explorePackets at unfreeze, −1 per choosePath); −1 if not open. */
  exploreCounter(slot: number): number {
    return this.isOpen(slot) ? this.explore[slot] : -1;
  }

  /** GOOD writes since open or the last clearing exit, capped at 8 (0: never written). */
  writtenCount(slot: number): number {
    return this.isOpen(slot) ? (this.state[slot] & S.CountMask) >> S.CountShift : -1;
  }

  /** head: the ring index 0…7 the next GOOD EV is written to (a frozen stale cycle advances it too); −1 if not open. */
  headIndex(slot: number): number {
    return this.isOpen(slot) ? this.head[slot] : -1;
  }

  /** The EV in ring slot i (for tests and vectors). */
  cached(slot: number, i: number): number {
    return this.isOpen(slot) && (i | 0) === i && i >= 0 && i < S.N ? this.ring[(slot << 3) + i] : -1;
  }

  /** exitFreezingMode: (freeze tick + freezeTimeoutNs) | 0, an int32 ns tick set when a freeze begins and kept after it ends; 0 before any, −1 if not open. */
  exitFreezeNs(slot: number): number {
    return this.isOpen(slot) ? this.exitFreeze[slot] : -1;
  }

  // ---------------------------------------------------------------------------------------
  // Rare steps

  /** on_failure_detected: freeze unless frozen already or still exploring. */
  private failureDetected(slot: number, now: number): number {
    if (this.freezing === 0) return 0;
    const st = this.state[slot];
    if ((st & S.Frozen) !== 0 || this.explore[slot] !== 0) return 0;
    this.state[slot] = st | S.Frozen;
    this.exitFreeze[slot] = (now + this.freezeNs) | 0;
    this.freezes++;
    return R.Freeze;
  }

  /**
   * freezeExitCheck "ack-nack" (the artifact) and "any" (uet-htsim): feedback of `kind` ends a
   * freeze whose exit time has come; a timeout only under "any". Out of line, so that the default
   * profile's onPathFeedback stays within V8's inlining size.
   */
  private exitOnFeedback(slot: number, now: number, kind: number): number {
    if (kind === Feedback.Timeout && this.exitOnTimeout === 0) return 0;
    return (this.state[slot] & S.Frozen) !== 0 && ((this.exitFreeze[slot] - now) >>> 0) > this.freezeNs ? this.unfreeze(slot) : 0;
  }

  private unfreeze(slot: number): number {
    let st = this.state[slot] & ~S.Frozen;
    this.explore[slot] = this.explorePackets;
    if (this.clearOnExit !== 0) {
      this.valid[slot] = 0;
      this.nValid[slot] = 0;
      this.head[slot] = 0;
      st = 0;
      this.ring.fill(0, slot << 3, (slot << 3) + S.N);
    }
    this.state[slot] = st;
    this.unfreezes++;
    return R.Unfreeze;
  }

  /** frozenSelect "cycle": the next written entry under a pointer of its own, marked used. */
  private frozenCycle(slot: number, st: number): number {
    const count = (st & S.CountMask) >> S.CountShift;
    const ptr = (st & S.PtrMask) >> S.PtrShift;
    const bit = 1 << ptr;
    const valid = this.valid[slot];
    if ((valid & bit) !== 0) {
      this.valid[slot] = valid & ~bit;
      this.nValid[slot] -= 1;
      this.evsRecycled++;
    } else this.evsStale++;
    const next = ptr + 1 === count ? 0 : ptr + 1;
    this.state[slot] = (st & ~S.PtrMask) | (next << S.PtrShift);
    return this.ring[(slot << 3) + ptr];
  }
}
