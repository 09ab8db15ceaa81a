// Flowlet switching with a 1 µs gap: with 64 flows sharing the NIC a flow's packets are ~3 µs
// apart on average, so many packets start a new flowlet (the expensive branch).
import { Flowlet } from "../../lib/lb/index";
import { FLOWS, choosePathWorkload, feedbackWorkload } from "./lb-common";
import type { Workload } from "./types";

function table(): Flowlet {
  const t = new Flowlet({ gapNs: 1000 }, FLOWS);
  for (let s = 0; s < FLOWS; s++) t.open(s);
  return t;
}

export const flowletWorkloads: Workload[] = [
  choosePathWorkload("lb/flowlet", "choosePath", 10, table),
  feedbackWorkload("lb/flowlet", "onPathFeedback", 10, table),
];
