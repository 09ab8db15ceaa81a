// All-reduce collectives built from dependent flows (Spritz §V-B "we implement Allreduce using
// both the ring and butterfly algorithms"; DCP §6.2 "the total traffic is partitioned into 16
// slices … transmitted following a RingAllReduce procedure"; REPS: AllReduce ring and butterfly).
// A member forwards or reduces data only after it has arrived, so every step's flow waits (`after`)
// for each flow into its sender that carried data the step sends on: in the ring that is the
// previous step's flow alone, in the butterfly every earlier step's. The job completion time
// of a group is its last flow's delivery minus its first flow's start (DCP §6.2: "the time of
// the last completed flow within each group").
//
//   ring: n members, `bytes` per member cut into n chunks of ⌈bytes / n⌉; 2(n − 1) steps
//     (reduce-scatter, then all-gather); at step s member i sends one chunk to member i + 1,
//     after the step s − 1 chunk from member i − 1 has arrived.
//   butterfly (recursive halving then doubling, Rabenseifner): n = 2^L members; reduce-scatter
//     step k = 0 … L−1 exchanges ⌈bytes / 2^(k+1)⌉ with partner i XOR n/2^(k+1); all-gather
//     step k = 0 … L−1 exchanges ⌈bytes / 2^(L−k)⌉ with partner i XOR 2^k; each step's send
//     waits for the data member i received at every earlier step (below).

import { Xoshiro128 } from "../../lib/core/rng";
import { type FlowRecord, shuffle } from "./traffic";

export function ringAllreduce(members: readonly number[], opts: { bytes: number; startNs: number; group?: string }): FlowRecord[] {
  const n = members.length;
  if (n < 2) throw new RangeError("ring all-reduce: needs at least 2 members");
  const chunk = Math.max(1, Math.ceil(opts.bytes / n));
  const out: FlowRecord[] = [];
  const steps = 2 * (n - 1);
  for (let s = 0; s < steps; s++) {
    for (let i = 0; i < n; i++) {
      const f: FlowRecord = { src: members[i], dst: members[(i + 1) % n], bytes: chunk, startNs: opts.startNs };
      // The flow that delivered into member i at step s − 1 came from member i − 1, and it is the
      // only receive this send needs: at step s member i sends chunk (i − s) mod n (reduce-scatter,
      // then all-gather from step n − 1 on), which reached it at step s − 1 as chunk
      // (i − 1) − (s − 1); no earlier receive carried that chunk, so unlike the butterfly nothing
      // else has to be awaited.
      if (s > 0) f.after = [(s - 1) * n + ((i - 1 + n) % n)];
      if (opts.group !== undefined) f.group = opts.group;
      out.push(f);
    }
  }
  return out;
}

export function butterflyAllreduce(members: readonly number[], opts: { bytes: number; startNs: number; group?: string }): FlowRecord[] {
  const n = members.length;
  const L = Math.round(Math.log2(n));
  if (n < 2 || 1 << L !== n) throw new RangeError(`butterfly all-reduce: needs a power of two members, got ${n}`);
  const partnerAt = (t: number, i: number) => (t < L ? i ^ (n >> (t + 1)) : i ^ (1 << (t - L)));
  const sizeAt = (t: number) => Math.max(1, Math.ceil(t < L ? opts.bytes / 2 ** (t + 1) : opts.bytes / 2 ** (L - (t - L))));
  const out: FlowRecord[] = [];
  for (let t = 0; t < 2 * L; t++) {
    for (let i = 0; i < n; i++) {
      const f: FlowRecord = { src: members[i], dst: members[partnerAt(t, i)], bytes: sizeAt(t), startNs: opts.startNs };
      // What i sends at step t is built from everything it has received so far, not from step
      // t − 1's receive alone: a reduce-scatter send is half of the segment i holds, already
      // reduced with the blocks received at every step < t; an all-gather send is i's whole
      // gathered block, i.e. its reduced segment (every reduce-scatter receive) plus each earlier
      // all-gather receive. Those receives come from different partners over different paths, so
      // an earlier one can land after step t − 1's and is not implied transitively (review of
      // 2026-12-05: n = 4, step 2's 0 → 1 did not wait for step 0's 2 → 0). XOR with a fixed
      // distance is an involution, so the one flow into i at step s is s·n + partnerAt(s, i).
      if (t > 0) {
        const after: number[] = [];
        for (let s = 0; s < t; s++) after.push(s * n + partnerAt(s, i));
        f.after = after;
      }
      if (opts.group !== undefined) f.group = opts.group;
      out.push(f);
    }
  }
  return out;
}

/**
 * `groups` disjoint member sets of `size` hosts drawn from `pool`: at random (Spritz §V-B "a
 * randomly selected group of 128 endpoints"), or consecutive (DCP §6.2 "16 groups, with 16
 * servers per group").
 */
export function pickGroups(pool: readonly number[], groups: number, size: number, placement: "random" | "contiguous", seed: number): number[][] {
  if (groups * size > pool.length) throw new RangeError(`groups × groupSize: ${groups} groups of ${size} need ${groups * size} hosts, ${pool.length} available`);
  const order = [...pool];
  if (placement === "random") shuffle(order, new Xoshiro128(seed));
  const out: number[][] = [];
  for (let g = 0; g < groups; g++) {
    const m = order.slice(g * size, (g + 1) * size);
    if (placement === "random") m.sort((a, b) => a - b);
    out.push(m);
  }
  return out;
}
