// ECMP: a fixed EV per flow; feedback is only checked.
import { Ecmp } from "../../lib/lb/index";
import { BATCH, FLOWS, lbEvents } from "./lb-common";
import type { Workload } from "./types";

function table(): Ecmp {
  const t = new Ecmp({ salt: 7 }, FLOWS);
  for (let s = 0; s < FLOWS; s++) t.open(s, 1000 + s);
  return t;
}

export const ecmpWorkloads: Workload[] = [
  {
    module: "lb/ecmp",
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
    module: "lb/ecmp",
    handler: "onPathFeedback",
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const t = table();
      const e = lbEvents(seed);
      const ev = new Int32Array(BATCH);
      for (let i = 0; i < BATCH; i++) ev[i] = t.ev(e.slot[i]);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += t.onPathFeedback(e.slot[i], (epoch + e.dtNs[i]) | 0, ev[i], e.kind[i]);
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  },
];
