// The fabric's event list: a binary min-heap over typed arrays, ordered by (time, insertion
// sequence), so two events at the same picosecond run in the order they were scheduled and a
// run is a pure function of its inputs and seed (DESIGN.md "The virtual fabric").
//
// An event is three integers — kind, target id, argument — plus its time in integer picoseconds
// held in a double (exact to 2^53 ps ≈ 2.5 h). No object or closure exists per event: the fabric
// dispatches on the kind with a switch. This replaces htsim's EventList (a multimap of
// EventSource pointers with a static now(); notes/style-anchors.md §4) without its globals.
//
// The arrays grow by doubling when full (rare: the fabric schedules at most one event per link,
// port, flow timer and host, plus flow starts), so the per-event path never allocates.

// Fields that hold times are initialised with a non-integral double: V8 then gives them a double
// representation and stores into them do not allocate (initialised with the integer 0 they start
// as small integers, and every store of a large time would box a new heap number).
const DOUBLE_INIT = 0.5;

/** Targets an event can name: the word holds target << 4 | kind in an int32. */
export const EVENT_TARGET_LIMIT = 2 ** 27;

export class EventHeap {
  /** Time of the last popped event, picoseconds. */
  t = DOUBLE_INIT;
  kind = 0;
  target = 0;
  arg = 0;
  size = 0;

  private time: Float64Array;
  private seq: Float64Array;
  /** target << 4 | kind */
  private word: Int32Array;
  private argv: Int32Array;
  private nextSeq = 0;

  constructor(capacity = 1024) {
    this.time = new Float64Array(capacity);
    this.seq = new Float64Array(capacity);
    this.word = new Int32Array(capacity);
    this.argv = new Int32Array(capacity);
  }

  /**
   * Time of the next `add`, ps. Hot callers stage the time here and call `add`, because a double
   * outside the small-integer range passed to a call V8 does not inline is boxed (one heap
   * number per event); a store into this field is not.
   */
  at = DOUBLE_INIT;

  /** Schedules (kind < 16, target < 2^27) at time `t` ps. */
  push(t: number, kind: number, target: number, arg: number): void {
    this.at = t;
    this.add(kind, target, arg);
  }

  /** Sequence number of the next `insert` (staged like `at`). */
  atSeq = DOUBLE_INIT;

  /** Schedules (kind, target, arg) at the staged time `at`. */
  add(kind: number, target: number, arg: number): void {
    this.atSeq = this.nextSeq++;
    this.insert((target << 4) | kind, arg);
  }

  /** Inserts word (target << 4 | kind) and arg at the staged `at` with the staged sequence `atSeq` (EventList shares one sequence). */
  insert(w: number, arg: number): void {
    const t = this.at;
    const s = this.atSeq;
    if (this.size === this.time.length) this.grow();
    // Sift up: move parents down until the slot fits.
    let i = this.size++;
    const time = this.time;
    const seq = this.seq;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = time[p];
      if (pt < t || (pt === t && seq[p] < s)) break;
      time[i] = pt;
      seq[i] = seq[p];
      this.word[i] = this.word[p];
      this.argv[i] = this.argv[p];
      i = p;
    }
    time[i] = t;
    seq[i] = s;
    this.word[i] = w;
    this.argv[i] = arg;
  }

  /**
   * Removes the earliest event into t/kind/target/arg; false when empty. Bottom-up deletion
   * (Floyd): the hole at the root descends along the smaller children to a leaf (one comparison
   * per level), then the last element rises from there. The last element is usually a late
   * event (a timer), so it rises little, which halves the comparisons of the classic sift-down.
   */
  pop(): boolean {
    const n = this.size;
    if (n === 0) return false;
    const time = this.time;
    const seq = this.seq;
    const word = this.word;
    const argv = this.argv;
    this.t = time[0];
    const w0 = word[0];
    this.kind = w0 & 15;
    this.target = w0 >> 4;
    this.arg = argv[0];
    const last = n - 1;
    this.size = last;
    if (last === 0) return true;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= last) break;
      const r = c + 1;
      if (r < last && (time[r] < time[c] || (time[r] === time[c] && seq[r] < seq[c]))) c = r;
      time[i] = time[c];
      seq[i] = seq[c];
      word[i] = word[c];
      argv[i] = argv[c];
      i = c;
    }
    const t = time[last];
    const s = seq[last];
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = time[p];
      if (pt < t || (pt === t && seq[p] < s)) break;
      time[i] = pt;
      seq[i] = seq[p];
      word[i] = word[p];
      argv[i] = argv[p];
      i = p;
    }
    time[i] = t;
    seq[i] = s;
    word[i] = word[last];
    argv[i] = argv[last];
    return true;
  }

  /**
   * Gives the earliest event the staged key (`at`, `atSeq`) and restores the order (sift down),
   * keeping its word and argument: what a pop and an insert of the same entry with a new key
   * would leave, at the cost of one descent (engine/events.ts: a FIFO's next head takes the
   * place of the one just taken). Only when not empty.
   */
  replaceTopKey(): void {
    const t = this.at;
    const s = this.atSeq;
    const n = this.size;
    const time = this.time;
    const seq = this.seq;
    const word = this.word;
    const argv = this.argv;
    const w = word[0];
    const a = argv[0];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      if (r < n && (time[r] < time[c] || (time[r] === time[c] && seq[r] < seq[c]))) c = r;
      const ct = time[c];
      if (t < ct || (t === ct && s < seq[c])) break;
      time[i] = ct;
      seq[i] = seq[c];
      word[i] = word[c];
      argv[i] = argv[c];
      i = c;
    }
    time[i] = t;
    seq[i] = s;
    word[i] = w;
    argv[i] = a;
  }

  /** Target of the earliest pending event (meaningful when not empty). */
  peekTarget(): number {
    return this.word[0] >> 4;
  }

  /** Time of the earliest pending event (Infinity when empty). */
  peekTime(): number {
    return this.size > 0 ? this.time[0] : Infinity;
  }

  /** Sequence number of the earliest pending event (meaningful when not empty). */
  peekSeq(): number {
    return this.seq[0];
  }

  /** Events scheduled since construction. */
  get scheduled(): number {
    return this.nextSeq;
  }

  private grow(): void {
    const n = this.time.length * 2;
    const time = new Float64Array(n);
    const seq = new Float64Array(n);
    const word = new Int32Array(n);
    const argv = new Int32Array(n);
    time.set(this.time);
    seq.set(this.seq);
    word.set(this.word);
    argv.set(this.argv);
    this.time = time;
    this.seq = seq;
    this.word = word;
    this.argv = argv;
  }
}
