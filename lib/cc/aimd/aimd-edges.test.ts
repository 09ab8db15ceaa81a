// Boundaries of AIMD that aimd.test.ts passed over: inflight reaching exactly 1 and 0 bytes (found
// by the mutation pass, docs/mutation-testing.md), and the end of a once-per-window recovery
// reached by ACKs (RFC 6582), which no test walked through.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { AIMD_DECREASE, Aimd } from "./aimd";

function table(params: Record<string, unknown> = {}): Aimd {
  const cc = new Aimd(params, 2);
  cc.open(0);
  cc.open(1);
  return cc;
}

test("inflight counts down to exactly 1 byte and then 0", () => {
  const cc = table();
  cc.onSend(1, 0, 1001);
  cc.onAck(1, 1, 1000);
  assert.is(cc.inflightBytes(1), 1);
  cc.onAck(1, 2, 1);
  assert.is(cc.inflightBytes(1), 0);
});

test("RFC 6582: once ACKs cover the window of the last cut, the next loss cuts again", () => {
  const cc = table({ oncePerWindow: true });
  cc.onSend(1, 0, 10_000);
  assert.is(cc.onNack(1, 1, 1000), AIMD_DECREASE); // 9000 B still in flight: the cut's window
  assert.is(cc.recoverBytes(1), 9000);
  cc.onAck(1, 2, 9500);
  assert.is(cc.recoverBytes(1), 0);
  cc.onSend(1, 3, 5000);
  assert.is(cc.onNack(1, 4, 1000), AIMD_DECREASE);
});

test.run();
