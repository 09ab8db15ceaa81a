// The load balancers' feedback in the fabric, checked call by call against the wire events that
// cause it (lib/lb/feedback.ts; UEC 1.0 §3.6.12 process_ev, notes/uec-nscc-reps-pds.md §2.1):
// an ACK → GOOD, or ECN with its ECN echo; a NACK for a trim before the last hop → NACK, for a
// last-hop trim → GOOD, or ECN when the trimmed packet carried CE; a timeout → TIMEOUT "with the
// entropy of the lost packet". Each reaches the flow's own slot once, with the EV the packet it
// concerns carried (not the flow's latest), at the fabric's time in ns; every packet, a
// retransmission too, takes its EV from choosePath.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SpritzScout } from "../../lib/lb/spritz/spritz";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import type { LbTable, Transport } from "./adapters";
import { Flag, P, type PacketPool } from "./packets";

/** The fabric's members this test reads (private, reached on purpose). */
interface Inside {
  flows: number;
  now: number;
  nowNs: number;
  dataSent: number;
  retransmissions: number;
  timeouts: number;
  nacks: number;
  lbOf: LbTable[];
  lbSlot: Int32Array;
  flowSrc: Int32Array;
  flowDst: Int32Array;
  transport: Transport;
  moduleErrors(): number;
  run(): void;
}

const GOOD = 0;
const ECN = 1;
const NACK = 2;
const TIMEOUT = 3;

interface Audit {
  /** Feedback calls by kind, GOOD … TIMEOUT. */
  kinds: number[];
  /** ACKs and trim NACKs the transport took, timeouts it declared. */
  acks: number;
  nacks: number;
  timeouts: number;
  /** choosePath calls, and the data packets the fabric sent. */
  chosen: number;
  sent: number;
  retransmissions: number;
  /** Feedback with a full EV above 16 bits (Spritz VLAN's category). */
  tagged: number;
  moduleErrors: number;
  flowsDone: number;
  flows: number;
  /** Every departure from the rules above, as a message. */
  wrong: string[];
}

/**
 * Runs `s` with every load-balancer call and every transport event that must cause one watched:
 * the transport's onAck (an ACK it took), onNack (a trim NACK it took: 1) and onTimer (a timeout:
 * 1) each expect exactly one feedback call next, for the same flow's slot, with the expected EV
 * and kind, before anything else happens.
 */
function audit(s: Scenario): Audit {
  const b = build(s);
  const fab = b.fabric as unknown as Inside;
  const tr = fab.transport;
  const a: Audit = { kinds: [0, 0, 0, 0], acks: 0, nacks: 0, timeouts: 0, chosen: 0, sent: 0, retransmissions: 0, tagged: 0, moduleErrors: 0, flowsDone: 0, flows: fab.flows, wrong: [] };
  const flowOf = new Map<LbTable, Map<number, number>>();
  for (let f = 0; f < fab.flows; f++) {
    const t = fab.lbOf[f];
    if (!flowOf.has(t)) flowOf.set(t, new Map());
    const slots = flowOf.get(t) as Map<number, number>;
    if (slots.has(fab.lbSlot[f])) a.wrong.push(`flows ${slots.get(fab.lbSlot[f])} and ${f} share slot ${fab.lbSlot[f]} of one table`);
    slots.set(fab.lbSlot[f], f);
  }
  // Every (flow, PSN)'s EVs as sent (16 bits, as the transport takes them), and the flow's last full EV.
  const sentEvs = new Map<number, Set<number>>();
  const lastFull = new Int32Array(fab.flows);
  let pendingChoice = -1;
  let expect: { f: number; ev: number; kind: number } | null = null;
  const miss = () => {
    if (expect !== null) a.wrong.push(`flow ${expect.f}: no feedback for EV ${expect.ev}, kind ${expect.kind}`);
    expect = null;
  };
  const heard = (t: LbTable, slot: number, nowNs: number, ev: number, kind: number) => {
    a.kinds[kind]++;
    if (ev > 0xffff) a.tagged++;
    const f = flowOf.get(t)?.get(slot);
    if (nowNs !== Math.floor(fab.now / 1000)) a.wrong.push(`feedback at ${nowNs} ns, the fabric's clock at ${fab.now} ps`);
    if (expect === null) a.wrong.push(`flow ${f}: feedback (EV ${ev}, kind ${kind}) no ACK, NACK or timeout caused`);
    else if (expect.f !== f || expect.ev !== ev || expect.kind !== kind) a.wrong.push(`flow ${f}: feedback (EV ${ev}, kind ${kind}), expected flow ${expect.f} (EV ${expect.ev}, kind ${expect.kind})`);
    expect = null;
  };
  for (const t of flowOf.keys()) {
    const lb = t as LbTable & { choosePath(slot: number, nowNs: number, psn: number): number };
    const choose = lb.choosePath.bind(lb);
    lb.choosePath = (slot, nowNs, psn) => {
      miss();
      a.chosen++;
      const ev = choose(slot, nowNs, psn);
      pendingChoice = ev;
      lastFull[flowOf.get(t)?.get(slot) as number] = ev;
      return ev;
    };
    const fb = lb.onPathFeedback.bind(lb);
    lb.onPathFeedback = (slot, nowNs, ev, kind) => {
      heard(t, slot, nowNs, ev, kind);
      return fb(slot, nowNs, ev, kind);
    };
    if (lb.onTimeoutRtt !== undefined) {
      const tm = lb.onTimeoutRtt.bind(lb);
      lb.onTimeoutRtt = (slot, nowNs, ev, rtt) => {
        heard(t, slot, nowNs, ev, TIMEOUT);
        return tm(slot, nowNs, ev, rtt);
      };
    }
    if (lb.onPathFeedbackRtt !== undefined) {
      const fr = lb.onPathFeedbackRtt.bind(lb);
      lb.onPathFeedbackRtt = (slot, nowNs, ev, kind, rtt) => {
        heard(t, slot, nowNs, ev, kind);
        return fr(slot, nowNs, ev, kind, rtt);
      };
    }
  }
  const next = tr.nextPacket.bind(tr);
  tr.nextPacket = (f, nowNs, ev) => {
    if (pendingChoice < 0 || (pendingChoice & 0xffff) !== ev) a.wrong.push(`flow ${f}: a packet sent on EV ${ev} that choosePath did not just give`);
    pendingChoice = -1;
    const r = next(f, nowNs, ev);
    a.sent++;
    if ((r & 2) !== 0) a.retransmissions++;
    const key = f * 2 ** 32 + tr.psn;
    let evs = sentEvs.get(key);
    if (evs === undefined) sentEvs.set(key, (evs = new Set()));
    evs.add(ev);
    return r;
  };
  const onAck = tr.onAck.bind(tr);
  tr.onAck = (f, nowNs, pool: PacketPool, h) => {
    miss();
    const r = onAck(f, nowNs, pool, h);
    if (r >= 0) {
      a.acks++;
      expect = { f, ev: pool.i32[(h << 4) + P.Ev], kind: (pool.i32[(h << 4) + P.Flags] & Flag.Ce) !== 0 ? ECN : GOOD };
    }
    return r;
  };
  const onNack = tr.onNack.bind(tr);
  tr.onNack = (f, nowNs, pool: PacketPool, h) => {
    miss();
    const r = onNack(f, nowNs, pool, h);
    if (r === 1) {
      a.nacks++;
      const flags = pool.i32[(h << 4) + P.Flags];
      const kind = (flags & Flag.LastHop) === 0 ? NACK : (flags & Flag.Ce) !== 0 ? ECN : GOOD;
      expect = { f, ev: pool.i32[(h << 4) + P.Ev], kind };
    }
    return r;
  };
  const onTimer = tr.onTimer.bind(tr);
  tr.onTimer = (f, nowNs) => {
    miss();
    const r = onTimer(f, nowNs);
    if (r === 1) {
      a.timeouts++;
      // The lost packet's EV when the transport names it (then it must be one that PSN was sent
      // on), else any the flow issued (lib/lb/feedback.ts): the fabric gives the latest. A
      // category (bits 16–17) rides with the flow's latest.
      if (tr.ev >= 0 && !(sentEvs.get(f * 2 ** 32 + tr.psn)?.has(tr.ev) ?? false)) a.wrong.push(`flow ${f}: timeout names EV ${tr.ev}, never sent for PSN ${tr.psn}`);
      expect = { f, ev: tr.ev >= 0 ? tr.ev | (lastFull[f] & ~0xffff) : lastFull[f], kind: TIMEOUT };
    }
    return r;
  };
  fab.run();
  miss();
  a.moduleErrors = fab.moduleErrors();
  a.flowsDone = b.fabric.flowsDoneTx;
  return a;
}

const fatTree = (lb: string, extra: Partial<Scenario> = {}): Scenario => ({
  ...DEFAULT_SCENARIO,
  name: `lb feedback ${lb}`,
  transport: { ...DEFAULT_SCENARIO.transport, lb: { name: lb } },
  traffic: [
    { kind: "incast", senders: 6, receiver: 0, bytes: 200_000 },
    { kind: "permutation", bytes: 100_000 },
  ],
  ...extra,
});

const dragonfly = (lb: string): Scenario => ({
  name: `lb feedback ${lb}`,
  seed: 1,
  topology: { kind: "dragonfly", p: 2, a: 4, h: 2, linkGbps: 100, latencyNs: 100 },
  network: { routing: "spritz" },
  transport: { cc: { name: "nscc" }, lb: { name: lb }, reliability: { name: "rud" } },
  traffic: [{ kind: "adversarial", bytes: 150_000 }],
});

function sound(what: string, a: Audit): void {
  assert.equal(a.wrong.slice(0, 5), [], what);
  assert.is(a.moduleErrors, 0, `${what}: a module refused a call`);
  assert.is(a.flowsDone, a.flows, `${what}: flows left open`);
  // Exactly once: as many feedback calls as ACKs, trim NACKs and timeouts the transport took.
  assert.is(a.kinds.reduce((x, y) => x + y, 0), a.acks + a.nacks + a.timeouts, what);
  // A fresh EV for every data packet, a retransmission too (Alg. 2 of REPS; Spritz Alg. 1).
  assert.is(a.chosen, a.sent, `${what}: choosePath calls against data packets sent`);
}

test("REPS with trimming: every ACK and trim NACK reaches the flow's slot once, with its packet's EV and its UEC §3.6.12 kind", () => {
  const a = audit(fatTree("reps"));
  sound("reps", a);
  assert.ok(a.acks > 0 && a.nacks > 0 && a.retransmissions > 0, JSON.stringify(a));
  // Both kinds of trim occur in an incast: NACKs before the last hop, and last-hop ones heard as GOOD or ECN.
  assert.ok(a.kinds[NACK] > 0 && a.kinds[NACK] < a.nacks, `${a.kinds[NACK]} NACK feedbacks of ${a.nacks} trim NACKs`);
});

test("REPS without trimming: every timeout reaches REPS once (onTimeoutRtt), with the EV the lost packet was sent on", () => {
  const a = audit(fatTree("reps", { network: { ...DEFAULT_SCENARIO.network, trimming: false } }));
  sound("reps, no trimming", a);
  assert.ok(a.timeouts > 0 && a.kinds[TIMEOUT] === a.timeouts && a.nacks === 0, JSON.stringify(a));
});

test("PLB, flowlet, ECMP and OPS hear the same feedback, once per event", () => {
  for (const lb of ["plb", "flowlet", "ecmp", "ops"]) sound(lb, audit(fatTree(lb)));
});

test("Spritz Scout, Spray and VLAN on a Dragonfly: once per event, the VLAN balancer with its category bits", () => {
  for (const lb of ["spritz-scout", "spritz-spray"]) sound(lb, audit(dragonfly(lb)));
  const vlan = audit(dragonfly("spritz-vlan"));
  sound("spritz-vlan", vlan);
  const heard = vlan.kinds.reduce((x, y) => x + y, 0);
  // Every flow of the adversarial pattern leaves its switch, so every EV it is given is tagged 1 or 2.
  assert.is(vlan.tagged, heard, `${vlan.tagged} of ${heard} feedbacks carried the category`);
});

test("a load-balancer slot per flow; Spritz: a table per source switch, each flow opened on its destination switch's path list", () => {
  const b = build(dragonfly("spritz-scout"));
  const fab = b.fabric as unknown as Inside;
  const ld = b.topology.ld;
  assert.ok(ld);
  const seen = new Set<string>();
  for (let f = 0; f < fab.flows; f++) {
    const scout = fab.lbOf[f] as unknown as SpritzScout;
    const slot = fab.lbSlot[f];
    const key = `${scout.table.srcSwitch}:${slot}`;
    assert.not.ok(seen.has(key), `flow ${f} shares ${key}`);
    seen.add(key);
    assert.is(scout.table.srcSwitch, ld.switchOf(fab.flowSrc[f]), `flow ${f}: table of its source switch`);
    assert.is(scout.pathCount(slot), scout.table.pathCount(ld.switchOf(fab.flowDst[f])), `flow ${f}: its destination switch's paths`);
  }
  // Flows of one host to different destinations have their own REPS slots (REPS Table 1: per connection).
  const r = build(fatTree("reps"));
  const rf = r.fabric as unknown as Inside;
  const slots = new Set<number>();
  for (let f = 0; f < rf.flows; f++) slots.add(rf.lbSlot[f]);
  assert.is(slots.size, rf.flows);
  assert.is(new Set(rf.lbOf).size, 1);
});

// Spritz §IV-C: "Throughout this work … we assume the use of per-packet acknowledgments. This
// design ensures that the sender is continuously supplied with up-to-date information on the
// network status"; Alg. 2/3 act on "each sent packet" (ACK, ACK with ECN, NACK, timeout). PLB
// judges a round by the fraction of CE-marked packets (lib/lb/plb: "each feedback is one
// delivered packet"; Linux tcp_plb takes DCTCP's delivered_ce / delivered). A coalesced ACK
// (16 KiB, uet-htsim's default) carries one EV and the CE bit of the packet that sent it, and a
// CE packet is ACKed at once: under NSCC the balancer heard about one packet in four, the
// marked ones each (harness/scenario/build.ts defaultAckEveryBytes).
test("PLB and the Spritz balancers hear every data packet: with no ackEveryBytes given, the receiver ACKs each one (Spritz §IV-C; PLB's CE fraction is of packets)", () => {
  const s = (lb: string, traffic: Scenario["traffic"], topology?: Scenario["topology"]): Scenario => ({
    ...DEFAULT_SCENARIO,
    name: `per-packet feedback ${lb}`,
    ...(topology ? { topology, network: { routing: "spritz" } } : {}),
    transport: { cc: { name: "nscc" }, lb: { name: lb }, reliability: { name: "rud" } },
    traffic,
  });
  const one: Scenario["traffic"] = [{ kind: "flows", flows: [{ src: 0, dst: 15, bytes: 400_000 }] }];
  const df: Scenario["topology"] = { kind: "dragonfly", p: 2, a: 4, h: 2, linkGbps: 100, latencyNs: 100 };
  const dfOne: Scenario["traffic"] = [{ kind: "flows", flows: [{ src: 0, dst: 15, bytes: 400_000 }] }];
  const cases: [string, Scenario][] = [
    ["plb", s("plb", one)],
    ["spritz-scout", s("spritz-scout", dfOne, df)],
    ["spritz-spray", s("spritz-spray", dfOne, df)],
    ["spritz-vlan", s("spritz-vlan", dfOne, df)],
  ];
  for (const [lb, sc] of cases) {
    const b = build(sc);
    assert.is(b.ctx.ackEveryBytes, 0, `${lb}: ACK coalescing by default`);
    // One uncongested flow: every data packet is acknowledged, by its own ACK.
    const fab = b.fabric as unknown as Inside;
    const t = fab.lbOf[0];
    let heard = 0;
    const fb = t.onPathFeedback.bind(t);
    t.onPathFeedback = (slot, nowNs, ev, kind) => {
      heard++;
      return fb(slot, nowNs, ev, kind);
    };
    if (t.onPathFeedbackRtt !== undefined) {
      const fr = t.onPathFeedbackRtt.bind(t);
      t.onPathFeedbackRtt = (slot, nowNs, ev, kind, rtt) => {
        heard++;
        return fr(slot, nowNs, ev, kind, rtt);
      };
    }
    fab.run();
    assert.is(fab.retransmissions, 0, lb);
    assert.is(heard, fab.dataSent, `${lb}: feedback for ${heard} of ${fab.dataSent} data packets`);
  }
});

test.run();
