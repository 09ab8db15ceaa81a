// Boundaries of the DCP wire format that wire.test.ts passed over, found by the mutation pass
// (docs/mutation-testing.md): checksum carries, the exact length limits of each tag, the opcodes
// at the ends of the Write and data ranges, frames away from offset 0 and in dirty buffers, and
// each emitted field's range on its own. Frames are built with emitData / emitAck, which
// wire.test.ts checks byte for byte against hand-built frames; the expected values below come
// from the layout table in wire.ts, not from reading the parser back.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_MALFORMED, E_STATE } from "../../core/errors";
import { DCP_TAG_ACK, DCP_TAG_DATA, DCP_TAG_HO, DCP_TAG_NON_DCP, OP_SEND_FIRST, OP_SEND_LAST, OP_SEND_MIDDLE } from "./wire";
import { OP_WRITE_FIRST, OP_WRITE_LAST, OP_WRITE_ONLY_IMM } from "./wire";
import { DCP_MAX_PAYLOAD_BYTES, DcpHeader, DcpPacket, bounceHo, dcpCheck, emitAck, emitData, ipv4Checksum, trimToHo } from "./wire";
import { DcpSender } from "./sender";
import { fixChecksum, resize } from "./test-support";

const DIRTY = 0xee;

function header(opcode: number, payloadLength: number): DcpHeader {
  const h = new DcpHeader();
  h.dstMacHi = 0x0b00;
  h.dstMacLo = 0x00000002;
  h.srcMacHi = 0x0a00;
  h.srcMacLo = 0x00000001;
  h.srcIp = 0x0b000001; // 11.0.0.1
  h.dstIp = 0x0c000002; // 12.0.0.2
  h.destQp = 0x123;
  h.opcode = opcode;
  h.payloadLength = payloadLength;
  return h;
}

/** A data frame of `opcode` emitted at `off` of a buffer of `size` bytes filled with DIRTY. */
function dataFrame(h: DcpHeader, off = 0, size = 4096): Uint8Array {
  const b = new Uint8Array(size).fill(DIRTY);
  const r = emitData(b, off, size - off, h);
  if (r < 0) throw new Error(`emitData ${r}`);
  return b;
}

test("IPv4 checksum with end-around carries (RFC 1071 §4.1)", () => {
  // The textbook header 4500 0073 0000 4000 4011 [b861] c0a8 0001 c0a8 00c7: the words sum to
  // 0x2479C; one fold gives 0x479C + 0x2 = 0x479E, and ~0x479E = 0xB861.
  const a = Uint8Array.from([0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7]);
  assert.is(ipv4Checksum(a, 0), 0xb861);
  // FFFF + FFFF + 0001 = 0x1FFFF: the first fold gives 0xFFFF + 1 = 0x10000, which carries again
  // to 0x0001; ~0x0001 = 0xFFFE. (The checksum field, bytes 10–11, is skipped.)
  const b = new Uint8Array(22);
  b.set([0xff, 0xff, 0xff, 0xff, 0x00, 0x01], 2);
  b[12] = 0x12; // in the checksum field: not summed
  assert.is(ipv4Checksum(b, 2), 0xfffe);
});

test("dcpCheck: a 54-byte non-DCP frame (IP length 40) is the shortest accepted; a length past the buffer is refused", () => {
  const b = new Uint8Array(54);
  b.set([0x08, 0x00, 0x45, 0x00, 0x00, 40, 0, 0, 0x40, 0x00, 64, 17], 12);
  b.set([0x12, 0xb7, 0x00, 20], 36); // port 4791, UDP length 20
  fixChecksum(b, 0);
  assert.is(dcpCheck(b, 0, 54), DCP_TAG_NON_DCP);
  assert.is(new DcpPacket().wrap(b, 0, 54).check(), DCP_TAG_NON_DCP);
  resize(b, 0, 53);
  assert.is(dcpCheck(b, 0, 54), E_MALFORMED, "IP length 39");
  const d = dataFrame(header(OP_SEND_FIRST, 16), 0, 90);
  assert.is(dcpCheck(d, 0, 90), DCP_TAG_DATA);
  assert.is(dcpCheck(d, 0, 91), E_MALFORMED, "len runs one byte past the buffer");
  assert.is(dcpCheck(d, 0, 200), E_MALFORMED);
  assert.is(dcpCheck(d, 0.5, 89), E_MALFORMED);
});

test("a non-DCP frame is a tag, not an error: check() counts nothing, trim and bounce refuse it with E_STATE", () => {
  const b = dataFrame(header(OP_SEND_FIRST, 16));
  b[15] = 0; // ToS: tag 00
  fixChecksum(b, 0);
  const v = new DcpPacket().wrap(b, 0, 90);
  assert.is(v.check(), DCP_TAG_NON_DCP);
  assert.is(v.errors, 0);
  const copy = Uint8Array.from(b);
  assert.is(trimToHo(b, 0, 90), E_STATE);
  assert.is(bounceHo(b, 0, 90, 1), E_STATE);
  assert.equal(b, copy);
});

test("opcode 0x0b is the last data opcode, for data and for HO; 0x0c is refused", () => {
  const h = header(OP_WRITE_ONLY_IMM, 0);
  h.dmaLength = 0;
  const b = dataFrame(h); // 90 + 0 + 4 bytes
  assert.is(dcpCheck(b, 0, 94), DCP_TAG_DATA);
  assert.is(trimToHo(b, 0, 94), 57);
  assert.is(dcpCheck(b, 0, 57), DCP_TAG_HO);
  b[42] = 0x0c;
  assert.is(dcpCheck(b, 0, 57), E_MALFORMED);
});

test("a data frame of exactly its headers and ICRC is accepted, one byte less is not", () => {
  const b = dataFrame(header(OP_WRITE_ONLY_IMM, 0)); // 90 + 4
  assert.is(dcpCheck(b, 0, 94), DCP_TAG_DATA);
  resize(b, 0, 93);
  assert.is(dcpCheck(b, 0, 94), E_MALFORMED);
  const s = dataFrame(header(OP_SEND_FIRST, 0)); // 70 + 4
  assert.is(dcpCheck(s, 0, 74), DCP_TAG_DATA);
  resize(s, 0, 73);
  assert.is(dcpCheck(s, 0, 74), E_MALFORMED);
});

test("an ACK frame needs 62 bytes (AETH and ICRC); 61 is refused", () => {
  const b = new Uint8Array(62);
  assert.is(emitAck(b, 0, 62, header(0, 0)), 62);
  assert.is(dcpCheck(b, 0, 62), DCP_TAG_ACK);
  resize(b, 0, 61);
  assert.is(dcpCheck(b, 0, 62), E_MALFORMED);
});

test("Write First (0x06): a Write, not last, with a RETH whose DMA length is the message length", () => {
  const h = header(OP_WRITE_FIRST, 1024);
  h.vaHi = 0x11;
  h.vaLo = 0x2000;
  h.rkey = 0x33;
  h.dmaLength = 4096;
  h.msgLength = 7; // a Send's field: a Write must not use it
  const b = dataFrame(h, 4);
  const v = new DcpPacket().wrap(b, 4, 4096 - 4);
  assert.is(v.check(), DCP_TAG_DATA);
  assert.is(v.tag(), DCP_TAG_DATA);
  assert.ok(v.isWrite());
  assert.not.ok(v.isLast());
  assert.not.ok(v.hasSsn());
  assert.equal([v.vaHi(), v.vaLo(), v.rkey(), v.dmaLength(), v.msgLength()], [0x11, 0x2000, 0x33, 4096, 4096]);
  assert.is(v.headerLength(), 78);
});

test("isLast: Send Last and Write Last are last, Send First and Middle are not", () => {
  const last = (op: number) => new DcpPacket().wrap(dataFrame(header(op, 8)), 0, 4096).isLast();
  assert.equal([OP_SEND_FIRST, OP_SEND_MIDDLE, OP_SEND_LAST, OP_WRITE_LAST].map(last), [false, false, true, true]);
});

test("a Send packet carries its message length in the SSN header; the reserved bytes are written as 0", () => {
  const h = header(OP_SEND_FIRST, 100);
  h.msgOffset = 0;
  h.ssn = 9;
  h.msgLength = 5000;
  const b = dataFrame(h);
  const v = new DcpPacket().wrap(b, 0, 4096);
  assert.is(v.check(), DCP_TAG_DATA);
  assert.is(v.ssn(), 9);
  assert.is(v.msgLength(), 5000);
  assert.is(b[57], 0, "DETH reserved byte");
  assert.is(b[65], 0, "SSN header reserved byte");
  assert.equal(Array.from(b.subarray(62, 70)), [0, 0, 9, 0, 0, 0, 0x13, 0x88]);
});

test("targetVa: the low half's sum carries into the high half only past 2^32 − 1", () => {
  const at = (vaLo: number, offset: number) => {
    const h = header(OP_WRITE_FIRST, 8);
    h.vaHi = 7;
    h.vaLo = vaLo;
    h.msgOffset = offset;
    const v = new DcpPacket().wrap(dataFrame(h), 0, 4096);
    return [v.targetVaHi(), v.targetVaLo()];
  };
  assert.equal(at(0x1000, 0x2000), [7, 0x3000]);
  assert.equal(at(0xffffefff, 0x1000), [7, 0xffffffff]);
  assert.equal(at(0xfffff000, 0x1000), [8, 0]);
});

test("targetVaHi is unsigned from 2^31 up (README: 32-bit fields unsigned), with and without the carry", () => {
  const at = (vaHi: number, vaLo: number, offset: number) => {
    const h = header(OP_WRITE_FIRST, 8);
    h.vaHi = vaHi;
    h.vaLo = vaLo;
    h.msgOffset = offset;
    const v = new DcpPacket().wrap(dataFrame(h), 0, 4096);
    return [v.targetVaHi(), v.targetVaLo()];
  };
  // 0x80000000_00001000 + 0x10 = 0x80000000_00001010: high half 2^31 = 2,147,483,648, not −2^31.
  assert.equal(at(0x80000000, 0x1000, 0x10), [0x80000000, 0x1010]);
  // 0x7FFFFFFF_FFFFFFFF + 1 = 0x80000000_00000000: the carry takes the high half to 2^31.
  assert.equal(at(0x7fffffff, 0xffffffff, 1), [0x80000000, 0]);
  // 0xFFFFFFFE_FFFFFFFF + 1 = 0xFFFFFFFF_00000000: the largest high half without the 64-bit wrap.
  assert.equal(at(0xfffffffe, 0xffffffff, 1), [0xffffffff, 0]);
});

test("a new DcpHeader: every field 0 but TTL 64 and P_Key 0xFFFF", () => {
  const h = new DcpHeader() as unknown as Record<string, number>;
  const fields = Object.keys(h);
  assert.is(fields.length, 28);
  for (const f of fields) assert.is(h[f], f === "ttl" ? 64 : f === "pkey" ? 0xffff : 0, f);
});

test("emit: each field outside its width alone is E_ARG, and nothing is written", () => {
  const cases: [string, number][] = [
    ["ackReq", 2], ["vaHi", 2 ** 32], ["rkey", 2 ** 32], ["dmaLength", -1], ["ssn", 1 << 24],
    ["msgLength", 2 ** 32], ["immData", 0.5], ["payloadLength", 65536], ["msgOffset", 2 ** 32],
  ];
  const b = new Uint8Array(256).fill(DIRTY);
  for (const [field, value] of cases) {
    const h = header(OP_WRITE_ONLY_IMM, 4) as unknown as Record<string, number>;
    h[field] = value;
    assert.is(emitData(b, 0, 256, h as unknown as DcpHeader), E_ARG, field);
  }
  const a = header(0, 0);
  a.ackReq = 2;
  assert.is(emitAck(b, 0, 256, a), E_ARG);
  assert.ok(b.every((x) => x === DIRTY));
});

test("emit: an IP total length of 65535 fits, 65536 does not", () => {
  const b = new Uint8Array(65549 + 1);
  assert.is(emitData(b, 0, b.length, header(OP_SEND_FIRST, 65475)), 70); // 70 + 65475 + 4 = 65549 = 14 + 65535
  assert.is(dcpCheck(b, 0, 65549), DCP_TAG_DATA);
  assert.is(emitData(b, 0, b.length, header(OP_SEND_FIRST, 65476)), E_MALFORMED);
});

test("DCP_MAX_PAYLOAD_BYTES (65,455) frames under every data opcode, one more not under Write-with-Immediate; the sender's MTU stops there", () => {
  assert.is(DCP_MAX_PAYLOAD_BYTES, 65455);
  const b = new Uint8Array(65549 + 1);
  for (let op = 0; op <= 0x0b; op++) assert.ok(emitData(b, 0, b.length, header(op, DCP_MAX_PAYLOAD_BYTES)) > 0, `opcode ${op}`);
  // 90 B of headers (62 + RETH 16 + SSN 8 + immediate 4) − 14 of Ethernet + 65,456 + ICRC 4 = 65,536.
  assert.is(emitData(b, 0, b.length, header(OP_WRITE_ONLY_IMM, DCP_MAX_PAYLOAD_BYTES + 1)), E_MALFORMED);
  assert.is(new DcpSender({ mtuBytes: DCP_MAX_PAYLOAD_BYTES, roundQuotaBytes: 65536 }).params.mtuBytes, 65455);
  assert.throws(() => new DcpSender({ mtuBytes: DCP_MAX_PAYLOAD_BYTES + 1, roundQuotaBytes: 65536 }), /mtuBytes/);
});

test("emitAck away from offset 0: the ICRC is zeroed in a dirty buffer, and a frame past the buffer's end is refused", () => {
  const b = new Uint8Array(70).fill(DIRTY);
  assert.is(emitAck(b, 4, 66, header(0, 0)), 62);
  assert.equal(Array.from(b.subarray(62, 66)), [0, 0, 0, 0]);
  assert.is(b[66], DIRTY);
  assert.is(dcpCheck(b, 4, 62), DCP_TAG_ACK);
  assert.is(emitAck(new Uint8Array(70), 10, 62, header(0, 0)), E_MALFORMED);
});

test("bounceHo swaps every byte of the MACs and IPv4 addresses", () => {
  const b = dataFrame(header(OP_SEND_FIRST, 8));
  assert.is(trimToHo(b, 0, 82), 57);
  const before = Array.from(b.subarray(0, 57));
  assert.is(bounceHo(b, 0, 57, 0x456), 57);
  assert.equal(Array.from(b.subarray(0, 6)), before.slice(6, 12));
  assert.equal(Array.from(b.subarray(6, 12)), before.slice(0, 6));
  assert.equal(Array.from(b.subarray(26, 30)), before.slice(30, 34));
  assert.equal(Array.from(b.subarray(30, 34)), before.slice(26, 30));
  assert.equal(Array.from(b.subarray(0, 2)), [0x0a, 0x00]);
  assert.equal(Array.from(b.subarray(26, 27)), [0x0c]);
});

test.run();
