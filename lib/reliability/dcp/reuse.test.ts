// Closing and reusing a QP's slot (lib/README.md "Closing and reusing a slot"): close clears
// every per-QP structure and nothing table-wide, and a reopened slot starts MSNs at 0 again,
// so only the caller can tell a packet of the QP that used the slot before from one of its own.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_STATE } from "../../core/errors";
import { DCP_HO_QUEUED, DCP_TX_NEW, DCP_TX_NONE, DcpSender } from "./sender";
import { DCP_RX_ACK, DCP_RX_COMPLETE, DCP_RX_DUPLICATE, DCP_RX_PLACE, DcpReceiver } from "./receiver";
import { DCP_OP_WRITE } from "./wire";

const MTU = 1024;

/** Posts `n` one-packet messages and sends them in one round; returns the PSNs sent. */
function sendMessages(tx: DcpSender, slot: number, n: number, now: number): number[] {
  for (let i = 0; i < n; i++) tx.post(slot, MTU, DCP_OP_WRITE);
  tx.onSchedule(slot, now, 16 * MTU);
  const psns: number[] = [];
  while (tx.nextPacket(slot, now) === DCP_TX_NEW) psns.push(tx.out[DcpSender.outFields.indexOf("psn")]);
  return psns;
}

test("DcpSender: close clears the QP (RetransQ and counters included), not errors; a stale ACK frees the new QP's messages", () => {
  const tx = new DcpSender({ mtuBytes: MTU }, 2);
  const fresh = new DcpSender({ mtuBytes: MTU }, 2).inspect(0);
  // QP A on slot 0 from PSN 100: three one-packet messages, PSNs 100, 101, 102.
  tx.open(0, 100);
  assert.equal(sendMessages(tx, 0, 3, 1), [100, 101, 102]);
  assert.is(tx.onHo(0, 2, 1, 101, 0), DCP_HO_QUEUED);
  assert.is(tx.onHo(0, 2, 1, 101, 5), E_STATE, "an sRetryNo from the future: one error");
  assert.is(tx.retransQueueLength(0), 1);
  assert.is(tx.close(0), 0);
  assert.equal(tx.inspect(0), fresh);
  assert.is(tx.errors, 1);
  // QP B reuses slot 0 from PSN 5000: MSNs start at 0 again, whatever A had reached.
  tx.open(0, 5000);
  assert.is(tx.postedMsn(0), 0);
  assert.equal(sendMessages(tx, 0, 3, 10), [5000, 5001, 5002]);
  // A's late ACK (eMSN 3) is a valid ACK for B: it frees B's three messages, none received.
  assert.is(tx.onAck(0, 20, 3), 3);
  assert.is(tx.outstandingMessages(0), 0);
  assert.is(tx.errors, 1);
  assert.is(tx.nextPacket(0, 21), DCP_TX_NONE);
});

test("DcpReceiver: duplicates and stale are table-wide; a stale packet is placed by a bitmap-free receiver, caught by a strict one only through a new startPsn", () => {
  for (const tracking of ["counter", "bitmap"] as const) {
    const rx = new DcpReceiver({ tracking, bitmapBits: 64 }, 2);
    const fresh = new DcpReceiver({ tracking, bitmapBits: 64 }, 2).inspect(0);
    rx.open(0, 100);
    // A's message 0 (one packet, PSN 100) completes, then arrives again: a duplicate, re-ACKed.
    assert.is(rx.onData(0, 1, 0, 100, 0, 1, false), DCP_RX_PLACE | DCP_RX_ACK | DCP_RX_COMPLETE);
    assert.is(rx.onData(0, 2, 0, 100, 0, 1, false), DCP_RX_ACK | DCP_RX_DUPLICATE);
    assert.is(rx.duplicates, 1);
    assert.is(rx.close(0), 0);
    assert.equal(rx.inspect(0), fresh);
    assert.is(rx.duplicates, 1, `${tracking}: the table-wide count stays`);
    rx.open(0, 5000);
    // A's packet of its message 1 (PSN 101) arrives late. B's eMSN is 0, so MSN 1 is one of
    // the 8 tracked messages. Bitmap-free: counted and placed as B's message 1. Strict: PSN 101
    // is 4899 below B's ePSN 5000 (24-bit difference), so a duplicate, not placed.
    const r = rx.onData(0, 3, 1, 101, 0, 1, false);
    if (tracking === "counter") {
      assert.is(r, DCP_RX_PLACE);
      assert.is(rx.completeMask(0), 0b10, "B's message 1 complete before B sent it");
    } else {
      assert.is(r, DCP_RX_ACK | DCP_RX_DUPLICATE);
      assert.is(rx.completeMask(0), 0);
      // Reopened at A's start PSN instead, PSN 101 is one past ePSN 100: placed as B's.
      rx.close(0);
      rx.open(0, 100);
      assert.is(rx.onData(0, 4, 1, 101, 0, 1, false), DCP_RX_PLACE);
      assert.is(rx.completeMask(0), 0b10);
    }
  }
});

test.run();
