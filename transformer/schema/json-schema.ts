/**
 * JSON Schema (2020-12) from a wire-schema snapshot, for services in other languages that decode
 * the same MessagePack and want to validate the result against the same contract. One standalone
 * schema per codec; its object types and recursive aliases are its `$defs`.
 *
 * MessagePack has two types JSON lacks; the convention here is the common one for carrying them in
 * JSON: a timestamp (`Date`) is an RFC 3339 `date-time` string and bin (`Uint8Array`, `ArrayBuffer`)
 * a base64 string. A `Map` becomes an object (JSON keys are strings). Validators that check decoded
 * MessagePack values directly should map those types the same way first.
 */
import { jsonSchemaOf } from "../model/kinds.js";
import type { JsonSchema } from "./forms.js";
import type { CodecSchema, SchemaNamed, SchemaType, Snapshot } from "./snapshot.js";

export { templatePattern } from "./forms.js";
export type { JsonSchema };

export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** Codec name -> its JSON Schema, in the snapshot's (sorted) order. */
export function jsonSchemas(snapshot: Snapshot): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, codec] of Object.entries(snapshot.codecs)) out[name] = codecJsonSchema(name, codec);
  return out;
}

export function codecJsonSchema(name: string, codec: CodecSchema): { [keyword: string]: unknown } {
  const root = typeSchema(codec.root);
  const defs = Object.entries(codec.types).map(([typeName, named]) => [typeName, namedSchema(named)] as const);
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: `${name} (${codec.display})`,
    ...(typeof root === "boolean" ? (root ? {} : { not: {} }) : root),
    ...(defs.length > 0 ? { $defs: Object.fromEntries(defs) } : {}),
  };
}

function namedSchema(named: SchemaNamed): JsonSchema {
  if (named.kind === "alias") return typeSchema(named.type);
  const properties = Object.fromEntries(named.properties.map((p) => [p.name, typeSchema(p.type)]));
  // A required property whose value may be `undefined` is written as absence, so it may be missing.
  const required = named.properties.filter((p) => !p.optional && !admitsUndefined(p.type)).map((p) => p.name);
  if (named.layout === "positional") {
    // Issue 17 part 2: the values in property order.
    // Past the last required value they may be left out; an absent optional value before a present
    // one is nil, whatever its type. Decode refuses more values than the type declares.
    const lastRequired = named.properties.reduce((last, p, i) => (p.optional ? last : i + 1), 0);
    const prefixItems = named.properties.map((p) =>
      p.optional && !admitsNull(p.type) ? { anyOf: [typeSchema(p.type), { type: "null" }] } : typeSchema(p.type),
    );
    return { type: "array", title: named.display, prefixItems, items: false, minItems: lastRequired };
  }
  const schema: { [keyword: string]: unknown } = { type: "object", title: named.display, properties };
  if (required.length > 0) schema.required = required;
  // Decoders skip keys a type does not declare, so they are allowed; an index signature types them.
  if (named.rest) schema.additionalProperties = typeSchema(named.rest);
  return schema;
}

function admitsNull(t: SchemaType): boolean {
  return (
    t.kind === "null" ||
    t.kind === "undefined" ||
    t.kind === "unknown" ||
    (t.kind === "union" && t.members.some(admitsNull))
  );
}

function admitsUndefined(t: SchemaType): boolean {
  return t.kind === "undefined" || t.kind === "unknown" || (t.kind === "union" && t.members.some(admitsUndefined));
}

function typeSchema(t: SchemaType): JsonSchema {
  return jsonSchemaOf(t);
}
