// The runner must fail a wrong vector: every case below passed (or crashed the run) before
// 2026-12-01 (found in review).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type MemberManifest, type ModuleRegistry, type Vector, runVector } from "./engine";
import { vectorErrors } from "./schema";

/**
 * A table of one counter per slot: `bump(slot, by)` adds, `count(slot)` reads, `boom` throws a
 * string. `onTick(slot)` and `add(slot, by)` act but are not in the api (private steps, as
 * `Plb.onTimeout` or `GbnSender.advance` are); `flag(slot)` returns a boolean. `hidden` and
 * `level` are protected state, as FlowTable's `live` and `col` are.
 */
class Counter {
  static readonly api = { open: ["slot"], close: ["slot"], bump: ["slot", "by"], boom: ["slot"], count: ["slot"] };
  readonly counts: Int32Array;
  readonly params = { mode: "fast", limitBytes: 100 };
  closed = 0;
  protected readonly hidden = new Int32Array(1);
  protected level = 7;
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
  onTick(slot: number): number {
    return ++this.counts[slot];
  }
  add(slot: number, by: number): number {
    this.counts[slot] += by;
    return this.counts[slot];
  }
  flag(slot: number): boolean {
    return this.counts[slot] > 0;
  }
}

const registry: ModuleRegistry = { "cc/counter": { Counter } };

/**
 * Counter's entry as manifest.ts would write it: public methods taking `(slot)` or `()` and not
 * named like handlers as readers, public number fields as counters, the other public fields.
 */
const members: MemberManifest = {
  modules: {
    "cc/counter": {
      classes: {
        Counter: {
          readers: { boom: { args: ["slot"] }, broken: { args: ["slot"] }, count: { args: ["slot"] }, flag: { args: ["slot"] } },
          counters: { closed: "" },
          fields: { counts: {}, params: {} },
        },
      },
    },
  },
};

function vector(steps: Vector["steps"], extra: Partial<Vector> = {}): Vector {
  return { format: "nicfw-vectors/1", module: "cc/counter", name: "t", source: "test (recorded)", params: {}, open: [{ slot: 0 }], steps, ...extra };
}

const failures = (v: Vector) => runVector(v, registry, members).failures;

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
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { return: 1 } }], { class: "constructor" }))[0], /no class constructor/);
  assert.match(failures(vector([{ call: "toString", args: { slot: 0 }, expect: { return: 0 } }]))[0], /no handler toString/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { broken: 1 } }]))[0], /reader failed/);
});

test("a throw that is not an Error still counts as a throw", () => {
  assert.equal(failures(vector([{ call: "boom", args: { slot: 0 }, expect: { throws: "boom" } }])), []);
  assert.match(failures(vector([{ call: "boom", args: { slot: 0 }, repeat: 2, expect: { return: 7 } }]))[0], /threw boom/);
});

test("only a non-empty derivation makes a vector hand-derived", () => {
  const step = [{ call: "bump", args: { slot: 0, by: 1 } }];
  assert.is(runVector(vector(step, { derivation: ["1 + 0 = 1"] }), registry, members).handDerived, true);
  assert.is(runVector(vector(step, { derivation: [] }), registry, members).handDerived, false);
  assert.is(runVector(vector(step, { derivation: "" }), registry, members).handDerived, false);
});

// Found in review (2026-12): each case below passed on the engine before, checking nothing.

test("an expect key naming a handler the api does not list fails instead of acting", () => {
  // README: "A key that names a handler (`open`, `close`, `on…`, or one taking more than the
  // slot) … is a failure, not a call" — whether or not the class's api lists it.
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 0 }, expect: { onTick: 1 } }])).join("\n"), /onTick is a handler/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 0 }, expect: { add: 0 } }])).join("\n"), /add is a handler/);
  // …and the table was not changed by the attempt: count is still 0.
  assert.equal(failures(vector([{ call: "bump", args: { slot: 0, by: 0 }, expect: { return: 0 } }, { call: "bump", args: { slot: 0, by: 0 }, expect: { count: 0 } }])), []);
});

test("a property path through a method or an Object member fails (it names no table data)", () => {
  // README: "`a.b` — a property path (e.g. `params.fiBytes`)": `count.length` is the reader's
  // arity, `counts.constructor.name` the string "Int32Array", neither a value of the table.
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 5 }, expect: { "count.length": 1 } }])).join("\n"), /not a property path/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 5 }, expect: { "counts.constructor.name": "Int32Array" } }])).join("\n"), /not a property path/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 5 }, expect: { "counts.0": 4 } }])).join("\n"), /counts\.0 expected 4, got 5/);
  assert.equal(failures(vector([{ call: "bump", args: { slot: 0, by: 5 }, expect: { "counts.0": 5 } }])), []);
});

test("an expected number is not matched by a boolean; an expected boolean matches 1/0", () => {
  // README: "Compare numbers as |got − expected| ≤ tolerance[key]"; "a boolean matches
  // true/false or 1/0" — the boolean is the expectation, a number expectation wants a number.
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 3 }, expect: { flag: 1 } }]))[0], /flag expected 1, got true/);
  assert.equal(failures(vector([{ call: "bump", args: { slot: 0, by: 3 }, expect: { flag: true, count: 3 } }])), []);
  assert.equal(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { return: true } }])), []);
});

test("a vector whose last step expects nothing fails: nothing would check it", () => {
  // README step 4: the runner compares every `expect` key after the step; with none on the last
  // step its effect is never compared, and a vector of such steps passes while checking nothing.
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 } }])).join("\n"), /step 1 \(bump\): the last step has no expect/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { return: 1 } }, { call: "bump", args: { slot: 0, by: 1 }, expect: {} }])).join("\n"), /step 2 \(bump\): the last step has no expect/);
  // A set-up step without expect, checked by a later one, is fine.
  assert.equal(failures(vector([{ call: "bump", args: { slot: 0, by: 1 } }, { call: "bump", args: { slot: 0, by: 1 }, expect: { count: 2 } }])), []);
});

test("a vector without derivation must say recorded; one that says hand-derived must show its derivation", () => {
  // README: "Vectors without it were recorded from this implementation and say \"recorded\" in
  // `source`"; DESIGN.md: a hand-derived vector "shows the arithmetic in a `derivation` string".
  const step = [{ call: "bump", args: { slot: 0, by: 1 }, expect: { return: 1 } }];
  assert.match(failures(vector(step, { source: "SMaRTT eq. (1) (hand-derived)" })).join("\n"), /hand-derived but the vector has no derivation/);
  assert.match(failures(vector(step, { source: "SMaRTT eq. (1)" })).join("\n"), /must say "\(recorded\)"/);
  assert.equal(failures(vector(step, { source: "SMaRTT eq. (1) (hand-derived)", derivation: ["0 + 1 = 1"] })), []);
  assert.equal(failures(vector(step, { source: "REPS (recorded)" })), []);
});

// Found in review rev-core (2026-12-05): each case below passed on the engine before.

test("a property path walks only own data: an Object member such as length, or an index out of range, fails", () => {
  // README step 4: "through a method or an Object member such as `length` or `constructor` it is
  // a failure". capacity 64 → counts.length would be 64, "fast".length 4: neither is table data.
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { "counts.length": 64 } }])).join("\n"), /counts\.length is not a property path/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { "params.mode.length": 4 } }])).join("\n"), /params\.mode\.length is not a property path/);
  // Slots 0 … 63: index 64 is past the end, "01" is no index a port would write.
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { "counts.64": 0 } }])).join("\n"), /counts\.64 is not a property path/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { "counts.01": 0 } }])).join("\n"), /counts\.01 is not a property path/);
  // Data still reads: bump(0, 1) leaves counts[0] = 0 + 1 = 1; params.limitBytes is 100 as constructed.
  assert.equal(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { "counts.0": 1, "counts.63": 0, "params.limitBytes": 100, "params.mode": "fast" } }])), []);
});

test("a key into protected state fails: only api.json's public readers, counters and fields may be named", () => {
  // `hidden` and `level` are protected (as FlowTable's live/col): no port has them to compare.
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { "hidden.0": 0 } }])).join("\n"), /hidden is not a public field/);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { level: 7 } }])).join("\n"), /level is not a public reader, counter or field/);
  // A class api.json does not list is a failure, not a run without the check.
  assert.match(runVector(vector([{ call: "bump", args: { slot: 0, by: 1 }, expect: { return: 1 } }]), registry, { modules: {} }).failures.join("\n"), /api\.json lists no class Counter of cc\/counter/);
  // The public members read: close(0) counts closed 0 + 1 = 1.
  assert.equal(failures(vector([{ call: "close", args: { slot: 0 }, expect: { return: 0, closed: 1, count: 0 } }])), []);
});

test("a blank derivation is none; recorded needs the (recorded) marker; a derivation needs hand-derived in source", () => {
  // README step 5 and "Hand-derived or recorded": a recorded vector says "(recorded)" in source;
  // DESIGN.md: a hand-derived one "says so in `source`" and shows the arithmetic.
  const step = [{ call: "bump", args: { slot: 0, by: 1 }, expect: { return: 1 } }];
  const run = (extra: Partial<Vector>) => runVector(vector(step, extra), registry, members);
  assert.is(run({ source: "x (hand-derived)", derivation: " " }).handDerived, false);
  assert.is(run({ source: "x (hand-derived)", derivation: [" ", "\t"] }).handDerived, false);
  assert.match(run({ source: "RFC 5681 (hand-derived)", derivation: " " }).failures.join("\n"), /no derivation with text/);
  // The word alone, in a sentence, is not the marker.
  assert.match(run({ source: "RFC 5681 §3.1: every ACK is recorded in cwnd" }).failures.join("\n"), /must say "\(recorded\)"/);
  // A derivation whose source does not say hand-derived, or says (recorded), fails.
  assert.match(run({ source: "DESIGN.md rule 7", derivation: ["0 + 1 = 1"] }).failures.join("\n"), /must say "hand-derived" in source/);
  assert.match(run({ source: "x (recorded) (hand-derived)", derivation: ["0 + 1 = 1"] }).failures.join("\n"), /says \(recorded\) but the vector carries a derivation/);
  assert.equal(run({ source: "DESIGN.md rule 7 — hand-derived", derivation: "0 + 1 = 1" }).failures, []);
});

test("with advance on slot, readers read the slot of the last call, whose return is compared", () => {
  // README step 4: expectations are compared once, after the last repetition. bump(0, 1) makes
  // counts[0] = 1; then slot 0 + 1 = 1, by 1 + 1 = 2: bump(1, 2) returns counts[1] = 2, and
  // count of that slot is 2 (slot 0's would be 1).
  assert.equal(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, repeat: 2, advance: { slot: 1, by: 1 }, expect: { return: 2, count: 2 } }], { open: [{ slot: 0 }, { slot: 1 }] })), []);
  assert.match(failures(vector([{ call: "bump", args: { slot: 0, by: 1 }, repeat: 2, advance: { slot: 1, by: 1 }, expect: { count: 1 } }], { open: [{ slot: 0 }, { slot: 1 }] })).join("\n"), /count expected 1, got 2/);
});


test("a schema error in a step names it as a failing step is named, 1-based with its call (audit 2026-12-07: /steps/2/args)", () => {
  const steps = [{ call: "bump", args: { slot: 0, by: 1 } }, { call: "bump", args: { slot: 0, by: 1 } }, { call: "bump", args: { slot: 0, by: "x" } }];
  assert.equal(vectorErrors(vector(steps as unknown as Vector["steps"])), ["step 3 (bump) args.by: Expected union value"]);
  const missing = [{ call: "bump", args: { slot: 0, by: 1 } }, { call: "bump" }];
  assert.match(vectorErrors(vector(missing as unknown as Vector["steps"])).join("\n"), /^step 2 \(bump\) args: Expected required property/);
  // Elsewhere the JSON path stays.
  assert.match(vectorErrors({ ...vector([]), format: 3 }).join("\n"), /^\/format: /);
});

test.run();
