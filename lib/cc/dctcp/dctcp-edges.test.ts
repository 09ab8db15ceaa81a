// Boundaries of DCTCP that dctcp.test.ts and the vectors passed over, found by the mutation pass
// (docs/mutation-testing.md): canSend (no test called it), the end of CWR at exactly `recover`,
// a timeout's reset of the byte-counting increase, and htsim's window-boundary cut at α = 0;
// and, from the vector audit, a loss's ssthresh taken from FlightSize rather than cwnd.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DCTCP_ALPHA, DCTCP_DECREASE, Dctcp } from "./dctcp";

function table(params: Record<string, unknown> = {}): Dctcp {
  const cc = new Dctcp(params, 2);
  cc.open(0);
  cc.open(1);
  return cc;
}

test("canSend: inflight + bytes ≤ cwnd; a closed slot cannot send and counts an error", () => {
  const cc = table(); // cwnd 10 × 4096 = 40,960
  assert.ok(cc.canSend(1, 40_960));
  assert.not.ok(cc.canSend(1, 40_961));
  cc.onSend(1, 0, 1000);
  assert.ok(cc.canSend(1, 39_960));
  assert.not.ok(cc.canSend(1, 39_961));
  cc.close(1);
  const errors = cc.errors;
  assert.not.ok(cc.canSend(1, 1));
  assert.is(cc.errors, errors + 1);
});

test("CWR (RFC 3168 §6.1.2) lasts until data sent after the cut is acknowledged: ACKing exactly `recover` is not enough", () => {
  const cc = table();
  cc.onSend(1, 0, 10_000);
  assert.is(cc.onAck(1, 1, 1000, true) & DCTCP_DECREASE, DCTCP_DECREASE); // recover = 10,000 sent
  assert.is(cc.onAck(1, 2, 9000, true) & DCTCP_DECREASE, 0); // acked 10,000 = recover: still CWR
  assert.ok(cc.reduced(1));
  cc.onSend(1, 3, 1000);
  assert.is(cc.onAck(1, 4, 1, true) & DCTCP_DECREASE, DCTCP_DECREASE); // 10,001: a new window, a new cut
});

test("a loss halves FlightSize, not cwnd (RFC 5681 §3.2 eq. (4), RFC 8257 §3.5)", () => {
  const cc = table(); // cwnd 10 × 4096 = 40,960
  cc.onSend(1, 0, 20_480); // application limited: half the window in flight
  assert.is(cc.onNack(1, 1, 4096), DCTCP_DECREASE);
  // FlightSize 20,480 (the lost bytes are still unacknowledged) → max(10,240, 2 × 4096); cwnd/2 would be 20,480.
  assert.is(cc.ssthreshBytes(1), 10_240);
  assert.is(cc.cwndBytes(1), 10_240);
  assert.is(cc.inflightBytes(1), 16_384);
  cc.onSend(0, 0, 12_288);
  cc.onNack(0, 1, 4096); // FlightSize/2 = 6144 < 2 SMSS → 8192
  assert.is(cc.ssthreshBytes(0), 8192);
  assert.is(cc.cwndBytes(0), 8192);
});

test("a timeout restarts the congestion-avoidance byte count (RFC 3465)", () => {
  const cc = table();
  cc.onSend(1, 0, 100_000);
  cc.onAck(1, 1, 4096, true); // ssthresh ← cwnd: congestion avoidance from here
  cc.onAck(1, 2, 96_000, false); // acked 100,096 > recover: out of CWR, counting bytes toward + 1 MSS
  assert.ok(cc.caBytesAcked(1) > 0, `${cc.caBytesAcked(1)}`);
  cc.onTimeout(1, 3, 0);
  assert.is(cc.caBytesAcked(1), 0);
});

test("htsim: a window boundary with α = 0 updates α but does not cut", () => {
  const cc = table({ profile: "htsim" }); // α starts at 0; the first window ends at 2 MSS
  cc.onSend(1, 0, 100_000);
  const w = cc.cwndBytes(1);
  const r = cc.onAck(1, 1, 2 * 4096, false);
  assert.is(r & (DCTCP_ALPHA | DCTCP_DECREASE), DCTCP_ALPHA);
  assert.ok(cc.cwndBytes(1) > w);
});

test("g = 1 (the range's top): α is the last window's marked fraction alone; initialAlpha 1 cuts the first window by half", () => {
  // RFC 8257 §3.3: α ← (1 − g)·α + g·F; with g = 1, α = F = marked / acked of the window that ended.
  const cc = table({ g: 1, initialAlpha: 0 });
  cc.onSend(1, 0, 8000);
  assert.is(cc.onAck(1, 1, 4000, false) & DCTCP_ALPHA, DCTCP_ALPHA); // the first window ends (SND.UNA > 0): F = 0
  assert.is(cc.alphaValue(1), 0);
  cc.onSend(1, 2, 1000);
  const w = cc.cwndBytes(1);
  assert.is(cc.onAck(1, 3, 2000, true) & DCTCP_DECREASE, DCTCP_DECREASE); // a cut at α = 0 leaves cwnd as it was
  assert.is(cc.cwndBytes(1), w);
  assert.is(cc.onAck(1, 4, 2001, false) & DCTCP_ALPHA, DCTCP_ALPHA); // 8001 > 8000: F = 2000 / 4001
  assert.is(cc.alphaValue(1), Math.floor((2000 * 65536) / 4001) / 65536);
  // initialAlpha = 1 (the RFC's default, at the top of its range): the first mark halves cwnd.
  const one = table({ initialAlpha: 1 });
  one.onSend(1, 0, 8000);
  one.onAck(1, 1, 1000, true);
  assert.is(one.cwndBytes(1), 40_960 / 2);
  assert.throws(() => table({ initialAlpha: 1.0001 }), RangeError);
  assert.throws(() => table({ g: 1.0001 }), RangeError);
});

test.run();
