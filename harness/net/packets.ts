// Packets are integer handles into typed-array records, recycled through a free list (htsim's
// PacketDB without objects; notes/style-anchors.md §4). A handle is alive from alloc to free;
// the pool doubles when every handle is alive, up to its maximum (the scenario's packetPool, or
// the build's POOL_MAX), and running out of that fails the run with a message naming the
// parameter.

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

/** Bits of `flags` (bits 16 and up: a UGAL-L packet's Valiant second hop, fabric.ts UGAL_VIA_SHIFT). */
export const enum Flag {
  Ce = 1, // ECN congestion experienced (on an ACK/NACK: the echo)
  LastHop = 2, // trimmed at a last-hop port (UEC DSCP_TRIMMED_LASTHOP)
  Ar = 4, // ACK requested
  Rtx = 8, // a retransmission (on an ACK: the echo)
  Last = 16, // last packet of its message
  Nsf = 32, // an ACK made by Reflex NSF at the source ESW (a pseudo-ACK), not by the receiver
  Ho = 64, // a NACK that is DCP's bounced HO (DCP tag 11: the switches' control queue, §4.2)
}

/**
 * Word offsets of a packet's record: 16 int32 words (64 bytes, one cache line) per handle, so a
 * switch or NIC touching a packet loads one line instead of one per field; one float64 word per
 * handle beside them (`PacketPool.f64`).
 */
export const enum P {
  Kind = 0,
  Flags = 1,
  /** Switches crossed so far. */
  Hops = 2,
  /** Local port the packet arrived on at the current switch. */
  InPort = 3,
  Flow = 4,
  /** Destination host. */
  Dst = 5,
  Psn = 6,
  /** Wire bytes. */
  Bytes = 7,
  /** Entropy value the packet is routed by (and, on ACK/NACK, the echoed one). */
  Ev = 8,
  /** Data: MSN; ACK: cumulative PSN. */
  W0 = 9,
  /** Data: payload bytes; ACK: SACK base. */
  W1 = 10,
  /** ACK: SACK bits 0–31, 32–63. */
  W2 = 11,
  W3 = 12,
  /** Intrusive FIFO link (a packet is on at most one NIC queue at a time). */
  Next = 13,
  /**
   * PFC: the ingress queue (global port id) the packet is accounted to at its current switch, and
   * its bytes there (0: none). InIq shares Next's word: a packet in a switch is on no NIC queue,
   * and an ACK of PFC's priority (queue profiles dcp, droptail) keeps its EchoNs across switches.
   */
  InIq = 13,
  InBytes = 15,
  /** ACK: the data packet's timestamp (`PacketPool.f64`, whole ns) echoed for Reflex NDT. */
  EchoNs = 14,
  Shift = 4,
}

export class PacketPool {
  /** Handles now; the pool doubles when they are all alive, up to `maxCapacity`. */
  capacity: number;
  /** The most handles the pool grows to (the packet-handle capacity of the switch queues too). */
  readonly maxCapacity: number;
  /**
   * 16 words per handle: index (h << P.Shift) + P.Field. A new array when the pool grows: read
   * it through the pool, not from a copy kept across an alloc().
   */
  i32: Int32Array;
  /**
   * One word per handle, index h. Data: its timestamp, the send time, ns (for ACKs that echo it),
   * which Reflex NDT overwrites with its egress time at the destination ESW (§III-D); ACK:
   * transport-defined (RUD: the receiver's received bytes; the RDMA baselines and DACK: the echoed
   * timestamp).
   */
  f64: Float64Array;
  /**
   * One word per handle, index h. Data: its send time, ns, which nothing on the way rewrites (the
   * NIC's own record of it); ACK of the RDMA baselines (rounds.ts QpTransport) and of DACK / OPT
   * (dack.ts): the echo of it, their RTT's start.
   */
  sentNs: Float64Array;
  /**
   * One word per handle, index h. Data at its destination host: when it reached the NIC (ns,
   * wrapping); ACK: how long the receiving host held that data packet before answering it — the
   * remote host delay t3 − t2 of Swift §3.2, ns (0 when the host answers on arrival).
   */
  hostNs: Int32Array;

  private free: Int32Array;
  private top: number;
  /** Live handles (allocated and not freed). */
  live = 0;

  constructor(capacity: number, maxCapacity = capacity) {
    if (!(Number.isInteger(capacity) && capacity >= 16 && Number.isInteger(maxCapacity) && maxCapacity >= capacity && maxCapacity <= 1 << 24)) {
      throw new RangeError(`packet pool: capacity must be an integer in [16, 2^24] and at most maxCapacity, got ${capacity} and ${maxCapacity}`);
    }
    this.capacity = capacity;
    this.maxCapacity = maxCapacity;
    this.i32 = new Int32Array(capacity << P.Shift);
    this.f64 = new Float64Array(capacity);
    this.sentNs = new Float64Array(capacity);
    this.hostNs = new Int32Array(capacity);
    this.free = new Int32Array(capacity);
    for (let i = 0; i < capacity; i++) this.free[i] = capacity - 1 - i;
    this.top = capacity;
  }

  /** A fresh handle with kind, flow, destination and size set, flags and hop count zero. */
  alloc(kind: number, flow: number, dst: number, bytes: number): number {
    if (this.top === 0) this.grow();
    const h = this.free[--this.top];
    const b = h << P.Shift;
    const i = this.i32;
    i[b + P.Kind] = kind;
    i[b + P.Flags] = 0;
    i[b + P.Hops] = 0;
    i[b + P.Flow] = flow;
    i[b + P.Dst] = dst;
    i[b + P.Bytes] = bytes;
    i[b + P.Next] = -1;
    i[b + P.InBytes] = 0;
    this.hostNs[h] = 0;
    this.live++;
    return h;
  }

  release(h: number): void {
    this.free[this.top++] = h;
    this.live--;
  }

  /**
   * Every handle is alive: twice as many, up to maxCapacity (records copied; a switch queue
   * full of trimmed headers can hold thousands, far beyond what the flows' windows suggest).
   */
  private grow(): void {
    const cap = this.capacity;
    if (cap >= this.maxCapacity) throw new RangeError(`packet pool exhausted (${cap} packets alive): raise network.packetPool in the scenario`);
    const next = Math.min(this.maxCapacity, 2 * cap);
    this.i32 = grown(this.i32, next << P.Shift);
    this.f64 = grown(this.f64, next);
    this.sentNs = grown(this.sentNs, next);
    this.hostNs = grown(this.hostNs, next);
    // All old handles are alive: the free stack holds the new ones, the lowest on top.
    const free = new Int32Array(next);
    for (let i = 0; i < next - cap; i++) free[i] = next - 1 - i;
    this.free = free;
    this.top = next - cap;
    this.capacity = next;
  }
}

/** `a`'s entries at the start of a new array of `length` (a pool's records when it grows). */
function grown<T extends Int32Array | Float64Array>(a: T, length: number): T {
  const b = (a instanceof Int32Array ? new Int32Array(length) : new Float64Array(length)) as T;
  b.set(a);
  return b;
}
