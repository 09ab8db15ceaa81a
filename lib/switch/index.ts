// nicfw/switch: switch-side algorithms (queue disciplines, PFC, routing decisions, Reflex), each a
// table indexed by port, switch or flow slot (DESIGN.md module contract). See README.md here.
import { PortQueues } from "./queue/queue";

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
} from "./queue/params";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "switch/queue": { PortQueues },
} as const;
