// Test support for the baselines' edge tests (not exported from the package): the setup they
// share, a flow with one message in flight from a given time, and the retry-limit check.
import * as assert from "uvu/assert";
import { E_OVERFLOW } from "../core/errors";

/** What the edge tests need of a PSN-based sender (GBN, IRN, RACK-TLP, timeout-only). */
export interface PsnSender {
  open(slot: number, startPsn: number): void;
  post(slot: number, lengthBytes: number, op: number): number;
  onSchedule(slot: number, nowNs: number, awinBytes: number): number;
  nextPacket(slot: number, nowNs: number): number;
}

/**
 * Opens flow 1 of `s`, posts one 8-packet message of `mtuBytes` packets and sends `packets` of
 * them at `sentNs`. Returns `s`; throws if any send was not new data (`newKind`).
 */
export function sendingOnFlow1<S extends PsnSender>(s: S, mtuBytes: number, packets: number, sentNs: number, newKind: number): S {
  s.open(1, 0);
  s.post(1, mtuBytes * 8, 1);
  s.onSchedule(1, sentNs, 1 << 20);
  for (let i = 0; i < packets; i++) {
    const kind = s.nextPacket(1, sentNs);
    if (kind !== newKind) throw new Error(`sendingOnFlow1: send ${i} gave ${kind}, not new data`);
  }
  return s;
}

/**
 * For flow 1 of a sender with maxRetries 2 whose 1001 ns timer started at 0: the timer fires
 * (`fired`) at 1001 and 2002, and the third expiry, at 3003, is E_OVERFLOW, counted as an error.
 */
export function assertRetryLimit(s: { onTimer(slot: number, nowNs: number): number; errors: number }, fired: number): void {
  assert.is(s.onTimer(1, 1001), fired);
  assert.is(s.onTimer(1, 2002), fired);
  const errors = s.errors;
  assert.is(s.onTimer(1, 3003), E_OVERFLOW);
  assert.is(s.errors, errors + 1);
}
