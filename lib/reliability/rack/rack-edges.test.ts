// Boundaries of RACK-TLP that rack.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): the send window met exactly.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RACK_TX_NEW, RACK_TX_NONE, RackSender } from "./rack";

test("with windowPackets in flight nothing new is sent; one acknowledged frees one", () => {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 4 }, 2);
  s.open(1, 0);
  s.post(1, 1024 * 8, 1);
  s.onSchedule(1, 0, 1 << 20);
  for (let i = 0; i < 4; i++) assert.is(s.nextPacket(1, i), RACK_TX_NEW);
  assert.is(s.inflightPackets(1), 4);
  assert.is(s.nextPacket(1, 4), RACK_TX_NONE);
  s.onAck(1, 10_000, 1, 0, false);
  assert.is(s.nextPacket(1, 10_001), RACK_TX_NEW);
  assert.is(s.nextPacket(1, 10_002), RACK_TX_NONE);
});

test.run();
