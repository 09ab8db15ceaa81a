// OPS: uniform over the 16-bit space, weighted over a 200-path Spritz-like list (eq. (1) weights of
// a 40k-endpoint Dragonfly), and the UEC 256-EV reshuffled order; feedback is only checked.
import { Ops } from "../../lib/lb/index";
import { FLOWS, choosePathWorkload, feedbackWorkload } from "./lb-common";
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
  return choosePathWorkload("lb/ops", mode === "uniform" ? "choosePath" : `choosePath:${mode}`, 10, () => table(mode));
}

export const opsWorkloads: Workload[] = [
  choose("uniform"),
  choose("weighted"),
  choose("uec"),
  // EVs of the UEC 256-EV space.
  feedbackWorkload("lb/ops", "onPathFeedback", 10, () => table("uec"), (_t, e) => e.pick.map((x) => x & 255)),
];
