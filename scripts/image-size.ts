// `npx tsx scripts/image-size.ts` (after `npx tsup`): the bundle sizes in README "Using the
// library". A firmware image that runs NSCC, REPS and RUD, bundled and minified with esbuild
// (the bundler tsup itself runs) three ways: from the package's per-module entries, as a user of the
// installed package imports them (node_modules/nicfw -> this checkout, so resolution goes through
// package.json "exports"); from the package's area entries; and from lib/'s sources, the
// smallest the same code can be. Then the QuickJS heap (quickjs-emscripten, as the conformance
// runner uses it) that loading each costs. scripts/package.test.ts holds the package build to
// the source build with `firmwareImage`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type * as Esbuild from "esbuild";
import { getQuickJS } from "quickjs-emscripten";

// esbuild comes with tsup (not a dependency of its own here), so it is found from tsup's folder.
const esbuild = createRequire(createRequire(import.meta.url).resolve("tsup"))("esbuild") as typeof Esbuild;

/** Where the four classes come from: the documented per-module lines, the area lines, or lib/. */
export type ImageSource = "modules" | "areas" | "source";

const imports = (root: string): { [S in ImageSource]: string[] } => ({
  modules: [
    `import { Nscc } from "nicfw/cc/nscc";`,
    `import { Reps } from "nicfw/lb/reps";`,
    `import { RudReceiver, RudSender } from "nicfw/reliability/rud";`,
  ],
  areas: [`import { Nscc } from "nicfw/cc";`, `import { Reps } from "nicfw/lb";`, `import { RudReceiver, RudSender } from "nicfw/reliability";`],
  source: [
    `import { Nscc } from ${JSON.stringify(join(root, "lib/cc/nscc/nscc"))};`,
    `import { Reps } from ${JSON.stringify(join(root, "lib/lb/reps/reps"))};`,
    `import { RudSender } from ${JSON.stringify(join(root, "lib/reliability/rud/sender"))};`,
    `import { RudReceiver } from ${JSON.stringify(join(root, "lib/reliability/rud/receiver"))};`,
  ],
});

export interface Image {
  code: string;
  minifiedBytes: number;
  gzipBytes: number;
}

/**
 * The firmware image: a module that constructs Nscc, Reps, RudSender and RudReceiver (so none can
 * be dropped) and exposes them, bundled from `root` (a checkout built with tsup) with esbuild,
 * minified, ES2020, platform neutral, as an ES module.
 */
export async function firmwareImage(root: string, from: ImageSource): Promise<Image> {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-image-"));
  try {
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(resolve(root), join(dir, "node_modules", "nicfw"), "dir");
    writeFileSync(join(dir, "package.json"), '{ "name": "firmware", "private": true, "type": "module" }\n');
    const entry = join(dir, "image.mjs");
    writeFileSync(entry, [...imports(resolve(root))[from], `globalThis.make = (n) => [new Nscc({}, n), new Reps({}, n), new RudSender({}, n), new RudReceiver({}, n)];`, ""].join("\n"));
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: "esm",
      target: "es2020",
      platform: "neutral",
      write: false,
      logLevel: "silent",
      absWorkingDir: dir,
    });
    const code = result.outputFiles[0].text;
    return { code, minifiedBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** QuickJS heap in bytes after evaluating `main` with `modules` as its only importable files. */
async function heapBytes(modules: { [name: string]: string }, main: string): Promise<number> {
  const QuickJS = await getQuickJS();
  const rt = QuickJS.newRuntime();
  rt.setModuleLoader((name) => modules[name] ?? { error: new Error(`no module ${name}`) }, (_base, requested) => requested);
  const ctx = rt.newContext();
  try {
    const evaluated = ctx.evalCode(main, "main.mjs", { type: "module" });
    if (evaluated.error) {
      const err: unknown = ctx.dump(evaluated.error);
      evaluated.error.dispose();
      throw new Error(`QuickJS: ${JSON.stringify(err)}`);
    }
    evaluated.value.dispose();
    rt.executePendingJobs();
    const usage = rt.computeMemoryUsage();
    const used = (ctx.dump(usage) as { memory_used_size: number }).memory_used_size;
    usage.dispose();
    return used;
  } finally {
    ctx.dispose();
    rt.dispose();
  }
}

async function main(): Promise<void> {
  const root = resolve(".");
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const minified = (file: string) => {
    const code = esbuild.transformSync(readFileSync(file, "utf8"), { minify: true, target: "es2020", format: "esm" }).code;
    return `${kb(Buffer.byteLength(code))} (${kb(gzipSync(code, { level: 9 }).length)} gz)`;
  };
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, unknown> };
  console.log("each entry alone, minified:");
  for (const sub of Object.keys(pkg.exports)) {
    if (sub === "./package.json") continue;
    console.log(`  nicfw/${sub.slice(2)}: ${minified(join(root, "dist", sub.slice(2), "index.js"))}`);
  }
  const images = {} as { [S in ImageSource]: Image };
  for (const from of ["modules", "areas", "source"] as const) images[from] = await firmwareImage(root, from);
  console.log("NSCC + REPS + RUD, bundled:");
  for (const from of ["modules", "areas", "source"] as const) {
    const { minifiedBytes, gzipBytes } = images[from];
    console.log(`  ${from}: ${minifiedBytes} B minified, ${gzipBytes} B gz (${(minifiedBytes / images.source.minifiedBytes).toFixed(2)} x source)`);
  }

  const empty = await heapBytes({}, "globalThis.x = 1;");
  const dist = (sub: string) => readFileSync(join(root, "dist", sub, "index.js"), "utf8");
  const loadAll = (subs: string[]) =>
    heapBytes(Object.fromEntries(subs.map((s) => [`nicfw/${s}`, dist(s)])), `${subs.map((s, i) => `import * as m${i} from "nicfw/${s}";`).join(" ")} globalThis.x = [${subs.map((_, i) => `m${i}`).join(", ")}];`);
  console.log("QuickJS heap to load, beyond an empty runtime:");
  console.log(`  nicfw/cc, nicfw/lb, nicfw/reliability as they are: ${(await loadAll(["cc", "lb", "reliability"])) - empty} B`);
  console.log(`  nicfw/cc/nscc, nicfw/lb/reps, nicfw/reliability/rud as they are: ${(await loadAll(["cc/nscc", "lb/reps", "reliability/rud"])) - empty} B`);
  for (const from of ["modules", "areas", "source"] as const) {
    console.log(`  the ${from} image: ${(await heapBytes({ image: images[from].code }, `import "image"; globalThis.x = 1;`)) - empty} B`);
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
