/**
 * One model, two checkers: every golden case, the property zoo and the bench's types give the same type model (IR),
 * the same problems and the same generated source through TypeScript 7's checker
 * (checkers/native.ts) as through TypeScript 6's (checkers/classic.ts), on TypeScript 7.0 and the
 * newest 7.x.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { NativeProgram } from "../../transformer/checkers/native-program";
import type { NativeSourceFile } from "../../transformer/checkers/native-api";
import { diagnosticOf, modelFile } from "../../transformer/pipeline";
import ts from "typescript";
import { generateSource, generateText } from "../../transformer/generate";
import { cachingHost, compile, FIXTURE_OPTIONS } from "../helpers/compile";
import { ZOO_SOURCE } from "../property/zoo";
import { NATIVE_VERSIONS, withProject, writeProject } from "./helpers";

const CASES_DIR = path.join(__dirname, "../golden/cases");
const sources: [string, string][] = [
  ...fs
    .readdirSync(CASES_DIR)
    .filter((f) => f.endsWith(".ts"))
    .map((f): [string, string] => [f.replace(/\.ts$/, ""), fs.readFileSync(path.join(CASES_DIR, f), "utf8")]),
  ["zoo", ZOO_SOURCE],
  ["bench", benchSource()],
];

/** The bench's types and codecs (bench/src/types.ts, codecs.ts) as one module. */
function benchSource(): string {
  const dir = path.join(__dirname, "../../bench/src");
  const codecs = fs
    .readFileSync(path.join(dir, "codecs.ts"), "utf8")
    .replace(/import type \{[^}]*\} from "\.\/types";\n/g, "");
  return `${fs.readFileSync(path.join(dir, "types.ts"), "utf8")}\n${codecs}`;
}

describe.each(NATIVE_VERSIONS)("TypeScript %s", (version) => {
  test.each(sources)("%s: the same model and problems as TypeScript 6", (name, source) => {
    const classic = compile(`parity_${name}`, source);
    // The same file name as classic's: TS91003 names the file of the errors it shows.
    const fileName = `parity_${name}.ts`;
    const tsconfig = writeProject(`parity-${version}-${name}`, { [fileName]: source });
    const native = withProject(version, tsconfig, (project) => {
      const view = new NativeProgram(project);
      const file = view.sourceFile(path.join(path.dirname(tsconfig), fileName))!;
      const result = modelFile(view, file, { link: true, moduleOf: (f) => f });
      const at = (offset: number) => {
        const { line, character } = (file as unknown as NativeSourceFile).getLineAndCharacterOfPosition(offset);
        return `${line + 1}:${character + 1}`;
      };
      const diagnostics = result.problems.map((p) => diagnosticOf(file, p)).map((d) => `${at(d.start)} ${d.message}`);
      return { model: result.model, diagnostics, text: generateText(view, file).text };
    });
    expect(JSON.stringify(native.model, null, 1)).toBe(JSON.stringify(classic.model, null, 1));
    // The transformer's diagnostics (the fixture's own type errors come first in classic's list).
    const expected = classic.diagnostics.filter((d) => /^\d+:\d+ (\w+\.)?codecFor/.test(d));
    expect(native.diagnostics).toEqual(expected);
    if (name.startsWith("error-")) expect(expected.length).toBeGreaterThan(0);
    // generate's output: the same text, byte for byte.
    const program = ts.createProgram([classic.file], FIXTURE_OPTIONS, cachingHost());
    const text = generateSource(program, program.getSourceFile(classic.file)!).text;
    expect(native.text).toBe(text);
    if (!name.startsWith("error-")) expect(text).toContain("__tm.Codec<");
  });
});

describe.each(NATIVE_VERSIONS)("TypeScript %s under other compiler options", (version) => {
  const source = `import { codecFor } from "typed-msgpack";
export interface Optionals { note?: string; either?: string | number; explicit?: string | undefined; nullable?: string | null; required: string | undefined }
export const OptionalsCodec = codecFor<Optionals>();
export const PartialCodec = codecFor<Partial<{ a: number; b: string | boolean }>>();
`;
  test.each([{ exactOptionalPropertyTypes: true }, { exactOptionalPropertyTypes: false }, { strict: false }])(
    "%p: the same generated source",
    (options) => {
      const tsconfig = writeProject(`options-${version}-${JSON.stringify(options).replace(/\W+/g, "_")}`, {
        "optionals.ts": source,
      });
      const config = JSON.parse(fs.readFileSync(tsconfig, "utf8"));
      Object.assign(config.compilerOptions, options);
      fs.writeFileSync(tsconfig, JSON.stringify(config));
      const file = path.join(path.dirname(tsconfig), "optionals.ts");
      const native = withProject(version, tsconfig, (project) => {
        const view = new NativeProgram(project);
        return generateText(view, view.sourceFile(file)!).text;
      });
      const compilerOptions = { ...FIXTURE_OPTIONS, ...options };
      const program = ts.createProgram([file], compilerOptions, cachingHost());
      expect(native).toBe(generateSource(program, program.getSourceFile(file)!).text);
    },
  );
});
