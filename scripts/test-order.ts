// uvu runs a file's tests when the file calls `test.run()`: the call queues the tests registered
// so far and starts a new list, so a test registered below it is never run, and never counted
// in uvu's Total either; a file without the call runs nothing. Both pass unnoticed (a test
// appended below `test.run()` of lib/switch/routing/routing-edges.test.ts did, 2026-12-06), so
// test-order.test.ts checks every test file of the repository for them.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const RUN = /^\s*test\.run\(\);?\s*$/;
/** A registration: `test(`, `test.before(`, `test.after.each(`, … at the start of a line. */
const REGISTER = /^\s*test(\.(before|after)(\.each)?)?\(/;

/** What is wrong with one test file's uvu registrations: one line per problem, none when all run. */
export function registrationProblems(source: string): string[] {
  const lines = source.split("\n");
  const run = lines.findIndex((l) => RUN.test(l));
  const registered = lines.some((l) => REGISTER.test(l));
  if (run < 0) return registered ? ["tests registered but no test.run(): none of them runs"] : [];
  const late: string[] = [];
  for (let i = run + 1; i < lines.length; i++) {
    if (REGISTER.test(lines[i])) late.push(`line ${i + 1}: registered after test.run() (line ${run + 1}), so never run`);
  }
  return late;
}

/** Every `*.test.ts` below `root` whose relative path matches `pattern`, node_modules, dist and dot folders aside. */
export function testFiles(root: string, pattern: RegExp, dir = ""): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir === "" ? e.name : `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" || e.name.startsWith(".") ? [] : testFiles(root, pattern, path);
    return path.endsWith(".test.ts") && pattern.test(path) ? [path] : [];
  });
}

/** `file: problem` for every problem in the test files below `root` matching `pattern`. */
export function misregisteredTests(root: string, pattern: RegExp): string[] {
  return testFiles(root, pattern).flatMap((f) => registrationProblems(readFileSync(join(root, f), "utf8")).map((p) => `${f}: ${p}`));
}
