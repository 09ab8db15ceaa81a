// Test support for the switch modules' edge tests (not exported from the package): the port and
// switch generators' draws computed from their definition, not read back from the modules.
import { mix32 } from "../core/rng";

/**
 * The k-th word (k ≥ 1) of a splitmix32 stream whose state starts at `start` (the modules seed
 * it with hash3): x = start + k·0x9e3779b9, word = fmix32(x), as an int32.
 */
export function splitmixWord(start: number, k: number): number {
  return mix32((start + k * 0x9e3779b9) | 0);
}
