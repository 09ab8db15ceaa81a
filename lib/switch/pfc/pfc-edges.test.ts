// Boundaries of Pfc that pfc.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md): each threshold is strict on one side, and each range has two ends.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG } from "../../core/errors";
import { PFC_DROP, PFC_PAUSE, Pfc, resolvePfcParams } from "./pfc";

function pfc(params: Record<string, unknown>): Pfc {
  const p = new Pfc(params, 2);
  p.open(0);
  p.open(1);
  return p;
}

test("a queue at exactly XOFF is not paused; at exactly XOFF + headroom the packet is admitted", () => {
  const p = pfc({ xoffBytes: 3000, xonBytes: 1000, headroomBytes: 2000 });
  assert.is(p.onArrive(1, 0, 3000), 0); // 3000 = XOFF: not above it
  assert.not.ok(p.paused(1));
  assert.is(p.onArrive(1, 10, 1), PFC_PAUSE);
  assert.is(p.onArrive(1, 20, 1999), 0); // 5000 = XOFF + headroom: admitted
  assert.is(p.queueBytes(1), 5000);
  const r = p.onArrive(1, 30, 1);
  assert.ok(r >= 0 && (r & PFC_DROP) !== 0, `${r}`);
  assert.is(p.drops(1), 1);
});

test("packet sizes: 1 B to 2^30 − 1 B arrive; a departure of 0 B is refused", () => {
  const p = pfc({ xoffBytes: 2 ** 29, headroomBytes: 0 });
  assert.is(p.onArrive(1, 0, 2), 0);
  const r = p.onArrive(0, 0, 2 ** 30 - 1); // a valid size, beyond XOFF + headroom
  assert.ok(r >= 0 && (r & PFC_DROP) !== 0, `${r}`);
  assert.is(p.onArrive(0, 0, 2 ** 30), E_ARG);
  assert.is(p.onDepart(1, 0, 1), 0);
  const errors = p.errors;
  assert.is(p.onDepart(1, 0, 0), E_ARG);
  assert.is(p.errors, errors + 1);
  assert.is(p.queueBytes(1), 1);
});

test("a departure's refresh is due at exactly refreshNs after the last PAUSE, not a tick before", () => {
  const p = pfc({ xoffBytes: 1000, xonBytes: 100, headroomBytes: 10_000, pauseQuanta: 100, refreshNs: 201 });
  assert.is(p.onArrive(1, 0, 3000), PFC_PAUSE);
  assert.is(p.onDepart(1, 200, 10), 0);
  assert.is(p.onDepart(1, 201, 10), PFC_PAUSE);
});

test("parameter ranges: each lower end is accepted, XON defaults to 0 below 3 KB of XOFF", () => {
  const p = resolvePfcParams({ xoffBytes: 1, headroomBytes: 0, cableNs: 0, pauseQuanta: 1, refreshNs: 1 });
  assert.equal([p.xoffBytes, p.xonBytes, p.headroomBytes, p.cableNs, p.pauseQuanta, p.refreshNs], [1, 0, 0, 0, 1, 1]);
  assert.is(resolvePfcParams({ xoffBytes: 1000 }).xonBytes, 0);
  // One quantum at 1000 Gb/s is ⌈0.512⌉ = 1 ns, so the refresh can be no longer than 1 ns.
  assert.throws(() => resolvePfcParams({ pauseQuanta: 1, linkGbps: 1000, refreshNs: 2 }), RangeError);
  // The default capacity is one queue.
  const one = new Pfc();
  one.open(0);
  assert.throws(() => one.open(1), RangeError);
});

test.run();
