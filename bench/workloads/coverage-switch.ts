// Switch modules in a mixed event stream, for the handlers the per-handler rows leave out
// (review rev-bench F1; bench/coverage.ts lists what no op calls).
//   switch/pfc:     switch-pfc.ts's ingress queues around XOFF/XON, with the timer sweep a switch
//                   runs over its paused queues (onTick: a refresh of a pause with no traffic; for
//                   the shared buffer also the resume when other queues drained it).
//   switch/queue:   uec-htsim egress ports with a 40-packet backlog, where arrivals and departures
//                   meet PFC frames from downstream (onPause: XOFF for 3 µs or XON), a flushed
//                   port (evict, as for a failed link), and the RED probability a port reports at
//                   its current data queue (ecnProbability). Each op ends by restoring the ports'
//                   typed arrays from a snapshot (as switch-queue.ts), so every op meets the
//                   same backlog and packet handles are never queued twice.
//   switch/routing: UGAL-L on given queue depths and hop counts (ugalChoose), as a switch decides
//                   for each packet of a flow that its own occupancy tables describe.
// Ticks start at 0 and stay below 2^30 through the allocation check (see coverage-cc.ts).
import { Xoshiro128 } from "../../lib/core/index";
import { FIFO_DATA, Pfc, PfcShared, Router, TAG_ACK, TAG_DATA } from "../../lib/switch/index";
import { pfcEvents } from "./switch-pfc";
import { PORTS, portQueues, snapshot } from "./switch-queue";
import type { Workload } from "./types";

const EVENTS = 2048;

// ---- PFC -----------------------------------------------------------------------------------

const QUEUES = 128;

function pfc(handler: string, make: () => Pfc | PfcShared, join: (t: Pfc | PfcShared, q: number) => void): Workload {
  return {
    module: "switch/pfc",
    handler,
    goalNs: 40,
    // An arrival, a departure and a timer check per event.
    batch: 3 * EVENTS,
    setup(seed) {
      const t = make();
      const { slot, order, dt } = pfcEvents(t, join, seed, 10, 20);
      let now = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < EVENTS; i++) {
          now = (now + dt[i]) | 0;
          sum += t.onArrive(slot[i], now, 1500);
          sum += t.onDepart(order[i], now, 1500);
          // The sweep visits one queue per event, every queue each 128 events (about 2.6 µs).
          sum += t.onTick(i & (QUEUES - 1), now);
        }
        return sum;
      };
    },
  };
}

// ---- Port queues ---------------------------------------------------------------------------

const BACKLOG = 40;
const BATCH = 4096;

const ENQUEUE = 0;
const DEQUEUE = 1;
const PAUSE = 2;
const RESUME = 3;
const EVICT = 4;

const queueMix: Workload = {
  module: "switch/queue",
  handler: "mix onEnqueue+onDequeue+onPause+evict+ecnProbability",
  goalNs: 40,
  batch: BATCH,
  setup(seed) {
    const backlog = PORTS * BACKLOG;
    const q = portQueues("uec-htsim", backlog + BATCH);
    const rng = new Xoshiro128(seed);
    for (let p = 0, h = 0; p < PORTS; p++) {
      for (let k = 0; k < BACKLOG; k++, h++) q.onEnqueue(p, 0, h, k % 5 === 4 ? 64 : 4150, k % 5 === 4 ? TAG_ACK : TAG_DATA);
    }
    const port = new Int32Array(BATCH);
    const kind = new Uint8Array(BATCH);
    const dt = new Int32Array(BATCH);
    let t = 0;
    for (let i = 0; i < BATCH; i++) {
      t += 10 + rng.nextBelow(20);
      dt[i] = t;
      port[i] = rng.nextBelow(PORTS);
      const u = rng.nextBelow(256);
      // 1/256 flushes, 4/256 PFC frames (half XOFF, half XON), the rest arrivals and departures.
      kind[i] = u === 0 ? EVICT : u < 3 ? PAUSE : u < 5 ? RESUME : u < 130 ? ENQUEUE : DEQUEUE;
    }
    const restore = snapshot(q);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const p = port[i];
        const now = (epoch + dt[i]) | 0;
        const k = kind[i];
        if (k === ENQUEUE) {
          sum += q.onEnqueue(p, now, backlog + i, (i & 7) === 7 ? 64 : 4150, (i & 7) === 7 ? TAG_ACK : TAG_DATA);
          sum += q.ecnProbability(p, q.dataBytes(p));
        } else if (k === DEQUEUE) sum += q.onDequeue(p, now);
        else if (k === PAUSE) sum += q.onPause(p, now, FIFO_DATA, 3000);
        else if (k === RESUME) sum += q.onPause(p, now, FIFO_DATA, 0);
        else sum += q.evict(p, now);
      }
      restore();
      epoch = (epoch + dt[BATCH - 1]) | 0;
      return sum;
    };
  },
};

// ---- Routing -------------------------------------------------------------------------------

const SWITCHES = 64;

const ugalChoose: Workload = {
  module: "switch/routing",
  handler: "ugalChoose",
  goalNs: 10,
  batch: BATCH,
  setup(seed) {
    const r = new Router({ seed }, SWITCHES);
    const rng = new Xoshiro128(seed + 1);
    for (let s = 0; s < SWITCHES; s++) r.open(s, rng.nextI32(), s >> 2);
    // Per packet: its switch, the minimal and Valiant candidates' queue bytes (0–40 packets of
    // 4150 B) and hop counts (minimal 1–3, Valiant 3–6, as in a Dragonfly).
    const sw = new Int32Array(BATCH);
    const qMin = new Int32Array(BATCH);
    const hMin = new Int32Array(BATCH);
    const qVal = new Int32Array(BATCH);
    const hVal = new Int32Array(BATCH);
    for (let i = 0; i < BATCH; i++) {
      sw[i] = rng.nextBelow(SWITCHES);
      qMin[i] = rng.nextBelow(41) * 4150;
      hMin[i] = 1 + rng.nextBelow(3);
      qVal[i] = rng.nextBelow(41) * 4150;
      hVal[i] = 3 + rng.nextBelow(4);
    }
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum += r.ugalChoose(sw[i], qMin[i], hMin[i], qVal[i], hVal[i]);
      return sum;
    };
  },
};

export const coverageSwitchWorkloads: Workload[] = [
  pfc("mix onArrive+onDepart+onTick", () => new Pfc({ refreshNs: 20_000 }, QUEUES), () => {}),
  pfc(
    "mix shared onArrive+onDepart+onTick",
    () => new PfcShared({ refreshNs: 20_000, pools: 4, poolBytes: 4 * 2 ** 20 }, QUEUES),
    (t, q) => (t as PfcShared).setPool(q, q >> 5),
  ),
  queueMix,
  ugalChoose,
];
