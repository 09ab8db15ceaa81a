// Modules by the names a scenario uses. Each table is built once per run with capacity = flows
// (slot = flow index), its parameters being the network-derived defaults the module accepts
// (link rate, base RTT, MTU, header, trimming, seed) overridden by the scenario's `params`. Each
// table remembers what it was built with (builtWith), for results.json `moduleParams`.

import { Aimd } from "../../lib/cc/aimd/aimd";
import { ParamError } from "../../lib/core/params";
import { bdpBytes } from "../../lib/core/units";
import { nextPowerOfTwo } from "../../lib/core/ring";
import { AIMD_PARAM_NAMES } from "../../lib/cc/aimd/params";
import { Dcqcn } from "../../lib/cc/dcqcn/dcqcn";
import { DcqcnNp } from "../../lib/cc/dcqcn/np";
import { DCQCN_PARAM_NAMES } from "../../lib/cc/dcqcn/params";
import { Dctcp } from "../../lib/cc/dctcp/dctcp";
import { DCTCP_PARAM_NAMES } from "../../lib/cc/dctcp/params";
import { Mprdma } from "../../lib/cc/mprdma/mprdma";
import { MPRDMA_PARAM_NAMES } from "../../lib/cc/mprdma/params";
import { Nscc } from "../../lib/cc/nscc/nscc";
import { NSCC_PARAM_NAMES } from "../../lib/cc/nscc/params";
import { Swift } from "../../lib/cc/swift/swift";
import { SWIFT_PARAM_NAMES } from "../../lib/cc/swift/params";
import { Timely } from "../../lib/cc/timely/timely";
import { TIMELY_PARAM_NAMES } from "../../lib/cc/timely/params";
import { Ecmp } from "../../lib/lb/ecmp/ecmp";
import { Flowlet } from "../../lib/lb/flowlet/flowlet";
import { Ops, type OpsSet } from "../../lib/lb/ops/ops";
import { Plb } from "../../lib/lb/plb/plb";
import { REPS_PARAM_NAMES, type RepsProfile, resolveRepsParams } from "../../lib/lb/reps/params";
import { Reps } from "../../lib/lb/reps/reps";
import { eq1Weight, resolveSpritzParams, tableFor } from "../../lib/lb/spritz/params";
import { SpritzScout, SpritzSpray } from "../../lib/lb/spritz/spritz";
import { SpritzVlan } from "../../lib/lb/spritz/vlan";
import { RUD_PARAM_NAMES } from "../../lib/reliability/rud/params";
import { RudReceiver } from "../../lib/reliability/rud/receiver";
import { RudSender } from "../../lib/reliability/rud/sender";
import { DcpReceiver } from "../../lib/reliability/dcp/receiver";
import { DcpSender } from "../../lib/reliability/dcp/sender";
import { GBN_RECEIVER_DEFAULTS, GBN_SENDER_DEFAULTS, GbnReceiver, GbnSender } from "../../lib/reliability/gbn/gbn";
import { IRN_SENDER_DEFAULTS, IrnReceiver, IrnSender } from "../../lib/reliability/irn/irn";
import { RACK_MAX_WINDOW_PACKETS, RACK_SENDER_DEFAULTS, RackReceiver, RackSender } from "../../lib/reliability/rack/rack";
import { TIMEOUT_SENDER_DEFAULTS, TimeoutReceiver, TimeoutSender } from "../../lib/reliability/timeout/timeout";
import { AimdCc, type CcAdapter, DcqcnCc, DctcpCc, type LbTable, MprdmaCc, NoneCc, NsccCc, RudTransport, SwiftCc, TimelyCc, type Transport } from "./adapters";
import { type DackTransport, type FlowEnds, makeDackTransport } from "./dack";
import { onSide } from "./side-params";
import { DcpTransport, GbnTransport, IrnTransport, QP_MAX_FLOW_PACKETS, QpTransport, RackTransport, TimeoutTransport } from "./rounds";

/** What the network tells a module by default. */
export interface NetworkContext {
  linkGbps: number;
  baseRttNs: number;
  mtuBytes: number;
  headerBytes: number;
  trimming: boolean;
  seed: number;
  rtoNs: number;
  ackEveryBytes: number;
}

type Params = Record<string, unknown>;

function derived(names: readonly string[], ctx: NetworkContext, user: Params): Params {
  const all: Params = {
    linkGbps: ctx.linkGbps,
    baseRttNs: ctx.baseRttNs,
    mtuBytes: ctx.mtuBytes,
    headerBytes: ctx.headerBytes,
    // The NIC accounts wire bytes (headers included) to every CC, as uet-htsim does for NSCC, so
    // a window module's segment is the whole packet.
    mssBytes: ctx.mtuBytes,
    trimming: ctx.trimming,
    seed: ctx.seed,
    rtoNs: ctx.rtoNs,
    ackEveryBytes: ctx.ackEveryBytes,
  };
  const out: Params = {};
  for (const k of Object.keys(all)) if (names.indexOf(k) >= 0) out[k] = all[k];
  return { ...out, ...user };
}

/** A parameter as results.json records it: JSON has no Infinity, so a non-finite number is its name ("Infinity"). */
export type ParamValue = number | string | boolean | null | ParamValue[] | { [key: string]: ParamValue };

/**
 * What a module table was built with: its area and name as the scenario gives them, the profile
 * it ran (null for a module without profiles) and every parameter its resolver returned, the
 * network-derived defaults and the constants derived from them included (results.json
 * `moduleParams`). `scope` says where the scenario gives its spec ("" until the builder says).
 */
export interface ModuleRecord {
  area: "cc" | "lb" | "reliability" | "switch";
  name: string;
  profile: string | null;
  scope: string;
  params: Record<string, ParamValue>;
}

/** Nesting deeper than this is structure (a topology's tables), not a parameter. */
const PARAM_DEPTH = 4;

/**
 * A parameter value in JSON's terms, or undefined for what is not one: a prebuilt topology or
 * endpoint table, a typed array, a function (objects that are not plain), which the module was
 * handed as structure and which results.json describes elsewhere.
 */
function paramValue(v: unknown, depth: number): ParamValue | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : String(v);
  if (typeof v === "string" || typeof v === "boolean" || v === null) return v;
  if (typeof v !== "object" || depth >= PARAM_DEPTH) return undefined;
  if (Array.isArray(v)) {
    const out = v.map((x) => paramValue(x, depth + 1));
    return out.every((x) => x !== undefined) ? (out as ParamValue[]) : undefined;
  }
  if (Object.getPrototypeOf(v) !== Object.prototype) return undefined;
  const out: Record<string, ParamValue> = {};
  for (const [k, x] of Object.entries(v)) {
    const y = paramValue(x, depth + 1);
    if (y !== undefined) out[k] = y;
  }
  return out;
}

/** The record of a module built with `params` (a resolver's output, or `{ sender, receiver }` of two). */
export function moduleRecord(area: ModuleRecord["area"], name: string, params: object): ModuleRecord {
  const plain = (paramValue({ ...params }, 0) ?? {}) as Record<string, ParamValue>;
  const first = plain.sender ?? plain.initiator;
  const profile = typeof plain.profile === "string" ? plain.profile : first !== null && typeof first === "object" && !Array.isArray(first) && typeof first.profile === "string" ? first.profile : null;
  return { area, name, profile, scope: "", params: plain };
}

const records = new WeakMap<object, ModuleRecord>();

function note<T extends object>(table: T, area: ModuleRecord["area"], name: string, params: object): T {
  records.set(table, moduleRecord(area, name, params));
  return table;
}

/** What `table` (a CC adapter, LB table or transport this registry made) was built with, else undefined. */
export function builtWith(table: object): ModuleRecord | undefined {
  return records.get(table);
}

/** Says where the scenario gives `table`'s spec (as CcAdapter.scope does for a CC table). */
export function setScope(table: object, scope: string): void {
  const r = records.get(table);
  if (r !== undefined) r.scope = scope;
}

/**
 * DACK and OPT: the initiator's parameters, the targets' (one set when every host's is the same,
 * else each distinct set with its hosts: a `put` entry's receive buffer sets its target's queue),
 * and the transport's own: the retransmission timeout, MSS and header.
 */
function noteDack(t: DackTransport, user: Params, ctx: NetworkContext): DackTransport {
  const sets = new Map<string, { hosts: number[]; params: object }>();
  t.targets.forEach((x, host) => {
    if (x === null) return;
    const key = JSON.stringify(paramValue({ ...x.params }, 0));
    const set = sets.get(key);
    if (set === undefined) sets.set(key, { hosts: [host], params: x.params });
    else set.hosts.push(host);
  });
  const targets = [...sets.values()];
  return note(t, "reliability", t.name, {
    rtoNs: user.rtoNs ?? ctx.rtoNs,
    mssBytes: ctx.mtuBytes - ctx.headerBytes,
    headerBytes: ctx.headerBytes,
    initiator: t.tx.params,
    ...(targets.length === 1 ? { target: targets[0].params } : { targets: targets.map((x) => ({ hosts: x.hosts, ...x.params })) }),
  });
}

export const CC_NAMES = ["nscc", "dctcp", "mprdma", "aimd", "swift", "timely", "dcqcn", "none"] as const;
export const LB_NAMES = ["reps", "ecmp", "ops", "plb", "flowlet", "spritz-scout", "spritz-spray", "spritz-vlan"] as const;
export const RELIABILITY_NAMES = ["rud", "dcp", "gbn", "irn", "rack", "timeout", "dack", "opt"] as const;

export function makeCc(name: string, user: Params, ctx: NetworkContext, capacity: number): CcAdapter {
  const cc = makeCcAdapter(name, user, ctx, capacity);
  // Every adapter holds its module as `m` (DCQCN's reaction point, whose notification point
  // resolves the same input); cc none holds no parameters.
  return note(cc, "cc", name, (cc as unknown as { m: { params?: object } }).m.params ?? {});
}

function makeCcAdapter(name: string, user: Params, ctx: NetworkContext, capacity: number): CcAdapter {
  switch (name) {
    case "nscc":
      // `uec` (UEC 1.0 Table 3-76), not `uec-htsim`: the standard's text is the default, the
      // reference simulator's choices a profile to ask for (harness/README "Module defaults").
      return new NsccCc(new Nscc(derived(NSCC_PARAM_NAMES, ctx, { profile: "uec", ...user }) as never, capacity));
    case "dctcp":
      return new DctcpCc(new Dctcp(derived(DCTCP_PARAM_NAMES, ctx, user) as never, capacity));
    case "mprdma":
      return new MprdmaCc(new Mprdma(derived(MPRDMA_PARAM_NAMES, ctx, user) as never, capacity), capacity);
    case "aimd":
      return new AimdCc(new Aimd(derived(AIMD_PARAM_NAMES as readonly string[], ctx, user) as never, capacity));
    case "swift":
      return new SwiftCc(new Swift(derived(SWIFT_PARAM_NAMES, ctx, user) as never, capacity));
    case "timely":
      return new TimelyCc(new Timely(derived(TIMELY_PARAM_NAMES, ctx, user) as never, capacity), ctx.mtuBytes);
    case "dcqcn": {
      const p = derived(DCQCN_PARAM_NAMES, ctx, user) as never;
      return new DcqcnCc(new Dcqcn(p, capacity), new DcqcnNp(p, capacity));
    }
    case "none":
      if (Object.keys(user).length > 0) throw new RangeError("cc none takes no params");
      return new NoneCc();
  }
  throw new RangeError(`unknown congestion control ${name}`);
}

/**
 * Whether the balancer `name` with `user`'s params takes one table per source switch, built with
 * that switch's `extra` (the topology and its latencies, harness/scenario/build.ts) and opened on
 * each flow's destination switch: the Spritz balancers, and under `routing: spritz` OPS, whose
 * sets are then the Spritz endpoint table's path lists (Spritz §V-A "OPS (u)" and "OPS (w)"). OPS with `sets` of its own, or in `uec` mode
 * (its 0 … evCount − 1, which takes no sets), stays one table opened on set 0.
 */
export function lbPerSourceSwitch(name: string, user: Params, routing: string): boolean {
  return name.startsWith("spritz") || (name === "ops" && routing === "spritz" && user.sets === undefined && user.mode !== "uec");
}

/** Parameters of the Spritz endpoint table that OPS over its path lists takes (lib/lb/spritz/params.ts). */
const OPS_PATH_PARAMS: readonly string[] = ["wScale", "maxPathsPerDestination", "localLinkNs", "globalLinkNs", "linkGbps", "packetBytes", "switchLatencyNs"];

/** OPS tables whose set d is destination switch d's path list, with what results.json records of them. */
const opsOnPaths = new WeakMap<object, Params>();

/** A load balancer table; `perSource` tables (lbPerSourceSwitch) are built per source switch by the caller. */
export function makeLb(name: string, user: Params, ctx: NetworkContext, capacity: number, extra: Params = {}): LbTable {
  const lb = makeLbTable(name, user, ctx, capacity, extra);
  // A Spritz table's switch is where it sits, not how it behaves: without it the tables of one
  // spec, one per source switch, report as one.
  const { srcSwitch: _, ...params } = opsOnPaths.get(lb) ?? (lb as unknown as { params: Params }).params;
  return note(lb, "lb", name, params);
}

/**
 * OPS over the bounded simple paths of Spritz's endpoint table for `extra.srcSwitch` (Spritz §V-A:
 * "OPS (u)" draws each packet's path uniformly from the destination's path set, "OPS (w)" by the
 * eq. (1) weights), so that each EV names a path `routing: spritz` takes (EV1 << 8 | EV2, §III-A):
 * set d holds destination switch d's list. The source's own switch has no list; its set is EV 0,
 * which the switch ignores (it delivers), as Spritz opens such a flow with an empty list and EV 0.
 * Built once per source switch: the EVs in 16 bits, the alias tables in 2 × 32 bits per path.
 */
function opsOverSpritzPaths(user: Params, ctx: NetworkContext, capacity: number, extra: Params): Ops {
  const own: Params = {};
  const tableParams: Params = {};
  for (const k of Object.keys(user)) (OPS_PATH_PARAMS.indexOf(k) >= 0 ? tableParams : own)[k] = user[k];
  const sp = resolveSpritzParams({ ...extra, ...tableParams } as never);
  const table = tableFor(sp);
  const weighted = own.mode === "weighted";
  const K = table.classCount;
  const sets: OpsSet[] = [];
  for (let d = 0; d < table.topology.switches; d++) {
    const n = table.pathCount(d);
    if (n === 0) {
      sets.push({ evs: [0] });
      continue;
    }
    const evs = Array.from(table.ev.subarray(table.listStart[d], table.listStart[d + 1]));
    if (!weighted) {
      sets.push({ evs });
      continue;
    }
    // The list runs by latency class, so its last entry is of the longest class: weight 1, and
    // wScale × lat_longest / lat for the others (eq. (1) as §V-A uses it, params.ts eq1Weight).
    const longestNs = table.classLatencyNs(table.classOfEntry(d, n - 1));
    const weights = new Array<number>(n);
    for (let i = 0, c = 0; i < n; i++) {
      while (i >= table.classEnd[d * K + c]) c++;
      weights[i] = eq1Weight(table.classLatencyNs(c), longestNs, sp.wScale);
    }
    sets.push({ evs, weights });
  }
  const ops = new Ops({ seed: ctx.seed, ...own, sets } as never, capacity);
  const { sets: _, ...opsParams } = ops.params;
  const { localLinkNs, globalLinkNs, linkGbps, packetBytes, switchLatencyNs } = table.latency;
  opsOnPaths.set(ops, {
    ...opsParams,
    sets: "the Spritz endpoint table's paths to each destination switch",
    ...(weighted ? { wScale: sp.wScale } : {}),
    maxPathsPerDestination: table.maxPathsPerDestination,
    localLinkNs,
    globalLinkNs,
    linkGbps,
    packetBytes,
    switchLatencyNs,
  });
  return ops;
}

/**
 * `uec-htsim` where REPS's own default is `paper`: the fabric's switches and NSCC follow UEC,
 * whose REPS is the reference simulator's (harness/README "Module defaults").
 */
const FABRIC_REPS_PROFILE: RepsProfile = "uec-htsim";

/**
 * The EV space of the balancers that draw EVs as a flow runs (OPS without sets, in either mode;
 * PLB's and flowlet's re-paths) unless the scenario sets evCount: REPS's under the fabric's
 * profile, uet-htsim's `-paths` (64). There `-paths` is the EV space of REPS and of Oblivious
 * spraying alike (notes/uec-htsim-reference.md §8: "P is `-paths`", "Oblivious: a permuted
 * round-robin over P paths"). With the modules' own spaces OPS sprayed over 65,536 EVs against
 * REPS's 64, and the defaults, not the algorithms, ranked them: docs/lb-permutation.yaml, seeds
 * 1–3, FCT p99 REPS (64) 211–229 µs against OPS (65,536) 193–199, but OPS (64) 231–257 and REPS
 * (65,536) 193.5–195.1 (review rev-reps; at 1589035): a flow that sprays over P EVs hashed onto its paths loads them as
 * unevenly as P draws fall. ECMP keeps its 65,536: its one EV per flow is hashed with the flow
 * (lib/switch/routing), so any space gives each flow a uniform path, and a smaller one would only
 * re-draw every ECMP run. The modules keep their own defaults (OPS 65,536, 256 in `uec` mode);
 * under `routing: spritz` the build gives these balancers the 16-bit space instead
 * (scenario/build.ts, Spritz §III-A), and OPS over Spritz's path lists (opsOverSpritzPaths) draws
 * from its sets.
 */
const FABRIC_EV_COUNT = resolveRepsParams({ profile: FABRIC_REPS_PROFILE }).evCount;

function makeLbTable(name: string, user: Params, ctx: NetworkContext, capacity: number, extra: Params): LbTable {
  switch (name) {
    case "reps":
      return new Reps(derived(REPS_PARAM_NAMES, ctx, { profile: FABRIC_REPS_PROFILE, ...user }) as never, capacity);
    case "ecmp":
      return new Ecmp({ salt: ctx.seed, ...user } as never, capacity);
    case "ops":
      if (extra.network !== undefined && extra.network !== null && lbPerSourceSwitch(name, user, "spritz")) return opsOverSpritzPaths(user, ctx, capacity, extra);
      for (const k of Object.keys(user)) {
        if (OPS_PATH_PARAMS.indexOf(k) >= 0) throw new ParamError(`ops: ${k} shapes the Spritz path lists, which OPS sprays over under routing spritz only (without sets, not in uec mode)`, k);
      }
      // openLb opens every flow on set 0: a second set would never be used.
      if (Array.isArray(user.sets) && user.sets.length > 1) throw new RangeError(`the fabric opens every flow on OPS set 0, so sets takes one set here, not ${user.sets.length}`);
      return new Ops({ seed: ctx.seed, ...(user.sets === undefined ? { evCount: FABRIC_EV_COUNT } : {}), ...user } as never, capacity);
    // PLB's round is one RTT (§3) and a flowlet's gap half of it (the module's 7 µs default is ½
    // of a ≈14 µs RTT): both from this network's base RTT unless the scenario sets them.
    case "plb":
      return new Plb({ seed: ctx.seed, roundNs: Math.max(1, Math.round(ctx.baseRttNs)), evCount: FABRIC_EV_COUNT, ...user } as never, capacity);
    case "flowlet":
      return new Flowlet({ seed: ctx.seed, gapNs: Math.round(ctx.baseRttNs / 2), evCount: FABRIC_EV_COUNT, ...user } as never, capacity);
    // Table II's thresholds are fractions of the BDP, this network's unless the scenario sets them.
    case "spritz-scout":
      return new SpritzScout({ seed: ctx.seed, ...spritzBdpThresholds(ctx), ...extra, ...user } as never, capacity);
    case "spritz-spray":
      return new SpritzSpray({ seed: ctx.seed, ...spritzBdpThresholds(ctx), ...extra, ...user } as never, capacity);
    case "spritz-vlan":
      return new SpritzVlan({ seed: ctx.seed, ...spritzBdpThresholds(ctx), ...extra, ...user } as never, capacity);
  }
  throw new RangeError(`unknown load balancer ${name}`);
}

/** Opens an LB slot with the arguments its `open` takes. */
export function openLb(name: string, lb: LbTable, slot: number, flow: number, dstSwitch: number): void {
  const t = lb as unknown as { open: (...a: number[]) => void };
  if (name === "ecmp") t.open(slot, flow);
  else if (name === "ops") t.open(slot, opsOnPaths.has(lb) ? dstSwitch : 0);
  else if (name.startsWith("spritz")) t.open(slot, dstSwitch);
  else t.open(slot);
}

/** The network's bandwidth-delay product in whole packets (at least 1). */
function bdpPacketsOf(ctx: NetworkContext): number {
  return Math.max(1, Math.ceil(bdpBytes(ctx.linkGbps, ctx.baseRttNs) / ctx.mtuBytes));
}

/**
 * Spritz Table II's explore threshold "44 packets (∼0.5·BDP)" and ECN threshold "8 packets
 * (∼0.1·BDP)" for this network: ⌊BDP / 2⌋ and ⌊BDP / 10⌋ of its BDP in whole packets, Table II's
 * own unit ("Queue Size 1·BDP … DF: 88 pkts"). On Table II's Dragonfly that gives back the
 * paper's values: RTT over the longest path 7,313.8 ns (harness/topo/topo.test.ts) × 400 Gb/s =
 * 365,690 B = 87.9 packets of 4,160 B → 88; ⌊88 / 2⌋ = 44 and ⌊8.8⌋ = 8 (8.8 to the nearest
 * would give 9, and half the unrounded 87.9, floored, 43). Table II has one Spritz row for both
 * networks: its Slim Fly's 92 packets give 46 and 9 here (44 and 8 are 0.48 and 0.087 of 92).
 * Rounding down is exact, not a choice: both counts are integers compared with "more than"
 * (Alg. 1, 2), and c > x ⇔ c > ⌊x⌋, so below 10 packets of BDP a threshold of 0 removes a path
 * at its first mark, as "more than 0.1 BDP" marks does there.
 * The ECN count is a 4-bit nibble of the path's metadata byte (§III-C), so it stops at 13, the
 * module's most (a BDP of 140 packets or more); the explore count at its u16's 65,534. The
 * constants would be 4 BDPs and 0.7 BDP on docs/spritz-dragonfly.yaml's 11 packets (harness/README
 * "Module defaults" has what that changed).
 */
function spritzBdpThresholds(ctx: NetworkContext): { exploreThreshold: number; ecnThreshold: number } {
  const bdpPackets = bdpPacketsOf(ctx);
  return { exploreThreshold: Math.min(65_534, Math.floor(bdpPackets / 2)), ecnThreshold: Math.min(13, Math.floor(bdpPackets / 10)) };
}

/**
 * The reliability module `name` for `capacity` flows. The DACK family (`dack`, `opt`) keeps a
 * processing queue per destination host, so it needs `ends`: each flow's destination host.
 */
export function makeTransport(name: string, user: Params, ctx: NetworkContext, capacity: number, ackBytes: number, ends?: FlowEnds): Transport {
  switch (name) {
    case "rud": {
      // The send window must cover the network's BDP, or it, not the CC, limits a long flow
      // (two DCs: 1 ms of 100 Gb/s is 3,000 packets): twice the BDP, a power of two, at least the
      // module's 1024 and at most its 32,768 (uet-htsim's limit is 16,384).
      const windowPackets = Math.min(32_768, Math.max(1024, nextPowerOfTwo(2 * bdpPacketsOf(ctx))));
      packetFitsNetwork(user, "", ctx.mtuBytes, "network.mtuBytes");
      if (user.headerBytes !== undefined && user.headerBytes !== ctx.headerBytes) {
        throw new ParamError(
          `${String(user.headerBytes)} differs from network.headerBytes ${ctx.headerBytes}: the fabric trims a packet to the network's header and counts it in every packet's wire size, so set network.headerBytes instead`,
          "headerBytes",
        );
      }
      const p = derived(RUD_PARAM_NAMES, ctx, { windowPackets, ...user }) as never;
      // One set for both sides, as the scenario gives it: the receiver resolves the same input.
      const tx = new RudSender(p, capacity);
      return note(new RudTransport(tx, new RudReceiver(p, capacity), ackBytes), "reliability", name, tx.params);
    }
    case "dcp": {
      const sides = senderReceiver(name, user);
      payloadFitsNetwork(sides.sender, ctx);
      // DCP's mtuBytes is the payload of a full packet; its 24-bit PSNs and eight messages per QP.
      const tx = onSide("sender", () => new DcpSender({ mtuBytes: ctx.mtuBytes - ctx.headerBytes, ...sides.sender } as never, capacity));
      const rx = onSide("receiver", () => new DcpReceiver({ ...sides.receiver } as never, capacity));
      return note(new DcpTransport(tx, rx, ackBytes, ctx.headerBytes, capacity), "reliability", name, { sender: tx.params, receiver: rx.params });
    }
    case "gbn":
    case "irn":
    case "rack":
    case "timeout":
      return makeBaseline(name, user, ctx, capacity, ackBytes);
    case "dack":
    case "opt":
      if (ends === undefined) throw new RangeError(`reliability ${name} needs each flow's destination host`);
      // The whole packet occupies the target's queue and the initiator's outstanding bytes.
      return noteDack(makeDackTransport(name, user, ctx.mtuBytes - ctx.headerBytes, ctx.headerBytes, ctx.rtoNs, ends, ackBytes), user, ctx);
  }
  throw new RangeError(`unknown reliability module ${name}`);
}

/**
 * A reliability module's packet size is the network's: the switch queues take no packet over
 * network.mtuBytes, so a larger one stopped the run at its first port ("PortQueues refused packet
 * 0", review rev-rud) instead of being refused at build; and the fabric numbers a flow's packets,
 * counts its delivered bytes and computes its ideal FCT by the network's packet, so a smaller one
 * left every multi-packet flow of RUD, go-back-N, IRN, RACK and timeout-only incomplete ("PSN n
 * delivered twice or outside the message"), and DCP's goodput and ideal wrong (audit, 2026-12-07:
 * DCP at 2,000 B of 4,086 reported half its bytes and a slowdown of 0.91 on an idle network).
 * `most` is the module's figure for a full packet, `what` how it follows from the network.
 * @throws ParamError naming `prefix` + `mtuBytes` (as the scenario's params nest it).
 */
function packetFitsNetwork(user: Params, prefix: string, most: number, what: string): void {
  const v = user.mtuBytes;
  if (typeof v === "number" && v > most) {
    throw new ParamError(`${v} is above ${most}, ${what}: the switch queues take no larger packet; raise network.mtuBytes instead`, `${prefix}mtuBytes`);
  }
  if (typeof v === "number" && v < most) {
    throw new ParamError(`${v} is below ${most}, ${what}: the fabric numbers and counts a flow's packets, and computes its ideal FCT, by the network's packet; lower network.mtuBytes instead`, `${prefix}mtuBytes`);
  }
}

/** packetFitsNetwork for a sender side whose `mtuBytes` is payload (DCP and the RDMA baselines). */
function payloadFitsNetwork(sender: Params, ctx: NetworkContext): void {
  const what = `the payload of a full packet (network.mtuBytes − network.headerBytes = ${ctx.mtuBytes} − ${ctx.headerBytes})`;
  packetFitsNetwork(sender, "sender.", ctx.mtuBytes - ctx.headerBytes, what);
}

/**
 * The flows too large for transport `t`: go-back-N, IRN, RACK-TLP and timeout-only number a
 * flow's packets from PSN 0 as counts (rounds.ts QP_MAX_FLOW_PACKETS), so a flow of more packets
 * would wrap its 24-bit PSNs mid-run. One message per traffic entry (`entries[f]` is flow f's),
 * naming its first such flow and how many there are; none for any other transport.
 */
export function flowSizeErrors(t: Transport, flows: readonly { src: number; dst: number; bytes: number }[], entries: readonly number[]): string[] {
  if (!(t instanceof QpTransport)) return [];
  const mss = t.tx.params.mtuBytes;
  const first = new Map<number, number>();
  const count = new Map<number, number>();
  for (let f = 0; f < flows.length; f++) {
    if (Math.ceil(flows[f].bytes / mss) <= QP_MAX_FLOW_PACKETS) continue;
    const e = entries[f];
    if (!first.has(e)) first.set(e, f);
    count.set(e, (count.get(e) ?? 0) + 1);
  }
  const n = (x: number): string => x.toLocaleString("en-US");
  return [...first].map(([e, f]) => {
    const { src, dst, bytes } = flows[f];
    const more = (count.get(e) ?? 1) > 1 ? ` (and ${n((count.get(e) ?? 1) - 1)} more flows of this entry)` : "";
    return (
      `traffic[${e}]: flow ${f} (${src}→${dst}) of ${n(bytes)} B is ${n(Math.ceil(bytes / mss))} packets of ${n(mss)} B payload${more}; ` +
      `reliability ${t.name} numbers a flow's packets with 24-bit PSNs from 0, so a flow takes at most ${n(QP_MAX_FLOW_PACKETS)} (${n(QP_MAX_FLOW_PACKETS * mss)} B here): ` +
      "raise network.mtuBytes or split the flow"
    );
  });
}

/**
 * A reliability module that is a sender table and a receiver table (DCP and the RDMA baselines)
 * takes its parameters per side. Any other key would otherwise be dropped unread (`windowPackets`
 * given flat as under `rud`, say), and the run would go on with the defaults.
 * @throws ParamError naming the key and the expected shape.
 */
function senderReceiver(name: string, user: Params): { sender: Params; receiver: Params } {
  const shape = `reliability ${name} takes params: { sender: {…}, receiver: {…} }`;
  for (const k of Object.keys(user)) {
    if (k !== "sender" && k !== "receiver") throw new ParamError(`unknown parameter ${k}; ${shape}`, k, true);
  }
  const side = (k: "sender" | "receiver"): Params => {
    const v = user[k];
    if (v === undefined) return {};
    if (v === null || typeof v !== "object" || Array.isArray(v)) throw new ParamError(`${k} must be an object of the ${k}'s parameters, got ${JSON.stringify(v)}; ${shape}`, k);
    return v as Params;
  };
  return { sender: side("sender"), receiver: side("receiver") };
}

/**
 * The least a timer the network sets by default may be: twice the network RTT, since a Valiant or
 * UGAL path may be twice the minimal one (the network's RTO, the RDMA baselines' timers).
 */
export function timerFloorNs(rttNs: number): number {
  return Math.ceil(2 * rttNs);
}

/**
 * The RDMA baselines with the network's defaults: the payload of a full packet as their MTU, and
 * the bandwidth-delay product in packets as IRN's BDP cap (IRN §3.2) and as the receivers'
 * reordering window; RACK and timeout-only cap packets in flight at their window, which gets two
 * BDPs so that the CC's window, not theirs, is the limit (RACK's no more than it can hold). Timers keep the modules' defaults (the
 * papers' values, set for one datacenter's RTT of microseconds), raised to twice the network RTT
 * where they are below it, as the network's RTO is: across a WAN, IRN's 100 µs RTO_low and
 * RACK's 1 ms initial RTO would otherwise resend every first window before its first ACK could
 * return. `params.sender` / `params.receiver` override any of it.
 */
function makeBaseline(name: string, user: Params, ctx: NetworkContext, capacity: number, ackBytes: number): Transport {
  const sides = senderReceiver(name, user);
  const mtuBytes = ctx.mtuBytes - ctx.headerBytes;
  payloadFitsNetwork(sides.sender, ctx);
  const bdpPackets = bdpPacketsOf(ctx);
  const sender = (more: Params): never => ({ mtuBytes, ...more, ...sides.sender }) as never;
  const receiver = (more: Params): never => ({ ...more, ...sides.receiver }) as never;
  const header = ctx.headerBytes;
  const floorNs = timerFloorNs(ctx.baseRttNs);
  const atLeastRtts = (ns: number): number => (ns > floorNs ? ns : floorNs);
  const twoSides = (t: Transport, tx: { params: object }, rx: { params: object }): Transport => note(t, "reliability", name, { sender: tx.params, receiver: rx.params });
  switch (name) {
    case "gbn": {
      const tx = onSide("sender", () => new GbnSender(sender({ rtoNs: atLeastRtts(GBN_SENDER_DEFAULTS.rtoNs) }), capacity));
      // A NACK repeated within an RTT would send the sender back again before its resend arrived.
      const rx = onSide("receiver", () => new GbnReceiver(receiver({ nackIntervalNs: atLeastRtts(GBN_RECEIVER_DEFAULTS.nackIntervalNs) }), capacity));
      return twoSides(new GbnTransport(tx, rx, ackBytes, header, capacity), tx, rx);
    }
    case "irn": {
      const d = IRN_SENDER_DEFAULTS;
      const tx = onSide("sender", () => new IrnSender(sender({ bdpPackets, rtoLowNs: atLeastRtts(d.rtoLowNs), rtoHighNs: atLeastRtts(d.rtoHighNs) }), capacity));
      const rx = onSide("receiver", () => new IrnReceiver(receiver({ bdpPackets: tx.params.bdpPackets }), capacity));
      return twoSides(new IrnTransport(tx, rx, ackBytes, header, capacity), tx, rx);
    }
    case "rack": {
      // The profile stays the module's `rfc8985` (RFC 8985: reo_wnd = min_RTT / 4, adaptive);
      // DCP §6.3's RACK-TLP, a fixed window of one RTT, is `params.sender.profile: dcp`, which
      // the README's DCP reproductions set and name beside every RACK figure.
      const d = RACK_SENDER_DEFAULTS;
      const rto = { initialRtoNs: atLeastRtts(d.initialRtoNs), minRtoNs: Math.min(atLeastRtts(d.minRtoNs), d.maxRtoNs) };
      // Two BDPs, but no more than the module holds (a 400 Gb/s WAN of 1 ms would want 24,400).
      const windowPackets = Math.min(2 * bdpPackets, RACK_MAX_WINDOW_PACKETS);
      const tx = onSide("sender", () => new RackSender(sender({ windowPackets, ...rto }), capacity));
      const rx = onSide("receiver", () => new RackReceiver(receiver({ windowPackets: tx.params.windowPackets }), capacity));
      return twoSides(new RackTransport(tx, rx, ackBytes, header, capacity), tx, rx);
    }
  }
  const tx = onSide("sender", () => new TimeoutSender(sender({ windowPackets: 2 * bdpPackets, rtoNs: atLeastRtts(TIMEOUT_SENDER_DEFAULTS.rtoNs) }), capacity));
  const rx = onSide("receiver", () => new TimeoutReceiver(receiver({ windowPackets: tx.params.windowPackets }), capacity));
  return twoSides(new TimeoutTransport(tx, rx, ackBytes, header, capacity), tx, rx);
}
