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
//
// An expectation key may only name what conformance/api.json lists for the class (its public
// readers, counters and fields): a port has nothing else to read, so a key into protected state
// (`FlowTable`'s `live`, `col`) would pin this implementation's layout, not the algorithm's.

import apiJson from "./api.json";
import { type FrameRegistry, type FrameVector, runFrameVector } from "./frames";
import { hasText, provenanceFailures } from "./provenance";

export type { FrameRegistry, FrameStep, FrameVector } from "./frames";

export interface VectorModule {
  new (params: Record<string, unknown>, capacity: number): object;
  readonly api: { readonly [handler: string]: readonly string[] };
  readonly outFields?: readonly string[];
}

export type ModuleRegistry = { readonly [module: string]: { readonly [className: string]: VectorModule } };

/** What an expectation key may name in one class: its entry in conformance/api.json (manifest.ts). */
export interface PublicMembers {
  readonly readers: { readonly [name: string]: { readonly args: readonly string[] } };
  readonly counters: { readonly [name: string]: unknown };
  readonly fields: { readonly [name: string]: unknown };
}

/** The part of conformance/api.json the engine reads. */
export interface MemberManifest {
  readonly modules: { readonly [module: string]: { readonly classes: { readonly [className: string]: PublicMembers } } };
}

/** The library's manifest as `npm run manifest` last wrote it; a registry of other classes brings its own. */
export const libraryMembers: MemberManifest = apiJson as unknown as MemberManifest;

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
  /** Absent on handler vectors; "frame" marks a frame vector (frames.ts). */
  kind?: undefined;
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

/** The class a vector names, or why it names none. */
function pickClass(vector: Vector, registry: ModuleRegistry): string {
  if (!own(registry, vector.module)) return `unknown module ${vector.module}`;
  const classes = registry[vector.module];
  const names = Object.keys(classes);
  if (vector.class !== undefined) return own(classes, vector.class) ? "" : `module ${vector.module} has no class ${vector.class}`;
  if (names.length !== 1) return `module ${vector.module} exports ${names.join(", ")}: the vector must name its class`;
  return "";
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

/**
 * Whether a method may be an expectation key, from its name and parameter names: it takes only
 * the slot, or nothing (DackTarget's `occupancyBytes()`), and is not named like a handler. The
 * one rule: read() applies it, and manifest.ts lists in api.json's `readers` only what passes it.
 */
export function isReader(name: string, args: readonly string[]): boolean {
  if (HANDLER_NAME.test(name)) return false;
  return args.length === 0 || (args.length === 1 && args[0] === "slot");
}

/** An array index as a port would write it (`normalBytes.1`): no sign, no leading zero, no fraction. */
const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * The value at a dotted key (params.fiBytes, normalBytes.1), walking only data: own data
 * properties of records, and in-range indexes of arrays. `length`, `constructor`, a string's
 * `length` or a method on the way would compare something no port has (README step 4).
 */
function walk(obj: { [k: string]: unknown }, key: string, members: PublicMembers): unknown {
  const bad = new ReaderError(`${key} is not a property path into the table's data`);
  const parts = key.split(".");
  if (typeof obj[parts[0]] === "function") return bad;
  if (!own(members.fields, parts[0])) return new ReaderError(`${key}: ${parts[0]} is not a public field of the class (api.json "fields")`);
  let v: unknown = obj[parts[0]];
  for (let i = 1; i < parts.length; i++) {
    if (typeof v !== "object" || v === null) return bad;
    const part = parts[i];
    if (ArrayBuffer.isView(v) || Array.isArray(v)) {
      const list = v as unknown as ArrayLike<unknown>;
      if (!INDEX.test(part) || Number(part) >= list.length) return bad;
      v = list[Number(part)];
    } else {
      const d = Object.getOwnPropertyDescriptor(v, part);
      if (d === undefined || !("value" in d)) return bad;
      v = d.value;
    }
  }
  return typeof v === "function" ? bad : v;
}

/** What an `expect` key reads, or a message when the key names no reader (a handler, Object's own members). */
function read(inst: object, cls: VectorModule, members: PublicMembers, key: string, slot: number): unknown {
  const obj = inst as { [k: string]: unknown };
  // A query the api also lists (canSend, ev) reads like any reader; a handler (open, close,
  // on…, or one taking more than the slot) would act, not read.
  if (own(cls.api, key) && !isReader(key, cls.api[key])) return new ReaderError(`${key} is a handler, not a reader`);
  if (key in Object.prototype) return new ReaderError(`${key} is not a reader`);
  if (key.startsWith("out.")) {
    const field = key.slice(4);
    const idx = cls.outFields ? cls.outFields.indexOf(field) : -1;
    const out = obj.out as ArrayLike<number> | undefined;
    return idx >= 0 && out ? out[idx] : undefined;
  }
  if (key.indexOf(".") > 0) return walk(obj, key, members);
  const v = obj[key];
  if (typeof v !== "function") {
    return own(members.counters, key) || own(members.fields, key) ? v : new ReaderError(`${key} is not a public reader, counter or field of the class (api.json)`);
  }
  // A method the api does not list is a reader only if it takes just the slot and is not
  // named like a handler: a private step such as `onTimeout(slot, nowNs)` or `openSlot` acts.
  if (HANDLER_NAME.test(key) || v.length > 1) return new ReaderError(`${key} is a handler, not a reader`);
  if (!own(members.readers, key) || !isReader(key, members.readers[key].args)) {
    return new ReaderError(`${key} is not a public reader of the class (api.json "readers": ${key}(slot) or ${key}())`);
  }
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

/** A vector file of either kind: handler steps on a table (Vector) or wire functions on bytes (FrameVector). */
export type AnyVector = Vector | FrameVector;

/**
 * Runs one vector. `members` says what an expectation key may name per class: the library's
 * api.json unless the registry is another's (a test's own classes). A frame vector runs against
 * the wire functions `frames` gives for its module (a module's exports by name); a runner that
 * passes none fails each frame vector with a message, never skips it.
 */
export function runVector(vector: AnyVector, registry: ModuleRegistry, members: MemberManifest = libraryMembers, frames: FrameRegistry = {}): VectorResult {
  if (vector.kind === "frame") return runFrameVector(vector, frames);
  const result: VectorResult = {
    name: vector.name,
    module: vector.module,
    handDerived: hasText(vector.derivation),
    failures: [],
  };
  try {
    run(vector, registry, members, result);
  } catch (e) {
    // A reader or lookup that throws is a failed vector, not a lost run.
    result.failures.push(`runner: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  }
  return result;
}

function run(vector: Vector, registry: ModuleRegistry, manifest: MemberManifest, result: VectorResult): void {
  const fail = (msg: string) => result.failures.push(msg);
  for (const f of provenanceFailures(vector.source, vector.derivation)) fail(f);
  const last = vector.steps.length - 1;
  if (last < 0) fail("no steps");
  else if (Object.keys(vector.steps[last].expect ?? {}).length === 0) {
    // Earlier steps without `expect` set up state a later step checks; the last one's effect
    // would be checked by nothing (and a vector of such steps checks nothing at all).
    fail(`step ${last + 1} (${vector.steps[last].call}): the last step has no expect, so nothing checks it`);
  }
  const why = pickClass(vector, registry);
  if (why !== "") {
    fail(why);
    return;
  }
  const classes = registry[vector.module];
  const className = vector.class ?? Object.keys(classes)[0];
  const cls = classes[className];
  const listed = own(manifest.modules, vector.module) ? manifest.modules[vector.module].classes : {};
  if (!own(listed, className)) {
    fail(`api.json lists no class ${className} of ${vector.module}: npm run manifest`);
    return;
  }
  const members = listed[className];
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
    // Argument positions and steps looked up once per step, not per call: a repeat of 2^24
    // (reliability/dcp/receiver-emsn-wraps-at-24-bits) spent half its QuickJS time on them.
    const advanceAt: number[] = [];
    const advanceBy: number[] = [];
    for (const k of Object.keys(step.advance ?? {})) {
      advanceAt.push(names.indexOf(k));
      advanceBy.push((step.advance as { [name: string]: number })[k]);
    }
    let ret: unknown;
    let thrown: string | undefined;
    try {
      for (let r = 0; r < repeat; r++) {
        if (r > 0) for (let j = 0; j < advanceAt.length; j++) args[advanceAt[j]] = (args[advanceAt[j]] as number) + advanceBy[j];
        ret = fn.apply(inst, args);
      }
    } catch (e) {
      // Whatever is thrown counts, an Error by its name, anything else as its string.
      thrown = e instanceof Error ? e.name : String(e);
    }
    // The slot of the last call made: with `advance: { slot }` the readers then read the flow
    // whose `return` is compared, not the first repetition's (README step 4).
    const slotAt = names.indexOf("slot");
    const slot = slotAt >= 0 && typeof args[slotAt] === "number" ? (args[slotAt] as number) : defaultSlot;
    const expect = step.expect ?? {};
    if (thrown !== undefined && !("throws" in expect)) fail(`${where}: threw ${thrown}`);
    for (const key of Object.keys(expect)) {
      const want = expect[key];
      const got = key === "return" ? ret : key === "throws" ? thrown : read(inst, cls, members, key, slot);
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
export function runVectors(
  vectors: AnyVector[],
  registry: ModuleRegistry,
  members: MemberManifest = libraryMembers,
  frames: FrameRegistry = {},
): { results: VectorResult[]; passed: number; failed: number } {
  const results = vectors.map((v) => runVector(v, registry, members, frames));
  let passed = 0;
  for (const r of results) if (r.failures.length === 0) passed++;
  return { results, passed, failed: results.length - passed };
}
