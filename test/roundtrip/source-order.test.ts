/**
 * The wire layout and the choice among union members follow the source, never the checker's
 * internal type ids (model/order.ts): an unrelated line elsewhere in the program, which gives a
 * literal type a lower id, changes nothing. Each fixture is compiled with and without such a line.
 */
import { compile, load } from "../helpers/compile";
import type { Codec } from "../../runtime/index";
import { fromHex, hex } from "../helpers/bytes";

const TYPES = `
interface Q { b: number; a: number; c: number }
interface Base { z: number }
interface Derived extends Base { y: number; x: number }
export const QP = codecFor<Omit<Q, "c">>({ layout: "positional" });
export const QPick = codecFor<Pick<Q, "b" | "a">>();
export const QPickPositional = codecFor<Pick<Q, "a" | "b">>({ layout: "positional" });
export const RecordOfLiterals = codecFor<Record<"b" | "a", number>>({ layout: "positional" });
export const PartialDerived = codecFor<Partial<Derived>>({ layout: "positional" });
export const FirstMember = codecFor<{ a?: number } | Record<string, null>>();
export const Literals = codecFor<"put" | "get" | "del">();
`;
// Literal types created before the types above, in the order that would reverse them by id.
const UNRELATED = `export const early: "a" = "a";\nexport const earlier: "c" = "c";\nexport const del: "del" = "del";\n`;
const HEAD = `import { codecFor } from "typed-msgpack";\n`;

const plain = load<Record<string, Codec<any>>>("source_order_plain", HEAD + TYPES);
const withLine = load<Record<string, Codec<any>>>("source_order_unrelated", HEAD + UNRELATED + TYPES);

describe("an unrelated line elsewhere changes neither bytes nor choices", () => {
  test.each([
    ["QP", { b: 1, a: 2 }, "920102"],
    ["QPick", { b: 1, a: 2 }, "82a16201a16102"],
    ["QPickPositional", { b: 1, a: 2 }, "920102"],
    ["RecordOfLiterals", { b: 1, a: 2 }, "920201"],
    ["PartialDerived", { x: 1, y: 2, z: 3 }, "93030201"],
  ])("%s %p is %s", (name, value, wire) => {
    expect(hex(plain[name]!.encode(value))).toBe(wire);
    expect(hex(withLine[name]!.encode(value))).toBe(wire);
    expect(withLine[name]!.decode(fromHex(wire))).toEqual(value);
  });

  test("Omit keeps the interface's order: positional fields are never swapped", () => {
    expect(withLine.QP!.decode(fromHex("920102"))).toEqual({ b: 1, a: 2 });
  });

  test("the first union member is the same, so { a: null } decodes alike", () => {
    for (const codec of [plain.FirstMember!, withLine.FirstMember!]) {
      expect(codec.decode(fromHex("81a161c0"))).toEqual({ a: null });
      expect(codec.decode(codec.encode({ a: 1 }))).toEqual({ a: 1 });
    }
  });

  test("the type model is the same, member for member", () => {
    const a = compile("source_order_model_plain", HEAD + TYPES).model!;
    const b = compile("source_order_model_unrelated", HEAD + UNRELATED + TYPES).model!;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});

test("union members and properties of mapped types are in the documented order", () => {
  const { model } = compile("source_order_documented", HEAD + UNRELATED + TYPES);
  const codec = (display: string) => Object.values(model!.codecs).find((c) => c.display === display)!;
  const properties = (display: string) => {
    const root = codec(display).root;
    const shape = root.kind === "ref" ? model!.named[root.name]!.shape : undefined;
    return shape?.kind === "object" ? shape.properties.map((p) => p.name) : [];
  };
  expect(codec(`"del" | "get" | "put"`).root).toEqual({ kind: "literals", values: ["del", "get", "put"] });
  expect(properties(`Pick<Q, "a" | "b">`)).toEqual(["b", "a"]);
  expect(properties("Partial<Derived>")).toEqual(["z", "y", "x"]);
  expect(properties(`Record<"a" | "b", number>`)).toEqual(["a", "b"]);
});
