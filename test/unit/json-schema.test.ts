/**
 * The JSON Schema of `typed-msgpack schema --format json-schema` (transformer/schema/json-schema.ts)
 * against real payloads: bytes written by @msgpack/msgpack (as a service in another language would
 * write them) that our generated codec decodes pass the schema, and those it refuses fail it.
 *
 * No JSON Schema validator is installed (no ajv in node_modules), so `validate` below interprets
 * the keywords the generator emits and throws on any other: it checks the schemas structurally and
 * their meaning on these payloads, but is not a second, independent implementation of 2020-12.
 */
import { encode as peerEncode, decode as peerDecode } from "@msgpack/msgpack";
import ts from "typescript";
import { compile, FIXTURE_OPTIONS, GENERATED_DIR } from "../helpers/compile";
import { collectCodecs } from "../../transformer/schema/collect";
import { jsonSchemas, type JsonSchema } from "../../transformer/schema/json-schema";
import { buildSnapshot } from "../../transformer/schema/snapshot";

const SOURCE = `import { codecFor } from "typed-msgpack";
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Shape = { kind: "circle"; r: number } | { kind: "square"; side: number };
export interface Order {
  id: number;
  status: "open" | "shipped";
  sku: \`SKU-\${number}\`;
  items: { sku: string; qty: number }[];
  note?: string;
  owner: string | null;
  placedAt: Date;
  blob: Uint8Array;
  pair: [string, number?];
  tags: Set<string>;
  meta: Record<string, number>;
  shape: Shape;
  extra: Json;
  big: bigint;
}
export const OrderCodec = codecFor<Order>();
`;

const valid = {
  id: 7, status: "open", sku: "SKU-12", items: [{ sku: "a", qty: 1 }], owner: null, placedAt: new Date(0), blob: new Uint8Array([1, 2]),
  pair: ["x"], tags: ["a", "b"], meta: { a: 1 }, shape: { kind: "circle", r: 1 }, extra: { deep: [1, "two", null, { t: true }] }, big: 5,
};

/** Payloads that differ from `valid` in one way that the codec refuses: [what, change]. */
const invalid: [string, Record<string, unknown>][] = [
  ["a required property missing", { id: undefined }],
  ["a literal outside the union", { status: "lost" }],
  ["a string that does not match the template", { sku: "X-1" }],
  ["null where a string is required", { items: [{ sku: null, qty: 1 }] }],
  ["a number where a string or null is required", { owner: 5 }],
  ["an unknown discriminant", { shape: { kind: "box", side: 1 } }],
  ["a member missing its property", { shape: { kind: "square", r: 1 } }],
  ["a tuple too long", { pair: ["x", 1, 2] }],
  ["a Record value of another type", { meta: { a: "1" } }],
];

let schema: JsonSchema;
let codec: { decode(bytes: Uint8Array): unknown };

beforeAll(() => {
  const compiled = compile("json-schema-order", SOURCE);
  expect(compiled.diagnostics).toEqual([]);
  codec = require(compiled.file.replace(/\.ts$/, ".js")).OrderCodec;
  const program = ts.createProgram([compiled.file], FIXTURE_OPTIONS);
  const found = collectCodecs(program, program.getSourceFile(compiled.file)!, GENERATED_DIR);
  expect(found.diagnostics).toEqual([]);
  schema = jsonSchemas(buildSnapshot(found.sources))["json-schema-order.ts#OrderCodec"]!;
});

/** Bytes as another service writes them (dates and binary as MessagePack has them). */
function peerBytes(value: Record<string, unknown>): Uint8Array {
  const bytes = peerEncode(value, { ignoreUndefined: true, useBigInt64: true });
  return bytes;
}

/** A decoded value as JSON carries it (json-schema.ts: a Date as date-time text, bin as base64). */
function asJson(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (value instanceof Set) return [...value].map(asJson);
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(asJson);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, asJson(v)]));
  return value;
}

test("the schema is 2020-12 with a $def per object type", () => {
  expect(schema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", $ref: "#/$defs/Order" });
  expect(Object.keys((schema as { $defs: object }).$defs)).toEqual(["$.items[*]", "$.shape|kind=circle", "$.shape|kind=square", "Json", "Order"]);
});

test("a payload the codec decodes passes the schema", () => {
  const decoded = codec.decode(peerBytes({ ...valid, big: 5n }));
  expect(validate(schema, asJson(decoded))).toEqual([]);
  const full = codec.decode(peerBytes({ ...valid, big: 5n, note: "n", pair: ["x", 2], shape: { kind: "square", side: 2 }, extra: [1, [2, [3]]] }));
  expect(validate(schema, asJson(full))).toEqual([]);
});

test.each(invalid)("%s: the codec refuses it, and so does the schema", (_, change) => {
  const payload = { ...valid, big: 5n, ...change };
  const bytes = peerBytes(payload);
  expect(() => codec.decode(bytes)).toThrow();
  expect(validate(schema, asJson(peerDecode(bytes, { useBigInt64: true })))).not.toEqual([]);
});

// ---------------------------------------------------------------------------------------------

/** The errors of `value` against `schema`, as `path: keyword`; throws on a keyword it does not know. */
function validate(root: JsonSchema, value: unknown): string[] {
  const errors: string[] = [];
  const resolve = (ref: string): JsonSchema => {
    const name = decodeURIComponent(ref.replace(/^#\/\$defs\//, "")).replace(/~1/g, "/").replace(/~0/g, "~");
    const target = (root as { $defs: Record<string, JsonSchema> }).$defs[name];
    if (target === undefined) throw new Error(`unresolved ${ref}`);
    return target;
  };
  const check = (s: JsonSchema, v: unknown, path: string): boolean => {
    if (s === true) return true;
    if (s === false) {
      errors.push(`${path}: false`);
      return false;
    }
    let ok = true;
    const fail = (keyword: string) => {
      errors.push(`${path}: ${keyword}`);
      ok = false;
    };
    for (const [keyword, arg] of Object.entries(s)) {
      switch (keyword) {
        case "$schema": case "$defs": case "title": case "format": case "contentEncoding": break; // annotations here
        case "$ref": if (!check(resolve(arg as string), v, path)) ok = false; break;
        case "type": if (!hasType(v, arg as string)) fail("type"); break;
        case "const": if (v !== arg) fail("const"); break;
        case "enum": if (!(arg as unknown[]).includes(v)) fail("enum"); break;
        case "pattern": if (typeof v === "string" && !new RegExp(arg as string, "u").test(v)) fail("pattern"); break;
        case "minimum": if (typeof v === "number" && v < (arg as number)) fail("minimum"); break;
        case "maximum": if (typeof v === "number" && v > (arg as number)) fail("maximum"); break;
        case "minItems": if (Array.isArray(v) && v.length < (arg as number)) fail("minItems"); break;
        case "uniqueItems": if (Array.isArray(v) && new Set(v.map((x) => JSON.stringify(x))).size !== v.length) fail("uniqueItems"); break;
        case "prefixItems": if (Array.isArray(v)) (arg as JsonSchema[]).forEach((p, i) => { if (i < v.length && !check(p, v[i], `${path}[${i}]`)) ok = false; }); break;
        case "items": {
          if (!Array.isArray(v)) break;
          const from = Array.isArray(s.prefixItems) ? s.prefixItems.length : 0;
          for (let i = from; i < v.length; i++) if (!check(arg as JsonSchema, v[i], `${path}[${i}]`)) ok = false;
          break;
        }
        case "required": if (isObject(v)) for (const k of arg as string[]) if (!(k in v)) fail(`required ${k}`); break;
        case "properties": if (isObject(v)) for (const [k, p] of Object.entries(arg as Record<string, JsonSchema>)) if (k in v && !check(p, v[k], `${path}.${k}`)) ok = false; break;
        case "additionalProperties": {
          if (!isObject(v)) break;
          const declared = isObject(s.properties) ? Object.keys(s.properties) : [];
          for (const [k, x] of Object.entries(v)) if (!declared.includes(k) && !check(arg as JsonSchema, x, `${path}.${k}`)) ok = false;
          break;
        }
        case "propertyNames": if (isObject(v)) for (const k of Object.keys(v)) if (!check(arg as JsonSchema, k, `${path}.<key>`)) ok = false; break;
        case "anyOf": {
          const before = errors.length;
          const any = (arg as JsonSchema[]).some((m) => check(m, v, path));
          errors.length = before; // the failures of members tried are not the value's errors
          if (!any) fail("anyOf");
          break;
        }
        case "not": if (check(arg as JsonSchema, v, path)) fail("not"); break;
        default: throw new Error(`validate: keyword ${keyword} is not interpreted here`);
      }
    }
    return ok;
  };
  check(root, value, "$");
  return errors;
}

function hasType(v: unknown, type: string): boolean {
  switch (type) {
    case "null": return v === null;
    case "boolean": return typeof v === "boolean";
    case "number": return typeof v === "number";
    case "integer": return typeof v === "number" && Number.isInteger(v);
    case "string": return typeof v === "string";
    case "array": return Array.isArray(v);
    case "object": return isObject(v);
    default: throw new Error(`validate: type ${type}`);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
