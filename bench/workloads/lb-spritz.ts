// Spritz on the paper's Dragonfly (p=4, a=8, h=4) from switch 0, 64 flows to random other switches,
// Table II parameters (explore threshold 44, ECN threshold 8, wScale 3). Each op starts from the
// same steady state (lb-common snapshot: the flows' buffers as a stream of good ACKs keeps them).
//   choosePath:scout        3 good paths cached per flow; Scout reuses the front and samples every
//                           45th packet (4096 sends).
//   choosePath:spray        7 good paths per flow, 8 sends per flow: 7 recycled, 1 weighted sample
//                           (12.5 %, about the share of sends whose ACK was not good).
//   choosePath:spray-slimfly  the same on Slim Fly q=9 (14 latency classes).
//   choosePath:sampling     nothing cached: every send is a weighted sample gen(w) — the cost of
//                           the slow branch alone (goal 40 ns, the per-packet budget).
//   onPathFeedback:*        4 good paths cached per flow; 8 feedbacks per flow (512 per op) with
//                           EVs from the flow's list and the datacenter mix of kinds.
//   *:vlan                  the same shapes on SpritzVlan.
import { Xoshiro128 } from "../../lib/core/index";
import { Dragonfly, EndpointTable, SlimFly, type SpritzBase, SpritzScout, SpritzSpray, SpritzVlan } from "../../lib/lb/index";
import { BATCH, FLOWS, lbEvents, snapshot } from "./lb-common";
import type { Workload } from "./types";

// One table per topology for all workloads (built on first use, metadata cleared per setup), so
// that setting up a workload leaves little garbage behind for the allocation check to collect.
let dfTable: EndpointTable | undefined;
let sfTable: EndpointTable | undefined;
function DF_TABLE(): EndpointTable {
  dfTable ??= new EndpointTable(new Dragonfly({ p: 4, a: 8, h: 4 }), 0);
  dfTable.resetMetadata();
  return dfTable;
}
function SF_TABLE(): EndpointTable {
  sfTable ??= new EndpointTable(new SlimFly({ q: 9, p: 7 }), 0);
  sfTable.resetMetadata();
  return sfTable;
}
const STEADY = FLOWS * 8;

function openFlows(t: SpritzBase | SpritzVlan, switches: number, seed: number): void {
  const rng = new Xoshiro128(seed + 1000);
  for (let s = 0; s < FLOWS; s++) t.open(s, 1 + rng.nextBelow(switches - 1));
}

/** The per-flow columns choosePath and onPathFeedback write. */
const MOVING = ["buf", "bufCount", "bufHead", "pktCount", "ecnRate", "biasEpoch"];

/** Caches `n` good paths per flow (spread over the list) and returns the snapshot restorer. */
function warm(t: SpritzBase, n: number): () => void {
  for (let s = 0; s < FLOWS; s++) for (let k = 0; k < n; k++) t.onPathFeedback(s, 0, t.pathEv(s, (k * 5 + s) % t.pathCount(s)), 0);
  return snapshot(t, MOVING);
}

function choose(name: string, make: () => SpritzBase, switches: number, cached: number, batch: number, goalNs: number): Workload {
  return {
    module: "lb/spritz",
    handler: name,
    goalNs,
    batch,
    setup(seed) {
      const t = make();
      openFlows(t, switches, seed);
      const restore = warm(t, cached);
      let epoch = 0;
      let psn = 0;
      return () => {
        restore();
        let sum = 0;
        for (let i = 0; i < batch; i++) sum += t.choosePath(i & (FLOWS - 1), (epoch + i * 50) | 0, psn++ | 0);
        epoch = (epoch + batch * 50) | 0;
        return sum;
      };
    },
  };
}

function feedback(name: string, make: () => SpritzBase): Workload {
  return {
    module: "lb/spritz",
    handler: name,
    goalNs: 10,
    batch: STEADY,
    setup(seed) {
      const t = make();
      openFlows(t, 264, seed);
      const restore = warm(t, 4);
      const e = lbEvents(seed);
      const ev = new Int32Array(STEADY);
      for (let i = 0; i < STEADY; i++) ev[i] = t.pathEv(i & (FLOWS - 1), e.pick[i] % t.pathCount(i & (FLOWS - 1)));
      let epoch = 0;
      return () => {
        restore();
        let sum = 0;
        for (let i = 0; i < STEADY; i++) sum += t.onPathFeedback(i & (FLOWS - 1), (epoch + e.dtNs[i]) | 0, ev[i], e.kind[i]);
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}

/** Scout under bufferOrder `rtt`: each feedback carries an RTT of 1–20 µs (its own loop, as above). */
const scoutRttFeedback: Workload = {
  module: "lb/spritz",
  handler: "onPathFeedbackRtt:scout (rtt order)",
  goalNs: 10,
  batch: STEADY,
  setup(seed) {
    const t = new SpritzScout({ table: DF_TABLE(), bufferOrder: "rtt" }, FLOWS);
    openFlows(t, 264, seed);
    const restore = warm(t, 4);
    const e = lbEvents(seed);
    const ev = new Int32Array(STEADY);
    const rtt = new Int32Array(STEADY);
    for (let i = 0; i < STEADY; i++) {
      ev[i] = t.pathEv(i & (FLOWS - 1), e.pick[i] % t.pathCount(i & (FLOWS - 1)));
      rtt[i] = 1000 + ((e.pick[i] * 7919) % 19_000);
    }
    let epoch = 0;
    return () => {
      restore();
      let sum = 0;
      for (let i = 0; i < STEADY; i++) sum += t.onPathFeedbackRtt(i & (FLOWS - 1), (epoch + e.dtNs[i]) | 0, ev[i], e.kind[i], rtt[i]);
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

const vlanChoose: Workload = {
  module: "lb/spritz",
  handler: "choosePath:vlan",
  goalNs: 10,
  batch: STEADY,
  setup(seed) {
    const t = new SpritzVlan({ table: DF_TABLE() }, FLOWS);
    openFlows(t, 264, seed);
    for (let s = 0; s < FLOWS; s++) for (let k = 0; k < 7; k++) t.onPathFeedback(s, 0, (1 << 16) | (s * 8 + k), 0);
    const restore = snapshot(t, MOVING);
    let epoch = 0;
    let psn = 0;
    return () => {
      restore();
      let sum = 0;
      for (let i = 0; i < STEADY; i++) sum += t.choosePath(i & (FLOWS - 1), (epoch + i * 50) | 0, psn++ | 0);
      epoch = (epoch + STEADY * 50) | 0;
      return sum;
    };
  },
};

const vlanFeedback: Workload = {
  module: "lb/spritz",
  handler: "onPathFeedback:vlan",
  goalNs: 10,
  batch: BATCH,
  setup(seed) {
    const t = new SpritzVlan({ table: DF_TABLE() }, FLOWS);
    openFlows(t, 264, seed);
    const restore = snapshot(t, MOVING);
    const e = lbEvents(seed);
    let epoch = 0;
    return () => {
      restore();
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum += t.onPathFeedback(e.slot[i], (epoch + e.dtNs[i]) | 0, (2 << 16) | e.pick[i], e.kind[i]);
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

export const spritzWorkloads: Workload[] = [
  choose("choosePath:scout", () => new SpritzScout({ table: DF_TABLE() }, FLOWS), 264, 3, BATCH, 10),
  choose("choosePath:spray", () => new SpritzSpray({ table: DF_TABLE() }, FLOWS), 264, 7, STEADY, 10),
  choose("choosePath:spray-slimfly", () => new SpritzSpray({ table: SF_TABLE() }, FLOWS), 162, 7, STEADY, 10),
  choose("choosePath:sampling", () => new SpritzSpray({ table: DF_TABLE(), exploreThreshold: 0 }, FLOWS), 264, 0, BATCH, 40),
  feedback("onPathFeedback:scout", () => new SpritzScout({ table: DF_TABLE() }, FLOWS)),
  feedback("onPathFeedback:spray", () => new SpritzSpray({ table: DF_TABLE() }, FLOWS)),
  scoutRttFeedback,
  vlanChoose,
  vlanFeedback,
];
