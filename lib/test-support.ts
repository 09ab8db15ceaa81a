// Test support for the tests that drive every module through its class's `api` (not exported from
// the package): the registry of table classes, building a table with every slot open, and handler
// arguments drawn by name.
import * as cc from "./cc/index";
import type { Xoshiro128 } from "./core/rng";
import * as lb from "./lb/index";
import * as reliability from "./reliability/index";
import * as sw from "./switch/index";

export interface Table {
  params?: Record<string, unknown>;
  errors: number;
  [name: string]: unknown;
}

export interface TableClass {
  new (params: Record<string, unknown>, capacity: number): Table;
  readonly api: { readonly [handler: string]: readonly string[] };
}

/** Every table class of lib/, by module ("cc/nscc") and class name. */
export const REGISTRY = { ...cc.modules, ...lb.modules, ...reliability.modules, ...sw.modules } as unknown as Record<string, Record<string, TableClass>>;

/** The tables whose classes build from their defaults alone (Spritz's need a topology), each with `capacity` slots. */
export function defaultTables(capacity: number): { module: string; name: string; cls: TableClass }[] {
  const out: { module: string; name: string; cls: TableClass }[] = [];
  for (const [module, classes] of Object.entries(REGISTRY)) {
    for (const [name, cls] of Object.entries(classes)) {
      if (typeof cls !== "function" || cls.api === undefined) continue;
      try {
        new cls({}, capacity);
      } catch {
        continue;
      }
      out.push({ module, name, cls });
    }
  }
  return out;
}

/**
 * The configurations that reach each option's other code paths: the defaults, then each boolean
 * parameter flipped and each string parameter at each other value its RangeError lists
 * ("<name> must be one of "a", "b""), one at a time. A value refused by a rule tying it to
 * another parameter's default is left out.
 */
export function optionConfigs(cls: TableClass, capacity: number): Record<string, unknown>[] {
  const defaults = new cls({}, capacity).params ?? {};
  const out: Record<string, unknown>[] = [{}];
  const tryAdd = (config: Record<string, unknown>) => {
    try {
      new cls(config, capacity);
      out.push(config);
    } catch {
      // refused with the other parameters at their defaults
    }
  };
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof value === "boolean") tryAdd({ [name]: !value });
    if (typeof value !== "string") continue;
    let message = "";
    try {
      new cls({ [name]: "\u0000" }, capacity);
    } catch (e) {
      message = (e as Error).message;
    }
    const list = /must be one of ((?:"[^"]*"(?:, )?)+)/.exec(message);
    if (!list) continue;
    for (const m of list[1].matchAll(/"([^"]*)"/g)) if (m[1] !== value) tryAdd({ [name]: m[1] });
  }
  return out;
}

/**
 * Builds a table and opens every slot, with the other arguments of `open` at a first sequence
 * number 0 and a packet size of 64 bytes (1 if the table allows less). Throws what the
 * constructor throws.
 */
export function openAll(cls: TableClass, params: Record<string, unknown>, capacity: number): Table {
  const t = new cls(params, capacity);
  const open = t.open as (...a: unknown[]) => void;
  const names = cls.api.open ?? ["slot"];
  for (let s = 0; s < capacity; s++) {
    const args = names.map((a) => (a === "slot" ? s : a === "packetBytes" ? 64 : 0));
    try {
      open.apply(t, args);
    } catch {
      open.apply(t, args.map((a, i) => (names[i] === "packetBytes" ? 1 : a)));
    }
  }
  return t;
}

const FLAGS = new Set(["ecn", "ce", "lastHop", "restore", "last", "ar", "dsack", "needCqe", "rtx", "rtxEcho", "inGlobal", "atDestination"]);
const SIZES = new Set(["ackedBytes", "bytes", "packetBytes", "lengthBytes", "recvdBytes", "awinBytes", "queueBytes"]);
const TIMES = new Set(["rttNs", "latencyNs", "recentMaxRttNs", "remoteDelayNs", "durationNs", "longestNs"]);
/** Arguments that are themselves ticks of the caller's clock. */
const STAMPS = new Set(["echoTimestampNs", "txTimestampNs"]);

function pick(r: Xoshiro128, xs: number[]): number {
  return xs[r.nextBelow(xs.length)];
}

/**
 * A plausible value for the handler argument `name`: slots below `capacity`, the clock's `nowNs`,
 * sizes and durations from zero to large, time stamps up to 100 µs before now (wrapping as ticks
 * do), small integers for sequence numbers and kinds.
 */
export function argument(name: string, r: Xoshiro128, nowNs: number, capacity: number): number | boolean {
  if (name === "slot") return r.nextBelow(capacity);
  if (name === "nowNs") return nowNs;
  if (STAMPS.has(name)) return (nowNs - r.nextBelow(100_000)) >>> 0;
  if (FLAGS.has(name)) return r.nextBelow(2) === 1;
  if (SIZES.has(name)) return pick(r, [0, 1, 64, 1500, 4096, 9000, r.nextBelow(1 << 20)]);
  if (TIMES.has(name)) return pick(r, [0, 1, 1000, 10_000, 100_000, r.nextBelow(1 << 24), 2 ** 30]);
  if (name === "pend") return r.nextBelow(128);
  if (name === "ev") return r.nextBelow(65536);
  return r.nextBelow(16);
}

/**
 * The calls of `cls` a random driver makes: all of its `api` but those that change the slots
 * themselves and PortQueues' `setPortLimits`, a configuration call that throws by its documentation.
 */
export function handlers(cls: TableClass): string[] {
  return Object.keys(cls.api).filter((h) => h !== "open" && h !== "close" && h !== "setPortLimits");
}
