// `nicfw soak [--count N] [--from SEED] [--out DIR] [--end-us T] [--workers W] [-v]`: runs the
// soak (soak.ts) over a range of seeds, on worker threads (one per core by default), prints each
// scenario that ended badly as it is judged and a tally at the end, and writes each such scenario
// to DIR/<seed>.json. Exit code 1 when any ended badly.

import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { Scenario } from "../scenario/schema";
import { runOnThreads, startWorker } from "../threads";
import { VERDICTS, type Verdict, drawScenario, judge } from "./soak";

export const SOAK_USAGE = `usage: nicfw soak [--count N] [--from SEED] [--out DIR] [--end-us T] [--workers W] [-v]
  runs N random small scenarios (seeds SEED … SEED + N − 1; default 100 from 1), each for T µs
  of simulated time (default 20000), on W worker threads (default one per core), and reports
  crashes, integrity failures, module errors, nondeterminism, observer effects, impossible
  speeds, flows given up with no fault, slow receiver or DCP on dropping switches, and stalled
  flows; each failing scenario goes to DIR/<seed>.json (default soak-out);
  -v lists all`;

interface Args {
  count: number;
  from: number;
  out: string;
  endUs: number;
  workers: number;
  verbose: boolean;
}

function parseArgs(argv: string[]): Args | string {
  const a: Args = { count: 100, from: 1, out: "soak-out", endUs: 20_000, workers: availableParallelism(), verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === "--verbose" || x === "-v") {
      a.verbose = true;
      continue;
    }
    const v = Number(argv[++i]);
    if (x === "--out" && argv[i] !== undefined) a.out = argv[i];
    else if (x === "--count" && Number.isInteger(v) && v >= 1) a.count = v;
    else if (x === "--from" && Number.isInteger(v) && v >= 0 && v < 2 ** 32) a.from = v;
    else if (x === "--end-us" && v > 0) a.endUs = v;
    else if (x === "--workers" && Number.isInteger(v) && v >= 1) a.workers = v;
    else return `bad argument ${x}${argv[i] === undefined ? "" : ` ${argv[i]}`}`;
  }
  return a;
}

type Judged = ReturnType<typeof judge>;

/** Tallies verdicts, prints the bad ones (all with -v) and writes their scenarios out. */
class Report {
  private readonly tally = new Map<Verdict, number>();
  private bad = 0;
  constructor(private readonly a: Args) {}

  add(seed: number, { verdict, detail, wallMs }: Judged): void {
    this.tally.set(verdict, (this.tally.get(verdict) ?? 0) + 1);
    const shown = verdict !== "ok" && verdict !== "refused" && verdict !== "slow";
    const s = shown || this.a.verbose ? drawScenario(seed, this.a.endUs) : null;
    if (shown) {
      this.bad++;
      mkdirSync(this.a.out, { recursive: true });
      writeFileSync(join(this.a.out, `${seed}.json`), `${JSON.stringify(s, null, 2)}\n`);
    }
    if (s !== null) console.log(`${seed} ${verdict} [${label(s)}] ${wallMs} ms: ${detail}`);
  }

  /** Prints the tally, the good verdicts first; returns the exit code. */
  end(): number {
    const counts = VERDICTS.filter((v) => this.tally.has(v)).map((v) => `${v} ${this.tally.get(v)}`);
    console.log(`soak: ${counts.join(", ")}`);
    return this.bad > 0 ? 1 : 0;
  }
}

/**
 * The command; `judgeOne` stands in for judge in tests and keeps the run in this thread. With
 * more than one worker, seeds are judged as threads free up, so bad ones print out of seed order.
 */
export function soakCommand(argv: string[], judgeOne?: (s: Scenario) => Judged): number | Promise<number> {
  const a = parseArgs(argv);
  if (typeof a === "string") {
    console.error(`nicfw soak: ${a}\n${SOAK_USAGE}`);
    return 2;
  }
  const report = new Report(a);
  if (judgeOne !== undefined || a.workers === 1 || a.count === 1) {
    for (let seed = a.from; seed < a.from + a.count; seed++) report.add(seed, (judgeOne ?? judge)(drawScenario(seed, a.endUs)));
    return report.end();
  }
  return onThreads(a, report);
}

/** Judges the seeds on min(workers, count) threads; a thread that dies is a crash of its seed and is replaced. */
async function onThreads(a: Args, report: Report): Promise<number> {
  await runOnThreads<number, Judged>(
    {
      start: () => startWorker(import.meta.url, "./worker.ts", { nicfwSoakWorker: true }),
      threads: a.workers,
      jobs: Array.from({ length: a.count }, (_, i) => a.from + i),
      message: (seed) => ({ seed, endUs: a.endUs }),
      reply: (seed, judged) => report.add(seed, judged),
      death: (seed, why) => report.add(seed, { verdict: "crash", detail: why, wallMs: 0 }),
    },
    "soak",
  );
  return report.end();
}

function label(s: Scenario): string {
  const n = s.network ?? {};
  const tr = s.transport ?? {};
  const flags = `${n.pfc ? " pfc" : ""}${n.trimming ? " trim" : ""}${n.reflex ? " reflex" : ""}`;
  const faults = (s.faults ?? []).map((f) => f.kind).join("+") || "-";
  return `${s.topology.kind} ${n.routing}${flags} faults:${faults} ${tr.cc?.name}/${tr.lb?.name}/${tr.reliability?.name}`;
}
