// Synthetic patterns of the papers' evaluations over a chosen set of hosts:
//   permutation — a random derangement (every host sends to exactly one other and receives from
//     exactly one), optionally with every pair across the core / across groups (SMaRTT §IV
//     "selected so that each packet crosses the core switches"; Spritz §V-B "outside the local
//     group to force utilization of global links");
//   tornado — host i sends to host i + shift (REPS evaluation, notes/uec-nscc-reps-pds.md §1.5);
//   all-to-all — every member sends `bytes` to every other, in ring order (SMaRTT §V-C: "in the
//     first iteration, a node sends to its immediate neighbor; in the second iteration to its
//     second neighbor"), with at most k flows of a sender active at once (SMaRTT §IV-C "a
//     windowed algorithm for the alltoall to have at least k active flows per node at any
//     time"; Fig. 14 "k indicates the max number of active flows for a sender"; Spritz §V-B "we
//     limit each endpoint to n parallel connections"): a sender's first k flows start at once and
//     each of its flows acknowledged in full starts its next one, so k are active until fewer than
//     k are left (one htsim-style multishot trigger per sender, FlowRecord.onTrigger).

import { Xoshiro128 } from "../../lib/core/rng";
import { type FlowRecord, shuffle } from "./traffic";

/**
 * A uniformly random derangement of `hosts` when `domains` is absent (rejection-free: a random
 * permutation with its fixed points swapped away, then mixed by random transpositions that keep
 * the property). With `domains`, every host's destination lies in another domain: hosts are
 * laid out domain by domain in random order and shifted by the largest domain's size (a
 * cross-domain derangement whenever no domain holds more than half the hosts), then mixed by
 * random transpositions that keep every pair across domains.
 */
export function derangement(hosts: readonly number[], seed: number, domains?: Int32Array): number[] {
  const n = hosts.length;
  if (n < 2) throw new RangeError("permutation: needs at least 2 hosts");
  const rng = new Xoshiro128(seed);
  const dst = new Array<number>(n);
  const ok = (i: number, d: number) => d !== hosts[i] && (!domains || domains[d] !== domains[hosts[i]]);
  let domainCount = 0;
  if (domains) {
    const byDomain = new Map<number, number[]>();
    for (const h of hosts) {
      const d = domains[h];
      const l = byDomain.get(d);
      if (l) l.push(h);
      else byDomain.set(d, [h]);
    }
    const groups = [...byDomain.values()];
    domainCount = groups.length;
    const largest = Math.max(...groups.map((g) => g.length));
    if (groups.length < 2 || 2 * largest > n) {
      throw new RangeError(`permutation across domains: ${groups.length} domain(s), the largest with ${largest} of ${n} hosts (needs at least 2 domains, none with more than half the hosts)`);
    }
    const order = groups.map((_, i) => i);
    shuffle(order, rng);
    const laid: number[] = [];
    for (const gi of order) {
      const g = [...groups[gi]];
      shuffle(g, rng);
      laid.push(...g);
    }
    const pos = new Map<number, number>();
    hosts.forEach((h, i) => pos.set(h, i));
    for (let i = 0; i < n; i++) dst[pos.get(laid[i]) as number] = laid[(i + largest) % n];
  } else {
    const p = [...hosts];
    shuffle(p, rng);
    for (let i = 0; i < n; i++) dst[i] = p[i];
    // Fixed points: swap each with a random other slot that stays valid both ways.
    for (let i = 0; i < n; i++) {
      while (dst[i] === hosts[i]) {
        const j = rng.nextBelow(n);
        if (j !== i && dst[j] !== hosts[i] && dst[i] !== hosts[j]) {
          const t = dst[i];
          dst[i] = dst[j];
          dst[j] = t;
        }
      }
    }
  }
  // Mixing: random transpositions of destinations that keep every pair valid.
  for (let k = 0; k < 4 * n; k++) {
    const i = rng.nextBelow(n);
    const j = rng.nextBelow(n);
    if (i !== j && ok(i, dst[j]) && ok(j, dst[i])) {
      const t = dst[i];
      dst[i] = dst[j];
      dst[j] = t;
    }
  }
  // With exactly three domains no transposition that keeps both pairs across domains changes how
  // many flows go from one domain to another (host i of A sends to B, j's destination must be in
  // C for i to take it, so j is in B, whose own B destination is refused): the laid-out shift sent
  // each domain wholly to one other, for every seed (audit, 2026-12-07: on a 3-group Dragonfly
  // that is the adversarial pattern). Rotating three destinations does change it. With two
  // domains the counts are forced; with four or more the transpositions mix them.
  if (domainCount === 3) {
    for (let k = 0; k < 4 * n; k++) {
      const i = rng.nextBelow(n);
      const j = rng.nextBelow(n);
      const l = rng.nextBelow(n);
      if (i !== j && j !== l && i !== l && ok(i, dst[j]) && ok(j, dst[l]) && ok(l, dst[i])) {
        const t = dst[i];
        dst[i] = dst[j];
        dst[j] = dst[l];
        dst[l] = t;
      }
    }
  }
  return dst;
}

export function permutationFlows(hosts: readonly number[], opts: { bytes: number; startNs: number; domains?: Int32Array }, seed: number): FlowRecord[] {
  const dst = derangement(hosts, seed, opts.domains);
  return hosts.map((src, i) => ({ src, dst: dst[i], bytes: opts.bytes, startNs: opts.startNs }));
}

/** Tornado: member i sends to member (i + shift) mod n (default shift ⌊n / 2⌋). */
export function tornado(hosts: readonly number[], opts: { bytes: number; startNs: number; shift?: number }): FlowRecord[] {
  const n = hosts.length;
  const shift = opts.shift ?? Math.floor(n / 2);
  if (n < 2 || shift % n === 0) throw new RangeError(`tornado: shift ${shift} over ${n} hosts maps a host to itself`);
  return hosts.map((src, i) => ({ src, dst: hosts[(((i + shift) % n) + n) % n], bytes: opts.bytes, startNs: opts.startNs }));
}

/**
 * All-to-all among `members`: sender i sends `bytes` to members i+1, i+2, …, i+n−1 (mod n), in
 * that order; with `window` k > 0 sender i's flows activate trigger i when acknowledged, and its
 * j-th flow (j ≥ k) waits on it as its (j − k)-th waiting flow, so it starts at the sender's
 * (j − k + 1)-th completion: k flows active at a time. `group` labels the job.
 */
export function alltoall(members: readonly number[], opts: { bytes: number; startNs: number; window?: number; group?: string }): FlowRecord[] {
  const n = members.length;
  if (n < 2) throw new RangeError("all-to-all: needs at least 2 members");
  const k = opts.window ?? 0;
  const out: FlowRecord[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n - 1; j++) {
      const f: FlowRecord = { src: members[i], dst: members[(i + j + 1) % n], bytes: opts.bytes, startNs: opts.startNs };
      if (k > 0 && k < n - 1) {
        f.activates = i;
        if (j >= k) f.onTrigger = i;
      }
      if (opts.group !== undefined) f.group = opts.group;
      out.push(f);
    }
  }
  return out;
}
