// REPS (paper profile, 16-bit EV space).
//   choosePath: the steady state of a flow whose ACKs are mostly unmarked — every flow holds 8
//     recycled EVs (restored at the start of each op, lb-common snapshot) and sends 9 packets:
//     8 recycled EVs and one random draw (11 % exploration, about the ECN/NACK share).
//   choosePath:random: nothing ever cached, every EV random (a new connection's first window).
//   onPathFeedback: the datacenter mix of kinds (GOOD recycles; 0.5 % timeouts freeze flows for
//     the 10 ms freeze, about 50 ops, after which they explore again).
import { Reps } from "../../lib/lb/index";
import { FLOWS, choosePathWorkload, feedbackWorkload, snapshot } from "./lb-common";
import type { Workload } from "./types";

const STEADY = FLOWS * 9;

function table(): Reps {
  const t = new Reps({ profile: "paper" }, FLOWS);
  for (let s = 0; s < FLOWS; s++) t.open(s);
  return t;
}

export const repsWorkloads: Workload[] = [
  {
    module: "lb/reps",
    handler: "choosePath",
    goalNs: 10,
    batch: STEADY,
    setup(seed) {
      const t = table();
      for (let s = 0; s < FLOWS; s++) for (let k = 0; k < 8; k++) t.onPathFeedback(s, 0, (seed * 977 + s * 8 + k) & 0xffff, 0);
      const restore = snapshot(t, ["valid", "head", "nValid", "state", "explore"]);
      let epoch = 0;
      let psn = 0;
      return () => {
        restore();
        let sum = 0;
        for (let i = 0; i < STEADY; i++) sum += t.choosePath(i & (FLOWS - 1), (epoch + i * 50) | 0, psn++ | 0);
        epoch = (epoch + STEADY * 50) | 0;
        return sum;
      };
    },
  },
  choosePathWorkload("lb/reps", "choosePath:random", 10, table),
  feedbackWorkload("lb/reps", "onPathFeedback", 10, table),
];
