import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runCommand, runScenario } from "../run";
import type { Scenario } from "../scenario/schema";
import type { Results } from "../metrics/results";
import { barsSpec, chartLabels, comparisonRows, fctCdfSpec, partialMeansNote, plotCommand, plotResults, render, runFctSeries, runsFctSeries } from "./plot";

// A 3:1 incast of 200 KB on a 16-host 2-tier fat tree: about 60 µs simulated, a few ms of work.
const tiny = (lb = "reps"): Scenario => ({
  name: "plot test",
  seed: 1,
  topology: { kind: "fattree", tiers: 2, k: 4, linkGbps: 100, latencyNs: 1000 },
  network: { mtuBytes: 4150, headerBytes: 64, ackBytes: 64, trimming: true, bufferBdp: 1 },
  transport: { cc: { name: "nscc" }, lb: { name: lb }, reliability: { name: "rud" } },
  traffic: [{ kind: "incast", senders: 3, receiver: 0, bytes: 200_000 }],
});

/**
 * XML well-formedness (XML 1.0 §2.1, the parts an SVG writer can get wrong): one root element,
 * every start tag closed in order, attribute values quoted and unique per element, `<` never
 * inside an attribute, `&` only as a known or numeric entity. Returns the root element's name
 * and attributes; throws on the first violation.
 */
function parseXml(text: string): { root: string; attrs: Record<string, string> } {
  const entity = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
  const checkText = (t: string, at: number) => {
    for (let i = t.indexOf("&"); i >= 0; i = t.indexOf("&", i + 1)) {
      entity.lastIndex = i;
      if (!entity.test(t)) throw new Error(`bad & at ${at + i}: ${t.slice(i, i + 12)}`);
    }
  };
  const stack: string[] = [];
  let root: { root: string; attrs: Record<string, string> } | null = null;
  let closedRoot = false;
  let i = 0;
  const name = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    checkText(chunk, i);
    if ((stack.length === 0) && chunk.trim() !== "") throw new Error(`text outside the root at ${i}`);
    if (lt < 0) break;
    if (text.startsWith("<?", lt)) {
      if (root) throw new Error("processing instruction after the root");
      i = text.indexOf("?>", lt) + 2;
      if (i < 2) throw new Error("unclosed <?");
      continue;
    }
    if (text.startsWith("<!--", lt)) {
      i = text.indexOf("-->", lt) + 3;
      if (i < 3) throw new Error("unclosed comment");
      continue;
    }
    if (text.startsWith("<![CDATA[", lt)) {
      i = text.indexOf("]]>", lt) + 3;
      if (i < 3 || stack.length === 0) throw new Error("bad CDATA");
      continue;
    }
    if (text.startsWith("<!DOCTYPE", lt)) {
      i = text.indexOf(">", lt) + 1;
      continue;
    }
    const closing = text[lt + 1] === "/";
    name.lastIndex = lt + (closing ? 2 : 1);
    const m = name.exec(text);
    if (!m) throw new Error(`bad tag name at ${lt}`);
    let j = name.lastIndex;
    if (closing) {
      while (/\s/.test(text[j])) j++;
      if (text[j] !== ">") throw new Error(`bad end tag at ${lt}`);
      const open = stack.pop();
      if (open !== m[0]) throw new Error(`</${m[0]}> closes <${open}> at ${lt}`);
      if (stack.length === 0) closedRoot = true;
      i = j + 1;
      continue;
    }
    if (closedRoot) throw new Error(`a second root element <${m[0]}> at ${lt}`);
    const attrs: Record<string, string> = {};
    for (;;) {
      const ws = j;
      while (/\s/.test(text[j])) j++;
      if (text[j] === ">" || text.startsWith("/>", j)) break;
      if (j === ws) throw new Error(`no space before attribute at ${j}`);
      name.lastIndex = j;
      const a = name.exec(text);
      if (!a) throw new Error(`bad attribute name at ${j}`);
      j = name.lastIndex;
      while (/\s/.test(text[j])) j++;
      if (text[j] !== "=") throw new Error(`attribute ${a[0]} without a value at ${j}`);
      j++;
      while (/\s/.test(text[j])) j++;
      const q = text[j];
      if (q !== '"' && q !== "'") throw new Error(`unquoted value of ${a[0]} at ${j}`);
      const end = text.indexOf(q, j + 1);
      if (end < 0) throw new Error(`unclosed value of ${a[0]}`);
      const v = text.slice(j + 1, end);
      if (v.includes("<")) throw new Error(`< inside attribute ${a[0]} at ${j}`);
      checkText(v, j + 1);
      if (a[0] in attrs) throw new Error(`attribute ${a[0]} twice at ${j}`);
      attrs[a[0]] = v;
      j = end + 1;
    }
    if (!root) root = { root: m[0], attrs };
    if (text[j] === ">") stack.push(m[0]);
    else if (stack.length === 0) closedRoot = true;
    i = j + (text[j] === ">" ? 1 : 2);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]}>`);
  if (!root) throw new Error("no root element");
  return root;
}

test("the XML check rejects what is not well formed", () => {
  assert.is(parseXml(`<?xml version="1.0"?><svg a="1"><g><text>x &amp; y</text></g><path/></svg>`).root, "svg");
  for (const bad of [`<svg><g></svg>`, `<svg a=1></svg>`, `<svg>a & b</svg>`, `<svg></svg><svg></svg>`, `<svg a="1" a="2"/>`, `<svg>`, `x<svg/>`, `<svg a="<"/>`]) {
    assert.throws(() => parseXml(bad), undefined, bad);
  }
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/**
 * Decodes a PNG far enough to prove it is one (PNG spec §5, §11.2.2, §10, §9): the signature,
 * every chunk's CRC, IHDR, IDAT inflated with zlib to exactly height × (1 + width × bytes per
 * pixel) bytes, each scanline starting with a filter type 0–4, and IEND last.
 */
function decodePng(png: Buffer): { width: number; height: number; bitDepth: number; colorType: number } {
  assert.equal([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "PNG signature");
  let at = 8;
  let ihdr: { width: number; height: number; bitDepth: number; colorType: number } | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    assert.is(png.readUInt32BE(at + 8 + len), crc32(png.subarray(at + 4, at + 8 + len)), `CRC of ${type}`);
    if (type === "IHDR") ihdr = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8], colorType: body[9] };
    if (type === "IDAT") idat.push(body);
    at += 12 + len;
    if (type === "IEND") {
      ended = true;
      break;
    }
  }
  assert.ok(ended && at === png.length, "IEND is the last chunk");
  assert.ok(ihdr, "IHDR");
  const { width, height, bitDepth, colorType } = ihdr;
  assert.ok(width > 0 && height > 0);
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  assert.ok(channels !== undefined && bitDepth === 8, `colour type ${colorType}, depth ${bitDepth}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = 1 + width * (channels as number);
  assert.is(raw.length, height * stride, "inflated image size");
  for (let y = 0; y < height; y++) assert.ok(raw[y * stride] <= 4, `filter type of row ${y}`);
  return ihdr;
}

/** Each chart: both files there and non-empty, the SVG well formed with an <svg> root, the PNG decodes at 2× the SVG's size. */
function checkChart(dir: string, name: string): string {
  const svgPath = join(dir, `${name}.svg`);
  const pngPath = join(dir, `${name}.png`);
  assert.ok(existsSync(svgPath) && statSync(svgPath).size > 0, `${name}.svg`);
  assert.ok(existsSync(pngPath) && statSync(pngPath).size > 0, `${name}.png`);
  const svg = readFileSync(svgPath, "utf8");
  const root = parseXml(svg);
  assert.is(root.root, "svg");
  assert.is(root.attrs.xmlns, "http://www.w3.org/2000/svg");
  const png = decodePng(readFileSync(pngPath));
  // resvg renders at zoom 2.
  assert.is(png.width, 2 * Number(root.attrs.width));
  assert.is(png.height, 2 * Number(root.attrs.height));
  return svg;
}

test("the FCT CDF of three values steps 1/3, 2/3, 1 at the sorted values", () => {
  const spec = fctCdfSpec([{ name: "a", values: [30, 10, 20] }], "t") as { data: { values: unknown[] } };
  assert.equal(spec.data.values, [
    { x: 10, y: 1 / 3, series: "a" },
    { x: 20, y: 2 / 3, series: "a" },
    { x: 30, y: 1, series: "a" },
  ]);
});

test("15 runs get 15 colours and a legend beside the plot (study review: a 10-colour palette gave two runs one blue)", () => {
  type Enc = { encoding: { color: { scale: { scheme: string }; legend: { orient: string } } } };
  const runs = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `run ${i}`, values: [i + 1] }));
  const many = (fctCdfSpec(runs(15), "t") as Enc).encoding.color;
  assert.equal([many.scale.scheme, many.legend.orient], ["tableau20", "right"]);
  const few = (fctCdfSpec(runs(3), "t") as Enc).encoding.color;
  assert.equal([few.scale.scheme, few.legend.orient], ["tableau10", "bottom-right"]);
  type Bars = { resolve: { axis: { x: string } }; spec: { width: number; encoding: { color: { scale: { scheme: string } } } } };
  const bars = barsSpec(runs(15).map((r) => ({ run: r.name, metric: "m", value: 1 })), "t") as Bars;
  assert.equal([bars.spec.encoding.color.scale.scheme, bars.spec.width, bars.resolve.axis.x], ["tableau20", 180, "independent"]);
});

test("the FCT axis turns logarithmic when the positive values span more than 50×", () => {
  const scale = (values: number[]) => (fctCdfSpec([{ name: "a", values }], "t") as { encoding: { x: { scale: unknown } } }).encoding.x.scale;
  assert.equal(scale([1, 50]), { zero: false });
  assert.equal(scale([1, 51]), { type: "log" });
  assert.equal(scale([0, 2, 100]), { zero: false }, "a zero does not count");
  assert.equal(scale([]), { zero: false });
});

test("one run's CDF series: one per flow class when there are several, flows not finished left out", () => {
  const r = runScenario({ ...tiny(), traffic: [{ kind: "incast", senders: 2, receiver: 0, bytes: 100_000, class: "incast" }, { kind: "flows", class: "solo", flows: [{ src: 5, dst: 6, bytes: 50_000 }] }] });
  const fct = (i: number) => r.flows[i].fctUs as number;
  assert.equal(runFctSeries(r), [
    { name: "incast", values: [fct(0), fct(1)], flows: 2 },
    { name: "solo", values: [fct(2)], flows: 1 },
  ]);
  const one = runScenario(tiny());
  const unfinished: Results = { ...one, flows: one.flows.map((f, i) => (i === 1 ? { ...f, fctUs: null, status: "incomplete" as const } : f)) };
  assert.equal(runFctSeries(unfinished), [{ name: "nscc", values: [one.flows[0].fctUs as number, one.flows[2].fctUs as number], flows: 3 }]);
  const soloUnfinished: Results = { ...r, flows: r.flows.map((f, i) => (i === 2 ? { ...f, fctUs: null, status: "incomplete" as const } : f)) };
  assert.equal(runFctSeries(soloUnfinished), [{ name: "incast", values: [fct(0), fct(1)], flows: 2 }], "a class with no finished flow has no line");
});

test("comparison bars: a metric no run has (null or 0) is left out; a run without it has no bar (null), not a bar of 0", () => {
  const r = runScenario(tiny());
  const withP50 = (p50: number | null): Results => ({ ...r, metrics: { ...r.metrics, fctUs: { ...r.metrics.fctUs, all: { ...r.metrics.fctUs.all, p50 } } } });
  assert.not.ok(comparisonRows([withP50(null), withP50(null)], ["A", "B"]).some((x) => x.metric === "FCT p50 (µs)"));
  assert.equal(comparisonRows([withP50(null), withP50(7)], ["A", "B"]).filter((x) => x.metric === "FCT p50 (µs)").map((x) => x.value), [null, 7]);
});

test("nicfw plot of one run without samples draws its CDF only; with one sampled flow and no port, the window too", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-plot1-"));
  const bare = await plotResults([runScenario(tiny())], join(dir, "bare"));
  assert.equal(bare.map((f) => f.slice(dir.length + 6)).sort(), ["fct-cdf.png", "fct-cdf.svg"]);
  const sampled = await plotResults([runScenario({ ...tiny(), metrics: { sample: { intervalUs: 5, flows: [0] } } })], join(dir, "one"));
  assert.equal(sampled.map((f) => f.slice(dir.length + 5)).sort(), ["cwnd.png", "cwnd.svg", "fct-cdf.png", "fct-cdf.svg"]);
});

test("nicfw plot of one run: FCT CDF, cwnd over time and queue occupancy over time, as SVG and PNG", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-plot-"));
  const r = runScenario(tiny(), { defaultSample: true });
  writeFileSync(join(dir, "results.json"), JSON.stringify(r));
  const log = console.log;
  const lines: string[] = [];
  console.log = (s: string) => lines.push(s);
  let code: number;
  try {
    code = await plotCommand([join(dir, "results.json")]);
  } finally {
    console.log = log;
  }
  assert.is(code, 0);
  assert.match(lines.join("\n"), "wrote 6 files");
  const fct = checkChart(dir, "fct-cdf");
  assert.ok(fct.includes("FCT CDF — plot test"), "title");
  assert.ok(fct.includes("flow completion time (µs)"), "x axis");
  const cwnd = checkChart(dir, "cwnd");
  for (const f of [0, 1, 2]) assert.ok(cwnd.includes(`flow ${f} (nscc)`), `legend has flow ${f}`);
  const queues = checkChart(dir, "queues");
  assert.ok(queues.includes("queue occupancy over time"));
  assert.ok(queues.includes("→ host 0"), "the receiver's port is sampled");
  assert.not.ok(existsSync(join(dir, "compare-bars.svg")));
});

test("nicfw run --plots writes the run's charts beside results.json", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-runplots-"));
  writeFileSync(join(dir, "s.json"), JSON.stringify(tiny()));
  const log = console.log;
  console.log = () => {};
  let code: number;
  try {
    code = await runCommand([join(dir, "s.json"), "--out", join(dir, "out"), "--plots", "--quiet"]);
  } finally {
    console.log = log;
  }
  assert.is(code, 0);
  assert.ok(existsSync(join(dir, "out", "results.json")));
  for (const name of ["fct-cdf", "cwnd", "queues"]) checkChart(join(dir, "out"), name);
});

test("a comparison: one CDF line and one bar per run, the bars' heights the runs' own metrics", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-cmpplot-"));
  const rs = [runScenario(tiny("reps")), runScenario(tiny("ecmp"))];
  const files = await plotResults(rs, dir);
  assert.equal(files.map((f) => f.slice(dir.length + 1)).sort(), ["compare-bars.png", "compare-bars.svg", "fct-cdf.png", "fct-cdf.svg"]);
  const bars = checkChart(dir, "compare-bars");
  const cdf = checkChart(dir, "fct-cdf");
  for (const label of ["nscc+reps+rud", "nscc+ecmp+rud"]) {
    assert.ok(bars.includes(label), `bar label ${label}`);
    assert.ok(cdf.includes(label), `legend ${label}`);
  }
  const rows = comparisonRows(rs, ["A", "B"]);
  assert.equal(rows.filter((x) => x.metric === "FCT p99 (µs)"), [
    { run: "A", metric: "FCT p99 (µs)", value: rs[0].metrics.fctUs.all.p99 as number },
    { run: "B", metric: "FCT p99 (µs)", value: rs[1].metrics.fctUs.all.p99 as number },
  ]);
  assert.not.ok(rows.some((x) => x.metric === "PFC pauses"), "no PFC row when no run paused");
  const metrics = [...new Set(rows.map((x) => x.metric))];
  assert.ok(metrics.every((m) => rows.some((x) => x.metric === m && x.value !== 0)), "no chart of zeros");
  assert.is(rs[0].metrics.drops.total + rs[1].metrics.drops.total, 0);
  assert.not.ok(metrics.includes("drops"));
  const spec = barsSpec(rows, "t") as { data: { values: unknown[] } };
  assert.is(spec.data.values.length, rows.length);
});

test("chart labels keep the value that tells runs apart: a tag's path cut to its last part, an overlong label in its middle", () => {
  assert.equal(chartLabels(["ops · transport.ackEveryBytes=0", "reps · transport.ackEveryBytes=65536"]), ["ops · ackEveryBytes=0", "reps · ackEveryBytes=65536"]);
  // A bare name or profile keeps its parent; two paths ending alike keep theirs (which bytes is which).
  assert.equal(chartLabels(["lb.name=ops params.profile=uec", "lb.name=reps params.profile=smartt"]), ["lb.name=ops params.profile=uec", "lb.name=reps params.profile=smartt"]);
  assert.equal(chartLabels(["transport.lb.name=ops", "transport.lb.name=reps"]), ["lb.name=ops", "lb.name=reps"]);
  const twice = ["flows[0].bytes=1 flows[1].bytes=2", "flows[0].bytes=2 flows[1].bytes=1"];
  assert.equal(chartLabels(twice), twice);
  // 46 characters, over the 36 kept: 35 around "…", ceil(35 × 2 / 3) = 24 after it, 11 before.
  const long = "nscc+reps+rud · note=a-rather-long-note seed=";
  assert.equal(chartLabels([`${long}1`, `${long}2`]), ["nscc+reps+r…-rather-long-note seed=1", "nscc+reps+r…-rather-long-note seed=2"]);
  // Cut alike, they stay whole (vega's labelLimit then fits them).
  const alike = [`a${"m".repeat(20)}1${"m".repeat(30)}`, `a${"m".repeat(20)}2${"m".repeat(30)}`];
  assert.equal(chartLabels(alike), alike);
});

test("a comparison's legend and bars show every label whole (review: six lines all read `ops · transport.ac…`)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-labels-"));
  // The review's sweep: lb × transport.ackEveryBytes, labelled by compare as `ops · transport.ackEveryBytes=0`.
  const runs = { ops: runScenario(tiny("ops")), reps: runScenario(tiny("reps")) };
  const grid = (["ops", "reps"] as const).flatMap((lb) => [0, 16384, 65536].map((ack) => ({ ...runs[lb], tags: { "transport.lb.name": lb, "transport.ackEveryBytes": ack } })));
  await plotResults(grid, dir);
  const cdf = checkChart(dir, "fct-cdf");
  const bars = checkChart(dir, "compare-bars");
  for (const lb of ["ops", "reps"]) {
    for (const ack of [0, 16384, 65536]) {
      assert.ok(cdf.includes(`>${lb} · ackEveryBytes=${ack}<`), `legend ${lb} ${ack}`);
      assert.ok(bars.includes(`>${lb} · ackEveryBytes=${ack}<`), `bar ${lb} ${ack}`);
    }
  }
  assert.not.ok(cdf.includes("…") || bars.includes("…"), "nothing cut");
  // --labels are the user's words: over 36 characters, still whole (review rev-d4: they lost their middle).
  const mine = grid.map((_, i) => `baseline run with trimming on, seed ${i} of 6`);
  const own = mkdtempSync(join(tmpdir(), "nicfw-labels-"));
  await plotResults(grid, own, mine);
  const legend = checkChart(own, "fct-cdf");
  for (const l of mine) assert.ok(legend.includes(`>${l}<`), l);
});

/** A copy of `r` as if run under `seed`, with its all-flows FCT p99 and goodput set (hand-chosen numbers). */
function asSeed(r: Results, seed: number, p99: number | null, gbps: number): Results {
  const c = structuredClone(r);
  c.seed = seed;
  c.metrics.fctUs.all.p99 = p99;
  c.metrics.goodput.totalGbps = gbps;
  return c;
}

/** plotCommand's exit code, stdout and stderr. */
async function plotCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (s: string) => out.push(s);
  console.error = (s: string) => err.push(s);
  try {
    return { code: await plotCommand(argv), out: out.join("\n"), err: err.join("\n") };
  } finally {
    [console.log, console.error] = [log, error];
  }
}

test("--mean-over: a bar is the mean of its column's runs with their min and max; a run without the value stays out", () => {
  const base = runScenario(tiny());
  // Column A: seeds 1–3 with p99 100, 200, 600 µs → mean 300, min 100, max 600; goodput 10, 20, 30 → 20.
  // Column B: seeds 1–2 with p99 null (no flow finished) and 50 → mean 50 over the one run that has it.
  const rs = [asSeed(base, 1, 100, 10), asSeed(base, 2, 200, 20), asSeed(base, 1, 50, 4), asSeed(base, 3, 600, 30), asSeed(base, 2, null, 6)];
  const rows = comparisonRows(rs, ["A", "B"], [[0, 1, 3], [2, 4]]);
  assert.equal(rows.filter((r) => r.metric === "FCT p99 (µs)"), [
    { run: "A", metric: "FCT p99 (µs)", value: 300, min: 100, max: 600 },
    // compare's "(1 of 2 runs)": the mean of the one run with a value, said above the bar.
    { run: "B", metric: "FCT p99 (µs)", value: 50, min: 50, max: 50, of: "1 of 2 runs" },
  ]);
  assert.equal(rows.filter((r) => r.metric === "goodput (Gb/s)"), [
    { run: "A", metric: "goodput (Gb/s)", value: 20, min: 10, max: 30 },
    { run: "B", metric: "goodput (Gb/s)", value: 5, min: 4, max: 6 },
  ]);
  const spec = barsSpec(rows, "t") as { spec: { layer?: { mark: { type: string } }[] } };
  assert.equal(spec.spec.layer?.map((l) => l.mark.type), ["bar", "rule", "text"], "whiskers where a column's runs differ, and the count over B's p99");
  // One run per bar: no whiskers, the chart as before.
  assert.is((barsSpec(comparisonRows(rs, ["1", "2", "3", "4", "5"]), "t") as { spec: { layer?: unknown } }).spec.layer, undefined);
});

test("--mean-over: a CDF line pools its column's flows, the fraction of all of them", () => {
  const a = runScenario(tiny());
  const b = runScenario({ ...tiny(), seed: 2 });
  const done = (r: Results) => r.flows.filter((f) => f.status === "complete").length;
  const [pooled] = runsFctSeries([a, b], ["both"], [[0, 1]]);
  assert.is(pooled.values.length, done(a) + done(b));
  assert.is(pooled.flows, a.flows.length + b.flows.length);
  assert.equal([...pooled.values].sort((x, y) => x - y), [...a.flows, ...b.flows].filter((f) => f.status === "complete").map((f) => f.fctUs as number).sort((x, y) => x - y));
});

test("nicfw plot --mean-over seed: one line and one bar per module, whiskers drawn; errors as compare's", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-plotmean-"));
  const files: string[] = [];
  for (const lb of ["reps", "ecmp"]) {
    for (const seed of [1, 2]) {
      const f = join(dir, `${lb}-${seed}.json`);
      writeFileSync(f, JSON.stringify(runScenario({ ...tiny(lb), seed })));
      files.push(f);
    }
  }
  const ok = await plotCli([...files, "--mean-over", "seed", "--out", join(dir, "charts")]);
  assert.is(ok.code, 0, ok.err);
  const cdf = checkChart(join(dir, "charts"), "fct-cdf");
  const bars = checkChart(join(dir, "charts"), "compare-bars");
  for (const label of ["nscc+reps+rud", "nscc+ecmp+rud"]) {
    assert.ok(cdf.includes(`>${label}<`), `legend ${label}`);
    assert.ok(bars.includes(`>${label}<`), `bar ${label}`);
  }
  assert.not.ok(/seed=/.test(cdf), "the seeds are merged, not labels");
  assert.ok(cdf.includes("runs pooled per line"), "the CDF says it pools");
  assert.ok(bars.includes("min–max whiskers"), "the bars say what the whiskers are");
  const bad = await plotCli([...files, "--mean-over", "load", "--out", join(dir, "x")]);
  assert.is(bad.code, 2);
  assert.match(bad.err, "--mean-over load: no run has the tag load");
  const labels = await plotCli([...files, "--mean-over", "seed", "--labels", "a,b,c", "--out", join(dir, "x")]);
  assert.is(labels.code, 2);
  assert.match(labels.err, "3 labels for 2 columns");
  assert.not.ok(existsSync(join(dir, "x")), "nothing written on an error");
});

test("nicfw plot cuts the labels it generates as plotResults does (a tag's path to its last part), not --labels", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-plotcut-"));
  const r = runScenario(tiny());
  const files = [0, 65536].map((ack) => {
    const f = join(dir, `ack-${ack}.json`);
    writeFileSync(f, JSON.stringify({ ...r, tags: { "transport.ackEveryBytes": ack } }));
    return f;
  });
  assert.is((await plotCli([...files, "--out", join(dir, "gen")])).code, 0);
  const gen = checkChart(join(dir, "gen"), "fct-cdf");
  assert.ok(gen.includes(">ackEveryBytes=65536<"), "generated label cut to the tag's last part");
  assert.not.ok(gen.includes("transport.ackEveryBytes"));
  assert.is((await plotCli([...files, "--labels", "transport.ackEveryBytes=0,transport.ackEveryBytes=65536", "--out", join(dir, "own")])).code, 0);
  assert.ok(checkChart(join(dir, "own"), "fct-cdf").includes(">transport.ackEveryBytes=65536<"), "--labels whole");
});

test("bars in compare's column order in every panel, each run its colour, where a run lacks the first panel's value (review rev-cli F4)", async () => {
  // e1's order: ecmp seed 1, reps seed 1 (no flow complete: no FCT), ecmp seed 2, reps seed 2.
  // Left to the data, the FCT panel met reps seed 1 last and drew it last.
  const runs = ["ecmp 1", "reps 1", "ecmp 2", "reps 2"];
  const fct = [29.76, null, 29.47, 29.47];
  const goodput = [400.8, 595.4, 651.4, 651.4];
  const rows = [...runs.map((run, i) => ({ run, metric: "FCT p99 (µs)", value: fct[i] })), ...runs.map((run, i) => ({ run, metric: "goodput (Gb/s)", value: goodput[i] }))];
  const spec = barsSpec(rows, "t") as { spec: { encoding: { x: { scale: { domain: string[] } }; color: { scale: { domain: string[] } } } } };
  assert.equal(spec.spec.encoding.x.scale.domain, runs);
  assert.equal(spec.spec.encoding.color.scale.domain, runs);
  // Drawn: each panel's axis names the four in that order (the first panel first in the SVG).
  const { svg } = await render(spec);
  const named = [...svg.matchAll(/>((?:ecmp|reps) \d)</g)].map((m) => m[1]);
  assert.equal(named, [...runs, ...runs]);
});

test("each run has one colour in the FCT CDF and in the bars, in compare's order, whatever its name (audit 2026-12-07)", async () => {
  // Named so that alphabetical order differs from compare's: the CDF's colours went by name, so
  // "reps seed=2" was drawn red there and blue in the bars.
  const names = ["reps seed=2", "ecmp seed=10", "ecmp seed=2"];
  const cdf = (await render(fctCdfSpec(names.map((name, i) => ({ name, values: [10 + i, 20 + i] })), "t"))).svg;
  const bars = (await render(barsSpec(names.map((run, i) => ({ run, metric: "FCT p99 (µs)", value: 10 + i })), "t"))).svg;
  const colour = (svg: string, label: RegExp) => {
    const m = svg.match(label);
    assert.ok(m, String(label));
    return (m as RegExpMatchArray)[1];
  };
  const esc = (n: string) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const tableau10 = ["#4c78a8", "#f58518", "#e45756"];
  names.forEach((n, i) => {
    const line = colour(cdf, new RegExp(`series: ${esc(n)}" role="graphics-symbol" aria-roledescription="line mark" d="[^"]*" stroke="(#[0-9a-f]{6})"`));
    const bar = colour(bars, new RegExp(`run: ${esc(n)}; value: [0-9.]+" role="graphics-symbol" aria-roledescription="bar" d="[^"]*" fill="(#[0-9a-f]{6})"`));
    assert.equal([line, bar], [tableau10[i], tableau10[i]], n);
  });
  // The legend lists them in the same order.
  assert.ok(cdf.includes("3 values: reps seed=2, ecmp seed=10, ecmp seed=2"));
});

test("nicfw plot says on stderr what its charts leave out, as compare does: flows open at the end, and bars that are the mean of some runs only", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-plotnotes-"));
  const base = runScenario(tiny());
  // tiny: 3 flows, all complete. ecmp's seed 2 as if cut short: 1 of 3 complete, 2 open, no p99.
  const cut = (r: Results): Results => ({ ...r, completed: 1, metrics: { ...r.metrics, fctUs: { ...r.metrics.fctUs, all: { ...r.metrics.fctUs.all, p50: null, p99: null } } } });
  const files = (["reps", "ecmp"] as const).flatMap((lb) =>
    [1, 2].map((seed) => {
      const r = { ...base, modules: { ...base.modules, lb: [lb] }, seed, tags: { "transport.lb.name": lb, seed } };
      const f = join(dir, `${lb}-${seed}.json`);
      writeFileSync(f, JSON.stringify(lb === "ecmp" && seed === 2 ? cut(r) : r));
      return f;
    }),
  );
  const out = await plotCli([...files, "--mean-over", "seed", "--out", join(dir, "charts")]);
  assert.is(out.code, 0, out.err);
  const err = out.err.split("\n");
  assert.ok(err[0].startsWith("nicfw plot: note: nscc+ecmp+rud: flows open at the end of the run. The charts' FCT, slowdown and JCT cover completed flows only"), out.err);
  // The FCT p50 and p99 of ecmp: its seed 1 alone, 1 of its 2 runs.
  assert.is(err[1], "nicfw plot: note: bars that are the mean of only the runs with a value (marked above the bar): FCT p50 (µs): nscc+ecmp+rud (1 of 2 runs); FCT p99 (µs): nscc+ecmp+rud (1 of 2 runs)");
  assert.ok(checkChart(join(dir, "charts"), "compare-bars").includes(">1 of 2 runs<"), "marked above the bar");
  assert.is(partialMeansNote([{ run: "a", metric: "m", value: 1, min: 1, max: 1 }]), null);
  // A run each: the open-flows note only.
  const each = await plotCli([...files, "--out", join(dir, "each")]);
  assert.equal(each.err.split("\n").map((l) => l.slice(0, 40)), ["nicfw plot: note: ecmp · seed=2: flows o"]);
});


test("nicfw plot --out naming a file: one line and exit 2, as run and sweep (audit 2026-12-07: a stack trace)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "nicfw-plotout-"));
  const f = join(dir, "results.json");
  writeFileSync(f, JSON.stringify(runScenario(tiny())));
  writeFileSync(join(dir, "afile"), "");
  for (const out of [join(dir, "afile"), join(dir, "afile", "sub")]) {
    const r = await plotCli([f, "--out", out]);
    assert.is(r.code, 2, out);
    assert.match(r.err, `nicfw plot: --out ${out}: `);
  }
});

test.run();
