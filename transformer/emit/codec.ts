import ts from "typescript";
import { resolveAlias } from "../model/families.js";
import type { FileModel } from "../model/ir.js";
import { codecName, EmitContext, RUNTIME_ALIAS } from "./context.js";
import { decoderFor } from "./decoder.js";
import { encoderFor } from "./encoder.js";
import { printStatements } from "./print.js";

export { codecName };

/**
 * Emits everything one file's `codecFor` calls need, from the file's type model alone:
 * key tables and patterns, one function per type and direction, one codec constant per root.
 * `typed` adds the type annotations that printed TypeScript source needs (generate), which edits the
 * nodes further. For JavaScript output, the code after the imports (which stay nodes, for the module
 * transform) is printed here (emit/print.ts) and handed over as one statement written out as it stands.
 */
export function emitFile(factory: ts.NodeFactory, model: FileModel, typed = false, comments = true): ts.Statement[] {
  const { imports, code } = emitStatements(factory, model, typed);
  return [...imports, ...(typed ? code : [verbatim(factory, printStatements(code, comments))])];
}

/** The generated imports and code as nodes. */
export function emitStatements(factory: ts.NodeFactory, model: FileModel, typed = false): { imports: ts.Statement[]; code: ts.Statement[] } {
  const ctx = new EmitContext(factory, model, typed);
  const b = ctx.b;
  const codecs: ts.Statement[] = [];
  for (const [id, codec] of Object.entries(model.codecs)) {
    const encoder = encoderFor(ctx, codec.root);
    const decoder = decoderFor(ctx, codec.root);
    const args = [b.id(encoder), b.id(decoder)];
    // Array roots also get their element decoder, so that a huge array can be streamed element by element.
    const root = resolveAlias(codec.root, model.named);
    if (root.kind === "array") args.push(b.id(decoderFor(ctx, root.element)));
    const name = codecName(id);
    const statement = b.const(name, b.call(ctx.rt("codec"), ...args));
    codecs.push(ts.addSyntheticLeadingComment(statement, ts.SyntaxKind.SingleLineCommentTrivia, ` codecFor<${codec.display}>()`, true));
  }
  const imports = ctx.imports.map(({ alias, module }) => namespaceImport(factory, alias, module));
  return { imports, code: [...ctx.constants, ...ctx.functions, ...codecs] };
}

/**
 * Code that TypeScript's printer writes out unchanged: the text of an identifier is printed as it
 * stands, and nothing in the compiler's transforms looks inside a synthesized identifier. The
 * statement adds the final `;`, which the code (ending with a codec constant) therefore leaves out.
 */
function verbatim(factory: ts.NodeFactory, code: string): ts.Statement {
  const text = code.trimEnd();
  if (!text.endsWith(";")) throw new Error("typed-msgpack internal error: generated code must end with a declaration");
  return factory.createExpressionStatement(factory.createIdentifier(text.slice(0, -1)));
}

/** `import * as __tm from "typed-msgpack"`: the import all generated code needs. */
export function runtimeImport(factory: ts.NodeFactory, moduleName: string): ts.Statement {
  return namespaceImport(factory, RUNTIME_ALIAS, moduleName);
}

/**
 * A namespace import, also for linked codecs: its members are read when a value is encoded or
 * decoded, never while modules load, so import cycles and load order cannot observe a codec
 * before it exists (ES modules bind live; CommonJS output reads `exports` at the call).
 */
function namespaceImport(factory: ts.NodeFactory, alias: string, moduleName: string): ts.Statement {
  return factory.createImportDeclaration(
    /*modifiers*/ undefined,
    factory.createImportClause(false, /*name*/ undefined, factory.createNamespaceImport(factory.createIdentifier(alias))),
    factory.createStringLiteral(moduleName),
  );
}
