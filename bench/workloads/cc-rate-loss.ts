// The rate modules' window bookkeeping under loss (TIMELY, DCQCN with HPCC's vwin): 64 flows,
// a loss then its restore per event (a timeout's bytes, then the SACK that found them delivered),
// one packet in four a 4-packet burst. Two handler calls per event.
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const MTU = 4096;

interface RateWindow {
  open(slot: number): void;
  onLoss(slot: number, nowNs: number, bytes: number): number;
  onRestore(slot: number, nowNs: number, bytes: number): number;
}

export function rateLossWorkload(module: string, make: (flows: number) => RateWindow): Workload {
  return {
    module,
    handler: "onLoss + onRestore (per call)",
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
          sum += cc.onLoss(slot[i], now, bytes[i]);
          sum += cc.onRestore(slot[i], now, bytes[i]);
        }
        epoch = (epoch + spanNs) | 0;
        return sum;
      };
    },
  };
}
