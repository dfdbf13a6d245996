import ts from "typescript";
import { CATALOG, formatProblem, type Problem } from "./catalog.js";

/** A compile error at `node`, reading `codecFor<User>(): $.onClick has a function type, ...`. */
export function diagnosticAt(node: ts.Node, problem: Problem): ts.Diagnostic {
  const file = node.getSourceFile();
  const start = node.getStart(file);
  return {
    category: ts.DiagnosticCategory.Error,
    code: CATALOG[problem.kind].code,
    file,
    start,
    length: node.getEnd() - start,
    messageText: `${node.getText(file)}: ${formatProblem(problem)}`,
    source: "typed-msgpack",
  };
}

/** Where diagnostics go: ts-patch's `addDiagnostic` when the host offers it, else an error that stops the build. */
export type DiagnosticSink = (diagnostic: ts.Diagnostic) => void;

export function throwingSink(diagnostic: ts.Diagnostic): never {
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => "\n",
  };
  throw new Error(ts.formatDiagnostics([diagnostic], host).trim());
}
