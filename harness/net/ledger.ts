// The congestion control's flight as a NIC keeps it for a transport that goes back to resend
// (the RDMA baselines in rounds.ts, the DACK initiators in dack.ts). Packets are numbered from 0,
// each a full packet of `packetWire` bytes but the flow's last. The wire bytes handed to the CC
// are held until an ACK shows they are no longer outstanding: between the first unacknowledged
// number (`cum`) and the highest number sent since the last go-back (`top`), and not selectively
// acknowledged. So a resent copy releases the copy it replaced, nothing stays in flight once the
// flow is acknowledged, and a loss or timeout lets everything held go at once.
//
// Selective ACKs (IRN's NACK, RACK's and timeout-only's SACK PSN; notes/baselines.md §5, RFC 8985
// §6.2 step 2): a packet's bytes leave with the first ACK that acknowledges it, cumulatively or
// selectively, so the CC's onAck hears them once, with that ACK's CE bit, as a NIC running DCTCP
// or MP-RDMA (notes/baselines.md §4) counts acknowledged and marked bytes. Counting only the
// cumulative PSN gave an ACK that SACKed a packet 0 bytes, its CE lost, and the ACK that later
// filled the hole all of them with its own CE. The SACKed numbers at or past `cum` are a ring
// bitmap of the receiver's window per slot (lib/reliability/qp.ts windowBits, as the receiver's
// own): a receiver answers only packets within its window past its ePSN, which is the ACK's
// cumulative PSN and so at or below `cum` (ACKs may arrive out of order), so a SACK PSN at or past
// `cum` lies within one window of it. They stay SACKed through a timeout (the receivers here never
// renege), so a resend of a SACKed packet is a copy to release, not a packet to count again.
//
// Packets the sender's loss detection marks lost (IRN below its highest SACK, RACK's step 5) leave
// the flight at once (`markLost`), as RFC 6675's pipe and Linux's in_flight leave out what is
// deemed lost, and UEC OnInferredLoss reduces inflight: held in flight, a burst of lost packets
// filled a window the CC had just cut, their resends could not go, and the flow waited for the
// RTO. A marked packet comes back into the flight with its resend, or, delivered after all before
// its resend went (its SACK or the cumulative ACK passes it), as bytes restored and acknowledged
// at once, so the CC hears its acknowledgement and its CE bit as for any other packet.

import { bitClear, bitSet, bitTest } from "../../lib/core/bitmap";
import { windowBits } from "../../lib/reliability/qp";

export class FlightLedger {
  /** One past the highest number sent since the last go-back. */
  private readonly top: Int32Array;
  /** The highest cumulative number heard: the first not acknowledged in order. */
  private readonly cum: Int32Array;
  /** Wire bytes handed to the CC and not yet released. */
  private readonly held: Float64Array;
  /** Ring of numbers ≥ cum selectively acknowledged, `words` int32 per slot (none without SACK). */
  private readonly sacked: Int32Array;
  /** Bits set in a slot's ring: 0 skips the scans. */
  private readonly sackedCount: Int32Array;
  /** Wire bytes of the SACKed numbers in [cum, top): not outstanding. */
  private readonly sackedWire: Float64Array;
  /** Ring of numbers in [cum, top) marked lost and not sent again since, as `sacked`; their count and wire bytes (out of `held`). */
  private readonly lost: Int32Array;
  private readonly lostCount: Int32Array;
  private readonly lostWire: Float64Array;
  /** Set by release: bytes of marked packets it found delivered, put back into the flight before they are released. */
  restored = 0;
  private readonly words: number;
  private readonly mask: number;

  /** `sackWindowPackets`: the receiver's window that SACKs fall within (0: ACKs are cumulative only, GBN and DACK). */
  constructor(
    capacity: number,
    private readonly packetWire: number,
    sackWindowPackets = 0,
  ) {
    this.top = new Int32Array(capacity);
    this.cum = new Int32Array(capacity);
    this.held = new Float64Array(capacity);
    const bits = sackWindowPackets > 0 ? windowBits(sackWindowPackets) : 0;
    this.words = bits >>> 5;
    this.mask = bits - 1;
    this.sacked = new Int32Array(capacity * this.words);
    this.sackedCount = new Int32Array(capacity);
    this.sackedWire = new Float64Array(capacity);
    this.lost = new Int32Array(capacity * this.words);
    this.lostCount = new Int32Array(capacity);
    this.lostWire = new Float64Array(capacity);
  }

  /** Packet `psn` of `bytes` went to the CC's onSend. */
  sent(slot: number, psn: number, bytes: number): void {
    this.held[slot] += bytes;
    const top = this.top[slot];
    if (psn < top) {
      // The resend of a packet marked lost: it is outstanding again.
      if (this.lostCount[slot] !== 0 && psn >= this.cum[slot]) this.unmark(slot, psn, bytes);
      return;
    }
    // Numbers SACKed after a go-back (their first copies were late, not lost) come back within
    // [cum, top) as top passes them; only the flow's last packet is short, and only `psn` can be it.
    if (this.sackedCount[slot] !== 0) {
      const cum = this.cum[slot];
      const from = top > cum ? top : cum;
      const lim = cum + this.mask + 1;
      const end = psn < lim ? psn + 1 : lim;
      const base = slot * this.words;
      let wire = 0;
      for (let p = from; p < end; p++) {
        if (bitTest(this.sacked, base, p & this.mask)) wire += p === psn ? bytes : this.packetWire;
      }
      this.sackedWire[slot] += wire;
    }
    this.top[slot] = psn + 1;
  }

  /**
   * Bytes the CC may release after an ACK whose cumulative number is `cumPsn` and which
   * selectively acknowledges `sackPsn` (−1: none; one below the cumulative number is none either);
   * `postedWire` is the flow's wire size so far. Every packet this ACK acknowledges first is in
   * them, with the copies resends replaced.
   */
  release(slot: number, cumPsn: number, postedWire: number, sackPsn = -1): number {
    let cum = this.cum[slot];
    this.restored = 0;
    if (cumPsn > cum) {
      if (this.lostCount[slot] !== 0) this.passLost(slot, cum, cumPsn, postedWire);
      if (this.sackedCount[slot] !== 0) this.passSacked(slot, cum, cumPsn, postedWire);
      cum = cumPsn;
      this.cum[slot] = cum;
      if (this.top[slot] < cum) this.top[slot] = cum;
    }
    const top = this.top[slot];
    if (sackPsn >= cum && sackPsn - cum <= this.mask) {
      const base = slot * this.words;
      if (!bitTest(this.sacked, base, sackPsn & this.mask)) {
        if (this.lostCount[slot] !== 0 && bitTest(this.lost, base, sackPsn & this.mask)) this.restore(slot, sackPsn, postedWire);
        bitSet(this.sacked, base, sackPsn & this.mask);
        this.sackedCount[slot]++;
        if (sackPsn < top) this.sackedWire[slot] += this.wireOf(sackPsn, postedWire);
      }
    }
    const outstanding = this.wireBelow(top, postedWire) - this.wireBelow(cum, postedWire) - this.sackedWire[slot] - this.lostWire[slot];
    const held = this.held[slot];
    const released = held > outstanding ? held - outstanding : 0;
    this.held[slot] = held - released;
    return released;
  }

  /**
   * Everything held is presumed lost, and the count of what is out starts again at `psn` (the
   * baselines: their cumulative number, so no SACKed number lies below it). Returns the bytes.
   */
  lose(slot: number, psn: number): number {
    const bytes = this.held[slot];
    this.held[slot] = 0;
    this.top[slot] = psn;
    this.sackedWire[slot] = 0;
    if (this.lostCount[slot] !== 0) {
      this.lost.fill(0, slot * this.words, (slot + 1) * this.words);
      this.lostCount[slot] = 0;
      this.lostWire[slot] = 0;
    }
    return bytes;
  }

  /**
   * The sender's loss detection marks `psn` lost: unless it is not outstanding (acknowledged,
   * SACKed, not sent since the last go-back, already marked) its wire bytes leave the flight.
   * Returns them (0: nothing left). A packet below `top` that a go-back took out and that was
   * not resent since (RACK resends after an RTO only what it marked then) is taken out again if
   * marked later: the flight runs one packet short until the ACKs pass it, never below 0 (the
   * ledger keeps no per-PSN record of what a go-back left unsent).
   */
  markLost(slot: number, psn: number, postedWire: number): number {
    const cum = this.cum[slot];
    if (psn < cum || psn >= this.top[slot] || psn - cum > this.mask) return 0;
    const base = slot * this.words;
    const i = psn & this.mask;
    if (bitTest(this.sacked, base, i) || bitTest(this.lost, base, i)) return 0;
    const w = this.wireOf(psn, postedWire);
    if (w <= 0 || w > this.held[slot]) return 0;
    bitSet(this.lost, base, i);
    this.lostCount[slot]++;
    this.lostWire[slot] += w;
    this.held[slot] -= w;
    return w;
  }

  /** Packets marked lost and not sent again, delivered or acknowledged since. */
  lostPackets(slot: number): number {
    return this.lostCount[slot];
  }

  /** A marked packet is outstanding again (`wire`, its bytes: a resend's are a packet's own): its resend went, its bytes are in `held` already. */
  private unmark(slot: number, psn: number, wire: number): void {
    const base = slot * this.words;
    const i = psn & this.mask;
    if (psn - this.cum[slot] > this.mask || !bitTest(this.lost, base, i)) return;
    bitClear(this.lost, base, i);
    this.lostCount[slot]--;
    this.lostWire[slot] -= wire;
  }

  /** A marked packet turned out delivered before its resend: back into `held` (and `restored`), to be released with the ACK. */
  private restore(slot: number, psn: number, postedWire: number): void {
    const w = this.wireOf(psn, postedWire);
    this.unmark(slot, psn, w);
    this.held[slot] += w;
    this.restored += w;
  }

  /** The cumulative number passes [from, to): each marked packet it passes was delivered (restore). */
  private passLost(slot: number, from: number, to: number, postedWire: number): void {
    const base = slot * this.words;
    const end = to - from > this.mask ? from + this.mask + 1 : to;
    for (let p = from; p < end && this.lostCount[slot] > 0; p++) {
      if (bitTest(this.lost, base, p & this.mask)) this.restore(slot, p, postedWire);
    }
  }

  /** The cumulative number passes [from, to): clears the SACK bits it passes, taking those below top out of sackedWire. */
  private passSacked(slot: number, from: number, to: number, postedWire: number): void {
    const base = slot * this.words;
    const top = this.top[slot];
    // Bits exist only within one window past `from`.
    const end = to - from > this.mask ? from + this.mask + 1 : to;
    let left = this.sackedCount[slot];
    for (let p = from; p < end && left > 0; p++) {
      if (!bitTest(this.sacked, base, p & this.mask)) continue;
      bitClear(this.sacked, base, p & this.mask);
      left--;
      if (p < top) this.sackedWire[slot] -= this.wireOf(p, postedWire);
    }
    this.sackedCount[slot] = left;
  }

  /** Wire bytes of number `psn` alone (0 past the flow's end). */
  wireOf(psn: number, postedWire: number): number {
    return this.wireBelow(psn + 1, postedWire) - this.wireBelow(psn, postedWire);
  }

  /** Wire bytes of numbers [0, psn): full packets, the last one short. */
  private wireBelow(psn: number, postedWire: number): number {
    const w = psn * this.packetWire;
    return w < postedWire ? w : postedWire;
  }
}

/**
 * The CC's flight for RUD, whose ACK clock is the receiver's count of bytes received (uet-htsim
 * §3 step 1) while timeouts and NACKs take a packet out when the sender gives up on it. The two
 * can take the same packet out twice (counted at the receiver, then timed out before its SACK
 * came back) until the SACK says so and its bytes are restored. uet-htsim's in_flight is signed
 * and goes below 0 meanwhile; a CC module's stops at 0, so the excess would be lost and the
 * restore would then leave the window short for good (a flow stuck with nothing outstanding,
 * found by `nicfw soak`). This keeps the signed sum and hands the module only the changes that
 * keep its flight at max(sum, 0).
 *
 * The flight always comes out right; the kind of each change is kept where the module's flight
 * allows. An ACK whose byte count covers a packet already taken out by a timeout or a NACK (the
 * sum goes below 0: the module is told 0) is owed to the module as an acknowledgement: when the
 * packet's SACK then restores it (the sum absorbs the put-back, told 0 again), the module hears
 * it restored and acknowledged at once (its flight does not move); when a send brings the flight
 * back first, the next take gives the module the excess as an acknowledgement. Before, the
 * module heard one loss and no acknowledgement of such a packet, and a module that counts bytes
 * sent and acknowledged (TIMELY's per-RTT mark) ended one packet short (one flow of fifteen in a
 * 15:1 TIMELY incast with 1 % loss and no trimming). In the other order (an ACK, then a clamped
 * timeout, then the resend) the later excess is still told as an acknowledgement, one packet
 * over: telling it as a loss would need a loss output on the ACK path, and the modules' loss
 * hooks also cut windows by the bytes they are given.
 *
 * What `take` returns is the flight's change, not the loss: RUD's timeout reports its packet's
 * wire bytes apart (Transport.lostBytes), and NSCC cuts by those, as uet-htsim's rtxTimerExpired
 * does (uec-htsim-reference §4 step 3). A NACK cannot: NSCC's onTrim takes one amount for its
 * flight and its cut, so a trim NACK that comes while the sum is below the packet's size (another
 * packet counted by the ACK clock, then timed out, its SACK not yet back) cuts the window by what
 * `take` returns, less than uet-htsim's full packet (updateCwndOnNack_NSCC, §4 step 3).
 */
export class SignedFlight {
  /** The signed sum of bytes sent, taken out and put back. */
  private readonly sum: Float64Array;
  /** What the module holds by what it was told. */
  private readonly held: Float64Array;
  /** ACKed bytes the module was not told (they were out of its flight already). */
  private readonly unacked: Float64Array;
  /** Set by putBack: bytes of `unacked` it settled, to be told acknowledged with the restore. */
  settled = 0;

  constructor(capacity: number) {
    this.sum = new Float64Array(capacity);
    this.held = new Float64Array(capacity);
    this.unacked = new Float64Array(capacity);
  }

  open(slot: number): void {
    this.sum[slot] = 0;
    this.held[slot] = 0;
    this.unacked[slot] = 0;
  }

  /** A packet of `bytes` went to the module's onSend. */
  sent(slot: number, bytes: number): void {
    this.sum[slot] += bytes;
    this.held[slot] += bytes;
  }

  /** `bytes` leave the flight (ACK, NACK, timeout): returns what the module should take out. */
  take(slot: number, bytes: number): number {
    const sum = this.sum[slot] - bytes;
    this.sum[slot] = sum;
    const out = this.held[slot] - (sum > 0 ? sum : 0);
    if (out <= 0) return 0;
    this.held[slot] -= out;
    return out;
  }

  /** The ACK clock reports `bytes`: returns what the module should hear acknowledged. */
  acked(slot: number, bytes: number): number {
    const out = this.take(slot, bytes);
    const owed = this.unacked[slot];
    // Less than the clock said: owed; more (the flight came back after a send): paid.
    const owedNow = owed + bytes - out;
    this.unacked[slot] = owedNow > 0 ? owedNow : 0;
    return out;
  }

  /**
   * `bytes` taken out come back (acknowledged before their resend): returns what the module
   * should get back, including `settled` bytes it should then also hear acknowledged.
   */
  putBack(slot: number, bytes: number): number {
    const sum = this.sum[slot] + bytes;
    this.sum[slot] = sum;
    let back = sum - this.held[slot];
    if (back > 0) this.held[slot] = sum;
    else back = 0;
    const owed = this.unacked[slot];
    const absorbed = bytes - back;
    const settled = absorbed < owed ? absorbed : owed;
    this.settled = settled > 0 ? settled : 0;
    this.unacked[slot] = owed - this.settled;
    return back + this.settled;
  }
}
