// Every workload, for bench/run.ts and bench/alloc.ts.
import type { Workload } from "./types";
import { nsccWorkloads } from "./cc-nscc";
import { switchPfcWorkloads } from "./switch-pfc";
import { switchQueueWorkloads } from "./switch-queue";
import { switchReflexWorkloads } from "./switch-reflex";
import { switchRoutingWorkloads } from "./switch-routing";

export const workloads: Workload[] = [
  ...nsccWorkloads,
  ...switchQueueWorkloads,
  ...switchRoutingWorkloads,
  ...switchPfcWorkloads,
  ...switchReflexWorkloads,
];
