/**
 * `number | bigint` (GitHub's 64-bit ids): a number is written as `number` is, a bigint as int 64 /
 * uint 64; any int decodes to a number when it is a safe integer and to a bigint otherwise.
 */
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { hex, fromHex, about, roundTrip, codecError, expectDecodeError } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_number_or_bigint", fixture("roundtrip/number-or-bigint"));

const MAX = Number.MAX_SAFE_INTEGER;

describe("the root: number | bigint", () => {
  test.each([
    ["0", 0],
    ["fixint", 5],
    ["negative fixint", -32],
    ["uint 32", 2 ** 32 - 1],
    ["int 64 in the safe range", MAX],
    ["float", 1.5],
    ["-0", -0],
    ["NaN", NaN],
    ["Infinity", -Infinity],
    ["2^53 as a number (float 64)", 2 ** 53],
  ])("a number (%s) is written as number writes it and comes back as that number", (_label, value) => {
    const encoded = roundTrip(C.Id!, value);
    expect(hex(encoded)).toBe(hex(C.Num!.encode(value)));
  });

  test.each([
    [2n ** 53n, "cf0020000000000000"],
    [2n ** 53n + 1n, "cf0020000000000001"],
    [2n ** 64n - 1n, "cfffffffffffffffff"],
    [-(2n ** 53n), "d3ffe0000000000000"],
    [-(2n ** 63n), "d38000000000000000"],
  ])("a bigint outside the safe range (%p) is written as %s and comes back as a bigint", (value, wire) => {
    expect(hex(roundTrip(C.Id!, value))).toBe(wire);
    expect(typeof C.Id!.decode(fromHex(wire))).toBe("bigint");
  });

  test.each([
    [5n, "cf0000000000000005", 5],
    [-1n, "d3ffffffffffffffff", -1],
    [BigInt(MAX), "cf001fffffffffffff", MAX],
    [BigInt(-MAX), "d3ffe0000000000001", -MAX],
  ])("a bigint in the safe range (%p) is written as %s and comes back as the number %p", (value, wire, back) => {
    const encoded = C.Id!.encode(value);
    expect(hex(encoded)).toBe(wire);
    about(encoded, () => expect(C.Id!.decode(encoded)).toBe(back));
  });

  test.each([
    ["05", 5],
    ["e0", -32],
    ["cc80", 128],
    ["cdffff", 65535],
    ["ceffffffff", 4294967295],
    ["d080", -128],
    ["d18000", -32768],
    ["d280000000", -2147483648],
    ["ca3fc00000", 1.5],
    ["cb3ff8000000000000", 1.5],
    ["d3001fffffffffffff", MAX],
  ])("decode accepts %s as the number %p", (wire, value) => {
    about(fromHex(wire), () => expect(C.Id!.decode(fromHex(wire))).toBe(value));
  });

  test.each([
    ["d37fffffffffffffff", 2n ** 63n - 1n],
    ["cf8000000000000000", 2n ** 63n],
    ["d3ffdfffffffffffff", -(2n ** 53n) - 1n],
  ])("decode accepts %s as the bigint %p", (wire, value) => {
    about(fromHex(wire), () => expect(C.Id!.decode(fromHex(wire))).toBe(value));
  });

  test.each([
    ["a135", "str"],
    ["c0", "nil"],
    ["c3", "bool"],
    ["c40105", "bin"],
    ["9105", "array"],
    ["80", "map"],
    ["d6ff00000000", "ext"],
  ])("decode rejects %s (%s) with a CodecError at offset 0", (wire, family) => {
    const e = about(fromHex(wire), () => codecError(() => C.Id!.decode(fromHex(wire))));
    expect(e).toMatchObject({ path: "$", code: "type-mismatch", offset: 0 });
    expect(e.message).toContain(`got ${family}`);
  });

  test.each([["cf00000000"], ["d3"], ["cb3ff8"]])("decode of truncated %s is incomplete", (wire) => {
    expectDecodeError(C.Id!, wire, { path: "$", code: "incomplete" });
  });

  test.each([["5"], [null], [undefined], [{}], [true]])("encode rejects %p", (value) => {
    const e = codecError(() => C.Id!.encode(value));
    expect(e).toMatchObject({ path: "$", code: "type-mismatch", offset: -1 });
    expect(e.message).toContain("expected a number or bigint");
  });

  test.each([[2n ** 64n], [-(2n ** 63n) - 1n]])("encode rejects %p (outside 64 bits)", (value) => {
    expect(codecError(() => C.Id!.encode(value))).toMatchObject({ path: "$", code: "out-of-range", offset: -1 });
  });
});

describe("everywhere the union can appear", () => {
  const big = 2n ** 60n + 7n;
  const repo = () => ({
    id: big,
    name: "octo",
    parent: 42,
    ids: [1, big, -3.5, -(2n ** 62n)],
    byName: new Map<string, number | bigint>([
      ["a", 1],
      ["b", big],
    ]),
    counts: { stars: 10, views: big },
    pair: [big, "x"] as [bigint, string],
    ref: big,
  });

  test("properties, optional with null, arrays, Map and Record values, tuple elements, a larger union", () => {
    roundTrip(C.RepoC!, repo());
    roundTrip(C.RepoC!, { ...repo(), id: 1, parent: null, ref: "main", pair: [7, "y"] });
    roundTrip(C.RepoC!, { ...repo(), parent: undefined, ref: 3 });
  });

  test("an id below 2^53 decodes to a number, one above to a bigint, in any position", () => {
    const decoded = C.RepoC!.decode(C.RepoC!.encode({ ...repo(), id: 2n ** 53n - 1n, parent: 2n ** 53n + 1n }));
    expect(decoded.id).toBe(2 ** 53 - 1);
    expect(decoded.parent).toBe(2n ** 53n + 1n);
    expect(decoded.ids.map((x: unknown) => typeof x)).toEqual(["number", "bigint", "number", "bigint"]);
  });

  test("an array of number | bigint | null, and the union beside an array and undefined", () => {
    roundTrip(C.Ids!, [null, 0, big, 1e300, null]);
    roundTrip(C.Mixed!, big);
    roundTrip(C.Mixed!, 12);
    roundTrip(C.Mixed!, ["a"]);
    roundTrip(C.Mixed!, undefined);
  });

  test("bad input names the path and the byte", () => {
    // [1, "2"]: the str at byte 2 where an element is expected.
    expectDecodeError(C.Ids!, "9201a132", { path: "$[1]", code: "type-mismatch", offset: 2 });
    const wire = C.RepoC!.encode(repo());
    const at = wire.indexOf(0xcf); // the id's uint 64
    const bad = Uint8Array.from(wire);
    bad[at] = 0xc3; // true instead of the id
    const e = about(bad, () => codecError(() => C.RepoC!.decode(bad)));
    expect(e).toMatchObject({ path: "$.id", code: "type-mismatch", offset: at });
    expect(codecError(() => C.RepoC!.encode({ ...repo(), ids: [1, "2"] }))).toMatchObject({
      path: "$.ids[1]",
      offset: -1,
    });
    expect(codecError(() => C.RepoC!.encode({ ...repo(), ref: true }))).toMatchObject({ path: "$.ref", offset: -1 });
  });
});
