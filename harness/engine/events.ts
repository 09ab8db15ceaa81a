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
  // FIFO nodes (a pool with a free list).
  private nTime: Float64Array;
  private nSeq: Float64Array;
  private nWord: Int32Array;
  private nArg: Int32Array;
  private nNext: Int32Array;
  private free: Int32Array;
  private freeTop: number;
  // Per FIFO: head and tail node.
  private readonly fHead = new Int32Array(K.MaxFifos).fill(-1);
  private readonly fTail = new Int32Array(K.MaxFifos).fill(-1);
  private fifos = 0;
  // Delay → FIFO, open addressing.
  private readonly dKey = new Float64Array(K.Classes).fill(-1);
  private readonly dFifo = new Int32Array(K.Classes);

  constructor(nodes = 4096) {
    this.nTime = new Float64Array(nodes);
    this.nSeq = new Float64Array(nodes);
    this.nWord = new Int32Array(nodes);
    this.nArg = new Int32Array(nodes);
    this.nNext = new Int32Array(nodes);
    this.free = new Int32Array(nodes);
    for (let i = 0; i < nodes; i++) this.free[i] = nodes - 1 - i;
    this.freeTop = nodes;
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
    if (this.freeTop === 0) this.grow();
    const n = this.free[--this.freeTop];
    this.nTime[n] = t;
    this.nSeq[n] = s;
    this.nWord[n] = w;
    this.nArg[n] = arg;
    this.nNext[n] = -1;
    const tail = this.fTail[f];
    if (tail < 0) {
      this.fHead[f] = n;
      const h = this.heads;
      h.at = t;
      h.atSeq = s;
      h.insert(f << 4, 0);
    } else {
      this.nNext[tail] = n;
    }
    this.fTail[f] = n;
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
      h.pop();
      const f = h.target;
      const n = this.fHead[f];
      const next = this.nNext[n];
      this.fHead[f] = next;
      if (next < 0) this.fTail[f] = -1;
      else {
        h.at = this.nTime[next];
        h.atSeq = this.nSeq[next];
        h.insert(f << 4, 0);
      }
      this.t = this.nTime[n];
      const w = this.nWord[n];
      this.kind = w & 15;
      this.target = w >> 4;
      this.arg = this.nArg[n];
      this.free[this.freeTop++] = n;
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
    this.dKey[i] = d;
    this.dFifo[i] = this.fifos;
    return this.fifos++;
  }

  private grow(): void {
    const n = this.nTime.length;
    const m = n * 2;
    const t = new Float64Array(m);
    const s = new Float64Array(m);
    const w = new Int32Array(m);
    const a = new Int32Array(m);
    const nx = new Int32Array(m);
    t.set(this.nTime);
    s.set(this.nSeq);
    w.set(this.nWord);
    a.set(this.nArg);
    nx.set(this.nNext);
    this.nTime = t;
    this.nSeq = s;
    this.nWord = w;
    this.nArg = a;
    this.nNext = nx;
    const free = new Int32Array(m);
    for (let i = 0; i < n; i++) free[i] = m - 1 - i;
    this.free = free;
    this.freeTop = n;
  }
}
