import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { misregisteredTests, registrationProblems } from "./test-order";

const HEAD = 'import { test } from "uvu";\n';

test("a file whose registrations all come before test.run() has no problem", () => {
  assert.equal(registrationProblems(`${HEAD}test("a", () => {});\ntest.before(() => {});\n\ntest.run();\n`), []);
  // A file with no tests at all (a helper module named .test.ts) is no problem either.
  assert.equal(registrationProblems("export const x = 1;\n"), []);
});

test("a test, or a hook, registered after test.run() is reported with its line", () => {
  const src = `${HEAD}test("a", () => {});\ntest.run();\n\ntest("late", () => {});\ntest.after.each(() => {});\n`;
  assert.equal(registrationProblems(src), [
    "line 5: registered after test.run() (line 3), so never run",
    "line 6: registered after test.run() (line 3), so never run",
  ]);
});

test("tests without test.run() are reported: uvu runs none of them", () => {
  assert.equal(registrationProblems(`${HEAD}test("a", () => {});\n`), ["tests registered but no test.run(): none of them runs"]);
});

test("the tree walk finds test files by pattern and skips node_modules, dist and dot folders", () => {
  const root = mkdtempSync(join(tmpdir(), "nicfw-test-order-"));
  try {
    for (const d of ["lib/a", "node_modules/x", "dist", ".git"]) mkdirSync(join(root, d), { recursive: true });
    const late = `${HEAD}test.run();\ntest("late", () => {});\n`;
    for (const f of ["lib/a/late.test.ts", "node_modules/x/late.test.ts", "dist/late.test.ts", ".git/late.test.ts"]) writeFileSync(join(root, f), late);
    writeFileSync(join(root, "lib/a/ok.test.ts"), `${HEAD}test("a", () => {});\ntest.run();\n`);
    assert.equal(misregisteredTests(root, /\.test\.ts$/), ["lib/a/late.test.ts: line 3: registered after test.run() (line 2), so never run"]);
    assert.equal(misregisteredTests(root, /^harness\//), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("every test file of this repository registers its tests before test.run()", () => {
  assert.equal(misregisteredTests(".", /\.test\.ts$/), []);
});

test.run();
