// The LB decision counts (results.json totals.lb, the summary's "LB decisions" line): each
// expectation argued from the algorithms (lib/lb/reps, plb, flowlet and spritz READMEs), not read off a run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Ecmp } from "../../lib/lb/ecmp/ecmp";
import { ECN, GOOD, TIMEOUT } from "../../lib/lb/feedback";
import { Flowlet } from "../../lib/lb/flowlet/flowlet";
import { Ops } from "../../lib/lb/ops/ops";
import { Plb } from "../../lib/lb/plb/plb";
import { Reps } from "../../lib/lb/reps/reps";
import { SpritzScout, SpritzSpray } from "../../lib/lb/spritz/spritz";
import { SpritzVlan } from "../../lib/lb/spritz/vlan";
import { runScenario } from "../run";
import { DEFAULT_SCENARIO, defaultWith } from "../scenario/default";
import { lbDecisionLine, lbDecisions } from "./lb-decisions";
import { summary } from "./results";

test("REPS's counters by name, summed over its tables; load balancers without counters add nothing", () => {
  // Table a: 2 EVs with nothing cached (random 2); EV 7 cached and used (recycled 1); a timeout
  // with trimming freezes (freeze 1); frozen with nothing valid, the entry at head again (stale 1).
  const a = new Reps({ freezeTimeoutNs: 1000 }, 1);
  a.open(0);
  a.choosePath(0, 0, 0);
  a.choosePath(0, 0, 1);
  a.onPathFeedback(0, 1, 7, GOOD);
  assert.is(a.choosePath(0, 2, 2), 7);
  a.onPathFeedback(0, 3, 8, TIMEOUT);
  a.choosePath(0, 4, 3);
  // Table b: a good ACK after the exit (3 + 1000) unfreezes (unfreeze 1) and caches 9; the
  // window's first packet, counter 37 − 1 = 36 not a multiple of 8, takes 9 (recycled 2).
  const b = new Reps({ freezeTimeoutNs: 1000 }, 1);
  b.open(0);
  b.onPathFeedback(0, 3, 8, TIMEOUT);
  b.onPathFeedback(0, 1004, 9, GOOD);
  assert.is(b.choosePath(0, 1005, 0), 9);
  const e = new Ecmp({}, 1);
  assert.equal(lbDecisions([{ lb: a }, { lb: e }, { lb: b }]), {
    REPS_FREEZE: 2,
    REPS_UNFREEZE: 1,
    REPS_EV_RANDOM: 2,
    REPS_EV_EXPLORED: 0,
    REPS_EV_RECYCLED: 2,
    REPS_EV_STALE: 1,
  });
  assert.equal(lbDecisions([{ lb: e }]), {});
  assert.is(lbDecisionLine(lbDecisions([{ lb: a }, { lb: b }])), "LB decisions: reps FREEZE 2, UNFREEZE 1, EV_RANDOM 2, EV_RECYCLED 2, EV_STALE 1");
  assert.is(lbDecisionLine({}), null);
  assert.is(lbDecisionLine(undefined), null);
});

test("PLB's rounds and re-paths by cause, flowlet's EVs by decision; each module's names only when it has a table", () => {
  // PLB, N = 1, rounds of 100 ns: the GOOD at 0 opens the first round; the ECN at 100 judges it,
  // 1 marked of 2 ≥ K = 0.5, congested, count 1 = N: a congestion re-path; the GOOD at 200
  // judges a clean round (0 of 1); the TIMEOUT at 250 re-paths at once. No idle rule fired (no
  // send), no pause held anything (suspendAfterTimeoutNs 0).
  const p = new Plb({ roundNs: 100, rehashRounds: 1 }, 1);
  p.open(0);
  p.onPathFeedback(0, 0, p.ev(0), GOOD);
  p.onPathFeedback(0, 100, p.ev(0), ECN);
  p.onPathFeedback(0, 200, p.ev(0), GOOD);
  p.onPathFeedback(0, 250, p.ev(0), TIMEOUT);
  // Flowlet, gap 100 ns: the first send has no clock (kept), 50 ns later no gap (kept), 150 ns
  // later a gap past 100 (a new flowlet); no minRerouteNs, so nothing held.
  const f = new Flowlet({ gapNs: 100 }, 1);
  f.open(0);
  f.choosePath(0, 0, 0);
  f.choosePath(0, 50, 1);
  f.choosePath(0, 200, 2);
  const o = new Ops({}, 1);
  const total = lbDecisions([{ lb: o }, { lb: p }, { lb: f }]);
  assert.equal(total, {
    PLB_ROUND_END: 2,
    PLB_CONGESTED_ROUND: 1,
    PLB_REPATH_CONGESTED: 1,
    PLB_REPATH_IDLE: 0,
    PLB_REPATH_TIMEOUT: 1,
    PLB_REPATH_HELD: 0,
    FLOWLET_EV_NEW: 1,
    FLOWLET_EV_HELD: 0,
    FLOWLET_EV_KEPT: 2,
  });
  assert.is(lbDecisionLine(total), "LB decisions: plb ROUND_END 2, CONGESTED_ROUND 1, REPATH_CONGESTED 1, REPATH_TIMEOUT 1; flowlet EV_NEW 1, EV_KEPT 2");
  assert.equal(lbDecisions([{ lb: o }]), {});
});

test("a run: PLB re-paths on every timeout the fabric passes it; flowlet counts every data packet's EV once", () => {
  // The REPS run's two dead cables below, no trimming: flows time out. The fabric hands each
  // timeout to the flow's LB as TIMEOUT (net/fabric.ts timer), and PLB's repathOnTimeout
  // (default true) re-paths on each, so PLB_REPATH_TIMEOUT = totals.timeouts. A round is judged
  // congested only among the rounds judged. Flowlet's choosePath runs once per data packet sent,
  // new or resent, and each EV counts under exactly one of its three names.
  const run = (lb: { name: "plb" | "flowlet"; params?: Record<string, unknown> }) =>
    runScenario(defaultWith("lb", [{ kind: "permutation", bytes: 400_000 }], {
      network: { ...DEFAULT_SCENARIO.network, trimming: false },
      transport: { cc: { name: "nscc" }, lb, reliability: { name: "rud" } },
      faults: [{ kind: "down", links: [{ switch: 0, port: 2 }, { switch: 8, port: 2 }] }],
      run: { faultBaseline: false, endUs: 100_000 },
    }));
  const plb = run({ name: "plb" });
  assert.ok(plb.integrity.ok, plb.integrity.violations.join("\n"));
  const p = plb.totals.lb as Record<string, number>;
  assert.ok(plb.totals.timeouts > 0, "the dead cables cause timeouts");
  assert.is(p.PLB_REPATH_TIMEOUT, plb.totals.timeouts);
  assert.ok(p.PLB_CONGESTED_ROUND <= p.PLB_ROUND_END && p.PLB_ROUND_END > 0);
  assert.match(summary(plb), new RegExp(`LB decisions: plb ROUND_END ${p.PLB_ROUND_END}`));
  // Send mode, and feedback mode with a 100 µs hold after each flowlet (the REPS artifact's variant).
  for (const params of [{}, { gapFrom: "feedback", minRerouteNs: 100_000 }]) {
    const r = run({ name: "flowlet", params });
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    const f = r.totals.lb as Record<string, number>;
    assert.is(f.FLOWLET_EV_NEW + f.FLOWLET_EV_HELD + f.FLOWLET_EV_KEPT, r.totals.dataPackets, JSON.stringify(params));
    assert.ok(f.FLOWLET_EV_NEW > 0, "the dead cables' timeouts leave gaps");
    if (params.minRerouteNs === undefined) assert.is(f.FLOWLET_EV_HELD, 0, "no hold without minRerouteNs");
  }
});

test("a run: every data packet's EV counted once; REPS freezes around dead links only with freezing on", () => {
  // Two cables down from t = 0, no trimming: a timeout after low RTTs is a failure (Appendix A),
  // so REPS freezes (faults.test.ts: fewer packets lost with freezing on). choosePath runs once
  // per data packet sent, new or resent (net/fabric.ts sendData): the four EV counts sum to
  // totals.dataPackets. With freezing off nothing freezes, so nothing unfreezes, no exploration
  // window opens and no EV is reused stale.
  const run = (freezing: boolean) =>
    runScenario(defaultWith("lb", [{ kind: "permutation", bytes: 400_000 }], {
      network: { ...DEFAULT_SCENARIO.network, trimming: false },
      transport: { cc: { name: "nscc" }, lb: { name: "reps", params: { freezing } }, reliability: { name: "rud" } },
      faults: [{ kind: "down", links: [{ switch: 0, port: 2 }, { switch: 8, port: 2 }] }],
      run: { faultBaseline: false, endUs: 100_000 },
    }));
  for (const freezing of [true, false]) {
    const r = run(freezing);
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    const lb = r.totals.lb as Record<string, number>;
    assert.is(lb.REPS_EV_RANDOM + lb.REPS_EV_EXPLORED + lb.REPS_EV_RECYCLED + lb.REPS_EV_STALE, r.totals.dataPackets, `freezing ${freezing}`);
    if (freezing) {
      assert.ok(lb.REPS_FREEZE > 0, "the dead links freeze REPS");
      assert.match(summary(r), new RegExp(`LB decisions: reps FREEZE ${lb.REPS_FREEZE}`));
    } else assert.equal([lb.REPS_FREEZE, lb.REPS_UNFREEZE, lb.REPS_EV_EXPLORED, lb.REPS_EV_STALE], [0, 0, 0, 0]);
  }
  // ECMP counts nothing (nor does OPS): totals.lb is empty and the summary has no LB line.
  const ecmp = runScenario(defaultWith("ecmp", [{ kind: "flows", flows: [{ src: 0, dst: 15, bytes: 10_000 }] }], {}, "ecmp"));
  assert.equal(ecmp.totals.lb, {});
  assert.not.match(summary(ecmp), /LB decisions/);
});

test("Spritz's counters by name, Scout's and Spray's tables summed; the VLAN mode's its own", () => {
  // The small Dragonfly of the Spritz tests (p=1, a=4, h=2), a flow to switch 13 (another group).
  // Scout: an empty buffer, gen(w) (sampled 1); GOOD caches the EV (cached 1); the front, kept
  // (reused 1). Spray: GOOD caches (cached 2); the front, removed (reused 2); empty again, gen(w)
  // (sampled 2). Nothing removed, blocked or biased; the timer never armed.
  const small = { topology: "dragonfly" as const, p: 1, a: 4, h: 2 };
  const scout = new SpritzScout(small, 1);
  scout.open(0, 13);
  const ev = scout.pathEv(0, 0);
  scout.choosePath(0, 0, 0);
  scout.onPathFeedback(0, 1, ev, GOOD);
  assert.is(scout.choosePath(0, 2, 1), ev);
  const spray = new SpritzSpray(small, 1);
  spray.open(0, 13);
  spray.onPathFeedback(0, 1, ev, GOOD);
  assert.is(spray.choosePath(0, 2, 0), ev);
  spray.choosePath(0, 3, 1);
  // VLAN mode: an empty ring, a fresh pair (sampled 1, one category); GOOD caches it (cached 1);
  // the front, used once (reused 1); empty again, a fresh pair (sampled 2, one category).
  const vlan = new SpritzVlan(small, 1);
  vlan.open(0, 13);
  const pair = vlan.choosePath(0, 0, 0);
  vlan.onPathFeedback(0, 1, pair, GOOD);
  assert.is(vlan.choosePath(0, 2, 1), pair);
  vlan.choosePath(0, 3, 2);
  assert.is(vlan.evsMinimal + vlan.evsNonMinimal, 2, "each fresh pair in one category");
  const total = lbDecisions([{ lb: scout }, { lb: vlan }, { lb: spray }]);
  assert.equal(total, {
    SPRITZ_EV_EXPLORED: 0,
    SPRITZ_EV_SAMPLED: 4,
    SPRITZ_EV_REUSED: 3,
    SPRITZ_CACHED: 3,
    SPRITZ_REMOVED_ECN: 0,
    SPRITZ_REMOVED_NACK: 0,
    SPRITZ_REMOVED_TIMEOUT: 0,
    SPRITZ_BLOCKED: 0,
    SPRITZ_BLOCK_EVICTED: 0,
    SPRITZ_BIASED: 0,
    SPRITZ_RESTORED: 0,
    SPRITZ_VLAN_MINIMAL: vlan.evsMinimal,
    SPRITZ_VLAN_NON_MINIMAL: vlan.evsNonMinimal,
  });
  assert.match(lbDecisionLine(total) as string, /^LB decisions: spritz EV_SAMPLED 4, EV_REUSED 3, CACHED 3/);
  assert.equal(Object.keys(lbDecisions([{ lb: vlan }])), ["SPRITZ_EV_EXPLORED", "SPRITZ_EV_SAMPLED", "SPRITZ_EV_REUSED", "SPRITZ_CACHED", "SPRITZ_VLAN_MINIMAL", "SPRITZ_VLAN_NON_MINIMAL", "SPRITZ_BIASED", "SPRITZ_RESTORED"]);
});

test("a Spritz run: totals.lb carries the SPRITZ_ names; every data packet's EV counted once, one in 7 of a flow's sends explored", () => {
  // A Dragonfly (p=2, a=4, h=2: 72 hosts) under Spritz routing, a 400 KB permutation, two cables
  // down from t = 0, trimming on: flows see NACKs and time out on the dead paths. choosePath runs
  // once per data packet sent, new or resent (net/fabric.ts sendData), so the three EV counts sum
  // to totals.dataPackets. Alg. 1 with explore_threshold 5, Table II's 0.5 BDP of this network
  // (net/registry.ts: RTT 3,549.6 ns × 100 Gb/s = 44,370 B = 10.7 packets → 11, ⌊11 / 2⌋ = 5):
  // packet_count runs 1 … 6 and the 7th send explores, so a flow of n sends explores ⌊n / 7⌋ times; a flow sends
  // ⌈400,000 / (4150 − 64)⌉ = 98 packets plus its retransmissions. The fabric hands the LB each
  // NACK (NACK unless last-hop) and each timeout (TIMEOUT): Scout removes at most one EV per such
  // feedback and blocks at most one path per timeout. Spray ignores ECN and NACK and removes an
  // EV only by using it, so each use had been cached first.
  const names = [
    "SPRITZ_EV_EXPLORED", "SPRITZ_EV_SAMPLED", "SPRITZ_EV_REUSED", "SPRITZ_CACHED", "SPRITZ_REMOVED_ECN", "SPRITZ_REMOVED_NACK",
    "SPRITZ_REMOVED_TIMEOUT", "SPRITZ_BLOCKED", "SPRITZ_BLOCK_EVICTED", "SPRITZ_BIASED", "SPRITZ_RESTORED",
  ];
  for (const name of ["spritz-scout", "spritz-spray"] as const) {
    const r = runScenario({
      name: `lb decisions ${name}`,
      seed: 1,
      topology: { kind: "dragonfly", p: 2, a: 4, h: 2, linkGbps: 100, latencyNs: 100 },
      network: { routing: "spritz" },
      transport: { cc: { name: "nscc" }, lb: { name }, reliability: { name: "rud" } },
      traffic: [{ kind: "permutation", bytes: 400_000 }],
      faults: [{ kind: "down", links: [{ switch: 0, port: 2 }, { switch: 8, port: 2 }] }],
      run: { faultBaseline: false, endUs: 100_000 },
    });
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    assert.is(r.completed, r.flowsTotal);
    const lb = r.totals.lb as Record<string, number>;
    assert.equal(Object.keys(lb), names, name);
    assert.is(r.flows.reduce((n, f) => n + 98 + f.retransmissions, 0), r.totals.dataPackets, name);
    assert.is(lb.SPRITZ_EV_EXPLORED + lb.SPRITZ_EV_SAMPLED + lb.SPRITZ_EV_REUSED, r.totals.dataPackets, name);
    assert.is(lb.SPRITZ_EV_EXPLORED, r.flows.reduce((n, f) => n + Math.floor((98 + f.retransmissions) / 7), 0), name);
    assert.ok(r.totals.timeouts > 0 && r.totals.nacks > 0, "the dead cables time out, the queues trim");
    assert.ok(lb.SPRITZ_BLOCKED > 0 && lb.SPRITZ_BLOCKED <= r.totals.timeouts, name);
    if (name === "spritz-scout") {
      assert.ok(lb.SPRITZ_REMOVED_NACK > 0 && lb.SPRITZ_REMOVED_NACK <= r.totals.nacks, name);
      assert.ok(lb.SPRITZ_REMOVED_TIMEOUT <= r.totals.timeouts, name);
    } else {
      assert.equal([lb.SPRITZ_REMOVED_ECN, lb.SPRITZ_REMOVED_NACK, lb.SPRITZ_REMOVED_TIMEOUT], [0, 0, 0]);
      assert.ok(lb.SPRITZ_CACHED >= lb.SPRITZ_EV_REUSED, name);
    }
    assert.match(summary(r), new RegExp(`LB decisions: spritz EV_EXPLORED ${lb.SPRITZ_EV_EXPLORED}, EV_SAMPLED ${lb.SPRITZ_EV_SAMPLED}`));
  }
});

test.run();
