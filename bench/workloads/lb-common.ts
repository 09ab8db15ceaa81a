// Shared event generation for the load-balancer workloads: 64 flows, 4096 events per op, time
// moving forward 20–80 ns per event (a 100–400 Gb/s NIC interleaving flows), feedback kinds in
// datacenter proportions — 90 % GOOD, 7 % ECN, 2.5 % NACK (trims), 0.5 % TIMEOUT.
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

export const FLOWS = 64;
export const BATCH = 4096;

export interface LbEvents {
  slot: Int32Array;
  dtNs: Int32Array;
  kind: Uint8Array;
  /** A per-event pick in [0, 2^16) that a workload maps onto the flow's valid EVs. */
  pick: Int32Array;
  spanNs: number;
}

export function lbEvents(seed: number): LbEvents {
  const rng = new Xoshiro128(seed);
  const e: LbEvents = {
    slot: new Int32Array(BATCH),
    dtNs: new Int32Array(BATCH),
    kind: new Uint8Array(BATCH),
    pick: new Int32Array(BATCH),
    spanNs: 0,
  };
  let t = 0;
  for (let i = 0; i < BATCH; i++) {
    t += 20 + rng.nextBelow(60);
    e.slot[i] = rng.nextBelow(FLOWS);
    e.dtNs[i] = t;
    const k = rng.nextBelow(1000);
    e.kind[i] = k < 900 ? 0 : k < 970 ? 1 : k < 995 ? 2 : 3;
    e.pick[i] = rng.nextBelow(65536);
  }
  e.spanNs = t + 100;
  return e;
}

type Column = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/**
 * A copy of every per-flow column of a table, restored (all, or the named ones) at the start of each op so that each op
 * replays from the same steady state (e.g. buffers holding recycled EVs, as a stream of good ACKs
 * keeps them) without spending the op's time on the calls that would rebuild it. Reaches into the
 * FlowTable's protected `col`: bench-only. Restoring is a memcpy of a few KiB per op.
 */
export function snapshot(table: object, names?: readonly string[]): () => void {
  const col = (table as unknown as { col: { [name: string]: Column } }).col;
  // Only the columns the op's handler writes: each TypedArray#set is a builtin call of its own.
  const columns = names ? names.map((n) => col[n]) : Object.values(col);
  const saved = columns.map((c) => c.slice());
  return () => {
    for (let i = 0; i < columns.length; i++) (columns[i] as Uint8Array).set(saved[i] as Uint8Array);
  };
}

/** The handlers every load balancer has (lib/lb). */
export interface LoadBalancer {
  choosePath(slot: number, nowNs: number, psn: number): number;
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number;
}

/** choosePath over the lbEvents stream: random flows, time moving forward, one PSN per packet. */
export function choosePathWorkload(module: string, handler: string, goalNs: number, make: () => LoadBalancer): Workload {
  return {
    module,
    handler,
    goalNs,
    batch: BATCH,
    setup(seed) {
      const t = make();
      const e = lbEvents(seed);
      let epoch = 0;
      let psn = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += t.choosePath(e.slot[i], (epoch + e.dtNs[i]) | 0, psn++ | 0);
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}

/**
 * onPathFeedback over the lbEvents stream with its mix of kinds; `evs` gives each event's EV
 * (default: the event's random pick in [0, 2^16)), computed once at setup.
 */
export function feedbackWorkload<T extends LoadBalancer>(
  module: string,
  handler: string,
  goalNs: number,
  make: () => T,
  evs: (t: T, e: LbEvents) => Int32Array = (_t, e) => e.pick,
): Workload {
  return {
    module,
    handler,
    goalNs,
    batch: BATCH,
    setup(seed) {
      const t = make();
      const e = lbEvents(seed);
      const ev = evs(t, e);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += t.onPathFeedback(e.slot[i], (epoch + e.dtNs[i]) | 0, ev[i], e.kind[i]);
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}
