// REPS (paper profile) against the pseudo-code of notes/uec-nscc-reps-pds.md §1.3 (paper
// Algorithms 1 and 2, Appendix A), written out here as a plain model with an array of cached EVs
// and absolute time: seeded sends, feedback of every kind and timeouts with and without trimming
// over 16 flows, every EV, result bit and reader compared after each event. The model draws its
// random EVs from its own generator with the table's seed, so the two agree only while they take
// the exploration branches on the same events.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { Feedback } from "../feedback";
import { REPS_CACHED, REPS_FREEZE, REPS_UNFREEZE, Reps } from "./reps";

const N = 8; // REPS_BUFFER_SIZE
const FLOWS = 16;
const EV_COUNT = 256;
const FREEZE_NS = 20_000;
const EXPLORE = 37; // ⌈150,000 / 4150⌉, the paper profile's NUM_PKTS_CWND
const BASE_RTT_NS = 14_000;

interface Flow {
  ev: number[];
  valid: boolean[];
  head: number;
  nValid: number;
  written: number; // slots ever written, for "buffer never written"
  frozen: boolean;
  exitFreezingMode: number;
  exploreCounter: number;
}

class RepsModel {
  readonly flows: Flow[] = [];
  private readonly rng: Xoshiro128;

  constructor(
    seed: number,
    private readonly everyNth: boolean,
    private readonly trimming: boolean,
  ) {
    this.rng = new Xoshiro128(seed);
    for (let f = 0; f < FLOWS; f++) {
      this.flows.push({ ev: new Array<number>(N).fill(0), valid: new Array<boolean>(N).fill(false), head: 0, nValid: 0, written: 0, frozen: false, exitFreezingMode: 0, exploreCounter: 0 });
    }
  }

  private randomEv(): number {
    return this.rng.nextBelow(EV_COUNT);
  }

  /** Algorithm 2. */
  onSend(f: number): number {
    const s = this.flows[f];
    if (s.exploreCounter > 0) {
      s.exploreCounter -= 1;
      if (!this.everyNth || s.exploreCounter % N === 0) return this.randomEv();
    }
    if (s.written === 0 || (s.nValid === 0 && !s.frozen)) return this.randomEv();
    if (s.nValid > 0) {
      const i = (s.head - s.nValid + N) % N;
      s.valid[i] = false;
      s.nValid -= 1;
      return s.ev[i];
    }
    const i = s.head;
    s.head = (s.head + 1) % N;
    return s.ev[i];
  }

  /** Algorithm 1 for an unmarked ACK; the freeze exit is evaluated there. */
  onAck(f: number, now: number, ev: number): number {
    const s = this.flows[f];
    if (!s.valid[s.head]) s.nValid += 1;
    s.ev[s.head] = ev;
    s.valid[s.head] = true;
    s.head = (s.head + 1) % N;
    s.written = Math.min(s.written + 1, N);
    if (s.frozen && now > s.exitFreezingMode) {
      s.frozen = false;
      s.exploreCounter = EXPLORE;
      return REPS_CACHED | REPS_UNFREEZE;
    }
    return REPS_CACHED;
  }

  /** on_failure_detected. */
  onFailure(f: number, now: number): number {
    const s = this.flows[f];
    if (s.frozen || s.exploreCounter !== 0) return 0;
    s.frozen = true;
    s.exitFreezingMode = now + FREEZE_NS;
    return REPS_FREEZE;
  }

  /** Feedback of a kind: only an unmarked ACK recycles; a timeout is a failure when switches trim (Appendix A). */
  onFeedback(f: number, now: number, ev: number, kind: number): number {
    if (kind === Feedback.Good) return this.onAck(f, now, ev);
    if (kind === Feedback.Timeout && this.trimming) return this.onFailure(f, now);
    return 0;
  }

  /** A timeout without trimming: a failure when the recent RTTs stayed below 1.65 × base RTT (Appendix A). */
  onTimeoutRtt(f: number, now: number, maxRttNs: number): number {
    if (this.trimming || maxRttNs < 1.65 * BASE_RTT_NS) return this.onFailure(f, now);
    return 0;
  }
}

function run(seed: number, everyNth: boolean, trimming: boolean, events: number): { freezes: number; unfreezes: number; explored: number } {
  const r = new Xoshiro128(seed + 1000);
  const t = new Reps(
    { profile: "paper", evCount: EV_COUNT, freezeTimeoutNs: FREEZE_NS, exploreAfterFreeze: everyNth ? "every-nth" : "all", trimming, baseRttNs: BASE_RTT_NS, seed },
    FLOWS,
  );
  assert.is(t.params.explorePackets, EXPLORE);
  const m = new RepsModel(seed, everyNth, trimming);
  for (let f = 0; f < FLOWS; f++) t.open(f);
  // EVs each flow was given and has not had feedback for, oldest first.
  const outstanding: number[][] = Array.from({ length: FLOWS }, () => []);
  const seen = { freezes: 0, unfreezes: 0, explored: 0 };
  let now = 0;
  for (let i = 0; i < events; i++) {
    now += r.nextBelow(50) === 0 ? r.nextBelow(2 * FREEZE_NS) : 1 + r.nextBelow(100);
    const f = r.nextBelow(FLOWS);
    const at = `${everyNth ? "every-nth" : "all"}, trimming ${trimming}, event ${i}, flow ${f}`;
    const roll = r.nextBelow(100);
    if (roll < 50 || outstanding[f].length === 0) {
      if (m.flows[f].exploreCounter > 0) seen.explored++;
      const ev = t.choosePath(f, now, i);
      assert.is(ev, m.onSend(f), `${at}: EV`);
      outstanding[f].push(ev);
    } else {
      // Feedback mostly in send order, sometimes for a later packet (spraying reorders).
      const k = r.nextBelow(4) === 0 ? r.nextBelow(outstanding[f].length) : 0;
      const ev = outstanding[f].splice(k, 1)[0];
      let got: number;
      let want: number;
      if (roll < 92) {
        // ACKs, marked one time in four; NACKs now and then.
        const kind = roll < 88 ? (r.nextBelow(4) === 0 ? Feedback.Ecn : Feedback.Good) : Feedback.Nack;
        got = t.onPathFeedback(f, now, ev, kind);
        want = m.onFeedback(f, now, ev, kind);
      } else if (roll < 96) {
        got = t.onPathFeedback(f, now, ev, Feedback.Timeout);
        want = m.onFeedback(f, now, ev, Feedback.Timeout);
      } else {
        const maxRtt = BASE_RTT_NS + r.nextBelow(BASE_RTT_NS);
        got = t.onTimeoutRtt(f, now, ev, maxRtt);
        want = m.onTimeoutRtt(f, now, maxRtt);
      }
      assert.is(got, want, `${at}: result`);
      if ((want & REPS_FREEZE) !== 0) seen.freezes++;
      if ((want & REPS_UNFREEZE) !== 0) seen.unfreezes++;
    }
    const s = m.flows[f];
    assert.is(t.frozen(f), s.frozen, `${at}: frozen`);
    assert.is(t.validCount(f), s.nValid, `${at}: valid`);
    assert.is(t.exploreCounter(f), s.exploreCounter, `${at}: explore counter`);
    assert.is(t.headIndex(f), s.head, `${at}: head`);
    assert.is(t.writtenCount(f), s.written, `${at}: written`);
    for (let j = 0; j < N; j++) assert.is(t.cached(f, j), s.ev[j], `${at}: slot ${j}`);
    if (s.frozen) assert.is(t.exitFreezeNs(f), s.exitFreezingMode, `${at}: exit`);
  }
  assert.is(t.errors, 0);
  return seen;
}

test("REPS (paper profile) matches the §1.3 pseudo-code event by event: every-nth and all exploration, with and without trimming", () => {
  for (const [k, [everyNth, trimming]] of [
    [true, true],
    [false, true],
    [true, false],
  ].entries()) {
    const seen = run(5 + k, everyNth as boolean, trimming as boolean, 80_000);
    const at = `every-nth ${everyNth}, trimming ${trimming}`;
    // Freezing, its end and the exploration window must all occur for the check to mean anything.
    assert.ok(seen.freezes > 50, `${at}: ${seen.freezes} freezes`);
    assert.ok(seen.unfreezes > 50, `${at}: ${seen.unfreezes} unfreezes`);
    assert.ok(seen.explored > 500, `${at}: ${seen.explored} sends in an exploration window`);
  }
});

test.run();
