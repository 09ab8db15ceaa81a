// The rows that review rev-bench found timing something other than their name (F2–F5): each op
// must make the calls its row describes. Calls are counted by wrapping the classes' prototypes
// around one op after setup (the wrapper is the test's; the bench runs the handlers bare).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SWIFT_DECREASE, Swift } from "../../lib/cc/index";
import { DCP_HO_QUEUED, DCP_TX_RETRANSMIT, DackInitiator, DcpSender, OptInitiator } from "../../lib/reliability/index";
import { PortQueues, QUEUE_EMPTY } from "../../lib/switch/index";
import { rowName } from "./types";
import { workloads } from "./index";

/** Return values of each wrapped method over one op of the row (after its setup and one op). */
function calls(row: string, wrap: [object, string][]): Map<string, number[]> {
  const w = workloads.find((x) => rowName(x) === row);
  if (w === undefined) throw new Error(`no row ${row}`);
  const op = w.setup(1);
  op();
  const seen = new Map<string, number[]>();
  const undo: (() => void)[] = [];
  for (const [proto, name] of wrap) {
    const p = proto as Record<string, (...a: unknown[]) => number>;
    const orig = p[name];
    const out: number[] = [];
    seen.set(name, out);
    p[name] = function (this: unknown, ...a: unknown[]) {
      const r = orig.apply(this, a);
      out.push(r);
      return r;
    };
    undo.push(() => (p[name] = orig));
  }
  try {
    op();
  } finally {
    for (const u of undo) u();
  }
  return seen;
}

test("cc/swift onNack makes Swift Alg. 1's loss cut (F3)", () => {
  const r = calls("cc/swift onNack", [[Swift.prototype, "onNack"]]);
  const nacks = r.get("onNack")!;
  // Every third of 4,096 events: ⌈4096 / 3⌉ = 1,366 NACKs.
  assert.is(nacks.length, 1366);
  // The google profile (lossDecrease false) returned 0 from every one; with lossDecrease a NACK
  // cuts once an RTT has passed since the flow's last cut: the batch spans about 4,096 × 49.5 ns
  // ≈ 203 µs and RTTs are 10–70 µs, so each of the 64 flows has room for at least one.
  assert.ok(nacks.filter((v) => (v & SWIFT_DECREASE) !== 0).length > 0);
});

test("reliability/dcp onHo+recovery: every event is an HO queued, a round and a retransmission (F4)", () => {
  const r = calls("reliability/dcp DcpSender.onHo+recovery", [
    [DcpSender.prototype, "onHo"],
    [DcpSender.prototype, "onScheduleRecovery"],
    [DcpSender.prototype, "nextPacket"],
  ]);
  // 4,096 events; each HO is for the unaMSN-th message, the only one a recovery round sends.
  assert.equal(r.get("onHo")!.filter((v) => v === DCP_HO_QUEUED).length, 4096);
  assert.equal(r.get("onScheduleRecovery")!.filter((v) => v === 1).length, 4096);
  assert.equal(r.get("nextPacket")!.filter((v) => v === DCP_TX_RETRANSMIT).length, 4096);
});

test("switch/queue onDequeue (shared buffer) drains the same backlog as the uec-htsim row (F5)", () => {
  const empty = (row: string): number =>
    calls(row, [[PortQueues.prototype, "onDequeue"]]).get("onDequeue")!.filter((v) => v === QUEUE_EMPTY).length;
  // 40 packets on each port, ≤ 40 × 4150 B = 166,000 B; 16 such ports fit a buffer of
  // 17 × 166,000 B under α = 1, so no arrival is refused and both rows dequeue the same 40 per
  // port with the same events: only ports picked more than 40 times of the 4,096 run empty.
  // In the 1 MB buffer 1,079 dequeues did.
  const plain = empty("switch/queue onDequeue");
  assert.is(empty("switch/queue onDequeue (shared buffer)"), plain);
  // 4,096 dequeues over 128 ports: 32 a port on average, so few exceed 40 (under 2 %).
  assert.ok(plain < 4096 / 50);
});

test("reliability/dack onNack and reliability/opt onNack: NACKs are a real share of the calls (F2)", () => {
  const dack = calls("reliability/dack onNack", [[DackInitiator.prototype, "onNack"]]).get("onNack")!;
  // At least 1/8 of the 8,192 recorded calls (the workload checks the same); 12 before.
  assert.ok(dack.length >= 8192 / 8, `${dack.length}`);
  const opt = calls("reliability/opt onNack", [[OptInitiator.prototype, "onNack"]]).get("onNack")!;
  // At least 1/20 of the 8,192; 7 before.
  assert.ok(opt.length >= 8192 / 20, `${opt.length}`);
});

test.run();
