// Boundaries of MP-RDMA that mprdma.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md): a NACK of a single byte, and handlers called at times other than 0.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MPRDMA_DECREASE, Mprdma } from "./mprdma";

test("a NACK of 1 byte cuts ⌈0.5 × 1⌉ = 1 byte (the cut is rounded up)", () => {
  const cc = new Mprdma({}, 2);
  cc.open(1);
  const w = cc.cwndBytes(1);
  assert.is(cc.onNack(1, 5, 1), MPRDMA_DECREASE);
  assert.is(cc.cwndBytes(1), w - 1);
});

test("onSend and onTimeout take any finite time", () => {
  const cc = new Mprdma({}, 2);
  cc.open(1);
  assert.is(cc.onSend(1, 12_345, 4096), 0);
  assert.is(cc.inflightBytes(1), 4096);
  assert.is(cc.onTimeout(1, 67_890, 4096), 0);
  assert.is(cc.inflightBytes(1), 0);
  assert.is(cc.errors, 0);
});

test.run();
