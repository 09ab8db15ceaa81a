// Traffic sources: incast, permutation, explicit flows and htsim connection matrices. Each
// produces plain flow records (src, dst, bytes, start); the scenario builder turns them into
// fabric flows. Random choices use lib/core's Xoshiro128 seeded from the scenario seed, so a
// traffic pattern is a pure function of its parameters and the seed.

import { Xoshiro128 } from "../../lib/core/rng";

export interface FlowRecord {
  src: number;
  dst: number;
  bytes: number;
  startNs: number;
}

/** N senders to one receiver; senders drawn without replacement from the other hosts unless given. */
export function incast(hosts: number, opts: { senders: number; receiver: number; bytes: number; startNs: number; senderList?: number[] }, seed: number): FlowRecord[] {
  const { senders, receiver } = opts;
  if (!(receiver >= 0 && receiver < hosts)) throw new RangeError(`incast: receiver ${receiver} outside [0, ${hosts})`);
  let list = opts.senderList;
  if (!list) {
    if (senders > hosts - 1) throw new RangeError(`incast: ${senders} senders but only ${hosts - 1} other hosts`);
    const others: number[] = [];
    for (let h = 0; h < hosts; h++) if (h !== receiver) others.push(h);
    shuffle(others, new Xoshiro128(seed));
    list = others.slice(0, senders).sort((a, b) => a - b);
  }
  return list.map((src) => ({ src, dst: receiver, bytes: opts.bytes, startNs: opts.startNs }));
}

/** A random permutation without fixed points (Sattolo's algorithm: one cycle over all hosts). */
export function permutation(hosts: number, opts: { bytes: number; startNs: number }, seed: number): FlowRecord[] {
  if (hosts < 2) throw new RangeError("permutation: needs at least 2 hosts");
  const dst = Array.from({ length: hosts }, (_, i) => i);
  const rng = new Xoshiro128(seed);
  for (let i = hosts - 1; i > 0; i--) {
    const j = rng.nextBelow(i);
    const t = dst[i];
    dst[i] = dst[j];
    dst[j] = t;
  }
  return dst.map((d, src) => ({ src, dst: d, bytes: opts.bytes, startNs: opts.startNs }));
}

function shuffle(a: number[], rng: Xoshiro128): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
