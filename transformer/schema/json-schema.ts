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
import type { TemplateHole } from "../model/ir.js";
import type { CodecSchema, SchemaNamed, SchemaType, Snapshot } from "./snapshot.js";

export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

export type JsonSchema = boolean | { [keyword: string]: unknown };

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
  switch (t.kind) {
    case "null":
    case "undefined":
      return { type: "null" };
    case "boolean":
      return { type: "boolean" };
    case "number":
      return numberSchema(t.width);
    case "bigint":
      return { type: "integer", minimum: -(2 ** 63), maximum: 2 ** 64 - 1 };
    case "numberOrBigint":
      return { type: "number" };
    case "string":
      return { type: "string" };
    case "literals":
      return t.values.length === 1 ? { const: t.values[0] } : { enum: t.values };
    // JSON Schema has no bit sets: the integers up to all bits set, the bits named.
    case "flags":
      return {
        type: "integer",
        minimum: 0,
        maximum: t.values.reduce((mask, bit) => mask + bit, 0),
        description: `any combination of the bits ${t.values.filter((v) => v !== 0).join(", ")}`,
      };
    case "template":
      return { type: "string", pattern: "texts" in t ? templatePattern(t.texts, t.holes) : t.pattern };
    // Instant as a Date (the timestamp extension); the others as the ISO 8601 text they travel as.
    case "temporal":
      return t.type === "Instant"
        ? { type: "string", format: "date-time" }
        : { type: "string", description: `Temporal.${t.type} in ISO 8601 form` };
    // The JSON form of a mapped class is its wire type's.
    case "mapped":
      return t.ext === undefined
        ? { allOf: [typeSchema(t.wire)], description: `${t.name}, written through its wire mapping ${t.mapping}` }
        : {
            description: `${t.name}, as MessagePack extension type ${t.ext} (its mapping ${t.mapping}), which JSON has no form for`,
          };
    case "date":
      return { type: "string", format: "date-time" };
    case "bytes":
    case "arrayBuffer":
      return { type: "string", contentEncoding: "base64" };
    case "array":
      return { type: "array", items: typeSchema(t.element) };
    case "set":
      return { type: "array", items: typeSchema(t.element), uniqueItems: true };
    case "tuple": {
      const restAt = t.elements.findIndex((e) => e.mode === "rest");
      const leading = restAt < 0 ? t.elements : t.elements.slice(0, restAt);
      const schema: { [keyword: string]: unknown } = { type: "array" };
      if (leading.length > 0) schema.prefixItems = leading.map((e) => typeSchema(e.type));
      // Elements after a rest element (`[number, ...string[], boolean]`) are counted from the end,
      // which JSON Schema cannot say: past the leading ones, each is the rest's type or one of theirs.
      const after = restAt < 0 ? [] : t.elements.slice(restAt);
      schema.items =
        after.length === 0
          ? false
          : after.length === 1
            ? typeSchema(after[0]!.type)
            : { anyOf: after.map((e) => typeSchema(e.type)) };
      const min = t.elements.filter((e) => e.mode === "required").length;
      if (min > 0) schema.minItems = min;
      return schema;
    }
    case "map":
    case "record": {
      const schema: { [keyword: string]: unknown } = { type: "object", additionalProperties: typeSchema(t.value) };
      if (t.key.kind === "literals" || t.key.kind === "template") schema.propertyNames = typeSchema(t.key);
      return schema;
    }
    case "union":
      return { anyOf: t.members.map(typeSchema) };
    case "ref":
      return { $ref: `#/$defs/${encodeURIComponent(t.name.replace(/~/g, "~0").replace(/\//g, "~1"))}` };
    case "unknown":
      return true;
  }
}

/** A width's range (issue 17 part 3); a plain `number` is any JSON number. */
function numberSchema(width: string | undefined): JsonSchema {
  const int = /^(u?)int(8|16|32|64)$/.exec(width ?? "");
  if (!int) return { type: "number" };
  const bits = Number(int[2]);
  return int[1]
    ? { type: "integer", minimum: 0, maximum: 2 ** bits - 1 }
    : { type: "integer", minimum: -(2 ** (bits - 1)), maximum: 2 ** (bits - 1) - 1 };
}

/**
 * A regular expression for a template literal type, for JSON Schema's `pattern`. Approximate where
 * a regular expression cannot follow the checker's rule (runtime/template.ts, what the codec does):
 * texts, `string` placeholders and a placeholder followed by an empty text are exact, but `number`
 * and `bigint` placeholders are matched by their syntax, so a number of any size passes (the codec
 * wants `+s` finite), and one followed by a text its own syntax could hold (`${number}e`) may be
 * split where the checker would not split it.
 */
export function templatePattern(texts: readonly string[], holes: readonly TemplateHole[]): string {
  let pattern = "^" + escapeRegExp(texts[0]!);
  holes.forEach((hole, i) => {
    const next = texts[i + 1]!;
    const last = i === holes.length - 1;
    if (!last && next === "") pattern += ONE_CHAR[hole];
    else if (hole === "string") pattern += last ? "[\\s\\S]*" : `(?:(?!${escapeRegExp(next)})[\\s\\S])*`;
    else pattern += hole === "number" ? NUMBER : BIGINT;
    pattern += escapeRegExp(next);
  });
  return pattern + "$";
}

/** A placeholder followed by an empty text holds one character. */
const ONE_CHAR: Record<TemplateHole, string> = { string: "[\\s\\S]", number: "[\\d\\s]", bigint: "\\d" };
/** What `+s` reads as a number, by syntax alone (`\s` is its whitespace too); "" is not one. */
const NUMBER =
  "(?:\\s*(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|0[xX][\\da-fA-F]+|0[oO][0-7]+|0[bB][01]+)\\s*|\\s+)";
/** A bigint literal as the TypeScript scanner reads it, with the characters it skips silently around the `-`. */
const BIGINT =
  "[\\u0085\\u2028\\u2029]*(?:-[\\u0085\\u2028\\u2029]*)?(?:0|[1-9]\\d*|0[xX][\\da-fA-F]+|0[oO][0-7]+|0[bB][01]+)";

/** Escapes the characters a regular expression reads as syntax (valid with and without the `u` flag). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
