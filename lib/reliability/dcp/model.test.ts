// Seeded random event sequences through a DcpSender and a DcpReceiver joined by a small
// test-only network model (reordering delays, trimming to HO, true losses, lost HOs and ACKs,
// duplicated packets). After every event the invariants of the issue are checked:
//   - eMSN never goes backwards;
//   - every message completes exactly once, in MSN order;
//   - no message completes before every one of its packets has arrived (checked in strict mode
//     as the issue asks, and in bitmap-free mode too, where the sRetryNo rounds must keep it);
//   - with only trimming (the lossless control plane of §4.2 holding), nothing times out and
//     the receiver never sees a duplicate ("exactly once", §4.5).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { DCP_RX_ACK, DCP_RX_BOUNCE, DCP_RX_COMPLETE, DCP_RX_PLACE, DcpReceiver } from "./receiver";
import { DCP_TX_NONE, DcpSender } from "./sender";
import { DCP_OP_WRITE } from "./wire";

const MTU = 1024;
const RTO_NS = 50_000;
const enum Ev {
  Tx,
  Data,
  HoAtReceiver,
  HoAtSender,
  Ack,
  Timer,
}

interface Event {
  t: number;
  seq: number;
  kind: Ev;
  msn: number;
  psn: number;
  retry: number;
}

/** A time-ordered queue (ties in insertion order); fine for a few thousand events. */
class Queue {
  private list: Event[] = [];
  private seq = 0;
  push(t: number, kind: Ev, msn = 0, psn = 0, retry = 0): void {
    const e = { t, seq: this.seq++, kind, msn, psn, retry };
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const m = this.list[mid];
      if (m.t < t || (m.t === t && m.seq < e.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.list.splice(lo, 0, e);
  }
  pop(): Event | undefined {
    return this.list.shift();
  }
}

interface Net {
  trim: number; // probability a data packet is trimmed to an HO (§4.2)
  drop: number; // probability a data packet vanishes without an HO (a link failure)
  hoLoss: number; // probability an HO is lost (control-plane violation, §4.5 fallback)
  ackLoss: number;
  dup: number; // probability the network delivers a data packet twice (strict mode only)
  slow: number; // probability a packet, HO or ACK takes a pathological path of up to 2 RTOs
}

interface Outcome {
  timeouts: number;
  /** HOs of a timeout round already superseded, which the sender must ignore. */
  staleRounds: number;
  duplicates: number;
  retransmissions: number;
}

function run(seed: number, tracking: "counter" | "bitmap", net: Net, messages = 48): Outcome {
  const rng = new Xoshiro128(seed);
  const chance = (p: number) => rng.nextBelow(1_000_000) < p * 1_000_000;
  const tx = new DcpSender({ mtuBytes: MTU, rtoNs: RTO_NS, maxRetries: 60, retransQueueDepth: 1024 }, 1);
  const rx = new DcpReceiver({ tracking, bitmapBits: 128 }, 1);
  tx.open(0, 0xfffff0); // PSNs wrap during the run
  rx.open(0, 0xfffff0);
  const sizes: number[] = [];
  const ops: number[] = [];
  for (let m = 0; m < messages; m++) {
    sizes.push(rng.nextBelow(6) === 0 ? rng.nextBelow(100) : rng.nextBelow(12 * MTU));
    ops.push(rng.nextBelow(3));
  }
  const packets = (m: number) => (sizes[m] === 0 ? 1 : Math.ceil(sizes[m] / MTU));
  const firstPsn: number[] = [];
  const arrived: Set<number>[] = sizes.map(() => new Set<number>());
  const completions = new Int32Array(messages);
  let posted = 0;
  let acked = 0;
  let lastEmsn = 0;
  let inflight = 0;
  let timerAt = -1;
  let staleRounds = 0;
  const q = new Queue();
  // Spraying over paths of 1–4 µs (heavy reordering), and now and then a path slower than the
  // timeout, so HOs, ACKs and packets of a superseded round race the resend.
  const delay = () => 1_000 + rng.nextBelow(3_000) + (chance(net.slow) ? rng.nextBelow(2 * RTO_NS) : 0);

  const post = () => {
    while (posted < messages && tx.outstandingMessages(0) < 8) {
      const msn = tx.post(0, sizes[posted], ops[posted]);
      assert.is(msn, posted);
      posted++;
    }
  };
  const armTimer = (t: number) => {
    if (tx.timerArmed(0) && tx.deadlineNs(0) !== timerAt) {
      timerAt = tx.deadlineNs(0);
      q.push(Math.max(t, timerAt), Ev.Timer);
    }
  };

  post();
  // PSNs follow from the sizes: message m starts where m − 1 ended.
  let p = 0xfffff0;
  for (let m = 0; m < messages; m++) {
    firstPsn[m] = p;
    p = (p + packets(m)) & 0xffffff;
  }
  q.push(0, Ev.Tx);
  let steps = 0;
  for (let e = q.pop(); e !== undefined; e = q.pop()) {
    assert.ok(++steps < 2_000_000, "the run does not end");
    const t = e.t;
    switch (e.kind) {
      case Ev.Tx: {
        if (acked === messages) break;
        const awin = Math.max(0, 64 * MTU - inflight);
        tx.onSchedule(0, t, awin);
        for (let k = tx.nextPacket(0, t); k !== DCP_TX_NONE; k = tx.nextPacket(0, t)) {
          assert.ok(k > 0);
          const [, msn, psn, , len, retry] = tx.out;
          inflight += len;
          if (chance(net.drop)) {
            inflight -= len;
          } else if (chance(net.trim)) {
            q.push(t + delay(), Ev.HoAtReceiver, msn, psn, retry);
            inflight -= len;
          } else {
            q.push(t + delay(), Ev.Data, msn, psn, retry);
            if (chance(net.dup)) q.push(t + delay(), Ev.Data, msn, psn, retry);
          }
        }
        armTimer(t);
        q.push(t + 500, Ev.Tx);
        break;
      }
      case Ev.Data: {
        const m = e.msn;
        inflight = Math.max(0, inflight - MTU);
        const r = rx.onData(0, t, m, e.psn, e.retry, packets(m), ops[m] !== DCP_OP_WRITE);
        assert.ok(r >= 0, `receiver error ${r}`);
        if ((r & DCP_RX_PLACE) !== 0) arrived[m].add(e.psn);
        if ((r & DCP_RX_BOUNCE) !== 0) q.push(t + delay(), Ev.HoAtReceiver, m, e.psn, e.retry);
        const emsn = rx.emsn(0);
        assert.ok(emsn - lastEmsn >= 0, "eMSN went backwards");
        if ((r & DCP_RX_COMPLETE) !== 0) {
          assert.is(rx.out[0], emsn);
          assert.is(emsn - lastEmsn, rx.out[1]);
          for (let c = lastEmsn; c < emsn; c++) {
            completions[c]++;
            assert.is(completions[c], 1, `message ${c} completed twice`);
            for (let k = 0; k < packets(c); k++) {
              assert.ok(arrived[c].has((firstPsn[c] + k) & 0xffffff), `message ${c} completed without packet ${k}`);
            }
            const wantCqe = ops[c] !== DCP_OP_WRITE ? 1 : 0;
            assert.is((rx.out[2] >>> (c - lastEmsn)) & 1, wantCqe, "CQE flag");
          }
        }
        lastEmsn = emsn;
        if ((r & DCP_RX_ACK) !== 0 && !chance(net.ackLoss)) q.push(t + delay(), Ev.Ack, rx.out[0]);
        break;
      }
      case Ev.HoAtReceiver: {
        const r = rx.onHo(0, t, e.msn, e.psn);
        assert.is(r, DCP_RX_BOUNCE);
        if (!chance(net.hoLoss)) q.push(t + delay(), Ev.HoAtSender, e.msn, e.psn, e.retry);
        break;
      }
      case Ev.HoAtSender: {
        if (e.msn === tx.unaMsn(0) && e.retry < tx.retryNo(0)) staleRounds++;
        const r = tx.onHo(0, t, e.msn, e.psn, e.retry);
        assert.ok(r >= 0, `sender onHo error ${r}`);
        break;
      }
      case Ev.Ack: {
        const r = tx.onAck(0, t, e.msn);
        assert.ok(r >= 0, `sender onAck error ${r}`);
        acked += r;
        post();
        armTimer(t);
        break;
      }
      case Ev.Timer: {
        if (t !== timerAt) break;
        timerAt = -1;
        const r = tx.onTimer(0, t);
        assert.ok(r >= 0, `onTimer error ${r}`);
        armTimer(t);
        break;
      }
    }
  }
  assert.is(acked, messages, "every message acknowledged");
  assert.is(lastEmsn, messages);
  assert.ok(completions.every((c) => c === 1));
  assert.is(tx.errors, 0);
  assert.is(rx.errors, 0);
  return { timeouts: tx.timeouts(0), staleRounds, duplicates: rx.duplicates, retransmissions: tx.retransmissions(0) };
}

const LOSSLESS_CP: Net = { trim: 0.1, drop: 0, hoLoss: 0, ackLoss: 0, dup: 0, slow: 0 };
const BROKEN_CP: Net = { trim: 0.1, drop: 0.02, hoLoss: 0.2, ackLoss: 0.1, dup: 0, slow: 0.03 };

test("trimming only: HO retransmission recovers every loss, no timeout, no duplicate, both modes", () => {
  for (const tracking of ["counter", "bitmap"] as const) {
    for (let seed = 1; seed <= 6; seed++) {
      const o = run(seed, tracking, LOSSLESS_CP);
      assert.is(o.timeouts, 0, `${tracking} seed ${seed}`);
      assert.is(o.duplicates, 0, `${tracking} seed ${seed}`);
      assert.ok(o.retransmissions > 0, "some packets were trimmed and retransmitted");
    }
  }
});

test("lost HOs, true losses and lost ACKs: timeouts recover, rounds keep counting exact (both modes)", () => {
  let timeouts = 0;
  for (const tracking of ["counter", "bitmap"] as const) {
    for (let seed = 11; seed <= 18; seed++) timeouts += run(seed, tracking, BROKEN_CP).timeouts;
  }
  assert.ok(timeouts > 0, "the scenario exercised the timeout path");
});

test("slow paths race HOs of a superseded round against the resend; counting stays exact", () => {
  let staleRounds = 0;
  for (const tracking of ["counter", "bitmap"] as const) {
    for (let seed = 31; seed <= 42; seed++) {
      staleRounds += run(seed, tracking, { trim: 0.3, drop: 0.01, hoLoss: 0.05, ackLoss: 0.05, dup: 0, slow: 0.15 }, 64).staleRounds;
    }
  }
  assert.ok(staleRounds > 20, `the race happened (${staleRounds} stale-round HOs)`);
});

test("strict mode tolerates a network that duplicates packets", () => {
  for (let seed = 21; seed <= 26; seed++) {
    const o = run(seed, "bitmap", { trim: 0.05, drop: 0.01, hoLoss: 0.1, ackLoss: 0.05, dup: 0.2, slow: 0.03 });
    assert.ok(o.duplicates > 0);
  }
});

test.run();
