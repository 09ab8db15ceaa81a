// Load balancers in a send-and-feedback loop, for the handlers the per-handler rows leave out
// (review rev-bench F1; bench/coverage.ts lists what no op calls). Per event (lb-common's stream:
// 64 flows, 90 % GOOD, 7 % ECN, 2.5 % NACK, 0.5 % TIMEOUT), the flow sends a packet on the path
// choosePath gives, and the feedback for the packet it sent 8 sends earlier arrives, carrying that
// packet's EV: the feedback is always for an EV this flow really used.
//   lb/reps:   without trimming (REPS Appendix A), where a timeout is judged by the recent RTT
//              (onTimeoutRtt): half of them below failureRttFactor × base RTT (a failure: the
//              flow freezes), half above (congestion).
//   lb/spritz: Spray with its buffer ordered by RTT (onPathFeedbackRtt; the RTT row has Scout).
import { Dragonfly, EndpointTable, Reps, SpritzSpray } from "../../lib/lb/index";
import { BATCH, FLOWS, lbEvents } from "./lb-common";
import type { Workload } from "./types";

const TIMEOUT = 3;
const IN_FLIGHT = 8;
const BASE_RTT_NS = 14_000;

interface Lb {
  choosePath(slot: number, nowNs: number, psn: number): number;
}

function loop<T extends Lb>(
  module: string,
  handler: string,
  make: (seed: number) => T,
  feedback: (t: T, slot: number, nowNs: number, ev: number, kind: number, rttNs: number) => number,
): Workload {
  return {
    module,
    handler,
    goalNs: 40,
    batch: BATCH,
    setup(seed) {
      const t = make(seed);
      const e = lbEvents(seed);
      // RTTs of 1–3 base RTTs, so that a timeout's recent maximum falls on either side of 1.65.
      const rtt = new Int32Array(BATCH);
      for (let i = 0; i < BATCH; i++) rtt[i] = BASE_RTT_NS + ((e.pick[i] * 7919) % (2 * BASE_RTT_NS));
      const sentEv = new Int32Array(FLOWS * IN_FLIGHT);
      const sent = new Int32Array(FLOWS);
      let epoch = 0;
      let psn = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) {
          const s = e.slot[i];
          const now = (epoch + e.dtNs[i]) | 0;
          const at = s * IN_FLIGHT + (sent[s] & (IN_FLIGHT - 1));
          if (sent[s] >= IN_FLIGHT) sum += feedback(t, s, now, sentEv[at], e.kind[i], rtt[i]);
          sentEv[at] = t.choosePath(s, now, psn++ | 0);
          sent[s]++;
        }
        epoch = (epoch + e.spanNs) | 0;
        return sum;
      };
    },
  };
}

let dfTable: EndpointTable | undefined;

export const coverageLbWorkloads: Workload[] = [
  loop(
    "lb/reps",
    "mix choosePath+onPathFeedback+onTimeoutRtt (no trimming)",
    () => {
      const t = new Reps({ profile: "paper", trimming: false, baseRttNs: BASE_RTT_NS }, FLOWS);
      for (let s = 0; s < FLOWS; s++) t.open(s);
      return t;
    },
    (t, s, now, ev, kind, rttNs) => (kind === TIMEOUT ? t.onTimeoutRtt(s, now, ev, rttNs) : t.onPathFeedback(s, now, ev, kind)),
  ),
  loop(
    "lb/spritz",
    "mix choosePath+onPathFeedbackRtt:spray (rtt order)",
    (seed) => {
      dfTable ??= new EndpointTable(new Dragonfly({ p: 4, a: 8, h: 4 }), 0);
      dfTable.resetMetadata();
      const t = new SpritzSpray({ table: dfTable, bufferOrder: "rtt" }, FLOWS);
      // Destinations: other switches of the Dragonfly's 264, as lb-spritz.ts picks them.
      for (let s = 0; s < FLOWS; s++) t.open(s, 1 + ((s * 7919 + seed) % 263));
      return t;
    },
    (t, s, now, ev, kind, rttNs) => t.onPathFeedbackRtt(s, now, ev, kind, rttNs),
  ),
];
