import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT, E_STATE } from "../../core/errors";
import { IRN_RX_NACK, IRN_TX_NEW, IRN_TX_NONE, IRN_TX_RETRANSMIT, IrnReceiver, IrnSender } from "./irn";

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

/** Sender and receiver of one 16-packet Write (1 KiB packets), feedback handed over by the test. */
function pair() {
  const s = new IrnSender({ mtuBytes: 1024, bdpPackets: 32 }, 1);
  const r = new IrnReceiver({ bdpPackets: 32 }, 1);
  s.open(0, 0);
  r.open(0, 0);
  s.post(0, 16 * 1024, 1);
  s.onSchedule(0, 0, 1 << 20);
  const arrive = (psn: number) => {
    const nack = (r.onData(0, 0, psn, false) & IRN_RX_NACK) !== 0;
    return [nack ? 1 : 0, r.out[0], r.out[1]];
  };
  const feed = (f: number[]) => (f[0] === 1 ? s.onNack(0, 0, f[1], f[2]) : s.onAck(0, 0, f[1]));
  const resends = () => {
    const psns: number[] = [];
    while (s.nextPacket(0, 0) === IRN_TX_RETRANSMIT) psns.push(s.out[2]);
    return psns;
  };
  return { s, arrive, feed, resends };
}

test("a NACK overtaken by the ACKs past its SACK starts no recovery episode (DCP §2.2: entered once)", () => {
  const { s, arrive, feed, resends } = pair();
  for (let i = 0; i < 3; i++) s.nextPacket(0, 0);
  const fb = [arrive(2), arrive(0), arrive(1)]; // NACK(0, 2), ACK 1, ACK 3
  feed(fb[1]);
  feed(fb[2]);
  feed(fb[0]); // the NACK comes back last
  assert.is(s.inRecovery(0), false);
  for (let i = 0; i < 8; i++) s.nextPacket(0, 0); // PSNs 3..10; 3 and 4 are lost
  feed(arrive(5)); // NACK(3, 5): recovery, point 10
  assert.equal(resends(), [3, 4]);
  feed(arrive(3)); // the resent 3: ACK 4, still in recovery (the point is 10)
  feed(arrive(6)); // NACK(4, 6)
  assert.is(s.inRecovery(0), true);
  assert.equal(resends(), [], "PSN 4 was resent in this episode already");
  assert.is(s.retransmissions(0), 2);
});

test("recovery ending on a hole the SACKs show starts the next episode at once, not after an RTO", () => {
  const { s, arrive, feed, resends } = pair();
  for (let i = 0; i < 10; i++) s.nextPacket(0, 0); // PSNs 0..9; 0 is lost
  feed(arrive(1)); // NACK(0, 1): recovery, point 9
  assert.equal(resends(), [0]);
  s.nextPacket(0, 0); // new PSN 10, lost
  s.nextPacket(0, 0); // new PSN 11
  for (let p = 2; p <= 9; p++) feed(arrive(p));
  feed(arrive(11)); // NACK(0, 11): highest SACK 12
  feed(arrive(0)); // the resent 0: ACK 10 passes the point 9, with PSN 10 still a hole
  assert.is(s.unaPsn(0), 10);
  assert.is(s.inRecovery(0), true);
  assert.equal(resends(), [10]);
});

test("a new episode begun at a recovery exit rescans from the cumulative ACK: the hole there, resent and lost in the last episode, goes again at once", () => {
  // notes/baselines.md §5: in recovery a packet below the highest SACK, neither ACKed nor SACKed,
  // is lost and goes first; IRN §3.1: "the first packet that is retransmitted on entering loss
  // recovery corresponds to the cumulative acknowledgement value" (ConWeave RecoverQueue: from
  // snd_una). Found in review (rev-irn reentry.ts): the new episode's scan went on from where the
  // last one stopped (past 10), so PSN 10 waited for RTO_high.
  const s = new IrnSender({ mtuBytes: 1024, bdpPackets: 32, roundQuotaBytes: 1 << 20 }, 1);
  s.open(0, 0);
  s.post(0, 20 * 1024, 1); // PSNs 0..19
  s.onSchedule(0, 0, 1 << 20);
  for (let i = 0; i < 10; i++) assert.is(s.nextPacket(0, 0), IRN_TX_NEW); // 0..9; 0 is lost
  s.onNack(0, 1, 0, 1); // recovery, point = highest sent = 9; highest SACK + 1 = 2
  assert.equal([s.recoveryPsn(0), s.highSackPsn(0)], [9, 2]);
  assert.equal([s.nextPacket(0, 2), s.out[2]], [IRN_TX_RETRANSMIT, 0]); // unSACKed in [0, 2): 0
  const fresh = [0, 0, 0].map(() => (s.nextPacket(0, 2), s.out[2]));
  assert.equal(fresh, [10, 11, 12]); // nothing else lost: new data; 10 is lost
  for (let p = 2; p <= 9; p++) s.onNack(0, 3, 0, p);
  s.onNack(0, 3, 0, 11); // highest SACK + 1 = 12; the point stays 9
  assert.is(s.highSackPsn(0), 12);
  // The scan goes on past 0: 1..9 SACKed, 10 not: lost, resent (and lost again); 11 SACKed.
  assert.equal([s.nextPacket(0, 4), s.out[2]], [IRN_TX_RETRANSMIT, 10]);
  assert.equal([s.nextPacket(0, 4), s.out[2]], [IRN_TX_NEW, 13]);
  // The resent 0 fills the front: cum 10 > point 9 ends the episode, but the highest SACK + 1 =
  // 12 > 10 shows a hole: a new episode, point = highest sent = 13.
  s.onAck(0, 5, 10);
  assert.equal([s.inRecovery(0), s.recoveryPsn(0)], [true, 13]);
  // Lost = unSACKed in [cum 10, 12) = {10}: resent before new data (before: new PSN 14).
  assert.equal([s.nextPacket(0, 6), s.out[2]], [IRN_TX_RETRANSMIT, 10]);
  assert.equal([s.nextPacket(0, 6), s.out[2]], [IRN_TX_NEW, 14]); // 11 SACKed: nothing else lost
  assert.is(s.retransmissions(0), 3);
});

test.run();
