// DCP (lib/reliability/dcp) under realistic per-packet events:
//   DcpSender.nextPacket — 64 QPs sending 16 KiB Writes: each scheduling round (awin 16 KiB,
//     §4.3 round_quota) emits 16 packets; every 4 messages sent, one ACK frees them and 4 more
//     are posted, so 8 stay outstanding (the round, ACK and post calls are counted in the cost).
//   DcpSender.onHo+retransmit — an incast's HO storm: each event is an HO bounced back for a
//     packet in flight, a one-MTU round fetching its entry (§4.3 batch), and the retransmission;
//     DcpSender.onHo+recovery — the same with the round a window CC gives below one packet of
//     window (onScheduleRecovery: one packet of the unaMSN-th message past the window). Such a
//     round sends only the unaMSN-th message's packets, so its HOs are for that message: each
//     event is an HO, a round that fetches its entry and the retransmission. (Until 2026-12-05
//     its HOs were for any of the 8 messages, as the row above's: 88 % bounced as duplicates of
//     entries that later messages' HOs left in the full 64-entry RetransQ, which no such round
//     drains, and their rounds and nextPacket sent nothing: 1,708 instructions per event since
//     the round's RetransQ scan of 3459c73, a worst case for that scan; 543 when 4ce13e7 added
//     the row.)
//   DcpReceiver.onData — bitmap-free tracking (§4.5) of 16-packet messages sprayed over paths
//     that reorder by up to 32 packets; DcpReceiver.onData strict — the same with the PSN bitmap.
//   dcpCheck+fields — wire validation and the fields a receiver reads, on Write and Send frames.
import { DCP_HO_QUEUED, DCP_OP_WRITE, DCP_TX_RETRANSMIT, DcpHeader, DcpPacket, DcpReceiver, DcpSender, emitData } from "../../lib/reliability/index";
import { FLOWS, MTU, PACKETS_PER_MESSAGE, flowOrder, rxStream } from "./reliability-streams";
import type { Workload } from "./types";

const ROUNDS = 256;
const MSG_BYTES = PACKETS_PER_MESSAGE * MTU;

const send: Workload = {
  module: "reliability/dcp",
  handler: "DcpSender.nextPacket",
  goalNs: 15,
  batch: ROUNDS * PACKETS_PER_MESSAGE,
  setup(seed) {
    const tx = new DcpSender({ mtuBytes: MTU, rtoNs: 1 << 30 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) {
      tx.open(s, (s * 7919) & 0xffffff);
      for (let m = 0; m < 8; m++) tx.post(s, MSG_BYTES, DCP_OP_WRITE);
    }
    const order = flowOrder(seed, ROUNDS);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const slot = order[r];
        const now = (epoch + r * 100) | 0;
        tx.onSchedule(slot, now, MSG_BYTES);
        for (let k = tx.nextPacket(slot, now); k > 0; k = tx.nextPacket(slot, now)) sum = (sum + tx.out[2]) | 0;
        const sent = tx.sendMsn(slot);
        if ((((sent - tx.unaMsn(slot)) << 8) >> 8) >= 4) {
          tx.onAck(slot, now, sent);
          for (let m = 0; m < 4; m++) tx.post(slot, MSG_BYTES, DCP_OP_WRITE);
        }
      }
      epoch = (epoch + ROUNDS * 100) | 0;
      return sum;
    };
  },
};

const HO_EVENTS = 4096;

/**
 * The HO storm with each retransmission sent by a round of `schedule`: onSchedule with a
 * one-MTU quota, or onScheduleRecovery, the round a window CC's scheduler gives when less than
 * a packet of window is left (README "DCP + a window CC").
 */
const hoStorm = (handler: string, messages: number, schedule: (tx: DcpSender, slot: number, now: number) => void): Workload => ({
  module: "reliability/dcp",
  handler,
  goalNs: 40,
  batch: HO_EVENTS,
  setup(seed) {
    const tx = new DcpSender({ mtuBytes: MTU, rtoNs: 1 << 30, retransQueueDepth: 64 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) {
      tx.open(s, 0);
      for (let m = 0; m < 8; m++) tx.post(s, MSG_BYTES, DCP_OP_WRITE);
      tx.onSchedule(s, 0, 1 << 20);
      while (tx.nextPacket(s, 0) > 0) tx.onSchedule(s, 0, 1 << 20);
    }
    const order = flowOrder(seed, HO_EVENTS);
    const pick = flowOrder(seed + 1, HO_EVENTS);
    const msn = new Int32Array(HO_EVENTS);
    const psn = new Int32Array(HO_EVENTS);
    for (let i = 0; i < HO_EVENTS; i++) {
      const packet = (pick[i] * 131 + i) % (messages * PACKETS_PER_MESSAGE);
      msn[i] = Math.floor(packet / PACKETS_PER_MESSAGE);
      psn[i] = packet;
    }
    // A dry run: each event must be an HO queued, a round that fetches it and its retransmission.
    let working = 0;
    for (let i = 0; i < HO_EVENTS; i++) {
      const slot = order[i];
      const queued = tx.onHo(slot, i * 10, msn[i], psn[i], 0) === DCP_HO_QUEUED;
      schedule(tx, slot, i * 10);
      if (queued && tx.nextPacket(slot, i * 10) === DCP_TX_RETRANSMIT) working++;
    }
    if (working !== HO_EVENTS) throw new Error(`reliability-dcp workload: ${handler}: ${HO_EVENTS - working} of ${HO_EVENTS} events retransmit nothing`);
    let epoch = HO_EVENTS * 10;
    return () => {
      let sum = 0;
      for (let i = 0; i < HO_EVENTS; i++) {
        const slot = order[i];
        const now = (epoch + i * 10) | 0;
        sum += tx.onHo(slot, now, msn[i], psn[i], 0);
        schedule(tx, slot, now);
        sum += tx.nextPacket(slot, now);
      }
      epoch = (epoch + HO_EVENTS * 10) | 0;
      return sum;
    };
  },
});

const ho = hoStorm("DcpSender.onHo+retransmit", 8, (tx, slot, now) => tx.onSchedule(slot, now, MTU));
// Message 0 is the unaMSN-th: the storm acknowledges nothing.
const hoRecovery = hoStorm("DcpSender.onHo+recovery", 1, (tx, slot, now) => tx.onScheduleRecovery(slot, now));

function receive(strict: boolean): Workload {
  return {
    module: "reliability/dcp",
    handler: strict ? "DcpReceiver.onData strict" : "DcpReceiver.onData",
    goalNs: 15,
    batch: FLOWS * 4 * PACKETS_PER_MESSAGE,
    setup(seed) {
      const rx = new DcpReceiver(strict ? { tracking: "bitmap", bitmapBits: 256 } : {}, FLOWS);
      for (let s = 0; s < FLOWS; s++) rx.open(s, 0);
      const st = rxStream(seed, 4, 32);
      const msnBase = new Int32Array(FLOWS);
      const psnBase = new Int32Array(FLOWS);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let e = 0; e < st.batch; e++) {
          const slot = st.slot[e];
          const msn = (msnBase[slot] + st.message[e]) & 0xffffff;
          const psn = (psnBase[slot] + st.packet[e]) & 0xffffff;
          sum += rx.onData(slot, (epoch + e) | 0, msn, psn, 0, PACKETS_PER_MESSAGE, true);
        }
        for (let s = 0; s < FLOWS; s++) {
          msnBase[s] = (msnBase[s] + st.perFlowMessages) & 0xffffff;
          psnBase[s] = (psnBase[s] + st.perFlowPackets) & 0xffffff;
        }
        epoch = (epoch + st.batch) | 0;
        return sum;
      };
    },
  };
}

const FRAMES = 1024;

const decode: Workload = {
  module: "reliability/dcp",
  handler: "dcpCheck+fields",
  goalNs: 40,
  batch: FRAMES,
  setup(seed) {
    // Write Middle and Send packets with 1 KiB payloads, one frame per 1200-byte cell.
    const cell = 1200;
    const buf = new Uint8Array(FRAMES * cell);
    const len = new Int32Array(FRAMES);
    const h = new DcpHeader();
    const order = flowOrder(seed, FRAMES);
    for (let i = 0; i < FRAMES; i++) {
      h.opcode = order[i] % 3 === 0 ? 0x01 : 0x07;
      h.psn = i;
      h.msn = i >> 4;
      h.msgOffset = (i & 15) * MTU;
      h.msgLength = MSG_BYTES;
      h.dmaLength = MSG_BYTES;
      h.destQp = order[i];
      h.payloadLength = MTU;
      const hdr = emitData(buf, i * cell, cell, h);
      len[i] = hdr + MTU + 4;
    }
    const view = new DcpPacket();
    return () => {
      let sum = 0;
      for (let i = 0; i < FRAMES; i++) {
        view.wrap(buf, i * cell, len[i]);
        if (view.check() === 2) sum = (sum + view.msn() + view.psn() + view.retryNo() + view.msgOffset() + view.msgLength()) | 0;
      }
      return sum;
    };
  },
};

export const dcpWorkloads: Workload[] = [send, ho, hoRecovery, receive(false), receive(true), decode];
