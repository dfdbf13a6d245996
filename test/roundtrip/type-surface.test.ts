/**
 * The corners of the type surface (issue 16): tuples with a rest element before their end, and the
 * docs/type-mapping.md table's forms checked one by one — each accepted form round-trips here, each rejected
 * one has its diagnostic in test/unit/diagnostics.test.ts.
 */
import { decode as peerDecode, encode as peerEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import {
  about,
  codecError,
  decodeError,
  expectDecodeError,
  expectEncodeError,
  fromHex,
  hex,
  roundTrip,
  str,
} from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_type_surface", fixture("roundtrip/type-surface"));

describe("tuples with a rest element before their end", () => {
  test.each([
    ["LeadingRest", [1], "9101"],
    ["LeadingRest", ["a", "b", 2], "93" + str("a") + str("b") + "02"],
    ["MiddleRest", [1, true], "9201c3"],
    ["MiddleRest", [1, "x", "y", false], "9401" + str("x") + str("y") + "c2"],
    ["TwoAfter", ["s", 1], "92" + str("s") + "01"],
    ["TwoAfter", [true, false, "s", 1], "94c3c2" + str("s") + "01"],
  ])("%s %j", (name, value, wire) => {
    const bytes = roundTrip(C[name]!, value);
    about(bytes, () => {
      expect(hex(bytes)).toBe(wire);
      expect(hex(peerEncode(value))).toBe(wire);
      expect(peerDecode(bytes)).toEqual(value);
    });
  });

  test("labeled, readonly, and with object and Date elements", () => {
    roundTrip(C.Labeled!, [1, "end"]);
    roundTrip(C.Labeled!, [1, new Date(1), new Date(2), "end"]);
    roundTrip(C.Nested!, [{ path: [{ end: true }] }, { path: [{ id: 1 }, { id: 2 }, { end: true }] }]);
  });

  test("too short is refused both ways, with the lengths the fixed elements imply", () => {
    expectEncodeError(C.MiddleRest!, [1], { path: "$" });
    expectDecodeError(C.MiddleRest!, "9101", { path: "$", code: "type-mismatch", offset: 0 });
    expectDecodeError(C.LeadingRest!, "90", { path: "$", code: "type-mismatch", offset: 0 });
  });

  test("elements after the rest are checked as the fixed types, with their index from the start", () => {
    expectEncodeError(C.MiddleRest!, [1, "x", "y", "z"], { path: "$[3]" });
    expectEncodeError(C.MiddleRest!, [1, "x", 5, true], { path: "$[2]" });
    expectDecodeError(C.MiddleRest!, "9301" + str("x") + str("y"), { path: "$[2]", code: "type-mismatch", offset: 4 });
    expectDecodeError(C.TwoAfter!, "93c3" + "01" + "01", { path: "$[1]", code: "type-mismatch", offset: 2 });
    expectDecodeError(C.Nested!, hex(peerEncode([{ path: [{ id: 1 }, { end: false }] }])), {
      path: "$[0].path[1].end",
      code: "type-mismatch",
    });
  });

  test("a cut array fails as incomplete at every length", () => {
    const bytes = C.MiddleRest!.encode([1, "x", "y", false]);
    for (let k = 0; k < bytes.length; k++)
      expect(decodeError(C.MiddleRest!, hex(bytes.subarray(0, k))).code).toBe("incomplete");
    // Cut inside the last element, the error names it by its index from the start.
    expect(decodeError(C.MiddleRest!, hex(bytes.subarray(0, bytes.length - 1))).path).toBe("$[3]");
    expect(C.MiddleRest!.decode(fromHex(hex(bytes)))).toEqual([1, "x", "y", false]);
  });
});

describe("the type table's forms, audited", () => {
  const user = { id: 1, name: "Ann", email: "a@x", tags: ["t"] };
  test.each([
    ["PartialUser", {}],
    ["PartialUser", { name: "Ann" }],
    ["PartialUser", user],
    ["RequiredUser", user],
    ["PickUser", { id: 1, email: "a@x" }],
    ["PickUser", { id: 1 }],
    ["OmitUser", { id: 1, name: "Ann" }],
    ["ReadonlyUser", user],
    ["ReadonlyRecord", { a: 1, "odd key": 2 }],
    ["ReadonlyKeyed", { a: 1, b: 2 }],
    ["NonNull", "text"],
    ["LabeledPair", [1]],
    ["LabeledPair", [1, "y"]],
    ["FlagsC", 3],
    ["FlagsC", 0],
    ["ComputedC", 1],
    ["ComputedC", 2],
    ["PartC", { part: 10 }],
    ["PartC", { part: 3 }],
    ["MixedC", ["l", 3]],
    ["ColorC", "#0f0"],
  ])("%s %j: round trip, the bytes @msgpack/msgpack writes", (name, value) => {
    const bytes = roundTrip(C[name]!, value);
    about(bytes, () => {
      expect(hex(bytes)).toBe(hex(peerEncode(value)));
      expect(peerDecode(bytes)).toEqual(value);
    });
  });

  test.each([
    ["RequiredUser", { id: 1, name: "Ann", tags: [] }, "$", "missing-property", "$.email"],
    ["PickUser", { id: "1" }, "$.id", "type-mismatch"],
    ["ReadonlyKeyed", { a: 1 }, "$", "missing-property", "$.b"],
    ["NonNull", null, "$", "type-mismatch"],
    ["FlagsC", 4, "$", "type-mismatch"],
    ["ComputedC", "1", "$", "type-mismatch"],
    ["PartC", { part: "10" }, "$.part", "type-mismatch"],
    ["MixedC", ["n"], "$[0]", "type-mismatch"],
    ["ColorC", "#00f", "$", "type-mismatch"],
  ] as [string, unknown, string, string, string?][])(
    "%s refuses %j both ways",
    (name, value, path, code, encodePath = path) => {
      const codec = C[name]!;
      // Encode names the property it found wrong (undefined where a value is required), decode the object missing it.
      expect(codecError(() => codec.encode(value))).toMatchObject({ path: encodePath });
      expect(codecError(() => codec.decode(peerEncode(value)))).toMatchObject({ path, code });
    },
  );

  test("Omit leaves the omitted property out: an extra key on the wire is skipped", () => {
    expect(C.OmitUser!.decode(peerEncode(user))).toEqual({ id: 1, name: "Ann", email: "a@x" });
  });
});
