// A loss and its resend per event, the bytes back in flight without counting as data sent: the
// rate modules' window bookkeeping (TIMELY, DCQCN with HPCC's vwin: onLoss + onRestore) and
// DCTCP's (onNack + onRestore). 64 flows, one packet in four a 4-packet burst. Two handler calls
// per event.
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const MTU = 4096;

/** The module's two handlers, wrapped (V8 inlines the wrappers into the loop). */
export interface LossAndResend {
  open(slot: number): void;
  lose(slot: number, nowNs: number, bytes: number): number;
  resend(slot: number, nowNs: number, bytes: number): number;
}

export function lossWorkload(module: string, handler: string, make: (flows: number) => LossAndResend): Workload {
  return {
    module,
    handler,
    goalNs: 15,
    batch: 2 * BATCH,
    setup(seed) {
      const cc = make(FLOWS);
      for (let s = 0; s < FLOWS; s++) cc.open(s);
      const rng = new Xoshiro128(seed);
      const slot = new Int32Array(BATCH);
      const dtNs = new Int32Array(BATCH);
      const bytes = new Int32Array(BATCH);
      let t = 0;
      for (let i = 0; i < BATCH; i++) {
        t += 20 + rng.nextBelow(60);
        slot[i] = rng.nextBelow(FLOWS);
        dtNs[i] = t;
        bytes[i] = rng.nextBelow(4) === 0 ? 4 * MTU : MTU;
      }
      const spanNs = t + 100;
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) {
          const now = (epoch + dtNs[i]) | 0;
          sum += cc.lose(slot[i], now, bytes[i]);
          sum += cc.resend(slot[i], now, bytes[i]);
        }
        epoch = (epoch + spanNs) | 0;
        return sum;
      };
    },
  };
}
