// The mutants scripts/mutate.ts runs: one operator or small literal changed on one code line.
// Kept apart from the runner so that a test can hold the generator to what it must and must not
// touch.

export interface Mutant {
  line: number; // 0-based
  start: number;
  end: number;
  to: string;
  from: string;
  kind: Kind;
}

/**
 * "base": comparisons, logic, + and −, the literals 0 and 1 (every pass since the first).
 * "arith": bitwise operators and shifts, × and ÷, compound assignment, ++/−−, Math.min/max/floor
 * (added 2026-12-07, twenty-eighth pass; until then hex masks, shifts and `| 0` were mutated by
 * hand in a few files only).
 */
export type Kind = "base" | "arith";

const OPERATORS: [RegExp, string][] = [
  [/(?<![<>=!])<=(?!=)/g, "<"],
  [/(?<![<>=!])>=(?!=)/g, ">"],
  [/(?<![<=])<(?![<=])/g, "<="],
  [/(?<![>=-])>(?![>=])/g, ">="],
  [/===/g, "!=="],
  [/!==/g, "==="],
  [/&&/g, "||"],
  [/\|\|/g, "&&"],
  [/ \+ /g, " - "],
  [/ - /g, " + "],
  [/(?<=[^\w.])1(?=[^\w.])/g, "2"],
  [/(?<=[^\w.])0(?=[^\w.x])/g, "1"],
];

const ARITH: [RegExp, string][] = [
  [/(?<![&])&(?![&=])/g, "|"],
  [/(?<![|])\|(?![|=])/g, "&"],
  [/\^(?!=)/g, "|"],
  [/(?<= )>>>(?!=)/g, ">>"],
  [/(?<= )>>(?![>=])/g, ">>>"],
  [/(?<= )<<(?!=)/g, ">>"],
  [/ \* (?!=)/g, " / "],
  [/ \/ (?!=)/g, " * "],
  [/\+=/g, "-="],
  [/-=/g, "+="],
  [/\+\+/g, "--"],
  [/--/g, "++"],
  [/\bMath\.min\b/g, "Math.max"],
  [/\bMath\.max\b/g, "Math.min"],
  [/\bMath\.floor\b/g, "Math.ceil"],
];

/**
 * The line's code with the inside of each string literal ('…', "…", `…` on one line) blanked to
 * spaces of the same length, and a trailing `//` comment cut: the operators and numbers a mutant
 * may change, at their columns in the line. Until 2026-12-07 a line holding a quote was skipped
 * whole, so defaults tables, parameter rules and error paths with a message were never mutated
 * (the twenty-seventh pass applied their mutants by hand).
 */
export function codeOf(line: string): string {
  let out = "";
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== "") {
      if (c === "\\") {
        out += "  ";
        i++;
        continue;
      }
      if (c === quote) {
        quote = "";
        out += c;
      } else {
        out += " ";
      }
      continue;
    }
    if (c === "/" && line[i + 1] === "/") break;
    if (c === '"' || c === "'" || c === "`") quote = c;
    out += c;
  }
  return out;
}

// A union type (`x: A | B`, `v as "a" | "b"`, `type T = …`) is erased before the code runs, so
// its `|` and `&` would give mutants that cannot fail. A string literal type may hold a hyphen.
const UNION = /(?::|\bas)\s*(?:readonly )?(?:[\w.<>[\]"'-]|, )+\s*[|&]\s*[\w"'[({]/;
// An array of a union in parentheses (`targets: (DackTarget | null)[]`). Not any parenthesis
// after a colon: a ternary's `: (r & X) !== 0 ? …` is code.
const PAREN_UNION = /:\s*(?:readonly\s+)?\((?:[\w.<>"'-]+\s*\|\s*)+[\w.<>"'-]+\)\[\]/;

/** Mutants of every code line: not comments, imports, type-only lines, throws or c8-ignored guards. */
export function mutants(source: string): Mutant[] {
  const out: Mutant[] = [];
  let inBlock = false;
  source.split("\n").forEach((line, i) => {
    const s = line.trim();
    // A line in a block comment, or opening one, is skipped whole; the block ends at its `*/`.
    if (inBlock || s.startsWith("/*") || s.startsWith("*")) {
      inBlock = (inBlock || s.startsWith("/*")) && !s.includes("*/");
      return;
    }
    if (/^(\/\/|import|export type|export interface|export \*)/.test(s) || s.includes("c8 ignore") || s.includes("throw new")) return;
    const code = codeOf(line);
    // Tested on the line itself too: in `code` a string literal type ("a" | "b") is blanked.
    const typed = /^(export )?(declare )?type |^[|&] /.test(s) || UNION.test(code) || UNION.test(s.replace(/\/\/.*$/, "")) || PAREN_UNION.test(code);
    // A loop counter's ++ → −− only ever ends by the time limit (30 s a mutant), and its bound is
    // mutated by the base set.
    const loop = s.startsWith("for (");
    const skip = (to: string, at: number): boolean =>
      // `<`/`>` inside a generic type argument, not a comparison.
      ((to === "<=" || to === ">=") && /\w[<>]\w/.test(code.slice(Math.max(0, at - 1), at + 2)) && code.includes(":")) ||
      ((to === "&" || to === "|") && typed) ||
      ((to === "--" || to === "++") && loop);
    for (const [set, kind] of [[OPERATORS, "base"], [ARITH, "arith"]] as const) {
      for (const [pattern, to] of set) {
        for (const m of code.matchAll(pattern)) {
          const at = m.index ?? 0;
          if (!skip(to, at)) out.push({ line: i, start: at, end: at + m[0].length, to, from: m[0], kind });
        }
      }
    }
  });
  return out;
}
