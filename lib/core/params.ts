// Parameter resolution for every module's constructor (DESIGN.md rules 5–7): parameters come in
// human units, every one has a default (a profile only supplies defaults) and every one may be
// overridden by name; an unknown name or a value out of range throws a RangeError that names the
// module, the parameter and the value.
//
// A module states its defaults (already derived from its profile and from the inputs other
// defaults depend on) and a rule per parameter; `resolveParams` does the rest. Construction
// only: it allocates and throws, and never runs on a per-packet path.

/** Which ends of a numeric interval belong to it: "[]" closed, "[)" half-open, … */
export type ParamInterval = "[]" | "[)" | "(]" | "()";

export type ParamRule =
  | { readonly kind: "int"; readonly lo: number; readonly hi: number }
  | { readonly kind: "num"; readonly lo: number; readonly hi: number; readonly ends: ParamInterval }
  | { readonly kind: "bool" }
  | { readonly kind: "oneOf"; readonly options: readonly unknown[] }
  | { readonly kind: "must"; readonly ok: boolean; readonly what: string };

/** A rule per parameter, checked in the order written. Parameters without a rule are not checked. */
export type ParamRules<T> = { readonly [K in keyof T]?: ParamRule };

/** The rules a parameter can be held to. */
export const rule = Object.freeze({
  /** An integer in [lo, hi]; with no bounds, any integer. */
  int(lo = -Infinity, hi = Infinity): ParamRule {
    return { kind: "int", lo, hi };
  },
  /** A number between lo and hi, both ends included unless `ends` says otherwise; NaN never passes. */
  num(lo: number, hi: number, ends: ParamInterval = "[]"): ParamRule {
    return { kind: "num", lo, hi, ends };
  },
  bool: Object.freeze({ kind: "bool" }) as ParamRule,
  /** One of the listed values (compared with ===). */
  oneOf(...options: readonly unknown[]): ParamRule {
    return { kind: "oneOf", options };
  },
  /**
   * A condition the module computed itself (a bound that depends on another parameter's form, a
   * power of two, …); `what` completes the sentence "<name> must be …".
   */
  must(ok: boolean, what: string): ParamRule {
    return { kind: "must", ok, what };
  },
});

/** A bound as people write it: 2^k for powers of two above 65536, 2^k − 1 for the largest values of 20 or more bits. */
function bound(x: number): string {
  if (Number.isInteger(x) && x > 65536 && Number.isInteger(Math.log2(x))) return `2^${Math.log2(x)}`;
  if (Number.isInteger(x) && x >= 1048575 && Number.isInteger(Math.log2(x + 1))) return `2^${Math.log2(x + 1)} − 1`;
  return String(x);
}

function shown(v: unknown): string {
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

function interval(lo: number, hi: number, ends: ParamInterval): string {
  return `${ends[0]}${bound(lo)}, ${bound(hi)}${ends[1]}`;
}

/** What a value must be to pass `r`, completing "<name> must be …". */
function described(r: ParamRule): string {
  switch (r.kind) {
    case "int":
      return r.lo === -Infinity && r.hi === Infinity ? "an integer" : `an integer in ${interval(r.lo, r.hi, "[]")}`;
    case "num":
      return `a number in ${interval(r.lo, r.hi, r.ends)}`;
    case "bool":
      return "a boolean";
    case "oneOf":
      return `one of ${r.options.map(shown).join(", ")}`;
    case "must":
      return r.what;
  }
}

function passes(v: unknown, r: ParamRule): boolean {
  switch (r.kind) {
    case "int":
      return typeof v === "number" && Number.isInteger(v) && v >= r.lo && v <= r.hi;
    case "num":
      return typeof v === "number" && (r.ends[0] === "[" ? v >= r.lo : v > r.lo) && (r.ends[1] === "]" ? v <= r.hi : v < r.hi);
    case "bool":
      return typeof v === "boolean";
    case "oneOf":
      return r.options.indexOf(v) >= 0;
    case "must":
      return r.ok;
  }
}

/** What each parameter of a resolved params object was held to, by resolveParams (paramRules). */
const heldTo = new WeakMap<object, { readonly [name: string]: string }>();

/**
 * What `resolveParams` held each parameter of `resolved` to, as its error message words it ("an
 * integer in [1, 255]", "a power of two in [2, 2^20]"), for the parameters it has a rule for; a
 * bound that depends on other parameters is the one their resolved values gave. Empty for an
 * object resolveParams did not return. The conformance manifest lists these as each
 * parameter's `range`, so that a port can refuse what this library refuses.
 */
export function paramRules(resolved: object): { readonly [name: string]: string } {
  return heldTo.get(resolved) ?? {};
}

/** `merged`, a spread of resolved params objects, held to their rules for paramRules (those of its own keys). */
export function mergeResolved<T extends object>(merged: T, ...parts: readonly object[]): T {
  const held: { [name: string]: string } = {};
  for (const part of parts) {
    const r = heldTo.get(part);
    if (r !== undefined) for (const k of Object.keys(r)) if (k in merged) held[k] = r[k];
  }
  heldTo.set(merged, held);
  return merged;
}

/**
 * A parameter refused at construction: a RangeError that also names the parameter, so that a
 * caller holding the parameters in a larger configuration can point at the field (the harness
 * reports `transport.cc.params.fiBytes`, not only `transport.cc`).
 */
export class ParamError extends RangeError {
  constructor(
    message: string,
    readonly param: string,
    /** The name is not a parameter at all (a typo, a name from a paper), not a bad value. */
    readonly unknown = false,
  ) {
    super(message);
    this.name = "RangeError";
  }
}

/**
 * Edit distance between `a` and `b` with an adjacent transposition counted as one edit (optimal
 * string alignment), so that `gian` is one edit from `gain`, as a typist would count it.
 */
function editDistance(a: string, b: string): number {
  let prev2: number[] = [];
  let prev: number[] = [];
  for (let j = 0; j <= b.length; j++) prev.push(j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
    }
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/**
 * The names a mistyped `given` most likely meant: those nearest to it, ignoring case, when they
 * are near enough to be a slip (one edit per four letters, at least one, but never every letter:
 * `b` is no slip for `a`) or extend it (a unit left off: `mtu` for `mtuBytes`, names carrying
 * their units by DESIGN.md rule 5). Empty when nothing is near, so that an unrelated name draws
 * no guess.
 */
function nearestNames(given: string, names: readonly string[]): string[] {
  const g = given.toLowerCase();
  const slips = Math.min(g.length - 1, Math.max(1, Math.floor(g.length / 4)));
  let best = Infinity;
  let found: string[] = [];
  for (const name of names) {
    const n = name.toLowerCase();
    const d = editDistance(g, n);
    if (d > slips && !(g.length >= 3 && n.startsWith(g))) continue;
    if (d < best) {
      best = d;
      found = [name];
    } else if (d === best) found.push(name);
  }
  return found;
}

/**
 * @throws ParamError `<who>: unknown parameter <name> (did you mean <near>?); parameters are <a>,
 *   <b>, …` for a name not in `names`: the valid names sorted, and the guess only when one is near
 *   (an unknown name in a scenario is most often a typo or a name from a paper, and the module's
 *   own list is the quickest way to the right one).
 */
export function checkParamNames(who: string, input: object, names: readonly string[]): void {
  for (const k of Object.keys(input)) {
    if (names.indexOf(k) < 0) {
      const near = nearestNames(k, names);
      const guess = near.length > 0 ? ` (did you mean ${near.join(" or ")}?)` : "";
      throw new ParamError(`${who}: unknown parameter ${k}${guess}; parameters are ${[...names].sort().join(", ")}`, k, true);
    }
  }
}

/**
 * The profile named by the input, or `fallback` when none is given.
 * @throws ParamError `<who>: unknown profile <name>; profile must be one of "a", "b"` for a name
 * not in `profiles` (the list, so that a mistyped name shows the choices).
 */
export function profileParam<P extends string>(who: string, given: P | undefined, profiles: readonly P[], fallback: P): P {
  const profile = given === undefined ? fallback : given;
  if (profiles.indexOf(profile) < 0) {
    throw new ParamError(`${who}: unknown profile ${String(profile)}; profile must be one of ${profiles.map((p) => `"${p}"`).join(", ")}`, "profile");
  }
  return profile;
}

/** @throws RangeError `<who>: <what>` unless `ok` (for a check that concerns several parameters). */
export function needParam(who: string, ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`${who}: ${what}`);
}

/**
 * The defaults, each overridden by the input's value of the same name unless that is undefined,
 * then checked rule by rule. The parameter names are the defaults' keys. `rules` may be a
 * function of the merged parameters, for bounds that depend on other parameters. The defaults are
 * not changed; the result is a new, unfrozen object.
 * @throws ParamError for an unknown name, or `<who>: <name> must be …, got <value>` for the first
 *   parameter that breaks its rule.
 */
export function resolveParams<T extends object>(
  who: string,
  defaults: T,
  input: Partial<T>,
  rules: ParamRules<T> | ((p: T) => ParamRules<T>),
): T {
  checkParamNames(who, input, Object.keys(defaults));
  const p = { ...defaults } as { [name: string]: unknown };
  const given = input as { [name: string]: unknown };
  for (const k of Object.keys(given)) {
    if (given[k] !== undefined) p[k] = given[k];
  }
  const checks = (typeof rules === "function" ? rules(p as T) : rules) as { [name: string]: ParamRule | undefined };
  const held: { [name: string]: string } = {};
  for (const name of Object.keys(checks)) {
    const r = checks[name];
    if (r === undefined) continue;
    const what = described(r);
    if (!passes(p[name], r)) throw new ParamError(`${who}: ${name} must be ${what}, got ${shown(p[name])}`, name);
    held[name] = what;
  }
  heldTo.set(p, held);
  return p as T;
}
