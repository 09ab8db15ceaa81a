// RACK-TLP (RFC 8985) for RDMA packets, as Falcon uses it (DCP §6.3): a sans-IO sender and
// receiver table of QPs with the DcpSender / DcpReceiver API shape.
//
// Read first: DCP §6.3 "Comparison with Timeout and RACK-TLP" (per-packet transmission
// timestamps, loss = unacknowledged one RTT after being sent, a reordering window of one RTT,
// the memory cost) and RFC 8985: §6.2 RACK steps 1–5 (update RACK.xmit_ts / end_seq / rtt from
// the most recently sent delivered packet, ignoring a retransmission whose RTT is below min_RTT;
// detect reordering against RACK.fack; adapt reo_wnd on DSACK; mark lost every packet sent
// before RACK.xmit_ts whose xmit_ts + RACK.rtt + reo_wnd has passed, else arm the reordering
// timer), §6.3 (on RTO, mark lost SND.UNA and every packet whose RACK deadline has passed),
// §7 TLP (PTO = 2·SRTT (+ max_ack_delay with one packet in flight), capped by the RTO, whose
// place it then takes; armed after new data or an ACK of new data outside recovery and with
// nothing SACKed; on expiry send new data or else retransmit the highest PSN, only with no probe
// in flight and an RTT sample since the last probe, and re-arm the RTO either way; §7.4 the
// probe's outcome; §8 one timer at a time; §9.3 lost retransmissions), RFC 6298 (SRTT,
// RTTVAR, RTO = SRTT + max(G, 4·RTTVAR) with G one tick, backoff).
//
// Packets are the unit (end_seq of PSN p is p + 1). Per packet in the window the sender keeps its
// transmission tick, SACKed / lost / retransmitted bits and a place in a list ordered by
// transmission time (RFC 8985 §6.2's recommended structure), so loss detection walks only the
// packets sent before RACK.xmit_ts. That per-packet state is the overhead DCP §6.3 points at.
//
// Profiles (DESIGN.md rule 6): `rfc8985` — reo_wnd = min(reo_wnd_mult · min_RTT / 4, SRTT) with
// reo_wnd_mult starting at 1 and DSACK adaptation, and reo_wnd = 0 before any reordering was seen
// while in recovery or with ≥ 3 packets SACKed; `dcp` — the DCP paper's fixed window of one RTT
// (reo_wnd_mult 4, i.e. min_RTT, no adaptation, no zero-window rule).
//
// The receiver acknowledges every packet with the cumulative ePSN, the PSN that arrived and a
// DSACK flag when that PSN had already arrived (the one-block SACK of an RDMA ACK).
//
// The sender's handlers and helpers are arrow-function fields: its tree is far beyond V8's
// inlining budget, so most of it stays calls, and an arrow's code is compiled against this
// table as a constant (lib/README.md, "Helpers that stay calls"): nextPacket + onAck 1569 → 1004
// instructions per packet (`npm run bench:instructions reliability/rack`), 229 → 120 ns on
// 2026-12-03's host.

import { E_OVERFLOW, E_STATE } from "../../core/errors";
import { bitClear, bitSet, bitTest, clearBits, countSet } from "../../core/bitmap";
import { profileParam, resolveParams, rule } from "../../core/params";
import { isPsn24, psn24Diff } from "../../core/psn";
import { type HandlerSignatures, flowBytes, offHeap } from "../../core/table";
import { BitmapReceiver, MessageSender, receiverLayout, windowBits } from "../qp";

function senderLayout(bits: number) {
  const words = bits >>> 5;
  return {
    una: "i32",
    nxt: "i32",
    postPsn: "i32",
    postMsn: "i32",
    unaMsn: "i32",
    curMsn: "i32",
    curOff: "i32",
    ssnNext: "i32",
    quota: "i32",
    rackXmit: "i32", // RACK.xmit_ts (tick)
    rackEnd: "i32", // RACK.end_seq − 1: the PSN it belongs to
    rackRtt: "i32", // RACK.rtt, ns
    minRtt: "i32", // RACK.min_RTT, ns (0: no sample yet)
    srtt: "i32", // RFC 6298, ns (0: no sample yet)
    rttvar: "i32",
    rto: "i32", // current RTO with backoff, ns
    reoWnd: "i32", // RACK.reo_wnd, ns, as step 5 last computed it (RFC 8985 §6.2; §6.3 reads it), unless F.ReoStale
    fack: "i32", // RACK.fack: one past the highest PSN delivered
    dsackRound: "i32", // RACK.dsack_round (valid with F.DsackRound)
    recoveryEnd: "i32", // SND.NXT when recovery began
    tlpEnd: "i32", // TLP.end_seq (valid with F.TlpActive)
    sacked: "i32", // RACK.segs_sacked
    lostN: "i32", // packets marked lost and not yet retransmitted
    rtoStart: "i32", // tick the RTO timer started
    // The reordering timer and the PTO keep when they were armed and for how long (ns, ≥ 0), as
    // the RTO does: a lead depends on RTT samples, so no fixed bound reads a deadline across the
    // 32-bit wrap (lib/core/ticks.ts), but an age read unsigned holds up to 2^32 ns.
    reoStart: "i32",
    reoLead: "i32",
    ptoStart: "i32",
    ptoLead: "i32",
    head: "i16", // transmission-ordered list of packets in flight, by ring index
    tail: "i16",
    flags: "u16",
    retry: "u8",
    reoMult: "u8", // RACK.reo_wnd_mult
    reoPersist: "u8", // RACK.reo_wnd_persist
    msgPsn: ["i32", 8],
    msgLen: ["i32", 8],
    msgEnd: ["i32", 8], // PSN after the message's last packet
    msgTag: ["i32", 8],
    retx: "u32",
    timeouts: "u32",
    probes: "u32",
    tlpRepairs: "u32",
    lostRetx: "u32", // retransmissions marked lost (RFC 8985 §9.3)
    xmitTs: ["i32", bits], // per packet: transmission tick
    next: ["i16", bits],
    prev: ["i16", bits],
    sack: ["i32", words],
    lost: ["i32", words],
    resent: ["i32", words],
    listed: ["i32", words],
  } as const;
}

const enum F {
  RtoArmed = 1,
  ReoArmed = 2,
  PtoArmed = 4,
  TlpActive = 8,
  ProbePending = 16, // below 128, so the masks that clear it on every ACK stay one-byte bytecode immediates (lib/README.md)
  Reordering = 32, // RACK.reordering_seen
  Recovery = 64,
  TlpRetrans = 128,
  RttSinceProbe = 256,
  DsackRound = 512,
  RackValid = 1024,
  ResendDue = 2048, // an RTO marked SND.UNA lost and nothing has been resent since (only in recovery)
  ReoStale = 4096, // RACK.reo_wnd is reoWnd() of the state as it is now, not the reoWnd column (ackNext)
  AnyTimer = 7,
}

/** What an ACK keeps (`pick`): RACK.rtt's packet (its PSN, −1: none yet, and send tick) and the RTT sample's send tick. */
const enum Kept {
  RackPsn = 0,
  RackTs = 1,
  Sampled = 2,
  SampleTs = 3,
}

const enum K {
  U24 = 0xffffff,
  MaxBytes = 1073741824,
  DupThresh = 3, // RFC 8985 §6.2 step 4 (RFC 6675 DupThresh)
  PersistRounds = 16, // RFC 8985 §6.2 step 4
  NoneIdx = -1,
}

/** nextPacket results (also out.kind). */
export const RACK_TX_NONE = 0;
export const RACK_TX_NEW = 1;
export const RACK_TX_RETRANSMIT = 2;
/** a TLP (new data or the highest PSN again) */
export const RACK_TX_PROBE = 3;

/** onTimer result bits. */
export const RACK_TIMER_RTO = 1;
export const RACK_TIMER_REORDER = 2;
/** a probe is due: call nextPacket (it ignores the quota) */
export const RACK_TIMER_PROBE = 4;

/** Receiver onData result bits (same values as DCP_RX_* for the same meaning). */
export const RACK_RX_PLACE = 1;
export const RACK_RX_ACK = 2;
export const RACK_RX_COMPLETE = 4;
/** the ACK carries a DSACK (out.dsack = 1) */
export const RACK_RX_DUPLICATE = 8;

export type RackProfile = "rfc8985" | "dcp";

export interface RackSenderParams {
  /**
   * Which reordering window the defaults take (head of rack.ts): `rfc8985` (default; RFC 8985's
   * reo_wnd of min_RTT / 4, adapted on DSACKs, zero before reordering is seen) or `dcp` (DCP
   * §6.3's fixed window of one RTT: reoWndMult 4, no adaptation). A given parameter overrides
   * its profile's value.
   */
  profile: RackProfile;
  /**
   * Payload bytes of a full packet (RDMA path MTU), an integer in [64, 65535]: a message of n
   * bytes goes as ⌈n / mtuBytes⌉ packets (one for 0 bytes). Default 1024, as DcpSender's (the
   * DCP paper's 1 KB MTU).
   */
  mtuBytes: number;
  /**
   * Bytes one scheduling round may send, an integer in [1, 2^30] (DCP §4.3's round_quota, 16 KB,
   * the default): onSchedule sets the round's quota to min(roundQuotaBytes, awinBytes), and a
   * packet longer than what is left waits for the next round (lib/reliability/README.md "Rounds").
   */
  roundQuotaBytes: number;
  /**
   * The cap on packets in flight (SND.NXT − SND.UNA), exactly; only the per-QP ring that tracks
   * them is rounded up to a power of two (at least 32).
   */
  windowPackets: number;
  /** Initial RACK.reo_wnd_mult, in min_RTT / 4 (rfc8985: 1; dcp: 4, one RTT). */
  reoWndMult: number;
  /** DSACK-driven reo_wnd adaptation and the zero window before reordering (rfc8985: on). */
  reoWndAdaptive: boolean;
  /**
   * RTO before any RTT sample (RFC 6298 (2.1) says 1 s for the Internet; a NIC uses far less);
   * capped at maxRtoNs, never raised to minRtoNs.
   */
  initialRtoNs: number;
  /** Floor of an RTO computed from RTT samples (RFC 6298 (2.4)). */
  minRtoNs: number;
  /** Cap on every RTO: computed, doubled on expiry (RFC 6298 (2.5), 5.5) and initialRtoNs. */
  maxRtoNs: number;
  /** PTO before any RTT sample (RFC 8985 §7.2: 1 s on the Internet). */
  initialPtoNs: number;
  /** TLP.max_ack_delay (RFC 8985 §7.2); 0 for a receiver that ACKs every packet. */
  maxAckDelayNs: number;
  /**
   * RTOs in a row without SND.UNA advancing that the QP takes; the next one makes onTimer return
   * E_OVERFLOW (the QP is in error; nothing changes). An ACK that advances SND.UNA resets the count.
   */
  maxRetries: number;
}

export interface RackReceiverParams {
  /**
   * Receive window, packets, an integer in [1, 2^20]: each QP's bitmaps span
   * windowBits(windowPackets) PSNs (the next power of two, at least 32), and a packet that many
   * PSNs or more past ePSN is dropped (E_STATE). Default 128, the sender's default windowPackets.
   */
  windowPackets: number;
}

const PROFILE_DEFAULTS: { readonly [P in RackProfile]: Pick<RackSenderParams, "reoWndMult" | "reoWndAdaptive"> } = {
  rfc8985: { reoWndMult: 1, reoWndAdaptive: true },
  dcp: { reoWndMult: 4, reoWndAdaptive: false },
};

/** The largest send window: ring indices are the i16 list links of LAYOUT, and the ring a power of two. */
export const RACK_MAX_WINDOW_PACKETS = 16384;

export const RACK_SENDER_DEFAULTS: Readonly<RackSenderParams> = Object.freeze({
  profile: "rfc8985",
  mtuBytes: 1024,
  roundQuotaBytes: 16384,
  windowPackets: 128,
  reoWndMult: 1,
  reoWndAdaptive: true,
  initialRtoNs: 1_000_000,
  minRtoNs: 100_000,
  maxRtoNs: 100_000_000,
  initialPtoNs: 1_000_000,
  maxAckDelayNs: 0,
  maxRetries: 7,
});

export const RACK_RECEIVER_DEFAULTS: Readonly<RackReceiverParams> = Object.freeze({ windowPackets: 128 });

function resolveSender(input: Partial<RackSenderParams>): RackSenderParams {
  const profile = profileParam("RackSender", input.profile, Object.keys(PROFILE_DEFAULTS) as RackProfile[], "rfc8985");
  const defaults: RackSenderParams = { ...RACK_SENDER_DEFAULTS, ...PROFILE_DEFAULTS[profile] };
  return resolveParams("RackSender", defaults, input, (p) => ({
    mtuBytes: rule.int(64, 65535),
    roundQuotaBytes: rule.int(1, K.MaxBytes),
    windowPackets: rule.int(1, RACK_MAX_WINDOW_PACKETS),
    reoWndMult: rule.int(1, 255),
    initialRtoNs: rule.int(1, 2 ** 30),
    minRtoNs: rule.int(1, 2 ** 30),
    maxRtoNs: rule.int(p.minRtoNs, 2 ** 30),
    initialPtoNs: rule.int(1, 2 ** 30),
    maxAckDelayNs: rule.int(0, 2 ** 30),
    maxRetries: rule.int(0, 255),
    reoWndAdaptive: rule.bool,
  }));
}

export class RackSender extends MessageSender<ReturnType<typeof senderLayout>> {
  static readonly bytesPerFlow = flowBytes(senderLayout(windowBits(RACK_SENDER_DEFAULTS.windowPackets)));
  static readonly api: HandlerSignatures = {
    open: ["slot", "startPsn"],
    close: ["slot"],
    post: ["slot", "lengthBytes", "op"],
    messageInfo: ["slot", "msn"],
    onSchedule: ["slot", "nowNs", "awinBytes"],
    nextPacket: ["slot", "nowNs"],
    onAck: ["slot", "nowNs", "cumPsn", "sackPsn", "dsack"],
    onTimer: ["slot", "nowNs"],
  };

  readonly params: Readonly<RackSenderParams>;
  readonly bytesPerSlot: number;

  private readonly rackXmit = this.col.rackXmit;
  private readonly rackEnd = this.col.rackEnd;
  private readonly rackRttCol = this.col.rackRtt;
  private readonly minRttCol = this.col.minRtt;
  private readonly srttCol = this.col.srtt;
  private readonly rttvar = this.col.rttvar;
  private readonly rtoCol = this.col.rto;
  private readonly reoWndCol = this.col.reoWnd;
  private readonly fack = this.col.fack;
  private readonly dsackRound = this.col.dsackRound;
  private readonly recoveryEnd = this.col.recoveryEnd;
  private readonly tlpEnd = this.col.tlpEnd;
  private readonly sackedCol = this.col.sacked;
  private readonly lostN = this.col.lostN;
  private readonly rtoStart = this.col.rtoStart;
  private readonly reoStart = this.col.reoStart;
  private readonly reoLead = this.col.reoLead;
  private readonly ptoStart = this.col.ptoStart;
  private readonly ptoLead = this.col.ptoLead;
  private readonly head = this.col.head;
  private readonly tail = this.col.tail;
  private readonly flags = this.col.flags;
  private readonly reoMult = this.col.reoMult;
  private readonly reoPersist = this.col.reoPersist;
  private readonly probeCount = this.col.probes;
  private readonly tlpRepairCount = this.col.tlpRepairs;
  private readonly lostRetxCount = this.col.lostRetx;
  private readonly xmitTs = this.col.xmitTs;
  private readonly nextIdx = this.col.next;
  private readonly prevIdx = this.col.prev;
  private readonly sackBits = this.col.sack;
  private readonly lostBits = this.col.lost;
  private readonly resentBits = this.col.resent;
  private readonly listed = this.col.listed;
  private readonly window: number;
  private readonly bits: number;
  private readonly words: number;
  private readonly mask: number;
  private readonly mult0: number;
  private readonly adaptive: number;
  private readonly initialRto: number;
  private readonly minRto: number;
  private readonly maxRto: number;
  private readonly initialPto: number;
  private readonly maxAckDelay: number;
  private readonly maxRetries: number;
  /** What one ACK keeps of the packets it delivers (`deliverPick`), indexed by Kept. */
  private readonly pick = offHeap(Int32Array, 4);

  constructor(params: Partial<RackSenderParams> = {}, capacity = 1) {
    const p = resolveSender(params);
    const bits = windowBits(p.windowPackets);
    const layout = senderLayout(bits);
    super("RackSender", layout, capacity, p.mtuBytes, p.roundQuotaBytes);
    this.params = Object.freeze(p);
    this.bytesPerSlot = flowBytes(layout);
    this.window = p.windowPackets;
    this.bits = bits;
    this.words = bits >>> 5;
    this.mask = bits - 1;
    this.mult0 = p.reoWndMult;
    this.adaptive = p.reoWndAdaptive ? 1 : 0;
    // RFC 6298 (2.5) bounds the RTO, the one before any sample included: above maxRtoNs the
    // first doubling would shorten it (refusing the pair instead would fail a maxRtoNs set alone
    // below the default initialRtoNs). minRtoNs does not raise it: (2.4) floors a computed RTO.
    this.initialRto = p.initialRtoNs < p.maxRtoNs ? p.initialRtoNs : p.maxRtoNs;
    this.minRto = p.minRtoNs;
    this.maxRto = p.maxRtoNs;
    this.initialPto = p.initialPtoNs;
    this.maxAckDelay = p.maxAckDelayNs;
    this.maxRetries = p.maxRetries;
  }

  /**
   * Opens a QP whose first packet will carry `startPsn`; MSNs and SSNs start at 0.
   * @throws RangeError for a slot outside the table or a startPsn that is not a 24-bit PSN.
   */
  open(slot: number, startPsn = 0): void {
    this.openQp(slot, startPsn);
    this.fack[slot] = startPsn;
    this.rtoCol[slot] = this.initialRto;
    this.reoMult[slot] = this.mult0;
    // RFC 8985 §7.3 TLP_send_probe: a probe needs "a new RTT sample since last probe or the
    // start of connection", so the first PTO (initialPtoNs, §7.2) may probe before any sample.
    this.flags[slot] = F.RttSinceProbe;
    this.head[slot] = K.NoneIdx;
    this.tail[slot] = K.NoneIdx;
  }

  /**
   * A due tail-loss probe first (RFC 8985 §7.3; it does not wait for the quota), then packets
   * RACK marked lost in PSN order, then new data within the window and the quota. Returns
   * RACK_TX_PROBE, RACK_TX_RETRANSMIT or RACK_TX_NEW with the packet in `out` (out.retryNo is
   * always 0), RACK_TX_NONE when nothing may go (nothing posted unsent, windowPackets in flight,
   * or the quota cannot carry the packet; a lost packet it cannot carry holds back new data), or
   * E_SLOT / E_ARG.
   */
  readonly nextPacket = (slot: number, nowNs: number): number => {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    if ((this.flags[slot] & F.ProbePending) !== 0) return this.sendProbe(slot, now);
    const una = this.una[slot];
    const inflight = psn24Diff(this.nxt[slot], una);
    if (this.lostN[slot] > 0) return this.retransmitLost(slot, now, una, inflight);
    const psn = this.nxt[slot];
    if (psn === this.postPsn[slot] || inflight >= this.window) return RACK_TX_NONE;
    const sent = this.sendNew(slot, now, psn, false);
    if (sent === RACK_TX_NONE) return RACK_TX_NONE;
    this.schedulePto(slot, now);
    return sent;
  };

  /**
   * An ACK: cumulative `cumPsn` (the receiver's ePSN), the PSN `sackPsn` whose arrival triggered
   * it (RackReceiver's out.sackPsn), and `dsack` when that PSN had already arrived. A `sackPsn`
   * above the new SND.UNA is SACKed (delivered, DSACK or not); one below it is covered by
   * the cumulative part (one at it, which no receiver sends, delivers nothing). Runs RFC 8985
   * §7.4 (probe outcome), §6.2 steps 1–5, the RTT estimator, and rearms the RTO, PTO and
   * reordering timers; an ACK that advances SND.UNA resets the count of RTOs toward
   * maxRetries. Returns the messages freed (0 or more), E_STATE for a cumPsn past
   * SND.NXT or a sackPsn at or past it (nothing changes), or E_SLOT / E_ARG.
   */
  readonly onAck = (slot: number, nowNs: number, cumPsn: number, sackPsn: number, dsack: boolean): number => {
    if (!(this.live[slot] === 1 && isPsn24(cumPsn) && isPsn24(sackPsn) && nowNs - nowNs === 0)) return this.reject(slot);
    const nxt = this.nxt[slot];
    if (psn24Diff(cumPsn, nxt) > 0 || psn24Diff(sackPsn, nxt) >= 0) return this.fail(E_STATE);
    const now = nowNs | 0;
    const una = this.una[slot];
    const idx = una & this.mask;
    const w = slot * this.words + (idx >>> 5);
    if (
      cumPsn === ((una + 1) & K.U24) &&
      sackPsn === una &&
      !dsack &&
      (this.flags[slot] & (F.TlpActive | F.Recovery | F.DsackRound)) === 0 &&
      (this.sackedCol[slot] | this.lostN[slot]) === 0 &&
      this.head[slot] === idx &&
      (((this.resentBits[w] | this.lostBits[w]) >>> (idx & 31)) & 1) === 0
    ) {
      return this.ackNext(slot, now, una, idx, nxt);
    }
    return this.ackGeneral(slot, now, cumPsn, sackPsn, dsack, nxt);
  };

  /**
   * onAck's common case, with exactly what the general path does for it: the cumulative ACK of
   * SND.UNA alone, a packet sent once and first in transmission order, outside recovery and any
   * TLP episode, with nothing SACKed or lost. Kept small so that V8 inlines its steps.
   */
  private readonly ackNext = (slot: number, now: number, una: number, idx: number, nxt: number): number => {
    const tsBase = slot * this.bits;
    const ts = this.xmitTs[tsBase + idx];
    // Steps 2–3 (deliver): the list's head leaves it; it was never retransmitted.
    bitClear(this.listed, slot * this.words, idx);
    const next = this.nextIdx[tsBase + idx];
    this.head[slot] = next;
    if (next !== K.NoneIdx) this.prevIdx[tsBase + next] = K.NoneIdx;
    else this.tail[slot] = K.NoneIdx;
    // Step 3: with nothing SACKed RACK.fack is SND.UNA's predecessor, so the head is newer: no
    // reordering here (ackGeneral takes every other case).
    const cur = (una + 1) & K.U24;
    this.fack[slot] = cur;
    let flags = this.flags[slot];
    const rtt = (now - ts) | 0;
    this.rackRttCol[slot] = rtt;
    flags = this.noteRack(slot, ts, una, flags);
    const minRtt = this.minRttCol[slot];
    if (minRtt === 0 || rtt < minRtt) this.minRttCol[slot] = rtt > 0 ? rtt : 1;
    this.flags[slot] = flags;
    this.una[slot] = cur;
    this.retry[slot] = 0;
    this.rttSample(slot, rtt);
    const freed = this.freeMessages(slot, cur);
    // Step 5: the new head was sent in a later tick than RACK.xmit_ts unless a retransmission
    // reordered the list; then, or in the same tick (a lower PSN resent later in it is still
    // sent before RACK by RACK_sent_after), the full walk runs.
    if (next !== K.NoneIdx && ((this.rackXmit[slot] - this.xmitTs[tsBase + next]) | 0) >= 0) {
      this.detectLoss(slot, now);
    } else {
      // Step 5 sets RACK.reo_wnd on every ACK, walk or not; here F.ReoStale stands for it, as
      // computing it cost 134 of 1138 instructions per packet. The bit is exact while reoWnd()'s
      // inputs (F.Reordering, F.Recovery, RACK.segs_sacked, reo_wnd_mult, min_RTT, SRTT; the
      // profile's constants aside) keep the values they have now, and only these change one:
      // - ackNext (min_RTT, SRTT) and ackGeneral (all of them) change them only before their own
      //   step 5 and return nowhere before it, which reads no kept window and sets it afresh:
      //   detectLoss stores it and clears the bit, or this branch sets the bit for the new state;
      // - onTimer's RTO enters recovery, after markLossesOnRto stored the window (keptReoWnd);
      // - open and close zero the column and the flags together.
      // nextPacket (sendNew, sendProbe, retransmitLost, schedulePto), post, onSchedule,
      // messageInfo, the reordering timer (detectLoss) and the PTO write none of them. So the
      // readers, reoWndNs and the RTO, compute reoWnd() while the bit is set.
      this.flags[slot] = (this.flags[slot] & ~F.ReoArmed) | F.ReoStale;
    }
    if (cur === nxt) {
      // Nothing in flight: no timer, and a due probe has nothing to probe (RFC 8985 §7.3).
      this.flags[slot] &= ~(F.RtoArmed | F.PtoArmed | F.ReoArmed | F.ProbePending);
      return freed;
    }
    this.flags[slot] |= F.RtoArmed;
    this.rtoStart[slot] = now;
    this.schedulePto(slot, now);
    return freed;
  };

  /** onAck for every other case. */
  private readonly ackGeneral = (slot: number, now: number, cumPsn: number, sackPsn: number, dsack: boolean, nxt: number): number => {
    let flags = this.flags[slot];
    const una = this.una[slot];
    const d = psn24Diff(cumPsn, una);
    // RFC 8985 §7.4.2 TLP_process_ack, before SND.UNA moves.
    if ((flags & F.TlpActive) !== 0 && psn24Diff(cumPsn, this.tlpEnd[slot]) >= 0) {
      if ((flags & F.TlpRetrans) === 0 || (dsack && ((sackPsn + 1) & K.U24) === this.tlpEnd[slot])) {
        flags &= ~(F.TlpActive | F.TlpRetrans); // new data delivered, or the probe's DSACK (case 1)
      } else if (psn24Diff(cumPsn, this.tlpEnd[slot]) > 0) {
        flags &= ~(F.TlpActive | F.TlpRetrans);
        this.tlpRepairCount[slot]++; // the probe repaired a loss: a congestion signal for the CC
      } else if (d === 0 && !dsack && psn24Diff(sackPsn, cumPsn) < 0 && una !== nxt) {
        // Case 2: a DupAck (RFC 5681: no progress, data outstanding) with no SACK information,
        // the answer of a receiver that sends no DSACK to the probe's copy: no loss either.
        flags &= ~(F.TlpActive | F.TlpRetrans);
      }
    }
    this.flags[slot] = flags;
    // Steps 1–3 for every newly delivered packet. RACK.rtt is the RTT of the newest sent of them
    // that step 2 accepts (it walks them in ascending xmit_ts, each overwriting RACK.rtt); one
    // RTT sample per ACK, from the newest sent never retransmitted nor DSACKed.
    const pick = this.pick;
    pick[Kept.RackPsn] = -1;
    pick[Kept.Sampled] = 0;
    const base = slot * this.words;
    this.minRttOfAck(slot, now, una, d, cumPsn, sackPsn, dsack);
    if (d > 0) {
      // A DSACKed PSN the cumulative ACK delivers arrived twice as well (a copy the network
      // duplicated; a resend is left out anyway): delivered, but no RTT sample (Karn), as above SND.UNA.
      const dup = dsack ? sackPsn : -1;
      for (let i = 0; i < d; i++) {
        const psn = (una + i) & K.U24;
        const idx = psn & this.mask;
        if (!bitTest(this.sackBits, base, idx)) this.deliverPick(slot, now, psn, idx, psn !== dup);
      }
      // deliver() cleared the resent and lost bits of what it delivered; SACKed packets had
      // theirs cleared when SACKed, and only their SACK bits remain to release.
      if (this.sackedCol[slot] !== 0) {
        this.sackedCol[slot] -= countSet(this.sackBits, base, this.mask, una & this.mask, d);
        clearBits(this.sackBits, base, this.mask, una & this.mask, d);
      }
      this.una[slot] = cumPsn;
      this.retry[slot] = 0;
    }
    const cur = this.una[slot];
    // The SACKed PSN past SND.UNA is delivered, with or without DSACK: a D-SACK above the
    // cumulative ACK reports a duplicate of data the receiver holds (RFC 2883 §4 rule 4, the
    // second SACK block TCP adds; RDMA's one-block SACK names the same PSN). Typically the ACK of
    // its first copy was lost. A DSACKed packet gives no RTT measurement (RFC 6298 §3, Karn: it
    // arrived at least twice, and this ACK answers a later copy), so step 1 (minRttOfAck) and the
    // estimator leave it out; steps 2–3 take it as any delivered packet (step 2 judges a resend).
    if (psn24Diff(sackPsn, cur) > 0) {
      const idx = sackPsn & this.mask;
      if (!bitTest(this.sackBits, base, idx)) {
        bitSet(this.sackBits, base, idx);
        this.sackedCol[slot]++;
        this.deliverPick(slot, now, sackPsn, idx, !dsack);
      }
    }
    if (pick[Kept.RackPsn] >= 0) this.rackRttCol[slot] = (now - pick[Kept.RackTs]) | 0;
    if (pick[Kept.Sampled] !== 0) this.rttSample(slot, (now - pick[Kept.SampleTs]) | 0);
    const freed = d > 0 ? this.freeMessages(slot, cumPsn) : 0;
    flags = this.flags[slot];
    const exiting = (flags & F.Recovery) !== 0 && psn24Diff(cur, this.recoveryEnd[slot]) >= 0;
    if (exiting) flags &= ~(F.Recovery | F.ResendDue);
    // Step 4: reo_wnd adaptation (rfc8985 profile).
    if (this.adaptive !== 0) {
      if ((flags & F.DsackRound) !== 0 && psn24Diff(cur, this.dsackRound[slot]) >= 0) flags &= ~F.DsackRound;
      if ((flags & F.DsackRound) === 0 && dsack) {
        flags |= F.DsackRound;
        this.dsackRound[slot] = nxt;
        if (this.reoMult[slot] < 255) this.reoMult[slot]++;
        this.reoPersist[slot] = K.PersistRounds;
      } else if (exiting) {
        // "Else if exiting Fast or RTO recovery": reo_wnd_persist −= 1, and at ≤ 0
        // reo_wnd_mult returns to its start (RFC: 1).
        const persist = this.reoPersist[slot] - 1;
        if (persist > 0) {
          this.reoPersist[slot] = persist;
        } else {
          this.reoPersist[slot] = 0;
          this.reoMult[slot] = this.mult0;
        }
      }
    }
    this.flags[slot] = flags;
    // Step 5 and the reordering timer.
    this.detectLoss(slot, now);
    // RFC 6298 5.2/5.3: restart the RTO on new data acknowledged, stop it with nothing in flight.
    flags = this.flags[slot];
    if (cur === this.nxt[slot]) {
      flags &= ~(F.RtoArmed | F.PtoArmed | F.ReoArmed | F.ProbePending); // nothing left to probe (§7.3)
    } else if (d > 0) {
      flags |= F.RtoArmed;
      this.rtoStart[slot] = now;
    }
    this.flags[slot] = flags;
    if (d > 0 && cur !== this.nxt[slot]) this.schedulePto(slot, now);
    else if ((flags & F.Recovery) !== 0 || this.sackedCol[slot] !== 0) this.flags[slot] &= ~(F.PtoArmed | F.ProbePending); // as schedulePto
    return freed;
  };

  /**
   * Runs whichever timers have expired: the RTO (RFC 6298 backoff, RFC 8985 §6.3 loss marking,
   * RTO recovery), the reordering timer (§6.2 step 5 again), the PTO (§7.3: a probe is due unless
   * one is in flight or no RTT sample arrived since the last; with a probe or without, the RTO
   * restarts from now, the PTO's expiry only when the caller is on time, and again when
   * nextPacket sends the probe, which also cancels a PTO an ACK armed meanwhile). An armed PTO or
   * reordering timer holds the RTO back (§7.2, §8); a due probe does not. An RTO expiry before
   * the retransmission the last RTO called for has gone only restarts the timer, while a packet
   * is marked lost (with none, after ACKs delivered them, it is a real RTO). Returns
   * RACK_TIMER_* bits, 0 when nothing is due (also after a PTO that re-armed the RTO),
   * E_OVERFLOW after maxRetries RTOs without progress (nothing changes), or E_SLOT / E_ARG.
   */
  readonly onTimer = (slot: number, nowNs: number): number => {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    let flags = this.flags[slot];
    if ((flags & F.AnyTimer) === 0) return 0;
    // RFC 8985 §7.2 TLP_calc_PTO caps the PTO at the RTO's expiry, and §8 has the PTO or the
    // reordering timer, once armed, cancel the RTO: one timer at a time (schedulePto arms no PTO
    // beside the reordering timer). The PTO's expiry comes no later than the RTO's, or at once
    // when armed after the RTO expired (a late caller), so with a PTO armed an expired RTO is the
    // PTO's expiry, below: the RTO re-armed from now (§7.3), with a probe due or not, not an RTO.
    const rtoDue =
      (flags & (F.RtoArmed | F.ReoArmed | F.PtoArmed)) === F.RtoArmed && this.rtoExpired(slot, now);
    // RFC 6298 §5.6: the timer restarts when the retransmission goes. Until it has (a paced NIC
    // may hold it past the RTO), an expiry is no new timeout: no retry, no backoff.
    if (rtoDue && (flags & F.ResendDue) !== 0 && this.lostN[slot] > 0) {
      this.rtoStart[slot] = now;
    } else if (rtoDue) {
      const retry = this.retry[slot];
      if (retry >= this.maxRetries) return this.fail(E_OVERFLOW);
      this.retry[slot] = retry + 1;
      this.timeoutCount[slot]++;
      const rto = this.rtoCol[slot] * 2; // RFC 6298 5.5
      this.rtoCol[slot] = rto < this.maxRto ? rto : this.maxRto;
      this.markLossesOnRto(slot, now);
      flags = this.flags[slot];
      flags = (flags | F.Recovery | F.RtoArmed | F.ResendDue) & ~(F.TlpActive | F.TlpRetrans | F.PtoArmed | F.ProbePending | F.ReoArmed);
      this.recoveryEnd[slot] = this.nxt[slot];
      this.rtoStart[slot] = now;
      this.flags[slot] = flags;
      return RACK_TIMER_RTO;
    }
    let r = 0;
    if ((flags & F.ReoArmed) !== 0 && ((now - this.reoStart[slot]) >>> 0) >= this.reoLead[slot]) {
      this.flags[slot] = flags & ~F.ReoArmed;
      this.detectLoss(slot, now);
      flags = this.flags[slot];
      if ((flags & F.ReoArmed) === 0) this.resumeRto(slot, now);
      r |= RACK_TIMER_REORDER;
    }
    if ((flags & F.PtoArmed) !== 0 && ((now - this.ptoStart[slot]) >>> 0) >= this.ptoLead[slot]) {
      flags &= ~F.PtoArmed;
      if ((flags & F.TlpActive) === 0 && (flags & F.RttSinceProbe) !== 0 && this.nxt[slot] !== this.una[slot]) {
        flags |= F.ProbePending;
        r |= RACK_TIMER_PROBE;
      }
      // §7.3: "regardless of whether a loss probe was sent, the sender MUST re-arm the RTO
      // timer" (FlightSize > 0: an ACK of everything disarms the PTO; the callers arm the RTO
      // before the PTO, so F.RtoArmed is set). RFC 8985 sends the probe and re-arms in one
      // handler; here the probe waits for nextPacket (pacing, the CC's window), and the RTO,
      // often capped to expire with this PTO (§7.2), would otherwise stay armed in the past, so
      // a second onTimer before the probe went would take a real RTO and cancel it. sendProbe
      // re-arms it again when the probe goes; a due probe does not hold the RTO back, so one
      // the CC never lets out still ends in an RTO, from now.
      this.rtoStart[slot] = now;
      this.flags[slot] = flags;
    }
    return r;
  };

  // ---------------------------------------------------------------------------------------
  // Readers

  /**
   * Every column of one slot, as FlowTable.inspect, but `reoWnd` is RACK.reo_wnd (reoWndNs) and
   * `flags` leaves out the bit that says the column is not it (ackNext): the state RFC 8985
   * defines, alike whichever path an ACK took. It allocates: never on a per-packet path.
   */
  override inspect(slot: number): { [column: string]: number | number[] | boolean } {
    const out = super.inspect(slot);
    if (typeof out.flags === "number") {
      out.reoWnd = this.reoWndNs(slot);
      out.flags &= ~F.ReoStale;
    }
    return out;
  }

  /** SND.NXT − SND.UNA: SACKed and lost packets included. */
  inflightPackets(slot: number): number {
    return psn24Diff(this.nxt[slot], this.una[slot]);
  }
  /** Packets marked lost (step 5 or an RTO) and not yet retransmitted. */
  lostPackets(slot: number): number {
    const una = this.una[slot];
    return countSet(this.lostBits, slot * this.words, this.mask, una & this.mask, psn24Diff(this.nxt[slot], una));
  }
  /** RACK.segs_sacked: packets above SND.UNA SACKed (DSACKed or not), released as SND.UNA passes them; 0 if not open. */
  sackedPackets(slot: number): number {
    return this.sackedCol[slot] | 0;
  }
  /** RACK.rtt: the RTT of the most recently sent packet step 2 took (0 before any; not floored). */
  rackRttNs(slot: number): number {
    return this.rackRttCol[slot] | 0;
  }
  /** RACK.min_RTT over the connection, at least 1 ns once sampled; 0 before any sample. */
  minRttNs(slot: number): number {
    return this.minRttCol[slot] | 0;
  }
  /** RFC 6298 SRTT, from samples floored at 1 ns; 0 before any sample. */
  srttNs(slot: number): number {
    return this.srttCol[slot] | 0;
  }
  /** RFC 6298 RTTVAR, ns, floored: R/2 at the first sample, then 3/4 RTTVAR + 1/4 |SRTT − R'|; 0 before any sample (srttNs 0) or if not open. */
  rttvarNs(slot: number): number {
    return this.rttvar[slot] | 0;
  }
  /** The RTO with backoff, within [minRtoNs, maxRtoNs] once sampled; before that min(initialRtoNs, maxRtoNs), doubled per RTO up to maxRtoNs. */
  rtoNs(slot: number): number {
    return this.rtoCol[slot] | 0;
  }
  /**
   * RACK.reo_wnd as step 5 last computed it (RFC 8985 §6.2 RACK_detect_loss, at each ACK and
   * reordering-timer expiry), which an RTO's marking uses (§6.3): entering recovery or an RTO
   * does not change it until the next ACK. 0 before the first ACK.
   */
  reoWndNs(slot: number): number {
    return this.keptReoWnd(slot, false) | 0;
  }
  /** RACK.reo_wnd_mult, in min_RTT / 4: starts at reoWndMult, +1 per DSACK round (at most 255). */
  reoWndMult(slot: number): number {
    return this.reoMult[slot] | 0;
  }
  /** RACK.reo_wnd_persist: recovery exits left before reo_wnd_mult returns to its start (reoWndMult); 16 after a DSACK round starts, never below 0. */
  reoWndPersist(slot: number): number {
    return this.reoPersist[slot] | 0;
  }
  /**
   * RACK.reordering_seen (RFC 8985 §6.2 step 3): a packet never retransmitted was delivered below
   * RACK.fack; set once, kept until the slot is opened again. False if not open.
   */
  reorderingSeen(slot: number): boolean {
    return (this.flags[slot] & F.Reordering) !== 0;
  }
  /**
   * In fast recovery (step 5 marked a loss) or RTO recovery, until SND.UNA reaches the SND.NXT of
   * its start; an RTO during fast recovery moves that point to the SND.NXT of the RTO.
   */
  inRecovery(slot: number): boolean {
    return (this.flags[slot] & F.Recovery) !== 0;
  }
  /**
   * True while packet `psn` is marked lost and not yet retransmitted (RFC 8985 §6.2 step 5,
   * §6.3): what RFC 6675's pipe leaves out, for a caller that counts the packets in flight for
   * its CC. False for a PSN outside [SND.UNA, SND.NXT), one that is no 24-bit PSN, or a closed
   * slot.
   */
  lostPsn(slot: number, psn: number): boolean {
    if (this.live[slot] !== 1 || !isPsn24(psn)) return false;
    const una = this.una[slot];
    const d = psn24Diff(psn, una);
    if (!(d >= 0 && d < psn24Diff(this.nxt[slot], una))) return false;
    return bitTest(this.lostBits, slot * this.words, psn & this.mask);
  }
  /** A TLP episode is open (TLP.end_seq set, RFC 8985 §7.4): no further probe until it ends; an RTO or entering fast recovery ends it. */
  probeInFlight(slot: number): boolean {
    return (this.flags[slot] & F.TlpActive) !== 0;
  }
  /** onTimer returned RACK_TIMER_PROBE and nextPacket has not sent the probe yet. */
  probePending(slot: number): boolean {
    return (this.flags[slot] & F.ProbePending) !== 0;
  }
  /** The RTO, the PTO or the reordering timer is armed. */
  timerArmed(slot: number): boolean {
    return (this.flags[slot] & F.AnyTimer) !== 0;
  }
  /**
   * The RTO runs, or waits for the reordering timer: while that is armed the RTO is cancelled
   * (RFC 8985 §8) and deadlineNs does not show it, but this stays true, as the RTO resumes when
   * the reordering timer ends (on its own schedule, or from then if that passed meanwhile).
   */
  rtoArmed(slot: number): boolean {
    return (this.flags[slot] & F.RtoArmed) !== 0;
  }
  /**
   * The tail-loss probe timer (PTO, RFC 8985 §7.2) is armed: set after new data or an ACK of new data,
   * outside recovery, with nothing SACKed and no reordering timer; false if not open.
   */
  ptoArmed(slot: number): boolean {
    return (this.flags[slot] & F.PtoArmed) !== 0;
  }
  /** The reordering timer (RFC 8985 §6.2 step 5, RACK.reo_wnd) is armed, standing in for the RTO (§8); false if not open. */
  reorderTimerArmed(slot: number): boolean {
    return (this.flags[slot] & F.ReoArmed) !== 0;
  }
  /** The earliest armed deadline (meaningful while timerArmed): the reordering timer's alone while it is armed (§8), else the earlier of the RTO and the PTO. */
  deadlineNs(slot: number): number {
    const flags = this.flags[slot];
    // RFC 8985 §8: an armed reordering timer cancels the RTO.
    const reo = (flags & F.ReoArmed) !== 0;
    let best = reo ? (this.reoStart[slot] + this.reoLead[slot]) | 0 : (this.rtoStart[slot] + this.rtoCol[slot]) | 0;
    const have = reo || (flags & F.RtoArmed) !== 0;
    const pto = (this.ptoStart[slot] + this.ptoLead[slot]) | 0;
    if ((flags & F.PtoArmed) !== 0 && (!have || ((pto - best) | 0) < 0)) best = pto;
    return best;
  }
  /** Tail-loss probes sent since open (nextPacket returned RACK_TX_PROBE: new data, or the highest PSN again); 0 if not open. */
  probes(slot: number): number {
    return this.probeCount[slot] >>> 0;
  }
  /** Probes whose ACK showed they repaired a loss (RFC 8985 §7.4.2). */
  tlpRepairs(slot: number): number {
    return this.tlpRepairCount[slot] >>> 0;
  }
  /**
   * Retransmissions (a probe's resend of the highest PSN included) that step 5 or an RTO marked
   * lost: RFC 8985 §9.3 has the CC respond to each once more, beyond the loss's own response.
   */
  lostRetransmissions(slot: number): number {
    return this.lostRetxCount[slot] >>> 0;
  }

  // ---------------------------------------------------------------------------------------
  // RACK internals

  /** RACK_sent_after(t1, seq1, t2, seq2): t1 is later, or equal with the higher PSN. */
  private static sentAfter(t1: number, s1: number, t2: number, s2: number): boolean {
    const dt = (t1 - t2) | 0;
    return dt > 0 || (dt === 0 && psn24Diff(s1, s2) > 0);
  }

  /**
   * Marks the packet at ring index `idx` lost (out of the time-ordered list, counted); §9.3: a
   * lost retransmission is counted for the CC too. `base` = slot × words.
   */
  private readonly markLost = (slot: number, base: number, idx: number): void => {
    bitSet(this.lostBits, base, idx);
    this.lostRetxCount[slot] += +bitTest(this.resentBits, base, idx);
    this.unlist(slot, idx);
    this.lostN[slot]++;
  };

  /**
   * RACK.reo_wnd as step 5 last set it: the column, or with F.ReoStale what reoWnd() gives now
   * (ackNext says why that is the same), then stored and the bit cleared when `store`, as before
   * an input of reoWnd() changes.
   */
  private readonly keptReoWnd = (slot: number, store: boolean): number => {
    const flags = this.flags[slot];
    if ((flags & F.ReoStale) === 0) return this.reoWndCol[slot];
    const w = this.reoWnd(slot);
    if (store) {
      this.reoWndCol[slot] = w;
      this.flags[slot] = flags & ~F.ReoStale;
    }
    return w;
  };

  /** RFC 8985 §6.2 step 4 RACK_reo_wnd. */
  private readonly reoWnd = (slot: number): number => {
    const flags = this.flags[slot];
    if (this.adaptive !== 0 && (flags & F.Reordering) === 0 && ((flags & F.Recovery) !== 0 || this.sackedCol[slot] >= K.DupThresh)) return 0;
    const w = Math.floor((this.reoMult[slot] * this.minRttCol[slot]) / 4);
    const srtt = this.srttCol[slot];
    return srtt > 0 && srtt < w ? srtt : w;
  };

  /**
   * deliver(), and what the ACK keeps of the packet in `pick`: RACK.rtt's packet if it was sent
   * later than the one kept, and the RTT sample's if it was never retransmitted, sent later and
   * `measure` (not DSACKed: Karn).
   */
  private readonly deliverPick = (slot: number, now: number, psn: number, idx: number, measure: boolean): void => {
    const v = this.deliver(slot, now, psn, idx);
    if (v < 0) return;
    const ts = this.xmitTs[slot * this.bits + idx];
    const pick = this.pick;
    if (pick[Kept.RackPsn] < 0 || RackSender.sentAfter(ts, psn, pick[Kept.RackTs], pick[Kept.RackPsn])) {
      pick[Kept.RackTs] = ts;
      pick[Kept.RackPsn] = psn;
    }
    if (v > 0 && measure && (pick[Kept.Sampled] === 0 || ((ts - pick[Kept.SampleTs]) | 0) > 0)) {
      pick[Kept.SampleTs] = ts;
      pick[Kept.Sampled] = 1;
    }
  };

  /**
   * Steps 2–3 for one newly delivered packet: RACK.xmit_ts / end_seq, reordering, and removal
   * from the transmission-ordered list. Returns −1 when step 2 skips it (a retransmission
   * acknowledged faster than min_RTT), 0 for a retransmission it takes, 1 for a packet never
   * retransmitted (also an RTT sample).
   */
  private readonly deliver = (slot: number, now: number, psn: number, idx: number): number => {
    const ts = this.xmitTs[slot * this.bits + idx];
    const rtt = (now - ts) | 0;
    const base = slot * this.words;
    const resent = bitTest(this.resentBits, base, idx);
    if (resent) bitClear(this.resentBits, base, idx);
    this.unlist(slot, idx);
    if (bitTest(this.lostBits, base, idx)) {
      bitClear(this.lostBits, base, idx);
      this.lostN[slot]--;
    }
    // Step 3: delivered below RACK.fack and never retransmitted means reordering.
    const end = (psn + 1) & K.U24;
    if (psn24Diff(end, this.fack[slot]) > 0) this.fack[slot] = end;
    else if (psn24Diff(end, this.fack[slot]) < 0 && !resent) this.flags[slot] |= F.Reordering;
    // Step 2: a retransmission acknowledged faster than min_RTT is ambiguous; skip it.
    if (resent && rtt < this.minRttCol[slot]) return -1;
    this.flags[slot] = this.noteRack(slot, ts, psn, this.flags[slot]);
    // Step 1 took this packet's RTT into min_RTT already (minRttOfAck).
    return resent ? 0 : 1;
  };

  /**
   * Step 1 before step 2 (RFC 8985 §6.2): RACK.min_RTT takes this ACK's RTT measurements, the
   * packets it newly delivers that were never retransmitted (Karn), before step 2 judges a
   * retransmission the same ACK delivers against it. Per packet in PSN order, a resend delivered
   * with later originals was judged against the min_RTT before them (0 after an RTO: none), and
   * its short RTT set RACK.rtt, which then marked older packets lost (review, 2026-12-02).
   */
  private readonly minRttOfAck = (slot: number, now: number, una: number, d: number, cumPsn: number, sackPsn: number, dsack: boolean): void => {
    const base = slot * this.words;
    const row = slot * this.bits;
    let least = -1;
    const dup = dsack ? sackPsn : -1; // DSACKed: arrived twice (RFC 6298 §3, Karn), wherever it lies
    for (let i = 0; i < d; i++) {
      const psn = (una + i) & K.U24;
      const idx = psn & this.mask;
      if (psn === dup || bitTest(this.sackBits, base, idx) || bitTest(this.resentBits, base, idx)) continue;
      const rtt = (now - this.xmitTs[row + idx]) | 0;
      if (least < 0 || rtt < least) least = rtt;
    }
    // The SACKed PSN counts only past the new SND.UNA, as ackGeneral delivers it: a stale ACK
    // (cumPsn below SND.UNA) names a PSN already acknowledged, whose ring index may hold a newer
    // packet, and its send tick no RTT measurement of this ACK (step 1). Nor a DSACKed one, though
    // delivered: it arrived at least twice (RFC 6298 §3, Karn).
    if (!dsack && psn24Diff(sackPsn, d > 0 ? cumPsn : una) > 0) {
      const idx = sackPsn & this.mask;
      if (!bitTest(this.sackBits, base, idx) && !bitTest(this.resentBits, base, idx)) {
        const rtt = (now - this.xmitTs[row + idx]) | 0;
        if (least < 0 || rtt < least) least = rtt;
      }
    }
    if (least < 0) return;
    const min = this.minRttCol[slot];
    if (min === 0 || least < min) this.minRttCol[slot] = least > 0 ? least : 1;
  };

  /** Step 2: RACK.xmit_ts / end_seq when this packet was sent later. Returns `flags` with RackValid. */
  private readonly noteRack = (slot: number, ts: number, psn: number, flags: number): number => {
    if ((flags & F.RackValid) !== 0 && !RackSender.sentAfter(ts, psn, this.rackXmit[slot], this.rackEnd[slot])) return flags;
    this.rackXmit[slot] = ts;
    this.rackEnd[slot] = psn;
    return flags | F.RackValid;
  };

  /**
   * RFC 6298 §2.2–2.3 with integer ns and floor divisions; clears any backoff. The updates are
   * written as old + ⌊(new − old) / 2^k⌋, which equals ⌊((2^k − 1)·old + new) / 2^k⌋ exactly but
   * stays within int32: 7·SRTT + R' overflows it from SRTT = R' = 2^28 ns (268 ms) on.
   */
  private readonly rttSample = (slot: number, r: number): void => {
    const rtt = r > 0 ? r : 1;
    let srtt = this.srttCol[slot];
    let rttvar: number;
    if (srtt === 0) {
      srtt = rtt; // §2.2: SRTT = R
      rttvar = rtt >> 1; // RTTVAR = R/2, floored
    } else {
      const old = this.rttvar[slot];
      const dev = srtt > rtt ? srtt - rtt : rtt - srtt;
      rttvar = old + ((dev - old) >> 2); // §2.3: RTTVAR = 3/4 RTTVAR + 1/4 |SRTT − R'|, floored
      srtt += (rtt - srtt) >> 3; // SRTT = 7/8 SRTT + 1/8 R', floored
    }
    this.srttCol[slot] = srtt;
    this.rttvar[slot] = rttvar;
    const k = 4 * rttvar;
    const rto = srtt + (k > 1 ? k : 1); // RTO = SRTT + max(G, K·RTTVAR), K = 4, G = 1 ns (one tick)
    this.rtoCol[slot] = rto < this.minRto ? this.minRto : rto > this.maxRto ? this.maxRto : rto; // §2.4, §2.5
    this.flags[slot] |= F.RttSinceProbe;
  };

  /**
   * Step 5: walk the packets in flight in transmission order while they were sent before
   * RACK.xmit_ts; mark lost those whose deadline has passed, arm the reordering timer for the
   * latest of the others. Marking a loss outside recovery starts recovery (§7.1: and ends any
   * TLP episode).
   */
  private readonly detectLoss = (slot: number, now: number): void => {
    // RFC 8985 §6.2 RACK_detect_loss: "RACK.reo_wnd = RACK_update_reo_wnd()" before the walk, so
    // the window kept is the one of the flags before this walk starts recovery; §6.3 reads it.
    // The walk changes none of reoWnd()'s inputs (markLost touches only the lost bits), so
    // F.ReoStale stands for it, as in ackNext, and only entering recovery below stores it.
    let flags = this.flags[slot];
    if ((flags & F.RackValid) === 0) {
      this.flags[slot] = flags | F.ReoStale; // an ACK that delivers nothing before any delivery (rack-edges.test.ts)
      return;
    }
    const rackTs = this.rackXmit[slot];
    const rackEnd = this.rackEnd[slot];
    let wait = -1; // RACK.rtt + reo_wnd, once a packet sent before RACK.xmit_ts needs it
    const una = this.una[slot];
    const tsBase = slot * this.bits;
    let timeout = 0;
    let marked = 0;
    let idx = this.head[slot];
    while (idx !== K.NoneIdx) {
      const next = this.nextIdx[tsBase + idx];
      const ts = this.xmitTs[tsBase + idx];
      const psn = (una + ((idx - una) & this.mask)) & K.U24;
      if (!RackSender.sentAfter(rackTs, rackEnd, ts, psn)) {
        // Sent later than RACK.xmit_ts ends the walk; sent in the same tick, RACK_sent_after
        // orders by PSN, not by list order: a lower PSN resent later in that tick still counts.
        if (ts !== rackTs) break;
        idx = next;
        continue;
      }
      if (wait < 0) wait = (this.rackRttCol[slot] + this.reoWnd(slot)) | 0;
      // The packet's send is in the past: its age read unsigned (lib/core/ticks.ts).
      const remaining = wait - ((now - ts) >>> 0);
      if (remaining <= 0) {
        this.markLost(slot, slot * this.words, idx);
        marked = 1;
      } else if (remaining > timeout) {
        timeout = remaining;
      }
      idx = next;
    }
    flags = this.flags[slot] | F.ReoStale;
    if (timeout > 0) {
      flags |= F.ReoArmed;
      this.reoStart[slot] = now;
      this.reoLead[slot] = timeout;
    } else if ((flags & F.ReoArmed) !== 0) {
      flags &= ~F.ReoArmed;
      this.resumeRto(slot, now);
    }
    // Packets marked lost and not yet resent when recovery ended (sent after it began, marked
    // during it, held by the round's quota) start a new one, as Linux's tcp_time_to_recover does
    // on lost_out (audit, 2026-12-07: out of recovery, reo_wnd and the PTO read as if nothing
    // were lost).
    if ((marked | this.lostN[slot]) !== 0 && (flags & F.Recovery) === 0) {
      // Recovery changes reoWnd(): keep the window of the state before it (§6.3 reads it).
      this.reoWndCol[slot] = this.reoWnd(slot);
      // §7.1: entering recovery resets TLP, a probe that is due but not yet sent included.
      flags = (flags | F.Recovery) & ~(F.TlpActive | F.TlpRetrans | F.PtoArmed | F.ProbePending | F.ReoStale);
      this.recoveryEnd[slot] = this.nxt[slot];
    }
    this.flags[slot] = flags;
  };

  /**
   * RFC 8985 §8: the reordering timer, while armed, stood in for the RTO; when it ends the RTO
   * runs again on its own schedule, or from now if that expired meanwhile. (Linux re-arms it from
   * the oldest send and restarts it when that packet is resent, which it does at once; an RTO
   * due the moment the reordering timer marked the loss would fire before the resend.)
   */
  private readonly resumeRto = (slot: number, now: number): void => {
    if (this.rtoExpired(slot, now)) this.rtoStart[slot] = now;
  };

  private readonly rtoExpired = (slot: number, now: number): boolean => {
    return ((now - this.rtoStart[slot]) >>> 0) >= this.rtoCol[slot];
  };

  /** RFC 8985 §6.3: on RTO, SND.UNA and every packet whose RACK deadline passed are lost. */
  private readonly markLossesOnRto = (slot: number, now: number): void => {
    const una = this.una[slot];
    const n = psn24Diff(this.nxt[slot], una);
    // RACK.reo_wnd as step 5 last set it, not recomputed now: RTO recovery has not begun, and
    // fast recovery that step 5 started since does not zero it (RFC 8985 §6.3 pseudo-code).
    // Stored here, as onTimer enters recovery next, an input of reoWnd().
    const wait = (this.rackRttCol[slot] + this.keptReoWnd(slot, true)) | 0;
    const base = slot * this.words;
    const tsBase = slot * this.bits;
    for (let i = 0; i < n; i++) {
      const idx = (una + i) & this.mask;
      if (bitTest(this.sackBits, base, idx) || bitTest(this.lostBits, base, idx)) continue;
      if (i === 0 || ((now - this.xmitTs[tsBase + idx]) >>> 0) >= wait) {
        this.markLost(slot, base, idx);
      }
    }
  };

  /** Offset from una of the first lost packet, or n. */
  private readonly firstLost = (slot: number, una: number, n: number): number => {
    const base = slot * this.words;
    for (let w = 0; w < n; ) {
      const idx = (una + w) & this.mask;
      const word = this.lostBits[base + (idx >>> 5)] >>> (idx & 31);
      if (word !== 0) {
        const k = w + (31 - Math.clz32(word & -word));
        /* c8 ignore next -- guard: lost bits lie only in [una, nxt) (README) */
        return k < n ? k : n;
      }
      w += 32 - (idx & 31);
    }
    /* c8 ignore next -- guard: called only while lostN > 0, and lostN counts those bits */
    return n;
  };

  private readonly retransmitLost = (slot: number, now: number, una: number, n: number): number => {
    const k = this.firstLost(slot, una, n);
    /* c8 ignore next -- guard, as in firstLost */
    if (k >= n) return RACK_TX_NONE;
    const psn = (una + k) & K.U24;
    if (!this.writeSent(slot, psn, RACK_TX_RETRANSMIT, true)) return RACK_TX_NONE;
    const idx = psn & this.mask;
    const base = slot * this.words;
    bitClear(this.lostBits, base, idx);
    this.lostN[slot]--;
    bitSet(this.resentBits, base, idx);
    this.stamp(slot, now, idx);
    this.retx[slot]++;
    const flags = this.flags[slot];
    if ((flags & F.ResendDue) !== 0) {
      this.flags[slot] = flags & ~F.ResendDue;
      this.rtoStart[slot] = now; // RFC 6298 §5.6
    }
    return RACK_TX_RETRANSMIT; // a lost packet is unacknowledged, so the RTO runs
  };

  /** New data at `psn` (the quota is skipped for a probe). */
  private readonly sendNew = (slot: number, now: number, psn: number, probe: boolean): number => {
    if (!this.writeFromCursor(slot, psn, probe ? RACK_TX_PROBE : RACK_TX_NEW, !probe)) return RACK_TX_NONE;
    const idx = psn & this.mask;
    const base = slot * this.words;
    bitClear(this.sackBits, base, idx);
    bitClear(this.lostBits, base, idx);
    bitClear(this.resentBits, base, idx);
    this.stamp(slot, now, idx);
    const flags = this.flags[slot];
    // New data goes only while nothing is marked lost: ACKs covered the last RTO's losses, so
    // no resend of it is due, and a later loss that the CC's window holds must not wait for one.
    this.flags[slot] = (flags | F.RtoArmed) & ~F.ResendDue;
    if ((flags & F.RtoArmed) === 0) this.rtoStart[slot] = now;
    return probe ? RACK_TX_PROBE : RACK_TX_NEW;
  };

  /** RFC 8985 §7.3: new data if any (and the window allows), else the highest PSN sent again. */
  private readonly sendProbe = (slot: number, now: number): number => {
    let flags = this.flags[slot] & ~F.ProbePending;
    this.flags[slot] = flags;
    const una = this.una[slot];
    const psn = this.nxt[slot];
    /* c8 ignore next -- guard: an ACK of everything cancels a due probe (ackNext, ackGeneral) */
    if (psn === una) return RACK_TX_NONE;
    let retrans = 0;
    if (psn !== this.postPsn[slot] && psn24Diff(psn, una) < this.window) {
      this.sendNew(slot, now, psn, true);
    } else {
      const last = (psn - 1) & K.U24;
      const idx = last & this.mask;
      const base = slot * this.words;
      // Never resend what the receiver holds: stamp() would list it again and step 5 mark it lost.
      /* c8 ignore next -- guard: an ACK that leaves a packet SACKed cancels a due probe (schedulePto, ackGeneral) */
      if (bitTest(this.sackBits, base, idx)) return RACK_TX_NONE;
      this.writeSent(slot, last, RACK_TX_PROBE, false);
      /* c8 ignore next 4 -- guard: the highest PSN is marked lost only once a lower PSN sent after it, a retransmission, is delivered; those go in recovery, where no PTO is armed, and a due probe goes before any (README) */
      if (bitTest(this.lostBits, base, idx)) {
        bitClear(this.lostBits, base, idx);
        this.lostN[slot]--;
      }
      bitSet(this.resentBits, base, idx);
      this.stamp(slot, now, idx);
      this.retx[slot]++;
      retrans = F.TlpRetrans;
    }
    this.probeCount[slot]++;
    this.tlpEnd[slot] = this.nxt[slot];
    flags = (this.flags[slot] | F.TlpActive | retrans | F.RtoArmed) & ~(F.RttSinceProbe | F.PtoArmed);
    if (retrans === 0) flags &= ~F.TlpRetrans;
    this.flags[slot] = flags;
    this.rtoStart[slot] = now; // §7.3: after the probe the RTO, not the PTO, is armed
    return RACK_TX_PROBE;
  };


  /** Records a transmission: its tick, and the tail of the transmission-ordered list. */
  private readonly stamp = (slot: number, now: number, idx: number): void => {
    const tsBase = slot * this.bits;
    this.xmitTs[tsBase + idx] = now;
    this.unlist(slot, idx);
    const tail = this.tail[slot];
    this.prevIdx[tsBase + idx] = tail;
    this.nextIdx[tsBase + idx] = K.NoneIdx;
    if (tail !== K.NoneIdx) this.nextIdx[tsBase + tail] = idx;
    else this.head[slot] = idx;
    this.tail[slot] = idx;
    bitSet(this.listed, slot * this.words, idx);
  };

  private readonly unlist = (slot: number, idx: number): void => {
    const base = slot * this.words;
    if (!bitTest(this.listed, base, idx)) return;
    bitClear(this.listed, base, idx);
    const tsBase = slot * this.bits;
    const p = this.prevIdx[tsBase + idx];
    const n = this.nextIdx[tsBase + idx];
    if (p !== K.NoneIdx) this.nextIdx[tsBase + p] = n;
    else this.head[slot] = n;
    if (n !== K.NoneIdx) this.prevIdx[tsBase + n] = p;
    else this.tail[slot] = p;
  };

  /**
   * RFC 8985 §7.2: arm the PTO unless in recovery or something is SACKed; PTO = 2·SRTT
   * (+ max_ack_delay with one packet in flight), initialPtoNs before any RTT sample, and never
   * later than the RTO. Also while a probe is in flight (§7.2 makes no exception): its expiry
   * then sends nothing but re-arms the RTO from that moment (§7.3), which pushes the RTO back.
   * Not while the reordering timer is armed: §8 has the sender cancel other timers when arming
   * either, and Linux lets the reordering timer win (tcp_rack_mark_lost clears
   * FLAG_SET_XMIT_TIMER, so tcp_ack arms no PTO after it).
   */
  private readonly schedulePto = (slot: number, now: number): void => {
    const flags = this.flags[slot];
    if ((flags & (F.Recovery | F.ReoArmed)) !== 0 || this.sackedCol[slot] !== 0) {
      // Not restarted: nor is an earlier PTO left to fire with something SACKed (the one
      // timer of RFC 8985 §7.2 becomes the RTO again), whether the ACK advanced SND.UNA or not;
      // nor a probe that expired before this ACK and waits for nextPacket. RFC 8985 sends it in
      // the timer's own handler, before any later ACK; sent after this one it would resend a
      // SACKed packet (§6.2 step 5 then marks it lost, though the receiver holds it), open a
      // TLP episode in recovery (§7.1) or go beside the reordering timer (§8).
      this.flags[slot] = flags & ~(F.PtoArmed | F.ProbePending);
      return;
    }
    const srtt = this.srttCol[slot];
    let pto = srtt > 0 ? 2 * srtt : this.initialPto;
    if (srtt > 0 && psn24Diff(this.nxt[slot], this.una[slot]) === 1) pto += this.maxAckDelay;
    // The callers arm the RTO first, so the PTO is at most the RTO (≤ maxRtoNs ≤ 2^30 ns).
    if ((flags & F.RtoArmed) !== 0) {
      const age = (now - this.rtoStart[slot]) >>> 0;
      const rtoLeft = age < this.rtoCol[slot] ? this.rtoCol[slot] - age : 0;
      if (pto > rtoLeft) pto = rtoLeft;
    }
    this.ptoStart[slot] = now;
    this.ptoLead[slot] = pto;
    this.flags[slot] = flags | F.PtoArmed;
  };
}

export class RackReceiver extends BitmapReceiver {
  static readonly bytesPerFlow = flowBytes(receiverLayout(windowBits(RACK_RECEIVER_DEFAULTS.windowPackets) >>> 5));
  /** Written with every ACK: cumulative ePSN, the PSN that arrived, DSACK, completions, MSN. */
  static readonly outFields = ["cumPsn", "sackPsn", "dsack", "completed", "msn"] as const;

  readonly params: Readonly<RackReceiverParams>;

  constructor(params: Partial<RackReceiverParams> = {}, capacity = 1) {
    const p = resolveParams("RackReceiver", RACK_RECEIVER_DEFAULTS, params, { windowPackets: rule.int(1, 1 << 20) });
    super("RackReceiver", capacity, p.windowPackets, 3); // cumPsn, sackPsn, dsack, completed, msn
    this.params = Object.freeze(p);
  }

  /**
   * A data packet (`last`: it ends its message): placed unless already received (then the ACK
   * carries a DSACK), and acknowledged either way. Beyond the window: E_STATE (dropped).
   */
  onData(slot: number, nowNs: number, psn: number, last: boolean): number {
    if (!(this.live[slot] === 1 && isPsn24(psn) && nowNs - nowNs === 0)) return this.reject(slot);
    const r = this.receive(slot, psn, last, RACK_RX_PLACE | RACK_RX_ACK);
    if (r >= 0) this.out[2] = (r & RACK_RX_DUPLICATE) !== 0 ? 1 : 0;
    return r;
  }
}
