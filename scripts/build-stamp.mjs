// The package's `prepare`: build dist/ unless it was built from the sources as they are now.
//
// `npm ci` runs `prepare`, which builds; but the README's next command, `npx nicfw run`, finds no
// `nicfw` in node_modules/.bin (a package's own bin is not linked there), installs this very
// folder into npx's cache as a directory package, and npm runs that package's `prepare` again:
// a second full build of the same dist/, 50 s to 2 min on a 2-core machine, and a dist/ deleted
// under any process that was using it (review rev-docs, 2026-12-06). So the build ends by writing
// dist/.source-hash, a SHA-256 over every file it reads (the lib, harness, conformance and bench
// trees and the root configuration), and `prepare` builds only when that hash differs.
//
//   node scripts/build-stamp.mjs write     after a build (package.json "build")
//   node scripts/build-stamp.mjs prepare   build unless dist/.source-hash matches
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const TREES = ["lib", "harness", "conformance", "bench", "scripts"];
const FILES = ["package.json", "package-lock.json", "tsconfig.json", "tsup.config.ts"];
const STAMP = join("dist", ".source-hash");

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

function sourceHash() {
  const files = [...FILES.filter((f) => existsSync(f)), ...TREES.filter((d) => existsSync(d)).flatMap((d) => walk(d, []))];
  const h = createHash("sha256");
  // Name and length before content, so that moving bytes between files changes the hash.
  for (const f of files) {
    const data = readFileSync(f);
    h.update(`${f}\0${data.length}\0`);
    h.update(data);
  }
  return h.digest("hex");
}

const mode = process.argv[2];
if (mode === "write") {
  writeFileSync(STAMP, `${sourceHash()}\n`);
} else if (mode === "prepare") {
  const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
  if (built !== "" && built === sourceHash()) {
    console.error("nicfw: dist/ is built from these sources; not building again (npm run build forces it)");
  } else {
    const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
    process.exit(r.status ?? 1);
  }
} else {
  console.error("usage: node scripts/build-stamp.mjs write|prepare");
  process.exit(2);
}
