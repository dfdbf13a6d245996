/**
 * The corners of the type surface (issue 16): tuples with a rest element before their end, and the
 * README type table's forms checked one by one — each accepted form round-trips here, each rejected
 * one has its diagnostic in test/unit/diagnostics.test.ts.
 */
import { decode as peerDecode, encode as peerEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { about, decodeError, expectDecodeError, expectEncodeError, fromHex, hex, roundTrip, str } from "./helpers";

const C = load<Record<string, Codec<any>>>("roundtrip_type_surface", `
import { codecFor } from "typed-msgpack";
export const LeadingRest = codecFor<[...string[], number]>();
export const MiddleRest = codecFor<[number, ...string[], boolean]>();
export const TwoAfter = codecFor<[...boolean[], string, number]>();
export const Labeled = codecFor<readonly [first: number, ...middle: Date[], last: string]>();
export const Nested = codecFor<{ path: [...{ id: number }[], { end: true }] }[]>();
`);

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
    expectDecodeError(C.Nested!, hex(peerEncode([{ path: [{ id: 1 }, { end: false }] }])), { path: "$[0].path[1].end", code: "type-mismatch" });
  });

  test("a cut array fails as incomplete at every length", () => {
    const bytes = C.MiddleRest!.encode([1, "x", "y", false]);
    for (let k = 0; k < bytes.length; k++) expect(decodeError(C.MiddleRest!, hex(bytes.subarray(0, k))).code).toBe("incomplete");
    // Cut inside the last element, the error names it by its index from the start.
    expect(decodeError(C.MiddleRest!, hex(bytes.subarray(0, bytes.length - 1))).path).toBe("$[3]");
    expect(C.MiddleRest!.decode(fromHex(hex(bytes)))).toEqual([1, "x", "y", false]);
  });
});
