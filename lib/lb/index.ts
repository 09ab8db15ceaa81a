// nicfw/lb: load balancing. Every load balancer is a table of flows with the same interface:
// open(slot, …), close(slot), choosePath(slot, nowNs, psn) → EV, and
// onPathFeedback(slot, nowNs, ev, kind) → flag word, kind one of GOOD, ECN, NACK, TIMEOUT.
import { Ecmp } from "./ecmp/ecmp";
import { Flowlet } from "./flowlet/flowlet";
import { Ops } from "./ops/ops";
import { Plb } from "./plb/plb";
import { Reps } from "./reps/reps";
import { SpritzPaths } from "./spritz/paths";
import { SpritzScout, SpritzSpray } from "./spritz/spritz";
import { SpritzVlan } from "./spritz/vlan";

export { GOOD, ECN, NACK, TIMEOUT, EV_MAX } from "./feedback";
export * from "./ecmp/ecmp";
export * from "./ops/ops";
export * from "./reps/reps";
export { resolveRepsParams, REPS_PARAM_NAMES, type RepsParams, type RepsParamsInput, type RepsProfile } from "./reps/params";
export * from "./plb/plb";
export * from "./flowlet/flowlet";
export * from "./spritz/spritz";
export * from "./spritz/vlan";
export * from "./spritz/paths";
export { resolveSpritzParams, eq1Weight, SPRITZ_PARAM_NAMES, type SpritzParams, type SpritzParamsInput } from "./spritz/params";
export * from "./spritz/table";
export * from "./spritz/topology";
export { GaloisField, primePower } from "./spritz/gf";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "lb/ecmp": { Ecmp },
  "lb/ops": { Ops },
  "lb/reps": { Reps },
  "lb/plb": { Plb },
  "lb/flowlet": { Flowlet },
  "lb/spritz": { SpritzScout, SpritzSpray, SpritzVlan, SpritzPaths },
} as const;
