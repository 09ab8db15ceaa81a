// NSF edges pinned by the differential test against an independent model of Reflex §III-C
// (8.3 M events, no divergence): tick readings the vectors do not reach. Expectations are derived
// from the paper, Table I and lib/core/ticks.ts, not recorded from the code.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { NSF_ACTIVE, NSF_ENTER_ACTIVE, NSF_ENTER_SILENT, NSF_PSEUDO_ACK, NSF_SILENT, ReflexNsf } from "./nsf";

test("NSF: a transmission timestamp ahead of the switch's clock is a negative T_src, not congestion", () => {
  const n = new ReflexNsf({}, 1); // Table I: T_src_thresh 5000 ns
  n.open(0);
  // §III-C T_src = arrival − timestamp = 10,000 − 20,000 = −10,000 ns ≤ 5000: Silent. Read
  // unsigned it would be 2^32 − 10,000 = 4,294,957,296 ns > 5000 and turn the flow Active.
  assert.is(n.onData(0, 10_000, 20_000), 0);
  assert.is(n.out[1], -10_000); // out.srcDelayNs
  assert.is(n.state(0), NSF_SILENT);
});

test("NSF: an Active flow's next packet 2^31 ns or more after its last pseudo-ACK gets one", () => {
  const n = new ReflexNsf({}, 1); // T_interval 5000 ns (TIMELY)
  n.open(0);
  assert.is(n.onData(0, 0, -10_000), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK); // T_src 10,000 > 5000
  // Age of the pseudo-ACK sent at 0: 2^31 + 100 ns ≥ 5000 (ticks.ts: the age of a past event is
  // read unsigned; signed it would be −2^31 + 100 and not due). Still congested: T_src 10,000.
  const now = (2 ** 31 + 100) | 0; // wraps to −2,147,483,548
  assert.is(n.onData(0, now, (now - 10_000) | 0), NSF_PSEUDO_ACK);
  assert.is(n.state(0), NSF_ACTIVE);
  assert.is(n.pseudoAcks(0), 2);
});

test("NSF: re-entering Active from Silent sends at once, even within T_interval of the last pseudo-ACK", () => {
  // README choice: entering Active sends a pseudo-ACK at once (§III-B: pseudo-ACKs let the sender
  // "perceive network conditions instantaneously"); only Active/Cooling packets wait for T_interval.
  const n = new ReflexNsf({ nCool: 0 }, 1);
  n.open(0);
  assert.is(n.onData(0, 10_000, 0), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK); // T_src 10,000 > 5000
  assert.is(n.onData(0, 10_100, 10_000), NSF_ENTER_SILENT); // T_src 100, N_cool 0: Silent
  assert.is(n.onData(0, 10_200, 0), NSF_ENTER_ACTIVE | NSF_PSEUDO_ACK); // 200 ns after the last
  assert.is(n.out[0], 0); // out.echoTimestampNs reflects this packet's timestamp
  assert.is(n.pseudoAcks(0), 2);
});

test.run();
