// `nicfw cm`: a scenario's flows as an htsim connection matrix, so that the same traffic can be
// run in htsim (its `-tm` option) and the two simulators compared flow by flow. Only the flows
// travel: the topology, the modules, flow classes, per-entry transports and faults stay in the
// scenario (htsim takes them on its command line).

import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { SEED_ARG_ERROR, seedArg } from "./run";
import { build } from "./scenario/build";
import { DEFAULT_SCENARIO } from "./scenario/default";
import { loadScenario, ScenarioError } from "./scenario/load";
import type { Scenario } from "./scenario/schema";
import { type CmStartUnit, writeCm } from "./traffic/cm";

export const CM_USAGE = `usage: nicfw cm [scenario.yaml|.json] [--out FILE] [--seed N] [--start-unit us|ps]
  writes the scenario's flows (its traffic entries drawn for its topology and seed, as nicfw run
  draws them) as an htsim connection matrix: Nodes, Connections, Triggers, then a line per flow,
  with triggers for flows that wait on others. Only the flows: the topology, the modules, flow
  classes and faults stay in the scenario. No scenario: the embedded default.
  --out FILE         where the matrix goes (default: standard output)
  --seed N           the seed (default: the scenario's)
  --start-unit U     us (default: htsim's ConnectionMatrix::save, and a matrix entry's default
                     here) or ps (what htsim's generators write and its current loader reads)`;

interface CmArgs {
  file?: string;
  out?: string;
  seed?: number;
  unit: CmStartUnit;
}

function parseArgs(argv: string[]): CmArgs | string {
  const a: CmArgs = { unit: "us" };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === "--out") {
      if (argv[i + 1] === undefined) return "--out needs a file";
      a.out = argv[++i];
    } else if (x === "--seed") {
      const v = seedArg(argv[++i]);
      if (v === null) return SEED_ARG_ERROR;
      a.seed = v;
    } else if (x === "--start-unit") {
      const u = argv[++i];
      if (u !== "us" && u !== "ps") return "--start-unit needs us or ps";
      a.unit = u;
    } else if (x.startsWith("-")) return `unknown option ${x}`;
    else if (a.file === undefined) a.file = x;
    else return `one scenario at a time (got ${a.file} and ${x})`;
  }
  return a;
}

/** The connection matrix of a scenario's flows, as htsim reads it. @throws Error for what its grammar cannot say (writeCm). */
export function scenarioCm(s: Scenario, seed?: number, baseDir = ".", unit: CmStartUnit = "us"): string {
  const b = build(s, { seed, baseDir });
  return writeCm({ nodes: b.topology.hosts, flows: b.flows }, unit);
}

export function cmCommand(argv: string[]): number {
  const a = parseArgs(argv);
  if (typeof a === "string") {
    console.error(`nicfw cm: ${a}\n${CM_USAGE}`);
    return 2;
  }
  let text: string;
  try {
    const s = a.file ? loadScenario(a.file) : DEFAULT_SCENARIO;
    text = scenarioCm(s, a.seed, a.file ? dirname(resolve(a.file)) : process.cwd(), a.unit);
  } catch (e) {
    if (e instanceof ScenarioError) console.error(a.file ? new ScenarioError(a.file, e.errors).message : e.message);
    else console.error(`nicfw cm: ${(e as Error).message}`);
    return 2;
  }
  if (a.out === undefined) {
    process.stdout.write(text);
    return 0;
  }
  try {
    writeFileSync(a.out, text);
  } catch (e) {
    console.error(`nicfw cm: --out ${a.out}: ${(e as Error).message}`);
    return 2;
  }
  console.error(`wrote ${a.out}`);
  return 0;
}
