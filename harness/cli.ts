// The `nicfw` command line. Each command's code is loaded only when that command runs, so
// `nicfw run` does not pay for the conformance engine and its schema compiler at start-up.

const USAGE = `usage: nicfw <command> [arguments]

commands:
  conformance <files or folders>   run conformance vectors; ends with "conformance: N passed, M failed"
  run [scenario] [--out DIR] [--seed N]
                                   run a scenario on the virtual fabric (no argument: the embedded default)`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "conformance":
      return (await import("../conformance/node-runner")).runConformance(rest);
    case "run":
      return (await import("./run")).runCommand(rest);
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(e);
    process.exitCode = 1;
  },
);
