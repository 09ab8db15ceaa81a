// The built declarations, as a TypeScript user of the installed package sees them (found in
// review, 2026: `declare const NSCC_REPATH = R.Repath;` named a module-private const enum that
// the bundled .d.ts leaves out, so `tsc --strict` without skipLibCheck reported 504 errors in
// dist/*/index.d.ts and .d.cts, and with skipLibCheck every flag constant was `any`).
// A consumer in a temporary folder reaches this checkout through node_modules/nicfw, so module
// resolution goes through package.json "exports": the .mts file gets the "import" types
// (.d.ts), the .cts file the "require" types (.d.cts).
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { test } from "uvu";
import * as assert from "uvu/assert";

const root = resolve(".");
const subpaths = ["core", "cc", "lb", "reliability", "switch"] as const;
// One flag constant per area that has them (lib/core exports limits, not flags).
const flags: Record<string, string> = { cc: "NSCC_REPATH", lb: "GOOD", reliability: "RUD_TX_NEW", switch: "QUEUE_DROPPED" };

function consumer(kind: "esm" | "cjs"): string {
  const lines: string[] = [];
  for (const sub of subpaths) {
    const ns = `m_${sub}`;
    lines.push(kind === "esm" ? `import * as ${ns} from "nicfw/${sub}";` : `import ${ns} = require("nicfw/${sub}");`);
    const flag = flags[sub];
    if (flag === undefined) continue;
    lines.push(`export const ${sub}_n: number = ${ns}.${flag};`);
    // An `any` constant would let this compile, and the directive would then be reported unused.
    lines.push("// @ts-expect-error a flag constant is a number, not a string");
    lines.push(`export const ${sub}_s: string = ${ns}.${flag};`);
  }
  lines.push(`export { ${subpaths.map((s) => `m_${s}`).join(", ")} };`);
  return `${lines.join("\n")}\n`;
}

test("every subpath's .d.ts and .d.cts type-check under strict without skipLibCheck, and flag constants are numbers", async () => {
  for (const sub of subpaths) {
    for (const ext of ["d.ts", "d.cts"]) {
      assert.ok(existsSync(join(root, "dist", sub, `index.${ext}`)), `dist/${sub}/index.${ext} is missing: run npx tsup first`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "nicfw-types-"));
  try {
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(root, join(dir, "node_modules", "nicfw"), "dir");
    writeFileSync(join(dir, "package.json"), '{ "name": "consumer", "private": true }\n');
    const esm = join(dir, "esm.mts");
    const cjs = join(dir, "cjs.cts");
    writeFileSync(esm, consumer("esm"));
    writeFileSync(cjs, consumer("cjs"));
    const program = ts.createProgram([esm, cjs], {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2020,
      lib: ["lib.es2020.d.ts"],
      types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const text = ts.formatDiagnostics(diagnostics.slice(0, 20), {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => "\n",
    });
    assert.ok(diagnostics.length === 0, `${diagnostics.length} errors, the first:\n${text}`);

    // Every export whose value is a number at run time is declared as a number type in both
    // declaration flavours: none is `any`, none is missing.
    const checker = program.getTypeChecker();
    for (const [file, kind] of [[esm, "import"], [cjs, "require"]] as const) {
      const source = program.getSourceFile(file);
      assert.ok(source, file);
      for (const sub of subpaths) {
        const runtime = (await import(join(root, "dist", sub, "index.js"))) as Record<string, unknown>;
        const numeric = Object.keys(runtime).filter((name) => typeof runtime[name] === "number");
        assert.ok(numeric.length > 0, `nicfw/${sub} exports no number`);
        const declaration = program.getSourceFiles().find((f) => f.fileName === join(root, "dist", sub, kind === "import" ? "index.d.ts" : "index.d.cts"));
        assert.ok(declaration, `nicfw/${sub} (${kind}) did not resolve to dist/${sub}`);
        const moduleSymbol = checker.getSymbolAtLocation(declaration);
        assert.ok(moduleSymbol, `dist/${sub} (${kind}) is not a module`);
        const exported = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
        for (const name of numeric) {
          const symbol = exported.get(name);
          assert.ok(symbol, `nicfw/${sub} (${kind}): ${name} has no declaration`);
          const type = checker.getTypeOfSymbol(symbol);
          assert.ok(
            (type.flags & ts.TypeFlags.NumberLike) !== 0 && (type.flags & ts.TypeFlags.Any) === 0,
            `nicfw/${sub} (${kind}): ${name} is declared as ${checker.typeToString(type)}, not a number`,
          );
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// vega, vega-lite and @resvg/resvg-js are optional dependencies (`npm i --omit=optional nicfw`
// skips their 35 MB): the CLI must work without them but for charts, and say which to install.
test("the built CLI without its optional chart packages: run, compare and conformance work; plot names what to install", () => {
  const cliFile = join(root, "dist", "cli", "nicfw.js");
  assert.ok(existsSync(cliFile), `${cliFile} is missing: run npx tsup first`);
  // The bundle alone in a folder with no node_modules above it, as after --omit=optional (the
  // runtime dependency yaml is missing too; the embedded scenario and JSON need none).
  const dir = mkdtempSync(join(tmpdir(), "nicfw-nocharts-"));
  try {
    mkdirSync(join(dir, "cli"));
    copyFileSync(cliFile, join(dir, "cli", "nicfw.js"));
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
    const cli = (...args: string[]) => spawnSync(process.execPath, [join(dir, "cli", "nicfw.js"), ...args], { cwd: dir, encoding: "utf8" });
    const optional = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { optionalDependencies: Record<string, string> }).optionalDependencies;
    assert.equal(Object.keys(optional).sort(), ["@resvg/resvg-js", "vega", "vega-lite"]);

    const run = cli("run", "--quiet", "--out", "out");
    assert.is(run.status, 0, run.stderr);
    assert.ok(existsSync(join(dir, "out", "results.json")));
    const compare = cli("compare", "out", "out");
    assert.is(compare.status, 0, compare.stderr);
    const conformance = cli("conformance", join(root, "conformance", "vectors", "cc", "nscc"));
    assert.match(conformance.stdout, /conformance: [1-9]\d* passed, 0 failed/, conformance.stdout + conformance.stderr);

    const plot = cli("plot", "out", "--out", "charts");
    assert.is(plot.status, 1, plot.stdout + plot.stderr);
    // vega is loaded first, so it is the one named.
    assert.match(plot.stderr, /charts need the package vega, which is not installed/);
    for (const [name, range] of Object.entries(optional)) assert.ok(plot.stderr.includes(`"${name}@${range}"`), `install line lacks ${name}@${range}: ${plot.stderr}`);
    assert.not.match(plot.stderr, /^\s+at /m, "a stack trace instead of a message");
    assert.not.ok(existsSync(join(dir, "charts")), "plot made its folder before finding the packages missing");

    const plots = cli("run", "--quiet", "--plots", "--out", "out2");
    assert.is(plots.status, 1, plots.stdout + plots.stderr);
    assert.ok(existsSync(join(dir, "out2", "results.json")), "run --plots lost the results");
    assert.match(plots.stderr, /charts need the package vega[^]*then: nicfw plot out2/);
    assert.equal(readdirSync(join(dir, "out2")).sort(), ["flows.csv", "results.json"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the tarball ships the bundles, the CLI, LICENSE and the conformance vectors with their manifest, and no benchmark", () => {
  const pack = spawnSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json"], { cwd: root, encoding: "utf8" });
  assert.is(pack.status, 0, pack.stderr);
  const files = new Set((JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path));
  const vectors = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? vectors(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
  // Each vector file of this checkout: `npx nicfw conformance node_modules/nicfw/conformance/vectors`.
  const missing = vectors("conformance/vectors").filter((f) => !files.has(f));
  assert.equal(missing, [], `not packed: ${missing.slice(0, 5).join(", ")}`);
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> };
  const needed = ["package.json", "README.md", "LICENSE", "conformance/api.json", "conformance/schema.json", "conformance/README.md", "dist/conformance/engine.js", ...Object.values(pkg.bin).map((b) => b.replace(/^\.\//, ""))];
  for (const sub of subpaths) for (const ext of ["js", "cjs", "d.ts", "d.cts"]) needed.push(`dist/${sub}/index.${ext}`);
  for (const f of needed) assert.ok(files.has(f), `${f} is not packed`);
  const unwanted = [...files].filter((f) => f.startsWith("dist/bench/") || f.startsWith("bench/") || f.endsWith(".test.ts") || f.startsWith("lib/"));
  assert.equal(unwanted, [], "benchmarks, tests or sources in the tarball");
});

test.run();
