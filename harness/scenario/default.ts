// The scenario `nicfw run` runs with no argument (issue 8): an 8:1 incast of 2 MiB messages on a
// 16-host 3-tier fat tree (k = 4) at 100 Gb/s with NSCC, REPS and UEC trimming, in the reference
// simulator's setup (1 µs links, MTU 4150 B with a 64 B header, 1-BDP queues, RED 20–80 %,
// ACKs coalesced every 16 KiB).
import type { Scenario } from "./schema";

export const DEFAULT_SCENARIO: Scenario = {
  name: "default: 8:1 incast of 2 MiB, 16-host 3-tier fat tree, NSCC + REPS + trimming",
  seed: 1,
  topology: { kind: "fattree", tiers: 3, k: 4, linkGbps: 100, latencyNs: 1000, switchLatencyNs: 0 },
  network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, routing: "ecmp", trimming: true, bufferBdp: 1, ecnMinFraction: 0.2, ecnMaxFraction: 0.8 },
  transport: { cc: { name: "nscc", params: { profile: "uec" } }, lb: { name: "reps" }, reliability: { name: "rud" }, ackEveryBytes: 16384 },
  traffic: [{ kind: "incast", senders: 8, receiver: 0, bytes: 2 * 1024 * 1024 }],
};

/** The default scenario with other traffic, a named load balancer and other fields replaced (tests). */
export function defaultWith(name: string, traffic: Scenario["traffic"], extra: Partial<Scenario> = {}, lb?: string): Scenario {
  const transport = lb ? { ...DEFAULT_SCENARIO.transport, lb: { name: lb } } : DEFAULT_SCENARIO.transport;
  return { ...DEFAULT_SCENARIO, name, transport, traffic, ...extra };
}
