// DCQCN reaction point (the sender's rate limiter), as one sans-IO table of flows.
//
// Read first:
//   DCQCN (Zhu et al., SIGCOMM 2015) §3 RP: on a CNP R_T ← R_C, R_C ← R_C(1 − α/2),
//     α ← (1 − g)α + g; α ← (1 − g)α every K without a CNP; rate increase events from a timer T
//     and a byte counter B: fast recovery R_C ← (R_T + R_C)/2 while both stages are below F,
//     additive R_T += R_AI once one reaches F, hyper R_T += i·R_HAI once both have
//     (i = min(stages) − F + 1). Authors' ns-3 qbb-net-device.cc for the clamp rule and the
//     halved periods in hyper increase.
//   HPCC simulator rdma-hw.cc (Mellanox version): cnp_received_mlx, UpdateAlphaMlx (every
//     t_alpha), CheckRateDecreaseMlx (every t_dec), RateIncEventTimerMlx (every t_inc; stage < F
//     fast recovery, = F additive, > F hyper with a constant R_HAI).
//   notes/baselines.md §3.2–3.3 restate both.
//
// The caller owns the timers: after any handler, read nextTimerNs(slot) (when timerArmed) and
// call onTimer(slot, nowNs) at or after it; onTimer runs each timer that is due once and
// reschedules it at nowNs + its period.
//
// Units and representation (DESIGN.md rule 5): rates in kb/s in int32 (2 Tb/s at most), α in
// Q16, time as wrapping ns ticks compared by difference. Rounding, written once:
//   cut            R_C = max(minRate, floor(R_C × (2^17 − αQ16) / 2^17))       (× (1 − α/2))
//   α              αQ16 = floor(αQ16 × (2^16 − gQ16) / 2^16) [+ gQ16 with a CNP]
//   averaging      R_C = floor((R_T + R_C) / 2), capped at the line rate
//   steps          R_T = min(line, R_T + step)
//   initial rate   R_C = R_T = max(minRate, round(initRate)), minRate ≤ line rate (constructor)
//   window         floor(windowBytes × R_C / line) with varWindow (mulDivWide: exact)

import { isByteCount, mulQ16, q16, satAdd, satSub } from "../../core/fixed";
import { rateBoundsKbps } from "../params";
import { rateWindowBytes } from "../rate-window";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { tickDeadlineCame, tickLatestCameNs } from "../../core/ticks";
import { type DcqcnParams, type DcqcnParamsInput, resolveDcqcnParams } from "./params";

/** Per-flow state: 40 B of int32 columns + 1 B + the open flag = 42 B. */
const LAYOUT = {
  rc: "i32", // kb/s, current rate R_C
  rt: "i32", // kb/s, target rate R_T
  alpha: "i32", // Q16
  byteStage: "i32", // byte-counter increase events since the last cut (paper)
  timeStage: "i32", // timer increase events since the last cut
  txBytes: "i32", // bytes sent since the last byte-counter event (paper)
  alphaDue: "i32", // tick of the α timer
  incDue: "i32", // tick of the increase timer
  decDue: "i32", // tick of the decrease check (mellanox)
  inflight: "i32", // bytes, signed (optional window)
  flags: "u8",
} as const;

const enum Fl {
  Armed = 1, // α timer (and, mellanox, decrease check) running: a CNP has arrived
  IncArmed = 2, // increase timer running
  AlphaCnp = 4, // mellanox: a CNP arrived since the last α update
  DecCnp = 8, // mellanox: a CNP arrived since the last decrease check
}

/** Result bits of onCnp / onTimer / onSend (exported below as DCQCN_*). */
const enum R {
  Decrease = 1,
  Alpha = 2,
  FastRecovery = 4,
  Additive = 8,
  Hyper = 16,
}

const enum K {
  One = 65536,
  Two = 131072,
  StageMax = 1048576, // stage counters saturate at 2^20
  GapCap = 2147483647,
}

/** R_C cut by α/2 */
export const DCQCN_DECREASE: number = R.Decrease;
/** α updated by its timer */
export const DCQCN_ALPHA: number = R.Alpha;
/** R_C ← (R_T + R_C)/2 */
export const DCQCN_FAST_RECOVERY: number = R.FastRecovery;
/** R_T += R_AI, then averaging */
export const DCQCN_ADDITIVE: number = R.Additive;
/** R_T += i·R_HAI (mellanox: R_HAI), then averaging */
export const DCQCN_HYPER: number = R.Hyper;

export class Dcqcn extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onCnp: ["slot", "nowNs"],
    onTimer: ["slot", "nowNs"],
    onSend: ["slot", "nowNs", "bytes"],
    onAck: ["slot", "nowNs", "ackedBytes"],
    onLoss: ["slot", "nowNs", "bytes"],
    onRestore: ["slot", "nowNs", "bytes"],
    canSend: ["slot", "bytes"],
    pacingGapNs: ["slot", "bytes"],
  };

  readonly params: Readonly<DcqcnParams>;

  private readonly rc = this.col.rc;
  private readonly rt = this.col.rt;
  private readonly alpha = this.col.alpha;
  private readonly byteStage = this.col.byteStage;
  private readonly timeStage = this.col.timeStage;
  private readonly txBytes = this.col.txBytes;
  private readonly alphaDue = this.col.alphaDue;
  private readonly incDue = this.col.incDue;
  private readonly decDue = this.col.decDue;
  private readonly inflight = this.col.inflight;
  private readonly flags = this.col.flags;

  private readonly lineKbps: number;
  private readonly minKbps: number;
  private readonly initKbps: number;
  private readonly gQ16: number;
  private readonly alpha0: number;
  private readonly alphaPeriod: number;
  private readonly decPeriod: number;
  private readonly incPeriod: number;
  /**
   * The latest a Mellanox timer's deadline can be, (now − due) >>> 0, and still have come
   * (tickLatestCameNs of its longest lead; the first check is set a period and 1 ns ahead, onCnp).
   */
  private readonly alphaLateMax: number;
  private readonly decLateMax: number;
  private readonly incLateMax: number;
  private readonly byteCounter: number;
  private readonly f: number;
  private readonly aiKbps: number;
  private readonly haiKbps: number;
  private readonly firstCnpQ16: number;
  private readonly window: number;
  private readonly mellanox: number;
  private readonly clamp: number;
  private readonly halving: number;
  private readonly varWindow: number;

  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params: DcqcnParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveDcqcnParams(params);
    this.params = Object.freeze(p);
    // Rounding to kb/s can reverse min ≤ init ≤ line (lib/cc/params.ts): R_C starts at least at
    // the minimum, which every cut keeps (notes/baselines.md §3.2 R_C ← max(min_rate,
    // R_C(1 − α/2))), so that no CNP can raise R_C.
    const r = rateBoundsKbps(p.linkGbps, p.minRateMbps, p.initRateGbps);
    this.lineKbps = r.lineKbps;
    this.minKbps = r.minKbps;
    this.initKbps = r.initKbps;
    this.gQ16 = q16(p.g);
    this.alpha0 = q16(p.initialAlpha);
    this.alphaPeriod = Math.round(p.alphaTimerNs);
    this.decPeriod = Math.round(p.decreaseTimerNs);
    this.incPeriod = Math.round(p.increaseTimerNs);
    this.alphaLateMax = tickLatestCameNs(this.alphaPeriod);
    this.decLateMax = tickLatestCameNs(this.decPeriod + 1);
    this.incLateMax = tickLatestCameNs(this.incPeriod);
    this.byteCounter = p.byteCounterBytes;
    this.f = p.fastRecoverySteps;
    this.aiKbps = Math.round(p.aiMbps * 1000);
    this.haiKbps = Math.round(p.haiMbps * 1000);
    this.firstCnpQ16 = q16(p.rateOnFirstCnp);
    this.window = p.windowBytes;
    this.mellanox = p.rp === "mellanox" ? 1 : 0;
    this.clamp = p.clampTargetRate ? 1 : 0;
    this.halving = p.hyperHalving ? 1 : 0;
    this.varWindow = p.varWindow ? 1 : 0;
  }

  /** Starts a flow at initRateGbps (at least the minimum rate; R_T = R_C), α = initialAlpha, no timer armed. */
  open(slot: number): void {
    this.openSlot(slot);
    this.rc[slot] = this.initKbps;
    this.rt[slot] = this.initKbps;
    this.alpha[slot] = this.alpha0;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * A congestion notification packet (or an ACK carrying the CNP flag). Paper RP: cut now and
   * restart the α and increase timers (returns DCQCN_DECREASE). Mellanox RP: remember it for
   * the next α update and decrease check; the first one arms those timers (returns 0). The first
   * CNP counts for the first decrease check but not for the α update: it sets α = initialAlpha.
   */
  onCnp(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    const flags = this.flags[slot];
    if (this.mellanox !== 0) {
      if ((flags & Fl.Armed) === 0) {
        // cnp_received_mlx, first CNP: α = initialAlpha (HPCC's 1 by default), timers armed,
        // R_T = R_C = RateOnFirstCnp × R_C
        this.alpha[slot] = this.alpha0;
        this.alphaDue[slot] = (now + this.alphaPeriod) | 0;
        // HPCC adds 1 ns so that the first decrease check follows an α update due at the same time.
        this.decDue[slot] = (now + this.decPeriod + 1) | 0;
        const rate = this.bounded(mulQ16(this.rc[slot], this.firstCnpQ16));
        this.rc[slot] = rate;
        this.rt[slot] = rate;
        this.flags[slot] = flags | Fl.Armed | Fl.DecCnp;
        return 0;
      }
      this.flags[slot] = flags | Fl.AlphaCnp | Fl.DecCnp;
      return 0;
    }
    // Paper: R_T ← R_C (always with clamping, else once an increase stage has started).
    if (this.clamp !== 0 || this.byteStage[slot] !== 0 || this.timeStage[slot] !== 0) this.rt[slot] = this.rc[slot];
    this.cut(slot, this.alpha[slot]);
    // α ← (1 − g)α + g
    this.alpha[slot] = this.decayedAlpha(slot) + this.gQ16;
    this.byteStage[slot] = 0;
    this.timeStage[slot] = 0;
    this.txBytes[slot] = 0;
    this.alphaDue[slot] = (now + this.alphaPeriod) | 0;
    this.incDue[slot] = (now + this.incPeriod) | 0;
    this.flags[slot] = flags | Fl.Armed | Fl.IncArmed;
    return R.Decrease;
  }

  /**
   * Runs every timer of the flow that is due at `nowNs`, each at most once, and reschedules it at
   * nowNs + its period. Paper RP: the α timer, then the increase timer. Mellanox RP: in the order
   * on-time calls would have run them, the earliest deadline first; at one deadline the longer
   * period first, and α update, decrease check, rate increase on a full tie; a check that cuts
   * drops an increase due after it (rescheduled t_inc after nowNs without running). Returns
   * DCQCN_* bits for what happened (0 when nothing was due).
   */
  onTimer(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    // One body per RP: each is small enough for V8 to inline with the handler into the
    // caller's loop, which one body for both was not (lib/README "What V8 makes expensive").
    return this.mellanox !== 0 ? this.mellanoxTimers(slot, nowNs | 0) : this.paperTimers(slot, nowNs | 0);
  }

  /**
   * `bytes` leave for the network. Paper RP: every byteCounterBytes (halved in hyper increase)
   * is a byte-counter increase event, at most one per call (the remainder carries over; the
   * count is int32 and saturates at 2^31 − 1).
   * Returns DCQCN_* bits of that event, or 0.
   */
  onSend(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    if (this.byteCounter === 0 || (this.flags[slot] & Fl.Armed) === 0) return 0;
    const tx = satAdd(this.txBytes[slot], bytes);
    const threshold = this.hyper(slot) ? this.byteCounter >> 1 : this.byteCounter;
    if (tx < threshold) {
      this.txBytes[slot] = tx;
      return 0;
    }
    this.txBytes[slot] = tx - threshold;
    const bs = this.byteStage[slot];
    this.byteStage[slot] = bs < K.StageMax ? bs + 1 : bs;
    return this.increasePaper(slot);
  }

  /** `ackedBytes` acknowledged: only the optional window's inflight count changes. */
  onAck(slot: number, nowNs: number, ackedBytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(ackedBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], ackedBytes);
    return 0;
  }

  /**
   * `bytes` presumed lost (a NACK, a timeout) leave the optional window's inflight. The RP reacts
   * to CNPs only (§3.2), so nothing else changes; without this a window would fill with bytes
   * that will never be acknowledged. Returns 0, or E_SLOT / E_ARG.
   */
  onLoss(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    return 0;
  }

  /**
   * `bytes` onLoss took out turn out not lost (the ACK that covers them is on its way): they are
   * in flight again until that ACK takes them out. Unlike onSend they were not sent again, so
   * the byte counter stays. Returns 0, or E_SLOT / E_ARG.
   */
  onRestore(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /**
   * Rate based: true unless a window is configured and `bytes` more would exceed it. A slot that
   * is not open, or `bytes` that is not a byte count (an integer in [0, 2^30]), returns false and
   * counts one error.
   */
  canSend(slot: number, bytes: number): boolean {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) {
      this.errors++;
      return false;
    }
    if (this.window === 0) return true;
    const inflight = this.inflight[slot];
    return inflight <= 0 || inflight + bytes <= rateWindowBytes(this.window, this.varWindow, this.rc[slot], this.lineKbps);
  }

  /**
   * The current rate R_C (DCQCN §3 RP) in bits/s, the kb/s column × 1000, between the minimum and the line rate; 0 for
   * a slot that is not open.
   */
  rateBps(slot: number): number {
    return (this.rc[slot] | 0) * 1000;
  }

  /**
   * The target rate R_T (DCQCN §3 RP) in bits/s (kb/s × 1000): R_C before a cut (with clampTargetRate, or once a stage
   * started), + R_AI or R_HAI in additive or hyper increase, up to the line rate; 0 for a slot that is not open.
   */
  targetRateBps(slot: number): number {
    return (this.rt[slot] | 0) * 1000;
  }

  /**
   * α as a real number in [0, 1] (held in Q16): initialAlpha at open (mellanox: again at the first CNP), then (1−g)α+g
   * per CNP (mellanox: per α period with one) and (1−g)α per α period without; 0 for a slot that is not open.
   */
  alphaValue(slot: number): number {
    return (this.alpha[slot] | 0) / K.One;
  }

  /** Serialisation time of `bytes` at R_C, rounded up. E_SLOT / E_ARG for bad input. */
  pacingGapNs(slot: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) return this.reject(slot);
    const gap = Math.ceil((bytes * 8_000_000) / this.rc[slot]);
    return gap < K.GapCap ? gap : K.GapCap;
  }

  /** True while a timer is pending (from the first CNP on). */
  timerArmed(slot: number): boolean {
    return this.live[slot] === 1 && (this.flags[slot] & (Fl.Armed | Fl.IncArmed)) !== 0;
  }

  /** The tick of the earliest pending timer; meaningful only while timerArmed (else 0). */
  nextTimerNs(slot: number): number {
    const flags = this.live[slot] === 1 ? this.flags[slot] : 0;
    // The increase timer is armed only with or after the others (Armed is set first, by a CNP).
    if ((flags & Fl.Armed) === 0) return 0;
    // Each deadline read once: the reader is inlined with onTimer into a caller's timer loop,
    // and its bytecode counts against the same V8 budget (lib/README).
    let t = this.alphaDue[slot];
    const dec = this.mellanox !== 0 ? this.decDue[slot] : t;
    if (((dec - t) | 0) < 0) t = dec;
    const inc = (flags & Fl.IncArmed) !== 0 ? this.incDue[slot] : t;
    return ((inc - t) | 0) < 0 ? inc : t;
  }

  /**
   * The send window in bytes (0: none): windowBytes, with varWindow scaled by R_C / line rate (HPCC GetWin: floored,
   * and 1 when that floors to 0); 0 for a slot that is not open (lib/README.md, "Readers").
   */
  windowBytes(slot: number): number {
    return this.live[slot] === 1 ? rateWindowBytes(this.window, this.varWindow, this.rc[slot], this.lineKbps) : 0;
  }

  /**
   * Bytes in flight for the optional window: onSend and onRestore add, onAck and onLoss subtract, saturating at the
   * int32 limits and not floored at 0 (it may go negative); 0 for a slot that is not open.
   */
  inflightBytes(slot: number): number {
    return this.inflight[slot] | 0;
  }

  /**
   * The paper RP's byte-counter stage: byte-counter increase events since the last CNP, saturating at 2^20; always 0
   * with rp mellanox or byteCounterBytes 0, and for a slot that is not open.
   */
  byteStageCount(slot: number): number {
    return this.byteStage[slot] | 0;
  }

  /**
   * The timer stage: increase-timer events since the last cut (paper: the CNP; mellanox: the decrease check that cut),
   * saturating at 2^20; 0 for a slot that is not open.
   */
  timeStageCount(slot: number): number {
    return this.timeStage[slot] | 0;
  }

  // ---------------------------------------------------------------------------------------
  // Steps

  /** floor((1 − g)α): with 0 ≤ α, g ≤ 2^16 the quotient is in [0, α], so `| 0` floors it. */
  private decayedAlpha(slot: number): number {
    return ((this.alpha[slot] * (K.One - this.gQ16)) / K.One) | 0;
  }

  /** Paper RP timers: the α timer K, then the increase timer T (halved in hyper increase). */
  private paperTimers(slot: number, now: number): number {
    let flags = this.flags[slot];
    let r = 0;
    if ((flags & Fl.Armed) !== 0 && tickDeadlineCame(this.alphaDue[slot], now, this.alphaPeriod)) {
      flags = this.alphaTimer(slot, now, flags);
      r = R.Alpha;
    }
    // Tested against the full T even in hyper increase: the deadline may have been set T ahead
    // before the stages reached F, and must not read as passed while it is still ahead.
    if ((flags & Fl.IncArmed) !== 0 && tickDeadlineCame(this.incDue[slot], now, this.incPeriod)) {
      const ts = this.timeStage[slot];
      this.timeStage[slot] = ts < K.StageMax ? ts + 1 : ts;
      r |= this.increasePaper(slot);
      this.incDue[slot] = (now + (this.hyper(slot) ? this.incPeriod >> 1 : this.incPeriod)) | 0;
    }
    this.flags[slot] = flags;
    return r;
  }

  /**
   * Mellanox RP timers: UpdateAlphaMlx, CheckRateDecreaseMlx and RateIncEventTimerMlx, run as
   * ns-3 would have run them on time: by deadline, and at one tick in the order they were
   * scheduled. So a rate increase runs before a decrease check due at the same tick when it was
   * scheduled first (t_inc before it, the check t_dec before it: in the `hpcc` preset, 300 = 75 ×
   * 4 µs, every increase falls on a check) and the check then sees the stage the increase
   * counted and clamps R_T. A caller late past several deadlines gets each timer once, still in
   * deadline order. Only the check's place matters: the α update and the increase touch
   * disjoint state.
   */
  private mellanoxTimers(slot: number, now: number): number {
    let flags = this.flags[slot];
    // The increase timer is armed only with or after the others (nextTimerNs).
    if ((flags & Fl.Armed) === 0) return 0;
    // How late each deadline is, unsigned (one that reads as ahead is 2^32 less its lead late):
    // read once for both tests, whether it came (`*LateMax`) and which runs first.
    const alphaLateNs = (now - this.alphaDue[slot]) >>> 0;
    const decLateNs = (now - this.decDue[slot]) >>> 0;
    const incLateNs = (now - this.incDue[slot]) >>> 0;
    const alphaNow = alphaLateNs <= this.alphaLateMax;
    let incNow = (flags & Fl.IncArmed) !== 0 && incLateNs <= this.incLateMax;
    let r = 0;
    // The check's cut reads α, which the α update changes: a check that runs before the update
    // cuts with the α the update found. The update is written once, so that V8 inlines this
    // body with the handler into the caller's loop (one call site, not two).
    let cutAlphaQ16 = this.alpha[slot];
    if (alphaNow) {
      flags = this.alphaTimer(slot, now, flags);
      r = R.Alpha;
    }
    if (decLateNs <= this.decLateMax) {
      const decPeriod = this.decPeriod;
      if (alphaNow && runsFirst(alphaLateNs, this.alphaPeriod, decLateNs, decPeriod)) cutAlphaQ16 = this.alpha[slot];
      if (incNow && !runsFirst(decLateNs, decPeriod, incLateNs, this.incPeriod)) {
        r |= this.increaseTimer(slot, now);
        incNow = false;
      }
      this.decDue[slot] = (now + decPeriod) | 0;
      if ((flags & Fl.DecCnp) !== 0) {
        flags = this.decreaseCheck(slot, now, flags, cutAlphaQ16);
        r |= R.Decrease;
        incNow = false; // CheckRateDecreaseMlx cancelled the pending increase and set it t_inc ahead
      }
    }
    if (incNow) r |= this.increaseTimer(slot, now);
    this.flags[slot] = flags;
    return r;
  }

  /** RateIncEventTimerMlx: the stage is read before it is counted; the timer runs again t_inc on. */
  private increaseTimer(slot: number, now: number): number {
    const ts = this.timeStage[slot];
    const r = this.increaseMellanox(slot, ts);
    this.timeStage[slot] = ts < K.StageMax ? ts + 1 : ts;
    this.incDue[slot] = (now + this.incPeriod) | 0;
    return r;
  }

  /** The α timer: paper α ← (1 − g)α after K without a CNP; mellanox + g if a CNP arrived in the period. */
  private alphaTimer(slot: number, now: number, flags: number): number {
    let a = this.decayedAlpha(slot);
    if ((flags & Fl.AlphaCnp) !== 0) a += this.gQ16;
    this.alpha[slot] = a;
    this.alphaDue[slot] = (now + this.alphaPeriod) | 0;
    return flags & ~Fl.AlphaCnp;
  }

  /** CheckRateDecreaseMlx with a CNP in the period: R_T ← R_C (clamped, or once an increase stage started), cut with `alphaQ16`, restart increases. */
  private decreaseCheck(slot: number, now: number, flags: number, alphaQ16: number): number {
    if (this.clamp !== 0 || this.timeStage[slot] !== 0) this.rt[slot] = this.rc[slot];
    this.cut(slot, alphaQ16);
    this.timeStage[slot] = 0;
    this.incDue[slot] = (now + this.incPeriod) | 0;
    return (flags & ~Fl.DecCnp) | Fl.IncArmed;
  }

  /** R_C ← max(minRate, R_C (1 − α/2)), with the α (Q16) the cut takes. */
  private cut(slot: number, alphaQ16: number): void {
    // 0 ≤ α ≤ 2^16 < Two: the quotient is in [R_C / 2, R_C], so `| 0` floors it.
    const next = ((this.rc[slot] * (K.Two - alphaQ16)) / K.Two) | 0;
    this.rc[slot] = next > this.minKbps ? next : this.minKbps;
  }

  /** Paper RP: both stage counters at F or beyond (hyper increase). */
  private hyper(slot: number): boolean {
    return this.halving !== 0 && this.byteStage[slot] >= this.f && this.timeStage[slot] >= this.f;
  }

  /** Paper RP increase event, after the counter that fired was incremented. */
  private increasePaper(slot: number): number {
    const bs = this.byteStage[slot];
    const ts = this.timeStage[slot];
    const hi = bs > ts ? bs : ts;
    const lo = bs > ts ? ts : bs;
    let r: number;
    if (hi < this.f) {
      r = R.FastRecovery;
    } else if (lo < this.f) {
      this.raiseTarget(slot, this.aiKbps);
      r = R.Additive;
    } else {
      this.raiseTarget(slot, (lo - this.f + 1) * this.haiKbps);
      r = R.Hyper;
    }
    this.average(slot);
    return r;
  }

  /** Mellanox RP increase event with the stage before it is counted. */
  private increaseMellanox(slot: number, stage: number): number {
    let r: number;
    if (stage < this.f) {
      r = R.FastRecovery;
    } else if (stage === this.f) {
      this.raiseTarget(slot, this.aiKbps);
      r = R.Additive;
    } else {
      this.raiseTarget(slot, this.haiKbps);
      r = R.Hyper;
    }
    this.average(slot);
    return r;
  }

  private raiseTarget(slot: number, stepKbps: number): void {
    const next = this.rt[slot] + stepKbps;
    this.rt[slot] = next < this.lineKbps ? next : this.lineKbps;
  }

  /** R_C ← (R_T + R_C) / 2, never above the line rate. */
  private average(slot: number): void {
    const next = (this.rt[slot] + this.rc[slot]) >>> 1; // both ≤ line rate < 2^31: the sum fits 32 bits
    this.rc[slot] = next < this.lineKbps ? next : this.lineKbps;
  }

  /** At least the minimum rate (the rates it is given are at most the line rate). */
  private bounded(kbps: number): number {
    return kbps < this.minKbps ? this.minKbps : kbps;
  }
}

/**
 * Whether timer a runs before timer b, both due, from how late each is (ns, unsigned: a
 * deadline that reads as far ahead is 2^32 less its lead late) and its period: the earlier
 * deadline first; at one deadline the earlier scheduled (the longer period); a full tie goes to a,
 * as ns-3 runs same-tick events in the order they were inserted.
 */
function runsFirst(aLateNs: number, aPeriodNs: number, bLateNs: number, bPeriodNs: number): boolean {
  return aLateNs > bLateNs || (aLateNs === bLateNs && aPeriodNs >= bPeriodNs);
}
