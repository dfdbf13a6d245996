/**
 * The positional layout (`codecFor<T>({ layout: "positional" })`): object types as arrays of their
 * property values in declaration order. Exact bytes, the optional-property rules (trailing absent
 * ones left out, a middle one nil), length checks on decode, discriminated unions read by the
 * discriminant's index, and what stays a map (Records, index signatures, Maps).
 */
import { decode as msgpackDecode, encode as msgpackEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { hex, fromHex, roundTrip, codecError, expectDecodeError, expectEncodeError, str } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_positional", fixture("roundtrip/positional"));

const item = { sku: "ab", price: 1.5, note: undefined };

describe("exact bytes: an array of the values, no keys", () => {
  test("all present: a fixarray of the values in declaration order", () => {
    expect(hex(roundTrip(C.ItemP!, { sku: "ab", price: 1.5, note: "x" }))).toBe(
      "93" + str("ab") + "cb3ff8000000000000" + str("x"),
    );
  });

  test("a trailing optional property that is absent (or undefined) is left out", () => {
    expect(hex(roundTrip(C.ItemP!, item))).toBe("92" + str("ab") + "cb3ff8000000000000");
    expect(hex(C.ItemP!.encode({ sku: "ab", price: 1.5 }))).toBe("92" + str("ab") + "cb3ff8000000000000");
  });

  test("an absent optional property before a present one is nil; trailing ones after the last present are left out", () => {
    const order = { id: 7, tag: undefined, items: [item], gift: true, memo: undefined };
    expect(hex(roundTrip(C.OrderP!, order))).toBe(
      "94" + "07" + "c0" + "91" + "92" + str("ab") + "cb3ff8000000000000" + "c3",
    );
    expect(hex(roundTrip(C.OrderP!, { id: 7, tag: "t", items: [], gift: undefined, memo: undefined }))).toBe(
      "93" + "07" + str("t") + "90",
    );
  });

  test("@msgpack/msgpack reads the bytes as the expected arrays, and its arrays decode", () => {
    const order = { id: 7, tag: undefined, items: [item], gift: undefined, memo: "m" };
    const bytes = C.OrderP!.encode(order);
    expect(msgpackDecode(bytes)).toEqual([7, null, [["ab", 1.5]], null, "m"]);
    expect(C.OrderP!.decode(msgpackEncode([7, null, [["ab", 1.5, "n"]], false]))).toEqual({
      id: 7,
      tag: undefined,
      items: [{ sku: "ab", price: 1.5, note: "n" }],
      gift: false,
      memo: undefined,
    });
  });

  test("a nullable optional property in the middle: nil decodes as null (as for maps), absence as undefined", () => {
    expect(C.OrderP!.decode(msgpackEncode([1, null, [], null, null]))).toMatchObject({
      tag: undefined,
      gift: undefined,
      memo: null,
    });
  });

  test("smaller than the keyed layout, and the same values", () => {
    const order = { id: 7, tag: "t", items: [item, { ...item, note: "n" }], gift: false, memo: null };
    const positional = C.OrderP!.encode(order);
    const keyed = C.OrderK!.encode(order);
    expect(positional.length).toBeLessThan(keyed.length / 2);
    expect(C.OrderP!.decode(positional)).toEqual(C.OrderK!.decode(keyed));
  });

  test('layout: "keyed" is the default layout, spelled out', () => {
    expect(hex(C.ItemKeyed!.encode(item))).toBe(hex(msgpackEncode({ sku: "ab", price: 1.5 })));
  });

  test("class instances, recursive types and number widths", () => {
    const p = Object.assign(
      new (class Point {
        x = 0;
        y = 0;
      })(),
      { x: 1, y: 2 },
    );
    expect(hex(C.PointP!.encode(p))).toBe("920102");
    expect(hex(roundTrip(C.TreeP!, { value: 1, children: [{ value: 2, children: [] }] }))).toBe("920191920290");
    // Arrays of the type itself that are nullable or optional (their loops inline in its functions).
    const outline = {
      title: "a",
      notes: [{ title: "b", notes: null, sections: [] }],
      sections: [{ title: "c", notes: [] }],
    };
    expect(hex(roundTrip(C.OutlineP!, outline))).toBe(
      "93" + str("a") + "91" + "93" + str("b") + "c0" + "90" + "91" + "92" + str("c") + "90",
    );
    expectEncodeError(
      C.OutlineP!,
      { title: "a", notes: null, sections: [{ title: "c", notes: [1] }] },
      { code: "type-mismatch", path: "$.sections[0].notes[0]" },
    );
    expectDecodeError(C.OutlineP!, "92" + str("a") + "91" + "92" + str("b") + "c3", {
      code: "type-mismatch",
      path: "$.notes[0].notes",
    });
    expect(hex(roundTrip(C.ReadingP!, { at: 1.5, ok: true }))).toBe("92ca3fc00000c3");
    expect(hex(roundTrip(C.ReadingP!, null))).toBe("c0");
  });
});

describe("what stays a map: Records, index signatures, Maps", () => {
  test("the object is an array; its Record, index-signature object and Map are maps", () => {
    const doc = { title: "t", meta: { a: 1 }, extra: { a: 1, b: 2 }, index: new Map([["k", item]]) };
    const bytes = roundTrip(C.DocP!, doc);
    expect(msgpackDecode(bytes)).toEqual(["t", { a: 1 }, { a: 1, b: 2 }, { k: ["ab", 1.5] }]);
  });
});

describe("discriminated unions: the discriminant read by its index", () => {
  test("each member is an array; decode picks the member by its first element", () => {
    const shapes = [
      { kind: "circle", r: 1 },
      { kind: "rect", w: 2, h: 3 },
    ];
    const bytes = roundTrip(C.ShapesP!, shapes);
    expect(msgpackDecode(bytes)).toEqual([
      ["circle", 1],
      ["rect", 2, 3],
    ]);
  });

  test("an unknown discriminant, or an array too short to have one, is a type mismatch at the element", () => {
    expectDecodeError(C.ShapesP!, msgpackEncode([["square", 1]]), { path: "$[0]", code: "type-mismatch", offset: 1 });
    expectDecodeError(C.ShapesP!, msgpackEncode([[]]), { path: "$[0]", code: "type-mismatch", offset: 1 });
    expect(codecError(() => C.ShapesP!.decode(msgpackEncode([["square", 1]]))).message).toContain(
      `expected property "kind" to be one of "circle" | "rect"`,
    );
  });

  test("untagged unions of positional objects are tried, the first that takes the value whole first", () => {
    expect(msgpackDecode(roundTrip(C.Loose!, { a: 1, b: 2 }))).toEqual([1, 2]);
    expect(msgpackDecode(roundTrip(C.Loose!, { a: 1 }))).toEqual([1]);
  });
});

describe("decode checks the length rules", () => {
  test.each([
    ["fewer elements than the required properties", [7, null], "$", 0],
    ["more elements than the properties", [7, null, [], true, "m", 1], "$", 0],
    ["a map where an array is expected", { id: 7, items: [] }, "$", 0],
    ["an element of the wrong type", [7, null, [["ab"]]], "$.items[0]", 4],
  ])("%s", (_label, value, path, offset) => {
    const e = codecError(() => C.OrderP!.decode(msgpackEncode(value)));
    expect({ code: e.code, path: e.path, offset: e.offset }).toEqual({ code: "type-mismatch", path, offset });
  });

  test("a required property given as nil is a type mismatch at its path", () => {
    expectDecodeError(C.OrderP!, msgpackEncode([null, null, []]), { path: "$.id", code: "type-mismatch", offset: 1 });
  });
});

describe("encode checks as the keyed layout does", () => {
  test("a wrong type names the property path", () => {
    expectEncodeError(C.OrderP!, { id: "7", items: [] }, { path: "$.id", code: "type-mismatch" });
    expectEncodeError(
      C.OrderP!,
      { id: 7, items: [{ sku: 1, price: 1 }] },
      { path: "$.items[0].sku", code: "type-mismatch" },
    );
    expectEncodeError(C.OrderP!, { id: 7, items: [], gift: "yes" }, { path: "$.gift", code: "type-mismatch" });
    expectEncodeError(C.OrderP!, [7, null, []], { path: "$", code: "type-mismatch" });
  });

  test("a value that is no record fails as itself, though its properties are read before its prototype is tested", () => {
    const item = { sku: "a", price: 1 };
    for (const value of [
      null,
      undefined,
      5,
      Object.assign([], item),
      Object.assign(new Date(0), item),
      Object.assign(new Map(), item),
    ]) {
      expect(codecError(() => C.ItemP!.encode(value))).toMatchObject({
        path: "$",
        code: "type-mismatch",
        message: expect.stringContaining("an object (Item)"),
      });
    }
    expect(hex(C.ItemP!.encode(Object.assign(Object.create(null), item)))).toBe(hex(C.ItemP!.encode(item)));
  });
});

test("keyed bytes are not positional bytes: each layout reads its own", () => {
  expect(() => C.OrderP!.decode(C.OrderK!.encode({ id: 1, items: [] }))).toThrow(
    /expected a tuple of 3 to 5 elements|expected array/,
  );
  expect(C.ItemP!.decode(fromHex("92a0cb3ff0000000000000"))).toEqual({ sku: "", price: 1, note: undefined });
});
