import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import typedMsgpackTransformer from "../../transformer/index";
import { transformFile } from "../../transformer/recognize/visit-file";
import { parseOptions } from "../../transformer/options";
import { docsLink } from "../../transformer/diagnostics/catalog";
import type { FileModel } from "../../transformer/model/ir";

const ROOT = path.resolve(__dirname, "../..");

/**
 * The transformer options fixtures compile with: the project default of `optimize` comes from the
 * jest project (jest.config.js "size-mode" reruns suites with `"size"`).
 */
export const TEST_OPTIMIZE: "speed" | "size" =
  (globalThis as { __typedMsgpackTest?: { optimize?: "speed" | "size" } }).__typedMsgpackTest?.optimize === "size"
    ? "size"
    : "speed";
const TRANSFORMER_OPTIONS = TEST_OPTIMIZE === "size" ? { optimize: "size" as const } : {};

/** Fixture sources and their emitted JS live here (git-ignored), so stack traces point at real files. */
export const GENERATED_DIR = path.join(ROOT, TEST_OPTIMIZE === "size" ? "test/.generated-size" : "test/.generated");

export const FIXTURE_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  strict: true,
  esModuleInterop: true,
  skipLibCheck: true,
  types: [],
  lib: ["lib.es2020.d.ts", "lib.dom.d.ts"],
  paths: {
    "typed-msgpack": [path.join(ROOT, "runtime/index.ts")],
    "typed-msgpack/stream": [path.join(ROOT, "runtime/stream.ts")],
    "typed-msgpack/internal": [path.join(ROOT, "runtime/internal.ts")],
    "typed-msgpack/interpret": [path.join(ROOT, "runtime/interpret/index.ts")],
  },
};

export interface Compiled {
  js: string;
  /** Type errors of the fixture itself, then the transformer's diagnostics, as `line:col message`. */
  diagnostics: string[];
  /** The transformer's type model of the fixture (undefined when it has no codec calls). */
  model?: FileModel;
  file: string;
}

/** Shared by the suites of one jest worker (test/helpers/environment.js). */
const libCache: Map<string, ts.SourceFile> =
  (globalThis as { __typedMsgpackTest?: { sourceFiles: Map<string, ts.SourceFile> } }).__typedMsgpackTest
    ?.sourceFiles ?? new Map();

/** A host that parses lib and runtime files once per test worker. */
export function cachingHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(FIXTURE_OPTIONS, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const cacheable = !fileName.startsWith(GENERATED_DIR);
    const cached = cacheable ? libCache.get(fileName) : undefined;
    if (cached) return cached;
    const file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
    if (file && cacheable) libCache.set(fileName, file);
    return file;
  };
  return host;
}

function formatDiagnostic(d: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
  if (!d.file || d.start === undefined) return message;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${line + 1}:${character + 1} ${message}`;
}

/** Compiles `source` as `test/.generated/<name>.ts` through the real transformer (as ts-patch runs it). */
export function compile(name: string, source: string): Compiled {
  const file = writeFixture(name, source);
  return compileIn(ts.createProgram([file], FIXTURE_OPTIONS, cachingHost()), file);
}

/**
 * compile() of many fixtures through one program, each on first request: a fixture is still checked
 * and emitted alone, but the program (lib and runtime files merged into one checker) is built once,
 * not once a fixture. For fixtures that are modules and declare no globals, so that none sees another.
 */
export function compileMany(
  fixtures: readonly (readonly [name: string, source: string])[],
): (name: string) => Compiled {
  const files = new Map(fixtures.map(([name, source]) => [name, writeFixture(name, source)]));
  let program: ts.Program | undefined;
  const compiled = new Map<string, Compiled>();
  return (name) => {
    const file = files.get(name);
    if (file === undefined) throw new Error(`no fixture named ${name} in this compileMany`);
    program ??= ts.createProgram([...files.values()], FIXTURE_OPTIONS, cachingHost());
    let result = compiled.get(name);
    if (!result) compiled.set(name, (result = compileIn(program, file)));
    return result;
  };
}

function writeFixture(name: string, source: string): string {
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  const file = path.join(GENERATED_DIR, name + ".ts");
  fs.writeFileSync(file, source);
  return file;
}

function compileIn(program: ts.Program, file: string): Compiled {
  const sourceFile = program.getSourceFile(file)!;
  const diagnostics = [
    ...program.getSyntacticDiagnostics(sourceFile),
    ...program.getSemanticDiagnostics(sourceFile),
  ].map(formatDiagnostic);
  let model: FileModel | undefined;
  const transformerDiagnostics: ts.Diagnostic[] = [];
  const extras = { addDiagnostic: (d: ts.Diagnostic) => void transformerDiagnostics.push(d) };
  // The public factory does the work; a second pass records the model for IR snapshots.
  const factory = typedMsgpackTransformer(program, TRANSFORMER_OPTIONS, extras);
  const recordModel: ts.TransformerFactory<ts.SourceFile> = (context) => (sf) => {
    model = transformFile(sf, context, program, parseOptions(TRANSFORMER_OPTIONS), () => undefined).model;
    return sf;
  };
  let js = "";
  program.emit(
    sourceFile,
    (fileName, text) => {
      if (fileName.endsWith(".js")) js = text;
    },
    undefined,
    false,
    { before: [recordModel, factory] },
  );
  for (const d of transformerDiagnostics) {
    // Every message of ours ends its first line with the link to its own code's section of
    // docs/diagnostics.md (before the colon that introduces errors it quotes below, TS91003).
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!message.split("\n")[0]!.replace(/:$/, "").endsWith(docsLink(d.code)))
      throw new Error(`TS${d.code} does not end with the link to its docs section: ${message}`);
  }
  diagnostics.push(...transformerDiagnostics.map(formatDiagnostic));
  fs.writeFileSync(file.replace(/\.ts$/, ".js"), js);
  return { js, diagnostics, model, file };
}

/**
 * The JavaScript the compiler plugin emits for a compiled fixture as an ES module: what a reader of
 * a golden file wants to see, the generated code without CommonJS interop helpers around it.
 */
export function emitAsModule(compiled: Compiled): string {
  const options = {
    ...FIXTURE_OPTIONS,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const program = ts.createProgram([compiled.file], options, cachingHost());
  let js = "";
  program.emit(
    program.getSourceFile(compiled.file),
    (fileName, text) => {
      if (fileName.endsWith(".js")) js = text;
    },
    undefined,
    false,
    { before: [typedMsgpackTransformer(program, {}, { addDiagnostic: () => undefined })] },
  );
  return js;
}

/** Compiles a fixture, fails on any diagnostic, and returns its exports. */
export function load<T = Record<string, any>>(name: string, source: string): T {
  const compiled = compile(name, source);
  if (compiled.diagnostics.length > 0)
    throw new Error(`fixture ${name} did not compile:\n${compiled.diagnostics.join("\n")}`);
  return require(compiled.file.replace(/\.ts$/, ".js")) as T;
}
