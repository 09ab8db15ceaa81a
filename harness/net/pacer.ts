// The NIC's pacer: when each paced flow's next packet may leave, and the one wake the fabric
// keeps queued for a flow the pacer holds. Times are absolute picoseconds; a gap is the CC
// adapter's `pacingGapPs`. A rate module's gap is fixed when a packet leaves (the QP's
// next-available time, notes/baselines.md §3); Swift's is set anew at each ACK from the last
// send (`repace`), as Isekai sets its timing wheel at the ACK (baselines §1.5).

export class Pacer {
  /** When each flow's next packet may leave. */
  readonly nextPs: Float64Array;
  /** The wake queued for a held flow, 0 when none. */
  readonly wakePs: Float64Array;
  private readonly lastPs: Float64Array;
  private readonly lastBytes: Int32Array;

  constructor(flows: number) {
    this.nextPs = new Float64Array(flows);
    this.wakePs = new Float64Array(flows);
    this.lastPs = new Float64Array(flows);
    this.lastBytes = new Int32Array(flows);
  }

  /** Flow f sent a packet of `bytes` at nowPs, and its CC asks `gapPs` before the next. */
  sent(f: number, nowPs: number, bytes: number, gapPs: number): void {
    this.nextPs[f] = nowPs + gapPs;
    this.lastPs[f] = nowPs;
    this.lastBytes[f] = bytes;
  }

  /** The wire bytes of flow f's last packet: the size a gap set anew is asked for. */
  lastBytesOf(f: number): number {
    return this.lastBytes[f];
  }

  /**
   * 0 when flow f may send at nowPs. Otherwise it is held: the time of the wake the caller
   * must queue, or −1 when one is queued already.
   */
  hold(f: number, nowPs: number): number {
    const next = this.nextPs[f];
    if (next <= nowPs) return 0;
    if (this.wakePs[f] !== 0) return -1;
    this.wakePs[f] = next;
    return next;
  }

  /** A wake for flow f fired at tPs: true when it is the one queued (an earlier repace makes the rest stale). */
  woke(f: number, tPs: number): boolean {
    if (this.wakePs[f] !== tPs) return false;
    this.wakePs[f] = 0;
    return true;
  }

  /**
   * The gap set anew at nowPs: the next packet may leave `gapPs` after the last send. A held
   * flow now due before its wake gets an earlier one (returned, for the caller to queue), or
   * none when it is due already (the caller lets it send); one due later meets `hold` again at
   * the old wake. Returns 0 when there is nothing to queue.
   */
  repace(f: number, nowPs: number, gapPs: number): number {
    const at = this.lastPs[f] + gapPs;
    this.nextPs[f] = at;
    const wake = this.wakePs[f];
    if (wake === 0 || at >= wake) return 0;
    if (at <= nowPs) {
      this.wakePs[f] = 0;
      return 0;
    }
    this.wakePs[f] = at;
    return at;
  }
}
