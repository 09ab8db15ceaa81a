// Every module at the ends of its parameters' ranges. A parameter's range is the one its own
// RangeError states (lib/core/params.ts writes "<name> must be an integer in [lo, hi]" or "a number
// in …"), so this test follows the ranges as written and checks what the module does at them: at
// each end of each numeric parameter, alone, the table is built (or refused by a rule on another
// parameter that depends on it), every slot is opened, and a seeded stream of calls to every
// handler in the class's `api`, with arguments drawn by name (plausible values, zeros, ones and
// the largest accepted), must keep the contract of lib/README.md: no handler throws, every
// result is a finite number or a boolean, and no floating-point state holds NaN.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "./core/rng";
import { REGISTRY, type Table, type TableClass, argument, handlers, openAll } from "./test-support";

const CAPACITY = 4;
const CALLS = 1500;

/** "2^30", "2^31 − 1" or a decimal, as lib/core/params.ts writes bounds. */
function bound(s: string): number {
  const pow = /^2\^(\d+)( − 1)?$/.exec(s.trim());
  if (pow) return 2 ** Number(pow[1]) - (pow[2] ? 1 : 0);
  return Number(s);
}

/** The accepted interval of a numeric parameter, from the error a NaN draws; null when it states none. */
function range(cls: TableClass, name: string): [number, number] | null {
  let message = "";
  try {
    new cls({ [name]: Number.NaN }, 1);
    return null;
  } catch (e) {
    message = (e as Error).message;
  }
  const m = /must be (an integer|a number) in ([[(])([^,]+), ([^\])]+)([\])])/.exec(message);
  if (!m) return null;
  let lo = bound(m[3]);
  let hi = bound(m[4]);
  if (m[2] === "(") lo = lo === 0 ? 1e-9 : lo * (1 + 1e-9);
  if (m[5] === ")") hi *= 1 - 1e-9;
  return m[1] === "an integer" ? [Math.ceil(lo), Math.floor(hi)] : [lo, hi];
}

/** Every Float64Array the table holds: its f64 columns and its own fields. */
function floatState(t: Table): Float64Array[] {
  const out: Float64Array[] = [];
  const col = t.col as Record<string, unknown> | undefined;
  for (const x of [...Object.values(col ?? {}), ...Object.values(t)]) if (x instanceof Float64Array) out.push(x);
  return out;
}

/** Builds, opens and drives one table; returns a failure, "refused" or "ok". */
function drive(cls: TableClass, params: Record<string, unknown>, seed: number): string {
  let t: Table;
  try {
    t = openAll(cls, params, CAPACITY);
  } catch {
    return "refused";
  }
  const names = handlers(cls);
  const floats = floatState(t);
  const r = new Xoshiro128(seed);
  let now = 1000;
  for (let i = 0; i < CALLS; i++) {
    now += r.nextBelow(5000);
    const h = names[r.nextBelow(names.length)];
    const args = cls.api[h].map((a) => argument(a, r, now, CAPACITY));
    let v: unknown;
    try {
      v = (t[h] as (...a: unknown[]) => unknown).apply(t, args);
    } catch (e) {
      return `${h}(${args.join(", ")}) threw ${(e as Error).message}`;
    }
    if (!(typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)))) return `${h}(${args.join(", ")}) returned ${String(v)}`;
    for (const f of floats) if (f.some(Number.isNaN)) return `${h}(${args.join(", ")}) left NaN in the state`;
  }
  return "ok";
}

test("every module at both ends of every numeric parameter: handlers never throw, results are finite, no NaN in state", () => {
  const failures: string[] = [];
  let runs = 0;
  let refused = 0;
  for (const [module, classes] of Object.entries(REGISTRY)) {
    for (const [name, cls] of Object.entries(classes)) {
      let t: Table;
      try {
        t = new cls({}, CAPACITY);
      } catch {
        continue; // Spritz needs a topology: its parameters have tests of their own (lb/spritz/params.test.ts)
      }
      const configs: Record<string, unknown>[] = [{}];
      for (const [k, v] of Object.entries(t.params ?? {})) {
        if (typeof v !== "number") continue;
        const ends = range(cls, k);
        if (ends) for (const x of ends) configs.push({ [k]: x });
      }
      for (const [i, params] of configs.entries()) {
        const result = drive(cls, params, i + 1);
        if (result === "refused") refused++;
        else if (result === "ok") runs++;
        else failures.push(`${module}/${name} ${JSON.stringify(params)}: ${result}`);
      }
    }
  }
  assert.equal(failures, []);
  // The 33 classes of the registry that build without a topology, each with its defaults and both
  // ends of each numeric parameter: on 2026-11-26, 442 tables ran and 35 ends were refused by a rule
  // that ties them to another parameter's default.
  assert.ok(runs > 400, `${runs} runs`);
  assert.ok(refused < runs / 5, `${refused} refused, ${runs} run`);
});

test.run();
