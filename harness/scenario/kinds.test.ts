// kinds.ts's table against schema.ts: every field of a topology, traffic entry or fault is read by
// every kind (COMMON) or by the kinds listed, every listed field is the schema's, and every kind
// the schema accepts has a row. A field added to the schema without a row here fails this test
// instead of being refused for every kind, or read by none.
import type { TSchema } from "@sinclair/typebox";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FAULT_COMMON, FAULT_KEYS, TOPOLOGY_COMMON, TOPOLOGY_KEYS, TRAFFIC_COMMON, TRAFFIC_KEYS } from "./kinds";
import { FaultSchema, TopologySchema, TrafficSchema } from "./schema";

const rows: [string, TSchema, readonly string[], Record<string, readonly string[]>][] = [
  ["topology", TopologySchema, TOPOLOGY_COMMON, TOPOLOGY_KEYS],
  ["traffic", TrafficSchema, TRAFFIC_COMMON, TRAFFIC_KEYS],
  ["faults", FaultSchema, FAULT_COMMON, FAULT_KEYS],
];

for (const [name, schema, common, table] of rows) {
  test(`${name}: the kinds table and the schema name the same fields and kinds`, () => {
    const fields = Object.keys(schema.properties as Record<string, TSchema>).sort();
    const kinds = ((schema.properties as Record<string, TSchema>).kind.anyOf as TSchema[]).map((x) => x.const as string).sort();
    assert.equal(Object.keys(table).sort(), kinds, "a row per kind");
    const listed = [...new Set([...common, ...Object.values(table).flat()])].sort();
    assert.equal(listed, fields, "every field read by some kind, and only schema fields");
    for (const [kind, keys] of Object.entries(table)) {
      assert.equal(keys.filter((k) => common.includes(k)), [], `${kind}: a common field listed again`);
      assert.is(new Set(keys).size, keys.length, `${kind}: a field listed twice`);
    }
  });
}

test.run();
