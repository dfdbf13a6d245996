/**
 * Number widths (`Float32`, `Float64`, `Int8` ... `Uint64`): the exact bytes each is written as,
 * round trips at every range boundary, range and type checks in both directions, and widths
 * wherever a number may stand (properties, optional ones, arrays, tuples, unions, maps).
 */
import { encode as msgpackEncode, decode as msgpackDecode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { hex, fromHex, roundTrip, codecError, expectDecodeError, expectEncodeError } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_widths", fixture("roundtrip/widths"));

describe("Float32: float 32 (0xca), rounded by Math.fround", () => {
  test.each([
    [1.5, "ca3fc00000"],
    [-1.5, "cabfc00000"],
    [0, "ca00000000"],
    [-0, "ca80000000"],
    [1, "ca3f800000"],
    [Infinity, "ca7f800000"],
    [3.4028234663852886e38, "ca7f7fffff"],
  ])("%p is written as %s", (value, wire) => {
    expect(hex(roundTrip(C.F32!, value))).toBe(wire);
  });

  test("a value that float 32 cannot hold exactly is rounded, and decodes to the rounded value", () => {
    const bytes = C.F32!.encode(0.1);
    expect(hex(bytes)).toBe("ca3dcccccd");
    expect(C.F32!.decode(bytes)).toBe(Math.fround(0.1));
    expect(msgpackDecode(bytes)).toBe(Math.fround(0.1));
  });

  test("NaN stays NaN", () => {
    expect(Number.isNaN(C.F32!.decode(C.F32!.encode(NaN)))).toBe(true);
    expect(hex(C.F32!.encode(NaN)).slice(0, 2)).toBe("ca");
  });

  test("any int or float decodes, rounded to float 32", () => {
    expect(C.F32!.decode(fromHex("05"))).toBe(5);
    expect(C.F32!.decode(msgpackEncode(0.1))).toBe(Math.fround(0.1));
    expect(C.F32!.decode(fromHex("cd0100"))).toBe(256);
  });

  test("a finite value beyond float 32's range is out of range both ways, not Infinity", () => {
    expectEncodeError(C.F32!, 1e39, { path: "$", code: "out-of-range" });
    expectEncodeError(C.F32!, -1e300, { path: "$", code: "out-of-range" });
    expectDecodeError(C.F32!, msgpackEncode(1e39), { path: "$", code: "out-of-range", offset: 0 });
  });

  test("a non-number is a type mismatch", () => {
    expectEncodeError(C.F32!, "1.5", { path: "$", code: "type-mismatch" });
    expectDecodeError(C.F32!, "a131", { path: "$", code: "type-mismatch", offset: 0 });
    expectDecodeError(C.F32!, "cabfc000", { path: "$", code: "incomplete" });
  });
});

describe("Float64: always float 64 (0xcb), integers too", () => {
  test.each([
    [1, "cb3ff0000000000000"],
    [1.5, "cb3ff8000000000000"],
    [-0, "cb8000000000000000"],
    [0.1, "cb3fb999999999999a"],
  ])("%p is written as %s", (value, wire) => {
    expect(hex(roundTrip(C.F64!, value))).toBe(wire);
  });
  test("any int or float decodes, as for number", () => {
    expect(C.F64!.decode(fromHex("05"))).toBe(5);
    expect(C.F64!.decode(fromHex("cabfc00000"))).toBe(-1.5);
    expectDecodeError(C.F64!, "c3", { path: "$", code: "type-mismatch", offset: 0 });
  });
});

describe("integer widths: the smallest int format, range-checked both ways", () => {
  const cases: [string, number, number, [number, string][]][] = [
    [
      "I8",
      -128,
      127,
      [
        [-128, "d080"],
        [-33, "d0df"],
        [-32, "e0"],
        [127, "7f"],
        [0, "00"],
      ],
    ],
    [
      "I16",
      -32768,
      32767,
      [
        [-32768, "d18000"],
        [-129, "d1ff7f"],
        [32767, "cd7fff"],
        [200, "ccc8"],
      ],
    ],
    [
      "I32",
      -(2 ** 31),
      2 ** 31 - 1,
      [
        [-(2 ** 31), "d280000000"],
        [2 ** 31 - 1, "ce7fffffff"],
        [-32769, "d2ffff7fff"],
      ],
    ],
    [
      "U8",
      0,
      255,
      [
        [0, "00"],
        [255, "ccff"],
        [128, "cc80"],
      ],
    ],
    [
      "U16",
      0,
      65535,
      [
        [65535, "cdffff"],
        [256, "cd0100"],
      ],
    ],
    [
      "U32",
      0,
      2 ** 32 - 1,
      [
        [2 ** 32 - 1, "ceffffffff"],
        [65536, "ce00010000"],
      ],
    ],
  ];
  describe.each(cases)("%s (%p..%p)", (name, min, max, wires) => {
    const codec = () => C[name]!;
    test.each(wires)("%p is written as %s, as @msgpack/msgpack writes it", (value, wire) => {
      expect(hex(roundTrip(codec(), value))).toBe(wire);
      expect(hex(msgpackEncode(value))).toBe(wire);
    });
    test("one past each end is out of range on encode and on decode, with the path and the offset", () => {
      for (const outside of [min - 1, max + 1]) {
        expectEncodeError(codec(), outside, { path: "$", code: "out-of-range" });
        expectDecodeError(codec(), msgpackEncode(outside), { path: "$", code: "out-of-range", offset: 0 });
      }
    });
    test("a fraction, NaN or a string is a type mismatch on encode; a float is one on decode, even a whole one", () => {
      for (const bad of [1.5, NaN, Infinity, "1"])
        expectEncodeError(codec(), bad, { path: "$", code: "type-mismatch" });
      expectDecodeError(codec(), "cb3ff0000000000000", { path: "$", code: "type-mismatch", offset: 0 });
      expectDecodeError(codec(), "ca3f800000", { path: "$", code: "type-mismatch", offset: 0 });
    });
    test("a wider int format than needed decodes when the value fits", () => {
      expect(codec().decode(fromHex("cf0000000000000005"))).toBe(5);
      expect(codec().decode(fromHex("d30000000000000005"))).toBe(5);
      expectDecodeError(codec(), "cf8000000000000000", { path: "$", code: "out-of-range", offset: 0 });
    });
  });

  test("-0 is written as the int 0", () => {
    expect(hex(C.I32!.encode(-0))).toBe("00");
  });
});

describe("Int64 and Uint64: number or bigint, in the smallest int format", () => {
  test.each([
    [5, "05", 5],
    [5n, "05", 5],
    [-1n, "ff", -1],
    [2 ** 32, "cf0000000100000000", 2 ** 32],
    [2n ** 63n - 1n, "cf7fffffffffffffff", 2n ** 63n - 1n],
    [-(2n ** 63n), "d38000000000000000", -(2n ** 63n)],
    [2 ** 60, "cf1000000000000000", 2n ** 60n],
    [-(2 ** 62), "d3c000000000000000", -(2n ** 62n)],
  ])("Int64 %p is written as %s and decodes to %p", (value, wire, back) => {
    const bytes = C.I64!.encode(value);
    expect(hex(bytes)).toBe(wire);
    expect(C.I64!.decode(bytes)).toEqual(back);
  });

  test.each([
    [2n ** 64n - 1n, "cfffffffffffffffff"],
    [0n, "00"],
    [2 ** 53, "cf0020000000000000"],
  ])("Uint64 %p is written as %s", (value, wire) => {
    expect(hex(C.U64!.encode(value))).toBe(wire);
  });

  test("out of range and non-integers fail on encode; out of range fails on decode", () => {
    expectEncodeError(C.I64!, 2n ** 63n, { path: "$", code: "out-of-range" });
    expectEncodeError(C.I64!, 2 ** 63, { path: "$", code: "out-of-range" });
    expectEncodeError(C.I64!, 1.5, { path: "$", code: "type-mismatch" });
    expectEncodeError(C.U64!, -1, { path: "$", code: "out-of-range" });
    expectEncodeError(C.U64!, -1n, { path: "$", code: "out-of-range" });
    expectEncodeError(C.U64!, 2n ** 64n, { path: "$", code: "out-of-range" });
    expectDecodeError(C.U64!, "ff", { path: "$", code: "out-of-range", offset: 0 });
    expectDecodeError(C.U64!, "d3ffffffffffffffff", { path: "$", code: "out-of-range", offset: 0 });
    expectDecodeError(C.I64!, "cf8000000000000000", { path: "$", code: "out-of-range", offset: 0 });
    expectDecodeError(C.I64!, "cb3ff0000000000000", { path: "$", code: "type-mismatch", offset: 0 });
    expectDecodeError(C.I64!, "cf00000000", { path: "$", code: "incomplete" });
    expect(C.U64!.decode(fromHex("cfffffffffffffffff"))).toBe(2n ** 64n - 1n);
  });
});

describe("arrays of widths", () => {
  test("Float32[] writes 5 bytes an element and decodes any number, rounded", () => {
    const values = [1.5, 0.1, -2, 1e-3];
    const bytes = C.F32s!.encode(values);
    expect(hex(bytes)).toBe("94ca3fc00000ca3dcccccdcac0000000ca3a83126f");
    expect(C.F32s!.decode(bytes)).toEqual(values.map(Math.fround));
    expect(msgpackDecode(bytes)).toEqual(values.map(Math.fround));
    expect(C.F32s!.decode(msgpackEncode([1, 0.1, 70000]))).toEqual([1, Math.fround(0.1), 70000]);
  });

  test("Float32[] errors name the element", () => {
    expectEncodeError(C.F32s!, [1, "x"], { path: "$[1]", code: "type-mismatch" });
    expectEncodeError(C.F32s!, [1, 2, 1e40], { path: "$[2]", code: "out-of-range" });
    // The range is tested once per run of elements, yet the first wrong element is the one named.
    expectEncodeError(C.F32s!, [1, 1e40, "x"], { path: "$[1]", code: "out-of-range" });
    expectEncodeError(C.F32s!, [1, "x", 1e40], { path: "$[1]", code: "type-mismatch" });
    expectEncodeError(C.F32s!, [NaN, Infinity, -1e40, 2], { path: "$[2]", code: "out-of-range" });
    const long = Array.from({ length: 10_000 }, (_, i) => i);
    long[5000] = -Infinity;
    long[9000] = 4e38;
    expectEncodeError(C.F32s!, long, { path: "$[9000]", code: "out-of-range" });
    expectDecodeError(C.F32s!, "92ca3f800000c3", { path: "$[1]", code: "type-mismatch", offset: 6 });
    expectDecodeError(C.F32s!, "92ca3f800000ca3f80", { path: "$[1]", code: "incomplete" });
  });

  test("a Float32[] longer than one capacity run round-trips, NaN and infinities included", () => {
    const values = Array.from({ length: 10_000 }, (_, i) => Math.fround(i / 7));
    values[4100] = NaN;
    values[9999] = -Infinity;
    values[0] = Infinity;
    expect(C.F32s!.decode(C.F32s!.encode(values))).toEqual(values);
  });

  test("Float32[] of every length around the four-element groups: the bytes @msgpack/msgpack writes", () => {
    for (let n = 0; n <= 13; n++) {
      const values = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? -1 : 1) * (i + 0.1)); // no integers: @msgpack/msgpack writes those as ints
      const bytes = C.F32s!.encode(values);
      expect(hex(bytes)).toBe(hex(msgpackEncode(values.map(Math.fround), { forceFloat32: true })));
      expect(C.F32s!.decode(bytes)).toEqual(values.map(Math.fround));
    }
  });

  test("Float32[] errors inside a four-element group name the first wrong element", () => {
    // Elements go four at a time: a wrong one at each place of a group, after a full group, and
    // after an out-of-range element of an earlier group, is still the one named.
    for (let at = 0; at < 9; at++) {
      const values: unknown[] = Array.from({ length: 11 }, (_, i) => i + 0.5);
      values[at] = "x";
      expectEncodeError(C.F32s!, values, { path: `$[${at}]`, code: "type-mismatch" });
      values[at] = at % 2 === 0 ? 1e39 : -1e39;
      expectEncodeError(C.F32s!, values, { path: `$[${at}]`, code: "out-of-range" });
    }
    expectEncodeError(C.F32s!, [1, 2, 4e38, 4, 5, null, 7, 8], { path: "$[2]", code: "out-of-range" });
    expectEncodeError(C.F32s!, [1, 2, 3, 4, 5, null, 7, 5e38], { path: "$[5]", code: "type-mismatch" });
    // +Infinity and -Infinity in one group (their sum is NaN) pass, as do NaN, -0 and the largest
    // values that round to float 32's largest; the smallest that round to Infinity do not.
    const edges = [Infinity, -Infinity, NaN, 3.4028235677973362e38, -Infinity, -0, Infinity, -3.4028235677973362e38];
    expect(C.F32s!.decode(C.F32s!.encode(edges))).toEqual(edges.map(Math.fround));
    expect(Object.is(C.F32s!.decode(C.F32s!.encode(edges))[5], -0)).toBe(true);
    expectEncodeError(C.F32s!, [1, 2, 3, 4, 5, 6, 3.4028235677973366e38, 8], { path: "$[6]", code: "out-of-range" });
    expectEncodeError(C.F32s!, [1, 2, 3, -3.4028235677973366e38], { path: "$[3]", code: "out-of-range" });
  });

  test("Float32[] decode: float 32s four at a time, any other number or an error at any place of a group", () => {
    // @msgpack/msgpack writes integers as ints even with forceFloat32: ints at every place of a
    // group, runs of them, and float 32s again after them.
    for (let at = 0; at < 9; at++) {
      const values = Array.from({ length: 13 }, (_, i) => (i === at || i === at + 5 ? i * 1000 : i + 0.5));
      expect(C.F32s!.decode(msgpackEncode(values, { forceFloat32: true }))).toEqual(values.map(Math.fround));
      // A nil in place of element `at` (after 1 header byte and the elements before it).
      const element = (v: number) => hex(msgpackEncode(Math.fround(v), { forceFloat32: true }));
      const before = values.slice(0, at).map(element).join("");
      const broken =
        "9d" +
        before +
        "c0" +
        values
          .slice(at + 1)
          .map(element)
          .join("");
      expectDecodeError(C.F32s!, broken, { path: `$[${at}]`, code: "type-mismatch", offset: 1 + before.length / 2 });
    }
    // Float 32s right after the array are not read into it, whatever its length.
    for (let n = 0; n <= 9; n++) {
      const value = [Array.from({ length: n }, (_, i) => i + 0.5), 100.5, 200.5, 300.5, 400.5];
      expect(roundTrip(C.F32sThenFour!, value)).toHaveLength(2 + 5 * n + 20);
    }
    // Cut inside a group: the element it cuts is incomplete.
    const whole = C.F32s!.encode([1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]);
    expectDecodeError(C.F32s!, whole.subarray(0, 1 + 5 * 6 + 2), { path: "$[6]", code: "incomplete" });
    expectDecodeError(C.F32s!, whole.subarray(0, 1 + 5 * 2), { path: "$[2]", code: "incomplete" });
  });

  test("Float64[] writes float 64s; Uint8[] checks each element", () => {
    expect(hex(C.F64s!.encode([1, 2]))).toBe("92cb3ff0000000000000cb4000000000000000");
    expect(hex(roundTrip(C.U8s!, [0, 255]))).toBe("9200ccff");
    expectEncodeError(C.U8s!, [0, 256], { path: "$[1]", code: "out-of-range" });
    expectDecodeError(C.U8s!, "9200cd0100", { path: "$[1]", code: "out-of-range", offset: 2 });
  });
});

describe("widths inside an object", () => {
  const reading = {
    sensor: 7,
    value: 1.5,
    exact: 2,
    delta: -3,
    total: 2n ** 60n,
    samples: [0.5, 0.25],
    counts: [1, -1],
    pair: [9, 0.5],
    byName: new Map([["a", 70000]]),
    label: -300,
  };

  test("each property at its width, exactly the bytes @msgpack/msgpack reads back", () => {
    const bytes = roundTrip(C.ReadingC!, reading);
    expect(msgpackDecode(bytes, { useBigInt64: true })).toEqual({ ...reading, byName: { a: 70000 } });
    expect(hex(bytes)).toContain("a576616c7565ca3fc00000"); // "value": float 32 1.5
    expect(hex(bytes)).toContain("a56578616374cb4000000000000000"); // "exact": float 64 2
  });

  test("optional, nullable and union members keep their widths", () => {
    const { delta: _, ...noDelta } = reading;
    roundTrip(
      C.ReadingC!,
      { ...noDelta, total: null, pair: [1], label: "x" },
      { ...noDelta, delta: undefined, total: null, pair: [1], label: "x" },
    );
    expectEncodeError(C.ReadingC!, { ...reading, delta: 200 }, { path: "$.delta", code: "out-of-range" });
    expectEncodeError(C.ReadingC!, { ...reading, label: 40000 }, { path: "$.label", code: "out-of-range" });
    expectEncodeError(C.ReadingC!, { ...reading, pair: [1, 1e39] }, { path: "$.pair[1]", code: "out-of-range" });
    expectEncodeError(
      C.ReadingC!,
      { ...reading, byName: new Map([["a", -1]]) },
      { path: "$.byName.a", code: "out-of-range" },
    );
    expectEncodeError(C.ReadingC!, { ...reading, counts: [1, 2 ** 31] }, { path: "$.counts[1]", code: "out-of-range" });
  });

  test("decode checks the range where the value is, with its offset", () => {
    const bytes = C.ReadingC!.encode(reading);
    const delta = hex(bytes).indexOf("a564656c7461") / 2 + 6;
    const bad = Uint8Array.from(bytes);
    bad[delta] = 0x7f; // 127 still fits an Int8
    expect(C.ReadingC!.decode(bad).delta).toBe(127);
    const wide = fromHex(hex(bytes).replace("a564656c7461fd", "a564656c7461cd0100"));
    expect(codecError(() => C.ReadingC!.decode(wide))).toMatchObject({
      path: "$.delta",
      code: "out-of-range",
      offset: delta,
    });
  });

  test("a float where an integer width is declared, in a union with string, is a type mismatch", () => {
    const wire = hex(C.ReadingC!.encode(reading)).replace("a56c6162656cd1fed4", "a56c6162656cca3f800000");
    expect(codecError(() => C.ReadingC!.decode(fromHex(wire)))).toMatchObject({
      path: "$.label",
      code: "type-mismatch",
    });
  });
});

test("a width with a brand of its own keeps its width", () => {
  expect(hex(C.Branded!.encode(5))).toBe("05");
  expectEncodeError(C.Branded!, 2 ** 31, { path: "$", code: "out-of-range" });
});
