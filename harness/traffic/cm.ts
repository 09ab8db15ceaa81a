// htsim connection-matrix files (datacenter/connection_matrices/*.cm, notes/style-anchors.md
// §4): a header `Nodes N` and `Connections M`, then one connection per line,
// `src->dst start T size S` (T in µs, S in bytes), optionally followed by further key/value
// pairs htsim knows (`id`, `send_done_trigger`, …), which are kept but not interpreted here.
// Blank lines and lines starting with `#` are ignored.

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
    m = /^(\d+)\s*->\s*(\d+)((?:\s+\S+\s+\S+)*)$/.exec(line);
    if (!m) throw new Error(`${where}: expected "src->dst start T size S", got "${line}"`);
    const src = Number(m[1]);
    const dst = Number(m[2]);
    const kv = m[3].trim().split(/\s+/).filter((x) => x !== "");
    let start = 0;
    let size = -1;
    for (let k = 0; k + 1 < kv.length; k += 2) {
      const v = Number(kv[k + 1]);
      if (kv[k] === "start") start = v;
      else if (kv[k] === "size") size = v;
    }
    if (!(Number.isFinite(start) && start >= 0)) throw new Error(`${where}: start must be a non-negative number of µs`);
    if (!(Number.isInteger(size) && size > 0)) throw new Error(`${where}: size must be a positive integer number of bytes`);
    if (nodes >= 0 && (src >= nodes || dst >= nodes)) throw new Error(`${where}: node outside [0, ${nodes})`);
    flows.push({ src, dst, bytes: size, startNs: Math.round(start * 1000) });
  }
  if (nodes < 0) throw new Error(`${name}: missing "Nodes N" line`);
  if (declared >= 0 && declared !== flows.length) throw new Error(`${name}: "Connections ${declared}" but ${flows.length} connection lines`);
  return { nodes, flows };
}

/** Writes a .cm text that parseCm reads back to the same flows. */
export function writeCm(cm: ConnectionMatrix): string {
  const lines = [`Nodes ${cm.nodes}`, `Connections ${cm.flows.length}`];
  for (const f of cm.flows) lines.push(`${f.src}->${f.dst} start ${formatUs(f.startNs)} size ${f.bytes}`);
  return `${lines.join("\n")}\n`;
}

function formatUs(ns: number): string {
  const us = ns / 1000;
  return Number.isInteger(us) ? String(us) : String(Number(us.toFixed(3)));
}
