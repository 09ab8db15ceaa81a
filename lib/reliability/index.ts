// nicfw/reliability. Modules land here as their issues are resolved.
import { DackInitiator } from "./dack/initiator";
import { DackTarget } from "./dack/target";
import { OptInitiator } from "./opt/opt";
import { DcpReceiver } from "./dcp/receiver";
import { DcpSender } from "./dcp/sender";
import { GbnReceiver, GbnSender } from "./gbn/gbn";
import { IrnReceiver, IrnSender } from "./irn/irn";
import { RackReceiver, RackSender } from "./rack/rack";
import { TimeoutReceiver, TimeoutSender } from "./timeout/timeout";
import { RudReceiver } from "./rud/receiver";
import { RudSender } from "./rud/sender";

export * from "./dack/target";
export * from "./dack/initiator";
export * from "./dack/params";
export * from "./opt/opt";
export * from "./dcp/wire";
export * from "./dcp/sender";
export * from "./dcp/receiver";
export * from "./gbn/gbn";
export * from "./irn/irn";
export * from "./rack/rack";
export * from "./timeout/timeout";
export * from "./rud/sender";
export * from "./rud/receiver";
export { resolveRudParams, RUD_DEFAULTS, RUD_PARAM_NAMES, RUD_HTSIM_RTO_NS, type RudParams, type RudParamsInput } from "./rud/params";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "reliability/dack": { DackTarget, DackInitiator },
  "reliability/opt": { OptInitiator },
  "reliability/dcp": { DcpSender, DcpReceiver },
  "reliability/gbn": { GbnSender, GbnReceiver },
  "reliability/irn": { IrnSender, IrnReceiver },
  "reliability/rack": { RackSender, RackReceiver },
  "reliability/timeout": { TimeoutSender, TimeoutReceiver },
  "reliability/rud": { RudSender, RudReceiver },
} as const;
