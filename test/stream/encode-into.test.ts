/** encodeInto: many values into one caller-owned buffer, no output allocation per value. */
import { load } from "../helpers/compile";
import { decodeMulti, decodeStream } from "../../runtime/stream";
import { CodecError, Writer } from "../../runtime/index";
import { FIXTURE, type Codecs, collect, hex, same } from "./helpers";

const C = load<Codecs>("stream_encode_into", FIXTURE);

const values = [
  { kind: "circle", r: 1 },
  { kind: "rect", w: 2.5, h: -3 },
  { kind: "circle", r: 2 ** 40 },
];
const strings = ["", "a", "é".repeat(20), "€".repeat(11), "x".repeat(300), "😀".repeat(20_000)];

describe("encodeInto", () => {
  test("writes the same bytes as encode, returns the end offset, and touches nothing outside", () => {
    for (const [codec, list] of [
      [C.ShapeC!, values],
      [C.StrC!, strings],
    ] as const) {
      for (const value of list) {
        const expected = codec.encode(value);
        for (const offset of [0, 3]) {
          const target = new Uint8Array(offset + expected.length + 4).fill(0xee);
          expect(codec.encodeInto(value, target, offset)).toBe(offset + expected.length);
          expect(hex(target.subarray(offset, offset + expected.length))).toBe(hex(expected));
          expect(
            [...target.subarray(0, offset), ...target.subarray(offset + expected.length)].every((b) => b === 0xee),
          ).toBe(true);
        }
      }
    }
  });

  test("a target of exactly the right size suffices, though the writer reserves worst cases", () => {
    for (const value of strings) {
      const expected = C.StrC!.encode(value);
      const target = new Uint8Array(expected.length);
      expect(C.StrC!.encodeInto(value, target)).toBe(expected.length);
      expect(hex(target)).toBe(hex(expected));
    }
  });

  test("a value is encoded into the codec's own buffer, kept between calls: a second call of the same size grows nothing", () => {
    const grow = jest.spyOn(Writer.prototype as unknown as { grow: () => void }, "grow");
    const nums = Array.from({ length: 1_000 }, (_, i) => i % 100);
    const target = new Uint8Array(4_096).fill(0xee);
    expect(C.NumsC!.encodeInto(nums, target, 3)).toBe(3 + 1_003);
    grow.mockClear();
    expect(C.NumsC!.encodeInto(nums, target, 3)).toBe(3 + 1_003);
    expect(grow).not.toHaveBeenCalled();
    grow.mockRestore();
    same(C.NumsC!.decode(target.subarray(3, 1_006)), nums);
    expect([...target.subarray(0, 3), ...target.subarray(1_006)].every((b) => b === 0xee)).toBe(true);
  });

  test("targets that are views: a subarray with a byteOffset, and a Buffer", () => {
    const backing = new Uint8Array(100).fill(1);
    const view = backing.subarray(13, 90);
    const end = C.ShapeC!.encodeInto(values[1], view, 2);
    expect(hex(view.subarray(2, end))).toBe(hex(C.ShapeC!.encode(values[1])));
    expect(backing[14]).toBe(1);
    const buf = Buffer.alloc(64);
    expect(C.NumC!.encodeInto(0.5, buf, 1)).toBe(10);
    expect(buf.readDoubleBE(2)).toBe(0.5);
  });

  test("many values into one buffer, read back with decodeMulti and decodeStream", async () => {
    const target = new Uint8Array(64 * 1024);
    const shapes = Array.from({ length: 2000 }, (_, i) =>
      i % 2 ? { kind: "circle", r: i } : { kind: "rect", w: i, h: i / 2 },
    );
    let at = 0;
    for (const s of shapes) at = C.ShapeC!.encodeInto(s, target, at);
    same([...decodeMulti(C.ShapeC!, target.subarray(0, at))], shapes);
    same(await collect(decodeStream(C.ShapeC!, [target.subarray(0, at)])), shapes);
  });

  test("too small a target is a RangeError that says how much is needed; the target is untouched", () => {
    const value = "x".repeat(100); // 102 bytes
    const target = new Uint8Array(110).fill(7);
    expect(() => C.StrC!.encodeInto(value, target, 20)).toThrow(RangeError);
    expect(() => C.StrC!.encodeInto(value, target, 20)).toThrow(
      /needs 102 bytes but the target has 90 after offset 20/,
    );
    expect(target.every((b) => b === 7)).toBe(true);
    expect(() => C.NumC!.encodeInto(1, new Uint8Array(0))).toThrow(/needs 1 bytes but the target has 0/);
    // The codec is unaffected afterwards.
    expect(C.StrC!.encodeInto(value, target, 8)).toBe(110);
    expect(hex(C.StrC!.encode(value))).toBe(hex(target.subarray(8)));
  });

  test("a flush-and-retry loop over a small buffer carries every value", () => {
    const out: Uint8Array[] = [];
    const buffer = new Uint8Array(1000);
    let at = 0;
    for (const s of strings.slice(0, 5).concat(strings.slice(0, 5))) {
      try {
        at = C.StrC!.encodeInto(s, buffer, at);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        out.push(buffer.slice(0, at));
        at = C.StrC!.encodeInto(s, buffer, 0);
      }
    }
    out.push(buffer.slice(0, at));
    same([...decodeMulti(C.StrC!, Buffer.concat(out))], strings.slice(0, 5).concat(strings.slice(0, 5)));
  });

  test("bad arguments and invalid values", () => {
    expect(() => C.NumC!.encodeInto(1, new Uint8Array(4), 5)).toThrow(RangeError);
    expect(() => C.NumC!.encodeInto(1, new Uint8Array(4), -1)).toThrow(RangeError);
    expect(() => C.NumC!.encodeInto(1, new Uint8Array(4), 1.5)).toThrow(RangeError);
    expect(() => C.NumC!.encodeInto(1, [0, 0] as any)).toThrow(TypeError);
    let error: unknown;
    try {
      C.ShapeC!.encodeInto({ kind: "rect", w: "wide", h: 1 }, new Uint8Array(64));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CodecError);
    expect(error).toMatchObject({ path: "$.w", code: "type-mismatch" });
    expect(hex(C.ShapeC!.encode(values[0]))).toBe(hex(C.ShapeC!.encode(values[0])));
  });
});
