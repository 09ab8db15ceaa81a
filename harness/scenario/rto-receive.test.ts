// The derived RTO on hosts that process at a limited rate (network.rxGbps, a put entry's
// rxFraction): uet-htsim's minimum RTO (notes/uec-htsim-reference.md §2) counts switch queues
// only, because its hosts answer on arrival; here an ACK can also wait behind the receiver's
// processing queue. Every expected value is worked out by hand below.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { build } from "./build";
import { runScenario } from "../run";
import type { Scenario } from "./schema";

// k = 4 2-tier fat tree at 100 Gb/s, 1 µs links, MTU 2112 B (2048 B + 64 B header, DACK §III),
// ACK 64 B, no trimming (the paper's fabric drops). Diameter host–leaf–spine–leaf–host, 4 links:
// RTT = 2 × 4 × 1000 + 4 × 2112 × 8 / 100 + 4 × 64 × 8 / 100 = 8000 + 675.84 + 20.48 = 8696.32 ns;
// BDP 869,632 / 8 = 108,704 B → ⌈51.47⌉ = 52 packets; buffer without trimming 5 × 52 × 2112
// = 549,120 B, drained in 549,120 × 8 / 100 = 43,929.6 ns. uet-htsim's rule: 15,000 + 6 × 43,929.6
// = 278,577.6 → 278,578 ns (above twice the RTT, 17,392.64 ns).
const SWITCH_RTO_NS = 278_578;
// Receiver 0 at rxFraction 0.3 of 100 Gb/s = 30 Gb/s with a 1 MiB buffer: 1,048,576 × 8 / 30
// = 279,620.27 ns → 279,621 ns rounded up, so that the timer never falls short of the drain.
const DEEP_DRAIN_NS = 279_621;

const deep = (reliability: NonNullable<Scenario["transport"]>["reliability"], cc = "none", rxFraction: number | null = 0.3): Scenario => ({
  name: "rto behind a deep receive queue",
  seed: 1,
  topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
  network: { mtuBytes: 2112, headerBytes: 64, trimming: false },
  transport: { cc: { name: cc }, lb: { name: "ecmp" }, reliability },
  traffic: [{ kind: "put", senders: 7, receiver: 0, bytes: 4_000_000, ...(rxFraction !== null ? { rxFraction } : {}), rxBufferBytes: 1_048_576 }],
});

test("DACK: the RTO adds the receive queue's drain, since an IACK waits until its packet lies below the policy threshold (§II-D)", () => {
  // The IACK of a packet that entered at the tail of a full 1 MiB queue goes once (1,048,576 − 9,216)
  // B have drained: 277,162.67 ns at 30 Gb/s, alone all but the 278,578 ns of the switch rule.
  // (review rev-dack2: 4 RTOs and 36 duplicates at 278,578 ns; none with rtoNs 2 ms.)
  const b = build(deep({ name: "dack" }));
  assert.is(b.derived.rtoNs, SWITCH_RTO_NS + DEEP_DRAIN_NS);
  assert.is(b.derived.rtoNs, 558_199);
  assert.is(b.ctx.rtoNs, 558_199, "the network's RTO, which the initiators' timer takes");
  // A target queue the scenario gives replaces the buffer: 82,944 × 8 / 30 = 22,118.4 → 22,119 ns.
  assert.is(build(deep({ name: "dack", params: { target: { queueBytes: 82_944 } } })).derived.rtoNs, SWITCH_RTO_NS + 22_119);
});

test("OPT answers on acceptance (§II-A), so its RTO is the switches' alone", () => {
  assert.is(build(deep({ name: "opt" })).derived.rtoNs, SWITCH_RTO_NS);
  assert.is(build(deep({ name: "opt" }, "aimd")).derived.rtoNs, SWITCH_RTO_NS);
});

test("a per-flow receiver sees a packet once processed: its RTO adds the drain too", () => {
  assert.is(build(deep({ name: "rud" }, "nscc")).derived.rtoNs, SWITCH_RTO_NS + DEEP_DRAIN_NS);
  // network.rxGbps 50 on every host, buffer the switches' 549,120 B: 549,120 × 8 / 50 = 87,859.2 → 87,860 ns.
  const s = deep({ name: "rud" }, "nscc", null);
  const everywhere: Scenario = { ...s, network: { ...s.network, rxGbps: 50 }, traffic: [{ kind: "permutation", bytes: 100_000 }] };
  assert.is(build(everywhere).derived.rtoNs, SWITCH_RTO_NS + 87_860);
});

test("a host processing at its link's rate adds nothing: nothing arrives faster than it drains", () => {
  // put without rxFraction processes at 1 × 100 Gb/s, the host link's rate.
  assert.is(build(deep({ name: "dack" }, "none", null)).derived.rtoNs, SWITCH_RTO_NS);
  assert.is(build(deep({ name: "rud" }, "nscc", 1)).derived.rtoNs, SWITCH_RTO_NS);
});

test("rud + NSCC into a 1 MiB queue drained at 30 Gb/s loses no packet, so no RTO may fire", () => {
  // With the switches' 278,578 ns alone, ACKs held behind the queue timed out 719 times (39
  // spurious resends) although nothing was dropped (2026-12-05).
  const r = runScenario(deep({ name: "rud" }, "nscc"));
  assert.is(r.totals.drops, 0);
  assert.is(r.totals.timeouts, 0);
  assert.is(r.totals.retransmissions, 0);
  assert.is(r.completed, 7);
  const rel = r.moduleParams?.find((m) => m.area === "reliability");
  assert.is(rel?.params.rtoNs, SWITCH_RTO_NS + DEEP_DRAIN_NS);
});

test.run();
