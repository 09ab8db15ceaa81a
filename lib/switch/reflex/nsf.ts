// Reflex Near-Source Feedback (NSF) at the source datacenter's external switch (ESW).
//
// Reflex §III-C and Fig. 5: for each inter-DC flow, T_src = arrival time − the packet's
// transmission timestamp drives a flow state machine
//   Silent  --T_src > thresh-->  Active  --T_src ≤ thresh-->  Cooling (N_cool packets) --> Silent
// and while Active or Cooling the switch sends the sender a pseudo-ACK every T_interval that
// reflects the data packet's timestamp and carries the NSF flag (Pseudo ACK generator).
//
// Choices the text leaves open (README.md "Reflex" lists them):
// - Entering Active sends a pseudo-ACK at once; later ones go out on the first packet at least
//   T_interval after the previous pseudo-ACK (the switch acts per packet, it has no timers).
// - Cooling: a packet with T_src ≤ thresh decrements the counter; the packet that brings it to
//   zero returns the flow to Silent and sends nothing. With N_cool = 0 Active goes straight to
//   Silent. A packet with T_src > thresh during Cooling returns the flow to Active (§III-C Active
//   State: "When T_src > T_src_thresh, the inter-DC flow transits to the Active State"; Fig. 5's
//   arrows are not in our text of the paper), without resetting the interval clock.
// - Times are wrapping ns ticks; T_src is their signed difference (a timestamp "in the future"
//   gives a negative delay, which is below any threshold).

import { E_ARG, E_SLOT } from "../../core/errors";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { type ReflexParams, type ReflexParamsInput, resolveReflexParams } from "./params";

/** Per inter-DC flow: 10 B of columns + the open flag = 11 B. */
const LAYOUT = {
  state: "u8", // St
  coolLeft: "u8",
  lastAck: "i32", // tick of the last pseudo-ACK (valid once one was sent)
  pseudoAcks: "u32",
} as const;

const enum St {
  Silent = 0,
  Active = 1,
  Cooling = 2,
}

const enum R {
  PseudoAck = 1,
  EnterActive = 2,
  EnterCooling = 4,
  EnterSilent = 8,
}

const enum O {
  EchoTimestampNs = 0,
  SrcDelayNs = 1,
}

/** A flow's state (the `state` reader; §III-C Fig. 5): SILENT, ACTIVE, COOLING. */
export const NSF_SILENT: number = St.Silent;
export const NSF_ACTIVE: number = St.Active;
export const NSF_COOLING: number = St.Cooling;
/** Send a pseudo-ACK to the sender: echo out.echoTimestampNs, set the NSF flag. */
export const NSF_PSEUDO_ACK: number = R.PseudoAck;
/** onData: this packet moved the flow to Active (from Silent or Cooling). */
export const NSF_ENTER_ACTIVE: number = R.EnterActive;
/** onData: this packet moved the flow from Active to Cooling. */
export const NSF_ENTER_COOLING: number = R.EnterCooling;
/** onData: this packet moved the flow to Silent (the Cooling count ran out, or N_cool 0 from Active). */
export const NSF_ENTER_SILENT: number = R.EnterSilent;

export class ReflexNsf extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    onData: ["slot", "nowNs", "txTimestampNs"],
  };
  /** echoTimestampNs: the timestamp the pseudo-ACK reflects (written only with NSF_PSEUDO_ACK); srcDelayNs: the packet's T_src. */
  static readonly outFields = ["echoTimestampNs", "srcDelayNs"] as const;

  readonly params: Readonly<ReflexParams>;
  readonly out: Int32Array = offHeap(Int32Array, 2);

  private readonly stateCol = this.col.state;
  private readonly coolLeft = this.col.coolLeft;
  private readonly lastAck = this.col.lastAck;
  private readonly thresh: number;
  private readonly interval: number;
  private readonly nCool: number;

  /** `capacity` is the number of inter-DC flows tracked. */
  constructor(params: ReflexParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveReflexParams(params);
    this.params = Object.freeze(p);
    this.thresh = p.tSrcThreshNs;
    this.interval = p.tIntervalNs;
    this.nCool = p.nCool;
  }

  /** A new inter-DC flow starts Silent; re-opening an open slot starts a new one. */
  open(slot: number): void {
    this.openSlot(slot);
  }

  /**
   * A data packet of the flow reaches the source ESW's egress at `nowNs` carrying the sender's
   * transmission timestamp. Returns NSF_* event bits (NSF_PSEUDO_ACK: send one now, with
   * out.echoTimestampNs, written only then), or E_SLOT, or E_ARG for a non-finite time.
   * out.srcDelayNs is T_src.
   */
  onData(slot: number, nowNs: number, txTimestampNs: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && txTimestampNs - txTimestampNs === 0)) {
      /* c8 ignore next -- E_ARG only for a non-finite time, which JSON vectors cannot carry (unit tests do) */
      return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
    }
    const now = nowNs | 0;
    const ts = txTimestampNs | 0;
    const delay = (now - ts) | 0; // T_src, §III-C "Overall workflow"
    this.out[O.SrcDelayNs] = delay;
    const congested = delay > this.thresh;
    const state = this.stateCol[slot];
    let r = 0;
    if (state === St.Silent) {
      if (!congested) return 0;
      this.stateCol[slot] = St.Active;
      return this.send(slot, now, ts, R.EnterActive);
    }
    if (congested) {
      if (state === St.Cooling) {
        this.stateCol[slot] = St.Active;
        r = R.EnterActive;
      }
    } else if (state === St.Active) {
      if (this.nCool === 0) return this.silence(slot);
      this.stateCol[slot] = St.Cooling;
      this.coolLeft[slot] = this.nCool;
      r = R.EnterCooling;
    } else {
      const left = this.coolLeft[slot] - 1;
      this.coolLeft[slot] = left;
      if (left === 0) return this.silence(slot);
    }
    // Active or Cooling: a pseudo-ACK every T_interval.
    if (((now - this.lastAck[slot]) >>> 0) >= this.interval) return this.send(slot, now, ts, r);
    return r;
  }

  /**
   * The flow's NSF state (§III-C, Fig. 5): NSF_SILENT = 0, NSF_ACTIVE = 1 or NSF_COOLING = 2;
   * NSF_SILENT for a closed slot, as for a flow just opened.
   */
  state(slot: number): number {
    return this.isOpen(slot) ? this.stateCol[slot] : St.Silent;
  }
  /** Cooling packets left before Silent (§III-C N_cool); 0 outside Cooling, where there is no count. */
  coolingLeft(slot: number): number {
    return this.isOpen(slot) && this.stateCol[slot] === St.Cooling ? this.coolLeft[slot] : 0;
  }
  /** Pseudo-ACKs sent (NSF_PSEUDO_ACK returns) since the flow opened; 0 for a closed slot. */
  pseudoAcks(slot: number): number {
    return this.isOpen(slot) ? this.col.pseudoAcks[slot] : 0;
  }

  private send(slot: number, now: number, ts: number, r: number): number {
    this.lastAck[slot] = now;
    this.col.pseudoAcks[slot]++;
    this.out[O.EchoTimestampNs] = ts;
    return r | R.PseudoAck;
  }

  private silence(slot: number): number {
    this.stateCol[slot] = St.Silent;
    this.coolLeft[slot] = 0;
    return R.EnterSilent;
  }
}
