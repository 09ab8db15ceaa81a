import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { defineConfig, type Options } from "tsup";
import ts from "typescript";

// Each module folder also gets an entry of its own, nicfw/<area>/<module> (the module's name in
// conformance vectors). An area bundle cannot be cut down by the user's bundler: static class
// members lowered for ES2020 become top-level statements (`Nscc.api = {…}`, `Nscc.bytesPerFlow =
// flowBytes(LAYOUT)`) that esbuild must keep as side effects, so a firmware image importing NSCC,
// REPS and RUD from nicfw/cc, nicfw/lb and nicfw/reliability carried all 21 classes of those
// areas: 187 KB minified against 40 KB built from lib/ (README, "Using the library"). Left in the
// class body (target ES2022) they are kept all the same, since their initialisers call functions.
//
// A module entry exports the lines of lib/<area>/index.ts that point into the module's folder,
// those that point at a file of the area itself (lb/feedback: GOOD, ECN, NACK, TIMEOUT, which
// every load balancer's caller passes), and `modules` with that module's key alone; so the area
// index stays the one list, and a module registered there gets its entry without an edit here
// (package.json "exports" needs its lines; scripts/package.test.ts says so). The entry files are
// written to .build/entries/ (git-ignored, not packed) for esbuild and the .d.ts build.
const ENTRY_DIR = ".build/entries";

function moduleEntries(areas: readonly string[]): Record<string, string> {
  rmSync(ENTRY_DIR, { recursive: true, force: true });
  const entries: Record<string, string> = {};
  for (const area of areas) {
    const indexFile = `lib/${area}/index.ts`;
    const source = ts.createSourceFile(indexFile, readFileSync(indexFile, "utf8"), ts.ScriptTarget.ES2020, true);
    const perFolder = new Map<string, ts.ExportDeclaration[]>();
    const shared: ts.ExportDeclaration[] = [];
    const importedFrom = new Map<string, string>();
    let registry: ts.ObjectLiteralExpression | undefined;
    const unexpected = (node: ts.Node): never => {
      throw new Error(`tsup.config.ts: ${indexFile} has a statement the per-module entries do not know how to split: ${node.getText(source).slice(0, 80)}`);
    };
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const named = statement.importClause?.namedBindings;
        if (named === undefined || !ts.isNamedImports(named)) unexpected(statement);
        else for (const element of named.elements) importedFrom.set(element.name.text, statement.moduleSpecifier.text);
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)) {
        const folder = /^\.\/([^/]+)\//.exec(statement.moduleSpecifier.text)?.[1];
        if (folder === undefined) shared.push(statement);
        else perFolder.set(folder, [...(perFolder.get(folder) ?? []), statement]);
      } else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1 && statement.declarationList.declarations[0].name.getText(source) === "modules") {
        let init = statement.declarationList.declarations[0].initializer;
        while (init !== undefined && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
        if (init === undefined || !ts.isObjectLiteralExpression(init)) unexpected(statement);
        else registry = init;
      } else unexpected(statement);
    }
    if (registry === undefined) throw new Error(`tsup.config.ts: ${indexFile} has no \`modules\` map`);
    const covered = new Set<string>();
    for (const property of registry.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isStringLiteral(property.name) || !ts.isObjectLiteralExpression(property.initializer)) unexpected(property);
      const assignment = property as ts.PropertyAssignment;
      const name = (assignment.name as ts.StringLiteral).text;
      const folder = name.slice(area.length + 1);
      if (name !== `${area}/${folder}` || !perFolder.has(folder)) unexpected(property);
      covered.add(folder);
      const file = join(ENTRY_DIR, area, `${folder}.ts`);
      const toLib = (specifier: string): string => {
        const path = relative(dirname(file), join("lib", area, specifier));
        return JSON.stringify(path.startsWith(".") ? path : `./${path}`);
      };
      const reexport = (statement: ts.ExportDeclaration): string => {
        const text = statement.getText(source);
        const specifier = (statement.moduleSpecifier as ts.StringLiteral).getText(source);
        return text.slice(0, text.lastIndexOf(specifier)) + toLib((statement.moduleSpecifier as ts.StringLiteral).text) + text.slice(text.lastIndexOf(specifier) + specifier.length);
      };
      const classes = (assignment.initializer as ts.ObjectLiteralExpression).properties.map((p) => (ts.isShorthandPropertyAssignment(p) ? p.name.text : unexpected(p)));
      const lines = [
        `// Written by tsup.config.ts from ${indexFile}: what nicfw/${area} exports from lib/${area}/${folder}/.`,
        ...shared.map(reexport),
        ...(perFolder.get(folder) ?? []).map(reexport),
        ...classes.map((c) => {
          const from = importedFrom.get(c);
          if (from === undefined) throw new Error(`tsup.config.ts: ${indexFile} registers ${c} without importing it`);
          return `import { ${c} } from ${toLib(from)};`;
        }),
        `export const modules = { ${JSON.stringify(name)}: { ${classes.join(", ")} } } as const;`,
      ];
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${lines.join("\n")}\n`);
      entries[`${area}/${folder}/index`] = file;
    }
    for (const folder of perFolder.keys()) {
      if (!covered.has(folder)) throw new Error(`tsup.config.ts: ${indexFile} exports from ./${folder}/ but registers no ${area}/${folder} in \`modules\``);
    }
  }
  return entries;
}

// lib/ is built per area, and per module, as self-contained ESM + CJS with declarations, target
// ES2020 and no platform shims, so the ESM files load unmodified in QuickJS, XS and JerryScript.
// The conformance engine is built the same way for the QuickJS runner. The CLI is node-only.
// `npm run build` empties dist/ first; the builds run in parallel, so none cleans.
const libBuild: Options = {
  format: ["esm", "cjs"],
  dts: true,
  target: "es2020",
  platform: "neutral",
  minifySyntax: true,
  splitting: false,
  sourcemap: false,
  treeshake: true,
  outDir: "dist",
};

export default defineConfig([
  {
    ...libBuild,
    entry: {
      "core/index": "lib/core/index.ts",
      "cc/index": "lib/cc/index.ts",
      "lb/index": "lib/lb/index.ts",
      "reliability/index": "lib/reliability/index.ts",
      "switch/index": "lib/switch/index.ts",
    },
  },
  // A build of their own: in the areas' .d.ts build the module entries would move the areas'
  // declarations into shared chunk files, and the area files would no longer be the ones shipped
  // before them (this way they stay byte for byte the same). tsup's user time on the 2-core VM,
  // 2026-12-05: 14 s without module entries, 20 s with them in the areas' build, 27 s this way.
  { ...libBuild, entry: moduleEntries(["cc", "lb", "reliability", "switch"]) },
  {
    entry: { "conformance/engine": "conformance/engine.ts" },
    format: ["esm"],
    target: "es2020",
    platform: "neutral",
    splitting: false,
    outDir: "dist",
    // nicfw/conformance: a porter's runner in JavaScript imports runVectors with its types.
    dts: true,
  },
  {
    entry: { "cli/nicfw": "harness/cli.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    splitting: false,
    outDir: "dist",
    // yaml is bundled: loaded from node_modules its 74 CommonJS files took ~30 ms of every
    // run's start-up to resolve and compile, bundled ~10 ms. Its Node build requires
    // node:process, which the bundle's require shim can serve only from a real `require`.
    banner: { js: '#!/usr/bin/env node\nimport { createRequire as __nicfwCreateRequire } from "node:module";\nconst require = __nicfwCreateRequire(import.meta.url);' },
    noExternal: ["yaml"],
    // tsup leaves dependencies out of the bundle but not optionalDependencies: the chart
    // packages stay imports, loaded from node_modules when a chart is drawn (harness/plot).
    external: ["vega", "vega-lite", "@resvg/resvg-js"],
  },
  // Benchmarks and the allocation check run bundled, like dist/: under tsx every imported
  // binding becomes a getter call, which would be measured instead of the library.
  {
    entry: { "bench/once": "bench/once.ts", "bench/alloc": "bench/alloc.ts", "bench/icount": "bench/icount.ts" },
    format: ["esm"],
    target: "es2020",
    platform: "node",
    splitting: false,
    outDir: "dist",
    external: ["benny"],
  },
]);
