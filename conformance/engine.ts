// Runs one conformance vector against a module class. Pure ECMAScript (no Node API), so the same
// code runs under node and, bundled to ESM, inside QuickJS against the built library.
//
// Semantics (DESIGN.md "Conformance vectors", plus two optional step fields documented in
// conformance/README.md): construct `new Class(params, capacity)`; call `open` for each entry;
// for each step call the handler with `args` mapped by parameter name through the class's static
// `api`, `repeat` times, adding `advance[arg]` to that argument between repetitions; then compare
// every `expect` key with the handler's return value (`return`), with a thrown error's name
// (`throws`), with `out.<field>` of the table's `out` record, or with the reader of that name
// called on the step's slot (a non-function property is compared as it is).

export interface VectorModule {
  new (params: Record<string, unknown>, capacity: number): object;
  readonly api: { readonly [handler: string]: readonly string[] };
  readonly outFields?: readonly string[];
}

export type ModuleRegistry = { readonly [module: string]: { readonly [className: string]: VectorModule } };

export type Scalar = number | boolean;

export interface VectorStep {
  call: string;
  args: { [name: string]: Scalar };
  expect?: { [key: string]: Scalar | string };
  repeat?: number;
  advance?: { [name: string]: number };
  note?: string;
}

export interface Vector {
  format: "nicfw-vectors/1";
  module: string;
  class?: string;
  name: string;
  source: string;
  derivation?: string | string[];
  params: Record<string, unknown>;
  capacity?: number;
  open: { [name: string]: Scalar }[];
  steps: VectorStep[];
  tolerance?: { [key: string]: number };
}

export interface VectorResult {
  name: string;
  module: string;
  handDerived: boolean;
  failures: string[];
}

const DEFAULT_CAPACITY = 64;

/** Own properties only: a name such as `constructor` must not find Object.prototype's. */
function own(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

function pickClass(vector: Vector, registry: ModuleRegistry): VectorModule | string {
  if (!own(registry, vector.module)) return `unknown module ${vector.module}`;
  const classes = registry[vector.module];
  const names = Object.keys(classes);
  if (vector.class !== undefined) return own(classes, vector.class) ? classes[vector.class] : `module ${vector.module} has no class ${vector.class}`;
  if (names.length !== 1) return `module ${vector.module} exports ${names.join(", ")}: the vector must name its class`;
  return classes[names[0]];
}

function argList(cls: VectorModule, call: string, args: { [name: string]: Scalar }): Scalar[] | string {
  if (!own(cls.api, call)) return `class has no handler ${call} in its api`;
  const names = cls.api[call];
  const list: Scalar[] = [];
  for (const n of names) {
    if (!own(args, n)) return `${call}: missing argument ${n}`;
    list.push(args[n]);
  }
  for (const k of Object.keys(args)) {
    if (names.indexOf(k) < 0) return `${call}: unknown argument ${k} (expected ${names.join(", ")})`;
  }
  return list;
}

/** A name that acts when called: open/close and their variants (openSlot, closePeriod), on…. */
const HANDLER_NAME = /^(open|close|on)([A-Z]|$)/;

/** What an `expect` key reads, or a message when the key names no reader (a handler, Object's own members). */
function read(inst: object, cls: VectorModule, key: string, slot: number): unknown {
  const obj = inst as { [k: string]: unknown };
  // A query the api also lists (canSend, ev) reads like any reader; a handler (open, close,
  // on…, or one taking more than the slot) would act, not read.
  if (own(cls.api, key)) {
    const params = cls.api[key];
    if (HANDLER_NAME.test(key) || params.length !== 1 || params[0] !== "slot") {
      return new ReaderError(`${key} is a handler, not a reader`);
    }
  }
  if (key in Object.prototype) return new ReaderError(`${key} is not a reader`);
  if (key.startsWith("out.")) {
    const field = key.slice(4);
    const idx = cls.outFields ? cls.outFields.indexOf(field) : -1;
    const out = obj.out as ArrayLike<number> | undefined;
    return idx >= 0 && out ? out[idx] : undefined;
  }
  if (key.indexOf(".") > 0) {
    // A property path walks data (params.fiBytes, normalBytes.1): through a method
    // (`cwndBytes.length` is its arity) or an Object member (`params.constructor`) it would
    // compare something no port has, so it is a failure.
    let v: unknown = obj;
    for (const part of key.split(".")) {
      if (typeof v === "function" || part in Object.prototype) return new ReaderError(`${key} is not a property path into the table`);
      v = v === null || v === undefined ? undefined : (v as { [k: string]: unknown })[part];
    }
    return typeof v === "function" ? new ReaderError(`${key} is not a property path into the table`) : v;
  }
  const v = obj[key];
  if (typeof v !== "function") return v;
  // A method the api does not list is a reader only if it takes just the slot and is not
  // named like a handler: a private step such as `onTimeout(slot, nowNs)` or `openSlot` acts.
  if (!own(cls.api, key) && (HANDLER_NAME.test(key) || v.length > 1)) return new ReaderError(`${key} is a handler, not a reader`);
  return (v as (s: number) => unknown).call(inst, slot);
}

class ReaderError {
  constructor(readonly message: string) {}
}

/** The names of a step's `advance` that are not number arguments of the handler, or "" when all are. */
function badAdvance(step: VectorStep, names: readonly string[], args: Scalar[]): string {
  if (!step.advance) return "";
  if ((step.repeat ?? 1) < 2) return "advance without repeat: nothing would change";
  for (const k of Object.keys(step.advance)) {
    const i = names.indexOf(k);
    if (i < 0 || typeof args[i] !== "number") return `advance: ${k} is not a number argument`;
  }
  return "";
}

function matches(actual: unknown, expected: Scalar | string, tolerance: number): boolean {
  // An expected boolean matches true/false or 1/0 (a port's flag); an expected number wants a
  // number: a `true` where a count 1 is due is a wrong type, not a match.
  if (typeof expected === "boolean") return actual === expected || actual === (expected ? 1 : 0);
  if (typeof expected === "string") return actual === expected;
  if (typeof actual !== "number" || actual !== actual) return false;
  return Math.abs(actual - expected) <= tolerance;
}

function show(v: unknown): string {
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

export function runVector(vector: Vector, registry: ModuleRegistry): VectorResult {
  const result: VectorResult = {
    name: vector.name,
    module: vector.module,
    handDerived: vector.derivation !== undefined && vector.derivation.length > 0,
    failures: [],
  };
  try {
    run(vector, registry, result);
  } catch (e) {
    // A reader or lookup that throws is a failed vector, not a lost run.
    result.failures.push(`runner: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  }
  return result;
}

function run(vector: Vector, registry: ModuleRegistry, result: VectorResult): void {
  const fail = (msg: string) => result.failures.push(msg);
  // A vector without `derivation` was recorded and must say so (README "Hand-derived or
  // recorded"); one whose source claims hand derivation must show it.
  const recorded = /recorded/i.test(vector.source);
  if (!result.handDerived && !recorded) fail("no derivation: a vector without one must say \"recorded\" in source");
  if (!result.handDerived && /hand-derived/i.test(vector.source)) fail("source says hand-derived but the vector has no derivation");
  const last = vector.steps.length - 1;
  if (last < 0) fail("no steps");
  else if (Object.keys(vector.steps[last].expect ?? {}).length === 0) {
    // Earlier steps without `expect` set up state a later step checks; the last one's effect
    // would be checked by nothing (and a vector of such steps checks nothing at all).
    fail(`step ${last + 1} (${vector.steps[last].call}): the last step has no expect, so nothing checks it`);
  }
  const cls = pickClass(vector, registry);
  if (typeof cls === "string") {
    fail(cls);
    return;
  }
  let inst: { [k: string]: unknown };
  try {
    inst = new cls(vector.params, vector.capacity ?? DEFAULT_CAPACITY) as { [k: string]: unknown };
  } catch (e) {
    fail(`constructor threw ${(e as Error).name}: ${(e as Error).message}`);
    return;
  }
  let defaultSlot = 0;
  for (let i = 0; i < vector.open.length; i++) {
    const args = argList(cls, "open", vector.open[i]);
    if (typeof args === "string") {
      fail(`open[${i}]: ${args}`);
      return;
    }
    if (i === 0 && typeof vector.open[i].slot === "number") defaultSlot = vector.open[i].slot as number;
    try {
      (inst.open as (...a: Scalar[]) => unknown).apply(inst, args);
    } catch (e) {
      fail(`open[${i}] threw ${(e as Error).name}: ${(e as Error).message}`);
      return;
    }
  }
  const tolerance = vector.tolerance ?? {};
  for (let s = 0; s < vector.steps.length; s++) {
    const step = vector.steps[s];
    const where = `step ${s + 1} (${step.call})`;
    const args = argList(cls, step.call, step.args);
    if (typeof args === "string") {
      fail(`${where}: ${args}`);
      continue;
    }
    const fn = inst[step.call];
    if (typeof fn !== "function") {
      fail(`${where}: not a method`);
      continue;
    }
    const names = cls.api[step.call];
    const bad = badAdvance(step, names, args);
    if (bad !== "") {
      fail(`${where}: ${bad}`);
      continue;
    }
    const repeat = step.repeat ?? 1;
    let ret: unknown;
    let thrown: string | undefined;
    for (let r = 0; r < repeat; r++) {
      if (r > 0 && step.advance) {
        for (const k of Object.keys(step.advance)) {
          const i = names.indexOf(k);
          args[i] = (args[i] as number) + step.advance[k];
        }
      }
      try {
        ret = fn.apply(inst, args);
      } catch (e) {
        // Whatever is thrown counts, an Error by its name, anything else as its string.
        thrown = e instanceof Error ? e.name : String(e);
        break;
      }
    }
    const slot = typeof step.args.slot === "number" ? step.args.slot : defaultSlot;
    const expect = step.expect ?? {};
    if (thrown !== undefined && !("throws" in expect)) fail(`${where}: threw ${thrown}`);
    for (const key of Object.keys(expect)) {
      const want = expect[key];
      const got = key === "return" ? ret : key === "throws" ? thrown : read(inst, cls, key, slot);
      if (got instanceof ReaderError) {
        fail(`${where}: ${got.message}`);
        continue;
      }
      const tol = tolerance[key] ?? 0;
      if (!matches(got, want, tol)) {
        fail(`${where}: ${key} expected ${show(want)}${tol ? ` ±${tol}` : ""}, got ${show(got)}`);
      }
    }
  }
}

/** Runs many vectors and returns the results plus the closing line the runners print. */
export function runVectors(vectors: Vector[], registry: ModuleRegistry): { results: VectorResult[]; passed: number; failed: number } {
  const results = vectors.map((v) => runVector(v, registry));
  let passed = 0;
  for (const r of results) if (r.failures.length === 0) passed++;
  return { results, passed, failed: results.length - passed };
}
