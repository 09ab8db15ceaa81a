// The runner must fail a wrong vector: every case below passed (or crashed the run) before
// 2026-12-01 (found in review).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type ModuleRegistry, type Vector, runVector } from "./engine";

/** A table of one counter per slot: `bump(slot, by)` adds, `count(slot)` reads, `boom` throws a string. */
class Counter {
  static readonly api = { open: ["slot"], close: ["slot"], bump: ["slot", "by"], boom: ["slot"], count: ["slot"] };
  readonly counts: Int32Array;
  closed = 0;
  constructor(_params: Record<string, unknown>, capacity: number) {
    this.counts = new Int32Array(capacity);
  }
  open(slot: number): void {
    this.counts[slot] = 0;
  }
  close(_slot: number): number {
    this.closed++;
    return 0;
  }
  bump(slot: number, by: number): number {
    this.counts[slot] += by;
    return this.counts[slot];
  }
  boom(_slot: number): number {
    throw "boom";
  }
  count(slot: number): number {
    return this.counts[slot];
  }
  broken(_slot: number): number {
    throw new Error("reader failed");
  }
}

const registry: ModuleRegistry = { "cc/counter": { Counter } };

function vector(steps: Vector["steps"], extra: Partial<Vector> = {}): Vector {
  return { format: "nicfw-vectors/1", module: "cc/counter", name: "t", source: "test", params: {}, open: [{ slot: 0 }], steps, ...extra };
}

const failures = (v: Vector) => runVector(v, registry).failures;

test("a right vector passes; repeat with advance changes the named argument between calls", () => {
  assert.equal(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, repeat: 3, advance: { by: 1 }, expect: { return: 6, count: 6 } }])), []);
});

test("advance naming no number argument, or advance without repeat, fails", () => {
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, repeat: 3, advance: { byy: 1 }, expect: { return: 3 } }]))[0], /advance: byy/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, advance: { by: 1 }, expect: { return: 1 } }]))[0], /advance without repeat/);
});

test("an expect key that names a handler or an Object member fails instead of acting", () => {
  const v = vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { close: 0 } }]);
  assert.match(failures(v)[0], /close is a handler/);
  for (const key of ["hasOwnProperty", "constructor", "toString"]) {
    assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { [key]: 0 } }]))[0], /not a reader/, key);
  }
});

test("a class or handler name from Object's prototype is unknown, not a crash; a reader that throws is a failure", () => {
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 } }], { class: "constructor" }))[0], /no class constructor/);
  assert.match(failures(vector([{ call: "toString", args: { slot: 0 } }]))[0], /no handler toString/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { broken: 1 } }]))[0], /reader failed/);
});

test("a throw that is not an Error still counts as a throw", () => {
  assert.equal(failures(vector([{ call: "boom", args: { slot: 0 }, expect: { throws: "boom" } }])), []);
  assert.match(failures(vector([{ call: "boom", args: { slot: 0 }, repeat: 2, expect: { return: 7 } }]))[0], /threw boom/);
});

test("only a non-empty derivation makes a vector hand-derived", () => {
  const step = [{ call: "bump", args: { slot: 0, by: 1 } }];
  assert.is(runVector(vector(step, { derivation: ["1 + 0 = 1"] }), registry).handDerived, true);
  assert.is(runVector(vector(step, { derivation: [] }), registry).handDerived, false);
  assert.is(runVector(vector(step, { derivation: "" }), registry).handDerived, false);
});

test.run();
