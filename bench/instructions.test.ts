// bench/instructions.ts under another engine than bench/results/instructions.json's has no
// baseline to merge into, so a filtered run would write a table of its own rows only and drop
// every other committed count (review rev-bench F8): it must refuse, say why, and write nothing.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";

const TABLE = "bench/results/instructions.json";

test("a filtered run under other V8 options is refused and leaves the committed table as it was", () => {
  const before = readFileSync(TABLE, "utf8");
  const { v8Options } = JSON.parse(before) as { v8Options: string[] };
  // Any option the table was not counted with makes the engine another one.
  assert.not.ok(v8Options.includes("--stack-size=900"));
  const r = spawnSync(process.execPath, ["--import", "tsx", "bench/instructions.ts", "cc/aimd onSend", "--v8", "--stack-size=900"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    timeout: 120_000,
  });
  assert.is(r.status, 1, `${r.stdout}${r.stderr}`);
  assert.match(r.stderr, /Run it unfiltered/);
  assert.match(r.stderr, /with V8 options --stack-size=900/);
  assert.is(readFileSync(TABLE, "utf8"), before);
});

test.run();
