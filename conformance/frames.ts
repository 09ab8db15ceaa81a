// Runs one frame vector (`"kind": "frame"`, conformance/README.md "Frame vectors"): the DCP wire
// format's functions (lib/reliability/dcp/wire.ts) called on a byte buffer given as hex, their
// return values, the bytes after the call and DcpPacket's accessors compared. Pure ECMAScript (no
// Node API), like engine.ts, which dispatches to it: the same code runs under node and inside
// QuickJS against the built bundles.
//
// A step may set the buffer (`frameHex`); without it the step works on the buffer the previous
// step left, so a trim and then a bounce of the same bytes is two steps.

import { hasText, provenanceFailures } from "./provenance";

export type FrameScalar = number | boolean;

export interface FrameStep {
  call: string;
  args: { [name: string]: FrameScalar };
  /** emitData and emitAck only: DcpHeader's fields by name; a field left out keeps its default. */
  header?: { [field: string]: number };
  /** The buffer before the call, as hex (spaces ignored); absent: the previous step's buffer. */
  frameHex?: string;
  expect?: { [key: string]: FrameScalar | string };
  note?: string;
}

export interface FrameVector {
  format: "nicfw-vectors/1";
  kind: "frame";
  module: string;
  name: string;
  source: string;
  derivation?: string | string[];
  steps: FrameStep[];
}

/** Per module, the namespace the wire functions are taken from by name (the module's exports). */
export type FrameRegistry = { readonly [module: string]: { readonly [name: string]: unknown } };

export interface FrameResult {
  name: string;
  module: string;
  handDerived: boolean;
  failures: string[];
}

/**
 * The calls a frame step may make and their argument names in call order. The buffer is the
 * first argument of each but the last two, which take none.
 *   check:  new DcpPacket().wrap(buf, off, len).check() — one DcpPacket per vector, so its
 *           `errors` counter runs across the vector's check steps.
 *   emitData, emitAck: a new DcpHeader() with the step's `header` fields assigned.
 */
const CALLS: { readonly [call: string]: readonly string[] } = {
  dcpCheck: ["off", "len"],
  check: ["off", "len"],
  emitData: ["off", "cap"],
  emitAck: ["off", "cap"],
  trimToHo: ["off", "len"],
  bounceHo: ["off", "len", "peerQp"],
  ipv4Checksum: ["ip"],
  dcpOpcode: ["op", "first", "last"],
  dcpDataHeaderBytes: ["op"],
};

/** Calls that do not read the buffer. */
const NO_BUFFER: readonly string[] = ["dcpOpcode", "dcpDataHeaderBytes"];

/** DcpPacket's accessors an expectation of a `check` step may name (all take no argument). */
const ACCESSORS: readonly string[] = [
  "frameLength", "tag", "ecn", "trafficClass", "ttl", "srcIp", "dstIp", "udpSrcPort", "opcode", "pkey",
  "retryNo", "destQp", "ackReq", "psn", "msn", "emsn", "syndrome", "msgOffset", "headerLength",
  "payloadLength", "payloadOffset", "isWrite", "hasSsn", "hasImm", "isLast", "vaHi", "vaLo", "rkey",
  "dmaLength", "ssn", "msgLength", "immData", "targetVaLo", "targetVaHi",
];

function own(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

const HEX = /^[0-9a-f]*$/;

/** The bytes of a hex string (lowercase, spaces ignored), or a message saying what is wrong. */
export function parseHex(text: string): Uint8Array | string {
  const hex = text.split(" ").join("");
  if (!HEX.test(hex)) return "frameHex holds a character other than 0-9, a-f and space";
  if (hex.length % 2 !== 0) return `frameHex has an odd number of hex digits (${hex.length})`;
  const b = new Uint8Array(hex.length / 2);
  for (let i = 0; i < b.length; i++) b[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return b;
}

function toHex(b: Uint8Array, from: number, to: number): string {
  let s = "";
  for (let i = from; i < to && i < b.length; i++) s += (b[i] < 16 ? "0" : "") + b[i].toString(16);
  return s;
}

/** "" when the buffer holds exactly the expected bytes, else where and how it differs. */
function bytesDiffer(got: Uint8Array, want: Uint8Array): string {
  let i = 0;
  while (i < got.length && i < want.length && got[i] === want[i]) i++;
  if (i === got.length && i === want.length) return "";
  if (got.length !== want.length && (i === got.length || i === want.length)) {
    return `frameHex: ${got.length} bytes, expected ${want.length}`;
  }
  return `frameHex differs from byte ${i}: expected ${toHex(want, i, i + 8)}…, got ${toHex(got, i, i + 8)}…`;
}

function matches(actual: unknown, expected: FrameScalar | string): boolean {
  // As engine.ts: an expected boolean also matches 1/0; an expected number wants a number.
  if (typeof expected === "boolean") return actual === expected || actual === (expected ? 1 : 0);
  if (typeof expected === "string") return actual === expected;
  return typeof actual === "number" && actual === expected;
}

type Fn = (...a: unknown[]) => unknown;

/** Runs one frame vector against the wire functions `frames` gives for its module. */
export function runFrameVector(vector: FrameVector, frames: FrameRegistry): FrameResult {
  const result: FrameResult = { name: vector.name, module: vector.module, handDerived: false, failures: [] };
  try {
    runFrames(vector, frames, result);
  } catch (e) {
    result.failures.push(`runner: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  }
  return result;
}

function runFrames(vector: FrameVector, frames: FrameRegistry, result: FrameResult): void {
  const fail = (msg: string) => result.failures.push(msg);
  result.handDerived = hasText(vector.derivation);
  for (const f of provenanceFailures(vector.source, vector.derivation)) fail(f);
  const steps = vector.steps;
  if (steps.length === 0) fail("no steps");
  else if (Object.keys(steps[steps.length - 1].expect ?? {}).length === 0) {
    fail(`step ${steps.length} (${steps[steps.length - 1].call}): the last step has no expect, so nothing checks it`);
  }
  if (!own(frames, vector.module)) {
    fail(`no wire functions of module ${vector.module} in this runner (frame vectors: reliability/dcp)`);
    return;
  }
  const wire = frames[vector.module];
  const fn = (name: string): Fn | undefined => typeof wire[name] === "function" ? (wire[name] as Fn) : undefined;
  const Packet = fn("DcpPacket") as unknown as (new () => { [k: string]: unknown }) | undefined;
  const Header = fn("DcpHeader") as unknown as (new () => { [k: string]: unknown }) | undefined;
  if (Packet === undefined || Header === undefined) {
    fail(`module ${vector.module} exports no DcpPacket or DcpHeader`);
    return;
  }
  const packet = new Packet();
  let buf: Uint8Array | undefined;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s];
    const where = `step ${s + 1} (${step.call})`;
    if (!own(CALLS, step.call)) {
      fail(`${where}: unknown call (one of ${Object.keys(CALLS).join(", ")})`);
      continue;
    }
    const names = CALLS[step.call];
    const args: unknown[] = [];
    let bad = "";
    for (const n of names) {
      if (!own(step.args, n)) bad = bad || `missing argument ${n}`;
      args.push(step.args[n]);
    }
    for (const k of Object.keys(step.args)) if (names.indexOf(k) < 0) bad = bad || `unknown argument ${k} (expected ${names.join(", ")})`;
    if (bad !== "") {
      fail(`${where}: ${bad}`);
      continue;
    }
    if (step.frameHex !== undefined) {
      const parsed = parseHex(step.frameHex);
      if (typeof parsed === "string") {
        fail(`${where}: ${parsed}`);
        buf = undefined;
        continue;
      }
      buf = parsed;
    }
    const usesBuffer = NO_BUFFER.indexOf(step.call) < 0;
    if (usesBuffer && buf === undefined) {
      fail(`${where}: no frame: give frameHex (this step's or an earlier one's)`);
      continue;
    }
    const emits = step.call === "emitData" || step.call === "emitAck";
    if (emits !== (step.header !== undefined)) {
      fail(`${where}: ${emits ? "emitData and emitAck need a header" : "only emitData and emitAck take a header"}`);
      continue;
    }
    if (usesBuffer) args.unshift(buf);
    if (emits) {
      const h = new Header();
      const fields = step.header as { [field: string]: number };
      for (const k of Object.keys(fields)) {
        if (!own(h, k) || typeof h[k] !== "number") bad = bad || `header: unknown field ${k} (DcpHeader's fields: ${Object.keys(h).join(", ")})`;
        else if (typeof fields[k] !== "number") bad = bad || `header: ${k} is not a number`;
        else h[k] = fields[k];
      }
      if (bad !== "") {
        fail(`${where}: ${bad}`);
        continue;
      }
      args.push(h);
    }
    let ret: unknown;
    if (step.call === "check") {
      (packet.wrap as Fn).call(packet, buf, args[1], args[2]);
      ret = (packet.check as Fn).call(packet);
    } else {
      const f = fn(step.call);
      if (f === undefined) {
        fail(`${where}: module ${vector.module} exports no function ${step.call}`);
        continue;
      }
      ret = f(...args);
    }
    const expect = step.expect ?? {};
    let refused = false;
    for (const key of Object.keys(expect)) {
      const want = expect[key];
      if (key === "frameHex") {
        const bytes = typeof want === "string" ? parseHex(want) : "expect.frameHex is not a string";
        if (typeof bytes === "string") fail(`${where}: expect ${bytes}`);
        else if (buf === undefined) fail(`${where}: frameHex: the call has no buffer`);
        else {
          const d = bytesDiffer(buf, bytes);
          if (d !== "") fail(`${where}: ${d}`);
        }
        continue;
      }
      let got: unknown;
      if (key === "return") got = ret;
      else if (step.call !== "check") {
        fail(`${where}: ${key}: only return and frameHex can be expected of ${step.call} (accessors and errors: a check step)`);
        continue;
      } else if (key === "errors") got = packet.errors;
      else if (ACCESSORS.indexOf(key) < 0 || typeof packet[key] !== "function") {
        fail(`${where}: ${key} is not a DcpPacket accessor (${ACCESSORS.join(", ")}) nor errors`);
        continue;
      } else if (typeof ret !== "number" || ret < 0) {
        // wire.ts: after check() succeeds no accessor reads outside the frame; before, nothing is
        // promised. Said once per step, however many accessors it names.
        if (!refused) fail(`${where}: ${key}: accessors are defined only after check succeeds (it returned ${String(ret)})`);
        refused = true;
        continue;
      } else got = (packet[key] as Fn).call(packet);
      if (!matches(got, want)) fail(`${where}: ${key} expected ${String(want)}, got ${String(got)}`);
    }
  }
}
