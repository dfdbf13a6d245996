import * as path from "node:path";
import ts from "typescript";
import type { Links } from "../model/walker.js";
import type { Type } from "../model/checker.js";
import { readCodecOptions } from "./codec-options.js";
import { isCodecCall } from "./is-codec-call.js";

/** A top-level `export const <exportName> = codecFor<T>()`: where the codec of T lives. */
interface Declared {
  fileName: string;
  exportName: string;
}

/**
 * Every exported top-level codec of the program's own source files, by type. A type declared by
 * several files belongs to the first by file name, so that exactly one file owns each type and two
 * files can never link to each other for the same type. Computed once per Program (watch mode
 * hands out a new one after every change).
 */
const byProgram = new WeakMap<ts.Program, Map<ts.Type, Declared>>();

function declaredCodecsOf(program: ts.Program): Map<ts.Type, Declared> {
  let found = byProgram.get(program);
  if (found) return found;
  found = new Map();
  const checker = program.getTypeChecker();
  const files = program
    .getSourceFiles()
    .filter((f) => !f.isDeclarationFile && !program.isSourceFileFromExternalLibrary(f) && f.text.includes("codecFor"))
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const file of files) {
    for (const statement of file.statements) {
      if (
        !ts.isVariableStatement(statement) ||
        !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      )
        continue;
      if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const call = declaration.initializer;
        if (!ts.isIdentifier(declaration.name) || !call || !ts.isCallExpression(call)) continue;
        if (call.typeArguments?.length !== 1 || !isCodecCall(call, checker)) continue;
        // Links are to keyed codecs: a positional one writes its type in another form.
        const options = readCodecOptions(call);
        if ("reason" in options || options.layout !== "keyed") continue;
        const type = checker.getTypeFromTypeNode(call.typeArguments[0]!);
        if (!found.has(type)) found.set(type, { fileName: file.fileName, exportName: declaration.name.text });
      }
    }
  }
  byProgram.set(program, found);
  return found;
}

/**
 * The codecs `file`'s generated code may link to instead of copying: those declared in other files,
 * each with the specifier that imports it from `file`. `moduleOf` names the module that holds a
 * declaring file's codecs (the file itself for the compiler plugin, its `.codecs.ts` copy for
 * generate), or undefined where that file's codecs cannot be imported. Looked up per type reached,
 * not listed: a file reaches a few of the program's codecs, and listing all made every file cost
 * as much as the whole program.
 */
export function linksFor(
  program: ts.Program,
  file: ts.SourceFile,
  moduleOf: (fileName: string) => string | undefined,
): Links {
  const declaredCodecs = declaredCodecsOf(program);
  let extension: ExtensionStyle | undefined;
  return {
    get(type: Type) {
      const declared = declaredCodecs.get(type as unknown as ts.Type);
      if (!declared || declared.fileName === file.fileName) return undefined;
      const target = moduleOf(declared.fileName);
      if (target === undefined) return undefined;
      extension ??= extensionStyle(program.getCompilerOptions(), file);
      return { module: specifier(file.fileName, target, extension), exportName: declared.exportName };
    },
  };
}

type ExtensionStyle = "js" | "none" | "ts";

/**
 * A file whose relative imports name `.ts` files (allowImportingTsExtensions; the compiler rewrites
 * them with rewriteRelativeImportExtensions, and node, deno and bun run such files as they are)
 * imports codecs the same way. Otherwise Node16/NodeNext resolution needs the output's extension;
 * elsewhere the file's own relative imports show what its build expects (`./order.js` under
 * bundler resolution, or no extension).
 */
function extensionStyle(options: ts.CompilerOptions, file: ts.SourceFile): ExtensionStyle {
  const relative = file.statements
    .flatMap((s) =>
      (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
      s.moduleSpecifier &&
      ts.isStringLiteral(s.moduleSpecifier)
        ? [s.moduleSpecifier.text]
        : [],
    )
    .filter((m) => m.startsWith("."));
  if (relative.some((m) => /\.[mc]?tsx?$/.test(m) && !/\.d\.[mc]?ts$/.test(m))) return "ts";
  const resolution = options.moduleResolution;
  const module = options.module ?? 0;
  if (resolution === ts.ModuleResolutionKind.Node16 || resolution === ts.ModuleResolutionKind.NodeNext) return "js";
  if (resolution === undefined && module >= 100 && module <= 199) return "js"; // node16 .. nodenext imply their resolution
  return relative.some((m) => /\.[mc]?js$/.test(m)) ? "js" : "none";
}

/** `./order.js` / `../core/money` / `./order.ts`: how `from` imports the module compiled from `to`. */
function specifier(from: string, to: string, style: ExtensionStyle): string {
  let relative = path.posix.relative(path.posix.dirname(from), to);
  if (!relative.startsWith(".")) relative = "./" + relative;
  const match = /\.([mc]?)tsx?$/.exec(relative);
  if (!match || style === "ts") return relative;
  const stem = relative.slice(0, match.index);
  return style === "js" ? `${stem}.${match[1]}js` : stem;
}
