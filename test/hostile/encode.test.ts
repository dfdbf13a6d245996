/**
 * Encode is honest: a runtime value that does not match T throws a CodecError naming the path
 * (offset -1), never bytes that would fail to decode as T; a cyclic or too-deep value ends in
 * too-deep, never a stack overflow or a hang.
 */
import { encode as msgpackEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import { same } from "../helpers/equal";
import { CodecError, ExtData, type Codec } from "../../runtime/index";
import { HOSTILE_SOURCE } from "./fixture";
import { decodeError, expectCodecError, hex, safeJson, withHardTimeout } from "./lib";

const H = load<Record<string, Codec<any>>>("hostile_encode", HOSTILE_SOURCE);

/** Encode must throw a CodecError; returns it. */
function encodeError(codec: string, value: unknown): CodecError {
  return decodeError(() => H[codec]!.encode(value));
}

/** Either a CodecError, or bytes that the same codec decodes. */
function honest(codec: string, value: unknown): void {
  let bytes: Uint8Array;
  try {
    bytes = H[codec]!.encode(value);
  } catch (e) {
    expect(e).toBeInstanceOf(CodecError);
    return;
  }
  let back: unknown;
  try {
    back = H[codec]!.decode(bytes);
  } catch (e) {
    throw new Error(
      `${codec}.encode(${safeJson(value)}) wrote ${hex(bytes)}, which ${codec}.decode rejects: ${(e as Error).message}`,
    );
  }
  expect(back).toBeDefined();
}

describe("values that do not match T (a JS caller, `as any`) throw a CodecError naming the path", () => {
  const placedAt = new Date(0);
  test.each([
    ["string where a number belongs", { id: "7", items: [], placedAt }, "type-mismatch", "$.id"],
    ["missing required property", { id: 7, placedAt }, "type-mismatch", "$.items"],
    ["invalid Date", { id: 7, items: [], placedAt: new Date(NaN) }, "out-of-range", "$.placedAt"],
    ["string where a Date belongs", { id: 7, items: [], placedAt: "2020-01-01" }, "type-mismatch", "$.placedAt"],
    ["nested wrong type", { id: 7, items: [{ sku: "a", price: "1" }], placedAt }, "type-mismatch", "$.items[0].price"],
    ["nested missing property", { id: 7, items: [{ price: 1 }], placedAt }, "type-mismatch", "$.items[0].sku"],
    ["null for an object", null, "type-mismatch", "$"],
    ["an array for an object", [], "type-mismatch", "$"],
    ["a Map for an object", new Map(), "type-mismatch", "$"],
    ["null in an array of objects", { id: 7, items: [null], placedAt }, "type-mismatch", "$.items[0]"],
    // biome-ignore lint/suspicious/noSparseArray: a hole is the case under test
    ["hole in an array", { id: 7, items: [, { sku: "a", price: 1 }], placedAt }, "type-mismatch", "$.items[0]"],
    ["optional property of the wrong type", { id: 7, items: [], placedAt, note: 5 }, "type-mismatch", "$.note"],
  ] as [string, unknown, string, string][])("Order: %s", (_label, value, code, path) => {
    expectCodecError(() => H.OrderC!.encode(value), { code: code as never, path, offset: -1 });
  });

  test.each([
    ["BigintC", 1, "type-mismatch", "$"],
    ["BigintC", 2n ** 64n, "out-of-range", "$"],
    ["BigintC", -(2n ** 63n) - 1n, "out-of-range", "$"],
    ["NumberC", 1n, "type-mismatch", "$"],
    ["StringC", Symbol("s"), "type-mismatch", "$"],
    ["BytesC", [1, 2], "type-mismatch", "$"],
    ["DateC", 0, "type-mismatch", "$"],
    ["UnknownC", Symbol("s"), "type-mismatch", "$"],
    ["UnknownC", { f: () => 1 }, "type-mismatch", "$.f"],
    ["UnknownC", [new Date(NaN)], "out-of-range", "$[0]"],
    ["UnknownC", { big: 2n ** 70n }, "out-of-range", "$.big"],
    ["RecordNumC", { a: 1, b: "2" }, "type-mismatch", "$.b"],
    ["RecordNumC", { a: undefined, b: 1, c: "2" }, "type-mismatch", "$.c"],
    ["EventC", { type: "tap", x: 1 }, "type-mismatch", "$"],
    ["EventC", { type: "click", x: "1" }, "type-mismatch", "$.x"],
    ["ExprC", { op: "neg", arg: { op: "lit", value: "1" } }, "type-mismatch", "$.arg.value"],
    ["RowC", [1, 2, 3], "type-mismatch", "$"],
    ["RowC", ["1"], "type-mismatch", "$[0]"],
    ["TreeC", { value: 1, children: { length: 0 } }, "type-mismatch", "$.children"],
    ["TreeC", { value: 1, children: [{ value: 2, children: "" }] }, "type-mismatch", "$.children[0].children"],
    [
      "MarksC",
      [
        ["pt", 1, 2],
        ["pq", 1, 2],
      ],
      "type-mismatch",
      "$[1][0]",
    ],
    ["MarksC", [["pt", 1, "2"]], "type-mismatch", "$[0][2]"],
    ["MarksC", [["pt", 1]], "type-mismatch", "$[0]"],
    ["FlaggedC", ["of", true, 1], "type-mismatch", "$[0]"],
    ["FlaggedC", ["on", 1, 1], "type-mismatch", "$[1]"],
    ["FlaggedC", ["off", false, 1n], "type-mismatch", "$[2]"],
  ] as [string, unknown, string, string][])("%s: %p", (codec, value, code, path) => {
    expectCodecError(() => H[codec]!.encode(value), { code: code as never, path, offset: -1 });
  });
});

test("a sparse array of tuples fails at its first hole, reserving no room for its length", () => {
  const sparse = new Array(2 ** 30);
  sparse[5] = ["pt", 1, 2];
  expectCodecError(() => H.MarksC!.encode(sparse), { code: "type-mismatch", path: "$[0]", offset: -1 });
});

describe("unknown values: encode writes only what decode accepts back", () => {
  test.each([
    ["Map with an object key", new Map<unknown, unknown>([[{ a: 1 }, 1]])],
    ["Map with a boolean key", new Map<unknown, unknown>([[true, 1]])],
    ["Map with a null key", new Map<unknown, unknown>([[null, 1]])],
    ["Map with a float key", new Map<unknown, unknown>([[1.5, 1]])],
    ["Map with a bigint key beyond 2^53", new Map<unknown, unknown>([[2n ** 60n, 1]])],
    ["ExtData of type -1 (timestamp) with a 3-byte payload", new ExtData(-1, new Uint8Array([1, 2, 3]))],
    ["ExtData with a type outside int 8", new ExtData(200, new Uint8Array([1]))],
    ["nested: an array holding a Map with an array key", [new Map<unknown, unknown>([[[1], "x"]])]],
  ])("%s", (_label, value) => {
    honest("UnknownC", value);
    honest("RecordC", { v: value });
  });

  test("ExtData with a type outside -128..127 is refused rather than silently wrapped", () => {
    expect(encodeError("UnknownC", new ExtData(200, new Uint8Array([1]))).code).toBe("out-of-range");
  });

  test("int and str Map keys are fine (the decoder accepts both)", () => {
    expect(
      H.UnknownC!.decode(
        H.UnknownC!.encode(
          new Map<unknown, unknown>([
            [1, "a"],
            ["b", 2],
          ]),
        ),
      ),
    ).toEqual({ 1: "a", b: 2 });
  });
});

describe("declared properties named like Object.prototype members", () => {
  test("an object without them encodes (inherited constructor/toString/valueOf are not its data)", () => {
    const bytes = H.InheritedC!.encode({ name: "a" });
    // Absent, the declared ones decode as own undefined properties: never the inherited members.
    const absent = { constructor: undefined, toString: undefined, valueOf: undefined, hasOwnProperty: undefined };
    expect(H.InheritedC!.decode(bytes)).toEqual({ name: "a", ...absent });
    expect(hex(bytes)).toBe("81a46e616d65a161");
  });
  test('a declared "__proto__" property: read as own data, written as a key', () => {
    const value = JSON.parse('{"id": 1, "__proto__": {"polluted": true}}');
    const back = H.ProtoNamedC!.decode(H.ProtoNamedC!.encode(value));
    expect(Object.getOwnPropertyDescriptor(back, "__proto__")!.value).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(H.ProtoNamedC!.encode({ id: 1 })).toEqual(H.ProtoNamedC!.encode(JSON.parse('{"id": 1}')));
  });
});

describe("cycles and too-deep values end in too-deep, not a stack overflow or a hang", () => {
  test("recursive interface: a tree that contains itself", () => {
    const tree: { value: number; children: unknown[] } = { value: 1, children: [] };
    tree.children.push(tree);
    const e = encodeError("TreeC", tree);
    expect(e.code).toBe("too-deep");
    expect(e.offset).toBe(-1);
    expect(e.path).toBe("$" + ".children[0]".repeat(1001));
    expect(e.message).toMatch(/cyclic/);
  });

  test("unknown: an object whose property is itself, an array that holds itself, a Map that holds itself", () => {
    const o: Record<string, unknown> = { a: 1 };
    o.self = o;
    expect(encodeError("UnknownC", o).code).toBe("too-deep");
    expect(encodeError("RecordC", o).code).toBe("too-deep");
    const a: unknown[] = [];
    a.push(a);
    expect(encodeError("UnknownC", a).code).toBe("too-deep");
    expect(encodeError("JsonC", a).code).toBe("too-deep");
    const m = new Map<string, unknown>();
    m.set("m", m);
    expect(encodeError("UnknownC", m).code).toBe("too-deep");
    expect(encodeError("MapC", new Map([["x", m]])).code).toBe("too-deep");
  });

  test("tagged recursive union: an Expr whose arg is itself", () => {
    const e: Record<string, unknown> = { op: "neg" };
    e.arg = e;
    expect(encodeError("ExprC", e).code).toBe("too-deep");
  });

  test("100k nested arrays (not cyclic) in unknown and Json", () => {
    let deep: unknown = null;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const e = encodeError("UnknownC", deep);
    expect(e.code).toBe("too-deep");
    expect(e.path).toBe("$" + "[0]".repeat(1001));
    expect(encodeError("JsonC", deep).code).toBe("too-deep");
  });

  test("untagged recursive union (Chain | Link): a cycle ends in too-deep within a second", () => {
    const c: Record<string, unknown> = { name: "a" };
    c.next = c;
    const code = withHardTimeout(() => encodeError("ChainC", c).code, 2000);
    expect(code).toBe("too-deep");
  });

  test("untagged recursive union: a bad leaf 14 levels down fails fast and names its path", () => {
    let v: Record<string, unknown> = { name: 5 };
    for (let i = 0; i < 14; i++) v = { next: v };
    const t = performance.now();
    const e = withHardTimeout(() => encodeError("ChainC", v), 2000);
    expect(performance.now() - t).toBeLessThan(100);
    expect(e.path).toBe("$" + ".next".repeat(14) + ".name");
  });
});

describe("arrays of the type being encoded, written in its encoder", () => {
  test("their headers in every size the bytes @msgpack/msgpack writes, and back", () => {
    for (const n of [0, 15, 16, 65_535, 65_536]) {
      const tree = { value: n, children: Array.from({ length: n }, (_, i) => ({ value: i, children: [] })) };
      const bytes = H.TreeC!.encode(tree);
      expect(Buffer.from(bytes).equals(Buffer.from(msgpackEncode(tree)))).toBe(true);
      same(H.TreeC!.decode(bytes), tree);
    }
  });
});

describe("tuples", () => {
  test("a trailing optional element given as undefined comes back as undefined (absent), not null", () => {
    const back = H.RowC!.decode(H.RowC!.encode([1, undefined]));
    expect(back[0]).toBe(1);
    expect(back[1]).toBeUndefined(); // the type is `score?: number | null`: nil now reads as null
  });
  test("fixed tuples with literal elements: the bytes @msgpack/msgpack writes, and back", () => {
    const marks = [
      ["pt", 0, -1.5],
      ["pt", 300, 2 ** 40],
    ];
    expect(hex(H.MarksC!.encode(marks))).toBe(hex(msgpackEncode(marks)));
    expect(H.MarksC!.decode(H.MarksC!.encode(marks))).toEqual(marks);
    for (const flagged of [
      ["on", true, 1],
      ["off", false, 2.5],
    ]) {
      expect(hex(H.FlaggedC!.encode(flagged))).toBe(hex(msgpackEncode(flagged)));
      expect(H.FlaggedC!.decode(H.FlaggedC!.encode(flagged))).toEqual(flagged);
    }
  });
  test("optional elements present and absent round-trip", () => {
    expect(H.RowC!.decode(H.RowC!.encode([1]))).toEqual([1]);
    expect(H.RowC!.decode(H.RowC!.encode([1, null]))).toEqual([1, null]);
    expect(H.RowC!.decode(H.RowC!.encode([1, 2]))).toEqual([1, 2]);
  });
});
