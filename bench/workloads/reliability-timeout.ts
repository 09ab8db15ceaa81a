// Timeout-only recovery (lib/reliability/timeout) per-packet workloads.
// Sender (goal 30 ns: two handler calls per event): psnSendWorkload (reliability-streams.ts),
// 64 QPs sending 16 KiB Writes with 8 packets in flight and in-order ACKs.
// Receiver: 16-packet messages sprayed and reordered by up to 32 packets, each ACKed with its SACK.
import { TimeoutReceiver, TimeoutSender } from "../../lib/reliability/index";
import { FLOWS, MTU, psnReceiveWorkload, psnSendWorkload } from "./reliability-streams";
import type { Workload } from "./types";

export const timeoutWorkloads: Workload[] = [
  psnSendWorkload(
    "reliability/timeout",
    "TimeoutSender.nextPacket+onAck",
    30,
    () => new TimeoutSender({ mtuBytes: MTU, windowPackets: 128 }, FLOWS),
    (tx, slot, now, psn) => tx.onAck(slot, now, (psn + 1) & 0xffffff, psn),
  ),
  psnReceiveWorkload("reliability/timeout", "TimeoutReceiver.onData", 15, () => new TimeoutReceiver({ windowPackets: 128 }, FLOWS), 32),
];
