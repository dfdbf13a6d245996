/**
 * Error paths under Map keys (docs/type-mapping.md, "Paths in errors"): every key has a form that never throws and
 * never runs user code — strings `.name` / `["odd key"]`, other primitives as literals (`[3]`, `[3n]`,
 * `[true]`), any other key `[<key #i>]` by its entry's index — the same on encode and decode, and in
 * typed Map codecs and `unknown` maps alike.
 */
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { keySegment } from "../../runtime/internal";
import { arr, cat, expectCodecError, map, str, uint } from "./lib";

const C = load<Record<string, Codec<any>>>(
  "hostile_map_keys",
  `
import { codecFor } from "typed-msgpack";
export interface Point { x: number }
export const PointKeys = codecFor<Map<Point, number>>();
export const RecordKeys = codecFor<Map<Record<string, string>, number>>();
export const UnknownKeys = codecFor<Map<unknown, number>>();
export const DateKeys = codecFor<Map<Date, number>>();
export const BytesKeys = codecFor<Map<Uint8Array, number>>();
export const ArrayKeys = codecFor<Map<number[], number>>();
export const NumberKeys = codecFor<Map<number, number>>();
export const BigintKeys = codecFor<Map<bigint, number>>();
export const BoolKeys = codecFor<Map<boolean, number>>();
export const StringKeys = codecFor<Map<string, number>>();
export const Nested = codecFor<{ m: Map<Point, { n: number }> }>();
export const Unknown = codecFor<unknown>();
`,
);

const NOT_A_NUMBER = str("bad");

/** A key object whose string conversions all throw or lie, and record that they ran. */
function hostileKey(calls: string[], extra: object = {}): object {
  return {
    x: 1,
    ...extra,
    toString: () => {
      calls.push("toString");
      throw new Error("toString ran");
    },
    valueOf: () => {
      calls.push("valueOf");
      return "hijacked";
    },
    [Symbol.toPrimitive]: () => {
      calls.push("toPrimitive");
      return "hijacked";
    },
  };
}

describe("encode: the value under a key that is no primitive is named by the entry's index", () => {
  test("a null-prototype object key", () => {
    const key = Object.assign(Object.create(null) as object, { x: 1 });
    expectCodecError(() => C.PointKeys!.encode(new Map([[key, "bad"]])), {
      code: "type-mismatch",
      path: "$[<key #0>]",
      offset: -1,
    });
  });

  test("a key object with its own toString, valueOf and Symbol.toPrimitive: none of them runs", () => {
    const calls: string[] = [];
    const entries: [object, unknown][] = [
      [{ x: 1 }, 1],
      [{ x: 2 }, 2],
      [hostileKey(calls), "bad"],
    ];
    expectCodecError(() => C.PointKeys!.encode(new Map(entries)), {
      code: "type-mismatch",
      path: "$[<key #2>]",
      offset: -1,
    });
    expect(calls).toEqual([]);
  });

  test("under a property, and an error inside the value", () => {
    const m = new Map<object, unknown>([
      [{ x: 1 }, { n: 1 }],
      [Object.assign(Object.create(null) as object, { x: 2 }), { n: "bad" }],
    ]);
    expectCodecError(() => C.Nested!.encode({ m }), { code: "type-mismatch", path: "$.m[<key #1>].n", offset: -1 });
  });

  test.each([
    ["DateKeys", new Date(0)],
    ["BytesKeys", new Uint8Array([1])],
    ["ArrayKeys", [1, 2]],
    ["UnknownKeys", { x: 1 }],
  ])("%s", (codec, key) => {
    expectCodecError(() => C[codec]!.encode(new Map<unknown, unknown>([[key, "bad"]])), {
      code: "type-mismatch",
      path: "$[<key #0>]",
      offset: -1,
    });
  });

  test("the key itself is still `.<key>`, whatever its prototype", () => {
    const key = Object.assign(Object.create(null) as object, { x: "bad" });
    expectCodecError(() => C.PointKeys!.encode(new Map([[key, 1]])), {
      code: "type-mismatch",
      path: "$.<key>.x",
      offset: -1,
    });
  });
});

describe("decode: a decoded key object's own toString / valueOf never name it", () => {
  // {toString: "x", valueOf: "y"} → "bad": String(key) would throw (neither is callable).
  const ownConversions = cat(map(1), map(2), str("toString"), str("x"), str("valueOf"), str("y"), NOT_A_NUMBER);

  test.each(["RecordKeys", "UnknownKeys"])("%s", (codec) => {
    expectCodecError(() => C[codec]!.decode(ownConversions), {
      code: "type-mismatch",
      path: "$[<key #0>]",
      offset: ownConversions.length - 4,
    });
  });

  test("the entry's index, under a property, and inside the value", () => {
    // {m: Map {{x: 1} → {n: 1}, {x: 2} → {n: "bad"}}}
    const bytes = cat(
      map(1),
      str("m"),
      map(2),
      map(1),
      str("x"),
      uint(1),
      map(1),
      str("n"),
      uint(1),
      map(1),
      str("x"),
      uint(2),
      map(1),
      str("n"),
      NOT_A_NUMBER,
    );
    expectCodecError(() => C.Nested!.decode(bytes), {
      code: "type-mismatch",
      path: "$.m[<key #1>].n",
      offset: bytes.length - 4,
    });
  });

  test.each([
    ["DateKeys", "d6ff00000001"],
    ["BytesKeys", "c40101"],
    ["ArrayKeys", arr(2) + "0102"],
    ["PointKeys", map(1) + str("x") + "01"],
  ])("%s", (codec, key) => {
    const bytes = cat(map(2), key, "01", key.replace(/01$/, "02"), NOT_A_NUMBER);
    expectCodecError(() => C[codec]!.decode(bytes), {
      code: "type-mismatch",
      path: "$[<key #1>]",
      offset: bytes.length - 4,
    });
  });
});

describe("primitive keys say what they are, the same both ways and in unknown maps", () => {
  // [codec, key, its wire form, path]
  const cases: [string, unknown, string, string][] = [
    ["NumberKeys", 3, "03", "$[3]"],
    ["NumberKeys", -1.5, "cbbff8000000000000", "$[-1.5]"],
    ["NumberKeys", -0, "cb8000000000000000", "$[0]"], // a Map holds -0 as 0
    ["NumberKeys", Number.NaN, "cb7ff8000000000000", "$[NaN]"],
    ["BigintKeys", 3n, "cf0000000000000003", "$[3n]"],
    ["BoolKeys", true, "c3", "$[true]"],
    ["StringKeys", "name", str("name"), "$.name"],
    ["StringKeys", "3", str("3"), '$["3"]'],
    ["StringKeys", "odd key", str("odd key"), '$["odd key"]'],
    // A string that reads like the form of an object key is quoted, so the two never meet.
    ["StringKeys", "<key #0>", str("<key #0>"), '$["<key #0>"]'],
    ["UnknownKeys", 3, "03", "$[3]"],
    ["UnknownKeys", null, "c0", "$[null]"],
    ["UnknownKeys", "odd key", str("odd key"), '$["odd key"]'],
  ];
  test.each(cases)("%s key %p: %s", (codec, key, wire, path) => {
    expectCodecError(() => C[codec]!.encode(new Map([[key, "bad"]])), { code: "type-mismatch", path, offset: -1 });
    const bytes = cat(map(1), wire, NOT_A_NUMBER);
    expectCodecError(() => C[codec]!.decode(bytes), { code: "type-mismatch", path, offset: bytes.length - 4 });
  });

  test('unknown values: a Map\'s int key and an int key on the wire are `[3]`, a str key `["3"]`', () => {
    const symbol = Symbol("not MessagePack");
    for (const [value, path] of [
      [new Map([[3, symbol]]), "$[3]"],
      [new Map([["3", symbol]]), '$["3"]'],
      [{ 3: symbol }, '$["3"]'],
    ] as const) {
      expectCodecError(() => C.Unknown!.encode(value), { code: "type-mismatch", path, offset: -1 });
    }
    // {3: 0xc1} and {"3": 0xc1}: the reserved byte is reported under the key it follows.
    expectCodecError(() => C.Unknown!.decode(cat(map(1), "03", "c1")), { code: "malformed", path: "$[3]", offset: 2 });
    expectCodecError(() => C.Unknown!.decode(cat(map(1), str("3"), "c1")), {
      code: "malformed",
      path: '$["3"]',
      offset: 3,
    });
  });
});

describe("keySegment", () => {
  test("every kind of key has a form, and none runs user code", () => {
    const calls: string[] = [];
    const forms = [
      keySegment("a"),
      keySegment("a.b"),
      keySegment(7),
      keySegment(-0),
      keySegment(Number.POSITIVE_INFINITY),
      keySegment(7n),
      keySegment(false),
      keySegment(undefined),
      keySegment(null),
      keySegment(Symbol("s"), 1),
      keySegment(hostileKey(calls), 4),
      keySegment(Object.create(null)),
      keySegment(() => 1, 2),
    ];
    expect(forms).toEqual([
      ".a",
      '["a.b"]',
      "[7]",
      "[0]",
      "[Infinity]",
      "[7n]",
      "[false]",
      "[undefined]",
      "[null]",
      "[<key #1>]",
      "[<key #4>]",
      "[<key>]",
      "[<key #2>]",
    ]);
    expect(calls).toEqual([]);
  });
});
