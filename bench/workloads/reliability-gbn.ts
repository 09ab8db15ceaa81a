// Go-back-N (lib/reliability/gbn) per-packet workloads.
// Sender (goal 30 ns: two handler calls per event): psnSendWorkload (reliability-streams.ts),
// 64 QPs sending 16 KiB Writes with 8 packets in flight and in-order ACKs.
// Receiver: 16-packet messages arriving in order (go-back-N drops anything else).
import { GbnReceiver, GbnSender } from "../../lib/reliability/index";
import { FLOWS, MTU, psnReceiveWorkload, psnSendWorkload } from "./reliability-streams";
import type { Workload } from "./types";

export const gbnWorkloads: Workload[] = [
  psnSendWorkload(
    "reliability/gbn",
    "GbnSender.nextPacket+onAck",
    30,
    () => new GbnSender({ mtuBytes: MTU }, FLOWS),
    (tx, slot, now, psn) => tx.onAck(slot, now, (psn + 1) & 0xffffff),
  ),
  psnReceiveWorkload("reliability/gbn", "GbnReceiver.onData", 15, () => new GbnReceiver({}, FLOWS), 1),
];
