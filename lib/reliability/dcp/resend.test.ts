// The timeout resend against a strict receiver (review, 2026-12-02). §4.5 makes the coarse
// timeout the fallback that ensures reliability: on expiry the sender re-transmits all packets of
// the unaMSN-th message. A strict receiver bounces packets past its bitmap as HOs, and while the
// unaMSN-th message is lost they bounce again every round; when their retransmissions took each
// round's whole quota, the resend never went, no retry was counted (an expiry then counted only
// once the resend had begun) and the QP stalled for good.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DCP_RX_ACK, DCP_RX_BOUNCE, DCP_RX_COMPLETE, DcpReceiver } from "./receiver";
import {
  DCP_HO_DUPLICATE,
  DCP_HO_QUEUED,
  DCP_TIMEOUT,
  DCP_TX_NONE,
  DCP_TX_RESEND,
  DCP_TX_RETRANSMIT,
  DcpSender,
} from "./sender";
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

/**
 * One message of `packets` packets on a lossless path, one round of round_quota (16 KB) every
 * `roundNs` (the QP's share of the link), the default RTO (8 ms). `lostPsn` ≥ 0 is trimmed and
 * its HO lost (the lossless control plane violated, §4.5). Returns when eMSN reaches 1 or the
 * timer returns an error, with the sender's timeouts and the first expiry's tick.
 */
function oneMessage(mtuBytes: number, packets: number, roundNs: number, lostPsn = -1) {
  const tx = new DcpSender({ mtuBytes });
  const rx = new DcpReceiver();
  tx.open(0, 0);
  rx.open(0, 0);
  assert.is(tx.post(0, packets * mtuBytes, DCP_OP_WRITE), 0);
  let firstExpiryNs = -1;
  let lostOnce = false;
  for (let now = 0; now < 1e9; now += roundNs) {
    const r = tx.onTimer(0, now);
    if (r < 0) return { done: false, timeouts: tx.timeouts(0), timerResult: r, firstExpiryNs };
    if (r === DCP_TIMEOUT && firstExpiryNs < 0) firstExpiryNs = now;
    tx.onSchedule(0, now, 1 << 20);
    for (let k = tx.nextPacket(0, now); k !== DCP_TX_NONE; k = tx.nextPacket(0, now)) {
      assert.ok(k > 0, `nextPacket ${k}`);
      const [msn, psn, retryNo] = [tx.out[1], tx.out[2], tx.out[5]];
      if (psn === lostPsn && !lostOnce) {
        lostOnce = true;
        continue;
      }
      const x = rx.onData(0, now, msn, psn, retryNo, packets, false);
      assert.ok(x >= 0, `onData ${x}`);
      if ((x & DCP_RX_ACK) !== 0) tx.onAck(0, now, rx.out[0]);
      if (rx.emsn(0) === 1) {
        return { done: true, timeouts: tx.timeouts(0), timerResult: 0, firstExpiryNs };
      }
    }
  }
  return { done: false, timeouts: tx.timeouts(0), timerResult: 0, firstExpiryNs };
}

test("a lossless message that takes longer than rtoNs to send completes without a timeout", () => {
  // Review: the timer ran from the message's first packet, so 16,383 KB at 12.5 Gb/s (10.7 ms,
  // a 16 KB round every 10,486 ns) timed out with nothing lost, its resend as well, and after
  // 7 retries the QP was in error. DCP-Simulation (rdma-hw.cc, RdmaHw::GetNxtPacket) restarts
  // its 8 ms timeout with every packet sent.
  const slow = oneMessage(1024, 16383, Math.round((16384 * 8) / 12.5));
  assert.ok(slow.done, `timer ${slow.timerResult}`);
  assert.is(slow.timeouts, 0);
  // 30 MB at 25 Gb/s with a 4086 B MTU: 7343 packets, 4 per 16 KB round (16,344 B) every
  // 16344 · 8 / 25 ≈ 5230 ns, 9.6 ms in all.
  const big = oneMessage(4086, Math.ceil(30e6 / 4086), Math.round((16344 * 8) / 25));
  assert.ok(big.done, `timer ${big.timerResult}`);
  assert.is(big.timeouts, 0);
});

test("a packet lost with its HO times out rtoNs after the last send; the resend completes", () => {
  const roundNs = 100_000; // 16 packets a round: 1024 packets take 64 rounds, 6.4 ms
  const r = oneMessage(1024, 1024, roundNs, 5);
  assert.ok(r.done);
  assert.is(r.timeouts, 1);
  // The last new packet went in round 63 (6.3 ms); the first check at or after 6.3 + 8 ms.
  assert.is(r.firstExpiryNs, 63 * roundNs + 8_000_000);
});

test("a duplicated HO goes once: a counter receiver completes no message with a hole", () => {
  // Review: queued twice, PSN 0 went twice and a counter receiver counted both copies,
  // completing the 3-packet message while PSN 2 (trimmed, its HO not yet back) was missing.
  const tx = new DcpSender({ mtuBytes: MTU });
  const rx = new DcpReceiver();
  tx.open(0, 0);
  rx.open(0, 0);
  tx.post(0, 3 * MTU, DCP_OP_WRITE);
  tx.onSchedule(0, 0, 1 << 20);
  while (tx.nextPacket(0, 0) !== DCP_TX_NONE);
  // PSN 0 trimmed (its HO duplicated on the way), PSN 1 arrives, PSN 2 trimmed.
  assert.is(rx.onData(0, 1, 0, 1, 0, 3, false) & DCP_RX_COMPLETE, 0);
  assert.is(tx.onHo(0, 2, 0, 0, 0), DCP_HO_QUEUED);
  assert.is(tx.onHo(0, 2, 0, 0, 0), DCP_HO_DUPLICATE);
  tx.onSchedule(0, 3, 1 << 20);
  let copies = 0;
  for (let k = tx.nextPacket(0, 3); k !== DCP_TX_NONE; k = tx.nextPacket(0, 3)) {
    assert.is(k, DCP_TX_RETRANSMIT);
    copies++;
    assert.is(rx.onData(0, 4, tx.out[1], tx.out[2], tx.out[5], 3, false) & DCP_RX_COMPLETE, 0);
  }
  assert.is(copies, 1);
  assert.is(rx.emsn(0), 0, "PSN 2 is still missing");
  assert.is(tx.onHo(0, 5, 0, 2, 0), DCP_HO_QUEUED);
  tx.onSchedule(0, 6, 1 << 20);
  assert.is(tx.nextPacket(0, 6), DCP_TX_RETRANSMIT);
  assert.ok((rx.onData(0, 7, 0, 2, 0, 3, false) & DCP_RX_COMPLETE) !== 0);
});


// Audit, 2026-12-07: the timer restarted with new data of any message, so a packet of the
// unaMSN-th message lost with its HO waited for the QP's later messages to go (up to 7).
test("§4.5: the timer belongs to unaMSN — later messages' new data leave it running, so a silent loss times out rtoNs after its message's last packet", () => {
  const rtoNs = 1_000_000;
  const tx = new DcpSender({ mtuBytes: MTU, rtoNs });
  tx.open(0, 0);
  assert.is(tx.post(0, MTU, DCP_OP_WRITE), 0); // message 0: PSN 0, lost with its HO
  for (let m = 1; m < 8; m++) assert.is(tx.post(0, 100 * MTU, DCP_OP_WRITE), m);
  // One packet every 0.5 ms (a slow rate CC): message 0's at 0, then message 1's from 0.5 ms on.
  let firedAtNs = -1;
  let sent = 0;
  for (let now = 0; now <= 10 * rtoNs; now += 500_000) {
    tx.onSchedule(0, now, MTU);
    if (tx.nextPacket(0, now) !== DCP_TX_NONE) sent++;
    if (tx.onTimer(0, now) === DCP_TIMEOUT) {
      firedAtNs = now;
      break;
    }
  }
  // Restarted by every packet, it fired only after all 701 had gone, at 351 ms.
  assert.is(firedAtNs, rtoNs);
  assert.is(sent, 3);
  assert.ok(tx.resending(0));
  assert.is(tx.unaMsn(0), 0);
});

test.run();
