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
  cm [scenario] [--out FILE] [--seed N] [--start-unit us|ps]
                                   the scenario's flows as an htsim connection matrix (.cm)
  plot <results.json …> [--out DIR] [--labels a,b,…] [--mean-over T,…]
                                   FCT CDF, window and queue over time, comparison bars (SVG and PNG)
  compare <results.json …> [--md | --csv] [--labels a,b,…] [--mean-over T,…]
                                   one table of several runs side by side (--mean-over seed: a
                                   column per scheme, each cell the mean over its seeds)
  sweep <scenario> --set <path>=<v1,v2,…> [--set …] [--out DIR] [--workers N] [--rerun] [--plan | --collect]
                                   the grid of variants in parallel, one CSV / JSON row per point
  soak [--count N] [--from SEED] [--out DIR] [--end-us T] [--workers W] [-v]
                                   random small scenarios over every module and option; reports
                                   crashes, integrity failures, module errors, impossible speeds,
                                   observer effects and stalled flows
  --version                        the package version`;

/** A command's entry point and usage, loaded only when that command runs. */
interface Command {
  run(argv: string[]): number | Promise<number>;
  usage: string;
}

const COMMANDS: { [name: string]: () => Promise<Command> } = {
  conformance: async () => {
    const m = await import("../conformance/node-runner");
    return { run: (argv) => m.runConformance(argv), usage: m.CONFORMANCE_USAGE };
  },
  run: async () => {
    const m = await import("./run");
    return { run: m.runCommand, usage: m.RUN_USAGE };
  },
  cm: async () => {
    const m = await import("./cm");
    return { run: m.cmCommand, usage: m.CM_USAGE };
  },
  plot: async () => {
    const m = await import("./plot/plot");
    return { run: m.plotCommand, usage: m.PLOT_USAGE };
  },
  compare: async () => {
    const m = await import("./compare");
    return { run: m.compareCommand, usage: m.COMPARE_USAGE };
  },
  sweep: async () => {
    const m = await import("./sweep/sweep");
    return { run: m.sweepCommand, usage: m.SWEEP_USAGE };
  },
  soak: async () => {
    const m = await import("./soak/command");
    return { run: m.soakCommand, usage: m.SOAK_USAGE };
  },
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const load = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (load !== undefined) {
    const c = await load();
    if (rest.includes("--help") || rest.includes("-h")) {
      console.log(c.usage);
      return 0;
    }
    return c.run(rest);
  }
  switch (command) {
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
