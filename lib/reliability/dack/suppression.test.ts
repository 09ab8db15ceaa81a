// §II-G bounds DACK suppression: README Fairness, "after suppressMaxIacks IACKs in a row the
// stream gets a DACK again, so its initiator climbs to H1 … but never back to H∞". Review
// (2026-12-02) found IACKs sent on acceptance left out of the run, so a suppressed stream whose
// IACKs mostly came from an uncongested target got no DACK entering a congested one, and its
// initiator went back to H∞. The single-target case is vector
// `fairness-acceptance-iacks-end-a-suppression-run`; this is the closed loop.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DACK_H_INF, DACK_H_MINUS1, DackInitiator } from "./initiator";
import { Xoshiro128 } from "../../core/rng";
import { DACK_KIND_DACK, DACK_KIND_IACK, DackTarget } from "./target";
import { ackText as acks } from "./test-support";

test("a stream suppressed for the period meets congestion again after IACKs on acceptance: DACK, not back to H∞", () => {
  // 100 B packets, threshold 1000 B: 11 packets congest the target. Period 1 µs, r = 0.5.
  const t = new DackTarget({ queueBytes: 8000, policyThresholdBytes: 1000, maxPacketBytes: 100, minPacketBytes: 64, fairnessPeriodNs: 1000, fairnessThreshold: 0.5 }, 2);
  const b = new DackInitiator({}, 1); // stream 1's initiator (H1 threshold 6)
  t.open(0, 0);
  t.open(1, 0);
  b.open(0, 0, 100);
  const deliver = () => {
    for (let i = 0; i < t.out[0]; i++) {
      const [kind, slot, seq] = [t.out[1 + 3 * i], t.out[2 + 3 * i], t.out[3 + 3 * i]];
      if (slot === 1) assert.ok((kind === DACK_KIND_IACK ? b.onIack(0, seq) : kind === DACK_KIND_DACK ? b.onDack(0, seq) : b.onNack(0, seq)) >= 0);
    }
  };
  const send = (nowNs: number) => {
    assert.ok(b.canSend(0));
    b.onSend(0);
    assert.ok(t.onData(1, nowNs, b.out[0], 100) >= 0);
    deliver();
  };
  let a = 0;
  for (let i = 0; i < 11; i++) t.onData(0, 0, a++, 100);
  send(10); // into a congested target: DACK → H(−1)
  assert.is(b.haltState(0), DACK_H_MINUS1);
  t.onData(0, 1000, a++, 100); // the period closes: 11 packets against 1, stream 1 suppressed
  assert.ok(t.suppressing(1));
  while (t.queueLength() > 0) {
    t.onProcessed(1001);
    deliver();
  }
  for (let k = 1; k <= 6; k++) {
    send(1100 + k); // an empty target: IACKs on acceptance
    t.onProcessed(1100 + k);
    deliver();
  }
  for (let i = 0; i < 11; i++) t.onData(0, 1200, a++, 100); // congested again
  send(1300); // seven IACKs in a row ≥ suppressMaxIacks (6): the standalone DACK of §II-D goes
  assert.is(b.haltState(0), DACK_H_MINUS1);
  for (let i = 0; i < 5; i++) t.onData(0, 1301, a++, 100);
  while (t.abovePackets(1) > 0) {
    t.onProcessed(1400);
    deliver();
  }
  assert.ok(t.congested() && t.suppressing(1));
  assert.is.not(b.haltState(0), DACK_H_INF);
});

test("a coalescing stream's packets crossing together in one departure bank no skip for a suppressed stream to spend (audit, 2026-12-07)", () => {
  // Default threshold 9216 B. Period 0: A0–A3 (2112 B each) then B0, B1 congest the target; the
  // departures give B a congested crossing (DACK + IACK) and an uncongested one (IACK): its run
  // is 2, H1. A4–A6 follow and everything drains. At 1000 ns A7 (9216 B) closes the period: A
  // (7 accepted) coalesces, B (2) is suppressed. A8–A10 (64 B), B2, A11–A14 (2112 B) queue behind
  // A7; A7's departure moves A8–A13 and B2 below the threshold at once. A8's crossing, skipped,
  // would bank a credit, but A9's in the same departure carries its number (A: DACK 7, IACK 13,
  // as with fairness off): nothing was withheld, so B's crossing spends nothing and keeps its DACK.
  const run = (fairnessPeriodNs: number) => {
    const t = new DackTarget({ fairnessPeriodNs, queueBytes: 1 << 20 }, 2);
    t.open(0, 0);
    t.open(1, 0);
    const seq = [0, 0];
    const data = (s: number, now: number, bytes: number) => assert.ok(t.onData(s, now, seq[s]++, bytes) > 0);
    for (let i = 0; i < 4; i++) data(0, 0, 2112);
    data(1, 0, 2112);
    data(1, 0, 2112);
    for (let i = 0; i < 6; i++) t.onProcessed(4 + i);
    for (let i = 0; i < 3; i++) data(0, 10, 2112);
    for (let i = 0; i < 5; i++) t.onProcessed(20 + i);
    assert.is(t.queueLength(), 0);
    data(0, 1000, 9216);
    for (let i = 0; i < 3; i++) data(0, 1001, 64);
    data(1, 1001, 2112);
    for (let i = 0; i < 4; i++) data(0, 1001, 2112);
    t.onProcessed(1002);
    return { t, acks: acks(t) };
  };
  const off = run(0);
  assert.is(off.acks, "DACK(A,7) IACK(A,13) DACK(B,1) IACK(B,2)");
  const on = run(1000);
  assert.ok(on.t.coalescing(0) && on.t.suppressing(1));
  assert.is(on.acks, off.acks);
  assert.is(on.t.skipCredit(), 0);
});

test("the skip bank never goes below 0, whatever the sizes and the order of streams in a departure (seeded random)", () => {
  // Audit, 2026-12-07 (a port of the README): a suppressed stream crossing between a coalescing
  // stream's skip and the crossing that carries it in the same departure spent the skip, which
  // was then taken back: the bank read −1. Vector
  // `fairness-skip-carried-in-the-same-departure-pays-for-nothing-between` is that case alone.
  let lowest = 0;
  let departures = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const rng = new Xoshiro128(seed);
    const t = new DackTarget({ fairnessPeriodNs: 1000, fairnessThreshold: 0.25 }, 4);
    const next = [0, 0, 0, 0];
    for (let s = 0; s < 4; s++) t.open(s, 0);
    let now = 0;
    for (let i = 0; i < 3000; i++) {
      now += rng.nextBelow(40);
      if (rng.nextBelow(100) < 52) {
        // Skewed streams, so that some coalesce and some are suppressed.
        const s = [0, 0, 0, 1, 1, 2, 3][rng.nextBelow(7)];
        const bytes = rng.nextBelow(4) === 0 ? 64 + rng.nextBelow(9153) : 64 + rng.nextBelow(2049);
        if ((t.onData(s, now, next[s], bytes) & 1) !== 0) next[s]++;
      } else if (t.queueLength() > 0) {
        assert.ok(t.onProcessed(now) >= 0);
        departures++;
      }
      lowest = Math.min(lowest, t.skipCredit());
    }
  }
  assert.ok(departures > 50_000, `only ${departures} departures`);
  assert.is(lowest, 0);
});

test.run();
