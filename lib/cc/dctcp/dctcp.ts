// DCTCP: ECN-fraction window control, as one sans-IO table of flows.
//
// Read first:
//   DCTCP (Alizadeh et al., SIGCOMM 2010) §3.1–3.2 and RFC 8257 §3.3 (α ← (1 − g)α + g·M once
//     per window of data, M the fraction of marked bytes; cwnd ← cwnd (1 − α/2) on an ECE, at
//     most once per window: RFC 3168 CWR), §3.4 (otherwise standard TCP growth, RFC 5681), §3.5
//     (loss as in RFC 5681, one reduction per window across all signals; a timeout always to 1 SMSS).
//   RFC 5681 §3.1 (slow start cwnd += min(acked, SMSS), also from 1 SMSS after a timeout; loss:
//     ssthresh = max(FlightSize/2, 2·SMSS)), §3.2 and RFC 6582 §3.2 (fast recovery until a full
//     ACK, one covering `recover`) and RFC 3465 §2.1 (congestion avoidance by byte counting: cwnd
//     += SMSS once cwnd bytes were acked).
//   csg-htsim dctcp.cpp and tcp.cpp (TcpSrc) for the `htsim` profile (notes/baselines.md §4.1).
//   SMaRTT §III-E Alg. 2 (QuickAdapt), §III-F Alg. 3 (FastIncrease) and Alg. 4 (where they sit),
//     for `quickAdapt` / `fastIncrease`: the DCTCP of Spritz's evaluation (§IV-C, §V-A).
//
// Units and representation (DESIGN.md rule 5): bytes in int32; cumulative sent/acked byte
// counters wrap and are compared by difference (RFC 1982); g in Q16 (gQ16 = round(g × 2^16)), α
// in Q30 (α ≤ 1, so αQ30 ≤ 2^30 fits the int32 column). M = marked / acked is not rounded on its
// own; each update rounds once, to nearest (ties up):
//   α      αQ30 = floor((αQ30 × (2^16 − gQ16) + floor(gQ16 × marked × 2^30 / acked) + 2^15) / 2^16)
//          (the numerator is α' in Q46, below 2^47: exact in doubles; the inner floor changes
//          nothing, the outer divisor and offset being integers)
//   cut    cwnd = max(SMSS, floor(cwnd × (2^17 − αQ16) / 2^17)), αQ16 = floor(αQ30 / 2^14)
// With one rounding per update, a constant M holds α within 2^-31 / g of M (2^-27 at g = 1/16,
// 2^-15 at the smallest g, 2^-16): α' = α once |g (M − α)| ≤ half a Q30 unit, and moves toward M
// otherwise. (Two floors per update in Q16 left α up to 2^-15 / g below M, and at g = 2^-16
// let it fall to 0 whatever M was.)
// Time is the caller's `nowNs | 0`, a wrapping int32 tick compared by difference (DESIGN.md).

import { isByteCount, mulDiv, q16, satAdd, satSub } from "../../core/fixed";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { tickDeadlineCame } from "../../core/ticks";
import { type DctcpParams, type DctcpParamsInput, resolveDctcpParams } from "./params";

/** Per-flow state: 60 B of int32 columns + 1 B + the open flag = 62 B. */
const LAYOUT = {
  cwnd: "i32", // bytes
  ssthresh: "i32", // bytes
  alpha: "i32", // Q30
  inflight: "i32", // bytes, signed
  acked: "i32", // cumulative bytes acknowledged (SND.UNA), wrapping
  sent: "i32", // cumulative bytes sent (SND.NXT), wrapping
  windowEnd: "i32", // rfc8257: DCTCP.WindowEnd (a `sent` value); htsim: the window (bytes) of the observation
  winAcked: "i32", // DCTCP.BytesAcked of the current observation window
  winMarked: "i32", // DCTCP.BytesMarked
  recover: "i32", // CWR: `sent` at the cut; loss: `sent` − 1, RFC 6582's recover (README)
  caAcked: "i32", // RFC 3465 bytes_acked in congestion avoidance
  qaEnd: "i32", // SMaRTT Alg. 2 `end`: ns tick when the QuickAdapt measurement ends
  qaAcked: "i32", // Alg. 2/4 `acked`: bytes acked or trimmed since the measurement began
  ignoreLeft: "i32", // Alg. 4 bytes_to_ignore − bytes_ignored, while positive
  fiCount: "i32", // Alg. 3 `count`: contiguous unmarked bytes
  flags: "u8",
} as const;

const enum Fl {
  Reduced = 1, // CWR, fast recovery or a timeout's episode: no cut, and a timeout holds ssthresh, until an ACK passes `recover`
  QaTrigger = 2, // Alg. 2 trigger_qa: a trim since the last QuickAdapt
  QaStarted = 4, // Alg. 2 `end ≠ 0`: a measurement is running
  FiActive = 8, // Alg. 3 `increase`
  Hold = 32, // CWR or fast recovery (not a timeout's episode): no growth either; ends with Reduced
  HoldEnded = 64, // Hold << 1, never stored: count() marks the ACK that cleared Hold (htsim)
}

/** Result bits (exported below as DCTCP_*). */
const enum R {
  Increase = 1,
  Decrease = 2,
  Alpha = 4,
}

const enum K {
  One = 65536,
  Two = 131072,
  Half = 32768,
  AlphaOne = 1073741824, // 1 in Q30
  CounterMax = 1073741823,
}

/** window grew (slow start or congestion avoidance) */
export const DCTCP_INCREASE: number = R.Increase;
/** window cut (ECN, loss or timeout) */
export const DCTCP_DECREASE: number = R.Decrease;
/** an observation window ended and α was updated */
export const DCTCP_ALPHA: number = R.Alpha;

export class Dctcp extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onAck: ["slot", "nowNs", "ackedBytes", "ecn"],
    onNack: ["slot", "nowNs", "bytes"],
    onTimeout: ["slot", "nowNs", "bytes"],
    onSend: ["slot", "nowNs", "bytes"],
    onRestore: ["slot", "nowNs", "bytes"],
    canSend: ["slot", "bytes"],
  };

  readonly params: Readonly<DctcpParams>;

  private readonly cwnd = this.col.cwnd;
  private readonly ssthresh = this.col.ssthresh;
  private readonly alpha = this.col.alpha;
  private readonly inflight = this.col.inflight;
  private readonly acked = this.col.acked;
  private readonly sent = this.col.sent;
  private readonly windowEnd = this.col.windowEnd;
  private readonly winAcked = this.col.winAcked;
  private readonly winMarked = this.col.winMarked;
  private readonly recover = this.col.recover;
  private readonly caAcked = this.col.caAcked;
  private readonly qaEnd = this.col.qaEnd;
  private readonly qaAcked = this.col.qaAcked;
  private readonly ignoreLeft = this.col.ignoreLeft;
  private readonly fiCount = this.col.fiCount;
  private readonly flags = this.col.flags;

  private readonly mss: number;
  private readonly gQ16: number;
  private readonly alpha0: number;
  private readonly initCwnd: number;
  private readonly maxCwnd: number;
  private readonly initSsthresh: number;
  private readonly htsim: number;
  private readonly qa: number;
  private readonly fi: number;
  private readonly qaInterval: number;
  private readonly fiStep: number;

  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params: DctcpParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveDctcpParams(params);
    this.params = Object.freeze(p);
    this.mss = p.mssBytes;
    this.gQ16 = q16(p.g);
    // Q30, to nearest: initialAlpha ∈ [0, 1] → [0, 2^30].
    this.alpha0 = Math.round(p.initialAlpha * K.AlphaOne);
    this.initCwnd = p.initCwndBytes;
    this.maxCwnd = p.maxCwndBytes;
    this.initSsthresh = p.initSsthreshBytes;
    this.htsim = p.cut === "window" ? 1 : 0;
    this.qa = p.quickAdapt ? 1 : 0;
    this.fi = p.fastIncrease ? 1 : 0;
    this.qaInterval = p.qaIntervalNs;
    this.fiStep = p.fiStepBytes;
  }

  /** Starts a flow in slow start (ssthresh = initSsthreshBytes) with α = initialAlpha. */
  open(slot: number): void {
    this.openSlot(slot);
    this.cwnd[slot] = this.initCwnd;
    this.ssthresh[slot] = this.initSsthresh;
    this.alpha[slot] = this.alpha0;
    // htsim: _past_cwnd starts at two packets.
    if (this.htsim !== 0) this.windowEnd[slot] = 2 * this.mss;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /** An ACK of `ackedBytes`, `ecn` when it echoes CE (ECE). Returns DCTCP_* bits, or E_SLOT / E_ARG. */
  onAck(slot: number, nowNs: number, ackedBytes: number, ecn: boolean): number {
    if (!(this.live[slot] === 1 && isByteCount(ackedBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], ackedBytes);
    const acked = (this.acked[slot] + ackedBytes) | 0;
    this.acked[slot] = acked;
    // Out of line, so that the plain handler stays small enough for V8 to inline.
    if ((this.qa | this.fi) !== 0) return this.ackSmartt(slot, nowNs, ackedBytes, ecn, acked);
    return this.respond(slot, ackedBytes, ecn, acked, this.count(slot, ackedBytes, ecn, acked));
  }

  /**
   * A loss reported by a NACK, duplicate ACKs or a trim (RFC 5681 §3.2 steps 2 and 6, RFC 8257
   * §3.5): `bytes` leave inflight; unless the window was already reduced for this window of data,
   * ssthresh = max(FlightSize/2, 2·SMSS) (eq. (4); htsim: max(cwnd/2, 2·MSS)) and cwnd =
   * ssthresh, with no growth until a full ACK (RFC 6582 §3.2 step 3). With `quickAdapt`, a trim
   * instead (SMaRTT Alg. 4 lines 15–21): cwnd −= bytes, and QuickAdapt is armed.
   */
  onNack(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    // FlightSize is the data sent and not yet cumulatively acknowledged: the lost bytes still count.
    const flight = this.inflight[slot];
    this.inflight[slot] = satSub(flight, bytes);
    if (this.qa !== 0) return this.trimmed(slot, nowNs, bytes);
    const flags = this.flags[slot];
    // Also after a timeout, until its recovery point: RFC 6582 §3.2 step 2 enters no fast
    // retransmit below `recover`, nor does csg-htsim (`_last_acked < _recoverq`).
    if ((flags & Fl.Reduced) !== 0) return 0;
    const ssthresh = this.deflate(slot, flight);
    this.ssthresh[slot] = ssthresh;
    this.cwnd[slot] = ssthresh < this.maxCwnd ? ssthresh : this.maxCwnd;
    this.caAcked[slot] = 0;
    // RFC 6582 §3.2 step 2: recover = the highest sequence number sent, SND.NXT − 1.
    this.recover[slot] = (this.sent[slot] - 1) | 0;
    this.flags[slot] = flags | Fl.Reduced | Fl.Hold;
    return R.Decrease;
  }

  /**
   * A retransmission timeout: cwnd = 1 SMSS (RFC 8257 §3.5), from which the next ACKs
   * slow-start; the episode blocks further cuts but not growth, and ends any CWR or fast
   * recovery (RFC 6582 §3.2 step 4; Linux's TCP_CA_Loss is not a cwnd reduction state,
   * tcp_in_cwnd_reduction). ssthresh = max(FlightSize/2, 2·SMSS) (RFC 5681 §3.1 eq. (4); htsim:
   * max(cwnd/2, 2·MSS)) only when no reduction of this window is in progress: a timeout during
   * CWR, fast recovery or an earlier timeout's episode, before its recovery point is
   * acknowledged, holds the ssthresh that reduction set (RFC 3168 §6.1.2: ssthresh is not
   * decreased again "if it has been decreased within the last round trip time"; RFC 8257 §3.5:
   * one reduction per window; Linux tcp_enter_loss skips ssthresh() in CWR or Recovery while
   * high_seq is after snd_una). Inside a timeout's episode this holds more than Linux, which
   * recomputes in Loss once an ACK has advanced snd_una (icsk_retransmits 0), and than RFC
   * 3168 §6.1.2's next sentence, a dropped retransmission being "a new instance of congestion":
   * the module cannot tell a resend's timeout from another packet's. A transport that times
   * packets out one by one (UEC RUD)
   * reports one episode as several timeouts, and each would halve the shrinking flight again;
   * recomputed in CWR, RFC 5681's literal reading, a gentle ECN cut became a halving (review
   * rev-cc: α 0.156, CWR's ssthresh 92.2 MSS, 49.5 after one timeout). htsim deflates at every
   * timeout; here, in both profiles, only outside a reduction (README).
   */
  onTimeout(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const flight = this.inflight[slot] > 0 ? this.inflight[slot] : 0;
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const flags = this.flags[slot];
    if ((flags & Fl.Reduced) === 0) this.ssthresh[slot] = this.deflate(slot, flight);
    this.cwnd[slot] = this.mss;
    this.caAcked[slot] = 0;
    // RFC 6582 §3.2 step 4: recover = the highest sequence number sent, SND.NXT − 1.
    this.recover[slot] = (this.sent[slot] - 1) | 0;
    this.flags[slot] = (flags & ~Fl.Hold) | Fl.Reduced;
    return R.Decrease;
  }

  /** New data: `bytes` leave for the network (SND.NXT advances). */
  onSend(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    this.sent[slot] = (this.sent[slot] + bytes) | 0;
    return 0;
  }

  /**
   * `bytes` in flight again that are not new data: a retransmission, or bytes a NACK or timeout
   * took out that turn out delivered. SND.NXT stays (RFC 9293 §3.3.1: it is the next sequence number
   * to send, and a retransmission resends below it), so DCTCP.WindowEnd and the recovery point, both SND.NXT values, keep
   * meaning the sequence they were set at; counted as sent, every lost byte would push them one
   * byte further from what the ACKs (SND.UNA) reach. Returns 0, or E_SLOT / E_ARG.
   */
  onRestore(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && isByteCount(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    return 0;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** True when `bytes` more fit in the window: inflight + bytes ≤ cwnd; false (and an error counted) for a bad slot or byte count. */
  canSend(slot: number, bytes: number): boolean {
    if (!(this.live[slot] === 1 && isByteCount(bytes))) {
      this.errors++;
      return false;
    }
    return this.inflight[slot] + bytes <= this.cwnd[slot];
  }

  /**
   * The congestion window in bytes (RFC 5681 cwnd), in [mssBytes, maxCwndBytes]: initCwndBytes at open, 1 SMSS after a
   * timeout (RFC 8257 §3.5); 0 for a slot that is not open.
   */
  cwndBytes(slot: number): number {
    return this.cwnd[slot] | 0;
  }

  /**
   * RFC 5681 ssthresh, in bytes: initSsthreshBytes at open; max(FlightSize/2 (htsim: cwnd/2), 2·SMSS) on a loss or
   * timeout outside a reduction; the new cwnd on an ECN cut or QuickAdapt; 0 for a slot that is not open.
   */
  ssthreshBytes(slot: number): number {
    return this.ssthresh[slot] | 0;
  }

  /** α as a real number in [0, 1] (held in Q30). */
  alphaValue(slot: number): number {
    return (this.alpha[slot] | 0) / K.AlphaOne;
  }

  /**
   * Bytes in flight: onSend and onRestore add, onAck, onNack and onTimeout subtract, saturating at the int32 limits and
   * not floored at 0 (it may go negative); 0 for a slot that is not open.
   */
  inflightBytes(slot: number): number {
    return this.inflight[slot] | 0;
  }

  /** RFC 3465 bytes_acked: bytes counted toward the next congestion-avoidance increase. */
  caBytesAcked(slot: number): number {
    return this.caAcked[slot] | 0;
  }

  /** True from a reduction (an ECE cut, a loss or a timeout) until its recovery point is acknowledged. */
  reduced(slot: number): boolean {
    return this.isOpen(slot) && (this.flags[slot] & Fl.Reduced) !== 0;
  }

  /** Bytes of ACKs and trims still to pass without a window decision after a QuickAdapt. */
  ignoringBytes(slot: number): number {
    return this.ignoreLeft[slot] | 0;
  }

  /** True while FastIncrease is active (SMaRTT Alg. 3 `increase`). */
  fastIncreasing(slot: number): boolean {
    return this.isOpen(slot) && (this.flags[slot] & Fl.FiActive) !== 0;
  }

  // ---------------------------------------------------------------------------------------
  // Steps

  /**
   * RFC 8257 §3.3 steps 1–3 (count acknowledged and marked bytes); the end of CWR or recovery.
   * Returns the flags, with HoldEnded on the ACK that ended a Hold.
   */
  private count(slot: number, ackedBytes: number, ecn: boolean, acked: number): number {
    // Saturating at 2^30 − 1 (a small integer to V8; 2^31 − 1 is a boxed double, and comparing
    // with it took the onAck row from 7 to 11 ns): a window that acknowledges more reads M from
    // the saturated counts (README).
    const winAcked = this.winAcked[slot] + ackedBytes;
    this.winAcked[slot] = winAcked < K.CounterMax ? winAcked : K.CounterMax;
    if (ecn) {
      const winMarked = this.winMarked[slot] + ackedBytes;
      this.winMarked[slot] = winMarked < K.CounterMax ? winMarked : K.CounterMax;
    }
    const flags = this.flags[slot];
    // CWR: SND.UNA > SND.NXT at the cut (Linux tcp_fastretrans_alert holds CWR "until something
    // *above* high_seq is ACKed"); loss: SND.UNA > SND.NXT − 1, RFC 6582's full ACK.
    if ((flags & Fl.Reduced) !== 0 && ((acked - this.recover[slot]) | 0) > 0) {
      const open = flags & ~(Fl.Reduced | Fl.Hold);
      this.flags[slot] = open;
      return open | ((flags & Fl.Hold) << 1);
    }
    return flags;
  }

  /** RFC 8257 §3.3 step 4 – §3.4 (or htsim's order): α, the cut on ECE, growth. */
  private respond(slot: number, ackedBytes: number, ecn: boolean, acked: number, flags: number): number {
    if (this.htsim !== 0) return this.ackHtsim(slot, ackedBytes, ecn, flags);
    let r = 0;
    // §3.3 step 4: the observation window ends once SND.UNA passes DCTCP.WindowEnd
    if (((acked - this.windowEnd[slot]) | 0) > 0) {
      this.updateAlpha(slot);
      this.windowEnd[slot] = this.sent[slot];
      r = R.Alpha;
    }
    // CWR (Linux tcp_in_cwnd_reduction) and fast recovery (RFC 6582 §3.2 step 3): no growth
    if ((flags & Fl.Hold) !== 0) return r;
    if (ecn) {
      // RFC 3168 §6.1.2: an ECE ACK never grows the window, and cuts it once per window (in a
      // timeout's episode, not at all)
      if ((flags & Fl.Reduced) !== 0) return r;
      // §3.3: cwnd ← cwnd (1 − α/2), once per window (RFC 3168 CWR)
      this.cutWindow(slot);
      this.recover[slot] = this.sent[slot];
      // Not `flags | …`: FastIncrease's end and QuickAdapt's start since `flags` was read stand.
      this.flags[slot] |= Fl.Reduced | Fl.Hold;
      return r | R.Decrease;
    }
    return r | this.grow(slot, ackedBytes);
  }

  /**
   * SMaRTT Alg. 4 lines 2–13 around the DCTCP core: the ignore phase after a QuickAdapt, then
   * QuickAdapt, then FastIncrease; either one ends the ACK.
   */
  private ackSmartt(slot: number, nowNs: number, ackedBytes: number, ecn: boolean, acked: number): number {
    if (this.qa !== 0 && this.ignored(slot, ackedBytes)) return 0;
    const flags = this.count(slot, ackedBytes, ecn, acked);
    if (this.qa !== 0 && this.qaDue(slot, nowNs, flags) && this.quickAdapt(slot, nowNs)) return R.Decrease;
    if (this.fi !== 0 && this.fastIncrease(slot, ackedBytes, ecn)) return R.Increase;
    return this.respond(slot, ackedBytes, ecn, acked, flags);
  }

  /**
   * htsim dctcp.cpp receivePacket: an ECE ends slow start; once a window's worth of bytes has
   * been acked, α is updated and, if α > 0, the window is cut; then TCP growth as usual, except
   * in fast recovery and on the ACK that ends it (tcp.cpp TcpSrc::receivePacket calls
   * inflate_window only when not _in_fast_recovery; the full ACK sets the window and returns).
   */
  private ackHtsim(slot: number, ackedBytes: number, ecn: boolean, flags: number): number {
    if (ecn && this.ssthresh[slot] > this.cwnd[slot]) this.ssthresh[slot] = this.cwnd[slot];
    let r = 0;
    if (this.winAcked[slot] >= this.windowEnd[slot]) {
      this.updateAlpha(slot);
      r = R.Alpha;
      // htsim: `if (_alfa > 0)`, on α itself, not on the Q16 part the cut uses.
      if (this.alpha[slot] > 0) {
        this.cutWindow(slot);
        r |= R.Decrease;
      }
      this.windowEnd[slot] = this.cwnd[slot];
    }
    if ((flags & (Fl.Hold | Fl.HoldEnded)) !== 0) return r;
    return r | this.grow(slot, ackedBytes);
  }

  /**
   * SMaRTT Alg. 4 lines 2–3 and 6–7: every ACKed or trimmed byte counts toward QuickAdapt's
   * measurement and toward the bytes in flight at the last QuickAdapt; until those have all come
   * back, an ACK changes nothing (they carry the congestion QuickAdapt already answered).
   */
  private ignored(slot: number, bytes: number): boolean {
    const a = this.qaAcked[slot] + bytes;
    this.qaAcked[slot] = a < K.CounterMax ? a : K.CounterMax;
    const left = this.ignoreLeft[slot] - bytes;
    this.ignoreLeft[slot] = left > 0 ? left : 0;
    return left > 0;
  }

  /**
   * SMaRTT Alg. 2 line 3: the measurement interval has ended, or none has begun (kept apart so
   * that the common case stays inline). The end is set qaIntervalNs (≤ 2^30) ahead, so one that
   * reads as further ahead has passed, even 2^31 ns or more ago (lib/core/ticks.ts).
   */
  private qaDue(slot: number, nowNs: number, flags: number): boolean {
    if ((flags & Fl.QaStarted) === 0) return true;
    return tickDeadlineCame(this.qaEnd[slot], nowNs | 0, this.qaInterval);
  }

  /**
   * SMaRTT Alg. 2, when due: a trim seen since the last interval began sets cwnd to the bytes
   * acked during it (at least one MSS) and starts ignoring the bytes now in flight; a new
   * interval begins either way. True when the window was set.
   */
  private quickAdapt(slot: number, nowNs: number): boolean {
    let flags = this.flags[slot];
    let adapted = false;
    if ((flags & (Fl.QaTrigger | Fl.QaStarted)) === (Fl.QaTrigger | Fl.QaStarted)) {
      flags &= ~Fl.QaTrigger;
      const measured = this.qaAcked[slot];
      const w = measured > this.mss ? measured : this.mss;
      // Alg. 4 line 23: the window stays within [MTU, BDP cap].
      this.cwnd[slot] = w < this.maxCwnd ? w : this.maxCwnd;
      this.ssthresh[slot] = this.cwnd[slot];
      this.caAcked[slot] = 0;
      const flight = this.inflight[slot];
      this.ignoreLeft[slot] = flight > 0 ? flight : 0;
      adapted = true;
    }
    this.qaEnd[slot] = ((nowNs | 0) + this.qaInterval) | 0;
    this.qaAcked[slot] = 0;
    this.flags[slot] = flags | Fl.QaStarted;
    return adapted;
  }

  /**
   * SMaRTT Alg. 3 on the ECN signal alone: once more than cwnd contiguous bytes came back
   * unmarked, each unmarked ACK adds k MTU (fiStepBytes) until a marked one, an ACK of no new
   * bytes too (Alg. 3 literally, as Spritz's DCTCP; nscc takes no step there). True when it is
   * in that mode (the step clamped at maxCwndBytes).
   */
  private fastIncrease(slot: number, ackedBytes: number, ecn: boolean): boolean {
    const flags = this.flags[slot];
    if (ecn) {
      this.fiCount[slot] = 0;
      this.flags[slot] = flags & ~Fl.FiActive;
      return false;
    }
    const count = this.fiCount[slot] + ackedBytes;
    this.fiCount[slot] = count < K.CounterMax ? count : K.CounterMax;
    const cwnd = this.cwnd[slot];
    if (count <= cwnd && (flags & Fl.FiActive) === 0) return false;
    const next = cwnd + this.fiStep;
    this.cwnd[slot] = next < this.maxCwnd ? next : this.maxCwnd;
    this.flags[slot] = flags | Fl.FiActive;
    return true;
  }

  /** SMaRTT Alg. 4 lines 15–21 (and 2–3, 23): a trimmed packet. */
  private trimmed(slot: number, nowNs: number, bytes: number): number {
    const ignoring = this.ignored(slot, bytes);
    const cut = this.cwnd[slot] - bytes;
    this.cwnd[slot] = cut > this.mss ? cut : this.mss;
    const flags = this.flags[slot] | Fl.QaTrigger;
    this.flags[slot] = flags;
    if (!ignoring && this.qaDue(slot, nowNs, flags)) this.quickAdapt(slot, nowNs);
    return R.Decrease;
  }

  /**
   * RFC 8257 §3.3 steps 5–8: α ← (1 − g)α + g·M, M = marked / acked (0 for a window with no
   * byte acked); the counters restart. Once per window, so it is kept out of the ACK's hot tree
   * (V8 does not inline a call site this rare); the rounding is in the file header.
   */
  private updateAlpha(slot: number): void {
    const acked = this.winAcked[slot];
    const g = this.gQ16;
    // g·M in Q46, floored: gQ16 × marked ≤ 2^16 × (2^30 − 1) < 2^47 (marked ≤ acked < 2^30).
    // Here, not in a helper: the product and the quotient pass 2^31, and a call V8 leaves out of
    // line takes and returns them boxed, heap numbers once per window.
    let gm = 0;
    if (acked > 0) {
      // floor(p × 2^30 / acked) by long division: the integer part, then two 15-bit digits, each
      // dividend below 2^53 (p < 2^47; r × 2^15 < 2^46 for a remainder r < acked < 2^31), so each
      // quotient is exact as in mulDiv (mulDivWide needs both factors below 2^32; p × 2^30 has
      // factors of 2^47 and 2^30). The result is below 2^53 while p / acked is below 2^23.
      const p = g * this.winMarked[slot];
      const q0 = Math.floor(p / acked);
      let r = p - q0 * acked;
      const q1 = Math.floor((r * K.Half) / acked);
      r = r * K.Half - q1 * acked;
      gm = q0 * K.AlphaOne + q1 * K.Half + Math.floor((r * K.Half) / acked);
    }
    // (1 − g)·α in Q46: (2^16 − gQ16) × αQ30 ≤ 2^46; the sum is a convex combination of α, M ≤ 1, so ≤ 2^46.
    this.alpha[slot] = Math.floor(((K.One - g) * this.alpha[slot] + gm + K.Half) / K.One);
    this.winAcked[slot] = 0;
    this.winMarked[slot] = 0;
  }

  /**
   * ssthresh on opening a loss episode. RFC 5681 eq. (4) halves FlightSize, not cwnd (§3.2 warns
   * against using cwnd here); a FlightSize ≤ 0 (sends not reported) halves to ≤ 0 and takes the
   * 2·SMSS floor. htsim: DCTCPSrc::deflate_window halves cwnd instead and restarts α's window
   * (_pkts_seen = _pkts_marked = 0, _past_cwnd = _cwnd, before a timeout sets cwnd to 1 MSS).
   */
  private deflate(slot: number, flight: number): number {
    let bytes = flight;
    if (this.htsim !== 0) {
      bytes = this.cwnd[slot];
      this.winAcked[slot] = 0;
      this.winMarked[slot] = 0;
      this.windowEnd[slot] = bytes;
    }
    const half = bytes >> 1;
    return half > 2 * this.mss ? half : 2 * this.mss;
  }

  /** cwnd ← max(SMSS, cwnd (1 − α/2)); ssthresh ← cwnd (RFC 8257 §3.3). α's Q16 part: the file header. */
  private cutWindow(slot: number): void {
    const next = mulDiv(this.cwnd[slot], K.Two - (this.alpha[slot] >> 14), K.Two);
    const w = next > this.mss ? next : this.mss;
    this.cwnd[slot] = w;
    this.ssthresh[slot] = w;
    this.caAcked[slot] = 0;
  }

  /** RFC 5681 slow start, RFC 3465 congestion avoidance; never above maxCwnd. */
  private grow(slot: number, ackedBytes: number): number {
    const cwnd = this.cwnd[slot];
    if (cwnd >= this.maxCwnd || ackedBytes === 0) return 0;
    let next: number;
    if (cwnd < this.ssthresh[slot]) {
      next = cwnd + (ackedBytes < this.mss ? ackedBytes : this.mss);
    } else {
      const counted = this.caAcked[slot] + ackedBytes;
      if (counted < cwnd) {
        this.caAcked[slot] = counted;
        return 0;
      }
      // RFC 3465 §2.1: "bytes_acked is reduced by the value of cwnd" — the whole remainder
      // carries to the next ACK (a stretch ACK's surplus is not dropped), saturating at 2^30 − 1.
      const carry = counted - cwnd;
      this.caAcked[slot] = carry < K.CounterMax ? carry : K.CounterMax;
      next = cwnd + this.mss;
    }
    this.cwnd[slot] = next < this.maxCwnd ? next : this.maxCwnd;
    return R.Increase;
  }
}
