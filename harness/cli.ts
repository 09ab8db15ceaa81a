// The `nicfw` command line. Each command's code is loaded only when that command runs, so
// `nicfw run` does not pay for the conformance engine and its schema compiler at start-up, nor
// for the chart libraries. The same file is the sweep's worker-thread script (the bundle has no
// other entry): in a worker it only serves the points it is sent.

import { isMainThread, workerData } from "node:worker_threads";

const USAGE = `usage: nicfw <command> [arguments]      (nicfw <command> --help: that command's options)

commands:
  conformance <files or folders>   run conformance vectors; ends with "conformance: N passed, M failed"
  run [scenario] [--out DIR] [--seed N] [--quiet] [--stats] [--plots]
                                   run a scenario on the virtual fabric (no argument: the embedded default)
  plot <results.json …> [--out DIR] [--labels a,b,…]
                                   FCT CDF, window and queue over time, comparison bars (SVG and PNG)
  compare <results.json …> [--md | --csv] [--labels a,b,…]
                                   one table of several runs side by side
  sweep <scenario> --set <path>=<v1,v2,…> … [--out DIR] [--workers N] [--rerun] [--plan | --collect]
                                   the grid of variants in parallel, one CSV / JSON row per point
  soak [--count N] [--from SEED] [--out DIR] [--end-us T] [--workers W] [-v]
                                   random small scenarios over every module and option; reports
                                   crashes, integrity failures, module errors, impossible speeds,
                                   observer effects and stalled flows
  --version                        the package version`;

/** A command's usage, loaded with the command, for `nicfw <command> --help`. */
async function usageOf(command: string): Promise<string | undefined> {
  switch (command) {
    case "conformance":
      return (await import("../conformance/node-runner")).CONFORMANCE_USAGE;
    case "run":
      return (await import("./run")).RUN_USAGE;
    case "plot":
      return (await import("./plot/plot")).PLOT_USAGE;
    case "compare":
      return (await import("./compare")).COMPARE_USAGE;
    case "sweep":
      return (await import("./sweep/sweep")).SWEEP_USAGE;
    case "soak":
      return (await import("./soak/command")).SOAK_USAGE;
    default:
      return undefined;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (rest.includes("--help") || rest.includes("-h")) {
    const usage = await usageOf(command);
    if (usage !== undefined) {
      console.log(usage);
      return 0;
    }
  }
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
    case "--version":
    case "-V":
      console.log((await import("../package.json")).version);
      return 0;
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
