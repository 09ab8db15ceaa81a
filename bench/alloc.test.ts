// The allocation check (bench/alloc.ts) must fail a handler that allocates per packet in the
// ways DESIGN.md rule 4 names, including those optimised V8 hides (a temporary literal removed
// by escape analysis) and those too rare to fill the young generation in 10 M events, and must
// pass one that only touches typed arrays. The check runs as its own process on the fake modules
// of bench/alloc-fixtures.ts, as `npm test` runs it on the library's.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";

// One run of the check (about 5 s: six fakes, 10 M events each, a confirming window for five),
// shared by the tests below.
let run: SpawnSyncReturns<string> | undefined;
const output = (): string => {
  run ??= spawnSync(process.execPath, ["--import", "tsx", "bench/alloc-fixtures.ts"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  return `${run.stdout ?? ""}${run.stderr ?? ""}`;
};
const verdict = (handler: string): string => {
  const out = output();
  const line = out.split("\n").find((l) => l.includes(`fixture/fake-cc ${handler}:`));
  assert.ok(line, `no line for ${handler} in:\n${out}`);
  return line;
};

test("a handler that only writes typed arrays passes", () => {
  const line = verdict("onAckNone");
  assert.ok(line.startsWith("ok"), line);
});

for (const [handler, what] of [
  ["onAckObject", "a temporary object literal (escape analysis removes it in optimised V8)"],
  ["onAckDestructure", "destructuring of an array literal (removed by escape analysis)"],
  ["onAckSpread", "a spread array literal (removed by escape analysis)"],
  ["onAckRare", "an object on one packet in 1,024 (384 KiB in 10 M events, no scavenge)"],
  ["onAckEvery", "an object on every packet"],
]) {
  test(`a handler that allocates ${what} fails`, () => {
    const line = verdict(handler);
    assert.ok(line.startsWith("FAIL"), `not caught: ${line}`);
  });
}

test("the check ends with its count and a failing exit", () => {
  assert.match(output(), /alloc: 1 passed, 5 failed/);
  assert.is(run?.status, 1);
});

test.run();
