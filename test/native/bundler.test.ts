/**
 * The bundler plugin's CodecModules on TypeScript 7.0 and 7.1 (bundler/native-codec-modules.ts) and
 * on the TypeScript this worker runs (4.9-6, bundler/classic-codec-modules.ts), in one session per
 * version as a bundler would hold it: a module's dependencies (type-only imports and
 * what they import, not the runtime's declaration files); an edit to a type-only import, reported
 * as a change, reaches the next transform; text a bundler passes that differs from the file is what
 * is checked, and once it matches the file again the file is; a codec that cannot be generated is
 * an error with file:line:col.
 */
import * as fs from "node:fs";
import { SourceMap } from "node:module";
import * as path from "node:path";
import { ClassicCodecModules } from "../../transformer/bundler/classic-codec-modules";
import { BuildError, type CodecModules } from "../../transformer/bundler/codec-modules";
import { NativeCodecModules } from "../../transformer/bundler/native-codec-modules";
import { NATIVE_VERSIONS, type NativeVersion, nativeModules, writeProject } from "./helpers";

const MODEL = "export interface Order {\n  id: number;\n  note?: string;\n}\n";
const MAIN =
  'import { codecFor } from "typed-msgpack";\nimport type { Order } from "./model.js";\nexport const OrderCodec = codecFor<Order>();\n';

/** A wire mapping (issue 59) in a module of its own, which the codec's module imports its class from. */
const MONEY = `import { wireMapping } from "typed-msgpack";
export class Money { constructor(readonly cents: number) {} format() { return String(this.cents); } }
export const MoneyWire = wireMapping<Money, number>({ is: (v) => v instanceof Money, encode: (m) => m.cents, decode: (n) => new Money(n) });
`;
const PRICED =
  'import { codecFor } from "typed-msgpack";\nimport type { Money } from "./money.js";\nexport const PricedCodec = codecFor<{ price: Money }>();\n';

const { typescript, nativeRequire } = (
  globalThis as { __typedMsgpackTest?: { typescript: { version: string }; nativeRequire: (f: string) => unknown } }
).__typedMsgpackTest!;
const CLASSIC = `${typescript.version} (in process)`;

describe.each([...NATIVE_VERSIONS, CLASSIC])("TypeScript %s", (version) => {
  const tsconfig = writeProject(`bundler-${version.replace(/\W+/g, "-")}`, {
    "model.ts": MODEL,
    "main.ts": MAIN,
    "other.ts": "export {};\n",
    "money.ts": MONEY,
    "priced.ts": PRICED,
  });
  const dir = path.dirname(tsconfig);
  const main = path.join(dir, "main.ts");
  const model = path.join(dir, "model.ts");
  let modules: CodecModules & { close?: () => void };

  beforeAll(() => {
    const typescriptDir = path.join(__dirname, `ts-${version}/node_modules/typescript`);
    modules =
      version === CLASSIC
        ? new ClassicCodecModules(tsconfig, {}, dir)
        : new NativeCodecModules(
            nativeModules(version as NativeVersion),
            typescriptDir,
            tsconfig,
            {},
            dir,
            nativeRequire,
          );
  });
  afterAll(() => modules.close?.());
  afterEach(() => fs.writeFileSync(model, MODEL));

  test("the codec and its dependencies: the type-only import, not the other files", () => {
    const result = modules.transform(main, MAIN);
    expect(result.code).toContain('"note"');
    expect(result.code).not.toMatch(/= codecFor/);
    // (and the runtime's sources, which the fixtures' tsconfig maps typed-msgpack to)
    expect(result.dependencies).toContain(model);
    expect(result.dependencies).not.toContain(path.join(dir, "other.ts"));
    expect(result.inputs).toEqual(expect.arrayContaining([model, tsconfig]));
    expect(result.inputs).not.toContain(path.join(dir, "other.ts"));
  });

  test("the source map takes each token of the user's code, and the replaced call, back to where it was written", () => {
    const text = `${MAIN}export function roundTrip(order: Order): Order {\n  return OrderCodec.decode(OrderCodec.encode(order));\n}\n`;
    const result = modules.transform(main, text);
    const map = new SourceMap(result.map as unknown as ConstructorParameters<typeof SourceMap>[0]);
    expect(result.map!.sources).toEqual([main]);
    /** Where the `occurrence`th `needle` of the output came from, as [line, column] (0-based). */
    const origin = (needle: string, occurrence = 0) => {
      let index = -1;
      for (let i = 0; i <= occurrence; i++) index = result.code!.indexOf(needle, index + 1);
      const before = result.code!.slice(0, index).split("\n");
      const entry = map.findEntry(before.length - 1, before[before.length - 1]!.length) as {
        originalLine: number;
        originalColumn: number;
      };
      return [entry.originalLine, entry.originalColumn];
    };
    const lines = text.split("\n");
    const at = (needle: string): [number, number] => {
      const line = lines.findIndex((l) => l.includes(needle));
      return [line, lines[line]!.indexOf(needle)];
    };
    expect(origin("export const OrderCodec")).toEqual(at("export const OrderCodec"));
    expect(origin("(__tm_OrderCodec as __tm.Codec<Order>)")).toEqual(at("codecFor<Order>()"));
    expect(origin("return OrderCodec.decode")).toEqual(at("return OrderCodec.decode"));
    expect(origin("encode(order)")).toEqual(at("encode(order)"));
    expect(origin("export function roundTrip")).toEqual(at("export function roundTrip"));
  });

  test("an edit to the type-only import, once reported, is in the next codec; so is its undoing", () => {
    fs.writeFileSync(model, MODEL.replace("  note?: string;", "  note?: string;\n  priority: number;"));
    modules.changed(model);
    expect(modules.transform(main, MAIN).code).toContain('"priority"');
    fs.writeFileSync(model, MODEL);
    modules.changed(model);
    expect(modules.transform(main, MAIN).code).not.toContain('"priority"');
  });

  test("text that differs from the file (another plugin ran first) is what is checked, until it matches again", () => {
    const other = MAIN.replace("codecFor<Order>()", "codecFor<Order & { extra: string }>()");
    expect(modules.transform(main, other).code).toContain('"extra"');
    expect(modules.transform(main, MAIN).code).not.toContain('"extra"');
  });

  test("a class with a wire mapping: the codec imports the mapping's module and goes through it", () => {
    const result = modules.transform(path.join(dir, "priced.ts"), PRICED);
    expect(result.code).toMatch(/import \* as (\w+) from "\.\/money\.js";/);
    expect(result.code).toMatch(/__tm_mapEncode\(__tm_money\.MoneyWire, v, "Money", p\)/);
    expect(result.code).toMatch(/__tm_mapDecode\(r, __tm_money\.MoneyWire, x, "Money", p, at\)/);
    expect(result.dependencies).toContain(path.join(dir, "money.ts"));
  });

  test("a codec that cannot be generated is an error at file:line:col", () => {
    const bad = MAIN.replace("codecFor<Order>()", "codecFor<Order & { onClick: () => void }>()");
    // (twice: the same text again must not be mistaken for the file's)
    expect(() => modules.transform(main, bad)).toThrow(BuildError);
    expect(() => modules.transform(main, bad)).toThrow(/main\.ts:3:\d+ - error TS91010/);
  });
});
