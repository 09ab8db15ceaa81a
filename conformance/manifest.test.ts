// The manifest a port reads instead of the TypeScript: it must be the library as it is, and it
// must name everything the vectors use.
import { readFileSync } from "node:fs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SPRITZ_PARAM_NAMES } from "../lib/lb/index";
import { vectorFiles, loadVectors } from "./files";
import { API_FILE, type Manifest, SCHEMA_FILE, libraryManifest, manifestText, schemaText } from "./manifest";

const built = libraryManifest();
const checkedIn = JSON.parse(readFileSync(API_FILE, "utf8")) as Manifest;

test("conformance/api.json and schema.json are what `npm run manifest` writes now", () => {
  assert.ok(readFileSync(API_FILE, "utf8") === manifestText(built), `${API_FILE} is stale: run npm run manifest`);
  assert.ok(readFileSync(SCHEMA_FILE, "utf8") === schemaText(), `${SCHEMA_FILE} is stale: run npm run manifest`);
});

test("every handler, argument and expectation key a vector uses is in the manifest", () => {
  const missing: string[] = [];
  for (const { file, vector } of loadVectors(vectorFiles(["conformance/vectors"]))) {
    // A frame vector calls wire functions, not a class's handlers: the runner checks its names.
    if (vector === undefined || vector.kind === "frame") continue;
    const classes = checkedIn.modules[vector.module]?.classes ?? {};
    const names = Object.keys(classes);
    const cls = classes[vector.class ?? (names.length === 1 ? names[0] : "")];
    if (cls === undefined) {
      missing.push(`${file}: class`);
      continue;
    }
    for (const entry of vector.open) {
      const want = cls.handlers.open?.args ?? [];
      for (const a of Object.keys(entry)) if (want.indexOf(a) < 0) missing.push(`${file}: open(${a})`);
    }
    for (const step of vector.steps) {
      const h = cls.handlers[step.call];
      if (h === undefined) missing.push(`${file}: handler ${step.call}`);
      else if ([...h.args].sort().join() !== Object.keys(step.args).sort().join()) missing.push(`${file}: ${step.call} args`);
      for (const key of Object.keys(step.expect ?? {})) {
        if (key === "return" || key === "throws") continue;
        const root = key.split(".")[0];
        const known = key.startsWith("out.") ? cls.outFields.indexOf(key.slice(4)) >= 0 : key.indexOf(".") > 0 ? root in cls.fields : key in cls.readers || key in cls.counters;
        if (!known) missing.push(`${file}: ${key}`);
      }
    }
  }
  assert.equal([...new Set(missing.map((m) => m.replace(/^.*: /, "")))], []);
});

test("the manifest carries values a port needs, as worked out by hand", () => {
  const nscc = built.modules["cc/nscc"].classes.Nscc;
  // Alg. 1's argument order as the vectors pass it by name; UEC's BDP at 100 Gb/s over the
  // default base RTT: 12.5 B/ns × 14,022.72 ns = 175,284 B.
  assert.equal(nscc.handlers.onAck.args, ["slot", "nowNs", "ackedBytes", "rttNs", "ecn"]);
  assert.equal(nscc.profiles, ["smartt", "uec", "uec-htsim"]);
  assert.is(nscc.defaults?.uec.bdpBytes, 175_284);
  assert.is(nscc.defaults?.uec.linkGbps, 100);
  // JSON has no Infinity: the uec profile with trimming never takes QuickAdapt on delay.
  assert.is(nscc.defaults?.uec.qaThresholdNs, "Infinity");
  assert.ok("cwndBytes" in nscc.readers && !("open" in nscc.readers));
  // README step 4: a key is a reader only as `name(slot)` or `name()`; Nscc.canSend(slot, bytes)
  // and Reps.choosePath(slot, nowNs) take more, so a port must not offer them as keys. DACK's
  // target reads `occupancyBytes()` with no argument and its initiator `canSend(slot)`.
  assert.equal(nscc.readers.canSend, undefined);
  assert.equal(built.modules["lb/reps"].classes.Reps.readers.choosePath, undefined);
  assert.equal(built.modules["reliability/dcp"].classes.DcpSender.readers.post, undefined);
  assert.equal(built.modules["reliability/dack"].classes.DackTarget.readers.occupancyBytes?.args, []);
  assert.equal(built.modules["reliability/dack"].classes.DackInitiator.readers.canSend?.args, ["slot"]);
  assert.ok("errors" in nscc.counters);
  assert.is(built.modules["switch/reflex"].classes.ReflexNdt.fields.normalBytes?.type, "Int32Array");
  // lib/core/errors.ts: DESIGN.md rule 7's codes.
  assert.equal(built.errors, { E_ARG: -2, E_FULL: -4, E_MALFORMED: -6, E_OVERFLOW: -5, E_SLOT: -1, E_STATE: -3 });
  // A module without defaults says what construction needs instead.
  assert.match(built.modules["lb/spritz"].classes.SpritzScout.defaultsNeed ?? "", /table, network, or topology/);
});

test("every handler a vector may call carries its doc comment, arrow-function fields included", () => {
  const bare: string[] = [];
  for (const [m, mod] of Object.entries(built.modules)) {
    for (const [c, cls] of Object.entries(mod.classes)) for (const [h, e] of Object.entries(cls.handlers)) if (e.doc === "") bare.push(`${m} ${c}.${h}`);
  }
  assert.equal(bare, []);
  // RACK's nextPacket and routing's ugal are arrow-function fields (lib/README.md, "Helpers
  // that stay calls"): their arguments come from the arrow, their docs from the field.
  const rack = built.modules["reliability/rack"].classes.RackSender.handlers.nextPacket;
  assert.match(rack.doc, /^A due tail-loss probe first/);
  assert.equal(built.modules["switch/routing"].classes.Router.handlers.ugal.args, ["slot", "minOffset", "minCount", "valOffset", "valCount"]);
});

test("every parameter in any class's defaults carries its doc comment and type", () => {
  const bare: string[] = [];
  for (const [m, mod] of Object.entries(built.modules)) {
    for (const [c, cls] of Object.entries(mod.classes)) {
      // A class that cannot be built without arguments (defaults null: Spritz needs a topology)
      // names every member of its params type instead; an empty list would check nothing.
      const names = new Set(cls.defaults === null ? Object.keys(cls.params) : Object.values(cls.defaults).flatMap((row) => Object.keys(row)));
      if (names.size === 0) bare.push(`${m} ${c} (no parameters)`);
      for (const n of names) if (cls.params[n] === undefined || cls.params[n].doc === "") bare.push(`${m} ${c}.${n}`);
      // `params` names nothing `defaults` does not: a port checks its parameters against both.
      for (const n of Object.keys(cls.params)) if (!names.has(n)) bare.push(`${m} ${c}.${n} (not in defaults)`);
      // A profile parameter's values are the class's profiles (sorted).
      if (cls.params.profile !== undefined) assert.equal(cls.params.profile.values, [...cls.profiles].sort(), `${m} ${c}.profile`);
    }
  }
  assert.equal(bare, []);
  // lib/cc/nscc/params.ts: UEC's α is in bytes² per (acked byte × ns below target), a number;
  // the delay averager one of two strings; inherited fields (Pfc's from PfcCommonParams through
  // PfcBase<PfcParams>) keep their comments.
  const nscc = built.modules["cc/nscc"].classes.Nscc.params;
  assert.equal(nscc.alphaBytesPerNs.type, "number");
  assert.match(nscc.alphaBytesPerNs.doc, /bytes² per \(acked byte × ns below target\)/);
  assert.equal(nscc.delayAverager.values, ["ewma", "htsim"]);
  assert.equal(built.modules["reliability/dack"].classes.DackTarget.params.policy?.values, ["baseline", "dack"]);
  assert.equal(built.modules["switch/pfc"].classes.Pfc.params.linkGbps?.type, "number");
  // Spritz's defaults are null (no topology, no table): its parameters are the members of
  // SpritzParams, the 26 names resolveSpritzParams accepts, in all three endpoint classes; those of
  // SpritzPaths (no params field) its constructor's SpritzPathsParams: TopologySpec's 5
  // (topology, p, a, h, q) + HopLatency's 5 + maxPathsPerDestination + wScale = 12.
  const spritz = built.modules["lb/spritz"].classes;
  for (const c of ["SpritzScout", "SpritzSpray", "SpritzVlan"]) assert.equal(Object.keys(spritz[c].params), [...SPRITZ_PARAM_NAMES].sort(), c);
  const paths = ["a", "globalLinkNs", "h", "linkGbps", "localLinkNs", "maxPathsPerDestination", "p", "packetBytes", "q", "switchLatencyNs", "topology", "wScale"];
  assert.equal(Object.keys(spritz.SpritzPaths.params), paths);
  const scout = spritz.SpritzScout.params;
  assert.equal(scout.topology?.values, ["dragonfly", "slimfly"]);
  assert.equal(scout.bufferOrder?.values, ["latency", "rtt"]);
  assert.equal(scout.weighted?.type, "boolean");
  assert.equal(scout.table?.type, "EndpointTable");
  assert.equal(spritz.SpritzPaths.params.topology?.values, ["dragonfly", "slimfly"]);
});

test("every exported constant carries a doc comment, its own or its group's (what a result bit or a limit means)", () => {
  const bare: string[] = [];
  for (const [m, mod] of Object.entries(built.modules)) for (const c of Object.keys(mod.constants)) if ((mod.constantDocs[c] ?? "") === "") bare.push(`${m} ${c}`);
  assert.equal(bare, []);
  // A group under one comment: go-back-N's onData bits share it; a bit with its own keeps that.
  const gbn = built.modules["reliability/gbn"].constantDocs;
  assert.is(gbn.GBN_RX_ACK, gbn.GBN_RX_PLACE);
  assert.match(gbn.GBN_RX_NACK, /^send a NACK/);
});

test("every parameter of a class built from its defaults has the range its constructor holds it to", () => {
  const bare: string[] = [];
  for (const [m, mod] of Object.entries(built.modules)) {
    for (const [c, cls] of Object.entries(mod.classes)) {
      if (cls.defaults === null) continue;
      for (const [n, e] of Object.entries(cls.params)) {
        // A profile is checked against its values; OPS's sets are records checked field by field.
        if (n === "profile" || (c === "Ops" && n === "sets")) continue;
        if (e.range === undefined && e.rangeByProfile === undefined) bare.push(`${m} ${c}.${n}`);
      }
    }
  }
  assert.equal(bare, []);
  // As the constructors' rules read (lib/lb/plb/plb.ts, lib/switch/pfc/params.ts, lib/cc/timely/params.ts):
  // PfcShared's own parameters and those it takes from Pfc both reach it through a merge.
  const plb = built.modules["lb/plb"].classes.Plb.params;
  assert.equal(plb.rehashRounds.range, "an integer in [1, 255]");
  assert.equal(plb.congestionThreshold.range, "a number in [0, 1]");
  assert.equal(plb.congestedAbove.range, "a boolean");
  const shared = built.modules["switch/pfc"].classes.PfcShared.params;
  assert.equal(shared.poolAlphaLog2.range, "an integer in [-8, 8]");
  assert.equal(shared.poolRule.range, 'one of "dynamic", "complete"');
  assert.equal(shared.linkGbps.range, built.modules["switch/pfc"].classes.Pfc.params.linkGbps.range);
  assert.ok(shared.linkGbps.range !== undefined);
  // What `open` refuses by throwing is in its doc (its @throws tag): Swift's hop count.
  assert.match(built.modules["cc/swift"].classes.Swift.handlers.open.doc, /Throws: RangeError for a slot outside the table or hops not an integer in \[0, 255\]/);
  // A bound from another parameter differs by profile: TIMELY's floor is 10 Mb/s in the paper, 1 Gb/s in HPCC's.
  assert.equal(built.modules["cc/timely"].classes.Timely.params.initRateGbps.rangeByProfile, { paper: "a number in [0.01, 100]", hpcc: "a number in [1, 100]" });
});

test.run();
