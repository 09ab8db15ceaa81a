import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_SLOT } from "../../core/errors";
import { hash3, mix32 } from "../../core/rng";
import {
  Router,
  SPRITZ_ECMP1,
  SPRITZ_ECMP2,
  SPRITZ_INTERMEDIATE,
  SPRITZ_NONE,
  TABLE_DEFAULT,
  TABLE_ECMP1,
  TABLE_ECMP1_LOCAL,
  TABLE_ECMP2,
} from "./routing";

const OUT = { table: 0, clearVlan: 1, minimal: 2, qMin: 3, qVal: 4, ties: 5 };

function router(params: Record<string, unknown> = {}, switches = 2): Router {
  const r = new Router({ seed: 9, ...params }, switches);
  for (let s = 0; s < switches; s++) r.open(s, 1000 + s, s);
  return r;
}

function candidates(r: Router, ports: number[], queues: number[] = [], hops: number[] = []): void {
  ports.forEach((p, i) => assert.is(r.setCandidate(i, p, queues[i] ?? 0, hops[i] ?? 1), 0));
}

// ---------------------------------------------------------------------------------------------
// ECMP

test("ECMP picks ⌊hash3(flow, ev, salt)·n / 2^32⌋ of the candidate set", () => {
  const r = router();
  candidates(r, [10, 11, 12, 13, 14]);
  for (const [flow, ev] of [[1, 2], [77, 65535], [-5, 0], [123456, 4242]]) {
    const u = BigInt(hash3(flow, ev, 1000) >>> 0);
    const idx = Number((u * 5n) >> 32n);
    assert.is(r.ecmp(0, flow, ev, 0, 5), 10 + idx);
  }
  // The same flow and EV stay on one port; another EV or another switch's salt can move it.
  let moved = 0;
  for (let ev = 0; ev < 64; ev++) if (r.ecmp(0, 7, ev, 0, 5) !== r.ecmp(1, 7, ev, 0, 5)) moved++;
  assert.ok(moved > 32, `salt moved ${moved} of 64`);
  // Uniform enough over flows.
  const counts = [0, 0, 0, 0, 0];
  for (let f = 0; f < 50_000; f++) counts[r.ecmp(0, f, 3, 0, 5) - 10]++;
  for (const c of counts) assert.ok(c > 9500 && c < 10500, `bucket ${c}`);
  // A sub-range of the candidates.
  assert.ok([12, 13].includes(r.ecmp(0, 99, 1, 2, 2)));
});

// ---------------------------------------------------------------------------------------------
// Spritz roles

test("Spritz roles on a Dragonfly: ECMP 1 at hop 0, ECMP 2 at hop 1, intermediate at hop 2, none after", () => {
  const r = router({ topology: "dragonfly" }, 1); // switch 0 in group 0
  const role = (hop: number, dstGroup: number, inGlobal = false, atDst = false) => [r.spritzRole(0, hop, dstGroup, inGlobal, atDst, 0), r.out[OUT.table], r.out[OUT.clearVlan]];
  assert.equal(role(0, 3), [SPRITZ_ECMP1, TABLE_ECMP1, 0]);
  assert.equal(role(0, 0), [SPRITZ_ECMP1, TABLE_ECMP1_LOCAL, 0]); // same group: the local table
  assert.equal(role(1, 3), [SPRITZ_ECMP2, TABLE_ECMP2, 0]);
  assert.equal(role(1, 0), [SPRITZ_ECMP2, TABLE_DEFAULT, 0]); // same group: default forwarding
  assert.equal(role(1, 3, true), [SPRITZ_ECMP2, TABLE_DEFAULT, 0]); // came over a global link
  assert.equal(role(2, 3), [SPRITZ_INTERMEDIATE, TABLE_DEFAULT, 0]);
  assert.equal(role(3, 3), [SPRITZ_NONE, TABLE_DEFAULT, 0]);
  assert.equal(role(0, 3, false, true), [SPRITZ_NONE, TABLE_DEFAULT, 0]); // the destination switch delivers
  assert.equal(role(1, 3, false, true), [SPRITZ_NONE, TABLE_DEFAULT, 0]);
});

test("Spritz roles without groups (Slim Fly): no same-group rule", () => {
  const r = router({ topology: "slimfly" }, 1);
  assert.is(r.spritzRole(0, 0, 0, false, false, 0), SPRITZ_ECMP1);
  assert.is(r.out[OUT.table], TABLE_ECMP1);
  assert.is(r.spritzRole(0, 1, 0, true, false, 0), SPRITZ_ECMP2);
  assert.is(r.out[OUT.table], TABLE_ECMP2);
});

test("fine-grained selection: EV1 mod n at ECMP 1, EV2 mod n at ECMP 2, the first entry without a role", () => {
  const r = router({ topology: "dragonfly" }, 1);
  candidates(r, [20, 21, 22, 23, 24, 25, 26]);
  const ev = (0x12 << 8) | 0x0b; // EV1 = 18, EV2 = 11
  assert.is(r.spritzSelect(0, SPRITZ_ECMP1, ev, 0, 0, 5), 20 + (18 % 5));
  assert.is(r.spritzSelect(0, SPRITZ_ECMP2, ev, 0, 2, 4), 22 + (11 % 4));
  assert.is(r.spritzSelect(0, SPRITZ_NONE, ev, 0, 3, 2), 23);
  assert.is(r.spritzSelect(0, SPRITZ_INTERMEDIATE, ev, 0, 6, 1), 26);
  assert.is(r.spritzSelect(0, SPRITZ_ECMP1, 0x10000, 0, 0, 5), E_ARG); // EVs are 16 bits
});

test("VLAN-category mode: an empty tag is default forwarding; the last steering switch clears the tag; the EV is hashed", () => {
  const r = router({ topology: "dragonfly", spritzMode: "vlan" }, 1);
  assert.is(r.spritzRole(0, 0, 3, false, false, 0), SPRITZ_NONE);
  assert.is(r.out[OUT.table], TABLE_DEFAULT);
  assert.is(r.spritzRole(0, 0, 3, false, false, 2), SPRITZ_ECMP1);
  assert.equal([r.out[OUT.table], r.out[OUT.clearVlan]], [TABLE_ECMP1, 0]); // ECMP 2 still steers
  assert.is(r.spritzRole(0, 0, 0, false, false, 2), SPRITZ_ECMP1);
  assert.equal([r.out[OUT.table], r.out[OUT.clearVlan]], [TABLE_ECMP1_LOCAL, 1]); // same group: no ECMP 2 follows
  assert.is(r.spritzRole(0, 1, 3, false, false, 1), SPRITZ_ECMP2);
  assert.equal([r.out[OUT.table], r.out[OUT.clearVlan]], [TABLE_ECMP2, 1]);
  candidates(r, [30, 31, 32, 33]);
  const u = BigInt(hash3(55, 0x1234, 1000) >>> 0);
  assert.is(r.spritzSelect(0, SPRITZ_ECMP1, 0x1234, 55, 0, 4), 30 + Number((u * 4n) >> 32n));
});

// A Dragonfly (p = 1, a = 4, h = 2: g = 9 groups, 36 switches) numbered as lib/lb/spritz documents
// it: switch G·a + i; ports 0 … a−2 local (port j → switch j if j < i, else j + 1), ports a−1 …
// a−2+h global (global port k of switch i is link c = i·h + k to group (G + c + 1) mod g, which
// arrives on link g − 2 − c). Candidate tables per that contract: ECMP 1 the local ports for a
// destination in the group, else all ports; ECMP 2 the global ports; default the minimal port.
const A = 4;
const Hh = 2;
const G = A * Hh + 1;
const NET = A - 1 + Hh;
function neighbour(s: number, port: number): [number, boolean, number] {
  const grp = Math.floor(s / A);
  const i = s % A;
  if (port < A - 1) {
    const other = port < i ? port : port + 1;
    return [grp * A + other, false, i < other ? i : i - 1];
  }
  const c = i * Hh + (port - (A - 1));
  const back = G - 2 - c;
  return [((grp + c + 1) % G) * A + Math.floor(back / Hh), true, A - 1 + (back % Hh)];
}
function minimalPort(s: number, d: number): number {
  const gs = Math.floor(s / A);
  const gd = Math.floor(d / A);
  const i = s % A;
  const localTo = (j: number) => (j < i ? j : j - 1);
  if (gs === gd) return localTo(d % A);
  const c = (((gd - gs - 1) % G) + G) % G;
  const owner = Math.floor(c / Hh);
  return owner === i ? A - 1 + (c % Hh) : localTo(owner);
}

test("walking every EV through a Dragonfly: the roles reach every destination on bounded simple paths", () => {
  const r = new Router({ topology: "dragonfly", maxCandidates: 16 }, G * A);
  for (let s = 0; s < G * A; s++) r.open(s, s * 7, Math.floor(s / A));
  let walks = 0;
  for (const src of [0, 5, 17]) {
    for (let dst = 0; dst < G * A; dst++) {
      if (dst === src) continue;
      const seen = new Set<string>();
      for (let ev1 = 0; ev1 < NET; ev1++) {
        for (let ev2 = 0; ev2 < Hh; ev2++) {
          const ev = (ev1 << 8) | ev2;
          let s = src;
          let hop = 0;
          let inGlobal = false;
          let globals = 0;
          let locals = 0;
          const path: number[] = [s];
          while (s !== dst) {
            const role = r.spritzRole(s, hop, Math.floor(dst / A), inGlobal, false, 0);
            const table = r.out[OUT.table];
            let ports: number[];
            if (table === TABLE_ECMP1_LOCAL) ports = [0, 1, 2];
            else if (table === TABLE_ECMP1) ports = [0, 1, 2, 3, 4];
            else if (table === TABLE_ECMP2) ports = [3, 4];
            else ports = [minimalPort(s, dst)];
            candidates(r, ports);
            const port = r.spritzSelect(s, role, ev, 0, 0, ports.length);
            assert.ok(port >= 0);
            const [next, isGlobal] = neighbour(s, port);
            if (isGlobal) globals++;
            else locals++;
            inGlobal = isGlobal;
            s = next;
            hop++;
            path.push(s);
            assert.ok(hop <= 7, `loop from ${src} to ${dst} with EV ${ev}`);
          }
          assert.is(r.spritzRole(s, hop, Math.floor(dst / A), inGlobal, true, 0), SPRITZ_NONE);
          // Bounded simple paths (Spritz §III): at most 3 local and 2 global hops, no switch twice.
          assert.ok(globals <= 2 && locals <= 3, `path ${path} has ${locals} local and ${globals} global hops`);
          assert.is(new Set(path).size, path.length, `path ${path} repeats a switch`);
          seen.add(path.join(","));
          walks++;
        }
      }
      // Different EVs reach more than one path whenever the destination is outside the group.
      if (Math.floor(dst / A) !== Math.floor(src / A)) assert.ok(seen.size > 1);
    }
  }
  assert.ok(walks > 1000);
});

// ---------------------------------------------------------------------------------------------
// Adaptive, Valiant, UGAL-L

test("least occupied: the minimum; ties uniform at random or the first", () => {
  const r = router();
  candidates(r, [1, 2, 3, 4, 5], [900, 200, 700, 300, 400]);
  assert.is(r.leastOccupied(0, 0, 5), 2);
  assert.is(r.out[OUT.ties], 1);
  assert.is(r.leastOccupied(0, 2, 3), 4);
  candidates(r, [1, 2, 3, 4, 5], [100, 0, 50, 0, 0]);
  const counts = new Map<number, number>();
  for (let i = 0; i < 30_000; i++) {
    const p = r.leastOccupied(0, 0, 5);
    counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  assert.equal([...counts.keys()].sort(), [2, 4, 5]);
  for (const c of counts.values()) assert.ok(c > 9500 && c < 10500, `tie share ${c}`);
  assert.is(r.out[OUT.ties], 3);
  const first = router({ tieBreak: "first" });
  candidates(first, [1, 2, 3, 4, 5], [100, 0, 50, 0, 0]);
  for (let i = 0; i < 10; i++) assert.is(first.leastOccupied(0, 0, 5), 2);
});

test("Valiant: uniform over the candidates, from the switch's own splitmix32 stream", () => {
  const r = router({ seed: 4 });
  candidates(r, [7, 8, 9, 10]);
  // The first draw of switch 0: x = hash3(4, 0, 0x5a17) + 0x9e3779b9, index ⌊fmix32(x)·4 / 2^32⌋.
  const x = (hash3(4, 0, 0x5a17) + 0x9e3779b9) | 0;
  assert.is(r.valiant(0, 0, 4), 7 + Math.floor(((mix32(x) >>> 0) * 4) / 2 ** 32));
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < 40_000; i++) counts[r.valiant(0, 0, 4) - 7]++;
  for (const c of counts) assert.ok(c > 9500 && c < 10500, `share ${c}`);
  // Switches draw independently: switch 1's sequence is its own.
  const a = router({ seed: 4 });
  candidates(a, [7, 8, 9, 10]);
  const seqAlone = Array.from({ length: 20 }, () => a.valiant(1, 0, 4));
  const b = router({ seed: 4 });
  candidates(b, [7, 8, 9, 10]);
  const seqMixed = Array.from({ length: 20 }, () => (b.valiant(0, 0, 4), b.valiant(1, 0, 4)));
  assert.equal(seqMixed, seqAlone);
});

test("UGAL-L: minimal iff q_min·h_min ≤ q_val·h_val", () => {
  const r = router();
  assert.is(r.ugalChoose(0, 3000, 2, 1000, 4), 0); // 6000 > 4000: valiant
  assert.is(r.ugalChoose(0, 2000, 2, 1000, 4), 1); // 4000 ≤ 4000: minimal (ties go minimal)
  assert.is(r.ugalChoose(0, 0, 3, 0, 5), 1);
  assert.is(r.ugalMinimal(0), 2);
  assert.is(r.ugalValiant(0), 1);
  // Composite: least-occupied minimal candidate against a random valiant candidate.
  candidates(r, [1, 2, 3, 4], [5000, 4000, 1000, 1000], [2, 2, 4, 4]);
  // min candidate: port 2 (4000 × 2 = 8000); every valiant candidate: 1000 × 4 = 4000 → valiant.
  const p = r.ugal(0, 0, 2, 2, 2);
  assert.ok(p === 3 || p === 4);
  assert.equal([r.out[OUT.minimal], r.out[OUT.qMin], r.out[OUT.qVal]], [0, 4000, 1000]);
  candidates(r, [1, 2, 3, 4], [5000, 1000, 3000, 3000], [2, 2, 4, 4]);
  assert.is(r.ugal(0, 0, 2, 2, 2), 2); // 2000 ≤ 12000
  assert.is(r.out[OUT.minimal], 1);
});

test("bound candidate arrays are read in place", () => {
  const r = router();
  const ports = new Int32Array([40, 41, 42, 43, 44, 45]);
  const queues = new Int32Array([9, 9, 9, 1, 9, 9]);
  const hops = new Int32Array(6).fill(1);
  r.bindCandidates(ports, queues, hops);
  assert.is(r.leastOccupied(0, 0, 6), 43);
  queues[3] = 10;
  queues[5] = 0;
  assert.is(r.leastOccupied(0, 0, 6), 45);
  const errors = r.errors;
  assert.throws(() => r.bindCandidates(ports, queues, new Int32Array(2)), RangeError);
  assert.is(r.errors, errors + 1);
  assert.is(r.candHops, hops);
  assert.is(r.leastOccupied(0, 0, 6), 45);
});

test("bad input: defined errors, counted, state unchanged", () => {
  const r = router({ maxCandidates: 8 });
  candidates(r, [1, 2, 3]);
  const before = JSON.stringify([r.inspect(0), Array.from(r.candPort), Array.from(r.candQueue)]);
  const cases: [() => number, number][] = [
    [() => r.ecmp(0, 1, 1, 0, 0), E_ARG], // empty set
    [() => r.ecmp(0, 1, 1, 7, 2), E_ARG], // beyond the arrays
    [() => r.ecmp(0, 1, 1, -1, 2), E_ARG],
    [() => r.ecmp(0, 1.5, 1, 0, 2), E_ARG],
    [() => r.ecmp(2, 1, 1, 0, 2), E_SLOT], // switch out of range
    [() => r.ecmp(NaN, 1, 1, 0, 2), E_SLOT],
    [() => r.spritzRole(0, -1, 0, false, false, 0), E_ARG],
    [() => r.spritzRole(0, 0, NaN, false, false, 0), E_ARG],
    [() => r.spritzRole(0, 0, 0, false, false, 5000), E_ARG],
    [() => r.spritzSelect(0, 4, 0, 0, 0, 1), E_ARG],
    [() => r.leastOccupied(0, 0, 9), E_ARG],
    [() => r.valiant(0, 3, 0), E_ARG],
    [() => r.ugal(0, 0, 2, 6, 3), E_ARG],
    [() => r.ugalChoose(0, NaN, 1, 1, 1), E_ARG], // NaN occupancy
    [() => r.ugalChoose(0, -1, 1, 1, 1), E_ARG],
    [() => r.ugalChoose(0, 1, 1, Infinity, 1), E_ARG],
    [() => r.setCandidate(0, 1, NaN, 1), E_ARG],
    [() => r.setCandidate(8, 1, 1, 1), E_ARG],
  ];
  let errors = r.errors;
  for (const [call, code] of cases) {
    assert.is(call(), code);
    assert.is(r.errors, ++errors);
  }
  assert.is(JSON.stringify([r.inspect(0), Array.from(r.candPort), Array.from(r.candQueue)]), before);
  assert.throws(() => r.open(0, 1.5, 0), RangeError);
  assert.throws(() => r.open(0, 1, -2), RangeError);
  assert.throws(() => new Router({ topology: "torus" } as never, 1), RangeError);
});

test("per switch state is 21 B", () => {
  assert.is(Router.bytesPerFlow, 21);
});

test.run();
