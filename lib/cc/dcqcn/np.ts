// DCQCN notification point (the receiver's CNP generator), as one sans-IO table of flows.
//
// Read first:
//   DCQCN (Zhu et al., SIGCOMM 2015) §3.1 NP: when a CE-marked packet arrives for a flow and no
//     CNP was sent for it in the last N µs, send one at once; afterwards at most one CNP per N µs,
//     sent at the end of an interval in which a marked packet arrived (deferredCnp).
//   HPCC simulator (notes/baselines.md §3.3): every marked packet's ACK carries the CNP flag
//     (cnpIntervalNs = 0). Mellanox NICs space CNPs by min_time_between_cnps without deferring.
//
// The caller owns the timer: while timerArmed(slot), call onTimer(slot, nowNs) at or after
// nextTimerNs(slot); a return of DCQCN_SEND_CNP means "send the deferred CNP now".
//
// Parameters are the Dcqcn ones (params.ts); the NP reads cnpIntervalNs and deferredCnp.

import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { type DcqcnParams, type DcqcnParamsInput, resolveDcqcnParams } from "./params";

/** Per-flow state: 4 B + 1 B + the open flag = 6 B. */
const LAYOUT = {
  lastCnp: "i32", // tick of the last CNP sent
  flags: "u8",
} as const;

const enum Fl {
  Sent = 1, // lastCnp holds a real tick
  Pending = 2, // a marked packet arrived since the last CNP, inside the interval
}

const enum R {
  SendCnp = 1,
}

/** onData / onTimer: send a CNP for this flow now. */
export const DCQCN_SEND_CNP: number = R.SendCnp;

export class DcqcnNp extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onData: ["slot", "nowNs", "ce"],
    onTimer: ["slot", "nowNs"],
  };

  readonly params: Readonly<DcqcnParams>;

  private readonly lastCnp = this.col.lastCnp;
  private readonly flags = this.col.flags;
  private readonly interval: number;
  private readonly deferred: number;

  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params: DcqcnParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveDcqcnParams(params);
    this.params = Object.freeze(p);
    this.interval = Math.round(p.cnpIntervalNs);
    this.deferred = p.deferredCnp ? 1 : 0;
  }

  /**
   * Opens a flow's notification point: no CNP sent yet, so its first CE mark sends one.
   * @throws RangeError for a slot outside the table.
   */
  open(slot: number): void {
    this.openSlot(slot);
  }

  /**
   * A data packet of the flow arrived. `ce` is a boolean: true when the packet carries a CE mark
   * (IP ECN field 11), false when not. It is not validated: another value is taken by its
   * JavaScript truthiness (1 as true, 0 as false), with no error counted. Returns
   * DCQCN_SEND_CNP when a CNP must go out now, else 0 (always 0 without a mark: a deferred CNP
   * goes out only from onTimer); E_SLOT / E_ARG for a bad slot or time.
   */
  onData(slot: number, nowNs: number, ce: boolean): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    if (!ce) return 0;
    if (this.interval === 0) return R.SendCnp;
    const now = nowNs | 0;
    const flags = this.flags[slot];
    // lastCnp is always in the past, so now − lastCnp is read as an unsigned age: a signed
    // difference turns negative once the last CNP is 2^31 ns (2.1 s) old and would suppress
    // every CNP for the next 2.1 s (§3.1: a mark with no CNP in the last N sends one). Only an
    // age of k·2^32 ns plus less than N aliases, treated as if a CNP had just been sent.
    if ((flags & Fl.Sent) === 0 || ((now - this.lastCnp[slot]) >>> 0) >= this.interval) {
      this.lastCnp[slot] = now;
      this.flags[slot] = Fl.Sent;
      return R.SendCnp;
    }
    if (this.deferred !== 0) this.flags[slot] = flags | Fl.Pending;
    return 0;
  }

  /**
   * The end of an interval with a deferred mark: DCQCN_SEND_CNP if a mark is pending and
   * now − lastCnp ≥ N (unsigned), and `nowNs | 0` becomes the last CNP's tick; else 0.
   */
  onTimer(slot: number, nowNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    // Unsigned age, as in onData: a caller more than 2^31 ns late still gets the deferred CNP.
    if ((this.flags[slot] & Fl.Pending) === 0 || ((now - this.lastCnp[slot]) >>> 0) < this.interval) return 0;
    this.lastCnp[slot] = now;
    this.flags[slot] = Fl.Sent;
    return R.SendCnp;
  }

  /** True while a deferred CNP waits for the end of its interval. */
  timerArmed(slot: number): boolean {
    return this.live[slot] === 1 && (this.flags[slot] & Fl.Pending) !== 0;
  }

  /** The tick at which the deferred CNP is due; meaningful only while timerArmed (else 0). */
  nextTimerNs(slot: number): number {
    return this.timerArmed(slot) ? (this.lastCnp[slot] + this.interval) | 0 : 0;
  }
}
