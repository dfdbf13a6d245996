/**
 * The codecs of one source file, with the names the snapshot gives them, found by the transformer's
 * own pipeline (recognize → model): the snapshot describes exactly the codecs a build generates.
 */
import * as path from "node:path";
import ts from "typescript";
import type { DiagnosticSink } from "../diagnostics/report.js";
import { parseOptions } from "../options.js";
import { transformFile } from "../recognize/visit-file.js";
import type { CodecSource } from "./snapshot.js";

/**
 * Models every `codecFor` call of `file`. Codecs are modelled whole, never linked to another
 * module's codec (`link: false`): linking changes where code lives, not the bytes, and a whole
 * model lets each snapshot entry be compared on its own. `projectDir` is what names are relative to.
 */
export function collectCodecs(
  program: ts.Program,
  file: ts.SourceFile,
  projectDir: string,
): { sources: CodecSource[]; diagnostics: ts.Diagnostic[] } {
  const diagnostics: ts.Diagnostic[] = [];
  const report: DiagnosticSink = (d) => void diagnostics.push(d);
  const sources: CodecSource[] = [];
  const result = ts.transform(
    file,
    [
      (context) => (sf) => {
        const out = transformFile(sf, context, program, parseOptions({ link: false }), report, "js", () => undefined);
        if (!out.model || !out.calls) return out.file;
        const checker = program.getTypeChecker();
        const fileName = path.relative(projectDir, file.fileName).split(path.sep).join("/");
        const taken = new Map<string, string>(); // name -> codec id
        for (const { call, id } of out.calls) {
          const label = codecLabel(call, checker);
          let name = `${fileName}#${label}`;
          // The same label for another type (two `codecFor<T>()` arguments, each with its own local T).
          for (let n = 2; taken.has(name) && taken.get(name) !== id; n++) name = `${fileName}#${label} (${n})`;
          if (taken.has(name)) continue;
          taken.set(name, id);
          sources.push({ name, model: out.model, id });
        }
        return out.file;
      },
    ],
    program.getCompilerOptions(),
  );
  result.dispose();
  return { sources, diagnostics };
}

/**
 * What names a codec in its file: the name it is exported as (`export const OrderCodec = ...`,
 * `export { OrderCodec as Orders }`), else the const it is assigned to, else `Codecs.order` for a
 * property of an object literal assigned to a const, else the call as written (`codecFor<Order[]>()`).
 */
function codecLabel(call: ts.CallExpression, checker: ts.TypeChecker): string {
  let node: ts.Node = call;
  while (
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isSatisfiesExpression(node.parent) ||
    ts.isTypeAssertionExpression(node.parent)
  )
    node = node.parent;
  const owner = node.parent;
  if (ts.isVariableDeclaration(owner) && ts.isIdentifier(owner.name))
    return exportedName(owner.name, checker) ?? owner.name.text;
  if (ts.isPropertyAssignment(owner) && (ts.isIdentifier(owner.name) || ts.isStringLiteral(owner.name))) {
    const literal = owner.parent;
    if (ts.isVariableDeclaration(literal.parent) && ts.isIdentifier(literal.parent.name)) {
      return `${exportedName(literal.parent.name, checker) ?? literal.parent.name.text}.${owner.name.text}`;
    }
  }
  return call.getText().replace(/\s+/g, " ");
}

/** The name the module exports a const under, if it does. */
function exportedName(name: ts.Identifier, checker: ts.TypeChecker): string | undefined {
  const symbol = checker.getSymbolAtLocation(name);
  const moduleSymbol = checker.getSymbolAtLocation(name.getSourceFile());
  if (!symbol || !moduleSymbol) return undefined;
  const own = new Set([symbol, checker.getExportSymbolOfSymbol(symbol)]);
  const exports = checker.getExportsOfModule(moduleSymbol);
  // The declaration's own name first: `export const A` that is also re-exported `as B` stays A.
  const direct = exports.find((e) => own.has(e));
  if (direct) return direct.name;
  return exports.find((e) => (e.flags & ts.SymbolFlags.Alias) !== 0 && own.has(checker.getAliasedSymbol(e)))?.name;
}
