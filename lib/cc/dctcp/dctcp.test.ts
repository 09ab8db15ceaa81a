import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { DCTCP_ALPHA, DCTCP_DECREASE, DCTCP_INCREASE, Dctcp } from "./dctcp";
import { resolveDctcpParams } from "./params";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

test("profiles: RFC 8257 (α from 1, cut on ECE) and htsim (α from 0, cut at the window boundary)", () => {
  const r = resolveDctcpParams({});
  assert.is(r.profile, "rfc8257");
  assert.is(r.g, 1 / 16);
  assert.is(r.initialAlpha, 1);
  assert.is(r.cut, "ece");
  assert.is(r.initCwndBytes, 10 * 4096);
  const h = resolveDctcpParams({ profile: "htsim", mssBytes: 9000 });
  assert.is(h.initialAlpha, 0);
  assert.is(h.cut, "window");
  assert.is(h.initCwndBytes, 90_000);
  assert.throws(() => new Dctcp({ gain: 1 } as never), /unknown parameter gain/);
  assert.throws(() => new Dctcp({ profile: "linux" } as never), /unknown profile/);
  assert.throws(() => new Dctcp({ initCwndBytes: 100 }), RangeError);
  assert.throws(() => new Dctcp({ g: 2 }), RangeError);
  assert.throws(() => new Dctcp({ cut: "loss" } as never), RangeError);
  assert.is(Dctcp.bytesPerFlow, 62);
});

test("growth stops at maxCwndBytes", () => {
  const cc = new Dctcp({ maxCwndBytes: 45_000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 100_000);
  assert.is(cc.onAck(0, 1, 4096, false), DCTCP_ALPHA | DCTCP_INCREASE);
  assert.is(cc.cwndBytes(0), 45_000);
  assert.is(cc.onAck(0, 2, 4096, false), 0);
  assert.is(cc.cwndBytes(0), 45_000);
});

test("a cut never leaves less than one MSS", () => {
  const cc = new Dctcp({ initCwndBytes: 5000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 5000);
  assert.is(cc.onAck(0, 1, 1000, true), DCTCP_ALPHA | DCTCP_DECREASE);
  assert.is(cc.cwndBytes(0), 4096); // 5000 × (1 − 1/2) = 2500 → 1 MSS
});

test("sent/acked byte counters compare across the 32-bit wrap", () => {
  const cc = new Dctcp({}, 1);
  cc.open(0);
  // 2^31 bytes sent and acked in large pieces: the counters wrap, the window logic does not care.
  for (let i = 0; i < 4; i++) {
    cc.onSend(0, i, 2 ** 29);
    cc.onAck(0, i, 2 ** 29, false);
  }
  cc.onSend(0, 5, 81_920);
  const w = cc.cwndBytes(0);
  assert.is(cc.onAck(0, 6, 4096, true) & DCTCP_DECREASE, DCTCP_DECREASE);
  assert.ok(cc.cwndBytes(0) < w);
  assert.is(cc.onAck(0, 7, 4096, true) & DCTCP_DECREASE, 0); // CWR holds across the wrap
  assert.is(cc.reduced(0), true);
});

test("every handler rejects bad arguments with E_ARG and bad slots with E_SLOT, state unchanged", () => {
  const cc = new Dctcp({}, 4);
  cc.open(0);
  cc.onSend(0, 0, 40_960);
  cc.onAck(0, 1, 4096, true);
  const before = cc.inspect(0);
  let n = 0;
  for (const x of [NaN, Infinity, -1, 0.5, 2 ** 31]) {
    assert.is(cc.onAck(0, 2, x, false), E_ARG);
    assert.is(cc.onNack(0, 2, x), E_ARG);
    assert.is(cc.onTimeout(0, 2, x), E_ARG);
    assert.is(cc.onSend(0, 2, x), E_ARG);
    assert.is(cc.canSend(0, x), false);
    n += 5;
  }
  assert.is(cc.onAck(0, NaN, 0, false), E_ARG);
  assert.is(cc.onTimeout(0, -Infinity, 0), E_ARG);
  n += 2;
  for (const s of [-1, 4, 0.5, NaN, 2]) {
    assert.is(cc.onAck(s, 0, 0, false), E_SLOT);
    assert.is(cc.onNack(s, 0, 0), E_SLOT);
    assert.is(cc.onTimeout(s, 0, 0), E_SLOT);
    assert.is(cc.onSend(s, 0, 0), E_SLOT);
    n += 4;
  }
  assert.is(cc.errors, n);
  assert.ok(same(cc.inspect(0), before));
});

function randomRun(profile: "rfc8257" | "htsim", seed: number, events: number): number {
  const flows = 32;
  const cc = new Dctcp({ profile, maxCwndBytes: 1_000_000 }, flows);
  for (let s = 0; s < flows; s++) cc.open(s);
  const rng = new Xoshiro128(seed);
  let sum = 0;
  for (let i = 0; i < events; i++) {
    const s = rng.nextBelow(flows);
    const k = rng.nextBelow(100);
    let r: number;
    if (k < 40) r = cc.onSend(s, i, 4096);
    else if (k < 95) r = cc.onAck(s, i, 4096 * rng.nextBelow(3), rng.nextBelow(5) === 0);
    else if (k < 98) r = cc.onNack(s, i, 4096);
    else if (k < 99) r = cc.onTimeout(s, i, 4096);
    else r = cc.onAck(s, i, NaN, false);
    sum = (sum + r) | 0;
    const w = cc.cwndBytes(s);
    if (!(w >= 4096 && w <= 1_000_000)) throw new Error(`cwnd ${w} out of [MSS, max] at event ${i}`);
    const a = cc.alphaValue(s);
    if (!(a >= 0 && a <= 1)) throw new Error(`alpha ${a}`);
  }
  for (let s = 0; s < flows; s++) sum = (sum + cc.cwndBytes(s)) | 0;
  return sum;
}

test("300 k random events keep MSS ≤ cwnd ≤ maxCwnd and α in [0, 1], deterministically per seed", () => {
  for (const profile of ["rfc8257", "htsim"] as const) {
    const a = randomRun(profile, 5, 300_000);
    assert.is(randomRun(profile, 5, 300_000), a);
    assert.is.not(randomRun(profile, 6, 300_000), a);
  }
});

test("QuickAdapt and FastIncrease parameters: off by default; trtt = 1.5 × base RTT, k = 2 MTU (SMaRTT §III-A, §III-F)", () => {
  const d = resolveDctcpParams({});
  assert.equal([d.quickAdapt, d.fastIncrease, d.baseRttNs, d.qaIntervalNs, d.fiStepBytes], [false, false, 12_000, 18_000, 8192]);
  const p = resolveDctcpParams({ baseRttNs: 5622.4, mssBytes: 4160, quickAdapt: true });
  assert.equal([p.qaIntervalNs, p.fiStepBytes, p.quickAdapt], [8434, 8320, true]);
  assert.throws(() => new Dctcp({ qaIntervalNs: 0 }), RangeError);
  assert.throws(() => new Dctcp({ qaIntervalNs: 2 ** 31 }), RangeError);
  assert.throws(() => new Dctcp({ quickAdapt: "yes" } as never), RangeError);
});

test("QuickAdapt: an interval that ended 2^31 ns or more before the next ACK has ended (Alg. 2 line 3)", () => {
  // As above: the first ACK starts the interval (end 10,000; its own bytes are not counted), a
  // trim arms QuickAdapt. The next ACK comes 2.2 s later: now ≥ end, so cwnd = acked in the
  // interval = 4096 (trim) + 4096 (this ACK) = 8192 B. Read as a signed 32-bit difference,
  // 2.2e9 − 10,000 would be negative: no QuickAdapt, and slow start would grow the window.
  const cc = new Dctcp({ quickAdapt: true, qaIntervalNs: 10_000, initCwndBytes: 100_000, maxCwndBytes: 100_000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 100_000);
  cc.onAck(0, 0, 4096, false);
  assert.is(cc.onNack(0, 3000, 4096), DCTCP_DECREASE);
  assert.is(cc.onAck(0, 2_200_000_000, 4096, false), DCTCP_DECREASE);
  assert.is(cc.cwndBytes(0), 8192);
});

// By hand (SMaRTT Alg. 2 and 4; MSS 4096, trtt 10 µs, a fixed window of 100,000 B):
test("QuickAdapt: a trim arms it; at the interval's end cwnd = the bytes acked or trimmed in it, and the bytes then in flight change nothing", () => {
  const cc = new Dctcp({ quickAdapt: true, qaIntervalNs: 10_000, initCwndBytes: 100_000, maxCwndBytes: 100_000 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 100_000);
  // The first ACK starts the measurement (end = 10,000; acked = 0) and ends DCTCP's first window.
  assert.is(cc.onAck(0, 0, 4096, false), DCTCP_ALPHA);
  for (let i = 0; i < 3; i++) assert.is(cc.onAck(0, 2000, 4096, false), 0);
  // A trim: cwnd −= 4096 (Alg. 4 line 16); the interval has not ended, so nothing more yet.
  assert.is(cc.onNack(0, 3000, 4096), DCTCP_DECREASE);
  assert.is(cc.cwndBytes(0), 95_904);
  // 1 ns before the end: DCTCP as usual (slow start back to the 100,000 B ceiling).
  assert.is(cc.onAck(0, 9999, 4096, false), DCTCP_INCREASE);
  assert.is(cc.cwndBytes(0), 100_000);
  // At the end: acked = 3 × 4096 + 4096 (trim) + 4096 + 4096 = 24,576 B; in flight 100,000 − 7 × 4096 = 71,328 B.
  assert.is(cc.onAck(0, 10_000, 4096, false), DCTCP_DECREASE);
  assert.equal([cc.cwndBytes(0), cc.ssthreshBytes(0), cc.ignoringBytes(0)], [24_576, 24_576, 71_328]);
  // A trim while ignoring: cwnd −= 4096, QuickAdapt armed again but not run (Alg. 4 line 19).
  assert.is(cc.onNack(0, 10_500, 4096), DCTCP_DECREASE);
  assert.equal([cc.cwndBytes(0), cc.ignoringBytes(0)], [20_480, 67_232]);
  // 16 marked ACKs (65,536 B) are ignored: no cut, no α update.
  for (let i = 0; i < 16; i++) assert.is(cc.onAck(0, 11_000, 4096, true), 0);
  assert.equal([cc.cwndBytes(0), cc.ignoringBytes(0), cc.alphaValue(0)], [20_480, 1696, 0.9375]);
  // The next ACK passes the ignored bytes and ends the second interval (end 20,000) with the trim
  // armed: acked = 4096 (trim) + 16 × 4096 + 4096 = 73,728 B.
  assert.is(cc.onAck(0, 20_000, 4096, false), DCTCP_DECREASE);
  assert.equal([cc.cwndBytes(0), cc.ignoringBytes(0)], [73_728, 0]);
  // With nothing trimmed in the third interval, its end changes nothing.
  assert.is(cc.onAck(0, 30_000, 4096, false), 0);
  assert.is(cc.cwndBytes(0), 73_728);
});

// By hand (SMaRTT Alg. 3 on ECN alone; MSS 4096, k × MTU = 8192, initial window 40,960 B):
test("FastIncrease: after more than cwnd contiguous unmarked bytes, +k MTU per unmarked ACK until a marked one", () => {
  const cc = new Dctcp({ fastIncrease: true }, 1);
  cc.open(0);
  cc.onSend(0, 0, 200_000);
  // A marked first ACK: α = 1 (M = 1), cwnd 40,960 × (1 − 1/2) = 20,480, CWR until 200,000 B are acked.
  assert.is(cc.onAck(0, 1, 4096, true), DCTCP_ALPHA | DCTCP_DECREASE);
  assert.is(cc.cwndBytes(0), 20_480);
  // Five unmarked ACKs: 20,480 contiguous bytes, not more than cwnd; CWR holds the window.
  for (let i = 0; i < 5; i++) assert.is(cc.onAck(0, 2, 4096, false), 0);
  assert.not.ok(cc.fastIncreasing(0));
  // The sixth: 24,576 > 20,480 — FastIncrease, even in CWR (it comes before the core, Alg. 4 line 10).
  assert.is(cc.onAck(0, 3, 4096, false), DCTCP_INCREASE);
  assert.is(cc.cwndBytes(0), 28_672);
  assert.ok(cc.fastIncreasing(0));
  assert.is(cc.onAck(0, 4, 4096, false), DCTCP_INCREASE);
  assert.is(cc.cwndBytes(0), 36_864);
  // A marked ACK ends it (still CWR: no second cut); counting starts again.
  assert.is(cc.onAck(0, 5, 4096, true), 0);
  assert.not.ok(cc.fastIncreasing(0));
  assert.is(cc.onAck(0, 6, 4096, false), 0);
  assert.is(cc.cwndBytes(0), 36_864);
});

test("a marked ACK that cuts the window ends FastIncrease for good, and a QuickAdapt interval opened by a marked first ACK stays open", () => {
  // Found in review: the ECN cut stored the flag byte read before FastIncrease and QuickAdapt
  // had run on the same ACK, so it switched FastIncrease back on and dropped the interval's start.
  const fi = new Dctcp({ fastIncrease: true }, 1);
  fi.open(0);
  fi.onSend(0, 0, 400_000);
  // 45,056 contiguous unmarked bytes > cwnd 40,960: FastIncrease, +2 MSS.
  assert.is(fi.onAck(0, 1, 45_056, false), DCTCP_INCREASE);
  assert.is(fi.cwndBytes(0), 49_152);
  // A marked ACK outside CWR: the cut, and the end of FastIncrease (Alg. 3 lines 10–11).
  assert.ok((fi.onAck(0, 2, 4096, true) & DCTCP_DECREASE) !== 0);
  assert.ok(fi.reduced(0));
  assert.not.ok(fi.fastIncreasing(0));
  const w = fi.cwndBytes(0);
  // 4,096 counted bytes are not more than the window, and CWR holds it: no growth.
  assert.is(fi.onAck(0, 3, 4096, false), 0);
  assert.is(fi.cwndBytes(0), w);

  // QuickAdapt every 1 µs: a marked first ACK at 0 opens the interval [0, 1000]; a trim at 500
  // arms it; the ACK at 1000 ends it with 4,096 trimmed + 4,096 acknowledged bytes in it.
  const qa = new Dctcp({ quickAdapt: true, qaIntervalNs: 1000 }, 1);
  qa.open(0);
  qa.onSend(0, 0, 400_000);
  qa.onAck(0, 0, 4096, true);
  qa.onNack(0, 500, 4096);
  assert.is(qa.onAck(0, 1000, 4096, false), DCTCP_DECREASE);
  assert.equal([qa.cwndBytes(0), qa.ssthreshBytes(0)], [8192, 8192]);
});

// From a review of the loss paths: a timeout's episode blocks cuts but not slow start (RFC 5681
// §3.1); fast recovery ends at RFC 6582's full ACK; the htsim profile's TcpSrc details.

/** Ten MSS lost to a timeout and resent go-back-N: the window of each round trip, in MSS. */
function rtoRounds(cc: Dctcp): number[] {
  const M = 4096;
  cc.open(0);
  cc.onSend(0, 0, 10 * M);
  cc.onTimeout(0, 1, 10 * M);
  const rounds: number[] = [];
  let una = 0;
  while (una < 10 * M && rounds.length < 20) {
    const w = cc.cwndBytes(0);
    const n = Math.min(w, 10 * M - una);
    cc.onRestore(0, 2, n);
    for (let b = 0; b < n; b += M) cc.onAck(0, 3, M, false);
    una += n;
    rounds.push(w / M);
  }
  return rounds;
}

test("after a timeout the window slow-starts from 1 SMSS toward ssthresh (RFC 5681 §3.1)", () => {
  // FlightSize 10 MSS → ssthresh 5 MSS, cwnd 1. Each ACK of the resent data adds 1 MSS below
  // ssthresh: 1 → 2 → 4 → 5 (at 5 congestion avoidance counts bytes). The timeout's episode
  // (until SND.UNA reaches SND.NXT at the timeout) only blocks a further cut; held, the window
  // stayed at 1 MSS for all ten round trips.
  for (const profile of ["rfc8257", "htsim"] as const) {
    const cc = new Dctcp({ profile }, 1);
    assert.equal(rtoRounds(cc), [1, 2, 4, 5], profile);
    assert.is(cc.reduced(0), false);
  }
});

test("a timeout in CWR or fast recovery ends it, holds the ssthresh its cut set (RFC 3168 §6.1.2, Linux tcp_enter_loss), and the next ACK grows the window", () => {
  const cwr = new Dctcp({}, 1);
  cwr.open(0);
  cwr.onSend(0, 0, 40_960);
  // α starts at 1 (rfc8257): cut 40,960 × (1 − 1/2) = 20,480 = ssthresh; CWR until 40,960.
  assert.is(cwr.onAck(0, 1, 4096, true) & DCTCP_DECREASE, DCTCP_DECREASE);
  assert.is(cwr.onAck(0, 2, 4096, false) & DCTCP_INCREASE, 0);
  // FlightSize 32,768: eq. (4) would give max(16,384, 2 MSS) = 16,384, a second cut in the window.
  cwr.onTimeout(0, 3, 32_768);
  assert.equal([cwr.ssthreshBytes(0), cwr.cwndBytes(0)], [20_480, 4096]);
  cwr.onRestore(0, 4, 4096);
  assert.is(cwr.onAck(0, 5, 4096, false), DCTCP_INCREASE);
  assert.equal([cwr.cwndBytes(0), cwr.reduced(0)], [8192, true]);
  const fr = new Dctcp({}, 1);
  fr.open(0);
  fr.onSend(0, 0, 40_960);
  fr.onNack(0, 1, 4096); // fast recovery: ssthresh = max(40,960 / 2, 2 MSS) = 20,480; no growth until the full ACK
  assert.is(fr.onAck(0, 2, 4096, false) & DCTCP_INCREASE, 0);
  fr.onTimeout(0, 3, 32_768); // held: not max(32,768 / 2, 8192) = 16,384
  assert.equal([fr.ssthreshBytes(0), fr.cwndBytes(0)], [20_480, 4096]);
  fr.onRestore(0, 4, 4096);
  assert.is(fr.onAck(0, 5, 4096, false) & DCTCP_INCREASE, DCTCP_INCREASE);
  assert.is(fr.cwndBytes(0), 8192);
  // Past the full ACK the reduction is over: a timeout then cuts from the FlightSize again.
  fr.onRestore(0, 6, 32_768); // the rest resent: 28,672 timed out, 4096 NACKed
  fr.onAck(0, 6, 32_768, false); // SND.UNA 40,960: the full ACK
  assert.equal([fr.reduced(0), fr.inflightBytes(0)], [false, 0]);
  fr.onSend(0, 7, 32_768);
  fr.onTimeout(0, 8, 4096);
  assert.equal([fr.ssthreshBytes(0), fr.cwndBytes(0)], [16_384, 4096]); // max(32,768 / 2, 2 × 4096)
});

test("a marked ACK in a timeout's episode neither cuts nor grows (RFC 3168 §6.1.2)", () => {
  const cc = new Dctcp({}, 1);
  cc.open(0);
  cc.onSend(0, 0, 40_960);
  cc.onTimeout(0, 1, 40_960);
  cc.onRestore(0, 2, 8192);
  assert.is(cc.onAck(0, 3, 4096, false) & DCTCP_INCREASE, DCTCP_INCREASE); // 8192
  assert.is(cc.onAck(0, 4, 4096, true) & (DCTCP_INCREASE | DCTCP_DECREASE), 0);
  assert.equal([cc.cwndBytes(0), cc.reduced(0)], [8192, true]);
});

// RFC 6582's full ACK: SND.UNA = SND.NXT at the loss. CWR needs a byte more (dctcp-edges.test.ts).
test("fast recovery ends at RFC 6582's full ACK", () => {
  const cc = new Dctcp({}, 1);
  cc.open(0);
  cc.onSend(0, 0, 40_960);
  cc.onNack(0, 1, 4096); // recover = 40,959, the highest sequence number sent
  cc.onRestore(0, 2, 4096);
  cc.onAck(0, 3, 36_864, false);
  assert.ok(cc.reduced(0));
  cc.onAck(0, 4, 4096, false); // SND.UNA 40,960 covers recover: over, and counted toward growth
  assert.equal([cc.reduced(0), cc.caBytesAcked(0)], [false, 4096]);
  // After a timeout too (RFC 6582 §3.2 step 4 sets recover the same way).
  const to = new Dctcp({}, 1);
  to.open(0);
  to.onSend(0, 0, 8192);
  to.onTimeout(0, 1, 8192);
  to.onRestore(0, 2, 8192);
  to.onAck(0, 3, 8192, false);
  assert.is(to.reduced(0), false);
});

// csg-htsim TcpSrc::TcpSrc: `_ssthresh = 100*_mss`; rfc8257: maxCwndBytes; or initSsthreshBytes.
test("htsim: ssthresh opens at 100 MSS", () => {
  const h = new Dctcp({ profile: "htsim", mssBytes: 9000 }, 1);
  h.open(0);
  assert.is(h.ssthreshBytes(0), 900_000);
  const r = new Dctcp({ maxCwndBytes: 1_000_000 }, 1);
  r.open(0);
  assert.is(r.ssthreshBytes(0), 1_000_000);
  const o = new Dctcp({ initSsthreshBytes: 50_000 }, 1);
  o.open(0);
  assert.is(o.ssthreshBytes(0), 50_000);
  assert.throws(() => new Dctcp({ initSsthreshBytes: 4095 }), /initSsthreshBytes/);
  assert.throws(() => new Dctcp({ initSsthreshBytes: 2 ** 30 + 1 }), /initSsthreshBytes/);
  // Slow start stops there: 98 MSS + 2 ACKs = 100 MSS, then congestion avoidance.
  const s = new Dctcp({ profile: "htsim", initCwndBytes: 98 * 4096 }, 1);
  s.open(0);
  s.onSend(0, 0, 200 * 4096);
  for (let i = 0; i < 3; i++) s.onAck(0, 1, 4096, false);
  assert.equal([s.cwndBytes(0), s.caBytesAcked(0)], [100 * 4096, 4096]);
});

// DCTCPSrc::deflate_window: ssthresh = max(cwnd/2, 2 MSS); α's counts restart; next window = cwnd.
test("htsim: a loss or timeout halves cwnd, not FlightSize, and restarts α's window", () => {
  const cc = new Dctcp({ profile: "htsim", initCwndBytes: 81_920 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 40_960); // FlightSize 40,960: RFC 5681 would give 20,480
  cc.onAck(0, 1, 4096, true); // a mark in the window the loss restarts
  cc.onNack(0, 2, 4096);
  assert.equal([cc.ssthreshBytes(0), cc.cwndBytes(0)], [40_960, 40_960]);
  // The next window is the 81,920 B cwnd at the loss; its marks exclude the one before it.
  cc.onRestore(0, 3, 4096);
  cc.onSend(0, 3, 81_920);
  cc.onAck(0, 4, 77_824, false);
  assert.is(cc.onAck(0, 5, 4096, false) & DCTCP_ALPHA, DCTCP_ALPHA);
  assert.is(cc.alphaValue(0), 0);
  const t = new Dctcp({ profile: "htsim" }, 1);
  t.open(0);
  t.onSend(0, 0, 8192);
  t.onTimeout(0, 1, 8192); // cwnd 40,960 → ssthresh 20,480 (FlightSize/2 would be 2 MSS)
  assert.equal([t.ssthreshBytes(0), t.cwndBytes(0)], [20_480, 4096]);
});

// TcpSrc::receivePacket calls inflate_window only out of fast recovery; the full ACK returns first.
test("htsim: no growth in fast recovery, nor on the ACK that ends it", () => {
  const cc = new Dctcp({ profile: "htsim", initCwndBytes: 81_920 }, 1);
  cc.open(0);
  cc.onSend(0, 0, 81_920);
  cc.onNack(0, 1, 4096); // ssthresh = cwnd = 40,960
  cc.onRestore(0, 2, 4096);
  for (let i = 0; i < 20; i++) assert.is(cc.onAck(0, 3, 4096, false) & DCTCP_INCREASE, 0);
  assert.equal([cc.cwndBytes(0), cc.caBytesAcked(0), cc.reduced(0)], [40_960, 0, false]);
  cc.onSend(0, 4, 4096);
  cc.onAck(0, 5, 4096, false);
  assert.is(cc.caBytesAcked(0), 4096);
});

test.run();
