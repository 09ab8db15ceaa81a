import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../lib/core/rng";
import { EVENT_TARGET_LIMIT, EventHeap } from "./heap";

test("pops in (time, insertion) order, ties in scheduling order, across growth", () => {
  const h = new EventHeap(4);
  const rng = new Xoshiro128(7);
  const want: [number, number][] = [];
  for (let i = 0; i < 5000; i++) {
    const t = rng.nextBelow(50) * 1000; // many ties
    h.push(t, i & 15, i, -i);
    want.push([t, i]);
  }
  want.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [t, i] of want) {
    assert.ok(h.pop());
    assert.is(h.t, t);
    assert.is(h.target, i);
    assert.is(h.kind, i & 15);
    assert.is(h.arg, -i);
  }
  assert.is(h.pop(), false);
});

test("interleaved pushes and pops keep the order (event-loop pattern)", () => {
  const h = new EventHeap(8);
  const rng = new Xoshiro128(3);
  let now = 0;
  let n = 0;
  for (let i = 0; i < 100; i++) h.push(rng.nextBelow(1000), 0, i, 0);
  while (h.pop()) {
    assert.ok(h.t >= now, "time never goes back");
    now = h.t;
    if (n++ < 20000) h.push(now + rng.nextBelow(3000), 1, n, 0);
  }
  assert.is(n, 100 + 20000); // every initial event plus the 20000 it scheduled
});

test("insert with staged sequence numbers in any order (EventList's FIFO heads) pops in (time, sequence) order", () => {
  const h = new EventHeap(4);
  const rng = new Xoshiro128(11);
  const n = 4000;
  // Distinct sequence numbers in shuffled order, times with many ties.
  const seqs = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    [seqs[i], seqs[j]] = [seqs[j], seqs[i]];
  }
  const want: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    h.at = rng.nextBelow(20) * 1000;
    h.atSeq = seqs[i];
    h.insert((seqs[i] << 4) | 1, i);
    want.push([h.at, seqs[i]]);
    // Pop now and then, so that removals (the hole's descent and the last element's rise) see ties too.
    if (i % 7 === 6) {
      want.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const [t, s] = want.shift() as [number, number];
      assert.is(h.peekTime(), t);
      assert.is(h.peekSeq(), s);
      assert.ok(h.pop());
      assert.equal([h.t, h.target], [t, s]);
    }
  }
  want.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [t, s] of want) {
    assert.ok(h.pop());
    if (h.t !== t || h.target !== s) assert.unreachable(`popped (${h.t}, ${h.target}) instead of (${t}, ${s})`);
  }
  assert.is(h.size, 0);
});

test("an empty heap peeks at Infinity; push counts what it scheduled", () => {
  const h = new EventHeap(2);
  assert.is(h.peekTime(), Infinity);
  h.push(5, 0, 0, 0);
  h.push(3, 0, 1, 0);
  assert.is(h.peekTime(), 3);
  assert.is(h.peekSeq(), 1);
  assert.is(h.scheduled, 2);
  h.pop();
  h.pop();
  assert.is(h.peekTime(), Infinity);
});

test("the largest target and kind an event word holds come back whole", () => {
  // (2^27 − 1) << 4 | 15 = 2^31 − 1, the largest int32: one more target would wrap negative.
  const h = new EventHeap(2);
  h.push(5, 15, EVENT_TARGET_LIMIT - 1, -7);
  assert.ok(h.pop());
  assert.equal([h.t, h.kind, h.target, h.arg], [5, 15, 2 ** 27 - 1, -7]);
});

test.run();
