import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { GBN_RX_DROP, GBN_RX_NACK, GbnReceiver, GbnSender } from "./gbn";

function sender(): GbnSender {
  const s = new GbnSender({ mtuBytes: 1024, rtoNs: 10_000 }, 2);
  s.open(0, 0);
  s.post(0, 4096, 1);
  s.onSchedule(0, 0, 1 << 20);
  for (let i = 0; i < 4; i++) s.nextPacket(0, 0);
  return s;
}

test("every sender handler refuses bad input without touching any column", () => {
  const s = sender();
  const before = JSON.stringify(s.inspect(0));
  const calls: [number, number][] = [
    [s.post(0, -1, 1), E_ARG],
    [s.post(0, 1, 3), E_ARG],
    [s.onSchedule(0, NaN, 10), E_ARG],
    [s.nextPacket(0, Infinity), E_ARG],
    [s.onAck(0, 0, 5), E_STATE], // beyond the highest PSN sent (4)
    [s.onAck(0, 0, 1.5), E_ARG],
    [s.onNack(0, 0, 4), E_STATE], // a hole needs a later PSN
    [s.onNack(0, NaN, 1), E_ARG],
    [s.onTimer(0, NaN), E_ARG],
    [s.messageInfo(0, 1), E_STATE],
    [s.onAck(1, 0, 0), E_SLOT],
    [s.nextPacket(2, 0), E_SLOT],
  ];
  calls.forEach(([got, want], i) => assert.is(got, want, `call ${i}`));
  assert.is(JSON.stringify(s.inspect(0)), before);
  assert.is(s.errors, calls.length);
});

test("receiver bad input is refused; NACK suppression depends only on time and the hole", () => {
  const r = new GbnReceiver({ nackIntervalNs: 100 }, 1);
  r.open(0, 10);
  assert.is(r.onData(0, 0, 12, false), GBN_RX_NACK);
  const before = JSON.stringify(r.inspect(0));
  assert.is(r.onData(0, NaN, 10, false), E_ARG);
  assert.is(r.onData(0, 0, 1 << 24, false), E_ARG);
  assert.is(JSON.stringify(r.inspect(0)), before);
  assert.is(r.onData(0, 99, 13, false), GBN_RX_DROP);
  assert.is(r.onData(0, 100, 13, false), GBN_RX_NACK);
});

test("construction and open validate their parameters", () => {
  assert.throws(() => new GbnSender({ mtuBytes: 10 }), RangeError);
  assert.throws(() => new GbnSender({ bogus: 1 } as never), RangeError);
  assert.throws(() => new GbnReceiver({ nackIntervalNs: -1 }), RangeError);
  assert.throws(() => new GbnSender().open(0, -1), RangeError);
  assert.is(GbnSender.bytesPerFlow, 4 * 11 + 2 + 4 * 8 * 4 + 8 + 1);
  assert.is(GbnReceiver.bytesPerFlow, 4 * 3 + 1 + 1);
});

test.run();
