/**
 * runtime/writer.ts at every MessagePack format boundary, checked byte for byte against the spec
 * (https://github.com/msgpack/msgpack/blob/master/spec.md), decoded back by @msgpack/msgpack as an
 * independent reader, and through compiled codecs where the generated code chooses the writer call.
 */
import { decode as referenceDecode, encode as referenceEncode } from "@msgpack/msgpack";
import { CodecError, Reader, Writer } from "../../runtime/index";
import {
  constants,
  fixMapHeader,
  keys,
  readBigint,
  readDate,
  writeArrayBuffer,
  writeBigint,
  writeBytes,
  writeDate,
  readString,
  writeString,
} from "../../runtime/internal";
import { load } from "../helpers/compile";
import { be, codecError, expectCode, fromHex, hex } from "../helpers/bytes";

/** Hex of what `write` puts into a fresh writer. */
function written(write: (w: Writer) => void, initialSize?: number): string {
  const w = new Writer(undefined, initialSize);
  write(w);
  return hex(w.finish());
}

const TWO_32 = 2 ** 32;

/** Byte equality without Jest's element-by-element diff, which is slow for 64 KiB arrays. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return (
    Buffer.compare(
      Buffer.from(a.buffer, a.byteOffset, a.byteLength),
      Buffer.from(b.buffer, b.byteOffset, b.byteLength),
    ) === 0
  );
}

describe("number: the smallest int format for safe integers", () => {
  const cases: [number, string][] = [
    [0, "00"],
    [1, "01"],
    [0x7f, "7f"], // last positive fixint
    [0x80, "cc80"], // first uint 8
    [0xff, "ccff"],
    [0x100, "cd0100"], // first uint 16
    [0xffff, "cdffff"],
    [0x10000, "ce00010000"], // first uint 32
    [TWO_32 - 1, "ceffffffff"],
    [TWO_32, "cf0000000100000000"], // first uint 64
    [Number.MAX_SAFE_INTEGER, "cf001fffffffffffff"],
    [-1, "ff"],
    [-32, "e0"], // last negative fixint
    [-33, "d0df"], // first int 8
    [-128, "d080"],
    [-129, "d1ff7f"], // first int 16
    [-32768, "d18000"],
    [-32769, "d2ffff7fff"], // first int 32
    [-(2 ** 31), "d280000000"],
    [-(2 ** 31) - 1, "d3ffffffff7fffffff"], // first int 64
    [-TWO_32, "d3ffffffff00000000"],
    [Number.MIN_SAFE_INTEGER, "d3ffe0000000000001"],
  ];

  test.each(cases)("%p → %s", (value, expected) => {
    const out = written((w) => w.number(value));
    expect(out).toBe(expected);
    expect(referenceDecode(fromHex(out))).toBe(value);
    expect(new Reader(fromHex(out)).number()).toBe(value);
  });

  test("matches @msgpack/msgpack's choice of format for every safe integer boundary", () => {
    for (const [value] of cases) expect(written((w) => w.number(value))).toBe(hex(referenceEncode(value)));
  });
});

describe("number: everything else as float 64", () => {
  test.each([
    [1.5, "cb3ff8000000000000"],
    [0.1, "cb3fb999999999999a"],
    [-0, "cb8000000000000000"], // keeps the sign, unlike an int
    [2 ** 53, "cb4340000000000000"], // not a safe integer
    [Infinity, "cb7ff0000000000000"],
    [-Infinity, "cbfff0000000000000"],
    [NaN, "cb7ff8000000000000"],
  ])("%p → %s", (value, expected) => {
    const out = written((w) => w.number(value));
    expect(out).toBe(expected);
    expect(Object.is(new Reader(fromHex(out)).number(), value)).toBe(true);
  });
});

describe("bigint: uint 64 when >= 0, int 64 when negative", () => {
  test.each([
    [BigInt(0), "cf0000000000000000"],
    [BigInt(1), "cf0000000000000001"],
    [BigInt(2) ** BigInt(63), "cf8000000000000000"],
    [BigInt(2) ** BigInt(64) - BigInt(1), "cfffffffffffffffff"],
    [BigInt(-1), "d3ffffffffffffffff"],
    [-(BigInt(2) ** BigInt(63)), "d38000000000000000"],
  ])("%p → %s", (value, expected) => {
    const out = written((w) => writeBigint(w, value));
    expect(out).toBe(expected);
    expect(referenceDecode(fromHex(out), { useBigInt64: true })).toBe(value);
    expect(readBigint(new Reader(fromHex(out)))).toBe(value);
  });

  test.each([[BigInt(2) ** BigInt(64)], [-(BigInt(2) ** BigInt(63)) - BigInt(1)]])(
    "%p does not fit in 64 bits",
    (value) => {
      const error = expectCode(() => writeBigint(new Writer(), value, "$.big"), "out-of-range");
      expect(error.message).toBe(`$.big: bigint ${value}n does not fit in 64 bits`);
      expect(error.offset).toBe(-1);
    },
  );
});

describe("nil and bool", () => {
  test("nil, false, true", () => {
    expect(
      written((w) => {
        w.nil();
        w.bool(false);
        w.bool(true);
      }),
    ).toBe("c0c2c3");
  });
});

describe("string: the smallest str header for the UTF-8 byte length", () => {
  const ascii: [number, string][] = [
    [0, "a0"],
    [1, "a1"],
    [31, "bf"], // last fixstr
    [32, "d920"], // first str 8
    [255, "d9ff"],
    [256, "da0100"], // first str 16
    [65535, "daffff"],
    [65536, "db00010000"], // first str 32
  ];

  test.each(ascii)("%p ASCII characters → header %s", (length, header) => {
    const s = "a".repeat(length);
    const out = new Writer();
    writeString(out, s);
    const bytes = out.finish();
    expect(hex(bytes.subarray(0, header.length / 2))).toBe(header);
    expect(bytes.length).toBe(header.length / 2 + length);
    expect(bytes.subarray(header.length / 2).every((b) => b === 0x61)).toBe(true);
    expect(referenceDecode(bytes)).toBe(s);
    expect(readString(new Reader(bytes))).toBe(s);
  });

  // The header is guessed from s.length; multi-byte characters can push the byte count into the next
  // header class, and the payload must then be moved. Short strings take a JS loop, long ones TextEncoder.
  test.each([
    ["é × 15 (30 bytes, fixstr)", "é".repeat(15), "be"],
    ["é × 16 (32 bytes: fixstr guessed, str 8 needed)", "é".repeat(16), "d920"],
    ["😀 × 8 (surrogate pairs, 32 bytes: str 8 needed)", "😀".repeat(8), "d920"],
    ["€ × 85 (255 bytes, str 8)", "€".repeat(85), "d9ff"],
    ["€ × 86 (258 bytes: str 8 guessed, str 16 needed)", "€".repeat(86), "da0102"],
    ["€ × 21845 (65535 bytes, str 16)", "€".repeat(21845), "daffff"],
    ["€ × 21846 (65538 bytes: str 16 guessed, str 32 needed)", "€".repeat(21846), "db00010002"],
    ["a × 65535 + é (65537 bytes: str 16 guessed, str 32 needed)", "a".repeat(65535) + "é", "db00010001"],
  ])("%s", (_, s, header) => {
    const bytes = (() => {
      const w = new Writer();
      writeString(w, s);
      return w.finish();
    })();
    const utf8 = Buffer.from(s, "utf8");
    expect(hex(bytes.subarray(0, header.length / 2))).toBe(header);
    expect(Buffer.from(bytes.subarray(header.length / 2)).equals(utf8)).toBe(true);
    expect(readString(new Reader(bytes))).toBe(s);
    expect(referenceDecode(bytes)).toBe(s);
  });

  test("the payload moves correctly when the string is not the first value written", () => {
    const s = "€".repeat(86);
    const w = new Writer(undefined, 4);
    w.number(300);
    writeString(w, s);
    w.bool(true);
    const bytes = w.finish();
    expect(hex(bytes.subarray(0, 6))).toBe("cd012cda0102");
    expect(bytes[bytes.length - 1]).toBe(0xc3);
    const r = new Reader(bytes);
    expect([r.number(), readString(r), r.bool()]).toEqual([300, s, true]);
  });

  test("long multi-byte text grows the buffer as it is written, at any position and any split", () => {
    // On Node, a string of up to 4,096 units gets room for its worst case and one utf8Write; a
    // longer one (and any, elsewhere) room for one byte per unit first: encodeInto stops where the
    // room ends (never inside a surrogate pair) and the rest is written after the buffer grows.
    const texts = [
      "日本語".repeat(40),
      "😀".repeat(50),
      "a😀".repeat(30) + "ж".repeat(100),
      "€".repeat(21_846),
      "é".repeat(40) + "😀",
    ];
    for (const text of texts) {
      for (const [initialSize, before] of [
        [4, 0],
        [64, 3],
        [200, 17],
        [1000, 900],
      ] as const) {
        const w = new Writer(undefined, initialSize);
        for (let i = 0; i < before; i++) w.bool(true);
        writeString(w, text);
        w.nil();
        const bytes = w.finish();
        const r = new Reader(bytes);
        for (let i = 0; i < before; i++) expect(r.bool()).toBe(true);
        expect(readString(r)).toBe(text);
        expect(r.nil()).toBe(null);
        expect(sameBytes(bytes.subarray(before, bytes.length - 1), referenceEncode(text))).toBe(true);
      }
    }
  });

  test("a string after finish() handed the buffer over is written into the writer's new buffer, never the caller's", () => {
    // On Node, strings of 65 to 4,096 units are written by Buffer's utf8Write called on the writer's
    // current buffer, never on one handed over.
    const w = new Writer(undefined, 20_000);
    for (let i = 0; i < 190; i++) writeString(w, "a".repeat(100)); // 19,380 bytes: the buffer is handed over
    const first = w.finish();
    expect(first.buffer.byteLength).toBe(20_000);
    const before = first.slice();
    w.begin();
    writeString(w, "b".repeat(100));
    const second = w.finish();
    expect(sameBytes(first, before)).toBe(true);
    expect(readString(new Reader(second))).toBe("b".repeat(100));
  });

  test("lone surrogates become U+FFFD in the short and the long path alike", () => {
    expect(written((w) => writeString(w, "\ud800"))).toBe("a3efbfbd");
    expect(written((w) => writeString(w, "x\udc00y"))).toBe("a578efbfbd79");
    const long = "\ud800" + "a".repeat(70);
    const bytes = (() => {
      const w = new Writer();
      writeString(w, long);
      return w.finish();
    })();
    expect(hex(bytes.subarray(0, 5))).toBe("d949efbfbd");
  });
});

describe("bin: bin 8/16/32 (there is no fix form)", () => {
  test.each([
    [0, "c400"],
    [1, "c401"],
    [255, "c4ff"], // last bin 8
    [256, "c50100"], // first bin 16
    [65535, "c5ffff"],
    [65536, "c600010000"], // first bin 32
  ])("%p bytes → header %s", (length, header) => {
    const data = new Uint8Array(length).map((_, i) => i & 0xff);
    for (const write of [(w: Writer) => writeBytes(w, data), (w: Writer) => writeArrayBuffer(w, data.slice().buffer)]) {
      const w = new Writer();
      write(w);
      const bytes = w.finish();
      expect(hex(bytes.subarray(0, header.length / 2))).toBe(header);
      expect(sameBytes(bytes.subarray(header.length / 2), data)).toBe(true);
      expect(sameBytes(referenceDecode(bytes) as Uint8Array, data)).toBe(true);
    }
  });

  test("a subarray writes only its own bytes; a Buffer is a Uint8Array", () => {
    const backing = Uint8Array.from([9, 9, 1, 2, 3, 9]);
    expect(written((w) => writeBytes(w, backing.subarray(2, 5)))).toBe("c403010203");
    expect(written((w) => writeBytes(w, Buffer.from([7, 8])))).toBe("c4020708");
  });
});

describe("array and map headers", () => {
  test.each([
    [0, "90", "80"],
    [15, "9f", "8f"], // last fixarray / fixmap
    [16, "dc0010", "de0010"], // first array 16 / map 16
    [65535, "dcffff", "deffff"],
    [65536, "dd00010000", "df00010000"], // first array 32 / map 32
    [TWO_32 - 1, "ddffffffff", "dfffffffff"],
  ])("%p entries → %s / %s", (n, array, map) => {
    expect(written((w) => w.arrayHeader(n))).toBe(array);
    expect(
      written((w) => {
        w.ensure(5);
        w.putArrayHeader(n);
      }),
    ).toBe(array); // into reserved room, from a 1-byte buffer too
    expect(
      written((w) => {
        w.ensure(5);
        w.putArrayHeader(n);
      }, 1),
    ).toBe(array);
    expect(written((w) => w.mapHeader(n))).toBe(map);
    expect(
      written((w) => {
        w.ensure(5);
        w.putMapHeader(n);
      }, 1),
    ).toBe(map);
  });

  test.each([
    [3, 2, "82"],
    [16, 15, "8f"], // map 16 → fixmap: the entries move back 2 bytes
    [16, 0, "80"],
    [65536, 65535, "deffff"], // map 32 → map 16
    [65536, 15, "8f"], // map 32 → fixmap
    [65535, 16, "de0010"], // same header size: rewritten in place
  ])("fixMapHeader: a header written for %p entries, fixed to %p → %s, with what follows it kept", (from, to, head) => {
    const w = new Writer(undefined, 1);
    w.nil(); // the map does not start at 0
    const at = w.pos;
    w.mapHeader(from);
    writeString(w, "entries");
    fixMapHeader(w, at, to);
    expect(written((x) => x.nil()) + head + hex(referenceEncode("entries"))).toBe(hex(w.finish()));
  });

  test("array() checks the value, writes the header and returns the length", () => {
    const w = new Writer();
    expect(w.array(new Array(16).fill(0), "$")).toBe(16);
    expect(hex(w.finish())).toBe("dc0010");
    const error = expectCode(() => new Writer().array({ length: 1 }, "$.list"), "type-mismatch");
    expect(error.message).toBe("$.list: expected an array, got an object");
  });

  test("putArray() is array() into room reserved before, in a buffer of 1 byte too", () => {
    const w = new Writer(undefined, 1);
    w.ensure(5);
    expect(w.putArray(new Array(16).fill(0), "$")).toBe(16);
    expect(hex(w.finish())).toBe("dc0010");
    expect(expectCode(() => new Writer().putArray("ab", "$.list"), "type-mismatch").message).toBe(
      '$.list: expected an array, got string "ab"',
    );
  });
});

describe("date: timestamp extension, smallest of the 32/64/96-bit forms", () => {
  /** The timestamp forms as the spec lays them out. */
  const ts32 = (sec: number) => "d6ff" + be(sec, 4);
  const ts64 = (sec: number, nsec: number) => "d7ff" + be(nsec * 4 + Math.floor(sec / TWO_32), 4) + be(sec % TWO_32, 4);
  const ts96 = (sec: number, nsec: number) =>
    "c70cff" + be(nsec, 4) + BigInt.asUintN(64, BigInt(sec)).toString(16).padStart(16, "0");

  test.each([
    ["the epoch", 0, ts32(0)],
    ["1 s", 1000, "d6ff00000001"],
    ["2018-01-02T03:04:05Z (msgpack-test-suite)", 1514862245000, "d6ff5a4af6a5"],
    ["2038-01-19T03:14:08Z (msgpack-test-suite)", 2147483648000, "d6ff80000000"],
    ["the last ts32 second, 2106-02-07T06:28:15Z", (TWO_32 - 1) * 1000, "d6ffffffffff"],
    ["1 ms after the epoch: ts64 for the nanoseconds", 1, "d7ff003d090000000000"],
    ["2018-01-02T03:04:05.678Z", 1514862245678, "d7ffa1a5d6005a4af6a5"],
    ["the first second beyond 32 bits (msgpack-test-suite)", TWO_32 * 1000, "d7ff0000000100000000"],
    ["the last ts64 millisecond", (2 ** 34 - 1) * 1000 + 999, ts64(2 ** 34 - 1, 999_000_000)],
    ["the first second beyond 34 bits: ts96 (msgpack-test-suite)", 2 ** 34 * 1000, "c70cff000000000000000400000000"],
    ["1 s before the epoch: ts96 (msgpack-test-suite)", -1000, "c70cff00000000ffffffffffffffff"],
    [
      "1 ms before the epoch: ts96 with negative seconds and positive nanoseconds",
      -1,
      "c70cff3b8b87c0ffffffffffffffff",
    ],
    ["1900-01-01 (msgpack-test-suite)", -2208988800000, "c70cff00000000ffffffff7c558180"],
    ["0000-01-01 (msgpack-test-suite)", -62167219200000, "c70cff00000000fffffff1868b8400"],
    ["-1.5 s", -1500, ts96(-2, 500_000_000)],
    ["the latest Date", 8.64e15, ts96(8.64e12, 0)],
    ["the earliest Date", -8.64e15, ts96(-8.64e12, 0)],
  ])("%s", (_, ms, expected) => {
    const out = written((w) => writeDate(w, new Date(ms)));
    expect(out).toBe(expected);
    expect(readDate(new Reader(fromHex(out))).getTime()).toBe(ms);
    expect((referenceDecode(fromHex(out)) as Date).getTime()).toBe(ms);
  });

  test("an invalid Date cannot be encoded", () => {
    const error = expectCode(() => writeDate(new Writer(), new Date(NaN), "$.at"), "out-of-range");
    expect(error.message).toBe("$.at: cannot encode an invalid Date");
  });
});

describe("type checks: each method rejects a value of the wrong JS type with a CodecError", () => {
  test.each<[string, (w: Writer) => void, string]>([
    ["bool", (w) => w.bool(1, "$.flag"), "$.flag: expected a boolean, got number 1"],
    ["number", (w) => w.number("1", "$.n"), `$.n: expected a number, got string "1"`],
    ["number (bigint)", (w) => w.number(BigInt(1), "$.n"), "$.n: expected a number, got bigint 1n"],
    ["writeBigint", (w) => writeBigint(w, 1, "$.b"), "$.b: expected a bigint, got number 1"],
    ["string", (w) => writeString(w, undefined, "$.s"), "$.s: expected a string, got undefined"],
    ["writeDate", (w) => writeDate(w, "2020-01-01", "$.d"), `$.d: expected a Date, got string "2020-01-01"`],
    ["writeBytes", (w) => writeBytes(w, [1, 2], "$.bin"), "$.bin: expected a Uint8Array, got an array of length 2"],
    [
      "writeArrayBuffer",
      (w) => writeArrayBuffer(w, new Uint8Array(1), "$.buf"),
      "$.buf: expected an ArrayBuffer, got a Uint8Array",
    ],
  ])("%s", (_, write, message) => {
    const error = expectCode(() => write(new Writer()), "type-mismatch");
    expect(error.message).toBe(message);
    expect(error.offset).toBe(-1);
  });

  test("without a path (the fast first attempt), the error has no path yet", () => {
    const error = codecError(() => new Writer().number("x"));
    expect(error.path).toBeUndefined();
    expect(error.message).toBe(`expected a number, got string "x"`);
  });
});

describe("buffer management", () => {
  test("grows from a tiny initial size without losing what was written", () => {
    const w = new Writer(undefined, 1);
    const values: unknown[] = [];
    for (let i = 0; i < 200; i++) {
      w.number(i * 1000);
      writeString(w, "k" + i);
      values.push(i * 1000, "k" + i);
    }
    const r = new Reader(w.finish());
    const read: unknown[] = [];
    for (let i = 0; i < 200; i++) read.push(r.number(), readString(r));
    expect(read).toEqual(values);
    r.done(undefined);
  });

  test("finish() returns a copy that reusing the writer never changes", () => {
    const w = new Writer();
    writeString(w, "first");
    const first = w.finish();
    w.pos = 0;
    writeString(w, "other");
    expect(readString(new Reader(first))).toBe("first");
    expect(first.buffer).not.toBe(w.bytes.buffer);
  });

  test("after handing a large output over, the writer's fresh buffer is an eighth larger than that output, not what doubling reached", () => {
    // 30,000 float 64s: 270,000 bytes, for which doubling from the first 4 KB reaches 524,288 (1.94x).
    const w = new Writer();
    const outputs = [1, 2, 3].map(() => {
      w.begin();
      for (let i = 0; i < 30_000; i++) w.number(i + 0.5);
      return w.finish();
    });
    expect(outputs[0]!.buffer.byteLength).toBe(524_288);
    for (const out of outputs) {
      expect(out.byteLength).toBe(270_000);
      expect(out.byteOffset).toBe(0);
      const r = new Reader(out);
      for (let i = 0; i < 30_000; i += 997) {
        r.pos = 9 * i;
        expect(r.number()).toBe(i + 0.5);
      }
    }
    // Handed over (not copied) into a buffer sized by the previous output.
    expect(outputs[1]!.buffer.byteLength).toBe(270_000 + (270_000 >> 3));
    expect(outputs[2]!.buffer.byteLength).toBe(270_000 + (270_000 >> 3));
    expect(new Set(outputs.map((o) => o.buffer)).size).toBe(3);
  });

  test("raw() copies plain Uint8Array chunks too, short and long", () => {
    const short = fromHex("a26964");
    const long = new Uint8Array(40).fill(0x61);
    const w = new Writer(undefined, 2);
    w.raw(short);
    w.raw(long);
    w.raw(short);
    expect(hex(w.finish())).toBe("a26964" + "61".repeat(40) + "a26964");
  });

  test("raw() copies pre-encoded chunks of every length: whole words, the last one zero-padded, long ones by set", () => {
    const names = Array.from({ length: 40 }, (_, i) => "abcdefghijklmnopqrstuvwxyz0123456789ABCD".slice(0, i));
    const chunks = keys(names);
    for (const c of chunks) {
      const padded = new Uint8Array(4 * c.words.length);
      padded.set(c);
      expect(c.words.length).toBe(Math.ceil(c.length / 4));
      expect([...c.words]).toEqual(
        [...new Int32Array(padded.length >> 2)].map((_, i) => new DataView(padded.buffer).getInt32(4 * i)),
      );
    }
    const w = new Writer(undefined, 2);
    const order = [...chunks, ...[...chunks].reverse()]; // every length at every alignment mod 4
    for (const chunk of order) w.raw(chunk);
    expect(hex(w.finish())).toBe(order.map(hex).join(""));
  });

  test("keys() pre-encodes property names with their str headers", () => {
    const table = keys(["id", "é", "k".repeat(40), ""]);
    expect(table.map(hex)).toEqual(["a26964", "a2c3a9", "d928" + "6b".repeat(40), "a0"]);
  });

  test("constants() pre-encodes each run on its own, short runs without growing a writer (V8 would take `grow` for hot)", () => {
    const grow = jest.spyOn(Writer.prototype as unknown as { grow(n: number): void }, "grow");
    try {
      const short = constants([
        [[2], "kind", "circle", "r"],
        ["a", true, null],
        [[3, "array"], 1],
      ]);
      expect(grow).not.toHaveBeenCalled();
      const long = "x".repeat(300);
      const runs = constants([["a"], [long, 5], ["b"]]);
      expect(short.map(hex)).toEqual([hex(referenceEncode({ kind: "circle", r: 0 })).slice(0, -2), "a161c3c0", "9301"]);
      expect(runs.map(hex)).toEqual(["a161", hex(referenceEncode(long)) + "05", "a162"]);
    } finally {
      grow.mockRestore();
    }
  });

  test("constants() refuses an empty run: put() writes a chunk's first word unconditionally", () => {
    expect(() => constants([["a"], []])).toThrow("typed-msgpack: empty run of constants");
  });
});

describe("through compiled codecs", () => {
  let m: Record<string, any>;
  beforeAll(() => {
    const sixteen = Array.from({ length: 16 }, (_, i) => `p${i}: number;`).join(" ");
    m = load(
      "wr_codecs",
      [
        `import { codecFor } from "typed-msgpack";`,
        `export const Num = codecFor<number>();`,
        `export const Big = codecFor<bigint>();`,
        `export const Str = codecFor<string>();`,
        `export const Bytes = codecFor<Uint8Array>();`,
        `export const Buf = codecFor<ArrayBuffer>();`,
        `export const When = codecFor<Date>();`,
        `export const Nums = codecFor<number[]>();`,
        `export const Tags = codecFor<Set<string>>();`,
        `export const Counts = codecFor<Map<string, number>>();`,
        `export const Dict = codecFor<Record<string, number>>();`,
        `export interface Sixteen { ${sixteen} }`,
        `export const Wide = codecFor<Sixteen>();`,
        `export interface Fifteen { ${sixteen.replace("p15: number;", "p15?: number;")} }`,
        `export const MaybeWide = codecFor<Fifteen>();`,
        `export const Pair = codecFor<[number, string]>();`,
        `export const Lits = codecFor<{ kind: "a" | "b"; n: 1 | 300 }>();`,
        `export interface Profile { id: number; name: string; bio: string; tags: string[]; links: { rel: string; href: string }[] }`,
        `export const Profiles = codecFor<Profile>();`,
        ``,
      ].join("\n"),
    );
  });

  test("a message of about 1 KB fits a codec's first buffer, its strings' worst case included; a larger one grows it", () => {
    // Growing assigns the writer's fields anew, after which V8 no longer treats them as constant.
    const grow = jest.spyOn(Writer.prototype as unknown as { grow(n: number): void }, "grow");
    try {
      const links = Array.from({ length: 4 }, (_, i) => ({
        rel: `rel${i}`,
        href: `https://example.com/users/${i}/profile`,
      }));
      const profile = { id: 12_345, name: "Ada", bio: "b".repeat(600), tags: ["a", "bb", "ccc"], links };
      const out = m.Profiles.encode(profile);
      expect(out.length).toBeGreaterThan(800);
      expect(m.Profiles.decode(out)).toEqual(profile);
      expect(grow).not.toHaveBeenCalled();
      const larger = { ...profile, bio: "é".repeat(3_000) };
      expect(m.Profiles.decode(m.Profiles.encode(larger))).toEqual(larger);
      expect(grow).toHaveBeenCalled();
    } finally {
      grow.mockRestore();
    }
  });

  test("number: the same bytes as Writer.number at every boundary", () => {
    for (const v of [
      0,
      0x7f,
      0x80,
      0xff,
      0x100,
      0xffff,
      0x10000,
      TWO_32 - 1,
      TWO_32,
      -32,
      -33,
      -128,
      -129,
      -32768,
      -32769,
      -(2 ** 31),
      -(2 ** 31) - 1,
      1.5,
      -0,
    ]) {
      expect(hex(m.Num.encode(v))).toBe(written((w) => w.number(v)));
      expect(Object.is(m.Num.decode(m.Num.encode(v)), v)).toBe(true);
    }
  });

  test("number[]: each element as Writer.number writes it, across capacity runs; a bad element names its index", () => {
    const formats = [0, 0x7f, 0xff, 0xffff, TWO_32 - 1, TWO_32, -1, -129, -(2 ** 31) - 1, 1.5, -0, NaN];
    const values = Array.from({ length: 10_000 }, (_, i) => formats[i % formats.length]!);
    const out = m.Nums.encode(values);
    const expected = "dc2710" + values.map((v) => written((w) => w.number(v))).join("");
    const actual = hex(out);
    expect(actual.length).toBe(expected.length);
    expect([...expected].findIndex((c, i) => actual[i] !== c)).toBe(-1); // no 100 KB strings in the failure report
    expect(m.Nums.decode(out).every((x: number, i: number) => Object.is(x, values[i]))).toBe(true);
    values[9_000] = "9000" as unknown as number;
    expect(codecError(() => m.Nums.encode(values))).toMatchObject({ path: "$[9000]", code: "type-mismatch" });
    const sparse: number[] = [];
    sparse.length = 2 ** 32 - 1; // reserving room for every element at once would take 36 GB
    expect(codecError(() => m.Nums.encode(sparse))).toMatchObject({ path: "$[0]", code: "type-mismatch" });
  });

  test("number[] of ints of mixed sizes in any order: @msgpack/msgpack's bytes; encodeInto touches nothing past the array", () => {
    // writeNumberArray sizes ints by arithmetic and writes four bytes after each header whatever the
    // size: the elements after one must overwrite its spare bytes, and nothing may land past the end.
    const boundaries = [
      0x7f,
      0x80,
      0xff,
      0x100,
      0xffff,
      0x10000,
      2 ** 31 - 1,
      2 ** 31,
      TWO_32 - 1,
      TWO_32,
      -32,
      -33,
      -128,
      -129,
      -32768,
      -32769,
      -(2 ** 31),
      -(2 ** 31) - 1,
      2 ** 53 - 1,
      -(2 ** 53) + 1,
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const widths = [0x80, 0x100, 0x10000, TWO_32, 2 ** 40];
    const mixed = Array.from({ length: 5_000 }, () => {
      const n = Math.floor(random() * widths[Math.floor(random() * widths.length)]!);
      return random() < 0.3 ? -n - 1 : n;
    });
    for (const values of [boundaries, mixed, [...boundaries, ...mixed, ...boundaries]]) {
      expect(sameBytes(m.Nums.encode(values), referenceEncode(values))).toBe(true);
      expect(m.Nums.decode(m.Nums.encode(values))).toEqual(values);
    }
    // Arrays of each pair of sizes, into a target with room after the value (from 19 elements up,
    // writeNumberArray's runs, then the last three one by one; shorter ones all go one by one).
    for (const a of boundaries)
      for (const b of boundaries)
        for (let length = 16; length <= 21; length++) {
          const values = Array.from({ length }, (_, i) => (i % 2 === 0 ? a : b));
          const expected = referenceEncode(values);
          const target = new Uint8Array(9 * length + 16).fill(0xee); // room for 9 bytes an element: one run
          expect(m.Nums.encodeInto(values, target)).toBe(expected.length);
          expect(sameBytes(target.subarray(0, expected.length), expected)).toBe(true);
          expect(target.subarray(expected.length).every((byte) => byte === 0xee)).toBe(true);
        }
  });

  test("bigint", () => {
    expect(hex(m.Big.encode(BigInt(-1)))).toBe("d3ffffffffffffffff");
    expect(m.Big.decode(fromHex("cd0100"))).toBe(BigInt(256));
    expect(codecError(() => m.Big.encode(BigInt(2) ** BigInt(64))).path).toBe("$");
  });

  test("string: str headers at 31/32/255/256/65535/65536 bytes", () => {
    for (const [n, header] of [
      [31, "bf"],
      [32, "d920"],
      [255, "d9ff"],
      [256, "da0100"],
      [65535, "daffff"],
      [65536, "db00010000"],
    ] as const) {
      const s = "z".repeat(n);
      const out = m.Str.encode(s);
      expect(hex(out.subarray(0, header.length / 2))).toBe(header);
      expect(m.Str.decode(out)).toBe(s);
    }
  });

  test("bin: Uint8Array and ArrayBuffer at 255/256/65535/65536 bytes", () => {
    for (const [n, header] of [
      [255, "c4ff"],
      [256, "c50100"],
      [65535, "c5ffff"],
      [65536, "c600010000"],
    ] as const) {
      const data = new Uint8Array(n).fill(7);
      const out = m.Bytes.encode(data);
      expect(hex(out.subarray(0, header.length / 2))).toBe(header);
      expect(sameBytes(m.Bytes.decode(out), data)).toBe(true);
      const viaBuffer = m.Buf.encode(data.buffer);
      expect(sameBytes(viaBuffer, out)).toBe(true);
      expect(sameBytes(new Uint8Array(m.Buf.decode(viaBuffer)), data)).toBe(true);
    }
  });

  test("Date: each timestamp form", () => {
    expect(hex(m.When.encode(new Date(1514862245000)))).toBe("d6ff5a4af6a5");
    expect(hex(m.When.encode(new Date(1514862245678)))).toBe("d7ffa1a5d6005a4af6a5");
    expect(hex(m.When.encode(new Date(-1)))).toBe("c70cff3b8b87c0ffffffffffffffff");
    for (const ms of [0, 1514862245678, -1, -1500, 8.64e15, -8.64e15])
      expect(m.When.decode(m.When.encode(new Date(ms))).getTime()).toBe(ms);
    expect(codecError(() => m.When.encode(new Date(NaN))).code).toBe("out-of-range");
  });

  test("arrays and Sets: fixarray up to 15 elements, array 16 from 16, array 32 from 65536", () => {
    for (const [n, header] of [
      [15, "9f"],
      [16, "dc0010"],
      [65535, "dcffff"],
      [65536, "dd00010000"],
    ] as const) {
      const values = new Array(n).fill(1);
      const out = m.Nums.encode(values);
      expect(hex(out.subarray(0, header.length / 2))).toBe(header);
      expect(out.length).toBe(header.length / 2 + n);
      const decoded: number[] = m.Nums.decode(out);
      expect(decoded.length === n && decoded.every((x) => x === 1)).toBe(true);
    }
    const set = new Set(Array.from({ length: 16 }, (_, i) => "s" + i));
    const out = m.Tags.encode(set);
    expect(hex(out.subarray(0, 3))).toBe("dc0010");
    expect(m.Tags.decode(out)).toEqual(set);
  });

  test("Maps and Records: fixmap up to 15 entries, map 16 from 16, map 32 from 65536", () => {
    for (const [n, header] of [
      [15, "8f"],
      [16, "de0010"],
      [65536, "df00010000"],
    ] as const) {
      const entries = Array.from({ length: n }, (_, i): [string, number] => ["k" + i, i]);
      const map = new Map(entries);
      const fromMap = m.Counts.encode(map);
      expect(hex(fromMap.subarray(0, header.length / 2))).toBe(header);
      const decodedMap: Map<string, number> = m.Counts.decode(fromMap);
      expect(decodedMap.size).toBe(n);
      expect([...decodedMap].every(([k, v], i) => k === "k" + i && v === i)).toBe(true);
      const record = Object.fromEntries(entries);
      const fromRecord = m.Dict.encode(record);
      expect(sameBytes(fromRecord, fromMap)).toBe(true);
      const decodedRecord: Record<string, number> = m.Dict.decode(fromRecord);
      expect(Object.entries(decodedRecord).every(([k, v], i) => k === "k" + i && v === i)).toBe(true);
      expect(Object.keys(decodedRecord)).toHaveLength(n);
    }
  });

  test("object types: the map header counts the properties present (15 → fixmap, 16 → map 16)", () => {
    const value = Object.fromEntries(Array.from({ length: 16 }, (_, i) => ["p" + i, i]));
    const all = m.Wide.encode(value);
    expect(hex(all.subarray(0, 3))).toBe("de0010");
    expect(all).toEqual(referenceEncode(value));
    expect(m.Wide.decode(all)).toEqual(value);
    expect(hex(m.MaybeWide.encode(value).subarray(0, 3))).toBe("de0010");
    const { p15, ...fifteen } = value;
    const some = m.MaybeWide.encode({ ...fifteen, p15: undefined });
    expect(some[0]).toBe(0x8f);
    expect(some).toEqual(referenceEncode(fifteen));
    expect(m.MaybeWide.decode(some)).toEqual(fifteen);
  });

  test("tuples and literal types", () => {
    expect(hex(m.Pair.encode([1, "a"]))).toBe("9201a161");
    expect(m.Lits.encode({ kind: "b", n: 300 })).toEqual(referenceEncode({ kind: "b", n: 300 }));
    expect(codecError(() => m.Lits.encode({ kind: "c", n: 1 })).message).toBe(
      `$.kind: expected "a" | "b", got string "c"`,
    );
  });

  test("a Record codec rejects a Map (or a Date) instead of writing it as an empty map", () => {
    // Object.keys() of a Map has no entries, so accepting it would silently drop every entry.
    const results = {
      map: codecError(() => m.Dict.encode(new Map([["a", 1]]))).code,
      date: codecError(() => m.Dict.encode(new Date(0))).code,
    };
    expect(results).toEqual({ map: "type-mismatch", date: "type-mismatch" });
  });

  test("a wrong value is reported with its path and no offset", () => {
    const error = codecError(() =>
      m.Counts.encode(
        new Map<string, unknown>([
          ["a", 1],
          ["b", "two"],
        ]),
      ),
    );
    expect(error).toBeInstanceOf(CodecError);
    expect(error.code).toBe("type-mismatch");
    expect(error.path).toBe("$.b");
    expect(error.offset).toBe(-1);
  });
});
