import fc from "fast-check";
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { encode as referenceEncode } from "@msgpack/msgpack";
import { hex, fromHex, about, roundTrip, codecError, expectEncodeError, expectDecodeError } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_primitives", fixture("roundtrip/primitives"));

describe("valid values round-trip with the expected wire bytes", () => {
  const valid: [string, unknown, string][] = [
    ["Bool", true, "c3"],
    ["Bool", false, "c2"],
    ["True", true, "c3"],
    ["False", false, "c2"],
    ["Null", null, "c0"],
    ["Undef", undefined, "c0"],
    ["Void", undefined, "c0"],
    ["Num", 0, "00"],
    ["Num", 127, "7f"],
    ["Num", 128, "cc80"],
    ["Num", 255, "ccff"],
    ["Num", 256, "cd0100"],
    ["Num", 65535, "cdffff"],
    ["Num", 65536, "ce00010000"],
    ["Num", 2 ** 32 - 1, "ceffffffff"],
    ["Num", 2 ** 32, "cf0000000100000000"],
    ["Num", Number.MAX_SAFE_INTEGER, "cf001fffffffffffff"],
    ["Num", -1, "ff"],
    ["Num", -32, "e0"],
    ["Num", -33, "d0df"],
    ["Num", -128, "d080"],
    ["Num", -129, "d1ff7f"],
    ["Num", -32768, "d18000"],
    ["Num", -32769, "d2ffff7fff"],
    ["Num", -(2 ** 31), "d280000000"],
    ["Num", -(2 ** 31) - 1, "d3ffffffff7fffffff"],
    ["Num", Number.MIN_SAFE_INTEGER, "d3ffe0000000000001"],
    ["Num", 1.5, "cb3ff8000000000000"],
    ["Num", -0.1, "cbbfb999999999999a"],
    ["Num", 2 ** 53, "cb4340000000000000"],
    ["Num", NaN, "cb7ff8000000000000"],
    ["Num", Infinity, "cb7ff0000000000000"],
    ["Num", -Infinity, "cbfff0000000000000"],
    ["Num", -0, "cb8000000000000000"],
    ["Num", Number.MIN_VALUE, "cb0000000000000001"],
    ["NumLit", 42, "2a"],
    ["NumLits", 2.5, "cb4004000000000000"],
    ["NumLits", -3, "fd"],
    ["ColorC", 0, "00"],
    ["ColorC", 5, "05"],
    ["ColorC", 6, "06"],
    ["Str", "", "a0"],
    ["Str", "a", "a161"],
    ["Str", "é", "a2c3a9"],
    ["Str", "€", "a3e282ac"],
    ["Str", "😀", "a4f09f9880"],
    ["IdC", "id-1", "a469642d31"],
    ["StrLit", "hello", "a568656c6c6f"],
    ["StrLits", "c", "a163"],
    ["DirC", "DOWN", "a4444f574e"],
    ["UserKey", "user-12", "a7757365722d3132"],
    ["UserKey", "user--1.5e3", "ab757365722d2d312e356533"],
    ["Accessor", "set_", "a47365745f"],
  ];
  test.each(valid)("%s %p -> %s", (name, value, wire) => {
    const encoded = roundTrip(C[name]!, value);
    expect(hex(encoded)).toBe(wire);
  });

  test.each([
    ["fixstr at 31 bytes", "x".repeat(31), "bf"],
    ["str8 at 32 bytes", "x".repeat(32), "d920"],
    ["str8 at 255 bytes", "x".repeat(255), "d9ff"],
    ["str16 at 256 bytes", "x".repeat(256), "da0100"],
    ["str16 at 65535 bytes", "x".repeat(65535), "daffff"],
    ["str32 at 65536 bytes", "x".repeat(65536), "db00010000"],
    // UTF-16 length under the threshold, UTF-8 length over it: the header grows.
    ["16 two-byte chars (32 bytes)", "é".repeat(16), "d920"],
    ["11 three-byte chars (33 bytes)", "€".repeat(11), "d921"],
    ["128 two-byte chars (256 bytes)", "é".repeat(128), "da0100"],
    ["21846 three-byte chars", "€".repeat(21846), "db00010002"],
    ["long mixed text past the short-string path", "naïve café ".repeat(20) + "😀", ""],
  ])("string header: %s", (_label, value, header) => {
    const encoded = roundTrip(C.Str!, value);
    const payload = new TextEncoder().encode(value);
    expect(hex(encoded.subarray(encoded.length - payload.length))).toBe(hex(payload));
    if (header) expect(hex(encoded.subarray(0, encoded.length - payload.length))).toBe(header);
  });
});

describe("invalid values do not encode", () => {
  test.each([
    ["Bool", 0],
    ["Bool", "true"],
    ["Bool", null],
    ["True", false],
    ["False", true],
    ["Null", undefined],
    ["Null", 0],
    ["Undef", null],
    ["Void", null],
    ["Num", "1"],
    ["Num", 1n],
    ["Num", null],
    ["Num", undefined],
    ["NumLit", 43],
    ["NumLit", "42"],
    ["NumLits", 2],
    ["ColorC", 1],
    ["ColorC", "Red"],
    ["Str", 1],
    ["Str", null],
    ["Str", new String("a")],
    ["StrLit", "Hello"],
    ["StrLits", "d"],
    ["DirC", "Up"],
    ["DirC", "up"],
    ["UserKey", "user-"],
    ["UserKey", "user-x"],
    ["UserKey", "admin-1"],
    ["Accessor", "put_x"],
    ["Accessor", 5],
  ])("%s rejects %p", (name, value) => {
    expectEncodeError(C[name]!, value, { path: "$", code: "type-mismatch" });
  });
});

describe("decode accepts every wire form of its type", () => {
  test.each([
    ["Num", "cc05", 5],
    ["Num", "cd0005", 5],
    ["Num", "ce00000005", 5],
    ["Num", "cf0000000000000005", 5],
    ["Num", "d005", 5],
    ["Num", "d10005", 5],
    ["Num", "d200000005", 5],
    ["Num", "d30000000000000005", 5],
    ["Num", "d3ffffffffffffffff", -1],
    ["Num", "d3ffe0000000000001", Number.MIN_SAFE_INTEGER],
    ["Num", "cf001fffffffffffff", Number.MAX_SAFE_INTEGER],
    ["Num", "ca3fc00000", 1.5],
    ["Num", "ca7fc00000", NaN],
    ["Num", "ca80000000", -0],
    ["Num", "cb4014000000000000", 5],
    ["Str", "d90161", "a"],
    ["Str", "da000161", "a"],
    ["Str", "db0000000161", "a"],
    ["Str", "d900", ""],
    ["Str", "a3efbbbf", "\ufeff"],
    ["StrLit", "d90568656c6c6f", "hello"],
    ["NumLit", "cb4045000000000000", 42],
    ["NumLit", "d3000000000000002a", 42],
    ["ColorC", "cc06", 6],
    ["True", "c3", true],
    ["Undef", "c0", undefined],
    ["Accessor", "a47365745f", "set_"],
    ["Accessor", "a66765745f6964", "get_id"],
    // Literal unions are compared as the bytes encoders write; any longer form is read and compared by value.
    ["NumLits", "ca40200000", 2.5],
    ["NumLits", "d0fd", -3],
    ["ZeroOne", "cc01", 1],
    ["ZeroOne", "cb8000000000000000", -0],
    ["Mixed", "01", 1],
    ["Mixed", "a36f6e65", "one"],
    ["Mixed", "d9036f6e65", "one"],
    ["Mixed", "c3", true],
    ["Mixed", "cb3ff0000000000000", 1],
  ])("%s decodes %s", (name, wire, expected) => {
    about(fromHex(wire), () => expect(C[name]!.decode(fromHex(wire))).toEqual(expected));
  });

  const five = fromHex("05");
  test.each([
    ["Uint8Array", () => five],
    ["ArrayBuffer", () => five.slice().buffer],
    ["Buffer slice", () => Buffer.from("ff05ff", "hex").subarray(1, 2)],
    ["DataView with an offset", () => new DataView(fromHex("ff05ff").buffer, 1, 1)],
    ["Int8Array view", () => new Int8Array(fromHex("0005").buffer, 1, 1)],
  ])("input as %s", (_label, input) => {
    expect(C.Num!.decode(input())).toBe(5);
  });
});

describe("invalid bytes do not decode", () => {
  test.each([
    ["Num", "cf0020000000000000", "out-of-range", 0], // 2^53 as uint 64
    ["Num", "cfffffffffffffffff", "out-of-range", 0],
    ["Num", "d3ffe0000000000000", "out-of-range", 0], // -2^53 as int 64
    ["Num", "d38000000000000000", "out-of-range", 0],
    ["Num", "a131", "type-mismatch", 0],
    ["Num", "c0", "type-mismatch", 0],
    ["Num", "c3", "type-mismatch", 0],
    ["Str", "c40161", "type-mismatch", 0], // bin where a string is declared
    ["Str", "01", "type-mismatch", 0],
    ["Str", "91a161", "type-mismatch", 0],
    ["Str", "a2c328", "malformed", 0],
    ["Str", "a3eda080", "malformed", 0],
    ["Str", "a2c0af", "malformed", 0],
    ["Str", "d941" + "61".repeat(64) + "ff", "malformed", 0], // invalid UTF-8 in a long string
    ["Bool", "00", "type-mismatch", 0],
    ["Bool", "c0", "type-mismatch", 0],
    ["True", "c2", "type-mismatch", 0],
    ["False", "c3", "type-mismatch", 0],
    ["Null", "00", "type-mismatch", 0],
    ["Undef", "c2", "type-mismatch", 0],
    ["NumLit", "2b", "type-mismatch", 0],
    ["NumLits", "02", "type-mismatch", 0],
    ["ColorC", "01", "type-mismatch", 0],
    ["StrLit", "a548656c6c6f", "type-mismatch", 0],
    ["StrLits", "a164", "type-mismatch", 0],
    ["DirC", "a25570", "type-mismatch", 0],
    ["UserKey", "a6757365722d78", "type-mismatch", 0],
    ["Accessor", "a47075745f", "type-mismatch", 0],
    ["ZeroOne", "02", "type-mismatch", 0],
    ["ZeroOne", "a130", "type-mismatch", 0],
    ["Mixed", "c2", "type-mismatch", 0],
    ["Mixed", "a374776f", "type-mismatch", 0],
    ["Mixed", "c0", "type-mismatch", 0],
    ["Mixed", "a2c328", "malformed", 0],
  ])("%s rejects %s (%s)", (name, wire, code, offset) => {
    expectDecodeError(C[name]!, wire, { path: "$", code, offset });
  });

  test.each([
    ["", "Num"],
    ["cd00", "Num"],
    ["cb3ff8", "Num"],
    ["a561", "Str"],
    ["d9", "Str"],
    ["db00000010", "Str"],
  ])("truncated %p is incomplete", (wire, name) => {
    expectDecodeError(C[name]!, wire, { path: "$", code: "incomplete" });
  });

  test.each([
    ["0102", 1],
    ["c3c3", 1],
    ["a16100", 2],
  ])("trailing bytes after %s", (wire, offset) => {
    const codec = wire.startsWith("a1") ? C.Str! : wire.startsWith("c3") ? C.Bool! : C.Num!;
    expectDecodeError(codec, wire, { path: "$", code: "trailing-bytes", offset });
  });
});

describe("strings", () => {
  test.each([
    ["lone high surrogate", "\ud800"],
    ["lone low surrogate", "a\udc00b"],
    ["high surrogate at the end", "x\ud83d"],
    ["high then a full pair", "\ud83d\ud83d\ude00"],
    ["reversed pair", "\ude00\ud83d"],
    ["lone surrogate in a long string", "a".repeat(70) + "\ud800" + "b".repeat(70)],
    ["22 lone surrogates (header grows to str8)", "\udfff".repeat(22)],
  ])("%s encodes to U+FFFD like TextEncoder", (_label, value) => {
    const expectedPayload = new TextEncoder().encode(value);
    const encoded = C.Str!.encode(value);
    about(encoded, () => {
      expect(hex(encoded.subarray(encoded.length - expectedPayload.length))).toBe(hex(expectedPayload));
      expect(C.Str!.decode(encoded)).toBe(new TextDecoder().decode(expectedPayload));
    });
  });

  test("any string: payload is the TextEncoder bytes and the header is minimal", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (s) => {
        const payload = new TextEncoder().encode(s);
        const encoded = C.Str!.encode(s);
        const headerSize = payload.length < 32 ? 1 : payload.length < 256 ? 2 : 3;
        about(encoded, () => {
          expect(encoded.length).toBe(headerSize + payload.length);
          expect(hex(encoded.subarray(headerSize))).toBe(hex(payload));
          expect(C.Str!.decode(encoded)).toBe(new TextDecoder().decode(payload));
        });
      }),
    );
  });

  test("any double survives a round trip bit for bit", () => {
    fc.assert(
      fc.property(fc.double(), (x) => {
        const encoded = C.Num!.encode(x);
        about(encoded, () => expect(Object.is(C.Num!.decode(encoded), x)).toBe(true));
      }),
    );
  });
});

describe("encode output", () => {
  test("is a fresh Uint8Array that later calls never overwrite", () => {
    const first = C.Str!.encode("first value");
    const firstHex = hex(first);
    const second = C.Str!.encode("second, longer value ".repeat(30));
    C.Num!.encode(123456);
    expect(first).toBeInstanceOf(Uint8Array);
    expect(hex(first)).toBe(firstHex);
    expect(first.buffer).not.toBe(second.buffer);
    expect(C.Str!.decode(first)).toBe("first value");
  });

  test("the second of two outputs of the same large size is handed over, and the next call does not touch it", () => {
    // Multi-byte text: the writer reserves 3 bytes per UTF-16 unit, so for ASCII the buffer is 3x the output.
    C.BigStr!.encode("ж".repeat(40_000));
    const second = C.BigStr!.encode("ё".repeat(40_000));
    expect(second.buffer.byteLength).toBeGreaterThan(second.byteLength); // the writer's buffer, not a copy
    const third = C.BigStr!.encode("щ".repeat(40_000));
    expect(third.buffer).not.toBe(second.buffer);
    expect(C.BigStr!.decode(second)).toBe("ё".repeat(40_000));
  });

  test("large output is handed over, not copied: its buffer is its own, starts at it, and is at most twice its size", () => {
    // Sizes that grow, repeat and shrink, so that both ways out of finish() (hand over, copy) are taken.
    const sizes = [20_000, 20_000, 70_000, 70_000, 70_000, 30_000, 200_000, 16_000, 16_400];
    const results = sizes.map((n) => ({ text: "é".repeat(n / 2), bytes: C.BigStr!.encode("é".repeat(n / 2)) }));
    const hexes = results.map((r) => hex(r.bytes));
    C.BigStr!.encode("z".repeat(300_000));
    results.forEach((r, i) => {
      expect(r.bytes.byteOffset).toBe(0);
      expect(r.bytes.buffer.byteLength).toBeLessThanOrEqual(2 * r.bytes.byteLength);
      for (const other of results.slice(i + 1)) expect(other.bytes.buffer).not.toBe(r.bytes.buffer);
      expect(hex(r.bytes)).toBe(hexes[i]);
      expect(C.BigStr!.decode(r.bytes)).toBe(r.text);
    });
  });

  test("transferring a large result's buffer detaches that result only", () => {
    const first = C.BigStr!.encode("a".repeat(100_000));
    const second = C.BigStr!.encode("b".repeat(100_000));
    const moved = structuredClone(first, { transfer: [first.buffer] });
    expect(first.byteLength).toBe(0); // detached
    expect(C.BigStr!.decode(moved)).toBe("a".repeat(100_000));
    expect(C.BigStr!.decode(second)).toBe("b".repeat(100_000));
    expect(C.BigStr!.decode(C.BigStr!.encode("c".repeat(100_000)))).toBe("c".repeat(100_000));
  });

  test("a failed encode leaves the codec usable", () => {
    expectEncodeError(C.Str!, 5, { path: "$", code: "type-mismatch" });
    expect(hex(C.Str!.encode("ok"))).toBe("a26f6b");
  });
});

describe("single-valued properties written from pre-encoded runs", () => {
  test("every kind of constant, an optional one, and the bytes @msgpack/msgpack writes", () => {
    const full = { v: 1, s: "on", n: null, t: true, f: -2.5, z: 0, o: "x", k: 7 };
    const encoded = roundTrip(C.Consts!, full);
    expect(hex(encoded)).toBe(hex(referenceEncode(full)));
    const { o: _absent, ...partial } = full;
    expect(hex(roundTrip(C.Consts!, partial, { ...partial, o: undefined }))).toBe(hex(referenceEncode(partial)));
  });

  test("-0 for a property typed 0 stays float 64 -0, as a lone 0 literal does", () => {
    const decoded = C.Consts!.decode(C.Consts!.encode({ v: 1, s: "on", n: null, t: true, f: -2.5, z: -0, k: 1 }));
    expect(Object.is(decoded.z, -0)).toBe(true);
  });

  test.each([
    ["v", 2, "$.v", "expected 1, got number 2"],
    ["s", "off", "$.s", 'expected "on", got string "off"'],
    ["n", undefined, "$.n", "expected null, got undefined"],
    ["t", false, "$.t", "expected true, got boolean false"],
    ["o", "y", "$.o", 'expected "x", got string "y"'],
  ])("a wrong %s is a type mismatch naming it", (key, value, path, message) => {
    const error = codecError(() =>
      C.Consts!.encode({ v: 1, s: "on", n: null, t: true, f: -2.5, z: 0, k: 1, [key as string]: value }),
    );
    expect([error.path, error.message.includes(message)]).toEqual([path, true]);
  });
});

describe("a literal found by one distinguishing byte is still compared whole", () => {
  const TAGS = ["section", "para", "list", "item", "quote"],
    OVERLAP = ["ab", "ac", "bc"];
  test.each([
    ["Tags", "a46c697374", "list"],
    ["Tags", "a571756f7465", "quote"],
    ["Tags", "d9046c697374", "list"],
    ["Overlap", "a26263", "bc"],
    ["Overlap", "d9026163", "ac"],
  ])("%s decodes %s", (name, wire, expected) => {
    expect(C[name]!.decode(fromHex(wire))).toBe(expected);
  });

  test.each([
    ["Tags", "a46c697370"], // "lisp": offset 1 says "list", the rest does not
    ["Tags", "a36c6973"],
    ["Tags", "a56c69737473"],
    ["Tags", "a46c000000"],
    ["Tags", "01"],
    ["Overlap", "a26262"],
  ])("%s rejects %s", (name, wire) => {
    expectDecodeError(C[name]!, wire, { path: "$", code: "type-mismatch", offset: 0 });
  });

  test.each([
    ["a4", "Tags"],
    ["a46c6973", "Tags"],
    ["a2", "Overlap"],
  ])("truncated %p is incomplete", (wire, name) => {
    expectDecodeError(C[name]!, wire, { path: "$", code: "incomplete" });
  });

  test("any str decodes to itself when it is one of the values, else fails as a mismatch", () => {
    const near = fc.string({ unit: fc.constantFrom(..."sectionparlismquob"), maxLength: 8 });
    fc.assert(
      fc.property(
        near,
        fc.constantFrom<[string, string[]]>(["Tags", TAGS], ["Overlap", OVERLAP]),
        (s, [name, values]) => {
          const bytes = referenceEncode(s);
          if (values.includes(s)) expect(C[name]!.decode(bytes)).toBe(s);
          else
            expect(codecError(() => C[name]!.decode(bytes))).toMatchObject({
              code: "type-mismatch",
              path: "$",
              offset: 0,
            });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

test("string literals obey maxStringLength even when their bytes match exactly", () => {
  expect(C.StrLits!.decode(fromHex("a161"), { maxStringLength: 1 })).toBe("a");
  expect(codecError(() => C.StrLit!.decode(fromHex("a568656c6c6f"), { maxStringLength: 4 }))).toMatchObject({
    code: "out-of-range",
    path: "$",
    offset: 0,
  });
});
