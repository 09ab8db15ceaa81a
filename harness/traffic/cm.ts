// htsim connection-matrix files (datacenter/connection_matrices/*.cm, notes/style-anchors.md
// §4), read as htsim's ConnectionMatrix::load (connection_matrix.cpp) reads them: space-separated
// tokens; headers `Nodes N`, `Connections M`, `Triggers T`, `Failures F`; one connection a line,
// `src->dst` then key/value pairs `id I`, `start T` (µs here, see below), `size S` (bytes),
// `trigger T` (start when trigger T fires, instead of at `start`), `send_done_trigger T` (activate
// T when everything is acknowledged), `recv_done_trigger T` (when everything is delivered) and
// `prio P` (read and ignored: the fabric has no flow priorities); one trigger a line, key/value
// tokens in any order: `trigger id T oneshot|multishot|barrier [count K]`. An unknown token is an
// error, as in htsim. Blank lines and lines starting with `#` are skipped.
//
// Trigger semantics (sim/trigger.cpp), as the flows' `after` / `afterAcked` / `needed`:
//   oneshot (SingleShotTrigger::activate): the first activation starts every target;
//   multishot (MultiShotTrigger::activate): each activation starts the next target, in the order
//     the targets were added, which is file order (main_uec.cpp / main_eqds.cpp add them while
//     walking the connections): the j-th target (0-based) starts at the (j+1)-th activation.
//     htsim ignores activations past the last target ("Noone left to activate") and never starts
//     a target past the number of activations; such a file is refused here. One that only
//     acknowledgements activate becomes the flows' `activates` / `onTrigger` (the fabric's
//     multishot: one id per trigger, from 0, in file order), the rest dependency lists;
//   barrier (BarrierTrigger): `count K` activations start every target.
// Where htsim is stricter, this reader is lenient and says what it does: a trigger a connection
// names but no line declares is a oneshot (htsim: "referenced but not specified"); a connection
// may give both `start` and `trigger` and starts at the later of the two (htsim: "both start time
// and trigger specified"); a connection with neither starts at 0; a barrier may activate more
// times than its count and a oneshot more than once, the extra activations doing nothing (htsim
// asserts); a barrier's count may follow `barrier` directly (`barrier K`, this reader's old form,
// one token of look-ahead).
//
// Not read: htsim's link failures (`Failures N` with N > 0, `failure switch_type AGG switch_id S
// link_id L`: FatTreeTopology::add_failed_link removes the L-th uplink of aggregation switch S
// for the whole run) are refused naming the line; the scenario's `faults` express them
// (`{ kind: down, links: [...] }`) on any topology.
//
// Start times: htsim has two units for `start`. Its ConnectionMatrix::save writes µs (timeAsUs)
// and its older fscanf loader read µs (timeFromUs); its current loader stores the number as
// picoseconds ("start is in picoseconds already") and its generators write µs × 10^6
// (gen_permutation.py, gen_incast.py). This reader takes `startUnit` ("us", the default, as
// writeCm writes; "ps" for a file from those generators): read in the wrong unit a start is
// 10^6 times off.

import { type FlowRecord, MAX_FLOW_BYTES } from "./traffic";

export interface ConnectionMatrix {
  nodes: number;
  flows: FlowRecord[];
}

/** The unit of a connection's `start`: µs (htsim's save, writeCm) or ps (htsim's generators and current loader). */
export type CmStartUnit = "us" | "ps";

type TriggerKind = "oneshot" | "multishot" | "barrier";

interface TriggerSpec {
  kind: TriggerKind;
  /** Activations a barrier needs (0 for the others). */
  count: number;
  where: string;
}

/** Parses a .cm text. @throws Error naming the line for anything malformed. */
export function parseCm(text: string, name = "connection matrix", startUnit: CmStartUnit = "us"): ConnectionMatrix {
  const nsPerStartUnit = startUnit === "ps" ? 1e-3 : 1000;
  let nodes = -1;
  let declared = -1;
  let declaredTriggers = -1;
  let triggerLines = 0;
  let failuresWhere = "";
  const flows: FlowRecord[] = [];
  const lineOf: string[] = []; // flow → its `name:line`
  const waits = new Map<number, number[]>(); // trigger → flows it starts, in file order
  const sendDone = new Map<number, number[]>(); // trigger → flows whose ack activates it
  const recvDone = new Map<number, number[]>();
  const specs = new Map<number, TriggerSpec>();
  const push = (m: Map<number, number[]>, k: number, v: number) => {
    const l = m.get(k);
    if (l) l.push(v);
    else m.set(k, [v]);
  };
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "" || line.startsWith("#")) continue;
    const where = `${name}:${i + 1}`;
    const header = /^(Nodes|Connections|Triggers|Failures)\s+(\d+)$/i.exec(line);
    if (header) {
      const n = Number(header[2]);
      const key = header[1].toLowerCase();
      if (key === "nodes") nodes = n;
      else if (key === "connections") declared = n;
      else if (key === "triggers") declaredTriggers = n;
      else if (n > 0) failuresWhere = where;
      continue;
    }
    const tokens = line.split(/\s+/);
    if (tokens[0] === "failure") throw new Error(failureRefusal(where, line));
    if (tokens[0] === "trigger") {
      const t = parseTrigger(tokens, where);
      if (specs.has(t.id)) throw new Error(`${where}: trigger ${t.id} declared twice`);
      specs.set(t.id, t.spec);
      triggerLines++;
      continue;
    }
    const m = /^(\d+)\s*->\s*(\d+)(.*)$/.exec(line);
    if (!m) throw new Error(`${where}: expected "src->dst start T size S", got "${line}"`);
    const src = Number(m[1]);
    const dst = Number(m[2]);
    const kv = m[3].trim().split(/\s+/).filter((x) => x !== "");
    let start = 0;
    let size = -1;
    const index = flows.length;
    for (let k = 0; k < kv.length; k += 2) {
      const key = kv[k];
      if (!CONNECTION_KEYS.includes(key)) {
        throw new Error(`${where}: unknown token "${key}" (${CONNECTION_KEYS.join(", ")})`);
      }
      if (k + 1 >= kv.length) throw new Error(`${where}: "${key}" needs a value`);
      const v = Number(kv[k + 1]);
      if (key === "start") start = v;
      else if (key === "size") size = v;
      else if (key === "prio") {
        if (!Number.isInteger(v)) throw new Error(`${where}: prio must be an integer`);
      } else if (!(Number.isInteger(v) && v > 0)) {
        // htsim refuses flow id 0 and trigger id 0.
        throw new Error(`${where}: ${key} must be an integer ≥ 1`);
      } else if (key !== "id") {
        const to = key === "trigger" ? waits : key === "send_done_trigger" ? sendDone : recvDone;
        push(to, v, index);
      }
    }
    if (!(Number.isFinite(start) && start >= 0)) {
      throw new Error(`${where}: start must be a non-negative number of µs`);
    }
    if (!(Number.isInteger(size) && size > 0 && size <= MAX_FLOW_BYTES)) {
      throw new Error(`${where}: size must be an integer number of bytes in [1, ${MAX_FLOW_BYTES}] (as flows[].bytes)`);
    }
    if (nodes >= 0 && (src >= nodes || dst >= nodes)) {
      throw new Error(`${where}: node outside [0, ${nodes})`);
    }
    if (src === dst) throw new Error(`${where}: node ${src} sends to itself`);
    flows.push({ src, dst, bytes: size, startNs: Math.round(start * nsPerStartUnit) });
    lineOf.push(where);
  }
  if (nodes < 0) throw new Error(`${name}: missing "Nodes N" line`);
  // A "Nodes N" line after connections: those before it are checked here, by their lines.
  flows.forEach((f, i) => {
    if (f.src >= nodes || f.dst >= nodes) throw new Error(`${lineOf[i]}: node outside [0, ${nodes})`);
  });
  if (failuresWhere !== "") throw new Error(failureRefusal(failuresWhere, "Failures"));
  if (declared >= 0 && declared !== flows.length) {
    throw new Error(`${name}: "Connections ${declared}" but ${flows.length} connection lines`);
  }
  if (declaredTriggers >= 0 && declaredTriggers !== triggerLines) {
    throw new Error(`${name}: "Triggers ${declaredTriggers}" but ${triggerLines} trigger lines`);
  }
  let multishots = 0;
  for (const [t, targets] of waits) {
    const after = recvDone.get(t) ?? [];
    const afterAcked = sendDone.get(t) ?? [];
    const sources = after.length + afterAcked.length;
    const spec = specs.get(t) ?? { kind: "oneshot", count: 0, where: name };
    if (sources === 0) {
      throw new Error(`${name}: trigger ${t} starts flows but no connection activates it`);
    }
    if (spec.kind === "barrier" && spec.count > sources) {
      throw new Error(
        `${spec.where}: barrier trigger ${t} needs ${spec.count} activations, ` +
          `only ${sources} connections activate it`,
      );
    }
    if (spec.kind === "multishot" && targets.length > sources) {
      // MultiShotTrigger::activate starts one target per activation: the rest would never start.
      throw new Error(
        `${spec.where}: multishot trigger ${t} starts ${targets.length} connections, one per ` +
          `activation, but only ${sources} connections activate it ` +
          `(${lineOf[targets[sources]]} would never start)`,
      );
    }
    const activating = new Set(afterAcked);
    if (spec.kind === "multishot" && after.length === 0 && ownTrigger(afterAcked, activating, flows)) {
      // The fabric's own multishot (FlowRecord.activates / onTrigger): the same starts as the
      // lists below, which give the j-th target all the trigger's sources, O(targets × sources)
      // (a windowed all-to-all of n hosts: n³ entries).
      const id = multishots++;
      for (const d of afterAcked) flows[d].activates = id;
      targets.forEach((g, j) => {
        const f = flows[g];
        if (f.after || f.afterAcked || f.onTrigger !== undefined) throw new Error(`${lineOf[g]}: waits on two triggers`);
        // Its own activation cannot come before it starts, so it waits for j + 1 of the others.
        const others = sources - (activating.has(g) ? 1 : 0);
        if (j + 1 > others) throw new Error(`${lineOf[g]}: waits for ${j + 1} activations of trigger ${t}, which only ${others} other connections give`);
        f.onTrigger = id;
      });
      continue;
    }
    targets.forEach((g, j) => {
      const f = flows[g];
      if (f.after || f.afterAcked || f.onTrigger !== undefined) throw new Error(`${lineOf[g]}: waits on two triggers`);
      const need = spec.kind === "barrier" ? spec.count : spec.kind === "multishot" ? j + 1 : 1;
      // A connection that activates the trigger it waits on (a sender's windowed flows on one
      // multishot) cannot activate it before it starts: its own activation is not one it waits for.
      const mine = after.filter((d) => d !== g);
      const mineAcked = afterAcked.filter((d) => d !== g);
      const others = mine.length + mineAcked.length;
      if (need > others) throw new Error(`${lineOf[g]}: waits for ${need} activations of trigger ${t}, which only ${others} other connections give`);
      if (mine.length > 0) f.after = mine;
      if (mineAcked.length > 0) f.afterAcked = mineAcked;
      if (need !== others) f.needed = need;
    });
  }
  return { nodes, flows };
}

/**
 * Whether a multishot's activating connections can carry it as FlowRecord.activates: each named
 * once and activating no other multishot so far (a FlowRecord activates one; htsim connections
 * name one send_done_trigger, but a line may repeat the key).
 */
function ownTrigger(activating: readonly number[], distinct: ReadonlySet<number>, flows: readonly FlowRecord[]): boolean {
  return distinct.size === activating.length && activating.every((d) => flows[d].activates === undefined);
}

const CONNECTION_KEYS = [
  "start",
  "size",
  "id",
  "trigger",
  "send_done_trigger",
  "recv_done_trigger",
  "prio",
];

function failureRefusal(where: string, what: string): string {
  return (
    `${where}: "${what}": htsim's link failures are not read from a connection matrix; ` +
    `give them as the scenario's faults ({ kind: down, links: [...] })`
  );
}

/** A trigger line's tokens, in any order (connection_matrix.cpp: id, count, and one type). */
function parseTrigger(tokens: string[], where: string): { id: number; spec: TriggerSpec } {
  let id = 0;
  let kind: TriggerKind | null = null;
  let count = -1;
  const intAt = (k: number, key: string): number => {
    const v = Number(tokens[k]);
    if (!(k < tokens.length && Number.isInteger(v) && v >= 0)) {
      throw new Error(`${where}: "${key}" needs a non-negative integer`);
    }
    return v;
  };
  for (let k = 1; k < tokens.length; k++) {
    const tok = tokens[k];
    if (tok === "id") {
      id = intAt(++k, "id");
      if (id === 0) throw new Error(`${where}: trigger id 0 is not allowed`);
    } else if (tok === "count") {
      if (count >= 0) throw new Error(`${where}: count given twice`);
      count = intAt(++k, "count");
    } else if (tok === "oneshot" || tok === "multishot" || tok === "barrier") {
      if (kind !== null) throw new Error(`${where}: a trigger with two types (${kind}, ${tok})`);
      kind = tok;
      // This reader's old form, `barrier K`: a bare integer right after the type.
      if (tok === "barrier" && /^\d+$/.test(tokens[k + 1] ?? "")) {
        if (count >= 0) throw new Error(`${where}: count given twice`);
        count = intAt(++k, "barrier");
      }
    } else {
      throw new Error(`${where}: unknown token "${tok}" (id, count, oneshot, multishot, barrier)`);
    }
  }
  if (id === 0) throw new Error(`${where}: a trigger with no id`);
  if (kind === null) throw new Error(`${where}: a trigger with no type (oneshot, multishot…)`);
  // A BarrierTrigger of count 0 asserts at its first activation.
  if (kind === "barrier" && count < 1) throw new Error(`${where}: a barrier needs count K ≥ 1`);
  if (kind !== "barrier" && count >= 0) throw new Error(`${where}: only a barrier takes a count`);
  return { id, spec: { kind, count: kind === "barrier" ? count : 0, where } };
}

/**
 * Writes a .cm text in htsim's grammar that parseCm reads back to the same flows (dependency
 * lists in ascending order). Flows waiting on the same dependencies share one trigger, since
 * an htsim connection activates at most one trigger of each kind: a oneshot for a single
 * dependency (as htsim's generators write it: gen_allreduce.py, gen_serial_alltoall.py), a
 * barrier `count K` when every such flow needs all K, a multishot when the j-th of them (file
 * order) needs j + 1; a flow's own multishot trigger (FlowRecord.activates / onTrigger) as a
 * multishot. parseCm reads a multishot that acknowledgements activate back as `activates` /
 * `onTrigger`, whichever form it was written from (the same starts). A
 * waiting flow gets no `start` (htsim refuses both). @throws Error for
 * what htsim's grammar cannot say: a waiting flow that starts after 0, other `needed` counts,
 * a flow activating two triggers of one kind. Starts in µs (htsim's ConnectionMatrix::save), or
 * in ps with `startUnit` "ps" (its generators and current loader).
 */
export function writeCm(cm: ConnectionMatrix, startUnit: CmStartUnit = "us"): string {
  const groups = new Map<string, number[]>(); // dependency sets → the flows waiting on them
  cm.flows.forEach((f, i) => {
    const after = [...(f.after ?? [])].sort((a, b) => a - b);
    const acked = [...(f.afterAcked ?? [])].sort((a, b) => a - b);
    if (after.length + acked.length === 0) return;
    if (f.startNs !== 0) {
      throw new Error(
        `writeCm: flow ${i} waits for other flows and starts at ${f.startNs} ns; ` +
          `htsim refuses a connection with both a start time and a trigger`,
      );
    }
    const key = `${after.join(",")}|${acked.join(",")}`;
    const g = groups.get(key);
    if (g) g.push(i);
    else groups.set(key, [i]);
  });
  const recv = new Map<number, number>();
  const send = new Map<number, number>();
  const waitOn = new Map<number, number>();
  const triggers: string[] = [];
  const activates = (m: Map<number, number>, d: number, t: number) => {
    if (m.has(d)) {
      throw new Error(
        `writeCm: flow ${d} activates two triggers of one kind; an htsim connection has one ` +
          `send_done_trigger and one recv_done_trigger`,
      );
    }
    m.set(d, t);
  };
  for (const targets of groups.values()) {
    const f0 = cm.flows[targets[0]];
    const deps = (f0.after?.length ?? 0) + (f0.afterAcked?.length ?? 0);
    const needs = targets.map((i) => cm.flows[i].needed ?? deps);
    const t = triggers.length + 1;
    if (deps === 1 && needs.every((n) => n === 1)) triggers.push(`trigger id ${t} oneshot`);
    else if (needs.every((n) => n === deps)) triggers.push(`trigger id ${t} barrier count ${deps}`);
    else if (needs.every((n, j) => n === j + 1) && targets.length <= deps) {
      triggers.push(`trigger id ${t} multishot`);
    } else {
      throw new Error(
        `writeCm: flows ${targets.join(", ")} wait on the same ${deps} flows needing ` +
          `${needs.join(", ")} of them; htsim's triggers start every flow on the first ` +
          `(oneshot) or on all (barrier), or the j-th flow on the (j+1)-th (multishot)`,
      );
    }
    for (const d of f0.after ?? []) activates(recv, d, t);
    for (const d of f0.afterAcked ?? []) activates(send, d, t);
    for (const i of targets) waitOn.set(i, t);
  }
  // The flows' own multishot triggers (FlowRecord.activates / onTrigger), one htsim multishot each.
  const own = new Map<number, number>();
  const multishot = (id: number) => {
    if (!own.has(id)) {
      own.set(id, triggers.length + 1);
      triggers.push(`trigger id ${triggers.length + 1} multishot`);
    }
    return own.get(id) as number;
  };
  cm.flows.forEach((f, i) => {
    if (f.activates !== undefined) activates(send, i, multishot(f.activates));
    if (f.onTrigger === undefined) return;
    if (waitOn.has(i)) throw new Error(`writeCm: flow ${i} waits on other flows and on a multishot trigger; an htsim connection waits on one trigger`);
    if (f.startNs !== 0) throw new Error(`writeCm: flow ${i} waits on a trigger and starts at ${f.startNs} ns; htsim refuses a connection with both`);
    waitOn.set(i, multishot(f.onTrigger));
  });
  const lines = [`Nodes ${cm.nodes}`, `Connections ${cm.flows.length}`];
  if (triggers.length > 0) lines.push(`Triggers ${triggers.length}`);
  cm.flows.forEach((f, i) => {
    const when = waitOn.has(i) ? `trigger ${waitOn.get(i)}` : `start ${startUnit === "ps" ? String(f.startNs * 1000) : formatUs(f.startNs)}`;
    let line = `${f.src}->${f.dst} id ${i + 1} ${when} size ${f.bytes}`;
    if (recv.has(i)) line += ` recv_done_trigger ${recv.get(i)}`;
    if (send.has(i)) line += ` send_done_trigger ${send.get(i)}`;
    lines.push(line);
  });
  return `${[...lines, ...triggers].join("\n")}\n`;
}

function formatUs(ns: number): string {
  const us = ns / 1000;
  return Number.isInteger(us) ? String(us) : String(Number(us.toFixed(3)));
}
