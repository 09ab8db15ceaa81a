import { defineConfig } from "tsup";

// lib/ is built per area as self-contained ESM + CJS with declarations, target ES2020 and no
// platform shims, so the ESM files load unmodified in QuickJS, XS and JerryScript. The
// conformance engine is built the same way for the QuickJS runner. The CLI is node-only.
// `npm run build` empties dist/ first; the three builds run in parallel, so none cleans.
export default defineConfig([
  {
    entry: {
      "core/index": "lib/core/index.ts",
      "cc/index": "lib/cc/index.ts",
      "lb/index": "lib/lb/index.ts",
      "reliability/index": "lib/reliability/index.ts",
      "switch/index": "lib/switch/index.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    target: "es2020",
    platform: "neutral",
    minifySyntax: true,
    splitting: false,
    sourcemap: false,
    treeshake: true,
    outDir: "dist",
  },
  {
    entry: { "conformance/engine": "conformance/engine.ts" },
    format: ["esm"],
    target: "es2020",
    platform: "neutral",
    splitting: false,
    outDir: "dist",
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
