// Fixture for bench/alloc.test.ts: runs the allocation check (bench/alloc.ts, unchanged, as its
// own entry) on fake modules instead of the library's. Each fake is one congestion-control
// table in the library's shape (typed-array state, `onAck(slot, nowNs, ackedBytes)` returning
// the window) that allocates in one way DESIGN.md rule 4 forbids, or not at all.
//
//   node --import tsx bench/alloc-fixtures.ts
import type { Workload } from "./workloads/types";
import { workloads } from "./workloads/index";

const FLOWS = 64;
const BATCH = 4096;

class FakeCc {
  readonly cwnd = new Int32Array(FLOWS);
  readonly lastNs = new Int32Array(FLOWS);
  /** Where the escaping variants put what they allocate (a plain array, as a careless port would). */
  readonly history: unknown[] = new Array(FLOWS).fill(null);
  /** Allocates nothing: typed arrays and int32 arithmetic only. */
  onAckNone(slot: number, nowNs: number, ackedBytes: number): number {
    this.lastNs[slot] = nowNs;
    return (this.cwnd[slot] = (this.cwnd[slot] + ackedBytes) & 0xfffff);
  }
  /** A temporary object literal that does not escape (optimised V8 removes it; QuickJS does not). */
  onAckObject(slot: number, nowNs: number, ackedBytes: number): number {
    const d = { bytes: ackedBytes, dtNs: (nowNs - this.lastNs[slot]) | 0 };
    this.lastNs[slot] = nowNs;
    return (this.cwnd[slot] = (this.cwnd[slot] + d.bytes + (d.dtNs & 1)) & 0xfffff);
  }
  /** Array destructuring of a temporary array literal. */
  onAckDestructure(slot: number, nowNs: number, ackedBytes: number): number {
    const [bytes, dtNs] = [ackedBytes, (nowNs - this.lastNs[slot]) | 0];
    this.lastNs[slot] = nowNs;
    return (this.cwnd[slot] = (this.cwnd[slot] + bytes + (dtNs & 1)) & 0xfffff);
  }
  /** Spread of an array literal into a call. */
  onAckSpread(slot: number, nowNs: number, ackedBytes: number): number {
    this.lastNs[slot] = nowNs;
    return (this.cwnd[slot] = Math.min(...[(this.cwnd[slot] + ackedBytes) | 0, 0xfffff]));
  }
  /** An object that escapes on one packet in 1,024 (a rare branch, e.g. a loss record). */
  onAckRare(slot: number, nowNs: number, ackedBytes: number): number {
    if ((nowNs & 0x3ff0) === 0) this.history[slot] = { nowNs, ackedBytes };
    this.lastNs[slot] = nowNs;
    return (this.cwnd[slot] = (this.cwnd[slot] + ackedBytes) & 0xfffff);
  }
  /** An object that escapes on every packet. */
  onAckEvery(slot: number, nowNs: number, ackedBytes: number): number {
    this.history[slot] = { nowNs, ackedBytes };
    this.lastNs[slot] = nowNs;
    return (this.cwnd[slot] = (this.cwnd[slot] + ackedBytes) & 0xfffff);
  }
}

type Handler = "onAckNone" | "onAckObject" | "onAckDestructure" | "onAckSpread" | "onAckRare" | "onAckEvery";

/** The driving loop of the library's workloads: one op replays a pre-generated batch. */
function fake(handler: Handler): Workload {
  return {
    module: "fixture/fake-cc",
    handler,
    goalNs: 40,
    batch: BATCH,
    setup() {
      const cc = new FakeCc();
      const slot = new Int32Array(BATCH);
      const bytes = new Int32Array(BATCH);
      for (let i = 0; i < BATCH; i++) {
        slot[i] = Math.imul(i, 37) & (FLOWS - 1);
        bytes[i] = 2112 + (i & 3);
      }
      let nowNs = 0;
      return () => {
        let acc = 0;
        for (let i = 0; i < BATCH; i++) {
          // 16 ns apart: bits 4..13 of nowNs are 0 on one event in 1,024 (onAckRare's branch).
          nowNs = (nowNs + 16) | 0;
          acc = (acc + cc[handler](slot[i], nowNs, bytes[i])) | 0;
        }
        return acc;
      };
    },
  };
}

// The check iterates this same (module-level) array; only the fakes pass its filter.
workloads.push(
  fake("onAckNone"),
  fake("onAckObject"),
  fake("onAckDestructure"),
  fake("onAckSpread"),
  fake("onAckRare"),
  fake("onAckEvery"),
);
process.argv[2] = "fixture/";
await import("./alloc");
