// htsim connection-matrix files (datacenter/connection_matrices/*.cm, notes/style-anchors.md
// §4): a header `Nodes N` and `Connections M`, then one connection per line,
// `src->dst start T size S` (T in µs, S in bytes), optionally followed by further key/value
// pairs. Dependencies as htsim's connection matrices write them (the collectives its
// generators emit): a connection may name `id N`, start on `trigger T` instead of at `start`,
// and activate a trigger when it is done sending (`send_done_trigger T`: everything
// acknowledged) or receiving (`recv_done_trigger T`: everything delivered); a `Triggers N`
// header and lines `trigger id T oneshot|multishot|barrier K` declare the triggers. A oneshot
// (and a multishot: a flow starts once) fires on its first activation, a barrier on its K-th.
// They become the flows' `after` / `afterAcked` / `needed`. Other keys (`priority`, …) are
// ignored. Blank lines and lines starting with `#` are ignored.

import type { FlowRecord } from "./traffic";

export interface ConnectionMatrix {
  nodes: number;
  flows: FlowRecord[];
}

/** Parses a .cm text. @throws Error naming the line for anything malformed. */
export function parseCm(text: string, name = "connection matrix"): ConnectionMatrix {
  let nodes = -1;
  let declared = -1;
  const flows: FlowRecord[] = [];
  const waits = new Map<number, number[]>(); // trigger → flows it starts
  const sendDone = new Map<number, number[]>(); // trigger → flows whose acknowledgement activates it
  const recvDone = new Map<number, number[]>();
  const barrier = new Map<number, number>(); // trigger → activations needed
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
    let m = /^Nodes\s+(\d+)$/i.exec(line);
    if (m) {
      nodes = Number(m[1]);
      continue;
    }
    m = /^Connections\s+(\d+)$/i.exec(line);
    if (m) {
      declared = Number(m[1]);
      continue;
    }
    if (/^Triggers\s+\d+$/i.test(line)) continue;
    m = /^trigger\s+id\s+(\d+)\s+(oneshot|multishot|barrier)(?:\s+(\d+))?$/i.exec(line);
    if (m) {
      const kind = m[2].toLowerCase();
      if (kind === "barrier" && m[3] === undefined) throw new Error(`${where}: a barrier trigger needs its count`);
      barrier.set(Number(m[1]), kind === "barrier" ? Number(m[3]) : 1);
      continue;
    }
    m = /^(\d+)\s*->\s*(\d+)((?:\s+\S+\s+\S+)*)$/.exec(line);
    if (!m) throw new Error(`${where}: expected "src->dst start T size S", got "${line}"`);
    const src = Number(m[1]);
    const dst = Number(m[2]);
    const kv = m[3].trim().split(/\s+/).filter((x) => x !== "");
    let start = 0;
    let size = -1;
    const index = flows.length;
    for (let k = 0; k + 1 < kv.length; k += 2) {
      const v = Number(kv[k + 1]);
      if (kv[k] === "start") start = v;
      else if (kv[k] === "size") size = v;
      else if (kv[k] === "trigger") push(waits, v, index);
      else if (kv[k] === "send_done_trigger") push(sendDone, v, index);
      else if (kv[k] === "recv_done_trigger") push(recvDone, v, index);
    }
    if (!(Number.isFinite(start) && start >= 0)) throw new Error(`${where}: start must be a non-negative number of µs`);
    if (!(Number.isInteger(size) && size > 0)) throw new Error(`${where}: size must be a positive integer number of bytes`);
    if (nodes >= 0 && (src >= nodes || dst >= nodes)) throw new Error(`${where}: node outside [0, ${nodes})`);
    flows.push({ src, dst, bytes: size, startNs: Math.round(start * 1000) });
  }
  if (nodes < 0) throw new Error(`${name}: missing "Nodes N" line`);
  if (declared >= 0 && declared !== flows.length) throw new Error(`${name}: "Connections ${declared}" but ${flows.length} connection lines`);
  for (const [t, targets] of waits) {
    const after = recvDone.get(t) ?? [];
    const afterAcked = sendDone.get(t) ?? [];
    const sources = after.length + afterAcked.length;
    const need = barrier.get(t) ?? 1;
    if (sources === 0) throw new Error(`${name}: trigger ${t} starts flows but no connection activates it`);
    if (need > sources) throw new Error(`${name}: barrier trigger ${t} needs ${need} activations, only ${sources} connections activate it`);
    for (const g of targets) {
      const f = flows[g];
      if (f.after || f.afterAcked) throw new Error(`${name}: connection ${g + 1} waits on two triggers`);
      if (after.length > 0) f.after = [...after];
      if (afterAcked.length > 0) f.afterAcked = [...afterAcked];
      if (need !== sources) f.needed = need;
    }
  }
  return { nodes, flows };
}

/** Writes a .cm text that parseCm reads back to the same flows. */
export function writeCm(cm: ConnectionMatrix): string {
  // One barrier trigger per waiting flow, activated by each of its dependencies.
  const recv = new Map<number, number[]>();
  const send = new Map<number, number[]>();
  const triggers: string[] = [];
  const waitOn = new Map<number, number>();
  cm.flows.forEach((f, i) => {
    const deps = (f.after?.length ?? 0) + (f.afterAcked?.length ?? 0);
    if (deps === 0) return;
    const t = triggers.length + 1;
    triggers.push(`trigger id ${t} barrier ${f.needed ?? deps}`);
    for (const d of f.after ?? []) recv.set(d, [...(recv.get(d) ?? []), t]);
    for (const d of f.afterAcked ?? []) send.set(d, [...(send.get(d) ?? []), t]);
    waitOn.set(i, t);
  });
  for (const [f, ts] of [...recv, ...send]) if (ts.length > 1) throw new Error(`writeCm: flow ${f} activates ${ts.length} triggers; .cm allows one of each kind`);
  const lines = [`Nodes ${cm.nodes}`, `Connections ${cm.flows.length}`];
  if (triggers.length > 0) lines.push(`Triggers ${triggers.length}`);
  cm.flows.forEach((f, i) => {
    let line = `${f.src}->${f.dst} id ${i + 1} start ${formatUs(f.startNs)} size ${f.bytes}`;
    if (waitOn.has(i)) line += ` trigger ${waitOn.get(i)}`;
    if (recv.has(i)) line += ` recv_done_trigger ${(recv.get(i) as number[])[0]}`;
    if (send.has(i)) line += ` send_done_trigger ${(send.get(i) as number[])[0]}`;
    lines.push(line);
  });
  return `${[...lines, ...triggers].join("\n")}\n`;
}

function formatUs(ns: number): string {
  const us = ns / 1000;
  return Number.isInteger(us) ? String(us) : String(Number(us.toFixed(3)));
}
