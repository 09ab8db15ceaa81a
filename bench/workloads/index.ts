// Every workload, for bench/run.ts and bench/alloc.ts.
import type { Workload } from "./types";
import { nsccWorkloads } from "./cc-nscc";
import { ecmpWorkloads } from "./lb-ecmp";
import { flowletWorkloads } from "./lb-flowlet";
import { opsWorkloads } from "./lb-ops";
import { plbWorkloads } from "./lb-plb";
import { repsWorkloads } from "./lb-reps";
import { spritzWorkloads } from "./lb-spritz";

export const workloads: Workload[] = [
  ...nsccWorkloads,
  ...ecmpWorkloads,
  ...opsWorkloads,
  ...repsWorkloads,
  ...spritzWorkloads,
  ...plbWorkloads,
  ...flowletWorkloads,
];
