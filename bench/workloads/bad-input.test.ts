// The bad-input rows of the allocation check (bad-input.ts) drive what they claim: one row per
// table class that builds from its defaults, as many calls a replay as the row's batch says, and
// most of them refused and counted, so the check measures refusal paths, not valid calls. (That a
// refusal path that allocates fails the check was shown by hand on 2026-12-07: Aimd.onSend's
// refusal made to build an object failed its row, 9 GCs in 10 M events, while the five realistic
// cc/aimd rows passed.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { handlers } from "../../lib/test-support";
import { badCalls, badInputTables, badInputWorkloads } from "./bad-input";

test("one bad-input row per default-built table and Spritz class; its calls are the batch, and at least 40 % of them are refused and counted", () => {
  const tables = badInputTables();
  assert.equal(
    badInputWorkloads.map((w) => `${w.module} ${w.handler}`),
    tables.map((t) => `${t.module} ${t.name} bad input`),
  );
  tables.forEach(({ name, cls, make }, i) => {
    const t = make() as unknown as { errors: number };
    const calls = badCalls(t as never, cls.api, handlers(cls));
    assert.is(calls.length, badInputWorkloads[i].batch, name);
    const before = t.errors;
    for (const c of calls) c();
    assert.ok(t.errors - before >= 0.4 * calls.length, `${name}: ${t.errors - before} of ${calls.length} refused`);
  });
});

test.run();
