/**
 * The wire-schema diff (transformer/schema/diff.ts) as a pure function: one table row per kind of
 * change, with what it breaks in each direction. Snapshots are written by hand here; the CLI test
 * (test/generate/schema-cli.test.ts) makes them from real projects.
 */
import { breaks, diffSnapshots } from "../../transformer/schema/diff";
import {
  parseSnapshot,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  SnapshotError,
  type CodecSchema,
  type SchemaNamed,
  type SchemaProperty,
  type SchemaType,
  type Snapshot,
} from "../../transformer/schema/snapshot";

const t = {
  number: { kind: "number" } as SchemaType,
  string: { kind: "string" } as SchemaType,
  null: { kind: "null" } as SchemaType,
  boolean: { kind: "boolean" } as SchemaType,
  unknown: { kind: "unknown" } as SchemaType,
  lit: (...values: (string | number | boolean)[]): SchemaType => ({ kind: "literals", values }),
  union: (...members: SchemaType[]): SchemaType => ({ kind: "union", members }),
  tagged: (discriminant: string, ...members: SchemaType[]): SchemaType => ({ kind: "union", members, discriminant }),
  array: (element: SchemaType): SchemaType => ({ kind: "array", element }),
  record: (value: SchemaType): SchemaType => ({ kind: "record", key: { kind: "string" }, value }),
  ref: (name: string): SchemaType => ({ kind: "ref", name }),
  tuple: (...elements: [SchemaType, "required" | "optional" | "rest"][]): SchemaType => ({
    kind: "tuple",
    elements: elements.map(([type, mode]) => ({ type, mode })),
  }),
  width: (width: "int8" | "int16" | "int32" | "float32"): SchemaType => ({ kind: "number", width }),
  /** A flag enum: its bits, ascending (issue 59). */
  flags: (...values: number[]): SchemaType => ({ kind: "flags", values }),
  temporal: (type: "Instant" | "PlainDate" | "PlainDateTime"): SchemaType => ({ kind: "temporal", type }),
  date: { kind: "date" } as SchemaType,
  bytes: { kind: "bytes" } as SchemaType,
  /** A class with a wire mapping (issue 59): written as `wire`. */
  mapped: (name: string, wire: SchemaType): SchemaType => ({ kind: "mapped", name, mapping: name + "Wire", wire }),
  /** `#${number}`; `legacy` as typed-msgpack 0.9 wrote it, with a regular expression. */
  hashNumber: (legacy = false): SchemaType =>
    legacy
      ? { kind: "template", pattern: "^#-?\\d+$", text: `\`#\${number}\`` }
      : { kind: "template", texts: ["#", ""], holes: ["number"], text: `\`#\${number}\`` },
};

/** `["id", t.number]` is required, `["note?", t.string]` optional. */
function object(
  properties: [string, SchemaType][],
  extra: { layout?: "map" | "positional"; rest?: SchemaType } = {},
): SchemaNamed {
  const props = properties.map(
    ([name, type]): SchemaProperty => ({ name: name.replace(/\?$/, ""), optional: name.endsWith("?"), type }),
  );
  return {
    kind: "object",
    display: "T",
    layout: extra.layout ?? "map",
    properties: props,
    ...(extra.rest ? { rest: extra.rest } : {}),
  };
}

/** A codec whose root is the object type `T` with these properties. */
function objectCodec(
  properties: [string, SchemaType][],
  extra: { layout?: "map" | "positional"; rest?: SchemaType; types?: Record<string, SchemaNamed> } = {},
): CodecSchema {
  return { display: "T", root: t.ref("T"), types: { T: object(properties, extra), ...extra.types } };
}

function valueCodec(root: SchemaType, types: Record<string, SchemaNamed> = {}): CodecSchema {
  return { display: "V", root, types };
}

function snapshot(codecs: Record<string, CodecSchema>): Snapshot {
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, codecs };
}

/** What a row expects: each change as `path: what` and the directions it breaks. */
type Expected = [string, "compatible" | "backward" | "forward" | "both"][];

function summary(before: CodecSchema, after: CodecSchema): Expected {
  return diffSnapshots(snapshot({ "a.ts#C": before }), snapshot({ "a.ts#C": after })).map((c) => {
    const verdict =
      breaks(c, "backward") && breaks(c, "forward")
        ? "both"
        : breaks(c, "backward")
          ? "backward"
          : breaks(c, "forward")
            ? "forward"
            : "compatible";
    return [`${c.path}: ${c.what}`, verdict];
  });
}

const circle = object([
  ["kind", t.lit("circle")],
  ["r", t.number],
]);
const square = object([
  ["kind", t.lit("square")],
  ["side", t.number],
]);
const box = object([
  ["kind", t.lit("box")],
  ["side", t.number],
]);
const json = (...members: SchemaType[]): SchemaNamed => ({
  kind: "alias",
  display: "Json",
  type: t.union(t.null, t.number, t.array(t.ref("Json")), ...members),
});

const cases: [string, CodecSchema, CodecSchema, Expected][] = [
  ["nothing changed", objectCodec([["id", t.number]]), objectCodec([["id", t.number]]), []],
  [
    "an optional property added",
    objectCodec([["id", t.number]]),
    objectCodec([
      ["id", t.number],
      ["note?", t.string],
    ]),
    [["$.note: property added as optional", "compatible"]],
  ],
  [
    "a required property added",
    objectCodec([["id", t.number]]),
    objectCodec([
      ["id", t.number],
      ["total", t.number],
    ]),
    [["$.total: property added as required", "backward"]],
  ],
  [
    "a required property removed (old readers require it)",
    objectCodec([
      ["id", t.number],
      ["total", t.number],
    ]),
    objectCodec([["id", t.number]]),
    [["$.total: required property removed", "forward"]],
  ],
  [
    "an optional property removed",
    objectCodec([
      ["id", t.number],
      ["note?", t.string],
    ]),
    objectCodec([["id", t.number]]),
    [["$.note: optional property removed", "compatible"]],
  ],
  [
    "a property renamed",
    objectCodec([["sku", t.string]]),
    objectCodec([["code", t.string]]),
    [['$: property "sku" renamed to "code"', "both"]],
  ],
  [
    "an optional property renamed: old bytes would read it as absent",
    objectCodec([["note?", t.string]]),
    objectCodec([["comment?", t.string]]),
    [['$: property "note" renamed to "comment"', "both"]],
  ],
  [
    "a property became required",
    objectCodec([["note?", t.string]]),
    objectCodec([["note", t.string]]),
    [["$.note: property became required", "backward"]],
  ],
  [
    "a property became optional",
    objectCodec([["note", t.string]]),
    objectCodec([["note?", t.string]]),
    [["$.note: property became optional", "forward"]],
  ],
  [
    "number narrowed to literals",
    objectCodec([["v", t.number]]),
    objectCodec([["v", t.lit(1, 2)]]),
    [["$.v: type changed from number to 1 | 2", "backward"]],
  ],
  [
    "literals widened to string",
    objectCodec([["v", t.lit("a", "b")]]),
    objectCodec([["v", t.string]]),
    [['$.v: type changed from "a" | "b" to string', "forward"]],
  ],
  [
    "a type changed",
    objectCodec([["v", t.number]]),
    objectCodec([["v", t.string]]),
    [["$.v: type changed from number to string", "both"]],
  ],
  [
    "string | null narrowed to string",
    objectCodec([["v", t.union(t.null, t.string)]]),
    objectCodec([["v", t.string]]),
    [["$.v: union member null removed", "backward"]],
  ],
  [
    "a union widened",
    objectCodec([["v", t.string]]),
    objectCodec([["v", t.union(t.number, t.string)]]),
    [["$.v: union member number added", "forward"]],
  ],
  [
    "a union member removed",
    objectCodec([["v", t.union(t.boolean, t.number, t.string)]]),
    objectCodec([["v", t.union(t.number, t.string)]]),
    [["$.v: union member boolean removed", "backward"]],
  ],
  [
    "a literal added",
    valueCodec(t.lit("open", "shipped")),
    valueCodec(t.lit("lost", "open", "shipped")),
    [['$: literal "lost" added', "forward"]],
  ],
  [
    "a literal removed",
    valueCodec(t.lit("open", "shipped")),
    valueCodec(t.lit("open")),
    [['$: literal "shipped" removed', "backward"]],
  ],
  [
    "a literal removed that another member still reads",
    valueCodec(t.union(t.number, t.lit("none", "n/a"))),
    valueCodec(t.union(t.number, t.string)),
    [['$: type changed from "none" | "n/a" to string', "forward"]],
  ],
  [
    "a Record value widened",
    objectCodec([["m", t.record(t.number)]]),
    objectCodec([["m", t.record(t.union(t.number, t.string))]]),
    [["$.m[*]: union member string added", "forward"]],
  ],
  [
    "an array element changed",
    valueCodec(t.array(t.string)),
    valueCodec(t.array(t.number)),
    [["$: type changed from string[] to number[]", "both"]],
  ],
  [
    "unknown narrowed to a type",
    objectCodec([["v", t.unknown]]),
    objectCodec([["v", t.string]]),
    [["$.v: type changed from unknown to string", "backward"]],
  ],
  [
    "a type widened to unknown",
    objectCodec([["v", t.string]]),
    objectCodec([["v", t.unknown]]),
    [["$.v: type changed from string to unknown", "forward"]],
  ],
  [
    "a discriminant value changed",
    valueCodec(t.tagged("kind", t.ref("C"), t.ref("S")), { C: circle, S: square }),
    valueCodec(t.tagged("kind", t.ref("C"), t.ref("B")), { C: circle, B: box }),
    [
      ['$: union member T (kind="square") removed', "backward"],
      ['$: union member T (kind="box") added', "forward"],
    ],
  ],
  [
    "a property of a union member, named by its discriminant",
    valueCodec(t.tagged("kind", t.ref("C"), t.ref("S")), { C: circle, S: square }),
    valueCodec(t.tagged("kind", t.ref("C"), t.ref("S")), {
      C: circle,
      S: object([
        ["kind", t.lit("square")],
        ["side", t.number],
        ["colour", t.string],
      ]),
    }),
    [['$|kind="square".colour: property added as required', "backward"]],
  ],
  [
    "an interface renamed, same shape",
    valueCodec(t.array(t.ref("Item")), { Item: object([["sku", t.string]]) }),
    valueCodec(t.array(t.ref("Article")), { Article: object([["sku", t.string]]) }),
    [],
  ],
  [
    "a recursive alias unchanged",
    valueCodec(t.ref("Json"), { Json: json() }),
    valueCodec(t.ref("Json"), { Json: json() }),
    [],
  ],
  [
    "a recursive alias widened",
    valueCodec(t.ref("Json"), { Json: json() }),
    valueCodec(t.ref("Json"), { Json: json(t.string) }),
    [["$: union member string added", "forward"]],
  ],
  [
    "a tuple element added as optional",
    valueCodec(t.tuple([t.string, "required"])),
    valueCodec(t.tuple([t.string, "required"], [t.number, "optional"])),
    [["$: tuple changed from [string] to [string, number?]", "both"]],
  ],
  [
    "an index signature added",
    objectCodec([["id", t.number]]),
    objectCodec([["id", t.number]], { rest: t.string }),
    [["$[*]: index signature added", "forward"]],
  ],
  [
    "a number width narrowed",
    objectCodec([["n", t.width("int32")]]),
    objectCodec([["n", t.width("int16")]]),
    [["$.n: number width changed from int32 to int16", "backward"]],
  ],
  [
    "a number width widened",
    objectCodec([["n", t.width("int8")]]),
    objectCodec([["n", t.width("int16")]]),
    [["$.n: number width changed from int8 to int16", "forward"]],
  ],
  [
    "number narrowed to float 32",
    objectCodec([["n", t.number]]),
    objectCodec([["n", t.width("float32")]]),
    [["$.n: number width changed from float64 to float32", "backward"]],
  ],
  [
    "map layout to positional",
    objectCodec([["a", t.number]]),
    objectCodec([["a", t.number]], { layout: "positional" }),
    [["$: layout changed from map to positional", "both"]],
  ],
  [
    "a positional index moved",
    objectCodec(
      [
        ["a", t.number],
        ["b", t.number],
      ],
      { layout: "positional" },
    ),
    objectCodec(
      [
        ["b", t.number],
        ["a", t.number],
      ],
      { layout: "positional" },
    ),
    [
      ['$[0]: positional index 0 moved from "a" to "b"', "both"],
      ['$[1]: positional index 1 moved from "b" to "a"', "both"],
    ],
  ],
  [
    "a template changed",
    valueCodec(t.hashNumber()),
    valueCodec({ kind: "template", texts: ["#", ""], holes: ["bigint"], text: `\`#\${bigint}\`` }),
    [[`$: template changed from \`#\${number}\` to \`#\${bigint}\``, "both"]],
  ],
  ["a template as a 0.9 snapshot has it, unchanged", valueCodec(t.hashNumber(true)), valueCodec(t.hashNumber()), []],
  ["a flag enum unchanged", valueCodec(t.flags(1, 2, 4)), valueCodec(t.flags(1, 2, 4)), []],
  ["a Temporal type unchanged", valueCodec(t.temporal("PlainDate")), valueCodec(t.temporal("PlainDate")), []],
  [
    "a mapped class unchanged",
    valueCodec(t.mapped("Decimal", t.string)),
    valueCodec(t.mapped("Decimal", t.string)),
    [],
  ],
  [
    "a string becomes a class mapped to a string: the same bytes, compared as its wire type",
    objectCodec([["price", t.string]]),
    objectCodec([["price", t.union(t.null, t.mapped("Decimal", t.string))]]),
    [["$.price: union member null added", "forward"]],
  ],
  [
    "a class moved from one extension type to another: each side refuses the other's",
    valueCodec({ kind: "mapped", name: "Rgb", mapping: "RgbExt", wire: t.bytes, ext: 5 }),
    valueCodec({ kind: "mapped", name: "Rgb", mapping: "RgbExt", wire: t.bytes, ext: 6 }),
    [["$: type changed from Rgb (as ext type 5) to Rgb (as ext type 6)", "both"]],
  ],
  [
    "an extension mapping in place of a bin: ext is not bin",
    valueCodec(t.bytes),
    valueCodec({ kind: "mapped", name: "Rgb", mapping: "RgbExt", wire: t.bytes, ext: 5 }),
    [["$: type changed from Uint8Array to Rgb (as ext type 5)", "both"]],
  ],
  [
    "a mapped class's wire type changed: each side refuses the other's bytes",
    valueCodec(t.mapped("ObjectId", t.string)),
    valueCodec(t.mapped("ObjectId", t.bytes)),
    [["$: type changed from string to Uint8Array", "both"]],
  ],
  [
    "Date to Temporal.Instant: the same timestamp extension both ways",
    valueCodec(t.date),
    valueCodec(t.temporal("Instant")),
    [["$: type changed from Date to Temporal.Instant", "compatible"]],
  ],
  [
    "PlainDate to PlainDateTime: each refuses the other's strings",
    valueCodec(t.temporal("PlainDate")),
    valueCodec(t.temporal("PlainDateTime")),
    [["$: type changed from Temporal.PlainDate to Temporal.PlainDateTime", "both"]],
  ],
  [
    "PlainDate widened to string: old readers refuse other strings",
    valueCodec(t.temporal("PlainDate")),
    valueCodec(t.string),
    [["$: type changed from Temporal.PlainDate to string", "forward"]],
  ],
  [
    "a flag added: old readers refuse combinations with it",
    valueCodec(t.flags(1, 2, 4)),
    valueCodec(t.flags(1, 2, 4, 8)),
    [["$: flags 8 added", "forward"]],
  ],
  [
    "a flag removed: new readers refuse combinations with it",
    valueCodec(t.flags(0, 1, 2, 4)),
    valueCodec(t.flags(0, 1, 4)),
    [["$: flags 2 removed", "backward"]],
  ],
  [
    "a closed enum became a flag enum (a bit added to 1 | 2): old readers refuse combinations",
    valueCodec(t.lit(1, 2)),
    valueCodec(t.flags(1, 2, 4)),
    [["$: type changed from 1 | 2 to flags 1 | 2 | 4", "forward"]],
  ],
  [
    "a flag enum widened to number",
    valueCodec(t.flags(1, 2, 4)),
    valueCodec(t.number),
    [["$: type changed from flags 1 | 2 | 4 to number", "forward"]],
  ],
  [
    "a flag enum narrowed to an int 8 reads back only if every combination fits: here it does not",
    valueCodec(t.flags(1, 2, 4)),
    valueCodec(t.width("int8")),
    [["$: type changed from flags 1 | 2 | 4 to int8", "both"]],
  ],
  [
    "a literal added that a template member takes by the checker's rule (a hex number)",
    valueCodec(t.union(t.lit("none"), t.hashNumber())),
    valueCodec(t.union(t.lit("#0x1f", "none"), t.hashNumber())),
    [['$: literal "#0x1f" added', "compatible"]],
  ],
];

test.each(cases)("%s", (_, before, after, expected) => {
  expect(summary(before, after)).toEqual(expected);
});

test("every change names its codec; a removed codec breaks backward (its bytes have no reader), an added one nothing", () => {
  const c = objectCodec([["id", t.number]]);
  const changes = diffSnapshots(
    snapshot({ "a.ts#Old": c, "a.ts#Kept": c }),
    snapshot({ "a.ts#Kept": c, "b.ts#New": c }),
  );
  expect(changes.map((x) => [x.codec, x.what, breaks(x, "backward"), breaks(x, "forward"), breaks(x, "both")])).toEqual(
    [
      ["a.ts#Old", "codec removed", true, false, true],
      ["b.ts#New", "codec added", false, false, false],
    ],
  );
});

test("a breaking change says why, per direction", () => {
  const [change] = diffSnapshots(
    snapshot({ "a.ts#C": objectCodec([["id", t.number]]) }),
    snapshot({
      "a.ts#C": objectCodec([
        ["id", t.number],
        ["total", t.number],
      ]),
    }),
  );
  expect(change).toEqual({
    codec: "a.ts#C",
    path: "$.total",
    what: "property added as required",
    backward: 'new readers require "total", which bytes written before lack',
  });
});

describe("reading a snapshot file", () => {
  const good = JSON.stringify(snapshot({ "a.ts#C": objectCodec([["id", t.number]]) }));
  test("a valid snapshot reads back as written", () => {
    expect(parseSnapshot(good, "wire-schema.json")).toEqual(JSON.parse(good));
  });
  test("flag enums read back as written; bits must be non-negative safe integers", () => {
    const text = JSON.stringify(snapshot({ "a.ts#C": valueCodec(t.flags(0, 1, 2, 4)) }));
    expect(parseSnapshot(text, "wire-schema.json")).toEqual(JSON.parse(text));
    expect(() => parseSnapshot(text.replace("[0,1,2,4]", '[0,"1"]'), "wire-schema.json")).toThrow(
      /codecs\["a\.ts#C"\]\.root is not a valid type of kind "flags"/,
    );
  });
  test("Temporal types read back as written; an unknown one is an error", () => {
    const text = JSON.stringify(snapshot({ "a.ts#C": valueCodec(t.temporal("Instant")) }));
    expect(parseSnapshot(text, "wire-schema.json")).toEqual(JSON.parse(text));
    expect(() => parseSnapshot(text.replace('"Instant"', '"Moment"'), "wire-schema.json")).toThrow(
      /codecs\["a\.ts#C"\]\.root is not a valid type of kind "temporal"/,
    );
  });
  test("mapped classes read back as written, their wire type checked", () => {
    const text = JSON.stringify(snapshot({ "a.ts#C": valueCodec(t.mapped("Decimal", t.string)) }));
    expect(parseSnapshot(text, "wire-schema.json")).toEqual(JSON.parse(text));
    expect(() => parseSnapshot(text.replace('"kind":"string"', '"kind":"strang"'), "wire-schema.json")).toThrow(
      /codecs\["a\.ts#C"\]\.root\.wire is not a valid type of kind "strang"/,
    );
  });
  test("templates read back in both forms: texts and holes, and 0.9's pattern", () => {
    for (const legacy of [false, true]) {
      const text = JSON.stringify(snapshot({ "a.ts#C": valueCodec(t.hashNumber(legacy)) }));
      expect(parseSnapshot(text, "wire-schema.json")).toEqual(JSON.parse(text));
    }
  });
  test.each([
    ["not JSON", "{", /^wire-schema\.json: not valid JSON/],
    [
      "JSON of something else",
      JSON.stringify({ name: "app" }),
      /not a wire-schema snapshot \(no "format": "typed-msgpack wire schema"\)/,
    ],
    [
      "another format version",
      JSON.stringify({ format: SNAPSHOT_FORMAT, version: 2, codecs: {} }),
      /a snapshot of format version 2, which this typed-msgpack does not read \(it reads version 1\)/,
    ],
    [
      "a type of an unknown kind",
      good.replace('"number"', '"float"'),
      /codecs\["a\.ts#C"\]\.types\.T\.properties\[0\]\.type is not a valid type of kind "float"/,
    ],
    [
      "a ref to a type not in the table",
      good.replace('"name":"T"', '"name":"U"'),
      /codecs\["a\.ts#C"\]\.root is not a valid type of kind "ref"/,
    ],
    ["a property without optional", good.replace('"optional":false,', ""), /properties\[0\] is not a property/],
    [
      "a template with a text too few",
      JSON.stringify(snapshot({ "a.ts#C": valueCodec(t.hashNumber()) })).replace('["#",""]', '["#"]'),
      /codecs\["a\.ts#C"\]\.root is not a valid type of kind "template"/,
    ],
  ])("%s is a SnapshotError", (_, text, message) => {
    expect(() => parseSnapshot(text, "wire-schema.json")).toThrow(SnapshotError);
    expect(() => parseSnapshot(text, "wire-schema.json")).toThrow(message);
  });
});
