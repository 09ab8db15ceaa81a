import { test } from "uvu";
import * as assert from "uvu/assert";
import { allocated, gcCount } from "./gc-count";

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
    const { gcs } = await gcCount(op, 1000);
    assert.ok(gcs > 0, `window ${window}: ${gcs} GCs over 4 M allocating events`);
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
  // the first window (CI, 2026-12-05); a handler that allocates collects in every window.
  const first = await gcCount(op, 1000);
  const r = allocated(first) ? await gcCount(op, 1000) : first;
  assert.is(r.gcs, 0, `${first.gcs} GCs, then ${r.gcs} in the confirming window`);
  assert.ok(!allocated(r), `young generation +${r.youngBytes} B`);
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
