// Command-line arguments of both bench runners: `[name …] [--runs N]`, in any order.
// `--runs` takes a positive integer; anything else is a name (a row filter, a scenario id).

export interface BenchArgs {
  runs: number;
  names: string[];
}

/** @throws Error for `--runs` without a positive integer after it, or another `--` option. */
export function parseBenchArgs(args: readonly string[], defaultRuns: number): BenchArgs {
  let runs = defaultRuns;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--runs") {
      runs = Number(args[++i]);
      if (!(Number.isInteger(runs) && runs >= 1)) throw new Error(`--runs needs a positive integer, got ${args[i]}`);
    } else if (a.startsWith("--")) {
      throw new Error(`unknown option ${a} (usage: [name …] [--runs N])`);
    } else {
      names.push(a);
    }
  }
  return { runs, names };
}
