// The built `nicfw` command line's help and version: what a user types first.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

const CLI = resolve("dist/cli/nicfw.js");
const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });

test("nicfw <command> --help (or -h) prints that command's usage and exits 0, for every command", () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: run npm run build first`);
  for (const command of ["conformance", "run", "plot", "compare", "sweep", "soak"]) {
    for (const flag of ["--help", "-h"]) {
      const r = cli([command, flag]);
      assert.is(r.status, 0, `${command} ${flag}: ${r.stderr}`);
      assert.ok(r.stdout.startsWith(`usage: nicfw ${command}`), `${command} ${flag}: ${r.stdout}`);
      // (stderr may carry node's own warnings, e.g. NO_COLOR with FORCE_COLOR under the test runner)
      assert.not.match(r.stderr, /unknown|usage/);
    }
  }
});

test("nicfw --version prints package.json's version; the top-level usage lists every command's options", () => {
  const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
  const r = cli(["--version"]);
  assert.is([r.status, r.stdout.trim()].join(" "), `0 ${version}`);
  const help = cli(["--help"]);
  assert.is(help.status, 0);
  for (const option of ["--quiet", "--stats", "--plots", "--labels", "--rerun", "--plan", "--collect", "--end-us", "--workers", "--version"]) {
    assert.ok(help.stdout.includes(option), `top-level usage lacks ${option}`);
  }
  const unknown = cli(["frobnicate"]);
  assert.is(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command frobnicate/);
});

test.run();
