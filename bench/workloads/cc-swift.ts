// Swift under a realistic mix: 64 flows at 4–5 hops (google profile, target 29–30 µs plus flow
// scaling), base RTT 10 µs, queueing delay spread over 0–60 µs so that ACKs fall on both sides
// of the target, one ACK in 50 without a delay sample, one in 5 with a remote host delay, ACKs of
// one or four packets. Each op first sends, per flow, what the batch will acknowledge, so
// inflight stays stationary and the rows measure the handler itself. The onNack row runs with
// lossDecrease (the google profile has none: its onNack only subtracts inflight and returns),
// so that a NACK makes the fast-recovery cut of Swift Alg. 1 (cwnd × (1 − max_mdf), once per
// RTT).
import { SWIFT_DECREASE, Swift } from "../../lib/cc/index";
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const MTU = 4096;

interface Events {
  slot: Int32Array;
  dtNs: Int32Array;
  bytes: Int32Array;
  rttNs: Int32Array;
  remoteNs: Int32Array;
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
    remoteNs: new Int32Array(BATCH),
    spanNs: 0,
    perFlowBytes: new Int32Array(FLOWS),
  };
  let t = 0;
  for (let i = 0; i < BATCH; i++) {
    t += 20 + rng.nextBelow(60);
    e.slot[i] = rng.nextBelow(FLOWS);
    e.dtNs[i] = t;
    e.bytes[i] = rng.nextBelow(4) === 0 ? 4 * MTU : MTU;
    e.rttNs[i] = rng.nextBelow(50) === 0 ? 0 : 10_000 + rng.nextBelow(60_000);
    e.remoteNs[i] = rng.nextBelow(5) === 0 ? rng.nextBelow(5_000) : 0;
    e.perFlowBytes[e.slot[i]] += e.bytes[i];
  }
  e.spanNs = t + 100;
  return e;
}

function table(lossDecrease = false): Swift {
  const cc = new Swift({ profile: "google", initCwndPkts: 32, lossDecrease }, FLOWS);
  for (let s = 0; s < FLOWS; s++) {
    cc.open(s, 4 + (s & 1));
    cc.onSend(s, 0, 40 * MTU);
  }
  return cc;
}

/** The NACK row's first batch on a table of its own: it must time the cut, not only onNack's early return. */
function check(e: Events): void {
  const cc = table(true);
  for (let s = 0; s < FLOWS; s++) cc.onSend(s, 0, e.perFlowBytes[s]);
  let cuts = 0;
  for (let i = 0; i < BATCH; i++) {
    const s = e.slot[i];
    if (i % 3 === 0) {
      if ((cc.onNack(s, e.dtNs[i], e.bytes[i]) & SWIFT_DECREASE) !== 0) cuts++;
    } else cc.onAck(s, e.dtNs[i], e.bytes[i], e.rttNs[i], e.remoteNs[i]);
  }
  if (cuts === 0) throw new Error("cc-swift workload: onNack never cut the window");
}

function ack(handler: "onAck" | "onDelaySample" | "onNack"): Workload {
  return {
    module: "cc/swift",
    handler,
    goalNs: 15,
    batch: BATCH,
    setup(seed) {
      const cc = table(handler === "onNack");
      const e = events(seed);
      let epoch = 0;
      if (handler === "onAck") {
        return () => {
          let sum = 0;
          for (let s = 0; s < FLOWS; s++) cc.onSend(s, epoch, e.perFlowBytes[s]);
          for (let i = 0; i < BATCH; i++) {
            sum += cc.onAck(e.slot[i], (epoch + e.dtNs[i]) | 0, e.bytes[i], e.rttNs[i], e.remoteNs[i]);
          }
          epoch = (epoch + e.spanNs) | 0;
          return sum;
        };
      }
      if (handler === "onDelaySample") {
        // Pseudo-ACK samples (Reflex NSF) acknowledge nothing and leave inflight alone.
        return () => {
          let sum = 0;
          for (let i = 0; i < BATCH; i++) {
            sum += cc.onDelaySample(e.slot[i], (epoch + e.dtNs[i]) | 0, e.bytes[i], e.rttNs[i] + 1, e.remoteNs[i]);
          }
          epoch = (epoch + e.spanNs) | 0;
          return sum;
        };
      }
      // A trimming incast: every third event is a NACK.
      check(e);
      return () => {
        let sum = 0;
        for (let s = 0; s < FLOWS; s++) cc.onSend(s, epoch, e.perFlowBytes[s]);
        for (let i = 0; i < BATCH; i++) {
          const s = e.slot[i];
          const now = (epoch + e.dtNs[i]) | 0;
          if (i % 3 === 0) sum += cc.onNack(s, now, e.bytes[i]);
          else sum += cc.onAck(s, now, e.bytes[i], e.rttNs[i], e.remoteNs[i]);
        }
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}

const send: Workload = {
  module: "cc/swift",
  handler: "onSend",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const cc = table();
    const e = events(seed);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum += cc.onSend(e.slot[i], (epoch + e.dtNs[i]) | 0, e.bytes[i]);
      for (let s = 0; s < FLOWS; s++) cc.onAck(s, epoch, e.perFlowBytes[s], 0, 0);
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

export const swiftWorkloads: Workload[] = [ack("onAck"), ack("onDelaySample"), ack("onNack"), send];
