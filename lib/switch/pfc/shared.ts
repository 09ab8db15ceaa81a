// PFC with XOFF drawn from a switch's shared buffer, as a lossless switch's MMU does it: each
// ingress queue owns a small reserve and a headroom, and the rest of the buffer is shared; a
// queue pauses its upstream when its use of the shared part reaches a threshold that follows the
// free shared space (dynamic, α × free, Choudhury & Hahne) or when the shared part is full
// (complete sharing).
//
// Read first: notes/baselines.md §8.2, the HPCC MMU (switch-mmu.cc in the HPCC ns-3 code, which
// the DCP simulations inherit): reserve 4 KB, resume offset 3 KB, a headroom per port (set aside
// once per port; here each queue sets aside its own reserve and headroom, the same bytes with one
// lossless priority per port), threshold = (buffer − Σ headroom − Σ reserve − shared used) >> 3
// (α = 1/8 at the NICs' rate; HPCC's third.cc shifts one less per doubling of a faster port's
// rate: here each queue's α is set with its link, setPort's alphaLog2, sized with pfcAlphaLog2),
// a 32 MB buffer.
// The pause machinery (frames, refresh, XON, counters) is PfcBase's (pfc.ts); this file holds
// the admission and the thresholds. The clauses below follow the MMU's functions:
//   arrival admitted unless headroom and threshold both overflow  (CheckIngressAdmission)
//   an admitted byte goes to the reserve, the shared part or the headroom  (UpdateIngressAdmission)
//   pause when the headroom is in use or shared ≥ threshold  (CheckShouldPause)
//   a departure leaves the headroom first, then the shared part  (RemoveFromIngressAdmission)
//   resume when the headroom is empty and shared + offset ≤ threshold  (CheckShouldResume)

import { E_STATE } from "../../core/errors";
import { type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { PFC_LAYOUT, PfcBase } from "./pfc";
import { type PfcSharedParams, type PfcSharedParamsInput, resolvePfcSharedParams } from "./params";

/**
 * Pfc's columns, plus the bytes held in the headroom, the shared buffer (pool + 1; 0: none) and
 * the queue's α as its log2 (setPort; HPCC's per-port pfc_a_shift, negated): 67 B per ingress queue.
 */
const LAYOUT = { ...PFC_LAYOUT, hdrm: "i32", pool: "i32", alphaLog2: "i8" } as const;

const enum A {
  /** Added to a queue's alphaLog2 (−8 … 8) to index `scale`. */
  Bias = 8,
  Entries = 17,
}

export class PfcShared extends PfcBase<PfcSharedParams, typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    setPool: ["slot", "pool"],
    onArrive: ["slot", "nowNs", "bytes"],
    onDepart: ["slot", "nowNs", "bytes"],
    onTick: ["slot", "nowNs"],
    setPort: ["slot", "linkGbps", "headroomBytes", "alphaLog2"],
  };

  private readonly hdrm = this.col.hdrm;
  private readonly poolOf = this.col.pool;
  private readonly alphaOf = this.col.alphaLog2;
  /** Per shared buffer + 1 (index 0 holds the queues in none, whose shared part is empty). */
  private readonly shared: Int32Array; // bytes of the shared part in use (the MMU's shared_used_bytes)
  private readonly region: Int32Array; // the shared part: poolBytes − the members' reserves and headrooms
  private readonly held: Float64Array; // every byte the members hold: reserve, shared and headroom
  private readonly peak: Float64Array; // the most `held` has been
  private readonly refused: Float64Array; // arrivals dropped beyond a member's headroom
  private readonly reserve: number;
  private readonly offset: number;
  /**
   * α by a queue's alphaLog2 + 8: 2^alphaLog2, or 2^31 for complete sharing (the threshold is then
   * always the queue's own use plus the free part). A power of two, so free × α is exact and its
   * floor is HPCC's >> shift.
   */
  private readonly scale: Float64Array = offHeap(Float64Array, A.Entries);

  /** `capacity` is the number of ingress queues. */
  constructor(params: PfcSharedParamsInput = {}, capacity = 1) {
    const p = resolvePfcSharedParams(params);
    super(p, LAYOUT, capacity, params);
    const n = p.pools + 1;
    this.shared = offHeap(Int32Array, n);
    this.region = offHeap(Int32Array, n);
    this.held = offHeap(Float64Array, n);
    this.peak = offHeap(Float64Array, n);
    this.refused = offHeap(Float64Array, n);
    this.region.fill(p.poolBytes, 1);
    this.reserve = p.reserveBytes;
    this.offset = p.resumeOffsetBytes;
    for (let i = 0; i < A.Entries; i++) this.scale[i] = p.poolRule === "complete" ? 2 ** 31 : 2 ** (i - A.Bias);
  }

  /**
   * The empty queue joins shared buffer `pool` (0 ≤ pool < `pools`), its reserve and headroom
   * set aside from it, or leaves its buffer (−1). Returns 0; E_STATE while the queue holds
   * bytes or when the buffer cannot set aside another reserve and headroom (its shared part less
   * them would be below the shared bytes in use); E_SLOT / E_ARG.
   */
  setPool(slot: number, pool: number): number {
    if (!(this.live[slot] === 1 && (pool | 0) === pool && pool >= -1 && pool < this.region.length - 1)) return this.reject(slot);
    const to = pool + 1;
    const own = this.reserve + this.room[slot];
    if (this.q[slot] !== 0 || (to !== 0 && to !== this.poolOf[slot] && this.region[to] - own < this.shared[to])) return this.fail(E_STATE);
    this.leave(slot);
    if (to !== 0) this.region[to] -= own;
    this.poolOf[slot] = to;
    return 0;
  }

  /** A queue's headroom is set aside from its buffer: it changes only outside one (setPool −1 first). */
  protected override mayResize(slot: number): boolean {
    return this.poolOf[slot] === 0 && super.mayResize(slot);
  }

  /** Reopening a queue still open first takes it out of its buffer, as close does. The queue's α is the table's (poolAlphaLog2). */
  override open(slot: number): void {
    if (this.live[slot] === 1) this.leave(slot);
    super.open(slot);
    this.alphaOf[slot] = this.params.poolAlphaLog2;
  }

  /**
   * The queue's own link and α: its upstream sends at `linkGbps` (0 < linkGbps ≤ 100,000),
   * `headroomBytes` (an integer in [0, 2^29]) arrive after its XOFF (size it with
   * pfcHeadroomBytes), and its threshold is α = 2^`alphaLog2` (an integer in [−8, 8], as
   * poolAlphaLog2; omitted, the table's poolAlphaLog2) times the free shared part. HPCC's third.cc
   * gives each port its own α, larger on a port faster than the NICs: size it with
   * pfcAlphaLog2(linkGbps, nicGbps). Under poolRule "complete" the α is kept but not used. Its PAUSE
   * frames last pauseQuanta × 512 bit times at this rate (as given, or the default fitted to this
   * rate), re-sent every refreshNs as given, or half a frame. Returns 0; E_SLOT; E_ARG when an
   * argument is out of range, or when the frame would last past 2^30 ns or be shorter than a given
   * refreshNs; E_STATE while the queue is paused or in a shared buffer (its headroom is set aside
   * there and its α fixed: setPool −1 first). Refused, the queue keeps its link and its α.
   */
  override setPort(slot: number, linkGbps: number, headroomBytes: number, alphaLog2: number = this.params.poolAlphaLog2): number {
    if (!((alphaLog2 | 0) === alphaLog2 && alphaLog2 >= -8 && alphaLog2 <= 8)) return this.reject(slot);
    const r = super.setPort(slot, linkGbps, headroomBytes);
    if (r === 0) this.alphaOf[slot] = alphaLog2;
    return r;
  }

  override close(slot: number): number {
    if (this.live[slot] === 1) this.leave(slot);
    return super.close(slot);
  }

  /**
   * A packet of `bytes` enters this ingress queue. Returns 0, or PFC_PAUSE (send XOFF for
   * out.frameNs: the queue pauses, or it is paused and a refresh is due), PFC_DROP (the headroom
   * is full and the shared part refuses it: not admitted; with PFC_PAUSE when a refresh is due),
   * or E_SLOT / E_ARG.
   *
   * With T = min(⌊α free⌋, mine + free) (`threshold`), each comparison with T is written as two
   * with its terms (x > T ⇔ x > ⌊α free⌋ or x > mine + free), so the handler computes ⌊α free⌋
   * once and V8 can inline it whole into a caller's loop (lib/README, inlining budget).
   */
  onArrive(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && bytes >>> 0 === bytes && bytes > 0 && bytes <= 0x3fffffff && nowNs - nowNs === 0)) return this.reject(slot);
    const p = this.poolOf[slot];
    const h = this.hdrm[slot];
    // Bytes beyond the reserve outside the headroom: the queue's shared use (mine) when positive.
    const over = this.q[slot] - h - this.reserve;
    const mine = over > 0 ? over : 0;
    const free = this.region[p] - this.shared[p];
    const alpha = this.scale[this.alphaOf[slot] + A.Bias];
    const lim = Math.floor(free * alpha);
    // CheckIngressAdmission: mine + bytes > T ⇔ mine + bytes > ⌊α free⌋ or bytes > free.
    if (h + bytes > this.room[slot] && (mine + bytes > lim || bytes > free)) return this.refuse(slot, nowNs, bytes);
    // UpdateIngressAdmission: the reserve, the shared part while over + bytes ≤ T, else the headroom.
    const after = over + bytes;
    const toHeadroom = after > lim || after > mine + free;
    let left = free;
    if (toHeadroom) this.hdrm[slot] = h + bytes;
    else if (after > 0) {
      const taken = after < bytes ? after : bytes;
      this.shared[p] += taken;
      left = free - taken;
    }
    this.q[slot] += bytes;
    this.hold(p, bytes);
    if (this.pausedCol[slot] !== 0) return this.refresh(slot, nowNs);
    // CheckShouldPause: the headroom in use (it was empty: a queue in it is paused), or mine ≥ T
    // with this packet counted. mine = max(after, 0) ≥ ⌊α free⌋ ⇔ after ≥ ⌊α free⌋ or ⌊α free⌋ = 0:
    // at T = 0 even a queue inside its reserve pauses (free = 0, or below 1/α bytes when α < 1).
    const t = Math.floor(left * alpha);
    return toHeadroom || after >= t || t === 0 ? this.pause(slot, nowNs) : 0;
  }

  /**
   * `bytes` of this ingress queue's packets left the switch. Returns 0, PFC_RESUME (send XON;
   * out.pausedNs), PFC_PAUSE (a refresh was due), or E_SLOT / E_ARG / E_STATE (more bytes than
   * queued).
   */
  onDepart(slot: number, nowNs: number, bytes: number): number {
    if (!(this.live[slot] === 1 && bytes >>> 0 === bytes && bytes > 0 && nowNs - nowNs === 0)) return this.reject(slot);
    const q = this.q[slot];
    if (bytes > q) return this.fail(E_STATE);
    const p = this.poolOf[slot];
    const h = this.hdrm[slot];
    const fromHeadroom = h < bytes ? h : bytes;
    const ingress = q - h;
    const mine = ingress > this.reserve ? ingress - this.reserve : 0;
    const rest = bytes - fromHeadroom;
    this.shared[p] -= rest < mine ? rest : mine;
    this.hdrm[slot] = h - fromHeadroom;
    this.q[slot] = q - bytes;
    this.held[p] -= bytes;
    return this.settle(slot, nowNs, p);
  }

  /**
   * A timer check of a paused queue: PFC_RESUME when the threshold has risen enough (other
   * queues drained the shared part), PFC_PAUSE when a refresh is due, else 0.
   */
  onTick(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    return this.settle(slot, nowNs, this.poolOf[slot]);
  }

  // Readers

  /** Bytes this queue holds in its headroom. */
  headroomUsedBytes(slot: number): number {
    return this.isOpen(slot) ? this.hdrm[slot] : 0;
  }
  /** The shared buffer this queue is in, or −1. */
  pool(slot: number): number {
    return this.isOpen(slot) ? this.poolOf[slot] - 1 : -1;
  }
  /**
   * The queue bytes (reserve + shared, headroom excluded) at which this queue pauses now:
   * reserve + threshold. 0 for a closed queue.
   */
  xoffBytes(slot: number): number {
    if (!this.isOpen(slot)) return 0;
    const ingress = this.q[slot] - this.hdrm[slot];
    return this.reserve + this.threshold(slot, this.poolOf[slot], ingress > this.reserve ? ingress - this.reserve : 0);
  }
  /** The queue's α as its log2 (setPort, else the table's poolAlphaLog2); 0 for a closed queue. */
  alphaLog2(slot: number): number {
    return this.isOpen(slot) ? this.alphaOf[slot] : 0;
  }
  /** Bytes of the queue's shared buffer's shared part in use (0 in none). */
  poolSharedBytes(slot: number): number {
    return this.pool(slot) >= 0 ? this.shared[this.poolOf[slot]] : 0;
  }
  /** The shared part of the queue's buffer: its size less its members' reserves and headrooms; 0 in none or closed. */
  poolRegionBytes(slot: number): number {
    return this.pool(slot) >= 0 ? this.region[this.poolOf[slot]] : 0;
  }
  /** Every byte its members hold now (reserve, shared, headroom); 0 in none or closed. */
  poolUsedBytes(slot: number): number {
    return this.pool(slot) >= 0 ? this.held[this.poolOf[slot]] : 0;
  }
  /**
   * The most bytes the queue's shared buffer has held at once (every member's reserve, shared and
   * headroom bytes) since the table was built, never reset (not by members leaving); 0 in none or closed.
   */
  poolPeakBytes(slot: number): number {
    return this.pool(slot) >= 0 ? this.peak[this.poolOf[slot]] : 0;
  }
  /** Arrivals its buffer's members dropped beyond their headroom (the lossless guarantee failed), never reset; 0 in none or closed. */
  poolRefusals(slot: number): number {
    return this.pool(slot) >= 0 ? this.refused[this.poolOf[slot]] : 0;
  }

  /**
   * The shared bytes at which queue `slot` using `mine` of them pauses: its α × the free shared
   * part (HPCC: (buffer − Σ headroom − Σ reserve − shared used) >> pfc_a_shift[port]), or with complete sharing its
   * own use plus the free part, so that it pauses only when the shared part is full. α > 1 is
   * held to that too: a queue cannot take more than is free. In no buffer (index 0, an empty
   * shared part) it is 0. At most 2^30, so an int32 (a double returned from a call that is not
   * inlined is boxed, allocating).
   */
  private threshold(slot: number, p: number, mine: number): number {
    // Never negative: setPool keeps region ≥ shared, and an arrival takes at most the free part.
    const free = this.region[p] - this.shared[p];
    const most = mine + free;
    const t = Math.floor(free * this.scale[this.alphaOf[slot] + A.Bias]);
    return (t < most ? t : most) | 0;
  }

  /**
   * CheckShouldResume: a paused queue resumes once its headroom is empty and mine = 0 or
   * mine + offset ≤ T (⇔ ≤ ⌊α free⌋ and offset ≤ free); else a due refresh.
   */
  private settle(slot: number, nowNs: number, p: number): number {
    if (this.pausedCol[slot] === 0) return 0;
    const over = this.q[slot] - this.reserve;
    const free = this.region[p] - this.shared[p];
    if (this.hdrm[slot] === 0 && (over <= 0 || (over + this.offset <= Math.floor(free * this.scale[this.alphaOf[slot] + A.Bias]) && this.offset <= free))) return this.resume(slot, nowNs);
    return this.refresh(slot, nowNs);
  }

  /** The buffer's members hold `bytes` more: its fullest so far. */
  private hold(p: number, bytes: number): void {
    const held = this.held[p] + bytes;
    this.held[p] = held;
    if (held > this.peak[p]) this.peak[p] = held;
  }

  /** An arrival the headroom cannot take and the shared part refuses: counted against the buffer too. */
  private refuse(slot: number, nowNs: number, bytes: number): number {
    this.refused[this.poolOf[slot]]++;
    return this.drop(slot, nowNs, bytes);
  }

  /** Takes the (empty) queue out of its buffer, returning its reserve and headroom. */
  private leave(slot: number): void {
    const from = this.poolOf[slot];
    if (from !== 0) this.region[from] += this.reserve + this.room[slot];
    // A closing queue's bytes leave with it.
    const h = this.hdrm[slot];
    const ingress = this.q[slot] - h;
    this.shared[from] -= ingress > this.reserve ? ingress - this.reserve : 0;
    this.held[from] -= this.q[slot];
    this.poolOf[slot] = 0;
  }
}
