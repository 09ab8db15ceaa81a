// The window a rate-based CC may keep beside its rate (HPCC simulator rdma-hw.cc GetWin with
// `*_vwin`): shared by DCQCN and TIMELY, which both take it from HPCC.

import { mulDivWide } from "../core/fixed";

/**
 * windowBytes (0: none) scaled by rateKbps / lineKbps when varWindow: floor(windowBytes × rate /
 * line), and 1 when that floors to 0 (GetWin: "must > 0", since 0 means no window). The product
 * reaches 2^61 (a window up to 2^30 B, rates up to 2 × 10^9 kb/s), past mulDiv's exact range: at
 * rate = line, 123.456789 Gb/s and 1,073,741,800 B mulDiv gave 1 B less, so mulDivWide.
 */
export function rateWindowBytes(windowBytes: number, varWindow: number, rateKbps: number, lineKbps: number): number {
  if (windowBytes === 0 || varWindow === 0) return windowBytes;
  const w = mulDivWide(windowBytes, rateKbps, lineKbps);
  return w > 0 ? w : 1;
}
