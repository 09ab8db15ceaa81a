// Reflex at the ESWs of two datacenters with 1 ms between them and 1024 inter-DC flows.
// NSF: data packets whose near-source delay wanders around T_src_thresh (5 µs), so flows move
// between Silent, Active and Cooling. NDT: ACKs with RTT_dst around T_dst_thresh (10 µs), and
// packets through 8 egress ports; the enqueue/dequeue op replays arrivals and the same number of
// departures (both counted), so the queues are stationary.
import { ReflexNdt, ReflexNsf } from "../../lib/switch/index";
import { Xoshiro128 } from "../../lib/core/index";
import { BUDGET_NS, type Workload } from "./types";

const FLOWS = 1024;
const BATCH = 4096;
const PORTS = 8;

function series(seed: number, spreadNs: number, centerNs: number): { slot: Int32Array; dt: Int32Array; delay: Int32Array } {
  const rng = new Xoshiro128(seed);
  const s = { slot: new Int32Array(BATCH), dt: new Int32Array(BATCH), delay: new Int32Array(BATCH) };
  for (let i = 0; i < BATCH; i++) {
    s.slot[i] = rng.nextBelow(FLOWS);
    s.dt[i] = 10 + rng.nextBelow(40);
    s.delay[i] = centerNs - spreadNs + rng.nextBelow(2 * spreadNs);
  }
  return s;
}

const nsf: Workload = {
  module: "switch/reflex",
  handler: "ReflexNsf.onData",
  goalNs: 10,
  batch: BATCH,
  setup(seed) {
    const t = new ReflexNsf({}, FLOWS);
    for (let f = 0; f < FLOWS; f++) t.open(f);
    const e = series(seed, 3000, 5000);
    let now = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        now = (now + e.dt[i]) | 0;
        sum += t.onData(e.slot[i], now, (now - e.delay[i]) | 0);
      }
      return sum;
    };
  },
};

const ndtAck: Workload = {
  module: "switch/reflex",
  handler: "ReflexNdt.onAck",
  goalNs: 10,
  batch: BATCH,
  setup(seed) {
    const t = new ReflexNdt({ ports: PORTS }, FLOWS);
    for (let f = 0; f < FLOWS; f++) t.open(f);
    // Around the threshold, a quarter of the ACKs congested: the share stays below α.
    const e = series(seed, 4000, 7000);
    let now = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        now = (now + e.dt[i]) | 0;
        sum += t.onAck(e.slot[i], now, (now - e.delay[i]) | 0);
      }
      return sum;
    };
  },
};

/**
 * Enqueue and take one packet per event over a standing backlog: by onDequeue (the link is free),
 * or by evict (a PFC watchdog flushing the port; no goal of its own, so the 40 ns budget).
 */
function ndtQueueWorkload(handler: string, goalNs: number, flush: boolean): Workload {
  return {
    module: "switch/reflex",
    handler,
    goalNs,
    batch: 2 * BATCH,
    setup(seed) {
      const t = new ReflexNdt({ ports: PORTS, handleCapacity: 16384 }, FLOWS);
      const rng = new Xoshiro128(seed);
      for (let f = 0; f < FLOWS; f++) {
        t.open(f);
        if (rng.nextBelow(4) === 0) t.onAck(f, 20_000, 0); // a quarter Congested
      }
      const e = series(seed + 1, 10, 20);
      const port = new Int32Array(BATCH);
      for (let i = 0; i < BATCH; i++) port[i] = e.slot[i] & (PORTS - 1);
      // A standing backlog of 32 packets per port.
      let h = 0;
      for (let p = 0; p < PORTS; p++) for (let k = 0; k < 32; k++) t.onEnqueue((p * 97 + k) % FLOWS, 0, p, h++, 1500);
      const free = new Int32Array(16384);
      let nFree = 0;
      for (let x = 16383; x >= h; x--) free[nFree++] = x;
      let now = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) {
          now = (now + e.dt[i]) | 0;
          const v = t.onEnqueue(e.slot[i], now, port[i], free[nFree - 1], 1500);
          if (v > 0 && v !== 4) nFree--;
          const out = flush ? t.evict(port[i], now) : t.onDequeue(port[i], now);
          if (out >= 0) free[nFree++] = out;
          sum += v + out;
        }
        return sum;
      };
    },
  };
}

const ndtQueues = ndtQueueWorkload("ReflexNdt.onEnqueue+onDequeue", 10, false);
const ndtFlush = ndtQueueWorkload("ReflexNdt.onEnqueue+evict", BUDGET_NS, true);

export const switchReflexWorkloads: Workload[] = [nsf, ndtAck, ndtQueues, ndtFlush];
