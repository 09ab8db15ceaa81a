// bench/coverage.ts must pass only when every per-packet handler of lib's public API is called by
// some workload's op (DESIGN.md rule 4's check can see nothing else), and must name the handlers
// it finds uncovered. Each run is its own process: the script's counting shims stay installed.
import { execFile } from "node:child_process";
import { test } from "uvu";
import * as assert from "uvu/assert";

interface Run {
  out: string[];
  status: number;
}

/** One run of the script (about 10 s: it builds every workload); the runs below go side by side. */
function coverage(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "bench/coverage.ts", ...args],
      { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        resolve({ out: `${stdout}${stderr}`.split("\n").filter((l) => l !== ""), status });
      },
    );
  });
}

const full = coverage();
const withoutTwo = coverage("--without", "reliability/rud mix RudSender.onTimer+onNack+post, RudReceiver.onTrimmed", "--without", "switch/routing ugalChoose");

test("every per-packet handler of lib's public API is called by some workload's op", async () => {
  const r = await full;
  const out = r.out;
  assert.equal(out.filter((l) => !l.startsWith("coverage:")), [], "uncovered handlers or stale exemptions");
  assert.match(out.join("\n"), /^coverage: (\d+) of \1 per-packet handlers/m);
  assert.is(r.status, 0);
});

test("a handler only a left-out row calls is reported, with the exit code", async () => {
  // The RUD mix row's op calls RudSender.onTimer, nextPacket, onAck, onNack and post and
  // RudReceiver.onData and onTrimmed; the other RUD rows' ops call nextPacket, onAck, onData
  // and onNack (post only in their setup), so without it exactly onTimer, post and onTrimmed
  // lose their caller. Router.ugalChoose has one row of its own.
  const r = await withoutTwo;
  const uncovered = r.out.filter((l) => l.startsWith("uncovered ")).sort();
  assert.equal(uncovered, ["uncovered RudReceiver.onTrimmed", "uncovered Router.ugalChoose", "uncovered RudSender.onTimer", "uncovered RudSender.post"].sort());
  assert.is(r.status, 1);
});

test.run();
