// Every workload, for bench/run.ts and bench/alloc.ts.
import type { Workload } from "./types";
import { aimdWorkloads } from "./cc-aimd";
import { nsccWorkloads } from "./cc-nscc";
import { swiftWorkloads } from "./cc-swift";
import { timelyWorkloads } from "./cc-timely";
import { dcqcnWorkloads } from "./cc-dcqcn";
import { dctcpWorkloads, mprdmaWorkloads } from "./cc-dctcp";
import { switchPfcWorkloads } from "./switch-pfc";
import { switchQueueWorkloads } from "./switch-queue";
import { switchReflexWorkloads } from "./switch-reflex";
import { switchRoutingWorkloads } from "./switch-routing";
import { dackWorkloads, optWorkloads } from "./reliability-dack";
import { ecmpWorkloads } from "./lb-ecmp";
import { flowletWorkloads } from "./lb-flowlet";
import { opsWorkloads } from "./lb-ops";
import { plbWorkloads } from "./lb-plb";
import { repsWorkloads } from "./lb-reps";
import { spritzWorkloads } from "./lb-spritz";
import { dcpWorkloads } from "./reliability-dcp";
import { gbnWorkloads } from "./reliability-gbn";
import { irnWorkloads } from "./reliability-irn";
import { rackWorkloads } from "./reliability-rack";
import { timeoutWorkloads } from "./reliability-timeout";
import { rudWorkloads } from "./reliability-rud";
import { pipelineWorkloads } from "./pipeline";
import { coverageCcWorkloads } from "./coverage-cc";
import { coverageReliabilityWorkloads } from "./coverage-reliability";
import { coverageLbWorkloads } from "./coverage-lb";
import { coverageSwitchWorkloads } from "./coverage-switch";

export const workloads: Workload[] = [
  ...nsccWorkloads,
  ...swiftWorkloads,
  ...timelyWorkloads,
  ...dcqcnWorkloads,
  ...dctcpWorkloads,
  ...mprdmaWorkloads,
  ...aimdWorkloads,
  ...switchQueueWorkloads,
  ...switchRoutingWorkloads,
  ...switchPfcWorkloads,
  ...switchReflexWorkloads,
  ...dackWorkloads,
  ...optWorkloads,
  ...dcpWorkloads,
  ...gbnWorkloads,
  ...irnWorkloads,
  ...rackWorkloads,
  ...timeoutWorkloads,
  ...rudWorkloads,
  ...ecmpWorkloads,
  ...opsWorkloads,
  ...repsWorkloads,
  ...spritzWorkloads,
  ...plbWorkloads,
  ...flowletWorkloads,
  ...pipelineWorkloads,
  // Lossy mixes for the handlers no row above drives (bench/coverage.ts checks that every one is).
  ...coverageCcWorkloads,
  ...coverageReliabilityWorkloads,
  ...coverageLbWorkloads,
  ...coverageSwitchWorkloads,
];
