import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseCm, writeCm } from "./cm";
import { permutationFlows } from "./patterns";
import { incast } from "./traffic";

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
trigger id 2 barrier 2
`;
  const cm = parseCm(text, "t.cm");
  // Trigger 1 is not declared: one activation (connection 1 delivered) starts connection 4.
  // Trigger 2 needs both of its activations: connection 2 acknowledged and connection 3 delivered.
  // Trigger 3: connection 6 acknowledged starts connection 7.
  assert.equal(cm.flows, [
    { src: 0, dst: 1, bytes: 100, startNs: 0 },
    { src: 1, dst: 2, bytes: 100, startNs: 0 },
    { src: 2, dst: 3, bytes: 100, startNs: 0 },
    { src: 3, dst: 0, bytes: 100, startNs: 5000, after: [0] },
    { src: 0, dst: 2, bytes: 100, startNs: 5000, after: [2], afterAcked: [1] },
    { src: 1, dst: 3, bytes: 100, startNs: 0 },
    { src: 2, dst: 0, bytes: 100, startNs: 5000, afterAcked: [5] },
  ]);
  assert.equal(parseCm(writeCm(cm)), cm);
});

test(".cm: malformed files are refused with the line", () => {
  assert.throws(() => parseCm("Nodes 4\n0->9 start 0 size 5\n", "m.cm"), /m\.cm:2: node outside/);
  assert.throws(() => parseCm("Nodes 4\n0-1 start 0 size 5\n", "m.cm"), /m\.cm:2: expected/);
  assert.throws(() => parseCm("Nodes 4\n0->1 start 0\n", "m.cm"), /m\.cm:2: size/);
  assert.throws(() => parseCm("Nodes 4\nConnections 2\n0->1 start 0 size 5\n", "m.cm"), /Connections 2/);
  assert.throws(() => parseCm("0->1 start 0 size 5\n", "m.cm"), /Nodes/);
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

test.run();
