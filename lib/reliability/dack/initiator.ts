// DackInitiator: the initiator side of the duplicate-ACK endpoint-congestion policy, as one
// sans-IO table of streams.
//
// Read first: Chong & Krishnan, "Addressing Endpoint-induced Congestion for Accelerator
// Scale-Out in a Medium-Scale Domain":
//   §II-A  go-back retransmission from the NACK's sequence number, or after a timeout.
//   §II-E  the halt-state machine of Fig. 2: H∞ sends up to the fixed outstanding threshold
//          (as OPT does); a DACK always drops to H(−1); H(−1) and H0 allow one packet per IACK,
//          an IACK moves H(−1) → H0 → H1; H1 allows two packets per IACK and counts them, and
//          the IACK that brings the counter to the threshold (6) returns to H∞.
//   §II-F  after a NACK the initiator retransmits one packet per DACK, then returns to H(−1).
//
// The transitions, as implemented (README "Interpretation", Initiator; vectors fig2-*):
//   any   --DACK-->  H(−1), credits 0           Rtx --DACK--> Rtx, +1 credit (§II-F pacing)
//   H∞    --IACK-->  H∞                         H(−1) --IACK--> H0, +1 credit
//   H0    --IACK-->  H1, counter 0, +1 credit   H1 --IACK--> H1, counter + 1, +2 credits
//   H1    --IACK, counter reaches threshold-->  H∞
//   Rtx   --IACK-->  H0, +1 credit (the target left §II-F pacing: as H(−1) --IACK-->)
//   any   --NACK or timeout-->  Rtx, credits 0 (pacing credits too), counter 0, go back to the
//                               first unacknowledged packet; a NACK with nothing to resend: H(−1)
//   Rtx   --last packet of the go-back region sent-->  H(−1), credits 0 ("after retransmission", §II-F)
// Choices where the paper is silent: a DACK discards unused credits ("immediately throttling",
// §II-E), and so does the send that ends retransmission: §II-F "returns to the H(−1) state",
// where §II-E allows one packet per IACK, so pacing credits left unused do not carry over; with
// nothing outstanding (nextSeq − ackedSeq − 1 = 0) a halted stream may send one packet, since no
// ACK could otherwise arrive to release it (this is also what sends the first retransmission
// after a NACK), and it spends a credit if it has one, as any other send does; credits never
// exceed the outstanding threshold.
//
// The outstanding threshold is a go-back-N window: packet `nextSeq` may leave while
// nextSeq − ackedSeq − 1 < limit, limit = min(maxOutstandingPackets, floor(maxOutstandingBytes /
// packetBytes)) for the stream's packet size given at open (a streaming PUT's packets are all
// full-size; a shorter last packet is counted as a full one).
//
// Sequence numbers are 32-bit PSNs held as int32 bit patterns and compared by signed
// difference (lib/core/psn.ts); handlers accept them as int32 or uint32.

import { E_SLOT, E_STATE } from "../../core/errors";
import { isPsn32 } from "../../core/psn";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { type DackInitiatorParams, type DackInitiatorParamsInput, resolveDackInitiatorParams } from "./params";

/** Per-stream state: 22 B of columns + the open flag = 23 B. */
const LAYOUT = {
  next: "i32", // next sequence number to transmit (a retransmission while before `high`)
  high: "i32", // one past the highest sequence number ever sent
  acked: "i32", // highest sequence number acknowledged (by an IACK or NACK)
  cred: "i32", // packets the halt state still allows (§II-E), in [0, limit]
  limit: "i32", // outstanding-packet threshold of this stream
  state: "u8", // H
  h1: "u8", // the H1 counter (§II-E)
} as const;

/** The halt states of Fig. 2, plus the retransmission state of §II-F. */
const enum H {
  Inf = 0,
  Minus1 = 1,
  Zero = 2,
  One = 3,
  Rtx = 4,
}

const enum S {
  New = 1,
  Retransmit = 2,
}

/** H∞: unthrottled up to the outstanding threshold. */
export const DACK_H_INF: number = H.Inf;
/** H(−1): one packet per IACK. */
export const DACK_H_MINUS1: number = H.Minus1;
/** H0: one packet per IACK. */
export const DACK_H0: number = H.Zero;
/** H1: two packets per IACK, counting IACKs toward H∞. */
export const DACK_H1: number = H.One;
/** Retransmitting after a NACK or timeout: one packet per DACK (§II-F). */
export const DACK_RETRANSMIT: number = H.Rtx;
/** onSend: a new packet. */
export const DACK_SEND_NEW: number = S.New;
/** onSend: a retransmission (go-back). */
export const DACK_SEND_RETRANSMIT: number = S.Retransmit;

export class DackInitiator extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly outFields: readonly string[] = ["seq"];
  static readonly api: HandlerSignatures = {
    open: ["slot", "firstSeq", "packetBytes"],
    close: ["slot"],
    onSend: ["slot"],
    onIack: ["slot", "seq"],
    onDack: ["slot", "seq"],
    onAck: ["slot", "seq"],
    onNack: ["slot", "seq"],
    onTimeout: ["slot"],
    canSend: ["slot"],
  };

  readonly params: Readonly<DackInitiatorParams>;
  /** onSend writes the sequence number to send here (int32 pattern). */
  readonly out: Int32Array = offHeap(Int32Array, 1);

  /** Packets sent for the first time (onSend returned DACK_SEND_NEW) since construction. */
  sentNew = 0;
  /** Packets sent again after a go-back, by a NACK or a timeout (onSend returned DACK_SEND_RETRANSMIT), since construction. */
  retransmissions = 0;
  /** NACKs accepted by onNack since construction (a refused one is counted in `errors` only); timeouts are counted in `timeouts`. */
  nacks = 0;
  /** Timeouts accepted by onTimeout since construction (a refused one is counted in `errors` only). */
  timeouts = 0;

  private readonly next = this.col.next;
  private readonly high = this.col.high;
  private readonly acked = this.col.acked;
  private readonly cred = this.col.cred;
  private readonly limit = this.col.limit;
  private readonly state = this.col.state;
  private readonly h1 = this.col.h1;

  private readonly h1Threshold: number;

  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params: DackInitiatorParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveDackInitiatorParams(params);
    this.params = Object.freeze(p);
    this.h1Threshold = p.h1Threshold;
  }

  /**
   * Opens a stream in H∞ whose first packet will carry `firstSeq` (a 32-bit sequence number, as
   * int32 or uint32: an integer in [−2^31, 2^32)) and whose packets are `packetBytes` long, an
   * integer in [1, maxOutstandingBytes], for the outstanding-data threshold: limit =
   * min(maxOutstandingPackets, ⌊maxOutstandingBytes / packetBytes⌋) ≥ 1.
   * @throws RangeError for a bad slot, sequence number or size; each refusal is counted in
   * `errors` (DESIGN.md rule 7), and the slot is left as it was.
   */
  open(slot: number, firstSeq: number, packetBytes: number): void {
    if (!isPsn32(firstSeq)) {
      this.errors++;
      throw new RangeError(`DackInitiator: firstSeq ${firstSeq} is not a 32-bit sequence number`);
    }
    if (!(Number.isInteger(packetBytes) && packetBytes >= 1 && packetBytes <= this.params.maxOutstandingBytes)) {
      this.errors++;
      throw new RangeError(`DackInitiator: packetBytes must be an integer in [1, maxOutstandingBytes], got ${packetBytes}`);
    }
    this.openSlot(slot);
    const s = firstSeq | 0;
    this.next[slot] = s;
    this.high[slot] = s;
    this.acked[slot] = (s - 1) | 0;
    this.limit[slot] = Math.min(this.params.maxOutstandingPackets, Math.floor(this.params.maxOutstandingBytes / packetBytes));
    this.state[slot] = H.Inf;
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * Takes the next packet to send: writes its sequence number to out[0] and returns
   * DACK_SEND_NEW or DACK_SEND_RETRANSMIT. E_STATE when canSend is false, E_SLOT for a closed slot.
   */
  onSend(slot: number): number {
    if (this.live[slot] !== 1) return this.fail(E_SLOT);
    const s = this.next[slot];
    const outstanding = (s - this.acked[slot] - 1) | 0;
    const state = this.state[slot];
    const cred = this.cred[slot];
    if (outstanding >= this.limit[slot] || (state !== H.Inf && cred === 0 && outstanding !== 0)) return this.fail(E_STATE);
    const next = (s + 1) | 0;
    this.next[slot] = next;
    if (cred > 0 && state !== H.Inf) this.cred[slot] = cred - 1;
    this.out[0] = s;
    const high = this.high[slot];
    if (((s - high) | 0) >= 0) {
      this.high[slot] = next;
      this.sentNew++;
      return S.New;
    }
    // §II-F: "After retransmission, the initiator returns to the H(−1) state".
    if (next === high && state === H.Rtx) {
      this.state[slot] = H.Minus1;
      this.cred[slot] = 0;
    }
    this.retransmissions++;
    return S.Retransmit;
  }

  /**
   * An IACK acknowledging every packet up to `seq`. Returns the new halt state. E_STATE when
   * `seq` does not increase the acknowledged number or was never sent (state unchanged).
   */
  onIack(slot: number, seq: number): number {
    if (!(this.live[slot] === 1 && isPsn32(seq))) return this.reject(slot);
    const s = seq | 0;
    if (((s - this.acked[slot]) | 0) <= 0 || ((s - this.high[slot]) | 0) >= 0) return this.fail(E_STATE);
    return this.iack(slot, s);
  }

  /**
   * A DACK: an ACK repeating the last acknowledged number. Returns the new halt state. E_STATE
   * when `seq` is not the last acknowledged number.
   */
  onDack(slot: number, seq: number): number {
    if (!(this.live[slot] === 1 && isPsn32(seq))) return this.reject(slot);
    if ((seq | 0) !== this.acked[slot]) return this.fail(E_STATE);
    return this.dack(slot);
  }

  /**
   * An ACK as it comes off the wire, classified by §II-C: above the last acknowledged number an
   * IACK, equal to it a DACK. Returns the new halt state; E_STATE for an older or unsent number.
   */
  onAck(slot: number, seq: number): number {
    if (!(this.live[slot] === 1 && isPsn32(seq))) return this.reject(slot);
    const s = seq | 0;
    const d = (s - this.acked[slot]) | 0;
    if (d === 0) return this.dack(slot);
    if (d < 0 || ((s - this.high[slot]) | 0) >= 0) return this.fail(E_STATE);
    return this.iack(slot, s);
  }

  /**
   * A NACK: every packet up to `seq` was accepted, the ones after it were dropped (§II-A).
   * Goes back to seq + 1 and enters the retransmission state (§II-F); with nothing to resend,
   * H(−1). Returns the new state. E_STATE when `seq` is below the acknowledged number or was
   * never sent.
   */
  onNack(slot: number, seq: number): number {
    if (!(this.live[slot] === 1 && isPsn32(seq))) return this.reject(slot);
    const s = seq | 0;
    if (((s - this.acked[slot]) | 0) < 0 || ((s - this.high[slot]) | 0) >= 0) return this.fail(E_STATE);
    this.nacks++;
    this.acked[slot] = s;
    return this.goBack(slot, (s + 1) | 0);
  }

  /**
   * The caller's retransmission timer expired (§II-A): go back to the first unacknowledged
   * packet and retransmit as after a NACK. Returns the new state; E_STATE when every packet sent
   * is acknowledged (highSeq = ackedSeq + 1). A timeout after a go-back, before the packets it
   * sent back to went again (outstandingPackets 0), is accepted: they are sent and unacknowledged,
   * and a caller's timer may run until every packet sent is acknowledged.
   */
  onTimeout(slot: number): number {
    if (this.live[slot] !== 1) return this.fail(E_SLOT);
    const first = (this.acked[slot] + 1) | 0;
    if (first === this.high[slot]) return this.fail(E_STATE);
    this.timeouts++;
    return this.goBack(slot, first);
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** True when onSend would give a packet now. On a slot that is not open: false, and one error counted in `errors`. */
  canSend(slot: number): boolean {
    if (this.live[slot] !== 1) {
      this.errors++;
      return false;
    }
    const outstanding = (this.next[slot] - this.acked[slot] - 1) | 0;
    if (outstanding >= this.limit[slot]) return false;
    return this.state[slot] === H.Inf || this.cred[slot] > 0 || outstanding === 0;
  }

  /** DACK_H_INF, DACK_H_MINUS1, DACK_H0, DACK_H1 or DACK_RETRANSMIT. */
  haltState(slot: number): number {
    return this.state[slot] | 0;
  }

  /** Packets the halt state still allows (ignored in H∞). */
  credits(slot: number): number {
    return this.cred[slot] | 0;
  }

  /** IACKs counted in H1. */
  h1Counter(slot: number): number {
    return this.h1[slot] | 0;
  }

  /**
   * The sequence number onSend gives next (int32 pattern): a go-back (NACK, timeout) moves it back,
   * and an IACK at or past it forward, to ackedSeq + 1; firstSeq at open, 0 if not open.
   */
  nextSeq(slot: number): number {
    return this.next[slot] | 0;
  }

  /** One past the highest sequence number sent. */
  highSeq(slot: number): number {
    return this.high[slot] | 0;
  }

  /** The highest sequence number acknowledged, by an IACK or a NACK (int32 pattern); firstSeq − 1 at open, 0 if not open. */
  ackedSeq(slot: number): number {
    return this.acked[slot] | 0;
  }

  /** Packets in the go-back window: nextSeq − ackedSeq − 1; 0 for a slot that is not open. */
  outstandingPackets(slot: number): number {
    // A closed slot's cleared sequence numbers would give 0 − 0 − 1.
    return this.live[slot] === 1 ? (this.next[slot] - this.acked[slot] - 1) | 0 : 0;
  }

  /** The outstanding-packet threshold, min(maxOutstandingPackets, ⌊maxOutstandingBytes / packetBytes⌋), fixed at open; 0 if not open. */
  limitPackets(slot: number): number {
    return this.limit[slot] | 0;
  }

  // ---------------------------------------------------------------------------------------

  /** §II-E: the IACK transitions of Fig. 2. */
  private iack(slot: number, s: number): number {
    this.acked[slot] = s;
    // Packets up to s need no resending.
    if (((this.next[slot] - s) | 0) <= 0) this.next[slot] = (s + 1) | 0;
    const state = this.state[slot];
    if (state === H.Inf) return H.Inf;
    if (state === H.One) {
      const c = this.h1[slot] + 1;
      if (c >= this.h1Threshold) {
        this.state[slot] = H.Inf;
        this.cred[slot] = 0;
        this.h1[slot] = 0;
        return H.Inf;
      }
      this.h1[slot] = c;
      this.addCredits(slot, 2);
      return H.One;
    }
    if (state === H.Zero) {
      // Two consecutive IACKs: H1, with the counter reset.
      this.state[slot] = H.One;
      this.h1[slot] = 0;
      this.addCredits(slot, 1);
      return H.One;
    }
    // H(−1), or Rtx left because the target sends IACKs again.
    this.state[slot] = H.Zero;
    this.addCredits(slot, 1);
    return H.Zero;
  }

  /** §II-E: a DACK always throttles to H(−1); §II-F: while retransmitting it paces instead. */
  private dack(slot: number): number {
    if (this.state[slot] === H.Rtx) {
      this.addCredits(slot, 1);
      return H.Rtx;
    }
    this.state[slot] = H.Minus1;
    this.cred[slot] = 0;
    this.h1[slot] = 0;
    return H.Minus1;
  }

  private goBack(slot: number, from: number): number {
    this.next[slot] = from;
    this.cred[slot] = 0;
    this.h1[slot] = 0;
    const state = from === this.high[slot] ? H.Minus1 : H.Rtx;
    this.state[slot] = state;
    return state;
  }

  private addCredits(slot: number, k: number): void {
    const c = this.cred[slot] + k;
    const limit = this.limit[slot];
    this.cred[slot] = c < limit ? c : limit;
  }
}
