// The scenario format: a JSON or YAML document validated by this TypeBox schema, then by the
// cross-field rules in load.ts. Every error names the field path (`topology.k`,
// `traffic[0].bytes`) and what was expected; a scenario with any error does not run.
//
// Units are in the names (Gbps, Ns, Us, Bytes). Sections are open to extension: later traffic
// kinds, faults, plots and sweeps add keys here without changing the ones below.

import { type Static, Type } from "@sinclair/typebox";
import { MAX_FLOW_BYTES } from "../traffic/traffic";

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
    pods: Type.Optional(Int({ minimum: 2, maximum: 128, description: "fattree, 3 tiers: pods built, 2 to k (default k)" })),
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
    controlRouting: Type.Optional(
      Type.Union([Type.Literal("as-data"), Type.Literal("minimal")], {
        description: "Dragonfly / Slim Fly: ACKs, NACKs and CNPs routed as data (by the EV they echo) or on the minimal route (the Spritz authors' htsim)",
      }),
    ),
    trimming: Type.Optional(Type.Boolean()),
    bufferBdp: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 1000 })),
    bufferBytes: Type.Optional(Int({ minimum: 1, maximum: 2 ** 30 })),
    ecnMinFraction: Type.Optional(Num({ minimum: 0, maximum: 1 })),
    ecnMaxFraction: Type.Optional(Num({ minimum: 0, maximum: 1 })),
    queue: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "lib/switch PortQueues parameters" })),
    switchBuffer: Type.Optional(
      Type.Object(
        {
          bytes: Int({ minimum: 1, maximum: 2 ** 30, description: "the switch's buffer B, shared by all its ports (DCP §6.2: 32 MB)" }),
          rule: Type.Optional(
            Type.Union([Type.Literal("dynamic"), Type.Literal("complete")], {
              description: "dynamic (default): each queue is also held to α·(B − used) (Choudhury & Hahne); complete: only B limits. With network.pfc, the rule sets when an ingress queue pauses instead (lib/switch PfcShared)",
            }),
          ),
          alphaLog2: Type.Optional(Int({ minimum: -8, maximum: 8, description: "α = 2^alphaLog2 of the dynamic rule (default 0: α = 1; with network.pfc, each switch port HPCC's α from its rate and the hosts': 1/8 at the hosts' rate, one shift less per doubling above it, down to 1; given, every port's)" })),
        },
        { additionalProperties: false, description: "a shared buffer per switch on top of each port's own limits (absent: per-port limits only)" },
      ),
    ),
    controlWeight: Type.Optional(Int({ minimum: 1, maximum: 1_000_000 })),
    hostJitterNs: Type.Optional(
      Num({ minimum: 0, maximum: 1_000_000, description: "after each packet a host's NIC sends, a random pause in [0, hostJitterNs) before its next (0: none)" }),
    ),
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
          reserveBytes: Type.Optional(Int({ minimum: 0, maximum: 2 ** 29, description: "with network.switchBuffer: bytes each ingress queue holds before it draws on the shared part (default 4096, HPCC)" })),
          resumeOffsetBytes: Type.Optional(Int({ minimum: 0, maximum: 2 ** 29, description: "with network.switchBuffer: resume this far below the threshold (default 3072, HPCC)" })),
          watchdogNs: Type.Optional(
            Int({ minimum: 0, maximum: 2 ** 40, description: "PFC watchdog: a switch port paused this long without a break, with packets of PFC's priority (its data FIFO) queued, is in a pause storm, found at the first PAUSE frame after it (default 200 ms as SONiC and Junos; 0: off)" }),
          ),
          watchdogRestoreNs: Type.Optional(Int({ minimum: 1, maximum: 2 ** 40, description: "PFC watchdog: the restoration time (default 200 ms)" })),
          watchdogAction: Type.Optional(
            Type.Union([Type.Literal("forward"), Type.Literal("drop")], {
              description: "PFC watchdog: a storming port ignores PAUSE frames (forward, the default) or also discards its data queue and the data bound for it or arriving on it (drop: SONiC's default, DCP §2.1)",
            }),
          ),
          watchdogRestore: Type.Optional(
            Type.Union([Type.Literal("fixed"), Type.Literal("quiet")], {
              description: "PFC watchdog: restore watchdogRestoreNs after the detection (fixed, the default: Junos' recovery time) or once no PAUSE frame has come for watchdogRestoreNs (quiet: SONiC's restoration time)",
            }),
          ),
        },
        { additionalProperties: false, description: "PFC on every switch ingress port (present: on); lib/switch Pfc parameters, or PfcShared ones with network.switchBuffer" },
      ),
    ),
    reflex: Type.Optional(
      Type.Object(
        {
          nsf: Type.Optional(Type.Boolean({ description: "Near-Source Feedback at the source ESW (default true)" })),
          ndt: Type.Optional(Type.Boolean({ description: "Near-Destination Throttling at the destination ESW (default true; needs nsf)" })),
          params: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "lib/switch/reflex parameters (Table I defaults)" })),
          e2eAckDrivesCc: Type.Optional(
            Type.Boolean({ description: "Under NSF an inter-DC flow's end-to-end ACK that arrives while NSF holds it Silent runs its CC's ACK handler with the last RTT_src it heard, so its window or rate can grow again (default false: delivery confirmation only, Reflex §III-C)" }),
          ),
        },
        { additionalProperties: false, description: "Reflex at the external switches of the twodc topology (present: on); inter-DC flows need swift or timely" },
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
    accurateBaseRtt: Type.Optional(
      Type.Boolean({
        description:
          "NSCC flows open with their own path's unloaded RTT as base RTT, and the maxWnd and window that follow, the constants staying the network's (uet-htsim -enable_accurate_base_rtt; UEC §3.6.13.7's probe is not modelled). Default false: every flow starts at the network RTT (its class's on two DCs)",
      }),
    ),
  },
  { additionalProperties: false },
);

const Bytes = () => Int({ minimum: 1, maximum: MAX_FLOW_BYTES });
/**
 * The latest time a scenario may name, in µs: the fabric's clock counts integer picoseconds below
 * 2^53 (9,007 s); past it a time loses whole picoseconds, and at 10^20 µs a run hung (audit, 2026-12-07).
 */
/** The latest time a scenario may name or imply (the clock counts integer ps below 2^53). */
export const MAX_TIME_US = 9e9;

export const FlowSchema = Type.Object(
  {
    src: Int({ minimum: 0 }),
    dst: Int({ minimum: 0 }),
    bytes: Bytes(),
    startUs: Type.Optional(Num({ minimum: 0, maximum: MAX_TIME_US })),
    after: Type.Optional(Type.Array(Int({ minimum: 0 }), { description: "indices (in this list) of flows whose delivery this one waits for" })),
    afterAcked: Type.Optional(Type.Array(Int({ minimum: 0 }), { description: "indices of flows that must be acknowledged first" })),
    class: Type.Optional(Type.String()),
    group: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const TRAFFIC_KINDS = ["incast", "permutation", "matrix", "flows", "tornado", "alltoall", "allreduce", "cdf", "adversarial", "monitored", "put"] as const;

export const TrafficSchema = Type.Object(
  {
    kind: Type.Union(TRAFFIC_KINDS.map((k) => Type.Literal(k))),
    bytes: Type.Optional(Bytes()),
    senders: Type.Optional(Int({ minimum: 1 })),
    senderList: Type.Optional(Type.Array(Int({ minimum: 0 }))),
    receiver: Type.Optional(Int({ minimum: 0 })),
    startUs: Type.Optional(Num({ minimum: 0, maximum: MAX_TIME_US })),
    file: Type.Optional(Type.String()),
    text: Type.Optional(Type.String({ description: "matrix: the .cm text itself (self-contained scenarios)" })),
    startUnit: Type.Optional(
      Type.Union([Type.Literal("us"), Type.Literal("ps")], {
        description: "matrix: the unit of each connection's start, us (htsim's ConnectionMatrix::save; default) or ps (htsim's gen_*.py generators and current loader)",
      }),
    ),
    flows: Type.Optional(Type.Array(FlowSchema)),
    cc: Type.Optional(ModuleRef),
    lb: Type.Optional(ModuleRef),
    class: Type.Optional(Type.String({ description: "flow class for metrics (default: the kind, or the generator's)" })),
    hosts: Type.Optional(Type.Union([Type.Array(Int({ minimum: 0 })), Type.Literal("rest")], { description: "hosts taking part (\"rest\": those no earlier entry uses)" })),
    // incast
    bytesList: Type.Optional(Type.Array(Bytes(), { minItems: 1 })),
    staggerUs: Type.Optional(Num({ minimum: 0, maximum: MAX_TIME_US })),
    jitterUs: Type.Optional(Num({ minimum: 0, maximum: MAX_TIME_US })),
    // permutation, tornado, adversarial
    cross: Type.Optional(Type.Boolean({ description: "permutation: every pair across the core (fat trees, two DCs) or across groups (Dragonfly; Slim Fly: its columns)" })),
    shift: Type.Optional(Int()),
    // collectives
    window: Type.Optional(Int({ minimum: 0 })),
    algorithm: Type.Optional(Type.Union([Type.Literal("ring"), Type.Literal("butterfly")])),
    groups: Type.Optional(Int({ minimum: 1 })),
    groupSize: Type.Optional(Int({ minimum: 2 })),
    placement: Type.Optional(Type.Union([Type.Literal("random"), Type.Literal("contiguous")])),
    // cdf
    cdf: Type.Optional(Type.Union([Type.Literal("websearch"), Type.Literal("hadoop")])),
    cdfPoints: Type.Optional(Type.Array(Type.Tuple([Num({ minimum: 0 }), Num({ minimum: 0, maximum: 100 })]), { minItems: 2 })),
    cdfFile: Type.Optional(Type.String({ description: "cdf: a flow-size CDF file relative to the scenario, `size_bytes cdf_percent` a line (traffic/cdf.ts parseCdf)" })),
    // A fraction of the source's link (traffic/cdf.ts): above 1 a source offers more than it can send,
    // its backlog grows for as long as flows arrive, and no load level is measured.
    load: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 1 })),
    durationUs: Type.Optional(Num({ exclusiveMinimum: 0, maximum: MAX_TIME_US })),
    maxSendersPerReceiver: Type.Optional(Int({ minimum: 0 })),
    interDcFraction: Type.Optional(Num({ minimum: 0, maximum: 1 })),
    // monitored (Spritz Fig. 5)
    src: Type.Optional(Int({ minimum: 0 })),
    dst: Type.Optional(Int({ minimum: 0 })),
    backgroundBytes: Type.Optional(Bytes()),
    freeGroups: Type.Optional(Int({ minimum: 0 })),
    // put (DACK §III)
    rxFraction: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 1 })),
    rxBufferBytes: Type.Optional(Int({ minimum: 1, maximum: 2 ** 30 })),
  },
  { additionalProperties: false },
);

/** A link: of switch `switch` at local port `port`, of host `host`, or by a global port id. */
export const LinkRef = Type.Object(
  { switch: Type.Optional(Int({ minimum: 0 })), port: Type.Optional(Int({ minimum: 0 })), host: Type.Optional(Int({ minimum: 0 })), id: Type.Optional(Int({ minimum: 0 })) },
  { additionalProperties: false },
);

export const LINK_CLASSES = ["switch", "host", "any", "tier1", "tier2", "wan", "local", "global"] as const;
export const PACKET_KINDS = ["data", "ho", "ack", "nack", "cnp"] as const;

export const FaultSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal("down"), Type.Literal("degrade"), Type.Literal("loss"), Type.Literal("corrupt"), Type.Literal("slow")]),
    label: Type.Optional(Type.String()),
    atUs: Type.Optional(Num({ minimum: 0, maximum: MAX_TIME_US })),
    untilUs: Type.Optional(Num({ exclusiveMinimum: 0, maximum: MAX_TIME_US })),
    links: Type.Optional(Type.Array(LinkRef)),
    switches: Type.Optional(Type.Array(Int({ minimum: 0 }))),
    random: Type.Optional(
      Type.Object(
        {
          fraction: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 1 })),
          count: Type.Optional(Int({ minimum: 1 })),
          class: Type.Optional(Type.Union(LINK_CLASSES.map((k) => Type.Literal(k)))),
        },
        { additionalProperties: false },
      ),
    ),
    everywhere: Type.Optional(Type.Boolean()),
    gbps: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 100000 })),
    probability: Type.Optional(Num({ minimum: 0, maximum: 1 })),
    packets: Type.Optional(Type.Array(Type.Union(PACKET_KINDS.map((k) => Type.Literal(k))), { minItems: 1 })),
    trim: Type.Optional(
      Type.Boolean({
        description: "loss only: a data packet hit is trimmed to a header and goes on, as DCP's P4 switch does under enforced loss (DCP §6.1 Fig. 10, §6.3 Fig. 17); needs trimming switches",
      }),
    ),
    hosts: Type.Optional(Type.Array(Int({ minimum: 0 }))),
    rxFraction: Type.Optional(Num({ exclusiveMinimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);

/** A port: the switch port facing host `to`, the NIC of host `from`, switch `switch` port `port`, or a global id. */
export const PortRef = Type.Object(
  { to: Type.Optional(Int({ minimum: 0 })), from: Type.Optional(Int({ minimum: 0 })), switch: Type.Optional(Int({ minimum: 0 })), port: Type.Optional(Int({ minimum: 0 })), id: Type.Optional(Int({ minimum: 0 })) },
  { additionalProperties: false },
);

export const MetricsSchema = Type.Object(
  {
    sizeClassesBytes: Type.Optional(Type.Array(Int({ minimum: 1 }), { description: "upper bounds of the size classes (default [200000, 10000000]: DCP §6.2)" })),
    sample: Type.Optional(
      Type.Object(
        {
          intervalUs: Type.Optional(Num({ exclusiveMinimum: 0, maximum: MAX_TIME_US })),
          ports: Type.Optional(Type.Array(PortRef)),
          flows: Type.Optional(Type.Array(Int({ minimum: 0 }), { description: "flows whose CC window or rate and delivered bytes are sampled; under reliability dack also their initiator's halt state and credits (DACK §II-E, Fig. 2)" })),
          hosts: Type.Optional(
            Type.Array(Int({ minimum: 0 }), {
              description:
                "reliability dack / opt: hosts whose DACK target is sampled, its processing-queue occupancy in bytes and its congested flag (DACK §II-D; the paper's buffer occupancy, Figs. 8–9); each must receive a flow",
            }),
          ),
          maxPoints: Type.Optional(Int({ minimum: 16, maximum: 1_000_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    paths: Type.Optional(Type.Object({ flows: Type.Array(Int({ minimum: 0 })) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const RunSchema = Type.Object(
  {
    endUs: Type.Optional(Num({ exclusiveMinimum: 0, maximum: MAX_TIME_US })),
    maxEvents: Type.Optional(
      Int({ minimum: 1, description: "stop after this many events, counted in blocks of 65,536: a bound on wall time that stops every machine at the same point" }),
    ),
    faultBaseline: Type.Optional(Type.Boolean({ description: "with faults: also run without them and report the difference (default true)" })),
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
    faults: Type.Optional(Type.Array(FaultSchema)),
    metrics: Type.Optional(MetricsSchema),
    run: Type.Optional(RunSchema),
    tags: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { description: "labels copied into results (sweeps set them)" })),
  },
  { additionalProperties: false },
);

export type Scenario = Static<typeof ScenarioSchema>;
export type TrafficSpec = Static<typeof TrafficSchema>;
export type FaultEntry = Static<typeof FaultSchema>;
export type LinkRefSpec = Static<typeof LinkRef>;
export type PortRefSpec = Static<typeof PortRef>;
export type ModuleSpec = Static<typeof ModuleRef>;
