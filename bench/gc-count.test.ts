import { test } from "uvu";
import * as assert from "uvu/assert";
import { gcCount } from "./gc-count";

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
  const { gcs } = await gcCount(op, 1000);
  assert.is(gcs, 0);
});

test.run();
