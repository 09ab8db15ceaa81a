// nicfw/reliability. Modules land here as their issues are resolved.
import { DcpReceiver } from "./dcp/receiver";
import { DcpSender } from "./dcp/sender";

export * from "./dcp/wire";
export * from "./dcp/sender";
export * from "./dcp/receiver";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "reliability/dcp": { DcpSender, DcpReceiver },
} as const;
