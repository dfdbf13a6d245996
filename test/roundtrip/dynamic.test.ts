import { encode as peerEncode } from "@msgpack/msgpack";
import { load } from "../helpers/compile";
import { ExtData, type Codec } from "../../runtime/index";
import { hex, fromHex, about, roundTrip, codecError } from "./helpers";
import { fixture } from "../helpers/fixtures";

const C = load<Record<string, Codec<any>>>("roundtrip_dynamic", fixture("roundtrip/dynamic"));

describe("any / unknown use @msgpack/msgpack's default mapping", () => {
  test.each([
    ["null", null],
    ["true", true],
    ["false", false],
    ["zero", 0],
    ["fixint", 7],
    ["negative", -200],
    ["uint 32", 2 ** 32 - 1],
    ["uint 64", 2 ** 40],
    ["int 64", -(2 ** 40)],
    ["max safe", Number.MAX_SAFE_INTEGER],
    ["float", 1.25],
    ["NaN", NaN],
    ["Infinity", -Infinity],
    ["empty string", ""],
    ["long string", "ü".repeat(300)],
    ["array", [1, "a", null, [true]]],
    ["object", { a: 1, b: { c: [null] } }],
    ["object with odd keys", { "": 1, "a b": 2, ключ: 3 }],
    ["Date", new Date(1700000000123)],
    ["Date before 1970", new Date(-5)],
    ["bytes", Uint8Array.from([0, 255])],
    ["large array", Array.from({ length: 70000 }, (_, i) => i % 3)],
  ])("%s: same bytes as @msgpack/msgpack, and a round trip", (_label, value) => {
    for (const name of ["Any", "Unk", "Widened"]) {
      const encoded = roundTrip(C[name]!, value);
      expect(hex(encoded)).toBe(hex(peerEncode(value)));
    }
  });

  test.each([
    ["undefined", undefined, "c0", null],
    ["undefined in an array", [undefined], "91c0", [null]],
    ["undefined-valued key", { a: undefined }, "81a161c0", { a: null }],
    ["Int16Array", Int16Array.from([1, -1]), "c4040100ffff", Uint8Array.from([1, 0, 255, 255])],
    ["Buffer", Buffer.from([1, 2]), "c4020102", Uint8Array.from([1, 2])],
  ])("%s encodes like @msgpack/msgpack (%s) and decodes to its nearest value", (_label, value, wire, decoded) => {
    const encoded = C.Unk!.encode(value);
    expect(hex(encoded)).toBe(wire);
    expect(hex(encoded)).toBe(hex(peerEncode(value)));
    expect(C.Unk!.decode(encoded)).toEqual(decoded);
  });

  test("ArrayBuffer and extension values", () => {
    expect(hex(C.Unk!.encode(Uint8Array.from([5]).buffer))).toBe("c40105");
    const ext = new ExtData(5, Uint8Array.from([0xaa]));
    expect(hex(roundTrip(C.Unk!, ext))).toBe("d405aa");
    expect(C.Unk!.decode(fromHex("c70307616263"))).toEqual(new ExtData(7, Uint8Array.from([0x61, 0x62, 0x63])));
  });
});

describe("decoding any / unknown", () => {
  test.each([
    ["uint 64 in the safe range is a number", "cf0000010000000000", 2 ** 40],
    ["uint 64 beyond the safe range is a bigint, not rounded", "cf0020000000000001", 2n ** 53n + 1n],
    ["int 64 beyond the safe range is a bigint", "d38000000000000000", -(2n ** 63n)],
    ["float 32", "ca3fc00000", 1.5],
    ["non-minimal str", "db0000000161", "a"],
    ["bin", "c50002abcd", Uint8Array.from([0xab, 0xcd])],
    ["int map keys become strings", "8201a16102a162", { 1: "a", 2: "b" }],
    ["map 32", "df00000001a16101", { a: 1 }],
    ["timestamp 96", "c70cff00000000ffffffffffffffff", new Date(-1000)],
  ])("%s", (_label, wire, expected) => {
    about(fromHex(wire), () => expect(C.Unk!.decode(fromHex(wire))).toEqual(expected));
  });

  test("__proto__ key is an own property", () => {
    const decoded = C.Unk!.decode(fromHex("81a95f5f70726f746f5f5f81a178c3"));
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded, "__proto__")?.value).toEqual({ x: true });
    expect((decoded as { x?: unknown }).x).toBeUndefined();
  });

  test.each([
    ["the reserved byte 0xc1", "c1", "malformed", "$", 0],
    ["a nil map key", "81c001", "type-mismatch", "$", 1],
    ["an array map key", "819001", "type-mismatch", "$", 1],
    ["invalid UTF-8", "a1ff", "malformed", "$", 0],
    ["invalid UTF-8 deep inside", "81a16191a1ff", "malformed", "$.a[0]", 4],
    ["a truncated array", "9201", "incomplete", "$", undefined],
    ["trailing bytes", "c0c0", "trailing-bytes", "$", 1],
    ["a bad timestamp", "d7ffee6b280000000000", "malformed", "$", 0],
  ])("rejects %s", (_label, wire, code, path, offset) => {
    const error = about(fromHex(wire), () => codecError(() => C.Unk!.decode(fromHex(wire))));
    expect(error).toMatchObject(offset === undefined ? { code, path } : { code, path, offset });
  });

  test("hostile nesting is too-deep, not a stack overflow", () => {
    expect(codecError(() => C.Unk!.decode(fromHex("91".repeat(200000) + "c0")))).toMatchObject({ code: "too-deep" });
    expect(codecError(() => C.Unk!.decode(fromHex("81a161".repeat(200000) + "c0")))).toMatchObject({
      code: "too-deep",
    });
    expect(codecError(() => C.Unk!.decode(fromHex("91".repeat(30) + "c0"), { maxDepth: 10 }))).toMatchObject({
      code: "too-deep",
    });
  });
});

describe("encoding any / unknown", () => {
  test.each([
    ["a function", () => 1, "$"],
    ["a symbol", Symbol("s"), "$"],
    ["a nested function", { a: [1, { f() {} }] }, "$.a[1].f"],
    ["a symbol in a Map value", new Map([["k", Symbol()]]), "$.k"],
  ])("rejects %s", (_label, value, path) => {
    expect(codecError(() => C.Any!.encode(value))).toMatchObject({ code: "type-mismatch", path, offset: -1 });
  });

  test("paths run through typed properties into the dynamic part", () => {
    expect(codecError(() => C.Holder!.encode({ id: 1, meta: { deep: [Symbol()] }, list: [] }))).toMatchObject({
      path: "$.meta.deep[0]",
    });
    expect(codecError(() => C.Holder!.encode({ id: 1, meta: null, list: [1, () => 1] }))).toMatchObject({
      path: "$.list[1]",
    });
  });

  test("an unknown-typed property that is undefined is omitted", () => {
    expect(hex(C.Holder!.encode({ id: 1, meta: undefined, list: [] }))).toBe("82a2696401a46c69737490");
    expect(C.Holder!.decode(fromHex("82a2696401a46c69737490"))).toEqual({ id: 1, list: [] });
  });

  test.each([
    [
      "a cyclic object",
      () => {
        const o: any = { a: 1 };
        o.self = o;
        return o;
      },
    ],
    [
      "a cyclic array",
      () => {
        const a: any[] = [];
        a.push(a);
        return a;
      },
    ],
    [
      "a cyclic Map",
      () => {
        const m = new Map<string, unknown>();
        m.set("m", m);
        return m;
      },
    ],
    [
      "a very deep array",
      () => {
        let v: unknown = 0;
        for (let i = 0; i < 100000; i++) v = [v];
        return v;
      },
    ],
  ])("%s is too-deep, not a stack overflow", (_label, make) => {
    expect(codecError(() => C.Any!.encode(make()))).toMatchObject({ code: "too-deep", offset: -1 });
  });
});
