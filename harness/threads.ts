// Worker threads for the commands that fan out (sweep, soak). Built, the CLI bundle is its own
// worker script: harness/cli.ts serves the work its workerData names. From TypeScript sources
// (the unit tests run through tsx's require hook, `tsx harness/cli.ts` through its ESM loader) a
// new thread has no loader, so the worker is a short CommonJS script that registers tsx's
// require hook and then calls `workerMain` of `entry` (a path relative to `from`).

import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** A thread running `entry`'s workerMain; `from` is the caller's import.meta.url. */
export function startWorker(from: string, entry: string, workerData: Record<string, boolean>): Worker {
  if (!from.endsWith(".ts")) return new Worker(new URL(from), { workerData });
  const require = createRequire(from);
  const file = fileURLToPath(new URL(entry, from));
  const code = `require(${JSON.stringify(require.resolve("tsx/cjs"))}); require(${JSON.stringify(file)}).workerMain();`;
  return new Worker(code, { eval: true, workerData });
}
