// Every module at the ends of its parameters' ranges. A parameter's range is the one its own
// RangeError states (lib/core/params.ts writes "<name> must be an integer in [lo, hi]" or "a number
// in …"), so this test follows the ranges as written and checks what the module does at them: at
// each end of each numeric parameter, alone, the table is built (or refused by a rule on another
// parameter that depends on it), every slot is opened, and a seeded stream of calls to every
// handler in the class's `api`, with arguments drawn by name (plausible values, zeros, ones and
// the largest accepted), must keep the contract of lib/README.md: no handler throws, every
// result is a finite number or a boolean, and no floating-point state holds NaN.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as cc from "./cc/index";
import { Xoshiro128 } from "./core/rng";
import * as lb from "./lb/index";
import * as reliability from "./reliability/index";
import * as sw from "./switch/index";

interface Table {
  params?: Record<string, unknown>;
  [name: string]: unknown;
}
interface TableClass {
  new (params: Record<string, unknown>, capacity: number): Table;
  readonly api: { readonly [handler: string]: readonly string[] };
}

const REGISTRY = { ...cc.modules, ...lb.modules, ...reliability.modules, ...sw.modules } as unknown as Record<string, Record<string, TableClass>>;
const CAPACITY = 4;
const CALLS = 1500;

/** "2^30", "2^31 − 1" or a decimal, as lib/core/params.ts writes bounds. */
function bound(s: string): number {
  const pow = /^2\^(\d+)( − 1)?$/.exec(s.trim());
  if (pow) return 2 ** Number(pow[1]) - (pow[2] ? 1 : 0);
  return Number(s);
}

/** The accepted interval of a numeric parameter, from the error a NaN draws; null when it states none. */
function range(cls: TableClass, name: string): [number, number] | null {
  let message = "";
  try {
    new cls({ [name]: Number.NaN }, 1);
    return null;
  } catch (e) {
    message = (e as Error).message;
  }
  const m = /must be (an integer|a number) in ([[(])([^,]+), ([^\])]+)([\])])/.exec(message);
  if (!m) return null;
  let lo = bound(m[3]);
  let hi = bound(m[4]);
  if (m[2] === "(") lo = lo === 0 ? 1e-9 : lo * (1 + 1e-9);
  if (m[5] === ")") hi *= 1 - 1e-9;
  return m[1] === "an integer" ? [Math.ceil(lo), Math.floor(hi)] : [lo, hi];
}

const FLAGS = new Set(["ecn", "ce", "lastHop", "restore", "last", "ar", "dsack", "needCqe", "rtx", "rtxEcho", "inGlobal", "atDestination"]);
const SIZES = new Set(["ackedBytes", "bytes", "packetBytes", "lengthBytes", "recvdBytes", "awinBytes", "queueBytes"]);
const TIMES = new Set(["rttNs", "latencyNs", "recentMaxRttNs", "remoteDelayNs", "durationNs", "longestNs", "echoTimestampNs", "txTimestampNs"]);

function pick(r: Xoshiro128, xs: number[]): number {
  return xs[r.nextBelow(xs.length)];
}

function argument(name: string, r: Xoshiro128, nowNs: number): number | boolean {
  if (name === "slot") return r.nextBelow(CAPACITY);
  if (name === "nowNs") return nowNs;
  if (FLAGS.has(name)) return r.nextBelow(2) === 1;
  if (SIZES.has(name)) return pick(r, [0, 1, 64, 1500, 4096, 9000, r.nextBelow(1 << 20)]);
  if (TIMES.has(name)) return pick(r, [0, 1, 1000, 10_000, 100_000, r.nextBelow(1 << 24), 2 ** 30]);
  if (name === "pend") return r.nextBelow(128);
  if (name === "ev") return r.nextBelow(65536);
  return r.nextBelow(16);
}

/** Every Float64Array the table holds: its f64 columns and its own fields. */
function floatState(t: Table): Float64Array[] {
  const out: Float64Array[] = [];
  const col = t.col as Record<string, unknown> | undefined;
  for (const x of [...Object.values(col ?? {}), ...Object.values(t)]) if (x instanceof Float64Array) out.push(x);
  return out;
}

// Calls that configure and may throw by their documentation (PortQueues.setPortLimits), or that
// change the slots themselves.
const NOT_HANDLERS = new Set(["open", "close", "setPortLimits"]);

/** Builds, opens and drives one table; returns a failure, "refused" or "ok". */
function drive(cls: TableClass, params: Record<string, unknown>, seed: number): string {
  let t: Table;
  try {
    t = new cls(params, CAPACITY);
  } catch {
    return "refused";
  }
  const open = t.open as (...a: unknown[]) => void;
  for (let s = 0; s < CAPACITY; s++) {
    // open's other arguments: a first sequence number 0, a packet size of 64 bytes (1 if the table allows less).
    const args = (cls.api.open ?? ["slot"]).map((a) => (a === "slot" ? s : a === "packetBytes" ? 64 : 0));
    try {
      open.apply(t, args);
    } catch {
      open.apply(t, args.map((a, i) => (cls.api.open[i] === "packetBytes" ? 1 : a)));
    }
  }
  const handlers = Object.keys(cls.api).filter((h) => !NOT_HANDLERS.has(h));
  const floats = floatState(t);
  const r = new Xoshiro128(seed);
  let now = 1000;
  for (let i = 0; i < CALLS; i++) {
    now += r.nextBelow(5000);
    const h = handlers[r.nextBelow(handlers.length)];
    const args = cls.api[h].map((a) => argument(a, r, now));
    let v: unknown;
    try {
      v = (t[h] as (...a: unknown[]) => unknown).apply(t, args);
    } catch (e) {
      return `${h}(${args.join(", ")}) threw ${(e as Error).message}`;
    }
    if (!(typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)))) return `${h}(${args.join(", ")}) returned ${String(v)}`;
    for (const f of floats) if (f.some(Number.isNaN)) return `${h}(${args.join(", ")}) left NaN in the state`;
  }
  return "ok";
}

test("every module at both ends of every numeric parameter: handlers never throw, results are finite, no NaN in state", () => {
  const failures: string[] = [];
  let runs = 0;
  let refused = 0;
  for (const [module, classes] of Object.entries(REGISTRY)) {
    for (const [name, cls] of Object.entries(classes)) {
      let t: Table;
      try {
        t = new cls({}, CAPACITY);
      } catch {
        continue; // Spritz needs a topology: its parameters have tests of their own (lb/spritz/params.test.ts)
      }
      const configs: Record<string, unknown>[] = [{}];
      for (const [k, v] of Object.entries(t.params ?? {})) {
        if (typeof v !== "number") continue;
        const ends = range(cls, k);
        if (ends) for (const x of ends) configs.push({ [k]: x });
      }
      for (const [i, params] of configs.entries()) {
        const result = drive(cls, params, i + 1);
        if (result === "refused") refused++;
        else if (result === "ok") runs++;
        else failures.push(`${module}/${name} ${JSON.stringify(params)}: ${result}`);
      }
    }
  }
  assert.equal(failures, []);
  // The 33 classes of the registry that build without a topology, each with its defaults and both
  // ends of each numeric parameter: on 2026-11-26, 442 tables ran and 35 ends were refused by a rule
  // that ties them to another parameter's default.
  assert.ok(runs > 400, `${runs} runs`);
  assert.ok(refused < runs / 5, `${refused} refused, ${runs} run`);
});

test.run();
