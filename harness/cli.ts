// The `nicfw` command line. Each command's code is loaded only when that command runs, so
// `nicfw run` does not pay for the conformance engine and its schema compiler at start-up, nor
// for the chart libraries. The same file is the sweep's worker-thread script (the bundle has no
// other entry): in a worker it only serves the points it is sent.

import { isMainThread, workerData } from "node:worker_threads";

const USAGE = `usage: nicfw <command> [arguments]

commands:
  conformance <files or folders>   run conformance vectors; ends with "conformance: N passed, M failed"
  run [scenario] [--out DIR] [--seed N] [--plots]
                                   run a scenario on the virtual fabric (no argument: the embedded default)
  plot <results.json …> [--out DIR]
                                   FCT CDF, window and queue over time, comparison bars (SVG and PNG)
  compare <results.json …> [--md | --csv]
                                   one table of several runs side by side
  sweep <scenario> --set <path>=<v1,v2,…> … [--out DIR] [--workers N] [--plan | --collect]
                                   the grid of variants in parallel, one CSV / JSON row per point
  soak [--count N] [--from SEED] [--out DIR] [--workers N] [-v]
                                   random small scenarios over every module and option; reports
                                   crashes, integrity failures, module errors, impossible speeds,
                                   observer effects and stalled flows`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "conformance":
      return (await import("../conformance/node-runner")).runConformance(rest);
    case "run":
      return (await import("./run")).runCommand(rest);
    case "plot":
      return (await import("./plot/plot")).plotCommand(rest);
    case "compare":
      return (await import("./compare")).compareCommand(rest);
    case "sweep":
      return (await import("./sweep/sweep")).sweepCommand(rest);
    case "soak":
      return (await import("./soak/command")).soakCommand(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`nicfw: unknown command ${command}\n${USAGE}`);
      return 2;
  }
}

const role = isMainThread ? null : (workerData as { nicfwSweepWorker?: boolean; nicfwSoakWorker?: boolean } | null);
if (role?.nicfwSweepWorker) {
  void import("./sweep/worker").then((m) => m.workerMain());
} else if (role?.nicfwSoakWorker) {
  void import("./soak/worker").then((m) => m.workerMain());
} else if (isMainThread) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
