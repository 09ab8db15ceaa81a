// The duplicate-ACK endpoint-congestion policy (and its OPT baseline) under recorded traffic.
//
// The events are not synthetic: setup runs a small closed loop once — initiators streaming
// 2112 B packets (2 KB + 64 B header) over 100 Gb/s links with 4 µs one-way delay into one
// target port, the host draining the target queue at a fraction of the link rate — and records
// the calls each side received, in order, into typed arrays. An op replays one recording: it
// re-opens the streams (the recorded run started from freshly opened streams and ends with an
// empty target queue, so the replay is exact) and makes the same calls with time shifted by
// one recording's span per op. Setup replays once and refuses a recording in which any call
// fails, so the rows measure the handlers' working paths, never their error returns.
//
// Rows (ns per handler call over the whole recording, as for cc/nscc):
//   target onData       8 → 1 incast at 80 % drain, DACK policy with §II-H fairness: packets
//                       enter a congested queue (standalone DACKs), some are dropped and NACKed
//                       by an initiator that the loop drives as OPT (no throttling), so arrivals
//                       outnumber departures.
//   target onProcessed  one stream at 50 % drain, DACK policy (§IV-A): the queue stays above the
//                       threshold and every departure moves a packet below it (DACK + IACK).
//   initiator onIack    one stream, uncongested target (drain 100 %): H∞, an IACK per packet.
//   initiator onDack    §IV-A steady state: alternating DACK and IACK, one packet per IACK.
//   initiator onNack    §IV-C's 8 → 1 incast at 50 % drain into a 20 kB queue, the target
//                       NACKing every out-of-order arrival as §II-A states it (nackEveryOutOfOrder):
//                       each drop is followed by a NACK for each of the stream's packets in flight
//                       behind it, and the initiator retransmits one packet per DACK (§II-F), so
//                       NACKs are about a fifth of the calls (at least 1/8, checked). With the
//                       target's default NACK once per gap this row made 12 onNack calls of 8,192.
//   initiator onTimeout §IV-A with one ACK in 20 lost and a timeout after 2 µs without an ACK.
//   initiator onSend    four streams into one target at 50 % drain: the halted send side.
//   opt onAck           OPT into the baseline target at 50 % drain (§IV-A): go-back cycles.
//   opt onNack          the same incast of OPT into the baseline target: NACKs about 7 % of the
//                       calls (at least 1/20, checked). OPT cannot make them more: each NACK sends
//                       it back over everything outstanding at no restricted rate (§III-A), so
//                       its retransmissions outnumber its NACKs about 11 to 1. The row is the mix
//                       of the loss phase, onSend and onAck included; with NACK once per gap, at
//                       80 % drain, it made 7 onNack calls of 8,193.
import { DackInitiator, DackTarget, OptInitiator } from "../../lib/reliability/index";
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

const PACKET_BYTES = 2112;
const STEP_NS = 10;
const SER_STEPS = 17; // 2112 B at 100 Gb/s = 168.96 ns
const PROP_STEPS = 400; // 4 µs
/** Calls recorded on the measured side (the target's drain at the end adds a few departures). */
const EVENTS = 8192;

// Target events: kind 0 = onData(slot, t, seq, bytes), 1 = onProcessed(t).
// Initiator events: 0 = onSend(slot), 1 = onIack, 2 = onDack, 3 = onNack (slot, seq), 4 = onTimeout(slot).
const T_DATA = 0;
const I_SEND = 0;
const I_IACK = 1;
const I_DACK = 2;
const I_NACK = 3;
const I_TIMEOUT = 4;
/** The initiator handlers by event kind, as the rows name them. */
const INITIATOR_KINDS: readonly string[] = ["onSend", "onIack", "onDack", "onNack", "onTimeout"];

interface Scenario {
  streams: number;
  /** Host service time per packet in steps (SER_STEPS / drain fraction). */
  serviceSteps: number;
  queueBytes: number;
  fairnessPeriodNs: number;
  /** The target's policy: the DACK policy, or the §II-A baseline that OPT runs against. */
  policy: "dack" | "baseline";
  /** §II-A as written: a NACK for every out-of-order arrival, not once per gap. */
  nackEveryOutOfOrder: boolean;
  /** The initiators run OPT (ignoring DACKs) instead of the halt-state machine. */
  optInitiators: boolean;
  /** One in this many ACKs is lost (0: none); a stalled window times out. */
  ackLossOneIn: number;
  /** Steps without progress (ACKs heard) after which a stream with packets outstanding times out. */
  stallSteps: number;
  /** Events to record on the side being measured. */
  events: number;
  side: "target" | "initiator";
}

interface Recording {
  /** kind << 16 | slot: one load per event in the replay loop. */
  kindSlot: Int32Array;
  seq: Int32Array;
  tNs: Int32Array;
  n: number;
  spanNs: number;
}

/** A FIFO of up to 2^14 records of four int32 fields, so the recorder leaves little garbage. */
class Fifo {
  private readonly a = new Int32Array(4 << 14);
  private head = 0;
  private tail = 0;
  get size(): number {
    return this.tail - this.head;
  }
  push(x: number, y: number, z: number, w: number): void {
    if (this.tail - this.head >= 1 << 14) throw new Error("recording: FIFO overflow");
    const i = (this.tail++ & ((1 << 14) - 1)) << 2;
    this.a[i] = x;
    this.a[i + 1] = y;
    this.a[i + 2] = z;
    this.a[i + 3] = w;
  }
  /** Field f of the oldest record. */
  peek(f: number): number {
    return this.a[((this.head & ((1 << 14) - 1)) << 2) + f];
  }
  drop(): void {
    this.head++;
  }
}

function recording(n: number): Recording {
  return { kindSlot: new Int32Array(n), seq: new Int32Array(n), tNs: new Int32Array(n), n: 0, spanNs: 0 };
}

/** Every data packet of a recording is PACKET_BYTES long. */
function push(r: Recording, kind: number, slot: number, seq: number, tNs: number): void {
  if (r.n >= r.kindSlot.length) return;
  r.kindSlot[r.n] = (kind << 16) | slot;
  r.seq[r.n] = seq;
  r.tNs[r.n] = tNs;
  r.n++;
}

function targetFor(s: Scenario): DackTarget {
  const t = new DackTarget(
    { policy: s.policy, queueBytes: s.queueBytes, fairnessPeriodNs: s.fairnessPeriodNs, nackEveryOutOfOrder: s.nackEveryOutOfOrder },
    s.streams,
  );
  for (let i = 0; i < s.streams; i++) t.open(i, 0);
  return t;
}

function initiatorFor(s: Scenario): DackInitiator {
  const d = new DackInitiator({}, s.streams);
  for (let i = 0; i < s.streams; i++) d.open(i, 0, PACKET_BYTES);
  return d;
}

function optFor(s: Scenario): OptInitiator {
  const o = new OptInitiator({}, s.streams);
  for (let i = 0; i < s.streams; i++) o.open(i, 0, PACKET_BYTES);
  return o;
}

const MAX_STEPS = 20_000_000;

/** Runs the closed loop and records both sides until the measured side has `events` calls. */
function record(s: Scenario, seed: number): { target: Recording; initiator: Recording } {
  const rng = new Xoshiro128(seed);
  const target = targetFor(s);
  const init = initiatorFor(s);
  const opt = optFor(s);
  // The measured side stops at `events`; the target's drain at the end adds at most one queue.
  const cap = s.events + Math.ceil(s.queueBytes / PACKET_BYTES) + 1;
  const tr = recording(cap);
  const ir = recording(cap);
  // Packets and ACKs in flight: (delivery step, slot, seq, kind).
  const fwd = new Fifo();
  const rev = new Fifo();
  const linkFree = new Int32Array(s.streams);
  const lastProgress = new Int32Array(s.streams);
  let portFree = 0;
  let hostDone = -1;
  let rr = 0;
  const measured = s.side === "target" ? tr : ir;
  let step = 0;
  for (; measured.n < s.events; step++) {
    if (step > MAX_STEPS) throw new Error("recording: the loop does not make progress");
    const tNs = step * STEP_NS;
    // Data reaching the target (one port: at most one packet per serialisation time).
    while (fwd.size > 0 && fwd.peek(0) <= step) {
      const slot = fwd.peek(1);
      const seq = fwd.peek(2);
      fwd.drop();
      const r = target.onData(slot, tNs, seq, PACKET_BYTES);
      if (r < 0) throw new Error(`recording: onData ${r}`);
      push(tr, T_DATA, slot, seq, tNs);
      for (let i = 0; i < target.out[0]; i++) rev.push(step + PROP_STEPS, target.out[2 + 3 * i], target.out[3 + 3 * i], target.out[1 + 3 * i]);
    }
    // The host.
    if (hostDone >= 0 && step >= hostDone) {
      target.onProcessed(tNs);
      push(tr, 1, 0, 0, tNs);
      for (let i = 0; i < target.out[0]; i++) rev.push(step + PROP_STEPS, target.out[2 + 3 * i], target.out[3 + 3 * i], target.out[1 + 3 * i]);
      hostDone = -1;
    }
    if (hostDone < 0 && target.queueLength() > 0) hostDone = step + s.serviceSteps;
    // ACKs reaching the initiators.
    while (rev.size > 0 && rev.peek(0) <= step) {
      const slot = rev.peek(1);
      const seq = rev.peek(2);
      const kind = rev.peek(3);
      rev.drop();
      if (s.ackLossOneIn > 0 && rng.nextBelow(s.ackLossOneIn) === 0) continue;
      // The initiator classifies an ACK by its own acknowledged number (§II-C) and the kind it
      // carries, as the fabric's glue does (harness/net/dack.ts).
      if (s.optInitiators) {
        const k = kind === 3 ? I_NACK : I_IACK;
        const r = k === I_NACK ? opt.onNack(slot, seq) : opt.onAck(slot, seq);
        if (r < 0) throw new Error(`recording: opt ${r}`);
        push(ir, k, slot, seq, tNs);
      } else {
        const d = (seq - init.ackedSeq(slot)) | 0;
        const k = kind === 3 ? I_NACK : d > 0 ? I_IACK : I_DACK;
        // After a lost ACK an older number can arrive: a NIC drops it; so is an IACK repeating
        // the acknowledged number (the target's answer to a duplicate where no DACK is due).
        if (k !== I_NACK && (d < 0 || (d === 0 && kind === 1))) continue;
        const r = k === I_IACK ? init.onIack(slot, seq) : k === I_DACK ? init.onDack(slot, seq) : init.onNack(slot, seq);
        if (r < 0) throw new Error(`recording: initiator ${r}`);
        push(ir, k, slot, seq, tNs);
        lastProgress[slot] = step;
      }
    }
    // Timeouts: a stream with packets outstanding and nothing heard for 20 µs.
    if (s.ackLossOneIn > 0) {
      for (let i = 0; i < s.streams; i++) {
        if (step - lastProgress[i] > s.stallSteps && init.highSeq(i) !== ((init.ackedSeq(i) + 1) | 0)) {
          if (init.onTimeout(i) < 0) throw new Error("recording: onTimeout");
          push(ir, I_TIMEOUT, i, 0, tNs);
          lastProgress[i] = step;
        }
      }
    }
    // Initiators send, round robin over the port.
    for (let k = 0; k < s.streams; k++) {
      const i = (rr + k) % s.streams;
      if (linkFree[i] > step) continue;
      const can = s.optInitiators ? opt.canSend(i) : init.canSend(i);
      if (!can) continue;
      let seq: number;
      if (s.optInitiators) {
        opt.onSend(i);
        seq = opt.out[0];
      } else {
        init.onSend(i);
        seq = init.out[0];
      }
      push(ir, I_SEND, i, 0, tNs);
      linkFree[i] = step + SER_STEPS;
      const arrive = Math.max(step + SER_STEPS + PROP_STEPS, portFree + SER_STEPS);
      portFree = arrive;
      fwd.push(arrive, i, seq, 0);
      rr = i + 1;
    }
  }
  // Drain the target so that every op starts from an empty queue.
  while (target.queueLength() > 0) {
    step += s.serviceSteps;
    target.onProcessed(step * STEP_NS);
    push(tr, 1, 0, 0, step * STEP_NS);
  }
  tr.spanNs = ir.spanNs = (step + 1000) * STEP_NS;
  return { target: tr, initiator: ir };
}

// Each replay loop is the op closure itself, closed over its table: V8 compiles a closure that is
// the only one made at its site with its context's values as constants (bench/once.ts), as it
// would a NIC's per-packet loop. A replay function taking the table as an argument ran with
// those constants only in processes where V8 happened to inline it into the op (DACK target
// onProcessed 10.3 ns in those, 13.4–14.0 in the others).

/** One replay of a target recording per call, from freshly opened streams, each call one span later. */
function targetReplay(t: DackTarget, r: Recording, streams: number): () => number {
  const kindSlot = r.kindSlot;
  const seq = r.seq;
  const tNs = r.tNs;
  const n = r.n;
  const spanNs = r.spanNs;
  let epoch = 0;
  return () => {
    for (let i = 0; i < streams; i++) t.open(i, 0);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const ks = kindSlot[i];
      const now = (epoch + tNs[i]) | 0;
      sum += ks >> 16 === T_DATA ? t.onData(ks & 0xffff, now, seq[i], PACKET_BYTES) : t.onProcessed(now);
    }
    epoch = (epoch + spanNs) | 0;
    return sum;
  };
}

/** One replay of an initiator recording per call, from freshly opened streams. */
function initiatorReplay(d: DackInitiator, r: Recording, streams: number): () => number {
  const kindSlot = r.kindSlot;
  const seq = r.seq;
  const n = r.n;
  return () => {
    for (let i = 0; i < streams; i++) d.open(i, 0, PACKET_BYTES);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const k = kindSlot[i] >> 16;
      const s = kindSlot[i] & 0xffff;
      sum +=
        k === I_SEND ? d.onSend(s) : k === I_IACK ? d.onIack(s, seq[i]) : k === I_DACK ? d.onDack(s, seq[i]) : k === I_NACK ? d.onNack(s, seq[i]) : d.onTimeout(s);
    }
    return sum;
  };
}

/** The same for OPT (a loop of its own: one shared with DackInitiator would call both classes' handlers from the same sites). */
function optReplay(o: OptInitiator, r: Recording, streams: number): () => number {
  const kindSlot = r.kindSlot;
  const seq = r.seq;
  const n = r.n;
  return () => {
    for (let i = 0; i < streams; i++) o.open(i, 0, PACKET_BYTES);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const k = kindSlot[i] >> 16;
      const s = kindSlot[i] & 0xffff;
      sum += k === I_SEND ? o.onSend(s) : k === I_IACK ? o.onAck(s, seq[i]) : o.onNack(s, seq[i]);
    }
    return sum;
  };
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`reliability-dack workload: ${what}`);
}

function targetWorkload(handler: string, s: Scenario): Workload {
  return {
    module: "reliability/dack",
    handler,
    goalNs: 10,
    batch: EVENTS, // replaced by the recording's exact length in setup
    setup(seed) {
      const { target: r } = record(s, seed);
      this.batch = r.n;
      const t = targetFor(s);
      const op = targetReplay(t, r, s.streams);
      // A dry run: every call of the recording must succeed on a fresh table.
      const errors = t.errors;
      op();
      check(t.errors === errors && t.queueLength() === 0, `${handler}: the recording does not replay`);
      return op;
    },
  };
}

/** Calls of event kind `kind` in a recording, over all its calls. */
function share(r: Recording, kind: number): number {
  let calls = 0;
  for (let i = 0; i < r.n; i++) if (r.kindSlot[i] >> 16 === kind) calls++;
  return calls / r.n;
}

/** `minShare`: the least share of the recording's calls that the row's handler must make. */
function initiatorWorkload(handler: string, s: Scenario, minShare = 0): Workload {
  return {
    module: "reliability/dack",
    handler,
    goalNs: 10,
    batch: EVENTS, // replaced by the recording's exact length in setup
    setup(seed) {
      const { initiator: r } = record(s, seed);
      this.batch = r.n;
      // The row's handler must be in the mix it replays (the onTimeout row once had no timeout).
      const kind = INITIATOR_KINDS.indexOf(handler);
      const f = kind < 0 ? 1 : share(r, kind);
      check(f > 0, `${handler}: the recording never calls it`);
      check(f >= minShare, `${handler}: ${(100 * f).toFixed(1)} % of the calls, below ${100 * minShare} %`);
      const d = initiatorFor(s);
      const op = initiatorReplay(d, r, s.streams);
      op();
      check(d.errors === 0, `${handler}: the recording does not replay`);
      return op;
    },
  };
}

function optWorkload(handler: string, s: Scenario, minShare = 0): Workload {
  return {
    module: "reliability/opt",
    handler,
    goalNs: 10,
    batch: EVENTS, // replaced by the recording's exact length in setup
    setup(seed) {
      const { initiator: r } = record(s, seed);
      this.batch = r.n;
      // The recording has OPT's onAck under the kind of an IACK.
      const f = share(r, handler === "onNack" ? I_NACK : I_IACK);
      check(f >= minShare, `opt ${handler}: ${(100 * f).toFixed(1)} % of the calls, below ${100 * minShare} %`);
      const o = optFor(s);
      const op = optReplay(o, r, s.streams);
      op();
      check(o.errors === 0, `opt ${handler}: the recording does not replay`);
      return op;
    },
  };
}


/**
 * Target onTrimmed: no recorded loop trims (the recorder's links do not), so each of 8 streams,
 * freshly opened at number 64 per op, gets one header of each answer in turn — a later number
 * (the out-of-order NACK of the gap), the expected number's first transmission (nothing: the
 * gap was NACKed), the expected number resent (a NACK again) and an accepted number (the
 * duplicate's answer) — repeated through the batch.
 */
function trimmedWorkload(): Workload {
  const streams = 8;
  const first = 64;
  const pattern = [
    [first + 3, 0],
    [first, 0],
    [first, 1],
    [first - 1, 0],
  ];
  return {
    module: "reliability/dack",
    handler: "onTrimmed",
    goalNs: 10,
    batch: EVENTS,
    setup() {
      const t = new DackTarget({ policy: "dack", queueBytes: base.queueBytes, fairnessPeriodNs: base.fairnessPeriodNs }, streams);
      const slots = new Int32Array(EVENTS);
      const seqs = new Int32Array(EVENTS);
      const resend = new Uint8Array(EVENTS);
      for (let i = 0; i < EVENTS; i++) {
        const e = pattern[(i >> 3) & 3];
        slots[i] = i & 7;
        seqs[i] = e[0];
        resend[i] = e[1];
      }
      let nowNs = 0;
      const op = (): number => {
        for (let i = 0; i < streams; i++) t.open(i, first);
        let sum = 0;
        for (let i = 0; i < EVENTS; i++) {
          nowNs = (nowNs + STEP_NS) | 0;
          sum += t.onTrimmed(slots[i], nowNs, seqs[i], resend[i] === 1);
        }
        return sum;
      };
      const errors = t.errors;
      op();
      check(t.errors === errors && t.trimmed === EVENTS, "onTrimmed: the batch does not replay");
      return op;
    },
  };
}

const base: Scenario = {
  streams: 1,
  serviceSteps: 34, // 50 % of the link rate (§IV-A)
  queueBytes: 82944,
  fairnessPeriodNs: 8000,
  policy: "dack",
  nackEveryOutOfOrder: false,
  optInitiators: false,
  ackLossOneIn: 0,
  stallSteps: 2000,
  events: EVENTS,
  side: "initiator",
};

/** The NACK rows' incast (§IV-C, 8 → 1; 50 % drain as §IV-A's lowest; 20 kB: nine packets of room). */
const NACK_INCAST: Scenario = { ...base, streams: 8, serviceSteps: 34, queueBytes: 20000, nackEveryOutOfOrder: true };

export const dackWorkloads: Workload[] = [
  // 8 → 1 incast of OPT initiators at 80 % drain (21 steps per packet) with §II-H fairness.
  targetWorkload("onData", { ...base, streams: 8, serviceSteps: 21, optInitiators: true, side: "target" }),
  targetWorkload("onProcessed", { ...base, side: "target" }),
  trimmedWorkload(),
  initiatorWorkload("onIack", { ...base, serviceSteps: 17 }),
  initiatorWorkload("onDack", base),
  initiatorWorkload("onSend", { ...base, streams: 4 }),
  initiatorWorkload("onNack", NACK_INCAST, 1 / 8),
  // One ACK in 20 lost and a timeout after 2 µs without one (below the 8 µs RTT, so that about
  // one event in four is a timeout: with 20 µs, as the other rows use, ACKs kept coming and the
  // row replayed no timeout at all).
  initiatorWorkload("onTimeout", { ...base, ackLossOneIn: 20, stallSteps: 200 }),
];

export const optWorkloads: Workload[] = [
  optWorkload("onAck", { ...base, policy: "baseline", optInitiators: true }),
  optWorkload("onNack", { ...NACK_INCAST, policy: "baseline", optInitiators: true }, 1 / 20),
];
