// Per-flow state tables (DESIGN.md rule 2): an algorithm is one object with a fixed capacity,
// and each per-flow variable is a column (a typed array indexed by slot). The layout is declared
// once as data, so `bytesPerFlow` is computed from the same declaration that allocates the state.

import { E_ARG, E_SLOT } from "./errors";

export type ColumnKind = "i8" | "u8" | "i16" | "u16" | "i32" | "u32" | "f64";

/** A column is one value per slot, or a fixed-width group of values per slot (`[kind, width]`). */
export type ColumnSpec = ColumnKind | readonly [ColumnKind, number];

export type Layout = { readonly [name: string]: ColumnSpec };

interface ArrayOfKind {
  i8: Int8Array;
  u8: Uint8Array;
  i16: Int16Array;
  u16: Uint16Array;
  i32: Int32Array;
  u32: Uint32Array;
  f64: Float64Array;
}

type KindOf<S> = S extends readonly [infer K, number] ? K : S;

export type Columns<L extends Layout> = {
  readonly [P in keyof L]: ArrayOfKind[KindOf<L[P]> & ColumnKind];
};

type AnyColumn = ArrayOfKind[ColumnKind];

const BYTES_PER_VALUE: { readonly [K in ColumnKind]: number } = {
  i8: 1,
  u8: 1,
  i16: 2,
  u16: 2,
  i32: 4,
  u32: 4,
  f64: 8,
};

function kindOf(spec: ColumnSpec): ColumnKind {
  return typeof spec === "string" ? spec : spec[0];
}

/** @throws RangeError for a group width that is not an integer ≥ 1 (a fraction would let slots overlap). */
function widthOf(spec: ColumnSpec): number {
  const width = typeof spec === "string" ? 1 : spec[1];
  if (!(Number.isInteger(width) && width >= 1)) throw new RangeError(`column group width must be an integer ≥ 1, got ${width}`);
  return width;
}

/**
 * A typed array of `n` elements on an ArrayBuffer of its own. V8 keeps a typed array of 64 bytes
 * or less that is made from a length on the JS heap, where the collector may move it; one made
 * over an ArrayBuffer is always off the heap. In a caller's loop specialised to its table
 * (lib/README "What inlining into the caller buys") an off-heap array's data pointer and length
 * fold to constants, while an on-heap one's are loaded and checked at every access: per-packet
 * state and `out` records are made with this (Spritz Scout onPathFeedback 9.4 → 8.6 ns, OPS
 * weighted choosePath 6.8 → 6.2, Swift onAck 9.0 → 8.4, with 64-flow tables whose byte columns
 * were on the heap).
 */
export function offHeap<T>(Array: { new (buffer: ArrayBuffer): T; readonly BYTES_PER_ELEMENT: number }, n: number): T {
  return new Array(new ArrayBuffer(n * Array.BYTES_PER_ELEMENT));
}

function allocate(kind: ColumnKind, n: number): AnyColumn {
  switch (kind) {
    case "i8":
      return offHeap(Int8Array, n);
    case "u8":
      return offHeap(Uint8Array, n);
    case "i16":
      return offHeap(Int16Array, n);
    case "u16":
      return offHeap(Uint16Array, n);
    case "i32":
      return offHeap(Int32Array, n);
    case "u32":
      return offHeap(Uint32Array, n);
    case "f64":
      return offHeap(Float64Array, n);
  }
}

/** Bytes of state one slot occupies in the declared columns. */
export function layoutBytes(layout: Layout): number {
  let bytes = 0;
  for (const name of Object.keys(layout)) {
    const spec = layout[name];
    bytes += BYTES_PER_VALUE[kindOf(spec)] * widthOf(spec);
  }
  return bytes;
}

/**
 * The documented per-flow figure of a table: its declared columns plus the one-byte open flag
 * that every FlowTable keeps.
 */
export function flowBytes(layout: Layout): number {
  return layoutBytes(layout) + 1;
}

/** The largest capacity a table accepts: 2^24 slots. */
export const MAX_CAPACITY = 1 << 24;

/**
 * FlowTable's check of its capacity, for a subclass that sizes a column by a parameter and must
 * bound capacity × that parameter before it calls `super`: a bad capacity is then still reported
 * as one, not as a product too large.
 * @throws RangeError for a capacity that is not an integer in [1, 2^24].
 */
export function checkCapacity(capacity: number): void {
  if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= MAX_CAPACITY)) {
    throw new RangeError(`capacity must be an integer in [1, ${MAX_CAPACITY}], got ${capacity}`);
  }
}

/**
 * Base of every algorithm table. It owns the columns, the open flags and the error counter;
 * a subclass declares `open(slot, …)` (which calls `openSlot`) and its handlers, which begin
 * with `if (!this.isOpen(slot)) return this.fail(E_SLOT)`, or test `live[slot]` together with
 * their arguments and return `this.reject(slot)`.
 */
export abstract class FlowTable<L extends Layout> {
  readonly capacity: number;
  /** Count of rejected calls (bad slot, bad argument, impossible event) since construction. */
  errors = 0;
  /** 1 while a slot is open. */
  protected readonly live: Uint8Array;
  protected readonly col: Columns<L>;
  private readonly names: string[];
  private readonly widths: number[];
  private readonly arrays: AnyColumn[];

  /** @throws RangeError for a capacity that is not an integer in [1, 2^24]. */
  protected constructor(layout: L, capacity: number) {
    checkCapacity(capacity);
    this.capacity = capacity;
    this.live = offHeap(Uint8Array, capacity);
    const col: { [name: string]: AnyColumn } = {};
    this.names = Object.keys(layout);
    this.widths = [];
    this.arrays = [];
    for (const name of this.names) {
      const spec = layout[name];
      const array = allocate(kindOf(spec), capacity * widthOf(spec));
      col[name] = array;
      this.arrays.push(array);
      this.widths.push(widthOf(spec));
    }
    this.col = col as Columns<L>;
  }

  /** True for an integer slot inside the table that is open. */
  isOpen(slot: number): boolean {
    return slot >= 0 && slot < this.capacity && Math.floor(slot) === slot && this.live[slot] === 1;
  }

  /**
   * Clears a slot and marks it open; opening an open slot starts it afresh.
   * @throws RangeError for a slot outside the table (open is not a per-packet path).
   */
  protected openSlot(slot: number): void {
    if (!(slot >= 0 && slot < this.capacity && Math.floor(slot) === slot)) {
      this.errors++;
      throw new RangeError(`slot ${slot} is outside [0, ${this.capacity})`);
    }
    this.clearSlot(slot);
    this.live[slot] = 1;
  }

  /** Clears a slot's state and marks it closed. Returns 0, or E_SLOT if it was not open. */
  close(slot: number): number {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    this.clearSlot(slot);
    this.live[slot] = 0;
    return 0;
  }

  /**
   * Every column of one slot, by name (a grouped column as an array), plus `open`. For tests,
   * traces and debugging; it allocates, so never call it on a per-packet path.
   */
  inspect(slot: number): { [column: string]: number | number[] | boolean } {
    const out: { [column: string]: number | number[] | boolean } = { open: this.isOpen(slot) };
    if (!(slot >= 0 && slot < this.capacity && Math.floor(slot) === slot)) return out;
    for (let i = 0; i < this.arrays.length; i++) {
      const w = this.widths[i];
      out[this.names[i]] = w === 1 ? this.arrays[i][slot] : Array.from(this.arrays[i].subarray(slot * w, slot * w + w));
    }
    return out;
  }

  /** Counts a rejected call and returns its error code. */
  protected fail(code: number): number {
    this.errors++;
    return code;
  }

  /**
   * Rejects a call whose validation failed: E_SLOT when the slot is not open, else E_ARG (an
   * argument was out of range). Handlers test `live[slot]` and their arguments in one condition
   * and split the two causes only here, on the error path.
   */
  protected reject(slot: number): number {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }

  private clearSlot(slot: number): void {
    for (let i = 0; i < this.arrays.length; i++) {
      const w = this.widths[i];
      this.arrays[i].fill(0, slot * w, slot * w + w);
    }
  }
}

/**
 * The argument names of a table's `open` and handlers, in order, published as a static `api`
 * on each algorithm class. Conformance vectors and the fabric call handlers by these names, so
 * the list is part of the module's public contract (DESIGN.md "Conformance vectors").
 */
export type HandlerSignatures = { readonly [handler: string]: readonly string[] };
