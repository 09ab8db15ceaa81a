// DCQCN under a realistic mix: 64 flows at 100 Gb/s, all of them already notified once, so the
// α and increase timers and the byte counter run. Rows: the sender's per-packet onSend (paper
// RP with a 1 MB byte counter, so byte-counter events happen), onCnp (HPCC's per-marked-packet
// CNPs at a 25 % marking rate, mixed into sends), onTimer (the Mellanox RP's 1 µs α timer,
// 4 µs decrease check and 300 µs increase timer, driven as a caller's timer wheel would), and
// the receiver's per-packet onData (paper NP, 50 µs CNP spacing, 25 % of packets marked).
import { Dcqcn, DcqcnNp } from "../../lib/cc/index";
import { Xoshiro128 } from "../../lib/core/index";
import { lossWorkload } from "./cc-loss";
import type { Workload } from "./types";

const FLOWS = 64;
const BATCH = 4096;
const MTU = 4096;

interface Events {
  slot: Int32Array;
  dtNs: Int32Array;
  mark: Uint8Array;
  spanNs: number;
}

function events(seed: number): Events {
  const rng = new Xoshiro128(seed);
  const e: Events = { slot: new Int32Array(BATCH), dtNs: new Int32Array(BATCH), mark: new Uint8Array(BATCH), spanNs: 0 };
  let t = 0;
  for (let i = 0; i < BATCH; i++) {
    t += 20 + rng.nextBelow(60);
    e.slot[i] = rng.nextBelow(FLOWS);
    e.dtNs[i] = t;
    e.mark[i] = rng.nextBelow(4) === 0 ? 1 : 0;
  }
  e.spanNs = t + 100;
  return e;
}

const send: Workload = {
  module: "cc/dcqcn",
  handler: "onSend",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const cc = new Dcqcn({ profile: "paper", byteCounterBytes: 1_000_000 }, FLOWS);
    for (let s = 0; s < FLOWS; s++) {
      cc.open(s);
      cc.onCnp(s, 0);
    }
    const e = events(seed);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum += cc.onSend(e.slot[i], (epoch + e.dtNs[i]) | 0, MTU);
      // A CNP per flow now and then keeps the stages from running away (outside the loop).
      for (let s = 0; s < FLOWS; s++) cc.onCnp(s, epoch);
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

const cnp: Workload = {
  module: "cc/dcqcn",
  handler: "onCnp",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const cc = new Dcqcn({ profile: "hpcc" }, FLOWS);
    for (let s = 0; s < FLOWS; s++) cc.open(s);
    const e = events(seed);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const now = (epoch + e.dtNs[i]) | 0;
        if (e.mark[i] === 1) sum += cc.onCnp(e.slot[i], now);
        else sum += cc.onSend(e.slot[i], now, MTU);
      }
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

const timer: Workload = {
  module: "cc/dcqcn",
  handler: "onTimer",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const cc = new Dcqcn({ profile: "hpcc" }, FLOWS);
    for (let s = 0; s < FLOWS; s++) {
      cc.open(s);
      cc.onCnp(s, s * 17);
    }
    const e = events(seed);
    let epoch = 0;
    return () => {
      // The caller's wheel: each event is the next flow whose timer is due, at its deadline;
      // one flow in four sees another CNP before its timer runs. Flows take turns, from flow 0
      // in every op (BATCH is a multiple of FLOWS).
      let sum = 0;
      for (let i = 0; i < BATCH; i++) {
        const s = i & (FLOWS - 1);
        const due = cc.nextTimerNs(s);
        if (e.mark[i] === 1) cc.onCnp(s, due);
        sum += cc.onTimer(s, due);
      }
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

const npData: Workload = {
  module: "cc/dcqcn",
  handler: "np.onData",
  goalNs: 15,
  batch: BATCH,
  setup(seed) {
    const np = new DcqcnNp({ profile: "paper" }, FLOWS);
    for (let s = 0; s < FLOWS; s++) np.open(s);
    const e = events(seed);
    let epoch = 0;
    return () => {
      let sum = 0;
      for (let i = 0; i < BATCH; i++) sum += np.onData(e.slot[i], (epoch + e.dtNs[i]) | 0, e.mark[i] === 1);
      for (let s = 0; s < FLOWS; s++) if (np.timerArmed(s)) sum += np.onTimer(s, np.nextTimerNs(s));
      epoch = (epoch + e.spanNs) | 0;
      return sum;
    };
  },
};

export const dcqcnWorkloads: Workload[] = [
  send,
  cnp,
  timer,
  npData,
  // A loss and its resend with HPCC's vwin: only the window's inflight moves.
  lossWorkload("cc/dcqcn", "onLoss + onRestore (per call)", (flows) => {
    const m = new Dcqcn({ profile: "hpcc", windowBytes: 200_000 }, flows);
    return { open: (s) => m.open(s), lose: (s, t, b) => m.onLoss(s, t, b), resend: (s, t, b) => m.onRestore(s, t, b) };
  }),
];
