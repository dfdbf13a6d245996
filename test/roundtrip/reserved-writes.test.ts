/**
 * Encoders reserve room once for adjacent writes of bounded size (keys, numbers, booleans, their
 * literal unions) and write them with `put`: the bytes are @msgpack/msgpack's wherever the output
 * crosses the writer's buffer end or an `encodeInto` target's, and a value that does not match
 * fails at the first property that does not, as when each write reserved its own room.
 */
import { encode as peerEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import { CodecError, type Codec } from "../../runtime/index";
import { hex, roundTrip, codecError } from "./helpers";

const C = load<Record<string, Codec<any>>>("roundtrip_reserved_writes", `
import { codecFor } from "typed-msgpack";
export interface Reading {
  kind: "reading";
  at: number;
  ok: boolean;
  level: 0 | 1 | 2;
  unit: "C" | "F";
  a_property_name_longer_than_a_run_can_be: number;
  x: number;
  "ключ": number;
  note?: string;
  after: boolean;
}
export const Readings = codecFor<Reading[]>();
export const ReadingC = codecFor<Reading>();
export const Positional = codecFor<Reading>({ layout: "positional" });
`);

/** Numbers of every int and float form, so that readings differ in size (not -0, which @msgpack/msgpack writes as int 0). */
const NUMBERS = [0, 1, 127, 128, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1, -1, -32, -33, -128, -129, -32768, -32769, -(2 ** 31), -(2 ** 31) - 1, -(2 ** 53) + 1, 0.5, NaN, Infinity, 1e300];

function reading(i: number): Record<string, unknown> {
  const value: Record<string, unknown> = {
    kind: "reading", at: NUMBERS[i % NUMBERS.length], ok: i % 2 === 0, level: i % 3, unit: i % 5 === 0 ? "C" : "F",
    a_property_name_longer_than_a_run_can_be: NUMBERS[(i * 7) % NUMBERS.length], x: NUMBERS[(i * 11) % NUMBERS.length], "ключ": -i,
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
        continue;
      }
      const end = C.ReadingC!.encodeInto(value, target, 5);
      expect(end).toBe(5 + expected.length);
      expect(hex(target.subarray(5, end))).toBe(hex(expected));
      expect(hex(target.subarray(0, 5))).toBe("eeeeeeeeee");
    }
  });
});

describe("a value that does not match fails at its first wrong property, with its path", () => {
  test.each([
    ["a string number", { at: "1" }, "$.at"],
    ["a number for a boolean", { ok: 1 }, "$.ok"],
    ["a literal outside the union", { level: 3 }, "$.level"],
    ["a string literal outside the union", { unit: "K" }, "$.unit"],
    ["a bigint past a long key", { a_property_name_longer_than_a_run_can_be: 1n }, "$.a_property_name_longer_than_a_run_can_be"],
    ["a wrong non-ASCII-keyed number", { "ключ": null }, "$[\"ключ\"]"],
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
