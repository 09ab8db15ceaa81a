import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import type { CcAdapter } from "./adapters";

const BASELINES = ["gbn", "irn", "rack", "timeout"] as const;

function scenario(reliability: string, cc: string, lb: string, extra: Partial<Scenario>): Scenario {
  return {
    ...DEFAULT_SCENARIO,
    name: `${reliability} ${cc} ${lb}`,
    transport: { cc: { name: cc }, lb: { name: lb }, reliability: { name: reliability } },
    ...extra,
  };
}

const lossyIncast: Partial<Scenario> = {
  network: { ...DEFAULT_SCENARIO.network, trimming: false },
  traffic: [{ kind: "incast", senders: 6, receiver: 0, bytes: 400_000 }],
};

test("every RDMA baseline recovers an incast's drops in the fabric, with integrity and no rejected call", () => {
  for (const rel of BASELINES) {
    for (const [cc, lb] of [["dcqcn", "ecmp"], ["nscc", "reps"]]) {
      const r = runScenario(scenario(rel, cc, lb, lossyIncast));
      const what = `${rel} + ${cc} + ${lb}`;
      assert.ok(r.integrity.ok, `${what}: ${r.integrity.violations.join("\n")}`);
      assert.is(r.completed, 6, what);
      assert.is(r.totals.moduleErrors, 0, what);
      assert.ok(r.totals.drops > 0, `${what}: a 6:1 incast into 1-BDP buffers without trimming drops`);
      assert.ok(r.totals.retransmissions >= r.totals.drops * 0.5, `${what}: ${r.totals.retransmissions} retransmissions for ${r.totals.drops} drops`);
      const last = Math.max(...r.flows.map((f) => f.fctUs as number));
      assert.ok(last >= (6 * 400_000 * 8) / 100 / 1000, `${what}: finished in ${last} µs, faster than the receiver's link`);
    }
  }
});

test("a window CC's inflight returns to zero when a baseline's flows complete (resent copies and timeouts released)", () => {
  for (const rel of BASELINES) {
    for (const cc of ["nscc", "aimd"]) {
      const b = build(scenario(rel, cc, "reps", lossyIncast));
      b.fabric.run();
      const ccOf = (b.fabric as unknown as { ccOf: CcAdapter[] }).ccOf;
      for (let f = 0; f < 6; f++) {
        const inflight = ccOf[f].level(f) - ccOf[f].windowLeft(f);
        assert.is(inflight, 0, `${rel} + ${cc}, flow ${f}: ${inflight} bytes still in flight after completion`);
      }
    }
  }
});

test("DCP §2.2 Issue #1 in the fabric: spraying without loss makes IRN retransmit spuriously, not DCP or timeout-only", () => {
  // PFC keeps the fabric lossless; oblivious spraying reorders a permutation's packets.
  const lossless: Partial<Scenario> = {
    seed: 3,
    network: { ...DEFAULT_SCENARIO.network, trimming: undefined, bufferBdp: undefined, pfc: { xoffBytes: 60_000 } },
    traffic: [{ kind: "permutation", bytes: 1_000_000 }],
  };
  const runs = Object.fromEntries(["dcp", "timeout", "irn", "rack"].map((rel) => [rel, runScenario(scenario(rel, "dcqcn", "ops", lossless))]));
  for (const [rel, r] of Object.entries(runs)) {
    assert.ok(r.integrity.ok, `${rel}: ${r.integrity.violations.join("\n")}`);
    assert.is(r.completed, 16, rel);
    assert.is(r.totals.drops, 0, `${rel}: PFC loses nothing`);
    assert.ok(r.metrics.outOfOrder.percent > 10, `${rel}: spraying reorders (${r.metrics.outOfOrder.percent} %)`);
  }
  assert.is(runs.dcp.metrics.retransmissions.total, 0);
  assert.is(runs.timeout.metrics.retransmissions.total, 0);
  const irn = runs.irn.metrics.retransmissions;
  // Nothing was lost, so every retransmission is unneeded; "spurious" ones resent a PSN that had already arrived.
  assert.ok(irn.total > 100 && irn.spurious >= 0.9 * irn.total, `IRN: ${JSON.stringify(irn)}`);
  assert.is(irn.timeouts, 0, "IRN's retransmissions come from NACKs of reordered packets, not timeouts");
  // RACK's reordering window absorbs most of the reordering IRN takes for loss.
  assert.ok(runs.rack.metrics.retransmissions.spurious < irn.spurious / 2, `RACK ${runs.rack.metrics.retransmissions.spurious} vs IRN ${irn.spurious}`);
});

test.run();
