/**
 * One entry per kind of the type model (ir.ts `TypeNode`): everything the rest of the transformer
 * asks about a kind in one place. `KINDS` is keyed by the kind union with every field required, so a
 * new variant of `TypeNode` does not compile until each question has an answer here; the emitter's
 * own `switch`es over the kind (emit/values.ts, emit/unions.ts) are exhaustive too.
 *
 * - families: the MessagePack format families a value arrives in (decode dispatch, union plans);
 * - test: the JS-side test by which a union tells the member apart on encode (model/unions.ts
 *   groups by it, emit/unions.ts `memberTest` writes it);
 * - describe: how every message names the type (diagnostics, the codecs' mismatch texts, union
 *   messages, the schema diff), with `describe` below as the one entry point;
 * - runtime: the runtime functions and Writer/Reader methods (`w.`/`r.`) its code calls;
 * - snapshot / readSnapshot / jsonSchema: its wire-schema form (schema/snapshot.ts), how a committed
 *   snapshot's form is checked, and its JSON Schema form (schema/json-schema.ts).
 */
import {
  compareText,
  numberSchema,
  sortLiterals,
  templatePattern,
  isTemplateParts,
  unionSchema,
} from "../schema/forms.js";
import type { JsonSchema } from "../schema/forms.js";
import type { SchemaType } from "../schema/schema-type.js";
import { TEMPORAL_TYPES, type Family, type NamedType, type TypeNode } from "./ir.js";

export type Kind = TypeNode["kind"];
export type NodeOf<K extends Kind> = Extract<TypeNode, { kind: K }>;
/** The kinds a snapshot holds: all but `param`, which it writes as `unknown`. */
export type SchemaKind = SchemaType["kind"];
/** What `describe` reads: a node of the model or its snapshot form. */
export type Described = TypeNode | SchemaType;

export const ALL_FAMILIES: readonly Family[] = ["NIL", "BOOL", "INT", "FLOAT", "STR", "BIN", "ARRAY", "MAP", "EXT"];

/**
 * How a text names the type, by where it goes:
 * - `"message"`: diagnostics, as the source would write the type (`Set<string>`, `[number, ...string[]]`);
 * - `"runtime"`: texts compiled into the codecs (a union's mismatch), where a container is named by
 *   its kind alone (`Set`, `Map`, `Record`, `tuple`): its contents get their own message, at their path;
 * - `"wire"`: the schema diff, which also says what a mapped class travels as (`Decimal (as string)`).
 */
export type DescribeStyle = "message" | "runtime" | "wire";

export interface DescribeContext {
  style: DescribeStyle;
  /** How a named type (`ref`) is written: its `display`. */
  name(ref: string): string;
  /** The text of a nested type, in the same style. */
  inner(node: Described): string;
}

export interface FamilyContext {
  named: Record<string, NamedType>;
  /** Aliases already followed (a recursive alias arrives in no family of its own). */
  seen: Set<string>;
  of(node: TypeNode): Family[];
}

/**
 * The JS-side test that picks a union's member on encode. Members whose test is shared (`group`)
 * are told apart by the union's plan (a discriminant, keys, trying); any other member is a group of
 * its own. `beforeObjects`: its values are objects with a prototype of their own that an object
 * type's test would also take, so its test runs first.
 */
export interface MemberTest {
  /** The test in words, as emit/unions.ts `memberTest` writes it. */
  js: string;
  group?: "object" | "array";
  beforeObjects?: true;
}

export interface SnapshotContext {
  inner(node: TypeNode): SchemaType;
  /** The snapshot's name of a named type (snapshot.ts `typeNames`). */
  rename(ref: string): string;
}

export interface ReadSnapshotContext {
  /** Checks a nested type, failing with its path `at`. */
  check(type: unknown, at: string): void;
  /** The path of the type being read, for nested paths. */
  at: string;
  /** The codec's `types` table, which a `ref` must name. */
  types: Record<string, unknown>;
}

export interface KindInfo<K extends Kind> {
  families(node: NodeOf<K>, c: FamilyContext): readonly Family[];
  test(node: NodeOf<K>, named: Record<string, NamedType>): MemberTest;
  describe(node: Extract<Described, { kind: K }>, d: DescribeContext): string;
  /** What generated code calls to write and to read a value of the kind (`w.`/`r.`: a Writer/Reader method). */
  runtime: { write: readonly string[]; read: readonly string[] };
  /** The wire-schema form (schema/snapshot.ts). */
  snapshot(node: NodeOf<K>, c: SnapshotContext): SchemaType;
  /** Whether a committed snapshot's type of this kind is well formed (null: a snapshot never holds the kind). */
  readSnapshot: K extends SchemaKind ? (t: Record<string, unknown>, c: ReadSnapshotContext) => boolean : null;
  /** The JSON Schema form of the snapshot form (null: a snapshot never holds the kind). */
  jsonSchema: K extends SchemaKind
    ? (t: Extract<SchemaType, { kind: K }>, inner: (t: SchemaType) => JsonSchema) => JsonSchema
    : null;
}

const simple = <K extends Kind>(kind: K) => ({ kind }) as SchemaType;
const always = () => true;

/** Element, key and value types of containers are in parentheses when their text is a list (`("a" | "b")[]`). */
function listed(node: Described, d: DescribeContext): string {
  const text = d.inner(node);
  const list =
    node.kind === "union" ||
    node.kind === "flags" ||
    (node.kind === "literals" && node.values.length > 1) ||
    (node.kind === "numberOrBigint" && !("width" in node && node.width));
  return list ? `(${text})` : text;
}

export const KINDS: { [K in Kind]: KindInfo<K> } = {
  null: {
    families: () => ["NIL"],
    test: () => ({ js: "v === null" }),
    describe: () => "null",
    runtime: { write: ["w.nil"], read: ["r.nil"] },
    snapshot: () => simple("null"),
    readSnapshot: always,
    jsonSchema: () => ({ type: "null" }),
  },
  undefined: {
    families: () => ["NIL"],
    test: () => ({ js: "v === undefined" }),
    describe: () => "undefined",
    runtime: { write: ["w.nil"], read: ["r.undefinedValue"] },
    snapshot: () => simple("undefined"),
    readSnapshot: always,
    jsonSchema: () => ({ type: "null" }),
  },
  boolean: {
    families: () => ["BOOL"],
    test: () => ({ js: 'typeof v === "boolean"' }),
    describe: () => "boolean",
    runtime: { write: ["w.bool", "w.putBool"], read: ["r.bool"] },
    snapshot: () => simple("boolean"),
    readSnapshot: always,
    jsonSchema: () => ({ type: "boolean" }),
  },
  number: {
    // An integer width takes ints alone: a float is a mismatch, even a whole one.
    families: (node) => (isIntWidth(node.width) ? ["INT"] : ["INT", "FLOAT"]),
    test: () => ({ js: 'typeof v === "number"' }),
    describe: (node) => node.width ?? "number",
    runtime: {
      write: [
        "w.number",
        "w.putNumber",
        "writeInt",
        "writeFloat32",
        "writeFloat64",
        "writeNumberArray",
        "writeFloat32Array",
      ],
      read: ["r.number", "readInt", "readFloat32", "readNumberArray", "readFloat32Array"],
    },
    snapshot: (node) => (node.width ? { kind: "number", width: node.width } : simple("number")),
    readSnapshot: always,
    jsonSchema: (t) => numberSchema(t.width),
  },
  bigint: {
    families: () => ["INT"],
    test: () => ({ js: 'typeof v === "bigint"' }),
    describe: () => "bigint",
    runtime: { write: ["writeBigint"], read: ["readBigint"] },
    snapshot: () => simple("bigint"),
    readSnapshot: always,
    jsonSchema: () => ({ type: "integer", minimum: -(2 ** 63), maximum: 2 ** 64 - 1 }),
  },
  numberOrBigint: {
    families: (node) => (isIntWidth(node.width) ? ["INT"] : ["INT", "FLOAT"]),
    test: () => ({ js: 'typeof v === "number" || typeof v === "bigint"' }),
    describe: (node) => ("width" in node && node.width) || "number | bigint",
    runtime: {
      write: ["writeNumberOrBigint", "writeInt64", "writeUint64"],
      read: ["readNumberOrBigint", "readInt64", "readUint64"],
    },
    // `Int64`/`Uint64` are `number | bigint` at a width: the width is what the contract says.
    snapshot: (node) => (node.width ? { kind: "number", width: node.width } : simple("numberOrBigint")),
    readSnapshot: always,
    jsonSchema: () => ({ type: "number" }),
  },
  string: {
    families: () => ["STR"],
    test: () => ({ js: 'typeof v === "string"' }),
    describe: () => "string",
    runtime: { write: ["writeString"], read: ["readString"] },
    snapshot: () => simple("string"),
    readSnapshot: always,
    jsonSchema: () => ({ type: "string" }),
  },
  literals: {
    families: (node) => {
      const out = new Set<Family>();
      for (const v of node.values) {
        if (typeof v === "string") out.add("STR");
        else if (typeof v === "boolean") out.add("BOOL");
        else {
          out.add("INT");
          out.add("FLOAT");
        }
      }
      return [...out];
    },
    test: () => ({ js: "one of the values (a switch, or a literal table)" }),
    describe: (node) => node.values.map((v) => JSON.stringify(v)).join(" | "),
    runtime: {
      write: ["w.bool", "w.number", "writeString", "literals", "mismatch"],
      read: ["readOneOf", "readString", "notOneOf", "readDynamic"],
    },
    snapshot: (node) => ({ kind: "literals", values: sortLiterals(node.values) }),
    readSnapshot: (t) =>
      Array.isArray(t.values) && t.values.every((v) => ["string", "number", "boolean"].includes(typeof v)),
    jsonSchema: (t) => (t.values.length === 1 ? { const: t.values[0] } : { enum: t.values }),
  },
  flags: {
    families: () => ["INT", "FLOAT"],
    test: () => ({ js: "isFlags(v, mask)" }),
    // What a flag enum takes: any combination of its bits (0, the empty one, goes without saying).
    // The schema diff names the bits as its other messages do (`flags 8 added`).
    describe: (node, d) =>
      d.style === "wire"
        ? `flags ${node.values.join(" | ")}`
        : "a combination of " + node.values.filter((v) => v !== 0).join(", "),
    runtime: { write: ["writeFlags", "isFlags"], read: ["readFlags"] },
    snapshot: (node) => ({ kind: "flags", values: [...node.values] }),
    readSnapshot: (t) =>
      Array.isArray(t.values) && t.values.every((v) => Number.isSafeInteger(v) && (v as number) >= 0),
    // JSON Schema has no bit sets: the integers up to all bits set, the bits named.
    jsonSchema: (t) => ({
      type: "integer",
      minimum: 0,
      maximum: t.values.reduce((mask, bit) => mask + bit, 0),
      description: `any combination of the bits ${t.values.filter((v) => v !== 0).join(", ")}`,
    }),
  },
  temporal: {
    families: (node) => (node.type === "Instant" ? ["EXT"] : ["STR"]),
    test: () => ({ js: "isTemporal(v, type)", beforeObjects: true }),
    describe: (node) => "Temporal." + node.type,
    runtime: { write: ["writeInstant", "writeTemporal", "isTemporal"], read: ["readInstant", "readTemporal"] },
    snapshot: (node) => ({ kind: "temporal", type: node.type }),
    readSnapshot: (t) => (TEMPORAL_TYPES as readonly unknown[]).includes(t.type),
    // Instant as a Date (the timestamp extension); the others as the ISO 8601 text they travel as.
    jsonSchema: (t) =>
      t.type === "Instant"
        ? { type: "string", format: "date-time" }
        : { type: "string", description: `Temporal.${t.type} in ISO 8601 form` },
  },
  mapped: {
    families: (node, c) => (node.ext === undefined ? c.of(node.wire) : ["EXT"]),
    test: () => ({ js: "mapping.is(v)", beforeObjects: true }),
    describe: (node, d) =>
      d.style !== "wire"
        ? node.name
        : `${node.name} (as ${node.ext === undefined ? d.inner(node.wire) : `ext type ${node.ext}`})`,
    runtime: { write: ["mapEncode", "writeExtension"], read: ["mapDecode", "readExtension"] },
    snapshot: (node, c) => ({
      kind: "mapped",
      name: node.name,
      mapping: node.mapping.exportName,
      wire: c.inner(node.wire),
      ...(node.ext === undefined ? {} : { ext: node.ext }),
    }),
    readSnapshot: (t, c) =>
      typeof t.name === "string" &&
      typeof t.mapping === "string" &&
      (t.ext === undefined || (Number.isInteger(t.ext) && (t.ext as number) >= 0 && (t.ext as number) <= 127)) &&
      (c.check(t.wire, c.at + ".wire"), true),
    // The JSON form of a mapped class is its wire type's.
    jsonSchema: (t, inner) =>
      t.ext === undefined
        ? { allOf: [inner(t.wire)], description: `${t.name}, written through its wire mapping ${t.mapping}` }
        : {
            description: `${t.name}, as MessagePack extension type ${t.ext} (its mapping ${t.mapping}), which JSON has no form for`,
          },
  },
  template: {
    families: () => ["STR"],
    test: () => ({ js: 'typeof v === "string" && isTemplateMember(v, texts, holes)' }),
    describe: (node) => node.text,
    runtime: {
      write: ["writeString", "isTemplateMember", "mismatch"],
      read: ["readString", "isTemplateMember", "notOneOf"],
    },
    snapshot: (node) => ({ kind: "template", texts: node.texts, holes: node.holes, text: node.text }),
    readSnapshot: (t) => typeof t.text === "string" && (isTemplateParts(t) || typeof t.pattern === "string"),
    jsonSchema: (t) => ({ type: "string", pattern: "texts" in t ? templatePattern(t.texts, t.holes) : t.pattern }),
  },
  date: {
    families: () => ["EXT"],
    test: () => ({ js: "v instanceof Date" }),
    describe: () => "Date",
    runtime: { write: ["writeDate"], read: ["readDate"] },
    snapshot: () => simple("date"),
    readSnapshot: always,
    jsonSchema: () => ({ type: "string", format: "date-time" }),
  },
  bytes: {
    families: () => ["BIN"],
    test: () => ({ js: "v instanceof Uint8Array" }),
    describe: () => "Uint8Array",
    runtime: { write: ["writeBytes"], read: ["readBytes"] },
    snapshot: () => simple("bytes"),
    readSnapshot: always,
    jsonSchema: () => ({ type: "string", contentEncoding: "base64" }),
  },
  arrayBuffer: {
    families: () => ["BIN"],
    test: () => ({ js: "v instanceof ArrayBuffer" }),
    describe: () => "ArrayBuffer",
    runtime: { write: ["writeArrayBuffer"], read: ["readArrayBuffer"] },
    snapshot: () => simple("arrayBuffer"),
    readSnapshot: always,
    jsonSchema: () => ({ type: "string", contentEncoding: "base64" }),
  },
  array: {
    families: () => ["ARRAY"],
    test: () => ({ js: "Array.isArray(v)", group: "array" }),
    describe: (node, d) => listed(node.element, d) + "[]",
    runtime: { write: ["w.array", "w.arrayHeader"], read: ["r.arrayHeader"] },
    snapshot: (node, c) => ({ kind: "array", element: c.inner(node.element) }),
    readSnapshot: (t, c) => (c.check(t.element, c.at + ".element"), true),
    jsonSchema: (t, inner) => ({ type: "array", items: inner(t.element) }),
  },
  tuple: {
    families: () => ["ARRAY"],
    test: () => ({ js: "Array.isArray(v)", group: "array" }),
    describe: (node, d) => (d.style === "runtime" ? "tuple" : tupleText(node.elements, d)),
    runtime: { write: ["w.arrayHeader", "mismatch"], read: ["tupleHeader"] },
    snapshot: (node, c) => ({
      kind: "tuple",
      elements: node.elements.map((e) => ({ mode: e.mode, type: c.inner(e.type) })),
    }),
    readSnapshot: (t, c) =>
      Array.isArray(t.elements) &&
      t.elements.every(
        (e, i) =>
          isObject(e) &&
          ["required", "optional", "rest"].includes(e.mode as string) &&
          (c.check(e.type, `${c.at}.elements[${i}].type`), true),
      ),
    jsonSchema: (t, inner) => {
      const restAt = t.elements.findIndex((e) => e.mode === "rest");
      const leading = restAt < 0 ? t.elements : t.elements.slice(0, restAt);
      const schema: { [keyword: string]: unknown } = { type: "array" };
      if (leading.length > 0) schema.prefixItems = leading.map((e) => inner(e.type));
      // Elements after a rest element (`[number, ...string[], boolean]`) are counted from the end,
      // which JSON Schema cannot say: past the leading ones, each is the rest's type or one of theirs.
      const after = restAt < 0 ? [] : t.elements.slice(restAt);
      schema.items =
        after.length === 0
          ? false
          : after.length === 1
            ? inner(after[0]!.type)
            : { anyOf: after.map((e) => inner(e.type)) };
      const min = t.elements.filter((e) => e.mode === "required").length;
      if (min > 0) schema.minItems = min;
      return schema;
    },
  },
  set: {
    families: () => ["ARRAY"],
    test: () => ({ js: "v instanceof Set" }),
    describe: (node, d) => (d.style === "runtime" ? "Set" : `Set<${d.inner(node.element)}>`),
    runtime: { write: ["w.arrayHeader"], read: ["r.arrayHeader"] },
    snapshot: (node, c) => ({ kind: "set", element: c.inner(node.element) }),
    readSnapshot: (t, c) => (c.check(t.element, c.at + ".element"), true),
    jsonSchema: (t, inner) => ({ type: "array", items: inner(t.element), uniqueItems: true }),
  },
  map: {
    families: () => ["MAP"],
    test: () => ({ js: "v instanceof Map" }),
    describe: (node, d) => (d.style === "runtime" ? "Map" : `Map<${d.inner(node.key)}, ${d.inner(node.value)}>`),
    runtime: { write: ["w.mapHeader"], read: ["r.mapHeader", "readKeyString"] },
    snapshot: (node, c) => ({ kind: "map", key: c.inner(node.key), value: c.inner(node.value) }),
    readSnapshot: (t, c) => (c.check(t.key, c.at + ".key"), c.check(t.value, c.at + ".value"), true),
    jsonSchema: (t, inner) => keyedSchema(t, inner),
  },
  record: {
    families: () => ["MAP"],
    test: () => ({ js: "isRecordLike(v)", group: "object" }),
    describe: (node, d) => (d.style === "runtime" ? "Record" : `Record<${d.inner(node.key)}, ${d.inner(node.value)}>`),
    runtime: {
      write: ["isRecordLike", "w.mapHeader", "fixMapHeader", "keySegment"],
      read: ["r.mapHeader", "readKeyString", "setOwn", "keySegment"],
    },
    snapshot: (node, c) => ({ kind: "record", key: c.inner(node.key), value: c.inner(node.value) }),
    readSnapshot: (t, c) => (c.check(t.key, c.at + ".key"), c.check(t.value, c.at + ".value"), true),
    jsonSchema: (t, inner) => keyedSchema(t, inner),
  },
  union: {
    families: (node, c) => {
      const out = new Set<Family>();
      for (const m of node.members) for (const f of c.of(m)) out.add(f);
      return [...out];
    },
    test: () => ({ js: "any of its members' tests" }),
    describe: (node, d) => node.members.map((m) => d.inner(m)).join(" | "),
    runtime: {
      write: ["pickByKeys", "writeFirstOf", "mismatch"],
      read: ["r.family", "r.mismatch", "pickMember", "firstOf", "readTag", "readPositionalTag", "badTag"],
    },
    snapshot: (node, c) => unionSchema(node.members.map(c.inner), node.tag?.property),
    readSnapshot: (t, c) =>
      Array.isArray(t.members) && t.members.every((m, i) => (c.check(m, `${c.at}.members[${i}]`), true)),
    jsonSchema: (t, inner) => ({ anyOf: t.members.map(inner) }),
  },
  ref: {
    families: (node, c) => {
      const entry = c.named[node.name];
      if (!entry || c.seen.has(node.name)) return [];
      if (entry.shape.kind === "object") return [entry.shape.layout === "positional" ? "ARRAY" : "MAP"];
      c.seen.add(node.name);
      return c.of(entry.shape.type);
    },
    test: (node, named) => {
      const shape = named[node.name]?.shape;
      return shape?.kind === "object"
        ? { js: "isRecordLike(v)", group: "object" }
        : { js: "its alias's test, or true when the alias is unknown" };
    },
    describe: (node, d) => d.name(node.name),
    // An object type's code is a function pair of its own (emit/objects.ts), which calls these.
    runtime: {
      write: ["isRecordLike", "w.mapHeader", "w.arrayHeader", "tooDeep"],
      read: ["r.mapHeader", "r.arrayHeader", "readKey", "missing", "unknownKey", "duplicateKey", "r.tooDeep"],
    },
    snapshot: (node, c) => ({ kind: "ref", name: c.rename(node.name) }),
    readSnapshot: (t, c) => typeof t.name === "string" && isObject(c.types[t.name]),
    jsonSchema: (t) => ({ $ref: `#/$defs/${encodeURIComponent(t.name.replace(/~/g, "~0").replace(/\//g, "~1"))}` }),
  },
  param: {
    families: () => [...ALL_FAMILIES],
    test: () => ({ js: "true (the codec passed for it checks)" }),
    describe: (node) => node.name,
    // Its values go through the codec passed for it: that codec's own encode and decode.
    runtime: { write: [], read: [] },
    // A generic codec's type parameter is whatever codec the factory is given: not part of this contract.
    snapshot: () => simple("unknown"),
    readSnapshot: null,
    jsonSchema: null,
  },
  unknown: {
    families: () => [...ALL_FAMILIES],
    test: () => ({ js: "true" }),
    describe: () => "unknown",
    runtime: { write: ["writeDynamic"], read: ["readDynamic"] },
    snapshot: () => simple("unknown"),
    readSnapshot: always,
    jsonSchema: () => true,
  },
};

/** The table's entry for `kind`, with the kind's own node type. */
export function kindInfo<K extends Kind>(kind: K): KindInfo<K> {
  return KINDS[kind] as unknown as KindInfo<K>;
}

/** How a committed snapshot's type of kind `kind` is checked; null for a kind a snapshot never holds, or no kind. */
export function snapshotReader(kind: string): ((t: Record<string, unknown>, c: ReadSnapshotContext) => boolean) | null {
  if (!Object.prototype.hasOwnProperty.call(KINDS, kind)) return null;
  return KINDS[kind as Kind].readSnapshot as ((t: Record<string, unknown>, c: ReadSnapshotContext) => boolean) | null;
}

/** The JSON Schema form of a snapshot's type. */
export function jsonSchemaOf(t: SchemaType): JsonSchema {
  const form = KINDS[t.kind].jsonSchema as (t: SchemaType, inner: (t: SchemaType) => JsonSchema) => JsonSchema;
  return form(t, jsonSchemaOf);
}

/** How a message names `node`; `name` writes a named type (defaults to the model's `display`). */
export function describe(node: Described, name: (ref: string) => string, style: DescribeStyle = "message"): string {
  const d: DescribeContext = { style, name, inner: (n) => describe(n, name, style) };
  return (kindInfo(node.kind) as KindInfo<Kind>).describe(node as never, d);
}

/** `describe` for a node of the model, its named types written as the model's `display`. */
export function describeNode(
  node: TypeNode,
  named: Record<string, NamedType>,
  style: DescribeStyle = "message",
): string {
  return describe(node, (ref) => named[ref]?.display ?? ref, style);
}

function tupleText(elements: readonly { mode: string; type: Described }[], d: DescribeContext): string {
  const text = (e: { mode: string; type: Described }) => {
    if (e.mode === "rest") return `...${listed(e.type, d)}[]`;
    return e.mode === "optional" ? `${listed(e.type, d)}?` : d.inner(e.type);
  };
  return `[${elements.map(text).join(", ")}]`;
}

function keyedSchema(t: { key: SchemaType; value: SchemaType }, inner: (t: SchemaType) => JsonSchema): JsonSchema {
  const schema: { [keyword: string]: unknown } = { type: "object", additionalProperties: inner(t.value) };
  if (t.key.kind === "literals" || t.key.kind === "template") schema.propertyNames = inner(t.key);
  return schema;
}

function isIntWidth(width: string | undefined): boolean {
  return width !== undefined && width !== "float32" && width !== "float64";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Kinds in a fixed order, for tests and tables. */
export const KIND_NAMES = (Object.keys(KINDS) as Kind[]).sort(compareText);
