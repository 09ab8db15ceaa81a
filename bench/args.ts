// Command-line arguments of the bench runners: `[name …] [--runs N] [--md FILE] [--v8 FLAGS]
// [--check]`, in any order. `--runs` takes a positive integer, `--md` a file to write the table to
// as markdown, `--v8` V8 options (one argument, space-separated, each starting with `--`) for
// every measuring process, `--check` asks for a comparison with the committed results instead of
// new ones (bench:instructions only); anything else is a name (a row filter, a scenario id).

export interface BenchArgs {
  runs: number;
  names: string[];
  /** Where to write the result table as markdown, if anywhere. */
  md?: string;
  /** V8 options for the measuring processes (an embedding's engine configuration), if any. */
  v8?: string[];
  /** Hold the run to the committed results and write nothing, if set. */
  check?: true;
}

/** The bench options npm reads as its own config when they come before `--` (npm sets npm_config_<name>). */
const NPM_EATS = ["runs", "v8", "check", "md"];

/**
 * @throws Error for `--runs` without a positive integer after it, `--md` without a file, `--v8`
 * without options that each start with `--`, or another `--` option; and for a bench option npm
 * took as its own (`npm run bench cc/nscc --check`: npm sets npm_config_check and passes only
 * `cc/nscc`, so the run would count and write instead of checking), given the environment.
 */
export function parseBenchArgs(args: readonly string[], defaultRuns: number, env: Readonly<Record<string, string | undefined>> = {}): BenchArgs {
  const eaten = NPM_EATS.filter((o) => env[`npm_config_${o}`] !== undefined);
  if (eaten.length > 0) {
    throw new Error(`npm took ${eaten.map((o) => `--${o}`).join(", ")} as its own option; put -- before the bench's options (npm run bench -- [filter] [--runs N] …)`);
  }
  let runs = defaultRuns;
  let md: string | undefined;
  let v8: string[] | undefined;
  let check = false;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--runs") {
      runs = Number(args[++i]);
      if (!(Number.isInteger(runs) && runs >= 1)) throw new Error(`--runs needs a positive integer, got ${args[i]}`);
    } else if (a === "--md") {
      md = args[++i];
      if (md === undefined || md.startsWith("--")) throw new Error("--md needs a file name");
    } else if (a === "--v8") {
      v8 = (args[++i] ?? "").split(" ").filter((f) => f !== "");
      if (v8.length === 0 || v8.some((f) => !f.startsWith("--"))) throw new Error(`--v8 needs V8 options such as "--max-inlined-bytecode-size=920", got ${args[i]}`);
    } else if (a === "--check") {
      check = true;
    } else if (a.startsWith("--")) {
      throw new Error(`unknown option ${a} (usage: [name …] [--runs N] [--md FILE] [--v8 FLAGS] [--check])`);
    } else {
      names.push(a);
    }
  }
  const parsed: BenchArgs = { runs, names };
  if (md !== undefined) parsed.md = md;
  if (v8 !== undefined) parsed.v8 = v8;
  if (check) parsed.check = true;
  return parsed;
}

/** " with V8 options …" for the line under a table, or "" under node's defaults: a figure measured under other options is another engine configuration. */
export function engineNote(v8: readonly string[]): string {
  return v8.length > 0 ? ` with V8 options ${v8.join(" ")}` : "";
}
