// What the fabric's integrity check (Fabric.checkIntegrity, harness/README "Integrity") does not
// see. Each test injects one defect into an otherwise honest run by wrapping a fabric method on
// the instance (private members, reached on purpose), shows that the defect is real (the state it
// leaves behind), that a cheap run-end check would see it and stays quiet on the honest run, and
// then asks integrity to fail: a run in that state is not sound.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { collect } from "../metrics/results";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { defaultWith } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import { type CcAdapter, Rx, type Transport } from "./adapters";
import { Fabric } from "./fabric";
import { Kind, P, type PacketPool } from "./packets";

/** The fabric's internals these tests read and wrap. */
interface Inside {
  now: number;
  H: number;
  flows: number;
  transmissions: number;
  topo: { ports: number };
  pool: PacketPool;
  queues: { isOpen(p: number): boolean; dataPackets(p: number): number; controlPackets(p: number): number };
  qPkts: Int32Array;
  ctrlCount: Int32Array;
  rxHead: Int32Array;
  reflex: { ndtPackets: Int32Array } | null;
  flowStarted: Uint8Array;
  flowDelivered: Float64Array;
  flowDoneRx: Float64Array;
  flowDoneTx: Float64Array;
  flowFailed: Uint8Array;
  ccTimerAt: Float64Array;
  ccOf: (CcAdapter & { m: { inflightBytes(slot: number): number } })[];
  transport: Transport;
  mss: number;
  flowBytes: Float64Array;
  oooArrivals: number;
  nextDeliverPsn: Int32Array;
  nextCompleteMsn: Int32Array;
  heap: { at: number; add(kind: number, target: number, arg: number): void };
  arrive(port: number, h: number): void;
  forward(sw: number, h: number): void;
  switchStart(port: number): void;
  deliver(f: number, psn: number, payload: number): void;
  senderAck(f: number, h: number): void;
  armCcTimer(f: number, cc: CcAdapter, later?: boolean): void;
}

const inside = (b: ReturnType<typeof build>) => b.fabric as unknown as Inside;

/** Counts packet arrivals (wire ends), so that packets on the wires are transmissions − arrivals. */
function countArrivals(f: Inside): { n: number } {
  const c = { n: 0 };
  const arrive = f.arrive;
  f.arrive = function (this: Inside, port: number, h: number) {
    c.n++;
    arrive.call(this, port, h);
  };
  return c;
}

/**
 * The run-end checks the report proposes for checkIntegrity, over the fabric's own state:
 *  holders   every live packet is somewhere: a switch queue, a NIC's control queue, a receive
 *            queue, NDT's queues or a wire (pool.live = their sum)
 *  qPkts     the fabric's per-port packet count equals the queue module's
 *  start     a flow that never started has nothing delivered and is not done
 *  flight    a flow done at its sender has nothing in its CC's flight
 *  ccTimer   a finished or failed flow has no CC timer armed
 */
function proposed(f: Inside, arrivals: number): string[] {
  const out: string[] = [];
  let held = 0;
  for (let p = 0; p < f.topo.ports; p++) {
    if (!f.queues.isOpen(p)) continue;
    const n = f.queues.dataPackets(p) + f.queues.controlPackets(p);
    if (n !== f.qPkts[p]) out.push(`qPkts: port ${p}: the fabric counts ${f.qPkts[p]} queued, the queues ${n}`);
    held += n;
    if (f.reflex !== null) held += f.reflex.ndtPackets[p];
  }
  for (let h = 0; h < f.H; h++) {
    held += f.ctrlCount[h];
    for (let x = f.rxHead[h]; x >= 0; x = f.pool.i32[(x << 4) + P.Next]) held++;
  }
  const wires = f.transmissions - arrivals;
  if (held + wires !== f.pool.live) out.push(`holders: ${f.pool.live} packets alive, ${held} queued and ${wires} on wires`);
  for (let i = 0; i < f.flows; i++) {
    if (f.flowStarted[i] === 0 && (f.flowDelivered[i] !== 0 || f.flowDoneRx[i] >= 0 || f.flowDoneTx[i] >= 0)) out.push(`start: flow ${i} never started, ${f.flowDelivered[i]} bytes delivered`);
    if (f.flowDoneTx[i] >= 0 && f.ccOf[i].m.inflightBytes(i) !== 0) out.push(`flight: flow ${i} done with ${f.ccOf[i].m.inflightBytes(i)} bytes in flight`);
    if ((f.flowDoneTx[i] >= 0 || f.flowFailed[i] !== 0) && f.ccTimerAt[i] !== 0) out.push(`ccTimer: flow ${i} finished with its CC timer armed`);
  }
  return out;
}

/** Builds s, lets `inject` wrap the fabric, runs it; the results and the proposed checks' verdict. */
function runWith(s: Scenario, inject: (f: Inside) => void = () => {}): { r: ReturnType<typeof collect>; f: Inside; extra: string[] } {
  const b = build(s);
  const f = inside(b);
  const c = countArrivals(f);
  inject(f);
  b.fabric.run();
  return { r: collect(b), f, extra: proposed(f, c.n) };
}

// A 4:1 incast of 200 kB on the default fat tree (NSCC, REPS, RUD, trimming): trims, NACKs, resends.
const incast = defaultWith("integrity incast", [{ kind: "incast", senders: 4, receiver: 0, bytes: 200_000 }]);

test("the proposed run-end checks are quiet on honest runs (trimming, PFC, DCQCN timers, DCP, a slow receiver, a flow that never starts)", () => {
  const honest: Scenario[] = [
    incast,
    { ...incast, network: { ...incast.network, trimming: false, pfc: {} }, transport: { ...incast.transport, cc: { name: "dcqcn" } } },
    { ...incast, transport: { ...incast.transport, cc: { name: "dcqcn" }, reliability: { name: "dcp" } } },
    { ...incast, network: { ...incast.network, rxGbps: 50 } },
    defaultWith("late", [{ kind: "flows", flows: [{ src: 1, dst: 0, bytes: 100_000 }, { src: 2, dst: 0, bytes: 100_000, startUs: 5_000 }] }], { run: { endUs: 1_000 } }),
  ];
  for (const s of honest) {
    const { r, extra } = runWith(s);
    assert.ok(r.integrity.ok, r.integrity.violations.join("; "));
    assert.equal(extra, [], `${s.name}: ${extra.join("; ")}`);
  }
});

test("a packet stranded in a switch queue (the fabric's count one below the queue's) fails integrity", () => {
  // The defect: the fabric's qPkts drifts below PortQueues' own count once, as a result path
  // that dequeues or drops without telling qPkts would. From then on the port leaves its last
  // packet in the queue; the transport resends around it and the run completes.
  const { r, f, extra } = runWith(incast, (f) => {
    const start = f.switchStart;
    let done = false;
    f.switchStart = function (this: Inside, port: number) {
      if (!done && this.qPkts[port] > 0 && this.queues.dataPackets(port) > 0) {
        done = true;
        this.qPkts[port]--;
      }
      start.call(this, port);
    };
  });
  assert.is(r.completed, 4, "the run completes around the stranded packet");
  assert.ok(extra.some((x) => /^qPkts: /.test(x)), extra.join("; "));
  assert.ok(f.pool.live > 0);
  assert.is(r.integrity.ok, false, "a packet left in a queue no port will send is not a sound run");
});

test("a packet the fabric loses without releasing it (alive, but on no wire and in no queue) fails integrity", () => {
  // The defect: one data packet at a switch is neither queued, dropped nor released (a pool
  // leak). Conservation balances (sent = delivered + dropped + trimmed + alive, alive = the
  // pool's live count), and RUD's timeout resends it.
  const { r, extra } = runWith(incast, (f) => {
    const forward = f.forward;
    let lost = false;
    f.forward = function (this: Inside, sw: number, h: number) {
      if (!lost && this.pool.i32[(h << 4) + P.Kind] === Kind.Data) {
        lost = true;
        return;
      }
      forward.call(this, sw, h);
    };
  });
  assert.is(r.completed, 4);
  assert.ok(r.totals.timeouts > 0, "recovered by a timeout");
  assert.ok(extra.some((x) => /^holders: /.test(x)), extra.join("; "));
  assert.is(r.integrity.ok, false, "a packet alive that no queue or wire holds has leaked");
});

test("payload credited to a flow that never started fails integrity", () => {
  // The defect: a delivery credited to the wrong flow as well (a flow index taken from a stale
  // or recycled handle). Flow 1 starts at 5 ms, after the run's 1 ms end.
  const s = defaultWith("never started", [{ kind: "flows", flows: [{ src: 1, dst: 0, bytes: 100_000 }, { src: 2, dst: 0, bytes: 100_000, startUs: 5_000 }] }], { run: { endUs: 1_000 } });
  const { r, f, extra } = runWith(s, (f) => {
    const deliver = f.deliver;
    let once = false;
    f.deliver = function (this: Inside, flow: number, psn: number, payload: number) {
      deliver.call(this, flow, psn, payload);
      if (!once) {
        once = true;
        deliver.call(this, 1, psn, payload);
      }
    };
  });
  assert.is(f.flowStarted[1], 0);
  assert.ok(f.flowDelivered[1] > 0);
  assert.is(r.flows[1].status, "waiting");
  assert.ok(extra.some((x) => /^start: flow 1/.test(x)), extra.join("; "));
  assert.is(r.integrity.ok, false, "nothing is delivered for a flow before it starts");
});

test("a CC's flight that does not return to zero when its flow is done fails integrity", () => {
  // The defect: the glue hands NSCC one packet fewer acknowledged bytes once (as RUD's double
  // take-out, soak 2026-11-27, moved it the other way): the window stays short by a packet for
  // the rest of the flow. Every flow still completes and no module counts an error.
  const { r, extra } = runWith(incast, (f) => {
    const cc = f.ccOf[0];
    const onAck = cc.onAck;
    let once = false;
    cc.onAck = function (this: CcAdapter, slot, nowNs, bytes, ...rest) {
      const short = !once && slot === 0 && bytes >= 4096;
      if (short) once = true;
      onAck.call(this, slot, nowNs, short ? bytes - 4096 : bytes, ...rest);
    };
  });
  assert.is(r.completed, 4);
  assert.is(r.totals.moduleErrors, 0);
  assert.ok(extra.some((x) => /^flight: flow 0 done with 4096 bytes/.test(x)), extra.join("; "));
  assert.is(r.integrity.ok, false, "a flow done at its sender has nothing in flight");
});

test("a finished flow whose CC timer keeps firing (the defect fixed in 2472586) fails integrity", () => {
  // Re-injects what review found in 2472586 (HPCC QpComplete): armCcTimer without its
  // finished-or-failed guard, and the armed timer kept when the flow finishes. DCQCN's rate
  // timers then fire every period until the run ends.
  const s: Scenario = { ...incast, network: { ...incast.network, trimming: false }, transport: { ...incast.transport, cc: { name: "dcqcn" } } };
  const { r, f, extra } = runWith(s, (f) => {
    f.armCcTimer = function (this: Inside, flow: number, cc: CcAdapter, later = false) {
      if (!cc.timerArmed(flow)) return;
      const d = (cc.nextTimerNs(flow) - Math.floor(this.now / 1000)) | 0;
      let at = (Math.floor(this.now / 1000) + d) * 1000;
      if (at <= this.now) at = later ? this.now + 1000 : this.now;
      const cur = this.ccTimerAt[flow];
      if (cur === 0 || at < cur) {
        this.ccTimerAt[flow] = at;
        this.heap.at = at;
        this.heap.add(6 /* Ev.CcTimer */, flow, 0);
      }
    };
    const senderAck = f.senderAck;
    f.senderAck = function (this: Inside, flow: number, h: number) {
      const armed = this.ccTimerAt[flow];
      const wasDone = this.flowDoneTx[flow] >= 0;
      senderAck.call(this, flow, h);
      if (!wasDone && this.flowDoneTx[flow] >= 0 && this.ccTimerAt[flow] === 0) this.ccTimerAt[flow] = armed;
    };
  });
  assert.is(r.completed, 4);
  // The last flow to finish stops the run; the others finished before it with their timers running.
  assert.ok(extra.some((x) => /^ccTimer: /.test(x)), extra.join("; "));
  assert.ok(f.ccTimerAt.some((t, i) => t !== 0 && f.flowDoneTx[i] >= 0));
  assert.is(r.integrity.ok, false, "a finished QP's timers are cancelled (HPCC rdma-hw.cc QpComplete)");
});

test("a defect that shows only in the fault-free baseline run (run.faultBaseline) fails the run's integrity", () => {
  // runScenario runs a scenario with faults again without them for results.faultCost, and keeps
  // only that run's FCTs and counts: its integrity is never looked at. The defect here (a
  // delivery made twice) is in the baseline run alone.
  const s: Scenario = { ...incast, faults: [{ kind: "loss", probability: 0.001, packets: ["ack"], random: { count: 1, class: "any" } }], run: { faultBaseline: true } };
  const proto = Fabric.prototype as unknown as Inside & { faults: unknown[] };
  const deliver = proto.deliver;
  proto.deliver = function (this: Inside & { faults: unknown[] }, flow: number, psn: number, payload: number) {
    deliver.call(this, flow, psn, payload);
    if (this.faults.length === 0 && flow === 0 && psn === 0) deliver.call(this, flow, psn, payload);
  };
  try {
    const r = runScenario(s);
    assert.ok(r.faultCost !== null, "the baseline ran");
    assert.is(r.integrity.ok, false, "the baseline run delivered PSN 0 of flow 0 twice");
  } finally {
    proto.deliver = deliver;
  }
});

// ---------------------------------------------------------------------------------------------
// Delivery order (Transport.inOrder) and named message completions (Transport.namesCompletions)

/** `rel` under `cc` and `lb`, the 4:1 incast unless `traffic`; lossy: trimming, or drops where `trimming` is false. */
function lossy(rel: string, cc: string, lb: string, trimming: boolean, traffic: Scenario["traffic"] = incast.traffic): Scenario {
  return { ...incast, name: `${rel} ${cc} ${lb}${trimming ? "" : " no trimming"}`, network: { ...incast.network, trimming }, transport: { ...incast.transport, cc: { name: cc }, lb: { name: lb }, reliability: { name: rel } }, traffic };
}
// The RDMA baselines predate trimming (rounds.ts): they lose packets to drops, as in rounds.test.ts.
const sixToOne: Scenario["traffic"] = [{ kind: "incast", senders: 6, receiver: 0, bytes: 400_000 }];
// DACK and OPT: PUTs into a host that drains at half its link rate (dack.test.ts, Chong & Krishnan §IV-C),
// into a receive buffer of 5 packets of 4,150 B, which overflows under every balancer (with 82,944 B, DACK
// and AIMD over OPS lost 2 packets with 65,536 EVs and none with the fabric's 64).
const puts: Scenario["traffic"] = [{ kind: "put", senders: 4, receiver: 0, bytes: 400_000, rxFraction: 0.5, rxBufferBytes: 20_750 }];

/**
 * DCP's messages made `packets` full packets (its own limit, 16,383 packets, §4.5, makes a test's
 * flow one message), set on the instances before any flow posts.
 */
function dcpMessages(packets: number): (f: Inside) => void {
  return (f) => {
    const tr = f.transport as Transport & { tx: object };
    Object.defineProperty(tr, "messageBytes", { value: packets * f.mss });
    Object.defineProperty(tr.tx, "maxMessageBytes", { value: packets * f.mss });
  };
}

test("lossy runs of every transport stay sound with the order and completion checks (trims, drops, timeouts, sprayed reordering)", () => {
  const runs: [Scenario, ((f: Inside) => void)?][] = [
    [lossy("rud", "nscc", "reps", true)],
    [lossy("rud", "nscc", "ops", true)],
    [lossy("dcp", "dcqcn", "ecmp", true)],
    [lossy("dcp", "dcqcn", "ops", true), dcpMessages(10)],
    [lossy("dcp", "dcqcn", "ecmp", false, sixToOne), dcpMessages(10)],
    ...["gbn", "irn", "rack", "timeout"].flatMap((rel): [Scenario][] => [[lossy(rel, "dcqcn", "ecmp", false, sixToOne)], [lossy(rel, "nscc", "ops", false, sixToOne)]]),
    ...["dack", "opt"].flatMap((rel): [Scenario][] => [[lossy(rel, "none", "ecmp", false, puts)], [lossy(rel, "aimd", "ops", false, puts)]]),
  ];
  for (const [s, inject] of runs) {
    const { r, f } = runWith(s, inject);
    const rel = f.transport.name;
    assert.ok(r.integrity.ok, `${s.name}: ${r.integrity.violations.join("; ")}`);
    assert.is(r.completed, r.flowsTotal, s.name);
    assert.ok(r.totals.drops + r.totals.trims > 0, `${s.name}: lossy`);
    // A DACK target drops what arrives out of order before the fabric counts an arrival.
    if (s.transport?.lb?.name === "ops" && rel !== "dack" && rel !== "opt") assert.ok(f.oooArrivals > 0, `${s.name}: reordered`);
    for (let i = 0; i < f.flows; i++) {
      const packets = Math.ceil(f.flowBytes[i] / f.mss);
      // Every PSN of an in-order transport's flow went through the order check.
      if (f.transport.inOrder !== 0) assert.is(f.nextDeliverPsn[i], packets, `${s.name}: flow ${i}`);
      // DCP: every message named once: 200,000 B = 49 packets of 4,086 B, 400,000 B = 98; in
      // messages of 10 packets, 5 and 10; else one message.
      if (rel === "dcp") assert.is(f.nextCompleteMsn[i], f.transport.messageBytes === 10 * f.mss ? Math.ceil(packets / 10) : 1, `${s.name}: flow ${i}`);
    }
  }
});

test("a go-back-N transport that hands the application an out-of-order packet fails integrity", () => {
  // The defect: the adapter delivers every PSN's first copy to arrive, as IRN's receiver places
  // it, where the go-back-N receiver dropped the out-of-order one (its later in-order copy is
  // then not delivered again). Every PSN is still delivered once and every flow completes; only
  // the order is wrong, which RoCE's receiver never lets happen (it accepts the expected PSN only).
  const { r, f } = runWith(lossy("gbn", "dcqcn", "ecmp", false, sixToOne), (f) => {
    const tr = f.transport;
    const onData = tr.onData;
    const placed = new Set<number>();
    tr.onData = function (this: Transport, slot, nowNs, pool, h) {
      let x = onData.call(this, slot, nowNs, pool, h);
      const key = slot * 2 ** 24 + pool.i32[(h << 4) + P.Psn];
      if (!placed.has(key)) {
        placed.add(key);
        x |= Rx.Deliver;
      } else x &= ~Rx.Deliver;
      return x;
    };
  });
  assert.is(r.completed, 6);
  assert.ok(f.oooArrivals > 0, "packets arrived out of order after drops");
  assert.ok(r.integrity.violations.length > 0, "the order is checked");
  for (const v of r.integrity.violations) assert.match(v, /^(flow \d+: PSN \d+ delivered before PSN \d+ by an in-order transport \(gbn\)|…)$/);
  assert.is(r.integrity.ok, false, "a go-back-N receiver delivers PSN 0, 1, 2, … in order");
});

/** DCP in messages of 10 packets, flow 0's k-th completion (from 0) naming an eMSN `shift(k)` off the receiver's. */
function misnamed(shift: (k: number) => number): (f: Inside) => void {
  return (f) => {
    dcpMessages(10)(f);
    const tr = f.transport;
    const onData = tr.onData;
    let k = 0;
    tr.onData = function (this: Transport, slot, nowNs, pool, h) {
      const x = onData.call(this, slot, nowNs, pool, h);
      if ((x & Rx.Complete) !== 0 && slot === 0) this.completedEndMsn += shift(k++);
      return x;
    };
  };
}

test("a DCP completion naming a message that already completed (eMSN one behind) fails integrity", () => {
  // The defect: from its second completion on, the adapter reports the eMSN before the last
  // message it completed (one behind): message 0 completes twice, and the count (one message
  // each time) still adds up to the flow, which completes. Flows of 49 packets in messages of
  // 10: five completions each.
  const { r } = runWith(lossy("dcp", "dcqcn", "ecmp", true), misnamed((k) => (k > 0 ? -1 : 0)));
  assert.is(r.completed, 4);
  assert.equal(r.integrity.violations, ["flow 0: message 0 completed twice (messages [0, 1) completed, 1 is the next to complete)"]);
  assert.is(r.integrity.ok, false);
});

test("a DCP completion naming a message past one still open (out of order) fails integrity", () => {
  // The defect: the adapter reports the eMSN one ahead: flow 0's first completion names message
  // 1 while message 0 is open. eMSN advances only when the eMSN-th message finishes (§4.5), so
  // messages complete in order.
  const { r } = runWith(lossy("dcp", "dcqcn", "ecmp", true), misnamed(() => 1));
  assert.is(r.completed, 4);
  assert.equal(r.integrity.violations, ["flow 0: message 1 completed before message 0, out of order (messages [1, 2) completed)"]);
  assert.is(r.integrity.ok, false);
});

test("a DCP message completed before all its packets reached the receiver fails integrity", () => {
  // The defect: flow 0's receiver completes its message (one: 200,000 B = 49 packets of 4,086 B)
  // when the 48th distinct PSN arrives, one early (a counter that started at 1), and the real
  // completion is not reported again. The count is right and the flow completes.
  const { r } = runWith(lossy("dcp", "dcqcn", "ecmp", true), (f) => {
    const tr = f.transport;
    const onData = tr.onData;
    const psns = new Set<number>();
    let done = false;
    tr.onData = function (this: Transport, slot, nowNs, pool, h) {
      let x = onData.call(this, slot, nowNs, pool, h);
      if (slot !== 0) return x;
      psns.add(pool.i32[(h << 4) + P.Psn]);
      if (done) return x & ~Rx.Complete;
      if (psns.size === 48) {
        done = true;
        x |= Rx.Complete;
        this.completed = 1;
        this.completedEndMsn = 1;
      }
      return x;
    };
  });
  assert.is(r.completed, 4);
  assert.is(r.integrity.violations.length, 1, r.integrity.violations.join("; "));
  assert.match(r.integrity.violations[0], /^flow 0: a message completed with PSN \d+ of its first 49 not yet at the receiver$/);
  assert.is(r.integrity.ok, false);
});

test.run();
