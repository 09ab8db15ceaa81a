// The built `nicfw` command line's help and version: what a user types first.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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

test("nicfw run, sweep and compare --help describe every option their usage line names", () => {
  for (const command of ["run", "sweep", "compare"]) {
    const [first, ...rest] = cli([command, "--help"]).stdout.split("\n");
    for (const option of new Set(first.match(/--[a-z-]+/g) ?? [])) {
      // A line of its own: the option (after its short form, if any) then what it does.
      const described = rest.some((line) => new RegExp(`^\\s+(-[a-z], )?${option}\\b(.*\\S)?\\s{2,}\\S`).test(line));
      assert.ok(described, `nicfw ${command} --help does not describe ${option}`);
    }
  }
});

test("a run cut off by run.maxEvents says so in its summary, and with --quiet too; it exits 0, as a run cut off by run.endUs", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-cli-"));
  // 3 × 16 MB into one host: about 118,000 events. The budget is checked after each block of
  // 65,536 events, so a budget of 1 stops the run at the first check: 65,536 events, before any
  // flow could finish (16 MB alone at 100 Gb/s takes 1.28 ms; the third of a link, 3.8 ms).
  writeFileSync(join(dir, "s.yaml"), "topology: { kind: fattree, tiers: 2, k: 4 }\ntraffic:\n  - { kind: incast, senders: 3, receiver: 0, bytes: 16000000 }\nrun: { maxEvents: 1 }\n");
  const line = "stopped: event budget spent (65,536 events, run.maxEvents) with 3 flows open; the figures cover only the flows that finished";
  const r = cli(["run", join(dir, "s.yaml"), "--out", join(dir, "out")]);
  assert.is(r.status, 0, r.stderr);
  assert.ok(r.stdout.includes(`\n${line}\nflows 0/3 complete`), r.stdout);
  const q = cli(["run", join(dir, "s.yaml"), "--out", join(dir, "out"), "--quiet"]);
  assert.is(q.status, 0, q.stderr);
  assert.is(q.stdout.split("\n")[0], line);
});

test("nicfw --version prints package.json's version; the top-level usage lists every command's options", () => {
  const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
  const r = cli(["--version"]);
  assert.is([r.status, r.stdout.trim()].join(" "), `0 ${version}`);
  const help = cli(["--help"]);
  assert.is(help.status, 0);
  assert.ok(help.stdout.includes("--version"), "top-level usage lacks --version");
  // Each command's line says the options of the command's own usage line, written the same way
  // (`[--mean-over T,…]` there once read `[--mean-over seed]` here, and plot's was missing).
  for (const command of ["conformance", "run", "plot", "compare", "sweep", "soak"]) {
    const own = cli([command, "--help"]).stdout.split("\n")[0];
    const line = help.stdout.split("\n").find((l) => l.startsWith(`  ${command} `)) ?? "";
    for (const option of own.match(/\[-[^\]]*\]/g) ?? []) assert.ok(line.includes(option), `top-level usage of ${command} lacks ${option}: ${line}`);
  }
  const unknown = cli(["frobnicate"]);
  assert.is(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command frobnicate/);
});

test("nicfw run --seed takes decimal digits only; an empty, hex or exponent seed is refused before anything runs (exit 2)", () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-seed-"));
  for (const seed of ["", "0x10", "1e3", "-1", "4294967296"]) {
    const r = cli(["run", "--seed", seed, "--out", join(dir, "o")]);
    assert.is(r.status, 2, `--seed ${JSON.stringify(seed)}: ${r.stderr}`);
    assert.match(r.stderr, /--seed needs an integer in \[0, 2\^32\)/);
  }
  assert.not.ok(existsSync(join(dir, "o")));
});

test.run();
