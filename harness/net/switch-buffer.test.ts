// Shared switch buffers in the fabric (network.switchBuffer): DCP §6.2 gives each switch one
// 32 MB buffer for all its ports; lib/switch/queue holds each FIFO to Choudhury & Hahne's dynamic
// threshold α·(B − used). Their steady state is what these tests check: with one congested
// queue q = α(B − q), so q = αB/(1 + α); with two, q = α(B − 2q), so q = αB/(1 + 2α) each.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario } from "../run";
import { validateScenario } from "../scenario/load";
import type { Scenario } from "../scenario/schema";
import { scenarioErrors } from "../scenario/test-support";
import { oneSwitchScenario } from "./test-support";

const B = 400_000;
const MTU = 4150;

/**
 * One leaf of 10 hosts at 100 Gb/s, no CC, no trimming, per-port limits far above B: 4 senders
 * (hosts 2–5) blast 2 MB each at host 0 and, with `second`, hosts 6–9 at host 1.
 */
function incast(switchBuffer: NonNullable<Scenario["network"]>["switchBuffer"] | undefined, second: boolean) {
  const flows = [2, 3, 4, 5].map((src) => ({ src, dst: 0, bytes: 2_000_000 }));
  if (second) for (const src of [6, 7, 8, 9]) flows.push({ src, dst: 1, bytes: 2_000_000 });
  const s = oneSwitchScenario("switch-buffer", 100, flows);
  s.topology = { ...s.topology, hostsPerLeaf: 10 } as Scenario["topology"];
  s.network = { ...s.network, bufferBytes: 2 ** 28, ...(switchBuffer ? { switchBuffer } : {}) };
  // The queues toward hosts 0 and 1, sampled every 2 µs (a 4150 B packet takes 0.33 µs).
  s.metrics = { sample: { intervalUs: 2, ports: [{ to: 0 }, { to: 1 }] } };
  const r = runScenario(s);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, r.flowsTotal);
  return r;
}

/** The fullest the leaf's buffer got (its data queues and the ACKs queued toward the senders). */
function peak(r: ReturnType<typeof incast>): number {
  return r.metrics.switchBuffer.peakBytes;
}

test("one congested queue under α = 1 holds B/2, the dynamic threshold's steady state", () => {
  const r = incast({ bytes: B }, false);
  const p = peak(r);
  // q + size ≤ α(B − q) admits up to (B + size)/2 of data; the ACKs queued toward the senders
  // add at most a few kB (they drain at 100 Gb/s, 64 B each).
  assert.ok(p >= B / 2 - MTU && p <= B / 2 + MTU + 4096, `peak ${p} B, B/2 = ${B / 2}`);
  assert.ok(r.metrics.switchBuffer.refusals > 0, "the incast outruns the threshold");
  assert.is(r.metrics.drops.queue, r.metrics.switchBuffer.refusals, "every queue drop is the shared buffer's (the port's own limit is 2^28 B)");
});

test("α = 1/2 holds one queue to B/3, α = 2 to 2B/3", () => {
  for (const [alphaLog2, share] of [[-1, 1 / 3], [1, 2 / 3]] as const) {
    const p = peak(incast({ bytes: B, alphaLog2 }, false));
    assert.ok(p >= share * B - MTU && p <= share * B + MTU + 4096, `α = 2^${alphaLog2}: peak ${p} B, expected ${share * B}`);
  }
});

test("two congested queues of one switch each get B/3 under α = 1; complete sharing lets them fill B", () => {
  const r = incast({ bytes: B }, true);
  const dyn = peak(r);
  assert.ok(dyn >= (2 * B) / 3 - 2 * MTU && dyn <= (2 * B) / 3 + 2 * MTU + 4096, `two queues: peak ${dyn} B, expected 2B/3 = ${(2 * B) / 3}`);
  // Each queue on its own: q = α(B − 2q) gives B/3 for both, not some other split of 2B/3.
  const queues = r.series?.queues ?? [];
  assert.is(queues.length, 2);
  for (const q of queues) {
    const top = Math.max(...q.bytes);
    assert.ok(top >= B / 3 - 2 * MTU && top <= B / 3 + MTU, `${q.name}: sampled peak ${top} B, B/3 = ${B / 3}`);
  }
  const full = peak(incast({ bytes: B, rule: "complete" }, true));
  assert.ok(full > B - MTU && full <= B, `complete sharing: peak ${full} B of ${B}`);
});

test("the dynamic threshold keeps room for a bystander port; complete sharing lets an incast take it all", () => {
  // Choudhury & Hahne's point: under complete sharing one overloaded queue can hold the whole
  // buffer, so another port's packets find none. The 4:1 incast at host 0 runs with trimming on;
  // from 100 µs, hosts 6 and 7 send 64 packets each to host 1 (2:1, so host 1's queue must grow).
  const run = (switchBuffer?: { bytes: number; rule?: "complete" }) => {
    const flows = [2, 3, 4, 5].map((src) => ({ src, dst: 0, bytes: 2_000_000, startUs: 0 }));
    flows.push({ src: 6, dst: 1, bytes: 64 * 4086, startUs: 100 }, { src: 7, dst: 1, bytes: 64 * 4086, startUs: 100 });
    const s = oneSwitchScenario("switch-buffer-bystander", 100, flows);
    s.topology = { ...s.topology, hostsPerLeaf: 10 } as Scenario["topology"];
    s.network = { ...s.network, trimming: true, bufferBytes: 2 ** 28, ...(switchBuffer ? { switchBuffer } : {}) };
    const r = runScenario(s);
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    assert.is(r.completed, r.flowsTotal);
    return Math.max(r.flows[4].fctUs as number, r.flows[5].fctUs as number);
  };
  const own = run();
  const dynamic = run({ bytes: B });
  const complete = run({ bytes: B, rule: "complete" });
  assert.ok(dynamic < 1.1 * own, `bystanders ${dynamic} µs under the dynamic threshold, ${own} µs with private buffers`);
  assert.ok(complete > 3 * own, `bystanders ${complete} µs under complete sharing, ${own} µs with private buffers`);
});

test("without a shared buffer nothing is refused and the metric reads 0", () => {
  const r = incast(undefined, false);
  assert.equal(r.metrics.switchBuffer, { refusals: 0, peakBytes: 0 });
  assert.is(r.metrics.drops.queue, 0, "a 2^28 B port limit never drops 8 MB");
});

test("a scenario is refused with a buffer below one packet, with static PFC thresholds, or with pool settings in network.queue", () => {
  const s = oneSwitchScenario("switch-buffer", 100, [{ src: 0, dst: 1, bytes: 1000 }]);
  const small = scenarioErrors(() => validateScenario({ ...s, network: { ...s.network, switchBuffer: { bytes: 4000 } } }));
  assert.ok(small.some((e) => e.includes("network.switchBuffer.bytes")), small.join("\n"));
  const inQueue = scenarioErrors(() => validateScenario({ ...s, network: { ...s.network, queue: { poolBytes: 1_000_000 } } }));
  assert.ok(inQueue.some((e) => e.includes("network.queue.poolBytes") && e.includes("network.switchBuffer")), inQueue.join("\n"));
  // With PFC the buffer sets XOFF: static thresholds are refused, and the shared-buffer keys need it.
  assert.equal(scenarioErrors(() => validateScenario({ ...s, network: { ...s.network, pfc: { reserveBytes: 0 }, switchBuffer: { bytes: 1e6 } } })), []);
  const xoff = scenarioErrors(() => validateScenario({ ...s, network: { ...s.network, pfc: { xoffBytes: 50_000 }, switchBuffer: { bytes: 1e6 } } }));
  assert.ok(xoff.some((e) => e.includes("network.pfc.xoffBytes") && e.includes("network.switchBuffer")), xoff.join("\n"));
  const reserve = scenarioErrors(() => validateScenario({ ...s, network: { ...s.network, pfc: { reserveBytes: 0 } } }));
  assert.ok(reserve.some((e) => e.includes("network.pfc.reserveBytes") && e.includes("only with network.switchBuffer")), reserve.join("\n"));
  const alpha = scenarioErrors(() => validateScenario({ ...s, network: { ...s.network, switchBuffer: { bytes: 1e6, alphaLog2: 9 } } }));
  assert.ok(alpha.some((e) => e.includes("alphaLog2")), alpha.join("\n"));
  assert.equal(scenarioErrors(() => validateScenario({ ...s, network: { ...s.network, switchBuffer: { bytes: 1e6, rule: "complete", alphaLog2: -8 } } })), []);
});


test("under PFC the buffer sets each ingress queue's XOFF (HPCC's MMU, α = 1/8): lossless, four paused queues hold about αR/(1 + 4α) each", () => {
  // The 4:1 incast at host 0 of the tests above, lossless: each sender's ingress queue at the
  // leaf pauses when its shared use s reaches α(R − Σ s); four alike settle at s = αR/(1 + 4α)
  // = R/12, each with its 4096 B reserve, plus at most a headroom (33,300 B: 2 × 12,500 B on the
  // 1 µs cable + 2 × 4150 B) that arrives after the PAUSE. R = B − 11 ports × (4096 + 33,300).
  const B = 4_000_000;
  const R = B - 11 * (4096 + 33_300);
  const run = (rule: "dynamic" | "complete") => {
    const s = oneSwitchScenario("switch-buffer-pfc", 100, [2, 3, 4, 5].map((src) => ({ src, dst: 0, bytes: 2_000_000 })));
    s.topology = { ...s.topology, hostsPerLeaf: 10 } as Scenario["topology"];
    s.network = { ...s.network, pfc: {}, switchBuffer: { bytes: B, rule } };
    const r = runScenario(s);
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    assert.is(r.completed, r.flowsTotal);
    assert.is(r.metrics.drops.total, 0, "lossless");
    assert.is(r.metrics.switchBuffer.refusals, 0, "no arrival beyond a headroom");
    assert.is(r.metrics.pfc.portsPaused, 4);
    return r.metrics.switchBuffer.peakBytes;
  };
  const dyn = run("dynamic");
  const low = 4 * (R / 12 + 4096);
  assert.ok(dyn >= low - 4150 && dyn <= low + 4 * 33_300, `dynamic: peak ${dyn} B, 4 × (R/12 + reserve) = ${low}`);
  // Complete sharing pauses only when the shared part is full: R plus the reserves, plus what
  // the headrooms take after the PAUSE, at most B.
  const full = run("complete");
  assert.ok(full >= R + 4 * 4096 && full <= Math.min(B, R + 4 * (4096 + 33_300)), `complete: peak ${full} B, R = ${R}`);
});

test("under PFC a buffer too small for every port's reserve and headroom is refused when the fabric is built", () => {
  const s = oneSwitchScenario("switch-buffer-pfc-small", 100, [{ src: 0, dst: 1, bytes: 1000 }]);
  s.network = { ...s.network, pfc: {}, switchBuffer: { bytes: 100_000 } };
  // The leaf's 3 ports need 3 × (4096 + 33,300) = 112,188 B.
  assert.throws(() => runScenario(s), /switchBuffer.bytes: 100000 B cannot set aside the PFC reserves and headrooms of switch 0's 3 ingress queues, 112188 B in all \(37396 B the largest\)/);
});

test.run();
