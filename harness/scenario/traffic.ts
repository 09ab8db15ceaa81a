// Scenario `traffic` entries → flow records. Entries combine: their flows are concatenated in
// entry order, dependencies (`after`, `afterAcked`, multishot triggers) are renumbered to run-wide indices, and
// each flow keeps a class (for FCT by flow class) and, for collectives, a job group (for job
// completion times). `hosts: rest` takes the hosts no earlier entry touched (Spritz §V-B:
// "all other endpoints in the network participate in a permutation among themselves").
// Every kind that reads `hosts` keeps to them: the generators draw from them (permutation,
// tornado, collectives, cdf, an incast's or put's senders and default receiver, adversarial over
// the whole groups or routers they make up), and lists that name hosts (senderList, receiver,
// flows, a matrix) must name hosts among them. The monitored flow refuses `hosts`: Fig. 5's
// pattern is the whole network's.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { hash3 } from "../../lib/core/rng";
import type { Dragonfly } from "../../lib/lb/spritz/topology";
import type { Topology } from "../topo/topology";
import { BUILTIN_CDFS, type CdfPoints, cdfFlows, checkCdf, parseCdf } from "../traffic/cdf";
import { parseCm } from "../traffic/cm";
import { butterflyAllreduce, pickGroups, ringAllreduce } from "../traffic/collectives";
import { hostDomains } from "../traffic/domains";
import { adversarial, spritzMonitored } from "../traffic/lowdiameter";
import { alltoall, permutationFlows, tornado } from "../traffic/patterns";
import { type FlowRecord, incast } from "../traffic/traffic";
import { ScenarioError } from "./load";
import { MAX_TIME_US, type Scenario, type TrafficSpec } from "./schema";

export interface TrafficContext {
  topology: Topology;
  seed: number;
  baseDir: string;
  hostGbps: number;
  rttNs: number;
  rxBufferBytes: number;
}

export interface TrafficResult {
  flows: FlowRecord[];
  /** Traffic entry of each flow. */
  entries: number[];
  /** Class and job group of each flow ("" when none). */
  classes: string[];
  groups: string[];
  /** Hosts whose receive processing a `put` entry sets, and the entry's index. */
  hostRx: { host: number; gbps: number; bufferBytes: number; entry: number }[];
  /** What the entries were read as where a file may have meant something else. */
  warnings: string[];
}

/**
 * A start 10^6 µs (1 s) or later read as µs is, in a file from htsim's generators (which write
 * ps), 1 µs or later: below it the two readings cannot be told apart by size.
 */
const CM_START_PS_HINT_NS = 1e9;

const DEFAULT_CLASS: Record<string, string> = {
  alltoall: "alltoall",
  cdf: "cdf",
  put: "put",
};

function defaultClass(x: TrafficSpec): string {
  if (x.kind === "allreduce") return `allreduce-${x.algorithm ?? "ring"}`;
  return DEFAULT_CLASS[x.kind] ?? x.kind;
}

/**
 * Sets `to`'s dependencies to `from`'s moved past `flowBase` flows and `triggerBase` multishot
 * triggers (a generator numbers both from 0 in its own output); returns the triggers used so
 * far, the highest id plus one.
 */
function shiftDependencies(from: FlowRecord, to: FlowRecord, flowBase: number, triggerBase: number): number {
  if (from.after) to.after = from.after.map((d) => d + flowBase);
  if (from.afterAcked) to.afterAcked = from.afterAcked.map((d) => d + flowBase);
  if (from.needed !== undefined) to.needed = from.needed;
  let used = triggerBase;
  if (from.activates !== undefined) used = Math.max(used, (to.activates = from.activates + triggerBase) + 1);
  if (from.onTrigger !== undefined) used = Math.max(used, (to.onTrigger = from.onTrigger + triggerBase) + 1);
  return used;
}

export function buildTraffic(s: Scenario, c: TrafficContext): TrafficResult {
  const H = c.topology.hosts;
  const out: TrafficResult = { flows: [], entries: [], classes: [], groups: [], hostRx: [], warnings: [] };
  const errors: string[] = [];
  const used = new Uint8Array(H);
  const usedClasses = new Set<string>();
  let domains: Int32Array | null = null;
  const dom = () => (domains ??= hostDomains(c.topology));
  let triggers = 0;
  s.traffic.forEach((x, i) => {
    const p = `traffic[${i}]`;
    const startNs = (x.startUs ?? 0) * 1000;
    const tseed = hash3(c.seed, i, 0x7a);
    const cls = x.class ?? defaultClass(x);
    const groupPrefix = usedClasses.has(cls) ? `${cls}@${i}` : cls;
    usedClasses.add(cls);
    try {
      const pool = hostPool(x, used, H);
      const fl = generate(x, i, pool, startNs, tseed, groupPrefix, c, dom, out.hostRx);
      // A cdf entry whose load × duration draws nothing ran as "flows 0/0" unsaid (audit 2026-12-07).
      if (fl.length === 0) out.warnings.push(`${p}: makes no flow${x.kind === "cdf" ? " (no arrival falls within durationUs at this load: lengthen durationUs or raise load)" : ""}`);
      if (x.kind === "matrix" && x.startUnit === undefined) {
        const lastNs = fl.reduce((m, f) => Math.max(m, f.startNs - startNs), 0);
        if (lastNs >= CM_START_PS_HINT_NS) {
          out.warnings.push(
            `${p}: the matrix's starts, read as µs (startUnit's default, htsim's ConnectionMatrix::save), reach ${lastNs / 1000} µs; ` +
              `a file from htsim's generators (gen_*.py) writes them in ps, as its current loader reads them: set startUnit: ps`,
          );
        }
      }
      const base = out.flows.length;
      fl.forEach((f, j) => {
        if (f.src >= H || f.dst >= H) errors.push(`${p}: flow ${j} uses host ${Math.max(f.src, f.dst)}, the topology has ${H} hosts`);
        if (f.src === f.dst) errors.push(`${p}: flow ${j} sends from host ${f.src} to itself`);
        // A start the entry implies (startUs + i × staggerUs, a matrix line) past the clock's range, as a time it names.
        if (f.startNs > MAX_TIME_US * 1000) errors.push(`${p}: flow ${j} starts at ${f.startNs / 1000} µs, past ${MAX_TIME_US} µs`);
        for (const d of [...(f.after ?? []), ...(f.afterAcked ?? [])]) if (!(d >= 0 && d < fl.length && d !== j)) errors.push(`${p}: flow ${j} waits for flow ${d}, not another flow of this entry`);
      });
      // Flows that wait on each other never start (audit, 2026-12-07: 0 of 2 run, "waiting").
      const stuck = errors.length === 0 ? neverStarting(fl) : [];
      if (stuck.length > 0) {
        const some = stuck.length > 8 ? `${stuck.slice(0, 8).join(", ")} … (${stuck.length})` : stuck.join(", ");
        errors.push(`${p}: flows ${some} would never start: each waits (after / afterAcked) for flows among them`);
      }
      const triggerBase = triggers;
      for (const f of fl) {
        const g: FlowRecord = { src: f.src, dst: f.dst, bytes: f.bytes, startNs: f.startNs };
        triggers = Math.max(triggers, shiftDependencies(f, g, base, triggerBase));
        out.flows.push(g);
        out.entries.push(i);
        // An entry's class replaces the kind's and a generator's (cdf's intra-/inter-dc, monitored's
        // two); a flow of a `flows` list that names its own keeps it (audit, 2026-12-07: the
        // entry's replaced it, though the README calls it "the flow's own").
        out.classes.push(x.kind === "flows" ? (f.cls ?? x.class ?? cls) : (x.class ?? f.cls ?? cls));
        out.groups.push(f.group ?? "");
        if (f.src < H) used[f.src] = 1;
        if (f.dst < H) used[f.dst] = 1;
      }
    } catch (e) {
      errors.push(`${p}: ${(e as Error).message}`);
    }
  });
  if (errors.length > 0) throw new ScenarioError("scenario", errors);
  return out;
}

/**
 * The flows of an entry that would never start: each waits (after / afterAcked) for `needed` of
 * its flows, and too many of those never start either — a cycle of waits, or waits on one. Flows
 * whose `needed` the others can meet start (htsim's multishot and barrier triggers need only some
 * of theirs). Linear: a flow is released when its count of started dependencies reaches `needed`.
 */
function neverStarting(fl: readonly FlowRecord[]): number[] {
  const n = fl.length;
  const left = new Int32Array(n);
  const dependents: number[][] = Array.from({ length: n }, () => []);
  const ready: number[] = [];
  for (let j = 0; j < n; j++) {
    const waits = [...(fl[j].after ?? []), ...(fl[j].afterAcked ?? [])];
    left[j] = fl[j].needed ?? waits.length;
    for (const d of waits) dependents[d].push(j);
    if (left[j] === 0) ready.push(j);
  }
  const started = new Uint8Array(n);
  while (ready.length > 0) {
    const j = ready.pop() as number;
    started[j] = 1;
    for (const k of dependents[j]) if (--left[k] === 0) ready.push(k);
  }
  const out: number[] = [];
  for (let j = 0; j < n; j++) if (started[j] === 0) out.push(j);
  return out;
}

function hostPool(x: TrafficSpec, used: Uint8Array, H: number): number[] {
  if (x.hosts === undefined) return Array.from({ length: H }, (_, h) => h);
  if (x.hosts === "rest") {
    const rest: number[] = [];
    for (let h = 0; h < H; h++) if (used[h] === 0) rest.push(h);
    return rest;
  }
  for (const h of x.hosts) if (h >= H) throw new RangeError(`hosts: host ${h} outside [0, ${H})`);
  if (new Set(x.hosts).size !== x.hosts.length) throw new RangeError("hosts: a host is listed twice");
  return [...x.hosts];
}

function generate(
  x: TrafficSpec,
  entry: number,
  pool: number[],
  startNs: number,
  seed: number,
  groupPrefix: string,
  c: TrafficContext,
  dom: () => Int32Array,
  hostRx: TrafficResult["hostRx"],
): FlowRecord[] {
  const H = c.topology.hosts;
  const bytes = x.bytes as number;
  switch (x.kind) {
    case "incast":
    case "put": {
      const receiver = receiverOf(x, pool);
      if (x.hosts !== undefined) for (const h of x.senderList ?? []) if (!pool.includes(h)) throw new RangeError(`senderList: host ${h} is not among this entry's hosts`);
      // As `hosts`: a sender listed twice made two identical flows (audit 2026-12-07).
      if (x.senderList !== undefined && new Set(x.senderList).size !== x.senderList.length) throw new RangeError("senderList: a host is listed twice");
      const fl = incast(H, {
        senders: x.senders ?? (x.senderList ?? []).length,
        receiver,
        bytes,
        startNs,
        senderList: x.senderList ?? (x.hosts !== undefined ? pickSenders(pool, receiver, x.senders ?? 0, seed, x.kind) : undefined),
        bytesList: x.bytesList,
        staggerNs: (x.staggerUs ?? 0) * 1000,
        jitterNs: (x.jitterUs ?? 0) * 1000,
        kind: x.kind,
      }, seed);
      if (x.kind === "put") {
        // DACK §III: the target drains its queue at a fraction of the link rate.
        if (hostRx.some((r) => r.host === receiver)) throw new RangeError(`receiver ${receiver}: its processing rate is already set by another put entry`);
        hostRx.push({ host: receiver, gbps: (x.rxFraction ?? 1) * c.hostGbps, bufferBytes: x.rxBufferBytes ?? c.rxBufferBytes, entry });
      }
      return fl;
    }
    case "permutation":
      // A uniform derangement whether or not the hosts are listed (Sattolo's one cycle over all
      // hosts, used when they were not, never drew two hosts sending to each other: review).
      return permutationFlows(pool, { bytes, startNs, domains: x.cross ? dom() : undefined }, seed);
    case "tornado":
      return tornado(pool, { bytes, startNs, shift: x.shift });
    case "alltoall":
    case "allreduce": {
      const size = x.groupSize ?? pool.length;
      // Random unless asked otherwise: Spritz §V-B/§V-C run the collectives on "a randomly
      // selected group of 128 endpoints", and hosts 0 … n − 1 would pack a group into a few
      // Dragonfly groups or pods (review of 2026-12-05: 128 of 1,056 Dragonfly hosts, 4 of 33
      // groups, 3 % of ring flows on a global link against 26 %). One group of every host is the
      // same either way: random members are sorted (pickGroups).
      const groups = pickGroups(pool, x.groups ?? 1, size, x.placement ?? "random", seed);
      const out: FlowRecord[] = [];
      let triggers = 0;
      groups.forEach((m, g) => {
        const group = `${groupPrefix}#${g}`;
        const fl =
          x.kind === "alltoall"
            ? alltoall(m, { bytes, startNs, window: x.window, group })
            : (x.algorithm ?? "ring") === "ring"
              ? ringAllreduce(m, { bytes, startNs, group })
              : butterflyAllreduce(m, { bytes, startNs, group });
        const [base, triggerBase] = [out.length, triggers];
        for (const f of fl) {
          triggers = Math.max(triggers, shiftDependencies(f, f, base, triggerBase));
          out.push(f);
        }
      });
      return out;
    }
    case "cdf": {
      const points: CdfPoints = x.cdfFile !== undefined ? readCdfFile(resolve(c.baseDir, x.cdfFile)) : (x.cdfPoints ?? BUILTIN_CDFS[x.cdf ?? "websearch"]);
      checkCdf(points, "cdfPoints");
      const two = c.topology.name.startsWith("two DCs");
      if (x.interDcFraction !== undefined && !two) throw new RangeError("interDcFraction needs the twodc topology");
      return cdfFlows(pool, pool, {
        points,
        load: x.load as number,
        startNs,
        durationNs: (x.durationUs as number) * 1000,
        hostGbps: c.hostGbps,
        rttNs: c.rttNs,
        maxSendersPerReceiver: x.maxSendersPerReceiver ?? 0,
        dcOf: two ? dom() : undefined,
        interDcFraction: two ? (x.interDcFraction ?? 0.5) : undefined,
      }, seed);
    }
    case "adversarial": {
      const ld = c.topology.ld;
      if (!ld) throw new RangeError("adversarial traffic needs a Dragonfly or Slim Fly topology");
      // Spritz §V-B [14]: the Slim Fly pattern pairs routers; only the Dragonfly's [55] has a shift.
      if (ld.kind === "slimfly" && x.shift !== undefined) throw new RangeError("shift: the Slim Fly adversarial pattern pairs routers at distance two and has no shift (Dragonfly only)");
      return adversarial(ld, { bytes, startNs, shift: x.shift, units: x.hosts !== undefined ? adversarialUnits(ld, pool) : undefined }, seed);
    }
    case "monitored": {
      const ld = c.topology.ld;
      if (!ld || ld.kind !== "dragonfly") throw new RangeError("the monitored-flow pattern (Spritz Fig. 5) needs a Dragonfly topology");
      // Fig. 5 congests nearly every group of the network into the destination group: the pattern
      // is the whole network's, and a subset of hosts would make it another one.
      if (x.hosts !== undefined) throw new RangeError("hosts: the monitored-flow pattern (Spritz Fig. 5) takes every group but freeGroups (and the destination's); choose its hosts with src, dst and freeGroups");
      return spritzMonitored(ld as Dragonfly, { src: x.src, dst: x.dst, bytes: x.bytes ?? 4 * 1024 * 1024, backgroundBytes: x.backgroundBytes ?? x.bytes ?? 4 * 1024 * 1024, freeGroups: x.freeGroups ?? 2, startNs }, seed);
    }
    case "matrix": {
      const text = x.text ?? readFileSync(resolve(c.baseDir, x.file as string), "utf8");
      const cm = parseCm(text, x.file ?? "matrix", x.startUnit);
      if (cm.nodes > H) throw new Error(`the matrix has ${cm.nodes} nodes, the topology ${H} hosts`);
      if (x.hosts !== undefined) withinHosts(cm.flows, pool, "connection");
      return cm.flows.map((f) => ({ ...f, startNs: f.startNs + startNs }));
    }
    case "flows":
      if (x.hosts !== undefined) withinHosts(x.flows ?? [], pool, "flow");
      return (x.flows ?? []).map((f) => {
        const r: FlowRecord = { src: f.src, dst: f.dst, bytes: f.bytes, startNs: (f.startUs ?? 0) * 1000 + startNs };
        if (f.after) r.after = f.after;
        if (f.afterAcked) r.afterAcked = f.afterAcked;
        if (f.class) r.cls = f.class;
        if (f.group) r.group = f.group;
        return r;
      });
  }
}

/**
 * An incast's or put's receiver: the one given, which must be among the entry's hosts, else the
 * first of them that its senderList does not name (host 0 when the entry lists none).
 */
function receiverOf(x: TrafficSpec, pool: number[]): number {
  if (x.hosts === undefined) return x.receiver ?? 0;
  if (x.receiver === undefined) {
    const free = pool.find((h) => !(x.senderList ?? []).includes(h));
    if (free === undefined) throw new RangeError(`${x.kind}: no host of this entry's is left for the receiver${x.senderList ? " (senderList names them all)" : ""}`);
    return free;
  }
  if (!pool.includes(x.receiver)) throw new RangeError(`receiver: host ${x.receiver} is not among this entry's hosts`);
  return x.receiver;
}

/** Flows that name their hosts themselves (flows, matrix) must keep to the entry's. */
function withinHosts(flows: readonly { src: number; dst: number }[], pool: number[], what: string): void {
  const inPool = new Set(pool);
  flows.forEach((f, j) => {
    for (const h of [f.src, f.dst]) if (!inPool.has(h)) throw new RangeError(`${what} ${j} uses host ${h}, not among this entry's hosts`);
  });
}

/**
 * The Dragonfly groups or Slim Fly routers an adversarial entry's hosts make up, ascending. The
 * pattern maps every endpoint of a group (router) to the endpoint at the same position in
 * another (Spritz §V-B; Kim et al. [55], Besta & Hoefler [14]), so the hosts must be whole ones.
 */
function adversarialUnits(ld: NonNullable<Topology["ld"]>, pool: number[]): number[] {
  const dragonfly = ld.kind === "dragonfly";
  const per = dragonfly ? (ld as Dragonfly).a * ld.endpointsPerSwitch : ld.endpointsPerSwitch;
  const count = new Map<number, number>();
  for (const h of pool) {
    const u = Math.floor(h / per);
    count.set(u, (count.get(u) ?? 0) + 1);
  }
  const unit = dragonfly ? "group" : "router";
  const units = [...count.keys()].sort((a, b) => a - b);
  for (const u of units) {
    if ((count.get(u) as number) < per) {
      throw new RangeError(`hosts: the adversarial pattern sends each ${unit}'s endpoints to another ${unit}'s, so it takes whole ${unit}s; ${unit} ${u} (hosts ${u * per}–${(u + 1) * per - 1}) is listed in part`);
    }
  }
  return units;
}

/** A CDF file's points; an error names the field, the file and, for a bad row, its line. */
function readCdfFile(path: string): CdfPoints {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new Error(`cdfFile: cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return parseCdf(text, path);
  } catch (e) {
    throw new Error(`cdfFile ${(e as Error).message}`);
  }
}

function pickSenders(pool: number[], receiver: number, n: number, seed: number, kind: string): number[] {
  const others = pool.filter((h) => h !== receiver);
  if (n > others.length) throw new RangeError(`${kind}: ${n} senders but only ${others.length} hosts in the pool`);
  // Deterministic: a seeded shuffle of the pool.
  const list = [...others];
  let x = seed | 0;
  for (let i = list.length - 1; i > 0; i--) {
    x = hash3(x, i, 0x1c);
    const j = (x >>> 0) % (i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list.slice(0, n).sort((a, b) => a - b);
}
