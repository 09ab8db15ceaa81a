// §II-G bounds DACK suppression: README Fairness, "after suppressMaxIacks IACKs in a row the
// stream gets a DACK again, so its initiator climbs to H1 … but never back to H∞". Review
// (2026-12-02) found IACKs sent on acceptance left out of the run, so a suppressed stream whose
// IACKs mostly came from an uncongested target got no DACK entering a congested one, and its
// initiator went back to H∞. The single-target case is vector
// `fairness-acceptance-iacks-end-a-suppression-run`; this is the closed loop.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DACK_H_INF, DACK_H_MINUS1, DackInitiator } from "./initiator";
import { DACK_KIND_DACK, DACK_KIND_IACK, DackTarget } from "./target";

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

test.run();
