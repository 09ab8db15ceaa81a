// DCTCP and the MP-RDMA-style control under a realistic mix: 64 flows, ACKs of one or four
// MSS, 10 % of them CE-echoing; each op first sends, per flow, what the batch acknowledges.
// MP-RDMA also has a row of late ACKs alone (onOutOfOrder).
import { Dctcp, Mprdma } from "../../lib/cc/index";
import { Xoshiro128 } from "../../lib/core/index";
import { lossWorkload } from "./cc-loss";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const MSS = 4096;

interface Events {
  slot: Int32Array;
  bytes: Int32Array;
  ecn: Uint8Array;
  perFlowBytes: Int32Array;
}

function events(seed: number): Events {
  const rng = new Xoshiro128(seed);
  const e: Events = { slot: new Int32Array(BATCH), bytes: new Int32Array(BATCH), ecn: new Uint8Array(BATCH), perFlowBytes: new Int32Array(FLOWS) };
  for (let i = 0; i < BATCH; i++) {
    e.slot[i] = rng.nextBelow(FLOWS);
    e.bytes[i] = rng.nextBelow(4) === 0 ? 4 * MSS : MSS;
    e.ecn[i] = rng.nextBelow(10) === 0 ? 1 : 0;
    e.perFlowBytes[e.slot[i]] += e.bytes[i];
  }
  return e;
}

interface WindowCc {
  onAck(slot: number, nowNs: number, ackedBytes: number, ecn: boolean): number;
  onSend(slot: number, nowNs: number, bytes: number): number;
  open(slot: number): void;
}

function rows(module: string, make: () => WindowCc): Workload[] {
  const ack: Workload = {
    module,
    handler: "onAck",
    goalNs: 15,
    batch: BATCH,
    setup(seed) {
      const cc = make();
      for (let s = 0; s < FLOWS; s++) cc.open(s);
      const e = events(seed);
      let now = 0;
      return () => {
        let sum = 0;
        for (let s = 0; s < FLOWS; s++) cc.onSend(s, now, e.perFlowBytes[s]);
        for (let i = 0; i < BATCH; i++) sum += cc.onAck(e.slot[i], now, e.bytes[i], e.ecn[i] === 1);
        now = (now + 100_000) | 0;
        return sum;
      };
    },
  };
  const send: Workload = {
    module,
    handler: "onSend",
    goalNs: 15,
    batch: BATCH,
    setup(seed) {
      const cc = make();
      for (let s = 0; s < FLOWS; s++) cc.open(s);
      const e = events(seed);
      let now = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += cc.onSend(e.slot[i], now, e.bytes[i]);
        for (let s = 0; s < FLOWS; s++) cc.onAck(s, now, e.perFlowBytes[s], false);
        now = (now + 100_000) | 0;
        return sum;
      };
    },
  };
  return [ack, send];
}

/**
 * The DCTCP of Spritz's evaluation (SMaRTT QuickAdapt and FastIncrease on): the same ACK mix with
 * 2 % of the events trims instead, 25 ns apart, so that a 20 µs QuickAdapt interval ends about
 * five times per batch and the ignore phase after it is exercised.
 */
const smartt: Workload = {
  module: "cc/dctcp",
  handler: "onAck/onNack (QuickAdapt, FastIncrease)",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const cc = new Dctcp({ quickAdapt: true, fastIncrease: true, qaIntervalNs: 20_000, maxCwndBytes: 1_000_000 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) cc.open(s);
    const e = events(seed);
    const trim = new Uint8Array(BATCH);
    const rng = new Xoshiro128(seed ^ 0x7217);
    for (let i = 0; i < BATCH; i++) trim[i] = rng.nextBelow(50) === 0 ? 1 : 0;
    let now = 0;
    return () => {
      let sum = 0;
      for (let s = 0; s < FLOWS; s++) cc.onSend(s, now, e.perFlowBytes[s]);
      for (let i = 0; i < BATCH; i++) {
        sum += trim[i] === 1 ? cc.onNack(e.slot[i], now, e.bytes[i]) : cc.onAck(e.slot[i], now, e.bytes[i], e.ecn[i] === 1);
        now = (now + 25) | 0;
      }
      return sum;
    };
  },
};

export const dctcpWorkloads: Workload[] = [
  ...rows("cc/dctcp", () => new Dctcp({ profile: "rfc8257", maxCwndBytes: 1_000_000 }, FLOWS)),
  smartt,
  // A loss and its retransmission: the cut (once per window) and the bytes back in flight.
  lossWorkload("cc/dctcp", "onNack + onRestore (per call)", (flows) => {
    const m = new Dctcp({ profile: "rfc8257", maxCwndBytes: 1_000_000 }, flows);
    return { open: (s) => m.open(s), lose: (s, t, b) => m.onNack(s, t, b), resend: (s, t, b) => m.onRestore(s, t, b) };
  }),
];
/**
 * MP-RDMA's late-ACK penalty (one MSS per call) over the same flows and slot mix, the window
 * 1 MB (244 MSS) so that the 64 or so calls a flow gets per batch stay above the floor; every
 * slot is reopened (back to 1 MB) after the batch, 64 calls per 4096 counted as events.
 */
const mprdmaLate: Workload = {
  module: "cc/mprdma",
  handler: "onOutOfOrder",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const cc = new Mprdma({ profile: "paper", maxCwndBytes: 1_000_000 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) cc.open(s);
    const e = events(seed);
    let now = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum += cc.onOutOfOrder(e.slot[i], now);
      for (let s = 0; s < FLOWS; s++) cc.open(s);
      now = (now + 100_000) | 0;
      return sum;
    };
  },
};

export const mprdmaWorkloads: Workload[] = [
  ...rows("cc/mprdma", () => new Mprdma({ profile: "paper" }, FLOWS)),
  mprdmaLate,
  // A loss found without a trim (a go-back's bytes leave, one 4 KiB packet lost) and the bytes sent again.
  lossWorkload("cc/mprdma", "onInferredLoss + onSend (per call)", (flows) => {
    const m = new Mprdma({ profile: "paper" }, flows);
    return { open: (s) => m.open(s), lose: (s, t, b) => m.onInferredLoss(s, t, b, 4096), resend: (s, t, b) => m.onSend(s, t, b) };
  }),
];
