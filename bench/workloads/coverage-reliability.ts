// Reliability under loss, one row per module, for the handlers the per-handler rows leave out
// (review rev-bench F1; bench/coverage.ts lists what no op calls): timers, NACKs, trims and HOs,
// messageInfo, re-posting. Each row runs a sender against the module's own receiver over a lossy
// path, so every ACK, NACK and HO is one the receiver really sent and no call takes an error
// path. Per event, on one of 64 flows (10–30 ns apart, so ticks stay below 2^30: see
// coverage-cc.ts):
//   the NIC services the flow's timer (onTimer: 0 until it is due);
//   with fewer than 16 packets on the path, the sender's next packet (a new round via onSchedule
//   when the last one is spent; messageInfo at each message's first packet, as the NIC reads
//   the WQE's constants once per message);
//   with more than 8 on the path (or nothing to send), the oldest arrives: lost on a path that
//   failed (4 events in every 4th batch fail their flow's path for 150 µs, three RTOs: the
//   timers fire, and the flow recovers before its next outage and the senders' retry limit),
//   trimmed to a header in 1 of 32 (UEC, DCP), dropped in 1 of 32 (the rest), or delivered;
//   the receiver's answer goes back to the sender, and messages it frees are posted again.
import { Xoshiro128 } from "../../lib/core/index";
import {
  DCP_OP_WRITE,
  DCP_RX_ACK,
  DCP_RX_BOUNCE,
  DackInitiator,
  DcpReceiver,
  DcpSender,
  GBN_RX_ACK,
  GBN_RX_NACK,
  GbnReceiver,
  GbnSender,
  IRN_RX_ACK,
  IRN_RX_NACK,
  IrnReceiver,
  IrnSender,
  OptInitiator,
  RACK_RX_ACK,
  RUD_ACK_COMPLETE,
  RUD_RX_ACK,
  RUD_RX_NACK,
  RUD_TX_RETRANSMIT,
  RackReceiver,
  RackSender,
  RudReceiver,
  RudSender,
  TIMEOUT_RX_ACK,
  TimeoutReceiver,
  TimeoutSender,
} from "../../lib/reliability/index";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
/** Packets a flow keeps on the path, and the most the path holds (the ring per flow). */
const ON_PATH = 8;
const RING = 16;
const RTO_NS = 50_000;
const FAILED_NS = 3 * RTO_NS;

const DELIVER = 0;
const DROP = 1;
const TRIM = 2;
const FAIL = 3;

interface Path {
  slot: Int32Array;
  dtNs: Int32Array;
  /** What happens to the packet that arrives at this event. */
  fate: Uint8Array;
  spanNs: number;
}

function path(seed: number, trims: boolean): Path {
  const rng = new Xoshiro128(seed);
  const p: Path = { slot: new Int32Array(BATCH), dtNs: new Int32Array(BATCH), fate: new Uint8Array(BATCH), spanNs: 0 };
  let t = 0;
  for (let i = 0; i < BATCH; i++) {
    t += 10 + rng.nextBelow(20);
    p.slot[i] = rng.nextBelow(FLOWS);
    p.dtNs[i] = t;
    const u = rng.nextBelow(32);
    // Four outages per batch at fixed events: the batch replays every op, so a rarer random draw
    // would fail a path in every op or in none (seed 1 drew none at 1 in 2,048).
    p.fate[i] = (i & 1023) === 512 ? FAIL : u === 0 ? (trims ? TRIM : DROP) : DELIVER;
  }
  p.spanNs = t + 100;
  return p;
}

/** Per flow, the packets on the path (a ring of RING) and until when the flow's path is down. */
class Wire {
  readonly a = new Int32Array(FLOWS * RING);
  readonly b = new Int32Array(FLOWS * RING);
  readonly c = new Int32Array(FLOWS * RING);
  readonly head = new Int32Array(FLOWS);
  readonly count = new Int32Array(FLOWS);
  readonly downUntilNs = new Int32Array(FLOWS);
  readonly down = new Uint8Array(FLOWS);
  push(s: number, a: number, b: number, c: number): void {
    const i = s * RING + ((this.head[s] + this.count[s]) & (RING - 1));
    this.a[i] = a;
    this.b[i] = b;
    this.c[i] = c;
    this.count[s]++;
  }
  /** Takes the oldest; returns its index into a, b and c. */
  pop(s: number): number {
    const i = s * RING + this.head[s];
    this.head[s] = (this.head[s] + 1) & (RING - 1);
    this.count[s]--;
    return i;
  }
  /** Ops replayed; a path fails in one op of four, so a flow failed in one op recovers in the next. */
  round = 0;
  /** The fate of the packet arriving now: FAIL starts an outage, during which everything is lost. */
  fate(s: number, nowNs: number, fate: number): number {
    if (fate === FAIL) {
      if ((this.round & 3) !== 0) return DELIVER;
      this.down[s] = 1;
      this.downUntilNs[s] = (nowNs + FAILED_NS) | 0;
      return DROP;
    }
    if (this.down[s] === 1) {
      if (((this.downUntilNs[s] - nowNs) | 0) > 0) return DROP;
      this.down[s] = 0;
    }
    return fate;
  }
}

// ---- Go-back-N, IRN, RACK-TLP, timeout-only: the PSN senders of reliability/qp.ts ----------

const MTU = 1024;
const MSG_PACKETS = 16;
const MSG_BYTES = MSG_PACKETS * MTU;
// The senders' out record: kind, msn, psn, offsetBytes, lengthBytes, retryNo, last, …
const O_MSN = 1;
const O_PSN = 2;
const O_OFFSET = 3;
const O_LAST = 6;

interface PsnTx {
  readonly out: Int32Array;
  open(slot: number, startPsn: number): unknown;
  post(slot: number, lengthBytes: number, op: number): number;
  onSchedule(slot: number, nowNs: number, awinBytes: number): number;
  nextPacket(slot: number, nowNs: number): number;
  messageInfo(slot: number, msn: number): number;
  onTimer(slot: number, nowNs: number): number;
}
interface PairRx {
  readonly out: Int32Array;
  open(slot: number, startPsn: number): unknown;
}
interface PsnRx extends PairRx {
  onData(slot: number, nowNs: number, psn: number, last: boolean): number;
}

/**
 * One module's sender against its own receiver over a path of drops, outages and, with `trims`,
 * trims: each event services the sender's timer, sends what it may (the out record's fields
 * `carry` ride the wire) and hands the oldest packet on the path to `arrive`, with its fate,
 * which returns the messages freed (re-posted, so the sender never runs dry).
 */
function pair<T extends PsnTx, R extends PairRx>(
  module: string,
  handler: string,
  make: () => { tx: T; rx: R },
  trims: boolean,
  carry: readonly [number, number, number],
  arrive: (tx: T, rx: R, slot: number, nowNs: number, fate: number, a: number, b: number, c: number) => number,
): Workload {
  const [ca, cb, cc] = carry;
  return {
    module,
    handler,
    goalNs: 40,
    batch: BATCH,
    setup(seed) {
      const { tx, rx } = make();
      for (let s = 0; s < FLOWS; s++) {
        tx.open(s, 0);
        rx.open(s, 0);
        for (let m = 0; m < 8; m++) tx.post(s, MSG_BYTES, DCP_OP_WRITE);
      }
      const p = path(seed, trims);
      const w = new Wire();
      const out = tx.out;
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) {
          const s = p.slot[i];
          const now = (epoch + p.dtNs[i]) | 0;
          sum += tx.onTimer(s, now);
          let sent = 0;
          if (w.count[s] < RING) {
            sent = tx.nextPacket(s, now);
            if (sent === 0) {
              tx.onSchedule(s, now, MSG_BYTES);
              sent = tx.nextPacket(s, now);
            }
            if (sent > 0) {
              if (out[O_OFFSET] === 0) sum += tx.messageInfo(s, out[O_MSN]);
              w.push(s, out[ca], out[cb], cc < 0 ? 0 : out[cc]);
            }
          }
          if (w.count[s] > ON_PATH || (sent <= 0 && w.count[s] > 0)) {
            const k = w.pop(s);
            const freed = arrive(tx, rx, s, now, w.fate(s, now, p.fate[i]), w.a[k], w.b[k], w.c[k]);
            for (let m = 0; m < freed; m++) tx.post(s, MSG_BYTES, DCP_OP_WRITE);
            sum += freed;
          }
        }
        epoch = (epoch + p.spanNs) | 0;
        w.round++;
        return sum;
      };
    },
  };
}

/**
 * A PSN sender's pair: no trims (these schemes predate them), the packet's PSN and last flag on
 * the wire, and `answer` hands the receiver's verdict on a delivered packet (and its out record)
 * to the sender as the module's ACK or NACK, returning the messages that freed.
 */
function psnPair<T extends PsnTx, R extends PsnRx>(
  module: string,
  handler: string,
  make: () => { tx: T; rx: R },
  answer: (tx: T, rx: R, slot: number, nowNs: number, verdict: number) => number,
): Workload {
  return pair(module, handler, make, false, [O_PSN, O_LAST, -1], (tx, rx, s, now, fate, psn, last) =>
    fate === DELIVER ? answer(tx, rx, s, now, rx.onData(s, now, psn, last === 1)) : 0,
  );
}

const gbn = psnPair(
  "reliability/gbn",
  "mix GbnSender.onNack+onTimer+messageInfo",
  () => ({ tx: new GbnSender({ mtuBytes: MTU, rtoNs: RTO_NS }, FLOWS), rx: new GbnReceiver({ nackIntervalNs: RTO_NS / 2 }, FLOWS) }),
  (tx, rx, s, now, v) => ((v & GBN_RX_NACK) !== 0 ? tx.onNack(s, now, rx.out[0]) : (v & GBN_RX_ACK) !== 0 ? tx.onAck(s, now, rx.out[0]) : 0),
);

const irn = psnPair(
  "reliability/irn",
  "mix IrnSender.onNack+onTimer+messageInfo",
  () => ({
    tx: new IrnSender({ mtuBytes: MTU, bdpPackets: 128, rtoLowNs: RTO_NS / 2, rtoHighNs: RTO_NS }, FLOWS),
    rx: new IrnReceiver({ bdpPackets: 128 }, FLOWS),
  }),
  (tx, rx, s, now, v) => ((v & IRN_RX_NACK) !== 0 ? tx.onNack(s, now, rx.out[0], rx.out[1]) : (v & IRN_RX_ACK) !== 0 ? tx.onAck(s, now, rx.out[0]) : 0),
);

const rack = psnPair(
  "reliability/rack",
  "mix RackSender.onTimer+messageInfo",
  () => ({
    tx: new RackSender({ mtuBytes: MTU, windowPackets: 128, initialRtoNs: RTO_NS, minRtoNs: RTO_NS / 2, initialPtoNs: RTO_NS / 2 }, FLOWS),
    rx: new RackReceiver({ windowPackets: 128 }, FLOWS),
  }),
  (tx, rx, s, now, v) => ((v & RACK_RX_ACK) !== 0 ? tx.onAck(s, now, rx.out[0], rx.out[1], rx.out[2] === 1) : 0),
);

const timeout = psnPair(
  "reliability/timeout",
  "mix TimeoutSender.onTimer+messageInfo",
  () => ({ tx: new TimeoutSender({ mtuBytes: MTU, windowPackets: 128, rtoNs: RTO_NS }, FLOWS), rx: new TimeoutReceiver({ windowPackets: 128 }, FLOWS) }),
  (tx, rx, s, now, v) => ((v & TIMEOUT_RX_ACK) !== 0 ? tx.onAck(s, now, rx.out[0], rx.out[1]) : 0),
);

// ---- DCP: trims become HOs that the receiver bounces (§4.1–4.3), outages fire the timer (§4.5) --

// msn, psn and sRetryNo (out.retryNo, index 5) ride the wire; a trim's HO goes to the receiver,
// which bounces it to the sender; a delivered packet the receiver ACKs frees messages.
const dcp = pair(
  "reliability/dcp",
  "mix DcpSender.onTimer+onHo+messageInfo, DcpReceiver.onHo",
  () => ({ tx: new DcpSender({ mtuBytes: MTU, rtoNs: RTO_NS }, FLOWS), rx: new DcpReceiver({}, FLOWS) }),
  true,
  [O_MSN, O_PSN, 5],
  (tx, rx, s, now, fate, msn, psn, retryNo) => {
    if (fate === TRIM) {
      if ((rx.onHo(s, now, msn, psn) & DCP_RX_BOUNCE) !== 0) tx.onHo(s, now, msn, psn, retryNo);
      return 0;
    }
    if (fate !== DELIVER || (rx.onData(s, now, msn, psn, retryNo, MSG_PACKETS, false) & DCP_RX_ACK) === 0) return 0;
    return tx.onAck(s, now, rx.out[0]);
  },
);

// ---- RUD: trims answered by the receiver (onTrimmed), outages fire the sender's timer -----------

const RUD_MSG_BYTES = 16 * 4086;
// out of RudSender: psn 0, bytes 1, …, completed 8; of RudReceiver: cumPsn 0, sackBase 1, sackLo 2,
// sackHi 3, ackedPsn 4, ecn 5, rtxEcho 6, recvdBytes 7.
const rud: Workload = {
  module: "reliability/rud",
  handler: "mix RudSender.onTimer+onNack+post, RudReceiver.onTrimmed",
  goalNs: 40,
  batch: BATCH,
  setup(seed) {
    const tx = new RudSender({ windowPackets: 1024, maxMessages: 4, rtoNs: RTO_NS }, FLOWS);
    const rx = new RudReceiver({ windowPackets: 1024 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) {
      tx.open(s, s * 7919);
      rx.open(s, s * 7919);
      for (let m = 0; m < 4; m++) tx.post(s, RUD_MSG_BYTES);
    }
    const p = path(seed, true);
    const w = new Wire();
    const o = rx.out;
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const s = p.slot[i];
        const now = (epoch + p.dtNs[i]) | 0;
        sum += tx.onTimer(s, now);
        let sent = 0;
        if (w.count[s] < RING) {
          sent = tx.nextPacket(s, now, i & 63);
          if (sent > 0) w.push(s, tx.out[0], tx.out[1], (sent & RUD_TX_RETRANSMIT) !== 0 ? 1 : 0);
        }
        if (w.count[s] > ON_PATH || (sent <= 0 && w.count[s] > 0)) {
          const k = w.pop(s);
          const fate = w.fate(s, now, p.fate[i]);
          let v = 0;
          if (fate === TRIM) {
            v = rx.onTrimmed(s, now, w.a[k], w.c[k] === 1);
            if ((v & RUD_RX_NACK) !== 0) sum += tx.onNack(s, now, w.a[k]);
          } else if (fate === DELIVER) {
            v = rx.onData(s, now, w.a[k], w.b[k], false, false, w.c[k] === 1);
          }
          if ((v & RUD_RX_ACK) !== 0) {
            const r = tx.onAck(s, now, o[0], o[1], o[2], o[3], o[4], o[6] === 1, o[7]);
            if ((r & RUD_ACK_COMPLETE) !== 0) for (let m = tx.out[8]; m > 0; m--) tx.post(s, RUD_MSG_BYTES);
            sum += r;
          }
        }
      }
      epoch = (epoch + p.spanNs) | 0;
      w.round++;
      return sum;
    };
  },
};

// ---- DACK and OPT initiators: ACKs as they come off the wire, timeouts after sends -----------

const I_SEND = 0;
const I_ACK = 1;
const I_TIMEOUT = 2;

interface Initiator {
  readonly out: Int32Array;
  canSend(slot: number): boolean;
  onSend(slot: number): number;
  onAck(slot: number, seq: number): number;
  onTimeout(slot: number): number;
}

/**
 * A stream per flow: sends while canSend admits, ACKs that advance 1–4 packets (DACK §II-C: an
 * IACK) or, one in eight, repeat the last number (a DACK: the target's queue is congested), and a
 * timeout in 1 of 128 events on a flow with packets unacknowledged.
 */
function initiatorMix<T extends Initiator>(module: string, handler: string, make: () => T): Workload {
  return {
    module,
    handler,
    goalNs: 40,
    batch: BATCH,
    setup(seed) {
      const d = make();
      const rng = new Xoshiro128(seed);
      const slot = new Int32Array(BATCH);
      const kind = new Uint8Array(BATCH);
      const r = new Uint8Array(BATCH);
      for (let i = 0; i < BATCH; i++) {
        slot[i] = rng.nextBelow(FLOWS);
        const u = rng.nextBelow(128);
        kind[i] = u === 0 ? I_TIMEOUT : u < 50 ? I_ACK : I_SEND;
        r[i] = rng.nextBelow(8);
      }
      // Highest sequence number sent and acknowledged per flow (−1: none; streams start at 0).
      const sent = new Int32Array(FLOWS).fill(-1);
      const acked = new Int32Array(FLOWS).fill(-1);
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) {
          const s = slot[i];
          const k = kind[i];
          if (k === I_SEND) {
            if (d.canSend(s)) {
              sum += d.onSend(s);
              if (d.out[0] > sent[s]) sent[s] = d.out[0];
            }
          } else if (sent[s] > acked[s]) {
            if (k === I_TIMEOUT) sum += d.onTimeout(s);
            else if (r[i] === 0 && acked[s] >= 0) sum += d.onAck(s, acked[s]);
            else {
              const step = 1 + (r[i] & 3);
              const seq = acked[s] + step < sent[s] ? acked[s] + step : sent[s];
              sum += d.onAck(s, seq);
              acked[s] = seq;
            }
          }
        }
        return sum;
      };
    },
  };
}

function openedStreams<T extends { open(slot: number, firstSeq: number, packetBytes: number): unknown }>(d: T): T {
  for (let s = 0; s < FLOWS; s++) d.open(s, 0, 4096);
  return d;
}

const dack = initiatorMix("reliability/dack", "mix DackInitiator.onAck+onTimeout+canSend", () => openedStreams(new DackInitiator({}, FLOWS)));
const opt = initiatorMix("reliability/opt", "mix OptInitiator.onAck+onTimeout+canSend", () => openedStreams(new OptInitiator({}, FLOWS)));

export const coverageReliabilityWorkloads: Workload[] = [gbn, irn, rack, timeout, dcp, rud, dack, opt];
