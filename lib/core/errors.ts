// Error results of per-packet handlers (DESIGN.md rule 7). A handler never throws on bad input:
// it returns one of these negative codes and increments its table's `errors` counter. The
// bad-input codes (E_SLOT, E_ARG, E_FULL, E_MALFORMED) leave all state as it was. E_OVERFLOW and
// E_STATE may instead report a transition the module documents at its handler, and otherwise
// change nothing too: DcpSender.onTimer's E_OVERFLOW after maxRetries timeouts (retry
// exhaustion, DCP §4.5) puts the QP in error and disarms its timer, and its handlers then
// return E_STATE. Success results are never negative (flag words, windows, entropy values).

/** The slot is outside the table, not an integer, or not open. */
export const E_SLOT = -1;
/** An argument is NaN, infinite, negative where it must not be, or out of its range. */
export const E_ARG = -2;
/** The event does not fit the slot's state (an ACK for something never sent, an unknown EV…). */
export const E_STATE = -3;
/** A bounded structure is full (retransmission queue, message table…). */
export const E_FULL = -4;
/** A counter would overflow its field. */
export const E_OVERFLOW = -5;
/** A buffer is too short or malformed (wire decoding). */
export const E_MALFORMED = -6;

export function isError(result: number): boolean {
  return result < 0;
}
