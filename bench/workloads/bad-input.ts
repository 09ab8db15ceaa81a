// Bad input for the allocation check (DESIGN.md rule 4 and rule 7 together): the workloads in
// index.ts replay realistic events, so a refusal path no event takes passed whatever it allocated
// (audit, 2026-12-07: an error path made to build a string and an object on every call passed
// bench/alloc.ts). One row per table class that builds from its defaults (lib/test-support.ts,
// as lib/contract.test.ts drives them) and per Spritz class over a small Dragonfly: every
// handler its `api` lists (but open, close and the configuration calls) called with a slot past
// the table, and with each other argument in turn out of its domain (NaN, −1, 0.5, 2^53, +∞;
// not the contract test's 2^31 and 2^32, legal wrapping ticks). Each such call is refused and
// counted, or, where the value happens to be legal (NaN for a flag reads as false), a valid
// call; neither may allocate. Only bench/alloc.ts runs these rows: a refusal's cost is not a figure to report.
import { Xoshiro128 } from "../../lib/core/rng";
import { Dragonfly, EndpointTable, modules as lbModules } from "../../lib/lb/index";
import { type Table, type TableClass, argument, defaultTables, handlers, openAll } from "../../lib/test-support";
import type { Workload } from "./types";

const CAPACITY = 4;
const HOSTILE = [Number.NaN, -1, 0.5, 2 ** 53, Number.POSITIVE_INFINITY];
/** The most arguments any handler takes; the calls below pass this many, the extra ones undefined. */
const MAX_ARGS = 10;

type Call = () => unknown;

/** Calls of `t[h]` with these arguments, its arity fixed so that no call builds an array. */
function fixedCall(t: Table, h: string, args: (number | boolean)[]): Call {
  if (args.length > MAX_ARGS) throw new Error(`bad-input: ${h} takes ${args.length} arguments, more than ${MAX_ARGS}`);
  const fn = t[h] as (...a: unknown[]) => unknown;
  const [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9] = args;
  return () => fn.call(t, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9);
}

/** Values out of the domain of argument `name`. */
function hostile(name: string): number[] {
  return name === "slot" ? [CAPACITY + 1, -1, Number.NaN] : HOSTILE;
}

export function badCalls(t: Table, api: Record<string, readonly string[]>, names: string[]): Call[] {
  const r = new Xoshiro128(7);
  const calls: Call[] = [];
  for (const h of names) {
    const sig = api[h];
    const valid = sig.map((name) => argument(name, r, 1_000_000, CAPACITY));
    sig.forEach((name, k) => {
      for (const v of hostile(name)) calls.push(fixedCall(t, h, valid.map((x, i) => (i === k ? v : x))));
    });
  }
  return calls;
}

/** Every table class with per-packet handlers and how to build one with every slot open. */
export function badInputTables(): { module: string; name: string; cls: TableClass; make: () => Table }[] {
  const out = defaultTables(CAPACITY).map(({ module, name, cls }) => ({ module, name, cls, make: () => openAll(cls, {}, CAPACITY) }));
  // Spritz needs a topology's endpoint table (a small Dragonfly; every flow to switch 1).
  const spritz = lbModules["lb/spritz"] as unknown as Record<string, TableClass>;
  for (const name of ["SpritzScout", "SpritzSpray", "SpritzVlan"]) {
    const cls = spritz[name];
    const make = (): Table => {
      const t = new cls({ table: new EndpointTable(new Dragonfly({ p: 1, a: 2, h: 1 }), 0) }, CAPACITY);
      for (let slot = 0; slot < CAPACITY; slot++) (t.open as (s: number, d: number) => void)(slot, 1);
      return t;
    };
    out.push({ module: "lb/spritz", name, cls, make });
  }
  return out;
}

export const badInputWorkloads: Workload[] = badInputTables().map(({ module, name, cls, make }) => {
  const names = handlers(cls);
  return {
    module,
    handler: `${name} bad input`,
    goalNs: 40,
    batch: names.reduce((n, h) => n + cls.api[h].reduce((m, arg) => m + hostile(arg).length, 0), 0),
    setup() {
      const calls = badCalls(make(), cls.api, names);
      return () => {
        let sum = 0;
        for (let i = 0; i < calls.length; i++) sum = (sum + (calls[i]() === false ? 1 : 0)) | 0;
        return sum;
      };
    },
  };
});
