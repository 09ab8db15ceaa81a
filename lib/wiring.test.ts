// The per-event glue of lib/README.md ("Wiring a reliability module to a CC and a load
// balancer"), written as a NIC's firmware would call it, for NSCC + REPS + RUD: the order of the
// calls at a send, an ACK, a trim NACK and a timer, which `out` field feeds which argument, and
// where the ACK's EV comes from. harness/net/fabric.ts (sendData, senderAck, senderNack, timer)
// with adapters.ts (RudTransport, NsccCc) is the same wiring inside the fabric. Modules never
// call each other (DESIGN.md, "Layout"); only this glue joins them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { NSCC_ACK_REQUEST, NSCC_REPATH, Nscc } from "./cc/index";
import { ECN, GOOD, NACK, Reps, TIMEOUT } from "./lb/index";
import {
  RUD_NACK_RETRANSMIT,
  RUD_RX_ACK,
  RUD_RX_NACK,
  RUD_TIMEOUT,
  RUD_TX_LAST,
  RUD_TX_RETRANSMIT,
  RudReceiver,
  RudSender,
} from "./reliability/index";

// `out` is a typed array indexed by position (Float64Array for RUD); outFields names the
// positions. Look each index up once, never per packet.
const TX = RudSender.outFields;
const T_PSN = TX.indexOf("psn");
const T_BYTES = TX.indexOf("bytes");
const T_NEW = TX.indexOf("newBytes");
const T_RTT = TX.indexOf("rttNs");
const T_RESTORED = TX.indexOf("restoredBytes");
const T_EV = TX.indexOf("ev");
const RX = RudReceiver.outFields;
const R_CUM = RX.indexOf("cumPsn");
const R_BASE = RX.indexOf("sackBase");
const R_LO = RX.indexOf("sackLo");
const R_HI = RX.indexOf("sackHi");
const R_ACKED = RX.indexOf("ackedPsn");
const R_ECN = RX.indexOf("ecn");
const R_RTX = RX.indexOf("rtxEcho");
const R_RECVD = RX.indexOf("recvdBytes");

const LINK_GBPS = 100;
const BASE_RTT_NS = 12_000;
const MTU_BYTES = 4150; // wire bytes of a full packet: RUD's 4086 B of payload + its 64 B header
const HEADER_BYTES = 64;

/** One flow's sender side (slot 0) and the far end's receiver, with the glue as methods. */
class Nic {
  readonly cc = new Nscc(
    { profile: "uec", linkGbps: LINK_GBPS, baseRttNs: BASE_RTT_NS, mtuBytes: MTU_BYTES },
    1,
  );
  readonly lb = new Reps({ profile: "uec-htsim", baseRttNs: BASE_RTT_NS }, 1);
  readonly tx = new RudSender({ mtuBytes: MTU_BYTES, headerBytes: HEADER_BYTES }, 1);
  readonly rx = new RudReceiver({ mtuBytes: MTU_BYTES, headerBytes: HEADER_BYTES }, 1);
  /** The packet the last send() put on the wire. */
  psn = 0;
  bytes = 0;
  ev = 0;
  ar = false;
  rtx = false;

  constructor(readonly restoreOnAck = true) {
    this.cc.open(0);
    this.lb.open(0);
    this.tx.open(0, 0);
    this.rx.open(0, 0);
  }

  /** A transmit opportunity at tick `now`: true when a packet left (its fields above). */
  send(now: number): boolean {
    const { cc, lb, tx } = this;
    const bytes = tx.nextBytes(0);
    // The window check comes before choosePath: REPS hands a recycled EV out once.
    if (bytes === 0 || !cc.canSend(0, bytes)) return false;
    const ev = lb.choosePath(0, now, tx.nextPsn(0));
    const f = tx.nextPacket(0, now, ev);
    if (f <= 0) return false;
    // Wire bytes, header included, for a retransmission too: NSCC took them out of flight at
    // the trim or timeout. The receiver counts the same bytes in rcvd_bytes.
    const wire = tx.out[T_BYTES];
    const a = cc.onSend(0, now, wire);
    this.psn = tx.out[T_PSN] | 0;
    this.bytes = wire;
    this.ev = ev;
    this.rtx = (f & RUD_TX_RETRANSMIT) !== 0;
    // AR: NSCC's window is full, the message's last packet, or a retransmission (uet-htsim §4).
    this.ar = (a & NSCC_ACK_REQUEST) !== 0 || (f & (RUD_TX_LAST | RUD_TX_RETRANSMIT)) !== 0;
    return true;
  }

  /**
   * An ACK_CC reached the sender: the receiver's out fields as it sent them, `ev` the EV of the
   * data packet that triggered it (echoed by the receiver; RUD's out has none). Returns NSCC's
   * flags (NSCC_REPATH needs no call of its own: the ECN feedback below already keeps REPS from
   * recycling that EV).
   */
  ack(now: number, ackOut: Float64Array, ev: number): number {
    const { cc, lb, tx } = this;
    const a = ackOut;
    const rtx = a[R_RTX] !== 0;
    const f = tx.onAck(0, now, a[R_CUM], a[R_BASE], a[R_LO], a[R_HI], a[R_ACKED], rtx, a[R_RECVD]);
    if (f < 0) return f;
    const ecn = ackOut[R_ECN] !== 0;
    // A packet the CC had given up (a trim or timeout took its bytes out) was acknowledged
    // before its resend: its bytes go back into flight before the ACK takes newBytes out.
    const restored = tx.out[T_RESTORED];
    if (restored > 0 && this.restoreOnAck) cc.onSend(0, now, restored);
    const c = cc.onAck(0, now, tx.out[T_NEW], tx.out[T_RTT], ecn); // rttNs 0: no sample
    lb.onPathFeedback(0, now, ev, ecn ? ECN : GOOD); // every ACK; only GOOD recycles the EV
    return c;
  }

  /** A trim NACK for `psn` (lastHop: UET_TRIMMED_LASTHOP; ce: the trimmed header's CE bit). */
  nack(now: number, psn: number, lastHop: boolean, ce: boolean): void {
    const { cc, lb, tx } = this;
    // 0: already acknowledged, or queued by a timeout or an earlier NACK, whose call took its
    // bytes out and cut the window: a second onTrim would do both twice for one loss.
    if (tx.onNack(0, now, psn) !== RUD_NACK_RETRANSMIT) return;
    cc.onTrim(0, now, tx.out[T_BYTES], lastHop, tx.out[T_RTT]);
    // UEC §3.6.12 process_ev: a last-hop trim is not the path's fault.
    lb.onPathFeedback(0, now, tx.out[T_EV], lastHop ? (ce ? ECN : GOOD) : NACK);
  }

  /** The flow's timer fired; true when a packet timed out. */
  timer(now: number): boolean {
    const { cc, lb, tx } = this;
    if (tx.onTimer(0, now) !== RUD_TIMEOUT) return false; // 0: not due yet; E_OVERFLOW: give up
    cc.onTimeout(0, now, tx.out[T_BYTES]);
    lb.onPathFeedback(0, now, tx.out[T_EV], TIMEOUT); // REPS with trimming (its default)
    return true;
  }

  /** While tx.timerArmed(0): ns from tick `now` until onTimer may act (≤ 0: it may now). */
  timerDelayNs(now: number): number {
    // deadlineNs is a wrapping 32-bit tick: only the signed difference means anything.
    return (this.tx.deadlineNs(0) - now) | 0;
  }
}

test("a late original ACKed after its RTO: restoredBytes through onSend before onAck", () => {
  for (const restore of [true, false]) {
    const nic = new Nic(restore);
    const { cc, tx, rx } = nic;
    tx.post(0, 4086); // one packet: 4086 + 64 = 4150 wire bytes
    assert.ok(nic.send(1000));
    assert.is(cc.inflightBytes(0), 4150);
    // RTO (RUD default rtoNs 100,656) from the send at tick 1000: due at 101,656.
    assert.is(nic.timerDelayNs(1000), 100_656);
    assert.not.ok(nic.timer(101_655));
    assert.ok(nic.timer(101_656));
    assert.is(cc.inflightBytes(0), 0); // 4150 − 4150
    // The original was only late: the receiver takes it (AR: last of its message) and ACKs.
    const r = rx.onData(0, 102_000, nic.psn, nic.bytes, false, nic.ar, false);
    assert.is(r & RUD_RX_ACK, RUD_RX_ACK);
    nic.ack(102_500, rx.out, nic.ev);
    assert.is(tx.out[T_NEW], 4150); // rcvd_bytes 0 → 4150
    assert.is(tx.out[T_RESTORED], 4150); // it waited in the retransmission queue
    // With the restore 0 + 4150 − 4150 = 0; without it 0 − 4150, which nothing gives back.
    assert.is(cc.inflightBytes(0), restore ? 0 : -4150);
    assert.is(tx.queuedRetransmissions(0), 0);
    assert.is(tx.nextBytes(0), 0);
    assert.is(cc.errors + tx.errors + rx.errors, 0);
  }
});

test("every ACK reaches the LB: ECN (NSCC_REPATH) drops its EV, GOOD recycles it", () => {
  const nic = new Nic();
  const { cc, lb, tx, rx } = nic;
  tx.post(0, 2 * 4086);
  assert.ok(nic.send(0));
  const ev0 = nic.ev;
  // CE on the first packet: the receiver ACKs it at once and echoes CE. RTT 12,500 ns is 500 ns
  // of delay, below the uec target (0.75 × 12,000 = 9,000 ns with trimming, UEC Table 3-76), so
  // NSCC answers ECN with a repath (SMaRTT Alg. 1 case 2).
  let r = rx.onData(0, 6_000, nic.psn, nic.bytes, true, nic.ar, false);
  assert.is(r & RUD_RX_ACK, RUD_RX_ACK);
  assert.is(nic.ack(12_500, rx.out, ev0) & NSCC_REPATH, NSCC_REPATH);
  assert.is(lb.validCount(0), 0); // REPS Alg. 1: a marked ACK's EV is not cached
  assert.ok(nic.send(12_500));
  const ev1 = nic.ev;
  r = rx.onData(0, 18_500, nic.psn, nic.bytes, false, nic.ar, false);
  assert.is(r & RUD_RX_ACK, RUD_RX_ACK);
  nic.ack(25_000, rx.out, ev1);
  assert.is(lb.validCount(0), 1); // cached at the head
  assert.is(lb.choosePath(0, 25_000, tx.nextPsn(0)), ev1); // Alg. 2: the oldest valid EV first
  assert.is(cc.inflightBytes(0), 0);
  assert.is(cc.errors + lb.errors + tx.errors + rx.errors, 0);
});

test("a lossy flow across the tick's wrap: every PSN arrives, NSCC's flight returns to 0", () => {
  const nic = new Nic();
  const { cc, lb, tx, rx } = nic;
  const PACKETS = 64;
  tx.post(0, PACKETS * 4086);
  // Ticks start below 2^31 and wrap during the flow (lib/README, "Allocation"): only
  // differences count. Absolute time stays a double; each call gets `t | 0`.
  let t = 2 ** 31 - 50_000;
  const ONE_WAY_NS = 6_000;
  const acks: { out: Float64Array; ev: number }[] = [];
  const nacks: number[] = [];
  let trims = 0;
  let drops = 0;
  let timeouts = 0;
  for (let round = 0; round < 1000 && (tx.pendingMessages(0) > 0 || tx.timerArmed(0)); round++) {
    // Everything the window allows leaves at t; the first copy of PSN 10 is trimmed (a NACK
    // comes back), of PSN 20 dropped (left to the RTO), and PSN 30 carries CE.
    while (nic.send(t | 0)) {
      const first = !nic.rtx;
      const at = (t + ONE_WAY_NS) | 0;
      if (first && nic.psn === 10) {
        trims++;
        assert.is(rx.onTrimmed(0, at, nic.psn, nic.rtx), RUD_RX_NACK);
        nacks.push(nic.psn);
      } else if (first && nic.psn === 20) {
        drops++;
      } else {
        const ce = first && nic.psn === 30;
        const r = rx.onData(0, at, nic.psn, nic.bytes, ce, nic.ar, nic.rtx);
        // The ACK carries the receiver's out fields and the data packet's EV.
        if ((r & RUD_RX_ACK) !== 0) acks.push({ out: Float64Array.from(rx.out), ev: nic.ev });
      }
    }
    if (acks.length + nacks.length > 0) {
      t += 2 * ONE_WAY_NS;
      for (const a of acks) nic.ack(t | 0, a.out, a.ev);
      for (const psn of nacks) nic.nack(t | 0, psn, false, false);
      acks.length = 0;
      nacks.length = 0;
    } else if (tx.timerArmed(0)) {
      const d = nic.timerDelayNs(t | 0); // nothing else will happen: sleep until the RTO
      if (d > 0) t += d;
    }
    // Re-read the deadline after the calls on the slot: the oldest send may have changed.
    if (tx.timerArmed(0) && nic.timerDelayNs(t | 0) <= 0 && nic.timer(t | 0)) timeouts++;
  }
  assert.ok(t > 2 ** 31); // the ticks passed have wrapped to negative int32
  assert.is(rx.cumPsn(0), PACKETS);
  assert.is([trims, drops, timeouts].join(), "1,1,1");
  assert.is(tx.outstandingPackets(0), 0);
  assert.is(tx.pendingMessages(0), 0);
  // Everything handed to onSend came back through onAck, onTrim or onTimeout, net of restores.
  assert.is(cc.inflightBytes(0), 0);
  assert.is(cc.errors + lb.errors + tx.errors + rx.errors, 0);
});

test.run();
