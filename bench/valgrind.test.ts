import { test } from "uvu";
import * as assert from "uvu/assert";
import { instructionsPerEvent, parseIrefs } from "./valgrind";

test("the I refs total is read with its thousands separators", () => {
  const stderr = "==20397== Cachegrind, a cache and branch-prediction profiler\n==20397== \n==20397== I   refs:      1,561,065,817\n";
  assert.is(parseIrefs(stderr), 1561065817);
  assert.is(parseIrefs("==1== I refs: 42\n"), 42);
  assert.is(parseIrefs("valgrind: failed to start tool 'cachegrind'\n"), undefined);
});

test("instructions per event are the extra instructions over the extra events", () => {
  // 40 ops of 4096 events more cost 80,445,440 instructions more: 491 per event.
  assert.is(instructionsPerEvent({ instructions: 1_000_000_000, events: 4096 * 10 }, { instructions: 1_080_445_440, events: 4096 * 50 }), 491);
  assert.is(instructionsPerEvent({ instructions: 5, events: 10 }, { instructions: 9, events: 10 }), undefined);
  assert.is(instructionsPerEvent({ instructions: 5, events: 20 }, { instructions: 9, events: 10 }), undefined);
});

test.run();
