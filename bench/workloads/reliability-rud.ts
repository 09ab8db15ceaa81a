// RUD (lib/reliability/rud) under the traffic of the UEC reference runs: 64 flows of 4150 B
// packets (4086 B payload), ACKs coalesced every 4 packets (16 KiB) with a cumulative ACK and a
// SACK bitmap, packets sprayed over paths that reorder by up to 8 packets; the receiver row's
// packets 10 % CE-marked, the onNack row's every NACK a trim (no other row trims).
//   RudSender.nextPacket — new data; one cumulative ACK per flow per batch keeps the window open
//     (its cost is included).
//   RudSender.nextPacket+onAck — each packet sent, then the receiver's coalesced ACKs for the batch
//     (cumulative + SACK, one per 4 packets, recorded from a RudReceiver); cost per packet.
//   RudReceiver.onData — the reordered stream, ACK decision and bitmap per packet.
//   RudSender.onNack+retransmit — a trim NACK and the retransmission it causes.
import { Xoshiro128 } from "../../lib/core/index";
import { RudReceiver, RudSender } from "../../lib/reliability/index";
import type { Workload } from "./types";

export const RUD_FLOWS = 64;
const PER_FLOW = 64; // packets per flow per batch
const BATCH = RUD_FLOWS * PER_FLOW;
const MSS = 4086;

/** Arrival order: per step a random flow order; within a flow, index + random delay < reorder. */
function stream(seed: number, reorder: number): { slot: Int32Array; index: Int32Array } {
  const rng = new Xoshiro128(seed);
  const slot = new Int32Array(BATCH);
  const index = new Int32Array(BATCH);
  const keys = new Float64Array(PER_FLOW);
  const orders: Int32Array[] = [];
  for (let f = 0; f < RUD_FLOWS; f++) {
    for (let i = 0; i < PER_FLOW; i++) keys[i] = (i + rng.nextBelow(reorder)) * 65536 + i;
    keys.sort();
    const o = new Int32Array(PER_FLOW);
    for (let i = 0; i < PER_FLOW; i++) o[i] = keys[i] % 65536;
    orders.push(o);
  }
  let e = 0;
  for (let step = 0; step < PER_FLOW; step++) {
    const start = rng.nextBelow(RUD_FLOWS);
    for (let k = 0; k < RUD_FLOWS; k++) {
      const f = (start + k * 37) % RUD_FLOWS;
      slot[e] = f;
      index[e] = orders[f][step];
      e++;
    }
  }
  return { slot, index };
}

function sender(): RudSender {
  const tx = new RudSender({ windowPackets: 1024, maxMessages: 4 }, RUD_FLOWS);
  for (let s = 0; s < RUD_FLOWS; s++) {
    tx.open(s, s * 7919);
    tx.post(s, 2 ** 30);
  }
  return tx;
}

/** ACKs everything sent so far (outside the timed per-event loop). */
function ackAll(tx: RudSender, now: number): void {
  for (let s = 0; s < RUD_FLOWS; s++) tx.onAck(s, now, tx.newPsn(s), 0, 0, 0, (tx.newPsn(s) - 1) | 0, false, (tx.receivedBytes(s) + 1) | 0);
}

const send: Workload = {
  module: "reliability/rud",
  handler: "RudSender.nextPacket",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const tx = sender();
    const order = stream(seed, 1).slot;
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum = (sum + tx.nextPacket(order[i], (epoch + i) | 0, i & 63)) | 0;
      ackAll(tx, epoch);
      // Re-post when a message nears its end (never in practice: 2^30 B each).
      epoch = (epoch + BATCH) | 0;
      return sum;
    };
  },
};

const ack: Workload = {
  module: "reliability/rud",
  handler: "RudSender.nextPacket+onAck",
  goalNs: 25,
  batch: BATCH,
  setup(seed) {
    const tx = sender();
    const rx = new RudReceiver({ windowPackets: 1024 }, RUD_FLOWS);
    for (let s = 0; s < RUD_FLOWS; s++) rx.open(s, s * 7919);
    const st = stream(seed, 8);
    // Pre-record the ACKs the receiver sends for one batch: (slot, 8 fields) per ACK.
    const acks: number[] = [];
    const base = new Int32Array(RUD_FLOWS);
    for (let s = 0; s < RUD_FLOWS; s++) base[s] = s * 7919;
    for (let i = 0; i < BATCH; i++) {
      const s = st.slot[i];
      const r = rx.onData(s, i, (base[s] + st.index[i]) | 0, MSS + 64, false, false, false);
      if (r & 4) acks.push(s, ...Array.from(rx.out).slice(0, 8));
    }
    const n = acks.length / 9;
    const a = new Float64Array(acks);
    let epoch = 0;
    let round = 0;
    return () => {
      // Send the batch's packets, then apply their ACKs.
      for (let i = 0; i < BATCH; i++) tx.nextPacket(st.slot[i], epoch, 0);
      let sum = 0;
      const shift = round * PER_FLOW;
      // The receiver's byte count wraps at 2^32 (UEC); Math.imul wraps the same way without
      // the int32 overflow that made V8 deoptimize this loop again and again.
      const shiftBytes = Math.imul(round, PER_FLOW * (MSS + 64));
      for (let k = 0; k < n; k++) {
        const o = k * 9;
        const s = a[o];
        sum += tx.onAck(s, (epoch + k) | 0, (a[o + 1] + shift) | 0, (a[o + 2] + shift) | 0, a[o + 3], a[o + 4], (a[o + 5] + shift) | 0, false, (a[o + 8] + shiftBytes) | 0);
      }
      round++;
      epoch = (epoch + BATCH) | 0;
      return sum;
    };
  },
};

const receive: Workload = {
  module: "reliability/rud",
  handler: "RudReceiver.onData",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const rx = new RudReceiver({ windowPackets: 1024 }, RUD_FLOWS);
    for (let s = 0; s < RUD_FLOWS; s++) rx.open(s, s * 7919);
    const st = stream(seed, 8);
    const ce = new Uint8Array(BATCH);
    const rng = new Xoshiro128(seed ^ 0x55);
    for (let i = 0; i < BATCH; i++) ce[i] = rng.nextBelow(10) === 0 ? 1 : 0;
    let round = 0;
    return () => {
      let sum = 0;
      const shift = round * PER_FLOW;
      for (let i = 0; i < BATCH; i++) {
        const s = st.slot[i];
        sum += rx.onData(s, i, (s * 7919 + shift + st.index[i]) | 0, MSS + 64, ce[i] === 1, false, false);
      }
      round++;
      return sum;
    };
  },
};

const nack: Workload = {
  module: "reliability/rud",
  handler: "RudSender.onNack+retransmit",
  goalNs: 30,
  batch: BATCH,
  setup(seed) {
    const tx = sender();
    const order = stream(seed, 1).slot;
    let epoch = 0;
    return () => {
      // Each event: a packet goes out, its trim NACK comes back, the retransmission goes out.
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const s = order[i];
        const now = (epoch + i) | 0;
        tx.nextPacket(s, now, 1);
        sum += tx.onNack(s, now, (tx.newPsn(s) - 1) | 0);
        sum += tx.nextPacket(s, now, 2);
      }
      ackAll(tx, epoch);
      epoch = (epoch + BATCH) | 0;
      return sum;
    };
  },
};

export const rudWorkloads: Workload[] = [send, ack, receive, nack];
