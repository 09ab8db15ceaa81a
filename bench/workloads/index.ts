// Every workload, for bench/run.ts and bench/alloc.ts.
import type { Workload } from "./types";
import { nsccWorkloads } from "./cc-nscc";
import { swiftWorkloads } from "./cc-swift";
import { timelyWorkloads } from "./cc-timely";
import { dcqcnWorkloads } from "./cc-dcqcn";
import { dctcpWorkloads, mprdmaWorkloads } from "./cc-dctcp";
import { switchPfcWorkloads } from "./switch-pfc";
import { switchQueueWorkloads } from "./switch-queue";
import { switchReflexWorkloads } from "./switch-reflex";
import { switchRoutingWorkloads } from "./switch-routing";

export const workloads: Workload[] = [
  ...nsccWorkloads,
  ...swiftWorkloads,
  ...timelyWorkloads,
  ...dcqcnWorkloads,
  ...dctcpWorkloads,
  ...mprdmaWorkloads,
  ...switchQueueWorkloads,
  ...switchRoutingWorkloads,
  ...switchPfcWorkloads,
  ...switchReflexWorkloads,
];
