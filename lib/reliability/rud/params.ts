// RUD parameters (UEC 1.0 §3.5 PDS, reliable unordered delivery), with the defaults of the UEC
// reference simulator uet-htsim at 100 Gb/s (notes/uec-htsim-reference.md §1–2, §4, §6).

import { isIntIn } from "../../core/fixed";
import { resolveParams, rule } from "../../core/params";
import { isPowerOfTwo } from "../../core/ring";

export interface RudParams {
  /** Largest packet on the wire, header included (uet-htsim 4150 B). */
  mtuBytes: number;
  /**
   * Header bytes of a data packet (uet-htsim 64 B); payload per packet = mtuBytes − headerBytes.
   * Default min(64, mtuBytes − 1), so that an MTU given alone leaves at least one payload byte.
   */
  headerBytes: number;
  /**
   * PSNs a sender may have beyond the cumulative ACK, and the size of the receiver's
   * out-of-order bitmap (a power of two; uet-htsim uecMaxInFlightPkts is 2^14). New data past
   * cumulative ACK + window waits, so the receiver's bitmap always suffices.
   */
  windowPackets: number;
  /** Messages a flow may have posted and not yet acknowledged (the send queue depth; a power of two). */
  maxMessages: number;
  /**
   * Retransmission timeout from a packet's send time (the one timer is the oldest outstanding
   * packet's, or with rtoBackoff the first backed-off deadline). uet-htsim's
   * minimum RTO: 15 µs + 6 hops × (1-BDP buffer 178,450 B × 8 / 100 Gb/s) = 100,656 ns (§2).
   */
  rtoNs: number;
  /**
   * UEC §3.5: RTO_TIMER = rtoNs × 2^retry_count, retry_count being the RTOs the packet already
   * had (at most 7), up to 2^30 ns (the tick range; the spec's ceiling is 8 s). uet-htsim has no
   * backoff: off by default.
   */
  rtoBackoff: boolean;
  /**
   * UEC §3.5 Max_RTO_Retx_Cnt: a packet's RTO past this many makes onTimer give up with
   * E_OVERFLOW, the PDC in error, with or without rtoBackoff; 1–7, 0: never (uet-htsim).
   */
  maxRtoRetries: number;
  /** Receiver: bytes accepted before a coalesced ACK (uet-htsim -sack_threshold 16,384; 0: every packet). */
  ackEveryBytes: number;
}

export type RudParamsInput = Partial<RudParams>;

/** uet-htsim's minimum RTO at 100 Gb/s with trimming (notes/uec-htsim-reference.md §2). */
export const RUD_HTSIM_RTO_NS = 100_656;

export const RUD_DEFAULTS: Readonly<RudParams> = Object.freeze({
  mtuBytes: 4150,
  headerBytes: 64,
  windowPackets: 1024,
  maxMessages: 8,
  rtoNs: RUD_HTSIM_RTO_NS,
  rtoBackoff: false,
  maxRtoRetries: 0,
  ackEveryBytes: 16_384,
});
export const RUD_PARAM_NAMES: readonly string[] = Object.freeze(Object.keys(RUD_DEFAULTS));

/**
 * Shared by RudSender and RudReceiver. RUD_DEFAULTS are the defaults at the default MTU; the
 * header default follows a given MTU (DESIGN.md rules 6/7: an mtuBytes in [2, 65535] given alone
 * is never refused): min(64, mtuBytes − 1). A bad mtuBytes is left to its own rule (checked first).
 * @throws RangeError for an unknown parameter or a value out of range.
 */
export function resolveRudParams(input: RudParamsInput = {}): RudParams {
  const mtu = input.mtuBytes ?? RUD_DEFAULTS.mtuBytes;
  const defaults: RudParams = { ...RUD_DEFAULTS, headerBytes: Math.min(RUD_DEFAULTS.headerBytes, mtu - 1) };
  return resolveParams("Rud", defaults, input, (p) => ({
    mtuBytes: rule.int(2, 65535),
    headerBytes: rule.int(1, p.mtuBytes - 1),
    windowPackets: rule.must(isIntIn(p.windowPackets, 64, 32768) && isPowerOfTwo(p.windowPackets), "a power of two in [64, 32768]"),
    maxMessages: rule.must(isIntIn(p.maxMessages, 1, 65536) && isPowerOfTwo(p.maxMessages), "a power of two in [1, 65536]"),
    rtoNs: rule.int(1, 2 ** 30),
    rtoBackoff: rule.bool,
    maxRtoRetries: rule.int(0, 7),
    ackEveryBytes: rule.int(0, 2 ** 30),
  }));
}
