import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { IRN_TX_NONE, IrnReceiver, IrnSender } from "./irn";

function sender(): IrnSender {
  const s = new IrnSender({ mtuBytes: 1024, bdpPackets: 32 }, 2);
  s.open(0, 0);
  s.post(0, 4096, 1);
  s.onSchedule(0, 0, 1 << 20);
  for (let i = 0; i < 4; i++) s.nextPacket(0, 0);
  s.onNack(0, 1, 0, 2); // in recovery, PSN 2 SACKed
  return s;
}

test("every sender handler refuses bad input without touching any column", () => {
  const s = sender();
  const before = JSON.stringify(s.inspect(0));
  const calls: [number, number][] = [
    [s.post(0, 2 ** 30, 1), E_ARG],
    [s.onSchedule(0, 0, -5), E_ARG],
    [s.nextPacket(0, NaN), E_ARG],
    [s.onAck(0, 0, 5), E_STATE],
    [s.onNack(0, 0, 1, 1), E_STATE],
    [s.onNack(0, 0, 1, 4), E_STATE],
    [s.onNack(0, 0, -1, 3), E_ARG],
    [s.onTimer(0, NaN), E_ARG],
    [s.messageInfo(0, 7), E_STATE],
    [s.onTimer(1, 0), E_SLOT],
  ];
  calls.forEach(([got, want], i) => assert.is(got, want, `call ${i}`));
  assert.is(JSON.stringify(s.inspect(0)), before);
  assert.is(s.errors, calls.length);
});

test("each lost packet is retransmitted once per recovery episode", () => {
  const s = sender();
  s.onSchedule(0, 2, 1 << 20);
  assert.equal([s.nextPacket(0, 2), s.out[2], s.nextPacket(0, 2), s.out[2]], [2, 0, 2, 1]);
  assert.is(s.nextPacket(0, 2), IRN_TX_NONE);
  s.onNack(0, 3, 0, 3); // more SACKs: the highest is now 3, but 0 and 1 are not lost twice
  assert.is(s.nextPacket(0, 3), IRN_TX_NONE);
  assert.is(s.retransmissions(0), 2);
});

test("receiver refuses bad input; construction validates", () => {
  const r = new IrnReceiver({ bdpPackets: 32 }, 1);
  r.open(0, 0);
  r.onData(0, 0, 3, false);
  const before = JSON.stringify(r.inspect(0));
  const out = Array.from(r.out); // the NACK for PSN 3: [cumPsn 0, sackPsn 3, completed 0, msn 0]
  assert.equal(out, [0, 3, 0, 0]);
  assert.is(r.onData(0, NaN, 1, false), E_ARG);
  assert.is(r.onData(0, 0, 40, false), E_STATE);
  assert.is(JSON.stringify(r.inspect(0)), before);
  assert.equal(Array.from(r.out), out);
  assert.throws(() => new IrnSender({ bdpPackets: 0 }), RangeError);
  assert.throws(() => new IrnReceiver({ bogus: 1 } as never), RangeError);
  assert.is(new IrnReceiver({ bdpPackets: 128 }, 1).bytesPerSlot, 4 + 4 + 2 * 16 + 1);
});

test.run();
