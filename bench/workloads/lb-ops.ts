// OPS: uniform over the 16-bit space, weighted over a 200-path Spritz-like list (eq. (1) weights of
// a 40k-endpoint Dragonfly), and the UEC 256-EV reshuffled order; feedback is only checked.
import { Ops } from "../../lib/lb/index";
import { BATCH, FLOWS, lbEvents } from "./lb-common";
import type { Workload } from "./types";

function table(mode: "uniform" | "weighted" | "uec"): Ops {
  let t: Ops;
  if (mode === "weighted") {
    const evs: number[] = [];
    const weights: number[] = [];
    for (let i = 0; i < 200; i++) {
      evs.push(i * 17);
      weights.push(i === 0 ? 5.59 : i < 20 ? 3.2 : 1);
    }
    t = new Ops({ mode, sets: [{ evs, weights }] }, FLOWS);
  } else {
    t = new Ops({ mode }, FLOWS);
  }
  for (let s = 0; s < FLOWS; s++) t.open(s, 0);
  return t;
}

function choose(mode: "uniform" | "weighted" | "uec"): Workload {
  return {
    module: "lb/ops",
    handler: mode === "uniform" ? "choosePath" : `choosePath:${mode}`,
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const t = table(mode);
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
  };
}

export const opsWorkloads: Workload[] = [
  choose("uniform"),
  choose("weighted"),
  choose("uec"),
  {
    module: "lb/ops",
    handler: "onPathFeedback",
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const t = table("uec");
      const e = lbEvents(seed);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += t.onPathFeedback(e.slot[i], (epoch + e.dtNs[i]) | 0, e.pick[i] & 255, e.kind[i]);
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  },
];
