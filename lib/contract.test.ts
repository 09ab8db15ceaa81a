// Three clauses of the module contract (DESIGN.md; lib/README.md), checked on every table class
// that builds from its defaults, under its defaults and under each other value of each of its
// options (`optionConfigs`), by seeded streams of calls to every handler in its `api`:
// 1. Bad input: a call that counts an error (the table's `errors` goes up by one) reports it (a
//    negative code, or false from a predicate) and leaves every typed array of the table and every
//    numeric field as they were; a call that returns an error code without counting one (a
//    reader's −1 for a closed slot) changes nothing either.
// 2. Per-flow state: what a handler returns for slot 0 does not depend on calls made for other
//    slots, except in tables whose state is shared by design (listed below).
// 3. Ticks: time enters only as wrapping 32-bit ticks compared through differences, so shifting
//    every tick by the same amount, across the 2^32 wrap or to near 0, changes no result but the
//    ticks a handler returns, which shift with it.
import { Buffer } from "node:buffer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as cc from "./cc/index";
import * as core from "./core/index";
import { Xoshiro128 } from "./core/rng";
import * as lb from "./lb/index";
import * as reliability from "./reliability/index";
import * as sw from "./switch/index";
import { type Table, type TableClass, argument, defaultTables, handlers, openAll, optionConfigs } from "./test-support";

const CAPACITY = 4;
const CALLS = 4000;

/** An argument out of every handler's domain, or at its edge, drawn in one call of twelve. */
function hostile(name: string, r: Xoshiro128, nowNs: number): number | boolean {
  if (r.nextBelow(12) === 0) return [-1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32, 2 ** 31, -0.5, 0.5, 2 ** 53][r.nextBelow(8)];
  // One slot past the table.
  return argument(name, r, nowNs, name === "slot" ? CAPACITY + 1 : CAPACITY);
}

/** Every typed array the table holds, its own fields and one level inside them (the columns, the out record). */
function typedArrays(t: Table): ArrayBufferView[] {
  const out = new Set<ArrayBufferView>();
  for (const v of Object.values(t)) {
    if (ArrayBuffer.isView(v)) out.add(v);
    else if (v !== null && typeof v === "object") for (const w of Object.values(v)) if (ArrayBuffer.isView(w)) out.add(w);
  }
  return [...out];
}

function bytesOf(a: ArrayBufferView): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function numericFields(t: Table): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(t)) if (typeof v === "number" && k !== "errors") out[k] = v;
  return out;
}

function call(t: Table, h: string, args: (number | boolean)[]): unknown {
  return (t[h] as (...a: unknown[]) => unknown).apply(t, args);
}

test("a call that counts an error, or returns an error code, leaves the table's state unchanged", () => {
  const failures: string[] = [];
  let counted = 0;
  for (const { module, name: className, cls } of defaultTables(CAPACITY)) for (const params of optionConfigs(cls, CAPACITY)) {
    const name = `${className} ${JSON.stringify(params)}`;
    const t = openAll(cls, params, CAPACITY);
    const live = typedArrays(t).map(bytesOf);
    const saved = live.map((b) => Buffer.alloc(b.length));
    const names = handlers(cls);
    const r = new Xoshiro128(7);
    let now = 1000;
    for (let i = 0; i < CALLS; i++) {
      now += r.nextBelow(5000);
      const h = names[r.nextBelow(names.length)];
      const args = cls.api[h].map((a) => hostile(a, r, now));
      for (let k = 0; k < live.length; k++) live[k].copy(saved[k]);
      const fields = numericFields(t);
      const errors = t.errors;
      const v = call(t, h, args);
      const isCode = typeof v === "number" && v < 0 && v >= -6;
      if (t.errors !== errors) {
        counted++;
        if (t.errors !== errors + 1 || !(isCode || v === false)) failures.push(`${module} ${name}.${h}(${args.join(", ")}) = ${String(v)}, errors +${t.errors - errors}`);
      } else if (!isCode) continue;
      const changed = live.some((b, k) => !b.equals(saved[k])) || Object.entries(numericFields(t)).some(([k, x]) => !Object.is(x, fields[k]));
      if (changed) failures.push(`${module} ${name}.${h}(${args.join(", ")}) = ${String(v)} changed the state`);
      if (failures.length > 20) break;
    }
  }
  assert.equal(failures, []);
  assert.ok(counted > 80_000, `${counted} calls counted an error`);
});

// Tables where one slot's results may depend on another's calls, by design:
const SHARED: Record<string, string> = {
  "lb/ops": "one generator per table draws every flow's random EVs",
  "lb/reps": "one generator per table draws every flow's random EVs",
  "lb/plb": "one generator per table draws every flow's random EVs",
  "lb/flowlet": "one generator per table draws every flow's random EVs",
  "reliability/dack DackTarget": "the flows share the target's processing queue (§II-B)",
  "switch/queue": "packet handles are the fabric's, unique across ports",
  "switch/pfc PfcShared": "the ingress queues of a switch share its buffer, whose free space sets every XOFF threshold",
  "switch/reflex ReflexNdt": "packet handles are the fabric's, unique across ports",
};

/** Calls for slot 0 only, or the same calls with calls for the other slots between them; returns slot 0's results. */
function slotZero(cls: TableClass, params: Record<string, unknown>, withOthers: boolean): string[] {
  const t = openAll(cls, params, CAPACITY);
  const names = handlers(cls).filter((h) => cls.api[h][0] === "slot");
  const r = new Xoshiro128(11);
  const others = new Xoshiro128(99);
  const out: string[] = [];
  let now = 1000;
  for (let i = 0; i < CALLS; i++) {
    now += r.nextBelow(5000);
    if (withOthers) {
      for (let k = others.nextBelow(3); k > 0; k--) {
        const h = names[others.nextBelow(names.length)];
        call(t, h, cls.api[h].map((a) => (a === "slot" ? 1 + others.nextBelow(CAPACITY - 1) : argument(a, others, now - 1, CAPACITY))));
      }
    }
    const h = names[r.nextBelow(names.length)];
    const args = cls.api[h].map((a) => (a === "slot" ? 0 : argument(a, r, now, CAPACITY)));
    out.push(`${i}: ${h}(${args.join(", ")}) = ${String(call(t, h, args))}`);
  }
  return out;
}

test("a flow's results do not depend on other flows' calls", () => {
  const failures: string[] = [];
  let isolated = 0;
  for (const { module, name, cls } of defaultTables(CAPACITY)) {
    if (SHARED[module] || SHARED[`${module} ${name}`]) continue;
    for (const params of optionConfigs(cls, CAPACITY)) {
      const alone = slotZero(cls, params, false);
      const mixed = slotZero(cls, params, true);
      const k = alone.findIndex((x, i) => x !== mixed[i]);
      if (k >= 0) failures.push(`${module} ${name} ${JSON.stringify(params)}: alone ${alone[k]}, among others ${mixed[k]}`);
      else isolated++;
    }
  }
  assert.equal(failures, []);
  assert.ok(isolated >= 80, `${isolated} configurations`);
});

/** Results of one seeded stream of calls whose ticks are `baseNs` + t, wrapped to 32 bits. */
function shifted(cls: TableClass, params: Record<string, unknown>, baseNs: number): unknown[] {
  const t = openAll(cls, params, CAPACITY);
  const names = handlers(cls);
  const r = new Xoshiro128(5);
  const out: unknown[] = [];
  let now = 0;
  for (let i = 0; i < CALLS; i++) {
    now += r.nextBelow(5000);
    const h = names[r.nextBelow(names.length)];
    out.push(call(t, h, cls.api[h].map((a) => argument(a, r, (baseNs + now) >>> 0, CAPACITY))));
  }
  return out;
}

test("shifting every tick, across the wrap or to near 0, shifts only the ticks handlers return", () => {
  const failures: string[] = [];
  const REF = 1e9;
  for (const { module, name, cls } of defaultTables(CAPACITY)) {
    for (const params of optionConfigs(cls, CAPACITY)) {
      const ref = shifted(cls, params, REF);
      for (const base of [1000, 2 ** 32 - 2e6, 2 ** 31 - 1e6]) {
        const got = shifted(cls, params, base);
        const k = ref.findIndex((v, i) => !(v === got[i] || (typeof v === "number" && ((got[i] as number) - v - (base - REF)) % 2 ** 32 === 0)));
        if (k >= 0) failures.push(`${module} ${name} ${JSON.stringify(params)} from ${base} ns: call ${k} gave ${String(got[k])}, ${String(ref[k])} from ${REF} ns`);
      }
    }
  }
  assert.equal(failures, []);
});

test("every object an area exports (defaults, parameter names, path types, layouts, rules) is frozen through and through: a plain-JS caller cannot change what later tables are built from (package audit 2026-12-07: RUD_DEFAULTS.rtoNs = 12345 changed every later RudSender)", () => {
  const thawed: string[] = [];
  const walk = (o: unknown, path: string): void => {
    if (o === null || typeof o !== "object") return;
    if (ArrayBuffer.isView(o) || !Object.isFrozen(o)) thawed.push(path);
    for (const [k, v] of Object.entries(o as object)) walk(v, `${path}.${k}`);
  };
  for (const [area, ns] of Object.entries({ core, cc, lb, reliability, switch: sw })) {
    for (const [name, value] of Object.entries(ns)) if (name !== "modules") walk(value, `${area}.${name}`);
  }
  assert.equal(thawed, []);
});

test.run();
