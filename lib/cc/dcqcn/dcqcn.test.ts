import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { DCQCN_DECREASE, DCQCN_FAST_RECOVERY, Dcqcn } from "./dcqcn";
import { DCQCN_SEND_CNP, DcqcnNp } from "./np";
import { resolveDcqcnParams } from "./params";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

test("profiles: the paper RP, and HPCC's Mellanox presets whose steps follow the link rate", () => {
  const p = resolveDcqcnParams({});
  assert.is(p.profile, "paper");
  assert.is(p.rp, "paper");
  assert.is(p.g, 1 / 256);
  assert.is(p.alphaTimerNs, 55_000);
  assert.is(p.increaseTimerNs, 55_000);
  assert.is(p.byteCounterBytes, 10_000_000);
  assert.is(p.fastRecoverySteps, 5);
  assert.is(p.aiMbps, 40);
  assert.is(p.cnpIntervalNs, 50_000);
  const h = resolveDcqcnParams({ profile: "hpcc", linkGbps: 25 });
  assert.is(h.rp, "mellanox");
  assert.is(h.aiMbps, 5); // 5·bw/25
  assert.is(h.haiMbps, 50); // 50·bw/25
  assert.is(h.alphaTimerNs, 1_000);
  assert.is(h.decreaseTimerNs, 4_000);
  assert.is(h.increaseTimerNs, 300_000);
  assert.is(h.fastRecoverySteps, 1);
  assert.is(h.cnpIntervalNs, 0);
  assert.is(h.clampTargetRate, false);
  const hp = resolveDcqcnParams({ profile: "hpcc-paper" });
  assert.is(hp.alphaTimerNs, 50_000);
  assert.is(hp.decreaseTimerNs, 50_000);
  assert.is(hp.increaseTimerNs, 55_000);
  assert.is(Dcqcn.bytesPerFlow, 42);
  assert.is(DcqcnNp.bytesPerFlow, 6);
});

test("unknown names and out-of-range values are refused", () => {
  assert.throws(() => new Dcqcn({ kmin: 1 } as never), /unknown parameter kmin/);
  assert.throws(() => new DcqcnNp({ profile: "mlx" } as never), /unknown profile/);
  assert.throws(() => new Dcqcn({ g: 0 }), RangeError);
  assert.throws(() => new Dcqcn({ rp: "mellanox", decreaseTimerNs: 0 }), RangeError);
  assert.throws(() => new Dcqcn({ byteCounterBytes: 1 }), RangeError);
  // notes §3.3: the Mellanox RP's rate increase is "timer only (no byte counter)".
  assert.throws(() => new Dcqcn({ profile: "hpcc", byteCounterBytes: 10_000 }), /rp mellanox/);
  assert.throws(() => new Dcqcn({ rp: "mellanox", decreaseTimerNs: 4000, byteCounterBytes: 10_000 }), RangeError);
  assert.throws(() => new Dcqcn({ rateOnFirstCnp: 2 }), RangeError);
  assert.throws(() => new Dcqcn({ linkGbps: 4000 }), RangeError);
});

test("paper RP without target clamping keeps R_T on a cut until an increase stage has started", () => {
  const cc = new Dcqcn({ clampTargetRate: false, initRateGbps: 40 }, 1);
  cc.open(0);
  cc.onCnp(0, 0);
  assert.is(cc.targetRateBps(0), 40e9); // R_T untouched (stages 0), R_C 20
  assert.is(cc.rateBps(0), 20e9);
  cc.onCnp(0, 1);
  assert.is(cc.targetRateBps(0), 40e9);
  assert.is(cc.rateBps(0), 10e9);
  assert.is(cc.onTimer(0, 55_001) & DCQCN_FAST_RECOVERY, DCQCN_FAST_RECOVERY);
  assert.is(cc.rateBps(0), 25e9);
  cc.onCnp(0, 55_002); // timer stage 1 → R_T ← R_C
  assert.is(cc.targetRateBps(0), 25e9);
});

test("a cut never goes below the minimum rate; increases never above the line rate", () => {
  const cc = new Dcqcn({ minRateMbps: 30_000 }, 1);
  cc.open(0);
  cc.onCnp(0, 0);
  cc.onCnp(0, 1);
  assert.is(cc.rateBps(0), 30e9);
  for (let t = 55_001; t < 55_001 + 200 * 55_000; t += 27_500) {
    cc.onTimer(0, t);
    cc.onSend(0, t, 10_000_000); // byte-counter events: both stages pass F, hyper increase
  }
  assert.is(cc.targetRateBps(0), 100e9);
  // floor((R_T + R_C)/2) approaches the line rate from below and settles 1 kb/s under it.
  assert.is(cc.rateBps(0), 100e9 - 1000);
});

test("mellanox RP: the first CNP can set the rate (RateOnFirstCnp) and arms the timers", () => {
  const cc = new Dcqcn({ profile: "hpcc", rateOnFirstCnp: 0.5 }, 1);
  cc.open(0);
  assert.is(cc.timerArmed(0), false);
  assert.is(cc.onCnp(0, 10), 0);
  assert.is(cc.rateBps(0), 50e9);
  assert.is(cc.targetRateBps(0), 50e9);
  assert.is(cc.timerArmed(0), true);
  assert.is(cc.nextTimerNs(0), 1010);
  assert.is(cc.onTimer(0, 4011) & DCQCN_DECREASE, DCQCN_DECREASE); // α and decrease both due
  assert.is(cc.nextTimerNs(0), 5011);
});

test("timer deadlines compare across the 32-bit tick wrap", () => {
  const cc = new Dcqcn({}, 1);
  cc.open(0);
  const start = 2 ** 31 - 10_000; // the deadline wraps negative
  cc.onCnp(0, start);
  assert.is(cc.nextTimerNs(0), (start + 55_000) | 0);
  assert.is(cc.onTimer(0, (start + 54_999) | 0), 0);
  assert.is(cc.onTimer(0, (start + 55_000) | 0) & DCQCN_FAST_RECOVERY, DCQCN_FAST_RECOVERY);
});

test("NP: handlers validate; close clears a pending CNP", () => {
  const np = new DcqcnNp({}, 2);
  np.open(0);
  np.onData(0, 0, true);
  np.onData(0, 10, true);
  assert.is(np.timerArmed(0), true);
  np.close(0);
  assert.is(np.timerArmed(0), false);
  assert.is(np.nextTimerNs(0), 0);
  assert.is(np.onData(0, 20, true), E_SLOT);
  np.open(0);
  assert.is(np.onData(0, 20, true), DCQCN_SEND_CNP);
  assert.is(np.onData(0, NaN, true), E_ARG);
  assert.is(np.onTimer(0, Infinity), E_ARG);
  assert.is(np.onTimer(1, 0), E_SLOT);
  assert.is(np.errors, 4);
});

test("RP handlers reject bad arguments with E_ARG and bad slots with E_SLOT, state unchanged", () => {
  const cc = new Dcqcn({}, 4);
  cc.open(0);
  cc.onCnp(0, 0);
  cc.onSend(0, 1, 4096);
  const before = cc.inspect(0);
  let n = 0;
  for (const x of [NaN, Infinity, -1, 0.5, 2 ** 31]) {
    assert.is(cc.onSend(0, 2, x), E_ARG);
    assert.is(cc.onAck(0, 2, x), E_ARG);
    assert.is(cc.pacingGapNs(0, x), E_ARG);
    assert.is(cc.canSend(0, x), false);
    n += 4;
  }
  for (const now of [NaN, Infinity, -Infinity]) {
    assert.is(cc.onCnp(0, now), E_ARG);
    assert.is(cc.onTimer(0, now), E_ARG);
    n += 2;
  }
  for (const s of [-1, 4, 0.5, NaN, 3]) {
    assert.is(cc.onCnp(s, 0), E_SLOT);
    assert.is(cc.onTimer(s, 0), E_SLOT);
    assert.is(cc.onSend(s, 0, 0), E_SLOT);
    assert.is(cc.onAck(s, 0, 0), E_SLOT);
    n += 4;
  }
  assert.is(cc.errors, n);
  assert.ok(same(cc.inspect(0), before));
  assert.is(cc.timerArmed(3), false);
});

/** Drives CNPs, sends and the caller-owned timers at random; checks the rate bounds throughout. */
function randomRun(profile: "paper" | "hpcc" | "hpcc-paper", seed: number, events: number): number {
  const flows = 16;
  const cc = new Dcqcn({ profile, linkGbps: 100, minRateMbps: 500, byteCounterBytes: profile === "paper" ? 1_000_000 : 0 }, flows);
  const np = new DcqcnNp({ profile }, flows);
  for (let s = 0; s < flows; s++) {
    cc.open(s);
    np.open(s);
  }
  const rng = new Xoshiro128(seed);
  let now = 0;
  let sum = 0;
  for (let i = 0; i < events; i++) {
    now = (now + rng.nextBelow(4000)) | 0;
    const s = rng.nextBelow(flows);
    // Every due timer runs first, as a caller's timer wheel would.
    for (let f = 0; f < flows; f++) {
      while (cc.timerArmed(f) && ((now - cc.nextTimerNs(f)) | 0) >= 0) sum = (sum + cc.onTimer(f, now)) | 0;
      if (np.timerArmed(f) && ((now - np.nextTimerNs(f)) | 0) >= 0 && np.onTimer(f, now) === DCQCN_SEND_CNP) cc.onCnp(f, now);
    }
    const k = rng.nextBelow(100);
    if (k < 70) sum = (sum + cc.onSend(s, now, 4096)) | 0;
    else if (k < 98) {
      if (np.onData(s, now, rng.nextBelow(4) === 0) === DCQCN_SEND_CNP) sum = (sum + cc.onCnp(s, now)) | 0;
    } else sum = (sum + cc.onSend(s, now, -5)) | 0;
    const rc = cc.rateBps(s);
    const rt = cc.targetRateBps(s);
    if (!(rc >= 500e6 && rc <= 100e9)) throw new Error(`R_C ${rc} out of [500 Mb/s, 100 Gb/s] at event ${i}`);
    if (!(rt >= 500e6 && rt <= 100e9)) throw new Error(`R_T ${rt} out of bounds at event ${i}`);
    const a = cc.alphaValue(s);
    if (!(a >= 0 && a <= 1)) throw new Error(`alpha ${a}`);
  }
  for (let s = 0; s < flows; s++) sum = (sum + cc.rateBps(s) / 1000) | 0;
  return sum;
}

test("200 k random events keep R_C, R_T in [minRate, line] and α in [0, 1], deterministically per seed", () => {
  for (const profile of ["paper", "hpcc", "hpcc-paper"] as const) {
    const a = randomRun(profile, 3, 200_000);
    assert.is(randomRun(profile, 3, 200_000), a);
    assert.is.not(randomRun(profile, 4, 200_000), a);
  }
});

test.run();
