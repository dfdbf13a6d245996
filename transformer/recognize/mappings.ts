/**
 * Wire mappings (runtime/codec-for.ts `wireMapping`): every exported top-level
 * `export const DecimalWire = wireMapping<Decimal, string>({ ... })` of the program's own source
 * files, by the class type it maps. The call is recognized by the declaration it resolves to, as
 * codecFor is, never by its name; a type mapped by several files belongs to the first by file
 * name. Generated code imports the constant by a namespace import, from its own module too, so
 * nothing depends on the order in which modules load.
 */
import type { Type } from "../model/checker.js";
import type { Mappings, MappingOf } from "../model/walker.js";
import { codecCalls } from "./codec-calls.js";
import { extensionStyle, specifier, type ExtensionStyle } from "./links.js";
import type { ProgramView } from "./program-view.js";
import { Syntax, type CallNode, type NamedNode, type SyntaxFile, type VariableStatementNode } from "./syntax.js";

type Declared = { fileName: string; exportName: string } & ({ wire: Type } | { ext: number } | { invalid: string });

const byProgram = new WeakMap<ProgramView, Map<Type, Declared>>();
/** Per program: whether a file that declares mappings also has codecs (and so a generated module of its own). */
const withCodecs = new WeakMap<ProgramView, Map<string, boolean>>();

function declaredMappingsOf(view: ProgramView): Map<Type, Declared> {
  let found = byProgram.get(view);
  if (found) return found;
  found = new Map();
  const syntax = view.syntax;
  const files = view
    .ownFiles()
    .filter((f) => f.text.includes("wireMapping") || f.text.includes("extensionMapping"))
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const file of files) {
    for (const statement of file.statements) {
      if (!syntax.is(statement, "VariableStatement")) continue;
      const variables = statement as VariableStatementNode;
      if (!variables.modifiers?.some((m) => syntax.is(m, "ExportKeyword"))) continue;
      if (!(variables.declarationList.flags & Syntax.CONST)) continue;
      for (const declaration of variables.declarationList.declarations) {
        const call = declaration.initializer as CallNode | undefined;
        if (!syntax.isIdentifier(declaration.name) || !syntax.isCall(call)) continue;
        const typeArguments = call.typeArguments?.length ?? 0;
        const wire = typeArguments === 2 && view.isMappingCall(call, "wireMapping");
        if (!wire && !(typeArguments === 1 && view.isMappingCall(call, "extensionMapping"))) continue;
        const type = view.typeOf(call.typeArguments![0]!);
        if (view.checker.isError(type) || found.has(type)) continue;
        const at = { fileName: file.fileName, exportName: (declaration.name as NamedNode).text };
        found.set(
          type,
          wire ? { ...at, wire: view.typeOf(call.typeArguments![1]!) } : { ...at, ...extensionType(call) },
        );
      }
    }
  }
  byProgram.set(view, found);
  return found;
}

/** The extension type id of `extensionMapping<T>(7, ...)`: an integer literal from 0 to 127. */
function extensionType(call: CallNode): { ext: number } | { invalid: string } {
  const text = call.arguments[0]?.getText().trim() ?? "";
  const ext = /^(0|[1-9]\d{0,2})$/.test(text) ? Number(text) : Number.NaN;
  return ext <= 127 ? { ext } : { invalid: text };
}

/**
 * The wire mappings `file`'s codecs use, each with the specifier that imports its constant from
 * `file`. A mapping declared in a file with codecs is imported from the module that holds that
 * file's codecs (`moduleOf`: the file itself for the compiler plugin, its generated copy for
 * generate); one declared in a file without codecs, from the file itself.
 */
export function mappingsFor(
  view: ProgramView,
  file: SyntaxFile,
  moduleOf: (fileName: string) => string | undefined,
): Mappings {
  let declared: Map<Type, Declared> | undefined;
  let extension: ExtensionStyle | undefined;
  let hasCodecs = withCodecs.get(view);
  if (!hasCodecs) withCodecs.set(view, (hasCodecs = new Map()));
  const known = hasCodecs;
  return {
    get(type: Type): MappingOf | undefined {
      // Looked for when the first object type is met, not before: a file of primitives never asks.
      declared ??= declaredMappingsOf(view);
      const mapping = declared.get(type);
      if (!mapping) return undefined;
      let codecs = known.get(mapping.fileName);
      if (codecs === undefined) {
        const declaring = view.sourceFile(mapping.fileName);
        codecs = declaring !== undefined && codecCalls(view, declaring).length > 0;
        known.set(mapping.fileName, codecs);
      }
      const target = (codecs && moduleOf(mapping.fileName)) || mapping.fileName;
      extension ??= extensionStyle(view, file);
      const link = { module: specifier(file.fileName, target, extension), exportName: mapping.exportName };
      if ("wire" in mapping) return { link, wire: mapping.wire };
      return "ext" in mapping ? { link, ext: mapping.ext } : { link, invalid: mapping.invalid };
    },
  };
}
