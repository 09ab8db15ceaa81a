import { test } from "uvu";
import * as assert from "uvu/assert";
import { YOUNG_BYTES_NOISE, allocated, gcCount } from "./gc-count";

// The instrument behind bench/alloc.ts must see an allocating handler in every window, and see
// nothing from one that only writes typed arrays.
const EVENTS = 4096;

test("a handler that allocates an object per event collects in every window", async () => {
  const keep: { psn: number }[] = new Array(64);
  const op = () => {
    let sum = 0;
    for (let i = 0; i < EVENTS; i++) {
      const o = { psn: i }; // escapes into `keep`, so V8 cannot remove the allocation
      keep[i & 63] = o;
      sum += o.psn;
    }
    return sum;
  };
  for (let window = 0; window < 2; window++) {
    const { gcs, scavenges } = await gcCount(op, 1000);
    // Scavenges too: the next test judges by them, so they must be told apart from the others.
    assert.ok(gcs > 0 && scavenges > 0, `window ${window}: ${gcs} GCs (${scavenges} scavenges) over 4 M allocating events`);
  }
});

test("a handler that only writes typed arrays does not collect", async () => {
  const state = new Int32Array(64);
  const op = () => {
    let sum = 0;
    for (let i = 0; i < EVENTS; i++) {
      state[i & 63] = (state[i & 63] + i) | 0;
      sum = (sum + state[(i * 7) & 63]) | 0;
    }
    return sum;
  };
  // As bench/alloc.ts judges a workload: a window that allocated is confirmed by a second. Right
  // after the test above, whose 8 M objects are garbage, one run in several collected twice in
  // the first window (CI, 2026-12-05), and another once in each of two (CI, later that day): V8's
  // memory reducer runs full collections of the old generation for a while after allocation
  // stops, whoever runs then. What a handler's own objects cause is scavenges of the young
  // generation (the test above: one per few MiB), so the confirming window must have none.
  const first = await gcCount(op, 1000);
  const r = allocated(first) ? await gcCount(op, 1000) : first;
  assert.is(r.scavenges, 0, `${first.gcs} GCs (${first.scavenges} scavenges), then ${r.gcs} (${r.scavenges}) in the confirming window`);
  assert.ok(r.youngBytes <= YOUNG_BYTES_NOISE, `young generation +${r.youngBytes} B`);
});

test("an object on one event in 1,024 grows the young generation without a collection", async () => {
  // 10 M events, about 10,000 small objects (~300 KiB): too few to fill the young generation,
  // so only the growth shows them; the typed-array handler above grows it by a few KiB.
  const keep: { psn: number }[] = new Array(64);
  const op = () => {
    let sum = 0;
    for (let i = 0; i < EVENTS; i++) {
      if ((i & 1023) === 0) keep[i & 63] = { psn: i };
      sum = (sum + i) | 0;
    }
    return sum;
  };
  const r = await gcCount(op, 2442);
  assert.ok(allocated(r), `${r.gcs} GCs, young generation +${r.youngBytes} B over 10 M events`);
});

test.run();
