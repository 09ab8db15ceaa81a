// nicfw/cc: congestion control. Each algorithm is a table of flows (DESIGN.md module contract).
import { Aimd } from "./aimd/aimd";
import { Nscc } from "./nscc/nscc";
import { Swift } from "./swift/swift";
import { Timely } from "./timely/timely";
import { Dcqcn } from "./dcqcn/dcqcn";
import { DcqcnNp } from "./dcqcn/np";
import { Dctcp } from "./dctcp/dctcp";
import { Mprdma } from "./mprdma/mprdma";

export * from "./nscc/nscc";
export { resolveNsccParams, NSCC_PARAM_NAMES, type NsccParams, type NsccParamsInput, type NsccProfile } from "./nscc/params";
export * from "./swift/swift";
export { resolveSwiftParams, flowScaling, SWIFT_PARAM_NAMES, SWIFT_MAX_CWND_PKTS, type SwiftParams, type SwiftParamsInput, type SwiftProfile } from "./swift/params";
export * from "./timely/timely";
export { resolveTimelyParams, TIMELY_PARAM_NAMES, TIMELY_MAX_GBPS, type TimelyParams, type TimelyParamsInput, type TimelyProfile } from "./timely/params";
export * from "./dcqcn/dcqcn";
export * from "./dcqcn/np";
export { resolveDcqcnParams, DCQCN_PARAM_NAMES, type DcqcnParams, type DcqcnParamsInput, type DcqcnProfile } from "./dcqcn/params";
export * from "./dctcp/dctcp";
export { resolveDctcpParams, DCTCP_PARAM_NAMES, type DctcpParams, type DctcpParamsInput, type DctcpProfile } from "./dctcp/params";
export * from "./mprdma/mprdma";
export { resolveMprdmaParams, MPRDMA_PARAM_NAMES, type MprdmaParams, type MprdmaParamsInput, type MprdmaProfile } from "./mprdma/params";
export * from "./aimd/aimd";
export { resolveAimdParams, AIMD_PARAM_NAMES, type AimdParams, type AimdParamsInput } from "./aimd/params";

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {
  "cc/nscc": { Nscc },
  "cc/swift": { Swift },
  "cc/timely": { Timely },
  "cc/dcqcn": { Dcqcn, DcqcnNp },
  "cc/dctcp": { Dctcp },
  "cc/mprdma": { Mprdma },
  "cc/aimd": { Aimd },
} as const;
