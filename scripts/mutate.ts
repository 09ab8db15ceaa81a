// `npx tsx scripts/mutate.ts <source.ts> [--workers N] [--lines A-B,C,…] [--kinds base,arith] [--timeout S] [--tests T,…]`:
// operator mutation testing of one module file. Each mutant changes one operator or small literal
// on one code line (base: `<` ↔ `<=`, `>` ↔ `>=`, `===` ↔ `!==`, `&&` ↔ `||`, ` + ` ↔ ` - `, `1` → `2`,
// `0` → `1`; arith: `&` ↔ `|`, `^` → `|`, shifts, ` * ` ↔ ` / `, `+=` ↔ `-=`, `++` ↔ `--`,
// Math.min ↔ Math.max, Math.floor → Math.ceil),
// and runs the module's own tests (the *.test.ts files beside it and those of its area folder,
// lib/<area>/*.test.ts) and its conformance vectors;
// a mutant that passes them all "survives" and is printed with its line. Survivors are either
// equivalent (the change cannot be observed: a redundant guard, `x < m ? x : m` at x = m) or a
// behaviour no test pins down. Slow (seconds per mutant) and so not part of `npm test`; the
// results of the last pass are in docs/mutation-testing.md.
//
// Each worker mutates its own git worktree of HEAD under the system temp folder (removed at the
// end), so the working tree is never touched; commit the tests you want the pass to use.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { type Mutant, mutants } from "./mutants";

/** The *.test.ts files directly in `dir`, as commands. */
function testsIn(dir: string): string[][] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => ["node_modules/.bin/tsx", join(dir, f)]);
}

function testCommand(file: string): string[][] {
  const dir = dirname(file);
  const tests = testsIn(dir);
  const [, area, module] = dir.split("/");
  // lib/<area>/*.test.ts check what every module of the area promises alike (lib/lb/contract.test.ts).
  if (dir.startsWith("lib/") && module !== undefined) tests.push(...testsIn(join("lib", area)));
  // lib/<area>/<module>/… has its vectors in conformance/vectors/<area>/<module>.
  const vectors = join("conformance/vectors", area ?? "", module ?? "");
  if (existsSync(vectors)) tests.push(["node_modules/.bin/tsx", "scripts/vector-coverage.ts", "--run", vectors]);
  return tests;
}

function main(argv: string[]): number {
  const file = argv.find((a) => a.endsWith(".ts"));
  if (!file || !existsSync(file)) {
    console.log("usage: tsx scripts/mutate.ts lib/<area>/<module>/<file>.ts [--workers N] [--lines A-B,C,…] [--kinds base,arith] [--timeout S] [--tests a.test.ts,…]");
    return 2;
  }
  const opt = (name: string, dflt: string) => {
    const k = argv.indexOf(name);
    return k >= 0 ? argv[k + 1] : dflt;
  };
  const source = readFileSync(file, "utf8");
  const all = mutants(source);
  // --lines 10-20,35,40-41: the mutants on those lines.
  const ranges = opt("--lines", "1-1000000")
    .split(",")
    .map((r) => r.split("-").map(Number))
    .map(([a, b]) => [a, b ?? a]);
  // --kinds arith: only the operators added in the twenty-eighth pass (scripts/mutants.ts, Kind).
  const kinds = opt("--kinds", "base,arith").split(",");
  const list = all.filter((m) => kinds.includes(m.kind) && ranges.some(([a, b]) => m.line + 1 >= a && m.line + 1 <= b));
  const commands = testCommand(file);
  // --tests a.test.ts,b.test.ts: more tests to run, for a file that other folders' tests exercise
  // (harness/scenario/build.ts's ideal FCT is checked by hand in harness/net/fabric.test.ts).
  const extra = opt("--tests", "");
  for (const t of extra === "" ? [] : extra.split(",")) commands.push(["node_modules/.bin/tsx", t]);
  const workers = Math.max(1, Number(opt("--workers", "1")));
  console.log(`${file}: ${list.length} of ${all.length} mutants; tests: ${commands.map((c) => basename(c[c.length - 1])).join(", ")}`);
  const root = mkdtempSync(join(tmpdir(), "nicfw-mutate-"));
  const trees = Array.from({ length: workers }, (_, w) => join(root, `w${w}`));
  for (const t of trees) {
    spawnSync("git", ["worktree", "add", "--detach", "-q", t, "HEAD"], { stdio: "inherit" });
    symlinkSync(resolve("node_modules"), join(t, "node_modules"));
  }
  // Workers take mutants in turn: one batch is one shell running a test process per tree in
  // the background and waiting for them all (spawnSync alone would run them one after another).
  const lines = source.split("\n");
  // A mutant that makes a loop endless (a list walk that never ends) is killed by the time limit:
  // coreutils `timeout` exits 124, which counts as a failed test.
  const limitS = Number(opt("--timeout", "30"));
  const tests = commands.map((c) => `timeout ${limitS} ` + c.map((p) => `'${p}'`).join(" ") + " >/dev/null 2>&1").join(" && ");
  const write = (tree: string, m: Mutant) => {
    const mutated = lines.slice();
    mutated[m.line] = mutated[m.line].slice(0, m.start) + m.to + mutated[m.line].slice(m.end);
    writeFileSync(join(tree, file), mutated.join("\n"));
  };
  let killed = 0;
  let survived = 0;
  let timedOut = 0;
  for (let next = 0; next < list.length; next += trees.length) {
    const batch = list.slice(next, next + trees.length).map((m, w) => ({ m, tree: trees[w] }));
    for (const b of batch) write(b.tree, b.m);
    spawnSync("sh", ["-c", batch.map((b) => `(cd '${b.tree}' && ${tests}; echo $? > .rc) &`).join(" ") + " wait"], { stdio: "ignore" });
    for (const { m, tree } of batch) {
      const rc = readFileSync(join(tree, ".rc"), "utf8").trim();
      if (rc === "0") survived++;
      else killed++;
      if (rc === "124") timedOut++;
      if (rc === "0" || rc === "124") {
        console.log(`${rc === "0" ? "SURVIVED" : "TIMEOUT "} ${file}:${m.line + 1}: ${m.from} → ${m.to}   | ${lines[m.line].trim().slice(0, 100)}`);
      }
    }
  }
  for (const t of trees) spawnSync("git", ["worktree", "remove", "--force", t], { stdio: "inherit" });
  rmSync(root, { recursive: true, force: true });
  console.log(`mutate: ${killed} killed (${timedOut} by the ${limitS} s time limit), ${survived} survived of ${list.length}`);
  return 0;
}

process.exit(main(process.argv.slice(2)));
