import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseBenchArgs } from "./args";

test("a filter before or after --runs is kept; --runs is read wherever it stands", () => {
  // `npm run bench cc/swift` once ran every module: the filter at index 0 was dropped.
  assert.equal(parseBenchArgs(["cc/swift"], 5), { runs: 5, names: ["cc/swift"] });
  assert.equal(parseBenchArgs(["cc/swift onAck", "--runs", "7"], 5), { runs: 7, names: ["cc/swift onAck"] });
  assert.equal(parseBenchArgs(["--runs", "3", "a", "c"], 5), { runs: 3, names: ["a", "c"] });
  assert.equal(parseBenchArgs([], 3), { runs: 3, names: [] });
});

test("--md takes the file to write the table to", () => {
  assert.equal(parseBenchArgs(["cc/", "--md", "docs/bench.md"], 5), { runs: 5, names: ["cc/"], md: "docs/bench.md" });
});

test("--v8 takes one argument of V8 options, split at spaces", () => {
  assert.equal(parseBenchArgs(["--v8", "--max-inlined-bytecode-size=3000  --max-inlined-bytecode-size-cumulative=5000", "cc/"], 5), {
    runs: 5,
    names: ["cc/"],
    v8: ["--max-inlined-bytecode-size=3000", "--max-inlined-bytecode-size-cumulative=5000"],
  });
});

test("--check is a flag, set only when given", () => {
  assert.equal(parseBenchArgs(["cc/nscc", "--check"], 1), { runs: 1, names: ["cc/nscc"], check: true });
});

test("--runs without a positive integer, --md without a file, and unknown options, are errors", () => {
  for (const bad of [["--runs"], ["--runs", "0"], ["--runs", "2.5"], ["--runs", "x"], ["--help"], ["--md"], ["--md", "--runs", "3"], ["--v8"], ["--v8", ""], ["--v8", "stress"], ["--v8", "--a b"]]) {
    assert.throws(() => parseBenchArgs(bad, 5), undefined, bad.join(" "));
  }
});

test("a bench option npm took as its own config is an error, not a run without it", () => {
  // npm 11: `npm run bench:instructions cc/nscc --check` passes ["cc/nscc"] and sets
  // npm_config_check=true (seen 2026-12-05); the run would count and merge rows, not check.
  assert.throws(() => parseBenchArgs(["cc/nscc"], 1, { npm_config_check: "true" }), /npm took --check as its own option; put -- before/);
  assert.throws(() => parseBenchArgs(["cc/nscc", "3"], 1, { npm_config_runs: "true", npm_config_v8: "true" }), /--runs, --v8/);
  assert.equal(parseBenchArgs(["cc/nscc", "--check"], 1, { npm_config_cache: "/root/.npm" }), { runs: 1, names: ["cc/nscc"], check: true });
});

test.run();
