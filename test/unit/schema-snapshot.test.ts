/**
 * The wire-schema snapshot made from the transformer's model (transformer/schema/collect.ts and
 * snapshot.ts): how codecs are named, and that a codec's entry depends on its own type only.
 */
import ts from "typescript";
import { ClassicProgram } from "../../transformer/checkers/classic";
import type { SyntaxFile } from "../../transformer/recognize/syntax";
import { cachingHost, compile, FIXTURE_OPTIONS, GENERATED_DIR } from "../helpers/compile";
import { collectCodecs } from "../../transformer/schema/collect";
import { buildSnapshot, formatSnapshot, type Snapshot } from "../../transformer/schema/snapshot";

function snapshotOf(name: string, source: string): Snapshot {
  const compiled = compile(name, source);
  expect(compiled.diagnostics).toEqual([]);
  const program = ts.createProgram([compiled.file], FIXTURE_OPTIONS, cachingHost());
  const found = collectCodecs(
    ClassicProgram.of(program),
    program.getSourceFile(compiled.file)! as unknown as SyntaxFile,
    GENERATED_DIR,
  );
  expect(found.diagnostics).toEqual([]);
  return buildSnapshot(found.sources);
}

const TYPES = `import { codecFor } from "typed-msgpack";
export type Shape = { kind: "circle"; r: number } | { kind: "square"; side: number };
export interface Order { id: number; shape: Shape }
`;

test("codecs are named by export, const, object-literal property, or the call itself", () => {
  const snapshot = snapshotOf(
    "schema-names",
    TYPES +
      `
export const OrderCodec = codecFor<Order>();
const local = codecFor<Shape>();
export { local as ShapeCodec };
const internal = codecFor<Shape[]>();
export const Codecs = { order: codecFor<Order[]>(), "odd key": codecFor<number>() };
export function use() { return [internal, codecFor<string[]>(), codecFor<string[]>()]; }
`,
  );
  expect(Object.keys(snapshot.codecs)).toEqual([
    "schema-names.ts#Codecs.odd key",
    "schema-names.ts#Codecs.order",
    "schema-names.ts#OrderCodec",
    "schema-names.ts#ShapeCodec",
    "schema-names.ts#codecFor<string[]>()",
    "schema-names.ts#internal",
  ]);
});

test("a codec's entry depends on its own type only, not on the other codecs of its file", () => {
  const alone = snapshotOf("schema-alone", TYPES + "export const ShapeCodec = codecFor<Shape>();\n");
  // Here the model first meets Shape's members inside Order, and names them after it.
  const beside = snapshotOf(
    "schema-beside",
    TYPES + "export const OrderCodec = codecFor<Order>();\nexport const ShapeCodec = codecFor<Shape>();\n",
  );
  expect(beside.codecs["schema-beside.ts#ShapeCodec"]).toEqual(alone.codecs["schema-alone.ts#ShapeCodec"]);
  expect(Object.keys(alone.codecs["schema-alone.ts#ShapeCodec"]!.types)).toEqual(["$|kind=circle", "$|kind=square"]);
  expect(Object.keys(beside.codecs["schema-beside.ts#OrderCodec"]!.types)).toEqual([
    "$.shape|kind=circle",
    "$.shape|kind=square",
    "Order",
  ]);
});

test("the text is deterministic JSON that ends in a newline", () => {
  const source = TYPES + "export const OrderCodec = codecFor<Order>();\n";
  const text = formatSnapshot(snapshotOf("schema-text", source));
  expect(formatSnapshot(snapshotOf("schema-text", source))).toBe(text);
  expect(text.endsWith("}\n")).toBe(true);
  expect(text.startsWith('{\n  "format": "typed-msgpack wire schema",\n  "version": 1,\n  "codecs": {\n')).toBe(true);
});

test("a class with a wire mapping is recorded as mapped: the class, the mapping's name and the wire type", () => {
  const snapshot = snapshotOf(
    "schema-mapped",
    `import { codecFor, wireMapping } from "typed-msgpack";
export class Money { constructor(readonly cents: number) {} format() { return String(this.cents); } }
export const MoneyWire = wireMapping<Money, number>({
  is: (v) => v instanceof Money,
  encode: (m) => m.cents,
  decode: (n) => new Money(n),
});
export const PriceCodec = codecFor<{ amount: Money; was?: Money }>();
`,
  );
  const codec = snapshot.codecs["schema-mapped.ts#PriceCodec"]!;
  const named = Object.values(codec.types)[0]!;
  expect(named.kind === "object" && named.properties).toEqual([
    {
      name: "amount",
      optional: false,
      type: { kind: "mapped", name: "Money", mapping: "MoneyWire", wire: { kind: "number" } },
    },
    {
      name: "was",
      optional: true,
      type: { kind: "mapped", name: "Money", mapping: "MoneyWire", wire: { kind: "number" } },
    },
  ]);
});
