// Boundaries of DCQCN that dcqcn.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): the byte counter's arming and its hyper-stage halving, HPCC's extra
// nanosecond on the first decrease check, the window's one-packet rule, a closed slot's timer;
// and, from the audit against notes/baselines.md §3, the initial rate rounded below the minimum
// and the NP's CNP interval read across the 32-bit tick wrap on a long-lived flow.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DCQCN_ADDITIVE, DCQCN_ALPHA, DCQCN_DECREASE, DCQCN_FAST_RECOVERY, DCQCN_HYPER, Dcqcn } from "./dcqcn";
import { DCQCN_SEND_CNP, DcqcnNp } from "./np";

test("paper RP: the byte counter counts only after the first CNP, one event per byteCounterBytes", () => {
  const cc = new Dcqcn({}, 2);
  cc.open(1);
  assert.is(cc.onSend(1, 0, 10_000_000), 0); // no CNP yet: line rate, nothing to recover
  assert.is(cc.byteStageCount(1), 0);
  cc.onCnp(1, 10);
  assert.is(cc.onSend(1, 20, 9_999_999), 0);
  assert.is(cc.onSend(1, 30, 1), DCQCN_FAST_RECOVERY);
  assert.is(cc.byteStageCount(1), 1);
});

test("mellanox RP has no byte counter: sending changes no stage", () => {
  const cc = new Dcqcn({ profile: "hpcc" }, 2);
  cc.open(1);
  cc.onCnp(1, 10);
  for (let i = 0; i < 10; i++) assert.is(cc.onSend(1, 20 + i, 10_000_000), 0);
  assert.is(cc.byteStageCount(1), 0);
});

test("paper RP: hyperHalving decides whether the byte counter halves once both stages reach F", () => {
  const run = (hyperHalving: boolean) => {
    const cc = new Dcqcn({ hyperHalving }, 1);
    cc.open(0);
    cc.onCnp(0, 0);
    for (let i = 1; i <= 5; i++) cc.onTimer(0, i * 55_000); // time stage 5 = F
    for (let i = 0; i < 5; i++) assert.ok(cc.onSend(0, 300_000 + i, 10_000_000) > 0); // byte stage 5
    assert.equal([cc.timeStageCount(0), cc.byteStageCount(0)], [5, 5]);
    return cc.onSend(0, 300_010, 5_000_000);
  };
  assert.is(run(true), DCQCN_HYPER); // 5 MB = half the counter: an event
  assert.is(run(false), 0);
});

test("HPCC's first decrease check is due at CNP + period + 1 ns, and can be the earliest timer", () => {
  const cc = new Dcqcn({ profile: "hpcc", alphaTimerNs: 10_000 }, 2);
  cc.open(1);
  cc.onCnp(1, 11); // 11 + 4000 + 1 = 4012 (α at 10,011)
  assert.is(cc.nextTimerNs(1), 4012);
  cc.onCnp(1, 12); // a second CNP, for the check to act on
  assert.is(cc.onTimer(1, 4011) & DCQCN_DECREASE, 0);
  assert.is(cc.onTimer(1, 4012) & DCQCN_DECREASE, DCQCN_DECREASE);
  assert.is(cc.nextTimerNs(1), 8012); // the next check, one period on (α still at 10,011)
  cc.close(1);
  assert.is(cc.nextTimerNs(1), 0);
});

test("mellanox RP without clamping keeps R_T through decrease checks until an increase stage has started", () => {
  const cc = new Dcqcn({ profile: "hpcc" }, 2); // clampTargetRate false, RateOnFirstCnp 1
  cc.open(1);
  cc.onCnp(1, 10); // R_T = R_C = line rate
  cc.onCnp(1, 12);
  assert.is(cc.onTimer(1, 4011) & DCQCN_DECREASE, DCQCN_DECREASE);
  const rt = cc.targetRateBps(1);
  const rc = cc.rateBps(1);
  assert.ok(rc < rt);
  cc.onCnp(1, 5000);
  assert.is(cc.onTimer(1, 8011) & DCQCN_DECREASE, DCQCN_DECREASE);
  assert.is(cc.targetRateBps(1), rt); // time stage 0, no clamp: R_T stays
  assert.ok(cc.rateBps(1) < rc);
});

test("the window admits one packet whatever its size when nothing is in flight, and no more", () => {
  const cc = new Dcqcn({ windowBytes: 1000 }, 2);
  cc.open(1);
  assert.ok(cc.canSend(1, 4000));
  cc.onSend(1, 0, 1);
  assert.not.ok(cc.canSend(1, 1000)); // 1 + 1000 > 1000
  assert.ok(cc.canSend(1, 999));
});

test("NP: the CNP interval is met exactly, not a tick early, on arrival and by the deferred timer (odd interval, even gap)", () => {
  const np = new DcqcnNp({ cnpIntervalNs: 50_001 }, 2);
  np.open(1);
  assert.is(np.onData(1, 0, true), DCQCN_SEND_CNP);
  assert.is(np.onData(1, 50_000, true), 0);
  assert.is(np.onData(1, 50_001, true), DCQCN_SEND_CNP);
  const deferred = new DcqcnNp({ cnpIntervalNs: 50_001, deferredCnp: true }, 2);
  deferred.open(1);
  deferred.onData(1, 0, true);
  assert.is(deferred.onData(1, 10, true), 0); // pending
  assert.is(deferred.onTimer(1, 50_000), 0);
  assert.is(deferred.onTimer(1, 50_001), DCQCN_SEND_CNP);
});

test("paper RP at its range ends: no window by default, α = 1 halves at the first CNP, g = 1 keeps α at 1, hyper increase at once with F = 0", () => {
  const cc = new Dcqcn({}, 1);
  cc.open(0);
  cc.onSend(0, 0, 100_000_000);
  assert.ok(cc.canSend(0, 1_000_000), "rate based: no window");
  assert.is(cc.windowBytes(0), 0);
  // initialAlpha 1: R_C ← R_C (1 − α/2) = 50 Gb/s, then α ← (1 − g)·1 + g = 1.
  assert.is(cc.onCnp(0, 10) & DCQCN_DECREASE, DCQCN_DECREASE);
  assert.is(cc.rateBps(0), 50e9);
  const g1 = new Dcqcn({ g: 1, initialAlpha: 0.5 }, 1);
  g1.open(0);
  g1.onCnp(0, 10); // α = 0.5 cuts by a quarter, then α ← 0·0.5 + 1
  assert.is(g1.rateBps(0), 75e9);
  assert.is(g1.alphaValue(0), 1);
  // fastRecoverySteps 0: both stage counters are at F from the start, so the first increase event
  // after a cut is already hyper (i = min(stages) − F + 1 = 1: R_T += R_HAI), with no fast recovery.
  const f0 = new Dcqcn({ fastRecoverySteps: 0 }, 1);
  f0.open(0);
  f0.onCnp(0, 0);
  const r = f0.onTimer(0, 55_000); // t_inc = t_alpha = 55 µs: both due
  assert.is(r & (DCQCN_FAST_RECOVERY | DCQCN_ADDITIVE | DCQCN_HYPER), DCQCN_HYPER);
  // R_T was R_C before the cut (line rate, clamping on): 100 + 0.2 Gb/s capped at the line; R_C ← (R_T + R_C)/2.
  assert.is(f0.rateBps(0), (100e9 + 50e9) / 2);
});

test("the initial rate rounded below the minimum starts at the minimum, so a CNP never raises R_C (§3.2)", () => {
  // 0.0010025 Gb/s is 1002.4999999999999 kb/s in doubles → 1002; 1.0025 Mb/s → 1002.5 → 1003 kb/s.
  const cc = new Dcqcn({ linkGbps: 1, minRateMbps: 1.0025, initRateGbps: 0.0010025 }, 1);
  cc.open(0);
  assert.is(cc.rateBps(0), 1_003_000);
  assert.is(cc.targetRateBps(0), 1_003_000);
  // R_C ← max(min, floor(1003 × 1/2) = 501) = 1003 kb/s: held at the floor, not raised to it.
  assert.is(cc.onCnp(0, 0), DCQCN_DECREASE);
  assert.is(cc.rateBps(0), 1_003_000);
  // Mellanox RP: the first CNP keeps R_T = R_C = 1.0 × R_C, at the minimum.
  const mlx = new Dcqcn({ profile: "hpcc", linkGbps: 1, minRateMbps: 1.0025, initRateGbps: 0.0010025 }, 1);
  mlx.open(0);
  assert.is(mlx.rateBps(0), 1_003_000);
  mlx.onCnp(0, 0);
  assert.is(mlx.rateBps(0), 1_003_000);
});

test("NP: a mark more than 2^31 ns after the last CNP sends one at once (§3.1), deferred or not", () => {
  const late = 2 ** 31 + 1000; // 2.147 s after the first CNP: `| 0` gives a negative tick
  for (const params of [{ profile: "paper" as const }, { profile: "hpcc" as const, cnpIntervalNs: 4000, deferredCnp: false }]) {
    const np = new DcqcnNp(params, 1);
    np.open(0);
    assert.is(np.onData(0, 0, true), DCQCN_SEND_CNP);
    assert.is(np.onData(0, late, true), DCQCN_SEND_CNP, params.profile);
    assert.is(np.timerArmed(0), false);
    // and the interval then runs from that CNP as usual
    assert.is(np.onData(0, late + 1000, true), 0);
    assert.is(np.errors, 0);
  }
});

test("NP: a deferred CNP whose timer the caller runs more than 2^31 ns late is still sent", () => {
  const np = new DcqcnNp({ profile: "paper" }, 1); // N = 50 µs, deferred
  np.open(0);
  np.onData(0, 0, true);
  assert.is(np.onData(0, 10_000, true), 0);
  assert.is(np.nextTimerNs(0), 50_000);
  assert.is(np.onTimer(0, 2 ** 31 + 60_000), DCQCN_SEND_CNP);
  assert.is(np.timerArmed(0), false);
});

test("varWindow at R_C = line rate is the whole window, even where window × R_C passes 2^53", () => {
  // HPCC's *_vwin: window = windowBytes × R_C / line. linkGbps 123.456789 → line 123,456,789 kb/s,
  // and R_C starts at the line rate: floor(1,073,741,800 × 123,456,789 / 123,456,789) = 1,073,741,800.
  const w = 1_073_741_800;
  const cc = new Dcqcn({ linkGbps: 123.456789, windowBytes: w, varWindow: true }, 1);
  cc.open(0);
  assert.is(cc.windowBytes(0), w);
  cc.onSend(0, 0, 1);
  assert.ok(cc.canSend(0, w - 1)); // inflight 1 + (w − 1) = w ≤ w
});

// The RP's timers are set at most a period ahead, so a timer the caller runs 2^31 ns or more
// after its deadline has come (lib/core/ticks.ts), where the signed reading said up to 2^31 ns ahead.
const LATE_NS = 2 ** 31 + 100_000; // the deadlines below all lie ≤ 55,001 ns after 0

test("paper RP: α and increase timers run 2^31 ns late still fire", () => {
  const cc = new Dcqcn({ profile: "paper" }, 1); // K = T = 55 µs (notes/baselines.md §3.2)
  cc.open(0);
  cc.onCnp(0, 0);
  const r = cc.onTimer(0, LATE_NS);
  assert.is(r & DCQCN_ALPHA, DCQCN_ALPHA);
  assert.is(r & DCQCN_FAST_RECOVERY, DCQCN_FAST_RECOVERY, "the first increase event is fast recovery");
  assert.is(cc.timeStageCount(0), 1);
});

test("mellanox RP: α update and decrease check run 2^31 ns late still fire", () => {
  const cc = new Dcqcn({ profile: "hpcc" }, 1);
  cc.open(0);
  cc.onCnp(0, 0); // arms α and the decrease check (a period, and a period + 1 ns, ahead), a CNP pending for both
  const r = cc.onTimer(0, LATE_NS);
  assert.is(r & DCQCN_ALPHA, DCQCN_ALPHA);
  assert.is(r & DCQCN_DECREASE, DCQCN_DECREASE);
});

// Nineteenth mutation pass (2026-12-02): the decrease check's lead bound (a period + 1 ns) at
// both of its ends.

test("mellanox RP: an onTimer call before any deadline, just after the first CNP, runs no decrease check", () => {
  // HPCC cnp_received_mlx schedules the first CheckRateDecreaseMlx a period and 1 ns after the
  // first CNP (4012 for a CNP at 11, t_dec 4 µs); nothing is due at 12, when the check reads
  // 4000 ns ahead, or at 13 (3999 ahead). A bound of a period − 1 ns read those as passed.
  const cc = new Dcqcn({ profile: "hpcc", alphaTimerNs: 10_000 }, 2);
  cc.open(1);
  cc.onCnp(1, 11);
  cc.onCnp(1, 12); // a CNP for the check to act on
  const rc = cc.rateBps(1);
  assert.is(cc.onTimer(1, 12), 0);
  assert.is(cc.onTimer(1, 13), 0);
  assert.is(cc.rateBps(1), rc);
  assert.is(cc.onTimer(1, 4012) & DCQCN_DECREASE, DCQCN_DECREASE);
});

test("mellanox RP: a decrease check run 2^32 − (period + 2) ns late, the latest the 32-bit tick can tell, still runs", () => {
  // lib/core/ticks.ts: a deadline set at most L = period + 1 ns ahead has come when it reads as
  // more than L ahead, which holds while it passed less than 2^32 − L ns ago. Due at 4012 and
  // run at 4012 + 2^32 − 4002 (tick 10), it reads 4002 = L + 1 ahead: it came, and the CNP
  // pending since 12 cuts the rate.
  const cc = new Dcqcn({ profile: "hpcc", alphaTimerNs: 10_000 }, 2);
  cc.open(1);
  cc.onCnp(1, 11);
  cc.onCnp(1, 12);
  assert.is(cc.onTimer(1, 4012 + 2 ** 32 - 4002) & DCQCN_DECREASE, DCQCN_DECREASE);
});

test("with no window configured, windowBytes is 0 (none) whether or not varWindow scales it", () => {
  // HPCC GetWin's 1 B floor keeps a scaled window from reading as none; with no window at all
  // there is nothing to scale (windowBytes 0: none, and canSend always true).
  const cc = new Dcqcn({ windowBytes: 0, varWindow: true }, 1);
  cc.open(0);
  assert.is(cc.windowBytes(0), 0);
  assert.ok(cc.canSend(0, 1 << 20));
});

// Twenty-seventh pass (2026-12-07): the whole of dcqcn.ts again. The Mellanox α update and
// increase timer at the latest lateness the 32-bit tick can tell (the nineteenth pass pinned the
// decrease check's), and the default capacity.

test("mellanox RP: an α update run 2^32 − (period + 1) ns late, the latest the tick can tell, still runs, before the check", () => {
  // README "Arithmetic", Timers: a timer runs when tickDeadlineCame(due, now, period): the
  // deadline is now or reads more than its period ahead. hpcc: K = t_alpha = 1 µs, t_dec = 4 µs.
  // The first CNP at 11 sets α = initialAlpha = 1 (65,536 in Q16), α due 11 + 1000 = 1011, the
  // check due 11 + 4000 + 1 = 4012. At tick 10 (nowNs 2^32 + 10) the α deadline reads
  // 1011 − 10 = 1001 = K + 1 ahead: it came, 2^32 − 1001 ns late; the check reads 4002 =
  // t_dec + 2 ahead: it came too. Earliest deadline first (README Choices): α (1011) before the
  // check (4012). The α update has no CNP in its period (the first CNP sets α, it does not count
  // for the update): α = floor(65,536 × (65,536 − 256) / 65,536) = 65,280. The check (the first
  // CNP counts for it) cuts with that α: R_C = floor(10^8 kb/s × (131,072 − 65,280) / 131,072)
  // = floor(50,195,312.5) = 50,195,312 kb/s.
  const cc = new Dcqcn({ profile: "hpcc" }, 1);
  cc.open(0);
  cc.onCnp(0, 11);
  assert.is(cc.onTimer(0, 2 ** 32 + 10), DCQCN_ALPHA | DCQCN_DECREASE);
  assert.is(cc.alphaValue(0), 65_280 / 65_536);
  assert.is(cc.rateBps(0), 50_195_312_000);
});

test("mellanox RP: an increase timer run 2^32 − (period + 1) ns late, the latest the tick can tell, still runs", () => {
  // hpcc with t_alpha 1 ms (so that the α update stays out of the way), t_dec 4 µs, T = 300 µs,
  // F = 1, no clamping. The first CNP at 0: check due 4001. onTimer(4001): the check cuts with
  // α = 1: R_C = 10^8 / 2 = 5·10^7 kb/s, R_T stays 10^8 (time stage 0, no clamp), and the
  // increase timer is armed at 4001 + 300,000 = 304,001 (README: each Mellanox cut arms it at
  // now + T). At tick 4000 (nowNs 2^32 + 4000) that deadline reads 300,001 = T + 1 ahead: it
  // came (tickDeadlineCame), 2^32 − 300,001 ns late. Nothing else has: α (due 1,000,000) reads
  // 996,000 ahead, the check (due 8001) 4001 = t_dec + 1 ahead, its own bound. Stage 0 < F:
  // fast recovery, R_C = floor((10^8 + 5·10^7) / 2) = 7.5·10^7 kb/s, and the stage counts 1.
  const cc = new Dcqcn({ profile: "hpcc", alphaTimerNs: 1_000_000 }, 1);
  cc.open(0);
  cc.onCnp(0, 0);
  assert.is(cc.onTimer(0, 4001), DCQCN_DECREASE);
  assert.is(cc.rateBps(0), 50e9);
  assert.is(cc.nextTimerNs(0), 8001);
  assert.is(cc.onTimer(0, 2 ** 32 + 4000), DCQCN_FAST_RECOVERY);
  assert.is(cc.rateBps(0), 75e9);
  assert.is(cc.timeStageCount(0), 1);
});

test("the default capacity is one flow, for the RP and the NP", () => {
  // lib/core/table.ts: a table of `capacity` slots, 1 unless given (constructor(params = {}, capacity = 1)).
  assert.throws(() => new Dcqcn().open(1), RangeError);
  assert.not.throws(() => new Dcqcn().open(0));
  assert.throws(() => new DcqcnNp().open(1), RangeError);
  assert.not.throws(() => new DcqcnNp().open(0));
});

test("NP: an interval of 1 ns still spaces CNPs: a second mark in the same nanosecond waits for the next", () => {
  // §3.1 (README table): a mark sends a CNP at once only if none went out in the last N; after
  // that, at most one per N, the deferred one from onTimer once now − lastCnp ≥ N. N = 1 ns: a
  // CNP at 100, a mark at 100 (age 0 < 1) sends nothing and is deferred to 100 + 1 = 101.
  // Only N = 0 sends on every marked packet (HPCC, notes §3.3).
  const np = new DcqcnNp({ cnpIntervalNs: 1 }, 1); // paper profile: deferredCnp
  np.open(0);
  assert.is(np.onData(0, 100, true), DCQCN_SEND_CNP);
  assert.is(np.onData(0, 100, true), 0);
  assert.is(np.nextTimerNs(0), 101);
  assert.is(np.onTimer(0, 101), DCQCN_SEND_CNP);
  const direct = new DcqcnNp({ cnpIntervalNs: 1, deferredCnp: false }, 1);
  direct.open(0);
  assert.is(direct.onData(0, 100, true), DCQCN_SEND_CNP);
  assert.is(direct.onData(0, 100, true), 0);
  assert.is(direct.onData(0, 101, true), DCQCN_SEND_CNP); // age 1 = N
  assert.is(direct.timerArmed(0), false);
});

test.run();
