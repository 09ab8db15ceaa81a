// Congestion control under a lossy mix, one row per module, for the handlers that the per-handler
// rows leave out (review rev-bench F1: the allocation check can only see a path some op replays;
// bench/coverage.ts lists what no op calls). What a NIC does per event, on 64 flows:
//   send:    canSend, and when it admits the packet onSend, then pacingGapNs (the NIC asks the
//            gap after every packet of a rate-based or sub-packet window);
//   ACK:     the module's ACK (with an RTT spread over both sides of the target, and CE on one
//            in four), never for more than the flow has in flight;
//   loss:    a NACK or trim of one packet in flight (1 event in 16);
//   timeout: every byte in flight presumed lost (1 event in 128, and only on a flow with bytes
//            out: a timer armed by a send).
// The driver keeps each flow's bytes in flight itself, so no call is refused for more bytes than
// were sent: every call takes the module's working path, not its error path.
import { Aimd, Dcqcn, Dctcp, Mprdma, Nscc, Swift, Timely } from "../../lib/cc/index";
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;

const SEND = 0;
const ACK = 1;
const LOSS = 2;
const TIMEOUT = 3;

interface Events {
  slot: Int32Array;
  dtNs: Int32Array;
  kind: Uint8Array;
  rttNs: Int32Array;
  ecn: Uint8Array;
  spanNs: number;
}

function events(seed: number, baseRttNs: number): Events {
  const rng = new Xoshiro128(seed);
  const e: Events = {
    slot: new Int32Array(BATCH),
    dtNs: new Int32Array(BATCH),
    kind: new Uint8Array(BATCH),
    rttNs: new Int32Array(BATCH),
    ecn: new Uint8Array(BATCH),
    spanNs: 0,
  };
  let t = 0;
  for (let i = 0; i < BATCH; i++) {
    t += 10 + rng.nextBelow(20);
    e.slot[i] = rng.nextBelow(FLOWS);
    e.dtNs[i] = t;
    const u = rng.nextBelow(128);
    // 1/128 timeouts, 8/128 losses, 55/128 ACKs, 64/128 sends: sends and ACKs balance.
    e.kind[i] = u === 0 ? TIMEOUT : u < 9 ? LOSS : u < 64 ? ACK : SEND;
    // Queueing of 0–4 base RTTs: below and above every module's target.
    e.rttNs[i] = baseRttNs + rng.nextBelow(4 * baseRttNs);
    e.ecn[i] = rng.nextBelow(4) === 0 ? 1 : 0;
  }
  e.spanNs = t + 100;
  return e;
}

/** The calls one module needs; each is a function made once, outside the op. */
interface CcMix<T> {
  module: string;
  handler: string;
  packetBytes: number;
  baseRttNs: number;
  make(): T;
  canSend(cc: T, slot: number, bytes: number): boolean;
  send(cc: T, slot: number, nowNs: number, bytes: number): number;
  ack(cc: T, slot: number, nowNs: number, bytes: number, rttNs: number, ecn: boolean): number;
  loss(cc: T, slot: number, nowNs: number, bytes: number): number;
  timeout(cc: T, slot: number, nowNs: number, bytes: number): number;
}

function mix<T>(m: CcMix<T>): Workload {
  return {
    module: m.module,
    handler: m.handler,
    goalNs: 40,
    batch: BATCH,
    setup(seed) {
      const cc = m.make();
      const e = events(seed, m.baseRttNs);
      const inflight = new Int32Array(FLOWS);
      const bytes = m.packetBytes;
      // Ticks start at 0 and stay below 2^30 for two 10 M-event windows (20 ns an event): the
      // calls below go through one shared driver, which V8 does not inline, and a tick beyond
      // ±2^30 is no small integer, so passing it to a call not inlined would box it per event
      // (lib/README.md "Allocation") and the check would see the driver, not the handler.
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) {
          const s = e.slot[i];
          const now = (epoch + e.dtNs[i]) | 0;
          const k = e.kind[i];
          if (k === SEND) {
            if (m.canSend(cc, s, bytes)) {
              sum += m.send(cc, s, now, bytes);
              inflight[s] += bytes;
            }
          } else if (inflight[s] >= bytes) {
            if (k === ACK) sum += m.ack(cc, s, now, bytes, e.rttNs[i], e.ecn[i] === 1);
            else if (k === LOSS) sum += m.loss(cc, s, now, bytes);
            else {
              sum += m.timeout(cc, s, now, inflight[s]);
              inflight[s] = 0;
              continue;
            }
            inflight[s] -= bytes;
          }
        }
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}

function opened<T extends { open(slot: number): unknown }>(cc: T): T {
  for (let s = 0; s < FLOWS; s++) cc.open(s);
  return cc;
}

/**
 * TIMELY's row, the same events in a loop of its own (direct calls, nothing between the loop and
 * the handlers). It collects garbage in most processes that ran TIMELY's other rows first (12 GCs
 * per 10 M events in 3 of 4 on 2026-12-05), and in none when every RTT is below T_low or no ACK
 * carries a sample: the allocation is on Alg. 1's gradient path (T_low ≤ rtt ≤ T_high), where
 * Timely.update hands the Q20 EWMA, a double, to gradientFactorQ16, which V8 does not always
 * inline (lib/README.md "Allocation": a boxed double passed to a call not inlined).
 */
const timelyMix: Workload = {
  module: "cc/timely",
  handler: "mix onAck+onLoss+canSend+pacingGapNs",
  goalNs: 40,
  batch: BATCH,
  setup(seed) {
    const cc = opened(new Timely({ windowBytes: 65536 }, FLOWS));
    const e = events(seed, 20_000);
    const inflight = new Int32Array(FLOWS);
    const bytes = 4096;
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const s = e.slot[i];
        const now = (epoch + e.dtNs[i]) | 0;
        const k = e.kind[i];
        if (k === SEND) {
          if (cc.canSend(s, bytes)) {
            sum += cc.onSend(s, now, bytes);
            sum = (sum + cc.pacingGapNs(s, bytes)) | 0;
            inflight[s] += bytes;
          }
        } else if (inflight[s] >= bytes) {
          if (k === ACK) sum += cc.onAck(s, now, bytes, e.rttNs[i]);
          else if (k === LOSS) sum += cc.onLoss(s, now, bytes);
          else {
            sum += cc.onLoss(s, now, inflight[s]);
            inflight[s] = 0;
            continue;
          }
          inflight[s] -= bytes;
        }
      }
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

export const coverageCcWorkloads: Workload[] = [
  mix<Aimd>({
    module: "cc/aimd",
    handler: "mix onTrim+onTimeout+canSend",
    packetBytes: 4096,
    baseRttNs: 12_000,
    make: () => opened(new Aimd({}, FLOWS)),
    canSend: (cc, s, b) => cc.canSend(s, b),
    send: (cc, s, t, b) => cc.onSend(s, t, b),
    ack: (cc, s, t, b) => cc.onAck(s, t, b),
    loss: (cc, s, t, b) => cc.onTrim(s, t, b),
    timeout: (cc, s, t, b) => cc.onTimeout(s, t, b),
  }),
  mix<Dcqcn>({
    // A window beside the rate (HPCC's varWindow setting): onAck and canSend do work.
    module: "cc/dcqcn",
    handler: "mix onAck+onCnp+onTimer+canSend+pacingGapNs",
    packetBytes: 4096,
    baseRttNs: 12_000,
    make: () => opened(new Dcqcn({ windowBytes: 65536 }, FLOWS)),
    canSend: (cc, s, b) => cc.canSend(s, b),
    send: (cc, s, t, b) => cc.onSend(s, t, b) + cc.pacingGapNs(s, b),
    // A CE echo is a CNP (DCQCN §3.1: the NP answers marked packets); every ACK also services the
    // flow's timers, as a NIC's timer wheel would at that moment.
    ack: (cc, s, t, b, _rtt, ecn) => cc.onAck(s, t, b) + (ecn ? cc.onCnp(s, t) : 0) + cc.onTimer(s, t),
    loss: (cc, s, t, b) => cc.onLoss(s, t, b),
    timeout: (cc, s, t, b) => cc.onLoss(s, t, b),
  }),
  mix<Dctcp>({
    module: "cc/dctcp",
    handler: "mix onTimeout+onNack+canSend",
    packetBytes: 4096,
    baseRttNs: 12_000,
    make: () => opened(new Dctcp({}, FLOWS)),
    canSend: (cc, s, b) => cc.canSend(s, b),
    send: (cc, s, t, b) => cc.onSend(s, t, b),
    ack: (cc, s, t, b, _rtt, ecn) => cc.onAck(s, t, b, ecn),
    loss: (cc, s, t, b) => cc.onNack(s, t, b),
    timeout: (cc, s, t, b) => cc.onTimeout(s, t, b),
  }),
  mix<Mprdma>({
    module: "cc/mprdma",
    handler: "mix onNack+onTimeout+canSend",
    packetBytes: 4096,
    baseRttNs: 12_000,
    make: () => opened(new Mprdma({}, FLOWS)),
    canSend: (cc, s, b) => cc.canSend(s, b),
    send: (cc, s, t, b) => cc.onSend(s, t, b),
    ack: (cc, s, t, b, _rtt, ecn) => cc.onAck(s, t, b, ecn),
    loss: (cc, s, t, b) => cc.onNack(s, t, b),
    timeout: (cc, s, t, b) => cc.onTimeout(s, t, b),
  }),
  mix<Nscc>({
    // An ACK_CC carries the receiver's penalty on one ACK in four (UEC RCCC: pend 0–31 of 127,
    // restore on the others), given before onAck as the handler's contract asks.
    module: "cc/nscc",
    handler: "mix onTimeout+onReceiverPenalty+onTrim+canSend",
    packetBytes: 4150,
    baseRttNs: 14_023,
    make: () => opened(new Nscc({ profile: "uec" }, FLOWS)),
    canSend: (cc, s, b) => cc.canSend(s, b),
    send: (cc, s, t, b) => cc.onSend(s, t, b),
    ack: (cc, s, t, b, rtt, ecn) =>
      (ecn ? cc.onReceiverPenalty(s, t, rtt & 31, false, b) : (t & 3) === 0 ? cc.onReceiverPenalty(s, t, 0, true, b) : 0) + cc.onAck(s, t, b, rtt, ecn),
    loss: (cc, s, t, b) => cc.onTrim(s, t, b, false, 0),
    timeout: (cc, s, t, b) => cc.onTimeout(s, t, b),
  }),
  mix<Swift>({
    // The paper profile cuts on loss (lossDecrease), which the google profile of the onNack row
    // does not; repeated timeouts take the window below one packet, where pacingGapNs paces.
    module: "cc/swift",
    handler: "mix onNack+onTimeout+canSend+pacingGapNs",
    packetBytes: 4096,
    baseRttNs: 10_000,
    make: () => opened(new Swift({ profile: "paper" }, FLOWS)),
    canSend: (cc, s, b) => cc.canSend(s, b),
    send: (cc, s, t, b) => cc.onSend(s, t, b) + cc.pacingGapNs(s, b),
    ack: (cc, s, t, b, rtt) => cc.onAck(s, t, b, rtt, 0),
    loss: (cc, s, t, b) => cc.onNack(s, t, b),
    // Per-packet timers (as RUD's): the packet's own 1st to 4th timeout, so some reach retransmitLimit 3.
    timeout: (cc, s, t, b) => cc.onTimeout(s, t, b, 1 + ((t >>> 4) & 3)),
  }),
  timelyMix,
];
