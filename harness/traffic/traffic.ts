// Traffic sources: incast and permutation (here), and the generators in patterns.ts,
// collectives.ts, cdf.ts, lowdiameter.ts, domains.ts and cm.ts (htsim connection matrices); a
// scenario's explicit `flows` list is read in scenario/traffic.ts. Each produces plain
// flow records (src, dst, bytes, start, and optionally the flows it waits for, a class and a
// job group); the scenario builder turns them into fabric flows. Random choices use lib/core's
// Xoshiro128 seeded from the scenario seed, so a traffic pattern is a pure function of its
// parameters and the seed.

import { Xoshiro128 } from "../../lib/core/rng";

/** A flow's largest size in bytes, as the scenario's flows[].bytes takes it (schema.ts). */
export const MAX_FLOW_BYTES = 2 ** 31 - 1;

export interface FlowRecord {
  src: number;
  dst: number;
  bytes: number;
  /** Earliest start; a flow that waits for others starts at max(this, when they are done). */
  startNs: number;
  /** Flows (indices in the same generator's output) whose last byte must be delivered first. */
  after?: number[];
  /** Flows (indices in the same output) that must be acknowledged in full first (sender side). */
  afterAcked?: number[];
  /** How many of after + afterAcked must be done (default all; htsim's oneshot trigger: 1). */
  needed?: number;
  /**
   * Multishot trigger (an id within the same output, from 0) this flow activates when it is
   * acknowledged in full: htsim's send_done_trigger on a MultiShotTrigger.
   */
  activates?: number;
  /**
   * Multishot trigger this flow waits on, besides its other dependencies: the trigger's j-th
   * waiting flow (in flow order, from 0) is released by its (j + 1)-th activation, whichever
   * flow gives it (htsim MultiShotTrigger::activate). Each trigger needs at least as many
   * activating flows as waiting ones.
   */
  onTrigger?: number;
  /** Flow class for metrics (incast, bystander, intra-dc, …); default: the traffic entry's. */
  cls?: string;
  /** Job (collective group) the flow belongs to: its completion time is reported per group. */
  group?: string;
}

export interface IncastOptions {
  senders: number;
  receiver: number;
  bytes: number;
  startNs: number;
  senderList?: number[];
  /** Uneven sizes: sender i sends bytesList[i mod length] instead of `bytes`. */
  bytesList?: number[];
  /** Staggered starts: sender i (in sender order) starts i × staggerNs later. */
  staggerNs?: number;
  /** Plus a uniform random delay in [0, jitterNs). */
  jitterNs?: number;
  /** The traffic kind its errors name (a `put` is an incast too); default "incast". */
  kind?: string;
}

/**
 * N senders to one receiver (SMaRTT §IV-A, DCP §6.3); senders drawn without replacement from
 * the other hosts unless given. Equal sizes, or uneven ones from `bytesList`; simultaneous
 * starts, or staggered by a fixed step and/or a random jitter. One incast: DCP §6.3 repeats its
 * 128-to-1 incast at 5 % average load, which this does not generate.
 */
export function incast(hosts: number, opts: IncastOptions, seed: number): FlowRecord[] {
  const { senders, receiver } = opts;
  const kind = opts.kind ?? "incast";
  if (!(receiver >= 0 && receiver < hosts)) throw new RangeError(`${kind}: receiver ${receiver} outside [0, ${hosts})`);
  let list = opts.senderList;
  if (!list) {
    if (senders > hosts - 1) throw new RangeError(`${kind}: ${senders} senders but only ${hosts - 1} other hosts`);
    const others: number[] = [];
    for (let h = 0; h < hosts; h++) if (h !== receiver) others.push(h);
    shuffle(others, new Xoshiro128(seed));
    list = others.slice(0, senders).sort((a, b) => a - b);
  }
  const jitter = new Xoshiro128(seed ^ 0x5f3759df);
  const sizes = opts.bytesList;
  return list.map((src, i) => {
    const j = opts.jitterNs ? Math.floor(uniform(jitter) * opts.jitterNs) : 0;
    return { src, dst: receiver, bytes: sizes && sizes.length > 0 ? sizes[i % sizes.length] : opts.bytes, startNs: opts.startNs + i * (opts.staggerNs ?? 0) + j };
  });
}

/** A uniform double in (0, 1) from the next 32-bit output. */
export function uniform(rng: Xoshiro128): number {
  return (rng.nextU32() + 0.5) * 2.3283064365386963e-10;
}

export function shuffle(a: number[], rng: Xoshiro128): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
