// `npm run coverage:vectors [<area>/<module> …]`: which branches of a module its conformance
// vectors leave unexercised (DESIGN.md: "a module's vectors cover every branch of its
// handlers"). For each module it runs conformance/vectors/<area>/<module> alone under c8 (V8's
// own coverage, mapped back to the TypeScript through tsx's source maps) and lists every branch
// arm no vector took, with its file, line and enclosing function. Constructors and parameter
// resolution (params.ts) are left out: they throw at construction, which a vector cannot ask
// for, and the unit tests beside the code cover them; so are arms marked in the source with a
// `c8 ignore` hint, each of which says why no vector can reach it. A module passes when its
// vectors take every other arm; ends with `coverage:vectors: N passed, M failed` (modules) and
// exits 1 when any failed. `npm test` runs it over every module.
//
// With no argument it checks every module that has a vector folder.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runConformance } from "../conformance/node-runner";

interface Loc {
  start: { line: number; column: number };
  end: { line: number; column: number };
}
interface FileCoverage {
  path: string;
  b: Record<string, number[]>;
  branchMap: Record<string, { loc: Loc; locations: Loc[] }>;
  fnMap: Record<string, { name: string; loc: Loc }>;
}

const VECTORS = "conformance/vectors";

if (process.argv[2] === "--run") {
  // The child under c8: the vectors of one module.
  // Its output is shown only when a vector failed, and then it names the failing step.
  process.exitCode = runConformance([process.argv[3]], "conformance");
} else {
  process.exit(main(process.argv.slice(2)));
}

function main(args: string[]): number {
  // A module's own folder against its vectors; an area's shared files (lib/reliability/qp.ts,
  // lib/lb/feedback.ts, …, which hold handlers of several modules) against all the area's.
  const targets: [string, string[], string][] = (args.length > 0 ? args : allModules()).map((m) => [m, [`lib/${m}/**`], join(VECTORS, m)]);
  if (args.length === 0) {
    for (const area of readdirSync(VECTORS)) targets.push([`${area} (shared files)`, [`lib/${area}/*.ts`], join(VECTORS, area)]);
  }
  let untaken = 0;
  let failed = 0;
  for (const [name, include, dir] of targets) {
    const n = check(name, include, dir);
    untaken += n;
    if (n > 0) failed++;
  }
  console.log(`\n${untaken} branch arms no vector takes`);
  // A module (or an area's shared code) passes when its vectors take every arm.
  console.log(`coverage:vectors: ${targets.length - failed} passed, ${failed} failed`);
  return failed > 0 || targets.length === 0 ? 1 : 0;
}

function allModules(): string[] {
  return readdirSync(VECTORS).flatMap((area) => readdirSync(join(VECTORS, area)).map((m) => `${area}/${m}`));
}

function check(module: string, include: string[], dir: string): number {
  if (!existsSync(dir)) throw new Error(`no vectors for ${module} (${dir})`);
  const reports = mkdtempSync(join(tmpdir(), "nicfw-cov-"));
  const run = spawnSync(
    process.execPath,
    [
      "node_modules/c8/bin/c8.js",
      "--temp-directory",
      join(reports, "raw"),
      "--reports-dir",
      reports,
      "--reporter",
      "json",
      ...include.flatMap((g) => ["--include", g]),
      "--exclude",
      "**/*.test.ts",
      "--exclude",
      "**/index.ts",
      "--exclude",
      "**/test-support.ts",
      "--exclude",
      "**/params.ts",
      process.execPath,
      "--import",
      "tsx",
      "scripts/vector-coverage.ts",
      "--run",
      dir,
    ],
    { encoding: "utf8" },
  );
  if (run.status !== 0) {
    console.log(`${module}: the vectors did not all pass under c8\n${run.stdout}${run.stderr}`);
    rmSync(reports, { recursive: true, force: true });
    return 1;
  }
  const files = JSON.parse(readFileSync(join(reports, "coverage-final.json"), "utf8")) as Record<string, FileCoverage>;
  rmSync(reports, { recursive: true, force: true });
  let arms = 0;
  const lines: string[] = [];
  for (const file of Object.values(files)) {
    const source = readFileSync(file.path, "utf8").split("\n");
    const rel = file.path.slice(file.path.indexOf("lib/"));
    for (const [id, counts] of Object.entries(file.b)) {
      const map = file.branchMap[id];
      counts.forEach((count, i) => {
        const loc = map.locations[i] ?? map.loc;
        const fn = enclosing(file, loc, source);
        if (fn === "constructor") return;
        arms++;
        if (count > 0) return;
        lines.push(`  ${rel}:${loc.start.line} (${fn}): ${source[loc.start.line - 1].trim().slice(0, 100)}`);
      });
    }
  }
  if (arms === 0 && !module.endsWith("(shared files)")) {
    // Nothing measured of a module (no file under the include globs was seen, e.g. a vector
    // folder with no lib folder of that name) is no evidence that the vectors take every arm. An
    // area's shared files may have none to measure (lib/cc/index.ts only re-exports).
    console.log(`${module}: no branch arm of ${include.join(", ")} was measured`);
    return 1;
  }
  console.log(`${module}: ${arms - lines.length} of ${arms} branch arms taken by its vectors`);
  for (const l of lines) console.log(l);
  return lines.length;
}

/** The innermost function whose range holds `loc` ("constructor" for a class constructor, which c8 may name after its class). */
function enclosing(file: FileCoverage, loc: Loc, source: string[]): string {
  let best: { name: string; size: number; loc: Loc } | undefined;
  for (const fn of Object.values(file.fnMap)) {
    if (!within(loc, fn.loc)) continue;
    const size = (fn.loc.end.line - fn.loc.start.line) * 1e4 + (fn.loc.end.column - fn.loc.start.column);
    if (!best || size < best.size) best = { name: fn.name, size, loc: fn.loc };
  }
  if (!best) return "(module)";
  const head = source[best.loc.start.line - 1].slice(best.loc.start.column);
  return /^\s*constructor\s*\(/.test(head) ? "constructor" : best.name;
}

function within(a: Loc, b: Loc): boolean {
  const after = a.start.line > b.start.line || (a.start.line === b.start.line && a.start.column >= b.start.column);
  const before = a.end.line < b.end.line || (a.end.line === b.end.line && a.end.column <= b.end.column);
  return after && before;
}
