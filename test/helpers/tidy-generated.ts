/**
 * What generate printed before it wrote text (emit/source-build.ts): the emitter's code as typed
 * TypeScript nodes (NodeBuild), tidied for the strictest compiler settings, printed by TypeScript's
 * printer. The oracle SourceBuild's text is held to (test/unit/source-build.test.ts).
 */
import ts from "typescript";
import { RUNTIME_ALIAS } from "../../transformer/emit/context";

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
