// What every load balancer in lib/lb promises the same way (lib/lb/index.ts, DESIGN.md rules 2
// and 6), checked once across all of them: a PSN is any 32-bit word, signed or unsigned (lib/core
// psn.ts compares them wrap-safe, so a sender may count them either way), and anything else is
// E_ARG with the error counter up and the flow untouched; a table made without a capacity holds
// one flow. The per-module tests used PSNs from 0 up only, where a mutant accepting just
// non-negative int32 PSNs survived in ECMP, PLB and the others (docs/mutation-testing.md).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG } from "../core/errors";
import { ECN, EV_MAX, Ecmp, Flowlet, GOOD, NACK, Ops, Plb, Reps, SpritzScout, SpritzSpray, SpritzVlan, TIMEOUT } from "./index";
import { FAR, SMALL } from "./spritz/test-support";

interface Balancer {
  readonly capacity: number;
  errors: number;
  open(slot: number, arg: number): void;
  choosePath(slot: number, nowNs: number, psn: number): number;
  inspect(slot: number): unknown;
}

/** Each balancer, made by `make(capacity?)`, and the second argument its `open` takes (Spritz: the small Dragonfly's far switch). */
const BALANCERS: [string, (capacity?: number) => Balancer, number][] = [
  ["Ecmp", (c) => new Ecmp({}, c), 77],
  ["Ops", (c) => new Ops({}, c), 0],
  ["Ops uec", (c) => new Ops({ mode: "uec" }, c), 0],
  ["Reps", (c) => new Reps({}, c), 0],
  ["Plb", (c) => new Plb({}, c), 0],
  ["Flowlet", (c) => new Flowlet({}, c), 0],
  ["SpritzScout", (c) => new SpritzScout(SMALL, c), FAR],
  ["SpritzSpray", (c) => new SpritzSpray(SMALL, c), FAR],
  ["SpritzVlan", (c) => new SpritzVlan(SMALL, c), FAR],
];

const WORDS = [0, 1, -1, -2, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 31 + 2, 2 ** 32 - 2, 2 ** 32 - 1];
const NOT_WORDS = [2 ** 32, -(2 ** 31) - 1, 0.5, -2.5, 2 ** 40, NaN, Infinity, -Infinity];

for (const [name, make, arg] of BALANCERS) {
  test(`${name}: every signed or unsigned 32-bit PSN is a packet`, () => {
    const t = make(1);
    t.open(0, arg);
    WORDS.forEach((psn, i) => {
      const ev = t.choosePath(0, 100 + i, psn);
      assert.ok(ev >= 0, `psn ${psn} → ${ev}`);
    });
    assert.is(t.errors, 0);
  });

  test(`${name}: any other PSN is E_ARG, counted, and leaves the flow as it was`, () => {
    const t = make(1);
    t.open(0, arg);
    t.choosePath(0, 100, 0);
    const before = JSON.stringify(t.inspect(0));
    NOT_WORDS.forEach((psn, i) => assert.is(t.choosePath(0, 200 + i, psn), E_ARG, `psn ${psn}`));
    assert.is(t.errors, NOT_WORDS.length);
    assert.is(JSON.stringify(t.inspect(0)), before);
  });

  test(`${name}: made without a capacity, the table holds one flow`, () => {
    const t = make();
    assert.is(t.capacity, 1);
    t.open(0, arg);
    assert.throws(() => t.open(1, arg), RangeError);
  });
}

// The exported kind codes and EV bound are what a caller passes; the vectors pass the numbers
// themselves, so a mutant of these exports (GOOD = Feedback.Ecn, EV_MAX = 0x7fff) passed every
// lb vector (rev-port3-bases review). UEC 1.0 §3.6.12's four reasons in README order: GOOD 0,
// ECN 1, NACK 2, TIMEOUT 3; a 16-bit EV field holds 0 … 2^16 − 1 = 65,535.
test("feedback kinds are 0, 1, 2, 3 and EV_MAX is 2^16 − 1", () => {
  assert.equal([GOOD, ECN, NACK, TIMEOUT, EV_MAX], [0, 1, 2, 3, 65535]);
});

test.run();
