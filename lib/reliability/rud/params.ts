// RUD parameters (UEC 1.0 §3.5 PDS, reliable unordered delivery), with the defaults of the UEC
// reference simulator uet-htsim at 100 Gb/s (notes/uec-htsim-reference.md §1–2, §4, §6).

export interface RudParams {
  /** Largest packet on the wire, header included (uet-htsim 4150 B). */
  mtuBytes: number;
  /** Header bytes of a data packet (uet-htsim 64 B); payload per packet = mtuBytes − headerBytes. */
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
   * Retransmission timeout from the send time of the oldest outstanding packet. uet-htsim's
   * minimum RTO: 15 µs + 6 hops × (1-BDP buffer 178,450 B × 8 / 100 Gb/s) = 100,656 ns (§2).
   */
  rtoNs: number;
  /** Receiver: bytes accepted before a coalesced ACK (uet-htsim -sack_threshold 16,384; 0: every packet). */
  ackEveryBytes: number;
}

export type RudParamsInput = Partial<RudParams>;

const NAMES: readonly (keyof RudParams)[] = ["mtuBytes", "headerBytes", "windowPackets", "maxMessages", "rtoNs", "ackEveryBytes"];
export const RUD_PARAM_NAMES: readonly string[] = NAMES;

/** uet-htsim's minimum RTO at 100 Gb/s with trimming (notes/uec-htsim-reference.md §2). */
export const RUD_HTSIM_RTO_NS = 100_656;

function intIn(x: unknown, lo: number, hi: number): boolean {
  return typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
}

/** @throws RangeError for an unknown parameter or a value out of range. */
export function resolveRudParams(input: RudParamsInput = {}): RudParams {
  for (const k of Object.keys(input)) {
    if (NAMES.indexOf(k as keyof RudParams) < 0) throw new RangeError(`Rud: unknown parameter ${k}`);
  }
  const p: RudParams = {
    mtuBytes: input.mtuBytes ?? 4150,
    headerBytes: input.headerBytes ?? 64,
    windowPackets: input.windowPackets ?? 1024,
    maxMessages: input.maxMessages ?? 8,
    rtoNs: input.rtoNs ?? RUD_HTSIM_RTO_NS,
    ackEveryBytes: input.ackEveryBytes ?? 16_384,
  };
  if (!intIn(p.mtuBytes, 2, 65535)) throw new RangeError("Rud: mtuBytes must be an integer in [2, 65535]");
  if (!intIn(p.headerBytes, 1, p.mtuBytes - 1)) throw new RangeError("Rud: headerBytes must be an integer in [1, mtuBytes − 1]");
  const w = p.windowPackets;
  if (!(intIn(w, 64, 32768) && (w & (w - 1)) === 0)) throw new RangeError("Rud: windowPackets must be a power of two in [64, 32768]");
  const m = p.maxMessages;
  if (!(intIn(m, 1, 65536) && (m & (m - 1)) === 0)) throw new RangeError("Rud: maxMessages must be a power of two in [1, 65536]");
  if (!intIn(p.rtoNs, 1, 2 ** 30)) throw new RangeError("Rud: rtoNs must be an integer in [1, 2^30]");
  if (!intIn(p.ackEveryBytes, 0, 2 ** 30)) throw new RangeError("Rud: ackEveryBytes must be an integer in [0, 2^30]");
  return p;
}
