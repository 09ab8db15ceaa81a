// nicfw/cc: congestion control. Each algorithm is a table of flows (DESIGN.md module contract).
import { Aimd } from "./aimd/aimd";
import { Nscc } from "./nscc/nscc";

export * from "./nscc/nscc";
export { resolveNsccParams, NSCC_PARAM_NAMES, type NsccParams, type NsccParamsInput, type NsccProfile } from "./nscc/params";
export * from "./aimd/aimd";
export { resolveAimdParams, AIMD_PARAM_NAMES, type AimdParams, type AimdParamsInput } from "./aimd/params";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "cc/nscc": { Nscc },
  "cc/aimd": { Aimd },
} as const;
