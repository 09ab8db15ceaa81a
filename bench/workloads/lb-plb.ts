// PLB: 14 µs rounds (one RTT), the datacenter feedback mix; choosePath also checks the idle rule.
import { Plb } from "../../lib/lb/index";
import { BATCH, FLOWS, lbEvents } from "./lb-common";
import type { Workload } from "./types";

function table(): Plb {
  const t = new Plb({ roundNs: 14_000 }, FLOWS);
  for (let s = 0; s < FLOWS; s++) t.open(s);
  return t;
}

export const plbWorkloads: Workload[] = [
  {
    module: "lb/plb",
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
    module: "lb/plb",
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
