// RED/ECN marking probability on the instantaneous queue, as an integer (Q16).
//
// DCQCN §3 / HPCC switch-mmu ShouldSendCN / uet-htsim CompositeQueue::decide_ECN
// (notes/baselines.md §8.1, notes/uec-htsim-reference.md §7):
//   q ≤ kMin        → never
//   kMin < q ≤ kMax → p = pMax · (q − kMin)/(kMax − kMin)
//   q > kMax        → always
// Here p is floor(pMaxQ16 · (q − kMin)/(kMax − kMin)) in units of 2^-16, and a packet is marked
// when the top 16 bits of the port's next splitmix32 word are below p. The product is at
// most 2^16 · 2^30 < 2^53 and the double quotient of two integers below 2^53 floors exactly
// (a true quotient just below an integer k is at least 1/(kMax − kMin) below it, far more than
// half an ulp of k), so every port of this code reproduces p bit for bit.

/** p = 1 in Q16: marks whatever the draw (draws are 16-bit, at most 65535). */
export const RED_ALWAYS_Q16 = 65536;

/** The Q16 marking probability at `queueBytes` (non-negative integers, kMin ≤ kMax). */
export function redProbabilityQ16(queueBytes: number, kMinBytes: number, kMaxBytes: number, pMaxQ16: number): number {
  if (queueBytes <= kMinBytes) return 0;
  if (queueBytes > kMaxBytes) return RED_ALWAYS_Q16;
  // In [0, pMax] here, so `| 0` is the floor (lib/README: no checked round trip).
  return ((pMaxQ16 * (queueBytes - kMinBytes)) / (kMaxBytes - kMinBytes)) | 0;
}
