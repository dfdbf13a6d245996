/**
 * The compiler plugin's transform of one file (TypeScript 4.9-6): the pipeline's result
 * (transformer/pipeline.ts) written into the compiler's output. Every `codecFor<T>()` becomes a
 * reference to a module-scope codec, and the runtime import and the generated statements go after
 * the file's leading imports, before any statement that could use them (splice.ts insertionAnchor).
 */
import ts from "typescript";
import { ClassicProgram } from "../checkers/classic.js";
import { diagnosticAt, throwingSink, type DiagnosticSink } from "../diagnostics/report.js";
import { codecName, emitFile, runtimeImport } from "../emit/codec.js";
import type { FileModel } from "../model/ir.js";
import type { ResolvedOptions } from "../options.js";
import { modelFile, relatedOf, type ModelledCall } from "../pipeline.js";
import { insertionAnchor } from "../splice.js";
import type { CallNode, SyntaxFile } from "./syntax.js";

export interface FileResult {
  file: ts.SourceFile;
  /** The file's type model, for tests; undefined when the file has no codec calls. */
  model?: FileModel;
}

/**
 * Transforms `file` (as the compiler hands it to a `before` transformer). `moduleOf` names the
 * module that holds another file's codecs, for linking (recognize/links.ts).
 */
export function transformFile(
  file: ts.SourceFile,
  context: ts.TransformationContext,
  program: ts.Program,
  options: ResolvedOptions,
  report: DiagnosticSink,
  moduleOf: (fileName: string) => string | undefined = (fileName) => fileName,
): FileResult {
  const original = ts.getParseTreeNode(file, ts.isSourceFile);
  const view = ClassicProgram.of(program);
  if (isTranspileOnlyProgram(program) || !original || program.getSourceFile(original.fileName) !== original) {
    // Transpile-only hosts drop diagnostics added during emit (ts-node --transpile-only, and
    // ts.transpileModule of older TypeScripts such as 4.9): there a problem must stop the build by throwing.
    failWithoutTypes(file, view, isTranspileOnlyProgram(program) ? throwingSink : report);
    return { file };
  }
  const result = modelFile(view, original as unknown as SyntaxFile, {
    link: options.link,
    optimize: options.optimize,
    moduleOf,
  });
  for (const { call, problem } of result.problems) {
    const diagnostic = diagnosticAt(call as unknown as ts.Node, problem);
    // The declaration of the property the problem is at (tsc prints it below the error).
    const related = relatedOf(problem).flatMap((r): ts.DiagnosticRelatedInformation[] => {
      const declared = program.getSourceFile(r.fileName);
      return declared
        ? [
            {
              category: ts.DiagnosticCategory.Message,
              code: diagnostic.code,
              file: declared,
              start: r.start,
              length: r.length,
              messageText: r.message,
            },
          ]
        : [];
    });
    report(related.length > 0 ? { ...diagnostic, relatedInformation: related } : diagnostic);
  }
  if (!result.model) return { file };
  const factory = context.factory;
  const modelled = new Map<ts.Node, ModelledCall>(result.calls.map((c) => [c.call as unknown as ts.Node, c]));
  const visit = (node: ts.Node): ts.Node => {
    const call = modelled.get(ts.getParseTreeNode(node) ?? node);
    if (!call) return ts.visitEachChild(node, visit, context);
    // A generic codec (`codecFor<Page<T>>(item)`) is a factory of the codecs passed for its type parameters.
    const name = factory.createIdentifier(codecName(call.id));
    if (!result.model!.codecs[call.id]!.params) return name;
    const args = (node as ts.CallExpression).arguments.map((a) => ts.visitNode(a, visit, ts.isExpression));
    return factory.createCallExpression(name, undefined, args);
  };
  const visited = ts.visitEachChild(file, visit, context);
  const statements = visited.statements;
  // The transform keeps every statement, so the anchor's index is the same in both lists.
  const anchor = insertionAnchor(view.syntax, original as unknown as SyntaxFile);
  const at = anchor ? original.statements.indexOf(anchor as unknown as ts.Statement) + 1 : 0;
  return {
    file: factory.updateSourceFile(visited, [
      ...statements.slice(0, at),
      runtimeImport(factory, options.runtimeModule),
      ...emitFile(factory, result.model, !program.getCompilerOptions().removeComments, options.runtimeModule),
      ...statements.slice(at),
    ]),
    model: result.model,
  };
}

/**
 * Without type information calls cannot be resolved; a call that looks like ours fails the build
 * rather than be left to throw at run time.
 */
function failWithoutTypes(file: ts.SourceFile, view: ClassicProgram, report: DiagnosticSink): void {
  const visit = (node: ts.Node): void => {
    if (view.syntax.holdsNoCalls(node as unknown as CallNode)) return;
    if (ts.isCallExpression(node) && view.syntax.looksLikeCodecCall(node as unknown as CallNode)) {
      report(diagnosticAt(node, { kind: "noTypeInformation", path: "$", args: [node.typeArguments![0]!.getText()] }));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

/**
 * The Program ts.transpileModule makes for a single file (ts-node --transpile-only, ts-loader
 * transpileOnly, ts-jest isolatedModules, also through ts-patch/compiler): the file is in it, but with
 * noResolve and noLib nothing outside it resolves, so no call can be recognized and no type modelled.
 */
function isTranspileOnlyProgram(program: ts.Program): boolean {
  const options = program.getCompilerOptions();
  return options.noResolve === true && options.noLib === true;
}
