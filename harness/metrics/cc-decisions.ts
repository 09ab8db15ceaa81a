// What the congestion control decided in a run: how many handler calls of each CC table
// returned each result bit (NSCC_QUICK_ADAPT, DCTCP_DECREASE, …; the module contract's bit-flag
// words, DESIGN.md rule 3). The adapters count into a typed array by bit position as the run
// goes (net/adapters.ts `decisions`); the names are attached here, once, when the run reports.

import type { CcAdapter } from "../net/adapters";

/** One CC table's counts: results.json `ccTables[]`, written when a run has several tables. */
export interface CcTableDecisions {
  /** The module (`nscc`, `dctcp`, …). */
  cc: string;
  /** Where the scenario gives the table's spec: `transport.cc` or `traffic[i].cc`, with `(intra-DC)` / `(inter-DC)` on two DCs. */
  scope: string;
  /** Flows the table serves. */
  flows: number;
  /** Handler calls that returned each bit, by the exported constant's name, every bit of the module listed (0 included). */
  counts: Record<string, number>;
}

/** A table's counts by name, in bit order. */
function tableCounts(cc: CcAdapter): Record<string, number> {
  const out: Record<string, number> = {};
  const names = cc.decisionNames;
  for (let i = 0; i < names.length; i++) if (names[i] !== "") out[names[i]] = cc.decisions[i];
  return out;
}

/**
 * The run's counts (`total`: results.json `totals.cc`, summed over tables; the names carry the
 * module, so two modules never share one) and each table's, in the order of its first flow.
 */
export function ccDecisions(tables: readonly { cc: CcAdapter; flows: number }[]): { total: Record<string, number>; tables: CcTableDecisions[] } {
  const total: Record<string, number> = {};
  const perTable: CcTableDecisions[] = [];
  for (const t of tables) {
    const counts = tableCounts(t.cc);
    for (const name of Object.keys(counts)) total[name] = (total[name] ?? 0) + counts[name];
    perTable.push({ cc: t.cc.name, scope: t.cc.scope, flows: t.flows, counts });
  }
  return { total, tables: perTable };
}

/**
 * The summary's digest of `totals.cc`: the non-zero counts, grouped by module with its prefix
 * dropped (`CC decisions: nscc PROPORTIONAL 812, QUICK_ADAPT 3, DECREASE 41`); null when every
 * count is 0 or there are none (cc none, or results from before the counts).
 */
export function ccDecisionLine(total: Record<string, number> | undefined): string | null {
  return decisionLine("CC decisions", total);
}

/** `title: module NAME count, …; module …` over the non-zero counts of `PREFIX_NAME` keys (CC and LB alike). */
export function decisionLine(title: string, total: Record<string, number> | undefined): string | null {
  if (total === undefined) return null;
  const groups = new Map<string, string[]>();
  for (const name of Object.keys(total)) {
    if (total[name] === 0) continue;
    const cut = name.indexOf("_");
    const cc = name.slice(0, cut).toLowerCase();
    let g = groups.get(cc);
    if (g === undefined) groups.set(cc, (g = []));
    g.push(`${name.slice(cut + 1)} ${total[name]}`);
  }
  if (groups.size === 0) return null;
  return `${title}: ${[...groups].map(([cc, g]) => `${cc} ${g.join(", ")}`).join("; ")}`;
}
