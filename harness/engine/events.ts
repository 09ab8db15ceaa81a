// The fabric's event list: events ordered by (time in integer ps, insertion sequence), popped in
// exactly that order, built from binary heaps over typed arrays (heap.ts).
//
// Most of a fabric's events are scheduled a fixed delay after the current time: a packet's
// arrival at the far end of a wire (its serialisation plus the propagation), the end of a
// serialisation. Events scheduled with the same delay from a clock that never goes back are
// produced in (time, sequence) order, so each such delay class is a FIFO; only the FIFOs' heads
// need ordering, in a small heap. Everything else (flow starts, timers, pacing wake-ups) goes
// into a general heap. `pop` takes the earlier of the two heaps' tops. The order is exactly the
// (time, sequence) order of one big heap — the same events in the same order — at a fraction of
// its cost: a push into a FIFO is O(1), and the heaps hold a few dozen entries instead of
// thousands.

import { EventHeap } from "./heap";

const DOUBLE_INIT = 0.5;

const enum K {
  Classes = 256, // delay-table slots (open addressing); at most MaxFifos classes are used
  ClassMask = 255,
  MaxFifos = 192,
  /** Entries of a new FIFO's ring (a power of two; a full ring moves to one twice its size). */
  FirstRing = 256,
}

export class EventList {
  /** Time of the last popped event, ps (the clock). */
  t = DOUBLE_INIT;
  kind = 0;
  target = 0;
  arg = 0;
  /** Staged time for `add`, staged delay for `after` (see heap.ts on staging doubles). */
  at = DOUBLE_INIT;
  delay = DOUBLE_INIT;

  private readonly general = new EventHeap(1024);
  private readonly heads = new EventHeap(256);
  private seq = 0;
  // FIFO entries: each FIFO is a ring (a power of two of entries) at its own offset in two shared
  // arrays, (time, seq) pairs and (word, arg) pairs. A ring keeps a FIFO's entries in the order
  // they pop, side by side, so the next head is usually in a cache line already loaded (a linked
  // node pool spreads them: a dependent load per pop, measured as most of pop's time).
  private eTs: Float64Array;
  private eWa: Int32Array;
  /** Entries of the shared arrays handed out to rings so far (a moved ring leaves its old place unused). */
  private used = 0;
  // Per FIFO: its ring's offset and size − 1 (entries), the head's index in the ring, the length.
  private readonly fBase = new Int32Array(K.MaxFifos);
  private readonly fMask = new Int32Array(K.MaxFifos);
  private readonly fHead = new Int32Array(K.MaxFifos);
  private readonly fLen = new Int32Array(K.MaxFifos);
  private fifos = 0;
  // Delay → FIFO, open addressing.
  private readonly dKey = new Float64Array(K.Classes).fill(-1);
  private readonly dFifo = new Int32Array(K.Classes);

  /** `nodes`: FIFO entries allocated up front (more are allocated, rarely, when rings fill). */
  constructor(nodes = 4096) {
    // The clock starts at 0 (the field stays a double): `after` before the first pop counts from
    // 0, not from the initialiser's 0.5 (audit, 2026-12-07; the fabric schedules from events only).
    this.t = 0;
    const n = Math.max(nodes, K.FirstRing);
    this.eTs = new Float64Array(2 * n);
    this.eWa = new Int32Array(2 * n);
  }

  /** Pending events. */
  get size(): number {
    return this.general.size + this.fifoEvents;
  }
  private fifoEvents = 0;

  /** Events scheduled since construction. */
  get scheduled(): number {
    return this.seq;
  }

  /** Schedules at absolute time t (ps). */
  push(t: number, kind: number, target: number, arg: number): void {
    this.at = t;
    this.add(kind, target, arg);
  }

  /** Schedules at the staged absolute time `at` (≥ the clock). */
  add(kind: number, target: number, arg: number): void {
    const g = this.general;
    g.at = this.at;
    g.atSeq = this.seq++;
    g.insert((target << 4) | kind, arg);
  }

  /** Schedules at the clock + the staged `delay` (ps, ≥ 0): the delay class's FIFO. */
  after(kind: number, target: number, arg: number): void {
    const d = this.delay;
    const t = this.t + d;
    const s = this.seq++;
    const w = (target << 4) | kind;
    const f = this.fifoOf(d);
    if (f < 0) {
      const g = this.general;
      g.at = t;
      g.atSeq = s;
      g.insert(w, arg);
      return;
    }
    const len = this.fLen[f];
    if (len > this.fMask[f]) this.growRing(f);
    const i = (this.fBase[f] + ((this.fHead[f] + len) & this.fMask[f])) << 1;
    const ts = this.eTs;
    ts[i] = t;
    ts[i + 1] = s;
    const wa = this.eWa;
    wa[i] = w;
    wa[i + 1] = arg;
    this.fLen[f] = len + 1;
    if (len === 0) {
      const h = this.heads;
      h.at = t;
      h.atSeq = s;
      h.insert(f << 4, 0);
    }
    this.fifoEvents++;
  }

  /** Removes the earliest event into t/kind/target/arg; false when none is left. */
  pop(): boolean {
    const g = this.general;
    const h = this.heads;
    if (h.size > 0) {
      if (g.size > 0) {
        const gt = g.peekTime();
        const ht = h.peekTime();
        if (gt < ht || (gt === ht && g.peekSeq() < h.peekSeq())) return this.fromGeneral();
      }
      const f = h.peekTarget();
      const base = this.fBase[f];
      const mask = this.fMask[f];
      const head = this.fHead[f];
      const i = (base + head) << 1;
      const ts = this.eTs;
      const wa = this.eWa;
      this.t = ts[i];
      const w = wa[i];
      this.kind = w & 15;
      this.target = w >> 4;
      this.arg = wa[i + 1];
      const next = (head + 1) & mask;
      this.fHead[f] = next;
      const len = this.fLen[f] - 1;
      this.fLen[f] = len;
      if (len === 0) h.pop();
      else {
        // The FIFO's next entry becomes its head: same FIFO, a later key.
        const j = (base + next) << 1;
        h.at = ts[j];
        h.atSeq = ts[j + 1];
        h.replaceTopKey();
      }
      this.fifoEvents--;
      return true;
    }
    if (g.size > 0) return this.fromGeneral();
    return false;
  }

  private fromGeneral(): boolean {
    const g = this.general;
    g.pop();
    this.t = g.t;
    this.kind = g.kind;
    this.target = g.target;
    this.arg = g.arg;
    return true;
  }

  /** The FIFO of a delay class, created on first use; −1 when the table is full. */
  private fifoOf(d: number): number {
    let i = (Math.imul(d | 0, 0x9e3779b1) >>> 24) & K.ClassMask;
    for (;;) {
      const k = this.dKey[i];
      if (k === d) return this.dFifo[i];
      if (k < 0) break;
      i = (i + 1) & K.ClassMask;
    }
    if (this.fifos === K.MaxFifos) return -1;
    const f = this.fifos++;
    this.dKey[i] = d;
    this.dFifo[i] = f;
    this.fBase[f] = this.claim(K.FirstRing);
    this.fMask[f] = K.FirstRing - 1;
    return f;
  }

  /** FIFO f's ring is full: its entries, oldest first, move to a new ring twice its size. */
  private growRing(f: number): void {
    const size = this.fMask[f] + 1;
    const to = this.claim(2 * size);
    const from = this.fBase[f];
    const head = this.fHead[f];
    for (let k = 0; k < size; k++) {
      const i = (from + ((head + k) & (size - 1))) << 1;
      const j = (to + k) << 1;
      this.eTs[j] = this.eTs[i];
      this.eTs[j + 1] = this.eTs[i + 1];
      this.eWa[j] = this.eWa[i];
      this.eWa[j + 1] = this.eWa[i + 1];
    }
    this.fBase[f] = to;
    this.fMask[f] = 2 * size - 1;
    this.fHead[f] = 0;
  }

  /** Offset of `n` fresh entries in the shared arrays, which double when they must. */
  private claim(n: number): number {
    const at = this.used;
    this.used += n;
    let cap = this.eWa.length >> 1;
    if (this.used > cap) {
      while (this.used > cap) cap *= 2;
      const ts = new Float64Array(2 * cap);
      const wa = new Int32Array(2 * cap);
      ts.set(this.eTs);
      wa.set(this.eWa);
      this.eTs = ts;
      this.eWa = wa;
    }
    return at;
  }
}
