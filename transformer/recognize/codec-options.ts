import type { Layout } from "../model/ir.js";
import type { Optimize } from "../options.js";
import type { CallNode, NamedNode, ObjectLiteralNode, PropertyAssignmentNode, Syntax } from "./syntax.js";

/** What a `codecFor` call's argument asks for (runtime/codec-for.ts `CodecOptions`), read at build time. */
export interface CodecCallOptions {
  layout: Layout;
  /** Absent when the call does not say: the project's default applies. */
  optimize?: Optimize;
  /** How many codecs the call passes for the type parameters of a generic codec (`codecFor<Page<T>>(item)`). */
  codecArguments: number;
}

const LAYOUTS: readonly string[] = ["keyed", "positional"] satisfies Layout[];
const OPTIMIZE: readonly string[] = ["speed", "size"] satisfies Optimize[];

/**
 * The options of `codecFor<T>(options)`: an object literal in the call whose values are literals,
 * since the code is generated before anything runs. Any other object literal (a spread, an unknown
 * key, a layout that does not exist) is a reason, which becomes a compile-time error at the call;
 * arguments that are not object literals are the codecs of a generic codec.
 */
export function readCodecOptions(call: CallNode, syntax: Syntax): CodecCallOptions | { reason: string } {
  const options: CodecCallOptions = { layout: "keyed", codecArguments: 0 };
  if (call.arguments.length === 0) return options;
  const argument = syntax.unwrap(call.arguments[0]!);
  // Anything but an object literal is a codec for a type parameter (`codecFor<Page<T>>(item)`),
  // counted here and checked against the type by the model.
  if (!syntax.is(argument, "ObjectLiteralExpression")) return { ...options, codecArguments: call.arguments.length };
  if (call.arguments.length > 1)
    return {
      reason: "Options are the only argument: a generic codec (one given codecs for its type parameters) is keyed.",
    };
  for (const property of (argument as ObjectLiteralNode).properties) {
    const name = (property as PropertyAssignmentNode).name;
    if (
      !syntax.is(property, "PropertyAssignment") ||
      !(syntax.isIdentifier(name) || syntax.is(name, "StringLiteral"))
    ) {
      return { reason: `\`${property.getText()}\` is not a plain \`key: value\` property.` };
    }
    const key = (name as NamedNode).text;
    if (key !== "layout" && key !== "optimize")
      return { reason: `Unknown option \`${key}\` (the options are: layout, optimize).` };
    const value = syntax.unwrap((property as PropertyAssignmentNode).initializer);
    if (key === "optimize") {
      if (!syntax.isStringLiteralLike(value) || !OPTIMIZE.includes(value.text))
        return {
          reason: `\`optimize\` must be "speed" or "size", written as a string literal, not \`${value.getText()}\`.`,
        };
      options.optimize = value.text as Optimize;
      continue;
    }
    if (!syntax.isStringLiteralLike(value) || !LAYOUTS.includes(value.text)) {
      return {
        reason: `\`layout\` must be "keyed" or "positional", written as a string literal, not \`${value.getText()}\`.`,
      };
    }
    options.layout = value.text as Layout;
  }
  return options;
}
