// RACK-TLP (lib/reliability/rack) per-packet workloads.
// Sender (goal 30 ns: two handler calls per event): psnSendWorkload (reliability-streams.ts),
// 64 QPs sending 16 KiB Writes with 8 packets in flight and in-order ACKs.
// Receiver: 16-packet messages sprayed and reordered by up to 32 packets, each ACKed with its SACK.
import { RackReceiver, RackSender } from "../../lib/reliability/index";
import { FLOWS, MTU, psnReceiveWorkload, psnSendWorkload } from "./reliability-streams";
import type { Workload } from "./types";

export const rackWorkloads: Workload[] = [
  psnSendWorkload(
    "reliability/rack",
    "RackSender.nextPacket+onAck",
    30,
    () => new RackSender({ mtuBytes: MTU, windowPackets: 128 }, FLOWS),
    (tx, slot, now, psn) => tx.onAck(slot, now, (psn + 1) & 0xffffff, psn, false),
  ),
  psnReceiveWorkload("reliability/rack", "RackReceiver.onData", 15, () => new RackReceiver({ windowPackets: 128 }, FLOWS), 32),
];
