// PFC on 128 ingress queues at 100 Gb/s: arrivals and departures of 1500 B packets around the
// XOFF/XON band (static: XOFF 100 KB, XON 96.9 KB; shared: four 4 MiB buffers of 32 queues, whose
// dynamic threshold with all 32 busy is α R / (1 + 32 α) ≈ 79 KB), so pauses, refreshes and
// resumes all happen; each op replays a batch of arrivals and the same number of departures on
// the same queues, so the occupancies are stationary. Both calls are counted (batch = 2 × events).
import { Pfc, PfcShared } from "../../lib/switch/index";
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

const QUEUES = 128;
const EVENTS = 2048;

type Table = Pfc | PfcShared;

/**
 * `t`'s QUEUES ingress queues opened (`join` puts each in its pool) and filled to 90–110 KB, and
 * EVENTS events: the queue of each arrival, the tick step before it (dtMinNs plus below
 * dtSpanNs), and departures from the same queues in another order, so occupancies return each op.
 */
export function pfcEvents(t: Table, join: (t: Table, q: number) => void, seed: number, dtMinNs: number, dtSpanNs: number): { slot: Int32Array; order: Int32Array; dt: Int32Array } {
  const rng = new Xoshiro128(seed);
  for (let q = 0; q < QUEUES; q++) {
    t.open(q);
    join(t, q);
    for (let b = 0, n = 60 + rng.nextBelow(14); b < n; b++) t.onArrive(q, 0, 1500);
  }
  const slot = new Int32Array(EVENTS);
  const order = new Int32Array(EVENTS);
  const dt = new Int32Array(EVENTS);
  for (let i = 0; i < EVENTS; i++) {
    slot[i] = rng.nextBelow(QUEUES);
    dt[i] = dtMinNs + rng.nextBelow(dtSpanNs);
  }
  for (let i = 0; i < EVENTS; i++) order[i] = slot[(i * 1237) % EVENTS];
  return { slot, order, dt };
}

function workload(handler: string, make: () => Table, join: (t: Table, q: number) => void): Workload {
  return {
    module: "switch/pfc",
    handler,
    goalNs: 10,
    batch: 2 * EVENTS,
    setup(seed) {
      const t = make();
      const { slot, order, dt } = pfcEvents(t, join, seed, 50, 100);
      // Ticks start just below 2^31 and wrap to −2^31 within the first op: past 2^30 they stop
      // being V8 small integers, and at the wrap they turn negative; a handler that is not
      // inlined into this loop is deoptimised at each of those, which must happen in the
      // warm-up. Started below 2^30 instead, the wrap came about 10.7 M events later, inside
      // the allocation check's first window, and its recompilation sometimes spilled into the
      // confirming one (young +69 KiB, 2026-12-03). From −2^31 the ticks climb back into the
      // small-integer range 2^30 ns (≈ 10.7 M events) later, which grew the young generation by
      // about 6 KiB in a probe (2026-12-03), far below the check's 64 KiB of noise.
      // Any start is valid (lib/core/ticks.ts).
      let now = 2 ** 31 - 100_000;
      return () => {
        let sum = 0;
        for (let i = 0; i < EVENTS; i++) {
          now = (now + dt[i]) | 0;
          sum += t.onArrive(slot[i], now, 1500);
        }
        for (let i = 0; i < EVENTS; i++) {
          now = (now + dt[i]) | 0;
          sum += t.onDepart(order[i], now, 1500);
        }
        return sum;
      };
    },
  };
}

export const switchPfcWorkloads: Workload[] = [
  workload("onArrive+onDepart", () => new Pfc({ refreshNs: 20_000 }, QUEUES), () => {}),
  workload("shared onArrive+onDepart", () => new PfcShared({ refreshNs: 20_000, pools: 4, poolBytes: 4 * 2 ** 20 }, QUEUES), (t, q) => (t as PfcShared).setPool(q, q >> 5)),
];
