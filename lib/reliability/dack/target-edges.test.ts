// Cases of DackTarget that the vectors and target.test.ts passed over, found by the arith mutation
// pass (docs/mutation-testing.md): two packets crossing in one departure of a small packet ring
// (Fig. 1), the skip bank's bound floor(queueBytes / minPacketBytes) with a queue that is not a
// multiple of the smallest packet, coalescing that lasts past a skip the full bank could not
// take, and a skip carried within its departure after an earlier one was banked (§II-G/H,
// README "Interpretation", Fairness).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DACK_CONGESTED, DackTarget } from "./target";
import { ackText as acks } from "./test-support";

test("Fig. 1: one departure moves two packets below the threshold in a ring of 8 entries; the IACK carries the higher number", () => {
  // Queue 700 B, threshold 300 B, packets 100–300 B: the queue holds floor(700 / 100) = 7 packets,
  // so the ring has 8 entries and the eighth packet (counter 7) fills its last one.
  const t = new DackTarget({ queueBytes: 700, policyThresholdBytes: 300, maxPacketBytes: 300, minPacketBytes: 100 }, 1);
  t.open(0, 0);
  // A0–A2 (100 B) each in and out of an empty queue: IACK on acceptance, nothing crosses.
  for (let s = 0; s < 3; s++) {
    assert.is(t.onData(0, s, s, 100), 1);
    assert.is(acks(t), `IACK(A,${s})`);
    assert.is(t.onProcessed(s), 0);
    assert.is(acks(t), "");
  }
  // A3 (300 B): occupancy 300, not above the threshold (strict, §II-D) → IACK(A,3).
  assert.is(t.onData(0, 10, 3, 300), 1);
  assert.is(acks(t), "IACK(A,3)");
  // A4–A7 (100 B): occupancy 400, 500, 600, 700 > 300: each enters a congested target above the
  // threshold position → standalone DACK repeating 3 (§II-D). 700 ≤ queueBytes: all accepted.
  for (let s = 4; s < 8; s++) {
    assert.is(t.onData(0, 10 + s, s, 100), 1 | DACK_CONGESTED);
    assert.is(acks(t), "DACK(A,3)");
  }
  assert.is(t.abovePackets(0), 4);
  // A3 leaves: occupancy 400 > 300, still congested. Last bytes from the head: A4 100, A5 200,
  // A6 300 (equal is below: README "Position") — three packets cross; A7 at 400 stays above.
  // One stream, one DACK (last ACKed number 3) and one IACK with the highest crossed number, 6.
  assert.is(t.onProcessed(20), DACK_CONGESTED);
  assert.is(acks(t), "DACK(A,3) IACK(A,6)");
  assert.is(t.abovePackets(0), 1);
  assert.is(t.lastAckSeq(0), 6);
});

/**
 * The vector `fairness-skip-credit-capped` (queue 1024 B, 256 B packets): A suppressed, B
 * coalescing, then B's fifth skip in the period. Returns the target after that skip.
 */
function fiveSkips(queueBytes: number): { t: DackTarget; now: number } {
  const t = new DackTarget({ queueBytes, policyThresholdBytes: 512, maxPacketBytes: 256, minPacketBytes: 256, fairnessPeriodNs: 1000 }, 2);
  t.open(0, 0);
  t.open(1, 0);
  // Period [0, 1000), never above 512 B: A0, B0, B1, B2, B3 accepted and drained.
  t.onData(0, 0, 0, 256);
  t.onData(1, 1, 0, 256);
  t.onProcessed(2);
  t.onProcessed(3);
  t.onData(1, 4, 1, 256);
  t.onData(1, 5, 2, 256);
  t.onProcessed(6);
  t.onProcessed(7);
  t.onData(1, 8, 3, 256);
  t.onProcessed(9);
  // t = 1000, B4 closes the period: n = 2, total 5, mean 2.5; A 1·2 = 2 < 5 × 0.5 = 2.5 → suppressed,
  // B 4·2 = 8 > 5 × 1.5 = 7.5 → coalesces.
  t.onData(1, 1000, 4, 256);
  assert.ok(t.suppressing(0) && t.coalescing(1));
  t.onData(1, 1001, 5, 256); // occupancy 512: IACK(B,5)
  t.onData(1, 1002, 6, 256); // 768: above
  t.onData(1, 1003, 7, 256); // 1024: above
  // Cycle j = 1…5: a departure skips B(2j + 4) (B(2j + 5) above), an arrival, a departure whose
  // crossing B(2j + 5) carries the skip, an arrival. The fifth skip is B14's crossing.
  let now = 1004;
  let next = 8;
  for (let j = 1; j <= 5; j++) {
    assert.is(t.onProcessed(now++), DACK_CONGESTED);
    assert.is(acks(t), "", `skip ${j}`);
    if (j === 5) break;
    t.onData(1, now++, next++, 256);
    t.onProcessed(now++);
    assert.is(acks(t), `DACK(B,${2 * j + 3}) IACK(B,${2 * j + 5})`);
    t.onData(1, now++, next++, 256);
  }
  return { t, now };
}

test("§II-H: the skip bank stops at floor(queueBytes / minPacketBytes) when the queue is not a multiple of the packet", () => {
  // Queue 1100 B, packets 256 B: at most floor(1100 / 256) = 4 packets fit (5 × 256 = 1280 > 1100),
  // so the bound is 4, as with the vector's 1024 B (README Fairness: "floor(queueBytes /
  // minPacketBytes) bounds it within a period"); the scenario never holds more than 1024 B.
  const { t } = fiveSkips(1100);
  assert.is(t.skipCredit(), 4); // five skips, the fifth past the bound: not banked (rounded up: 5)
});

test("§II-H: a skip the full bank cannot take still skips, and the stream goes on coalescing for the period", () => {
  // README Fairness: "a skip past the bound is not banked" — the crossing is still coalesced, and
  // the stream keeps its mark until the period closes (t = 2000; every step here is before it).
  const { t, now: t0 } = fiveSkips(1024);
  let now = t0;
  assert.is(t.skipCredit(), 4);
  assert.ok(t.coalescing(1));
  // Queue after the fifth skip: B13 (crossed), B14 (crossed, skipped), B15 above. B16 arrives
  // (1024 B, congested) → DACK(B,13), B's last ACKed number: the skip did not advance it.
  t.onData(1, now++, 16, 256);
  assert.is(acks(t), "DACK(B,13)");
  // B13 leaves: B15 crosses and carries the skipped 14 → DACK(B,13) IACK(B,15).
  t.onProcessed(now++);
  assert.is(acks(t), "DACK(B,13) IACK(B,15)");
  t.onData(1, now++, 17, 256); // → DACK(B,15)
  // B14 leaves: B16 crosses with B17 above, no skip pending: every other crossing ACK is skipped (§II-G).
  assert.is(t.onProcessed(now++), DACK_CONGESTED);
  assert.is(acks(t), "");
  assert.ok(t.coalescing(1));
  assert.is(t.skipCredit(), 4);
});

test("§II-G/H: after a skip carried within its departure, a suppressed stream's third IACK in a row spends a skip banked earlier", () => {
  // Defaults: threshold 9216 B, queue 82944 B, suppressMaxIacks 6. Period 1000 ns, r = 0.25.
  const t = new DackTarget({ fairnessPeriodNs: 1000, fairnessThreshold: 0.25 }, 2);
  t.open(0, 0);
  t.open(1, 0);
  // Period [0, 1000): A0–A2, B0 (2112 B) IACKed on acceptance and drained, nothing crossing.
  for (let s = 0; s < 3; s++) t.onData(0, s, s, 2112);
  t.onData(1, 3, 0, 2112);
  for (let i = 0; i < 4; i++) t.onProcessed(4 + i);
  // t = 1000, A3 (9216 B) closes the period: n = 2, total 4; A 3·2 = 6 > 4 × 1.25 = 5 → coalesces;
  // B 1·2 = 2 < 4 × 0.75 = 3 → suppressed, run unknown (taken as 255). Occupancy 9216 → IACK(A,3).
  t.onData(0, 1000, 3, 9216);
  assert.ok(t.coalescing(0) && t.suppressing(1));
  t.onData(1, 1001, 1, 64); // 9280 > 9216: B's DACK goes (run 255 ≥ 6), run 0
  assert.is(acks(t), "DACK(B,0)");
  t.onProcessed(1002); // A3 leaves, 64 B left: B1 crosses uncongested → IACK(B,1), run 1
  assert.is(acks(t), "IACK(B,1)");
  t.onProcessed(1003);
  t.onData(1, 1004, 2, 64); // empty queue: IACK(B,2) on acceptance, counted while suppressed: run 2
  assert.is(acks(t), "IACK(B,2)");
  t.onProcessed(1005);
  // Ends: A4 9216 (IACK on acceptance), A5 9280, A6 (9216 B) 18496, A7 18560, A8 18624, B3 18688,
  // A9 (9216 B) 27904; A's arrivals above the threshold → DACK(A,4); B3's DACK left out (run 2 < 6).
  t.onData(0, 1006, 4, 9216);
  t.onData(0, 1007, 5, 64);
  t.onData(0, 1008, 6, 9216);
  t.onData(0, 1009, 7, 64);
  t.onData(0, 1010, 8, 64);
  t.onData(1, 1011, 3, 64);
  assert.is(acks(t), "");
  t.onData(0, 1012, 9, 9216);
  // A4 leaves (dequeued 9216, occupancy 18688): A5 at 64 crosses, A6 at 9280 stays above →
  // A5's crossing ACK skipped; A6's crossing in a later departure will carry it → banked: 1.
  assert.is(t.onProcessed(1013), DACK_CONGESTED);
  assert.is(acks(t), "");
  assert.is(t.skipCredit(), 1);
  // A5 leaves (9280; 18624): A6 at 9216 crosses (equal is below) and carries the skip: DACK(A,4) IACK(A,6).
  t.onProcessed(1014);
  assert.is(acks(t), "DACK(A,4) IACK(A,6)");
  assert.is(t.skipCredit(), 1); // A5's IACK was withheld: the skip stays banked
  // A6 leaves (18496; 9408 > 9216, congested): A7 64, A8 128, B3 192 cross, A9 at 9408 stays above.
  // A7 skipped (A8, A9 above), A8 carries it in the same departure: the two would have been one
  // IACK anyway, so that skip withheld nothing and its credit goes back → DACK(A,6) IACK(A,8).
  // B3: suppressed, run 2 → its IACK alone is the third in a row (H1, two packets); the skip
  // banked at A5 pays for the extra one: no DACK, IACK(B,3), and the bank is 0 (README Fairness).
  assert.is(t.onProcessed(1015), DACK_CONGESTED);
  assert.is(acks(t), "DACK(A,6) IACK(A,8) IACK(B,3)");
  assert.is(t.skipCredit(), 0);
});

test.run();
