import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { RackReceiver, RackSender } from "./rack";

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
  assert.is(r.onData(0, NaN, 1, false), E_ARG);
  assert.is(r.onData(0, 0, 99, false), E_STATE);
  assert.is(JSON.stringify(r.inspect(0)), before);
});

test.run();
