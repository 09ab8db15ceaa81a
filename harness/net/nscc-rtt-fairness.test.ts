// SMaRTT §III-C (Fig. 6) and §III-J "Scaling": flows of different base RTT through one
// bottleneck get roughly the same throughput, because the fair increase is scaled by the path's
// BDP while the target, half of a 1-BDP queue, is the network's. Run on the default scenario's
// fabric (16-host 3-tier fat tree, k = 4, 100 Gb/s, 1 µs links, 1-BDP queues, ACKs every 16 KiB)
// with the `smartt` profile of NSCC: a same-ToR flow and a cross-core flow into host 0.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario } from "../run";
import { DEFAULT_SCENARIO } from "../scenario/default";

const MIB = 1024 * 1024;
const SAMPLE_US = 5;

/**
 * Both flows' Gb/s from the start until the last sample before the first of them completes,
 * and the ratio of their mean windows over those samples (cross-core over same-ToR).
 */
function shared(params: Record<string, unknown>) {
  const r = runScenario({
    ...DEFAULT_SCENARIO,
    name: "nscc rtt fairness",
    transport: { ...DEFAULT_SCENARIO.transport, cc: { name: "nscc", params: { profile: "smartt", ...params } } },
    // Host 1 shares host 0's ToR (2 links each way); host 8 is in another pod (6 each way).
    traffic: [{ kind: "flows", flows: [{ src: 1, dst: 0, bytes: 4 * MIB }, { src: 8, dst: 0, bytes: 4 * MIB }] }],
    metrics: { sample: { intervalUs: SAMPLE_US, flows: [0, 1] } },
  });
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, 2);
  const series = r.series;
  if (series === null) throw new Error("no samples");
  const firstUs = Math.min(...r.flows.map((f) => f.fctUs as number));
  const i = series.tUs.findIndex((t) => t > firstUs) - 1;
  assert.ok(i > 0, `samples end before the first completion at ${firstUs} µs`);
  const [local, remote] = series.flows.map((f) => (f.deliveredBytes[i] * 8) / (series.tUs[i] * 1000));
  const [wLocal, wRemote] = series.flows.map((f) => (f.level.slice(0, i + 1) as number[]).reduce((a, w) => a + w, 0) / (i + 1));
  const windows = wRemote / wLocal;
  return { local, remote, windows, what: `same-ToR ${local.toFixed(1)} Gb/s, cross-core ${remote.toFixed(1)} Gb/s until ${series.tUs[i]} µs; windows ${windows.toFixed(2)}:1` };
}

test("Fig. 6 under smartt: a same-ToR and a cross-core flow into one host share its link within the factor the 1-BDP queue allows", () => {
  // Base RTTs here: 4 × 1 µs + serialisation ≈ 4.67 µs and 12 µs + serialisation ≈ 14.02 µs, the
  // figure's 3×. Fig. 6: with fair increase the windows converge in proportion to the base RTTs,
  // w_remote / w_local = b_r / b_l = 3. Both flows see the same queue delay q at host 0's
  // downlink, so the throughput ratio is (w_r / (b_r + q)) / (w_l / (b_l + q)) = 3 (b_l + q) /
  // (b_r + q): 1 with no queue (the paper's "roughly similar"), 1.67 at the 7.01 µs target, and
  // at most 3 × (4.67 + 14.02) / (14.02 + 14.02) = 2.0 with the 1-BDP queue full (14.02 µs of
  // 100 Gb/s). So the cross-core flow may lead, by less than 2×, and the link stays full.
  // Measured 2026-12-04 (seeds 1–3 alike): 36.3 and 61.7 Gb/s (1.70×), windows 3.0:1; with the
  // target scaled by the flow's base RTT as well (perPathTarget, smartt's behaviour until then:
  // targets 2,336 and 7,011 ns, the same-ToR flow above its own at a queue the other finds below
  // its) 15.7 and 82.1 Gb/s (5.2×), windows 8.6:1; without per-path scaling at all, 44.6 and
  // 53.5, windows 2.1:1.
  const s = shared({});
  assert.ok(s.remote < 2 * s.local && s.local < 2 * s.remote, s.what);
  assert.ok(s.windows > 2.4 && s.windows < 3.6, `Fig. 6: windows in proportion to the base RTTs (3×, ± 20 %): ${s.what}`);
  assert.ok(s.local + s.remote > 90, `the link is not kept full: ${s.what}`);
  // The old scaling of the target, still available by name, breaks the bound.
  const scaled = shared({ perPathTarget: true });
  assert.ok(scaled.remote > 2 * scaled.local, scaled.what);
});

test.run();
