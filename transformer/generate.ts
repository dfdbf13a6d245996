import ts from "typescript";
import type { DiagnosticSink } from "./diagnostics/report.js";
import { RUNTIME_ALIAS } from "./emit/context.js";
import { parseOptions, type TransformerOptions } from "./options.js";
import { transformFile } from "./recognize/visit-file.js";

export interface GeneratedFile {
  /** The input file as TypeScript source, each `codecFor<T>()` replaced by its generated codec; undefined when the file has none. */
  text?: string;
  diagnostics: ts.Diagnostic[];
}

/**
 * Runs the transformer's own pipeline on `file` and returns the result as TypeScript source: the
 * same model and the same emitter as the compiler plugin, for builds that cannot run a plugin.
 *
 * `moduleOf` names the generated file of another input, which codecs of this one may link to.
 *
 * The user's code is kept as written, byte for byte: the result is the input text with each
 * replaced call swapped for `(__tm_XCodec as __tm.Codec<T>)`, the generated declarations inserted
 * after the imports, and the imports that only the calls used (`codecFor`) dropped. Generated
 * functions carry no unused parameter or local, so the file compiles under noUnusedLocals and
 * noUnusedParameters.
 */
export function generateSource(
  program: ts.Program,
  file: ts.SourceFile,
  options?: TransformerOptions,
  moduleOf?: (fileName: string) => string | undefined,
): GeneratedFile {
  const resolved = parseOptions(options);
  const diagnostics: ts.Diagnostic[] = [];
  const report: DiagnosticSink = (d) => void diagnostics.push(d);
  let changed = false;
  const result = ts.transform(
    file,
    [
      (context) => (sf) => {
        // Without `moduleOf` no other file's codecs are known to be generated anywhere: nothing links.
        const out = transformFile(sf, context, program, resolved, report, "source", moduleOf ?? (() => undefined));
        changed = out.model !== undefined;
        return changed ? tidyGenerated(out.file, context) : out.file;
      },
    ],
    program.getCompilerOptions(),
  );
  try {
    if (!changed || diagnostics.length > 0) return { diagnostics };
    return { text: splice(file, result.transformed[0]!), diagnostics };
  } finally {
    result.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Tidy: what strict settings would flag in generated code.

const RUNTIME_PREFIX = RUNTIME_ALIAS + "_";

/**
 * Rewrites the generated (synthesized) top-level statements only, for the strictest user settings:
 * a parameter the body never reads gets a leading underscore (noUnusedParameters); `const n = call()`
 * whose `n` is never read becomes `call()` (noUnusedLocals); an entry of a generated key table is
 * asserted present (noUncheckedIndexedAccess); properties of the `any` value are read with brackets
 * (noPropertyAccessFromIndexSignature). The user's own statements are left alone.
 */
export function tidyGenerated(file: ts.SourceFile, context: ts.TransformationContext): ts.SourceFile {
  const f = context.factory;
  const visit = (input: ts.Node): ts.Node => {
    const node = ts.visitEachChild(input, visit, context);
    if (ts.isBlock(node)) {
      const used = references(node);
      const statements = node.statements.map((s) => {
        const only =
          ts.isVariableStatement(s) && s.declarationList.declarations.length === 1
            ? s.declarationList.declarations[0]!
            : undefined;
        if (!only?.initializer || !ts.isIdentifier(only.name) || used.has(only.name.text)) return s;
        return f.createExpressionStatement(only.initializer);
      });
      return statements.some((s, i) => s !== node.statements[i]) ? f.updateBlock(node, statements) : node;
    }
    if (ts.isElementAccessExpression(node) && isRuntimeTable(node.expression)) {
      // A generated table's entry (noUncheckedIndexedAccess), by a literal index or one computed
      // from a map header's size (`__tm_E_Tree[n - 2]`).
      return f.createNonNullExpression(node);
    }
    if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) && node.body) {
      const body = bracketAccess(node.body, node.parameters, context);
      const used = references(body);
      const parameters = node.parameters.map((p) =>
        ts.isIdentifier(p.name) && !p.name.text.startsWith("_") && !used.has(p.name.text)
          ? f.updateParameterDeclaration(
              p,
              p.modifiers,
              p.dotDotDotToken,
              f.createIdentifier("_" + p.name.text),
              p.questionToken,
              p.type,
              p.initializer,
            )
          : p,
      );
      if (body === node.body && parameters.every((p, i) => p === node.parameters[i])) return node;
      if (ts.isFunctionDeclaration(node)) {
        return f.updateFunctionDeclaration(
          node,
          node.modifiers,
          node.asteriskToken,
          node.name,
          node.typeParameters,
          parameters,
          node.type,
          body as ts.Block,
        );
      }
      if (ts.isFunctionExpression(node)) {
        return f.updateFunctionExpression(
          node,
          node.modifiers,
          node.asteriskToken,
          node.name,
          node.typeParameters,
          parameters,
          node.type,
          body as ts.Block,
        );
      }
      return f.updateArrowFunction(
        node,
        node.modifiers,
        node.typeParameters,
        parameters,
        node.type,
        node.equalsGreaterThanToken,
        body,
      );
    }
    return node;
  };
  const statements = file.statements.map((s) => (ts.getParseTreeNode(s) ? s : (visit(s) as ts.Statement)));
  return statements.some((s, i) => s !== file.statements[i]) ? f.updateSourceFile(file, statements) : file;
}

/** `__tm_K_User` or `__tm_keys([...])`: a table built by generated code, whose entries exist. */
function isRuntimeTable(node: ts.Expression): boolean {
  return ts.isIdentifier(node)
    ? node.text.startsWith(RUNTIME_PREFIX)
    : ts.isCallExpression(node) && isRuntimeTable(node.expression);
}

/**
 * `v.name` becomes `v["name"]` when `v` is a parameter declared `any`: a runtime guard may have
 * narrowed it to a record type, whose properties noPropertyAccessFromIndexSignature wants bracketed.
 */
function bracketAccess(
  body: ts.ConciseBody,
  parameters: readonly ts.ParameterDeclaration[],
  context: ts.TransformationContext,
): ts.ConciseBody {
  const values = new Set(
    parameters
      .filter((p) => p.type?.kind === ts.SyntaxKind.AnyKeyword && ts.isIdentifier(p.name))
      .map((p) => (p.name as ts.Identifier).text),
  );
  if (values.size === 0) return body;
  const visit = (input: ts.Node): ts.Node => {
    const node = ts.visitEachChild(input, visit, context);
    if (!ts.isPropertyAccessExpression(node) || !ts.isIdentifier(node.expression) || !values.has(node.expression.text))
      return node;
    if (!ts.isIdentifier(node.name) || node.name.text === "length" || node.name.text === "size") return node;
    return context.factory.createElementAccessExpression(
      node.expression,
      context.factory.createStringLiteral(node.name.text),
    );
  };
  return visit(body) as ts.ConciseBody;
}

/**
 * The names `root` reads: identifiers other than property names, declared names and labels.
 * Works on synthesized trees (no parent pointers); may over-report, never under-report, which only
 * ever keeps something.
 */
function references(root: ts.Node): Set<string> {
  const names = new Set<string>();
  const walk = (node: ts.Node, parent: ts.Node | undefined): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node)) {
      if (!parent || isReference(node, parent)) names.add(node.text);
      return;
    }
    ts.forEachChild(node, (child) => {
      walk(child, node);
    });
  };
  walk(root, undefined);
  return names;
}

function isReference(id: ts.Identifier, parent: ts.Node): boolean {
  if (ts.isShorthandPropertyAssignment(parent) || ts.isExportSpecifier(parent)) return true;
  if (ts.isQualifiedName(parent)) return parent.left === id;
  const p = parent as { name?: ts.Node; propertyName?: ts.Node; label?: ts.Node };
  return p.name !== id && p.propertyName !== id && p.label !== id;
}

// ---------------------------------------------------------------------------------------------
// Splice: the input text, edited where the transform changed it.

interface Edit {
  start: number;
  end: number;
  text: string;
}

function splice(original: ts.SourceFile, transformed: ts.SourceFile): string {
  const source = original.text;
  const newLine = source.includes("\r\n") ? "\r\n" : "\n";
  const options = { newLine: newLine === "\n" ? ts.NewLineKind.LineFeed : ts.NewLineKind.CarriageReturnLineFeed };
  // Inside a printed replacement, the user's own types and expressions keep their text as written.
  const printer = ts.createPrinter(options, {
    substituteNode: (_hint, node) => (isUserNode(node) ? ts.factory.createIdentifier(node.getText(original)) : node),
  });
  const print = (node: ts.Node) => printer.printNode(ts.EmitHint.Unspecified, node, original);
  const edits: Edit[] = [];
  const originals = new Set<ts.Node>(original.statements);
  const kept = new Set<ts.Node>();

  // Generated statements are synthesized; each run of them goes after the original statement before it.
  let anchor: ts.Statement | undefined;
  let pending: ts.Statement[] = [];
  const flush = () => {
    if (pending.length > 0) edits.push(insertion(original, anchor, pending, print, newLine));
    pending = [];
  };
  for (const statement of transformed.statements) {
    const parsed = ts.getParseTreeNode(statement);
    if (parsed && originals.has(parsed)) {
      flush();
      kept.add(parsed);
      diff(parsed, statement, original, print, edits);
      anchor = parsed as ts.Statement;
    } else {
      pending.push(statement);
    }
  }
  flush();
  for (const statement of original.statements) {
    if (!kept.has(statement)) edits.push(wholeLines(source, statement.getStart(original), statement.end));
  }
  pruneImports(original, transformed, edits);
  return apply(source, edits);
}

function isUserNode(node: ts.Node): boolean {
  return (
    (node.flags & ts.NodeFlags.Synthesized) === 0 && node.pos >= 0 && (ts.isTypeNode(node) || ts.isExpression(node))
  );
}

/** Records how `updated` differs from the parse-tree node `node`: unchanged children keep their text, replaced ones are printed. */
function diff(
  node: ts.Node,
  updated: ts.Node,
  file: ts.SourceFile,
  print: (n: ts.Node) => string,
  edits: Edit[],
): void {
  if (node === updated) return;
  const before = children(node);
  const after = children(updated);
  if (ts.getParseTreeNode(updated) !== node || node.kind !== updated.kind || before.length !== after.length) {
    edits.push({ start: node.getStart(file), end: node.end, text: print(updated) });
    return;
  }
  before.forEach((child, i) => diff(child, after[i]!, file, print, edits));
}

function children(node: ts.Node): ts.Node[] {
  const out: ts.Node[] = [];
  ts.forEachChild(node, (child) => {
    out.push(child);
  });
  return out;
}

/** Inserts statements after `anchor`'s line (or at the top, after a shebang); imports and multi-line statements are set off by blank lines. */
function insertion(
  file: ts.SourceFile,
  anchor: ts.Statement | undefined,
  statements: ts.Statement[],
  print: (n: ts.Node) => string,
  newLine: string,
): Edit {
  // A verbatim statement (emit/codec.ts) carries its own line breaks, as "\n".
  const printed = statements.map((statement) => print(statement).replace(/\r?\n/g, newLine));
  let body = "";
  printed.forEach((text, i) => {
    const spaced =
      i > 0 && (text.includes("\n") || printed[i - 1]!.includes("\n") || ts.isImportDeclaration(statements[i - 1]!));
    body += (spaced ? newLine : "") + text + newLine;
  });
  const source = file.text;
  if (!anchor) {
    const start = source.startsWith("#!") ? lineEnd(source, 0) : 0;
    return { start, end: start, text: body + newLine };
  }
  const comments = ts.getTrailingCommentRanges(source, anchor.end) ?? [];
  const after = comments.length > 0 ? comments[comments.length - 1]!.end : anchor.end;
  const eol = lineEnd(source, after);
  if (source.slice(after, eol).trim() === "")
    return { start: eol, end: eol, text: eol === source.length && !source.endsWith("\n") ? newLine + body : body };
  // More code on the anchor's line: break the line, so the generated code still comes first.
  return { start: anchor.end, end: anchor.end, text: newLine + body };
}

/** The index just after the line break ending the line that contains `pos` (or the text's length). */
function lineEnd(text: string, pos: number): number {
  const i = text.indexOf("\n", pos);
  return i < 0 ? text.length : i + 1;
}

/** Deletes [start, end), taking the whole line(s) with it when nothing else is on them. */
function wholeLines(text: string, start: number, end: number): Edit {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const eol = lineEnd(text, end);
  const blankBefore = text.slice(lineStart, start).trim() === "";
  const blankAfter = text.slice(end, eol).trim() === "";
  return blankBefore && blankAfter ? { start: lineStart, end: eol, text: "" } : { start, end, text: "" };
}

/**
 * Drops import bindings the input read but the output no longer does: `codecFor` (or a namespace
 * used only as `tm.codecFor<T>()`), which every replaced call stops using. An import left with no
 * binding is removed. Bindings the input itself never read are left for the user's own linting.
 */
function pruneImports(original: ts.SourceFile, transformed: ts.SourceFile, edits: Edit[]): void {
  const before = references(original);
  const after = references(transformed);
  const gone = (id: ts.Identifier | undefined) => id !== undefined && before.has(id.text) && !after.has(id.text);
  for (const statement of original.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (!clause || edits.some((e) => e.start < statement.end && e.end > statement.getStart(original))) continue;
    const parts: string[] = [];
    let changed = false;
    if (clause.name) {
      if (gone(clause.name)) changed = true;
      else parts.push(clause.name.getText(original));
    }
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) {
      if (gone(bindings.name)) changed = true;
      else parts.push(bindings.getText(original));
    } else if (bindings) {
      const keep = bindings.elements.filter((e) => !gone(e.name));
      if (keep.length !== bindings.elements.length) changed = true;
      if (keep.length === bindings.elements.length) parts.push(bindings.getText(original));
      else if (keep.length > 0) parts.push(`{ ${keep.map((e) => e.getText(original)).join(", ")} }`);
    }
    if (!changed) continue;
    if (parts.length === 0) {
      edits.push(wholeLines(original.text, statement.getStart(original), statement.end));
    } else {
      const first = (clause.name ?? clause.namedBindings)!;
      edits.push({ start: first.getStart(original), end: clause.end, text: parts.join(", ") });
    }
  }
}

/** Applies non-overlapping edits; at one position a replacement goes before an insertion. */
function apply(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.end > limit)
      throw new Error("typed-msgpack internal error: overlapping edits while printing generated source");
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}
