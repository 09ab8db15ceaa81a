// DCTCP parameters: RFC 8257 / the paper, and the csg-htsim DCTCP (DESIGN.md rule 6).
//
// Sources (notes/baselines.md §4.1):
//   rfc8257 — DCTCP (Alizadeh et al., SIGCOMM 2010) as specified by RFC 8257 §3.3–3.5: α per
//             window of data with g = 1/16, cwnd ← cwnd (1 − α/2) on the first ECE of a window
//             (then CWR until the data outstanding at the cut is acknowledged), otherwise
//             standard window growth; initial α = 1 (Linux dctcp_alpha_on_init, [paper?/Linux]).
//   htsim   — csg-htsim dctcp.cpp (the DCTCP of htsim-based comparisons): α starts at 0 and is
//             updated once a window's worth of ACKs has arrived; the cut by (1 − α/2) happens at
//             that same boundary whenever α > 0; any ECE ends slow start; growth never pauses.
//
// Every constant is overridable by name in human units; a profile only supplies defaults.

export type DctcpProfile = "rfc8257" | "htsim";

export interface DctcpConstants {
  /** SMSS: the unit of window growth and the window floor. */
  mssBytes: number;
  /** g: the α gain (1/16). */
  g: number;
  initialAlpha: number;
  initCwndBytes: number;
  maxCwndBytes: number;
}

export interface DctcpBehaviour {
  /** Where the cut happens: on the first ECE of a window (RFC 8257) or at the window boundary (htsim). */
  cut: "ece" | "window";
}

export type DctcpParams = DctcpConstants & DctcpBehaviour & { profile: DctcpProfile };
export type DctcpParamsInput = Partial<DctcpParams>;

const NAMES: readonly (keyof DctcpParams)[] = ["profile", "mssBytes", "g", "initialAlpha", "initCwndBytes", "maxCwndBytes", "cut"];
export const DCTCP_PARAM_NAMES: readonly string[] = NAMES;

/**
 * Fills every parameter from the profile (default `rfc8257`); the initial window is 10 MSS
 * (RFC 6928) unless given.
 * @throws RangeError for an unknown name or profile, or a value out of range.
 */
export function resolveDctcpParams(input: DctcpParamsInput = {}): DctcpParams {
  for (const k of Object.keys(input)) {
    if (NAMES.indexOf(k as keyof DctcpParams) < 0) throw new RangeError(`Dctcp: unknown parameter ${k}`);
  }
  const profile = input.profile === undefined ? "rfc8257" : input.profile;
  if (profile !== "rfc8257" && profile !== "htsim") throw new RangeError(`Dctcp: unknown profile ${String(profile)}`);
  const mssBytes = input.mssBytes === undefined ? 4096 : input.mssBytes;
  const p: DctcpParams = {
    profile,
    mssBytes,
    g: 1 / 16,
    initialAlpha: profile === "htsim" ? 0 : 1,
    initCwndBytes: 10 * mssBytes,
    maxCwndBytes: 2 ** 30,
    cut: profile === "htsim" ? "window" : "ece",
  };
  for (const k of Object.keys(input) as (keyof DctcpParams)[]) {
    (p as unknown as Record<string, unknown>)[k] = input[k];
  }
  validate(p);
  return p;
}

function need(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(`Dctcp: ${what}`);
}

function inRange(x: unknown, lo: number, hi: number): boolean {
  return typeof x === "number" && x >= lo && x <= hi;
}

function validate(p: DctcpParams): void {
  need(inRange(p.mssBytes, 64, 65535) && Number.isInteger(p.mssBytes), "mssBytes must be an integer in [64, 65535]");
  need(inRange(p.g, 1 / 65536, 1), "g must be in [2^-16, 1]");
  need(inRange(p.initialAlpha, 0, 1), "initialAlpha must be in [0, 1]");
  need(inRange(p.maxCwndBytes, p.mssBytes, 2 ** 30) && Number.isInteger(p.maxCwndBytes), "maxCwndBytes must be an integer in [mssBytes, 2^30]");
  need(inRange(p.initCwndBytes, p.mssBytes, p.maxCwndBytes) && Number.isInteger(p.initCwndBytes), "initCwndBytes must be an integer in [mssBytes, maxCwndBytes]");
  need(p.cut === "ece" || p.cut === "window", "cut must be ece or window");
}
