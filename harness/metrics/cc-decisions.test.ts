// The CC decision counts (results.json totals.cc and ccTables, the summary's "CC decisions"
// line): each expectation is argued from the modules' specifications, not read off a run.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { allocated, gcCount, withoutEscapeAnalysis } from "../../bench/gc-count";
import { Dcqcn } from "../../lib/cc/dcqcn/dcqcn";
import { DcqcnNp } from "../../lib/cc/dcqcn/np";
import { Nscc } from "../../lib/cc/nscc/nscc";
import { DcqcnCc, NsccCc } from "../net/adapters";
import { runScenario } from "../run";
import { DEFAULT_SCENARIO, defaultWith } from "../scenario/default";
import { ccDecisionLine, ccDecisions } from "./cc-decisions";
import { summary } from "./results";

// Before any adapter runs: the counting is then compiled as QuickJS-like tiers would run it, a
// literal or closure not optimised away (bench/gc-count.ts).
withoutEscapeAnalysis();

const NSCC_NAMES = ["NSCC_REPATH", "NSCC_MD", "NSCC_FAIR", "NSCC_PROPORTIONAL", "NSCC_FAST", "NSCC_QUICK_ADAPT", "NSCC_IGNORED", "NSCC_FULFILL", "NSCC_DECREASE", "NSCC_SAMPLED_OUT", "NSCC_ACK_REQUEST"];

/** Counts with every NSCC bit 0 but those given. */
const nsccCounts = (nonZero: Record<string, number>): Record<string, number> => Object.fromEntries(NSCC_NAMES.map((n) => [n, nonZero[n] ?? 0]));

test("the adapter counts each result bit NSCC returns, named by its constant (vector quickadapt-window-opened-by-first-trim)", () => {
  // uec, 100 Gb/s, 14 µs, MTU 4150 (the vector's derivation): cwnd starts at maxWnd 262,500 B.
  // onSend 41,500 B at 0: 262,500 − 41,500 ≥ 4,150, no AckRequest → 0, nothing counted.
  // Trim of 4,150 B at 1 ns, the first event: it opens the QuickAdapt window (ending 24,501)
  // and cannot fire it → cwnd −= 4,150: NSCC_DECREASE.
  // ACK of 0 B at 24,501 (RTT 14,000, delay 0 < target 10,500): the window is still open →
  // proportional increase: NSCC_PROPORTIONAL.
  // ACK of 4,150 B at 24,502: the window has ended, trigger_qa is set and achieved 4,150 is
  // below the gate 262,500 >> 3 = 32,812 → NSCC_QUICK_ADAPT.
  const cc = new NsccCc(new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: 14_000, mtuBytes: 4150 }, 2));
  cc.open(0, 0);
  assert.is(cc.onSend(0, 0, 41_500), 0);
  cc.onTrim(0, 1, 4150, false, 0);
  cc.onAck(0, 24_501, 0, 14_000, false, 0);
  cc.onAck(0, 24_502, 4150, 14_000, false, 0);
  assert.equal(ccDecisions([{ cc, flows: 1 }]).total, nsccCounts({ NSCC_DECREASE: 1, NSCC_PROPORTIONAL: 1, NSCC_QUICK_ADAPT: 1 }));
  // Slot 1 was never opened: the module answers E_SLOT (−1, every bit set), an error it counts,
  // not a decision, so no count moves (and `errors` does).
  cc.onTrim(1, 24_503, 4150, false, 0);
  cc.onAck(1, 24_503, 4150, 14_000, true, 0);
  assert.is(cc.errors(), 2);
  assert.equal(ccDecisions([{ cc, flows: 1 }]).total, nsccCounts({ NSCC_DECREASE: 1, NSCC_PROPORTIONAL: 1, NSCC_QUICK_ADAPT: 1 }));
});

test("DCQCN's notification point is counted apart from its reaction point, though both use bit 0", () => {
  // DCQCN §3.1: a CE-marked packet with no CNP before sends one at once (DCQCN_SEND_CNP = 1); an
  // unmarked packet sends none. §3.2, paper RP: a CNP cuts the rate (DCQCN_DECREASE, also 1).
  const cc = new DcqcnCc(new Dcqcn({}, 1), new DcqcnNp({}, 1));
  cc.open(0);
  assert.ok(cc.onData(0, 0, true));
  assert.not.ok(cc.onData(0, 1, false));
  cc.onCnp(0, 10);
  assert.equal(ccDecisions([{ cc, flows: 1 }]).total, {
    DCQCN_DECREASE: 1,
    DCQCN_ALPHA: 0,
    DCQCN_FAST_RECOVERY: 0,
    DCQCN_ADDITIVE: 0,
    DCQCN_HYPER: 0,
    DCQCN_SEND_CNP: 1,
  });
});

test("one flow alone on the default fabric: NSCC only increases, and fast increase engages", () => {
  // One 2 MiB flow, host 0 → host 8 (another pod), every link at the NIC's 100 Gb/s: the NIC
  // sends back to back at line rate and each switch forwards a packet in the time the next one
  // takes to arrive, so no queue holds more than the packet in service. Nothing is marked (RED
  // starts at 20 % of a BDP), trimmed or timed out, and every delay sample is 0.
  const r = runScenario(defaultWith("one flow", [{ kind: "flows", flows: [{ src: 0, dst: 8, bytes: 2 * 1024 * 1024 }] }]));
  assert.equal([r.totals.ecnMarks, r.totals.trims, r.totals.timeouts, r.completed], [0, 0, 0, 1], "the premise: an uncongested run");
  const c = r.totals.cc as Record<string, number>;
  // UEC NSCC (lib/cc/nscc/README.md): REPATH and MD need an ECN echo; DECREASE a trim, loss,
  // timeout or receiver penalty; QuickAdapt a trim or loss (its delay trigger is off with
  // trimming in `uec`); IGNORED an ignore phase, which only QuickAdapt starts; FAIR a delay at
  // or above the target. None of these can happen.
  for (const name of ["NSCC_REPATH", "NSCC_MD", "NSCC_DECREASE", "NSCC_QUICK_ADAPT", "NSCC_IGNORED", "NSCC_FAIR", "NSCC_SAMPLED_OUT"]) assert.is(c[name], 0, name);
  // Every ACK is then a proportional or a fast increase (delay 0 < 1 µs). The receiver ACKs at
  // least every 16 KiB (ackEveryBytes 16384): ≥ 2^21 / 2^14 = 128 ACKs; and at most once per data
  // packet: ≤ ceil(2,097,152 / 4,086 B of payload) = 514.
  const acks = c.NSCC_PROPORTIONAL + c.NSCC_FAST;
  assert.ok(acks >= 128 && acks <= 514, `${acks} ACKs`);
  assert.is(r.totals.dataPackets, 514);
  // Fast increase (UEC fast_increase, SMaRTT Alg. 3) fires once the bytes acknowledged with
  // delay < 1 µs pass cwnd ≤ maxWnd = 1.5 × BDP ≈ 263 kB, far below the flow's 2.1 MB on the wire.
  assert.ok(c.NSCC_FAST >= 1, `fast increases: ${c.NSCC_FAST}`);
  assert.ok(c.NSCC_PROPORTIONAL >= 1, "the first ACKs, before fi_count passes cwnd, are proportional");
  assert.is(r.ccTables, undefined, "one CC table: no per-table list");
});

test("an 8:1 incast with trimming under smartt: every trim NACK cuts the window, and QuickAdapt fires", () => {
  const s = { ...defaultWith("smartt incast", [{ kind: "incast" as const, senders: 8, receiver: 0, bytes: 262144 }]), transport: { ...DEFAULT_SCENARIO.transport, cc: { name: "nscc", params: { profile: "smartt" } } } };
  const r = runScenario(s);
  // Eight windows of maxWnd = 1.5 BDP into one port with a 1-BDP buffer: packets are trimmed.
  assert.ok(r.totals.trims > 0 && r.totals.nacks > 0);
  assert.is(r.totals.timeouts, 0, "the premise: trims, not timeouts, report the losses");
  const c = r.totals.cc as Record<string, number>;
  // SMaRTT Alg. 4 line 16: each trimmed packet's NACK cuts cwnd by its size, inside the ignore
  // phase too (onTrim returns DECREASE, with QUICK_ADAPT when it fires; never IGNORED, and RCCC
  // is off in smartt). RUD reports no other loss (no Sx.Lost) and nothing timed out, so the
  // DECREASE count is the number of NACKs the senders heard.
  assert.is(c.NSCC_DECREASE, r.totals.nacks);
  // A trim arms QuickAdapt (trigger_qa) and smartt has no gate with trimming (Alg. 2); the
  // sender's next ACK or trim once its window (base RTT + target = 1.5 × 14,022.72 ns = 21 µs)
  // has ended fires it, and an incast of 8 × 256 KiB through one 100 Gb/s port lasts at least
  // 2 MiB × 8 / 100 Gb/s = 167.8 µs, so the trimmed senders are still sending then.
  assert.is(r.derived.networkRttNs, 14_022.72);
  assert.ok(r.simulatedUs > 167.8);
  assert.ok(c.NSCC_QUICK_ADAPT >= 1, `QuickAdapt fired ${c.NSCC_QUICK_ADAPT} times`);
  const line = summary(r).split("\n").find((l) => l.startsWith("CC decisions: "));
  assert.ok(line?.includes(`DECREASE ${r.totals.nacks}`) && line.includes(`QUICK_ADAPT ${c.NSCC_QUICK_ADAPT}`), line);
  assert.not.ok(line?.includes("SAMPLED_OUT"), "zero counts stay off the line");
});

test("a run with a CC table per traffic entry lists each table, and totals.cc is their sum", () => {
  const r = runScenario({
    ...DEFAULT_SCENARIO,
    name: "three tables",
    traffic: [
      { kind: "incast", senders: 2, receiver: 0, bytes: 65536 },
      { kind: "incast", senders: 2, receiver: 4, bytes: 65536, cc: { name: "nscc", params: { profile: "smartt" } } },
      { kind: "incast", senders: 3, receiver: 8, bytes: 65536, cc: { name: "dctcp" } },
    ],
  });
  const tables = r.ccTables ?? [];
  assert.equal(
    tables.map((t) => [t.cc, t.scope, t.flows]),
    [
      ["nscc", "transport.cc", 2],
      ["nscc", "traffic[1].cc", 2],
      ["dctcp", "traffic[2].cc", 3],
    ],
  );
  assert.equal(Object.keys(tables[2].counts), ["DCTCP_INCREASE", "DCTCP_DECREASE", "DCTCP_ALPHA"]);
  const sum: Record<string, number> = {};
  for (const t of tables) for (const [k, v] of Object.entries(t.counts)) sum[k] = (sum[k] ?? 0) + v;
  assert.equal(r.totals.cc, sum);
  // Every flow's ACKs pass through its table: each table saw some decision.
  for (const t of tables) assert.ok(Object.values(t.counts).some((v) => v > 0), t.scope);
});

test("the digest line shows only non-zero counts, grouped by module, and nothing when all are 0", () => {
  assert.is(ccDecisionLine({ NSCC_MD: 0, NSCC_QUICK_ADAPT: 3, NSCC_DECREASE: 41, DCTCP_INCREASE: 0, DCTCP_DECREASE: 2 }), "CC decisions: nscc QUICK_ADAPT 3, DECREASE 41; dctcp DECREASE 2");
  assert.is(ccDecisionLine({ NSCC_MD: 0 }), null);
  assert.is(ccDecisionLine({}), null, "cc none: no bits");
  assert.is(ccDecisionLine(undefined), null, "results from before the counts");
});

test("counting allocates nothing per packet (DESIGN.md rule 4's check, bench/gc-count.ts)", async () => {
  const cc = new NsccCc(new Nscc({ profile: "uec", linkGbps: 100, baseRttNs: 14_000, mtuBytes: 4150 }, 1));
  cc.open(0, 0);
  let now = 0;
  let calls = 0;
  // Sends, marked and unmarked ACKs at and above the target, and trims: several bits per call.
  const op = (): number => {
    calls++;
    now = (now + 1000) | 0;
    cc.onSend(0, now, 4150);
    cc.onAck(0, now, 4150, (now & 0x1000) !== 0 ? 40_000 : 14_000, (now & 0x3000) === 0x3000, 0);
    if ((now & 0xf000) === 0) cc.onTrim(0, now, 4150, false, 0);
    return cc.decisions[3] | 0;
  };
  // V8 still optimising (or deoptimising, after the collection before a window) allocates
  // code and boxed numbers in the first windows of a process that ran the fabric (up to 490 KiB
  // in the second, 2.5 KiB in the third, 2026-12-05); an allocation per packet shows in every
  // window, so one clean window of three passes.
  const windows: { gcs: number; youngBytes: number }[] = [];
  while (windows.length < 3 && (windows.length === 0 || allocated(windows[windows.length - 1]))) windows.push(await gcCount(op, 5_000_000));
  assert.not.ok(allocated(windows[windows.length - 1]), windows.map((w) => `${w.gcs} GCs, young generation +${w.youngBytes} B`).join("; "));
  // Each ACK takes one of SMaRTT's four cases (Alg. 1) at least. The bound was 10 M, which a
  // first clean window of 5 M calls (5.08 M counts) missed: the test then failed by chance.
  const counted = cc.decisions.reduce((a, x) => a + x, 0);
  assert.ok(counted >= calls, `the calls did count: ${counted} for ${calls} calls`);
});

test.run();
