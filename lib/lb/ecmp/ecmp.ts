// ECMP at the endpoint: one entropy value per flow, fixed when the flow opens (Spritz §II-A
// "ECMP", §V-A baseline "each flow is assigned to a fixed path based on its five-tuple"; REPS
// §2 baseline). The switches hash the EV; the source never changes it, whatever the feedback.
//
// EV = floor(hash3(flowId, salt, 0) × evCount / 2^32), hash3 being lib/core's MurmurHash3-finaliser
// hash of three words: the flow identity (any 32-bit word the caller derives from the 5-tuple or
// the connection id) and a per-table salt, so two tables with different salts place the same flows
// differently (as two switches with different hash seeds would).

import { E_STATE } from "../../core/errors";
import { resolveParams, rule } from "../../core/params";
import { hash3 } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";

/** Per-flow state: the EV (2 B) + the open flag = 3 B. */
const LAYOUT = {
  ev: "u16",
} as const;

export interface EcmpParams {
  /** Size of the EV space: EVs are 0 … evCount − 1 (default 65536, the full 16-bit field). */
  evCount: number;
  /** Hash salt (any 32-bit integer). */
  salt: number;
}

export class Ecmp extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot", "flowId"],
    close: ["slot"],
    choosePath: ["slot", "nowNs", "psn"],
    onPathFeedback: ["slot", "nowNs", "ev", "kind"],
  };

  readonly params: Readonly<EcmpParams>;
  private readonly evs = this.col.ev;
  private readonly evCount: number;
  private readonly salt: number;

  /** @throws RangeError for an unknown parameter or a value out of range. */
  constructor(params: Partial<EcmpParams> = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveParams("Ecmp", { evCount: 65536, salt: 0 }, params, {
      evCount: rule.int(1, 65536),
      // A 32-bit integer, signed or unsigned.
      salt: rule.int(-0x80000000, 0xffffffff),
    });
    this.params = Object.freeze(p);
    this.evCount = p.evCount;
    this.salt = p.salt | 0;
  }

  /**
   * Opens a flow and fixes its EV from `flowId` (a 32-bit integer, signed or unsigned).
   * @throws RangeError for a slot outside the table or a flowId that is not a 32-bit integer.
   */
  open(slot: number, flowId: number): void {
    if (!(Number.isInteger(flowId) && flowId >= -0x80000000 && flowId <= 0xffffffff)) {
      this.errors++;
      throw new RangeError(`Ecmp: flowId must be a 32-bit integer, got ${flowId}`);
    }
    this.openSlot(slot);
    // Multiply-high maps the 32-bit hash onto [0, evCount) without a modulo.
    const h = hash3(flowId | 0, this.salt, 0) >>> 0;
    this.evs[slot] = Math.floor((h * this.evCount) / 4294967296);
  }

  /** The flow's EV, the same for every packet. */
  choosePath(slot: number, nowNs: number, psn: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    return this.evs[slot];
  }

  /** ECMP ignores feedback; it only checks it (an EV other than the flow's is E_STATE). Returns 0. */
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 0xffff) === ev)) {
      return this.reject(slot);
    }
    return ev === this.evs[slot] ? 0 : this.fail(E_STATE);
  }

  /** Reader: the flow's EV, fixed at open; −1 for a slot that is not open. */
  ev(slot: number): number {
    return this.isOpen(slot) ? this.evs[slot] : -1;
  }
}
