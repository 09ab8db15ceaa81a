// Modules by the names a scenario uses. Each table is built once per run with capacity = flows
// (slot = flow index), its parameters being the network-derived defaults the module accepts
// (link rate, base RTT, MTU, header, trimming, seed) overridden by the scenario's `params`.

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
import { Ops } from "../../lib/lb/ops/ops";
import { Plb } from "../../lib/lb/plb/plb";
import { REPS_PARAM_NAMES } from "../../lib/lb/reps/params";
import { Reps } from "../../lib/lb/reps/reps";
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
import { type FlowEnds, makeDackTransport } from "./dack";
import { DcpTransport, GbnTransport, IrnTransport, RackTransport, TimeoutTransport } from "./rounds";

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

export const CC_NAMES = ["nscc", "dctcp", "mprdma", "aimd", "swift", "timely", "dcqcn", "none"] as const;
export const LB_NAMES = ["reps", "ecmp", "ops", "plb", "flowlet", "spritz-scout", "spritz-spray", "spritz-vlan"] as const;
export const RELIABILITY_NAMES = ["rud", "dcp", "gbn", "irn", "rack", "timeout", "dack", "opt"] as const;

export function makeCc(name: string, user: Params, ctx: NetworkContext, capacity: number): CcAdapter {
  switch (name) {
    case "nscc":
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

/** A load balancer table; `perSource` tables (Spritz) are built per source switch by the caller. */
export function makeLb(name: string, user: Params, ctx: NetworkContext, capacity: number, extra: Params = {}): LbTable {
  switch (name) {
    case "reps":
      return new Reps(derived(REPS_PARAM_NAMES, ctx, { profile: "uec-htsim", ...user }) as never, capacity);
    case "ecmp":
      return new Ecmp({ salt: ctx.seed, ...user } as never, capacity);
    case "ops":
      // openLb opens every flow on set 0: a second set would never be used.
      if (Array.isArray(user.sets) && user.sets.length > 1) throw new RangeError(`the fabric opens every flow on OPS set 0, so sets takes one set here, not ${user.sets.length}`);
      return new Ops({ seed: ctx.seed, ...user } as never, capacity);
    // PLB's round is one RTT (§3) and a flowlet's gap half of it (the module's 7 µs default is ½
    // of a ≈14 µs RTT): both from this network's base RTT unless the scenario sets them.
    case "plb":
      return new Plb({ seed: ctx.seed, roundNs: Math.max(1, Math.round(ctx.baseRttNs)), ...user } as never, capacity);
    case "flowlet":
      return new Flowlet({ seed: ctx.seed, gapNs: Math.round(ctx.baseRttNs / 2), ...user } as never, capacity);
    case "spritz-scout":
      return new SpritzScout({ seed: ctx.seed, ...extra, ...user } as never, capacity);
    case "spritz-spray":
      return new SpritzSpray({ seed: ctx.seed, ...extra, ...user } as never, capacity);
    case "spritz-vlan":
      return new SpritzVlan({ seed: ctx.seed, ...extra, ...user } as never, capacity);
  }
  throw new RangeError(`unknown load balancer ${name}`);
}

/** Opens an LB slot with the arguments its `open` takes. */
export function openLb(name: string, lb: LbTable, slot: number, flow: number, dstSwitch: number): void {
  const t = lb as unknown as { open: (...a: number[]) => void };
  if (name === "ecmp") t.open(slot, flow);
  else if (name === "ops") t.open(slot, 0);
  else if (name.startsWith("spritz")) t.open(slot, dstSwitch);
  else t.open(slot);
}

/** The network's bandwidth-delay product in whole packets (at least 1). */
function bdpPacketsOf(ctx: NetworkContext): number {
  return Math.max(1, Math.ceil(bdpBytes(ctx.linkGbps, ctx.baseRttNs) / ctx.mtuBytes));
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
      const p = derived(RUD_PARAM_NAMES, ctx, { windowPackets, ...user }) as never;
      return new RudTransport(new RudSender(p, capacity), new RudReceiver(p, capacity), ackBytes);
    }
    case "dcp": {
      const sides = senderReceiver(name, user);
      // DCP's mtuBytes is the payload of a full packet; its 24-bit PSNs and eight messages per QP.
      const tx = new DcpSender({ mtuBytes: ctx.mtuBytes - ctx.headerBytes, ...sides.sender } as never, capacity);
      const rx = new DcpReceiver({ ...sides.receiver } as never, capacity);
      return new DcpTransport(tx, rx, ackBytes, ctx.headerBytes, capacity);
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
      return makeDackTransport(name, user, ctx.mtuBytes - ctx.headerBytes, ctx.headerBytes, ctx.rtoNs, ends, ackBytes);
  }
  throw new RangeError(`unknown reliability module ${name}`);
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
  const bdpPackets = bdpPacketsOf(ctx);
  const sender = (more: Params): never => ({ mtuBytes, ...more, ...sides.sender }) as never;
  const receiver = (more: Params): never => ({ ...more, ...sides.receiver }) as never;
  const header = ctx.headerBytes;
  const floorNs = timerFloorNs(ctx.baseRttNs);
  const atLeastRtts = (ns: number): number => (ns > floorNs ? ns : floorNs);
  switch (name) {
    case "gbn": {
      const tx = new GbnSender(sender({ rtoNs: atLeastRtts(GBN_SENDER_DEFAULTS.rtoNs) }), capacity);
      // A NACK repeated within an RTT would send the sender back again before its resend arrived.
      const rx = new GbnReceiver(receiver({ nackIntervalNs: atLeastRtts(GBN_RECEIVER_DEFAULTS.nackIntervalNs) }), capacity);
      return new GbnTransport(tx, rx, ackBytes, header, capacity);
    }
    case "irn": {
      const d = IRN_SENDER_DEFAULTS;
      const tx = new IrnSender(sender({ bdpPackets, rtoLowNs: atLeastRtts(d.rtoLowNs), rtoHighNs: atLeastRtts(d.rtoHighNs) }), capacity);
      return new IrnTransport(tx, new IrnReceiver(receiver({ bdpPackets: tx.params.bdpPackets }), capacity), ackBytes, header, capacity);
    }
    case "rack": {
      const d = RACK_SENDER_DEFAULTS;
      const rto = { initialRtoNs: atLeastRtts(d.initialRtoNs), minRtoNs: Math.min(atLeastRtts(d.minRtoNs), d.maxRtoNs) };
      // Two BDPs, but no more than the module holds (a 400 Gb/s WAN of 1 ms would want 24,400).
      const windowPackets = Math.min(2 * bdpPackets, RACK_MAX_WINDOW_PACKETS);
      const tx = new RackSender(sender({ windowPackets, ...rto }), capacity);
      return new RackTransport(tx, new RackReceiver(receiver({ windowPackets: tx.params.windowPackets }), capacity), ackBytes, header, capacity);
    }
  }
  const tx = new TimeoutSender(sender({ windowPackets: 2 * bdpPackets, rtoNs: atLeastRtts(TIMEOUT_SENDER_DEFAULTS.rtoNs) }), capacity);
  return new TimeoutTransport(tx, new TimeoutReceiver(receiver({ windowPackets: tx.params.windowPackets }), capacity), ackBytes, header, capacity);
}
