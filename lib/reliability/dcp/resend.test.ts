// The timeout resend against a strict receiver (review, 2026-12-02). §4.5 makes the coarse
// timeout the fallback that ensures reliability: on expiry the sender re-transmits all packets of
// the unaMSN-th message. A strict receiver bounces packets past its bitmap as HOs, and while the
// unaMSN-th message is lost they bounce again every round; when their retransmissions took each
// round's whole quota, the resend never went, no retry was counted (an expiry counts once the
// resend has begun) and the QP stalled for good.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DCP_RX_ACK, DCP_RX_BOUNCE, DcpReceiver } from "./receiver";
import { DCP_TX_NONE, DCP_TX_RESEND, DcpSender } from "./sender";
import { DCP_OP_WRITE } from "./wire";

const MTU = 1024;

/**
 * Message 0 (PSN 0) is lost with its HO; message 1 has `bitmapBits` + 16 packets, so 17 lie past
 * the strict receiver's bitmap while its ePSN waits at 0. One round per µs; HOs return the next
 * round. Returns the receiver's eMSN after `rounds` rounds and the resends sent.
 */
function lostHeadBehindBounces(bitmapBits: number, rtoNs: number, rounds: number): { emsn: number; resends: number; timeouts: number } {
  const tx = new DcpSender({ mtuBytes: MTU, rtoNs });
  const rx = new DcpReceiver({ tracking: "bitmap", bitmapBits });
  tx.open(0, 0);
  rx.open(0, 0);
  const packets1 = bitmapBits + 16;
  assert.is(tx.post(0, MTU, DCP_OP_WRITE), 0);
  assert.is(tx.post(0, packets1 * MTU, DCP_OP_WRITE), 1);
  let hos: number[] = [];
  let resends = 0;
  for (let i = 1; i <= rounds && rx.emsn(0) !== 2; i++) {
    const now = i * 1000;
    tx.onTimer(0, now);
    for (const psn of hos) tx.onHo(0, now, 1, psn, 0);
    hos = [];
    tx.onSchedule(0, now, 1 << 20);
    for (let k = tx.nextPacket(0, now); k !== DCP_TX_NONE; k = tx.nextPacket(0, now)) {
      const [msn, psn, retryNo] = [tx.out[1], tx.out[2], tx.out[5]];
      if (k === DCP_TX_RESEND) resends++;
      else if (psn === 0) continue; // the first copy of PSN 0 and its HO are lost (§4.2: the timeout covers a lost HO)
      const r = rx.onData(0, now, msn, psn, retryNo, msn === 0 ? 1 : packets1, false);
      assert.ok(r >= 0, `onData ${r}`);
      if ((r & DCP_RX_ACK) !== 0) tx.onAck(0, now, rx.out[0]);
      if ((r & DCP_RX_BOUNCE) !== 0) hos.push(psn);
    }
  }
  return { emsn: rx.emsn(0), resends, timeouts: tx.timeouts(0) };
}

test("a lost unaMSN-th message behind packets bouncing off a strict bitmap is resent after one timeout, and both complete", () => {
  const small = lostHeadBehindBounces(32, 10_000, 200);
  assert.is(small.timeouts, 1);
  assert.is(small.resends, 1);
  assert.is(small.emsn, 2);
  // The same at the default bitmap and a 1 ms RTO: a 2 MB message behind one lost packet.
  const large = lostHeadBehindBounces(2048, 1_000_000, 3000);
  assert.is(large.timeouts, 1);
  assert.is(large.resends, 1);
  assert.is(large.emsn, 2);
});

test("a round quota below one MTU is refused: no full packet could ever be sent", () => {
  assert.throws(() => new DcpSender({ mtuBytes: 4096, roundQuotaBytes: 3000 }), /roundQuotaBytes must be at least mtuBytes/);
  assert.not.throws(() => new DcpSender({ mtuBytes: 4096, roundQuotaBytes: 4096 }));
});

test.run();
