// Flowlet switching with a 1 µs gap: with 64 flows sharing the NIC a flow's packets are ~3 µs
// apart on average, so many packets start a new flowlet (the expensive branch).
import { Flowlet } from "../../lib/lb/index";
import { BATCH, FLOWS, lbEvents } from "./lb-common";
import type { Workload } from "./types";

function table(): Flowlet {
  const t = new Flowlet({ gapNs: 1000 }, FLOWS);
  for (let s = 0; s < FLOWS; s++) t.open(s);
  return t;
}

export const flowletWorkloads: Workload[] = [
  {
    module: "lb/flowlet",
    handler: "choosePath",
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const t = table();
      const e = lbEvents(seed);
      let epoch = 0;
      let psn = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += t.choosePath(e.slot[i], (epoch + e.dtNs[i]) | 0, psn++ | 0);
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  },
  {
    module: "lb/flowlet",
    handler: "onPathFeedback",
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const t = table();
      const e = lbEvents(seed);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += t.onPathFeedback(e.slot[i], (epoch + e.dtNs[i]) | 0, e.pick[i], e.kind[i]);
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  },
];
