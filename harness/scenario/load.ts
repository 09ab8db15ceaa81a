// Reads a scenario (JSON or YAML), validates it against schema.ts and the cross-field rules
// below, and returns it or every error found, each naming the field path and what was expected.

import { readFileSync } from "node:fs";
import { type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { parse as parseYamlText } from "yaml";
import { CC_NAMES, LB_NAMES, RELIABILITY_NAMES } from "../net/registry";
import { FAULT_COMMON, FAULT_KEYS, foreignFields, TOPOLOGY_COMMON, TOPOLOGY_KEYS, TRAFFIC_COMMON, TRAFFIC_KEYS } from "./kinds";
import { type Scenario, ScenarioSchema } from "./schema";

export class ScenarioError extends Error {
  readonly errors: string[];
  constructor(source: string, errors: string[]) {
    super(`${source}: invalid scenario\n${errors.map((e) => `  ${e}`).join("\n")}`);
    this.errors = errors;
  }
}

/**
 * Whether an exception from building a scenario is a refusal of its configuration: the
 * ScenarioError this code raises, and the RangeError (lib/core/params ParamError among them) with
 * which lib/ and harness/ refuse a bad parameter. Everything else is a bug to surface with its
 * stack, not a field message: a TypeError or ReferenceError, a plain Error (lib/ and the fabric
 * raise those for broken invariants: a port used twice, a link not symmetric), a thrown non-Error.
 */
export function isRefusal(e: unknown): e is Error {
  return e instanceof ScenarioError || e instanceof RangeError;
}

const check = TypeCompiler.Compile(ScenarioSchema);

/**
 * "/traffic/0/bytes" → "traffic[0].bytes". A number is an index where the schema has a list
 * there, and a key of a map (tags) elsewhere: "/tags/2024" → "tags.2024".
 */
export function fieldPath(pointer: string): string {
  if (pointer === "" || pointer === "/") return "(scenario)";
  let out = "";
  let s: TSchema | undefined = ScenarioSchema;
  for (const part of pointer.split("/").slice(1)) {
    const p = part.replace(/~1/g, "/").replace(/~0/g, "~");
    const index = s !== undefined ? s.type === "array" : /^\d+$/.test(p);
    out += index ? `[${p}]` : out === "" ? p : `.${p}`;
    s = s === undefined ? undefined : childSchema(s, part);
  }
  return out;
}

/** The schema one pointer step down: a list's items, an object's property or a map's values. */
function rawChild(parent: TSchema, part: string): TSchema | undefined {
  if (parent.type === "array") return parent.items as TSchema;
  if (parent.type === "object") return (parent.properties as Record<string, TSchema> | undefined)?.[part] ?? mapValue(parent);
  return undefined;
}

/** rawChild, stepping into a union's object or list branch. */
function childSchema(parent: TSchema, part: string): TSchema | undefined {
  let s = rawChild(parent, part);
  if (s && s.anyOf && !s.anyOf.every((x: TSchema) => "const" in x)) s = s.anyOf.find((x: TSchema) => x.type === "object" || x.type === "array") ?? s;
  return s;
}

/** The sub-schema at a JSON pointer (for naming the allowed literals of a union). */
function schemaAt(pointer: string): TSchema | undefined {
  let s: TSchema | undefined = ScenarioSchema;
  for (const part of pointer.split("/").slice(1)) {
    if (!s) return undefined;
    s = childSchema(s, part);
  }
  return s;
}

/** The value schema of a map (Type.Record: one pattern property), or undefined. */
function mapValue(s: TSchema): TSchema | undefined {
  const patterns = s.patternProperties as Record<string, TSchema> | undefined;
  return patterns ? Object.values(patterns)[0] : undefined;
}

/** A value as the user wrote it: JSON, but ±Infinity and NaN by name (JSON.stringify gives null). */
function shown(value: unknown): string {
  return typeof value === "number" && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
}

/** What a schema takes, in words: "an integer ≥ 0", "a list of (an integer ≥ 0)", "\"rest\"". */
function expects(s: TSchema): string {
  if ("const" in s) return JSON.stringify(s.const);
  if (s.anyOf) return (s.anyOf as TSchema[]).map(expects).join(", or ");
  const lo = s.minimum ?? s.exclusiveMinimum;
  const bounds = lo !== undefined && s.maximum !== undefined ? ` in [${lo}, ${s.maximum}]` : lo !== undefined ? ` ${s.minimum !== undefined ? "≥" : ">"} ${lo}` : s.maximum !== undefined ? ` ≤ ${s.maximum}` : "";
  if (s.type === "integer") return `an integer${bounds}`;
  if (s.type === "number") return `a number${bounds}`;
  if (s.type === "array") return `a list of (${expects(s.items as TSchema)})`;
  if (s.type === "object") return "an object";
  return s.type === "boolean" ? "true or false" : `a ${String(s.type)}`;
}

function describe(pointer: string, message: string, value: unknown): string {
  const s = schemaAt(pointer);
  if (s?.anyOf && s.anyOf.every((x: TSchema) => "const" in x)) {
    return `expected one of ${s.anyOf.map((x: TSchema) => JSON.stringify(x.const)).join(", ")}, got ${shown(value)}`;
  }
  // A union of forms ("expected union value" alone names none): every form it takes.
  const whole = unionAt(pointer);
  if (whole && /union/i.test(message)) return `expected ${expects(whole)}, got ${shown(value)}`;
  const m = message.charAt(0).toLowerCase() + message.slice(1);
  return value === undefined ? m : `${m}, got ${shown(value)}`;
}

/** The union at `pointer` itself (schemaAt steps into its object or list branch). */
function unionAt(pointer: string): TSchema | undefined {
  const parts = pointer.split("/").slice(1);
  const last = parts.pop();
  const parent = schemaAt(parts.length === 0 ? "" : `/${parts.join("/")}`);
  const s = parent && last !== undefined ? rawChild(parent, last) : undefined;
  return s?.anyOf ? s : undefined;
}

/**
 * The yaml package's parse. The CLI bundle carries yaml (tsup.config.ts): loading it from
 * node_modules took ~30 ms of a run's start-up, resolving and compiling its 74 files.
 */
function parseYaml(text: string): unknown {
  // Merge keys (`<<: *base`, YAML 1.1's, which 1.2's core schema dropped): a scenario's entries
  // share settings through them; without, `<<` read as a field and was refused (audit, 2026-12-07).
  return parseYamlText(text, { merge: true }) as unknown;
}

/** Parses JSON or YAML text (by file name, else by content). */
export function parseScenarioText(text: string, name: string): unknown {
  const json = name.endsWith(".json") || (!/\.ya?ml$/.test(name) && text.trimStart().startsWith("{"));
  try {
    return json ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new ScenarioError(name, [`(file): not valid ${json ? "JSON" : "YAML"}: ${(e as Error).message.split("\n")[0]}`]);
  }
}

/** Validates a parsed document; throws ScenarioError listing every problem. */
export function validateScenario(doc: unknown, name = "scenario"): Scenario {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const e of check.Errors(doc)) {
    const key = `${e.path}|${e.message}`;
    // A union reports each branch; one line per path is enough.
    if (seen.has(e.path)) continue;
    seen.add(key);
    seen.add(e.path);
    // A missing field: TypeBox reports "Expected required property" and then the type it wanted.
    const text = e.value === undefined ? (/required property/i.test(e.message) ? "required" : `required (${describe(e.path, e.message, undefined)})`) : describe(e.path, e.message, e.value);
    errors.push(`${fieldPath(e.path)}: ${text}`);
  }
  if (errors.length > 0) throw new ScenarioError(name, errors);
  const s = doc as Scenario;
  crossCheck(s, errors);
  if (errors.length > 0) throw new ScenarioError(name, errors);
  return s;
}

function need(errors: string[], ok: boolean, path: string, what: string): void {
  if (!ok) errors.push(`${path}: ${what}`);
}

function crossCheck(s: Scenario, errors: string[]): void {
  const t = s.topology;
  const req = (field: keyof typeof t, kind: string) => need(errors, t[field] !== undefined, `topology.${String(field)}`, `required for a ${kind} topology`);
  errors.push(...foreignFields(t, t.kind, "topology", "", TOPOLOGY_COMMON, TOPOLOGY_KEYS));
  switch (t.kind) {
    case "fattree":
      req("k", "fattree");
      need(errors, t.k === undefined || t.k % 2 === 0, "topology.k", `expected an even number, got ${t.k}`);
      need(errors, t.pods === undefined || (t.tiers ?? 3) === 3, "topology.pods", "only for a 3-tier fat tree");
      need(errors, t.pods === undefined || t.k === undefined || t.pods <= t.k, "topology.pods", `at most k (${t.k})`);
      break;
    case "leafspine":
      req("leaves", "leafspine");
      req("spines", "leafspine");
      req("hostsPerLeaf", "leafspine");
      break;
    case "dragonfly":
      req("p", "dragonfly");
      req("a", "dragonfly");
      req("h", "dragonfly");
      break;
    case "slimfly":
      req("q", "slimfly");
      req("p", "slimfly");
      break;
    case "twodc":
      break;
  }
  const n = s.network ?? {};
  ecnFractions(n, errors);
  const mtu = n.mtuBytes ?? 4150;
  const mtuNamed = `network.mtuBytes (${mtu}${n.mtuBytes === undefined ? ", its default" : ""})`;
  // A data packet carries mtuBytes − headerBytes of payload: none at all when the header fills it.
  need(errors, (n.headerBytes ?? 64) < mtu, "network.headerBytes", `must be smaller than ${mtuNamed}, got ${n.headerBytes}`);
  // ACKs, NACKs and CNPs go out at ackBytes (net/fabric.ts) through the same switch queues as data,
  // and PortQueues.onEnqueue refuses any packet above its mtuBytes (lib/switch/queue: 1 ≤ bytes ≤
  // MTU, E_ARG): the first ACK then stopped the run with "PortQueues refused packet", naming no field.
  need(errors, (n.ackBytes ?? 64) <= mtu, "network.ackBytes", `must not exceed ${mtuNamed}: every switch queue refuses a packet larger than the MTU; give ackBytes of at most ${mtu} or a larger mtuBytes, got ${n.ackBytes}`);
  trimmingAgrees(n, errors);
  need(errors, !(n.bufferBdp !== undefined && n.bufferBytes !== undefined), "network.bufferBytes", "give bufferBdp or bufferBytes, not both");
  // The fabric assigns one shared buffer per switch; a pool setting in queue would bypass that.
  for (const k of ["pools", "poolBytes", "poolRule", "poolAlphaLog2"]) {
    need(errors, n.queue === undefined || !(k in n.queue), `network.queue.${k}`, "shared switch buffers are set with network.switchBuffer");
  }
  // Under PFC a switch's buffer decides when to pause (lib/switch PfcShared: XOFF from the free
  // shared space, reserve and headroom set aside), so static thresholds would contradict it.
  for (const k of ["xoffBytes", "xonBytes"]) {
    need(errors, n.switchBuffer === undefined || n.pfc === undefined || !(k in n.pfc), `network.pfc.${k}`, "not with network.switchBuffer: XOFF then follows the switch's free shared buffer (switchBuffer.rule, alphaLog2) and XON is pfc.resumeOffsetBytes below it");
  }
  for (const k of ["reserveBytes", "resumeOffsetBytes"]) {
    need(errors, n.pfc === undefined || !(k in n.pfc) || n.switchBuffer !== undefined, `network.pfc.${k}`, "only with network.switchBuffer (a static XOFF has no reserve or offset)");
  }
  need(errors, (n.switchBuffer?.bytes ?? Infinity) >= (n.mtuBytes ?? 4150), "network.switchBuffer.bytes", `must hold one full packet (network.mtuBytes ${n.mtuBytes ?? 4150}), got ${n.switchBuffer?.bytes}`);
  need(errors, (n.bufferBytes ?? Infinity) >= (n.mtuBytes ?? 4150), "network.bufferBytes", `must hold one full packet (network.mtuBytes ${n.mtuBytes ?? 4150}), got ${n.bufferBytes}`);
  // A receive buffer smaller than a packet takes none: nothing is ever delivered (audit 2026-12-07: 0 of 1 flows in 2 ms).
  need(errors, (n.rxBufferBytes ?? Infinity) >= (n.mtuBytes ?? 4150), "network.rxBufferBytes", `must hold one full packet (network.mtuBytes ${n.mtuBytes ?? 4150}), got ${n.rxBufferBytes}`);
  const tr = s.transport ?? {};
  const known = (ref: { name: string } | undefined, names: readonly string[], path: string) => {
    if (ref) need(errors, names.indexOf(ref.name) >= 0, `${path}.name`, `expected one of ${names.map((x) => JSON.stringify(x)).join(", ")}, got ${JSON.stringify(ref.name)}`);
  };
  known(tr.cc, CC_NAMES, "transport.cc");
  known(tr.lb, LB_NAMES, "transport.lb");
  known(tr.reliability, RELIABILITY_NAMES, "transport.reliability");
  s.traffic.forEach((x, i) => {
    const p = `traffic[${i}]`;
    known(x.cc, CC_NAMES, `${p}.cc`);
    known(x.lb, LB_NAMES, `${p}.lb`);
    // Contradictory pairs are refused as bufferBdp / bufferBytes are (audit, 2026-12-07: senderList won unsaid).
    need(errors, x.senders === undefined || x.senderList === undefined, `${p}.senderList`, "give senders or senderList, not both");
    need(errors, x.senderList === undefined || x.senderList.length > 0, `${p}.senderList`, "needs at least one sender");
    need(errors, (x.rxBufferBytes ?? Infinity) >= (n.mtuBytes ?? 4150), `${p}.rxBufferBytes`, `must hold one full packet (network.mtuBytes ${n.mtuBytes ?? 4150}), got ${x.rxBufferBytes}`);
    // bytesList gives every sender's size in place of bytes (sender i: bytesList[i mod its length]).
    need(errors, x.bytes === undefined || x.bytesList === undefined, `${p}.bytesList`, "give bytes or bytesList, not both");
    if (x.kind === "incast") {
      need(errors, x.bytes !== undefined || x.bytesList !== undefined, `${p}.bytes`, "required for incast traffic (or bytesList)");
      need(errors, x.senders !== undefined || x.senderList !== undefined, `${p}.senders`, "required for incast traffic (or senderList)");
    } else if (x.kind === "put") {
      need(errors, x.bytes !== undefined || x.bytesList !== undefined, `${p}.bytes`, "required for put traffic (or bytesList)");
      need(errors, x.senders !== undefined || x.senderList !== undefined, `${p}.senders`, "required for put traffic (or senderList)");
      need(errors, x.rxFraction !== undefined, `${p}.rxFraction`, "required for put traffic (the receiver's processing rate as a fraction of its link, DACK §III)");
    } else if (x.kind === "permutation" || x.kind === "tornado" || x.kind === "alltoall" || x.kind === "allreduce" || x.kind === "adversarial") {
      need(errors, x.bytes !== undefined, `${p}.bytes`, `required for ${x.kind} traffic`);
    } else if (x.kind === "cdf") {
      need(errors, x.load !== undefined, `${p}.load`, "required for cdf traffic (offered load per host, fraction of its link)");
      need(errors, x.durationUs !== undefined, `${p}.durationUs`, "required for cdf traffic (how long flows keep arriving)");
      const given = (["cdf", "cdfPoints", "cdfFile"] as const).filter((k) => x[k] !== undefined);
      need(errors, given.length <= 1, `${p}.${given[given.length - 1]}`, `give one of cdf, cdfPoints and cdfFile, not ${given.join(" and ")}`);
    } else if (x.kind === "matrix") {
      need(errors, x.file !== undefined || x.text !== undefined, `${p}.file`, "required for matrix traffic (an htsim .cm file)");
      need(errors, x.file === undefined || x.text === undefined, `${p}.text`, "give file or text, not both");
    } else if (x.kind === "flows") {
      need(errors, x.flows !== undefined && x.flows.length > 0, `${p}.flows`, "required for flows traffic (a non-empty list)");
    }
    errors.push(...foreignFields(x, x.kind, p, " traffic", TRAFFIC_COMMON, TRAFFIC_KEYS));
  });
  (s.faults ?? []).forEach((x, i) => {
    errors.push(...foreignFields(x, x.kind, `faults[${i}]`, " faults", FAULT_COMMON, FAULT_KEYS));
    need(errors, x.random?.fraction === undefined || x.random?.count === undefined, `faults[${i}].random.count`, "give fraction or count, not both");
    (x.links ?? []).forEach((r, j) => oneForm(r, LINK_FORMS, `faults[${i}].links[${j}]`, errors));
  });
  (s.metrics?.sample?.ports ?? []).forEach((r, j) => oneForm(r, PORT_FORMS, `metrics.sample.ports[${j}]`, errors));
}

/** uet-htsim main_uec's Kmin and Kmax, ⌈0.2 / 0.8 × bdp_pkts⌉ (UEC 1.0 §3.6.17's fractions): build.ts's defaults. */
const ECN_MIN_FRACTION_DEFAULT = 0.2;
const ECN_MAX_FRACTION_DEFAULT = 0.8;

/** RED needs kMin ≤ kMax; a user who gave one fraction is told the other's default and both fixes. */
function ecnFractions(n: NonNullable<Scenario["network"]>, errors: string[]): void {
  const min = n.ecnMinFraction ?? ECN_MIN_FRACTION_DEFAULT;
  const max = n.ecnMaxFraction ?? ECN_MAX_FRACTION_DEFAULT;
  if (min <= max) return;
  if (n.ecnMinFraction === undefined) {
    errors.push(`network.ecnMaxFraction: ${max} is below network.ecnMinFraction, ${min} by default: give ecnMinFraction too, at most ${max}, or an ecnMaxFraction of at least ${min}`);
  } else if (n.ecnMaxFraction === undefined) {
    errors.push(`network.ecnMinFraction: ${min} is above network.ecnMaxFraction, ${max} by default: give ecnMaxFraction too, at least ${min}, or an ecnMinFraction of at most ${max}`);
  } else {
    errors.push(`network.ecnMinFraction: ${min} must not exceed network.ecnMaxFraction (${max})`);
  }
}

/**
 * network.trimming sets what a trimming fabric is built with (1-BDP queues instead of 5, uet-htsim
 * §2; NSCC's trimming parameters; derived.trimming); network.queue.trimming, spread over the
 * queue parameters last, sets whether the switches trim. Disagreeing, they ran a 1-BDP fabric
 * that dropped every overflow (404 drops, 0 trims) or a 5-BDP one that trimmed (159 trims), with
 * no word (review rev-scenario). lib/switch/queue: trimming is "off", "arriving" or
 * "arriving-or-newest"; another value is PortQueues' to refuse.
 */
function trimmingAgrees(n: NonNullable<Scenario["network"]>, errors: string[]): void {
  const q = n.queue?.trimming;
  if (q !== "off" && q !== "arriving" && q !== "arriving-or-newest") return;
  // build.ts: trimming unless network.pfc makes the fabric lossless.
  const trimming = n.trimming ?? n.pfc === undefined;
  if ((q !== "off") === trimming) return;
  const says = n.trimming !== undefined ? `network.trimming: ${n.trimming}` : `network.trimming (${trimming} by default ${n.pfc === undefined ? "without" : "with"} network.pfc)`;
  const fix = trimming
    ? 'for switches that drop, set network.trimming: false (network.queue.trimming "off" may stay); to trim, leave network.queue.trimming out or give "arriving" or "arriving-or-newest"'
    : 'to trim, set network.trimming: true (network.queue.trimming "arriving" or "arriving-or-newest" then picks which packet); for switches that drop, leave network.queue.trimming out or give "off"';
  errors.push(`network.queue.trimming: ${JSON.stringify(q)} contradicts ${says}, which sets the buffers (1 BDP with trimming, 5 without), NSCC's trimming settings and derived.trimming: ${fix}`);
}

/** A link or port is named one way; a reference in two ways used the first its resolver tried and dropped the other (faults.ts linkPort, portOf). */
const LINK_FORMS = [["switch", "port"], ["host"], ["id"]] as const;
const PORT_FORMS = [["to"], ["from"], ["switch", "port"], ["id"]] as const;

function oneForm(ref: Record<string, unknown>, forms: readonly (readonly string[])[], path: string, errors: string[]): void {
  const shape = (f: readonly string[]) => `{ ${f.join(", ")} }`;
  const given = forms.filter((f) => f.some((k) => ref[k] !== undefined));
  const all = forms.map(shape);
  if (given.length > 1) errors.push(`${path}: give one of ${all.slice(0, -1).join(", ")} or ${all[all.length - 1]}, not ${given.map(shape).join(" and ")} together`);
}

/** Reads and validates a scenario file. */
export function loadScenario(path: string): Scenario {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new ScenarioError(path, [`(file): cannot read: ${(e as Error).message}`]);
  }
  return validateScenario(parseScenarioText(text, path), path);
}
