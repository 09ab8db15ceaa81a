import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../lib/core/rng";
import { EventList } from "./events";

test("delay-class FIFOs and the general heap pop in exact (time, sequence) order", () => {
  for (const seed of [1, 2, 3]) {
    const rng = new Xoshiro128(seed);
    const ev = new EventList(8);
    // Reference: every scheduled event with its (time, seq); the list must reproduce the sort.
    const log: [number, number][] = [];
    let seq = 0;
    const delays = [332_000, 1_332_000, 5_120, 1_005_120, 100_656_000, 0];
    for (let i = 0; i < 50; i++) {
      const t = rng.nextBelow(5) * 1000;
      ev.push(t, 1, seq, 0);
      log.push([t, seq++]);
    }
    const popped: [number, number][] = [];
    let scheduled = 0;
    while (ev.pop()) {
      popped.push([ev.t, ev.target]);
      if (scheduled < 30_000) {
        const k = rng.nextBelow(10);
        for (let j = 0; j < (k < 3 ? 2 : 1); j++) {
          if (k === 9) {
            const t = ev.t + rng.nextBelow(3) * 1000; // absolute, may tie with FIFO events
            ev.push(t, 2, seq, 0);
            log.push([t, seq++]);
          } else {
            const d = delays[rng.nextBelow(delays.length)] + (k === 8 ? rng.nextBelow(300) : 0); // some one-off classes
            ev.delay = d;
            ev.after(3, seq, 0);
            log.push([ev.t + d, seq++]);
          }
          scheduled++;
        }
      }
    }
    log.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.is(popped.length, log.length);
    for (let i = 0; i < log.length; i++) {
      if (popped[i][0] !== log[i][0] || popped[i][1] !== log[i][1]) assert.unreachable(`seed ${seed}: event ${i} is ${popped[i]} instead of ${log[i]}`);
    }
    assert.is(ev.size, 0);
  }
});

test("a delay-0 FIFO event and a later-scheduled general event at the same time pop in sequence order", () => {
  const ev = new EventList(8);
  ev.push(1000, 1, 0, 0); // A, seq 0
  ev.push(1000, 1, 1, 0); // B, seq 1
  assert.is(ev.size, 2);
  assert.ok(ev.pop()); // A
  ev.delay = 0;
  ev.after(3, 2, 0); // F at 1000, seq 2, in the delay-0 FIFO
  assert.ok(ev.pop()); // B
  assert.is(ev.target, 1);
  ev.push(1000, 2, 3, 0); // G at 1000, seq 3, in the general heap
  assert.is(ev.size, 2);
  assert.is(ev.scheduled, 4);
  assert.ok(ev.pop());
  assert.equal([ev.t, ev.kind, ev.target], [1000, 3, 2], "F (seq 2) before G (seq 3)");
  assert.ok(ev.pop());
  assert.equal([ev.t, ev.kind, ev.target], [1000, 2, 3]);
  assert.is(ev.size, 0);
  assert.not.ok(ev.pop());
});

test("a FIFO ring that fills while its head has moved keeps its order when it grows", () => {
  const ev = new EventList(8); // the first ring holds 256 entries
  let seq = 0;
  const want: number[] = [];
  // Class A (delay 5 ns) and class B (delay 7 ns) interleaved from one clock: at a tie A's
  // earlier sequence number goes first, as in one heap.
  const schedule = (n: number) => {
    for (let i = 0; i < n; i++) {
      ev.delay = 5000;
      ev.after(3, seq++, 0);
      ev.delay = 7000;
      ev.after(3, seq++, 0);
    }
  };
  schedule(200);
  // Pop 100 (all of class A at t = 5 ns come first, so A's head moves to 100)...
  const popped: number[] = [];
  for (let i = 0; i < 100; i++) {
    assert.ok(ev.pop());
    popped.push(ev.target);
  }
  // ...then wrap A's ring and fill it past 256 entries (200 − 100 + 300 = 400: it grows once).
  schedule(300);
  while (ev.pop()) popped.push(ev.target);
  // Expected by hand: the first 200 pairs were scheduled at clock 0, so A's 200 (even sequence
  // numbers 0..398) at 5 ns, then B's 200 (odd, 1..399) at 7 ns; the later 300 pairs at clock
  // 5 ns, so A's (400..998 even) at 10 ns, then B's (401..999 odd) at 12 ns.
  for (let i = 0; i < 200; i++) want.push(2 * i);
  for (let i = 0; i < 200; i++) want.push(2 * i + 1);
  for (let i = 200; i < 500; i++) want.push(2 * i);
  for (let i = 200; i < 500; i++) want.push(2 * i + 1);
  assert.equal(popped, want);
  assert.is(ev.size, 0);
});

test("the clock starts at 0: an event scheduled with a delay before anything popped is at that delay", () => {
  const e = new EventList();
  assert.is(e.t, 0);
  e.delay = 1000;
  e.after(1, 2, 3);
  assert.ok(e.pop());
  assert.equal([e.t, e.kind, e.target, e.arg], [1000, 1, 2, 3]);
});

test.run();
