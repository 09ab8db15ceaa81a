import { test } from "uvu";
import * as assert from "uvu/assert";
import { GaloisField, primePower } from "./gf";
import { EndpointTable } from "./table";
import { Dragonfly, type LowDiameterTopology, SlimFly, spritzNextPort } from "./topology";

const MiB = 1024 * 1024;

test("GF(q) satisfies the field axioms for primes and prime powers (4, 8, 9, 25, 27)", () => {
  for (const q of [3, 4, 5, 7, 8, 9, 25, 27]) {
    const f = new GaloisField(q);
    for (let a = 0; a < q; a++) {
      assert.is(f.add(a, 0), a);
      assert.is(f.mul(a, 1), a);
      assert.is(f.add(a, f.negTable[a]), 0);
      if (a > 0) {
        let inverses = 0;
        for (let b = 1; b < q; b++) if (f.mul(a, b) === 1) inverses++;
        assert.is(inverses, 1, `q=${q}: ${a} has one inverse`);
      }
      for (let b = 0; b < q; b++) {
        assert.is(f.mul(a, b), f.mul(b, a));
        for (let c = 0; c < q; c += 3) {
          assert.is(f.mul(a, f.add(b, c)), f.add(f.mul(a, b), f.mul(a, c)), `q=${q} distributive`);
          assert.is(f.mul(a, f.mul(b, c)), f.mul(f.mul(a, b), c), `q=${q} associative`);
        }
      }
    }
    // ξ generates the multiplicative group.
    assert.is(new Set(Array.from(f.powTable)).size, q - 1);
  }
  assert.equal(primePower(9), [3, 2]);
  assert.equal(primePower(12), null);
  assert.throws(() => new GaloisField(6), RangeError);
});

test("GF(9) addition is digit-wise modulo 3 (the documented element numbering)", () => {
  const f = new GaloisField(9);
  // 5 = 2 + 1·3 has digits (2, 1); 7 = 1 + 2·3 has digits (1, 2).
  assert.is(f.add(5, 7), 0 + 3 * 0); // (2+1, 1+2) mod 3 = (0, 0)
  assert.is(f.add(4, 4), 2 + 3 * 2); // (1,1) + (1,1) = (2,2) = 8
  assert.is(f.sub(0, 4), 2 + 3 * 2); // −(1,1) = (2,2)
});

function diameter(t: LowDiameterTopology): number {
  let worst = 0;
  const k = t.networkPorts;
  for (let u = 0; u < t.switches; u++) {
    const dist = new Int32Array(t.switches).fill(-1);
    dist[u] = 0;
    const queue = [u];
    for (let qi = 0; qi < queue.length; qi++) {
      const x = queue[qi];
      for (let j = 0; j < k; j++) {
        const y = t.neighbour[x * k + j];
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          queue.push(y);
        }
      }
    }
    for (const d of dist) worst = Math.max(worst, d < 0 ? Infinity : d);
  }
  return worst;
}

test("Slim Fly (MMS): 2q² switches of radix (3q − δ)/2 and diameter 2, for δ = 1, 0, −1", () => {
  for (const q of [3, 4, 5, 7, 8, 9, 11, 13]) {
    const t = new SlimFly({ q, p: 1 });
    const delta = q % 4 === 1 ? 1 : q % 4 === 0 ? 0 : -1;
    assert.is(t.switches, 2 * q * q);
    assert.is(t.networkPorts, (3 * q - delta) / 2);
    assert.is(diameter(t), 2, `q=${q}`);
  }
  assert.throws(() => new SlimFly({ q: 6, p: 1 }), RangeError);
  assert.throws(() => new SlimFly({ q: 2, p: 1 }), RangeError);
});

test("Slim Fly port numbering: local ports add X_j, global port |X| + m of (0,x,y) reaches (1, m, y − m·x)", () => {
  const t = new SlimFly({ q: 9, p: 7 });
  const f = t.field;
  const q = 9;
  assert.is(t.endpoints, 1134);
  assert.is(t.switches, 162);
  const half = t.X.length;
  for (let x = 0; x < q; x++) {
    for (let y = 0; y < q; y++) {
      const s = x * q + y;
      for (let j = 0; j < half; j++) assert.is(t.neighbourOf(s, j), x * q + f.add(y, t.X[j]));
      for (let m = 0; m < q; m++) {
        const other = t.neighbourOf(s, half + m);
        assert.is(other, q * q + m * q + f.sub(y, f.mul(m, x)));
        assert.ok(t.isGlobal(s, half + m));
        assert.is(t.portTo(other, s), half + x);
      }
    }
  }
  // δ = 1: X is the set of non-zero squares of GF(9).
  const squares = new Set<number>();
  for (let a = 1; a < q; a++) squares.add(f.mul(a, a));
  assert.equal([...squares].sort((a, b) => a - b), [...t.X]);
});

test("Dragonfly: g = a·h + 1 groups, all-to-all groups, exactly one global link per group pair", () => {
  const t = new Dragonfly({ p: 4, a: 8, h: 4 });
  assert.is(t.g, 33);
  assert.is(t.switches, 264);
  assert.is(t.endpoints, 1056);
  const pairs = new Map<string, number>();
  for (let s = 0; s < t.switches; s++) {
    for (let j = 0; j < t.networkPorts; j++) {
      const o = t.neighbourOf(s, j);
      const G = t.groupOf(s);
      const T = t.groupOf(o);
      assert.is(t.isGlobal(s, j), j >= 7);
      if (j < 7) {
        assert.is(T, G);
        assert.is(o - T * 8, j < s % 8 ? j : j + 1);
      } else {
        assert.is.not(T, G);
        const key = G < T ? `${G}-${T}` : `${T}-${G}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
        // Palm-tree arrangement: global link c = i·h + k reaches group G + c + 1.
        assert.is(T, (G + (s % 8) * 4 + (j - 7) + 1) % 33);
      }
    }
  }
  assert.is(pairs.size, (33 * 32) / 2);
  for (const n of pairs.values()) assert.is(n, 2); // seen once from each end
  assert.is(diameter(t), 3);
});

test("Dragonfly Table I counts from any source switch equal the hand derivation", () => {
  // Derivation (p=4, a=8, h=4, g=33), per source switch S in group G:
  // same group: 7 destinations × (1 direct + 6 two-hop) → 1/0: 7, 2/0: 42.
  // 256 other-group destinations, one minimal path each: S is the exit to 4 of the 32 groups and D
  // is the entry switch for 1 of 8 → 0/1: 4·1 = 4, 1/1: 4·7 + 28·1 = 56, 2/1: 28·7 = 196.
  // Via each of the 31 intermediate groups Gi: A = [S exits to Gi] (4 of 32 Gi), B = [the entry
  // switch of Gi also exits to Gd] (3 of the 31 Gd per Gi), C = [D is the entry of Gd] (1 of 8):
  // 0/2: 4·3·1 = 12; 1/2: 4·3·7 + 4·28·1 + 28·3·1 = 280; 2/2: 4·28·7 + 28·3·7 + 28·28·1 = 2156;
  // 3/2: 28·28·7 = 5488.
  const expected: [number, number, number][] = [
    [1, 0, 7], [2, 0, 42], [0, 1, 4], [1, 1, 56], [2, 1, 196], [0, 2, 12], [1, 2, 280], [2, 2, 2156], [3, 2, 5488],
  ];
  const t = new Dragonfly({ p: 4, a: 8, h: 4 });
  for (const src of [0, 13, 263]) {
    const table = new EndpointTable(t, src);
    for (const [l, g, n] of expected) assert.is(table.pathsOfType(-1, l, g), n, `src ${src} ${l}/${g}`);
    assert.is(table.entries, 7 + 42 + 256 * 32);
    assert.is(table.maxPaths, 32);
  }
});

/** Walks a packet with EV `ev` from src to dst through the switch roles; null if it loops. */
function walk(t: LowDiameterTopology, src: number, dst: number, ev: number): number[] | null {
  const path = [src];
  let sw = src;
  let inPort = -1;
  for (let hops = 0; hops < 8; hops++) {
    const port = spritzNextPort(t, sw, hops, inPort, dst, ev);
    if (port < 0) return path;
    const next = t.neighbourOf(sw, port);
    inPort = t.backPort[sw * t.networkPorts + port];
    if (path.indexOf(next) >= 0) return null;
    path.push(next);
    sw = next;
  }
  return null;
}

function hopKinds(t: LowDiameterTopology, path: number[]): [number, number] {
  let local = 0;
  let global = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    if (t.isGlobal(path[i], t.portTo(path[i], path[i + 1]))) global++;
    else local++;
  }
  return [local, global];
}

test("every table EV, replayed through the switch roles, takes a simple path of its recorded class", () => {
  for (const t of [new Dragonfly({ p: 1, a: 8, h: 4 }), new SlimFly({ q: 9, p: 1 }), new SlimFly({ q: 8, p: 1 })]) {
    const src = 5;
    const table = new EndpointTable(t, src);
    for (let d = 0; d < t.switches; d++) {
      const seen = new Set<string>();
      let lastClass = -1;
      let lastEv = -1;
      for (let i = 0; i < table.pathCount(d); i++) {
        const ev = table.ev[table.listStart[d] + i];
        const path = walk(t, src, d, ev);
        assert.ok(path, `${t.describe()} ${src}→${d} EV ${ev} loops`);
        const [l, g] = hopKinds(t, path as number[]);
        const c = table.classOfEntry(d, i);
        assert.is(table.classLocal[c], l);
        assert.is(table.classGlobal[c], g);
        // Sorted by latency class, then EV.
        assert.ok(c > lastClass || (c === lastClass && ev > lastEv));
        lastClass = c;
        lastEv = ev;
        seen.add((path as number[]).join(","));
      }
      assert.is(seen.size, table.pathCount(d), "each path once");
    }
  }
});

test("the table holds every simple path the switches can produce (EV space swept with aliases)", () => {
  for (const t of [new Dragonfly({ p: 1, a: 4, h: 2 }), new SlimFly({ q: 5, p: 1 })]) {
    const src = 3;
    const table = new EndpointTable(t, src);
    for (let d = 0; d < t.switches; d++) {
      if (d === src) continue;
      const found = new Set<string>();
      // Every EV1 and EV2 below twice the table sizes: the identity hash is taken modulo the size.
      for (let e1 = 0; e1 < 2 * t.networkPorts; e1++) {
        for (let e2 = 0; e2 < 2 * t.networkPorts; e2++) {
          const path = walk(t, src, d, (e1 << 8) | e2);
          if (path) found.add(path.join(","));
        }
      }
      assert.is(found.size, table.pathCount(d), `${t.describe()} → ${d}`);
    }
  }
});

test("Dragonfly paths are bounded: ≤ 3 local, ≤ 2 global hops, at most one intermediate group", () => {
  const t = new Dragonfly({ p: 1, a: 4, h: 2 });
  const table = new EndpointTable(t, 0);
  for (let d = 1; d < t.switches; d++) {
    for (let i = 0; i < table.pathCount(d); i++) {
      const path = walk(t, 0, d, table.ev[table.listStart[d] + i]) as number[];
      const [l, g] = hopKinds(t, path);
      assert.ok(l <= 3 && g <= 2);
      const groups = new Set(path.map((s) => t.groupOf(s)));
      groups.delete(t.groupOf(0));
      groups.delete(t.groupOf(d));
      assert.ok(groups.size <= 1);
    }
  }
});

test("Table I latencies: 108.2 ns per local and 583.2 ns per global hop with Table II's network", () => {
  const df = new EndpointTable(new Dragonfly({ p: 4, a: 8, h: 4 }), 0);
  const want = [108.2, 216.4, 583.2, 691.4, 799.6, 1166.4, 1274.6, 1382.8, 1491.0];
  assert.equal(Array.from(df.classLatencyPs, (ps) => ps / 1000), want);
  const sf = new EndpointTable(new SlimFly({ q: 9, p: 7 }), 0);
  const sfWant = [108.2, 216.4, 324.6, 432.8, 583.2, 691.4, 799.6, 907.8, 1166.4, 1274.6, 1382.8, 1749.6, 1857.8, 2332.8];
  assert.equal(Array.from(sf.classLatencyPs, (ps) => Math.round(ps) / 1000), sfWant);
});

test("class latencies with a switch latency on every hop, and ties kept in Table I order", () => {
  // Switch latency 10 ns: local 25 + 83.2 + 10 = 118.2 ns, global 500 + 83.2 + 10 = 593.2 ns.
  const sw = new EndpointTable(new Dragonfly({ p: 1, a: 4, h: 2 }), 0, { switchLatencyNs: 10 });
  assert.equal(Array.from(sw.classLatencyPs.slice(0, 3), (ps) => ps / 1000), [118.2, 236.4, 593.2]);
  // A global link of 133.2 ns makes a global hop (216.4) cost two local ones (2 × 108.2): types
  // 2/0 and 0/1 tie, and so do 2/1 and 0/2; each pair stays in Table I order.
  const tie = new EndpointTable(new Dragonfly({ p: 1, a: 4, h: 2 }), 0, { globalLinkNs: 133.2 });
  assert.equal(Array.from(tie.classLocal), [1, 2, 0, 1, 2, 0, 1, 2, 3]);
  assert.equal(Array.from(tie.classGlobal), [0, 0, 1, 1, 1, 2, 2, 2, 2]);
  assert.equal(Array.from(tie.classLatencyPs, (ps) => ps / 1000), [108.2, 216.4, 216.4, 324.6, 432.8, 432.8, 541, 649.2, 757.4]);
});

test("EndpointTable queries at their edges: destination 0 from another switch, cells just outside the ECMP tables, the path cap's range, a metadata reset from cell 0", () => {
  const t = new EndpointTable(new Dragonfly({ p: 1, a: 4, h: 2 }), 5);
  // pathsOfType for d = 0 counts switch 0 alone; d = −1 sums every destination, switch 0 included.
  let toZero = 0;
  let all = 0;
  for (let c = 0; c < t.classCount; c++) {
    const [l, g] = [t.classLocal[c], t.classGlobal[c]];
    toZero += t.pathsOfType(0, l, g);
    let sum = 0;
    for (let d = 0; d < t.topology.switches; d++) sum += t.pathsOfType(d, l, g);
    assert.is(t.pathsOfType(-1, l, g), sum);
    all += sum;
  }
  assert.is(toZero, t.pathCount(0));
  assert.ok(t.pathCount(0) > 0 && all > t.pathCount(0));
  // cellOf: e1 = size1, e2 = stride in an expanding row, e2 = 1 in a single-cell row: not cells.
  const d = 0;
  const [size1, split, stride] = [t.size1[d], t.split[d], t.stride[d]];
  assert.is(t.cellOf(d, size1 << 8), -1);
  if (split > 0) {
    assert.is(t.cellOf(d, ((split - 1) << 8) | (stride - 1)), (split - 1) * stride + stride - 1);
    assert.is(t.cellOf(d, ((split - 1) << 8) | stride), -1);
  }
  if (split < size1) {
    assert.is(t.cellOf(d, split << 8), split * stride);
    assert.is(t.cellOf(d, (split << 8) | 1), -1);
  }
  assert.is(t.cellOf(d, 0x10000), -1);
  // The cap on paths per destination: 0 (none) to 65535.
  assert.is(new EndpointTable(t.topology, 5, { maxPathsPerDestination: 65535 }).pathCount(0), t.pathCount(0));
  assert.throws(() => new EndpointTable(t.topology, 5, { maxPathsPerDestination: 65536 }), RangeError);
  // resetMetadata clears the high nibble (ECN count, block) of every cell, the first included.
  const low = t.meta[0];
  t.meta[0] |= 0xf0;
  t.meta[t.meta.length - 1] |= 0xf0;
  t.resetMetadata();
  assert.is(t.meta[0], low);
  assert.is(t.meta[t.meta.length - 1] & 0xf0, 0);
});

test("portTo and exitIndex agree with the wiring: the port behind which a switch lies, −1 for a non-neighbour; the group's exit to each other group", () => {
  for (const t of [new Dragonfly({ p: 1, a: 4, h: 2 }), new Dragonfly({ p: 1, a: 3, h: 3 }), new SlimFly({ q: 5, p: 1 })]) {
    const k = t.networkPorts;
    for (let s = 0; s < t.switches; s++) {
      const port = new Int32Array(t.switches).fill(-1);
      for (let j = 0; j < k; j++) port[t.neighbour[s * k + j]] = j;
      for (let o = 0; o < t.switches; o++) assert.is(t.portTo(s, o), o === s ? -1 : port[o], `${t.describe()}: ${s} → ${o}`);
      assert.is(t.minimalPort(s, s), -1);
    }
    if (t instanceof Dragonfly) {
      for (let G = 0; G < t.g; G++) {
        for (let T = 0; T < t.g; T++) {
          if (T === G) continue;
          const exits: number[] = [];
          for (let i = 0; i < t.a; i++) {
            const s = G * t.a + i;
            for (let j = 0; j < k; j++) if (t.isGlobal(s, j) && t.groupOf(t.neighbour[s * k + j]) === T) exits.push(i);
          }
          assert.equal([t.exitIndex(G, T)], exits, `group ${G} to ${T}`);
        }
      }
    }
  }
});

test("Fig. 3 at ~40k endpoints: Dragonfly ≤ 200 paths, ≈ 2.3 MiB; Slim Fly ≈ 1771 paths, ≈ 8.5 MiB (±10 %)", () => {
  const df = new EndpointTable(new Dragonfly({ p: 10, a: 20, h: 10 }), 0);
  assert.is(df.topology.endpoints, 40200);
  assert.is(df.maxPaths, 200);
  assert.ok(Math.abs(df.memoryBytes / MiB - 2.3) <= 0.23, `DF ${df.memoryBytes / MiB} MiB`);
  assert.ok(Math.abs(df.paperBytes / MiB - 2.3) <= 0.23);
  const sf = new EndpointTable(new SlimFly({ q: 29, p: 22 }), 0);
  assert.is(sf.topology.endpoints, 37004);
  assert.ok(Math.abs(sf.maxPaths - 1771) <= 0.01 * 1771, `SF max paths ${sf.maxPaths}`);
  assert.ok(Math.abs(sf.memoryBytes / MiB - 8.5) <= 0.85, `SF ${sf.memoryBytes / MiB} MiB`);
  assert.ok(Math.abs(sf.paperBytes / MiB - 8.5) <= 0.85);
});

test("maxPathsPerDestination keeps the lowest-latency paths and unlists the rest", () => {
  const t = new Dragonfly({ p: 1, a: 8, h: 4 });
  const full = new EndpointTable(t, 0);
  const cut = new EndpointTable(t, 0, { maxPathsPerDestination: 5 });
  for (let d = 1; d < t.switches; d++) {
    const n = Math.min(5, full.pathCount(d));
    assert.is(cut.pathCount(d), n);
    for (let i = 0; i < n; i++) assert.is(cut.ev[cut.listStart[d] + i], full.ev[full.listStart[d] + i]);
    let listed = 0;
    for (let c = cut.metaStart[d]; c < cut.metaStart[d + 1]; c++) if ((cut.meta[c] & 15) !== 15) listed++;
    assert.is(listed, n);
  }
  assert.throws(() => new EndpointTable(t, 0, { maxPathsPerDestination: -1 }), RangeError);
  assert.throws(() => new EndpointTable(t, 264), RangeError);
  assert.throws(() => new EndpointTable(t, 0, { linkGbps: 0 }), RangeError);
});

test("construction rejects impossible topologies", () => {
  assert.throws(() => new Dragonfly({ p: 1, a: 1, h: 1 }), RangeError);
  assert.throws(() => new Dragonfly({ p: 0, a: 4, h: 2 }), RangeError);
  assert.throws(() => new Dragonfly({ p: 1, a: 200, h: 100 }), RangeError);
  assert.throws(() => new SlimFly({ q: 9, p: 0 }), RangeError);
});

test.run();
