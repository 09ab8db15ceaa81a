// The packet pool (packets.ts): a set of handles, each alive from alloc to release, that doubles up to its maximum.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Kind, P, PacketPool } from "./packets";

test("capacity outside [16, 2^24] or not an integer is refused", () => {
  for (const bad of [15, (1 << 24) + 1, 16.5, Number.NaN]) assert.throws(() => new PacketPool(bad), /capacity must be an integer/, String(bad));
  assert.is(new PacketPool(16).capacity, 16);
  assert.is(new PacketPool(1 << 24).capacity, 1 << 24);
});

test("every handle in [0, capacity) is handed out once before the pool runs dry, then alloc throws", () => {
  const pool = new PacketPool(64);
  const seen = new Set<number>();
  for (let i = 0; i < 64; i++) {
    const h = pool.alloc(Kind.Data, 0, 0, 100);
    assert.ok(h >= 0 && h < 64 && !seen.has(h), `handle ${h}`);
    seen.add(h);
  }
  assert.is(pool.live, 64);
  assert.throws(() => pool.alloc(Kind.Ack, 0, 0, 64), /packet pool exhausted \(64 packets alive\)/);
  pool.release(17);
  assert.is(pool.live, 63);
  assert.is(pool.alloc(Kind.Ack, 0, 0, 64), 17, "a released handle is the next one out");
});

test("a pool with room to grow doubles when every handle is alive, keeps the live records, and stops at its maximum", () => {
  const pool = new PacketPool(16, 40);
  for (let i = 0; i < 16; i++) {
    const h = pool.alloc(Kind.Data, i, 0, 100);
    pool.f64[h] = 1000 + h;
    pool.hostNs[h] = 2000 + h;
  }
  // The 17th: 32 handles now, the new ones from 16 up, the first 16 records as they were.
  assert.is(pool.alloc(Kind.Ack, 99, 0, 64), 16);
  assert.is(pool.capacity, 32);
  for (let h = 0; h < 16; h++) assert.equal([pool.i32[(h << P.Shift) + P.Flow], pool.f64[h], pool.hostNs[h]], [h, 1000 + h, 2000 + h]);
  for (let i = 17; i < 32; i++) assert.is(pool.alloc(Kind.Data, 0, 0, 1), i);
  // Then 40, not 64; then exhausted.
  assert.is(pool.alloc(Kind.Data, 0, 0, 1), 32);
  assert.is(pool.capacity, 40);
  for (let i = 33; i < 40; i++) pool.alloc(Kind.Data, 0, 0, 1);
  assert.throws(() => pool.alloc(Kind.Data, 0, 0, 1), /packet pool exhausted \(40 packets alive\)/);
  assert.is(pool.live, 40);
  assert.throws(() => new PacketPool(32, 16), /at most maxCapacity/);
});

test("alloc sets kind, flow, destination and size, and clears what the last user left", () => {
  const pool = new PacketPool(16);
  const h = pool.alloc(Kind.Data, 3, 4, 4150);
  const b = h << P.Shift;
  pool.i32.fill(-7, b, b + 16);
  pool.hostNs[h] = 5000;
  pool.release(h);
  assert.is(pool.alloc(Kind.Nack, 5, 6, 64), h);
  const i = pool.i32;
  assert.equal(
    [i[b + P.Kind], i[b + P.Flags], i[b + P.Hops], i[b + P.Flow], i[b + P.Dst], i[b + P.Bytes], i[b + P.Next], i[b + P.InBytes]],
    [Kind.Nack, 0, 0, 5, 6, 64, -1, 0],
  );
  assert.is(pool.hostNs[h], 0, "an ACK not made by the receiver's ack() tells of no remote delay");
  // A neighbour's record is untouched.
  const n = pool.alloc(Kind.Data, 1, 1, 1);
  pool.i32.fill(9, n << P.Shift, (n << P.Shift) + 16);
  pool.alloc(Kind.Ack, 2, 2, 2);
  assert.ok(pool.i32.subarray(n << P.Shift, (n << P.Shift) + 16).every((w) => w === 9));
});

test.run();
