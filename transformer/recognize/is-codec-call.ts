import ts from "typescript";

import { SENTINEL_EXPORT } from "./program-view.js";

/**
 * Is `call` a call of typed-msgpack's `codecFor`? Decided by the declaration the checker resolves
 * the call to, never by the name at the call site: aliased and namespace imports and re-exports
 * are recognized, and an unrelated function named `codecFor` is not. `intrinsic`: another function
 * of that module recognized the same way (`wireMapping`).
 */
export function isCodecCall(call: ts.CallExpression, checker: ts.TypeChecker, intrinsic = "codecFor"): boolean {
  const declaration = checker.getResolvedSignature(call)?.getDeclaration();
  if (!declaration || !ts.isFunctionDeclaration(declaration) || declaration.name?.text !== intrinsic) return false;
  return declaresSentinel(declaration.getSourceFile(), checker);
}

/**
 * Is `file` typed-msgpack's module of intrinsics (runtime/codec-for.ts), which declares `codecFor`
 * and the number widths? The sentinel must be declared in it, not merely re-exported: a wrapper
 * module that does `export * from "typed-msgpack"` and declares its own codecFor is not ours.
 */
export function declaresSentinel(file: ts.SourceFile, checker: ts.TypeChecker): boolean {
  const moduleSymbol = checker.getSymbolAtLocation(file);
  if (!moduleSymbol) return false;
  return checker
    .getExportsOfModule(moduleSymbol)
    .some(
      (symbol) =>
        symbol.getName() === SENTINEL_EXPORT &&
        (symbol.getDeclarations() ?? []).some((d) => d.getSourceFile() === file),
    );
}

/**
 * Without type information (transpile-only builds) calls cannot be resolved; a call whose callee
 * is spelled `codecFor` or `x.codecFor` with a type argument is then most likely ours, and must
 * fail the build rather than be left to throw at run time.
 */
export function looksLikeCodecCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
  return name === "codecFor" && (call.typeArguments?.length ?? 0) > 0;
}
