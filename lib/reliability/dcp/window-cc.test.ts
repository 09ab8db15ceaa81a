// DCP driven with a window CC, NSCC, as README "DCP + a window CC" wires it (review fw2,
// 2026-12-05). DCP's ACK names whole messages in order (eMSN, §4.5), so once message unaMSN
// loses a packet, the bytes of later messages that reached the receiver stay in the CC's flight
// until it completes. With the window full of them, one loss hung the QP: the HO's
// retransmission and the timeout's resend both waited for a packet of window, and every expiry
// after the first returned 0 ("no retry before the resend has begun"), so E_OVERFLOW never came.
//
// One QP, sizes chosen by hand: H = 64 B of headers, MTU 4,086 B of payload, P = 4,150 B a full
// packet on the wire; NSCC (UEC profile) with a window of 40 P = 166,000 B, which it starts at;
// rtoNs 100 µs; eight 16-packet Writes (MSNs 0–7, PSNs 0–127). A transmit opportunity every
// µs. §4.3's round quota (16,384 B) holds four packets (4 × 4,086 = 16,344 B), so the first
// 40 packets go in ten rounds at t = 1,000 … 10,000 ns: message 0 (PSNs 0–15), message 1
// (16–31) and half of message 2 (32–39). The window is then full: w = 166,000 − 40 × 4,150 = 0.
// Packets reach the receiver at once and its ACKs come back at once.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_OVERFLOW } from "../../core/errors";
import { Nscc } from "../../cc/nscc/nscc";
import { DCP_RX_ACK, DcpReceiver } from "./receiver";
import { DCP_HO_QUEUED, DCP_TIMEOUT, DCP_TX_NONE, DCP_TX_RESEND, DCP_TX_RETRANSMIT, DcpSender } from "./sender";
import { DCP_OP_WRITE } from "./wire";

const H = 64;
const MTU = 4086;
const P = MTU + H;
const RTO_NS = 100_000;
const MESSAGES = 8;
const PACKETS = 16;
/** An HO comes back ten transmit opportunities after its packet left: after the first 40 packets, from t = 1,000. */
const HO_DELAY_NS = 10_000;

type Fate = "deliver" | "drop" | "trim";

/**
 * One QP under NSCC. `documented`: the wiring of README "DCP + a window CC" (recovery rounds
 * below one packet of window, the whole flight out at a timeout); otherwise fw2's, the README's
 * before 2026-12-05 (no round below one packet, a timeout takes out the unaMSN-th message only).
 * `fate` decides each packet sent: delivered, lost silently, or trimmed (its HO comes back
 * after the transmit opportunity).
 */
function qp(documented: boolean, fate: (msn: number, psn: number, retryNo: number, kind: number) => Fate, maxRetries = 7, initPackets = 40) {
  const cc = new Nscc({ profile: "uec", maxWndBytes: 40 * P, initCwndBytes: initPackets * P });
  const tx = new DcpSender({ mtuBytes: MTU, rtoNs: RTO_NS, maxRetries });
  const rx = new DcpReceiver();
  cc.open(0);
  tx.open(0, 0);
  rx.open(0, 0);
  for (let m = 0; m < MESSAGES; m++) tx.post(0, PACKETS * MTU, DCP_OP_WRITE);
  const held = new Float64Array(MESSAGES); // wire bytes handed to onSend, per message (README "Send")
  /** Trimmed packets whose HOs come back HO_DELAY_NS after they left: msn, psn, retryNo, wire, when. */
  const hos: number[][] = [];
  const log = { sent: 0, resends: 0, retransmissions: 0, timers: [] as [number, number][], pastWindow: [] as number[], resendWindows: [] as [number, number][], pastWindowNotUna: 0 };

  const ack = (now: number, emsn: number) => {
    const una = tx.unaMsn(0);
    const n = tx.onAck(0, now, emsn);
    let acked = 0;
    for (let k = 0; k < n; k++) {
      acked += held[(una + k) & 7];
      held[(una + k) & 7] = 0;
    }
    cc.onAck(0, now, acked, 0, false);
  };
  const send = (now: number, k: number) => {
    const [msn, psn, len, retryNo] = [tx.out[1], tx.out[2], tx.out[4], tx.out[5]];
    const w = cc.cwndBytes(0) - cc.inflightBytes(0);
    if (w < len + H) {
      log.pastWindow.push(w);
      if (msn !== tx.unaMsn(0)) log.pastWindowNotUna++;
    }
    cc.onSend(0, now, len + H);
    held[msn & 7] += len + H;
    log.sent++;
    if (k === DCP_TX_RESEND) {
      log.resends++;
      log.resendWindows.push([retryNo, w]);
    }
    if (k === DCP_TX_RETRANSMIT) log.retransmissions++;
    const f = fate(msn, psn, retryNo, k);
    if (f === "trim") hos.push([msn, psn, retryNo, len + H, now + HO_DELAY_NS]);
    if (f !== "deliver") return;
    const r = rx.onData(0, now, msn, psn, retryNo, PACKETS, false);
    if ((r & DCP_RX_ACK) !== 0) ack(now, rx.out[0]);
  };
  /**
   * One transmit opportunity: the HOs back by now, then one round (README "Send"), or below one
   * packet of window, with the documented wiring, one packet of recovery. The packets it sent.
   */
  const opportunity = (now: number): number => {
    while (hos.length > 0 && hos[0][4] <= now) {
      const [msn, psn, retryNo, wire] = hos.shift() as number[];
      if (tx.onHo(0, now, msn, psn, retryNo) !== DCP_HO_QUEUED) continue;
      const bytes = wire < held[msn & 7] ? wire : held[msn & 7];
      held[msn & 7] -= bytes;
      cc.onTrim(0, now, bytes, false, 0);
    }
    const w = cc.cwndBytes(0) - cc.inflightBytes(0);
    if (w >= P) {
      const full = Math.floor(w / P);
      tx.onSchedule(0, now, full * MTU + Math.max(w - full * P - H, 0));
      let n = 0;
      for (let k = tx.nextPacket(0, now); k !== DCP_TX_NONE; k = tx.nextPacket(0, now), n++) send(now, k);
      return n;
    }
    // README: below one packet, overrun or not, one packet of what completes message unaMSN;
    // again while the entry fetched proves stale.
    if (!documented) return 0;
    while (tx.onScheduleRecovery(0, now) === 1) {
      const k = tx.nextPacket(0, now);
      if (k === DCP_TX_NONE) continue;
      send(now, k);
      return 1;
    }
    return 0;
  };
  const timer = (now: number): number => {
    const una = tx.unaMsn(0);
    const r = tx.onTimer(0, now);
    log.timers.push([now, r]);
    if (r !== DCP_TIMEOUT) return r;
    if (documented) {
      let all = 0;
      for (let m = 0; m < MESSAGES; m++) all += held[m];
      cc.onInferredLoss(0, now, all, held[una & 7]);
      held.fill(0);
    } else {
      cc.onTimeout(0, now, held[una & 7]);
      held[una & 7] = 0;
    }
    return r;
  };
  /** Opportunities every µs while they send or HOs wait; else the timer, if armed. Stops after `limit` steps. */
  const run = (limit: number) => {
    let now = 1000;
    for (let step = 0; step < limit; step++) {
      if (rx.emsn(0) === MESSAGES) return now;
      if (opportunity(now) > 0 || hos.length > 0) {
        now += 1000;
        continue;
      }
      if (!tx.timerArmed(0)) return now;
      const d = (tx.deadlineNs(0) - now) | 0;
      if (d > 0) now += d;
      if (timer(now) === E_OVERFLOW) return now;
    }
    return -1;
  };
  return { cc, tx, rx, log, run, opportunity };
}

test("fw2's wiring, one silent loss in message unaMSN with the window full of later messages: E_OVERFLOW after maxRetries timeouts, the timer then disarmed (it returned 0 at every RTO, for good)", () => {
  // PSN 0's first copy is lost. Rounds of 4 packets (the 16,384 B quota) a µs from 1,000 ns: the
  // last of message 0's 16 goes at 4,000 ns, and the timer runs from it (§4.5: it is message
  // unaMSN's; the 24 packets of later messages, to 10,000 ns, leave it alone): deadline 4,000 +
  // 100,000 = 104,000. There the first timeout (sRetryNo 1): NSCC takes out the 16 × 4,150 =
  // 66,400 B message 0 held, inflight and cwnd both 166,000 − 66,400 = 99,600, w = 0, and this
  // wiring starts no round. The resend never begins; every expiry 100,000 ns on is a timeout too
  // (§4.5 counts timeouts): sRetryNo 2 … 7 at 204,000 … 704,000, and at 804,000, with sRetryNo
  // 7 = maxRetries, E_OVERFLOW. Before, 204,000 and every RTO after returned 0.
  const q = qp(false, (_m, psn, retryNo) => (psn === 0 && retryNo === 0 ? "drop" : "deliver"));
  assert.is(q.run(100), 804_000);
  assert.equal(q.log.timers, [
    [104_000, DCP_TIMEOUT], [204_000, DCP_TIMEOUT], [304_000, DCP_TIMEOUT], [404_000, DCP_TIMEOUT],
    [504_000, DCP_TIMEOUT], [604_000, DCP_TIMEOUT], [704_000, DCP_TIMEOUT], [804_000, E_OVERFLOW],
  ]);
  assert.equal([q.log.sent, q.log.resends, q.tx.retryNo(0), q.tx.timeouts(0)], [40, 0, 7, 7]);
  assert.equal([q.cc.cwndBytes(0), q.cc.inflightBytes(0)], [99_600, 99_600]);
  // Left armed, its deadline (810,000) was in the past: a NIC re-reading it spun.
  assert.not.ok(q.tx.timerArmed(0));
  assert.is(q.rx.emsn(0), 0);
});

test("the documented wiring, the same silent loss: one timeout takes the whole flight out, the resend goes, and all eight messages complete", () => {
  // At 104,000 (rtoNs after message 0's last packet) the timeout: all 40 × 4,150 = 166,000 B leave the flight, the cut is message 0's
  // 66,400 B (NSCC OnInferredLoss, cwnd −= the loss): cwnd 99,600, inflight 0, w = 24 packets.
  // The resend (16 packets, sRetryNo 1) completes message 0; message 1 was complete, so eMSN
  // jumps to 2. Then the rest: 8 × 16 = 128 new packets in all, and 16 resent.
  const q = qp(true, (_m, psn, retryNo) => (psn === 0 && retryNo === 0 ? "drop" : "deliver"));
  assert.ok(q.run(1000) > 0, "finished");
  assert.is(q.rx.emsn(0), 8);
  assert.equal(q.log.timers, [[104_000, DCP_TIMEOUT]]);
  assert.equal([q.log.sent, q.log.resends, q.log.retransmissions], [128 + 16, 16, 0]);
  // Whatever the ACKs released: everything handed after the timeout, so the flight ends at 0.
  assert.is(q.cc.inflightBytes(0), 0);
  assert.is(q.tx.errors, 0);
});

test("the documented wiring, the first packet of message unaMSN trimmed with the window full: its retransmission goes one packet past the window at once, and no timeout fires", () => {
  // PSN 0's first copy is trimmed; its HO is back before the next transmit opportunity, with the
  // 40 packets in flight. NSCC's trim takes its 4,150 B out of the flight and the window alike,
  // so w stays 0: no full packet fits. The recovery round sends PSN 0 again, one packet past
  // the window (w = 0 when it leaves). It completes message 0 (and with it message 1, eMSN 2).
  const q = qp(true, (_m, psn, retryNo, kind) => (psn === 0 && retryNo === 0 && kind !== DCP_TX_RETRANSMIT ? "trim" : "deliver"));
  assert.ok(q.run(1000) > 0, "finished");
  assert.is(q.rx.emsn(0), 8);
  assert.equal(q.log.timers, [], "no timeout");
  assert.equal([q.log.sent, q.log.retransmissions, q.log.resends], [128 + 1, 1, 0]);
  assert.equal(q.log.pastWindow, [0], "one packet went past the window, when 0 B of it were left");
  assert.is(q.cc.inflightBytes(0), 0);
});

// Review rev-dcp: message unaMSN's unsent packets waited for a window only its completion can
// reopen, so a window below one message cost an RTO per message with nothing lost (DCTCP's
// 10-packet initial window under 16-packet messages in the fabric: 36 timeouts).
test("the documented wiring, a window of 10 packets under 16-packet messages and no loss: the rest of message unaMSN goes past the window one packet an opportunity, and no timeout fires", () => {
  // cwnd 10 P = 41,500 B. Rounds of at most 4 packets (the 16,384 B quota): 4 at 1,000 ns, 4 at
  // 2,000 (w = 6 P), 2 at 3,000 (w = 2 P, awin 8,172 B), PSNs 0–9; w = 0. From 4,000 ns one
  // recovery packet an opportunity, each new data of message 0: PSNs 10–15, leaving with
  // w = 0, −4,150, …, −5 × 4,150 = −20,750. PSN 15 completes message 0 (eMSN 1). Before, they
  // waited: the timer fired at 3,000 + 100,000 = 103,000 ns and resent message 0.
  const q = qp(true, () => "deliver", 7, 10);
  assert.ok(q.run(1000) > 0, "finished");
  assert.is(q.rx.emsn(0), 8);
  assert.equal(q.log.timers, [], "no timeout");
  assert.equal([q.log.sent, q.log.retransmissions, q.log.resends], [128, 0, 0]);
  assert.equal(q.log.pastWindow.slice(0, 6), [0, -4150, -8300, -12_450, -16_600, -20_750]);
  assert.is(q.log.pastWindowNotUna, 0, "every packet past the window was message unaMSN's");
  assert.is(q.cc.inflightBytes(0), 0);
  assert.is(q.tx.errors, 0);
});

test("the documented wiring with message 0 never delivered: E_OVERFLOW at the (maxRetries + 1)-th expiry, each timeout's resend sent whole, past the window where it does not fit", () => {
  // Every copy of message 0's PSN 0 is lost. maxRetries 3: three timeouts, each followed by
  // the 16-packet resend (its last packet restarts the timer), then E_OVERFLOW.
  const q = qp(true, (_m, psn) => (psn === 0 ? "drop" : "deliver"), 3);
  assert.ok(q.run(1000) > 0);
  assert.equal(q.log.timers.map((t) => t[1]), [DCP_TIMEOUT, DCP_TIMEOUT, DCP_TIMEOUT, E_OVERFLOW]);
  assert.equal([q.log.resends, q.tx.timeouts(0), q.tx.retryNo(0)], [3 * 16, 3, 3]);
  // Whole: 16 packets with each sRetryNo. No ACK frees anything (eMSN stays 0), so NSCC's
  // window only shrinks, each timeout taking the whole flight out (inflight 0) and cutting it by
  // the 16 × 4,150 = 66,400 B message 0 held. First: 166,000 − 66,400 = 99,600 B = 24 P, and
  // the resend fits it (w = 99,600 at its first packet, 99,600 − 15 × 4,150 = 37,350 ≥ P at
  // its last). Second and third: cwnd ≤ 99,600 − 66,400 = 33,200 B = 8 P, so at most 8 of
  // their 16 packets fit and at least 8 go past the window (w < P when they leave).
  const rounds = [1, 2, 3].map((r) => q.log.resendWindows.filter(([retryNo]) => retryNo === r).map(([, w]) => w));
  assert.equal(rounds.map((ws) => ws.length), [16, 16, 16]);
  assert.equal([rounds[0][0], rounds[0][15]], [99_600, 37_350]);
  for (const r of [1, 2]) assert.ok(rounds[r].filter((w) => w < P).length >= 8, `resend ${r + 1}: ${rounds[r].join(" ")}`);
  assert.not.ok(q.tx.timerArmed(0));
  assert.is(q.rx.emsn(0), 0);
});

test.run();
