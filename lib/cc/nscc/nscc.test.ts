import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import {
  NSCC_ACK_REQUEST,
  NSCC_DECREASE,
  NSCC_FAIR,
  NSCC_FAST,
  NSCC_FULFILL,
  NSCC_IGNORED,
  NSCC_MAX_RTT_NS,
  NSCC_MD,
  NSCC_PROPORTIONAL,
  NSCC_QUICK_ADAPT,
  NSCC_REPATH,
  NSCC_SAMPLED_OUT,
  Nscc,
} from "./nscc";
import { resolveNsccParams } from "./params";
import { MTU, smartt, uec } from "./test-support";

// A network of 100 Gb/s and a 14 µs base RTT gives round numbers for the UEC table:
// BDP = 100/8 × 14000 = 175,000 B; scaling_a = 175000/150000 = 7/6; MSS = 4150 − 64 = 4086;
// target = 0.75 × 14000 = 10,500 ns; maxWnd = 1.5 × BDP = 262,500 B;
// fi = 5 × 4086 × 7/6 = 23,835 B; eta = 0.15 × 4086 × 7/6 = 715.05 B;
// alpha = 4 × 7/6 × 4086 / 12000 = 1.589 B/ns, so alpha in Q16 = round(1.589 × 65536 = 104,136.7) = 104,137.
const BASE = 14_000;
const TARGET = 10_500;
const MAXWND = 262_500;
const FI = 23_835;
const ETA = 715;
const ALPHA_Q16 = 104_137;

function uecHtsim(extra: Record<string, unknown> = {}, capacity = 4): Nscc {
  return uec({ profile: "uec-htsim", ...extra }, capacity);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------------------------
// Parameters and profiles

test("uec profile derives the UEC table from link rate, base RTT, MTU and trimming", () => {
  const p = resolveNsccParams({ profile: "uec", linkGbps: 100, baseRttNs: BASE, mtuBytes: MTU });
  assert.is(p.bdpBytes, 175_000);
  assert.is(p.maxWndBytes, MAXWND);
  assert.is(p.targetDelayNs, TARGET);
  assert.ok(Math.abs(p.fiBytes - 23_835) < 0.01);
  assert.ok(Math.abs(p.etaBytes - 715.05) < 0.01);
  assert.ok(Math.abs(p.fiScale - 0.25 * (7 / 6)) < 1e-12);
  assert.ok(Math.abs(p.alphaBytesPerNs - (4 * (7 / 6) * 4086) / 12000) < 1e-12);
  assert.is(p.qaThresholdNs, Infinity); // "large" with trimming (UEC Table 3-76)
  assert.is(p.qaGate, 3);
  assert.is(p.adjustBytes, 8 * MTU);
  assert.is(p.adjustPeriodNs, BASE);
  const noTrim = resolveNsccParams({ profile: "uec", baseRttNs: BASE, trimming: false });
  assert.is(noTrim.targetDelayNs, BASE); // 1.0 × base RTT without trimming
  assert.is(noTrim.qaThresholdNs, 4 * BASE);
});

test("uec-htsim keeps the 4 × target QuickAdapt threshold with trimming; smartt targets 0.5 × brtt", () => {
  assert.is(resolveNsccParams({ profile: "uec-htsim", baseRttNs: BASE }).qaThresholdNs, 4 * TARGET);
  // A target given by name sets qa_threshold too (Table 3-76: 4 × target_qdelay).
  assert.is(resolveNsccParams({ profile: "uec-htsim", baseRttNs: BASE, targetDelayNs: 5000 }).qaThresholdNs, 20_000);
  assert.is(resolveNsccParams({ profile: "smartt", baseRttNs: BASE, trimming: false, targetDelayNs: 3000 }).qaThresholdNs, 12_000);
  const s = resolveNsccParams({ profile: "smartt", baseRttNs: 12_000 });
  assert.is(s.targetDelayNs, 6_000); // trtt = 1.5 × brtt
  assert.is(s.fastIncreaseK, 2);
  assert.is(s.adjustBytes, 0);
  assert.is(s.etaBytes, 0);
  assert.is(s.qaGate, 0);
});

test("every constant can be overridden by name, and unknown names or bad values are refused", () => {
  const p = resolveNsccParams({ profile: "uec", gamma: 0.5, fiBytes: 1000, sampleEvery: 8, maxWndBytes: 100_000 });
  assert.is(p.gamma, 0.5);
  assert.is(p.fiBytes, 1000);
  assert.is(p.sampleEvery, 8);
  assert.is(p.maxWndBytes, 100_000);
  assert.throws(() => new Nscc({ gama: 0.5 } as never), /unknown parameter gama/);
  assert.throws(() => new Nscc({ profile: "reno" } as never), /unknown profile/);
  assert.throws(() => new Nscc({ gamma: 2 }), RangeError);
  assert.throws(() => new Nscc({ mtuBytes: NaN }), RangeError);
  assert.throws(() => new Nscc({ maxWndBytes: 100 }), RangeError); // below one MTU
  assert.throws(() => new Nscc({}, 0), RangeError);
});

test("a flow opens at cwnd = maxWnd = 1.5 BDP with the network base RTT (UEC: no slow start)", () => {
  const cc = uec();
  assert.is(cc.cwndBytes(0), MAXWND);
  assert.is(cc.maxWndBytes(0), MAXWND);
  assert.is(cc.baseRttNs(0), BASE);
  assert.is(cc.inflightBytes(0), 0);
  assert.ok(Nscc.bytesPerFlow <= 64, `bytesPerFlow ${Nscc.bytesPerFlow}`);
});

// ---------------------------------------------------------------------------------------------
// The four core cases (SMaRTT Alg. 1, UEC four quadrants)

test("no ECN, delay below target: proportional increase of alpha × acked × (target − delay)", () => {
  const cc = uec();
  const r = cc.onAck(0, 1000, MTU, BASE + 2000, false);
  assert.is(r, NSCC_PROPORTIONAL);
  assert.is(cc.cwndBytes(0), MAXWND); // accumulated, not yet fulfilled
  // floor(alphaQ16 × (10500 − 2000) × 4150 / 2^16)
  assert.is(cc.pendingIncrease(0), Math.floor((ALPHA_Q16 * 8500 * 4150) / 65536));
});

test("no ECN, delay at or above target: fair increase of fi × acked", () => {
  const cc = uec();
  assert.is(cc.onAck(0, 1000, MTU, BASE + TARGET, false), NSCC_FAIR);
  assert.is(cc.pendingIncrease(0), FI * MTU);
});

test("ECN, delay below target: no window change, and the load balancer is told to change path", () => {
  const cc = uec();
  assert.is(cc.onAck(0, 1000, MTU, BASE + 100, true), NSCC_REPATH);
  assert.is(cc.cwndBytes(0), MAXWND);
  assert.is(cc.pendingIncrease(0), 0);
});

test("ECN, delay above target: multiplicative decrease by the average delay (UEC) once per base RTT", () => {
  // The average is the last sample (EWMA weight 1) to make eq. (1) exact, and the adjustment
  // period is pushed out of the way so no eta lands in between.
  const cc = uec({ delayEwma: 1, adjustPeriodNs: 1e9 });
  const delay = 30_000;
  assert.is(cc.onAck(0, 1000, MTU, BASE + delay, true), NSCC_MD);
  // factor = 1 − 0.8 × (30000 − 10500) / 30000 = 0.48, floored at max_md_jump 0.5
  assert.is(cc.cwndBytes(0), MAXWND / 2);
  // Within one base RTT: no second decrease.
  assert.is(cc.onAck(0, 1000 + BASE, MTU, BASE + delay, true), 0);
  assert.is(cc.cwndBytes(0), MAXWND / 2);
  // More than one base RTT later: again.
  assert.is(cc.onAck(0, 1001 + BASE, MTU, BASE + delay, true) & NSCC_MD, NSCC_MD);
  assert.is(cc.cwndBytes(0), MAXWND / 4);
});

test("maxMdJump at its range ends: 1 turns eq. (1) off, 0 leaves the factor unfloored", () => {
  // delay 30 µs, target 10.5: factor 1 − 0.8 × 19500/30000 = 0.48 (Q16: 65536 − floor(52429 × 19500 / 30000) = 31458).
  const keep = uec({ delayEwma: 1, maxMdJump: 1 });
  assert.is(keep.onAck(0, 1000, 0, BASE + 30_000, true), NSCC_MD);
  assert.is(keep.cwndBytes(0), MAXWND);
  const free = uec({ delayEwma: 1, maxMdJump: 0 });
  assert.is(free.onAck(0, 1000, 0, BASE + 30_000, true), NSCC_MD);
  assert.is(free.cwndBytes(0), Math.floor((MAXWND * (65536 - Math.floor((52429 * 19500) / 30000))) / 65536));
  assert.throws(() => uec({ maxMdJump: 1.01 }), RangeError);
  assert.throws(() => uec({ maxMdJump: -0.01 }), RangeError);
});

test("the decrease factor follows the average: 1 − gamma × (avg − target) / avg", () => {
  const cc = uec({ delayEwma: 1 });
  cc.onAck(0, 1000, 0, BASE + 14_000, true);
  // 1 − 0.8 × 3500/14000 = 0.8; gamma and the factor are Q16: gammaQ16 = 52429,
  // factorQ16 = 65536 − floor(52429 × 3500·256 / (14000·256)) = 65536 − 13107 = 52429.
  assert.is(cc.cwndBytes(0), Math.floor((MAXWND * 52429) / 65536));
});

test("no decrease while the average delay is at or below target, even on a marked high-RTT ACK", () => {
  const cc = uec(); // EWMA 0.0125: one sample of 12 µs moves the average only to 150 ns
  assert.is(cc.onAck(0, 1000, MTU, BASE + 12_000, true), 0);
  assert.is(cc.cwndBytes(0), MAXWND);
});

test("smartt eq. (1) divides by the average RTT, not the average delay", () => {
  const cc = smartt({ delayEwma: 1 }); // brtt 12 µs, trtt 18 µs, target delay 6 µs
  cc.onAck(0, 1000, 0, 12_000 + 12_000, true);
  // avg_rtt = 24 µs: 1 − 0.8 × (24 − 18)/24 = 0.8 (UEC's formula would give 0.6)
  const maxWnd = 225_000;
  assert.is(cc.cwndBytes(0), Math.floor((maxWnd * (65536 - Math.floor((52429 * 6000 * 256) / (24_000 * 256)))) / 65536));
});

test("SMaRTT loop with UEC's alpha in place of eq. (3): alpha × acked × (target − delay), no eq. (2)", () => {
  // alpha 1 B/ns (Q16 65536); adjustBytes out of reach, so the increase stays pending.
  const cc = smartt({ proportionalIncrease: "alpha", alphaBytesPerNs: 1, adjustBytes: 1e6, fastIncreaseDelayNs: 0 });
  // delay 2000 below the target 6000: floor(65536 × 4000 × 4150 / 65536) = 16,600,000.
  assert.is(cc.onAck(0, 1000, MTU, 12_000 + 2000, false), NSCC_PROPORTIONAL);
  assert.is(cc.pendingIncrease(0), 4000 * MTU);
});

test("ECN at exactly the target is Alg. 1 case 1 (decrease), just below it case 2 (repath)", () => {
  // Weight 1: the average is the sample, so at delay = target eq. (1) is skipped (average not
  // above target) and nothing is returned; one ns below, the load balancer is told to repath.
  const cc = uec({ delayEwma: 1 });
  assert.is(cc.onAck(0, 1000, 0, BASE + TARGET, true), 0);
  assert.is(cc.cwndBytes(0), MAXWND);
  assert.is(cc.onAck(0, 1001, 0, BASE + TARGET - 1, true), NSCC_REPATH);
  // One ns above: avg − target = 1 ns = 256 in Q8; factor = 65536 − floor(52429 × 256 /
  // (10501 × 256)) = 65536 − 4 = 65532.
  assert.is(cc.onAck(0, 1002, 0, BASE + TARGET + 1, true), NSCC_MD);
  assert.is(cc.cwndBytes(0), Math.floor((MAXWND * 65532) / 65536));
});

// ---------------------------------------------------------------------------------------------
// Fulfill and the adjustment regimes (SMaRTT §III-G, UEC fulfill_adjustment)

test("fulfill adds inc / cwnd once more than adjustBytes are acked, and eta once per period", () => {
  const cc = uec();
  // 8 ACKs of one MTU reach exactly adjustBytes = 33,200: not yet "more than".
  for (let i = 0; i < 8; i++) assert.is(cc.onAck(0, 1000 + i, MTU, BASE + TARGET, false), NSCC_FAIR);
  assert.is(cc.cwndBytes(0), MAXWND);
  assert.is(cc.pendingIncrease(0), 8 * FI * MTU);
  // The window is at its maximum, so shrink it to see the increase.
  cc.onTimeout(0, 2000, MAXWND - 100_000);
  const before = cc.cwndBytes(0);
  assert.is(before, 100_000);
  assert.is(cc.onAck(0, 2001, MTU, BASE + TARGET, false), NSCC_FAIR | NSCC_FULFILL);
  assert.is(cc.cwndBytes(0), before + Math.floor((9 * FI * MTU) / before));
  assert.is(cc.pendingIncrease(0), 0);
  // One period after the first ACK: eta joins the next fulfill.
  const w = cc.cwndBytes(0);
  assert.is(cc.onAck(0, 1000 + BASE, 0, BASE + TARGET, false), NSCC_FAIR | NSCC_FULFILL);
  assert.is(cc.cwndBytes(0), w + ETA);
});

test("eta needs a whole adjustPeriodNs since the flow's first ACK, then since the last eta", () => {
  const cc = uec();
  cc.onTimeout(0, 0, MAXWND - 100_000); // cwnd 100,000
  const t0 = 5 * BASE; // the period starts at the first ACK, not at time 0
  assert.is(cc.onAck(0, t0, 0, BASE + TARGET, false), NSCC_FAIR);
  // 40,000 B > adjustBytes (33,200): a fulfill, one ns short of the period: no eta.
  assert.is(cc.onAck(0, t0 + BASE - 1, 40_000, BASE + TARGET, false), NSCC_FAIR | NSCC_FULFILL);
  let w = 100_000 + Math.floor((FI * 40_000) / 100_000);
  assert.is(cc.cwndBytes(0), w);
  // At the period: eta alone (nothing pending).
  assert.is(cc.onAck(0, t0 + BASE, 0, BASE + TARGET, false), NSCC_FAIR | NSCC_FULFILL);
  w += ETA;
  assert.is(cc.cwndBytes(0), w);
  // The next period starts there: a fulfill one ns later has no eta.
  assert.is(cc.onAck(0, t0 + BASE + 1, 40_000, BASE + TARGET, false), NSCC_FAIR | NSCC_FULFILL);
  assert.is(cc.cwndBytes(0), w + Math.floor((FI * 40_000) / w));
});

test("with only the byte threshold (no period) the division's remainder is dropped, not carried", () => {
  const cc = uec({ adjustPeriodNs: 0 });
  cc.onTimeout(0, 0, MAXWND - 100_000); // cwnd 100,000
  // 40,001 B > adjustBytes: inc = FI × 40,001 = 953,423,835 → + 9534, the remainder 23,835 dropped.
  assert.is(cc.onAck(0, 10, 40_001, BASE + TARGET, false), NSCC_FAIR | NSCC_FULFILL);
  assert.is(cc.cwndBytes(0), 100_000 + Math.floor((FI * 40_001) / 100_000));
  assert.is(cc.pendingIncrease(0), 0);
});

test("per-packet regime (adjustBytes = adjustPeriodNs = 0) applies every ACK and carries the remainder", () => {
  const cc = uec({ adjustBytes: 0, adjustPeriodNs: 0, fiBytes: 1000, etaBytes: 999 });
  cc.onTimeout(0, 0, MAXWND - 100_000); // cwnd 100,000
  // inc = 1000 × 150 = 150,000 per ACK: +1 byte (150,000 / 100,000) and 50,000 carried; the
  // second ACK finds 200,000, adds 1 more (200,000 / 100,001) and carries 99,999.
  assert.is(cc.onAck(0, 10, 150, BASE + TARGET, false), NSCC_FAIR | NSCC_FULFILL);
  assert.is(cc.cwndBytes(0), 100_001);
  assert.is(cc.pendingIncrease(0), 50_000);
  cc.onAck(0, 20, 150, BASE + TARGET, false);
  assert.is(cc.cwndBytes(0), 100_002);
  assert.is(cc.pendingIncrease(0), 99_999);
  // No period, so no eta, however large etaBytes is.
});

test("sampling (one ACK in sampleEvery) does bookkeeping on every ACK and scales the sampled response", () => {
  const cc = uec({ sampleEvery: 4 });
  for (let i = 0; i < 3; i++) assert.is(cc.onAck(0, 1000 + i, MTU, BASE + TARGET, false), NSCC_SAMPLED_OUT);
  assert.is(cc.inflightBytes(0), -3 * MTU);
  assert.is(cc.pendingIncrease(0), 0);
  assert.is(cc.onAck(0, 1003, MTU, BASE + TARGET, false), NSCC_FAIR);
  assert.is(cc.pendingIncrease(0), 4 * FI * MTU);
  // The count starts again after the sampled ACK: three more out, the fourth sampled.
  for (let i = 4; i < 7; i++) assert.is(cc.onAck(0, 1000 + i, MTU, BASE + TARGET, false), NSCC_SAMPLED_OUT);
  assert.is(cc.onAck(0, 1007, MTU, BASE + TARGET, false) & NSCC_FAIR, NSCC_FAIR);
});

// ---------------------------------------------------------------------------------------------
// QuickAdapt (SMaRTT Alg. 2, §III-E; UEC quick_adapt)

/** Opens the QuickAdapt window with one ACK at t0 and returns its end. */
function openWindow(cc: Nscc, t0: number): number {
  cc.onAck(0, t0, 0, BASE + TARGET, false);
  return t0 + BASE + TARGET;
}

test("a trim arms QuickAdapt, which sets cwnd to the bytes delivered in the window when it ends", () => {
  const cc = uec();
  cc.onSend(0, 0, 100 * MTU);
  const end = openWindow(cc, 1000);
  assert.is(cc.onAck(0, 2000, 4 * MTU, BASE + TARGET, false), NSCC_FAIR);
  // The trim itself: inside the window QuickAdapt cannot fire, so the window is cut by the packet.
  assert.is(cc.onTrim(0, 3000, MTU, false, 0), NSCC_DECREASE);
  assert.is(cc.cwndBytes(0), MAXWND - MTU);
  // First ACK after the window: achieved = 4 MTU + 1 MTU (this ACK's bytes, counted first).
  assert.is(cc.onAck(0, end + 1, MTU, BASE + TARGET, false), NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), 5 * MTU);
  // Everything in flight at that moment is to be ignored: 100 − 4 − 1 − 1 (trimmed) MTU.
  assert.is(cc.ignoreBytes(0), 94 * MTU);
});

test("UEC's QuickAdapt window ends only after qa_end (now > end); SMaRTT's at it (below)", () => {
  const cc = uec();
  cc.onSend(0, 0, 100 * MTU);
  const end = openWindow(cc, 1000);
  cc.onTrim(0, 2000, MTU, false, 0);
  assert.is(cc.onAck(0, end, MTU, BASE + TARGET, false) & NSCC_QUICK_ADAPT, 0);
  assert.is(cc.onAck(0, end + 1, MTU, BASE + TARGET, false), NSCC_QUICK_ADAPT);
});

test("UEC ignore phase swallows marked ACKs and NACKs only; unmarked ACKs are processed", () => {
  const cc = uec();
  cc.onSend(0, 0, 100 * MTU);
  const end = openWindow(cc, 1000);
  cc.onTrim(0, 2000, MTU, false, 0);
  cc.onAck(0, end + 1, MTU, BASE + TARGET, false); // QuickAdapt fires
  const w = cc.cwndBytes(0);
  assert.is(cc.onAck(0, end + 2, MTU, BASE + 40_000, true), NSCC_IGNORED);
  assert.is(cc.onTrim(0, end + 3, MTU, false, 0), NSCC_IGNORED);
  assert.is(cc.cwndBytes(0), w);
  assert.is(cc.onAck(0, end + 4, MTU, BASE + TARGET, false) & (NSCC_FAIR | NSCC_IGNORED), NSCC_FAIR);
  // 100 MTU sent; 1 trimmed and 1 acked before QuickAdapt fired left 98 in flight to ignore;
  // since then 1 marked ACK, 1 trim and 1 unmarked ACK have counted against it.
  assert.is(cc.ignoreBytes(0), 98 * MTU - 3 * MTU);
});

test("SMaRTT ignore phase ignores every ACK (Alg. 4 line 6), and timeouts too (§III-E)", () => {
  const cc = smartt();
  cc.onSend(0, 0, 100 * MTU);
  cc.onAck(0, 1000, 0, 12_000, false); // window of trtt = 18 µs opens
  cc.onTrim(0, 2000, MTU, false, 0);
  assert.is(cc.onAck(0, 1000 + 18_000, MTU, 12_000, false) & NSCC_QUICK_ADAPT, NSCC_QUICK_ADAPT); // now ≥ end
  const w = cc.cwndBytes(0);
  assert.is(cc.onAck(0, 20_000, MTU, 12_000, false), NSCC_IGNORED);
  assert.is(cc.onTimeout(0, 20_001, MTU), NSCC_IGNORED);
  assert.is(cc.cwndBytes(0), w);
  assert.is(cc.inflightBytes(0), 100 * MTU - 4 * MTU);
});

test("the gate keeps QuickAdapt from firing when the window delivered maxWnd/8 or more", () => {
  const cc = uec();
  cc.onSend(0, 0, 100 * MTU);
  const end = openWindow(cc, 1000);
  cc.onTrim(0, 2000, MTU, false, 0);
  cc.onAck(0, 3000, MAXWND >> 3, BASE + TARGET, false); // achieved = maxWnd >> qa_gate exactly: not below it
  assert.is(cc.onAck(0, end + 1, 0, BASE + TARGET, false) & NSCC_QUICK_ADAPT, 0);
  // The trigger stays armed: the next window with little delivered fires.
  const next = end + 1 + BASE + TARGET;
  assert.is(cc.onAck(0, next + 1, MTU, BASE + TARGET, false), NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), MTU);
});

test("without trimming QuickAdapt fires on delay above qaThresholdNs (4 × target) and a small window", () => {
  const cc = uec({ trimming: false }); // target 14 µs, threshold 56 µs
  cc.onSend(0, 0, 50 * MTU);
  cc.onAck(0, 1000, 0, BASE, false);
  const end = 1000 + BASE + BASE;
  assert.is(cc.onAck(0, end + 1, 2 * MTU, BASE + 56_000, false) & NSCC_QUICK_ADAPT, 0); // not above
  const end2 = end + 1 + BASE + BASE;
  assert.is(cc.onAck(0, end2 + 1, 2 * MTU, BASE + 56_001, false), NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), 2 * MTU);
});

test("qaScaling scales the QuickAdapt window (SMaRTT §III-E)", () => {
  const cc = smartt({ qaScaling: 0.5 });
  cc.onSend(0, 0, 100 * MTU);
  cc.onAck(0, 1000, 0, 12_000, false);
  cc.onTrim(0, 2000, MTU, false, 0);
  cc.onAck(0, 3000, 10 * MTU, 30_000, false);
  cc.onAck(0, 19_000, 0, 30_000, false);
  assert.is(cc.cwndBytes(0), 5 * MTU);
});

// ---------------------------------------------------------------------------------------------
// FastIncrease (SMaRTT Alg. 3, UEC fast_increase)

test("UEC fast increase: after cwnd bytes below 1 µs of delay, cwnd grows by fiScale × acked per ACK", () => {
  // alpha 0 and no period, so that nothing but FastIncrease moves the window.
  const cc = uec({ alphaBytesPerNs: 0, adjustPeriodNs: 1e9 });
  cc.onTimeout(0, 0, MAXWND - 20 * MTU); // cwnd = 20 MTU
  let t = 1000;
  for (let i = 0; i < 20; i++) assert.is(cc.onAck(0, t++, MTU, BASE + 500, false) & NSCC_FAST, 0);
  // The 21st ACK makes the count exceed cwnd: fiScale = 0.25 × 7/6 = 0.29167 → Q16 19115,
  // a step of floor(4150 × 19115 / 65536) = 1210 bytes.
  assert.is(cc.onAck(0, t++, MTU, BASE + 500, false) & NSCC_FAST, NSCC_FAST);
  assert.is(cc.cwndBytes(0), 20 * MTU + 1210);
  // While in fast mode every such ACK grows it again; a delay above 1 µs ends the mode.
  assert.is(cc.onAck(0, t++, MTU, BASE + 500, false) & NSCC_FAST, NSCC_FAST);
  // A delay of exactly 1 µs is no longer "near the base RTT": it ends the mode too.
  assert.is(cc.onAck(0, t++, MTU, BASE + 1000, false) & NSCC_FAST, 0);
  assert.is(cc.onAck(0, t++, MTU, BASE + 500, false) & NSCC_FAST, 0);
  // The count restarted from zero: a window's worth exactly is not yet more than a window.
  const w = cc.cwndBytes(0);
  assert.is(cc.onAck(0, t++, w - MTU, BASE + 500, false) & NSCC_FAST, 0);
  assert.is(cc.onAck(0, t++, 1, BASE + 500, false) & NSCC_FAST, NSCC_FAST);
});

test("a flow's first ACK opens its QuickAdapt window even when it also takes a fast-increase step", () => {
  // A timeout before any ACK leaves cwnd at one MTU; the first ACK, of 2 MTU at zero delay, is
  // more than a window of uncongested bytes, so it takes a fast-increase step. It also opens
  // the first QuickAdapt window, to 1000 + 14000 + 10500 = 25,500 ns, and the step must not
  // undo that. A trim at 5000 is then inside the window (a cut, no QuickAdapt) and arms it, so
  // the first ACK after 25,500 fires QuickAdapt.
  const cc = uec();
  cc.onSend(0, 0, 100 * MTU);
  cc.onTimeout(0, 0, MAXWND);
  assert.is(cc.cwndBytes(0), MTU);
  cc.onSend(0, 0, 4 * MTU);
  assert.is(cc.onAck(0, 1000, 2 * MTU, BASE, false) & NSCC_FAST, NSCC_FAST);
  assert.is(cc.onTrim(0, 5000, MTU, false, 0), NSCC_DECREASE);
  assert.is(cc.onAck(0, 25_500, MTU, BASE, false) & NSCC_QUICK_ADAPT, 0);
  assert.is(cc.onAck(0, 25_501, MTU, BASE, false) & NSCC_QUICK_ADAPT, NSCC_QUICK_ADAPT);
});

test("SMaRTT fast increase adds k = 2 MTU per ACK, and an ECN mark resets it", () => {
  const cc = smartt({ perPathScaling: false });
  cc.onTimeout(0, 0, 225_000 - 10 * MTU); // cwnd = 10 MTU
  // Per-packet eq. (3) + eq. (2) grow cwnd by a fraction of an MTU per ACK while the count of
  // uncongested bytes grows by a whole MTU, so the count overtakes cwnd within a few ACKs.
  let t = 1000;
  let acks = 0;
  while ((cc.onAck(0, t++, MTU, 12_000, false) & NSCC_FAST) === 0) assert.ok(++acks < 30, "FastIncrease never started");
  assert.ok(acks >= 10, `started after ${acks} ACKs, before a window's worth of bytes`);
  const w = cc.cwndBytes(0);
  assert.is(cc.onAck(0, t++, MTU, 12_000, false), NSCC_FAST); // Alg. 4 line 11: nothing else this ACK
  assert.is(cc.cwndBytes(0), w + 2 * MTU);
  assert.is(cc.onAck(0, t++, MTU, 12_000, true) & NSCC_FAST, 0);
  assert.is(cc.onAck(0, t++, MTU, 12_000, false) & NSCC_FAST, 0);
  // A delay of exactly fastIncreaseDelayNs (1 µs) is not "rtt ≈ brtt" (Alg. 3): it resets too.
  const again = smartt({ perPathScaling: false });
  again.onTimeout(0, 0, 225_000 - 10 * MTU);
  while ((again.onAck(0, t++, MTU, 12_000, false) & NSCC_FAST) === 0);
  assert.is(again.onAck(0, t++, MTU, 12_000 + 1000, false) & NSCC_FAST, 0);
  assert.is(again.onAck(0, t++, MTU, 12_000, false) & NSCC_FAST, 0);
});

// ---------------------------------------------------------------------------------------------
// Base RTT, trims, timeouts, penalty, send

test("the base RTT is a min filter, and maxWnd follows it down", () => {
  const cc = uec();
  cc.onAck(0, 1000, MTU, 7000, false);
  assert.is(cc.baseRttNs(0), 7000);
  assert.is(cc.maxWndBytes(0), MAXWND / 2);
  assert.is(cc.cwndBytes(0), MAXWND / 2);
  cc.onAck(0, 2000, MTU, 9000, false);
  assert.is(cc.baseRttNs(0), 7000);
  cc.onAck(0, 3000, MTU, 0, false); // no sample: the average delay stands in
  assert.is(cc.baseRttNs(0), 7000);
});

test("a lower base RTT sets maxWnd = 1.5 × link rate × base RTT exactly, though the network's base RTT is not a whole ns", () => {
  // Found in review: the rescaling divided by the network base RTT rounded to 14,023 ns, so
  // the new maxWnd came out a few bytes low. 1.5 × 12.5 B/ns × 14,000 ns = 262,500 B;
  // uet-htsim: bdp = 4.674 µs × 100 Gb/s / 8 = 58,425 B, maxwnd = floor(1.5 × 58,425) = 87,637 B.
  for (const [profile, rtt, max] of [["uec", 14_000, 262_500], ["uec-htsim", 4674, 87_637]] as const) {
    const cc = new Nscc({ profile }, 1); // 100 Gb/s, base RTT 14,022.72 ns by default
    cc.open(0);
    cc.onAck(0, 1000, MTU, rtt, false);
    assert.equal([cc.baseRttNs(0), cc.maxWndBytes(0)], [rtt, max], profile);
  }
});

test("maxWnd's rescaling by a lower base RTT is exact where maxWnd0 × rtt in ps passes 2^53 (800 Gb/s, ~1 ms)", () => {
  // Found by review (rev-port-nscc): floor(maxWnd0 × rtt × 1000 / basePs) was one double
  // product, which passes 2^53 from a base RTT of about 250 µs at 800 Gb/s, and came out 1 B low.
  // 800 Gb/s = 100 B/ns, base RTT 999,001 ns: BDP = 99,900,100 B, maxWnd0 = 1.5 × BDP =
  // 149,850,150 B = 150 × 999,001. A sample of 998,999 ns: maxWnd = floor(149,850,150 ×
  // 998,999,000 / 999,001,000) = 150 × 998,999 = 149,849,850 exactly (the product, 1.5 × 10^17,
  // is no double: the old code gave 149,849,849).
  const cc = new Nscc({ profile: "uec", linkGbps: 800, baseRttNs: 999_001 }, 1);
  cc.open(0);
  assert.is(cc.maxWndBytes(0), 149_850_150);
  assert.is(cc.onAck(0, 1000, 0, 998_999, false), NSCC_PROPORTIONAL);
  assert.equal([cc.baseRttNs(0), cc.maxWndBytes(0), cc.cwndBytes(0)], [998_999, 149_849_850, 149_849_850]);
  // The same rescaling at open, for a flowBaseRttNs of 998,999 ns (UEC update_base_rtt's formula).
  const f = new Nscc({ profile: "uec", linkGbps: 800, baseRttNs: 999_001, flowBaseRttNs: 998_999 }, 1);
  f.open(0);
  assert.equal([f.maxWndBytes(0), f.cwndBytes(0)], [149_849_850, 149_849_850]);
  // The far end of the range: baseRttNs 2^29 ns, maxWnd0 clamped to 2^30 B. A sample of 2^29 − 1
  // ns: 2^30 × (2^29 − 1) × 1000 / (2^29 × 1000) = 2^30 − 2 exactly; operands of 2^39 in ps.
  const w = new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: 2 ** 29 }, 1);
  w.open(0);
  assert.is(w.maxWndBytes(0), 2 ** 30);
  w.onAck(0, 1000, 0, 2 ** 29 - 1, false);
  assert.is(w.maxWndBytes(0), 2 ** 30 - 2);
  // And against BigInt over the range the parameters allow (base RTT up to 2^29 ns, any whole ps).
  const rng = new Xoshiro128(11);
  for (let i = 0; i < 2000; i++) {
    const baseRttNs = 1 + rng.nextBelow(2 ** 29) + rng.nextBelow(1000) / 1000;
    const linkGbps = 1 + rng.nextBelow(1600);
    const t = new Nscc({ profile: "uec", linkGbps, baseRttNs, mtuBytes: 64 }, 1);
    t.open(0);
    const m0 = t.maxWndBytes(0);
    const rtt = 1 + rng.nextBelow(Math.max(1, t.baseRttNs(0) - 1));
    t.onAck(0, 1000, 0, rtt, false);
    const want = Number((BigInt(m0) * BigInt(rtt) * 1000n) / BigInt(Math.round(baseRttNs * 1000)));
    assert.is(t.maxWndBytes(0), Math.max(want, 64), `${linkGbps} Gb/s, ${baseRttNs} ns, rtt ${rtt}`);
  }
});

test("NACK RTT samples lower the base RTT in uec-htsim (and uec with baseRttFromNack), not in smartt or uec; the cut comes before the new max_wnd's clamp", () => {
  const s = new Nscc({ profile: "smartt", linkGbps: 100, baseRttNs: BASE, mtuBytes: MTU }, 1);
  s.open(0);
  s.onTrim(0, 1000, MTU, false, 5000);
  assert.is(s.baseRttNs(0), BASE); // Alg. 4 lines 15–21 take no RTT from a NACK
  const u = uec();
  u.onTrim(0, 1000, MTU, false, 5000);
  assert.is(u.baseRttNs(0), BASE); // README "Choices": the NACK's RTT is biased low
  for (const t of [uec({ baseRttFromNack: true }), uecHtsim()]) {
    t.onTrim(0, 1000, MTU, false, 0); // 0: the NACK carries no sample
    assert.is(t.baseRttNs(0), BASE);
    const cwnd = t.cwndBytes(0);
    t.onTrim(0, 1000, MTU, false, 5000);
    assert.is(t.baseRttNs(0), 5000);
    const max = Math.floor((t.params.maxWndBytes * 5000) / BASE);
    assert.is(t.maxWndBytes(0), max);
    // cwnd − size, then clamped: the new max_wnd, not max_wnd − size.
    assert.ok(cwnd - MTU > max);
    assert.is(t.cwndBytes(0), max);
  }
});

test("uec-htsim follows processNack's and rtxTimerExpired's order for the bytes to ignore; uec follows OnNACK and OnInferredLoss", () => {
  // Found in review. uet-htsim runs quick_adapt before `in_flight -= size` on a NACK, so the
  // bytes to ignore include the trimmed packet (uec-htsim-reference §4–5), and its timeout
  // leaves bytes_ignored alone; UEC takes the packet out first and counts a timeout as ignored.
  for (const [profile, afterTrim, afterTimeout] of [
    ["uec-htsim", 415_000, 415_000],
    ["uec", 410_850, 406_700],
  ] as const) {
    const cc = new Nscc({ profile, linkGbps: 100, baseRttNs: BASE, mtuBytes: MTU }, 1);
    cc.open(0);
    cc.onSend(0, 0, 100 * MTU); // 415,000 B
    cc.onAck(0, 1000, 0, BASE + TARGET, false); // opens the QuickAdapt window, to 25,500
    // After the window, a trim fires QuickAdapt (achieved 0 < maxWnd / 8): cwnd = max(0, MTU).
    assert.is(cc.onTrim(0, 25_501, MTU, false, 0) & NSCC_QUICK_ADAPT, NSCC_QUICK_ADAPT, profile);
    assert.equal([cc.cwndBytes(0), cc.inflightBytes(0), cc.ignoreBytes(0)], [MTU, 410_850, afterTrim], profile);
    cc.onTimeout(0, 26_000, MTU);
    assert.equal([cc.inflightBytes(0), cc.ignoreBytes(0)], [406_700, afterTimeout], profile);
  }
});

test("uet-htsim's delay averager: the substitution is for samples strictly above target, the big weight strictly above 5 × base RTT", () => {
  // An unmarked sample at exactly the target is averaged as it is: floor(10500·256 / 80) = 33,600 in Q8 → 131 ns
  // (substituted by base/4 = 3500 ns it would be floor(3500·256 / 80) = 11,200 → 43 ns).
  const a = uecHtsim({ delayEwma: 0.0125 });
  a.onAck(0, 1000, MTU, BASE + TARGET, false);
  assert.is(a.inspect(0).avgDelay, 33_600);
  // A marked sample of exactly 5 × base RTT takes the configured weight (0.5), not the fixed 0.0125.
  const b = uecHtsim({ delayEwma: 0.5 });
  b.onAck(0, 1000, MTU, BASE + 5 * BASE, true);
  assert.is(b.avgDelayNs(0), (5 * BASE) / 2);
});

test("the delay EWMA weight 0.0125 is exactly 1/80: each Q8 step floors, and that is the only error", () => {
  // UEC update_delay / uet-htsim: avg = 0.0125 × d + 0.9875 × avg. In Q8 the step is
  // floor((s − avg) / 80). Against a constant sample of 10,501 ns (Q8 2,688,256) the average
  // climbs while floor((2688256 − avg) / 80) ≥ 1, by exactly 1 once the gap is below 160, so it
  // settles at the largest gap that moves it by 0: 79, avg = 2,688,177 (10,500.69 ns). The
  // weight rounded to Q16, 819 / 65536, stalls at gap 80 (80 × 819 / 65536 = 0.9998): 2,688,176.
  const calm = uec();
  for (let i = 0; i < 3000; i++) calm.onAck(0, 1000 + i, 0, BASE + 10_501, true);
  assert.is(calm.inspect(0).avgDelay, 10_501 * 256 - 79);
  // Bursts: 2000 ACKs at 0–2 µs of delay, then 2000 at 20–60 µs, 100 times (review rev-nscc).
  // With E the exact EWMA and D = E − avg / 256, D' = (1 − w) D + f / 256, f ∈ [0, 79/80]: from
  // 0, 0 ≤ D < (79/80) / 256 / (1/80) = 79/256 ns (nscc.ts blendDelay). E is kept in a double,
  // whose error here is far below the 10^−6 ns allowed. With 819 / 65536 D reached −4 ns.
  const cc = uec();
  const rng = new Xoshiro128(7);
  let exact = 0;
  let worst = 0;
  let best = 0;
  for (let i = 0; i < 200_000; i++) {
    const d = (Math.floor(i / 2000) & 1) === 1 ? 20_000 + (rng.nextU32() % 40_000) : rng.nextU32() % 2000;
    cc.onAck(0, 1000 + i, 0, BASE + d, true);
    exact += (d - exact) / 80;
    const gap = exact - (cc.inspect(0).avgDelay as number) / 256;
    if (gap > worst) worst = gap;
    if (gap < best) best = gap;
  }
  assert.ok(best > -1e-6 && worst < 79 / 256 + 1e-6, `exact − avg in [${best}, ${worst}] ns`);
});

test("a delayEwma that is no ratio of denominator ≤ 2^16 is taken in Q16", () => {
  // π / 100 → round(0.0314159 × 65536) = round(2058.87) = 2059: one sample of 1000 ns from 0
  // gives floor(256000 × 2059 / 65536) = floor(8042.97) = 8042 in Q8. A decimal weight is exact:
  // 0.1 = 1/10, so a sample of 10,000 ns gives 2,560,000 / 10 = 256,000 (1000 ns), where
  // q16(0.1) = 6554 gave floor(2560000 × 6554 / 65536) = floor(256,015.6) = 256,015.
  const pi = uec({ delayEwma: Math.PI / 100 });
  pi.onAck(0, 1000, 0, BASE + 1000, true);
  assert.is(pi.inspect(0).avgDelay, 8042);
  const tenth = uec({ delayEwma: 0.1 });
  tenth.onAck(0, 1000, 0, BASE + 10_000, true);
  assert.is(tenth.inspect(0).avgDelay, 256_000);
});

test("an RTT sample of exactly NSCC_MAX_RTT_NS is accepted; one more is E_ARG", () => {
  const cc = uec();
  assert.ok(cc.onAck(0, 1000, MTU, NSCC_MAX_RTT_NS, false) >= 0);
  assert.ok(cc.onTrim(0, 1001, MTU, false, NSCC_MAX_RTT_NS) >= 0);
  assert.is(cc.onAck(0, 1002, MTU, NSCC_MAX_RTT_NS + 1, false), E_ARG);
  assert.is(cc.errors, 1);
});

test("a trim feeds one network RTT into the average delay (UEC OnNACK)", () => {
  const cc = uec({ delayEwma: 0.5 });
  cc.onTrim(0, 1000, MTU, false, 0);
  assert.is(cc.avgDelayNs(0), BASE / 2);
  const paper = smartt({ delayEwma: 0.5 });
  paper.onTrim(0, 1000, MTU, false, 0);
  assert.is(paper.avgDelayNs(0), 0);
});

test("a trim's and uet-htsim's substituted delay samples saturate at 2^23 − 1 ns like an ACK's", () => {
  // A 10 ms (40 ms) base RTT is over the 8.39 ms the Q8 average holds: 10^7 << 8 overflows
  // int32 (unsaturated, the average went negative). Saturated, the sample is 8,388,607 × 256 =
  // 2,147,483,392 in Q8 and one EWMA step of weight 0.0125 = 1/80 moves the average from 0
  // to floor(2147483392 / 80) = floor(26,843,542.4) = 26,843,542 in Q8, i.e.
  // floor(104,857.59) = 104,857 ns.
  const small = { linkGbps: 1, fiBytes: 1e6, etaBytes: 1000, targetDelayNs: 4_000_000 };
  const trim = new Nscc({ profile: "uec", baseRttNs: 10_000_000, ...small }, 1);
  trim.open(0);
  trim.onTrim(0, 1000, MTU, false, 0);
  assert.is(trim.avgDelayNs(0), 104_857);
  // uet-htsim: an unmarked sample above target is replaced by base RTT / 4 = 10 ms.
  const htsim = new Nscc({ profile: "uec-htsim", baseRttNs: 40_000_000, ...small }, 1);
  htsim.open(0);
  htsim.onAck(0, 1000, MTU, 40_000_000 + 4_500_000, false);
  assert.is(htsim.avgDelayNs(0), 104_857);
});

test("with RCCC on, a last-hop trim only updates inflight", () => {
  const cc = uec({ rccc: true });
  cc.onSend(0, 0, 10 * MTU);
  assert.is(cc.onTrim(0, 1000, MTU, true, 0), 0);
  assert.is(cc.cwndBytes(0), MAXWND);
  assert.is(cc.inflightBytes(0), 9 * MTU);
  assert.is(cc.onTrim(0, 1001, MTU, false, 0), NSCC_DECREASE);
});

test("a timeout cuts the window by the lost bytes, never below one MTU", () => {
  const cc = uec();
  cc.onSend(0, 0, 3 * MTU);
  assert.is(cc.onTimeout(0, 1000, MTU), NSCC_DECREASE);
  assert.is(cc.cwndBytes(0), MAXWND - MTU);
  assert.is(cc.inflightBytes(0), 2 * MTU);
  cc.onTimeout(0, 1001, MAXWND);
  assert.is(cc.cwndBytes(0), MTU);
});

test("receiver penalty: cwnd = min(cwnd, inflight after the ACK) − (pend × bytes) >> 7, restored on request", () => {
  const cc = uec();
  cc.onSend(0, 0, 50 * MTU);
  // UEC OnACK takes the ACK's 2 MTU out of flight before the penalty: min(maxWnd, 48 MTU) − 1 MTU.
  assert.is(cc.onReceiverPenalty(0, 10, 64, false, 2 * MTU), NSCC_DECREASE);
  assert.is(cc.cwndBytes(0), 48 * MTU - Math.floor((64 * 2 * MTU) / 128)); // 47 MTU
  // While limited, increases are suppressed.
  assert.is(cc.onAck(0, 20, MTU, BASE + TARGET, false), 0);
  assert.is(cc.pendingIncrease(0), 0);
  // Pend 0 without Restore_Cwnd leaves the penalty in force.
  assert.is(cc.onReceiverPenalty(0, 25, 0, false, MTU), 0);
  assert.is(cc.cwndBytes(0), 47 * MTU);
  assert.is(cc.onAck(0, 26, MTU, BASE + TARGET, false), 0);
  assert.is(cc.onReceiverPenalty(0, 30, 0, true, MTU), 0);
  assert.is(cc.cwndBytes(0), MAXWND);
  // The smallest penalty, pend 1: min(cwnd, inflight − 2 MTU) − floor(1 × 2 MTU / 128) = 64.84… → 64 bytes off.
  const inflight = cc.inflightBytes(0);
  assert.is(cc.onReceiverPenalty(0, 40, 1, false, 2 * MTU), NSCC_DECREASE);
  assert.is(cc.cwndBytes(0), inflight - 2 * MTU - Math.floor((2 * MTU) / 128));
});

test("onSend tracks inflight and requests an ACK when less than one MTU of window is left", () => {
  const cc = uec({ maxWndBytes: 10 * MTU });
  assert.is(cc.onSend(0, 0, 8 * MTU), 0);
  assert.ok(cc.canSend(0, 2 * MTU));
  assert.is(cc.onSend(0, 0, MTU), 0); // exactly one MTU left: not less than one
  cc.onAck(0, 0, MTU, 0, false);
  assert.is(cc.onSend(0, 1, MTU + 1), NSCC_ACK_REQUEST);
  assert.not.ok(cc.canSend(0, MTU));
  assert.is(cc.inflightBytes(0), 9 * MTU + 1);
});

test("ackGenTriggerBytes: AR also while cwnd < ACK_Gen_Trigger (UEC AckRequest)", () => {
  // cwnd 41,500 (maxWnd): 4150 in flight leaves 37,350 ≥ MTU, so only the second clause can ask.
  const off = uec({ maxWndBytes: 10 * MTU });
  assert.is(off.params.ackGenTriggerBytes, 0);
  assert.is(off.onSend(0, 0, MTU), 0);
  const on = uec({ maxWndBytes: 10 * MTU, ackGenTriggerBytes: 41_500.5 });
  assert.is(on.onSend(0, 0, MTU), NSCC_ACK_REQUEST); // 41,500 < 41,500.5
  const at = uec({ maxWndBytes: 10 * MTU, ackGenTriggerBytes: 41_500 });
  assert.is(at.onSend(0, 0, MTU), 0); // 41,500 < 41,500 is false
  // A trim cuts cwnd to 37,350 < 41,500: every send asks, however much window is left.
  at.onTrim(0, 1, MTU, false, 0);
  assert.is(at.cwndBytes(0), 9 * MTU);
  assert.is(at.onSend(0, 2, 64), NSCC_ACK_REQUEST);
  assert.throws(() => uec({ ackGenTriggerBytes: 2 ** 30 + 1 }), /ackGenTriggerBytes/);
  assert.throws(() => uec({ ackGenTriggerBytes: -1 }), /ackGenTriggerBytes/);
});

test("inc wraps modulo 2^32 in uec-htsim, reproducing the reference simulator's quirk (§9.1)", () => {
  const htsim = new Nscc({ profile: "uec-htsim", linkGbps: 800, baseRttNs: 12_252.84, mtuBytes: MTU }, 1);
  htsim.open(0);
  const exact = new Nscc({ profile: "uec", linkGbps: 800, baseRttNs: 12_252.84, mtuBytes: MTU }, 1);
  exact.open(0);
  // fi ≈ 166,884 B; one coalesced ACK of 16,600 B adds 2.77e9, two pass 2^32.
  for (const cc of [htsim, exact]) {
    cc.onAck(0, 10, 16_600, 12_253 + 10_000, false);
    cc.onAck(0, 20, 16_600, 12_253 + 10_000, false);
  }
  const fi = Math.round(5 * 4086 * ((800 / 8) * 12_252.84 / 150_000));
  assert.is(exact.pendingIncrease(0), 2 * fi * 16_600);
  assert.is(htsim.pendingIncrease(0), (2 * fi * 16_600) % 2 ** 32);
});

// ---------------------------------------------------------------------------------------------
// Bad input (DESIGN.md rule 7)

const HANDLERS: [string, (cc: Nscc, slot: number, bad: number) => number][] = [
  ["onAck bytes", (cc, s, bad) => cc.onAck(s, 100, bad, BASE, false)],
  ["onAck rtt", (cc, s, bad) => cc.onAck(s, 100, MTU, bad, false)],
  ["onAck now", (cc, s, bad) => cc.onAck(s, bad, MTU, BASE, false)],
  ["onTrim bytes", (cc, s, bad) => cc.onTrim(s, 100, bad, false, 0)],
  ["onTrim rtt", (cc, s, bad) => cc.onTrim(s, 100, MTU, false, bad)],
  ["onTimeout bytes", (cc, s, bad) => cc.onTimeout(s, 100, bad)],
  ["onInferredLoss bytes", (cc, s, bad) => cc.onInferredLoss(s, 100, bad, MTU)],
  ["onInferredLoss lostBytes", (cc, s, bad) => cc.onInferredLoss(s, 100, MTU, bad)],
  ["onInferredLoss now", (cc, s, bad) => cc.onInferredLoss(s, bad, MTU, MTU)],
  ["onSend bytes", (cc, s, bad) => cc.onSend(s, 100, bad)],
  ["onSend now", (cc, s, bad) => cc.onSend(s, bad, MTU)],
  ["onReceiverPenalty pend", (cc, s, bad) => cc.onReceiverPenalty(s, 100, bad, false, MTU)],
  ["onReceiverPenalty bytes", (cc, s, bad) => cc.onReceiverPenalty(s, 100, 1, false, bad)],
];

test("every handler rejects NaN, negative, fractional and oversized arguments with E_ARG, state unchanged", () => {
  for (const [name, call] of HANDLERS) {
    const cc = uec();
    cc.onSend(1, 0, 10 * MTU);
    cc.onAck(1, 5, MTU, BASE + 3000, false);
    const before = cc.inspect(1);
    let expectedErrors = 0;
    const bads = name.endsWith("rtt") ? [NaN, Infinity, -Infinity, 2 ** 31] : name.endsWith("now") ? [NaN, Infinity, -Infinity] : [NaN, -1, 1.5, Infinity, 2 ** 31];
    for (const bad of bads) {
      assert.is(call(cc, 1, bad), E_ARG, `${name} ${bad}`);
      expectedErrors++;
    }
    assert.ok(same(cc.inspect(1), before), name);
    assert.is(cc.errors, expectedErrors, name);
  }
});

test("every handler rejects a slot that is out of range, fractional, NaN or closed with E_SLOT", () => {
  for (const [name, call] of HANDLERS) {
    const cc = uec({}, 3);
    cc.close(2);
    const before = [0, 1, 2].map((s) => cc.inspect(s));
    for (const slot of [-1, 3, 1.5, NaN, 2]) assert.is(call(cc, slot, MTU), E_SLOT, `${name} slot ${slot}`);
    assert.ok(same([0, 1, 2].map((s) => cc.inspect(s)), before), name);
    assert.is(cc.errors, 5, name);
  }
  const cc = uec({}, 2);
  assert.not.ok(cc.canSend(5, MTU));
  assert.is(cc.errors, 1);
});

// ---------------------------------------------------------------------------------------------
// Invariants under random events

/** Runs `events` random (occasionally invalid) events over 64 flows; returns a state checksum. */
function randomRun(profile: "uec" | "smartt" | "uec-htsim", seed: number, events: number): number {
  const flows = 64;
  const cc = new Nscc({ profile, linkGbps: 400, baseRttNs: 12_505.68, mtuBytes: MTU }, flows);
  for (let s = 0; s < flows; s++) cc.open(s);
  const rng = new Xoshiro128(seed);
  const base = Math.round(12_505.68);
  let now = 0;
  for (let i = 0; i < events; i++) {
    now = (now + rng.nextBelow(200)) | 0;
    const s = rng.nextBelow(flows);
    const kind = rng.nextBelow(100);
    const bytes = rng.nextBelow(8) === 0 ? rng.nextBelow(20 * MTU) : MTU;
    if (kind < 40) cc.onSend(s, now, bytes);
    else if (kind < 85) cc.onAck(s, now, bytes, rng.nextBelow(20) === 0 ? 0 : base - 2000 + rng.nextBelow(60_000), rng.nextBelow(3) === 0);
    else if (kind < 92) cc.onTrim(s, now, MTU, rng.nextBelow(4) === 0, rng.nextBelow(2) ? base + rng.nextBelow(5000) : 0);
    else if (kind < 95) cc.onTimeout(s, now, bytes);
    else if (kind < 97) cc.onReceiverPenalty(s, now, rng.nextBelow(128), rng.nextBelow(2) === 0, bytes);
    else if (kind < 98) cc.onAck(s, now, -bytes - 1, NaN, false); // rejected
    else if (kind < 99) {
      cc.close(s);
      cc.open(s);
    } else cc.onAck(s + flows, now, bytes, base, false); // rejected
    const w = cc.cwndBytes(s);
    const max = cc.maxWndBytes(s);
    if (!(w >= MTU && w <= max && max <= cc.params.maxWndBytes && Number.isFinite(cc.pendingIncrease(s)) && cc.avgDelayNs(s) >= 0)) {
      throw new Error(`invariant broken at event ${i} (${profile}, slot ${s}): ${JSON.stringify(cc.inspect(s))}`);
    }
  }
  let h = 0;
  for (let s = 0; s < flows; s++) {
    h = (Math.imul(h, 31) + cc.cwndBytes(s) + 7 * cc.inflightBytes(s) + 13 * cc.avgDelayNs(s) + 17 * cc.baseRttNs(s)) | 0;
    h = (h + (cc.pendingIncrease(s) % 1000003)) | 0;
  }
  return (h + cc.errors) | 0;
}

test("1 M random events over 64 flows keep MTU ≤ cwnd ≤ maxWnd with no NaN, identically per seed", () => {
  for (const profile of ["uec", "smartt", "uec-htsim"] as const) {
    const a = randomRun(profile, 2024, 1_000_000);
    assert.is(randomRun(profile, 2024, 1_000_000), a, profile);
    assert.is.not(randomRun(profile, 2025, 1_000_000), a, profile);
  }
});

// uec-htsim at 800 Gb/s, network RTT 12252.84 ns, MTU 4150 (notes/uec-htsim-reference.md §2):
// BDP = 100 B/ns × 12252.84 = 1225284 B; a = 8.16856; eta = 0.15 × 4086 × 8.16856 = 5006.51 B (a double);
// maxWnd = 1837926; target = 9189.63 → 9190 ns; adjust period = network RTT (12253 ns here).
// §3 fulfill(): "if now − last_adjust_time >= network_rtt: cwnd += eta   # truncated"; §1: a double
// added to an integer and stored back is truncated. So each eta adds trunc(cwnd + 5006.51) − cwnd = 5006 B.
test("uec-htsim: eta is truncated as uet-htsim adds it; uec keeps 5006.51 (rounded to 5007 by the module): trunc(cwnd + 5006.51) − cwnd = 5006 B at 800 Gb/s, as uet-htsim's fulfill", () => {
  const cc = new Nscc({ profile: "uec-htsim", linkGbps: 800, baseRttNs: 12252.84, mtuBytes: 4150 }, 1);
  cc.open(0);
  cc.onTimeout(0, 0, 1_837_926 - 1_000_000); // cwnd = 1000000
  assert.is(cc.cwndBytes(0), 1_000_000);
  // First ACK (0 B, delay 10000 ≥ target: fair increase of 0) starts the adjust period at t = 1000.
  cc.onAck(0, 1000, 0, 12_253 + 10_000, true); // marked: htsim's averager keeps the sample; MD skipped (avg < target)
  // One period later: fulfill with inc = 0 → + 0, then + eta.
  const r = cc.onAck(0, 1000 + 12_253, 0, 12_253 + 10_000, true);
  assert.is(r & NSCC_FULFILL, NSCC_FULFILL);
  assert.is(cc.cwndBytes(0), 1_000_000 + 5006); // trunc(1005006.51)
  assert.is(resolveNsccParams({ profile: "uec-htsim", linkGbps: 800, baseRttNs: 12252.84 }).etaBytes, 5006);
  assert.ok(Math.abs(resolveNsccParams({ profile: "uec", linkGbps: 800, baseRttNs: 12252.84 }).etaBytes - 5006.51) < 0.01);
});

// uec, 100 Gb/s, base RTT 14000 ns, MTU 4150: maxWnd = 1.5 × 12.5 × 14000 = 262500 B;
// target = 0.75 × 14000 = 10500 ns; QuickAdapt window = base RTT + target = 24500 ns;
// gate maxWnd >> 3 = 32812 B.
function uecIdle(extra: Record<string, unknown> = {}): Nscc {
  const cc = new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: 14_000, mtuBytes: MTU, ...extra }, 1);
  cc.open(0);
  return cc;
}

// UEC quick_adapt (notes/uec-nscc-reps-pds.md §2.2; uec-htsim-reference §5: "elif now > qa_end"):
// a window that ended long ago has ended. Time in htsim is a uint64 of ps and never wraps; here
// time is a wrapping 32-bit ns tick, and the window end is never more than base RTT + target
// (24.5 µs) ahead of the tick at which it was set, so an idle gap of ~2.2 s must still read as
// "the window has ended" (as the MD and eta gates now read their ages).
test("UEC: a trim-armed QuickAdapt fires on the first ACK after an idle gap of 2.2 s", () => {
  const cc = uecIdle();
  cc.onSend(0, 0, 10 * MTU);
  // t = 1000: first ACK opens the window, qa_end = 1000 + 24500 = 25500.
  cc.onAck(0, 1000, 0, 14_000, false);
  // t = 2000: trim inside the window → cut, trigger_qa armed (no QuickAdapt yet).
  assert.is(cc.onTrim(0, 2000, MTU, false, 0), NSCC_DECREASE);
  assert.is(cc.cwndBytes(0), 262_500 - MTU);
  // t = 2.2e9 ns (> 2^31 + 25500 = 2147509148): now > qa_end, trigger_qa set, achieved = 4150 B
  // (this ACK, counted first) < 32812 → cwnd = max(achieved, MTU) = 4150, return QUICK_ADAPT (32).
  const r = cc.onAck(0, 2_200_000_000, MTU, 14_000, false);
  assert.is(r, NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), MTU);
});

// SMaRTT Alg. 2 line 3: "if now ≥ end" — same after an idle gap.
test("smartt: a trim after an idle gap of 2.2 s fires QuickAdapt (Alg. 4 lines 15–20, Alg. 2)", () => {
  // smartt, 100 Gb/s, brtt 12000: maxWnd = 225000; trtt window = 12000 + 6000 = 18000 ns.
  const cc = new Nscc({ profile: "smartt", linkGbps: 100, baseRttNs: 12_000, mtuBytes: MTU }, 1);
  cc.open(0);
  cc.onSend(0, 0, 10 * MTU);
  cc.onAck(0, 1000, 0, 12_000, false); // end = 1000 + 18000 = 19000
  // trim at 2.2e9: cwnd −= 4150 (line 16), trigger_qa (line 17), bytes_ignored ≥ bytes_to_ignore
  // (nothing to ignore) → quick_adapt: now ≥ end, trigger_qa, end ≠ 0 → cwnd = max(acked = 0, mtu) = 4150.
  const r = cc.onTrim(0, 2_200_000_000, MTU, false, 0);
  assert.is(r & NSCC_QUICK_ADAPT, NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), MTU);
});

// uec-htsim at 800 Gb/s, network RTT 12252.84 ns (uec-htsim-reference §2): target = 0.75 ×
// 12252.84 = 9189.63 ns and qa_threshold = 4 × 9189.63 = 36,758.52 ns (printed 36.76 µs).
// quick_adapt fires on delay > qa_threshold (§5); a whole-ns delay of 36,759 ns is above it.
test("uec-htsim: QuickAdapt's delay trigger is strict against the unrounded 4 × target (36,759 ns > 36,758.52 ns at 800 Gb/s)", () => {
  const cc = new Nscc({ profile: "uec-htsim", linkGbps: 800, baseRttNs: 12252.84, mtuBytes: MTU }, 1);
  cc.open(0);
  const base = cc.baseRttNs(0); // 12,253 (whole ns)
  cc.onSend(0, 0, 100 * MTU);
  // The first ACK opens the window [1000, 1000 + 12253 + 9190 = 22,443] (whole-ns base and target).
  cc.onAck(0, 1000, 0, base, false);
  // After the window: 8300 B achieved < maxwnd >> 3 = 1,837,926 >> 3 = 229,740, delay 36,759 > 36,758.52
  // → cwnd = max(achieved, MTU) = 8300 (uet-htsim applies no qa_scaling).
  const r = cc.onAck(0, 22_444, 2 * MTU, base + 36_759, false);
  assert.is(r & NSCC_QUICK_ADAPT, NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), 2 * MTU);
});

// uet-htsim processAck: without a valid RTT sample delay = avg_delay, and quick_adapt tests
// delay > qa_threshold (uec-htsim-reference §3 step 3, §5), both in ps, the average unfloored.
// Found by review: the average was floored to whole ns and tested against the floored threshold.
test("without an RTT sample QuickAdapt tests the average's fraction against qa_threshold", () => {
  // delayEwma 0.5: a first sample of 2001 ns leaves avg = floor(2001·256 × 32768 / 65536) =
  // 256,128 in Q8 = 1000.5 ns (2001 is below every target, so uec-htsim blends it as it is).
  for (const profile of ["uec", "uec-htsim", "smartt"] as const) {
    const windowNs = profile === "smartt" ? BASE + BASE / 2 : BASE + TARGET;
    const run = (qaThresholdNs: number) => {
      const p = { profile, linkGbps: 100, baseRttNs: BASE, mtuBytes: MTU, delayEwma: 0.5 };
      const cc = new Nscc({ ...p, qaThresholdNs }, 1);
      cc.open(0);
      cc.onSend(0, 0, 10 * MTU);
      cc.onAck(0, 1000, 0, BASE + 2001, false); // opens the window [1000, 1000 + windowNs]
      assert.is(cc.inspect(0).avgDelay, 256_128);
      return { cc, r: cc.onAck(0, 1001 + windowNs, MTU, 0, false) };
    };
    // 1000.5 > 1000.25 (Q8: 256,128 > floor(1000.25 × 256) = 256,064); achieved 4150 is below
    // maxWnd >> 3 (uec) and there is no gate (smartt with trimming) → cwnd = 4150.
    const above = run(1000.25);
    assert.is(above.r & NSCC_QUICK_ADAPT, NSCC_QUICK_ADAPT, profile);
    assert.is(above.cc.cwndBytes(0), MTU, profile);
    // 1000.5 is not above 1000.5 (256,128 > 256,128 is false).
    const at = run(1000.5);
    assert.is(at.r & NSCC_QUICK_ADAPT, 0, profile);
    assert.ok(at.cc.cwndBytes(0) > MTU, profile);
  }
});

// uet-htsim update_delay (uec-htsim-reference §3): an unmarked sample above target blends in
// base_rtt / 4. With the whole-ns base RTT 14,023 (from 14,022.72) that is 3505.75 ns, which the
// Q8 average holds exactly (897,472 / 256). Blending stalls once (sample − avg) / 80 is below
// one Q8 step, i.e. sample − avg < 80 Q8 = 0.3125 ns, so the average settles in
// (3505.4375, 3505.75] ns and reads 3505 (reading base >> 2 = 3505 would settle below 3505 and read 3504).
test("uec-htsim: an unmarked high-delay sample blends in base RTT / 4 without dropping its fraction", () => {
  const cc = new Nscc({ profile: "uec-htsim", linkGbps: 100, baseRttNs: 14_022.72, mtuBytes: MTU }, 1);
  cc.open(0);
  const base = cc.baseRttNs(0);
  assert.is(base, 14_023);
  // delay 20,000 ns: above the target (10,517) and below 5 × base (70,115) and qa_threshold.
  for (let i = 0; i < 3000; i++) cc.onAck(0, i, 0, base + 20_000, false);
  assert.is(cc.avgDelayNs(0), 3505);
});

// uet-htsim's clock is 64-bit ps, so quick_adapt's "now > qa_end" holds however long the flow was
// idle (uec-htsim-reference §5). uec-htsim at 100 Gb/s, base 14000: window = 14000 + 10500 = 24,500 ns.
test("UEC: a trim-armed QuickAdapt fires on the first ACK after an idle gap of 3.5 s (past 2^32 − 2^30 ns)", () => {
  const cc = uecHtsim({}, 1);
  cc.onSend(0, 0, 10 * MTU);
  cc.onAck(0, 1000, 0, BASE, false); // window [1000, 25,500]
  // Inside the window: no QuickAdapt yet, the trim cuts by its packet and sets trigger_qa.
  assert.is(cc.onTrim(0, 2000, MTU, false, 0), NSCC_DECREASE);
  // 3.5e9 ns later (tick 3,500,002,000 wraps to −794,965,296): the window has ended, trigger_qa
  // is set, achieved = 4150 < maxWnd >> 3 = 262,500 >> 3 = 32,812 → cwnd = max(4150, MTU) = 4150.
  const r = cc.onAck(0, 3_500_002_000 | 0, MTU, BASE, false);
  assert.is(r & NSCC_QUICK_ADAPT, NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), MTU);
});

// The same window read at the far edge of the 32-bit tick: uet-htsim's 64-bit clock has now > qa_end
// after any gap (uec-htsim-reference §5); a wrapping tick can tell "past" from "ahead" only while the
// end reads at most the longest window (base RTT + target = 14000 + 10500 = 24,500 ns) ahead.
test("UEC: an ACK that reads qa_end as 24,501 ns ahead (2^32 − 24,501 ns after it) finds the window ended", () => {
  const cc = uecHtsim({}, 1);
  cc.onSend(0, 0, 10 * MTU);
  cc.onAck(0, 1000, 0, BASE, false); // window [1000, 25,500]
  assert.is(cc.onTrim(0, 2000, MTU, false, 0), NSCC_DECREASE);
  // Tick 25,500 − 24,501 = 999, reached 2^32 − 24,501 ns (about 4.29 s) after qa_end: the end reads
  // 24,501 ns ahead, more than any window of this table, so it has passed; trigger_qa set,
  // achieved = 4150 < 262,500 >> 3 = 32,812 → cwnd = max(4150, MTU) = 4150.
  const r = cc.onAck(0, 25_500 - 24_501, MTU, BASE, false);
  assert.is(r & NSCC_QUICK_ADAPT, NSCC_QUICK_ADAPT);
  assert.is(cc.cwndBytes(0), MTU);
});

test("qaMeasure window (smartt): a trim in the ignore phase ends the QuickAdapt window as an ACK does, so the QuickAdapt after the phase measures the window that trim began", () => {
  // smartt, 100 Gb/s, brtt 12 µs, MTU 4150: maxWnd 225000, target 6000 ns, window 18000 ns.
  // QuickAdapt at 19000 sets cwnd 4150 and ignores 406700 B; the window is [19000, 37000].
  const t = (qaMeasure: "alg4" | "window") => {
    const n = new Nscc({ profile: "smartt", linkGbps: 100, baseRttNs: 12_000, mtuBytes: MTU, qaMeasure });
    n.open(0);
    n.onSend(0, 0, 415_000);
    n.onAck(0, 1000, 0, 12_000, false);
    n.onTrim(0, 2000, MTU, false, 0);
    assert.is(n.onAck(0, 19_000, MTU, 30_000, false), NSCC_QUICK_ADAPT);
    assert.is(n.ignoreBytes(0), 406_700);
    // 300000 B ignored at 30000 (106700 left); the trim at 37001 (102550 left) is past the
    // window's end: under `window` it starts [37001, 55001] with nothing achieved.
    assert.is(n.onAck(0, 30_000, 300_000, 30_000, false), NSCC_IGNORED);
    assert.is(n.onTrim(0, 37_001, MTU, false, 0), NSCC_DECREASE);
    // 110000 B at 50000 end the phase (≥ 102550); ECN with delay 3000 < 6000.
    return { n, at50: n.onAck(0, 50_000, 110_000, 15_000, true) };
  };
  const w = t("window");
  // Inside [37001, 55001]: no QuickAdapt (REPATH | FULFILL, cwnd stays 4150) …
  assert.is(w.at50, NSCC_REPATH | NSCC_FULFILL);
  assert.is(w.n.cwndBytes(0), MTU);
  // … then the window ends at 55001 with 110000 + 4150 achieved in it, the trim's arming kept.
  assert.is(w.n.onAck(0, 55_001, MTU, 15_000, true), NSCC_QUICK_ADAPT);
  assert.is(w.n.cwndBytes(0), 114_150);
  // Under alg4 the trim changed no window: the ACK at 50000 fires QuickAdapt at once with
  // 300000 + 110000 = 410000 B, held at maxWnd 225000.
  const a = t("alg4");
  assert.is(a.at50, NSCC_QUICK_ADAPT);
  assert.is(a.n.cwndBytes(0), 225_000);
});

test("mutation pass 26: an RTT sample in (0, 1) counts as 1 ns; a no-sample ACK increases as a sampled one at the same delay", () => {
  // README "RTT intake": rttNs ≤ 0 is no sample; in (0, 1) it counts as 1 ns.
  const cc = uec();
  cc.onAck(0, 1000, MTU, 0.5, false);
  assert.is(cc.baseRttNs(0), 1);
  // The plain UEC path: with no sample the average delay (0 here) stands in for the delay, and
  // the ACK stands for its own bytes, so it adds what a sample at the base RTT (delay 0) adds.
  const a = uec({ maxWndBytes: 10 * MTU });
  a.onSend(0, 0, 4 * MTU);
  a.onSend(1, 0, 4 * MTU);
  a.onAck(0, 1000, MTU, BASE, false);
  a.onAck(1, 1000, MTU, 0, false);
  assert.ok(a.pendingIncrease(0) > 0 || a.cwndBytes(0) !== 10 * MTU);
  assert.is(a.pendingIncrease(1), a.pendingIncrease(0));
  assert.is(a.cwndBytes(1), a.cwndBytes(0));
});

test("mutation pass 26: qaIgnoresTrims ignores a trim that leaves exactly 1 byte of the ignore phase", () => {
  // As vector quickadapt-ignore-phase-ignores-trims-smartt up to QuickAdapt at 19000 (cwnd 40000,
  // 370,850 B to ignore); an ignored ACK of 366,699 B leaves 4151, and a trim of 4150 leaves 1 B:
  // still inside the phase (bytes left > 0), so it is ignored and cwnd stays 40000.
  const cc = smartt({ qaIgnoresTrims: true }, 1);
  cc.onSend(0, 0, 415_000);
  cc.onAck(0, 1000, 0, 12_000, false);
  cc.onTrim(0, 2000, MTU, false, 0);
  assert.is(cc.onAck(0, 19_000, 40_000, 30_000, false), NSCC_QUICK_ADAPT);
  assert.is(cc.ignoreBytes(0), 370_850);
  cc.onAck(0, 19_500, 366_699, 30_000, false);
  assert.is(cc.ignoreBytes(0), 4151);
  assert.is(cc.onTrim(0, 20_000, MTU, false, 0), NSCC_IGNORED);
  assert.is(cc.ignoreBytes(0), 1);
  assert.is(cc.cwndBytes(0), 40_000);
});

test("mutation pass 26: a timeout against exactly 1 byte left to ignore ends the phase and cuts (smartt)", () => {
  // As vector ignore-phase-ends-on-timeout-smartt up to the trim at 19000 (cwnd 20750, 20,750 B
  // to ignore). A timeout of 20,749 B leaves 1 B: ignored. The next, of 4150 B, takes that byte
  // (timeoutsCountIgnored): nothing is left, so the window is cut, 20750 − 4150 = 16600.
  const cc = smartt({}, 1);
  cc.onSend(0, 0, 45_650);
  cc.onAck(0, 1000, 0, 12_000, false);
  cc.onAck(0, 5000, 20_750, 12_000, false);
  cc.onTrim(0, 19_000, MTU, false, 0);
  assert.is(cc.ignoreBytes(0), 20_750);
  assert.is(cc.onTimeout(0, 19_001, 20_749), NSCC_IGNORED);
  assert.is(cc.ignoreBytes(0), 1);
  assert.is(cc.onTimeout(0, 19_002, MTU), NSCC_DECREASE);
  assert.is(cc.ignoreBytes(0), 0);
  assert.is(cc.cwndBytes(0), 16_600);
});

test.run();
