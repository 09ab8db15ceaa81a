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
