// Every public reader of every module, given a slot that is not open, returns exactly the value
// lib/README.md ("Readers") defines for it, and counts no error (readers are not handlers):
// 0, false for a boolean reader, or −1 for the readers that README lists. "Not open" is a slot
// outside the table (−1, the capacity, a fraction, NaN, ∞), a slot never opened and a slot closed
// after use; the same value for all of them, so a caller (the fabric asks timerArmed and
// deadlineNs after every packet) never needs to know which.
//
// Asserting the value, not only that it is defined, is the point: until 2026-12 this test only
// asked for "a number that is not NaN, or a boolean", and DcpSender.timerArmed(−1) was true
// (`curOff[−1] !== 0` is `undefined !== 0`) while a closed sender's deadlineNs read its RTO.
// The outside slots are asked on a table whose other slots are open and busy, so that a reader
// that turns 1.5 or NaN into slot 1 or 0 (`slot << 3`) is caught reading that slot's state.
//
// A reader here is a public method of one argument that is not in the class's handler `api`;
// private and protected methods are read from the class's own source file and its bases'.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "./core/rng";
import { FAR, SMALL } from "./lb/spritz/test-support";
import { REGISTRY, type Table, type TableClass, argument, handlers, optionConfigs } from "./test-support";

const LIB = dirname(fileURLToPath(import.meta.url));
const LIFECYCLE = new Set(["constructor", "open", "close", "isOpen", "inspect"]);
const CAPACITY = 4;
/** Slots 0 … 2 are opened and driven; slot 2 is then closed; slot 3 is never opened. */
const CLOSED = 2;
const NEVER = 3;
const OUTSIDE = [-1, CAPACITY, 1.5, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
const CALLS = 3000;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Private and protected method names, by the class declared in the same file ("export class X … {"). */
const hiddenByClass = new Map<string, Set<string>>();
for (const file of sources(LIB)) {
  const text = readFileSync(file, "utf8");
  const classes = [...text.matchAll(/^(?:export\s+)?(?:abstract\s+)?class\s+(\w+)/gm)];
  classes.forEach((c, i) => {
    const body = text.slice(c.index, i + 1 < classes.length ? classes[i + 1].index : text.length);
    const names = new Set<string>();
    for (const m of body.matchAll(/(?:private|protected)\s+(?:static\s+)?(?:override\s+)?(?:readonly\s+)?(\w+)\s*(?:\(|=\s*\()/g)) names.add(m[1]);
    hiddenByClass.set(c[1], names);
  });
}

function readers(cls: TableClass): string[] {
  const names = new Set<string>();
  for (let p = cls.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const hidden = hiddenByClass.get(p.constructor.name);
    if (hidden === undefined) throw new Error(`no source declares class ${p.constructor.name}`);
    for (const name of Object.getOwnPropertyNames(p)) {
      const d = Object.getOwnPropertyDescriptor(p, name);
      if (d && typeof d.value === "function" && d.value.length === 1 && !hidden.has(name) && !LIFECYCLE.has(name) && !(name in cls.api)) names.add(name);
    }
  }
  return [...names];
}

/** lib/README.md's list of the readers that return −1 for a slot that is not open, by "module Class". */
function minusOneReaders(): Map<string, Set<string>> {
  const text = readFileSync(join(LIB, "README.md"), "utf8");
  const start = text.indexOf("<!-- readers-minus-one -->");
  const end = text.indexOf("<!-- /readers-minus-one -->");
  assert.ok(start >= 0 && end > start, "lib/README.md lists the −1 readers between <!-- readers-minus-one --> markers");
  const out = new Map<string, Set<string>>();
  for (const m of text.slice(start, end).matchAll(/^\s*- `([\w/]+)` (\w+): (.+)$/gm)) {
    out.set(`${m[1]} ${m[2]}`, new Set([...m[3].matchAll(/`(\w+)`/g)].map((r) => r[1])));
  }
  return out;
}

/** Parameters and `open` arguments for the classes that do not build or open from defaults alone. */
const SETUP: Record<string, { params: Record<string, unknown>; open: Record<string, number> }> = {
  "lb/spritz": { params: SMALL, open: { dstSwitch: FAR } },
};

function openSlot(t: Table, cls: TableClass, module: string, slot: number): void {
  const names = cls.api.open;
  const extra = SETUP[module]?.open ?? {};
  const args = names.map((a) => (a === "slot" ? slot : a in extra ? extra[a] : a === "packetBytes" ? 64 : 0));
  (t.open as (...a: unknown[]) => void).apply(t, args);
}

/** Slots 0 … 2 open and driven by a seeded stream of plausible handler calls, slot 2 closed, slot 3 never opened. */
function usedTable(cls: TableClass, module: string, params: Record<string, unknown>): Table {
  const t = new cls(params, CAPACITY);
  for (let s = 0; s < NEVER; s++) openSlot(t, cls, module, s);
  const names = handlers(cls);
  const r = new Xoshiro128(3);
  let now = 1000;
  for (let i = 0; i < CALLS; i++) {
    now += r.nextBelow(20_000);
    const h = names[r.nextBelow(names.length)];
    const args = cls.api[h].map((a) => (a === "slot" ? r.nextBelow(NEVER) : argument(a, r, now, CAPACITY)));
    try {
      (t[h] as (...a: unknown[]) => unknown).apply(t, args);
    } catch {
      // a set-up call that throws by its documentation (Spritz's path queries): state unchanged
    }
  }
  (t.close as (s: number) => number).call(t, CLOSED);
  return t;
}

/**
 * Options optionConfigs cannot find by flipping one default: a rate CC's send window (0: none by
 * default) is a number, and varWindow is refused without it. Until 2026-12-06 neither was asked,
 * and windowBytes(slot) read the configured window (1 with varWindow) for every slot not open.
 */
const EXTRA: Record<string, Record<string, unknown>[]> = {
  "cc/dcqcn": [{ windowBytes: 100_000 }, { windowBytes: 100_000, varWindow: true }],
  "cc/timely": [{ windowBytes: 100_000 }, { windowBytes: 100_000, varWindow: true }],
};

function configs(cls: TableClass, module: string): Record<string, unknown>[] {
  const base = SETUP[module]?.params;
  return base === undefined ? [...optionConfigs(cls, CAPACITY), ...(EXTRA[module] ?? [])] : [base];
}

test("a reader given a slot that is not open returns lib/README.md's value for it and counts no error", () => {
  const minusOne = minusOneReaders();
  const bad: string[] = [];
  const seen = new Set<string>();
  let checked = 0;
  for (const [module, classes] of Object.entries(REGISTRY)) {
    for (const [name, cls] of Object.entries(classes)) {
      // SpritzPaths is no flow table: its one-argument queries take a source switch, not a slot.
      if (typeof cls !== "function" || cls.api === undefined || cls.api.close === undefined) continue;
      const listed = minusOne.get(`${module} ${name}`) ?? new Set<string>();
      const names = readers(cls);
      for (const r of listed) if (!names.includes(r)) bad.push(`lib/README.md lists ${module} ${name}.${r}, which is not a reader`);
      for (const params of configs(cls, module)) {
        const t = usedTable(cls, module, params);
        for (const reader of names) {
          seen.add(`${name}.${reader}`);
          const read = (slot: number) => (t[reader] as (s: number) => unknown).call(t, slot);
          const boolean = typeof read(0) === "boolean";
          const want = listed.has(reader) ? -1 : boolean ? false : 0;
          for (const slot of [...OUTSIDE, CLOSED, NEVER]) {
            const errors = t.errors;
            const got = read(slot);
            checked++;
            if (got !== want || t.errors !== errors) {
              bad.push(`${module} ${name} ${JSON.stringify(params)}.${reader}(${slot}) = ${String(got)}, want ${String(want)}, errors +${t.errors - errors}`);
            }
          }
        }
      }
    }
  }
  // The enumeration itself: the readers this test was written for are among those it found.
  for (const r of ["DcpSender.timerArmed", "DcpSender.deadlineNs", "DcpReceiver.emsnCount", "Reps.validCount", "SpritzScout.bufferSize", "Nscc.cwndBytes"]) {
    assert.ok(seen.has(r), `${r} is not enumerated as a reader`);
  }
  assert.ok(checked > 2000, `${checked} reader calls`);
  assert.equal(bad, []);
});

test.run();
