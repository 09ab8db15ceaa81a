import { test } from "uvu";
import * as assert from "uvu/assert";
import { codeOf, mutants } from "./mutants";

/** Each mutant as "line:column from→to". */
function list(source: string): string[] {
  return mutants(source).map((m) => `${m.line + 1}:${m.start} ${m.from}→${m.to}`);
}

test("a line holding a string literal is mutated outside the literal, at the line's own columns", () => {
  // The quoted "a<b" and "x" hold no mutant; `seed: 1` does.
  const line = 'const d = { topology: "a<b", mode: "x", seed: 1 };';
  assert.is(codeOf(line), 'const d = { topology: "   ", mode: " ", seed: 1 };');
  assert.equal(list(line), [`1:${line.indexOf("1 }")} 1→2`]);
});

test("quotes of every kind, escapes inside them, and a // inside a string are not code", () => {
  const line = "f('it\\'s', \"a\\\"<b\", `x>0`) // 1 < 2";
  assert.is(codeOf(line), "f('     ', \"     \", `   `) ");
  assert.is(codeOf('const url = "http://x" + 1;'), 'const url = "        " + 1;');
  assert.equal(list('const url = "http://x" + 1;'), ["1:22  + → - ", "1:25 1→2"]);
});

test("comments, imports, type-only lines, throws and c8-ignored lines give no mutant", () => {
  const source = [
    "// a < b",
    "/* x === 1",
    "   y > 0 */",
    'import { a } from "./b";',
    "export type T = A | B;",
    'if (x < 0) throw new RangeError("bad");',
    "/* c8 ignore next */ if (x < 0) return 1;",
    "return a < b;",
  ].join("\n");
  assert.equal(list(source), ["8:9 <→<="]);
});

/** The arith mutants, as "line:column from→to". */
function arith(source: string): string[] {
  return mutants(source)
    .filter((m) => m.kind === "arith")
    .map((m) => `${m.line + 1}:${m.start} ${m.from}→${m.to}`);
}

test("bitwise operators, shifts, × and ÷, compound assignment and Math.min/max/floor are arith mutants", () => {
  // Columns counted by hand: "x = (a & b) | (c ^ d);" has & at 7, | at 12, ^ at 17.
  assert.equal(arith("x = (a & b) | (c ^ d);"), ["1:7 &→|", "1:12 |→&", "1:17 ^→|"]);
  // "y = (u >>> 3) + (v >> 2) + (w << 1);": >>> at 7, >> at 19, << at 30.
  assert.equal(arith("y = (u >>> 3) + (v >> 2) + (w << 1);"), ["1:7 >>>→>>", "1:19 >>→>>>", "1:30 <<→>>"]);
  // "z = a * b / c;": × at 5 (the space before it), ÷ at 9.
  assert.equal(arith("z = a * b / c;"), ["1:5  * → / ", "1:9  / → * "]);
  assert.equal(arith("n += 2; m -= 1; k++; j--;"), ["1:2 +=→-=", "1:10 -=→+=", "1:17 ++→--", "1:22 --→++"]);
  assert.equal(arith("q = Math.min(Math.max(a, 0), Math.floor(b));"), ["1:4 Math.min→Math.max", "1:13 Math.max→Math.min", "1:29 Math.floor→Math.ceil"]);
});

test("no arith mutant in a logical operator, an exponent, a generic's closing brackets, a union type or a loop's ++", () => {
  assert.equal(arith("ok = a && b || c;"), []);
  assert.equal(arith("p = 2 ** 16;"), []);
  assert.equal(arith("const m = new Map<string, Set<number>>();"), []);
  assert.equal(arith("let v: number | undefined = f();"), []);
  assert.equal(arith('type Mode = "a" | "b";'), []);
  assert.equal(arith('  | { readonly kind: "bool" }'), []);
  assert.equal(arith('  topology: "dragonfly" | "slimfly";'), []);
  assert.equal(arith('  exploreAfterFreeze: "every-nth" | "all";'), []);
  assert.equal(arith('const t = f({ topology: p.topology as "dragonfly" | "slimfly", p: 1 });'), []);
  assert.equal(arith("const pfc = this.pfc as Pfc | PfcShared;"), []);
  assert.equal(arith("const a = (this.ld as Topology & { a: number }).a;"), []);
  // `as` only as a word: a name that ends in "as" before a bitwise or is code.
  // "x = alias | 1;": | at 10.
  assert.equal(arith("x = alias | 1;"), ["1:10 |→&"]);
  assert.equal(arith("  sets: readonly OpsSet[] | undefined;"), []);
  assert.equal(arith("export function f(q: number): [number, number] | null {"), []);
  assert.equal(arith("  rules: Rules<T> | ((p: T) => Rules<T>),"), []);
  assert.equal(arith("  readonly targets: (DackTarget | null)[];"), []);
  assert.equal(arith("function f(values: readonly (number | null | undefined)[]): number {"), []);
  // A ternary's parenthesis after its colon is code: "x = c ? 0 : (r & 4) >> 2;": & at 15, >> at 20.
  assert.equal(arith("x = c ? 0 : (r & 4) >> 2;"), ["1:15 &→|", "1:20 >>→>>>"]);
  assert.equal(arith("for (let i = 0; i < n; i++) s++;"), []);
  assert.equal(arith('export * from "./x";'), []);
  // Only the base set on the base kinds: a line with both gives each its own kind.
  assert.equal(
    mutants("r = a < (b | 1);").map((m) => m.kind),
    ["base", "base", "arith"],
  );
});

test.run();
