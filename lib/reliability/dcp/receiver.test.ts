import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_OVERFLOW, E_SLOT, E_STATE } from "../../core/errors";
import {
  DCP_RX_ACK,
  DCP_RX_BOUNCE,
  DCP_RX_COMPLETE,
  DCP_RX_DUPLICATE,
  DCP_RX_PLACE,
  DCP_RX_RECOUNT,
  DCP_RX_STALE,
  DcpReceiver,
} from "./receiver";

const PLACE = DCP_RX_PLACE;
const DONE = DCP_RX_PLACE | DCP_RX_ACK | DCP_RX_COMPLETE;

function receiver(tracking: "counter" | "bitmap" = "counter", bitmapBits = 64, startPsn = 0): DcpReceiver {
  const r = new DcpReceiver({ tracking, bitmapBits }, 2);
  r.open(0, startPsn);
  r.open(1, 0);
  return r;
}

const ack = (r: DcpReceiver) => ({ emsn: r.out[0], completed: r.out[1], cqeMask: r.out[2] });

test("bitmap-free state is 22 B per QP, within Table 3's 32 B", () => {
  assert.is(DcpReceiver.bytesPerFlow, 22);
  assert.ok(DcpReceiver.bytesPerFlow <= 32);
  assert.is(new DcpReceiver({}, 1).bytesPerSlot, 22);
  assert.is(new DcpReceiver({ tracking: "bitmap", bitmapBits: 2048 }, 1).bytesPerSlot, 22 + 4 + 256);
});

// §4.5: counter = message size → mcf; eMSN waits for its own message, then retires every
// complete message behind it in one step and ACKs the new eMSN.
test("out-of-order completion holds eMSN, then one packet retires three messages", () => {
  const r = receiver();
  // msg 0: 2 packets (Send), msg 1: 1 packet (Send), msg 2: 1 packet (Write, no CQE).
  assert.is(r.onData(0, 0, 1, 2, 0, 1, true), PLACE, "msg 1 complete, eMSN still 0: no ACK");
  assert.is(r.onData(0, 0, 2, 3, 0, 1, false), PLACE);
  assert.is(r.completeMask(0), 0b110);
  assert.is(r.onData(0, 0, 0, 1, 0, 2, true), PLACE);
  assert.is(r.emsnCount(0), 1);
  assert.is(r.onData(0, 0, 0, 0, 0, 2, true), DONE);
  assert.equal(ack(r), { emsn: 3, completed: 3, cqeMask: 0b011 });
  assert.is(r.emsn(0), 3);
  assert.is(r.completeMask(0), 0);
});

// §4.5: "If sRetryNo is greater than rRetryNo, the receiver resets the packet counter to 0,
// updates the rRetryNo to this sRetryNo, and starts recounting for the newest timeout round."
test("sRetryNo/rRetryNo: a newer round recounts, an older round is stale, retiring resets rRetryNo", () => {
  const r = receiver();
  assert.is(r.onData(0, 0, 0, 0, 0, 3, true), PLACE);
  assert.is(r.onData(0, 0, 0, 1, 0, 3, true), PLACE);
  assert.is(r.emsnCount(0), 2);
  assert.is(r.onData(0, 0, 0, 1, 1, 3, true), PLACE | DCP_RX_RECOUNT);
  assert.is(r.rRetryNo(0), 1);
  assert.is(r.emsnCount(0), 1);
  assert.is(r.onData(0, 0, 0, 2, 0, 3, true), DCP_RX_STALE, "a round-0 straggler");
  assert.is(r.stale, 1);
  assert.is(r.emsnCount(0), 1);
  assert.is(r.onData(0, 0, 0, 0, 1, 3, true), PLACE);
  assert.is(r.onData(0, 0, 0, 2, 1, 3, true), DONE);
  assert.equal(ack(r), { emsn: 1, completed: 1, cqeMask: 1 });
  assert.is(r.rRetryNo(0), 0);
  assert.is(r.onData(0, 0, 1, 3, 0, 1, true), DONE);
});

test("a packet of a retired message is a duplicate: not placed, and eMSN is ACKed again", () => {
  const r = receiver();
  r.onData(0, 0, 0, 0, 0, 1, true);
  assert.is(r.onData(0, 0, 0, 0, 1, 1, true), DCP_RX_ACK | DCP_RX_DUPLICATE);
  assert.equal(ack(r), { emsn: 1, completed: 0, cqeMask: 0 });
  assert.is(r.duplicates, 1);
});

test("a packet of a complete message waiting behind a gap is a duplicate", () => {
  const r = receiver();
  r.onData(0, 0, 1, 5, 0, 1, true);
  assert.is(r.onData(0, 0, 1, 5, 0, 1, true), DCP_RX_DUPLICATE);
  assert.is(r.completeMask(0), 0b10);
});

test("HO packets bounce; one beyond the 8 tracked messages is refused", () => {
  const r = receiver();
  assert.is(r.onHo(0, 0, 0, 9), DCP_RX_BOUNCE);
  assert.is(r.onHo(0, 0, 7, 9), DCP_RX_BOUNCE);
  assert.is(r.onHo(0, 0, 0xffffff, 9), DCP_RX_BOUNCE, "an HO of a retired message still goes back (the sender drops it)");
  assert.is(r.onHo(0, 0, 8, 9), E_STATE);
  assert.is(r.onHo(0, 0, 0, 1 << 24), E_ARG);
});

test("eMSN and MSNs wrap at 2^24", () => {
  const w = new DcpReceiver({}, 1);
  w.open(0, 0);
  // Retire 2^24 − 2 one-packet messages through the public handler, then complete the four
  // messages around the wrap out of order: 1, 0xFFFFFF and 0 wait for 0xFFFFFE.
  for (let e = 0; e < 0xfffffe; e++) w.onData(0, 0, e, e, 0, 1, false);
  assert.is(w.emsn(0), 0xfffffe);
  assert.is(w.onData(0, 0, 1, 0, 0, 1, false), PLACE);
  assert.is(w.onData(0, 0, 0xffffff, 0, 0, 1, false), PLACE);
  assert.is(w.onData(0, 0, 0, 0, 0, 1, false), PLACE);
  assert.is(w.onData(0, 0, 0xfffffe, 0, 0, 1, false), DONE);
  assert.equal(ack(w), { emsn: 2, completed: 4, cqeMask: 0 });
  assert.is(w.onData(0, 0, 0xfffffe, 0, 0, 1, false), DCP_RX_ACK | DCP_RX_DUPLICATE, "now behind eMSN");
});

test("bad input: defined error, error counter, state unchanged", () => {
  const r = receiver();
  r.onData(0, 0, 0, 0, 0, 3, true);
  r.onData(0, 0, 1, 0, 0, 2, true);
  const before = JSON.stringify(r.inspect(0));
  const cases: [number, number][] = [
    [r.onData(0, 0, 0, 0, 0, 16384, true), E_OVERFLOW], // the 14-bit counter
    [r.onData(0, 0, 8, 0, 0, 1, true), E_STATE], // 8 ahead of eMSN
    [r.onData(0, 0, 1, 0, 1, 2, true), E_STATE], // a later message with an sRetryNo
    [r.onData(0, 0, 1, 0, 0, 1, true), E_STATE], // count 2 would pass a size of 1
    [r.onData(0, 0, 1 << 24, 0, 0, 1, true), E_ARG],
    [r.onData(0, 0, 0, -1, 0, 1, true), E_ARG],
    [r.onData(0, 0, 0, 0, 256, 1, true), E_ARG],
    [r.onData(0, 0, 0, 0, 0, 0, true), E_ARG],
    [r.onData(0, 0, 0, 0, 0, 2.5, true), E_ARG],
    [r.onData(0, NaN, 0, 0, 0, 1, true), E_ARG],
    [r.onHo(0, NaN, 0, 0), E_ARG], // nowNs: JSON has no NaN, so no vector can pin this
    [r.onData(5, 0, 0, 0, 0, 1, true), E_SLOT],
    [r.onHo(-1, 0, 0, 0), E_SLOT],
  ];
  cases.forEach(([got, want], i) => assert.is(got, want, `case ${i}`));
  assert.is(JSON.stringify(r.inspect(0)), before);
  assert.is(r.errors, cases.length);
  // The largest message the 14-bit counter holds, 16383 packets, is accepted.
  const largest = r.onData(0, 0, 2, 0, 0, 16383, true);
  assert.ok(largest >= 0 && (largest & DCP_RX_PLACE) !== 0, `16383 packets: ${largest}`);
  r.close(1);
  assert.is(r.onData(1, 0, 0, 0, 0, 1, true), E_SLOT);
  assert.throws(() => new DcpReceiver({ tracking: "bitmap", bitmapBits: 100 }), RangeError);
  assert.throws(() => new DcpReceiver({ tracking: "bitmap", bitmapBits: 64.5 }), RangeError); // a fraction is no power of two
  assert.throws(() => new DcpReceiver({ tracking: "x" as never }), RangeError);
  assert.throws(() => r.open(0, -1), RangeError);
});

// sRetryNo is the BTH's 6-bit Resv6a (FECN and BECN hold bits 7 and 6 of its byte): a packet
// claiming round 64 cannot have come off the wire, and rRetryNo adopts only 0..63.
test("sRetryNo 64 is E_ARG and changes nothing; 63 is a newer round and recounts", () => {
  const r = receiver();
  assert.is(r.onData(0, 0, 0, 0, 0, 3, true), PLACE);
  const before = JSON.stringify(r.inspect(0));
  assert.is(r.onData(0, 0, 0, 1, 64, 3, true), E_ARG, "it was a newer round: counter reset to 1");
  assert.is(JSON.stringify(r.inspect(0)), before);
  assert.is(r.errors, 1);
  assert.is(r.onData(0, 0, 0, 1, 63, 3, true), PLACE | DCP_RX_RECOUNT);
  assert.is(r.rRetryNo(0), 63);
  assert.is(r.emsnCount(0), 1);
});

test("strict mode counts each PSN once, whatever the round, and slides ePSN", () => {
  const r = receiver("bitmap", 64, 10);
  assert.is(r.epsn(0), 10);
  assert.is(r.onData(0, 0, 0, 11, 0, 3, true), PLACE);
  assert.is(r.epsn(0), 10);
  assert.is(r.onData(0, 0, 0, 11, 0, 3, true), DCP_RX_ACK | DCP_RX_DUPLICATE, "same PSN again");
  assert.is(r.emsnCount(0), 1);
  assert.is(r.onData(0, 0, 0, 10, 1, 3, true), PLACE, "a timeout round does not recount in strict mode");
  assert.is(r.epsn(0), 12);
  assert.is(r.onData(0, 0, 0, 10, 1, 3, true), DCP_RX_ACK | DCP_RX_DUPLICATE, "below ePSN");
  assert.is(r.onData(0, 0, 0, 12, 1, 3, true), DONE);
  assert.equal(ack(r), { emsn: 1, completed: 1, cqeMask: 1 });
  assert.is(r.epsn(0), 13);
  assert.is(r.duplicates, 2);
});

test("strict mode: ePSN slides over a whole window's run, across words and around the bitmap's end, on QP 1", () => {
  // A 64-bit window: PSNs 1..63 arrive early (every bit but ePSN's), then PSN 0 slides ePSN over
  // all 63 to 64 (bits 1..31 of word 0, then all of word 1). The next window starts at bit 0
  // again: 71..127 early, then 64..70 in order, the last of which slides over 71..127 (bits 7..31,
  // word 1, then back at bit 0 the run stops at ePSN's clear bit).
  const r = receiver("bitmap", 64, 0);
  for (let psn = 63; psn >= 1; psn--) assert.is(r.onData(1, 0, 0, psn, 0, 1000, true), PLACE);
  assert.is(r.epsn(1), 0);
  assert.is(r.onData(1, 0, 0, 0, 0, 1000, true), PLACE);
  assert.is(r.epsn(1), 64);
  assert.is(r.onData(1, 0, 0, 63, 0, 1000, true), DCP_RX_ACK | DCP_RX_DUPLICATE, "its bit was released");
  for (let psn = 71; psn <= 127; psn++) assert.is(r.onData(1, 0, 0, psn, 0, 1000, true), PLACE);
  for (let psn = 64; psn <= 69; psn++) {
    assert.is(r.onData(1, 0, 0, psn, 0, 1000, true), PLACE);
    assert.is(r.epsn(1), psn + 1);
  }
  assert.is(r.onData(1, 0, 0, 70, 0, 1000, true), PLACE);
  assert.is(r.epsn(1), 128);
  assert.is(r.emsnCount(1), 128);
  // Every bit was released on the way: PSNs 128..191 are all new.
  for (let psn = 129; psn <= 191; psn++) assert.is(r.onData(1, 0, 0, psn, 0, 1000, true), PLACE, `psn ${psn}`);
  assert.is(r.onData(1, 0, 0, 128, 0, 1000, true), PLACE);
  assert.is(r.epsn(1), 192);
  assert.is(r.epsn(0), 0, "QP 0 untouched");
  // A 128-bit window: a run over three whole words after the first (bits 32..127), then the
  // word that holds ePSN's clear bit.
  const big = receiver("bitmap", 128, 0);
  for (let psn = 127; psn >= 1; psn--) assert.is(big.onData(0, 0, 0, psn, 0, 1000, true), PLACE);
  assert.is(big.onData(0, 0, 0, 0, 0, 1000, true), PLACE);
  assert.is(big.epsn(0), 128);
  // and a run that ends inside a later word: 129..159 and 160..170 early, then 128
  for (let psn = 129; psn <= 170; psn++) assert.is(big.onData(0, 0, 0, psn, 0, 1000, true), PLACE);
  assert.is(big.onData(0, 0, 0, 128, 0, 1000, true), PLACE);
  assert.is(big.epsn(0), 171);
});

test("strict mode bounces a packet beyond its window and refuses a new PSN for a complete message", () => {
  const r = receiver("bitmap", 64, 0);
  assert.is(r.onData(0, 0, 0, 64, 0, 100, true), DCP_RX_BOUNCE, "PSN 64 is one past a 64-bit window");
  assert.is(r.onData(0, 0, 0, 63, 0, 100, true), PLACE);
  assert.is(r.onData(0, 0, 1, 5, 0, 1, true), PLACE);
  const before = JSON.stringify(r.inspect(0));
  assert.is(r.onData(0, 0, 1, 6, 0, 1, true), E_STATE);
  assert.is(r.onData(0, 0, 1, 6, 0, 7, true), E_STATE, "nor when it claims a larger message");
  assert.is(JSON.stringify(r.inspect(0)), before);
  r.close(0);
  r.open(0, 0);
  assert.is(r.epsn(0), 0);
  assert.is(r.onData(0, 0, 0, 63, 0, 100, true), PLACE, "reopened: the bitmap was cleared");
  assert.is(new DcpReceiver({}, 1).epsn(0), -1);
});

// §4.4: only a Write-with-Immediate's last packet carries the SSN and immediate (its others look
// like a plain Write's), and packets are placed out of order; §4.5: a message that requires a CQE
// sets Cf however it completes. Found by review: the packet that completed the message decided.
for (const tracking of ["counter", "bitmap"] as const) {
  test(`${tracking}: a Write-with-Immediate completed by a packet other than its last still yields a CQE`, () => {
    const r = new DcpReceiver({ tracking, bitmapBits: 64 }, 1);
    r.open(0, 0);
    assert.is(r.onData(0, 0, 0, 1, 0, 2, true), DCP_RX_PLACE); // the last packet first
    assert.ok((r.onData(0, 0, 0, 0, 0, 2, false) & DCP_RX_COMPLETE) !== 0);
    assert.equal([r.out[1], r.out[2]], [1, 1]); // one completion, with a CQE
  });

  test(`${tracking}: the same when it completes out of order behind a gap`, () => {
    const r = new DcpReceiver({ tracking, bitmapBits: 64 }, 1);
    r.open(0, 0);
    // Message 0 (PSN 0, a one-packet Write) is held back; message 1 (PSNs 1, 2) completes first.
    r.onData(0, 0, 1, 2, 0, 2, true);
    r.onData(0, 0, 1, 1, 0, 2, false);
    assert.ok((r.onData(0, 0, 0, 0, 0, 1, false) & DCP_RX_COMPLETE) !== 0); // eMSN walks over 0 and 1
    assert.equal([r.out[1], r.out[2]], [2, 0b10]); // message 1 needs a CQE
  });
}

test("the counter readers of a slot that is not open read 0, never another QP's counters", () => {
  // lib/README.md "Readers". Both QPs hold state: message 1 (one packet) complete behind
  // message 0 (two packets, one counted), so completeMask = 0b10 (bit 1: eMSN + 1) and
  // emsnCount = 1. The counters are indexed slot × 8 + MSN mod 8, and 1.5 × 8 (`<<`) is slot 1's,
  // NaN and ±∞ slot 0's: the slot that is not open must read 0 instead.
  const r = receiver(); // capacity 2, slots 0 and 1 open
  for (const slot of [0, 1]) {
    assert.is(r.onData(slot, 0, 1, 2, 0, 1, false), PLACE);
    assert.is(r.onData(slot, 0, 0, 0, 0, 2, false), PLACE);
    assert.equal([r.completeMask(slot), r.emsnCount(slot)], [0b10, 1]);
  }
  const errors = r.errors;
  for (const slot of [-1, 2, 0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
    assert.equal([r.completeMask(slot), r.emsnCount(slot), r.epsn(slot)], [0, 0, -1], `slot ${slot}`);
  }
  // Strict mode: ePSN 0 is a PSN, so a slot that is not open reads −1 there too.
  const b = receiver("bitmap");
  assert.is(b.epsn(0), 0);
  assert.is(b.close(1), 0);
  for (const slot of [1, -1, 2, 1.5, Number.NaN]) assert.is(b.epsn(slot), -1, `strict epsn(${slot})`);
  assert.is(r.errors + b.errors, errors, "readers count no error");
});

// Mutation pass (2026-12-07, whole file): behaviours no test pinned down.

test("the default capacity is one QP", () => {
  // constructor(params, capacity = 1); open throws RangeError for a slot outside the table (README, API).
  assert.throws(() => new DcpReceiver().open(1), RangeError);
  assert.not.throws(() => new DcpReceiver().open(0));
});

test("strict mode: a QP opened without a start PSN expects PSN 0", () => {
  // README, API: open(slot, startPsn = 0), strict ePSN = startPsn. PSN 0 is then ePSN: a one-packet
  // message at it completes (ACK | COMPLETE, eMSN 1) and ePSN slides to 1; PSN 0 again is below
  // ePSN, a re-ACK.
  const r = new DcpReceiver({ tracking: "bitmap", bitmapBits: 64 }, 1);
  r.open(0);
  assert.is(r.epsn(0), 0);
  assert.is(r.onData(0, 0, 0, 0, 0, 1, false), DONE);
  assert.equal(ack(r), { emsn: 1, completed: 1, cqeMask: 0 });
  assert.is(r.epsn(0), 1);
  assert.is(r.onData(0, 0, 1, 0, 0, 1, false), DCP_RX_ACK | DCP_RX_DUPLICATE);
});

test("strict mode: closing a slot that is not open (−2, 0.5, 1.5) is E_SLOT and leaves every QP's bitmap alone", () => {
  // README, API: close → E_SLOT for a slot not open, and every error leaves the state as it was;
  // each QP has its own bitmap, which closing another leaves alone. A 64-bit window is 2 words a
  // QP: QP 0 holds PSN 40 (word 1, bit 8), QP 1 PSN 5 (word 0, bit 5), both early (ePSN 0).
  const r = receiver("bitmap", 64, 0);
  assert.is(r.onData(0, 0, 0, 40, 0, 100, false), PLACE);
  assert.is(r.onData(1, 0, 0, 5, 0, 100, false), PLACE);
  for (const slot of [-2, 0.5, 1.5]) assert.is(r.close(slot), E_SLOT, `close(${slot})`);
  assert.is(r.errors, 3);
  // Both PSNs are still recorded: each again is a re-ACK, not a second count.
  assert.is(r.onData(0, 0, 0, 40, 0, 100, false), DCP_RX_ACK | DCP_RX_DUPLICATE);
  assert.is(r.onData(1, 0, 0, 5, 0, 100, false), DCP_RX_ACK | DCP_RX_DUPLICATE);
  assert.equal([r.emsnCount(0), r.emsnCount(1)], [1, 1]);
});

test("strict mode: reopening or closing QP 1 clears QP 1's bitmap words only, with two words a QP", () => {
  // README, API: each QP has its own bitmap, and opening or closing one leaves the others' alone;
  // opening an open slot starts it afresh (ePSN = startPsn, an empty bitmap). A 64-bit window is
  // 64 / 32 = 2 words a QP: QP 0's are words 0..1, QP 1's words 2..3 (slot × 2). QP 0 holds PSN 40
  // (word 1, bit 8), QP 1 PSN 5 (its word 0, bit 5), both early (ePSN 0, message 0 of 100 packets).
  const r = receiver("bitmap", 64, 0);
  assert.is(r.onData(0, 0, 0, 40, 0, 100, false), PLACE);
  assert.is(r.onData(1, 0, 0, 5, 0, 100, false), PLACE);
  r.open(1, 0);
  // QP 1 afresh: PSN 5 is new again (count 1); QP 0 still holds PSN 40, so it is a re-ACK.
  assert.is(r.onData(1, 0, 0, 5, 0, 100, false), PLACE, "QP 1's bit 5 was cleared by its reopen");
  assert.is(r.onData(0, 0, 0, 40, 0, 100, false), DCP_RX_ACK | DCP_RX_DUPLICATE, "QP 0's bit 8 of word 1 untouched");
  assert.equal([r.emsnCount(0), r.emsnCount(1)], [1, 1]);
  // Closing QP 1 (it holds PSN 5 again) leaves QP 0's PSN 40 recorded as well.
  assert.is(r.close(1), 0);
  assert.is(r.onData(0, 0, 0, 40, 0, 100, false), DCP_RX_ACK | DCP_RX_DUPLICATE, "closing QP 1 left QP 0's bits");
  r.open(1, 0);
  assert.is(r.onData(1, 0, 0, 5, 0, 100, false), PLACE, "QP 1 reopened after close: empty");
});

test("a re-ACK carries its own QP's eMSN, not the eMSN another QP's ACK left in out", () => {
  // README, DUPLICATE: a packet of a retired message → ACK | DUPLICATE with out = {eMSN, 0, 0}.
  // QP 0 retires message 0 (eMSN 1); QP 1 then retires messages 0..2 (out = {3, 3, 0}); a copy of
  // QP 0's message 0 must be re-ACKed with QP 0's eMSN 1.
  const r = receiver();
  assert.is(r.onData(0, 0, 0, 0, 0, 1, false), DONE);
  for (let msn = 2; msn >= 1; msn--) assert.is(r.onData(1, 0, msn, msn, 0, 1, false), PLACE);
  assert.is(r.onData(1, 0, 0, 0, 0, 1, false), DONE);
  assert.equal(ack(r), { emsn: 3, completed: 3, cqeMask: 0 });
  assert.is(r.onData(0, 0, 0, 0, 0, 1, false), DCP_RX_ACK | DCP_RX_DUPLICATE);
  assert.equal(ack(r), { emsn: 1, completed: 0, cqeMask: 0 });
});

test.run();
