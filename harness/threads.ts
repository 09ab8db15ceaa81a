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

/** A list of jobs for a pool of threads, and what to do with each answer. */
export interface ThreadJobs<J, R> {
  /** A new worker thread (startWorker with the command's entry). */
  start: () => Worker;
  threads: number;
  jobs: readonly J[];
  /** The message that hands a job to a thread. */
  message: (job: J) => unknown;
  /** A job was handed out. */
  begin?: (job: J) => void;
  /** A thread answered a job. */
  reply: (job: J, answer: R) => void;
  /** A thread died with the job (out of memory, say); another takes over the rest. */
  death: (job: J, why: string) => void;
}

/**
 * Runs the jobs on min(threads, jobs) worker threads, each serving one job at a time until none
 * is left. Rejects when a thread does not start at all (`what` names the command).
 */
export async function runOnThreads<J, R>(t: ThreadJobs<J, R>, what: string): Promise<void> {
  let at = 0;
  const serve = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const w = t.start();
      let current: J | undefined;
      let online = false;
      let died = "";
      const give = () => {
        current = at < t.jobs.length ? t.jobs[at++] : undefined;
        if (current === undefined) {
          void w.terminate();
          return;
        }
        t.begin?.(current);
        w.postMessage(t.message(current));
      };
      w.on("message", (answer: R) => {
        t.reply(current as J, answer);
        give();
      });
      w.on("error", (e) => {
        died = e.message;
      });
      w.on("exit", (code) => {
        if (!online) return reject(new Error(`${what}: a worker thread did not start: ${died || `exit code ${code}`}`));
        if (current === undefined) return resolve();
        t.death(current, `worker died: ${died || `exit code ${code}`}`);
        resolve(at < t.jobs.length ? serve() : undefined);
      });
      w.once("online", () => {
        online = true;
        give();
      });
    });
  await Promise.all(Array.from({ length: Math.min(Math.max(1, t.threads), t.jobs.length) }, serve));
}
