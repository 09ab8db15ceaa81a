// A free list of slot numbers, for whoever assigns flows to table slots (a NIC, the fabric).
// Fixed capacity, LIFO reuse, O(1) allocate and release, no allocation after construction.

export class SlotAllocator {
  private readonly stack: Int32Array;
  private readonly used: Uint8Array;
  private top: number;

  constructor(readonly capacity: number) {
    if (!(Number.isInteger(capacity) && capacity >= 1)) throw new RangeError(`capacity ${capacity}`);
    this.stack = new Int32Array(capacity);
    this.used = new Uint8Array(capacity);
    for (let i = 0; i < capacity; i++) this.stack[i] = capacity - 1 - i;
    this.top = capacity;
  }

  get inUse(): number {
    return this.capacity - this.top;
  }

  /** A free slot (lowest numbers first on a fresh allocator), or -1 when all are taken. */
  alloc(): number {
    if (this.top === 0) return -1;
    const slot = this.stack[--this.top];
    this.used[slot] = 1;
    return slot;
  }

  /** Returns a slot to the pool; false if it was not allocated. */
  release(slot: number): boolean {
    if (!(slot >= 0 && slot < this.capacity && Math.floor(slot) === slot) || this.used[slot] === 0) return false;
    this.used[slot] = 0;
    this.stack[this.top++] = slot;
    return true;
  }
}
