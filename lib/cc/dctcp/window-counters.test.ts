// RFC 8257 §3.3: M = DCTCP.BytesMarked / DCTCP.BytesAcked over an observation window, and the
// README: α is computed from the window's marked and acked bytes exactly. A window's byte counts
// saturated at 2^30 − 1, so a window of about 2 GiB acknowledged, half of it marked, read M as
// about 1 (review, 2026-12-02). They now hold up to 2^31 − 1, more than a window can acknowledge.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Dctcp } from "./dctcp";

test("a window of 2^31 − 1 acknowledged bytes, 2^30 of them marked: M ≈ 1/2", () => {
  const t = new Dctcp({}, 1); // rfc8257: g = 1/16, α starts at 1
  t.open(0);
  t.onSend(0, 0, 2 ** 30);
  t.onAck(0, 0, 1, false); // SND.UNA passes WindowEnd 0: α = 15/16 · 1 + 1/16 · 0; WindowEnd ← 2^30
  assert.is(t.alphaValue(0), 15 / 16);
  t.onAck(0, 0, 2 ** 30 - 1, false); // SND.UNA = 2^30 = WindowEnd: the window is still open
  t.onSend(0, 0, 2 ** 30);
  t.onAck(0, 0, 2 ** 30, true); // SND.UNA = 2^31 > WindowEnd: acked 2^31 − 1, marked 2^30
  const expected = (15 / 16) * (15 / 16) + (1 / 16) * (2 ** 30 / (2 ** 31 - 1)); // 0.910156…
  assert.ok(Math.abs(t.alphaValue(0) - expected) <= 2 ** -27, `α ${t.alphaValue(0)}, expected ${expected}`);
});

test.run();
