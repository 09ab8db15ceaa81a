// Every workload, for bench/run.ts and bench/alloc.ts.
import type { Workload } from "./types";
import { nsccWorkloads } from "./cc-nscc";
import { switchQueueWorkloads } from "./switch-queue";

export const workloads: Workload[] = [...nsccWorkloads, ...switchQueueWorkloads];
