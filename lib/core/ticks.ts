// Wrapping 32-bit nanosecond ticks, like a NIC's free-running timestamp counter.
// Two ticks are compared through their difference, read one of three ways:
// - Signed, for the order of two ticks or a deadline that may lie ahead (`((now - due) | 0) >= 0`):
//   correct across the 2^32 wrap while the true interval is below 2^31 ns (≈ 2.1 s), the
//   serial-number rule of RFC 1982 §3.2.
// - Unsigned, for the age of an event that cannot lie ahead (`((now - lastDec) >>> 0) > rtt`): the
//   time since a flow's last decrease, send, NACK or timer start. Correct while the age is below
//   2^32 ns (≈ 4.3 s). Read signed, an age of 2^31 ns or more would look negative, and a gate
//   like "at most once per RTT" would stay shut for up to 2.1 s more, even on a busy flow.
// - A deadline set at most L ahead (L < 2^31 known): it has passed when it reads as more than L
//   ahead, `((due - now) >>> 0) > L` (NSCC's QuickAdapt window, a REPS freeze), correct while it
//   passed less than 2^32 − L ns ago. `tickDeadlineCame` also counts the deadline's own tick as
//   come (PLB's round and pause, flowlet's hold, the DCQCN timers, DCTCP's QuickAdapt).
// Longer intervals alias. An age of k·2^32 ns plus less than a gate's length reads as too soon,
// for at most that length. A deadline read signed that passed 2^31 ns or more ago would read as
// still ahead until the wrap brought it round, up to 2.1 s later, so no timer in lib/ is read
// that way: one whose lead has no fixed bound keeps its start and its length and reads its age
// (RACK's RTO, reordering timer and PTO).

/** The signed interval a − b in ns. */
export function tickDiff(a: number, b: number): number {
  return (a - b) | 0;
}

/** True when tick a is strictly later than tick b. */
export function tickAfter(a: number, b: number): boolean {
  return ((a - b) | 0) > 0;
}

/** True when tick a is at or after tick b. */
export function tickAtOrAfter(a: number, b: number): boolean {
  return ((a - b) | 0) >= 0;
}

/**
 * True when a deadline set at most `maxLeadNs` ahead of its setting (an integer, 0 ≤ maxLeadNs <
 * 2^31) has come: it is now, or it reads as further ahead than it could ever have been set, so it
 * passed, up to 2^32 − maxLeadNs ns ago (the third reading above). One comparison: the lead less
 * one, unsigned, is below maxLeadNs exactly for leads 1 … maxLeadNs (a lead of 0 wraps to 2^32 − 1).
 */
export function tickDeadlineCame(dueNs: number, nowNs: number, maxLeadNs: number): boolean {
  return ((dueNs - nowNs - 1) >>> 0) >= maxLeadNs;
}

/**
 * The same test read from the lateness, for a caller that needs (nowNs − dueNs) >>> 0 anyway (to
 * order several deadlines): tickDeadlineCame(dueNs, nowNs, maxLeadNs) ⇔ ((nowNs − dueNs) >>> 0) ≤
 * tickLatestCameNs(maxLeadNs) = 2^32 − 1 − maxLeadNs. (dueNs − nowNs − 1) >>> 0 is 2^32 − 1 less
 * the lateness, so the lead test ≥ maxLeadNs is the lateness test ≤ 2^32 − 1 − maxLeadNs.
 */
export function tickLatestCameNs(maxLeadNs: number): number {
  return 4294967295 - maxLeadNs;
}

/** Tick a plus an interval, wrapped. */
export function tickAdd(a: number, intervalNs: number): number {
  return (a + intervalNs) | 0;
}

/** The wrapped ns tick for an absolute time in integer picoseconds below 2^53. */
export function tickFromPs(ps: number): number {
  return Math.floor(ps / 1000) | 0;
}
