// Every workload, for bench/run.ts and bench/alloc.ts.
import type { Workload } from "./types";
import { aimdWorkloads } from "./cc-aimd";
import { nsccWorkloads } from "./cc-nscc";
import { dackWorkloads, optWorkloads } from "./reliability-dack";

export const workloads: Workload[] = [...nsccWorkloads, ...aimdWorkloads, ...dackWorkloads, ...optWorkloads];
