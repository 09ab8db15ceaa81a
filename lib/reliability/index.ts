// nicfw/reliability. Modules land here as their issues are resolved.
import { DcpReceiver } from "./dcp/receiver";
import { DcpSender } from "./dcp/sender";
import { GbnReceiver, GbnSender } from "./gbn/gbn";
import { IrnReceiver, IrnSender } from "./irn/irn";
import { RackReceiver, RackSender } from "./rack/rack";
import { TimeoutReceiver, TimeoutSender } from "./timeout/timeout";

export * from "./dcp/wire";
export * from "./dcp/sender";
export * from "./dcp/receiver";
export * from "./gbn/gbn";
export * from "./irn/irn";
export * from "./rack/rack";
export * from "./timeout/timeout";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "reliability/dcp": { DcpSender, DcpReceiver },
  "reliability/gbn": { GbnSender, GbnReceiver },
  "reliability/irn": { IrnSender, IrnReceiver },
  "reliability/rack": { RackSender, RackReceiver },
  "reliability/timeout": { TimeoutSender, TimeoutReceiver },
} as const;
