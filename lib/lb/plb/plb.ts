// PLB: Protective Load Balancing (Qureshi et al., SIGCOMM'22; Spritz ref. [73]): a flow keeps one
// EV and moves to a new random one after N consecutive congested rounds.
//
// A round lasts roundNs (one RTT). Each feedback is one delivered packet; ECN and NACK count it as
// congested (the paper's CE fraction; a trim is the stronger congestion signal). When feedback
// arrives at or after the round's end, the round is judged — congested when congested/delivered ≥
// congestionThreshold (§3 "ce_ratio ≥ K") — and a new round starts. After rehashRounds congested
// rounds in a row the flow re-paths (§3; N in Linux ip-sysctl.rst tcp_plb_rehash_rounds). A flow
// with nothing in flight re-paths after only idleRehashRounds congested rounds (M in ip-sysctl.rst
// tcp_plb_idle_rehash_rounds; Linux tcp_plb_check_rehash tests !packets_out, since re-pathing a
// flow with nothing in flight cannot reorder it): the table counts packets in flight itself. A TIMEOUT
// re-paths at once (as TCP's RTO rehash) and, with suspendAfterTimeoutNs > 0, pauses congestion
// and idle re-paths that long, or with suspendJitter (Linux) for a time drawn uniformly from
// [suspend, 2 × suspend): tcp_plb_update_state_upon_rto adds get_random_u32_below(pause) to the
// sysctl's pause so that flows cut by one failure do not all re-path together when their pauses
// end (tcp_plb_suspend_rto_sec: "a random duration between 1x and 2x of this parameter").
//
// Profiles: "linux" — the Linux PLB defaults (cong_thresh 128/256 = 0.5, rehash_rounds 12,
// idle_rehash_rounds 3), but no pause after a timeout: Linux's tcp_plb_suspend_rto_sec defaults
// to 60 s, beyond suspendAfterTimeoutNs's 2^30 ns (32-bit ns ticks); "reps-artifact" — the
// aggressive PLB of the REPS artifact (REPS_EuroSys_Artifact htsim/sim/uec.cpp processEv_plb /
// nextEntropy_plb: a round is congested when congested > plb_k × delivered, and plb_k, an int,
// is 0; re-path after 2 congested rounds, no idle rule).
// The threshold is kept as a Q8 fraction (Linux's 1/256 steps).
//
// A round is a fixed roundNs, not Linux DCTCP's round (dctcp_update_alpha: it ends when snd_una
// passes the snd_nxt of the round's start, an RTT with its queueing); the REPS artifact's round is
// fixed too (plb_last_rtt = now + _base_rtt). README "Rounds" says what the fixed round costs.

import { E_STATE } from "../../core/errors";
import { I32 } from "../../core/limits";
import { profileParam, resolveParams, rule } from "../../core/params";
import { Xoshiro128 } from "../../core/rng";
import { FlowTable, type HandlerSignatures, flowBytes } from "../../core/table";
import { tickDeadlineCame } from "../../core/ticks";
import { Feedback } from "../feedback";

/** Per-flow state: 2 + 4 + 4 + 4 + 1 + 4 + 4 + 1 = 24 B + the open flag = 25 B (bytesPerFlow). */
const LAYOUT = {
  ev: "u16",
  roundEnd: "i32", // tick
  delivered: "i32", // packets fed back in this round (saturating at 2^31 − 1)
  congested: "i32", // of which ECN or NACK (saturating)
  rounds: "u8", // consecutive congested rounds, at most rehashRounds (≤ 255)
  inFlight: "i32", // packets sent and not yet fed back, Linux's packets_out (saturating)
  pauseUntil: "i32", // tick: no congestion re-path before it
  flags: "u8", // F bits
} as const;

const enum F {
  Started = 1, // roundEnd holds a real tick
  Paused = 2, // pauseUntil is in force
}

const enum R {
  RoundEnd = 1,
  Congested = 2,
  Repath = 4,
}

/** onPathFeedback result bits. */
/** a round was judged */
export const PLB_ROUND_END: number = R.RoundEnd;
/** … and it was congested */
export const PLB_CONGESTED_ROUND: number = R.Congested;
/** the flow moved to a new EV */
export const PLB_REPATH: number = R.Repath;

export type PlbProfile = "linux" | "reps-artifact";

export interface PlbParams {
  /**
   * Which defaults the round rules take (head of plb.ts): `linux` (default; Linux PLB: threshold
   * 0.5 with ≥, 12 rounds, 3 when idle) or `reps-artifact` (REPS artifact uec.cpp processEv_plb:
   * congested from one congested packet, 2 rounds, no idle rule). A given parameter overrides its
   * profile's value.
   */
  profile: PlbProfile;
  /**
   * Fraction of congested packets that makes a round congested (Linux 0.5), taken in Linux's Q8
   * steps rounded up, ⌈256 × K⌉ / 256 (0.3 acts as 77/256). 0 is allowed: with ≥
   * every round is congested (ip-sysctl.rst tcp_plb_cong_thresh: "repaths every RTT regardless of
   * congestion"); with congestedAbove a round is congested from its first congested packet.
   * A number in [0, 1].
   */
  congestionThreshold: number;
  /** A round is congested only above the threshold (the REPS artifact's `>`), not at it (Linux's `≥`). */
  congestedAbove: boolean;
  /** Congested rounds in a row before a re-path (Linux 12), an integer in [1, 255]. */
  rehashRounds: number;
  /**
   * The same for a flow with no packet in flight (Linux 3; 0 disables the rule), an integer in
   * [0, 255]; above rehashRounds it acts as rehashRounds (the count stops there).
   */
  idleRehashRounds: number;
  /**
   * Round length, one RTT. Default 14 µs: about the base RTT of a 3-tier fat tree at 100 Gb/s
   * (uet-htsim network_rtt 14.02272 µs, notes/uec-htsim-reference.md "Network RTT"), rounded
   * down to whole µs, a choice of this library (as REPS's baseRttNs); set it to your own RTT.
   * An integer in [1, 2^30].
   */
  roundNs: number;
  /** Re-path on TIMEOUT. */
  repathOnTimeout: boolean;
  /**
   * After a timeout, no congestion or idle re-path for this long (0: no pause, the default of both
   * profiles). Linux's tcp_plb_suspend_rto_sec defaults to 60 s, beyond this parameter's
   * 2^30 ns (32-bit ns ticks), so the linux profile does not pause.
   */
  suspendAfterTimeoutNs: number;
  /** Draw each pause from [suspendAfterTimeoutNs, 2 × suspendAfterTimeoutNs), as Linux does; false: exactly suspendAfterTimeoutNs. */
  suspendJitter: boolean;
  /**
   * EVs are drawn uniformly from 0 … evCount − 1, an integer in [2, 65536] (a re-path needs an EV
   * other than the current one). Default 65536, the 16-bit EV space.
   */
  evCount: number;
  /**
   * Seed of the table's xoshiro128** generator (lib/core/rng.ts: seed | 0 through splitmix32, so
   * any integer, taken modulo 2^32): the EV a flow opens on, each re-path's new EV and, with
   * suspendJitter, each pause. Default 1.
   */
  seed: number;
}

const PROFILES: { readonly [P in PlbProfile]: Pick<PlbParams, "congestionThreshold" | "congestedAbove" | "rehashRounds" | "idleRehashRounds"> } = {
  linux: { congestionThreshold: 0.5, congestedAbove: false, rehashRounds: 12, idleRehashRounds: 3 },
  // The artifact's processEv_plb assigns plb_k = 0.25, but uec.h declares `int plb_k = 0;`: the
  // double converts to int by truncation (C++ [conv.fpint]), so plb_k is 0 and its test
  // `plb_congested > plb_k * plb_delivered` is congested > 0. nextEntropy_plb re-paths once
  // plb_congested_rounds > plb_n = 1, i.e. after 2 congested rounds.
  "reps-artifact": {
    congestionThreshold: 0, congestedAbove: true, rehashRounds: 2, idleRehashRounds: 0,
  },
};

export class Plb extends FlowTable<typeof LAYOUT> {
  static readonly bytesPerFlow = flowBytes(LAYOUT);
  static readonly api: HandlerSignatures = {
    open: ["slot"],
    close: ["slot"],
    choosePath: ["slot", "nowNs", "psn"],
    onPathFeedback: ["slot", "nowNs", "ev", "kind"],
  };

  readonly params: Readonly<PlbParams>;
  private readonly evs = this.col.ev;
  private readonly roundEnd = this.col.roundEnd;
  private readonly delivered = this.col.delivered;
  private readonly congested = this.col.congested;
  private readonly rounds = this.col.rounds;
  private readonly inFlight = this.col.inFlight;
  private readonly pauseUntil = this.col.pauseUntil;
  private readonly flags = this.col.flags;
  private readonly rng: Xoshiro128;
  private readonly thresholdQ8: number;
  /** 1 with congestedAbove: c × 256 ≥ T × d + 1 is c × 256 > T × d for integers. */
  private readonly above: number;
  private readonly rehashRounds: number;
  /**
   * The count at which a send with nothing in flight re-paths: idleRehashRounds (0: off), and at
   * most rehashRounds. Linux tcp_plb_check_rehash, run at CA_EVENT_TX_START, tests forced_rehash
   * (consec_cong_rounds ≥ rehash_rounds) beside idle_rehash: a re-path the pause held leaves the
   * count at rehashRounds, and the first send after the pause's end takes it whatever M is
   * (audit, 2026-12-07: with M off or M > N it was lost at the next clean round).
   */
  private readonly idleRounds: number;
  private readonly roundNs: number;
  private readonly repathOnTimeout: number;
  private readonly suspendNs: number;
  private readonly jitter: number;
  /** The furthest ahead a pause's end is ever set: the deadline reading of lib/core/ticks.ts. */
  private readonly pauseLeadNs: number;
  private readonly evCount: number;
  /**
   * What the table decided since construction, all flows (choosePath returns only the EV, and the
   * fabric reads these when the run reports): rounds judged (PLB_ROUND_END) and of those judged
   * congested (PLB_CONGESTED_ROUND, §3 ce_ratio ≥ K); re-paths by cause, one per EV change: N
   * congested rounds in a row (§3, PLB_REPATH from onPathFeedback), the idle rule after M rounds
   * (choosePath) and a TIMEOUT (the RTO rehash); and re-paths the pause after a timeout held
   * back (a judged round with the count at N, or an idle send with the count at M, while paused),
   * once per such round or send.
   */
  roundsEnded = 0;
  roundsCongested = 0;
  repathsCongested = 0;
  repathsIdle = 0;
  repathsTimeout = 0;
  repathsHeld = 0;

  /** @throws RangeError for an unknown parameter or profile, or a value out of range. */
  constructor(params: Partial<PlbParams> = {}, capacity = 1) {
    super(LAYOUT, capacity);
    const profile = profileParam("Plb", params.profile, Object.keys(PROFILES) as PlbProfile[], "linux");
    const defaults: PlbParams = {
      profile,
      ...PROFILES[profile],
      roundNs: 14_000,
      repathOnTimeout: true,
      suspendAfterTimeoutNs: 0,
      suspendJitter: true,
      evCount: 65536,
      seed: 1,
    };
    const p = resolveParams("Plb", defaults, params, {
      congestionThreshold: rule.num(0, 1),
      congestedAbove: rule.bool,
      rehashRounds: rule.int(1, 255),
      idleRehashRounds: rule.int(0, 255),
      roundNs: rule.int(1, 2 ** 30),
      repathOnTimeout: rule.bool,
      suspendAfterTimeoutNs: rule.int(0, 2 ** 30),
      suspendJitter: rule.bool,
      evCount: rule.int(2, 65536),
      seed: rule.int(),
    });
    this.params = Object.freeze(p);
    this.rng = new Xoshiro128(p.seed);
    // Q8 threshold, rounded up so that "≥ threshold" never accepts less than the real fraction. K
    // is thus taken as ⌈256K⌉/256: for a K that is not a multiple of 1/256, ≥ rejects fractions
    // in [K, ⌈256K⌉/256) and congestedAbove rejects those in (K, ⌈256K⌉/256].
    this.thresholdQ8 = Math.ceil(p.congestionThreshold * 256);
    this.above = p.congestedAbove ? 1 : 0;
    this.rehashRounds = p.rehashRounds;
    this.idleRounds = p.idleRehashRounds === 0 || p.idleRehashRounds > p.rehashRounds ? p.rehashRounds : p.idleRehashRounds;
    this.roundNs = p.roundNs;
    this.repathOnTimeout = p.repathOnTimeout ? 1 : 0;
    this.suspendNs = p.suspendAfterTimeoutNs;
    this.jitter = p.suspendJitter ? 1 : 0;
    // At most 2^31 − 1 with the 2^30 cap: below 2^31, as tickDeadlineCame needs.
    this.pauseLeadNs = this.jitter !== 0 && this.suspendNs > 0 ? 2 * this.suspendNs - 1 : this.suspendNs;
    this.evCount = p.evCount;
  }

  /** Opens a flow on a random EV. */
  open(slot: number): void {
    this.openSlot(slot);
    this.evs[slot] = this.rng.nextBelow(this.evCount);
  }

  /**
   * The flow's current EV. A flow with no packet in flight re-paths here after idleRehashRounds
   * congested rounds, unless paused after a timeout. The packet then counts as in flight.
   */
  choosePath(slot: number, nowNs: number, psn: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const out = this.inFlight[slot];
    // Linux tcp_plb_check_rehash: idle_rehash = idle_rehash_rounds && !packets_out &&
    // consec_cong_rounds >= idle_rehash_rounds, or forced_rehash (idleRounds above); tcp_dctcp.c
    // runs it at CA_EVENT_TX_START, a send with nothing in flight, before the packet leaves. It runs at a round's end too, but a flow
    // with nothing in flight sends nothing until its next send: re-pathing there or here gives
    // that packet the same fresh EV.
    if (out === 0 && this.rounds[slot] >= this.idleRounds) this.idle(slot, nowNs | 0);
    if (out !== I32.Max) this.inFlight[slot] = out + 1;
    return this.evs[slot];
  }

  /** One delivered (or lost) packet. Returns PLB_* bits. */
  onPathFeedback(slot: number, nowNs: number, ev: number, kind: number): number {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 0xffff) === ev)) {
      return this.reject(slot);
    }
    if (ev >= this.evCount) return this.fail(E_STATE);
    const now = nowNs | 0;
    // Every feedback answers one packet sent, a TIMEOUT too: UEC RUD times packets out one by one,
    // and zeroing the count at each had the idle rule re-path with up to 60 still in flight
    // (review rev-d6: 26 of 26 idle re-paths in a lossy permutation). A transport with one timer
    // per flow reports one TIMEOUT for all it gives up on; the count then stays high, and the idle
    // rule waits (it never reorders, as Linux's packets_out, which an RTO does not clear).
    // Floored at 0: a feedback may answer a packet no longer counted (sent before the slot
    // reopened, or timed out and then acknowledged after all).
    const out = this.inFlight[slot];
    if (out !== 0) this.inFlight[slot] = out - 1;
    if (kind === Feedback.Timeout) return this.onTimeout(slot, now);
    // 32-bit counts: a round may be up to 2^30 ns, and at 16 bits a round of more than 65,535
    // packets saturated `delivered` while `congested` kept counting, so clean rounds read congested.
    const d = this.delivered[slot];
    if (d !== I32.Max) this.delivered[slot] = d + 1;
    if (kind !== Feedback.Good) {
      const c = this.congested[slot];
      if (c !== I32.Max) this.congested[slot] = c + 1;
    }
    const fl = this.flags[slot];
    // The first feedback opens the first round. The REPS artifact starts with plb_last_rtt = 0,
    // so its first feedback closes a round of that one packet (processEv_plb).
    if ((fl & F.Started) === 0) {
      this.flags[slot] = fl | F.Started;
      this.roundEnd[slot] = (now + this.roundNs) | 0;
      return 0;
    }
    // The round's end is set roundNs ahead, so one that reads further ahead has passed, even
    // 2^31 ns or more ago (lib/core/ticks.ts): a flow back from a long idle gap ends its round.
    // A feedback at the round's end ends it; the REPS artifact's processEv_plb needs
    // now > plb_last_rtt.
    if (!tickDeadlineCame(this.roundEnd[slot], now, this.roundNs)) return 0;
    return this.endRound(slot, now);
  }

  // Readers

  /** Reader: the flow's current EV, the one choosePath returns until a re-path; −1 for a slot that is not open. */
  ev(slot: number): number {
    return this.isOpen(slot) ? this.evs[slot] : -1;
  }

  /** Reader: congested rounds in a row (0 … rehashRounds), 0 again after a clean round or a re-path; −1 for a slot that is not open. */
  congestedRounds(slot: number): number {
    return this.isOpen(slot) ? this.rounds[slot] : -1;
  }

  /** Reader: packets sent (choosePath) and not yet fed back (GOOD, ECN, NACK or TIMEOUT; never below 0); −1 for a slot that is not open. */
  packetsInFlight(slot: number): number {
    return this.isOpen(slot) ? this.inFlight[slot] : -1;
  }

  // Rare steps

  /** The idle rule is met: re-path, unless a pause holds (Linux tcp_plb_check_rehash holds the idle rehash too). */
  private idle(slot: number, now: number): void {
    if (this.paused(slot, now)) this.repathsHeld++;
    else {
      this.repath(slot);
      this.repathsIdle++;
    }
  }

  /**
   * Whether the pause after a timeout holds at `now`; a pause whose end has come is lifted here,
   * by the idle rule as by a judged round. Linux tcp_plb_check_rehash, which both the forced and
   * the idle rehash pass through, clears pause_until once its end has come ("no recent RTO event
   * that constrains PLB rehashing"). A 32-bit end is read only against its lead (pauseLeadNs,
   * lib/core/ticks.ts): left armed, it reads as ahead again 2^32 ns after it was set, and holds
   * re-paths once more until it comes round. Found in review: the idle rule read the end without
   * lifting the pause, so a pause that only an idle send had found over held again about 4.29 s on.
   */
  private paused(slot: number, now: number): boolean {
    const fl = this.flags[slot];
    if ((fl & F.Paused) === 0) return false;
    if (!tickDeadlineCame(this.pauseUntil[slot], now, this.pauseLeadNs)) return true;
    this.flags[slot] = fl & ~F.Paused;
    return false;
  }

  /** §3: judge the round (congested when congested × 256 ≥ threshold_Q8 × delivered, or > with congestedAbove), start the next. */
  private endRound(slot: number, now: number): number {
    const delivered = this.delivered[slot];
    const congested = this.congested[slot];
    this.delivered[slot] = 0;
    this.congested[slot] = 0;
    this.roundEnd[slot] = (now + this.roundNs) | 0;
    let r: number = R.RoundEnd;
    this.roundsEnded++;
    if (congested * 256 >= this.thresholdQ8 * delivered + this.above) {
      r |= R.Congested;
      this.roundsCongested++;
      // Linux tcp_plb_update_state counts only while below rehash_rounds.
      const n = this.rounds[slot];
      if (n < this.rehashRounds) this.rounds[slot] = n + 1;
    } else {
      this.rounds[slot] = 0;
    }
    if (this.paused(slot, now)) {
      if (this.rounds[slot] >= this.rehashRounds) this.repathsHeld++;
      return r;
    }
    if (this.rounds[slot] >= this.rehashRounds) {
      this.repath(slot);
      this.repathsCongested++;
      r |= R.Repath;
    }
    return r;
  }

  private onTimeout(slot: number, now: number): number {
    if (this.repathOnTimeout === 0) return 0;
    this.repath(slot);
    this.repathsTimeout++;
    if (this.suspendNs > 0) this.suspend(slot, now);
    return R.Repath;
  }

  /**
   * No congestion re-path for S, or with suspendJitter for S + a draw below S (Linux
   * tcp_plb_update_state_upon_rto). Out of line: onTimeout is inlined into onPathFeedback, whose
   * tree stays within V8's inlining budget without it (lb/plb onPathFeedback 97 → 91 instructions).
   */
  private suspend(slot: number, now: number): void {
    const pauseNs = this.jitter !== 0 ? this.suspendNs + this.rng.nextBelow(this.suspendNs) : this.suspendNs;
    this.pauseUntil[slot] = (now + pauseNs) | 0;
    this.flags[slot] |= F.Paused;
  }

  /**
   * A new random EV, different from the current one; the congested-round count starts over. The
   * REPS artifact draws rand() % _no_of_paths, which keeps the path with probability 1/paths, and
   * Linux sk_rethink_txhash an unconstrained random hash.
   */
  private repath(slot: number): void {
    const old = this.evs[slot];
    const fresh = this.rng.nextBelow(this.evCount - 1);
    this.evs[slot] = fresh >= old ? fresh + 1 : fresh;
    this.rounds[slot] = 0;
  }
}
