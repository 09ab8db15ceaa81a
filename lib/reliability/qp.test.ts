// The queue-pair base (qp.ts) that go-back-N, IRN, timeout-only and RACK-TLP share, checked once
// on each of them: the ends of the message and quota ranges, the quota rule for a packet of 0 or
// 1 bytes, out.retryNo on new data, and the receivers' default start PSN. Found by the mutation
// pass (docs/mutation-testing.md); expectations are from the API text in qp.ts, not read back.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG } from "../core/errors";
import { GBN_TIMEOUT, GbnReceiver, GbnSender } from "./gbn/gbn";
import { IrnReceiver, IrnSender } from "./irn/irn";
import { RackReceiver, RackSender } from "./rack/rack";
import { TIMEOUT_FIRED, TimeoutReceiver, TimeoutSender } from "./timeout/timeout";

const TX_NONE = 0; // GBN_TX_NONE, IRN_TX_NONE, TIMEOUT_TX_NONE, RACK_TX_NONE
const TX_NEW = 1; // … _TX_NEW
const OUT = { kind: 0, msn: 1, psn: 2, offsetBytes: 3, lengthBytes: 4, retryNo: 5, last: 6 };
const MAX_MESSAGE = 2 ** 30 - 1;
const MAX_AWIN = 2 ** 30;

const senders = {
  gbn: (mtuBytes = 1024, roundQuotaBytes = MAX_AWIN) => new GbnSender({ mtuBytes, roundQuotaBytes }, 2),
  irn: (mtuBytes = 1024, roundQuotaBytes = MAX_AWIN) => new IrnSender({ mtuBytes, roundQuotaBytes }, 2),
  timeout: (mtuBytes = 1024, roundQuotaBytes = MAX_AWIN) => new TimeoutSender({ mtuBytes, roundQuotaBytes }, 2),
  rack: (mtuBytes = 1024, roundQuotaBytes = MAX_AWIN) => new RackSender({ mtuBytes, roundQuotaBytes }, 2),
};

/** Each sender as a caller gets it with no arguments: default parameters and capacity. */
const bareSenders = { gbn: () => new GbnSender(), irn: () => new IrnSender(), timeout: () => new TimeoutSender(), rack: () => new RackSender() };

for (const [name, make] of Object.entries(senders)) {
  test(`${name}: at MTU 4096 a message may be 2^30 − 1 bytes, not 2^30; refusals are counted`, () => {
    const s = make(4096);
    s.open(1, 0);
    assert.is(s.maxMessageBytes, MAX_MESSAGE);
    assert.is(s.post(1, MAX_MESSAGE, 1), 0);
    const errors = s.errors;
    assert.is(s.post(1, MAX_MESSAGE + 1, 1), E_ARG);
    assert.is(s.errors, errors + 1);
    assert.is(s.outstandingMessages(1), 1);
  });

  test(`${name}: 8 messages of the largest size span fewer than 2^23 PSNs at any MTU, and the first packet goes`, () => {
    // A signed 24-bit difference orders PSNs less than 2^23 apart; 8 messages are outstanding at
    // most, so each may have floor((2^23 − 1) / 8) = 1,048,575 packets. At MTU 1024 that is
    // 1,073,740,800 B (2^30 − 1 would be 1,048,576 packets: 8 of them span exactly 2^23 PSNs);
    // at MTU 64, 67,108,800 B (2^30 − 1 B would be 2^24 packets, whose end PSN wraps to its first).
    for (const [mtu, max] of [[1024, 1_073_740_800], [128, 134_217_600], [64, 67_108_800]]) {
      const s = make(mtu);
      s.open(1, 0);
      assert.is(s.maxMessageBytes, max, `mtu ${mtu}`);
      assert.is(s.post(1, max + 1, 1), E_ARG);
      for (let i = 0; i < 8; i++) assert.is(s.post(1, max, 1), i);
      s.onSchedule(1, 0, MAX_AWIN);
      assert.is(s.nextPacket(1, 0), TX_NEW);
      assert.equal([s.out[OUT.msn], s.out[OUT.psn], s.out[OUT.lengthBytes]], [0, 0, mtu]);
    }
  });

  test(`${name}: a round's awin may be 2^30 bytes, not more; the quota is min(roundQuota, awin)`, () => {
    const s = make();
    s.open(1, 0);
    assert.is(s.onSchedule(1, 0, MAX_AWIN), 0);
    assert.is(s.quotaBytes(1), MAX_AWIN);
    assert.is(s.onSchedule(1, 0, MAX_AWIN + 1), E_ARG);
    assert.is(s.quotaBytes(1), MAX_AWIN);
    assert.is(s.onSchedule(1, 0, 0), 0);
    assert.is(s.quotaBytes(1), 0);
  });

  test(`${name}: an empty message needs a quota of at least 1 byte and spends none of it; 1 byte carries a 1-byte message`, () => {
    const s = make();
    s.open(1, 0);
    s.post(1, 0, 0);
    s.post(1, 1, 0);
    s.onSchedule(1, 0, 0);
    assert.is(s.nextPacket(1, 0), TX_NONE);
    assert.is(s.nextPsn(1), 0);
    s.onSchedule(1, 0, 1);
    assert.is(s.nextPacket(1, 0), TX_NEW);
    assert.equal([s.out[OUT.msn], s.out[OUT.psn], s.out[OUT.lengthBytes], s.out[OUT.last]], [0, 0, 0, 1]);
    assert.is(s.quotaBytes(1), 1);
    assert.is(s.nextPacket(1, 0), TX_NEW);
    assert.equal([s.out[OUT.msn], s.out[OUT.psn], s.out[OUT.lengthBytes], s.out[OUT.last]], [1, 1, 1, 1]);
    assert.is(s.quotaBytes(1), 0);
  });

  test(`${name}: roundQuotaBytes 1, the low end of its range [1, 2^30]: a round carries one 1-byte packet and no more`, () => {
    // lib/reliability/README.md, "Rounds": quota = min(roundQuotaBytes 1, awinBytes 2^20) = 1; a
    // 1-byte packet spends it (1 − 1 = 0 left), and the next 1-byte packet finds quota 0 < 1.
    const s = make(1024, 1);
    s.open(1, 0);
    s.post(1, 1, 1);
    s.post(1, 1, 1);
    s.onSchedule(1, 0, 1 << 20);
    assert.is(s.quotaBytes(1), 1);
    assert.is(s.nextPacket(1, 0), TX_NEW);
    assert.equal([s.out[OUT.psn], s.out[OUT.lengthBytes]], [0, 1]);
    assert.is(s.nextPacket(1, 0), TX_NONE);
  });

  test(`${name}: made without a capacity the table holds one slot; open without a start PSN sends PSN 0`, () => {
    // open(slot, startPsn = 0) (qp.ts); each sender's constructor has capacity = 1.
    assert.throws(() => bareSenders[name as keyof typeof bareSenders]().open(1), RangeError);
    const s = bareSenders[name as keyof typeof bareSenders]();
    s.open(0);
    assert.equal([s.unaPsn(0), s.nextPsn(0)], [0, 0]);
    s.post(0, 100, 1);
    s.onSchedule(0, 0, 1 << 20);
    assert.is(s.nextPacket(0, 0), TX_NEW);
    assert.is(s.out[OUT.psn], 0);
  });

  test(`${name}: new data goes out with retryNo 0`, () => {
    const s = make();
    s.open(1, 0);
    s.post(1, 4096, 1);
    s.onSchedule(1, 0, 4096);
    s.out.fill(-1);
    for (let psn = 0; psn < 4; psn++) {
      assert.is(s.nextPacket(1, 0), TX_NEW);
      assert.equal([s.out[OUT.psn], s.out[OUT.offsetBytes], s.out[OUT.retryNo], s.out[OUT.last]], [psn, psn * 1024, 0, psn === 3 ? 1 : 0]);
    }
  });
}

const receivers = {
  gbn: () => new GbnReceiver({}, 2),
  irn: () => new IrnReceiver({}, 2),
  timeout: () => new TimeoutReceiver({}, 2),
  rack: () => new RackReceiver({}, 2),
};

const bareReceivers = { gbn: () => new GbnReceiver(), irn: () => new IrnReceiver(), timeout: () => new TimeoutReceiver(), rack: () => new RackReceiver() };

for (const [name, make] of Object.entries(receivers)) {
  test(`${name} receiver: open without a start PSN expects PSN 0`, () => {
    const r = make();
    r.open(1);
    assert.is(r.epsn(1), 0);
  });

  test(`${name} receiver: made without a capacity the table holds one slot`, () => {
    const bare = bareReceivers[name as keyof typeof bareReceivers];
    assert.throws(() => bare().open(1), RangeError);
    assert.not.throws(() => bare().open(0));
  });
}

// A resend of a PSN already sent names the message of its own QP (qp.ts writeSent/messageOf: 8
// messages per QP, MSN mod 8). QP 1 holds two messages of two packets (MSN 0: PSNs 0–1, MSN 1:
// PSNs 2–3) beside QP 0's messages of 1, 1 and 2 packets (PSN 0, PSN 1, PSNs 2–3), so PSN 2 is
// MSN 1 at offset 0 in QP 1 and MSN 2 in QP 0. With PSNs 0–1 acknowledged (next expected 2),
// whatever the timer makes QP 1 resend, a retransmission or RACK's probe, is PSN p ≥ 2: MSN 1,
// offset (p − 2) × 1,024.
function twoQps(s: IrnSender | TimeoutSender | RackSender): void {
  s.open(0, 0);
  s.open(1, 0);
  for (const bytes of [1024, 1024, 2048]) s.post(0, bytes, 1);
  s.post(1, 2048, 1);
  s.post(1, 2048, 1);
  for (const q of [0, 1]) {
    s.onSchedule(q, 0, 1 << 20);
    while (s.nextPacket(q, 0) !== TX_NONE);
  }
}

// IRN's NACK of PSN 3 with PSN 0 acknowledged (next expected 1) resends the holes, PSN 1 and then
// PSN 2: the search for PSN 2's message starts at SND.UNA's (MSN 0) and moves on to MSN 1.
test("irn: resending PSN 2 after PSN 1 walks from QP 1's MSN 0 to its MSN 1", () => {
  const s = senders.irn();
  twoQps(s);
  s.onNack(1, 1000, 1, 3);
  s.onSchedule(1, 1000, 1 << 20);
  const got: number[][] = [];
  while (s.nextPacket(1, 1000) !== TX_NONE) got.push([s.out[OUT.psn], s.out[OUT.msn], s.out[OUT.offsetBytes]]);
  assert.equal(got, [
    [1, 0, 1024],
    [2, 1, 0],
  ]);
});

for (const name of ["irn", "timeout", "rack"] as const) {
  test(`${name}: a resend on QP 1 names QP 1's message and offset, not QP 0's`, () => {
    const s = senders[name]();
    twoQps(s);
    if (s instanceof IrnSender) s.onAck(1, 1000, 2);
    else if (s instanceof TimeoutSender) s.onAck(1, 1000, 2, 1);
    else s.onAck(1, 1000, 2, 1, false);
    let resent = false;
    for (let t = 1; t <= 64 && !resent; t++) {
      const now = t * 1_000_000;
      s.onTimer(1, now);
      s.onSchedule(1, now, 1 << 20);
      const kind = s.nextPacket(1, now);
      if (kind === TX_NONE || kind === TX_NEW) continue;
      resent = true;
      const psn = s.out[OUT.psn];
      assert.ok(psn === 2 || psn === 3, `resent PSN ${psn}`);
      assert.equal([s.out[OUT.msn], s.out[OUT.offsetBytes]], [1, (psn - 2) * 1024]);
    }
    assert.ok(resent, "the timer led to a resend");
  });
}

// The counters are u32 columns (qp.ts): past 2^31 they still read as counts, not as negative int32.
// Reaching 2^31 resends takes too long for a test, so the column is set directly.
for (const [name, make] of Object.entries(senders)) {
  test(`${name} sender: retransmissions and timeouts read unsigned past 2^31`, () => {
    const s = make();
    const cols = (s as unknown as { col: { retx: Uint32Array; timeouts: Uint32Array } }).col;
    cols.retx[0] = 2 ** 31 + 5;
    cols.timeouts[0] = 2 ** 32 - 1;
    assert.is(s.retransmissions(0), 2 ** 31 + 5);
    assert.is(s.timeouts(0), 2 ** 32 - 1);
  });
}

// The receive path (qp.ts receive) keeps each QP's early arrivals in its own words: at the default
// window of 128 packets, 4 words a QP, QP 1's PSN 1 arriving before PSN 0 is held, and PSN 0 then
// slides ePSN over both, to 2; QP 0 is untouched.
for (const name of ["irn", "timeout", "rack"] as const) {
  test(`${name} receiver: QP 1 holds an early PSN in its own words and slides ePSN over it`, () => {
    const r = receivers[name]();
    r.open(0);
    r.open(1);
    r.onData(1, 0, 1, false);
    assert.is(r.epsn(1), 0);
    r.onData(1, 0, 0, false);
    assert.is(r.epsn(1), 2);
    assert.is(r.epsn(0), 0);
    r.onData(0, 0, 0, false);
    assert.is(r.epsn(0), 1, "QP 0 holds no PSN 1");
  });
}

// The window of the IRN and RACK receivers (api.json: an integer in [1, 2^20]): each end opens a
// working receiver, one past it is refused.
for (const [name, make] of [
  ["irn", (n: number) => new IrnReceiver({ bdpPackets: n })],
  ["rack", (n: number) => new RackReceiver({ windowPackets: n })],
] as const) {
  test(`${name} receiver: a window of 1 and of 2^20 packets is accepted, 0 and 2^20 + 1 refused`, () => {
    for (const n of [1, 2 ** 20]) {
      const r = make(n);
      r.open(0);
      assert.is(r.epsn(0), 0, `window ${n}`);
    }
    for (const n of [0, 2 ** 20 + 1]) assert.throws(() => make(n), RangeError, `window ${n}`);
  });
}

// SSNs are 24-bit (messages.ts keeps SSN | op << 24 in msgTag): no vector reaches SSN 2^16, which
// needs 65,536 Sends posted and freed one by one, so the mutant out.ssn = tag & 0xffff passed
// every reliability vector (rev-port3-bases review). Send i (from 0) takes SSN i: Send 65,536 has
// SSN 65,536 = 2^16 (0x10000, whose low 16 bits are 0), and a Write posted next takes none
// (out.ssn 0) while the SSN after it, for a Write with Immediate, is 65,537.
test("timeout: SSNs count past 2^16 (24-bit), a Write takes none", () => {
  const s = new TimeoutSender({ mtuBytes: 1024, roundQuotaBytes: MAX_AWIN }, 1);
  s.open(0, 0);
  const SSN_OUT = 9; // out.ssn
  for (let i = 0; i <= 65536; i++) {
    const msn = s.post(0, 0, 0); // a 0-byte Send: one packet, PSN i
    assert.is(msn, i);
    if (i === 65536) {
      assert.is(s.messageInfo(0, msn), 0);
      assert.is(s.out[SSN_OUT], 65536);
    }
    s.onSchedule(0, 0, 1);
    assert.is(s.nextPacket(0, 0), TX_NEW);
    s.onAck(0, 0, i + 1, i); // cumulative past PSN i frees message i
  }
  assert.is(s.unaMsn(0), 65537);
  const write = s.post(0, 0, 1);
  const imm = s.post(0, 0, 2);
  assert.is(s.messageInfo(0, write), 0);
  assert.is(s.out[SSN_OUT], 0);
  assert.is(s.messageInfo(0, imm), 0);
  assert.is(s.out[SSN_OUT], 65537);
});

// messageInfo reads the QP's own row of the message table: 8 entries per QP, entry (slot × 8 + MSN mod 8).
// README "Messages": a Send or Write with Immediate takes the next SSN from 0, a Write none (out.ssn 0);
// op as posted (0 Send, 1 Write, 2 Write with Immediate).
for (const [name, make] of Object.entries(senders)) {
  test(`${name}: messageInfo on flow 1 gives flow 1's messages, not flow 0's`, () => {
    const s = make();
    s.open(0, 0);
    s.open(1, 0);
    assert.equal([s.post(0, 5000, 1), s.post(0, 7000, 1)], [0, 1]); // flow 0: two Writes
    assert.equal([s.post(1, 100, 2), s.post(1, 3000, 0)], [0, 1]); // flow 1: a Write with Immediate (SSN 0), a Send (SSN 1)
    const info = (slot: number, msn: number) => [s.messageInfo(slot, msn), s.out[7], s.out[8], s.out[9]]; // 0, msgBytes, op, ssn
    assert.equal(info(1, 0), [0, 100, 2, 0]);
    assert.equal(info(1, 1), [0, 3000, 0, 1]);
    assert.equal(info(0, 1), [0, 7000, 1, 0]);
  });
}

// The fixed-RTO senders: rtoNs 1, the low end of its range [1, 2^30]. The timer started by the
// packet sent at 100 ns expires at 100 + 1 = 101 ns, not before.
const fixedRto = {
  gbn: { make: () => new GbnSender({ mtuBytes: 1024, rtoNs: 1 }, 1), fired: GBN_TIMEOUT },
  timeout: { make: () => new TimeoutSender({ mtuBytes: 1024, rtoNs: 1 }, 1), fired: TIMEOUT_FIRED },
};

for (const [name, { make, fired }] of Object.entries(fixedRto)) {
  test(`${name}: rtoNs 1 expires one nanosecond after the send`, () => {
    const s = make();
    s.open(0, 0);
    s.post(0, 1024, 1);
    s.onSchedule(0, 0, 1 << 20);
    assert.is(s.nextPacket(0, 100), TX_NEW);
    assert.is(s.deadlineNs(0), 101);
    assert.is(s.onTimer(0, 100), 0);
    assert.is(s.onTimer(0, 101), fired);
  });
}

test.run();
