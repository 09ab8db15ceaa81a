// Grouping by key, shared by compare (columns of one scheme) and code-version (runs of one code).

/** Runs grouped by equal keys, in the order of each group's first run. */
export function groupByKey(keys: string[]): number[][] {
  const groups: number[][] = [];
  const at = new Map<string, number>();
  keys.forEach((k, i) => {
    const g = at.get(k);
    if (g === undefined) {
      at.set(k, groups.length);
      groups.push([i]);
    } else groups[g].push(i);
  });
  return groups;
}
