import { test } from "uvu";
import * as assert from "uvu/assert";
import { type ParamError, checkParamNames, mergeResolved, needParam, paramRules, profileParam, resolveParams, rule } from "./params";

interface P {
  mtuBytes: number;
  gain: number;
  maxBytes: number;
  on: boolean;
  mode: "a" | "b";
}

const DEFAULTS: P = { mtuBytes: 1024, gain: 0.5, maxBytes: 4096, on: true, mode: "a" };

function resolve(input: Partial<P>): P {
  return resolveParams("Demo", DEFAULTS, input, (p) => ({
    mtuBytes: rule.int(64, 65535),
    gain: rule.num(0, 1, "(]"),
    maxBytes: rule.int(p.mtuBytes, 2 ** 30),
    on: rule.bool,
    mode: rule.oneOf("a", "b"),
  }));
}

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.instance(e, RangeError);
    return (e as Error).message;
  }
  throw new Error("did not throw");
}

test("defaults, overridden by name; undefined keeps the default; the defaults are not changed", () => {
  assert.equal(resolve({}), DEFAULTS);
  assert.equal(resolve({ gain: 1, mode: "b", mtuBytes: undefined }), { ...DEFAULTS, gain: 1, mode: "b" });
  assert.is(DEFAULTS.gain, 0.5);
  assert.is.not(resolve({}), DEFAULTS);
});

test("an unknown name is named in the error, with the valid names sorted and a guess when one is near", () => {
  // Demo's names sorted by code unit: gain, maxBytes, mode, mtuBytes, on.
  const list = "; parameters are gain, maxBytes, mode, mtuBytes, on";
  // "gian": 4 letters allow max(1, ⌊4/4⌋) = 1 edit; swapping i and a makes "gain" (1 edit); "on" is
  // 2 letters shorter (≥ 2 edits), "mode", "mtuBytes", "maxBytes" further still.
  assert.is(message(() => resolve({ gian: 1 } as never)), `Demo: unknown parameter gian (did you mean gain?)${list}`);
  // Names come from the defaults' own keys, not from the prototype chain. "tostring" (8 letters,
  // 2 edits allowed) is ≥ 4 edits from every name ("on": 6 letters to drop) and starts none: no guess.
  assert.is(message(() => resolve({ toString: 1 } as never)), `Demo: unknown parameter toString${list}`);
  // Case alone: "MTUBYTES" lower-cased is "mtubytes", 0 edits.
  assert.is(message(() => resolve({ MTUBYTES: 1 } as never)), `Demo: unknown parameter MTUBYTES (did you mean mtuBytes?)${list}`);
  // A unit left off: "mtu" starts "mtubytes" (5 letters added); by edits it is 3 from "mode"
  // (t→o, u→d, +e) and from "on", above the 1 allowed for 3 letters.
  assert.is(message(() => resolve({ mtu: 1 } as never)), `Demo: unknown parameter mtu (did you mean mtuBytes?)${list}`);
  // One letter: min(1 − 1, 1) = 0 edits allowed, so "b" draws no guess of "a".
  assert.is(message(() => checkParamNames("X", { b: 1 }, ["a"])), "X: unknown parameter b; parameters are a");
  checkParamNames("X", { a: 1 }, ["a"]);
});

test("the guess: the nearest names only, ties all named, an unrelated name none (SMaRTT §III-E names, review F6)", () => {
  const names = ["fastIncreaseK", "fastIncreaseDelayNs", "qaGate", "qaScaling", "qaThresholdNs"];
  const list = "; parameters are fastIncreaseDelayNs, fastIncreaseK, qaGate, qaScaling, qaThresholdNs";
  // "fastIncrease" (12 letters, 3 edits allowed) starts both fastIncrease* names: +K is 1 edit,
  // +DelayNs 7; only the nearest is named.
  assert.is(message(() => checkParamNames("Nscc", { fastIncrease: false }, names)), `Nscc: unknown parameter fastIncrease (did you mean fastIncreaseK?)${list}`);
  // "disableQuickAdapt" (17 letters, ⌊17/4⌋ = 4 edits allowed) starts none, and each edit supplies at
  // most one letter: the letters of "disablequickadapt" that a name lacks (counted with repeats)
  // bound the edits from below. fastIncreaseK lacks d d i a b l q u p = 9, fastIncreaseDelayNs
  // d i b q u k p = 7, qaGate 12, qaScaling 10, qaThresholdNs 10; all above 4, so no guess.
  assert.is(message(() => checkParamNames("Nscc", { disableQuickAdapt: true }, names)), `Nscc: unknown parameter disableQuickAdapt${list}`);
  // "rateKbps" is 1 substitution from each of rateGbps and rateMbps: both, in declaration order.
  assert.is(
    message(() => checkParamNames("L", { rateKbps: 1 }, ["rateMbps", "rateGbps"])),
    "L: unknown parameter rateKbps (did you mean rateMbps or rateGbps?); parameters are rateGbps, rateMbps",
  );
});

test("the guess's edit budget: ⌊length/4⌋ (at least 1), and a prefix counts only from 3 letters", () => {
  // "abcde": 5 letters allow min(4, max(1, ⌊5/4⌋ = 1)) = 1 edit; "abxye" is 2 substitutions away.
  assert.is(message(() => checkParamNames("X", { abcde: 1 }, ["abxye"])), "X: unknown parameter abcde; parameters are abxye");
  // "abcdefgh": 8 letters allow ⌊8/4⌋ = 2 edits, so "abxdefgy" (2 substitutions) is guessed.
  assert.is(
    message(() => checkParamNames("X", { abcdefgh: 1 }, ["abxdefgy"])),
    "X: unknown parameter abcdefgh (did you mean abxdefgy?); parameters are abxdefgy",
  );
  // "ra" (2 letters, 1 edit) starts "rateGbps", but a prefix shorter than 3 letters is no unit left off.
  assert.is(message(() => checkParamNames("X", { ra: 1 }, ["rateGbps"])), "X: unknown parameter ra; parameters are rateGbps");
});

test("bounds print as 2^k only above 65536, and as 2^k − 1 from 2^20 − 1", () => {
  const r = (hi: number) => message(() => resolveParams("B", { x: 0 }, { x: -1 }, { x: rule.int(0, hi) }));
  assert.is(r(65536), "B: x must be an integer in [0, 65536], got -1");
  assert.is(r(131072), "B: x must be an integer in [0, 2^17], got -1");
  assert.is(r(1048575), "B: x must be an integer in [0, 2^20 − 1], got -1");
  assert.is(r(524287), "B: x must be an integer in [0, 524287], got -1");
});

test("integer rule: bounds inclusive, fractions, NaN, infinities and non-numbers fail", () => {
  assert.is(resolve({ mtuBytes: 64 }).mtuBytes, 64);
  assert.is(resolve({ mtuBytes: 65535, maxBytes: 65535 }).mtuBytes, 65535);
  assert.is(message(() => resolve({ mtuBytes: 63 })), "Demo: mtuBytes must be an integer in [64, 65535], got 63");
  assert.is(message(() => resolve({ mtuBytes: 100.5 })), "Demo: mtuBytes must be an integer in [64, 65535], got 100.5");
  assert.throws(() => resolve({ mtuBytes: NaN }), RangeError);
  assert.throws(() => resolve({ mtuBytes: Infinity }), RangeError);
  assert.is(message(() => resolve({ mtuBytes: "1500" as never })), 'Demo: mtuBytes must be an integer in [64, 65535], got "1500"');
  assert.is(message(() => resolveParams("S", { seed: 1 }, { seed: 0.5 }, { seed: rule.int() })), "S: seed must be an integer, got 0.5");
  assert.is(resolveParams("S", { seed: 1 }, { seed: -(2 ** 40) }, { seed: rule.int() }).seed, -(2 ** 40));
});

test("a bound may depend on another parameter, and large bounds print as powers of two", () => {
  assert.is(resolve({ mtuBytes: 9000, maxBytes: 9000 }).maxBytes, 9000);
  assert.is(message(() => resolve({ mtuBytes: 9000 })), "Demo: maxBytes must be an integer in [9000, 2^30], got 4096");
  assert.is(message(() => resolve({ maxBytes: 2 ** 31 - 1 })), "Demo: maxBytes must be an integer in [1024, 2^30], got 2147483647");
  const r = (x: number) => message(() => resolveParams("B", { x: 0 }, { x }, { x: rule.int(0, 2 ** 31 - 1) }));
  assert.is(r(-1), "B: x must be an integer in [0, 2^31 − 1], got -1");
});

test("number rule: open and closed ends", () => {
  assert.is(resolve({ gain: 1 }).gain, 1);
  assert.is(message(() => resolve({ gain: 0 })), "Demo: gain must be a number in (0, 1], got 0");
  assert.throws(() => resolve({ gain: 1.0001 }), RangeError);
  assert.throws(() => resolve({ gain: NaN }), RangeError);
  const half = (x: number) => resolveParams("H", { x: 0 }, { x }, { x: rule.num(0, 1, "[)") }).x;
  assert.is(half(0), 0);
  assert.throws(() => half(1), /x must be a number in \[0, 1\), got 1/);
  const open = (x: number) => resolveParams("H", { x: 0.5 }, { x }, { x: rule.num(0, 1, "()") }).x;
  assert.is(open(0.5), 0.5);
  assert.throws(() => open(0), RangeError);
  assert.throws(() => open(1), RangeError);
});

test("boolean, one-of and computed rules", () => {
  assert.is(message(() => resolve({ on: 1 as never })), "Demo: on must be a boolean, got 1");
  assert.is(message(() => resolve({ mode: "c" as never })), 'Demo: mode must be one of "a", "b", got "c"');
  const pow2 = (x: number) =>
    resolveParams("P", { depth: 128 }, { depth: x }, (p) => ({ depth: rule.must((p.depth & (p.depth - 1)) === 0, "a power of two") })).depth;
  assert.is(pow2(64), 64);
  assert.is(message(() => pow2(100)), "P: depth must be a power of two, got 100");
});

test("rules are checked in the order written: the first broken one is reported", () => {
  assert.match(message(() => resolve({ mtuBytes: 1, gain: 5 })), /mtuBytes/);
});

test("profiles and joint checks", () => {
  const profiles = ["paper", "sim"] as const;
  assert.is(profileParam("Demo", undefined, profiles, "paper"), "paper");
  assert.is(profileParam("Demo", "sim", profiles, "paper"), "sim");
  assert.is(message(() => profileParam("Demo", "x" as never, profiles, "paper")), `Demo: unknown profile x; profile must be one of "paper", "sim"`);
  needParam("Demo", true, "never");
  assert.is(message(() => needParam("Demo", false, "need a ≤ b")), "Demo: need a ≤ b");
});

test("a refused parameter is a RangeError that names it (ParamError.param), for a rule, an unknown name and a profile", () => {
  const caught = (f: () => unknown): ParamError => {
    try {
      f();
    } catch (e) {
      return e as ParamError;
    }
    throw new Error("nothing thrown");
  };
  const rule1 = caught(() => resolveParams("T", { aBytes: 1 }, { aBytes: 0 }, { aBytes: rule.int(1, 9) }));
  const unknown = caught(() => checkParamNames("T", { bBytes: 1 }, ["aBytes"]));
  const profile = caught(() => profileParam("T", "x" as "a", ["a", "b"], "a"));
  assert.equal([rule1.param, unknown.param, profile.param], ["aBytes", "bBytes", "profile"]);
  for (const e of [rule1, unknown, profile]) {
    assert.instance(e, RangeError);
    assert.is(e.name, "RangeError");
  }
});

test("paramRules: each checked parameter's rule as the error words it, bounds from the resolved values; merges keep their parts' rules", () => {
  const a = resolveParams("T", { n: 3, lo: 1, hi: 10, on: true, mode: "x", free: 0 }, { hi: 20 }, (p) => ({
    n: rule.int(1, 2 ** 20),
    hi: rule.num(p.lo, 2 ** 30, "(]"),
    on: rule.bool,
    mode: rule.oneOf("x", "y"),
    lo: rule.must(p.lo < p.hi, "below hi"),
  }));
  assert.equal(paramRules(a), { n: "an integer in [1, 2^20]", hi: "a number in (1, 2^30]", on: "a boolean", mode: 'one of "x", "y"', lo: "below hi" });
  assert.equal(paramRules({ n: 3 }), {});
  const b = resolveParams("U", { k: 2 }, {}, { k: rule.int(0, 7) });
  const merged = mergeResolved({ n: a.n, k: b.k }, a, b);
  assert.equal(paramRules(merged), { n: "an integer in [1, 2^20]", k: "an integer in [0, 7]" });
});

test("an integer rule bounded on one side only is worded with its interval, not as any integer", () => {
  // rule.int's doc: "An integer in [lo, hi]; with no bounds, any integer." Only rule.int() with
  // neither bound is "an integer"; with one bound, 0 fails rule.int(1), so the words must carry the
  // interval: [lo, hi] with bound(Infinity) = String(Infinity) (not an integer, so no 2^k form).
  const lower = (x: number) => message(() => resolveParams("I", { x: 5 }, { x }, { x: rule.int(1) }));
  assert.is(lower(0), "I: x must be an integer in [1, Infinity], got 0");
  const upper = (x: number) => message(() => resolveParams("I", { x: 5 }, { x }, { x: rule.int(-Infinity, 9) }));
  assert.is(upper(10), "I: x must be an integer in [-Infinity, 9], got 10");
  assert.is(message(() => resolveParams("I", { x: 5 }, { x: 0.5 }, { x: rule.int() })), "I: x must be an integer, got 0.5");
});

test.run();
