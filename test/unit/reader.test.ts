/**
 * runtime/reader.ts: every MessagePack format (msgpack-test-suite gives each value in all its
 * encodings), format boundaries, and the errors a decoder must raise on bad input: truncation,
 * lying length headers, the reserved byte 0xc1, invalid UTF-8, bad timestamps. Exercised through
 * Reader directly and through compiled codecs.
 */
import { encode as referenceEncode } from "@msgpack/msgpack";
import { CodecError, ExtData, Reader, Writer, type CodecErrorCode } from "../../runtime/index";
import {
  keys as preEncodedKeys,
  readArrayBuffer,
  readBigint,
  readBytes,
  readDate,
  readDynamic,
  readKey,
  readString,
  skip,
} from "../../runtime/internal";
import { skipAhead } from "../../runtime/skip";
import * as utf8 from "../../runtime/utf8";
import { load } from "../helpers/compile";
import { same } from "../helpers/equal";
import { be, codecError, concat, expectCode, fromHex, hex } from "../helpers/bytes";

type SuiteEntry = { msgpack: string[] } & Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SUITE: Record<string, SuiteEntry[]> = require("msgpack-test-suite/dist/msgpack-test-suite.json");
const ALL_SUITE_MESSAGES: string[] = Object.values(SUITE).flatMap((entries) => entries.flatMap((e) => e.msgpack));

const TWO_32 = 2 ** 32;

/** What `readDynamic` should give for a suite entry. */
function suiteValue(entry: SuiteEntry): unknown {
  if ("nil" in entry) return null;
  if ("bool" in entry) return entry.bool;
  if ("binary" in entry) return fromHex(entry.binary as string);
  if ("string" in entry) return entry.string;
  if ("array" in entry) return entry.array;
  if ("map" in entry) return entry.map;
  if ("timestamp" in entry) {
    const [sec, nsec] = entry.timestamp as [number, number];
    return new Date(Number((BigInt(sec) * 1_000_000_000n + BigInt(nsec)) / 1_000_000n)); // toward zero, as @msgpack/msgpack
  }
  if ("ext" in entry) {
    const [type, data] = entry.ext as [number, string];
    return new ExtData(type, fromHex(data));
  }
  throw new Error("number entries are checked separately");
}

/** The error code `f` throws, or "ok". */
function outcome(f: () => unknown): CodecErrorCode | "ok" | string {
  try {
    f();
    return "ok";
  } catch (e) {
    return e instanceof CodecError ? e.code : `${(e as Error).name}: ${(e as Error).message}`;
  }
}

describe("numbers", () => {
  const numberEntries = [
    ...SUITE["20.number-positive.yaml"]!,
    ...SUITE["21.number-negative.yaml"]!,
    ...SUITE["22.number-float.yaml"]!,
    ...SUITE["23.number-bignum.yaml"]!,
  ];

  test("every encoding of every suite number decodes with number() (int 8..64, uint 8..64, float 32/64)", () => {
    let checked = 0;
    for (const entry of numberEntries.filter((e) => "number" in e)) {
      for (const form of entry.msgpack) {
        const r = new Reader(fromHex(form));
        expect([form, r.number()]).toEqual([form, entry.number]);
        r.done(undefined);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  test("every int encoding of every suite number decodes with bigint()", () => {
    for (const entry of numberEntries) {
      if (entry.bignum === undefined && !Number.isInteger(entry.number)) continue;
      const expected = BigInt((entry.bignum as string | undefined) ?? (entry.number as number));
      for (const form of entry.msgpack.filter((f) => !f.startsWith("ca") && !f.startsWith("cb"))) {
        expect([form, readBigint(new Reader(fromHex(form)))]).toEqual([form, expected]);
      }
    }
  });

  test.each([
    ["7f", 127],
    ["cc80", 128],
    ["ccff", 255],
    ["cd0100", 256],
    ["cdffff", 65535],
    ["ce00010000", 65536],
    ["ceffffffff", TWO_32 - 1],
    ["cf0000000100000000", TWO_32],
    ["cf001fffffffffffff", Number.MAX_SAFE_INTEGER],
    ["e0", -32],
    ["d0df", -33],
    ["d080", -128],
    ["d1ff7f", -129],
    ["d18000", -32768],
    ["d2ffff7fff", -32769],
    ["d280000000", -(2 ** 31)],
    ["d3ffffffff7fffffff", -(2 ** 31) - 1],
    ["d3ffe0000000000001", Number.MIN_SAFE_INTEGER],
  ])("int boundary %s → %p", (form, value) => {
    expect(new Reader(fromHex(form)).number()).toBe(value);
    expect(readBigint(new Reader(fromHex(form)))).toBe(BigInt(value));
  });

  test("float 32 decodes to the float 32 value", () => {
    expect(new Reader(fromHex("ca3fc00000")).number()).toBe(1.5);
    expect(new Reader(fromHex("ca3dcccccd")).number()).toBe(Math.fround(0.1));
    expect(new Reader(fromHex("ca7f800000")).number()).toBe(Infinity);
    expect(new Reader(fromHex("caff800000")).number()).toBe(-Infinity);
    expect(Number.isNaN(new Reader(fromHex("ca7fc00000")).number())).toBe(true);
    expect(Object.is(new Reader(fromHex("ca80000000")).number(), -0)).toBe(true);
    expect(new Reader(fromHex("ca00000001")).number()).toBe(1.401298464324817e-45); // smallest subnormal
  });

  test("int 64 outside the safe range fails as a number rather than round, and works as a bigint", () => {
    for (const form of ["cf0020000000000000", "cfffffffffffffffff", "d3ffe0000000000000", "d38000000000000000"]) {
      const error = expectCode(() => new Reader(fromHex(form)).number("$.n"), "out-of-range");
      expect(error.message).toMatch(
        /^\$\.n: u?int 64 value does not fit in a JavaScript number without rounding \(declare the field as bigint\) at byte 0$/,
      );
      expect(typeof readBigint(new Reader(fromHex(form)))).toBe("bigint");
    }
    expect(readBigint(new Reader(fromHex("cfffffffffffffffff")))).toBe(BigInt("18446744073709551615"));
    expect(readBigint(new Reader(fromHex("d38000000000000000")))).toBe(-(BigInt(2) ** BigInt(63)));
  });

  test("a number read of a str fails with type-mismatch at its offset", () => {
    const r = new Reader(fromHex("01a161"));
    r.number();
    const error = expectCode(() => r.number("$[1]"), "type-mismatch");
    expect(error.message).toBe("$[1]: expected int or float, got str (0xa1) at byte 1");
    expect(error.offset).toBe(1);
  });

  test("bigint() rejects floats", () => {
    expect(expectCode(() => readBigint(new Reader(fromHex("cb3ff8000000000000"))), "type-mismatch").message).toBe(
      "expected int, got float (0xcb) at byte 0",
    );
  });
});

describe("strings", () => {
  test("every encoding of every suite string (ASCII, UTF-8, emoji; fixstr and str 8/16/32)", () => {
    for (const key of ["30.string-ascii.yaml", "31.string-utf8.yaml", "32.string-emoji.yaml"]) {
      for (const entry of SUITE[key]!)
        for (const form of entry.msgpack)
          expect([form, readString(new Reader(fromHex(form)))]).toEqual([form, entry.string]);
    }
  });

  test.each([
    [31, "bf"],
    [32, "d920"],
    [255, "d9ff"],
    [256, "da0100"],
    [65535, "daffff"],
    [65536, "db00010000"],
  ])("%p bytes with header %s", (length, header) => {
    const s = "x".repeat(length);
    const r = new Reader(concat(header, Buffer.from(s), "c0"));
    expect(readString(r)).toBe(s);
    expect(r.nil()).toBeNull();
    r.done(undefined);
  });

  test("non-minimal headers are accepted", () => {
    expect(readString(new Reader(fromHex("db0000000161")))).toBe("a");
    expect(readString(new Reader(fromHex("da0000")))).toBe("");
  });

  test("valid UTF-8 edge cases decode, short and long (the long path uses TextDecoder)", () => {
    const cases: [string, string][] = [
      ["c280", "\u0080"],
      ["dfbf", "\u07ff"],
      ["e0a080", "\u0800"],
      ["efbfbf", "\uffff"],
      ["ee8080", "\ue000"],
      ["f0908080", "\u{10000}"],
      ["f48fbfbf", "\u{10ffff}"],
      ["efbbbf", "\ufeff"],
      ["00", "\u0000"],
    ];
    for (const [bytes, text] of cases) {
      const short = fromHex(bytes);
      expect(readString(new Reader(concat([0xa0 | short.length], short)))).toBe(text);
      const long = concat(Buffer.from("a".repeat(70)), short);
      expect(readString(new Reader(concat([0xd9, long.length], long)))).toBe("a".repeat(70) + text);
    }
  });
});

describe("every string path decodes exactly what was encoded", () => {
  // On Node, ASCII strings are slices of a latin1 copy of the next 1 KB of input, or a copy of their
  // own far from the last one (without Node's
  // Buffer, short ones go through a cache), mostly multi-byte text through the JS loop (on Node 24
  // only up to 64 bytes), the rest through TextDecoder: the same text must come back whichever path
  // it takes.
  const str = (text: string) => {
    const payload = Buffer.from(text);
    return payload.length < 32
      ? concat([0xa0 | payload.length], payload)
      : concat("da", be(payload.length, 2), payload);
  };

  test("short ASCII strings, repeated and colliding in the cache, come back as themselves", () => {
    // 20,000 distinct strings through a 4,096-slot cache, each decoded twice: slots are shared.
    const texts = Array.from({ length: 20_000 }, (_, i) => `k${i.toString(36)}${"xyz".slice(0, i % 4)}`);
    const input = concat(...texts.flatMap((t) => [str(t), str(t)]));
    const r = new Reader(input);
    // One comparison of all 40,000 (an expect per string took seconds).
    same(
      texts.map(() => [readString(r), readString(r)]),
      texts.map((text) => [text, text]),
    );
  });

  test("ASCII strings of every cached length (1 to 32 bytes) come back as themselves, twice", () => {
    const texts = Array.from({ length: 32 }, (_, i) => "abcdefghijklmnopqrstuvwxyz-0123456789".slice(0, i + 1));
    const r = new Reader(concat(...texts.flatMap((t) => [str(t), str(t)])));
    for (const text of texts) expect([readString(r), readString(r)]).toEqual([text, text]);
  });

  test("ASCII strings across the 1 KB latin1 copies: straddling one's end, longer than one, empty, between multi-byte text and other values", () => {
    const texts: string[] = [];
    for (let i = 0; texts.join("").length < 40_000; i++) {
      texts.push(
        i % 7 === 0
          ? ""
          : i % 11 === 0
            ? `é${i}ж`
            : i % 13 === 0
              ? "x".repeat(4_000 + i)
              : `item-${i}-${"abcdefghij".repeat(i % 9)}`,
      );
    }
    texts.push("y".repeat(9_000), "z");
    const input = concat(...texts.flatMap((t) => [str(t), [0xcd, 0x12, 0x34]]));
    const r = new Reader(input);
    let longestCopy = 0;
    for (const text of texts) {
      expect(readString(r)).toBe(text);
      expect(r.number()).toBe(0x1234);
      longestCopy = Math.max(longestCopy, r.text.length);
    }
    r.done(undefined);
    expect(longestCopy).toBe(1024);
  });

  test("a short ASCII str more than 128 bytes past the last latin1 copy is copied alone, not with the 1 KB after it", () => {
    // Records of about 200 bytes with one short str each (bench blobs): a 1 KB copy for every four
    // or five of them allocated 1 KB that no other str used.
    const bin = (n: number) => concat([0xc5], be(n, 2), new Uint8Array(n));
    const labels = Array.from({ length: 50 }, (_, i) => `owner-${i}`);
    const r = new Reader(concat(bin(300), ...labels.flatMap((label) => [str(label), bin(190)])));
    for (const label of labels) {
      skip(r);
      expect([readString(r), r.text]).toEqual([label, ""]);
    }
    skip(r);
    r.done(undefined);
  });

  test("without Node's Buffer (as in browsers), ASCII strings are decoded one by one and cached", () => {
    const saved = globalThis.Buffer;
    let isolated: { readString: typeof readString; Reader: typeof Reader } | undefined;
    try {
      (globalThis as { Buffer?: unknown }).Buffer = undefined;
      jest.isolateModules(() => {
        isolated = { ...require("../../runtime/index"), ...require("../../runtime/internal") };
      });
    } finally {
      globalThis.Buffer = saved;
    }
    const texts = ["", "a", "abc", "abcdefghijklmnopqrstuvwxyz", "x".repeat(40), "abc", "x".repeat(5_000), "ёлка"];
    const r = new isolated!.Reader(concat(...texts.map(str)));
    expect(texts.map(() => isolated!.readString(r))).toEqual(texts);
    expect(r.text).toBe("");
  });

  test("Buffer's latin1Slice and utf8Write are called on plain Uint8Arrays; a Node whose methods refuse that gets the paths used without Buffer", () => {
    // On this Node they take any Uint8Array as `this`: the runtime uses them so.
    expect([typeof utf8.latin1Slice, typeof utf8.utf8Write]).toEqual(["function", "function"]);
    type Method = (this: Uint8Array, ...args: unknown[]) => unknown;
    const proto = Buffer.prototype as unknown as Record<"latin1Slice" | "utf8Write", Method>;
    const saved = { latin1Slice: proto.latin1Slice, utf8Write: proto.utf8Write };
    const calls: string[] = [];
    try {
      for (const name of ["latin1Slice", "utf8Write"] as const) {
        const original = saved[name];
        proto[name] = function (...args) {
          calls.push(name);
          if (!Buffer.isBuffer(this)) throw new TypeError("argument must be a buffer");
          return original.apply(this, args);
        };
      }
      let isolated: (typeof import("../../runtime/internal") & typeof import("../../runtime/index")) | undefined;
      jest.isolateModules(() => {
        isolated = { ...require("../../runtime/index"), ...require("../../runtime/internal") };
      });
      expect(calls.sort()).toEqual(["latin1Slice", "utf8Write"]); // each tried once, at load
      const texts = ["", "a", "abcdefghijklmnopqrstuvwxyz", "x".repeat(40), "é".repeat(100), "y".repeat(3_000), "ёлка"];
      const w = new isolated!.Writer();
      for (const text of texts) isolated!.writeString(w, text);
      const bytes = w.finish();
      expect(hex(bytes)).toBe(hex(concat(...texts.map((text) => referenceEncode(text)))));
      const r = new isolated!.Reader(bytes);
      expect(texts.map(() => isolated!.readString(r))).toEqual(texts);
      expect(r.text).toBe(""); // no latin1 copy
      expect(calls).toHaveLength(2); // and no other call: each would have thrown
    } finally {
      Object.assign(proto, saved);
    }
  });

  test("a leading U+FEFF is kept on every path", () => {
    for (const rest of ["", "a", "é".repeat(5), "é".repeat(40), "ж".repeat(300), "a".repeat(100)]) {
      expect(readString(new Reader(str("\ufeff" + rest)))).toBe("\ufeff" + rest);
    }
  });

  test("readKey(): the hinted key matches at every length; a difference in its words or its last bytes does not", () => {
    const names = Array.from({ length: 40 }, (_, i) => "abcdefghijklmnopqrstuvwxyz0123456789ABCD".slice(0, i));
    const table = preEncodedKeys(names);
    const at = (key: string) =>
      [0, 1, 2, 3].map((pad) => {
        // the key and a value, at each offset mod 4
        const r = new Reader(concat(new Uint8Array(pad), preEncodedKeys([key])[0]!, [0x01]));
        r.pos = pad;
        return r;
      });
    // The slow path (every key compared after a header parse) is the only one that reads the head byte through head().
    const slowPath = jest.spyOn(Reader.prototype, "head");
    names.forEach((name, i) => {
      for (const r of at(name)) expect(readKey(r, table, i)).toBe(i);
      expect(slowPath).not.toHaveBeenCalled(); // matched by the hinted comparison itself
      if (name.length === 0) return;
      const otherLast = name.slice(0, -1) + "!"; // differs in the last byte: a word or a byte after the words
      const otherFirst = "!" + name.slice(1); // differs in the first word
      for (const other of [otherLast, otherFirst]) for (const r of at(other)) expect(readKey(r, table, i)).toBe(-1);
      slowPath.mockClear();
    });
    slowPath.mockRestore();
  });

  test("readKey() compares a key's whole words, then the bytes after them: a key differing in any one byte is another", () => {
    // Keys of 1 to 9 bytes (header included: 0 to 3 whole words and 0 to 3 bytes after them).
    const names = ["", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh"];
    const keys = preEncodedKeys(names);
    names.forEach((name, index) => {
      const bytes = str(name);
      expect(readKey(new Reader(bytes), keys, index)).toBe(index);
      for (let at = 1; at < bytes.length; at++) {
        const changed = bytes.slice();
        changed[at] = 0x7a; // "z"
        expect(readKey(new Reader(changed), keys, index)).toBe(-1);
      }
    });
  });

  test("a declared key longer than maxStringLength is refused wherever it arrives", () => {
    const keys = preEncodedKeys(["abcdefghij"]);
    for (const hint of [0, 1]) {
      const r = new Reader(fromHex("81aa6162636465666768696a01"), { maxStringLength: 5 });
      r.mapHeader();
      expectCode(() => readKey(r, keys, hint), "out-of-range");
    }
  });

  test("multi-byte text decoded after the loop's buffer grew is not read from the old buffer", () => {
    // Results are made from views of the loop's buffer (per length when short, a Node Buffer over
    // all of it otherwise), kept between calls: growing must drop them.
    const [short, medium] = ["ёлка", "ёлка и снег!"];
    const grow = "ж".repeat(1_000);
    const texts = [short, medium, grow, "щука", "щука и снег!", grow + grow, short, medium];
    const r = new Reader(concat(...texts.map(str)));
    expect(texts.map(() => readString(r))).toEqual(texts);
  });

  test("without Node's Buffer (as in browsers), the loop makes its strings with TextDecoder", () => {
    const saved = globalThis.Buffer;
    let isolated: typeof utf8 | undefined;
    try {
      (globalThis as { Buffer?: unknown }).Buffer = undefined;
      jest.isolateModules(() => {
        isolated = require("../../runtime/utf8");
      });
    } finally {
      globalThis.Buffer = saved;
    }
    const texts = ["ёлка", "ёлка и снег!", "東京 ".repeat(100), "ж".repeat(70_000)];
    const platform = jest.spyOn(TextDecoder.prototype, "decode");
    for (const text of texts) {
      const payload = Buffer.from(text);
      expect(isolated!.decodeLoop(payload, 0, payload.length)).toBe(text);
    }
    expect(platform).toHaveBeenCalledTimes(2); // strings of up to 32 units are made by fromCharCode
    platform.mockClear();
    // On Node only the string longer than the kept buffer (64 Ki units) goes to TextDecoder.
    for (const text of texts) {
      const payload = Buffer.from(text);
      expect(utf8.decodeLoop(payload, 0, payload.length)).toBe(text);
    }
    expect(platform).toHaveBeenCalledTimes(1);
    platform.mockRestore();
  });

  test("multi-byte text longer than the loop's kept buffer (64 Ki code units), then a short one", () => {
    const long = "жизнь 東京 ".repeat(10_000);
    const payload = Buffer.from(long);
    const r = new Reader(concat("db", be(payload.length, 4), payload, str("ёлка и снег, ёлка и снег")));
    expect(readString(r)).toBe(long);
    expect(readString(r)).toBe("ёлка и снег, ёлка и снег");
  });

  test.each([
    ["Cyrillic", "привет мир "],
    ["CJK", "東京日本語図書館"],
    ["Arabic", "مدينة كتاب "],
    ["emoji", "👩‍💻🇫🇷"],
    ["Latin accents", "garçon où Noël "],
  ])("%s at every length from 1 to 300 bytes", (_, sample) => {
    const chars = [...sample.repeat(40)];
    for (let n = 1; n <= chars.length; n++) {
      const text = chars.slice(0, n).join("");
      if (Buffer.byteLength(text) > 300) break;
      expect(readString(new Reader(str(text)))).toBe(text);
    }
  });
});

describe("multi-byte text on Node 24: TextDecoder past 64 bytes", () => {
  // Node 24's TextDecoder outruns the JS loop on such text (runtime/utf8.ts MULTI_BYTE_LOOP_LIMIT);
  // Node 20's and 22's do not. These tests take Node 24's path on whatever Node runs them.
  test("the limit is 64 bytes on Node 24 and later, none on Node 20 and 22 or off Node", () => {
    const node = (version: string) => ({ process: { versions: { node: version } } });
    expect([node("24.0.0"), node("25.2.1"), node("20.20.2"), node("22.23.3"), {}].map(utf8.multiByteLoopLimit)).toEqual(
      [64, 64, Infinity, Infinity, Infinity],
    );
  });

  test.each([
    ["Cyrillic", "привет мир "],
    ["CJK", "東京日本語図書館"],
    ["emoji", "👩‍💻🇫🇷"],
  ])("%s at every length from 1 to 300 bytes, on both sides of the limit", (_, sample) => {
    const chars = [...sample.repeat(40)];
    for (let n = 1; n <= chars.length; n++) {
      const text = chars.slice(0, n).join("");
      const bytes = Buffer.from(text);
      if (bytes.length > 300) break;
      const padded = concat("c0c0", bytes, "c0");
      expect([
        utf8.decodeUtf8(padded, 2, bytes.length, 64),
        utf8.decodeUtf8(padded, 2, bytes.length, Infinity),
      ]).toEqual([text, text]);
    }
  });

  test("mostly multi-byte text past the limit goes to TextDecoder, up to it and without a limit to the loop", () => {
    const decode = jest.spyOn(TextDecoder.prototype, "decode");
    try {
      const calls = (text: string, limit: number) => {
        decode.mockClear();
        const bytes = Buffer.from(text);
        expect(utf8.decodeUtf8(bytes, 0, bytes.length, limit)).toBe(text);
        return decode.mock.calls.length;
      };
      const long = "ж".repeat(33),
        short = "ж".repeat(32); // 66 and 64 bytes
      expect([calls(long, 64), calls(short, 64), calls(long, Infinity)]).toEqual([1, 0, 0]);
    } finally {
      decode.mockRestore();
    }
  });

  test("invalid UTF-8 in mostly multi-byte text is refused by either path", () => {
    for (const bad of ["ff", "80", "c3", "e282", "f09f8d", "e228a1", "eda080", "c0af"]) {
      const bytes = concat(Buffer.from("жизнь".repeat(8)), fromHex(bad), Buffer.from("ж")); // 80+ bytes
      expect([utf8.decodeUtf8(bytes, 0, bytes.length, 64), utf8.decodeUtf8(bytes, 0, bytes.length, Infinity)]).toEqual([
        undefined,
        undefined,
      ]);
    }
  });
});

describe("long text: the non-fatal TextDecoder, and the fatal one only for a result with U+FFFD", () => {
  // runtime/utf8.ts decodeUtf8. `Infinity` as the loop limit sends mostly multi-byte text to the
  // loop (Node 20 and 22), 64 to TextDecoder (Node 24): both paths run on whatever Node runs this.
  test("the same strings as the fatal TextDecoder's, mostly ASCII and mostly multi-byte, 9 to 2,000 bytes", () => {
    for (const sample of [
      "Ça va très bien, merci. ",
      "привет мир ",
      "東京日本語図書館",
      "👩‍💻🇫🇷 ok",
      "\ufeffBOM kept ",
      "It’s done — really 🎉 ",
    ]) {
      for (let n = 1; n < 200; n += 7) {
        const text = sample.repeat(n);
        const bytes = concat("c0", Buffer.from(text), "c0");
        expect([
          utf8.decodeUtf8(bytes, 1, bytes.length - 2, 64),
          utf8.decodeUtf8(bytes, 1, bytes.length - 2, Infinity),
        ]).toEqual([text, text]);
      }
    }
  });

  test("text with a U+FFFD of its own is valid: decoded again by the fatal TextDecoder, and kept", () => {
    const fatal = jest.spyOn(TextDecoder.prototype, "decode");
    try {
      for (const text of [
        "\ufffd" + "replacement character first, then ASCII text",
        "ASCII text, then a replacement character \ufffd",
        "привет \ufffd мир ".repeat(8),
      ]) {
        const bytes = Buffer.from(text);
        fatal.mockClear();
        expect(utf8.decodeUtf8(bytes, 0, bytes.length, 64)).toBe(text);
        expect(fatal).toHaveBeenCalledTimes(2); // the non-fatal decode, then the fatal one that decides
      }
      const plain = Buffer.from("Ça va très bien, merci. ".repeat(4));
      fatal.mockClear();
      expect(utf8.decodeUtf8(plain, 0, plain.length, 64)).toBe(plain.toString());
      expect(fatal).toHaveBeenCalledTimes(1);
    } finally {
      fatal.mockRestore();
    }
  });

  test("invalid UTF-8 is refused wherever it is, also beside a valid U+FFFD", () => {
    for (const bad of ["ff", "80", "c3", "e282", "f09f8d", "e228a1", "eda080", "c0af", "f4908080", "efbfbe80"]) {
      for (const base of [
        "ascii text, long enough for TextDecoder ",
        "It’s ASCII text with a curly quote ",
        "жизнь".repeat(8),
        "valid \ufffd here ",
      ]) {
        for (const bytes of [
          concat(Buffer.from(base), fromHex(bad), Buffer.from("ж")),
          concat(fromHex(bad), Buffer.from(base)),
        ]) {
          expect([
            utf8.decodeUtf8(bytes, 0, bytes.length, 64),
            utf8.decodeUtf8(bytes, 0, bytes.length, Infinity),
          ]).toEqual([undefined, undefined]);
        }
      }
    }
  });
});

describe("binary, arrays, maps, ext", () => {
  test("an array header claiming more elements than bytes remain fails before anything is allocated", () => {
    // array 32 of 16,000,000 elements followed by 100 bytes: decoders allocate new Array(n) only
    // after this check, so memory is bounded by the input (8 bytes a byte), not by the header.
    const input = concat("dd", be(16_000_000, 4), new Uint8Array(100));
    expect(() => new Reader(input).arrayHeader("$")).toThrow(
      expect.objectContaining({ code: "incomplete", offset: 5 }),
    );
    expect(new Reader(concat("dd", be(100, 4), new Uint8Array(100))).arrayHeader("$")).toBe(100);
  });

  test("small bin payloads share an ArrayBuffer, never each other's bytes or the input's; large ones get their own", () => {
    const input = concat("c403010203", "c40104", "c402", "0506", "c5", be(5000, 2), new Uint8Array(5000).fill(7));
    const r = new Reader(input);
    const [a, b, c, big] = [readBytes(r), readBytes(r), readBytes(r), readBytes(r)];
    input.fill(0xee);
    a.fill(0xaa);
    expect([hex(a), hex(b), hex(c)]).toEqual(["aaaaaa", "04", "0506"]);
    expect(a.buffer).toBe(b.buffer);
    expect(big.buffer.byteLength).toBe(5000);
    expect(big.every((x) => x === 7)).toBe(true);
  });

  test("every encoding of every suite binary/array/map/nested/ext/nil/bool value decodes with readDynamic()", () => {
    for (const key of [
      "10.nil.yaml",
      "11.bool.yaml",
      "12.binary.yaml",
      "40.array.yaml",
      "41.map.yaml",
      "42.nested.yaml",
      "60.ext.yaml",
    ]) {
      for (const entry of SUITE[key]!) {
        for (const form of entry.msgpack) {
          const r = new Reader(fromHex(form));
          expect([form, readDynamic(r, undefined, 0)]).toEqual([form, suiteValue(entry)]);
          r.done(undefined);
        }
      }
    }
  });

  test.each([
    [0, "c400"],
    [255, "c4ff"],
    [256, "c50100"],
    [65535, "c5ffff"],
    [65536, "c600010000"],
  ])("bin of %p bytes with header %s; the result is a copy", (length, header) => {
    const input = concat(header, new Uint8Array(length).fill(5));
    const out = readBytes(new Reader(input));
    expect(out.length).toBe(length);
    expect(out.every((b) => b === 5)).toBe(true);
    if (length > 0) {
      input[input.length - 1] = 6;
      expect(out[length - 1]).toBe(5);
    }
    expect(readArrayBuffer(new Reader(input)).byteLength).toBe(length);
  });

  test.each([
    [15, "9f", "8f"],
    [16, "dc0010", "de0010"],
    [65535, "dcffff", "deffff"],
    [65536, "dd00010000", "df00010000"],
  ])("%p entries: array header %s, map header %s", (n, arrayHeader, mapHeader) => {
    const array = new Reader(concat(arrayHeader, new Uint8Array(n).fill(0xc0)));
    expect(array.arrayHeader()).toBe(n);
    const map = new Reader(concat(mapHeader, new Uint8Array(2 * n).fill(0x01)));
    expect(map.mapHeader()).toBe(n);
    const decoded = readDynamic(
      new Reader(concat(arrayHeader, new Uint8Array(n).fill(0x07))),
      undefined,
      0,
    ) as number[];
    expect(decoded.length).toBe(n);
    expect(decoded.every((x) => x === 7)).toBe(true);
  });
});

describe("timestamps", () => {
  test("every suite timestamp (32, 64 and 96-bit forms, negative seconds with nanoseconds) decodes to its millisecond", () => {
    for (const entry of SUITE["50.timestamp.yaml"]!) {
      const [form] = entry.msgpack;
      const expected = (suiteValue(entry) as Date).getTime();
      expect([form, readDate(new Reader(fromHex(form!))).getTime()]).toEqual([form, expected]);
      expect([form, (readDynamic(new Reader(fromHex(form!)), undefined, 0) as Date).getTime()]).toEqual([
        form,
        expected,
      ]);
    }
  });

  test("negative seconds with nanoseconds truncate toward zero, as @msgpack/msgpack does", () => {
    // sec -2, nsec 500_000_001 is -1.499999999 s: the Date holds -1499 ms.
    expect(readDate(new Reader(fromHex("c70cff" + be(500_000_001, 4) + "fffffffffffffffe"))).getTime()).toBe(-1499);
    expect(readDate(new Reader(fromHex("c70cff" + be(999_999_999, 4) + "ffffffffffffffff"))).getTime()).toBe(0);
    expect(readDate(new Reader(fromHex("c70cff" + be(500_000_000, 4) + "fffffffffffffffe"))).getTime()).toBe(-1500);
  });

  test.each([
    [
      "ts64 with nsec 1000000000",
      "d7ff" + be(1_000_000_000 * 4, 4) + "00000000",
      "timestamp nanoseconds 1000000000 exceed 999999999",
    ],
    [
      "ts64 with the largest 30-bit nsec",
      "d7ff" + be(0x3fffffff * 4, 4) + "00000000",
      "timestamp nanoseconds 1073741823 exceed 999999999",
    ],
    [
      "ts96 with nsec 1000000000",
      "c70cff" + be(1_000_000_000, 4) + "0000000000000000",
      "timestamp nanoseconds 1000000000 exceed 999999999",
    ],
    [
      "ts96 with nsec 0xffffffff and negative seconds",
      "c70cffffffffff" + "ffffffffffffffff",
      "timestamp nanoseconds 4294967295 exceed 999999999",
    ],
  ])("%s is malformed", (_, form, reason) => {
    const error = expectCode(() => readDate(new Reader(fromHex(form)), "$.at"), "malformed");
    expect(error.message).toBe(`$.at: ${reason} at byte 0`);
  });

  test("the largest valid nanoseconds are accepted", () => {
    expect(readDate(new Reader(fromHex("d7ff" + be(999_999_999 * 4, 4) + "00000000"))).getTime()).toBe(999);
  });

  test("a timestamp of the wrong length is malformed; another ext type is a type mismatch", () => {
    expect(expectCode(() => readDate(new Reader(fromHex("c705ff0000000000"))), "malformed").message).toBe(
      "timestamp ext must be 4, 8 or 12 bytes long, not 5 at byte 0",
    );
    expect(expectCode(() => readDate(new Reader(fromHex("d4ff00"))), "malformed").message).toBe(
      "timestamp ext must be 4, 8 or 12 bytes long, not 1 at byte 0",
    );
    expect(expectCode(() => readDate(new Reader(fromHex("d60100000000"))), "type-mismatch").message).toBe(
      "expected timestamp ext (type -1), got ext type 1 at byte 0",
    );
    expect(expectCode(() => readDate(new Reader(fromHex("a0"))), "type-mismatch").message).toBe(
      "expected timestamp ext, got str (0xa0) at byte 0",
    );
  });

  test("seconds beyond the range of a Date are out-of-range", () => {
    expectCode(() => readDate(new Reader(fromHex("c70cff00000000" + be(8.64e12 + 1, 8)))), "out-of-range");
    expectCode(() => readDate(new Reader(fromHex("c70cff000000007fffffffffffffff"))), "out-of-range");
    expect(readDate(new Reader(fromHex("c70cff00000000" + be(8.64e12, 8)))).getTime()).toBe(8.64e15);
  });
});

describe("truncation: every proper prefix of a valid message is 'incomplete'", () => {
  const everyPrefix = (message: Uint8Array, read: (bytes: Uint8Array) => unknown): string[] => {
    const wrong: string[] = [];
    for (let n = 0; n < message.length; n++) {
      const result = outcome(() => read(message.subarray(0, n)));
      if (result !== "incomplete") wrong.push(`${hex(message)} cut to ${n} bytes: ${result}`);
    }
    return wrong;
  };

  test("readDynamic() on every encoding in msgpack-test-suite", () => {
    const wrong = ALL_SUITE_MESSAGES.flatMap((form) =>
      everyPrefix(fromHex(form), (b) => readDynamic(new Reader(b), undefined, 0)),
    );
    expect(wrong).toEqual([]);
  });

  test("typed Reader methods on messages of their own format", () => {
    const typed: [string, (r: Reader) => unknown][] = [
      ["cd0100", (r) => r.number()],
      ["ceffffffff", (r) => r.number()],
      ["cf0000000100000000", (r) => readBigint(r)],
      ["d3ffffffffffffffff", (r) => readBigint(r)],
      ["ca3fc00000", (r) => r.number()],
      ["cb3ff8000000000000", (r) => r.number()],
      ["a3616263", (r) => readString(r)],
      ["d903616263", (r) => readString(r)],
      ["da0003616263", (r) => readString(r)],
      ["db00000003616263", (r) => readString(r)],
      ["c403010203", (r) => readBytes(r)],
      ["c600000001ff", (r) => readBytes(r)],
      ["d6ff5a4af6a5", (r) => readDate(r)],
      ["d7ffa1dcd7c85a4af6a5", (r) => readDate(r)],
      ["c70cff3b9ac9ffffffffffffffffff", (r) => readDate(r)],
      ["dc0002c0c0", (r) => r.arrayHeader()],
      ["de0001c0c0", (r) => r.mapHeader()],
      ["c3", (r) => r.bool()],
      ["c0", (r) => r.nil()],
    ];
    const wrong = typed.flatMap(([form, read]) => everyPrefix(fromHex(form), (b) => read(new Reader(b))));
    expect(wrong).toEqual([]);
  });

  test("skip() on every encoding in msgpack-test-suite", () => {
    const wrong = ALL_SUITE_MESSAGES.flatMap((form) =>
      everyPrefix(fromHex(form), (b) => {
        const r = new Reader(b);
        skip(r);
        r.done(undefined);
      }),
    );
    expect(wrong).toEqual([]);
  });

  test("a compiled codec for a type with every kind of part", () => {
    const { OrderCodec } = codecs();
    const message: Uint8Array = OrderCodec.encode(sampleOrder);
    expect(OrderCodec.decode(message)).toEqual(sampleOrder);
    expect(everyPrefix(message, (b) => OrderCodec.decode(b))).toEqual([]);
  });

  test("compiled codecs for a tagged union, unknown values and a string", () => {
    const { ShapeCodec, Any, Str } = codecs();
    const shape = ShapeCodec.encode({ kind: "square", side: 3 });
    expect(everyPrefix(shape, (b) => ShapeCodec.decode(b))).toEqual([]);
    const any = Any.encode({ list: [1, "two", null, true, 1.5], at: new Date(5), bin: new Uint8Array([1]) });
    expect(everyPrefix(any, (b) => Any.decode(b))).toEqual([]);
    expect(everyPrefix(Str.encode("é".repeat(100)), (b) => Str.decode(b))).toEqual([]);
  });

  test("the error says how many bytes are missing and where", () => {
    const error = expectCode(() => new Reader(fromHex("cd01")).number("$"), "incomplete");
    expect(error.message).toBe("$: unexpected end of input: 1 more byte(s) needed at byte 0");
    expect(expectCode(() => new Reader(new Uint8Array(0)).nil("$"), "incomplete").message).toBe(
      "$: unexpected end of input: a value was expected at byte 0",
    );
  });
});

describe("length headers that claim more than remains fail before allocating", () => {
  let spies: jest.SpyInstance[] = [];
  beforeEach(() => {
    spies = [
      jest.spyOn(utf8, "decodeUtf8"),
      jest.spyOn(TextDecoder.prototype, "decode"),
      jest.spyOn(Uint8Array.prototype, "slice"),
    ];
  });
  afterEach(() => spies.forEach((s) => s.mockRestore()));
  const nothingAllocated = () => spies.forEach((s) => expect(s).not.toHaveBeenCalled());

  // 1,000,000 is within the default limits, so these fail because the bytes are not there.
  test.each<[string, string, (r: Reader) => unknown, string]>([
    ["str 8", "d9ff6162", (r) => readString(r, "$"), "$: unexpected end of input: 253 more byte(s) needed at byte 2"],
    [
      "str 16",
      "daffff6162",
      (r) => readString(r, "$"),
      "$: unexpected end of input: 65533 more byte(s) needed at byte 3",
    ],
    [
      "str 32",
      "db000f42406162",
      (r) => readString(r, "$"),
      "$: unexpected end of input: 999998 more byte(s) needed at byte 5",
    ],
    ["bin 8", "c4ff01", (r) => readBytes(r, "$"), "$: unexpected end of input: 254 more byte(s) needed at byte 2"],
    [
      "bin 32",
      "c6000f424001",
      (r) => readBytes(r, "$"),
      "$: unexpected end of input: 999999 more byte(s) needed at byte 5",
    ],
    [
      "ext 32",
      "c9000f42400100",
      (r) => readDynamic(r, "$", 0),
      "$: unexpected end of input: 999999 more byte(s) needed at byte 0",
    ],
    [
      "array 32",
      "dd000f4240c0",
      (r) => readDynamic(r, "$", 0),
      "$: array claims 1000000 elements but only 1 bytes remain at byte 5",
    ],
    [
      "map 32",
      "df000f4240c0c0",
      (r) => readDynamic(r, "$", 0),
      "$: map claims 1000000 entries but only 2 bytes remain at byte 5",
    ],
    [
      "str 32 skipped",
      "db000f42406162",
      (r) => skip(r, "$"),
      "$: unexpected end of input: 999998 more byte(s) needed at byte 5",
    ],
  ])("%s claiming more than remains: incomplete", (_, form, read, message) => {
    const error = expectCode(() => read(new Reader(fromHex(form))), "incomplete");
    expect(error.message).toBe(message);
    nothingAllocated();
  });

  // 0xffffffff is beyond the default decode limits, which are checked first.
  test.each<[string, string, (r: Reader) => unknown]>([
    ["str 32", "dbffffffff6162", (r) => readString(r, "$")],
    ["bin 32", "c6ffffffff01", (r) => readBytes(r, "$")],
    ["ext 32", "c9ffffffff0100", (r) => readDynamic(r, "$", 0)],
    ["array 32", "ddffffffffc0", (r) => readDynamic(r, "$", 0)],
    ["map 32", "dfffffffffc0c0", (r) => readDynamic(r, "$", 0)],
    ["str 32 skipped", "dbffffffff6162", (r) => skip(r, "$")],
  ])("%s claiming 4294967295: out-of-range", (_, form, read) => {
    const error = expectCode(() => read(new Reader(fromHex(form))), "out-of-range");
    expect(error.message).toMatch(
      /^\$: an? (str|bin|ext payload|array|map) of 4294967295 exceeds the limit of \d+ \(raise the max\w+Length decode option if it is expected\) at byte \d$/,
    );
    nothingAllocated();
  });

  test("the limits are decode options", () => {
    const error = expectCode(
      () => readString(new Reader(fromHex("a26162"), { maxStringLength: 1 }), "$"),
      "out-of-range",
    );
    expect(error.message).toBe(
      "$: a str of 2 exceeds the limit of 1 (raise the maxStringLength decode option if it is expected) at byte 0",
    );
    nothingAllocated();
    expect(readString(new Reader(fromHex("a26162"), { maxStringLength: 2 }))).toBe("ab");
  });

  test("through compiled codecs: a string property, a bin, an array of strings", () => {
    const { Point, Str, Bytes, Strings, Named } = codecs();
    expect(outcome(() => Str.decode(fromHex("db000f42406162")))).toBe("incomplete");
    expect(outcome(() => Named.decode(concat("81a46e616d65", "db000f4240", "6162")))).toBe("incomplete");
    expect(outcome(() => Bytes.decode(fromHex("c6000f424001")))).toBe("incomplete");
    expect(outcome(() => Strings.decode(fromHex("dd000f4240a0")))).toBe("incomplete");
    expect(outcome(() => Point.decode(fromHex("df000f4240a178")))).toBe("incomplete");
    expect(outcome(() => Str.decode(fromHex("dbffffffff6162")))).toBe("out-of-range");
    nothingAllocated();
  });
});

describe("the reserved byte 0xc1 is 'malformed'", () => {
  test("readDynamic() and skip()", () => {
    expect(expectCode(() => readDynamic(new Reader(fromHex("c1")), "$", 0), "malformed").message).toBe(
      "$: 0xc1 is reserved and never used in MessagePack at byte 0",
    );
    expectCode(() => skip(new Reader(fromHex("92c0c1")), "$"), "malformed");
    expectCode(() => readDynamic(new Reader(fromHex("81a161c1")), "$", 0), "malformed");
  });

  test("every typed read (0xc1 is not valid MessagePack, whatever type was expected)", () => {
    const methods: Record<string, (r: Reader) => unknown> = {
      nil: (r) => r.nil(),
      bool: (r) => r.bool(),
      number: (r) => r.number(),
      readBigint: (r) => readBigint(r),
      string: (r) => readString(r),
      readBytes: (r) => readBytes(r),
      readDate: (r) => readDate(r),
      arrayHeader: (r) => r.arrayHeader(),
      mapHeader: (r) => r.mapHeader(),
      key: (r) => readKey(r, [], 0),
      readDynamic: (r) => readDynamic(r, undefined, 0),
      skip: (r) => skip(r),
    };
    const codes = Object.fromEntries(
      Object.entries(methods).map(([name, read]) => [name, outcome(() => read(new Reader(fromHex("c1"))))]),
    );
    expect(codes).toEqual(Object.fromEntries(Object.keys(methods).map((name) => [name, "malformed"])));
  });

  test("through compiled codecs, at the root and nested", () => {
    const c = codecs();
    const results = {
      number: outcome(() => c.Num.decode(fromHex("c1"))),
      string: outcome(() => c.Str.decode(fromHex("c1"))),
      object: outcome(() => c.Point.decode(fromHex("c1"))),
      union: outcome(() => c.ShapeCodec.decode(fromHex("c1"))),
      unknown: outcome(() => c.Any.decode(fromHex("c1"))),
      arrayElement: outcome(() => c.Nums.decode(fromHex("9201c1"))),
      propertyValue: outcome(() => c.Point.decode(fromHex("81a178c1"))),
      unknownPropertyValue: outcome(() => c.Point.decode(fromHex("82a17801a179c1"))),
    };
    expect(results).toEqual(Object.fromEntries(Object.keys(results).map((k) => [k, "malformed"])));
  });
});

describe("invalid UTF-8 is 'malformed'", () => {
  const INVALID: [string, string][] = [
    ["overlong NUL", "c080"],
    ["C1 lead byte", "c1bf"],
    ["overlong 3-byte", "e08080"],
    ["UTF-16 surrogate", "eda080"],
    ["overlong 4-byte", "f0808080"],
    ["beyond U+10FFFF", "f4908080"],
    ["5-byte form", "f888808080"],
    ["FF byte", "ff"],
    ["lone continuation byte", "80"],
    ["truncated 2-byte sequence", "c3"],
    ["truncated 3-byte sequence", "e282"],
    ["truncated 4-byte sequence", "f09f8d"],
    ["bad continuation", "e228a1"],
  ];

  test.each(INVALID)("%s (%s), short and long strings", (_, bad) => {
    const payload = fromHex(bad);
    const short = concat("c0", [0xa0 | (payload.length + 1)], "61", payload);
    let error = expectCode(() => {
      const r = new Reader(short);
      r.nil();
      return readString(r, "$[1]");
    }, "malformed");
    expect(error.message).toBe("$[1]: str is not valid UTF-8 at byte 1");
    const long = concat(Buffer.from("b".repeat(80)), payload, Buffer.from("c"));
    error = expectCode(() => readString(new Reader(concat([0xd9, long.length], long)), "$"), "malformed");
    expect(error.message).toBe("$: str is not valid UTF-8 at byte 0");
    // Mostly multi-byte text of 83-85 bytes: the JS loop on Node 20 and 22, TextDecoder on Node 24.
    const cyrillic = concat(Buffer.from("жизнь".repeat(8)), payload, Buffer.from("ж"));
    error = expectCode(() => readString(new Reader(concat([0xd9, cyrillic.length], cyrillic)), "$"), "malformed");
    expect(error.message).toBe("$: str is not valid UTF-8 at byte 0");
  });

  test("through compiled codecs: string values, Record keys, Map keys, index-signature keys, unknown values", () => {
    const c = codecs();
    const bad = "a2c328"; // fixstr of 2 bytes: C3 followed by a non-continuation byte
    const results = {
      string: outcome(() => c.Str.decode(fromHex(bad))),
      stringArrayElement: outcome(() => c.Strings.decode(concat("92a0", bad))),
      property: outcome(() => c.Named.decode(concat("81a46e616d65", bad))),
      recordKey: outcome(() => c.Dict.decode(concat("81", bad, "01"))),
      mapKey: outcome(() => c.Keyed.decode(concat("81", bad, "01"))),
      indexSignatureKey: outcome(() => c.EnvCodec.decode(concat("82a46e616d65a0", bad, "a0"))),
      unknown: outcome(() => c.Any.decode(concat("91", bad))),
    };
    expect(results).toEqual(Object.fromEntries(Object.keys(results).map((k) => [k, "malformed"])));
  });
});

describe("skip(): an ignored value is passed over exactly", () => {
  test("after skipping any one value, the reader stands at the next one", () => {
    const wrong: string[] = [];
    for (const form of ALL_SUITE_MESSAGES) {
      const r = new Reader(concat(form, "c3"));
      const result = outcome(() => skip(r));
      if (result !== "ok" || r.pos !== fromHex(form).length)
        wrong.push(`${form}: ${result}, pos ${r.pos} instead of ${fromHex(form).length}`);
    }
    expect(wrong).toEqual([]);
  });

  test("an int 64 beyond the safe range is skipped, not rejected (it is not being read as a number)", () => {
    for (const form of ["cfffffffffffffffff", "d38000000000000000"]) {
      const r = new Reader(fromHex(form));
      expect(outcome(() => skip(r))).toBe("ok");
      expect(r.pos).toBe(9);
    }
  });

  test("compiled object codec: unknown properties of every kind are skipped", () => {
    const { Point } = codecs();
    const extras: Record<string, unknown> = {
      str: "hello",
      longStr: "z".repeat(300),
      bin: new Uint8Array([1, 2, 3]),
      list: ["a", "b"],
      nested: { s: "t" },
      ext: new Date(1),
      num: 1.5,
      neg: -5,
      nil: null,
    };
    const results: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(extras)) {
      for (const [order, object] of [
        ["before", { [name]: value, x: 1 }],
        ["after", { x: 1, [name]: value }],
      ] as const) {
        results[`${name} ${order}`] = outcome(() => expect(Point.decode(referenceEncode(object))).toEqual({ x: 1 }));
      }
    }
    expect(results).toEqual(Object.fromEntries(Object.keys(results).map((k) => [k, "ok"])));
  });

  test("compiled object codec: an unknown property holding a uint 64 beyond 2^53 is skipped", () => {
    const { Point } = codecs();
    const message = referenceEncode({ x: 1, id: BigInt("18446744073709551615") }, { useBigInt64: true });
    expect(outcome(() => Point.decode(message))).toBe("ok");
  });

  test("compiled discriminated union: the tag may follow other properties (as its own encoder writes it)", () => {
    const { LabeledCodec } = codecs();
    const value = { label: "unit", kind: "circle", r: 1 };
    const message = LabeledCodec.encode(value);
    expect(hex(message.subarray(0, 6))).toBe("83a56c616265"); // label comes first on the wire
    expect(outcome(() => expect(LabeledCodec.decode(message)).toEqual(value))).toBe("ok");
  });
});

describe("other decode errors", () => {
  test("bytes after the value are 'trailing-bytes'", () => {
    const error = expectCode(() => codecs().Num.decode(fromHex("01c0")), "trailing-bytes");
    expect(error.message).toBe("$: 1 unexpected byte(s) after the value at byte 1");
  });

  test("missing and duplicate properties", () => {
    const { Point } = codecs();
    const missing = expectCode(() => Point.decode(fromHex("80")), "missing-property");
    expect(missing.message).toBe(`$: required property "x" is missing at byte 1`);
    const duplicate = expectCode(() => Point.decode(fromHex("82a17801a17802")), "duplicate-key");
    expect(duplicate.message).toBe(`$: key "x" appears twice in the map at byte 4`); // the second key's header
  });

  test("errors of compiled codecs name the path and the byte offset", () => {
    const { OrderCodec } = codecs();
    const message = OrderCodec.encode(sampleOrder);
    const bytes = referenceEncode(
      { ...(referenceDecodeLoose(message) as object), items: [{ sku: "a", qty: "many" }] },
      { useBigInt64: true },
    );
    const error = expectCode(() => OrderCodec.decode(bytes), "type-mismatch");
    expect(error.path).toBe("$.items[0].qty");
    expect(bytes[error.offset]).toBe(0xa4); // the fixstr "many"
  });

  test("input may be a Uint8Array, an ArrayBuffer or any ArrayBufferView (offset respected)", () => {
    const backing = fromHex("ffffcd0100ff");
    expect(new Reader(backing.subarray(2, 5)).number()).toBe(256);
    expect(new Reader(backing.slice(2, 5).buffer).number()).toBe(256);
    expect(new Reader(new DataView(backing.buffer, 2, 3)).number()).toBe(256);
    expect(new Reader(new Int8Array(backing.buffer, 2, 3)).number()).toBe(256);
    const error = expectCode(() => new Reader("cd0100" as unknown as Uint8Array), "type-mismatch");
    expect(error.message).toBe("$: decode expects a Uint8Array, ArrayBuffer or ArrayBufferView, got string");
  });

  test("nesting deeper than maxDepth is 'too-deep' for unknown values and skipped ones alike, and skip() does not recurse", () => {
    const deep = concat(new Uint8Array(2000).fill(0x91), "c0");
    expectCode(() => readDynamic(new Reader(deep), "$", 0), "too-deep");
    expect(readDynamic(new Reader(deep, { maxDepth: 5000 }), undefined, 0)).toBeDefined();
    // skip() counts as readDynamic does: the value at depth d, each container one deeper.
    for (const d of [0, 990]) {
      const dynamic = codecError(() => readDynamic(new Reader(deep), "$", d));
      const skipped = codecError(() => skip(new Reader(deep), "$", d));
      expect([skipped.code, skipped.offset, skipped.path]).toEqual(["too-deep", 1001 - d, "$"]);
      expect(skipped.offset).toBe(dynamic.offset);
    }
    expect(codecError(() => skip(new Reader(deep), "$", 1001)).offset).toBe(0);
    const hostile = concat(new Uint8Array(1_000_000).fill(0x91), "c0");
    const r = new Reader(hostile, { maxDepth: 2_000_000 });
    skip(r);
    expect(r.pos).toBe(hostile.length);
    // A lookahead counts no depth (the value is read by its type later) and does not recurse either.
    const ahead = new Reader(hostile);
    skipAhead(ahead);
    expect(ahead.pos).toBe(hostile.length);
  });
});

// ---------------------------------------------------------------------------------------------

let compiled: Record<string, any> | undefined;
function codecs(): Record<string, any> {
  compiled ??= load(
    "rd_codecs",
    [
      `import { codecFor } from "typed-msgpack";`,
      `export const Num = codecFor<number>();`,
      `export const Str = codecFor<string>();`,
      `export const Bytes = codecFor<Uint8Array>();`,
      `export const Any = codecFor<unknown>();`,
      `export const Strings = codecFor<string[]>();`,
      `export const Nums = codecFor<number[]>();`,
      `export const Dict = codecFor<Record<string, number>>();`,
      `export const Keyed = codecFor<Map<string, number>>();`,
      `export const Point = codecFor<{ x: number }>();`,
      `export const Named = codecFor<{ name: string }>();`,
      `export interface Env { name: string; [k: string]: string }`,
      `export const EnvCodec = codecFor<Env>();`,
      `export interface Item { sku: string; qty: number }`,
      `export interface Order {`,
      `  id: number; customer: string; note?: string; placedAt: Date; items: Item[]; tags: Set<string>;`,
      `  prices: Map<string, number>; meta: Record<string, string>; span: [number, string?]; status: "open" | "closed";`,
      `  ref: string | number | null; blob: Uint8Array; total: bigint; extra: unknown;`,
      `}`,
      `export const OrderCodec = codecFor<Order>();`,
      `export type Shape = { kind: "circle"; r: number } | { kind: "square"; side: number };`,
      `export const ShapeCodec = codecFor<Shape>();`,
      `export type Labeled = { label: string; kind: "circle"; r: number } | { label: string; kind: "square"; side: number };`,
      `export const LabeledCodec = codecFor<Labeled>();`,
      ``,
    ].join("\n"),
  );
  return compiled!;
}

const sampleOrder = {
  id: 70000,
  customer: "Ada Lovelace",
  note: "leave at the door — thanks ✓",
  placedAt: new Date(1514862245678),
  items: [
    { sku: "A-1", qty: 2 },
    { sku: "B-22", qty: 300 },
  ],
  tags: new Set(["gift", "express"]),
  prices: new Map([
    ["A-1", 9.5],
    ["B-22", -1],
  ]),
  meta: { channel: "web", "utm-source": "mail" },
  span: [1, "one"],
  status: "open",
  ref: null,
  blob: new Uint8Array([0, 1, 254, 255]),
  total: BigInt("12345678901234567"),
  extra: { nested: [1, "x", true] },
};

/** Decodes with @msgpack/msgpack into plain data, for building variants of a message. */
function referenceDecodeLoose(bytes: Uint8Array): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { decode } = require("@msgpack/msgpack") as typeof import("@msgpack/msgpack");
  return decode(bytes, { useBigInt64: true });
}

test("the sample order round-trips (sanity check of the fixtures above)", () => {
  const { OrderCodec } = codecs();
  expect(OrderCodec.decode(OrderCodec.encode(sampleOrder))).toEqual(sampleOrder);
  const w = new Writer();
  w.number(1);
  expect(codecError(() => OrderCodec.decode(w.finish())).code).toBe("type-mismatch");
});
