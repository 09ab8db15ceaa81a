// RACK-TLP cases that rack.test.ts and the vectors passed over. The mutation pass
// (docs/mutation-testing.md, stopped half-way through this file) found the send window met
// exactly unpinned; its survivors in the ACK path also led to two RFC 8985 behaviours walked
// through here: which packet an ACK delivering several takes its RTT sample from (§6.2 step 2,
// the most recently sent), and the DSACK round of §6.2 step 4. Those mutants still survive:
// telling the sample's choice apart needs a retransmitted packet, and the round's end is not
// reached here.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { sendingOnFlow1 } from "../test-support";
import { RACK_TX_NEW, RACK_TX_NONE, RackSender } from "./rack";

test("with windowPackets in flight nothing new is sent; one acknowledged frees one", () => {
  const s = sendingOnFlow1(new RackSender({ mtuBytes: 1024, windowPackets: 4 }, 2), 1024, 4, 0, RACK_TX_NEW);
  assert.is(s.inflightPackets(1), 4);
  assert.is(s.nextPacket(1, 4), RACK_TX_NONE);
  s.onAck(1, 10_000, 1, 0, false);
  assert.is(s.nextPacket(1, 10_001), RACK_TX_NEW);
  assert.is(s.nextPacket(1, 10_002), RACK_TX_NONE);
});

test("an ACK delivering several packets samples the RTT of the most recently sent one", () => {
  const s = new RackSender({ mtuBytes: 1024, windowPackets: 32 }, 2);
  s.open(1, 0);
  s.post(1, 1024 * 8, 1);
  s.onSchedule(1, 0, 1 << 20);
  for (const t of [0, 100, 200]) s.nextPacket(1, t);
  s.onAck(1, 1000, 3, 2, false); // PSNs 0–2 at once; PSN 2 left at 200
  assert.is(s.rackRttNs(1), 800);
  assert.is(s.srttNs(1), 800);
  // Cumulatively one packet, and a SACK of a later-sent one: the SACKed packet is the newer.
  for (const t of [1100, 1200, 1300]) s.nextPacket(1, t); // PSNs 3–5
  s.onAck(1, 2000, 4, 5, false);
  assert.is(s.rackRttNs(1), 700); // PSN 5, sent at 1300
});

test("RFC 8985 §6.2 step 4: a DSACK raises reo_wnd_mult once per round trip, and only when adaptive", () => {
  const run = (profile: "rfc8985" | "dcp") => {
    const s = new RackSender({ profile, mtuBytes: 1024, windowPackets: 32 }, 2);
    s.open(1, 0);
    s.post(1, 1024 * 8, 1);
    s.onSchedule(1, 0, 1 << 20);
    for (let i = 0; i < 4; i++) s.nextPacket(1, i * 10); // PSNs 0–3
    s.onAck(1, 1000, 1, 0, false);
    const mults = [s.reoWndMult(1)];
    s.onAck(1, 1100, 1, 0, true); // a DSACK: the round lasts until PSN 4 is acknowledged
    mults.push(s.reoWndMult(1));
    s.onAck(1, 1200, 2, 1, true); // a second DSACK in the same round
    mults.push(s.reoWndMult(1));
    return mults;
  };
  assert.equal(run("rfc8985"), [1, 2, 2]);
  assert.equal(run("dcp"), [4, 4, 4]);
});

test.run();
