// Priority flow control (IEEE 802.1Qbb) on the ingress side of a switch: per ingress queue
// XOFF/XON thresholds, a headroom above XOFF for the bytes still in flight when the PAUSE goes
// out, PAUSE frames with a duration that are refreshed before they expire, XON (a PAUSE of
// duration 0) when the queue drains below XON, and counters of pauses and of time paused.
//
// Read first: DCP §2.1 (PFC's PAUSE/RESUME), notes/baselines.md §8.2 (HPCC's MMU: per-queue
// thresholds, resume offset 3 KB, headroom per port), Reflex §II-C (PFC storms of long flows).
// The egress side — the upstream port that obeys the frames — is PortQueues.onPause.
//
// A slot is one ingress queue: the caller numbers (port, priority) pairs. A frame's duration is
// pauseQuanta × 512 bit times at linkGbps (802.3 Annex 31B), in whole ns rounded up. While a
// queue stays above XON the PAUSE is sent again every refreshNs (by onArrive, onDepart or
// onTick, whichever runs first once it is due), so the upstream never resumes on a timeout.
// The constructor's linkGbps and headroomBytes are every queue's until setPort gives a queue its
// own: a switch's ports differ in rate and cable, and both the bytes in flight after a PAUSE
// (the headroom) and the length of a quantum (512 bit times) are the link's.

import { E_ARG, E_STATE } from "../../core/errors";
import { I32 } from "../../core/limits";
import { resolveParams, rule } from "../../core/params";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { bdpBytesCeil } from "../../core/units";

/** Per ingress queue: 57 B of columns + the open flag = 58 B. */
export const PFC_LAYOUT = Object.freeze({
  bytes: "i32", // queued bytes attributed to this ingress queue
  pauseStart: "i32", // tick the current pause began (valid while paused)
  lastSent: "i32", // tick of the last PAUSE frame sent (valid while paused)
  paused: "u8",
  pauses: "u32", // pause episodes (XOFF after XON)
  frames: "u32", // PAUSE frames sent, refreshes included
  resumes: "u32", // XON frames sent
  pausedNs: "f64", // total length of finished pauses
  dropBytes: "f64", // bytes dropped beyond the headroom
  drops: "u32",
  // The queue's own link (setPort): a port faster or with a longer cable than the table's needs
  // more headroom, and its quanta are shorter.
  headroomBytes: "i32", // accepted above XOFF before drops
  frameNs: "i32", // the duration its PAUSE frames carry
  refreshNs: "i32", // re-send its PAUSE this long after the last while above XON
} as const);

const enum R {
  Pause = 1,
  Drop = 2,
  Resume = 4,
}

const enum O {
  FrameNs = 0,
  PausedNs = 1,
}

/** Send a PAUSE (XOFF) upstream for out.frameNs. */
export const PFC_PAUSE: number = R.Pause;
/** The arrival is beyond XOFF + headroom: drop it (the lossless guarantee failed; counted). */
export const PFC_DROP: number = R.Drop;
/** Send an XON (PAUSE with duration 0) upstream; out.pausedNs is how long the pause lasted. */
export const PFC_RESUME: number = R.Resume;

export interface PfcParams {
  /**
   * Rate of the link from the upstream port, Gb/s, in (0, 100000]: the length of a pause quantum
   * (512 bit times, 802.3 Annex 31B) and so every PAUSE's duration, and the cable BDP in the
   * default headroom; every queue's until setPort gives it its own. Default 100.
   */
  linkGbps: number;
  /**
   * Largest packet, bytes, an integer in [64, 65535]: only the default headroom's 2 × MTU (a
   * packet the upstream has started and the one that crossed XOFF, pfcHeadroomBytes). Default
   * 1500.
   */
  mtuBytes: number;
  /** One-way propagation delay of the link to the upstream port. */
  cableNs: number;
  /** Pause above this many queued bytes. */
  xoffBytes: number;
  /** Resume at or below this many (HPCC: XOFF − 3 KB resume offset). */
  xonBytes: number;
  /** Accepted above XOFF before drops; default 2 × cable BDP + 2 × MTU, at most 2^29. Per queue: setPort. */
  headroomBytes: number;
  /** PAUSE quanta (units of 512 bit times), 1…65535; default 65535, or the most lasting ≤ 2^30 ns (at each queue's rate: setPort). */
  pauseQuanta: number;
  /** Re-send the PAUSE this long after the last one while still above XON; default half its duration (each queue's: setPort), at least 1 ns. */
  refreshNs: number;
}

export type PfcParamsInput = Partial<PfcParams>;

/** What PfcBase uses of them: all but the static thresholds. */
export type PfcCommonParams = Omit<PfcParams, "xoffBytes" | "xonBytes">;

/**
 * The longest PAUSE a frame may ask for, ns: PortQueues.onPause accepts at most 2^30 ns, so that
 * it can read the pause's end as a deadline at most 2^30 ahead (lib/core/ticks.ts
 * tickDeadlineCame) and still see it passed on a port idle for up to 2^32 − 2^30 ns (≈ 3.2 s).
 */
export const PFC_MAX_FRAME_NS = 2 ** 30;

/** 802.3 Annex 31B: a pause quantum is 512 bit times, so quanta × 512 / Gb/s ns, rounded up. */
export function pauseFrameNs(quanta: number, linkGbps: number): number {
  return Math.ceil((quanta * 512) / linkGbps);
}

/**
 * The default pauseQuanta at `linkGbps`: 65535, or fewer where that PAUSE would last past
 * PFC_MAX_FRAME_NS = 2^30 ns (the longest the egress side, PortQueues.onPause, takes); at least 1
 * (whose PAUSE may still be too long below 512 / 2^30 Gb/s: the caller checks).
 */
function fittedPauseQuanta(linkGbps: number): number {
  // One quantum is 512 bit times = 512 / linkGbps ns, so the most that fit are
  // ⌊2^30 · linkGbps / 512⌋ = ⌊2^21 · linkGbps⌋ (65535 from 65535 / 2^21 ≈ 0.0312495 Gb/s up).
  // Scaling by 2^21 is exact, so fit · 512 ≤ 2^30 · linkGbps and pauseFrameNs's double quotient
  // rounds at most to 2^30, which is representable: the PAUSE never passes 2^30 ns (review pfc2;
  // a subtraction that took one quantum back "where the quotient rounded past 2^30" never fired).
  const fit = Math.floor((PFC_MAX_FRAME_NS * linkGbps) / 512);
  return Math.min(0xffff, Math.max(1, fit));
}

/** The default refreshNs for a PAUSE of `frameNs`: half of it, at least 1 ns (a 1 ns PAUSE halves to 0). */
function halfFrameNs(frameNs: number): number {
  return Math.max(1, Math.floor(frameNs / 2));
}

/**
 * PFC headroom: bytes that can still arrive after XOFF is crossed: the PAUSE's trip up the
 * cable and the data already on the way back (2 × cable BDP), a packet the upstream has
 * started sending and one that triggered the XOFF (2 × MTU). The BDP is rounded up to whole bytes
 * so that the headroom never falls short of the bytes in flight (bdpBytesCeil: a product a few ulps
 * above a whole byte is that byte).
 */
export function pfcHeadroomBytes(linkGbps: number, cableNs: number, mtuBytes: number): number {
  return 2 * bdpBytesCeil(linkGbps, cableNs) + 2 * mtuBytes;
}

/**
 * HPCC's α for a switch port at `linkGbps` on a network whose NICs send at `nicGbps`, as its
 * log2 (PfcShared.setPort's alphaLog2). HPCC's third.cc sets each switch port's pfc_a_shift:
 *
 *     uint32_t shift = 3;  // α = 1/8 at the NICs' rate
 *     for (uint64_t i = rate; i > nic_rate && shift > 0; i /= 2) shift--;
 *
 * with the rates in whole b/s. The loop takes one off the shift for each k = 0, 1, 2 with
 * ⌊rate / 2^k⌋ > nic_rate (i halves, floored, each time; it stops at the first i ≤ nic_rate, and
 * at shift 0), so alphaLog2 = −(3 − d) with d = #{k ∈ {0, 1, 2} : ⌊rate / 2^k⌋ > nic_rate}. For
 * rates in whole Gb/s that is d = min(3, ⌈log2(rate / nic_rate)⌉) when rate > nic_rate, else 0:
 * −3 at or below the NICs' rate (α = 1/8), −2 up to twice it (1/4), −1 up to four times (1/2),
 * 0 beyond (α = 1). The rates are rounded to whole b/s here, as third.cc's DataRate holds them.
 * @throws RangeError for a rate outside (0, 100,000] Gb/s (Pfc's linkGbps range).
 */
export function pfcAlphaLog2(linkGbps: number, nicGbps: number): number {
  if (!(linkGbps > 0 && linkGbps <= 100_000 && nicGbps > 0 && nicGbps <= 100_000)) {
    throw new RangeError(`pfcAlphaLog2: rates must be in (0, 100000] Gb/s, got ${linkGbps} and ${nicGbps}`);
  }
  // At most 10^14 b/s: exact integers in a double, and halving with a floor stays exact.
  const nic = Math.round(nicGbps * 1e9);
  let shift = 3;
  for (let i = Math.round(linkGbps * 1e9); i > nic && shift > 0; i = Math.floor(i / 2)) shift--;
  return 0 - shift; // not −shift: −0 at shift 0
}

/** @throws RangeError for an unknown name or a value out of range. */
export function resolvePfcParams(input: PfcParamsInput = {}, who = "Pfc"): PfcParams {
  const linkGbps = input.linkGbps ?? 100;
  const mtuBytes = input.mtuBytes ?? 1500;
  const cableNs = input.cableNs ?? 1000; // the 1 µs links of the DCP and Reflex setups
  // No paper fixes XOFF; 100 KB is a common static setting at 100 Gb/s (HPCC uses a dynamic one).
  const xoffBytes = input.xoffBytes ?? 100_000;
  // Derived defaults are clamped into their rules (DESIGN.md rule 7).
  const pauseQuanta = input.pauseQuanta ?? fittedPauseQuanta(linkGbps);
  const defaults: PfcParams = {
    linkGbps,
    mtuBytes,
    cableNs,
    xoffBytes,
    xonBytes: Math.max(0, xoffBytes - 3072),
    // At most 2^29 (a long cable's 2 × BDP passes it; the guarantee then fails and drops count).
    headroomBytes: Math.min(2 ** 29, pfcHeadroomBytes(linkGbps, cableNs, mtuBytes)),
    pauseQuanta,
    refreshNs: halfFrameNs(pauseFrameNs(pauseQuanta, linkGbps)),
  };
  return resolveParams(who, defaults, input, (p) => ({
    linkGbps: rule.num(0, 100_000, "(]"),
    mtuBytes: rule.int(64, 65535),
    cableNs: rule.num(0, 1e9),
    xoffBytes: rule.int(1, 2 ** 29),
    xonBytes: rule.int(0, p.xoffBytes),
    headroomBytes: rule.int(0, 2 ** 29),
    // A PAUSE must be one the egress side takes: at most 2^30 ns (below 31.25 Mb/s 65535 quanta
    // are longer).
    pauseQuanta: rule.must(
      Number.isInteger(p.pauseQuanta) &&
        p.pauseQuanta >= 1 &&
        p.pauseQuanta <= 0xffff &&
        pauseFrameNs(p.pauseQuanta, p.linkGbps) <= PFC_MAX_FRAME_NS,
      "an integer in [1, 65535] whose PAUSE lasts at most 2^30 ns at linkGbps",
    ),
    // At most the pause duration.
    refreshNs: rule.int(1, Math.max(1, pauseFrameNs(p.pauseQuanta, p.linkGbps))),
  }));
}

/**
 * What every PFC ingress table shares: the pause machinery (PAUSE, refresh, XON with the pause
 * length) and its counters, over the columns of PFC_LAYOUT (a subclass may add its own after them).
 * The thresholds that decide when to pause, drop and resume are the subclass's: static in Pfc,
 * drawn from a shared buffer in PfcShared (shared.ts).
 */
export abstract class PfcBase<P extends PfcCommonParams, L extends typeof PFC_LAYOUT> extends FlowTable<L> {
  /** frameNs: the duration to put in the PAUSE just requested; pausedNs: length of the pause an XON ends. */
  static readonly outFields = ["frameNs", "pausedNs"] as const;
  readonly params: Readonly<P>;
  readonly out: Int32Array = offHeap(Int32Array, 2);
  /** The duration carried by a PAUSE frame at params.linkGbps, in ns: every queue's until setPort. */
  readonly frameNs: number;

  protected readonly q: Int32Array = this.col.bytes;
  protected readonly pausedCol: Uint8Array = this.col.paused;
  /** Each queue's headroom above its XOFF. */
  protected readonly room: Int32Array = this.col.headroomBytes;
  private readonly pauseStart = this.col.pauseStart;
  private readonly lastSent = this.col.lastSent;
  private readonly frameCol = this.col.frameNs;
  private readonly refreshCol = this.col.refreshNs;
  /** pauseQuanta and refreshNs as given, which hold at every rate; 0: derived from each queue's rate. */
  private readonly givenQuanta: number;
  private readonly givenRefreshNs: number;

  /** `given`: the parameters as passed, to tell the values given from those derived from linkGbps. */
  protected constructor(p: P, layout: L, capacity: number, given: { pauseQuanta?: number; refreshNs?: number }) {
    super(layout, capacity);
    this.params = Object.freeze(p);
    this.frameNs = pauseFrameNs(p.pauseQuanta, p.linkGbps);
    this.givenQuanta = given.pauseQuanta !== undefined ? p.pauseQuanta : 0;
    this.givenRefreshNs = given.refreshNs !== undefined ? p.refreshNs : 0;
  }

  /** Opens the queue with the table's link: params.headroomBytes, frameNs, params.refreshNs. */
  open(slot: number): void {
    this.openSlot(slot);
    this.room[slot] = this.params.headroomBytes;
    this.frameCol[slot] = this.frameNs;
    this.refreshCol[slot] = this.params.refreshNs;
  }

  /**
   * The queue's own link: its upstream sends at `linkGbps` (0 < linkGbps ≤ 100,000), and
   * `headroomBytes` (an integer in [0, 2^29]) arrive after its XOFF before it drops (size it with
   * pfcHeadroomBytes from this link's rate and cable). Its PAUSE frames then last pauseQuanta ×
   * 512 bit times at this rate (pauseQuanta as given, or the default fitted to this rate), and
   * are re-sent every refreshNs as given, or half a frame. Returns 0; E_ARG when an argument is
   * out of range, or when the frame would last past 2^30 ns or be shorter than a given refreshNs;
   * E_STATE while the queue is paused (the PAUSE its upstream holds carries the old link's
   * duration, which a slower link's refresh would let run out: a link is set up before traffic),
   * and from PfcShared while the queue is in a shared buffer; E_SLOT. Refused, the queue keeps
   * its link.
   */
  setPort(slot: number, linkGbps: number, headroomBytes: number): number {
    if (!(this.live[slot] === 1 && linkGbps > 0 && linkGbps <= 100_000 && (headroomBytes | 0) === headroomBytes && headroomBytes >= 0 && headroomBytes <= 2 ** 29)) return this.reject(slot);
    // 802.3 Annex 31B: a quantum is 512 bit times of this link.
    const frame = pauseFrameNs(this.givenQuanta !== 0 ? this.givenQuanta : fittedPauseQuanta(linkGbps), linkGbps);
    const refresh = this.givenRefreshNs !== 0 ? this.givenRefreshNs : halfFrameNs(frame);
    if (!(frame <= PFC_MAX_FRAME_NS && refresh <= frame)) return this.fail(E_ARG);
    if (!this.mayResize(slot)) return this.fail(E_STATE);
    this.room[slot] = headroomBytes;
    this.frameCol[slot] = frame;
    this.refreshCol[slot] = refresh;
    return 0;
  }

  /** Whether setPort may change the queue's link now: not while its upstream is paused. */
  protected mayResize(slot: number): boolean {
    return this.pausedCol[slot] === 0;
  }

  // Readers

  /** Bytes admitted to this ingress queue and not yet departed (PfcShared: reserve, shared and headroom together); 0 for a closed queue. */
  queueBytes(slot: number): number {
    return this.isOpen(slot) ? this.q[slot] : 0;
  }
  /** True from the PAUSE that began a pause episode (PFC_PAUSE, XOFF crossed) until its XON (PFC_RESUME); false for a closed queue. */
  paused(slot: number): boolean {
    return this.isOpen(slot) && this.pausedCol[slot] === 1;
  }
  /** Pause episodes begun (an XOFF after an XON). */
  pauses(slot: number): number {
    return this.isOpen(slot) ? this.col.pauses[slot] : 0;
  }
  /** PAUSE frames sent, refreshes included. */
  pauseFrames(slot: number): number {
    return this.isOpen(slot) ? this.col.frames[slot] : 0;
  }
  /** XON frames sent (PFC_RESUME returns: pause episodes ended) since the queue opened; 0 for a closed queue. */
  resumes(slot: number): number {
    return this.isOpen(slot) ? this.col.resumes[slot] : 0;
  }
  /** Total length of the pauses that have ended (an ongoing one is not included). */
  pausedNs(slot: number): number {
    return this.isOpen(slot) ? this.col.pausedNs[slot] : 0;
  }
  /**
   * Arrivals refused with PFC_DROP since the queue opened (Pfc: beyond XOFF + headroom; PfcShared:
   * headroom full and the shared part refusing): the lossless guarantee failed. 0 for a closed queue.
   */
  drops(slot: number): number {
    return this.isOpen(slot) ? this.col.drops[slot] : 0;
  }
  /** Bytes of the arrivals counted in drops, since the queue opened; 0 for a closed queue. */
  dropBytes(slot: number): number {
    return this.isOpen(slot) ? this.col.dropBytes[slot] : 0;
  }
  /** The queue's headroom above XOFF (setPort, else params.headroomBytes). */
  headroomBytes(slot: number): number {
    return this.isOpen(slot) ? this.room[slot] : 0;
  }
  /** The duration its PAUSE frames carry, ns (setPort, else frameNs). */
  portFrameNs(slot: number): number {
    return this.isOpen(slot) ? this.frameCol[slot] : 0;
  }
  /** How long after its last PAUSE a paused queue sends the next, ns (setPort, else params.refreshNs). */
  portRefreshNs(slot: number): number {
    return this.isOpen(slot) ? this.refreshCol[slot] : 0;
  }

  // The helpers below take the caller's tick as it came and convert it themselves: an int32
  // outside ±2^30 passed to a call V8 does not inline is boxed, allocating (lib/README).

  /** An arrival beyond the headroom is refused: counted, and a refresh that is due still goes out. */
  protected drop(slot: number, nowNs: number, bytes: number): number {
    this.col.drops[slot]++;
    this.col.dropBytes[slot] += bytes;
    return R.Drop | this.refresh(slot, nowNs);
  }

  protected pause(slot: number, nowNs: number): number {
    this.pausedCol[slot] = 1;
    this.pauseStart[slot] = nowNs | 0;
    this.col.pauses[slot]++;
    return this.send(slot, nowNs);
  }

  protected refresh(slot: number, nowNs: number): number {
    if (this.pausedCol[slot] === 0 || (((nowNs | 0) - this.lastSent[slot]) >>> 0) < this.refreshCol[slot]) return 0;
    return this.send(slot, nowNs);
  }

  private send(slot: number, nowNs: number): number {
    this.lastSent[slot] = nowNs | 0;
    this.col.frames[slot]++;
    this.out[O.FrameNs] = this.frameCol[slot];
    return R.Pause;
  }

  protected resume(slot: number, nowNs: number): number {
    const lasted = ((nowNs | 0) - this.pauseStart[slot]) >>> 0;
    this.pausedCol[slot] = 0;
    this.col.resumes[slot]++;
    this.col.pausedNs[slot] += lasted;
    this.out[O.PausedNs] = lasted < I32.Max ? lasted : I32.Max; // an int32 field; pausedNs(slot) keeps the whole
    this.out[O.FrameNs] = 0;
    return R.Resume;
  }
}

export class Pfc extends PfcBase<PfcParams, typeof PFC_LAYOUT> {
  static readonly bytesPerFlow = flowBytes(PFC_LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onArrive: ["slot", "nowNs", "bytes"],
    onDepart: ["slot", "nowNs", "bytes"],
    onTick: ["slot", "nowNs"],
    setPort: ["slot", "linkGbps", "headroomBytes"],
  };
  private readonly xoff: number;
  private readonly xon: number;

  /** `capacity` is the number of ingress queues. */
  constructor(params: PfcParamsInput = {}, capacity = 1) {
    const p = resolvePfcParams(params);
    super(p, PFC_LAYOUT, capacity, params);
    this.xoff = p.xoffBytes;
    this.xon = p.xonBytes;
  }

  /**
   * A packet of `bytes` enters this ingress queue. Returns 0, or PFC_PAUSE (send XOFF for
   * out.frameNs: the queue just crossed XOFF, or a refresh is due), PFC_DROP (beyond XOFF +
   * headroom: the packet is not admitted; with PFC_PAUSE when a refresh is due), or E_SLOT / E_ARG.
   */
  onArrive(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && bytes >>> 0 === bytes && bytes > 0 && bytes <= 0x3fffffff && nowNs - nowNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    const q = this.q[slot] + bytes;
    // At most 2^29 + 2^29 + 2^30 − 1 < 2^31: int32 arithmetic.
    if (q > this.xoff + this.room[slot]) {
      return this.drop(slot, now, bytes);
    }
    this.q[slot] = q;
    if (this.pausedCol[slot] !== 0) return this.refresh(slot, now);
    return q > this.xoff ? this.pause(slot, now) : 0;
  }

  /**
   * `bytes` of this ingress queue's packets left the switch. Returns 0, PFC_RESUME (send XON, a
   * PAUSE of 0: out.frameNs 0, out.pausedNs the pause's length), PFC_PAUSE (a refresh was due),
   * or E_SLOT / E_ARG / E_STATE (more bytes than queued).
   */
  onDepart(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && bytes >>> 0 === bytes && bytes > 0 && nowNs - nowNs === 0)) return this.reject(slot);
    const q = this.q[slot] - bytes;
    if (q < 0) return this.fail(E_STATE);
    this.q[slot] = q;
    if (this.pausedCol[slot] === 0) return 0;
    if (q <= this.xon) return this.resume(slot, nowNs | 0);
    return this.refresh(slot, nowNs | 0);
  }

  /** A timer check for a paused queue with no traffic: PFC_PAUSE when a refresh is due, else 0. */
  onTick(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    return this.refresh(slot, nowNs | 0);
  }
}
