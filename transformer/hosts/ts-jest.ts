/**
 * `typed-msgpack/ts-jest`: the transformer as a ts-jest AST transformer (ts-jest 29.x).
 *
 * ```js
 * // jest.config.js
 * transform: { "^.+\\.tsx?$": ["ts-jest", { astTransformers: { before: ["typed-msgpack/ts-jest"] } }] }
 * ```
 *
 * ts-jest calls `factory(tsCompiler, options)` before each file it emits. Its public
 * `tsCompiler.program` is the language service's Program from when ts-jest started, before any
 * test file was added to it, so it never holds the file being compiled; the current Program comes
 * from `tsCompiler._languageService.getProgram()` (ts-jest's `TsCompiler`,
 * dist/legacy/compiler/ts-compiler.js). ts-jest has no language service when it compiles file by
 * file (`isolatedModules: true` in the tsconfig it uses, or its own deprecated `isolatedModules`
 * option): then there is no type information, and a file that calls `codecFor<T>()` fails to
 * compile with a message that names the setting.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import typedMsgpackTransformer from "../index.js";
import type { TransformerOptions } from "../options.js";
import { looksLikeCodecCall } from "../recognize/is-codec-call.js";

/** What the adapter reads of ts-jest's `TsCompiler` (ts-jest 29.x). */
export interface TsJestCompilerLike {
  configSet?: { isolatedModules?: boolean };
  /** ts-jest internal: set when ts-jest type-checks (no isolatedModules), absent otherwise. */
  _languageService?: ts.LanguageService;
  program?: ts.Program;
}

/** ts-jest keys its cache on `name` and `version`: a new typed-msgpack version recompiles test files. */
export const name = "typed-msgpack";
export const version = packageVersion();

export function factory(
  compiler: TsJestCompilerLike,
  options?: TransformerOptions,
): ts.TransformerFactory<ts.SourceFile> {
  const service = compiler._languageService;
  if (service && typeof service.getProgram === "function") {
    // Fetched per file: the Program that holds the file ts-jest is emitting right now.
    return typedMsgpackTransformer(() => {
      const program = service.getProgram();
      if (!program) throw new Error("typed-msgpack/ts-jest: ts-jest's language service has no Program");
      return program;
    }, options);
  }
  if (compiler.configSet?.isolatedModules === false) {
    throw new Error(
      "typed-msgpack/ts-jest: this ts-jest type-checks but its compiler has no `_languageService` to take the Program from " +
        '(the adapter is written against ts-jest 29.x). Use ts-jest\'s `compiler: "ts-patch/compiler"` option with the ' +
        'tsconfig plugin line { "transform": "typed-msgpack/transformer" } instead.',
    );
  }
  return isolatedModulesGuard;
}

/** Without type information nothing can be generated: the first `codecFor<T>()` call fails the file. */
const isolatedModulesGuard: ts.TransformerFactory<ts.SourceFile> = () => (file) => {
  const source = ts.getParseTreeNode(file, ts.isSourceFile) ?? file;
  const find = (node: ts.Node): ts.CallExpression | undefined =>
    ts.isCallExpression(node) && looksLikeCodecCall(node) ? node : ts.forEachChild(node, find);
  const call = find(source);
  if (call) {
    const { line, character } = source.getLineAndCharacterOfPosition(call.getStart(source));
    throw new Error(
      `${source.fileName}:${line + 1}:${character + 1} - typed-msgpack: ${call.getText(source)} cannot be compiled because ` +
        "ts-jest runs with isolatedModules: true, which compiles each file on its own with no type information. " +
        'Turn isolatedModules off for ts-jest: set "isolatedModules": false in the tsconfig ts-jest uses (or pass ' +
        "tsconfig: { isolatedModules: false } in ts-jest's options), and drop ts-jest's own \"isolatedModules\" option.",
    );
  }
  return file;
};

function packageVersion(): string {
  // This file is dist/transformer/hosts/ts-jest.js; the package's package.json is three folders up.
  try {
    return String(JSON.parse(fs.readFileSync(path.join(__dirname, "../../../package.json"), "utf8")).version);
  } catch {
    return "0.0.0";
  }
}
