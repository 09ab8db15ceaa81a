// What the load balancers decided in a run, as metrics/cc-decisions.ts does for the CC: REPS's
// table-wide counters (lib/lb/reps/README.md), read once when the run reports. REPS's handlers
// return the freeze bits, but choosePath returns only the EV, so the table counts its own
// choices; the fabric calls the table directly and never sees them.

import { Reps } from "../../lib/lb/reps/reps";
import type { LbTable } from "../net/adapters";
import { decisionLine } from "./cc-decisions";

/**
 * The run's LB counts (results.json `totals.lb`), summed over the tables, by name: for REPS
 * (Bonato et al., Alg. 1–2 and Appendix A) REPS_FREEZE and REPS_UNFREEZE (freezes entered and
 * left: the result bits of those names), and the EVs its choosePath returned by where they came
 * from: REPS_EV_RANDOM (nothing valid cached, not frozen), REPS_EV_EXPLORED (the post-freeze
 * exploration window), REPS_EV_RECYCLED (a valid cached EV) and REPS_EV_STALE (frozen: an EV
 * already used). Empty when no table counts anything (every load balancer but REPS).
 */
export function lbDecisions(tables: readonly { lb: LbTable }[]): Record<string, number> {
  const total: Record<string, number> = {};
  const add = (name: string, n: number) => (total[name] = (total[name] ?? 0) + n);
  for (const { lb } of tables) {
    if (!(lb instanceof Reps)) continue;
    add("REPS_FREEZE", lb.freezes);
    add("REPS_UNFREEZE", lb.unfreezes);
    add("REPS_EV_RANDOM", lb.evsRandom);
    add("REPS_EV_EXPLORED", lb.evsExplored);
    add("REPS_EV_RECYCLED", lb.evsRecycled);
    add("REPS_EV_STALE", lb.evsStale);
  }
  return total;
}

/** The summary's digest of `totals.lb` (`LB decisions: reps FREEZE 2, UNFREEZE 2, EV_RECYCLED 812, …`); null when all 0 or none. */
export function lbDecisionLine(total: Record<string, number> | undefined): string | null {
  return decisionLine("LB decisions", total);
}
