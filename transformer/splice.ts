/**
 * Text edits of a source file for generate (generate.ts): where the generated block goes, each
 * codec call's replacement, and the import bindings the calls alone used, on either compiler's
 * syntax. The edits never overlap; `spliceEdits` applies them.
 */
import type { ModelledCall } from "./pipeline.js";
import type { CallNode, NamedNode, Syntax, SyntaxFile, SyntaxNode } from "./recognize/syntax.js";

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The statement the generated block goes after: the last of the directive prologue (`"use
 * client"`) and the leading imports and re-exports (`export * from`), or none (the top). Not after
 * the last import: a `codecFor` line above a later import would then read a generated constant
 * before its declaration ran (a ReferenceError at load), and a function declared above the imports
 * may be called before either. The generated declarations read nothing of the user's but the
 * runtime, so they can come first.
 */
export function insertionAnchor(syntax: Syntax, file: SyntaxFile): SyntaxNode | undefined {
  const statements = file.statements;
  let at = 0;
  const isDirective = (s: SyntaxNode) =>
    syntax.is(s, "ExpressionStatement") &&
    syntax.is((s as SyntaxNode & { expression: SyntaxNode }).expression, "StringLiteral");
  while (at < statements.length && isDirective(statements[at]!)) at++;
  while (at < statements.length && loadsModule(syntax, statements[at]!)) at++;
  return at > 0 ? statements[at - 1] : undefined;
}

/** `import ...`, `import x = require(...)`, `export ... from "..."`: statements that only bind or re-export another module. */
function loadsModule(syntax: Syntax, statement: SyntaxNode): boolean {
  if (syntax.is(statement, "ImportEqualsDeclaration"))
    return syntax.is(
      (statement as SyntaxNode & { moduleReference: SyntaxNode }).moduleReference,
      "ExternalModuleReference",
    );
  return (
    syntax.is(statement, "ImportDeclaration") ||
    (syntax.is(statement, "ExportDeclaration") &&
      (statement as SyntaxNode & { moduleSpecifier?: SyntaxNode }).moduleSpecifier !== undefined)
  );
}

/**
 * Inserts `statements` (the first `imports` of them import declarations) after `anchor`'s line, or
 * at the top after a shebang; imports and multi-line statements are set off by blank lines, and
 * line breaks follow the file's own.
 */
export function statementsText(
  file: SyntaxFile,
  anchor: SyntaxNode | undefined,
  statements: readonly string[],
  imports: number,
): Edit {
  const source = file.text;
  const newLine = source.includes("\r\n") ? "\r\n" : "\n";
  const printed = statements.map((text) => text.replace(/\r?\n/g, newLine));
  let body = "";
  printed.forEach((text, i) => {
    const spaced = i > 0 && (text.includes("\n") || printed[i - 1]!.includes("\n") || i - 1 < imports);
    body += (spaced ? newLine : "") + text + newLine;
  });
  if (!anchor) {
    const start = source.startsWith("#!") ? lineEnd(source, 0) : 0;
    return { start, end: start, text: body + newLine };
  }
  const after = trailingCommentsEnd(source, anchor.end);
  const eol = lineEnd(source, after);
  if (source.slice(after, eol).trim() === "")
    return { start: eol, end: eol, text: eol === source.length && !source.endsWith("\n") ? newLine + body : body };
  // More code on the anchor's line: break the line, so the generated code still comes first.
  return { start: anchor.end, end: anchor.end, text: newLine + body };
}

/** Where the comments after `pos` on its line end (`import x from "y"; // why`), else `pos`. */
function trailingCommentsEnd(text: string, pos: number): number {
  let end = pos;
  let i = pos;
  for (;;) {
    while (i < text.length && /[^\S\r\n]/.test(text[i]!)) i++;
    if (text.startsWith("//", i)) {
      const eol = text.slice(i).search(/\r?\n/);
      return eol < 0 ? text.length : i + eol;
    }
    if (!text.startsWith("/*", i)) return end;
    const close = text.indexOf("*/", i + 2);
    if (close < 0) return end;
    i = end = close + 2;
  }
}

/** The index just after the line break ending the line that contains `pos` (or the text's length). */
function lineEnd(text: string, pos: number): number {
  const i = text.indexOf("\n", pos);
  return i < 0 ? text.length : i + 1;
}

/**
 * One edit per outermost call: its replacement (`replace`), given the text of each argument of a
 * generic codec with the calls inside it replaced as well.
 */
export function codecEdits(
  syntax: Syntax,
  file: SyntaxFile,
  calls: readonly ModelledCall[],
  replace: (call: ModelledCall, args: string[] | undefined) => string,
): Edit[] {
  const spans = calls.map((c) => ({ c, start: c.call.getStart(), end: c.call.end }));
  const inside = (outer: { start: number; end: number }, inner: { start: number; end: number }) =>
    outer !== inner && outer.start <= inner.start && inner.end <= outer.end;
  const textOf = (start: number, end: number): string => {
    // The calls directly inside [start, end), replaced in its text.
    const nested = spans.filter(
      (s) => s.start >= start && s.end <= end && !spans.some((o) => inside(o, s) && o.start >= start && o.end <= end),
    );
    let out = "";
    let at = start;
    for (const s of nested.sort((a, b) => a.start - b.start)) {
      out += file.text.slice(at, s.start) + replacementOf(s);
      at = s.end;
    }
    return out + file.text.slice(at, end);
  };
  const replacementOf = (s: (typeof spans)[number]): string => {
    const call = s.c.call as CallNode;
    const generic =
      call.arguments.length > 0 && !syntax.is(syntax.unwrap(call.arguments[0]!), "ObjectLiteralExpression");
    return replace(s.c, generic ? call.arguments.map((a) => textOf(a.getStart(), a.end)) : undefined);
  };
  return spans
    .filter((s) => !spans.some((o) => inside(o, s)))
    .map((s) => ({ start: s.start, end: s.end, text: replacementOf(s) }));
}

/**
 * Drops import bindings the input read but the output no longer does: `codecFor` (or a namespace
 * used only as `tm.codecFor<T>()`), which every replaced call stops using. An import left with no
 * binding is removed. Bindings the input itself never read are left for the user's own linting.
 * Imports that another edit touches are left alone.
 */
export function importEdits(
  syntax: Syntax,
  file: SyntaxFile,
  calls: readonly ModelledCall[],
  edits: readonly Edit[],
): Edit[] {
  const before = references(syntax, file);
  const after = new Map(before);
  for (const { call } of calls) {
    for (const [name, count] of references(syntax, (call as CallNode).expression))
      after.set(name, after.get(name)! - count);
  }
  const gone = (id: NamedNode | undefined) =>
    id !== undefined && (before.get(id.text) ?? 0) > 0 && after.get(id.text) === 0;
  const out: Edit[] = [];
  for (const statement of file.statements) {
    if (!syntax.is(statement, "ImportDeclaration")) continue;
    const clause = (statement as SyntaxNode & { importClause?: ImportClause }).importClause;
    if (!clause || edits.some((e) => e.start < statement.end && e.end > statement.getStart())) continue;
    const parts: string[] = [];
    let changed = false;
    if (clause.name) {
      if (gone(clause.name)) changed = true;
      else parts.push(clause.name.getText());
    }
    const bindings = clause.namedBindings;
    if (bindings && syntax.is(bindings, "NamespaceImport")) {
      if (gone((bindings as SyntaxNode & { name: NamedNode }).name)) changed = true;
      else parts.push(bindings.getText());
    } else if (bindings) {
      const elements = (bindings as SyntaxNode & { elements: readonly (SyntaxNode & { name: NamedNode })[] }).elements;
      const keep = elements.filter((e) => !gone(e.name));
      if (keep.length !== elements.length) changed = true;
      if (keep.length === elements.length) parts.push(bindings.getText());
      else if (keep.length > 0) parts.push(`{ ${keep.map((e) => e.getText()).join(", ")} }`);
    }
    if (!changed) continue;
    if (parts.length === 0) out.push(wholeLines(file.text, statement.getStart(), statement.end));
    else
      out.push({ start: (clause.name ?? clause.namedBindings)!.getStart(), end: clause.end, text: parts.join(", ") });
  }
  return out;
}

interface ImportClause extends SyntaxNode {
  name?: NamedNode;
  namedBindings?: SyntaxNode;
}

/** How often each name is read under `root`: identifiers other than property names, declared names and labels. */
function references(syntax: Syntax, root: SyntaxNode): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (node: SyntaxNode, parent: SyntaxNode | undefined): void => {
    if (syntax.is(node, "ImportDeclaration")) return;
    if (syntax.isIdentifier(node)) {
      if (!parent || isReference(syntax, node, parent)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
      return;
    }
    node.forEachChild((child) => {
      walk(child, node);
      return undefined;
    });
  };
  walk(root, undefined);
  return counts;
}

function isReference(syntax: Syntax, id: SyntaxNode, parent: SyntaxNode): boolean {
  if (syntax.is(parent, "ShorthandPropertyAssignment") || syntax.is(parent, "ExportSpecifier")) return true;
  if (syntax.is(parent, "QualifiedName")) return (parent as SyntaxNode & { left: SyntaxNode }).left === id;
  const p = parent as { name?: SyntaxNode; propertyName?: SyntaxNode; label?: SyntaxNode };
  return p.name !== id && p.propertyName !== id && p.label !== id;
}

/** Deletes [start, end), taking the whole line(s) with it when nothing else is on them. */
function wholeLines(text: string, start: number, end: number): Edit {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const eol = lineEnd(text, end);
  const blankBefore = text.slice(lineStart, start).trim() === "";
  const blankAfter = text.slice(end, eol).trim() === "";
  return blankBefore && blankAfter ? { start: lineStart, end: eol, text: "" } : { start, end, text: "" };
}

/** Applies non-overlapping edits; at one position a replacement goes before an insertion. */
export function spliceEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.end > limit)
      throw new Error("typed-msgpack internal error: overlapping edits while writing generated source");
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}
