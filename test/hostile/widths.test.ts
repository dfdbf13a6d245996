/**
 * Hostile input for number widths (issue 17): lying array headers over `Float32[]`, values outside
 * a width at every int format, truncation at every byte, and byte-level mutations of a message full
 * of widths — each a CodecError with code, path and offset, never a TypeError or a wrong value.
 */
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { arr, bestTime, cat, decodeError, expectCodecError, fromHex, map, str } from "./lib";

const W = load<Record<string, Codec<any>>>(
  "hostile_widths",
  `
import { codecFor, type Float32, type Int8, type Int64, type Uint16, type Uint64 } from "typed-msgpack";
export interface Reading { sensor: Uint16; value: Float32; delta?: Int8; id: Int64; total: Uint64; samples: Float32[] }
export const ReadingC = codecFor<Reading>();
export const Floats = codecFor<Float32[]>();
export const Bytes8 = codecFor<Int8[]>();
`,
);

const READING = { sensor: 513, value: 1.5, delta: -5, id: -(2n ** 40n), total: 2n ** 63n, samples: [0.5, -2, 1e20] };

describe("Float32[] with a lying header", () => {
  test("an array 32 claiming 2^32-1 elements fails at the header, in microseconds", () => {
    const bytes = fromHex("ddffffffff ca3f800000");
    expectCodecError(() => W.Floats!.decode(bytes), { code: "out-of-range", path: "$", offset: 0 });
    expect(bestTime(() => W.Floats!.decode(bytes))).toBeLessThan(5);
  });

  test("an array 16 claiming 1000 elements, 2 present: incomplete at the first missing byte", () => {
    expectCodecError(() => W.Floats!.decode(fromHex("dc03e8 ca3f800000 ca3f800000")), {
      code: "incomplete",
      path: "$",
      offset: 3,
    });
  });

  test("a float 32 cut short at the end of the input is incomplete, not read past the end", () => {
    expectCodecError(() => W.Floats!.decode(fromHex("92 ca3f800000 ca3f80")), {
      code: "incomplete",
      path: "$[1]",
      offset: 6,
    });
  });

  test("0xc1 and a str among the elements", () => {
    expectCodecError(() => W.Floats!.decode(fromHex("92 ca3f800000 c1")), {
      code: "malformed",
      path: "$[1]",
      offset: 6,
    });
    expectCodecError(() => W.Floats!.decode(fromHex("92 ca3f800000 a161")), {
      code: "type-mismatch",
      path: "$[1]",
      offset: 6,
      message: /expected int or float, got str/,
    });
  });
});

describe("an integer outside its width, in every int format", () => {
  test.each([
    ["uint 8 128", "cc80"],
    ["uint 16 128", "cd0080"],
    ["int 16 -129", "d1ff7f"],
    ["uint 32", "ce00000080"],
    ["int 32", "d2ffffff7f"],
    ["uint 64", "cf0000000000000080"],
    ["int 64", "d3ffffffffffffff7f"],
    ["uint 64 2^64-1", "cfffffffffffffffff"],
  ])("Int8[]: %s is out of range at the element's offset", (_label, element) => {
    expectCodecError(() => W.Bytes8!.decode(cat("92", "05", element)), {
      code: "out-of-range",
      path: "$[1]",
      offset: 2,
      message: /is outside -128\.\.127/,
    });
  });

  test("the same values written in a wider format than needed are accepted", () => {
    expect(W.Bytes8!.decode(fromHex("93 cd007f d3ffffffffffffff80 d0ff"))).toEqual([127, -128, -1]);
  });
});

describe("a message full of widths", () => {
  const good = W.ReadingC!.encode(READING);

  test("decodes (the bytes are what it was made of)", () => {
    // An Int64 in the safe range comes back as a number.
    expect(W.ReadingC!.decode(good)).toEqual({ ...READING, id: -(2 ** 40), samples: READING.samples.map(Math.fround) });
  });

  test("every proper prefix is incomplete", () => {
    for (let n = 0; n < good.length; n++) {
      expect({ n, code: decodeError(() => W.ReadingC!.decode(good.subarray(0, n))).code }).toEqual({
        n,
        code: "incomplete",
      });
    }
  });

  test("every single-byte mutation decodes to a valid Reading or fails with a CodecError", () => {
    const seen = new Set<string>();
    for (let i = 0; i < good.length; i++) {
      for (const b of [0x00, 0x7f, 0x80, 0xc0, 0xc1, 0xca, 0xcb, 0xcc, 0xcf, 0xd3, 0xdc, 0xff]) {
        const bytes = Uint8Array.from(good);
        bytes[i] = b;
        let value: any;
        try {
          value = W.ReadingC!.decode(bytes);
        } catch {
          seen.add(decodeError(() => W.ReadingC!.decode(bytes)).code);
          continue;
        }
        // Whatever decodes is in range: encoding it again never fails.
        expect(() => W.ReadingC!.encode(value)).not.toThrow();
        expect(
          value.sensor >= 0 &&
            value.sensor <= 65535 &&
            (value.delta === undefined || (value.delta >= -128 && value.delta <= 127)),
        ).toBe(true);
        expect(value.samples.every((x: number) => Object.is(Math.fround(x), x))).toBe(true);
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(["out-of-range", "type-mismatch", "malformed", "incomplete"]));
  });

  test("a uint 64 above 2^63-1 for Int64 and a negative int for Uint64 name the property and the value's offset", () => {
    const base = [map(5), str("sensor"), "01", str("value"), "ca3f800000", str("samples"), arr(0)];
    const id = cat(...base, str("total"), "00", str("id"), "cf8000000000000000");
    expectCodecError(() => W.ReadingC!.decode(id), { code: "out-of-range", path: "$.id", offset: id.length - 9 });
    const total = cat(...base, str("id"), "00", str("total"), "d3ffffffffffffffff");
    expectCodecError(() => W.ReadingC!.decode(total), {
      code: "out-of-range",
      path: "$.total",
      offset: total.length - 9,
    });
  });
});
