import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { AIMD_DECREASE, AIMD_IGNORED, AIMD_INCREASE, AIMD_SLOW_START, AIMD_TIMEOUT, Aimd } from "./aimd";
import { resolveAimdParams } from "./params";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

test("defaults follow RFC 5681 §3.1: IW of 2, 3 or 4 segments by SMSS, ssthresh at the ceiling", () => {
  const p = resolveAimdParams();
  assert.is(p.mssBytes, 4096);
  assert.is(p.initialCwndBytes, 8192); // SMSS > 2190: 2 × 4096
  assert.is(p.minCwndBytes, 4096);
  assert.is(p.initialSsthreshBytes, p.maxCwndBytes);
  assert.is(p.timeoutCwndBytes, 4096);
  assert.is(p.decreaseFactor, 0.5);
  // 1095 < SMSS ≤ 2190: three segments, 3 × 1460 = 4380.
  assert.is(resolveAimdParams({ mssBytes: 1460 }).initialCwndBytes, 4380);
  // A 9 KiB MSS (the DACK paper's): two segments, 18432.
  assert.is(resolveAimdParams({ mssBytes: 9216 }).initialCwndBytes, 18432);
  // The ceiling caps the initial window.
  assert.is(resolveAimdParams({ mssBytes: 9216, maxCwndBytes: 10000 }).initialCwndBytes, 10000);
  assert.is(Aimd.bytesPerFlow, 21);
});

test("unknown names and out-of-range values are refused at construction", () => {
  assert.throws(() => new Aimd({ msss: 1 } as never), /unknown parameter msss/);
  assert.throws(() => new Aimd({ mssBytes: 0 }), RangeError);
  assert.throws(() => new Aimd({ mssBytes: 1.5 }), RangeError);
  assert.throws(() => new Aimd({ mssBytes: 1000, minCwndBytes: 999 }), RangeError); // below one MSS
  assert.throws(() => new Aimd({ mssBytes: 1000, maxCwndBytes: 500 }), RangeError);
  assert.throws(() => new Aimd({ decreaseFactor: 1 }), RangeError);
  // Q16 would round it to 1: a NACK would report a cut and keep the window (review 2026-12-03)
  assert.throws(() => new Aimd({ decreaseFactor: 0.999999 }), RangeError);
  assert.not.throws(() => new Aimd({ decreaseFactor: 65535 / 65536 }));
  assert.throws(() => new Aimd({ decreaseFactor: -0.1 }), RangeError);
  assert.throws(() => new Aimd({ slowStart: 1 as never }), RangeError);
  assert.throws(() => new Aimd({ mssBytes: 1000, initialCwndBytes: 100 }), RangeError);
  assert.throws(() => new Aimd({ mssBytes: 1000, timeoutCwndBytes: 2e9 }), RangeError);
  assert.throws(() => new Aimd({}, 0), RangeError);
  const cc = new Aimd({}, 2);
  assert.throws(() => cc.open(2), RangeError);
});

test("slow start hands over to congestion avoidance at ssthresh", () => {
  const cc = new Aimd({ mssBytes: 1000, initialSsthreshBytes: 6000 }, 1);
  cc.open(0);
  assert.is(cc.cwndBytes(0), 4000);
  assert.is(cc.onAck(0, 0, 1000), AIMD_SLOW_START); // 5000
  assert.is(cc.onAck(0, 0, 1000), AIMD_SLOW_START); // 6000
  assert.is(cc.cwndBytes(0), 6000);
  // cwnd = ssthresh: congestion avoidance, one MSS per 6000 acknowledged bytes.
  for (let i = 0; i < 5; i++) assert.is(cc.onAck(0, 0, 1000), 0);
  assert.is(cc.onAck(0, 0, 1000), AIMD_INCREASE);
  assert.is(cc.cwndBytes(0), 7000);
});

test("a timeout inside a loss window holds the cut's ssthresh (RFC 6582 §3.2, RFC 3168 §6.1.2); the recovery point covers every byte outstanding at it", () => {
  const cc = new Aimd({ mssBytes: 1000, slowStart: false, initialCwndBytes: 8000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 8000);
  assert.is(cc.onNack(0, 0, 1000), AIMD_DECREASE); // cwnd = ssthresh = floor(8000 × 0.5) = 4000
  assert.is(cc.recoverBytes(0), 8000); // every byte outstanding at the cut, the NACKed ones included
  assert.is(cc.onTimeout(0, 0, 7000), AIMD_TIMEOUT);
  // RFC 6582 §3.2 step 4: recover covers the 7000 B outstanding at the timeout (all presumed
  // lost); the NACK's 8000 reach further and stay.
  assert.is(cc.recoverBytes(0), 8000);
  assert.is(cc.ssthreshBytes(0), 4000); // the NACK's, not floor(4000 × 0.5) = 2000
  assert.is(cc.cwndBytes(0), 1000);
  // A retransmission of that data, lost again, is the same event (step 1).
  cc.onSend(0, 0, 1000);
  assert.is(cc.onNack(0, 0, 1000), AIMD_IGNORED);
});

test("RFC 6582 §3.2 step 2: after a NACK's cut, a NACK of the resent data does not cut again", () => {
  // Go-back-N (the DACK paper's target NACKs and drops every packet after a hole): the NACKed
  // bytes are resent after the rest of the window has drained the recovery point.
  const cc = new Aimd({ mssBytes: 1000, slowStart: false, initialCwndBytes: 10_000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 10_000);
  assert.is(cc.onNack(0, 1, 1000), AIMD_DECREASE); // cwnd 5000, recover 10,000
  for (let i = 0; i < 9; i++) assert.is(cc.onNack(0, 2, 1000), AIMD_IGNORED);
  assert.is(cc.recoverBytes(0), 1000, "the first NACKed kilobyte is still to be resent");
  cc.onSend(0, 3, 1000);
  assert.is(cc.onNack(0, 4, 1000), AIMD_IGNORED);
  assert.is(cc.cwndBytes(0), 5000);
});

test("bad input returns a defined error, counts it and changes nothing", () => {
  const cc = new Aimd({ mssBytes: 1000 }, 2);
  cc.open(0);
  cc.onSend(0, 0, 3000);
  cc.onAck(0, 0, 1000);
  const before = cc.inspect(0);
  const calls: [() => number, number][] = [
    [() => cc.onAck(1, 0, 100), E_SLOT],
    [() => cc.onAck(-1, 0, 100), E_SLOT],
    [() => cc.onAck(0.5, 0, 100), E_SLOT],
    [() => cc.onAck(0, NaN, 100), E_ARG],
    [() => cc.onAck(0, Infinity, 100), E_ARG],
    [() => cc.onAck(0, 0, NaN), E_ARG],
    [() => cc.onNack(0, 0, -1), E_ARG],
    [() => cc.onTrim(0, -Infinity, 1), E_ARG],
    [() => cc.onTimeout(0, 0, 2 ** 31), E_ARG],
    [() => cc.onSend(0, 0, 0.25), E_ARG],
    [() => cc.onSend(5, 0, 1), E_SLOT],
  ];
  for (const [call, code] of calls) assert.is(call(), code);
  assert.is(cc.canSend(1, 10), false);
  assert.is(cc.canSend(0, -1), false);
  assert.is(cc.errors, calls.length + 2);
  assert.ok(same(cc.inspect(0), before));
  assert.is(cc.close(1), E_SLOT);
});

test("seeded random events keep cwnd in [minCwnd, maxCwnd] and inflight ≥ 0", () => {
  const rng = new Xoshiro128(42);
  for (const params of [
    { mssBytes: 1000 },
    { mssBytes: 1000, slowStart: false, oncePerWindow: false, decreaseFactor: 0.7, minCwndBytes: 2000, maxCwndBytes: 50_000, initialCwndBytes: 2000 },
    { mssBytes: 9216, maxCwndBytes: 262144, increaseBytes: 0 },
  ]) {
    const cc = new Aimd(params, 4);
    for (let s = 0; s < 4; s++) cc.open(s);
    const p = cc.params;
    for (let i = 0; i < 20_000; i++) {
      const s = rng.nextBelow(4);
      const bytes = rng.nextBelow(3 * p.mssBytes);
      const k = rng.nextBelow(20);
      const before = Math.max(cc.recoverBytes(s), cc.inflightBytes(s));
      const r =
        k < 8 ? cc.onSend(s, i, bytes) : k < 16 ? cc.onAck(s, i, bytes) : k < 18 ? cc.onNack(s, i, bytes) : k < 19 ? cc.onTrim(s, i, bytes) : cc.onTimeout(s, i, bytes);
      assert.ok(r >= 0);
      const w = cc.cwndBytes(s);
      assert.ok(w >= p.minCwndBytes && w <= p.maxCwndBytes, `cwnd ${w}`);
      assert.ok(cc.inflightBytes(s) >= 0);
      // recover falls, or is set at a cut (to the flight left) or a timeout (to the larger of itself and the flight)
      assert.ok(cc.recoverBytes(s) >= 0 && cc.recoverBytes(s) <= before);
      assert.ok(cc.ssthreshBytes(s) >= p.minCwndBytes);
    }
    assert.is(cc.errors, 0);
  }
});

test.run();
