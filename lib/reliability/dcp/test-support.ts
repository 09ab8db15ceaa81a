// Test support for the DCP tests (not exported from the package): rewriting a frame's lengths and
// IPv4 checksum in place, to build malformed and boundary frames from good ones; a sender's out
// record as an object, and every packet a sender sends now.
import * as assert from "uvu/assert";
import { DCP_TX_NONE, DcpSender } from "./sender";
import { ipv4Checksum } from "./wire";

/** Recomputes the IPv4 header checksum of the frame at `o` (bytes 24–25, over bytes 14–33). */
export function fixChecksum(b: Uint8Array, o: number): void {
  b[o + 24] = 0;
  b[o + 25] = 0;
  const c = ipv4Checksum(b, o + 14);
  b[o + 24] = c >>> 8;
  b[o + 25] = c & 255;
}

/** Rewrites the IP and UDP lengths for a frame of `frame` bytes at `o`, then its checksum. */
export function resize(b: Uint8Array, o: number, frame: number): void {
  const ip = frame - 14;
  b[o + 16] = ip >>> 8;
  b[o + 17] = ip & 255;
  b[o + 38] = (ip - 20) >>> 8;
  b[o + 39] = (ip - 20) & 255;
  fixChecksum(b, o);
}

/** The per-packet part of a DcpSender's out record (what nextPacket writes) as an object. */
export function senderOut(s: DcpSender): Record<string, number> {
  const o: Record<string, number> = {};
  DcpSender.outFields.slice(0, 7).forEach((f, i) => (o[f] = s.out[i]));
  return o;
}

/** The packets QP `slot` sends at `nowNs` until nextPacket returns DCP_TX_NONE, each as senderOut; an error code fails the test. */
export function drainSender(s: DcpSender, slot: number, nowNs: number): Record<string, number>[] {
  const list: Record<string, number>[] = [];
  for (let i = 0; i < 1000; i++) {
    const k = s.nextPacket(slot, nowNs);
    if (k === DCP_TX_NONE) break;
    assert.ok(k > 0, `nextPacket returned ${k}`);
    list.push(senderOut(s));
  }
  return list;
}
