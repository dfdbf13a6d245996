import * as path from "node:path";
import type { Type } from "../model/checker.js";
import type { Links } from "../model/walker.js";
import { readCodecOptions } from "./codec-options.js";
import type { ProgramView } from "./program-view.js";
import {
  Syntax,
  type CallNode,
  type ModuleReferenceNode,
  type NamedNode,
  type SyntaxFile,
  type VariableStatementNode,
} from "./syntax.js";

/** A top-level `export const <exportName> = codecFor<T>()`: where the codec of T lives. */
interface Declared {
  fileName: string;
  exportName: string;
}

/**
 * Every exported top-level codec of the program's own source files, by type. A type declared by
 * several files belongs to the first by file name, so that exactly one file owns each type and two
 * files can never link to each other for the same type. Computed once per program (watch mode and
 * the bundler plugin hand out a new one after every change).
 */
const byProgram = new WeakMap<ProgramView, Map<Type, Declared>>();

function declaredCodecsOf(view: ProgramView): Map<Type, Declared> {
  let found = byProgram.get(view);
  if (found) return found;
  found = new Map();
  const syntax = view.syntax;
  const files = view
    .ownFiles()
    .filter((f) => f.text.includes("codecFor"))
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const file of files) {
    const exported: [NamedNode, CallNode][] = [];
    for (const statement of file.statements) {
      if (!syntax.is(statement, "VariableStatement")) continue;
      const variables = statement as VariableStatementNode;
      if (!variables.modifiers?.some((m) => syntax.is(m, "ExportKeyword"))) continue;
      if (!(variables.declarationList.flags & Syntax.CONST)) continue;
      for (const declaration of variables.declarationList.declarations) {
        const call = declaration.initializer;
        if (syntax.isIdentifier(declaration.name) && syntax.isCall(call) && call.typeArguments?.length === 1)
          exported.push([declaration.name as NamedNode, call]);
      }
    }
    view.prepareCalls?.(exported.map(([, call]) => call));
    for (const [name, call] of exported) {
      if (!view.isCodecCall(call)) continue;
      // Links are to keyed codecs: a positional one writes its type in another form.
      const options = readCodecOptions(call, syntax);
      if ("reason" in options || options.layout !== "keyed") continue;
      const type = view.typeOf(call.typeArguments![0]!);
      if (!found.has(type)) found.set(type, { fileName: file.fileName, exportName: name.text });
    }
  }
  byProgram.set(view, found);
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
  view: ProgramView,
  file: SyntaxFile,
  moduleOf: (fileName: string) => string | undefined,
): Links {
  const declaredCodecs = declaredCodecsOf(view);
  let extension: ExtensionStyle | undefined;
  return {
    get(type: Type) {
      const declared = declaredCodecs.get(type);
      if (!declared || declared.fileName === file.fileName) return undefined;
      const target = moduleOf(declared.fileName);
      if (target === undefined) return undefined;
      extension ??= extensionStyle(view, file);
      return { module: specifier(file.fileName, target, extension), exportName: declared.exportName };
    },
  };
}

export type ExtensionStyle = "js" | "none" | "ts";

/**
 * A file whose relative imports name `.ts` files (allowImportingTsExtensions; the compiler rewrites
 * them with rewriteRelativeImportExtensions, and node, deno and bun run such files as they are)
 * imports codecs the same way. Otherwise Node16/NodeNext resolution needs the output's extension;
 * elsewhere the file's own relative imports show what its build expects (`./order.js` under
 * bundler resolution, or no extension).
 */
export function extensionStyle(view: ProgramView, file: SyntaxFile): ExtensionStyle {
  const syntax = view.syntax;
  const relative = file.statements
    .flatMap((s) => {
      const specifier = (s as ModuleReferenceNode).moduleSpecifier;
      return (syntax.is(s, "ImportDeclaration") || syntax.is(s, "ExportDeclaration")) &&
        syntax.is(specifier, "StringLiteral")
        ? [(specifier as NamedNode).text]
        : [];
    })
    .filter((m) => m.startsWith("."));
  if (relative.some((m) => /\.[mc]?tsx?$/.test(m) && !/\.d\.[mc]?ts$/.test(m))) return "ts";
  if (view.extensionsRequired) return "js";
  return relative.some((m) => /\.[mc]?js$/.test(m)) ? "js" : "none";
}

/** `./order.js` / `../core/money` / `./order.ts`: how `from` imports the module compiled from `to`. */
export function specifier(from: string, to: string, style: ExtensionStyle): string {
  let relative = path.posix.relative(path.posix.dirname(from), to);
  if (!relative.startsWith(".")) relative = "./" + relative;
  const match = /\.([mc]?)tsx?$/.exec(relative);
  if (!match || style === "ts") return relative;
  const stem = relative.slice(0, match.index);
  return style === "js" ? `${stem}.${match[1]}js` : stem;
}
