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
// Our choices where the sources are silent: `paper` treats a NACK (trim or loss) like a marked
// ACK — switches that trim CE-mark the header (DCP, csg-htsim) — and starts at, and is capped
// by, the same BDP as `htsim`.
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

export type MprdmaProfile = "paper" | "htsim";

export interface MprdmaParams {
  profile: MprdmaProfile;
  mssBytes: number;
  linkGbps: number;
  baseRttNs: number;
  /** Window decrease per marked ACK of one MSS, in MSS (paper 0.5, htsim 0.15). */
  decreaseMss: number;
  /** Window decrease per NACKed MSS, in MSS (paper: as a mark; htsim: 0). */
  nackDecreaseMss: number;
  /** linkGbps × baseRttNs / 8 unless given. */
  maxCwndBytes: number;
  minCwndBytes: number;
  initCwndBytes: number;
  /** Carry the remainder of MSS × acked / cwnd to the next ACK (paper: exact 1/cwnd; htsim: integer division). */
  carryRemainder: boolean;
}

export type MprdmaParamsInput = Partial<MprdmaParams>;

export const MPRDMA_PARAM_NAMES: readonly string[] = [
  "profile", "mssBytes", "linkGbps", "baseRttNs", "decreaseMss", "nackDecreaseMss", "maxCwndBytes", "minCwndBytes",
  "initCwndBytes", "carryRemainder",
];

/**
 * Fills every parameter from the profile (default `paper`); the window ceiling and start
 * follow the BDP of linkGbps (100) and baseRttNs (12 µs).
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveMprdmaParams(input: MprdmaParamsInput = {}): MprdmaParams {
  for (const k of Object.keys(input)) {
    if (MPRDMA_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Mprdma: unknown parameter ${k}`);
  }
  const profile = input.profile === undefined ? "paper" : input.profile;
  if (profile !== "paper" && profile !== "htsim") throw new RangeError(`Mprdma: unknown profile ${String(profile)}`);
  const mssBytes = input.mssBytes === undefined ? 4096 : input.mssBytes;
  const linkGbps = input.linkGbps === undefined ? 100 : input.linkGbps;
  const baseRttNs = input.baseRttNs === undefined ? 12_000 : input.baseRttNs;
  const bdp = Math.floor((linkGbps * baseRttNs) / 8);
  const maxCwndBytes = input.maxCwndBytes === undefined ? Math.max(bdp, mssBytes) : input.maxCwndBytes;
  const htsim = profile === "htsim";
  const p: MprdmaParams = {
    profile,
    mssBytes,
    linkGbps,
    baseRttNs,
    decreaseMss: htsim ? 0.15 : 0.5,
    nackDecreaseMss: htsim ? 0 : 0.5,
    maxCwndBytes,
    minCwndBytes: mssBytes,
    initCwndBytes: maxCwndBytes,
    carryRemainder: !htsim,
  };
  for (const k of Object.keys(input) as (keyof MprdmaParams)[]) {
    (p as unknown as Record<string, unknown>)[k] = input[k];
  }
  validate(p);
  return p;
}

function need(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`Mprdma: ${what}`);
}

function inRange(x: unknown, lo: number, hi: number): boolean {
  return typeof x === "number" && x >= lo && x <= hi;
}

function validate(p: MprdmaParams): void {
  const int = (x: unknown) => typeof x === "number" && Number.isInteger(x);
  need(inRange(p.mssBytes, 64, 65535) && int(p.mssBytes), "mssBytes must be an integer in [64, 65535]");
  need(inRange(p.linkGbps, 0.001, 100_000), "linkGbps must be in (0, 100000]");
  need(inRange(p.baseRttNs, 1, 2 ** 30), "baseRttNs must be in [1, 2^30]");
  need(inRange(p.decreaseMss, 0, 64), "decreaseMss must be in [0, 64]");
  need(inRange(p.nackDecreaseMss, 0, 64), "nackDecreaseMss must be in [0, 64]");
  need(inRange(p.minCwndBytes, 1, 2 ** 30) && int(p.minCwndBytes), "minCwndBytes must be an integer in [1, 2^30]");
  need(inRange(p.maxCwndBytes, p.minCwndBytes, 2 ** 30) && int(p.maxCwndBytes), "maxCwndBytes must be an integer in [minCwndBytes, 2^30]");
  need(inRange(p.initCwndBytes, p.minCwndBytes, p.maxCwndBytes) && int(p.initCwndBytes), "initCwndBytes must be an integer in [minCwndBytes, maxCwndBytes]");
  need(typeof p.carryRemainder === "boolean", "carryRemainder must be a boolean");
}
