// The CC adapters on their own, with hand-chosen numbers: the AckRequest rule every window
// module gets, the pass-through of a run without congestion control, and the error counts the
// integrity check adds up. (The fabric tests drive the adapters only through whole runs, where
// an AR bit on every packet or a miscounted error does not change a completion time.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Aimd } from "../../lib/cc/aimd/aimd";
import { Dcqcn } from "../../lib/cc/dcqcn/dcqcn";
import { DcqcnNp } from "../../lib/cc/dcqcn/np";
import { Timely } from "../../lib/cc/timely/timely";
import { AimdCc, type CcAdapter, DcqcnCc, NoneCc, TimelyCc } from "./adapters";

const MSS = 1000;

test("a window module asks for an ACK at once exactly when its window cannot take another packet of the size sent (UEC AckRequest)", () => {
  // cwnd 4 MSS = 4000 B. The AR bit is asked when the room left after the send is below the
  // packet's size: 4000 − 1000 = 3000 ≥ 1000 (no); 3000 − 1500 = 1500, not below 1500 (no);
  // 1500 − 1499 = 1 < 1499 (yes); then 1 − 1 = 0 < 1 (yes).
  const cc = new AimdCc(new Aimd({ mssBytes: MSS, initialCwndBytes: 4 * MSS }, 1));
  cc.open(0, 0);
  assert.is(cc.level(0), 4 * MSS);
  assert.is(cc.onSend(0, 0, 1000), 0, "3000 B left");
  assert.is(cc.onSend(0, 0, 1500), 0, "1500 B left: another 1500 B packet still fits");
  assert.is(cc.windowLeft(0), 1500);
  assert.is(cc.onSend(0, 0, 1499), 1, "1 B left");
  assert.is(cc.onSend(0, 0, 1), 1, "nothing left");
  assert.is(cc.windowLeft(0), 0);
  assert.is(cc.errors(), 0);
});

test("without congestion control the adapter never gates, never asks for an ACK, paces nothing and reports no window", () => {
  const cc: CcAdapter = new NoneCc();
  cc.open(3, 2);
  for (let i = 0; i < 1000; i++) {
    assert.ok(cc.canSend(3, 9000));
    assert.is(cc.onSend(3, i, 9000), 0);
  }
  cc.onAck(3, 1000, 9000, 5000, true, 0);
  cc.onTrim(3, 1000, 9000, true, 5000);
  cc.onTimeout(3, 1000, 9000);
  assert.is(cc.paced, 0);
  assert.is(cc.timed, 0);
  assert.is(cc.pacingGapNs(3, 9000), 0);
  assert.is(cc.level(3), 0);
  assert.is(cc.windowLeft(3), 1 << 30);
  assert.not.ok(cc.timerArmed(3));
  assert.not.ok(cc.onData(3, 0, true));
  assert.is(cc.errors(), 0);
});

test("a rate module reports its rate as its level and never gates on a window", () => {
  const cc = new TimelyCc(new Timely({ linkGbps: 100 }, 1));
  cc.open(0, 0);
  assert.is(cc.paced, 1);
  assert.is(cc.level(0), cc.m.rateBps(0));
  assert.ok(cc.level(0) > 1e9, `${cc.level(0)} b/s`);
  assert.is(cc.windowLeft(0), 1 << 30);
  assert.is(cc.onSend(0, 0, 4096), 0, "a rate module asks for no AR");
});

test("DCQCN's error count is the reaction point's plus the notification point's", () => {
  const cc = new DcqcnCc(new Dcqcn({}, 2), new DcqcnNp({}, 2));
  cc.open(0);
  assert.is(cc.errors(), 0);
  cc.onAck(1, 0, 1000); // slot 1 is closed at the reaction point
  assert.is(cc.errors(), 1);
  cc.onData(1, 0, true); // … and at the notification point
  cc.onData(1, 0, false);
  assert.is(cc.m.errors, 1);
  assert.is(cc.np.errors, 2);
  assert.is(cc.errors(), 3);
});

test.run();
