// AIMD under a realistic mix: 64 flows with a 9 KiB MSS (the endpoint-congestion paper's TCP-like
// baseline), ACKs of one or four 2112 B packets, and NACKs or timeouts at a given share of the
// events. Each op first sends, per flow, what the batch will acknowledge or declare lost (64
// onSend calls per 4096 events), so inflight stays stationary across ops and the rows measure
// the handler itself.
import { Aimd } from "../../lib/cc/index";
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const PACKET = 2112;

const KIND_ACK = 0;
const KIND_NACK = 1;
const KIND_TIMEOUT = 2;

interface Events {
  slot: Int32Array;
  dtNs: Int32Array;
  kind: Uint8Array;
  bytes: Int32Array;
  spanNs: number;
  perFlowBytes: Int32Array;
}

function events(seed: number, nackShare: number, timeoutShare: number): Events {
  const rng = new Xoshiro128(seed);
  const e: Events = {
    slot: new Int32Array(BATCH),
    dtNs: new Int32Array(BATCH),
    kind: new Uint8Array(BATCH),
    bytes: new Int32Array(BATCH),
    spanNs: 0,
    perFlowBytes: new Int32Array(FLOWS),
  };
  let t = 0;
  for (let i = 0; i < BATCH; i++) {
    t += 20 + rng.nextBelow(60);
    e.slot[i] = rng.nextBelow(FLOWS);
    e.dtNs[i] = t;
    const u = rng.nextBelow(10_000);
    e.kind[i] = u < nackShare * 10_000 ? KIND_NACK : u < (nackShare + timeoutShare) * 10_000 ? KIND_TIMEOUT : KIND_ACK;
    e.bytes[i] = rng.nextBelow(4) === 0 ? 4 * PACKET : PACKET;
    e.perFlowBytes[e.slot[i]] += e.bytes[i];
  }
  e.spanNs = t + 100;
  return e;
}

function table(): Aimd {
  const cc = new Aimd({ mssBytes: 9216, maxCwndBytes: 262144 }, FLOWS);
  for (let s = 0; s < FLOWS; s++) {
    cc.open(s);
    cc.onSend(s, 0, 40 * PACKET);
  }
  return cc;
}

function mixed(handler: string, nackShare: number, timeoutShare: number): Workload {
  return {
    module: "cc/aimd",
    handler,
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const cc = table();
      const e = events(seed, nackShare, timeoutShare);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let s = 0; s < FLOWS; s++) cc.onSend(s, epoch, e.perFlowBytes[s]);
        for (let i = 0; i < BATCH; i++) {
          const s = e.slot[i];
          const now = (epoch + e.dtNs[i]) | 0;
          const k = e.kind[i];
          if (k === KIND_ACK) sum += cc.onAck(s, now, e.bytes[i]);
          else if (k === KIND_NACK) sum += cc.onNack(s, now, e.bytes[i]);
          else sum += cc.onTimeout(s, now, e.bytes[i]);
        }
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}

const send: Workload = {
  module: "cc/aimd",
  handler: "onSend",
  goalNs: 10,
  batch: BATCH,
  setup(seed) {
    const cc = table();
    const e = events(seed, 0, 0);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum += cc.onSend(e.slot[i], (epoch + e.dtNs[i]) | 0, e.bytes[i]);
      // Outside the per-event loop: give the batch's bytes back so inflight stays bounded.
      for (let s = 0; s < FLOWS; s++) cc.onAck(s, epoch, e.perFlowBytes[s]);
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

export const aimdWorkloads: Workload[] = [
  // 3 % of the events are NACKs (the loss rate of the TCP-like baseline in §IV-A is about that).
  mixed("onAck", 0.03, 0),
  // An incast: half the events are NACKs.
  mixed("onNack", 0.5, 0),
  // A lossy path: 5 % timeouts, 5 % NACKs.
  mixed("onTimeout", 0.05, 0.05),
  send,
];
