import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { Xoshiro128 } from "../../core/rng";
import { RACK_RX_ACK, RACK_RX_DUPLICATE, RackReceiver, RackSender } from "./rack";

function sender(): RackSender {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32 }, 2);
  s.open(0, 0);
  s.post(0, 4096, 1);
  s.onSchedule(0, 0, 1 << 20);
  for (let i = 0; i < 4; i++) s.nextPacket(0, i * 100);
  s.onAck(0, 10_000, 1, 2, false);
  return s;
}

test("every sender handler refuses bad input without touching any column", () => {
  const s = sender();
  const before = JSON.stringify(s.inspect(0));
  const calls: [number, number][] = [
    [s.post(0, -1, 1), E_ARG],
    [s.onSchedule(0, 0, 2 ** 31), E_ARG],
    [s.nextPacket(0, NaN), E_ARG],
    [s.onAck(0, 0, 5, 0, false), E_STATE],
    [s.onAck(0, 0, 1, 4, false), E_STATE],
    [s.onAck(0, NaN, 1, 0, false), E_ARG],
    [s.onTimer(0, NaN), E_ARG],
    [s.messageInfo(0, 3), E_STATE],
    [s.onAck(1, 0, 0, 0, false), E_SLOT],
  ];
  calls.forEach(([got, want], i) => assert.is(got, want, `call ${i}`));
  assert.is(JSON.stringify(s.inspect(0)), before);
  assert.is(s.errors, calls.length);
});

test("profiles: rfc8985 starts at a quarter of min_RTT, dcp at one RTT; every constant can be overridden", () => {
  assert.is(new RackSender({}).params.reoWndMult, 1);
  assert.is(new RackSender({ profile: "dcp" }).params.reoWndMult, 4);
  assert.is(new RackSender({ profile: "dcp" }).params.reoWndAdaptive, false);
  assert.is(new RackSender({ profile: "dcp", reoWndMult: 2 }).params.reoWndMult, 2);
  assert.throws(() => new RackSender({ profile: "x" as never }), RangeError);
  assert.throws(() => new RackSender({ maxRtoNs: 10, minRtoNs: 100 }), RangeError);
  assert.throws(() => new RackSender({ reoWndAdaptive: 1 as never }), RangeError);
  assert.throws(() => new RackReceiver({ windowPackets: 0 }), RangeError);
});

test("per-packet state is the cost DCP §6.3 points at: bytes per QP grow with the window", () => {
  const small = new RackSender({ windowPackets: 32 }).bytesPerSlot;
  const large = new RackSender({ windowPackets: 1024 }).bytesPerSlot;
  // Per packet: a 4-byte timestamp, two 2-byte list links and four bits.
  assert.is(large - small, (1024 - 32) * (4 + 2 + 2) + ((1024 - 32) / 32) * 4 * 4);
});

test("receiver refuses bad input without touching state", () => {
  const r = new RackReceiver({ windowPackets: 32 }, 1);
  r.open(0, 0);
  r.onData(0, 0, 2, false);
  const before = JSON.stringify(r.inspect(0));
  const out = Array.from(r.out); // the ACK for PSN 2: [cumPsn 0, sackPsn 2, dsack 0, completed 0, msn 0]
  assert.equal(out, [0, 2, 0, 0, 0]);
  assert.is(r.onData(0, NaN, 1, false), E_ARG);
  assert.is(r.onData(0, 0, 99, false), E_STATE);
  assert.is(JSON.stringify(r.inspect(0)), before);
  assert.equal(Array.from(r.out), out);
  // A duplicate carries the DSACK bit in out.dsack, and the next ACK clears it.
  assert.is(r.onData(0, 0, 2, false), RACK_RX_ACK | RACK_RX_DUPLICATE);
  assert.equal(Array.from(r.out), [0, 2, 1, 0, 0]);
  r.onData(0, 0, 0, true);
  assert.equal(Array.from(r.out), [1, 0, 0, 1, 1]);
});

test("onAck's fast path (the cumulative ACK of SND.UNA alone) ends in exactly the state the general path reaches", () => {
  // The same seeded traffic drives two senders. Every in-order ACK reaches `fast` as
  // (una + 1, una), the fast path's shape, and `general` as (una + 1, una − 1): the same ACK,
  // since a SACK below SND.UNA changes nothing, but it fails the fast path's test. Sends, SACKs,
  // cumulative jumps, DSACKs, timers (RTO, PTO, probes) and re-posts put the senders through
  // every state in between. After each event all of a slot's columns must agree.
  for (const params of [{}, { profile: "dcp" as const }, { windowPackets: 32 }]) {
    const fast = new RackSender({ mtuBytes: 1024, ...params }, 2);
    const general = new RackSender({ mtuBytes: 1024, ...params }, 2);
    for (const tx of [fast, general]) {
      tx.open(0, 0);
      tx.open(1, 0xfffff0); // PSNs wrap at 2^24
      for (let s = 0; s < 2; s++) for (let m = 0; m < 8; m++) tx.post(s, 16 * 1024, 1);
    }
    const rng = new Xoshiro128(7);
    let now = 0;
    let inOrder = 0;
    for (let i = 0; i < 40_000; i++) {
      const s = rng.nextBelow(2);
      now = (now + rng.nextBelow(2000)) | 0;
      const sent = fast.inflightPackets(s);
      const una = (fast.inspect(s).una as number) & 0xffffff;
      const k = rng.nextBelow(100);
      let a: number;
      let b: number;
      if (k < 50) {
        a = fast.nextPacket(s, now);
        b = general.nextPacket(s, now);
        if (a === 0) {
          fast.onSchedule(s, now, 65536);
          general.onSchedule(s, now, 65536);
        }
      } else if (k < 75 && sent > 0) {
        const dsack = rng.nextBelow(20) === 0;
        const cum = (una + 1) & 0xffffff;
        a = fast.onAck(s, now, cum, una, dsack);
        b = general.onAck(s, now, cum, dsack ? una : (una - 1) & 0xffffff, dsack);
        if (!dsack) inOrder++;
      } else if (k < 83 && sent > 1) {
        const psn = (una + 1 + rng.nextBelow(sent - 1)) & 0xffffff;
        const dsack = rng.nextBelow(10) === 0;
        a = fast.onAck(s, now, una, psn, dsack);
        b = general.onAck(s, now, una, psn, dsack);
      } else if (k < 87 && sent > 0) {
        const cum = (una + 1 + rng.nextBelow(sent)) & 0xffffff;
        a = fast.onAck(s, now, cum, (cum - 1) & 0xffffff, false);
        b = general.onAck(s, now, cum, (cum - 1) & 0xffffff, false);
      } else if (k < 95) {
        a = fast.onTimer(s, now);
        b = general.onTimer(s, now);
      } else {
        const bytes = 4096 * (1 + rng.nextBelow(4));
        a = fast.post(s, bytes, 1);
        b = general.post(s, bytes, 1);
      }
      assert.is(a, b, `event ${i}: results`);
      assert.equal(Array.from(fast.out), Array.from(general.out), `event ${i}: out`);
      assert.equal(fast.inspect(s), general.inspect(s), `event ${i}: state`);
    }
    assert.is(fast.errors, general.errors);
    assert.ok(inOrder > 5000, `in-order ACKs: ${inOrder}`);
  }
});

test.run();
