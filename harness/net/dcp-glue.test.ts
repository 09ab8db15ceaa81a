// DCP over the fabric (harness glue review, 2026-12-02): one flow, a handful of packets, one
// trim injected in the switch's real queue module, and the expectations worked out by hand from
// DCP §4.2–§4.5 (papers/dcp-lossy-rdma-reliability.txt).
//
// Scenario: two hosts under one switch (test-support oneSwitchScenario), 100 Gb/s, 1 µs links,
// 4,150 B MTU with 64 B headers: DCP's packet payload is 4,086 B, so round_quota (16,384 B)
// holds 4 full packets (§4.3, footnote 10). No CC window (cc none), so awin never binds.
// A trim is forced by setting the egress data FIFO's packet limit to 0 for one enqueue: the
// queue module itself then trims the packet to the dcp profile's 57 B HO (§4.2, fn. 6).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "../scenario/build";
import type { Scenario } from "../scenario/schema";
import { QUEUE_CONTROL, QUEUE_DROPPED, QUEUE_MARKED, QUEUE_TRIMMED, TAG_HEADER } from "../../lib/switch/queue/queue";
import { DcpReceiver } from "../../lib/reliability/dcp/receiver";
import { DcpSender } from "../../lib/reliability/dcp/sender";
import { type CcAdapter, Tx } from "./adapters";
import { Flag, Kind, P, PacketPool } from "./packets";
import { DcpTransport } from "./rounds";
import { oneSwitchScenario, packet } from "./test-support";

const PAYLOAD = 4086;
const RTO_NS = 8_000_000; // DcpSender's default (the authors' simulator, README)

/** An enqueue the test saw: [kind, psn, msn (W0), retryNo (W2), bytes, tag, flags, verdict]. */
type Enq = { nowNs: number; port: number; kind: number; psn: number; msn: number; retry: number; bytes: number; tag: number; flags: number; v: number };
/** A data packet the sender NIC sent. */
type Sent = { nowNs: number; psn: number; retry: number };

/**
 * Runs one DCP flow of `packets` full packets from host 0 to host 1. `trim(e, n)` says whether
 * the n-th enqueue of a data packet like e (counted per PSN and retryNo) is trimmed; `dropHo(e)`
 * whether a header enqueue is dropped (its control FIFO made full for that call).
 */
function run(packets: number, trim: (e: Enq, nth: number) => boolean, dropHo: (e: Enq) => boolean = () => false, cc = "none", queue: Record<string, unknown> = {}) {
  const s = oneSwitchScenario("dcp glue", 100, [{ src: 0, dst: 1, bytes: packets * PAYLOAD }]) as Scenario;
  s.network = { ...s.network, trimming: true, queue: { profile: "dcp", ...queue } } as Scenario["network"];
  s.transport = { ...s.transport, cc: { name: cc }, reliability: { name: "dcp" } } as Scenario["transport"];
  const b = build(s);
  // biome-ignore lint/suspicious/noExplicitAny: the test reaches into the fabric's privates
  const fab = b.fabric as any;
  const q = fab.queues;
  const onEnqueue = q.onEnqueue.bind(q);
  const enq: Enq[] = [];
  const seen = new Map<string, number>();
  q.onEnqueue = (slot: number, nowNs: number, h: number, bytes: number, tag: number) => {
    const i = fab.pool.i32;
    const hb = h << 4;
    const e: Enq = { nowNs, port: slot, kind: i[hb + P.Kind], psn: i[hb + P.Psn], msn: i[hb + P.W0], retry: i[hb + P.W2], bytes, tag, flags: i[hb + P.Flags], v: 0 };
    enq.push(e);
    let word = -1;
    if (e.kind === Kind.Data) {
      const key = `${e.psn}/${e.retry}`;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      if (trim(e, n)) word = (slot << 4) + 6; // the data FIFO's packet limit (queue.ts S.LimP)
    } else if (tag === TAG_HEADER && dropHo(e)) word = (slot << 4) + 7 + 6; // the control FIFO's
    const st = q.st;
    const save = word >= 0 ? st[word] : 0;
    if (word >= 0) st[word] = 0;
    e.v = onEnqueue(slot, nowNs, h, bytes, tag);
    if (word >= 0) st[word] = save;
    return e.v;
  };
  const sent: Sent[] = [];
  const sendData = fab.sendData.bind(fab);
  fab.sendData = (f: number, port: number) => {
    sendData(f, port);
    const tr = fab.transport;
    sent.push({ nowNs: fab.nowNs, psn: tr.psn, retry: tr.retryNo });
  };
  const hoAt: number[] = [];
  const senderNack = fab.senderNack.bind(fab);
  fab.senderNack = (f: number, h: number) => {
    hoAt.push(fab.nowNs);
    senderNack(f, h);
  };
  const schedules: number[] = [];
  const tx = fab.transport.tx;
  const onSchedule = tx.onSchedule.bind(tx);
  tx.onSchedule = (slot: number, nowNs: number, awin: number) => {
    schedules.push(sent.length);
    return onSchedule(slot, nowNs, awin);
  };
  const completions: number[] = [];
  const deliverMessages = fab.deliverMessages.bind(fab);
  fab.deliverMessages = (f: number, n: number) => {
    completions.push(n);
    deliverMessages(f, n);
  };
  fab.run();
  return { fab, tr: fab.transport, enq, sent, hoAt, schedules, completions };
}

const nacks = (enq: Enq[]) => enq.filter((e) => e.kind === Kind.Nack);

test("one trimmed packet: one HO at the receiver, exactly one HO-NACK back (57 B, tag 11, control queue) with its MSN, PSN and sRetryNo; one retransmission; no timeout; the message completes once (§4.1 ②, §4.2, §4.3, §4.5)", () => {
  const r = run(5, (e, n) => e.psn === 2 && n === 0);
  assert.equal(r.fab.violations, []);
  // §4.2: "the switch trims the payload from the packet, modifies the DCP tag … to 11, and
  // enqueues the remaining header into the control queue"; fn. 6: 57 bytes.
  assert.is(r.fab.trims, 1);
  const d = r.enq.find((e) => e.kind === Kind.Data && e.psn === 2) as Enq;
  assert.ok((d.v & QUEUE_TRIMMED) !== 0 && (d.v & QUEUE_CONTROL) !== 0, "PSN 2 trimmed into the control FIFO");
  assert.is(r.fab.headersDelivered, 1, "the HO reaches the receiver");
  // §4.1 ②: the receiver "swaps its source and destination … and forwards it back": one HO-NACK,
  // the HO itself (57 B, tag 11), carrying the lost packet's MSN and PSN (§4.3's retransmission
  // entry) and its sRetryNo (BTH, lib README), through the switch's control queue.
  const back = nacks(r.enq);
  assert.is(back.length, 1, "exactly one HO-NACK");
  assert.equal([back[0].psn, back[0].msn, back[0].retry, back[0].bytes, back[0].tag], [2, 0, 0, 57, TAG_HEADER]);
  assert.ok((back[0].flags & Flag.Ho) !== 0, "the NACK is the bounced HO");
  assert.ok((back[0].v & QUEUE_CONTROL) !== 0, "the HO-NACK takes the control queue (priority, §4.2)");
  assert.is(r.hoAt.length, 1, "the sender sees one HO");
  // §4.3: the HO becomes one RetransQ entry, retransmitted once; the timeout is only a fallback.
  assert.equal(r.sent.map((p) => [p.psn, p.retry]), [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [2, 0]]);
  assert.ok(r.sent[5].nowNs > r.hoAt[0] - 1, "the retransmission goes after the HO arrives");
  assert.equal([r.tr.tx.retransmissions(0), r.tr.timeouts(0), r.fab.retransmissions], [1, 0, 1]);
  // §4.5: complete when the counter equals the message size, reported once.
  assert.equal(r.completions, [1]);
  assert.equal([r.fab.flowsDoneRx, r.fab.flowsDoneTx], [1, 1]);
});

test("DCQCN hears a trim under the dcp profile: the HO carries CE (markTrimmed), the bounce echoes it, the receiving NIC's NP sends one CNP and the sender's RP cuts once (DCP-Simulation; DCP §6.2 runs DCP with DCQCN)", () => {
  // DCP-Simulation (notes/baselines.md §6, §8.2): the switch trims to an HO "with CE set" and the
  // receiver bounces it carrying the CNP bit, to which the sender's DCQCN reacts. Here the NIC's
  // NP (DCQCN §3.1) sees the CE on the HO as on any packet of the QP: its first mark, with no
  // CNP sent before, sends one at once. The dcp profile marks nothing by RED (ecnAt off), and
  // no data packet is marked, so that CNP is the only one: fab.cnps = 1. The paper RP cuts on
  // each CNP (R_C ← R_C(1 − α/2)): one DCQCN_DECREASE (decision counter 0). Before, the HO
  // carried no CE and the NP saw only data: 0 CNPs, 0 cuts.
  const r = run(5, (e, n) => e.psn === 2 && n === 0, () => false, "dcqcn");
  assert.equal(r.fab.violations, []);
  assert.is(r.fab.trims, 1);
  const d = r.enq.find((e) => e.kind === Kind.Data && e.psn === 2) as Enq;
  assert.ok((d.v & QUEUE_MARKED) !== 0, "the trim's verdict carries QUEUE_MARKED");
  const back = nacks(r.enq);
  assert.is(back.length, 1);
  assert.ok((back[0].flags & Flag.Ce) !== 0, "the bounced HO echoes the CE");
  assert.is(r.fab.cnps, 1, "the receiving NIC sends one CNP for the CE-marked HO");
  assert.is(r.fab.ccOf[0].decisions[0], 1, "the sender's DCQCN cuts once (DCQCN_DECREASE)");
  assert.equal(r.completions, [1]);
  // markTrimmed off: the HO carries no CE, and DCQCN hears nothing, as before.
  const off = run(5, (e, n) => e.psn === 2 && n === 0, () => false, "dcqcn", { markTrimmed: false });
  assert.is(off.fab.trims, 1);
  assert.equal([off.fab.cnps, off.fab.ccOf[0].decisions[0]], [0, 0]);
});

test("a retransmission trimmed again is HO'd again with the same MSN/PSN and resent again, still without a timeout (§4.3: HO-based retransmission for any lost packet, R3)", () => {
  const r = run(5, (e, n) => e.psn === 2 && n <= 1);
  assert.equal(r.fab.violations, []);
  assert.is(r.fab.trims, 2);
  const back = nacks(r.enq);
  assert.equal(back.map((e) => [e.psn, e.msn, e.retry, e.bytes, e.tag]), [[2, 0, 0, 57, TAG_HEADER], [2, 0, 0, 57, TAG_HEADER]]);
  assert.equal(r.sent.map((p) => p.psn), [0, 1, 2, 3, 4, 2, 2]);
  assert.equal([r.tr.tx.retransmissions(0), r.tr.timeouts(0)], [2, 0]);
  assert.equal(r.completions, [1]);
});

test("an HO lost on the way back (control FIFO full): the timeout fires once, RTO after the last packet, and resends the whole unaMSN-th message with sRetryNo 1; the message completes once (§4.2 last para., §4.5)", () => {
  let lost = 0;
  const r = run(5, (e, n) => e.psn === 2 && e.retry === 0 && n === 0, (e) => e.kind === Kind.Nack && lost++ === 0);
  assert.equal(r.fab.violations, []);
  assert.is(r.fab.headersDelivered, 1, "the HO reached the receiver");
  const back = nacks(r.enq);
  assert.is(back.length, 1);
  assert.ok((back[0].v & QUEUE_DROPPED) !== 0, "the bounced HO is dropped on its way back");
  assert.is(r.hoAt.length, 0, "the sender never sees it");
  // §4.5: "If the timer expires, the sender re-transmits all packets of the unaMSN-th message",
  // carrying sRetryNo = 1; the timer restarted with each packet sent (DCP-Simulation
  // rdma-hw.cc, RdmaHw::GetNxtPacket), so it expires RTO after the last one, PSN 4.
  assert.equal(r.sent.map((p) => [p.psn, p.retry]), [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]);
  const last = r.sent[4].nowNs; // 4 × 332 ns = 1328 ns (4,150 B at 100 Gb/s)
  const at = r.sent[5].nowNs;
  assert.ok(at >= last + RTO_NS && at < last + RTO_NS + 1000, `resend at ${at} ns`);
  assert.equal([r.tr.timeouts(0), r.tr.tx.retransmissions(0)], [1, 0]);
  assert.equal(r.completions, [1]);
});

test("a trimmed packet's retransmission opens the sender's next round, before new data, and the round stays within round_quota (§4.3 Tx path)", () => {
  // 24 packets; PSN 1 trimmed. The HO comes back about one RTT later, with many packets still
  // unsent. §4.3: "After processing all fetched retransmission entries, the RNIC begins
  // transmitting normal data packets if there is an available sending quota": the first round
  // scheduled after the HO arrives starts with PSN 1, and holds at most 16,384 B of payload:
  // PSN 1 and 3 new packets.
  const r = run(24, (e, n) => e.psn === 1 && n === 0);
  assert.equal(r.fab.violations, []);
  assert.is(r.hoAt.length, 1);
  const k = r.sent.findIndex((p, i) => i > 1 && p.psn === 1);
  assert.ok(k > 0, "PSN 1 resent");
  const round = r.schedules.find((i) => r.sent[i] !== undefined && r.sent[i].nowNs >= r.hoAt[0]) as number;
  assert.is(k, round, "the retransmission is the first packet of the first round after the HO");
  const next = r.schedules.find((i) => i > round) ?? r.sent.length;
  assert.is(next - round, 4, "one retransmission + 3 new packets = 4 × 4,086 B ≤ 16,384 B");
  assert.equal([r.tr.tx.retransmissions(0), r.tr.timeouts(0)], [1, 0]);
  assert.equal(r.completions.reduce((a, b) => a + b, 0), 1);
});


test("awin is the CC's window in wire bytes: a round never puts more on the wire than the window allows (§4.3: the round fetches up to min(round_quota, awin); CC modules count wire bytes in flight); past it only recovery, one packet an opportunity", () => {
  // 1,000 B payload + 64 B header per packet. The CC's window has 3,100 wire bytes left and
  // refuses anything past it (canSend false once full). Two packets (2 × 1,064 = 2,128 B) fit;
  // a third would put 3,192 B in flight, 92 B past the window. DcpTransport is gated (the
  // fabric does not ask canSend per packet), so the round alone must keep to the window: its
  // awin is 2 × 1,000 + (972 − 64) = 2,908 B of payload, PSNs 0 and 1. The flow is one
  // 5-packet message, which no ACK frees before it is whole (§4.5): with 972 B left, recovery
  // rounds send its PSNs 2, 3, 4, each alone (review rev-dcp; they waited for the RTO).
  const cwnd = 3100;
  let inflight = 0;
  const cc = { windowLeft: () => cwnd - inflight, canSend: (_s: number, b: number) => inflight + b <= cwnd } as unknown as CcAdapter;
  const t = new DcpTransport(new DcpSender({ mtuBytes: 1000, rtoNs: 100_000 } as never, 2), new DcpReceiver({}, 2), 64, 64, 2);
  t.open(0);
  t.post(0, 5000);
  const sent: number[][] = [];
  while (t.nextBytes(0, 0, cc) > 0) {
    const left = cwnd - inflight;
    t.nextPacket(0, 0, 0);
    sent.push([t.psn, t.bytes, left]);
    inflight += t.bytes;
  }
  // The window left before each: 3,100, 3,100 − 1,064 = 2,036, then 972, −92, −1,156.
  assert.equal(sent, [[0, 1064, 3100], [1, 1064, 2036], [2, 1064, 972], [3, 1064, -92], [4, 1064, -1156]]);
});

/**
 * DcpTransport under a window CC stand-in, driven as the fabric drives it (review fw2,
 * 2026-12-05): 1,000 B of payload and 64 B of header, so P = 1,064 B a packet; two 2-packet
 * Writes, message 0 (PSNs 0, 1) and message 1 (PSNs 2, 3); a window of 4 P = 4,256 B, full
 * once the four are sent. The stand-in's trim takes the packet out of the flight and the window
 * alike (NSCC's cut by the bytes trimmed); its timeout takes `bytes` out of the flight and sets
 * the window to `afterTimeout(cwnd, lostBytes)`.
 */
function windowQp(afterTimeout: (cwnd: number, lostBytes: number) => number) {
  const w = { cwnd: 4 * 1064, inflight: 0 };
  const cc = { windowLeft: () => w.cwnd - w.inflight, canSend: (_s: number, b: number) => w.inflight + b <= w.cwnd } as unknown as CcAdapter;
  const t = new DcpTransport(new DcpSender({ mtuBytes: 1000, rtoNs: 100_000 } as never, 2), new DcpReceiver({}, 2), 64, 64, 2);
  const pool = new PacketPool(64);
  t.open(0);
  t.post(0, 2000);
  t.post(0, 2000);
  /** What the NIC sends at `nowNs`: [Tx bits, psn, retryNo, window left before it]. */
  const send = (nowNs: number) => {
    const sent: number[][] = [];
    while (t.nextBytes(0, nowNs, cc) > 0) {
      const left = w.cwnd - w.inflight;
      const r = t.nextPacket(0, nowNs, 0);
      w.inflight += t.bytes;
      sent.push([r, t.psn, t.retryNo, left]);
    }
    return sent;
  };
  const ho = (nowNs: number, msn: number, psn: number) => {
    const r = t.onNack(0, nowNs, pool, packet(pool, Kind.Nack, 0, 57, { psn, w0: msn, w2: 0 }));
    if (r === 1) {
      w.inflight -= t.bytes;
      w.cwnd -= t.bytes;
    }
    return r;
  };
  const timer = (nowNs: number) => {
    const r = t.onTimer(0, nowNs);
    if (r === 1) {
      w.inflight -= t.bytes;
      w.cwnd = afterTimeout(w.cwnd, t.lostBytes);
    }
    return r;
  };
  return { t, w, send, ho, timer };
}

test("a window CC's window full of later messages, an HO of the unaMSN-th message: its retransmission goes at once, one packet past the window (reliability/dcp/README: it used to wait for the RTO)", () => {
  const q = windowQp((cwnd) => cwnd);
  const R = Tx.Retransmit;
  assert.equal(q.send(0).map((p) => p[1]), [0, 1, 2, 3]);
  assert.is(q.w.cwnd - q.w.inflight, 0, "4 × 1,064 = 4,256 B: the window is full");
  // PSN 0's HO: 1,064 B out of the flight and the window, which still has 0 B left. One packet
  // goes past it: PSN 0 again. Then the window is overrun by 1,064 B and nothing more goes.
  assert.is(q.ho(10, 0, 0), 1);
  assert.equal([q.w.cwnd, q.w.inflight], [3192, 3192]);
  assert.equal(q.send(10), [[R, 0, 0, 0]]);
  assert.equal([q.w.cwnd, q.w.inflight], [3192, 4256]);
  // A second HO (PSN 2, message 1) leaves the window at −1,064 B: that one, a later message's, waits.
  assert.is(q.ho(20, 1, 2), 1);
  assert.equal(q.send(20), []);
  assert.is(q.t.errors(), 0);
});

test("with the window overrun, an HO of the unaMSN-th message still goes, ahead of a later message's queued before it (review rev-dcp: it waited for the RTO)", () => {
  const q = windowQp((cwnd) => cwnd);
  const R = Tx.Retransmit;
  q.send(0);
  // HOs of PSN 2 (message 1) and PSN 1 (message 0), in that order: each takes 1,064 B out of the
  // flight and the window, which stay full: 4,256 − 2 × 1,064 = 2,128 B each, w = 0.
  assert.is(q.ho(10, 1, 2), 1);
  assert.is(q.ho(10, 0, 1), 1);
  assert.equal([q.w.cwnd, q.w.inflight], [2128, 2128]);
  // PSN 1, message 0's last, goes past the window (0 B left); PSN 2 waits, at the RetransQ's head.
  assert.equal(q.send(10), [[R | Tx.Last, 1, 0, 0]]);
  // A third HO, PSN 0 (message 0), with the window overrun (1,064 B in flight past 1,064 B of
  // window: w = −1,064 after its trim): it still goes, and completes message 0.
  assert.is(q.ho(20, 0, 0), 1);
  assert.equal([q.w.cwnd, q.w.inflight], [1064, 2128]);
  assert.equal(q.send(20), [[R, 0, 0, -1064]]);
  assert.equal(q.send(21), [], "message 1's PSN 2 waits for the window");
  assert.is(q.t.errors(), 0);
});

test("a timeout takes every byte the QP holds out of the CC's flight, the loss being the unaMSN-th message's; the resend then goes (it waited for good, cwnd = inflight)", () => {
  // PSN 0 is lost silently. At 100 µs the timeout: all four packets, 4,256 B, leave the flight;
  // the loss is message 0's two, 2,128 B. A window cut by the loss, 4,256 − 2,128 = 2,128 B,
  // then holds the two-packet resend (sRetryNo 1). Before, only message 0's 2,128 B left:
  // inflight 2,128 = cwnd, and nothing went.
  const q = windowQp((cwnd, lost) => cwnd - lost);
  q.send(0);
  assert.is(q.timer(100_000), 1);
  assert.equal([q.t.bytes, q.t.lostBytes, q.w.inflight, q.w.cwnd], [4256, 2128, 0, 2128]);
  assert.equal(q.send(100_000), [[Tx.Retransmit, 0, 1, 2128], [Tx.Retransmit | Tx.Last, 1, 1, 1064]]);
});

test("a timeout's resend goes whatever the window: a loss window of one packet (RFC 5681 §3.1) still lets the whole two-packet message go", () => {
  // The same loss; the window after the timeout is one packet, 1,064 B (a loss window). PSN 0
  // fits it; PSN 1 goes past it (0 B left): the message's ACK is what reopens the window.
  const q = windowQp(() => 1064);
  q.send(0);
  assert.is(q.timer(100_000), 1);
  assert.equal(q.send(100_000), [[Tx.Retransmit, 0, 1, 1064], [Tx.Retransmit | Tx.Last, 1, 1, 0]]);
  assert.equal([q.w.cwnd, q.w.inflight], [1064, 2128]);
  assert.equal(q.send(100_001), [], "the resend is over: nothing else past the window");
});

test.run();
