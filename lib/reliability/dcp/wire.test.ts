import { test } from "uvu";
import * as assert from "uvu/assert";
import { E_ARG, E_MALFORMED, E_STATE } from "../../core/errors";
import {
  DCP_OP_SEND,
  DCP_OP_WRITE,
  DCP_OP_WRITE_IMM,
  DCP_TAG_ACK,
  DCP_TAG_DATA,
  DCP_TAG_HO,
  DCP_TAG_NON_DCP,
  DcpHeader,
  DcpPacket,
  bounceHo,
  dcpCheck,
  dcpDataHeaderBytes,
  dcpOpcode,
  emitAck,
  emitData,
  trimToHo,
} from "./wire";
import { fixChecksum } from "./test-support";

// Frames built by hand, byte by byte, from the layout in wire.ts (smoltcp style: the tests
// parse these and emit them back). IPv4 checksums were summed by hand (RFC 1071):
//   write-middle: 4509+004C+1234+4000+4011+0A00+0001+0A00+0002 = EB9D → ~ = 1462
//   its HO:       450D+002B+1234+4000+4011+0A00+0001+0A00+0002 = EB80 → ~ = 147F
//   send-only-imm:4538+0040+0001+4000+4011+0A00+0001+0A00+0002 = D98D → ~ = 2672
//   ack:          4504+0030+0002+4000+4011+0A00+0002+0A00+0001 = D94A → ~ = 26B5

// RDMA Write Middle, 8-byte payload: header 78 (62 + RETH 16) + 8 + ICRC 4 = 90-byte frame.
// ToS 0x09 = class 0 | tag 10 | ECN 01. sRetryNo 2, QP 0x000123, PSN 0x00ABCD, MSN 5,
// payload offset 4096, VA 0x1_FFFFF800, R_Key 0xDEADBEEF, DMA length 12288.
const WRITE_MIDDLE = Uint8Array.from([
  0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, // Ethernet
  0x45, 0x09, 0x00, 0x4c, 0x12, 0x34, 0x40, 0x00, 0x40, 0x11, 0x14, 0x62, // IPv4 …
  0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02, // … 10.0.0.1 → 10.0.0.2
  0xc0, 0x00, 0x12, 0xb7, 0x00, 0x38, 0x00, 0x00, // UDP 49152 → 4791, length 56
  0x07, 0x00, 0xff, 0xff, 0x02, 0x00, 0x01, 0x23, 0x00, 0x00, 0xab, 0xcd, // BTH
  0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x10, 0x00, // DETH: MSN 5, reserved, offset 4096
  0x00, 0x00, 0x00, 0x01, 0xff, 0xff, 0xf8, 0x00, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x00, 0x30, 0x00, // RETH
  0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, // payload
  0x00, 0x00, 0x00, 0x00, // ICRC (not computed)
]);

// The same packet after DCP-Switch trimming: 57 bytes, tag 11 (ToS 0x0D), IP length 43, UDP 23.
const WRITE_MIDDLE_HO = Uint8Array.from([
  0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00,
  0x45, 0x0d, 0x00, 0x2b, 0x12, 0x34, 0x40, 0x00, 0x40, 0x11, 0x14, 0x7f,
  0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02,
  0xc0, 0x00, 0x12, 0xb7, 0x00, 0x17, 0x00, 0x00,
  0x07, 0x00, 0xff, 0xff, 0x02, 0x00, 0x01, 0x23, 0x00, 0x00, 0xab, 0xcd,
  0x00, 0x00, 0x05,
]);

// …and after the receiver bounced it to the sender's QP 0x000456: MACs and IPs swapped.
const WRITE_MIDDLE_HO_BOUNCED = Uint8Array.from([
  0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x08, 0x00,
  0x45, 0x0d, 0x00, 0x2b, 0x12, 0x34, 0x40, 0x00, 0x40, 0x11, 0x14, 0x7f,
  0x0a, 0x00, 0x00, 0x02, 0x0a, 0x00, 0x00, 0x01,
  0xc0, 0x00, 0x12, 0xb7, 0x00, 0x17, 0x00, 0x00,
  0x07, 0x00, 0xff, 0xff, 0x02, 0x00, 0x04, 0x56, 0x00, 0x00, 0xab, 0xcd,
  0x00, 0x00, 0x05,
]);

// Send Only with Immediate, zero-length payload: header 74 (62 + SSN 8 + ImmDt 4) + ICRC = 78.
// ToS 0x38 = class 3 | tag 10 | ECN 00. AckReq set, PSN 0xFFFFFF, MSN 10, SSN 7, imm CAFEBABE.
const SEND_ONLY_IMM = Uint8Array.from([
  0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00,
  0x45, 0x38, 0x00, 0x40, 0x00, 0x01, 0x40, 0x00, 0x40, 0x11, 0x26, 0x72,
  0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02,
  0xc0, 0x01, 0x12, 0xb7, 0x00, 0x2c, 0x00, 0x00,
  0x05, 0x00, 0xff, 0xff, 0x00, 0x00, 0x01, 0x23, 0x80, 0xff, 0xff, 0xff,
  0x00, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, // DETH: MSN 10, offset 0
  0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, // SSN 7, message length 0
  0xca, 0xfe, 0xba, 0xbe, // immediate data
  0x00, 0x00, 0x00, 0x00,
]);

// DCP ACK from 10.0.0.2 to QP 0x000456: tag 01 (ToS 0x04), opcode 0x11, AETH ACK 0x1F, eMSN 6.
const ACK = Uint8Array.from([
  0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x08, 0x00,
  0x45, 0x04, 0x00, 0x30, 0x00, 0x02, 0x40, 0x00, 0x40, 0x11, 0x26, 0xb5,
  0x0a, 0x00, 0x00, 0x02, 0x0a, 0x00, 0x00, 0x01,
  0xc0, 0x00, 0x12, 0xb7, 0x00, 0x1c, 0x00, 0x00,
  0x11, 0x00, 0xff, 0xff, 0x00, 0x00, 0x04, 0x56, 0x00, 0x00, 0xab, 0xcd,
  0x1f, 0x00, 0x00, 0x06,
  0x00, 0x00, 0x00, 0x00,
]);

// Send Only, 4-byte payload, whose BTH byte 4 a switch and a NIC marked on the way: 0xC5 =
// 1100 0101 = FECN 1 (bit 7), BECN 1 (bit 6), Resv6a 00 0101 = sRetryNo 5 (IBA 1.2.1 BTH; Linux
// rxe_hdr.h BTH_FECN_MASK 0x80000000, BTH_BECN_MASK 0x40000000, BTH_RESV6A_MASK 0x3f000000).
// Header 62 + SSN 8 = 70, frame 70 + 4 + 4 = 78: IP length 64 = 0x40, UDP 44 = 0x2C. ToS 0x08 =
// class 0 | tag 10 | ECN 00; IP id 5; QP 0x123, PSN 0x10, MSN 3, SSN 1, message length 4.
//   checksum: 4508+0040+0005+4000+4011+0A00+0001+0A00+0002 = D961 → ~ = 269E
const SEND_ONLY_FB = Uint8Array.from([
  0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00,
  0x45, 0x08, 0x00, 0x40, 0x00, 0x05, 0x40, 0x00, 0x40, 0x11, 0x26, 0x9e,
  0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02,
  0xc0, 0x01, 0x12, 0xb7, 0x00, 0x2c, 0x00, 0x00,
  0x04, 0x00, 0xff, 0xff, 0xc5, 0x00, 0x01, 0x23, 0x00, 0x00, 0x00, 0x10, // BTH, byte 4 = F|B|5
  0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, // DETH: MSN 3, offset 0
  0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x04, // SSN 1, message length 4
  0xaa, 0xbb, 0xcc, 0xdd, // payload
  0x00, 0x00, 0x00, 0x00,
]);

// Send Only, empty payload, whose header words other than the checksum sum to 0xFFFF (−0), with
// 0xFFFF in the checksum field. Frame 70 + 0 + 4 = 74: IP length 60 = 0x3C, UDP 40 = 0x28.
//   others without the IP id: 4508+003C+4000+4011+0A00+0001+0A00+0002 = D958;
//   IP id 26A7: D958 + 26A7 = FFFF, no carry.
//   RFC 1071 §1 (3), checksum included: FFFF + FFFF = 1FFFE → FFFE + 1 = FFFF, all ones: valid.
//   With 0000 instead: FFFF + 0000 = FFFF, valid too (and ~FFFF = 0000 is what an emitter
//   writes). With FFFE: 1FFFD → FFFE; with 0001: 10000 → 0001: both invalid.
const SEND_ONLY_CSUM_FFFF = Uint8Array.from([
  0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00,
  0x45, 0x08, 0x00, 0x3c, 0x26, 0xa7, 0x40, 0x00, 0x40, 0x11, 0xff, 0xff,
  0x0a, 0x00, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x02,
  0xc0, 0x01, 0x12, 0xb7, 0x00, 0x28, 0x00, 0x00,
  0x04, 0x00, 0xff, 0xff, 0x00, 0x00, 0x01, 0x23, 0x00, 0x00, 0x00, 0x11, // BTH, PSN 0x11
  0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, // DETH: MSN 4, offset 0
  0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, // SSN 2, message length 0
  0x00, 0x00, 0x00, 0x00,
]);

function hdrFor(frame: "write" | "send" | "ack"): DcpHeader {
  const h = new DcpHeader();
  h.dstMacHi = 0x0200;
  h.dstMacLo = frame === "ack" ? 1 : 2;
  h.srcMacHi = 0x0200;
  h.srcMacLo = frame === "ack" ? 2 : 1;
  h.srcIp = frame === "ack" ? 0x0a000002 : 0x0a000001;
  h.dstIp = frame === "ack" ? 0x0a000001 : 0x0a000002;
  h.udpSrcPort = frame === "send" ? 0xc001 : 0xc000;
  h.destQp = frame === "ack" ? 0x456 : 0x123;
  return h;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

test("a hand-built Write Middle parses field by field", () => {
  const v = new DcpPacket().wrap(WRITE_MIDDLE, 0, WRITE_MIDDLE.length);
  assert.is(v.check(), DCP_TAG_DATA);
  assert.is(v.frameLength(), 90);
  assert.is(v.ecn(), 1);
  assert.is(v.trafficClass(), 0);
  assert.is(v.ttl(), 64);
  assert.is(v.srcIp(), 0x0a000001);
  assert.is(v.dstIp(), 0x0a000002);
  assert.is(v.udpSrcPort(), 0xc000);
  assert.is(v.opcode(), 0x07);
  assert.is(v.pkey(), 0xffff);
  assert.is(v.retryNo(), 2);
  assert.is(v.destQp(), 0x123);
  assert.is(v.ackReq(), 0);
  assert.is(v.psn(), 0xabcd);
  assert.is(v.msn(), 5);
  assert.is(v.msgOffset(), 4096);
  assert.ok(v.isWrite());
  assert.not.ok(v.hasSsn());
  assert.not.ok(v.hasImm());
  assert.not.ok(v.isLast());
  assert.is(v.vaHi(), 1);
  assert.is(v.vaLo(), 0xfffff800);
  assert.is(v.rkey(), 0xdeadbeef);
  assert.is(v.dmaLength(), 12288);
  assert.is(v.msgLength(), 12288);
  assert.is(v.headerLength(), 78);
  assert.is(v.payloadOffset(), 78);
  assert.is(v.payloadLength(), 8);
  // §4.4: a middle packet knows where it goes: 0x1_FFFFF800 + 0x1000 = 0x2_00000800.
  assert.is(v.targetVaHi(), 2);
  assert.is(v.targetVaLo(), 0x800);
});

test("emitting the same fields reproduces the hand-built Write Middle byte for byte", () => {
  const h = hdrFor("write");
  h.trafficClass = 0;
  h.ecn = 1;
  h.ipId = 0x1234;
  h.opcode = 0x07;
  h.retryNo = 2;
  h.psn = 0xabcd;
  h.msn = 5;
  h.msgOffset = 4096;
  h.vaHi = 1;
  h.vaLo = 0xfffff800;
  h.rkey = 0xdeadbeef;
  h.dmaLength = 12288;
  h.payloadLength = 8;
  const buf = new Uint8Array(100).fill(0xee);
  assert.is(emitData(buf, 4, 96, h), 78);
  buf.set([1, 2, 3, 4, 5, 6, 7, 8], 4 + 78);
  assert.ok(sameBytes(buf.subarray(4, 94), WRITE_MIDDLE));
  assert.is(buf[3], 0xee, "nothing before the frame is touched");
  assert.is(buf[94], 0xee, "nothing after the frame is touched");
});

test("trimming gives the 57-byte HO packet of §4.2 footnote 6; the bounce swaps ends", () => {
  const buf = Uint8Array.from(WRITE_MIDDLE);
  assert.is(trimToHo(buf, 0, buf.length), 57);
  assert.ok(sameBytes(buf.subarray(0, 57), WRITE_MIDDLE_HO));
  const v = new DcpPacket().wrap(buf, 0, buf.length); // the stale payload behind it is padding now
  assert.is(v.check(), DCP_TAG_HO);
  assert.is(v.frameLength(), 57);
  assert.is(v.msn(), 5);
  assert.is(v.psn(), 0xabcd);
  assert.is(v.retryNo(), 2, "sRetryNo survives trimming (it lives in the BTH)");
  assert.is(bounceHo(buf, 0, 57, 0x456), 57);
  assert.ok(sameBytes(buf.subarray(0, 57), WRITE_MIDDLE_HO_BOUNCED));
  assert.is(dcpCheck(buf, 0, 57), DCP_TAG_HO, "the checksum still holds after the swap");
});

test("Send Only with Immediate: SSN header, immediate, zero-length payload, both ways", () => {
  const v = new DcpPacket().wrap(SEND_ONLY_IMM, 0, SEND_ONLY_IMM.length);
  assert.is(v.check(), DCP_TAG_DATA);
  assert.is(v.opcode(), 0x05);
  assert.is(v.trafficClass(), 3);
  assert.is(v.ackReq(), 1);
  assert.is(v.psn(), 0xffffff);
  assert.is(v.msn(), 10);
  assert.ok(v.hasSsn() && v.hasImm() && v.isLast());
  assert.not.ok(v.isWrite());
  assert.is(v.ssn(), 7);
  assert.is(v.msgLength(), 0);
  assert.is(v.immData(), 0xcafebabe);
  assert.is(v.headerLength(), 74);
  assert.is(v.payloadLength(), 0);
  const h = hdrFor("send");
  h.trafficClass = 3;
  h.ipId = 1;
  h.opcode = 0x05;
  h.ackReq = 1;
  h.psn = 0xffffff;
  h.msn = 10;
  h.ssn = 7;
  h.msgLength = 0;
  h.immData = 0xcafebabe;
  const buf = new Uint8Array(78);
  assert.is(emitData(buf, 0, 78, h), 74);
  assert.ok(sameBytes(buf, SEND_ONLY_IMM));
});

test("the ACK carries eMSN in the AETH; emit reproduces it", () => {
  const v = new DcpPacket().wrap(ACK, 0, ACK.length);
  assert.is(v.check(), DCP_TAG_ACK);
  assert.is(v.opcode(), 0x11);
  assert.is(v.syndrome(), 0x1f);
  assert.is(v.emsn(), 6);
  assert.is(v.destQp(), 0x456);
  const h = hdrFor("ack");
  h.ipId = 2;
  h.psn = 0xabcd;
  h.emsn = 6;
  const buf = new Uint8Array(62);
  assert.is(emitAck(buf, 0, 62, h), 62);
  assert.ok(sameBytes(buf, ACK));
});

test("Write-with-Immediate last packet: RETH then SSN header (length from the RETH) then immediate", () => {
  const h = hdrFor("write");
  h.opcode = 0x09;
  h.msn = 3;
  h.msgOffset = 2048;
  h.dmaLength = 3000;
  h.ssn = 0x010203;
  h.immData = 42;
  h.payloadLength = 952;
  const buf = new Uint8Array(2000);
  assert.is(emitData(buf, 0, 2000, h), 90);
  // SSN header at 78: SSN 01 02 03, reserved 0, length 3000 = 0x00000BB8; immediate at 86.
  assert.equal(Array.from(buf.subarray(78, 90)), [1, 2, 3, 0, 0, 0, 0x0b, 0xb8, 0, 0, 0, 42]);
  const v = new DcpPacket().wrap(buf, 0, 2000);
  assert.is(v.check(), DCP_TAG_DATA);
  assert.is(v.ssn(), 0x010203);
  assert.is(v.msgLength(), 3000);
  assert.is(v.immData(), 42);
  assert.is(v.payloadLength(), 952);
  buf[85] = 0xb9; // SSN-header length no longer equals the RETH DMA length
  assert.is(v.check(), E_MALFORMED);
  assert.is(v.errors, 1, "the view counts refused frames");
});

test("BTH byte 4 0xC5 (FECN and BECN set on the way) reads sRetryNo 5, also after trimming", () => {
  const buf = Uint8Array.from(SEND_ONLY_FB);
  const v = new DcpPacket().wrap(buf, 0, buf.length);
  assert.is(v.check(), DCP_TAG_DATA);
  assert.is(v.retryNo(), 5, "0xC5 & 0x3F: the congestion bits are not part of the round");
  assert.is(v.opcode(), 0x04);
  assert.is(v.psn(), 0x10);
  assert.is(v.msn(), 3);
  assert.is(v.ssn(), 1);
  assert.is(v.msgLength(), 4);
  assert.is(v.payloadLength(), 4);
  assert.is(trimToHo(buf, 0, buf.length), 57);
  assert.is(v.check(), DCP_TAG_HO);
  assert.is(buf[46], 0xc5, "trimming leaves the switch's marks");
  assert.is(v.retryNo(), 5);
});

test("emit writes sRetryNo into Resv6a with FECN and BECN clear; 63 fits, 64 is E_ARG", () => {
  const h = hdrFor("send");
  h.ipId = 5;
  h.opcode = 0x04;
  h.psn = 0x10;
  h.msn = 3;
  h.ssn = 1;
  h.msgLength = 4;
  h.payloadLength = 4;
  h.retryNo = 5;
  const buf = new Uint8Array(78).fill(0xff);
  assert.is(emitData(buf, 0, 78, h), 70);
  buf.set([0xaa, 0xbb, 0xcc, 0xdd], 70);
  const want = Uint8Array.from(SEND_ONLY_FB);
  want[46] = 0x05; // 0000 0101: F 0, B 0, Resv6a 5
  assert.ok(sameBytes(buf, want));
  h.retryNo = 63;
  assert.is(emitData(buf, 0, 78, h), 70);
  assert.is(buf[46], 0x3f);
  const clean = new Uint8Array(78).fill(0xee);
  h.retryNo = 64; // 0100 0000 would be BECN = 1 with a round of 0
  assert.is(emitData(clean, 0, 78, h), E_ARG);
  assert.ok(clean.every((x) => x === 0xee), "nothing written");
});

test("RFC 1071 §1 (3): a header summing to −0 checks with 0xFFFF or 0x0000 in the field", () => {
  const buf = Uint8Array.from(SEND_ONLY_CSUM_FFFF);
  const withSum = (hi: number, lo: number) => {
    buf[24] = hi;
    buf[25] = lo;
    return dcpCheck(buf, 0, buf.length);
  };
  assert.is(withSum(0xff, 0xff), DCP_TAG_DATA, "FFFF + FFFF = 1FFFE → FFFF");
  assert.is(withSum(0x00, 0x00), DCP_TAG_DATA, "FFFF + 0000 = FFFF");
  assert.is(withSum(0xff, 0xfe), E_MALFORMED, "FFFF + FFFE = 1FFFD → FFFE");
  assert.is(withSum(0x00, 0x01), E_MALFORMED, "FFFF + 0001 = 10000 → 0001");
  // Trimming refreshes the checksum: ToS 08 → 0C (+4), length 003C → 002B (−0x11):
  // others FFFF + 4 − 11 = FFF2 → ~ = 000D.
  withSum(0xff, 0xff);
  assert.is(trimToHo(buf, 0, buf.length), 57);
  assert.equal([buf[24], buf[25]], [0x00, 0x0d]);
  assert.is(dcpCheck(buf, 0, 57), DCP_TAG_HO);
  // An emitter writes the complement of the others' sum, ~FFFF = 0000.
  const h = hdrFor("send");
  h.ipId = 0x26a7;
  h.opcode = 0x04;
  h.psn = 0x11;
  h.msn = 4;
  h.ssn = 2;
  const out = new Uint8Array(74);
  assert.is(emitData(out, 0, 74, h), 70);
  const want = Uint8Array.from(SEND_ONLY_CSUM_FFFF);
  want[24] = 0;
  want[25] = 0;
  assert.ok(sameBytes(out, want));
});

test("header sizes and opcodes per message kind", () => {
  assert.equal([0, 1, 2, 3, 4, 5].map(dcpDataHeaderBytes), [70, 70, 70, 74, 70, 74]);
  assert.equal([6, 7, 8, 9, 10, 11].map(dcpDataHeaderBytes), [78, 78, 78, 90, 78, 90]);
  assert.is(dcpDataHeaderBytes(12), E_ARG);
  assert.is(dcpDataHeaderBytes(0.5), E_ARG);
  const all = (op: number) => [dcpOpcode(op, true, true), dcpOpcode(op, true, false), dcpOpcode(op, false, false), dcpOpcode(op, false, true)];
  assert.equal(all(DCP_OP_SEND), [0x04, 0x00, 0x01, 0x02]);
  assert.equal(all(DCP_OP_WRITE), [0x0a, 0x06, 0x07, 0x08]);
  assert.equal(all(DCP_OP_WRITE_IMM), [0x0b, 0x06, 0x07, 0x09]);
  assert.is(dcpOpcode(3, true, true), E_ARG);
});

test("malformed frames are refused with E_MALFORMED, never a throw", () => {
  const bad = (mutate: (b: Uint8Array) => void, len?: number) => {
    const b = Uint8Array.from(WRITE_MIDDLE);
    mutate(b);
    return dcpCheck(b, 0, len ?? b.length);
  };
  assert.is(bad(() => {}), DCP_TAG_DATA);
  assert.is(bad(() => {}, 53), E_MALFORMED, "shorter than a BTH");
  assert.is(bad(() => {}, 89), E_MALFORMED, "IP length runs past the buffer");
  assert.is(bad((b) => (b[12] = 0x86)), E_MALFORMED, "not IPv4");
  assert.is(bad((b) => { b[14] = 0x46; fixChecksum(b, 0); }), E_MALFORMED, "IP options");
  assert.is(bad((b) => { b[23] = 6; fixChecksum(b, 0); }), E_MALFORMED, "not UDP");
  assert.is(bad((b) => { b[20] = 0x20; fixChecksum(b, 0); }), E_MALFORMED, "a fragment");
  assert.is(bad((b) => (b[25] ^= 1)), E_MALFORMED, "bad checksum");
  assert.is(bad((b) => (b[37] = 0xb8)), E_MALFORMED, "not port 4791");
  assert.is(bad((b) => (b[39] = 0x37)), E_MALFORMED, "UDP length disagrees with IP");
  assert.is(bad((b) => (b[42] = 0x0c)), E_MALFORMED, "opcode not a DCP data opcode");
  assert.is(bad((b) => { b[42] = 0x11; }), E_MALFORMED, "ACK opcode with a data tag");
  assert.is(bad((b) => { b[17] = 0x30; b[39] = 0x1c; fixChecksum(b, 0); }), E_MALFORMED, "too short for the Write headers");
  assert.is(bad((b) => { b[15] = 0x0d; fixChecksum(b, 0); }), E_MALFORMED, "HO tag on a 90-byte frame");
  assert.is(bad((b) => { b[15] = 0x05; fixChecksum(b, 0); }), E_MALFORMED, "ACK tag on a data opcode");
  assert.is(bad((b) => { b[15] = 0x01; fixChecksum(b, 0); }), DCP_TAG_NON_DCP, "a plain RoCEv2 packet");
  assert.is(dcpCheck(WRITE_MIDDLE, -1, 90), E_MALFORMED);
  assert.is(dcpCheck(WRITE_MIDDLE, 1, 90), E_MALFORMED, "runs past the end of the buffer");
  assert.is(dcpCheck(WRITE_MIDDLE_HO.subarray(0, 56), 0, 56), E_MALFORMED);
});

test("an HO frame in a padded 60-byte Ethernet minimum still checks as 57 bytes", () => {
  const buf = new Uint8Array(60);
  buf.set(WRITE_MIDDLE_HO);
  const v = new DcpPacket().wrap(buf, 0, 60);
  assert.is(v.check(), DCP_TAG_HO);
  assert.is(v.frameLength(), 57);
});

test("emit refuses fields out of range and frames that do not fit, and writes nothing", () => {
  const h = hdrFor("write");
  h.opcode = 0x0a;
  h.payloadLength = 100;
  const buf = new Uint8Array(300).fill(7);
  for (const [field, value] of [["psn", 1 << 24], ["msn", -1], ["retryNo", 256], ["destQp", 0.5], ["vaLo", 2 ** 32], ["ecn", 4], ["opcode", 0x0c], ["opcode", 0x11]] as const) {
    const saved = (h as unknown as Record<string, number>)[field];
    (h as unknown as Record<string, number>)[field] = value;
    assert.is(emitData(buf, 0, 300, h), E_ARG, field);
    (h as unknown as Record<string, number>)[field] = saved;
  }
  assert.is(emitData(buf, 0, 181, h), E_MALFORMED, "78 + 100 + 4 = 182 bytes needed");
  assert.is(emitData(buf, 200, 182, h), E_MALFORMED, "cap larger than the buffer left");
  assert.is(emitData(buf, -1, 300, h), E_MALFORMED);
  assert.ok(buf.every((x) => x === 7));
  assert.is(emitData(buf, 0, 182, h), 78);
  h.emsn = 1 << 24;
  assert.is(emitAck(buf, 0, 300, h), E_ARG);
  h.emsn = 0;
  assert.is(emitAck(buf, 0, 61, h), E_MALFORMED);
});

test("trim and bounce refuse the wrong kind of packet and leave it untouched", () => {
  const ack = Uint8Array.from(ACK);
  assert.is(trimToHo(ack, 0, ack.length), E_STATE, "ACKs are dropped, never trimmed");
  assert.ok(sameBytes(ack, ACK));
  const data = Uint8Array.from(WRITE_MIDDLE);
  assert.is(bounceHo(data, 0, data.length, 1), E_STATE, "only HO packets bounce");
  assert.is(bounceHo(data, 0, data.length, 1 << 24), E_ARG);
  assert.ok(sameBytes(data, WRITE_MIDDLE));
  data[25] ^= 1;
  assert.is(trimToHo(data, 0, data.length), E_MALFORMED);
  assert.is(bounceHo(data, 0, data.length, 1), E_MALFORMED);
});

test.run();
