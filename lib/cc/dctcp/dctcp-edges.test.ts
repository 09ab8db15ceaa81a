// Boundaries of DCTCP that dctcp.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): canSend (no test called it), the end of CWR at exactly `recover`,
// a timeout's reset of the byte-counting increase, and htsim's window-boundary cut at α = 0;
// and, from the vector audit, a loss's ssthresh taken from FlightSize rather than cwnd.
// From a review: α's rounding at small g, and derived defaults clamped into their ranges.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DCTCP_ALPHA, DCTCP_DECREASE, DCTCP_INCREASE, Dctcp } from "./dctcp";
import { resolveDctcpParams } from "./params";

function table(params: Record<string, unknown> = {}): Dctcp {
  const cc = new Dctcp(params, 2);
  cc.open(0);
  cc.open(1);
  return cc;
}

test("canSend: inflight + bytes ≤ cwnd; a closed slot cannot send and counts an error", () => {
  const cc = table(); // cwnd 10 × 4096 = 40,960
  assert.ok(cc.canSend(1, 40_960));
  assert.not.ok(cc.canSend(1, 40_961));
  cc.onSend(1, 0, 1000);
  assert.ok(cc.canSend(1, 39_960));
  assert.not.ok(cc.canSend(1, 39_961));
  cc.close(1);
  const errors = cc.errors;
  assert.not.ok(cc.canSend(1, 1));
  assert.is(cc.errors, errors + 1);
});

test("CWR (RFC 3168 §6.1.2) lasts until data sent after the cut is acknowledged: ACKing exactly `recover` is not enough", () => {
  const cc = table();
  cc.onSend(1, 0, 10_000);
  assert.is(cc.onAck(1, 1, 1000, true) & DCTCP_DECREASE, DCTCP_DECREASE); // recover = 10,000 sent
  assert.is(cc.onAck(1, 2, 9000, true) & DCTCP_DECREASE, 0); // acked 10,000 = recover: still CWR
  assert.ok(cc.reduced(1));
  cc.onSend(1, 3, 1000);
  assert.is(cc.onAck(1, 4, 1, true) & DCTCP_DECREASE, DCTCP_DECREASE); // 10,001: a new window, a new cut
});

test("a loss halves FlightSize, not cwnd (RFC 5681 §3.2 eq. (4), RFC 8257 §3.5)", () => {
  const cc = table(); // cwnd 10 × 4096 = 40,960
  cc.onSend(1, 0, 20_480); // application limited: half the window in flight
  assert.is(cc.onNack(1, 1, 4096), DCTCP_DECREASE);
  // FlightSize 20,480 (the lost bytes are still unacknowledged) → max(10,240, 2 × 4096); cwnd/2 would be 20,480.
  assert.is(cc.ssthreshBytes(1), 10_240);
  assert.is(cc.cwndBytes(1), 10_240);
  assert.is(cc.inflightBytes(1), 16_384);
  cc.onSend(0, 0, 12_288);
  cc.onNack(0, 1, 4096); // FlightSize/2 = 6144 < 2 SMSS → 8192
  assert.is(cc.ssthreshBytes(0), 8192);
  assert.is(cc.cwndBytes(0), 8192);
});

test("a timeout restarts the congestion-avoidance byte count (RFC 3465)", () => {
  const cc = table();
  cc.onSend(1, 0, 100_000);
  cc.onAck(1, 1, 4096, true); // ssthresh ← cwnd: congestion avoidance from here
  cc.onAck(1, 2, 96_000, false); // acked 100,096 > recover: out of CWR, counting bytes toward + 1 MSS
  assert.ok(cc.caBytesAcked(1) > 0, `${cc.caBytesAcked(1)}`);
  cc.onTimeout(1, 3, 0);
  assert.is(cc.caBytesAcked(1), 0);
});

test("htsim: a window boundary with α = 0 updates α but does not cut", () => {
  const cc = table({ profile: "htsim" }); // α starts at 0; the first window ends at 2 MSS
  cc.onSend(1, 0, 100_000);
  const w = cc.cwndBytes(1);
  const r = cc.onAck(1, 1, 2 * 4096, false);
  assert.is(r & (DCTCP_ALPHA | DCTCP_DECREASE), DCTCP_ALPHA);
  assert.ok(cc.cwndBytes(1) > w);
});

test("g = 1 (the range's top): α is the last window's marked fraction alone; initialAlpha 1 cuts the first window by half", () => {
  // RFC 8257 §3.3: α ← (1 − g)·α + g·F; with g = 1, α = F = marked / acked of the window that ended.
  const cc = table({ g: 1, initialAlpha: 0 });
  cc.onSend(1, 0, 8000);
  assert.is(cc.onAck(1, 1, 4000, false) & DCTCP_ALPHA, DCTCP_ALPHA); // the first window ends (SND.UNA > 0): F = 0
  assert.is(cc.alphaValue(1), 0);
  cc.onSend(1, 2, 1000);
  const w = cc.cwndBytes(1);
  assert.is(cc.onAck(1, 3, 2000, true) & DCTCP_DECREASE, DCTCP_DECREASE); // a cut at α = 0 leaves cwnd as it was
  assert.is(cc.cwndBytes(1), w);
  assert.is(cc.onAck(1, 4, 2001, false) & DCTCP_ALPHA, DCTCP_ALPHA); // 8001 > 8000: F = 2000 / 4001
  // α = F = 0.49987503…, held in Q30 to the nearest: 2000 × 2^30 / 4001 = 536736727.818 → 536736728.
  assert.is(cc.alphaValue(1), 536_736_728 / 2 ** 30);
  // initialAlpha = 1 (the RFC's default, at the top of its range): the first mark halves cwnd.
  const one = table({ initialAlpha: 1 });
  one.onSend(1, 0, 8000);
  one.onAck(1, 1, 1000, true);
  assert.is(one.cwndBytes(1), 40_960 / 2);
  assert.throws(() => table({ initialAlpha: 1.0001 }), RangeError);
  assert.throws(() => table({ g: 1.0001 }), RangeError);
});

/**
 * Observation windows of RFC 8257 §3.3 with a constant M = marked / acked: each round sends
 * `acked` bytes and gets them back as a marked ACK of `marked` bytes, which ends the window before
 * (SND.UNA passes WindowEnd), and an unmarked ACK of the rest. The very first ACK ends the initial
 * (empty, WindowEnd 0) window with M = marked / marked = 1.
 */
function windows(cc: Dctcp, rounds: number, marked: number, acked: number): void {
  let t = 0;
  cc.onSend(0, t++, acked);
  cc.onAck(0, t++, marked, true); // ends the initial window (WindowEnd 0): M = 1 there
  cc.onAck(0, t++, acked - marked, false);
  for (let i = 0; i < rounds; i++) {
    cc.onSend(0, t++, acked);
    cc.onAck(0, t++, marked, true); // ends the window of the two ACKs before: M = marked / acked
    cc.onAck(0, t++, acked - marked, false);
  }
}

test("α at the smallest g (2^-16) rises from 0 toward M (RFC 8257 §3.3 step 6)", () => {
  // α0 = 0; the first window has M = 1, every later one M = 0.5 (1000 of 2000 bytes marked):
  //   α1 = g, αn = 0.5 − (0.5 − g)(1 − g)^(n−1); n = 8193: 0.5 − (0.5 − 2^-16) e^(−8192/65536) ≈ 0.05876.
  // The held α is within 2^-31 / g = 2^-15 of that EWMA (dctcp.ts header); two floors per update in
  // Q16 kept α at 0 (floor(α (2^16 − 1) / 2^16) + floor(M × 1 / 2^16) = 0 from α = 0).
  const g = 2 ** -16;
  const cc = new Dctcp({ g, initialAlpha: 0 }, 1);
  cc.open(0);
  windows(cc, 8192, 1000, 2000);
  const ewma = 0.5 - (0.5 - g) * (1 - g) ** 8192;
  assert.ok(Math.abs(cc.alphaValue(0) - ewma) <= 2 ** -15, `α ${cc.alphaValue(0)}, EWMA ${ewma}`);
});

test("α at g = 2^-16 stays at a steady M it started from (M = 0.5 is the EWMA's fixed point)", () => {
  // α0 = 0.5, first window M = 1, then M = 0.5: αn = 0.5 + 0.5 g (1 − g)^(n−1) ≥ 0.5, and a value
  // rounded to the nearest Q30 unit from one ≥ 2^29 (0.5) stays ≥ 2^29; within 2^-15 of 0.5 + 0.5 g.
  // Two floors per update lost up to 2 Q16 units a window and drifted down to 0.
  const cc = new Dctcp({ g: 2 ** -16, initialAlpha: 0.5 }, 1);
  cc.open(0);
  windows(cc, 4096, 1000, 2000);
  const a = cc.alphaValue(0);
  assert.ok(a >= 0.5 && a <= 0.5 + 2 ** -17 + 2 ** -15, `α ${a}`);
});

test("α settles within 2^-31 / g of a constant M (one rounding per update, to nearest)", () => {
  // M = 3000 / 10000 = 0.3 each window from α = 1 (the rfc8257 default). RFC 8257 §3.3 step 6's
  // EWMA tends to 0.3: after n windows α − 0.3 = 0.7 (1 − g)^n. Rounded once to the nearest Q30
  // unit, α stops moving only when |g (M − α)| ≤ 2^-31, i.e. within 2^-31 / g of M:
  //   g = 1/256: 2^-23; (255/256)^6000 × 0.7 ≈ 4.8e-11 < 2^-23 ≈ 1.19e-7, so α is within 2^-23 + 5e-11.
  //   g = 1/16:  2^-27 after 600 windows ((15/16)^600 ≈ 1.6e-17).
  // Two floors per update in Q16 settled 0.3 − 0.0031 = 0.2969 at g = 1/256.
  for (const [g, rounds, bound] of [[1 / 256, 6000, 2 ** -23], [1 / 16, 600, 2 ** -27]]) {
    const cc = new Dctcp({ g }, 1);
    cc.open(0);
    windows(cc, rounds, 3000, 10_000);
    const err = Math.abs(cc.alphaValue(0) - 0.3);
    assert.ok(err <= bound + 1e-10, `g ${g}: |α − 0.3| = ${err} > ${bound}`);
  }
});

test("derived defaults are clamped into their ranges; values given out of range still throw", () => {
  // baseRttNs 1e9 ns is in [1, 2^30]; 1.5 × 1e9 = 1.5e9 > 2^30, so the QuickAdapt interval (a
  // wrapping-tick difference, ≤ 2^30) defaults to 2^30 = 1,073,741,824 ns.
  assert.is(resolveDctcpParams({ baseRttNs: 1e9 }).qaIntervalNs, 2 ** 30);
  assert.not.throws(() => new Dctcp({ baseRttNs: 2 ** 30, quickAdapt: true }, 1));
  assert.throws(() => new Dctcp({ qaIntervalNs: 2 ** 30 + 1 }, 1), /qaIntervalNs/);
  // maxCwndBytes 20,000 is in [MSS 4096, 2^30]; 10 segments (40,960 B) is above it, so the initial
  // window defaults to the ceiling, 20,000.
  const cc = new Dctcp({ maxCwndBytes: 20_000 }, 1);
  cc.open(0);
  assert.is(cc.cwndBytes(0), 20_000);
  assert.throws(() => new Dctcp({ maxCwndBytes: 20_000, initCwndBytes: 40_960 }, 1), /initCwndBytes/);
  assert.throws(() => new Dctcp({ maxCwndBytes: 4095 }, 1), /maxCwndBytes/);
});

// Nineteenth mutation pass (2026-12-02): α over a one-byte window, and QuickAdapt's interval at
// its exact end and across the 32-bit tick wrap.

test("α over a window of one acknowledged byte, marked: M = 1 (RFC 8257 §3.3 steps 5–6)", () => {
  // M = DCTCP.BytesMarked / DCTCP.BytesAcked = 1 / 1; from α = 0, α ← (1 − g)·0 + g·1 = g = 1/16
  // (exact in Q30). A window "with no byte acked" gives M = 0; one byte is not none.
  const cc = table({ initialAlpha: 0 });
  cc.onSend(1, 0, 1);
  assert.is(cc.onAck(1, 1, 1, true) & DCTCP_ALPHA, DCTCP_ALPHA);
  assert.is(cc.alphaValue(1), 1 / 16);
});

test("QuickAdapt runs when its interval has ended, not 1 ns before (SMaRTT Alg. 2 line 3: now ≥ end)", () => {
  // An odd trtt of 9999 ns: the first ACK at 0 starts the interval (end 9999), a trim at 3000
  // arms QuickAdapt. An ACK at 9998 (even, one short of the odd end) is DCTCP as usual; the ACK
  // at 9999 runs QuickAdapt: cwnd = 4096 (trim) + 4096 + 4096 (the ACKs at 9998 and 9999).
  const cc = new Dctcp({ quickAdapt: true, qaIntervalNs: 9999, initCwndBytes: 100_000, maxCwndBytes: 100_000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 100_000);
  cc.onAck(0, 0, 4096, false);
  assert.is(cc.onNack(0, 3000, 4096), DCTCP_DECREASE);
  assert.is(cc.onAck(0, 9998, 4096, false) & DCTCP_DECREASE, 0);
  assert.is(cc.onAck(0, 9999, 4096, false), DCTCP_DECREASE);
  assert.is(cc.cwndBytes(0), 12_288);
});

test("QuickAdapt: a first ACK in the last interval before the 32-bit tick wraps starts the measurement there", () => {
  // SMaRTT Alg. 2: with no measurement begun (end = 0) an ACK is always due, so the first ACK
  // starts one whatever the time. At t0 = 2^32 − 1000 ns (tick −1000) it ends at tick 9000; the
  // trim at t0 + 3000 arms QuickAdapt and the ACK at t0 + 10,000 runs it: cwnd = 4096 (trim) +
  // 4096 (this ACK). (Had the first ACK not started it, the trim would have, ending at t0 + 13,000.)
  const t0 = 2 ** 32 - 1000;
  const cc = new Dctcp({ quickAdapt: true, qaIntervalNs: 10_000, initCwndBytes: 100_000, maxCwndBytes: 100_000 }, 1);
  cc.open(0);
  cc.onSend(0, t0, 100_000);
  cc.onAck(0, t0, 4096, false);
  assert.is(cc.onNack(0, t0 + 3000, 4096), DCTCP_DECREASE);
  assert.is(cc.onAck(0, t0 + 10_000, 4096, false), DCTCP_DECREASE);
  assert.is(cc.cwndBytes(0), 8192);
});

test("htsim: the smallest α, one Q30 unit, still cuts at the window boundary (dctcp.cpp: if (_alfa > 0))", () => {
  // g = 2^-16, α from 0, a first window of 32,768 B with 1 B marked: M = 2^-15, α = g·M = 2^-31,
  // half a Q30 unit, rounded to nearest with ties up (file header): 2^-30 > 0, so the window is
  // cut. (The factor 1 − α/2 leaves cwnd as it is, but ssthresh follows it and the cut counts.)
  const cc = table({ profile: "htsim", g: 2 ** -16, mssBytes: 4096 });
  cc.onSend(1, 0, 100_000);
  cc.onAck(1, 1, 1, true); // 1 B marked; 8192 B (2 MSS) not yet reached
  const r = cc.onAck(1, 2, 32_767, false);
  assert.is(cc.alphaValue(1), 2 ** -30);
  assert.is(r & (DCTCP_ALPHA | DCTCP_DECREASE), DCTCP_ALPHA | DCTCP_DECREASE);
  assert.is(cc.ssthreshBytes(1), cc.cwndBytes(1));
});

test("the default capacity is one flow", () => {
  assert.throws(() => new Dctcp().open(1), RangeError);
  assert.not.throws(() => new Dctcp().open(0));
});

test("a window at maxCwnd does not grow: an ACK of a whole window reports no increase and counts nothing", () => {
  // RFC 3465 growth, never above maxCwnd: at the ceiling there is nothing to add, so no
  // DCTCP_INCREASE (the window did not grow) and no byte count toward an increase.
  const cc = table({ initCwndBytes: 40_960, maxCwndBytes: 40_960 });
  cc.onSend(1, 0, 81_920);
  assert.is(cc.onAck(1, 1, 40_960, false) & DCTCP_INCREASE, 0);
  assert.equal([cc.cwndBytes(1), cc.caBytesAcked(1)], [40_960, 0]);
});

// Twenty-ninth mutation pass (arith operators, 2026-12-07).

test("α's g·M is the exact floor in Q46 over a 536,992,351 B window, where one double quotient rounds up", () => {
  // README "α's arithmetic": floor(gQ16 × marked × 2^30 / acked) is the exact floor, not the floor
  // of a double quotient. htsim, g = 4097 / 2^16, αQ30 = 37,279: a first window (2 MSS = 8192 B)
  // ended by an ACK that brings acked to A = 536,992,351 B, marked m = 2,824 (the first ACK).
  // p = 4097 × 2,824 = 11,569,928 < A: q0 = 0, r = p. Long division in 15-bit digits:
  //   q1 = floor(11,569,928 × 32,768 / A) = 706 (706 × A = 379,116,599,806), r = 6,800,898;
  //   q2 = floor(6,800,898 × 32,768 / A) = 414 (414 × A = 222,314,833,314), r = 536,992,350 = A − 1.
  // g·M in Q46 = 706 × 2^15 + 414 = 23,134,622. (p × 2^30 / A as one double is 23,134,622 + 1 − 1/A,
  // about 2.3·10^7 where doubles are 2^-28 apart, and 1/A < 2^-29, half that: it rounds to 23,134,623.)
  // T = (2^16 − 4097) × 37,279 + 23,134,622 + 2^15 = 2,290,384,481 + 23,134,622 + 32,768
  //   = 2,313,551,871 = 35,301 × 65,536 + 65,535, so αQ30 = 35,301 (one more unit of g·M makes it 35,302).
  const cc = table({ profile: "htsim", g: 4097 / 2 ** 16, initialAlpha: 37_279 / 2 ** 30 });
  cc.onSend(1, 0, 536_992_351);
  assert.is(cc.onAck(1, 1, 2824, true) & DCTCP_ALPHA, 0); // 2,824 < 8,192: the window goes on
  assert.is(cc.onAck(1, 2, 536_992_351 - 2824, false) & DCTCP_ALPHA, DCTCP_ALPHA);
  assert.is(cc.alphaValue(1), 35_301 / 2 ** 30);
});

test("a NACK with a FlightSize below 0 takes the 2·SMSS floor, not a huge half", () => {
  // README (Choices, inflight): FlightSize for eq. (4) is the count before the lost bytes leave; one
  // below 0 (sends not reported) "halves it to at most 0" and takes the 2·SMSS floor. An ACK of 1000 B
  // with nothing sent leaves inflight at −1000; the NACK then sets ssthresh = max(−1000/2, 2 × 4096)
  // = 8192 and cwnd = min(8192, maxCwndBytes) = 8192 (RFC 5681 eq. (4)), whatever the ACK grew.
  const cc = table();
  cc.onAck(1, 0, 1000, false);
  assert.is(cc.inflightBytes(1), -1000);
  assert.is(cc.onNack(1, 1, 100), DCTCP_DECREASE);
  assert.equal([cc.ssthreshBytes(1), cc.cwndBytes(1)], [8192, 8192]);
});

test.run();
