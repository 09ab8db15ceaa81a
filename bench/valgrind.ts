// Instructions per packet from two valgrind runs of bench/icount.ts. cachegrind counts every
// instruction the process retires ("I refs"), the compiler and the warm-up included; two runs
// that differ only in how many events they replay after the warm-up differ by exactly those
// events' instructions. Under `--predictable` (no background compiler or collector threads),
// with fixed random and hash seeds, the figure repeats to within 0.2 % (not to the instruction:
// cc/nscc onAck 568.69 and 568.87 per event, with bench/icount.ts before its fix) and does not
// move with the machine's load or its CPU model, so one pair per row is enough.

/** cachegrind's total of executed instructions, from its stderr (`==123== I   refs:  1,234,567`). */
export function parseIrefs(stderr: string): number | undefined {
  const m = /I\s+refs:\s+([\d,]+)/.exec(stderr);
  return m ? Number(m[1].replace(/,/g, "")) : undefined;
}

export interface CountedRun {
  /** Instructions the whole process executed. */
  instructions: number;
  /** Events replayed after the warm-up. */
  events: number;
}

/**
 * Instructions per event between a short and a long run: the difference in instructions over
 * the difference in events. Undefined unless the long run replayed more events.
 */
export function instructionsPerEvent(short: CountedRun, long: CountedRun): number | undefined {
  const events = long.events - short.events;
  if (!(events > 0)) return undefined;
  return (long.instructions - short.instructions) / events;
}

/** The node options every counted process runs under: one thread, fixed seeds. */
export const DETERMINISTIC_NODE_OPTIONS = ["--predictable", "--random-seed=1", "--hash-seed=1"] as const;

/** valgrind's arguments for counting `node …args`: no cache model, and V8's generated code is self-modifying. */
export function valgrindArgs(nodePath: string, args: readonly string[]): string[] {
  return ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", "--smc-check=all-non-file", nodePath, ...args];
}
