// Which code made a results file (results.json `nicfw`): package.json's version and, when the
// package runs from a git checkout of its own, the commit checked out, and whether lib/ or
// harness/ differ from it. The scenario and seed alone do not fix a run's figures: defaults,
// derived constants and the modules change between versions (results.ts `input`).

import { execFileSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { version } from "../../package.json";
import { groupByKey } from "./group";

export interface CodeVersion {
  /** package.json "version" (built into dist/cli at `npx tsup`). */
  version: string;
  /** `git rev-parse HEAD` of the checkout the package runs from; absent outside one (an installed package). */
  commit?: string;
  /**
   * Tracked files under lib/ or harness/ differ from `commit`, so it does not name the code
   * that ran. Not checked: dist/, which `nicfw` runs from, may be a build of older sources.
   */
  dirty?: true;
}

let cached: CodeVersion | undefined;

/** This process's CodeVersion, looked up once (git takes a few ms; a sweep thread collects many runs). */
export function codeVersion(): CodeVersion {
  if (cached === undefined) cached = lookUp();
  return cached;
}

/** The folder of the package.json above this file: the checkout's root from harness/metrics/ or dist/cli/. */
function packageRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++) {
    if (existsSync(join(dir, "package.json"))) return dir;
    dir = dirname(dir);
  }
  return null;
}

function lookUp(): CodeVersion {
  const root = packageRoot();
  if (root === null) return { version };
  const git = (args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 10_000 }).trim();
  try {
    const [top, commit] = git(["rev-parse", "--show-toplevel", "HEAD"]).split("\n");
    // An installed package sits in node_modules of the user's project, which may be a git
    // checkout: its HEAD is that project's, not this code's.
    if (realpathSync(top) !== realpathSync(root)) return { version };
    let dirty = false;
    try {
      git(["diff", "--quiet", "HEAD", "--", "lib", "harness"]);
    } catch {
      dirty = true;
    }
    return dirty ? { version, commit, dirty: true } : { version, commit };
  } catch {
    // No git, or not a checkout.
    return { version };
  }
}

/**
 * The note (for stderr) when the runs were written by different code (results.json `nicfw`:
 * version, commit, uncommitted changes), naming the runs of each, else null: a difference
 * between their columns may be the code's, not the scheme's (a sweep resumed after a change).
 */
export function codeVersionNote(results: readonly { nicfw?: CodeVersion }[], names: string[]): string | null {
  const of = (r: { nicfw?: CodeVersion }) => {
    const v = r.nicfw;
    if (v === undefined) return "no version recorded (written before 2026-12-06)";
    return `${v.version}${v.commit === undefined ? "" : ` commit ${v.commit.slice(0, 12)}`}${v.dirty ? " with uncommitted changes" : ""}`;
  };
  const groups = groupByKey(results.map(of));
  if (groups.length < 2) return null;
  const SHOWN = 4;
  const list = (g: number[]) => g.slice(0, SHOWN).map((i) => names[i]).join(", ") + (g.length > SHOWN ? ` and ${g.length - SHOWN} more` : "");
  return `note: the runs come from ${groups.length} versions of nicfw (results.json nicfw), so their differences may be the code's: ${groups.map((g) => `${of(results[g[0]])}: ${list(g)}`).join("; ")}`;
}
