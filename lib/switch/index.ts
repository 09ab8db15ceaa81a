// nicfw/switch: switch-side algorithms (queue disciplines, PFC, routing decisions, Reflex), each a
// table indexed by port, ingress queue, switch or flow slot (DESIGN.md module contract). The API
// the virtual fabric drives is described in README.md in this folder.
import { Pfc } from "./pfc/pfc";
import { PfcShared } from "./pfc/shared";
import { PortQueues } from "./queue/queue";
import { ReflexNdt } from "./reflex/ndt";
import { ReflexNsf } from "./reflex/nsf";
import { Router } from "./routing/routing";

export * from "./queue/queue";
export * from "./queue/red";
export {
  resolveQueueParams,
  dcpWrrWeight,
  dwrrQuanta,
  QUEUE_PARAM_NAMES,
  DCP_HO_BYTES,
  DCP_DATA_PACKET_BYTES,
  HTSIM_TRIM_BYTES,
  type QueueParams,
  type QueueParamsInput,
  type QueueProfile,
  type DcpWeight,
  type DwrrQuanta,
} from "./queue/params";
export * from "./pfc/pfc";
export * from "./pfc/shared";
export * from "./pfc/params";
export * from "./routing/routing";
export * from "./reflex/nsf";
export * from "./reflex/ndt";
export { resolveReflexParams, REFLEX_PARAM_NAMES, type ReflexParams, type ReflexParamsInput, type ReflexProfile } from "./reflex/params";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "switch/queue": { PortQueues },
  "switch/pfc": { Pfc, PfcShared },
  "switch/routing": { Router },
  "switch/reflex": { ReflexNsf, ReflexNdt },
} as const;
