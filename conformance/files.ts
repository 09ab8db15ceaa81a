// Finding and loading vector files for the node-side runners.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { AnyVector } from "./engine";
import { vectorErrors } from "./schema";

/**
 * Every `.json` file under the given files or folders, sorted, depth first.
 * @throws Error naming a path that does not exist.
 */
export function vectorFiles(paths: string[]): string[] {
  for (const p of paths) if (!existsSync(p)) throw new Error(`no such file or folder: ${p}`);
  const out: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(join(p, name));
    } else if (p.endsWith(".json")) {
      out.push(p);
    }
  };
  for (const p of paths) walk(p);
  return out;
}

export interface Loaded {
  file: string;
  vector?: AnyVector;
  errors: string[];
}

/** Parses and schema-checks each file; a broken file carries its errors instead of a vector. */
export function loadVectors(files: string[]): Loaded[] {
  return files.map((file) => {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, "utf8"));
    } catch (e) {
      return { file, errors: [`not JSON: ${(e as Error).message}`] };
    }
    const errors = vectorErrors(value);
    return errors.length > 0 ? { file, errors } : { file, vector: value as AnyVector, errors };
  });
}
