import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { DCTCP_ALPHA, DCTCP_DECREASE, DCTCP_INCREASE, Dctcp } from "./dctcp";
import { resolveDctcpParams } from "./params";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

test("profiles: RFC 8257 (α from 1, cut on ECE) and htsim (α from 0, cut at the window boundary)", () => {
  const r = resolveDctcpParams({});
  assert.is(r.profile, "rfc8257");
  assert.is(r.g, 1 / 16);
  assert.is(r.initialAlpha, 1);
  assert.is(r.cut, "ece");
  assert.is(r.initCwndBytes, 10 * 4096);
  const h = resolveDctcpParams({ profile: "htsim", mssBytes: 9000 });
  assert.is(h.initialAlpha, 0);
  assert.is(h.cut, "window");
  assert.is(h.initCwndBytes, 90_000);
  assert.throws(() => new Dctcp({ gain: 1 } as never), /unknown parameter gain/);
  assert.throws(() => new Dctcp({ profile: "linux" } as never), /unknown profile/);
  assert.throws(() => new Dctcp({ initCwndBytes: 100 }), RangeError);
  assert.throws(() => new Dctcp({ g: 2 }), RangeError);
  assert.throws(() => new Dctcp({ cut: "loss" } as never), RangeError);
  assert.is(Dctcp.bytesPerFlow, 46);
});

test("growth stops at maxCwndBytes", () => {
  const cc = new Dctcp({ maxCwndBytes: 45_000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 100_000);
  assert.is(cc.onAck(0, 1, 4096, false), DCTCP_ALPHA | DCTCP_INCREASE);
  assert.is(cc.cwndBytes(0), 45_000);
  assert.is(cc.onAck(0, 2, 4096, false), 0);
  assert.is(cc.cwndBytes(0), 45_000);
});

test("a cut never leaves less than one MSS", () => {
  const cc = new Dctcp({ initCwndBytes: 5000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 5000);
  assert.is(cc.onAck(0, 1, 1000, true), DCTCP_ALPHA | DCTCP_DECREASE);
  assert.is(cc.cwndBytes(0), 4096); // 5000 × (1 − 1/2) = 2500 → 1 MSS
});

test("sent/acked byte counters compare across the 32-bit wrap", () => {
  const cc = new Dctcp({}, 1);
  cc.open(0);
  // 2^31 bytes sent and acked in large pieces: the counters wrap, the window logic does not care.
  for (let i = 0; i < 4; i++) {
    cc.onSend(0, i, 2 ** 29);
    cc.onAck(0, i, 2 ** 29, false);
  }
  cc.onSend(0, 5, 81_920);
  const w = cc.cwndBytes(0);
  assert.is(cc.onAck(0, 6, 4096, true) & DCTCP_DECREASE, DCTCP_DECREASE);
  assert.ok(cc.cwndBytes(0) < w);
  assert.is(cc.onAck(0, 7, 4096, true) & DCTCP_DECREASE, 0); // CWR holds across the wrap
  assert.is(cc.reduced(0), true);
});

test("every handler rejects bad arguments with E_ARG and bad slots with E_SLOT, state unchanged", () => {
  const cc = new Dctcp({}, 4);
  cc.open(0);
  cc.onSend(0, 0, 40_960);
  cc.onAck(0, 1, 4096, true);
  const before = cc.inspect(0);
  let n = 0;
  for (const x of [NaN, Infinity, -1, 0.5, 2 ** 31]) {
    assert.is(cc.onAck(0, 2, x, false), E_ARG);
    assert.is(cc.onNack(0, 2, x), E_ARG);
    assert.is(cc.onTimeout(0, 2, x), E_ARG);
    assert.is(cc.onSend(0, 2, x), E_ARG);
    assert.is(cc.canSend(0, x), false);
    n += 5;
  }
  assert.is(cc.onAck(0, NaN, 0, false), E_ARG);
  assert.is(cc.onTimeout(0, -Infinity, 0), E_ARG);
  n += 2;
  for (const s of [-1, 4, 0.5, NaN, 2]) {
    assert.is(cc.onAck(s, 0, 0, false), E_SLOT);
    assert.is(cc.onNack(s, 0, 0), E_SLOT);
    assert.is(cc.onTimeout(s, 0, 0), E_SLOT);
    assert.is(cc.onSend(s, 0, 0), E_SLOT);
    n += 4;
  }
  assert.is(cc.errors, n);
  assert.ok(same(cc.inspect(0), before));
});

function randomRun(profile: "rfc8257" | "htsim", seed: number, events: number): number {
  const flows = 32;
  const cc = new Dctcp({ profile, maxCwndBytes: 1_000_000 }, flows);
  for (let s = 0; s < flows; s++) cc.open(s);
  const rng = new Xoshiro128(seed);
  let sum = 0;
  for (let i = 0; i < events; i++) {
    const s = rng.nextBelow(flows);
    const k = rng.nextBelow(100);
    let r: number;
    if (k < 40) r = cc.onSend(s, i, 4096);
    else if (k < 95) r = cc.onAck(s, i, 4096 * rng.nextBelow(3), rng.nextBelow(5) === 0);
    else if (k < 98) r = cc.onNack(s, i, 4096);
    else if (k < 99) r = cc.onTimeout(s, i, 4096);
    else r = cc.onAck(s, i, NaN, false);
    sum = (sum + r) | 0;
    const w = cc.cwndBytes(s);
    if (!(w >= 4096 && w <= 1_000_000)) throw new Error(`cwnd ${w} out of [MSS, max] at event ${i}`);
    const a = cc.alphaValue(s);
    if (!(a >= 0 && a <= 1)) throw new Error(`alpha ${a}`);
  }
  for (let s = 0; s < flows; s++) sum = (sum + cc.cwndBytes(s)) | 0;
  return sum;
}

test("300 k random events keep MSS ≤ cwnd ≤ maxCwnd and α in [0, 1], deterministically per seed", () => {
  for (const profile of ["rfc8257", "htsim"] as const) {
    const a = randomRun(profile, 5, 300_000);
    assert.is(randomRun(profile, 5, 300_000), a);
    assert.is.not(randomRun(profile, 6, 300_000), a);
  }
});

test.run();
