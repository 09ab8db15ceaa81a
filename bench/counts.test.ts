import { test } from "uvu";
import * as assert from "uvu/assert";
import { changeText, compareCounts, mergeCounts, type CountRow } from "./counts";

const row = (module: string, handler: string, n: number): CountRow => ({ module, handler, instructionsPerPacket: n, runs: [n] });

test("a filtered run replaces its rows, keeps the others and leaves the table in bench order", () => {
  const existing = [row("cc/nscc", "onAck", 432), row("cc/nscc", "onTrim", 334), row("lb/reps", "choosePath", 90)];
  const fresh = [row("cc/nscc", "onTrim", 320), row("cc/swift", "onAck", 150)];
  const order = ["cc/nscc onAck", "cc/nscc onTrim", "cc/swift onAck", "lb/reps choosePath"];
  const merged = mergeCounts(existing, fresh, order);
  assert.equal(
    merged.map((r) => `${r.module} ${r.handler} ${r.instructionsPerPacket}`),
    ["cc/nscc onAck 432", "cc/nscc onTrim 320", "cc/swift onAck 150", "lb/reps choosePath 90"],
  );
});

test("rows the workload list no longer names go after the known ones", () => {
  const merged = mergeCounts([row("gone/x", "h", 1), row("cc/nscc", "onAck", 2)], [], ["cc/nscc onAck"]);
  assert.equal(merged.map((r) => r.module), ["cc/nscc", "gone/x"]);
});

test("a row regresses only beyond the tolerance; fewer instructions and new rows never do", () => {
  const baseline = [row("a", "x", 400), row("a", "y", 400), row("a", "z", 400)];
  // 412 is +3.0 % (within 3 %), 413 is +3.25 %, 300 is −25 %.
  const changes = compareCounts(baseline, [row("a", "x", 412), row("a", "y", 413), row("a", "z", 300), row("b", "n", 50)], 0.03);
  assert.equal(
    changes.map((c) => [c.handler, c.regressed]),
    [["x", false], ["y", true], ["z", false], ["n", false]],
  );
  assert.is(changes[1].change, 13 / 400);
  assert.is(changes[3].before, undefined);
  assert.equal(changes.map(changeText), ["+3.0 %", "+3.3 %", "−25.0 %", "new"]);
});

test("an unchanged count reads 0.0 % and passes a zero tolerance", () => {
  const [c] = compareCounts([row("a", "x", 400)], [row("a", "x", 400)], 0);
  assert.is(changeText(c), "0.0 %");
  assert.is(c.regressed, false);
});

test("a negative or non-finite tolerance is refused", () => {
  assert.throws(() => compareCounts([], [], -0.01), RangeError);
  assert.throws(() => compareCounts([], [], Number.NaN), RangeError);
  assert.throws(() => compareCounts([], [], Number.POSITIVE_INFINITY), RangeError);
});

test.run();
