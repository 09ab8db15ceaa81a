// The registry's defaults, by hand: what the network tells each module it builds.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AimdCc, NsccCc, SwiftCc } from "./adapters";
import { makeCc, makeTransport, type NetworkContext } from "./registry";
import type { IrnTransport, RackTransport } from "./rounds";

const CTX: NetworkContext = { linkGbps: 100, baseRttNs: 14_000, mtuBytes: 4150, headerBytes: 64, trimming: true, seed: 1, rtoNs: 100_000, ackEveryBytes: 16_384 };

test("a CC takes the network's constants it declares: AIMD's segment is the wire MTU, so its RFC 5681 initial window is 2 of them", () => {
  const aimd = makeCc("aimd", {}, CTX, 1) as AimdCc;
  aimd.open(0, 0);
  // IW = min(4 × 4,150, max(2 × 4,150, 4,380)) = 8,300 B (the module's own default MSS, 4,096 B, would give 8,192).
  assert.equal([aimd.m.params.mssBytes, aimd.level(0)], [4150, 8300]);
  const nscc = makeCc("nscc", {}, CTX, 1) as NsccCc;
  assert.equal([nscc.m.params.linkGbps, nscc.m.params.baseRttNs, nscc.m.params.mtuBytes], [100, 14_000, 4150]);
  assert.is((makeCc("swift", {}, CTX, 1) as SwiftCc).m.params.mtuBytes, 4150);
  assert.is((makeCc("swift", { mtuBytes: 2048 }, CTX, 1) as SwiftCc).m.params.mtuBytes, 2048, "the scenario's own value wins");
});

test("the RDMA baselines size their windows from the BDP in whole packets, at least one", () => {
  // 100 Gb/s × 14 µs = 175,000 B = 42.2 packets of 4,150 B: 43.
  const irn = makeTransport("irn", {}, CTX, 1, 64) as IrnTransport;
  const rack = makeTransport("rack", {}, CTX, 1, 64) as RackTransport;
  assert.equal([irn.tx.params.bdpPackets, rack.tx.params.windowPackets], [43, 86]);
  // 1 Gb/s × 1 µs = 125 B, less than a packet: one.
  const tiny = makeTransport("irn", {}, { ...CTX, linkGbps: 1, baseRttNs: 1000 }, 1, 64) as IrnTransport;
  assert.is(tiny.tx.params.bdpPackets, 1);
});

test.run();
