// scripts/build-stamp.mjs, the package's `prepare`, on a throwaway package whose `build` only
// leaves a mark: it builds when dist/.source-hash is missing or the sources moved, not when the
// hash matches (the second `prepare` that `npx nicfw` runs after `npm ci`; review rev-docs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const script = resolve("scripts/build-stamp.mjs");

test("prepare builds without a stamp or when a source changed, and not when dist/.source-hash matches", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-stamp-"));
  try {
    const build = "node -e \"require('fs').mkdirSync('dist',{recursive:true});require('fs').appendFileSync('builds','x')\"";
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "stamp-test", version: "0.0.0", private: true, scripts: { build } }));
    mkdirSync(join(dir, "lib"));
    writeFileSync(join(dir, "lib", "a.ts"), "export const a = 1;\n");
    const run = (mode: string) => spawnSync(process.execPath, [script, mode], { cwd: dir, encoding: "utf8" });
    const builds = () => (existsSync(join(dir, "builds")) ? readFileSync(join(dir, "builds"), "utf8").length : 0);
    assert.is(run("prepare").status, 0);
    assert.is(builds(), 1, "no stamp: it builds");
    assert.is(run("write").status, 0);
    assert.is(run("prepare").status, 0);
    assert.is(builds(), 1, "the stamp matches: no second build");
    writeFileSync(join(dir, "lib", "a.ts"), "export const a = 2;\n");
    assert.is(run("prepare").status, 0);
    assert.is(builds(), 2, "a source changed: it builds again");
    assert.is(run("nonsense").status, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
