// Pre-generated packet streams for the reliability workloads: FLOWS queue pairs, each sending
// messages of PACKETS_PER_MESSAGE packets, arriving interleaved across flows and reordered within
// each flow by up to `reorder` packets (a packet-spraying fabric: each packet gets a random
// extra delay of 0..reorder−1 packet times, then the stream is sorted by arrival).
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

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

/** What the shared sender workload needs of a PSN-acknowledged sender (gbn, irn, timeout, rack). */
export interface PsnSender {
  readonly out: Int32Array;
  open(slot: number, startPsn: number): void;
  post(slot: number, lengthBytes: number, op: number): number;
  onSchedule(slot: number, nowNs: number, awinBytes: number): number;
  nextPacket(slot: number, nowNs: number): number;
}

/** What the shared receiver workload needs of a receiver that ACKs PSNs. */
export interface PsnReceiver {
  open(slot: number, startPsn: number): void;
  onData(slot: number, nowNs: number, psn: number, last: boolean): number;
}

const SEND_EVENTS = 4096;
const IN_FLIGHT = 8;

/**
 * Sender workload of the PSN-acknowledged baselines (two handler calls per event): FLOWS QPs
 * sending 16 KiB Writes; each event sends one new packet and, with IN_FLIGHT packets in flight per
 * QP, handles the in-order ACK of the oldest (the common, loss-free case; the quota refresh every
 * 16 packets and the re-posting of freed messages are counted in). `ack` acknowledges PSN `psn`
 * in the module's own terms and returns the messages freed.
 */
export function psnSendWorkload<S extends PsnSender>(
  module: string,
  handler: string,
  goalNs: number,
  make: () => S,
  ack: (tx: S, slot: number, nowNs: number, psn: number) => number,
): Workload {
  const msgBytes = PACKETS_PER_MESSAGE * MTU;
  return {
    module,
    handler,
    goalNs,
    batch: SEND_EVENTS,
    setup(seed) {
      const tx = make();
      for (let s = 0; s < FLOWS; s++) {
        tx.open(s, 0);
        for (let m = 0; m < 8; m++) tx.post(s, msgBytes, 1);
      }
      // Per flow, the PSNs in flight; the oldest is acknowledged once IN_FLIGHT are out.
      const ring = new Int32Array(FLOWS * 16);
      const head = new Int32Array(FLOWS);
      const count = new Int32Array(FLOWS);
      const order = flowOrder(seed, SEND_EVENTS);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let e = 0; e < SEND_EVENTS; e++) {
          const slot = order[e];
          const now = (epoch + e * 10) | 0;
          if (tx.nextPacket(slot, now) === 0) {
            tx.onSchedule(slot, now, msgBytes);
            tx.nextPacket(slot, now);
          }
          ring[slot * 16 + ((head[slot] + count[slot]) & 15)] = tx.out[2];
          if (++count[slot] > IN_FLIGHT) {
            const psn = ring[slot * 16 + head[slot]];
            head[slot] = (head[slot] + 1) & 15;
            count[slot]--;
            const freed = ack(tx, slot, now, psn);
            for (let m = 0; m < freed; m++) tx.post(slot, msgBytes, 1);
            sum += freed;
          }
        }
        epoch = (epoch + SEND_EVENTS * 10) | 0;
        return sum;
      };
    },
  };
}

/** Receiver workload: 4 messages of 16 packets per flow and batch, reordered within each flow by up to `reorder` packets. */
export function psnReceiveWorkload(module: string, handler: string, goalNs: number, make: () => PsnReceiver, reorder: number): Workload {
  return {
    module,
    handler,
    goalNs,
    batch: FLOWS * 4 * PACKETS_PER_MESSAGE,
    setup(seed) {
      const rx = make();
      for (let s = 0; s < FLOWS; s++) rx.open(s, 0);
      const st = rxStream(seed, 4, reorder);
      const psnBase = new Int32Array(FLOWS);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let e = 0; e < st.batch; e++) {
          const slot = st.slot[e];
          sum += rx.onData(slot, (epoch + e) | 0, (psnBase[slot] + st.packet[e]) & 0xffffff, st.last[e] === 1);
        }
        for (let s = 0; s < FLOWS; s++) psnBase[s] = (psnBase[s] + st.perFlowPackets) & 0xffffff;
        epoch = (epoch + st.batch) | 0;
        return sum;
      };
    },
  };
}
