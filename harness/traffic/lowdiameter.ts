// The Spritz evaluation's patterns for low-diameter networks (Spritz §V-B):
//   adversarial, Dragonfly — every endpoint of group G sends to the endpoint at the same
//     position in group G + shift (Kim et al. ISCA'08, the paper's [55]: group-to-next-group
//     traffic funnels each group's minimal paths through its one global link to the next group);
//   adversarial, Slim Fly — routers are paired at distance two so that two pairs share the
//     middle link (Besta & Hoefler SC'14, the paper's [14]: pair (x → v) routed x–u–v and pair
//     (u → y) routed u–v–y both cross u→v, 2p flows on one link); each endpoint of a source
//     router sends to the endpoint at the same position on its paired router;
//   the monitored flow (Fig. 5, Table III) — one 4 MiB flow from a source to a destination
//   endpoint on a Dragonfly while nearly every group, the source's included, is congested by
//   background flows into the switch that holds that group's global link to the destination
//   group; a few groups (and the destination group) stay idle, so only paths through them are
//   free, and only a scheme that finds them is fast.

import { Dragonfly, type LowDiameterTopology, SlimFly } from "../../lib/lb/spritz/topology";
import { Xoshiro128 } from "../../lib/core/rng";
import { type FlowRecord, shuffle } from "./traffic";

/**
 * `groups` (ascending, default every group): the groups taking part; the k-th sends to the
 * (k + shift)-th of them. Any two groups share a global link (Kim et al.: a·h + 1 groups), so
 * each group's traffic still funnels through one link however few groups there are.
 */
export function dragonflyAdversarial(df: Dragonfly, opts: { bytes: number; startNs: number; shift?: number; groups?: readonly number[] }): FlowRecord[] {
  const shift = opts.shift ?? 1;
  const groups = opts.groups ?? Array.from({ length: df.g }, (_, G) => G);
  const m = groups.length;
  if (m < 2) throw new RangeError(`dragonfly adversarial: needs at least 2 groups, got ${m}`);
  if (shift % m === 0) throw new RangeError(`dragonfly adversarial: shift must not be a multiple of the number of groups (${m})`);
  const perGroup = df.a * df.p;
  const out: FlowRecord[] = [];
  for (let k = 0; k < m; k++) {
    const G = groups[k];
    const T = groups[(((k + shift) % m) + m) % m];
    for (let i = 0; i < perGroup; i++) out.push({ src: G * perGroup + i, dst: T * perGroup + i, bytes: opts.bytes, startNs: opts.startNs });
  }
  return out;
}

/**
 * Slim Fly router pairs (source → destination router), every router of `routers` (default all)
 * a source and a destination once, and the others -1.
 */
export function slimFlyPairs(sf: SlimFly, seed: number, routers?: readonly number[]): Int32Array {
  const S = sf.switches;
  const R = sf.networkPorts;
  const dstOf = new Int32Array(S).fill(-1);
  const taken = new Uint8Array(S); // already a destination
  const member = new Uint8Array(S).fill(routers ? 0 : 1);
  for (const r of routers ?? []) member[r] = 1;
  const adjacent = (a: number, b: number) => sf.portTo(a, b) >= 0;
  // Minimal route a → b (distance 2) goes through router m.
  const via = (a: number, b: number) => sf.neighbour[a * R + sf.minimalPort(a, b)];
  const free = (src: number, dst: number) => src !== dst && member[src] === 1 && member[dst] === 1 && dstOf[src] < 0 && taken[dst] === 0 && !adjacent(src, dst);
  const rng = new Xoshiro128(seed);
  const order = routers ? [...routers] : Array.from({ length: S }, (_, i) => i);
  if (order.length < 2) throw new RangeError(`slim fly adversarial: needs at least 2 routers, got ${order.length}`);
  shuffle(order, rng);
  // Every neighbour scan starts at a random port. In port order the first middle router tried
  // is in u's own column (local ports come first), and for a prime q no pairing ever conflicts,
  // so the shuffle alone gave one pairing for every seed, all inside columns: no pair's route
  // crossed a global link (audit 2026-12-07).
  for (const u of order) {
    if (dstOf[u] >= 0) continue;
    const j0 = rng.nextBelow(R);
    for (let j = 0; j < R && dstOf[u] < 0; j++) {
      const v = sf.neighbour[u * R + ((j0 + j) % R)];
      // y: a neighbour of v at distance 2 from u whose minimal route from u goes through v.
      let y = -1;
      const k0 = rng.nextBelow(R);
      for (let k = 0; k < R && y < 0; k++) {
        const c = sf.neighbour[v * R + ((k0 + k) % R)];
        if (free(u, c) && via(u, c) === v) y = c;
      }
      if (y < 0) continue;
      // x: a neighbour of u at distance 2 from v whose minimal route to v goes through u.
      let x = -1;
      const i0 = rng.nextBelow(R);
      for (let k = 0; k < R && x < 0; k++) {
        const c = sf.neighbour[u * R + ((i0 + k) % R)];
        if (c !== y && free(c, v) && via(c, v) === u) x = c;
      }
      dstOf[u] = y;
      taken[y] = 1;
      if (x >= 0) {
        dstOf[x] = v;
        taken[v] = 1;
      }
    }
  }
  // Routers left over: any free destination two hops away, else any free one.
  for (const u of order) {
    if (dstOf[u] >= 0) continue;
    let d = -1;
    for (let c = 0; c < S && d < 0; c++) if (free(u, c)) d = c;
    for (let c = 0; c < S && d < 0; c++) if (c !== u && member[c] === 1 && taken[c] === 0) d = c;
    if (d < 0) {
      // Only u itself is left as a destination: swap with a router whose destination can take u.
      for (let w = 0; w < S && d < 0; w++) {
        if (w !== u && dstOf[w] >= 0 && dstOf[w] !== u) {
          d = dstOf[w];
          dstOf[w] = u;
        }
      }
    }
    dstOf[u] = d;
    taken[d] = 1;
  }
  return dstOf;
}

/** `routers` (default all): the routers taking part, each paired with another of them. */
export function slimFlyAdversarial(sf: SlimFly, opts: { bytes: number; startNs: number; routers?: readonly number[] }, seed: number): FlowRecord[] {
  const pairs = slimFlyPairs(sf, seed, opts.routers);
  const p = sf.endpointsPerSwitch;
  const out: FlowRecord[] = [];
  for (let e = 0; e < sf.endpoints; e++) {
    const s = Math.floor(e / p);
    if (pairs[s] >= 0) out.push({ src: e, dst: pairs[s] * p + (e - s * p), bytes: opts.bytes, startNs: opts.startNs });
  }
  return out;
}

/** `units` (default all): the Dragonfly groups or Slim Fly routers taking part, ascending. */
export function adversarial(ld: LowDiameterTopology, opts: { bytes: number; startNs: number; shift?: number; units?: readonly number[] }, seed: number): FlowRecord[] {
  if (ld instanceof Dragonfly) return dragonflyAdversarial(ld, { ...opts, groups: opts.units });
  if (ld instanceof SlimFly) return slimFlyAdversarial(ld, { ...opts, routers: opts.units }, seed);
  throw new RangeError("adversarial traffic needs a Dragonfly or Slim Fly topology");
}

export interface MonitoredOptions {
  /** Monitored flow's endpoints (default: endpoint 0, and the first endpoint of the group halfway round). */
  src?: number;
  dst?: number;
  bytes: number;
  backgroundBytes: number;
  /** Groups left idle besides the destination group (default 2), chosen at random. */
  freeGroups: number;
  startNs: number;
}

/** Spritz Fig. 5: the monitored flow first (class "monitored"), then the background (class "background"). */
export function spritzMonitored(df: Dragonfly, o: MonitoredOptions, seed: number): FlowRecord[] {
  const perGroup = df.a * df.p;
  const src = o.src ?? 0;
  const S = Math.floor(src / perGroup);
  const dst = o.dst ?? ((S + Math.floor(df.g / 2)) % df.g) * perGroup;
  const D = Math.floor(dst / perGroup);
  if (S === D) throw new RangeError("monitored flow: source and destination must be in different groups");
  if (o.freeGroups > df.g - 2) throw new RangeError(`monitored flow: ${o.freeGroups} free groups, but only ${df.g - 2} groups besides the source's and the destination's`);
  const others: number[] = [];
  for (let G = 0; G < df.g; G++) if (G !== S && G !== D) others.push(G);
  shuffle(others, new Xoshiro128(seed));
  const free = new Set(others.slice(0, o.freeGroups));
  const out: FlowRecord[] = [{ src, dst, bytes: o.bytes, startNs: o.startNs, cls: "monitored" }];
  for (let G = 0; G < df.g; G++) {
    if (G === D || free.has(G)) continue;
    // The switch of group G holding the global link towards D, and its endpoints.
    const gw = G * df.a + df.exitIndex(G, D);
    const targets = Array.from({ length: df.p }, (_, i) => gw * df.p + i);
    let k = 0;
    for (let e = G * perGroup; e < (G + 1) * perGroup; e++) {
      if (e === src || Math.floor(e / df.p) === gw) continue;
      out.push({ src: e, dst: targets[k++ % targets.length], bytes: o.backgroundBytes, startNs: o.startNs, cls: "background" });
    }
  }
  return out;
}
