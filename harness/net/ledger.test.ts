import { test } from "uvu";
import * as assert from "uvu/assert";
import { SignedFlight } from "./ledger";

test("SignedFlight: a packet counted at the receiver, then timed out, then restored by its SACK leaves the module's flight at 0, as the signed sum", () => {
  const f = new SignedFlight(2);
  f.open(1);
  f.sent(1, 9000);
  f.sent(1, 9000);
  // The receiver's count covers both packets: the module takes 18,000 out.
  assert.is(f.take(1, 18_000), 18_000);
  // The first one's RTO fires before its SACK is back: the sum goes to −9,000, the module has nothing to give.
  assert.is(f.take(1, 9000), 0);
  // The SACK acknowledges it while it waits for its resend: the sum is back at 0, nothing to add.
  assert.is(f.putBack(1, 9000), 0);
  // What a module that stops at 0 would have been told instead: 18,000 out, 9,000 out (0 taken), 9,000 back: 9,000 held for good.
  f.sent(1, 4150);
  assert.is(f.take(1, 4150), 4150);
});

test("SignedFlight: a send while the sum is below 0 goes to the module in full and comes out again at the next take", () => {
  const f = new SignedFlight(1);
  f.open(0);
  f.sent(0, 1000);
  assert.is(f.take(0, 1000), 1000);
  assert.is(f.take(0, 1000), 0); // sum −1,000
  f.sent(0, 1000); // the resend: the sum is 0, the module holds 1,000
  // Its copy arrives as a duplicate, which the receiver does not count: the next ACK takes 0
  // bytes, and the module gives back the 1,000 the sum says are not in flight.
  assert.is(f.take(0, 0), 1000);
  // A timeout, then the restore of the same packet: out and back.
  f.sent(0, 500);
  assert.is(f.take(0, 500), 500);
  assert.is(f.putBack(0, 500), 500);
  assert.is(f.take(0, 500), 500);
  // open() starts a flow afresh.
  f.take(0, 700);
  f.open(0);
  f.sent(0, 10);
  assert.is(f.take(0, 10), 10);
});

test("SignedFlight: one-byte amounts are exact (a sum of 1, a take of 1, a put-back of 1)", () => {
  const f = new SignedFlight(1);
  f.open(0);
  f.sent(0, 2);
  assert.is(f.take(0, 1), 1); // sum 1: the module keeps 1
  assert.is(f.take(0, 1), 1); // sum 0
  assert.is(f.take(0, 1), 0); // sum −1
  assert.is(f.putBack(0, 2), 1); // sum 1: one byte back
});

test("SignedFlight: an ACK the module could not hear (its packet already timed out) is told when the SACK restores that packet", () => {
  const f = new SignedFlight(1);
  f.open(0);
  f.sent(0, 1000);
  assert.is(f.take(0, 1000), 1000); // the timeout: out of flight, told in full
  // The receiver's byte count covers the packet while it waits for its resend: the sum goes
  // to −1,000 and the module, at 0, can be told nothing.
  assert.is(f.acked(0, 1000), 0);
  // Its SACK restores it: the sum absorbs the put-back, and the module hears it restored and
  // acknowledged at once (before, neither: one loss and no acknowledgement of that packet).
  assert.is(f.putBack(0, 1000), 1000);
  assert.is(f.settled, 1000);
  assert.is(f.acked(0, 0), 0);
  // The other way round: the owed acknowledgement is paid by the excess after a resend, once.
  f.sent(0, 500);
  assert.is(f.take(0, 500), 500);
  assert.is(f.acked(0, 500), 0);
  f.sent(0, 500); // the resend
  assert.is(f.acked(0, 0), 500);
  assert.is(f.putBack(0, 0), 0);
  assert.is(f.settled, 0);
});

test.run();
