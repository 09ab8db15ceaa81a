// Derived defaults (DESIGN.md rules 6/7): a value given alone inside its documented range is
// never refused because of a profile constant that depends on it; explicit out-of-range values
// still are.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Dcqcn } from "./dcqcn";
import { DcqcnNp } from "./np";
import { resolveDcqcnParams } from "./params";

test("a slow link (linkGbps 0.05, rule [0.001, 2000]) is accepted alone in every profile: the rate defaults stay ≤ the line rate", () => {
  // Line rate 0.05 Gb/s = 50 Mb/s.
  // paper: min rate min(100, 50) = 50 Mb/s; R_AI min(40, 50) = 40; R_HAI min(200, 50) = 50; initial rate = line 0.05 Gb/s.
  const paper = new Dcqcn({ profile: "paper", linkGbps: 0.05 });
  assert.is(paper.params.minRateMbps, 50);
  assert.is(paper.params.aiMbps, 40);
  assert.is(paper.params.haiMbps, 50);
  assert.is(paper.params.initRateGbps, 0.05);
  paper.open(0);
  assert.is(paper.rateBps(0), 50_000_000); // 0.05 Gb/s = 50,000 kb/s × 1000
  new DcqcnNp({ profile: "paper", linkGbps: 0.05 });
  // hpcc, hpcc-paper: min rate min(1000, 50) = 50 Mb/s; R_AI 5 × 0.05 / 25 = 0.01, R_HAI 50 × 0.05 / 25 = 0.1 Mb/s (already ≤ 50).
  for (const profile of ["hpcc", "hpcc-paper"] as const) {
    const d = new Dcqcn({ profile, linkGbps: 0.05 });
    assert.is(d.params.minRateMbps, 50);
    assert.is(d.params.aiMbps, (5 * 0.05) / 25);
    assert.is(d.params.haiMbps, (50 * 0.05) / 25);
    d.open(0);
    assert.is(d.rateBps(0), 50_000_000);
  }
  // At 1 Gb/s the paper floor (100 Mb/s) is below the line and stays; the hpcc floor min(1000, 1000) = 1000.
  assert.is(resolveDcqcnParams({ linkGbps: 1 }).minRateMbps, 100);
  assert.is(resolveDcqcnParams({ profile: "hpcc", linkGbps: 1 }).minRateMbps, 1000);
  // Unchanged in range (100 Gb/s): 100 / 1000 Mb/s, R_AI 40, R_HAI 200.
  const p = resolveDcqcnParams();
  assert.is(p.minRateMbps, 100);
  assert.is(p.aiMbps, 40);
  assert.is(p.haiMbps, 200);
  assert.is(resolveDcqcnParams({ profile: "hpcc" }).minRateMbps, 1000);
});

test("an initial rate below the profile's floor (rule [minRate/1000, linkGbps]) is accepted alone: the floor default follows it", () => {
  // paper at 100 Gb/s, initRateGbps 0.05: floor min(100, 100000, 50) = 50 Mb/s.
  const d = new Dcqcn({ initRateGbps: 0.05 });
  assert.is(d.params.minRateMbps, 50);
  d.open(0);
  assert.is(d.rateBps(0), 50_000_000);
  // hpcc at 100 Gb/s, initRateGbps 0.5: floor min(1000, 100000, 500) = 500 Mb/s.
  assert.is(new Dcqcn({ profile: "hpcc", initRateGbps: 0.5 }).params.minRateMbps, 500);
});

test("paper profile with rp mellanox: decreaseTimerNs and byteCounterBytes follow the RP (hpcc values, notes/baselines.md §3.3)", () => {
  // The Mellanox RP: decrease check every RATE_DECREASE_INTERVAL = 4 µs (`dcqcn` preset), timer-only increases (B = 0).
  const d = new Dcqcn({ profile: "paper", rp: "mellanox" });
  assert.is(d.params.rp, "mellanox");
  assert.is(d.params.decreaseTimerNs, 4000);
  assert.is(d.params.byteCounterBytes, 0);
  new DcqcnNp({ profile: "paper", rp: "mellanox" });
  // Unchanged: the paper RP (0: cuts on the CNP; 10 MB counter), and hpcc with rp paper (4 µs, no counter, both legal).
  const p = resolveDcqcnParams({ rp: "paper" });
  assert.is(p.decreaseTimerNs, 0);
  assert.is(p.byteCounterBytes, 10_000_000);
  const h = resolveDcqcnParams({ profile: "hpcc", rp: "paper" });
  assert.is(h.decreaseTimerNs, 4000);
  assert.is(h.byteCounterBytes, 0);
});

test("explicit out-of-range rates, timers and counters still throw", () => {
  assert.throws(() => new Dcqcn({ linkGbps: 0.05, minRateMbps: 60 }), /minRateMbps must be a number in \[0.001, 50\], got 60/);
  assert.throws(() => new Dcqcn({ linkGbps: 0.05, haiMbps: 200 }), /haiMbps must be a number in \[0, 50\], got 200/);
  // A negative initRateGbps is refused by its own rule: the floor's search stepped toward zero
  // from below and never ended (audit, 2026-12-07).
  assert.throws(() => new Dcqcn({ initRateGbps: -80.88627642835581 }), /initRateGbps/);
  assert.throws(() => new Dcqcn({ initRateGbps: 0.05, minRateMbps: 100 }), /initRateGbps must be a number in \[0.1, 100\], got 0.05/);
  assert.throws(() => new Dcqcn({ linkGbps: 0.0005 }), /linkGbps must be/);
  assert.throws(() => new Dcqcn({ profile: "paper", rp: "mellanox", decreaseTimerNs: 0 }), /decreaseTimerNs must be a number in \[1, 2\^30\], got 0/);
  assert.throws(() => new Dcqcn({ profile: "paper", rp: "mellanox", byteCounterBytes: 10_000_000 }), /byteCounterBytes must be 0 or an integer/);
  // A bad rp is reported as such, not through the decrease-timer bound it sets.
  assert.throws(() => new Dcqcn({ rp: "ibm" as never }), /rp must be one of "paper", "mellanox", got "ibm"/);
});

test.run();
