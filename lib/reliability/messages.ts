// The table of 8 outstanding messages (WQEs) per QP that DcpSender (DCP §4.5) and the RDMA
// baselines' MessageSender (qp.ts) both keep: first PSN, length, end PSN, and kind with SSN of
// each message, indexed by MSN mod 8, plus the next MSN, PSN and SSN to hand out. The two
// senders differ only in where their oldest outstanding MSN (unaMSN) lives and in how long a
// message may be, so both pass those in. Not per-packet code: posting and message lookups.

import { E_ARG, E_FULL, E_STATE } from "../core/errors";
import { psn24Diff } from "../core/psn";
import { DCP_OP_SEND, DCP_OP_WRITE, DCP_OP_WRITE_IMM } from "./dcp/wire";

const enum K {
  Messages = 8,
  MsgShift = 3,
  U24 = 0xffffff,
}

/** A sender's message-table columns (one value per QP, or 8 per QP for the msg* columns). */
export interface MessageColumns {
  readonly postPsn: Int32Array; // first PSN of the next posted message
  readonly postMsn: Int32Array; // MSN the next posted message gets
  readonly ssnNext: Int32Array; // SSN of the next Send / Write-with-Immediate (DCP §4.4)
  readonly msgPsn: Int32Array;
  readonly msgLen: Int32Array; // bytes
  readonly msgEnd: Int32Array; // PSN after the message's last packet
  readonly msgTag: Int32Array; // SSN | op << 24
}

/** The message-table columns out of a sender's column set (which holds them under these names). */
export function messageColumns(col: MessageColumns): MessageColumns {
  const { postPsn, postMsn, ssnNext, msgPsn, msgLen, msgEnd, msgTag } = col;
  return { postPsn, postMsn, ssnNext, msgPsn, msgLen, msgEnd, msgTag };
}

/** Packets of a message of `bytes` (a zero-length message still takes one packet). */
export function packetsOf(bytes: number, mtuBytes: number): number {
  return bytes === 0 ? 1 : Math.floor((bytes + mtuBytes - 1) / mtuBytes);
}

/**
 * Posts a message of `lengthBytes` (already validated) and kind `op` (DCP_OP_*): it gets the next
 * MSN, its PSNs (one per MTU of payload) and, except for a Write, the next SSN. Returns the MSN,
 * E_ARG for an unknown op, or E_FULL with 8 messages outstanding past `unaMsn`; nothing changes
 * on an error.
 */
export function postMessage(t: MessageColumns, slot: number, unaMsn: number, lengthBytes: number, op: number, mtuBytes: number): number {
  if (!(op === DCP_OP_SEND || op === DCP_OP_WRITE || op === DCP_OP_WRITE_IMM)) return E_ARG;
  const msn = t.postMsn[slot];
  if (psn24Diff(msn, unaMsn) >= K.Messages) return E_FULL;
  const m = (slot << K.MsgShift) + (msn & 7);
  let ssn = 0;
  if (op !== DCP_OP_WRITE) {
    ssn = t.ssnNext[slot];
    t.ssnNext[slot] = (ssn + 1) & K.U24;
  }
  const first = t.postPsn[slot];
  const end = (first + packetsOf(lengthBytes, mtuBytes)) & K.U24;
  t.msgPsn[m] = first;
  t.msgLen[m] = lengthBytes;
  t.msgTag[m] = ssn | (op << 24);
  t.msgEnd[m] = end;
  t.postPsn[slot] = end;
  t.postMsn[slot] = (msn + 1) & K.U24;
  return msn;
}

/**
 * Writes the constants of outstanding message `msn` (a valid 24-bit MSN) into out[7..9]:
 * its bytes, op and SSN. Returns 0, or E_STATE for an MSN not outstanding past `unaMsn`.
 */
export function writeMessageInfo(t: MessageColumns, slot: number, unaMsn: number, msn: number, out: Int32Array): number {
  const d = psn24Diff(msn, unaMsn);
  if (!(d >= 0 && d < psn24Diff(t.postMsn[slot], unaMsn))) return E_STATE;
  const m = (slot << K.MsgShift) + (msn & 7);
  const tag = t.msgTag[m];
  out[7] = t.msgLen[m];
  out[8] = tag >>> 24;
  out[9] = tag & K.U24;
  return 0;
}
