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
import * as path from "node:path";
import { ClassicCodecModules } from "../../transformer/bundler/classic-codec-modules";
import { BuildError, type CodecModules } from "../../transformer/bundler/codec-modules";
import { NativeCodecModules } from "../../transformer/bundler/native-codec-modules";
import { NATIVE_VERSIONS, type NativeVersion, nativeModules, writeProject } from "./helpers";

const MODEL = "export interface Order {\n  id: number;\n  note?: string;\n}\n";
const MAIN =
  'import { codecFor } from "typed-msgpack";\nimport type { Order } from "./model.js";\nexport const OrderCodec = codecFor<Order>();\n';

const { typescript, nativeRequire } = (
  globalThis as { __typedMsgpackTest?: { typescript: { version: string }; nativeRequire: (f: string) => unknown } }
).__typedMsgpackTest!;
const CLASSIC = `${typescript.version} (in process)`;

describe.each([...NATIVE_VERSIONS, CLASSIC])("TypeScript %s", (version) => {
  const tsconfig = writeProject(`bundler-${version.replace(/\W+/g, "-")}`, {
    "model.ts": MODEL,
    "main.ts": MAIN,
    "other.ts": "export {};\n",
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

  test("a codec that cannot be generated is an error at file:line:col", () => {
    const bad = MAIN.replace("codecFor<Order>()", "codecFor<Order & { onClick: () => void }>()");
    // (twice: the same text again must not be mistaken for the file's)
    expect(() => modules.transform(main, bad)).toThrow(BuildError);
    expect(() => modules.transform(main, bad)).toThrow(/main\.ts:3:\d+ - error TS91010/);
  });
});
