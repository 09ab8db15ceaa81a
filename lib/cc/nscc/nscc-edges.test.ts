// Edges of NSCC that nscc.test.ts and the vectors passed over, found by the arith mutation pass
// (docs/mutation-testing.md): the floor of the QuickAdapt threshold against the Q8 average, the
// smartt loop's QuickAdapt test of an ACK's own delay sample, and the sampling scale (§III-G) of
// the smartt loop's fair and proportional increases.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { NSCC_FAIR, NSCC_FULFILL, NSCC_PROPORTIONAL, NSCC_QUICK_ADAPT, NSCC_SAMPLED_OUT } from "./nscc";
import { resolveNsccParams } from "./params";
import { MTU, smartt, uec } from "./test-support";

// uec: 100 Gb/s, 14 µs (as nscc.test.ts): target 0.75 × 14,000 = 10,500 ns, maxWnd 1.5 × 175,000 = 262,500 B.
// smartt: 100 Gb/s, 12 µs: BDP 150,000 B = base_BDP, so scaling_a = 1; target 0.5 × 12,000 = 6,000 ns;
// maxWnd 225,000 B; fi = 5 × MSS × a = 5 × 4086 = 20,430 B; eq. (3) step = mtu × base × a / target
// = 4150 × 12,000 / 6000 = 8,300 B; per-path scaling by 12,000 / 12,000 leaves both as they are.

test("without an RTT sample QuickAdapt tests avg > floor(256 × qaThresholdNs) in Q8, not its ceiling", () => {
  // README "Arithmetic", QuickAdapt: "(without a sample: avg > floor(256 × qaThresholdNs))".
  // qaThresholdNs 0.01: 256 × 0.01 = 2.56, floor 2 (a ceiling would be 3).
  const cc = uec({ qaThresholdNs: 0.01 });
  cc.onSend(0, 0, 50 * MTU);
  // First ACK, delay 1 ns: avg = floor(0 + (256 − 0) × 1 / 80) = floor(3.2) = 3 (Q8); the window
  // opens here and ends at 1000 + 14,000 + 10,500 = 25,500 ns.
  cc.onAck(0, 1000, 0, 14_001, false);
  assert.is(cc.avgDelayNs(0), 0); // 3 >> 8
  // No sample after the window: the Q8 average 3 > 2 triggers; the gate: achieved 2 MTU = 8,300
  // < 262,500 >> 3 = 32,812, so cwnd = achieved × 1 = 8,300 B.
  assert.is(cc.onAck(0, 25_501, 2 * MTU, 0, false), NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), 2 * MTU);
});

test("smartt: QuickAdapt fires on the ACK's own delay sample above qaThresholdNs, not on the average", () => {
  // smartt without trimming: target 0.5 × 12,000 = 6,000 ns, qa_threshold 4 × target = 24,000 ns,
  // gate maxWnd >> 3 = 225,000 >> 3 = 28,125 B (README "Profiles").
  const p = resolveNsccParams({ profile: "smartt", linkGbps: 100, baseRttNs: 12_000, mtuBytes: MTU, trimming: false });
  assert.is(p.targetDelayNs, 6000);
  assert.is(p.qaThresholdNs, 24_000);
  const cc = smartt({ trimming: false });
  cc.onSend(0, 0, 50 * MTU);
  cc.onAck(0, 1000, 0, 12_000, false); // opens the window: ends at 1000 + 12,000 + 6000 = 19,000
  // Alg. 2: now ≥ end ends it. Delay 24,001 > 24,000 triggers, though the average, floor(24,001 ×
  // 256 / 80) = 76,803 in Q8 (300 ns), is far below the threshold. achieved 8,300 < 28,125:
  // cwnd = 8,300 B.
  assert.is(cc.onAck(0, 19_000, 2 * MTU, 12_000 + 24_001, false), NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), 2 * MTU);
});

test("smartt sampling (§III-G): the sampled fair ACK adds fi × acked × sampleEvery", () => {
  const cc = smartt({ sampleEvery: 2, initCwndBytes: 100_000 });
  assert.is(cc.onAck(0, 1000, MTU, 18_000, false), NSCC_SAMPLED_OUT);
  // Delay 18,000 − 12,000 = 6,000 = target: eq. (2), n = 4150 × 2 = 8,300,
  // inc = 20,430 × 8,300 = 169,569,000; per-packet fulfill: q = floor(169,569,000 / 100,000) = 1,695,
  // remainder 169,569,000 − 1,695 × 100,000 = 69,000 carried.
  assert.is(cc.onAck(0, 2000, MTU, 18_000, false), NSCC_FAIR | NSCC_FULFILL);
  assert.is(cc.cwndBytes(0), 101_695);
  assert.is(cc.pendingIncrease(0), 69_000);
});

test("smartt sampling (§III-G): the sampled proportional ACK runs eq. (3) + eq. (2) on acked × sampleEvery", () => {
  const cc = smartt({ sampleEvery: 2, initCwndBytes: 100_000 });
  assert.is(cc.onAck(0, 1000, MTU, 14_000, false), NSCC_SAMPLED_OUT);
  // Delay 2,000: below the target 6,000, not below the FastIncrease 1,000 ns. n = 8,300.
  // r = floor((6000 − 2000) × 65536 / (12,000 + 2000)) = floor(18,724.57) = 18,724;
  // eq. (3) = floor(8,300 × 8,300 × 18,724 / 65536) = floor(19,682,256.47) = 19,682,256 (below the cap
  // n × cwnd = 830,000,000); eq. (2) = 20,430 × 8,300 = 169,569,000; inc = 189,251,256;
  // q = floor(189,251,256 / 100,000) = 1,892, remainder 51,256.
  assert.is(cc.onAck(0, 2000, MTU, 14_000, false), NSCC_PROPORTIONAL | NSCC_FULFILL);
  assert.is(cc.cwndBytes(0), 101_892);
  assert.is(cc.pendingIncrease(0), 51_256);
});

test.run();
