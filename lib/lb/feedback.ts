// The one feedback vocabulary of every load balancer in nicfw/lb.
//
// UEC 1.0 §3.6.12 names the load-balancing hook `process_ev(entropy, reason)` with the reasons
// NO_ECN, ECN, NACK and TIMEOUT (notes/uec-nscc-reps-pds.md §2.1). The mapping from wire events:
//   ACK without the M flag (ECN echo)                 → GOOD
//   ACK with the M flag                               → ECN
//   NACK for a packet trimmed before the last hop     → NACK
//   NACK for a last-hop trim, or another NACK cause   → GOOD, or ECN when the trimmed packet carried CE
//   retransmission timeout / inferred loss            → TIMEOUT, with the lost packet's entropy
// A caller that does not remember the entropy of a lost packet may pass any EV the flow issued.
//
// This file is the area's interface, not an algorithm: every module in lib/lb reads these codes.

/** Feedback kinds as a const enum, so the bundler inlines them into the handlers. */
export const enum Feedback {
  Good = 0,
  Ecn = 1,
  Nack = 2,
  Timeout = 3,
}

/** An ACK without ECN echo, or a last-hop trim without CE (UEC process_ev NO_ECN). */
export const GOOD: number = Feedback.Good;
/** An ACK with ECN echo, or a trim that carried CE (UEC process_ev ECN). */
export const ECN: number = Feedback.Ecn;
/** A NACK for a packet trimmed before the last hop (UEC process_ev NACK). */
export const NACK: number = Feedback.Nack;
/** A retransmission timeout or inferred loss (UEC process_ev TIMEOUT). */
export const TIMEOUT: number = Feedback.Timeout;

/** The largest entropy value a 16-bit EV field holds. */
export const EV_MAX = 0xffff;
