// Pre-generated packet streams for the reliability workloads: FLOWS queue pairs, each sending
// messages of PACKETS_PER_MESSAGE packets, arriving interleaved across flows and reordered within
// each flow by up to `reorder` packets (a packet-spraying fabric: each packet gets a random
// extra delay of 0..reorder−1 packet times, then the stream is sorted by arrival).
import { Xoshiro128 } from "../../lib/core/index";

export const FLOWS = 64;
export const MTU = 1024;
export const PACKETS_PER_MESSAGE = 16;

export interface RxStream {
  /** Per event: the flow, the packet's index within this batch of its flow, its message index within the batch, last-of-message. */
  slot: Int32Array;
  packet: Int32Array;
  message: Int32Array;
  last: Uint8Array;
  /** Packets and messages each flow receives per batch (the per-flow base advances by these). */
  perFlowPackets: number;
  perFlowMessages: number;
  batch: number;
}

export function rxStream(seed: number, messagesPerFlow: number, reorder: number): RxStream {
  const rng = new Xoshiro128(seed);
  const perFlowPackets = messagesPerFlow * PACKETS_PER_MESSAGE;
  const batch = FLOWS * perFlowPackets;
  const s: RxStream = {
    slot: new Int32Array(batch),
    packet: new Int32Array(batch),
    message: new Int32Array(batch),
    last: new Uint8Array(batch),
    perFlowPackets,
    perFlowMessages: messagesPerFlow,
    batch,
  };
  // Arrival order within a flow: sort by index + random delay (displacement < reorder). The key
  // packs (arrival, index) into one number so a numeric typed-array sort does it without the
  // garbage of a comparator over objects (the allocation check runs right after setup).
  const orders: Int32Array[] = [];
  const keys = new Float64Array(perFlowPackets);
  for (let f = 0; f < FLOWS; f++) {
    for (let i = 0; i < perFlowPackets; i++) keys[i] = (i + (reorder > 1 ? rng.nextBelow(reorder) : 0)) * 65536 + i;
    keys.sort();
    const order = new Int32Array(perFlowPackets);
    for (let i = 0; i < perFlowPackets; i++) order[i] = keys[i] % 65536;
    orders.push(order);
  }
  // Interleave the flows: every step visits the flows in a fresh random order.
  let e = 0;
  const perm = new Int32Array(FLOWS);
  for (let i = 0; i < FLOWS; i++) perm[i] = i;
  for (let step = 0; step < perFlowPackets; step++) {
    for (let i = FLOWS - 1; i > 0; i--) {
      const j = rng.nextBelow(i + 1);
      const t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    for (let k = 0; k < FLOWS; k++) {
      const f = perm[k];
      const p = orders[f][step];
      s.slot[e] = f;
      s.packet[e] = p;
      s.message[e] = Math.floor(p / PACKETS_PER_MESSAGE);
      s.last[e] = p % PACKETS_PER_MESSAGE === PACKETS_PER_MESSAGE - 1 ? 1 : 0;
      e++;
    }
  }
  return s;
}

/** A random order of flows, `n` long. */
export function flowOrder(seed: number, n: number): Int32Array {
  const rng = new Xoshiro128(seed);
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = rng.nextBelow(FLOWS);
  return a;
}
