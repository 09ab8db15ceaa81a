// The scenario format: a JSON or YAML document validated by this TypeBox schema, then by the
// cross-field rules in load.ts. Every error names the field path (`topology.k`,
// `traffic[0].bytes`) and what was expected; a scenario with any error does not run.
//
// Units are in the names (Gbps, Ns, Us, Bytes). Sections are open to extension: later traffic
// kinds, faults, plots and sweeps add keys here without changing the ones below.

import { type Static, Type } from "@sinclair/typebox";

const Int = (o: { minimum?: number; maximum?: number; default?: number; description?: string } = {}) => Type.Integer(o);
const Num = (o: { minimum?: number; exclusiveMinimum?: number; maximum?: number; default?: number; description?: string } = {}) => Type.Number(o);

export const ModuleRef = Type.Object(
  {
    name: Type.String({ description: "module name" }),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "constructor parameters in the module's own units" })),
  },
  { additionalProperties: false },
);

export const TopologySchema = Type.Object(
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
    linkGbps: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 2000 })),
    hostGbps: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 2000 })),
    latencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e9 })),
    hostLatencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e9 })),
    globalLatencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e9 })),
    switchLatencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e9 })),
    wanGbps: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 100000 })),
    wanLatencyNs: Type.Optional(Num({ minimum: 0, maximum: 1e10 })),
  },
  { additionalProperties: false },
);

export const NetworkSchema = Type.Object(
  {
    mtuBytes: Type.Optional(Int({ minimum: 128, maximum: 65535 })),
    headerBytes: Type.Optional(Int({ minimum: 1, maximum: 1024 })),
    ackBytes: Type.Optional(Int({ minimum: 1, maximum: 1024 })),
    routing: Type.Optional(
      Type.Union([Type.Literal("ecmp"), Type.Literal("adaptive"), Type.Literal("valiant"), Type.Literal("minimal"), Type.Literal("spritz"), Type.Literal("ugal")]),
    ),
    trimming: Type.Optional(Type.Boolean()),
    bufferBdp: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 1000 })),
    bufferBytes: Type.Optional(Int({ minimum: 1, maximum: 2 ** 30 })),
    ecnMinFraction: Type.Optional(Num({ minimum: 0, maximum: 1 })),
    ecnMaxFraction: Type.Optional(Num({ minimum: 0, maximum: 1 })),
    queue: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "lib/switch PortQueues parameters" })),
    controlWeight: Type.Optional(Int({ minimum: 1, maximum: 1_000_000 })),
    rxGbps: Type.Optional(Num({ minimum: 0, maximum: 2000 })),
    rxBufferBytes: Type.Optional(Int({ minimum: 1, maximum: 2 ** 30 })),
    packetPool: Type.Optional(Int({ minimum: 16, maximum: 2 ** 24 })),
    pfc: Type.Optional(
      Type.Object(
        {
          xoffBytes: Type.Optional(Int({ minimum: 1, maximum: 2 ** 29 })),
          xonBytes: Type.Optional(Int({ minimum: 0, maximum: 2 ** 29 })),
          headroomBytes: Type.Optional(Int({ minimum: 0, maximum: 2 ** 29 })),
          pauseQuanta: Type.Optional(Int({ minimum: 1, maximum: 65535 })),
          refreshNs: Type.Optional(Int({ minimum: 1 })),
        },
        { additionalProperties: false, description: "PFC on every switch ingress port (present: on); lib/switch Pfc parameters" },
      ),
    ),
  },
  { additionalProperties: false },
);

export const TransportSchema = Type.Object(
  {
    cc: Type.Optional(ModuleRef),
    lb: Type.Optional(ModuleRef),
    reliability: Type.Optional(ModuleRef),
    ackEveryBytes: Type.Optional(Int({ minimum: 0, maximum: 2 ** 30 })),
  },
  { additionalProperties: false },
);

export const FlowSchema = Type.Object(
  {
    src: Int({ minimum: 0 }),
    dst: Int({ minimum: 0 }),
    bytes: Int({ minimum: 1, maximum: 2 ** 31 - 1 }),
    startUs: Type.Optional(Num({ minimum: 0 })),
  },
  { additionalProperties: false },
);

export const TrafficSchema = Type.Object(
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
    lb: Type.Optional(ModuleRef),
  },
  { additionalProperties: false },
);

export const RunSchema = Type.Object(
  {
    endUs: Type.Optional(Num({ exclusiveMinimum: 0 })),
  },
  { additionalProperties: false },
);

export const ScenarioSchema = Type.Object(
  {
    name: Type.Optional(Type.String()),
    seed: Type.Optional(Int({ minimum: 0, maximum: 2 ** 32 - 1 })),
    topology: TopologySchema,
    network: Type.Optional(NetworkSchema),
    transport: Type.Optional(TransportSchema),
    traffic: Type.Array(TrafficSchema, { minItems: 1 }),
    run: Type.Optional(RunSchema),
  },
  { additionalProperties: false },
);

export type Scenario = Static<typeof ScenarioSchema>;
export type TrafficSpec = Static<typeof TrafficSchema>;
export type ModuleSpec = Static<typeof ModuleRef>;
