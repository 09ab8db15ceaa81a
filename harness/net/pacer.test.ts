import { test } from "uvu";
import * as assert from "uvu/assert";
import { Pacer } from "./pacer";

test("a gap fixed at the send: free until it ends, then one wake queued and only one", () => {
  const p = new Pacer(2);
  assert.is(p.hold(0, 0), 0, "never sent: free");
  p.sent(0, 1000, 4150, 5000);
  assert.equal([p.nextPs[0], p.lastBytesOf(0)], [6000, 4150]);
  assert.is(p.hold(0, 2000), 6000, "held: queue a wake at the gap's end");
  assert.is(p.hold(0, 3000), -1, "a wake is queued already");
  assert.is(p.hold(1, 3000), 0, "other flows are free");
  assert.ok(!p.woke(0, 5999));
  assert.ok(p.woke(0, 6000));
  assert.is(p.wakePs[0], 0);
  assert.is(p.hold(0, 6000), 0, "free at the gap's end");
});

test("repace: a gap set anew from the last send moves a held flow's wake earlier, frees it, or leaves the old wake", () => {
  const p = new Pacer(1);
  p.sent(0, 1000, 4150, 100_000); // next at 101,000
  assert.is(p.hold(0, 2000), 101_000);
  // An ACK at 3,000 with a gap of 5 ns: due at 6,000, before the wake at 101,000.
  assert.is(p.repace(0, 3000, 5000), 6000);
  assert.equal([p.nextPs[0], p.wakePs[0]], [6000, 6000]);
  assert.ok(!p.woke(0, 101_000), "the replaced wake is stale");
  // An ACK at 4,000 with a gap of 2 ns: due at 3,000, already past: no wake, free at once.
  assert.is(p.repace(0, 4000, 2000), 0);
  assert.equal([p.wakePs[0], p.hold(0, 4000)], [0, 0]);
  assert.ok(!p.woke(0, 6000), "the wake at 6,000 is stale too");
  // Due exactly now: free, no wake.
  p.sent(0, 10_000, 4150, 50_000); // next at 60,000
  assert.is(p.hold(0, 11_000), 60_000);
  assert.is(p.repace(0, 12_000, 2000), 0);
  assert.equal([p.wakePs[0], p.hold(0, 12_000)], [0, 0]);
  // A longer gap: the old wake stays and finds the flow held again, then queues the new end.
  p.sent(0, 20_000, 4150, 10_000); // next at 30,000
  assert.is(p.hold(0, 21_000), 30_000);
  assert.is(p.repace(0, 21_500, 10_000), 0, "due at the wake itself: nothing new to queue");
  assert.is(p.repace(0, 22_000, 40_000), 0, "due at 60,000: nothing new to queue");
  assert.equal([p.nextPs[0], p.wakePs[0]], [60_000, 30_000]);
  assert.ok(p.woke(0, 30_000));
  assert.is(p.hold(0, 30_000), 60_000);
  assert.ok(p.woke(0, 60_000));
  // A gap set anew with no wake queued only moves the next send.
  p.sent(0, 70_000, 4150, 0);
  assert.is(p.repace(0, 71_000, 3000), 0);
  assert.equal([p.nextPs[0], p.wakePs[0], p.hold(0, 72_000), p.hold(0, 73_000)], [73_000, 0, 73_000, 0]);
});

test.run();
