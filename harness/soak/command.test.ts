// The soak command (command.ts): seeds, output, files, exit codes, and the same verdicts on threads.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { soakCommand } from "./command";
import { drawScenario } from "./soak";

/** Runs f with console.log and console.error collected; returns the lines. */
async function captured(f: () => unknown): Promise<string[]> {
  const lines: string[] = [];
  const log = console.log;
  const err = console.error;
  console.log = (x: string) => lines.push(x);
  console.error = (x: string) => lines.push(x);
  try {
    await f();
  } finally {
    console.log = log;
    console.error = err;
  }
  return lines;
}

test("soak command: seeds from --from, --count of them; a bad one is printed and written out, and the exit code says so", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-soak-"));
  try {
    const seeds: number[] = [];
    const verdicts: Record<number, "ok" | "slow" | "crash"> = { 5: "ok", 6: "crash", 7: "slow" };
    let code: number | Promise<number> = -1;
    let lines = await captured(() => {
      code = soakCommand(["--from", "5", "--count", "3", "--out", dir], (s) => {
        seeds.push(s.seed as number);
        return { verdict: verdicts[s.seed as number], detail: `seed ${s.seed}`, wallMs: 1 };
      });
    });
    assert.equal([code, seeds], [1, [5, 6, 7]]);
    assert.match(lines[0], /^6 crash \[.*\] 1 ms: seed 6$/);
    assert.is(lines[1], "soak: ok 1, slow 1, crash 1");
    assert.equal(JSON.parse(readFileSync(join(dir, "6.json"), "utf8")), drawScenario(6, 20_000));
    assert.ok(!existsSync(join(dir, "5.json")) && !existsSync(join(dir, "7.json")));
    const runs: [number, number][] = [];
    lines = await captured(() => {
      code = soakCommand(["--count", "2", "--out", dir, "--end-us", "500"], (s) => (runs.push([s.seed as number, s.run?.endUs as number]), { verdict: "ok", detail: "", wallMs: 0 }));
    });
    assert.equal([code, lines, runs], [0, ["soak: ok 2"], [[1, 500], [2, 500]]]);
    lines = await captured(() => {
      code = soakCommand(["-v", "--from", "9", "--count", "1"], () => ({ verdict: "slow", detail: "moving", wallMs: 0 }));
    });
    assert.is(code, 0);
    assert.match(lines[0], /^9 slow \[.*\] 0 ms: moving$/);
    for (const bad of [["--count", "0"], ["--from", "-1"], ["--end-us", "x"], ["--workers", "0"], ["--what"], ["--out"]]) {
      lines = await captured(() => {
        code = soakCommand(bad, () => {
          throw new Error("no run for bad arguments");
        });
      });
      assert.is(code, 2, bad.join(" "));
      assert.match(lines[0], /^nicfw soak: bad argument /);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("on two threads the verdicts and the tally are the ones of one thread, every seed judged once", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-soak-"));
  try {
    let one = 0;
    let two = 0;
    const a = await captured(async () => {
      one = await soakCommand(["--from", "1", "--count", "6", "--out", dir, "--workers", "1", "-v"]);
    });
    const b = await captured(async () => {
      two = await soakCommand(["--from", "1", "--count", "6", "--out", dir, "--workers", "2", "-v"]);
    });
    assert.is(two, one);
    // -v lists every seed: the same lines, in the order the threads finished them.
    const verdicts = (lines: string[]) => lines.slice(0, -1).map((l) => l.replace(/ \d+ ms: /, " ms: ")).sort();
    assert.equal(verdicts(b), verdicts(a));
    assert.is(a.length, 7);
    assert.is(b[6], a[6]);
    assert.match(a[6], /^soak: ok \d/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
