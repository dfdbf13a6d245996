import type ts from "typescript";
import { GENERATED_CODE_VERSION } from "../../runtime/codec.js";
import { resolveAlias } from "../model/families.js";
import type { FileModel } from "../model/ir.js";
import { NodeBuild, TextBuild, type Build, type Stmt } from "./build.js";
import { CODEC_TYPE, codecName, EmitContext, RUNTIME_ALIAS } from "./context.js";
import { VALUES } from "./values.js";

export { codecName };

/**
 * Emits everything one file's `codecFor` calls need, from the file's type model alone: the imports
 * of linked modules, key tables and template texts, one function per type and direction, one codec
 * constant per root. The imports are nodes, for the compiler's module transform. For JavaScript
 * output the rest is written as text (TextBuild) and handed over as one statement printed as it
 * stands; `typed` gives nodes with the type annotations that printed TypeScript source needs
 * (generate, which edits them further).
 */
export function emitFile(factory: ts.NodeFactory, model: FileModel, typed = false, comments = true): ts.Statement[] {
  if (typed) {
    const b = new NodeBuild(factory, true);
    const { imports, code } = emitCode(b, model);
    return [...imports.map(({ alias, module }) => namespaceImport(factory, alias, module)), ...b.statements(code)];
  }
  const b = new TextBuild(comments);
  const { imports, code } = emitCode(b, model);
  return [
    ...imports.map(({ alias, module }) => namespaceImport(factory, alias, module)),
    verbatim(factory, b.render(code)),
  ];
}

/** The generated code, built by `b`, and the modules it imports. */
export function emitCode(b: Build, model: FileModel): { imports: { alias: string; module: string }[]; code: Stmt[] } {
  const ctx = new EmitContext(b, model, VALUES);
  const codecs: Stmt[] = [];
  for (const [id, codec] of Object.entries(model.codecs)) {
    // A generic codec is a factory of the codecs passed for its type parameters, which declares the
    // functions that call them: `function __tm_PageCodec(__tm_T) { function __tm_encPage(...) ... }`.
    const parameters = codec.params ? ctx.openFactory(codec.params) : [];
    const encoder = ctx.encoderFor(codec.root);
    const decoder = ctx.decoderFor(codec.root);
    const args = [b.named(b.num(GENERATED_CODE_VERSION), "generated-code version"), b.id(encoder), b.id(decoder)];
    // Array roots also get their element decoder, so that a huge array can be streamed element by element.
    const root = resolveAlias(codec.root, model.named);
    if (root.kind === "array") args.push(b.id(ctx.decoderFor(root.element)));
    const made = b.call(ctx.rt("codec"), ...args);
    if (!codec.params) {
      codecs.push(
        b.commentAbove(
          b.const(codecName(id), made),
          `codecFor<${codec.display}>(${codec.layout ? `{ layout: "${codec.layout}" }` : ""})`,
        ),
      );
      continue;
    }
    const body = [...ctx.closeFactory(), b.ret(made)];
    const factory = b.fn(
      codecName(id),
      parameters.map((name) => [name, CODEC_TYPE]),
      CODEC_TYPE,
      body,
    );
    codecs.push(b.commentAbove(factory, `codecFor<${codec.display}>(${codec.params.join(", ")})`));
  }
  return { imports: ctx.imports, code: [...ctx.runtimeAliases, ...ctx.constants, ...ctx.functions, ...codecs] };
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
    factory.createImportClause(
      false,
      /*name*/ undefined,
      factory.createNamespaceImport(factory.createIdentifier(alias)),
    ),
    factory.createStringLiteral(moduleName),
  );
}
