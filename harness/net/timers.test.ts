// The retransmission timer across transports, in the case the DACK/OPT glue got wrong (fa303b7,
// soak seed 3,968,336): a go-back (a NACK or a timeout) sends packets back to be resent, the CC's
// pacer holds those resends for milliseconds, the first resend goes and is acknowledged, and the
// rest still wait. RFC 6298 §5.1–5.3: the timer is started by a send when it is off, restarted by
// an ACK of new data, off when everything outstanding is acknowledged; a packet waiting to be
// resent is not outstanding until it goes again. A timeout counted then is a timeout of no packet,
// and it cuts the CC again (Swift at its floor paces one packet per ~1,000 RTTs).
//
// UEC RUD's timer is per packet (uet-htsim rtxTimerExpired, notes/uec-htsim-reference.md §4: one
// timer at the oldest outstanding send + RTO; the timed-out packet's send record is dropped and it
// waits in the retransmission queue), so a packet waiting there can never time out again. These
// tests pin that through RudTransport, by hand and in the fabric. (Go-back-N, IRN, RACK-TLP,
// timeout-only and DCP still count such a timeout: their timers live in their lib modules and run
// until the highest number sent is acknowledged, as BSD's snd_max rule and the IB transport timer
// do; RACK-TLP's RTO, backed off, is RFC 8985 §6.3's. Left as they are: harness/README.md.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RudReceiver } from "../../lib/reliability/rud/receiver";
import { RudSender } from "../../lib/reliability/rud/sender";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import { RudTransport, Tx } from "./adapters";
import type { DackTransport } from "./dack";
import { Flag, Kind, P, PacketPool } from "./packets";
import { packet } from "./test-support";

const RTO_NS = 100_000;
const MSS = 1000;
const HEADER = 64;

function rud(): { t: RudTransport; pool: PacketPool; send: (nowNs: number) => [number, number]; deliver: (psn: number, nowNs: number, rtx: boolean) => void } {
  const p = { mtuBytes: MSS + HEADER, headerBytes: HEADER, rtoNs: RTO_NS, ackEveryBytes: 0 };
  const t = new RudTransport(new RudSender(p, 1), new RudReceiver(p, 1), HEADER);
  t.open(0);
  const pool = new PacketPool(64);
  return {
    t,
    pool,
    /** The next packet the NIC lets go at `nowNs`: [Tx bits, PSN]. */
    send: (nowNs) => {
      assert.ok(t.nextBytes(0) > 0);
      const r = t.nextPacket(0, nowNs, 0);
      return [r, t.psn];
    },
    /** PSN `psn` reaches the receiver, which ACKs it at once (ackEveryBytes 0); the ACK reaches the sender at `nowNs`. */
    deliver: (psn, nowNs, rtx) => {
      const d = packet(pool, Kind.Data, 0, MSS + HEADER, { psn, flags: rtx ? Flag.Rtx : 0 });
      t.onData(0, nowNs, pool, d);
      const a = packet(pool, Kind.Ack, 0, HEADER);
      t.fillAck(pool, a);
      t.onAck(0, nowNs, pool, a);
    },
  };
}

test("RUD: packets waiting to be resent while the pacer holds them never time out again; the first resend acknowledged, nothing is outstanding and the timer is off (uet-htsim §4, RFC 6298 §5.2)", () => {
  const { t, pool, send, deliver } = rud();
  t.post(0, 4 * MSS);
  // PSNs 0–3 leave 10 ns apart and are all lost.
  for (let k = 0; k < 4; k++) assert.equal(send(k * 10), [Tx.New | (k === 3 ? Tx.Last : 0), k]);
  // One expiry per packet, each at its own send + RTO: 100,000, 100,010, 100,020, 100,030. PSN 1's
  // loss is reported by a trim NACK instead, at 50,000 (queued then, so it never times out).
  assert.is(t.onNack(0, 50_000, pool, packet(pool, Kind.Nack, 0, HEADER, { psn: 1 })), 1);
  assert.equal([t.onTimer(0, 100_000), t.psn], [1, 0]);
  // PSN 0's resend goes at once (the queue comes before new data, lowest PSN first) and restarts
  // nothing for the queued PSN 1; PSNs 2 and 3 expire on their own deadlines.
  assert.equal(send(100_000), [Tx.Retransmit, 0]);
  assert.equal([t.onTimer(0, 100_020), t.psn], [1, 2]);
  assert.equal([t.onTimer(0, 100_030), t.psn], [1, 3]);
  assert.equal([t.timeouts(0), t.tx.queuedRetransmissions(0), t.tx.outstandingPackets(0)], [3, 3, 1]);
  // The resend of 0 is acknowledged at 105,000: PSNs 1–3 wait in the queue, held by the pacer,
  // and nothing is outstanding, so no timer runs (the DACK glue's ran on here until fa303b7, and
  // its expiry at 205,000 was a timeout of no packet).
  deliver(0, 105_000, true);
  assert.ok(!t.timerArmed(0));
  for (const nowNs of [205_000, 1_105_000, 10_105_000]) assert.is(t.onTimer(0, nowNs), 0, `${nowNs} ns`);
  assert.is(t.timeouts(0), 3);
  // PSN 1 goes again at 12 ms (the pacer's gap) and starts the timer: 12,000,000 + 100,000.
  assert.equal(send(12_000_000), [Tx.Retransmit, 1]);
  assert.equal([t.timerArmed(0), t.deadlineNs(0)], [true, 12_100_000]);
  assert.is(t.onTimer(0, 12_099_999), 0);
  assert.equal([t.onTimer(0, 12_100_000), t.psn, t.timeouts(0)], [1, 1, 4]);
  assert.is(t.errors(), 0);
});

/**
 * One 16-packet flow whose data is lost with probability 0.2 on the sender's link, under Swift
 * that a timeout drops to a floor of 0.001 packet (retransmitLimit 1) and that an ACK never lifts
 * (a 1 ns target: every RTT is over it), so the pacer holds each packet after a timeout ~1,000
 * RTTs, far past the RTO: the fabric's form of soak seed 3,968,336.
 */
function pacedLossy(reliability: string, seed: number, trimming: boolean): Scenario {
  return {
    ...DEFAULT_SCENARIO,
    name: `paced ${reliability}`,
    seed,
    network: { ...DEFAULT_SCENARIO.network, trimming },
    transport: {
      cc: { name: "swift", params: { initCwndPkts: 16, minCwndPkts: 0.001, retransmitLimit: 1, baseTargetNs: 1, hopScalingNs: 0, fsRangeNs: 0 } },
      lb: { name: "ecmp" },
      reliability: { name: reliability },
    },
    traffic: [{ kind: "flows", flows: [{ src: 0, dst: 5, bytes: 16 * 4086 }] }],
    faults: [{ kind: "loss", links: [{ host: 0 }], probability: 0.2, packets: ["data"] }],
    run: { endUs: 400_000 },
  } as Scenario;
}

/** Wraps a transport's timer: `timedOut` hears each expiry that counted a timeout, with the packets outstanding before it. */
function onTimeouts(
  tr: { onTimer(slot: number, nowNs: number): number; tx: { outstandingPackets(slot: number): number } },
  timedOut: (nowNs: number, outstanding: number) => void,
): void {
  const onTimer = tr.onTimer.bind(tr);
  tr.onTimer = (slot, nowNs) => {
    const outstanding = tr.tx.outstandingPackets(slot);
    const r = onTimer(slot, nowNs);
    if (r === 1) timedOut(nowNs, outstanding);
    return r;
  };
}

test("RUD in the fabric under a pacer at Swift's floor: no timeout is of a packet waiting to be resent, and each is of one sent and unacknowledged (trim NACKs and silent losses)", () => {
  let timeouts = 0;
  for (const trimming of [false, true]) {
    for (let seed = 1; seed <= 6; seed++) {
      const b = build(pacedLossy("rud", seed, trimming));
      const tr = (b.fabric as unknown as { transport: RudTransport }).transport;
      /** PSNs a NACK or a timeout sent back, until they go again. */
      const waiting = new Set<number>();
      const nextPacket = tr.nextPacket.bind(tr);
      tr.nextPacket = (slot, nowNs, ev) => {
        const r = nextPacket(slot, nowNs, ev);
        if (r > 0) waiting.delete(tr.psn);
        return r;
      };
      const onNack = tr.onNack.bind(tr);
      tr.onNack = (slot, nowNs, pool, h) => {
        const psn = pool.i32[(h << 4) + P.Psn];
        const r = onNack(slot, nowNs, pool, h);
        if (r === 1) waiting.add(psn);
        return r;
      };
      onTimeouts(tr, (nowNs, outstanding) => {
        timeouts++;
        const what = `trimming ${trimming}, seed ${seed}, ${nowNs} ns: PSN ${tr.psn}`;
        assert.ok(!waiting.has(tr.psn), `${what} timed out while waiting to be resent`);
        assert.ok(outstanding > 0, `${what}: a timeout with nothing outstanding`);
        waiting.add(tr.psn);
      });
      b.fabric.run();
      assert.is((b.fabric as unknown as { flowsDoneTx: number }).flowsDoneTx, 1, `trimming ${trimming}, seed ${seed}`);
    }
  }
  assert.ok(timeouts >= 20, `${timeouts} timeouts: the scenario exercises the timer`);
});

test("DACK and OPT in the fabric under a pacer at Swift's floor: every timeout is of packets sent since the last go-back and still unacknowledged, and hands the CC bytes it held (fa303b7)", () => {
  // Before fa303b7 the timer ran on for the packets a go-back had sent back while the pacer held
  // them: of these runs' timeouts, 41 of 60 (DACK) and 25 of 37 (OPT) found nothing sent since
  // the go-back outstanding, and each told the CC 0 bytes lost and cut it again.
  let timeouts = 0;
  for (const reliability of ["dack", "opt"]) {
    for (let seed = 1; seed <= 6; seed++) {
      const b = build(pacedLossy(reliability, seed, false));
      const tr = (b.fabric as unknown as { transport: DackTransport }).transport;
      onTimeouts(tr, (nowNs, outstanding) => {
        timeouts++;
        const what = `${reliability}, seed ${seed}, ${nowNs} ns`;
        assert.ok(outstanding > 0, `${what}: a timeout with nothing sent since the go-back outstanding`);
        assert.ok(tr.bytes > 0, `${what}: a timeout that takes no bytes out of the CC's flight`);
      });
      b.fabric.run();
      assert.is((b.fabric as unknown as { flowsDoneTx: number }).flowsDoneTx, 1, `${reliability}, seed ${seed}`);
    }
  }
  assert.ok(timeouts >= 10, `${timeouts} timeouts: the scenario exercises the timer`);
});

test.run();
