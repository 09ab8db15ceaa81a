// A boolean argument of a handler (ecn, ar, rtx, lastHop, …) is a truth value (lib/README,
// "Handlers take numbers and booleans"): a port in C passes an int, and 1 and 0 must act as
// true and false. Every vector is replayed with its boolean arguments written as 1 and 0, and
// must pass as written. Until 2026-12-07 the RUD receiver's onTrimmed echoed rtx only for
// `true` (an rtx of 1 came back as 0; audit). Spritz's setPathAvailable, a management call, is
// the one method that refuses anything but true and false (lib/lb/spritz README).
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AnyVector } from "./engine";
import { runVector } from "./engine";
import { loadVectors, vectorFiles } from "./files";
import { frames, registry } from "./node-runner";

const STRICT = new Set(["setPathAvailable"]);

/** The vector with true/false arguments of every step and open entry as 1/0; null when it has none. */
function asNumbers(v: AnyVector): AnyVector | null {
  const copy = JSON.parse(JSON.stringify(v)) as { steps?: { call: string; args?: Record<string, unknown> }[]; open?: Record<string, unknown>[] };
  let changed = false;
  const swap = (args: Record<string, unknown> | undefined) => {
    for (const k of Object.keys(args ?? {})) {
      const x = (args as Record<string, unknown>)[k];
      if (typeof x === "boolean") {
        (args as Record<string, unknown>)[k] = x ? 1 : 0;
        changed = true;
      }
    }
  };
  for (const s of copy.steps ?? []) if (!STRICT.has(s.call)) swap(s.args);
  for (const o of copy.open ?? []) swap(o);
  return changed ? (copy as unknown as AnyVector) : null;
}

test("every vector passes with its boolean arguments given as 1 and 0", () => {
  const loaded = loadVectors(vectorFiles(["conformance/vectors"]));
  let replayed = 0;
  const failed: string[] = [];
  for (const l of loaded) {
    if (!l.vector) continue;
    const v = asNumbers(l.vector);
    if (v === null) continue;
    replayed++;
    const r = runVector(v, registry, undefined, frames);
    if (r.failures.length > 0) failed.push(`${l.file}: ${r.failures[0]}`);
  }
  assert.ok(replayed >= 400, `only ${replayed} vectors have boolean arguments`);
  assert.equal(failed, []);
});


test("every vector is named as its file: the READMEs and the QuickJS runner cite a vector as <module>/<name> (audit 2026-12-07: two were not)", () => {
  for (const l of loadVectors(vectorFiles(["conformance/vectors"]))) {
    const base = l.file.replace(/^.*\//, "").replace(/\.json$/, "");
    assert.is(l.vector?.name, base, l.file);
  }
});

test.run();
