// Routing decisions of a 64-switch fabric: each switch has 16 uplinks whose queue occupancies
// (bytes) and path hop counts live in the fabric's own arrays (bound with bindCandidates, one
// row of 16 per switch); a batch of packets with random flows, 16-bit EVs and switches. Every
// op first perturbs a few occupancies, as departures and arrivals would between decisions.
import { Router, SPRITZ_NONE } from "../../lib/switch/index";
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

const SWITCHES = 64;
const UPLINKS = 16;
const BATCH = 4096;

interface Packets {
  sw: Int32Array;
  flow: Int32Array;
  ev: Int32Array;
  hop: Int32Array;
  dstGroup: Int32Array;
  inGlobal: Uint8Array;
}

function packets(seed: number): Packets {
  const rng = new Xoshiro128(seed);
  const p: Packets = {
    sw: new Int32Array(BATCH),
    flow: new Int32Array(BATCH),
    ev: new Int32Array(BATCH),
    hop: new Int32Array(BATCH),
    dstGroup: new Int32Array(BATCH),
    inGlobal: new Uint8Array(BATCH),
  };
  for (let i = 0; i < BATCH; i++) {
    p.sw[i] = rng.nextBelow(SWITCHES);
    p.flow[i] = rng.nextI32();
    p.ev[i] = rng.nextBelow(65536);
    p.hop[i] = rng.nextBelow(4);
    p.dstGroup[i] = rng.nextBelow(16);
    p.inGlobal[i] = rng.nextBelow(2);
  }
  return p;
}

function fabric(seed: number, params: ConstructorParameters<typeof Router>[0]): { r: Router; queue: Int32Array; churn: () => void } {
  const r = new Router({ seed, ...params }, SWITCHES);
  const ports = new Int32Array(SWITCHES * UPLINKS);
  const queue = new Int32Array(SWITCHES * UPLINKS);
  const hops = new Int32Array(SWITCHES * UPLINKS);
  const rng = new Xoshiro128(seed + 1);
  for (let s = 0; s < SWITCHES; s++) {
    r.open(s, rng.nextI32(), s >> 2);
    for (let j = 0; j < UPLINKS; j++) {
      ports[s * UPLINKS + j] = 16 + j;
      queue[s * UPLINKS + j] = rng.nextBelow(8) * 4150;
      hops[s * UPLINKS + j] = j < 4 ? 2 : 4;
    }
  }
  r.bindCandidates(ports, queue, hops);
  // Integer-only (Math.imul), so even unoptimised the churn allocates no heap numbers.
  const state = new Int32Array(1);
  const churn = () => {
    for (let i = 0; i < 64; i++) {
      const k = (state[0] = (state[0] + 1) | 0);
      const at = Math.imul(k, 0x9e3779b1) & (SWITCHES * UPLINKS - 1);
      const v = queue[at] + 4150;
      queue[at] = v >= 8 * 4150 ? 0 : v;
    }
  };
  return { r, queue, churn };
}

// Each workload spells out its own loop: an op shared through a factory would call a different
// closure per workload from one call site, and V8 would measure a megamorphic call instead.
function workload(handler: string, params: ConstructorParameters<typeof Router>[0], op: (r: Router, p: Packets) => number): Workload {
  return {
    module: "switch/routing",
    handler,
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const { r, churn } = fabric(seed, params);
      const p = packets(seed);
      return () => {
        churn();
        return op(r, p);
      };
    },
  };
}

export const switchRoutingWorkloads: Workload[] = [
  workload("ecmp", {}, (r, p) => {
    let sum = 0;
    for (let i = 0; i < BATCH; i++) sum += r.ecmp(p.sw[i], p.flow[i], p.ev[i], p.sw[i] * UPLINKS, UPLINKS);
    return sum;
  }),
  workload("spritzRole", { topology: "dragonfly" }, (r, p) => {
    let sum = 0;
    for (let i = 0; i < BATCH; i++) sum += r.spritzRole(p.sw[i], p.hop[i], p.dstGroup[i], p.inGlobal[i] === 1, false, 0);
    return sum;
  }),
  workload("spritzSelect", { topology: "dragonfly" }, (r, p) => {
    let sum = 0;
    for (let i = 0; i < BATCH; i++) sum += r.spritzSelect(p.sw[i], (p.hop[i] & 1) + 1, p.ev[i], p.flow[i], p.sw[i] * UPLINKS, UPLINKS - (p.hop[i] & 3));
    return sum;
  }),
  workload("spritzSelect (vlan)", { topology: "dragonfly", spritzMode: "vlan" }, (r, p) => {
    let sum = 0;
    for (let i = 0; i < BATCH; i++) sum += r.spritzSelect(p.sw[i], p.hop[i] === 3 ? SPRITZ_NONE : 1, p.ev[i], p.flow[i], p.sw[i] * UPLINKS, UPLINKS);
    return sum;
  }),
  workload("leastOccupied", {}, (r, p) => {
    let sum = 0;
    for (let i = 0; i < BATCH; i++) sum += r.leastOccupied(p.sw[i], p.sw[i] * UPLINKS, UPLINKS);
    return sum;
  }),
  workload("valiant", {}, (r, p) => {
    let sum = 0;
    for (let i = 0; i < BATCH; i++) sum += r.valiant(p.sw[i], p.sw[i] * UPLINKS, UPLINKS);
    return sum;
  }),
  // Minimal candidates: two two-hop uplinks (Slim Fly has up to two minimal next hops, Dragonfly
  // one); valiant: the twelve four-hop ones.
  workload("ugal", {}, (r, p) => {
    let sum = 0;
    for (let i = 0; i < BATCH; i++) sum += r.ugal(p.sw[i], p.sw[i] * UPLINKS, 2, p.sw[i] * UPLINKS + 4, 12);
    return sum;
  }),
];
