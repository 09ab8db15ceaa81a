// PfcShared against an independent model of the HPCC ns-3 switch MMU (notes/baselines.md §8.2),
// written from the MMU's five functions rather than from shared.ts: seeded random arrivals,
// departures and ticks over two buffers (and queues in none), every accounting field and every
// pause, resume and drop compared after each event. α > 1 and complete sharing, which HPCC does
// not have, follow the module's README: the threshold is never more than the queue's own use plus
// the free part. On the code before 2026-12-03 it fails where T = 0 with free bytes left (the
// 1 B shared part): HPCC pauses a queue inside its reserve there, the module did not. One run
// gives each queue its own α (setPort's alphaLog2, HPCC's pfc_a_shift per port).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { PFC_DROP, PFC_PAUSE, PFC_RESUME } from "./pfc";
import { PfcShared } from "./shared";

interface Config {
  poolRule: "dynamic" | "complete";
  poolAlphaLog2: number;
  poolBytes: number;
  reserveBytes: number;
  headroomBytes: number;
  resumeOffsetBytes: number;
  /** Each queue's alphaLog2 (setPort), else every queue's is poolAlphaLog2. */
  alphas?: number[];
}

/** One buffer's MMU, per ingress queue: ingress_bytes, hdrm_bytes, paused; per buffer: shared_used_bytes. */
class MmuModel {
  readonly ingress: number[];
  readonly hdrm: number[];
  readonly paused: boolean[];
  readonly pool: number[]; // −1: in no buffer
  readonly shared: number[];
  readonly region: number[];

  constructor(
    private readonly c: Config,
    queues: number,
    pools: number,
  ) {
    this.ingress = new Array<number>(queues).fill(0);
    this.hdrm = new Array<number>(queues).fill(0);
    this.paused = new Array<boolean>(queues).fill(false);
    this.pool = new Array<number>(queues).fill(-1);
    this.shared = new Array<number>(pools).fill(0);
    this.region = new Array<number>(pools).fill(c.poolBytes);
  }

  join(q: number, p: number): void {
    this.pool[q] = p;
    this.region[p] -= this.c.reserveBytes + this.c.headroomBytes;
  }

  /** GetSharedUsed. */
  sharedUsed(q: number): number {
    return Math.max(this.ingress[q] - this.c.reserveBytes, 0);
  }

  /** GetPfcThreshold: (buffer − Σ headroom − Σ reserve − shared used) × α; 0 in no buffer. */
  threshold(q: number): number {
    const p = this.pool[q];
    if (p < 0) return 0;
    const free = this.region[p] - this.shared[p];
    const mine = this.sharedUsed(q);
    // Complete sharing pauses only when the shared part is full: T = 0 then (README), not the
    // queue's own use, so that a zero resume offset does not resume a queue into a full part.
    if (this.c.poolRule === "complete") return free > 0 ? mine + free : 0;
    // pfc_a_shift[port]: the queue's own α.
    return Math.min(Math.floor(free * 2 ** (this.c.alphas?.[q] ?? this.c.poolAlphaLog2)), mine + free);
  }

  /** CheckIngressAdmission, UpdateIngressAdmission, CheckShouldPause. Returns "drop", "pause" or "". */
  arrive(q: number, size: number): string {
    const c = this.c;
    const t = this.threshold(q);
    if (size + this.hdrm[q] > c.headroomBytes && size + this.sharedUsed(q) > t) return "drop";
    const after = this.ingress[q] + size;
    if (after <= c.reserveBytes) this.ingress[q] = after;
    else if (after - c.reserveBytes > t) this.hdrm[q] += size;
    else {
      this.ingress[q] = after;
      this.shared[this.pool[q]] += Math.min(size, after - c.reserveBytes);
    }
    if (!this.paused[q] && (this.hdrm[q] > 0 || this.sharedUsed(q) >= this.threshold(q))) {
      this.paused[q] = true;
      return "pause";
    }
    return "";
  }

  /** RemoveFromIngressAdmission, then CheckShouldResume. */
  depart(q: number, size: number): boolean {
    const fromHdrm = Math.min(this.hdrm[q], size);
    const fromShared = Math.min(size - fromHdrm, this.sharedUsed(q));
    this.hdrm[q] -= fromHdrm;
    this.ingress[q] -= size - fromHdrm;
    if (this.pool[q] >= 0) this.shared[this.pool[q]] -= fromShared;
    return this.resume(q);
  }

  /** CheckShouldResume. */
  resume(q: number): boolean {
    if (!this.paused[q] || this.hdrm[q] !== 0) return false;
    const used = this.sharedUsed(q);
    if (used !== 0 && used + this.c.resumeOffsetBytes > this.threshold(q)) return false;
    this.paused[q] = false;
    return true;
  }
}

const QUEUES = 6;
const POOLS = 2;

function run(c: Config, seed: number, events: number): { pauses: number; resumes: number; drops: number } {
  const r = new Xoshiro128(seed);
  const { alphas: _, ...params } = c;
  const t = new PfcShared({ ...params, pools: POOLS, pauseQuanta: 1000 }, QUEUES);
  const m = new MmuModel(c, QUEUES, POOLS);
  // Queues 0–2 in buffer 0, 3–4 in buffer 1, 5 in none.
  for (let q = 0; q < QUEUES; q++) {
    t.open(q);
    if (c.alphas) assert.is(t.setPort(q, 100, c.headroomBytes, c.alphas[q]), 0);
    const p = q < 3 ? 0 : q < 5 ? 1 : -1;
    assert.is(t.setPool(q, p), 0);
    if (p >= 0) m.join(q, p);
  }
  const seen = { pauses: 0, resumes: 0, drops: 0 };
  let now = 0;
  for (let i = 0; i < events; i++) {
    now += 1 + r.nextBelow(200);
    const q = r.nextBelow(QUEUES);
    const kind = r.nextBelow(100);
    const was = t.paused(q);
    const at = `${c.poolRule} α 2^${c.alphas?.[q] ?? c.poolAlphaLog2}, event ${i}, queue ${q}`;
    let v: number;
    let expectDrop = false;
    let expectPause = false;
    let expectResume = false;
    if (kind < 55) {
      // Mostly packets; now and then a few bytes, to reach the thresholds' edges.
      const size = r.nextBelow(8) === 0 ? 1 + r.nextBelow(16) : 64 + r.nextBelow(4000);
      v = t.onArrive(q, now, size);
      const e = m.arrive(q, size);
      expectDrop = e === "drop";
      expectPause = e === "pause";
    } else if (kind < 95) {
      const held = t.queueBytes(q);
      if (held === 0) continue;
      const size = Math.min(held, r.nextBelow(8) === 0 ? 1 + r.nextBelow(16) : 64 + r.nextBelow(4000));
      v = t.onDepart(q, now, size);
      expectResume = m.depart(q, size);
    } else {
      v = t.onTick(q, now);
      expectResume = m.resume(q);
    }
    assert.ok(v >= 0, `${at}: error ${v}`);
    assert.is((v & PFC_DROP) !== 0, expectDrop, `${at}: drop`);
    assert.is((v & PFC_RESUME) !== 0, expectResume, `${at}: resume`);
    // PFC_PAUSE also carries refreshes of a pause under way; a pause begins only in the model's.
    assert.is(!was && (v & PFC_PAUSE) !== 0, expectPause, `${at}: pause`);
    assert.is(t.paused(q), m.paused[q], `${at}: paused`);
    assert.is(t.queueBytes(q), m.ingress[q] + m.hdrm[q], `${at}: queue bytes`);
    assert.is(t.headroomUsedBytes(q), m.hdrm[q], `${at}: headroom bytes`);
    if (m.pool[q] >= 0) {
      assert.is(t.poolSharedBytes(q), m.shared[m.pool[q]], `${at}: shared bytes`);
      assert.is(t.xoffBytes(q), c.reserveBytes + m.threshold(q), `${at}: xoffBytes`);
    }
    if (expectPause) seen.pauses++;
    if (expectResume) seen.resumes++;
    if (expectDrop) seen.drops++;
  }
  assert.is(t.errors, 0);
  return seen;
}

const BASE = { poolBytes: 60_000, reserveBytes: 1000, headroomBytes: 6000, resumeOffsetBytes: 500 };

test("PfcShared matches the HPCC MMU model event by event, α = 2^−8 … 2^2, a different α per queue, and complete sharing", () => {
  const configs: Config[] = [
    { ...BASE, poolRule: "dynamic", poolAlphaLog2: -3 },
        { ...BASE, poolRule: "dynamic", poolAlphaLog2: -8 },
    // Buffer 0's shared part is 21,001 − 3 × 7000 = 1 B: T = ⌊1 / 8⌋ = 0 with 1 B free.
    { ...BASE, poolRule: "dynamic", poolAlphaLog2: -3, poolBytes: 21_001 },
    { ...BASE, poolRule: "dynamic", poolAlphaLog2: -1, reserveBytes: 0, resumeOffsetBytes: 0 },
    { ...BASE, poolRule: "dynamic", poolAlphaLog2: 0 },
    { ...BASE, poolRule: "dynamic", poolAlphaLog2: 2 },
    { ...BASE, poolRule: "complete", poolAlphaLog2: 0 },
    // Each queue its own α, as HPCC's ports at 100, 400 and 800 Gb/s on 100 Gb/s NICs (1/8, 1/2,
    // 1) in buffer 0, 200 Gb/s (1/4) beside 100 in buffer 1; the table's is none of them but −3.
    { ...BASE, poolRule: "dynamic", poolAlphaLog2: -3, alphas: [-3, -1, 0, -2, -3, -1] },
    // Under complete sharing a queue's α is not used.
    { ...BASE, poolRule: "complete", poolAlphaLog2: 0, alphas: [-8, 8, 0, -3, 2, -1] },
  ];
  configs.forEach((c, k) => {
    const seen = run(c, 11 + k, 60_000);
    // The traffic has to reach every outcome for the comparison to mean anything.
    const at = `${c.poolRule} α 2^${c.alphas?.join("/") ?? c.poolAlphaLog2}`;
    assert.ok(seen.pauses > 100, `${at}: ${seen.pauses} pauses`);
    assert.ok(seen.resumes > 100, `${at}: ${seen.resumes} resumes`);
    assert.ok(seen.drops > 100, `${at}: ${seen.drops} drops`);
  });
});

test.run();
