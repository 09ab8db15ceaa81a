import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { Aimd } from "../../cc/aimd/aimd";
import { OPT_SEND_NEW, OPT_SEND_RETRANSMIT, OptInitiator, resolveOptParams } from "./opt";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

test("parameters: defaults, overrides, refusals; bytesPerFlow", () => {
  assert.equal(resolveOptParams(), { maxOutstandingPackets: 256, maxOutstandingBytes: 262144 });
  assert.throws(() => new OptInitiator({ maxOutstanding: 3 } as never), /unknown parameter/);
  assert.throws(() => new OptInitiator({ maxOutstandingPackets: 0 }), RangeError);
  assert.throws(() => new OptInitiator({ maxOutstandingBytes: 2 ** 31 }), RangeError);
  const o = new OptInitiator({ maxOutstandingBytes: 5000 }, 2);
  assert.throws(() => o.open(0, 0, 5001), RangeError); // a packet larger than the data threshold
  assert.throws(() => o.open(0, 0.5, 100), RangeError);
  assert.throws(() => o.open(2, 0, 100), RangeError);
  o.open(0, 0, 64);
  assert.is(o.limitPackets(0), 78); // min(256, floor(5000 / 64))
  assert.is(OptInitiator.bytesPerFlow, 17);
});

test("errors leave the stream unchanged", () => {
  const o = new OptInitiator({ maxOutstandingPackets: 3 }, 2);
  o.open(0, 7, 1000);
  o.onSend(0);
  o.onSend(0);
  const before = o.inspect(0);
  assert.is(o.onAck(0, 5), E_STATE); // older than acked (6 = firstSeq − 1)
  assert.is(o.onAck(0, 9), E_STATE); // never sent
  assert.is(o.onNack(0, 9), E_STATE);
  assert.is(o.onAck(0, NaN), E_ARG);
  assert.is(o.onNack(1, 7), E_SLOT);
  assert.is(o.onTimeout(1), E_SLOT);
  assert.ok(same(o.inspect(0), before));
  assert.is(o.errors, 6);
  assert.is(o.onAck(0, 6), 0); // a repeat of the acknowledged number is no error
  assert.is(o.duplicateAcks, 1);
});

test("seeded random: the go-back window never exceeds the threshold and sequence numbers stay ordered", () => {
  const rng = new Xoshiro128(7);
  const o = new OptInitiator({ maxOutstandingPackets: 16 }, 4);
  for (let s = 0; s < 4; s++) o.open(s, s === 3 ? 0x7ffffff0 : 0, 2112); // slot 3 crosses the int32 sign
  let sent = 0;
  for (let i = 0; i < 50_000; i++) {
    const s = rng.nextBelow(4);
    const k = rng.nextBelow(10);
    const acked = o.ackedSeq(s);
    const high = o.highSeq(s);
    const span = (high - acked - 1) | 0; // packets sent and not acknowledged
    if (k < 5) {
      const can = o.canSend(s);
      const r = o.onSend(s);
      assert.is(r > 0, can);
      if (r > 0) {
        sent++;
        assert.ok(r === OPT_SEND_NEW || r === OPT_SEND_RETRANSMIT);
      }
    } else if (k < 8 && span > 0) {
      assert.ok(o.onAck(s, (acked + rng.nextBelow(span + 1)) | 0) >= 0);
    } else if (k < 9 && span > 0) {
      assert.ok(o.onNack(s, (acked + rng.nextBelow(span)) | 0) >= 0);
    } else if (span > 0) {
      assert.ok(o.onTimeout(s) > 0);
    }
    const out = o.outstandingPackets(s);
    assert.ok(out >= 0 && out <= 16, `outstanding ${out}`);
    assert.ok(((o.nextSeq(s) - o.highSeq(s)) | 0) <= 0);
    assert.ok(((o.ackedSeq(s) - o.highSeq(s)) | 0) < 0);
  }
  assert.is(o.errors, 0);
  assert.ok(sent > 10_000);
  assert.ok(o.highSeq(3) < 0); // slot 3 wrapped past 2^31 − 1 as an int32 pattern
});

// Audit, 2026-12-07: the README's TCP-like recipe told AIMD only of the NACK's lost packets, so
// those the NACK acknowledges (their IACKs lost) stayed in AIMD's flight for good.
test("TCP-like pairing (README): a NACK ahead of the last IACK acknowledges up to its number; AIMD's flight returns to 0", () => {
  const bytes = 2112;
  const opt = new OptInitiator({}, 1);
  const aimd = new Aimd({ mssBytes: 9216, maxCwndBytes: 262144 }, 1);
  opt.open(0, 0, bytes);
  aimd.open(0);
  const send = (packets: number): void => {
    for (let i = 0; i < packets; i++) {
      assert.ok(opt.canSend(0) && aimd.canSend(0, bytes));
      opt.onSend(0);
      aimd.onSend(0, 0, bytes);
    }
  };
  send(8);
  assert.is(opt.highSeq(0), 8);
  assert.is(aimd.inflightBytes(0), 8 * bytes);
  // 0–4 accepted (their IACKs lost), 5 dropped: NACK 4. It acknowledges 0–4 (5 packets) and
  // reports 5–7 (3) lost.
  const acked = (4 - opt.ackedSeq(0)) | 0;
  const lost = opt.onNack(0, 4);
  assert.equal([acked, lost], [5, 3]);
  aimd.onAck(0, 0, acked * bytes);
  aimd.onNack(0, 0, lost * bytes);
  assert.is(aimd.inflightBytes(0), 0);
  // The late IACKs are repeats or older than ackedSeq: nothing more for AIMD.
  assert.is(opt.onAck(0, 4), 0);
  send(3); // 5–7 again
  assert.is(opt.nextSeq(0), 8);
  assert.is(aimd.inflightBytes(0), 3 * bytes);
  const k = opt.onAck(0, 7);
  assert.is(k, 3);
  aimd.onAck(0, 0, k * bytes);
  assert.equal([opt.outstandingPackets(0), aimd.inflightBytes(0)], [0, 0]);
});

test.run();
