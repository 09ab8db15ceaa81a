// Adaptive routing on a Dragonfly or Slim Fly weighs the next hops of a minimal route (DCP §5's
// least-occupied egress, as on a tree, where every up port is minimal), ties to the minimal
// route; non-minimal adaptive routing is UGAL-L (Spritz §V-A). Until 2026-12-05 it took the
// least occupied of all of ECMP 1's ports, ties at random: on an idle network a uniform draw, so
// Valiant (one flow host 0 → 10 on Dragonfly (2, 4, 2): 40 of its 49 packets non-minimal).
//
// Dragonfly (p 2, a 4, h 2): g = a·h + 1 = 9 groups of 4 switches, switch s = 4G + i with hosts
// 2s and 2s + 1; network ports 0 … 2 the local links, port 3 + k the global link of channel
// c = i·h + k to group T = (G + c + 1) mod 9, arriving at switch 4T + ⌊(g − 2 − c) / h⌋
// (lib/lb/spritz Dragonfly):
//   switch 0  (G 0, i 0): c 0 → group 1, switch 4 + ⌊7/2⌋ = 7;   c 1 → group 2, switch 8 + ⌊6/2⌋ = 11;
//   switch 11 (G 2, i 3): c 6 → group 0, switch 0 + ⌊1/2⌋ = 0;   c 7 → group 1, switch 4 + ⌊0/2⌋ = 4;
//   switch 5  (G 1, i 1): c 2 → group 4, c 3 → group 5.
// The minimal route from group 0 to group 1 leaves by the group's exit switch ⌊((1 − 0 − 1) mod 9) / 2⌋
// = 0, over channel 0 to switch 7, then locally.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import type { Scenario } from "../scenario/schema";

const DF: Scenario["topology"] = { kind: "dragonfly", p: 2, a: 4, h: 2, linkGbps: 100, latencyNs: 100 };

const scenario = (traffic: Scenario["traffic"], flows: number[], topology = DF): Scenario => ({
  name: "adaptive",
  seed: 1,
  topology,
  network: { routing: "adaptive" },
  transport: { cc: { name: "nscc" }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
  traffic,
  metrics: { paths: { flows } },
});

/** Each recorded data path as the switches it crosses, with its packet count. */
function switchPaths(s: Scenario): Map<string, number> {
  const b = build(s);
  const r = runScenario(s);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, b.flows.length);
  const t = b.topology;
  const out = new Map<string, number>();
  for (const p of r.metrics.paths) {
    for (const x of p.packets) {
      // The NIC's port, then one egress port per switch.
      const key = x.path
        .split(">")
        .slice(1)
        .map((port) => t.portNode[Number(port)] - t.hosts)
        .join(",");
      out.set(key, (out.get(key) ?? 0) + x.packets);
    }
  }
  return out;
}

test("one flow on an idle Dragonfly: every packet takes the minimal route", () => {
  // Host 0 (switch 0) → host 10 (switch 5, group 1): switch 0's global link to switch 7, then
  // 7's local link to 5: switches 0, 7, 5. Of switch 0's other neighbours, 1, 2 and 3 (its
  // group) reach group 1 only back through switch 0, and 11 (group 2) through switch 4: none is
  // closer to 5 than 0 is, so 7 is the one minimal next hop, whatever the queues.
  // 200,000 B in ⌈200,000 / 4,086⌉ = 49 packets.
  const paths = switchPaths(scenario([{ kind: "flows", flows: [{ src: 0, dst: 10, bytes: 200_000 }] }], [0]));
  assert.equal([...paths], [["0,7,5", 49]]);
});

test("two flows into one minimal port: the queue moves packets to the other next hop as short, never to a longer path", () => {
  // Hosts 0 and 1 (switch 0) → hosts 8 and 9 (switch 4, group 1). Two 2-hop routes: the minimal
  // route 0 → 7 → 4 (global, local) and 0 → 11 → 4 (switch 11's global link to group 1 lands
  // on switch 4): both next hops, 7 and 11, are one hop from switch 4. Idle, the tie goes to the
  // minimal route; 200 Gb/s of senders behind switch 0's 100 Gb/s link to 7 then queue there,
  // and the empty link to 11 takes packets. No other path is as short.
  const flows = [
    { src: 0, dst: 8, bytes: 400_000 },
    { src: 1, dst: 9, bytes: 400_000 },
  ];
  const paths = switchPaths(scenario([{ kind: "flows", flows }], [0, 1]));
  for (const [path, packets] of paths) assert.ok(path === "0,7,4" || path === "0,11,4", `${packets} packets on ${path}`);
  assert.ok((paths.get("0,7,4") ?? 0) > 0 && (paths.get("0,11,4") ?? 0) > 0, JSON.stringify([...paths]));
  // ⌈400,000 / 4,086⌉ = 98 packets per flow, each delivered once over one of the two.
  assert.is((paths.get("0,7,4") ?? 0) + (paths.get("0,11,4") ?? 0), 2 * 98);
});

test("a permutation across groups and one on a Slim Fly: no packet is routed longer than its minimal route", () => {
  for (const topology of [DF, { kind: "slimfly", q: 5, p: 2, linkGbps: 100, latencyNs: 100 }] as Scenario["topology"][]) {
    const s = scenario([{ kind: "permutation", bytes: 20_000, cross: true }], [], topology);
    const b = build(s);
    s.metrics = { paths: { flows: b.flows.map((_, i) => i) } };
    const r = runScenario(s);
    assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
    let longer = 0;
    let packets = 0;
    for (const p of r.metrics.paths) {
      const f = b.flows[p.flow];
      // Topology.path follows the minimal route, the NIC's port first, then a port per switch.
      const minimal = b.topology.path(f.src, f.dst).length;
      for (const x of p.packets) {
        packets += x.packets;
        if (x.path.split(">").length > minimal) longer += x.packets;
      }
    }
    assert.ok(packets >= b.flows.length * 5, `${packets} packets traced`);
    assert.is(longer, 0, `${topology.kind}: ${longer} of ${packets} packets longer than their minimal route`);
  }
});

test.run();
