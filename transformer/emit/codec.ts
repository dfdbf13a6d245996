import type ts from "typescript";
import type { FileModel } from "../model/ir.js";
import { emitCode } from "./code.js";
import { codecName, internalEntry, RUNTIME_ALIAS } from "./context.js";
import { TextBuild } from "./text-build.js";

export { codecName, emitCode };

/**
 * Emits everything one file's `codecFor` calls need, from the file's type model alone: the imports
 * of linked modules, key tables and template texts, one function per type and direction, one codec
 * constant per root. The imports are nodes, for the compiler's module transform. For JavaScript
 * output the rest is written as text (TextBuild) and handed over as one statement printed as it
 * stands (TypeScript source, for generate, is emit/source.ts's).
 */
export function emitFile(
  factory: ts.NodeFactory,
  model: FileModel,
  comments = true,
  runtimeModule = "typed-msgpack",
): ts.Statement[] {
  const b = new TextBuild(comments);
  const { imports, code } = emitCode(b, model, runtimeModule);
  return [
    ...imports.map(({ alias, module }) => namespaceImport(factory, alias, module)),
    verbatim(factory, b.render(code)),
  ];
}

/**
 * Code that TypeScript's printer writes out unchanged: the text of an identifier is printed as it
 * stands, and nothing in the compiler's transforms looks inside a synthesized identifier. The
 * statement adds a final `;`, so code ending with a declaration's `;` leaves it out; after a
 * generic codec's factory (a function declaration, when it comes last) it is an empty statement.
 */
export function verbatim(factory: ts.NodeFactory, code: string): ts.Statement {
  const text = code.trimEnd();
  return factory.createExpressionStatement(factory.createIdentifier(text.endsWith(";") ? text.slice(0, -1) : text));
}

/** `import * as __tm from "typed-msgpack/internal"`: the import all generated code needs. */
export function runtimeImport(factory: ts.NodeFactory, runtimeModule: string): ts.Statement {
  return namespaceImport(factory, RUNTIME_ALIAS, internalEntry(runtimeModule));
}

/**
 * A namespace import, also for linked codecs: its members are read when a value is encoded or
 * decoded, never while modules load, so import cycles and load order cannot observe a codec
 * before it exists (ES modules bind live; CommonJS output reads `exports` at the call).
 */
export function namespaceImport(factory: ts.NodeFactory, alias: string, moduleName: string): ts.Statement {
  return factory.createImportDeclaration(
    /*modifiers*/ undefined,
    factory.createImportClause(
      false,
      /*name*/ undefined,
      factory.createNamespaceImport(factory.createIdentifier(alias)),
    ),
    factory.createStringLiteral(moduleName),
  );
}
