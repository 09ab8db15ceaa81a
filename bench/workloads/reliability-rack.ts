// RACK-TLP (lib/reliability/rack) per-packet workloads.
// Sender (goal 30 ns: two handler calls per event): 64 QPs sending 16 KiB Writes; each event
// sends one new packet and, with 8 packets in flight per QP, handles the in-order ACK of the
// oldest (the common, loss-free case; the quota refresh every 16 packets and the re-posting of
// freed messages are counted in).
// Receiver: 16-packet messages sprayed and reordered by up to 32 packets, each ACKed with its SACK.
import { RackSender, RackReceiver } from "../../lib/reliability/index";
import { FLOWS, MTU, PACKETS_PER_MESSAGE, flowOrder, rxStream } from "./reliability-streams";
import type { Workload } from "./types";

const EVENTS = 4096;
const IN_FLIGHT = 8;
const MSG_BYTES = PACKETS_PER_MESSAGE * MTU;

const rackSend: Workload = {
  module: "reliability/rack",
  handler: "RackSender.nextPacket+onAck",
  goalNs: 30,
  batch: EVENTS,
  setup(seed) {
    const tx = new RackSender({ mtuBytes: MTU, windowPackets: 128 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) {
      tx.open(s, 0);
      for (let m = 0; m < 8; m++) tx.post(s, MSG_BYTES, 1);
    }
    // Per flow, the PSNs in flight; the oldest is acknowledged once IN_FLIGHT are out.
    const ring = new Int32Array(FLOWS * 16);
    const head = new Int32Array(FLOWS);
    const count = new Int32Array(FLOWS);
    const order = flowOrder(seed, EVENTS);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let e = 0; e < EVENTS; e++) {
        const slot = order[e];
        const now = (epoch + e * 10) | 0;
        if (tx.nextPacket(slot, now) === 0) {
          tx.onSchedule(slot, now, MSG_BYTES);
          tx.nextPacket(slot, now);
        }
        ring[slot * 16 + ((head[slot] + count[slot]) & 15)] = tx.out[2];
        if (++count[slot] > IN_FLIGHT) {
          const psn = ring[slot * 16 + head[slot]];
          head[slot] = (head[slot] + 1) & 15;
          count[slot]--;
          const freed = tx.onAck(slot, now, (psn + 1) & 0xffffff, psn, false);
          for (let m = 0; m < freed; m++) tx.post(slot, MSG_BYTES, 1);
          sum += freed;
        }
      }
      epoch = (epoch + EVENTS * 10) | 0;
      return sum;
    };
  },
};

const rackReceive: Workload = {
  module: "reliability/rack",
  handler: "RackReceiver.onData",
  goalNs: 15,
  batch: FLOWS * 4 * PACKETS_PER_MESSAGE,
  setup(seed) {
    const rx = new RackReceiver({ windowPackets: 128 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) rx.open(s, 0);
    const st = rxStream(seed, 4, 32);
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

export const rackWorkloads: Workload[] = [rackSend, rackReceive];
