import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { DACK_H0, DACK_H1, DACK_H_INF, DACK_H_MINUS1, DACK_RETRANSMIT, DACK_SEND_NEW, DACK_SEND_RETRANSMIT, DackInitiator } from "./initiator";
import { resolveDackInitiatorParams } from "./params";
import { DACK_KIND_DACK, DACK_KIND_IACK, DACK_KIND_NACK, DackTarget } from "./target";

test("parameters: defaults, refusals, bytesPerFlow", () => {
  assert.equal(resolveDackInitiatorParams(), { maxOutstandingPackets: 256, maxOutstandingBytes: 262144, h1Threshold: 6 });
  assert.throws(() => new DackInitiator({ h1: 6 } as never), /unknown parameter h1/);
  assert.throws(() => new DackInitiator({ h1Threshold: 0 }), RangeError);
  assert.throws(() => new DackInitiator({ h1Threshold: 256 }), RangeError);
  assert.throws(() => new DackInitiator({ maxOutstandingPackets: 1.5 }), RangeError);
  const d = new DackInitiator({}, 1);
  assert.throws(() => d.open(0, 0, 0), RangeError);
  assert.throws(() => d.open(0, 0, 262145), RangeError);
  assert.throws(() => d.open(0, NaN, 100), RangeError);
  // The range's ends: 1 byte and maxOutstandingBytes (262144) per packet.
  d.open(0, 0, 1);
  assert.ok(d.isOpen(0));
  d.close(0);
  d.open(0, 0, 262144);
  assert.ok(d.isOpen(0));
  assert.is(DackInitiator.bytesPerFlow, 23);
});

test("the paper's steady state under congestion: alternating DACK/IACK holds the outstanding count", () => {
  const d = new DackInitiator({}, 1);
  d.open(0, 0, 2112);
  for (let i = 0; i < 20; i++) d.onSend(0);
  assert.is(d.onDack(0, -1), DACK_H_MINUS1);
  for (let i = 0; i < 50; i++) {
    assert.is(d.onIack(0, i), DACK_H0);
    assert.is(d.onSend(0), DACK_SEND_NEW);
    assert.is(d.canSend(0), false);
    assert.is(d.onDack(0, i), DACK_H_MINUS1);
    assert.is(d.outstandingPackets(0), 20);
  }
});

/** Every column of slot 0 plus the counters, for "unchanged" checks. */
function snapshot(d: DackInitiator): string {
  return JSON.stringify([d.inspect(0), d.sentNew, d.retransmissions, d.nacks, d.timeouts, d.out[0]]);
}

test("seeded random events keep credits in [0, limit], the window and the states consistent; bad events change nothing", () => {
  const rng = new Xoshiro128(11);
  const d = new DackInitiator({ maxOutstandingPackets: 24 }, 2);
  d.open(0, 0x7fffff00, 2112);
  const gt = (a: number, b: number) => ((a - b) | 0) > 0;
  let errors = 0;
  const seen = new Set<number>();
  for (let i = 0; i < 100_000; i++) {
    const acked = d.ackedSeq(0);
    const high = d.highSeq(0);
    const span = (high - acked - 1) | 0;
    const k = rng.nextBelow(100);
    const before = snapshot(d);
    let r: number;
    let bad = false;
    if (k < 40) {
      const can = d.canSend(0);
      r = d.onSend(0);
      assert.is(r > 0, can);
      bad = !can;
    } else if (k < 60) {
      if (span > 0) r = d.onIack(0, (acked + 1 + rng.nextBelow(Math.min(span, 3))) | 0);
      else {
        r = d.onIack(0, acked);
        bad = true;
      }
    } else if (k < 80) {
      r = d.onDack(0, acked);
    } else if (k < 84) {
      r = span > 0 ? d.onNack(0, (acked + rng.nextBelow(span)) | 0) : d.onNack(0, acked);
    } else if (k < 86) {
      r = d.onTimeout(0);
      bad = span === 0;
    } else {
      // Bad events: ACK kinds out of order, numbers from the future or the past, a closed slot.
      const j = rng.nextBelow(7);
      r =
        j === 0 ? d.onIack(0, high) : j === 1 ? d.onIack(0, (acked - rng.nextBelow(5)) | 0) : j === 2 ? d.onDack(0, (acked + 1 + rng.nextBelow(3)) | 0)
        : j === 3 ? d.onNack(0, (acked - 1 - rng.nextBelow(3)) | 0) : j === 4 ? d.onNack(0, (high + rng.nextBelow(3)) | 0) : j === 5 ? d.onAck(1, acked) : d.onIack(0, 0.5);
      bad = true;
    }
    if (bad) {
      assert.ok(r < 0, `bad event accepted: ${r}`);
      assert.is(snapshot(d), before, "a rejected event changes nothing");
      errors++;
    } else {
      assert.ok(r >= 0, `event ${k} refused: ${r}`);
      if (k < 40) assert.ok(r === DACK_SEND_NEW || r === DACK_SEND_RETRANSMIT);
    }
    const state = d.haltState(0);
    seen.add(state);
    const credits = d.credits(0);
    const outstanding = d.outstandingPackets(0);
    assert.ok(credits >= 0 && credits <= d.limitPackets(0), `credits ${credits}`);
    assert.ok(outstanding >= 0 && outstanding <= d.limitPackets(0), `outstanding ${outstanding}`);
    assert.ok(!gt(d.nextSeq(0), d.highSeq(0)));
    assert.ok(gt(d.nextSeq(0), d.ackedSeq(0)));
    assert.ok(state >= DACK_H_INF && state <= DACK_RETRANSMIT);
    if (state === DACK_H_INF) assert.is(credits, 0);
    if (state === DACK_RETRANSMIT) assert.ok(gt(d.highSeq(0), d.nextSeq(0)), "retransmitting means a go-back region is left");
    assert.ok(d.h1Counter(0) < 6);
    if (state !== DACK_H1) assert.is(d.h1Counter(0), 0);
  }
  assert.is(d.errors, errors);
  assert.equal([...seen].sort(), [DACK_H_INF, DACK_H_MINUS1, DACK_H0, DACK_H1, DACK_RETRANSMIT]);
  assert.ok(d.highSeq(0) < 0, "the run crossed the int32 sign of the sequence space");
  assert.is(d.onSend(1), E_SLOT);
  assert.is(d.onIack(0, NaN), E_ARG);
  assert.is(d.onDack(0, (d.ackedSeq(0) + 1) | 0), E_STATE);
});

/**
 * A closed loop: several initiators stream N packets each through one FIFO path to a target
 * whose host drains its queue at random moments, and the target's ACKs return through another
 * FIFO. The order of events is random; per stream, the paths keep packet order. Checks that
 * the initiators accept every ACK the target writes (kinds and numbers agree), that the loop
 * never stalls, and that every packet is delivered exactly once in order.
 */
function closedLoop(seed: number, queueBytes: number, fairness: boolean): { drops: number; retransmits: number; dacks: number } {
  const rng = new Xoshiro128(seed);
  const STREAMS = 4;
  const N = 400;
  const size = [2112, 4160, 1088, 9216];
  const target = new DackTarget({ queueBytes, fairnessPeriodNs: fairness ? 3000 : 0 }, STREAMS);
  const init = new DackInitiator({ maxOutstandingPackets: 64 }, STREAMS);
  for (let s = 0; s < STREAMS; s++) {
    target.open(s, 1000 * s);
    init.open(s, 1000 * s, size[s]);
  }
  const fwd: [number, number][] = [];
  const rev: [number, number, number][] = [];
  let now = 0;
  let idle = 0;
  let dacks = 0;
  const done = () => {
    for (let s = 0; s < STREAMS; s++) if (target.expectedSeq(s) !== 1000 * s + N) return false;
    return target.queueLength() === 0 && fwd.length === 0 && rev.length === 0;
  };
  while (!done()) {
    now += 10;
    const k = rng.nextBelow(100);
    let progressed = false;
    if (k < 35) {
      const s = rng.nextBelow(STREAMS);
      const more = init.nextSeq(s) !== init.highSeq(s) || init.highSeq(s) !== 1000 * s + N;
      if (more && init.canSend(s)) {
        assert.ok(init.onSend(s) > 0);
        fwd.push([s, init.out[0]]);
        progressed = true;
      }
    } else if (k < 65) {
      const p = fwd.shift();
      if (p) {
        assert.ok(target.onData(p[0], now, p[1], size[p[0]]) >= 0);
        for (let i = 0; i < target.out[0]; i++) rev.push([target.out[1 + 3 * i], target.out[2 + 3 * i], target.out[3 + 3 * i]]);
        progressed = true;
      }
    } else if (k < 85) {
      const a = rev.shift();
      if (a) {
        const [kind, s, seq] = a;
        if (kind === DACK_KIND_DACK) dacks++;
        const r = kind === DACK_KIND_IACK ? init.onIack(s, seq) : kind === DACK_KIND_DACK ? init.onDack(s, seq) : init.onNack(s, seq);
        assert.ok(r >= 0, `initiator refused kind ${kind} seq ${seq} (acked ${init.ackedSeq(s)}): ${r}`);
        if (kind === DACK_KIND_NACK) assert.ok(r === DACK_RETRANSMIT || r === DACK_H_MINUS1);
        else if (kind === DACK_KIND_DACK) assert.ok(r === DACK_RETRANSMIT || r === DACK_H_MINUS1);
        progressed = true;
      }
    } else if (target.queueLength() > 0) {
      assert.ok(target.onProcessed(now) >= 0);
      for (let i = 0; i < target.out[0]; i++) rev.push([target.out[1 + 3 * i], target.out[2 + 3 * i], target.out[3 + 3 * i]]);
      progressed = true;
    }
    idle = progressed ? 0 : idle + 1;
    assert.ok(idle < 1000, `stalled: ${JSON.stringify([0, 1, 2, 3].map((s) => init.inspect(s)))}`);
  }
  assert.is(target.errors, 0);
  assert.is(init.errors, 0);
  return { drops: target.dropsFull + target.dropsOutOfOrder, retransmits: init.retransmissions, dacks };
}

test("closed loop: every ACK the target writes is one the initiator accepts, and nothing stalls", () => {
  let drops = 0;
  let dacks = 0;
  for (const seed of [1, 2, 3, 4]) {
    const big = closedLoop(seed, 82944, false);
    const small = closedLoop(seed, 24000, seed % 2 === 0);
    drops += small.drops + big.drops;
    dacks += small.dacks + big.dacks;
  }
  assert.ok(drops > 0 && dacks > 0, `the runs exercised drops (${drops}) and DACKs (${dacks})`);
});

test("default capacity is one stream: slot 0 opens, slot 1 is E_SLOT", () => {
  // lib/README and the area contract: a table made without a capacity argument holds one flow.
  const d = new DackInitiator();
  assert.is(d.capacity, 1);
  d.open(0, 0, 2112);
  assert.is(d.onSend(0), DACK_SEND_NEW);
  assert.is(d.onSend(1), E_SLOT);
});

test("an odd firstSeq: ackedSeq at open is firstSeq − 1, and a DACK of it is taken (§II-C)", () => {
  // README: ackedSeq is "firstSeq − 1 at open". firstSeq 5 → ackedSeq 4, outstanding 5 − 4 − 1 = 0.
  // (Every other test opened at an even number, where (s − 1) | 1 = s − 1 as well.)
  const d = new DackInitiator({}, 1);
  d.open(0, 5, 2112);
  assert.is(d.ackedSeq(0), 4);
  assert.is(d.outstandingPackets(0), 0);
  assert.is(d.onSend(0), DACK_SEND_NEW);
  assert.is(d.out[0], 5);
  assert.is(d.outstandingPackets(0), 1); // 6 − 4 − 1
  // §II-C: a DACK repeats the last acknowledged number, 4; §II-E: any DACK → H(−1).
  assert.is(d.onDack(0, 4), DACK_H_MINUS1);
  // §II-A timeout: go back to ackedSeq + 1 = 5 = the only packet sent, highSeq 6 → retransmitting.
  assert.is(d.onTimeout(0), DACK_RETRANSMIT);
  assert.is(d.nextSeq(0), 5);
  assert.is(d.errors, 0);
});

test("onAck classifies by signed difference across the int32 sign (§II-C)", () => {
  // README: numbers are compared by signed difference. firstSeq 2147483646 = 2^31 − 2: sends
  // 2^31 − 2, 2^31 − 1, −2^31 (2^31 as int32); ackedSeq 2^31 − 3 at open.
  const d = new DackInitiator({}, 1);
  d.open(0, 2147483646, 2112);
  for (let i = 0; i < 3; i++) assert.is(d.onSend(0), DACK_SEND_NEW);
  assert.is(d.highSeq(0), -2147483647);
  // The acknowledged number again: a DACK → H(−1) (§II-E).
  assert.is(d.onAck(0, 2147483645), DACK_H_MINUS1);
  // 2^31 − 1 − (2^31 − 3) = 2 > 0: an IACK, H(−1) → H0.
  assert.is(d.onAck(0, 2147483647), DACK_H0);
  // −2^31 − (2^31 − 1) = −2^32 + 1 ≡ 1 (mod 2^32) > 0: an IACK, H0 → H1, not a number from the past.
  assert.is(d.onAck(0, -2147483648), DACK_H1);
  assert.is(d.ackedSeq(0), -2147483648);
  assert.is(d.errors, 0);
});

test("an IACK below nextSeq across the int32 sign does not move nextSeq back", () => {
  // README: nextSeq moves forward on "an IACK at or past it" only; a go-back is for NACK or
  // timeout (§II-A). Sent 2^31 − 2, 2^31 − 1, −2^31: nextSeq = −2^31 + 1 = −2147483647.
  // IACK 2^31 − 1: nextSeq − seq = −2147483647 − 2147483647 = −2^32 + 2 ≡ 2 > 0, so it stays.
  const d = new DackInitiator({}, 1);
  d.open(0, 2147483646, 2112);
  for (let i = 0; i < 3; i++) d.onSend(0);
  assert.is(d.onIack(0, 2147483647), DACK_H_INF);
  assert.is(d.nextSeq(0), -2147483647);
  assert.is(d.outstandingPackets(0), 1); // −2^31 only: −2147483647 − 2147483647 − 1 ≡ 1
  assert.is(d.onSend(0), DACK_SEND_NEW);
  assert.is(d.out[0], -2147483647);
  assert.is(d.retransmissions, 0);
});

test("h1Threshold 255 (its largest): the 255th IACK counted in H1 returns to H∞", () => {
  // §II-E: in H1 each IACK increments the counter; the IACK that brings it to the threshold
  // returns to H∞ (README "Interpretation": the H0 → H1 IACK resets the counter to 0).
  // Limit min(512, ⌊262144 / 1⌋) = 512 leaves room for the 1 + 1 + 255 IACKs of one packet each.
  const d = new DackInitiator({ h1Threshold: 255, maxOutstandingPackets: 512 }, 1);
  d.open(0, 0, 1);
  for (let i = 0; i < 300; i++) assert.is(d.onSend(0), DACK_SEND_NEW);
  assert.is(d.onDack(0, -1), DACK_H_MINUS1);
  assert.is(d.onIack(0, 0), DACK_H0);
  assert.is(d.onIack(0, 1), DACK_H1);
  for (let k = 1; k <= 254; k++) {
    assert.is(d.onIack(0, 1 + k), DACK_H1);
    assert.is(d.h1Counter(0), k);
  }
  assert.is(d.onIack(0, 256), DACK_H_INF);
  assert.is(d.h1Counter(0), 0);
  assert.is(d.credits(0), 0);
});

test.run();
