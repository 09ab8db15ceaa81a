// The Mellanox RP checked event by event against a model of the HPCC simulator's five functions
// (rdma-hw.cc cnp_received_mlx, UpdateAlphaMlx, CheckRateDecreaseMlx, RateIncEventTimerMlx and
// the increase helpers; notes/baselines.md §3.3) on an ns-3 style event list: events due at one
// tick run in the order they were scheduled, and a cut cancels the pending increase. The model
// keeps the module's documented integer arithmetic (kb/s rates, Q16 α, floors), so any difference
// is one of order or of rule. Periods are whole microseconds, as HPCC's MicroSeconds() makes them,
// and CNPs arrive off the timers' ticks, whose order against a packet ns-3 does not fix.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { Dcqcn } from "./dcqcn";

const LINE_KBPS = 100_000_000;
const MIN_KBPS = 1_000_000;
const AI_KBPS = 20_000;
const HAI_KBPS = 200_000;
const G_Q16 = 256; // g = 1/256
const ONE = 65536;

interface Config {
  alphaUs: number;
  decUs: number;
  incUs: number;
  f: number;
  clamp: boolean;
}

type Kind = "alpha" | "dec" | "inc";
interface Ev {
  t: number;
  seq: number;
  kind: Kind;
  dead: boolean;
}

class HpccModel {
  rc = LINE_KBPS;
  rt = LINE_KBPS;
  alpha = ONE;
  alphaCnp = false;
  decCnp = false;
  first = true;
  stage = 0;
  seq = 0;
  /** Sequence numbers of the events run, in order (the late-caller test reads them). */
  readonly ran: number[] = [];
  private pending: Ev[] = [];
  private inc: Ev | null = null;

  constructor(private readonly c: Config) {}

  private schedule(t: number, kind: Kind): Ev {
    const e = { t, seq: this.seq++, kind, dead: false };
    this.pending.push(e);
    return e;
  }

  nextTimerNs(): number {
    let best = Infinity;
    for (const e of this.pending) if (!e.dead && e.t < best) best = e.t;
    return best;
  }

  cnp(now: number): void {
    this.alphaCnp = true;
    this.decCnp = true;
    if (this.first) {
      this.alpha = ONE;
      this.alphaCnp = false;
      this.schedule(now + this.c.alphaUs * 1000, "alpha");
      this.schedule(now + this.c.decUs * 1000 + 1, "dec");
      this.first = false; // RateOnFirstCnp 1: R_T = R_C = R_C
    }
  }

  /** Runs every event due at `now`, in (time, scheduling order). */
  runAt(now: number): void {
    for (;;) {
      let next: Ev | null = null;
      for (const e of this.pending) {
        if (e.dead || e.t !== now) continue;
        if (next === null || e.seq < next.seq) next = e;
      }
      if (next === null) break;
      this.pending.splice(this.pending.indexOf(next), 1);
      this.ran.push(next.seq);
      if (next.kind === "alpha") this.updateAlpha(now);
      else if (next.kind === "dec") this.checkDecrease(now);
      else this.increase(now);
    }
    this.pending = this.pending.filter((e) => !e.dead);
  }

  private updateAlpha(now: number): void {
    this.alpha = Math.floor((this.alpha * (ONE - G_Q16)) / ONE) + (this.alphaCnp ? G_Q16 : 0);
    this.alphaCnp = false;
    this.schedule(now + this.c.alphaUs * 1000, "alpha");
  }

  private checkDecrease(now: number): void {
    this.schedule(now + this.c.decUs * 1000, "dec");
    if (!this.decCnp) return;
    if (this.c.clamp || this.stage !== 0) this.rt = this.rc;
    this.rc = Math.max(MIN_KBPS, Math.floor((this.rc * (2 * ONE - this.alpha)) / (2 * ONE)));
    this.stage = 0;
    this.decCnp = false;
    if (this.inc !== null) this.inc.dead = true;
    this.inc = this.schedule(now + this.c.incUs * 1000, "inc");
  }

  private increase(now: number): void {
    this.inc = this.schedule(now + this.c.incUs * 1000, "inc");
    if (this.stage === this.c.f) this.rt = Math.min(LINE_KBPS, this.rt + AI_KBPS);
    else if (this.stage > this.c.f) this.rt = Math.min(LINE_KBPS, this.rt + HAI_KBPS);
    this.rc = Math.min(LINE_KBPS, Math.floor((this.rt + this.rc) / 2));
    this.stage++;
  }
}

function rp(c: Config): Dcqcn {
  const cc = new Dcqcn(
    {
      profile: "hpcc",
      linkGbps: 100,
      minRateMbps: 1000,
      aiMbps: 20,
      haiMbps: 200,
      g: 1 / 256,
      initialAlpha: 1,
      rateOnFirstCnp: 1,
      fastRecoverySteps: c.f,
      clampTargetRate: c.clamp,
      alphaTimerNs: c.alphaUs * 1000,
      decreaseTimerNs: c.decUs * 1000,
      increaseTimerNs: c.incUs * 1000,
    },
    1,
  );
  cc.open(0);
  return cc;
}

function state(cc: Dcqcn): number[] {
  return [cc.rateBps(0) / 1000, cc.targetRateBps(0) / 1000, cc.timeStageCount(0), cc.alphaValue(0) * ONE];
}

/** Runs the model's events due before `untilNs`, and the RP's onTimer at each of them. */
function runTimers(model: HpccModel, cc: Dcqcn | null, untilNs: number, check: (t: number) => void): void {
  for (let t = model.nextTimerNs(); t < untilNs; t = model.nextTimerNs()) {
    model.runAt(t);
    if (cc !== null) {
      cc.onTimer(0, t);
      check(t);
    }
  }
}

/** CNPs at ticks ≡ 500 (the first) or 250 (the rest) mod 1000: the timers tick at ≡ 500 or 501. */
function nextCnpNs(rng: Xoshiro128, cnpAt: number): number {
  // Bursts of CNPs a few µs apart, then quiet spells long enough for increases to stage up.
  const gapUs = rng.nextBelow(4) === 0 ? 200 + rng.nextBelow(3000) : 1 + rng.nextBelow(12);
  return cnpAt - (cnpAt % 1000) + 250 + gapUs * 1000;
}

function run(c: Config, seed: number, cnps: number): number {
  const rng = new Xoshiro128(seed);
  const model = new HpccModel(c);
  const cc = rp(c);
  let events = 0;
  const same = (where: string) => {
    events++;
    const got = state(cc);
    const want = [model.rc, model.rt, model.stage, model.alpha];
    if (got.some((v, k) => v !== want[k])) {
      assert.equal(got, want, `${JSON.stringify(c)} seed ${seed}, ${where}: [R_C, R_T, stage, α Q16]`);
    }
    if (cc.timerArmed(0) && cc.nextTimerNs(0) !== model.nextTimerNs()) {
      assert.is(cc.nextTimerNs(0), model.nextTimerNs(), `${JSON.stringify(c)} seed ${seed}, ${where}: next timer`);
    }
  };
  let cnpAt = 500 + 1000 * rng.nextBelow(20);
  for (let i = 0; i < cnps; i++) {
    runTimers(model, cc, cnpAt, (t) => same(`timers at ${t}`));
    model.cnp(cnpAt);
    cc.onCnp(0, cnpAt);
    same(`CNP at ${cnpAt}`);
    cnpAt = nextCnpNs(rng, cnpAt);
  }
  return events;
}

test("Mellanox RP = HPCC's event list, tick by tick, where increase and decrease check share ticks", () => {
  const configs: Config[] = [
    { alphaUs: 1, decUs: 4, incUs: 300, f: 1, clamp: false }, // run.py `dcqcn`: every increase on a check
    { alphaUs: 50, decUs: 50, incUs: 55, f: 1, clamp: false }, // `dcqcn_paper`: every 11th increase
    { alphaUs: 1, decUs: 4, incUs: 8, f: 1, clamp: false },
    { alphaUs: 3, decUs: 4, incUs: 12, f: 5, clamp: true },
    { alphaUs: 7, decUs: 6, incUs: 4, f: 2, clamp: false }, // t_inc < t_dec: the check goes first
    { alphaUs: 2, decUs: 5, incUs: 5, f: 1, clamp: false }, // equal periods: the check goes first
  ];
  let events = 0;
  for (let i = 0; i < configs.length; i++) {
    for (let seed = 1; seed <= 3; seed++) events += run(configs[i], 100 * i + seed, 300);
  }
  assert.ok(events > 1_000_000, `${events} events compared`);
});

// A caller that runs onTimer late, once, past several deadlines: each timer due runs once, in
// the order ns-3 would have run them on time (deadline, then scheduling order). The model runs
// the events on time; a window is kept only when every event it ran there was scheduled before
// it (no timer came due twice, and no increase a cut inside it rescheduled came due too), since
// the RP reschedules from the late call instead. Every trial starts fresh: after a late call the
// RP's deadlines and the model's part.
function lateTrials(c: Config, seed: number, trials: number): { kept: number; multi: number } {
  const rng = new Xoshiro128(seed);
  let kept = 0;
  let multi = 0;
  for (let trial = 0; trial < trials; trial++) {
    const model = new HpccModel(c);
    const cc = rp(c);
    let cnpAt = 500 + 1000 * rng.nextBelow(20);
    const cnps = 1 + rng.nextBelow(12);
    for (let i = 0; i < cnps; i++) {
      runTimers(model, cc, cnpAt, () => {});
      model.cnp(cnpAt);
      cc.onCnp(0, cnpAt);
      cnpAt = nextCnpNs(rng, cnpAt);
    }
    // The late call lands before the next CNP, up to the shortest period on (longer windows
    // would see that timer twice).
    const start = model.nextTimerNs();
    const spanNs = 1000 * Math.min(c.alphaUs, c.decUs, c.incUs);
    const lateNs = Math.min(cnpAt - 1, start + rng.nextBelow(spanNs));
    if (lateNs < start) continue;
    const seqBefore = model.seq;
    const ranBefore = model.ran.length;
    runTimers(model, null, lateNs + 1, () => {});
    if (model.ran.slice(ranBefore).some((s) => s >= seqBefore)) continue;
    cc.onTimer(0, lateNs);
    kept++;
    if (model.ran.length - ranBefore > 1) multi++;
    const want = [model.rc, model.rt, model.stage, model.alpha];
    assert.equal(state(cc), want, `${JSON.stringify(c)} seed ${seed} trial ${trial}, late call at ${lateNs}`);
  }
  return { kept, multi };
}

test("Mellanox RP, one late onTimer past several deadlines = HPCC's events on time", () => {
  const configs: Config[] = [
    { alphaUs: 1, decUs: 4, incUs: 8, f: 1, clamp: false },
    { alphaUs: 5, decUs: 4, incUs: 6, f: 1, clamp: false }, // α due after a check: α runs second
    { alphaUs: 3, decUs: 4, incUs: 12, f: 5, clamp: true },
    { alphaUs: 7, decUs: 6, incUs: 4, f: 2, clamp: false },
    { alphaUs: 2, decUs: 5, incUs: 5, f: 1, clamp: false },
  ];
  let multi = 0;
  for (let i = 0; i < configs.length; i++) {
    const r = lateTrials(configs[i], 1000 + i, 1500);
    assert.ok(r.kept > 1200, `${JSON.stringify(configs[i])}: ${r.kept} windows kept`);
    multi += r.multi;
  }
  assert.ok(multi > 2500, `${multi} late calls past two or more deadlines`);
});

test.run();
