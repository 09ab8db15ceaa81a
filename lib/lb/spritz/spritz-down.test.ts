// Permanently unavailable paths (Spritz §IV-C "Failures": "EV entries can be marked as
// temporarily or permanently unavailable"): setPathAvailable, isDown, downPaths.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { ECN, GOOD, NACK, TIMEOUT } from "../feedback";
import { SPRITZ_BLOCKED, SPRITZ_RESTORED, type SpritzBase, SpritzScout, SpritzSpray } from "./spritz";
import { EndpointTable } from "./table";
import { FAR, SMALL, evs } from "./test-support";
import { Dragonfly } from "./topology";

type Make = (params: Record<string, unknown>, capacity: number) => SpritzBase;
const VARIANTS: [string, Make][] = [
  ["Scout", (p, c) => new SpritzScout({ ...SMALL, ...p }, c)],
  ["Spray", (p, c) => new SpritzSpray({ ...SMALL, ...p }, c)],
];

/** Every EV the flow's sends at `nowNs` returned over `n` sends that all run gen(w) (exploreThreshold 0, nothing cached). */
function drawn(t: SpritzBase, slot: number, n: number, nowNs: number): Set<number> {
  const seen = new Set<number>();
  for (let k = 0; k < n; k++) seen.add(t.choosePath(slot, nowNs, k));
  return seen;
}

for (const [name, make] of VARIANTS) {
  test(`${name}: a down path is never drawn, weighted, uniform or biased; the others still are`, () => {
    for (const params of [{}, { weighted: false }, { minBiasFactor: 1000, ecnRateGain: 1 / 2 }]) {
      const t = make({ exploreThreshold: 0, ...params }, 2);
      t.open(0, FAR);
      const list = evs(t, 0);
      const cls = t.pathClass(0, list[0]);
      // Entry 0 is the one the bias favours: the hardest to keep out.
      assert.is(t.setPathAvailable(0, list[0], false), 0);
      assert.ok(t.isDown(0, list[0]));
      assert.is(t.downPaths, 1);
      assert.is(t.blockedPaths, 0);
      assert.not.ok(t.isBlocked(0, list[0]));
      assert.is(t.ecnCount(0, list[0]), 14, "14: down, not blocked");
      assert.is(t.pathClass(0, list[0]), cls, "the class survives the mark");
      if ("minBiasFactor" in params) {
        // ECN marks on another path drive the rate past 90 %: the flow is biased toward entry 0.
        for (let k = 0; k < 8; k++) t.onPathFeedback(0, 1, list[3], ECN);
        assert.ok(t.biased(0));
      }
      const seen = drawn(t, 0, 4000, 10);
      assert.not.ok(seen.has(list[0]), JSON.stringify(params));
      assert.is(seen.size, 7, "the seven others are drawn");
      assert.is(t.errors, 0);
    }
  });

  test(`${name}: the global timer does not lift a down path; available again, it is drawn again`, () => {
    const t = make({ exploreThreshold: 0, restoreIntervalNs: 1000 }, 1);
    t.open(0, FAR);
    const list = evs(t, 0);
    const cls = t.pathClass(0, list[2]);
    t.setPathAvailable(0, list[2], false);
    // A block elsewhere arms the timer; the feedback at 1000 ns fires it.
    assert.ok((t.onPathFeedback(0, 0, list[5], TIMEOUT) & SPRITZ_BLOCKED) !== 0);
    assert.ok((t.onPathFeedback(0, 1000, list[6], GOOD) & SPRITZ_RESTORED) !== 0);
    assert.is(t.blockedPaths, 0);
    assert.ok(t.isDown(0, list[2]));
    assert.not.ok(drawn(t, 0, 3000, 2000).has(list[2]));
    assert.is(t.setPathAvailable(0, list[2], true), 0);
    assert.not.ok(t.isDown(0, list[2]));
    assert.is(t.downPaths, 0);
    assert.is(t.ecnCount(0, list[2]), 0);
    assert.is(t.pathClass(0, list[2]), cls);
    assert.ok(drawn(t, 0, 3000, 6000).has(list[2]));
  });

  test(`${name}: a path blocked and down stays unavailable until the timer and the mark are both gone`, () => {
    // Blocked, then down; the mark goes first: still blocked until the timer.
    const t = make({ exploreThreshold: 0, restoreIntervalNs: 1000 }, 1);
    t.open(0, FAR);
    const [a, b] = evs(t, 0);
    const cls = t.pathClass(0, a);
    t.onPathFeedback(0, 0, a, TIMEOUT);
    t.setPathAvailable(0, a, false);
    assert.ok(t.isBlocked(0, a) && t.isDown(0, a));
    assert.is(t.ecnCount(0, a), 15);
    t.setPathAvailable(0, a, true);
    assert.ok(t.isBlocked(0, a));
    assert.not.ok(t.isDown(0, a));
    assert.not.ok(drawn(t, 0, 2000, 999).has(a), "blocked until the timer");
    t.onPathFeedback(0, 1000, b, GOOD);
    assert.not.ok(t.isBlocked(0, a));
    assert.is(t.pathClass(0, a), cls);
    assert.ok(drawn(t, 0, 2000, 1001).has(a));

    // Blocked, then down; the timer goes first: still down until the mark goes.
    const u = make({ exploreThreshold: 0, restoreIntervalNs: 1000 }, 1);
    u.open(0, FAR);
    u.onPathFeedback(0, 0, a, TIMEOUT);
    u.setPathAvailable(0, a, false);
    u.onPathFeedback(0, 1000, b, GOOD);
    assert.not.ok(u.isBlocked(0, a));
    assert.ok(u.isDown(0, a));
    assert.is(u.ecnCount(0, a), 14);
    assert.not.ok(drawn(u, 0, 2000, 1001).has(a), "down after the timer");
    u.setPathAvailable(0, a, true);
    assert.is(u.ecnCount(0, a), 0);
    assert.is(u.pathClass(0, a), cls);
    assert.ok(drawn(u, 0, 2000, 1001).has(a));
  });

  test(`${name}: a block evicted early from a full list leaves a down path down`, () => {
    const t = make({ maxBlocked: 1 }, 1);
    t.open(0, FAR);
    const [a, b] = evs(t, 0);
    const cls = t.pathClass(0, a);
    t.onPathFeedback(0, 0, a, TIMEOUT);
    t.setPathAvailable(0, a, false);
    t.onPathFeedback(0, 0, b, TIMEOUT);
    assert.is(t.evictedBlocks, 1);
    assert.not.ok(t.isBlocked(0, a));
    assert.ok(t.isDown(0, a));
    assert.is(t.pathClass(0, a), cls);
  });

  test(`${name}: marking takes the path out of every buffer to that switch, and feedback does not bring it back`, () => {
    const t = make({}, 3);
    t.open(0, FAR);
    t.open(1, FAR);
    t.open(2, FAR + 1); // another destination: its cells are other cells
    const list = evs(t, 0);
    const other = evs(t, 2);
    for (const s of [0, 1]) for (const ev of [list[1], list[4], list[1]]) t.onPathFeedback(s, 0, ev, GOOD);
    for (const ev of [other[1], other[4]]) t.onPathFeedback(2, 0, ev, GOOD);
    // Scout holds list[1] once per flow, Spray's ring twice (duplicates allowed).
    const copies = name === "Scout" ? 1 : 2;
    const cachedBefore = t.pathsCached;
    assert.is(t.setPathAvailable(0, list[1], false), 2 * copies);
    assert.is(t.pathsRemovedDown, 2 * copies);
    assert.is(t.pathsCached, cachedBefore, "removed entries still count as cached once");
    for (const s of [0, 1]) {
      assert.is(t.bufferSize(s), 1);
      assert.is(t.buffered(s, 0), list[4]);
    }
    assert.is(t.bufferSize(2), 2, "another destination's buffer is left alone");
    // Late feedback for packets sent on it before the mark: ignored, no error.
    const rate = t.ecnRateQ16(0);
    for (const kind of [GOOD, ECN, NACK, TIMEOUT]) assert.is(t.onPathFeedback(0, 5, list[1], kind), 0);
    assert.is(t.onPathFeedbackRtt(0, 5, list[1], GOOD, 3000), 0);
    assert.is(t.bufferSize(0), 1, "GOOD does not re-cache a down path");
    assert.is(t.ecnRateQ16(0), rate, "no rate sample");
    assert.not.ok(t.isBlocked(0, list[1]), "TIMEOUT does not block a down path");
    assert.is(t.blocks, 0);
    assert.is(t.errors, 0);
    // Marking it down again changes nothing; marking an available path available neither.
    assert.is(t.setPathAvailable(1, list[1], false), 0);
    assert.is(t.setPathAvailable(1, list[4], true), 0);
    assert.is(t.downPaths, 1);
    assert.is(t.bufferSize(1), 1);
  });

  test(`${name}: with every path unavailable, gen(w) answers as with every path blocked (the last draw)`, () => {
    // Two tables of the same seed: one with every path blocked, one with every path down (and
    // half of them blocked too). gen(w) draws alike, so the answers must be the same EVs.
    const blocked = make({ exploreThreshold: 0, seed: 5 }, 1);
    const down = make({ exploreThreshold: 0, seed: 5 }, 1);
    blocked.open(0, FAR);
    down.open(0, FAR);
    const list = evs(blocked, 0);
    list.forEach((ev, i) => {
      blocked.onPathFeedback(0, 0, ev, TIMEOUT);
      if (i % 2 === 0) down.onPathFeedback(0, 0, ev, TIMEOUT);
      down.setPathAvailable(0, ev, false);
    });
    assert.is(down.downPaths, 8);
    for (let k = 0; k < 200; k++) {
      const ev = down.choosePath(0, 1 + k, k);
      assert.is(ev, blocked.choosePath(0, 1 + k, k));
      assert.ok(list.includes(ev));
    }
    assert.is(down.errors, 0);
  });
}

test("Spray: the ring keeps its order around the dropped copies, across the wrap", () => {
  const t = new SpritzSpray(SMALL, 1);
  t.open(0, FAR);
  const l = evs(t, 0);
  for (const ev of [l[0], l[1], l[2], l[3], l[4], l[5]]) t.onPathFeedback(0, 0, ev, GOOD);
  for (let k = 0; k < 5; k++) t.choosePath(0, 1, k); // head 5, l[5] left
  for (const ev of [l[1], l[2], l[1], l[6]]) t.onPathFeedback(0, 0, ev, GOOD); // ring wraps past slot 7
  assert.is(t.setPathAvailable(0, l[1], false), 2);
  assert.equal([0, 1, 2].map((i) => t.buffered(0, i)), [l[5], l[2], l[6]]);
  assert.is(t.bufferSize(0), 3);
});

test("Scout: the buffer stays in latency order after a drop, and the flow re-caches other paths", () => {
  const t = new SpritzScout(SMALL, 1);
  t.open(0, FAR);
  const l = evs(t, 0);
  for (const ev of [l[6], l[2], l[4]]) t.onPathFeedback(0, 0, ev, GOOD);
  t.setPathAvailable(0, l[4], false);
  assert.equal([t.buffered(0, 0), t.buffered(0, 1)], [l[2], l[6]]);
  t.onPathFeedback(0, 0, l[3], GOOD);
  assert.equal([0, 1, 2].map((i) => t.buffered(0, i)), [l[2], l[3], l[6]]);
  assert.is(t.choosePath(0, 1, 0), l[2]);
});

test("bad input: closed slot, EV not a path, not a boolean → error code, counter, state unchanged", () => {
  const t = new SpritzScout(SMALL, 3);
  t.open(0, FAR);
  t.open(1, 0); // the source switch itself: no list
  const list = evs(t, 0);
  t.onPathFeedback(0, 0, list[1], GOOD);
  t.setPathAvailable(0, list[2], false);
  const meta = Array.from(t.table.meta);
  const flow = JSON.stringify(t.inspect(0));
  const fields = JSON.stringify([t.downPaths, t.blockedPaths, t.pathsRemovedDown, t.pathsCached]);
  const bad: [number, number, unknown, number][] = [
    [2, list[1], false, E_SLOT], // never opened
    [7, list[1], false, E_SLOT], // outside the table
    [0.5, list[1], false, E_SLOT],
    [0, -1, false, E_ARG],
    [0, 0x10000, false, E_ARG],
    [0, 1.5, false, E_ARG],
    [0, list[1], 0, E_ARG],
    [0, list[2], 1, E_ARG],
    [0, list[1], "false", E_ARG],
    [0, list[1], undefined, E_ARG],
    [0, 0xffff, false, E_STATE], // a 16-bit EV outside the flow's ECMP tables
    [1, 0, false, E_STATE], // a flow to its own switch has no paths, EV 0 included
  ];
  // A cell of the flow's shape that is no path (E_STATE as well).
  const d = new EndpointTable(new Dragonfly({ p: 1, a: 4, h: 2 }), 0);
  let noPath = -1;
  for (let ev = 0; ev < 0x10000 && noPath < 0; ev++) {
    const c = d.cellOf(FAR, ev);
    if (c >= 0 && (d.meta[d.metaStart[FAR] + c] & 15) === 15) noPath = ev;
  }
  if (noPath >= 0) bad.push([0, noPath, false, E_STATE]);
  bad.forEach(([slot, ev, available, code], i) => {
    assert.is(t.setPathAvailable(slot, ev, available as boolean), code, `case ${i}`);
    assert.is(t.errors, i + 1);
  });
  t.close(2);
  assert.is(t.setPathAvailable(2, list[1], true), E_SLOT, "closed after use");
  assert.equal(Array.from(t.table.meta), meta);
  assert.is(JSON.stringify(t.inspect(0)), flow);
  assert.is(JSON.stringify([t.downPaths, t.blockedPaths, t.pathsRemovedDown, t.pathsCached]), fields);
  // The readers on an EV that is no path.
  assert.not.ok(t.isDown(0, 0xffff));
  assert.not.ok(t.isDown(2, list[2]));
  assert.is(t.pathClass(0, 0xffff), -1);
});

test("resetMetadata brings a down path back with its latency class", () => {
  const table = new EndpointTable(new Dragonfly({ p: 1, a: 4, h: 2 }), 0);
  const t = new SpritzScout({ table }, 1);
  t.open(0, FAR);
  const list = evs(t, 0);
  const classes = list.map((ev) => t.pathClass(0, ev));
  t.onPathFeedback(0, 0, list[7], TIMEOUT);
  t.setPathAvailable(0, list[7], false);
  t.setPathAvailable(0, list[3], false);
  table.resetMetadata();
  const u = new SpritzScout({ table }, 1);
  u.open(0, FAR);
  assert.equal(
    list.map((ev) => u.pathClass(0, ev)),
    classes,
  );
  assert.ok(list.every((ev) => !u.isDown(0, ev) && !u.isBlocked(0, ev) && u.ecnCount(0, ev) === 0));
});

test.run();
