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

const compiled = TypeCompiler.Compile(VectorSchema);

/** Schema errors as `path: message` lines; empty when the value is a valid vector. */
export function vectorErrors(value: unknown): string[] {
  if (compiled.Check(value)) return [];
  return [...compiled.Errors(value)].slice(0, 10).map((e) => `${e.path || "/"}: ${e.message}`);
}
