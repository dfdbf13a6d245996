import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { hex, fromHex, str, about, roundTrip, codecError } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_unions", fixture("roundtrip/unions"));

describe("valid values round-trip through the right member", () => {
  test.each([
    ["ShapeC", { kind: "circle", r: 1 }, "82" + str("kind") + str("circle") + str("r") + "01"],
    ["ShapeC", { kind: "square", side: 2 }, "82" + str("kind") + str("square") + str("side") + "02"],
    ["ShapeC", { kind: "rect", w: 1, h: 2 }, "83" + str("kind") + str("rect") + str("w") + "01" + str("h") + "02"],
    ["ResultC", { ok: true, value: 5 }, "82" + str("ok") + "c3" + str("value") + "05"],
    ["ResultC", { ok: false, error: "bad" }, "82" + str("ok") + "c2" + str("error") + str("bad")],
    ["MsgC", { type: 1, text: "t" }, "82" + str("type") + "01" + str("text") + str("t")],
    ["MsgC", { type: 2, data: new Uint8Array([1]) }, "82" + str("type") + "02" + str("data") + "c40101"],
    [
      "LateC",
      { name: "n", note: "x", kind: "a" },
      "83" + str("name") + str("n") + str("note") + str("x") + str("kind") + str("a"),
    ],
    [
      "LateC",
      { name: "n", kind: "b", size: 3 },
      "83" + str("name") + str("n") + str("kind") + str("b") + str("size") + "03",
    ],
    ["MultiC", { t: "y", n: 1 }, "82" + str("t") + str("y") + str("n") + "01"],
    ["MultiC", { t: "z", s: "" }, "82" + str("t") + str("z") + str("s") + "a0"],
    ["MaybeStr", null, "c0"],
    ["MaybeStr", "s", "a173"],
    ["OptNum", undefined, "c0"],
    ["OptNum", 1.5, "cb3ff8000000000000"],
    ["Mixed", null, "c0"],
    ["Mixed", true, "c3"],
    ["Mixed", -1, "ff"],
    ["Mixed", 0.5, "cb3fe0000000000000"],
    ["Mixed", "1", "a131"],
    ["Lits", "a", "a161"],
    ["Lits", 1, "01"],
    ["Lits", true, "c3"],
    ["AutoOrBool", "auto", "a46175746f"],
    ["AutoOrBool", false, "c2"],
    ["StrOrTemplate", "none", "a46e6f6e65"],
    ["StrOrTemplate", "#12", "a3233132"],
    ["DateOrStr", new Date(1000), "d6ff00000001"],
    ["DateOrStr", "2020", "a432303230"],
    ["BytesOrNum", new Uint8Array([9]), "c40109"],
    ["BytesOrNum", 9, "09"],
    ["ArrOrNum", ["a"], "91a161"],
    ["ArrOrNum", 3, "03"],
    ["Arrays", ["a"], "91a161"],
    ["Arrays", [1, 2], "920102"],
    ["Arrays", [], "90"],
    ["TupleOrArr", [1, 2], "920102"],
    ["TupleOrArr", ["a", "b"], "92a161a162"],
    ["Untagged", { a: "x" }, "81" + str("a") + str("x")],
    ["Untagged", { b: 1 }, "81" + str("b") + "01"],
    ["Overlap", { a: "x" }, "81" + str("a") + str("x")],
    ["Overlap", { a: "x", b: 1 }, "82" + str("a") + str("x") + str("b") + "01"],
    ["SetOrStr", new Set([1]), "9101"],
    ["SetOrStr", "s", "a173"],
    ["MapOrNull", new Map([["k", 1]]), "81a16b01"],
    ["MapOrNull", null, "c0"],
    ["Holder", { shape: null }, "81" + str("shape") + "c0"],
    // an object member must not capture arrays, Dates, binaries or Sets, which are objects in JS too
    ["RecOrArr", { x: 1 }, "81a17801"],
    ["RecOrArr", [1], "9101"],
    ["ObjOrArr", { a: "x" }, "81a161a178"],
    ["ObjOrArr", [true], "91c3"],
    ["ObjOrDate", { at: 1 }, "81a2617401"],
    ["ObjOrDate", new Date(0), "d6ff00000000"],
    ["ObjOrBytes", new Uint8Array([7]), "c40107"],
    ["ObjOrSet", new Set([1]), "9101"],
    ["ObjOrSet", { a: 1 }, "81a16101"],
    ["Holder", { shape: { kind: "circle", r: 1 }, extra: { kind: "square", side: 1 } }, ""],
  ])("%s %p", (name, value, wire) => {
    const encoded = roundTrip(C[name]!, value);
    if (wire) expect(hex(encoded)).toBe(wire);
  });
});

describe("decode dispatches on the type byte and on the discriminant", () => {
  test.each([
    ["tag after other keys", "ShapeC", "82" + str("r") + "05" + str("kind") + str("circle"), { kind: "circle", r: 5 }],
    [
      "tag after a string-valued key",
      "LateC",
      "83" + str("name") + str("n") + str("kind") + str("b") + str("size") + "03",
      { name: "n", kind: "b", size: 3 },
    ],
    [
      "tag after a nested map",
      "ShapeC",
      "83" + str("meta") + "81" + str("k") + "01" + str("kind") + str("square") + str("side") + "02",
      { kind: "square", side: 2 },
    ],
    ["tag value shared by one member", "MultiC", "82" + str("n") + "01" + str("t") + str("x"), { t: "x", n: 1 }],
    [
      "non-minimal tag string",
      "ShapeC",
      "83" + str("kind") + "d904" + Buffer.from("rect").toString("hex") + str("w") + "01" + str("h") + "02",
      { kind: "rect", w: 1, h: 2 },
    ],
    ["int as a number member", "Mixed", "d3ffffffffffffffff", -1],
    ["float 32 as a number member", "Mixed", "ca3f000000", 0.5],
    ["str8 as a string member", "Mixed", "d90178", "x"],
    ["nil for number | undefined", "OptNum", "c0", undefined],
    [
      "overlap: the member that keeps every key",
      "Overlap",
      "82" + str("b") + "01" + str("a") + str("x"),
      { a: "x", b: 1 },
    ],
    ["untagged: the member whose keys match", "Untagged", "81" + str("b") + "07", { b: 7 }],
    ["arrays: the member whose elements match", "Arrays", "920102", [1, 2]],
  ])("%s", (_label, name, wire, expected) => {
    const decoded = about(fromHex(wire), () => C[name]!.decode(fromHex(wire)));
    expect(decoded).toEqual(expected);
  });
});

describe("invalid values do not encode", () => {
  test.each([
    ["ShapeC", { kind: "triangle" }, "$"],
    ["ShapeC", { r: 1 }, "$"],
    ["ShapeC", null, "$"],
    ["ShapeC", { kind: "circle", r: "1" }, "$.r"],
    ["ShapeC", { kind: "rect", w: 1 }, "$.h"],
    ["ResultC", { ok: "yes", value: 1 }, "$"],
    ["ResultC", { ok: false, error: 1 }, "$.error"],
    ["MsgC", { type: 2, data: "x" }, "$.data"],
    ["MsgC", { type: 3 }, "$"],
    ["MaybeStr", undefined, "$"],
    ["MaybeStr", 1, "$"],
    ["OptNum", null, "$"],
    ["Mixed", undefined, "$"],
    ["Mixed", {}, "$"],
    ["Mixed", 1n, "$"],
    ["Lits", "b", "$"],
    ["Lits", 2, "$"],
    ["Lits", false, "$"],
    ["AutoOrBool", "manual", "$"],
    ["StrOrTemplate", "#x", "$"],
    ["DateOrStr", 1, "$"],
    ["BytesOrNum", [1], "$"],
    ["ArrOrNum", [1], "$[0]"],
    ["Arrays", ["a", 1], /^\$\[[01]\]$/],
    ["TupleOrArr", [1], /^\$(\[0\])?$/],
    ["Untagged", { c: 1 }, /^\$(\.a|\.b)?$/],
    ["SetOrStr", [1], "$"],
    ["MapOrNull", undefined, "$"],
    ["Holder", { shape: { kind: "square", side: "x" } }, "$.shape.side"],
    ["Holder", { shape: null, extra: { kind: "x" } }, /^\$\.extra(\.kind)?$/],
    // the optional property's union must still dispatch on the discriminant, as the required one does
    ["Holder", { shape: { kind: "circle", r: 1 }, extra: { kind: "circle", r: "x" } }, "$.extra.r"],
    ["Holder", { shape: { kind: "circle", r: "x" } }, "$.shape.r"],
    // objects that are not records, even with a matching discriminant: the member's own check refuses them
    ["ShapeC", [], "$"],
    ["ShapeC", Object.assign(new Date(0), { kind: "circle", r: 1 }), "$"],
    ["ShapeC", Object.assign(new Map(), { kind: "square", side: 1 }), "$"],
    ["ShapeC", Object.assign([1], { kind: "rect", w: 1, h: 1 }), "$"],
  ])("%s rejects %p", (name, value, path) => {
    const error = codecError(() => C[name]!.encode(value));
    expect(error).toMatchObject({ code: "type-mismatch", offset: -1 });
    if (typeof path === "string") expect(error.path).toBe(path);
    else expect(error.path).toMatch(path); // no member fits: any of the members' complaints will do
  });
});

describe("invalid bytes do not decode", () => {
  test.each([
    ["unknown tag", "ShapeC", "82" + str("kind") + str("hexagon") + str("r") + "01", "type-mismatch", "$", 0],
    ["missing tag", "ShapeC", "81" + str("r") + "01", "type-mismatch", "$", 0],
    ["tag of the wrong type", "ShapeC", "82" + str("kind") + "01" + str("r") + "01", "type-mismatch", "$", 0],
    [
      "numeric tag as a string",
      "MsgC",
      "82" + str("type") + str("1") + str("text") + str("t"),
      "type-mismatch",
      "$",
      0,
    ],
    ["array for an object union", "ShapeC", "90", "type-mismatch", "$", 0],
    [
      "member missing a property",
      "ShapeC",
      "82" + str("kind") + str("rect") + str("w") + "01",
      "missing-property",
      "$",
      undefined,
    ],
    [
      "member property of the wrong type",
      "ResultC",
      "82" + str("ok") + "c3" + str("value") + str("v"),
      "type-mismatch",
      "$.value",
      11,
    ],
    ["bin for string | null", "MaybeStr", "c40161", "type-mismatch", "$", 0],
    ["map for a primitive union", "Mixed", "80", "type-mismatch", "$", 0],
    ["ext for a primitive union", "Mixed", "d6ff00000000", "type-mismatch", "$", 0],
    ["literal outside the set", "Lits", "a162", "type-mismatch", "$", 0],
    ['false for "a" | 1 | true', "Lits", "c2", "type-mismatch", "$", 0],
    ['2 for "a" | 1 | true', "Lits", "02", "type-mismatch", "$", 0],
    ["other string", "AutoOrBool", "a46f666666", "type-mismatch", "$", 0],
    ["template mismatch", "StrOrTemplate", "a2232e", "type-mismatch", "$", 0],
    ["int for Date | string", "DateOrStr", "01", "type-mismatch", "$", 0],
    ["other ext type for Date | string", "DateOrStr", "d40110", "type-mismatch", "$", 0],
    ["array for Shape | null", "Holder", "81" + str("shape") + "90", "type-mismatch", "$.shape", 7],
  ])("%s", (_label, name, wire, code, path, offset) => {
    const error = about(fromHex(wire), () => codecError(() => C[name]!.decode(fromHex(wire))));
    expect(error).toMatchObject(offset === undefined ? { code, path } : { code, path, offset });
  });

  test.each([
    ["mixed array", "Arrays", "92a16101"],
    ["map with neither member's keys", "Untagged", "81" + str("c") + "01"],
    ["tuple too short and not strings", "TupleOrArr", "9101"],
  ])("no member accepts a %s", (_label, name, wire) => {
    const error = about(fromHex(wire), () => codecError(() => C[name]!.decode(fromHex(wire))));
    expect(["type-mismatch", "missing-property"]).toContain(error.code);
    expect(error.path).toMatch(/^\$/);
  });
});
