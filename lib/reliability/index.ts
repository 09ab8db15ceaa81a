// nicfw/reliability. Modules land here as their issues are resolved.
import { DackInitiator } from "./dack/initiator";
import { DackTarget } from "./dack/target";
import { OptInitiator } from "./opt/opt";
import { RudReceiver } from "./rud/receiver";
import { RudSender } from "./rud/sender";

export * from "./dack/target";
export * from "./dack/initiator";
export * from "./dack/params";
export * from "./opt/opt";
export * from "./rud/sender";
export * from "./rud/receiver";
export { resolveRudParams, RUD_PARAM_NAMES, RUD_HTSIM_RTO_NS, type RudParams, type RudParamsInput } from "./rud/params";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "reliability/dack": { DackTarget, DackInitiator },
  "reliability/opt": { OptInitiator },
  "reliability/rud": { RudSender, RudReceiver },
} as const;
