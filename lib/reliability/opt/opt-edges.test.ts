// Boundaries of OPT that opt.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): a threshold of one packet, the parameter and packet-size range
// ends, what a timeout reports, and an ACK that catches up with a rewound send point.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_STATE } from "../../core/errors";
import { OPT_SEND_NEW, OPT_SEND_RETRANSMIT, OptInitiator } from "./opt";

test("a threshold of one packet: one send, then nothing until it is acknowledged", () => {
  const o = new OptInitiator({ maxOutstandingPackets: 1 }, 1);
  o.open(0, 0, 1000);
  assert.is(o.limitPackets(0), 1);
  assert.ok(o.canSend(0));
  assert.is(o.onSend(0), OPT_SEND_NEW);
  assert.not.ok(o.canSend(0));
  assert.is(o.onSend(0), E_STATE);
  assert.is(o.onAck(0, 0), 1);
  assert.ok(o.canSend(0));
  assert.is(o.onSend(0), OPT_SEND_NEW);
  assert.is(o.out[0], 1);
});

test("parameter ranges: 1 packet and 1 byte, 2^30 packets and 2^31 − 1 bytes; packet sizes 1 to maxOutstandingBytes", () => {
  const small = new OptInitiator({ maxOutstandingPackets: 1, maxOutstandingBytes: 1 }, 1);
  small.open(0, 0, 1);
  assert.is(small.limitPackets(0), 1);
  assert.throws(() => new OptInitiator({ maxOutstandingBytes: 0 }), RangeError);
  assert.throws(() => new OptInitiator({ maxOutstandingPackets: 2 ** 30 + 1 }), RangeError);
  const big = new OptInitiator({ maxOutstandingPackets: 2 ** 30, maxOutstandingBytes: 2 ** 31 - 1 }, 1);
  big.open(0, 0, 1);
  assert.is(big.limitPackets(0), 2 ** 30);
  big.open(0, 0, 2 ** 31 - 1);
  assert.is(big.limitPackets(0), 1);
  assert.throws(() => big.open(0, 0, 0), RangeError);
  assert.throws(() => big.open(0, 0, 2 ** 31), RangeError);
});

test("default capacity: one stream", () => {
  const o = new OptInitiator();
  o.open(0, 0, 100);
  assert.throws(() => o.open(1, 0, 100), RangeError);
});

test("a timeout reports how many packets go again: 2 of 2, then 4 of 4", () => {
  const o = new OptInitiator({}, 1);
  o.open(0, 10, 100);
  o.onSend(0);
  o.onSend(0);
  assert.is(o.onTimeout(0), 2);
  assert.is(o.nextSeq(0), 10);
  assert.is(o.onSend(0), OPT_SEND_RETRANSMIT);
  o.onSend(0);
  o.onSend(0);
  o.onSend(0);
  assert.is(o.onTimeout(0), 4);
});

test("an ACK of exactly the rewound send point moves it one past the ACK", () => {
  const o = new OptInitiator({}, 1);
  o.open(0, 0, 100);
  for (let i = 0; i < 4; i++) o.onSend(0); // 0..3 sent
  o.onTimeout(0); // back to 0
  assert.is(o.onSend(0), OPT_SEND_RETRANSMIT); // 0 again; next is 1
  assert.is(o.onAck(0, 1), 2); // 0 and 1 acknowledged: next was 1, now 2
  assert.is(o.nextSeq(0), 2);
  assert.is(o.onSend(0), OPT_SEND_RETRANSMIT);
  assert.is(o.out[0], 2);
});

test("open counts each refusal in errors (DESIGN.md rule 7) and leaves the stream as it was", () => {
  const o = new OptInitiator({}, 2);
  o.open(0, 5, 2112);
  o.onSend(0);
  const before = JSON.stringify(o.inspect(0));
  assert.throws(() => o.open(0, 0.5, 2112), RangeError); // not a 32-bit sequence number
  assert.is(o.errors, 1);
  assert.throws(() => o.open(0, 2 ** 32, 2112), RangeError);
  assert.is(o.errors, 2);
  assert.throws(() => o.open(0, 0, 0), RangeError); // packetBytes below 1
  assert.is(o.errors, 3);
  assert.throws(() => o.open(0, 0, 262145), RangeError); // above maxOutstandingBytes
  assert.is(o.errors, 4);
  assert.throws(() => o.open(2, 0, 2112), RangeError); // slot outside the table
  assert.is(o.errors, 5);
  assert.is(JSON.stringify(o.inspect(0)), before);
  assert.is(o.nextSeq(0), 6);
});

test.run();
