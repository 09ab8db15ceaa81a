// The API manifest for ports in other languages (conformance/api.json): what a vector runner
// needs to know of each module that the TypeScript would otherwise be read for. Per class: its
// handlers with their argument names (the static `api`), its `out` record's fields, its public
// readers (the methods an expectation key may name, by engine.ts's isReader) with their
// arguments and doc comment, its state per flow slot, its resolved default parameters for each
// profile, and each parameter's type and doc comment; per module: its exported numeric constants
// (result flags, limits); and lib/core's error codes. Built from the running library (values) and the
// TypeScript declarations (which members are public, and what their doc comments say), so it
// cannot drift from either; manifest.test.ts fails when the checked-in file is stale.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import * as cc from "../lib/cc/index";
import * as errors from "../lib/core/errors";
import { paramRules } from "../lib/core/params";
import * as lb from "../lib/lb/index";
import * as reliability from "../lib/reliability/index";
import * as sw from "../lib/switch/index";
import { type ModuleRegistry, type VectorModule, isReader } from "./engine";
import { registry } from "./node-runner";
import { VectorFileSchema } from "./schema";

export const MANIFEST_FORMAT = "nicfw-api/1";

export interface ReaderEntry {
  args: string[];
  doc: string;
}

export interface ClassEntry {
  bytesPerFlow: number | null;
  handlers: { [name: string]: { args: string[]; doc: string } };
  outFields: string[];
  /** Public methods an expectation key may name: taking `(slot)` or `()`, not named like a handler (engine.ts isReader). */
  readers: { [name: string]: ReaderEntry };
  /** Table-wide public number fields and getters (`errors`, event counters): an expectation key may name one. */
  counters: { [name: string]: string };
  /**
   * Other public fields (typed arrays, records such as `params`): a dotted expectation key starts
   * with one (`normalBytes.1`); `type` as TypeScript names it.
   */
  fields: { [name: string]: { type: string; doc: string; keys?: string[] } };
  profiles: string[];
  defaults: { [profile: string]: { [param: string]: number | string | boolean | null } } | null;
  /** Why `defaults` is null: the parameters construction cannot do without (its RangeError's message). */
  defaultsNeed?: string;
  /**
   * Per parameter named in `defaults` (every member of the params type when `defaults` is null):
   * its type and the doc comment of its field in the class's params interface (unit, meaning,
   * range, source). One without a doc comment has `doc: ""`, and manifest.test.ts fails on it.
   */
  params: { [param: string]: ParamEntry };
}

export interface ParamEntry {
  /** `number`, `boolean`, `string`, or a TypeScript type for a parameter that is none of them. */
  type: string;
  /** A string parameter's allowed values, sorted (a profile's names, a mode's). */
  values?: string[];
  doc: string;
  /**
   * What the constructor holds the parameter to, as its RangeError words it ("an integer in
   * [1, 255]"): the `resolveParams` rule (lib/core/params.ts `paramRules`) under the class's
   * defaults. A bound that depends on other parameters is the one the defaults give, and where
   * profiles give different ones, `rangeByProfile` has each. Absent where no rule checks the
   * parameter by itself (a profile, whose `values` say it all) or construction needs parameters.
   */
  range?: string;
  rangeByProfile?: { [profile: string]: string };
}

export interface Manifest {
  format: string;
  generatedBy: string;
  errors: { [name: string]: number };
  modules: {
    [module: string]: {
      classes: { [name: string]: ClassEntry };
      constants: { [name: string]: number };
      /** Each constant's doc comment (what a result bit or limit means), for those that have one. */
      constantDocs: { [name: string]: string };
    };
  };
}

const LIB = resolve(import.meta.dirname, "../lib");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "test-support.ts")
    .map((f) => join(dir, f));
}

function flat(doc: string): string {
  return doc.replace(/\s+/g, " ").trim();
}

/**
 * The doc with its `@throws` tags appended ("Throws: RangeError for …"): what a method refuses
 * by throwing (`open`'s slot and arguments) is part of its contract, and the comment text alone
 * leaves the tags out.
 */
function withThrows(doc: string, sym: ts.Symbol, checker: ts.TypeChecker): string {
  const throws = sym.getJsDocTags(checker).filter((tag) => tag.name === "throws" && tag.text !== undefined);
  const parts = throws.map((tag) => `Throws: ${flat(ts.displayPartsToString(tag.text))}`);
  return [doc, ...parts].filter((s) => s !== "").join(" ");
}

/**
 * A public method's parameters, or null. A handler written as an arrow-function field (`readonly
 * nextPacket = (slot, nowNs) => …`, lib/README.md "Helpers that stay calls") is a method to a port.
 */
function publicMethodParams(decl: ts.Declaration): ts.NodeArray<ts.ParameterDeclaration> | null {
  const fn = ts.isMethodDeclaration(decl)
    ? decl
    : ts.isPropertyDeclaration(decl) && decl.initializer !== undefined && (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer))
      ? decl.initializer
      : null;
  if (fn === null) return null;
  const flags = ts.getCombinedModifierFlags(decl);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static)) === 0 ? fn.parameters : null;
}

/** A typed array by its class name alone; a record (but `params`, which `defaults` spells out) with its keys. */
function fieldEntry(checker: ts.TypeChecker, name: string, t: ts.Type, doc: string): ClassEntry["fields"][string] {
  const type = checker.typeToString(t).replace(/^(\w+Array)<\w+>$/, "$1");
  if (/Array$/.test(type) || name === "params") return { type, doc };
  const keys = checker.getPropertiesOfType(checker.getNonNullableType(t)).map((p) => p.name);
  return keys.length > 0 ? { type, doc, keys } : { type, doc };
}

function isPublicField(decl: ts.Declaration): boolean {
  if (!ts.isPropertyDeclaration(decl) && !ts.isGetAccessorDeclaration(decl)) return false;
  const flags = ts.getCombinedModifierFlags(decl);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static)) === 0;
}

/** A numeric value written to JSON: ±Infinity as a string, which JSON cannot hold as a number. */
function jsonValue(v: unknown): number | string | boolean | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : String(v);
  if (typeof v === "string" || typeof v === "boolean") return v;
  return null;
}

/**
 * The string literals of the module's exported `…Profile` type alias (the one named after the
 * class, else the folder's only one), in their order there; none when the class takes no profile.
 */
function profilesOf(checker: ts.TypeChecker, files: ts.SourceFile[], className: string, cls: VectorModule): string[] {
  const aliases = files.flatMap((sf) => sf.statements).filter((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text.endsWith("Profile"));
  const alias = aliases.find((a) => a.name.text === `${className}Profile`) ?? (aliases.length === 1 ? aliases[0] : undefined);
  if (alias === undefined) return [];
  const t = checker.getTypeAtLocation(alias.name);
  const names = (t.isUnion() ? t.types : [t]).filter((p) => p.isStringLiteral()).map((p) => (p as ts.StringLiteralType).value);
  try {
    new cls({ profile: names[0] }, 1);
  } catch {
    return [];
  }
  return names;
}

/** Per profile (or "default"), the rule text of each parameter the constructor checked (paramRules). */
type RulesByProfile = { [profile: string]: { readonly [param: string]: string } };

function defaultsOf(cls: VectorModule, profiles: string[]): Pick<ClassEntry, "defaults" | "defaultsNeed"> & { rules: RulesByProfile } {
  const out: NonNullable<ClassEntry["defaults"]> = {};
  const rules: RulesByProfile = {};
  const runs = profiles.length > 0 ? profiles : [""];
  for (const p of runs) {
    let t: { params?: Record<string, unknown> };
    try {
      t = new cls(p === "" ? {} : { profile: p }, 1);
    } catch (e) {
      if (e instanceof RangeError) return { defaults: null, defaultsNeed: e.message, rules: {} };
      throw e;
    }
    if (t.params === undefined || typeof t.params !== "object") return { defaults: null, rules: {} };
    const row: { [param: string]: number | string | boolean | null } = {};
    for (const k of Object.keys(t.params).sort()) row[k] = jsonValue(t.params[k]);
    out[p === "" ? "default" : p] = row;
    rules[p === "" ? "default" : p] = paramRules(t.params);
  }
  return { defaults: out, rules };
}

/**
 * A parameter's type for a port: `number`, `boolean`, or `string` with the allowed `values`, sorted
 * (a union of string literals such as a profile); anything else as TypeScript writes it (`OpsSet[]`).
 */
function paramType(checker: ts.TypeChecker, t: ts.Type): Pick<ParamEntry, "type" | "values"> {
  if ((t.flags & ts.TypeFlags.BooleanLike) !== 0) return { type: "boolean" };
  if ((t.flags & ts.TypeFlags.Number) !== 0) return { type: "number" };
  if ((t.flags & ts.TypeFlags.String) !== 0) return { type: "string" };
  const literals = (t.isUnion() ? t.types : [t]).filter((u) => u.isStringLiteral()).map((u) => (u as ts.StringLiteralType).value);
  // Sorted: TypeScript orders a union's members by when it first met them, not as written.
  if (literals.length > 0 && literals.length === (t.isUnion() ? t.types.length : 1)) return { type: "string", values: literals.sort() };
  return { type: checker.typeToString(t) };
}

/**
 * The doc comment and type of each parameter `defaults` names, read from the type of the class's
 * public `params` field (`Readonly<NsccParams>`: its members keep their declarations' comments).
 * A class whose `defaults` is null (construction needs a topology: Spritz) names every member of
 * that type instead; one without a `params` field (SpritzPaths) is read off its constructor's
 * first argument. A member without a doc comment keeps `doc: ""`, which manifest.test.ts fails on.
 */
function paramsOf(checker: ts.TypeChecker, classType: ts.Type, decl: ts.ClassDeclaration, defaults: ClassEntry["defaults"], rules: RulesByProfile): ClassEntry["params"] {
  const field = checker.getPropertyOfType(classType, "params");
  const arg = decl.members.find(ts.isConstructorDeclaration)?.parameters[0];
  const raw = field?.declarations !== undefined ? checker.getTypeOfSymbolAtLocation(field, field.declarations[0]) : arg !== undefined ? checker.getTypeAtLocation(arg) : undefined;
  const out: ClassEntry["params"] = {};
  if (raw === undefined) return out;
  const t = checker.getNonNullableType(raw);
  const names = new Set<string>();
  if (defaults === null) for (const p of checker.getPropertiesOfType(t)) names.add(p.name);
  for (const row of Object.values(defaults ?? {})) for (const k of Object.keys(row)) names.add(k);
  for (const name of [...names].sort()) {
    const p = checker.getPropertyOfType(t, name);
    if (p?.declarations === undefined) continue;
    const doc = flat(ts.displayPartsToString(p.getDocumentationComment(checker)));
    const pt = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(p, p.declarations[0]));
    out[name] = { ...paramType(checker, pt), doc, ...rangeOf(name, rules) };
  }
  return out;
}

/** `range` when every profile holds the parameter to the same rule, else `rangeByProfile`; {} when none checks it. */
function rangeOf(name: string, rules: RulesByProfile): Pick<ParamEntry, "range" | "rangeByProfile"> {
  const by: { [profile: string]: string } = {};
  for (const [profile, r] of Object.entries(rules)) if (r[name] !== undefined) by[profile] = r[name];
  const texts = [...new Set(Object.values(by))];
  if (texts.length === 0) return {};
  return texts.length === 1 && Object.keys(by).length === Object.keys(rules).length ? { range: texts[0] } : { rangeByProfile: by };
}

function classEntry(checker: ts.TypeChecker, decl: ts.ClassDeclaration, files: ts.SourceFile[], name: string, cls: VectorModule): ClassEntry {
  const handlers: ClassEntry["handlers"] = {};
  const readers: ClassEntry["readers"] = {};
  const type = checker.getTypeAtLocation(decl);
  const docs = new Map<string, { args: string[]; doc: string }>();
  const counters: ClassEntry["counters"] = {};
  const fields: ClassEntry["fields"] = {};
  for (const sym of checker.getPropertiesOfType(type)) {
    const d = sym.declarations?.[0];
    const doc = withThrows(flat(ts.displayPartsToString(sym.getDocumentationComment(checker))), sym, checker);
    if (d !== undefined && isPublicField(d)) {
      const t = checker.getTypeAtLocation(d);
      if ((t.flags & ts.TypeFlags.NumberLike) !== 0) counters[sym.name] = doc;
      else if (t.getCallSignatures().length === 0) fields[sym.name] = fieldEntry(checker, sym.name, t, doc);
    }
    const params = d === undefined ? null : publicMethodParams(d);
    if (params === null) continue;
    docs.set(sym.name, { args: params.map((p) => p.name.getText()), doc });
  }
  for (const h of Object.keys(cls.api).sort()) handlers[h] = { args: [...cls.api[h]], doc: docs.get(h)?.doc ?? "" };
  // Only what the engine would read as a key: a port takes `readers` as the keys it must serve.
  for (const [k, v] of [...docs.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (isReader(k, v.args)) readers[k] = v;
  const profiles = profilesOf(checker, files, name, cls);
  const bpf = (cls as unknown as { bytesPerFlow?: unknown }).bytesPerFlow;
  const { rules, ...defaults } = defaultsOf(cls, profiles);
  return {
    bytesPerFlow: typeof bpf === "number" ? bpf : null,
    handlers,
    outFields: cls.outFields ? [...cls.outFields] : [],
    readers,
    counters: Object.fromEntries(Object.entries(counters).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    fields: Object.fromEntries(Object.entries(fields).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    profiles,
    ...defaults,
    params: paramsOf(checker, type, decl, defaults.defaults, rules),
  };
}

/** Exported `const` names in UPPER_CASE declared in the module's own files, with their values from `area` (the area's index). */
function constantsOf(checker: ts.TypeChecker, files: ts.SourceFile[], area: Record<string, unknown>): { constants: { [name: string]: number }; constantDocs: { [name: string]: string } } {
  const constants: { [name: string]: number } = {};
  const constantDocs: { [name: string]: string } = {};
  const docs = new Map<string, string>();
  for (const sf of files) {
    // A run of exported constants on consecutive lines (a group of result bits under one comment)
    // shares a doc: a constant without its own takes the nearest one above it in the run (until
    // 2026-12-07 the run's first, so FIFO_CONTROL read QUEUE_DATA's "in the data FIFO": audit).
    let runDoc = "";
    let runEnd = -1;
    for (const st of sf.statements) {
      const exported = ts.isVariableStatement(st) && (ts.getCombinedModifierFlags(st.declarationList.declarations[0]) & ts.ModifierFlags.Export) !== 0;
      const inRun = runEnd >= 0 && !/\n\s*\n/.test(sf.text.slice(runEnd, st.getStart(sf)));
      if (!exported) {
        runEnd = -1;
        continue;
      }
      for (const d of (st as ts.VariableStatement).declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !/^[A-Z][A-Z0-9_]+$/.test(d.name.text)) continue;
        const sym = checker.getSymbolAtLocation(d.name);
        const own = sym === undefined ? "" : flat(ts.displayPartsToString(sym.getDocumentationComment(checker)));
        if (!inRun || own !== "") runDoc = own;
        docs.set(d.name.text, own !== "" ? own : inRun ? runDoc : "");
      }
      runEnd = st.getEnd();
    }
  }
  for (const n of [...docs.keys()].sort()) {
    if (typeof area[n] !== "number") continue;
    constants[n] = area[n] as number;
    if (docs.get(n) !== "") constantDocs[n] = docs.get(n) as string;
  }
  return { constants, constantDocs };
}

/**
 * The manifest of every module in `registry`, whose area indexes are `areas` (e.g. `{ cc }`).
 * Module "cc/nscc" is read from lib/cc/nscc/.
 */
export function buildManifest(registry: ModuleRegistry, areas: { [area: string]: Record<string, unknown> }): Manifest {
  const names = Object.keys(registry).sort();
  const roots = names.flatMap((m) => sourceFiles(join(LIB, m)));
  const program = ts.createProgram(roots, { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const modules: Manifest["modules"] = {};
  for (const m of names) {
    const files = sourceFiles(join(LIB, m)).map((f) => program.getSourceFile(f)!);
    const classes: { [name: string]: ClassEntry } = {};
    for (const [cn, cls] of Object.entries(registry[m])) {
      const decl = files.flatMap((sf) => sf.statements).find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === cn);
      if (decl === undefined) throw new Error(`manifest: class ${cn} of ${m} is not declared in lib/${m}`);
      classes[cn] = classEntry(checker, decl, files, cn, cls);
    }
    modules[m] = { classes, ...constantsOf(checker, files, areas[m.split("/")[0]]) };
  }
  const errorCodes: { [name: string]: number } = {};
  for (const [k, v] of Object.entries(errors)) if (/^E_/.test(k) && typeof v === "number") errorCodes[k] = v;
  return { format: MANIFEST_FORMAT, generatedBy: "npm run manifest (scripts/manifest.ts); do not edit by hand", errors: errorCodes, modules };
}

/** The file's text: two-space JSON with a final newline. */
export function manifestText(m: unknown): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}

/** Where the checked-in files live, relative to the repository root. */
export const API_FILE = "conformance/api.json";
export const SCHEMA_FILE = "conformance/schema.json";

/** Every module of the library (node-runner's registry) with the area indexes its constants come from. */
export function libraryManifest(): Manifest {
  return buildManifest(registry, { cc, lb, reliability, switch: sw });
}

/** The vector format, handler and frame vectors (anyOf), as JSON Schema (draft 2020-12 as TypeBox writes it), for runners in other languages. */
export function schemaText(): string {
  return manifestText(VectorFileSchema);
}
