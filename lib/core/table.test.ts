import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_SLOT } from "./errors";
import { FlowTable, flowBytes, layoutBytes } from "./table";
import { RingI32, isPowerOfTwo, nextPowerOfTwo } from "./ring";
import { SlotAllocator } from "./slots";
import { bdpBytes, bdpBytesCeil, bytesPerNsFromGbps, ceilPs, nsFromPs, nsFromUs, psFromNs, serialisationPs } from "./units";

const LAYOUT = { a: "i32", b: "u8", pair: ["u16", 2], wide: "f64" } as const;

class Demo extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  constructor(capacity: number) {
    super(LAYOUT, capacity);
  }
  open(slot: number): void {
    this.openSlot(slot);
    this.col.a[slot] = 7;
  }
  bump(slot: number): number {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    this.col.pair[slot * 2 + 1] += 1;
    return ++this.col.a[slot];
  }
  a(slot: number): number {
    return this.col.a[slot];
  }
  pair1(slot: number): number {
    return this.col.pair[slot * 2 + 1];
  }
}

/** The smallest table: one byte column. */
class Flag extends FlowTable<{ f: "u8" }> {
  constructor(capacity: number) {
    super({ f: "u8" }, capacity);
  }
  open(slot: number): void {
    this.openSlot(slot);
  }
}

test("the layout's byte count includes grouped columns and the open flag", () => {
  assert.is(layoutBytes(LAYOUT), 4 + 1 + 4 + 8);
  assert.is(Demo.bytesPerFlow, 18);
});

test("open initialises, close clears, and a closed slot is rejected with E_SLOT", () => {
  const t = new Demo(4);
  t.open(2);
  assert.is(t.bump(2), 8);
  assert.is(t.pair1(2), 1);
  assert.is(t.close(2), 0);
  assert.is(t.a(2), 0);
  assert.is(t.pair1(2), 0);
  assert.is(t.bump(2), E_SLOT);
  assert.is(t.close(2), E_SLOT);
  assert.is(t.errors, 2);
});

test("slots outside the table, fractional or NaN are rejected without touching state", () => {
  const t = new Demo(2);
  t.open(0);
  for (const bad of [-1, 2, 0.5, NaN, Infinity]) assert.is(t.bump(bad), E_SLOT);
  assert.is(t.errors, 5);
  assert.is(t.a(0), 7);
  assert.throws(() => t.open(2), RangeError);
  assert.throws(() => t.open(NaN), RangeError);
  assert.is(t.errors, 7);
});

test("reopening a slot starts it afresh; neighbours are untouched", () => {
  const t = new Demo(3);
  t.open(0);
  t.open(1);
  t.bump(0);
  t.bump(1);
  t.open(1);
  assert.is(t.a(1), 7);
  assert.is(t.pair1(1), 0);
  assert.is(t.a(0), 8);
  assert.is(t.pair1(0), 1);
});

test("inspect reports every column of a slot, grouped columns as arrays", () => {
  const t = new Demo(2);
  t.open(1);
  t.bump(1);
  assert.equal(t.inspect(1), { open: true, a: 8, b: 0, pair: [0, 1], wide: 0 });
  assert.equal(t.inspect(0), { open: false, a: 0, b: 0, pair: [0, 0], wide: 0 });
  assert.equal(t.inspect(5), { open: false });
  assert.equal(t.inspect(2), { open: false }, "slot = capacity");
});

test("capacity must be a positive integer", () => {
  assert.throws(() => new Demo(0), RangeError);
  assert.throws(() => new Demo(1.5), RangeError);
  assert.throws(() => new Demo(2 ** 24 + 1), RangeError);
  assert.is(new Demo(1).capacity, 1);
  const largest = new Flag(2 ** 24); // 2 B a slot: 32 MiB
  largest.open(2 ** 24 - 1);
  assert.ok(largest.isOpen(2 ** 24 - 1));
});

test("power-of-two ring: FIFO order, full and empty edges, wrap of the index", () => {
  assert.throws(() => new RingI32(6), RangeError);
  const r = new RingI32(4);
  assert.is(r.capacity, 4);
  assert.is(r.shift(-9), -9);
  assert.is(r.shift(), -1, "the default empty value");
  assert.is(r.peek(), -1);
  r.push(5);
  r.push(6);
  assert.is(r.peek(), 5, "the oldest by default");
  assert.is(r.peek(0), 5);
  r.clear();
  assert.is(r.size, 0);
  assert.is(r.shift(), -1);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 4; i++) assert.ok(r.push(round * 10 + i));
    assert.not.ok(r.push(99));
    assert.is(r.size, 4);
    assert.is(r.peek(3), round * 10 + 3);
    assert.is(r.peek(4, -7), -7);
    // NaN passed both range tests and read slot (head + NaN) & mask = 0, a stale value; 1.5 read element 1.
    for (const bad of [Number.NaN, 1.5, -0.5, Number.POSITIVE_INFINITY]) assert.is(r.peek(bad, -7), -7, String(bad));
    for (let i = 0; i < 4; i++) assert.is(r.shift(), round * 10 + i);
    assert.is(r.size, 0);
  }
  assert.ok(isPowerOfTwo(1) && isPowerOfTwo(1024));
  assert.not.ok(isPowerOfTwo(0) || isPowerOfTwo(-4) || isPowerOfTwo(12));
  assert.ok(isPowerOfTwo(2 ** 30), "the largest it accepts");
  assert.not.ok(isPowerOfTwo(2 ** 31) || isPowerOfTwo(2 ** 32));
  // Fractions: `&` truncates, so 1.5 & 0.5 is 1 & 0 = 0 (found in review; a DCP receiver took
  // bitmapBits 64.5 and reported 34.0625 bytes per slot).
  for (const x of [0.5, 1.5, 2.5, 4.25, 1024.5, Number.NaN, Number.POSITIVE_INFINITY]) assert.not.ok(isPowerOfTwo(x), String(x));
  assert.throws(() => new RingI32(2.5), RangeError);
  assert.is(nextPowerOfTwo(1), 1);
  assert.equal([2, 3, 5, 2 ** 30].map(nextPowerOfTwo), [2, 4, 8, 2 ** 30]);
  assert.is(nextPowerOfTwo(9), 16);
  assert.throws(() => nextPowerOfTwo(0), RangeError);
});

test("slot allocator hands out each slot once and takes back only what it gave", () => {
  const a = new SlotAllocator(3);
  assert.equal([a.alloc(), a.alloc(), a.alloc(), a.alloc()], [0, 1, 2, -1]);
  assert.ok(a.release(1));
  assert.not.ok(a.release(1));
  assert.not.ok(a.release(7));
  assert.is(a.alloc(), 1);
  assert.is(a.inUse, 3);
});

test("slot allocator edges: slot 0 and the last slot come back, the capacity itself is no slot", () => {
  const a = new SlotAllocator(3);
  assert.is(a.inUse, 0);
  assert.equal([a.alloc(), a.alloc()], [0, 1]);
  assert.is(a.inUse, 2);
  assert.not.ok(a.release(3), "slot = capacity");
  assert.not.ok(a.release(2), "never handed out");
  assert.not.ok(a.release(-1) || a.release(0.5) || a.release(NaN));
  assert.ok(a.release(0));
  assert.is(a.inUse, 1);
  assert.equal([a.alloc(), a.alloc(), a.alloc()], [0, 2, -1]);
});

test("flowBytes counts each column kind's width, plus the open flag", () => {
  assert.is(flowBytes({ a: "i8" }), 2);
  assert.is(flowBytes({ a: "u8", b: "i16", c: "u16" }), 6);
  assert.is(flowBytes({ a: "i32", b: "u32", c: "f64" }), 17);
  assert.is(flowBytes({ a: ["i8", 3], b: ["f64", 2] }), 20);
});

test("units: BDP and serialisation at datacenter rates", () => {
  assert.is(bytesPerNsFromGbps(100), 12.5);
  assert.is(bdpBytes(100, 12000), 150000); // UEC base_BDP: 100 Gb/s × 12 µs
  assert.is(serialisationPs(4150, 100), 332000);
  assert.is(serialisationPs(1, 800), 10);
  assert.is(serialisationPs(1, 3), 2667); // rounded up
});

test("units: µs → ns and ns → ps scale by 1000; ps → ns keeps the whole ns, rounded down", () => {
  assert.is(nsFromUs(12), 12_000); // UEC's 12 µs base RTT
  assert.is(nsFromUs(0.5), 500);
  assert.is(psFromNs(14), 14_000);
  // 4,674,240 ps (uet-htsim's ToR-local RTT, notes §9.3) is 4,674.24 ns: 4,674 whole.
  assert.is(nsFromPs(4_674_240), 4_674);
  assert.is(nsFromPs(999), 0);
  assert.is(nsFromPs(1000), 1);
  assert.is(nsFromPs(-1), -1, "rounded down, toward −∞");
});

test("flowBytes and FlowTable refuse a group width that is not an integer ≥ 1", () => {
  // A width of 2.5 made a 10-element column for capacity 4, so slot 1's group reached into slot 0's.
  for (const w of [2.5, 0, -1, Number.NaN]) {
    assert.throws(() => flowBytes({ g: ["i32", w] }), RangeError, String(w));
    assert.throws(() => new (class extends FlowTable<{ g: ["i32", number] }> {
      constructor() {
        super({ g: ["i32", w] }, 4);
      }
    })(), RangeError, String(w));
  }
});

test("units: bdpBytes floors the exact product, not a double's last-ulp shortfall", () => {
  // 33.3 Gb/s × 12,000 ns = 399,600 bits = 49,950 B exactly; the double product is 399,599.99999999994.
  assert.is(bdpBytes(33.3, 12000), 49_950);
  // A true fraction still floors: 3 Gb/s × 1 ns = 3 bits = 0.375 B; 33.3 × 12,001 = 399,633.3 bits = 49,954.1625 B.
  assert.is(bdpBytes(3, 1), 0);
  assert.is(bdpBytes(33.3, 12001), 49_954);
});

test("units: bdpBytesCeil rounds a true fraction up, and a product's last-ulp excess away", () => {
  // 16.056 Gb/s × 1000 ns = 16,056 bits = 2007 B exactly; the double is 2007.0000000000002.
  assert.ok((16.056 * 1000) / 8 > 2007);
  assert.is(bdpBytesCeil(16.056, 1000), 2007);
  // A true fraction rounds up: 3 Gb/s × 1 ns = 0.375 B → 1; 33.3 × 12,001 ns = 49,954.1625 B → 49,955.
  assert.is(bdpBytesCeil(3, 1), 1);
  assert.is(bdpBytesCeil(33.3, 12001), 49_955);
  assert.is(bdpBytesCeil(100, 1000), 12_500);
});

test("units: ceilPs rounds a true fraction of a ps up, and a product's last-ulp noise away", () => {
  // 333 B × 8 / 33.3 Gb/s = 80 ns exactly; as 333 × (8000 / 33.3) the double is 80,000.00000000001.
  assert.is(ceilPs(333 * (8000 / 33.3)), 80_000);
  assert.is(ceilPs(80_000.5), 80_001);
  assert.is(ceilPs(8000 / 3), 2667); // 2666.67
  assert.is(ceilPs(0), 0);
});

test.run();
