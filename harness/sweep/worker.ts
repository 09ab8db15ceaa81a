// A sweep worker thread: runs the point files it is sent, one at a time, and writes each
// point's results.json and flows.csv into the point's directory (as `nicfw run` would); or,
// before the sweep runs, builds a point without running it and answers with its scenario errors.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort } from "node:worker_threads";
import { flowsCsv } from "../metrics/results";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { loadScenario, ScenarioError } from "../scenario/load";
import type { Scenario } from "../scenario/schema";

export function workerMain(): void {
  const port = parentPort;
  if (!port) throw new Error("sweep worker: not in a worker thread");
  port.on("message", (m: { file: string; dir: string } | { check: true; text: string; baseDir: string }) => {
    if ("check" in m) {
      // A point's scenario is already valid by the schema (sweep.ts preparePoints).
      try {
        build(JSON.parse(m.text) as Scenario, { baseDir: m.baseDir });
        port.postMessage({ ok: true });
      } catch (e) {
        port.postMessage(e instanceof ScenarioError ? { ok: false, errors: e.errors } : { ok: true });
      }
      return;
    }
    try {
      const r = runScenario(loadScenario(m.file), { baseDir: dirname(m.file) });
      mkdirSync(m.dir, { recursive: true });
      writeFileSync(join(m.dir, "flows.csv"), flowsCsv(r));
      // results.json last: its presence marks the point done.
      writeFileSync(join(m.dir, "results.json"), `${JSON.stringify(r, null, 1)}\n`);
      port.postMessage({ ok: true });
    } catch (e) {
      port.postMessage({ ok: false, error: (e as Error).message.split("\n").join("; ") });
    }
  });
}
