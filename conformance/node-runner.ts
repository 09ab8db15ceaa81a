// `nicfw conformance <files or folders>` under node. Prints each failure, then
// `conformance: N passed, M failed`; returns exit code 1 on any failure or when no vector ran.
import * as cc from "../lib/cc/index";
import * as lb from "../lib/lb/index";
import * as reliability from "../lib/reliability/index";
import * as sw from "../lib/switch/index";
import { type FrameRegistry, type ModuleRegistry, runVector } from "./engine";
import { loadVectors, vectorFiles } from "./files";

export const registry: ModuleRegistry = { ...cc.modules, ...lb.modules, ...reliability.modules, ...sw.modules };

/** Where frame vectors find the wire functions of their module (DCP's wire.ts, exported by the area). */
export const frames: FrameRegistry = { "reliability/dcp": reliability };

export const CONFORMANCE_USAGE = `usage: nicfw conformance <vector files or folders>
  runs every vector (*.json) found; prints each failing step, then "conformance: N passed, M failed";
  exits 1 when a vector failed or none ran`;

export function runConformance(paths: string[], label = "conformance", log: (s: string) => void = console.log): number {
  if (paths.length === 0) {
    log(CONFORMANCE_USAGE);
    return 2;
  }
  let passed = 0;
  let failed = 0;
  let handDerived = 0;
  let files: string[];
  try {
    files = vectorFiles(paths);
  } catch (e) {
    log(`${label}: ${(e as Error).message}`);
    log(`${label}: 0 passed, 1 failed`);
    return 1;
  }
  for (const loaded of loadVectors(files)) {
    if (!loaded.vector) {
      failed++;
      log(`FAIL ${loaded.file}: invalid vector file\n  ${loaded.errors.join("\n  ")}`);
      continue;
    }
    const r = runVector(loaded.vector, registry, undefined, frames);
    if (r.failures.length === 0) {
      passed++;
      if (r.handDerived) handDerived++;
    } else {
      failed++;
      log(`FAIL ${loaded.file} (${r.module} ${r.name})\n  ${r.failures.join("\n  ")}`);
    }
  }
  log(`${passed + failed} vectors, ${handDerived} of the passing ones hand-derived`);
  if (passed + failed === 0) log(`${label}: no vector ran`);
  log(`${label}: ${passed} passed, ${failed + (passed + failed === 0 ? 1 : 0)} failed`);
  return failed > 0 || passed === 0 ? 1 : 0;
}
