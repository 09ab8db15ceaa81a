// A workload is one handler of one module driven by a pre-generated batch of realistic events
// held in typed arrays. The same definition feeds the benchmark (ns per packet) and the
// allocation check (zero GCs over ≥ 10 M calls), so both measure the same code path.

export interface Workload {
  /** As in vectors: `<area>/<algorithm>`, or `pipeline/<cc>+<lb>+<reliability>`. */
  module: string;
  handler: string;
  /** The goal for this handler in ns per packet (DESIGN.md budget is 40). */
  goalNs: number;
  /** Events processed by one call of the returned op. */
  batch: number;
  /**
   * Builds the tables and the event batch (outside any timing) and returns the op: it replays
   * the batch once, with time moving forward across calls, and returns a checksum so the work
   * cannot be optimised away.
   */
  setup(seed: number): () => number;
}

export const BUDGET_NS = 40;

/** A row's name, `<module> <handler>`: what the runners filter on and `=<name>` selects exactly. */
export function rowName(w: Pick<Workload, "module" | "handler">): string {
  return `${w.module} ${w.handler}`;
}
