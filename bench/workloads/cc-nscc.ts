// NSCC under a realistic mix: 64 flows at 100 Gb/s (uec profile), ACKs of one or four MTU
// (per-packet and 16 KiB-coalesced), queueing delay spread around the target, ECN more likely
// the higher the delay, invalid-RTT ACKs now and then, and occasional trims; a window's worth
// of sends keeps inflight realistic. Each op first sends, per flow, what the batch will
// acknowledge (64 onSend calls per 4096 events), so inflight stays stationary across ops
// and the rows measure the handler itself.
import { Nscc } from "../../lib/cc/index";
import { Xoshiro128 } from "../../lib/core/index";
import { lossWorkload } from "./cc-loss";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const MTU = 4150;
const BASE_RTT_NS = 14023;
const TARGET_NS = 10517;

const KIND_ACK = 0;
const KIND_TRIM = 1;

interface Events {
  slot: Int32Array;
  dtNs: Int32Array;
  kind: Uint8Array;
  bytes: Int32Array;
  rttNs: Int32Array;
  ecn: Uint8Array;
  spanNs: number;
  /** Bytes the batch acknowledges or trims per flow. */
  perFlowBytes: Int32Array;
}

function events(seed: number, trimShare: number): Events {
  const rng = new Xoshiro128(seed);
  const e: Events = {
    slot: new Int32Array(BATCH),
    dtNs: new Int32Array(BATCH),
    kind: new Uint8Array(BATCH),
    bytes: new Int32Array(BATCH),
    rttNs: new Int32Array(BATCH),
    ecn: new Uint8Array(BATCH),
    spanNs: 0,
    perFlowBytes: new Int32Array(FLOWS),
  };
  let t = 0;
  for (let i = 0; i < BATCH; i++) {
    t += 20 + rng.nextBelow(60);
    e.slot[i] = rng.nextBelow(FLOWS);
    e.dtNs[i] = t;
    e.kind[i] = rng.nextBelow(1000) < trimShare * 1000 ? KIND_TRIM : KIND_ACK;
    e.bytes[i] = rng.nextBelow(4) === 0 ? 4 * MTU : MTU;
    const delay = rng.nextBelow(2 * TARGET_NS);
    e.rttNs[i] = rng.nextBelow(50) === 0 ? 0 : BASE_RTT_NS + delay;
    e.ecn[i] = rng.nextBelow(2 * TARGET_NS) < delay ? 1 : 0;
    e.perFlowBytes[e.slot[i]] += e.kind[i] === KIND_ACK ? e.bytes[i] : MTU;
  }
  e.spanNs = t + 100;
  return e;
}

function table(): Nscc {
  const cc = new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: BASE_RTT_NS, mtuBytes: MTU }, FLOWS);
  for (let s = 0; s < FLOWS; s++) {
    cc.open(s);
    cc.onSend(s, 0, 40 * MTU);
  }
  return cc;
}

function mixed(trimShare: number, handler: string, goalNs: number): Workload {
  return {
    module: "cc/nscc",
    handler,
    goalNs,
    batch: BATCH,
    setup(seed) {
      const cc = table();
      const e = events(seed, trimShare);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let s = 0; s < FLOWS; s++) cc.onSend(s, epoch, e.perFlowBytes[s]);
        for (let i = 0; i < BATCH; i++) {
          const s = e.slot[i];
          const now = (epoch + e.dtNs[i]) | 0;
          if (e.kind[i] === KIND_ACK) {
            sum += cc.onAck(s, now, e.bytes[i], e.rttNs[i], e.ecn[i] === 1);
          } else {
            sum += cc.onTrim(s, now, MTU, false, 0);
          }
        }
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}

const send: Workload = {
  module: "cc/nscc",
  handler: "onSend",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const cc = table();
    const e = events(seed, 0);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const s = e.slot[i];
        sum += cc.onSend(s, (epoch + e.dtNs[i]) | 0, e.bytes[i]);
      }
      // Outside the per-event loop: give the batch's bytes back so inflight stays bounded.
      for (let s = 0; s < FLOWS; s++) cc.onAck(s, epoch, e.perFlowBytes[s], 0, false);
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

export const nsccWorkloads: Workload[] = [
  // 3 % of the events are trims.
  mixed(0.03, "onAck", 15),
  // An incast: half the events are trims.
  mixed(0.5, "onTrim", 20),
  send,
  // A loss found without a trim (a go-back's bytes leave, one packet lost) and the bytes sent again.
  lossWorkload("cc/nscc", "onInferredLoss + onSend (per call)", (flows) => {
    const m = new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: BASE_RTT_NS, mtuBytes: MTU }, flows);
    return { open: (s) => m.open(s), lose: (s, t, b) => m.onInferredLoss(s, t, b, MTU), resend: (s, t, b) => m.onSend(s, t, b) };
  }),
];
