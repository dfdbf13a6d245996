/**
 * Hand-made hostile inputs, one rule of "decode never lies, never hangs, never pollutes" per block.
 * Each asserts the error class, code, path and offset (and that the message names both).
 */
import { load } from "../helpers/compile";
import { CodecError, type Codec } from "../../runtime/index";
import { HOSTILE_SOURCE } from "./fixture";
import {
  arr,
  bestTime,
  cat,
  decodeError,
  expectCodecError,
  expectPrototypesClean,
  fromHex,
  hex,
  map,
  rawStr,
  str,
  uint,
  withHardTimeout,
} from "./lib";

const H = load<Record<string, Codec<any>>>("hostile_decode", HOSTILE_SOURCE);

/** A well-formed Order: {id: 7, items: [{sku: "ab", price: 1.5}], placedAt: <ts32 1>, note: "hi"}. */
const ORDER = cat(
  map(4),
  str("id"),
  uint(7),
  str("items"),
  arr(1),
  map(2),
  str("sku"),
  str("ab"),
  str("price"),
  "cb3ff8000000000000",
  str("placedAt"),
  "d6ff00000001",
  str("note"),
  str("hi"),
);

describe("a declared length larger than what remains fails before anything is allocated", () => {
  // [codec, label, bytes, code, offset]
  const cases: [string, string, string, "incomplete" | "out-of-range", number][] = [
    ["StringC", "6-byte str 32 claiming 4 GiB", "db ffffffff 61", "out-of-range", 0],
    ["BytesC", "bin 32 claiming 4 GiB", "c6 ffffffff 00", "out-of-range", 0],
    ["UnknownC", "ext 32 claiming 4 GiB", "c9 ffffffff 01", "out-of-range", 0],
    ["StringsC", "array 32 claiming 2^32-1 elements", "dd ffffffff", "out-of-range", 0],
    ["RecordC", "map 32 claiming 2^32-1 entries", "df ffffffff", "out-of-range", 0],
    ["UnknownC", "str 32 claiming 4 GiB inside unknown", "db ffffffff 61", "out-of-range", 0],
  ];
  test.each(cases)("%s: %s → %s, in microseconds", (codec, _label, h, code) => {
    const bytes = fromHex(h);
    const e = decodeError(() => H[codec]!.decode(bytes));
    expect({ code: e.code, path: e.path }).toEqual({ code, path: "$" });
    expect(e.offset).toBeLessThanOrEqual(6); // at the header (see the next test for which byte)
    expect(e.message).toContain(`at byte ${e.offset}`);
    expect(e.message).toMatch(/exceeds the limit of \d+ \(raise the max\w+ decode option/);
    expect(bestTime(() => H[codec]!.decode(bytes))).toBeLessThan(5);
  });

  test.each(cases)(
    "%s: %s → the offset is the header that declares the length (as for ext)",
    (codec, _label, h, code, offset) => {
      expectCodecError(() => H[codec]!.decode(fromHex(h)), { code, path: "$", offset });
    },
  );

  // Under the limits but beyond the input: "incomplete", at the first byte that is missing.
  const short: [string, string, string, number][] = [
    ["StringC", "str 8 claiming 16 bytes, 3 present", "d9 10 616263", 2],
    ["StringC", "str 16 claiming 16 bytes", "da 0010 616263", 3],
    ["StringC", "str 32 claiming 1000 bytes", "db 000003e8 616263", 5],
    ["BytesC", "bin 8 claiming 16 bytes", "c4 10 ff", 2],
    ["StringsC", "array 16 claiming 1000 elements", "dc 03e8 a0a0", 3],
    ["StringsC", "array 32 claiming 16 Mi elements (the default maximum)", "dd 01000000", 5],
    ["RecordC", "map 16 claiming 1000 entries", "de 03e8 a0c0", 3],
    ["UnknownC", "ext 8 claiming 16 bytes", "c7 10 01 0102", 0],
  ];
  test.each(short)("%s: %s → incomplete", (codec, _label, h, offset) => {
    expectCodecError(() => H[codec]!.decode(fromHex(h)), { code: "incomplete", path: "$", offset });
  });

  test("deep inside a value, the path names the field and the time stays flat", () => {
    const bytes = cat(map(3), str("id"), uint(1), str("items"), arr(1), map(2), str("sku"), "db ffffffff 61");
    const e = decodeError(() => H.OrderC!.decode(bytes));
    expect({ code: e.code, path: e.path }).toEqual({ code: "out-of-range", path: "$.items[0].sku" });
    expect([17, 22]).toContain(e.offset); // the header, or just past it (see above)
    expect(bestTime(() => H.OrderC!.decode(bytes))).toBeLessThan(5);
  });
});

describe("length limits (DecodeOptions)", () => {
  test("maxStringLength / maxBinaryLength / maxArrayLength / maxMapLength are checked at the header", () => {
    const cases: [() => unknown, RegExp][] = [
      [() => H.StringC!.decode(fromHex(str("abcd")), { maxStringLength: 3 }), /maxStringLength/],
      [() => H.BytesC!.decode(fromHex("c4 04 01020304"), { maxBinaryLength: 3 }), /maxBinaryLength/],
      [() => H.UnknownC!.decode(fromHex("d6 01 01020304"), { maxBinaryLength: 3 }), /maxBinaryLength/],
      [() => H.StringsC!.decode(fromHex(arr(4) + "a0a0a0a0"), { maxArrayLength: 3 }), /maxArrayLength/],
      [
        () => H.RecordC!.decode(fromHex(map(2) + str("a") + "01" + str("b") + "02"), { maxMapLength: 1 }),
        /maxMapLength/,
      ],
    ];
    for (const [run, option] of cases) {
      const e = decodeError(run);
      expect({ code: e.code, path: e.path }).toEqual({ code: "out-of-range", path: "$" });
      expect(e.offset).toBeLessThanOrEqual(2);
      expect(e.message).toMatch(option);
    }
    expect(H.StringC!.decode(fromHex(str("abc")), { maxStringLength: 3 })).toBe("abc");
  });

  test("the defaults: 16 Mi elements is allowed (then incomplete), 16 Mi + 1 is out of range", () => {
    expect(decodeError(() => H.StringsC!.decode(fromHex("dd 01000000"))).code).toBe("incomplete");
    expect(decodeError(() => H.StringsC!.decode(fromHex("dd 01000001"))).code).toBe("out-of-range");
    expect(decodeError(() => H.RecordC!.decode(fromHex("df 01000000"))).code).toBe("incomplete");
    expect(decodeError(() => H.RecordC!.decode(fromHex("df 01000001"))).code).toBe("out-of-range");
    expect(decodeError(() => H.StringC!.decode(fromHex("db 04000000"))).code).toBe("incomplete"); // 64 MiB
    expect(decodeError(() => H.StringC!.decode(fromHex("db 04000001"))).code).toBe("out-of-range");
    expect(decodeError(() => H.BytesC!.decode(fromHex("c6 10000000"))).code).toBe("incomplete"); // 256 MiB
    expect(decodeError(() => H.BytesC!.decode(fromHex("c6 10000001"))).code).toBe("out-of-range");
  });

  test("a misspelt option is a TypeError (a programming error, not an input error)", () => {
    expect(() => H.StringC!.decode(fromHex("a0"), { maxStringLenght: 3 } as never)).toThrow(TypeError);
  });

  test("an option named like an Object.prototype member is unknown too", () => {
    expect(() => H.StringC!.decode(fromHex("a0"), { toString: 5 } as never)).toThrow(TypeError);
    expect(() => H.StringC!.decode(fromHex("a0"), JSON.parse('{"__proto__": 5}'))).toThrow(TypeError);
  });
});

describe("nesting depth: recursive types and unknown values end in too-deep, never a stack overflow", () => {
  const deepArrays = (n: number) => cat(new Uint8Array(n).fill(0x91), "c0");

  test("100k nested arrays into unknown: too-deep at the 1001st level, fast", () => {
    const bytes = deepArrays(100_000);
    const e = expectCodecError(() => H.UnknownC!.decode(bytes), {
      code: "too-deep",
      path: "$" + "[0]".repeat(1001),
      offset: 1001,
    });
    expect(e.message).toContain("maxDepth");
    expect(bestTime(() => H.UnknownC!.decode(bytes))).toBeLessThan(100);
  });

  test("100k nested maps into unknown and into Record<string, unknown>", () => {
    const bytes = cat(fromHex((map(1) + str("k")).repeat(100_000)), "c0");
    expectCodecError(() => H.UnknownC!.decode(bytes), {
      code: "too-deep",
      path: "$" + ".k".repeat(1001),
      offset: 3 * 1001,
    });
    // A Record level is not a recursive type: only the unknown values below it count.
    expectCodecError(() => H.RecordC!.decode(bytes), {
      code: "too-deep",
      path: "$" + ".k".repeat(1002),
      offset: 3 * 1002,
    });
  });

  test("recursive alias (Json), recursive interface (TreeNode), tagged union (Expr), untagged union (Chain)", () => {
    expect(decodeError(() => H.JsonC!.decode(deepArrays(100_000))).code).toBe("too-deep");
    const tree = cat(fromHex((map(2) + str("value") + "01" + str("children") + arr(1)).repeat(100_000)));
    expect(decodeError(() => H.TreeC!.decode(tree)).code).toBe("too-deep");
    const expr = cat(fromHex((map(2) + str("op") + str("neg") + str("arg")).repeat(100_000)));
    expect(decodeError(() => H.ExprC!.decode(expr)).code).toBe("too-deep");
    const chain = cat(fromHex((map(1) + str("next")).repeat(100_000)), "c0");
    expect(withHardTimeout(() => decodeError(() => H.ChainC!.decode(chain)).code, 2000)).toBe("too-deep");
  });

  test("maxDepth counts nesting levels alike for every recursive shape (900 levels fit under the default 1000)", () => {
    const levels = 900;
    const tree = fromHex(
      (map(2) + str("value") + "01" + str("children") + arr(1)).repeat(levels) +
        map(2) +
        str("value") +
        "01" +
        str("children") +
        arr(0),
    );
    expect(H.TreeC!.decode(tree)).toBeDefined();
    expect(H.JsonC!.decode(deepArrays(levels))).toBeDefined();
    // A recursive discriminated union: each level is a union alias and an object type.
    const expr = fromHex(
      (map(2) + str("op") + str("neg") + str("arg")).repeat(levels) +
        map(2) +
        str("op") +
        str("lit") +
        str("value") +
        "01",
    );
    expect(H.ExprC!.decode(expr)).toBeDefined();
  });

  test("a value decode accepts at the depth limit encodes again (bin leaf under 1001 arrays)", () => {
    const bytes = cat(new Uint8Array(1001).fill(0x91), "c400");
    const value = H.UnknownC!.decode(bytes);
    expect(hex(H.UnknownC!.encode(value))).toBe(hex(bytes));
  });

  test("maxDepth is honoured: 10 levels allowed, the 11th fails", () => {
    expect(H.UnknownC!.decode(deepArrays(10), { maxDepth: 10 })).toBeDefined();
    expectCodecError(() => H.UnknownC!.decode(deepArrays(12), { maxDepth: 10 }), {
      code: "too-deep",
      path: "$" + "[0]".repeat(11),
      offset: 11,
    });
  });

  test("a raised maxDepth still ends in a CodecError or a value, never a RangeError (stack overflow)", () => {
    const bytes = deepArrays(100_000);
    for (const codec of ["UnknownC", "JsonC"]) {
      let thrown: unknown;
      try {
        H[codec]!.decode(bytes, { maxDepth: 1_000_000 });
      } catch (e) {
        thrown = e;
      }
      if (thrown !== undefined) expect(thrown).toBeInstanceOf(CodecError);
    }
  });
});

describe("__proto__, constructor and prototype keys never pollute and never change a prototype", () => {
  const PROTO = map(1) + str("__proto__") + map(1) + str("polluted") + "c3";
  const CTOR = map(1) + str("constructor") + map(1) + str("prototype") + map(1) + str("polluted") + "c3";
  afterEach(expectPrototypesClean);

  test.each(["RecordC", "UnknownC"])(
    '%s: {"__proto__": {...}} becomes an own property, as with JSON.parse',
    (codec) => {
      const v = H[codec]!.decode(fromHex(PROTO));
      expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
      expect(Object.prototype.hasOwnProperty.call(v, "__proto__")).toBe(true);
      expect(Object.getOwnPropertyDescriptor(v, "__proto__")!.value).toEqual({ polluted: true });
      expect(v.polluted).toBeUndefined();
      expect(hex(H[codec]!.encode(v))).toBe(hex(fromHex(PROTO))); // and it survives a round trip
      const json = JSON.parse('{"__proto__": {"polluted": true}}');
      expect(Object.keys(v)).toEqual(Object.keys(json));
    },
  );

  test.each(["RecordC", "UnknownC"])("%s: constructor.prototype and prototype keys are plain own data", (codec) => {
    const v = H[codec]!.decode(fromHex(CTOR));
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(["constructor"]);
    expect(v.constructor).toEqual({ prototype: { polluted: true } });
    const w = H[codec]!.decode(fromHex(map(1) + str("prototype") + map(1) + str("polluted") + "c3"));
    expect(Object.keys(w)).toEqual(["prototype"]);
  });

  test("Record<string, number>: __proto__ with a number value is an own property", () => {
    const v = H.RecordNumC!.decode(fromHex(map(2) + str("__proto__") + "01" + str("hasOwnProperty") + "02"));
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v, "__proto__")!.value).toBe(1);
    expect(Object.getOwnPropertyDescriptor(v, "hasOwnProperty")!.value).toBe(2);
  });

  test("object type without index signature: the unknown key is skipped, nothing changes", () => {
    const v = H.PlainC!.decode(fromHex(map(2) + str("a") + "01" + PROTO.slice(2)));
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(v, "__proto__")).toBe(false);
    expect(v).toEqual({ a: 1, b: undefined });
  });

  test("object type with an index signature: an own property beside the declared ones", () => {
    const v = H.WithIndexC!.decode(fromHex(map(2) + str("a") + "01" + PROTO.slice(2)));
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v, "__proto__")!.value).toEqual({ polluted: true });
    expect(v.a).toBe(1);
  });

  test('an object type that declares "__proto__": an own property, the prototype stays', () => {
    const v = H.ProtoNamedC!.decode(fromHex(map(2) + str("id") + "01" + PROTO.slice(2)));
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v, "__proto__")!.value).toEqual({ polluted: true });
  });

  test("nested: Order.items[0] carrying __proto__ and constructor keys", () => {
    const bytes = cat(
      map(3),
      str("id"),
      uint(1),
      str("items"),
      arr(1),
      map(4),
      str("sku"),
      str("a"),
      str("price"),
      "01",
      str("__proto__"),
      map(1),
      str("polluted"),
      "c3",
      str("constructor"),
      map(1),
      str("prototype"),
      "c3",
      str("placedAt"),
      "d6ff00000001",
    );
    const v = H.OrderC!.decode(bytes);
    expect(Object.getPrototypeOf(v.items[0])).toBe(Object.prototype);
    expect(v.items[0]).toEqual({ sku: "a", price: 1 });
  });

  test("Map<string, unknown>: keys are Map keys, never properties", () => {
    const v = H.MapC!.decode(fromHex(PROTO));
    expect(v).toBeInstanceOf(Map);
    expect(v.get("__proto__")).toEqual({ polluted: true });
  });
});

describe("invalid UTF-8 is a CodecError (malformed)", () => {
  const sequences: [string, string][] = [
    ["overlong '/'", "c0af"],
    ["overlong NUL", "e08080"],
    ["UTF-16 surrogate", "eda080"],
    ["above U+10FFFF", "f4908080"],
    ["F5 lead byte", "f5808080"],
    ["lone continuation", "80"],
    ["truncated 3-byte sequence", "e282"],
    ["truncated 4-byte sequence at the end", "f09f98"],
    ["long string (platform decoder) ending badly", "61".repeat(70) + "ff"],
  ];
  test.each(sequences)("string value: %s", (_label, payload) => {
    expectCodecError(() => H.StringC!.decode(fromHex(rawStr(payload))), { code: "malformed", path: "$", offset: 0 });
  });
  test.each(sequences)("Record key: %s", (_label, payload) => {
    expectCodecError(() => H.RecordC!.decode(fromHex(map(1) + rawStr(payload) + "01")), {
      code: "malformed",
      path: "$",
      offset: 1,
    });
  });
  test.each(sequences)("unknown map key: %s", (_label, payload) => {
    expectCodecError(() => H.UnknownC!.decode(fromHex(map(1) + rawStr(payload) + "01")), {
      code: "malformed",
      path: "$",
      offset: 1,
    });
  });
  test("inside an array, the path names the element", () => {
    expectCodecError(() => H.StringsC!.decode(fromHex(arr(2) + str("ok") + rawStr("c0af"))), {
      code: "malformed",
      path: "$[1]",
      offset: 4,
    });
  });
  // Skipped data is still MessagePack that must be valid; the path may name the object or the key.
  test("a skipped value (unknown key of an object type) is still checked", () => {
    const e = decodeError(() => H.PlainC!.decode(fromHex(map(2) + str("a") + "01" + str("x") + rawStr("c0af"))));
    expect({ code: e.code, offset: e.offset }).toEqual({ code: "malformed", offset: 6 });
    expect(["$", "$.x"]).toContain(e.path);
  });
  test("an unknown key of an object type is checked too", () => {
    const e = decodeError(() => H.PlainC!.decode(fromHex(map(2) + str("a") + "01" + rawStr("ff") + "01")));
    expect({ code: e.code, path: e.path }).toEqual({ code: "malformed", path: "$" });
    expect([4, 5]).toContain(e.offset);
  });
  test("an extra key of an object type with an index signature names the object's path", () => {
    expectCodecError(() => H.WithIndexC!.decode(fromHex(map(2) + str("a") + "01" + rawStr("ff") + "01")), {
      code: "malformed",
      path: "$",
      offset: 4,
    });
  });
});

describe("0xc1 (never used) is a CodecError (malformed) wherever it appears", () => {
  test.each([
    ["UnknownC", "c1", "$", 0],
    ["NumberC", "c1", "$", 0],
    ["StringC", "c1", "$", 0],
    ["StringsC", arr(2) + str("a") + "c1", "$[1]", 3],
    ["UnknownC", arr(1) + "c1", "$[0]", 1],
    ["UnknownC", map(1) + "c1" + "01", "$", 1],
    ["PlainC", map(2) + str("a") + "01" + str("x") + "c1", "$|$.x", 6], // a skipped value: the object or the key
    ["RecordC", map(1) + str("k") + "c1", "$.k", 3],
  ] as [string, string, string, number][])("%s %s", (codec, h, path, offset) => {
    const e = decodeError(() => H[codec]!.decode(fromHex(h)));
    expect({ code: e.code, offset: e.offset }).toEqual({ code: "malformed", offset });
    expect(path.split("|")).toContain(e.path);
    expect(e.message).toContain("0xc1");
  });
});

describe("timestamps", () => {
  const TS64_NSEC_1E9 = "d7ff ee6b2800 00000000";
  const TS96_NSEC_1E9 = "c70cff 3b9aca00 0000000000000000";
  test.each([
    ["DateC", TS64_NSEC_1E9],
    ["DateC", TS96_NSEC_1E9],
    ["UnknownC", TS64_NSEC_1E9],
    ["UnknownC", TS96_NSEC_1E9],
  ])("%s: nanoseconds above 999999999 → malformed (%s)", (codec, h) => {
    expectCodecError(() => H[codec]!.decode(fromHex(h)), {
      code: "malformed",
      path: "$",
      offset: 0,
      message: /999999999/,
    });
  });
  test("inside an object, the path names the property and the offset its ext header", () => {
    const bytes = cat(map(3), str("id"), uint(1), str("items"), arr(0), str("placedAt"), fromHex(TS64_NSEC_1E9));
    expectCodecError(() => H.OrderC!.decode(bytes), { code: "malformed", path: "$.placedAt", offset: 21 });
  });
  test("outside the Date range → out-of-range; a length other than 4/8/12 → malformed", () => {
    expectCodecError(() => H.DateC!.decode(fromHex("c70cff 00000000 7fffffffffffffff")), {
      code: "out-of-range",
      path: "$",
      offset: 0,
    });
    expectCodecError(() => H.DateC!.decode(fromHex("d5ff 0000")), { code: "malformed", path: "$", offset: 0 });
    expectCodecError(() => H.UnknownC!.decode(fromHex("d5ff 0000")), { code: "malformed", path: "$", offset: 0 });
  });
});

describe("duplicate keys in an object type", () => {
  test("top level: duplicate-key at the second occurrence", () => {
    expectCodecError(
      () => H.PlainC!.decode(fromHex(map(3) + str("a") + "01" + str("b") + str("x") + str("a") + "02")),
      { code: "duplicate-key", path: "$", offset: 8, message: /"a" appears twice/ },
    );
  });
  test("an optional property twice", () => {
    expectCodecError(
      () => H.PlainC!.decode(fromHex(map(3) + str("b") + str("x") + str("a") + "01" + str("b") + str("y"))),
      { code: "duplicate-key", path: "$", offset: 8 },
    );
  });
  test("nested: the path names the object", () => {
    const bytes = cat(
      map(3),
      str("id"),
      uint(1),
      str("items"),
      arr(1),
      map(3),
      str("sku"),
      str("a"),
      str("price"),
      "01",
      str("sku"),
      str("b"),
      str("placedAt"),
      "d6ff00000001",
    );
    expectCodecError(() => H.OrderC!.decode(bytes), { code: "duplicate-key", path: "$.items[0]", offset: 26 });
  });
  test("discriminated union: the tag twice", () => {
    expectCodecError(
      () => H.EventC!.decode(fromHex(map(3) + str("type") + str("click") + str("type") + str("key") + str("x") + "01")),
      { code: "duplicate-key", path: "$", offset: 12 },
    );
  });
  test("untagged union: still duplicate-key, not some other member's complaint", () => {
    expectCodecError(() => H.UntaggedC!.decode(fromHex(arr(1) + map(2) + str("a") + str("x") + str("a") + str("y"))), {
      code: "duplicate-key",
      path: "$[0]",
      offset: 6,
    });
  });
  test("Records take the last value, as JSON.parse does (not an object type)", () => {
    expect(H.RecordC!.decode(fromHex(map(2) + str("a") + "01" + str("a") + "02"))).toEqual({ a: 2 });
  });
});

describe("trailing bytes", () => {
  test.each([
    ["UnknownC", "c0 c0", 1],
    ["PlainC", map(1) + str("a") + "01" + "00", 4],
    ["OrderC", hex(ORDER) + "ff", ORDER.length],
    ["StringsC", arr(0) + "90", 1],
  ] as [string, string, number][])("%s: the first extra byte is named", (codec, h, offset) => {
    expectCodecError(() => H[codec]!.decode(fromHex(h)), { code: "trailing-bytes", path: "$", offset });
  });
});

describe("truncation at every byte offset is incomplete, never a partial value", () => {
  test.each([
    ["OrderC", hex(ORDER)],
    ["UnknownC", hex(ORDER)],
    [
      "JsonC",
      arr(3) + map(1) + str("k") + arr(2) + "c3" + "cb3ff8000000000000" + str("a".repeat(40)) + "cf0000000100000000",
    ],
    ["ExprC", map(2) + str("op") + str("neg") + str("arg") + map(2) + str("op") + str("lit") + str("value") + "2a"],
  ])("%s", (codec, h) => {
    const bytes = fromHex(h);
    expect(H[codec]!.decode(bytes)).toBeDefined();
    for (let k = 0; k < bytes.length; k++) {
      const e = decodeError(() => H[codec]!.decode(bytes.subarray(0, k)));
      expect({ k, code: e.code }).toEqual({ k, code: "incomplete" });
      expect(e.offset).toBeLessThanOrEqual(k);
      expect(e.path?.startsWith("$")).toBe(true);
    }
  });
});

describe("hostile shapes that make decoders slow", () => {
  test("untagged recursive union (Chain | Link): a 20-level message decodes in milliseconds, not exponential time", () => {
    // {next: {next: ... {next: {name: "x", extra: 1}}}}: the innermost map needs the lenient pass.
    let inner = map(2) + str("name") + str("x") + str("extra") + "01";
    for (let i = 0; i < 20; i++) inner = map(1) + str("next") + inner;
    const bytes = fromHex(inner);
    const ms = withHardTimeout(() => bestTime(() => H.ChainC!.decode(bytes), 1), 2000);
    expect(ms).toBeLessThan(50);
  });

  test("discriminant after a large sibling: peeking for the tag past a deep subtree at every level still ends", () => {
    // 400 levels of {arg: <child>, op: "neg"} (tag last) around {op: "lit", value: 1, junk: [100k zeros]}:
    // a 100 KB message. Each level looks ahead for "op" past its child, which holds the junk array.
    let inner =
      map(3) + str("op") + str("lit") + str("value") + "01" + str("junk") + arr(100_000) + "00".repeat(100_000);
    for (let i = 0; i < 400; i++) inner = map(2) + str("arg") + inner + str("op") + str("neg");
    const bytes = fromHex(inner);
    expect(H.ExprC!.decode(bytes)).toBeDefined();
    // A hang guard only (tests never assert speed): lookaheads after the first jump over the
    // containers it walked through, so lookaheads walk the junk at most twice (nesting-bombs.test.ts
    // counts the work).
    expect(withHardTimeout(() => H.ExprC!.decode(bytes), 5000)).toBeDefined();
  });
});

describe("input forms and aliasing", () => {
  test("a Buffer slice with a byteOffset: offsets count from the view's start", () => {
    const backing = Buffer.concat([Buffer.from("ffffff", "hex"), Buffer.from(fromHex(map(1) + str("a") + str("x")))]);
    const view = backing.subarray(3);
    expectCodecError(() => H.PlainC!.decode(view), { code: "type-mismatch", path: "$.a", offset: 3 });
    expect(H.UnknownC!.decode(new DataView(backing.buffer, backing.byteOffset + 3, backing.length - 3))).toEqual({
      a: "x",
    });
  });
  test("decoded bytes never alias the input", () => {
    const input = fromHex("c4 03 010203");
    const out = H.BytesC!.decode(input);
    input[2] = 0xff;
    expect([...out]).toEqual([1, 2, 3]);
    expect(out.buffer).not.toBe(input.buffer);
  });
  test("not bytes at all → CodecError type-mismatch", () => {
    const e = decodeError(() => H.UnknownC!.decode("c0" as never));
    expect(e.code).toBe("type-mismatch");
  });
});
