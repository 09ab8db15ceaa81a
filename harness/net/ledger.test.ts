import { test } from "uvu";
import * as assert from "uvu/assert";
import { FlightLedger, SignedFlight } from "./ledger";

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

// FlightLedger with selective ACKs (IRN's NACK, RACK's and timeout-only's SACK PSN): each packet's
// wire bytes go to the CC with the first ACK that acknowledges it, cumulatively or selectively,
// and the fabric hands them to onAck with that ACK's CE bit (fabric.ts senderAck). Four packets,
// PSNs 0–3, of 1,064 B on the wire but the last, 564 B (3,500 B of payload, 1,000 B a packet).
const WIRE = 1064;
const LAST = 564;
const FLOW = 3 * WIRE + LAST;

test("FlightLedger: a SACK of PSN 2 with CE, then the cumulative ACK of all four without CE: PSN 2's bytes with the CE, the others' without, the flow's bytes once", () => {
  const l = new FlightLedger(1, WIRE, 128);
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, psn === 3 ? LAST : WIRE);
  /** What the CC's onAck hears per ACK: [bytes, CE]. */
  const heard: [number, boolean][] = [];
  // PSN 2 arrives first: the ACK carries cumulative PSN 0 and SACK PSN 2, and echoes CE.
  heard.push([l.release(0, 0, FLOW, 2), true]);
  // PSN 0 fills the hole after 1 and 3 came: cumulative 4, its own PSN 0 (below it: no SACK), no CE.
  heard.push([l.release(0, 4, FLOW, 0), false]);
  assert.equal(heard, [[WIRE, true], [WIRE + WIRE + LAST, false]]);
  assert.is(heard[0][0] + heard[1][0], FLOW);
  // Nothing is left to release or to lose.
  assert.is(l.release(0, 4, FLOW, 3), 0);
  assert.is(l.lose(0, 4), 0);
});

test("FlightLedger: SACKs of the same PSN again, of one below the cumulative PSN, and the cumulative ACK passing a SACKed PSN count nothing twice", () => {
  const l = new FlightLedger(1, WIRE, 128);
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, psn === 3 ? LAST : WIRE);
  assert.is(l.release(0, 0, FLOW, 3), LAST, "the short last packet, SACKed: its own wire bytes");
  assert.is(l.release(0, 0, FLOW, 3), 0, "the same SACK again (RACK's DSACK, IRN's NACK of a duplicate)");
  assert.is(l.release(0, 1, FLOW, 0), WIRE, "cumulative 1: PSN 0");
  assert.is(l.release(0, 1, FLOW, 0), 0, "an ACK of a duplicate below the cumulative PSN");
  assert.is(l.release(0, 2, FLOW, 2), 2 * WIRE, "cumulative 2 (PSN 1) with SACK 2: both first acknowledged here");
  assert.is(l.release(0, 4, FLOW, 3), 0, "cumulative 4 passes 2 and 3, both acknowledged before");
  // An ACK overtaken on the way (cumulative 1, SACK 2) after all that: nothing.
  assert.is(l.release(0, 1, FLOW, 2), 0);
});

test("FlightLedger: a packet SACKed, then a timeout, then resent: its bytes are acknowledged once, the timeout takes only the others, the resent copy leaves with the next ACK", () => {
  const l = new FlightLedger(1, 1000, 64);
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, 1000);
  assert.is(l.release(0, 0, 4000, 2), 1000, "PSN 2 SACKed");
  assert.is(l.lose(0, 0), 3000, "the timeout: PSNs 0, 1 and 3 presumed lost, not PSN 2");
  // A sender that resends from the cumulative PSN, the SACKed PSN 2 too (4,000 B more in flight).
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, 1000);
  // PSN 0's copy arrives: cumulative 1. PSN 0 is acknowledged first (1,000); PSN 2's copy is no
  // packet outstanding (it was acknowledged before), so it leaves too (1,000), as a replaced copy.
  assert.is(l.release(0, 1, 4000, 0), 2000);
  assert.is(l.release(0, 4, 4000, 3), 2000, "PSNs 1 and 3; PSN 2, passed, is not counted again");
  assert.is(l.lose(0, 4), 0, "nothing held: 1,000 + 3,000 + 2,000 + 2,000 = the 8,000 sent");
});

test("FlightLedger: a SACK arriving after a go-back for a PSN not yet resent gives nothing (the timeout took its bytes); when the resends pass it, it is not outstanding", () => {
  const l = new FlightLedger(1, 1000, 64);
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, 1000);
  assert.is(l.lose(0, 0), 4000);
  l.sent(0, 0, 1000);
  // The first copy of PSN 3 was late, not lost: SACK 3 while only PSN 0 is resent.
  assert.is(l.release(0, 0, 4000, 3), 0);
  // The sender skips the SACKed PSN 3 and resends 1 and 2; then a copy of 3 goes all the same (a
  // probe): it is outstanding for no one, so the next ACK releases it without waiting for its own.
  l.sent(0, 1, 1000);
  l.sent(0, 2, 1000);
  l.sent(0, 3, 1000);
  assert.is(l.release(0, 1, 4000, 0), 2000, "PSN 0 acknowledged, and PSN 3's copy");
  assert.is(l.release(0, 3, 4000, 2), 2000, "PSNs 1 and 2");
  assert.is(l.lose(0, 3), 0);
});

test("FlightLedger without SACK (go-back-N, DACK): the ACK's other field is ignored, bytes go as the cumulative PSN passes them", () => {
  const l = new FlightLedger(1, WIRE);
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, psn === 3 ? LAST : WIRE);
  assert.is(l.release(0, 0, FLOW, 2), 0, "GBN's W1 is its MSN, not a PSN");
  assert.is(l.release(0, 2, FLOW, 1), 2 * WIRE);
  assert.is(l.release(0, 4, FLOW, 0), WIRE + LAST);
});

test("FlightLedger: a cumulative ACK that jumps more than the window (ACKs lost) still clears every SACK bit it passes", () => {
  const l = new FlightLedger(1, 1000, 32);
  for (let psn = 0; psn < 40; psn++) l.sent(0, psn, 1000);
  assert.is(l.release(0, 0, 40_000, 31), 1000, "the window's last PSN, SACKed");
  assert.is(l.release(0, 39, 40_000, 0), 38_000, "PSNs 0–38 but the SACKed 31");
  // PSN 63 shares PSN 31's bit: a SACK of it is a new acknowledgement, not a leftover.
  for (let psn = 40; psn < 64; psn++) l.sent(0, psn, 1000);
  assert.is(l.release(0, 39, 64_000, 63), 1000);
  assert.is(l.release(0, 64, 64_000, 63), 24_000, "PSNs 39–62");
});

// Packets the sender's loss detection marks lost leave the flight at once (RFC 6675's pipe), and
// come back with their resend, or, found delivered first, as bytes restored and acknowledged.
test("FlightLedger: a packet marked lost leaves the flight and comes back with its resend; the ACK then releases the resend's bytes, once", () => {
  const l = new FlightLedger(1, WIRE, 128);
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, psn === 3 ? LAST : WIRE);
  // PSN 2 SACKed (IRN's NACK): 1,064 B acknowledged; PSNs 0 and 1, below it, are marked lost.
  assert.is(l.release(0, 0, FLOW, 2), WIRE);
  assert.equal([l.markLost(0, 0, FLOW), l.markLost(0, 1, FLOW)], [WIRE, WIRE], "each its own wire bytes");
  assert.equal([l.markLost(0, 1, FLOW), l.markLost(0, 2, FLOW), l.markLost(0, 4, FLOW)], [0, 0, 0], "marked already, SACKed, never sent");
  assert.is(l.lostPackets(0), 2);
  // Held now: PSN 3 alone (564 B). The resends of 0 and 1 put 2 × 1,064 B back.
  l.sent(0, 0, WIRE);
  l.sent(0, 1, WIRE);
  assert.is(l.lostPackets(0), 0);
  // The cumulative ACK of all four: the resends' 2,128 B and PSN 3's 564 B, no restore.
  assert.equal([l.release(0, 4, FLOW, 1), l.restored], [2 * WIRE + LAST, 0]);
  // Every byte out once: 1,064 (SACK) + 2,128 (marked) + 2,692 (cumulative) = the 3,756 sent and 2,128 resent.
  assert.is(l.lose(0, 4), 0);
});

test("FlightLedger: a packet marked lost that turns out delivered before its resend (its SACK, or the cumulative ACK passing it) is restored and acknowledged, with that ACK", () => {
  const l = new FlightLedger(1, 1000, 64);
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, 1000);
  assert.is(l.release(0, 0, 4000, 3), 1000, "PSN 3 SACKed");
  assert.equal([l.markLost(0, 0, 4000), l.markLost(0, 1, 4000), l.markLost(0, 2, 4000)], [1000, 1000, 1000]);
  // PSN 1 was late, not lost: its SACK restores its 1,000 B and releases them.
  assert.equal([l.release(0, 0, 4000, 1), l.restored], [1000, 1000]);
  // PSN 0 arrives: cumulative 3 passes 0 and 2 (both marked, neither resent): 2,000 B restored and released.
  assert.equal([l.release(0, 3, 4000, 0), l.restored], [2000, 2000]);
  assert.equal([l.lostPackets(0), l.release(0, 4, 4000, 2), l.lose(0, 4)], [0, 0, 0], "every byte out once");
});

test("FlightLedger: a timeout forgets the marks of its own flow's row, for a flow other than the first (two words a flow at a 64-packet window)", () => {
  const l = new FlightLedger(3, 1000, 64);
  for (const slot of [0, 1]) for (let psn = 0; psn < 4; psn++) l.sent(slot, psn, 1000);
  assert.equal([l.markLost(0, 2, 4000), l.markLost(1, 1, 4000)], [1000, 1000]);
  // Flow 1 times out: PSNs 0, 2 and 3 are taken (PSN 1 left when marked), and its mark is gone.
  assert.is(l.lose(1, 0), 3000);
  for (let psn = 0; psn < 4; psn++) l.sent(1, psn, 1000);
  // Its resent PSN 1 can be marked again: 1,000 B leave the flight. Flow 0's mark stands.
  assert.is(l.markLost(1, 1, 4000), 1000);
  assert.equal([l.lostPackets(0), l.lostPackets(1), l.markLost(0, 2, 4000)], [1, 1, 0]);
});

test("FlightLedger: a timeout after marks takes only the bytes still held, and forgets the marks", () => {
  const l = new FlightLedger(1, 1000, 64);
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, 1000);
  assert.is(l.markLost(0, 1, 4000), 1000);
  assert.is(l.lose(0, 0), 3000, "PSNs 0, 2 and 3; PSN 1's left when it was marked");
  assert.is(l.lostPackets(0), 0);
  // After the go-back the resends are new to the count: PSN 1's copy adds 1,000 B like any other.
  for (let psn = 0; psn < 4; psn++) l.sent(0, psn, 1000);
  assert.is(l.markLost(0, 5, 4000), 0, "not sent");
  assert.equal([l.release(0, 4, 4000, 3), l.restored], [4000, 0]);
});

test.run();
