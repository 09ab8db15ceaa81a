// The NIC's whole per-packet path (DESIGN.md "Benchmarks"; issue 8 "NIC pipeline benchmark"):
// for each packet, choose its path (LB), check the congestion window (CC), take the packet from
// reliability and account it to the CC; when its ACK comes back, reliability, then CC, then LB
// feedback. 64 flows at 100 Gb/s under the uec profile; RTT samples spread around the target,
// ECN more likely with delay, so the CC takes all its ordinary branches.
//   pipeline/nscc+reps+dcp — DCP (lib/reliability/dcp): 16-packet Writes, one scheduling round
//     per message (§4.3), an ACK per packet carrying eMSN, which advances when a message completes.
//   pipeline/nscc+reps+rud — UEC RUD (lib/reliability/rud): an ACK_CC per packet (cumulative
//     ACK, received bytes), as with -sack_threshold below one MTU.
import { Nscc } from "../../lib/cc/index";
import { Xoshiro128 } from "../../lib/core/index";
import { ECN, GOOD, Reps } from "../../lib/lb/index";
import { DCP_OP_WRITE, DcpSender, RudSender } from "../../lib/reliability/index";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const MTU = 4150;
const PAYLOAD = MTU - 64;
const BASE_RTT_NS = 14023;
const TARGET_NS = 10517;
const PACKETS_PER_MESSAGE = 16;

interface Feedback {
  slot: Int32Array;
  rttNs: Int32Array;
  ecn: Uint8Array;
}

function events(seed: number): Feedback {
  const rng = new Xoshiro128(seed);
  const e: Feedback = { slot: new Int32Array(BATCH), rttNs: new Int32Array(BATCH), ecn: new Uint8Array(BATCH) };
  for (let i = 0; i < BATCH; i++) {
    e.slot[i] = rng.nextBelow(FLOWS);
    const delay = rng.nextBelow(2 * TARGET_NS);
    e.rttNs[i] = BASE_RTT_NS + delay;
    e.ecn[i] = rng.nextBelow(2 * TARGET_NS) < delay ? 1 : 0;
  }
  return e;
}

function tables(seed: number): { cc: Nscc; lb: Reps } {
  const cc = new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: BASE_RTT_NS, mtuBytes: MTU }, FLOWS);
  const lb = new Reps({ profile: "uec-htsim", seed }, FLOWS);
  for (let s = 0; s < FLOWS; s++) {
    cc.open(s);
    lb.open(s);
  }
  return { cc, lb };
}

const dcp: Workload = {
  module: "pipeline/nscc+reps+dcp",
  handler: "send+ack",
  goalNs: 40,
  batch: BATCH,
  setup(seed) {
    const { cc, lb } = tables(seed);
    // mtuBytes is DCP's payload per packet; a round may send a whole 16-packet message.
    const tx = new DcpSender({ mtuBytes: PAYLOAD, roundQuotaBytes: PACKETS_PER_MESSAGE * PAYLOAD, rtoNs: 1 << 30 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) {
      tx.open(s, 0);
      for (let m = 0; m < 8; m++) tx.post(s, PACKETS_PER_MESSAGE * PAYLOAD, DCP_OP_WRITE);
    }
    const e = events(seed);
    const sentInMsg = new Int32Array(FLOWS);
    // The receiver's eMSN as each ACK carries it (messages complete in order, 16 packets each).
    const emsnOf = new Int32Array(FLOWS);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const s = e.slot[i];
        const now = (epoch + i * 10) | 0;
        // Send: path, window check, reliability, CC accounting.
        const ev = lb.choosePath(s, now, 0);
        if (cc.canSend(s, MTU)) sum++;
        if (sentInMsg[s] === 0) tx.onSchedule(s, now, PACKETS_PER_MESSAGE * PAYLOAD);
        tx.nextPacket(s, now);
        cc.onSend(s, now, MTU);
        // Its ACK: reliability (eMSN moves on when the message is complete), CC, LB feedback.
        if (++sentInMsg[s] === PACKETS_PER_MESSAGE) {
          sentInMsg[s] = 0;
          emsnOf[s] = (emsnOf[s] + 1) & 0xffffff;
        }
        const freed = tx.onAck(s, now + 5, emsnOf[s]);
        const ecn = e.ecn[i] === 1;
        sum += cc.onAck(s, now + 5, MTU, e.rttNs[i], ecn);
        sum += lb.onPathFeedback(s, now + 5, ev, ecn ? ECN : GOOD);
        if (freed > 0) tx.post(s, PACKETS_PER_MESSAGE * PAYLOAD, DCP_OP_WRITE);
      }
      epoch = (epoch + BATCH * 10) | 0;
      return sum;
    };
  },
};

const rud: Workload = {
  module: "pipeline/nscc+reps+rud",
  handler: "send+ack",
  goalNs: 40,
  batch: BATCH,
  setup(seed) {
    const { cc, lb } = tables(seed);
    const tx = new RudSender({ windowPackets: 1024, maxMessages: 2 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) {
      tx.open(s, 0);
      tx.post(s, 2 ** 30);
    }
    const e = events(seed);
    const recvd = new Int32Array(FLOWS); // rcvd_bytes wraps at 2^32 (RUD takes signed differences)
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const s = e.slot[i];
        const now = (epoch + i * 10) | 0;
        const ev = lb.choosePath(s, now, tx.nextPsn(s));
        if (cc.canSend(s, tx.nextBytes(s))) sum++;
        tx.nextPacket(s, now, ev);
        const psn = tx.out[0];
        cc.onSend(s, now, MTU);
        // Its ACK_CC: cumulative ACK past it, received bytes up by one packet.
        recvd[s] = (recvd[s] + MTU) | 0;
        const r = tx.onAck(s, now + 5, (psn + 1) | 0, 0, 0, 0, psn, false, recvd[s]);
        const ecn = e.ecn[i] === 1;
        sum += cc.onAck(s, now + 5, tx.out[5], (r & 1) !== 0 ? e.rttNs[i] : 0, ecn);
        sum += lb.onPathFeedback(s, now + 5, ev, ecn ? ECN : GOOD);
      }
      epoch = (epoch + BATCH * 10) | 0;
      return sum;
    };
  },
};

export const pipelineWorkloads: Workload[] = [dcp, rud];
