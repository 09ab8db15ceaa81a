// The congestion control's flight as a NIC keeps it for a transport that goes back to resend
// (the RDMA baselines in rounds.ts, the DACK initiators in dack.ts). Packets are numbered from 0,
// each a full packet of `packetWire` bytes but the flow's last. The wire bytes handed to the CC
// are held until an ACK shows they are no longer between the first unacknowledged number (`cum`)
// and the highest number sent since the last go-back (`top`), so that a resent copy releases the
// copy it replaced and nothing stays in flight once the flow is acknowledged; a loss or timeout
// lets everything held go at once.

export class FlightLedger {
  private readonly top: Int32Array;
  private readonly held: Float64Array;

  constructor(
    capacity: number,
    private readonly packetWire: number,
  ) {
    this.top = new Int32Array(capacity);
    this.held = new Float64Array(capacity);
  }

  /** Packet `psn` of `bytes` went to the CC's onSend. */
  sent(slot: number, psn: number, bytes: number): void {
    this.held[slot] += bytes;
    if (psn >= this.top[slot]) this.top[slot] = psn + 1;
  }

  /** Bytes the CC may release after an ACK whose first unacknowledged number is `cum`; `postedWire` is the flow's wire size. */
  release(slot: number, cum: number, postedWire: number): number {
    if (this.top[slot] < cum) this.top[slot] = cum;
    const outstanding = this.wireBelow(this.top[slot], postedWire) - this.wireBelow(cum, postedWire);
    const held = this.held[slot];
    const released = held > outstanding ? held - outstanding : 0;
    this.held[slot] = held - released;
    return released;
  }

  /** Everything held is presumed lost, and the count of what is out starts again at `cum`. Returns the bytes. */
  lose(slot: number, cum: number): number {
    const bytes = this.held[slot];
    this.held[slot] = 0;
    this.top[slot] = cum;
    return bytes;
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
