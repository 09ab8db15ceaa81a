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
 * For flow 1 of a sender with maxRetries 2 whose 1001 ns timer started at 0 and whose round
 * quota still carries two retransmissions: the timer fires (`fired`) at 1001; the expiry at 2002
 * comes before anything was resent, so it is no retry (0, the timer restarts); the retransmission
 * (`resent`) goes at 2500 and the timer runs from it, so it fires again at 3501 and not at 3500;
 * after the second retransmission at 3501 the third expiry, at 4502, is E_OVERFLOW, counted as an
 * error and changing nothing (a later call gives E_OVERFLOW again).
 */
export function assertRetryLimit(s: PsnSender & { onTimer(slot: number, nowNs: number): number; errors: number }, fired: number, resent: number): void {
  assert.is(s.onTimer(1, 1001), fired);
  assert.is(s.onTimer(1, 2002), 0);
  assert.is(s.nextPacket(1, 2500), resent);
  assert.is(s.onTimer(1, 3500), 0);
  assert.is(s.onTimer(1, 3501), fired);
  assert.is(s.nextPacket(1, 3501), resent);
  const errors = s.errors;
  assert.is(s.onTimer(1, 4502), E_OVERFLOW);
  assert.is(s.errors, errors + 1);
  assert.is(s.onTimer(1, 9000), E_OVERFLOW);
}
