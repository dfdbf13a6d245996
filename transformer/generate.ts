import ts from "typescript";
import type { DiagnosticSink } from "./diagnostics/report.js";
import { parseOptions, type TransformerOptions } from "./options.js";
import { transformFile } from "./recognize/visit-file.js";

export interface GeneratedFile {
  /** The input file as TypeScript source, each `codecFor<T>()` replaced by its generated codec; undefined when the file has none. */
  text?: string;
  diagnostics: ts.Diagnostic[];
}

/**
 * Runs the transformer's own pipeline on `file` and prints the result as TypeScript source: the
 * same model and the same emitter as the compiler plugin, for builds that cannot run a plugin.
 */
export function generateSource(program: ts.Program, file: ts.SourceFile, options?: TransformerOptions): GeneratedFile {
  const resolved = parseOptions(options);
  const diagnostics: ts.Diagnostic[] = [];
  const report: DiagnosticSink = (d) => void diagnostics.push(d);
  let changed = false;
  const result = ts.transform(file, [(context) => (sf) => {
    const out = transformFile(sf, context, program, resolved, report, "source");
    changed = out.model !== undefined;
    return out.file;
  }], program.getCompilerOptions());
  try {
    if (!changed || diagnostics.length > 0) return { diagnostics };
    const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
    return { text: printer.printFile(result.transformed[0]!), diagnostics };
  } finally {
    result.dispose();
  }
}
