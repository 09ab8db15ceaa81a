// The RDMA baselines (go-back-N, IRN, RACK-TLP, timeout-only) driven with a window CC, as
// README "A baseline + a window CC" wires them (review base-stall, 2026-12-05). Until then no
// README said how these senders feed a window CC. The wiring DCP documents (its ACK is
// cumulative: the CC hears what an ACK frees) tells the CC nothing of a SACK, of IRN's or RACK's
// losses or of a go-back, so one loss with the window full of later packets waited for the RTO;
// the documented wiring (RFC 6675's pipe) resends at once.
//
// One QP, sizes chosen by hand: payload 1,000 B and a 64 B header, P = 1,064 B a packet on the
// wire; AIMD (RFC 5681) with a window of 8 P = 8,512 B that only a cut moves (no slow start, no
// increase), halving on a loss, a loss window of P after a timeout. A 16-packet Write (PSNs
// 0–15). Packets and ACKs take D = 1,000 ns each way, none queue, and every send opportunity
// sends what the window allows at once: a round trip is 2,000 ns. The first copy of PSN 0 is
// lost; everything else arrives. At t = 0 the window holds PSNs 0–7 (awin 8,512 B → 8 × 1,000 B
// of payload), so it is full when the first ACKs come back at t = 2,000, each for one of PSNs 1–7.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Aimd } from "../cc/aimd/aimd";
import { GBN_RX_ACK, GBN_RX_NACK, GbnReceiver, GbnSender } from "./gbn/gbn";
import { IRN_RX_ACK, IRN_RX_NACK, IrnReceiver, IrnSender } from "./irn/irn";
import { RACK_TIMER_REORDER, RACK_TIMER_RTO, RackReceiver, RackSender } from "./rack/rack";
import { TimeoutReceiver, TimeoutSender } from "./timeout/timeout";

const H = 64;
const MTU = 1000;
const P = MTU + H;
const D = 1000;
const PACKETS = 16;
const WINDOW = 8 * P;

type Scheme = "gbn" | "irn" | "rack" | "timeout";
/** `pipe`: README "A baseline + a window CC". `cumulative`: the CC hears only what the cumulative ACK passes, and everything at a timeout. */
type Wiring = "pipe" | "cumulative";

function senderOf(s: Scheme) {
  if (s === "gbn") return new GbnSender({ mtuBytes: MTU });
  if (s === "irn") return new IrnSender({ mtuBytes: MTU });
  if (s === "rack") return new RackSender({ mtuBytes: MTU });
  return new TimeoutSender({ mtuBytes: MTU });
}

function receiverOf(s: Scheme) {
  if (s === "gbn") return new GbnReceiver();
  if (s === "irn") return new IrnReceiver();
  if (s === "rack") return new RackReceiver();
  return new TimeoutReceiver();
}

/** Runs the QP to its last ACK: every packet sent as [ns, PSN], the timeouts, when it finished, the CC's inflight then. */
function qp(scheme: Scheme, wiring: Wiring) {
  const cc = new Aimd({ mssBytes: P, initialCwndBytes: WINDOW, maxCwndBytes: WINDOW, minCwndBytes: P, slowStart: false, increaseBytes: 0 });
  const tx = senderOf(scheme);
  const rx = receiverOf(scheme);
  cc.open(0);
  tx.open(0, 0);
  rx.open(0, 0);
  tx.post(0, PACKETS * MTU, 1);
  const pipe = wiring === "pipe";
  // Copies of each PSN whose bytes the CC holds, and the PSNs an ACK acknowledged (cumulatively or by its SACK PSN).
  const held = new Int32Array(PACKETS);
  const acked = new Uint8Array(PACKETS);
  let cum = 0;
  let markedTo = 0; // IRN: PSNs below it were marked lost in this episode already
  const sent: [number, number][] = [];
  let timeouts = 0;
  let doneNs = -1;
  let lost = false;
  /** In flight: [arrival ns, 0 data / 1 ACK, PSN or cumulative PSN, SACK PSN, NACK, DSACK]. */
  const wire: number[][] = [];

  const acknowledge = (now: number, psns: number[]) => {
    let bytes = 0;
    for (const p of psns) {
      bytes += held[p] * P;
      held[p] = 0;
      acked[p] = 1;
    }
    cc.onAck(0, now, bytes);
  };
  /** `psns` leave the flight: lost (a cut, RFC 6582 once per window) or at a timeout (the loss window). */
  const leave = (now: number, psns: number[], timeout: boolean) => {
    let bytes = 0;
    for (const p of psns) {
      bytes += held[p] * P;
      held[p] = 0;
    }
    if (timeout) cc.onTimeout(0, now, bytes);
    else if (bytes > 0) cc.onNack(0, now, bytes);
  };
  const heldFrom = (from: number, marked?: (p: number) => boolean) => {
    const out: number[] = [];
    for (let p = from; p < PACKETS; p++) if (held[p] > 0 && (marked === undefined || marked(p))) out.push(p);
    return out;
  };
  const rackMarks = (now: number) => {
    const r = tx as RackSender;
    leave(now, heldFrom(cum, (p) => r.lostPsn(0, p)), false);
  };

  const send = (now: number) => {
    for (;;) {
      if (tx.nextPacket(0, now) <= 0) {
        // awin is payload (DCP README "DCP + a window CC"): full packets and a rest with its header off.
        const w = cc.cwndBytes(0) - cc.inflightBytes(0);
        if (w <= H) return;
        const full = Math.floor(w / P);
        const rest = w - full * P;
        tx.onSchedule(0, now, full * MTU + (rest > H ? rest - H : 0));
        if (tx.nextPacket(0, now) <= 0) return;
      }
      const psn = tx.out[2];
      cc.onSend(0, now, P);
      held[psn]++;
      sent.push([now, psn]);
      // The first copy of PSN 0 is the one loss.
      if (psn === 0 && !lost) lost = true;
      else wire.push([now + D, 0, psn, 0, 0, 0]);
    }
  };

  const onData = (now: number, psn: number) => {
    const last = psn === PACKETS - 1;
    if (scheme === "gbn") {
      const k = (rx as GbnReceiver).onData(0, now, psn, last);
      if ((k & (GBN_RX_ACK | GBN_RX_NACK)) !== 0) wire.push([now + D, 1, rx.out[0], 0, (k & GBN_RX_NACK) !== 0 ? 1 : 0, 0]);
    } else if (scheme === "irn") {
      const k = (rx as IrnReceiver).onData(0, now, psn, last);
      if ((k & (IRN_RX_ACK | IRN_RX_NACK)) !== 0) wire.push([now + D, 1, rx.out[0], rx.out[1], (k & IRN_RX_NACK) !== 0 ? 1 : 0, 0]);
    } else {
      // RACK's and timeout-only's receivers answer every packet: cumPsn, sackPsn (RACK: then dsack).
      (rx as RackReceiver | TimeoutReceiver).onData(0, now, psn, last);
      wire.push([now + D, 1, rx.out[0], rx.out[1], 0, scheme === "rack" ? rx.out[2] : 0]);
    }
  };

  const onAck = (now: number, c: number, sack: number, nack: number, dsack: number) => {
    if (scheme === "gbn" && nack !== 0) (tx as GbnSender).onNack(0, now, c);
    else if (scheme === "gbn") (tx as GbnSender).onAck(0, now, c);
    else if (scheme === "irn") {
      const irn = tx as IrnSender;
      const point = irn.recoveryPsn(0);
      if (nack !== 0) irn.onNack(0, now, c, sack);
      else irn.onAck(0, now, c);
      // A new episode (the point moved) scans again from the cumulative PSN (irn.ts, IRN §3.1).
      if (irn.inRecovery(0) && irn.recoveryPsn(0) !== point) markedTo = 0;
    } else if (scheme === "rack") (tx as RackSender).onAck(0, now, c, sack, dsack !== 0);
    else (tx as TimeoutSender).onAck(0, now, c, sack);
    const first: number[] = [];
    for (let p = cum; p < c; p++) if (acked[p] === 0) first.push(p);
    if (c > cum) cum = c;
    // The SACK PSN (IRN's NACK, RACK's and timeout-only's every ACK) acknowledges its packet too.
    if (pipe && scheme !== "gbn" && sack >= cum && acked[sack] === 0) first.push(sack);
    acknowledge(now, first);
    if (pipe && scheme === "gbn" && nack !== 0) leave(now, heldFrom(cum), false);
    if (pipe && scheme === "irn" && (tx as IrnSender).inRecovery(0)) {
      const high = (tx as IrnSender).highSackPsn(0);
      const marked: number[] = [];
      for (let p = Math.max(markedTo, cum); p < high; p++) if (acked[p] === 0 && held[p] > 0) marked.push(p);
      if (high > markedTo) markedTo = high;
      leave(now, marked, false);
    }
    if (pipe && scheme === "rack") rackMarks(now);
    if (cum === PACKETS && doneNs < 0) doneNs = now;
  };

  const onTimer = (now: number) => {
    const r = tx.onTimer(0, now);
    const timeout = scheme === "rack" ? (r & RACK_TIMER_RTO) !== 0 : r === 1;
    if (timeout) {
      timeouts++;
      // Every wiring takes everything held out at a timeout (it resends what it presumes lost).
      leave(now, heldFrom(cum), true);
      if (scheme === "irn") markedTo = Math.max(markedTo, (tx as IrnSender).recoveryPsn(0) + 1);
    } else if (pipe && scheme === "rack" && (r & RACK_TIMER_REORDER) !== 0) rackMarks(now);
  };

  send(0);
  while (doneNs < 0) {
    let now = Number.POSITIVE_INFINITY;
    for (const e of wire) if (e[0] < now) now = e[0];
    const timerFirst = tx.timerArmed(0) && tx.deadlineNs(0) <= now;
    if (timerFirst) now = tx.deadlineNs(0);
    if (now === Number.POSITIVE_INFINITY) break;
    if (timerFirst) onTimer(now);
    else {
      for (let i = 0; i < wire.length; ) {
        const e = wire[i];
        if (e[0] !== now) {
          i++;
          continue;
        }
        wire.splice(i, 1);
        if (e[1] === 0) onData(now, e[2]);
        else onAck(now, e[2], e[3], e[4], e[5]);
      }
    }
    send(now);
  }
  return { sent, timeouts, doneNs, inflight: cc.inflightBytes(0) };
}

/** [ns, PSN] of every packet sent after the first window (PSNs 0–7 at t = 0). */
const after = (r: ReturnType<typeof qp>) => r.sent.slice(8);

test("a baseline + AIMD, one loss with the window full: the pipe wiring resends at the first ACKs; told only the cumulative ACK, the window stays full until the RTO", () => {
  // The pipe wiring at t = 2,000, where the ACKs for PSNs 1–7 arrive in one tick:
  // - IRN: each NACK SACKs its PSN (1,064 B acknowledged); the first marks PSN 0 lost (below the
  //   highest SACK, notes/baselines.md §5): its 1,064 B leave and AIMD halves to 4,256 B = 4 P.
  //   After the seven, nothing is held: 8,512 − 7 × 1,064 − 1,064 = 0, and 4 P go: PSN 0 again,
  //   then new data 8, 9, 10. Their ACKs at 4,000 (cumulative 8, the resend filling the hole,
  //   then 9, 10, 11) free 4 P: 11–14; at 6,000: 15; its ACK at 8,000 ends the Write.
  // - RACK: the third SACK makes reo_wnd 0 (RFC 8985 §6.2 step 4, three packets SACKed), and
  //   PSN 0, sent at 0 with RACK.rtt 2,000, is lost: 0 + 2,000 + 0 ≤ 2,000 (step 5). It leaves
  //   the flight as IRN's did: the same sends, done at 8,000.
  // - GBN: PSN 1's NACK (ePSN 0) goes back; PSNs 2–7 are dropped without one (one NAK per hole,
  //   IBA §9.7). Everything past ePSN 0 leaves (the receiver discarded it): 8,512 B, one loss,
  //   4 P. PSNs 0–3 go at 2,000, 4–7 at 4,000, 8–11 at 6,000, 12–15 at 8,000; done at 10,000.
  // - Timeout-only: the SACKs free 7 × 1,064 B while PSN 0's 1,064 B stay (nothing marks it):
  //   7 P of window, PSNs 8–14 at 2,000 and 15 at 4,000. PSN 0 waits for its one recovery, the
  //   RTO, 4.096 µs × 2^8 = 1,048,576 ns after the first send (no cumulative progress restarts
  //   it); its ACK at 1,050,576.
  // Told only the cumulative ACK, the CC holds 8,512 B at t = 2,000 whatever the ACKs say: no
  // round can carry a packet (awin 0), and every scheme waits for its RTO. There everything held
  // leaves and AIMD's loss window is P: one packet a round trip, from the resend of PSN 0.
  // - IRN: RTO_high (320 µs, more than N = 3 packets in flight) from the first send: PSN 0 at
  //   320,000, then 8–15 one each round trip, 322,000 … 336,000; done at 338,000.
  // - RACK: RTO = max(SRTT + 4 RTTVAR, minRto) = max(2,000 + 4 × 1,000, 100,000) = 100,000
  //   (RFC 6298 §2.2, §2.4; the first sample 2,000), running from the first send: PSN 0 at
  //   100,000, 8–15 at 102,000 … 116,000; done at 118,000.
  // - GBN: PSN 1's NAK at 2,000 goes back to 0 (nothing can go) and restarts the timer (IBA
  //   vol. 1 §9.7.6.1.3, o9-85: restarted on each acknowledge packet while responses are
  //   outstanding): the timeout at 2,000 + 1,048,576 = 1,050,576; then 0–7 one a round trip,
  //   1,050,576 … 1,064,576, and 8–15, 1,066,576 … 1,080,576; done at 1,082,576.
  // - Timeout-only: the same RTO as with the pipe wiring, but PSNs 8–15 waited behind the SACKed
  //   bytes: 1,050,576 … 1,064,576 after PSN 0; done at 1,066,576.
  const roundTrips = (from: number, first: number, n: number) => Array.from({ length: n }, (_, k) => [from + 2 * D * k, first + k]);
  const cases: [Scheme, Wiring, number, number, number[][]][] = [
    ["irn", "pipe", 8000, 0, [[2000, 0], [2000, 8], [2000, 9], [2000, 10], [4000, 11], [4000, 12], [4000, 13], [4000, 14], [6000, 15]]],
    ["rack", "pipe", 8000, 0, [[2000, 0], [2000, 8], [2000, 9], [2000, 10], [4000, 11], [4000, 12], [4000, 13], [4000, 14], [6000, 15]]],
    ["gbn", "pipe", 10_000, 0, [0, 1, 2, 3].map((k) => [2000, k]).concat([4, 5, 6, 7].map((k) => [4000, k]), [8, 9, 10, 11].map((k) => [6000, k]), [12, 13, 14, 15].map((k) => [8000, k]))],
    ["timeout", "pipe", 1_050_576, 1, [8, 9, 10, 11, 12, 13, 14].map((k) => [2000, k]).concat([[4000, 15], [1_048_576, 0]])],
    ["irn", "cumulative", 338_000, 1, [[320_000, 0], ...roundTrips(322_000, 8, 8)]],
    ["rack", "cumulative", 118_000, 1, [[100_000, 0], ...roundTrips(102_000, 8, 8)]],
    ["gbn", "cumulative", 1_082_576, 1, roundTrips(1_050_576, 0, 16)],
    ["timeout", "cumulative", 1_066_576, 1, [[1_048_576, 0], ...roundTrips(1_050_576, 8, 8)]],
  ];
  for (const [scheme, wiring, doneNs, timeouts, sends] of cases) {
    const r = qp(scheme, wiring);
    assert.equal(after(r), sends, `${scheme}, ${wiring}: the sends after the first window`);
    assert.equal([r.doneNs, r.timeouts, r.inflight], [doneNs, timeouts, 0], `${scheme}, ${wiring}: [done, timeouts, inflight at the end]`);
  }
});

test.run();
