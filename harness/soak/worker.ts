// A soak worker thread: draws and judges the seeds it is sent, one at a time (judge catches what
// a run throws, so every seed gets an answer).

import { parentPort } from "node:worker_threads";
import { drawScenario, judge } from "./soak";

export function workerMain(): void {
  const port = parentPort;
  if (!port) throw new Error("soak worker: not in a worker thread");
  port.on("message", (m: { seed: number; endUs: number }) => {
    port.postMessage(judge(drawScenario(m.seed, m.endUs)));
  });
}
