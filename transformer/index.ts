import ts from "typescript";
import { throwingSink, type DiagnosticSink } from "./diagnostics/report.js";
import { parseOptions, type TransformerOptions } from "./options.js";
import { transformFile } from "./recognize/visit-file.js";

export type { TransformerOptions } from "./options.js";

/** What ts-patch passes as the third argument; ttypescript passes `{ ts }`. */
export interface PluginExtras {
  addDiagnostic?: (diagnostic: ts.Diagnostic) => number | void;
}

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
  if (typeof ts.createProgram !== "function") {
    // TypeScript 7's package exposes no compiler API: say so instead of failing somewhere inside.
    throw new Error(`typed-msgpack/transformer needs TypeScript's JavaScript compiler API (TypeScript 4.9 to 6.x), but "typescript" resolves to version ${String((ts as { version?: string }).version)}, which has none. Build with TypeScript 6 and ts-patch, or use \`npx typed-msgpack generate\`.`);
  }
  const resolved = parseOptions(options);
  const report: DiagnosticSink = extras?.addDiagnostic ? (d) => void extras.addDiagnostic!(d) : throwingSink;
  return (context) => (file) => {
    // Fetched per file: in watch mode the host hands out a new Program after every change.
    const current = typeof program === "function" ? program() : program;
    return transformFile(file, context, current, resolved, report).file;
  };
}

export { typedMsgpackTransformer as createTransformer };
