// Test support for nscc.test.ts and nscc-edges.test.ts (not exported from the package): the two
// networks whose UEC and SMaRTT constants those tests derive by hand, each with every slot open.
import { Nscc } from "./nscc";

export const MTU = 4150;

/** 100 Gb/s, 14 µs base RTT, profile uec (nscc.test.ts derives the UEC table's constants). */
export function uec(extra: Record<string, unknown> = {}, capacity = 4): Nscc {
  const cc = new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: 14_000, mtuBytes: MTU, ...extra }, capacity);
  for (let s = 0; s < capacity; s++) cc.open(s);
  return cc;
}

/** 100 Gb/s, 12 µs base RTT (BDP = base_BDP, scaling_a = 1), profile smartt. */
export function smartt(extra: Record<string, unknown> = {}, capacity = 4): Nscc {
  const cc = new Nscc({ profile: "smartt", linkGbps: 100, baseRttNs: 12_000, mtuBytes: MTU, ...extra }, capacity);
  for (let s = 0; s < capacity; s++) cc.open(s);
  return cc;
}
