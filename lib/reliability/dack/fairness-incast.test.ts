// §II-H of Chong & Krishnan in an 8 → 1 incast: DACK suppression and ACK coalescing "balance
// individual transmission rates" — they move rate from the faster streams to the slower and must
// not add to the total. Review (2026-12-05) found that they did: with a 4 MiB target queue the
// suppressed initiators, free to climb into H1 period after period, were granted more packets
// than the host drained, and the queue grew from the initial burst's 0.94 MB to 2.05 MB, every
// initiator at its outstanding limit (fairness off: flat at 0.94 MB). README "Interpretation",
// Fairness, gives the rule now: an extra packet for a suppressed stream only against a crossing
// ACK that coalescing skipped.
//
// The model is the one of endpoint-congestion.test.ts (§IV-A's fabric: 100 Gb/s, 4 µs each way,
// 2112 B packets, the host draining at a fraction of the link rate with ±10 % seeded jitter, the
// last switch forwarding one packet per 168.96 ns FIFO), reduced to the policy's own initiator and
// target; the fabric's constants and the event heap are test-support.ts's, shared with it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { DackInitiator } from "./initiator";
import { DACK_ACCEPTED, DACK_DROP_FULL, DACK_DROP_OUT_OF_ORDER, DACK_KIND_DACK, DACK_KIND_IACK, DackTarget } from "./target";
import { ACK_SER_PS, EV_ACK, EV_ARRIVE, EV_LINK_FREE, EV_PROCESSED, Events, PACKET_BYTES, PROP_PS, SER_PS } from "./test-support";

interface Incast {
  /** Largest occupancy of the target queue in each eighth of the run, in bytes. */
  maxOccupancyByEighth: number[];
  /** Packets dropped at the target in each quarter of the run. */
  dropsByQuarter: number[];
  /** (max − min) / mean of the packets each stream had processed in the second half. */
  spread: number;
  /** Packets each initiator sent before its first DACK came back. */
  sentBeforeFirstDack: number[];
}

function incast(seed: number, durationPs: number, drain: number, target: Record<string, number>): Incast {
  const N = 8;
  const servicePs = Math.round(SER_PS / drain);
  const rng = new Xoshiro128(seed);
  const t = new DackTarget(target, N);
  const ini = new DackInitiator({}, N);
  for (let i = 0; i < N; i++) {
    t.open(i, 0);
    ini.open(i, 0, PACKET_BYTES);
  }
  const ev = new Events();
  const linkBusy = new Array<boolean>(N).fill(false);
  const queued: number[] = [];
  const perStream = new Array<number>(N).fill(0);
  const sent = new Array<number>(N).fill(0);
  const sentBeforeFirstDack = new Array<number>(N).fill(-1);
  const r: Incast = { maxOccupancyByEighth: new Array(8).fill(0), dropsByQuarter: [0, 0, 0, 0], spread: 0, sentBeforeFirstDack };
  let hostBusy = false;
  let portFreePs = 0;
  let reverseFreePs = 0;
  const trySend = (now: number, i: number) => {
    if (linkBusy[i] || !ini.canSend(i)) return;
    assert.ok(ini.onSend(i) > 0);
    sent[i]++;
    linkBusy[i] = true;
    ev.push(now + SER_PS, EV_LINK_FREE, i);
    const arrive = Math.max(now + SER_PS + PROP_PS, portFreePs + SER_PS);
    portFreePs = arrive;
    ev.push(arrive, EV_ARRIVE, ini.out[0], i);
  };
  const sendAcks = (now: number) => {
    const out = t.out;
    for (let k = 0; k < out[0]; k++) {
      reverseFreePs = Math.max(now, reverseFreePs) + ACK_SER_PS;
      ev.push(reverseFreePs + PROP_PS, EV_ACK, out[1 + 3 * k], out[3 + 3 * k], out[2 + 3 * k]);
    }
  };
  const startHost = (now: number) => {
    if (hostBusy || t.queueLength() === 0) return;
    hostBusy = true;
    ev.push(now + Math.round((servicePs * (900 + rng.nextBelow(201))) / 1000), EV_PROCESSED);
  };
  for (let i = 0; i < N; i++) trySend(0, i);
  for (;;) {
    const e = ev.pop();
    if (e === undefined || e.t > durationPs) break;
    const now = e.t;
    const nowNs = Math.floor(now / 1000) | 0;
    if (e.type === EV_LINK_FREE) {
      linkBusy[e.a] = false;
      trySend(now, e.a);
    } else if (e.type === EV_ARRIVE) {
      const res = t.onData(e.b, nowNs, e.a, PACKET_BYTES);
      assert.ok(res >= 0);
      if (res & DACK_ACCEPTED) queued.push(e.b);
      if (res & (DACK_DROP_FULL | DACK_DROP_OUT_OF_ORDER)) r.dropsByQuarter[Math.min(3, Math.floor((4 * now) / durationPs))]++;
      const k = Math.min(7, Math.floor((8 * now) / durationPs));
      r.maxOccupancyByEighth[k] = Math.max(r.maxOccupancyByEighth[k], t.occupancyBytes());
      sendAcks(now);
      startHost(now);
    } else if (e.type === EV_PROCESSED) {
      hostBusy = false;
      assert.ok(t.onProcessed(nowNs) >= 0);
      const s = queued.shift() as number;
      if (now >= durationPs / 2) perStream[s]++;
      sendAcks(now);
      startHost(now);
    } else {
      const i = e.c;
      if (e.a === DACK_KIND_DACK && sentBeforeFirstDack[i] < 0) sentBeforeFirstDack[i] = sent[i];
      const res = e.a === DACK_KIND_IACK ? ini.onIack(i, e.b) : e.a === DACK_KIND_DACK ? ini.onDack(i, e.b) : ini.onNack(i, e.b);
      assert.ok(res >= 0);
      trySend(now, i);
    }
  }
  r.spread = (Math.max(...perStream) - Math.min(...perStream)) / (perStream.reduce((x, y) => x + y, 0) / N);
  return r;
}

// 4 MiB: deeper than the eight initiators' outstanding limits together (8 × 124 × 2112 B =
// 2,095,104 B, DACK_MAX_OUTSTANDING_BYTES / 2112 = 124 packets each), so the queue never drops
// and only the initiators' limits could stop it growing.
const DEEP = { queueBytes: 4194304, fairnessPeriodNs: 8000 };

test("§II-H, 4 MiB queue: fairness on, the standing queue stays within the initial burst", () => {
  // The initial burst, by hand. The 8 initiators start in H∞ at t = 0, each sending one packet
  // per 168.96 ns on its own link; the last switch passes one per 168.96 ns, in send order, so
  // the k-th packet reaches the target at 4000 + 168.96·k ns and the host takes 337.92 ns
  // (±10 %) a packet at 50 % drain. The queue exceeds the 9216 B threshold (5 packets waiting)
  // at the 7th or 8th arrival (§IV-A's arithmetic, endpoint-congestion.test.ts); from then on
  // every arrival is answered by a DACK. Packets 9 … 16 are the eight streams' second ones, so
  // the last stream's first DACK leaves the target at the latest with the 16th arrival,
  // 4000 + 16 × 168.96 = 6703.4 ns, and is back 4005.12 ns later, at 10 708.5 ns: by then it
  // has sent at most ceil(10 708.5 / 168.96) = 64 packets (63.4). So the burst is at most
  // 8 × 64 × 2112 = 1,081,344 B. After it every initiator is throttled, and each congested
  // crossing grants one packet for the one that left — with fairness, an extra packet only for
  // one a skip withheld in the same period — so the packets in the system never exceed the
  // burst, and neither does the queue. Before the fix it reached 2.05 MB (review, a9.out: 0.94 → 2.05 MB at 30–70 %
  // drain), the initiators' limits.
  const BURST_BYTES = 8 * 64 * PACKET_BYTES;
  for (const seed of [1, 2]) {
    const on = incast(seed, 4_000_000_000, 0.5, DEEP);
    const off = incast(seed, 4_000_000_000, 0.5, { ...DEEP, fairnessPeriodNs: 0 });
    const at = `seed ${seed}: on ${JSON.stringify(on)} off ${JSON.stringify(off)}`;
    for (const r of [on, off]) {
      for (const n of r.sentBeforeFirstDack) assert.ok(n > 0 && n <= 64, at);
      assert.equal(r.dropsByQuarter, [0, 0, 0, 0], at);
      for (const b of r.maxOccupancyByEighth) assert.ok(b <= BURST_BYTES, at);
    }
    // No growth after the burst: the last eighth's peak is at most the first eighth's.
    assert.ok(on.maxOccupancyByEighth[7] <= on.maxOccupancyByEighth[0], at);
  }
});

test("§II-H, 4 MiB queue, 30 % and 70 % drain: the queue does not grow with fairness on", () => {
  // The burst depends on the drain (a slower host congests sooner), so the check here is the
  // structural one: the last eighth's peak stays at or below the first eighth's, where the
  // burst sits. Before the fix: 0.94 → 2.05 MB and 0.98 → 2.03 MB (review, a9.out).
  for (const drain of [0.3, 0.7]) {
    const on = incast(1, 4_000_000_000, drain, DEEP);
    const at = `drain ${drain}: ${JSON.stringify(on)}`;
    assert.equal(on.dropsByQuarter, [0, 0, 0, 0], at);
    assert.ok(on.maxOccupancyByEighth[7] <= on.maxOccupancyByEighth[0], at);
  }
});

test("§II-H / §IV-E, 81 KiB queue: the spread of per-stream goodput still shrinks", () => {
  // The queue of §III-B, 2 ms runs. Without fairness the streams that got packets into the
  // queue first keep their lead (§II-H's bias): max − min of per-stream goodput over the second
  // half exceeds the mean (1.4–1.7 on average over seeds 1–20). With fairness it shrinks at
  // least threefold on average at each drain (single seeds vary: at 70 % seed 1 goes from 1.12
  // to 0.40, 2.8×), and at 50 % and 70 % no drop follows the initial burst (first quarter).
  // (Observed, not asserted: averages 0.33, 0.46, 0.39 at 50, 60, 70 % drain, against 1.44,
  // 1.66, 1.67 off; at 60 % one seed of 20 drops 29 packets later, five do without fairness.
  // With the bank kept across periods, until 2026-12-05's second review: 0.15, 0.18, 0.10.)
  for (const drain of [0.5, 0.6, 0.7]) {
    let offSum = 0;
    let onSum = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const off = incast(seed, 2_000_000_000, drain, { fairnessPeriodNs: 0 });
      const on = incast(seed, 2_000_000_000, drain, { fairnessPeriodNs: 8000 });
      offSum += off.spread;
      onSum += on.spread;
      if (drain !== 0.6) assert.equal(on.dropsByQuarter.slice(1), [0, 0, 0], `drain ${drain} seed ${seed}: ${JSON.stringify(on.dropsByQuarter)}`);
    }
    const at = `drain ${drain}: mean spread off ${offSum / 20} on ${onSum / 20}`;
    assert.ok(offSum / 20 > 1, at);
    assert.ok(onSum < offSum / 3, at);
  }
});

test("§II-H, 81 KiB queue, 4 ms runs: no drop after the initial burst, fairness on", () => {
  // §II-H balances rates and adds none, over any stretch of the run, not only over its whole:
  // an extra packet granted to a suppressed stream is paid for by a skip made in the same
  // fairness period (8 µs, one round trip), so it replaces a packet the faster initiator did
  // not send in that round trip. Without fairness the 70 % runs settle with no drop after the
  // burst (seeds 1–20), so with it none may appear either: a later drop would mean packets
  // were granted that no skip of that round trip took out. Review (2026-12-05): a bank kept
  // across periods filled to 122–239 skips within 0.4 ms and was spent over the next 2 ms, each
  // extra packet paid for by a skip milliseconds old, when the queue had refilled; 4 ms runs
  // dropped after the burst in 10 of 20 seeds at 70 % (922 packets), 2 of 20 at 50 % (seeds
  // 10 and 15). 2 ms runs hid it (the spending outlasts the first half of the run).
  for (const drain of [0.5, 0.7]) {
    for (let seed = 1; seed <= 20; seed++) {
      const off = incast(seed, 4_000_000_000, drain, { fairnessPeriodNs: 0 });
      const on = incast(seed, 4_000_000_000, drain, { fairnessPeriodNs: 8000 });
      const at = `drain ${drain} seed ${seed}: off ${JSON.stringify(off.dropsByQuarter)} on ${JSON.stringify(on.dropsByQuarter)}`;
      assert.equal(off.dropsByQuarter.slice(1), [0, 0, 0], at);
      assert.equal(on.dropsByQuarter.slice(1), [0, 0, 0], at);
    }
  }
});

test.run();
