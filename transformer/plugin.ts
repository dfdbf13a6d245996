import type ts from "typescript";
import { throwingSink, type DiagnosticSink } from "./diagnostics/report.js";
import { parseOptions, type TransformerOptions } from "./options.js";
import { transformFile } from "./recognize/visit-file.js";

/** What ts-patch passes as the third argument; ttypescript passes `{ ts }`. */
export interface PluginExtras {
  addDiagnostic?: (diagnostic: ts.Diagnostic) => number | void;
}

/** The factory behind index.ts's default export, loaded once the compiler API is known to be there. */
export function createPluginFactory(
  program: ts.Program | (() => ts.Program),
  options: TransformerOptions | undefined,
  extras: PluginExtras | undefined,
): ts.TransformerFactory<ts.SourceFile> {
  const resolved = parseOptions(options);
  const report: DiagnosticSink = extras?.addDiagnostic ? (d) => void extras.addDiagnostic!(d) : throwingSink;
  return (context) => (file) => {
    // Fetched per file: in watch mode the host hands out a new Program after every change.
    const current = typeof program === "function" ? program() : program;
    return transformFile(file, context, current, resolved, report).file;
  };
}
