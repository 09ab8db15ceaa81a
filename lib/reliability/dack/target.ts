// DackTarget: the target side of the duplicate-ACK endpoint-congestion policy, as one sans-IO
// table of streams sharing one processing queue.
//
// Read first: Chong & Krishnan, "Addressing Endpoint-induced Congestion for Accelerator
// Scale-Out in a Medium-Scale Domain":
//   §II-A  baseline reliability: in-order acceptance; an out-of-order packet is dropped and
//          answered by a NACK carrying the last accepted sequence number.
//   §II-C  ACK kinds: an IACK carries a sequence number above the previous ACK's, a DACK repeats it.
//   §II-D  target logic and Fig. 1: congested ⇔ occupancy > policy_threshold; uncongested, an IACK
//          as soon as a packet is accepted; congested, IACKs carry the highest sequence number of
//          the packets lying below the threshold position, a standalone DACK answers a packet
//          that enters the congested target, and a DACK precedes the IACK sent when a packet
//          moves from above to below the threshold.
//   §II-F  after a drop, DACKs for the packets that arrived before it and finish processing
//          keep pacing the initiator.
//   §II-G/H DACK suppression and ACK coalescing, chosen per stream from periodic packet counts.
//   Trimmed headers (not in the paper, whose fabric drops; UEC §4.1 / §3.6.4.4 trimming, PDS
//   §3.5 NACK on a trimmed packet): a header says its packet was sent and lost; the in-order
//   target answers it as §II-A answers a loss, with a NACK of the last accepted number.
//
// Model. One FIFO processing queue of `queueBytes`, shared by every open stream (slot); the
// caller (the fabric, or the NIC's host interface) says when the host finished the head packet
// (`onProcessed`), so the processing rate is the caller's. Positions are byte offsets from the
// head: a packet lies below the threshold when its last byte is at most policyThresholdBytes from
// the head (so with occupancy ≤ threshold every packet lies below it, and "IACK on acceptance"
// is the same rule as "IACK for the highest packet below the threshold"). Because the largest
// packet fits under the threshold, the head always lies below it.
//
// Reading of §II-D where the text leaves a choice (README "Interpretation"):
//   - "enters a congested target": the target is congested once the packet is in the queue
//     (occupancy after acceptance > threshold), so the packet that makes it congested gets the
//     DACK too; its IACK is suppressed (§II-D first paragraph).
//   - The DACK before a crossing IACK is sent when the target is still congested after the
//     departure; the crossing that ends congestion gets its IACK alone.
//   - While a stream is in §II-F recovery, its DACKs are the pacing DACKs only (one per departing
//     packet that arrived before the drop, the last one's departure included): the standalone and pre-IACK DACKs are left out so the
//     initiator, which sends one packet per DACK while retransmitting, gets one per departure.
//   - §II-H: each period, a stream whose accepted-packet count is below the mean of the sampled
//     streams (those present at the target: a packet arrived, accepted or dropped, or waited in
//     the queue) by more than fairnessThreshold has its congestion DACKs suppressed during the
//     next period; one above the mean by more than that has every other congested crossing ACK
//     skipped (coalesced into the next one), but only while it has a packet above the threshold
//     whose crossing will carry the skipped number (the departure ending congestion skips none).
//   - §II-H "balance[s] individual transmission rates": the two act as one exchange, so that
//     fairness moves rate from the faster streams to the slower and never adds to the total.
//     A congested crossing grants its stream's initiator one packet (DACK + IACK: H(−1) → H0),
//     and a suppressed stream's IACK without its DACK grants one too as long as it takes the
//     initiator only to H0 or into H1 (Fig. 2: the first and second IACK in a row); from the
//     third IACK in a row it grants two, and that extra packet must be paid for by a crossing
//     ACK that coalescing skipped (one packet fewer for a faster stream) in the same period,
//     banked in `spare` and forfeited when the period closes. Without one the DACK goes out.
//     After suppressMaxIacks IACKs in a row it goes out anyway, so the initiator stays short of
//     H∞. (Until 2026-12-05 the run restarted at 0 each period and nothing paid for the extra
//     packets: with a deep queue the initiators together sent more than the host drained, and
//     the queue grew until each was at its outstanding limit. Then, until a second review that
//     day, the bank was kept across periods: it filled to 122–239 skips in the first 0.4 ms of
//     an 81 KiB incast and was spent over the next 2 ms, each extra packet paid for by a skip
//     milliseconds old, and 4 ms runs at 70 % drain dropped after the burst in 10 of 20 seeds.)
//   - A duplicate (a packet already accepted) is answered with the last number: as a DACK only
//     where an accepted packet would get one (congested, not paced or suppressed), else as an
//     IACK repeating it, which the initiator drops as stale unless it missed the first one
//     (§II-D: no DACK without congestion).
//
// Output. Each handler writes the ACKs to send, in order, into `out`: out[0] = count n, then n
// entries of (kind, slot, seq) at out[1 + 3i …]; `outFields` names the first four entries.
// Sequence numbers are 32-bit PSNs held as int32 bit patterns (lib/core/psn.ts).
//
// Representation: the queue is a power-of-two ring of (end, slot, seq) where `end` is a wrapping
// int32 count of all bytes ever enqueued up to and including the packet; occupancy and positions
// are differences of such counters. `thr` indexes the first packet above the threshold.

import { E_ARG, E_STATE } from "../../core/errors";
import { nextPowerOfTwo } from "../../core/ring";
import { isPsn32 } from "../../core/psn";
import { FlowTable, type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { type DackTargetParams, type DackTargetParamsInput, resolveDackTargetParams } from "./params";

/** Per-stream state: 22 B of columns + the open flag = 23 B. */
const LAYOUT = {
  expSeq: "i32", // next in-order sequence number (§II-A)
  ackSeq: "i32", // sequence number of the last IACK or NACK sent: what a DACK repeats (§II-C)
  pacedTo: "i32", // §II-F: the last packet accepted before the drop that started recovery
  count: "i32", // §II-H: 1 + packets accepted this fairness period while sampled; 0 = not sampled
  queued: "u16", // packets of this stream in the queue
  above: "u16", // … of which above the threshold position
  // §II-E: IACKs sent since the stream's last DACK or NACK (saturating at 255), i.e. where its
  // initiator stands in Fig. 2: 0 H(−1) or retransmitting, 1 H0, 2 … H1. Counted at every
  // crossing, and on acceptance while suppressed; an IACK on acceptance to another stream is
  // not counted (onData's size, lib/README) and clears Fl.Counted instead. A DACK on arrival to
  // a stream not suppressed does not reset it either, which leaves it too high: the safe side.
  run: "u8",
  flags: "u8", // Fl bits
} as const;

const enum Fl {
  NackSent = 1, // a NACK for the current expected sequence number went out (NAK-once)
  Recovering = 2, // §II-F pacing: packets ≤ pacedTo are still queued
  Suppress = 4, // §II-H: slower stream, congestion DACKs suppressed this period
  Coalesce = 8, // §II-H: faster stream, every other crossing ACK skipped this period
  Skipped = 16, // coalescing: the previous crossing ACK was skipped; cleared wherever ackSeq advances
  Counted = 32, // `run` counted every IACK since the stream's last DACK or NACK (LAYOUT.run)
  SkippedNow = 64, // with Skipped: the skip was banked in `spare` during the departure being processed (crossings)
}

/** ACK kinds written to `out` (§II-C; NACK of §II-A). */
const enum Ppm {
  One = 1000000,
}

const enum Kind {
  Iack = 1,
  Dack = 2,
  Nack = 3,
}

/** Handler result bits. */
const enum R {
  Accepted = 1,
  Congested = 2,
  DropFull = 4,
  DropOutOfOrder = 8,
  Duplicate = 16,
  Trimmed = 32,
}

/** Kinds of the ACK entries a target writes to out (kind, slot, seq triples): IACK, DACK, NACK (§II-A, §II-D). */
export const DACK_KIND_IACK: number = Kind.Iack;
export const DACK_KIND_DACK: number = Kind.Dack;
export const DACK_KIND_NACK: number = Kind.Nack;

/** onData: the packet was accepted into the processing queue. */
export const DACK_ACCEPTED: number = R.Accepted;
/** onData/onProcessed: after the event the occupancy exceeds the policy threshold (§II-D). */
export const DACK_CONGESTED: number = R.Congested;
/** onData: dropped, the queue had no room for it. */
export const DACK_DROP_FULL: number = R.DropFull;
/** onData: dropped, not the expected sequence number (§II-A). */
export const DACK_DROP_OUT_OF_ORDER: number = R.DropOutOfOrder;
/**
 * onData: a sequence number already accepted; dropped and answered with the last number again —
 * a DACK at a congested target (§II-D), else an IACK repeating it, which signals nothing.
 */
export const DACK_DUPLICATE: number = R.Duplicate;
/** onTrimmed: a trimmed header was answered (its packet is lost). */
export const DACK_TRIMMED: number = R.Trimmed;

/** Out-record entries named for vectors; entry i ≥ 4 is at out[1 + 3i], out[2 + 3i], out[3 + 3i]. */
const OUT_FIELDS = ["acks", "kind0", "slot0", "seq0", "kind1", "slot1", "seq1", "kind2", "slot2", "seq2", "kind3", "slot3", "seq3"] as const;

export class DackTarget extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly outFields: readonly string[] = OUT_FIELDS;
  static readonly api: HandlerSignatures = {
    open: ["slot", "firstSeq"],
    close: ["slot"],
    onData: ["slot", "nowNs", "seq", "bytes"],
    onProcessed: ["nowNs"],
    onTrimmed: ["slot", "nowNs", "seq", "resend"],
  };

  readonly params: Readonly<DackTargetParams>;
  /** The ACKs of the last handler call: [n, kind, slot, seq, kind, slot, seq, …]. */
  readonly out: Int32Array;

  /** onData: expected packets dropped for want of room in the queue (DACK_DROP_FULL), since construction. */
  dropsFull = 0;
  /** onData: packets dropped for arriving out of order, ahead of the expected number (DACK_DROP_OUT_OF_ORDER), since construction. */
  dropsOutOfOrder = 0;
  /**
   * onData: packets dropped as already accepted (DACK_DUPLICATE), since construction; a trimmed
   * header of an accepted number is counted in `trimmed` only.
   */
  duplicates = 0;
  /** Trimmed headers answered (onTrimmed), since construction. */
  trimmed = 0;
  /** NACKs written to `out` since construction (count IACKs and DACKs from `out`: counting them here costs the hot path). */
  nacks = 0;

  private readonly expSeq = this.col.expSeq;
  private readonly ackSeq = this.col.ackSeq;
  private readonly pacedTo = this.col.pacedTo;
  private readonly count = this.col.count;
  private readonly queued = this.col.queued;
  private readonly above = this.col.above;
  private readonly run = this.col.run;
  private readonly flags = this.col.flags;

  // The shared processing queue.
  /** The packet ring, four int32 per packet: end, slot, seq, unused (one array: fewer loads). */
  private readonly q: Int32Array;
  private readonly mask: number;
  private head = 0; // ring counters; index = counter & mask
  private tail = 0;
  private thr = 0; // first packet above the threshold position (== tail when none)
  private enq = 0; // wrapping count of bytes ever enqueued
  private deq = 0; // wrapping count of bytes ever dequeued

  private readonly queueBytes: number;
  private readonly threshold: number;
  private readonly maxPacket: number;
  private readonly minPacket: number;
  private readonly window: number;
  // 0/1 numbers, not booleans (lib/README.md "What V8 makes expensive").
  private readonly dack: number;
  private readonly nackEvery: number;
  private readonly fairOn: number;

  // §II-H sampling: the streams counted this period, and those acted on during it.
  private readonly periodNs: number;
  /** fairnessThreshold in parts per million, exact for thresholds of up to six decimals. */
  private readonly fairPpm: number;
  private readonly suppressMax: number;
  /** Tick the fairness period began at; it ends periodNs later, read as an unsigned age (lib/core/ticks.ts). */
  private periodStart = 0;
  /**
   * §II-H: crossing ACKs that coalescing skipped this period (a packet not granted to a faster
   * stream) and no suppressed stream has been granted back yet (crossingDack). Zeroed when the
   * period closes, so that in every period the extra packets granted are at most the packets
   * withheld: "balance" holds over each period, not only over the run (a bank kept across
   * periods lent skips milliseconds old to a queue that had meanwhile refilled: README
   * "Interpretation", Fairness). spareMax, the queue's capacity in packets, only keeps the
   * count finite against a caller whose clock stands still.
   */
  private spare = 0;
  private readonly spareMax: number;
  /**
   * Skips banked in the departure being processed (crossings) and not yet carried (Fl.SkippedNow):
   * until it ends they may be carried in it, withholding nothing, so they pay for nothing yet.
   */
  private skippedNow = 0;
  private listed: Int32Array;
  private nListed = 0;
  private marked: Int32Array;
  private nMarked = 0;

  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params: DackTargetParamsInput = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const p = resolveDackTargetParams(params);
    this.params = Object.freeze(p);
    this.queueBytes = p.queueBytes;
    this.threshold = p.policyThresholdBytes;
    this.maxPacket = p.maxPacketBytes;
    this.minPacket = p.minPacketBytes;
    this.window = p.windowPackets;
    this.dack = p.policy === "dack" ? 1 : 0;
    this.nackEvery = p.nackEveryOutOfOrder ? 1 : 0;
    this.fairOn = this.dack !== 0 && p.fairnessPeriodNs > 0 ? 1 : 0;
    this.periodNs = p.fairnessPeriodNs;
    // In Q16, 0.1 became 6554/65536 (0.100006), which left streams strictly past the threshold
    // unflagged (review); in ppm every threshold of up to six decimals is exact.
    this.fairPpm = Math.round(p.fairnessThreshold * Ppm.One);
    this.suppressMax = p.suppressMaxIacks;
    // The most packets the queue can hold, each at least minPacketBytes.
    const queuePackets = Math.floor(p.queueBytes / p.minPacketBytes);
    this.spareMax = queuePackets;
    // Periods start at time 0; a first packet 2^31 ns or more later reads the first as ended.
    const ring = nextPowerOfTwo(queuePackets + 1);
    this.q = new Int32Array(4 * ring);
    this.mask = ring - 1;
    // One departure writes at most a pacing DACK and a DACK + IACK per stream that crosses.
    this.out = offHeap(Int32Array, 1 + 3 * (2 * ring + 1));
    this.listed = new Int32Array(capacity);
    this.marked = new Int32Array(capacity);
  }

  /**
   * Opens a stream whose first packet carries `firstSeq` (int32 or uint32).
   * @throws RangeError for a bad slot or sequence number, or an open stream with packets still
   * in the queue (their departures would be counted against the new stream). Each refusal is
   * counted in `errors` (DESIGN.md rule 7), and the slot is left as it was.
   */
  open(slot: number, firstSeq: number): void {
    if (!isPsn32(firstSeq)) {
      this.errors++;
      throw new RangeError(`DackTarget: firstSeq ${firstSeq} is not a 32-bit sequence number`);
    }
    if (this.isOpen(slot) && this.queued[slot] > 0) {
      this.errors++;
      throw new RangeError(`DackTarget: stream ${slot} still has packets in the queue`);
    }
    this.openSlot(slot);
    this.expSeq[slot] = firstSeq | 0;
    this.ackSeq[slot] = (firstSeq - 1) | 0;
  }

  /** Closes a stream; E_STATE (and nothing changes) while it still has packets in the queue. */
  override close(slot: number): number {
    if (this.isOpen(slot) && this.queued[slot] > 0) return this.fail(E_STATE);
    return super.close(slot);
  }

  // ---------------------------------------------------------------------------------------
  // Handlers

  /**
   * A data packet of stream `slot` with sequence number `seq` and `bytes` (as it occupies the
   * queue) arrives. Returns DACK_* bits; the ACKs to send are in `out`. E_SLOT for a closed
   * slot, E_ARG for a bad argument, E_STATE for a sequence number windowPackets or more away
   * from the expected one; state unchanged on every error.
   */
  onData(slot: number, nowNs: number, seq: number, bytes: number): number {
    if (!(this.live[slot] === 1 && (bytes | 0) === bytes && bytes >= this.minPacket && bytes <= this.maxPacket && isPsn32(seq) && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    const s = seq | 0;
    const expSeq = this.expSeq;
    const exp = expSeq[slot];
    if (s !== exp) return this.unexpected(slot, nowNs, (s - exp) | 0);
    const enq = (this.enq + bytes) | 0;
    const occ = (enq - this.deq) | 0;
    if (occ > this.queueBytes) return this.dropFull(slot, nowNs);
    // §II-A: accepted in order, placed in the processing queue (§II-D).
    this.push(enq, slot, s);
    expSeq[slot] = (s + 1) | 0;
    this.queued[slot]++;
    // §II-H: count the packet toward its stream's rate (this may close the period and so set
    // this stream's fairness flags, read below).
    if (this.fairOn !== 0) this.countPacket(slot, nowNs | 0);
    const fl = this.flags;
    let flags = fl[slot] & ~Fl.NackSent;
    const congested = occ > this.threshold;
    let n = 1;
    let kind = Kind.Iack;
    let ackNo = s;
    if (!congested || this.dack === 0) {
      // §II-A ACK / §II-D: uncongested, an IACK as soon as the packet is accepted; every packet
      // lies below the threshold, this one highest. It carries a skipped number too (§II-G).
      this.thr = this.tail;
      this.ackSeq[slot] = s;
      flags &= ~(Fl.Skipped | Fl.Counted);
    } else {
      // §II-D: the packet entered a congested target above the threshold: its IACK waits for
      // its crossing, and a standalone DACK goes out now (unless suppressed, §II-H, or pacing,
      // §II-F).
      this.above[slot]++;
      kind = Kind.Dack;
      ackNo = this.ackSeq[slot];
    }
    fl[slot] = flags;
    if ((flags & (Fl.Suppress | Fl.Recovering)) !== 0) n = this.restrained(slot, flags, kind);
    // One exit for both: V8 inlines a handler of at most 460 bytes of bytecode into the
    // caller's loop (lib/README), and each branch writing `out` itself took onData over it.
    const out = this.out;
    out[0] = n;
    out[1] = kind;
    out[2] = slot;
    out[3] = ackNo;
    return congested ? R.Accepted | R.Congested : R.Accepted;
  }

  /**
   * The host finished the packet at the head of the queue. Returns DACK_CONGESTED when the
   * occupancy still exceeds the threshold, else 0; the ACKs to send are in `out`: the §II-F
   * pacing DACK of the departing stream, then a DACK (while congested) and an IACK for every
   * stream whose packets moved below the threshold. E_STATE when the queue is empty, E_ARG for
   * a bad time.
   */
  onProcessed(nowNs: number): number {
    /* c8 ignore next -- E_ARG only for a non-finite time, which JSON vectors cannot carry (unit tests do) */
    if (!(nowNs - nowNs === 0)) return this.fail(E_ARG);
    const head = this.head;
    const tail = this.tail;
    if (head === tail) return this.fail(E_STATE);
    const mask = this.mask;
    const q = this.q;
    const h = (head & mask) << 2;
    const deq = q[h];
    const slot = q[h + 1];
    this.deq = deq;
    this.head = (head + 1) | 0;
    this.queued[slot]--;
    const threshold = this.threshold;
    const congested = ((this.enq - deq) | 0) > threshold;
    const out = this.out;
    let n = 0;
    if (this.dack !== 0) {
      if ((this.flags[slot] & Fl.Recovering) !== 0) return this.pacedDeparture(slot, q[h + 2], deq, congested);
      // Fig. 1: the packets whose last byte is now within the threshold have crossed it. (The
      // head itself always lay below the threshold, since no packet is larger than it.)
      const thr = this.thr;
      const i = (thr & mask) << 2;
      if (thr !== tail && ((q[i] - deq) | 0) <= threshold) {
        const s = q[i + 1];
        const seq = q[i + 2];
        const flags = this.flags[s];
        const next = (thr + 1) | 0;
        if (
          (next === tail || ((q[(next & mask) << 2] - deq) | 0) > threshold) &&
          (flags & Fl.Coalesce) === 0 &&
          ((seq - this.ackSeq[s]) | 0) > 0
        ) {
          // The common case, written out: one packet crossed, of a stream that does not
          // coalesce, carrying a new number. §II-D: a DACK before the IACK while congested.
          // No skip to clear: one is pending only while the stream coalesces (closePeriod
          // clears it with Coalesce).
          this.thr = next;
          this.above[s]--;
          let e = 1 + 3 * n;
          if (congested && ((flags & (Fl.Suppress | Fl.Recovering)) === 0 || ((flags & Fl.Recovering) === 0 && this.crossingDack(s)))) {
            out[e] = Kind.Dack;
            out[e + 1] = s;
            out[e + 2] = this.ackSeq[s];
            e += 3;
            n++;
            // DACK then IACK: H(−1) → H0, one IACK since the DACK (LAYOUT.run).
            this.run[s] = 1;
            this.flags[s] = flags | Fl.Counted;
          } else this.countRun(s);
          out[e] = Kind.Iack;
          out[e + 1] = s;
          out[e + 2] = seq;
          this.ackSeq[s] = seq;
          n++;
        } else {
          n = this.crossings(n, deq, congested);
        }
      }
    }
    out[0] = n;
    return congested ? R.Congested : 0;
  }

  /**
   * A trimmed header of stream `slot`'s packet `seq` arrived: a switch cut the packet to its
   * header (UEC §4.1), so the packet is lost and the header holds nothing to queue. The target
   * answers as §II-A does when it learns of a loss, with a NACK of the last accepted number, so
   * the initiator goes back within a round trip (UEC PDS §3.5: a trimmed packet is NACKed)
   * instead of waiting for the packet after it to arrive out of order or, when there is none,
   * for a timeout:
   *   - a later number than the expected one: the out-of-order rule, one NACK per gap;
   *   - the expected number: a NACK, also when this gap was NACKed already if the header is of
   *     a `resend` — the initiator acted on that NACK, and now its resend is lost (NAK-once
   *     would leave it to the timeout); a first transmission's header adds nothing to a NACK
   *     already sent for its gap (another would send the initiator back a second time) — except
   *     under nackEveryOutOfOrder, which has no NAK-once: every arrival showing the gap is NACKed;
   *   - a number already accepted (a trimmed resend): the answer to a duplicate.
   * Returns DACK_TRIMMED, with DACK_CONGESTED when the occupancy exceeds the threshold; the ACK,
   * if any, is in `out`. Nothing is queued; the stream counts as present at the target (§II-H).
   * E_SLOT, E_ARG, and E_STATE for a number windowPackets or more away, as for onData; state
   * unchanged on every error.
   */
  onTrimmed(slot: number, nowNs: number, seq: number, resend: boolean): number {
    if (!(this.live[slot] === 1 && isPsn32(seq) && nowNs - nowNs === 0)) return this.reject(slot);
    const d = (seq - this.expSeq[slot]) | 0;
    if (d >= this.window || d <= -this.window) return this.fail(E_STATE);
    this.trimmed++;
    if (this.fairOn !== 0) this.sample(slot, nowNs | 0);
    const congested = ((this.enq - this.deq) | 0) > this.threshold ? R.Congested : 0;
    if (d < 0) this.answerDuplicate(slot, congested);
    else if ((this.flags[slot] & Fl.NackSent) === 0 || this.nackEvery !== 0 || (d === 0 && resend)) this.nack(slot);
    else this.out[0] = 0;
    return R.Trimmed | congested;
  }

  // ---------------------------------------------------------------------------------------
  // Readers

  /** Bytes in the processing queue (target_queue_occupancy of §II-D). */
  occupancyBytes(): number {
    return (this.enq - this.deq) | 0;
  }

  /** Packets in the processing queue. */
  queueLength(): number {
    return (this.tail - this.head) | 0;
  }

  /** §II-D system_congested. */
  congested(): boolean {
    return ((this.enq - this.deq) | 0) > this.threshold;
  }

  /** Packets of this stream in the queue. */
  streamPackets(slot: number): number {
    return this.isOpen(slot) ? this.queued[slot] : 0;
  }

  /** Packets of this stream above the threshold position. */
  abovePackets(slot: number): number {
    return this.isOpen(slot) ? this.above[slot] : 0;
  }

  /** The next in-order sequence number (int32 pattern). */
  expectedSeq(slot: number): number {
    return this.expSeq[slot] | 0;
  }

  /** The sequence number of the last IACK or NACK sent: what a DACK repeats (int32 pattern). */
  lastAckSeq(slot: number): number {
    return this.ackSeq[slot] | 0;
  }

  /** §II-F: DACKs still pace this stream. */
  recovering(slot: number): boolean {
    return this.isOpen(slot) && (this.flags[slot] & Fl.Recovering) !== 0;
  }

  /** §II-H: congestion DACKs to this stream are suppressed this period. */
  suppressing(slot: number): boolean {
    return this.isOpen(slot) && (this.flags[slot] & Fl.Suppress) !== 0;
  }

  /** §II-H: crossing ACKs to this stream are coalesced this period. */
  coalescing(slot: number): boolean {
    return this.isOpen(slot) && (this.flags[slot] & Fl.Coalesce) !== 0;
  }

  /**
   * §II-H: crossing ACKs skipped by coalescing in the current fairness period that no suppressed
   * stream has been granted back yet: the extra packets suppression may still grant before the
   * period closes (README "Interpretation", Fairness).
   */
  skipCredit(): number {
    return this.spare;
  }

  /** Packets of this stream accepted in the current fairness period. */
  periodCount(slot: number): number {
    return this.isOpen(slot) && this.count[slot] > 0 ? this.count[slot] - 1 : 0;
  }

  // ---------------------------------------------------------------------------------------
  // Rare steps

  /** An out-of-order (d > 0) or duplicate (d < 0) packet: dropped (§II-A). */
  private unexpected(slot: number, nowNs: number, d: number): number {
    if (d >= this.window || d <= -this.window) return this.fail(E_STATE);
    if (this.fairOn !== 0) this.sample(slot, nowNs | 0);
    const congested = ((this.enq - this.deq) | 0) > this.threshold ? R.Congested : 0;
    if (d < 0) return this.duplicate(slot, congested);
    this.dropsOutOfOrder++;
    // One NACK per gap unless nackEvery asks for one per packet.
    if ((this.flags[slot] & Fl.NackSent) === 0 || this.nackEvery !== 0) this.nack(slot);
    else this.out[0] = 0;
    return R.DropOutOfOrder | congested;
  }

  /**
   * A packet already accepted (resent after a timeout, or after a NACK that an IACK overtook on
   * another path): answered with the last number again, so an initiator that went back learns
   * where the target is.
   */
  private duplicate(slot: number, congested: number): number {
    this.duplicates++;
    this.answerDuplicate(slot, congested);
    return R.Duplicate | congested;
  }

  /**
   * §II-E: "The arrival of a DACK signals target congestion", and §II-D: "Under normal
   * host-congestion-free conditions … no DACKs are generated". A duplicate tells nothing of
   * the queue, so it gets a DACK only where any arriving packet would: the target is congested
   * (§II-D's standalone DACK), under the policy, and this stream's DACKs are neither paced
   * (§II-F) nor suppressed (§II-H). Otherwise the number goes back as an IACK repeating it: new
   * to an initiator that missed the IACK (it advances), stale to one that has it (it drops it,
   * as it drops any ACK overtaken on the way). Until 2026-12-04 every duplicate got a DACK, and
   * reordering on sprayed paths throttled initiators to H(−1) at targets never congested.
   */
  private answerDuplicate(slot: number, congested: number): void {
    const flags = this.flags[slot];
    const dack = this.dack !== 0 && congested !== 0 && ((flags & (Fl.Suppress | Fl.Recovering)) === 0 || this.restrained(slot, flags, Kind.Dack) !== 0);
    this.out[0] = this.write(0, dack ? Kind.Dack : Kind.Iack, slot, this.ackSeq[slot]);
  }

  /** The expected packet finds the queue full: dropped and NACKed (§II-A, §II-F). */
  private dropFull(slot: number, nowNs: number): number {
    this.dropsFull++;
    if (this.fairOn !== 0) this.sample(slot, nowNs | 0);
    this.nack(slot);
    return R.DropFull | (((this.enq - this.deq) | 0) > this.threshold ? R.Congested : 0);
  }

  /**
   * §II-A: a NACK with the last accepted sequence number. Under the policy it also starts §II-F
   * pacing: the stream's queued packets (all accepted before the drop) each bring a DACK as they
   * finish processing.
   */
  private nack(slot: number): void {
    const last = (this.expSeq[slot] - 1) | 0;
    this.ackSeq[slot] = last;
    // It acknowledges every accepted number, a skipped one too (§II-G): no skip is pending.
    let flags = (this.flags[slot] | Fl.NackSent) & ~Fl.Skipped;
    if (this.dack !== 0 && this.queued[slot] > 0) {
      this.pacedTo[slot] = last;
      flags |= Fl.Recovering;
    }
    this.flags[slot] = flags;
    this.out[0] = this.write(0, Kind.Nack, slot, last);
  }

  /**
   * onProcessed for a departing packet of a recovering stream (§II-F): its pacing DACK, then the
   * crossings, then the end of the recovery if this was the last packet accepted before the
   * drop. The stream is paced at this departure, so its crossing IACK goes without a pre-IACK
   * DACK here too (until the review of 2026-12-06 the recovery ended before the crossings, and
   * the last paced departure sent DACK, DACK, IACK: three packets to a retransmitting initiator
   * for one departure).
   */
  private pacedDeparture(slot: number, seq: number, deq: number, congested: boolean): number {
    let n = this.write(0, Kind.Dack, slot, this.ackSeq[slot]);
    const thr = this.thr;
    if (thr !== this.tail && ((this.q[(thr & this.mask) << 2] - deq) | 0) <= this.threshold) n = this.crossings(n, deq, congested);
    if (((seq - this.pacedTo[slot]) | 0) >= 0 || this.queued[slot] === 0) this.flags[slot] &= ~Fl.Recovering;
    this.out[0] = n;
    return congested ? R.Congested : 0;
  }

  /**
   * Advances the threshold pointer past every packet now below the threshold (Fig. 1) and
   * writes, per stream, a DACK while still congested and an IACK with the stream's highest
   * sequence number below the threshold. Returns the new entry count.
   */
  private crossings(n: number, deq: number, congested: boolean): number {
    const first = n;
    const mask = this.mask;
    const q = this.q;
    const from = this.thr;
    let thr = from;
    do {
      const i = (thr & mask) << 2;
      const slot = q[i + 1];
      this.above[slot]--;
      thr = (thr + 1) | 0;
      n = this.crossed(slot, q[i + 2], congested, first, n);
    } while (thr !== this.tail && ((q[(thr & mask) << 2] - deq) | 0) <= this.threshold);
    this.thr = thr;
    // A skip still pending at the departure's end withholds its IACK until a later one.
    if (this.skippedNow !== 0) {
      for (let t = from; t !== thr; t = (t + 1) | 0) this.flags[q[((t & mask) << 2) + 1]] &= ~Fl.SkippedNow;
      this.skippedNow = 0;
    }
    return n;
  }

  private crossed(slot: number, seq: number, congested: boolean, first: number, n: number): number {
    // Covered by a NACK already (§II-F): the initiator knows this packet was accepted.
    if (((seq - this.ackSeq[slot]) | 0) <= 0) return n;
    const out = this.out;
    // Two packets of one stream crossed in one departure: one IACK carries the higher number.
    const flags = this.flags[slot];
    for (let k = first; k < n; k++) {
      const e = 1 + 3 * k;
      if (out[e] === Kind.Iack && out[e + 1] === slot) {
        out[e + 2] = seq;
        this.ackSeq[slot] = seq;
        this.flags[slot] = flags & ~Fl.Skipped;
        return n;
      }
    }
    // §II-G: coalesce two IACKs into one by skipping the first, provided a later crossing of
    // this stream will carry its sequence number.
    if (congested && (flags & (Fl.Coalesce | Fl.Skipped)) === Fl.Coalesce && this.above[slot] > 0) {
      if (this.spare < this.spareMax) {
        this.spare++;
        this.skippedNow++;
        this.flags[slot] = flags | Fl.Skipped | Fl.SkippedNow;
      } else this.flags[slot] = flags | Fl.Skipped;
      return n;
    }
    // This IACK carries a skipped number too, congested or not (until 2026-12-04 an uncongested
    // crossing, a NACK or an IACK on acceptance left the skip pending, and the next congested
    // crossing, taken for the one carrying it, was not skipped). A skip made in this same
    // departure withheld nothing (without coalescing the two crossings would have been one IACK
    // as well), so it pays for no extra packet: its credit goes back (audit, 2026-12-07: with
    // mixed sizes, several packets of a coalescing stream crossing at once banked a skip that a
    // suppressed stream then spent).
    if ((flags & Fl.SkippedNow) !== 0) {
      this.spare--;
      this.skippedNow--;
    }
    this.flags[slot] = flags & ~(Fl.Skipped | Fl.SkippedNow);
    // §II-D: "a DACK is immediately sent before an IACK to signal congestion".
    if (congested && ((flags & (Fl.Suppress | Fl.Recovering)) === 0 || ((flags & Fl.Recovering) === 0 && this.crossingDack(slot)))) {
      n = this.write(n, Kind.Dack, slot, this.ackSeq[slot]);
    }
    this.ackSeq[slot] = seq;
    this.countRun(slot);
    return this.write(n, Kind.Iack, slot, seq);
  }

  /**
   * onData for a stream whose DACKs are paced (§II-F) or suppressed (§II-G): whether its ACK of
   * `kind` goes (1) or not (0). An IACK on acceptance always goes and is one of a suppressed
   * stream's IACKs in a row, as a crossing one is (review, 2026-12-02: counting only crossings
   * let the run stay short, so a stream suppressed for the period got no DACK entering a
   * congested target, and its initiator climbed back to H∞).
   */
  private restrained(slot: number, flags: number, kind: number): number {
    if (kind === Kind.Iack) {
      if ((flags & Fl.Suppress) !== 0) this.countRun(slot);
      return 1;
    }
    return (flags & Fl.Recovering) === 0 && this.unsuppress(slot) ? 1 : 0;
  }

  /**
   * §II-G: a suppressed stream's DACK on arrival (standalone, or a duplicate's) goes out once it
   * has had suppressMaxIacks IACKs in a row (so its initiator stops at H1, short of H∞); before,
   * it is left out: it grants nothing, and what the next IACK grants is crossingDack's to
   * decide. True when the DACK is to be sent.
   */
  private unsuppress(slot: number): boolean {
    if (this.run[slot] < this.suppressMax) return false;
    this.run[slot] = 0;
    return true;
  }

  /**
   * §II-G/H: whether the DACK before a suppressed stream's congested crossing IACK goes out
   * after all. Without it, the IACK is the (run + 1)-th in a row (Fig. 2): the first takes
   * H(−1) to H0 and the second H0 to H1, each granting one packet as DACK + IACK would; from
   * the third, in H1, it grants two, and the second packet is paid for by a skip a coalescing
   * stream made in this period, or the DACK goes. After suppressMaxIacks IACKs the DACK goes anyway.
   */
  private crossingDack(slot: number): boolean {
    const r = this.run[slot];
    if (r < this.suppressMax) {
      if (r < 2) return false;
      // A skip banked in this departure and not yet carried may still be carried in it: it
      // pays for nothing until the departure ends (audit, 2026-12-07: spent here and then taken
      // back, the bank read −1 and the IACK went unpaid).
      if (this.spare > this.skippedNow) {
        this.spare--;
        return false;
      }
    }
    return true;
  }

  private countRun(slot: number): void {
    const r = this.run[slot];
    if (r < 255) this.run[slot] = r + 1;
  }

  /** Writes ACK entry n and returns n + 1. */
  private write(n: number, kind: number, slot: number, seq: number): number {
    const e = 1 + 3 * n;
    this.out[e] = kind;
    this.out[e + 1] = slot;
    this.out[e + 2] = seq;
    if (kind !== Kind.Iack) {
      // A DACK takes the initiator to H(−1), a NACK to retransmitting: the run restarts, known.
      if (kind === Kind.Nack) this.nacks++;
      this.run[slot] = 0;
      this.flags[slot] |= Fl.Counted;
    }
    return n + 1;
  }

  /** Appends a packet, given by its end counter, stream and sequence number, to the processing queue. */
  private push(enq: number, slot: number, seq: number): void {
    const tail = this.tail;
    const q = this.q;
    const t = (tail & this.mask) << 2;
    q[t] = enq;
    q[t + 1] = slot;
    q[t + 2] = seq;
    this.enq = enq;
    this.tail = (tail + 1) | 0;
  }

  /** §II-H: the stream's first packet of a period, and the first after the period's end, take `tally`. */
  private countPacket(slot: number, now: number): void {
    const c = this.count[slot];
    if (c === 0 || ((now - this.periodStart) >>> 0) >= this.periodNs) this.tally(slot, now);
    else this.count[slot] = c + 1;
  }

  /**
   * §II-H, rare path of the count: samples the stream (which may close the period and so set
   * this packet's fairness flags), then counts the packet.
   */
  private tally(slot: number, now: number): void {
    this.sample(slot, now);
    // No saturation needed: a period is at most 2^30 ns, so it holds fewer than 2^31 packets.
    this.count[slot]++;
  }

  /**
   * §II-H "samples packet counts from each stream": a packet of this stream arrived (accepted
   * or dropped), so the stream is in this period's sample, with a count of 0 until one is
   * accepted. Closes the period first when it has ended.
   */
  private sample(slot: number, now: number): void {
    if (((now - this.periodStart) >>> 0) >= this.periodNs) this.closePeriod(now);
    if (this.count[slot] === 0) {
      if (this.nListed === this.listed.length) this.compactList();
      this.listed[this.nListed++] = slot;
      this.count[slot] = 1;
    }
  }

  /**
   * Drops closed and repeated entries from the period's list, which a stream closed and reopened
   * within the period leaves behind: what remains are distinct open sampled streams. Run
   * when the list is full (a stream about to be listed has count 0, so there is then room for it:
   * a full list must not leave a stream out of the sampling, whose count would never restart)
   * and at the period's end.
   */
  private compactList(): void {
    let n = 0;
    for (let i = 0; i < this.nListed; i++) {
      const s = this.listed[i];
      if (this.live[s] === 1 && this.count[s] > 0) {
        this.count[s] = -this.count[s]; // visited
        this.listed[n++] = s;
      }
    }
    for (let i = 0; i < n; i++) this.count[this.listed[i]] = -this.count[this.listed[i]];
    this.nListed = n;
  }

  /**
   * §II-H: at the end of a sampling period, a stream whose accepted count c is below the mean of
   * the n sampled streams by more than the threshold r (c·n < total·(1 − r)) has its DACKs
   * suppressed, one above it by more than r (c·n > total·(1 + r)) has its ACKs coalesced, for
   * the next period. The sample is every open stream present at the target during the period:
   * a packet arrived (accepted or dropped), or packets waited in the queue — so a stream
   * that got nothing accepted counts, with 0, as the slowest (README "Interpretation"). r is
   * held in ppm and the products are exact in doubles while c·n < 9·10^9 (c·n·10^6 below 2^53:
   * e.g. 1000 streams and 9 million packets to one of them in one period).
   */
  private closePeriod(now: number): void {
    const flags = this.flags;
    const count = this.count;
    const listed = this.listed;
    this.compactList();
    // Last period's marks end. §II-G skips one crossing ACK in two: a skip still pending stays
    // for a stream sampled again (cleared below unless it coalesces again), so the next crossing
    // carries the skipped number (review: clearing it here skipped that one too).
    for (let i = 0; i < this.nMarked; i++) {
      const s = this.marked[i];
      const f = flags[s];
      const keep = count[s] > 0 ? ~(Fl.Suppress | Fl.Coalesce) : ~(Fl.Suppress | Fl.Coalesce | Fl.Skipped);
      // A stream leaving suppression keeps its run: every IACK was counted while it lasted.
      flags[s] = (f & keep) | ((f & Fl.Suppress) !== 0 ? Fl.Counted : 0);
    }
    const n = this.nListed;
    let total = 0;
    for (let i = 0; i < n; i++) total += count[listed[i]] - 1;
    let m = 0;
    let k = 0;
    const hi = total * (Ppm.One + this.fairPpm);
    const lo = total * (Ppm.One - this.fairPpm);
    for (let i = 0; i < n; i++) {
      const s = listed[i];
      const cn = (count[s] - 1) * n * Ppm.One;
      // The next period's sample starts with the streams whose packets still wait (count 0).
      if (this.queued[s] > 0) {
        count[s] = 1;
        listed[k++] = s;
      } else count[s] = 0;
      if (n >= 2 && cn > hi) {
        flags[s] |= Fl.Coalesce;
        this.marked[m++] = s;
        continue;
      }
      flags[s] &= ~Fl.Skipped;
      if (n >= 2 && cn < lo) {
        // §II-G: the run is where the stream's initiator stands in Fig. 2. Uncounted (IACKs on
        // acceptance since its last DACK, or none ever: H∞), it is taken as the longest, so the
        // stream's next DACK goes out and the run restarts from a known H(−1).
        if ((flags[s] & Fl.Counted) === 0) this.run[s] = 255;
        flags[s] |= Fl.Suppress;
        this.marked[m++] = s;
      }
    }
    this.nMarked = m;
    this.nListed = k;
    this.periodStart = now;
    // Skips of the period now ended pay for nothing later (`spare`).
    this.spare = 0;
  }
}
