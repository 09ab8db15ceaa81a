import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { TIMEOUT_TX_NONE, TimeoutReceiver, TimeoutSender } from "./timeout";

function sender(): TimeoutSender {
  const s = new TimeoutSender({ mtuBytes: 1024, windowPackets: 32, rtoNs: 1000 }, 2);
  s.open(0, 0);
  s.post(0, 4096, 1);
  s.onSchedule(0, 0, 1 << 20);
  for (let i = 0; i < 4; i++) s.nextPacket(0, 0);
  return s;
}

test("every sender handler refuses bad input without touching any column", () => {
  const s = sender();
  s.onAck(0, 1, 0, 2);
  const before = JSON.stringify(s.inspect(0));
  const calls: [number, number][] = [
    [s.post(0, 0.5, 1), E_ARG],
    [s.onSchedule(0, NaN, 1), E_ARG],
    [s.nextPacket(0, NaN), E_ARG],
    [s.onAck(0, 0, 5, 0), E_STATE],
    [s.onAck(0, 0, 0, 4), E_STATE],
    [s.onAck(0, 0, 0, -1), E_ARG],
    [s.onTimer(0, NaN), E_ARG],
    [s.messageInfo(0, 2), E_STATE],
    [s.nextPacket(1, 0), E_SLOT],
  ];
  calls.forEach(([got, want], i) => assert.is(got, want, `call ${i}`));
  assert.is(JSON.stringify(s.inspect(0)), before);
  assert.is(s.errors, calls.length);
});

test("out-of-order ACKs never trigger a retransmission; only the timer does", () => {
  const s = sender();
  for (const sack of [3, 2, 1]) assert.is(s.onAck(0, 10, 0, sack), 0);
  assert.is(s.nextPacket(0, 10), TIMEOUT_TX_NONE);
  assert.is(s.retransmissions(0), 0);
  assert.is(s.onTimer(0, 1000), 1);
  s.onSchedule(0, 1000, 1 << 20);
  assert.equal([s.nextPacket(0, 1000), s.out[2], s.nextPacket(0, 1000)], [2, 0, TIMEOUT_TX_NONE]);
});

test("receiver refuses bad input; construction validates", () => {
  const r = new TimeoutReceiver({ windowPackets: 32 }, 1);
  r.open(0, 0);
  const before = JSON.stringify(r.inspect(0));
  assert.is(r.onData(0, NaN, 0, false), E_ARG);
  assert.is(JSON.stringify(r.inspect(0)), before);
  assert.throws(() => new TimeoutSender({ rtoNs: 0 }), RangeError);
  assert.throws(() => new TimeoutReceiver({ windowPackets: 1.5 }), RangeError);
});

test.run();
