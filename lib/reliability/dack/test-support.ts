// Test support for the DACK event-loop models (not exported from the package): §IV-A's fabric
// constants and a deterministic event heap, shared by endpoint-congestion.test.ts (the §IV
// reproduction) and fairness-incast.test.ts (§II-H in an 8 → 1 incast); and a target's ACKs as
// text, for suppression.test.ts and target-edges.test.ts.
import type { DackTarget } from "./target";

/** The ACKs of the target's last handler call, as "KIND(stream,seq)" joined by spaces (streams A, B = slots 0, 1). */
export function ackText(t: DackTarget): string {
  const names = ["", "IACK", "DACK", "NACK"];
  return Array.from({ length: t.out[0] }, (_, i) => `${names[t.out[1 + 3 * i]]}(${"AB"[t.out[2 + 3 * i]]},${t.out[3 + 3 * i]})`).join(" ");
}

/** §IV-A: 2048 B of data + 64 B header on the wire. */
export const PACKET_BYTES = 2112;
export const ACK_BYTES = 64;
/** 100 Gb/s: 8 bits / 100 Gb/s = 0.08 ns = 80 ps per byte. */
export const PS_PER_BYTE = 80;
/** 2112 × 80 = 168,960 ps = 168.96 ns to serialise one data packet. */
export const SER_PS = PACKET_BYTES * PS_PER_BYTE;
/** 64 × 80 = 5,120 ps. */
export const ACK_SER_PS = ACK_BYTES * PS_PER_BYTE;
/** 4 µs each way: round trip ≈ 8 µs (§III-B). */
export const PROP_PS = 4_000_000;

/** A data packet reaches the target: a = seq, b = stream. */
export const EV_ARRIVE = 0;
/** The host finished the head packet. */
export const EV_PROCESSED = 1;
/** An ACK reaches an initiator: a = kind, b = seq, c = stream. */
export const EV_ACK = 2;
/** An initiator finished serialising a packet: a = stream. */
export const EV_LINK_FREE = 3;
/** A retransmission timer: a = generation, b = stream. */
export const EV_RTO = 4;

export interface Ev {
  t: number;
  n: number;
  type: number;
  a: number;
  b: number;
  c: number;
}

function before(x: Ev, y: Ev): boolean {
  return x.t < y.t || (x.t === y.t && x.n < y.n);
}

/** A binary heap of events ordered by (time, insertion number): deterministic ties. */
export class Events {
  private heap: Ev[] = [];
  private n = 0;
  push(t: number, type: number, a = 0, b = 0, c = 0): void {
    const e: Ev = { t, n: this.n++, type, a, b, c };
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (before(h[p], e)) break;
      h[i] = h[p];
      i = p;
    }
    h[i] = e;
  }
  pop(): Ev | undefined {
    const h = this.heap;
    if (h.length === 0) return undefined;
    const top = h[0];
    const last = h.pop() as Ev;
    if (h.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const r = l + 1;
        const c = r < h.length && before(h[r], h[l]) ? r : l;
        if (before(last, h[c])) break;
        h[i] = h[c];
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}
