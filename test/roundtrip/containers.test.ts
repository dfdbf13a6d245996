import { decode as msgpackDecode, encode as msgpackEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { hex, fromHex, about, roundTrip, codecError, expectDecodeError } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_containers", fixture("roundtrip/containers"));

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const entries = (n: number) => Object.fromEntries(range(n).map((i) => ["k" + i, i]));

describe("valid values round-trip", () => {
  test.each([
    ["Nums", [], "90"],
    ["Nums", [1, 2, 3], "93010203"],
    ["Nums", [1.5, -1], "92cb3ff8000000000000ff"],
    ["RoStrs", ["a", ""], "92a161a0"],
    ["Bools", [true, false], "92c3c2"],
    ["Grid", [[1], [], [2, 3]], "939101909202 03".replace(" ", "")],
    ["Holes", ["a", undefined, "b"], "93a161c0a162"],
    ["Voids", [undefined, undefined], "92c0c0"],
    ["Pair", ["a", 1], "92a16101"],
    ["Point", [3, 4], "920304"],
    ["Opt", ["a"], "91a161"],
    ["Opt", ["a", 1], "92a16101"],
    ["Opt", ["a", 1, true], "93a16101c3"],
    ["Rest", ["a"], "91a161"],
    ["Rest", ["a", 1, 2, 3], "94a161010203"],
    ["OptRest", [1], "9101"],
    ["OptRest", [1, "s"], "9201a173"],
    ["OptRest", [1, "s", true, false], "9401a173c3c2"],
    ["WithUndef", ["a", undefined], "92a161c0"],
    ["Empty", [], "90"],
    ["RoPair", [true, "x"], "92c3a178"],
    ["StrSet", new Set(["a", "b"]), "92a161a162"],
    ["StrSet", new Set(), "90"],
    ["RoNumSet", new Set([3, 1]), "920301"],
    [
      "NumMap",
      new Map([
        [1, "a"],
        [-1, "b"],
      ]),
      "8201a161ffa162",
    ],
    ["NumMap", new Map(), "80"],
    [
      "StrMap",
      new Map([
        ["x", [1]],
        ["y", []],
      ]),
      "82a1789101a17990",
    ],
    ["TupleKeyMap", new Map([[[1, 2], true]]), "81920102c3"],
    ["RoMap", new Map([["n", null]]), "81a16ec0"],
    ["Rec", { a: 1, b: 2 }, "82a16101a16202"],
    ["Rec", {}, "80"],
    ["NumKeyRec", { 1: "a", 20: "b" }, "82a131a161a23230a162"],
    ["Index", { "odd key": true, "": false }, "82a76f6464206b6579c3a0c2"],
    ["TplRec", { "id-1": "a" }, "81a469642d31a161"],
    ["Named", { name: "n", x: "1" }, "82a46e616d65a16ea178a131"],
    ["Named", { x: "1", name: "n" }, "82a46e616d65a16ea178a131"],
    ["Anything", { a: [1, "x", null], b: { c: true } }, "82a16193 01a178c0a16281a163c3".replace(" ", "")],
  ])("%s %p -> %s", (name, value, wire) => {
    expect(hex(roundTrip(C[name]!, value))).toBe(wire);
  });

  test.each([15, 16, 65535, 65536])("arrays of %i elements", (n) => {
    const encoded = roundTrip(C.Nums!, range(n));
    expect(hex(encoded.subarray(0, n < 16 ? 1 : n < 65536 ? 3 : 5))).toBe(
      n < 16 ? "9f" : n < 65536 ? "dc" + n.toString(16).padStart(4, "0") : "dd00010000",
    );
  });

  test("-0 among the numbers of a long array (written by the array loop) stays float 64 -0; 0 stays a fixint", () => {
    const value = [...range(20).map((i) => i - 10), -0, 0, -0];
    const encoded = roundTrip(C.Nums!, value);
    expect(hex(encoded.subarray(encoded.length - 19))).toBe("cb8000000000000000" + "00" + "cb8000000000000000");
    expect(Object.is(C.Nums!.decode(encoded)[20], -0)).toBe(true);
  });

  test("number[] decode of an array starting with a float 64: four at a time, any other form or an error at any place of a group", () => {
    // Ints of several forms, and -0, NaN and infinities, at every place of a group, then float 64s again.
    const ints = [7, -5, 200, -200, 70000, -70000, 2 ** 40];
    for (let at = 1; at < 10; at++) {
      const values = Array.from({ length: 14 }, (_, i) =>
        i === at ? ints[at % ints.length]! : i === at + 4 ? -(i + 0.25) : i + 0.5,
      );
      expect(C.Nums!.decode(msgpackEncode(values))).toEqual(values);
      const element = (v: number) => hex(msgpackEncode(v));
      const before = values.slice(0, at).map(element).join("");
      const broken =
        "9e" +
        before +
        "c0" +
        values
          .slice(at + 1)
          .map(element)
          .join("");
      expectDecodeError(C.Nums!, broken, { path: `$[${at}]`, code: "type-mismatch", offset: 1 + before.length / 2 });
    }
    const edges = [0.5, -0, NaN, Infinity, -Infinity, Number.MAX_VALUE, -Number.MIN_VALUE, 1e-310, 2.5];
    const decoded = C.Nums!.decode(C.Nums!.encode(edges));
    expect(decoded).toEqual(edges);
    expect(Object.is(decoded[1], -0)).toBe(true);
    // Every length around the groups: @msgpack/msgpack's bytes, read back whole.
    for (let n = 1; n <= 13; n++) {
      const values = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1 : -1) * (i + 0.1));
      expect(hex(C.Nums!.encode(values))).toBe(hex(msgpackEncode(values)));
      expect(C.Nums!.decode(msgpackEncode(values))).toEqual(values);
    }
    // Float 64s right after the array are not read into it, whatever its length.
    for (let n = 0; n <= 9; n++) {
      const value = [Array.from({ length: n }, (_, i) => i + 0.5), 100.5, 200.5, 300.5, 400.5];
      expect(roundTrip(C.NumsThenFour!, value)).toHaveLength(2 + 9 * n + 36);
    }
    // Cut inside a group: the element it cuts is incomplete.
    const whole = C.Nums!.encode([1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]);
    expectDecodeError(C.Nums!, whole.subarray(0, 1 + 9 * 6 + 4), { path: "$[6]", code: "incomplete" });
    expectDecodeError(C.Nums!, whole.subarray(0, 1 + 9 * 2), { path: "$[2]", code: "incomplete" });
    // Four float 64 tags present, the last payload cut: the group is not read past the end.
    expectDecodeError(C.Nums!, whole.subarray(0, 1 + 9 * 7 + 5), { path: "$[7]", code: "incomplete" });
    expectDecodeError(C.Nums!, whole.subarray(0, 1), { path: "$", code: "incomplete" }); // the header promises more elements than bytes remain
  });

  test("number[] encode of an array with a fraction among its first four elements: four float 64s at a time, any other number at any place of a group", () => {
    // @msgpack/msgpack's bytes for every element but -0, which typed-msgpack keeps as float 64 -0.
    const element = (v: number) => (Object.is(v, -0) ? "cb8000000000000000" : hex(msgpackEncode(v)));
    const others = [
      7,
      -5,
      0,
      200,
      -200,
      70000,
      -70000,
      2 ** 32,
      2 ** 40,
      -(2 ** 40),
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      2 ** 53,
      -(2 ** 53),
      2 ** 60,
      -0,
      NaN,
      Infinity,
      -Infinity,
      Number.MAX_VALUE,
    ];
    for (let at = 0; at < 14; at++) {
      for (const other of others) {
        const values = Array.from({ length: 14 }, (_, i) =>
          i === at ? other : (i % 3 === 0 ? -1 : 1) * (i + 0.5) * 1.1,
        );
        const encoded = C.Nums!.encode(values);
        expect(hex(encoded)).toBe("9e" + values.map(element).join(""));
        expect(C.Nums!.decode(encoded)).toEqual(values);
      }
    }
    // Up to four other numbers first, then fractions: by the first four elements, the loop for
    // float 64s when a fraction is among them, the loop for every form when none is.
    for (let lead = 1; lead <= 4; lead++) {
      for (let k = 0; k < others.length; k++) {
        const values = Array.from({ length: 14 }, (_, i) =>
          i < lead ? others[(k + i) % others.length]! : i / 3 + 0.01,
        );
        const encoded = C.Nums!.encode(values);
        expect(hex(encoded)).toBe("9e" + values.map(element).join(""));
        expect(C.Nums!.decode(encoded)).toEqual(values);
      }
    }
    // Runs of 4,096 elements, each reserving its room once, in a writer that starts at 4 KB (the
    // first array's runs grow it): an int at each place of a run's last group (4092-4095,
    // 8188-8191) and at the next run's start, the last run's length not a multiple of four.
    for (const ints of [
      [1, 4095, 4096, 4097, 8191, 9999, 10_002],
      [4092, 8190],
      [4093, 8189],
      [4094, 8188],
    ]) {
      const long = Array.from({ length: 10_003 }, (_, i) => (ints.includes(i) ? i : i / 7 + 0.01));
      const encoded = C.FreshNums!.encode(long);
      expect(hex(encoded)).toBe(hex(msgpackEncode(long)));
      expect(C.Nums!.decode(encoded)).toEqual(long);
    }
    // Inside a tuple: the numbers after the array are written where its last run ended.
    const value = [Array.from({ length: 5000 }, (_, i) => i + 0.5), 1.5, 2.5, 3.5, 4.5];
    expect(hex(roundTrip(C.NumsThenFour!, value))).toBe(hex(msgpackEncode(value)));
  });

  test.each([15, 16, 65536])("records, maps and sets of %i entries", (n) => {
    const header = n < 16 ? (0x80 + n).toString(16) : n < 65536 ? "de" + n.toString(16).padStart(4, "0") : "df00010000";
    expect(hex(roundTrip(C.Rec!, entries(n)).subarray(0, header.length / 2))).toBe(header);
    expect(hex(roundTrip(C.NumMap!, new Map(range(n).map((i) => [i, "v" + i]))).subarray(0, header.length / 2))).toBe(
      header,
    );
    const arrayHeader = header.replace(/^8/, "9").replace(/^de/, "dc").replace(/^df/, "dd");
    expect(hex(roundTrip(C.RoNumSet!, new Set(range(n))).subarray(0, arrayHeader.length / 2))).toBe(arrayHeader);
  });

  test("absent optional tuple elements stay absent, and so do trailing undefined-valued ones; nil decodes as undefined", () => {
    expect(hex(C.Opt!.encode(["a", undefined]))).toBe("91a161");
    expect(hex(C.Opt!.encode(["a", undefined, true]))).toBe("93a161c0c3");
    expect(C.Opt!.decode(fromHex("92a161c0"))).toEqual(["a", undefined]);
    expect(C.Opt!.decode(fromHex("91a161"))).toHaveLength(1);
  });

  test("undefined-valued record entries are omitted", () => {
    expect(hex(C.Rec!.encode({ a: 1, b: undefined }))).toBe("81a16101");
    expect(hex(C.Rec!.encode({ b: undefined, a: 1, c: undefined }))).toBe("81a16101");
    expect(hex(C.Named!.encode({ name: "n", x: undefined } as any))).toBe("81a46e616d65a16e");
    // 16 keys, one undefined: the map header is the fixmap of 15 entries, not map 16's.
    const keys = Array.from({ length: 16 }, (_, i) => String.fromCharCode(97 + i));
    const sixteen = Object.fromEntries(keys.map((k, i) => [k, i === 3 ? undefined : i]));
    const fifteen = Object.fromEntries(keys.filter((_, i) => i !== 3).map((k) => [k, sixteen[k]]));
    expect(hex(C.Rec!.encode(sixteen))).toBe(hex(msgpackEncode(fifteen)));
    expect(hex(C.Rec!.encode(sixteen)).slice(0, 2)).toBe("8f");
    // 65,536 keys, the first undefined: map 32 becomes map 16, and every entry moves back 2 bytes.
    const many: Record<string, number | undefined> = {};
    for (let i = 0; i < 65536; i++) many["k" + i] = i === 0 ? undefined : i;
    const bytes = C.Rec!.encode(many);
    expect(hex(bytes.subarray(0, 3))).toBe("deffff");
    expect(msgpackDecode(bytes)).toEqual(Object.fromEntries(Object.entries(many).slice(1)));
  });

  test("non-minimal containers decode", () => {
    expect(C.Nums!.decode(fromHex("dc0002 0102".replace(" ", "")))).toEqual([1, 2]);
    expect(C.Nums!.decode(fromHex("dd00000001 05".replace(" ", "")))).toEqual([5]);
    expect(C.Rec!.decode(fromHex("df00000003 a16101 a16202 a16303".replace(/ /g, "")))).toEqual({ a: 1, b: 2, c: 3 });
    expect(C.NumMap!.decode(fromHex("de0001 cd0001 d90161".replace(/ /g, "")))).toEqual(new Map([[1, "a"]]));
    expect(C.StrSet!.decode(fromHex("dc0001a178"))).toEqual(new Set(["x"]));
  });
});

describe("__proto__ keys become own properties", () => {
  const proto = "81a95f5f70726f746f5f5f"; // { "__proto__": ... } header and key
  test.each([
    ["Rec", proto + "01", 1],
    ["Index", proto + "c3", true],
    ["Named", "82a46e616d65a16e" + proto.slice(2) + "a178", "x"],
    ["Anything", proto + "81a8706f6c6c75746564c3", { polluted: true }],
  ])("%s", (name, wire, value) => {
    const decoded = about(fromHex(wire), () => C[name]!.decode(fromHex(wire)));
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded, "__proto__")?.value).toEqual(value);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(hex(C[name]!.encode(decoded))).toBe(wire);
  });
});

describe("invalid values do not encode", () => {
  test.each([
    ["Nums", "abc", "$"],
    ["Nums", { length: 0 }, "$"],
    ["Nums", [1, "x"], "$[1]"],
    ["Nums", new Set([1]), "$"],
    ["Grid", [[1], [2, null]], "$[1][1]"],
    ["Holes", ["a", null], "$[1]"],
    ["Voids", [null], "$[0]"],
    ["Pair", ["a"], "$"],
    ["Pair", ["a", 1, 2], "$"],
    ["Pair", ["a", "b"], "$[1]"],
    ["Pair", { 0: "a", 1: 1, length: 2 }, "$"],
    ["Opt", ["a", 1, true, 1], "$"],
    ["Opt", ["a", "1"], "$[1]"],
    ["Rest", [], "$"],
    ["Rest", ["a", 1, "x"], "$[2]"],
    ["OptRest", [1, "s", 1], "$[2]"],
    ["WithUndef", ["a", null], "$[1]"],
    ["Empty", [1], "$"],
    ["StrSet", ["a"], "$"],
    ["StrSet", new Set(["a", 1]), "$[1]"],
    ["NumMap", { 1: "a" }, "$"],
    ["NumMap", new Map([[1, 2]]), "$[1]"],
    ["StrMap", new Map([["x", [1, "2"]]]), "$.x[1]"],
    ["Rec", [1], "$"],
    ["Rec", null, "$"],
    ["Rec", { a: "1" }, "$.a"],
    ["Rec", { "odd key": null }, '$["odd key"]'],
    ["Index", { a: 1 }, "$.a"],
    ["Named", { x: "1" }, "$.name"],
    ["Named", { name: "n", x: 1 }, "$.x"],
    ["Anything", { f: () => 1 }, "$.f"],
  ])("%s rejects %p at %s", (name, value, path) => {
    expect(codecError(() => C[name]!.encode(value))).toMatchObject({ path, code: "type-mismatch", offset: -1 });
  });

  // Long enough for writeNumberArray's run loop, which leaves the type test to numberAt's float
  // branch: every kind of non-number must still be named, none coerced (`>>>` would take "7", 7n
  // throws a TypeError there, an object's valueOf would give a number).
  test.each([["7"], [7n], [Symbol("s")], [{ valueOf: () => 7 }], [[7]], [null], [undefined], [true], [new Date(7)]])(
    "Nums rejects %p at index 40 of 100",
    (bad) => {
      const value: unknown[] = range(100);
      value[40] = bad;
      expect(codecError(() => C.Nums!.encode(value))).toMatchObject({
        path: "$[40]",
        code: "type-mismatch",
        offset: -1,
      });
    },
  );

  // An array with a fraction among its first four elements goes to a loop of its own (four elements
  // at a time): a non-number at each place of a group is named, and never coerced (Math.trunc would
  // call valueOf; the other loop's `>>>` calls it before the mismatch: a typeof per element cost
  // smallints encode 7 %). 100 and 101 come after the last group; the arrays that start 1, 2, 3
  // take this loop by their fourth element (but for a non-number there, which the other names).
  test.each([
    ["7"],
    [7n],
    [Symbol("s")],
    [{ valueOf: () => 7.5 }],
    [[7.5]],
    [null],
    [undefined],
    [true],
    [new Date(7)],
  ])("Nums rejects %p at each place of a group of fractions", (bad) => {
    const fractions = () => range(102).map((i) => i + 0.5);
    const intsFirst = () => range(102).map((i) => (i < 3 ? i + 1 : i + 0.5));
    for (const make of [fractions, intsFirst]) {
      for (const at of [0, 1, 2, 3, 40, 41, 42, 43, 98, 99, 100, 101]) {
        const value: unknown[] = make();
        value[at] = bad;
        expect(codecError(() => C.Nums!.encode(value))).toMatchObject({
          path: `$[${at}]`,
          code: "type-mismatch",
          offset: -1,
        });
      }
      for (const at of [0, 41, 101]) {
        const spy = jest.fn(() => 7.5);
        const value: unknown[] = make();
        value[at] = { valueOf: spy };
        expect(() => C.Nums!.encode(value)).toThrow();
        expect(spy).not.toHaveBeenCalled();
      }
    }
  });

  test.each([
    ["NumMap", new Map([["1", "a"]])],
    ["TupleKeyMap", new Map([[[1], true]])],
    ["TplRec", { "id-x": "a" }],
  ])("%s rejects a bad key", (name, value) => {
    const error = codecError(() => C[name]!.encode(value));
    expect(error).toMatchObject({ code: "type-mismatch", offset: -1 });
    expect(error.path).toMatch(/^\$/);
  });
});

describe("invalid bytes do not decode", () => {
  test.each([
    ["Nums", "81a16101", "$", "type-mismatch", 0],
    ["Nums", "92 01 a161", "$[1]", "type-mismatch", 2],
    ["Grid", "92 91 01 91 c0", "$[1][0]", "type-mismatch", 4],
    ["Holes", "92 a161 c2", "$[1]", "type-mismatch", 3],
    ["Pair", "91a161", "$", "type-mismatch", 0],
    ["Pair", "93a1610102", "$", "type-mismatch", 0],
    ["Pair", "92 a161 a162", "$[1]", "type-mismatch", 3],
    ["Opt", "90", "$", "type-mismatch", 0],
    ["Opt", "94 a161 01 c3 c3", "$", "type-mismatch", 0],
    ["Rest", "90", "$", "type-mismatch", 0],
    ["Rest", "93 a161 01 a162", "$[2]", "type-mismatch", 4],
    ["Empty", "9100", "$", "type-mismatch", 0],
    ["StrSet", "81a161a161", "$", "type-mismatch", 0],
    ["StrSet", "92 a161 01", "$[1]", "type-mismatch", 3],
    ["NumMap", "90", "$", "type-mismatch", 0],
    ["StrMap", "81 a178 92 01 a161", "$.x[1]", "type-mismatch", 5],
    ["Rec", "91 01", "$", "type-mismatch", 0],
    ["Rec", "81 a161 a162", "$.a", "type-mismatch", 3],
    ["Rec", "81 01 02", "$", "type-mismatch", 1],
    ["Index", "81 a7 6f6464206b6579 01", '$["odd key"]', "type-mismatch", 9],
    ["Named", "81 a178 a131", "$", "missing-property", undefined],
    ["TplRec", "81 a2 6964 a161", "$.<key>", "type-mismatch", 1],
  ])("%s rejects %s at %s", (name, wire, path, code, offset) => {
    expectDecodeError(C[name]!, wire.replace(/ /g, ""), offset === undefined ? { path, code } : { path, code, offset });
  });

  test.each([
    ["Nums", "dc0005 01"],
    ["Nums", "93 01 02"],
    ["Rec", "de0003 a16101"],
    ["Rec", "82 a16101 a162"],
    ["StrSet", "dd00000002 a161"],
  ])("%s: truncated %s is incomplete", (name, wire) => {
    expectDecodeError(C[name]!, wire.replace(/ /g, ""), {
      path: expect.stringMatching(/^\$/) as unknown as string,
      code: "incomplete",
    });
  });

  test.each([
    ["Nums", "ddffffffff"],
    ["Rec", "dfffffffff"],
    ["StrSet", "ddffffffff"],
    ["NumMap", "dfffffffff"],
  ])("%s: a huge declared length (%s) fails before allocating", (name, wire) => {
    const error = about(fromHex(wire), () => codecError(() => C[name]!.decode(fromHex(wire))));
    expect(error.path).toBe("$");
    expect(["incomplete", "out-of-range"]).toContain(error.code); // the bytes are missing, and the length is past the default limits
  });
});

describe("interfaces and classes that extend Array<T> / ReadonlyArray<T> with no members of their own are arrays", () => {
  test("a recursive JSON type written with an array interface (as JSON Schema's JSONSchema7Array)", () => {
    const value = { a: [1, "x", [true, null, { b: [] }]], c: -1.5 };
    const encoded = roundTrip(C.JsonC!, value);
    expect(hex(encoded).startsWith("82a161" + "93" + "01a178" + "93c3c0")).toBe(true);
    expect(Array.isArray(C.JsonC!.decode(encoded).a)).toBe(true);
  });

  test("through ReadonlyArray and another interface; a class; a generic interface", () => {
    expect(hex(roundTrip(C.TagsC!, { tags: ["a"], more: [] }))).toBe("82a47461677391a161a46d6f726590");
    expect(hex(roundTrip(C.ScoresC!, [1, 2]))).toBe("920102");
    roundTrip(C.BoxC!, [new Date(5), null]);
  });

  test("bad elements and non-arrays fail with their path", () => {
    expect(codecError(() => C.TagsC!.encode({ tags: ["a", 1], more: [] }))).toMatchObject({
      path: "$.tags[1]",
      offset: -1,
    });
    expect(codecError(() => C.ScoresC!.encode({ 0: 1, length: 1 }))).toMatchObject({ path: "$", offset: -1 });
    expectDecodeError(C.TagsC!, "82a474616773" + "92a16101", { path: "$.tags[1]", code: "type-mismatch", offset: 9 });
    expectDecodeError(C.JsonC!, "91c1", { path: "$[0]", code: "malformed", offset: 1 });
  });
});
