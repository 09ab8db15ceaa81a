// The conformance vector format `nicfw-vectors/1` as a TypeBox schema (DESIGN.md "Conformance
// vectors"). Other implementations can export it as JSON Schema with `JSON.stringify(VectorSchema)`.
import { Type, type Static } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

const Scalar = Type.Union([Type.Number(), Type.Boolean()]);
const Args = Type.Record(Type.String(), Scalar);

export const StepSchema = Type.Object(
  {
    call: Type.String({ minLength: 1, description: "handler name, e.g. onAck" }),
    args: Args,
    expect: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.Number(), Type.Boolean(), Type.String()]), {
        description: "reader name, `return`, `throws` (error name) or `out.<field>` → expected value",
      }),
    ),
    repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000, description: "call the handler this many times" })),
    advance: Type.Optional(
      Type.Record(Type.String(), Type.Number(), { description: "added to these numeric arguments between repetitions" }),
    ),
    note: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const VectorSchema = Type.Object(
  {
    format: Type.Literal("nicfw-vectors/1"),
    module: Type.String({ pattern: "^(cc|lb|reliability|switch)/[a-z0-9-]+$" }),
    class: Type.Optional(Type.String({ description: "exported class, when the module folder exports several" })),
    name: Type.String({ pattern: "^[a-z0-9][a-z0-9-]*$" }),
    source: Type.String({ minLength: 1, description: "paper/spec sections; says 'hand-derived' when the vector has a derivation, '(recorded)' when it has none" }),
    derivation: Type.Optional(
      Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })], {
        description: "the hand arithmetic behind the expectations, with non-space text (present only on hand-derived vectors)",
      }),
    ),
    params: Type.Record(Type.String(), Type.Unknown()),
    capacity: Type.Optional(Type.Integer({ minimum: 1, description: "flow slots of the table under test; 64 when absent" })),
    open: Type.Array(Args),
    steps: Type.Array(StepSchema, { minItems: 1 }),
    tolerance: Type.Optional(Type.Record(Type.String(), Type.Number({ minimum: 0 }))),
  },
  { additionalProperties: false },
);

export type VectorFile = Static<typeof VectorSchema>;

/**
 * A frame vector (conformance/README.md "Frame vectors"): DCP wire functions called on bytes. The
 * calls, their arguments and the expectation keys are checked by the runner (frames.ts), which
 * names what is wrong; the schema fixes the shape.
 */
export const FrameStepSchema = Type.Object(
  {
    call: Type.String({
      minLength: 1,
      description: "dcpCheck, check (DcpPacket wrap + check), emitData, emitAck, trimToHo, bounceHo, ipv4Checksum, dcpOpcode or dcpDataHeaderBytes",
    }),
    args: Args,
    header: Type.Optional(
      Type.Record(Type.String(), Type.Number(), { description: "emitData and emitAck: DcpHeader fields by name (an unknown one fails); a field left out keeps its default" }),
    ),
    frameHex: Type.Optional(
      Type.String({ pattern: "^[0-9a-f ]*$", description: "the buffer before the call: lowercase hex, spaces ignored; absent: the buffer the previous step left" }),
    ),
    expect: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.Number(), Type.Boolean(), Type.String()]), {
        description: "`return`, `frameHex` (the whole buffer after the call), and for a check step `errors` and DcpPacket accessors → expected value",
      }),
    ),
    note: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const FrameVectorSchema = Type.Object(
  {
    format: Type.Literal("nicfw-vectors/1"),
    kind: Type.Literal("frame", { description: "marks a frame vector: wire functions on bytes, not handlers on a table" }),
    module: Type.String({ pattern: "^(cc|lb|reliability|switch)/[a-z0-9-]+$" }),
    name: Type.String({ pattern: "^[a-z0-9][a-z0-9-]*$" }),
    source: VectorSchema.properties.source,
    derivation: VectorSchema.properties.derivation,
    steps: Type.Array(FrameStepSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

/** Either kind of vector file, as schema.json gives it to ports. */
export const VectorFileSchema = Type.Union([VectorSchema, FrameVectorSchema]);

const compiled = TypeCompiler.Compile(VectorSchema);
const compiledFrame = TypeCompiler.Compile(FrameVectorSchema);

/**
 * Schema errors as `path: message` lines; empty when the value is a valid vector. A value with
 * `"kind": "frame"` is checked as a frame vector, any other as a handler vector (whose schema
 * has no `kind`: a misspelt kind is an unexpected property, not a silent skip).
 */
export function vectorErrors(value: unknown): string[] {
  const frame = typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "frame";
  const c = frame ? compiledFrame : compiled;
  if (c.Check(value)) return [];
  // A step is named as the runners name a failing one, 1-based with its call ("step 3
  // (onAck)"), not by its JSON path's 0-based index (/steps/2/…: audit 2026-12-07).
  const steps = (value as { steps?: unknown }).steps;
  return [...c.Errors(value)].slice(0, 10).map((e) => {
    const m = /^\/steps\/(\d+)(\/.*)?$/.exec(e.path);
    if (m === null) return `${e.path || "/"}: ${e.message}`;
    const step = Array.isArray(steps) ? (steps[Number(m[1])] as { call?: unknown } | undefined) : undefined;
    const call = typeof step?.call === "string" ? ` (${step.call})` : "";
    const field = m[2] === undefined ? "" : ` ${m[2].slice(1).replace(/\//g, ".")}`;
    return `step ${Number(m[1]) + 1}${call}${field}: ${e.message}`;
  });
}
