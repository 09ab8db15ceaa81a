import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { MPRDMA_DECREASE, MPRDMA_INCREASE, MPRDMA_RESET, Mprdma } from "./mprdma";
import { resolveMprdmaParams } from "./params";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

test("profiles: the paper's −1/2 and the SMaRTT htsim −0.15 MSS; the window follows the BDP", () => {
  const p = resolveMprdmaParams({});
  assert.is(p.decreaseMss, 0.5);
  assert.is(p.nackDecreaseMss, 0.5);
  assert.is(p.carryRemainder, true);
  assert.is(p.resetOnTimeout, true);
  assert.is(p.outOfOrderDecreaseMss, 1);
  assert.is(p.maxCwndBytes, 150_000); // 100 Gb/s × 12 µs
  const h = resolveMprdmaParams({ profile: "htsim", linkGbps: 800, baseRttNs: 10_000, mssBytes: 4160 });
  assert.is(h.decreaseMss, 0.15);
  assert.is(h.nackDecreaseMss, 0);
  assert.is(h.resetOnTimeout, false);
  assert.is(h.outOfOrderDecreaseMss, 0);
  assert.is(h.maxCwndBytes, 1_000_000);
  assert.is(h.initCwndBytes, 1_000_000);
  assert.is(h.minCwndBytes, 4160);
  assert.throws(() => new Mprdma({ delta: 32 } as never), /unknown parameter delta/);
  assert.throws(() => new Mprdma({ profile: "mp" } as never), /unknown profile/);
  assert.throws(() => new Mprdma({ maxCwndBytes: 100 }), RangeError);
  assert.throws(() => new Mprdma({ decreaseMss: -1 }), RangeError);
  assert.throws(() => new Mprdma({ outOfOrderDecreaseMss: 65 }), RangeError);
  assert.is(Mprdma.bytesPerFlow, 17);
});

test("an ACK of n MSS counts as n per-packet ACKs", () => {
  const one = new Mprdma({ initCwndBytes: 40_960 }, 1);
  one.open(0);
  assert.is(one.onAck(0, 0, 8192, true), MPRDMA_DECREASE);
  assert.is(one.cwndBytes(0), 40_960 - 4096); // two half-packet decreases
  assert.is(one.onAck(0, 1, 8192, false), MPRDMA_INCREASE);
  assert.is(one.cwndBytes(0), 36_864 + 910); // 2 × 4096²/36864 = 910.2
  assert.is(one.onAck(0, 2, 0, false), 0);
});

test("paper: a timeout never raises the window (DCP SenderTimeout's m_win = m_initialWin, as min(cwnd, init))", () => {
  const cc = new Mprdma({ initCwndBytes: 40_960 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 16_384);
  // 40,960 + ⌊4096² / 40,960⌋ = 40,960 + 409 (409.6: 24,576 / 40,960 carried)
  cc.onAck(0, 1, 4096, false);
  cc.onAck(0, 2, 4096, true); // 41,369 − 2048 = 39,321
  assert.is(cc.cwndBytes(0), 39_321);
  // Below initCwndBytes: the window and its carried fraction stay (the source's reset would have
  // raised it to 40,960); the episode holds the 8,192 B outstanding at the timeout.
  assert.is(cc.onTimeout(0, 3, 8192), MPRDMA_RESET);
  assert.is(cc.cwndBytes(0), 39_321);
  assert.is(cc.inflightBytes(0), 0);
  assert.is(cc.recoverBytes(0), 8192);
  // Carry kept: ⌊(24,576 + 4096²) / 39,321⌋ = ⌊16,801,792 / 39,321⌋ = 427 (427.3).
  cc.onSend(0, 4, 4096);
  cc.onAck(0, 5, 4096, false);
  assert.is(cc.cwndBytes(0), 39_748);
  assert.is(cc.recoverBytes(0), 4096);
  // htsim (sc24-phantomCC mprdma.cpp): the timeout path of retransmit_packet is never reached.
  const h = new Mprdma({ profile: "htsim" }, 1);
  h.open(0);
  h.onAck(0, 1, 4096, true); // 150,000 − ⌈614.4⌉
  assert.is(h.onTimeout(0, 2, 0), 0);
  assert.is(h.cwndBytes(0), 149_385);
  // The parameter alone decides.
  const off = new Mprdma({ resetOnTimeout: false }, 1);
  off.open(0);
  off.onAck(0, 1, 4096, true);
  assert.is(off.onTimeout(0, 2, 0), 0);
  assert.is(off.cwndBytes(0), 150_000 - 2048);
});

test("paper: one reset per timeout episode: a packet's own RTO after the first, before ACKs cover what was outstanding, changes nothing", () => {
  // UEC RUD times out a burst of lost packets one by one; DCP-Simulation's one QP timer would
  // have fired once for them (re-armed only by snd_una advancing, or an RTO later).
  const cc = new Mprdma({ initCwndBytes: 40_960 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 16_384);
  cc.onAck(0, 1, 4096, false); // 40,960 + 409 = 41,369, 24,576 carried; 12,288 in flight
  // Opens an episode: min(41,369, 40,960) = 40,960, the fraction dropped; 12,288 B to cover.
  assert.is(cc.onTimeout(0, 2, 4096), MPRDMA_RESET);
  assert.equal([cc.cwndBytes(0), cc.inflightBytes(0), cc.recoverBytes(0)], [40_960, 8192, 12_288]);
  // An ACK: + ⌊4096² / 40,960⌋ = 409 → 41,369 (24,576 carried); 8,192 B still to cover.
  assert.is(cc.onAck(0, 3, 4096, false), MPRDMA_INCREASE);
  assert.equal([cc.cwndBytes(0), cc.recoverBytes(0)], [41_369, 8192]);
  // Another packet's first RTO, 333 ns later: the same episode, nothing changes (the old rule
  // reset it again to 40,960).
  assert.is(cc.onTimeout(0, 336, 4096), 0);
  assert.equal([cc.cwndBytes(0), cc.inflightBytes(0)], [41_369, 0]);
  // Both resent and ACKed together: the episode ends (8,192 − 8,192 = 0); + ⌊(24,576 + 4096 ×
  // 8192) / 41,369⌋ = ⌊33,579,008 / 41,369⌋ = 811 → 42,180.
  cc.onSend(0, 400, 8192);
  cc.onAck(0, 500, 8192, false);
  assert.equal([cc.cwndBytes(0), cc.recoverBytes(0)], [42_180, 0]);
  // The next timeout opens a new episode: 40,960 again; nothing outstanding, nothing to cover.
  assert.is(cc.onTimeout(0, 600, 0), MPRDMA_RESET);
  assert.equal([cc.cwndBytes(0), cc.recoverBytes(0)], [40_960, 0]);
});

test("a late ACK costs one packet, floored at minCwndBytes (DCP MpRDMARecvAckLogic)", () => {
  const cc = new Mprdma({ initCwndBytes: 40_960 }, 1);
  cc.open(0);
  cc.onAck(0, 1, 4096, false); // 41,369
  assert.is(cc.onOutOfOrder(0, 1), MPRDMA_DECREASE);
  assert.is(cc.cwndBytes(0), 41_369 - 4096);
  const low = new Mprdma({ initCwndBytes: 5000 }, 1);
  low.open(0);
  assert.is(low.onOutOfOrder(0, 7), MPRDMA_DECREASE);
  assert.is(low.cwndBytes(0), 4096); // 5000 − 4096 = 904 < one packet
  assert.is(low.onOutOfOrder(0, 8), 0);
  assert.is(low.cwndBytes(0), 4096);
  const half = new Mprdma({ outOfOrderDecreaseMss: 0.15 }, 1);
  half.open(0);
  half.onOutOfOrder(0, 0);
  assert.is(half.cwndBytes(0), 150_000 - 615); // ⌈0.15 × 4096⌉ = ⌈614.4⌉
  // htsim: mprdma.cpp has no out-of-order filter.
  const h = new Mprdma({ profile: "htsim" }, 1);
  h.open(0);
  assert.is(h.onOutOfOrder(0, 1), 0);
  assert.is(h.cwndBytes(0), 150_000);
  assert.is(cc.errors + low.errors + half.errors + h.errors, 0);
});

test("every handler rejects bad arguments with E_ARG and bad slots with E_SLOT, state unchanged", () => {
  const cc = new Mprdma({}, 4);
  cc.open(0);
  cc.onSend(0, 0, 8192);
  cc.onAck(0, 1, 4096, true);
  const before = cc.inspect(0);
  let n = 0;
  for (const x of [NaN, Infinity, -1, 0.5, 2 ** 31]) {
    assert.is(cc.onAck(0, 2, x, false), E_ARG);
    assert.is(cc.onNack(0, 2, x), E_ARG);
    assert.is(cc.onTimeout(0, 2, x), E_ARG);
    assert.is(cc.onInferredLoss(0, 2, x, 4096), E_ARG);
    assert.is(cc.onInferredLoss(0, 2, 4096, x), E_ARG);
    assert.is(cc.onSend(0, 2, x), E_ARG);
    assert.is(cc.canSend(0, x), false);
    n += 7;
  }
  assert.is(cc.onAck(0, NaN, 0, false), E_ARG);
  for (const t of [NaN, Infinity, -Infinity]) assert.is(cc.onOutOfOrder(0, t), E_ARG);
  n += 4;
  for (const s of [-1, 4, 0.5, NaN, 3]) {
    assert.is(cc.onAck(s, 0, 0, false), E_SLOT);
    assert.is(cc.onNack(s, 0, 0), E_SLOT);
    assert.is(cc.onTimeout(s, 0, 0), E_SLOT);
    assert.is(cc.onInferredLoss(s, 0, 0, 0), E_SLOT);
    assert.is(cc.onOutOfOrder(s, 0), E_SLOT);
    assert.is(cc.onSend(s, 0, 0), E_SLOT);
    n += 6;
  }
  assert.is(cc.errors, n);
  assert.ok(same(cc.inspect(0), before));
});

function randomRun(profile: "paper" | "htsim", seed: number, events: number): number {
  const flows = 32;
  const cc = new Mprdma({ profile }, flows);
  for (let s = 0; s < flows; s++) cc.open(s);
  const rng = new Xoshiro128(seed);
  let sum = 0;
  for (let i = 0; i < events; i++) {
    const s = rng.nextBelow(flows);
    const k = rng.nextBelow(100);
    let r: number;
    if (k < 40) r = cc.onSend(s, i, 4096);
    else if (k < 96) r = cc.onAck(s, i, 4096 * rng.nextBelow(3), rng.nextBelow(6) === 0);
    else if (k < 97) r = cc.onNack(s, i, 4096);
    else if (k < 98) r = cc.onOutOfOrder(s, i);
    else if (k < 99) r = cc.onTimeout(s, i, 4096);
    else r = cc.onAck(s, i, -1, true);
    sum = (sum + r) | 0;
    const w = cc.cwndBytes(s);
    if (!(w >= 4096 && w <= 150_000)) throw new Error(`cwnd ${w} out of [MSS, BDP] at event ${i}`);
  }
  for (let s = 0; s < flows; s++) sum = (sum + cc.cwndBytes(s)) | 0;
  return sum;
}

test("300 k random events keep MSS ≤ cwnd ≤ BDP, deterministically per seed", () => {
  for (const profile of ["paper", "htsim"] as const) {
    const a = randomRun(profile, 9, 300_000);
    assert.is(randomRun(profile, 9, 300_000), a);
    assert.is.not(randomRun(profile, 10, 300_000), a);
  }
});

test.run();
