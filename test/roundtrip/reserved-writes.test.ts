/**
 * Encoders reserve room once for adjacent writes of bounded size (keys, numbers, booleans, their
 * literal unions, map and array headers) and write them with `put`, which may write up to 3 bytes past a chunk: the bytes
 * are @msgpack/msgpack's wherever the output crosses the writer's buffer end, `encodeInto` writes
 * nothing past the value or into too small a target, and a value that does not match fails at the
 * first property that does not, as when each write reserved its own room.
 */
import { encode as peerEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import { CodecError, type Codec } from "../../runtime/index";
import { hex, roundTrip, codecError } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_reserved_writes", fixture("roundtrip/reserved-writes"));

/** Numbers of every int and float form, so that readings differ in size (not -0, which @msgpack/msgpack writes as int 0). */
const NUMBERS = [
  0,
  1,
  127,
  128,
  255,
  256,
  65535,
  65536,
  2 ** 32 - 1,
  2 ** 32,
  2 ** 53 - 1,
  -1,
  -32,
  -33,
  -128,
  -129,
  -32768,
  -32769,
  -(2 ** 31),
  -(2 ** 31) - 1,
  -(2 ** 53) + 1,
  0.5,
  NaN,
  Infinity,
  1e300,
];

function reading(i: number): Record<string, unknown> {
  const value: Record<string, unknown> = {
    kind: "reading",
    at: NUMBERS[i % NUMBERS.length],
    ok: i % 2 === 0,
    level: i % 3,
    unit: i % 5 === 0 ? "C" : "F",
    a_property_name_longer_than_a_run_can_be: NUMBERS[(i * 7) % NUMBERS.length],
    x: NUMBERS[(i * 11) % NUMBERS.length],
    ключ: -i,
  };
  if (i % 4 === 1) value.note = "n".repeat(i % 40);
  value.after = i % 3 === 0;
  return value;
}

describe("writes into room reserved once give @msgpack/msgpack's bytes", () => {
  test("across every buffer-end position: arrays of 1 to 120 readings of varying sizes", () => {
    for (let n = 1; n <= 120; n++) {
      const value = Array.from({ length: n }, (_, i) => reading(i + n));
      const encoded = C.Readings!.encode(value);
      expect(hex(encoded)).toBe(hex(peerEncode(value)));
    }
  });

  test("round trip, keyed and positional", () => {
    for (let i = 0; i < 60; i++) {
      roundTrip(C.ReadingC!, reading(i));
      roundTrip(C.Positional!, reading(i));
    }
  });

  test("encodeInto a target that ends inside a group: the same bytes, or a RangeError when they do not fit", () => {
    const value = reading(3);
    const expected = peerEncode(value);
    for (let size = 0; size <= expected.length + 2; size++) {
      const target = new Uint8Array(size + 5).fill(0xee);
      if (size < expected.length) {
        expect(() => C.ReadingC!.encodeInto(value, target.subarray(0, size + 5), 5)).toThrow(RangeError);
        expect(target.every((b) => b === 0xee)).toBe(true); // untouched
        continue;
      }
      const end = C.ReadingC!.encodeInto(value, target, 5);
      expect(end).toBe(5 + expected.length);
      expect(hex(target.subarray(5, end))).toBe(hex(expected));
      expect(hex(target.subarray(0, 5))).toBe("eeeeeeeeee");
    }
  });

  test("a value ending in a chunk whose last word Writer.put pads: @msgpack/msgpack's bytes, and encodeInto writes nothing past them", () => {
    for (const unit of ["C", "FF", "GGG", "HHHH"]) {
      const value = { n: 1, unit };
      const expected = peerEncode(value);
      expect(hex(C.TailC!.encode(value))).toBe(hex(expected));
      const list = [value, { n: 300, unit }, value];
      expect(hex(C.Tails!.encode(list))).toBe(hex(peerEncode(list)));
      for (const offset of [0, 1, 2, 3]) {
        const target = new Uint8Array(offset + expected.length + 8).fill(0xee);
        expect(C.TailC!.encodeInto(value, target, offset)).toBe(offset + expected.length);
        expect(hex(target.subarray(offset, offset + expected.length))).toBe(hex(expected));
        expect(
          [...target.subarray(0, offset), ...target.subarray(offset + expected.length)].every((b) => b === 0xee),
        ).toBe(true);
      }
      // Too small by one byte: a RangeError, and the target untouched.
      const short = new Uint8Array(expected.length - 1).fill(0xee);
      expect(() => C.TailC!.encodeInto(value, short)).toThrow(RangeError);
      expect(short.every((b) => b === 0xee)).toBe(true);
    }
  });
});

describe("map and array headers written into reserved room give @msgpack/msgpack's bytes", () => {
  const wide = (i: number): Record<string, unknown> => {
    const value: Record<string, unknown> = {};
    for (let k = 0; k < 12; k++) value[`p${k}`] = NUMBERS[(i + k) % NUMBERS.length];
    if (i % 2 === 0) value.o1 = i;
    if (i % 3 === 0) value.o2 = i % 6 === 0;
    if (i % 4 < 2) value.o3 = -i;
    if (i % 5 === 0) value.o4 = i / 2;
    if (i % 7 !== 0) value.o5 = 2 ** 40 + i;
    return value;
  };

  test("maps of 12 to 17 entries (fixmap and map 16), keyed and positional, across buffer ends", () => {
    for (let n = 1; n <= 60; n++) {
      const value = Array.from({ length: n }, (_, i) => wide(i + n));
      expect(hex(C.Wides!.encode(value))).toBe(hex(peerEncode(value)));
      expect(C.Wides!.decode(C.Wides!.encode(value))).toEqual(value);
      expect(C.WidesPositional!.decode(C.WidesPositional!.encode(value))).toEqual(value);
    }
    expect(hex(C.Wides!.encode([wide(60)]).subarray(0, 4))).toBe("91de0011"); // all 17 present: map 16
  });

  test("tuples and own arrays of 0 to 70 elements (fixarray and array 16)", () => {
    for (let n = 0; n <= 70; n++) {
      const path = {
        points: Array.from({ length: n }, (_, i): [number, number] => [NUMBERS[i % NUMBERS.length]!, -i - 1]),
        next: Array.from({ length: n % 20 }, () => ({ points: [[n, 0.5]], next: [] })),
      };
      expect(hex(C.PathC!.encode(path))).toBe(hex(peerEncode(path)));
      expect(C.PathC!.decode(C.PathC!.encode(path))).toEqual(path);
    }
  });
});

describe("a value that does not match fails at its first wrong property, with its path", () => {
  test.each([
    ["a string number", { at: "1" }, "$.at"],
    ["a number for a boolean", { ok: 1 }, "$.ok"],
    ["a literal outside the union", { level: 3 }, "$.level"],
    ["a string literal outside the union", { unit: "K" }, "$.unit"],
    [
      "a bigint past a long key",
      { a_property_name_longer_than_a_run_can_be: 1n },
      "$.a_property_name_longer_than_a_run_can_be",
    ],
    ["a wrong non-ASCII-keyed number", { ключ: null }, '$["ключ"]'],
    ["the last boolean", { after: "yes" }, "$.after"],
    ["two wrong: the first declared", { x: "x", ok: "ok" }, "$.ok"],
    ["a wrong tag before a wrong number", { kind: "other", at: "1" }, "$.kind"],
  ])("%s", (_label, change, path) => {
    for (const codec of [C.ReadingC!, C.Positional!]) {
      const error = codecError(() => codec.encode({ ...reading(2), ...change }));
      expect(error).toBeInstanceOf(CodecError);
      expect([error.code, error.path, error.offset]).toEqual(["type-mismatch", path, -1]);
    }
  });
});
