// The frame runner must fail a wrong frame vector with a message, never pass or skip it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as reliability from "../lib/reliability/index";
import { type FrameVector, runVector } from "./engine";
import { vectorErrors } from "./schema";

const frames = { "reliability/dcp": reliability };
// The ipv4Checksum step of wire-ipv4-checksum: 57 bytes of a HO whose checksum is 0xb962 (47458).
const HO = "020000000002 020000000001 0800 45 0c 002b 0000 4000 40 11 b962 c0a80001 c0a80002 c000 12b7 0017 0000 06 00 ffff 05 123456 80 010203 040506";

function vector(steps: FrameVector["steps"], extra: Partial<FrameVector> = {}): FrameVector {
  return { format: "nicfw-vectors/1", kind: "frame", module: "reliability/dcp", name: "t", source: "test (hand-derived)", derivation: "x", steps, ...extra };
}
const failures = (v: FrameVector, f: object = frames) => runVector(v, {}, undefined, f as typeof frames).failures.join("\n");

test("a right frame vector passes; the buffer carries over to the next step", () => {
  assert.is(failures(vector([{ call: "dcpCheck", frameHex: HO, args: { off: 0, len: 57 }, expect: { return: 3 } }, { call: "ipv4Checksum", args: { ip: 14 }, expect: { return: 47458, frameHex: HO } }])), "");
});

test("wrong calls, arguments, header fields, hex and expectation keys each fail with a message", () => {
  assert.match(failures(vector([{ call: "emit", frameHex: HO, args: {}, expect: { return: 0 } }])), /unknown call/);
  assert.match(failures(vector([{ call: "dcpCheck", frameHex: HO, args: { off: 0 }, expect: { return: 3 } }])), /missing argument len/);
  assert.match(failures(vector([{ call: "dcpCheck", frameHex: HO, args: { off: 0, len: 57, x: 1 }, expect: { return: 3 } }])), /unknown argument x/);
  assert.match(failures(vector([{ call: "emitAck", frameHex: HO, args: { off: 0, cap: 57 }, header: { emsnn: 1 }, expect: { return: -6 } }])), /header: unknown field emsnn/);
  assert.match(failures(vector([{ call: "emitAck", frameHex: HO, args: { off: 0, cap: 57 }, expect: { return: -6 } }])), /need a header/);
  assert.match(failures(vector([{ call: "dcpCheck", frameHex: "abc", args: { off: 0, len: 57 }, expect: { return: 3 } }])), /odd number of hex digits/);
  assert.match(failures(vector([{ call: "dcpCheck", args: { off: 0, len: 57 }, expect: { return: 3 } }])), /no frame/);
  assert.match(failures(vector([{ call: "dcpCheck", frameHex: HO, args: { off: 0, len: 57 }, expect: { psn: 1 } }])), /only return and frameHex/);
  assert.match(failures(vector([{ call: "check", frameHex: HO, args: { off: 0, len: 57 }, expect: { wrap: 1 } }])), /not a DcpPacket accessor/);
  assert.match(failures(vector([{ call: "check", frameHex: HO, args: { off: 0, len: 56 }, expect: { psn: 66051 } }])), /only after check succeeds/);
  assert.match(failures(vector([{ call: "ipv4Checksum", frameHex: HO, args: { ip: 14 }, expect: { frameHex: `${HO} 00` } }])), /frameHex: 57 bytes, expected 58/);
  assert.match(failures(vector([{ call: "ipv4Checksum", frameHex: HO, args: { ip: 14 }, expect: { frameHex: `03${HO.slice(2)}` } }])), /differs from byte 0: expected 03/);
  assert.match(failures(vector([{ call: "dcpCheck", frameHex: HO, args: { off: 0, len: 57 } }])), /last step has no expect/);
});

test("provenance rules are the handler vectors'; a runner without the wire functions fails the vector", () => {
  assert.match(failures(vector([{ call: "dcpCheck", frameHex: HO, args: { off: 0, len: 57 }, expect: { return: 3 } }], { derivation: undefined })), /must say "\(recorded\)"/);
  assert.match(failures(vector([{ call: "dcpCheck", frameHex: HO, args: { off: 0, len: 57 }, expect: { return: 3 } }]), {}), /no wire functions of module reliability\/dcp/);
});

test("the schema checks a frame vector as one, and a misspelt kind as a handler vector that fails", () => {
  assert.equal(vectorErrors(vector([{ call: "dcpCheck", frameHex: HO, args: { off: 0, len: 57 }, expect: { return: 3 } }])), []);
  assert.match(vectorErrors(vector([{ call: "dcpCheck", frameHex: "0X", args: { off: 0, len: 57 } }])).join("\n"), /frameHex/);
  assert.ok(vectorErrors({ ...vector([{ call: "dcpCheck", args: { off: 0, len: 57 } }]), kind: "frames" }).length > 0);
});

test.run();
