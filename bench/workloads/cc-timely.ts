// TIMELY under a realistic mix: 64 flows at 100 Gb/s, paper profile (one update per
// completion), RTTs spread over 20–600 µs so that every region of Alg. 1 is visited (below
// T_low, above T_high, gradient increase and decrease), one ACK in 50 without an RTT sample;
// the `hpcc` row runs per-RTT updates, where most ACKs only do bookkeeping.
import { Timely } from "../../lib/cc/index";
import { Xoshiro128 } from "../../lib/core/index";
import { lossWorkload } from "./cc-loss";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const MTU = 4096;

interface Events {
  slot: Int32Array;
  dtNs: Int32Array;
  bytes: Int32Array;
  rttNs: Int32Array;
  spanNs: number;
  perFlowBytes: Int32Array;
}

function events(seed: number): Events {
  const rng = new Xoshiro128(seed);
  const e: Events = {
    slot: new Int32Array(BATCH),
    dtNs: new Int32Array(BATCH),
    bytes: new Int32Array(BATCH),
    rttNs: new Int32Array(BATCH),
    spanNs: 0,
    perFlowBytes: new Int32Array(FLOWS),
  };
  let t = 0;
  for (let i = 0; i < BATCH; i++) {
    t += 20 + rng.nextBelow(60);
    e.slot[i] = rng.nextBelow(FLOWS);
    e.dtNs[i] = t;
    e.bytes[i] = rng.nextBelow(4) === 0 ? 4 * MTU : MTU;
    e.rttNs[i] = rng.nextBelow(50) === 0 ? 0 : 20_000 + rng.nextBelow(580_000);
    e.perFlowBytes[e.slot[i]] += e.bytes[i];
  }
  e.spanNs = t + 100;
  return e;
}

function ack(profile: "paper" | "hpcc", handler: "onAck" | "onDelaySample"): Workload {
  return {
    module: "cc/timely",
    handler: profile === "paper" ? handler : `${handler} (hpcc, per RTT)`,
    goalNs: 15,
    batch: BATCH,
    setup(seed) {
      const cc = new Timely({ profile }, FLOWS);
      for (let s = 0; s < FLOWS; s++) cc.open(s);
      const e = events(seed);
      let epoch = 0;
      if (handler === "onDelaySample") {
        return () => {
          let sum = 0;
          for (let i = 0; i < BATCH; i++) sum += cc.onDelaySample(e.slot[i], (epoch + e.dtNs[i]) | 0, e.rttNs[i] + 1);
          epoch = (epoch + e.spanNs) | 0;
          return sum;
        };
      }
      return () => {
        let sum = 0;
        for (let s = 0; s < FLOWS; s++) cc.onSend(s, epoch, e.perFlowBytes[s]);
        for (let i = 0; i < BATCH; i++) sum += cc.onAck(e.slot[i], (epoch + e.dtNs[i]) | 0, e.bytes[i], e.rttNs[i]);
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}

const send: Workload = {
  module: "cc/timely",
  handler: "onSend",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const cc = new Timely({ profile: "hpcc", windowBytes: 200_000 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) cc.open(s);
    const e = events(seed);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum += cc.onSend(e.slot[i], (epoch + e.dtNs[i]) | 0, e.bytes[i]);
      for (let s = 0; s < FLOWS; s++) cc.onAck(s, epoch, e.perFlowBytes[s], 0);
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

export const timelyWorkloads: Workload[] = [
  ack("paper", "onAck"),
  ack("hpcc", "onAck"),
  ack("paper", "onDelaySample"),
  send,
  // A loss and its resend with HPCC's vwin: only the window's inflight moves.
  lossWorkload("cc/timely", "onLoss + onRestore (per call)", (flows) => {
    const m = new Timely({ profile: "hpcc", windowBytes: 200_000 }, flows);
    return { open: (s) => m.open(s), lose: (s, t, b) => m.onLoss(s, t, b), resend: (s, t, b) => m.onRestore(s, t, b) };
  }),
];
