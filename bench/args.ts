// Command-line arguments of both bench runners: `[name …] [--runs N] [--md FILE]`, in any
// order. `--runs` takes a positive integer, `--md` a file to write the table to as markdown;
// anything else is a name (a row filter, a scenario id).

export interface BenchArgs {
  runs: number;
  names: string[];
  /** Where to write the result table as markdown, if anywhere. */
  md?: string;
}

/** @throws Error for `--runs` without a positive integer after it, `--md` without a file, or another `--` option. */
export function parseBenchArgs(args: readonly string[], defaultRuns: number): BenchArgs {
  let runs = defaultRuns;
  let md: string | undefined;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--runs") {
      runs = Number(args[++i]);
      if (!(Number.isInteger(runs) && runs >= 1)) throw new Error(`--runs needs a positive integer, got ${args[i]}`);
    } else if (a === "--md") {
      md = args[++i];
      if (md === undefined || md.startsWith("--")) throw new Error("--md needs a file name");
    } else if (a.startsWith("--")) {
      throw new Error(`unknown option ${a} (usage: [name …] [--runs N] [--md FILE])`);
    } else {
      names.push(a);
    }
  }
  return md === undefined ? { runs, names } : { runs, names, md };
}
