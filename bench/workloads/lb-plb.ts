// PLB: 14 µs rounds (one RTT), the datacenter feedback mix; choosePath also checks the idle rule.
import { Plb } from "../../lib/lb/index";
import { FLOWS, choosePathWorkload, feedbackWorkload } from "./lb-common";
import type { Workload } from "./types";

function table(): Plb {
  const t = new Plb({ roundNs: 14_000 }, FLOWS);
  for (let s = 0; s < FLOWS; s++) t.open(s);
  return t;
}

export const plbWorkloads: Workload[] = [
  choosePathWorkload("lb/plb", "choosePath", 10, table),
  feedbackWorkload("lb/plb", "onPathFeedback", 10, table),
];
