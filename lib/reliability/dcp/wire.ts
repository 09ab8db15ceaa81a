// DCP wire format: the extended RoCEv2 headers of DCP Fig. 4 over a caller's Uint8Array.
//
// Read first: DCP (Li et al., SIGCOMM 2025) §4.2 (the 2-bit DCP tag, the 57-byte header-only
// packet, footnote 6), §4.4 (RETH in every Write packet, SSN for Send and Write-with-Immediate,
// MSN), §4.5 (sRetryNo in data packets, eMSN in ACKs). RoCEv2 framing: Ethernet II, IPv4 without
// options, UDP to port 4791, InfiniBand BTH (IBA vol. 1 §9.2) and AETH (§9.3.5).
//
// Fig. 4 itself is a drawing that our text copy does not reproduce, so the byte positions below
// are ours, chosen from what the text fixes:
//   - footnote 6: the HO packet is 14 (MAC) + 20 (IP) + 8 (UDP) + 12 (BTH) + 3 (MSN) = 57 bytes,
//     so the 24-bit MSN sits right after the BTH and everything after it is trimmed;
//   - the DCP tag is two bits of the ToS byte. We use ToS bits 3..2 (the two low DSCP bits), so
//     the ECN field (bits 1..0) stays free for CE marking and bits 7..4 keep a traffic class;
//     non-DCP traffic must then use DSCPs ending in 00 (CS0–CS7): AF31, AF41, EF, … end in 10
//     and would read as DCP data, trimmed where §4.2 drops (README "The tag and DSCP");
//   - sRetryNo travels in the BTH's 6 reserved bits (Resv6a, BTH byte 4 bits 5..0). That keeps
//     it inside the 57 bytes an HO packet keeps, so a sender can discard HO packets of a timeout
//     round it has already superseded; without that, a bitmap-free receiver could count one
//     packet twice (README "sRetryNo survives trimming"). Bits 7 and 6 of that byte are FECN
//     and BECN since IBA 1.2.1 (Linux rxe_hdr.h: BTH_FECN_MASK 0x80000000, BTH_BECN_MASK
//     0x40000000, BTH_RESV6A_MASK 0x3f000000 of the QPN word), which a switch or NIC may set on
//     the way (a RoCEv2 CNP sets BECN): so sRetryNo is at most 63, the reader ignores those two
//     bits and the sender writes them as 0;
//   - eMSN travels in the AETH's 24-bit MSN field of the ACK, whose InfiniBand meaning (request
//     messages completed by the responder, from 0) is exactly eMSN when completion is in order;
//   - each data packet says where its bytes go (§4.4): an 8-byte DCP extended transport header
//     (DETH: MSN, a reserved byte, and the 32-bit byte offset of the payload in its message)
//     follows the BTH, then the RETH (Write: the message's VA, R_Key and DMA length, repeated in
//     every packet), then the SSN header (Send, and the last packet of Write-with-Immediate: SSN,
//     a reserved byte, and the message length in bytes, which a Send has nowhere else), then the
//     immediate data (the *_WITH_IMMEDIATE last/only opcodes).
//
//   off  size  field
//     0    6   Ethernet destination MAC       6  6  source MAC      12  2  EtherType 0x0800
//    14    1   IPv4 version/IHL = 0x45       15  1  ToS: class(4) | DCP tag(2) | ECN(2)
//    16    2   IPv4 total length             18  2  identification  20  2  flags/fragment
//    22    1   TTL                           23  1  protocol 17     24  2  header checksum
//    26    4   source IPv4                   30  4  destination IPv4
//    34    2   UDP source port (entropy)     36  2  UDP destination port 4791
//    38    2   UDP length                    40  2  UDP checksum (0, as RoCEv2 sends it)
//    42    1   BTH opcode                    43  1  SE | M | PadCnt(2) | TVer(4)
//    44    2   P_Key                         46  1  F | B | sRetryNo (BTH Resv6a)
//    47    3   destination QP                50  1  AckReq | reserved(7)
//    51    3   PSN
//    54    3   MSN (data, HO)  — or AETH syndrome (1) + eMSN (3) in an ACK, bytes 54..57
//    57    1   reserved (data)               58  4  payload offset in the message, bytes
//    62   16   RETH (Write opcodes): VA (8), R_Key (4), DMA length (4)
//  62/78   8   SSN header: SSN (3), reserved (1), message length (4)
//     +    4   immediate data
//   then the payload, then the 4-byte ICRC (left for the caller to compute; written as zero).
//
// Conventions (smoltcp's wire/ split): `DcpPacket` is a zero-copy view; `check()` validates
// lengths and fixed fields once and after it succeeds no accessor reads outside the packet.
// Emitting goes through a reusable `DcpHeader` record of numbers. Nothing here allocates, and a
// malformed buffer yields E_MALFORMED (a field value out of range, E_ARG), never a throw.

import { E_ARG, E_MALFORMED, E_STATE } from "../../core/errors";

/** Byte offsets and sizes of the layout above. */
const enum O {
  EthType = 12,
  Ip = 14,
  IpTos = 15,
  IpTotalLen = 16,
  IpId = 18,
  IpFrag = 20,
  IpTtl = 22,
  IpProto = 23,
  IpCsum = 24,
  IpSrc = 26,
  IpDst = 30,
  UdpSport = 34,
  UdpDport = 36,
  UdpLen = 38,
  UdpCsum = 40,
  BthOpcode = 42,
  BthFlags = 43,
  BthPkey = 44,
  BthFbResv6a = 46, // F (bit 7) | B (bit 6) | Resv6a (bits 5..0)
  BthDestQp = 47,
  BthAckReq = 50,
  BthPsn = 51,
  Msn = 54,
  DethResv = 57,
  DethOffset = 58,
  Ext = 62,
  AethSyndrome = 54,
  AethMsn = 55,
  RethVa = 62,
  RethRkey = 70,
  RethDmaLen = 74,
  // Sizes.
  EthBytes = 14,
  IpBytes = 20,
  BthEnd = 54,
  HoBytes = 57,
  AckBytes = 58,
  RethBytes = 16,
  SsnBytes = 8,
  ImmBytes = 4,
  IcrcBytes = 4,
  MaxIpTotal = 65535,
}

const enum C {
  EtherTypeIpv4 = 0x0800,
  VerIhl = 0x45,
  ProtoUdp = 17,
  RoceV2Port = 4791,
  TagShift = 2,
  TagMask = 0x0c,
  OpcodeAck = 0x11,
  MaxDataOpcode = 0x0b,
  FirstWriteOpcode = 0x06,
  AckSyndrome = 0x1f, // AETH "ACK", credit count invalid (IBA Table 45)
  Resv6aMask = 0x3f, // rxe_hdr.h BTH_RESV6A_MASK >>> 24
  Ipv4SumOk = 0xffff, // RFC 1071 §1 (3): the sum over the header, checksum included, is −0
}

/**
 * Largest payload every data packet can carry inside IPv4's 65,535-byte total length: a
 * Write-with-Immediate packet has the most headers (RETH + SSN + immediate on the extended
 * header), 65,535 − (Ext 62 + 16 + 8 + 4 − Ethernet 14) − ICRC 4 = 65,455 B. DcpSender's
 * mtuBytes stops there, so each packet it makes can be framed (audit, 2026-12-07).
 */
export const DCP_MAX_PAYLOAD_BYTES: number = O.MaxIpTotal - (O.Ext + O.RethBytes + O.SsnBytes + O.ImmBytes - O.EthBytes) - O.IcrcBytes;

/** Largest sRetryNo: the 6 bits of the BTH's Resv6a (FECN and BECN hold the other two). */
export const DCP_MAX_RETRY_NO = 63;

/** DCP tag values (§4.2): what a switch and a NIC do with the packet. */
/** dropped by a congested switch */
export const DCP_TAG_NON_DCP = 0;
/** DCP ACK (binary 01), dropped by a congested switch */
export const DCP_TAG_ACK = 1;
/** binary 10: trimmed to HO under congestion */
export const DCP_TAG_DATA = 2;
/** binary 11: header only, served by the control queue */
export const DCP_TAG_HO = 3;

/** RC opcodes (IBA Table 35) that a DCP data packet may carry. */
export const OP_SEND_FIRST = 0x00;
export const OP_SEND_MIDDLE = 0x01;
export const OP_SEND_LAST = 0x02;
export const OP_SEND_LAST_IMM = 0x03;
export const OP_SEND_ONLY = 0x04;
export const OP_SEND_ONLY_IMM = 0x05;
export const OP_WRITE_FIRST = 0x06;
export const OP_WRITE_MIDDLE = 0x07;
export const OP_WRITE_LAST = 0x08;
export const OP_WRITE_LAST_IMM = 0x09;
export const OP_WRITE_ONLY = 0x0a;
export const OP_WRITE_ONLY_IMM = 0x0b;
export const OP_ACKNOWLEDGE = 0x11;

/** Message kinds (DcpSender.post, out.op): the verbs DCP extends in §4.4. */
export const DCP_OP_SEND = 0;
export const DCP_OP_WRITE = 1;
export const DCP_OP_WRITE_IMM = 2;

/**
 * The RC opcode of a packet of a message of kind `op` (DCP_OP_*): `first` when it starts at
 * offset 0, `last` when it ends the message (both for a one-packet message). E_ARG for an
 * unknown kind.
 */
export function dcpOpcode(op: number, first: boolean, last: boolean): number {
  if (op === DCP_OP_SEND) return first ? (last ? OP_SEND_ONLY : OP_SEND_FIRST) : last ? OP_SEND_LAST : OP_SEND_MIDDLE;
  if (op === DCP_OP_WRITE) return first ? (last ? OP_WRITE_ONLY : OP_WRITE_FIRST) : last ? OP_WRITE_LAST : OP_WRITE_MIDDLE;
  if (op === DCP_OP_WRITE_IMM) return first ? (last ? OP_WRITE_ONLY_IMM : OP_WRITE_FIRST) : last ? OP_WRITE_LAST_IMM : OP_WRITE_MIDDLE;
  return E_ARG;
}

/** Frame sizes fixed by the layout. */
/** §4.2 footnote 6 */
export const DCP_HO_BYTES = 57;
/** headers (58) + ICRC (4) */
export const DCP_ACK_FRAME_BYTES = 62;
/** RoCEv2's invariant CRC at the end of every frame. */
export const DCP_ICRC_BYTES = 4;
/** RoCEv2's UDP destination port (IANA). */
export const ROCEV2_UDP_PORT = 4791;

function hasImm(op: number): boolean {
  return op === 0x03 || op === 0x05 || op === 0x09 || op === 0x0b;
}

/** The SSN header rides on every Send packet and on the last (or only) Write-with-Immediate. */
function hasSsn(op: number): boolean {
  return op < C.FirstWriteOpcode || op === 0x09 || op === 0x0b;
}

/** Header bytes of a DCP data packet with RC opcode `op` (0x00..0x0b); E_ARG for others. */
export function dcpDataHeaderBytes(op: number): number {
  if (!(op >= 0 && op <= C.MaxDataOpcode && (op | 0) === op)) return E_ARG;
  return O.Ext + (op >= C.FirstWriteOpcode ? O.RethBytes : 0) + (hasSsn(op) ? O.SsnBytes : 0) + (hasImm(op) ? O.ImmBytes : 0);
}

function u16(b: Uint8Array, o: number): number {
  return (b[o] << 8) | b[o + 1];
}

function u24(b: Uint8Array, o: number): number {
  return (b[o] << 16) | (b[o + 1] << 8) | b[o + 2];
}

function u32(b: Uint8Array, o: number): number {
  return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
}

function put16(b: Uint8Array, o: number, v: number): void {
  b[o] = v >>> 8;
  b[o + 1] = v;
}

function put24(b: Uint8Array, o: number, v: number): void {
  b[o] = v >>> 16;
  b[o + 1] = v >>> 8;
  b[o + 2] = v;
}

function put32(b: Uint8Array, o: number, v: number): void {
  b[o] = v >>> 24;
  b[o + 1] = v >>> 16;
  b[o + 2] = v >>> 8;
  b[o + 3] = v;
}

/**
 * The IPv4 header checksum (RFC 791 §3.1, computed as in RFC 1071 §4.1) of the 20-byte header
 * at `ip`, with the checksum field itself taken as zero. For checking a received header see
 * ipv4SumOk: a header with the other words summing to −0 has two valid checksums.
 */
export function ipv4Checksum(b: Uint8Array, ip: number): number {
  let sum = 0;
  for (let i = 0; i < O.IpBytes; i += 2) {
    if (i !== O.IpCsum - O.Ip) sum += (b[ip + i] << 8) | b[ip + i + 1];
  }
  sum = (sum & 0xffff) + (sum >>> 16);
  sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

/**
 * RFC 1071 §1 (3): the one's-complement sum of the 20-byte header at `ip`, checksum field
 * included, is all ones. When the other nine words sum to 0xFFFF, the field may hold 0x0000 or
 * 0xFFFF (+0 and −0 in one's complement) and both pass; recomputing and comparing accepted only
 * the one ipv4Checksum writes.
 */
function ipv4SumOk(b: Uint8Array, ip: number): boolean {
  let sum = 0;
  for (let i = 0; i < O.IpBytes; i += 2) sum += (b[ip + i] << 8) | b[ip + i + 1];
  sum = (sum & 0xffff) + (sum >>> 16);
  sum = (sum & 0xffff) + (sum >>> 16);
  return sum === C.Ipv4SumOk;
}

function isU(x: number, bits: number): boolean {
  return x >= 0 && x <= 2 ** bits - 1 && Math.floor(x) === x;
}

/**
 * Validates the frame in buf[off, off+len): Ethernet II/IPv4 (no options, no fragment, good
 * checksum)/UDP 4791, lengths consistent with the buffer (trailing Ethernet padding is allowed),
 * and for DCP packets the opcode and length each tag requires (an HO packet is exactly 57 bytes;
 * a data packet holds its opcode's headers and the ICRC; an ACK carries opcode 0x11 and an AETH;
 * a Write-with-Immediate's SSN header repeats the RETH's length). Returns the DCP tag
 * (DCP_TAG_*) or E_MALFORMED. After success no DcpPacket accessor of that tag reads outside the
 * frame.
 */
export function dcpCheck(b: Uint8Array, o: number, len: number): number {
  if (!(o >= 0 && len >= O.BthEnd && o + len <= b.length && (o | 0) === o && (len | 0) === len)) return E_MALFORMED;
  if (u16(b, o + O.EthType) !== C.EtherTypeIpv4 || b[o + O.Ip] !== C.VerIhl || b[o + O.IpProto] !== C.ProtoUdp) {
    return E_MALFORMED;
  }
  if ((u16(b, o + O.IpFrag) & 0x3fff) !== 0) return E_MALFORMED;
  const ipTotal = u16(b, o + O.IpTotalLen);
  if (ipTotal < O.BthEnd - O.Ip || ipTotal + O.EthBytes > len) return E_MALFORMED;
  if (!ipv4SumOk(b, o + O.Ip)) return E_MALFORMED;
  if (u16(b, o + O.UdpDport) !== C.RoceV2Port || u16(b, o + O.UdpLen) !== ipTotal - O.IpBytes) return E_MALFORMED;
  const frame = ipTotal + O.EthBytes;
  const tag = (b[o + O.IpTos] & C.TagMask) >>> C.TagShift;
  const op = b[o + O.BthOpcode];
  if (tag === DCP_TAG_NON_DCP) return tag;
  if (tag === DCP_TAG_HO) return frame === O.HoBytes && op <= C.MaxDataOpcode ? tag : E_MALFORMED;
  if (tag === DCP_TAG_ACK) return op === C.OpcodeAck && frame >= O.AckBytes + O.IcrcBytes ? tag : E_MALFORMED;
  if (op > C.MaxDataOpcode || frame < dcpDataHeaderBytes(op) + O.IcrcBytes) return E_MALFORMED;
  if ((op === 0x09 || op === 0x0b) && u32(b, o + O.Ext + O.RethBytes + 4) !== u32(b, o + O.RethDmaLen)) return E_MALFORMED;
  return tag;
}

/**
 * A zero-copy view of one frame. Point it at a buffer with `wrap`, validate with `check`, then
 * read fields. The view keeps no copy: it reads the caller's bytes at each call.
 */
export class DcpPacket {
  buf: Uint8Array = new Uint8Array(0);
  off = 0;
  len = 0;
  /** Frames `check` refused since construction. */
  errors = 0;

  /** Points the view at `len` bytes of `buf` from `off`; validates nothing (call check). */
  wrap(buf: Uint8Array, off: number, len: number): this {
    this.buf = buf;
    this.off = off;
    this.len = len;
    return this;
  }

  /** Validates the frame (see dcpCheck); returns the DCP tag (DCP_TAG_*) or E_MALFORMED (counted in `errors`). */
  check(): number {
    const r = dcpCheck(this.buf, this.off, this.len);
    if (r < 0) this.errors++;
    return r;
  }

  /** Frame length from the IPv4 total length (excludes Ethernet padding). */
  frameLength(): number {
    return u16(this.buf, this.off + O.IpTotalLen) + O.EthBytes;
  }

  tag(): number {
    return (this.buf[this.off + O.IpTos] & C.TagMask) >>> C.TagShift;
  }
  ecn(): number {
    return this.buf[this.off + O.IpTos] & 3;
  }
  /** ToS bits 7..4. */
  trafficClass(): number {
    return this.buf[this.off + O.IpTos] >>> 4;
  }
  ttl(): number {
    return this.buf[this.off + O.IpTtl];
  }
  srcIp(): number {
    return u32(this.buf, this.off + O.IpSrc);
  }
  dstIp(): number {
    return u32(this.buf, this.off + O.IpDst);
  }
  udpSrcPort(): number {
    return u16(this.buf, this.off + O.UdpSport);
  }
  opcode(): number {
    return this.buf[this.off + O.BthOpcode];
  }
  pkey(): number {
    return u16(this.buf, this.off + O.BthPkey);
  }
  /** sRetryNo (BTH Resv6a): FECN and BECN, which the fabric may have set, are not part of it. */
  retryNo(): number {
    return this.buf[this.off + O.BthFbResv6a] & C.Resv6aMask;
  }
  destQp(): number {
    return u24(this.buf, this.off + O.BthDestQp);
  }
  ackReq(): number {
    return this.buf[this.off + O.BthAckReq] >>> 7;
  }
  psn(): number {
    return u24(this.buf, this.off + O.BthPsn);
  }
  /** MSN of a data or HO packet. */
  msn(): number {
    return u24(this.buf, this.off + O.Msn);
  }
  /** eMSN of an ACK (AETH MSN). */
  emsn(): number {
    return u24(this.buf, this.off + O.AethMsn);
  }
  syndrome(): number {
    return this.buf[this.off + O.AethSyndrome];
  }
  /** Byte offset of this data packet's payload within its message (DETH). */
  msgOffset(): number {
    return u32(this.buf, this.off + O.DethOffset);
  }
  headerLength(): number {
    return dcpDataHeaderBytes(this.opcode());
  }
  payloadLength(): number {
    return this.frameLength() - dcpDataHeaderBytes(this.opcode()) - O.IcrcBytes;
  }
  /** First byte of the payload in `buf`. */
  payloadOffset(): number {
    return this.off + dcpDataHeaderBytes(this.opcode());
  }
  isWrite(): boolean {
    return this.opcode() >= C.FirstWriteOpcode;
  }
  hasSsn(): boolean {
    return hasSsn(this.opcode());
  }
  hasImm(): boolean {
    return hasImm(this.opcode());
  }
  /** True for the last (or only) packet of a message. */
  isLast(): boolean {
    const op = this.opcode();
    const k = op >= C.FirstWriteOpcode ? op - C.FirstWriteOpcode : op;
    return k >= 2;
  }
  /** RETH virtual address, high and low 32 bits (Write opcodes only). */
  vaHi(): number {
    return u32(this.buf, this.off + O.RethVa);
  }
  vaLo(): number {
    return u32(this.buf, this.off + O.RethVa + 4);
  }
  rkey(): number {
    return u32(this.buf, this.off + O.RethRkey);
  }
  dmaLength(): number {
    return u32(this.buf, this.off + O.RethDmaLen);
  }
  private ssnAt(): number {
    return this.off + O.Ext + (this.opcode() >= C.FirstWriteOpcode ? O.RethBytes : 0);
  }
  /** SSN (Send opcodes and the last Write-with-Immediate packet; check hasSsn()). */
  ssn(): number {
    return u24(this.buf, this.ssnAt());
  }
  /**
   * The message length in bytes: the RETH DMA length for Writes, the SSN header's for Sends
   * (§4.5: the receiver compares its packet count with the message size).
   */
  msgLength(): number {
    return this.opcode() >= C.FirstWriteOpcode ? this.dmaLength() : u32(this.buf, this.ssnAt() + 4);
  }
  /** Immediate data (the *_WITH_IMMEDIATE opcodes; check hasImm()). */
  immData(): number {
    /* c8 ignore next -- for outside callers: every immediate opcode (0x03, 0x05, 0x09, 0x0b) carries the SSN header; the 0 arm serves immData() on a packet without immediate data, a value no vector pins */
    return u32(this.buf, this.ssnAt() + (hasSsn(this.opcode()) ? O.SsnBytes : 0));
  }
  /**
   * Where a Write packet's bytes go (§4.4 order-tolerant reception): RETH VA + payload offset,
   * as high and low 32-bit halves (the addition carries from low to high).
   */
  targetVaLo(): number {
    return (this.vaLo() + this.msgOffset()) >>> 0;
  }
  targetVaHi(): number {
    return (this.vaHi() + (this.vaLo() + this.msgOffset() > 0xffffffff ? 1 : 0)) >>> 0;
  }
}

/**
 * The fields an emitter writes, as plain numbers (a reusable record: fill it, emit, refill).
 * MACs are split into a high 16-bit and a low 32-bit half; addresses and 32-bit fields are
 * unsigned. `payloadLength` is the number of payload bytes the caller will copy after the
 * header.
 */
export class DcpHeader {
  dstMacHi = 0;
  dstMacLo = 0;
  srcMacHi = 0;
  srcMacLo = 0;
  srcIp = 0;
  dstIp = 0;
  /** ToS bits 7..4. */
  trafficClass = 0;
  ecn = 0;
  ttl = 64;
  ipId = 0;
  udpSrcPort = 0;
  opcode = 0;
  pkey = 0xffff;
  destQp = 0;
  ackReq = 0;
  psn = 0;
  /** sRetryNo, 0..63 (BTH Resv6a). */
  retryNo = 0;
  msn = 0;
  msgOffset = 0;
  vaHi = 0;
  vaLo = 0;
  rkey = 0;
  dmaLength = 0;
  ssn = 0;
  msgLength = 0;
  immData = 0;
  payloadLength = 0;
  /** ACK only: eMSN. */
  emsn = 0;
}

function validCommon(h: DcpHeader): boolean {
  return (
    isU(h.dstMacHi, 16) && isU(h.dstMacLo, 32) && isU(h.srcMacHi, 16) && isU(h.srcMacLo, 32) &&
    isU(h.srcIp, 32) && isU(h.dstIp, 32) && isU(h.trafficClass, 4) && isU(h.ecn, 2) && isU(h.ttl, 8) &&
    isU(h.ipId, 16) && isU(h.udpSrcPort, 16) && isU(h.pkey, 16) && isU(h.destQp, 24) && isU(h.ackReq, 1) &&
    isU(h.psn, 24)
  );
}

/** Ethernet, IPv4 (with checksum), UDP and BTH for a frame of `frame` bytes with `tag` and `opcode`. */
function emitLower(b: Uint8Array, o: number, h: DcpHeader, frame: number, tag: number, opcode: number, retryNo: number): void {
  put16(b, o, h.dstMacHi);
  put32(b, o + 2, h.dstMacLo);
  put16(b, o + 6, h.srcMacHi);
  put32(b, o + 8, h.srcMacLo);
  put16(b, o + O.EthType, C.EtherTypeIpv4);
  b[o + O.Ip] = C.VerIhl;
  b[o + O.IpTos] = (h.trafficClass << 4) | (tag << C.TagShift) | h.ecn;
  put16(b, o + O.IpTotalLen, frame - O.EthBytes);
  put16(b, o + O.IpId, h.ipId);
  put16(b, o + O.IpFrag, 0x4000); // DF, as RoCEv2 NICs send
  b[o + O.IpTtl] = h.ttl;
  b[o + O.IpProto] = C.ProtoUdp;
  put32(b, o + O.IpSrc, h.srcIp);
  put32(b, o + O.IpDst, h.dstIp);
  put16(b, o + O.IpCsum, ipv4Checksum(b, o + O.Ip));
  put16(b, o + O.UdpSport, h.udpSrcPort);
  put16(b, o + O.UdpDport, C.RoceV2Port);
  put16(b, o + O.UdpLen, frame - O.EthBytes - O.IpBytes);
  put16(b, o + O.UdpCsum, 0);
  b[o + O.BthOpcode] = opcode;
  b[o + O.BthFlags] = 0; // SE 0, M 0, PadCnt 0 (DCP does not pad), TVer 0
  put16(b, o + O.BthPkey, h.pkey);
  // IBA 1.2.1: FECN and BECN leave the sender clear; the emitters hold retryNo to 6 bits.
  b[o + O.BthFbResv6a] = retryNo;
  put24(b, o + O.BthDestQp, h.destQp);
  b[o + O.BthAckReq] = h.ackReq << 7;
  put24(b, o + O.BthPsn, h.psn);
}

/**
 * Writes the headers of a DCP data packet (tag 10) with `h.opcode` at `off`, for a frame of
 * header + h.payloadLength + 4 (ICRC) bytes that must fit in `cap` bytes; the ICRC is written
 * as zero. Returns the header length (where the caller copies the payload), E_MALFORMED when
 * the frame does not fit, or E_ARG for a field out of range (h.retryNo above
 * DCP_MAX_RETRY_NO = 63 among them: Resv6a holds 6 bits). The Write-with-Immediate SSN
 * header takes its message length from h.dmaLength.
 */
export function emitData(buf: Uint8Array, off: number, cap: number, h: DcpHeader): number {
  const op = h.opcode;
  const hdr = dcpDataHeaderBytes(op);
  // sRetryNo fills Resv6a's 6 bits; a 7th or 8th would set BECN or FECN (IBA 1.2.1 BTH).
  if (hdr < 0 || !validCommon(h) || !isU(h.retryNo, 6) || !isU(h.msn, 24)) return E_ARG;
  if (!isU(h.msgOffset, 32)) return E_ARG;
  if (!isU(h.vaHi, 32) || !isU(h.vaLo, 32) || !isU(h.rkey, 32) || !isU(h.dmaLength, 32) || !isU(h.ssn, 24)) return E_ARG;
  if (!isU(h.msgLength, 32) || !isU(h.immData, 32) || !isU(h.payloadLength, 16)) return E_ARG;
  const frame = hdr + h.payloadLength + O.IcrcBytes;
  if (!(off >= 0 && (off | 0) === off && cap >= frame && off + frame <= buf.length && frame - O.EthBytes <= O.MaxIpTotal)) {
    return E_MALFORMED;
  }
  emitLower(buf, off, h, frame, DCP_TAG_DATA, op, h.retryNo);
  put24(buf, off + O.Msn, h.msn);
  buf[off + O.DethResv] = 0;
  put32(buf, off + O.DethOffset, h.msgOffset);
  let p = off + O.Ext;
  if (op >= C.FirstWriteOpcode) {
    put32(buf, p, h.vaHi);
    put32(buf, p + 4, h.vaLo);
    put32(buf, p + 8, h.rkey);
    put32(buf, p + 12, h.dmaLength);
    p += O.RethBytes;
  }
  if (hasSsn(op)) {
    put24(buf, p, h.ssn);
    buf[p + 3] = 0;
    put32(buf, p + 4, op >= C.FirstWriteOpcode ? h.dmaLength : h.msgLength);
    p += O.SsnBytes;
  }
  if (hasImm(op)) put32(buf, p, h.immData);
  put32(buf, off + frame - O.IcrcBytes, 0);
  return hdr;
}

/**
 * Writes a DCP ACK (tag 01): BTH with opcode Acknowledge and `h.psn`, AETH with the ACK
 * syndrome and eMSN in its MSN field, and a zero ICRC. Returns the frame length (62),
 * E_MALFORMED when it does not fit in `cap`, or E_ARG for a field out of range.
 */
export function emitAck(buf: Uint8Array, off: number, cap: number, h: DcpHeader): number {
  if (!validCommon(h) || !isU(h.emsn, 24)) return E_ARG;
  const frame = DCP_ACK_FRAME_BYTES;
  if (!(off >= 0 && (off | 0) === off && cap >= frame && off + frame <= buf.length)) return E_MALFORMED;
  emitLower(buf, off, h, frame, DCP_TAG_ACK, C.OpcodeAck, 0);
  buf[off + O.AethSyndrome] = C.AckSyndrome;
  put24(buf, off + O.AethMsn, h.emsn);
  put32(buf, off + O.AckBytes, 0);
  return frame;
}

/** Rewrites the IPv4 and UDP lengths for a frame of `frame` bytes and refreshes the checksum. */
function setLengths(b: Uint8Array, o: number, frame: number): void {
  put16(b, o + O.IpTotalLen, frame - O.EthBytes);
  put16(b, o + O.UdpLen, frame - O.EthBytes - O.IpBytes);
  put16(b, o + O.IpCsum, ipv4Checksum(b, o + O.Ip));
}

/**
 * DCP-Switch packet trimming (§4.2, §5): turns the DCP data packet in buf[off, off+len) into a
 * header-only packet in place — tag 11, IPv4 total length 43, UDP length 23, checksum
 * refreshed — and returns its length, 57; the bytes after 57 are no longer part of the frame.
 * Returns E_MALFORMED for a malformed frame, E_STATE for a valid frame that is not DCP data
 * (non-DCP packets and ACKs are dropped by a congested switch, never trimmed).
 */
export function trimToHo(buf: Uint8Array, off: number, len: number): number {
  const tag = dcpCheck(buf, off, len);
  if (tag < 0) return tag;
  if (tag !== DCP_TAG_DATA) return E_STATE;
  buf[off + O.IpTos] = (buf[off + O.IpTos] & ~C.TagMask) | (DCP_TAG_HO << C.TagShift);
  setLengths(buf, off, O.HoBytes);
  return O.HoBytes;
}

/**
 * The receiver's bounce of an HO packet (§4.1 step ②, §4.3): swaps the Ethernet and IPv4
 * source and destination and sets the BTH destination QP to the sender's QPN `peerQp` (the
 * receiver's QP context holds it; BTH carries no source QPN). The tag stays 11 so switches keep
 * it in the control queue; MSN, PSN and sRetryNo stay as trimmed. Returns 57, E_MALFORMED, E_STATE
 * for a valid frame that is not HO, or E_ARG for a peerQp outside 24 bits.
 */
export function bounceHo(buf: Uint8Array, off: number, len: number, peerQp: number): number {
  if (!isU(peerQp, 24)) return E_ARG;
  const tag = dcpCheck(buf, off, len);
  if (tag < 0) return tag;
  if (tag !== DCP_TAG_HO) return E_STATE;
  for (let i = 0; i < 6; i++) {
    const d = buf[off + i];
    buf[off + i] = buf[off + 6 + i];
    buf[off + 6 + i] = d;
  }
  for (let i = 0; i < 4; i++) {
    const s = buf[off + O.IpSrc + i];
    buf[off + O.IpSrc + i] = buf[off + O.IpDst + i];
    buf[off + O.IpDst + i] = s;
  }
  put24(buf, off + O.BthDestQp, peerQp);
  // Swapping two 32-bit words leaves the one's-complement sum, and so the checksum, unchanged.
  return O.HoBytes;
}
