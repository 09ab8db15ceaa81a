import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../lib/core/rng";
import { EventHeap } from "./heap";

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

test.run();
