// `nicfw compare <results.json …> [--md | --csv]`: one table of several runs side by side — the
// same scenario under different congestion control, load balancing or reliability — with the
// metrics the papers compare schemes by (SMaRTT Fig. 13–14, Spritz Fig. 6–8 and Table III, DCP
// Fig. 13–17, Reflex Fig. 6–7, DACK Fig. 4–7). A column per run, a row per metric.

import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Stats } from "./metrics/metrics";
import { jctMax, type ModuleParams, openFlows, p99CountingOpen, type Results, unackedFlows } from "./metrics/results";
import type { ParamValue } from "./net/registry";
import { codeVersionNote } from "./metrics/code-version";
import { groupByKey } from "./metrics/group";
import { finishedPoints, outsideGridNote, pathParts } from "./sweep/sweep";

export { codeVersionNote };

export const COMPARE_USAGE = `usage: nicfw compare <results.json | run directory | sweep directory> … [--md | --csv] [--labels a,b,…] [--mean-over T,…]
  prints one table, a column per run (labelled by what differs: modules, with the profile of a
  module that runs under several, and the switch routing where runs differ in it; the modules
  that differ and the tags, where the modules differ but do not tell the runs apart; tags; or
  the file), then a row per module parameter that
  differs between runs of that module (results.json moduleParams; seeds left out);
  a sweep's output directory stands for the points of its grid (sweep.json) with results; those
  without, and finished points in DIR/points outside that grid, are named on stderr;
  runs named one by one (a glob of DIR/points/*/results.json) come in order of their tags, numbers
  by value; runs written by different code (results.json nicfw) are named in a note on stderr;
  runs that left flows open get a row "flows open at end" and a note under the table (on stderr
  with --csv): the FCT and slowdown rows cover completed flows only, and two rows under it,
  "FCT p99 counting open ≥" and "slowdown p99 counting open ≥", bound the p99 of all started
  flows from below, each open flow counted at the time it had run when the run ended; complete
  flows whose last ACK had not come back get a row "complete, unacknowledged at end" and a note
  (the last ACK and HPCC slowdown rows leave them out);
  where some run trimmed, rows under "trims" say where (results.json metrics.trimSites): "at the
  last hop", "elsewhere", and "on <class> links" when more than one link class trimmed; a row
  per decision counter any run has (totals.cc, totals.lb): "cc NSCC_QUICK_ADAPT", "lb
  REPS_FREEZE", …; a run without one (another module, or results from before it) has —
  --md          a Markdown table
  --csv         comma-separated values; with --mean-over, four columns per column: "<label> mean",
                "<label> min", "<label> max", "<label> n" (the runs with a value), plain numbers
  --labels a,…  the columns' names, one per column, instead of the labels told apart above
  --mean-over T,…  one column for the runs that differ only in the tags T: seed (the run's seed)
                   or a sweep's --set path (traffic[0].load), within one sweep directory (runs
                   given one by one merge among themselves) and of one scenario (results.json
                   input less the seed and T's paths: else separate columns, labelled by what
                   differs, and a note on stderr); a first row "runs" counts them. Each
                   number is the mean over the column's runs, then [min–max] where they differ,
                   then (k of n runs) where only k have a value; "flows complete" adds the runs'
                   flows up; integrity and run.maxEvents count the runs ("FAILED (1 of 5 runs)").
                   Counts, times, percentiles and means are averaged alike: a mean of per-run
                   p99s is not the p99 of all the runs' flows together. Under --csv "flows
                   complete" and "flows" are per-run numbers, a yes/no row 1 or 0 ("integrity:
                   FAILED")`;

/** The tags that name a run's modules, as a sweep over `--set transport.cc.name=…` writes them. */
const MODULE_TAGS = ["transport.cc.name", "transport.lb.name", "transport.reliability.name"];

/**
 * Labels that tell the runs apart: their modules when those do; else, when the modules differ
 * between some runs, the modules that differ (cc, lb, reliability, those that vary, joined by +)
 * before the tags, which leave out a module's tag that the prefix already says ("dcp ·
 * faults[0].probability=0.001" beside "rack · faults[0].trim=false faults[0].probability=0.001"),
 * so that two sweeps of different modules over the same values never share a label; else their
 * tags; then the seed, else their files.
 */
export function runLabels(results: Results[], files?: string[]): string[] {
  const told = toldApart(results, true);
  if (told.labels) return told.labels;
  if (!files) return results.map((_, i) => `run ${i + 1}`);
  return files.map(fileLabel);
}

/** The run directory (`a/results.json` and `a` are both "a"), else the file's last two parts. */
function fileLabel(f: string, i: number): string {
  const p = f.replace(/[\\/]+$/, "");
  const name = /(^|[\\/])results\.json$/.test(p) ? dirname(p) : p.endsWith(".json") ? `${basename(dirname(p))}/${basename(p)}` : p;
  return name === "." ? `run ${i + 1}` : name.replace(/^\.[\\/]/, "");
}

/**
 * runLabels's labels short of the files (null when none tells the runs apart; by the seed only
 * when `seed`), and each run's modules and tags as those labels give them (`described`).
 */
const AREAS = ["cc", "lb", "reliability"] as const;

/** A run's module names in one area, in the order of its tables (results from before moduleParams: `modules`). */
function namesOf(r: Results, area: (typeof AREAS)[number]): string[] {
  return area === "reliability" ? [r.modules.reliability] : r.modules[area];
}

/** The distinct profiles a run's tables of module `name` ran, joined by "/" ("" for none recorded). */
function profilesOf(r: Results, area: string, name: string): string {
  const p = (r.moduleParams ?? []).filter((m) => m.area === area && m.name === name && m.profile !== null).map((m) => m.profile as string);
  return [...new Set(p)].join("/");
}

/**
 * Each run's modules in MODULE_TAGS order (cc, lb, reliability), a module with its profile
 * ("nscc (uec-htsim)") where the runs ran it under different ones: two runs of NSCC, one under
 * the fabric's default `uec` and one under `uec-htsim`, are otherwise one label. A run whose
 * results record no profile (written before moduleParams) says none.
 */
function moduleParts(results: Results[]): string[][] {
  const varies = new Set<string>();
  for (const area of AREAS) {
    const seen = new Map<string, Set<string>>();
    for (const r of results) {
      for (const name of namesOf(r, area)) {
        const p = profilesOf(r, area, name);
        if (p === "") continue;
        let s = seen.get(name);
        if (s === undefined) seen.set(name, (s = new Set()));
        s.add(p);
      }
    }
    for (const [name, s] of seen) if (s.size > 1) varies.add(`${area} ${name}`);
  }
  return results.map((r) =>
    AREAS.map((area) =>
      namesOf(r, area)
        .map((name) => {
          const p = varies.has(`${area} ${name}`) ? profilesOf(r, area, name) : "";
          return p === "" ? name : `${name} (${p})`;
        })
        .join("/"),
    ),
  );
}

/** A run's switch routing (results.json derived.routing; "" in results without it). */
const routingOf = (r: Results): string => (r.derived?.routing === undefined ? "" : String(r.derived.routing));

/**
 * Each run's switch routing as a label suffix (" · routing=valiant") where the runs differ in
 * it, else "": routing is no transport module, but Valiant with ECMP endpoints and minimal
 * routing with OPS are different schemes (Spritz §V-A), which the modules alone named alike
 * (review res-spritz: a Valiant column read "dctcp+ecmp+rud").
 */
function routingSuffixes(results: Results[]): string[] {
  const names = results.map(routingOf);
  if (new Set(names).size < 2) return names.map(() => "");
  return names.map((n) => (n === "" ? "" : ` · routing=${n}`));
}

/** Tag path ends that say nothing alone: `lb.name=reps`, not `name=reps`. */
const GENERIC_KEYS = new Set(["name", "profile", "kind"]);

/**
 * Each tag path shortened to its shortest ending of at least `minParts` dot-separated parts (two
 * for a bare `name`, `profile` or `kind`) that no other of `keys` ends with, else whole: cut to a
 * fixed two parts, `transport.cc.params.initCwndBytes` and `traffic[0].cc.params.initCwndBytes`
 * were both `params.initCwndBytes` (review rev-cli F9). compare's labels keep two parts at
 * least (`faults[0].probability`), charts (plot.ts chartLabels) one.
 */
export function shortTagKeys(keys: Iterable<string>, minParts = 1): Map<string, string> {
  const all = [...new Set(keys)];
  const parts = all.map((k) => k.split("."));
  const end = (p: string[], n: number) => p.slice(-n).join(".");
  const out = new Map<string, string>();
  parts.forEach((p, i) => {
    let n = Math.max(minParts, GENERIC_KEYS.has(p[p.length - 1]) ? 2 : 1);
    while (n < p.length && parts.some((q, j) => j !== i && end(q, n) === end(p, n))) n++;
    out.set(all[i], end(p, n));
  });
  return out;
}

function toldApart(results: Results[], seed: boolean): { labels: string[] | null; described: string[] } {
  const parts = moduleParts(results);
  const routes = routingSuffixes(results);
  const names = parts.map((p) => p.join("+"));
  const modules = names.map((m, i) => m + routes[i]);
  // The routing suffix says it; its sweep tag would say it twice.
  const routeTag = routes.some((x) => x !== "") ? "network.routing" : "";
  const short = shortTagKeys(results.flatMap((r) => Object.keys(r.tags ?? {}).filter((k) => k !== routeTag)), 2);
  const tagList = (r: Results, skip: Set<string>) =>
    Object.entries(r.tags ?? {})
      .filter(([k]) => !skip.has(k) && k !== routeTag)
      .map(([k, v]) => `${short.get(k) ?? k}=${v}`)
      .join(" ");
  const tags = results.map((r) => tagList(r, new Set()));
  const unique = (l: string[]) => new Set(l).size === l.length && l.every((x) => x !== "");
  if (unique(modules)) return { labels: modules, described: modules };
  let both = modules.map((m, i) => `${m} ${tags[i]}`.trim());
  if (new Set(names).size > 1) {
    const varying = [0, 1, 2].filter((k) => new Set(parts.map((p) => p[k])).size > 1);
    both = results.map((r, i) => {
      const shown = varying.map((k) => parts[i][k]).join("+") + routes[i];
      // A tag the label already says: the module's name, and the profile it shows in brackets
      // ("rack (dcp)" says transport.reliability.name=rack and …params.sender.profile=dcp).
      const said = new Set<string>();
      for (const k of varying) {
        const [, name, profile] = /^(.*?)(?: \((.*)\))?$/.exec(parts[i][k]) as RegExpExecArray;
        if (String(r.tags?.[MODULE_TAGS[k]]) === name) said.add(MODULE_TAGS[k]);
        const area = MODULE_TAGS[k].replace(/name$/, "");
        for (const [key, v] of Object.entries(r.tags ?? {})) if (profile !== undefined && key.startsWith(area) && key.endsWith(".profile") && String(v) === profile) said.add(key);
      }
      const rest = tagList(r, said);
      return rest === "" ? shown : `${shown} · ${rest}`;
    });
    if (unique(both)) return { labels: both, described: both };
  } else {
    // The same modules everywhere: the routing where it differs, and the tags.
    const own = results.map((_, i) => [routes[i].replace(/^ · /, ""), tags[i]].filter((x) => x !== "").join(" "));
    if (unique(own)) return { labels: own, described: both };
  }
  if (seed) {
    const seeds = both.map((b, i) => `${b} seed ${results[i].seed}`);
    if (unique(seeds)) return { labels: seeds, described: both };
  }
  return { labels: null, described: both };
}

/**
 * A row of the table: a number per run (printed with `digits` decimals, an integer as it is),
 * which a column of several runs (--mean-over) averages; the flows complete, which it adds up;
 * or a yes/no per run, which it counts.
 */
type Row =
  | { name: string; kind: "number"; get: (r: Results) => number | null | undefined; digits: number }
  | { name: string; kind: "text"; get: (r: Results) => string | null }
  | { name: string; kind: "complete" }
  | { name: string; kind: "flag"; get: (r: Results) => boolean; no: string; yes: string };

const num = (name: string, get: (r: Results) => number | null | undefined, digits = 2): Row => ({ name, kind: "number", get, digits });
const flag = (name: string, get: (r: Results) => boolean, no: string, yes: string): Row => ({ name, kind: "flag", get, no, yes });

const n = (x: number | null | undefined, d = 2): string | null => (x === null || x === undefined ? null : Number.isInteger(x) ? String(x) : x.toFixed(d));

function spread(s: Stats): number | null {
  return s.max === null || s.min === null || s.min === undefined ? null : s.max - s.min;
}

function jctMean(r: Results): number | null {
  const j = r.metrics.jobs;
  return j.length && j.every((x) => x.jctUs !== null) ? j.reduce((a, x) => a + (x.jctUs as number), 0) / j.length : null;
}

function rows(results: Results[]): Row[] {
  const out: Row[] = [{ name: "flows complete", kind: "complete" }];
  // The statistics below cover completed flows only: a run whose stuck flows never finish shows
  // the better figures for it (openFlowsNote).
  if (results.some((r) => openFlows(r) > 0)) {
    out.push(
      num(OPEN_ROW, openFlows),
      num("  FCT p99 counting open ≥ (µs)", (r) => p99CountingOpen(r, "fct")),
      num("  slowdown p99 counting open ≥", (r) => p99CountingOpen(r, "slowdown"), 3),
    );
  }
  out.push(
    num("FCT p50 (µs)", (r) => r.metrics.fctUs.all.p50),
    num("FCT p95 (µs)", (r) => r.metrics.fctUs.all.p95),
    num("FCT p99 (µs)", (r) => r.metrics.fctUs.all.p99),
    num("FCT max (µs)", (r) => r.metrics.fctUs.all.max),
  );
  // Results files written before 2026-12-02 have no minimum.
  if (results.some((r) => r.metrics.fctUs.all.min !== undefined)) {
    // SMaRTT Fig. 1's second number: the time between the fastest and the slowest flow.
    out.push(num("FCT min (µs)", (r) => r.metrics.fctUs.all.min), num("FCT max − min (µs)", (r) => spread(r.metrics.fctUs.all)));
  }
  // The mean slowdown is Reflex's headline (§V, Fig. 6: "average normalized FCT", FCT over the
  // ideal, overall and per intra-/inter-DC class); it comes first of each group of slowdown rows
  // so that the p99 rows, and the rows after them, keep their places.
  out.push(num("slowdown mean", (r) => r.metrics.slowdown.all.mean, 3), num("slowdown p50", (r) => r.metrics.slowdown.all.p50, 3), num("slowdown p99", (r) => r.metrics.slowdown.all.p99, 3));
  const classes = [...new Set(results.flatMap((r) => Object.keys(r.metrics.fctUs.byClass)))].sort();
  if (classes.length > 1) {
    for (const c of classes) {
      out.push(num(`  ${c}: FCT p99 (µs)`, (r) => r.metrics.fctUs.byClass[c]?.p99));
      out.push(num(`  ${c}: slowdown mean`, (r) => r.metrics.slowdown.byClass[c]?.mean, 3));
      out.push(num(`  ${c}: slowdown p99`, (r) => r.metrics.slowdown.byClass[c]?.p99, 3));
    }
  }
  const sizes = [...new Set(results.flatMap((r) => r.metrics.fctUs.bySize.map((s) => s.label)))];
  if (sizes.length > 1) {
    for (const s of sizes) {
      out.push(num(`  ${s}: slowdown mean`, (r) => r.metrics.slowdown.bySize.find((x) => x.label === s)?.mean, 3));
      out.push(num(`  ${s}: slowdown p99`, (r) => r.metrics.slowdown.bySize.find((x) => x.label === s)?.p99, 3));
    }
  }
  // The time to the last ACK and HPCC's slowdown: the metric of HPCC's ns-3, the simulator of
  // DCP's evaluation (Fig. 13: P50 and P95 FCT; Fig. 16: P50 and P99 slowdown), which counts
  // the wait of a sender whose last ACK was lost, where the FCT above ends at the receiver.
  // Results files written before 2026-12-05 have none.
  if (results.some((r) => r.metrics.slowdownHpcc !== undefined)) {
    out.push(
      num("last ACK p50 (µs)", (r) => r.metrics.ackedUs?.all.p50),
      num("last ACK p95 (µs)", (r) => r.metrics.ackedUs?.all.p95),
      num("last ACK p99 (µs)", (r) => r.metrics.ackedUs?.all.p99),
      num("HPCC slowdown p50", (r) => r.metrics.slowdownHpcc?.all.p50, 3),
      num("HPCC slowdown p95", (r) => r.metrics.slowdownHpcc?.all.p95, 3),
      num("HPCC slowdown p99", (r) => r.metrics.slowdownHpcc?.all.p99, 3),
    );
    if (sizes.length > 1) for (const s of sizes) out.push(num(`  ${s}: HPCC slowdown p99`, (r) => r.metrics.slowdownHpcc?.bySize.find((x) => x.label === s)?.p99, 3));
    // metrics.ts lateAcks: acknowledged more than the network's RTO after the last byte arrived.
    out.push(num("late last ACKs", (r) => r.metrics.lateAcks?.flows));
    // The rows above leave these out (unackedNote); after the others, which keep their places.
    if (results.some((r) => r.metrics.ackedUs !== undefined && unackedFlows(r) > 0)) out.push(num(UNACKED_ROW, (r) => (r.metrics.ackedUs === undefined ? undefined : unackedFlows(r))));
  }
  if (results.some((r) => r.metrics.jobs.length > 0)) out.push(num("JCT max (µs)", jctMax), num("JCT mean (µs)", jctMean));
  out.push(num("goodput (Gb/s)", (r) => r.metrics.goodput.totalGbps, 1), num("drops", (r) => r.metrics.drops.total));
  // The indented row reads as a part of the row above it: the DACK targets' share of the drops.
  if (results.some((r) => r.dack !== undefined)) out.push(num("  at the target", (r) => r.metrics.drops.receiver));
  out.push(
    num("trims", (r) => r.metrics.trims),
    ...trimSiteRows(results),
    num("retransmissions", (r) => r.metrics.retransmissions.total),
    num("  spurious", (r) => r.metrics.retransmissions.spurious),
    num("RTOs", (r) => r.metrics.retransmissions.timeouts),
    num("out of order (%)", (r) => r.metrics.outOfOrder.percent),
    num("ECN marks", (r) => r.totals.ecnMarks),
  );
  if (results.some((r) => r.metrics.pfc.pauseFrames > 0)) {
    out.push(num("PFC pauses", (r) => r.metrics.pfc.pauses), num("PFC PAUSE frames", (r) => r.metrics.pfc.pauseFrames), num("PFC paused (µs)", (r) => r.metrics.pfc.pausedUs, 1));
    // Older results.json files have no watchdog count.
    if (results.some((r) => (r.metrics.pfc.watchdogStorms ?? 0) > 0)) out.push(num("PFC watchdog storms", (r) => r.metrics.pfc.watchdogStorms ?? 0));
    if (results.some((r) => (r.metrics.drops.watchdog ?? 0) > 0)) out.push(num("PFC watchdog drops", (r) => r.metrics.drops.watchdog ?? 0));
  }
  if (results.some((r) => r.metrics.controlPlane.hoSent > 0)) out.push(num("HO loss ratio", (r) => r.metrics.controlPlane.hoLossRatio, 4));
  if (results.some((r) => r.metrics.controlPlane.hoRefused > 0)) out.push(num("HOs refused (RetransQ full)", (r) => r.metrics.controlPlane.hoRefused, 0));
  // Results files written before 2026-12-02 have no shared-buffer metrics.
  if (results.some((r) => (r.metrics.switchBuffer?.peakBytes ?? 0) > 0)) {
    out.push(
      num("shared buffer: refused", (r) => r.metrics.switchBuffer?.refusals),
      num("  fullest (kB)", (r) => (r.metrics.switchBuffer ? r.metrics.switchBuffer.peakBytes / 1000 : null), 1),
    );
  }
  if (results.some((r) => r.reflex !== undefined && r.reflex.pseudoAcks + r.reflex.controlledPackets > 0)) {
    out.push(
      num("Reflex pseudo-ACKs", (r) => r.reflex?.pseudoAcks),
      num("  RTT_src mean (µs)", (r) => r.reflex?.srcRttMeanUs),
      num("NDT controlled packets", (r) => r.reflex?.controlledPackets),
      num("NDT pauses", (r) => r.reflex?.pauses),
    );
  }
  if (results.some((r) => r.dack !== undefined)) {
    out.push(
      num("target IACKs", (r) => r.dack?.iacks),
      num("target DACKs", (r) => r.dack?.dacks),
      num("target NACKs", (r) => r.dack?.nacks),
    );
  }
  if (results.some((r) => r.metrics.faults.length > 0)) out.push(num("lost to faults", (r) => r.metrics.drops.fault));
  // results.json faultCost (run.faultBaseline, on by default): this run less the same scenario
  // run without its faults.
  if (results.some((r) => r.faultCost)) {
    out.push(
      num("fault cost: FCT p50 (µs)", (r) => r.faultCost?.delta.fctP50Us),
      num("  FCT p99 (µs)", (r) => r.faultCost?.delta.fctP99Us),
      num("  FCT max (µs)", (r) => r.faultCost?.delta.fctMaxUs),
      num("  flows complete", (r) => r.faultCost?.delta.completed),
      num("  retransmissions", (r) => r.faultCost?.delta.retransmissions),
      num("  RTOs", (r) => r.faultCost?.delta.timeouts),
    );
  }
  out.push(...decisionRows(results, "cc"), ...decisionRows(results, "lb"));
  out.push(num("simulated (µs)", (r) => r.simulatedUs, 1));
  // A run cut off by run.maxEvents has figures of its finished flows only.
  if (results.some((r) => r.eventBudgetSpent)) out.push(flag("stopped by run.maxEvents", (r) => r.eventBudgetSpent === true, "no", "yes"));
  out.push(flag("integrity", (r) => !r.integrity.ok, "ok", "FAILED"));
  out.push(...paramRows(results));
  return out;
}

/** Link classes from the hosts outwards (scenario/faults.ts linkClass): host, tier1, tier2, …, then wan, local and global by name. */
function linkClassOrder(a: string, b: string): number {
  const rank = (c: string): [number, number] => {
    const tier = /^tier(\d+)$/.exec(c);
    return c === "host" ? [0, 0] : tier ? [1, Number(tier[1])] : [2, 0];
  };
  const [ra, rb] = [rank(a), rank(b)];
  return ra[0] - rb[0] || ra[1] - rb[1] || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Where the trims happened (metrics.trimSites), under "trims": at a last-hop port, where UEC
 * §4.1 marks the header DSCP_TRIMMED_LASTHOP and NSCC and REPS take the loss as the receiver's,
 * not the path's (§3.6.12 process_ev), or elsewhere; then by link class when the trims fell on
 * more than one, since one class would only repeat one of the two rows above. Only when some
 * run trimmed and says where: without trims the rows are 0 = 0 + 0. A run written before
 * trimSites (2026-12-05) has — in each, not 0, which would say it trimmed nowhere; `byClass`
 * lists only the classes that trimmed, so in a run that has it a class it lacks is 0.
 */
function trimSiteRows(results: Results[]): Row[] {
  if (!results.some((r) => r.metrics.trimSites !== undefined && r.metrics.trimSites.lastHop + r.metrics.trimSites.elsewhere > 0)) return [];
  const out = [num("  at the last hop", (r) => r.metrics.trimSites?.lastHop), num("  elsewhere", (r) => r.metrics.trimSites?.elsewhere)];
  const classes = [...new Set(results.flatMap((r) => Object.keys(r.metrics.trimSites?.byClass ?? {})))].sort(linkClassOrder);
  if (classes.length > 1) {
    for (const c of classes) {
      out.push(num(`  on ${c} links`, (r) => {
        const ts = r.metrics.trimSites;
        return ts === undefined ? undefined : (ts.byClass[c] ?? 0);
      }));
    }
  }
  return out;
}

/**
 * A row per decision counter of results.json `totals.cc` (metrics/cc-decisions.ts) or
 * `totals.lb` (metrics/lb-decisions.ts) that any run has, named `cc NSCC_QUICK_ADAPT`, `lb
 * REPS_FREEZE`, in the order the runs first list them (each module's in its own order). The names
 * are whatever the files hold, so a counter added to a module needs nothing here. A run without
 * the name has —: it ran another module, whose count of it would mean nothing, or was written
 * before the counter (or the block, 2026-12-05), when its count is unknown; 0 would claim the
 * module never decided so.
 */
function decisionRows(results: Results[], area: "cc" | "lb"): Row[] {
  const names = [...new Set(results.flatMap((r) => Object.keys(r.totals[area] ?? {})))];
  return names.map((name) => num(`${area} ${name}`, (r) => {
    const counts = r.totals[area];
    return counts !== undefined && Object.hasOwn(counts, name) ? counts[name] : undefined;
  }));
}

const OPEN_ROW = "flows open at end";

/**
 * The note under the table when some column's runs left flows open at their end (neither
 * complete nor failed: run.endUs or run.maxEvents came first), else null. The FCT and slowdown
 * rows are over completed flows only, so such a column leaves out its slowest flows and can show
 * the best figures of all (ECMP with 14 of 250 flows stuck behind a failed link, the mean slowdown
 * lowest). `plot`: the note of nicfw plot, whose charts have no such rows.
 */
export function openFlowsNote(results: Results[], labels: string[], columns: number[][] = results.map((_, i) => [i]), plot = false): string | null {
  const open = columns.map((c) => c.some((i) => openFlows(results[i]) > 0));
  if (!open.includes(true)) return null;
  const which = labels.filter((_, i) => open[i]);
  if (plot) {
    return (
      `note: ${which.join(", ")}: flows open at the end of the run. The charts' FCT, slowdown and JCT cover completed flows only (a CDF's fraction is of all the flows, so its line stops below 1), ` +
      'so a column with open flows leaves out its slowest ones: its bars are not comparable with the others (nicfw compare\'s rows "counting open ≥" bound its p99 from below)'
    );
  }
  return (
    `note: ${which.join(", ")}: flows open at the end of the run (row "${OPEN_ROW}"). The FCT, slowdown, ` +
    "last ACK, HPCC slowdown and JCT rows cover completed flows only, so a column with open flows leaves out its slowest ones: it is not comparable with the others (the rows \"counting open ≥\" bound its p99 from below)"
  );
}

const UNACKED_ROW = "complete, unacknowledged at end";

/**
 * The note under the table when some column's runs ended with complete flows whose last ACK had
 * not reached the sender (results.ts unackedFlows), else null: the last-ACK and HPCC-slowdown
 * rows cover the acknowledged flows only, fewer than the FCT rows (review rev-cli F5: "last ACK
 * p99 29" under "FCT p99 29.47", 4 of 8 complete flows left out).
 */
export function unackedNote(results: Results[], labels: string[], columns: number[][] = results.map((_, i) => [i])): string | null {
  const some = columns.map((c) => c.some((i) => results[i].metrics.ackedUs !== undefined && unackedFlows(results[i]) > 0));
  if (!some.includes(true)) return null;
  return (
    `note: ${labels.filter((_, i) => some[i]).join(", ")}: complete flows whose last ACK had not reached the sender when the run ended (row "${UNACKED_ROW}"). ` +
    "The last ACK and HPCC slowdown rows cover acknowledged flows only, fewer than the FCT rows"
  );
}

/** A parameter as a cell: numbers as the metric rows print them, a nested value as JSON. */
function paramText(v: ParamValue): string {
  if (typeof v === "number") return n(v) as string;
  if (typeof v === "string") return v;
  return JSON.stringify(v);
}

/** A module's parameters one level flat: a reliability module's sides as `sender.rtoNs`, `receiver.…`. */
function flatParams(m: ModuleParams): Map<string, ParamValue> {
  const out = new Map<string, ParamValue>();
  for (const [k, v] of Object.entries(m.params)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) for (const [k2, v2] of Object.entries(v)) out.set(`${k}.${k2}`, v2);
    else out.set(k, v);
  }
  return out;
}

/** Seeds differ with the run's seed, which the labels show where it tells runs apart. */
const SEEDED = /(^|\.)(seed|salt)$/;

/**
 * A row per parameter of a module that runs in more than one of the runs and was built with
 * different values (results.json moduleParams): `cc nscc: profile` (uec, uec-htsim), then the
 * constants that follow from it (`cc nscc: qaThresholdNs`, Infinity and 42,068 ns). A module is
 * its area, name and, where the runs give it several (traffic entries, two DCs), its scope. A
 * run without the module (or from before moduleParams) shows —.
 */
function paramRows(results: Results[]): Row[] {
  const keyOf = (m: ModuleParams) => `${m.area} ${m.name} ${m.scope}`;
  const modules = new Map<string, { m: ModuleParams; runs: Map<number, Map<string, ParamValue>> }>();
  results.forEach((r, i) => {
    for (const m of r.moduleParams ?? []) {
      const k = keyOf(m);
      let e = modules.get(k);
      if (e === undefined) modules.set(k, (e = { m, runs: new Map() }));
      // Tables of one scope built differently (never so far) would each have an entry: the first speaks.
      if (!e.runs.has(i)) e.runs.set(i, flatParams(m));
    }
  });
  const scopes = new Map<string, Set<string>>();
  for (const { m } of modules.values()) {
    const k = `${m.area} ${m.name}`;
    if (!scopes.has(k)) scopes.set(k, new Set());
    scopes.get(k)?.add(m.scope);
  }
  const out: Row[] = [];
  for (const { m, runs } of modules.values()) {
    if (runs.size < 2) continue;
    const names = [...new Set([...runs.values()].flatMap((p) => [...p.keys()]))].filter((k) => !SEEDED.test(k));
    const prefix = `${m.area} ${m.name}${(scopes.get(`${m.area} ${m.name}`)?.size ?? 0) > 1 ? ` (${m.scope})` : ""}`;
    for (const name of names) {
      const values = new Set([...runs.values()].map((p) => (p.has(name) ? JSON.stringify(p.get(name)) : "")));
      if (values.size < 2) continue;
      out.push({ name: `${prefix}: ${name}`, kind: "text", get: (r) => {
        const p = runs.get(results.indexOf(r));
        return p?.has(name) ? paramText(p.get(name) as ParamValue) : null;
      } });
    }
  }
  return out;
}

/**
 * One cell: a run's value, or over several runs (--mean-over) the mean of the runs' values, then
 * [min–max] when they differ as printed, then "(k of n runs)" when only k of the n have one (a
 * percentile of a run with no flow complete, a class it lacks); the flows complete summed; a
 * yes/no as the number of runs it is yes for. A mean of per-run p99s is not the p99 of the
 * pooled flows (nor a mean of per-run means the pooled mean where the runs' flow counts differ).
 */
/**
 * The mean, least, greatest and number of the values a column's runs have (null and undefined
 * left out), or null when none has one: a cell over several runs, its `--csv` columns, and a bar
 * of `nicfw plot --mean-over` with its whisker.
 */
export function meanOfPresent(values: readonly (number | null | undefined)[]): { mean: number; min: number; max: number; n: number } | null {
  const v = values.filter((x): x is number => x !== null && x !== undefined);
  if (v.length === 0) return null;
  return { mean: v.reduce((a, x) => a + x, 0) / v.length, min: Math.min(...v), max: Math.max(...v), n: v.length };
}

function cell(row: Row, runs: Results[]): string {
  if (row.kind === "complete") {
    const sum = (f: (r: Results) => number) => runs.reduce((a, r) => a + f(r), 0);
    return `${sum((r) => r.completed)}/${sum((r) => r.flowsTotal)}`;
  }
  if (row.kind === "flag") {
    const k = runs.filter(row.get).length;
    if (runs.length === 1) return k === 1 ? row.yes : row.no;
    return k === 0 ? row.no : `${row.yes} (${k} of ${runs.length} runs)`;
  }
  if (row.kind === "text") {
    // A column of several runs: each value its runs had, in their order.
    const values = [...new Set(runs.map((r) => row.get(r) ?? "—"))];
    return values.join(" / ");
  }
  const m = meanOfPresent(runs.map(row.get));
  if (m === null) return "—";
  const text = n(m.mean, row.digits) as string;
  const lo = n(m.min, row.digits);
  const hi = n(m.max, row.digits);
  const range = lo === hi ? "" : ` [${lo}–${hi}]`;
  const some = m.n < runs.length ? ` (${m.n} of ${runs.length} runs)` : "";
  return `${text}${range}${some}`;
}

/** A number for a script: to 6 decimals, no trailing zeros (the mean of 1, 1 and 2 is 1.333333). */
const plain = (x: number): string => String(Math.round(x * 1e6) / 1e6);

/**
 * The rows of `--mean-over … --csv`, each a number per run: the flows complete and the flows
 * (whose sum the text table prints as `236/250`) apart, and a yes/no as 1 or 0 under the name of
 * its yes (`integrity: FAILED`), whose mean is the share of the runs it is yes for.
 */
function statRows(rs: Row[]): Row[] {
  return rs.flatMap((row): Row[] => {
    if (row.kind === "complete") return [num(row.name, (r) => r.completed), num("flows", (r) => r.flowsTotal)];
    if (row.kind === "flag") return [num(`${row.name}: ${row.yes}`, (r) => (row.get(r) ? 1 : 0))];
    return [row];
  });
}

/**
 * A column's four cells in `--mean-over … --csv`: the mean of its runs' values, their min, their
 * max, and n, the runs that have a value; each a plain number, where the text table's cell
 * `14.94 [10.70–21.54] (2 of 3 runs)` needs parsing (study review finding 6). Empty where no run
 * has one (n 0). A text row (a module parameter) has its values, joined by " / ", as the mean.
 */
function statCells(row: Row, runs: Results[]): string[] {
  if (row.kind !== "number") {
    const have = row.kind === "text" ? runs.filter((r) => row.get(r) !== null).length : runs.length;
    return [cell(row, runs), "", "", String(have)];
  }
  const m = meanOfPresent(runs.map(row.get));
  if (m === null) return ["", "", "", "0"];
  return [plain(m.mean), plain(m.min), plain(m.max), String(m.n)];
}

/**
 * The table. `columns` groups the runs (indices into `results`) into columns, one label each;
 * by default a column per run. A table with a column of several runs begins with a row "runs".
 * `stats` (`--mean-over` with `--csv`): four columns per label, `<label> mean`, `min`, `max` and
 * `n` (statCells), and the row "runs" always, its count under n.
 */
export function compareTable(results: Results[], labels: string[], format: "text" | "md" | "csv" = "text", columns: number[][] = results.map((_, i) => [i]), stats = false): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const groups = columns.map((c) => c.map((i) => results[i]));
  if (format === "csv" && stats) {
    const head = ["metric", ...labels.flatMap((l) => ["mean", "min", "max", "n"].map((k) => `${l} ${k}`))];
    const body = statRows(rows(results)).map((row) => [row.name, ...groups.flatMap((g) => statCells(row, g))]);
    body.unshift(["runs", ...groups.flatMap((g) => ["", "", "", String(g.length)])]);
    return [head, ...body].map((row) => row.map((c) => q(c.trim())).join(",")).join("\n");
  }
  const rs = rows(results);
  const cells = rs.map((row) => [row.name, ...groups.map((g) => cell(row, g))]);
  if (groups.some((g) => g.length > 1)) cells.unshift(["runs", ...groups.map((g) => String(g.length))]);
  const header = ["metric", ...labels];
  if (format === "csv") return [header, ...cells].map((row) => row.map((c) => q(c.trim())).join(",")).join("\n");
  if (format === "md") {
    const esc = (s: string) => s.replace(/\|/g, "\\|");
    return [`| ${header.map(esc).join(" | ")} |`, `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`, ...cells.map((row) => `| ${row.map(esc).join(" | ")} |`)].join("\n");
  }
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const fmt = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(fmt)].join("\n");
}

/**
 * A run's scenario (results.json `input`) less what may differ within a column: the seed, the
 * tags (compared apart) and the values the named tags set (a sweep's `--set traffic[0].load`
 * writes both the path and the tag). Null for results written before `input` (2026-12-06).
 */
function scenarioBody(r: Results, over: string[]): unknown {
  if (r.input === undefined) return null;
  const body = JSON.parse(JSON.stringify(r.input)) as Record<string, unknown>;
  delete body.seed;
  delete body.tags;
  for (const t of over) {
    if (t === "seed") continue;
    let parts: (string | number)[];
    try {
      parts = pathParts(t);
    } catch {
      continue;
    }
    let cur: unknown = body;
    for (const k of parts.slice(0, -1)) cur = cur !== null && typeof cur === "object" ? (cur as Record<string | number, unknown>)[k] : undefined;
    if (cur !== null && typeof cur === "object") delete (cur as Record<string | number, unknown>)[parts[parts.length - 1]];
  }
  return body;
}

/**
 * What a column's runs share (meanOverColumns): sweep directory, scenario name, modules less
 * those a named tag sets, routing, the other tags and, unless merged, the seed; with `body`, the
 * scenario itself too (scenarioBody).
 */
function columnKeys(results: Results[], sources: string[], over: string[], body: boolean): string[] {
  const merged = new Set(over);
  const parts = moduleParts(results);
  return results.map((r, i) => {
    const mod = parts[i].map((m, k) => (merged.has(MODULE_TAGS[k]) ? null : m));
    const tags = Object.entries(r.tags ?? {}).filter(([k]) => !merged.has(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const key = [sources[i] ?? "", r.scenario, mod, merged.has("network.routing") ? null : routingOf(r), tags, merged.has("seed") ? null : r.seed];
    return JSON.stringify(body ? [...key, scenarioBody(r, over)] : key);
  });
}


/**
 * The columns of `nicfw compare --mean-over T,…`: runs that differ only in the tags T (`seed`:
 * the run's seed, which a sweep's `--set seed=…` sets) share one, in the order of their first
 * run. Runs differ too in their scenario's name, their modules (less one a named tag sets), any
 * other tag, the sweep directory they come from (`sources`; "" for a results file or run
 * directory named by itself), so that the same grid run twice (before and after a change) stays
 * two columns, and their scenario (results.json `input`) less the seed and the named tags' paths:
 * runs of 100 KB and of 1 MB flows averaged into one column read as one workload (review rev-cli
 * F2; inputSplitNote says so). Throws when a name is no run's tag, or when two runs of a column
 * agree on every named tag too (they would count twice), naming them by their `files` (else
 * their places).
 */
export function meanOverColumns(results: Results[], sources: string[], over: string[], files?: string[]): number[][] {
  for (const t of over) {
    if (t !== "seed" && !results.some((r) => r.tags !== undefined && Object.hasOwn(r.tags, t))) {
      const known = [...new Set(results.flatMap((r) => Object.keys(r.tags ?? {})))];
      throw new Error(`--mean-over ${t}: no run has the tag ${t} (their tags: ${["seed", ...known.filter((k) => k !== "seed")].join(", ")})`);
    }
  }
  const named = results.map((r) => JSON.stringify(over.map((t) => (t === "seed" ? r.seed : (r.tags?.[t] ?? null)))));
  const columns = groupByKey(columnKeys(results, sources, over, true));
  for (const c of columns) {
    for (let a = 1; a < c.length; a++) {
      const twin = c.slice(0, a).find((j) => named[j] === named[c[a]]);
      if (twin === undefined) continue;
      const i = c[a];
      const which = files ? `${files[twin]} and ${files[i]}` : `runs ${twin + 1} and ${i + 1}`;
      throw new Error(`--mean-over ${over.join(",")}: ${which} differ in none of ${over.join(", ")} (${named[i]}) nor anything else, so they would count twice`);
    }
  }
  return columns;
}

/** Each leaf of a JSON value by its path (`traffic[0].bytes`), its value as JSON. */
function leaves(v: unknown, path = "", out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(v)) v.forEach((x, i) => leaves(x, `${path}[${i}]`, out));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) leaves(x, path === "" ? k : `${path}.${k}`, out);
  else out.set(path, JSON.stringify(v));
  return out;
}

/**
 * The scenario paths whose values differ between the columns' first runs (results.json `input`,
 * less scenarioBody's), each column's values as tags: `traffic[0].bytes` 100000 and 1000000.
 */
function bodyTags(results: Results[], columns: number[][], over: string[]): Record<string, string>[] {
  const flat = columns.map((c) => leaves(scenarioBody(results[c[0]], over) ?? {}));
  const paths = [...new Set(flat.flatMap((f) => [...f.keys()]))].filter((p) => new Set(flat.map((f) => f.get(p))).size > 1);
  return flat.map((f) => Object.fromEntries(paths.map((p) => [p, f.get(p) === undefined ? "—" : String(JSON.parse(f.get(p) as string))])));
}

/**
 * The note (for stderr) when --mean-over kept runs apart that share every tag but ran different
 * scenarios (results.json `input`), naming the columns and the paths that differ, else null.
 */
export function inputSplitNote(results: Results[], sources: string[], columns: number[][], labels: string[], over: string[]): string | null {
  const byTags = groupByKey(columnKeys(columns.map((c) => results[c[0]]), columns.map((c) => sources[c[0]]), over, false)).filter((g) => g.length > 1);
  if (byTags.length === 0) return null;
  const parts = byTags.map((g) => {
    const differ = Object.keys(bodyTags(results, g.map((i) => columns[i]), over)[0]);
    return `${g.map((i) => labels[i]).join(", ")} (their scenarios differ in ${differ.join(", ")})`;
  });
  return `note: --mean-over ${over.join(",")}: these columns differ in no tag but ran different scenarios (results.json input), so they are not averaged together: ${parts.join("; ")}`;
}

/**
 * The labels of the columns of meanOverColumns: runLabels of the first run of each, less the
 * merged tags (and not by a seed they average over); where those do not tell the columns apart,
 * the scenario paths whose values differ between them (bodyTags: `traffic[0].bytes=100000`),
 * then the sweep directory (or the first run's file: the same grid in two sweep directories)
 * before the modules and tags.
 */
export function meanOverLabels(results: Results[], files: string[], sources: string[], columns: number[][], over: string[]): string[] {
  const merged = new Set(over);
  const firsts = columns.map((c) => {
    const r = results[c[0]];
    return { ...r, tags: Object.fromEntries(Object.entries(r.tags ?? {}).filter(([k]) => !merged.has(k))) };
  });
  const told = toldApart(firsts, !merged.has("seed"));
  if (told.labels) return told.labels;
  // Within each set of columns the labels would name alike, what their scenarios differ in.
  const body: Record<string, string>[] = columns.map(() => ({}));
  for (const g of groupByKey(told.described)) {
    if (g.length > 1) bodyTags(results, g.map((i) => columns[i]), over).forEach((b, k) => Object.assign(body[g[k]], b));
  }
  if (body.some((b) => Object.keys(b).length > 0)) {
    const withBody = toldApart(firsts.map((r, i) => ({ ...r, tags: { ...r.tags, ...body[i] } })), !merged.has("seed"));
    if (withBody.labels) return withBody.labels;
  }
  return columns.map((c, i) => {
    const where = fileLabel(sources[c[0]] || files[c[0]], i);
    return told.described[i] === "" ? where : `${where} · ${told.described[i]}`;
  });
}

/**
 * Two runs in order of their tags `keys`, the first first (the tags in the order the runs list
 * them: a sweep lists its axes slowest first): numbers by value, before text, text by its characters; a run without the
 * tag after those with it; 0 when every tag is equal (the sort keeps their order).
 */
function byTags(a: Results, b: Results, keys: string[]): number {
  for (const k of keys) {
    const x = a.tags?.[k];
    const y = b.tags?.[k];
    if (x === y) continue;
    if (x === undefined || y === undefined) return x === undefined ? 1 : -1;
    if (typeof x === "number" && typeof y === "number") return x - y;
    if (typeof x === "number" || typeof y === "number") return typeof x === "number" ? -1 : 1;
    const [sx, sy] = [String(x), String(y)];
    if (sx !== sy) return sx < sy ? -1 : 1;
  }
  return 0;
}

/** A results.json, or the one in a run directory. */
export function readResults(path: string): Results {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new Error(`${path}: no such file or directory`);
    if (code !== "EISDIR") throw e;
    const inside = join(path, "results.json");
    if (!existsSync(inside)) {
      // sweep.json is written when the last point is done: a folder of points without it is a sweep cut short.
      if (existsSync(join(path, "points"))) throw new Error(`${path}: a sweep that has not finished (no sweep.json): run the same nicfw sweep again to finish it (finished points are kept), or with --collect to tabulate the finished ones`);
      throw new Error(`${path}: no results.json in this directory`);
    }
    text = readFileSync(inside, "utf8");
  }
  let r: Results;
  try {
    r = JSON.parse(text) as Results;
  } catch (e) {
    throw new Error(`${path}: not a results.json (${(e as Error).message})`);
  }
  if (r === null || typeof r !== "object" || typeof r.format !== "string" || !r.format.startsWith("nicfw-results/") || !r.metrics) {
    const o = (r ?? {}) as unknown as Record<string, unknown>;
    if (o.format === undefined && (o.topology !== undefined || o.traffic !== undefined)) throw new Error(`${path}: a scenario, not a results.json (nicfw run writes the results)`);
    throw new Error(`${path}: not a nicfw results.json with metrics (run it again with this version)`);
  }
  return r;
}

/**
 * The runs named on a command line: results.json files, run directories, and sweep output
 * directories (`nicfw sweep --out DIR`), which stand for their points with results, in grid order.
 * `missing` names each sweep point left out for want of results: its values and its row's status.
 */
export function readRuns(paths: string[], command = "compare"): { results: Results[]; files: string[]; sources: string[]; missing: string[]; outside: { dir: string; count: number }[] } {
  const results: Results[] = [];
  const files: string[] = [];
  // Per run: the sweep directory it is a point of, as given; "" for a file or run directory.
  const sources: string[] = [];
  const missing: string[] = [];
  // Per sweep directory: its finished points that are not rows of its sweep.json (another grid's).
  const outside: { dir: string; count: number }[] = [];
  for (const p of paths) {
    const sweep = join(p, "sweep.json");
    if (!existsSync(p)) throw new Error(`${p}: no such file or directory`);
    if (statSync(p).isDirectory() && !existsSync(join(p, "results.json")) && existsSync(sweep)) {
      const rows = JSON.parse(readFileSync(sweep, "utf8")) as Record<string, unknown>[];
      const found: string[] = [];
      for (const r of rows) {
        const f = join(p, "points", String(r.point), "results.json");
        if (existsSync(f)) {
          found.push(f);
          continue;
        }
        // A row's values are its keys before `status` (sweep.ts row).
        const keys = Object.keys(r);
        const at = keys.indexOf("status");
        const values = keys.slice(0, at < 0 ? 0 : at).map((k) => `${k}=${typeof r[k] === "string" ? r[k] : JSON.stringify(r[k])}`);
        missing.push(`${p}: point ${r.point}${values.length > 0 ? ` (${values.join(" ")})` : ""}: ${String(r.status ?? "no results")}`);
      }
      const grid = new Set(rows.map((r) => String(r.point)));
      const count = finishedPoints(p).filter((id) => !grid.has(id)).length;
      if (count > 0) outside.push({ dir: p, count });
      if (found.length === 0) throw new Error(`${p}: no point of this sweep has results\n  ${missing.join("\n  ")}${count > 0 ? `\n${outsideGridNote(command, p, count)}` : ""}`);
      for (const f of found) results.push(readResults(f));
      files.push(...found);
      sources.push(...found.map(() => p));
    } else {
      results.push(readResults(p));
      files.push(p);
      sources.push("");
    }
  }
  // Runs named one by one, between sweep directories (whose sweep.json keeps grid order), in
  // order of their tags: a shell's glob over points/*/results.json lists them by point hash,
  // seed=2 before seed=1 (review rev-cli F2).
  const order = results.map((_, i) => i);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && sources[j] === "") j++;
    const keys = [...new Set(results.slice(i, j).flatMap((r) => Object.keys(r.tags ?? {})))];
    const run = order.slice(i, j).sort((a, b) => byTags(results[a], results[b], keys));
    order.splice(i, run.length, ...run);
    i = Math.max(j, i + 1);
  }
  return { results: order.map((i) => results[i]), files: order.map((i) => files[i]), sources: order.map((i) => sources[i]), missing, outside };
}

export interface RunsArgs {
  results: Results[];
  /** --labels, else runLabels. */
  labels: string[];
  /** The paths as given (a sweep directory once). */
  paths: string[];
  /** Per run: its results file, and the sweep directory it is a point of ("" for none; readRuns). */
  files: string[];
  sources: string[];
  /** --labels as given; with `perRun: false` the caller checks their number. */
  given?: string[];
  /** The command's own options given: flags map to "", valued options to their value. */
  options: Map<string, string>;
}

/**
 * The command line of a command over runs (`nicfw compare`, `nicfw plot`): paths, `--labels
 * a,b,…` and the command's own options (`valued` ones take the next argument). Null, after
 * saying why on stderr, when it is wrong or a run cannot be read. `perRun: false` leaves the
 * number of --labels to the caller (whose columns are not one per run).
 */
export function parseRunsArgs(command: string, usage: string, argv: string[], flags: string[], valued: string[], opts: { perRun?: boolean } = {}): RunsArgs | null {
  const paths: string[] = [];
  const options = new Map<string, string>();
  let labels: string[] | undefined;
  const fail = (why: string) => {
    console.error(`nicfw ${command}: ${why}`);
    return null;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (flags.includes(a)) options.set(a, "");
    else if (a === "--labels" || valued.includes(a)) {
      const v = argv[++i];
      if (!v) return fail(`${a} needs a value\n${usage}`);
      if (a === "--labels") labels = v.split(",");
      else options.set(a, v);
    } else if (a.startsWith("-")) return fail(`unknown option ${a}\n${usage}`);
    else paths.push(a);
  }
  if (paths.length === 0) return fail(`no run given\n${usage}`);
  let runs: ReturnType<typeof readRuns>;
  try {
    runs = readRuns(paths, command);
  } catch (e) {
    return fail((e as Error).message);
  }
  // A failed point would otherwise be a column that is simply not there.
  if (runs.missing.length > 0) console.error(`nicfw ${command}: note: ${runs.missing.length} sweep point${runs.missing.length > 1 ? "s" : ""} without results left out:\n  ${runs.missing.join("\n  ")}`);
  for (const o of runs.outside) console.error(outsideGridNote(command, o.dir, o.count));
  const versions = codeVersionNote(runs.results, runs.files.map(fileLabel));
  if (versions !== null) console.error(`nicfw ${command}: ${versions}`);
  if (labels && opts.perRun !== false && labels.length !== runs.results.length) return fail(`${labels.length} labels for ${runs.results.length} runs`);
  return { results: runs.results, labels: labels ?? runLabels(runs.results, runs.files), paths, options, files: runs.files, sources: runs.sources, given: labels };
}

/**
 * `--mean-over T,…` of a command over runs: the columns (meanOverColumns) and their labels (the
 * given --labels, else meanOverLabels); without the option one column per run, labelled as
 * parseRunsArgs did. Null, after saying why on stderr, for an empty tag name, a tag no run has,
 * two runs that would count twice, or --labels not one per column.
 */
export function meanOverOption(command: string, usage: string, a: RunsArgs): { columns: number[][]; labels: string[]; over: string[] | undefined } | null {
  const given = a.options.get("--mean-over");
  const over = given?.split(",").map((t) => t.trim());
  let columns = a.results.map((_, i) => [i]);
  let labels = a.labels;
  if (over !== undefined) {
    if (over.some((t) => t === "")) {
      console.error(`nicfw ${command}: --mean-over ${given}: an empty tag name\n${usage}`);
      return null;
    }
    try {
      columns = meanOverColumns(a.results, a.sources, over, a.files);
    } catch (e) {
      console.error(`nicfw ${command}: ${(e as Error).message}`);
      return null;
    }
    labels = a.given ?? meanOverLabels(a.results, a.files, a.sources, columns, over);
  }
  if (a.given && a.given.length !== columns.length) {
    console.error(`nicfw ${command}: ${a.given.length} labels for ${columns.length} ${over ? "columns" : "runs"}`);
    return null;
  }
  const split = over === undefined ? null : inputSplitNote(a.results, a.sources, columns, labels, over);
  if (split !== null) console.error(`nicfw ${command}: ${split}`);
  return { columns, labels, over };
}

export function compareCommand(argv: string[]): number {
  const a = parseRunsArgs("compare", COMPARE_USAGE, argv, ["--md", "--csv"], ["--mean-over"], { perRun: false });
  if (!a) return 2;
  if (a.options.has("--csv") && a.options.has("--md")) {
    console.error(`nicfw compare: --md or --csv, not both\n${COMPARE_USAGE}`);
    return 2;
  }
  const format = a.options.has("--csv") ? "csv" : a.options.has("--md") ? "md" : "text";
  // On stderr in every format: a table of runs of different scenarios reads like one of seeds.
  const names = new Set(a.results.map((r) => r.scenario));
  if (names.size > 1) console.error(`nicfw compare: note: the runs come from ${names.size} different scenarios (${[...names].join(", ")})`);
  const m = meanOverOption("compare", COMPARE_USAGE, a);
  if (!m) return 2;
  const { columns, labels, over } = m;
  console.log(compareTable(a.results, labels, format, columns, over !== undefined));
  // Under a text or Markdown table; beside a CSV one, which stays a table to read in.
  for (const note of [openFlowsNote(a.results, labels, columns), unackedNote(a.results, labels, columns)]) {
    if (note !== null) (format === "csv" ? console.error : console.log)(format === "csv" ? `nicfw compare: ${note}` : `\n${note}`);
  }
  return 0;
}
