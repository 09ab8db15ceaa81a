// Boundaries of MP-RDMA that mprdma.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md): a NACK of a single byte, and handlers called at times other than 0.
// From a review: the htsim decrease rounded down, a multi-MSS ACK's increase, the clamped BDP ceiling.
// Twenty-seventh pass: the carry set to 0 by a timeout and by a decrease below it, a timeout
// episode of 1 byte and of none, a 1 ppm late-ACK factor, default capacity.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MPRDMA_DECREASE, MPRDMA_INCREASE, MPRDMA_RESET, Mprdma } from "./mprdma";
import { resolveMprdmaParams } from "./params";

test("a NACK of 1 byte cuts ⌈0.5 × 1⌉ = 1 byte (the cut is rounded up)", () => {
  const cc = new Mprdma({}, 2);
  cc.open(1);
  const w = cc.cwndBytes(1);
  assert.is(cc.onNack(1, 5, 1), MPRDMA_DECREASE);
  assert.is(cc.cwndBytes(1), w - 1);
});

test("onSend and onTimeout take any finite time", () => {
  const cc = new Mprdma({}, 2);
  cc.open(1);
  assert.is(cc.onSend(1, 12_345, 4096), 0);
  assert.is(cc.inflightBytes(1), 4096);
  assert.is(cc.onTimeout(1, 67_890, 4096), MPRDMA_RESET);
  assert.is(cc.inflightBytes(1), 0);
  assert.is(cc.errors, 0);
});

test("htsim: −0.15 MSS per marked MSS, the window rounded down (uint32 _cwnd −= 0.15 × MSS truncates)", () => {
  // BDP = 100 Gb/s × 12 µs / 8 = 150,000 B = the initial window. A marked ACK of 16 MSS (65,536 B)
  // takes 16 × 0.15 × 4096 = 9830.4 B: 150,000 − 9830.4 = 140,169.6 → 140,169. With 0.15 held as
  // q16(0.15) = 9830/65536 < 0.15 it took 9830 B and left 140,170.
  const cc = new Mprdma({ profile: "htsim" }, 1);
  cc.open(0);
  assert.is(cc.onAck(0, 1, 65_536, true), MPRDMA_DECREASE);
  assert.is(cc.cwndBytes(0), 140_169);
  // MSS 8207: one marked MSS takes 0.15 × 8207 = 1231.05 B: 150,000 − 1231.05 = 148,768.95 → 148,768
  // (9830/65536 × 8207 = 1231.0 took 1231 and left 148,769).
  const big = new Mprdma({ profile: "htsim", mssBytes: 8207 }, 1);
  big.open(0);
  big.onAck(0, 1, 8207, true);
  assert.is(big.cwndBytes(0), 148_768);
});

test("an ACK of n MSS grows the window n times at the window before it, not as n per-packet ACKs (README)", () => {
  // MP-RDMA per ACK: cwnd += 1/cwnd packets. From 1 packet (4096 B), two per-packet ACKs: 1 → 2 →
  // 2.5 packets = 10,240 B; one ACK of both: 1 + 2 × 1/1 = 3 packets = 12,288 B.
  const one = new Mprdma({ initCwndBytes: 4096 }, 1);
  one.open(0);
  one.onAck(0, 1, 8192, false);
  assert.is(one.cwndBytes(0), 12_288);
  const two = new Mprdma({ initCwndBytes: 4096 }, 1);
  two.open(0);
  two.onAck(0, 1, 4096, false);
  two.onAck(0, 2, 4096, false);
  assert.is(two.cwndBytes(0), 10_240);
});

test("the default window ceiling is the BDP clamped into [minCwndBytes, 2^30]; values given out of range throw", () => {
  // 400 Gb/s × 25 ms / 8 = 1.25e9 B > 2^30 = 1,073,741,824: both inputs are in range, so the
  // default ceiling (and start) is 2^30.
  const p = resolveMprdmaParams({ linkGbps: 400, baseRttNs: 25e6 });
  assert.is(p.maxCwndBytes, 2 ** 30);
  assert.is(p.initCwndBytes, 2 ** 30);
  // A floor above the BDP (150,000 B at 100 Gb/s, 12 µs) lifts the default ceiling to it.
  assert.is(resolveMprdmaParams({ minCwndBytes: 200_000 }).maxCwndBytes, 200_000);
  assert.throws(() => new Mprdma({ maxCwndBytes: 2 ** 30 + 1 }, 1), /maxCwndBytes/);
  assert.throws(() => new Mprdma({ minCwndBytes: 200_000, maxCwndBytes: 150_000 }, 1), /maxCwndBytes/);
});

test("a timeout that lowers the window sets the carried fraction to 0: the next ACK of 1 B adds ⌊4096 / 4097⌋ = 0", () => {
  // README "Arithmetic", Timeout: if initCwndBytes < cwnd, cwnd = initCwndBytes and the carry is
  // set to 0. MSS 4096, initCwndBytes 4097 (floor 4096). An unmarked ACK of 4098 B at 4097:
  // num = 4096 × 4098 = 16,785,408, inc = ⌊num / 4097⌋ = 4096 (4097 × 4097 = 16,785,409 > num),
  // carry = num − 4096 × 4097 = 4096, cwnd 8193. The timeout lowers it to 4097 and the carry to 0;
  // an ACK of 1 B then has num = 0 + 4096 × 1 < 4097: no increase (a carry of 1 or more would add 1 B).
  const cc = new Mprdma({ initCwndBytes: 4097 }, 1);
  cc.open(0);
  assert.is(cc.onAck(0, 0, 4098, false), MPRDMA_INCREASE);
  assert.is(cc.cwndBytes(0), 8193);
  assert.is(cc.onTimeout(0, 1, 0), MPRDMA_RESET);
  assert.is(cc.cwndBytes(0), 4097);
  assert.is(cc.onAck(0, 2, 1, false), 0);
  assert.is(cc.cwndBytes(0), 4097);
});

test("a decrease below the carried numerator sets it to 0, not to carry − w", () => {
  // README "Arithmetic", Decrease: a carry at or above w (after the floor) is set to 0. MSS 4096,
  // floor 4097, start 8000. Unmarked ACK of 3 B: num = 12,288, inc = ⌊12,288 / 8000⌋ = 1,
  // carry 4288, cwnd 8001. Marked ACK of 8192 B: ⌈500,000 × 8192 / 10^6⌉ = 4096, 8001 − 4096 =
  // 3905 → floor 4097; carry 4288 ≥ 4097 → 0. An ACK of 1 B: ⌊(0 + 4096) / 4097⌋ = 0, no
  // increase (a carry of 1, or 4288 − 4097 = 191, would give ⌊≥ 4097 / 4097⌋ = 1).
  const cc = new Mprdma({ minCwndBytes: 4097, initCwndBytes: 8000 }, 1);
  cc.open(0);
  assert.is(cc.onAck(0, 0, 3, false), MPRDMA_INCREASE);
  assert.is(cc.cwndBytes(0), 8001);
  assert.is(cc.onAck(0, 1, 8192, true), MPRDMA_DECREASE);
  assert.is(cc.cwndBytes(0), 4097);
  assert.is(cc.onAck(0, 2, 1, false), 0);
  assert.is(cc.cwndBytes(0), 4097);
});

test("a timeout episode of 1 outstanding byte: recoverBytes 1, a timeout within it changes nothing, an ACK of 1 B ends it", () => {
  // README "Arithmetic", Timeout: recoverBytes = max(inflight before the call, 0) = 1; with
  // recoverBytes > 0 a timeout returns 0; an ACK of n ≥ 1 B sets it to max(1 − 1, 0) = 0, and the
  // next timeout opens a new episode (MPRDMA_RESET). (An unmarked 1 B ACK at 150,000 B adds
  // ⌊4096 / 150,000⌋ = 0.)
  const cc = new Mprdma({}, 1);
  cc.open(0);
  cc.onSend(0, 0, 1);
  assert.is(cc.onTimeout(0, 1, 1), MPRDMA_RESET);
  assert.is(cc.recoverBytes(0), 1);
  assert.is(cc.onTimeout(0, 2, 0), 0);
  assert.is(cc.onAck(0, 3, 1, false), 0);
  assert.is(cc.recoverBytes(0), 0);
  assert.is(cc.onTimeout(0, 4, 0), MPRDMA_RESET);
});

test("a timeout with nothing, or less than nothing, in flight records recoverBytes 0: every such timeout opens an episode", () => {
  // README "Arithmetic", Timeout: recoverBytes = max(inflight before this call, 0).
  const cc = new Mprdma({}, 1);
  cc.open(0);
  assert.is(cc.onTimeout(0, 0, 0), MPRDMA_RESET);
  assert.is(cc.recoverBytes(0), 0);
  assert.is(cc.onTimeout(0, 1, 0), MPRDMA_RESET);
  cc.onAck(0, 2, 100, false); // inflight −100
  assert.is(cc.inflightBytes(0), -100);
  assert.is(cc.onTimeout(0, 3, 0), MPRDMA_RESET);
  assert.is(cc.recoverBytes(0), 0);
});

test("a late-ACK factor of 10^-6 MSS (1 ppm) cuts ⌈1 × 4096 / 10^6⌉ = 1 B", () => {
  // README "Arithmetic": ppm = Math.round(0.000001 × 10^6) = 1; a late ACK is a decrease of one
  // MSS: w = max(150,000 − ⌈1 × 4096 / 10^6⌉, 4096) = 149,999, MPRDMA_DECREASE.
  const cc = new Mprdma({ outOfOrderDecreaseMss: 0.000001 }, 1);
  cc.open(0);
  assert.is(cc.onOutOfOrder(0, 0), MPRDMA_DECREASE);
  assert.is(cc.cwndBytes(0), 149_999);
});

test("default capacity 1", () => {
  // A table made without a capacity holds one slot: slot 0 opens, slot 1 is outside the table.
  new Mprdma().open(0);
  assert.throws(() => new Mprdma().open(1), RangeError);
});

test.run();
