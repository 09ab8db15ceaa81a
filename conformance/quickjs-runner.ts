// Runs the conformance vectors inside QuickJS (the WebAssembly build from the npm registry; there
// is no Debian bookworm package) against the *built* ESM bundles in dist/, with no Node API in
// the guest. The same bundles and engine are then run under node, and the two result lists must
// be byte-identical. Ends with `conformance (quickjs): N passed, M failed`.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getQuickJS } from "quickjs-emscripten";
import type { AnyVector, FrameRegistry, ModuleRegistry, VectorResult, runVectors as RunVectors } from "./engine";
import { loadVectors, vectorFiles } from "./files";

const AREAS = ["core", "cc", "lb", "reliability", "switch"] as const;
const ENGINE = "dist/conformance/engine.js";

interface RunOutput {
  results: VectorResult[];
  passed: number;
  failed: number;
}

function guestMain(): string {
  return [
    `import { runVectors } from "nicfw-conformance-engine";`,
    ...AREAS.filter((a) => a !== "core").map((a) => `import * as ${a === "switch" ? "sw" : a} from "nicfw/${a}";`),
    `const registry = Object.assign({}, cc.modules, lb.modules, reliability.modules, sw.modules);`,
    // Frame vectors take DCP's wire functions from the same bundle (node-runner.ts's frames).
    `globalThis.RESULT_JSON = JSON.stringify(runVectors(JSON.parse(globalThis.VECTORS_JSON), registry, undefined, { "reliability/dcp": reliability }));`,
  ].join("\n");
}

async function inQuickJS(vectors: AnyVector[]): Promise<string> {
  const QuickJS = await getQuickJS();
  const rt = QuickJS.newRuntime();
  rt.setMemoryLimit(512 * 1024 * 1024);
  rt.setMaxStackSize(4 * 1024 * 1024);
  const sources: { [name: string]: string } = { "nicfw-conformance-engine": readFileSync(ENGINE, "utf8") };
  for (const a of AREAS) sources[`nicfw/${a}`] = readFileSync(`dist/${a}/index.js`, "utf8");
  rt.setModuleLoader(
    (name) => sources[name] ?? { error: new Error(`no module ${name}`) },
    (_base, requested) => requested,
  );
  const ctx = rt.newContext();
  try {
    const input = ctx.newString(JSON.stringify(vectors));
    ctx.setProp(ctx.global, "VECTORS_JSON", input);
    input.dispose();
    const evaluated = ctx.evalCode(guestMain(), "main.mjs", { type: "module" });
    if (evaluated.error) {
      const err = ctx.dump(evaluated.error);
      evaluated.error.dispose();
      throw new Error(`QuickJS: ${JSON.stringify(err)}`);
    }
    evaluated.value.dispose();
    const jobs = rt.executePendingJobs();
    if (jobs.error) {
      const err = ctx.dump(jobs.error);
      jobs.error.dispose();
      throw new Error(`QuickJS job: ${JSON.stringify(err)}`);
    }
    const handle = ctx.getProp(ctx.global, "RESULT_JSON");
    const json = ctx.typeof(handle) === "string" ? ctx.getString(handle) : "";
    handle.dispose();
    if (!json) throw new Error("QuickJS: the guest produced no result");
    return json;
  } finally {
    ctx.dispose();
    rt.dispose();
  }
}

async function inNode(vectors: AnyVector[]): Promise<string> {
  const url = (p: string) => pathToFileURL(resolve(p)).href;
  const engine = (await import(url(ENGINE))) as { runVectors: typeof RunVectors };
  const registry: ModuleRegistry = {};
  const frames: { [module: string]: FrameRegistry[string] } = {};
  for (const a of AREAS) {
    if (a === "core") continue;
    const area = (await import(url(`dist/${a}/index.js`))) as { modules: ModuleRegistry };
    Object.assign(registry, area.modules);
    if (a === "reliability") frames["reliability/dcp"] = area as unknown as FrameRegistry[string];
  }
  return JSON.stringify(engine.runVectors(vectors, registry, undefined, frames));
}

async function main(): Promise<number> {
  const loaded = loadVectors(vectorFiles(process.argv.slice(2)));
  const vectors = loaded.flatMap((l) => (l.vector ? [l.vector] : []));
  // Each vector's file, in the order runVectors keeps: a failure names it as the node runner does.
  const files = loaded.flatMap((l) => (l.vector ? [l.file] : []));
  const invalid = loaded.length - vectors.length;
  // Named as the node runner names them: a count alone does not say which file to fix.
  for (const l of loaded) if (!l.vector) console.log(`FAIL ${l.file}: invalid vector file\n  ${l.errors.join("\n  ")}`);
  const started = Date.now();
  const guest = await inQuickJS(vectors);
  const seconds = (Date.now() - started) / 1000;
  const host = await inNode(vectors);
  const out = JSON.parse(guest) as RunOutput;
  out.results.forEach((r, i) => {
    if (r.failures.length > 0) console.log(`FAIL ${files[i]} (${r.module} ${r.name})\n  ${r.failures.join("\n  ")}`);
  });
  const identical = guest === host;
  console.log(`${vectors.length} vectors in QuickJS in ${seconds.toFixed(2)} s; results identical to node on the same bundles: ${identical ? "yes" : "NO"}`);
  let failed = out.failed + invalid + (identical ? 0 : 1);
  if (out.passed + failed === 0) failed = 1;
  console.log(`conformance (quickjs): ${out.passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    console.log("conformance (quickjs): 0 passed, 1 failed");
    process.exit(1);
  },
);
