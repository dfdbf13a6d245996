/**
 * Shared by the linking tests: projects in temp folders compiled through the real transformer of
 * the private package build (test/generate/helpers.ts builtPackage), their output run by node in a
 * child process so that module specifiers resolve as they do for a user.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { builtPackage, makeProject, ROOT_TYPESCRIPT, run } from "../../generate/helpers";

export { cli, removeTempDirs, ROOT_TYPESCRIPT, run } from "../../generate/helpers";

type TransformerFactoryOf = (
  program: ts.Program,
  options?: object,
  extras?: object,
) => ts.TransformerFactory<ts.SourceFile>;

let pkg: string | undefined;
let transformer: TransformerFactoryOf | undefined;

/** The private package build (built once per source state) and its transformer. */
export function packageBuild(): { pkg: string; transformer: TransformerFactoryOf } {
  pkg ??= builtPackage();
  transformer ??= require(path.join(pkg, "dist/transformer/index.js")).default as TransformerFactoryOf;
  return { pkg, transformer };
}

/**
 * A project in a fresh temp folder: `files`, a package.json of `type`, node_modules/typed-msgpack
 * (the private build) and @msgpack/msgpack (as installed for the repository's tests, for reference
 * bytes); with `typescript`, also the repository's TypeScript (the compiler `generate` finds first).
 */
export function linkingProject(
  name: string,
  files: Record<string, string>,
  type: "commonjs" | "module" = "commonjs",
  { typescript = false } = {},
): string {
  const dir = makeProject(
    name,
    { "package.json": JSON.stringify({ type }), ...files },
    { pkg: packageBuild().pkg, typescript: typescript ? ROOT_TYPESCRIPT : undefined },
  );
  fs.symlinkSync(path.join(ROOT_TYPESCRIPT, "../@msgpack"), path.join(dir, "node_modules/@msgpack"), "dir");
  return dir;
}

export interface Built {
  /** Emitted JavaScript by path relative to the output folder (`order.js`, `codecs/order.js`). */
  js: Record<string, string>;
  /** Type errors and the transformer's diagnostics, as `file: message`. */
  diagnostics: string[];
  program: ts.Program;
}

/**
 * Compiles every .ts file under `dir/src` with the transformer as a plugin into `dir/<outDir>`.
 * `only` emits just that source file (relative to src), from a fresh Program over all of them.
 */
export function build(
  dir: string,
  options: ts.CompilerOptions,
  pluginOptions: object = {},
  { outDir = "out", only }: { outDir?: string; only?: string } = {},
): Built {
  const src = path.join(dir, "src");
  const files = (fs.readdirSync(src, { recursive: true }) as string[])
    .filter((f) => /\.[mc]?ts$/.test(f))
    .map((f) => path.join(src, f));
  const compilerOptions: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2020,
    strict: true,
    skipLibCheck: true,
    types: [],
    rootDir: src,
    outDir: path.join(dir, outDir),
    ...options,
  };
  const program = ts.createProgram(files, compilerOptions);
  const diagnostics: ts.Diagnostic[] = [...ts.getPreEmitDiagnostics(program)];
  const js: Record<string, string> = {};
  const factory = packageBuild().transformer(program, pluginOptions, {
    addDiagnostic: (d: ts.Diagnostic) => diagnostics.push(d),
  });
  const target = only === undefined ? undefined : program.getSourceFile(path.join(src, only));
  if (only !== undefined && !target) throw new Error(`no ${only} in the program`);
  program.emit(
    target,
    (name, text) => {
      js[path.relative(path.join(dir, outDir), name).split(path.sep).join("/")] = text;
      fs.mkdirSync(path.dirname(name), { recursive: true });
      fs.writeFileSync(name, text);
    },
    undefined,
    false,
    { before: [factory] },
  );
  return {
    js,
    program,
    diagnostics: diagnostics.map(
      (d) =>
        `${d.file ? path.relative(src, d.file.fileName) + ": " : ""}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    ),
  };
}

/** As build, and fails unless the project compiled without a single diagnostic. */
export function buildClean(
  dir: string,
  options: ts.CompilerOptions,
  pluginOptions: object = {},
  extra: { outDir?: string; only?: string } = {},
): Record<string, string> {
  const built = build(dir, options, pluginOptions, extra);
  if (built.diagnostics.length > 0) throw new Error(`${dir} did not compile cleanly:\n${built.diagnostics.join("\n")}`);
  return built.js;
}

/** Runs `node <args>` in `dir`; fails with everything it printed unless it exits 0. */
export function node(dir: string, ...args: string[]): string {
  const r = run(process.execPath, args, dir);
  if (r.status !== 0) throw new Error(r.output);
  return r.stdout;
}

/**
 * True when `js` has a codec of its own for the object type `name`: an encoder or decoder function
 * for it that checks or reads the map itself. A function that only hands the value to a linked
 * codec (`__tm_a.ACodec.writeTo(w, v, p, d)`, as array roots of a linked element have) is not one.
 */
export function hasOwnCodec(js: string, name: string): boolean {
  const functions = js
    .split(/\n(?=function |const |\/\/ )/)
    .filter((chunk) => new RegExp(`^function __tm_(enc|dec)${name}\\d*\\(`).test(chunk));
  return functions.some((body) => /isRecordLike\(|mapHeader\(|\.key\(/.test(body));
}

/** The module specifiers `js` imports or requires. */
export function importsOf(js: string): string[] {
  return [...js.matchAll(/(?:require\(|from )"([^"]+)"/g)].map((m) => m[1]!);
}

/** The relative module specifiers `js` imports or requires, sorted. */
export function relativeImportsOf(js: string): string[] {
  return importsOf(js)
    .filter((s) => s.startsWith("."))
    .sort();
}
