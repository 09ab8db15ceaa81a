// Boundaries of Router that routing.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md). Draws are computed from the generator's definition (state =
// hash3(seed, switch, 0x5a17), x += 0x9e3779b9, index = ⌊fmix32(x)·n / 2^32⌋), not read back.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { hash3 } from "../../core/rng";
import { Router, SPRITZ_ECMP1, SPRITZ_ECMP2 } from "./routing";
import { splitmixWord } from "../test-support";

const OUT = { table: 0, clearVlan: 1, minimal: 2, qMin: 3, qVal: 4, ties: 5 };

function router(params: Record<string, unknown> = {}, switches = 2): Router {
  const r = new Router({ seed: 9, ...params }, switches);
  for (let s = 0; s < switches; s++) r.open(s, 1000 + s, s);
  return r;
}

/** The index the switch's k-th draw (k ≥ 1) picks among n. */
function drawIndex(seed: number, sw: number, k: number, n: number): number {
  return Math.floor(((splitmixWord(hash3(seed, sw, 0x5a17), k) >>> 0) * n) / 2 ** 32);
}

function bind(r: Router, ports: number[], queues: number[], hops: number[]): void {
  r.bindCandidates(Int32Array.from(ports), Int32Array.from(queues), Int32Array.from(hops));
}

test("maxCandidates is 1 to 2^20; candidate arrays must be non-empty", () => {
  assert.is(new Router({ maxCandidates: 1 }, 1).candPort.length, 1);
  assert.is(new Router({ maxCandidates: 1 << 20 }, 1).candPort.length, 1 << 20);
  assert.throws(() => new Router({ maxCandidates: 0 }, 1), RangeError);
  assert.throws(() => new Router({ maxCandidates: (1 << 20) + 1 }, 1), RangeError);
  const r = router();
  assert.throws(() => r.bindCandidates(new Int32Array(0), new Int32Array(0), new Int32Array(0)), RangeError);
  bind(r, [77], [5], [1]);
  assert.is(r.leastOccupied(1, 0, 1), 77);
  // Default capacity: one switch.
  const one = new Router();
  one.open(0, 1, -1);
  assert.throws(() => one.open(1, 1, -1), RangeError);
});

test("setCandidate takes index 0 and the last index, and port, queue and hops of 0", () => {
  const r = router({ maxCandidates: 4 });
  assert.is(r.setCandidate(0, 0, 0, 0), 0);
  assert.is(r.setCandidate(3, 9, 0, 0), 0);
  assert.equal(Array.from(r.candPort), [0, 0, 0, 9]);
  assert.is(r.setCandidate(4, 9, 0, 0), E_ARG);
});

test("spritzRole: dstGroup −1 means none; −2 is refused", () => {
  const r = router({ topology: "dragonfly" });
  assert.ok(r.spritzRole(1, 0, -1, false, false, 0) >= 0);
  assert.is(r.spritzRole(1, 0, -2, false, false, 0), E_ARG);
});

test("leastOccupied and ugal: exactly maxCandidates minimal candidates are taken; a closed switch is refused", () => {
  const r = router({ maxCandidates: 4 });
  bind(r, [1, 2, 3, 4, 5], [40, 30, 20, 10, 0], [1, 1, 1, 1, 1]);
  assert.is(r.leastOccupied(1, 0, 4), 4);
  assert.is(r.leastOccupied(1, 0, 5), E_ARG);
  assert.ok(r.ugal(1, 0, 4, 4, 1) >= 0);
  assert.is(r.ugal(1, 0, 5, 4, 1), E_ARG);
  r.close(1);
  assert.is(r.leastOccupied(1, 0, 4), E_SLOT);
});

test("a unique minimum in first place: no draw, one tie, whatever the previous pick left in the scratch", () => {
  const seed = 9;
  const r = router({ seed });
  bind(r, [50, 51, 52, 53], [30, 20, 10, 40], [1, 1, 1, 1]);
  assert.is(r.leastOccupied(1, 0, 4), 52); // the scratch now holds index 2
  bind(r, [50, 51, 52, 53], [5, 20, 10, 40], [1, 1, 1, 1]);
  for (let i = 0; i < 5; i++) {
    assert.is(r.leastOccupied(1, 0, 4), 50);
    assert.is(r.out[OUT.ties], 1);
  }
  // Nothing was drawn: the switch's first draw is still to come.
  assert.is(r.valiant(1, 0, 4), 50 + drawIndex(seed, 1, 1, 4));
  assert.is(r.valiant(1, 0, 4), 50 + drawIndex(seed, 1, 2, 4));
});

test("UGAL-L draws the valiant candidate from its own range; equal products go minimal", () => {
  const seed = 9;
  const r = router({ seed });
  // Minimal: ports 60, 61 (2 hops); valiant: ports 70–75 (4 hops), all empty → valiant wins.
  bind(r, [60, 61, 70, 71, 72, 73, 74, 75], [900, 800, 0, 0, 0, 0, 0, 0], [2, 2, 4, 4, 4, 4, 4, 4]);
  const want = [1, 2, 3].map((k) => 70 + drawIndex(seed, 1, k, 6));
  const got = [1, 2, 3].map(() => r.ugal(1, 0, 2, 2, 6));
  assert.equal(got, want);
  assert.is(r.out[OUT.minimal], 0);
  // q_min·h_min = 800 × 2 = 1600 = 400 × 4 = q_val·h_val: minimal.
  bind(r, [60, 61, 70, 71], [900, 800, 400, 400], [2, 2, 4, 4]);
  assert.is(r.ugal(1, 0, 2, 2, 2), 61);
  assert.is(r.out[OUT.minimal], 1);
  // ugalChoose accepts hop counts of 0 (a candidate at the destination).
  assert.is(r.ugalChoose(1, 5, 0, 5, 0), 1);
});

test("a candidate range may hold 2^20 entries, not more", () => {
  const n = (1 << 20) + 1;
  const r = router();
  r.bindCandidates(new Int32Array(n).fill(3), new Int32Array(n), new Int32Array(n).fill(1));
  assert.is(r.valiant(1, 0, 1 << 20), 3);
  assert.is(r.valiant(1, 0, n), E_ARG);
});

test("least occupied over the whole range of queued bytes, 0 to 2^31 − 1", () => {
  const top = 0x7fffffff;
  const r = router({ tieBreak: "first" });
  bind(r, [10, 11, 12, 13], [top, top - 1, top, top - 1], [1, 1, 1, 1]);
  assert.is(r.leastOccupied(1, 0, 4), 11);
  assert.is(r.out[OUT.ties], 2);
  bind(r, [10, 11, 12, 13], [top, 0, top, 0], [1, 1, 1, 1]);
  assert.is(r.leastOccupied(1, 0, 4), 11);
  assert.is(r.out[OUT.ties], 2);
  bind(r, [10, 11, 12, 13], [0, top, 1, top], [1, 1, 1, 1]);
  assert.is(r.leastOccupied(1, 0, 4), 10);
  assert.is(r.out[OUT.ties], 1);
});

test("negative queued bytes in the scanned range: E_ARG, counted, nothing drawn or written", () => {
  const seed = 9;
  const r = router({ seed });
  bind(r, [50, 51, 52, 53], [7, 7, 7, 7], [1, 1, 1, 1]);
  r.leastOccupied(1, 0, 2); // a tie: the first draw, and out.ties = 2
  for (const q of [[-1, 7, 7, 7], [7, 7, 7, -1], [7, -2147483648, 7, 7]]) {
    bind(r, [50, 51, 52, 53], q, [1, 1, 1, 1]);
    const before = r.errors;
    assert.is(r.leastOccupied(1, 0, 4), E_ARG);
    assert.is(r.ugal(1, 0, 4, 0, 4), E_ARG);
    assert.is(r.errors, before + 2);
    assert.is(r.out[OUT.ties], 2);
  }
  // A negative queue only among the valiant candidates: the minimal pick ran (one winner, so it
  // would write out.ties = 1), then the drawn valiant candidate is refused; out.ties stays 2.
  bind(r, [50, 51, 52, 53, 60], [5, 9, 9, 9, -1], [1, 1, 1, 1, 1]);
  const before = r.errors;
  assert.is(r.ugal(1, 0, 2, 4, 1), E_ARG);
  assert.is(r.errors, before + 1);
  assert.is(r.out[OUT.ties], 2);
  // Outside the scanned range a negative value is not looked at.
  bind(r, [50, 51, 52, 53], [7, 7, 7, -1], [1, 1, 1, 1]);
  assert.is(r.leastOccupied(1, 0, 3), 50 + drawIndex(seed, 1, 2, 3));
  assert.is(r.valiant(1, 0, 4), 50 + drawIndex(seed, 1, 3, 4));
});

// DESIGN rule 7: a refused call is counted and changes nothing, here the switch's random stream.
// Spritz §V-A compares queue occupancies (≥ 0) times hop counts; ugalChoose refuses q < 0 and
// hops outside 0..255, so ugal over bound arrays must refuse the same values in its drawn
// valiant candidate and in both hop counts.
test("ugal over bound arrays refuses a negative valiant queue and hop counts outside 0..255, stream unchanged", () => {
  const cases: [number[], number[]][] = [
    [[100, -5], [2, 3]], // valiant queue −5: 100·2 ≤ −5·3 is false, so it went valiant
    [[1000, 1], [-1, 3]], // minimal hops −1: 1000·(−1) ≤ 1·3, so it went minimal
    [[1000, 1], [2, 256]], // valiant hops 256
  ];
  for (const [queues, hops] of cases) {
    const r = new Router({ maxCandidates: 4 }, 1);
    r.open(0, 1, -1);
    const twin = new Router({ maxCandidates: 4 }, 1);
    twin.open(0, 1, -1);
    const ports = Int32Array.of(10, 20);
    r.bindCandidates(ports, Int32Array.from(queues), Int32Array.from(hops));
    twin.bindCandidates(ports, Int32Array.from(queues), Int32Array.from(hops));
    assert.is(r.ugal(0, 0, 1, 1, 1), E_ARG, `${queues} ${hops}`);
    assert.is(r.errors, 1);
    assert.is(r.ugalMinimal(0) + r.ugalValiant(0), 0, "nothing decided");
    // The stream is where an untouched twin's is: the next valiant draws agree.
    for (let i = 0; i < 4; i++) assert.is(r.valiant(0, 0, 2), twin.valiant(0, 0, 2));
  }
});

test("open refuses a group or salt outside 32 bits rather than wrapping it onto another", () => {
  const r = new Router({ topology: "dragonfly" }, 2);
  // Int32Array stores 2^32 as 0: the switch would join group 0 and, for a destination in group
  // 0, pick Spritz's local table (§III-B), though it is in another group.
  assert.throws(() => r.open(0, 7, 2 ** 32), RangeError);
  assert.throws(() => r.open(0, 2 ** 32 + 5, 0), RangeError);
  assert.throws(() => r.open(0, -(2 ** 31) - 1, 0), RangeError);
  assert.is(r.errors, 3);
  r.open(0, 0xffffffff, 2 ** 31 - 1); // a uint32 salt and the largest group are accepted
  assert.is(r.group(0), 2 ** 31 - 1);
  assert.is(r.salt(0), -1, "the salt's 32 bits, as int32");
});

test("a Dragonfly router refuses a switch without a group: −1 would match a destination of none as the same group (§III-B)", () => {
  const r = new Router({ topology: "dragonfly" }, 2);
  assert.throws(() => r.open(0, 0, -1), /Dragonfly switch needs its group/);
  assert.is(r.errors, 1);
  r.open(0, 0, 3);
  const other = new Router({ topology: "other" }, 1);
  other.open(0, 0, -1); // outside Dragonfly, −1 is the usual "none"
});

// The scan is written for speed (no branch on the data: sign bits, and a tie list written ahead
// of its count); this compares it with the rule as leastOccupied's doc comment states it, read
// off the candidates one by one: the minimum, the tied candidates in order, and for t > 1 the
// k-th of them by the switch's next draw (or the first). Lengths 1 to 64 and any offset.
test("least occupied agrees with the rule read candidate by candidate, across lengths, offsets and tie patterns", () => {
  const seed = 5;
  let u = 0x2545f491;
  const next = (): number => {
    u ^= u << 13;
    u ^= u >>> 17;
    u ^= u << 5;
    return u >>> 0;
  };
  for (const tieBreak of ["random", "first"] as const) {
    const r = router({ seed, tieBreak, maxCandidates: 64 });
    let draws = 0;
    for (let round = 0; round < 3000; round++) {
      const len = 70;
      const ports = Array.from({ length: len }, (_, i) => 100 + i);
      // Few distinct values make ties common; the full range tests the sign-bit comparison.
      const span = [1, 3, 0x7fffffff][round % 3];
      const queues = Array.from({ length: len }, () => (span === 0x7fffffff ? next() >>> 1 : next() % span));
      bind(r, ports, queues, new Array(len).fill(1));
      const count = 1 + (next() % 64);
      const offset = next() % (len - count + 1);
      const window = queues.slice(offset, offset + count);
      const min = Math.min(...window);
      const tied = window.flatMap((q, i) => (q === min ? [i] : []));
      let k = 0;
      if (tied.length > 1 && tieBreak === "random") k = drawIndex(seed, 1, ++draws, tied.length);
      assert.is(r.leastOccupied(1, offset, count), 100 + offset + tied[k], `round ${round}: count ${count}, offset ${offset}`);
      assert.is(r.out[OUT.ties], tied.length);
    }
    assert.ok(draws > 500 || tieBreak === "first", `draws ${draws}`);
  }
});

// RouterParams.seed (conformance/api.json, routing.ts): "Default 1". A port that defaulted to
// another seed (0, say) would draw other ports for every Valiant, UGAL-L and random tie pick of
// a router built without one, and no vector or test built one without a seed. The expected
// draws are the README's generator at seed 1: state hash3(1, switch, 0x5a17), k-th word
// fmix32(state + k·0x9e3779b9), index ⌊u·n / 2^32⌋ over n = 1000 candidates (ports 5000 + i).
test("a router built without a seed draws as seed 1, on each switch's own stream", () => {
  const n = 1000;
  const r = new Router({}, 2);
  r.open(0, 7, -1);
  r.open(1, 8, -1);
  r.bindCandidates(Int32Array.from({ length: n }, (_, i) => 5000 + i), new Int32Array(n), new Int32Array(n).fill(1));
  for (let k = 1; k <= 4; k++) {
    assert.is(r.valiant(0, 0, n), 5000 + drawIndex(1, 0, k, n), `switch 0, draw ${k}`);
    assert.is(r.valiant(1, 0, n), 5000 + drawIndex(1, 1, k, n), `switch 1, draw ${k}`);
  }
});

// Spritz §III-C: "Each EV1 and EV2 are represented using 8-bits each"; README, Rules: EV1 = the
// high byte, EV2 = the low byte, identity pick EV2 mod n at ECMP 2. Every earlier EV had an even
// EV1 (0x12, 0x80) or a table of 2 ports (where 256 + EV2 ≡ EV2), so a 9-bit read of EV2, taking
// EV1's lowest bit, went unnoticed. Candidates ports 20…24 (n = 5):
//   EV 0x0103: EV1 = 1 → 1 mod 5 = 1, port 21; EV2 = 3 → 3 mod 5 = 3, port 23 (0x103 = 259 → 4, port 24)
//   EV 0xff07: EV1 = 255 → 255 mod 5 = 0, port 20; EV2 = 7 → 7 mod 5 = 2, port 22 (0x107 = 263 → 3, port 23)
test("fine mode: ECMP 2 reads only the EV's low byte, also when EV1 is odd", () => {
  const r = router({ topology: "dragonfly" }, 1);
  for (let i = 0; i < 5; i++) assert.is(r.setCandidate(i, 20 + i, 0, 1), 0);
  assert.is(r.spritzSelect(0, SPRITZ_ECMP1, 0x0103, 0, 0, 5), 21);
  assert.is(r.spritzSelect(0, SPRITZ_ECMP2, 0x0103, 0, 0, 5), 23);
  assert.is(r.spritzSelect(0, SPRITZ_ECMP1, 0xff07, 0, 0, 5), 20);
  assert.is(r.spritzSelect(0, SPRITZ_ECMP2, 0xff07, 0, 0, 5), 22);
});

// RouterParams' doc comments: topology `other`, spritzMode `fine`, maxCandidates 256, tieBreak
// `random`. With 256 candidate slots of its own, a router built without maxCandidates takes a
// least-occupied pick over 256 candidates and refuses 257 (E_ARG: "leastOccupied's count at most
// maxCandidates"); with ties broken by `first`, 256 equal queues go to the lowest index.
test("a router built without parameters: other topology, fine mode, 256 candidates, random ties", () => {
  const r = new Router({}, 1);
  assert.equal({ ...r.params }, { topology: "other", spritzMode: "fine", maxCandidates: 256, tieBreak: "random", seed: 1 });
  assert.is(r.candPort.length, 256);
  const f = new Router({ tieBreak: "first" }, 1);
  f.open(0, 7, -1);
  for (let i = 0; i < 256; i++) f.setCandidate(i, 300 + i, 5, 1);
  assert.is(f.leastOccupied(0, 0, 256), 300);
  const big = new Router({ maxCandidates: 257, tieBreak: "first" }, 1);
  big.open(0, 7, -1);
  for (let i = 0; i < 257; i++) big.setCandidate(i, 300 + i, 5, 1);
  const q = new Router({ tieBreak: "first" }, 1);
  q.open(0, 7, -1);
  q.bindCandidates(new Int32Array(257), new Int32Array(257), new Int32Array(257).fill(1));
  assert.is(q.leastOccupied(0, 0, 257), E_ARG);
  assert.is(big.leastOccupied(0, 0, 257), 300);
});

test.run();
