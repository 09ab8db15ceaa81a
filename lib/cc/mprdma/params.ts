// MP-RDMA-style per-packet ECN window control: the paper's rule and the SMaRTT authors' htsim
// variant (DESIGN.md rule 6).
//
// Sources (notes/baselines.md §4.2):
//   paper — MP-RDMA (Lu et al., NSDI 2018) per-ACK control: cwnd += 1/cwnd packets on an
//           unmarked ACK, cwnd −= 1/2 packet on a marked one, never below one packet
//           (DCP-Simulation `mprdma` branch rdma-hw.cc uses the same −0.5 / +1/cwnd).
//   htsim — tommasobo/sc24-phantomCC sim/mprdma.cpp mode "mprdma", the MPRDMA of the SMaRTT/NSCC
//           paper's §IV comparison: −0.15 MSS per marked ACK, +MSS²/cwnd (integer division)
//           otherwise, window in [1 MSS, BDP] and starting at the BDP; a NACK leaves the window
//           unchanged (processNack).
// Timeouts and late ACKs (DCP-Simulation `mprdma` branch rdma-hw.cc, the code §4.2 cites):
//   paper — SenderTimeout sets m_win = m_initialWin (resetOnTimeout: here min(cwnd, initCwnd)
//           once per timeout episode, mprdma.ts header); MpRDMARecvAckLogic takes
//           one packet off, m_win = max(1, m_win − 1), for an ACK at least Δ = 32 below the
//           highest ACKed sequence (outOfOrderDecreaseMss 1; the caller runs the Δ test).
//   htsim — neither (false, 0): MprdmaSrc::retransmit_packet's `_cwnd = _mss` is reached only
//           while _rtx_timeout_pending, which only mark_received sets, and only with
//           _enableDistanceBasedRtx, false in the stored code; mprdma.cpp has no Δ filter.
// Our choices where the sources are silent: `paper` treats a NACK (trim or loss) like a marked
// ACK — switches that trim CE-mark the header (DCP, csg-htsim) — and starts at, and is capped
// by, the same BDP as `htsim`.
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

import { checkParamNames, profileParam, resolveParams, rule } from "../../core/params";
import { bdpBytes } from "../../core/units";

export type MprdmaProfile = "paper" | "htsim";

export interface MprdmaParams {
  /**
   * Which source's defaults the others take (head of params.ts): `paper` (default: MP-RDMA's −1/2
   * packet per mark and exact +1/cwnd, timeouts and late ACKs as DCP-Simulation) or `htsim`
   * (sc24-phantomCC mprdma.cpp: −0.15 MSS, integer division, no NACK, timeout or late-ACK cut).
   */
  profile: MprdmaProfile;
  /**
   * MSS, bytes, an integer in [64, 65535]: the packet of MP-RDMA's per-packet rules: an ACK of
   * `acked` bytes adds MSS × acked / cwnd, a late ACK takes outOfOrderDecreaseMss × MSS; the
   * default of minCwndBytes. Default 4096.
   */
  mssBytes: number;
  /** Line rate, Gb/s, in [0.001, 100000], only for maxCwndBytes' default (the BDP). Default 100. */
  linkGbps: number;
  /** Base RTT, ns, in [1, 2^30], only for maxCwndBytes' default (the BDP). Default 12,000 (12 µs). */
  baseRttNs: number;
  /** Window decrease per marked ACK of one MSS, in MSS (paper 0.5, htsim 0.15), used to the nearest 10^-6. */
  decreaseMss: number;
  /** Window decrease per NACKed MSS, in MSS (paper: as a mark; htsim: 0), used to the nearest 10^-6. */
  nackDecreaseMss: number;
  /** linkGbps × baseRttNs / 8 unless given, clamped into [minCwndBytes, 2^30]. */
  maxCwndBytes: number;
  /**
   * Window floor, bytes, an integer in [1, 2^30]: no decrease takes cwnd below it ("never below
   * one packet", head of params.ts). Default mssBytes.
   */
  minCwndBytes: number;
  /**
   * Window of a new flow, bytes, an integer in [minCwndBytes, maxCwndBytes], and where a timeout
   * with resetOnTimeout lowers it to (DCP-Simulation m_initialWin). Default maxCwndBytes: both
   * profiles start at the BDP (htsim mprdma.cpp; `paper` by our choice, head of params.ts).
   */
  initCwndBytes: number;
  /** Carry the remainder of MSS × acked / cwnd to the next ACK (paper: exact 1/cwnd; htsim: integer division). */
  carryRemainder: boolean;
  /** A timeout episode's first timeout sets the window to min(cwnd, initCwndBytes) (paper: DCP-Simulation SenderTimeout, never raising it; htsim no). */
  resetOnTimeout: boolean;
  /** Window decrease per late ACK (onOutOfOrder) in MSS (paper 1, htsim 0), nearest 10^-6. */
  outOfOrderDecreaseMss: number;
}

export type MprdmaParamsInput = Partial<MprdmaParams>;

export const MPRDMA_PARAM_NAMES: readonly string[] = Object.freeze([
  "profile", "mssBytes", "linkGbps", "baseRttNs", "decreaseMss", "nackDecreaseMss", "maxCwndBytes", "minCwndBytes",
  "initCwndBytes", "carryRemainder", "resetOnTimeout", "outOfOrderDecreaseMss",
]);

/**
 * Fills every parameter from the profile (default `paper`); the window ceiling and start
 * follow the BDP of linkGbps (100) and baseRttNs (12 µs), clamped into the window's range.
 * A value given out of range throws; a default derived from in-range values does not.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveMprdmaParams(input: MprdmaParamsInput = {}): MprdmaParams {
  checkParamNames("Mprdma", input, MPRDMA_PARAM_NAMES);
  const profile = profileParam<MprdmaProfile>("Mprdma", input.profile, ["paper", "htsim"], "paper");
  const mssBytes = input.mssBytes ?? 4096;
  const linkGbps = input.linkGbps ?? 100;
  const baseRttNs = input.baseRttNs ?? 12_000;
  const bdp = bdpBytes(linkGbps, baseRttNs);
  const minCwndBytes = input.minCwndBytes ?? mssBytes;
  // The BDP, clamped into maxCwndBytes' range [minCwndBytes, 2^30] (400 Gb/s × 25 ms is 1.25e9 B).
  const maxCwndBytes = input.maxCwndBytes ?? Math.min(Math.max(bdp, minCwndBytes), 2 ** 30);
  const htsim = profile === "htsim";
  const defaults: MprdmaParams = {
    profile,
    mssBytes,
    linkGbps,
    baseRttNs,
    decreaseMss: htsim ? 0.15 : 0.5,
    nackDecreaseMss: htsim ? 0 : 0.5,
    maxCwndBytes,
    minCwndBytes,
    initCwndBytes: maxCwndBytes,
    carryRemainder: !htsim,
    resetOnTimeout: !htsim,
    outOfOrderDecreaseMss: htsim ? 0 : 1,
  };
  return resolveParams("Mprdma", defaults, input, (p) => ({
    mssBytes: rule.int(64, 65535),
    linkGbps: rule.num(0.001, 100_000),
    baseRttNs: rule.num(1, 2 ** 30),
    decreaseMss: rule.num(0, 64),
    nackDecreaseMss: rule.num(0, 64),
    minCwndBytes: rule.int(1, 2 ** 30),
    maxCwndBytes: rule.int(p.minCwndBytes, 2 ** 30),
    initCwndBytes: rule.int(p.minCwndBytes, p.maxCwndBytes),
    carryRemainder: rule.bool,
    resetOnTimeout: rule.bool,
    outOfOrderDecreaseMss: rule.num(0, 64),
  }));
}
