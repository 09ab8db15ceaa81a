// A switch port's queue limits at a rate other than the one its PortQueues parameters are for.
// The fabric sets them (fabric.ts, at construction) and the build's ECN check reads them
// (scenario/warnings.ts), so both see the same port.

import type { QueueParams } from "../../lib/switch/queue/params";

/** PortQueues' largest byte limit or threshold. */
const MAX_BYTES = 2 ** 30;

export interface PortLimits {
  dataBytes: number;
  controlBytes: number;
  kMinBytes: number;
  kMaxBytes: number;
}

/**
 * The limits of a port at `scale` × the parameters' rate: as many µs of buffer and of RED ramp as
 * at that rate, but a data limit never below one full packet (below it every data packet would
 * be trimmed or dropped there, forever). At scale 1 the parameters stand as they are.
 */
export function scaledPortLimits(q: Readonly<QueueParams>, scale: number): PortLimits {
  if (scale === 1) return { dataBytes: q.dataLimitBytes, controlBytes: q.controlLimitBytes, kMinBytes: q.kMinBytes, kMaxBytes: q.kMaxBytes };
  const limit = (x: number) => Math.max(1, Math.min(MAX_BYTES, Math.round(x * scale)));
  const threshold = (x: number) => Math.min(MAX_BYTES, Math.round(x * scale));
  return {
    dataBytes: Math.max(q.mtuBytes, limit(q.dataLimitBytes)),
    controlBytes: limit(q.controlLimitBytes),
    kMinBytes: threshold(q.kMinBytes),
    kMaxBytes: threshold(q.kMaxBytes),
  };
}
