// The LB decision counts (results.json totals.lb, the summary's "LB decisions" line): each
// expectation argued from REPS's algorithms (lib/lb/reps/README.md), not read off a run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Ecmp } from "../../lib/lb/ecmp/ecmp";
import { GOOD, TIMEOUT } from "../../lib/lb/feedback";
import { Reps } from "../../lib/lb/reps/reps";
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
  // ECMP counts nothing: totals.lb is empty and the summary has no LB line.
  const ecmp = runScenario(defaultWith("ecmp", [{ kind: "flows", flows: [{ src: 0, dst: 15, bytes: 10_000 }] }], {}, "ecmp"));
  assert.equal(ecmp.totals.lb, {});
  assert.not.match(summary(ecmp), /LB decisions/);
});

test.run();
