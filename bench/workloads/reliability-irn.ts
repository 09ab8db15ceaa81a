// IRN (lib/reliability/irn) per-packet workloads.
// Sender (goal 30 ns: two handler calls per event): psnSendWorkload (reliability-streams.ts),
// 64 QPs sending 16 KiB Writes with 8 packets in flight and in-order ACKs.
// Receiver: 16-packet messages sprayed and reordered by up to 32 packets (NACKs for every out-of-order arrival).
import { IrnReceiver, IrnSender } from "../../lib/reliability/index";
import { FLOWS, MTU, psnReceiveWorkload, psnSendWorkload } from "./reliability-streams";
import type { Workload } from "./types";

export const irnWorkloads: Workload[] = [
  psnSendWorkload(
    "reliability/irn",
    "IrnSender.nextPacket+onAck",
    30,
    () => new IrnSender({ mtuBytes: MTU, bdpPackets: 128 }, FLOWS),
    (tx, slot, now, psn) => tx.onAck(slot, now, (psn + 1) & 0xffffff),
  ),
  psnReceiveWorkload("reliability/irn", "IrnReceiver.onData", 15, () => new IrnReceiver({ bdpPackets: 128 }, FLOWS), 32),
];
