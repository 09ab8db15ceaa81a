// UGAL-L's non-minimal candidate is a Valiant path (Spritz §V-A: "q_val and h_val are those of a
// randomly chosen valiant path"; §II-A: a random intermediate location, then the minimal route;
// §III: an intermediate group in a Dragonfly, an intermediate switch in a Slim Fly), the one the
// packet then follows — not one random port and the minimal route from there, which from a
// neighbour in the source's group turned back through the source switch.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runScenario } from "../run";
import { build } from "../scenario/build";
import { DEFAULT_SCENARIO } from "../scenario/default";
import type { Scenario } from "../scenario/schema";
import { Kind, P, type PacketPool } from "./packets";

const scenario = (topology: Scenario["topology"], traffic: Scenario["traffic"], flows: number[]): Scenario => ({
  ...DEFAULT_SCENARIO,
  name: "ugal",
  topology,
  network: { routing: "ugal" },
  transport: { cc: { name: "nscc" }, lb: { name: "ecmp" }, reliability: { name: "rud" } },
  traffic,
  metrics: { paths: { flows } },
});

/** Each recorded path as the switches it crosses, with its flow and packet count. */
function switchPaths(s: Scenario): { flow: number; switches: number[]; packets: number }[] {
  const b = build(s);
  const r = runScenario(s);
  assert.ok(r.integrity.ok, r.integrity.violations.join("\n"));
  assert.is(r.completed, b.flows.length);
  const t = b.topology;
  const out: { flow: number; switches: number[]; packets: number }[] = [];
  for (const p of r.metrics.paths) {
    for (const x of p.packets) {
      // The NIC's port, then one egress port per switch.
      const switches = x.path.split(">").slice(1).map((port) => t.portNode[Number(port)] - t.hosts);
      out.push({ flow: p.flow, switches, packets: x.packets });
    }
  }
  return out;
}

test("Dragonfly (2, 2, 1) by hand: UGAL-L's detour goes through the third group, never back through the source switch", () => {
  // Dragonfly (p 2, a 2, h 1): g = a·h + 1 = 3 groups, switch s = 2G + i, network port 0 the
  // local link to the group's other switch, port 1 the global link of channel c = i to group
  // T = (G + c + 1) mod 3, arriving at switch 2T + ⌊(g − 2 − c) / h⌋ (lib/lb/spritz Dragonfly):
  //   switch 0 (G 0, i 0) → group 1, switch 2·1 + ⌊1/1⌋ = 3;   switch 1 (G 0, i 1) → group 2, switch 4;
  //   switch 2 (G 1, i 0) → group 2, switch 5;                 switch 4 (G 2, i 0) → group 0, switch 1;
  //   switch 5 (G 2, i 1) → group 1, switch 2.
  // Hosts 0 and 1 (switch 0) send to hosts 6 and 7 (switch 3): 200 Gb/s into switch 0's one
  // 100 Gb/s global link, the minimal route (h_min 1), whose queue therefore grows.
  // Valiant at switch 0 draws one of its two ports (the ECMP 1 table):
  //   the global one: it reaches switch 3, the destination — the minimal route itself;
  //   the local one, to switch 1, which steers a Valiant packet (hop 1, destination group 1 not
  //   its own, not over a global link) over its global ports: its one, to switch 4 in group 2
  //   (the intermediate group); from 4 the minimal route to group 1 leaves by group 2's link to
  //   group 1, at switch 5 (exit index ((1 − 2 − 1) mod 3) / h = 1), then 5 → 2 → 3.
  //   Path 0 → 1 → 4 → 5 → 2 → 3, h_val = 5.
  // So every packet takes [0, 3] or [0, 1, 4, 5, 2, 3]. The old candidate (the local port, then
  // the minimal route from switch 1, whose exit to group 1 is switch 0) was [0, 1, 0, 3].
  const s = scenario(
    { kind: "dragonfly", p: 2, a: 2, h: 1, linkGbps: 100, latencyNs: 100 },
    [{ kind: "flows", flows: [{ src: 0, dst: 6, bytes: 400_000 }, { src: 1, dst: 7, bytes: 400_000 }] }],
    [0, 1],
  );
  const paths = switchPaths(s);
  const byPath = new Map<string, number>();
  for (const x of paths) byPath.set(x.switches.join(","), (byPath.get(x.switches.join(",")) ?? 0) + x.packets);
  for (const [path, packets] of byPath) assert.ok(path === "0,3" || path === "0,1,4,5,2,3", `${packets} packets on ${path}`);
  // While the global queue holds anything and the local one is empty, q_min·1 > 0·5 sends the
  // packet the Valiant way whenever the draw is the local port: both paths are used.
  assert.ok((byPath.get("0,3") ?? 0) > 0 && (byPath.get("0,1,4,5,2,3") ?? 0) > 0, JSON.stringify([...byPath]));
});

test("Dragonfly (2, 2, 1) by hand: h_val is the whole Valiant path's 5 hops, and a packet sent that way takes the drawn second hop", () => {
  // The network of the first test, driven at switch 0 with queues filled by hand. Packets to
  // host 6 (switch 3): the minimal port is switch 0's global one (h_min 1); the Valiant draw is
  // the global port (the minimal route itself: a tie, minimal) or the local one (h_val 5, above).
  const s = scenario({ kind: "dragonfly", p: 2, a: 2, h: 1, linkGbps: 100, latencyNs: 100 }, [{ kind: "flows", flows: [{ src: 0, dst: 6, bytes: 1000 }] }], []);
  const b = build(s);
  const t = b.topology;
  const f = b.fabric as unknown as {
    pool: PacketPool;
    queues: { onEnqueue(port: number, nowNs: number, h: number, bytes: number, tag: number): number; queuedBytes(port: number): number };
    routeLow(sw: number, h: number): number;
  };
  const port = (sw: number, j: number) => t.nodePortBase[t.hosts + sw] + 2 + j;
  const local = port(0, 0);
  const global = port(0, 1);
  const fill = (at: number, packets: number) => {
    for (let i = 0; i < packets; i++) assert.ok(f.queues.onEnqueue(at, 0, f.pool.alloc(Kind.Data, 0, 6, 1000), 1000, 2) >= 0);
  };
  const route = (sw: number, h: number) => f.routeLow(sw, h);
  const fresh = () => {
    const h = f.pool.alloc(Kind.Data, 0, 6, 1000);
    f.pool.i32[(h << 4) + P.InPort] = 0;
    return h;
  };
  // 4000 B queued on the global port, 1000 B on the local one: q_min·h_min = 4000 ≤ q_val·h_val =
  // 1000 · 5 = 5000, so every packet goes minimally. (With h_val 3, one random port and the
  // minimal route from switch 1 back through switch 0, 4000 > 3000 sent the local draws there.)
  fill(global, 4);
  fill(local, 1);
  for (let i = 0; i < 32; i++) assert.is(route(0, fresh()), global, `packet ${i}`);
  // 6000 B on the global port: 6000 > 5000, so a local draw goes the Valiant way, and the packet
  // carries switch 1's global port (network port 1, to switch 4), which switch 1 then takes.
  fill(global, 2);
  let valiant = 0;
  for (let i = 0; i < 32; i++) {
    const h = fresh();
    const out = route(0, h);
    assert.ok(out === global || out === local, `packet ${i}: port ${out}`);
    if (out !== local) continue;
    valiant++;
    f.pool.i32[(h << 4) + P.Hops] = 1;
    f.pool.i32[(h << 4) + P.InPort] = 2; // switch 1's network port 0, from switch 0
    assert.is(route(1, h), port(1, 1), `packet ${i} at switch 1`);
  }
  assert.ok(valiant > 0 && valiant < 32, `${valiant} of 32 local draws`);
});

test("Slim Fly (q 5, p 2): UGAL-L's detour to a neighbouring switch takes a second hop and never returns to the source switch", () => {
  // Slim Fly's Valiant (Spritz §III: an intermediate switch, at most two hops away): a random
  // port, then at that neighbour a random port other than the one back (its ECMP 2 table), then
  // the minimal route. Hosts 0 and 1 (switch 0) send to hosts 2 and 3 (switch 1, a neighbour):
  // 200 Gb/s into the 100 Gb/s link 0 → 1, the minimal route (h_min 1).
  const topology: Scenario["topology"] = { kind: "slimfly", q: 5, p: 2, linkGbps: 100, latencyNs: 100 };
  const s = scenario(topology, [{ kind: "flows", flows: [{ src: 0, dst: 2, bytes: 400_000 }, { src: 1, dst: 3, bytes: 400_000 }] }], [0, 1]);
  const ld = build(s).topology.ld as NonNullable<ReturnType<typeof build>["topology"]["ld"]>;
  const R = ld.networkPorts;
  const around = Array.from({ length: R }, (_, j) => ld.neighbourOf(0, j));
  assert.ok(around.includes(1), "switch 1 is a neighbour of switch 0");
  // In this graph no two neighbours of switch 0 are adjacent (no triangle through 0). Hence:
  // the old candidate — a neighbour m ≠ 1, then m's minimal route to 1 — went m → 0 → 1, since
  // m and 1 have the common neighbour 0 and are not adjacent (their one route of two hops; a
  // Slim Fly's minimal route is a shortest path); and a Valiant path 0 → m → X (X ≠ 0) reaches an
  // X that is not adjacent to 0, so X's minimal route to 1 (direct, or through a common
  // neighbour) never passes 0. Every packet takes [0, 1], or [0, m, X, …, 1] with 0 once.
  for (const m of around) for (const k of around) assert.ok(m === k || ld.portTo(m, k) < 0, `switches ${m} and ${k} are adjacent`);
  let detours = 0;
  for (const x of switchPaths(s)) {
    const w = x.switches;
    assert.is(w.filter((sw) => sw === 0).length, 1, `flow ${x.flow}: ${w.join(" → ")} returns to its source switch`);
    // From the intermediate switch on, the minimal route.
    for (let i = 2; i < w.length - 1; i++) assert.is(ld.neighbourOf(w[i], ld.minimalPort(w[i], 1)), w[i + 1], `flow ${x.flow}: ${w.join(" → ")}`);
    if (w.length > 2) detours += x.packets;
  }
  assert.ok(detours > 0, "UGAL-L detours some packets while the link 0 → 1 is queued");
});

test.run();
