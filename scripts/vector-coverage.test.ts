// `npm run coverage:vectors` must not pass a module it measured nothing of (found in review,
// 2026-12): DESIGN.md "a module's vectors cover every branch of its handlers" needs arms counted.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = resolve(".");

test("a module none of whose branch arms is measured fails instead of passing with 0 of 0", () => {
  // A checkout whose lib/ lies outside the working folder (c8 leaves files outside it out), so
  // c8 reports no file: the module's vectors pass, yet not one arm is counted.
  const dir = mkdtempSync(join(tmpdir(), "nicfw-vcov-"));
  try {
    for (const name of ["node_modules", "scripts", "conformance", "lib", "package.json"]) symlinkSync(join(root, name), join(dir, name));
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/vector-coverage.ts", "cc/aimd"], { cwd: dir, encoding: "utf8" });
    assert.match(run.stdout, /cc\/aimd: no branch arm of lib\/cc\/aimd\/\*\* was measured/, run.stdout + run.stderr);
    assert.match(run.stdout, /coverage:vectors: 0 passed, 1 failed/);
    assert.is(run.status, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
