import type ts from "typescript";
import { assertCompilerApi } from "./compiler-api.js";
import type { TransformerOptions } from "./options.js";
import type { PluginExtras } from "./plugin.js";

export type { TransformerOptions } from "./options.js";
export type { PluginExtras } from "./plugin.js";

// Before anything that reads the compiler API loads: with TypeScript 7 this throws the message
// that says what to do, instead of a TypeError from inside (issue 19). The rest (plugin.ts) loads when the factory is first called.
assertCompilerApi();

/**
 * The typed-msgpack transformer: replaces each `codecFor<T>()` with a codec generated for `T`.
 *
 * - ts-patch / ttypescript: `"plugins": [{ "transform": "typed-msgpack/transformer" }]`.
 * - ts-loader: `getCustomTransformers: (program, getProgram) => ({ before: [transformer(getProgram)] })`;
 *   passing `getProgram` rather than `program` keeps codecs current in `webpack --watch`.
 *
 * Problems (an unsupported type, a missing type argument) are reported through ts-patch's
 * `addDiagnostic` as compile errors; hosts without it get a thrown Error that stops the build.
 */
export default function typedMsgpackTransformer(
  program: ts.Program | (() => ts.Program),
  options?: TransformerOptions,
  extras?: PluginExtras,
): ts.TransformerFactory<ts.SourceFile> {
  const { createPluginFactory } = require("./plugin.js") as typeof import("./plugin.js");
  return createPluginFactory(program, options, extras);
}

export { typedMsgpackTransformer as createTransformer };
