// The instruction counts' table in bench/results/instructions.json, kept whole across filtered
// runs, and the check of a run against it (`npm run bench:instructions -- --check`). A count
// does not depend on the host (bench/valgrind.ts), so, unlike a time, a committed count is a
// baseline that a later run on any machine can be held to.
import { rowName } from "./workloads/types";

export interface CountRow {
  module: string;
  handler: string;
  instructionsPerPacket: number;
  runs: number[];
}

export interface CountChange {
  module: string;
  handler: string;
  /** The baseline's count, or undefined for a row the baseline does not have. */
  before: number | undefined;
  after: number;
  /** (after − before) / before, or undefined without a baseline. */
  change: number | undefined;
  /** True when the row grew by more than the tolerance. */
  regressed: boolean;
}

/**
 * The rows of `fresh` replace those of `existing` with the same module and handler; rows only in
 * `existing` stay. The result follows `order` (the workload list's row names), then any row
 * `order` does not know, so a filtered run leaves the table whole and in bench order.
 */
export function mergeCounts(existing: readonly CountRow[], fresh: readonly CountRow[], order: readonly string[]): CountRow[] {
  const byKey = new Map<string, CountRow>();
  for (const r of existing) byKey.set(rowName(r), r);
  for (const r of fresh) byKey.set(rowName(r), r);
  const rank = new Map(order.map((name, i) => [name, i]));
  const at = (r: CountRow) => rank.get(rowName(r)) ?? order.length;
  return [...byKey.values()].sort((a, b) => at(a) - at(b));
}

/**
 * Each fresh row against the baseline: regressed when it counts more than (1 + tolerance) times
 * the baseline's figure. A row without a baseline is reported and never regressed.
 * @throws RangeError for a negative or non-finite tolerance.
 */
export function compareCounts(baseline: readonly CountRow[], fresh: readonly CountRow[], tolerance: number): CountChange[] {
  if (!(tolerance >= 0 && Number.isFinite(tolerance))) throw new RangeError(`tolerance must be a finite fraction ≥ 0, got ${tolerance}`);
  const before = new Map(baseline.map((r) => [rowName(r), r.instructionsPerPacket]));
  return fresh.map((r) => {
    const b = before.get(rowName(r));
    const after = r.instructionsPerPacket;
    const change = b === undefined ? undefined : (after - b) / b;
    return { module: r.module, handler: r.handler, before: b, after, change, regressed: b !== undefined && after > b * (1 + tolerance) };
  });
}

/** "+3.2 %", "−10.0 %", "0.0 %", or "new" without a baseline. */
export function changeText(c: CountChange): string {
  if (c.change === undefined) return "new";
  const pct = (c.change * 100).toFixed(1);
  return c.change > 0 ? `+${pct} %` : c.change < 0 ? `−${pct.slice(1)} %` : "0.0 %";
}
