// Test support for the Spritz tests and lib/lb/contract.test.ts (not exported from the package):
// the small Dragonfly they share and the path list of a flow.
import type { SpritzBase } from "./spritz";

/**
 * A small Dragonfly (p=1, a=4, h=2, g=9) seen from switch 0: to a switch in another group there
 * are a·h = 8 paths — the "tiny model of 8 paths" of the failure tests.
 */
export const SMALL = { topology: "dragonfly" as const, p: 1, a: 4, h: 2, srcSwitch: 0 };
/** A destination switch in another group (group 3, index 1). */
export const FAR = 13;

/** The EVs of the flow's path list, in list (latency) order. */
export function evs(t: SpritzBase, slot: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < t.pathCount(slot); i++) out.push(t.pathEv(slot, i));
  return out;
}
