// What the load balancers decided in a run, as metrics/cc-decisions.ts does for the CC: the
// table-wide counters of REPS, PLB, flowlet and Spritz (Scout, Spray and the VLAN-category mode)
// (lib/lb/reps/README.md, lib/lb/plb/README.md, lib/lb/flowlet/README.md,
// lib/lb/spritz/README.md), read once when the run reports. Their choosePath returns only the
// EV, and the fabric ignores the bits their feedback handlers return, so each table counts its
// own choices. ECMP and OPS decide nothing a counter would explain (a fixed EV; a fresh EV per
// packet whatever the feedback).

import { Flowlet } from "../../lib/lb/flowlet/flowlet";
import { Plb } from "../../lib/lb/plb/plb";
import { Reps } from "../../lib/lb/reps/reps";
import { SpritzBase } from "../../lib/lb/spritz/spritz";
import { SpritzVlan } from "../../lib/lb/spritz/vlan";
import type { LbTable } from "../net/adapters";
import { decisionLine } from "./cc-decisions";

/**
 * The run's LB counts (results.json `totals.lb`), summed over the tables, by name: for REPS
 * (Bonato et al., Alg. 1–2 and Appendix A) REPS_FREEZE and REPS_UNFREEZE (freezes entered and
 * left: the result bits of those names), and the EVs its choosePath returned by where they came
 * from: REPS_EV_RANDOM (nothing valid cached, not frozen), REPS_EV_EXPLORED (the post-freeze
 * exploration window), REPS_EV_RECYCLED (a valid cached EV) and REPS_EV_STALE (frozen: an EV
 * already used). For PLB (SIGCOMM'22 §3) PLB_ROUND_END and PLB_CONGESTED_ROUND (rounds judged,
 * and of those congested: the result bits of those names), and the re-paths by cause:
 * PLB_REPATH_CONGESTED (rehashRounds congested rounds in a row), PLB_REPATH_IDLE (the idle rule),
 * PLB_REPATH_TIMEOUT (a TIMEOUT), and PLB_REPATH_HELD (one the pause after a timeout held back).
 * For flowlet switching the EVs its choosePath returned: FLOWLET_EV_NEW (a new flowlet after an
 * idle gap), FLOWLET_EV_HELD (a gap, but within minRerouteNs of the last flowlet) and
 * FLOWLET_EV_KEPT (no gap). For Spritz-Scout and Spritz-Spray (Bonato et al., §IV, Alg. 1–3) the
 * EVs its choosePath returned by Alg. 1's branch: SPRITZ_EV_EXPLORED (packet_count past
 * explore_threshold: gen(w)), SPRITZ_EV_SAMPLED (buffer_paths empty: gen(w)) and SPRITZ_EV_REUSED
 * (the buffer's front; Spray removes it); what the feedback did to the paths: SPRITZ_CACHED (GOOD
 * put the EV into buffer_paths), Scout's removals from it by cause, SPRITZ_REMOVED_ECN (ecn_counts
 * over ecn_threshold), SPRITZ_REMOVED_NACK and SPRITZ_REMOVED_TIMEOUT, SPRITZ_BLOCKED (a TIMEOUT
 * set w_i ← 0), SPRITZ_BLOCK_EVICTED (a block lifted early, the list of blocks full),
 * SPRITZ_BIASED (a flow's ECN rate over 90 %: w[0] ← min_bias_factor) and SPRITZ_RESTORED (the
 * global timer fired: the result bits of those names). Spritz's VLAN-category mode (§III-D)
 * counts its sends and its cache alike (SPRITZ_EV_EXPLORED, _SAMPLED, _REUSED, SPRITZ_CACHED,
 * SPRITZ_BIASED, SPRITZ_RESTORED; it keeps no per-path state to remove or block), and its fresh
 * pairs by category: SPRITZ_VLAN_MINIMAL (VLAN 1) and SPRITZ_VLAN_NON_MINIMAL (VLAN 2). A
 * module's names appear when the run has one of its tables; empty when none counts (ECMP, OPS).
 */
export function lbDecisions(tables: readonly { lb: LbTable }[]): Record<string, number> {
  const total: Record<string, number> = {};
  const add = (name: string, n: number) => (total[name] = (total[name] ?? 0) + n);
  for (const { lb } of tables) {
    if (lb instanceof Reps) {
      add("REPS_FREEZE", lb.freezes);
      add("REPS_UNFREEZE", lb.unfreezes);
      add("REPS_EV_RANDOM", lb.evsRandom);
      add("REPS_EV_EXPLORED", lb.evsExplored);
      add("REPS_EV_RECYCLED", lb.evsRecycled);
      add("REPS_EV_STALE", lb.evsStale);
    } else if (lb instanceof Plb) {
      add("PLB_ROUND_END", lb.roundsEnded);
      add("PLB_CONGESTED_ROUND", lb.roundsCongested);
      add("PLB_REPATH_CONGESTED", lb.repathsCongested);
      add("PLB_REPATH_IDLE", lb.repathsIdle);
      add("PLB_REPATH_TIMEOUT", lb.repathsTimeout);
      add("PLB_REPATH_HELD", lb.repathsHeld);
    } else if (lb instanceof Flowlet) {
      add("FLOWLET_EV_NEW", lb.flowletCount);
      add("FLOWLET_EV_HELD", lb.evsHeld);
      add("FLOWLET_EV_KEPT", lb.evsKept);
    } else if (lb instanceof SpritzBase || lb instanceof SpritzVlan) {
      add("SPRITZ_EV_EXPLORED", lb.evsExplored);
      add("SPRITZ_EV_SAMPLED", lb.evsSampled);
      add("SPRITZ_EV_REUSED", lb.evsReused);
      add("SPRITZ_CACHED", lb.pathsCached);
      if (lb instanceof SpritzBase) {
        add("SPRITZ_REMOVED_ECN", lb.pathsRemovedEcn);
        add("SPRITZ_REMOVED_NACK", lb.pathsRemovedNack);
        add("SPRITZ_REMOVED_TIMEOUT", lb.pathsRemovedTimeout);
        add("SPRITZ_BLOCKED", lb.blocks);
        add("SPRITZ_BLOCK_EVICTED", lb.evictedBlocks);
      } else {
        add("SPRITZ_VLAN_MINIMAL", lb.evsMinimal);
        add("SPRITZ_VLAN_NON_MINIMAL", lb.evsNonMinimal);
      }
      add("SPRITZ_BIASED", lb.biases);
      add("SPRITZ_RESTORED", lb.restores);
    }
  }
  return total;
}

/** The summary's digest of `totals.lb` (`LB decisions: reps FREEZE 2, UNFREEZE 2, EV_RECYCLED 812, …; plb ROUND_END 90, …`); null when all 0 or none. */
export function lbDecisionLine(total: Record<string, number> | undefined): string | null {
  return decisionLine("LB decisions", total);
}
