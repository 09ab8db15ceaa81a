// Reflex at the two datacenters' external switches (Reflex §III; lib/switch/reflex): where the
// fabric calls NSF and NDT, and the per-flow and per-port facts it needs to do so.
//
// - NSF (§III-C) runs on each ESW's WAN egress port: every inter-DC data packet leaving its
//   source DC is measured there (T_src = departure − the packet's send time, so the ESW's own
//   WAN queue counts as near-source delay), and a pseudo-ACK, when NSF asks for one, goes back
//   into the source DC from the ESW.
// - NDT (§III-D) runs on each ESW's egress ports into its DC, one table per DC (its pause rule
//   counts the flows of that destination DC only). Inter-DC data entering the DC waits in NDT's
//   Normal or Controlled queue instead of the port's data FIFO; control packets keep the port's
//   own queues, which go first. A flow is one of NDT's active flows (§III-D 3: its pause rule
//   counts them) as the ESW sees it: from its first data packet there until its last packet
//   (the flow's highest PSN, and every packet of it NDT then holds) has left; a copy resent
//   after that opens it again until it leaves. A packet leaving NDT has its timestamp overwritten with its
//   egress time; the receiver echoes it in its ACKs, and each ACK of an inter-DC flow refreshes
//   the flow's state as it passes the ESW on its way out of the DC.
// - The senders of inter-DC flows take their delay samples from pseudo-ACKs only; end-to-end
//   ACKs confirm delivery and carry no sample for them (§III-C "Rewrite RTT input": "their
//   arrival does not trigger any updates of RTT input"). That sentence has two readings. By
//   default an end-to-end ACK does bookkeeping only, so a flow NSF leaves Silent hears nothing
//   that could grow its window again. With `e2eAckDrivesCc` an end-to-end ACK that arrives while
//   NSF holds the flow Silent also runs the CC's ACK handler on the last RTT_src the flow heard:
//   no new RTT input, but the ACK clocks the increase that Cooling exists to let the sender
//   "safely resume" (§III-C "Cooling State"). Only while Silent: in Active and Cooling fresh
//   pseudo-ACKs steer the flow, and replaying a congested sample on the ACKs of a burst sent a
//   WAN round trip before cut windows again on no new evidence (16 inter-DC flows of 4 MB under
//   Swift: FCT max 49.7 ms against 38.4 ms Silent-only). A sender sees Silent as its pseudo-ACKs
//   stopping; the fabric reads NSF's state at the ESW, a few µs earlier than a sender could.

import { NSF_PSEUDO_ACK, NSF_SILENT, ReflexNsf } from "../../lib/switch/reflex/nsf";
import { NDT_CONTROLLED, NDT_DROPPED, NDT_PAUSED, NDT_RESUME, ReflexNdt } from "../../lib/switch/reflex/ndt";
import type { ReflexParamsInput } from "../../lib/switch/reflex/params";
import { type DcLayout, type Topology, dcOf } from "../topo/topology";

export interface ReflexSpec {
  nsf: boolean;
  ndt: boolean;
  /**
   * lib/switch/reflex parameters (Table I defaults). `ports`, `handleCapacity` and `mtuBytes` are
   * the fabric's; one given must agree with it (reflexFabricConflicts): the ESW's ports into its
   * DC, at least the packet pool's handles, at least the network's MTU. `queueLimitBytes` is the
   * port's data buffer unless given, and one given holds at least a full packet.
   */
  params: ReflexParamsInput;
  /**
   * Under NSF an inter-DC flow's end-to-end ACK that arrives while NSF holds the flow Silent
   * drives its CC's ACK handler with the last RTT_src the flow heard (none heard: bookkeeping
   * only, as without it). Default false: the ACK only confirms delivery. No effect without NSF.
   */
  e2eAckDrivesCc?: boolean;
}

/** What the fabric gives NDT: the ports of an ESW into its DC, the packet pool's handles, its largest packet (bytes). */
export interface ReflexFabricFacts {
  ports: number;
  handles: number;
  mtuBytes: number;
}

/**
 * The Reflex parameters given that the fabric cannot run with, one message each, starting with
 * the field's name. NDT's table holds one pair of queues per ESW port into the DC, refuses a
 * handle at or above handleCapacity and a packet over mtuBytes (lib/switch/reflex ndt.ts
 * onEnqueue: E_ARG), and drops a packet that would take a queue over queueLimitBytes. Each of
 * these the build could not see before: a different `ports` was overwritten by the fabric's, a
 * smaller handle capacity or MTU stopped the run at the first packet past it ("Reflex NDT
 * refused packet …"), and a queue limit under one full packet dropped every full packet.
 */
export function reflexFabricConflicts(params: ReflexParamsInput, f: ReflexFabricFacts): string[] {
  const out: string[] = [];
  const { ports, handleCapacity, mtuBytes, queueLimitBytes } = params;
  if (ports !== undefined && ports !== f.ports) out.push(`ports: ${ports} is not the ${f.ports} ports of an ESW into its DC (its spines), one NDT queue pair each; leave it out, the fabric sets it`);
  if (handleCapacity !== undefined && handleCapacity < f.handles) {
    out.push(`handleCapacity: ${handleCapacity} is below the packet pool's ${f.handles} handles (network.packetPool, else the pool's largest size), any of which NDT may queue; leave it out, the fabric sets it`);
  }
  if (mtuBytes !== undefined && mtuBytes < f.mtuBytes) out.push(`mtuBytes: ${mtuBytes} is below the network's MTU (${f.mtuBytes} B, network.mtuBytes), a full packet NDT must take; leave it out, the fabric sets it`);
  if (queueLimitBytes !== undefined && queueLimitBytes < f.mtuBytes) out.push(`queueLimitBytes: ${queueLimitBytes} holds no full packet (${f.mtuBytes} B, network.mtuBytes): NDT would drop every one`);
  return out;
}

export class ReflexSites {
  readonly nsf: ReflexNsf | null;
  /** Per DC: the NDT table of its ESW, or null. */
  readonly ndt: (ReflexNdt | null)[];
  /** 1 on an ESW's WAN egress port when NSF runs. */
  readonly nsfPort: Uint8Array;
  /** NDT's index of an ESW port into its DC, −1 elsewhere (or with NDT off). */
  readonly ndtPort: Int32Array;
  /** The DC whose NDT table serves the port. */
  readonly ndtDc: Int32Array;
  /** Packets waiting in NDT's queues, per port. */
  readonly ndtPackets: Int32Array;
  /** Their bytes, per port. */
  readonly ndtBytes: Float64Array;
  /** The DC of an ESW (switch index), −1 for other switches. */
  readonly eswDc: Int32Array;
  /**
   * Per flow: 1 when its source and destination are in different DCs and NSF runs (NDT needs
   * NSF), i.e. when Reflex acts on it; with both off (`nsf: false`) no flow is Reflex's, and the
   * fabric treats every flow as without Reflex (its ACKs' echo is the send time, §III-D's rewrite
   * never happens, and they carry its delay samples).
   */
  readonly interDc: Uint8Array;
  private readonly dcs: DcLayout;
  /** Per flow: the DC of its destination. */
  private readonly dstDc: Int8Array;
  /** Per flow: its highest PSN, the last packet the destination ESW will see of it (−1: none). */
  private readonly lastPsn: Int32Array;
  /** Per flow: 1 once its last packet has reached the destination ESW (or it is complete). */
  private readonly tailSeen: Uint8Array;
  /** 1: end-to-end ACKs of Reflex's flows replay the last RTT_src to the CC (ReflexSpec.e2eAckDrivesCc). */
  private readonly e2eReplay: number;
  /** Per flow: the RTT_src of the last pseudo-ACK its sender took, ns (0: none yet). */
  private readonly lastSrcRttNs: Int32Array;

  pseudoAcks = 0;
  /** Pseudo-ACKs that reached their sender while its flow ran, and the RTT_src they gave (ns). */
  pseudoAcksDelivered = 0;
  srcRttSumNs = 0;
  srcRttMaxNs = 0;
  ndtDrops = 0;
  ndtControlled = 0;
  /** Flows acknowledged in full while packets of theirs still waited in NDT's queues. */
  deferredCloses = 0;

  /** `bytes` and `mssBytes`: each flow's size and payload per packet (its PSNs are 0 … ⌈bytes / mss⌉ − 1). */
  constructor(spec: ReflexSpec, topo: Topology, src: Int32Array, dst: Int32Array, handles: number, mtuBytes: number, queueLimitBytes: number, bytes: ArrayLike<number>, mssBytes: number) {
    const dcs = topo.dcs;
    if (dcs === null) throw new RangeError("Reflex needs the two-datacenter topology (twodc)");
    if (spec.ndt && !spec.nsf) throw new RangeError("Reflex NDT needs NSF: it rewrites the timestamp that NSF frees (§III-D)");
    const P = topo.ports;
    this.dcs = dcs;
    const F = src.length;
    this.interDc = new Uint8Array(F);
    if (spec.nsf) for (let f = 0; f < F; f++) this.interDc[f] = dcOf(dcs, src[f]) !== dcOf(dcs, dst[f]) ? 1 : 0;
    this.dstDc = Int8Array.from(dst, (h) => dcOf(dcs, h));
    this.lastPsn = Int32Array.from({ length: F }, (_, f) => Math.ceil(bytes[f] / mssBytes) - 1);
    this.tailSeen = new Uint8Array(F);
    this.e2eReplay = spec.nsf && spec.e2eAckDrivesCc === true ? 1 : 0;
    this.lastSrcRttNs = new Int32Array(this.e2eReplay !== 0 ? F : 0);
    this.nsfPort = new Uint8Array(P);
    this.ndtPort = new Int32Array(P).fill(-1);
    this.ndtDc = new Int32Array(P).fill(-1);
    this.ndtPackets = new Int32Array(P);
    this.ndtBytes = new Float64Array(P);
    this.eswDc = new Int32Array(topo.switches).fill(-1);
    const conflicts = reflexFabricConflicts(spec.params, { ports: dcs.downPorts[0].length, handles, mtuBytes });
    if (conflicts.length > 0) throw new RangeError(`Reflex params: ${conflicts.join("; ")}`);
    const params = { mtuBytes, handleCapacity: handles, queueLimitBytes, ...spec.params };
    this.nsf = spec.nsf ? new ReflexNsf(params, Math.max(1, F)) : null;
    this.ndt = [null, null];
    for (let d = 0; d < 2; d++) {
      this.eswDc[dcs.esw[d]] = d;
      if (spec.nsf) this.nsfPort[dcs.wanPort[d]] = 1;
      if (!spec.ndt) continue;
      this.ndt[d] = new ReflexNdt({ ...params, ports: dcs.downPorts[d].length }, Math.max(1, F));
      dcs.downPorts[d].forEach((p, i) => {
        this.ndtPort[p] = i;
        this.ndtDc[p] = d;
      });
    }
  }

  /** The flow starts: NSF tracks it from now (NDT from its first packet at the destination ESW). */
  open(f: number): void {
    if (this.interDc[f] === 0) return;
    if (this.nsf !== null) this.nsf.open(f);
  }

  /**
   * The flow is acknowledged in full (or failed): NSF forgets it, and NDT too where its slot is
   * still open (its last packet passed the ESW as a trimmed header, or the sender gave up).
   */
  done(f: number): void {
    if (this.interDc[f] === 0) return;
    if (this.nsf !== null) this.nsf.close(f);
    this.tailSeen[f] = 1;
    const ndt = this.ndt[this.dstDc[f]];
    if (ndt === null || !ndt.isOpen(f)) return;
    // Its last packets can still wait in NDT's queues (a resent copy, the tail behind the ACK):
    // NDT refuses to forget the flow before they leave (§III-D 2), so the close waits for them.
    if (heldBy(ndt, f) !== 0) this.deferredCloses++;
    this.settle(ndt, f);
  }

  /**
   * NSF for data packet `f` leaving by WAN port at `nowNs`, sent at `sentNs`: true when a
   * pseudo-ACK is to go back (echoing `echoNs()`).
   */
  measure(f: number, nowNs: number, sentNs: number): boolean {
    const nsf = this.nsf as ReflexNsf;
    if (!nsf.isOpen(f)) return false;
    const r = nsf.onData(f, nowNs, sentNs);
    if (r < 0 || (r & NSF_PSEUDO_ACK) === 0) return false;
    this.pseudoAcks++;
    return true;
  }

  /** A pseudo-ACK of flow f reached its sender, whose CC took `rttNs` as RTT_src. */
  delivered(f: number, rttNs: number): void {
    if (this.e2eReplay !== 0) this.lastSrcRttNs[f] = rttNs;
    this.pseudoAcksDelivered++;
    this.srcRttSumNs += rttNs;
    if (rttNs > this.srcRttMaxNs) this.srcRttMaxNs = rttNs;
  }

  /**
   * The delay sample an end-to-end ACK of inter-DC flow f (one of Reflex's: `interDc[f]` 1)
   * gives its CC, ns: 0 (none: the ACK confirms delivery only, §III-C), or with
   * `e2eAckDrivesCc`, while NSF holds the flow Silent, the last RTT_src the flow heard (0
   * before its first pseudo-ACK).
   */
  e2eAckRttNs(f: number): number {
    if (this.e2eReplay === 0 || (this.nsf as ReflexNsf).state(f) !== NSF_SILENT) return 0;
    return this.lastSrcRttNs[f];
  }

  /** The timestamp the last pseudo-ACK reflects. */
  echoNs(): number {
    return (this.nsf as ReflexNsf).out[0];
  }

  /** 1 when the last packet NDT took was dropped (its queue was full). */
  dropped = 0;
  /** After dequeue returned −1: 1 when a paused Controlled queue holds packets, else 0. */
  paused = 0;
  /** With `paused`: the end of the Controlled queues' pause (a wrapping ns tick, so any sign). */
  resume = 0;

  /** True when `port` is an NDT port and flow f one of the inter-DC flows into its DC. */
  ndtFlow(port: number, f: number): boolean {
    return this.ndtPort[port] >= 0 && this.interDc[f] !== 0 && this.dstDc[f] === this.ndtDc[port];
  }

  /**
   * NDT for data packet h (PSN psn) of flow f at port: true when NDT took it (queued, or
   * dropped: `dropped`). The flow's first packet at the ESW opens its slot (§III-D 3's active
   * flows are those the ESW sees).
   */
  enqueue(port: number, f: number, nowNs: number, h: number, bytes: number, psn: number): boolean {
    if (!this.ndtFlow(port, f)) return false;
    const ndt = this.ndt[this.ndtDc[port]] as ReflexNdt;
    if (!ndt.isOpen(f)) ndt.open(f);
    if (psn === this.lastPsn[f]) this.tailSeen[f] = 1;
    const v = ndt.onEnqueue(f, nowNs, this.ndtPort[port], h, bytes);
    if (v < 0) throw new Error(`fabric: Reflex NDT refused packet ${h} of flow ${f} at port ${port} (code ${v})`);
    this.dropped = v === NDT_DROPPED ? 1 : 0;
    if (this.dropped !== 0) {
      this.ndtDrops++;
      this.settle(ndt, f);
    } else {
      this.ndtPackets[port]++;
      this.ndtBytes[port] += bytes;
      if (v === NDT_CONTROLLED) this.ndtControlled++;
    }
    return true;
  }

  /** Flow f holds nothing in NDT: once its last packet has been seen, it is no longer active there. */
  private settle(ndt: ReflexNdt, f: number): void {
    if (this.tailSeen[f] === 0 || !ndt.isOpen(f) || heldBy(ndt, f) !== 0) return;
    ndt.close(f);
  }

  /**
   * The next NDT packet for port at `nowNs`: its handle (its new timestamp in `egressNs()`), or
   * −1, with `paused` and `resume` set when only a paused Controlled queue holds packets.
   */
  dequeue(port: number, nowNs: number): number {
    const ndt = this.ndt[this.ndtDc[port]] as ReflexNdt;
    const h = ndt.onDequeue(this.ndtPort[port], nowNs);
    if (h < 0) {
      // A tick: past 2^31 ns it reads negative, so "paused" cannot be its sign (review).
      this.paused = h === NDT_PAUSED ? 1 : 0;
      this.resume = ndt.out[4]; // out.resumeNs
      return -1;
    }
    return this.left(ndt, port, h);
  }

  /**
   * A PFC watchdog's drop action flushes `port`: the next packet NDT holds for it, paused or not
   * (lib ReflexNdt.evict), or −1 when it holds none. The caller discards it.
   */
  evict(port: number, nowNs: number): number {
    const ndt = this.ndt[this.ndtDc[port]] as ReflexNdt;
    const h = ndt.evict(this.ndtPort[port], nowNs);
    return h < 0 ? -1 : this.left(ndt, port, h);
  }

  /** Packet h of NDT's port left it (ndt.out names its flow): a flow waiting to close may now. */
  private left(ndt: ReflexNdt, port: number, h: number): number {
    this.ndtPackets[port]--;
    this.ndtBytes[port] -= ndt.out[2]; // out.bytes
    this.settle(ndt, ndt.out[0]);
    return h;
  }

  /**
   * Integrity: at NDT port `port`, how the fabric's count of the packets and bytes it gave NDT
   * differs from what NDT's own queues hold, or null when they agree (or the port is no NDT
   * port). A packet NDT lost would otherwise still count as held, and no dequeue would reach it.
   */
  heldMismatch(port: number): string | null {
    const i = this.ndtPort[port];
    if (i < 0) return null;
    const ndt = this.ndt[this.ndtDc[port]] as ReflexNdt;
    const packets = ndt.normalPackets[i] + ndt.controlledPackets[i];
    const bytes = ndt.normalBytes[i] + ndt.controlledBytes[i];
    if (packets === this.ndtPackets[port] && bytes === this.ndtBytes[port]) return null;
    return `the fabric counts ${this.ndtPackets[port]} packets (${this.ndtBytes[port]} B) in Reflex NDT's queues, NDT holds ${packets} (${bytes} B)`;
  }

  egressNs(port: number): number {
    return (this.ndt[this.ndtDc[port]] as ReflexNdt).out[3];
  }

  /**
   * An ACK of flow f passes ESW `sw` at `nowNs` echoing `echoNs`: NDT's flow state controller,
   * for ACKs leaving the flow's destination DC. Returns the DC whose Controlled queues resumed
   * (their ports should look again), or −1.
   */
  ack(sw: number, f: number, nowNs: number, echoNs: number): number {
    const d = this.eswDc[sw];
    if (d < 0 || this.interDc[f] === 0 || this.dstDc[f] !== d) return -1;
    const ndt = this.ndt[d];
    if (ndt === null || !ndt.isOpen(f)) return -1;
    const r = ndt.onAck(f, nowNs, echoNs);
    return r >= 0 && (r & NDT_RESUME) !== 0 ? d : -1;
  }

  /** NDT ports of DC d (global ids). */
  ports(d: number): number[] {
    return this.dcs.downPorts[d];
  }

  /** NDT pauses and those ended by T_maxpause, over both DCs. */
  pauses(): [number, number] {
    let n = 0;
    let t = 0;
    for (const x of this.ndt) {
      if (x === null) continue;
      n += x.pauses;
      t += x.pauseTimeouts;
    }
    return [n, t];
  }

  errors(): number {
    let e = this.nsf !== null ? this.nsf.errors : 0;
    for (const x of this.ndt) if (x !== null) e += x.errors;
    return e;
  }
}

/** Flow f's packets in NDT's queues (Normal and Controlled, every port of its table). */
function heldBy(ndt: ReflexNdt, f: number): number {
  return ndt.flowNormalPackets(f) + ndt.flowControlledPackets(f);
}
