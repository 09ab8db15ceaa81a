// Every workload, for bench/run.ts and bench/alloc.ts.
import type { Workload } from "./types";
import { nsccWorkloads } from "./cc-nscc";
import { dcpWorkloads } from "./reliability-dcp";
import { gbnWorkloads } from "./reliability-gbn";
import { irnWorkloads } from "./reliability-irn";
import { rackWorkloads } from "./reliability-rack";
import { timeoutWorkloads } from "./reliability-timeout";

export const workloads: Workload[] = [
  ...nsccWorkloads,
  ...dcpWorkloads,
  ...gbnWorkloads,
  ...irnWorkloads,
  ...rackWorkloads,
  ...timeoutWorkloads,
];
