// Flowlet switching at the endpoint (Kandula et al., "Dynamic load balancing without packet
// reordering", CCR 2007 — Spritz ref. [51]; LetFlow, Vanini et al., NSDI'17 — ref. [88]): a flow
// keeps its EV while its packets come close together and draws a new random EV when a packet
// follows an idle gap longer than gapNs, since a gap longer than the paths' delay difference lets
// the next burst take another path without reordering. The REPS evaluation uses a gap of ½ RTT
// (notes/uec-nscc-reps-pds.md §1.5).
//
// gapFrom "send" (the papers): the gap is between two choosePath calls. gapFrom "feedback" (the
// REPS artifact's variant): the gap is measured from the last ACK or NACK, and minRerouteNs (the
// artifact uses one RTO) spaces two re-paths at least that far apart. A timeout is not feedback
// from the path: the artifact's rtxTimerExpired passes it to the BITMAP and MIXED balancers only,
// so the gap clock keeps the last ACK's tick and the retransmission that follows an RTO re-paths.

import { E_STATE } from "../../core/errors";
import { resolveParams, rule } from "../../core/params";
import { Xoshiro128 } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { tickDeadlineCame } from "../../core/ticks";
import { TIMEOUT } from "../feedback";

/** Per-flow state: 2 + 4 + 4 + 1 = 11 B + the open flag = 12 B. */
const LAYOUT = {
  ev: "u16",
  last: "i32", // tick of the last packet (send mode) or feedback (feedback mode)
  holdUntil: "i32", // tick: no re-path before it (minRerouteNs)
  flags: "u8", // F bits
} as const;

const enum F {
  Seen = 1, // `last` holds a real tick
  Held = 2, // holdUntil is in force
}

export type FlowletGapFrom = "send" | "feedback";

export interface FlowletParams {
  /**
   * Idle gap that starts a new flowlet (REPS evaluation: ½ RTT). Default 7 µs: ½ of the ≈ 14 µs
   * base RTT of the fabric's default 3-tier fat tree (12 µs of 1 µs links, about 2 µs of
   * serialising 4150 B at 100 Gb/s); set it to ½ of your own base RTT.
   */
  gapNs: number;
  /**
   * Where the gap is measured from: `send` (default; Kandula et al., LetFlow: the time since the
   * flow's last choosePath) or `feedback` (the REPS artifact's variant: since the last ACK or
   * NACK; a timeout does not restart the clock, head of flowlet.ts).
   */
  gapFrom: FlowletGapFrom;
  /** Minimum time between two re-paths (0: none; the REPS artifact: one RTO). */
  minRerouteNs: number;
  /** EVs are drawn uniformly from 0 … evCount − 1, an integer in [1, 65536] (the 16-bit EV space, the default). */
  evCount: number;
  /**
   * Seed of the table's xoshiro128** generator (lib/core/rng.ts: seed | 0 through splitmix32, so
   * any integer, taken modulo 2^32): the EV a flow opens on and the EV of each new flowlet. Default
   * 1.
   */
  seed: number;
}

export class Flowlet extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    choosePath: ["slot", "nowNs", "psn"],
    onPathFeedback: ["slot", "nowNs", "ev", "kind"],
  };

  readonly params: Readonly<FlowletParams>;
  private readonly evs = this.col.ev;
  private readonly last = this.col.last;
  private readonly holdUntil = this.col.holdUntil;
  private readonly flags = this.col.flags;
  private readonly rng: Xoshiro128;
  private readonly gapNs: number;
  private readonly fromFeedback: number;
  private readonly minRerouteNs: number;
  private readonly evCount: number;
  /**
   * What the table decided since construction, all flows (choosePath returns only the EV, and the
   * fabric reads these when the run reports): every EV choosePath returned, under exactly one of
   * flowletCount (a new flowlet: a fresh draw after an idle gap longer than gapNs; the name the
   * conformance vectors read), evsHeld (the gap was long enough, but the minRerouteNs hold since
   * the last flowlet kept the EV) and evsKept (no gap: packets close together, or no clock yet).
   */
  flowletCount = 0;
  /** choosePath calls whose gap was long enough but whose EV the minRerouteNs hold kept (see flowletCount). */
  evsHeld = 0;
  /** choosePath calls that kept the EV with no gap longer than gapNs, or before the flow's clock started (see flowletCount). */
  evsKept = 0;

  /** @throws RangeError for an unknown parameter or a value out of range. */
  constructor(params: Partial<FlowletParams> = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const defaults: FlowletParams = { gapNs: 7_000, gapFrom: "send", minRerouteNs: 0, evCount: 65536, seed: 1 };
    const p = resolveParams("Flowlet", defaults, params, {
      gapNs: rule.int(0, 2 ** 30),
      gapFrom: rule.oneOf("send", "feedback"),
      minRerouteNs: rule.int(0, 2 ** 30),
      evCount: rule.int(1, 65536),
      seed: rule.int(),
    });
    this.params = Object.freeze(p);
    this.rng = new Xoshiro128(p.seed);
    this.gapNs = p.gapNs;
    this.fromFeedback = p.gapFrom === "feedback" ? 1 : 0;
    this.minRerouteNs = p.minRerouteNs;
    this.evCount = p.evCount;
  }

  /** Opens a flow on a random EV. */
  open(slot: number): void {
    this.openSlot(slot);
    this.evs[slot] = this.rng.nextBelow(this.evCount);
  }

  /** The EV for the next packet: a new random one when it follows a gap longer than gapNs. */
  choosePath(slot: number, nowNs: number, psn: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const now = nowNs | 0;
    const fl = this.flags[slot];
    if ((fl & F.Seen) !== 0 && ((now - this.last[slot]) >>> 0) > this.gapNs) this.newFlowlet(slot, now, fl);
    else this.evsKept++;
    if (this.fromFeedback === 0) {
      this.last[slot] = now;
      this.flags[slot] |= F.Seen;
    }
    return this.evs[slot];
  }

  /** In feedback mode an ACK or NACK restarts the gap clock (a timeout does not); otherwise it is only checked. Returns 0. */
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 0xffff) === ev)) {
      return this.reject(slot);
    }
    if (ev >= this.evCount) return this.fail(E_STATE);
    if (this.fromFeedback !== 0 && kind !== TIMEOUT) {
      this.last[slot] = nowNs | 0;
      this.flags[slot] |= F.Seen;
    }
    return 0;
  }

  /** Reader: the flow's current EV, the one choosePath returns until a new flowlet; −1 for a slot that is not open. */
  ev(slot: number): number {
    return this.isOpen(slot) ? this.evs[slot] : -1;
  }

  private newFlowlet(slot: number, now: number, fl: number): void {
    if ((fl & F.Held) !== 0) {
      if (!tickDeadlineCame(this.holdUntil[slot], now, this.minRerouteNs)) {
        this.evsHeld++;
        return;
      }
      this.flags[slot] = fl & ~F.Held;
    }
    this.evs[slot] = this.rng.nextBelow(this.evCount);
    this.flowletCount++;
    if (this.minRerouteNs > 0) {
      this.holdUntil[slot] = (now + this.minRerouteNs) | 0;
      this.flags[slot] |= F.Held;
    }
  }
}
