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
import type { CcAdapter, Transport } from "./adapters";
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

test.run();
