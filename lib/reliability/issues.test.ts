// DCP against its baselines in a small seeded network model (test-only; the virtual fabric is
// the harness's job). One sender and one receiver of each module exchange packets over P
// parallel paths of different delays (packet spraying: heavy reordering), ACKs come back on one
// path, and a scenario decides which transmissions congestion takes: a DCP switch trims them to
// HO packets (§4.2), the other schemes lose them.
//
// The two tests the issue asks for reproduce DCP §2.2:
//   Issue #1 — a 64-message QP sprayed over reordered paths without any loss: DCP sends no
//   retransmission, IRN retransmits spuriously (every one of its retransmissions arrives as a
//   duplicate);
//   Issue #2 — the tail packet is lost: DCP recovers through the HO path with no timeout, long
//   before IRN's RTO_low, while IRN has to wait for that RTO; the same when IRN's retransmission
//   is lost too.
// Then seeded random losses for every module: every message completes exactly once, in order,
// and only after every one of its packets has arrived.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../core/rng";
import { DCP_RX_ACK, DCP_RX_COMPLETE, DCP_RX_PLACE, DcpReceiver } from "./dcp/receiver";
import { DcpSender } from "./dcp/sender";
import { GbnReceiver, GbnSender, GBN_RX_ACK, GBN_RX_NACK, GBN_RX_PLACE } from "./gbn/gbn";
import { IrnReceiver, IrnSender, IRN_RX_ACK, IRN_RX_NACK, IRN_RX_PLACE } from "./irn/irn";
import { RackReceiver, RackSender, RACK_RX_PLACE, RACK_TIMER_PROBE, type RackProfile } from "./rack/rack";
import { TimeoutReceiver, TimeoutSender, TIMEOUT_RX_PLACE } from "./timeout/timeout";

const MTU = 1024;
const SERIALISE_NS = 82; // 1 KiB at 100 Gb/s

interface Pkt {
  msn: number;
  psn: number;
  retry: number;
  len: number;
  last: boolean;
  msgPackets: number;
  needCqe: boolean;
}

type Feedback = { kind: "ack" | "nack" | "ho"; a: number; b: number; c: number; dsack: boolean };

interface Arrival {
  placed: boolean;
  completed: number;
  feedback: Feedback[];
}

/** What the model needs from a sender/receiver pair. */
interface Endpoint {
  readonly trims: boolean; // congestion trims packets to HO (DCP) instead of dropping them
  post(len: number, op: number): number;
  outstanding(): number;
  round(now: number, awin: number, sizes: number[]): Pkt[];
  arrive(now: number, p: Pkt): Arrival;
  ho(now: number, p: Pkt): Feedback[];
  feedback(now: number, f: Feedback): number;
  timer(now: number): number;
  deadline(): number | undefined;
  afterTimer(now: number, sizes: number[]): Pkt[];
  retransmissions(): number;
  timeouts(): number;
}

const packetsOf = (bytes: number) => (bytes === 0 ? 1 : Math.ceil(bytes / MTU));
const fb = (kind: Feedback["kind"], a: number, b = 0, c = 0, dsack = false): Feedback => ({ kind, a, b, c, dsack });

function drain(next: (now: number) => number, out: Int32Array, now: number, sizes: number[]): Pkt[] {
  const list: Pkt[] = [];
  for (let k = next(now); k !== 0; k = next(now)) {
    assert.ok(k > 0, `nextPacket returned ${k}`);
    // The model posts message m as kind m % 3 (Send, Write, Write-with-Immediate); a Write needs no CQE.
    list.push({ msn: out[1], psn: out[2], retry: out[5], len: out[4], last: out[6] === 1, msgPackets: packetsOf(sizes[out[1]]), needCqe: out[1] % 3 !== 1 });
  }
  return list;
}

function dcp(rtoNs: number): Endpoint {
  const tx = new DcpSender({ mtuBytes: MTU, rtoNs, retransQueueDepth: 1024 }, 1);
  const rx = new DcpReceiver({}, 1);
  tx.open(0, 0);
  rx.open(0, 0);
  return {
    trims: true,
    post: (len, op) => tx.post(0, len, op),
    outstanding: () => tx.outstandingMessages(0),
    round(now, awin, sizes) {
      tx.onSchedule(0, now, awin);
      return drain((t) => tx.nextPacket(0, t), tx.out, now, sizes);
    },
    arrive(now, p) {
      const r = rx.onData(0, now, p.msn, p.psn, p.retry, p.msgPackets, p.needCqe);
      assert.ok(r >= 0, `DcpReceiver.onData ${r}`);
      return {
        placed: (r & DCP_RX_PLACE) !== 0,
        completed: (r & DCP_RX_COMPLETE) !== 0 ? rx.out[1] : 0,
        feedback: (r & DCP_RX_ACK) !== 0 ? [fb("ack", rx.out[0])] : [],
      };
    },
    ho(now, p) {
      assert.ok(rx.onHo(0, now, p.msn, p.psn) > 0);
      return [fb("ho", p.msn, p.psn, p.retry)];
    },
    feedback(now, f) {
      const r = f.kind === "ack" ? tx.onAck(0, now, f.a) : tx.onHo(0, now, f.a, f.b, f.c);
      assert.ok(r >= 0, `DcpSender ${f.kind} ${r}`);
      return f.kind === "ack" ? r : 0;
    },
    timer: (now) => tx.onTimer(0, now),
    deadline: () => (tx.timerArmed(0) ? tx.deadlineNs(0) : undefined),
    afterTimer: () => [],
    retransmissions: () => tx.retransmissions(0) + tx.resends(0),
    timeouts: () => tx.timeouts(0),
  };
}

/** What the model drives on every PSN-acknowledged baseline sender (lib/reliability/qp.ts MessageSender and its modules). */
interface BaselineSender {
  readonly out: Int32Array;
  open(slot: number, startPsn: number): void;
  post(slot: number, lengthBytes: number, op: number): number;
  outstandingMessages(slot: number): number;
  onSchedule(slot: number, nowNs: number, awinBytes: number): number;
  nextPacket(slot: number, nowNs: number): number;
  onTimer(slot: number, nowNs: number): number;
  timerArmed(slot: number): boolean;
  deadlineNs(slot: number): number;
  retransmissions(slot: number): number;
  timeouts(slot: number): number;
}

/** An Endpoint over a baseline pair: the rounds, timer and counters alike; `own` is the receiver's answer and the sender's feedback handler. */
function baseline(tx: BaselineSender, rx: { open(slot: number, startPsn: number): void }, own: Pick<Endpoint, "arrive" | "feedback"> & Partial<Endpoint>): Endpoint {
  tx.open(0, 0);
  rx.open(0, 0);
  return {
    trims: false,
    post: (len, op) => tx.post(0, len, op),
    outstanding: () => tx.outstandingMessages(0),
    round(now, awin, sizes) {
      tx.onSchedule(0, now, awin);
      return drain((t) => tx.nextPacket(0, t), tx.out, now, sizes);
    },
    ho: () => [],
    timer: (now) => tx.onTimer(0, now),
    deadline: () => (tx.timerArmed(0) ? tx.deadlineNs(0) : undefined),
    afterTimer: () => [],
    retransmissions: () => tx.retransmissions(0),
    timeouts: () => tx.timeouts(0),
    ...own,
  };
}

function irn(): Endpoint {
  const tx = new IrnSender({ mtuBytes: MTU, bdpPackets: 128 }, 1);
  const rx = new IrnReceiver({ bdpPackets: 128 }, 1);
  return baseline(tx, rx, {
    arrive(now, p) {
      const r = rx.onData(0, now, p.psn, p.last);
      assert.ok(r >= 0, `IrnReceiver.onData ${r}`);
      const feedback = (r & IRN_RX_NACK) !== 0 ? [fb("nack", rx.out[0], rx.out[1])] : (r & IRN_RX_ACK) !== 0 ? [fb("ack", rx.out[0])] : [];
      return { placed: (r & IRN_RX_PLACE) !== 0, completed: rx.out[2], feedback };
    },
    feedback(now, f) {
      const r = f.kind === "ack" ? tx.onAck(0, now, f.a) : tx.onNack(0, now, f.a, f.b);
      assert.ok(r >= 0, `IrnSender ${f.kind} ${r}`);
      return r;
    },
  });
}

function gbn(): Endpoint {
  const tx = new GbnSender({ mtuBytes: MTU, rtoNs: 300_000 }, 1);
  const rx = new GbnReceiver({ nackIntervalNs: 50_000 }, 1);
  return baseline(tx, rx, {
    arrive(now, p) {
      const r = rx.onData(0, now, p.psn, p.last);
      assert.ok(r >= 0, `GbnReceiver.onData ${r}`);
      const feedback = (r & GBN_RX_NACK) !== 0 ? [fb("nack", rx.out[0])] : (r & GBN_RX_ACK) !== 0 ? [fb("ack", rx.out[0])] : [];
      return { placed: (r & GBN_RX_PLACE) !== 0, completed: (r & GBN_RX_PLACE) !== 0 ? rx.out[2] : 0, feedback };
    },
    feedback(now, f) {
      const r = f.kind === "ack" ? tx.onAck(0, now, f.a) : tx.onNack(0, now, f.a);
      assert.ok(r >= 0, `GbnSender ${f.kind} ${r}`);
      return r;
    },
  });
}

function rack(profile: RackProfile): Endpoint {
  const tx = new RackSender({ profile, mtuBytes: MTU, windowPackets: 128, initialRtoNs: 300_000, minRtoNs: 100_000, initialPtoNs: 100_000 }, 1);
  const rx = new RackReceiver({ windowPackets: 128 }, 1);
  return baseline(tx, rx, {
    arrive(now, p) {
      const r = rx.onData(0, now, p.psn, p.last);
      assert.ok(r >= 0, `RackReceiver.onData ${r}`);
      return { placed: (r & RACK_RX_PLACE) !== 0, completed: rx.out[3], feedback: [fb("ack", rx.out[0], rx.out[1], 0, rx.out[2] === 1)] };
    },
    feedback(now, f) {
      const r = tx.onAck(0, now, f.a, f.b, f.dsack);
      assert.ok(r >= 0, `RackSender ack ${r}`);
      return r;
    },
    afterTimer(now, sizes) {
      return tx.probePending(0) ? drain((t) => tx.nextPacket(0, t), tx.out, now, sizes).slice(0, 1) : [];
    },
  });
}

function timeoutOnly(): Endpoint {
  const tx = new TimeoutSender({ mtuBytes: MTU, windowPackets: 128, rtoNs: 300_000 }, 1);
  const rx = new TimeoutReceiver({ windowPackets: 128 }, 1);
  return baseline(tx, rx, {
    arrive(now, p) {
      const r = rx.onData(0, now, p.psn, p.last);
      assert.ok(r >= 0, `TimeoutReceiver.onData ${r}`);
      return { placed: (r & TIMEOUT_RX_PLACE) !== 0, completed: rx.out[2], feedback: [fb("ack", rx.out[0], rx.out[1])] };
    },
    feedback(now, f) {
      const r = tx.onAck(0, now, f.a, f.b);
      assert.ok(r >= 0, `TimeoutSender ack ${r}`);
      return r;
    },
  });
}

interface Scenario {
  seed: number;
  sizes: number[];
  paths: number; // parallel paths, path i adds i × pathStepNs
  pathStepNs: number;
  /** Congestion takes this transmission (the n-th time this PSN is sent, from 1). */
  lose: (psn: number, attempt: number, rng: Xoshiro128) => boolean;
  windowBytes: number;
}

interface Result {
  doneNs: number;
  retransmissions: number;
  timeouts: number;
  duplicates: number; // data packets that arrived and were not placed
}

const BASE_NS = 1_500;

function simulate(ep: Endpoint, sc: Scenario): Result {
  const rng = new Xoshiro128(sc.seed);
  const messages = sc.sizes.length;
  const firstPsn: number[] = [];
  let p = 0;
  for (const s of sc.sizes) {
    firstPsn.push(p);
    p += packetsOf(s);
  }
  const arrived = sc.sizes.map(() => new Set<number>());
  const attempts = new Map<number, number>();
  type Ev = { t: number; seq: number; run: () => void };
  const queue: Ev[] = [];
  let seq = 0;
  const at = (t: number, run: () => void) => {
    const e = { t, seq: seq++, run };
    let lo = 0;
    let hi = queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (queue[mid].t < t || (queue[mid].t === t && queue[mid].seq < e.seq)) lo = mid + 1;
      else hi = mid;
    }
    queue.splice(lo, 0, e);
  };
  let posted = 0;
  let freed = 0;
  let completed = 0;
  let duplicates = 0;
  let inflight = 0;
  let doneNs = -1;
  let txBusyUntil = 0;
  let timerAt: number | undefined;
  const post = () => {
    while (posted < messages && ep.outstanding() < 8) {
      assert.is(ep.post(sc.sizes[posted], posted % 3), posted);
      posted++;
    }
  };
  const pathDelay = () => BASE_NS + rng.nextBelow(sc.paths) * sc.pathStepNs + rng.nextBelow(200);
  const toSender = (t: number, list: Feedback[]) => {
    for (const f of list) {
      at(t + BASE_NS + rng.nextBelow(200), () => {
        freed += ep.feedback(queueTime, f);
        post();
        armTimer();
        kick();
      });
    }
  };
  const send = (t0: number, list: Pkt[]) => {
    let t = t0;
    for (const pk of list) {
      t += SERIALISE_NS;
      inflight += pk.len;
      const n = (attempts.get(pk.psn) ?? 0) + 1;
      attempts.set(pk.psn, n);
      const lost = sc.lose(pk.psn, n, rng);
      const arrival = t + pathDelay();
      if (lost && !ep.trims) {
        at(arrival, () => (inflight -= pk.len));
      } else if (lost) {
        at(arrival, () => {
          inflight -= pk.len;
          const back = ep.ho(queueTime, pk);
          for (const f of back) at(queueTime + BASE_NS + rng.nextBelow(200), () => {
            ep.feedback(queueTime, f);
            armTimer();
            kick();
          });
        });
      } else {
        at(arrival, () => {
          inflight -= pk.len;
          const a = ep.arrive(queueTime, pk);
          if (a.placed) arrived[pk.msn].add(pk.psn);
          else duplicates++;
          for (let c = 0; c < a.completed; c++) {
            const m = completed++;
            for (let k = 0; k < packetsOf(sc.sizes[m]); k++) {
              assert.ok(arrived[m].has(firstPsn[m] + k), `message ${m} completed before packet ${k} arrived`);
            }
          }
          toSender(queueTime, a.feedback);
        });
      }
    }
    txBusyUntil = t;
    armTimer();
  };
  let queueTime = 0;
  let roundPending = false;
  const kick = () => {
    if (roundPending) return;
    roundPending = true;
    at(Math.max(queueTime, txBusyUntil), () => {
      roundPending = false;
      if (freed === messages) return;
      const list = ep.round(queueTime, Math.max(0, sc.windowBytes - inflight), sc.sizes);
      send(queueTime, list);
      if (list.length > 0) kick();
    });
  };
  const armTimer = () => {
    const d = ep.deadline();
    if (d === undefined || d === timerAt) return;
    timerAt = d;
    at(Math.max(d, queueTime), () => {
      if (timerAt !== d) return;
      timerAt = undefined;
      const r = ep.timer(queueTime);
      assert.ok(r >= 0, `timer ${r}`);
      if ((r & RACK_TIMER_PROBE) !== 0) send(Math.max(queueTime, txBusyUntil), ep.afterTimer(queueTime, sc.sizes));
      armTimer();
      kick();
    });
  };
  post();
  kick();
  let steps = 0;
  while (queue.length > 0) {
    assert.ok(++steps < 3_000_000, "the model does not finish");
    const e = queue.shift() as Ev;
    queueTime = e.t;
    e.run();
    if (freed === messages && doneNs < 0) doneNs = queueTime;
  }
  assert.is(freed, messages, "every message acknowledged at the sender");
  assert.is(completed, messages, "every message completed once at the receiver");
  return { doneNs, retransmissions: ep.retransmissions(), timeouts: ep.timeouts(), duplicates };
}

const SIXTY_FOUR = Array.from({ length: 64 }, () => 16 * MTU);
const SPRAY = { paths: 8, pathStepNs: 400, windowBytes: 128 * MTU };

test("Issue #1: spraying a 64-message QP without loss — DCP retransmits nothing, IRN retransmits spuriously", () => {
  for (let seed = 1; seed <= 3; seed++) {
    const sc: Scenario = { seed, sizes: SIXTY_FOUR, ...SPRAY, lose: () => false };
    const d = simulate(dcp(8_000_000), sc);
    assert.is(d.retransmissions, 0);
    assert.is(d.timeouts, 0);
    assert.is(d.duplicates, 0);
    const i = simulate(irn(), sc);
    assert.ok(i.retransmissions > 0, `IRN retransmitted ${i.retransmissions}`);
    // Nothing was lost, so every IRN retransmission reaches the receiver as a duplicate.
    assert.is(i.duplicates, i.retransmissions, "all of IRN's retransmissions were spurious");
    // The timeout-only baseline also avoids spurious retransmissions (its price is paid on loss).
    assert.is(simulate(timeoutOnly(), sc).retransmissions, 0);
  }
});

test("Issue #2: the tail packet is lost — DCP recovers through the HO path, IRN needs an RTO", () => {
  const sizes = SIXTY_FOUR;
  const tail = sizes.reduce((n, s) => n + packetsOf(s), 0) - 1;
  for (const times of [1, 2]) {
    // times = 2: the retransmission is lost too (DCP §2.2: IRN then needs an RTO as well).
    const sc: Scenario = { seed: 7, sizes, ...SPRAY, lose: (psn, n) => psn === tail && n <= times };
    const d = simulate(dcp(8_000_000), sc);
    assert.is(d.timeouts, 0, "DCP: no timeout");
    assert.is(d.retransmissions, times, "DCP: one HO-driven retransmission per loss");
    const i = simulate(irn(), sc);
    assert.ok(i.timeouts >= 1, "IRN: the tail loss waits for the RTO");
    assert.ok(i.doneNs - d.doneNs >= 100_000 * times - 5_000, `IRN finished ${i.doneNs - d.doneNs} ns after DCP (RTO_low = 100 µs)`);
  }
});

test("random losses over sprayed paths: every module completes every message once, in order, complete", () => {
  const kinds: [string, () => Endpoint][] = [
    ["dcp", () => dcp(400_000)],
    ["irn", irn],
    ["gbn", gbn],
    ["rack rfc8985", () => rack("rfc8985")],
    ["rack dcp", () => rack("dcp")],
    ["timeout", timeoutOnly],
  ];
  for (const [name, make] of kinds) {
    for (let seed = 100; seed < 104; seed++) {
      const sizeRng = new Xoshiro128(seed);
      const sizes = Array.from({ length: 40 }, () => (sizeRng.nextBelow(5) === 0 ? sizeRng.nextBelow(100) : sizeRng.nextBelow(12 * MTU)));
      const sc: Scenario = { seed, sizes, ...SPRAY, lose: (_psn, _n, rng) => rng.nextBelow(100) < 3 };
      const r = simulate(make(), sc);
      assert.ok(r.doneNs > 0, `${name} seed ${seed}`);
    }
  }
});

// RFC 8985 §7: on a single path (no reordering, so RACK never enters recovery spuriously) the
// probe retransmits the lost tail after a PTO of 2·SRTT instead of waiting for the RTO. Under
// spraying, reordering beyond the reordering window makes RACK mark packets lost that were only
// late, and retransmit them (DCP §2.2's point): copies arrive as duplicates. (Which of those
// spurious losses, the probe or the RTO repairs the tail depends on the reordering; until
// 2026-12-02 this test asserted the RTO, a consequence of RACK.rtt taken from a resend that step 2
// should have skipped.)
test("RACK-TLP: on one path a lost tail is repaired by the probe, not the RTO", () => {
  const sizes = SIXTY_FOUR.slice(0, 8);
  const tail = sizes.reduce((n, s) => n + packetsOf(s), 0) - 1;
  const sc: Scenario = { seed: 3, sizes, paths: 1, pathStepNs: 0, windowBytes: 128 * MTU, lose: (psn, n) => psn === tail && n === 1 };
  const r = simulate(rack("rfc8985"), sc);
  assert.is(r.timeouts, 0);
  assert.is(r.retransmissions, 1);
  const sprayed = simulate(rack("rfc8985"), { ...sc, ...SPRAY });
  assert.ok(sprayed.duplicates > 0, `${sprayed.duplicates} duplicates under spraying`);
  assert.ok(sprayed.doneNs > 0);
});

test.run();
