// Garbage collections while a workload's op runs (DESIGN.md rule 4's instrument), used by
// bench/alloc.ts. Method and pitfalls: notes/toolchain.md §5 (warm up through the same driver,
// read the count after a timer, not setImmediate).
//
// A GC count alone is blind below about one young generation per window: once the new space has
// grown, 10 M events that allocate a 32 B object on one packet in 64 (5 MB) showed no scavenge
// at all. So the window also reads how far the young generation grew, which is exact
// while no GC runs: a handler that allocates one small object per thousand packets shows
// hundreds of kilobytes, one that allocates nothing a few kilobytes (the statistics' own
// objects). bench/alloc.test.ts shows both.
import { PerformanceObserver, constants as perfConstants } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A full collection before each measured window, so that garbage left by earlier workloads'
// setup cannot fill the young generation and surface as a scavenge inside the window (seen as a
// single stray GC in a different workload on each run once many workloads were registered).
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/**
 * Young-generation growth (bytes) a window may show without allocating per packet: the heap
 * statistics' own result objects (2.5 KiB) and V8 still settling in the first window (the DACK
 * replays: up to 22 KiB, 2.5 KiB in a later window of the same op). One 16 B object per 1,000
 * packets over 10 M packets is 156 KiB. A handler deoptimised inside the window also shows a
 * few hundred KiB of boxed numbers once; the confirming window in bench/alloc.ts absorbs that.
 * One cause of it: the full collection before the window deoptimises optimised code that embedded
 * the previous workload's tables, now dead (`--trace-deopt`: "reason: weak objects"), so a
 * workload sharing methods with the one before it recompiles them inside its window, and a
 * method it calls rarely runs unoptimised there for a while, boxing the ticks it is passed
 * (switch/pfc shared after switch/pfc, 2026-12-03: 47–97 KiB in the first window, 3 KiB in the
 * confirming one). A second warm-up after the collection only halved that (3–53 KiB).
 */
export const YOUNG_BYTES_NOISE = 64 * 1024;

/** Bytes in use in the young generation (new space and new large-object space). */
function youngBytes(): number {
  let bytes = 0;
  for (const s of getHeapSpaceStatistics()) {
    if (s.space_name === "new_space" || s.space_name === "new_large_object_space") bytes += s.space_used_size;
  }
  return bytes;
}

function drive(op: () => number, times: number): number {
  let acc = 0;
  for (let i = 0; i < times; i++) acc = (acc + op()) | 0;
  return acc;
}

/**
 * Runs `op` for a warm-up, collects, then counts the GCs of `times` further calls; `youngBytes`
 * is how far the young generation grew over those calls (meaningful when `gcs` is 0), `ms` their
 * wall time.
 */
export async function gcCount(op: () => number, times: number): Promise<{ gcs: number; scavenges: number; youngBytes: number; ms: number }> {
  // Warm-up of a tenth of the window (at least 200 ops): a handler that V8 is still optimising
  // in the window allocates code and feedback, not garbage of its own, and once surfaced as a
  // single scavenge in the heaviest workload (pipeline/nscc+reps+rud) on a loaded machine.
  drive(op, 20);
  drive(op, Math.max(200, Math.ceil(times / 10)));
  // A full collection, then a pause for any scavenge task it or setup scheduled: garbage from
  // setup (this workload's or an earlier one's) must not surface inside the measured window.
  collectGarbage();
  await sleep(50);
  let gcs = 0;
  let scavenges = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcs++;
      if ((e as unknown as { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  const before = youngBytes();
  const started = performance.now();
  drive(op, times);
  const ms = performance.now() - started;
  const grown = youngBytes() - before;
  await sleep(50);
  observer.disconnect();
  return { gcs, scavenges, youngBytes: grown, ms };
}

/** Whether a window saw the op allocate: a collection, or young-generation growth beyond noise. */
export function allocated(window: { gcs: number; youngBytes: number }): boolean {
  return window.gcs > 0 || window.youngBytes > YOUNG_BYTES_NOISE;
}

/**
 * Compiles without TurboFan's escape analysis from now on. DESIGN.md rule 4 forbids object and
 * array literals, closures, spread and array destructuring on the per-packet path because the
 * target runtimes (QuickJS, XS, JerryScript) and V8's own interpreter and baseline tiers (and V8
 * after a deoptimisation) allocate them; optimised V8 removes those that do not escape, so with
 * it on, a handler computing through `{ a, b }` or `[a, b]` showed 0 GCs in 10 M events.
 * Numbers stay unboxed (that is representation selection, not escape analysis), so intended
 * int32 wrap is not flagged as it is under `--jitless` (toolchain.md §5).
 */
export function withoutEscapeAnalysis(): void {
  setFlagsFromString("--no-turbo-escape");
}
