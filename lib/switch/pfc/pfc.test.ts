import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { PFC_DROP, PFC_PAUSE, PFC_RESUME, Pfc, pauseFrameNs, pfcAlphaLog2, pfcHeadroomBytes, resolvePfcParams } from "./pfc";

test("defaults: 802.3 quanta at 100 Gb/s, headroom 2 × cable BDP + 2 MTU, XON = XOFF − 3 KB", () => {
  // 65535 × 512 bit / 100 bit/ns = 335,539.2 ns → 335,540 (rounded up).
  assert.is(pauseFrameNs(65535, 100), 335_540);
  assert.is(pauseFrameNs(1, 400), 2); // 1.28 → 2
  // 2 × (100 Gb/s × 1000 ns / 8 = 12,500 B) + 2 × 1500 = 28,000 B.
  assert.is(pfcHeadroomBytes(100, 1000, 1500), 28_000);
  const p = resolvePfcParams();
  assert.is(p.headroomBytes, 28_000);
  assert.is(p.xonBytes, 100_000 - 3072);
  assert.is(p.refreshNs, 167_770);
  assert.throws(() => resolvePfcParams({ xonBytes: 200_000 }), RangeError);
  assert.throws(() => resolvePfcParams({ pauseQuanta: 0 }), RangeError);
  assert.throws(() => resolvePfcParams({ bogus: 1 } as never), RangeError);
  // A PAUSE lasts at most 2^30 ns (PortQueues.onPause's bound): 65535 × 512 bit at 0.01 Gb/s is
  // 3,355,392,000 ns, so given explicitly it throws (the default takes fewer quanta there:
  // pfc-defaults.test.ts).
  assert.throws(() => resolvePfcParams({ linkGbps: 0.01, pauseQuanta: 65535 }), /pauseQuanta/);
  assert.is(pauseFrameNs(1000, 0.01), 51_200_000);
  assert.is(resolvePfcParams({ linkGbps: 0.01, pauseQuanta: 1000 }).pauseQuanta, 1000);
  assert.is(resolvePfcParams({ linkGbps: 0.032 }).pauseQuanta, 65535); // 1,048,560,000 ns
});

test("a pause of 3 s: its length is read as an unsigned age; out.pausedNs saturates at int32", () => {
  const pfc = new Pfc({ xoffBytes: 10_000, xonBytes: 7000, headroomBytes: 3000, pauseQuanta: 1000, linkGbps: 100 }, 1);
  pfc.open(0);
  assert.is(pfc.onArrive(0, 0, 10_500), PFC_PAUSE);
  // 3,000,000,000 ns later (the tick wraps past 2^31): signed, the pause would be −1,294,967,296 ns.
  assert.is(pfc.onDepart(0, 3_000_000_000, 3500), PFC_RESUME);
  assert.is(pfc.out[1], 2_147_483_647);
  assert.is(pfc.pausedNs(0), 3_000_000_000);
});

test("XOFF when the queue crosses it, drops beyond the headroom, XON at or below XON with the pause length", () => {
  const pfc = new Pfc({ xoffBytes: 10_000, xonBytes: 7000, headroomBytes: 3000, pauseQuanta: 1000, linkGbps: 100 }, 2);
  pfc.open(0);
  pfc.open(1);
  for (let i = 1; i <= 6; i++) assert.is(pfc.onArrive(0, i * 10, 1500), 0); // up to 9000
  assert.is(pfc.onArrive(0, 70, 1500), PFC_PAUSE); // 10,500 > 10,000
  assert.is(pfc.out[0], 5120); // 1000 quanta × 512 / 100
  assert.ok(pfc.paused(0));
  assert.is(pfc.onArrive(0, 80, 1500), 0); // 12,000: inside the headroom, no refresh due yet
  assert.is(pfc.onArrive(0, 90, 1500), PFC_DROP); // 13,500 > 13,000
  assert.is(pfc.queueBytes(0), 12_000);
  assert.is(pfc.drops(0), 1);
  assert.is(pfc.dropBytes(0), 1500);
  assert.is(pfc.onDepart(0, 100, 3000), 0); // 9000 > 7000
  assert.is(pfc.onDepart(0, 1070, 2000), PFC_RESUME); // 7000 ≤ 7000
  assert.is(pfc.out[1], 1000); // paused from 70 to 1070
  assert.is(pfc.out[0], 0);
  assert.not.ok(pfc.paused(0));
  assert.is(pfc.pausedNs(0), 1000);
  assert.is(pfc.pauses(0), 1);
  assert.is(pfc.resumes(0), 1);
  // The other queue is untouched.
  assert.is(pfc.queueBytes(1), 0);
  assert.is(pfc.pauses(1), 0);
});

test("a pause is refreshed every refreshNs while above XON, by arrivals, departures or ticks", () => {
  const pfc = new Pfc({ xoffBytes: 1000, xonBytes: 500, headroomBytes: 10_000, pauseQuanta: 100, refreshNs: 200 }, 1);
  pfc.open(0);
  assert.is(pfc.onArrive(0, 0, 1500), PFC_PAUSE);
  assert.is(pfc.onTick(0, 199), 0);
  assert.is(pfc.onTick(0, 200), PFC_PAUSE);
  assert.is(pfc.onArrive(0, 300, 100), 0);
  assert.is(pfc.onArrive(0, 400, 100), PFC_PAUSE);
  assert.is(pfc.onDepart(0, 600, 100), PFC_PAUSE); // 1600 > 500, refresh due
  assert.is(pfc.onDepart(0, 650, 1100), PFC_RESUME); // 500 ≤ 500
  assert.is(pfc.onTick(0, 1000), 0); // no refresh once resumed
  assert.is(pfc.pauseFrames(0), 4);
  assert.is(pfc.pauses(0), 1);
  // Between XON and XOFF after a resume nothing is sent; crossing XOFF again starts a new pause.
  assert.is(pfc.onArrive(0, 700, 400), 0); // 900
  assert.is(pfc.onArrive(0, 710, 200), PFC_PAUSE); // 1100
  assert.is(pfc.pauses(0), 2);
});

test("a drop while paused also carries a due refresh", () => {
  const pfc = new Pfc({ xoffBytes: 1000, xonBytes: 0, headroomBytes: 500, pauseQuanta: 100, refreshNs: 100 }, 1);
  pfc.open(0);
  assert.is(pfc.onArrive(0, 0, 1200), PFC_PAUSE);
  assert.is(pfc.onArrive(0, 150, 400), PFC_DROP | PFC_PAUSE); // 1600 > 1500, refresh due
});

test("bad input: defined errors, counted, state unchanged", () => {
  const pfc = new Pfc({}, 2);
  pfc.open(0);
  pfc.onArrive(0, 0, 1000);
  const before = JSON.stringify(pfc.inspect(0));
  const cases: [() => number, number][] = [
    [() => pfc.onArrive(0, 0, 0), E_ARG],
    [() => pfc.onArrive(0, 0, -5), E_ARG],
    [() => pfc.onArrive(0, 0, 1.5), E_ARG],
    [() => pfc.onArrive(0, NaN, 100), E_ARG],
    [() => pfc.onArrive(1, 0, 100), E_SLOT], // not open
    [() => pfc.onArrive(2, 0, 100), E_SLOT],
    [() => pfc.onDepart(0, 0, 2000), E_STATE], // more than queued
    [() => pfc.onDepart(0, 0, NaN), E_ARG],
    [() => pfc.onTick(0, Infinity), E_ARG],
    [() => pfc.onTick(-1, 0), E_SLOT],
  ];
  let errors = pfc.errors;
  for (const [call, code] of cases) {
    assert.is(call(), code);
    assert.is(pfc.errors, ++errors);
  }
  assert.is(JSON.stringify(pfc.inspect(0)), before);
});

test("ticks wrap: a pause that spans the 2^31 boundary lasts what it lasted", () => {
  const pfc = new Pfc({ xoffBytes: 100, xonBytes: 0, headroomBytes: 10_000 }, 1);
  pfc.open(0);
  const t0 = 0x7fffff00;
  assert.is(pfc.onArrive(0, t0, 200), PFC_PAUSE);
  assert.is(pfc.onDepart(0, (t0 + 0x200) | 0, 200), PFC_RESUME);
  assert.is(pfc.out[1], 0x200);
});

test("setPort: a queue on a faster link gets its own headroom, PAUSE duration and refresh; the others keep the table's", () => {
  // The README's sizing is per link (2 × cable BDP + 2 × MTU; quanta of 512 bit times), so a
  // 400 Gb/s port of a 100 Gb/s table needs its own values.
  const pfc = new Pfc({ xoffBytes: 10_000, xonBytes: 7000, headroomBytes: 3000, mtuBytes: 1500 }, 2);
  pfc.open(0);
  pfc.open(1);
  // 400 Gb/s, 1 µs cable: pfcHeadroomBytes = 2 × ⌈400 × 1000 / 8⌉ + 2 × 1500 = 100,000 + 3000 = 103,000.
  assert.is(pfcHeadroomBytes(400, 1000, 1500), 103_000);
  // 16.056 Gb/s × 1000 ns is exactly 2007 B (2007.0000000000002 as a double product): 2 × 2007 +
  // 2 × 1500 = 7014, not 7016 (audit, 2026-12-07: a port computing the BDP exactly differed by 2 B).
  assert.is(pfcHeadroomBytes(16.056, 1000, 1500), 7014);
  assert.is(pfc.setPort(1, 400, 103_000), 0);
  // 802.3 Annex 31B: 65535 × 512 bit / 400 bit/ns = 83,884.8 ns → 83,885; refresh ⌊83,885 / 2⌋ = 41,942.
  assert.equal([pfc.headroomBytes(1), pfc.portFrameNs(1), pfc.portRefreshNs(1)], [103_000, 83_885, 41_942]);
  // Queue 0 keeps the table's: 3000 B, 65535 × 512 / 100 = 335,539.2 → 335,540 ns, refresh 167,770.
  assert.equal([pfc.headroomBytes(0), pfc.portFrameNs(0), pfc.portRefreshNs(0)], [3000, 335_540, 167_770]);
  // Queue 1 drops only beyond 10,000 + 103,000 = 113,000 B; its PAUSE carries its own duration.
  assert.is(pfc.onArrive(1, 0, 10_500), PFC_PAUSE);
  assert.is(pfc.out[0], 83_885);
  assert.is(pfc.onArrive(1, 10, 102_500), 0); // 113,000: inclusive
  assert.is(pfc.onArrive(1, 20, 1), PFC_DROP);
  assert.is(pfc.onTick(1, 41_941), 0);
  assert.is(pfc.onTick(1, 41_942), PFC_PAUSE); // refreshed at its own interval
  // Queue 0 drops beyond 10,000 + 3000 = 13,000 B, with the table's frame.
  assert.is(pfc.onArrive(0, 0, 13_000), PFC_PAUSE);
  assert.is(pfc.out[0], 335_540);
  assert.is(pfc.onArrive(0, 1, 1), PFC_DROP);
  // A slow link takes the default quanta fitted to it: ⌊2^21 × 0.01⌋ = 20,971 quanta =
  // 20,971 × 512 / 0.01 = 1,073,715,200 ns ≤ 2^30; refresh 536,857,600. Not while paused:
  // 13,000 B leave (0 ≤ XON 7000: XON) first.
  assert.is(pfc.setPort(0, 0.01, 0), E_STATE);
  assert.is(pfc.onDepart(0, 2, 13_000), PFC_RESUME);
  assert.is(pfc.setPort(0, 0.01, 0), 0);
  assert.equal([pfc.headroomBytes(0), pfc.portFrameNs(0), pfc.portRefreshNs(0)], [0, 1_073_715_200, 536_857_600]);
});

test("setPort is refused while the queue is paused: the PAUSE its upstream holds keeps the old link's refresh (review rev-d7)", () => {
  const pfc = new Pfc({ xoffBytes: 10_000, xonBytes: 7000, headroomBytes: 3000, mtuBytes: 1500 }, 1);
  pfc.open(0);
  assert.is(pfc.setPort(0, 400, 103_000), 0);
  assert.is(pfc.onArrive(0, 0, 10_500), PFC_PAUSE);
  assert.is(pfc.out[0], 83_885); // 65535 × 512 / 400, rounded up
  const before = JSON.stringify(pfc.inspect(0));
  const errors = pfc.errors;
  // At 100 Gb/s the refresh would be 167,770 ns, after the 83,885 ns frame sent at 0 ran out:
  // the upstream would send unpaused from 83,885 to 167,770 ns.
  assert.is(pfc.setPort(0, 100, 33_300), E_STATE);
  assert.is(pfc.errors, errors + 1);
  assert.is(JSON.stringify(pfc.inspect(0)), before);
  assert.is(pfc.onTick(0, 41_942), PFC_PAUSE); // ⌊83,885 / 2⌋: the 400 Gb/s link's refresh still
});

test("setPort: pauseQuanta and refreshNs given to the table hold at every rate; a rate they do not fit is refused", () => {
  const pfc = new Pfc({ xoffBytes: 1000, xonBytes: 0, headroomBytes: 500, pauseQuanta: 100, refreshNs: 200 }, 1);
  pfc.open(0);
  const before = JSON.stringify(pfc.inspect(0));
  // At 400 Gb/s 100 quanta last 100 × 512 / 400 = 128 ns, shorter than the 200 ns refresh.
  assert.is(pfc.setPort(0, 400, 700), E_ARG);
  assert.is(JSON.stringify(pfc.inspect(0)), before);
  // At 200 Gb/s: 256 ns ≥ 200.
  assert.is(pfc.setPort(0, 200, 700), 0);
  assert.equal([pfc.headroomBytes(0), pfc.portFrameNs(0), pfc.portRefreshNs(0)], [700, 256, 200]);
  // 65535 quanta given: at 0.01 Gb/s they would last 3,355,392,000 ns > 2^30.
  const q = new Pfc({ pauseQuanta: 65535 }, 1);
  q.open(0);
  assert.is(q.setPort(0, 0.01, 0), E_ARG);
  assert.is(q.portFrameNs(0), 335_540);
});

test("setPort bad input: defined errors, counted, state unchanged", () => {
  const pfc = new Pfc({}, 2);
  pfc.open(0);
  const before = JSON.stringify(pfc.inspect(0));
  const cases: [() => number, number][] = [
    [() => pfc.setPort(0, 0, 1000), E_ARG],
    [() => pfc.setPort(0, -100, 1000), E_ARG],
    [() => pfc.setPort(0, NaN, 1000), E_ARG],
    [() => pfc.setPort(0, 100_001, 1000), E_ARG],
    [() => pfc.setPort(0, 100, -1), E_ARG],
    [() => pfc.setPort(0, 100, 1.5), E_ARG],
    [() => pfc.setPort(0, 100, 2 ** 29 + 1), E_ARG],
    [() => pfc.setPort(0, 4e-7, 0), E_ARG], // one quantum lasts ⌈512 / 4e-7⌉ = 1.28e9 ns > 2^30
    [() => pfc.setPort(1, 100, 1000), E_SLOT], // not open
    [() => pfc.setPort(2, 100, 1000), E_SLOT],
  ];
  let errors = pfc.errors;
  for (const [call, code] of cases) {
    assert.is(call(), code);
    assert.is(pfc.errors, ++errors);
  }
  assert.is(JSON.stringify(pfc.inspect(0)), before);
  // Closed and reopened, a queue is back on the table's link.
  assert.is(pfc.setPort(0, 400, 1), 0);
  pfc.close(0);
  assert.is(pfc.headroomBytes(0), 0);
  pfc.open(0);
  assert.equal([pfc.headroomBytes(0), pfc.portFrameNs(0)], [28_000, 335_540]);
});

test("per ingress queue state is 58 B", () => {
  // 46 B before, + headroomBytes, frameNs, refreshNs (3 × int32).
  assert.is(Pfc.bytesPerFlow, 58);
});

test("pfcAlphaLog2: HPCC third.cc's pfc_a_shift, 3 at the NICs' rate and one less per halving of the port's rate that stays above it", () => {
  // shift = 3; for (i = rate; i > nic_rate && shift > 0; i /= 2) shift--; alphaLog2 = −shift.
  // 100/100: 100 > 100 no → 3. 200: 200 > 100 (2), 100 no → 2. 400: 400 (2), 200 (1), 100 no → 1.
  // 800: 800 (2), 400 (1), 200 (0), shift 0 ends it → 0. 1600: the same three, → 0.
  // 150: 150 (2), 75 no → 2. 25: 25 > 100 no → 3.
  const cases: [number, number][] = [
    [100, -3],
    [200, -2],
    [400, -1],
    [800, 0],
    [1600, 0],
    [150, -2],
    [25, -3],
  ];
  for (const [gbps, want] of cases) assert.ok(Object.is(pfcAlphaLog2(gbps, 100), want), `${gbps}/100: ${pfcAlphaLog2(gbps, 100)}, want ${want}`);
  // Integer b/s, as third.cc's uint64: 200 Gb/s + 1 b/s halves to ⌊200,000,000,001 / 2⌋ = 100 Gb/s,
  // not above the NICs' (shift 2), though ⌈log2(2.00000000001)⌉ = 2.
  assert.is(pfcAlphaLog2(200.000000001, 100), -2);
  assert.is(pfcAlphaLog2(200.000000002, 100), -1); // 100,000,000,001 > 100,000,000,000
  assert.is(pfcAlphaLog2(25, 25), -3);
  assert.is(pfcAlphaLog2(100, 25), -1);
  for (const [a, b] of [[0, 100], [100, 0], [100_001, 100], [Number.NaN, 100], [100, Number.POSITIVE_INFINITY]]) {
    assert.throws(() => pfcAlphaLog2(a, b), RangeError);
  }
});

test.run();
