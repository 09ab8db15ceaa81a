import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseCm, writeCm } from "./cm";
import { ringAllreduce } from "./collectives";
import { alltoall, permutationFlows } from "./patterns";
import { type FlowRecord, incast } from "./traffic";

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

const TEXT = `Nodes 8
Connections 3
0->5 start 0 size 2000000
3->1 start 12.5 size 4150 id 7
7->0 start 100 size 1
`;

test(".cm: parse, write, parse again gives the same flows (round trip)", () => {
  const a = parseCm(TEXT);
  assert.is(a.nodes, 8);
  assert.equal(a.flows, [
    { src: 0, dst: 5, bytes: 2000000, startNs: 0 },
    { src: 3, dst: 1, bytes: 4150, startNs: 12500 },
    { src: 7, dst: 0, bytes: 1, startNs: 100000 },
  ]);
  const text = writeCm(a);
  assert.equal(parseCm(text), a);
  assert.is(writeCm(parseCm(text)), text);
  // A permutation written out and read back is the same permutation.
  const p = { nodes: 16, flows: permutationFlows(range(16), { bytes: 1000, startNs: 0 }, 5) };
  assert.equal(parseCm(writeCm(p)), p);
});

test(".cm triggers: an undeclared trigger is a oneshot, a barrier joins a send-done and a recv-done, a line without start begins at 0; round trip", () => {
  const text = `Nodes 4
0->1 size 100 id 1 recv_done_trigger 1
1->2 size 100 id 2 send_done_trigger 2
2->3 size 100 id 3 recv_done_trigger 2
3->0 start 5 size 100 id 4 trigger 1
0->2 start 5 size 100 id 5 trigger 2
1->3 size 100 id 6 send_done_trigger 3
2->0 start 5 size 100 id 7 trigger 3
Triggers 1
trigger id 2 barrier count 2
`;
  const cm = parseCm(text, "t.cm");
  // Trigger 1 is not declared: one activation (connection 1 delivered) starts connection 4.
  // Trigger 2 needs both of its activations: connection 2 acknowledged and connection 3 delivered.
  // Trigger 3: connection 6 acknowledged starts connection 7.
  // `start 5` beside `trigger` (htsim refuses both): not before 5 µs.
  assert.equal(cm.flows, [
    { src: 0, dst: 1, bytes: 100, startNs: 0 },
    { src: 1, dst: 2, bytes: 100, startNs: 0 },
    { src: 2, dst: 3, bytes: 100, startNs: 0 },
    { src: 3, dst: 0, bytes: 100, startNs: 5000, after: [0] },
    { src: 0, dst: 2, bytes: 100, startNs: 5000, after: [2], afterAcked: [1] },
    { src: 1, dst: 3, bytes: 100, startNs: 0 },
    { src: 2, dst: 0, bytes: 100, startNs: 5000, afterAcked: [5] },
  ]);
  // htsim's grammar cannot give a triggered connection a start time: writeCm refuses it …
  assert.throws(() => writeCm(cm), /flow 3 waits for other flows and starts at 5000 ns/);
  // … and writes the same dependencies starting at 0.
  const at0 = { nodes: 4, flows: cm.flows.map((f) => (f.after || f.afterAcked ? { ...f, startNs: 0 } : f)) };
  assert.equal(parseCm(writeCm(at0)), at0);
});

test(".cm multishot (htsim MultiShotTrigger): the k-th activation starts the k-th target in file order", () => {
  // gen_serialn_alltoall.py with parallel = 2, one sender (host 0) of a group of 5: half = 4 // 2
  // = 2 rounds; round 1 (ids 1, 2) starts at 0 and activates multishot trigger 1 when acked;
  // round 2 (ids 3, 4) waits on trigger 1. trigger.cpp activate(): `triggerIsPending(
  // *(_targets[_next])); _next++;` — one target per activation, targets added in file order
  // (main_uec.cpp walks the connections). So id 3 starts at the 1st acknowledgement of {1, 2}
  // (needed 1 of 2), id 4 at the 2nd (needed 2 of 2): a sliding window of 2 flows per sender,
  // never 3. Only acknowledgements activate it, so it reads as the fabric's own multishot: ids 1
  // and 2 activate trigger 0 (the file's first multishot), ids 3 and 4 wait on it in file order.
  const text = `Nodes 8
Connections 4
Triggers 1
0->1 id 1 start 0 size 100 send_done_trigger 1
0->3 id 2 start 0 size 100 send_done_trigger 1
0->2 id 3 trigger 1 size 100
0->4 id 4 trigger 1 size 100
trigger id 1 multishot
`;
  assert.equal(parseCm(text).flows, [
    { src: 0, dst: 1, bytes: 100, startNs: 0, activates: 0 },
    { src: 0, dst: 3, bytes: 100, startNs: 0, activates: 0 },
    { src: 0, dst: 2, bytes: 100, startNs: 0, onTrigger: 0 },
    { src: 0, dst: 4, bytes: 100, startNs: 0, onTrigger: 0 },
  ]);
  // A delivery among the activations: the fabric's multishot counts acknowledgements only, so
  // the lists say it (id 3 needs 1 of {1 delivered, 2 acked}, id 4 both).
  const mixed = parseCm(text.replace("0->1 id 1 start 0 size 100 send_done_trigger 1", "0->1 id 1 start 0 size 100 recv_done_trigger 1"));
  assert.equal(mixed.flows.slice(2), [
    { src: 0, dst: 2, bytes: 100, startNs: 0, after: [0], afterAcked: [1], needed: 1 },
    { src: 0, dst: 4, bytes: 100, startNs: 0, after: [0], afterAcked: [1] },
  ]);
  // One target, two activations: htsim ignores the second ("Noone left to activate").
  const one = parseCm(text.replace("Connections 4", "Connections 3").replace("0->4 id 4 trigger 1 size 100\n", ""));
  assert.equal(one.flows[2], { src: 0, dst: 2, bytes: 100, startNs: 0, onTrigger: 0 });
  // A target that activates the trigger itself is not one of its own activations: with ids 1
  // and 3 activating and ids 3, 4 waiting, id 4 (the 2nd target) needs 2 activations of which
  // id 3's is one, so it starts; with id 3 alone activating, id 3 would wait for itself.
  const self = text.replace("0->2 id 3 trigger 1 size 100", "0->2 id 3 trigger 1 size 100 send_done_trigger 1").replace("0->3 id 2 start 0 size 100 send_done_trigger 1", "0->3 id 2 start 0 size 100");
  assert.equal(parseCm(self).flows.map((f) => [f.activates, f.onTrigger]), [[0, undefined], [undefined, undefined], [0, 0], [undefined, 0]]);
  const alone = "Nodes 4\nConnections 2\n0->1 id 1 start 0 size 1\n0->2 id 2 trigger 1 size 1 send_done_trigger 1\ntrigger id 1 multishot\n";
  assert.throws(() => parseCm(alone, "s.cm"), /s\.cm:4: waits for 1 activations of trigger 1, which only 0 other connections give/);
  // Three targets, two activations: htsim would never start the third; refused, naming it.
  const three = text.replace("Connections 4", "Connections 5").replace("trigger id", "0->5 id 5 trigger 1 size 100\ntrigger id");
  assert.throws(() => parseCm(three, "m.cm"), /m\.cm:9: multishot trigger 1 starts 3 connections.*only 2 .*\(m\.cm:8 would never start\)/);
});

test(".cm trigger lines are key/value tokens in any order, as htsim's connection_matrix.cpp reads them", () => {
  const cm = (trigger: string, triggers = 1) => `Nodes 4
Connections 3
Triggers ${triggers}
0->1 id 1 start 0 size 10 recv_done_trigger 1
2->1 id 2 start 0 size 10 recv_done_trigger 1
1->3 id 3 trigger 1 size 10
${trigger}
`;
  const both = [{ src: 1, dst: 3, bytes: 10, startNs: 0, after: [0, 1] }];
  // htsim's form (`barrier`, `count K`), in any order, and this reader's old `barrier K`.
  assert.equal(parseCm(cm("trigger id 1 barrier count 2")).flows.slice(2), both);
  assert.equal(parseCm(cm("trigger count 2 barrier id 1")).flows.slice(2), both);
  assert.equal(parseCm(cm("trigger id 1 barrier 2")).flows.slice(2), both);
  assert.equal(parseCm(cm("trigger id 1 barrier count 1")).flows[2].needed, 1);
  // What htsim refuses (its message in parentheses).
  const refused: [string, RegExp][] = [
    ["trigger id 1 barrier", /m\.cm:7: a barrier needs count K ≥ 1/], // BarrierTrigger(0) asserts
    ["trigger id 1 barrier count 2 extra", /m\.cm:7: unknown token "extra"/], // "unknown id"
    ["trigger barrier count 2", /m\.cm:7: a trigger with no id/], // "Trigger with no id"
    ["trigger id 1", /m\.cm:7: a trigger with no type/], // "Trigger with no type"
    ["trigger id 0 oneshot", /m\.cm:7: trigger id 0 is not allowed/],
    ["trigger id 1 oneshot barrier count 2", /two types/], // assert(type == UNSPECIFIED)
    ["trigger id 1 barrier count 3", /m\.cm:7: barrier trigger 1 needs 3 activations, only 2/],
  ];
  for (const [line, re] of refused) assert.throws(() => parseCm(cm(line), "m.cm"), re, line);
  // "Mismatch in trigger count".
  assert.throws(() => parseCm(cm("trigger id 1 oneshot", 2), "m.cm"), /"Triggers 2" but 1 trigger lines/);
  // A connection's keys: htsim's "unknown token" and flow id 0; `prio` is read and ignored.
  assert.throws(() => parseCm("Nodes 4\n0->1 start 0 size 5 priority 3\n", "m.cm"), /m\.cm:2: unknown token "priority"/);
  assert.throws(() => parseCm("Nodes 4\n0->1 id 0 start 0 size 5\n", "m.cm"), /m\.cm:2: id must be an integer ≥ 1/);
  assert.equal(parseCm("Nodes 4\n0->1 id 1 start 0 size 5 prio 3\n").flows, [{ src: 0, dst: 1, bytes: 5, startNs: 0 }]);
  // Link failures (FatTreeTopology::add_failed_link) are the scenario's faults: refused, naming the line.
  const failed = "Nodes 4\nConnections 1\nFailures 1\n0->1 start 0 size 5\nfailure switch_type AGG switch_id 0 link_id 0\n";
  assert.throws(() => parseCm(failed, "m.cm"), /m\.cm:5: "failure switch_type AGG switch_id 0 link_id 0": htsim's link failures .* faults/);
  assert.throws(() => parseCm("Nodes 4\nFailures 1\n0->1 start 0 size 5\n", "m.cm"), /m\.cm:2: "Failures"/);
  assert.equal(parseCm("Nodes 4\nFailures 0\n0->1 start 0 size 5\n").flows.length, 1);
});

/**
 * htsim's grammar (connection_matrix.cpp ConnectionMatrix::load), checked line by line: the
 * header counts, `src->dst` then known key/value pairs, a start or a trigger but not both, an id
 * on every triggered connection (assert(c->flowid)), trigger lines with an id ≠ 0, one type and
 * a count only on a barrier, every referenced trigger declared.
 */
function htsimGrammar(text: string): void {
  const keys = ["start", "size", "id", "trigger", "send_done_trigger", "recv_done_trigger", "prio"];
  const declared = new Map<string, number>();
  const counted = new Map<string, number>([["Connections", 0], ["Triggers", 0]]);
  const referenced = new Set<number>();
  const defined = new Set<number>();
  for (const line of text.split("\n").filter((l) => l !== "")) {
    const tok = line.split(" ");
    if (["Nodes", "Connections", "Triggers", "Failures"].includes(tok[0])) {
      assert.is(tok.length, 2, line);
      declared.set(tok[0], Number(tok[1]));
    } else if (/^\d+->\d+$/.test(tok[0])) {
      counted.set("Connections", (counted.get("Connections") as number) + 1);
      const kv = new Map<string, number>();
      for (let i = 1; i < tok.length; i += 2) {
        assert.ok(keys.includes(tok[i]) && /^\d+(\.\d+)?$/.test(tok[i + 1]), line);
        kv.set(tok[i], Number(tok[i + 1]));
      }
      assert.ok(kv.has("size") && kv.has("start") !== kv.has("trigger"), line);
      if (kv.has("trigger")) assert.ok((kv.get("id") ?? 0) > 0, line);
      for (const k of ["trigger", "send_done_trigger", "recv_done_trigger"]) if (kv.has(k)) referenced.add(kv.get(k) as number);
    } else {
      assert.is(tok[0], "trigger", line);
      counted.set("Triggers", (counted.get("Triggers") as number) + 1);
      const rest = tok.slice(1).join(" ");
      const m = /^id ([1-9]\d*) (oneshot|multishot|barrier count [1-9]\d*)$/.exec(rest);
      assert.ok(m, line);
      defined.add(Number((m as RegExpExecArray)[1]));
    }
  }
  for (const [k, n] of counted) assert.is(declared.get(k) ?? 0, n, k);
  for (const t of referenced) assert.ok(defined.has(t), `trigger ${t} referenced but not specified`);
}

test("writeCm speaks htsim's grammar: a oneshot for one dependency, a multishot window, a `barrier count K`; read back the same", () => {
  const cm = {
    nodes: 8,
    flows: [
      { src: 0, dst: 1, bytes: 1000, startNs: 0 },
      { src: 2, dst: 3, bytes: 1000, startNs: 2500 },
      { src: 1, dst: 4, bytes: 1000, startNs: 0, after: [0] },
      { src: 4, dst: 5, bytes: 1000, startNs: 0, afterAcked: [0, 1], needed: 1 },
      { src: 4, dst: 6, bytes: 1000, startNs: 0, afterAcked: [0, 1] },
      { src: 6, dst: 7, bytes: 1000, startNs: 0, after: [2], afterAcked: [3] },
    ],
  };
  // By hand: flow 2 waits on flow 0's delivery alone → oneshot 1, as gen_allreduce.py writes;
  // flows 3 and 4 wait on the acks of 0 and 1, the first needing one, the second both → the
  // multishot 2 (targets in file order); flow 5 needs both of 2's delivery and 3's ack →
  // barrier 3 of count 2. Connection ids are 1-based; a triggered connection has no start.
  const text = writeCm(cm);
  assert.is(
    text,
    `Nodes 8
Connections 6
Triggers 3
0->1 id 1 start 0 size 1000 recv_done_trigger 1 send_done_trigger 2
2->3 id 2 start 2.5 size 1000 send_done_trigger 2
1->4 id 3 trigger 1 size 1000 recv_done_trigger 3
4->5 id 4 trigger 2 size 1000 send_done_trigger 3
4->6 id 5 trigger 2 size 1000
6->7 id 6 trigger 3 size 1000
trigger id 1 oneshot
trigger id 2 multishot
trigger id 3 barrier count 2
`,
  );
  htsimGrammar(text);
  // Read back, the multishot 2, which only acknowledgements activate, is the fabric's own
  // (trigger 0): flows 0 and 1 activate it, 3 and 4 wait on it in that order; the rest as written.
  const read = parseCm(text);
  const own = (i: number) => (i < 2 ? { activates: 0 } : i < 3 || i > 4 ? {} : { onTrigger: 0 });
  assert.equal(read, { nodes: 8, flows: cm.flows.map(({ afterAcked, needed, ...f }, i) => ({ ...f, ...(i === 5 ? { afterAcked } : {}), ...own(i) })) });
  assert.equal(parseCm(writeCm(read)), read);
  // A collective from the generators goes through the same way.
  const ring = { nodes: 16, flows: ringAllreduce(range(4), { bytes: 4000, startNs: 0 }) };
  htsimGrammar(writeCm(ring));
  assert.equal(parseCm(writeCm(ring)), ring);
  // A windowed all-to-all (one multishot per sender, FlowRecord.onTrigger): 3 members, window 1,
  // so each sender's second flow waits for its first; every flow activates its sender's trigger.
  const a2a = { nodes: 3, flows: alltoall([0, 1, 2], { bytes: 10, startNs: 0, window: 1 }) };
  const a2aText = writeCm(a2a);
  assert.is(
    a2aText,
    `Nodes 3
Connections 6
Triggers 3
0->1 id 1 start 0 size 10 send_done_trigger 1
0->2 id 2 trigger 1 size 10 send_done_trigger 1
1->2 id 3 start 0 size 10 send_done_trigger 2
1->0 id 4 trigger 2 size 10 send_done_trigger 2
2->0 id 5 start 0 size 10 send_done_trigger 3
2->1 id 6 trigger 3 size 10 send_done_trigger 3
trigger id 1 multishot
trigger id 2 multishot
trigger id 3 multishot
`,
  );
  htsimGrammar(a2aText);
  // Read back as the senders' own triggers, numbered in file order.
  assert.equal(
    parseCm(a2aText).flows.map((f) => [f.activates, f.onTrigger]),
    [[0, undefined], [0, 0], [1, undefined], [1, 1], [2, undefined], [2, 2]],
  );
  // … so a windowed all-to-all reads back as generated, one trigger per sender: 64 hosts with a
  // window of 2 are 64 × 63 = 4,032 flows; as lists each of a sender's 61 waiting flows would
  // name the other 62 of its 63 (61 × 62 × 64 = 242,048 entries).
  const big = { nodes: 64, flows: alltoall(range(64), { bytes: 10, startNs: 0, window: 2 }) };
  assert.equal(parseCm(writeCm(big)), big);
  // What htsim's triggers cannot say is refused.
  const two = (f: FlowRecord) => ({ nodes: 4, flows: [{ src: 0, dst: 1, bytes: 1, startNs: 0 }, { src: 1, dst: 2, bytes: 1, startNs: 0 }, { src: 2, dst: 3, bytes: 1, startNs: 0 }, f] });
  assert.throws(() => writeCm(two({ src: 3, dst: 0, bytes: 1, startNs: 0, after: [0, 1, 2], needed: 2 })), /needing 2 of them/);
  assert.throws(() => writeCm(two({ src: 3, dst: 0, bytes: 1, startNs: 7, after: [0] })), /flow 3 waits for other flows and starts at 7 ns/);
  const twice = { nodes: 4, flows: [{ src: 0, dst: 1, bytes: 1, startNs: 0 }, { src: 1, dst: 2, bytes: 1, startNs: 0, after: [0] }, { src: 2, dst: 3, bytes: 1, startNs: 0, after: [0, 1] }] };
  assert.throws(() => writeCm(twice), /flow 0 activates two triggers of one kind/);
});

test(".cm: malformed files are refused with the line", () => {
  assert.throws(() => parseCm("Nodes 4\n0->9 start 0 size 5\n", "m.cm"), /m\.cm:2: node outside/);
  assert.throws(() => parseCm("Nodes 4\n0-1 start 0 size 5\n", "m.cm"), /m\.cm:2: expected/);
  assert.throws(() => parseCm("Nodes 4\n0->1 start 0\n", "m.cm"), /m\.cm:2: size/);
  assert.throws(() => parseCm("Nodes 4\nConnections 2\n0->1 start 0 size 5\n", "m.cm"), /Connections 2/);
  assert.throws(() => parseCm("0->1 start 0 size 5\n", "m.cm"), /Nodes/);
  // By the line too (audit 2026-12-07: the scenario named flow indices): a node sending to
  // itself, and a node outside a "Nodes" line that comes after the connection.
  assert.throws(() => parseCm("Nodes 4\n0->1 start 0 size 5\n3->3 start 0 size 5\n", "m.cm"), /m\.cm:3: node 3 sends to itself/);
  assert.throws(() => parseCm("0->1 start 0 size 5\n2->20 start 0 size 5\nNodes 16\n", "m.cm"), /m\.cm:2: node outside \[0, 16\)/);
});

test("permutation: every host sends once and receives once, never to itself; seeded", () => {
  const p = permutationFlows(range(128), { bytes: 1, startNs: 0 }, 13);
  const dsts = new Set(p.map((f) => f.dst));
  assert.is(dsts.size, 128);
  assert.ok(p.every((f, i) => f.src === i && f.dst !== i));
  assert.equal(permutationFlows(range(128), { bytes: 1, startNs: 0 }, 13), p);
  assert.not.equal(permutationFlows(range(128), { bytes: 1, startNs: 0 }, 14), p);
});

test("incast: N distinct senders other than the receiver", () => {
  const f = incast(16, { senders: 8, receiver: 3, bytes: 5, startNs: 0 }, 1);
  assert.is(f.length, 8);
  assert.is(new Set(f.map((x) => x.src)).size, 8);
  assert.ok(f.every((x) => x.dst === 3 && x.src !== 3));
  assert.throws(() => incast(4, { senders: 4, receiver: 0, bytes: 1, startNs: 0 }, 1), /senders/);
});

test(".cm: startUnit ps reads a start as htsim's generators write it (µs × 10^6)", () => {
  // gen_incast.py spreads starts over randint(0, extrastarttime × 1000000): 12,500,000 ps is
  // 12.5 µs = 12,500 ns; read as µs (the default) the same number is 12.5 s.
  const text = "Nodes 4\nConnections 2\n0->1 start 0 size 1000\n2->1 start 12500000 size 1000\n";
  assert.equal(
    parseCm(text, "g.cm", "ps").flows.map((f) => f.startNs),
    [0, 12_500],
  );
  assert.equal(
    parseCm(text, "g.cm").flows.map((f) => f.startNs),
    [0, 12_500_000_000],
  );
});

test.run();
