var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// harness/scenario/build.ts
import { readFileSync as readFileSync2 } from "node:fs";
import { resolve as resolve3 } from "node:path";

// lib/core/rng.ts
function mix32(x) {
  x ^= x >>> 16;
  x = Math.imul(x, 2246822507);
  x ^= x >>> 13;
  x = Math.imul(x, 3266489909);
  x ^= x >>> 16;
  return x | 0;
}
function hash3(a, b, c) {
  let h = mix32(a ^ 2654435769);
  h = mix32(h ^ b);
  return mix32(h ^ c);
}
function rotl(x, k) {
  return x << k | x >>> 32 - k;
}
var Xoshiro128 = class {
  constructor(seed) {
    this.s = new Int32Array(4);
    this.seed(seed);
  }
  /** Re-seed from a 32-bit value through splitmix32. */
  seed(seed) {
    let x = seed | 0;
    for (let i = 0; i < 4; i++) {
      x = x + 2654435769 | 0;
      this.s[i] = mix32(x);
    }
  }
  /** Load the raw state, as the reference C program's `s[4]` (for cross-checks). */
  setState(s0, s1, s2, s3) {
    this.s[0] = s0;
    this.s[1] = s1;
    this.s[2] = s2;
    this.s[3] = s3;
  }
  /** The next output as an int32 bit pattern (read it as unsigned with `>>> 0`). */
  nextI32() {
    const s = this.s;
    const s0 = s[0];
    const s1 = s[1];
    const s2 = s[2] ^ s0;
    const s3 = s[3] ^ s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    s[0] = s0 ^ s3;
    s[1] = s1 ^ s2;
    s[2] = s2 ^ s1 << 9;
    s[3] = rotl(s3, 11);
    return result;
  }
  /** The next output as an unsigned 32-bit value. */
  nextU32() {
    return this.nextI32() >>> 0;
  }
  /**
   * A value in [0, n) for 1 ≤ n ≤ 2^32: floor(u × n / 2^32) of the next output u, computed
   * exactly (the 64-bit product is split into 16-bit halves), so every port reproduces it.
   * Bias is at most n / 2^32 per value (Lemire's multiply-shift without rejection).
   */
  nextBelow(n) {
    const u = this.nextI32() >>> 0;
    if (n <= 2097152) return Math.floor(u * n * 23283064365386963e-26);
    const hi = (u >>> 16) * n;
    const lo = (u & 65535) * n;
    return Math.floor((hi + Math.floor(lo / 65536)) / 65536);
  }
  /** The top 16 bits of the next output: a uniform Q16 fraction in [0, 65536). */
  nextU16() {
    return this.nextI32() >>> 16;
  }
};

// lib/lb/feedback.ts
var GOOD = 0 /* Good */;
var ECN = 1 /* Ecn */;
var NACK = 2 /* Nack */;
var TIMEOUT = 3 /* Timeout */;

// lib/core/errors.ts
var E_SLOT = -1;
var E_ARG = -2;
var E_STATE = -3;
var E_FULL = -4;
var E_OVERFLOW = -5;

// lib/core/table.ts
var BYTES_PER_VALUE = {
  i8: 1,
  u8: 1,
  i16: 2,
  u16: 2,
  i32: 4,
  u32: 4,
  f64: 8
};
function kindOf(spec) {
  return typeof spec === "string" ? spec : spec[0];
}
function widthOf(spec) {
  return typeof spec === "string" ? 1 : spec[1];
}
function allocate(kind, n) {
  switch (kind) {
    case "i8":
      return new Int8Array(n);
    case "u8":
      return new Uint8Array(n);
    case "i16":
      return new Int16Array(n);
    case "u16":
      return new Uint16Array(n);
    case "i32":
      return new Int32Array(n);
    case "u32":
      return new Uint32Array(n);
    case "f64":
      return new Float64Array(n);
  }
}
function layoutBytes(layout) {
  let bytes = 0;
  for (const name of Object.keys(layout)) {
    const spec = layout[name];
    bytes += BYTES_PER_VALUE[kindOf(spec)] * widthOf(spec);
  }
  return bytes;
}
function flowBytes(layout) {
  return layoutBytes(layout) + 1;
}
var MAX_CAPACITY = 1 << 24;
var FlowTable = class {
  /** @throws RangeError for a capacity that is not an integer in [1, 2^24]. */
  constructor(layout, capacity) {
    /** Count of rejected calls (bad slot, bad argument, impossible event) since construction. */
    this.errors = 0;
    if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= MAX_CAPACITY)) {
      throw new RangeError(`capacity must be an integer in [1, ${MAX_CAPACITY}], got ${capacity}`);
    }
    this.capacity = capacity;
    this.live = new Uint8Array(capacity);
    const col = {};
    this.names = Object.keys(layout);
    this.widths = [];
    this.arrays = [];
    for (const name of this.names) {
      const spec = layout[name];
      const array = allocate(kindOf(spec), capacity * widthOf(spec));
      col[name] = array;
      this.arrays.push(array);
      this.widths.push(widthOf(spec));
    }
    this.col = col;
  }
  /** True for an integer slot inside the table that is open. */
  isOpen(slot) {
    return slot >= 0 && slot < this.capacity && Math.floor(slot) === slot && this.live[slot] === 1;
  }
  /**
   * Clears a slot and marks it open; opening an open slot starts it afresh.
   * @throws RangeError for a slot outside the table (open is not a per-packet path).
   */
  openSlot(slot) {
    if (!(slot >= 0 && slot < this.capacity && Math.floor(slot) === slot)) {
      this.errors++;
      throw new RangeError(`slot ${slot} is outside [0, ${this.capacity})`);
    }
    this.clearSlot(slot);
    this.live[slot] = 1;
  }
  /** Clears a slot's state and marks it closed. Returns 0, or E_SLOT if it was not open. */
  close(slot) {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    this.clearSlot(slot);
    this.live[slot] = 0;
    return 0;
  }
  /**
   * Every column of one slot, by name (a grouped column as an array), plus `open`. For tests,
   * traces and debugging; it allocates, so never call it on a per-packet path.
   */
  inspect(slot) {
    const out = { open: this.isOpen(slot) };
    if (!(slot >= 0 && slot < this.capacity && Math.floor(slot) === slot)) return out;
    for (let i = 0; i < this.arrays.length; i++) {
      const w = this.widths[i];
      out[this.names[i]] = w === 1 ? this.arrays[i][slot] : Array.from(this.arrays[i].subarray(slot * w, slot * w + w));
    }
    return out;
  }
  /** Counts a rejected call and returns its error code. */
  fail(code) {
    this.errors++;
    return code;
  }
  clearSlot(slot) {
    for (let i = 0; i < this.arrays.length; i++) {
      const w = this.widths[i];
      this.arrays[i].fill(0, slot * w, slot * w + w);
    }
  }
};

// lib/switch/queue/params.ts
var DCP_HO_BYTES = 57;
var DCP_DATA_PACKET_BYTES = 1024;
var HTSIM_TRIM_BYTES = 64;
var HTSIM_WRR_HIGH = 1e5;
var MAX_PACKET_BYTES = 1048575;
var NO_PACKET_LIMIT = 2147483647;
function dcpWrrWeight(radix, hoBytes, dataPacketBytes) {
  if (!(Number.isInteger(radix) && radix >= 2 && radix <= 4096)) throw new RangeError(`dcpWrrWeight: radix ${radix} must be an integer in [2, 4096]`);
  if (!(hoBytes > 0 && dataPacketBytes > hoBytes && dataPacketBytes <= MAX_PACKET_BYTES)) {
    throw new RangeError(`dcpWrrWeight: need 0 < hoBytes < dataPacketBytes \u2264 ${MAX_PACKET_BYTES}`);
  }
  const ratio = dataPacketBytes / hoBytes;
  const feasible = ratio > radix - 1;
  const weight = feasible ? (radix - 1) / (ratio - radix + 1) : NaN;
  const maxRadix = Math.ceil(ratio + 1) - 1;
  return { radix, ratio, weight, feasible, maxRadix };
}
function dwrrQuanta(weight, mtuBytes) {
  const dataQuantumBytes = weight >= 1 ? mtuBytes : Math.ceil(mtuBytes / weight);
  const controlQuantumBytes = Math.max(mtuBytes, Math.round(weight * dataQuantumBytes));
  return { dataQuantumBytes, controlQuantumBytes };
}
var NAMES = [
  "profile",
  "mtuBytes",
  "linkGbps",
  "baseRttNs",
  "bdpBytes",
  "dataLimitBytes",
  "dataLimitPackets",
  "controlLimitBytes",
  "controlLimitPackets",
  "overRule",
  "acksToControl",
  "controlQueue",
  "trimming",
  "trimBytes",
  "ecnAt",
  "kMinBytes",
  "kMaxBytes",
  "pMax",
  "scheduler",
  "wrrControlPackets",
  "wrrDataPackets",
  "controlWeight",
  "dcpRadix",
  "dataPacketBytes",
  "seed",
  "handleCapacity"
];
function pick(input, name, fallback) {
  const v = input[name];
  return v === void 0 ? fallback : v;
}
function resolveQueueParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (NAMES.indexOf(k) < 0) throw new RangeError(`PortQueues: unknown parameter ${k}`);
  }
  const profile = pick(input, "profile", "uec-htsim");
  if (["uec-htsim", "uec", "dcp", "droptail"].indexOf(profile) < 0) throw new RangeError(`PortQueues: unknown profile ${String(profile)}`);
  const dcp = profile === "dcp";
  const linkGbps = pick(input, "linkGbps", 100);
  const baseRttNs = pick(input, "baseRttNs", 14022.72);
  const bdpBytes = pick(input, "bdpBytes", Math.floor(linkGbps * baseRttNs / 8));
  const mtuBytes = pick(input, "mtuBytes", dcp ? DCP_DATA_PACKET_BYTES : 4150);
  const dataLimitBytes = pick(input, "dataLimitBytes", profile === "droptail" ? 5 * bdpBytes : bdpBytes);
  const controlLimitBytes = pick(input, "controlLimitBytes", profile === "uec-htsim" ? 2 * dataLimitBytes : dcp ? 32 * 1024 * 1024 : bdpBytes);
  const trimBytes = pick(input, "trimBytes", dcp ? DCP_HO_BYTES : HTSIM_TRIM_BYTES);
  const dataPacketBytes = pick(input, "dataPacketBytes", DCP_DATA_PACKET_BYTES);
  const dcpRadix = pick(input, "dcpRadix", 0);
  let controlWeight = pick(input, "controlWeight", 1);
  if (dcpRadix > 0 && input.controlWeight === void 0) {
    const w = dcpWrrWeight(dcpRadix, trimBytes, dataPacketBytes);
    if (w.feasible) controlWeight = w.weight;
  }
  const p = {
    profile,
    mtuBytes,
    linkGbps,
    baseRttNs,
    bdpBytes,
    dataLimitBytes,
    dataLimitPackets: pick(input, "dataLimitPackets", NO_PACKET_LIMIT),
    controlLimitBytes,
    controlLimitPackets: pick(input, "controlLimitPackets", NO_PACKET_LIMIT),
    overRule: pick(input, "overRule", dcp ? "occupancy" : "arrival"),
    acksToControl: pick(input, "acksToControl", !dcp && profile !== "droptail"),
    controlQueue: pick(input, "controlQueue", profile !== "droptail"),
    trimming: pick(input, "trimming", profile === "uec-htsim" ? "arriving-or-newest" : profile === "droptail" ? "off" : "arriving"),
    trimBytes,
    ecnAt: pick(input, "ecnAt", dcp ? "off" : "dequeue"),
    // UEC §3.6.17 and htsim main: 20 % and 80 % of Plane_BDP / the queue size.
    kMinBytes: pick(input, "kMinBytes", Math.floor(0.2 * bdpBytes)),
    kMaxBytes: pick(input, "kMaxBytes", Math.floor(0.8 * bdpBytes)),
    pMax: pick(input, "pMax", 1),
    scheduler: pick(input, "scheduler", profile === "uec-htsim" ? "wrr" : dcp ? "dwrr" : "strict"),
    wrrControlPackets: pick(input, "wrrControlPackets", profile === "uec-htsim" ? HTSIM_WRR_HIGH : 1),
    wrrDataPackets: pick(input, "wrrDataPackets", 1),
    controlWeight,
    dcpRadix,
    dataPacketBytes,
    seed: pick(input, "seed", 1),
    handleCapacity: pick(input, "handleCapacity", 65536)
  };
  validate(p);
  return p;
}
function need(ok, what) {
  if (!ok) throw new RangeError(`PortQueues: ${what}`);
}
function intIn(x, lo, hi) {
  return typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
}
function oneOf(x, options) {
  return options.indexOf(x) >= 0;
}
function validate(p) {
  need(intIn(p.mtuBytes, 64, MAX_PACKET_BYTES), `mtuBytes must be an integer in [64, ${MAX_PACKET_BYTES}]`);
  need(typeof p.linkGbps === "number" && p.linkGbps > 0 && p.linkGbps <= 1e5, "linkGbps must be in (0, 100000]");
  need(typeof p.baseRttNs === "number" && p.baseRttNs > 0 && p.baseRttNs <= 2 ** 30, "baseRttNs must be in (0, 2^30]");
  need(intIn(p.bdpBytes, 1, 2 ** 30), "bdpBytes must be an integer in [1, 2^30]");
  need(intIn(p.dataLimitBytes, 1, 2 ** 30), "dataLimitBytes must be an integer in [1, 2^30]");
  need(intIn(p.controlLimitBytes, 1, 2 ** 30), "controlLimitBytes must be an integer in [1, 2^30]");
  need(intIn(p.dataLimitPackets, 1, NO_PACKET_LIMIT), "dataLimitPackets must be an integer \u2265 1");
  need(intIn(p.controlLimitPackets, 1, NO_PACKET_LIMIT), "controlLimitPackets must be an integer \u2265 1");
  need(oneOf(p.overRule, ["arrival", "occupancy"]), "overRule must be arrival or occupancy");
  need(typeof p.acksToControl === "boolean", "acksToControl must be a boolean");
  need(typeof p.controlQueue === "boolean", "controlQueue must be a boolean");
  need(oneOf(p.trimming, ["off", "arriving", "arriving-or-newest"]), "trimming must be off, arriving or arriving-or-newest");
  need(intIn(p.trimBytes, 1, p.mtuBytes), "trimBytes must be an integer in [1, mtuBytes]");
  need(p.trimming === "off" || p.controlQueue, "trimming needs the control queue (trimmed headers travel there)");
  need(oneOf(p.ecnAt, ["off", "enqueue", "dequeue"]), "ecnAt must be off, enqueue or dequeue");
  need(intIn(p.kMinBytes, 0, 2 ** 30) && intIn(p.kMaxBytes, p.kMinBytes, 2 ** 30), "need integers 0 \u2264 kMinBytes \u2264 kMaxBytes \u2264 2^30");
  need(typeof p.pMax === "number" && p.pMax >= 0 && p.pMax <= 1, "pMax must be in [0, 1]");
  need(oneOf(p.scheduler, ["strict", "wrr", "dwrr"]), "scheduler must be strict, wrr or dwrr");
  need(intIn(p.wrrControlPackets, 1, 1e6) && intIn(p.wrrDataPackets, 1, 1e6), "WRR packet weights must be integers in [1, 10^6]");
  need(typeof p.controlWeight === "number" && p.controlWeight >= 1 / 1024 && p.controlWeight <= 1024, "controlWeight must be in [1/1024, 1024]");
  need(p.dcpRadix === 0 || intIn(p.dcpRadix, 2, 4096), "dcpRadix must be 0 or an integer in [2, 4096]");
  need(intIn(p.dataPacketBytes, 2, MAX_PACKET_BYTES), "dataPacketBytes must be an integer in [2, 2^20)");
  need(typeof p.seed === "number" && Number.isInteger(p.seed), "seed must be an integer");
  need(intIn(p.handleCapacity, 1, 2 ** 24), "handleCapacity must be an integer in [1, 2^24]");
}

// lib/switch/queue/red.ts
var RED_ALWAYS_Q16 = 65536;
function redProbabilityQ16(queueBytes, kMinBytes, kMaxBytes, pMaxQ16) {
  if (queueBytes <= kMinBytes) return 0;
  if (queueBytes > kMaxBytes) return RED_ALWAYS_Q16;
  return Math.floor(pMaxQ16 * (queueBytes - kMinBytes) / (kMaxBytes - kMinBytes));
}

// lib/switch/queue/queue.ts
var LAYOUT = {
  st: ["i32", 16],
  aux: ["i32", 8],
  cnt: ["f64", 8]
};
var WEYL = 2654435769;
var TAG_ACK = 1;
var TAG_DATA = 2;
var TAG_HEADER = 3;
var QUEUE_TRIMMED = 4 /* Trimmed */;
var QUEUE_DROPPED = 8 /* Dropped */;
var QUEUE_MARKED = 16 /* Marked */;
var QUEUE_LAST_HOP = 32 /* LastHop */;
var QUEUE_TRIMMED_QUEUED = 64 /* TrimmedQueued */;
var QUEUE_DROPPED_QUEUED = 128 /* DroppedQueued */;
var QUEUE_PAUSED = -17 /* Paused */;
var PortQueues = class extends FlowTable {
  /**
   * `capacity` is the number of ports (slots). Handles are integers below `handleCapacity`.
   * @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity.
   */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT, capacity);
    this.out = new Int32Array(6);
    this.st = this.col.st;
    this.aux = this.col.aux;
    this.cnt = this.col.cnt;
    const p = resolveQueueParams(params);
    this.params = Object.freeze(p);
    this.dcp = p.dcpRadix > 0 ? Object.freeze(dcpWrrWeight(p.dcpRadix, p.trimBytes, p.dataPacketBytes)) : null;
    const q = dwrrQuanta(p.controlWeight, p.mtuBytes);
    this.dataQuantumBytes = q.dataQuantumBytes;
    this.controlQuantumBytes = q.controlQuantumBytes;
    this.handleCap = p.handleCapacity;
    this.hs = new Int32Array(p.handleCapacity << 1 /* Shift */);
    this.mtu = p.mtuBytes;
    this.trimBytes = p.trimBytes;
    this.pMaxQ16 = Math.round(p.pMax * 65536);
    this.controlTags = p.controlQueue ? 1 << TAG_HEADER | (p.acksToControl ? 1 << TAG_ACK : 0) : 0;
    this.trimTags = p.trimming === "off" ? 0 : 1 << TAG_DATA;
    this.newestHalf = p.trimming === "arriving-or-newest" ? 1 : 0;
    this.arrivalMask = p.overRule === "occupancy" ? 0 : -1;
    this.ecnAt = p.ecnAt === "enqueue" ? 1 /* EcnEnqueue */ : p.ecnAt === "dequeue" ? 2 /* EcnDequeue */ : 0 /* EcnOff */;
    this.sched = p.scheduler === "wrr" ? 1 /* SchedWrr */ : p.scheduler === "dwrr" ? 2 /* SchedDwrr */ : 0 /* SchedStrict */;
    this.wrrControl = p.wrrControlPackets;
    this.wrrTotal = p.wrrControlPackets + p.wrrDataPackets;
    this.seed = p.seed | 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT);
  }
  static {
    /** Bytes of shared state per packet handle (next handle, metadata). */
    this.bytesPerHandle = 8;
  }
  static {
    this.api = {
      open: ["slot", "lastHop"],
      close: ["slot"],
      onEnqueue: ["slot", "nowNs", "handle", "bytes", "tag"],
      onDequeue: ["slot", "nowNs"],
      onPause: ["slot", "nowNs", "queue", "durationNs"],
      evict: ["slot", "nowNs"],
      ecnProbability: ["slot", "queueBytes"],
      setPortLimits: ["slot", "dataLimitBytes", "dataLimitPackets", "controlLimitBytes", "controlLimitPackets", "kMinBytes", "kMaxBytes"]
    };
  }
  static {
    /**
     * The `out` record. A dequeued or evicted packet: bytes, queue (FIFO_*), ecn (1: set CE);
     * QUEUE_PAUSED: resumeNs. onEnqueue writes only what its verdict needs: bytes with
     * QUEUE_TRIMMED, otherHandle/otherBytes with QUEUE_TRIMMED_QUEUED or QUEUE_DROPPED_QUEUED.
     */
    this.outFields = ["bytes", "queue", "ecn", "otherHandle", "otherBytes", "resumeNs"];
  }
  /**
   * Opens an egress port with the table's limits. `lastHop`: the port faces an endpoint, so its
   * trims carry UEC's last-hop codepoint. The port's generator restarts from hash3(seed, port, 0).
   * Re-opening an open port empties it (its handles are forgotten, the caller owns them).
   */
  open(slot, lastHop) {
    if (this.isOpen(slot)) {
      this.forget(this.st[(slot << 4 /* Shift */) + 0 /* Head */]);
      this.forget(this.st[(slot << 4 /* Shift */) + 7 /* Control */ + 0 /* Head */]);
    }
    this.openSlot(slot);
    const b = slot << 4 /* Shift */;
    const st = this.st;
    for (let f = b; f <= b + 7 /* Control */; f += 7 /* Control */) {
      st[f + 0 /* Head */] = -1;
      st[f + 1 /* Tail */] = -1;
      st[f + 2 /* Prev */] = -1;
    }
    st[b + 15 /* Flags */] = lastHop ? 1 /* LastHop */ : 0;
    const p = this.params;
    this.setLimits(slot, p.dataLimitBytes, p.dataLimitPackets, p.controlLimitBytes, p.controlLimitPackets, p.kMinBytes, p.kMaxBytes);
    this.aux[(slot << 3 /* Shift */) + 0 /* Rng */] = hash3(this.seed, slot, 0);
  }
  /** Closes a port; packets still queued are forgotten (the caller owns and frees them). */
  close(slot) {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    this.forget(this.st[(slot << 4 /* Shift */) + 0 /* Head */]);
    this.forget(this.st[(slot << 4 /* Shift */) + 7 /* Control */ + 0 /* Head */]);
    return super.close(slot);
  }
  /**
   * Per-port limits and RED thresholds for a port whose link differs from the table's defaults.
   * Configuration, not a packet path: returns 0, or throws RangeError (state unchanged).
   */
  setPortLimits(slot, dataLimitBytes, dataLimitPackets, controlLimitBytes, controlLimitPackets, kMinBytes, kMaxBytes) {
    const ok = this.isOpen(slot) && isInt(dataLimitBytes, 1, 2 ** 30) && isInt(dataLimitPackets, 1, 2147483647) && isInt(controlLimitBytes, 1, 2 ** 30) && isInt(controlLimitPackets, 1, 2147483647) && isInt(kMinBytes, 0, 2 ** 30) && isInt(kMaxBytes, kMinBytes, 2 ** 30);
    if (!ok) {
      this.errors++;
      throw new RangeError(`PortQueues.setPortLimits: bad slot or limits for slot ${slot}`);
    }
    this.setLimits(slot, dataLimitBytes, dataLimitPackets, controlLimitBytes, controlLimitPackets, kMinBytes, kMaxBytes);
    return 0;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * A packet of `bytes` with DCP/UEC class `tag` (TAG_*) arrives for egress port `slot`.
   * Returns QUEUE_* verdict bits, or E_SLOT / E_ARG (oversized, unknown tag, bad handle) /
   * E_STATE (the handle is already queued). See outFields for what `out` then holds.
   */
  onEnqueue(slot, nowNs, handle, bytes, tag) {
    if (!(this.live[slot] === 1 && handle >>> 0 === handle && handle < this.handleCap && bytes >>> 0 === bytes && bytes - 1 >>> 0 < this.mtu && (tag & 3) === tag && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    if (this.hs[(handle << 1 /* Shift */) + 1 /* Meta */] !== 0) return this.fail(E_STATE);
    const c = slot << 3 /* Shift */;
    this.cnt[c + 0 /* BytesIn */] += bytes;
    this.cnt[c + 1 /* PktsIn */] += 1;
    const fifo = this.controlTags >> tag & 1;
    const b = slot << 4 /* Shift */;
    const f = b + fifo * 7 /* Control */;
    const st = this.st;
    const q = st[f + 4 /* Bytes */];
    if (q + (bytes & (this.arrivalMask | -fifo)) > st[f + 5 /* LimB */] || st[f + 3 /* Pkts */] >= st[f + 6 /* LimP */]) {
      return this.overflow(slot, handle, bytes, tag, fifo);
    }
    this.append(f, handle, bytes, tag);
    if (fifo === 0 && this.ecnAt === 1 /* EcnEnqueue */ && q > st[b + 14 /* KMin */]) return 1 /* Data */ | this.mark(slot, q, 16 /* Marked */);
    return fifo + 1;
  }
  /**
   * The port's link is free: the next packet to send. Returns its handle (out.bytes, out.queue,
   * out.ecn = CE to set, decided at dequeue on the data bytes left behind), QUEUE_EMPTY,
   * QUEUE_PAUSED (out.resumeNs: the earliest tick a paused FIFO may send), or E_SLOT / E_ARG.
   */
  onDequeue(slot, nowNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const b = slot << 4 /* Shift */;
    const st = this.st;
    if ((st[b + 15 /* Flags */] & (2 /* PausedData */ | 4 /* PausedControl */)) !== 0) return this.dequeuePaused(slot, nowNs | 0);
    const dP = st[b + 3 /* Pkts */];
    const cP = st[b + 7 /* Control */ + 3 /* Pkts */];
    if (dP + cP === 0) return -16 /* Empty */;
    return this.pop(slot, cP === 0 ? 0 : dP === 0 ? 1 : this.pick(slot));
  }
  /**
   * A PFC frame for FIFO `queue` (FIFO_DATA / FIFO_CONTROL) of this egress port: pause it for
   * `durationNs` from now (802.1Qbb quanta already converted), or resume it when 0 (XON).
   * A new frame replaces the previous one. Returns 0, or E_SLOT / E_ARG.
   */
  onPause(slot, nowNs, queue, durationNs) {
    if (!(this.live[slot] === 1 && (queue === 0 || queue === 1) && isInt(durationNs, 0, 1073741824 /* MaxDurationNs */) && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    const bit = queue === 0 ? 2 /* PausedData */ : 4 /* PausedControl */;
    const f = (slot << 4 /* Shift */) + 15 /* Flags */;
    const a = slot << 3 /* Shift */;
    this.aux[a + 6 /* PauseFrames */]++;
    if (durationNs === 0) {
      this.st[f] &= ~bit;
      return 0;
    }
    this.aux[a + 1 /* PauseD */ + queue] = (nowNs | 0) + durationNs | 0;
    this.st[f] |= bit;
    return 0;
  }
  /**
   * Removes the oldest queued packet (data FIFO first, then control) whatever the pauses and the
   * scheduler, and counts it as dropped: for a failed link or a flushed port. Returns its handle
   * (out.bytes, out.queue; out.ecn = 0), QUEUE_EMPTY, or E_SLOT / E_ARG.
   */
  evict(slot, nowNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const b = slot << 4 /* Shift */;
    const fifo = this.st[b + 3 /* Pkts */] > 0 ? 0 : 1;
    if (this.st[b + fifo * 7 /* Control */ + 3 /* Pkts */] === 0) return -16 /* Empty */;
    const h = this.unlink(slot, fifo);
    const c = slot << 3 /* Shift */;
    this.cnt[c + 3 /* BytesDropped */] += this.out[0 /* Bytes */];
    this.cnt[c + 4 /* PktsDropped */] += 1;
    this.out[2 /* Ecn */] = 0;
    return h;
  }
  /** The port's RED marking probability in Q16 (65536 = always) at `queueBytes` of data queue. */
  ecnProbability(slot, queueBytes) {
    if (!(this.live[slot] === 1 && isInt(queueBytes, 0, 2 ** 31 - 1))) return this.reject(slot);
    return redProbabilityQ16(queueBytes, this.st[(slot << 4 /* Shift */) + 14 /* KMin */], this.aux[(slot << 3 /* Shift */) + 7 /* KMax */], this.pMaxQ16);
  }
  // ---------------------------------------------------------------------------------------
  // Readers (per port)
  dataBytes(slot) {
    return this.word(slot, 4 /* Bytes */);
  }
  controlBytes(slot) {
    return this.word(slot, 7 /* Control */ + 4 /* Bytes */);
  }
  queuedBytes(slot) {
    return this.dataBytes(slot) + this.controlBytes(slot);
  }
  dataPackets(slot) {
    return this.word(slot, 3 /* Pkts */);
  }
  controlPackets(slot) {
    return this.word(slot, 7 /* Control */ + 3 /* Pkts */);
  }
  bytesIn(slot) {
    return this.count(slot, 0 /* BytesIn */);
  }
  bytesOut(slot) {
    return this.count(slot, 2 /* BytesOut */);
  }
  bytesDropped(slot) {
    return this.count(slot, 3 /* BytesDropped */);
  }
  /** Payload bytes removed by trimming. */
  bytesTrimmed(slot) {
    return this.count(slot, 5 /* BytesTrimmed */);
  }
  packetsIn(slot) {
    return this.count(slot, 1 /* PktsIn */);
  }
  /** Packets in − queued − dropped (a trimmed packet still leaves, as a header). */
  packetsOut(slot) {
    return this.packetsIn(slot) - this.dataPackets(slot) - this.controlPackets(slot) - this.packetsDropped(slot);
  }
  packetsDropped(slot) {
    return this.count(slot, 4 /* PktsDropped */);
  }
  packetsTrimmed(slot) {
    return this.count(slot, 6 /* PktsTrimmed */);
  }
  /** CE marks set (at enqueue or dequeue). */
  marks(slot) {
    return this.count(slot, 7 /* Marks */);
  }
  pauseFrames(slot) {
    return this.isOpen(slot) ? this.aux[(slot << 3 /* Shift */) + 6 /* PauseFrames */] : 0;
  }
  /** bytesIn − (bytesOut + queued + dropped + trimmed): 0 whenever the accounting is exact. */
  accountingGap(slot) {
    if (!this.isOpen(slot)) return 0;
    return this.bytesIn(slot) - (this.bytesOut(slot) + this.queuedBytes(slot) + this.bytesDropped(slot) + this.bytesTrimmed(slot));
  }
  /** The i-th oldest handle of a FIFO (0 = head), or −1; walks the list (for tests and traces). */
  peek(slot, queue, i) {
    if (!this.isOpen(slot)) return -1;
    let h = this.st[(slot << 4 /* Shift */) + (queue === 0 ? 0 : 7 /* Control */) + 0 /* Head */];
    for (let k = 0; k < i && h >= 0; k++) h = this.hs[(h << 1 /* Shift */) + 0 /* Next */];
    return h;
  }
  // ---------------------------------------------------------------------------------------
  // FIFO routines (f = the port's base word, plus S.Control for the control FIFO)
  /** Appends handle h at the tail of the FIFO whose words start at st[f]. */
  append(f, h, bytes, tag) {
    const st = this.st;
    const hs = this.hs;
    const tail = st[f + 1 /* Tail */];
    const e = h << 1 /* Shift */;
    hs[e + 0 /* Next */] = -1;
    hs[e + 1 /* Meta */] = bytes | tag << 20 /* TagShift */;
    if (tail < 0) st[f + 0 /* Head */] = h;
    else hs[(tail << 1 /* Shift */) + 0 /* Next */] = h;
    st[f + 2 /* Prev */] = tail;
    st[f + 1 /* Tail */] = h;
    st[f + 4 /* Bytes */] += bytes;
    st[f + 3 /* Pkts */]++;
  }
  /** Takes the head of a non-empty FIFO; sets out.bytes and out.queue. */
  unlink(slot, fifo) {
    const f = (slot << 4 /* Shift */) + fifo * 7 /* Control */;
    const st = this.st;
    const hs = this.hs;
    const h = st[f + 0 /* Head */];
    const e = h << 1 /* Shift */;
    const bytes = hs[e + 1 /* Meta */] & 1048575 /* BytesMask */;
    hs[e + 1 /* Meta */] = 0;
    st[f + 0 /* Head */] = hs[e + 0 /* Next */];
    const n = st[f + 3 /* Pkts */] - 1;
    st[f + 3 /* Pkts */] = n;
    st[f + 4 /* Bytes */] -= bytes;
    if (n < 2) this.shrunk(slot, fifo, n);
    this.out[0 /* Bytes */] = bytes;
    this.out[1 /* Queue */] = fifo;
    return h;
  }
  /** Serves the head of a non-empty FIFO (counted out; RED at dequeue for the data FIFO). */
  pop(slot, fifo) {
    const h = this.unlink(slot, fifo);
    this.cnt[(slot << 3 /* Shift */) + 2 /* BytesOut */] += this.out[0 /* Bytes */];
    const q = this.st[(slot << 4 /* Shift */) + 4 /* Bytes */];
    this.out[2 /* Ecn */] = fifo === 0 && this.ecnAt === 2 /* EcnDequeue */ && q > this.st[(slot << 4 /* Shift */) + 14 /* KMin */] ? this.mark(slot, q, 1) : 0;
    return h;
  }
  /**
   * A FIFO left with n ≤ 1 packets: its tail has no predecessor; an emptied FIFO has no tail
   * and gives up its DRR deficit.
   */
  shrunk(slot, fifo, n) {
    const f = (slot << 4 /* Shift */) + fifo * 7 /* Control */;
    this.st[f + 2 /* Prev */] = -1;
    if (n === 0) {
      this.st[f + 1 /* Tail */] = -1;
      this.aux[(slot << 3 /* Shift */) + 3 /* DefD */ + fifo] = 0;
    }
  }
  // ---------------------------------------------------------------------------------------
  // Rare paths
  /** The arrival does not fit its FIFO: drop it, or trim it (data FIFO, trimmable tag). */
  overflow(slot, h, bytes, tag, fifo) {
    if (fifo === 0 && (this.trimTags >> tag & 1) !== 0) return this.trimArrival(slot, h, bytes, tag);
    return this.drop(slot, bytes);
  }
  drop(slot, bytes) {
    const c = slot << 3 /* Shift */;
    this.cnt[c + 3 /* BytesDropped */] += bytes;
    this.cnt[c + 4 /* PktsDropped */] += 1;
    return 8 /* Dropped */;
  }
  /**
   * A trimmable packet finds the data FIFO over its limit (UEC §4.1, DCP §4.2): it is trimmed
   * into the control FIFO. With `arriving-or-newest`, the port's generator first decides (top
   * bit of one draw) whether the newest queued packet is trimmed instead, as uet-htsim does with
   * probability ½.
   */
  trimArrival(slot, h, bytes, tag) {
    if (this.newestHalf !== 0 && this.draw(slot) < 0) {
      const r = this.trimNewest(slot, h, bytes, tag);
      if (r !== 0) return r;
    }
    const header = bytes < this.trimBytes ? bytes : this.trimBytes;
    const v = this.admitHeader(slot, h, header, bytes, 2 /* Control */ | 4 /* Trimmed */);
    if (v !== 8 /* Dropped */) this.out[0 /* Bytes */] = header;
    return v;
  }
  /** A trimmed header into the control FIFO (counted as a trim), or the whole packet dropped. */
  admitHeader(slot, h, header, orig, verdict) {
    const b = slot << 4 /* Shift */;
    const f = b + 7 /* Control */;
    const st = this.st;
    if (st[f + 4 /* Bytes */] + header > st[f + 5 /* LimB */] || st[f + 3 /* Pkts */] >= st[f + 6 /* LimP */]) return this.drop(slot, orig);
    this.append(f, h, header, 3 /* HeaderTag */);
    const c = slot << 3 /* Shift */;
    this.cnt[c + 5 /* BytesTrimmed */] += orig - header;
    this.cnt[c + 6 /* PktsTrimmed */] += 1;
    return verdict | ((st[b + 15 /* Flags */] & 1 /* LastHop */) !== 0 ? 32 /* LastHop */ : 0);
  }
  /**
   * uet-htsim's other half: take the newest data packet out, trim it into the control FIFO (or
   * drop it if that is full) and queue the arrival in its place. Done only when the newest is
   * trimmable and the arrival then fits; returns 0 otherwise (the arrival is trimmed instead).
   */
  trimNewest(slot, h, bytes, tag) {
    const b = slot << 4 /* Shift */;
    const st = this.st;
    const hs = this.hs;
    const t = st[b + 1 /* Tail */];
    if (t < 0) return 0;
    const meta = hs[(t << 1 /* Shift */) + 1 /* Meta */];
    const tBytes = meta & 1048575 /* BytesMask */;
    const q = st[b + 4 /* Bytes */] - tBytes;
    const over = q + (bytes & this.arrivalMask) > st[b + 5 /* LimB */] || st[b + 3 /* Pkts */] - 1 >= st[b + 6 /* LimP */];
    if ((this.trimTags >> (meta >>> 20 /* TagShift */) & 1) === 0 || over) return 0;
    const prev = st[b + 2 /* Prev */];
    hs[(h << 1 /* Shift */) + 0 /* Next */] = -1;
    hs[(h << 1 /* Shift */) + 1 /* Meta */] = bytes | tag << 20 /* TagShift */;
    if (prev < 0) st[b + 0 /* Head */] = h;
    else hs[(prev << 1 /* Shift */) + 0 /* Next */] = h;
    st[b + 1 /* Tail */] = h;
    st[b + 4 /* Bytes */] = q + bytes;
    hs[(t << 1 /* Shift */) + 1 /* Meta */] = 0;
    const header = tBytes < this.trimBytes ? tBytes : this.trimBytes;
    const r = this.admitHeader(slot, t, header, tBytes, 64 /* TrimmedQueued */);
    this.out[3 /* OtherHandle */] = t;
    this.out[4 /* OtherBytes */] = r === 8 /* Dropped */ ? 0 : header;
    const v = 1 /* Data */ | (r === 8 /* Dropped */ ? 128 /* DroppedQueued */ : r);
    if (this.ecnAt === 1 /* EcnEnqueue */ && q > st[b + 14 /* KMin */]) return v | this.mark(slot, q, 16 /* Marked */);
    return v;
  }
  /** Both FIFOs are backlogged and eligible: 1 to serve control, 0 to serve data. */
  pick(slot) {
    if (this.sched === 0 /* SchedStrict */) return 1;
    if (this.sched === 1 /* SchedWrr */) {
      const w = (slot << 3 /* Shift */) + 5 /* WrrCount */;
      let c = this.aux[w] + 1;
      if (c >= this.wrrTotal) c = 0;
      this.aux[w] = c;
      return c < this.wrrControl ? 1 : 0;
    }
    return this.pickDwrr(slot);
  }
  /**
   * Deficit round robin between two FIFOs (Shreedhar & Varghese) with byte quanta in the ratio w
   * (DCP §4.2's traffic-volume ratio). The FIFO holding the turn sends while its head fits its
   * deficit; otherwise the turn passes and the other FIFO's deficit grows by its quantum, which
   * is at least one MTU, so it can always send.
   */
  pickDwrr(slot) {
    const b = slot << 4 /* Shift */;
    const a = slot << 3 /* Shift */;
    const st = this.st;
    const aux = this.aux;
    const flags = st[b + 15 /* Flags */];
    const dHeadBytes = this.hs[(st[b + 0 /* Head */] << 1 /* Shift */) + 1 /* Meta */] & 1048575 /* BytesMask */;
    const cHeadBytes = this.hs[(st[b + 7 /* Control */ + 0 /* Head */] << 1 /* Shift */) + 1 /* Meta */] & 1048575 /* BytesMask */;
    if ((flags & 8 /* TurnControl */) !== 0) {
      if (aux[a + 4 /* DefC */] >= cHeadBytes) {
        aux[a + 4 /* DefC */] -= cHeadBytes;
        return 1;
      }
      st[b + 15 /* Flags */] = flags & ~8 /* TurnControl */;
      aux[a + 3 /* DefD */] += this.dataQuantumBytes - dHeadBytes;
      return 0;
    }
    if (aux[a + 3 /* DefD */] >= dHeadBytes) {
      aux[a + 3 /* DefD */] -= dHeadBytes;
      return 0;
    }
    st[b + 15 /* Flags */] = flags | 8 /* TurnControl */;
    aux[a + 4 /* DefC */] += this.controlQuantumBytes - cHeadBytes;
    return 1;
  }
  /** A FIFO is paused: expire pauses that ended, then serve what is eligible. */
  dequeuePaused(slot, now) {
    const b = slot << 4 /* Shift */;
    const f = b + 15 /* Flags */;
    const a = slot << 3 /* Shift */;
    const dP = this.st[b + 3 /* Pkts */];
    const cP = this.st[b + 7 /* Control */ + 3 /* Pkts */];
    let flags = this.st[f];
    if ((flags & 2 /* PausedData */) !== 0 && (now - this.aux[a + 1 /* PauseD */] | 0) >= 0) flags &= ~2 /* PausedData */;
    if ((flags & 4 /* PausedControl */) !== 0 && (now - this.aux[a + 2 /* PauseC */] | 0) >= 0) flags &= ~4 /* PausedControl */;
    this.st[f] = flags;
    const dOk = dP > 0 && (flags & 2 /* PausedData */) === 0;
    const cOk = cP > 0 && (flags & 4 /* PausedControl */) === 0;
    if (dOk) return this.pop(slot, cOk ? this.pick(slot) : 0);
    if (cOk) return this.pop(slot, 1);
    if (dP + cP === 0) return -16 /* Empty */;
    let resume = dP > 0 ? this.aux[a + 1 /* PauseD */] : this.aux[a + 2 /* PauseC */];
    if (dP > 0 && cP > 0 && (this.aux[a + 2 /* PauseC */] - resume | 0) < 0) resume = this.aux[a + 2 /* PauseC */];
    this.out[5 /* ResumeNs */] = resume;
    return -17 /* Paused */;
  }
  /**
   * RED for a data packet at queue q > kMin: above kMax always; otherwise one 16-bit draw u
   * marks when u < p = floor(pMaxQ16·(q − kMin)/(kMax − kMin)), tested without the division as
   * (u + 1)·(kMax − kMin) ≤ pMaxQ16·(q − kMin) (exact: both sides < 2^47). Counts the mark and
   * returns `yes`, or 0.
   */
  mark(slot, q, yes) {
    const a = slot << 3 /* Shift */;
    const kMax = this.aux[a + 7 /* KMax */];
    if (q <= kMax) {
      const kMin = this.st[(slot << 4 /* Shift */) + 14 /* KMin */];
      const u = this.draw(slot) >>> 16;
      if ((u + 1) * (kMax - kMin) > this.pMaxQ16 * (q - kMin)) return 0;
    }
    this.cnt[(slot << 3 /* Shift */) + 7 /* Marks */] += 1;
    return yes;
  }
  /**
   * The port's next random word (int32 bit pattern): splitmix32, x += 0x9e3779b9 and the
   * MurmurHash3 fmix32 of x (lib/core mix32). One word of state per port, so a port's draws
   * depend only on its own events; the state starts at hash3(seed, port, 0) when it opens.
   */
  draw(slot) {
    const at = (slot << 3 /* Shift */) + 0 /* Rng */;
    const x = this.aux[at] + WEYL | 0;
    this.aux[at] = x;
    return mix32(x);
  }
  setLimits(slot, dB, dP, cB, cP, kMin, kMax) {
    const b = slot << 4 /* Shift */;
    const st = this.st;
    st[b + 5 /* LimB */] = dB;
    st[b + 6 /* LimP */] = dP;
    st[b + 7 /* Control */ + 5 /* LimB */] = cB;
    st[b + 7 /* Control */ + 6 /* LimP */] = cP;
    st[b + 14 /* KMin */] = kMin;
    this.aux[(slot << 3 /* Shift */) + 7 /* KMax */] = kMax;
  }
  forget(h) {
    while (h >= 0) {
      const next = this.hs[(h << 1 /* Shift */) + 0 /* Next */];
      this.hs[(h << 1 /* Shift */) + 1 /* Meta */] = 0;
      h = next;
    }
  }
  word(slot, w) {
    return this.isOpen(slot) ? this.st[(slot << 4 /* Shift */) + w] : 0;
  }
  count(slot, k) {
    return this.isOpen(slot) ? this.cnt[(slot << 3 /* Shift */) + k] : 0;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};
function isInt(x, lo, hi) {
  return (x | 0) === x && x >= lo && x <= hi;
}

// lib/switch/routing/routing.ts
var LAYOUT2 = {
  salt: "i32",
  group: "i32",
  // Dragonfly group of the switch (−1: none)
  rng: "i32",
  // splitmix32 state
  ugalMinimal: "u32",
  // UGAL-L decisions taken minimal
  ugalValiant: "u32"
  // … and non-minimal
};
var TABLE_DEFAULT = 0 /* Default */;
var TABLE_ECMP1 = 1 /* Ecmp1 */;
var TABLE_ECMP1_LOCAL = 2 /* Ecmp1Local */;
var NAMES2 = ["topology", "spritzMode", "maxCandidates", "tieBreak", "seed"];
function resolveRouterParams(input = {}) {
  for (const k of Object.keys(input)) if (NAMES2.indexOf(k) < 0) throw new RangeError(`Router: unknown parameter ${k}`);
  const p = {
    topology: input.topology ?? "other",
    spritzMode: input.spritzMode ?? "fine",
    maxCandidates: input.maxCandidates ?? 256,
    tieBreak: input.tieBreak ?? "random",
    seed: input.seed ?? 1
  };
  if (["dragonfly", "slimfly", "other"].indexOf(p.topology) < 0) throw new RangeError("Router: topology must be dragonfly, slimfly or other");
  if (["fine", "vlan"].indexOf(p.spritzMode) < 0) throw new RangeError("Router: spritzMode must be fine or vlan");
  if (["random", "first"].indexOf(p.tieBreak) < 0) throw new RangeError("Router: tieBreak must be random or first");
  if (!(Number.isInteger(p.maxCandidates) && p.maxCandidates >= 1 && p.maxCandidates <= 1 << 20)) throw new RangeError("Router: maxCandidates must be an integer in [1, 2^20]");
  if (!Number.isInteger(p.seed)) throw new RangeError("Router: seed must be an integer");
  return p;
}
var Router = class extends FlowTable {
  /** `capacity` is the number of switches. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT2, capacity);
    this.out = new Int32Array(6);
    this.saltCol = this.col.salt;
    this.groupCol = this.col.group;
    this.rngCol = this.col.rng;
    this.ugalMinCol = this.col.ugalMinimal;
    this.ugalValCol = this.col.ugalValiant;
    const p = resolveRouterParams(params);
    this.params = Object.freeze(p);
    this.candPort = new Int32Array(p.maxCandidates);
    this.candQueue = new Int32Array(p.maxCandidates);
    this.candHops = new Int32Array(p.maxCandidates);
    this.tied = new Int32Array(p.maxCandidates);
    this.maxCand = p.maxCandidates;
    this.dragonfly = p.topology === "dragonfly" ? 1 : 0;
    this.vlanMode = p.spritzMode === "vlan" ? 1 : 0;
    this.randomTies = p.tieBreak === "random" ? 1 : 0;
    this.seed = p.seed | 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT2);
  }
  static {
    this.api = {
      open: ["slot", "salt", "group"],
      close: ["slot"],
      setCandidate: ["index", "port", "queueBytes", "hops"],
      ecmp: ["slot", "flowHash", "ev", "offset", "count"],
      spritzRole: ["slot", "hop", "dstGroup", "inGlobal", "atDestination", "vlan"],
      spritzSelect: ["slot", "role", "ev", "flowHash", "offset", "count"],
      leastOccupied: ["slot", "offset", "count"],
      valiant: ["slot", "offset", "count"],
      ugal: ["slot", "minOffset", "minCount", "valOffset", "valCount"],
      ugalChoose: ["slot", "qMin", "hMin", "qVal", "hVal"]
    };
  }
  static {
    /**
     * table: TABLE_* for spritzRole; clearVlan: 1 when the switch must clear the VLAN tag;
     * minimal, qMin, qVal: the last UGAL-L comparison; ties: candidates tied at the minimum in the
     * last least-occupied pick.
     */
    this.outFields = ["table", "clearVlan", "minimal", "qMin", "qVal", "ties"];
  }
  /** Opens a switch with its ECMP salt and its Dragonfly group (−1 if none). */
  open(slot, salt, group) {
    if (!(Number.isInteger(salt) && Number.isInteger(group) && group >= -1)) {
      this.errors++;
      throw new RangeError("Router.open: salt must be an integer and group an integer \u2265 \u22121");
    }
    this.openSlot(slot);
    this.saltCol[slot] = salt | 0;
    this.groupCol[slot] = group;
    this.rngCol[slot] = hash3(this.seed, slot, 23063);
  }
  /**
   * Reads candidates from the caller's arrays from now on (e.g. the fabric's routing tables,
   * addressed by offset and count). The three arrays must have the same length.
   * @throws RangeError when they do not.
   */
  bindCandidates(ports, queueBytes, hops) {
    if (!(ports.length === queueBytes.length && ports.length === hops.length && ports.length > 0)) {
      throw new RangeError("Router.bindCandidates: three non-empty arrays of one length");
    }
    this.candPort = ports;
    this.candQueue = queueBytes;
    this.candHops = hops;
  }
  /** Writes candidate `index` (for callers without arrays of their own, e.g. vectors). Returns 0 or E_ARG. */
  setCandidate(index, port, queueBytes, hops) {
    if (!(isInt2(index, 0, this.candPort.length - 1) && isInt2(port, 0, 2147483647) && isInt2(queueBytes, 0, 2147483647) && isInt2(hops, 0, 255))) {
      return this.fail(E_ARG);
    }
    this.candPort[index] = port;
    this.candQueue[index] = queueBytes;
    this.candHops[index] = hops;
    return 0;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers: each returns a port (≥ 0) or E_SLOT / E_ARG.
  /** ECMP: the candidate at ⌊hash3(flowHash, ev, salt)·n / 2^32⌋ (htsim: hash of flow, entropy, salt). */
  ecmp(slot, flowHash, ev, offset, count) {
    if (!(this.live[slot] === 1 && (flowHash | 0) === flowHash && (ev | 0) === ev && this.inRange(offset, count))) return this.reject(slot);
    return this.candPort[offset + this.hashIndex(slot, flowHash, ev, count)];
  }
  /**
   * Spritz §III-A/B role detection for a packet that has crossed `hop` switches before this one
   * (0 at the source's switch), bound for a switch in `dstGroup`, that arrived over a global
   * link (`inGlobal`). Returns SPRITZ_*; out.table says which table to take candidates from and
   * out.clearVlan whether to clear the VLAN tag (VLAN mode; `vlan` 0 is the empty tag).
   *   destination switch, or VLAN mode with an empty tag → none, default table
   *   hop 0 → ECMP 1; Dragonfly with the destination in this group → its local table
   *   hop 1 → ECMP 2; Dragonfly: default table when the destination is in this group or the
   *           packet came over a global link (it is already in its one intermediate group)
   *   hop 2 → intermediate location, default table; later hops → none, default table
   * The tag is cleared by the last switch that steers: ECMP 2, or ECMP 1 when ECMP 2 will not.
   */
  spritzRole(slot, hop, dstGroup, inGlobal, atDestination, vlan) {
    if (!(this.live[slot] === 1 && isInt2(hop, 0, 255 /* MaxHop */) && (dstGroup | 0) === dstGroup && dstGroup >= -1 && isInt2(vlan, 0, 4095))) {
      return this.reject(slot);
    }
    const out = this.out;
    out[0 /* Table */] = 0 /* Default */;
    out[1 /* ClearVlan */] = 0;
    if (atDestination || this.vlanMode !== 0 && vlan === 0 || hop > 2) return 0 /* None */;
    if (hop === 2) return 3 /* Intermediate */;
    const sameGroup = this.dragonfly !== 0 && this.groupCol[slot] === dstGroup;
    if (hop === 0) {
      out[0 /* Table */] = sameGroup ? 2 /* Ecmp1Local */ : 1 /* Ecmp1 */;
      out[1 /* ClearVlan */] = this.vlanMode !== 0 && sameGroup ? 1 : 0;
      return 1 /* Ecmp1 */;
    }
    if (!(sameGroup || this.dragonfly !== 0 && inGlobal)) out[0 /* Table */] = 3 /* Ecmp2 */;
    out[1 /* ClearVlan */] = this.vlanMode;
    return 2 /* Ecmp2 */;
  }
  /**
   * The port a Spritz switch takes from the candidates of the table spritzRole named: ECMP 1
   * EV1 mod n, ECMP 2 EV2 mod n (fine mode, identity hash); in VLAN mode the hash pick on
   * (flowHash, ev, salt); without a role, the first candidate (the default table's port).
   */
  spritzSelect(slot, role, ev, flowHash, offset, count) {
    if (!(this.live[slot] === 1 && isInt2(role, 0, 3) && isInt2(ev, 0, 65535) && (flowHash | 0) === flowHash && this.inRange(offset, count))) {
      return this.reject(slot);
    }
    if (role === 0 /* None */ || role === 3 /* Intermediate */) return this.candPort[offset];
    if (this.vlanMode !== 0) return this.candPort[offset + this.hashIndex(slot, flowHash, ev, count)];
    const evByte = role === 1 /* Ecmp1 */ ? ev >>> 8 : ev & 255;
    return this.candPort[offset + evByte % count];
  }
  /**
   * Adaptive routing (DCP §5; Spritz §II-A): the candidate with the fewest queued bytes; ties
   * uniform at random (one draw, only when there is a tie) or the lowest index. out.ties.
   * count may not exceed maxCandidates (E_ARG).
   */
  leastOccupied(slot, offset, count) {
    if (!(this.live[slot] === 1 && this.inRange(offset, count) && count <= this.maxCand)) return this.reject(slot);
    return this.candPort[offset + this.leastIndex(slot, offset, count)];
  }
  /** Valiant as Spritz §V-A implements it: a next hop sampled uniformly and independently at each switch. */
  valiant(slot, offset, count) {
    if (!(this.live[slot] === 1 && this.inRange(offset, count))) return this.reject(slot);
    return this.candPort[offset + this.randomIndex(slot, count)];
  }
  /**
   * UGAL-L (Spritz §V-A): the least-occupied minimal candidate against a uniformly drawn valiant
   * candidate; minimal if q_min·h_min ≤ q_val·h_val with q the candidates' queued bytes and h
   * their path hop counts. out.minimal, out.qMin, out.qVal.
   */
  ugal(slot, minOffset, minCount, valOffset, valCount) {
    if (!(this.live[slot] === 1 && this.inRange(minOffset, minCount) && minCount <= this.maxCand && this.inRange(valOffset, valCount))) {
      return this.reject(slot);
    }
    const m = minOffset + this.leastIndex(slot, minOffset, minCount);
    const v = valOffset + this.randomIndex(slot, valCount);
    const qMin = this.candQueue[m];
    const qVal = this.candQueue[v];
    const minimal = qMin * this.candHops[m] <= qVal * this.candHops[v];
    this.out[3 /* QMin */] = qMin;
    this.out[4 /* QVal */] = qVal;
    return this.decided(slot, minimal) !== 0 ? this.candPort[m] : this.candPort[v];
  }
  /** The UGAL-L rule on given values: 1 (minimal) if qMin·hMin ≤ qVal·hVal, else 0 (valiant). */
  ugalChoose(slot, qMin, hMin, qVal, hVal) {
    if (!(this.live[slot] === 1 && isInt2(qMin, 0, 2147483647) && isInt2(qVal, 0, 2147483647) && isInt2(hMin, 0, 255 /* MaxHop */) && isInt2(hVal, 0, 255 /* MaxHop */))) {
      return this.reject(slot);
    }
    this.out[3 /* QMin */] = qMin;
    this.out[4 /* QVal */] = qVal;
    return this.decided(slot, qMin * hMin <= qVal * hVal);
  }
  // Readers
  salt(slot) {
    return this.isOpen(slot) ? this.saltCol[slot] : 0;
  }
  group(slot) {
    return this.isOpen(slot) ? this.groupCol[slot] : -1;
  }
  ugalMinimal(slot) {
    return this.isOpen(slot) ? this.ugalMinCol[slot] : 0;
  }
  ugalValiant(slot) {
    return this.isOpen(slot) ? this.ugalValCol[slot] : 0;
  }
  // Helpers
  decided(slot, minimal) {
    if (minimal) this.ugalMinCol[slot]++;
    else this.ugalValCol[slot]++;
    this.out[2 /* Minimal */] = minimal ? 1 : 0;
    return minimal ? 1 : 0;
  }
  /**
   * Index of the least queued candidate in [offset, offset + count), ties as configured: one pass
   * that keeps the indices tied at the running minimum in a scratch array, then one draw among
   * them (the caller checked count ≤ maxCandidates, the scratch size).
   */
  leastIndex(slot, offset, count) {
    const q = this.candQueue;
    const tied = this.tied;
    const end = offset + count;
    let min = q[offset];
    let n = 1;
    tied[0] = offset;
    for (let i = offset + 1; i < end; i++) {
      const x = q[i];
      if (x < min) {
        min = x;
        tied[0] = i;
        n = 1;
      } else if (x === min) {
        tied[n++] = i;
      }
    }
    this.out[5 /* Ties */] = n;
    return (n === 1 || this.randomTies === 0 ? tied[0] : tied[this.randomIndex(slot, n)]) - offset;
  }
  hashIndex(slot, flowHash, ev, count) {
    const u = hash3(flowHash, ev, this.saltCol[slot]) >>> 0;
    return Math.floor(u * count / 4294967296 /* TwoTo32 */);
  }
  randomIndex(slot, count) {
    const x = this.rngCol[slot] + 2654435769 /* Weyl */ | 0;
    this.rngCol[slot] = x;
    return Math.floor((mix32(x) >>> 0) * count / 4294967296 /* TwoTo32 */);
  }
  /** offset and count select a non-empty range of the candidate arrays; count ≤ 2^20 keeps u·n exact. */
  inRange(offset, count) {
    return (offset | 0) === offset && (count | 0) === count && offset >= 0 && count >= 1 && count <= 1048576 && offset + count <= this.candPort.length;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};
function isInt2(x, lo, hi) {
  return (x | 0) === x && x >= lo && x <= hi;
}

// harness/engine/heap.ts
var DOUBLE_INIT = 0.5;
var EventHeap = class {
  constructor(capacity = 1024) {
    /** Time of the last popped event, picoseconds. */
    this.t = DOUBLE_INIT;
    this.kind = 0;
    this.target = 0;
    this.arg = 0;
    this.size = 0;
    this.nextSeq = 0;
    /**
     * Time of the next `add`, ps. Hot callers stage the time here and call `add`, because a double
     * outside the small-integer range passed to a call V8 does not inline is boxed (one heap
     * number per event); a store into this field is not.
     */
    this.at = DOUBLE_INIT;
    /** Sequence number of the next `insert` (staged like `at`). */
    this.atSeq = DOUBLE_INIT;
    this.time = new Float64Array(capacity);
    this.seq = new Float64Array(capacity);
    this.word = new Int32Array(capacity);
    this.argv = new Int32Array(capacity);
  }
  /** Schedules (kind < 16, target < 2^27) at time `t` ps. */
  push(t, kind, target, arg) {
    this.at = t;
    this.add(kind, target, arg);
  }
  /** Schedules (kind, target, arg) at the staged time `at`. */
  add(kind, target, arg) {
    this.atSeq = this.nextSeq++;
    this.insert(target << 4 | kind, arg);
  }
  /** Inserts word (target << 4 | kind) and arg at the staged `at` with the staged sequence `atSeq` (EventList shares one sequence). */
  insert(w, arg) {
    const t = this.at;
    const s = this.atSeq;
    if (this.size === this.time.length) this.grow();
    let i = this.size++;
    const time = this.time;
    const seq = this.seq;
    while (i > 0) {
      const p = i - 1 >> 1;
      const pt = time[p];
      if (pt < t || pt === t && seq[p] < s) break;
      time[i] = pt;
      seq[i] = seq[p];
      this.word[i] = this.word[p];
      this.argv[i] = this.argv[p];
      i = p;
    }
    time[i] = t;
    seq[i] = s;
    this.word[i] = w;
    this.argv[i] = arg;
  }
  /**
   * Removes the earliest event into t/kind/target/arg; false when empty. Bottom-up deletion
   * (Floyd): the hole at the root descends along the smaller children to a leaf (one comparison
   * per level), then the last element rises from there. The last element is usually a late
   * event (a timer), so it rises little, which halves the comparisons of the classic sift-down.
   */
  pop() {
    const n = this.size;
    if (n === 0) return false;
    const time = this.time;
    const seq = this.seq;
    const word = this.word;
    const argv = this.argv;
    this.t = time[0];
    const w0 = word[0];
    this.kind = w0 & 15;
    this.target = w0 >> 4;
    this.arg = argv[0];
    const last = n - 1;
    this.size = last;
    if (last === 0) return true;
    let i = 0;
    for (; ; ) {
      let c = 2 * i + 1;
      if (c >= last) break;
      const r = c + 1;
      if (r < last && (time[r] < time[c] || time[r] === time[c] && seq[r] < seq[c])) c = r;
      time[i] = time[c];
      seq[i] = seq[c];
      word[i] = word[c];
      argv[i] = argv[c];
      i = c;
    }
    const t = time[last];
    const s = seq[last];
    while (i > 0) {
      const p = i - 1 >> 1;
      const pt = time[p];
      if (pt < t || pt === t && seq[p] < s) break;
      time[i] = pt;
      seq[i] = seq[p];
      word[i] = word[p];
      argv[i] = argv[p];
      i = p;
    }
    time[i] = t;
    seq[i] = s;
    word[i] = word[last];
    argv[i] = argv[last];
    return true;
  }
  /** Time of the earliest pending event (Infinity when empty). */
  peekTime() {
    return this.size > 0 ? this.time[0] : Infinity;
  }
  /** Sequence number of the earliest pending event (meaningful when not empty). */
  peekSeq() {
    return this.seq[0];
  }
  /** Events scheduled since construction. */
  get scheduled() {
    return this.nextSeq;
  }
  grow() {
    const n = this.time.length * 2;
    const time = new Float64Array(n);
    const seq = new Float64Array(n);
    const word = new Int32Array(n);
    const argv = new Int32Array(n);
    time.set(this.time);
    seq.set(this.seq);
    word.set(this.word);
    argv.set(this.argv);
    this.time = time;
    this.seq = seq;
    this.word = word;
    this.argv = argv;
  }
};

// harness/engine/events.ts
var DOUBLE_INIT2 = 0.5;
var EventList = class {
  constructor(nodes = 4096) {
    /** Time of the last popped event, ps (the clock). */
    this.t = DOUBLE_INIT2;
    this.kind = 0;
    this.target = 0;
    this.arg = 0;
    /** Staged time for `add`, staged delay for `after` (see heap.ts on staging doubles). */
    this.at = DOUBLE_INIT2;
    this.delay = DOUBLE_INIT2;
    this.general = new EventHeap(1024);
    this.heads = new EventHeap(256);
    this.seq = 0;
    // Per FIFO: head and tail node.
    this.fHead = new Int32Array(192 /* MaxFifos */).fill(-1);
    this.fTail = new Int32Array(192 /* MaxFifos */).fill(-1);
    this.fifos = 0;
    // Delay → FIFO, open addressing.
    this.dKey = new Float64Array(256 /* Classes */).fill(-1);
    this.dFifo = new Int32Array(256 /* Classes */);
    this.fifoEvents = 0;
    this.nTime = new Float64Array(nodes);
    this.nSeq = new Float64Array(nodes);
    this.nWord = new Int32Array(nodes);
    this.nArg = new Int32Array(nodes);
    this.nNext = new Int32Array(nodes);
    this.free = new Int32Array(nodes);
    for (let i = 0; i < nodes; i++) this.free[i] = nodes - 1 - i;
    this.freeTop = nodes;
  }
  /** Pending events. */
  get size() {
    return this.general.size + this.fifoEvents;
  }
  /** Events scheduled since construction. */
  get scheduled() {
    return this.seq;
  }
  /** Schedules at absolute time t (ps). */
  push(t, kind, target, arg) {
    this.at = t;
    this.add(kind, target, arg);
  }
  /** Schedules at the staged absolute time `at` (≥ the clock). */
  add(kind, target, arg) {
    const g = this.general;
    g.at = this.at;
    g.atSeq = this.seq++;
    g.insert(target << 4 | kind, arg);
  }
  /** Schedules at the clock + the staged `delay` (ps, ≥ 0): the delay class's FIFO. */
  after(kind, target, arg) {
    const d = this.delay;
    const t = this.t + d;
    const s = this.seq++;
    const w = target << 4 | kind;
    const f = this.fifoOf(d);
    if (f < 0) {
      const g = this.general;
      g.at = t;
      g.atSeq = s;
      g.insert(w, arg);
      return;
    }
    if (this.freeTop === 0) this.grow();
    const n = this.free[--this.freeTop];
    this.nTime[n] = t;
    this.nSeq[n] = s;
    this.nWord[n] = w;
    this.nArg[n] = arg;
    this.nNext[n] = -1;
    const tail = this.fTail[f];
    if (tail < 0) {
      this.fHead[f] = n;
      const h = this.heads;
      h.at = t;
      h.atSeq = s;
      h.insert(f << 4, 0);
    } else {
      this.nNext[tail] = n;
    }
    this.fTail[f] = n;
    this.fifoEvents++;
  }
  /** Removes the earliest event into t/kind/target/arg; false when none is left. */
  pop() {
    const g = this.general;
    const h = this.heads;
    if (h.size > 0) {
      if (g.size > 0) {
        const gt = g.peekTime();
        const ht = h.peekTime();
        if (gt < ht || gt === ht && g.peekSeq() < h.peekSeq()) return this.fromGeneral();
      }
      h.pop();
      const f = h.target;
      const n = this.fHead[f];
      const next = this.nNext[n];
      this.fHead[f] = next;
      if (next < 0) this.fTail[f] = -1;
      else {
        h.at = this.nTime[next];
        h.atSeq = this.nSeq[next];
        h.insert(f << 4, 0);
      }
      this.t = this.nTime[n];
      const w = this.nWord[n];
      this.kind = w & 15;
      this.target = w >> 4;
      this.arg = this.nArg[n];
      this.free[this.freeTop++] = n;
      this.fifoEvents--;
      return true;
    }
    if (g.size > 0) return this.fromGeneral();
    return false;
  }
  fromGeneral() {
    const g = this.general;
    g.pop();
    this.t = g.t;
    this.kind = g.kind;
    this.target = g.target;
    this.arg = g.arg;
    return true;
  }
  /** The FIFO of a delay class, created on first use; −1 when the table is full. */
  fifoOf(d) {
    let i = Math.imul(d | 0, 2654435761) >>> 24 & 255 /* ClassMask */;
    for (; ; ) {
      const k = this.dKey[i];
      if (k === d) return this.dFifo[i];
      if (k < 0) break;
      i = i + 1 & 255 /* ClassMask */;
    }
    if (this.fifos === 192 /* MaxFifos */) return -1;
    this.dKey[i] = d;
    this.dFifo[i] = this.fifos;
    return this.fifos++;
  }
  grow() {
    const n = this.nTime.length;
    const m = n * 2;
    const t = new Float64Array(m);
    const s = new Float64Array(m);
    const w = new Int32Array(m);
    const a = new Int32Array(m);
    const nx = new Int32Array(m);
    t.set(this.nTime);
    s.set(this.nSeq);
    w.set(this.nWord);
    a.set(this.nArg);
    nx.set(this.nNext);
    this.nTime = t;
    this.nSeq = s;
    this.nWord = w;
    this.nArg = a;
    this.nNext = nx;
    const free = new Int32Array(m);
    for (let i = 0; i < n; i++) free[i] = m - 1 - i;
    this.free = free;
    this.freeTop = n;
  }
};

// lib/lb/spritz/gf.ts
var GaloisField = class {
  /** @throws RangeError unless q is a prime power in [2, 65535]. */
  constructor(q) {
    const pn = primePower(q);
    if (!pn) throw new RangeError(`GF(q): ${q} is not a prime power in [2, 65535]`);
    this.q = q;
    this.p = pn[0];
    this.n = pn[1];
    this.addTable = new Uint16Array(q * q);
    this.mulTable = new Uint16Array(q * q);
    this.negTable = new Uint16Array(q);
    this.powTable = new Uint16Array(q - 1);
    for (let a = 0; a < q; a++) {
      for (let b = 0; b < q; b++) this.addTable[a * q + b] = this.digitwise(a, b, 1);
      this.negTable[a] = this.digitwise(0, a, -1);
    }
    const found = this.n === 1 ? this.primeField() : this.extensionField();
    this.xi = found;
  }
  add(a, b) {
    return this.addTable[a * this.q + b];
  }
  sub(a, b) {
    return this.addTable[a * this.q + this.negTable[b]];
  }
  mul(a, b) {
    return this.mulTable[a * this.q + b];
  }
  /** ξ^i for any integer i ≥ 0. */
  pow(i) {
    return this.powTable[i % (this.q - 1)];
  }
  /** a + sign × b digit by digit modulo p. */
  digitwise(a, b, sign) {
    let r = 0;
    let scale = 1;
    for (let d = 0; d < this.n; d++) {
      const da = Math.floor(a / scale) % this.p;
      const db = Math.floor(b / scale) % this.p;
      r += ((da + sign * db) % this.p + this.p) % this.p * scale;
      scale *= this.p;
    }
    return r;
  }
  /** GF(p): multiplication modulo p; ξ is the smallest primitive root. */
  primeField() {
    const p = this.p;
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) this.mulTable[a * p + b] = a * b % p;
    for (let g = 1; g < p; g++) {
      if (this.fillPowers(g)) return g;
    }
    throw new RangeError(`GF(${p}): no primitive root`);
  }
  /** GF(p^n): search monic f of degree n until x is primitive modulo f, then multiply via logs. */
  extensionField() {
    const { p, q } = this;
    for (let low = 0; low < q; low++) {
      const reduce = this.digitwise(0, low, -1);
      if (reduce === 0) continue;
      const times = (a) => {
        const top = Math.floor(a / (q / p));
        const shifted = a % (q / p) * p;
        let r = shifted;
        for (let k = 0; k < top; k++) r = this.addTable[r * q + reduce];
        return r;
      };
      const pw = this.powTable;
      let e = 1;
      let ok = true;
      for (let i = 0; i < q - 1; i++) {
        if (i > 0 && e === 1) {
          ok = false;
          break;
        }
        pw[i] = e;
        e = times(e);
      }
      if (!ok || e !== 1) continue;
      const log = new Int32Array(q).fill(-1);
      for (let i = 0; i < q - 1; i++) log[pw[i]] = i;
      for (let a = 0; a < q; a++) {
        for (let b = 0; b < q; b++) {
          this.mulTable[a * q + b] = a === 0 || b === 0 ? 0 : pw[(log[a] + log[b]) % (q - 1)];
        }
      }
      return p;
    }
    throw new RangeError(`GF(${q}): no primitive polynomial found`);
  }
  /** Fills powTable from g; false if g's order is below q − 1. */
  fillPowers(g) {
    let e = 1;
    for (let i = 0; i < this.q - 1; i++) {
      if (i > 0 && e === 1) return false;
      this.powTable[i] = e;
      e = this.mulTable[e * this.q + g];
    }
    return e === 1;
  }
};
function primePower(q) {
  if (!(Number.isInteger(q) && q >= 2 && q <= 65535)) return null;
  let p = 2;
  while (p * p <= q && q % p !== 0) p++;
  if (q % p !== 0) p = q;
  let n = 0;
  let r = q;
  while (r % p === 0) {
    r /= p;
    n++;
  }
  return r === 1 ? [p, n] : null;
}

// lib/lb/spritz/topology.ts
var DRAGONFLY_PATH_TYPES = [
  [1, 0],
  [2, 0],
  [0, 1],
  [1, 1],
  [2, 1],
  [0, 2],
  [1, 2],
  [2, 2],
  [3, 2]
];
var SLIMFLY_PATH_TYPES = [
  [1, 0],
  [2, 0],
  [0, 1],
  [1, 1],
  [0, 2],
  [3, 0],
  [4, 0],
  [2, 1],
  [3, 1],
  [1, 2],
  [2, 2],
  [0, 3],
  [1, 3],
  [0, 4]
];
var LowDiameterTopology = class {
  constructor(switches, endpointsPerSwitch, networkPorts) {
    this.switches = switches;
    this.endpointsPerSwitch = endpointsPerSwitch;
    this.networkPorts = networkPorts;
    this.neighbour = new Int32Array(switches * networkPorts);
    this.backPort = new Int32Array(switches * networkPorts);
    this.global = new Uint8Array(switches * networkPorts);
  }
  get endpoints() {
    return this.switches * this.endpointsPerSwitch;
  }
  /** The switch an endpoint hangs off. */
  switchOf(endpoint) {
    return Math.floor(endpoint / this.endpointsPerSwitch);
  }
  neighbourOf(sw, port) {
    return this.neighbour[sw * this.networkPorts + port];
  }
  isGlobal(sw, port) {
    return this.global[sw * this.networkPorts + port] === 1;
  }
  /** ECMP 1 candidate tables are the ports 0 … size−1, so index i is port i. */
  ecmp1Port(sw, dst, ev1) {
    return ev1 % this.ecmp1Size(sw, dst);
  }
  link(sw, port, other, otherPort, isGlobal) {
    const i = sw * this.networkPorts + port;
    this.neighbour[i] = other;
    this.backPort[i] = otherPort;
    this.global[i] = isGlobal ? 1 : 0;
  }
  /** Checks that every link is symmetric; construction-time self test. */
  checkSymmetric() {
    const k = this.networkPorts;
    for (let s = 0; s < this.switches; s++) {
      for (let j = 0; j < k; j++) {
        const o = this.neighbour[s * k + j];
        const b = this.backPort[s * k + j];
        if (o === s || this.neighbour[o * k + b] !== s || this.backPort[o * k + b] !== j) {
          throw new Error(`${this.describe()}: link ${s}:${j} is not symmetric`);
        }
      }
    }
  }
};
var Dragonfly = class extends LowDiameterTopology {
  /** @throws RangeError for p < 1, a < 2, h < 1 or a network radix a − 1 + h above 256. */
  constructor(spec) {
    const { p, a, h } = spec;
    for (const [name, v, lo] of [["p", p, 1], ["a", a, 2], ["h", h, 1]]) {
      if (!(Number.isInteger(v) && v >= lo)) throw new RangeError(`Dragonfly: ${name} must be an integer \u2265 ${lo}, got ${v}`);
    }
    if (a - 1 + h > 256) throw new RangeError("Dragonfly: a \u2212 1 + h must be at most 256 (an 8-bit EV per ECMP role)");
    const g = a * h + 1;
    if (g * a > 65536) throw new RangeError("Dragonfly: at most 65536 switches");
    super(g * a, p, a - 1 + h);
    this.kind = "dragonfly";
    this.p = p;
    this.a = a;
    this.h = h;
    this.g = g;
    for (let G = 0; G < g; G++) {
      for (let i = 0; i < a; i++) {
        const s = G * a + i;
        for (let j = 0; j < a - 1; j++) {
          const other = j < i ? j : j + 1;
          this.link(s, j, G * a + other, i < other ? i : i - 1, false);
        }
        for (let k = 0; k < h; k++) {
          const c = i * h + k;
          const T = (G + c + 1) % g;
          const back = g - 2 - c;
          this.link(s, a - 1 + k, T * a + Math.floor(back / h), a - 1 + back % h, true);
        }
      }
    }
    this.checkSymmetric();
  }
  describe() {
    return `Dragonfly p=${this.p} a=${this.a} h=${this.h} (${this.g} groups, ${this.switches} switches, ${this.endpoints} endpoints)`;
  }
  groupOf(sw) {
    return Math.floor(sw / this.a);
  }
  /** The switch index inside group G that holds the global link to group T ≠ G. */
  exitIndex(G, T) {
    return Math.floor(((T - G - 1) % this.g + this.g) % this.g / this.h);
  }
  portTo(sw, other) {
    const { a, h, g } = this;
    const G = Math.floor(sw / a);
    const i = sw - G * a;
    const T = Math.floor(other / a);
    const o = other - T * a;
    if (T === G) return o === i ? -1 : o < i ? o : o - 1;
    const c = ((T - G - 1) % g + g) % g;
    if (Math.floor(c / h) !== i) return -1;
    const back = g - 2 - c;
    return Math.floor(back / h) === o ? a - 1 + c % h : -1;
  }
  minimalPort(sw, dst) {
    if (sw === dst) return -1;
    const { a, h, g } = this;
    const G = Math.floor(sw / a);
    const i = sw - G * a;
    const T = Math.floor(dst / a);
    if (T === G) {
      const o = dst - T * a;
      return o < i ? o : o - 1;
    }
    const c = ((T - G - 1) % g + g) % g;
    const exit = Math.floor(c / h);
    if (exit === i) return a - 1 + c % h;
    return exit < i ? exit : exit - 1;
  }
  ecmp1Size(sw, dst) {
    return this.groupOf(sw) === this.groupOf(dst) ? this.a - 1 : this.networkPorts;
  }
  ecmp2Size(sw, inPort, dst) {
    if (this.groupOf(sw) === this.groupOf(dst)) return 0;
    return inPort < this.a - 1 ? this.h : 0;
  }
  ecmp2Port(_sw, _inPort, _dst, ev2) {
    return this.a - 1 + ev2 % this.h;
  }
  cellShape(src, dst) {
    if (this.groupOf(src) === this.groupOf(dst)) return { size1: this.a - 1, split: 0, stride: 1 };
    return { size1: this.networkPorts, split: this.a - 1, stride: this.h };
  }
};
var SlimFly = class extends LowDiameterTopology {
  /** @throws RangeError unless q is a prime power ≥ 3 of the form 4w + δ and (3q − δ)/2 ≤ 256. */
  constructor(spec) {
    const { q, p } = spec;
    if (!(Number.isInteger(p) && p >= 1)) throw new RangeError(`SlimFly: p must be an integer \u2265 1, got ${p}`);
    const field = new GaloisField(q);
    if (q < 3) throw new RangeError("SlimFly: q must be at least 3");
    const r = q % 4;
    const delta = r === 1 ? 1 : r === 0 ? 0 : r === 3 ? -1 : NaN;
    if (Number.isNaN(delta)) throw new RangeError(`SlimFly: q = ${q} is not of the form 4w + \u03B4 with \u03B4 \u2208 {\u22121, 0, 1}`);
    const radix = (3 * q - delta) / 2;
    if (radix > 256) throw new RangeError("SlimFly: network radix (3q \u2212 \u03B4)/2 must be at most 256");
    super(2 * q * q, p, radix);
    this.kind = "slimfly";
    this.q = q;
    this.p = p;
    this.delta = delta;
    this.field = field;
    const w = (q - delta) / 4;
    const X = [];
    const Xp = [];
    const xi = (i) => field.pow(i);
    if (delta === 1) {
      for (let i = 0; i <= q - 3; i += 2) X.push(xi(i));
      for (let i = 1; i <= q - 2; i += 2) Xp.push(xi(i));
    } else if (delta === -1) {
      for (let i = 0; i <= 2 * w - 2; i += 2) X.push(xi(i));
      for (let i = 2 * w - 1; i <= 4 * w - 3; i += 2) X.push(xi(i));
      for (let i = 1; i <= 2 * w - 1; i += 2) Xp.push(xi(i));
      for (let i = 2 * w; i <= 4 * w - 2; i += 2) Xp.push(xi(i));
    } else {
      for (let i = 0; i <= q - 2; i += 2) X.push(xi(i));
      for (let i = 1; i <= q - 1; i += 2) Xp.push(xi(i));
    }
    X.sort((u, v) => u - v);
    Xp.sort((u, v) => u - v);
    const half = (q - delta) / 2;
    if (new Set(X).size !== half || new Set(Xp).size !== half) {
      throw new Error(`SlimFly q=${q}: generator sets have the wrong size`);
    }
    this.X = X;
    this.Xp = Xp;
    this.posX = new Int32Array(q).fill(-1);
    this.posXp = new Int32Array(q).fill(-1);
    X.forEach((v, j) => this.posX[v] = j);
    Xp.forEach((v, j) => this.posXp[v] = j);
    for (let x = 0; x < q; x++) {
      for (let y = 0; y < q; y++) {
        const s0 = x * q + y;
        for (let j = 0; j < half; j++) {
          const y2 = field.add(y, X[j]);
          this.link(s0, j, x * q + y2, this.posX[field.sub(y, y2)], false);
        }
        for (let m = 0; m < q; m++) {
          const c = field.sub(y, field.mul(m, x));
          this.link(s0, half + m, q * q + m * q + c, half + x, true);
        }
      }
    }
    for (let m = 0; m < q; m++) {
      for (let c = 0; c < q; c++) {
        const s1 = q * q + m * q + c;
        for (let j = 0; j < half; j++) {
          const c2 = field.add(c, Xp[j]);
          this.link(s1, j, q * q + m * q + c2, this.posXp[field.sub(c, c2)], false);
        }
        for (let x = 0; x < q; x++) {
          const y = field.add(field.mul(m, x), c);
          this.link(s1, half + x, x * q + y, half + m, true);
        }
      }
    }
    this.checkSymmetric();
  }
  describe() {
    return `Slim Fly q=${this.q} p=${this.p} (\u03B4=${this.delta}, radix ${this.networkPorts}, ${this.switches} switches, ${this.endpoints} endpoints)`;
  }
  portTo(sw, other) {
    const q = this.q;
    const qq = q * q;
    const f = this.field;
    const half = this.X.length;
    if (sw < qq) {
      const x2 = Math.floor(sw / q);
      const y2 = sw - x2 * q;
      if (other < qq) {
        const x22 = Math.floor(other / q);
        if (x22 !== x2 || other === sw) return -1;
        return this.posX[f.sub(other - x22 * q, y2)];
      }
      const m2 = Math.floor((other - qq) / q);
      const c2 = other - qq - m2 * q;
      return f.add(f.mul(m2, x2), c2) === y2 ? half + m2 : -1;
    }
    const m = Math.floor((sw - qq) / q);
    const c = sw - qq - m * q;
    if (other >= qq) {
      const m2 = Math.floor((other - qq) / q);
      if (m2 !== m || other === sw) return -1;
      return this.posXp[f.sub(other - qq - m2 * q, c)];
    }
    const x = Math.floor(other / q);
    const y = other - x * q;
    return f.add(f.mul(m, x), c) === y ? half + x : -1;
  }
  minimalPort(sw, dst) {
    if (sw === dst) return -1;
    const direct = this.portTo(sw, dst);
    if (direct >= 0) return direct;
    const k = this.networkPorts;
    for (let j = 0; j < k; j++) {
      if (this.portTo(this.neighbour[sw * k + j], dst) >= 0) return j;
    }
    throw new Error(`${this.describe()}: switches ${sw} and ${dst} are more than two hops apart`);
  }
  ecmp1Size() {
    return this.networkPorts;
  }
  ecmp2Size() {
    return this.networkPorts - 1;
  }
  ecmp2Port(_sw, inPort, _dst, ev2) {
    const i = ev2 % (this.networkPorts - 1);
    return i < inPort ? i : i + 1;
  }
  cellShape() {
    return { size1: this.networkPorts, split: this.networkPorts, stride: this.networkPorts - 1 };
  }
};

// harness/topo/topology.ts
var TopologyBuilder = class {
  constructor(hosts, switches, portsPerNode) {
    this.links = [];
    this.hosts = hosts;
    this.switches = switches;
    this.portsOf = new Int32Array(hosts + switches);
    for (let n = 0; n < hosts + switches; n++) this.portsOf[n] = portsPerNode(n);
  }
  /** Node id of switch s. */
  sw(s) {
    return this.hosts + s;
  }
  /** A full-duplex link between local port la of node a and local port lb of node b. */
  connect(a, la, b, lb, gbps, latencyNs) {
    this.links.push({ a, la, b, lb, gbps, latencyNs });
  }
  finish(name, family) {
    const t = new Topology(name, family, this.hosts, this.switches, this.portsOf);
    const seen = new Uint8Array(t.ports);
    for (const l of this.links) {
      const pa = t.nodePortBase[l.a] + l.la;
      const pb = t.nodePortBase[l.b] + l.lb;
      if (l.la >= this.portsOf[l.a] || l.lb >= this.portsOf[l.b]) throw new Error(`${name}: port index beyond the node's ports`);
      if (seen[pa] || seen[pb]) throw new Error(`${name}: port used twice (${l.a}:${l.la} or ${l.b}:${l.lb})`);
      seen[pa] = seen[pb] = 1;
      t.setPort(pa, l.b, l.lb, l.gbps, l.latencyNs);
      t.setPort(pb, l.a, l.la, l.gbps, l.latencyNs);
    }
    for (let p = 0; p < t.ports; p++) if (!seen[p]) throw new Error(`${name}: port ${p} of node ${t.portNode[p]} is not connected`);
    return t;
  }
};
var Topology = class {
  constructor(name, family, hosts, switches, portsOf) {
    // Hier routing, per switch.
    this.lo = new Int32Array(0);
    this.hi = new Int32Array(0);
    this.downDiv = new Int32Array(0);
    this.groupBase = new Int32Array(0);
    this.upOff = new Int32Array(0);
    this.upCnt = new Int32Array(0);
    /** Per down group: candidate offset and count. */
    this.groupOff = new Int32Array(0);
    this.groupCnt = new Int32Array(0);
    // LowDiameter routing.
    this.ld = null;
    /** Switch-to-switch minimal egress port id, S × S (−1 on the diagonal), when S² ≤ 2^24. */
    this.minPort = null;
    /** Network-port candidates of switch s start at s × networkPorts. */
    this.allOff = new Int32Array(0);
    /** Slim Fly ECMP 2: offset of the list "all but inPort" of (s, inPort). */
    this.ecmp2Off = new Int32Array(0);
    /** One scratch entry per switch (UGAL-L's minimal candidate). */
    this.scratchOff = new Int32Array(0);
    /** Dragonfly group of each switch (−1 elsewhere). */
    this.groupOf = new Int32Array(0);
    // Candidates shared by every switch (lib/switch Router.bindCandidates).
    this.candPort = new Int32Array(1);
    this.candQueue = new Int32Array(1);
    this.candHops = new Int32Array(1);
    this.name = name;
    this.family = family;
    this.hosts = hosts;
    this.switches = switches;
    const nodes = hosts + switches;
    this.nodePortBase = new Int32Array(nodes + 1);
    this.nodePortCount = new Int32Array(nodes);
    let p = 0;
    for (let n = 0; n < nodes; n++) {
      this.nodePortBase[n] = p;
      this.nodePortCount[n] = portsOf[n];
      p += portsOf[n];
    }
    this.nodePortBase[nodes] = p;
    this.ports = p;
    this.portNode = new Int32Array(p);
    this.portLocal = new Int32Array(p);
    for (let n = 0; n < nodes; n++) {
      for (let k = 0; k < portsOf[n]; k++) {
        this.portNode[this.nodePortBase[n] + k] = n;
        this.portLocal[this.nodePortBase[n] + k] = k;
      }
    }
    this.portTo = new Int32Array(p);
    this.portToLocal = new Int32Array(p);
    this.portGbps = new Float64Array(p);
    this.portLatencyNs = new Float64Array(p);
    this.portLastHop = new Uint8Array(p);
  }
  setPort(port, toNode, toLocal, gbps, latencyNs) {
    this.portTo[port] = toNode;
    this.portToLocal[port] = toLocal;
    this.portGbps[port] = gbps;
    this.portLatencyNs[port] = latencyNs;
    this.portLastHop[port] = this.portNode[port] >= this.hosts && toNode < this.hosts ? 1 : 0;
  }
  /** Egress port id of a host's NIC (every host has exactly one port). */
  hostPort(h) {
    return this.nodePortBase[h];
  }
  /** Switch index of a node (node − hosts). */
  switchOf(node) {
    return node - this.hosts;
  }
  /** The port a host is attached to, on its switch. */
  attachPort(h) {
    const p = this.hostPort(h);
    return this.nodePortBase[this.portTo[p]] + this.portToLocal[p];
  }
  /** Allocates the shared candidate arrays. */
  allocCandidates(n) {
    this.candPort = new Int32Array(Math.max(1, n));
    this.candQueue = new Int32Array(Math.max(1, n));
    this.candHops = new Int32Array(Math.max(1, n));
  }
  /**
   * The default (minimal, first-candidate) next port at switch index s for host dst; used for
   * ideal paths and the network RTT, never per packet.
   */
  defaultNext(s, dst, hop) {
    const node = this.hosts + s;
    if (this.family === 0 /* Hier */) {
      if (dst >= this.lo[s] && dst < this.hi[s]) {
        const g = this.groupBase[s] + Math.floor((dst - this.lo[s]) / this.downDiv[s]);
        return this.candPort[this.groupOff[g]];
      }
      if (this.upCnt[s] === 0) throw new Error(`${this.name}: switch ${s} has no route to host ${dst}`);
      return this.candPort[this.upOff[s]];
    }
    const ld = this.ld;
    const d = ld.switchOf(dst);
    if (d === s) return this.nodePortBase[node] + (dst - s * ld.endpointsPerSwitch);
    void hop;
    return this.nodePortBase[node] + ld.endpointsPerSwitch + ld.minimalPort(s, d);
  }
  /** Egress port ids along the default route from host src to host dst. */
  path(src, dst) {
    const out = [];
    let port = this.hostPort(src);
    for (let hop = 0; hop < 64; hop++) {
      out.push(port);
      const node = this.portTo[port];
      if (node < this.hosts) {
        if (node !== dst) throw new Error(`${this.name}: the route from ${src} reached host ${node}, not ${dst}`);
        return out;
      }
      port = this.defaultNext(node - this.hosts, dst, hop);
    }
    throw new Error(`${this.name}: no route from ${src} to ${dst} within 64 hops`);
  }
  /**
   * uet-htsim's network RTT (notes/uec-htsim-reference.md §2) over the longest default path:
   * 2 × Σ link latency + Σ MTU serialisation + Σ ACK serialisation, in ns.
   */
  networkRttNs(mtuBytes, ackBytes) {
    let best = 0;
    for (const dst of this.diameterProbes()) {
      if (dst === 0) continue;
      let rtt = 0;
      for (const p of this.path(0, dst)) rtt += 2 * this.portLatencyNs[p] + (mtuBytes + ackBytes) * 8 / this.portGbps[p];
      best = Math.max(best, rtt);
    }
    return best;
  }
  /** Hosts whose distance from host 0 covers the diameter. */
  diameterProbes() {
    if (this.family === 0 /* Hier */) return [this.hosts - 1];
    const ld = this.ld;
    const out = [];
    for (let s = 0; s < ld.switches; s++) out.push(s * ld.endpointsPerSwitch);
    return out;
  }
};

// harness/topo/lowdiameter.ts
function dragonfly(spec) {
  return build(new Dragonfly({ p: spec.p, a: spec.a, h: spec.h }), spec);
}
function slimFly(spec) {
  return build(new SlimFly({ q: spec.q, p: spec.p }), spec);
}
function build(ld, spec) {
  const S = ld.switches;
  const p = ld.endpointsPerSwitch;
  const R = ld.networkPorts;
  const H = S * p;
  const b = new TopologyBuilder(H, S, (n) => n < H ? 1 : p + R);
  for (let e = 0; e < H; e++) b.connect(e, 0, b.sw(Math.floor(e / p)), e % p, spec.hostGbps ?? spec.linkGbps, spec.hostLatencyNs ?? spec.latencyNs);
  for (let s = 0; s < S; s++) {
    for (let j = 0; j < R; j++) {
      const o = ld.neighbour[s * R + j];
      const back = ld.backPort[s * R + j];
      if (s * R + j < o * R + back) {
        const lat = ld.global[s * R + j] === 1 ? spec.globalLatencyNs ?? spec.latencyNs : spec.latencyNs;
        b.connect(b.sw(s), p + j, b.sw(o), p + back, spec.linkGbps, lat);
      }
    }
  }
  const t = b.finish(ld.describe(), 1 /* LowDiameter */);
  t.ld = ld;
  const slim = ld.kind === "slimfly";
  const all = S * R;
  const ecmp2 = slim ? S * R * (R - 1) : 0;
  t.allocCandidates(all + ecmp2 + S);
  t.allOff = new Int32Array(S);
  t.ecmp2Off = new Int32Array(slim ? S * R : 0);
  t.scratchOff = new Int32Array(S);
  t.groupOf = new Int32Array(S).fill(-1);
  let c = 0;
  for (let s = 0; s < S; s++) {
    const base = t.nodePortBase[H + s] + p;
    t.allOff[s] = c;
    for (let j = 0; j < R; j++) t.candPort[c++] = base + j;
    if (ld instanceof Dragonfly) t.groupOf[s] = ld.groupOf(s);
  }
  if (slim) {
    for (let s = 0; s < S; s++) {
      const base = t.nodePortBase[H + s] + p;
      for (let j = 0; j < R; j++) {
        t.ecmp2Off[s * R + j] = c;
        for (let k = 0; k < R; k++) if (k !== j) t.candPort[c++] = base + k;
      }
    }
  }
  for (let s = 0; s < S; s++) t.scratchOff[s] = c++;
  t.candHops.fill(1);
  if (S * S <= 1 << 24) {
    const m = new Int32Array(S * S).fill(-1);
    for (let s = 0; s < S; s++) {
      const base = t.nodePortBase[H + s] + p;
      for (let d = 0; d < S; d++) if (d !== s) m[s * S + d] = base + ld.minimalPort(s, d);
    }
    t.minPort = m;
  }
  return t;
}
function switchDistances(ld) {
  const S = ld.switches;
  const R = ld.networkPorts;
  const d = new Uint8Array(S * S).fill(255);
  const queue = new Int32Array(S);
  for (let s = 0; s < S; s++) {
    let head = 0;
    let tail = 0;
    d[s * S + s] = 0;
    queue[tail++] = s;
    while (head < tail) {
      const u = queue[head++];
      for (let j = 0; j < R; j++) {
        const v = ld.neighbour[u * R + j];
        if (d[s * S + v] === 255) {
          d[s * S + v] = d[s * S + u] + 1;
          queue[tail++] = v;
        }
      }
    }
  }
  return d;
}

// lib/cc/dcqcn/params.ts
var CONSTANT_NAMES = [
  "linkGbps",
  "initRateGbps",
  "minRateMbps",
  "g",
  "initialAlpha",
  "alphaTimerNs",
  "decreaseTimerNs",
  "increaseTimerNs",
  "byteCounterBytes",
  "fastRecoverySteps",
  "aiMbps",
  "haiMbps",
  "rateOnFirstCnp",
  "cnpIntervalNs",
  "windowBytes"
];
var BEHAVIOUR_NAMES = ["rp", "clampTargetRate", "hyperHalving", "deferredCnp", "varWindow"];
var DCQCN_PARAM_NAMES = ["profile", ...CONSTANT_NAMES, ...BEHAVIOUR_NAMES];
function resolveDcqcnParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (DCQCN_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Dcqcn: unknown parameter ${k}`);
  }
  const profile = input.profile === void 0 ? "paper" : input.profile;
  if (profile !== "paper" && profile !== "hpcc" && profile !== "hpcc-paper") {
    throw new RangeError(`Dcqcn: unknown profile ${String(profile)}`);
  }
  const linkGbps = input.linkGbps === void 0 ? 100 : input.linkGbps;
  let p;
  if (profile === "paper") {
    p = {
      profile,
      linkGbps,
      initRateGbps: linkGbps,
      minRateMbps: 100,
      g: 1 / 256,
      initialAlpha: 1,
      alphaTimerNs: 55e3,
      decreaseTimerNs: 0,
      increaseTimerNs: 55e3,
      byteCounterBytes: 1e7,
      fastRecoverySteps: 5,
      aiMbps: 40,
      haiMbps: 200,
      rateOnFirstCnp: 1,
      cnpIntervalNs: 5e4,
      windowBytes: 0,
      rp: "paper",
      clampTargetRate: true,
      hyperHalving: true,
      deferredCnp: true,
      varWindow: false
    };
  } else {
    const paperTimers = profile === "hpcc-paper";
    p = {
      profile,
      linkGbps,
      initRateGbps: linkGbps,
      minRateMbps: 1e3,
      g: 1 / 256,
      initialAlpha: 1,
      alphaTimerNs: paperTimers ? 5e4 : 1e3,
      decreaseTimerNs: paperTimers ? 5e4 : 4e3,
      increaseTimerNs: paperTimers ? 55e3 : 3e5,
      byteCounterBytes: 0,
      fastRecoverySteps: 1,
      aiMbps: 5 * linkGbps / 25,
      haiMbps: 50 * linkGbps / 25,
      rateOnFirstCnp: 1,
      cnpIntervalNs: 0,
      windowBytes: 0,
      rp: "mellanox",
      clampTargetRate: false,
      hyperHalving: false,
      deferredCnp: false,
      varWindow: false
    };
  }
  for (const k of Object.keys(input)) {
    p[k] = input[k];
  }
  validate2(p);
  return p;
}
function need2(ok, what) {
  if (!ok) throw new RangeError(`Dcqcn: ${what}`);
}
function inRange(x, lo, hi) {
  return typeof x === "number" && x >= lo && x <= hi;
}
function validate2(p) {
  const MAX_NS = 2 ** 30;
  need2(inRange(p.linkGbps, 1e-3, 2e3), "linkGbps must be in (0, 2000]");
  need2(inRange(p.minRateMbps, 1e-3, p.linkGbps * 1e3), "minRateMbps must be in (0, linkGbps]");
  need2(inRange(p.initRateGbps, p.minRateMbps / 1e3, p.linkGbps), "initRateGbps must be in [minRate, linkGbps]");
  need2(inRange(p.g, 1 / 65536, 1), "g must be in [2^-16, 1]");
  need2(inRange(p.initialAlpha, 0, 1), "initialAlpha must be in [0, 1]");
  need2(inRange(p.alphaTimerNs, 1, MAX_NS), "alphaTimerNs must be in [1, 2^30]");
  need2(p.rp === "paper" ? inRange(p.decreaseTimerNs, 0, MAX_NS) : inRange(p.decreaseTimerNs, 1, MAX_NS), "decreaseTimerNs must be in [1, 2^30] (mellanox RP)");
  need2(inRange(p.increaseTimerNs, 2, MAX_NS), "increaseTimerNs must be in [2, 2^30]");
  need2(inRange(p.byteCounterBytes, 0, 2 ** 30) && Number.isInteger(p.byteCounterBytes), "byteCounterBytes must be an integer in [0, 2^30]");
  need2(p.byteCounterBytes === 0 || p.byteCounterBytes >= 2, "byteCounterBytes must be 0 or at least 2");
  need2(inRange(p.fastRecoverySteps, 0, 1e3) && Number.isInteger(p.fastRecoverySteps), "fastRecoverySteps must be an integer in [0, 1000]");
  need2(inRange(p.aiMbps, 0, p.linkGbps * 1e3), "aiMbps must be in [0, linkGbps]");
  need2(inRange(p.haiMbps, 0, p.linkGbps * 1e3), "haiMbps must be in [0, linkGbps]");
  need2(inRange(p.rateOnFirstCnp, 0, 1), "rateOnFirstCnp must be in [0, 1]");
  need2(inRange(p.cnpIntervalNs, 0, MAX_NS), "cnpIntervalNs must be in [0, 2^30]");
  need2(inRange(p.windowBytes, 0, 2 ** 30) && Number.isInteger(p.windowBytes), "windowBytes must be an integer in [0, 2^30]");
  need2(p.rp === "paper" || p.rp === "mellanox", "rp must be paper or mellanox");
  for (const b of ["clampTargetRate", "hyperHalving", "deferredCnp", "varWindow"]) {
    need2(typeof p[b] === "boolean", `${b} must be a boolean`);
  }
}

// lib/cc/dcqcn/np.ts
var LAYOUT3 = {
  lastCnp: "i32",
  // tick of the last CNP sent
  flags: "u8"
};
var DCQCN_SEND_CNP = 1 /* SendCnp */;
var DcqcnNp = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT3, capacity);
    this.lastCnp = this.col.lastCnp;
    this.flags = this.col.flags;
    const p = resolveDcqcnParams(params);
    this.params = Object.freeze(p);
    this.interval = Math.round(p.cnpIntervalNs);
    this.deferred = p.deferredCnp ? 1 : 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT3);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      onData: ["slot", "nowNs", "ce"],
      onTimer: ["slot", "nowNs"]
    };
  }
  open(slot) {
    this.openSlot(slot);
  }
  /**
   * A data packet of the flow arrived, `ce` when it carries a CE mark. Returns DCQCN_SEND_CNP
   * when a CNP must go out now, else 0; E_SLOT / E_ARG for bad input.
   */
  onData(slot, nowNs, ce) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    if (!ce) return 0;
    if (this.interval === 0) return 1 /* SendCnp */;
    const now = nowNs | 0;
    const flags = this.flags[slot];
    if ((flags & 1 /* Sent */) === 0 || (now - this.lastCnp[slot] | 0) >= this.interval) {
      this.lastCnp[slot] = now;
      this.flags[slot] = 1 /* Sent */;
      return 1 /* SendCnp */;
    }
    if (this.deferred !== 0) this.flags[slot] = flags | 2 /* Pending */;
    return 0;
  }
  /** The end of an interval with a deferred mark: DCQCN_SEND_CNP if it is due, else 0. */
  onTimer(slot, nowNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    if ((this.flags[slot] & 2 /* Pending */) === 0 || (now - this.lastCnp[slot] | 0) < this.interval) return 0;
    this.lastCnp[slot] = now;
    this.flags[slot] = 1 /* Sent */;
    return 1 /* SendCnp */;
  }
  /** True while a deferred CNP waits for the end of its interval. */
  timerArmed(slot) {
    return this.live[slot] === 1 && (this.flags[slot] & 2 /* Pending */) !== 0;
  }
  /** The tick at which the deferred CNP is due; meaningful only while timerArmed (else 0). */
  nextTimerNs(slot) {
    return this.timerArmed(slot) ? this.lastCnp[slot] + this.interval | 0 : 0;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/core/fixed.ts
var Q16_ONE = 65536;
var INT32_MAX = 2147483647;
var INT32_MIN = -2147483648;
function q16(x) {
  const v = Math.round(x * Q16_ONE);
  if (!Number.isFinite(v) || v > INT32_MAX || v < INT32_MIN) {
    throw new RangeError(`q16: ${x} does not fit in Q16.16`);
  }
  return v;
}
function mulQ16(a, q) {
  return Math.floor(a * q / Q16_ONE);
}
function mulDiv(a, b, c) {
  const p = a * b;
  let q = Math.floor(p / c);
  const r = p - q * c;
  if (r < 0) q -= 1;
  else if (r >= c) q += 1;
  return q;
}
function satAdd(a, b) {
  const s = a + b;
  if (s > INT32_MAX) return INT32_MAX;
  if (s < INT32_MIN) return INT32_MIN;
  return s | 0;
}
function satSub(a, b) {
  return satAdd(a, -b);
}
function isIntIn(x, lo, hi) {
  return x >= lo && x <= hi && Math.floor(x) === x && x - x === 0;
}

// lib/cc/nscc/params.ts
var UEC_BASE_BDP_BYTES = 15e4;
var UEC_REF_RTT_NS = 12e3;
var DEFAULT_HEADER_BYTES = 64;
var DEFAULT_MTU_BYTES = 4150;
var DEFAULT_BASE_RTT_NS = 14022.72;
var CONSTANT_NAMES2 = [
  "mtuBytes",
  "headerBytes",
  "linkGbps",
  "baseRttNs",
  "bdpBytes",
  "maxWndBytes",
  "targetDelayNs",
  "gamma",
  "maxMdJump",
  "fiBytes",
  "fiScale",
  "etaBytes",
  "alphaBytesPerNs",
  "qaThresholdNs",
  "qaGate",
  "qaScaling",
  "fastIncreaseK",
  "fastIncreaseDelayNs",
  "adjustBytes",
  "adjustPeriodNs",
  "delayEwma",
  "trimming",
  "sampleEvery"
];
var BEHAVIOUR_NAMES2 = [
  "loop",
  "mdDenominator",
  "proportionalIncrease",
  "delayAverager",
  "baseRttFromNack",
  "trimDelaySample",
  "perPathScaling",
  "qaIgnoresTimeouts",
  "rccc",
  "incBytesWrap32"
];
var NSCC_PARAM_NAMES = ["profile", ...CONSTANT_NAMES2, ...BEHAVIOUR_NAMES2];
var BEHAVIOURS = {
  smartt: {
    loop: "smartt",
    mdDenominator: "rtt",
    proportionalIncrease: "eq3",
    delayAverager: "ewma",
    baseRttFromNack: false,
    trimDelaySample: false,
    perPathScaling: true,
    qaIgnoresTimeouts: true,
    rccc: false,
    incBytesWrap32: false
  },
  uec: {
    loop: "uec",
    mdDenominator: "delay",
    proportionalIncrease: "alpha",
    delayAverager: "ewma",
    baseRttFromNack: false,
    trimDelaySample: true,
    perPathScaling: false,
    qaIgnoresTimeouts: false,
    rccc: false,
    incBytesWrap32: false
  },
  "uec-htsim": {
    loop: "uec",
    mdDenominator: "delay",
    proportionalIncrease: "alpha",
    delayAverager: "htsim",
    baseRttFromNack: true,
    trimDelaySample: true,
    perPathScaling: false,
    qaIgnoresTimeouts: false,
    rccc: false,
    incBytesWrap32: true
  }
};
function pick2(input, name, fallback) {
  const v = input[name];
  return v === void 0 ? fallback : v;
}
function resolveNsccParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (NSCC_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Nscc: unknown parameter ${k}`);
  }
  const profile = pick2(input, "profile", "uec");
  const behaviourDefaults = BEHAVIOURS[profile];
  if (!behaviourDefaults) throw new RangeError(`Nscc: unknown profile ${String(profile)}`);
  const mtuBytes = pick2(input, "mtuBytes", DEFAULT_MTU_BYTES);
  const headerBytes = pick2(input, "headerBytes", DEFAULT_HEADER_BYTES);
  const linkGbps = pick2(input, "linkGbps", 100);
  const baseRttNs = pick2(input, "baseRttNs", DEFAULT_BASE_RTT_NS);
  const trimming = pick2(input, "trimming", true);
  const mssBytes = mtuBytes - headerBytes;
  const bdpBytes = pick2(input, "bdpBytes", linkGbps * baseRttNs / 8);
  const scalingA = bdpBytes / UEC_BASE_BDP_BYTES;
  let targetDelayNs;
  let qaThresholdNs;
  let qaGate;
  let fiBytes;
  let etaBytes;
  let adjustBytes;
  let adjustPeriodNs;
  let fastIncreaseK;
  if (profile === "smartt") {
    targetDelayNs = 0.5 * baseRttNs;
    qaThresholdNs = trimming ? Infinity : 4 * targetDelayNs;
    qaGate = trimming ? 0 : 3;
    fiBytes = 5 * mssBytes * scalingA;
    etaBytes = 0;
    adjustBytes = 0;
    adjustPeriodNs = 0;
    fastIncreaseK = 2;
  } else {
    targetDelayNs = (trimming ? 0.75 : 1) * baseRttNs;
    qaThresholdNs = trimming && profile === "uec" ? Infinity : 4 * targetDelayNs;
    qaGate = 3;
    fiBytes = 5 * mssBytes * scalingA;
    etaBytes = 0.15 * mssBytes * scalingA;
    adjustBytes = 8 * mtuBytes;
    adjustPeriodNs = baseRttNs;
    fastIncreaseK = 0;
  }
  targetDelayNs = pick2(input, "targetDelayNs", targetDelayNs);
  const scalingB = targetDelayNs / UEC_REF_RTT_NS;
  const p = {
    profile,
    mtuBytes,
    headerBytes,
    linkGbps,
    baseRttNs,
    bdpBytes,
    maxWndBytes: pick2(input, "maxWndBytes", 1.5 * bdpBytes),
    targetDelayNs,
    gamma: pick2(input, "gamma", 0.8),
    maxMdJump: pick2(input, "maxMdJump", 0.5),
    fiBytes: pick2(input, "fiBytes", fiBytes),
    fiScale: pick2(input, "fiScale", 0.25 * scalingA),
    etaBytes: pick2(input, "etaBytes", etaBytes),
    // Table 3-76: alpha = 4 × scaling_a × scaling_b × MTU / target_qdelay (the target cancels).
    alphaBytesPerNs: pick2(input, "alphaBytesPerNs", 4 * scalingA * scalingB * mssBytes / targetDelayNs),
    qaThresholdNs: pick2(input, "qaThresholdNs", qaThresholdNs),
    qaGate: pick2(input, "qaGate", qaGate),
    qaScaling: pick2(input, "qaScaling", 1),
    fastIncreaseK: pick2(input, "fastIncreaseK", fastIncreaseK),
    fastIncreaseDelayNs: pick2(input, "fastIncreaseDelayNs", 1e3),
    adjustBytes: pick2(input, "adjustBytes", adjustBytes),
    adjustPeriodNs: pick2(input, "adjustPeriodNs", adjustPeriodNs),
    delayEwma: pick2(input, "delayEwma", 0.0125),
    trimming,
    sampleEvery: pick2(input, "sampleEvery", 1),
    loop: pick2(input, "loop", behaviourDefaults.loop),
    mdDenominator: pick2(input, "mdDenominator", behaviourDefaults.mdDenominator),
    proportionalIncrease: pick2(input, "proportionalIncrease", behaviourDefaults.proportionalIncrease),
    delayAverager: pick2(input, "delayAverager", behaviourDefaults.delayAverager),
    baseRttFromNack: pick2(input, "baseRttFromNack", behaviourDefaults.baseRttFromNack),
    trimDelaySample: pick2(input, "trimDelaySample", behaviourDefaults.trimDelaySample),
    perPathScaling: pick2(input, "perPathScaling", behaviourDefaults.perPathScaling),
    qaIgnoresTimeouts: pick2(input, "qaIgnoresTimeouts", behaviourDefaults.qaIgnoresTimeouts),
    rccc: pick2(input, "rccc", behaviourDefaults.rccc),
    incBytesWrap32: pick2(input, "incBytesWrap32", behaviourDefaults.incBytesWrap32)
  };
  validate3(p);
  return p;
}
function need3(ok, what) {
  if (!ok) throw new RangeError(`Nscc: ${what}`);
}
function finite(x, lo, hi) {
  return typeof x === "number" && x >= lo && x <= hi;
}
function oneOf2(x, options) {
  return options.indexOf(x) >= 0;
}
function validate3(p) {
  const MAX_BYTES2 = 2 ** 30;
  need3(finite(p.mtuBytes, 64, 65535) && Number.isInteger(p.mtuBytes), "mtuBytes must be an integer in [64, 65535]");
  need3(finite(p.headerBytes, 0, p.mtuBytes - 1), "headerBytes must be in [0, mtuBytes)");
  need3(finite(p.linkGbps, 1e-3, 1e5), "linkGbps must be in (0, 100000]");
  need3(finite(p.baseRttNs, 1, 2 ** 29), "baseRttNs must be in [1, 2^29]");
  need3(finite(p.bdpBytes, 1, MAX_BYTES2), "bdpBytes must be in [1, 2^30]");
  need3(finite(p.maxWndBytes, p.mtuBytes, MAX_BYTES2), "maxWndBytes must be in [mtuBytes, 2^30]");
  need3(finite(p.targetDelayNs, 1, 2 ** 22), "targetDelayNs must be in [1, 2^22]");
  need3(finite(p.gamma, 0, 1), "gamma must be in [0, 1]");
  need3(finite(p.maxMdJump, 0, 1), "maxMdJump must be in [0, 1]");
  need3(finite(p.fiBytes, 0, 2 ** 24), "fiBytes must be in [0, 2^24]");
  need3(finite(p.fiScale, 0, 256), "fiScale must be in [0, 256]");
  need3(finite(p.etaBytes, 0, 2 ** 24), "etaBytes must be in [0, 2^24]");
  need3(finite(p.alphaBytesPerNs, 0, 1024), "alphaBytesPerNs must be in [0, 1024]");
  need3(p.qaThresholdNs === Infinity || finite(p.qaThresholdNs, 0, 2 ** 30), "qaThresholdNs must be in [0, 2^30] or Infinity");
  need3(finite(p.qaGate, 0, 30) && Number.isInteger(p.qaGate), "qaGate must be an integer shift in [0, 30]");
  need3(finite(p.qaScaling, 0, 16), "qaScaling must be in [0, 16]");
  need3(finite(p.fastIncreaseK, 0, 1024), "fastIncreaseK must be in [0, 1024]");
  need3(finite(p.fastIncreaseDelayNs, 0, 2 ** 22), "fastIncreaseDelayNs must be in [0, 2^22]");
  need3(finite(p.adjustBytes, 0, MAX_BYTES2), "adjustBytes must be in [0, 2^30]");
  need3(finite(p.adjustPeriodNs, 0, 2 ** 30), "adjustPeriodNs must be in [0, 2^30]");
  need3(finite(p.delayEwma, 1 / 65536, 1), "delayEwma must be in [2^-16, 1]");
  need3(typeof p.trimming === "boolean", "trimming must be a boolean");
  need3(finite(p.sampleEvery, 1, 255) && Number.isInteger(p.sampleEvery), "sampleEvery must be an integer in [1, 255]");
  need3(oneOf2(p.loop, ["smartt", "uec"]), "loop must be smartt or uec");
  need3(oneOf2(p.mdDenominator, ["rtt", "delay"]), "mdDenominator must be rtt or delay");
  need3(oneOf2(p.proportionalIncrease, ["eq3", "alpha"]), "proportionalIncrease must be eq3 or alpha");
  need3(oneOf2(p.delayAverager, ["ewma", "htsim"]), "delayAverager must be ewma or htsim");
  for (const b of ["baseRttFromNack", "trimDelaySample", "perPathScaling", "qaIgnoresTimeouts", "rccc", "incBytesWrap32"]) {
    need3(typeof p[b] === "boolean", `${b} must be a boolean`);
  }
}

// lib/cc/nscc/nscc.ts
var LAYOUT4 = {
  cwnd: "i32",
  // bytes
  inflight: "i32",
  // bytes, signed (UEC: may go slightly negative)
  maxWnd: "i32",
  // bytes, 1.5 × BDP of the flow's base RTT
  baseRtt: "i32",
  // ns, minimum over valid samples
  avgDelay: "i32",
  // Q8 ns, EWMA of queueing delay
  achieved: "i32",
  // bytes acked in the current QuickAdapt window
  received: "i32",
  // bytes acked since the last fulfill
  fiCount: "i32",
  // bytes acked in a row with delay below fastIncreaseDelayNs
  ignoreLeft: "i32",
  // bytes_to_ignore − bytes_ignored, floored at 0
  qaEnd: "i32",
  // tick: end of the QuickAdapt window
  lastAdjust: "i32",
  // tick: last eta addition
  lastDec: "i32",
  // tick: last multiplicative decrease
  savedCwnd: "i32",
  // bytes: cwnd before a receiver penalty (UEC saved_cwnd)
  inc: "f64",
  // bytes²: pending increase, Σ acked × (fi or alpha·Δ or eq. (3))
  flags: "u8",
  // Fl bits
  sampleCount: "u8"
  // ACKs skipped since the last sampled one (§III-G)
};
var NSCC_ACK_REQUEST = 1024 /* AckRequest */;
var TWO_32 = 4294967296;
var MAX_EXACT = 9007199254740992;
function validBytes(x) {
  return (x | 0) === x && x >= 0 && x <= 1073741824 /* MaxEventBytes */;
}
var Nscc = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT4, capacity);
    // The columns of LAYOUT as direct fields: one load fewer per access than `this.col.x`, which
    // measurably matters at this handler's budget (see README "Cost").
    this.cwnd = this.col.cwnd;
    this.inflight = this.col.inflight;
    this.maxWnd = this.col.maxWnd;
    this.baseRtt = this.col.baseRtt;
    this.avgDelay = this.col.avgDelay;
    this.achieved = this.col.achieved;
    this.received = this.col.received;
    this.fiCount = this.col.fiCount;
    this.ignoreLeft = this.col.ignoreLeft;
    this.qaEnd = this.col.qaEnd;
    this.lastAdjust = this.col.lastAdjust;
    this.lastDec = this.col.lastDec;
    this.savedCwnd = this.col.savedCwnd;
    this.inc = this.col.inc;
    this.flags = this.col.flags;
    this.sampleCount = this.col.sampleCount;
    const p = resolveNsccParams(params);
    this.params = Object.freeze(p);
    this.mtu = p.mtuBytes;
    this.maxWnd0 = Math.floor(p.maxWndBytes);
    this.baseRtt0 = Math.max(1, Math.round(p.baseRttNs));
    this.targetNs = Math.max(1, Math.round(p.targetDelayNs));
    this.gammaQ16 = q16(p.gamma);
    this.mdFloorQ16 = q16(p.maxMdJump);
    this.fiBytes = Math.round(p.fiBytes);
    this.fiScaleQ16 = q16(p.fiScale);
    this.etaBytes = Math.round(p.etaBytes);
    this.alphaQ16 = q16(p.alphaBytesPerNs);
    const scalingA = p.bdpBytes / 15e4;
    this.eq3Bytes = Math.round(p.mtuBytes * p.baseRttNs * scalingA / p.targetDelayNs);
    this.qaThresholdNs = p.qaThresholdNs === Infinity ? INT32_MAX : Math.round(p.qaThresholdNs);
    this.qaGate = p.qaGate;
    this.qaScalingQ16 = q16(p.qaScaling);
    this.fastStepBytes = Math.round(p.fastIncreaseK * p.mtuBytes);
    this.fastDelayNs = Math.round(p.fastIncreaseDelayNs);
    this.adjustBytes = Math.floor(p.adjustBytes);
    this.adjustPeriodNs = Math.round(p.adjustPeriodNs);
    this.perPacket = this.adjustBytes === 0 && this.adjustPeriodNs === 0 ? 1 : 0;
    this.ewmaQ16 = q16(p.delayEwma);
    this.sampleEvery = p.sampleEvery;
    this.loopSmartt = p.loop === "smartt" ? 1 : 0;
    this.mdOnRtt = p.mdDenominator === "rtt" ? 1 : 0;
    this.eq3 = p.proportionalIncrease === "eq3" ? 1 : 0;
    this.htsimAverager = p.delayAverager === "htsim" ? 1 : 0;
    this.baseRttFromNack = p.baseRttFromNack ? 1 : 0;
    this.trimDelaySample = p.trimDelaySample ? 1 : 0;
    this.perPath = p.perPathScaling ? 1 : 0;
    this.qaIgnoresTimeouts = p.qaIgnoresTimeouts ? 1 : 0;
    this.rccc = p.rccc ? 1 : 0;
    this.wrap32 = p.incBytesWrap32 ? 1 : 0;
    this.plain = this.sampleEvery === 1 && this.htsimAverager === 0 && this.loopSmartt === 0 && this.perPath === 0 ? 1 : 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT4);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      onAck: ["slot", "nowNs", "ackedBytes", "rttNs", "ecn"],
      onTrim: ["slot", "nowNs", "bytes", "lastHop", "rttNs"],
      onTimeout: ["slot", "nowNs", "bytes"],
      onSend: ["slot", "nowNs", "bytes"],
      onReceiverPenalty: ["slot", "nowNs", "pend", "restore", "bytes"],
      canSend: ["slot", "bytes"]
    };
  }
  /** Starts a flow at cwnd = maxWnd (UEC: no slow start) with the network base RTT. */
  open(slot) {
    this.openSlot(slot);
    this.maxWnd[slot] = this.maxWnd0;
    this.cwnd[slot] = this.maxWnd0;
    this.baseRtt[slot] = this.baseRtt0;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * An ACK newly acknowledging `ackedBytes` (UEC: the receiver's Rcvd_Bytes delta).
   * `rttNs <= 0` means no valid RTT sample: the average delay stands in for it.
   * Returns NSCC_* bits, or E_SLOT / E_ARG.
   */
  onAck(slot, nowNs, ackedBytes, rttNs, ecn) {
    if (!(this.live[slot] === 1 && validBytes(ackedBytes) && rttNs <= 1073741824 /* MaxRttNs */ && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    return this.ack(slot, nowNs | 0, ackedBytes, rttNs, ecn);
  }
  /** onAck after validation. */
  ack(slot, now, ackedBytes, rttNs, ecn) {
    const inflight = this.inflight[slot] - ackedBytes;
    this.inflight[slot] = inflight > INT32_MIN ? inflight : INT32_MIN;
    const achieved = this.achieved[slot] + ackedBytes;
    this.achieved[slot] = achieved < 1073741823 /* CounterMax */ ? achieved : 1073741823 /* CounterMax */;
    const received = this.received[slot] + ackedBytes;
    this.received[slot] = received < 1073741823 /* CounterMax */ ? received : 1073741823 /* CounterMax */;
    const ignoreLeft = this.ignoreLeft[slot];
    if (ignoreLeft > 0) this.ignoreLeft[slot] = ignoreLeft > ackedBytes ? ignoreLeft - ackedBytes : 0;
    let flags = this.flags[slot];
    if ((flags & 1 /* Started */) === 0) flags = this.start(slot, now);
    if (this.plain === 0) return this.ackGeneral(slot, now, ackedBytes, rttNs, ecn, flags);
    let delay;
    if (rttNs > 0) {
      const rtt = rttNs >= 1 ? rttNs | 0 : 1;
      if (rtt < this.baseRtt[slot]) this.setBaseRtt(slot, rtt);
      delay = rtt - this.baseRtt[slot];
      this.blendDelay(slot, (delay < 8388607 /* MaxDelayNs */ ? delay : 8388607 /* MaxDelayNs */) << 8 /* AvgShift */, this.ewmaQ16);
    } else {
      delay = this.avgDelay[slot] >> 8 /* AvgShift */;
    }
    return this.ackUec(slot, now, ackedBytes, 1, delay, ecn, flags, this.targetNs, this.fiBytes);
  }
  /**
   * A NACK for a trimmed packet of `bytes` (SMaRTT §III-D, Alg. 4 lines 15–21; UEC OnNACK for
   * UET_TRIMMED / UET_TRIMMED_LASTHOP). `rttNs` is the NACK's RTT sample, or ≤ 0 for none.
   */
  onTrim(slot, nowNs, bytes, lastHop, rttNs) {
    if (!(this.live[slot] === 1 && validBytes(bytes) && rttNs <= 1073741824 /* MaxRttNs */ && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    return this.trim(slot, nowNs | 0, bytes, lastHop, rttNs);
  }
  /** onTrim after validation. */
  trim(slot, now, bytes, lastHop, rttNs) {
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const ignoreLeft = this.ignoreLeft[slot];
    if (ignoreLeft > 0) this.ignoreLeft[slot] = ignoreLeft > bytes ? ignoreLeft - bytes : 0;
    if (this.baseRttFromNack !== 0 && rttNs > 0) {
      const rtt = rttNs >= 1 ? rttNs | 0 : 1;
      if (rtt < this.baseRtt[slot]) this.setBaseRtt(slot, rtt);
    }
    if (this.trimDelaySample !== 0) this.blendDelay(slot, this.baseRtt0 << 8 /* AvgShift */, this.ewmaQ16);
    if (this.rccc !== 0 && lastHop) return 0;
    if (this.loopSmartt !== 0) {
      this.cutWindow(slot, bytes);
      const flags2 = this.flags[slot] | 4 /* TriggerQa */;
      this.flags[slot] = flags2;
      if (this.ignoreLeft[slot] === 0 && this.windowEnded(slot, flags2, now) && this.quickAdapt(slot, now, true, 0)) {
        return 256 /* Decrease */ | 32 /* QuickAdapt */;
      }
      return 256 /* Decrease */;
    }
    const flags = this.flags[slot] | 4 /* TriggerQa */;
    this.flags[slot] = flags;
    if (this.ignoreLeft[slot] > 0) return this.swallow(slot, 64 /* Ignored */);
    if (this.windowEnded(slot, flags, now) && this.quickAdapt(slot, now, true, 0)) return this.swallow(slot, 32 /* QuickAdapt */);
    this.cutWindow(slot, bytes);
    return 256 /* Decrease */;
  }
  /**
   * A retransmission timeout (UEC OnInferredLoss) for `bytes` presumed lost. Inside the
   * QuickAdapt ignore phase it does not shrink the window when qaIgnoresTimeouts is set
   * (SMaRTT §III-E "we need to ignore such timeouts").
   */
  onTimeout(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const ignoreLeft = this.ignoreLeft[slot];
    if (ignoreLeft > 0) this.ignoreLeft[slot] = ignoreLeft > bytes ? ignoreLeft - bytes : 0;
    if (this.qaIgnoresTimeouts !== 0 && this.ignoreLeft[slot] > 0) return 64 /* Ignored */;
    this.cutWindow(slot, bytes);
    return 256 /* Decrease */;
  }
  /** `bytes` leave for the network. Returns NSCC_ACK_REQUEST when cwnd − inflight < MTU (UEC AckRequest). */
  onSend(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const inflight = satAdd(this.inflight[slot], bytes);
    this.inflight[slot] = inflight;
    return this.cwnd[slot] - inflight < this.mtu ? 1024 /* AckRequest */ : 0;
  }
  /**
   * UEC apply_cwnd_penalty: an ACK_CC carrying the receiver's 7-bit Rcv_Cwnd_Pend and
   * Restore_Cwnd for `bytes` acknowledged. Call it before onAck for that ACK. While a penalty is
   * active, increases are suppressed.
   */
  onReceiverPenalty(slot, nowNs, pend, restore, bytes) {
    if (!(this.live[slot] === 1 && isIntIn(pend, 0, 127) && validBytes(bytes) && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    if (pend > 0) {
      if ((this.flags[slot] & 32 /* Penalty */) === 0) {
        this.savedCwnd[slot] = this.cwnd[slot];
        this.flags[slot] |= 32 /* Penalty */;
      }
      const inflight = this.inflight[slot] > 0 ? this.inflight[slot] : 0;
      const w = this.cwnd[slot] < inflight ? this.cwnd[slot] : inflight;
      this.cwnd[slot] = this.clampWnd(slot, w - Math.floor(pend * bytes / 128));
      return 256 /* Decrease */;
    }
    if (restore && (this.flags[slot] & 32 /* Penalty */) !== 0) {
      this.cwnd[slot] = this.clampWnd(slot, this.savedCwnd[slot]);
      this.flags[slot] &= ~32 /* Penalty */;
    }
    return 0;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  /** True when `bytes` more fit in the window (UEC: inflight + size ≤ cwnd). */
  canSend(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes(bytes))) {
      this.errors++;
      return false;
    }
    return this.inflight[slot] + bytes <= this.cwnd[slot];
  }
  cwndBytes(slot) {
    return this.cwnd[slot] | 0;
  }
  inflightBytes(slot) {
    return this.inflight[slot] | 0;
  }
  baseRttNs(slot) {
    return this.baseRtt[slot] | 0;
  }
  /** The average queueing delay, rounded down to whole ns. */
  avgDelayNs(slot) {
    return this.avgDelay[slot] >> 8 /* AvgShift */;
  }
  maxWndBytes(slot) {
    return this.maxWnd[slot] | 0;
  }
  /** The pending increase (bytes²) not yet applied by a fulfill. */
  pendingIncrease(slot) {
    return this.inc[slot] || 0;
  }
  /** Bytes still to be ignored after a QuickAdapt (UEC bytes_to_ignore − bytes_ignored). */
  ignoreBytes(slot) {
    return this.ignoreLeft[slot] | 0;
  }
  /** The flow's queueing-delay target in ns (scaled by its base RTT when perPathScaling is on). */
  targetDelayNs(slot) {
    return this.isOpen(slot) ? this.targetFor(slot) : 0;
  }
  // ---------------------------------------------------------------------------------------
  // The SMaRTT loop and the rare steps
  /**
   * onAck after the accounting, for every configuration `plain` does not cover: sampling
   * (SMaRTT §III-G), uet-htsim's delay averager, the SMaRTT loop, per-path scaling.
   */
  ackGeneral(slot, now, acked, rttNs, ecn, flags) {
    let scale = 1;
    if (this.sampleEvery !== 1) {
      const n = this.sampleCount[slot] + 1;
      if (n < this.sampleEvery) {
        this.sampleCount[slot] = n;
        return 512 /* SampledOut */;
      }
      this.sampleCount[slot] = 0;
      scale = this.sampleEvery;
    }
    let delay;
    if (rttNs > 0) {
      const rtt = rttNs >= 1 ? rttNs | 0 : 1;
      if (rtt < this.baseRtt[slot]) this.setBaseRtt(slot, rtt);
      delay = rtt - this.baseRtt[slot];
      if (this.htsimAverager !== 0) this.updateDelayHtsim(slot, delay, ecn);
      else this.blendDelay(slot, (delay < 8388607 /* MaxDelayNs */ ? delay : 8388607 /* MaxDelayNs */) << 8 /* AvgShift */, this.ewmaQ16);
    } else {
      delay = this.avgDelay[slot] >> 8 /* AvgShift */;
    }
    if (this.loopSmartt !== 0) return this.ackSmartt(slot, now, acked, scale, delay, ecn);
    return this.ackUec(slot, now, acked, scale, delay, ecn, flags, this.targetFor(slot), this.fairBytes(slot));
  }
  /**
   * UEC §3.6.13 OnACK after the RTT sample: quick_adapt (its ignore phase swallows marked ACKs
   * only, uet-htsim §5), the four quadrants, then fulfill. `target` and `fiBytes` are the flow's
   * (scaled when perPathScaling is on); `scale` > 1 when this ACK stands for several.
   */
  ackUec(slot, now, acked, scale, delay, ecn, flags, target, fiBytes) {
    if (ecn && this.ignoreLeft[slot] > 0) return this.swallow(slot, 64 /* Ignored */);
    if (this.windowEnded(slot, flags, now) && this.quickAdapt(slot, now, false, delay)) {
      return this.swallow(slot, 32 /* QuickAdapt */);
    }
    let r;
    if (ecn) {
      r = delay >= target ? this.multiplicativeDecrease(slot, now, target) : 1 /* Repath */;
    } else if ((flags & 32 /* Penalty */) !== 0) {
      r = 0;
    } else if (delay >= target) {
      this.addInc(slot, fiBytes * acked * scale);
      r = 4 /* Fair */;
    } else if (delay < this.fastDelayNs && this.fastIncrease(slot, flags, acked, scale)) {
      r = 16 /* Fast */;
    } else {
      if (delay >= this.fastDelayNs && (flags & 8 /* Increase */) + this.fiCount[slot] !== 0) this.endFastIncrease(slot);
      if (this.eq3 !== 0) this.addInc(slot, this.eq3Increase(slot, acked * scale, delay, target));
      else this.addInc(slot, mulQ16(this.alphaQ16 * (target - delay), acked * scale));
      r = 8 /* Proportional */;
    }
    if (this.received[slot] > this.adjustBytes || this.periodDue(slot, now)) r |= this.fulfill(slot, now);
    return r;
  }
  /** SMaRTT Alg. 4 lines 5–14, after the RTT sample. */
  ackSmartt(slot, now, acked, scale, delay, ecn) {
    if (this.ignoreLeft[slot] > 0) return 64 /* Ignored */;
    const adapted = this.windowEnded(slot, this.flags[slot], now) && this.quickAdapt(slot, now, false, delay);
    const flags = this.flags[slot];
    const limited = (flags & 32 /* Penalty */) !== 0;
    let fast = false;
    if (!ecn && delay < this.fastDelayNs) fast = !limited && this.fastIncrease(slot, flags, acked, scale);
    else this.endFastIncrease(slot);
    if (adapted || fast) return (adapted ? 32 /* QuickAdapt */ : 0) | (fast ? 16 /* Fast */ : 0);
    const target = this.targetFor(slot);
    let r;
    if (ecn) {
      r = delay >= target ? this.multiplicativeDecrease(slot, now, target) : 1 /* Repath */;
    } else if (limited) {
      r = 0;
    } else if (delay >= target) {
      this.addInc(slot, this.fairBytes(slot) * acked * scale);
      r = 4 /* Fair */;
    } else {
      if (this.eq3 !== 0) this.addInc(slot, this.eq3Increase(slot, acked * scale, delay, target));
      else this.addInc(slot, mulQ16(this.alphaQ16 * (target - delay), acked * scale));
      r = 8 /* Proportional */;
    }
    if (this.received[slot] > this.adjustBytes || this.periodDue(slot, now)) r |= this.fulfill(slot, now);
    return r;
  }
  /**
   * True when the QuickAdapt measurement window has ended (or none has started yet):
   * Alg. 2 line 3 tests now ≥ end; UEC tests now > qa_end.
   */
  windowEnded(slot, flags, now) {
    if ((flags & 2 /* QaStarted */) === 0) return true;
    const sinceEnd = now - this.qaEnd[slot] | 0;
    return this.loopSmartt !== 0 ? sinceEnd >= 0 : sinceEnd > 0;
  }
  /**
   * SMaRTT Alg. 2 / UEC quick_adapt at the end of a measurement window of base RTT + target
   * (the callers test the window and the ignore phase, which the paper and the standard
   * define differently). Fires when triggered (a trim, a loss, or delay above qaThresholdNs)
   * and the gate allows: cwnd = max(achieved × qaScaling, MTU), and the bytes now in flight will
   * be ignored. Either way a new window starts.
   */
  quickAdapt(slot, now, isLoss, delay) {
    const flags = this.flags[slot];
    let fired = false;
    if ((flags & 2 /* QaStarted */) !== 0 && ((flags & 4 /* TriggerQa */) !== 0 || isLoss || delay > this.qaThresholdNs) && (this.qaGate === 0 || this.achieved[slot] < this.maxWnd[slot] >> this.qaGate)) {
      this.cwnd[slot] = this.clampWnd(slot, mulQ16(this.achieved[slot], this.qaScalingQ16));
      this.ignoreLeft[slot] = this.inflight[slot] > 0 ? this.inflight[slot] : 0;
      fired = true;
    }
    this.achieved[slot] = 0;
    this.qaEnd[slot] = now + this.baseRtt[slot] + this.targetFor(slot) | 0;
    this.flags[slot] = (fired ? flags & ~4 /* TriggerQa */ : flags) | 2 /* QaStarted */;
    return fired;
  }
  /**
   * SMaRTT Alg. 3 / UEC fast_increase, for an unmarked ACK whose delay is below
   * fastIncreaseDelayNs: after a window's worth of such contiguous bytes, grow by k MTU per ACK
   * (paper) or fiScale × acked (UEC) for as long as that lasts. Under sampling the ACK counts
   * `scale` times; an ACK of no new bytes takes no step. `flags` is the slot's flag byte.
   */
  fastIncrease(slot, flags, acked, scale) {
    const sum = this.fiCount[slot] + acked * scale;
    const count = sum < 1073741823 /* CounterMax */ ? sum : 1073741823 /* CounterMax */;
    this.fiCount[slot] = count;
    if (count <= this.cwnd[slot] && (flags & 8 /* Increase */) === 0) return false;
    const step = this.fastStepBytes > 0 ? acked > 0 ? this.fastStepBytes * scale : 0 : mulQ16(acked * scale, this.fiScaleQ16);
    this.cwnd[slot] = this.clampWnd(slot, this.cwnd[slot] + step);
    this.flags[slot] = flags | 8 /* Increase */;
    return true;
  }
  /** An ACK that breaks the run of uncongested bytes resets FastIncrease (Alg. 3 lines 10–11). */
  endFastIncrease(slot) {
    this.fiCount[slot] = 0;
    this.flags[slot] &= ~8 /* Increase */;
  }
  /**
   * SMaRTT eq. (3) as bytes² for the increase accumulator: (trtt − rtt)/rtt × size × mtu × pi
   * (× cwnd, since the accumulator is divided by cwnd), capped at size × cwnd (eq. (3)'s
   * min(size, …)), then the fair increase of eq. (2) that §III-I4 says follows it.
   */
  eq3Increase(slot, acked, delay, target) {
    const ratioQ16 = mulDiv(target - delay, 65536, this.baseRtt[slot] + delay);
    let add = mulQ16(this.scaled(slot, this.eq3Bytes) * acked, ratioQ16);
    const bound = acked * this.cwnd[slot];
    if (add > bound) add = bound;
    return add + this.fairBytes(slot) * acked;
  }
  /**
   * SMaRTT eq. (1) / UEC multiplicative_decrease, at most once per base RTT:
   * cwnd ×= max(1 − gamma × (avg − target) / avg, maxMdJump), where avg is the average RTT
   * (paper; the numerator avg_rtt − trtt equals avg_delay − target) or the average delay (UEC).
   * Skipped while the average is at or below the target (the factor would exceed 1). This is
   * the part every such ACK runs; the decrease itself is `decrease`, at most once per base RTT.
   */
  multiplicativeDecrease(slot, now, target) {
    const flags = this.flags[slot];
    if ((flags & 8 /* Increase */) !== 0) this.flags[slot] = flags & ~8 /* Increase */;
    if (this.fiCount[slot] !== 0) this.fiCount[slot] = 0;
    if (this.avgDelay[slot] <= target << 8 /* AvgShift */) return 0;
    if ((flags & 16 /* MdOnce */) !== 0 && (now - this.lastDec[slot] | 0) <= this.baseRtt[slot]) return 0;
    return this.decrease(slot, now, target);
  }
  decrease(slot, now, target) {
    const avg = this.avgDelay[slot];
    const targetQ8 = target << 8 /* AvgShift */;
    const denominator = this.mdOnRtt !== 0 ? avg + this.baseRtt[slot] * 256 : avg;
    let factorQ16 = 65536 - mulDiv(this.gammaQ16, avg - targetQ8, denominator);
    if (factorQ16 < this.mdFloorQ16) factorQ16 = this.mdFloorQ16;
    this.cwnd[slot] = this.clampWnd(slot, mulQ16(this.cwnd[slot], factorQ16));
    this.lastDec[slot] = now;
    this.flags[slot] |= 16 /* MdOnce */;
    return 2 /* Md */;
  }
  /** UEC: an adjustment period (and so an eta) is due. */
  periodDue(slot, now) {
    return this.adjustPeriodNs > 0 && (now - this.lastAdjust[slot] | 0) >= this.adjustPeriodNs;
  }
  /**
   * UEC fulfill_adjustment, when more than adjustBytes were acked or a period passed:
   * cwnd += inc / cwnd (integer division) and, once per period, + eta. In the per-packet regime
   * (both thresholds 0) this runs on every ACK and the division's remainder is carried to the
   * next ACK instead of dropped, so small per-ACK increments are not lost to truncation.
   */
  fulfill(slot, now) {
    const cwnd = this.cwnd[slot];
    const inc = this.inc[slot];
    const q = Math.floor(inc / cwnd);
    this.inc[slot] = this.perPacket !== 0 ? inc - q * cwnd : 0;
    let w = cwnd + (q < INT32_MAX ? q : INT32_MAX);
    if (this.periodDue(slot, now)) {
      w += this.etaBytes;
      this.lastAdjust[slot] = now;
    }
    this.cwnd[slot] = this.clampWnd(slot, w);
    this.received[slot] = 0;
    return 128 /* Fulfill */;
  }
  // ---------------------------------------------------------------------------------------
  // Helpers
  /** The E_SLOT / E_ARG split of a rejected event. */
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
  /** The first ACK of a flow: the eta period starts now. Returns the new flag byte. */
  start(slot, now) {
    this.lastAdjust[slot] = now;
    return this.flags[slot] |= 1 /* Started */;
  }
  /** UEC quick_adapt's "done" path: pending increase and received bytes are dropped. */
  swallow(slot, result) {
    this.inc[slot] = 0;
    this.received[slot] = 0;
    return result;
  }
  cutWindow(slot, bytes) {
    this.cwnd[slot] = this.clampWnd(slot, this.cwnd[slot] - bytes);
  }
  /** The window bounds of SMaRTT §III-J / UEC: [MTU, maxWnd]. */
  clampWnd(slot, w) {
    const max = this.maxWnd[slot];
    return w < this.mtu ? this.mtu : w > max ? max : w | 0;
  }
  addInc(slot, add) {
    const sum = this.inc[slot] + add;
    this.inc[slot] = this.wrap32 !== 0 ? sum % TWO_32 : sum < MAX_EXACT ? sum : MAX_EXACT;
  }
  /** A constant scaled by the flow's base RTT relative to the network's (SMaRTT §III-J). */
  scaled(slot, x) {
    return this.perPath !== 0 ? mulDiv(x, this.baseRtt[slot], this.baseRtt0) : x;
  }
  targetFor(slot) {
    return this.perPath !== 0 ? this.scaled(slot, this.targetNs) : this.targetNs;
  }
  fairBytes(slot) {
    return this.perPath !== 0 ? this.scaled(slot, this.fiBytes) : this.fiBytes;
  }
  /** Min filter of the base RTT; maxWnd follows it (1.5 × BDP of the new base RTT). */
  setBaseRtt(slot, rtt) {
    this.baseRtt[slot] = rtt;
    const max = mulDiv(this.maxWnd0, rtt, this.baseRtt0);
    this.maxWnd[slot] = max > this.mtu ? max : this.mtu;
    if (this.cwnd[slot] > this.maxWnd[slot]) this.cwnd[slot] = this.maxWnd[slot];
  }
  /**
   * uet-htsim update_delay: an unmarked sample above target is replaced by base RTT / 4, and
   * one above 5 × base RTT is blended with the fixed weight 0.0125; otherwise a plain EWMA
   * (avg += w × (delay − avg)), which is all the `ewma` averager does.
   */
  updateDelayHtsim(slot, delayNs, ecn) {
    const d = delayNs < 8388607 /* MaxDelayNs */ ? delayNs : 8388607 /* MaxDelayNs */;
    const base = this.baseRtt[slot];
    if (!ecn && d > this.targetNs) this.blendDelay(slot, base >> 2 << 8 /* AvgShift */, this.ewmaQ16);
    else if (d > 5 * base) this.blendDelay(slot, d << 8 /* AvgShift */, 819 /* HtsimBigDelayEwmaQ16 */);
    else this.blendDelay(slot, d << 8 /* AvgShift */, this.ewmaQ16);
  }
  blendDelay(slot, sampleQ8, weightQ16) {
    const avg = this.avgDelay[slot];
    this.avgDelay[slot] = avg + Math.floor((sampleQ8 - avg) * weightQ16 / 65536);
  }
};

// lib/reliability/rud/params.ts
var NAMES3 = ["mtuBytes", "headerBytes", "windowPackets", "maxMessages", "rtoNs", "ackEveryBytes"];
var RUD_PARAM_NAMES = NAMES3;
var RUD_HTSIM_RTO_NS = 100656;
function intIn2(x, lo, hi) {
  return typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
}
function resolveRudParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (NAMES3.indexOf(k) < 0) throw new RangeError(`Rud: unknown parameter ${k}`);
  }
  const p = {
    mtuBytes: input.mtuBytes ?? 4150,
    headerBytes: input.headerBytes ?? 64,
    windowPackets: input.windowPackets ?? 1024,
    maxMessages: input.maxMessages ?? 8,
    rtoNs: input.rtoNs ?? RUD_HTSIM_RTO_NS,
    ackEveryBytes: input.ackEveryBytes ?? 16384
  };
  if (!intIn2(p.mtuBytes, 2, 65535)) throw new RangeError("Rud: mtuBytes must be an integer in [2, 65535]");
  if (!intIn2(p.headerBytes, 1, p.mtuBytes - 1)) throw new RangeError("Rud: headerBytes must be an integer in [1, mtuBytes \u2212 1]");
  const w = p.windowPackets;
  if (!(intIn2(w, 64, 32768) && (w & w - 1) === 0)) throw new RangeError("Rud: windowPackets must be a power of two in [64, 32768]");
  const m = p.maxMessages;
  if (!(intIn2(m, 1, 65536) && (m & m - 1) === 0)) throw new RangeError("Rud: maxMessages must be a power of two in [1, 65536]");
  if (!intIn2(p.rtoNs, 1, 2 ** 30)) throw new RangeError("Rud: rtoNs must be an integer in [1, 2^30]");
  if (!intIn2(p.ackEveryBytes, 0, 2 ** 30)) throw new RangeError("Rud: ackEveryBytes must be an integer in [0, 2^30]");
  return p;
}

// lib/reliability/rud/receiver.ts
var LAYOUT5 = {
  cum: "i32",
  // next PSN expected in order (CACK_PSN + 1 in UEC terms)
  recvd: "i32",
  // rcvd_bytes: non-duplicate bytes accepted, headers included, wrapping at 2^32
  sinceAck: "i32",
  // bytes accepted since the last ACK
  ooo: "i32",
  // packets accepted beyond cum
  flags: "u8"
};
var RUD_RX_NEW = 1 /* New */;
var RUD_RX_ACK = 4 /* Ack */;
var RUD_RX_NACK = 8 /* Nack */;
var RudReceiver = class _RudReceiver extends FlowTable {
  /** @throws RangeError for an unknown parameter, a value out of range, or capacity × window above 2^31. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT5, capacity);
    this.out = new Float64Array(9);
    this.cum = this.col.cum;
    this.recvd = this.col.recvd;
    this.sinceAck = this.col.sinceAck;
    this.ooo = this.col.ooo;
    this.flags = this.col.flags;
    const p = resolveRudParams(params);
    this.params = Object.freeze(p);
    if (capacity * p.windowPackets > 2 ** 31) throw new RangeError("RudReceiver: capacity \xD7 windowPackets must be at most 2^31");
    this.window = p.windowPackets;
    this.wMask = p.windowPackets - 1;
    this.wordShift = Math.log2(p.windowPackets >> 5);
    this.wordMask = (p.windowPackets >> 5) - 1;
    this.bits = new Int32Array(capacity * (p.windowPackets >> 5));
    this.threshold = p.ackEveryBytes > 0 ? p.ackEveryBytes : 1;
  }
  static {
    /** Fixed part; add windowPackets / 8 (bytesPerFlowWith). */
    this.bytesPerFlow = flowBytes(LAYOUT5);
  }
  static {
    this.api = {
      open: ["slot", "firstPsn"],
      close: ["slot"],
      onData: ["slot", "nowNs", "psn", "bytes", "ecn", "ar", "rtx"],
      onTrimmed: ["slot", "nowNs", "psn"]
    };
  }
  static {
    this.outFields = ["cumPsn", "sackBase", "sackLo", "sackHi", "ackedPsn", "ecn", "rtxEcho", "recvdBytes", "oooCount"];
  }
  static bytesPerFlowWith(windowPackets) {
    return _RudReceiver.bytesPerFlow + windowPackets / 8;
  }
  /** Opens a flow expecting `firstPsn` first (the sender's Start_PSN). */
  open(slot, firstPsn = 0) {
    if (!((firstPsn | 0) === firstPsn || firstPsn >>> 0 === firstPsn)) {
      this.errors++;
      throw new RangeError("RudReceiver.open: firstPsn must be a 32-bit integer");
    }
    this.openSlot(slot);
    const w = slot << this.wordShift;
    this.bits.fill(0, w, w + this.wordMask + 1);
    this.cum[slot] = firstPsn | 0;
  }
  close(slot) {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    const w = slot << this.wordShift;
    this.bits.fill(0, w, w + this.wordMask + 1);
    return super.close(slot);
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * A data packet of `bytes` (wire bytes, header included) with its CE, AR and retransmission
   * flags. Returns RUD_RX_NEW or RUD_RX_DUPLICATE, with RUD_RX_ACK when an ACK_CC goes out now
   * (the out record); RUD_RX_REFUSED beyond the window; E_SLOT / E_ARG.
   */
  onData(slot, nowNs, psn, bytes, ecn, ar, rtx) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (psn | 0) === psn && (bytes | 0) === bytes && bytes > 0)) {
      return this.reject(slot);
    }
    let cum = this.cum[slot];
    const d = psn - cum | 0;
    if (d >= this.window) return 16 /* Refused */;
    const wb = slot << this.wordShift;
    const i = psn & this.wMask;
    const word = wb + (i >>> 5);
    const bit = 1 << (i & 31);
    if (d < 0 || (this.bits[word] & bit) !== 0) {
      this.fill(slot, psn, false, rtx, this.defaultBase(psn, cum));
      return 2 /* Duplicate */ | 4 /* Ack */;
    }
    this.recvd[slot] = this.recvd[slot] + bytes | 0;
    let flags = this.flags[slot];
    let ooo = this.ooo[slot];
    let drained = false;
    if (d === 0) {
      cum = cum + 1 | 0;
      while (ooo > 0) {
        const j = cum & this.wMask;
        const w = wb + (j >>> 5);
        const b = 1 << (j & 31);
        if ((this.bits[w] & b) === 0) break;
        this.bits[w] ^= b;
        ooo--;
        cum = cum + 1 | 0;
      }
      this.cum[slot] = cum;
      this.ooo[slot] = ooo;
      drained = ooo === 0 && (flags & 2 /* ArPending */) !== 0;
    } else {
      this.bits[word] |= bit;
      this.ooo[slot] = ++ooo;
    }
    const since = this.sinceAck[slot] + bytes;
    const first = (flags & 1 /* Started */) === 0;
    flags |= 1 /* Started */;
    if (ar && ooo > 0) flags |= 2 /* ArPending */;
    if (ecn || first || ar || drained || since >= this.threshold) {
      if (drained) flags &= ~2 /* ArPending */;
      this.flags[slot] = flags;
      this.sinceAck[slot] = 0;
      this.fill(slot, psn, ecn, rtx, ecn || ar ? psn : this.defaultBase(psn, cum));
      return 1 /* New */ | 4 /* Ack */;
    }
    this.flags[slot] = flags;
    this.sinceAck[slot] = since;
    return 1 /* New */;
  }
  /**
   * A trimmed header for `psn` (UEC §3.5 NACK on trim; uet-htsim §6): RUD_RX_NACK when the PSN
   * was not received, else RUD_RX_DUPLICATE | RUD_RX_ACK with an ACK in out; RUD_RX_REFUSED
   * beyond the window; E_SLOT / E_ARG. out.ackedPsn = psn either way.
   */
  onTrimmed(slot, nowNs, psn) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (psn | 0) === psn)) return this.reject(slot);
    const cum = this.cum[slot];
    const d = psn - cum | 0;
    if (d >= this.window) return 16 /* Refused */;
    const i = psn & this.wMask;
    if (d < 0 || (this.bits[(slot << this.wordShift) + (i >>> 5)] & 1 << (i & 31)) !== 0) {
      this.fill(slot, psn, false, false, this.defaultBase(psn, cum));
      return 2 /* Duplicate */ | 4 /* Ack */;
    }
    this.out[4 /* AckedPsn */] = psn;
    return 8 /* Nack */;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  /** The next PSN expected in order. */
  cumPsn(slot) {
    return this.isOpen(slot) ? this.cum[slot] : 0;
  }
  receivedBytes(slot) {
    return this.isOpen(slot) ? this.recvd[slot] : 0;
  }
  outOfOrder(slot) {
    return this.isOpen(slot) ? this.ooo[slot] : 0;
  }
  /** True when `psn` has been accepted. */
  received(slot, psn) {
    if (!this.isOpen(slot)) return false;
    const d = psn - this.cum[slot] | 0;
    if (d < 0) return true;
    if (d >= this.window) return false;
    const i = psn & this.wMask;
    return (this.bits[(slot << this.wordShift) + (i >>> 5)] & 1 << (i & 31)) !== 0;
  }
  // ---------------------------------------------------------------------------------------
  /** max(psn − 63, cum + 1), wrap-safe (uet-htsim §6). */
  defaultBase(psn, cum) {
    const lo = psn - 63 | 0;
    const c1 = cum + 1 | 0;
    return (lo - c1 | 0) > 0 ? lo : c1;
  }
  /** Writes an ACK_CC into out, with the 64 bits of the bitmap from `base`. */
  fill(slot, psn, ecn, rtx, base) {
    const out = this.out;
    const cum = this.cum[slot];
    out[0 /* CumPsn */] = cum;
    out[1 /* SackBase */] = base;
    out[2 /* SackLo */] = this.bits32(slot, cum, base);
    out[3 /* SackHi */] = this.bits32(slot, cum, base + 32 | 0);
    out[4 /* AckedPsn */] = psn;
    out[5 /* Ecn */] = ecn ? 1 : 0;
    out[6 /* RtxEcho */] = rtx ? 1 : 0;
    out[7 /* RecvdBytes */] = this.recvd[slot];
    out[8 /* OooCount */] = this.ooo[slot];
  }
  /** 32 bitmap bits from PSN `from`; PSNs below cum read as received, past the window as not. */
  bits32(slot, cum, from) {
    const d = from - cum | 0;
    if (d >= this.window) return 0;
    if (d <= -32) return -1;
    const wb = slot << this.wordShift;
    const i = from & this.wMask;
    const sh = i & 31;
    const w = i >>> 5;
    let v = this.bits[wb + w];
    if (sh !== 0) v = v >>> sh | this.bits[wb + (w + 1 & this.wordMask)] << 32 - sh;
    if (d < 0) v |= (1 << -d) - 1;
    return v | 0;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/core/bitmap.ts
function ctz32(x) {
  return 31 - Math.clz32(x & -x);
}
function lowBits(n) {
  return n >= 32 ? -1 : (1 << n) - 1;
}
function bitTest(bits, base, i) {
  return (bits[base + (i >>> 5)] >>> (i & 31) & 1) !== 0;
}
function bitSet(bits, base, i) {
  bits[base + (i >>> 5)] |= 1 << (i & 31);
}
function clearBits(bits, base, mask, from, count) {
  let pos = from & mask;
  let left = count;
  while (left > 0) {
    const b = pos & 31;
    const take = 32 - b < left ? 32 - b : left;
    bits[base + (pos >>> 5)] &= ~(lowBits(take) << b);
    pos = pos + take & mask;
    left -= take;
  }
}
function clearAll(bits, base, mask) {
  bits.fill(0, base, base + (mask + 1 >>> 5));
}
function countSetRun(bits, base, mask, from, max) {
  let pos = from & mask;
  let run = 0;
  while (run < max) {
    const b = pos & 31;
    const avail = 32 - b;
    const word = bits[base + (pos >>> 5)] >>> b;
    const zeros = ~word & lowBits(avail);
    if (zeros !== 0) {
      const n = run + ctz32(zeros);
      return n < max ? n : max;
    }
    run += avail;
    pos = pos + avail & mask;
  }
  return max;
}

// lib/core/ring.ts
function isPowerOfTwo(n) {
  return n > 0 && n <= 1073741824 && (n & n - 1) === 0;
}

// lib/reliability/dcp/receiver.ts
var LAYOUT6 = {
  emsn: "i32",
  // expected MSN (§4.5)
  rretry: "u8",
  // rRetryNo of the eMSN-th message
  ctr: ["u16", 8]
  // per message, by MSN mod 8: count (14 bits) | Cf << 14 | mcf << 15
};
var DCP_RX_PLACE = 1;
var DCP_RX_ACK = 2;
var DCP_RX_COMPLETE = 4;
var DCP_RX_DUPLICATE = 8;
var DCP_RX_STALE = 16;
var DCP_RX_RECOUNT = 32;
var DCP_RX_BOUNCE = 64;
var DCP_RECEIVER_DEFAULTS = Object.freeze({
  tracking: "counter",
  bitmapBits: 2048
});
function resolve(input) {
  const p = { ...DCP_RECEIVER_DEFAULTS };
  for (const k of Object.keys(input)) {
    if (!(k in DCP_RECEIVER_DEFAULTS)) throw new RangeError(`DcpReceiver: unknown parameter ${k}`);
    const v = input[k];
    if (v !== void 0) p[k] = v;
  }
  const r = p;
  if (r.tracking !== "counter" && r.tracking !== "bitmap") throw new RangeError("DcpReceiver: tracking must be counter or bitmap");
  if (!(typeof r.bitmapBits === "number" && r.bitmapBits >= 32 && r.bitmapBits <= 1 << 20 && isPowerOfTwo(r.bitmapBits))) {
    throw new RangeError("DcpReceiver: bitmapBits must be a power of two in [32, 2^20]");
  }
  return r;
}
function isU24(x) {
  return (x & 16777215 /* U24 */) === x;
}
var DcpReceiver = class _DcpReceiver extends FlowTable {
  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT6, capacity);
    this.out = new Int32Array(3);
    /** Table-wide counts of dropped duplicates and stale-round packets (not per-QP state). */
    this.duplicates = 0;
    this.stale = 0;
    this.emsnCol = this.col.emsn;
    this.rretry = this.col.rretry;
    this.ctr = this.col.ctr;
    const p = resolve(params);
    this.params = Object.freeze(p);
    this.strict = p.tracking === "bitmap" ? 1 : 0;
    this.words = this.strict !== 0 ? p.bitmapBits >>> 5 : 0;
    this.mask = p.bitmapBits - 1;
    this.epsnCol = new Int32Array(this.strict !== 0 ? capacity : 0);
    this.bits = new Int32Array(capacity * this.words);
    this.bytesPerSlot = this.strict !== 0 ? _DcpReceiver.strictBytesPerFlow(p.bitmapBits) : flowBytes(LAYOUT6);
  }
  static {
    /** Bitmap-free tracking state per QP: 22 B (Table 3: ≤ 32 B). */
    this.bytesPerFlow = flowBytes(LAYOUT6);
  }
  /** Per-QP bytes in strict mode with a window of `bitmapBits`: + ePSN (4 B) + the bitmap. */
  static strictBytesPerFlow(bitmapBits) {
    return flowBytes(LAYOUT6) + 4 + bitmapBits / 8;
  }
  static {
    this.api = {
      open: ["slot", "startPsn"],
      close: ["slot"],
      onData: ["slot", "nowNs", "msn", "psn", "retryNo", "msgPackets", "needCqe"],
      onHo: ["slot", "nowNs", "msn", "psn"]
    };
  }
  static {
    /** Fields of `out`, written when a result has DCP_RX_ACK. */
    this.outFields = ["emsn", "completed", "cqeMask"];
  }
  /** Opens a QP expecting MSN 0 and (strict mode) first PSN `startPsn`. */
  open(slot, startPsn = 0) {
    if (!isU24(startPsn)) {
      this.errors++;
      throw new RangeError(`DcpReceiver: startPsn ${startPsn} is not a 24-bit PSN`);
    }
    this.openSlot(slot);
    if (this.strict !== 0) {
      this.epsnCol[slot] = startPsn;
      clearAll(this.bits, slot * this.words, this.mask);
    }
  }
  close(slot) {
    const r = super.close(slot);
    if (r === 0 && this.strict !== 0) {
      this.epsnCol[slot] = 0;
      clearAll(this.bits, slot * this.words, this.mask);
    }
    return r;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * A data packet of message `msn` (PSN `psn`, sRetryNo `retryNo`) whose message has
   * `msgPackets` packets and needs a CQE at this end when `needCqe` (Send, Write-with-Immediate).
   * Returns DCP_RX_* bits; with DCP_RX_ACK, `out` holds the ACK's eMSN and what was completed.
   * Errors: E_OVERFLOW for msgPackets > 16383 (the 14-bit counter), E_STATE for a message more
   * than 7 ahead of eMSN, a later message with a non-zero sRetryNo, or a count that would pass
   * msgPackets (inconsistent sizes); E_SLOT / E_ARG. State is unchanged on every error.
   */
  onData(slot, nowNs, msn, psn, retryNo, msgPackets, needCqe) {
    if (!(this.live[slot] === 1 && (msn & 16777215 /* U24 */) === msn && (psn & 16777215 /* U24 */) === psn && (retryNo & 255) === retryNo && (msgPackets | 0) === msgPackets && msgPackets >= 1 && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    if (msgPackets > 16383 /* MaxMessagePackets */) return this.fail(E_OVERFLOW);
    return this.track(slot, msn, psn, retryNo, msgPackets, needCqe);
  }
  /**
   * onData after validation (split from it so that each half stays under V8's inlining limit of
   * 460 bytes of bytecode; together they inline into the caller's packet loop).
   */
  track(slot, msn, psn, retryNo, msgPackets, needCqe) {
    const emsn = this.emsnCol[slot];
    const d = msn - emsn << 8 >> 8;
    if (d < 0) return this.reAck(emsn);
    if (d >= 8 /* Messages */) return this.fail(E_STATE);
    if (this.strict !== 0) return this.strictData(slot, d, msn, psn, msgPackets, needCqe);
    const i = (slot << 3 /* MsgShift */) + (msn & 7);
    if (retryNo !== (d === 0 ? this.rretry[slot] : 0)) return this.otherRound(slot, d, i, retryNo, msgPackets, needCqe);
    const c = this.ctr[i];
    if ((c & 32768 /* Mcf */) !== 0) {
      this.duplicates++;
      return DCP_RX_DUPLICATE;
    }
    const n = (c & 16383 /* CountMask */) + 1;
    if (n < msgPackets) {
      this.ctr[i] = n;
      return DCP_RX_PLACE;
    }
    if (n > msgPackets) return this.fail(E_STATE);
    this.ctr[i] = n | 32768 /* Mcf */ | (needCqe ? 16384 /* Cf */ : 0);
    return d === 0 ? DCP_RX_PLACE | this.retire(slot, emsn) : DCP_RX_PLACE;
  }
  /**
   * An HO packet (§4.1 step ②): it is bounced to the sender with source and destination swapped
   * (wire.ts bounceHo); the receiver keeps no state for it. Returns DCP_RX_BOUNCE, E_STATE for an
   * MSN more than 7 ahead of eMSN, or E_SLOT / E_ARG.
   */
  onHo(slot, nowNs, msn, psn) {
    if (!(this.live[slot] === 1 && isU24(msn) && isU24(psn) && nowNs - nowNs === 0)) return this.reject(slot);
    if (msn - this.emsnCol[slot] << 8 >> 8 >= 8 /* Messages */) return this.fail(E_STATE);
    return DCP_RX_BOUNCE;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  emsn(slot) {
    return this.emsnCol[slot];
  }
  rRetryNo(slot) {
    return this.rretry[slot];
  }
  /** Packets counted for the eMSN-th message in its current round. */
  emsnCount(slot) {
    return this.ctr[(slot << 3 /* MsgShift */) + (this.emsnCol[slot] & 7)] & 16383 /* CountMask */;
  }
  /** Bit i set: message eMSN + i is complete (mcf) but waits for an earlier one. */
  completeMask(slot) {
    let mask = 0;
    const e = this.emsnCol[slot];
    for (let i = 0; i < 8 /* Messages */; i++) {
      if ((this.ctr[(slot << 3 /* MsgShift */) + (e + i & 7)] & 32768 /* Mcf */) !== 0) mask |= 1 << i;
    }
    return mask;
  }
  /** Strict mode: the first PSN not yet received (−1 in bitmap-free mode, which has none). */
  epsn(slot) {
    return this.strict !== 0 ? this.epsnCol[slot] : -1;
  }
  // ---------------------------------------------------------------------------------------
  // Rare steps and helpers
  /**
   * §4.5 for a packet whose sRetryNo differs from its message's round: for the eMSN-th message
   * an older one is stale (dropped) and a newer one restarts the count for that round; a later
   * message has had no timeout, so any sRetryNo there is E_STATE.
   */
  otherRound(slot, d, i, retryNo, msgPackets, needCqe) {
    if (d !== 0) return this.fail(E_STATE);
    if (retryNo < this.rretry[slot]) {
      this.stale++;
      return DCP_RX_STALE;
    }
    this.rretry[slot] = retryNo;
    if (msgPackets > 1) {
      this.ctr[i] = 1;
      return DCP_RX_PLACE | DCP_RX_RECOUNT;
    }
    this.ctr[i] = 1 | 32768 /* Mcf */ | (needCqe ? 16384 /* Cf */ : 0);
    return DCP_RX_PLACE | DCP_RX_RECOUNT | this.retire(slot, this.emsnCol[slot]);
  }
  /**
   * eMSN's message is complete: advance eMSN over every complete message (§4.5, "generates
   * one or multiple CQEs"), clear their slots, reset rRetryNo, and fill `out` for the ACK.
   */
  retire(slot, emsn) {
    const base = slot << 3 /* MsgShift */;
    let k = 0;
    let cqeMask = 0;
    while (k < 8 /* Messages */) {
      const i = base + (emsn + k & 7);
      const c = this.ctr[i];
      if ((c & 32768 /* Mcf */) === 0) break;
      if ((c & 16384 /* Cf */) !== 0) cqeMask |= 1 << k;
      this.ctr[i] = 0;
      k++;
    }
    const next = emsn + k & 16777215 /* U24 */;
    this.emsnCol[slot] = next;
    this.rretry[slot] = 0;
    this.out[0] = next;
    this.out[1] = k;
    this.out[2] = cqeMask;
    return DCP_RX_ACK | DCP_RX_COMPLETE;
  }
  /** A duplicate of a retired message: re-send eMSN (the sender's ACK may have been lost). */
  reAck(emsn) {
    this.duplicates++;
    this.out[0] = emsn;
    this.out[1] = 0;
    this.out[2] = 0;
    return DCP_RX_ACK | DCP_RX_DUPLICATE;
  }
  /** Strict mode: count a PSN once, whatever its round. */
  strictData(slot, d, msn, psn, msgPackets, needCqe) {
    const epsn = this.epsnCol[slot];
    const p = psn - epsn << 8 >> 8;
    if (p < 0) return this.reAck(this.emsnCol[slot]);
    if (p > this.mask) return DCP_RX_BOUNCE;
    const base = slot * this.words;
    if (p !== 0 && bitTest(this.bits, base, psn & this.mask)) return this.reAck(this.emsnCol[slot]);
    const i = (slot << 3 /* MsgShift */) + (msn & 7);
    const c = this.ctr[i];
    const n = (c & 16383 /* CountMask */) + 1;
    if ((c & 32768 /* Mcf */) !== 0 || n > msgPackets) return this.fail(E_STATE);
    if (p === 0) this.slide(slot, base, epsn);
    else bitSet(this.bits, base, psn & this.mask);
    if (n < msgPackets) {
      this.ctr[i] = n;
      return DCP_RX_PLACE;
    }
    this.ctr[i] = n | 32768 /* Mcf */ | (needCqe ? 16384 /* Cf */ : 0);
    return d === 0 ? DCP_RX_PLACE | this.retire(slot, this.emsnCol[slot]) : DCP_RX_PLACE;
  }
  /**
   * ePSN moves past the in-order PSN without storing its bit, then over the run of PSNs that
   * arrived early, whose bits are released for reuse.
   */
  slide(slot, base, epsn) {
    let next = epsn + 1 & 16777215 /* U24 */;
    const nextBit = next & this.mask;
    if (bitTest(this.bits, base, nextBit)) {
      const run = countSetRun(this.bits, base, this.mask, nextBit, this.mask);
      clearBits(this.bits, base, this.mask, nextBit, run);
      next = next + run & 16777215 /* U24 */;
    }
    this.epsnCol[slot] = next;
  }
  /** The E_SLOT / E_ARG split of a rejected event. */
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/reliability/dcp/wire.ts
var DCP_OP_SEND = 0;
var DCP_OP_WRITE = 1;
var DCP_OP_WRITE_IMM = 2;

// lib/reliability/dcp/sender.ts
function senderLayout(retransQueueDepth) {
  return {
    una: "i32",
    // unaMSN (§4.5)
    postMsn: "i32",
    // MSN the next posted message gets
    postPsn: "i32",
    // first PSN of the next posted message
    ssnNext: "i32",
    // SSN of the next Send / Write-with-Immediate (§4.4)
    curMsn: "i32",
    // new-data cursor: message
    curOff: "i32",
    // new-data cursor: bytes of curMsn already sent
    nextPsn: "i32",
    // PSN of the next new-data packet
    timerStart: "i32",
    // tick the timer (re)started
    rsOff: "i32",
    // timeout resend cursor: bytes of unaMSN already resent in this round
    quota: "i32",
    // bytes the current round may still send (new data and resends)
    retry: "u8",
    // sRetryNo of the unaMSN-th message (§4.5)
    flags: "u8",
    // F bits
    batch: "u8",
    // fetched retransmission entries not yet processed (§4.3)
    rqHead: "u16",
    rqLen: "u16",
    msgPsn: ["i32", 8],
    // first PSN of each message, by MSN mod 8
    msgLen: ["i32", 8],
    // bytes
    msgEnd: ["i32", 8],
    // PSN after the message's last packet
    msgTag: ["i32", 8],
    // SSN | kind << 24
    retx: "u32",
    // HO-driven retransmissions sent
    resent: "u32",
    // packets resent after timeouts
    timeouts: "u32",
    rq: ["i32", retransQueueDepth]
    // RetransQ entries (host memory in §4.3)
  };
}
var DCP_TX_NONE = 0;
var DCP_TX_NEW = 1;
var DCP_TX_RETRANSMIT = 2;
var DCP_TX_RESEND = 3;
var DCP_HO_STALE = 0;
var DCP_HO_QUEUED = 1;
var DCP_TIMEOUT = 1;
var DCP_SENDER_DEFAULTS = Object.freeze({
  mtuBytes: 1024,
  roundQuotaBytes: 16384,
  retransBatch: 16,
  retransQueueDepth: 128,
  rtoNs: 8e6,
  maxRetries: 7
});
function resolve2(input) {
  const p = { ...DCP_SENDER_DEFAULTS };
  for (const k of Object.keys(input)) {
    if (!(k in DCP_SENDER_DEFAULTS)) throw new RangeError(`DcpSender: unknown parameter ${k}`);
    const v = input[k];
    if (v !== void 0) p[k] = v;
  }
  const r = p;
  const int = (x, lo, hi) => typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
  if (!int(r.mtuBytes, 64, 65535)) throw new RangeError("DcpSender: mtuBytes must be an integer in [64, 65535]");
  if (!int(r.roundQuotaBytes, 1, 1073741824 /* MaxBytes */)) throw new RangeError("DcpSender: roundQuotaBytes must be an integer in [1, 2^30]");
  if (!int(r.retransBatch, 1, 255)) throw new RangeError("DcpSender: retransBatch must be an integer in [1, 255]");
  if (!(int(r.retransQueueDepth, 1, 32768) && isPowerOfTwo(r.retransQueueDepth))) {
    throw new RangeError("DcpSender: retransQueueDepth must be a power of two in [1, 32768]");
  }
  if (!int(r.rtoNs, 1, 2 ** 30)) throw new RangeError("DcpSender: rtoNs must be an integer in [1, 2^30]");
  if (!int(r.maxRetries, 0, 255)) throw new RangeError("DcpSender: maxRetries must be an integer in [0, 255]");
  return r;
}
function diff24(a, b) {
  return a - b << 8 >> 8;
}
function isU242(x) {
  return (x & 16777215 /* U24 */) === x;
}
var DcpSender = class extends FlowTable {
  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    const p = resolve2(params);
    const layout = senderLayout(p.retransQueueDepth);
    super(layout, capacity);
    /** The last transmit decision, indexed as outFields. */
    this.out = new Int32Array(10);
    this.una = this.col.una;
    this.postMsn = this.col.postMsn;
    this.postPsn = this.col.postPsn;
    this.ssnNext = this.col.ssnNext;
    this.curMsn = this.col.curMsn;
    this.curOff = this.col.curOff;
    this.nextPsnCol = this.col.nextPsn;
    this.timerStart = this.col.timerStart;
    this.rsOff = this.col.rsOff;
    this.quota = this.col.quota;
    this.retry = this.col.retry;
    this.flags = this.col.flags;
    this.batch = this.col.batch;
    this.rqHead = this.col.rqHead;
    this.rqLen = this.col.rqLen;
    this.msgPsn = this.col.msgPsn;
    this.msgLen = this.col.msgLen;
    this.msgEnd = this.col.msgEnd;
    this.msgTag = this.col.msgTag;
    this.retx = this.col.retx;
    this.resent = this.col.resent;
    this.timeoutCount = this.col.timeouts;
    this.rq = this.col.rq;
    this.params = Object.freeze(p);
    this.bytesPerSlot = flowBytes(layout);
    this.mtu = p.mtuBytes;
    this.roundQuota = p.roundQuotaBytes;
    this.batchMax = p.retransBatch;
    this.rqDepth = p.retransQueueDepth;
    this.rqMask = p.retransQueueDepth - 1;
    this.rto = p.rtoNs;
    this.maxRetries = p.maxRetries;
    this.maxMsgBytes = 16383 /* MaxMessagePackets */ * p.mtuBytes;
  }
  static {
    /** Bytes per QP with the default parameters: 188 B of QP context + 4 B per RetransQ entry (128). */
    this.bytesPerFlow = flowBytes(senderLayout(DCP_SENDER_DEFAULTS.retransQueueDepth));
  }
  static {
    this.api = {
      open: ["slot", "startPsn"],
      close: ["slot"],
      post: ["slot", "lengthBytes", "op"],
      messageInfo: ["slot", "msn"],
      onSchedule: ["slot", "nowNs", "awinBytes"],
      nextPacket: ["slot", "nowNs"],
      onHo: ["slot", "nowNs", "msn", "psn", "retryNo"],
      onAck: ["slot", "nowNs", "emsn"],
      onTimer: ["slot", "nowNs"]
    };
  }
  static {
    /** Fields of `out`: the first seven written by nextPacket for the packet it chose, the last three by messageInfo. */
    this.outFields = ["kind", "msn", "psn", "offsetBytes", "lengthBytes", "retryNo", "last", "msgBytes", "op", "ssn"];
  }
  /** Opens a QP whose first packet will carry `startPsn`; MSNs and SSNs start at 0. */
  open(slot, startPsn = 0) {
    if (!isU242(startPsn)) {
      this.errors++;
      throw new RangeError(`DcpSender: startPsn ${startPsn} is not a 24-bit PSN`);
    }
    this.openSlot(slot);
    this.postPsn[slot] = startPsn;
    this.nextPsnCol[slot] = startPsn;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * Posts a message (a WQE) of `lengthBytes` (0 is a one-packet message) and kind `op`
   * (DCP_OP_*). Assigns its MSN and PSNs (one per MTU of payload). Returns the MSN, E_FULL
   * when 8 messages are already outstanding, or E_ARG.
   */
  post(slot, lengthBytes, op) {
    if (!(this.live[slot] === 1 && (lengthBytes | 0) === lengthBytes && lengthBytes >= 0 && lengthBytes <= this.maxMsgBytes)) {
      return this.reject(slot);
    }
    if (!(op === DCP_OP_SEND || op === DCP_OP_WRITE || op === DCP_OP_WRITE_IMM)) return this.fail(E_ARG);
    const msn = this.postMsn[slot];
    if (diff24(msn, this.una[slot]) >= 8 /* Messages */) return this.fail(E_FULL);
    const m = (slot << 3 /* MsgShift */) + (msn & 7);
    let ssn = 0;
    if (op !== DCP_OP_WRITE) {
      ssn = this.ssnNext[slot];
      this.ssnNext[slot] = ssn + 1 & 16777215 /* U24 */;
    }
    this.msgPsn[m] = this.postPsn[slot];
    this.msgLen[m] = lengthBytes;
    this.msgTag[m] = ssn | op << 24;
    const end = this.postPsn[slot] + this.packetsOf(lengthBytes) & 16777215 /* U24 */;
    this.msgEnd[m] = end;
    this.postPsn[slot] = end;
    this.postMsn[slot] = msn + 1 & 16777215 /* U24 */;
    return msn;
  }
  /**
   * Writes the constants of outstanding message `msn` into out.msgBytes, out.op and out.ssn
   * (nextPacket writes only the per-packet fields, which keeps it small enough to inline).
   * Returns 0, E_STATE for an MSN that is not outstanding, or E_SLOT / E_ARG.
   */
  messageInfo(slot, msn) {
    if (!(this.live[slot] === 1 && isU242(msn))) return this.reject(slot);
    const d = diff24(msn, this.una[slot]);
    if (!(d >= 0 && d < diff24(this.postMsn[slot], this.una[slot]))) return this.fail(E_STATE);
    const m = (slot << 3 /* MsgShift */) + (msn & 7);
    const tag = this.msgTag[m];
    this.out[7] = this.msgLen[m];
    this.out[8] = tag >>> 24;
    this.out[9] = tag & 16777215 /* U24 */;
    return 0;
  }
  /**
   * The QP scheduler picked this QP (§4.3 Tx path, steps ①–②): fetch
   * min(retransBatch, RetransQ length, floor(awinBytes / MTU)) retransmission entries, and
   * allow min(round_quota, awinBytes − fetched × MTU) bytes of resends and new data after them.
   * Returns the number of entries fetched. A round still in progress is replaced.
   */
  onSchedule(slot, nowNs, awinBytes) {
    if (!(this.live[slot] === 1 && (awinBytes | 0) === awinBytes && awinBytes >= 0 && awinBytes <= 1073741824 /* MaxBytes */ && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    let r = Math.floor(awinBytes / this.mtu);
    if (r > this.batchMax) r = this.batchMax;
    const len = this.rqLen[slot];
    if (r > len) r = len;
    this.batch[slot] = r;
    this.flags[slot] = r !== 0 ? this.flags[slot] | 4 /* Batch */ : this.flags[slot] & ~4 /* Batch */;
    const rest = awinBytes - r * this.mtu;
    this.quota[slot] = rest < this.roundQuota ? rest : this.roundQuota;
    return r;
  }
  /**
   * The next packet of the current round, written to `out`: first the fetched HO
   * retransmissions, then the resend of a timed-out unaMSN-th message, then new data, the last
   * two while the round's quota holds the packet. Returns DCP_TX_* (DCP_TX_NONE: the round is
   * over) or E_SLOT / E_ARG.
   */
  nextPacket(slot, nowNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const flags = this.flags[slot];
    if ((flags & 6 /* Pending */) !== 0) {
      if ((flags & 4 /* Batch */) !== 0 && this.popRetransmission(slot) !== 0) return DCP_TX_RETRANSMIT;
      if ((this.flags[slot] & 2 /* Resend */) !== 0) return this.resendNext(slot);
    }
    const cur = this.curMsn[slot];
    if (cur === this.postMsn[slot]) return DCP_TX_NONE;
    const m = (slot << 3 /* MsgShift */) + (cur & 7);
    const off = this.curOff[slot];
    const msgBytes = this.msgLen[m];
    const left = msgBytes - off;
    const mtu = this.mtu;
    const len = left < mtu ? left : mtu;
    const quota = this.quota[slot];
    if (quota < len || quota <= 0) return DCP_TX_NONE;
    this.quota[slot] = quota - len;
    const psn = this.nextPsnCol[slot];
    const out = this.out;
    out[0] = DCP_TX_NEW;
    out[1] = cur;
    out[2] = psn;
    out[3] = off;
    out[4] = len;
    out[5] = 0;
    this.nextPsnCol[slot] = psn + 1 & 16777215 /* U24 */;
    if (left <= mtu) {
      out[6] = 1;
      this.curMsn[slot] = cur + 1 & 16777215 /* U24 */;
      this.curOff[slot] = 0;
    } else {
      out[6] = 0;
      this.curOff[slot] = off + len;
    }
    if ((flags & 1 /* Armed */) === 0) this.arm(slot, nowNs);
    return DCP_TX_NEW;
  }
  /**
   * An HO packet bounced back by the receiver (§4.3 Rx path): its (MSN, PSN) becomes a
   * retransmission entry. Returns DCP_HO_QUEUED; DCP_HO_STALE (ignored) when the message is
   * already acknowledged or the HO belongs to a round a timeout superseded; E_STATE for an MSN
   * never sent, a PSN outside its message or not yet sent, or an sRetryNo from the future;
   * E_FULL when the RetransQ is full (the loss is then left to the timeout); E_ARG.
   */
  onHo(slot, nowNs, msn, psn, retryNo) {
    if (!(this.live[slot] === 1 && isU242(msn) && isU242(psn) && (retryNo & 255) === retryNo && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    const una = this.una[slot];
    const d = diff24(msn, una);
    if (d < 0) return DCP_HO_STALE;
    if (d >= diff24(this.postMsn[slot], una)) return this.fail(E_STATE);
    const m = (slot << 3 /* MsgShift */) + (msn & 7);
    const k = diff24(psn, this.msgPsn[m]);
    if (k < 0 || k >= diff24(this.msgEnd[m], this.msgPsn[m]) || diff24(psn, this.nextPsnCol[slot]) >= 0) return this.fail(E_STATE);
    const round = d === 0 ? this.retry[slot] : 0;
    if (retryNo < round) return DCP_HO_STALE;
    if (retryNo > round) return this.fail(E_STATE);
    const len = this.rqLen[slot];
    if (len >= this.rqDepth) return this.fail(E_FULL);
    this.rq[slot * this.rqDepth + (this.rqHead[slot] + len & this.rqMask)] = psn | (msn & 255) << 24;
    this.rqLen[slot] = len + 1;
    return DCP_HO_QUEUED;
  }
  /**
   * An ACK carrying the receiver's eMSN (§4.5): messages before it are complete and freed; if
   * eMSN > unaMSN the timer restarts (or stops when nothing sent is outstanding), unaMSN := eMSN
   * and sRetryNo returns to 0. Returns the number of messages freed (0 for an old ACK), E_STATE
   * for an eMSN beyond the messages sent in full, or E_ARG.
   */
  onAck(slot, nowNs, emsn) {
    if (!(this.live[slot] === 1 && isU242(emsn) && nowNs - nowNs === 0)) return this.reject(slot);
    const una = this.una[slot];
    const d = diff24(emsn, una);
    if (d <= 0) return 0;
    if (d > diff24(this.curMsn[slot], una)) return this.fail(E_STATE);
    this.una[slot] = emsn;
    this.retry[slot] = 0;
    let flags = this.flags[slot] & ~2 /* Resend */;
    if (this.curMsn[slot] !== emsn || this.curOff[slot] > 0) {
      this.timerStart[slot] = nowNs | 0;
      flags |= 1 /* Armed */;
    } else {
      flags &= ~1 /* Armed */;
    }
    this.flags[slot] = flags;
    return d;
  }
  /**
   * Checks the coarse timer (§4.5). When it has run rtoNs: sRetryNo += 1, the RetransQ entries
   * of the unaMSN-th message are purged, the whole message is queued for resending (new data
   * of it not yet sent is covered by the resend), and the timer restarts. Returns DCP_TIMEOUT,
   * 0 when the timer is stopped or has not expired, E_OVERFLOW when the message has already
   * been resent maxRetries times (the QP is in error; nothing changes), or E_SLOT / E_ARG.
   */
  onTimer(slot, nowNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    if ((this.flags[slot] & 1 /* Armed */) === 0 || (nowNs - this.timerStart[slot] | 0) < this.rto) return 0;
    const retry = this.retry[slot];
    if (retry >= this.maxRetries) return this.fail(E_OVERFLOW);
    const una = this.una[slot];
    this.retry[slot] = retry + 1;
    this.timeoutCount[slot]++;
    this.purge(slot, una);
    this.rsOff[slot] = 0;
    this.flags[slot] |= 2 /* Resend */;
    if (this.curMsn[slot] === una) {
      const m = (slot << 3 /* MsgShift */) + (una & 7);
      this.curMsn[slot] = una + 1 & 16777215 /* U24 */;
      this.curOff[slot] = 0;
      this.nextPsnCol[slot] = this.msgEnd[m];
    }
    this.timerStart[slot] = nowNs | 0;
    return DCP_TIMEOUT;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  unaMsn(slot) {
    return this.una[slot];
  }
  /** MSN the next posted message will get. */
  postedMsn(slot) {
    return this.postMsn[slot];
  }
  /** Message the new-data cursor is in (equal to postedMsn when everything posted was sent). */
  sendMsn(slot) {
    return this.curMsn[slot];
  }
  sendOffsetBytes(slot) {
    return this.curOff[slot];
  }
  /** PSN of the next new-data packet. */
  nextPsn(slot) {
    return this.nextPsnCol[slot];
  }
  /** sRetryNo of the unaMSN-th message. */
  retryNo(slot) {
    return this.retry[slot];
  }
  outstandingMessages(slot) {
    return diff24(this.postMsn[slot], this.una[slot]);
  }
  retransQueueLength(slot) {
    return this.rqLen[slot];
  }
  /** Fetched retransmission entries the current round has not processed yet. */
  batchLeft(slot) {
    return this.batch[slot];
  }
  quotaBytes(slot) {
    return this.quota[slot];
  }
  timerArmed(slot) {
    return (this.flags[slot] & 1 /* Armed */) !== 0;
  }
  /** Tick at which the timer expires (meaningful while timerArmed). */
  deadlineNs(slot) {
    return this.timerStart[slot] + this.rto | 0;
  }
  /** True while a timed-out message is being resent. */
  resending(slot) {
    return (this.flags[slot] & 2 /* Resend */) !== 0;
  }
  resendOffsetBytes(slot) {
    return this.rsOff[slot];
  }
  /** HO-driven retransmissions sent since open. */
  retransmissions(slot) {
    return this.retx[slot];
  }
  /** Packets resent after timeouts since open. */
  resends(slot) {
    return this.resent[slot];
  }
  timeouts(slot) {
    return this.timeoutCount[slot];
  }
  // ---------------------------------------------------------------------------------------
  // Rare steps and helpers
  /** Packets of a message of `bytes` (a zero-length message still takes one packet). */
  packetsOf(bytes) {
    return bytes === 0 ? 1 : Math.floor((bytes + this.mtu - 1) / this.mtu);
  }
  /**
   * Pops fetched entries until one is still needed and writes it to `out`; entries of
   * acknowledged messages are dropped. Returns 1 when a packet was written, 0 when the
   * fetched batch held none (the batch is then over).
   */
  popRetransmission(slot) {
    const base = slot * this.rqDepth;
    const una = this.una[slot];
    const outstanding = diff24(this.postMsn[slot], una);
    let head = this.rqHead[slot];
    let len = this.rqLen[slot];
    let batch = this.batch[slot];
    let found = 0;
    while (batch > 0 && len > 0) {
      const e = this.rq[base + head];
      head = head + 1 & this.rqMask;
      len--;
      batch--;
      const d = (e >>> 24) - una & 255;
      if (d >= outstanding) continue;
      const msn = una + d & 16777215 /* U24 */;
      const m = (slot << 3 /* MsgShift */) + (msn & 7);
      const psn = e & 16777215 /* U24 */;
      const k = diff24(psn, this.msgPsn[m]);
      const msgBytes = this.msgLen[m];
      if (k < 0 || k >= diff24(this.msgEnd[m], this.msgPsn[m])) continue;
      this.writeRetransmission(slot, msn, psn, k * this.mtu, msgBytes - k * this.mtu, d === 0 ? this.retry[slot] : 0);
      found = 1;
      break;
    }
    this.rqHead[slot] = head;
    this.rqLen[slot] = len;
    const left = len > 0 ? batch : 0;
    this.batch[slot] = left;
    if (left === 0) this.flags[slot] &= ~4 /* Batch */;
    return found;
  }
  /** `out` for a retransmission of `psn` at byte `off` of message `msn`, `left` bytes from its end. */
  writeRetransmission(slot, msn, psn, off, left, retryNo) {
    const out = this.out;
    out[0] = DCP_TX_RETRANSMIT;
    out[1] = msn;
    out[2] = psn;
    out[3] = off;
    out[4] = left < this.mtu ? left : this.mtu;
    out[5] = retryNo;
    out[6] = left <= this.mtu ? 1 : 0;
    this.retx[slot]++;
  }
  /** The next packet of the unaMSN-th message's resend, within the round's quota. */
  resendNext(slot) {
    const una = this.una[slot];
    const m = (slot << 3 /* MsgShift */) + (una & 7);
    const off = this.rsOff[slot];
    const msgBytes = this.msgLen[m];
    const left = msgBytes - off;
    const len = left < this.mtu ? left : this.mtu;
    const quota = this.quota[slot];
    if (quota < len || quota <= 0) return DCP_TX_NONE;
    this.quota[slot] = quota - len;
    const out = this.out;
    out[0] = DCP_TX_RESEND;
    out[1] = una;
    out[2] = this.msgPsn[m] + Math.floor(off / this.mtu) & 16777215 /* U24 */;
    out[3] = off;
    out[4] = len;
    out[5] = this.retry[slot];
    out[6] = left <= this.mtu ? 1 : 0;
    if (left <= this.mtu) this.flags[slot] &= ~2 /* Resend */;
    else this.rsOff[slot] = off + len;
    this.resent[slot]++;
    return DCP_TX_RESEND;
  }
  arm(slot, nowNs) {
    this.timerStart[slot] = nowNs | 0;
    this.flags[slot] |= 1 /* Armed */;
  }
  /** Drops the RetransQ entries of message `msn`, keeping the others in order. */
  purge(slot, msn) {
    const base = slot * this.rqDepth;
    const head = this.rqHead[slot];
    const len = this.rqLen[slot];
    const key = msn & 255;
    let kept = 0;
    for (let i = 0; i < len; i++) {
      const e = this.rq[base + (head + i & this.rqMask)];
      if (e >>> 24 === key) continue;
      this.rq[base + (head + kept & this.rqMask)] = e;
      kept++;
    }
    this.rqLen[slot] = kept;
    if (this.batch[slot] > kept) this.batch[slot] = kept;
    if (kept === 0) this.flags[slot] &= ~4 /* Batch */;
  }
  /** The E_SLOT / E_ARG split of a rejected event. */
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// harness/net/packets.ts
var PacketPool = class {
  constructor(capacity) {
    /** Live handles (allocated and not freed). */
    this.live = 0;
    /** Handles ever allocated. */
    this.allocated = 0;
    if (!(Number.isInteger(capacity) && capacity >= 16 && capacity <= 1 << 24)) {
      throw new RangeError(`packet pool: capacity must be an integer in [16, 2^24], got ${capacity}`);
    }
    this.capacity = capacity;
    this.i32 = new Int32Array(capacity << 4 /* Shift */);
    this.f64 = new Float64Array(capacity << 1 /* FShift */);
    this.free = new Int32Array(capacity);
    for (let i = 0; i < capacity; i++) this.free[i] = capacity - 1 - i;
    this.top = capacity;
  }
  /** A fresh handle with kind, flow, destination and size set, flags and hop count zero. */
  alloc(kind, flow, dst, bytes) {
    if (this.top === 0) throw new RangeError(`packet pool exhausted (${this.capacity} packets alive): raise network.packetPool in the scenario`);
    const h = this.free[--this.top];
    const b = h << 4 /* Shift */;
    const i = this.i32;
    i[b + 0 /* Kind */] = kind;
    i[b + 1 /* Flags */] = 0;
    i[b + 2 /* Hops */] = 0;
    i[b + 4 /* Flow */] = flow;
    i[b + 5 /* Dst */] = dst;
    i[b + 7 /* Bytes */] = bytes;
    i[b + 13 /* Next */] = -1;
    this.live++;
    this.allocated++;
    return h;
  }
  release(h) {
    this.free[this.top++] = h;
    this.live--;
  }
  static {
    /** Bytes of state per packet handle (record, float words, free-list entry). */
    this.bytesPerPacket = 64 + 16 + 4;
  }
};

// harness/net/adapters.ts
var WindowCc = class {
  constructor() {
    this.paced = 0;
    this.timed = 0;
  }
  windowLeft(slot) {
    const m = this.m;
    return m.cwndBytes ? m.cwndBytes(slot) - m.inflightBytes(slot) : 1 << 30;
  }
  pacingGapNs(_slot, _bytes) {
    return 0;
  }
  onCnp(_slot, _nowNs) {
  }
  timerArmed(_slot) {
    return false;
  }
  nextTimerNs(_slot) {
    return 0;
  }
  onTimer(_slot, _nowNs) {
  }
  onData(_slot, _nowNs, _ce) {
    return false;
  }
};
var NsccCc = class extends WindowCc {
  constructor(m) {
    super();
    this.m = m;
    this.name = "nscc";
  }
  open(slot) {
    this.m.open(slot);
  }
  canSend(slot, bytes) {
    return this.m.canSend(slot, bytes);
  }
  onSend(slot, nowNs, bytes) {
    return (this.m.onSend(slot, nowNs, bytes) & NSCC_ACK_REQUEST) !== 0 ? 1 : 0;
  }
  onAck(slot, nowNs, acked, rttNs, ecn) {
    this.m.onAck(slot, nowNs, acked, rttNs, ecn);
  }
  onTrim(slot, nowNs, bytes, lastHop, rttNs) {
    this.m.onTrim(slot, nowNs, bytes, lastHop, rttNs);
  }
  onTimeout(slot, nowNs, bytes) {
    this.m.onTimeout(slot, nowNs, bytes);
  }
  restore(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
  }
  level(slot) {
    return this.m.cwndBytes(slot);
  }
  errors() {
    return this.m.errors;
  }
};
var EcnWindowCc = class extends WindowCc {
  constructor(name, m) {
    super();
    this.name = name;
    this.m = m;
  }
  open(slot) {
    this.m.open(slot);
  }
  canSend(slot, bytes) {
    return this.m.canSend(slot, bytes);
  }
  onSend(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
    return 0;
  }
  onAck(slot, nowNs, acked, _rttNs, ecn) {
    this.m.onAck(slot, nowNs, acked, ecn);
  }
  onTrim(slot, nowNs, bytes) {
    this.m.onNack(slot, nowNs, bytes);
  }
  onTimeout(slot, nowNs, bytes) {
    this.m.onTimeout(slot, nowNs, bytes);
  }
  restore(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
  }
  level(slot) {
    return this.m.cwndBytes(slot);
  }
  errors() {
    return this.m.errors;
  }
};
var AimdCc = class extends WindowCc {
  constructor(m) {
    super();
    this.m = m;
    this.name = "aimd";
  }
  open(slot) {
    this.m.open(slot);
  }
  canSend(slot, bytes) {
    return this.m.canSend(slot, bytes);
  }
  onSend(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
    return 0;
  }
  onAck(slot, nowNs, acked) {
    this.m.onAck(slot, nowNs, acked);
  }
  onTrim(slot, nowNs, bytes) {
    this.m.onTrim(slot, nowNs, bytes);
  }
  onTimeout(slot, nowNs, bytes) {
    this.m.onTimeout(slot, nowNs, bytes);
  }
  restore(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
  }
  level(slot) {
    return this.m.cwndBytes(slot);
  }
  errors() {
    return this.m.errors;
  }
};
var SwiftCc = class extends WindowCc {
  constructor(m) {
    super();
    this.m = m;
    this.name = "swift";
    this.paced = 1;
  }
  open(slot, hops) {
    this.m.open(slot, hops);
  }
  canSend(slot, bytes) {
    return this.m.canSend(slot, bytes);
  }
  onSend(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
    return 0;
  }
  onAck(slot, nowNs, acked, rttNs) {
    this.m.onAck(slot, nowNs, acked, rttNs, 0);
  }
  onTrim(slot, nowNs, bytes) {
    this.m.onNack(slot, nowNs, bytes);
  }
  onTimeout(slot, nowNs, bytes) {
    this.m.onTimeout(slot, nowNs, bytes);
  }
  restore(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
  }
  pacingGapNs(slot, bytes) {
    return this.m.pacingGapNs(slot, bytes);
  }
  level(slot) {
    return this.m.cwndBytes(slot);
  }
  errors() {
    return this.m.errors;
  }
};
var TimelyCc = class extends WindowCc {
  constructor(m) {
    super();
    this.m = m;
    this.name = "timely";
    this.paced = 1;
  }
  open(slot) {
    this.m.open(slot);
  }
  canSend(slot, bytes) {
    return this.m.canSend(slot, bytes);
  }
  onSend(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
    return 0;
  }
  onAck(slot, nowNs, acked, rttNs) {
    this.m.onAck(slot, nowNs, acked, rttNs);
  }
  onTrim() {
  }
  onTimeout() {
  }
  restore() {
  }
  pacingGapNs(slot, bytes) {
    return this.m.pacingGapNs(slot, bytes);
  }
  level(slot) {
    return this.m.rateBps(slot);
  }
  errors() {
    return this.m.errors;
  }
};
var DcqcnCc = class extends WindowCc {
  constructor(m, np) {
    super();
    this.m = m;
    this.np = np;
    this.name = "dcqcn";
    this.paced = 1;
    this.timed = 1;
  }
  open(slot) {
    this.m.open(slot);
    this.np.open(slot);
  }
  canSend(slot, bytes) {
    return this.m.canSend(slot, bytes);
  }
  onSend(slot, nowNs, bytes) {
    this.m.onSend(slot, nowNs, bytes);
    return 0;
  }
  onAck(slot, nowNs, acked) {
    this.m.onAck(slot, nowNs, acked);
  }
  onTrim() {
  }
  onTimeout() {
  }
  restore() {
  }
  pacingGapNs(slot, bytes) {
    return this.m.pacingGapNs(slot, bytes);
  }
  onCnp(slot, nowNs) {
    this.m.onCnp(slot, nowNs);
  }
  timerArmed(slot) {
    return this.m.timerArmed(slot);
  }
  nextTimerNs(slot) {
    return this.m.nextTimerNs(slot);
  }
  onTimer(slot, nowNs) {
    this.m.onTimer(slot, nowNs);
  }
  onData(slot, nowNs, ce) {
    return (this.np.onData(slot, nowNs, ce) & DCQCN_SEND_CNP) !== 0;
  }
  level(slot) {
    return this.m.rateBps(slot);
  }
  errors() {
    return this.m.errors + this.np.errors;
  }
};
var RudTransport = class {
  constructor(tx, rx, ackBytes) {
    this.tx = tx;
    this.rx = rx;
    this.name = "rud";
    this.unit = 0;
    this.gated = 0;
    this.retryNo = 0;
    this.msgPackets = 0;
    this.psn = 0;
    this.bytes = 0;
    this.payload = 0;
    this.msn = 0;
    this.newBytes = 0;
    this.rttNs = 0;
    this.restoredBytes = 0;
    this.completed = 0;
    this.ev = 0;
    this.so = tx.out;
    this.ro = rx.out;
    this.ackBytes = ackBytes;
  }
  open(slot) {
    this.tx.open(slot, 0);
    this.rx.open(slot, 0);
  }
  post(slot, bytes) {
    return this.tx.post(slot, bytes);
  }
  nextBytes(slot) {
    return this.tx.nextBytes(slot);
  }
  nextPsn(slot) {
    return this.tx.nextPsn(slot);
  }
  nextPacket(slot, nowNs, ev) {
    const r = this.tx.nextPacket(slot, nowNs, ev);
    if (r <= 0) return 0;
    const o = this.so;
    this.psn = o[0] | 0;
    this.bytes = o[1] | 0;
    this.payload = o[2] | 0;
    this.msn = o[3] | 0;
    return r;
  }
  onAck(slot, nowNs, pool, h) {
    const r = this.tx.onAck(slot, nowNs, pool.i32[(h << 4) + 9 /* W0 */], pool.i32[(h << 4) + 10 /* W1 */], pool.i32[(h << 4) + 11 /* W2 */], pool.i32[(h << 4) + 12 /* W3 */], pool.i32[(h << 4) + 6 /* Psn */], (pool.i32[(h << 4) + 1 /* Flags */] & 8 /* Rtx */) !== 0, pool.f64[(h << 1) + 0 /* F0 */]);
    if (r < 0) return r;
    const o = this.so;
    this.newBytes = o[5] | 0;
    this.rttNs = o[6] | 0;
    this.restoredBytes = o[7] | 0;
    this.completed = o[8] | 0;
    return r;
  }
  onNack(slot, nowNs, pool, h) {
    const r = this.tx.onNack(slot, nowNs, pool.i32[(h << 4) + 6 /* Psn */]);
    if (r <= 0) return r;
    this.bytes = this.so[1] | 0;
    this.rttNs = this.so[6] | 0;
    return 1;
  }
  onTimer(slot, nowNs) {
    const r = this.tx.onTimer(slot, nowNs);
    if (r <= 0) return r;
    this.psn = this.so[0] | 0;
    this.bytes = this.so[1] | 0;
    this.ev = this.so[9] | 0;
    return 1;
  }
  timerArmed(slot) {
    return this.tx.timerArmed(slot);
  }
  deadlineNs(slot) {
    return this.tx.deadlineNs(slot);
  }
  onData(slot, nowNs, pool, h) {
    const f = pool.i32[(h << 4) + 1 /* Flags */];
    const r = this.rx.onData(slot, nowNs, pool.i32[(h << 4) + 6 /* Psn */], pool.i32[(h << 4) + 7 /* Bytes */], (f & 1 /* Ce */) !== 0, (f & 4 /* Ar */) !== 0, (f & 8 /* Rtx */) !== 0);
    if (r < 0) return 0;
    return ((r & RUD_RX_NEW) !== 0 ? 1 /* Deliver */ : 0) | ((r & RUD_RX_ACK) !== 0 ? 2 /* Ack */ : 0);
  }
  onHeader(slot, nowNs, pool, h) {
    const r = this.rx.onTrimmed(slot, nowNs, pool.i32[(h << 4) + 6 /* Psn */]);
    if (r < 0) return 0;
    return (r & RUD_RX_NACK) !== 0 ? 4 /* Nack */ : (r & RUD_RX_ACK) !== 0 ? 2 /* Ack */ : 0;
  }
  fillAck(pool, a) {
    const o = this.ro;
    pool.i32[(a << 4) + 9 /* W0 */] = o[0];
    pool.i32[(a << 4) + 10 /* W1 */] = o[1];
    pool.i32[(a << 4) + 11 /* W2 */] = o[2];
    pool.i32[(a << 4) + 12 /* W3 */] = o[3];
    pool.i32[(a << 4) + 6 /* Psn */] = o[4];
    pool.f64[(a << 1) + 0 /* F0 */] = o[7];
    pool.i32[(a << 4) + 1 /* Flags */] = (o[5] !== 0 ? 1 /* Ce */ : 0) | (o[6] !== 0 ? 8 /* Rtx */ : 0);
  }
  retransmissions(slot) {
    return this.tx.retransmissions(slot);
  }
  timeouts(slot) {
    return this.tx.timeouts(slot);
  }
  errors() {
    return this.tx.errors + this.rx.errors;
  }
};
var DcpTransport = class {
  constructor(tx, rx, ackBytes, headerBytes, capacity) {
    this.tx = tx;
    this.rx = rx;
    this.name = "dcp";
    this.unit = 1;
    this.gated = 1;
    this.psn = 0;
    this.bytes = 0;
    this.payload = 0;
    this.msn = 0;
    this.retryNo = 0;
    this.msgPackets = 0;
    this.newBytes = 0;
    this.rttNs = 0;
    this.restoredBytes = 0;
    this.completed = 0;
    this.ev = 0;
    /** HOs the sender could not queue (RetransQ full, DCP §4.3: left to the timeout); DCP counts them in `errors`. */
    this.overflows = 0;
    this.so = tx.out;
    this.ackBytes = ackBytes;
    this.header = headerBytes;
    this.mss = tx.params.mtuBytes;
    this.pending = new Uint8Array(capacity);
    this.pKind = new Int32Array(capacity);
    this.pPsn = new Int32Array(capacity);
    this.pMsn = new Int32Array(capacity);
    this.pLen = new Int32Array(capacity);
    this.pRetry = new Int32Array(capacity);
    this.pLast = new Uint8Array(capacity);
    this.posted = new Int32Array(capacity);
    this.freed = new Int32Array(capacity);
    this.msgWire = new Float64Array(capacity * 8);
    this.msgPkts = new Int32Array(capacity * 8);
  }
  open(slot) {
    this.tx.open(slot, 0);
    this.rx.open(slot, 0);
  }
  post(slot, bytes) {
    const msn = this.tx.post(slot, bytes, DCP_OP_WRITE);
    if (msn < 0) return msn;
    const packets = Math.ceil(bytes / this.mss);
    const i = slot * 8 + (this.posted[slot] & 7);
    this.msgWire[i] = bytes + packets * this.header;
    this.msgPkts[i] = packets;
    this.posted[slot]++;
    return msn;
  }
  nextBytes(slot, nowNs, cc) {
    if (this.pending[slot] === 0 && !this.fill(slot, nowNs, cc)) return 0;
    return this.pLen[slot] + this.header;
  }
  /** Runs the sender until it yields a packet: the current round, or a new one with the CC's awin. */
  fill(slot, nowNs, cc) {
    if (this.posted[slot] === this.freed[slot]) return false;
    let k = this.tx.nextPacket(slot, nowNs);
    if (k <= 0) {
      const awin = cc.windowLeft(slot);
      if (awin <= 0) return false;
      this.tx.onSchedule(slot, nowNs, awin < 1 << 30 ? awin : 1 << 30);
      k = this.tx.nextPacket(slot, nowNs);
      if (k <= 0) return false;
    }
    const o = this.so;
    this.pending[slot] = 1;
    this.pKind[slot] = k;
    this.pMsn[slot] = o[1];
    this.pPsn[slot] = o[2];
    this.pLen[slot] = o[4];
    this.pRetry[slot] = o[5];
    this.pLast[slot] = o[6] !== 0 ? 1 : 0;
    return true;
  }
  nextPsn(slot) {
    return this.pPsn[slot];
  }
  nextPacket(slot) {
    if (this.pending[slot] === 0) return 0;
    this.pending[slot] = 0;
    this.psn = this.pPsn[slot];
    this.msn = this.pMsn[slot];
    this.payload = this.pLen[slot];
    this.bytes = this.payload + this.header;
    this.retryNo = this.pRetry[slot];
    this.msgPackets = this.msgPkts[slot * 8 + (this.freed[slot] + (this.msn - this.tx.unaMsn(slot) & 16777215) & 7)];
    const k = this.pKind[slot];
    return (k === DCP_TX_NEW ? 1 /* New */ : 2 /* Retransmit */) | (this.pLast[slot] !== 0 ? 4 /* Last */ : 0);
  }
  onAck(slot, nowNs, pool, h) {
    const n = this.tx.onAck(slot, nowNs, pool.i32[(h << 4) + 9 /* W0 */]);
    if (n < 0) return n;
    let bytes = 0;
    for (let k = 0; k < n; k++) bytes += this.msgWire[slot * 8 + (this.freed[slot] + k & 7)];
    this.freed[slot] += n;
    this.newBytes = bytes;
    this.rttNs = 0;
    this.restoredBytes = 0;
    this.completed = n;
    return (n > 0 ? 4 /* Complete */ : 0) | (this.freed[slot] === this.posted[slot] ? 8 /* Done */ : 0);
  }
  onNack(slot, nowNs, pool, h) {
    const b = h << 4;
    const r = this.tx.onHo(slot, nowNs, pool.i32[b + 9 /* W0 */], pool.i32[b + 6 /* Psn */], pool.i32[b + 11 /* W2 */]);
    if (r !== DCP_HO_QUEUED) {
      if (r === E_FULL) this.overflows++;
      return r < 0 ? r : 0;
    }
    this.bytes = this.mss + this.header;
    this.rttNs = 0;
    return 1;
  }
  onTimer(slot, nowNs) {
    const r = this.tx.onTimer(slot, nowNs);
    if (r !== DCP_TIMEOUT) return r < 0 ? r : 0;
    this.bytes = this.msgWire[slot * 8 + (this.freed[slot] & 7)];
    this.ev = 0;
    this.pending[slot] = 0;
    return 1;
  }
  timerArmed(slot) {
    return this.tx.timerArmed(slot);
  }
  deadlineNs(slot) {
    return this.tx.deadlineNs(slot);
  }
  onData(slot, nowNs, pool, h) {
    const b = h << 4;
    const r = this.rx.onData(slot, nowNs, pool.i32[b + 9 /* W0 */], pool.i32[b + 6 /* Psn */], pool.i32[b + 11 /* W2 */], pool.i32[b + 12 /* W3 */], false);
    if (r < 0) return 0;
    this.completed = (r & DCP_RX_COMPLETE) !== 0 ? this.rx.out[1] : 0;
    return ((r & DCP_RX_ACK) !== 0 ? 2 /* Ack */ : 0) | ((r & DCP_RX_COMPLETE) !== 0 ? 8 /* Complete */ : 0) | ((r & DCP_RX_BOUNCE) !== 0 ? 4 /* Nack */ : 0);
  }
  onHeader(slot, nowNs, pool, h) {
    const b = h << 4;
    const r = this.rx.onHo(slot, nowNs, pool.i32[b + 9 /* W0 */], pool.i32[b + 6 /* Psn */]);
    return r === DCP_RX_BOUNCE ? 4 /* Nack */ : 0;
  }
  fillAck(pool, a) {
    const b = a << 4;
    pool.i32[b + 9 /* W0 */] = this.rx.out[0];
    pool.i32[b + 1 /* Flags */] = 0;
  }
  retransmissions(slot) {
    return this.tx.retransmissions(slot);
  }
  timeouts(slot) {
    return this.tx.timeouts(slot);
  }
  /** Rejected calls, not counting RetransQ overflows (a defined outcome of DCP, not a misuse). */
  errors() {
    return this.tx.errors + this.rx.errors - this.overflows;
  }
};

// harness/net/fabric.ts
var TAG_OF_KIND = [2, 3, 1, 1, 1];
var Fabric = class {
  constructor(opts, transport, flows, mssBytes) {
    this.heap = new EventList(4096);
    /** Time of the current event, ps (a double field: see engine/heap.ts on DOUBLE_INIT). */
    this.now = 0.5;
    this.nowNs = 0;
    /** Serialisation time of the last packet transmit() put on a wire, ps. */
    this.lastSer = 0.5;
    // Counters.
    this.dataSent = 0;
    this.dataDelivered = 0;
    this.dataDropped = 0;
    this.trims = 0;
    this.headersDelivered = 0;
    this.headersDropped = 0;
    this.ctrlSent = 0;
    this.ctrlDelivered = 0;
    this.ctrlDropped = 0;
    this.rxDrops = 0;
    this.retransmissions = 0;
    this.timeouts = 0;
    this.nacks = 0;
    this.cnps = 0;
    this.transmissions = 0;
    this.events = 0;
    this.flowsDoneTx = 0;
    this.flowsDoneRx = 0;
    /** Integrity violations (each a message), at most a few kept. */
    this.violations = [];
    this.stopped = false;
    const t = opts.topology;
    this.topo = t;
    this.H = t.hosts;
    this.transport = transport;
    this.mss = mssBytes;
    this.endPs = opts.endPs;
    this.pool = new PacketPool(opts.packetPool);
    const P2 = t.ports;
    this.psPerByte = new Float64Array(P2);
    this.latPs = new Float64Array(P2);
    for (let p = 0; p < P2; p++) {
      this.psPerByte[p] = 8e3 / t.portGbps[p];
      const fromSwitch = t.portNode[p] >= t.hosts;
      this.latPs[p] = Math.round((t.portLatencyNs[p] + (fromSwitch ? opts.switchLatencyNs : 0)) * 1e3);
    }
    this.busyUntil = new Float64Array(P2);
    this.txPending = new Uint8Array(P2);
    this.qPkts = new Int32Array(P2);
    this.portTo = t.portTo;
    this.portToLocal = t.portToLocal;
    this.portNode = t.portNode;
    this.nodePortBase = t.nodePortBase;
    this.queues = new PortQueues({ ...opts.queue, handleCapacity: opts.packetPool, seed: hash3(opts.seed, 81, 0) }, P2);
    const qp = this.queues.params;
    for (let p = 0; p < P2; p++) {
      if (t.portNode[p] < t.hosts) continue;
      this.queues.open(p, t.portLastHop[p] === 1);
      const scale = t.portGbps[p] / opts.baseGbps;
      if (scale !== 1) {
        const f = (x) => Math.max(1, Math.min(2 ** 30, Math.round(x * scale)));
        this.queues.setPortLimits(p, f(qp.dataLimitBytes), qp.dataLimitPackets, f(qp.controlLimitBytes), qp.controlLimitPackets, Math.min(2 ** 30, Math.round(qp.kMinBytes * scale)), Math.min(2 ** 30, Math.round(qp.kMaxBytes * scale)));
      }
    }
    this.routing = opts.routing;
    this.family = t.family;
    this.lo = t.lo;
    this.hi = t.hi;
    this.downDiv = t.downDiv;
    this.groupBase = t.groupBase;
    this.upOff = t.upOff;
    this.upCnt = t.upCnt;
    this.groupOff = t.groupOff;
    this.groupCnt = t.groupCnt;
    this.candPort = t.candPort;
    this.candQueue = t.candQueue;
    this.candHops = t.candHops;
    this.ld = t.ld;
    this.ldP = t.ld ? t.ld.endpointsPerSwitch : 1;
    this.ldR = t.ld ? t.ld.networkPorts : 1;
    this.ldS = t.ld ? t.ld.switches : 1;
    this.ldGlobal = t.ld ? t.ld.global : new Uint8Array(1);
    this.minPort = t.minPort ?? new Int32Array(1);
    this.allOff = t.allOff;
    this.ecmp2Off = t.ecmp2Off;
    this.scratchOff = t.scratchOff;
    this.groupOf = t.groupOf;
    this.dragonfly = t.ld && t.ld.kind === "dragonfly" ? 1 : 0;
    this.dist = t.ld && opts.routing === 5 /* Ugal */ ? switchDistances(t.ld) : new Uint8Array(1);
    if (t.family === 1 /* LowDiameter */ && t.minPort === null) throw new RangeError(`${t.name}: too many switches for the minimal-route table (S\xB2 > 2^24)`);
    if (t.family === 0 /* Hier */ && (opts.routing === 4 /* Spritz */ || opts.routing === 5 /* Ugal */)) {
      throw new RangeError(`routing ${opts.routing === 4 /* Spritz */ ? "spritz" : "ugal"} needs a Dragonfly or Slim Fly topology`);
    }
    this.router = new Router(
      { topology: t.ld ? t.ld.kind : "other", seed: hash3(opts.seed, 82, 0), maxCandidates: Math.max(256, t.ld ? t.ld.networkPorts : 0) },
      Math.max(1, t.switches)
    );
    for (let s = 0; s < t.switches; s++) this.router.open(s, hash3(opts.seed, s, 23063), t.ld ? this.groupOf[s] : -1);
    this.router.bindCandidates(t.candPort, t.candQueue, t.candHops);
    const H = t.hosts;
    this.ctrlHead = new Int32Array(H).fill(-1);
    this.ctrlTail = new Int32Array(H).fill(-1);
    this.ctrlCount = new Int32Array(H);
    this.ctrlStreak = new Int32Array(H);
    this.controlWeight = opts.controlWeight;
    this.rxPsPerByte = opts.rxGbps > 0 ? 8e3 / opts.rxGbps : 0;
    this.rxBuffer = opts.rxBufferBytes;
    this.rxHead = new Int32Array(H).fill(-1);
    this.rxTail = new Int32Array(H).fill(-1);
    this.rxBytes = new Int32Array(H);
    this.ringCap = new Int32Array(H);
    for (const f of flows) this.ringCap[f.src]++;
    this.ringOff = new Int32Array(H);
    let off = 0;
    for (let h = 0; h < H; h++) {
      this.ringOff[h] = off;
      off += this.ringCap[h];
    }
    this.ring = new Int32Array(Math.max(1, off));
    this.ringHead = new Int32Array(H);
    this.ringLen = new Int32Array(H);
    const F = flows.length;
    this.flows = F;
    this.flowSrc = new Int32Array(F);
    this.flowDst = new Int32Array(F);
    this.flowBytes = new Float64Array(F);
    this.flowStart = new Float64Array(F);
    this.flowDoneRx = new Float64Array(F).fill(-1);
    this.flowDoneTx = new Float64Array(F).fill(-1);
    this.flowDelivered = new Float64Array(F);
    this.flowHash = new Int32Array(F);
    this.active = new Uint8Array(F);
    this.timerAt = new Float64Array(F);
    this.ccTimerAt = new Float64Array(F);
    this.wakeAt = new Float64Array(F);
    this.nextSendPs = new Float64Array(F);
    this.ccOf = new Array(F);
    this.lbOf = new Array(F);
    this.lbSlot = new Int32Array(F);
    this.seenBase = new Float64Array(F + 1);
    let bits = 0;
    for (let i = 0; i < F; i++) {
      const f = flows[i];
      if (f.src === f.dst) throw new RangeError(`flow ${i}: source and destination are both host ${f.src}`);
      if (!(f.src >= 0 && f.src < H && f.dst >= 0 && f.dst < H)) throw new RangeError(`flow ${i}: host outside [0, ${H})`);
      this.flowSrc[i] = f.src;
      this.flowDst[i] = f.dst;
      this.flowBytes[i] = f.bytes;
      this.flowStart[i] = f.startPs;
      this.flowHash[i] = hash3(opts.seed, i, 3856);
      this.ccOf[i] = f.cc;
      this.lbOf[i] = f.lb;
      this.lbSlot[i] = f.lbSlot;
      this.seenBase[i] = bits;
      bits += Math.ceil(f.bytes / mssBytes);
      this.heap.at = f.startPs;
      this.heap.add(4 /* Start */, i, 0);
    }
    this.seenBase[F] = bits;
    this.seenBits = new Int32Array(Math.ceil(bits / 32) + 1);
    if (opts.endPs < Infinity) this.heap.push(opts.endPs, 7 /* Stop */, 0, 0);
  }
  // -------------------------------------------------------------------------------------------
  // The loop
  /** Runs until every flow is acknowledged, the end time, or no event remains. */
  run(progress, progressEvery = 1 << 16) {
    const heap = this.heap;
    let n = 0;
    while (!this.stopped && heap.pop()) {
      const t = heap.t;
      this.now = t;
      this.nowNs = t / 1e3 | 0;
      const target = heap.target;
      switch (heap.kind) {
        case 0 /* Arrive */:
          this.arrive(target, heap.arg);
          break;
        case 1 /* TxDone */:
          this.txPending[target] = 0;
          if (this.portNode[target] < this.H) this.nicPull(this.portNode[target]);
          else this.switchStart(target);
          break;
        case 2 /* Timer */:
          if (this.timerAt[target] === t) this.timer(target);
          break;
        case 3 /* Wake */:
          this.wakeAt[target] = 0;
          this.activate(target);
          break;
        case 4 /* Start */:
          this.start(target);
          break;
        case 5 /* RxDone */:
          this.rxDone(target);
          break;
        case 6 /* CcTimer */:
          if (this.ccTimerAt[target] === t) this.ccTimer(target);
          break;
        case 7 /* Stop */:
          this.stopped = true;
          break;
      }
      if (++n === progressEvery) {
        this.events += n;
        n = 0;
        if (progress) progress(this);
      }
    }
    this.events += n;
  }
  get finished() {
    return this.flowsDoneTx === this.flows;
  }
  // -------------------------------------------------------------------------------------------
  // Wires and ports
  /**
   * Puts packet h on port's wire now: it occupies the link for its serialisation (whole ps,
   * rounded up) and arrives at the far end a propagation later. Its arrival is an event of the
   * delay class serialisation + propagation, a FIFO in the event list (engine/events.ts).
   */
  transmit(port, h) {
    const ser = Math.ceil(this.pool.i32[(h << 4) + 7 /* Bytes */] * this.psPerByte[port]);
    this.lastSer = ser;
    this.busyUntil[port] = this.now + ser;
    const heap = this.heap;
    heap.delay = ser + this.latPs[port];
    heap.after(0 /* Arrive */, port, h);
    this.transmissions++;
  }
  /** The end of the serialisation transmit() just started, as an event of its delay class. */
  txDoneAfterSer(port) {
    this.txPending[port] = 1;
    this.heap.delay = this.lastSer;
    this.heap.after(1 /* TxDone */, port, 0);
  }
  arrive(port, h) {
    const pool = this.pool;
    const node = this.portTo[port];
    if (node < this.H) {
      this.hostReceive(node, h);
    } else {
      pool.i32[(h << 4) + 3 /* InPort */] = this.portToLocal[port];
      this.forward(node - this.H, h);
    }
  }
  /** A packet at switch `sw`: route, then admit into the egress port's queues. */
  forward(sw, h) {
    const pool = this.pool;
    const port = this.family === 0 /* Hier */ ? this.routeHier(sw, h) : this.routeLow(sw, h);
    pool.i32[(h << 4) + 2 /* Hops */]++;
    const q = this.queues;
    const v = q.onEnqueue(port, this.nowNs, h, pool.i32[(h << 4) + 7 /* Bytes */], TAG_OF_KIND[pool.i32[(h << 4) + 0 /* Kind */]]);
    if (v < 0) throw new Error(`fabric: PortQueues refused packet ${h} at port ${port} (code ${v})`);
    if ((v & QUEUE_DROPPED) !== 0) {
      this.drop(h);
    } else {
      this.qPkts[port]++;
      if ((v & QUEUE_TRIMMED) !== 0) this.trim(h, q.out[0], (v & QUEUE_LAST_HOP) !== 0);
      if ((v & QUEUE_MARKED) !== 0) pool.i32[(h << 4) + 1 /* Flags */] |= 1 /* Ce */;
    }
    if ((v & (QUEUE_TRIMMED_QUEUED | QUEUE_DROPPED_QUEUED)) !== 0) this.other(port, v);
    if (this.txPending[port] === 0) {
      if (this.busyUntil[port] <= this.now) this.switchStart(port);
      else {
        this.txPending[port] = 1;
        this.heap.at = this.busyUntil[port];
        this.heap.add(1 /* TxDone */, port, 0);
      }
    }
  }
  /** uet-htsim's ½ option touched the newest queued packet (q.out.otherHandle). */
  other(port, v) {
    const o = this.queues.out[3];
    if ((v & QUEUE_TRIMMED_QUEUED) !== 0) this.trim(o, this.queues.out[4], (v & QUEUE_LAST_HOP) !== 0);
    else {
      this.qPkts[port]--;
      this.drop(o);
    }
  }
  trim(h, bytes, lastHop) {
    const pool = this.pool;
    pool.i32[(h << 4) + 0 /* Kind */] = 1 /* Header */;
    pool.i32[(h << 4) + 7 /* Bytes */] = bytes;
    if (lastHop) pool.i32[(h << 4) + 1 /* Flags */] |= 2 /* LastHop */;
    this.trims++;
  }
  drop(h) {
    const k = this.pool.i32[(h << 4) + 0 /* Kind */];
    if (k === 0 /* Data */) this.dataDropped++;
    else if (k === 1 /* Header */) this.headersDropped++;
    else this.ctrlDropped++;
    this.pool.release(h);
  }
  /** The switch port's link is free: send the next queued packet, if any. */
  switchStart(port) {
    if (this.qPkts[port] === 0) return;
    const q = this.queues;
    const h = q.onDequeue(port, this.nowNs);
    if (h < 0) {
      if (h === QUEUE_PAUSED) {
        this.txPending[port] = 1;
        this.heap.at = this.now + Math.max(1, (q.out[5] - this.nowNs | 0) * 1e3);
        this.heap.add(1 /* TxDone */, port, 0);
      }
      return;
    }
    this.qPkts[port]--;
    if (q.out[2] !== 0) this.pool.i32[(h << 4) + 1 /* Flags */] |= 1 /* Ce */;
    this.transmit(port, h);
    if (this.qPkts[port] > 0) this.txDoneAfterSer(port);
  }
  // -------------------------------------------------------------------------------------------
  // Routing
  routeHier(sw, h) {
    const dst = this.pool.i32[(h << 4) + 5 /* Dst */];
    const lo = this.lo[sw];
    let off;
    let n;
    if (dst >= lo && dst < this.hi[sw]) {
      const g = this.groupBase[sw] + ((dst - lo) / this.downDiv[sw] | 0);
      off = this.groupOff[g];
      n = this.groupCnt[g];
    } else {
      off = this.upOff[sw];
      n = this.upCnt[sw];
    }
    if (n === 1) return this.candPort[off];
    return this.pick(sw, h, off, n);
  }
  /** Several equal candidates: ECMP on (flow, EV), least occupied, or uniform (Valiant). */
  pick(sw, h, off, n) {
    const r = this.routing;
    if (r === 1 /* Adaptive */) {
      this.refresh(off, n);
      return this.router.leastOccupied(sw, off, n);
    }
    if (r === 2 /* Valiant */) return this.router.valiant(sw, off, n);
    return this.router.ecmp(sw, this.flowHash[this.pool.i32[(h << 4) + 4 /* Flow */]], this.pool.i32[(h << 4) + 8 /* Ev */], off, n);
  }
  /** Queued bytes of candidates [off, off + n) from the port queues. */
  refresh(off, n) {
    const q = this.queues;
    for (let i = off; i < off + n; i++) this.candQueue[i] = q.queuedBytes(this.candPort[i]);
  }
  routeLow(sw, h) {
    const pool = this.pool;
    const dst = pool.i32[(h << 4) + 5 /* Dst */];
    const p = this.ldP;
    const dsw = dst / p | 0;
    if (dsw === sw) return this.nodePortBase[this.H + sw] + (dst - sw * p);
    const minimal = this.minPort[sw * this.ldS + dsw];
    const mode = this.routing;
    if (mode === 3 /* Minimal */) return minimal;
    const hop = pool.i32[(h << 4) + 2 /* Hops */];
    if (hop > 1) return minimal;
    const inNet = pool.i32[(h << 4) + 3 /* InPort */] - p;
    const inGlobal = hop > 0 && this.ldGlobal[sw * this.ldR + inNet] === 1;
    const r = this.router;
    const role = r.spritzRole(sw, hop, this.dragonfly !== 0 ? this.groupOf[dsw] : -1, inGlobal, false, 0);
    const table = r.out[0];
    if (table === TABLE_DEFAULT) return minimal;
    let off = this.allOff[sw];
    let n = this.ldR;
    if (table === TABLE_ECMP1_LOCAL) n = this.ld.a - 1;
    else if (table !== TABLE_ECMP1) {
      if (this.dragonfly !== 0) {
        const a = this.ld.a;
        off += a - 1;
        n = this.ldR - (a - 1);
      } else {
        off = this.ecmp2Off[sw * this.ldR + inNet];
        n = this.ldR - 1;
      }
    }
    if (mode === 4 /* Spritz */) return r.spritzSelect(sw, role, pool.i32[(h << 4) + 8 /* Ev */] & 65535, this.flowHash[pool.i32[(h << 4) + 4 /* Flow */]], off, n);
    if (mode === 2 /* Valiant */) return r.valiant(sw, off, n);
    if (mode === 1 /* Adaptive */) {
      this.refresh(off, n);
      return r.leastOccupied(sw, off, n);
    }
    if (mode === 5 /* Ugal */ && hop === 0) return this.ugal(sw, dsw, minimal, off, n);
    if (mode === 5 /* Ugal */) return minimal;
    return r.ecmp(sw, this.flowHash[pool.i32[(h << 4) + 4 /* Flow */]], pool.i32[(h << 4) + 8 /* Ev */], off, n);
  }
  /** UGAL-L at the source switch: the minimal port against a uniform non-minimal candidate. */
  ugal(sw, dsw, minimal, off, n) {
    const S = this.ldS;
    const R = this.ldR;
    const ld = this.ld;
    const q = this.queues;
    const sc = this.scratchOff[sw];
    this.candPort[sc] = minimal;
    this.candQueue[sc] = q.queuedBytes(minimal);
    this.candHops[sc] = this.dist[sw * S + dsw];
    const base = this.nodePortBase[this.H + sw] + this.ldP;
    for (let i = off; i < off + n; i++) {
      const port = this.candPort[i];
      this.candQueue[i] = q.queuedBytes(port);
      this.candHops[i] = 1 + this.dist[ld.neighbour[sw * R + (port - base)] * S + dsw];
    }
    return this.router.ugal(sw, sc, 1, off, n);
  }
  // -------------------------------------------------------------------------------------------
  // NIC: transmit side
  start(f) {
    const msn = this.transport.post(f, this.flowBytes[f]);
    if (msn < 0) throw new Error(`flow ${f}: the reliability module refused the message (code ${msn})`);
    this.activate(f);
  }
  activate(f) {
    if (this.active[f] !== 0 || this.flowDoneTx[f] >= 0) return;
    this.active[f] = 1;
    const host = this.flowSrc[f];
    const len = this.ringLen[host];
    const cap = this.ringCap[host];
    let i = this.ringHead[host] + len;
    if (i >= cap) i -= cap;
    this.ring[this.ringOff[host] + i] = f;
    this.ringLen[host] = len + 1;
    this.nicKick(host);
  }
  /** Something became sendable at `host`: start the NIC or make sure it looks again when free. */
  nicKick(host) {
    const port = this.nodePortBase[host];
    if (this.txPending[port] !== 0) return;
    if (this.busyUntil[port] <= this.now) {
      this.nicPull(host);
    } else {
      this.txPending[port] = 1;
      this.heap.at = this.busyUntil[port];
      this.heap.add(1 /* TxDone */, port, 0);
    }
  }
  /** The NIC's link is free: control first (controlWeight : 1 against data), else round-robin data. */
  nicPull(host) {
    const port = this.nodePortBase[host];
    let sent = false;
    if (this.ctrlCount[host] > 0 && (this.ctrlStreak[host] < this.controlWeight || this.ringLen[host] === 0)) {
      this.ctrlStreak[host]++;
      this.transmit(port, this.ctrlPop(host));
      sent = true;
    } else if (this.ringLen[host] > 0) {
      this.ctrlStreak[host] = 0;
      sent = this.sendFromRing(host, port);
      if (!sent && this.ctrlCount[host] > 0) {
        this.transmit(port, this.ctrlPop(host));
        sent = true;
      }
    }
    if (sent && (this.ctrlCount[host] > 0 || this.ringLen[host] > 0)) this.txDoneAfterSer(port);
  }
  ctrlPop(host) {
    const h = this.ctrlHead[host];
    const nh = this.pool.i32[(h << 4) + 13 /* Next */];
    this.ctrlHead[host] = nh;
    if (nh < 0) this.ctrlTail[host] = -1;
    this.ctrlCount[host]--;
    return h;
  }
  ctrlPush(host, h) {
    this.pool.i32[(h << 4) + 13 /* Next */] = -1;
    const tail = this.ctrlTail[host];
    if (tail < 0) this.ctrlHead[host] = h;
    else this.pool.i32[(tail << 4) + 13 /* Next */] = h;
    this.ctrlTail[host] = h;
    this.ctrlCount[host]++;
    this.ctrlSent++;
    this.nicKick(host);
  }
  /** Round-robin over the host's eligible flows; a blocked flow leaves the ring until an event re-activates it. */
  sendFromRing(host, port) {
    const off = this.ringOff[host];
    const cap = this.ringCap[host];
    while (this.ringLen[host] > 0) {
      let head = this.ringHead[host];
      const f = this.ring[off + head];
      head++;
      if (head === cap) head = 0;
      this.ringHead[host] = head;
      const len = this.ringLen[host] - 1;
      this.ringLen[host] = len;
      if (this.eligible(f)) {
        this.sendData(f, port);
        let i = head + len;
        if (i >= cap) i -= cap;
        this.ring[off + i] = f;
        this.ringLen[host] = len + 1;
        return true;
      }
      this.active[f] = 0;
    }
    return false;
  }
  eligible(f) {
    const cc = this.ccOf[f];
    const tr = this.transport;
    const bytes = tr.nextBytes(f, this.nowNs, cc);
    if (bytes === 0) return false;
    if (tr.gated === 0 && !cc.canSend(f, bytes)) return false;
    if (cc.paced !== 0 && this.nextSendPs[f] > this.now) {
      if (this.wakeAt[f] === 0) {
        this.wakeAt[f] = this.nextSendPs[f];
        this.heap.at = this.nextSendPs[f];
        this.heap.add(3 /* Wake */, f, 0);
      }
      return false;
    }
    return true;
  }
  /** The per-packet send path: choose path, reliability send, CC send. */
  sendData(f, port) {
    const tr = this.transport;
    const nowNs = this.nowNs;
    const lb = this.lbOf[f];
    let ev = lb.choosePath(this.lbSlot[f], nowNs, tr.nextPsn(f));
    if (ev < 0) ev = 0;
    const r = tr.nextPacket(f, nowNs, ev & 65535);
    const bytes = tr.bytes;
    const cc = this.ccOf[f];
    const ar = cc.onSend(f, nowNs, bytes);
    const pool = this.pool;
    const h = pool.alloc(0 /* Data */, f, this.flowDst[f], bytes);
    pool.i32[(h << 4) + 6 /* Psn */] = tr.psn;
    pool.i32[(h << 4) + 8 /* Ev */] = ev;
    pool.i32[(h << 4) + 9 /* W0 */] = tr.msn;
    pool.i32[(h << 4) + 10 /* W1 */] = tr.payload;
    pool.i32[(h << 4) + 11 /* W2 */] = tr.retryNo;
    pool.i32[(h << 4) + 12 /* W3 */] = tr.msgPackets;
    let flags = ar !== 0 ? 4 /* Ar */ : 0;
    if ((r & 2 /* Retransmit */) !== 0) {
      flags |= 8 /* Rtx */ | 4 /* Ar */;
      this.retransmissions++;
    }
    if ((r & 4 /* Last */) !== 0) flags |= 16 /* Last */ | 4 /* Ar */;
    pool.i32[(h << 4) + 1 /* Flags */] = flags;
    this.dataSent++;
    if (cc.paced !== 0) this.nextSendPs[f] = this.now + cc.pacingGapNs(f, bytes) * 1e3;
    if (cc.timed !== 0) this.armCcTimer(f, cc);
    this.transmit(port, h);
    this.armTimer(f);
  }
  armTimer(f) {
    const tr = this.transport;
    if (!tr.timerArmed(f)) return;
    const d = tr.deadlineNs(f) - this.nowNs | 0;
    let at = (Math.floor(this.now / 1e3) + d) * 1e3;
    if (at < this.now) at = this.now;
    const cur = this.timerAt[f];
    if (cur === 0 || at < cur) {
      this.timerAt[f] = at;
      this.heap.at = at;
      this.heap.add(2 /* Timer */, f, 0);
    }
  }
  timer(f) {
    this.timerAt[f] = 0;
    const tr = this.transport;
    if (tr.onTimer(f, this.nowNs) === 1) {
      this.timeouts++;
      this.lbOf[f].onPathFeedback(this.lbSlot[f], this.nowNs, tr.ev, TIMEOUT);
      this.ccOf[f].onTimeout(f, this.nowNs, tr.bytes);
      this.activate(f);
    }
    this.armTimer(f);
  }
  armCcTimer(f, cc) {
    if (!cc.timerArmed(f)) return;
    const d = cc.nextTimerNs(f) - this.nowNs | 0;
    let at = (Math.floor(this.now / 1e3) + d) * 1e3;
    if (at < this.now) at = this.now;
    const cur = this.ccTimerAt[f];
    if (cur === 0 || at < cur) {
      this.ccTimerAt[f] = at;
      this.heap.at = at;
      this.heap.add(6 /* CcTimer */, f, 0);
    }
  }
  ccTimer(f) {
    this.ccTimerAt[f] = 0;
    const cc = this.ccOf[f];
    cc.onTimer(f, this.nowNs);
    this.armCcTimer(f, cc);
    this.activate(f);
  }
  // -------------------------------------------------------------------------------------------
  // NIC: receive side
  hostReceive(host, h) {
    const pool = this.pool;
    const k = pool.i32[(h << 4) + 0 /* Kind */];
    if (k <= 1 /* Header */) {
      if (this.rxPsPerByte > 0) {
        this.rxEnqueue(host, h);
        return;
      }
      this.receiverPacket(host, h);
      return;
    }
    this.ctrlDelivered++;
    const f = pool.i32[(h << 4) + 4 /* Flow */];
    if (k === 2 /* Ack */) this.senderAck(f, h);
    else if (k === 3 /* Nack */) this.senderNack(f, h);
    else {
      const cc = this.ccOf[f];
      cc.onCnp(f, this.nowNs);
      if (cc.timed !== 0) this.armCcTimer(f, cc);
    }
    pool.release(h);
  }
  receiverPacket(host, h) {
    const pool = this.pool;
    const f = pool.i32[(h << 4) + 4 /* Flow */];
    const tr = this.transport;
    const src = this.flowSrc[f];
    if (pool.i32[(h << 4) + 0 /* Kind */] === 0 /* Data */) {
      this.dataDelivered++;
      const r = tr.onData(f, this.nowNs, pool, h);
      const cc = this.ccOf[f];
      if (cc.timed !== 0 && cc.onData(f, this.nowNs, (pool.i32[(h << 4) + 1 /* Flags */] & 1 /* Ce */) !== 0)) {
        const c = pool.alloc(4 /* Cnp */, f, src, tr.ackBytes);
        pool.i32[(c << 4) + 8 /* Ev */] = pool.i32[(h << 4) + 8 /* Ev */];
        this.cnps++;
        this.ctrlPush(host, c);
      }
      if ((r & 1 /* Deliver */) !== 0) this.deliver(f, pool.i32[(h << 4) + 6 /* Psn */], pool.i32[(h << 4) + 10 /* W1 */]);
      if ((r & 8 /* Complete */) !== 0) this.deliverMessages(f, tr.completed);
      if ((r & 4 /* Nack */) !== 0) this.nack(host, f, src, h);
      if ((r & 2 /* Ack */) !== 0) {
        const a = pool.alloc(2 /* Ack */, f, src, tr.ackBytes);
        tr.fillAck(pool, a);
        pool.i32[(a << 4) + 8 /* Ev */] = pool.i32[(h << 4) + 8 /* Ev */];
        this.ctrlPush(host, a);
      }
    } else {
      this.headersDelivered++;
      const r = tr.onHeader(f, this.nowNs, pool, h);
      if ((r & 4 /* Nack */) !== 0) {
        this.nack(host, f, src, h);
      } else if ((r & 2 /* Ack */) !== 0) {
        const a = pool.alloc(2 /* Ack */, f, src, tr.ackBytes);
        tr.fillAck(pool, a);
        pool.i32[(a << 4) + 8 /* Ev */] = pool.i32[(h << 4) + 8 /* Ev */];
        this.ctrlPush(host, a);
      }
    }
    pool.release(h);
  }
  /** A NACK for packet h (UEC: trim NACK; DCP: the bounced HO), echoing what the sender needs. */
  nack(host, f, src, h) {
    const pool = this.pool;
    const a = pool.alloc(3 /* Nack */, f, src, this.transport.ackBytes);
    const ab = a << 4;
    const hb = h << 4;
    pool.i32[ab + 6 /* Psn */] = pool.i32[hb + 6 /* Psn */];
    pool.i32[ab + 8 /* Ev */] = pool.i32[hb + 8 /* Ev */];
    pool.i32[ab + 9 /* W0 */] = pool.i32[hb + 9 /* W0 */];
    pool.i32[ab + 11 /* W2 */] = pool.i32[hb + 11 /* W2 */];
    pool.i32[ab + 1 /* Flags */] = pool.i32[hb + 1 /* Flags */] & (2 /* LastHop */ | 1 /* Ce */);
    this.ctrlPush(host, a);
  }
  /** Integrity for transports that deliver by message: a flow's (single) message completes once. */
  deliverMessages(f, n) {
    if (n !== 1 || this.flowDoneRx[f] >= 0) {
      this.violation(`flow ${f}: ${n} message completions (the flow has one message, completed ${this.flowDoneRx[f] >= 0 ? "before" : "not yet"})`);
      return;
    }
    this.flowDelivered[f] = this.flowBytes[f];
    this.flowDoneRx[f] = this.now;
    this.flowsDoneRx++;
  }
  /** Integrity (the SES's view): each data PSN's payload is delivered once. */
  deliver(f, psn, payload) {
    const bit = this.seenBase[f] + psn;
    const w = Math.floor(bit / 32);
    const m = 1 << (bit & 31);
    if (psn < 0 || bit >= this.seenBase[f + 1] || (this.seenBits[w] & m) !== 0) {
      this.violation(`flow ${f}: PSN ${psn} delivered twice or outside the message`);
      return;
    }
    this.seenBits[w] |= m;
    const d = this.flowDelivered[f] + payload;
    this.flowDelivered[f] = d;
    if (d >= this.flowBytes[f]) {
      if (d > this.flowBytes[f]) this.violation(`flow ${f}: ${d} bytes delivered for a ${this.flowBytes[f]}-byte message`);
      this.flowDoneRx[f] = this.now;
      this.flowsDoneRx++;
    }
  }
  senderAck(f, h) {
    const pool = this.pool;
    const tr = this.transport;
    const nowNs = this.nowNs;
    const r = tr.onAck(f, nowNs, pool, h);
    if (r < 0) return;
    const ce = (pool.i32[(h << 4) + 1 /* Flags */] & 1 /* Ce */) !== 0;
    this.lbOf[f].onPathFeedback(this.lbSlot[f], nowNs, pool.i32[(h << 4) + 8 /* Ev */] & 65535, ce ? ECN : GOOD);
    const cc = this.ccOf[f];
    if (tr.restoredBytes > 0) cc.restore(f, nowNs, tr.restoredBytes);
    cc.onAck(f, nowNs, tr.newBytes, (r & 1 /* Rtt */) !== 0 ? tr.rttNs : 0, ce);
    if (cc.timed !== 0) this.armCcTimer(f, cc);
    if ((r & 8 /* Done */) !== 0 && this.flowDoneTx[f] < 0) {
      this.flowDoneTx[f] = this.now;
      if (++this.flowsDoneTx === this.flows) this.stopped = true;
      return;
    }
    this.armTimer(f);
    this.activate(f);
  }
  senderNack(f, h) {
    const pool = this.pool;
    const tr = this.transport;
    const nowNs = this.nowNs;
    if (tr.onNack(f, nowNs, pool, h) !== 1) return;
    this.nacks++;
    const flags = pool.i32[(h << 4) + 1 /* Flags */];
    const lastHop = (flags & 2 /* LastHop */) !== 0;
    this.ccOf[f].onTrim(f, nowNs, tr.bytes, lastHop, tr.rttNs);
    this.lbOf[f].onPathFeedback(this.lbSlot[f], nowNs, pool.i32[(h << 4) + 8 /* Ev */] & 65535, lastHop ? (flags & 1 /* Ce */) !== 0 ? ECN : GOOD : NACK);
    this.armTimer(f);
    this.activate(f);
  }
  rxEnqueue(host, h) {
    const pool = this.pool;
    const bytes = pool.i32[(h << 4) + 7 /* Bytes */];
    if (this.rxBytes[host] + bytes > this.rxBuffer) {
      this.rxDrops++;
      this.drop(h);
      return;
    }
    pool.i32[(h << 4) + 13 /* Next */] = -1;
    const tail = this.rxTail[host];
    if (tail < 0) {
      this.rxHead[host] = h;
      this.heap.at = this.now + bytes * this.rxPsPerByte;
      this.heap.add(5 /* RxDone */, host, 0);
    } else pool.i32[(tail << 4) + 13 /* Next */] = h;
    this.rxTail[host] = h;
    this.rxBytes[host] += bytes;
  }
  rxDone(host) {
    const pool = this.pool;
    const h = this.rxHead[host];
    const nh = pool.i32[(h << 4) + 13 /* Next */];
    this.rxHead[host] = nh;
    if (nh < 0) this.rxTail[host] = -1;
    else {
      this.heap.at = this.now + pool.i32[(nh << 4) + 7 /* Bytes */] * this.rxPsPerByte;
      this.heap.add(5 /* RxDone */, host, 0);
    }
    this.rxBytes[host] -= pool.i32[(h << 4) + 7 /* Bytes */];
    this.receiverPacket(host, h);
  }
  // -------------------------------------------------------------------------------------------
  // Integrity and totals
  violation(msg) {
    if (this.violations.length < 20) this.violations.push(msg);
    else if (this.violations.length === 20) this.violations.push("\u2026");
  }
  /**
   * Checks conservation (sent = delivered + dropped + trimmed, trimmed headers likewise, control
   * packets likewise, with what is still alive counted), the queues' own byte accounting, the
   * pool's live count, each message's bytes, and the modules' error counters. Returns the
   * violations (empty: the run is sound).
   */
  checkIntegrity() {
    const out = [...this.violations];
    const dataLive = this.dataSent - this.dataDelivered - this.dataDropped - this.trims;
    const headerLive = this.trims - this.headersDelivered - this.headersDropped;
    const ctrlLive = this.ctrlSent - this.ctrlDelivered - this.ctrlDropped;
    if (dataLive < 0 || headerLive < 0 || ctrlLive < 0 || dataLive + headerLive + ctrlLive !== this.pool.live) {
      out.push(
        `packet conservation: data sent ${this.dataSent} = delivered ${this.dataDelivered} + dropped ${this.dataDropped} + trimmed ${this.trims} + alive ${dataLive}; headers ${this.trims} = ${this.headersDelivered} + ${this.headersDropped} + ${headerLive}; control ${this.ctrlSent} = ${this.ctrlDelivered} + ${this.ctrlDropped} + ${ctrlLive}; the pool holds ${this.pool.live}`
      );
    }
    let qDrops = 0;
    let qTrims = 0;
    for (let p = 0; p < this.topo.ports; p++) {
      if (!this.queues.isOpen(p)) continue;
      if (this.queues.accountingGap(p) !== 0) out.push(`port ${p}: queue byte accounting is off by ${this.queues.accountingGap(p)}`);
      qDrops += this.queues.packetsDropped(p);
      qTrims += this.queues.packetsTrimmed(p);
    }
    if (qDrops !== this.dataDropped + this.headersDropped + this.ctrlDropped - this.rxDrops) out.push(`drops: the queues count ${qDrops}, the fabric ${this.dataDropped + this.headersDropped + this.ctrlDropped - this.rxDrops}`);
    if (qTrims !== this.trims) out.push(`trims: the queues count ${qTrims}, the fabric ${this.trims}`);
    for (let f = 0; f < this.flows; f++) {
      if (this.flowDoneRx[f] >= 0 && this.flowDelivered[f] !== this.flowBytes[f]) out.push(`flow ${f}: ${this.flowDelivered[f]} of ${this.flowBytes[f]} bytes delivered`);
      if (this.flowDoneTx[f] >= 0 && this.flowDoneRx[f] < 0) out.push(`flow ${f}: acknowledged in full but not delivered`);
    }
    if (this.transport.errors() !== 0) out.push(`reliability module rejected ${this.transport.errors()} calls`);
    if (this.queues.errors !== 0 || this.router.errors !== 0) out.push(`switch modules rejected ${this.queues.errors + this.router.errors} calls`);
    return out;
  }
  /** Sums over switch ports. */
  portTotals() {
    let marks = 0;
    let drops = 0;
    let trims = 0;
    for (let p = 0; p < this.topo.ports; p++) {
      if (!this.queues.isOpen(p)) continue;
      marks += this.queues.marks(p);
      drops += this.queues.packetsDropped(p);
      trims += this.queues.packetsTrimmed(p);
    }
    return { marks, drops, trims, maxQueueBytes: 0 };
  }
  /** Module error counters by flow's CC and LB (distinct tables counted once). */
  moduleErrors() {
    const seen = /* @__PURE__ */ new Set();
    let n = this.transport.errors();
    for (let f = 0; f < this.flows; f++) {
      const cc = this.ccOf[f];
      const lb = this.lbOf[f];
      if (!seen.has(cc)) {
        seen.add(cc);
        n += cc.errors();
      }
      if (!seen.has(lb)) {
        seen.add(lb);
        n += lb.errors;
      }
    }
    return n;
  }
};

// lib/cc/aimd/params.ts
var AIMD_DEFAULT_MSS_BYTES = 4096;
var RFC5681_IW_BYTES = 4380;
var AIMD_DEFAULT_MAX_CWND_BYTES = 1 << 24;
var MAX_BYTES = 1 << 30;
var AIMD_PARAM_NAMES = [
  "mssBytes",
  "initialCwndBytes",
  "minCwndBytes",
  "maxCwndBytes",
  "increaseBytes",
  "decreaseFactor",
  "slowStart",
  "initialSsthreshBytes",
  "timeoutCwndBytes",
  "oncePerWindow"
];
function pick3(input, name, fallback) {
  const v = input[name];
  return v === void 0 ? fallback : v;
}
function resolveAimdParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (AIMD_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Aimd: unknown parameter ${k}`);
  }
  const mss = pick3(input, "mssBytes", AIMD_DEFAULT_MSS_BYTES);
  need4(isInt3(mss, 1, 1 << 24), "mssBytes must be an integer in [1, 2^24]");
  const maxCwnd = pick3(input, "maxCwndBytes", AIMD_DEFAULT_MAX_CWND_BYTES);
  const minCwnd = pick3(input, "minCwndBytes", mss);
  const p = {
    mssBytes: mss,
    // RFC 5681 §3.1 eq. (1), capped by the ceiling.
    initialCwndBytes: pick3(input, "initialCwndBytes", Math.min(Math.min(4 * mss, Math.max(2 * mss, RFC5681_IW_BYTES)), maxCwnd)),
    minCwndBytes: minCwnd,
    maxCwndBytes: maxCwnd,
    increaseBytes: pick3(input, "increaseBytes", mss),
    decreaseFactor: pick3(input, "decreaseFactor", 0.5),
    slowStart: pick3(input, "slowStart", true),
    initialSsthreshBytes: pick3(input, "initialSsthreshBytes", maxCwnd),
    timeoutCwndBytes: pick3(input, "timeoutCwndBytes", minCwnd),
    oncePerWindow: pick3(input, "oncePerWindow", true)
  };
  need4(isInt3(p.maxCwndBytes, mss, MAX_BYTES), "maxCwndBytes must be an integer in [mssBytes, 2^30]");
  need4(isInt3(p.minCwndBytes, mss, p.maxCwndBytes), "minCwndBytes must be an integer in [mssBytes, maxCwndBytes]");
  need4(isInt3(p.initialCwndBytes, p.minCwndBytes, p.maxCwndBytes), "initialCwndBytes must be an integer in [minCwndBytes, maxCwndBytes]");
  need4(isInt3(p.increaseBytes, 0, MAX_BYTES), "increaseBytes must be an integer in [0, 2^30]");
  need4(typeof p.decreaseFactor === "number" && p.decreaseFactor >= 0 && p.decreaseFactor < 1, "decreaseFactor must be in [0, 1)");
  need4(typeof p.slowStart === "boolean", "slowStart must be a boolean");
  need4(isInt3(p.initialSsthreshBytes, p.minCwndBytes, MAX_BYTES), "initialSsthreshBytes must be an integer in [minCwndBytes, 2^30]");
  need4(isInt3(p.timeoutCwndBytes, p.minCwndBytes, p.maxCwndBytes), "timeoutCwndBytes must be an integer in [minCwndBytes, maxCwndBytes]");
  need4(typeof p.oncePerWindow === "boolean", "oncePerWindow must be a boolean");
  return p;
}
function isInt3(x, lo, hi) {
  return typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
}
function need4(ok, what) {
  if (!ok) throw new RangeError(`Aimd: ${what}`);
}

// lib/cc/aimd/aimd.ts
var LAYOUT7 = {
  cwnd: "i32",
  // bytes, in [minCwnd, maxCwnd]
  inflight: "i32",
  // bytes sent and neither acknowledged nor declared lost, ≥ 0
  ssthresh: "i32",
  // bytes (RFC 5681 ssthresh)
  acked: "i32",
  // bytes acknowledged toward the next additive increase (RFC 3465 bytes_acked)
  recover: "i32"
  // bytes still in flight from the window of the last decrease (RFC 6582 recover)
};
function validBytes2(x) {
  return (x | 0) === x && x >= 0 && x <= 1073741824 /* MaxEventBytes */;
}
var Aimd = class extends FlowTable {
  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT7, capacity);
    this.cwnd = this.col.cwnd;
    this.inflight = this.col.inflight;
    this.ssthresh = this.col.ssthresh;
    this.acked = this.col.acked;
    this.recover = this.col.recover;
    const p = resolveAimdParams(params);
    this.params = Object.freeze(p);
    this.mss = p.mssBytes;
    this.minCwnd = p.minCwndBytes;
    this.maxCwnd = p.maxCwndBytes;
    this.initCwnd = p.initialCwndBytes;
    this.initSsthresh = p.initialSsthreshBytes;
    this.increase = p.increaseBytes;
    this.factorQ16 = q16(p.decreaseFactor);
    this.timeoutCwnd = p.timeoutCwndBytes;
    this.slowStart = p.slowStart ? 1 : 0;
    this.oncePerWindow = p.oncePerWindow ? 1 : 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT7);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      onAck: ["slot", "nowNs", "ackedBytes"],
      onNack: ["slot", "nowNs", "bytes"],
      onTrim: ["slot", "nowNs", "bytes"],
      onTimeout: ["slot", "nowNs", "bytes"],
      onSend: ["slot", "nowNs", "bytes"],
      canSend: ["slot", "bytes"]
    };
  }
  /** Starts a flow at the initial window (RFC 5681 §3.1 IW) and the initial ssthresh. */
  open(slot) {
    this.openSlot(slot);
    this.cwnd[slot] = this.initCwnd;
    this.ssthresh[slot] = this.initSsthresh;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * An ACK newly acknowledging `ackedBytes`. Slow start below ssthresh (RFC 5681 eq. (2)),
   * otherwise +increaseBytes once per window of acknowledged bytes (eq. (3), RFC 3465 §2.1).
   * Returns AIMD_SLOW_START, AIMD_INCREASE or 0; E_SLOT / E_ARG.
   */
  onAck(slot, nowNs, ackedBytes) {
    if (!(this.live[slot] === 1 && validBytes2(ackedBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const inflight = this.inflight[slot] - ackedBytes;
    this.inflight[slot] = inflight > 0 ? inflight : 0;
    const recover = this.recover[slot];
    if (recover > 0) this.recover[slot] = recover > ackedBytes ? recover - ackedBytes : 0;
    if (ackedBytes === 0) return 0;
    const cwnd = this.cwnd[slot];
    if (this.slowStart !== 0 && cwnd < this.ssthresh[slot]) {
      const w2 = cwnd + (ackedBytes < this.mss ? ackedBytes : this.mss);
      this.cwnd[slot] = w2 < this.maxCwnd ? w2 : this.maxCwnd;
      return 2 /* SlowStart */;
    }
    const sum = this.acked[slot] + ackedBytes;
    if (sum < cwnd) {
      this.acked[slot] = sum;
      return 0;
    }
    this.acked[slot] = sum - cwnd;
    const w = cwnd + this.increase;
    this.cwnd[slot] = w < this.maxCwnd ? w : this.maxCwnd;
    return 1 /* Increase */;
  }
  /**
   * A NACK declaring `bytes` lost (they leave the flight). Cuts the window to
   * max(floor(cwnd × decreaseFactor), minCwnd) and sets ssthresh to it (RFC 5681 eq. (4), on the
   * window), unless oncePerWindow and the loss belongs to the window of the previous cut.
   * Returns AIMD_DECREASE or AIMD_IGNORED; E_SLOT / E_ARG.
   */
  onNack(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes2(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.loss(slot, bytes);
  }
  /** A trimmed packet's NACK: the same loss signal as onNack. */
  onTrim(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes2(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    return this.loss(slot, bytes);
  }
  /**
   * A retransmission timeout with `bytes` presumed lost: ssthresh = max(cwnd × decreaseFactor,
   * minCwnd), cwnd = timeoutCwnd (RFC 5681 §3.1 loss window), and the recovery point is
   * forgotten (everything will be sent again). Returns AIMD_DECREASE | AIMD_TIMEOUT.
   */
  onTimeout(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes2(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const inflight = this.inflight[slot] - bytes;
    this.inflight[slot] = inflight > 0 ? inflight : 0;
    this.ssthresh[slot] = this.decreased(this.cwnd[slot]);
    this.cwnd[slot] = this.timeoutCwnd;
    this.acked[slot] = 0;
    this.recover[slot] = 0;
    return 4 /* Decrease */ | 16 /* Timeout */;
  }
  /** `bytes` leave for the network. Returns 0. */
  onSend(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes2(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const inflight = this.inflight[slot] + bytes;
    this.inflight[slot] = inflight < 1073741823 /* CounterMax */ ? inflight : 1073741823 /* CounterMax */;
    return 0;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  /** True when `bytes` more fit in the window: inflight + bytes ≤ cwnd. */
  canSend(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes2(bytes))) {
      this.errors++;
      return false;
    }
    return this.inflight[slot] + bytes <= this.cwnd[slot];
  }
  cwndBytes(slot) {
    return this.cwnd[slot] | 0;
  }
  inflightBytes(slot) {
    return this.inflight[slot] | 0;
  }
  ssthreshBytes(slot) {
    return this.ssthresh[slot] | 0;
  }
  /** Bytes still to be acknowledged or lost before another loss may cut the window. */
  recoverBytes(slot) {
    return this.recover[slot] | 0;
  }
  // ---------------------------------------------------------------------------------------
  loss(slot, bytes) {
    const inflight = this.inflight[slot] - bytes;
    const left = inflight > 0 ? inflight : 0;
    this.inflight[slot] = left;
    const recover = this.recover[slot];
    if (this.oncePerWindow !== 0 && recover > 0) {
      this.recover[slot] = recover > bytes ? recover - bytes : 0;
      return 8 /* Ignored */;
    }
    const w = this.decreased(this.cwnd[slot]);
    this.cwnd[slot] = w;
    this.ssthresh[slot] = w;
    this.acked[slot] = 0;
    this.recover[slot] = left;
    return 4 /* Decrease */;
  }
  /** RFC 5681 eq. (4) on the window: max(floor(cwnd × factor), minCwnd). */
  decreased(cwnd) {
    const w = mulQ16(cwnd, this.factorQ16);
    return w > this.minCwnd ? w : this.minCwnd;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/cc/dcqcn/dcqcn.ts
var LAYOUT8 = {
  rc: "i32",
  // kb/s, current rate R_C
  rt: "i32",
  // kb/s, target rate R_T
  alpha: "i32",
  // Q16
  byteStage: "i32",
  // byte-counter increase events since the last cut (paper)
  timeStage: "i32",
  // timer increase events since the last cut
  txBytes: "i32",
  // bytes sent since the last byte-counter event (paper)
  alphaDue: "i32",
  // tick of the α timer
  incDue: "i32",
  // tick of the increase timer
  decDue: "i32",
  // tick of the decrease check (mellanox)
  inflight: "i32",
  // bytes, signed (optional window)
  flags: "u8"
};
function validBytes3(x) {
  return (x | 0) === x && x >= 0 && x <= 1073741824 /* MaxEventBytes */;
}
var Dcqcn = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT8, capacity);
    this.rc = this.col.rc;
    this.rt = this.col.rt;
    this.alpha = this.col.alpha;
    this.byteStage = this.col.byteStage;
    this.timeStage = this.col.timeStage;
    this.txBytes = this.col.txBytes;
    this.alphaDue = this.col.alphaDue;
    this.incDue = this.col.incDue;
    this.decDue = this.col.decDue;
    this.inflight = this.col.inflight;
    this.flags = this.col.flags;
    const p = resolveDcqcnParams(params);
    this.params = Object.freeze(p);
    this.lineKbps = Math.round(p.linkGbps * 1e6);
    this.minKbps = Math.max(1, Math.round(p.minRateMbps * 1e3));
    this.initKbps = Math.round(p.initRateGbps * 1e6);
    this.gQ16 = q16(p.g);
    this.alpha0 = q16(p.initialAlpha);
    this.alphaPeriod = Math.round(p.alphaTimerNs);
    this.decPeriod = Math.round(p.decreaseTimerNs);
    this.incPeriod = Math.round(p.increaseTimerNs);
    this.byteCounter = p.byteCounterBytes;
    this.f = p.fastRecoverySteps;
    this.aiKbps = Math.round(p.aiMbps * 1e3);
    this.haiKbps = Math.round(p.haiMbps * 1e3);
    this.firstCnpQ16 = q16(p.rateOnFirstCnp);
    this.window = p.windowBytes;
    this.mellanox = p.rp === "mellanox" ? 1 : 0;
    this.clamp = p.clampTargetRate ? 1 : 0;
    this.halving = p.hyperHalving ? 1 : 0;
    this.varWindow = p.varWindow ? 1 : 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT8);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      onCnp: ["slot", "nowNs"],
      onTimer: ["slot", "nowNs"],
      onSend: ["slot", "nowNs", "bytes"],
      onAck: ["slot", "nowNs", "ackedBytes"],
      canSend: ["slot", "bytes"],
      pacingGapNs: ["slot", "bytes"]
    };
  }
  /** Starts a flow at initRateGbps (R_T = R_C), α = initialAlpha, no timer armed. */
  open(slot) {
    this.openSlot(slot);
    this.rc[slot] = this.initKbps;
    this.rt[slot] = this.initKbps;
    this.alpha[slot] = this.alpha0;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * A congestion notification packet (or an ACK carrying the CNP flag). Paper RP: cut now and
   * restart the α and increase timers (returns DCQCN_DECREASE). Mellanox RP: remember it for
   * the next α update and decrease check; the first one arms those timers (returns 0).
   */
  onCnp(slot, nowNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    const flags = this.flags[slot];
    if (this.mellanox !== 0) {
      if ((flags & 1 /* Armed */) === 0) {
        this.alpha[slot] = this.alpha0;
        this.alphaDue[slot] = now + this.alphaPeriod | 0;
        this.decDue[slot] = now + this.decPeriod + 1 | 0;
        const rate = this.bounded(mulDiv(this.rc[slot], this.firstCnpQ16, 65536 /* One */));
        this.rc[slot] = rate;
        this.rt[slot] = rate;
        this.flags[slot] = flags | 1 /* Armed */ | 8 /* DecCnp */;
        return 0;
      }
      this.flags[slot] = flags | 4 /* AlphaCnp */ | 8 /* DecCnp */;
      return 0;
    }
    if (this.clamp !== 0 || this.byteStage[slot] !== 0 || this.timeStage[slot] !== 0) this.rt[slot] = this.rc[slot];
    this.cut(slot);
    this.alpha[slot] = mulDiv(this.alpha[slot], 65536 /* One */ - this.gQ16, 65536 /* One */) + this.gQ16;
    this.byteStage[slot] = 0;
    this.timeStage[slot] = 0;
    this.txBytes[slot] = 0;
    this.alphaDue[slot] = now + this.alphaPeriod | 0;
    this.incDue[slot] = now + this.incPeriod | 0;
    this.flags[slot] = flags | 1 /* Armed */ | 2 /* IncArmed */;
    return 1 /* Decrease */;
  }
  /**
   * Runs every timer of the flow that is due at `nowNs` (each at most once, in the order α
   * update, decrease check, rate increase) and reschedules it at nowNs + its period. Returns
   * DCQCN_* bits for what happened (0 when nothing was due).
   */
  onTimer(slot, nowNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const now = nowNs | 0;
    let flags = this.flags[slot];
    let r = 0;
    if ((flags & 1 /* Armed */) !== 0 && (now - this.alphaDue[slot] | 0) >= 0) {
      let a = mulDiv(this.alpha[slot], 65536 /* One */ - this.gQ16, 65536 /* One */);
      if ((flags & 4 /* AlphaCnp */) !== 0) a += this.gQ16;
      this.alpha[slot] = a;
      flags &= ~4 /* AlphaCnp */;
      this.alphaDue[slot] = now + this.alphaPeriod | 0;
      r = 2 /* Alpha */;
    }
    if (this.mellanox !== 0 && (flags & 1 /* Armed */) !== 0 && (now - this.decDue[slot] | 0) >= 0) {
      this.decDue[slot] = now + this.decPeriod | 0;
      if ((flags & 8 /* DecCnp */) !== 0) {
        if (this.clamp !== 0 || this.timeStage[slot] !== 0) this.rt[slot] = this.rc[slot];
        this.cut(slot);
        this.timeStage[slot] = 0;
        this.incDue[slot] = now + this.incPeriod | 0;
        flags = flags & ~8 /* DecCnp */ | 2 /* IncArmed */;
        r |= 1 /* Decrease */;
      }
    }
    if ((flags & 2 /* IncArmed */) !== 0 && (now - this.incDue[slot] | 0) >= 0) {
      const ts = this.timeStage[slot];
      if (this.mellanox !== 0) {
        r |= this.increaseMellanox(slot, ts);
        this.timeStage[slot] = ts < 1048576 /* StageMax */ ? ts + 1 : ts;
        this.incDue[slot] = now + this.incPeriod | 0;
      } else {
        this.timeStage[slot] = ts < 1048576 /* StageMax */ ? ts + 1 : ts;
        r |= this.increasePaper(slot);
        this.incDue[slot] = now + (this.hyper(slot) ? this.incPeriod >> 1 : this.incPeriod) | 0;
      }
    }
    this.flags[slot] = flags;
    return r;
  }
  /**
   * `bytes` leave for the network. Paper RP: every byteCounterBytes (halved in hyper increase)
   * is a byte-counter increase event, at most one per call (the remainder carries over).
   * Returns DCQCN_* bits of that event, or 0.
   */
  onSend(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes3(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    if (this.byteCounter === 0 || (this.flags[slot] & 1 /* Armed */) === 0) return 0;
    const tx = satAdd(this.txBytes[slot], bytes);
    const threshold = this.hyper(slot) ? this.byteCounter >> 1 : this.byteCounter;
    if (tx < threshold) {
      this.txBytes[slot] = tx;
      return 0;
    }
    this.txBytes[slot] = tx - threshold;
    const bs = this.byteStage[slot];
    this.byteStage[slot] = bs < 1048576 /* StageMax */ ? bs + 1 : bs;
    return this.increasePaper(slot);
  }
  /** `ackedBytes` acknowledged: only the optional window's inflight count changes. */
  onAck(slot, nowNs, ackedBytes) {
    if (!(this.live[slot] === 1 && validBytes3(ackedBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], ackedBytes);
    return 0;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  /** Rate based: true unless a window is configured and `bytes` more would exceed it. */
  canSend(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes3(bytes))) {
      this.errors++;
      return false;
    }
    if (this.window === 0) return true;
    const inflight = this.inflight[slot];
    return inflight <= 0 || inflight + bytes <= this.windowBytes(slot);
  }
  rateBps(slot) {
    return this.rc[slot] * 1e3;
  }
  targetRateBps(slot) {
    return this.rt[slot] * 1e3;
  }
  alphaValue(slot) {
    return this.alpha[slot] / 65536 /* One */;
  }
  /** Serialisation time of `bytes` at R_C, rounded up. E_SLOT / E_ARG for bad input. */
  pacingGapNs(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes3(bytes))) return this.reject(slot);
    const gap = Math.ceil(bytes * 8e6 / this.rc[slot]);
    return gap < 2147483647 /* GapCap */ ? gap : 2147483647 /* GapCap */;
  }
  /** True while a timer is pending (from the first CNP on). */
  timerArmed(slot) {
    return this.live[slot] === 1 && (this.flags[slot] & (1 /* Armed */ | 2 /* IncArmed */)) !== 0;
  }
  /** The tick of the earliest pending timer; meaningful only while timerArmed (else 0). */
  nextTimerNs(slot) {
    if (!this.timerArmed(slot)) return 0;
    const flags = this.flags[slot];
    let t = 0;
    let have = false;
    if ((flags & 1 /* Armed */) !== 0) {
      t = this.alphaDue[slot];
      have = true;
      if (this.mellanox !== 0 && (this.decDue[slot] - t | 0) < 0) t = this.decDue[slot];
    }
    if ((flags & 2 /* IncArmed */) !== 0 && (!have || (this.incDue[slot] - t | 0) < 0)) t = this.incDue[slot];
    return t;
  }
  windowBytes(slot) {
    if (this.window === 0 || this.varWindow === 0) return this.window;
    return mulDiv(this.window, this.rc[slot], this.lineKbps);
  }
  inflightBytes(slot) {
    return this.inflight[slot] | 0;
  }
  byteStageCount(slot) {
    return this.byteStage[slot] | 0;
  }
  timeStageCount(slot) {
    return this.timeStage[slot] | 0;
  }
  // ---------------------------------------------------------------------------------------
  // Steps
  /** R_C ← max(minRate, R_C (1 − α/2)). */
  cut(slot) {
    const next = mulDiv(this.rc[slot], 131072 /* Two */ - this.alpha[slot], 131072 /* Two */);
    this.rc[slot] = next > this.minKbps ? next : this.minKbps;
  }
  /** Paper RP: both stage counters at F or beyond (hyper increase). */
  hyper(slot) {
    return this.halving !== 0 && this.byteStage[slot] >= this.f && this.timeStage[slot] >= this.f;
  }
  /** Paper RP increase event, after the counter that fired was incremented. */
  increasePaper(slot) {
    const bs = this.byteStage[slot];
    const ts = this.timeStage[slot];
    const hi = bs > ts ? bs : ts;
    const lo = bs > ts ? ts : bs;
    let r;
    if (hi < this.f) {
      r = 4 /* FastRecovery */;
    } else if (lo < this.f) {
      this.raiseTarget(slot, this.aiKbps);
      r = 8 /* Additive */;
    } else {
      this.raiseTarget(slot, (lo - this.f + 1) * this.haiKbps);
      r = 16 /* Hyper */;
    }
    this.average(slot);
    return r;
  }
  /** Mellanox RP increase event with the stage before it is counted. */
  increaseMellanox(slot, stage) {
    let r;
    if (stage < this.f) {
      r = 4 /* FastRecovery */;
    } else if (stage === this.f) {
      this.raiseTarget(slot, this.aiKbps);
      r = 8 /* Additive */;
    } else {
      this.raiseTarget(slot, this.haiKbps);
      r = 16 /* Hyper */;
    }
    this.average(slot);
    return r;
  }
  raiseTarget(slot, stepKbps) {
    const next = this.rt[slot] + stepKbps;
    this.rt[slot] = next < this.lineKbps ? next : this.lineKbps;
  }
  /** R_C ← (R_T + R_C) / 2, never above the line rate. */
  average(slot) {
    const next = Math.floor((this.rt[slot] + this.rc[slot]) / 2);
    this.rc[slot] = next < this.lineKbps ? next : this.lineKbps;
  }
  bounded(kbps) {
    return kbps < this.minKbps ? this.minKbps : kbps > this.lineKbps ? this.lineKbps : kbps;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/cc/dctcp/params.ts
var NAMES4 = ["profile", "mssBytes", "g", "initialAlpha", "initCwndBytes", "maxCwndBytes", "cut"];
var DCTCP_PARAM_NAMES = NAMES4;
function resolveDctcpParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (NAMES4.indexOf(k) < 0) throw new RangeError(`Dctcp: unknown parameter ${k}`);
  }
  const profile = input.profile === void 0 ? "rfc8257" : input.profile;
  if (profile !== "rfc8257" && profile !== "htsim") throw new RangeError(`Dctcp: unknown profile ${String(profile)}`);
  const mssBytes = input.mssBytes === void 0 ? 4096 : input.mssBytes;
  const p = {
    profile,
    mssBytes,
    g: 1 / 16,
    initialAlpha: profile === "htsim" ? 0 : 1,
    initCwndBytes: 10 * mssBytes,
    maxCwndBytes: 2 ** 30,
    cut: profile === "htsim" ? "window" : "ece"
  };
  for (const k of Object.keys(input)) {
    p[k] = input[k];
  }
  validate4(p);
  return p;
}
function need5(ok, what) {
  if (!ok) throw new RangeError(`Dctcp: ${what}`);
}
function inRange2(x, lo, hi) {
  return typeof x === "number" && x >= lo && x <= hi;
}
function validate4(p) {
  need5(inRange2(p.mssBytes, 64, 65535) && Number.isInteger(p.mssBytes), "mssBytes must be an integer in [64, 65535]");
  need5(inRange2(p.g, 1 / 65536, 1), "g must be in [2^-16, 1]");
  need5(inRange2(p.initialAlpha, 0, 1), "initialAlpha must be in [0, 1]");
  need5(inRange2(p.maxCwndBytes, p.mssBytes, 2 ** 30) && Number.isInteger(p.maxCwndBytes), "maxCwndBytes must be an integer in [mssBytes, 2^30]");
  need5(inRange2(p.initCwndBytes, p.mssBytes, p.maxCwndBytes) && Number.isInteger(p.initCwndBytes), "initCwndBytes must be an integer in [mssBytes, maxCwndBytes]");
  need5(p.cut === "ece" || p.cut === "window", "cut must be ece or window");
}

// lib/cc/dctcp/dctcp.ts
var LAYOUT9 = {
  cwnd: "i32",
  // bytes
  ssthresh: "i32",
  // bytes
  alpha: "i32",
  // Q16
  inflight: "i32",
  // bytes, signed
  acked: "i32",
  // cumulative bytes acknowledged (SND.UNA), wrapping
  sent: "i32",
  // cumulative bytes sent (SND.NXT), wrapping
  windowEnd: "i32",
  // rfc8257: DCTCP.WindowEnd (a `sent` value); htsim: the window (bytes) of the observation
  winAcked: "i32",
  // DCTCP.BytesAcked of the current observation window
  winMarked: "i32",
  // DCTCP.BytesMarked
  recover: "i32",
  // `sent` when the window was last reduced (CWR / recovery ends once it is acked)
  caAcked: "i32",
  // RFC 3465 bytes_acked in congestion avoidance
  flags: "u8"
};
function validBytes4(x) {
  return (x | 0) === x && x >= 0 && x <= 1073741824 /* MaxEventBytes */;
}
var Dctcp = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT9, capacity);
    this.cwnd = this.col.cwnd;
    this.ssthresh = this.col.ssthresh;
    this.alpha = this.col.alpha;
    this.inflight = this.col.inflight;
    this.acked = this.col.acked;
    this.sent = this.col.sent;
    this.windowEnd = this.col.windowEnd;
    this.winAcked = this.col.winAcked;
    this.winMarked = this.col.winMarked;
    this.recover = this.col.recover;
    this.caAcked = this.col.caAcked;
    this.flags = this.col.flags;
    const p = resolveDctcpParams(params);
    this.params = Object.freeze(p);
    this.mss = p.mssBytes;
    this.gQ16 = q16(p.g);
    this.alpha0 = q16(p.initialAlpha);
    this.initCwnd = p.initCwndBytes;
    this.maxCwnd = p.maxCwndBytes;
    this.htsim = p.cut === "window" ? 1 : 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT9);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      onAck: ["slot", "nowNs", "ackedBytes", "ecn"],
      onNack: ["slot", "nowNs", "bytes"],
      onTimeout: ["slot", "nowNs", "bytes"],
      onSend: ["slot", "nowNs", "bytes"],
      canSend: ["slot", "bytes"]
    };
  }
  /** Starts a flow in slow start (ssthresh = maxCwnd) with α = initialAlpha. */
  open(slot) {
    this.openSlot(slot);
    this.cwnd[slot] = this.initCwnd;
    this.ssthresh[slot] = this.maxCwnd;
    this.alpha[slot] = this.alpha0;
    if (this.htsim !== 0) this.windowEnd[slot] = 2 * this.mss;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /** An ACK of `ackedBytes`, `ecn` when it echoes CE (ECE). Returns DCTCP_* bits, or E_SLOT / E_ARG. */
  onAck(slot, nowNs, ackedBytes, ecn) {
    if (!(this.live[slot] === 1 && validBytes4(ackedBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], ackedBytes);
    const acked = this.acked[slot] + ackedBytes | 0;
    this.acked[slot] = acked;
    const winAcked = this.winAcked[slot] + ackedBytes;
    this.winAcked[slot] = winAcked < 1073741823 /* CounterMax */ ? winAcked : 1073741823 /* CounterMax */;
    if (ecn) {
      const winMarked = this.winMarked[slot] + ackedBytes;
      this.winMarked[slot] = winMarked < 1073741823 /* CounterMax */ ? winMarked : 1073741823 /* CounterMax */;
    }
    let flags = this.flags[slot];
    if ((flags & 1 /* Reduced */) !== 0 && (acked - this.recover[slot] | 0) > 0) {
      flags &= ~1 /* Reduced */;
      this.flags[slot] = flags;
    }
    if (this.htsim !== 0) return this.ackHtsim(slot, ackedBytes, ecn);
    let r = 0;
    if ((acked - this.windowEnd[slot] | 0) > 0) {
      this.updateAlpha(slot);
      this.windowEnd[slot] = this.sent[slot];
      r = 4 /* Alpha */;
    }
    if ((flags & 1 /* Reduced */) !== 0) return r;
    if (ecn) {
      this.cutWindow(slot);
      this.recover[slot] = this.sent[slot];
      this.flags[slot] = flags | 1 /* Reduced */;
      return r | 2 /* Decrease */;
    }
    return r | this.grow(slot, ackedBytes);
  }
  /**
   * A loss reported by a NACK, duplicate ACKs or a trim (RFC 5681 §3.2): `bytes` leave inflight;
   * unless the window was already reduced for this window of data, ssthresh = max(cwnd/2, 2·SMSS)
   * and cwnd = ssthresh.
   */
  onNack(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes4(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const flags = this.flags[slot];
    if ((flags & 1 /* Reduced */) !== 0) return 0;
    const half = this.cwnd[slot] >> 1;
    const ssthresh = half > 2 * this.mss ? half : 2 * this.mss;
    this.ssthresh[slot] = ssthresh;
    this.cwnd[slot] = ssthresh < this.maxCwnd ? ssthresh : this.maxCwnd;
    this.caAcked[slot] = 0;
    this.recover[slot] = this.sent[slot];
    this.flags[slot] = flags | 1 /* Reduced */;
    return 2 /* Decrease */;
  }
  /** A retransmission timeout (RFC 5681 §3.1 eq. (4)): ssthresh = max(FlightSize/2, 2·SMSS), cwnd = 1 SMSS. */
  onTimeout(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes4(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    const flight = this.inflight[slot] > 0 ? this.inflight[slot] : 0;
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const half = flight >> 1;
    this.ssthresh[slot] = half > 2 * this.mss ? half : 2 * this.mss;
    this.cwnd[slot] = this.mss;
    this.caAcked[slot] = 0;
    this.recover[slot] = this.sent[slot];
    this.flags[slot] |= 1 /* Reduced */;
    return 2 /* Decrease */;
  }
  /** `bytes` leave for the network (SND.NXT advances). */
  onSend(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes4(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    this.sent[slot] = this.sent[slot] + bytes | 0;
    return 0;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  canSend(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes4(bytes))) {
      this.errors++;
      return false;
    }
    return this.inflight[slot] + bytes <= this.cwnd[slot];
  }
  cwndBytes(slot) {
    return this.cwnd[slot] | 0;
  }
  ssthreshBytes(slot) {
    return this.ssthresh[slot] | 0;
  }
  alphaValue(slot) {
    return this.alpha[slot] / 65536 /* One */;
  }
  inflightBytes(slot) {
    return this.inflight[slot] | 0;
  }
  /** True during CWR or loss recovery. */
  reduced(slot) {
    return this.isOpen(slot) && (this.flags[slot] & 1 /* Reduced */) !== 0;
  }
  // ---------------------------------------------------------------------------------------
  // Steps
  /**
   * htsim dctcp.cpp receivePacket: an ECE ends slow start; once a window's worth of bytes has
   * been acked, α is updated and, if α > 0, the window is cut; then TCP growth as usual.
   */
  ackHtsim(slot, ackedBytes, ecn) {
    if (ecn && this.ssthresh[slot] > this.cwnd[slot]) this.ssthresh[slot] = this.cwnd[slot];
    let r = 0;
    if (this.winAcked[slot] >= this.windowEnd[slot]) {
      this.updateAlpha(slot);
      r = 4 /* Alpha */;
      if (this.alpha[slot] > 0) {
        this.cutWindow(slot);
        r |= 2 /* Decrease */;
      }
      this.windowEnd[slot] = this.cwnd[slot];
    }
    return r | this.grow(slot, ackedBytes);
  }
  /** RFC 8257 §3.3 steps 5–8: α ← (1 − g)α + g·M; the counters restart. */
  updateAlpha(slot) {
    const acked = this.winAcked[slot];
    const m = acked > 0 ? mulDiv(this.winMarked[slot], 65536 /* One */, acked) : 0;
    this.alpha[slot] = mulDiv(this.alpha[slot], 65536 /* One */ - this.gQ16, 65536 /* One */) + mulDiv(m, this.gQ16, 65536 /* One */);
    this.winAcked[slot] = 0;
    this.winMarked[slot] = 0;
  }
  /** cwnd ← max(SMSS, cwnd (1 − α/2)); ssthresh ← cwnd (RFC 8257 §3.4). */
  cutWindow(slot) {
    const next = mulDiv(this.cwnd[slot], 131072 /* Two */ - this.alpha[slot], 131072 /* Two */);
    const w = next > this.mss ? next : this.mss;
    this.cwnd[slot] = w;
    this.ssthresh[slot] = w;
    this.caAcked[slot] = 0;
  }
  /** RFC 5681 slow start, RFC 3465 congestion avoidance; never above maxCwnd. */
  grow(slot, ackedBytes) {
    const cwnd = this.cwnd[slot];
    if (cwnd >= this.maxCwnd || ackedBytes === 0) return 0;
    let next;
    if (cwnd < this.ssthresh[slot]) {
      next = cwnd + (ackedBytes < this.mss ? ackedBytes : this.mss);
    } else {
      const counted = this.caAcked[slot] + ackedBytes;
      if (counted < cwnd) {
        this.caAcked[slot] = counted;
        return 0;
      }
      this.caAcked[slot] = counted - cwnd < cwnd ? counted - cwnd : 0;
      next = cwnd + this.mss;
    }
    this.cwnd[slot] = next < this.maxCwnd ? next : this.maxCwnd;
    return 1 /* Increase */;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/cc/mprdma/params.ts
var MPRDMA_PARAM_NAMES = [
  "profile",
  "mssBytes",
  "linkGbps",
  "baseRttNs",
  "decreaseMss",
  "nackDecreaseMss",
  "maxCwndBytes",
  "minCwndBytes",
  "initCwndBytes",
  "carryRemainder"
];
function resolveMprdmaParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (MPRDMA_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Mprdma: unknown parameter ${k}`);
  }
  const profile = input.profile === void 0 ? "paper" : input.profile;
  if (profile !== "paper" && profile !== "htsim") throw new RangeError(`Mprdma: unknown profile ${String(profile)}`);
  const mssBytes = input.mssBytes === void 0 ? 4096 : input.mssBytes;
  const linkGbps = input.linkGbps === void 0 ? 100 : input.linkGbps;
  const baseRttNs = input.baseRttNs === void 0 ? 12e3 : input.baseRttNs;
  const bdp = Math.floor(linkGbps * baseRttNs / 8);
  const maxCwndBytes = input.maxCwndBytes === void 0 ? Math.max(bdp, mssBytes) : input.maxCwndBytes;
  const htsim = profile === "htsim";
  const p = {
    profile,
    mssBytes,
    linkGbps,
    baseRttNs,
    decreaseMss: htsim ? 0.15 : 0.5,
    nackDecreaseMss: htsim ? 0 : 0.5,
    maxCwndBytes,
    minCwndBytes: mssBytes,
    initCwndBytes: maxCwndBytes,
    carryRemainder: !htsim
  };
  for (const k of Object.keys(input)) {
    p[k] = input[k];
  }
  validate5(p);
  return p;
}
function need6(ok, what) {
  if (!ok) throw new RangeError(`Mprdma: ${what}`);
}
function inRange3(x, lo, hi) {
  return typeof x === "number" && x >= lo && x <= hi;
}
function validate5(p) {
  const int = (x) => typeof x === "number" && Number.isInteger(x);
  need6(inRange3(p.mssBytes, 64, 65535) && int(p.mssBytes), "mssBytes must be an integer in [64, 65535]");
  need6(inRange3(p.linkGbps, 1e-3, 1e5), "linkGbps must be in (0, 100000]");
  need6(inRange3(p.baseRttNs, 1, 2 ** 30), "baseRttNs must be in [1, 2^30]");
  need6(inRange3(p.decreaseMss, 0, 64), "decreaseMss must be in [0, 64]");
  need6(inRange3(p.nackDecreaseMss, 0, 64), "nackDecreaseMss must be in [0, 64]");
  need6(inRange3(p.minCwndBytes, 1, 2 ** 30) && int(p.minCwndBytes), "minCwndBytes must be an integer in [1, 2^30]");
  need6(inRange3(p.maxCwndBytes, p.minCwndBytes, 2 ** 30) && int(p.maxCwndBytes), "maxCwndBytes must be an integer in [minCwndBytes, 2^30]");
  need6(inRange3(p.initCwndBytes, p.minCwndBytes, p.maxCwndBytes) && int(p.initCwndBytes), "initCwndBytes must be an integer in [minCwndBytes, maxCwndBytes]");
  need6(typeof p.carryRemainder === "boolean", "carryRemainder must be a boolean");
}

// lib/cc/mprdma/mprdma.ts
var LAYOUT10 = {
  cwnd: "i32",
  // bytes
  inflight: "i32",
  // bytes, signed
  carry: "i32"
  // remainder of MSS × acked / cwnd, below cwnd
};
function validBytes5(x) {
  return (x | 0) === x && x >= 0 && x <= 1073741824 /* MaxEventBytes */;
}
var Mprdma = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT10, capacity);
    this.cwnd = this.col.cwnd;
    this.inflight = this.col.inflight;
    this.carry = this.col.carry;
    const p = resolveMprdmaParams(params);
    this.params = Object.freeze(p);
    this.mss = p.mssBytes;
    this.decQ16 = q16(p.decreaseMss);
    this.nackDecQ16 = q16(p.nackDecreaseMss);
    this.minCwnd = p.minCwndBytes;
    this.maxCwnd = p.maxCwndBytes;
    this.initCwnd = p.initCwndBytes;
    this.carryOn = p.carryRemainder ? 1 : 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT10);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      onAck: ["slot", "nowNs", "ackedBytes", "ecn"],
      onNack: ["slot", "nowNs", "bytes"],
      onTimeout: ["slot", "nowNs", "bytes"],
      onSend: ["slot", "nowNs", "bytes"],
      canSend: ["slot", "bytes"]
    };
  }
  open(slot) {
    this.openSlot(slot);
    this.cwnd[slot] = this.initCwnd;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /** An ACK of `ackedBytes`, `ecn` when it echoes CE. Returns MPRDMA_* bits, or E_SLOT / E_ARG. */
  onAck(slot, nowNs, ackedBytes, ecn) {
    if (!(this.live[slot] === 1 && validBytes5(ackedBytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], ackedBytes);
    if (ackedBytes === 0) return 0;
    const cwnd = this.cwnd[slot];
    if (ecn) return this.decrease(slot, cwnd, this.decQ16, ackedBytes);
    const num = this.carry[slot] + this.mss * ackedBytes;
    const inc = Math.floor(num / cwnd);
    if (this.carryOn !== 0) this.carry[slot] = num - inc * cwnd;
    if (inc === 0 || cwnd >= this.maxCwnd) return 0;
    const next = cwnd + inc;
    this.cwnd[slot] = next < this.maxCwnd ? next : this.maxCwnd;
    return 1 /* Increase */;
  }
  /** A NACK (trim or loss) of `bytes`: they leave inflight; the window drops by nackDecreaseMss per MSS. */
  onNack(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes5(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    if (this.nackDecQ16 === 0 || bytes === 0) return 0;
    return this.decrease(slot, this.cwnd[slot], this.nackDecQ16, bytes);
  }
  /** A retransmission timeout: `bytes` leave inflight; the sources define no window reaction. */
  onTimeout(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes5(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    return 0;
  }
  onSend(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes5(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    return 0;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  canSend(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes5(bytes))) {
      this.errors++;
      return false;
    }
    return this.inflight[slot] + bytes <= this.cwnd[slot];
  }
  cwndBytes(slot) {
    return this.cwnd[slot] | 0;
  }
  inflightBytes(slot) {
    return this.inflight[slot] | 0;
  }
  // ---------------------------------------------------------------------------------------
  /** MP-RDMA: cwnd −= 1/2 per marked packet (htsim: 0.15 MSS), floored at minCwndBytes. */
  decrease(slot, cwnd, decQ16, bytes) {
    const next = cwnd - Math.ceil(decQ16 * bytes / 65536 /* One */);
    const w = next > this.minCwnd ? next : this.minCwnd;
    if (w >= cwnd) return 0;
    this.cwnd[slot] = w;
    if (this.carry[slot] >= w) this.carry[slot] = 0;
    return 2 /* Decrease */;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/cc/swift/params.ts
var CONSTANT_NAMES3 = [
  "mtuBytes",
  "baseTargetNs",
  "hopScalingNs",
  "fsRangeNs",
  "fsMinCwndPkts",
  "fsMaxCwndPkts",
  "aiPkts",
  "beta",
  "maxMdf",
  "minCwndPkts",
  "maxCwndPkts",
  "initCwndPkts",
  "retransmitLimit",
  "rttSmoothing",
  "delaySmoothing",
  "minRtoNs",
  "rtoScalar",
  "endpointTargetNs",
  "minEcwndPkts",
  "maxEcwndPkts"
];
var BEHAVIOUR_NAMES3 = ["lossDecrease", "decreaseGate"];
var SWIFT_PARAM_NAMES = ["profile", ...CONSTANT_NAMES3, ...BEHAVIOUR_NAMES3];
var SWIFT_MAX_CWND_PKTS = 32767;
var GOOGLE = {
  mtuBytes: 4096,
  baseTargetNs: 25e3,
  hopScalingNs: 1e3,
  fsRangeNs: 1e5,
  fsMinCwndPkts: 0.1,
  fsMaxCwndPkts: 256,
  aiPkts: 1,
  beta: 0.8,
  maxMdf: 0.5,
  minCwndPkts: 0.01,
  maxCwndPkts: 256,
  // An RDMA flow starts at line rate (Reflex §II-C observation 1); Isekai leaves it to the caller.
  initCwndPkts: 256,
  retransmitLimit: 3,
  rttSmoothing: 0.75,
  delaySmoothing: 0,
  minRtoNs: 25e4,
  rtoScalar: 2,
  endpointTargetNs: 0,
  minEcwndPkts: 1,
  maxEcwndPkts: 256,
  // Isekai: max_decrease_on_eack_nack_drop defaults to false.
  lossDecrease: false,
  decreaseGate: "sample"
};
var PROFILES = {
  google: GOOGLE,
  paper: { ...GOOGLE, minCwndPkts: 1e-3, lossDecrease: true },
  reflex: { ...GOOGLE, minCwndPkts: 1e-3, lossDecrease: true, baseTargetNs: 200, hopScalingNs: 1e3 },
  htsim: {
    ...GOOGLE,
    baseTargetNs: 2e4,
    hopScalingNs: 2e4 / 6.55,
    fsRangeNs: 1e5,
    fsMaxCwndPkts: 100,
    minCwndPkts: 10 / 4096,
    // htsim: 10 bytes
    maxCwndPkts: 1e3,
    initCwndPkts: 15,
    // main_swift default
    retransmitLimit: 5,
    rttSmoothing: 7 / 8,
    minRtoNs: 1e5,
    lossDecrease: true,
    decreaseGate: "smoothed"
  }
};
function flowScaling(fsRangeNs, fsMinCwndPkts, fsMaxCwndPkts) {
  const alphaNs = fsRangeNs / (1 / Math.sqrt(fsMinCwndPkts) - 1 / Math.sqrt(fsMaxCwndPkts));
  return { alphaNs, betaNs: -alphaNs / Math.sqrt(fsMaxCwndPkts) };
}
function resolveSwiftParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (SWIFT_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Swift: unknown parameter ${k}`);
  }
  const profile = input.profile === void 0 ? "google" : input.profile;
  const base = PROFILES[profile];
  if (!base) throw new RangeError(`Swift: unknown profile ${String(profile)}`);
  const p = { ...base, profile };
  if (profile === "htsim" && input.mtuBytes !== void 0) p.minCwndPkts = 10 / input.mtuBytes;
  for (const k of Object.keys(input)) {
    p[k] = input[k];
  }
  validate6(p);
  return p;
}
function need7(ok, what) {
  if (!ok) throw new RangeError(`Swift: ${what}`);
}
function inRange4(x, lo, hi) {
  return typeof x === "number" && x >= lo && x <= hi;
}
function validate6(p) {
  const MAX_NS = 2 ** 30;
  need7(inRange4(p.mtuBytes, 64, 65535) && Number.isInteger(p.mtuBytes), "mtuBytes must be an integer in [64, 65535]");
  need7(inRange4(p.baseTargetNs, 0, MAX_NS), "baseTargetNs must be in [0, 2^30]");
  need7(inRange4(p.hopScalingNs, 0, 2 ** 24), "hopScalingNs must be in [0, 2^24]");
  need7(inRange4(p.fsRangeNs, 0, MAX_NS), "fsRangeNs must be in [0, 2^30]");
  need7(inRange4(p.fsMinCwndPkts, 1 / 65536, SWIFT_MAX_CWND_PKTS), "fsMinCwndPkts must be in [2^-16, 32767]");
  need7(inRange4(p.fsMaxCwndPkts, 1 / 65536, SWIFT_MAX_CWND_PKTS) && p.fsMaxCwndPkts > p.fsMinCwndPkts, "fsMaxCwndPkts must exceed fsMinCwndPkts");
  need7(inRange4(p.aiPkts, 0, 16), "aiPkts must be in [0, 16]");
  need7(inRange4(p.beta, 0, 16), "beta must be in [0, 16]");
  need7(inRange4(p.maxMdf, 0, 1), "maxMdf must be in [0, 1]");
  need7(inRange4(p.minCwndPkts, 1 / 65536, SWIFT_MAX_CWND_PKTS), "minCwndPkts must be in [2^-16, 32767]");
  need7(inRange4(p.maxCwndPkts, p.minCwndPkts, SWIFT_MAX_CWND_PKTS), "maxCwndPkts must be in [minCwndPkts, 32767]");
  need7(inRange4(p.initCwndPkts, p.minCwndPkts, p.maxCwndPkts), "initCwndPkts must be in [minCwndPkts, maxCwndPkts]");
  need7(inRange4(p.retransmitLimit, 1, 255) && Number.isInteger(p.retransmitLimit), "retransmitLimit must be an integer in [1, 255]");
  need7(inRange4(p.rttSmoothing, 0, 1), "rttSmoothing must be in [0, 1]");
  need7(inRange4(p.delaySmoothing, 0, 1), "delaySmoothing must be in [0, 1]");
  need7(inRange4(p.minRtoNs, 0, MAX_NS), "minRtoNs must be in [0, 2^30]");
  need7(inRange4(p.rtoScalar, 0, 64), "rtoScalar must be in [0, 64]");
  need7(inRange4(p.endpointTargetNs, 0, MAX_NS), "endpointTargetNs must be in [0, 2^30] (0: no endpoint window)");
  need7(inRange4(p.minEcwndPkts, 1 / 65536, SWIFT_MAX_CWND_PKTS), "minEcwndPkts must be in [2^-16, 32767]");
  need7(inRange4(p.maxEcwndPkts, p.minEcwndPkts, SWIFT_MAX_CWND_PKTS), "maxEcwndPkts must be in [minEcwndPkts, 32767]");
  need7(typeof p.lossDecrease === "boolean", "lossDecrease must be a boolean");
  need7(p.decreaseGate === "sample" || p.decreaseGate === "smoothed", "decreaseGate must be sample or smoothed");
}

// lib/cc/swift/swift.ts
var LAYOUT11 = {
  cwnd: "i32",
  // Q16 packets, fabric window
  ecwnd: "i32",
  // Q16 packets, endpoint window (only with endpointTargetNs > 0)
  inflight: "i32",
  // bytes, signed
  srtt: "i32",
  // ns, smoothed RTT
  sdelay: "i32",
  // ns, smoothed fabric delay (equals the last sample without smoothing)
  hopTarget: "i32",
  // ns, base target + hop scaling of this flow
  lastDec: "i32",
  // tick of the last fabric-window decrease
  lastEDec: "i32",
  // tick of the last endpoint-window decrease
  flags: "u8",
  // Fl bits
  retx: "u8"
  // consecutive retransmission timeouts (saturates at 255)
};
function validBytes6(x) {
  return (x | 0) === x && x >= 0 && x <= 1073741824 /* MaxEventBytes */;
}
var Swift = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT11, capacity);
    this.cwnd = this.col.cwnd;
    this.ecwnd = this.col.ecwnd;
    this.inflight = this.col.inflight;
    this.srtt = this.col.srtt;
    this.sdelay = this.col.sdelay;
    this.hopTarget = this.col.hopTarget;
    this.lastDec = this.col.lastDec;
    this.lastEDec = this.col.lastEDec;
    this.flags = this.col.flags;
    this.retx = this.col.retx;
    const p = resolveSwiftParams(params);
    this.params = Object.freeze(p);
    const fs = flowScaling(p.fsRangeNs, p.fsMinCwndPkts, p.fsMaxCwndPkts);
    this.fsAlphaNs = fs.alphaNs;
    this.fsBetaNs = fs.betaNs;
    this.mtu = p.mtuBytes;
    this.alpha256 = fs.alphaNs * 256;
    this.alpha256SqLow = this.alpha256 * this.alpha256 * (1 - 1e-12);
    this.alpha256SqHigh = this.alpha256 * this.alpha256 * (1 + 1e-12);
    this.betaNs = fs.betaNs;
    this.fsRangeNs = Math.floor(p.fsRangeNs);
    this.aiQ16 = q16(p.aiPkts);
    this.betaQ16 = q16(p.beta);
    this.maxMdfQ16 = q16(p.maxMdf);
    this.minCwnd = Math.max(1, Math.round(p.minCwndPkts * 65536 /* One */));
    this.maxCwnd = Math.round(p.maxCwndPkts * 65536 /* One */);
    this.initCwnd = Math.round(p.initCwndPkts * 65536 /* One */);
    this.retxLimit = p.retransmitLimit;
    this.rttOldQ16 = q16(p.rttSmoothing);
    this.delayOldQ16 = q16(p.delaySmoothing);
    this.minRtoNs = Math.round(p.minRtoNs);
    this.rtoScalarQ16 = q16(p.rtoScalar);
    this.eTarget = Math.round(p.endpointTargetNs);
    this.minEcwnd = Math.max(1, Math.round(p.minEcwndPkts * 65536 /* One */));
    this.maxEcwnd = Math.round(p.maxEcwndPkts * 65536 /* One */);
    this.baseTargetNs = Math.round(p.baseTargetNs);
    this.hopScalingNs = p.hopScalingNs;
    this.lossDecrease = p.lossDecrease ? 1 : 0;
    this.gateSmoothed = p.decreaseGate === "smoothed" ? 1 : 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT11);
  }
  static {
    this.api = {
      open: ["slot", "hops"],
      close: ["slot"],
      onAck: ["slot", "nowNs", "ackedBytes", "rttNs", "remoteDelayNs"],
      onDelaySample: ["slot", "nowNs", "bytes", "rttNs", "remoteDelayNs"],
      onNack: ["slot", "nowNs", "bytes"],
      onTimeout: ["slot", "nowNs", "bytes"],
      onSend: ["slot", "nowNs", "bytes"],
      canSend: ["slot", "bytes"],
      pacingGapNs: ["slot", "bytes"]
    };
  }
  /**
   * Starts a flow at initCwndPkts. `hops` is the forward hop count (Swift §3.1 derives it from
   * the IP TTL); it fixes the flow's topology-scaled part of the target. A caller that drives
   * every cc module alike with `open(slot)` gets 0 hops (base target only).
   * @throws RangeError for a slot outside the table or hops not an integer in [0, 255].
   */
  open(slot, hops = 0) {
    if (!isIntIn(hops, 0, 255 /* MaxHops */)) {
      this.errors++;
      throw new RangeError(`Swift: hops must be an integer in [0, 255], got ${hops}`);
    }
    this.openSlot(slot);
    this.cwnd[slot] = this.initCwnd;
    this.ecwnd[slot] = this.maxEcwnd;
    this.hopTarget[slot] = this.baseTargetNs + Math.floor(hops * this.hopScalingNs);
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * An ACK newly acknowledging `ackedBytes`, with its RTT (t4 − t1) and the remote host's share
   * of it (t3 − t2; 0 when the NIC does not separate it): fabric delay = rttNs − remoteDelayNs.
   * `rttNs <= 0` means no delay sample (e.g. an end-to-end ACK under Reflex): bookkeeping only.
   * Resets the retransmission count. Returns SWIFT_* bits, or E_SLOT / E_ARG.
   */
  onAck(slot, nowNs, ackedBytes, rttNs, remoteDelayNs) {
    if (!(this.live[slot] === 1 && validBytes6(ackedBytes) && rttNs <= 1073741824 /* MaxNs */ && remoteDelayNs >= 0 && remoteDelayNs <= 1073741824 /* MaxNs */ && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    const inflight = this.inflight[slot] - ackedBytes;
    this.inflight[slot] = inflight > -2147483648 ? inflight : -2147483648;
    this.retx[slot] = 0;
    if (!(rttNs > 0)) return 0;
    return this.control(slot, nowNs | 0, ackedBytes, rttNs >= 1 ? rttNs | 0 : 1, remoteDelayNs | 0);
  }
  /**
   * A delay sample that acknowledges nothing, covering `bytes` of the flow's data for the
   * additive increase: a Reflex pseudo-ACK (NSF, §III-C) carrying the near-source RTT.
   * Inflight and the retransmission count are untouched.
   */
  onDelaySample(slot, nowNs, bytes, rttNs, remoteDelayNs) {
    if (!(this.live[slot] === 1 && validBytes6(bytes) && rttNs >= 1 && rttNs <= 1073741824 /* MaxNs */ && remoteDelayNs >= 0 && remoteDelayNs <= 1073741824 /* MaxNs */ && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    return this.control(slot, nowNs | 0, bytes, rttNs | 0, remoteDelayNs | 0);
  }
  /**
   * A loss detected by a NACK, SACK or trim (Swift Alg. 1 fast recovery): `bytes` leave
   * inflight, and with lossDecrease the window is cut by max_mdf if an RTT (smoothed) has passed
   * since the last decrease.
   */
  onNack(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes6(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    if (this.lossDecrease === 0) return 0;
    const now = nowNs | 0;
    if (!this.canDecrease(slot, now, this.srtt[slot])) return 0;
    return this.setCwnd(slot, now, mulDiv(this.cwnd[slot], 65536 /* One */ - this.maxMdfQ16, 65536 /* One */)) ? 2 /* Decrease */ : 0;
  }
  /**
   * A retransmission timeout for `bytes` (Swift Alg. 1; Isekai ComputeTimeoutFabricCongestionWindow):
   * if an RTT (smoothed) has passed since the last decrease, the first consecutive timeout cuts
   * by max_mdf and the retransmitLimit-th and later ones drop the window to its floor.
   */
  onTimeout(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes6(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satSub(this.inflight[slot], bytes);
    const retx = this.retx[slot] < 255 ? this.retx[slot] + 1 : 255;
    this.retx[slot] = retx;
    const now = nowNs | 0;
    if (!this.canDecrease(slot, now, this.srtt[slot])) return 0;
    if (retx === 1) {
      return this.setCwnd(slot, now, mulDiv(this.cwnd[slot], 65536 /* One */ - this.maxMdfQ16, 65536 /* One */)) ? 2 /* Decrease */ : 0;
    }
    if (retx >= this.retxLimit) {
      return this.setCwnd(slot, now, this.minCwnd) ? 2 /* Decrease */ | 32 /* MinWindow */ : 32 /* MinWindow */;
    }
    return 0;
  }
  /** `bytes` leave for the network. Returns SWIFT_PACE while the window is below one packet. */
  onSend(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes6(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    return this.effective(slot) < 65536 /* One */ ? 16 /* Pace */ : 0;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  /**
   * True when `bytes` more fit in the window. Below one packet the window admits one packet
   * at a time and the NIC spaces them by pacingGapNs (Swift Alg. 1).
   */
  canSend(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes6(bytes))) {
      this.errors++;
      return false;
    }
    const w = this.cwndBytes(slot);
    return this.inflight[slot] + bytes <= (w > this.mtu ? w : this.mtu);
  }
  /** The effective window min(fcwnd, ecwnd) in bytes, rounded down. */
  cwndBytes(slot) {
    return Math.floor(this.effective(slot) * this.mtu / 65536 /* One */);
  }
  /** The effective window in packets. */
  cwndPackets(slot) {
    return this.effective(slot) / 65536 /* One */;
  }
  fabricCwndPackets(slot) {
    return this.cwnd[slot] / 65536 /* One */;
  }
  endpointCwndPackets(slot) {
    return this.ecwnd[slot] / 65536 /* One */;
  }
  inflightBytes(slot) {
    return this.inflight[slot] | 0;
  }
  srttNs(slot) {
    return this.srtt[slot] | 0;
  }
  /** The (smoothed) fabric delay last compared with the target. */
  delayNs(slot) {
    return this.sdelay[slot] | 0;
  }
  retransmitCount(slot) {
    return this.retx[slot] | 0;
  }
  /** The flow's target delay at its current fabric window (Swift §3.1). */
  targetDelayNs(slot) {
    return this.isOpen(slot) ? this.target(slot, this.cwnd[slot]) : 0;
  }
  /**
   * Time to leave after sending `bytes`: 0 while the window is at least one packet; below it,
   * bytes × srtt / cwndBytes (one packet every srtt / cwnd, Isekai GetInterPacketGap), rounded
   * down and saturated at 2^31 − 1 ns. E_SLOT / E_ARG for bad input.
   */
  pacingGapNs(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes6(bytes))) return this.reject(slot);
    const w = this.effective(slot);
    if (w >= 65536 /* One */) return 0;
    const perPacket = mulDiv(this.srtt[slot], 65536 /* One */, w);
    const gap = Math.floor(perPacket * bytes / this.mtu);
    return gap < 2147483647 /* GapCap */ ? gap : 2147483647 /* GapCap */;
  }
  /** Isekai GetRetransmitTimeout: max(minRto, rtoScalar × srtt + pacing gap of one packet). */
  rtoNs(slot) {
    if (!this.isOpen(slot)) return 0;
    const gap = this.pacingGapNs(slot, this.mtu);
    const rto = Math.floor(this.srtt[slot] * this.rtoScalarQ16 / 65536 /* One */) + gap;
    return rto > this.minRtoNs ? rto < 2147483647 /* GapCap */ ? rto : 2147483647 /* GapCap */ : this.minRtoNs;
  }
  // ---------------------------------------------------------------------------------------
  // The control law
  /**
   * Swift Alg. 1 on one delay sample covering `acked` bytes. The common path (smoothing,
   * target, additive increase) is kept here so that V8 inlines it into both handlers; the
   * decrease and the endpoint window are calls.
   */
  control(slot, now, acked, rtt, remote) {
    const delay = this.smooth(slot, rtt, rtt > remote ? rtt - remote : 0);
    const cwnd = this.cwnd[slot];
    let r = 0;
    if (this.belowTarget(slot, cwnd, delay)) {
      const ackedQ16 = acked === this.mtu ? 65536 /* One */ : this.ackedQ16(acked);
      const inc = mulDiv(this.aiQ16, ackedQ16, cwnd >= 65536 /* One */ ? cwnd : 65536 /* One */);
      const next = cwnd + inc < this.maxCwnd ? cwnd + inc : this.maxCwnd;
      this.cwnd[slot] = next;
      if (next > cwnd) r = 1 /* Increase */;
    } else {
      r = this.highDelay(slot, now, cwnd, delay, rtt);
    }
    if (this.eTarget !== 0) return this.withEndpoint(slot, now, acked, remote, rtt, r);
    return this.cwnd[slot] < 65536 /* One */ ? r | 16 /* Pace */ : r;
  }
  /** Updates the smoothed RTT and returns the (smoothed) fabric delay to compare with the target. */
  smooth(slot, rtt, fabric) {
    const flags = this.flags[slot];
    let delay = fabric;
    if ((flags & 1 /* RttSeen */) !== 0) {
      this.srtt[slot] = Math.floor((this.srtt[slot] * this.rttOldQ16 + rtt * (65536 /* One */ - this.rttOldQ16)) / 65536 /* One */);
      if (this.delayOldQ16 !== 0) {
        delay = Math.floor((this.sdelay[slot] * this.delayOldQ16 + fabric * (65536 /* One */ - this.delayOldQ16)) / 65536 /* One */);
      }
    } else {
      this.srtt[slot] = rtt;
      this.flags[slot] = flags | 1 /* RttSeen */;
    }
    this.sdelay[slot] = delay;
    return delay;
  }
  /** Alg. 1: cwnd ×= 1 − min(β (delay − target)/delay, max_mdf), at most once per RTT. */
  highDelay(slot, now, cwnd, delay, rtt) {
    if (!this.canDecrease(slot, now, this.gateSmoothed !== 0 ? this.srtt[slot] : rtt)) return 0;
    return this.setCwnd(slot, now, this.decreased(cwnd, delay, this.target(slot, cwnd))) ? 2 /* Decrease */ : 0;
  }
  /**
   * delay < target(cwnd), decided exactly as `target` would but without its square root and
   * division in the common case. With d = delay − hop part, in [0, fs_range):
   * d < floor(y) ⟺ y ≥ d + 1, where y = α·256/√cwnd + β; since d + 1 − β > 0 that is
   * (α·256)² ≥ (d + 1 − β)² · cwnd. Products within 1e-12 of each other (far wider than their
   * rounding error) are settled by the exact rule.
   */
  belowTarget(slot, cwnd, delay) {
    const d = delay - this.hopTarget[slot];
    if (d < 0) return true;
    if (d >= this.fsRangeNs) return false;
    const t = d + 1 - this.betaNs;
    const z = t * t * cwnd;
    if (z < this.alpha256SqLow) return true;
    if (z > this.alpha256SqHigh) return false;
    return delay < this.target(slot, cwnd);
  }
  /** Packets acknowledged in Q16: floor(acked × 2^16 / mtu), capped at 2^31. */
  ackedQ16(acked) {
    const q = Math.floor(acked * 65536 /* One */ / this.mtu);
    return q < 2147483648 /* AckedCap */ ? q : 2147483648 /* AckedCap */;
  }
  /** Swift §3.1: base target + hop scaling + flow scaling clamped to [0, fs_range]. */
  target(slot, cwnd) {
    let fs = Math.floor(this.alpha256 / Math.sqrt(cwnd) + this.betaNs);
    if (fs < 0) fs = 0;
    else if (fs > this.fsRangeNs) fs = this.fsRangeNs;
    return this.hopTarget[slot] + fs;
  }
  decreased(w, delay, target) {
    let md = mulDiv(this.betaQ16, delay - target, delay);
    if (md > this.maxMdfQ16) md = this.maxMdfQ16;
    return mulDiv(w, 65536 /* One */ - md, 65536 /* One */);
  }
  withEndpoint(slot, now, acked, remote, rtt, r) {
    const e = r | this.endpoint(slot, now, this.ackedQ16(acked), remote, rtt);
    return this.effective(slot) < 65536 /* One */ ? e | 16 /* Pace */ : e;
  }
  /** The endpoint window: the same AIMD on the remote host delay against endpointTargetNs. */
  endpoint(slot, now, ackedQ16, remote, rtt) {
    const w = this.ecwnd[slot];
    if (remote < this.eTarget) {
      const inc = w >= 65536 /* One */ ? mulDiv(this.aiQ16, ackedQ16, w) : mulDiv(this.aiQ16, ackedQ16, 65536 /* One */);
      const next2 = w + inc < this.maxEcwnd ? w + inc : this.maxEcwnd;
      this.ecwnd[slot] = next2;
      return next2 > w ? 4 /* EndpointIncrease */ : 0;
    }
    const flags = this.flags[slot];
    const gate = this.gateSmoothed !== 0 ? this.srtt[slot] : rtt;
    if ((flags & 4 /* EDecreased */) !== 0 && (now - this.lastEDec[slot] | 0) < gate) return 0;
    let next = this.decreased(w, remote, this.eTarget);
    if (next < this.minEcwnd) next = this.minEcwnd;
    if (next >= w) return 0;
    this.ecwnd[slot] = next;
    this.lastEDec[slot] = now;
    this.flags[slot] = flags | 4 /* EDecreased */;
    return 8 /* EndpointDecrease */;
  }
  /** At most one decrease per RTT: true when none happened yet or `rtt` has passed since. */
  canDecrease(slot, now, rtt) {
    return (this.flags[slot] & 2 /* Decreased */) === 0 || (now - this.lastDec[slot] | 0) >= rtt;
  }
  /** Clamps and stores a lowered fabric window; a real decrease restarts the RTT gate. */
  setCwnd(slot, now, w) {
    const next = w < this.minCwnd ? this.minCwnd : w > this.maxCwnd ? this.maxCwnd : w;
    if (next >= this.cwnd[slot]) return false;
    this.cwnd[slot] = next;
    this.lastDec[slot] = now;
    this.flags[slot] |= 2 /* Decreased */;
    return true;
  }
  effective(slot) {
    const f = this.cwnd[slot];
    if (this.eTarget === 0) return f;
    const e = this.ecwnd[slot];
    return e < f ? e : f;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/cc/timely/params.ts
var CONSTANT_NAMES4 = [
  "linkGbps",
  "initRateGbps",
  "minRateMbps",
  "deltaMbps",
  "haiDeltaMbps",
  "haiThreshold",
  "tLowNs",
  "tHighNs",
  "beta",
  "ewmaWeight",
  "minRttNs",
  "windowBytes"
];
var BEHAVIOUR_NAMES4 = ["updateMode", "haiCounting", "varWindow"];
var TIMELY_PARAM_NAMES = ["profile", ...CONSTANT_NAMES4, ...BEHAVIOUR_NAMES4];
var TIMELY_MAX_GBPS = 2e3;
function resolveTimelyParams(input = {}) {
  for (const k of Object.keys(input)) {
    if (TIMELY_PARAM_NAMES.indexOf(k) < 0) throw new RangeError(`Timely: unknown parameter ${k}`);
  }
  const profile = input.profile === void 0 ? "paper" : input.profile;
  if (profile !== "paper" && profile !== "hpcc") throw new RangeError(`Timely: unknown profile ${String(profile)}`);
  const linkGbps = input.linkGbps === void 0 ? 100 : input.linkGbps;
  const hpcc = profile === "hpcc";
  const deltaMbps = input.deltaMbps === void 0 ? hpcc ? linkGbps : 10 : input.deltaMbps;
  const p = {
    profile,
    linkGbps,
    initRateGbps: linkGbps,
    minRateMbps: hpcc ? 1e3 : deltaMbps,
    deltaMbps,
    haiDeltaMbps: 5 * deltaMbps,
    haiThreshold: 5,
    tLowNs: 5e4,
    tHighNs: 5e5,
    beta: 0.8,
    ewmaWeight: 0.875,
    minRttNs: 2e4,
    windowBytes: 0,
    updateMode: hpcc ? "rtt" : "completion",
    haiCounting: hpcc ? "increase" : "gradient",
    varWindow: false
  };
  for (const k of Object.keys(input)) {
    p[k] = input[k];
  }
  validate7(p);
  return p;
}
function need8(ok, what) {
  if (!ok) throw new RangeError(`Timely: ${what}`);
}
function inRange5(x, lo, hi) {
  return typeof x === "number" && x >= lo && x <= hi;
}
function validate7(p) {
  need8(inRange5(p.linkGbps, 1e-3, TIMELY_MAX_GBPS), "linkGbps must be in (0, 2000]");
  need8(inRange5(p.minRateMbps, 1e-3, p.linkGbps * 1e3), "minRateMbps must be in (0, linkGbps]");
  need8(inRange5(p.initRateGbps, p.minRateMbps / 1e3, p.linkGbps), "initRateGbps must be in [minRate, linkGbps]");
  need8(inRange5(p.deltaMbps, 0, p.linkGbps * 1e3), "deltaMbps must be in [0, linkGbps]");
  need8(inRange5(p.haiDeltaMbps, 0, p.linkGbps * 1e3), "haiDeltaMbps must be in [0, linkGbps]");
  need8(inRange5(p.haiThreshold, 1, 1e3) && Number.isInteger(p.haiThreshold), "haiThreshold must be an integer in [1, 1000]");
  need8(inRange5(p.tLowNs, 0, 2 ** 30), "tLowNs must be in [0, 2^30]");
  need8(inRange5(p.tHighNs, p.tLowNs, 2 ** 30) && p.tHighNs >= 1, "tHighNs must be in [max(tLowNs, 1), 2^30]");
  need8(inRange5(p.beta, 0, 1), "beta must be in [0, 1]");
  need8(inRange5(p.ewmaWeight, 1 / 65536, 1), "ewmaWeight must be in [2^-16, 1]");
  need8(inRange5(p.minRttNs, 1, 2 ** 24), "minRttNs must be in [1, 2^24]");
  need8(inRange5(p.windowBytes, 0, 2 ** 30) && Number.isInteger(p.windowBytes), "windowBytes must be an integer in [0, 2^30]");
  need8(p.updateMode === "completion" || p.updateMode === "rtt", "updateMode must be completion or rtt");
  need8(p.haiCounting === "gradient" || p.haiCounting === "increase", "haiCounting must be gradient or increase");
  need8(typeof p.varWindow === "boolean", "varWindow must be a boolean");
}

// lib/cc/timely/timely.ts
var LAYOUT12 = {
  rate: "i32",
  // kb/s
  prevRtt: "i32",
  // ns, the RTT of the previous update
  rttDiff: "i32",
  // Q8 ns, EWMA of RTT differences
  count: "i32",
  // HAI counter (see haiCounting)
  inflight: "i32",
  // bytes, signed
  acked: "i32",
  // bytes acknowledged, wrapping
  sent: "i32",
  // bytes sent, wrapping
  mark: "i32",
  // `sent` at the last update (per-RTT mode), wrapping
  flags: "u8"
};
function validBytes7(x) {
  return (x | 0) === x && x >= 0 && x <= 1073741824 /* MaxEventBytes */;
}
var Timely = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT12, capacity);
    this.rate = this.col.rate;
    this.prevRtt = this.col.prevRtt;
    this.rttDiff = this.col.rttDiff;
    this.count = this.col.count;
    this.inflight = this.col.inflight;
    this.acked = this.col.acked;
    this.mark = this.col.mark;
    this.sent = this.col.sent;
    this.flags = this.col.flags;
    const p = resolveTimelyParams(params);
    this.params = Object.freeze(p);
    this.lineKbps = Math.round(p.linkGbps * 1e6);
    this.minKbps = Math.max(1, Math.round(p.minRateMbps * 1e3));
    this.initKbps = Math.round(p.initRateGbps * 1e6);
    this.deltaKbps = Math.round(p.deltaMbps * 1e3);
    this.haiKbps = Math.round(p.haiDeltaMbps * 1e3);
    this.haiThreshold = p.haiThreshold;
    this.tLow = Math.round(p.tLowNs);
    this.tHigh = Math.max(1, Math.round(p.tHighNs));
    this.betaQ16 = q16(p.beta);
    this.ewmaQ16 = q16(p.ewmaWeight);
    this.minRtt = Math.round(p.minRttNs);
    this.window = p.windowBytes;
    this.perRtt = p.updateMode === "rtt" ? 1 : 0;
    this.countIncreases = p.haiCounting === "increase" ? 1 : 0;
    this.varWindow = p.varWindow ? 1 : 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT12);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      onAck: ["slot", "nowNs", "ackedBytes", "rttNs"],
      onDelaySample: ["slot", "nowNs", "rttNs"],
      onSend: ["slot", "nowNs", "bytes"],
      canSend: ["slot", "bytes"],
      pacingGapNs: ["slot", "bytes"]
    };
  }
  /** Starts a flow at initRateGbps with no RTT history. */
  open(slot) {
    this.openSlot(slot);
    this.rate[slot] = this.initKbps;
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /**
   * A completion (ACK) of `ackedBytes` with its RTT. `rttNs <= 0` means no sample: bookkeeping
   * only. In per-RTT mode only an ACK that passes the data outstanding at the last update runs
   * the control law. The first sample only records the RTT. Returns TIMELY_* bits (0: no rate
   * change), or E_SLOT / E_ARG.
   */
  onAck(slot, nowNs, ackedBytes, rttNs) {
    if (!(this.live[slot] === 1 && validBytes7(ackedBytes) && rttNs <= 1073741824 /* MaxNs */ && nowNs - nowNs === 0)) {
      return this.reject(slot);
    }
    this.inflight[slot] = satSub(this.inflight[slot], ackedBytes);
    const acked = this.acked[slot] + ackedBytes | 0;
    this.acked[slot] = acked;
    if (!(rttNs > 0)) return 0;
    if (this.perRtt !== 0 && (this.flags[slot] & 1 /* Started */) !== 0 && (acked - this.mark[slot] | 0) <= 0) return 0;
    return this.update(slot, rttNs >= 1 ? rttNs | 0 : 1);
  }
  /**
   * An RTT sample that acknowledges nothing (a Reflex pseudo-ACK's near-source RTT, §III-C):
   * always a full update, whatever updateMode says, since the feedback interval plays the RTT.
   */
  onDelaySample(slot, nowNs, rttNs) {
    if (!(this.live[slot] === 1 && rttNs >= 1 && rttNs <= 1073741824 /* MaxNs */ && nowNs - nowNs === 0)) return this.reject(slot);
    return this.update(slot, rttNs | 0);
  }
  /** `bytes` leave for the network (inflight for the optional window, and the per-RTT mark). */
  onSend(slot, nowNs, bytes) {
    if (!(this.live[slot] === 1 && validBytes7(bytes) && nowNs - nowNs === 0)) return this.reject(slot);
    this.inflight[slot] = satAdd(this.inflight[slot], bytes);
    this.sent[slot] = this.sent[slot] + bytes | 0;
    return 0;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  /**
   * TIMELY is rate based: true unless a window is configured and `bytes` more would exceed it
   * (a flow with nothing in flight may always send one). Pace with pacingGapNs.
   */
  canSend(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes7(bytes))) {
      this.errors++;
      return false;
    }
    if (this.window === 0) return true;
    const inflight = this.inflight[slot];
    return inflight <= 0 || inflight + bytes <= this.windowBytes(slot);
  }
  rateBps(slot) {
    return this.rate[slot] * 1e3;
  }
  /** Serialisation time of `bytes` at the current rate, rounded up. E_SLOT / E_ARG for bad input. */
  pacingGapNs(slot, bytes) {
    if (!(this.live[slot] === 1 && validBytes7(bytes))) return this.reject(slot);
    const gap = Math.ceil(bytes * 8e6 / this.rate[slot]);
    return gap < 2147483647 /* GapCap */ ? gap : 2147483647 /* GapCap */;
  }
  /** The send window in bytes (0: none), scaled by rate / line rate with varWindow. */
  windowBytes(slot) {
    if (this.window === 0 || this.varWindow === 0) return this.window;
    return mulDiv(this.window, this.rate[slot], this.lineKbps);
  }
  inflightBytes(slot) {
    return this.inflight[slot] | 0;
  }
  /** The EWMA of RTT differences, rounded down to whole ns. */
  rttDiffNs(slot) {
    return this.rttDiff[slot] >> 8;
  }
  /** The normalised gradient rtt_diff / minRTT. */
  gradient(slot) {
    return mulDiv(this.rttDiff[slot], 256, this.minRtt) / 65536 /* One */;
  }
  /** The HAI counter (consecutive gradients ≤ 0, or consecutive increases, per haiCounting). */
  haiCount(slot) {
    return this.count[slot] | 0;
  }
  // ---------------------------------------------------------------------------------------
  // The control law
  /** TIMELY Alg. 1 on one RTT sample (kept small so that V8 inlines it into the handlers). */
  update(slot, rtt) {
    const flags = this.flags[slot];
    this.mark[slot] = this.sent[slot];
    if ((flags & 1 /* Started */) === 0) {
      this.prevRtt[slot] = rtt;
      this.flags[slot] = flags | 1 /* Started */;
      return 0;
    }
    const avg = this.averageDiff(slot, rtt);
    const nonPositive = avg * 256 < this.minRtt;
    const count = this.countIncreases === 0 ? this.countGradient(slot, nonPositive) : this.count[slot];
    if (rtt < this.tLow) return this.lowIncrease(slot, count);
    if (rtt > this.tHigh) return this.highDecrease(slot, rtt);
    if (nonPositive) return this.gradientIncrease(slot, count);
    return this.gradientDecrease(slot, avg);
  }
  /** Paper HAI counting: consecutive completions with a gradient ≤ 0, this one included. */
  countGradient(slot, nonPositive) {
    const c = this.count[slot];
    const count = nonPositive ? c < 1073741823 /* CountMax */ ? c + 1 : c : 0;
    this.count[slot] = count;
    return count;
  }
  /** Alg. 1: rtt < T_low → rate + δ (HPCC: the HAI step once the stage reached 5). */
  lowIncrease(slot, count) {
    return this.countIncreases !== 0 && count >= this.haiThreshold ? this.increase(slot, count, this.haiKbps, 1 /* LowIncrease */ | 16 /* Hai */) : this.increase(slot, count, this.deltaKbps, 1 /* LowIncrease */);
  }
  /** Alg. 1: rtt > T_high → rate (1 − β (1 − T_high / new_rtt)). */
  highDecrease(slot, rtt) {
    return this.decrease(slot, 65536 /* One */ - mulDiv(this.betaQ16, 65536 /* One */ - mulDiv(this.tHigh, 65536 /* One */, rtt), 65536 /* One */), 2 /* HighDecrease */);
  }
  /** Alg. 1: gradient ≤ 0 → rate + N δ, N = 5 in hyper-active increase. */
  gradientIncrease(slot, count) {
    return count >= this.haiThreshold ? this.increase(slot, count, this.haiKbps, 4 /* GradientIncrease */ | 16 /* Hai */) : this.increase(slot, count, this.deltaKbps, 4 /* GradientIncrease */);
  }
  /** Alg. 1: normalized_gradient = rtt_diff / minRTT > 0 → rate (1 − β · gradient), the factor not below 0. */
  gradientDecrease(slot, avg) {
    const c = 65536 /* One */ - mulDiv(this.betaQ16, mulDiv(avg, 256, this.minRtt), 65536 /* One */);
    return this.decrease(slot, c > 0 ? c : 0, 8 /* GradientDecrease */);
  }
  /** Alg. 1: new_rtt_diff = rtt − prev_rtt, rtt_diff ← (1 − α) rtt_diff + α new_rtt_diff (returned, Q8 ns). */
  averageDiff(slot, rtt) {
    let diff = rtt - this.prevRtt[slot];
    this.prevRtt[slot] = rtt;
    if (diff > 8388607 /* MaxDiffNs */) diff = 8388607 /* MaxDiffNs */;
    else if (diff < -8388607) diff = -8388607;
    const d = this.rttDiff[slot];
    const avg = d + Math.floor((diff * 256 - d) * this.ewmaQ16 / 65536 /* One */);
    this.rttDiff[slot] = avg;
    return avg;
  }
  increase(slot, count, stepKbps, r) {
    const next = this.rate[slot] + stepKbps;
    this.rate[slot] = next < this.lineKbps ? next : this.lineKbps;
    if (this.countIncreases !== 0) this.count[slot] = count < 1073741823 /* CountMax */ ? count + 1 : count;
    return r;
  }
  decrease(slot, cQ16, r) {
    const next = mulDiv(this.rate[slot], cQ16, 65536 /* One */);
    this.rate[slot] = next > this.minKbps ? next : this.minKbps;
    if (this.countIncreases !== 0) this.count[slot] = 0;
    return r;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/lb/ecmp/ecmp.ts
var LAYOUT13 = {
  ev: "u16"
};
var NAMES5 = ["evCount", "salt"];
var Ecmp = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or a value out of range. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT13, capacity);
    this.evs = this.col.ev;
    for (const k of Object.keys(params)) if (NAMES5.indexOf(k) < 0) throw new RangeError(`Ecmp: unknown parameter ${k}`);
    const evCount = params.evCount ?? 65536;
    const salt = params.salt ?? 0;
    if (!(Number.isInteger(evCount) && evCount >= 1 && evCount <= 65536)) throw new RangeError("Ecmp: evCount must be an integer in [1, 65536]");
    if (!(Number.isInteger(salt) && salt >= -2147483648 && salt <= 4294967295)) throw new RangeError("Ecmp: salt must be a 32-bit integer");
    this.params = Object.freeze({ evCount, salt });
    this.evCount = evCount;
    this.salt = salt | 0;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT13);
  }
  static {
    this.api = {
      open: ["slot", "flowId"],
      close: ["slot"],
      choosePath: ["slot", "nowNs", "psn"],
      onPathFeedback: ["slot", "nowNs", "ev", "kind"],
      ev: ["slot"]
    };
  }
  /**
   * Opens a flow and fixes its EV from `flowId` (a 32-bit integer, signed or unsigned).
   * @throws RangeError for a slot outside the table or a flowId that is not a 32-bit integer.
   */
  open(slot, flowId) {
    if (!(Number.isInteger(flowId) && flowId >= -2147483648 && flowId <= 4294967295)) {
      this.errors++;
      throw new RangeError(`Ecmp: flowId must be a 32-bit integer, got ${flowId}`);
    }
    this.openSlot(slot);
    const h = hash3(flowId | 0, this.salt, 0) >>> 0;
    this.evs[slot] = Math.floor(h * this.evCount / 4294967296);
  }
  /** The flow's EV, the same for every packet. */
  choosePath(slot, nowNs, psn) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    return this.evs[slot];
  }
  /** ECMP ignores feedback; it only checks it (an EV other than the flow's is E_STATE). Returns 0. */
  onPathFeedback(slot, nowNs, ev, kind) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 65535) === ev)) {
      return this.reject(slot);
    }
    return ev === this.evs[slot] ? 0 : this.fail(E_STATE);
  }
  /** Reader: the flow's EV (−1 for a closed slot). */
  ev(slot) {
    return this.isOpen(slot) ? this.evs[slot] : -1;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/lb/flowlet/flowlet.ts
var LAYOUT14 = {
  ev: "u16",
  last: "i32",
  // tick of the last packet (send mode) or feedback (feedback mode)
  holdUntil: "i32",
  // tick: no re-path before it (minRerouteNs)
  flags: "u8"
  // F bits
};
var NAMES6 = ["gapNs", "gapFrom", "minRerouteNs", "evCount", "seed"];
var Flowlet = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or a value out of range. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT14, capacity);
    this.evs = this.col.ev;
    this.last = this.col.last;
    this.holdUntil = this.col.holdUntil;
    this.flags = this.col.flags;
    /** New flowlets (re-paths) since construction, all flows: choosePath returns only the EV. */
    this.flowletCount = 0;
    for (const k of Object.keys(params)) if (NAMES6.indexOf(k) < 0) throw new RangeError(`Flowlet: unknown parameter ${k}`);
    const p = {
      gapNs: params.gapNs ?? 7e3,
      gapFrom: params.gapFrom ?? "send",
      minRerouteNs: params.minRerouteNs ?? 0,
      evCount: params.evCount ?? 65536,
      seed: params.seed ?? 1
    };
    const need12 = (ok, what) => {
      if (!ok) throw new RangeError(`Flowlet: ${what}`);
    };
    need12(Number.isInteger(p.gapNs) && p.gapNs >= 0 && p.gapNs <= 2 ** 30, "gapNs must be an integer in [0, 2^30]");
    need12(p.gapFrom === "send" || p.gapFrom === "feedback", "gapFrom must be send or feedback");
    need12(Number.isInteger(p.minRerouteNs) && p.minRerouteNs >= 0 && p.minRerouteNs <= 2 ** 30, "minRerouteNs must be an integer in [0, 2^30]");
    need12(Number.isInteger(p.evCount) && p.evCount >= 1 && p.evCount <= 65536, "evCount must be an integer in [1, 65536]");
    need12(Number.isInteger(p.seed), "seed must be an integer");
    this.params = Object.freeze(p);
    this.rng = new Xoshiro128(p.seed);
    this.gapNs = p.gapNs;
    this.fromFeedback = p.gapFrom === "feedback" ? 1 : 0;
    this.minRerouteNs = p.minRerouteNs;
    this.evCount = p.evCount;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT14);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      choosePath: ["slot", "nowNs", "psn"],
      onPathFeedback: ["slot", "nowNs", "ev", "kind"]
    };
  }
  /** Opens a flow on a random EV. */
  open(slot) {
    this.openSlot(slot);
    this.evs[slot] = this.rng.nextBelow(this.evCount);
  }
  /** The EV for the next packet: a new random one when it follows a gap longer than gapNs. */
  choosePath(slot, nowNs, psn) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const now = nowNs | 0;
    const fl = this.flags[slot];
    if ((fl & 1 /* Seen */) !== 0 && (now - this.last[slot] | 0) > this.gapNs) this.newFlowlet(slot, now, fl);
    if (this.fromFeedback === 0) {
      this.last[slot] = now;
      this.flags[slot] |= 1 /* Seen */;
    }
    return this.evs[slot];
  }
  /** In feedback mode, feedback restarts the gap clock; otherwise it is only checked. Returns 0. */
  onPathFeedback(slot, nowNs, ev, kind) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 65535) === ev)) {
      return this.reject(slot);
    }
    if (ev >= this.evCount) return this.fail(E_STATE);
    if (this.fromFeedback !== 0) {
      this.last[slot] = nowNs | 0;
      this.flags[slot] |= 1 /* Seen */;
    }
    return 0;
  }
  ev(slot) {
    return this.isOpen(slot) ? this.evs[slot] : -1;
  }
  newFlowlet(slot, now, fl) {
    if ((fl & 2 /* Held */) !== 0) {
      if ((now - this.holdUntil[slot] | 0) < 0) return;
      this.flags[slot] = fl & ~2 /* Held */;
    }
    this.evs[slot] = this.rng.nextBelow(this.evCount);
    this.flowletCount++;
    if (this.minRerouteNs > 0) {
      this.holdUntil[slot] = now + this.minRerouteNs | 0;
      this.flags[slot] |= 2 /* Held */;
    }
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/lb/ops/ops.ts
var LAYOUT15 = {
  set: "u16",
  pos: "u16",
  // uec: index i in the current cycle
  keyA: "u16",
  // uec: odd multiplier
  keyB: "u16",
  // uec: offset
  keyC: "u16",
  // uec: odd multiplier
  cycles: "u8"
  // uec: cycles completed with the current key
};
var NAMES7 = ["mode", "evCount", "sets", "reshuffleCycles", "seed"];
var Ops = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or a value out of range. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT15, capacity);
    this.setOf = this.col.set;
    this.pos = this.col.pos;
    this.keyA = this.col.keyA;
    this.keyB = this.col.keyB;
    this.keyC = this.col.keyC;
    this.cycles = this.col.cycles;
    for (const k of Object.keys(params)) if (NAMES7.indexOf(k) < 0) throw new RangeError(`Ops: unknown parameter ${k}`);
    const mode = params.mode ?? "uniform";
    if (mode !== "uniform" && mode !== "weighted" && mode !== "uec") throw new RangeError(`Ops: unknown mode ${String(mode)}`);
    const evCount = params.evCount ?? (mode === "uec" ? 256 : 65536);
    const reshuffleCycles = params.reshuffleCycles ?? 1;
    const seed = params.seed ?? 1;
    const sets = params.sets;
    if (!(Number.isInteger(evCount) && evCount >= 1 && evCount <= 65536)) throw new RangeError("Ops: evCount must be an integer in [1, 65536]");
    if (mode === "uec" && !isPowerOfTwo(evCount)) throw new RangeError("Ops: uec mode needs a power-of-two evCount");
    if (mode === "uec" && sets !== void 0) throw new RangeError("Ops: uec mode sprays over 0 \u2026 evCount \u2212 1; it takes no sets");
    if (!(Number.isInteger(reshuffleCycles) && reshuffleCycles >= 1 && reshuffleCycles <= 255)) {
      throw new RangeError("Ops: reshuffleCycles must be an integer in [1, 255]");
    }
    if (!Number.isInteger(seed)) throw new RangeError("Ops: seed must be an integer");
    if (mode === "weighted" && sets === void 0) throw new RangeError("Ops: weighted mode needs sets with weights");
    this.params = Object.freeze({ mode, evCount, sets, reshuffleCycles, seed });
    this.modeId = mode === "uniform" ? 0 : mode === "weighted" ? 1 : 2;
    this.evCount = evCount;
    this.mask = evCount - 1;
    const bits = Math.round(Math.log2(evCount));
    this.shift = bits + 1 >> 1;
    this.reshuffle = reshuffleCycles;
    this.rng = new Xoshiro128(seed);
    this.implicit = sets === void 0 ? 1 : 0;
    this.sets = sets === void 0 ? 1 : sets.length;
    const list = [];
    const starts = [0];
    const probs = [];
    const aliases = [];
    this.member = new Uint32Array(2048);
    if (sets !== void 0) {
      if (!Array.isArray(sets) || sets.length < 1 || sets.length > 65536) throw new RangeError("Ops: sets must be a list of 1 \u2026 65536 sets");
      for (const s of sets) {
        const evs = s.evs;
        if (!Array.isArray(evs) || evs.length < 1 || evs.length > 65536) throw new RangeError("Ops: every set needs 1 \u2026 65536 EVs");
        for (const ev of evs) {
          if (!(Number.isInteger(ev) && ev >= 0 && ev <= 65535)) throw new RangeError(`Ops: EV ${ev} is not a 16-bit value`);
          this.member[ev >>> 5] |= 1 << (ev & 31);
        }
        const w = s.weights ?? evs.map(() => 1);
        if (w.length !== evs.length || !w.every((x) => typeof x === "number" && x > 0 && Number.isFinite(x))) {
          throw new RangeError("Ops: weights must be positive numbers, one per EV");
        }
        const at = list.length;
        const [p, al] = buildAlias(w);
        for (let i = 0; i < evs.length; i++) {
          list.push(evs[i]);
          probs.push(p[i]);
          aliases.push(at + al[i]);
        }
        starts.push(list.length);
      }
    }
    this.setStart = Int32Array.from(starts);
    this.evList = Uint16Array.from(list);
    this.prob = Int32Array.from(probs);
    this.alias = Int32Array.from(aliases);
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT15);
  }
  static {
    this.api = {
      open: ["slot", "set"],
      close: ["slot"],
      choosePath: ["slot", "nowNs", "psn"],
      onPathFeedback: ["slot", "nowNs", "ev", "kind"]
    };
  }
  /**
   * Opens a flow on EV set `set` (0 with the implicit set).
   * @throws RangeError for a slot outside the table or an unknown set.
   */
  open(slot, set) {
    if (!(Number.isInteger(set) && set >= 0 && set < this.sets)) {
      this.errors++;
      throw new RangeError(`Ops: set ${set} outside [0, ${this.sets})`);
    }
    this.openSlot(slot);
    this.setOf[slot] = set;
    if (this.modeId === 2) this.rekey(slot);
  }
  /** The EV of the next packet. */
  choosePath(slot, nowNs, psn) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    if (this.modeId === 2) {
      const i = this.pos[slot];
      const m = this.mask;
      const s = this.shift;
      const ka = this.keyA[slot];
      const kb = this.keyB[slot];
      let x = Math.imul(i, ka) + kb & m;
      x ^= x >>> s;
      x = Math.imul(x, this.keyC[slot]) + kb & m;
      x ^= x >>> s;
      x = Math.imul(x, ka) + kb & m;
      x ^= x >>> s;
      if (i === m) this.endCycle(slot);
      else this.pos[slot] = i + 1;
      return x;
    }
    if (this.implicit === 1) return this.rng.nextBelow(this.evCount);
    const set = this.setOf[slot];
    const start = this.setStart[set];
    const n = this.setStart[set + 1] - start;
    if (this.modeId === 0) return this.evList[start + this.rng.nextBelow(n)];
    const un = (this.rng.nextI32() >>> 0) * n;
    const c = Math.floor(un * 23283064365386963e-26);
    const coin = Math.floor((un - c * 4294967296) * 152587890625e-16);
    const col = start + c;
    const other = this.alias[col];
    return this.evList[other + (col - other & coin - this.prob[col] >> 31)];
  }
  /** Oblivious: feedback is checked, never used. Returns 0, or an error code. */
  onPathFeedback(slot, nowNs, ev, kind) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 65535) === ev)) {
      return this.reject(slot);
    }
    if (this.implicit === 1) return ev < this.evCount ? 0 : this.fail(E_STATE);
    return (this.member[ev >>> 5] & 1 << (ev & 31)) !== 0 ? 0 : this.fail(E_STATE);
  }
  /** Reader: position in the current uec cycle. */
  cyclePosition(slot) {
    return this.isOpen(slot) ? this.pos[slot] : -1;
  }
  /** The end of a uec cycle: count it, and redraw the key every `reshuffleCycles`. */
  endCycle(slot) {
    this.pos[slot] = 0;
    const c = this.cycles[slot] + 1;
    if (c >= this.reshuffle) this.rekey(slot);
    else this.cycles[slot] = c;
  }
  rekey(slot) {
    const m = this.mask;
    this.keyA[slot] = this.rng.nextI32() & m | 1;
    this.keyB[slot] = this.rng.nextI32() & m;
    this.keyC[slot] = this.rng.nextI32() & m | 1;
    this.cycles[slot] = 0;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};
function buildAlias(weights) {
  const n = weights.length;
  const total = weights.reduce((a, b) => a + b, 0);
  const scaled = new Float64Array(n);
  let sum = 0;
  let big = 0;
  for (let i = 0; i < n; i++) {
    scaled[i] = Math.round(weights[i] * n * 65536 /* Q16 */ / total);
    sum += scaled[i];
    if (weights[i] > weights[big]) big = i;
  }
  scaled[big] += n * 65536 /* Q16 */ - sum;
  const prob = new Uint32Array(n);
  const alias = new Uint32Array(n);
  const small = [];
  const large = [];
  for (let i = 0; i < n; i++) (scaled[i] < 65536 /* Q16 */ ? small : large).push(i);
  while (small.length > 0 && large.length > 0) {
    const s = small.pop();
    const l = large[large.length - 1];
    prob[s] = scaled[s];
    alias[s] = l;
    scaled[l] -= 65536 /* Q16 */ - scaled[s];
    if (scaled[l] < 65536 /* Q16 */) {
      large.pop();
      small.push(l);
    }
  }
  for (const i of large) {
    prob[i] = 65536 /* Q16 */;
    alias[i] = i;
  }
  for (const i of small) {
    prob[i] = 65536 /* Q16 */;
    alias[i] = i;
  }
  return [prob, alias];
}

// lib/lb/plb/plb.ts
var LAYOUT16 = {
  ev: "u16",
  roundEnd: "i32",
  // tick
  delivered: "u16",
  // packets fed back in this round (saturating)
  congested: "u16",
  // of which ECN or NACK (saturating)
  rounds: "u8",
  // consecutive congested rounds (saturating at 255)
  lastSend: "i32",
  // tick of the last choosePath
  pauseUntil: "i32",
  // tick: no congestion re-path before it
  flags: "u8"
  // F bits
};
var PROFILES2 = {
  linux: { congestionThreshold: 0.5, rehashRounds: 12, idleRehashRounds: 3 },
  "reps-artifact": { congestionThreshold: 0.25, rehashRounds: 2, idleRehashRounds: 0 }
};
var NAMES8 = [
  "profile",
  "congestionThreshold",
  "rehashRounds",
  "idleRehashRounds",
  "roundNs",
  "repathOnTimeout",
  "suspendAfterTimeoutNs",
  "evCount",
  "seed"
];
var Plb = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, or a value out of range. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT16, capacity);
    this.evs = this.col.ev;
    this.roundEnd = this.col.roundEnd;
    this.delivered = this.col.delivered;
    this.congested = this.col.congested;
    this.rounds = this.col.rounds;
    this.lastSend = this.col.lastSend;
    this.pauseUntil = this.col.pauseUntil;
    this.flags = this.col.flags;
    for (const k of Object.keys(params)) if (NAMES8.indexOf(k) < 0) throw new RangeError(`Plb: unknown parameter ${k}`);
    const profile = params.profile ?? "linux";
    const base = PROFILES2[profile];
    if (!base) throw new RangeError(`Plb: unknown profile ${String(profile)}`);
    const p = {
      profile,
      congestionThreshold: params.congestionThreshold ?? base.congestionThreshold,
      rehashRounds: params.rehashRounds ?? base.rehashRounds,
      idleRehashRounds: params.idleRehashRounds ?? base.idleRehashRounds,
      roundNs: params.roundNs ?? 14e3,
      repathOnTimeout: params.repathOnTimeout ?? true,
      suspendAfterTimeoutNs: params.suspendAfterTimeoutNs ?? 0,
      evCount: params.evCount ?? 65536,
      seed: params.seed ?? 1
    };
    const need12 = (ok, what) => {
      if (!ok) throw new RangeError(`Plb: ${what}`);
    };
    need12(typeof p.congestionThreshold === "number" && p.congestionThreshold > 0 && p.congestionThreshold <= 1, "congestionThreshold must be in (0, 1]");
    need12(Number.isInteger(p.rehashRounds) && p.rehashRounds >= 1 && p.rehashRounds <= 255, "rehashRounds must be an integer in [1, 255]");
    need12(Number.isInteger(p.idleRehashRounds) && p.idleRehashRounds >= 0 && p.idleRehashRounds <= 255, "idleRehashRounds must be an integer in [0, 255]");
    need12(Number.isInteger(p.roundNs) && p.roundNs >= 1 && p.roundNs <= 2 ** 30, "roundNs must be an integer in [1, 2^30]");
    need12(typeof p.repathOnTimeout === "boolean", "repathOnTimeout must be a boolean");
    need12(Number.isInteger(p.suspendAfterTimeoutNs) && p.suspendAfterTimeoutNs >= 0 && p.suspendAfterTimeoutNs <= 2 ** 30, "suspendAfterTimeoutNs must be an integer in [0, 2^30]");
    need12(Number.isInteger(p.evCount) && p.evCount >= 2 && p.evCount <= 65536, "evCount must be an integer in [2, 65536]");
    need12(Number.isInteger(p.seed), "seed must be an integer");
    this.params = Object.freeze(p);
    this.rng = new Xoshiro128(p.seed);
    this.thresholdQ8 = Math.ceil(p.congestionThreshold * 256);
    this.rehashRounds = p.rehashRounds;
    this.idleRounds = p.idleRehashRounds;
    this.roundNs = p.roundNs;
    this.repathOnTimeout = p.repathOnTimeout ? 1 : 0;
    this.suspendNs = p.suspendAfterTimeoutNs;
    this.evCount = p.evCount;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT16);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      choosePath: ["slot", "nowNs", "psn"],
      onPathFeedback: ["slot", "nowNs", "ev", "kind"]
    };
  }
  /** Opens a flow on a random EV. */
  open(slot) {
    this.openSlot(slot);
    this.evs[slot] = this.rng.nextBelow(this.evCount);
  }
  /** The flow's current EV. A flow idle for a round re-paths here after idleRehashRounds congested rounds. */
  choosePath(slot, nowNs, psn) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const now = nowNs | 0;
    const fl = this.flags[slot];
    if (this.idleRounds !== 0 && (fl & 2 /* Sent */) !== 0 && (now - this.lastSend[slot] | 0) >= this.roundNs && this.rounds[slot] >= this.idleRounds) {
      this.repath(slot);
    }
    this.lastSend[slot] = now;
    this.flags[slot] = fl | 2 /* Sent */;
    return this.evs[slot];
  }
  /** One delivered (or lost) packet. Returns PLB_* bits. */
  onPathFeedback(slot, nowNs, ev, kind) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 65535) === ev)) {
      return this.reject(slot);
    }
    if (ev >= this.evCount) return this.fail(E_STATE);
    const now = nowNs | 0;
    if (kind === 3 /* Timeout */) return this.onTimeout(slot, now);
    const d = this.delivered[slot];
    if (d !== 65535) this.delivered[slot] = d + 1;
    if (kind !== 0 /* Good */) {
      const c = this.congested[slot];
      if (c !== 65535) this.congested[slot] = c + 1;
    }
    const fl = this.flags[slot];
    if ((fl & 1 /* Started */) === 0) {
      this.flags[slot] = fl | 1 /* Started */;
      this.roundEnd[slot] = now + this.roundNs | 0;
      return 0;
    }
    if ((now - this.roundEnd[slot] | 0) < 0) return 0;
    return this.endRound(slot, now);
  }
  // Readers
  ev(slot) {
    return this.isOpen(slot) ? this.evs[slot] : -1;
  }
  congestedRounds(slot) {
    return this.isOpen(slot) ? this.rounds[slot] : -1;
  }
  // Rare steps
  /** §3: judge the round (congested when congested × 256 ≥ threshold_Q8 × delivered), start the next. */
  endRound(slot, now) {
    const delivered = this.delivered[slot];
    const congested = this.congested[slot];
    this.delivered[slot] = 0;
    this.congested[slot] = 0;
    this.roundEnd[slot] = now + this.roundNs | 0;
    let r = 1 /* RoundEnd */;
    if (congested * 256 >= this.thresholdQ8 * delivered) {
      r |= 2 /* Congested */;
      const n = this.rounds[slot];
      this.rounds[slot] = n === 255 ? 255 : n + 1;
    } else {
      this.rounds[slot] = 0;
    }
    const fl = this.flags[slot];
    if ((fl & 4 /* Paused */) !== 0) {
      if ((now - this.pauseUntil[slot] | 0) < 0) return r;
      this.flags[slot] = fl & ~4 /* Paused */;
    }
    if (this.rounds[slot] >= this.rehashRounds) {
      this.repath(slot);
      r |= 4 /* Repath */;
    }
    return r;
  }
  onTimeout(slot, now) {
    if (this.repathOnTimeout === 0) return 0;
    this.repath(slot);
    if (this.suspendNs > 0) {
      this.pauseUntil[slot] = now + this.suspendNs | 0;
      this.flags[slot] |= 4 /* Paused */;
    }
    return 4 /* Repath */;
  }
  /** A new random EV, different from the current one; the congested-round count starts over. */
  repath(slot) {
    const old = this.evs[slot];
    const fresh = this.rng.nextBelow(this.evCount - 1);
    this.evs[slot] = fresh >= old ? fresh + 1 : fresh;
    this.rounds[slot] = 0;
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/lb/reps/params.ts
var DEFAULT_BDP_BYTES = 15e4;
var DEFAULT_MTU_BYTES2 = 4150;
var PROFILES3 = {
  paper: {
    evCount: 65536,
    freezeTimeoutNs: 1e7,
    explorePackets: Math.ceil(DEFAULT_BDP_BYTES / DEFAULT_MTU_BYTES2),
    exploreAfterFreeze: "every-nth",
    freezeExitCheck: "good",
    frozenSelect: "paper",
    clearOnUnfreeze: false,
    freezing: true
  },
  artifact: {
    evCount: 65535,
    freezeTimeoutNs: 1e7,
    explorePackets: Math.floor(DEFAULT_BDP_BYTES / DEFAULT_MTU_BYTES2),
    exploreAfterFreeze: "all",
    freezeExitCheck: "any",
    frozenSelect: "cycle",
    clearOnUnfreeze: true,
    freezing: true
  },
  "uec-htsim": {
    evCount: 64,
    freezeTimeoutNs: 1e7,
    explorePackets: 16,
    exploreAfterFreeze: "all",
    freezeExitCheck: "any",
    frozenSelect: "cycle",
    clearOnUnfreeze: true,
    freezing: true
  }
};
var REPS_PARAM_NAMES = [
  "profile",
  "evCount",
  "freezeTimeoutNs",
  "explorePackets",
  "exploreAfterFreeze",
  "freezeExitCheck",
  "frozenSelect",
  "clearOnUnfreeze",
  "freezing",
  "trimming",
  "failureRttFactor",
  "baseRttNs",
  "seed"
];
function need9(ok, what) {
  if (!ok) throw new RangeError(`Reps: ${what}`);
}
function resolveRepsParams(input = {}) {
  for (const k of Object.keys(input)) need9(REPS_PARAM_NAMES.indexOf(k) >= 0, `unknown parameter ${k}`);
  const profile = input.profile ?? "paper";
  const base = PROFILES3[profile];
  need9(base !== void 0, `unknown profile ${String(profile)}`);
  const p = {
    profile,
    evCount: input.evCount ?? base.evCount,
    freezeTimeoutNs: input.freezeTimeoutNs ?? base.freezeTimeoutNs,
    explorePackets: input.explorePackets ?? base.explorePackets,
    exploreAfterFreeze: input.exploreAfterFreeze ?? base.exploreAfterFreeze,
    freezeExitCheck: input.freezeExitCheck ?? base.freezeExitCheck,
    frozenSelect: input.frozenSelect ?? base.frozenSelect,
    clearOnUnfreeze: input.clearOnUnfreeze ?? base.clearOnUnfreeze,
    freezing: input.freezing ?? base.freezing,
    trimming: input.trimming ?? true,
    failureRttFactor: input.failureRttFactor ?? 1.65,
    baseRttNs: input.baseRttNs ?? 14e3,
    seed: input.seed ?? 1
  };
  need9(Number.isInteger(p.evCount) && p.evCount >= 1 && p.evCount <= 65536, "evCount must be an integer in [1, 65536]");
  need9(Number.isInteger(p.freezeTimeoutNs) && p.freezeTimeoutNs >= 0 && p.freezeTimeoutNs <= 2 ** 30, "freezeTimeoutNs must be an integer in [0, 2^30]");
  need9(Number.isInteger(p.explorePackets) && p.explorePackets >= 0 && p.explorePackets <= 255, "explorePackets must be an integer in [0, 255] (an 8-bit counter)");
  need9(p.exploreAfterFreeze === "every-nth" || p.exploreAfterFreeze === "all", "exploreAfterFreeze must be every-nth or all");
  need9(p.freezeExitCheck === "good" || p.freezeExitCheck === "any", "freezeExitCheck must be good or any");
  need9(p.frozenSelect === "paper" || p.frozenSelect === "cycle", "frozenSelect must be paper or cycle");
  for (const b of ["clearOnUnfreeze", "freezing", "trimming"]) need9(typeof p[b] === "boolean", `${b} must be a boolean`);
  need9(p.frozenSelect !== "cycle" || p.clearOnUnfreeze, "frozenSelect cycle needs clearOnUnfreeze");
  need9(typeof p.failureRttFactor === "number" && p.failureRttFactor > 0 && p.failureRttFactor <= 1e3, "failureRttFactor must be in (0, 1000]");
  need9(typeof p.baseRttNs === "number" && p.baseRttNs >= 1 && p.baseRttNs <= 2 ** 29, "baseRttNs must be in [1, 2^29]");
  need9(Number.isInteger(p.seed), "seed must be an integer");
  return p;
}

// lib/lb/reps/reps.ts
var LAYOUT17 = {
  ring: ["u16", 8],
  // cachedEV[8]
  valid: "u8",
  // isValid[8] as a bit mask
  head: "u8",
  // next slot to write
  nValid: "u8",
  // numberOfValidEVs
  state: "u8",
  // isFreezingMode | count << 1 | frozenPtr << 5
  explore: "u8",
  // exploreCounter
  exitFreeze: "i32"
  // exitFreezingMode, ns tick
};
var Reps = class extends FlowTable {
  /** @throws RangeError for an unknown parameter or profile, a value out of range, or a bad capacity. */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT17, capacity);
    this.ring = this.col.ring;
    this.valid = this.col.valid;
    this.head = this.col.head;
    this.nValid = this.col.nValid;
    this.state = this.col.state;
    this.explore = this.col.explore;
    this.exitFreeze = this.col.exitFreeze;
    const p = resolveRepsParams(params);
    this.params = Object.freeze(p);
    this.rng = new Xoshiro128(p.seed);
    this.evCount = p.evCount;
    this.freezeNs = p.freezeTimeoutNs;
    this.explorePackets = p.explorePackets;
    this.exploreAll = p.exploreAfterFreeze === "all" ? 1 : 0;
    this.exitOnAny = p.freezeExitCheck === "any" ? 1 : 0;
    this.cycle = p.frozenSelect === "cycle" ? 1 : 0;
    this.clearOnExit = p.clearOnUnfreeze ? 1 : 0;
    this.freezing = p.freezing ? 1 : 0;
    this.trimming = p.trimming ? 1 : 0;
    this.failureRttNs = p.failureRttFactor * p.baseRttNs;
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT17);
  }
  static {
    this.api = {
      open: ["slot"],
      close: ["slot"],
      choosePath: ["slot", "nowNs", "psn"],
      onPathFeedback: ["slot", "nowNs", "ev", "kind"],
      onTimeoutRtt: ["slot", "nowNs", "ev", "recentMaxRttNs"],
      cached: ["slot", "i"]
    };
  }
  /** Opens a connection with an empty buffer: its first window is sprayed at random. */
  open(slot) {
    this.openSlot(slot);
  }
  /** Alg. 2: the EV for the next packet (new data, retransmission or probe). */
  choosePath(slot, nowNs, psn) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const explore = this.explore[slot];
    if (explore > 0) {
      this.explore[slot] = explore - 1;
      if (this.exploreAll !== 0 || (explore - 1 & 7 /* Mask */) === 0) return this.rng.nextBelow(this.evCount);
    }
    const st = this.state[slot];
    const nValid = this.nValid[slot];
    if ((st & 30 /* CountMask */) === 0 || nValid === 0 && (st & 1 /* Frozen */) === 0) return this.rng.nextBelow(this.evCount);
    if ((st & 1 /* Frozen */) !== 0 && this.cycle !== 0) return this.frozenCycle(slot, st);
    const base = slot << 3;
    if (nValid > 0) {
      const i = this.head[slot] - nValid & 7 /* Mask */;
      this.valid[slot] &= ~(1 << i);
      this.nValid[slot] = nValid - 1;
      return this.ring[base + i];
    }
    const h = this.head[slot];
    this.head[slot] = h + 1 & 7 /* Mask */;
    return this.ring[base + h];
  }
  /**
   * Feedback for a packet that carried `ev` (UEC process_ev). GOOD recycles it (Alg. 1); ECN and
   * NACK let it go; TIMEOUT is a failure when switches trim (Appendix A). Returns REPS_* bits.
   */
  onPathFeedback(slot, nowNs, ev, kind) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 65535) === ev && ev < this.evCount)) {
      return this.reject(slot);
    }
    const now = nowNs | 0;
    let r = 0;
    if (kind === 3 /* Timeout */ && this.trimming !== 0) r = this.failureDetected(slot, now);
    if (this.exitOnAny !== 0 && (this.state[slot] & 1 /* Frozen */) !== 0 && (now - this.exitFreeze[slot] | 0) > 0) {
      r |= this.unfreeze(slot);
    }
    if (kind !== 0 /* Good */) return r;
    const h = this.head[slot];
    const bit = 1 << h;
    const valid = this.valid[slot];
    if ((valid & bit) === 0) {
      this.valid[slot] = valid | bit;
      this.nValid[slot] += 1;
    }
    this.ring[(slot << 3) + h] = ev;
    this.head[slot] = h + 1 & 7 /* Mask */;
    const st = this.state[slot];
    if ((st & 30 /* CountMask */) !== 16 /* CountFull */) this.state[slot] = st + 2 /* CountOne */;
    if (this.exitOnAny === 0 && (st & 1 /* Frozen */) !== 0 && (now - this.exitFreeze[slot] | 0) > 0) {
      return r | 1 /* Cached */ | this.unfreeze(slot);
    }
    return r | 1 /* Cached */;
  }
  /**
   * A timeout without trimming (Appendix A): it is a failure, not congestion, when the largest RTT
   * seen recently stayed below failureRttFactor × baseRttNs (the artifact's test: max RTT of the
   * last ~2 RTO < 1.65 × base RTT). The caller keeps that maximum. With trimming on this is the
   * same as onPathFeedback(…, TIMEOUT). Returns REPS_FREEZE or 0.
   */
  onTimeoutRtt(slot, nowNs, ev, recentMaxRttNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (ev & 65535) === ev && ev < this.evCount && recentMaxRttNs >= 0 && recentMaxRttNs <= 2 ** 31)) {
      return this.reject(slot);
    }
    const now = nowNs | 0;
    let r = 0;
    if (this.trimming !== 0 || recentMaxRttNs < this.failureRttNs) r = this.failureDetected(slot, now);
    if (this.exitOnAny !== 0 && (this.state[slot] & 1 /* Frozen */) !== 0 && (now - this.exitFreeze[slot] | 0) > 0) {
      r |= this.unfreeze(slot);
    }
    return r;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  frozen(slot) {
    return this.isOpen(slot) && (this.state[slot] & 1 /* Frozen */) !== 0;
  }
  validCount(slot) {
    return this.isOpen(slot) ? this.nValid[slot] : -1;
  }
  exploreCounter(slot) {
    return this.isOpen(slot) ? this.explore[slot] : -1;
  }
  /** Slots ever written (0 … 8). */
  writtenCount(slot) {
    return this.isOpen(slot) ? (this.state[slot] & 30 /* CountMask */) >> 1 /* CountShift */ : -1;
  }
  headIndex(slot) {
    return this.isOpen(slot) ? this.head[slot] : -1;
  }
  /** The EV in ring slot i (for tests and vectors). */
  cached(slot, i) {
    return this.isOpen(slot) && i >= 0 && i < 8 /* N */ ? this.ring[(slot << 3) + i] : -1;
  }
  exitFreezeNs(slot) {
    return this.isOpen(slot) ? this.exitFreeze[slot] : -1;
  }
  // ---------------------------------------------------------------------------------------
  // Rare steps
  /** on_failure_detected: freeze unless frozen already or still exploring. */
  failureDetected(slot, now) {
    if (this.freezing === 0) return 0;
    const st = this.state[slot];
    if ((st & 1 /* Frozen */) !== 0 || this.explore[slot] !== 0) return 0;
    this.state[slot] = st | 1 /* Frozen */;
    this.exitFreeze[slot] = now + this.freezeNs | 0;
    return 2 /* Freeze */;
  }
  unfreeze(slot) {
    let st = this.state[slot] & ~1 /* Frozen */;
    this.explore[slot] = this.explorePackets;
    if (this.clearOnExit !== 0) {
      this.valid[slot] = 0;
      this.nValid[slot] = 0;
      this.head[slot] = 0;
      st = 0;
      this.ring.fill(0, slot << 3, (slot << 3) + 8 /* N */);
    }
    this.state[slot] = st;
    return 4 /* Unfreeze */;
  }
  /** frozenSelect "cycle": the next written entry under a pointer of its own, marked used. */
  frozenCycle(slot, st) {
    const count = (st & 30 /* CountMask */) >> 1 /* CountShift */;
    const ptr = (st & 224 /* PtrMask */) >> 5 /* PtrShift */;
    const bit = 1 << ptr;
    const valid = this.valid[slot];
    if ((valid & bit) !== 0) {
      this.valid[slot] = valid & ~bit;
      this.nValid[slot] -= 1;
    }
    const next = ptr + 1 === count ? 0 : ptr + 1;
    this.state[slot] = st & ~224 /* PtrMask */ | next << 5 /* PtrShift */;
    return this.ring[(slot << 3) + ptr];
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// lib/lb/spritz/table.ts
var TABLE_II_LATENCY = Object.freeze({
  localLinkNs: 25,
  globalLinkNs: 500,
  linkGbps: 400,
  packetBytes: 4160,
  switchLatencyNs: 0
});
var META_NO_PATH = 15;
function buildTopology(spec) {
  if (spec.topology === "dragonfly") return new Dragonfly({ p: spec.p, a: spec.a, h: spec.h });
  if (spec.topology === "slimfly") return new SlimFly({ q: spec.q, p: spec.p });
  throw new RangeError(`unknown topology ${String(spec.topology)}`);
}
var EndpointTable = class {
  /**
   * @throws RangeError for a source switch outside the topology or a bad latency parameter.
   */
  constructor(topology, srcSwitch, options = {}) {
    if (!(Number.isInteger(srcSwitch) && srcSwitch >= 0 && srcSwitch < topology.switches)) {
      throw new RangeError(`EndpointTable: source switch ${srcSwitch} outside [0, ${topology.switches})`);
    }
    const lat = {
      localLinkNs: options.localLinkNs ?? TABLE_II_LATENCY.localLinkNs,
      globalLinkNs: options.globalLinkNs ?? TABLE_II_LATENCY.globalLinkNs,
      linkGbps: options.linkGbps ?? TABLE_II_LATENCY.linkGbps,
      packetBytes: options.packetBytes ?? TABLE_II_LATENCY.packetBytes,
      switchLatencyNs: options.switchLatencyNs ?? TABLE_II_LATENCY.switchLatencyNs
    };
    for (const k2 of Object.keys(lat)) {
      const v = lat[k2];
      if (!(typeof v === "number" && v >= 0 && v < 1e9)) throw new RangeError(`EndpointTable: ${k2} must be in [0, 1e9)`);
    }
    if (!(lat.linkGbps > 0)) throw new RangeError("EndpointTable: linkGbps must be positive");
    const cap = options.maxPathsPerDestination ?? 0;
    if (!(Number.isInteger(cap) && cap >= 0 && cap <= 65535)) {
      throw new RangeError("EndpointTable: maxPathsPerDestination must be an integer in [0, 65535]");
    }
    this.topology = topology;
    this.srcSwitch = srcSwitch;
    this.latency = Object.freeze(lat);
    this.maxPathsPerDestination = cap;
    const types = topology.kind === "dragonfly" ? DRAGONFLY_PATH_TYPES : SLIMFLY_PATH_TYPES;
    const serialisePs = lat.packetBytes * 8 * 1e3 / lat.linkGbps;
    const localPs = Math.round(lat.localLinkNs * 1e3 + serialisePs + lat.switchLatencyNs * 1e3);
    const globalPs = Math.round(lat.globalLinkNs * 1e3 + serialisePs + lat.switchLatencyNs * 1e3);
    const order = types.map((t, i) => ({ t, i, ps: t[0] * localPs + t[1] * globalPs }));
    order.sort((u, v) => u.ps - v.ps || u.i - v.i);
    const K = order.length;
    this.classCount = K;
    this.classLocal = Uint8Array.from(order.map((o) => o.t[0]));
    this.classGlobal = Uint8Array.from(order.map((o) => o.t[1]));
    this.classLatencyPs = Float64Array.from(order.map((o) => o.ps));
    const classOf = new Int8Array(8 * 8).fill(-1);
    order.forEach((o, c) => classOf[o.t[0] * 8 + o.t[1]] = c);
    const n = topology.switches;
    this.listStart = new Uint32Array(n + 1);
    this.metaStart = new Uint32Array(n + 1);
    this.classEnd = new Uint16Array(n * K);
    this.size1 = new Uint16Array(n);
    this.split = new Uint16Array(n);
    this.stride = new Uint16Array(n);
    let evOut = new Uint16Array(1024);
    let metaOut = new Uint8Array(1024);
    let entries = 0;
    let cells = 0;
    const counts = new Int32Array(K);
    const next = new Int32Array(K);
    const k = topology.networkPorts;
    const path = new Int32Array(8);
    for (let d = 0; d < n; d++) {
      this.listStart[d] = entries;
      this.metaStart[d] = cells;
      if (d === srcSwitch) continue;
      const shape = topology.cellShape(srcSwitch, d);
      this.size1[d] = shape.size1;
      this.split[d] = shape.split;
      this.stride[d] = shape.stride;
      const nCells = shape.split * shape.stride + (shape.size1 - shape.split);
      while (cells + nCells > metaOut.length) metaOut = grow8(metaOut);
      const m0 = cells;
      metaOut.fill(META_NO_PATH, m0, m0 + nCells);
      counts.fill(0);
      for (let e1 = 0; e1 < shape.size1; e1++) {
        const j1 = topology.ecmp1Port(srcSwitch, d, e1);
        const n1 = topology.neighbour[srcSwitch * k + j1];
        const in1 = topology.backPort[srcSwitch * k + j1];
        const expands = e1 < shape.split;
        const size2 = n1 === d ? 0 : topology.ecmp2Size(n1, in1, d);
        if (expands ? size2 !== shape.stride && n1 !== d : size2 !== 0) {
          throw new Error(`${topology.describe()}: ECMP 2 table of ${n1} does not match the cell shape`);
        }
        const e2End = size2 === 0 ? 1 : size2;
        for (let e2 = 0; e2 < e2End; e2++) {
          path[0] = srcSwitch;
          path[1] = n1;
          let len = 2;
          let local = topology.global[srcSwitch * k + j1] === 1 ? 0 : 1;
          let global = 1 - local;
          let cur = n1;
          if (size2 > 0) {
            const j2 = topology.ecmp2Port(n1, in1, d, e2);
            cur = topology.neighbour[n1 * k + j2];
            if (topology.global[n1 * k + j2] === 1) global++;
            else local++;
            if (cur === srcSwitch) continue;
            path[len++] = cur;
          }
          let simple = true;
          while (cur !== d) {
            const j = topology.minimalPort(cur, d);
            if (topology.global[cur * k + j] === 1) global++;
            else local++;
            cur = topology.neighbour[cur * k + j];
            for (let i = 0; i < len; i++) if (path[i] === cur) simple = false;
            if (!simple || len === path.length) break;
            path[len++] = cur;
          }
          if (!simple || cur !== d) continue;
          const c = local < 8 && global < 8 ? classOf[local * 8 + global] : -1;
          if (c < 0) throw new Error(`${topology.describe()}: path with ${local} local and ${global} global hops is not in Table I`);
          const cell = expands ? e1 * shape.stride + e2 : shape.split * shape.stride + (e1 - shape.split);
          metaOut[m0 + cell] = c;
          counts[c]++;
        }
      }
      let total = 0;
      for (let c = 0; c < K; c++) total += counts[c];
      let keep = cap > 0 && cap < total ? cap : total;
      while (entries + keep > evOut.length) evOut = grow16(evOut);
      let acc = 0;
      for (let c = 0; c < K; c++) {
        next[c] = acc;
        const inList = Math.min(counts[c], Math.max(0, keep - acc));
        acc += inList;
        this.classEnd[d * K + c] = acc;
      }
      for (let e1 = 0; e1 < shape.size1; e1++) {
        const e2End = e1 < shape.split ? shape.stride : 1;
        for (let e2 = 0; e2 < e2End; e2++) {
          const cell = e1 < shape.split ? e1 * shape.stride + e2 : shape.split * shape.stride + (e1 - shape.split);
          const c = metaOut[m0 + cell];
          if (c === META_NO_PATH) continue;
          const pos = next[c];
          if (pos < this.classEnd[d * K + c]) {
            evOut[entries + pos] = e1 << 8 | e2;
            next[c] = pos + 1;
          } else {
            metaOut[m0 + cell] = META_NO_PATH;
          }
        }
      }
      keep = acc;
      entries += keep;
      cells += nCells;
    }
    this.listStart[n] = entries;
    this.metaStart[n] = cells;
    this.ev = evOut.slice(0, entries);
    this.meta = metaOut.slice(0, cells);
    this.entries = entries;
    this.cells = cells;
  }
  /** Paths to destination switch d. */
  pathCount(d) {
    return this.listStart[d + 1] - this.listStart[d];
  }
  /** Paths of one Table I type (local, global hops) to d, or summed over all destinations (d = −1). */
  pathsOfType(d, localHops, globalHops) {
    const K = this.classCount;
    let c = 0;
    while (c < K && !(this.classLocal[c] === localHops && this.classGlobal[c] === globalHops)) c++;
    if (c === K) return 0;
    const from = d < 0 ? 0 : d;
    const to = d < 0 ? this.topology.switches : d + 1;
    let sum = 0;
    for (let x = from; x < to; x++) {
      const end = this.classEnd[x * K + c];
      const start = c === 0 ? 0 : this.classEnd[x * K + c - 1];
      sum += end - start;
    }
    return sum;
  }
  /** The most paths to any one destination (Fig. 3's "Paths"). */
  get maxPaths() {
    let m = 0;
    for (let d = 0; d < this.topology.switches; d++) m = Math.max(m, this.pathCount(d));
    return m;
  }
  /** Latency class of the i-th entry to d. */
  classOfEntry(d, i) {
    const K = this.classCount;
    let c = 0;
    while (i >= this.classEnd[d * K + c]) c++;
    return c;
  }
  /** Latency of a class in ns. */
  classLatencyNs(c) {
    return this.classLatencyPs[c] / 1e3;
  }
  /** The metadata cell of an EV to d, or −1 when the EV is outside d's ECMP tables. */
  cellOf(d, ev) {
    const e1 = ev >>> 8;
    const e2 = ev & 255;
    const split = this.split[d];
    const stride = this.stride[d];
    if (!(ev >= 0 && ev <= 65535 && e1 < this.size1[d])) return -1;
    if (e1 < split) return e2 < stride ? e1 * stride + e2 : -1;
    return e2 === 0 ? split * stride + (e1 - split) : -1;
  }
  /** Fig. 3's figure: 16 + 8 bits per EV entry. */
  get paperBytes() {
    return 3 * this.entries;
  }
  /** What this table stores for its entries: the EV list plus one metadata byte per cell. */
  get entryBytes() {
    return this.ev.byteLength + this.meta.byteLength;
  }
  /** The per-destination index: listStart, metaStart, classEnd and the cell shapes. */
  get indexBytes() {
    return this.listStart.byteLength + this.metaStart.byteLength + this.classEnd.byteLength + this.size1.byteLength + this.split.byteLength + this.stride.byteLength;
  }
  /** Everything the table holds per source endpoint (compare Fig. 3). */
  get memoryBytes() {
    return this.entryBytes + this.indexBytes;
  }
  /** Clears every ECN count and block (construction state of the metadata). */
  resetMetadata() {
    for (let i = 0; i < this.meta.length; i++) this.meta[i] &= 15;
  }
};
function grow16(a) {
  const b = new Uint16Array(a.length * 2);
  b.set(a);
  return b;
}
function grow8(a) {
  const b = new Uint8Array(a.length * 2);
  b.set(a);
  return b;
}

// lib/lb/spritz/params.ts
var SPRITZ_PARAM_NAMES = [
  "table",
  "network",
  "topology",
  "p",
  "a",
  "h",
  "q",
  "srcSwitch",
  "localLinkNs",
  "globalLinkNs",
  "linkGbps",
  "packetBytes",
  "switchLatencyNs",
  "maxPathsPerDestination",
  "weighted",
  "wScale",
  "exploreThreshold",
  "ecnThreshold",
  "minBiasFactor",
  "ecnRateThreshold",
  "ecnRateGain",
  "restoreIntervalNs",
  "maxBlocked",
  "seed"
];
function need10(ok, what) {
  if (!ok) throw new RangeError(`Spritz: ${what}`);
}
function resolveSpritzParams(input) {
  for (const k of Object.keys(input)) need10(SPRITZ_PARAM_NAMES.indexOf(k) >= 0, `unknown parameter ${k}`);
  const p = {
    table: input.table,
    network: input.network,
    topology: input.topology,
    p: input.p,
    a: input.a,
    h: input.h,
    q: input.q,
    srcSwitch: input.srcSwitch ?? (input.table ? input.table.srcSwitch : 0),
    localLinkNs: input.localLinkNs,
    globalLinkNs: input.globalLinkNs,
    linkGbps: input.linkGbps,
    packetBytes: input.packetBytes,
    switchLatencyNs: input.switchLatencyNs,
    maxPathsPerDestination: input.maxPathsPerDestination,
    weighted: input.weighted ?? true,
    wScale: input.wScale ?? 3,
    exploreThreshold: input.exploreThreshold ?? 44,
    ecnThreshold: input.ecnThreshold ?? 8,
    minBiasFactor: input.minBiasFactor ?? 1e3,
    ecnRateThreshold: input.ecnRateThreshold ?? 0.9,
    ecnRateGain: input.ecnRateGain ?? 1 / 16,
    restoreIntervalNs: input.restoreIntervalNs ?? 1e7,
    maxBlocked: input.maxBlocked ?? 1024,
    seed: input.seed ?? 1
  };
  need10(typeof p.weighted === "boolean", "weighted must be a boolean");
  need10(typeof p.wScale === "number" && p.wScale > 0 && p.wScale <= 255, "wScale must be in (0, 255]");
  need10(Number.isInteger(p.exploreThreshold) && p.exploreThreshold >= 0 && p.exploreThreshold <= 65534, "exploreThreshold must be an integer in [0, 65534]");
  need10(Number.isInteger(p.ecnThreshold) && p.ecnThreshold >= 0 && p.ecnThreshold <= 13, "ecnThreshold must be an integer in [0, 13] (a 4-bit count; 15 marks a block)");
  need10(typeof p.minBiasFactor === "number" && p.minBiasFactor >= 0 && p.minBiasFactor <= 65535, "minBiasFactor must be in [0, 65535]");
  need10(typeof p.ecnRateThreshold === "number" && p.ecnRateThreshold >= 0 && p.ecnRateThreshold < 1, "ecnRateThreshold must be in [0, 1)");
  const gainShift = Math.log2(1 / p.ecnRateGain);
  need10(Number.isInteger(gainShift) && gainShift >= 1 && gainShift <= 10, "ecnRateGain must be 1/2, 1/4, \u2026 or 1/1024");
  need10(Number.isInteger(p.restoreIntervalNs) && p.restoreIntervalNs >= 1 && p.restoreIntervalNs <= 2 ** 30, "restoreIntervalNs must be an integer in [1, 2^30]");
  need10(Number.isInteger(p.maxBlocked) && p.maxBlocked >= 1 && p.maxBlocked <= 2 ** 24, "maxBlocked must be an integer in [1, 2^24]");
  need10(Number.isInteger(p.seed), "seed must be an integer");
  return p;
}
function tableFor(p) {
  if (p.table !== void 0) {
    need10(p.table instanceof EndpointTable, "table must be an EndpointTable");
    need10(p.srcSwitch === p.table.srcSwitch, "srcSwitch differs from the table's");
    return p.table;
  }
  const options = {};
  if (p.localLinkNs !== void 0) options.localLinkNs = p.localLinkNs;
  if (p.globalLinkNs !== void 0) options.globalLinkNs = p.globalLinkNs;
  if (p.linkGbps !== void 0) options.linkGbps = p.linkGbps;
  if (p.packetBytes !== void 0) options.packetBytes = p.packetBytes;
  if (p.switchLatencyNs !== void 0) options.switchLatencyNs = p.switchLatencyNs;
  if (p.maxPathsPerDestination !== void 0) options.maxPathsPerDestination = p.maxPathsPerDestination;
  if (p.network !== void 0) return new EndpointTable(p.network, p.srcSwitch, options);
  need10(p.topology === "dragonfly" || p.topology === "slimfly", "give table, network, or topology (dragonfly | slimfly)");
  const topo = buildTopology({ topology: p.topology, p: p.p ?? 1, a: p.a, h: p.h, q: p.q });
  return new EndpointTable(topo, p.srcSwitch, options);
}
function eq1Weight(latencyNs, longestNs, wScale) {
  return latencyNs >= longestNs ? 1 : wScale * longestNs / latencyNs;
}

// lib/lb/spritz/spritz.ts
var LAYOUT18 = {
  dst: "u16",
  // destination switch
  listBase: "i32",
  // first entry of the destination's list in table.ev
  metaBase: "i32",
  // first metadata cell of the destination in table.meta
  n: "u16",
  // entries in the list
  size1: "u16",
  // cell shape (table.ts)
  split: "u16",
  stride: "u16",
  buf: ["i32", 8],
  // buffer_paths: Scout: (class << 16 | EV) in ascending order; Spray: EVs, a ring
  bufCount: "u8",
  bufHead: "u8",
  // Spray ring head
  pktCount: "u16",
  // packet_count of Alg. 1
  ecnRate: "u16",
  // Q16 EWMA of the congestion-mark rate
  biasEpoch: "i32",
  // restore epoch + 1 while w[0] = minBiasFactor, else 0
  w0: "u16",
  // Q8 eq. (1) weight of the list's first entry
  total: "u32",
  // Q8 Σ w_i of the list
  aliasProb: ["i32", 14],
  // per class column: keep it when a Q16 coin < this (Cls.Max columns)
  alias: ["u8", 14]
  // per class column: the class taken otherwise
};
var SpritzBase = class extends FlowTable {
  /** @throws RangeError for an unknown parameter, a value out of range, or a bad capacity. */
  constructor(variant, params, capacity) {
    super(LAYOUT18, capacity);
    /** Restore-list overflow: blocks undone early because maxBlocked paths were already blocked. */
    this.evictedBlocks = 0;
    this.dst = this.col.dst;
    this.listBase = this.col.listBase;
    this.metaBase = this.col.metaBase;
    this.nList = this.col.n;
    this.size1 = this.col.size1;
    this.split = this.col.split;
    this.stride = this.col.stride;
    this.buf = this.col.buf;
    this.bufCount = this.col.bufCount;
    this.bufHead = this.col.bufHead;
    this.pktCount = this.col.pktCount;
    this.ecnRate = this.col.ecnRate;
    this.biasEpoch = this.col.biasEpoch;
    this.w0 = this.col.w0;
    this.total = this.col.total;
    this.aliasProb = this.col.aliasProb;
    this.alias = this.col.alias;
    /** Global timer: armed (0/1), expiry tick, and the epoch it advances. */
    this.restoreArmed = 0;
    this.restoreAt = 0;
    this.epoch = 0;
    this.blockedHead = 0;
    this.blockedCount = 0;
    const p = resolveSpritzParams(params);
    const table = tableFor(p);
    this.params = Object.freeze({ ...p, table });
    this.table = table;
    this.variant = variant;
    this.rng = new Xoshiro128(p.seed);
    this.ev = table.ev;
    this.meta = table.meta;
    this.classEnd = table.classEnd;
    const K = table.classCount;
    if (K > 14 /* Max */) throw new RangeError(`Spritz: the table has ${K} latency classes, at most ${14 /* Max */} supported`);
    this.K = K;
    this.weightQ8 = new Uint16Array(K * K);
    for (let l = 0; l < K; l++) {
      for (let c = 0; c <= l; c++) {
        const w = p.weighted ? eq1Weight(table.classLatencyNs(c), table.classLatencyNs(l), p.wScale) : 1;
        const q8 = Math.round(w * 256);
        if (q8 > 65535) throw new RangeError(`Spritz: weight ${w.toFixed(2)} does not fit Q8 in 16 bits; lower wScale`);
        this.weightQ8[l * K + c] = q8;
      }
    }
    this.exploreThreshold = p.exploreThreshold;
    this.ecnThreshold = p.ecnThreshold;
    this.minBiasQ8 = Math.round(p.minBiasFactor * 256);
    this.ecnRateLimit = this.minBiasQ8 > 0 ? Math.floor(p.ecnRateThreshold * 65536) : 65535;
    this.gainShift = Math.round(Math.log2(1 / p.ecnRateGain));
    this.restoreNs = p.restoreIntervalNs;
    this.blockedCells = new Uint32Array(p.maxBlocked);
    this.scratchMass = new Float64Array(K);
    this.scratchSmall = new Int32Array(K);
    this.scratchLarge = new Int32Array(K);
  }
  static {
    this.bytesPerFlow = flowBytes(LAYOUT18);
  }
  static {
    this.api = {
      open: ["slot", "dstSwitch"],
      close: ["slot"],
      choosePath: ["slot", "nowNs", "psn"],
      onPathFeedback: ["slot", "nowNs", "ev", "kind"],
      // Readers with a second argument, listed so that vectors can call them.
      pathCount: ["slot"],
      pathEv: ["slot", "i"],
      buffered: ["slot", "i"],
      ecnCount: ["slot", "ev"],
      isBlocked: ["slot", "ev"],
      pathClass: ["slot", "ev"]
    };
  }
  /**
   * Opens a connection to an endpoint behind `dstSwitch` (§IV "Connection Established").
   * A destination on the source switch itself has no path list: the flow's EV is always 0.
   * @throws RangeError for a slot outside the table or a switch outside the topology.
   */
  open(slot, dstSwitch) {
    const t = this.table;
    if (!(Number.isInteger(dstSwitch) && dstSwitch >= 0 && dstSwitch < t.topology.switches)) {
      this.errors++;
      throw new RangeError(`Spritz: destination switch ${dstSwitch} outside [0, ${t.topology.switches})`);
    }
    const K = this.K;
    const start = t.listStart[dstSwitch];
    const n = t.listStart[dstSwitch + 1] - start;
    let first = -1;
    let longest = 0;
    let prevEnd = 0;
    for (let c = 0; c < K; c++) {
      const end = this.classEnd[dstSwitch * K + c];
      if (end > prevEnd) {
        if (first < 0) first = c;
        longest = c;
      }
      prevEnd = end;
    }
    let total = 0;
    prevEnd = 0;
    const mass = this.scratchMass;
    for (let c = 0; c < K; c++) {
      const end = this.classEnd[dstSwitch * K + c];
      mass[c] = (end - prevEnd) * (c <= longest ? this.weightQ8[longest * K + c] : 0);
      total += mass[c];
      prevEnd = end;
    }
    if (total + this.minBiasQ8 > 4294967295) {
      this.errors++;
      throw new RangeError("Spritz: total path weight exceeds 2^32 in Q8");
    }
    this.openSlot(slot);
    this.dst[slot] = dstSwitch;
    this.listBase[slot] = start;
    this.metaBase[slot] = t.metaStart[dstSwitch];
    this.nList[slot] = n;
    this.size1[slot] = t.size1[dstSwitch];
    this.split[slot] = t.split[dstSwitch];
    this.stride[slot] = t.stride[dstSwitch];
    if (n === 0) return;
    this.total[slot] = total;
    this.w0[slot] = this.weightQ8[longest * K + first];
    this.buildAlias(slot, total, longest);
  }
  /**
   * Vose's alias method over the K classes, in integers: s_c = round(K·2^16·W_c / ΣW), the
   * residue added to the heaviest class, so Σ s_c = K·2^16 and class c is drawn with probability
   * exactly s_c / (K·2^16). Uses per-table scratch arrays: no allocation.
   */
  buildAlias(slot, total, heaviest) {
    const K = this.K;
    const mass = this.scratchMass;
    const small = this.scratchSmall;
    const large = this.scratchLarge;
    const ab = slot * 14 /* Max */;
    let sum = 0;
    let big = heaviest;
    for (let c = 0; c < K; c++) {
      mass[c] = Math.round(mass[c] * K * 65536 / total);
      sum += mass[c];
      if (mass[c] > mass[big]) big = c;
    }
    mass[big] += K * 65536 - sum;
    let ns = 0;
    let nl = 0;
    for (let c = 0; c < K; c++) {
      if (mass[c] < 65536) small[ns++] = c;
      else large[nl++] = c;
    }
    while (ns > 0 && nl > 0) {
      const sm = small[--ns];
      const lg = large[nl - 1];
      this.aliasProb[ab + sm] = mass[sm];
      this.alias[ab + sm] = lg;
      mass[lg] -= 65536 - mass[sm];
      if (mass[lg] < 65536) {
        nl--;
        small[ns++] = lg;
      }
    }
    while (nl > 0) {
      const c = large[--nl];
      this.aliasProb[ab + c] = 65536;
      this.alias[ab + c] = c;
    }
    while (ns > 0) {
      const c = small[--ns];
      this.aliasProb[ab + c] = 65536;
      this.alias[ab + c] = c;
    }
  }
  /** Alg. 1: the EV (EV1 << 8 | EV2) for the next packet. */
  choosePath(slot, nowNs, psn) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ((psn | 0) === psn || psn >>> 0 === psn))) return this.reject(slot);
    const pc = this.pktCount[slot];
    if (pc > this.exploreThreshold) {
      this.pktCount[slot] = 0;
      return this.sample(slot, nowNs | 0);
    }
    this.pktCount[slot] = pc + 1;
    const count = this.bufCount[slot];
    if (count === 0) return this.sample(slot, nowNs | 0);
    const b = slot << 3;
    if (this.variant === 0) return this.buf[b] & 65535;
    const h = this.bufHead[slot];
    this.bufHead[slot] = h + 1 & 7 /* BufMask */;
    this.bufCount[slot] = count - 1;
    return this.buf[b + h];
  }
  /** Alg. 2 (Scout) or Alg. 3 (Spray) for one feedback on `ev`. Returns SPRITZ_* bits. */
  onPathFeedback(slot, nowNs, ev, kind) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (kind & 3) === kind && (ev & 65535) === ev)) {
      return this.reject(slot);
    }
    const e1 = ev >>> 8;
    const e2 = ev & 255;
    const split = this.split[slot];
    const stride = this.stride[slot];
    let cell;
    if (e1 < split) {
      if (e2 >= stride) return this.unknownEv(slot, ev);
      cell = e1 * stride + e2;
    } else {
      if (e2 !== 0 || e1 >= this.size1[slot]) return this.unknownEv(slot, ev);
      cell = split * stride + e1 - split;
    }
    const at = this.metaBase[slot] + cell;
    const m = this.meta[at];
    if ((m & 15 /* ClassMask */) === 15 /* NoPath */) return this.unknownEv(slot, ev);
    const now = nowNs | 0;
    let r = 0;
    if (this.restoreArmed !== 0 && (now - this.restoreAt | 0) >= 0) r = this.restore();
    const rate = this.ecnRate[slot];
    if (kind !== 0 /* Good */) return r | this.onMark(slot, ev, kind, at, m, now, rate);
    const low = rate - (rate >> this.gainShift);
    this.ecnRate[slot] = low;
    if (low > this.ecnRateLimit) r |= this.bias(slot, now);
    const count = this.bufCount[slot];
    if (count === 8 /* Buf */) return r;
    const b = slot << 3;
    if (this.variant !== 0) {
      this.buf[b + (this.bufHead[slot] + count & 7 /* BufMask */)] = ev;
      this.bufCount[slot] = count + 1;
      return r | 1 /* Cached */;
    }
    const key = (m & 15 /* ClassMask */) << 16 | ev;
    let i = 0;
    while (i < count && this.buf[b + i] < key) i++;
    if (i < count && this.buf[b + i] === key) return r;
    for (let j = count; j > i; j--) this.buf[b + j] = this.buf[b + j - 1];
    this.buf[b + i] = key;
    this.bufCount[slot] = count + 1;
    return r | 1 /* Cached */;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  /** Entries in buffer_paths. */
  bufferSize(slot) {
    return this.isOpen(slot) ? this.bufCount[slot] : -1;
  }
  /** The i-th EV of buffer_paths (Scout: in latency order; Spray: from the front), −1 if none. */
  buffered(slot, i) {
    if (!this.isOpen(slot) || !(i >= 0 && i < this.bufCount[slot])) return -1;
    const b = slot << 3;
    return this.variant === 0 ? this.buf[b + i] & 65535 : this.buf[b + (this.bufHead[slot] + i & 7 /* BufMask */)];
  }
  /** Paths to the flow's destination. */
  pathCount(slot) {
    return this.isOpen(slot) ? this.nList[slot] : -1;
  }
  /** The i-th EV of the flow's list (latency order). */
  pathEv(slot, i) {
    return this.isOpen(slot) && i >= 0 && i < this.nList[slot] ? this.ev[this.listBase[slot] + i] : -1;
  }
  /** Alg. 2's ecn_counts for an EV of the flow's list (−1: not a path; 15: blocked). */
  ecnCount(slot, ev) {
    const at = this.cellIndex(slot, ev);
    return at < 0 ? -1 : this.meta[at] >> 4 /* CountShift */;
  }
  /** True while the path of `ev` has weight 0 (Alg. 2 line 21). */
  isBlocked(slot, ev) {
    const at = this.cellIndex(slot, ev);
    return at >= 0 && (this.meta[at] & 240 /* Blocked */) === 240 /* Blocked */;
  }
  /** Latency class of an EV of the flow's list (−1: not a path). */
  pathClass(slot, ev) {
    const at = this.cellIndex(slot, ev);
    return at < 0 ? -1 : this.meta[at] & 15 /* ClassMask */;
  }
  /** The per-flow ECN rate, Q16. */
  ecnRateQ16(slot) {
    return this.isOpen(slot) ? this.ecnRate[slot] : -1;
  }
  /** True while w[0] = minBiasFactor for this flow. */
  biased(slot) {
    return this.isOpen(slot) && this.biasEpoch[slot] === this.epoch + 1;
  }
  /** Alg. 1's packet_count. */
  packetCount(slot) {
    return this.isOpen(slot) ? this.pktCount[slot] : -1;
  }
  /** The flow's total Q8 weight Σ w_i (eq. (1), without the bias). */
  totalWeightQ8(slot) {
    return this.isOpen(slot) && this.nList[slot] > 0 ? this.total[slot] : -1;
  }
  /** Probability (Q16 × K) that gen(w) picks latency class c for this flow (alias-table mass). */
  classMassQ16(slot, c) {
    if (!this.isOpen(slot) || !(c >= 0 && c < this.K)) return -1;
    const ab = slot * 14 /* Max */;
    let m = 0;
    for (let col = 0; col < this.K; col++) {
      if (col === c) m += this.aliasProb[ab + col];
      if (this.alias[ab + col] === c && this.aliasProb[ab + col] < 65536) m += 65536 - this.aliasProb[ab + col];
    }
    return m;
  }
  /** Paths blocked now, table-wide. */
  get blockedPaths() {
    return this.blockedCount;
  }
  // ---------------------------------------------------------------------------------------
  // Rare steps
  /** gen(w) of Alg. 1 (see the file header). */
  sample(slot, now) {
    if (this.restoreArmed !== 0 && (now - this.restoreAt | 0) >= 0) this.restore();
    const n = this.nList[slot];
    if (n === 0) return 0;
    const base = this.listBase[slot];
    const biased = this.biasEpoch[slot] === this.epoch + 1 ? 1 : 0;
    let ev = 0;
    for (let attempt = 0; attempt < 4 /* Retries */; attempt++) {
      let i2 = this.drawIndex(slot);
      if (biased !== 0) i2 = this.biasedIndex(slot, i2, n);
      ev = this.ev[base + i2];
      if (this.blockedCount === 0 || (this.meta[this.cellOf(slot, ev)] & 240 /* Blocked */) !== 240 /* Blocked */) return ev;
    }
    let i = 0;
    while (i < n && this.ev[base + i] !== ev) i++;
    for (let k = 1; k < n; k++) {
      const cand = this.ev[base + (i + k) % n];
      if ((this.meta[this.cellOf(slot, cand)] & 240 /* Blocked */) !== 240 /* Blocked */) return cand;
    }
    return ev;
  }
  /**
   * While biased: entry 0 with probability minBias / (minBias + Σw − w0), else a draw from w
   * with entry 0 rejected (the first draw `i` is reused when it is not entry 0).
   */
  biasedIndex(slot, i, n) {
    if (this.rng.nextBelow(this.total[slot] - this.w0[slot] + this.minBiasQ8) < this.minBiasQ8 || n === 1) return 0;
    for (let k = 0; i === 0 && k < 64; k++) i = this.drawIndex(slot);
    return i === 0 ? 1 : i;
  }
  /** An index into the flow's list with P(i) = w_i / Σ w: a class from the alias table, then a path in it. */
  drawIndex(slot) {
    const K = this.K;
    const r = this.rng.nextBelow(K << 16);
    const col = r >>> 16;
    const ab = slot * 14 /* Max */ + col;
    const other = this.alias[ab];
    const cls = other + (col - other & (r & 65535) - this.aliasProb[ab] >> 31);
    const row = this.dst[slot] * K;
    const start = cls === 0 ? 0 : this.classEnd[row + cls - 1];
    return start + this.rng.nextBelow(this.classEnd[row + cls] - start);
  }
  /** ECN, NACK and TIMEOUT: Alg. 2 lines 7–22 (Scout) or Alg. 3 lines 7–9 (Spray), then the bias test. */
  onMark(slot, ev, kind, at, m, now, rate) {
    if (kind !== 3 /* Timeout */) this.ecnRate[slot] = rate + (65535 - rate >> this.gainShift);
    let r = 0;
    if (this.variant !== 0) {
      if (kind === 3 /* Timeout */) r = this.block(at, m, now);
    } else if (kind === 1 /* Ecn */) {
      if ((m & 240 /* Blocked */) !== 240 /* Blocked */) {
        const n = (m >> 4 /* CountShift */) + 1;
        if (n > this.ecnThreshold) {
          this.meta[at] = m & 15 /* ClassMask */;
          r = this.remove(slot, ev);
        } else {
          this.meta[at] = n << 4 /* CountShift */ | m & 15 /* ClassMask */;
        }
      }
    } else if (kind === 2 /* Nack */) {
      if ((m & 240 /* Blocked */) !== 240 /* Blocked */) this.meta[at] = m & 15 /* ClassMask */;
      r = this.remove(slot, ev);
    } else {
      r = this.remove(slot, ev) | this.block(at, m, now);
    }
    if (this.ecnRate[slot] > this.ecnRateLimit) r |= this.bias(slot, now);
    return r;
  }
  /** Removes `ev` from Scout's buffer (it appears at most once). */
  remove(slot, ev) {
    const b = slot << 3;
    const count = this.bufCount[slot];
    let i = 0;
    while (i < count && (this.buf[b + i] & 65535) !== ev) i++;
    if (i === count) return 0;
    for (let j = i + 1; j < count; j++) this.buf[b + j - 1] = this.buf[b + j];
    this.bufCount[slot] = count - 1;
    return 2 /* Removed */;
  }
  /** w_i ← 0 until the global timer (Alg. 2 line 21, Alg. 3 line 8). */
  block(at, m, now) {
    if ((m & 240 /* Blocked */) === 240 /* Blocked */) return 0;
    this.arm(now);
    const cap = this.blockedCells.length;
    if (this.blockedCount === cap) {
      const old = this.blockedCells[this.blockedHead];
      this.meta[old] &= 15 /* ClassMask */;
      this.blockedHead = this.blockedHead + 1 === cap ? 0 : this.blockedHead + 1;
      this.blockedCount--;
      this.evictedBlocks++;
    }
    const tail = this.blockedHead + this.blockedCount;
    this.blockedCells[tail >= cap ? tail - cap : tail] = at;
    this.blockedCount++;
    this.meta[at] = 240 /* Blocked */ | m & 15 /* ClassMask */;
    return 4 /* Blocked */;
  }
  /** Alg. 2/3 last line: w[0] ← minBiasFactor until the global timer. */
  bias(slot, now) {
    if (this.biasEpoch[slot] === this.epoch + 1) return 0;
    this.biasEpoch[slot] = this.epoch + 1;
    this.arm(now);
    return 8 /* Biased */;
  }
  /** Starts the global timer if it is not running. */
  arm(now) {
    if (this.restoreArmed !== 0) return;
    this.restoreArmed = 1;
    this.restoreAt = now + this.restoreNs | 0;
  }
  /** The global timer: every blocked path and every bias returns to eq. (1). */
  restore() {
    const cap = this.blockedCells.length;
    for (let k = 0; k < this.blockedCount; k++) {
      const i = this.blockedHead + k;
      this.meta[this.blockedCells[i >= cap ? i - cap : i]] &= 15 /* ClassMask */;
    }
    this.blockedHead = 0;
    this.blockedCount = 0;
    this.epoch++;
    this.restoreArmed = 0;
    return 16 /* Restored */;
  }
  cellOf(slot, ev) {
    const e1 = ev >>> 8;
    const split = this.split[slot];
    const stride = this.stride[slot];
    return this.metaBase[slot] + (e1 < split ? e1 * stride + (ev & 255) : split * stride + e1 - split);
  }
  /** The metadata index of a valid EV of the flow's list, or −1. */
  cellIndex(slot, ev) {
    if (!this.isOpen(slot) || !((ev & 65535) === ev)) return -1;
    const c = this.table.cellOf(this.dst[slot], ev);
    if (c < 0) return -1;
    const at = this.metaBase[slot] + c;
    return (this.meta[at] & 15 /* ClassMask */) === 15 /* NoPath */ ? -1 : at;
  }
  /** Feedback on an EV this table never issued; EV 0 for a same-switch flow is accepted. */
  unknownEv(slot, ev) {
    if (this.nList[slot] === 0 && ev === 0) return 0;
    return this.fail(E_STATE);
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};
var SpritzScout = class extends SpritzBase {
  constructor(params = {}, capacity = 1) {
    super(0, params, capacity);
  }
};
var SpritzSpray = class extends SpritzBase {
  constructor(params = {}, capacity = 1) {
    super(1, params, capacity);
  }
};

// lib/reliability/rud/sender.ts
var LAYOUT19 = {
  nextPsn: "i32",
  // PSN the next new packet takes
  cumAck: "i32",
  // every PSN before it is acknowledged
  outHead: "i32",
  // entry index of the oldest outstanding send, −1 when none
  outTail: "i32",
  rtxHead: "i32",
  // retransmission FIFO, −1 when empty
  rtxTail: "i32",
  outCount: "i32",
  rtxCount: "i32",
  msnHead: "i32",
  // MSN of the oldest message not yet acknowledged
  msgCount: "i32",
  // messages posted and not yet acknowledged
  msgSent: "i32",
  // of those, how many are fully packetised (from the head)
  curOffset: "i32",
  // payload bytes of the message being packetised already sent
  lastRecvd: "i32",
  // last receiver rcvd_bytes seen (uet-htsim _recvd_bytes), a wrapping 32-bit count
  retransmissions: "u32",
  timeouts: "u32",
  nacks: "u32"
};
var RudSender = class _RudSender extends FlowTable {
  /**
   * @throws RangeError for an unknown parameter, a value out of range, or capacity × window above 2^28.
   */
  constructor(params = {}, capacity = 1) {
    super(LAYOUT19, capacity);
    this.out = new Float64Array(10);
    this.nextPsnCol = this.col.nextPsn;
    this.cumAckCol = this.col.cumAck;
    this.outHead = this.col.outHead;
    this.outTail = this.col.outTail;
    this.rtxHead = this.col.rtxHead;
    this.rtxTail = this.col.rtxTail;
    this.outCount = this.col.outCount;
    this.rtxCount = this.col.rtxCount;
    this.msnHead = this.col.msnHead;
    this.msgCount = this.col.msgCount;
    this.msgSent = this.col.msgSent;
    this.curOffset = this.col.curOffset;
    this.lastRecvd = this.col.lastRecvd;
    this.rtxCol = this.col.retransmissions;
    this.toCol = this.col.timeouts;
    this.nackCol = this.col.nacks;
    const p = resolveRudParams(params);
    this.params = Object.freeze(p);
    if (capacity * p.windowPackets > 2 ** 28) throw new RangeError("RudSender: capacity \xD7 windowPackets must be at most 2^28");
    this.window = p.windowPackets;
    this.wShift = Math.log2(p.windowPackets);
    this.wMask = p.windowPackets - 1;
    this.maxMsgs = p.maxMessages;
    this.mShift = Math.log2(p.maxMessages);
    this.mMask = p.maxMessages - 1;
    this.header = p.headerBytes;
    this.mss = p.mtuBytes - p.headerBytes;
    this.rtoNs = p.rtoNs;
    const n = capacity * p.windowPackets;
    this.eSent = new Int32Array(n);
    this.eState = new Uint8Array(n);
    this.eBytes = new Uint16Array(n);
    this.eEv = new Uint16Array(n);
    this.eNext = new Uint16Array(n);
    this.ePrev = new Uint16Array(n);
    const m = capacity * p.maxMessages;
    this.mLen = new Int32Array(m);
    this.mFirst = new Int32Array(m);
    this.mEnd = new Int32Array(m);
  }
  static {
    /** Fixed part; add 13 × windowPackets + 12 × maxMessages (bytesPerFlowWith). */
    this.bytesPerFlow = flowBytes(LAYOUT19);
  }
  static {
    this.api = {
      open: ["slot", "firstPsn"],
      close: ["slot"],
      post: ["slot", "lengthBytes"],
      nextPacket: ["slot", "nowNs", "ev"],
      onAck: ["slot", "nowNs", "cumPsn", "sackBase", "sackLo", "sackHi", "ackedPsn", "rtxEcho", "recvdBytes"],
      onNack: ["slot", "nowNs", "psn"],
      onTimer: ["slot", "nowNs"]
    };
  }
  static {
    this.outFields = ["psn", "bytes", "payloadBytes", "msn", "offsetBytes", "newBytes", "rttNs", "restoredBytes", "completed", "ev"];
  }
  /** Per-flow bytes for given window and message-ring sizes. */
  static bytesPerFlowWith(windowPackets, maxMessages) {
    return _RudSender.bytesPerFlow + 13 * windowPackets + 12 * maxMessages;
  }
  /** Opens a flow whose first packet takes `firstPsn` (UEC Start_PSN; any int32 pattern). */
  open(slot, firstPsn = 0) {
    if (!((firstPsn | 0) === firstPsn || firstPsn >>> 0 === firstPsn)) {
      this.errors++;
      throw new RangeError("RudSender.open: firstPsn must be a 32-bit integer");
    }
    this.openSlot(slot);
    this.clearEntries(slot);
    this.nextPsnCol[slot] = firstPsn | 0;
    this.cumAckCol[slot] = firstPsn | 0;
    this.outHead[slot] = -1;
    this.outTail[slot] = -1;
    this.rtxHead[slot] = -1;
    this.rtxTail[slot] = -1;
  }
  close(slot) {
    if (!this.isOpen(slot)) return this.fail(E_SLOT);
    this.clearEntries(slot);
    return super.close(slot);
  }
  // ---------------------------------------------------------------------------------------
  // Handlers
  /** Queues a message of `lengthBytes` payload (≥ 1). Returns its MSN, or E_FULL / E_ARG / E_SLOT. */
  post(slot, lengthBytes) {
    if (!(this.live[slot] === 1 && (lengthBytes | 0) === lengthBytes && lengthBytes >= 1)) return this.reject(slot);
    const count = this.msgCount[slot];
    if (count >= this.maxMsgs) return this.fail(E_FULL);
    const msn = this.msnHead[slot] + count | 0;
    this.mLen[(slot << this.mShift) + (msn & this.mMask)] = lengthBytes;
    this.msgCount[slot] = count + 1;
    return msn;
  }
  /**
   * The packet to transmit now, which will carry entropy `ev` (uet-htsim §4: retransmissions
   * before new data; new data only inside cumulative ACK + window). Returns RUD_TX_NEW or
   * RUD_TX_RETRANSMIT, with RUD_TX_LAST when it ends its message, and out.psn, bytes,
   * payloadBytes, msn, offsetBytes; 0 when there is nothing to send; E_SLOT / E_ARG.
   * The caller checks the congestion window first with nextBytes().
   */
  nextPacket(slot, nowNs, ev) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && ev >>> 0 === ev && ev <= 65535)) return this.reject(slot);
    const base = slot << this.wShift;
    const r = this.rtxHead[slot];
    if (r >= 0) return this.retransmit(slot, base, r, nowNs | 0, ev);
    const count = this.msgCount[slot];
    const sentMsgs = this.msgSent[slot];
    const psn = this.nextPsnCol[slot];
    if (sentMsgs >= count || (psn - this.cumAckCol[slot] | 0) >= this.window) return 0;
    const msn = this.msnHead[slot] + sentMsgs | 0;
    const m = (slot << this.mShift) + (msn & this.mMask);
    const offset = this.curOffset[slot];
    const left = this.mLen[m] - offset;
    const payload = left < this.mss ? left : this.mss;
    if (offset === 0) this.mFirst[m] = psn;
    const e = base + (psn & this.wMask);
    let st = 1 /* Outstanding */ | 4 /* TxOne */;
    if (payload === left) {
      st |= 16 /* Last */;
      this.mEnd[m] = psn + 1 | 0;
      this.msgSent[slot] = sentMsgs + 1;
      this.curOffset[slot] = 0;
    } else {
      this.curOffset[slot] = offset + payload;
    }
    const bytes = payload + this.header;
    this.eSent[e] = nowNs | 0;
    this.eState[e] = st;
    this.eBytes[e] = bytes;
    this.eEv[e] = ev;
    this.append(slot, base, e - base, this.outHead, this.outTail);
    this.outCount[slot]++;
    this.nextPsnCol[slot] = psn + 1 | 0;
    const out = this.out;
    out[0 /* Psn */] = psn;
    out[1 /* Bytes */] = bytes;
    out[2 /* PayloadBytes */] = payload;
    out[3 /* Msn */] = msn;
    out[4 /* OffsetBytes */] = offset;
    return (st & 16 /* Last */) !== 0 ? 1 /* TxNew */ | 4 /* TxLast */ : 1 /* TxNew */;
  }
  /**
   * An ACK_CC (UEC §3.5; uet-htsim processAck): cumulative ACK `cumPsn` (the next PSN the
   * receiver expects), a 64-bit SACK bitmap starting at `sackBase` (bit i of sackLo/sackHi =
   * PSN sackBase + i, then 32 + i), the PSN whose arrival triggered it with its retransmission
   * echo, and the receiver's cumulative received bytes (a 32-bit count that wraps). Returns RUD_ACK_* bits with
   * out.newBytes (the received-bytes delta NSCC takes as acked bytes, uet-htsim §3 step 1),
   * out.rttNs (valid sample, else 0), out.restoredBytes (packets acknowledged while waiting for
   * retransmission: the caller had taken them out of flight), out.completed; E_SLOT / E_ARG /
   * E_STATE (an acknowledgement of a PSN never sent). An ACK older than earlier ones is fine.
   */
  onAck(slot, nowNs, cumPsn, sackBase, sackLo, sackHi, ackedPsn, rtxEcho, recvdBytes) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (cumPsn | 0) === cumPsn && (sackBase | 0) === sackBase && (sackLo | 0) === sackLo && (sackHi | 0) === sackHi && (ackedPsn | 0) === ackedPsn && ((recvdBytes | 0) === recvdBytes || recvdBytes >>> 0 === recvdBytes))) {
      return this.reject(slot);
    }
    const next = this.nextPsnCol[slot];
    if ((cumPsn - next | 0) > 0 || (ackedPsn - next | 0) >= 0) return this.fail(E_STATE);
    const now = nowNs | 0;
    const out = this.out;
    let newly = recvdBytes - this.lastRecvd[slot] | 0;
    if (newly > 0) this.lastRecvd[slot] = recvdBytes | 0;
    else newly = 0;
    out[5 /* NewBytes */] = newly;
    out[7 /* RestoredBytes */] = 0;
    out[8 /* Completed */] = 0;
    const base = slot << this.wShift;
    let cum = this.cumAckCol[slot];
    let r = 0;
    const d = ackedPsn - cum | 0;
    out[6 /* RttNs */] = 0;
    if (d >= 0) {
      const e = base + (ackedPsn & this.wMask);
      const st = this.eState[e];
      const tx = st & 12 /* TxMask */;
      if ((st & 3 /* WhereMask */) === 1 /* Outstanding */ && (rtxEcho ? tx === 2 * 4 /* TxOne */ : tx === 4 /* TxOne */)) {
        const rtt = now - this.eSent[e] | 0;
        out[6 /* RttNs */] = rtt > 0 ? rtt : 1;
        r = 1 /* AckRtt */;
      }
    }
    if ((cumPsn - cum | 0) > 0) {
      r |= 2 /* AckFreed */;
      do {
        this.release(slot, base, cum & this.wMask, 0 /* Free */);
        cum = cum + 1 | 0;
      } while (cum !== cumPsn);
      this.cumAckCol[slot] = cum;
    }
    if ((sackLo | sackHi) !== 0) r |= this.sack(slot, base, cum, next, sackBase, sackLo, sackHi);
    if (this.msgSent[slot] > 0 && (cum - this.mEnd[(slot << this.mShift) + (this.msnHead[slot] & this.mMask)] | 0) >= 0) {
      r |= this.complete(slot, cum);
    }
    if (this.msgCount[slot] === 0) r |= 8 /* AckDone */;
    return r;
  }
  /**
   * A NACK for a trimmed packet (UEC NACK UET_TRIMMED[_LASTHOP]; uet-htsim processNack): the
   * packet, if still outstanding, goes to the retransmission queue (RUD_NACK_RETRANSMIT with
   * out.bytes, out.rttNs = now − its send time, out.ev). 0 when it was already acknowledged or
   * queued; E_SLOT / E_ARG / E_STATE (a PSN never sent).
   */
  onNack(slot, nowNs, psn) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0 && (psn | 0) === psn)) return this.reject(slot);
    if ((psn - this.nextPsnCol[slot] | 0) >= 0) return this.fail(E_STATE);
    if ((psn - this.cumAckCol[slot] | 0) < 0) return 0;
    const base = slot << this.wShift;
    const i = psn & this.wMask;
    const e = base + i;
    if ((this.eState[e] & 3 /* WhereMask */) !== 1 /* Outstanding */) return 0;
    this.toRetransmit(slot, base, i);
    const out = this.out;
    out[0 /* Psn */] = psn;
    out[1 /* Bytes */] = this.eBytes[e];
    out[9 /* Ev */] = this.eEv[e];
    const rtt = (nowNs | 0) - this.eSent[e] | 0;
    out[6 /* RttNs */] = rtt > 0 ? rtt : 1;
    this.nackCol[slot]++;
    return 1 /* Retransmit */;
  }
  /**
   * The caller's timer for this flow fired (uet-htsim rtxTimerExpired: one timer per connection
   * at the oldest outstanding send + rtoNs, no backoff). When due, the oldest outstanding packet
   * goes to the retransmission queue: RUD_TIMEOUT with out.psn, out.bytes, out.ev. 0 when nothing
   * is due; E_SLOT / E_ARG. Re-read deadlineNs afterwards.
   */
  onTimer(slot, nowNs) {
    if (!(this.live[slot] === 1 && nowNs - nowNs === 0)) return this.reject(slot);
    const h = this.outHead[slot];
    if (h < 0) return 0;
    const base = slot << this.wShift;
    const e = base + h;
    if (((nowNs | 0) - this.eSent[e] - this.rtoNs | 0) < 0) return 0;
    const cum = this.cumAckCol[slot];
    const out = this.out;
    out[0 /* Psn */] = cum + (h - cum & this.wMask) | 0;
    out[1 /* Bytes */] = this.eBytes[e];
    out[9 /* Ev */] = this.eEv[e];
    this.toRetransmit(slot, base, h);
    this.toCol[slot]++;
    return 1 /* Timeout */;
  }
  // ---------------------------------------------------------------------------------------
  // Readers
  /** Wire bytes of the packet nextPacket would send now, 0 when none may go (for the CC check). */
  nextBytes(slot) {
    if (!this.isOpen(slot)) return 0;
    const r = this.rtxHead[slot];
    if (r >= 0) return this.eBytes[(slot << this.wShift) + r];
    const sentMsgs = this.msgSent[slot];
    if (sentMsgs >= this.msgCount[slot] || (this.nextPsnCol[slot] - this.cumAckCol[slot] | 0) >= this.window) return 0;
    const left = this.mLen[(slot << this.mShift) + (this.msnHead[slot] + sentMsgs & this.mMask)] - this.curOffset[slot];
    return (left < this.mss ? left : this.mss) + this.header;
  }
  /** PSN of the packet nextPacket would send now, or the next new PSN. */
  nextPsn(slot) {
    if (!this.isOpen(slot)) return 0;
    const r = this.rtxHead[slot];
    if (r < 0) return this.nextPsnCol[slot];
    const cum = this.cumAckCol[slot];
    return cum + (r - cum & this.wMask) | 0;
  }
  /** The PSN the next new packet takes. */
  newPsn(slot) {
    return this.isOpen(slot) ? this.nextPsnCol[slot] : 0;
  }
  cumAckPsn(slot) {
    return this.isOpen(slot) ? this.cumAckCol[slot] : 0;
  }
  /** True while a packet is outstanding: the timer runs. */
  timerArmed(slot) {
    return this.isOpen(slot) && this.outHead[slot] >= 0;
  }
  /** Tick at which onTimer will act (the oldest outstanding send + rtoNs); meaningful while armed. */
  deadlineNs(slot) {
    if (!this.timerArmed(slot)) return 0;
    return this.eSent[(slot << this.wShift) + this.outHead[slot]] + this.rtoNs | 0;
  }
  outstandingPackets(slot) {
    return this.isOpen(slot) ? this.outCount[slot] : 0;
  }
  queuedRetransmissions(slot) {
    return this.isOpen(slot) ? this.rtxCount[slot] : 0;
  }
  /** Messages posted and not yet acknowledged. */
  pendingMessages(slot) {
    return this.isOpen(slot) ? this.msgCount[slot] : 0;
  }
  /** MSN of the oldest message not yet acknowledged. */
  oldestMsn(slot) {
    return this.isOpen(slot) ? this.msnHead[slot] : 0;
  }
  /** Last received-bytes count seen (wrapping 32-bit pattern). */
  receivedBytes(slot) {
    return this.isOpen(slot) ? this.lastRecvd[slot] : 0;
  }
  retransmissions(slot) {
    return this.isOpen(slot) ? this.rtxCol[slot] : 0;
  }
  timeouts(slot) {
    return this.isOpen(slot) ? this.toCol[slot] : 0;
  }
  nacks(slot) {
    return this.isOpen(slot) ? this.nackCol[slot] : 0;
  }
  /** Transmissions so far of an outstanding or queued PSN (0: no live record). */
  transmissions(slot, psn) {
    if (!this.isOpen(slot)) return 0;
    const d = psn - this.cumAckCol[slot] | 0;
    if (d < 0 || (psn - this.nextPsnCol[slot] | 0) >= 0) return 0;
    const st = this.eState[(slot << this.wShift) + (psn & this.wMask)];
    const w = st & 3 /* WhereMask */;
    return w === 1 /* Outstanding */ || w === 2 /* Rtx */ ? (st & 12 /* TxMask */) >> 2 : 0;
  }
  // ---------------------------------------------------------------------------------------
  // Rare and shared steps
  retransmit(slot, base, i, now, ev) {
    const e = base + i;
    this.unlink(slot, base, i, this.rtxHead, this.rtxTail);
    this.rtxCount[slot]--;
    this.append(slot, base, i, this.outHead, this.outTail);
    this.outCount[slot]++;
    const st = this.eState[e];
    const tx = (st & 12 /* TxMask */) === 12 /* TxMask */ ? 12 /* TxMask */ : (st & 12 /* TxMask */) + 4 /* TxOne */;
    this.eState[e] = st & 16 /* Last */ | tx | 1 /* Outstanding */;
    this.eSent[e] = now;
    this.eEv[e] = ev;
    this.rtxCol[slot]++;
    const cum = this.cumAckCol[slot];
    const psn = cum + (i - cum & this.wMask) | 0;
    const bytes = this.eBytes[e];
    const out = this.out;
    out[0 /* Psn */] = psn;
    out[1 /* Bytes */] = bytes;
    out[2 /* PayloadBytes */] = bytes - this.header;
    this.locate(slot, psn);
    return (st & 16 /* Last */) !== 0 ? 2 /* TxRetransmit */ | 4 /* TxLast */ : 2 /* TxRetransmit */;
  }
  /** out.msn and out.offsetBytes of a PSN already packetised: the first message ending after it. */
  locate(slot, psn) {
    const mb = slot << this.mShift;
    let msn = this.msnHead[slot];
    const n = this.msgCount[slot];
    for (let k = 0; k < n; k++) {
      const m = mb + (msn & this.mMask);
      if (k >= this.msgSent[slot] || (psn - this.mEnd[m] | 0) < 0) {
        this.out[3 /* Msn */] = msn;
        this.out[4 /* OffsetBytes */] = (psn - this.mFirst[m] | 0) * this.mss;
        return;
      }
      msn = msn + 1 | 0;
    }
  }
  /** Selective part of an ACK: releases the SACKed PSNs in [cum, next). */
  sack(slot, base, cum, next, sackBase, lo, hi) {
    let r = 0;
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? lo : hi;
      while (bits !== 0) {
        const low = bits & -bits;
        const bit = 31 - Math.clz32(low);
        bits ^= low;
        const psn = sackBase + half * 32 + bit | 0;
        if ((psn - cum | 0) < 0 || (psn - next | 0) >= 0) continue;
        const i = psn & this.wMask;
        const w = this.eState[base + i] & 3 /* WhereMask */;
        if (w === 1 /* Outstanding */ || w === 2 /* Rtx */) {
          this.release(slot, base, i, 3 /* Acked */);
          r = 2 /* AckFreed */;
        }
      }
    }
    return r;
  }
  /** Frees a record (cumulative: to Free; selective: to Acked), taking it off its list. */
  release(slot, base, i, to) {
    const e = base + i;
    const w = this.eState[e] & 3 /* WhereMask */;
    if (w === 1 /* Outstanding */) {
      this.unlink(slot, base, i, this.outHead, this.outTail);
      this.outCount[slot]--;
    } else if (w === 2 /* Rtx */) {
      this.unlink(slot, base, i, this.rtxHead, this.rtxTail);
      this.rtxCount[slot]--;
      this.out[7 /* RestoredBytes */] += this.eBytes[e];
    }
    this.eState[e] = to;
  }
  toRetransmit(slot, base, i) {
    this.unlink(slot, base, i, this.outHead, this.outTail);
    this.outCount[slot]--;
    this.append(slot, base, i, this.rtxHead, this.rtxTail);
    this.rtxCount[slot]++;
    const e = base + i;
    this.eState[e] = this.eState[e] & ~3 /* WhereMask */ | 2 /* Rtx */;
  }
  /** Messages whose last PSN is below the cumulative ACK are complete. */
  complete(slot, cum) {
    const mb = slot << this.mShift;
    let done = 0;
    while (this.msgSent[slot] > 0 && (cum - this.mEnd[mb + (this.msnHead[slot] & this.mMask)] | 0) >= 0) {
      this.msnHead[slot] = this.msnHead[slot] + 1 | 0;
      this.msgCount[slot]--;
      this.msgSent[slot]--;
      done++;
    }
    this.out[8 /* Completed */] = done;
    return done > 0 ? 4 /* AckComplete */ : 0;
  }
  append(slot, base, i, heads, tails) {
    const tail = tails[slot];
    this.eNext[base + i] = 65535 /* Nil */;
    this.ePrev[base + i] = tail < 0 ? 65535 /* Nil */ : tail;
    if (tail < 0) heads[slot] = i;
    else this.eNext[base + tail] = i;
    tails[slot] = i;
  }
  unlink(slot, base, i, heads, tails) {
    const next = this.eNext[base + i];
    const prev = this.ePrev[base + i];
    if (prev === 65535 /* Nil */) heads[slot] = next === 65535 /* Nil */ ? -1 : next;
    else this.eNext[base + prev] = next;
    if (next === 65535 /* Nil */) tails[slot] = prev === 65535 /* Nil */ ? -1 : prev;
    else this.ePrev[base + next] = prev;
  }
  clearEntries(slot) {
    const a = slot << this.wShift;
    const b = a + this.window;
    this.eSent.fill(0, a, b);
    this.eState.fill(0, a, b);
    this.eBytes.fill(0, a, b);
    this.eEv.fill(0, a, b);
    this.eNext.fill(0, a, b);
    this.ePrev.fill(0, a, b);
    const m = slot << this.mShift;
    this.mLen.fill(0, m, m + this.maxMsgs);
    this.mFirst.fill(0, m, m + this.maxMsgs);
    this.mEnd.fill(0, m, m + this.maxMsgs);
  }
  reject(slot) {
    return this.fail(this.isOpen(slot) ? E_ARG : E_SLOT);
  }
};

// harness/net/registry.ts
function derived(names, ctx, user) {
  const all = {
    linkGbps: ctx.linkGbps,
    baseRttNs: ctx.baseRttNs,
    mtuBytes: ctx.mtuBytes,
    headerBytes: ctx.headerBytes,
    // The NIC accounts wire bytes (headers included) to every CC, as uet-htsim does for NSCC, so
    // a window module's segment is the whole packet.
    mssBytes: ctx.mtuBytes,
    trimming: ctx.trimming,
    seed: ctx.seed,
    rtoNs: ctx.rtoNs,
    ackEveryBytes: ctx.ackEveryBytes
  };
  const out = {};
  for (const k of Object.keys(all)) if (names.indexOf(k) >= 0) out[k] = all[k];
  return { ...out, ...user };
}
var CC_NAMES = ["nscc", "dctcp", "mprdma", "aimd", "swift", "timely", "dcqcn"];
var LB_NAMES = ["reps", "ecmp", "ops", "plb", "flowlet", "spritz-scout", "spritz-spray"];
var RELIABILITY_NAMES = ["rud", "dcp"];
function makeCc(name, user, ctx, capacity) {
  switch (name) {
    case "nscc":
      return new NsccCc(new Nscc(derived(NSCC_PARAM_NAMES, ctx, { profile: "uec", ...user }), capacity));
    case "dctcp":
      return new EcnWindowCc("dctcp", new Dctcp(derived(DCTCP_PARAM_NAMES, ctx, user), capacity));
    case "mprdma":
      return new EcnWindowCc("mprdma", new Mprdma(derived(MPRDMA_PARAM_NAMES, ctx, user), capacity));
    case "aimd":
      return new AimdCc(new Aimd(derived(AIMD_PARAM_NAMES, ctx, user), capacity));
    case "swift":
      return new SwiftCc(new Swift(derived(SWIFT_PARAM_NAMES, ctx, user), capacity));
    case "timely":
      return new TimelyCc(new Timely(derived(TIMELY_PARAM_NAMES, ctx, user), capacity));
    case "dcqcn": {
      const p = derived(DCQCN_PARAM_NAMES, ctx, user);
      return new DcqcnCc(new Dcqcn(p, capacity), new DcqcnNp(p, capacity));
    }
  }
  throw new RangeError(`unknown congestion control ${name}`);
}
function makeLb(name, user, ctx, capacity, extra = {}) {
  switch (name) {
    case "reps":
      return new Reps(derived(REPS_PARAM_NAMES, ctx, { profile: "uec-htsim", ...user }), capacity);
    case "ecmp":
      return new Ecmp({ salt: ctx.seed, ...user }, capacity);
    case "ops":
      return new Ops({ seed: ctx.seed, ...user }, capacity);
    case "plb":
      return new Plb({ seed: ctx.seed, ...user }, capacity);
    case "flowlet":
      return new Flowlet({ seed: ctx.seed, ...user }, capacity);
    case "spritz-scout":
      return new SpritzScout({ seed: ctx.seed, ...extra, ...user }, capacity);
    case "spritz-spray":
      return new SpritzSpray({ seed: ctx.seed, ...extra, ...user }, capacity);
  }
  throw new RangeError(`unknown load balancer ${name}`);
}
function openLb(name, lb, slot, flow, dstSwitch) {
  const t = lb;
  if (name === "ecmp") t.open(slot, flow);
  else if (name === "ops") t.open(slot, 0);
  else if (name.startsWith("spritz")) t.open(slot, dstSwitch);
  else t.open(slot);
}
function makeTransport(name, user, ctx, capacity, ackBytes) {
  switch (name) {
    case "rud": {
      const p = derived(RUD_PARAM_NAMES, ctx, user);
      return new RudTransport(new RudSender(p, capacity), new RudReceiver(p, capacity), ackBytes);
    }
    case "dcp": {
      const tx = new DcpSender({ mtuBytes: ctx.mtuBytes - ctx.headerBytes, ...user.sender }, capacity);
      const rx = new DcpReceiver({ ...user.receiver }, capacity);
      return new DcpTransport(tx, rx, ackBytes, ctx.headerBytes, capacity);
    }
  }
  throw new RangeError(`unknown reliability module ${name}`);
}

// harness/topo/fattree.ts
function installHier(t, specs) {
  const S = t.switches;
  let cands = 0;
  let groups = 0;
  for (const s of specs) {
    groups += s.groups.length;
    cands += s.up.length;
    for (const g2 of s.groups) cands += g2.length;
  }
  t.lo = new Int32Array(S);
  t.hi = new Int32Array(S);
  t.downDiv = new Int32Array(S);
  t.groupBase = new Int32Array(S);
  t.upOff = new Int32Array(S);
  t.upCnt = new Int32Array(S);
  t.groupOff = new Int32Array(groups);
  t.groupCnt = new Int32Array(groups);
  t.allocCandidates(cands);
  let c = 0;
  let g = 0;
  for (let s = 0; s < S; s++) {
    const spec = specs[s];
    const base = t.nodePortBase[t.hosts + s];
    t.lo[s] = spec.lo;
    t.hi[s] = spec.hi;
    t.downDiv[s] = spec.downDiv;
    t.groupBase[s] = g;
    for (const grp of spec.groups) {
      t.groupOff[g] = c;
      t.groupCnt[g] = grp.length;
      for (const local of grp) {
        t.candPort[c] = base + local;
        t.candHops[c] = 1;
        c++;
      }
      g++;
    }
    t.upOff[s] = c;
    t.upCnt[s] = spec.up.length;
    for (const local of spec.up) {
      t.candPort[c] = base + local;
      t.candHops[c] = 1;
      c++;
    }
  }
}
var range = (a, n) => Array.from({ length: n }, (_, i) => a + i);
function fatTree3(spec) {
  const k = spec.k;
  if (!(Number.isInteger(k) && k >= 2 && k % 2 === 0)) throw new RangeError("fat tree: k must be an even integer \u2265 2");
  const half = k / 2;
  const hs = Math.round(spec.oversubscription * half);
  if (!(hs >= 1 && Math.abs(hs - spec.oversubscription * half) < 1e-9)) {
    throw new RangeError(`fat tree: oversubscription \xD7 k/2 must be a whole number of hosts per ToR (got ${spec.oversubscription * half})`);
  }
  const pods = k;
  const tors = pods * half;
  const aggs = pods * half;
  const cores = half * half;
  const H = tors * hs;
  const hostG = spec.hostGbps ?? spec.linkGbps;
  const hostL = spec.hostLatencyNs ?? spec.latencyNs;
  const torId = (pod, j) => pod * half + j;
  const aggId = (pod, i) => tors + pod * half + i;
  const coreId = (c) => tors + aggs + c;
  const b = new TopologyBuilder(H, tors + aggs + cores, (n) => n < H ? 1 : n - H < tors ? hs + half : n - H < tors + aggs ? half + half : pods);
  for (let h = 0; h < H; h++) b.connect(h, 0, b.sw(Math.floor(h / hs)), h % hs, hostG, hostL);
  for (let pod = 0; pod < pods; pod++) {
    for (let j = 0; j < half; j++) {
      for (let i = 0; i < half; i++) b.connect(b.sw(torId(pod, j)), hs + i, b.sw(aggId(pod, i)), j, spec.linkGbps, spec.latencyNs);
    }
    for (let i = 0; i < half; i++) {
      for (let u = 0; u < half; u++) b.connect(b.sw(aggId(pod, i)), half + u, b.sw(coreId(i * half + u)), pod, spec.linkGbps, spec.latencyNs);
    }
  }
  const t = b.finish(`fat tree k=${k}, 3 tiers, ${H} hosts${hs !== half ? `, ${hs}:${half} oversubscribed` : ""}`, 0 /* Hier */);
  const specs = [];
  for (let s = 0; s < tors; s++) specs.push({ lo: s * hs, hi: (s + 1) * hs, downDiv: 1, groups: range(0, hs).map((p) => [p]), up: range(hs, half) });
  for (let s = 0; s < aggs; s++) {
    const pod = Math.floor(s / half);
    specs.push({ lo: pod * half * hs, hi: (pod + 1) * half * hs, downDiv: hs, groups: range(0, half).map((p) => [p]), up: range(half, half) });
  }
  for (let c = 0; c < cores; c++) specs.push({ lo: 0, hi: H, downDiv: half * hs, groups: range(0, pods).map((p) => [p]), up: [] });
  installHier(t, specs);
  return t;
}
function leafSpine(spec, name) {
  const { leaves: L, spines: S, hostsPerLeaf: hs } = spec;
  for (const [n, v] of [["leaves", L], ["spines", S], ["hostsPerLeaf", hs]]) {
    if (!(Number.isInteger(v) && v >= 1)) throw new RangeError(`leaf\u2013spine: ${n} must be an integer \u2265 1`);
  }
  const H = L * hs;
  const b = new TopologyBuilder(H, L + S, (n) => n < H ? 1 : n - H < L ? hs + S : L);
  for (let h = 0; h < H; h++) b.connect(h, 0, b.sw(Math.floor(h / hs)), h % hs, spec.hostGbps ?? spec.linkGbps, spec.hostLatencyNs ?? spec.latencyNs);
  for (let l = 0; l < L; l++) for (let s = 0; s < S; s++) b.connect(b.sw(l), hs + s, b.sw(L + s), l, spec.linkGbps, spec.latencyNs);
  const t = b.finish(name ?? `leaf\u2013spine ${L} leaves \xD7 ${S} spines, ${H} hosts`, 0 /* Hier */);
  const specs = [];
  for (let l = 0; l < L; l++) specs.push({ lo: l * hs, hi: (l + 1) * hs, downDiv: 1, groups: range(0, hs).map((p) => [p]), up: range(hs, S) });
  for (let s = 0; s < S; s++) specs.push({ lo: 0, hi: H, downDiv: hs, groups: range(0, L).map((p) => [p]), up: [] });
  installHier(t, specs);
  return t;
}
function fatTree2(spec) {
  const k = spec.k;
  if (!(Number.isInteger(k) && k >= 2 && k % 2 === 0)) throw new RangeError("fat tree: k must be an even integer \u2265 2");
  const hs = Math.round(spec.oversubscription * (k / 2));
  if (!(hs >= 1 && Math.abs(hs - spec.oversubscription * (k / 2)) < 1e-9)) throw new RangeError("fat tree: oversubscription \xD7 k/2 must be a whole number of hosts per leaf");
  return leafSpine({ ...spec, leaves: k, spines: k / 2, hostsPerLeaf: hs }, `fat tree k=${k}, 2 tiers, ${k * hs} hosts`);
}

// harness/topo/twodc.ts
function twoDc(spec) {
  const { leaves: L, spines: S, hostsPerLeaf: hs } = spec;
  for (const [n, v] of [["leaves", L], ["spines", S], ["hostsPerLeaf", hs]]) {
    if (!(Number.isInteger(v) && v >= 1)) throw new RangeError(`two DCs: ${n} must be an integer \u2265 1`);
  }
  const N = L * hs;
  const H = 2 * N;
  const perDc = L + S + 1;
  const leaf = (d, l) => d * perDc + l;
  const spine = (d, s) => d * perDc + L + s;
  const esw = (d) => d * perDc + L + S;
  const b = new TopologyBuilder(H, 2 * perDc, (n) => {
    if (n < H) return 1;
    const i = (n - H) % perDc;
    return i < L ? hs + S : i < L + S ? L + 1 : S + 1;
  });
  for (let d = 0; d < 2; d++) {
    for (let h = 0; h < N; h++) b.connect(d * N + h, 0, b.sw(leaf(d, Math.floor(h / hs))), h % hs, spec.linkGbps, spec.latencyNs);
    for (let l = 0; l < L; l++) for (let s = 0; s < S; s++) b.connect(b.sw(leaf(d, l)), hs + s, b.sw(spine(d, s)), l, spec.linkGbps, spec.latencyNs);
    for (let s = 0; s < S; s++) b.connect(b.sw(spine(d, s)), L, b.sw(esw(d)), s, spec.eswGbps ?? spec.linkGbps, spec.eswLatencyNs ?? spec.latencyNs);
  }
  b.connect(b.sw(esw(0)), S, b.sw(esw(1)), S, spec.wanGbps, spec.wanLatencyNs);
  const t = b.finish(`two DCs of ${N} hosts (leaf\u2013spine ${L}\xD7${S}) over a ${spec.wanGbps} Gb/s, ${spec.wanLatencyNs / 1e3} \xB5s WAN`, 0 /* Hier */);
  const specs = [];
  const range2 = (a, n) => Array.from({ length: n }, (_, i) => a + i);
  for (let d = 0; d < 2; d++) {
    for (let l = 0; l < L; l++) specs.push({ lo: d * N + l * hs, hi: d * N + (l + 1) * hs, downDiv: 1, groups: range2(0, hs).map((p) => [p]), up: range2(hs, S) });
    for (let s = 0; s < S; s++) specs.push({ lo: d * N, hi: (d + 1) * N, downDiv: hs, groups: range2(0, L).map((p) => [p]), up: [L] });
    specs.push({ lo: d * N, hi: (d + 1) * N, downDiv: N, groups: [range2(0, S)], up: [S] });
  }
  installHier(t, specs);
  return t;
}

// harness/traffic/cm.ts
function parseCm(text, name = "connection matrix") {
  let nodes = -1;
  let declared = -1;
  const flows = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "" || line.startsWith("#")) continue;
    const where = `${name}:${i + 1}`;
    let m = /^Nodes\s+(\d+)$/i.exec(line);
    if (m) {
      nodes = Number(m[1]);
      continue;
    }
    m = /^Connections\s+(\d+)$/i.exec(line);
    if (m) {
      declared = Number(m[1]);
      continue;
    }
    m = /^(\d+)\s*->\s*(\d+)((?:\s+\S+\s+\S+)*)$/.exec(line);
    if (!m) throw new Error(`${where}: expected "src->dst start T size S", got "${line}"`);
    const src = Number(m[1]);
    const dst = Number(m[2]);
    const kv = m[3].trim().split(/\s+/).filter((x) => x !== "");
    let start = 0;
    let size = -1;
    for (let k = 0; k + 1 < kv.length; k += 2) {
      const v = Number(kv[k + 1]);
      if (kv[k] === "start") start = v;
      else if (kv[k] === "size") size = v;
    }
    if (!(Number.isFinite(start) && start >= 0)) throw new Error(`${where}: start must be a non-negative number of \xB5s`);
    if (!(Number.isInteger(size) && size > 0)) throw new Error(`${where}: size must be a positive integer number of bytes`);
    if (nodes >= 0 && (src >= nodes || dst >= nodes)) throw new Error(`${where}: node outside [0, ${nodes})`);
    flows.push({ src, dst, bytes: size, startNs: Math.round(start * 1e3) });
  }
  if (nodes < 0) throw new Error(`${name}: missing "Nodes N" line`);
  if (declared >= 0 && declared !== flows.length) throw new Error(`${name}: "Connections ${declared}" but ${flows.length} connection lines`);
  return { nodes, flows };
}

// harness/traffic/traffic.ts
function incast(hosts, opts, seed) {
  const { senders, receiver } = opts;
  if (!(receiver >= 0 && receiver < hosts)) throw new RangeError(`incast: receiver ${receiver} outside [0, ${hosts})`);
  let list = opts.senderList;
  if (!list) {
    if (senders > hosts - 1) throw new RangeError(`incast: ${senders} senders but only ${hosts - 1} other hosts`);
    const others = [];
    for (let h = 0; h < hosts; h++) if (h !== receiver) others.push(h);
    shuffle(others, new Xoshiro128(seed));
    list = others.slice(0, senders).sort((a, b) => a - b);
  }
  return list.map((src) => ({ src, dst: receiver, bytes: opts.bytes, startNs: opts.startNs }));
}
function permutation(hosts, opts, seed) {
  if (hosts < 2) throw new RangeError("permutation: needs at least 2 hosts");
  const dst = Array.from({ length: hosts }, (_, i) => i);
  const rng = new Xoshiro128(seed);
  for (let i = hosts - 1; i > 0; i--) {
    const j = rng.nextBelow(i);
    const t = dst[i];
    dst[i] = dst[j];
    dst[j] = t;
  }
  return dst.map((d, src) => ({ src, dst: d, bytes: opts.bytes, startNs: opts.startNs }));
}
function shuffle(a, rng) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.nextBelow(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

// harness/scenario/load.ts
import { readFileSync } from "node:fs";

// node_modules/@sinclair/typebox/build/esm/system/evaluate.mjs
function Evaluate(...args) {
  return new globalThis.Function(...args);
}

// node_modules/@sinclair/typebox/build/esm/value/guard/guard.mjs
function IsAsyncIterator(value) {
  return IsObject(value) && globalThis.Symbol.asyncIterator in value;
}
function IsIterator(value) {
  return IsObject(value) && globalThis.Symbol.iterator in value;
}
function IsPromise(value) {
  return value instanceof globalThis.Promise;
}
function IsDate(value) {
  return value instanceof Date && globalThis.Number.isFinite(value.getTime());
}
function IsUint8Array(value) {
  return value instanceof globalThis.Uint8Array;
}
function HasPropertyKey(value, key) {
  return key in value;
}
function IsObject(value) {
  return value !== null && typeof value === "object";
}
function IsArray(value) {
  return globalThis.Array.isArray(value) && !globalThis.ArrayBuffer.isView(value);
}
function IsUndefined(value) {
  return value === void 0;
}
function IsNull(value) {
  return value === null;
}
function IsBoolean(value) {
  return typeof value === "boolean";
}
function IsNumber(value) {
  return typeof value === "number";
}
function IsInteger(value) {
  return globalThis.Number.isInteger(value);
}
function IsBigInt(value) {
  return typeof value === "bigint";
}
function IsString(value) {
  return typeof value === "string";
}
function IsFunction(value) {
  return typeof value === "function";
}
function IsSymbol(value) {
  return typeof value === "symbol";
}
function IsValueType(value) {
  return IsBigInt(value) || IsBoolean(value) || IsNull(value) || IsNumber(value) || IsString(value) || IsSymbol(value) || IsUndefined(value);
}

// node_modules/@sinclair/typebox/build/esm/system/policy.mjs
var TypeSystemPolicy;
(function(TypeSystemPolicy2) {
  TypeSystemPolicy2.InstanceMode = "default";
  TypeSystemPolicy2.ExactOptionalPropertyTypes = false;
  TypeSystemPolicy2.AllowArrayObject = false;
  TypeSystemPolicy2.AllowNaN = false;
  TypeSystemPolicy2.AllowNullVoid = false;
  function IsExactOptionalProperty(value, key) {
    return TypeSystemPolicy2.ExactOptionalPropertyTypes ? key in value : value[key] !== void 0;
  }
  TypeSystemPolicy2.IsExactOptionalProperty = IsExactOptionalProperty;
  function IsObjectLike(value) {
    const isObject = IsObject(value);
    return TypeSystemPolicy2.AllowArrayObject ? isObject : isObject && !IsArray(value);
  }
  TypeSystemPolicy2.IsObjectLike = IsObjectLike;
  function IsRecordLike(value) {
    return IsObjectLike(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
  }
  TypeSystemPolicy2.IsRecordLike = IsRecordLike;
  function IsNumberLike(value) {
    return TypeSystemPolicy2.AllowNaN ? IsNumber(value) : Number.isFinite(value);
  }
  TypeSystemPolicy2.IsNumberLike = IsNumberLike;
  function IsVoidLike(value) {
    const isUndefined = IsUndefined(value);
    return TypeSystemPolicy2.AllowNullVoid ? isUndefined || value === null : isUndefined;
  }
  TypeSystemPolicy2.IsVoidLike = IsVoidLike;
})(TypeSystemPolicy || (TypeSystemPolicy = {}));

// node_modules/@sinclair/typebox/build/esm/type/registry/format.mjs
var format_exports = {};
__export(format_exports, {
  Clear: () => Clear,
  Delete: () => Delete,
  Entries: () => Entries,
  Get: () => Get,
  Has: () => Has,
  Set: () => Set2
});
var map = /* @__PURE__ */ new Map();
function Entries() {
  return new Map(map);
}
function Clear() {
  return map.clear();
}
function Delete(format) {
  return map.delete(format);
}
function Has(format) {
  return map.has(format);
}
function Set2(format, func) {
  map.set(format, func);
}
function Get(format) {
  return map.get(format);
}

// node_modules/@sinclair/typebox/build/esm/type/registry/type.mjs
var type_exports = {};
__export(type_exports, {
  Clear: () => Clear2,
  Delete: () => Delete2,
  Entries: () => Entries2,
  Get: () => Get2,
  Has: () => Has2,
  Set: () => Set3
});
var map2 = /* @__PURE__ */ new Map();
function Entries2() {
  return new Map(map2);
}
function Clear2() {
  return map2.clear();
}
function Delete2(kind) {
  return map2.delete(kind);
}
function Has2(kind) {
  return map2.has(kind);
}
function Set3(kind, func) {
  map2.set(kind, func);
}
function Get2(kind) {
  return map2.get(kind);
}

// node_modules/@sinclair/typebox/build/esm/type/guard/value.mjs
var value_exports = {};
__export(value_exports, {
  HasPropertyKey: () => HasPropertyKey2,
  IsArray: () => IsArray2,
  IsAsyncIterator: () => IsAsyncIterator2,
  IsBigInt: () => IsBigInt2,
  IsBoolean: () => IsBoolean2,
  IsDate: () => IsDate2,
  IsFunction: () => IsFunction2,
  IsIterator: () => IsIterator2,
  IsNull: () => IsNull2,
  IsNumber: () => IsNumber2,
  IsObject: () => IsObject2,
  IsRegExp: () => IsRegExp,
  IsString: () => IsString2,
  IsSymbol: () => IsSymbol2,
  IsUint8Array: () => IsUint8Array2,
  IsUndefined: () => IsUndefined2
});
function HasPropertyKey2(value, key) {
  return key in value;
}
function IsAsyncIterator2(value) {
  return IsObject2(value) && !IsArray2(value) && !IsUint8Array2(value) && Symbol.asyncIterator in value;
}
function IsArray2(value) {
  return Array.isArray(value);
}
function IsBigInt2(value) {
  return typeof value === "bigint";
}
function IsBoolean2(value) {
  return typeof value === "boolean";
}
function IsDate2(value) {
  return value instanceof globalThis.Date;
}
function IsFunction2(value) {
  return typeof value === "function";
}
function IsIterator2(value) {
  return IsObject2(value) && !IsArray2(value) && !IsUint8Array2(value) && Symbol.iterator in value;
}
function IsNull2(value) {
  return value === null;
}
function IsNumber2(value) {
  return typeof value === "number";
}
function IsObject2(value) {
  return typeof value === "object" && value !== null;
}
function IsRegExp(value) {
  return value instanceof globalThis.RegExp;
}
function IsString2(value) {
  return typeof value === "string";
}
function IsSymbol2(value) {
  return typeof value === "symbol";
}
function IsUint8Array2(value) {
  return value instanceof globalThis.Uint8Array;
}
function IsUndefined2(value) {
  return value === void 0;
}

// node_modules/@sinclair/typebox/build/esm/type/create/immutable.mjs
function ImmutableArray(value) {
  return globalThis.Object.freeze(value).map((value2) => Immutable(value2));
}
function ImmutableDate(value) {
  return value;
}
function ImmutableUint8Array(value) {
  return value;
}
function ImmutableRegExp(value) {
  return value;
}
function ImmutableObject(value) {
  const result = {};
  for (const key of Object.getOwnPropertyNames(value)) {
    result[key] = Immutable(value[key]);
  }
  for (const key of Object.getOwnPropertySymbols(value)) {
    result[key] = Immutable(value[key]);
  }
  return globalThis.Object.freeze(result);
}
function Immutable(value) {
  return IsArray2(value) ? ImmutableArray(value) : IsDate2(value) ? ImmutableDate(value) : IsUint8Array2(value) ? ImmutableUint8Array(value) : IsRegExp(value) ? ImmutableRegExp(value) : IsObject2(value) ? ImmutableObject(value) : value;
}

// node_modules/@sinclair/typebox/build/esm/type/clone/value.mjs
function ArrayType(value) {
  return value.map((value2) => Visit(value2));
}
function DateType(value) {
  return new Date(value.getTime());
}
function Uint8ArrayType(value) {
  return new Uint8Array(value);
}
function RegExpType(value) {
  return new RegExp(value.source, value.flags);
}
function ObjectType(value) {
  const result = {};
  for (const key of Object.getOwnPropertyNames(value)) {
    result[key] = Visit(value[key]);
  }
  for (const key of Object.getOwnPropertySymbols(value)) {
    result[key] = Visit(value[key]);
  }
  return result;
}
function Visit(value) {
  return IsArray2(value) ? ArrayType(value) : IsDate2(value) ? DateType(value) : IsUint8Array2(value) ? Uint8ArrayType(value) : IsRegExp(value) ? RegExpType(value) : IsObject2(value) ? ObjectType(value) : value;
}
function Clone(value) {
  return Visit(value);
}

// node_modules/@sinclair/typebox/build/esm/type/create/type.mjs
function CreateType(schema, options) {
  const result = options !== void 0 ? { ...options, ...schema } : schema;
  switch (TypeSystemPolicy.InstanceMode) {
    case "freeze":
      return Immutable(result);
    case "clone":
      return Clone(result);
    default:
      return result;
  }
}

// node_modules/@sinclair/typebox/build/esm/type/symbols/symbols.mjs
var TransformKind = /* @__PURE__ */ Symbol.for("TypeBox.Transform");
var ReadonlyKind = /* @__PURE__ */ Symbol.for("TypeBox.Readonly");
var OptionalKind = /* @__PURE__ */ Symbol.for("TypeBox.Optional");
var Hint = /* @__PURE__ */ Symbol.for("TypeBox.Hint");
var Kind2 = /* @__PURE__ */ Symbol.for("TypeBox.Kind");

// node_modules/@sinclair/typebox/build/esm/type/unsafe/unsafe.mjs
function Unsafe(options = {}) {
  return CreateType({ [Kind2]: options[Kind2] ?? "Unsafe" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/error/error.mjs
var TypeBoxError = class extends Error {
  constructor(message) {
    super(message);
  }
};

// node_modules/@sinclair/typebox/build/esm/type/mapped/mapped-result.mjs
function MappedResult(properties) {
  return CreateType({
    [Kind2]: "MappedResult",
    properties
  });
}

// node_modules/@sinclair/typebox/build/esm/type/discard/discard.mjs
function DiscardKey(value, key) {
  const { [key]: _, ...rest } = value;
  return rest;
}
function Discard(value, keys) {
  return keys.reduce((acc, key) => DiscardKey(acc, key), value);
}

// node_modules/@sinclair/typebox/build/esm/type/array/array.mjs
function Array2(items, options) {
  return CreateType({ [Kind2]: "Array", type: "array", items }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/async-iterator/async-iterator.mjs
function AsyncIterator(items, options) {
  return CreateType({ [Kind2]: "AsyncIterator", type: "AsyncIterator", items }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/constructor/constructor.mjs
function Constructor(parameters, returns, options) {
  return CreateType({ [Kind2]: "Constructor", type: "Constructor", parameters, returns }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/function/function.mjs
function Function(parameters, returns, options) {
  return CreateType({ [Kind2]: "Function", type: "Function", parameters, returns }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/computed/computed.mjs
function Computed(target, parameters, options) {
  return CreateType({ [Kind2]: "Computed", target, parameters }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/never/never.mjs
function Never(options) {
  return CreateType({ [Kind2]: "Never", not: {} }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/guard/kind.mjs
function IsReadonly(value) {
  return IsObject2(value) && value[ReadonlyKind] === "Readonly";
}
function IsOptional(value) {
  return IsObject2(value) && value[OptionalKind] === "Optional";
}
function IsAny(value) {
  return IsKindOf(value, "Any");
}
function IsArgument(value) {
  return IsKindOf(value, "Argument");
}
function IsArray3(value) {
  return IsKindOf(value, "Array");
}
function IsAsyncIterator3(value) {
  return IsKindOf(value, "AsyncIterator");
}
function IsBigInt3(value) {
  return IsKindOf(value, "BigInt");
}
function IsBoolean3(value) {
  return IsKindOf(value, "Boolean");
}
function IsComputed(value) {
  return IsKindOf(value, "Computed");
}
function IsConstructor(value) {
  return IsKindOf(value, "Constructor");
}
function IsDate3(value) {
  return IsKindOf(value, "Date");
}
function IsFunction3(value) {
  return IsKindOf(value, "Function");
}
function IsInteger2(value) {
  return IsKindOf(value, "Integer");
}
function IsIntersect(value) {
  return IsKindOf(value, "Intersect");
}
function IsIterator3(value) {
  return IsKindOf(value, "Iterator");
}
function IsKindOf(value, kind) {
  return IsObject2(value) && Kind2 in value && value[Kind2] === kind;
}
function IsLiteralValue(value) {
  return IsBoolean2(value) || IsNumber2(value) || IsString2(value);
}
function IsLiteral(value) {
  return IsKindOf(value, "Literal");
}
function IsMappedKey(value) {
  return IsKindOf(value, "MappedKey");
}
function IsMappedResult(value) {
  return IsKindOf(value, "MappedResult");
}
function IsNever(value) {
  return IsKindOf(value, "Never");
}
function IsNot(value) {
  return IsKindOf(value, "Not");
}
function IsNull3(value) {
  return IsKindOf(value, "Null");
}
function IsNumber3(value) {
  return IsKindOf(value, "Number");
}
function IsObject3(value) {
  return IsKindOf(value, "Object");
}
function IsPromise2(value) {
  return IsKindOf(value, "Promise");
}
function IsRecord(value) {
  return IsKindOf(value, "Record");
}
function IsRef(value) {
  return IsKindOf(value, "Ref");
}
function IsRegExp2(value) {
  return IsKindOf(value, "RegExp");
}
function IsString3(value) {
  return IsKindOf(value, "String");
}
function IsSymbol3(value) {
  return IsKindOf(value, "Symbol");
}
function IsTemplateLiteral(value) {
  return IsKindOf(value, "TemplateLiteral");
}
function IsThis(value) {
  return IsKindOf(value, "This");
}
function IsTransform(value) {
  return IsObject2(value) && TransformKind in value;
}
function IsTuple(value) {
  return IsKindOf(value, "Tuple");
}
function IsUndefined3(value) {
  return IsKindOf(value, "Undefined");
}
function IsUnion(value) {
  return IsKindOf(value, "Union");
}
function IsUint8Array3(value) {
  return IsKindOf(value, "Uint8Array");
}
function IsUnknown(value) {
  return IsKindOf(value, "Unknown");
}
function IsUnsafe(value) {
  return IsKindOf(value, "Unsafe");
}
function IsVoid(value) {
  return IsKindOf(value, "Void");
}
function IsKind(value) {
  return IsObject2(value) && Kind2 in value && IsString2(value[Kind2]);
}
function IsSchema(value) {
  return IsAny(value) || IsArgument(value) || IsArray3(value) || IsBoolean3(value) || IsBigInt3(value) || IsAsyncIterator3(value) || IsComputed(value) || IsConstructor(value) || IsDate3(value) || IsFunction3(value) || IsInteger2(value) || IsIntersect(value) || IsIterator3(value) || IsLiteral(value) || IsMappedKey(value) || IsMappedResult(value) || IsNever(value) || IsNot(value) || IsNull3(value) || IsNumber3(value) || IsObject3(value) || IsPromise2(value) || IsRecord(value) || IsRef(value) || IsRegExp2(value) || IsString3(value) || IsSymbol3(value) || IsTemplateLiteral(value) || IsThis(value) || IsTuple(value) || IsUndefined3(value) || IsUnion(value) || IsUint8Array3(value) || IsUnknown(value) || IsUnsafe(value) || IsVoid(value) || IsKind(value);
}

// node_modules/@sinclair/typebox/build/esm/type/optional/optional.mjs
function RemoveOptional(schema) {
  return CreateType(Discard(schema, [OptionalKind]));
}
function AddOptional(schema) {
  return CreateType({ ...schema, [OptionalKind]: "Optional" });
}
function OptionalWithFlag(schema, F) {
  return F === false ? RemoveOptional(schema) : AddOptional(schema);
}
function Optional(schema, enable) {
  const F = enable ?? true;
  return IsMappedResult(schema) ? OptionalFromMappedResult(schema, F) : OptionalWithFlag(schema, F);
}

// node_modules/@sinclair/typebox/build/esm/type/optional/optional-from-mapped-result.mjs
function FromProperties(P2, F) {
  const Acc = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(P2))
    Acc[K2] = Optional(P2[K2], F);
  return Acc;
}
function FromMappedResult(R, F) {
  return FromProperties(R.properties, F);
}
function OptionalFromMappedResult(R, F) {
  const P2 = FromMappedResult(R, F);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/type/intersect/intersect-create.mjs
function IntersectCreate(T, options = {}) {
  const allObjects = T.every((schema) => IsObject3(schema));
  const clonedUnevaluatedProperties = IsSchema(options.unevaluatedProperties) ? { unevaluatedProperties: options.unevaluatedProperties } : {};
  return CreateType(options.unevaluatedProperties === false || IsSchema(options.unevaluatedProperties) || allObjects ? { ...clonedUnevaluatedProperties, [Kind2]: "Intersect", type: "object", allOf: T } : { ...clonedUnevaluatedProperties, [Kind2]: "Intersect", allOf: T }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/intersect/intersect-evaluated.mjs
function IsIntersectOptional(types) {
  return types.every((left) => IsOptional(left));
}
function RemoveOptionalFromType(type) {
  return Discard(type, [OptionalKind]);
}
function RemoveOptionalFromRest(types) {
  return types.map((left) => IsOptional(left) ? RemoveOptionalFromType(left) : left);
}
function ResolveIntersect(types, options) {
  return IsIntersectOptional(types) ? Optional(IntersectCreate(RemoveOptionalFromRest(types), options)) : IntersectCreate(RemoveOptionalFromRest(types), options);
}
function IntersectEvaluated(types, options = {}) {
  if (types.length === 1)
    return CreateType(types[0], options);
  if (types.length === 0)
    return Never(options);
  if (types.some((schema) => IsTransform(schema)))
    throw new Error("Cannot intersect transform types");
  return ResolveIntersect(types, options);
}

// node_modules/@sinclair/typebox/build/esm/type/intersect/intersect.mjs
function Intersect(types, options) {
  if (types.length === 1)
    return CreateType(types[0], options);
  if (types.length === 0)
    return Never(options);
  if (types.some((schema) => IsTransform(schema)))
    throw new Error("Cannot intersect transform types");
  return IntersectCreate(types, options);
}

// node_modules/@sinclair/typebox/build/esm/type/union/union-create.mjs
function UnionCreate(T, options) {
  return CreateType({ [Kind2]: "Union", anyOf: T }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/union/union-evaluated.mjs
function IsUnionOptional(types) {
  return types.some((type) => IsOptional(type));
}
function RemoveOptionalFromRest2(types) {
  return types.map((left) => IsOptional(left) ? RemoveOptionalFromType2(left) : left);
}
function RemoveOptionalFromType2(T) {
  return Discard(T, [OptionalKind]);
}
function ResolveUnion(types, options) {
  const isOptional = IsUnionOptional(types);
  return isOptional ? Optional(UnionCreate(RemoveOptionalFromRest2(types), options)) : UnionCreate(RemoveOptionalFromRest2(types), options);
}
function UnionEvaluated(T, options) {
  return T.length === 1 ? CreateType(T[0], options) : T.length === 0 ? Never(options) : ResolveUnion(T, options);
}

// node_modules/@sinclair/typebox/build/esm/type/union/union.mjs
function Union(types, options) {
  return types.length === 0 ? Never(options) : types.length === 1 ? CreateType(types[0], options) : UnionCreate(types, options);
}

// node_modules/@sinclair/typebox/build/esm/type/template-literal/parse.mjs
var TemplateLiteralParserError = class extends TypeBoxError {
};
function Unescape(pattern) {
  return pattern.replace(/\\\$/g, "$").replace(/\\\*/g, "*").replace(/\\\^/g, "^").replace(/\\\|/g, "|").replace(/\\\(/g, "(").replace(/\\\)/g, ")");
}
function IsNonEscaped(pattern, index, char) {
  return pattern[index] === char && pattern.charCodeAt(index - 1) !== 92;
}
function IsOpenParen(pattern, index) {
  return IsNonEscaped(pattern, index, "(");
}
function IsCloseParen(pattern, index) {
  return IsNonEscaped(pattern, index, ")");
}
function IsSeparator(pattern, index) {
  return IsNonEscaped(pattern, index, "|");
}
function IsGroup(pattern) {
  if (!(IsOpenParen(pattern, 0) && IsCloseParen(pattern, pattern.length - 1)))
    return false;
  let count = 0;
  for (let index = 0; index < pattern.length; index++) {
    if (IsOpenParen(pattern, index))
      count += 1;
    if (IsCloseParen(pattern, index))
      count -= 1;
    if (count === 0 && index !== pattern.length - 1)
      return false;
  }
  return true;
}
function InGroup(pattern) {
  return pattern.slice(1, pattern.length - 1);
}
function IsPrecedenceOr(pattern) {
  let count = 0;
  for (let index = 0; index < pattern.length; index++) {
    if (IsOpenParen(pattern, index))
      count += 1;
    if (IsCloseParen(pattern, index))
      count -= 1;
    if (IsSeparator(pattern, index) && count === 0)
      return true;
  }
  return false;
}
function IsPrecedenceAnd(pattern) {
  for (let index = 0; index < pattern.length; index++) {
    if (IsOpenParen(pattern, index))
      return true;
  }
  return false;
}
function Or(pattern) {
  let [count, start] = [0, 0];
  const expressions = [];
  for (let index = 0; index < pattern.length; index++) {
    if (IsOpenParen(pattern, index))
      count += 1;
    if (IsCloseParen(pattern, index))
      count -= 1;
    if (IsSeparator(pattern, index) && count === 0) {
      const range3 = pattern.slice(start, index);
      if (range3.length > 0)
        expressions.push(TemplateLiteralParse(range3));
      start = index + 1;
    }
  }
  const range2 = pattern.slice(start);
  if (range2.length > 0)
    expressions.push(TemplateLiteralParse(range2));
  if (expressions.length === 0)
    return { type: "const", const: "" };
  if (expressions.length === 1)
    return expressions[0];
  return { type: "or", expr: expressions };
}
function And(pattern) {
  function Group(value, index) {
    if (!IsOpenParen(value, index))
      throw new TemplateLiteralParserError(`TemplateLiteralParser: Index must point to open parens`);
    let count = 0;
    for (let scan = index; scan < value.length; scan++) {
      if (IsOpenParen(value, scan))
        count += 1;
      if (IsCloseParen(value, scan))
        count -= 1;
      if (count === 0)
        return [index, scan];
    }
    throw new TemplateLiteralParserError(`TemplateLiteralParser: Unclosed group parens in expression`);
  }
  function Range(pattern2, index) {
    for (let scan = index; scan < pattern2.length; scan++) {
      if (IsOpenParen(pattern2, scan))
        return [index, scan];
    }
    return [index, pattern2.length];
  }
  const expressions = [];
  for (let index = 0; index < pattern.length; index++) {
    if (IsOpenParen(pattern, index)) {
      const [start, end] = Group(pattern, index);
      const range2 = pattern.slice(start, end + 1);
      expressions.push(TemplateLiteralParse(range2));
      index = end;
    } else {
      const [start, end] = Range(pattern, index);
      const range2 = pattern.slice(start, end);
      if (range2.length > 0)
        expressions.push(TemplateLiteralParse(range2));
      index = end - 1;
    }
  }
  return expressions.length === 0 ? { type: "const", const: "" } : expressions.length === 1 ? expressions[0] : { type: "and", expr: expressions };
}
function TemplateLiteralParse(pattern) {
  return IsGroup(pattern) ? TemplateLiteralParse(InGroup(pattern)) : IsPrecedenceOr(pattern) ? Or(pattern) : IsPrecedenceAnd(pattern) ? And(pattern) : { type: "const", const: Unescape(pattern) };
}
function TemplateLiteralParseExact(pattern) {
  return TemplateLiteralParse(pattern.slice(1, pattern.length - 1));
}

// node_modules/@sinclair/typebox/build/esm/type/template-literal/finite.mjs
var TemplateLiteralFiniteError = class extends TypeBoxError {
};
function IsNumberExpression(expression) {
  return expression.type === "or" && expression.expr.length === 2 && expression.expr[0].type === "const" && expression.expr[0].const === "0" && expression.expr[1].type === "const" && expression.expr[1].const === "[1-9][0-9]*";
}
function IsBooleanExpression(expression) {
  return expression.type === "or" && expression.expr.length === 2 && expression.expr[0].type === "const" && expression.expr[0].const === "true" && expression.expr[1].type === "const" && expression.expr[1].const === "false";
}
function IsStringExpression(expression) {
  return expression.type === "const" && expression.const === ".*";
}
function IsTemplateLiteralExpressionFinite(expression) {
  return IsNumberExpression(expression) || IsStringExpression(expression) ? false : IsBooleanExpression(expression) ? true : expression.type === "and" ? expression.expr.every((expr) => IsTemplateLiteralExpressionFinite(expr)) : expression.type === "or" ? expression.expr.every((expr) => IsTemplateLiteralExpressionFinite(expr)) : expression.type === "const" ? true : (() => {
    throw new TemplateLiteralFiniteError(`Unknown expression type`);
  })();
}
function IsTemplateLiteralFinite(schema) {
  const expression = TemplateLiteralParseExact(schema.pattern);
  return IsTemplateLiteralExpressionFinite(expression);
}

// node_modules/@sinclair/typebox/build/esm/type/template-literal/generate.mjs
var TemplateLiteralGenerateError = class extends TypeBoxError {
};
function* GenerateReduce(buffer) {
  if (buffer.length === 1)
    return yield* buffer[0];
  for (const left of buffer[0]) {
    for (const right of GenerateReduce(buffer.slice(1))) {
      yield `${left}${right}`;
    }
  }
}
function* GenerateAnd(expression) {
  return yield* GenerateReduce(expression.expr.map((expr) => [...TemplateLiteralExpressionGenerate(expr)]));
}
function* GenerateOr(expression) {
  for (const expr of expression.expr)
    yield* TemplateLiteralExpressionGenerate(expr);
}
function* GenerateConst(expression) {
  return yield expression.const;
}
function* TemplateLiteralExpressionGenerate(expression) {
  return expression.type === "and" ? yield* GenerateAnd(expression) : expression.type === "or" ? yield* GenerateOr(expression) : expression.type === "const" ? yield* GenerateConst(expression) : (() => {
    throw new TemplateLiteralGenerateError("Unknown expression");
  })();
}
function TemplateLiteralGenerate(schema) {
  const expression = TemplateLiteralParseExact(schema.pattern);
  return IsTemplateLiteralExpressionFinite(expression) ? [...TemplateLiteralExpressionGenerate(expression)] : [];
}

// node_modules/@sinclair/typebox/build/esm/type/literal/literal.mjs
function Literal(value, options) {
  return CreateType({
    [Kind2]: "Literal",
    const: value,
    type: typeof value
  }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/boolean/boolean.mjs
function Boolean(options) {
  return CreateType({ [Kind2]: "Boolean", type: "boolean" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/bigint/bigint.mjs
function BigInt2(options) {
  return CreateType({ [Kind2]: "BigInt", type: "bigint" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/number/number.mjs
function Number2(options) {
  return CreateType({ [Kind2]: "Number", type: "number" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/string/string.mjs
function String2(options) {
  return CreateType({ [Kind2]: "String", type: "string" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/template-literal/syntax.mjs
function* FromUnion(syntax) {
  const trim = syntax.trim().replace(/"|'/g, "");
  return trim === "boolean" ? yield Boolean() : trim === "number" ? yield Number2() : trim === "bigint" ? yield BigInt2() : trim === "string" ? yield String2() : yield (() => {
    const literals = trim.split("|").map((literal) => Literal(literal.trim()));
    return literals.length === 0 ? Never() : literals.length === 1 ? literals[0] : UnionEvaluated(literals);
  })();
}
function* FromTerminal(syntax) {
  if (syntax[1] !== "{") {
    const L = Literal("$");
    const R = FromSyntax(syntax.slice(1));
    return yield* [L, ...R];
  }
  for (let i = 2; i < syntax.length; i++) {
    if (syntax[i] === "}") {
      const L = FromUnion(syntax.slice(2, i));
      const R = FromSyntax(syntax.slice(i + 1));
      return yield* [...L, ...R];
    }
  }
  yield Literal(syntax);
}
function* FromSyntax(syntax) {
  for (let i = 0; i < syntax.length; i++) {
    if (syntax[i] === "$") {
      const L = Literal(syntax.slice(0, i));
      const R = FromTerminal(syntax.slice(i));
      return yield* [L, ...R];
    }
  }
  yield Literal(syntax);
}
function TemplateLiteralSyntax(syntax) {
  return [...FromSyntax(syntax)];
}

// node_modules/@sinclair/typebox/build/esm/type/patterns/patterns.mjs
var PatternBoolean = "(true|false)";
var PatternNumber = "(0|[1-9][0-9]*)";
var PatternString = "(.*)";
var PatternNever = "(?!.*)";
var PatternBooleanExact = `^${PatternBoolean}$`;
var PatternNumberExact = `^${PatternNumber}$`;
var PatternStringExact = `^${PatternString}$`;
var PatternNeverExact = `^${PatternNever}$`;

// node_modules/@sinclair/typebox/build/esm/type/template-literal/pattern.mjs
var TemplateLiteralPatternError = class extends TypeBoxError {
};
function Escape(value) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function Visit2(schema, acc) {
  return IsTemplateLiteral(schema) ? schema.pattern.slice(1, schema.pattern.length - 1) : IsUnion(schema) ? `(${schema.anyOf.map((schema2) => Visit2(schema2, acc)).join("|")})` : IsNumber3(schema) ? `${acc}${PatternNumber}` : IsInteger2(schema) ? `${acc}${PatternNumber}` : IsBigInt3(schema) ? `${acc}${PatternNumber}` : IsString3(schema) ? `${acc}${PatternString}` : IsLiteral(schema) ? `${acc}${Escape(schema.const.toString())}` : IsBoolean3(schema) ? `${acc}${PatternBoolean}` : (() => {
    throw new TemplateLiteralPatternError(`Unexpected Kind '${schema[Kind2]}'`);
  })();
}
function TemplateLiteralPattern(kinds) {
  return `^${kinds.map((schema) => Visit2(schema, "")).join("")}$`;
}

// node_modules/@sinclair/typebox/build/esm/type/template-literal/union.mjs
function TemplateLiteralToUnion(schema) {
  const R = TemplateLiteralGenerate(schema);
  const L = R.map((S) => Literal(S));
  return UnionEvaluated(L);
}

// node_modules/@sinclair/typebox/build/esm/type/template-literal/template-literal.mjs
function TemplateLiteral(unresolved, options) {
  const pattern = IsString2(unresolved) ? TemplateLiteralPattern(TemplateLiteralSyntax(unresolved)) : TemplateLiteralPattern(unresolved);
  return CreateType({ [Kind2]: "TemplateLiteral", type: "string", pattern }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/indexed/indexed-property-keys.mjs
function FromTemplateLiteral(templateLiteral) {
  const keys = TemplateLiteralGenerate(templateLiteral);
  return keys.map((key) => key.toString());
}
function FromUnion2(types) {
  const result = [];
  for (const type of types)
    result.push(...IndexPropertyKeys(type));
  return result;
}
function FromLiteral(literalValue) {
  return [literalValue.toString()];
}
function IndexPropertyKeys(type) {
  return [...new Set(IsTemplateLiteral(type) ? FromTemplateLiteral(type) : IsUnion(type) ? FromUnion2(type.anyOf) : IsLiteral(type) ? FromLiteral(type.const) : IsNumber3(type) ? ["[number]"] : IsInteger2(type) ? ["[number]"] : [])];
}

// node_modules/@sinclair/typebox/build/esm/type/indexed/indexed-from-mapped-result.mjs
function FromProperties2(type, properties, options) {
  const result = {};
  for (const K2 of Object.getOwnPropertyNames(properties)) {
    result[K2] = Index(type, IndexPropertyKeys(properties[K2]), options);
  }
  return result;
}
function FromMappedResult2(type, mappedResult, options) {
  return FromProperties2(type, mappedResult.properties, options);
}
function IndexFromMappedResult(type, mappedResult, options) {
  const properties = FromMappedResult2(type, mappedResult, options);
  return MappedResult(properties);
}

// node_modules/@sinclair/typebox/build/esm/type/indexed/indexed.mjs
function FromRest(types, key) {
  return types.map((type) => IndexFromPropertyKey(type, key));
}
function FromIntersectRest(types) {
  return types.filter((type) => !IsNever(type));
}
function FromIntersect(types, key) {
  return IntersectEvaluated(FromIntersectRest(FromRest(types, key)));
}
function FromUnionRest(types) {
  return types.some((L) => IsNever(L)) ? [] : types;
}
function FromUnion3(types, key) {
  return UnionEvaluated(FromUnionRest(FromRest(types, key)));
}
function FromTuple(types, key) {
  return key in types ? types[key] : key === "[number]" ? UnionEvaluated(types) : Never();
}
function FromArray(type, key) {
  return key === "[number]" ? type : Never();
}
function FromProperty(properties, propertyKey) {
  return propertyKey in properties ? properties[propertyKey] : Never();
}
function IndexFromPropertyKey(type, propertyKey) {
  return IsIntersect(type) ? FromIntersect(type.allOf, propertyKey) : IsUnion(type) ? FromUnion3(type.anyOf, propertyKey) : IsTuple(type) ? FromTuple(type.items ?? [], propertyKey) : IsArray3(type) ? FromArray(type.items, propertyKey) : IsObject3(type) ? FromProperty(type.properties, propertyKey) : Never();
}
function IndexFromPropertyKeys(type, propertyKeys) {
  return propertyKeys.map((propertyKey) => IndexFromPropertyKey(type, propertyKey));
}
function FromSchema(type, propertyKeys) {
  return UnionEvaluated(IndexFromPropertyKeys(type, propertyKeys));
}
function Index(type, key, options) {
  if (IsRef(type) || IsRef(key)) {
    const error = `Index types using Ref parameters require both Type and Key to be of TSchema`;
    if (!IsSchema(type) || !IsSchema(key))
      throw new TypeBoxError(error);
    return Computed("Index", [type, key]);
  }
  if (IsMappedResult(key))
    return IndexFromMappedResult(type, key, options);
  if (IsMappedKey(key))
    return IndexFromMappedKey(type, key, options);
  return CreateType(IsSchema(key) ? FromSchema(type, IndexPropertyKeys(key)) : FromSchema(type, key), options);
}

// node_modules/@sinclair/typebox/build/esm/type/indexed/indexed-from-mapped-key.mjs
function MappedIndexPropertyKey(type, key, options) {
  return { [key]: Index(type, [key], Clone(options)) };
}
function MappedIndexPropertyKeys(type, propertyKeys, options) {
  return propertyKeys.reduce((result, left) => {
    return { ...result, ...MappedIndexPropertyKey(type, left, options) };
  }, {});
}
function MappedIndexProperties(type, mappedKey, options) {
  return MappedIndexPropertyKeys(type, mappedKey.keys, options);
}
function IndexFromMappedKey(type, mappedKey, options) {
  const properties = MappedIndexProperties(type, mappedKey, options);
  return MappedResult(properties);
}

// node_modules/@sinclair/typebox/build/esm/type/iterator/iterator.mjs
function Iterator(items, options) {
  return CreateType({ [Kind2]: "Iterator", type: "Iterator", items }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/object/object.mjs
function RequiredArray(properties) {
  return globalThis.Object.keys(properties).filter((key) => !IsOptional(properties[key]));
}
function _Object_(properties, options) {
  const required = RequiredArray(properties);
  const schema = required.length > 0 ? { [Kind2]: "Object", type: "object", required, properties } : { [Kind2]: "Object", type: "object", properties };
  return CreateType(schema, options);
}
var Object2 = _Object_;

// node_modules/@sinclair/typebox/build/esm/type/promise/promise.mjs
function Promise2(item, options) {
  return CreateType({ [Kind2]: "Promise", type: "Promise", item }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/readonly/readonly.mjs
function RemoveReadonly(schema) {
  return CreateType(Discard(schema, [ReadonlyKind]));
}
function AddReadonly(schema) {
  return CreateType({ ...schema, [ReadonlyKind]: "Readonly" });
}
function ReadonlyWithFlag(schema, F) {
  return F === false ? RemoveReadonly(schema) : AddReadonly(schema);
}
function Readonly(schema, enable) {
  const F = enable ?? true;
  return IsMappedResult(schema) ? ReadonlyFromMappedResult(schema, F) : ReadonlyWithFlag(schema, F);
}

// node_modules/@sinclair/typebox/build/esm/type/readonly/readonly-from-mapped-result.mjs
function FromProperties3(K, F) {
  const Acc = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(K))
    Acc[K2] = Readonly(K[K2], F);
  return Acc;
}
function FromMappedResult3(R, F) {
  return FromProperties3(R.properties, F);
}
function ReadonlyFromMappedResult(R, F) {
  const P2 = FromMappedResult3(R, F);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/type/tuple/tuple.mjs
function Tuple(types, options) {
  return CreateType(types.length > 0 ? { [Kind2]: "Tuple", type: "array", items: types, additionalItems: false, minItems: types.length, maxItems: types.length } : { [Kind2]: "Tuple", type: "array", minItems: types.length, maxItems: types.length }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/sets/set.mjs
function SetIncludes(T, S) {
  return T.includes(S);
}
function SetDistinct(T) {
  return [...new Set(T)];
}
function SetIntersect(T, S) {
  return T.filter((L) => S.includes(L));
}
function SetIntersectManyResolve(T, Init) {
  return T.reduce((Acc, L) => {
    return SetIntersect(Acc, L);
  }, Init);
}
function SetIntersectMany(T) {
  return T.length === 1 ? T[0] : T.length > 1 ? SetIntersectManyResolve(T.slice(1), T[0]) : [];
}
function SetUnionMany(T) {
  const Acc = [];
  for (const L of T)
    Acc.push(...L);
  return Acc;
}

// node_modules/@sinclair/typebox/build/esm/type/mapped/mapped.mjs
function FromMappedResult4(K, P2) {
  return K in P2 ? FromSchemaType(K, P2[K]) : MappedResult(P2);
}
function MappedKeyToKnownMappedResultProperties(K) {
  return { [K]: Literal(K) };
}
function MappedKeyToUnknownMappedResultProperties(P2) {
  const Acc = {};
  for (const L of P2)
    Acc[L] = Literal(L);
  return Acc;
}
function MappedKeyToMappedResultProperties(K, P2) {
  return SetIncludes(P2, K) ? MappedKeyToKnownMappedResultProperties(K) : MappedKeyToUnknownMappedResultProperties(P2);
}
function FromMappedKey(K, P2) {
  const R = MappedKeyToMappedResultProperties(K, P2);
  return FromMappedResult4(K, R);
}
function FromRest2(K, T) {
  return T.map((L) => FromSchemaType(K, L));
}
function FromProperties4(K, T) {
  const Acc = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(T))
    Acc[K2] = FromSchemaType(K, T[K2]);
  return Acc;
}
function FromSchemaType(K, T) {
  const options = { ...T };
  return (
    // unevaluated modifier types
    IsOptional(T) ? Optional(FromSchemaType(K, Discard(T, [OptionalKind]))) : IsReadonly(T) ? Readonly(FromSchemaType(K, Discard(T, [ReadonlyKind]))) : (
      // unevaluated mapped types
      IsMappedResult(T) ? FromMappedResult4(K, T.properties) : IsMappedKey(T) ? FromMappedKey(K, T.keys) : (
        // unevaluated types
        IsConstructor(T) ? Constructor(FromRest2(K, T.parameters), FromSchemaType(K, T.returns), options) : IsFunction3(T) ? Function(FromRest2(K, T.parameters), FromSchemaType(K, T.returns), options) : IsAsyncIterator3(T) ? AsyncIterator(FromSchemaType(K, T.items), options) : IsIterator3(T) ? Iterator(FromSchemaType(K, T.items), options) : IsIntersect(T) ? Intersect(FromRest2(K, T.allOf), options) : IsUnion(T) ? Union(FromRest2(K, T.anyOf), options) : IsTuple(T) ? Tuple(FromRest2(K, T.items ?? []), options) : IsObject3(T) ? Object2(FromProperties4(K, T.properties), options) : IsArray3(T) ? Array2(FromSchemaType(K, T.items), options) : IsPromise2(T) ? Promise2(FromSchemaType(K, T.item), options) : T
      )
    )
  );
}
function MappedFunctionReturnType(K, T) {
  const Acc = {};
  for (const L of K)
    Acc[L] = FromSchemaType(L, T);
  return Acc;
}
function Mapped(key, map3, options) {
  const K = IsSchema(key) ? IndexPropertyKeys(key) : key;
  const RT = map3({ [Kind2]: "MappedKey", keys: K });
  const R = MappedFunctionReturnType(K, RT);
  return Object2(R, options);
}

// node_modules/@sinclair/typebox/build/esm/type/ref/ref.mjs
function Ref(...args) {
  const [$ref, options] = typeof args[0] === "string" ? [args[0], args[1]] : [args[0].$id, args[1]];
  if (typeof $ref !== "string")
    throw new TypeBoxError("Ref: $ref must be a string");
  return CreateType({ [Kind2]: "Ref", $ref }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/keyof/keyof-property-keys.mjs
function FromRest3(types) {
  const result = [];
  for (const L of types)
    result.push(KeyOfPropertyKeys(L));
  return result;
}
function FromIntersect2(types) {
  const propertyKeysArray = FromRest3(types);
  const propertyKeys = SetUnionMany(propertyKeysArray);
  return propertyKeys;
}
function FromUnion4(types) {
  const propertyKeysArray = FromRest3(types);
  const propertyKeys = SetIntersectMany(propertyKeysArray);
  return propertyKeys;
}
function FromTuple2(types) {
  return types.map((_, indexer) => indexer.toString());
}
function FromArray2(_) {
  return ["[number]"];
}
function FromProperties5(T) {
  return globalThis.Object.getOwnPropertyNames(T);
}
function FromPatternProperties(patternProperties) {
  if (!includePatternProperties)
    return [];
  const patternPropertyKeys = globalThis.Object.getOwnPropertyNames(patternProperties);
  return patternPropertyKeys.map((key) => {
    return key[0] === "^" && key[key.length - 1] === "$" ? key.slice(1, key.length - 1) : key;
  });
}
function KeyOfPropertyKeys(type) {
  return IsIntersect(type) ? FromIntersect2(type.allOf) : IsUnion(type) ? FromUnion4(type.anyOf) : IsTuple(type) ? FromTuple2(type.items ?? []) : IsArray3(type) ? FromArray2(type.items) : IsObject3(type) ? FromProperties5(type.properties) : IsRecord(type) ? FromPatternProperties(type.patternProperties) : [];
}
var includePatternProperties = false;
function KeyOfPattern(schema) {
  includePatternProperties = true;
  const keys = KeyOfPropertyKeys(schema);
  includePatternProperties = false;
  const pattern = keys.map((key) => `(${key})`);
  return `^(${pattern.join("|")})$`;
}

// node_modules/@sinclair/typebox/build/esm/type/keyof/keyof.mjs
function FromComputed(target, parameters) {
  return Computed("KeyOf", [Computed(target, parameters)]);
}
function FromRef($ref) {
  return Computed("KeyOf", [Ref($ref)]);
}
function KeyOfFromType(type, options) {
  const propertyKeys = KeyOfPropertyKeys(type);
  const propertyKeyTypes = KeyOfPropertyKeysToRest(propertyKeys);
  const result = UnionEvaluated(propertyKeyTypes);
  return CreateType(result, options);
}
function KeyOfPropertyKeysToRest(propertyKeys) {
  return propertyKeys.map((L) => L === "[number]" ? Number2() : Literal(L));
}
function KeyOf(type, options) {
  return IsComputed(type) ? FromComputed(type.target, type.parameters) : IsRef(type) ? FromRef(type.$ref) : IsMappedResult(type) ? KeyOfFromMappedResult(type, options) : KeyOfFromType(type, options);
}

// node_modules/@sinclair/typebox/build/esm/type/keyof/keyof-from-mapped-result.mjs
function FromProperties6(properties, options) {
  const result = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(properties))
    result[K2] = KeyOf(properties[K2], Clone(options));
  return result;
}
function FromMappedResult5(mappedResult, options) {
  return FromProperties6(mappedResult.properties, options);
}
function KeyOfFromMappedResult(mappedResult, options) {
  const properties = FromMappedResult5(mappedResult, options);
  return MappedResult(properties);
}

// node_modules/@sinclair/typebox/build/esm/type/keyof/keyof-property-entries.mjs
function KeyOfPropertyEntries(schema) {
  const keys = KeyOfPropertyKeys(schema);
  const schemas = IndexFromPropertyKeys(schema, keys);
  return keys.map((_, index) => [keys[index], schemas[index]]);
}

// node_modules/@sinclair/typebox/build/esm/type/extends/extends-undefined.mjs
function Intersect2(schema) {
  return schema.allOf.every((schema2) => ExtendsUndefinedCheck(schema2));
}
function Union2(schema) {
  return schema.anyOf.some((schema2) => ExtendsUndefinedCheck(schema2));
}
function Not(schema) {
  return !ExtendsUndefinedCheck(schema.not);
}
function ExtendsUndefinedCheck(schema) {
  return schema[Kind2] === "Intersect" ? Intersect2(schema) : schema[Kind2] === "Union" ? Union2(schema) : schema[Kind2] === "Not" ? Not(schema) : schema[Kind2] === "Undefined" ? true : false;
}

// node_modules/@sinclair/typebox/build/esm/errors/function.mjs
function DefaultErrorFunction(error) {
  switch (error.errorType) {
    case ValueErrorType.ArrayContains:
      return "Expected array to contain at least one matching value";
    case ValueErrorType.ArrayMaxContains:
      return `Expected array to contain no more than ${error.schema.maxContains} matching values`;
    case ValueErrorType.ArrayMinContains:
      return `Expected array to contain at least ${error.schema.minContains} matching values`;
    case ValueErrorType.ArrayMaxItems:
      return `Expected array length to be less or equal to ${error.schema.maxItems}`;
    case ValueErrorType.ArrayMinItems:
      return `Expected array length to be greater or equal to ${error.schema.minItems}`;
    case ValueErrorType.ArrayUniqueItems:
      return "Expected array elements to be unique";
    case ValueErrorType.Array:
      return "Expected array";
    case ValueErrorType.AsyncIterator:
      return "Expected AsyncIterator";
    case ValueErrorType.BigIntExclusiveMaximum:
      return `Expected bigint to be less than ${error.schema.exclusiveMaximum}`;
    case ValueErrorType.BigIntExclusiveMinimum:
      return `Expected bigint to be greater than ${error.schema.exclusiveMinimum}`;
    case ValueErrorType.BigIntMaximum:
      return `Expected bigint to be less or equal to ${error.schema.maximum}`;
    case ValueErrorType.BigIntMinimum:
      return `Expected bigint to be greater or equal to ${error.schema.minimum}`;
    case ValueErrorType.BigIntMultipleOf:
      return `Expected bigint to be a multiple of ${error.schema.multipleOf}`;
    case ValueErrorType.BigInt:
      return "Expected bigint";
    case ValueErrorType.Boolean:
      return "Expected boolean";
    case ValueErrorType.DateExclusiveMinimumTimestamp:
      return `Expected Date timestamp to be greater than ${error.schema.exclusiveMinimumTimestamp}`;
    case ValueErrorType.DateExclusiveMaximumTimestamp:
      return `Expected Date timestamp to be less than ${error.schema.exclusiveMaximumTimestamp}`;
    case ValueErrorType.DateMinimumTimestamp:
      return `Expected Date timestamp to be greater or equal to ${error.schema.minimumTimestamp}`;
    case ValueErrorType.DateMaximumTimestamp:
      return `Expected Date timestamp to be less or equal to ${error.schema.maximumTimestamp}`;
    case ValueErrorType.DateMultipleOfTimestamp:
      return `Expected Date timestamp to be a multiple of ${error.schema.multipleOfTimestamp}`;
    case ValueErrorType.Date:
      return "Expected Date";
    case ValueErrorType.Function:
      return "Expected function";
    case ValueErrorType.IntegerExclusiveMaximum:
      return `Expected integer to be less than ${error.schema.exclusiveMaximum}`;
    case ValueErrorType.IntegerExclusiveMinimum:
      return `Expected integer to be greater than ${error.schema.exclusiveMinimum}`;
    case ValueErrorType.IntegerMaximum:
      return `Expected integer to be less or equal to ${error.schema.maximum}`;
    case ValueErrorType.IntegerMinimum:
      return `Expected integer to be greater or equal to ${error.schema.minimum}`;
    case ValueErrorType.IntegerMultipleOf:
      return `Expected integer to be a multiple of ${error.schema.multipleOf}`;
    case ValueErrorType.Integer:
      return "Expected integer";
    case ValueErrorType.IntersectUnevaluatedProperties:
      return "Unexpected property";
    case ValueErrorType.Intersect:
      return "Expected all values to match";
    case ValueErrorType.Iterator:
      return "Expected Iterator";
    case ValueErrorType.Literal:
      return `Expected ${typeof error.schema.const === "string" ? `'${error.schema.const}'` : error.schema.const}`;
    case ValueErrorType.Never:
      return "Never";
    case ValueErrorType.Not:
      return "Value should not match";
    case ValueErrorType.Null:
      return "Expected null";
    case ValueErrorType.NumberExclusiveMaximum:
      return `Expected number to be less than ${error.schema.exclusiveMaximum}`;
    case ValueErrorType.NumberExclusiveMinimum:
      return `Expected number to be greater than ${error.schema.exclusiveMinimum}`;
    case ValueErrorType.NumberMaximum:
      return `Expected number to be less or equal to ${error.schema.maximum}`;
    case ValueErrorType.NumberMinimum:
      return `Expected number to be greater or equal to ${error.schema.minimum}`;
    case ValueErrorType.NumberMultipleOf:
      return `Expected number to be a multiple of ${error.schema.multipleOf}`;
    case ValueErrorType.Number:
      return "Expected number";
    case ValueErrorType.Object:
      return "Expected object";
    case ValueErrorType.ObjectAdditionalProperties:
      return "Unexpected property";
    case ValueErrorType.ObjectMaxProperties:
      return `Expected object to have no more than ${error.schema.maxProperties} properties`;
    case ValueErrorType.ObjectMinProperties:
      return `Expected object to have at least ${error.schema.minProperties} properties`;
    case ValueErrorType.ObjectRequiredProperty:
      return "Expected required property";
    case ValueErrorType.Promise:
      return "Expected Promise";
    case ValueErrorType.RegExp:
      return "Expected string to match regular expression";
    case ValueErrorType.StringFormatUnknown:
      return `Unknown format '${error.schema.format}'`;
    case ValueErrorType.StringFormat:
      return `Expected string to match '${error.schema.format}' format`;
    case ValueErrorType.StringMaxLength:
      return `Expected string length less or equal to ${error.schema.maxLength}`;
    case ValueErrorType.StringMinLength:
      return `Expected string length greater or equal to ${error.schema.minLength}`;
    case ValueErrorType.StringPattern:
      return `Expected string to match '${error.schema.pattern}'`;
    case ValueErrorType.String:
      return "Expected string";
    case ValueErrorType.Symbol:
      return "Expected symbol";
    case ValueErrorType.TupleLength:
      return `Expected tuple to have ${error.schema.maxItems || 0} elements`;
    case ValueErrorType.Tuple:
      return "Expected tuple";
    case ValueErrorType.Uint8ArrayMaxByteLength:
      return `Expected byte length less or equal to ${error.schema.maxByteLength}`;
    case ValueErrorType.Uint8ArrayMinByteLength:
      return `Expected byte length greater or equal to ${error.schema.minByteLength}`;
    case ValueErrorType.Uint8Array:
      return "Expected Uint8Array";
    case ValueErrorType.Undefined:
      return "Expected undefined";
    case ValueErrorType.Union:
      return "Expected union value";
    case ValueErrorType.Void:
      return "Expected void";
    case ValueErrorType.Kind:
      return `Expected kind '${error.schema[Kind2]}'`;
    default:
      return "Unknown error type";
  }
}
var errorFunction = DefaultErrorFunction;
function GetErrorFunction() {
  return errorFunction;
}

// node_modules/@sinclair/typebox/build/esm/value/deref/deref.mjs
var TypeDereferenceError = class extends TypeBoxError {
  constructor(schema) {
    super(`Unable to dereference schema with $id '${schema.$ref}'`);
    this.schema = schema;
  }
};
function Resolve(schema, references) {
  const target = references.find((target2) => target2.$id === schema.$ref);
  if (target === void 0)
    throw new TypeDereferenceError(schema);
  return Deref(target, references);
}
function Pushref(schema, references) {
  if (!IsString(schema.$id) || references.some((target) => target.$id === schema.$id))
    return references;
  references.push(schema);
  return references;
}
function Deref(schema, references) {
  return schema[Kind2] === "This" || schema[Kind2] === "Ref" ? Resolve(schema, references) : schema;
}

// node_modules/@sinclair/typebox/build/esm/value/hash/hash.mjs
var ValueHashError = class extends TypeBoxError {
  constructor(value) {
    super(`Unable to hash value`);
    this.value = value;
  }
};
var ByteMarker;
(function(ByteMarker2) {
  ByteMarker2[ByteMarker2["Undefined"] = 0] = "Undefined";
  ByteMarker2[ByteMarker2["Null"] = 1] = "Null";
  ByteMarker2[ByteMarker2["Boolean"] = 2] = "Boolean";
  ByteMarker2[ByteMarker2["Number"] = 3] = "Number";
  ByteMarker2[ByteMarker2["String"] = 4] = "String";
  ByteMarker2[ByteMarker2["Object"] = 5] = "Object";
  ByteMarker2[ByteMarker2["Array"] = 6] = "Array";
  ByteMarker2[ByteMarker2["Date"] = 7] = "Date";
  ByteMarker2[ByteMarker2["Uint8Array"] = 8] = "Uint8Array";
  ByteMarker2[ByteMarker2["Symbol"] = 9] = "Symbol";
  ByteMarker2[ByteMarker2["BigInt"] = 10] = "BigInt";
})(ByteMarker || (ByteMarker = {}));
var Accumulator = BigInt("14695981039346656037");
var [Prime, Size] = [BigInt("1099511628211"), BigInt(
  "18446744073709551616"
  /* 2 ^ 64 */
)];
var Bytes = Array.from({ length: 256 }).map((_, i) => BigInt(i));
var F64 = new Float64Array(1);
var F64In = new DataView(F64.buffer);
var F64Out = new Uint8Array(F64.buffer);
function* NumberToBytes(value) {
  const byteCount = value === 0 ? 1 : Math.ceil(Math.floor(Math.log2(value) + 1) / 8);
  for (let i = 0; i < byteCount; i++) {
    yield value >> 8 * (byteCount - 1 - i) & 255;
  }
}
function ArrayType2(value) {
  FNV1A64(ByteMarker.Array);
  for (const item of value) {
    Visit3(item);
  }
}
function BooleanType(value) {
  FNV1A64(ByteMarker.Boolean);
  FNV1A64(value ? 1 : 0);
}
function BigIntType(value) {
  FNV1A64(ByteMarker.BigInt);
  F64In.setBigInt64(0, value);
  for (const byte of F64Out) {
    FNV1A64(byte);
  }
}
function DateType2(value) {
  FNV1A64(ByteMarker.Date);
  Visit3(value.getTime());
}
function NullType(value) {
  FNV1A64(ByteMarker.Null);
}
function NumberType(value) {
  FNV1A64(ByteMarker.Number);
  F64In.setFloat64(0, value);
  for (const byte of F64Out) {
    FNV1A64(byte);
  }
}
function ObjectType2(value) {
  FNV1A64(ByteMarker.Object);
  for (const key of globalThis.Object.getOwnPropertyNames(value).sort()) {
    Visit3(key);
    Visit3(value[key]);
  }
}
function StringType(value) {
  FNV1A64(ByteMarker.String);
  for (let i = 0; i < value.length; i++) {
    for (const byte of NumberToBytes(value.charCodeAt(i))) {
      FNV1A64(byte);
    }
  }
}
function SymbolType(value) {
  FNV1A64(ByteMarker.Symbol);
  Visit3(value.description);
}
function Uint8ArrayType2(value) {
  FNV1A64(ByteMarker.Uint8Array);
  for (let i = 0; i < value.length; i++) {
    FNV1A64(value[i]);
  }
}
function UndefinedType(value) {
  return FNV1A64(ByteMarker.Undefined);
}
function Visit3(value) {
  if (IsArray(value))
    return ArrayType2(value);
  if (IsBoolean(value))
    return BooleanType(value);
  if (IsBigInt(value))
    return BigIntType(value);
  if (IsDate(value))
    return DateType2(value);
  if (IsNull(value))
    return NullType(value);
  if (IsNumber(value))
    return NumberType(value);
  if (IsObject(value))
    return ObjectType2(value);
  if (IsString(value))
    return StringType(value);
  if (IsSymbol(value))
    return SymbolType(value);
  if (IsUint8Array(value))
    return Uint8ArrayType2(value);
  if (IsUndefined(value))
    return UndefinedType(value);
  throw new ValueHashError(value);
}
function FNV1A64(byte) {
  Accumulator = Accumulator ^ Bytes[byte];
  Accumulator = Accumulator * Prime % Size;
}
function Hash(value) {
  Accumulator = BigInt("14695981039346656037");
  Visit3(value);
  return Accumulator;
}

// node_modules/@sinclair/typebox/build/esm/type/any/any.mjs
function Any(options) {
  return CreateType({ [Kind2]: "Any" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/unknown/unknown.mjs
function Unknown(options) {
  return CreateType({ [Kind2]: "Unknown" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/guard/type.mjs
var type_exports2 = {};
__export(type_exports2, {
  IsAny: () => IsAny2,
  IsArgument: () => IsArgument2,
  IsArray: () => IsArray4,
  IsAsyncIterator: () => IsAsyncIterator4,
  IsBigInt: () => IsBigInt4,
  IsBoolean: () => IsBoolean4,
  IsComputed: () => IsComputed2,
  IsConstructor: () => IsConstructor2,
  IsDate: () => IsDate4,
  IsFunction: () => IsFunction4,
  IsImport: () => IsImport,
  IsInteger: () => IsInteger3,
  IsIntersect: () => IsIntersect2,
  IsIterator: () => IsIterator4,
  IsKind: () => IsKind2,
  IsKindOf: () => IsKindOf2,
  IsLiteral: () => IsLiteral2,
  IsLiteralBoolean: () => IsLiteralBoolean,
  IsLiteralNumber: () => IsLiteralNumber,
  IsLiteralString: () => IsLiteralString,
  IsLiteralValue: () => IsLiteralValue2,
  IsMappedKey: () => IsMappedKey2,
  IsMappedResult: () => IsMappedResult2,
  IsNever: () => IsNever2,
  IsNot: () => IsNot2,
  IsNull: () => IsNull4,
  IsNumber: () => IsNumber4,
  IsObject: () => IsObject4,
  IsOptional: () => IsOptional2,
  IsPromise: () => IsPromise3,
  IsProperties: () => IsProperties,
  IsReadonly: () => IsReadonly2,
  IsRecord: () => IsRecord2,
  IsRecursive: () => IsRecursive,
  IsRef: () => IsRef2,
  IsRegExp: () => IsRegExp3,
  IsSchema: () => IsSchema2,
  IsString: () => IsString4,
  IsSymbol: () => IsSymbol4,
  IsTemplateLiteral: () => IsTemplateLiteral2,
  IsThis: () => IsThis2,
  IsTransform: () => IsTransform2,
  IsTuple: () => IsTuple2,
  IsUint8Array: () => IsUint8Array4,
  IsUndefined: () => IsUndefined4,
  IsUnion: () => IsUnion2,
  IsUnionLiteral: () => IsUnionLiteral,
  IsUnknown: () => IsUnknown2,
  IsUnsafe: () => IsUnsafe2,
  IsVoid: () => IsVoid2,
  TypeGuardUnknownTypeError: () => TypeGuardUnknownTypeError
});
var TypeGuardUnknownTypeError = class extends TypeBoxError {
};
var KnownTypes = [
  "Argument",
  "Any",
  "Array",
  "AsyncIterator",
  "BigInt",
  "Boolean",
  "Computed",
  "Constructor",
  "Date",
  "Enum",
  "Function",
  "Integer",
  "Intersect",
  "Iterator",
  "Literal",
  "MappedKey",
  "MappedResult",
  "Not",
  "Null",
  "Number",
  "Object",
  "Promise",
  "Record",
  "Ref",
  "RegExp",
  "String",
  "Symbol",
  "TemplateLiteral",
  "This",
  "Tuple",
  "Undefined",
  "Union",
  "Uint8Array",
  "Unknown",
  "Void"
];
function IsPattern(value) {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}
function IsControlCharacterFree(value) {
  if (!IsString2(value))
    return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 7 && code <= 13 || code === 27 || code === 127) {
      return false;
    }
  }
  return true;
}
function IsAdditionalProperties(value) {
  return IsOptionalBoolean(value) || IsSchema2(value);
}
function IsOptionalBigInt(value) {
  return IsUndefined2(value) || IsBigInt2(value);
}
function IsOptionalNumber(value) {
  return IsUndefined2(value) || IsNumber2(value);
}
function IsOptionalBoolean(value) {
  return IsUndefined2(value) || IsBoolean2(value);
}
function IsOptionalString(value) {
  return IsUndefined2(value) || IsString2(value);
}
function IsOptionalPattern(value) {
  return IsUndefined2(value) || IsString2(value) && IsControlCharacterFree(value) && IsPattern(value);
}
function IsOptionalFormat(value) {
  return IsUndefined2(value) || IsString2(value) && IsControlCharacterFree(value);
}
function IsOptionalSchema(value) {
  return IsUndefined2(value) || IsSchema2(value);
}
function IsReadonly2(value) {
  return IsObject2(value) && value[ReadonlyKind] === "Readonly";
}
function IsOptional2(value) {
  return IsObject2(value) && value[OptionalKind] === "Optional";
}
function IsAny2(value) {
  return IsKindOf2(value, "Any") && IsOptionalString(value.$id);
}
function IsArgument2(value) {
  return IsKindOf2(value, "Argument") && IsNumber2(value.index);
}
function IsArray4(value) {
  return IsKindOf2(value, "Array") && value.type === "array" && IsOptionalString(value.$id) && IsSchema2(value.items) && IsOptionalNumber(value.minItems) && IsOptionalNumber(value.maxItems) && IsOptionalBoolean(value.uniqueItems) && IsOptionalSchema(value.contains) && IsOptionalNumber(value.minContains) && IsOptionalNumber(value.maxContains);
}
function IsAsyncIterator4(value) {
  return IsKindOf2(value, "AsyncIterator") && value.type === "AsyncIterator" && IsOptionalString(value.$id) && IsSchema2(value.items);
}
function IsBigInt4(value) {
  return IsKindOf2(value, "BigInt") && value.type === "bigint" && IsOptionalString(value.$id) && IsOptionalBigInt(value.exclusiveMaximum) && IsOptionalBigInt(value.exclusiveMinimum) && IsOptionalBigInt(value.maximum) && IsOptionalBigInt(value.minimum) && IsOptionalBigInt(value.multipleOf);
}
function IsBoolean4(value) {
  return IsKindOf2(value, "Boolean") && value.type === "boolean" && IsOptionalString(value.$id);
}
function IsComputed2(value) {
  return IsKindOf2(value, "Computed") && IsString2(value.target) && IsArray2(value.parameters) && value.parameters.every((schema) => IsSchema2(schema));
}
function IsConstructor2(value) {
  return IsKindOf2(value, "Constructor") && value.type === "Constructor" && IsOptionalString(value.$id) && IsArray2(value.parameters) && value.parameters.every((schema) => IsSchema2(schema)) && IsSchema2(value.returns);
}
function IsDate4(value) {
  return IsKindOf2(value, "Date") && value.type === "Date" && IsOptionalString(value.$id) && IsOptionalNumber(value.exclusiveMaximumTimestamp) && IsOptionalNumber(value.exclusiveMinimumTimestamp) && IsOptionalNumber(value.maximumTimestamp) && IsOptionalNumber(value.minimumTimestamp) && IsOptionalNumber(value.multipleOfTimestamp);
}
function IsFunction4(value) {
  return IsKindOf2(value, "Function") && value.type === "Function" && IsOptionalString(value.$id) && IsArray2(value.parameters) && value.parameters.every((schema) => IsSchema2(schema)) && IsSchema2(value.returns);
}
function IsImport(value) {
  return IsKindOf2(value, "Import") && HasPropertyKey2(value, "$defs") && IsObject2(value.$defs) && IsProperties(value.$defs) && HasPropertyKey2(value, "$ref") && IsString2(value.$ref) && value.$ref in value.$defs;
}
function IsInteger3(value) {
  return IsKindOf2(value, "Integer") && value.type === "integer" && IsOptionalString(value.$id) && IsOptionalNumber(value.exclusiveMaximum) && IsOptionalNumber(value.exclusiveMinimum) && IsOptionalNumber(value.maximum) && IsOptionalNumber(value.minimum) && IsOptionalNumber(value.multipleOf);
}
function IsProperties(value) {
  return IsObject2(value) && Object.entries(value).every(([key, schema]) => IsControlCharacterFree(key) && IsSchema2(schema));
}
function IsIntersect2(value) {
  return IsKindOf2(value, "Intersect") && (IsString2(value.type) && value.type !== "object" ? false : true) && IsArray2(value.allOf) && value.allOf.every((schema) => IsSchema2(schema) && !IsTransform2(schema)) && IsOptionalString(value.type) && (IsOptionalBoolean(value.unevaluatedProperties) || IsOptionalSchema(value.unevaluatedProperties)) && IsOptionalString(value.$id);
}
function IsIterator4(value) {
  return IsKindOf2(value, "Iterator") && value.type === "Iterator" && IsOptionalString(value.$id) && IsSchema2(value.items);
}
function IsKindOf2(value, kind) {
  return IsObject2(value) && Kind2 in value && value[Kind2] === kind;
}
function IsLiteralString(value) {
  return IsLiteral2(value) && IsString2(value.const);
}
function IsLiteralNumber(value) {
  return IsLiteral2(value) && IsNumber2(value.const);
}
function IsLiteralBoolean(value) {
  return IsLiteral2(value) && IsBoolean2(value.const);
}
function IsLiteral2(value) {
  return IsKindOf2(value, "Literal") && IsOptionalString(value.$id) && IsLiteralValue2(value.const);
}
function IsLiteralValue2(value) {
  return IsBoolean2(value) || IsNumber2(value) || IsString2(value);
}
function IsMappedKey2(value) {
  return IsKindOf2(value, "MappedKey") && IsArray2(value.keys) && value.keys.every((key) => IsNumber2(key) || IsString2(key));
}
function IsMappedResult2(value) {
  return IsKindOf2(value, "MappedResult") && IsProperties(value.properties);
}
function IsNever2(value) {
  return IsKindOf2(value, "Never") && IsObject2(value.not) && Object.getOwnPropertyNames(value.not).length === 0;
}
function IsNot2(value) {
  return IsKindOf2(value, "Not") && IsSchema2(value.not);
}
function IsNull4(value) {
  return IsKindOf2(value, "Null") && value.type === "null" && IsOptionalString(value.$id);
}
function IsNumber4(value) {
  return IsKindOf2(value, "Number") && value.type === "number" && IsOptionalString(value.$id) && IsOptionalNumber(value.exclusiveMaximum) && IsOptionalNumber(value.exclusiveMinimum) && IsOptionalNumber(value.maximum) && IsOptionalNumber(value.minimum) && IsOptionalNumber(value.multipleOf);
}
function IsObject4(value) {
  return IsKindOf2(value, "Object") && value.type === "object" && IsOptionalString(value.$id) && IsProperties(value.properties) && IsAdditionalProperties(value.additionalProperties) && IsOptionalNumber(value.minProperties) && IsOptionalNumber(value.maxProperties);
}
function IsPromise3(value) {
  return IsKindOf2(value, "Promise") && value.type === "Promise" && IsOptionalString(value.$id) && IsSchema2(value.item);
}
function IsRecord2(value) {
  return IsKindOf2(value, "Record") && value.type === "object" && IsOptionalString(value.$id) && IsAdditionalProperties(value.additionalProperties) && IsObject2(value.patternProperties) && ((schema) => {
    const keys = Object.getOwnPropertyNames(schema.patternProperties);
    return keys.length === 1 && IsPattern(keys[0]) && IsObject2(schema.patternProperties) && IsSchema2(schema.patternProperties[keys[0]]);
  })(value);
}
function IsRecursive(value) {
  return IsObject2(value) && Hint in value && value[Hint] === "Recursive";
}
function IsRef2(value) {
  return IsKindOf2(value, "Ref") && IsOptionalString(value.$id) && IsString2(value.$ref);
}
function IsRegExp3(value) {
  return IsKindOf2(value, "RegExp") && IsOptionalString(value.$id) && IsString2(value.source) && IsString2(value.flags) && IsOptionalNumber(value.maxLength) && IsOptionalNumber(value.minLength);
}
function IsString4(value) {
  return IsKindOf2(value, "String") && value.type === "string" && IsOptionalString(value.$id) && IsOptionalNumber(value.minLength) && IsOptionalNumber(value.maxLength) && IsOptionalPattern(value.pattern) && IsOptionalFormat(value.format);
}
function IsSymbol4(value) {
  return IsKindOf2(value, "Symbol") && value.type === "symbol" && IsOptionalString(value.$id);
}
function IsTemplateLiteral2(value) {
  return IsKindOf2(value, "TemplateLiteral") && value.type === "string" && IsString2(value.pattern) && value.pattern[0] === "^" && value.pattern[value.pattern.length - 1] === "$";
}
function IsThis2(value) {
  return IsKindOf2(value, "This") && IsOptionalString(value.$id) && IsString2(value.$ref);
}
function IsTransform2(value) {
  return IsObject2(value) && TransformKind in value;
}
function IsTuple2(value) {
  return IsKindOf2(value, "Tuple") && value.type === "array" && IsOptionalString(value.$id) && IsNumber2(value.minItems) && IsNumber2(value.maxItems) && value.minItems === value.maxItems && // empty
  (IsUndefined2(value.items) && IsUndefined2(value.additionalItems) && value.minItems === 0 || IsArray2(value.items) && value.items.every((schema) => IsSchema2(schema)));
}
function IsUndefined4(value) {
  return IsKindOf2(value, "Undefined") && value.type === "undefined" && IsOptionalString(value.$id);
}
function IsUnionLiteral(value) {
  return IsUnion2(value) && value.anyOf.every((schema) => IsLiteralString(schema) || IsLiteralNumber(schema));
}
function IsUnion2(value) {
  return IsKindOf2(value, "Union") && IsOptionalString(value.$id) && IsObject2(value) && IsArray2(value.anyOf) && value.anyOf.every((schema) => IsSchema2(schema));
}
function IsUint8Array4(value) {
  return IsKindOf2(value, "Uint8Array") && value.type === "Uint8Array" && IsOptionalString(value.$id) && IsOptionalNumber(value.minByteLength) && IsOptionalNumber(value.maxByteLength);
}
function IsUnknown2(value) {
  return IsKindOf2(value, "Unknown") && IsOptionalString(value.$id);
}
function IsUnsafe2(value) {
  return IsKindOf2(value, "Unsafe");
}
function IsVoid2(value) {
  return IsKindOf2(value, "Void") && value.type === "void" && IsOptionalString(value.$id);
}
function IsKind2(value) {
  return IsObject2(value) && Kind2 in value && IsString2(value[Kind2]) && !KnownTypes.includes(value[Kind2]);
}
function IsSchema2(value) {
  return IsObject2(value) && (IsAny2(value) || IsArgument2(value) || IsArray4(value) || IsBoolean4(value) || IsBigInt4(value) || IsAsyncIterator4(value) || IsComputed2(value) || IsConstructor2(value) || IsDate4(value) || IsFunction4(value) || IsInteger3(value) || IsIntersect2(value) || IsIterator4(value) || IsLiteral2(value) || IsMappedKey2(value) || IsMappedResult2(value) || IsNever2(value) || IsNot2(value) || IsNull4(value) || IsNumber4(value) || IsObject4(value) || IsPromise3(value) || IsRecord2(value) || IsRef2(value) || IsRegExp3(value) || IsString4(value) || IsSymbol4(value) || IsTemplateLiteral2(value) || IsThis2(value) || IsTuple2(value) || IsUndefined4(value) || IsUnion2(value) || IsUint8Array4(value) || IsUnknown2(value) || IsUnsafe2(value) || IsVoid2(value) || IsKind2(value));
}

// node_modules/@sinclair/typebox/build/esm/type/extends/extends-check.mjs
var ExtendsResolverError = class extends TypeBoxError {
};
var ExtendsResult;
(function(ExtendsResult2) {
  ExtendsResult2[ExtendsResult2["Union"] = 0] = "Union";
  ExtendsResult2[ExtendsResult2["True"] = 1] = "True";
  ExtendsResult2[ExtendsResult2["False"] = 2] = "False";
})(ExtendsResult || (ExtendsResult = {}));
function IntoBooleanResult(result) {
  return result === ExtendsResult.False ? result : ExtendsResult.True;
}
function Throw(message) {
  throw new ExtendsResolverError(message);
}
function IsStructuralRight(right) {
  return type_exports2.IsNever(right) || type_exports2.IsIntersect(right) || type_exports2.IsUnion(right) || type_exports2.IsUnknown(right) || type_exports2.IsAny(right);
}
function StructuralRight(left, right) {
  return type_exports2.IsNever(right) ? FromNeverRight(left, right) : type_exports2.IsIntersect(right) ? FromIntersectRight(left, right) : type_exports2.IsUnion(right) ? FromUnionRight(left, right) : type_exports2.IsUnknown(right) ? FromUnknownRight(left, right) : type_exports2.IsAny(right) ? FromAnyRight(left, right) : Throw("StructuralRight");
}
function FromAnyRight(left, right) {
  return ExtendsResult.True;
}
function FromAny(left, right) {
  return type_exports2.IsIntersect(right) ? FromIntersectRight(left, right) : type_exports2.IsUnion(right) && right.anyOf.some((schema) => type_exports2.IsAny(schema) || type_exports2.IsUnknown(schema)) ? ExtendsResult.True : type_exports2.IsUnion(right) ? ExtendsResult.Union : type_exports2.IsUnknown(right) ? ExtendsResult.True : type_exports2.IsAny(right) ? ExtendsResult.True : ExtendsResult.Union;
}
function FromArrayRight(left, right) {
  return type_exports2.IsUnknown(left) ? ExtendsResult.False : type_exports2.IsAny(left) ? ExtendsResult.Union : type_exports2.IsNever(left) ? ExtendsResult.True : ExtendsResult.False;
}
function FromArray3(left, right) {
  return type_exports2.IsObject(right) && IsObjectArrayLike(right) ? ExtendsResult.True : IsStructuralRight(right) ? StructuralRight(left, right) : !type_exports2.IsArray(right) ? ExtendsResult.False : IntoBooleanResult(Visit4(left.items, right.items));
}
function FromAsyncIterator(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : !type_exports2.IsAsyncIterator(right) ? ExtendsResult.False : IntoBooleanResult(Visit4(left.items, right.items));
}
function FromBigInt(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsBigInt(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromBooleanRight(left, right) {
  return type_exports2.IsLiteralBoolean(left) ? ExtendsResult.True : type_exports2.IsBoolean(left) ? ExtendsResult.True : ExtendsResult.False;
}
function FromBoolean(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsBoolean(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromConstructor(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : !type_exports2.IsConstructor(right) ? ExtendsResult.False : left.parameters.length > right.parameters.length ? ExtendsResult.False : !left.parameters.every((schema, index) => IntoBooleanResult(Visit4(right.parameters[index], schema)) === ExtendsResult.True) ? ExtendsResult.False : IntoBooleanResult(Visit4(left.returns, right.returns));
}
function FromDate(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsDate(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromFunction(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : !type_exports2.IsFunction(right) ? ExtendsResult.False : left.parameters.length > right.parameters.length ? ExtendsResult.False : !left.parameters.every((schema, index) => IntoBooleanResult(Visit4(right.parameters[index], schema)) === ExtendsResult.True) ? ExtendsResult.False : IntoBooleanResult(Visit4(left.returns, right.returns));
}
function FromIntegerRight(left, right) {
  return type_exports2.IsLiteral(left) && value_exports.IsNumber(left.const) ? ExtendsResult.True : type_exports2.IsNumber(left) || type_exports2.IsInteger(left) ? ExtendsResult.True : ExtendsResult.False;
}
function FromInteger(left, right) {
  return type_exports2.IsInteger(right) || type_exports2.IsNumber(right) ? ExtendsResult.True : IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : ExtendsResult.False;
}
function FromIntersectRight(left, right) {
  return right.allOf.every((schema) => Visit4(left, schema) === ExtendsResult.True) ? ExtendsResult.True : ExtendsResult.False;
}
function FromIntersect3(left, right) {
  return left.allOf.some((schema) => Visit4(schema, right) === ExtendsResult.True) ? ExtendsResult.True : ExtendsResult.False;
}
function FromIterator(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : !type_exports2.IsIterator(right) ? ExtendsResult.False : IntoBooleanResult(Visit4(left.items, right.items));
}
function FromLiteral2(left, right) {
  return type_exports2.IsLiteral(right) && right.const === left.const ? ExtendsResult.True : IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsString(right) ? FromStringRight(left, right) : type_exports2.IsNumber(right) ? FromNumberRight(left, right) : type_exports2.IsInteger(right) ? FromIntegerRight(left, right) : type_exports2.IsBoolean(right) ? FromBooleanRight(left, right) : ExtendsResult.False;
}
function FromNeverRight(left, right) {
  return ExtendsResult.False;
}
function FromNever(left, right) {
  return ExtendsResult.True;
}
function UnwrapTNot(schema) {
  let [current, depth] = [schema, 0];
  while (true) {
    if (!type_exports2.IsNot(current))
      break;
    current = current.not;
    depth += 1;
  }
  return depth % 2 === 0 ? current : Unknown();
}
function FromNot(left, right) {
  return type_exports2.IsNot(left) ? Visit4(UnwrapTNot(left), right) : type_exports2.IsNot(right) ? Visit4(left, UnwrapTNot(right)) : Throw("Invalid fallthrough for Not");
}
function FromNull(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsNull(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromNumberRight(left, right) {
  return type_exports2.IsLiteralNumber(left) ? ExtendsResult.True : type_exports2.IsNumber(left) || type_exports2.IsInteger(left) ? ExtendsResult.True : ExtendsResult.False;
}
function FromNumber(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsInteger(right) || type_exports2.IsNumber(right) ? ExtendsResult.True : ExtendsResult.False;
}
function IsObjectPropertyCount(schema, count) {
  return Object.getOwnPropertyNames(schema.properties).length === count;
}
function IsObjectStringLike(schema) {
  return IsObjectArrayLike(schema);
}
function IsObjectSymbolLike(schema) {
  return IsObjectPropertyCount(schema, 0) || IsObjectPropertyCount(schema, 1) && "description" in schema.properties && type_exports2.IsUnion(schema.properties.description) && schema.properties.description.anyOf.length === 2 && (type_exports2.IsString(schema.properties.description.anyOf[0]) && type_exports2.IsUndefined(schema.properties.description.anyOf[1]) || type_exports2.IsString(schema.properties.description.anyOf[1]) && type_exports2.IsUndefined(schema.properties.description.anyOf[0]));
}
function IsObjectNumberLike(schema) {
  return IsObjectPropertyCount(schema, 0);
}
function IsObjectBooleanLike(schema) {
  return IsObjectPropertyCount(schema, 0);
}
function IsObjectBigIntLike(schema) {
  return IsObjectPropertyCount(schema, 0);
}
function IsObjectDateLike(schema) {
  return IsObjectPropertyCount(schema, 0);
}
function IsObjectUint8ArrayLike(schema) {
  return IsObjectArrayLike(schema);
}
function IsObjectFunctionLike(schema) {
  const length = Number2();
  return IsObjectPropertyCount(schema, 0) || IsObjectPropertyCount(schema, 1) && "length" in schema.properties && IntoBooleanResult(Visit4(schema.properties["length"], length)) === ExtendsResult.True;
}
function IsObjectConstructorLike(schema) {
  return IsObjectPropertyCount(schema, 0);
}
function IsObjectArrayLike(schema) {
  const length = Number2();
  return IsObjectPropertyCount(schema, 0) || IsObjectPropertyCount(schema, 1) && "length" in schema.properties && IntoBooleanResult(Visit4(schema.properties["length"], length)) === ExtendsResult.True;
}
function IsObjectPromiseLike(schema) {
  const then = Function([Any()], Any());
  return IsObjectPropertyCount(schema, 0) || IsObjectPropertyCount(schema, 1) && "then" in schema.properties && IntoBooleanResult(Visit4(schema.properties["then"], then)) === ExtendsResult.True;
}
function Property(left, right) {
  return Visit4(left, right) === ExtendsResult.False ? ExtendsResult.False : type_exports2.IsOptional(left) && !type_exports2.IsOptional(right) ? ExtendsResult.False : ExtendsResult.True;
}
function FromObjectRight(left, right) {
  return type_exports2.IsUnknown(left) ? ExtendsResult.False : type_exports2.IsAny(left) ? ExtendsResult.Union : type_exports2.IsNever(left) || type_exports2.IsLiteralString(left) && IsObjectStringLike(right) || type_exports2.IsLiteralNumber(left) && IsObjectNumberLike(right) || type_exports2.IsLiteralBoolean(left) && IsObjectBooleanLike(right) || type_exports2.IsSymbol(left) && IsObjectSymbolLike(right) || type_exports2.IsBigInt(left) && IsObjectBigIntLike(right) || type_exports2.IsString(left) && IsObjectStringLike(right) || type_exports2.IsSymbol(left) && IsObjectSymbolLike(right) || type_exports2.IsNumber(left) && IsObjectNumberLike(right) || type_exports2.IsInteger(left) && IsObjectNumberLike(right) || type_exports2.IsBoolean(left) && IsObjectBooleanLike(right) || type_exports2.IsUint8Array(left) && IsObjectUint8ArrayLike(right) || type_exports2.IsDate(left) && IsObjectDateLike(right) || type_exports2.IsConstructor(left) && IsObjectConstructorLike(right) || type_exports2.IsFunction(left) && IsObjectFunctionLike(right) ? ExtendsResult.True : type_exports2.IsRecord(left) && type_exports2.IsString(RecordKey(left)) ? (() => {
    return right[Hint] === "Record" ? ExtendsResult.True : ExtendsResult.False;
  })() : type_exports2.IsRecord(left) && type_exports2.IsNumber(RecordKey(left)) ? (() => {
    return IsObjectPropertyCount(right, 0) ? ExtendsResult.True : ExtendsResult.False;
  })() : ExtendsResult.False;
}
function FromObject(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : !type_exports2.IsObject(right) ? ExtendsResult.False : (() => {
    for (const key of Object.getOwnPropertyNames(right.properties)) {
      if (!(key in left.properties) && !type_exports2.IsOptional(right.properties[key])) {
        return ExtendsResult.False;
      }
      if (type_exports2.IsOptional(right.properties[key])) {
        return ExtendsResult.True;
      }
      if (Property(left.properties[key], right.properties[key]) === ExtendsResult.False) {
        return ExtendsResult.False;
      }
    }
    return ExtendsResult.True;
  })();
}
function FromPromise(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) && IsObjectPromiseLike(right) ? ExtendsResult.True : !type_exports2.IsPromise(right) ? ExtendsResult.False : IntoBooleanResult(Visit4(left.item, right.item));
}
function RecordKey(schema) {
  return PatternNumberExact in schema.patternProperties ? Number2() : PatternStringExact in schema.patternProperties ? String2() : Throw("Unknown record key pattern");
}
function RecordValue(schema) {
  return PatternNumberExact in schema.patternProperties ? schema.patternProperties[PatternNumberExact] : PatternStringExact in schema.patternProperties ? schema.patternProperties[PatternStringExact] : Throw("Unable to get record value schema");
}
function FromRecordRight(left, right) {
  const [Key, Value] = [RecordKey(right), RecordValue(right)];
  return type_exports2.IsLiteralString(left) && type_exports2.IsNumber(Key) && IntoBooleanResult(Visit4(left, Value)) === ExtendsResult.True ? ExtendsResult.True : type_exports2.IsUint8Array(left) && type_exports2.IsNumber(Key) ? Visit4(left, Value) : type_exports2.IsString(left) && type_exports2.IsNumber(Key) ? Visit4(left, Value) : type_exports2.IsArray(left) && type_exports2.IsNumber(Key) ? Visit4(left, Value) : type_exports2.IsObject(left) ? (() => {
    for (const key of Object.getOwnPropertyNames(left.properties)) {
      if (Property(Value, left.properties[key]) === ExtendsResult.False) {
        return ExtendsResult.False;
      }
    }
    return ExtendsResult.True;
  })() : ExtendsResult.False;
}
function FromRecord(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : !type_exports2.IsRecord(right) ? ExtendsResult.False : Visit4(RecordValue(left), RecordValue(right));
}
function FromRegExp(left, right) {
  const L = type_exports2.IsRegExp(left) ? String2() : left;
  const R = type_exports2.IsRegExp(right) ? String2() : right;
  return Visit4(L, R);
}
function FromStringRight(left, right) {
  return type_exports2.IsLiteral(left) && value_exports.IsString(left.const) ? ExtendsResult.True : type_exports2.IsString(left) ? ExtendsResult.True : ExtendsResult.False;
}
function FromString(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsString(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromSymbol(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsSymbol(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromTemplateLiteral2(left, right) {
  return type_exports2.IsTemplateLiteral(left) ? Visit4(TemplateLiteralToUnion(left), right) : type_exports2.IsTemplateLiteral(right) ? Visit4(left, TemplateLiteralToUnion(right)) : Throw("Invalid fallthrough for TemplateLiteral");
}
function IsArrayOfTuple(left, right) {
  return type_exports2.IsArray(right) && left.items !== void 0 && left.items.every((schema) => Visit4(schema, right.items) === ExtendsResult.True);
}
function FromTupleRight(left, right) {
  return type_exports2.IsNever(left) ? ExtendsResult.True : type_exports2.IsUnknown(left) ? ExtendsResult.False : type_exports2.IsAny(left) ? ExtendsResult.Union : ExtendsResult.False;
}
function FromTuple3(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) && IsObjectArrayLike(right) ? ExtendsResult.True : type_exports2.IsArray(right) && IsArrayOfTuple(left, right) ? ExtendsResult.True : !type_exports2.IsTuple(right) ? ExtendsResult.False : value_exports.IsUndefined(left.items) && !value_exports.IsUndefined(right.items) || !value_exports.IsUndefined(left.items) && value_exports.IsUndefined(right.items) ? ExtendsResult.False : value_exports.IsUndefined(left.items) && !value_exports.IsUndefined(right.items) ? ExtendsResult.True : left.items.every((schema, index) => Visit4(schema, right.items[index]) === ExtendsResult.True) ? ExtendsResult.True : ExtendsResult.False;
}
function FromUint8Array(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsUint8Array(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromUndefined(left, right) {
  return IsStructuralRight(right) ? StructuralRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsRecord(right) ? FromRecordRight(left, right) : type_exports2.IsVoid(right) ? FromVoidRight(left, right) : type_exports2.IsUndefined(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromUnionRight(left, right) {
  return right.anyOf.some((schema) => Visit4(left, schema) === ExtendsResult.True) ? ExtendsResult.True : ExtendsResult.False;
}
function FromUnion5(left, right) {
  return left.anyOf.every((schema) => Visit4(schema, right) === ExtendsResult.True) ? ExtendsResult.True : ExtendsResult.False;
}
function FromUnknownRight(left, right) {
  return ExtendsResult.True;
}
function FromUnknown(left, right) {
  return type_exports2.IsNever(right) ? FromNeverRight(left, right) : type_exports2.IsIntersect(right) ? FromIntersectRight(left, right) : type_exports2.IsUnion(right) ? FromUnionRight(left, right) : type_exports2.IsAny(right) ? FromAnyRight(left, right) : type_exports2.IsString(right) ? FromStringRight(left, right) : type_exports2.IsNumber(right) ? FromNumberRight(left, right) : type_exports2.IsInteger(right) ? FromIntegerRight(left, right) : type_exports2.IsBoolean(right) ? FromBooleanRight(left, right) : type_exports2.IsArray(right) ? FromArrayRight(left, right) : type_exports2.IsTuple(right) ? FromTupleRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsUnknown(right) ? ExtendsResult.True : ExtendsResult.False;
}
function FromVoidRight(left, right) {
  return type_exports2.IsUndefined(left) ? ExtendsResult.True : type_exports2.IsUndefined(left) ? ExtendsResult.True : ExtendsResult.False;
}
function FromVoid(left, right) {
  return type_exports2.IsIntersect(right) ? FromIntersectRight(left, right) : type_exports2.IsUnion(right) ? FromUnionRight(left, right) : type_exports2.IsUnknown(right) ? FromUnknownRight(left, right) : type_exports2.IsAny(right) ? FromAnyRight(left, right) : type_exports2.IsObject(right) ? FromObjectRight(left, right) : type_exports2.IsVoid(right) ? ExtendsResult.True : ExtendsResult.False;
}
function Visit4(left, right) {
  return (
    // resolvable
    type_exports2.IsTemplateLiteral(left) || type_exports2.IsTemplateLiteral(right) ? FromTemplateLiteral2(left, right) : type_exports2.IsRegExp(left) || type_exports2.IsRegExp(right) ? FromRegExp(left, right) : type_exports2.IsNot(left) || type_exports2.IsNot(right) ? FromNot(left, right) : (
      // standard
      type_exports2.IsAny(left) ? FromAny(left, right) : type_exports2.IsArray(left) ? FromArray3(left, right) : type_exports2.IsBigInt(left) ? FromBigInt(left, right) : type_exports2.IsBoolean(left) ? FromBoolean(left, right) : type_exports2.IsAsyncIterator(left) ? FromAsyncIterator(left, right) : type_exports2.IsConstructor(left) ? FromConstructor(left, right) : type_exports2.IsDate(left) ? FromDate(left, right) : type_exports2.IsFunction(left) ? FromFunction(left, right) : type_exports2.IsInteger(left) ? FromInteger(left, right) : type_exports2.IsIntersect(left) ? FromIntersect3(left, right) : type_exports2.IsIterator(left) ? FromIterator(left, right) : type_exports2.IsLiteral(left) ? FromLiteral2(left, right) : type_exports2.IsNever(left) ? FromNever(left, right) : type_exports2.IsNull(left) ? FromNull(left, right) : type_exports2.IsNumber(left) ? FromNumber(left, right) : type_exports2.IsObject(left) ? FromObject(left, right) : type_exports2.IsRecord(left) ? FromRecord(left, right) : type_exports2.IsString(left) ? FromString(left, right) : type_exports2.IsSymbol(left) ? FromSymbol(left, right) : type_exports2.IsTuple(left) ? FromTuple3(left, right) : type_exports2.IsPromise(left) ? FromPromise(left, right) : type_exports2.IsUint8Array(left) ? FromUint8Array(left, right) : type_exports2.IsUndefined(left) ? FromUndefined(left, right) : type_exports2.IsUnion(left) ? FromUnion5(left, right) : type_exports2.IsUnknown(left) ? FromUnknown(left, right) : type_exports2.IsVoid(left) ? FromVoid(left, right) : Throw(`Unknown left type operand '${left[Kind2]}'`)
    )
  );
}
function ExtendsCheck(left, right) {
  return Visit4(left, right);
}

// node_modules/@sinclair/typebox/build/esm/type/extends/extends-from-mapped-result.mjs
function FromProperties7(P2, Right, True, False, options) {
  const Acc = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(P2))
    Acc[K2] = Extends(P2[K2], Right, True, False, Clone(options));
  return Acc;
}
function FromMappedResult6(Left, Right, True, False, options) {
  return FromProperties7(Left.properties, Right, True, False, options);
}
function ExtendsFromMappedResult(Left, Right, True, False, options) {
  const P2 = FromMappedResult6(Left, Right, True, False, options);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/type/extends/extends.mjs
function ExtendsResolve(left, right, trueType, falseType) {
  const R = ExtendsCheck(left, right);
  return R === ExtendsResult.Union ? Union([trueType, falseType]) : R === ExtendsResult.True ? trueType : falseType;
}
function Extends(L, R, T, F, options) {
  return IsMappedResult(L) ? ExtendsFromMappedResult(L, R, T, F, options) : IsMappedKey(L) ? CreateType(ExtendsFromMappedKey(L, R, T, F, options)) : CreateType(ExtendsResolve(L, R, T, F), options);
}

// node_modules/@sinclair/typebox/build/esm/type/extends/extends-from-mapped-key.mjs
function FromPropertyKey(K, U, L, R, options) {
  return {
    [K]: Extends(Literal(K), U, L, R, Clone(options))
  };
}
function FromPropertyKeys(K, U, L, R, options) {
  return K.reduce((Acc, LK) => {
    return { ...Acc, ...FromPropertyKey(LK, U, L, R, options) };
  }, {});
}
function FromMappedKey2(K, U, L, R, options) {
  return FromPropertyKeys(K.keys, U, L, R, options);
}
function ExtendsFromMappedKey(T, U, L, R, options) {
  const P2 = FromMappedKey2(T, U, L, R, options);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/value/check/check.mjs
var ValueCheckUnknownTypeError = class extends TypeBoxError {
  constructor(schema) {
    super(`Unknown type`);
    this.schema = schema;
  }
};
function IsAnyOrUnknown(schema) {
  return schema[Kind2] === "Any" || schema[Kind2] === "Unknown";
}
function IsDefined(value) {
  return value !== void 0;
}
function FromAny2(schema, references, value) {
  return true;
}
function FromArgument(schema, references, value) {
  return true;
}
function FromArray4(schema, references, value) {
  if (!IsArray(value))
    return false;
  if (IsDefined(schema.minItems) && !(value.length >= schema.minItems)) {
    return false;
  }
  if (IsDefined(schema.maxItems) && !(value.length <= schema.maxItems)) {
    return false;
  }
  for (const element of value) {
    if (!Visit5(schema.items, references, element))
      return false;
  }
  if (schema.uniqueItems === true && !(function() {
    const set = /* @__PURE__ */ new Set();
    for (const element of value) {
      const hashed = Hash(element);
      if (set.has(hashed)) {
        return false;
      } else {
        set.add(hashed);
      }
    }
    return true;
  })()) {
    return false;
  }
  if (!(IsDefined(schema.contains) || IsNumber(schema.minContains) || IsNumber(schema.maxContains))) {
    return true;
  }
  const containsSchema = IsDefined(schema.contains) ? schema.contains : Never();
  const containsCount = value.reduce((acc, value2) => Visit5(containsSchema, references, value2) ? acc + 1 : acc, 0);
  if (containsCount === 0) {
    return false;
  }
  if (IsNumber(schema.minContains) && containsCount < schema.minContains) {
    return false;
  }
  if (IsNumber(schema.maxContains) && containsCount > schema.maxContains) {
    return false;
  }
  return true;
}
function FromAsyncIterator2(schema, references, value) {
  return IsAsyncIterator(value);
}
function FromBigInt2(schema, references, value) {
  if (!IsBigInt(value))
    return false;
  if (IsDefined(schema.exclusiveMaximum) && !(value < schema.exclusiveMaximum)) {
    return false;
  }
  if (IsDefined(schema.exclusiveMinimum) && !(value > schema.exclusiveMinimum)) {
    return false;
  }
  if (IsDefined(schema.maximum) && !(value <= schema.maximum)) {
    return false;
  }
  if (IsDefined(schema.minimum) && !(value >= schema.minimum)) {
    return false;
  }
  if (IsDefined(schema.multipleOf) && !(value % schema.multipleOf === BigInt(0))) {
    return false;
  }
  return true;
}
function FromBoolean2(schema, references, value) {
  return IsBoolean(value);
}
function FromConstructor2(schema, references, value) {
  return Visit5(schema.returns, references, value.prototype);
}
function FromDate2(schema, references, value) {
  if (!IsDate(value))
    return false;
  if (IsDefined(schema.exclusiveMaximumTimestamp) && !(value.getTime() < schema.exclusiveMaximumTimestamp)) {
    return false;
  }
  if (IsDefined(schema.exclusiveMinimumTimestamp) && !(value.getTime() > schema.exclusiveMinimumTimestamp)) {
    return false;
  }
  if (IsDefined(schema.maximumTimestamp) && !(value.getTime() <= schema.maximumTimestamp)) {
    return false;
  }
  if (IsDefined(schema.minimumTimestamp) && !(value.getTime() >= schema.minimumTimestamp)) {
    return false;
  }
  if (IsDefined(schema.multipleOfTimestamp) && !(value.getTime() % schema.multipleOfTimestamp === 0)) {
    return false;
  }
  return true;
}
function FromFunction2(schema, references, value) {
  return IsFunction(value);
}
function FromImport(schema, references, value) {
  const definitions = globalThis.Object.values(schema.$defs);
  const target = schema.$defs[schema.$ref];
  return Visit5(target, [...references, ...definitions], value);
}
function FromInteger2(schema, references, value) {
  if (!IsInteger(value)) {
    return false;
  }
  if (IsDefined(schema.exclusiveMaximum) && !(value < schema.exclusiveMaximum)) {
    return false;
  }
  if (IsDefined(schema.exclusiveMinimum) && !(value > schema.exclusiveMinimum)) {
    return false;
  }
  if (IsDefined(schema.maximum) && !(value <= schema.maximum)) {
    return false;
  }
  if (IsDefined(schema.minimum) && !(value >= schema.minimum)) {
    return false;
  }
  if (IsDefined(schema.multipleOf) && !(value % schema.multipleOf === 0)) {
    return false;
  }
  return true;
}
function FromIntersect4(schema, references, value) {
  const check1 = schema.allOf.every((schema2) => Visit5(schema2, references, value));
  if (schema.unevaluatedProperties === false) {
    const keyPattern = new RegExp(KeyOfPattern(schema));
    const check2 = Object.getOwnPropertyNames(value).every((key) => keyPattern.test(key));
    return check1 && check2;
  } else if (IsSchema(schema.unevaluatedProperties)) {
    const keyCheck = new RegExp(KeyOfPattern(schema));
    const check2 = Object.getOwnPropertyNames(value).every((key) => keyCheck.test(key) || Visit5(schema.unevaluatedProperties, references, value[key]));
    return check1 && check2;
  } else {
    return check1;
  }
}
function FromIterator2(schema, references, value) {
  return IsIterator(value);
}
function FromLiteral3(schema, references, value) {
  return value === schema.const;
}
function FromNever2(schema, references, value) {
  return false;
}
function FromNot2(schema, references, value) {
  return !Visit5(schema.not, references, value);
}
function FromNull2(schema, references, value) {
  return IsNull(value);
}
function FromNumber2(schema, references, value) {
  if (!TypeSystemPolicy.IsNumberLike(value))
    return false;
  if (IsDefined(schema.exclusiveMaximum) && !(value < schema.exclusiveMaximum)) {
    return false;
  }
  if (IsDefined(schema.exclusiveMinimum) && !(value > schema.exclusiveMinimum)) {
    return false;
  }
  if (IsDefined(schema.minimum) && !(value >= schema.minimum)) {
    return false;
  }
  if (IsDefined(schema.maximum) && !(value <= schema.maximum)) {
    return false;
  }
  if (IsDefined(schema.multipleOf) && !(value % schema.multipleOf === 0)) {
    return false;
  }
  return true;
}
function FromObject2(schema, references, value) {
  if (!TypeSystemPolicy.IsObjectLike(value))
    return false;
  if (IsDefined(schema.minProperties) && !(Object.getOwnPropertyNames(value).length >= schema.minProperties)) {
    return false;
  }
  if (IsDefined(schema.maxProperties) && !(Object.getOwnPropertyNames(value).length <= schema.maxProperties)) {
    return false;
  }
  const knownKeys = Object.getOwnPropertyNames(schema.properties);
  for (const knownKey of knownKeys) {
    const property = schema.properties[knownKey];
    if (schema.required && schema.required.includes(knownKey)) {
      if (!Visit5(property, references, value[knownKey])) {
        return false;
      }
      if ((ExtendsUndefinedCheck(property) || IsAnyOrUnknown(property)) && !(knownKey in value)) {
        return false;
      }
    } else {
      if (TypeSystemPolicy.IsExactOptionalProperty(value, knownKey) && !Visit5(property, references, value[knownKey])) {
        return false;
      }
    }
  }
  if (schema.additionalProperties === false) {
    const valueKeys = Object.getOwnPropertyNames(value);
    if (schema.required && schema.required.length === knownKeys.length && valueKeys.length === knownKeys.length) {
      return true;
    } else {
      return valueKeys.every((valueKey) => knownKeys.includes(valueKey));
    }
  } else if (typeof schema.additionalProperties === "object") {
    const valueKeys = Object.getOwnPropertyNames(value);
    return valueKeys.every((key) => knownKeys.includes(key) || Visit5(schema.additionalProperties, references, value[key]));
  } else {
    return true;
  }
}
function FromPromise2(schema, references, value) {
  return IsPromise(value);
}
function FromRecord2(schema, references, value) {
  if (!TypeSystemPolicy.IsRecordLike(value)) {
    return false;
  }
  if (IsDefined(schema.minProperties) && !(Object.getOwnPropertyNames(value).length >= schema.minProperties)) {
    return false;
  }
  if (IsDefined(schema.maxProperties) && !(Object.getOwnPropertyNames(value).length <= schema.maxProperties)) {
    return false;
  }
  const [patternKey, patternSchema] = Object.entries(schema.patternProperties)[0];
  const regex = new RegExp(patternKey);
  const check1 = Object.entries(value).every(([key, value2]) => {
    return regex.test(key) ? Visit5(patternSchema, references, value2) : true;
  });
  const check2 = typeof schema.additionalProperties === "object" ? Object.entries(value).every(([key, value2]) => {
    return !regex.test(key) ? Visit5(schema.additionalProperties, references, value2) : true;
  }) : true;
  const check3 = schema.additionalProperties === false ? Object.getOwnPropertyNames(value).every((key) => {
    return regex.test(key);
  }) : true;
  return check1 && check2 && check3;
}
function FromRef2(schema, references, value) {
  return Visit5(Deref(schema, references), references, value);
}
function FromRegExp2(schema, references, value) {
  const regex = new RegExp(schema.source, schema.flags);
  if (IsDefined(schema.minLength)) {
    if (!(value.length >= schema.minLength))
      return false;
  }
  if (IsDefined(schema.maxLength)) {
    if (!(value.length <= schema.maxLength))
      return false;
  }
  return regex.test(value);
}
function FromString2(schema, references, value) {
  if (!IsString(value)) {
    return false;
  }
  if (IsDefined(schema.minLength)) {
    if (!(value.length >= schema.minLength))
      return false;
  }
  if (IsDefined(schema.maxLength)) {
    if (!(value.length <= schema.maxLength))
      return false;
  }
  if (IsDefined(schema.pattern)) {
    const regex = new RegExp(schema.pattern);
    if (!regex.test(value))
      return false;
  }
  if (IsDefined(schema.format)) {
    if (!format_exports.Has(schema.format))
      return false;
    const func = format_exports.Get(schema.format);
    return func(value);
  }
  return true;
}
function FromSymbol2(schema, references, value) {
  return IsSymbol(value);
}
function FromTemplateLiteral3(schema, references, value) {
  return IsString(value) && new RegExp(schema.pattern).test(value);
}
function FromThis(schema, references, value) {
  return Visit5(Deref(schema, references), references, value);
}
function FromTuple4(schema, references, value) {
  if (!IsArray(value)) {
    return false;
  }
  if (schema.items === void 0 && !(value.length === 0)) {
    return false;
  }
  if (!(value.length === schema.maxItems)) {
    return false;
  }
  if (!schema.items) {
    return true;
  }
  for (let i = 0; i < schema.items.length; i++) {
    if (!Visit5(schema.items[i], references, value[i]))
      return false;
  }
  return true;
}
function FromUndefined2(schema, references, value) {
  return IsUndefined(value);
}
function FromUnion6(schema, references, value) {
  return schema.anyOf.some((inner) => Visit5(inner, references, value));
}
function FromUint8Array2(schema, references, value) {
  if (!IsUint8Array(value)) {
    return false;
  }
  if (IsDefined(schema.maxByteLength) && !(value.length <= schema.maxByteLength)) {
    return false;
  }
  if (IsDefined(schema.minByteLength) && !(value.length >= schema.minByteLength)) {
    return false;
  }
  return true;
}
function FromUnknown2(schema, references, value) {
  return true;
}
function FromVoid2(schema, references, value) {
  return TypeSystemPolicy.IsVoidLike(value);
}
function FromKind(schema, references, value) {
  if (!type_exports.Has(schema[Kind2]))
    return false;
  const func = type_exports.Get(schema[Kind2]);
  return func(schema, value);
}
function Visit5(schema, references, value) {
  const references_ = IsDefined(schema.$id) ? Pushref(schema, references) : references;
  const schema_ = schema;
  switch (schema_[Kind2]) {
    case "Any":
      return FromAny2(schema_, references_, value);
    case "Argument":
      return FromArgument(schema_, references_, value);
    case "Array":
      return FromArray4(schema_, references_, value);
    case "AsyncIterator":
      return FromAsyncIterator2(schema_, references_, value);
    case "BigInt":
      return FromBigInt2(schema_, references_, value);
    case "Boolean":
      return FromBoolean2(schema_, references_, value);
    case "Constructor":
      return FromConstructor2(schema_, references_, value);
    case "Date":
      return FromDate2(schema_, references_, value);
    case "Function":
      return FromFunction2(schema_, references_, value);
    case "Import":
      return FromImport(schema_, references_, value);
    case "Integer":
      return FromInteger2(schema_, references_, value);
    case "Intersect":
      return FromIntersect4(schema_, references_, value);
    case "Iterator":
      return FromIterator2(schema_, references_, value);
    case "Literal":
      return FromLiteral3(schema_, references_, value);
    case "Never":
      return FromNever2(schema_, references_, value);
    case "Not":
      return FromNot2(schema_, references_, value);
    case "Null":
      return FromNull2(schema_, references_, value);
    case "Number":
      return FromNumber2(schema_, references_, value);
    case "Object":
      return FromObject2(schema_, references_, value);
    case "Promise":
      return FromPromise2(schema_, references_, value);
    case "Record":
      return FromRecord2(schema_, references_, value);
    case "Ref":
      return FromRef2(schema_, references_, value);
    case "RegExp":
      return FromRegExp2(schema_, references_, value);
    case "String":
      return FromString2(schema_, references_, value);
    case "Symbol":
      return FromSymbol2(schema_, references_, value);
    case "TemplateLiteral":
      return FromTemplateLiteral3(schema_, references_, value);
    case "This":
      return FromThis(schema_, references_, value);
    case "Tuple":
      return FromTuple4(schema_, references_, value);
    case "Undefined":
      return FromUndefined2(schema_, references_, value);
    case "Union":
      return FromUnion6(schema_, references_, value);
    case "Uint8Array":
      return FromUint8Array2(schema_, references_, value);
    case "Unknown":
      return FromUnknown2(schema_, references_, value);
    case "Void":
      return FromVoid2(schema_, references_, value);
    default:
      if (!type_exports.Has(schema_[Kind2]))
        throw new ValueCheckUnknownTypeError(schema_);
      return FromKind(schema_, references_, value);
  }
}
function Check(...args) {
  return args.length === 3 ? Visit5(args[0], args[1], args[2]) : Visit5(args[0], [], args[1]);
}

// node_modules/@sinclair/typebox/build/esm/errors/errors.mjs
var ValueErrorType;
(function(ValueErrorType2) {
  ValueErrorType2[ValueErrorType2["ArrayContains"] = 0] = "ArrayContains";
  ValueErrorType2[ValueErrorType2["ArrayMaxContains"] = 1] = "ArrayMaxContains";
  ValueErrorType2[ValueErrorType2["ArrayMaxItems"] = 2] = "ArrayMaxItems";
  ValueErrorType2[ValueErrorType2["ArrayMinContains"] = 3] = "ArrayMinContains";
  ValueErrorType2[ValueErrorType2["ArrayMinItems"] = 4] = "ArrayMinItems";
  ValueErrorType2[ValueErrorType2["ArrayUniqueItems"] = 5] = "ArrayUniqueItems";
  ValueErrorType2[ValueErrorType2["Array"] = 6] = "Array";
  ValueErrorType2[ValueErrorType2["AsyncIterator"] = 7] = "AsyncIterator";
  ValueErrorType2[ValueErrorType2["BigIntExclusiveMaximum"] = 8] = "BigIntExclusiveMaximum";
  ValueErrorType2[ValueErrorType2["BigIntExclusiveMinimum"] = 9] = "BigIntExclusiveMinimum";
  ValueErrorType2[ValueErrorType2["BigIntMaximum"] = 10] = "BigIntMaximum";
  ValueErrorType2[ValueErrorType2["BigIntMinimum"] = 11] = "BigIntMinimum";
  ValueErrorType2[ValueErrorType2["BigIntMultipleOf"] = 12] = "BigIntMultipleOf";
  ValueErrorType2[ValueErrorType2["BigInt"] = 13] = "BigInt";
  ValueErrorType2[ValueErrorType2["Boolean"] = 14] = "Boolean";
  ValueErrorType2[ValueErrorType2["DateExclusiveMaximumTimestamp"] = 15] = "DateExclusiveMaximumTimestamp";
  ValueErrorType2[ValueErrorType2["DateExclusiveMinimumTimestamp"] = 16] = "DateExclusiveMinimumTimestamp";
  ValueErrorType2[ValueErrorType2["DateMaximumTimestamp"] = 17] = "DateMaximumTimestamp";
  ValueErrorType2[ValueErrorType2["DateMinimumTimestamp"] = 18] = "DateMinimumTimestamp";
  ValueErrorType2[ValueErrorType2["DateMultipleOfTimestamp"] = 19] = "DateMultipleOfTimestamp";
  ValueErrorType2[ValueErrorType2["Date"] = 20] = "Date";
  ValueErrorType2[ValueErrorType2["Function"] = 21] = "Function";
  ValueErrorType2[ValueErrorType2["IntegerExclusiveMaximum"] = 22] = "IntegerExclusiveMaximum";
  ValueErrorType2[ValueErrorType2["IntegerExclusiveMinimum"] = 23] = "IntegerExclusiveMinimum";
  ValueErrorType2[ValueErrorType2["IntegerMaximum"] = 24] = "IntegerMaximum";
  ValueErrorType2[ValueErrorType2["IntegerMinimum"] = 25] = "IntegerMinimum";
  ValueErrorType2[ValueErrorType2["IntegerMultipleOf"] = 26] = "IntegerMultipleOf";
  ValueErrorType2[ValueErrorType2["Integer"] = 27] = "Integer";
  ValueErrorType2[ValueErrorType2["IntersectUnevaluatedProperties"] = 28] = "IntersectUnevaluatedProperties";
  ValueErrorType2[ValueErrorType2["Intersect"] = 29] = "Intersect";
  ValueErrorType2[ValueErrorType2["Iterator"] = 30] = "Iterator";
  ValueErrorType2[ValueErrorType2["Kind"] = 31] = "Kind";
  ValueErrorType2[ValueErrorType2["Literal"] = 32] = "Literal";
  ValueErrorType2[ValueErrorType2["Never"] = 33] = "Never";
  ValueErrorType2[ValueErrorType2["Not"] = 34] = "Not";
  ValueErrorType2[ValueErrorType2["Null"] = 35] = "Null";
  ValueErrorType2[ValueErrorType2["NumberExclusiveMaximum"] = 36] = "NumberExclusiveMaximum";
  ValueErrorType2[ValueErrorType2["NumberExclusiveMinimum"] = 37] = "NumberExclusiveMinimum";
  ValueErrorType2[ValueErrorType2["NumberMaximum"] = 38] = "NumberMaximum";
  ValueErrorType2[ValueErrorType2["NumberMinimum"] = 39] = "NumberMinimum";
  ValueErrorType2[ValueErrorType2["NumberMultipleOf"] = 40] = "NumberMultipleOf";
  ValueErrorType2[ValueErrorType2["Number"] = 41] = "Number";
  ValueErrorType2[ValueErrorType2["ObjectAdditionalProperties"] = 42] = "ObjectAdditionalProperties";
  ValueErrorType2[ValueErrorType2["ObjectMaxProperties"] = 43] = "ObjectMaxProperties";
  ValueErrorType2[ValueErrorType2["ObjectMinProperties"] = 44] = "ObjectMinProperties";
  ValueErrorType2[ValueErrorType2["ObjectRequiredProperty"] = 45] = "ObjectRequiredProperty";
  ValueErrorType2[ValueErrorType2["Object"] = 46] = "Object";
  ValueErrorType2[ValueErrorType2["Promise"] = 47] = "Promise";
  ValueErrorType2[ValueErrorType2["RegExp"] = 48] = "RegExp";
  ValueErrorType2[ValueErrorType2["StringFormatUnknown"] = 49] = "StringFormatUnknown";
  ValueErrorType2[ValueErrorType2["StringFormat"] = 50] = "StringFormat";
  ValueErrorType2[ValueErrorType2["StringMaxLength"] = 51] = "StringMaxLength";
  ValueErrorType2[ValueErrorType2["StringMinLength"] = 52] = "StringMinLength";
  ValueErrorType2[ValueErrorType2["StringPattern"] = 53] = "StringPattern";
  ValueErrorType2[ValueErrorType2["String"] = 54] = "String";
  ValueErrorType2[ValueErrorType2["Symbol"] = 55] = "Symbol";
  ValueErrorType2[ValueErrorType2["TupleLength"] = 56] = "TupleLength";
  ValueErrorType2[ValueErrorType2["Tuple"] = 57] = "Tuple";
  ValueErrorType2[ValueErrorType2["Uint8ArrayMaxByteLength"] = 58] = "Uint8ArrayMaxByteLength";
  ValueErrorType2[ValueErrorType2["Uint8ArrayMinByteLength"] = 59] = "Uint8ArrayMinByteLength";
  ValueErrorType2[ValueErrorType2["Uint8Array"] = 60] = "Uint8Array";
  ValueErrorType2[ValueErrorType2["Undefined"] = 61] = "Undefined";
  ValueErrorType2[ValueErrorType2["Union"] = 62] = "Union";
  ValueErrorType2[ValueErrorType2["Void"] = 63] = "Void";
})(ValueErrorType || (ValueErrorType = {}));
var ValueErrorsUnknownTypeError = class extends TypeBoxError {
  constructor(schema) {
    super("Unknown type");
    this.schema = schema;
  }
};
function EscapeKey(key) {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
function IsDefined2(value) {
  return value !== void 0;
}
var ValueErrorIterator = class {
  constructor(iterator) {
    this.iterator = iterator;
  }
  [Symbol.iterator]() {
    return this.iterator;
  }
  /** Returns the first value error or undefined if no errors */
  First() {
    const next = this.iterator.next();
    return next.done ? void 0 : next.value;
  }
};
function Create(errorType, schema, path, value, errors = []) {
  return {
    type: errorType,
    schema,
    path,
    value,
    message: GetErrorFunction()({ errorType, path, schema, value, errors }),
    errors
  };
}
function* FromAny3(schema, references, path, value) {
}
function* FromArgument2(schema, references, path, value) {
}
function* FromArray5(schema, references, path, value) {
  if (!IsArray(value)) {
    return yield Create(ValueErrorType.Array, schema, path, value);
  }
  if (IsDefined2(schema.minItems) && !(value.length >= schema.minItems)) {
    yield Create(ValueErrorType.ArrayMinItems, schema, path, value);
  }
  if (IsDefined2(schema.maxItems) && !(value.length <= schema.maxItems)) {
    yield Create(ValueErrorType.ArrayMaxItems, schema, path, value);
  }
  for (let i = 0; i < value.length; i++) {
    yield* Visit6(schema.items, references, `${path}/${i}`, value[i]);
  }
  if (schema.uniqueItems === true && !(function() {
    const set = /* @__PURE__ */ new Set();
    for (const element of value) {
      const hashed = Hash(element);
      if (set.has(hashed)) {
        return false;
      } else {
        set.add(hashed);
      }
    }
    return true;
  })()) {
    yield Create(ValueErrorType.ArrayUniqueItems, schema, path, value);
  }
  if (!(IsDefined2(schema.contains) || IsDefined2(schema.minContains) || IsDefined2(schema.maxContains))) {
    return;
  }
  const containsSchema = IsDefined2(schema.contains) ? schema.contains : Never();
  const containsCount = value.reduce((acc, value2, index) => Visit6(containsSchema, references, `${path}${index}`, value2).next().done === true ? acc + 1 : acc, 0);
  if (containsCount === 0) {
    yield Create(ValueErrorType.ArrayContains, schema, path, value);
  }
  if (IsNumber(schema.minContains) && containsCount < schema.minContains) {
    yield Create(ValueErrorType.ArrayMinContains, schema, path, value);
  }
  if (IsNumber(schema.maxContains) && containsCount > schema.maxContains) {
    yield Create(ValueErrorType.ArrayMaxContains, schema, path, value);
  }
}
function* FromAsyncIterator3(schema, references, path, value) {
  if (!IsAsyncIterator(value))
    yield Create(ValueErrorType.AsyncIterator, schema, path, value);
}
function* FromBigInt3(schema, references, path, value) {
  if (!IsBigInt(value))
    return yield Create(ValueErrorType.BigInt, schema, path, value);
  if (IsDefined2(schema.exclusiveMaximum) && !(value < schema.exclusiveMaximum)) {
    yield Create(ValueErrorType.BigIntExclusiveMaximum, schema, path, value);
  }
  if (IsDefined2(schema.exclusiveMinimum) && !(value > schema.exclusiveMinimum)) {
    yield Create(ValueErrorType.BigIntExclusiveMinimum, schema, path, value);
  }
  if (IsDefined2(schema.maximum) && !(value <= schema.maximum)) {
    yield Create(ValueErrorType.BigIntMaximum, schema, path, value);
  }
  if (IsDefined2(schema.minimum) && !(value >= schema.minimum)) {
    yield Create(ValueErrorType.BigIntMinimum, schema, path, value);
  }
  if (IsDefined2(schema.multipleOf) && !(value % schema.multipleOf === BigInt(0))) {
    yield Create(ValueErrorType.BigIntMultipleOf, schema, path, value);
  }
}
function* FromBoolean3(schema, references, path, value) {
  if (!IsBoolean(value))
    yield Create(ValueErrorType.Boolean, schema, path, value);
}
function* FromConstructor3(schema, references, path, value) {
  yield* Visit6(schema.returns, references, path, value.prototype);
}
function* FromDate3(schema, references, path, value) {
  if (!IsDate(value))
    return yield Create(ValueErrorType.Date, schema, path, value);
  if (IsDefined2(schema.exclusiveMaximumTimestamp) && !(value.getTime() < schema.exclusiveMaximumTimestamp)) {
    yield Create(ValueErrorType.DateExclusiveMaximumTimestamp, schema, path, value);
  }
  if (IsDefined2(schema.exclusiveMinimumTimestamp) && !(value.getTime() > schema.exclusiveMinimumTimestamp)) {
    yield Create(ValueErrorType.DateExclusiveMinimumTimestamp, schema, path, value);
  }
  if (IsDefined2(schema.maximumTimestamp) && !(value.getTime() <= schema.maximumTimestamp)) {
    yield Create(ValueErrorType.DateMaximumTimestamp, schema, path, value);
  }
  if (IsDefined2(schema.minimumTimestamp) && !(value.getTime() >= schema.minimumTimestamp)) {
    yield Create(ValueErrorType.DateMinimumTimestamp, schema, path, value);
  }
  if (IsDefined2(schema.multipleOfTimestamp) && !(value.getTime() % schema.multipleOfTimestamp === 0)) {
    yield Create(ValueErrorType.DateMultipleOfTimestamp, schema, path, value);
  }
}
function* FromFunction3(schema, references, path, value) {
  if (!IsFunction(value))
    yield Create(ValueErrorType.Function, schema, path, value);
}
function* FromImport2(schema, references, path, value) {
  const definitions = globalThis.Object.values(schema.$defs);
  const target = schema.$defs[schema.$ref];
  yield* Visit6(target, [...references, ...definitions], path, value);
}
function* FromInteger3(schema, references, path, value) {
  if (!IsInteger(value))
    return yield Create(ValueErrorType.Integer, schema, path, value);
  if (IsDefined2(schema.exclusiveMaximum) && !(value < schema.exclusiveMaximum)) {
    yield Create(ValueErrorType.IntegerExclusiveMaximum, schema, path, value);
  }
  if (IsDefined2(schema.exclusiveMinimum) && !(value > schema.exclusiveMinimum)) {
    yield Create(ValueErrorType.IntegerExclusiveMinimum, schema, path, value);
  }
  if (IsDefined2(schema.maximum) && !(value <= schema.maximum)) {
    yield Create(ValueErrorType.IntegerMaximum, schema, path, value);
  }
  if (IsDefined2(schema.minimum) && !(value >= schema.minimum)) {
    yield Create(ValueErrorType.IntegerMinimum, schema, path, value);
  }
  if (IsDefined2(schema.multipleOf) && !(value % schema.multipleOf === 0)) {
    yield Create(ValueErrorType.IntegerMultipleOf, schema, path, value);
  }
}
function* FromIntersect5(schema, references, path, value) {
  let hasError = false;
  for (const inner of schema.allOf) {
    for (const error of Visit6(inner, references, path, value)) {
      hasError = true;
      yield error;
    }
  }
  if (hasError) {
    return yield Create(ValueErrorType.Intersect, schema, path, value);
  }
  if (schema.unevaluatedProperties === false) {
    const keyCheck = new RegExp(KeyOfPattern(schema));
    for (const valueKey of Object.getOwnPropertyNames(value)) {
      if (!keyCheck.test(valueKey)) {
        yield Create(ValueErrorType.IntersectUnevaluatedProperties, schema, `${path}/${valueKey}`, value);
      }
    }
  }
  if (typeof schema.unevaluatedProperties === "object") {
    const keyCheck = new RegExp(KeyOfPattern(schema));
    for (const valueKey of Object.getOwnPropertyNames(value)) {
      if (!keyCheck.test(valueKey)) {
        const next = Visit6(schema.unevaluatedProperties, references, `${path}/${valueKey}`, value[valueKey]).next();
        if (!next.done)
          yield next.value;
      }
    }
  }
}
function* FromIterator3(schema, references, path, value) {
  if (!IsIterator(value))
    yield Create(ValueErrorType.Iterator, schema, path, value);
}
function* FromLiteral4(schema, references, path, value) {
  if (!(value === schema.const))
    yield Create(ValueErrorType.Literal, schema, path, value);
}
function* FromNever3(schema, references, path, value) {
  yield Create(ValueErrorType.Never, schema, path, value);
}
function* FromNot3(schema, references, path, value) {
  if (Visit6(schema.not, references, path, value).next().done === true)
    yield Create(ValueErrorType.Not, schema, path, value);
}
function* FromNull3(schema, references, path, value) {
  if (!IsNull(value))
    yield Create(ValueErrorType.Null, schema, path, value);
}
function* FromNumber3(schema, references, path, value) {
  if (!TypeSystemPolicy.IsNumberLike(value))
    return yield Create(ValueErrorType.Number, schema, path, value);
  if (IsDefined2(schema.exclusiveMaximum) && !(value < schema.exclusiveMaximum)) {
    yield Create(ValueErrorType.NumberExclusiveMaximum, schema, path, value);
  }
  if (IsDefined2(schema.exclusiveMinimum) && !(value > schema.exclusiveMinimum)) {
    yield Create(ValueErrorType.NumberExclusiveMinimum, schema, path, value);
  }
  if (IsDefined2(schema.maximum) && !(value <= schema.maximum)) {
    yield Create(ValueErrorType.NumberMaximum, schema, path, value);
  }
  if (IsDefined2(schema.minimum) && !(value >= schema.minimum)) {
    yield Create(ValueErrorType.NumberMinimum, schema, path, value);
  }
  if (IsDefined2(schema.multipleOf) && !(value % schema.multipleOf === 0)) {
    yield Create(ValueErrorType.NumberMultipleOf, schema, path, value);
  }
}
function* FromObject3(schema, references, path, value) {
  if (!TypeSystemPolicy.IsObjectLike(value))
    return yield Create(ValueErrorType.Object, schema, path, value);
  if (IsDefined2(schema.minProperties) && !(Object.getOwnPropertyNames(value).length >= schema.minProperties)) {
    yield Create(ValueErrorType.ObjectMinProperties, schema, path, value);
  }
  if (IsDefined2(schema.maxProperties) && !(Object.getOwnPropertyNames(value).length <= schema.maxProperties)) {
    yield Create(ValueErrorType.ObjectMaxProperties, schema, path, value);
  }
  const requiredKeys = Array.isArray(schema.required) ? schema.required : [];
  const knownKeys = Object.getOwnPropertyNames(schema.properties);
  const unknownKeys = Object.getOwnPropertyNames(value);
  for (const requiredKey of requiredKeys) {
    if (unknownKeys.includes(requiredKey))
      continue;
    yield Create(ValueErrorType.ObjectRequiredProperty, schema.properties[requiredKey], `${path}/${EscapeKey(requiredKey)}`, void 0);
  }
  if (schema.additionalProperties === false) {
    for (const valueKey of unknownKeys) {
      if (!knownKeys.includes(valueKey)) {
        yield Create(ValueErrorType.ObjectAdditionalProperties, schema, `${path}/${EscapeKey(valueKey)}`, value[valueKey]);
      }
    }
  }
  if (typeof schema.additionalProperties === "object") {
    for (const valueKey of unknownKeys) {
      if (knownKeys.includes(valueKey))
        continue;
      yield* Visit6(schema.additionalProperties, references, `${path}/${EscapeKey(valueKey)}`, value[valueKey]);
    }
  }
  for (const knownKey of knownKeys) {
    const property = schema.properties[knownKey];
    if (schema.required && schema.required.includes(knownKey)) {
      yield* Visit6(property, references, `${path}/${EscapeKey(knownKey)}`, value[knownKey]);
      if (ExtendsUndefinedCheck(schema) && !(knownKey in value)) {
        yield Create(ValueErrorType.ObjectRequiredProperty, property, `${path}/${EscapeKey(knownKey)}`, void 0);
      }
    } else {
      if (TypeSystemPolicy.IsExactOptionalProperty(value, knownKey)) {
        yield* Visit6(property, references, `${path}/${EscapeKey(knownKey)}`, value[knownKey]);
      }
    }
  }
}
function* FromPromise3(schema, references, path, value) {
  if (!IsPromise(value))
    yield Create(ValueErrorType.Promise, schema, path, value);
}
function* FromRecord3(schema, references, path, value) {
  if (!TypeSystemPolicy.IsRecordLike(value))
    return yield Create(ValueErrorType.Object, schema, path, value);
  if (IsDefined2(schema.minProperties) && !(Object.getOwnPropertyNames(value).length >= schema.minProperties)) {
    yield Create(ValueErrorType.ObjectMinProperties, schema, path, value);
  }
  if (IsDefined2(schema.maxProperties) && !(Object.getOwnPropertyNames(value).length <= schema.maxProperties)) {
    yield Create(ValueErrorType.ObjectMaxProperties, schema, path, value);
  }
  const [patternKey, patternSchema] = Object.entries(schema.patternProperties)[0];
  const regex = new RegExp(patternKey);
  for (const [propertyKey, propertyValue] of Object.entries(value)) {
    if (regex.test(propertyKey))
      yield* Visit6(patternSchema, references, `${path}/${EscapeKey(propertyKey)}`, propertyValue);
  }
  if (typeof schema.additionalProperties === "object") {
    for (const [propertyKey, propertyValue] of Object.entries(value)) {
      if (!regex.test(propertyKey))
        yield* Visit6(schema.additionalProperties, references, `${path}/${EscapeKey(propertyKey)}`, propertyValue);
    }
  }
  if (schema.additionalProperties === false) {
    for (const [propertyKey, propertyValue] of Object.entries(value)) {
      if (regex.test(propertyKey))
        continue;
      return yield Create(ValueErrorType.ObjectAdditionalProperties, schema, `${path}/${EscapeKey(propertyKey)}`, propertyValue);
    }
  }
}
function* FromRef3(schema, references, path, value) {
  yield* Visit6(Deref(schema, references), references, path, value);
}
function* FromRegExp3(schema, references, path, value) {
  if (!IsString(value))
    return yield Create(ValueErrorType.String, schema, path, value);
  if (IsDefined2(schema.minLength) && !(value.length >= schema.minLength)) {
    yield Create(ValueErrorType.StringMinLength, schema, path, value);
  }
  if (IsDefined2(schema.maxLength) && !(value.length <= schema.maxLength)) {
    yield Create(ValueErrorType.StringMaxLength, schema, path, value);
  }
  const regex = new RegExp(schema.source, schema.flags);
  if (!regex.test(value)) {
    return yield Create(ValueErrorType.RegExp, schema, path, value);
  }
}
function* FromString3(schema, references, path, value) {
  if (!IsString(value))
    return yield Create(ValueErrorType.String, schema, path, value);
  if (IsDefined2(schema.minLength) && !(value.length >= schema.minLength)) {
    yield Create(ValueErrorType.StringMinLength, schema, path, value);
  }
  if (IsDefined2(schema.maxLength) && !(value.length <= schema.maxLength)) {
    yield Create(ValueErrorType.StringMaxLength, schema, path, value);
  }
  if (IsString(schema.pattern)) {
    const regex = new RegExp(schema.pattern);
    if (!regex.test(value)) {
      yield Create(ValueErrorType.StringPattern, schema, path, value);
    }
  }
  if (IsString(schema.format)) {
    if (!format_exports.Has(schema.format)) {
      yield Create(ValueErrorType.StringFormatUnknown, schema, path, value);
    } else {
      const format = format_exports.Get(schema.format);
      if (!format(value)) {
        yield Create(ValueErrorType.StringFormat, schema, path, value);
      }
    }
  }
}
function* FromSymbol3(schema, references, path, value) {
  if (!IsSymbol(value))
    yield Create(ValueErrorType.Symbol, schema, path, value);
}
function* FromTemplateLiteral4(schema, references, path, value) {
  if (!IsString(value))
    return yield Create(ValueErrorType.String, schema, path, value);
  const regex = new RegExp(schema.pattern);
  if (!regex.test(value)) {
    yield Create(ValueErrorType.StringPattern, schema, path, value);
  }
}
function* FromThis2(schema, references, path, value) {
  yield* Visit6(Deref(schema, references), references, path, value);
}
function* FromTuple5(schema, references, path, value) {
  if (!IsArray(value))
    return yield Create(ValueErrorType.Tuple, schema, path, value);
  if (schema.items === void 0 && !(value.length === 0)) {
    return yield Create(ValueErrorType.TupleLength, schema, path, value);
  }
  if (!(value.length === schema.maxItems)) {
    return yield Create(ValueErrorType.TupleLength, schema, path, value);
  }
  if (!schema.items) {
    return;
  }
  for (let i = 0; i < schema.items.length; i++) {
    yield* Visit6(schema.items[i], references, `${path}/${i}`, value[i]);
  }
}
function* FromUndefined3(schema, references, path, value) {
  if (!IsUndefined(value))
    yield Create(ValueErrorType.Undefined, schema, path, value);
}
function* FromUnion7(schema, references, path, value) {
  if (Check(schema, references, value))
    return;
  const errors = schema.anyOf.map((variant) => new ValueErrorIterator(Visit6(variant, references, path, value)));
  yield Create(ValueErrorType.Union, schema, path, value, errors);
}
function* FromUint8Array3(schema, references, path, value) {
  if (!IsUint8Array(value))
    return yield Create(ValueErrorType.Uint8Array, schema, path, value);
  if (IsDefined2(schema.maxByteLength) && !(value.length <= schema.maxByteLength)) {
    yield Create(ValueErrorType.Uint8ArrayMaxByteLength, schema, path, value);
  }
  if (IsDefined2(schema.minByteLength) && !(value.length >= schema.minByteLength)) {
    yield Create(ValueErrorType.Uint8ArrayMinByteLength, schema, path, value);
  }
}
function* FromUnknown3(schema, references, path, value) {
}
function* FromVoid3(schema, references, path, value) {
  if (!TypeSystemPolicy.IsVoidLike(value))
    yield Create(ValueErrorType.Void, schema, path, value);
}
function* FromKind2(schema, references, path, value) {
  const check2 = type_exports.Get(schema[Kind2]);
  if (!check2(schema, value))
    yield Create(ValueErrorType.Kind, schema, path, value);
}
function* Visit6(schema, references, path, value) {
  const references_ = IsDefined2(schema.$id) ? [...references, schema] : references;
  const schema_ = schema;
  switch (schema_[Kind2]) {
    case "Any":
      return yield* FromAny3(schema_, references_, path, value);
    case "Argument":
      return yield* FromArgument2(schema_, references_, path, value);
    case "Array":
      return yield* FromArray5(schema_, references_, path, value);
    case "AsyncIterator":
      return yield* FromAsyncIterator3(schema_, references_, path, value);
    case "BigInt":
      return yield* FromBigInt3(schema_, references_, path, value);
    case "Boolean":
      return yield* FromBoolean3(schema_, references_, path, value);
    case "Constructor":
      return yield* FromConstructor3(schema_, references_, path, value);
    case "Date":
      return yield* FromDate3(schema_, references_, path, value);
    case "Function":
      return yield* FromFunction3(schema_, references_, path, value);
    case "Import":
      return yield* FromImport2(schema_, references_, path, value);
    case "Integer":
      return yield* FromInteger3(schema_, references_, path, value);
    case "Intersect":
      return yield* FromIntersect5(schema_, references_, path, value);
    case "Iterator":
      return yield* FromIterator3(schema_, references_, path, value);
    case "Literal":
      return yield* FromLiteral4(schema_, references_, path, value);
    case "Never":
      return yield* FromNever3(schema_, references_, path, value);
    case "Not":
      return yield* FromNot3(schema_, references_, path, value);
    case "Null":
      return yield* FromNull3(schema_, references_, path, value);
    case "Number":
      return yield* FromNumber3(schema_, references_, path, value);
    case "Object":
      return yield* FromObject3(schema_, references_, path, value);
    case "Promise":
      return yield* FromPromise3(schema_, references_, path, value);
    case "Record":
      return yield* FromRecord3(schema_, references_, path, value);
    case "Ref":
      return yield* FromRef3(schema_, references_, path, value);
    case "RegExp":
      return yield* FromRegExp3(schema_, references_, path, value);
    case "String":
      return yield* FromString3(schema_, references_, path, value);
    case "Symbol":
      return yield* FromSymbol3(schema_, references_, path, value);
    case "TemplateLiteral":
      return yield* FromTemplateLiteral4(schema_, references_, path, value);
    case "This":
      return yield* FromThis2(schema_, references_, path, value);
    case "Tuple":
      return yield* FromTuple5(schema_, references_, path, value);
    case "Undefined":
      return yield* FromUndefined3(schema_, references_, path, value);
    case "Union":
      return yield* FromUnion7(schema_, references_, path, value);
    case "Uint8Array":
      return yield* FromUint8Array3(schema_, references_, path, value);
    case "Unknown":
      return yield* FromUnknown3(schema_, references_, path, value);
    case "Void":
      return yield* FromVoid3(schema_, references_, path, value);
    default:
      if (!type_exports.Has(schema_[Kind2]))
        throw new ValueErrorsUnknownTypeError(schema);
      return yield* FromKind2(schema_, references_, path, value);
  }
}
function Errors(...args) {
  const iterator = args.length === 3 ? Visit6(args[0], args[1], "", args[2]) : Visit6(args[0], [], "", args[1]);
  return new ValueErrorIterator(iterator);
}

// node_modules/@sinclair/typebox/build/esm/value/transform/decode.mjs
var TransformDecodeCheckError = class extends TypeBoxError {
  constructor(schema, value, error) {
    super(`Unable to decode value as it does not match the expected schema`);
    this.schema = schema;
    this.value = value;
    this.error = error;
  }
};
var TransformDecodeError = class extends TypeBoxError {
  constructor(schema, path, value, error) {
    super(error instanceof Error ? error.message : "Unknown error");
    this.schema = schema;
    this.path = path;
    this.value = value;
    this.error = error;
  }
};
function Default(schema, path, value) {
  try {
    return IsTransform(schema) ? schema[TransformKind].Decode(value) : value;
  } catch (error) {
    throw new TransformDecodeError(schema, path, value, error);
  }
}
function FromArray6(schema, references, path, value) {
  return IsArray(value) ? Default(schema, path, value.map((value2, index) => Visit7(schema.items, references, `${path}/${index}`, value2))) : Default(schema, path, value);
}
function FromIntersect6(schema, references, path, value) {
  if (!IsObject(value) || IsValueType(value))
    return Default(schema, path, value);
  const knownEntries = KeyOfPropertyEntries(schema);
  const knownKeys = knownEntries.map((entry) => entry[0]);
  const knownProperties = { ...value };
  for (const [knownKey, knownSchema] of knownEntries)
    if (knownKey in knownProperties) {
      knownProperties[knownKey] = Visit7(knownSchema, references, `${path}/${knownKey}`, knownProperties[knownKey]);
    }
  if (!IsTransform(schema.unevaluatedProperties)) {
    return Default(schema, path, knownProperties);
  }
  const unknownKeys = Object.getOwnPropertyNames(knownProperties);
  const unevaluatedProperties = schema.unevaluatedProperties;
  const unknownProperties = { ...knownProperties };
  for (const key of unknownKeys)
    if (!knownKeys.includes(key)) {
      unknownProperties[key] = Default(unevaluatedProperties, `${path}/${key}`, unknownProperties[key]);
    }
  return Default(schema, path, unknownProperties);
}
function FromImport3(schema, references, path, value) {
  const additional = globalThis.Object.values(schema.$defs);
  const target = schema.$defs[schema.$ref];
  const result = Visit7(target, [...references, ...additional], path, value);
  return Default(schema, path, result);
}
function FromNot4(schema, references, path, value) {
  return Default(schema, path, Visit7(schema.not, references, path, value));
}
function FromObject4(schema, references, path, value) {
  if (!IsObject(value))
    return Default(schema, path, value);
  const knownKeys = KeyOfPropertyKeys(schema);
  const knownProperties = { ...value };
  for (const key of knownKeys) {
    if (!HasPropertyKey(knownProperties, key))
      continue;
    if (IsUndefined(knownProperties[key]) && (!IsUndefined3(schema.properties[key]) || TypeSystemPolicy.IsExactOptionalProperty(knownProperties, key)))
      continue;
    knownProperties[key] = Visit7(schema.properties[key], references, `${path}/${key}`, knownProperties[key]);
  }
  if (!IsSchema(schema.additionalProperties)) {
    return Default(schema, path, knownProperties);
  }
  const unknownKeys = Object.getOwnPropertyNames(knownProperties);
  const additionalProperties = schema.additionalProperties;
  const unknownProperties = { ...knownProperties };
  for (const key of unknownKeys)
    if (!knownKeys.includes(key)) {
      unknownProperties[key] = Default(additionalProperties, `${path}/${key}`, unknownProperties[key]);
    }
  return Default(schema, path, unknownProperties);
}
function FromRecord4(schema, references, path, value) {
  if (!IsObject(value))
    return Default(schema, path, value);
  const pattern = Object.getOwnPropertyNames(schema.patternProperties)[0];
  const knownKeys = new RegExp(pattern);
  const knownProperties = { ...value };
  for (const key of Object.getOwnPropertyNames(value))
    if (knownKeys.test(key)) {
      knownProperties[key] = Visit7(schema.patternProperties[pattern], references, `${path}/${key}`, knownProperties[key]);
    }
  if (!IsSchema(schema.additionalProperties)) {
    return Default(schema, path, knownProperties);
  }
  const unknownKeys = Object.getOwnPropertyNames(knownProperties);
  const additionalProperties = schema.additionalProperties;
  const unknownProperties = { ...knownProperties };
  for (const key of unknownKeys)
    if (!knownKeys.test(key)) {
      unknownProperties[key] = Default(additionalProperties, `${path}/${key}`, unknownProperties[key]);
    }
  return Default(schema, path, unknownProperties);
}
function FromRef4(schema, references, path, value) {
  const target = Deref(schema, references);
  return Default(schema, path, Visit7(target, references, path, value));
}
function FromThis3(schema, references, path, value) {
  const target = Deref(schema, references);
  return Default(schema, path, Visit7(target, references, path, value));
}
function FromTuple6(schema, references, path, value) {
  return IsArray(value) && IsArray(schema.items) ? Default(schema, path, schema.items.map((schema2, index) => Visit7(schema2, references, `${path}/${index}`, value[index]))) : Default(schema, path, value);
}
function FromUnion8(schema, references, path, value) {
  for (const subschema of schema.anyOf) {
    if (!Check(subschema, references, value))
      continue;
    const decoded = Visit7(subschema, references, path, value);
    return Default(schema, path, decoded);
  }
  return Default(schema, path, value);
}
function Visit7(schema, references, path, value) {
  const references_ = Pushref(schema, references);
  const schema_ = schema;
  switch (schema[Kind2]) {
    case "Array":
      return FromArray6(schema_, references_, path, value);
    case "Import":
      return FromImport3(schema_, references_, path, value);
    case "Intersect":
      return FromIntersect6(schema_, references_, path, value);
    case "Not":
      return FromNot4(schema_, references_, path, value);
    case "Object":
      return FromObject4(schema_, references_, path, value);
    case "Record":
      return FromRecord4(schema_, references_, path, value);
    case "Ref":
      return FromRef4(schema_, references_, path, value);
    case "Symbol":
      return Default(schema_, path, value);
    case "This":
      return FromThis3(schema_, references_, path, value);
    case "Tuple":
      return FromTuple6(schema_, references_, path, value);
    case "Union":
      return FromUnion8(schema_, references_, path, value);
    default:
      return Default(schema_, path, value);
  }
}
function TransformDecode(schema, references, value) {
  return Visit7(schema, references, "", value);
}

// node_modules/@sinclair/typebox/build/esm/value/transform/encode.mjs
var TransformEncodeCheckError = class extends TypeBoxError {
  constructor(schema, value, error) {
    super(`The encoded value does not match the expected schema`);
    this.schema = schema;
    this.value = value;
    this.error = error;
  }
};
var TransformEncodeError = class extends TypeBoxError {
  constructor(schema, path, value, error) {
    super(`${error instanceof Error ? error.message : "Unknown error"}`);
    this.schema = schema;
    this.path = path;
    this.value = value;
    this.error = error;
  }
};
function Default2(schema, path, value) {
  try {
    return IsTransform(schema) ? schema[TransformKind].Encode(value) : value;
  } catch (error) {
    throw new TransformEncodeError(schema, path, value, error);
  }
}
function FromArray7(schema, references, path, value) {
  const defaulted = Default2(schema, path, value);
  return IsArray(defaulted) ? defaulted.map((value2, index) => Visit8(schema.items, references, `${path}/${index}`, value2)) : defaulted;
}
function FromImport4(schema, references, path, value) {
  const additional = globalThis.Object.values(schema.$defs);
  const target = schema.$defs[schema.$ref];
  const result = Default2(schema, path, value);
  return Visit8(target, [...references, ...additional], path, result);
}
function FromIntersect7(schema, references, path, value) {
  const defaulted = Default2(schema, path, value);
  if (!IsObject(value) || IsValueType(value))
    return defaulted;
  const knownEntries = KeyOfPropertyEntries(schema);
  const knownKeys = knownEntries.map((entry) => entry[0]);
  const knownProperties = { ...defaulted };
  for (const [knownKey, knownSchema] of knownEntries)
    if (knownKey in knownProperties) {
      knownProperties[knownKey] = Visit8(knownSchema, references, `${path}/${knownKey}`, knownProperties[knownKey]);
    }
  if (!IsTransform(schema.unevaluatedProperties)) {
    return knownProperties;
  }
  const unknownKeys = Object.getOwnPropertyNames(knownProperties);
  const unevaluatedProperties = schema.unevaluatedProperties;
  const properties = { ...knownProperties };
  for (const key of unknownKeys)
    if (!knownKeys.includes(key)) {
      properties[key] = Default2(unevaluatedProperties, `${path}/${key}`, properties[key]);
    }
  return properties;
}
function FromNot5(schema, references, path, value) {
  return Default2(schema.not, path, Default2(schema, path, value));
}
function FromObject5(schema, references, path, value) {
  const defaulted = Default2(schema, path, value);
  if (!IsObject(defaulted))
    return defaulted;
  const knownKeys = KeyOfPropertyKeys(schema);
  const knownProperties = { ...defaulted };
  for (const key of knownKeys) {
    if (!HasPropertyKey(knownProperties, key))
      continue;
    if (IsUndefined(knownProperties[key]) && (!IsUndefined3(schema.properties[key]) || TypeSystemPolicy.IsExactOptionalProperty(knownProperties, key)))
      continue;
    knownProperties[key] = Visit8(schema.properties[key], references, `${path}/${key}`, knownProperties[key]);
  }
  if (!IsSchema(schema.additionalProperties)) {
    return knownProperties;
  }
  const unknownKeys = Object.getOwnPropertyNames(knownProperties);
  const additionalProperties = schema.additionalProperties;
  const properties = { ...knownProperties };
  for (const key of unknownKeys)
    if (!knownKeys.includes(key)) {
      properties[key] = Default2(additionalProperties, `${path}/${key}`, properties[key]);
    }
  return properties;
}
function FromRecord5(schema, references, path, value) {
  const defaulted = Default2(schema, path, value);
  if (!IsObject(value))
    return defaulted;
  const pattern = Object.getOwnPropertyNames(schema.patternProperties)[0];
  const knownKeys = new RegExp(pattern);
  const knownProperties = { ...defaulted };
  for (const key of Object.getOwnPropertyNames(value))
    if (knownKeys.test(key)) {
      knownProperties[key] = Visit8(schema.patternProperties[pattern], references, `${path}/${key}`, knownProperties[key]);
    }
  if (!IsSchema(schema.additionalProperties)) {
    return knownProperties;
  }
  const unknownKeys = Object.getOwnPropertyNames(knownProperties);
  const additionalProperties = schema.additionalProperties;
  const properties = { ...knownProperties };
  for (const key of unknownKeys)
    if (!knownKeys.test(key)) {
      properties[key] = Default2(additionalProperties, `${path}/${key}`, properties[key]);
    }
  return properties;
}
function FromRef5(schema, references, path, value) {
  const target = Deref(schema, references);
  const resolved = Visit8(target, references, path, value);
  return Default2(schema, path, resolved);
}
function FromThis4(schema, references, path, value) {
  const target = Deref(schema, references);
  const resolved = Visit8(target, references, path, value);
  return Default2(schema, path, resolved);
}
function FromTuple7(schema, references, path, value) {
  const value1 = Default2(schema, path, value);
  return IsArray(schema.items) ? schema.items.map((schema2, index) => Visit8(schema2, references, `${path}/${index}`, value1[index])) : [];
}
function FromUnion9(schema, references, path, value) {
  for (const subschema of schema.anyOf) {
    if (!Check(subschema, references, value))
      continue;
    const value1 = Visit8(subschema, references, path, value);
    return Default2(schema, path, value1);
  }
  for (const subschema of schema.anyOf) {
    const value1 = Visit8(subschema, references, path, value);
    if (!Check(schema, references, value1))
      continue;
    return Default2(schema, path, value1);
  }
  return Default2(schema, path, value);
}
function Visit8(schema, references, path, value) {
  const references_ = Pushref(schema, references);
  const schema_ = schema;
  switch (schema[Kind2]) {
    case "Array":
      return FromArray7(schema_, references_, path, value);
    case "Import":
      return FromImport4(schema_, references_, path, value);
    case "Intersect":
      return FromIntersect7(schema_, references_, path, value);
    case "Not":
      return FromNot5(schema_, references_, path, value);
    case "Object":
      return FromObject5(schema_, references_, path, value);
    case "Record":
      return FromRecord5(schema_, references_, path, value);
    case "Ref":
      return FromRef5(schema_, references_, path, value);
    case "This":
      return FromThis4(schema_, references_, path, value);
    case "Tuple":
      return FromTuple7(schema_, references_, path, value);
    case "Union":
      return FromUnion9(schema_, references_, path, value);
    default:
      return Default2(schema_, path, value);
  }
}
function TransformEncode(schema, references, value) {
  return Visit8(schema, references, "", value);
}

// node_modules/@sinclair/typebox/build/esm/value/transform/has.mjs
function FromArray8(schema, references) {
  return IsTransform(schema) || Visit9(schema.items, references);
}
function FromAsyncIterator4(schema, references) {
  return IsTransform(schema) || Visit9(schema.items, references);
}
function FromConstructor4(schema, references) {
  return IsTransform(schema) || Visit9(schema.returns, references) || schema.parameters.some((schema2) => Visit9(schema2, references));
}
function FromFunction4(schema, references) {
  return IsTransform(schema) || Visit9(schema.returns, references) || schema.parameters.some((schema2) => Visit9(schema2, references));
}
function FromIntersect8(schema, references) {
  return IsTransform(schema) || IsTransform(schema.unevaluatedProperties) || schema.allOf.some((schema2) => Visit9(schema2, references));
}
function FromImport5(schema, references) {
  const additional = globalThis.Object.getOwnPropertyNames(schema.$defs).reduce((result, key) => [...result, schema.$defs[key]], []);
  const target = schema.$defs[schema.$ref];
  return IsTransform(schema) || Visit9(target, [...additional, ...references]);
}
function FromIterator4(schema, references) {
  return IsTransform(schema) || Visit9(schema.items, references);
}
function FromNot6(schema, references) {
  return IsTransform(schema) || Visit9(schema.not, references);
}
function FromObject6(schema, references) {
  return IsTransform(schema) || Object.values(schema.properties).some((schema2) => Visit9(schema2, references)) || IsSchema(schema.additionalProperties) && Visit9(schema.additionalProperties, references);
}
function FromPromise4(schema, references) {
  return IsTransform(schema) || Visit9(schema.item, references);
}
function FromRecord6(schema, references) {
  const pattern = Object.getOwnPropertyNames(schema.patternProperties)[0];
  const property = schema.patternProperties[pattern];
  return IsTransform(schema) || Visit9(property, references) || IsSchema(schema.additionalProperties) && IsTransform(schema.additionalProperties);
}
function FromRef6(schema, references) {
  if (IsTransform(schema))
    return true;
  return Visit9(Deref(schema, references), references);
}
function FromThis5(schema, references) {
  if (IsTransform(schema))
    return true;
  return Visit9(Deref(schema, references), references);
}
function FromTuple8(schema, references) {
  return IsTransform(schema) || !IsUndefined(schema.items) && schema.items.some((schema2) => Visit9(schema2, references));
}
function FromUnion10(schema, references) {
  return IsTransform(schema) || schema.anyOf.some((schema2) => Visit9(schema2, references));
}
function Visit9(schema, references) {
  const references_ = Pushref(schema, references);
  const schema_ = schema;
  if (schema.$id && visited.has(schema.$id))
    return false;
  if (schema.$id)
    visited.add(schema.$id);
  switch (schema[Kind2]) {
    case "Array":
      return FromArray8(schema_, references_);
    case "AsyncIterator":
      return FromAsyncIterator4(schema_, references_);
    case "Constructor":
      return FromConstructor4(schema_, references_);
    case "Function":
      return FromFunction4(schema_, references_);
    case "Import":
      return FromImport5(schema_, references_);
    case "Intersect":
      return FromIntersect8(schema_, references_);
    case "Iterator":
      return FromIterator4(schema_, references_);
    case "Not":
      return FromNot6(schema_, references_);
    case "Object":
      return FromObject6(schema_, references_);
    case "Promise":
      return FromPromise4(schema_, references_);
    case "Record":
      return FromRecord6(schema_, references_);
    case "Ref":
      return FromRef6(schema_, references_);
    case "This":
      return FromThis5(schema_, references_);
    case "Tuple":
      return FromTuple8(schema_, references_);
    case "Union":
      return FromUnion10(schema_, references_);
    default:
      return IsTransform(schema);
  }
}
var visited = /* @__PURE__ */ new Set();
function HasTransform(schema, references) {
  visited.clear();
  return Visit9(schema, references);
}

// node_modules/@sinclair/typebox/build/esm/compiler/compiler.mjs
var TypeCheck = class {
  constructor(schema, references, checkFunc, code) {
    this.schema = schema;
    this.references = references;
    this.checkFunc = checkFunc;
    this.code = code;
    this.hasTransform = HasTransform(schema, references);
  }
  /** Returns the generated assertion code used to validate this type. */
  Code() {
    return this.code;
  }
  /** Returns the schema type used to validate */
  Schema() {
    return this.schema;
  }
  /** Returns reference types used to validate */
  References() {
    return this.references;
  }
  /** Returns an iterator for each error in this value. */
  Errors(value) {
    return Errors(this.schema, this.references, value);
  }
  /** Returns true if the value matches the compiled type. */
  Check(value) {
    return this.checkFunc(value);
  }
  /** Decodes a value or throws if error */
  Decode(value) {
    if (!this.checkFunc(value))
      throw new TransformDecodeCheckError(this.schema, value, this.Errors(value).First());
    return this.hasTransform ? TransformDecode(this.schema, this.references, value) : value;
  }
  /** Encodes a value or throws if error */
  Encode(value) {
    const encoded = this.hasTransform ? TransformEncode(this.schema, this.references, value) : value;
    if (!this.checkFunc(encoded))
      throw new TransformEncodeCheckError(this.schema, value, this.Errors(value).First());
    return encoded;
  }
};
var Character;
(function(Character2) {
  function DollarSign(code) {
    return code === 36;
  }
  Character2.DollarSign = DollarSign;
  function IsUnderscore(code) {
    return code === 95;
  }
  Character2.IsUnderscore = IsUnderscore;
  function IsAlpha(code) {
    return code >= 65 && code <= 90 || code >= 97 && code <= 122;
  }
  Character2.IsAlpha = IsAlpha;
  function IsNumeric(code) {
    return code >= 48 && code <= 57;
  }
  Character2.IsNumeric = IsNumeric;
})(Character || (Character = {}));
var Identifier;
(function(Identifier2) {
  function Encode($id) {
    const buffer = [];
    for (let i = 0; i < $id.length; i++) {
      const code = $id.charCodeAt(i);
      if (Character.IsNumeric(code) || Character.IsAlpha(code)) {
        buffer.push($id.charAt(i));
      } else {
        buffer.push(`_${code}_`);
      }
    }
    return buffer.join("").replace(/__/g, "_");
  }
  Identifier2.Encode = Encode;
})(Identifier || (Identifier = {}));
function StringConstant(value) {
  if (!IsString(value))
    throw Error("ConstantString: Not a String");
  const canonical = JSON.stringify(value).slice(1, -1);
  const escaped = canonical.replace(/'/g, "\\'");
  return `'${escaped}'`;
}
function MemberExpression(value, key) {
  return `${value}[${StringConstant(key)}]`;
}
var TypeCompilerUnknownTypeError = class extends TypeBoxError {
  constructor(schema) {
    super("Unknown type");
    this.schema = schema;
  }
};
var TypeCompilerTypeGuardError = class extends TypeBoxError {
  constructor(schema) {
    super("Preflight validation check failed to guard for the given schema");
    this.schema = schema;
  }
};
var Policy;
(function(Policy2) {
  function IsExactOptionalProperty(value, key, expression) {
    return TypeSystemPolicy.ExactOptionalPropertyTypes ? `(${StringConstant(key)} in ${value} ? ${expression} : true)` : `(${MemberExpression(value, key)} !== undefined ? ${expression} : true)`;
  }
  Policy2.IsExactOptionalProperty = IsExactOptionalProperty;
  function IsObjectLike(value) {
    return !TypeSystemPolicy.AllowArrayObject ? `(typeof ${value} === 'object' && ${value} !== null && !Array.isArray(${value}))` : `(typeof ${value} === 'object' && ${value} !== null)`;
  }
  Policy2.IsObjectLike = IsObjectLike;
  function IsRecordLike(value) {
    return !TypeSystemPolicy.AllowArrayObject ? `(typeof ${value} === 'object' && ${value} !== null && !Array.isArray(${value}) && !(${value} instanceof Date) && !(${value} instanceof Uint8Array))` : `(typeof ${value} === 'object' && ${value} !== null && !(${value} instanceof Date) && !(${value} instanceof Uint8Array))`;
  }
  Policy2.IsRecordLike = IsRecordLike;
  function IsNumberLike(value) {
    return TypeSystemPolicy.AllowNaN ? `typeof ${value} === 'number'` : `Number.isFinite(${value})`;
  }
  Policy2.IsNumberLike = IsNumberLike;
  function IsVoidLike(value) {
    return TypeSystemPolicy.AllowNullVoid ? `(${value} === undefined || ${value} === null)` : `${value} === undefined`;
  }
  Policy2.IsVoidLike = IsVoidLike;
})(Policy || (Policy = {}));
var TypeCompiler;
(function(TypeCompiler2) {
  function IsAnyOrUnknown2(schema) {
    return schema[Kind2] === "Any" || schema[Kind2] === "Unknown";
  }
  function* FromAny4(schema, references, value) {
    yield "true";
  }
  function* FromArgument4(schema, references, value) {
    yield "true";
  }
  function* FromArray12(schema, references, value) {
    yield `Array.isArray(${value})`;
    const [parameter, accumulator] = [CreateParameter("value", "any"), CreateParameter("acc", "number")];
    if (IsNumber(schema.maxItems))
      yield `${value}.length <= ${schema.maxItems}`;
    if (IsNumber(schema.minItems))
      yield `${value}.length >= ${schema.minItems}`;
    const elementExpression = CreateExpression(schema.items, references, "value");
    yield `((array) => { for(const ${parameter} of array) if(!(${elementExpression})) { return false }; return true; })(${value})`;
    if (IsSchema2(schema.contains) || IsNumber(schema.minContains) || IsNumber(schema.maxContains)) {
      const containsSchema = IsSchema2(schema.contains) ? schema.contains : Never();
      const checkExpression = CreateExpression(containsSchema, references, "value");
      const checkMinContains = IsNumber(schema.minContains) ? [`(count >= ${schema.minContains})`] : [];
      const checkMaxContains = IsNumber(schema.maxContains) ? [`(count <= ${schema.maxContains})`] : [];
      const checkCount = `const count = value.reduce((${accumulator}, ${parameter}) => ${checkExpression} ? acc + 1 : acc, 0)`;
      const check2 = [`(count > 0)`, ...checkMinContains, ...checkMaxContains].join(" && ");
      yield `((${parameter}) => { ${checkCount}; return ${check2}})(${value})`;
    }
    if (schema.uniqueItems === true) {
      const check2 = `const hashed = hash(element); if(set.has(hashed)) { return false } else { set.add(hashed) } } return true`;
      const block = `const set = new Set(); for(const element of value) { ${check2} }`;
      yield `((${parameter}) => { ${block} )(${value})`;
    }
  }
  function* FromAsyncIterator7(schema, references, value) {
    yield `(typeof value === 'object' && Symbol.asyncIterator in ${value})`;
  }
  function* FromBigInt4(schema, references, value) {
    yield `(typeof ${value} === 'bigint')`;
    if (IsBigInt(schema.exclusiveMaximum))
      yield `${value} < BigInt(${schema.exclusiveMaximum})`;
    if (IsBigInt(schema.exclusiveMinimum))
      yield `${value} > BigInt(${schema.exclusiveMinimum})`;
    if (IsBigInt(schema.maximum))
      yield `${value} <= BigInt(${schema.maximum})`;
    if (IsBigInt(schema.minimum))
      yield `${value} >= BigInt(${schema.minimum})`;
    if (IsBigInt(schema.multipleOf))
      yield `(${value} % BigInt(${schema.multipleOf})) === 0`;
  }
  function* FromBoolean4(schema, references, value) {
    yield `(typeof ${value} === 'boolean')`;
  }
  function* FromConstructor7(schema, references, value) {
    yield* Visit10(schema.returns, references, `${value}.prototype`);
  }
  function* FromDate4(schema, references, value) {
    yield `(${value} instanceof Date) && Number.isFinite(${value}.getTime())`;
    if (IsNumber(schema.exclusiveMaximumTimestamp))
      yield `${value}.getTime() < ${schema.exclusiveMaximumTimestamp}`;
    if (IsNumber(schema.exclusiveMinimumTimestamp))
      yield `${value}.getTime() > ${schema.exclusiveMinimumTimestamp}`;
    if (IsNumber(schema.maximumTimestamp))
      yield `${value}.getTime() <= ${schema.maximumTimestamp}`;
    if (IsNumber(schema.minimumTimestamp))
      yield `${value}.getTime() >= ${schema.minimumTimestamp}`;
    if (IsNumber(schema.multipleOfTimestamp))
      yield `(${value}.getTime() % ${schema.multipleOfTimestamp}) === 0`;
  }
  function* FromFunction7(schema, references, value) {
    yield `(typeof ${value} === 'function')`;
  }
  function* FromImport6(schema, references, value) {
    const members = globalThis.Object.getOwnPropertyNames(schema.$defs).reduce((result, key) => {
      return [...result, schema.$defs[key]];
    }, []);
    yield* Visit10(Ref(schema.$ref), [...references, ...members], value);
  }
  function* FromInteger4(schema, references, value) {
    yield `Number.isInteger(${value})`;
    if (IsNumber(schema.exclusiveMaximum))
      yield `${value} < ${schema.exclusiveMaximum}`;
    if (IsNumber(schema.exclusiveMinimum))
      yield `${value} > ${schema.exclusiveMinimum}`;
    if (IsNumber(schema.maximum))
      yield `${value} <= ${schema.maximum}`;
    if (IsNumber(schema.minimum))
      yield `${value} >= ${schema.minimum}`;
    if (IsNumber(schema.multipleOf))
      yield `(${value} % ${schema.multipleOf}) === 0`;
  }
  function* FromIntersect14(schema, references, value) {
    const check1 = schema.allOf.map((schema2) => CreateExpression(schema2, references, value)).join(" && ");
    if (schema.unevaluatedProperties === false) {
      const keyCheck = CreateVariable(`${new RegExp(KeyOfPattern(schema))};`);
      const check2 = `Object.getOwnPropertyNames(${value}).every(key => ${keyCheck}.test(key))`;
      yield `(${check1} && ${check2})`;
    } else if (IsSchema2(schema.unevaluatedProperties)) {
      const keyCheck = CreateVariable(`${new RegExp(KeyOfPattern(schema))};`);
      const check2 = `Object.getOwnPropertyNames(${value}).every(key => ${keyCheck}.test(key) || ${CreateExpression(schema.unevaluatedProperties, references, `${value}[key]`)})`;
      yield `(${check1} && ${check2})`;
    } else {
      yield `(${check1})`;
    }
  }
  function* FromIterator7(schema, references, value) {
    yield `(typeof value === 'object' && Symbol.iterator in ${value})`;
  }
  function* FromLiteral5(schema, references, value) {
    if (typeof schema.const === "number" || typeof schema.const === "boolean") {
      yield `(${value} === ${schema.const})`;
    } else if (typeof schema.const === "string") {
      yield `(${value} === ${StringConstant(schema.const)})`;
    } else {
      throw Error("Invalid Literal Value");
    }
  }
  function* FromNever4(schema, references, value) {
    yield `false`;
  }
  function* FromNot7(schema, references, value) {
    const expression = CreateExpression(schema.not, references, value);
    yield `(!${expression})`;
  }
  function* FromNull4(schema, references, value) {
    yield `(${value} === null)`;
  }
  function* FromNumber4(schema, references, value) {
    yield Policy.IsNumberLike(value);
    if (IsNumber(schema.exclusiveMaximum))
      yield `${value} < ${schema.exclusiveMaximum}`;
    if (IsNumber(schema.exclusiveMinimum))
      yield `${value} > ${schema.exclusiveMinimum}`;
    if (IsNumber(schema.maximum))
      yield `${value} <= ${schema.maximum}`;
    if (IsNumber(schema.minimum))
      yield `${value} >= ${schema.minimum}`;
    if (IsNumber(schema.multipleOf))
      yield `(${value} % ${schema.multipleOf}) === 0`;
  }
  function* FromObject13(schema, references, value) {
    yield Policy.IsObjectLike(value);
    if (IsNumber(schema.minProperties))
      yield `Object.getOwnPropertyNames(${value}).length >= ${schema.minProperties}`;
    if (IsNumber(schema.maxProperties))
      yield `Object.getOwnPropertyNames(${value}).length <= ${schema.maxProperties}`;
    const knownKeys = Object.getOwnPropertyNames(schema.properties);
    for (const knownKey of knownKeys) {
      const memberExpression = MemberExpression(value, knownKey);
      const property = schema.properties[knownKey];
      if (schema.required && schema.required.includes(knownKey)) {
        yield* Visit10(property, references, memberExpression);
        if (ExtendsUndefinedCheck(property) || IsAnyOrUnknown2(property))
          yield `(${StringConstant(knownKey)} in ${value})`;
      } else {
        const expression = CreateExpression(property, references, memberExpression);
        yield Policy.IsExactOptionalProperty(value, knownKey, expression);
      }
    }
    if (schema.additionalProperties === false) {
      if (schema.required && schema.required.length === knownKeys.length) {
        yield `Object.getOwnPropertyNames(${value}).length === ${knownKeys.length}`;
      } else {
        const keys = `[${knownKeys.map((key) => `${StringConstant(key)}`).join(", ")}]`;
        yield `Object.getOwnPropertyNames(${value}).every(key => ${keys}.includes(key))`;
      }
    }
    if (typeof schema.additionalProperties === "object") {
      const expression = CreateExpression(schema.additionalProperties, references, `${value}[key]`);
      const keys = `[${knownKeys.map((key) => `${StringConstant(key)}`).join(", ")}]`;
      yield `(Object.getOwnPropertyNames(${value}).every(key => ${keys}.includes(key) || ${expression}))`;
    }
  }
  function* FromPromise7(schema, references, value) {
    yield `${value} instanceof Promise`;
  }
  function* FromRecord9(schema, references, value) {
    yield Policy.IsRecordLike(value);
    if (IsNumber(schema.minProperties))
      yield `Object.getOwnPropertyNames(${value}).length >= ${schema.minProperties}`;
    if (IsNumber(schema.maxProperties))
      yield `Object.getOwnPropertyNames(${value}).length <= ${schema.maxProperties}`;
    const [patternKey, patternSchema] = Object.entries(schema.patternProperties)[0];
    const variable = CreateVariable(`${new RegExp(patternKey)}`);
    const check1 = CreateExpression(patternSchema, references, "value");
    const check2 = IsSchema2(schema.additionalProperties) ? CreateExpression(schema.additionalProperties, references, value) : schema.additionalProperties === false ? "false" : "true";
    const expression = `(${variable}.test(key) ? ${check1} : ${check2})`;
    yield `(Object.entries(${value}).every(([key, value]) => ${expression}))`;
  }
  function* FromRef10(schema, references, value) {
    const target = Deref(schema, references);
    if (state.functions.has(schema.$ref))
      return yield `${CreateFunctionName(schema.$ref)}(${value})`;
    yield* Visit10(target, references, value);
  }
  function* FromRegExp4(schema, references, value) {
    const variable = CreateVariable(`${new RegExp(schema.source, schema.flags)};`);
    yield `(typeof ${value} === 'string')`;
    if (IsNumber(schema.maxLength))
      yield `${value}.length <= ${schema.maxLength}`;
    if (IsNumber(schema.minLength))
      yield `${value}.length >= ${schema.minLength}`;
    yield `${variable}.test(${value})`;
  }
  function* FromString4(schema, references, value) {
    yield `(typeof ${value} === 'string')`;
    if (IsNumber(schema.maxLength))
      yield `${value}.length <= ${schema.maxLength}`;
    if (IsNumber(schema.minLength))
      yield `${value}.length >= ${schema.minLength}`;
    if (schema.pattern !== void 0) {
      const variable = CreateVariable(`${new RegExp(schema.pattern)};`);
      yield `${variable}.test(${value})`;
    }
    if (schema.format !== void 0) {
      yield `format(${StringConstant(schema.format)}, ${value})`;
    }
  }
  function* FromSymbol4(schema, references, value) {
    yield `(typeof ${value} === 'symbol')`;
  }
  function* FromTemplateLiteral6(schema, references, value) {
    yield `(typeof ${value} === 'string')`;
    const variable = CreateVariable(`${new RegExp(schema.pattern)};`);
    yield `${variable}.test(${value})`;
  }
  function* FromThis6(schema, references, value) {
    yield `${CreateFunctionName(schema.$ref)}(${value})`;
  }
  function* FromTuple11(schema, references, value) {
    yield `Array.isArray(${value})`;
    if (schema.items === void 0)
      return yield `${value}.length === 0`;
    yield `(${value}.length === ${schema.maxItems})`;
    for (let i = 0; i < schema.items.length; i++) {
      const expression = CreateExpression(schema.items[i], references, `${value}[${i}]`);
      yield `${expression}`;
    }
  }
  function* FromUndefined4(schema, references, value) {
    yield `${value} === undefined`;
  }
  function* FromUnion16(schema, references, value) {
    const expressions = schema.anyOf.map((schema2) => CreateExpression(schema2, references, value));
    yield `(${expressions.join(" || ")})`;
  }
  function* FromUint8Array4(schema, references, value) {
    yield `${value} instanceof Uint8Array`;
    if (IsNumber(schema.maxByteLength))
      yield `(${value}.length <= ${schema.maxByteLength})`;
    if (IsNumber(schema.minByteLength))
      yield `(${value}.length >= ${schema.minByteLength})`;
  }
  function* FromUnknown4(schema, references, value) {
    yield "true";
  }
  function* FromVoid4(schema, references, value) {
    yield Policy.IsVoidLike(value);
  }
  function* FromKind3(schema, references, value) {
    const instance = state.instances.size;
    state.instances.set(instance, schema);
    yield `kind(${StringConstant(schema[Kind2])}, ${instance}, ${value})`;
  }
  function* Visit10(schema, references, value, useHoisting = true) {
    const references_ = IsString(schema.$id) ? [...references, schema] : references;
    const schema_ = schema;
    if (useHoisting && IsString(schema.$id)) {
      const functionName = CreateFunctionName(schema.$id);
      if (state.functions.has(functionName)) {
        return yield `${functionName}(${value})`;
      } else {
        state.functions.set(functionName, "<deferred>");
        const functionCode = CreateFunction(functionName, schema, references, "value", false);
        state.functions.set(functionName, functionCode);
        return yield `${functionName}(${value})`;
      }
    }
    switch (schema_[Kind2]) {
      case "Any":
        return yield* FromAny4(schema_, references_, value);
      case "Argument":
        return yield* FromArgument4(schema_, references_, value);
      case "Array":
        return yield* FromArray12(schema_, references_, value);
      case "AsyncIterator":
        return yield* FromAsyncIterator7(schema_, references_, value);
      case "BigInt":
        return yield* FromBigInt4(schema_, references_, value);
      case "Boolean":
        return yield* FromBoolean4(schema_, references_, value);
      case "Constructor":
        return yield* FromConstructor7(schema_, references_, value);
      case "Date":
        return yield* FromDate4(schema_, references_, value);
      case "Function":
        return yield* FromFunction7(schema_, references_, value);
      case "Import":
        return yield* FromImport6(schema_, references_, value);
      case "Integer":
        return yield* FromInteger4(schema_, references_, value);
      case "Intersect":
        return yield* FromIntersect14(schema_, references_, value);
      case "Iterator":
        return yield* FromIterator7(schema_, references_, value);
      case "Literal":
        return yield* FromLiteral5(schema_, references_, value);
      case "Never":
        return yield* FromNever4(schema_, references_, value);
      case "Not":
        return yield* FromNot7(schema_, references_, value);
      case "Null":
        return yield* FromNull4(schema_, references_, value);
      case "Number":
        return yield* FromNumber4(schema_, references_, value);
      case "Object":
        return yield* FromObject13(schema_, references_, value);
      case "Promise":
        return yield* FromPromise7(schema_, references_, value);
      case "Record":
        return yield* FromRecord9(schema_, references_, value);
      case "Ref":
        return yield* FromRef10(schema_, references_, value);
      case "RegExp":
        return yield* FromRegExp4(schema_, references_, value);
      case "String":
        return yield* FromString4(schema_, references_, value);
      case "Symbol":
        return yield* FromSymbol4(schema_, references_, value);
      case "TemplateLiteral":
        return yield* FromTemplateLiteral6(schema_, references_, value);
      case "This":
        return yield* FromThis6(schema_, references_, value);
      case "Tuple":
        return yield* FromTuple11(schema_, references_, value);
      case "Undefined":
        return yield* FromUndefined4(schema_, references_, value);
      case "Union":
        return yield* FromUnion16(schema_, references_, value);
      case "Uint8Array":
        return yield* FromUint8Array4(schema_, references_, value);
      case "Unknown":
        return yield* FromUnknown4(schema_, references_, value);
      case "Void":
        return yield* FromVoid4(schema_, references_, value);
      default:
        if (!type_exports.Has(schema_[Kind2]))
          throw new TypeCompilerUnknownTypeError(schema);
        return yield* FromKind3(schema_, references_, value);
    }
  }
  const state = {
    language: "javascript",
    // target language
    functions: /* @__PURE__ */ new Map(),
    // local functions
    variables: /* @__PURE__ */ new Map(),
    // local variables
    instances: /* @__PURE__ */ new Map()
    // exterior kind instances
  };
  function CreateExpression(schema, references, value, useHoisting = true) {
    return `(${[...Visit10(schema, references, value, useHoisting)].join(" && ")})`;
  }
  function CreateFunctionName($id) {
    return `check_${Identifier.Encode($id)}`;
  }
  function CreateVariable(expression) {
    const variableName = `local_${state.variables.size}`;
    state.variables.set(variableName, `const ${variableName} = ${expression}`);
    return variableName;
  }
  function CreateFunction(name, schema, references, value, useHoisting = true) {
    const [newline, pad] = ["\n", (length) => "".padStart(length, " ")];
    const parameter = CreateParameter("value", "any");
    const returns = CreateReturns("boolean");
    const expression = [...Visit10(schema, references, value, useHoisting)].map((expression2) => `${pad(4)}${expression2}`).join(` &&${newline}`);
    return `function ${name}(${parameter})${returns} {${newline}${pad(2)}return (${newline}${expression}${newline}${pad(2)})
}`;
  }
  function CreateParameter(name, type) {
    const annotation = state.language === "typescript" ? `: ${type}` : "";
    return `${name}${annotation}`;
  }
  function CreateReturns(type) {
    return state.language === "typescript" ? `: ${type}` : "";
  }
  function Build(schema, references, options) {
    const functionCode = CreateFunction("check", schema, references, "value");
    const parameter = CreateParameter("value", "any");
    const returns = CreateReturns("boolean");
    const functions = [...state.functions.values()];
    const variables = [...state.variables.values()];
    const checkFunction = IsString(schema.$id) ? `return function check(${parameter})${returns} {
  return ${CreateFunctionName(schema.$id)}(value)
}` : `return ${functionCode}`;
    return [...variables, ...functions, checkFunction].join("\n");
  }
  function Code(...args) {
    const defaults = { language: "javascript" };
    const [schema, references, options] = args.length === 2 && IsArray(args[1]) ? [args[0], args[1], defaults] : args.length === 2 && !IsArray(args[1]) ? [args[0], [], args[1]] : args.length === 3 ? [args[0], args[1], args[2]] : args.length === 1 ? [args[0], [], defaults] : [null, [], defaults];
    state.language = options.language;
    state.variables.clear();
    state.functions.clear();
    state.instances.clear();
    if (!IsSchema2(schema))
      throw new TypeCompilerTypeGuardError(schema);
    for (const schema2 of references)
      if (!IsSchema2(schema2))
        throw new TypeCompilerTypeGuardError(schema2);
    return Build(schema, references, options);
  }
  TypeCompiler2.Code = Code;
  function Compile(schema, references = []) {
    const generatedCode = Code(schema, references, { language: "javascript" });
    const compiledFunction = Evaluate("kind", "format", "hash", generatedCode);
    const instances = new Map(state.instances);
    function typeRegistryFunction(kind, instance, value) {
      if (!type_exports.Has(kind) || !instances.has(instance))
        return false;
      const checkFunc = type_exports.Get(kind);
      const schema2 = instances.get(instance);
      return checkFunc(schema2, value);
    }
    function formatRegistryFunction(format, value) {
      if (!format_exports.Has(format))
        return false;
      const checkFunc = format_exports.Get(format);
      return checkFunc(value);
    }
    function hashFunction(value) {
      return Hash(value);
    }
    const checkFunction = compiledFunction(typeRegistryFunction, formatRegistryFunction, hashFunction);
    return new TypeCheck(schema, references, checkFunction, generatedCode);
  }
  TypeCompiler2.Compile = Compile;
})(TypeCompiler || (TypeCompiler = {}));

// harness/scenario/load.ts
import { createRequire } from "node:module";

// node_modules/@sinclair/typebox/build/esm/type/clone/type.mjs
function CloneType(schema, options) {
  return options === void 0 ? Clone(schema) : Clone({ ...options, ...schema });
}

// node_modules/@sinclair/typebox/build/esm/type/argument/argument.mjs
function Argument(index) {
  return CreateType({ [Kind2]: "Argument", index });
}

// node_modules/@sinclair/typebox/build/esm/type/awaited/awaited.mjs
function FromComputed2(target, parameters) {
  return Computed("Awaited", [Computed(target, parameters)]);
}
function FromRef7($ref) {
  return Computed("Awaited", [Ref($ref)]);
}
function FromIntersect9(types) {
  return Intersect(FromRest4(types));
}
function FromUnion11(types) {
  return Union(FromRest4(types));
}
function FromPromise5(type) {
  return Awaited(type);
}
function FromRest4(types) {
  return types.map((type) => Awaited(type));
}
function Awaited(type, options) {
  return CreateType(IsComputed(type) ? FromComputed2(type.target, type.parameters) : IsIntersect(type) ? FromIntersect9(type.allOf) : IsUnion(type) ? FromUnion11(type.anyOf) : IsPromise2(type) ? FromPromise5(type.item) : IsRef(type) ? FromRef7(type.$ref) : type, options);
}

// node_modules/@sinclair/typebox/build/esm/type/composite/composite.mjs
function CompositeKeys(T) {
  const Acc = [];
  for (const L of T)
    Acc.push(...KeyOfPropertyKeys(L));
  return SetDistinct(Acc);
}
function FilterNever(T) {
  return T.filter((L) => !IsNever(L));
}
function CompositeProperty(T, K) {
  const Acc = [];
  for (const L of T)
    Acc.push(...IndexFromPropertyKeys(L, [K]));
  return FilterNever(Acc);
}
function CompositeProperties(T, K) {
  const Acc = {};
  for (const L of K) {
    Acc[L] = IntersectEvaluated(CompositeProperty(T, L));
  }
  return Acc;
}
function Composite(T, options) {
  const K = CompositeKeys(T);
  const P2 = CompositeProperties(T, K);
  const R = Object2(P2, options);
  return R;
}

// node_modules/@sinclair/typebox/build/esm/type/date/date.mjs
function Date2(options) {
  return CreateType({ [Kind2]: "Date", type: "Date" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/null/null.mjs
function Null(options) {
  return CreateType({ [Kind2]: "Null", type: "null" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/symbol/symbol.mjs
function Symbol2(options) {
  return CreateType({ [Kind2]: "Symbol", type: "symbol" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/undefined/undefined.mjs
function Undefined(options) {
  return CreateType({ [Kind2]: "Undefined", type: "undefined" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/uint8array/uint8array.mjs
function Uint8Array2(options) {
  return CreateType({ [Kind2]: "Uint8Array", type: "Uint8Array" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/const/const.mjs
function FromArray9(T) {
  return T.map((L) => FromValue(L, false));
}
function FromProperties8(value) {
  const Acc = {};
  for (const K of globalThis.Object.getOwnPropertyNames(value))
    Acc[K] = Readonly(FromValue(value[K], false));
  return Acc;
}
function ConditionalReadonly(T, root) {
  return root === true ? T : Readonly(T);
}
function FromValue(value, root) {
  return IsAsyncIterator2(value) ? ConditionalReadonly(Any(), root) : IsIterator2(value) ? ConditionalReadonly(Any(), root) : IsArray2(value) ? Readonly(Tuple(FromArray9(value))) : IsUint8Array2(value) ? Uint8Array2() : IsDate2(value) ? Date2() : IsObject2(value) ? ConditionalReadonly(Object2(FromProperties8(value)), root) : IsFunction2(value) ? ConditionalReadonly(Function([], Unknown()), root) : IsUndefined2(value) ? Undefined() : IsNull2(value) ? Null() : IsSymbol2(value) ? Symbol2() : IsBigInt2(value) ? BigInt2() : IsNumber2(value) ? Literal(value) : IsBoolean2(value) ? Literal(value) : IsString2(value) ? Literal(value) : Object2({});
}
function Const(T, options) {
  return CreateType(FromValue(T, true), options);
}

// node_modules/@sinclair/typebox/build/esm/type/constructor-parameters/constructor-parameters.mjs
function ConstructorParameters(schema, options) {
  return IsConstructor(schema) ? Tuple(schema.parameters, options) : Never(options);
}

// node_modules/@sinclair/typebox/build/esm/type/enum/enum.mjs
function Enum(item, options) {
  if (IsUndefined2(item))
    throw new Error("Enum undefined or empty");
  const values1 = globalThis.Object.getOwnPropertyNames(item).filter((key) => isNaN(key)).map((key) => item[key]);
  const values2 = [...new Set(values1)];
  const anyOf = values2.map((value) => Literal(value));
  return Union(anyOf, { ...options, [Hint]: "Enum" });
}

// node_modules/@sinclair/typebox/build/esm/type/exclude/exclude-from-template-literal.mjs
function ExcludeFromTemplateLiteral(L, R) {
  return Exclude(TemplateLiteralToUnion(L), R);
}

// node_modules/@sinclair/typebox/build/esm/type/exclude/exclude.mjs
function ExcludeRest(L, R) {
  const excluded = L.filter((inner) => ExtendsCheck(inner, R) === ExtendsResult.False);
  return excluded.length === 1 ? excluded[0] : Union(excluded);
}
function Exclude(L, R, options = {}) {
  if (IsTemplateLiteral(L))
    return CreateType(ExcludeFromTemplateLiteral(L, R), options);
  if (IsMappedResult(L))
    return CreateType(ExcludeFromMappedResult(L, R), options);
  return CreateType(IsUnion(L) ? ExcludeRest(L.anyOf, R) : ExtendsCheck(L, R) !== ExtendsResult.False ? Never() : L, options);
}

// node_modules/@sinclair/typebox/build/esm/type/exclude/exclude-from-mapped-result.mjs
function FromProperties9(P2, U) {
  const Acc = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(P2))
    Acc[K2] = Exclude(P2[K2], U);
  return Acc;
}
function FromMappedResult7(R, T) {
  return FromProperties9(R.properties, T);
}
function ExcludeFromMappedResult(R, T) {
  const P2 = FromMappedResult7(R, T);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/type/extract/extract-from-template-literal.mjs
function ExtractFromTemplateLiteral(L, R) {
  return Extract(TemplateLiteralToUnion(L), R);
}

// node_modules/@sinclair/typebox/build/esm/type/extract/extract.mjs
function ExtractRest(L, R) {
  const extracted = L.filter((inner) => ExtendsCheck(inner, R) !== ExtendsResult.False);
  return extracted.length === 1 ? extracted[0] : Union(extracted);
}
function Extract(L, R, options) {
  if (IsTemplateLiteral(L))
    return CreateType(ExtractFromTemplateLiteral(L, R), options);
  if (IsMappedResult(L))
    return CreateType(ExtractFromMappedResult(L, R), options);
  return CreateType(IsUnion(L) ? ExtractRest(L.anyOf, R) : ExtendsCheck(L, R) !== ExtendsResult.False ? L : Never(), options);
}

// node_modules/@sinclair/typebox/build/esm/type/extract/extract-from-mapped-result.mjs
function FromProperties10(P2, T) {
  const Acc = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(P2))
    Acc[K2] = Extract(P2[K2], T);
  return Acc;
}
function FromMappedResult8(R, T) {
  return FromProperties10(R.properties, T);
}
function ExtractFromMappedResult(R, T) {
  const P2 = FromMappedResult8(R, T);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/type/instance-type/instance-type.mjs
function InstanceType(schema, options) {
  return IsConstructor(schema) ? CreateType(schema.returns, options) : Never(options);
}

// node_modules/@sinclair/typebox/build/esm/type/readonly-optional/readonly-optional.mjs
function ReadonlyOptional(schema) {
  return Readonly(Optional(schema));
}

// node_modules/@sinclair/typebox/build/esm/type/record/record.mjs
function RecordCreateFromPattern(pattern, T, options) {
  return CreateType({ [Kind2]: "Record", type: "object", patternProperties: { [pattern]: T } }, options);
}
function RecordCreateFromKeys(K, T, options) {
  const result = {};
  for (const K2 of K)
    result[K2] = T;
  return Object2(result, { ...options, [Hint]: "Record" });
}
function FromTemplateLiteralKey(K, T, options) {
  return IsTemplateLiteralFinite(K) ? RecordCreateFromKeys(IndexPropertyKeys(K), T, options) : RecordCreateFromPattern(K.pattern, T, options);
}
function FromUnionKey(key, type, options) {
  return RecordCreateFromKeys(IndexPropertyKeys(Union(key)), type, options);
}
function FromLiteralKey(key, type, options) {
  return RecordCreateFromKeys([key.toString()], type, options);
}
function FromRegExpKey(key, type, options) {
  return RecordCreateFromPattern(key.source, type, options);
}
function FromStringKey(key, type, options) {
  const pattern = IsUndefined2(key.pattern) ? PatternStringExact : key.pattern;
  return RecordCreateFromPattern(pattern, type, options);
}
function FromAnyKey(_, type, options) {
  return RecordCreateFromPattern(PatternStringExact, type, options);
}
function FromNeverKey(_key, type, options) {
  return RecordCreateFromPattern(PatternNeverExact, type, options);
}
function FromBooleanKey(_key, type, options) {
  return Object2({ true: type, false: type }, options);
}
function FromIntegerKey(_key, type, options) {
  return RecordCreateFromPattern(PatternNumberExact, type, options);
}
function FromNumberKey(_, type, options) {
  return RecordCreateFromPattern(PatternNumberExact, type, options);
}
function Record(key, type, options = {}) {
  return IsUnion(key) ? FromUnionKey(key.anyOf, type, options) : IsTemplateLiteral(key) ? FromTemplateLiteralKey(key, type, options) : IsLiteral(key) ? FromLiteralKey(key.const, type, options) : IsBoolean3(key) ? FromBooleanKey(key, type, options) : IsInteger2(key) ? FromIntegerKey(key, type, options) : IsNumber3(key) ? FromNumberKey(key, type, options) : IsRegExp2(key) ? FromRegExpKey(key, type, options) : IsString3(key) ? FromStringKey(key, type, options) : IsAny(key) ? FromAnyKey(key, type, options) : IsNever(key) ? FromNeverKey(key, type, options) : Never(options);
}
function RecordPattern(record) {
  return globalThis.Object.getOwnPropertyNames(record.patternProperties)[0];
}
function RecordKey2(type) {
  const pattern = RecordPattern(type);
  return pattern === PatternStringExact ? String2() : pattern === PatternNumberExact ? Number2() : String2({ pattern });
}
function RecordValue2(type) {
  return type.patternProperties[RecordPattern(type)];
}

// node_modules/@sinclair/typebox/build/esm/type/instantiate/instantiate.mjs
function FromConstructor5(args, type) {
  type.parameters = FromTypes(args, type.parameters);
  type.returns = FromType(args, type.returns);
  return type;
}
function FromFunction5(args, type) {
  type.parameters = FromTypes(args, type.parameters);
  type.returns = FromType(args, type.returns);
  return type;
}
function FromIntersect10(args, type) {
  type.allOf = FromTypes(args, type.allOf);
  return type;
}
function FromUnion12(args, type) {
  type.anyOf = FromTypes(args, type.anyOf);
  return type;
}
function FromTuple9(args, type) {
  if (IsUndefined2(type.items))
    return type;
  type.items = FromTypes(args, type.items);
  return type;
}
function FromArray10(args, type) {
  type.items = FromType(args, type.items);
  return type;
}
function FromAsyncIterator5(args, type) {
  type.items = FromType(args, type.items);
  return type;
}
function FromIterator5(args, type) {
  type.items = FromType(args, type.items);
  return type;
}
function FromPromise6(args, type) {
  type.item = FromType(args, type.item);
  return type;
}
function FromObject7(args, type) {
  const mappedProperties = FromProperties11(args, type.properties);
  return { ...type, ...Object2(mappedProperties) };
}
function FromRecord7(args, type) {
  const mappedKey = FromType(args, RecordKey2(type));
  const mappedValue = FromType(args, RecordValue2(type));
  const result = Record(mappedKey, mappedValue);
  return { ...type, ...result };
}
function FromArgument3(args, argument) {
  return argument.index in args ? args[argument.index] : Unknown();
}
function FromProperty2(args, type) {
  const isReadonly = IsReadonly(type);
  const isOptional = IsOptional(type);
  const mapped = FromType(args, type);
  return isReadonly && isOptional ? ReadonlyOptional(mapped) : isReadonly && !isOptional ? Readonly(mapped) : !isReadonly && isOptional ? Optional(mapped) : mapped;
}
function FromProperties11(args, properties) {
  return globalThis.Object.getOwnPropertyNames(properties).reduce((result, key) => {
    return { ...result, [key]: FromProperty2(args, properties[key]) };
  }, {});
}
function FromTypes(args, types) {
  return types.map((type) => FromType(args, type));
}
function FromType(args, type) {
  return IsConstructor(type) ? FromConstructor5(args, type) : IsFunction3(type) ? FromFunction5(args, type) : IsIntersect(type) ? FromIntersect10(args, type) : IsUnion(type) ? FromUnion12(args, type) : IsTuple(type) ? FromTuple9(args, type) : IsArray3(type) ? FromArray10(args, type) : IsAsyncIterator3(type) ? FromAsyncIterator5(args, type) : IsIterator3(type) ? FromIterator5(args, type) : IsPromise2(type) ? FromPromise6(args, type) : IsObject3(type) ? FromObject7(args, type) : IsRecord(type) ? FromRecord7(args, type) : IsArgument(type) ? FromArgument3(args, type) : type;
}
function Instantiate(type, args) {
  return FromType(args, CloneType(type));
}

// node_modules/@sinclair/typebox/build/esm/type/integer/integer.mjs
function Integer(options) {
  return CreateType({ [Kind2]: "Integer", type: "integer" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/intrinsic/intrinsic-from-mapped-key.mjs
function MappedIntrinsicPropertyKey(K, M, options) {
  return {
    [K]: Intrinsic(Literal(K), M, Clone(options))
  };
}
function MappedIntrinsicPropertyKeys(K, M, options) {
  const result = K.reduce((Acc, L) => {
    return { ...Acc, ...MappedIntrinsicPropertyKey(L, M, options) };
  }, {});
  return result;
}
function MappedIntrinsicProperties(T, M, options) {
  return MappedIntrinsicPropertyKeys(T["keys"], M, options);
}
function IntrinsicFromMappedKey(T, M, options) {
  const P2 = MappedIntrinsicProperties(T, M, options);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/type/intrinsic/intrinsic.mjs
function ApplyUncapitalize(value) {
  const [first, rest] = [value.slice(0, 1), value.slice(1)];
  return [first.toLowerCase(), rest].join("");
}
function ApplyCapitalize(value) {
  const [first, rest] = [value.slice(0, 1), value.slice(1)];
  return [first.toUpperCase(), rest].join("");
}
function ApplyUppercase(value) {
  return value.toUpperCase();
}
function ApplyLowercase(value) {
  return value.toLowerCase();
}
function FromTemplateLiteral5(schema, mode, options) {
  const expression = TemplateLiteralParseExact(schema.pattern);
  const finite2 = IsTemplateLiteralExpressionFinite(expression);
  if (!finite2)
    return { ...schema, pattern: FromLiteralValue(schema.pattern, mode) };
  const strings = [...TemplateLiteralExpressionGenerate(expression)];
  const literals = strings.map((value) => Literal(value));
  const mapped = FromRest5(literals, mode);
  const union = Union(mapped);
  return TemplateLiteral([union], options);
}
function FromLiteralValue(value, mode) {
  return typeof value === "string" ? mode === "Uncapitalize" ? ApplyUncapitalize(value) : mode === "Capitalize" ? ApplyCapitalize(value) : mode === "Uppercase" ? ApplyUppercase(value) : mode === "Lowercase" ? ApplyLowercase(value) : value : value.toString();
}
function FromRest5(T, M) {
  return T.map((L) => Intrinsic(L, M));
}
function Intrinsic(schema, mode, options = {}) {
  return (
    // Intrinsic-Mapped-Inference
    IsMappedKey(schema) ? IntrinsicFromMappedKey(schema, mode, options) : (
      // Standard-Inference
      IsTemplateLiteral(schema) ? FromTemplateLiteral5(schema, mode, options) : IsUnion(schema) ? Union(FromRest5(schema.anyOf, mode), options) : IsLiteral(schema) ? Literal(FromLiteralValue(schema.const, mode), options) : (
        // Default Type
        CreateType(schema, options)
      )
    )
  );
}

// node_modules/@sinclair/typebox/build/esm/type/intrinsic/capitalize.mjs
function Capitalize(T, options = {}) {
  return Intrinsic(T, "Capitalize", options);
}

// node_modules/@sinclair/typebox/build/esm/type/intrinsic/lowercase.mjs
function Lowercase(T, options = {}) {
  return Intrinsic(T, "Lowercase", options);
}

// node_modules/@sinclair/typebox/build/esm/type/intrinsic/uncapitalize.mjs
function Uncapitalize(T, options = {}) {
  return Intrinsic(T, "Uncapitalize", options);
}

// node_modules/@sinclair/typebox/build/esm/type/intrinsic/uppercase.mjs
function Uppercase(T, options = {}) {
  return Intrinsic(T, "Uppercase", options);
}

// node_modules/@sinclair/typebox/build/esm/type/omit/omit-from-mapped-result.mjs
function FromProperties12(properties, propertyKeys, options) {
  const result = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(properties))
    result[K2] = Omit(properties[K2], propertyKeys, Clone(options));
  return result;
}
function FromMappedResult9(mappedResult, propertyKeys, options) {
  return FromProperties12(mappedResult.properties, propertyKeys, options);
}
function OmitFromMappedResult(mappedResult, propertyKeys, options) {
  const properties = FromMappedResult9(mappedResult, propertyKeys, options);
  return MappedResult(properties);
}

// node_modules/@sinclair/typebox/build/esm/type/omit/omit.mjs
function FromIntersect11(types, propertyKeys) {
  return types.map((type) => OmitResolve(type, propertyKeys));
}
function FromUnion13(types, propertyKeys) {
  return types.map((type) => OmitResolve(type, propertyKeys));
}
function FromProperty3(properties, key) {
  const { [key]: _, ...R } = properties;
  return R;
}
function FromProperties13(properties, propertyKeys) {
  return propertyKeys.reduce((T, K2) => FromProperty3(T, K2), properties);
}
function FromObject8(type, propertyKeys, properties) {
  const options = Discard(type, [TransformKind, "$id", "required", "properties"]);
  const mappedProperties = FromProperties13(properties, propertyKeys);
  return Object2(mappedProperties, options);
}
function UnionFromPropertyKeys(propertyKeys) {
  const result = propertyKeys.reduce((result2, key) => IsLiteralValue(key) ? [...result2, Literal(key)] : result2, []);
  return Union(result);
}
function OmitResolve(type, propertyKeys) {
  return IsIntersect(type) ? Intersect(FromIntersect11(type.allOf, propertyKeys)) : IsUnion(type) ? Union(FromUnion13(type.anyOf, propertyKeys)) : IsObject3(type) ? FromObject8(type, propertyKeys, type.properties) : Object2({});
}
function Omit(type, key, options) {
  const typeKey = IsArray2(key) ? UnionFromPropertyKeys(key) : key;
  const propertyKeys = IsSchema(key) ? IndexPropertyKeys(key) : key;
  const isTypeRef = IsRef(type);
  const isKeyRef = IsRef(key);
  return IsMappedResult(type) ? OmitFromMappedResult(type, propertyKeys, options) : IsMappedKey(key) ? OmitFromMappedKey(type, key, options) : isTypeRef && isKeyRef ? Computed("Omit", [type, typeKey], options) : !isTypeRef && isKeyRef ? Computed("Omit", [type, typeKey], options) : isTypeRef && !isKeyRef ? Computed("Omit", [type, typeKey], options) : CreateType({ ...OmitResolve(type, propertyKeys), ...options });
}

// node_modules/@sinclair/typebox/build/esm/type/omit/omit-from-mapped-key.mjs
function FromPropertyKey2(type, key, options) {
  return { [key]: Omit(type, [key], Clone(options)) };
}
function FromPropertyKeys2(type, propertyKeys, options) {
  return propertyKeys.reduce((Acc, LK) => {
    return { ...Acc, ...FromPropertyKey2(type, LK, options) };
  }, {});
}
function FromMappedKey3(type, mappedKey, options) {
  return FromPropertyKeys2(type, mappedKey.keys, options);
}
function OmitFromMappedKey(type, mappedKey, options) {
  const properties = FromMappedKey3(type, mappedKey, options);
  return MappedResult(properties);
}

// node_modules/@sinclair/typebox/build/esm/type/pick/pick-from-mapped-result.mjs
function FromProperties14(properties, propertyKeys, options) {
  const result = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(properties))
    result[K2] = Pick(properties[K2], propertyKeys, Clone(options));
  return result;
}
function FromMappedResult10(mappedResult, propertyKeys, options) {
  return FromProperties14(mappedResult.properties, propertyKeys, options);
}
function PickFromMappedResult(mappedResult, propertyKeys, options) {
  const properties = FromMappedResult10(mappedResult, propertyKeys, options);
  return MappedResult(properties);
}

// node_modules/@sinclair/typebox/build/esm/type/pick/pick.mjs
function FromIntersect12(types, propertyKeys) {
  return types.map((type) => PickResolve(type, propertyKeys));
}
function FromUnion14(types, propertyKeys) {
  return types.map((type) => PickResolve(type, propertyKeys));
}
function FromProperties15(properties, propertyKeys) {
  const result = {};
  for (const K2 of propertyKeys)
    if (K2 in properties)
      result[K2] = properties[K2];
  return result;
}
function FromObject9(Type2, keys, properties) {
  const options = Discard(Type2, [TransformKind, "$id", "required", "properties"]);
  const mappedProperties = FromProperties15(properties, keys);
  return Object2(mappedProperties, options);
}
function UnionFromPropertyKeys2(propertyKeys) {
  const result = propertyKeys.reduce((result2, key) => IsLiteralValue(key) ? [...result2, Literal(key)] : result2, []);
  return Union(result);
}
function PickResolve(type, propertyKeys) {
  return IsIntersect(type) ? Intersect(FromIntersect12(type.allOf, propertyKeys)) : IsUnion(type) ? Union(FromUnion14(type.anyOf, propertyKeys)) : IsObject3(type) ? FromObject9(type, propertyKeys, type.properties) : Object2({});
}
function Pick(type, key, options) {
  const typeKey = IsArray2(key) ? UnionFromPropertyKeys2(key) : key;
  const propertyKeys = IsSchema(key) ? IndexPropertyKeys(key) : key;
  const isTypeRef = IsRef(type);
  const isKeyRef = IsRef(key);
  return IsMappedResult(type) ? PickFromMappedResult(type, propertyKeys, options) : IsMappedKey(key) ? PickFromMappedKey(type, key, options) : isTypeRef && isKeyRef ? Computed("Pick", [type, typeKey], options) : !isTypeRef && isKeyRef ? Computed("Pick", [type, typeKey], options) : isTypeRef && !isKeyRef ? Computed("Pick", [type, typeKey], options) : CreateType({ ...PickResolve(type, propertyKeys), ...options });
}

// node_modules/@sinclair/typebox/build/esm/type/pick/pick-from-mapped-key.mjs
function FromPropertyKey3(type, key, options) {
  return {
    [key]: Pick(type, [key], Clone(options))
  };
}
function FromPropertyKeys3(type, propertyKeys, options) {
  return propertyKeys.reduce((result, leftKey) => {
    return { ...result, ...FromPropertyKey3(type, leftKey, options) };
  }, {});
}
function FromMappedKey4(type, mappedKey, options) {
  return FromPropertyKeys3(type, mappedKey.keys, options);
}
function PickFromMappedKey(type, mappedKey, options) {
  const properties = FromMappedKey4(type, mappedKey, options);
  return MappedResult(properties);
}

// node_modules/@sinclair/typebox/build/esm/type/partial/partial.mjs
function FromComputed3(target, parameters) {
  return Computed("Partial", [Computed(target, parameters)]);
}
function FromRef8($ref) {
  return Computed("Partial", [Ref($ref)]);
}
function FromProperties16(properties) {
  const partialProperties = {};
  for (const K of globalThis.Object.getOwnPropertyNames(properties))
    partialProperties[K] = Optional(properties[K]);
  return partialProperties;
}
function FromObject10(type, properties) {
  const options = Discard(type, [TransformKind, "$id", "required", "properties"]);
  const mappedProperties = FromProperties16(properties);
  return Object2(mappedProperties, options);
}
function FromRest6(types) {
  return types.map((type) => PartialResolve(type));
}
function PartialResolve(type) {
  return (
    // Mappable
    IsComputed(type) ? FromComputed3(type.target, type.parameters) : IsRef(type) ? FromRef8(type.$ref) : IsIntersect(type) ? Intersect(FromRest6(type.allOf)) : IsUnion(type) ? Union(FromRest6(type.anyOf)) : IsObject3(type) ? FromObject10(type, type.properties) : (
      // Intrinsic
      IsBigInt3(type) ? type : IsBoolean3(type) ? type : IsInteger2(type) ? type : IsLiteral(type) ? type : IsNull3(type) ? type : IsNumber3(type) ? type : IsString3(type) ? type : IsSymbol3(type) ? type : IsUndefined3(type) ? type : (
        // Passthrough
        Object2({})
      )
    )
  );
}
function Partial(type, options) {
  if (IsMappedResult(type)) {
    return PartialFromMappedResult(type, options);
  } else {
    return CreateType({ ...PartialResolve(type), ...options });
  }
}

// node_modules/@sinclair/typebox/build/esm/type/partial/partial-from-mapped-result.mjs
function FromProperties17(K, options) {
  const Acc = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(K))
    Acc[K2] = Partial(K[K2], Clone(options));
  return Acc;
}
function FromMappedResult11(R, options) {
  return FromProperties17(R.properties, options);
}
function PartialFromMappedResult(R, options) {
  const P2 = FromMappedResult11(R, options);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/type/required/required.mjs
function FromComputed4(target, parameters) {
  return Computed("Required", [Computed(target, parameters)]);
}
function FromRef9($ref) {
  return Computed("Required", [Ref($ref)]);
}
function FromProperties18(properties) {
  const requiredProperties = {};
  for (const K of globalThis.Object.getOwnPropertyNames(properties))
    requiredProperties[K] = Discard(properties[K], [OptionalKind]);
  return requiredProperties;
}
function FromObject11(type, properties) {
  const options = Discard(type, [TransformKind, "$id", "required", "properties"]);
  const mappedProperties = FromProperties18(properties);
  return Object2(mappedProperties, options);
}
function FromRest7(types) {
  return types.map((type) => RequiredResolve(type));
}
function RequiredResolve(type) {
  return (
    // Mappable
    IsComputed(type) ? FromComputed4(type.target, type.parameters) : IsRef(type) ? FromRef9(type.$ref) : IsIntersect(type) ? Intersect(FromRest7(type.allOf)) : IsUnion(type) ? Union(FromRest7(type.anyOf)) : IsObject3(type) ? FromObject11(type, type.properties) : (
      // Intrinsic
      IsBigInt3(type) ? type : IsBoolean3(type) ? type : IsInteger2(type) ? type : IsLiteral(type) ? type : IsNull3(type) ? type : IsNumber3(type) ? type : IsString3(type) ? type : IsSymbol3(type) ? type : IsUndefined3(type) ? type : (
        // Passthrough
        Object2({})
      )
    )
  );
}
function Required(type, options) {
  if (IsMappedResult(type)) {
    return RequiredFromMappedResult(type, options);
  } else {
    return CreateType({ ...RequiredResolve(type), ...options });
  }
}

// node_modules/@sinclair/typebox/build/esm/type/required/required-from-mapped-result.mjs
function FromProperties19(P2, options) {
  const Acc = {};
  for (const K2 of globalThis.Object.getOwnPropertyNames(P2))
    Acc[K2] = Required(P2[K2], options);
  return Acc;
}
function FromMappedResult12(R, options) {
  return FromProperties19(R.properties, options);
}
function RequiredFromMappedResult(R, options) {
  const P2 = FromMappedResult12(R, options);
  return MappedResult(P2);
}

// node_modules/@sinclair/typebox/build/esm/type/module/compute.mjs
function DereferenceParameters(moduleProperties, types) {
  return types.map((type) => {
    return IsRef(type) ? Dereference(moduleProperties, type.$ref) : FromType2(moduleProperties, type);
  });
}
function Dereference(moduleProperties, ref) {
  return ref in moduleProperties ? IsRef(moduleProperties[ref]) ? Dereference(moduleProperties, moduleProperties[ref].$ref) : FromType2(moduleProperties, moduleProperties[ref]) : Never();
}
function FromAwaited(parameters) {
  return Awaited(parameters[0]);
}
function FromIndex(parameters) {
  return Index(parameters[0], parameters[1]);
}
function FromKeyOf(parameters) {
  return KeyOf(parameters[0]);
}
function FromPartial(parameters) {
  return Partial(parameters[0]);
}
function FromOmit(parameters) {
  return Omit(parameters[0], parameters[1]);
}
function FromPick(parameters) {
  return Pick(parameters[0], parameters[1]);
}
function FromRequired(parameters) {
  return Required(parameters[0]);
}
function FromComputed5(moduleProperties, target, parameters) {
  const dereferenced = DereferenceParameters(moduleProperties, parameters);
  return target === "Awaited" ? FromAwaited(dereferenced) : target === "Index" ? FromIndex(dereferenced) : target === "KeyOf" ? FromKeyOf(dereferenced) : target === "Partial" ? FromPartial(dereferenced) : target === "Omit" ? FromOmit(dereferenced) : target === "Pick" ? FromPick(dereferenced) : target === "Required" ? FromRequired(dereferenced) : Never();
}
function FromArray11(moduleProperties, type) {
  return Array2(FromType2(moduleProperties, type));
}
function FromAsyncIterator6(moduleProperties, type) {
  return AsyncIterator(FromType2(moduleProperties, type));
}
function FromConstructor6(moduleProperties, parameters, instanceType) {
  return Constructor(FromTypes2(moduleProperties, parameters), FromType2(moduleProperties, instanceType));
}
function FromFunction6(moduleProperties, parameters, returnType) {
  return Function(FromTypes2(moduleProperties, parameters), FromType2(moduleProperties, returnType));
}
function FromIntersect13(moduleProperties, types) {
  return Intersect(FromTypes2(moduleProperties, types));
}
function FromIterator6(moduleProperties, type) {
  return Iterator(FromType2(moduleProperties, type));
}
function FromObject12(moduleProperties, properties) {
  return Object2(globalThis.Object.keys(properties).reduce((result, key) => {
    return { ...result, [key]: FromType2(moduleProperties, properties[key]) };
  }, {}));
}
function FromRecord8(moduleProperties, type) {
  const [value, pattern] = [FromType2(moduleProperties, RecordValue2(type)), RecordPattern(type)];
  const result = CloneType(type);
  result.patternProperties[pattern] = value;
  return result;
}
function FromTransform(moduleProperties, transform) {
  return IsRef(transform) ? { ...Dereference(moduleProperties, transform.$ref), [TransformKind]: transform[TransformKind] } : transform;
}
function FromTuple10(moduleProperties, types) {
  return Tuple(FromTypes2(moduleProperties, types));
}
function FromUnion15(moduleProperties, types) {
  return Union(FromTypes2(moduleProperties, types));
}
function FromTypes2(moduleProperties, types) {
  return types.map((type) => FromType2(moduleProperties, type));
}
function FromType2(moduleProperties, type) {
  return (
    // Modifiers
    IsOptional(type) ? CreateType(FromType2(moduleProperties, Discard(type, [OptionalKind])), type) : IsReadonly(type) ? CreateType(FromType2(moduleProperties, Discard(type, [ReadonlyKind])), type) : (
      // Transform
      IsTransform(type) ? CreateType(FromTransform(moduleProperties, type), type) : (
        // Types
        IsArray3(type) ? CreateType(FromArray11(moduleProperties, type.items), type) : IsAsyncIterator3(type) ? CreateType(FromAsyncIterator6(moduleProperties, type.items), type) : IsComputed(type) ? CreateType(FromComputed5(moduleProperties, type.target, type.parameters)) : IsConstructor(type) ? CreateType(FromConstructor6(moduleProperties, type.parameters, type.returns), type) : IsFunction3(type) ? CreateType(FromFunction6(moduleProperties, type.parameters, type.returns), type) : IsIntersect(type) ? CreateType(FromIntersect13(moduleProperties, type.allOf), type) : IsIterator3(type) ? CreateType(FromIterator6(moduleProperties, type.items), type) : IsObject3(type) ? CreateType(FromObject12(moduleProperties, type.properties), type) : IsRecord(type) ? CreateType(FromRecord8(moduleProperties, type)) : IsTuple(type) ? CreateType(FromTuple10(moduleProperties, type.items || []), type) : IsUnion(type) ? CreateType(FromUnion15(moduleProperties, type.anyOf), type) : type
      )
    )
  );
}
function ComputeType(moduleProperties, key) {
  return key in moduleProperties ? FromType2(moduleProperties, moduleProperties[key]) : Never();
}
function ComputeModuleProperties(moduleProperties) {
  return globalThis.Object.getOwnPropertyNames(moduleProperties).reduce((result, key) => {
    return { ...result, [key]: ComputeType(moduleProperties, key) };
  }, {});
}

// node_modules/@sinclair/typebox/build/esm/type/module/module.mjs
var TModule = class {
  constructor($defs) {
    const computed = ComputeModuleProperties($defs);
    const identified = this.WithIdentifiers(computed);
    this.$defs = identified;
  }
  /** `[Json]` Imports a Type by Key. */
  Import(key, options) {
    const $defs = { ...this.$defs, [key]: CreateType(this.$defs[key], options) };
    return CreateType({ [Kind2]: "Import", $defs, $ref: key });
  }
  // prettier-ignore
  WithIdentifiers($defs) {
    return globalThis.Object.getOwnPropertyNames($defs).reduce((result, key) => {
      return { ...result, [key]: { ...$defs[key], $id: key } };
    }, {});
  }
};
function Module(properties) {
  return new TModule(properties);
}

// node_modules/@sinclair/typebox/build/esm/type/not/not.mjs
function Not2(type, options) {
  return CreateType({ [Kind2]: "Not", not: type }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/parameters/parameters.mjs
function Parameters(schema, options) {
  return IsFunction3(schema) ? Tuple(schema.parameters, options) : Never();
}

// node_modules/@sinclair/typebox/build/esm/type/recursive/recursive.mjs
var Ordinal = 0;
function Recursive(callback, options = {}) {
  if (IsUndefined2(options.$id))
    options.$id = `T${Ordinal++}`;
  const thisType = CloneType(callback({ [Kind2]: "This", $ref: `${options.$id}` }));
  thisType.$id = options.$id;
  return CreateType({ [Hint]: "Recursive", ...thisType }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/regexp/regexp.mjs
function RegExp2(unresolved, options) {
  const expr = IsString2(unresolved) ? new globalThis.RegExp(unresolved) : unresolved;
  return CreateType({ [Kind2]: "RegExp", type: "RegExp", source: expr.source, flags: expr.flags }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/rest/rest.mjs
function RestResolve(T) {
  return IsIntersect(T) ? T.allOf : IsUnion(T) ? T.anyOf : IsTuple(T) ? T.items ?? [] : [];
}
function Rest(T) {
  return RestResolve(T);
}

// node_modules/@sinclair/typebox/build/esm/type/return-type/return-type.mjs
function ReturnType(schema, options) {
  return IsFunction3(schema) ? CreateType(schema.returns, options) : Never(options);
}

// node_modules/@sinclair/typebox/build/esm/type/transform/transform.mjs
var TransformDecodeBuilder = class {
  constructor(schema) {
    this.schema = schema;
  }
  Decode(decode) {
    return new TransformEncodeBuilder(this.schema, decode);
  }
};
var TransformEncodeBuilder = class {
  constructor(schema, decode) {
    this.schema = schema;
    this.decode = decode;
  }
  EncodeTransform(encode, schema) {
    const Encode = (value) => schema[TransformKind].Encode(encode(value));
    const Decode = (value) => this.decode(schema[TransformKind].Decode(value));
    const Codec = { Encode, Decode };
    return { ...schema, [TransformKind]: Codec };
  }
  EncodeSchema(encode, schema) {
    const Codec = { Decode: this.decode, Encode: encode };
    return { ...schema, [TransformKind]: Codec };
  }
  Encode(encode) {
    return IsTransform(this.schema) ? this.EncodeTransform(encode, this.schema) : this.EncodeSchema(encode, this.schema);
  }
};
function Transform(schema) {
  return new TransformDecodeBuilder(schema);
}

// node_modules/@sinclair/typebox/build/esm/type/void/void.mjs
function Void(options) {
  return CreateType({ [Kind2]: "Void", type: "void" }, options);
}

// node_modules/@sinclair/typebox/build/esm/type/type/type.mjs
var type_exports3 = {};
__export(type_exports3, {
  Any: () => Any,
  Argument: () => Argument,
  Array: () => Array2,
  AsyncIterator: () => AsyncIterator,
  Awaited: () => Awaited,
  BigInt: () => BigInt2,
  Boolean: () => Boolean,
  Capitalize: () => Capitalize,
  Composite: () => Composite,
  Const: () => Const,
  Constructor: () => Constructor,
  ConstructorParameters: () => ConstructorParameters,
  Date: () => Date2,
  Enum: () => Enum,
  Exclude: () => Exclude,
  Extends: () => Extends,
  Extract: () => Extract,
  Function: () => Function,
  Index: () => Index,
  InstanceType: () => InstanceType,
  Instantiate: () => Instantiate,
  Integer: () => Integer,
  Intersect: () => Intersect,
  Iterator: () => Iterator,
  KeyOf: () => KeyOf,
  Literal: () => Literal,
  Lowercase: () => Lowercase,
  Mapped: () => Mapped,
  Module: () => Module,
  Never: () => Never,
  Not: () => Not2,
  Null: () => Null,
  Number: () => Number2,
  Object: () => Object2,
  Omit: () => Omit,
  Optional: () => Optional,
  Parameters: () => Parameters,
  Partial: () => Partial,
  Pick: () => Pick,
  Promise: () => Promise2,
  Readonly: () => Readonly,
  ReadonlyOptional: () => ReadonlyOptional,
  Record: () => Record,
  Recursive: () => Recursive,
  Ref: () => Ref,
  RegExp: () => RegExp2,
  Required: () => Required,
  Rest: () => Rest,
  ReturnType: () => ReturnType,
  String: () => String2,
  Symbol: () => Symbol2,
  TemplateLiteral: () => TemplateLiteral,
  Transform: () => Transform,
  Tuple: () => Tuple,
  Uint8Array: () => Uint8Array2,
  Uncapitalize: () => Uncapitalize,
  Undefined: () => Undefined,
  Union: () => Union,
  Unknown: () => Unknown,
  Unsafe: () => Unsafe,
  Uppercase: () => Uppercase,
  Void: () => Void
});

// node_modules/@sinclair/typebox/build/esm/type/type/index.mjs
var Type = type_exports3;

// harness/scenario/schema.ts
var Int = (o = {}) => Type.Integer(o);
var Num = (o = {}) => Type.Number(o);
var ModuleRef = Type.Object(
  {
    name: Type.String({ description: "module name" }),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "constructor parameters in the module's own units" }))
  },
  { additionalProperties: false }
);
var TopologySchema = Type.Object(
  {
    kind: Type.Union([Type.Literal("fattree"), Type.Literal("leafspine"), Type.Literal("dragonfly"), Type.Literal("slimfly"), Type.Literal("twodc")]),
    tiers: Type.Optional(Type.Union([Type.Literal(2), Type.Literal(3)])),
    k: Type.Optional(Int({ minimum: 2, maximum: 128 })),
    oversubscription: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 64 })),
    leaves: Type.Optional(Int({ minimum: 1, maximum: 4096 })),
    spines: Type.Optional(Int({ minimum: 1, maximum: 4096 })),
    hostsPerLeaf: Type.Optional(Int({ minimum: 1, maximum: 4096 })),
    p: Type.Optional(Int({ minimum: 1, maximum: 256 })),
    a: Type.Optional(Int({ minimum: 2, maximum: 256 })),
    h: Type.Optional(Int({ minimum: 1, maximum: 256 })),
    q: Type.Optional(Int({ minimum: 3, maximum: 181 })),
    linkGbps: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 2e3 })),
    hostGbps: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 2e3 })),
    latencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e9 })),
    hostLatencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e9 })),
    globalLatencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e9 })),
    switchLatencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e9 })),
    wanGbps: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 1e5 })),
    wanLatencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e10 }))
  },
  { additionalProperties: false }
);
var NetworkSchema = Type.Object(
  {
    mtuBytes: Type.Optional(Int({ minimum: 128, maximum: 65535 })),
    headerBytes: Type.Optional(Int({ minimum: 1, maximum: 1024 })),
    ackBytes: Type.Optional(Int({ minimum: 1, maximum: 1024 })),
    routing: Type.Optional(
      Type.Union([Type.Literal("ecmp"), Type.Literal("adaptive"), Type.Literal("valiant"), Type.Literal("minimal"), Type.Literal("spritz"), Type.Literal("ugal")])
    ),
    trimming: Type.Optional(Type.Boolean()),
    bufferBdp: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 1e3 })),
    bufferBytes: Type.Optional(Int({ minimum: 1, maximum: 2 ** 30 })),
    ecnMinFraction: Type.Optional(Num({ minimum: 0, maximum: 1 })),
    ecnMaxFraction: Type.Optional(Num({ minimum: 0, maximum: 1 })),
    queue: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "lib/switch PortQueues parameters" })),
    controlWeight: Type.Optional(Int({ minimum: 1, maximum: 1e6 })),
    rxGbps: Type.Optional(Num({ minimum: 0, maximum: 2e3 })),
    rxBufferBytes: Type.Optional(Int({ minimum: 1, maximum: 2 ** 30 })),
    packetPool: Type.Optional(Int({ minimum: 16, maximum: 2 ** 24 }))
  },
  { additionalProperties: false }
);
var TransportSchema = Type.Object(
  {
    cc: Type.Optional(ModuleRef),
    lb: Type.Optional(ModuleRef),
    reliability: Type.Optional(ModuleRef),
    ackEveryBytes: Type.Optional(Int({ minimum: 0, maximum: 2 ** 30 }))
  },
  { additionalProperties: false }
);
var FlowSchema = Type.Object(
  {
    src: Int({ minimum: 0 }),
    dst: Int({ minimum: 0 }),
    bytes: Int({ minimum: 1, maximum: 2 ** 31 - 1 }),
    startUs: Type.Optional(Num({ minimum: 0 }))
  },
  { additionalProperties: false }
);
var TrafficSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal("incast"), Type.Literal("permutation"), Type.Literal("matrix"), Type.Literal("flows")]),
    bytes: Type.Optional(Int({ minimum: 1, maximum: 2 ** 31 - 1 })),
    senders: Type.Optional(Int({ minimum: 1 })),
    senderList: Type.Optional(Type.Array(Int({ minimum: 0 }))),
    receiver: Type.Optional(Int({ minimum: 0 })),
    startUs: Type.Optional(Num({ minimum: 0 })),
    file: Type.Optional(Type.String()),
    flows: Type.Optional(Type.Array(FlowSchema)),
    cc: Type.Optional(ModuleRef),
    lb: Type.Optional(ModuleRef)
  },
  { additionalProperties: false }
);
var RunSchema = Type.Object(
  {
    endUs: Type.Optional(Num({ exclusiveMinimum: 0 }))
  },
  { additionalProperties: false }
);
var ScenarioSchema = Type.Object(
  {
    name: Type.Optional(Type.String()),
    seed: Type.Optional(Int({ minimum: 0, maximum: 2 ** 32 - 1 })),
    topology: TopologySchema,
    network: Type.Optional(NetworkSchema),
    transport: Type.Optional(TransportSchema),
    traffic: Type.Array(TrafficSchema, { minItems: 1 }),
    run: Type.Optional(RunSchema)
  },
  { additionalProperties: false }
);

// harness/scenario/load.ts
var ScenarioError = class extends Error {
  constructor(source, errors) {
    super(`${source}: invalid scenario
${errors.map((e) => `  ${e}`).join("\n")}`);
    this.errors = errors;
  }
};
var check = TypeCompiler.Compile(ScenarioSchema);
function fieldPath(pointer) {
  if (pointer === "" || pointer === "/") return "(scenario)";
  let out = "";
  for (const part of pointer.split("/").slice(1)) {
    const p = part.replace(/~1/g, "/").replace(/~0/g, "~");
    out += /^\d+$/.test(p) ? `[${p}]` : out === "" ? p : `.${p}`;
  }
  return out;
}
function schemaAt(pointer) {
  let s = ScenarioSchema;
  for (const part of pointer.split("/").slice(1)) {
    if (!s) return void 0;
    if (s.type === "array") s = s.items;
    else if (s.type === "object") s = s.properties?.[part];
    else return void 0;
    if (s && s.anyOf && !s.anyOf.every((x) => "const" in x)) s = s.anyOf.find((x) => x.type === "object" || x.type === "array") ?? s;
  }
  return s;
}
function describe(pointer, message, value) {
  const s = schemaAt(pointer);
  if (s?.anyOf && s.anyOf.every((x) => "const" in x)) {
    return `expected one of ${s.anyOf.map((x) => JSON.stringify(x.const)).join(", ")}, got ${JSON.stringify(value)}`;
  }
  const m = message.charAt(0).toLowerCase() + message.slice(1);
  return value === void 0 ? m : `${m}, got ${JSON.stringify(value)}`;
}
function parseYaml(text) {
  const req = createRequire(import.meta.url);
  return req("yaml").parse(text);
}
function parseScenarioText(text, name) {
  const json = name.endsWith(".json") || !/\.ya?ml$/.test(name) && text.trimStart().startsWith("{");
  try {
    return json ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new ScenarioError(name, [`(file): not valid ${json ? "JSON" : "YAML"}: ${e.message.split("\n")[0]}`]);
  }
}
function validateScenario(doc, name = "scenario") {
  const errors = [];
  const seen = /* @__PURE__ */ new Set();
  for (const e of check.Errors(doc)) {
    const key = `${e.path}|${e.message}`;
    if (seen.has(e.path)) continue;
    seen.add(key);
    seen.add(e.path);
    const text = e.value === void 0 ? /required property/i.test(e.message) ? "required" : `required (${describe(e.path, e.message, void 0)})` : describe(e.path, e.message, e.value);
    errors.push(`${fieldPath(e.path)}: ${text}`);
  }
  if (errors.length > 0) throw new ScenarioError(name, errors);
  const s = doc;
  crossCheck(s, errors);
  if (errors.length > 0) throw new ScenarioError(name, errors);
  return s;
}
function need11(errors, ok, path, what) {
  if (!ok) errors.push(`${path}: ${what}`);
}
function crossCheck(s, errors) {
  const t = s.topology;
  const req = (field, kind) => need11(errors, t[field] !== void 0, `topology.${String(field)}`, `required for a ${kind} topology`);
  switch (t.kind) {
    case "fattree":
      req("k", "fattree");
      need11(errors, t.k === void 0 || t.k % 2 === 0, "topology.k", `expected an even number, got ${t.k}`);
      break;
    case "leafspine":
      req("leaves", "leafspine");
      req("spines", "leafspine");
      req("hostsPerLeaf", "leafspine");
      break;
    case "dragonfly":
      req("p", "dragonfly");
      req("a", "dragonfly");
      req("h", "dragonfly");
      break;
    case "slimfly":
      req("q", "slimfly");
      req("p", "slimfly");
      break;
    case "twodc":
      break;
  }
  const n = s.network ?? {};
  need11(errors, (n.ecnMinFraction ?? 0.2) <= (n.ecnMaxFraction ?? 0.8), "network.ecnMinFraction", "must not exceed network.ecnMaxFraction");
  need11(errors, (n.headerBytes ?? 64) < (n.mtuBytes ?? 4150), "network.headerBytes", "must be smaller than network.mtuBytes");
  need11(errors, !(n.bufferBdp !== void 0 && n.bufferBytes !== void 0), "network.bufferBytes", "give bufferBdp or bufferBytes, not both");
  const tr = s.transport ?? {};
  const known = (ref, names, path) => {
    if (ref) need11(errors, names.indexOf(ref.name) >= 0, `${path}.name`, `expected one of ${names.map((x) => JSON.stringify(x)).join(", ")}, got ${JSON.stringify(ref.name)}`);
  };
  known(tr.cc, CC_NAMES, "transport.cc");
  known(tr.lb, LB_NAMES, "transport.lb");
  known(tr.reliability, RELIABILITY_NAMES, "transport.reliability");
  s.traffic.forEach((x, i) => {
    const p = `traffic[${i}]`;
    known(x.cc, CC_NAMES, `${p}.cc`);
    known(x.lb, LB_NAMES, `${p}.lb`);
    if (x.kind === "incast") {
      need11(errors, x.bytes !== void 0, `${p}.bytes`, "required for incast traffic");
      need11(errors, x.senders !== void 0 || x.senderList !== void 0, `${p}.senders`, "required for incast traffic (or senderList)");
    } else if (x.kind === "permutation") {
      need11(errors, x.bytes !== void 0, `${p}.bytes`, "required for permutation traffic");
    } else if (x.kind === "matrix") {
      need11(errors, x.file !== void 0, `${p}.file`, "required for matrix traffic (an htsim .cm file)");
    } else if (x.kind === "flows") {
      need11(errors, x.flows !== void 0 && x.flows.length > 0, `${p}.flows`, "required for flows traffic (a non-empty list)");
    }
  });
}
function loadScenario(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new ScenarioError(path, [`(file): cannot read: ${e.message}`]);
  }
  return validateScenario(parseScenarioText(text, path), path);
}

// harness/scenario/build.ts
var ROUTING = {
  ecmp: 0 /* Ecmp */,
  adaptive: 1 /* Adaptive */,
  valiant: 2 /* Valiant */,
  minimal: 3 /* Minimal */,
  spritz: 4 /* Spritz */,
  ugal: 5 /* Ugal */
};
function buildTopology2(s) {
  const t = s.topology;
  const links = {
    linkGbps: t.linkGbps ?? 100,
    latencyNs: t.latencyNs ?? 1e3,
    hostGbps: t.hostGbps,
    hostLatencyNs: t.hostLatencyNs
  };
  try {
    switch (t.kind) {
      case "fattree":
        return (t.tiers ?? 3) === 3 ? fatTree3({ ...links, k: t.k, oversubscription: t.oversubscription ?? 1 }) : fatTree2({ ...links, k: t.k, oversubscription: t.oversubscription ?? 1 });
      case "leafspine":
        return leafSpine({ ...links, leaves: t.leaves, spines: t.spines, hostsPerLeaf: t.hostsPerLeaf });
      case "dragonfly":
        return dragonfly({ ...links, p: t.p, a: t.a, h: t.h, globalLatencyNs: t.globalLatencyNs });
      case "slimfly":
        return slimFly({ ...links, q: t.q, p: t.p, globalLatencyNs: t.globalLatencyNs });
      case "twodc":
        return twoDc({
          leaves: t.leaves ?? 4,
          spines: t.spines ?? 4,
          hostsPerLeaf: t.hostsPerLeaf ?? 4,
          linkGbps: links.linkGbps,
          latencyNs: links.latencyNs,
          wanGbps: t.wanGbps ?? 1600,
          wanLatencyNs: t.wanLatencyNs ?? 5e5
        });
    }
  } catch (e) {
    throw new ScenarioError("scenario", [`topology: ${e.message}`]);
  }
}
function trafficFlows(s, hosts, seed, baseDir, entries = []) {
  const out = [];
  const errors = [];
  s.traffic.forEach((x, i) => {
    const p = `traffic[${i}]`;
    const startNs = (x.startUs ?? 0) * 1e3;
    const tseed = hash3(seed, i, 122);
    try {
      let fl = [];
      if (x.kind === "incast") {
        fl = incast(hosts, { senders: x.senders ?? (x.senderList ?? []).length, receiver: x.receiver ?? 0, bytes: x.bytes, startNs, senderList: x.senderList }, tseed);
      } else if (x.kind === "permutation") {
        fl = permutation(hosts, { bytes: x.bytes, startNs }, tseed);
      } else if (x.kind === "matrix") {
        const file2 = resolve3(baseDir, x.file);
        const cm = parseCm(readFileSync2(file2, "utf8"), x.file);
        if (cm.nodes > hosts) throw new Error(`the matrix has ${cm.nodes} nodes, the topology ${hosts} hosts`);
        fl = cm.flows.map((f) => ({ ...f, startNs: f.startNs + startNs }));
      } else {
        fl = (x.flows ?? []).map((f) => ({ src: f.src, dst: f.dst, bytes: f.bytes, startNs: (f.startUs ?? 0) * 1e3 + startNs }));
      }
      fl.forEach((f, j) => {
        if (f.src >= hosts || f.dst >= hosts) errors.push(`${p}: flow ${j} uses host ${Math.max(f.src, f.dst)}, the topology has ${hosts} hosts`);
        if (f.src === f.dst) errors.push(`${p}: flow ${j} sends from host ${f.src} to itself`);
      });
      for (const f of fl) {
        out.push(f);
        entries.push(i);
      }
    } catch (e) {
      errors.push(`${p}: ${e.message}`);
    }
  });
  if (errors.length > 0) throw new ScenarioError("scenario", errors);
  return out;
}
function build2(s, opts = {}) {
  const seed = opts.seed ?? s.seed ?? 1;
  const topo = buildTopology2(s);
  const n = s.network ?? {};
  const mtu = n.mtuBytes ?? 4150;
  const header = n.headerBytes ?? 64;
  const ackBytes = n.ackBytes ?? 64;
  const trimming = n.trimming ?? true;
  const linkGbps = s.topology.linkGbps ?? 100;
  const hostGbps = s.topology.hostGbps ?? linkGbps;
  const rttNs = topo.networkRttNs(mtu, ackBytes);
  const bdpBytes = linkGbps * rttNs / 8;
  const bdpPkts = Math.ceil(bdpBytes / mtu);
  const queuePkts = n.bufferBytes !== void 0 ? n.bufferBytes / mtu : (n.bufferBdp ?? (trimming ? 1 : 5)) * bdpPkts;
  const bufferBytes = n.bufferBytes ?? Math.round(queuePkts * mtu);
  const kMinBytes = Math.ceil((n.ecnMinFraction ?? 0.2) * queuePkts) * mtu;
  const kMaxBytes = Math.ceil((n.ecnMaxFraction ?? 0.8) * queuePkts) * mtu;
  const diameterHops = topo.path(0, topo.hosts - 1).length;
  const rtoNs = Math.round(15e3 + diameterHops * bufferBytes * 8 / linkGbps);
  const ctx = {
    linkGbps: hostGbps,
    baseRttNs: rttNs,
    mtuBytes: mtu,
    headerBytes: header,
    trimming,
    seed,
    rtoNs,
    ackEveryBytes: s.transport?.ackEveryBytes ?? 16384
  };
  const entries = [];
  const flows = trafficFlows(s, topo.hosts, seed, opts.baseDir ?? ".", entries);
  const F = flows.length;
  const tr = s.transport ?? {};
  const ccRef = tr.cc ?? { name: "nscc" };
  const lbRef = tr.lb ?? { name: "reps" };
  const relRef = tr.reliability ?? { name: "rud" };
  const errors = [];
  const guard = (path, f) => {
    try {
      return f();
    } catch (e) {
      errors.push(`${path}: ${e.message}`);
      return void 0;
    }
  };
  const modCtx = (code) => ({ ...ctx, seed: hash3(seed, code, 61) });
  const transport = guard("transport.reliability", () => makeTransport(relRef.name, relRef.params ?? {}, modCtx(1), Math.max(1, F), ackBytes));
  const ccTables = /* @__PURE__ */ new Map();
  const lbTables = /* @__PURE__ */ new Map();
  const specs = [];
  const perFlowCc = [];
  const perFlowLb = [];
  const flowTraffic = entries;
  for (let f = 0; f < F; f++) {
    const entry = s.traffic[flowTraffic[f]];
    const cref = entry.cc ?? ccRef;
    const lref = entry.lb ?? lbRef;
    const ckey = JSON.stringify(cref);
    let cc = ccTables.get(ckey);
    if (!cc) {
      const path = entry.cc ? `traffic[${flowTraffic[f]}].cc` : "transport.cc";
      cc = guard(path, () => makeCc(cref.name, cref.params ?? {}, modCtx(2 + ccTables.size), Math.max(1, F)));
      if (!cc) break;
      ccTables.set(ckey, cc);
    }
    const spritz = lref.name.startsWith("spritz");
    const srcSwitch = topo.ld ? topo.ld.switchOf(flows[f].src) : 0;
    const dstSwitch = topo.ld ? topo.ld.switchOf(flows[f].dst) : 0;
    const lkey = JSON.stringify(lref) + (spritz ? `@${srcSwitch}` : "");
    let lb = lbTables.get(lkey);
    if (!lb) {
      const path = entry.lb ? `traffic[${flowTraffic[f]}].lb` : "transport.lb";
      if (spritz && !topo.ld) {
        errors.push(`${path}.name: Spritz needs a Dragonfly or Slim Fly topology`);
        break;
      }
      const extra = spritz ? { network: topo.ld, srcSwitch, linkGbps, localLinkNs: s.topology.latencyNs ?? 1e3, globalLinkNs: s.topology.globalLatencyNs ?? s.topology.latencyNs ?? 1e3, packetBytes: mtu } : {};
      const table = guard(path, () => makeLb(lref.name, lref.params ?? {}, modCtx(100 + lbTables.size), Math.max(1, F), extra));
      if (!table) break;
      lb = { table, next: 0 };
      lbTables.set(lkey, lb);
    }
    const slot = spritz ? lb.next++ : f;
    const hops = topo.path(flows[f].src, flows[f].dst).length - 1;
    cc.open(f, hops);
    openLb(lref.name, lb.table, slot, f, dstSwitch);
    transport?.open(f);
    perFlowCc.push(cref.name);
    perFlowLb.push(lref.name);
    specs.push({ src: flows[f].src, dst: flows[f].dst, bytes: flows[f].bytes, startPs: flows[f].startNs * 1e3, cc, lb: lb.table, lbSlot: slot });
  }
  if (errors.length > 0 || !transport) throw new ScenarioError("scenario", errors);
  const windowPkts = Math.ceil(2 * bdpBytes / mtu) + 2;
  const pool = n.packetPool ?? Math.min(1 << 22, Math.max(4096, 2 * windowPkts * F + 8 * topo.ports));
  const fabricOpts = {
    topology: topo,
    routing: ROUTING[n.routing ?? (topo.ld ? "minimal" : "ecmp")],
    queue: {
      profile: "uec-htsim",
      mtuBytes: mtu,
      linkGbps,
      baseRttNs: rttNs,
      dataLimitBytes: bufferBytes,
      kMinBytes,
      kMaxBytes,
      trimBytes: Math.min(header, mtu),
      trimming: trimming ? "arriving-or-newest" : "off",
      ...n.queue ?? {}
    },
    baseGbps: linkGbps,
    ackBytes,
    packetPool: pool,
    seed,
    controlWeight: n.controlWeight ?? 10,
    rxGbps: n.rxGbps ?? 0,
    rxBufferBytes: n.rxBufferBytes ?? bufferBytes,
    switchLatencyNs: s.topology.switchLatencyNs ?? 0,
    endPs: s.run?.endUs !== void 0 ? s.run.endUs * 1e6 : Infinity
  };
  let fabric;
  try {
    fabric = new Fabric(fabricOpts, transport, specs, mtu - header);
  } catch (e) {
    throw new ScenarioError("scenario", [`network: ${e.message}`]);
  }
  const idealPs = new Float64Array(F);
  for (let f = 0; f < F; f++) idealPs[f] = idealFctPs(topo, flows[f].src, flows[f].dst, flows[f].bytes, mtu, header, s.topology.switchLatencyNs ?? 0);
  return {
    scenario: s,
    seed,
    topology: topo,
    fabric,
    flows,
    ctx,
    idealPs,
    names: { cc: perFlowCc, lb: perFlowLb, reliability: relRef.name },
    derived: { networkRttNs: rttNs, bdpBytes: Math.floor(bdpBytes), bdpPackets: bdpPkts, bufferBytes, kMinBytes, kMaxBytes, rtoNs, diameterHops, packetPool: pool }
  };
}
function idealFctPs(t, src, dst, bytes, mtu, header, switchLatencyNs) {
  const path = t.path(src, dst);
  const mss = mtu - header;
  const packets = Math.ceil(bytes / mss);
  const ready = new Float64Array(path.length);
  let done = 0;
  for (let i = 0; i < packets; i++) {
    const size = (i === packets - 1 ? bytes - mss * (packets - 1) : mss) + header;
    let t0 = 0;
    for (let j = 0; j < path.length; j++) {
      const p = path[j];
      const start = Math.max(t0, ready[j]);
      const end = start + size * 8e3 / t.portGbps[p];
      ready[j] = end;
      t0 = end + t.portLatencyNs[p] * 1e3 + (j < path.length - 1 ? switchLatencyNs * 1e3 : 0);
    }
    done = t0;
  }
  return done;
}

// harness/metrics/results.ts
var r3 = (x) => Math.round(x * 1e3) / 1e3;
function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}
function collect(b) {
  const f = b.fabric;
  const tr = f.transport;
  const flows = [];
  for (let i = 0; i < f.flows; i++) {
    const start = f.flowStart[i];
    const done = f.flowDoneRx[i];
    const acked = f.flowDoneTx[i];
    const fct = done >= 0 ? (done - start) / 1e6 : null;
    const ideal = b.idealPs[i] / 1e6;
    flows.push({
      flow: i,
      src: f.flowSrc[i],
      dst: f.flowDst[i],
      bytes: f.flowBytes[i],
      startUs: r3(start / 1e6),
      fctUs: fct === null ? null : r3(fct),
      idealUs: r3(ideal),
      slowdown: fct === null ? null : r3(fct / ideal),
      ackedUs: acked >= 0 ? r3((acked - start) / 1e6) : null,
      retransmissions: tr.retransmissions(i),
      timeouts: tr.timeouts(i),
      cc: b.names.cc[i],
      lb: b.names.lb[i]
    });
  }
  const fcts = flows.filter((x) => x.fctUs !== null).map((x) => x.fctUs).sort((a, c) => a - c);
  const slows = flows.filter((x) => x.slowdown !== null).map((x) => x.slowdown);
  const ports = f.portTotals();
  const violations = f.checkIntegrity();
  return {
    format: "nicfw-results/1",
    scenario: b.scenario.name ?? "(unnamed)",
    seed: b.seed,
    topology: b.topology.name,
    hosts: b.topology.hosts,
    switches: b.topology.switches,
    modules: { cc: [...new Set(b.names.cc)], lb: [...new Set(b.names.lb)], reliability: b.names.reliability },
    derived: b.derived,
    simulatedUs: r3(f.now / 1e6),
    completed: f.flowsDoneRx,
    flowsTotal: f.flows,
    totals: {
      dataPackets: f.dataSent,
      retransmissions: f.retransmissions,
      trims: ports.trims,
      drops: ports.drops + f.rxDrops,
      ecnMarks: ports.marks,
      nacks: f.nacks,
      timeouts: f.timeouts,
      cnps: f.cnps,
      rxDrops: f.rxDrops,
      transmissions: f.transmissions,
      events: f.events,
      moduleErrors: f.moduleErrors()
    },
    fct: {
      meanSlowdown: slows.length ? r3(slows.reduce((a, c) => a + c, 0) / slows.length) : null,
      p50Us: percentile(fcts, 0.5),
      p99Us: percentile(fcts, 0.99),
      maxUs: fcts.length ? fcts[fcts.length - 1] : null
    },
    integrity: { ok: violations.length === 0, violations },
    flows
  };
}

// ../../../tmp/timing.ts
var file = process.argv[2];
for (let r = 0; r < 3; r++) {
  const t0 = performance.now();
  const s = loadScenario(file);
  const t1 = performance.now();
  const b = build2(s);
  const t2 = performance.now();
  b.fabric.run();
  const t3 = performance.now();
  const res = collect(b);
  const t4 = performance.now();
  console.log(`load ${(t1 - t0).toFixed(1)} build ${(t2 - t1).toFixed(1)} run ${(t3 - t2).toFixed(1)} collect ${(t4 - t3).toFixed(1)} events ${b.fabric.events} heapmax? pool ${b.derived.packetPool} live ${b.fabric.pool.live} ns/event ${((t3 - t2) * 1e6 / b.fabric.events).toFixed(0)}`);
}
