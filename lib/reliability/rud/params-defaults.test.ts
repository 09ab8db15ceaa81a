// Derived defaults (DESIGN.md rules 6/7): an mtuBytes given alone inside its documented range
// [2, 65535] is never refused because of the 64 B header default; explicit out-of-range values
// still are.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolveRudParams } from "./params";
import { RudReceiver } from "./receiver";
import { RUD_TX_LAST, RUD_TX_NEW, RudSender } from "./sender";

test("headerBytes default is min(64, mtuBytes − 1): a 64 B MTU is accepted alone by sender and receiver", () => {
  // mtuBytes 64: header min(64, 63) = 63, payload 64 − 63 = 1 B per packet.
  const s = new RudSender({ mtuBytes: 64 });
  assert.is(s.params.headerBytes, 63);
  assert.is(new RudReceiver({ mtuBytes: 64 }).params.headerBytes, 63);
  s.open(0);
  s.post(0, 2); // 2 B of payload → 2 packets of 64 B
  assert.is(s.nextPacket(0, 0, 0), RUD_TX_NEW);
  assert.equal([s.out[1], s.out[2]], [64, 1]); // wire bytes, payload bytes
  assert.is(s.nextPacket(0, 1, 0), RUD_TX_NEW | RUD_TX_LAST);
  // The smallest MTU: 2 → header min(64, 1) = 1.
  assert.is(resolveRudParams({ mtuBytes: 2 }).headerBytes, 1);
  // From 65 B up the default is the uet-htsim 64 B: min(64, 64) = 64; and at the default MTU 4150.
  assert.is(resolveRudParams({ mtuBytes: 65 }).headerBytes, 64);
  assert.is(resolveRudParams().headerBytes, 64);
});

test("explicit out-of-range header or MTU still throws", () => {
  assert.throws(() => new RudSender({ mtuBytes: 64, headerBytes: 64 }), /headerBytes must be an integer in \[1, 63\], got 64/);
  assert.throws(() => new RudReceiver({ mtuBytes: 64, headerBytes: 64 }), /headerBytes must be an integer in \[1, 63\], got 64/);
  // A bad MTU is reported on the MTU, not on the header derived from it.
  assert.throws(() => new RudSender({ mtuBytes: 1 }), /mtuBytes must be an integer in \[2, 65535\], got 1/);
});

test.run();
