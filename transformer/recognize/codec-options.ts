import ts from "typescript";
import type { Layout } from "../model/ir.js";

/** What a `codecFor` call's argument asks for (runtime/codec-for.ts `CodecOptions`), read at build time. */
export interface CodecCallOptions {
  layout: Layout;
}

const LAYOUTS: readonly string[] = ["keyed", "positional"] satisfies Layout[];

/**
 * The options of `codecFor<T>(options)`: an object literal in the call whose values are literals,
 * since the code is generated before anything runs. Anything else (a variable, a spread, an unknown
 * key, a layout that does not exist) is a reason, which becomes a compile-time error at the call.
 */
export function readCodecOptions(call: ts.CallExpression): CodecCallOptions | { reason: string } {
  const options: CodecCallOptions = { layout: "keyed" };
  if (call.arguments.length === 0) return options;
  let argument = call.arguments[0]!;
  while (ts.isParenthesizedExpression(argument) || ts.isAsExpression(argument) || ts.isSatisfiesExpression(argument)) argument = argument.expression;
  if (call.arguments.length > 1) return { reason: "It takes one argument." };
  if (!ts.isObjectLiteralExpression(argument)) return { reason: `\`${argument.getText()}\` is not an object literal.` };
  for (const property of argument.properties) {
    if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
      return { reason: `\`${property.getText()}\` is not a plain \`key: value\` property.` };
    }
    const key = property.name.text;
    if (key !== "layout") return { reason: `Unknown option \`${key}\` (the options are: layout).` };
    let value = property.initializer;
    while (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
    if (!ts.isStringLiteralLike(value) || !LAYOUTS.includes(value.text)) {
      return { reason: `\`layout\` must be "keyed" or "positional", written as a string literal, not \`${value.getText()}\`.` };
    }
    options.layout = value.text as Layout;
  }
  return options;
}
