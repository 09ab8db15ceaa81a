// PortQueues' shared buffers against an independent model, event by event: per port a data FIFO
// and a strict-priority control FIFO with their own limits (UEC §4.1 trimming of the arriving
// packet), and per buffer Choudhury & Hahne's rule as the README states it (an arrival that
// passes the port's limits is refused when used + bytes > B, or, dynamic, when need > α·(B − used),
// need being what the FIFO's over rule compares), a refused data packet trimmed to a header that
// must pass the control FIFO's limits and the buffer in turn (the buffer only with controlPooled;
// without it, as under dcp, the control FIFO neither is judged by nor adds to the buffer). Seeded
// arrivals of data and ACKs and departures over two buffers and a port in none; every verdict,
// FIFO and buffer count compared.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Xoshiro128 } from "../../core/rng";
import { PortQueues, QUEUE_CONTROL, QUEUE_DATA, QUEUE_DROPPED, QUEUE_EMPTY, QUEUE_TRIMMED, TAG_ACK, TAG_DATA } from "./queue";

interface Config {
  overRule: "arrival" | "occupancy";
  poolRule: "dynamic" | "complete";
  poolAlphaLog2: number;
  poolBytes: number;
  /** false: the control FIFO is judged by its own limits only and adds nothing to the buffer. */
  controlPooled: boolean;
}

const PORTS = 7;
const POOLS = 2;
const DATA_LIMIT = 40_000;
const CONTROL_LIMIT = 2_000;
const TRIM = 64;
/** Where onDequeue puts the packet's bytes in `out`. */
const OUT_BYTES = PortQueues.outFields.indexOf("bytes");

class Fifo {
  readonly sizes: number[] = [];
  bytes = 0;
}

class Model {
  readonly data: Fifo[] = [];
  readonly control: Fifo[] = [];
  readonly pool: number[] = [];
  readonly used = new Array<number>(POOLS).fill(0);
  readonly refusals = new Array<number>(POOLS).fill(0);

  constructor(private readonly c: Config) {
    for (let p = 0; p < PORTS; p++) {
      this.data.push(new Fifo());
      this.control.push(new Fifo());
      this.pool.push(p < 3 ? 0 : p < 6 ? 1 : -1);
    }
  }

  /** The buffer refuses `bytes` more for a FIFO whose over rule compares `need` (counted). */
  private refuses(port: number, need: number, bytes: number, control: boolean): boolean {
    const p = this.pool[port];
    if (p < 0 || (control && !this.c.controlPooled)) return false;
    const B = this.c.poolBytes;
    const used = this.used[p];
    const refused = used + bytes > B || (this.c.poolRule === "dynamic" && need > 2 ** this.c.poolAlphaLog2 * (B - used));
    if (refused) this.refusals[p]++;
    return refused;
  }

  private put(port: number, fifo: Fifo, bytes: number): void {
    fifo.sizes.push(bytes);
    fifo.bytes += bytes;
    if (this.pool[port] >= 0 && this.charged(port, fifo)) this.used[this.pool[port]] += bytes;
  }

  private charged(port: number, fifo: Fifo): boolean {
    return this.c.controlPooled || fifo !== this.control[port];
  }

  /** QUEUE_DATA, QUEUE_CONTROL | QUEUE_TRIMMED or QUEUE_DROPPED for an arrival. */
  arrive(port: number, bytes: number, ack: boolean): number {
    if (!ack) {
      const d = this.data[port];
      const need = this.c.overRule === "arrival" ? d.bytes + bytes : d.bytes;
      if (need <= DATA_LIMIT && !this.refuses(port, need, bytes, false)) {
        this.put(port, d, bytes);
        return QUEUE_DATA;
      }
      const header = Math.min(bytes, TRIM);
      const c = this.control[port];
      if (c.bytes + header <= CONTROL_LIMIT && !this.refuses(port, c.bytes + header, header, true)) {
        this.put(port, c, header);
        return QUEUE_CONTROL | QUEUE_TRIMMED;
      }
      return QUEUE_DROPPED;
    }
    const c = this.control[port];
    if (c.bytes + bytes <= CONTROL_LIMIT && !this.refuses(port, c.bytes + bytes, bytes, true)) {
      this.put(port, c, bytes);
      return QUEUE_CONTROL;
    }
    return QUEUE_DROPPED;
  }

  /** Bytes of the packet strict priority sends next, or 0 when both FIFOs are empty. */
  depart(port: number): number {
    const fifo = this.control[port].sizes.length > 0 ? this.control[port] : this.data[port];
    const bytes = fifo.sizes.shift();
    if (bytes === undefined) return 0;
    fifo.bytes -= bytes;
    if (this.pool[port] >= 0 && this.charged(port, fifo)) this.used[this.pool[port]] -= bytes;
    return bytes;
  }
}

function run(c: Config, seed: number, events: number): { trims: number; drops: number; refusals: number } {
  const r = new Xoshiro128(seed);
  const q = new PortQueues(
    {
      profile: "uec",
      ...c,
      pools: POOLS,
      dataLimitBytes: DATA_LIMIT,
      controlLimitBytes: CONTROL_LIMIT,
      trimming: "arriving",
      trimBytes: TRIM,
      ecnAt: "off",
      scheduler: "strict",
      handleCapacity: 4096,
    },
    PORTS,
  );
  const m = new Model(c);
  for (let p = 0; p < PORTS; p++) {
    q.open(p, false);
    if (m.pool[p] >= 0) assert.is(q.setPool(p, m.pool[p]), 0);
  }
  const free: number[] = [];
  for (let h = 4095; h >= 0; h--) free.push(h);
  const seen = { trims: 0, drops: 0, refusals: 0 };
  for (let i = 0; i < events; i++) {
    const port = r.nextBelow(PORTS);
    const at = `${c.overRule} ${c.poolRule} α 2^${c.poolAlphaLog2} controlPooled ${c.controlPooled}, event ${i}, port ${port}`;
    if (r.nextBelow(100) < 56) {
      const ack = r.nextBelow(10) === 0;
      const bytes = ack ? 64 : r.nextBelow(4) === 0 ? 65 + r.nextBelow(1000) : 4150;
      const h = free.pop();
      if (h === undefined) throw new Error("handles exhausted");
      const v = q.onEnqueue(port, i, h, bytes, ack ? TAG_ACK : TAG_DATA);
      const want = m.arrive(port, bytes, ack);
      assert.is(v, want, `${at}: verdict for ${bytes} B`);
      if (v === QUEUE_DROPPED) free.push(h);
      if ((v & QUEUE_TRIMMED) !== 0) seen.trims++;
      if (v === QUEUE_DROPPED) seen.drops++;
    } else {
      const h = q.onDequeue(port, i);
      const bytes = m.depart(port);
      if (bytes === 0) assert.is(h, QUEUE_EMPTY, `${at}: empty`);
      else {
        assert.ok(h >= 0, `${at}: handle ${h}`);
        assert.is(q.out[OUT_BYTES], bytes, `${at}: bytes sent`);
        free.push(h);
      }
    }
    assert.is(q.dataBytes(port), m.data[port].bytes, `${at}: data bytes`);
    assert.is(q.controlBytes(port), m.control[port].bytes, `${at}: control bytes`);
    assert.is(q.dataPackets(port), m.data[port].sizes.length, `${at}: data packets`);
    assert.is(q.controlPackets(port), m.control[port].sizes.length, `${at}: control packets`);
    const p = m.pool[port];
    if (p >= 0) {
      assert.is(q.poolUsedBytes(port), m.used[p], `${at}: buffer bytes`);
      assert.is(q.poolRefusals(port), m.refusals[p], `${at}: refusals`);
    }
  }
  assert.is(q.errors, 0);
  seen.refusals = m.refusals[0] + m.refusals[1];
  return seen;
}

test("PortQueues' shared buffers match a model of the README's rule event by event (UEC trimming, both over rules, control FIFO in or out)", () => {
  const configs: Config[] = [
    { overRule: "arrival", poolRule: "dynamic", poolAlphaLog2: 0, poolBytes: 60_000, controlPooled: true },
    { overRule: "occupancy", poolRule: "dynamic", poolAlphaLog2: 0, poolBytes: 60_000, controlPooled: true },
    { overRule: "arrival", poolRule: "dynamic", poolAlphaLog2: -3, poolBytes: 200_000, controlPooled: true },
    { overRule: "occupancy", poolRule: "dynamic", poolAlphaLog2: 2, poolBytes: 50_000, controlPooled: true },
    { overRule: "arrival", poolRule: "complete", poolAlphaLog2: 0, poolBytes: 50_000, controlPooled: true },
    { overRule: "occupancy", poolRule: "complete", poolAlphaLog2: 0, poolBytes: 50_000, controlPooled: true },
    // DCP's lossless control plane (the dcp default): the control FIFO outside the buffer.
    { overRule: "occupancy", poolRule: "dynamic", poolAlphaLog2: 0, poolBytes: 60_000, controlPooled: false },
    { overRule: "occupancy", poolRule: "complete", poolAlphaLog2: 0, poolBytes: 50_000, controlPooled: false },
  ];
  configs.forEach((c, k) => {
    const seen = run(c, 21 + k, 60_000);
    const at = `${c.overRule} ${c.poolRule} α 2^${c.poolAlphaLog2} controlPooled ${c.controlPooled}`;
    // Every outcome has to occur for the comparison to mean anything.
    assert.ok(seen.trims > 100, `${at}: ${seen.trims} trims`);
    assert.ok(seen.drops > 100, `${at}: ${seen.drops} drops`);
    assert.ok(seen.refusals > 100, `${at}: ${seen.refusals} refusals`);
  });
});

test.run();
