/**
 * A codec's `decode` reuses one Reader between calls, and copies small inputs into memory of that
 * reader's own (Reader.reset); Record keys go through a cache of short strings (readKeyString).
 * Neither may show: every call decodes as a fresh reader would, nothing decoded shares memory with
 * the input or with another call's result, and a cached key is the key the bytes spell.
 */
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { arr, cat, expectCodecError, expectPrototypesClean, map, rawStr, str, uint } from "./lib";

const C = load<Record<string, Codec<any>>>(
  "hostile_reused_reader",
  `
import { codecFor } from "typed-msgpack";
export interface Msg { id: number; key: string; value?: string; blob?: Uint8Array; tags?: string[] }
export const MsgCodec = codecFor<Msg>();
export const Counts = codecFor<Record<string, number>>();
export const Nested = codecFor<Record<string, Record<string, boolean>>>();
export const StringMap = codecFor<Map<string, number>>();
export const Extra = codecFor<{ id: number; [key: string]: number }>();
`,
);

const msg = (fields: Record<string, unknown>) => C.MsgCodec!.encode(fields as never);

describe("a reused reader decodes each input as a fresh one", () => {
  test("a prefix of an earlier, longer input is incomplete, not completed by that input's bytes", () => {
    const long = msg({ id: 1, key: "k", value: "a value long enough", tags: ["x", "y"] });
    expect(C.MsgCodec!.decode(long)).toEqual({ id: 1, key: "k", value: "a value long enough", tags: ["x", "y"] });
    for (let n = 0; n < long.length; n++) {
      expectCodecError(() => C.MsgCodec!.decode(long.subarray(0, n)), {
        code: "incomplete",
        path: expect.any(String) as unknown as string,
        offset: expect.any(Number) as unknown as number,
      });
    }
    // nil at the end of a shorter input reads as the end, never as the earlier input's next byte.
    const withNil = cat(map(3), str("id"), uint(1), str("key"), str("k"), str("value"), "c0");
    expect(C.MsgCodec!.decode(withNil)).toEqual({ id: 1, key: "k", value: undefined });
    expectCodecError(() => C.MsgCodec!.decode(withNil.subarray(0, withNil.length - 1)), {
      code: "incomplete",
      path: "$.value",
      offset: withNil.length - 1,
    });
  });

  test("Buffer, ArrayBuffer, DataView and offset views of small and large inputs", () => {
    const value = { id: 7, key: "k", value: "v", tags: Array.from({ length: 3 }, (_, i) => `tag ${i}`) };
    const large = { ...value, tags: Array.from({ length: 200 }, (_, i) => `tag ${i}`) };
    for (const v of [value, large, value]) {
      const bytes = msg(v);
      const padded = new Uint8Array(bytes.length + 5);
      padded.set(bytes, 3);
      const inputs = [
        bytes,
        Buffer.from(bytes),
        bytes.slice().buffer,
        new DataView(padded.buffer, 3, bytes.length),
        padded.subarray(3, 3 + bytes.length),
      ];
      for (const input of inputs) expect(C.MsgCodec!.decode(input as Uint8Array)).toEqual(v);
    }
  });

  test("bin payloads are copies: of neither the input nor another call's result", () => {
    const bytes = msg({ id: 1, key: "k", blob: Uint8Array.of(1, 2, 3) });
    const first = C.MsgCodec!.decode(bytes);
    bytes[bytes.length - 1] = 9;
    const second = C.MsgCodec!.decode(bytes);
    expect(first.blob).toEqual(Uint8Array.of(1, 2, 3));
    expect(second.blob).toEqual(Uint8Array.of(1, 2, 9));
    expect(first.blob.buffer).not.toBe(second.blob.buffer);
  });

  test("a failed decode leaves nothing behind for the next", () => {
    const good = msg({ id: 2, key: "ok" });
    expectCodecError(() => C.MsgCodec!.decode(cat(map(2), str("id"), str("x"), str("key"), str("k"))), {
      code: "type-mismatch",
      path: "$.id",
      offset: 4,
    });
    expectCodecError(() => C.MsgCodec!.decode(cat(good, "c0")), {
      code: "trailing-bytes",
      path: "$",
      offset: good.length,
    });
    expect(C.MsgCodec!.decode(good)).toEqual({ id: 2, key: "ok" });
    expect(() => C.MsgCodec!.decode("not bytes" as never)).toThrow("decode expects a Uint8Array");
    expect(C.MsgCodec!.decode(good)).toEqual({ id: 2, key: "ok" });
  });

  test("decode options apply to their call only", () => {
    const bytes = msg({ id: 3, key: "a key of 16 byte" });
    expectCodecError(() => C.MsgCodec!.decode(bytes, { maxStringLength: 4 }), {
      code: "out-of-range",
      path: "$.key",
      offset: 9,
    });
    expect(C.MsgCodec!.decode(bytes)).toEqual({ id: 3, key: "a key of 16 byte" });
  });
});

describe("Record keys through the key cache", () => {
  test("keys are the strings their bytes spell, also when they collide in the cache", () => {
    const value: Record<string, number> = {};
    for (let i = 0; i < 20_000; i++) value[`k${i.toString(36)}`] = i;
    for (let round = 0; round < 2; round++) expect(C.Counts!.decode(C.Counts!.encode(value))).toEqual(value);
  });

  test("ASCII, non-ASCII, empty and long keys, in Records, index signatures and Maps", () => {
    const keys = ["", "a", "é", "日本", "x".repeat(32), "y".repeat(33), "z".repeat(300), "SKU-100037", "\u0000"];
    const counts = Object.fromEntries(keys.map((k, i) => [k, i]));
    for (let round = 0; round < 2; round++) {
      expect(C.Counts!.decode(C.Counts!.encode(counts))).toEqual(counts);
      expect(C.StringMap!.decode(C.StringMap!.encode(new Map(Object.entries(counts))))).toEqual(
        new Map(Object.entries(counts)),
      );
      expect(C.Extra!.decode(C.Extra!.encode({ id: 1, ...counts }))).toEqual({ id: 1, ...counts });
      const nested = { outer: { é: true, [keys[5]!]: false } };
      expect(C.Nested!.decode(C.Nested!.encode(nested))).toEqual(nested);
    }
  });

  test("__proto__ is an own property, from the cache too", () => {
    const bytes = cat(map(2), str("__proto__"), uint(1), str("constructor"), uint(2));
    for (let round = 0; round < 2; round++) {
      const out = C.Counts!.decode(bytes);
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      expect(Object.getOwnPropertyNames(out)).toEqual(["__proto__", "constructor"]);
      expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toBe(1);
      expectPrototypesClean();
    }
  });

  test("an invalid UTF-8 key fails where the key starts, short or long, after the same key valid", () => {
    const valid = cat(map(1), rawStr("41e9"), uint(1)); // "A" then a lone 0xe9
    expectCodecError(() => C.Counts!.decode(valid), { code: "malformed", path: "$", offset: 1 });
    const longBad = cat(map(2), str("ok"), uint(1), rawStr("41".repeat(40) + "ff"), uint(2));
    expectCodecError(() => C.Counts!.decode(longBad), { code: "malformed", path: "$", offset: 5 });
    const nestedBad = cat(map(1), str("outer"), map(1), rawStr("c0af"), "c3");
    expectCodecError(() => C.Nested!.decode(nestedBad), { code: "malformed", path: "$.outer", offset: 8 });
  });

  test("a key that is not a str is a type mismatch at its offset", () => {
    expectCodecError(() => C.Counts!.decode(cat(map(1), uint(5), uint(1))), {
      code: "type-mismatch",
      path: "$",
      offset: 1,
    });
    expectCodecError(() => C.Counts!.decode(cat(map(1), arr(0), uint(1))), {
      code: "type-mismatch",
      path: "$",
      offset: 1,
    });
  });
});
