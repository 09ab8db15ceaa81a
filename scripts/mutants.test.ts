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

test.run();
