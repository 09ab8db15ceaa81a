// Which of lib's public handlers the allocation check drives (DESIGN.md rule 4: "checked by a
// test"; lib/README.md: every handler has a workload). bench/alloc.ts can only see allocation on
// a path some workload replays: a handler no op calls passes whatever it does (review rev-bench
// F1: mutants allocating in Swift.onTimeout and RudReceiver.onTrimmed passed). This script wraps
// every handler a class's static `api` lists in a counting shim, builds each workload, replays
// its op a few times, and prints each handler no op called; it exits 1 when there is one.
// Calls made while a workload is set up do not count: bench/alloc.ts watches only the op.
//
//   node --import tsx bench/coverage.ts [--without "<module> <handler>"]…
//
// `--without` leaves those rows out (bench/coverage.test.ts shows that the shim then reports
// their handlers). Its own process, because the shims stay installed: the unit tests that share
// uvu's process must not run through them.
import { modules as ccModules } from "../lib/cc/index";
import { modules as lbModules } from "../lib/lb/index";
import { modules as reliabilityModules } from "../lib/reliability/index";
import { modules as switchModules } from "../lib/switch/index";
import { rowName } from "./workloads/types";
import { workloads } from "./workloads/index";

/**
 * The `api` entries that are not per-packet paths, with why. Everything else a class's `api`
 * lists must be called by some workload's op.
 */
const NOT_PER_PACKET: Readonly<Record<string, string>> = {
  "*.open": "opens a flow (once per flow; may throw RangeError, which rule 7 allows only here)",
  "*.close": "closes a flow (once per flow)",
  "Reps.cached": "a reader of the EV ring listed in api only so vectors can call it with two arguments",
  "SpritzScout.pathCount": "a reader listed in api only so vectors can call it",
  "SpritzScout.pathEv": "a reader listed in api only so vectors can call it",
  "SpritzScout.buffered": "a reader listed in api only so vectors can call it",
  "SpritzScout.ecnCount": "a reader listed in api only so vectors can call it",
  "SpritzScout.isBlocked": "a reader listed in api only so vectors can call it",
  "SpritzScout.pathClass": "a reader listed in api only so vectors can call it",
  "SpritzScout.classMassQ16": "a reader of the alias table listed in api only so vectors can call it",
  "SpritzScout.isDown": "a reader listed in api only so vectors can call it",
  "SpritzScout.setPathAvailable": "the management plane marks a path down or up (§IV-C Failures), never per packet",
  "SpritzSpray.pathCount": "a reader listed in api only so vectors can call it",
  "SpritzSpray.pathEv": "a reader listed in api only so vectors can call it",
  "SpritzSpray.buffered": "a reader listed in api only so vectors can call it",
  "SpritzSpray.ecnCount": "a reader listed in api only so vectors can call it",
  "SpritzSpray.isBlocked": "a reader listed in api only so vectors can call it",
  "SpritzSpray.pathClass": "a reader listed in api only so vectors can call it",
  "SpritzSpray.classMassQ16": "a reader of the alias table listed in api only so vectors can call it",
  "SpritzSpray.isDown": "a reader listed in api only so vectors can call it",
  "SpritzSpray.setPathAvailable": "the management plane marks a path down or up (§IV-C Failures), never per packet",
  "SpritzPaths.*": "the topology's path table: queried while Spritz tables are built, never per packet (it allocates by design)",
  "Pfc.setPort": "configuration of a queue's link, before traffic",
  "PfcShared.setPort": "configuration of a queue's link, before traffic",
  "PfcShared.setPool": "configuration: an empty queue joins a shared buffer",
  "PortQueues.setPool": "configuration: an empty port joins a shared buffer",
  "PortQueues.setPortLimits": "configuration, documented as not a packet path (it may throw RangeError)",
  "Router.setCandidate": "writes one candidate for callers without arrays of their own (vectors); the fabric fills the candidate columns directly",
};

/** The NOT_PER_PACKET entry that exempts `Class.handler`, or undefined when it needs a workload. */
function exemption(cls: string, handler: string): string | undefined {
  for (const key of [`${cls}.${handler}`, `*.${handler}`, `${cls}.*`]) if (key in NOT_PER_PACKET) return key;
  return undefined;
}

// Replays per workload: a handler that a workload calls only every few ops (a timer that fires
// once per several batches) is still called within bench/alloc.ts's 10 M events.
const OPS = 4;

type Ctor = { name: string; api?: Record<string, readonly string[]>; prototype: object };

function main(): number {
  const without = new Set<string>();
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--without" && i + 1 < argv.length) without.add(argv[++i]);
    else throw new Error(`usage: coverage.ts [--without "<module> <handler>"]…; got ${argv[i]}`);
  }
  for (const row of without) {
    if (!workloads.some((w) => rowName(w) === row)) throw new Error(`--without: no row "${row}"`);
  }

  // "<Class>.<handler>" of every handler that needs a workload, and the label of each class.
  const needed: string[] = [];
  const label = new Map<unknown, string>();
  const called = new Set<string>();
  let counting = false;
  const wrapped = new Set<string>();
  const used = new Set<string>();
  const all = { ...ccModules, ...lbModules, ...reliabilityModules, ...switchModules } as Record<string, Record<string, Ctor>>;
  for (const classes of Object.values(all)) {
    for (const [name, C] of Object.entries(classes)) {
      label.set(C, name);
      for (const handler of Object.keys(C.api ?? {})) {
        const exempt = exemption(name, handler);
        if (exempt !== undefined) {
          used.add(exempt);
          continue;
        }
        needed.push(`${name}.${handler}`);
        shim(C, handler);
      }
    }
  }

  function record(self: object, handler: string): void {
    if (counting) called.add(`${label.get(self.constructor) ?? self.constructor.name}.${handler}`);
  }

  /** Counts calls of C's `handler`, whether a method on a prototype or a field each instance sets. */
  function shim(C: Ctor, handler: string): void {
    let owner: object | null = C.prototype;
    while (owner !== null && !Object.prototype.hasOwnProperty.call(owner, handler)) owner = Object.getPrototypeOf(owner);
    if (owner !== null) {
      // A method (perhaps of a base class, shared by its subclasses): one shim, counted per class.
      const key = `${label.get(owner.constructor) ?? owner.constructor.name}#${handler}`;
      if (wrapped.has(key)) return;
      wrapped.add(key);
      const original = (owner as Record<string, unknown>)[handler];
      if (typeof original !== "function") throw new Error(`${C.name}.${handler} in api is not a method`);
      Object.defineProperty(owner, handler, {
        configurable: true,
        writable: true,
        value: function (this: object, ...args: unknown[]) {
          record(this, handler);
          return (original as (...a: unknown[]) => unknown).apply(this, args);
        },
      });
      return;
    }
    // A field (an arrow the constructor assigns, lib/README.md "arrows"): with target ES2020 the
    // constructor assigns it, which a setter on the prototype sees. Were fields defined instead,
    // the setter would not run and the handler would be reported uncovered, never passed.
    Object.defineProperty(C.prototype, handler, {
      configurable: true,
      set(this: object, fn: (...a: unknown[]) => unknown) {
        const self = this;
        Object.defineProperty(self, handler, {
          configurable: true,
          writable: true,
          value: (...args: unknown[]) => {
            record(self, handler);
            return fn(...args);
          },
        });
      },
    });
  }

  for (const w of workloads) {
    if (without.has(rowName(w))) continue;
    const op = w.setup(1);
    counting = true;
    for (let i = 0; i < OPS; i++) op();
    counting = false;
  }

  const missing = needed.filter((h) => !called.has(h));
  // An exemption that no longer matches an api entry would exempt a handler added under its name later.
  const stale = Object.keys(NOT_PER_PACKET).filter((k) => !used.has(k));
  console.log(`coverage: ${needed.length - missing.length} of ${needed.length} per-packet handlers called by a workload's op (${Object.keys(NOT_PER_PACKET).length} exempt entries)`);
  for (const h of missing) console.log(`uncovered ${h}`);
  for (const k of stale) console.log(`stale exemption ${k}: no class's api lists it`);
  return missing.length + stale.length > 0 ? 1 : 0;
}

process.exit(main());
