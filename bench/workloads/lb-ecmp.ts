// ECMP: a fixed EV per flow; feedback is only checked (with each flow's own EV).
import { Ecmp } from "../../lib/lb/index";
import { FLOWS, choosePathWorkload, feedbackWorkload } from "./lb-common";
import type { Workload } from "./types";

function table(): Ecmp {
  const t = new Ecmp({ salt: 7 }, FLOWS);
  for (let s = 0; s < FLOWS; s++) t.open(s, 1000 + s);
  return t;
}

export const ecmpWorkloads: Workload[] = [
  choosePathWorkload("lb/ecmp", "choosePath", 10, table),
  feedbackWorkload("lb/ecmp", "onPathFeedback", 10, table, (t, e) => Int32Array.from(e.slot, (s) => t.ev(s))),
];
