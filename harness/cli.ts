// The `nicfw` command line.
import { runConformance } from "../conformance/node-runner";
import { runCommand } from "./run";

const USAGE = `usage: nicfw <command> [arguments]

commands:
  conformance <files or folders>   run conformance vectors; ends with "conformance: N passed, M failed"
  run [scenario] [--out DIR] [--seed N]
                                   run a scenario on the virtual fabric (no argument: the embedded default)`;

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  switch (command) {
    case "conformance":
      return runConformance(rest);
    case "run":
      return runCommand(rest);
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

process.exitCode = main(process.argv.slice(2));
