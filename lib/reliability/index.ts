// nicfw/reliability. Modules land here as their issues are resolved.
import { DackInitiator } from "./dack/initiator";
import { DackTarget } from "./dack/target";
import { OptInitiator } from "./opt/opt";

export * from "./dack/target";
export * from "./dack/initiator";
export * from "./dack/params";
export * from "./opt/opt";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "reliability/dack": { DackTarget, DackInitiator },
  "reliability/opt": { OptInitiator },
} as const;
