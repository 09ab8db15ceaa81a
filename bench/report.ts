// What the three bench runners (bench/run.ts, bench/instructions.ts, bench/fabric/run.ts) share
// when they report: the median of per-process figures and the plain-text result table.

/** The middle figure (the mean of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A header and rows as left-aligned columns separated by " | ", with a dashed rule under the header. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (row: readonly string[]) => row.map((c, i) => c.padEnd(widths[i])).join(" | ");
  return [line(header), widths.map((n) => "-".repeat(n)).join("-|-"), ...rows.map(line)].join("\n");
}
