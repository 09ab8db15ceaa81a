// Test support for the fabric's and the transport adapters' tests (not part of the fabric):
// packets and network contexts made by hand, a NIC's transmit loop reduced to what a test needs
// to see, and the smallest scenario whose timing can be worked out by hand.
import type { Scenario } from "../scenario/schema";
import type { CcAdapter, Transport } from "./adapters";
import { P, type PacketPool } from "./packets";
import type { NetworkContext } from "./registry";

/**
 * What the builder hands a module about the network, for modules made by hand: 100 Gb/s, a 14 µs
 * base RTT, 4,150 B MTU and 64 B header, trimming, seed 1, a 100 µs RTO, no ACK coalescing;
 * `over` replaces any of it.
 */
export function networkContext(over: Partial<NetworkContext> = {}): NetworkContext {
  return { linkGbps: 100, baseRttNs: 14_000, mtuBytes: 4150, headerBytes: 64, trimming: true, seed: 1, rtoNs: 100_000, ackEveryBytes: 0, ...over };
}

/** The fields a transport's handlers read from a packet; those not given are 0. */
export interface PacketFields {
  dst?: number;
  psn?: number;
  ev?: number;
  /** packets.ts Flag bits. */
  flags?: number;
  w0?: number;
  w1?: number;
  w2?: number;
  w3?: number;
  /**
   * The send time a data packet carries and an ACK echoes, ns: its timestamp (`PacketPool.f64`)
   * and the NIC's record of it (`PacketPool.sentNs`) alike, as no Reflex NDT restamped it.
   */
  sentNs?: number;
}

/** A packet of `kind` (packets.ts Kind) for `flow`, as the fabric would deliver it to a transport. */
export function packet(pool: PacketPool, kind: number, flow: number, bytes: number, f: PacketFields = {}): number {
  const h = pool.alloc(kind, flow, f.dst ?? 0, bytes);
  const b = h << P.Shift;
  pool.i32[b + P.Psn] = f.psn ?? 0;
  pool.i32[b + P.Ev] = f.ev ?? 0;
  pool.i32[b + P.Flags] = f.flags ?? 0;
  pool.i32[b + P.W0] = f.w0 ?? 0;
  pool.i32[b + P.W1] = f.w1 ?? 0;
  pool.i32[b + P.W2] = f.w2 ?? 0;
  pool.i32[b + P.W3] = f.w3 ?? 0;
  pool.f64[h] = f.sentNs ?? 0;
  pool.sentNs[h] = f.sentNs ?? 0;
  return h;
}

/**
 * Every packet flow `slot` lets out at `nowNs` under `cc`, as the NIC hands them on:
 * [Tx bits, psn, msn, retryNo, wire bytes, msgPackets, payload] each; at most `limit`.
 */
export function drain(t: Transport, cc: CcAdapter, slot: number, nowNs: number, limit = Infinity): number[][] {
  const out: number[][] = [];
  while (out.length < limit && t.nextBytes(slot, nowNs, cc) > 0) {
    const r = t.nextPacket(slot, nowNs, 0);
    out.push([r, t.psn, t.msn, t.retryNo, t.bytes, t.msgPackets, t.payload]);
  }
  return out;
}

/**
 * Two hosts under one switch (a leaf–spine of one leaf), links of `linkGbps` and 1 µs, 4150 B
 * MTU, 64 B header and ACK, no trimming, no congestion control, RUD with an ACK per packet: a
 * packet's time is serialisation and propagation only, so a test can work it out by hand.
 */
export function oneSwitchScenario(name: string, linkGbps: number, flows: { src: number; dst: number; bytes: number; startUs?: number }[]): Scenario {
  return {
    name,
    seed: 1,
    topology: { kind: "leafspine", leaves: 1, spines: 1, hostsPerLeaf: 2, linkGbps, latencyNs: 1000 },
    network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: false },
    transport: { cc: { name: "none" }, lb: { name: "ecmp" }, reliability: { name: "rud" }, ackEveryBytes: 0 },
    traffic: [{ kind: "flows", flows }],
  } as Scenario;
}
