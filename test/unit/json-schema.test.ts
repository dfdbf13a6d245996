/**
 * The JSON Schema of `typed-msgpack schema --format json-schema` (transformer/schema/json-schema.ts)
 * against real payloads, checked by Ajv (draft 2020-12, strict mode, with ajv-formats for
 * `date-time`): the schema compiles, bytes written by @msgpack/msgpack (as a service in another
 * language would write them) that our generated codec decodes pass it, and those it refuses fail it.
 */
import { encode as peerEncode, decode as peerDecode } from "@msgpack/msgpack";
import { ClassicProgram } from "../../transformer/checkers/classic";
import type { SyntaxFile } from "../../transformer/recognize/syntax";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import ts from "typescript";
import { cachingHost, compile, FIXTURE_OPTIONS, GENERATED_DIR } from "../helpers/compile";
import { collectCodecs } from "../../transformer/schema/collect";
import { jsonSchemas, templatePattern, type JsonSchema } from "../../transformer/schema/json-schema";
import type { TemplateHole } from "../../transformer/model/ir";
import { isTemplateMember } from "../../runtime/template";
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
  id: 7,
  status: "open",
  sku: "SKU-12",
  items: [{ sku: "a", qty: 1 }],
  owner: null,
  placedAt: new Date(0),
  blob: new Uint8Array([1, 2]),
  pair: ["x"],
  tags: ["a", "b"],
  meta: { a: 1 },
  shape: { kind: "circle", r: 1 },
  extra: { deep: [1, "two", null, { t: true }] },
  big: 5,
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

/** Compiles `source` through the transformer; its codec `name` and the JSON Schema the schema command writes for it. */
function compiledWithSchema(
  file: string,
  source: string,
  name: string,
): { codec: { decode(bytes: Uint8Array): unknown }; schema: JsonSchema } {
  const compiled = compile(file, source);
  expect(compiled.diagnostics).toEqual([]);
  const program = ts.createProgram([compiled.file], FIXTURE_OPTIONS, cachingHost());
  const found = collectCodecs(
    ClassicProgram.of(program),
    program.getSourceFile(compiled.file)! as unknown as SyntaxFile,
    GENERATED_DIR,
  );
  expect(found.diagnostics).toEqual([]);
  return {
    codec: require(compiled.file.replace(/\.ts$/, ".js"))[name],
    schema: jsonSchemas(buildSnapshot(found.sources))[`${file}.ts#${name}`]!,
  };
}

beforeAll(() => {
  ({ codec, schema } = compiledWithSchema("json-schema-order", SOURCE, "OrderCodec"));
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
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, asJson(v)]),
    );
  return value;
}

test("the schema is 2020-12 with a $def per object type, and compiles under Ajv's strict mode", () => {
  expect(schema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", $ref: "#/$defs/Order" });
  expect(Object.keys((schema as { $defs: object }).$defs)).toEqual([
    "$.items[*]",
    "$.shape|kind=circle",
    "$.shape|kind=square",
    "Json",
    "Order",
  ]);
  expect(() => validate(schema, {})).not.toThrow();
});

test("a payload the codec decodes passes the schema", () => {
  const decoded = codec.decode(peerBytes({ ...valid, big: 5n }));
  expect(validate(schema, asJson(decoded))).toEqual([]);
  const full = codec.decode(
    peerBytes({
      ...valid,
      big: 5n,
      note: "n",
      pair: ["x", 2],
      shape: { kind: "square", side: 2 },
      extra: [1, [2, [3]]],
    }),
  );
  expect(validate(schema, asJson(full))).toEqual([]);
});

test.each(invalid)("%s: the codec refuses it, and so does the schema", (_, change) => {
  const payload = { ...valid, big: 5n, ...change };
  const bytes = peerBytes(payload);
  expect(() => codec.decode(bytes)).toThrow();
  expect(validate(schema, asJson(peerDecode(bytes, { useBigInt64: true })))).not.toEqual([]);
});

// ---------------------------------------------------------------------------------------------

/** The errors of `value` against `schema` as Ajv reports them (`instancePath: keyword`); [] when valid. */
function validate(root: JsonSchema, value: unknown): string[] {
  // strictTuples would have every tuple's minItems equal its prefixItems: not so with optional elements.
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true });
  addFormats(ajv);
  const check = ajv.compile(root as object);
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || "$"}: ${e.keyword}`);
}

describe("positional layout, widths and a rest element in the middle, as arrays on the wire", () => {
  const POSITIONAL = `import { codecFor, type Float32, type Int8, type Uint16 } from "typed-msgpack";
export interface Point { x: Float32; y: Float32; label?: string; level: Int8 }
export interface Row { id: Uint16; cells: [number, ...string[], boolean]; point: Point; tags?: string[] }
export const RowCodec = codecFor<Row>({ layout: "positional" });
`;
  let rowSchema: JsonSchema;
  let rowCodec: { decode(bytes: Uint8Array): unknown };

  beforeAll(() => {
    ({ codec: rowCodec, schema: rowSchema } = compiledWithSchema("json-schema-positional", POSITIONAL, "RowCodec"));
  });

  const point = [1.5, 2, "home", -3];
  test.each([
    ["every value", [7, [1, "a", "b", true], point, ["t"]]],
    ["optional values left out at the end", [7, [1, true], point]],
    ["an absent optional value before a present one is nil", [7, [1, true], [1.5, 2, null, -3]]],
  ])("%s: decoded by the codec and valid", (_, wire) => {
    const bytes = peerEncode(wire);
    expect(() => rowCodec.decode(bytes)).not.toThrow();
    expect(validate(rowSchema, peerDecode(bytes))).toEqual([]);
  });

  test.each([
    ["a Uint16 out of range", [70000, [1, true], point], "maximum"],
    ["an Int8 out of range", [7, [1, true], [1.5, 2, "home", 200]], "maximum"],
    ["the element after the rest of the wrong type", [7, [1, "a", 5], point], "anyOf"],
    ["more values than the type declares", [7, [1, true], point, [], "extra"], "items"],
    ["fewer than the required ones", [7], "minItems"],
  ])("%s: refused by the codec and by the schema", (_, wire, keyword) => {
    const bytes = peerEncode(wire);
    expect(() => rowCodec.decode(bytes)).toThrow();
    expect(validate(rowSchema, peerDecode(bytes)).join(" ")).toContain(keyword);
  });

  test("known limit: past a middle rest element the schema takes any of their types in any order", () => {
    const bytes = peerEncode([7, [1, true, "a", true], point]);
    expect(() => rowCodec.decode(bytes)).toThrow(); // the codec counts the last element from the end
    expect(validate(rowSchema, peerDecode(bytes))).toEqual([]); // JSON Schema cannot
  });
});

describe("template literal types", () => {
  // templatePattern's own list of what it cannot say: numbers of any size, and a number followed by
  // a text its syntax could hold; these cases stay clear of both, so the pattern must agree.
  test.each<[string[], TemplateHole[], string[]]>([
    [
      ["a", "-", "a"],
      ["string", "string"],
      ["a-a", "ab-c-a", "a-", "aa", "a--a", "a-b"],
    ],
    [
      ["", "", ""],
      ["number", "bigint"],
      ["12", "1", " 0x1", "10x1", "a1", "1-0x1", "11.5"],
    ],
    [["id-", ""], ["bigint"], ["id-0x1f", "id-023", "id--7", "id- 1", "id-\u20281", "id-1_0"]],
    [
      ["", "/", ""],
      ["number", "number"],
      ["1/2", " 1 /0x2", "1e3/-.5", "/1", "1//2", "+1/ "],
    ],
  ])("texts %j around %j: the pattern takes the strings the codec takes", (texts, holes, strings) => {
    const pattern = new RegExp(templatePattern(texts, holes), "u");
    for (const s of strings) expect([s, pattern.test(s)]).toEqual([s, isTemplateMember(s, texts, holes)]);
  });
});

describe("flag enums (issue 59): the integers up to all bits set", () => {
  const FLAGS = `import { codecFor } from "typed-msgpack";
export enum MessageFlags { Crossposted = 1, IsCrosspost = 2, SuppressEmbeds = 4, Urgent = 16 }
export interface Message { flags: MessageFlags }
export const MessageCodec = codecFor<Message>();
`;
  let flagSchema: JsonSchema;
  let flagCodec: { decode(bytes: Uint8Array): unknown };

  beforeAll(() => {
    ({ codec: flagCodec, schema: flagSchema } = compiledWithSchema("json-schema-flags", FLAGS, "MessageCodec"));
  });

  test.each([0, 1, 5, 23])("flags %d: decoded by the codec and valid", (flags) => {
    const bytes = peerEncode({ flags });
    expect(flagCodec.decode(bytes)).toEqual({ flags });
    expect(validate(flagSchema, peerDecode(bytes))).toEqual([]);
  });

  test.each([
    [24, "maximum"],
    [-1, "minimum"],
    [1.5, "type"],
  ])("flags %d: refused by the codec and by the schema", (flags, keyword) => {
    const bytes = peerEncode({ flags });
    expect(() => flagCodec.decode(bytes)).toThrow("$.flags: expected a combination of 1, 2, 4, 16");
    expect(validate(flagSchema, peerDecode(bytes)).join(" ")).toContain(keyword);
  });

  test("known limit: an integer below the mask with a bit outside it passes the schema", () => {
    const bytes = peerEncode({ flags: 8 });
    expect(() => flagCodec.decode(bytes)).toThrow("$.flags: expected a combination of 1, 2, 4, 16, got number 8");
    expect(validate(flagSchema, peerDecode(bytes))).toEqual([]); // JSON Schema has no bit sets
  });
});
