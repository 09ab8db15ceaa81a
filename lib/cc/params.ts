// Parameters shared by the rate-based controls (DCQCN, TIMELY), resolved at construction: the
// default floor, and the three rates in kb/s as the handlers keep them. Both papers clamp the rate
// to [min_rate, line_rate] (DCQCN §3.2 R_C ← max(min_rate, …); TIMELY Alg. 1), and a cut must
// never raise it.

/**
 * The default minimum rate (Mb/s): the profile's, unless the rules `minRateMbps ≤ linkGbps·1000`
 * and `initRateGbps ≥ minRateMbps / 1000` would refuse it for a linkGbps or an initRateGbps that
 * is legal alone (DESIGN.md rules 6/7); then about 1000 × min(linkGbps, initRateGbps): the
 * largest f found with f ≤ 1000·cap and f / 1000 ≤ cap in floating point (the rules compare both;
 * × 1000 and / 1000 each round, so step down an ulp or two). At least 0.001, the rule's lower
 * end, so that a bad linkGbps or initRateGbps is left to its own rule and the error names it.
 */
export function defaultFloorMbps(profileMbps: number, linkGbps: number, initRateGbps: unknown): number {
  const capGbps = typeof initRateGbps === "number" ? Math.min(linkGbps, initRateGbps) : linkGbps;
  if (profileMbps <= linkGbps * 1000 && profileMbps / 1000 <= capGbps) return Math.max(0.001, profileMbps);
  // A rate that is not positive is refused by its own rule; stepping down from it would never end
  // (audit, 2026-12-07: DCQCN's constructor hung on initRateGbps −80.886…).
  if (!(capGbps > 0)) return 0.001;
  let f = capGbps * 1000;
  while (f / 1000 > capGbps) f *= 1 - 2 ** -52;
  return Math.max(0.001, f);
}

/**
 * Line, minimum and initial rates in kb/s. The rules order them as given (min ≤ init ≤ line),
 * but each is rounded to kb/s on its own path and rounding can reverse the order (0.0010025 Gb/s
 * → 1002 kb/s, 1.0025 Mb/s → 1003): the minimum is held at the line rate and the initial rate at
 * the minimum, so that a flow never starts below its floor and no cut can raise its rate.
 */
export function rateBoundsKbps(linkGbps: number, minRateMbps: number, initRateGbps: number): { lineKbps: number; minKbps: number; initKbps: number } {
  const lineKbps = Math.round(linkGbps * 1e6);
  const minKbps = Math.min(lineKbps, Math.max(1, Math.round(minRateMbps * 1000)));
  return { lineKbps, minKbps, initKbps: Math.max(minKbps, Math.round(initRateGbps * 1e6)) };
}
