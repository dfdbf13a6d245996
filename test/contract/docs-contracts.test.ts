/**
 * Documented contract sentences that no other test pinned down (see test/DOCS-CONTRACTS.md for the
 * full sentence → test table): README.md's API at a glance and docs/type-mapping.md. Each fixture
 * goes through the real transformer.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { load } from "../helpers/compile";
import { CodecError, ExtData, type Codec } from "../../runtime/index";
import { fromHex, hex } from "../helpers/bytes";

const C = load<Record<string, Codec<any>>>(
  "docs_contracts",
  `
import { codecFor } from "typed-msgpack";
export interface Item { sku: string; price: number }
export interface Opt { a: number; b?: string; c?: number | null; d: boolean }
export const ItemC = codecFor<Item>();
export const OptC = codecFor<Opt>();
export const UnknownC = codecFor<unknown>();
export const StringC = codecFor<string>();
export interface Wire { s: string; b: Uint8Array; n: bigint; d: Date }
export const WireC = codecFor<Wire>();
`,
);

function codecError(f: () => unknown): CodecError {
  try {
    f();
  } catch (e) {
    if (e instanceof CodecError) return e;
    throw e;
  }
  throw new Error("expected a CodecError, nothing was thrown");
}

describe("README.md, API at a glance: CodecError", () => {
  test('name is "CodecError"; decode errors carry code, path, offset, reason and the documented message form', () => {
    // {sku: "ab", price: "x"}: price is a str (0xa1) at byte 14.
    const e = codecError(() => C.ItemC!.decode(fromHex("82a3736b75a26162a57072696365a178")));
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("CodecError");
    expect({ code: e.code, path: e.path, offset: e.offset }).toEqual({
      code: "type-mismatch",
      path: "$.price",
      offset: 14,
    });
    expect(typeof e.reason).toBe("string");
    expect(e.message).toBe(`$.price: ${e.reason}`);
    expect(e.message).toMatch(/^\$\.price: expected int or float, got str \(0xa1\) at byte 14$/);
  });

  test("encode errors have offset -1 and name the path", () => {
    const e = codecError(() => C.ItemC!.encode({ sku: "ab", price: "x" } as any));
    expect(e.name).toBe("CodecError");
    expect({ code: e.code, path: e.path, offset: e.offset }).toEqual({
      code: "type-mismatch",
      path: "$.price",
      offset: -1,
    });
  });
});

describe("docs/type-mapping.md, Details: decoded objects have every declared property as an own property, in declaration order", () => {
  test("absent optional properties are own properties holding undefined, in declaration order whatever the wire order", () => {
    // {d: true, a: 1}: wire order differs from declaration order, b and c absent.
    const v = C.OptC!.decode(fromHex("82a164c3a16101"));
    expect(Object.keys(v)).toEqual(["a", "b", "c", "d"]);
    expect(Object.prototype.hasOwnProperty.call(v, "b")).toBe(true);
    expect(v).toStrictEqual({ a: 1, b: undefined, c: undefined, d: true });
  });
});

describe("docs/type-mapping.md, Details: unknown encodes only what decode accepts back", () => {
  // -1, 200, float/bool/null/object keys: test/hostile/encode.test.ts. Here the boundaries.
  test.each([
    [-129, "below -128"],
    [128, "above 127"],
  ])("ExtData type %p (%s) is an out-of-range CodecError on encode", (type) => {
    const e = codecError(() => C.UnknownC!.encode(new ExtData(type, new Uint8Array([1]))));
    expect(e.code).toBe("out-of-range");
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

  test.each([[2 ** 53], [-(2 ** 53)]])("a Map key %p, one past the safe integers, is a CodecError", (key) => {
    const e = codecError(() => C.UnknownC!.encode(new Map<any, number>([[key, 1]])));
    expect(e.offset).toBe(-1);
  });

  test("Map keys that are strings or safe integers are written as a map of the entries", () => {
    expect(
      hex(
        C.UnknownC!.encode(
          new Map<any, number>([
            ["a", 1],
            [2, 3],
          ]),
        ),
      ),
    ).toBe("82a161010203");
  });
});

describe("docs/type-mapping.md, Details: strict wire types", () => {
  // {s: "x", b: <bin 1>, n: 1, d: <ts32 0>}, then each field replaced by the wrong MessagePack type.
  const ok = { s: "a178", b: "c40101", n: "01", d: "d6ff00000000" };
  const wire = (f: Partial<typeof ok>) =>
    fromHex(
      "84" +
        (Object.keys(ok) as (keyof typeof ok)[])
          .map((k) => "a1" + hex(new TextEncoder().encode(k)) + (f[k] ?? ok[k]))
          .join(""),
    );

  test("the well-formed message decodes", () => {
    const v = C.WireC!.decode(wire({}));
    expect({ s: v.s, b: [...v.b], n: v.n, d: v.d.getTime() }).toEqual({ s: "x", b: [1], n: 1n, d: 0 });
  });

  test.each([
    ["bin where string is declared", { s: "c40178" }, "$.s", 3],
    ["str where Uint8Array is declared", { b: "a101" }, "$.b", 7],
    ["float where bigint is declared", { n: "cb3ff0000000000000" }, "$.n", 12],
    ["int where Date is declared", { d: "00" }, "$.d", 15],
  ])("%s is a type-mismatch CodecError at its path and head byte", (_label, field, path, offset) => {
    const bytes = wire(field);
    const e = codecError(() => C.WireC!.decode(bytes));
    expect({ code: e.code, path: e.path, offset: e.offset }).toEqual({ code: "type-mismatch", path, offset });
    expect(e.message).toContain(`at byte ${offset}`);
  });
});

describe("README.md: the example", () => {
  test("compiles through the transformer as written, and its codec round-trips an Order", () => {
    const readme = fs.readFileSync(path.join(__dirname, "../../README.md"), "utf8");
    const example = /```ts\n([\s\S]*?)```/.exec(readme)![1]!;
    // The README leaves `order` to the reader: one is declared before the codec, and the results exported.
    const source =
      example.replace(
        "const OrderCodec",
        'const order: Order = { id: 7, items: [{ sku: "ab", price: 1.5 }], placedAt: new Date(0) };\nconst OrderCodec',
      ) + "export { order, bytes, back, CodecError };\n";
    const m = load("docs_readme_example", source);
    expect(m.back).toEqual(m.order);
    expect(m.bytes).toBeInstanceOf(Uint8Array);
  });
});
