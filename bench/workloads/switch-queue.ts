// Port queues under a switch's traffic: 128 egress ports of the uec-htsim profile at 100 Gb/s
// (data FIFO 178 KB, RED 37–145 KB at dequeue, trimming to 64 B with the ½ newest option,
// headers 100000:1), arrivals of 4150 B data (80 %), 64 B ACKs (15 %) and 64 B headers (5 %)
// on random ports; a DCP port set (57 B HOs, DWRR with the N = 16 weight, ECN at enqueue); and
// the uec-htsim ports as 8 switches of 16 ports, each switch with a 1 MB shared buffer under the
// dynamic threshold (α = 1), which refuses some of the arrivals. The shared-buffer dequeue row
// drains the same 40-packet backlog as the uec-htsim row, in a buffer sized to hold it (below).
//
// Each op replays a batch of one handler and then puts the table back as it was before the
// batch by copying its typed arrays from a snapshot taken at setup, so enqueues always meet the
// same queues and dequeues the same backlog. The copy is timed too; the `restore` row measures
// it alone (0.3 ns and 13 instructions per event when last counted), so the handler rows are
// upper bounds, approximately: the restore row's snapshot holds 5,120 handles, the enqueue row's 4,096.
import { PortQueues, QUEUE_DROPPED, QUEUE_DROPPED_QUEUED, QUEUE_TRIMMED, QUEUE_TRIMMED_QUEUED, TAG_ACK, TAG_DATA, TAG_HEADER } from "../../lib/switch/index";
import { Xoshiro128 } from "../../lib/core/index";
import type { Workload } from "./types";

export const PORTS = 128;
const BATCH = 4096;
const BACKLOG = 40; // packets per port before a dequeue batch (about 133 KB of data: in the RED band)
const DATA_BYTES = 4150;
/**
 * The shared buffer of the dequeue row: the dynamic threshold (Choudhury & Hahne, α = 1) admits
 * an arrival while its FIFO's bytes with it stay at most B − used, so 16 ports of BACKLOG data
 * packets each fit when B ≥ 17 × 40 × 4150 B = 2,822,000 B (the last port's queue ≤ B − the
 * other 15's). In the 1 MB buffer of the enqueue row each port kept about 1 MB / 17 ≈ 59 KB
 * (14 data packets), and 1,079 of the 4,096 dequeues (26 %) found their queue empty.
 */
const DEQUEUE_POOL_BYTES = 17 * BACKLOG * DATA_BYTES;

interface Events {
  port: Int32Array;
  bytes: Int32Array;
  tag: Int32Array;
  dtNs: Int32Array;
}

function events(seed: number, n: number): Events {
  const rng = new Xoshiro128(seed);
  const e: Events = { port: new Int32Array(n), bytes: new Int32Array(n), tag: new Int32Array(n), dtNs: new Int32Array(n) };
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += 1 + rng.nextBelow(20);
    e.dtNs[i] = t;
    e.port[i] = rng.nextBelow(PORTS);
    const k = rng.nextBelow(100);
    e.tag[i] = k < 80 ? TAG_DATA : k < 95 ? TAG_ACK : TAG_HEADER;
    e.bytes[i] = k < 80 ? DATA_BYTES : 64;
  }
  return e;
}

/** Copies of every typed array a table owns, and a function that writes them back. */
export function snapshot(table: object): () => void {
  const arrays: Int32Array[] = [];
  const copies: Int32Array[] = [];
  const seen = new Set<ArrayBufferLike>();
  for (const v of Object.values(table)) {
    if (!ArrayBuffer.isView(v) || seen.has(v.buffer)) continue;
    seen.add(v.buffer);
    // A byte view of the whole column, so one copy routine serves every element type.
    const bytes = new Int32Array(v.buffer, v.byteOffset, v.byteLength >> 2);
    arrays.push(bytes);
    copies.push(bytes.slice());
  }
  return () => {
    for (let i = 0; i < arrays.length; i++) arrays[i].set(copies[i]);
  };
}

type Setup = "uec-htsim" | "dcp" | "shared";

const SUFFIX: Record<Setup, string> = { "uec-htsim": "", dcp: " (dcp)", shared: " (shared buffer)" };

/** PORTS ports of a profile's queues (16 of them towards hosts), each in its pool when shared. */
export function portQueues(setup: Setup, handles: number, poolBytes = 1_000_000): PortQueues {
  const params =
    setup === "dcp"
      ? { profile: setup, dcpRadix: 16, ecnAt: "enqueue" as const, kMinBytes: 5000, kMaxBytes: 200_000, pMax: 0.01, dataLimitBytes: 100_000 }
      : setup === "shared"
        ? { profile: "uec-htsim" as const, pools: PORTS / 16, poolBytes }
        : { profile: setup };
  const q = new PortQueues({ ...params, handleCapacity: handles, seed: 3 }, PORTS);
  for (let p = 0; p < PORTS; p++) {
    q.open(p, p < 16);
    if (setup === "shared") q.setPool(p, p >> 4);
  }
  return q;
}

function enqueue(profile: Setup): Workload {
  return {
    module: "switch/queue",
    handler: "onEnqueue" + SUFFIX[profile],
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const q = portQueues(profile, BATCH);
      const e = events(seed, BATCH);
      if (profile === "dcp") for (let i = 0; i < BATCH; i++) e.bytes[i] = e.tag[i] === TAG_DATA ? 1024 : 57;
      const restore = snapshot(q);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += q.onEnqueue(e.port[i], (epoch + e.dtNs[i]) | 0, i, e.bytes[i], e.tag[i]);
        restore();
        epoch = (epoch + e.dtNs[BATCH - 1]) | 0;
        return sum;
      };
    },
  };
}

function dequeue(profile: Setup): Workload {
  return {
    module: "switch/queue",
    handler: "onDequeue" + SUFFIX[profile],
    goalNs: 10,
    batch: BATCH,
    setup(seed) {
      const handles = PORTS * BACKLOG;
      const q = portQueues(profile, handles, DEQUEUE_POOL_BYTES);
      const fill = events(seed + 1, handles);
      let h = 0;
      let refused = 0;
      for (let p = 0; p < PORTS; p++) {
        for (let k = 0; k < BACKLOG; k++, h++) {
          const data = fill.tag[h] === TAG_DATA;
          const r = q.onEnqueue(p, 0, h, profile === "dcp" ? (data ? 1024 : 57) : fill.bytes[h], fill.tag[h]);
          if (r < 0 || (r & (QUEUE_TRIMMED | QUEUE_DROPPED | QUEUE_TRIMMED_QUEUED | QUEUE_DROPPED_QUEUED)) !== 0) refused++;
        }
      }
      // A refused arrival leaves its port a shorter backlog, so the row would time empty dequeues.
      if (profile === "shared" && refused !== 0) throw new Error(`switch-queue workload: the shared buffer refused ${refused} of the backlog`);
      const e = events(seed, BATCH);
      const restore = snapshot(q);
      let epoch = 0;
      return () => {
        let sum = 0;
        for (let i = 0; i < BATCH; i++) sum += q.onDequeue(e.port[i], (epoch + e.dtNs[i]) | 0);
        restore();
        epoch = (epoch + e.dtNs[BATCH - 1]) | 0;
        return sum;
      };
    },
  };
}

/** The snapshot copy alone, per event of a batch: the overhead included in the rows above. */
const restoreOnly: Workload = {
  module: "switch/queue",
  handler: "restore (bench overhead)",
  goalNs: 10,
  batch: BATCH,
  setup() {
    const restore = snapshot(portQueues("uec-htsim", PORTS * BACKLOG));
    return () => {
      restore();
      return 0;
    };
  },
};

export const switchQueueWorkloads: Workload[] = [
  enqueue("uec-htsim"),
  dequeue("uec-htsim"),
  enqueue("dcp"),
  dequeue("dcp"),
  enqueue("shared"),
  dequeue("shared"),
  restoreOnly,
];
