// Sizing checks of the DCP tables (review fw2): strictBytesPerFlow refuses what the constructor
// refuses, with its message, and an oversized table is refused naming capacity and the parameter
// instead of with the engine's "Invalid typed array length" / "Array buffer allocation failed".
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DcpReceiver } from "./receiver";
import { DcpSender } from "./sender";

const is = (message: string) => (e: Error) => e instanceof RangeError && e.message === message;

test("strictBytesPerFlow refuses a bitmapBits the constructor refuses, with the constructor's message", () => {
  // Review fw2: strictBytesPerFlow(100) gave 38.5 B.
  const bits100 = "DcpReceiver: bitmapBits must be a power of two in [32, 2^20], got 100";
  assert.throws(() => new DcpReceiver({ tracking: "bitmap", bitmapBits: 100 }), is(bits100));
  assert.throws(() => DcpReceiver.strictBytesPerFlow(100), is(bits100));
  assert.throws(() => DcpReceiver.strictBytesPerFlow(16), is("DcpReceiver: bitmapBits must be a power of two in [32, 2^20], got 16"));
  assert.throws(() => DcpReceiver.strictBytesPerFlow(2 ** 21), /bitmapBits must be a power of two in \[32, 2\^20\], got 2097152/);
  // Columns: eMSN int32 4 + rRetryNo 1 + 8 uint16 counters 16 + the open flag 1 = 22; strict adds
  // ePSN 4 and one bit per PSN: 2048 → 22 + 4 + 256 = 282, 32 → 22 + 4 + 4 = 30.
  assert.is(DcpReceiver.strictBytesPerFlow(2048), 282);
  assert.is(DcpReceiver.strictBytesPerFlow(32), 30);
  assert.is(new DcpReceiver({ tracking: "bitmap", bitmapBits: 32 }, 1).bytesPerSlot, 30);
});

test("DcpSender: capacity × retransQueueDepth above 2^28 is refused naming both", () => {
  // 2^24 QPs × 32768 entries = 2^39 int32 entries: the engine's typed-array limit before.
  assert.throws(
    () => new DcpSender({ retransQueueDepth: 32768 }, 2 ** 24),
    is("DcpSender: capacity × retransQueueDepth must be at most 2^28, got 16777216 × 32768"),
  );
  // Just above the bound: (2^13 + 1) × 2^15 = 2^28 + 2^15.
  assert.throws(() => new DcpSender({ retransQueueDepth: 32768 }, 2 ** 13 + 1), /capacity × retransQueueDepth must be at most 2\^28, got 8193 × 32768/);
  // A bad capacity is still reported as one, not as a product too large.
  assert.throws(() => new DcpSender({ retransQueueDepth: 32768 }, 2 ** 25), is("capacity must be an integer in [1, 16777216], got 33554432"));
  assert.throws(() => new DcpSender({}, 1.5), is("capacity must be an integer in [1, 16777216], got 1.5"));
  // Exactly at it: 2^13 QPs × 2^15 entries = 2^28, accepted (1 GiB of entries, 4 B each, which the
  // engine maps lazily): 188 + 4 × 32,768 = 131,260 B per QP.
  assert.is(new DcpSender({ retransQueueDepth: 32768 }, 2 ** 13).bytesPerSlot, 131_260);
  // Within it (16 QPs × 16 entries): 188 B of context + 4 B per entry.
  assert.is(new DcpSender({ retransQueueDepth: 16 }, 16).bytesPerSlot, 188 + 4 * 16);
});

test("DcpReceiver: in strict mode capacity × bitmapBits above 2^31 is refused naming both; counter mode keeps no bitmap", () => {
  // 2^24 QPs × 2^20 bits = 2^39 int32 words: the engine's typed-array limit before.
  assert.throws(
    () => new DcpReceiver({ tracking: "bitmap", bitmapBits: 2 ** 20 }, 2 ** 24),
    is("DcpReceiver: capacity × bitmapBits must be at most 2^31 in strict mode, got 16777216 × 1048576"),
  );
  // Just above: (2^11 + 1) × 2^20 = 2^31 + 2^20.
  assert.throws(() => new DcpReceiver({ tracking: "bitmap", bitmapBits: 2 ** 20 }, 2 ** 11 + 1), /capacity × bitmapBits must be at most 2\^31 in strict mode, got 2049 × 1048576/);
  // Bitmap-free: bitmapBits sizes nothing, so the same product is no reason to refuse.
  assert.is(new DcpReceiver({ tracking: "counter", bitmapBits: 2 ** 20 }, 2 ** 12).bytesPerSlot, 22);
  assert.is(new DcpReceiver({ tracking: "bitmap", bitmapBits: 64 }, 4).bytesPerSlot, 22 + 4 + 8);
});

test("DcpReceiver: strict capacity × bitmapBits of exactly 2^31 is accepted (the bound is inclusive)", () => {
  // README parameter table: "capacity × bitmapBits ≤ 2^31" in bitmap mode. 2^11 QPs × 2^20 bits =
  // 2^31 exactly, the smallest table that sits on the bound (2^11 × (22 + 4 + 2^20 / 8) B ≈ 268 MB,
  // allocated zero-filled and never touched). The refusal one QP above is pinned above.
  const r = new DcpReceiver({ tracking: "bitmap", bitmapBits: 2 ** 20 }, 2 ** 11);
  assert.is(r.bytesPerSlot, 22 + 4 + 2 ** 20 / 8);
});

test.run();
