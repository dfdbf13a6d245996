/**
 * README contract sentences that no other test pinned down (see test/README-CONTRACTS.md for the
 * full sentence → test table). Each fixture goes through the real transformer.
 */
import { load } from "../helpers/compile";
import { CodecError, ExtData, type Codec } from "../../runtime/index";
import { fromHex, hex } from "../helpers/bytes";

const C = load<Record<string, Codec<any>>>("readme_contracts", `
import { codecFor } from "typed-msgpack";
export interface Item { sku: string; price: number }
export interface Opt { a: number; b?: string; c?: number | null; d: boolean }
export const ItemC = codecFor<Item>();
export const OptC = codecFor<Opt>();
export const UnknownC = codecFor<unknown>();
export const StringC = codecFor<string>();
`);

function codecError(f: () => unknown): CodecError {
  try { f(); } catch (e) { if (e instanceof CodecError) return e; throw e; }
  throw new Error("expected a CodecError, nothing was thrown");
}

describe("API: DecodeOptions", () => {
  test("an unknown (misspelt) option key is a TypeError naming it, before any byte is read", () => {
    const bytes = fromHex("a161");
    expect(() => C.StringC!.decode(bytes, { maxDeph: 5 } as any)).toThrow(TypeError);
    expect(() => C.StringC!.decode(bytes, { maxDeph: 5 } as any)).toThrow(/unknown decode option "maxDeph"/);
    expect(C.StringC!.decode(bytes, { maxDepth: 5 })).toBe("a");
  });
});

describe("API: CodecError", () => {
  test("name is \"CodecError\"; decode errors carry code, path, offset, reason and the documented message form", () => {
    // {sku: "ab", price: "x"}: price is a str (0xa1) at byte 14.
    const e = codecError(() => C.ItemC!.decode(fromHex("82a3736b75a26162a57072696365a178")));
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("CodecError");
    expect({ code: e.code, path: e.path, offset: e.offset }).toEqual({ code: "type-mismatch", path: "$.price", offset: 14 });
    expect(typeof e.reason).toBe("string");
    expect(e.message).toBe(`$.price: ${e.reason}`);
    expect(e.message).toMatch(/^\$\.price: expected int or float, got str \(0xa1\) at byte 14$/);
  });

  test("encode errors have offset -1 and name the path", () => {
    const e = codecError(() => C.ItemC!.encode({ sku: "ab", price: "x" } as any));
    expect(e.name).toBe("CodecError");
    expect({ code: e.code, path: e.path, offset: e.offset }).toEqual({ code: "type-mismatch", path: "$.price", offset: -1 });
  });
});

describe("Details: decoded objects have every declared property as an own property, in declaration order", () => {
  test("absent optional properties are own properties holding undefined, in declaration order whatever the wire order", () => {
    // {d: true, a: 1}: wire order differs from declaration order, b and c absent.
    const v = C.OptC!.decode(fromHex("82a164c3a16101"));
    expect(Object.keys(v)).toEqual(["a", "b", "c", "d"]);
    expect(Object.prototype.hasOwnProperty.call(v, "b")).toBe(true);
    expect(v).toStrictEqual({ a: 1, b: undefined, c: undefined, d: true });
  });

  test("x?: T | null decodes nil as null; absence stays undefined", () => {
    expect(C.OptC!.decode(fromHex("83a16101a163c0a164c2"))).toStrictEqual({ a: 1, b: undefined, c: null, d: false });
  });
});

describe("Details: unknown encodes only what decode accepts back", () => {
  test.each([[-1, "the timestamp type"], [128, "above 127"], [-129, "below -128"]])("ExtData type %p (%s) is a CodecError on encode", (type) => {
    const e = codecError(() => C.UnknownC!.encode(new ExtData(type, new Uint8Array([1]))));
    expect(e.offset).toBe(-1);
    expect(e.path).toBe("$");
  });

  test("ExtData types -128 and 127 round-trip", () => {
    for (const type of [-128, 127]) {
      const back = C.UnknownC!.decode(C.UnknownC!.encode(new ExtData(type, new Uint8Array([1, 2]))));
      expect(back).toBeInstanceOf(ExtData);
      expect({ type: back.type, data: [...back.data] }).toEqual({ type, data: [1, 2] });
    }
  });

  test.each([[1.5], [2 ** 53], [true]])("a Map key %p that is neither a string nor a safe integer is a CodecError", (key) => {
    const e = codecError(() => C.UnknownC!.encode(new Map<any, number>([[key, 1]])));
    expect(e.offset).toBe(-1);
  });

  test("Map keys that are strings or safe integers are written as a map of the entries", () => {
    expect(hex(C.UnknownC!.encode(new Map<any, number>([["a", 1], [2, 3]])))).toBe("82a161010203");
  });
});

describe("Security: encode is honest; a cyclic value ends in too-deep", () => {
  test("an object cycle in unknown is too-deep (offset -1), not a stack overflow", () => {
    const o: any = { a: 1 };
    o.self = o;
    const e = codecError(() => C.UnknownC!.encode(o));
    expect(e.code).toBe("too-deep");
    expect(e.offset).toBe(-1);
  });

  test("an array cycle in unknown is too-deep", () => {
    const a: any[] = [];
    a.push(a);
    expect(codecError(() => C.UnknownC!.encode(a)).code).toBe("too-deep");
  });
});
