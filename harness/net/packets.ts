// Packets are integer handles into typed-array columns, recycled through a free list (htsim's
// PacketDB without objects; notes/style-anchors.md §4). A handle is alive from alloc to free;
// the pool never grows during a run, so its capacity is chosen by the scenario (or from the
// flows' windows) and running out fails the run with a message naming the parameter.

/** What a packet is. */
export const enum Kind {
  Data = 0,
  /** A data packet trimmed to its header by a switch (UEC DSCP_TRIMMED). */
  Header = 1,
  Ack = 2,
  Nack = 3,
  /** A congestion notification (DCQCN CNP). */
  Cnp = 4,
}

/** Bits of `flags`. */
export const enum Flag {
  Ce = 1, // ECN congestion experienced (on an ACK/NACK: the echo)
  LastHop = 2, // trimmed at a last-hop port (UEC DSCP_TRIMMED_LASTHOP)
  Ar = 4, // ACK requested
  Rtx = 8, // a retransmission (on an ACK: the echo)
  Last = 16, // last packet of its message
}

export class PacketPool {
  readonly capacity: number;
  readonly kind: Uint8Array;
  readonly flags: Uint8Array;
  readonly hops: Uint8Array;
  readonly inPort: Int16Array;
  readonly flow: Int32Array;
  /** Destination host. */
  readonly dst: Int32Array;
  readonly psn: Int32Array;
  /** Wire bytes. */
  readonly bytes: Int32Array;
  /** Entropy value the packet is routed by (and, on ACK/NACK, the echoed one). */
  readonly ev: Int32Array;
  /** Data: MSN; ACK: cumulative PSN. */
  readonly w0: Int32Array;
  /** Data: payload bytes; ACK: SACK base. */
  readonly w1: Int32Array;
  /** ACK: SACK bits 0–31, 32–63. */
  readonly w2: Int32Array;
  readonly w3: Int32Array;
  /** ACK: the receiver's received bytes. */
  readonly f0: Float64Array;
  /** Intrusive FIFO link (a packet is on at most one wire or NIC queue at a time). */
  readonly next: Int32Array;
  /** Arrival time at the far end of the wire it is on, ps. */
  readonly arriveAt: Float64Array;

  private readonly free: Int32Array;
  private top: number;
  /** Live handles (allocated and not freed). */
  live = 0;
  /** Handles ever allocated. */
  allocated = 0;

  constructor(capacity: number) {
    if (!(Number.isInteger(capacity) && capacity >= 16 && capacity <= 1 << 24)) {
      throw new RangeError(`packet pool: capacity must be an integer in [16, 2^24], got ${capacity}`);
    }
    this.capacity = capacity;
    this.kind = new Uint8Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.hops = new Uint8Array(capacity);
    this.inPort = new Int16Array(capacity);
    this.flow = new Int32Array(capacity);
    this.dst = new Int32Array(capacity);
    this.psn = new Int32Array(capacity);
    this.bytes = new Int32Array(capacity);
    this.ev = new Int32Array(capacity);
    this.w0 = new Int32Array(capacity);
    this.w1 = new Int32Array(capacity);
    this.w2 = new Int32Array(capacity);
    this.w3 = new Int32Array(capacity);
    this.f0 = new Float64Array(capacity);
    this.next = new Int32Array(capacity);
    this.arriveAt = new Float64Array(capacity);
    this.free = new Int32Array(capacity);
    for (let i = 0; i < capacity; i++) this.free[i] = capacity - 1 - i;
    this.top = capacity;
  }

  /** A fresh handle with kind, flow, destination and size set, everything else zero. */
  alloc(kind: number, flow: number, dst: number, bytes: number): number {
    if (this.top === 0) throw new RangeError(`packet pool exhausted (${this.capacity} packets alive): raise network.packetPool in the scenario`);
    const h = this.free[--this.top];
    this.kind[h] = kind;
    this.flags[h] = 0;
    this.hops[h] = 0;
    this.flow[h] = flow;
    this.dst[h] = dst;
    this.bytes[h] = bytes;
    this.next[h] = -1;
    this.live++;
    this.allocated++;
    return h;
  }

  release(h: number): void {
    this.free[this.top++] = h;
    this.live--;
  }

  /** Bytes of state per packet handle (the columns above plus the free list). */
  static readonly bytesPerPacket = 1 + 1 + 1 + 2 + 4 * 9 + 8 * 2 + 4 + 4;
}
