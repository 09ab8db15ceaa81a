// OptInitiator: the Outstanding Packet Threshold baseline of the endpoint-congestion paper, as
// one sans-IO table of streams.
//
// Read first: Chong & Krishnan, "Addressing Endpoint-induced Congestion for Accelerator
// Scale-Out in a Medium-Scale Domain":
//   §II-A  the reliability it builds on: cumulative ACKs, an out-of-order packet dropped and
//          NACKed with the last accepted sequence number, retransmission after a NACK or a
//          timeout (go-back to the first packet not accepted).
//   §III-A "OPT": "unlimited data transmission as long as the total outstanding packets does not
//          surpass a specified threshold for data size and packet count. Retransmissions follow
//          the same threshold, with no transmission rate restriction."
//
// The threshold is a go-back-N window: packet `nextSeq` may leave while nextSeq − ackedSeq − 1 <
// limit, limit = min(maxOutstandingPackets, floor(maxOutstandingBytes / packetBytes)) for the
// stream's packet size given at open. The paper gives no threshold values; the defaults are
// those of DackInitiator's H∞ (256 packets, 256 KiB), whose non-congested behaviour is OPT's
// (§III-A "Proposed Policy"). Paired with a window (lib/cc/aimd) it is the paper's TCP-like
// baseline: send while both allow, report acknowledged and lost bytes to the window.
//
// Sequence numbers are 32-bit PSNs held as int32 bit patterns, compared by signed difference
// (lib/core/psn.ts); handlers accept int32 or uint32.

import { E_SLOT, E_STATE } from "../../core/errors";
import { resolveParams, rule } from "../../core/params";
import { isPsn32 } from "../../core/psn";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";

export interface OptParams {
  /** Outstanding-packet threshold. */
  maxOutstandingPackets: number;
  /** Outstanding-data threshold, in bytes. */
  maxOutstandingBytes: number;
}

export type OptParamsInput = Partial<OptParams>;

export const OPT_PARAM_NAMES: readonly (keyof OptParams)[] = Object.freeze(["maxOutstandingPackets", "maxOutstandingBytes"]);

/** Per-stream state: 16 B of columns + the open flag = 17 B. */
const LAYOUT = {
  next: "i32", // next sequence number to transmit (a retransmission while before `high`)
  high: "i32", // one past the highest sequence number ever sent
  acked: "i32", // highest sequence number acknowledged
  limit: "i32", // outstanding-packet threshold of this stream
} as const;

const enum S {
  New = 1,
  Retransmit = 2,
}

/** onSend: a new packet. */
export const OPT_SEND_NEW: number = S.New;
/** onSend: a retransmission. */
export const OPT_SEND_RETRANSMIT: number = S.Retransmit;

/** @throws RangeError for an unknown name or a value out of range. */
export function resolveOptParams(input: OptParamsInput = {}): OptParams {
  return resolveParams("OptInitiator", { maxOutstandingPackets: 256, maxOutstandingBytes: 262144 }, input, {
    maxOutstandingPackets: rule.int(1, 1 << 30),
    maxOutstandingBytes: rule.int(1, 2 ** 31 - 1),
  });
}

export class OptInitiator extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly outFields: readonly string[] = ["seq"];
  static readonly api: HandlerSignatures = {
    open: ["slot", "firstSeq", "packetBytes"],
    close: ["slot"],
    onSend: ["slot"],
    onAck: ["slot", "seq"],
    onNack: ["slot", "seq"],
    onTimeout: ["slot"],
    canSend: ["slot"],
  };

  readonly params: Readonly<OptParams>;
  /** onSend writes the sequence number to send here (int32 pattern). */
  readonly out: Int32Array = offHeap(Int32Array, 1);

  /** Packets sent for the first time (onSend returned OPT_SEND_NEW), all flows, since construction. */
  sentNew = 0;
  /** Packets sent again after a go-back, by a NACK or a timeout (onSend returned OPT_SEND_RETRANSMIT), all flows, since construction. */
  retransmissions = 0;
  /** ACKs accepted that acknowledged nothing new (onAck returned 0: seq = ackedSeq), all flows; a refused ACK is counted in `errors` only. */
  duplicateAcks = 0;
  /** NACKs accepted by onNack, all flows, since construction; a refused one is counted in `errors` only. */
  nacks = 0;
  /** Timeouts accepted by onTimeout, all flows, since construction; a refused one is counted in `errors` only. */
  timeouts = 0;

  private readonly next = this.col.next;
  private readonly high = this.col.high;
  private readonly acked = this.col.acked;
  private readonly limit = this.col.limit;

  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params: OptParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    this.params = Object.freeze(resolveOptParams(params));
  }

  /**
   * Opens a stream whose first packet carries `firstSeq` (a 32-bit sequence number, as int32 or
   * uint32: an integer in [−2^31, 2^32)) and whose packets are `packetBytes` long, an integer in
   * [1, maxOutstandingBytes]: limit = min(maxOutstandingPackets, ⌊maxOutstandingBytes / packetBytes⌋) ≥ 1.
   * @throws RangeError for a bad slot, sequence number or size; each refusal is counted in
   * `errors` (DESIGN.md rule 7), and the slot is left as it was.
   */
  open(slot: number, firstSeq: number, packetBytes: number): void {
    if (!isPsn32(firstSeq)) {
      this.errors++;
      throw new RangeError(`OptInitiator: firstSeq ${firstSeq} is not a 32-bit sequence number`);
    }
    if (!(Number.isInteger(packetBytes) && packetBytes >= 1 && packetBytes <= this.params.maxOutstandingBytes)) {
      this.errors++;
      throw new RangeError(`OptInitiator: packetBytes must be an integer in [1, maxOutstandingBytes], got ${packetBytes}`);
    }
    this.openSlot(slot);
    const s = firstSeq | 0;
    this.next[slot] = s;
    this.high[slot] = s;
    this.acked[slot] = (s - 1) | 0;
    this.limit[slot] = Math.min(this.params.maxOutstandingPackets, Math.floor(this.params.maxOutstandingBytes / packetBytes));
  }

  /**
   * Takes the next packet to send: writes its sequence number to out[0] and returns
   * OPT_SEND_NEW or OPT_SEND_RETRANSMIT. E_STATE when the threshold is reached.
   */
  onSend(slot: number): number {
    if (this.live[slot] !== 1) return this.fail(E_SLOT);
    const s = this.next[slot];
    if (((s - this.acked[slot] - 1) | 0) >= this.limit[slot]) return this.fail(E_STATE);
    const next = (s + 1) | 0;
    this.next[slot] = next;
    this.out[0] = s;
    if (((s - this.high[slot]) | 0) >= 0) {
      this.high[slot] = next;
      this.sentNew++;
      return S.New;
    }
    this.retransmissions++;
    return S.Retransmit;
  }

  /**
   * A cumulative ACK of every packet up to `seq`. Returns the number of packets it newly
   * acknowledges (0 for a repeat). E_STATE for an older number or one never sent.
   */
  onAck(slot: number, seq: number): number {
    if (!(this.live[slot] === 1 && isPsn32(seq))) return this.reject(slot);
    const s = seq | 0;
    const d = (s - this.acked[slot]) | 0;
    if (d < 0 || ((s - this.high[slot]) | 0) >= 0) return this.fail(E_STATE);
    if (d === 0) {
      this.duplicateAcks++;
      return 0;
    }
    this.acked[slot] = s;
    if (((this.next[slot] - s) | 0) <= 0) this.next[slot] = (s + 1) | 0;
    return d;
  }

  /**
   * A NACK: packets up to `seq` were accepted, later ones dropped. Goes back to seq + 1
   * (retransmitting under the same threshold, §III-A). Returns the number of packets that were
   * sent after `seq` and must go again. E_STATE for an older number or one never sent.
   */
  onNack(slot: number, seq: number): number {
    if (!(this.live[slot] === 1 && isPsn32(seq))) return this.reject(slot);
    const s = seq | 0;
    if (((s - this.acked[slot]) | 0) < 0 || ((s - this.high[slot]) | 0) >= 0) return this.fail(E_STATE);
    this.nacks++;
    this.acked[slot] = s;
    this.next[slot] = (s + 1) | 0;
    return (this.high[slot] - s - 1) | 0;
  }

  /**
   * The caller's retransmission timer expired: go back to the first unacknowledged packet.
   * Returns the number of packets to send again; E_STATE when every packet sent is acknowledged
   * (highSeq = ackedSeq + 1). A timeout after a go-back, before the packets it sent back to went
   * again, is accepted and counts them again: they are sent and unacknowledged, and a caller's
   * timer may run until every packet sent is acknowledged.
   */
  onTimeout(slot: number): number {
    if (this.live[slot] !== 1) return this.fail(E_SLOT);
    const first = (this.acked[slot] + 1) | 0;
    if (first === this.high[slot]) return this.fail(E_STATE);
    this.timeouts++;
    this.next[slot] = first;
    return (this.high[slot] - first) | 0;
  }

  /** True when onSend would give a packet now. On a slot that is not open: false, and one error counted in `errors`. */
  canSend(slot: number): boolean {
    if (this.live[slot] !== 1) {
      this.errors++;
      return false;
    }
    return ((this.next[slot] - this.acked[slot] - 1) | 0) < this.limit[slot];
  }

  /**
   * The sequence number onSend gives next (int32 pattern): a go-back (NACK, timeout) moves it back,
   * and an ACK at or past it forward, to ackedSeq + 1; firstSeq at open, 0 if not open.
   */
  nextSeq(slot: number): number {
    return this.next[slot] | 0;
  }

  /** One past the highest sequence number sent. */
  highSeq(slot: number): number {
    return this.high[slot] | 0;
  }

  /** The highest sequence number acknowledged, by an ACK or NACK (int32 pattern); firstSeq − 1 at open, 0 if not open. */
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
}
