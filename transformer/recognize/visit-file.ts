import ts from "typescript";
import type { Problem } from "../diagnostics/catalog.js";
import { diagnosticAt, throwingSink, type DiagnosticSink } from "../diagnostics/report.js";
import { codecName, emitFile, runtimeImport, verbatim } from "../emit/codec.js";
import { shapeChecks, type ShapeCheck } from "../emit/shape.js";
import { RUNTIME_ALIAS } from "../emit/context.js";
import { ClassicProgram } from "../checkers/classic.js";
import { ModelBuilder } from "../model/builder.js";
import type { Type } from "../model/checker.js";
import type { FileModel } from "../model/ir.js";
import type { ResolvedOptions } from "../options.js";
import { readCodecOptions } from "./codec-options.js";
import { isCodecCall, looksLikeCodecCall } from "./is-codec-call.js";
import { linksFor } from "./links.js";
import type { CallNode, SyntaxFile } from "./syntax.js";

export interface FileResult {
  file: ts.SourceFile;
  /** The file's type model, for tests and the generate command; undefined when the file has no codec calls. */
  model?: FileModel;
  /** Each replaced call and its codec's id in `model.codecs`, in source order (the schema command names codecs by them). */
  calls?: { call: ts.CallExpression; id: string }[];
}

/**
 * Replaces every `codecFor<T>()` in `file` with a reference to a module-scope codec, and inserts
 * the runtime import and the generated statements after the file's leading imports, before any
 * statement that could use them (see insertionIndex).
 * `output: "source"` is for printing TypeScript (generate): generated declarations carry types and
 * each call becomes `__tm_XCodec as __tm.Codec<T>`, keeping the codec's static type.
 * `moduleOf` names the module that holds another file's codecs, for linking (recognize/links.ts).
 */
export function transformFile(
  file: ts.SourceFile,
  context: ts.TransformationContext,
  program: ts.Program,
  options: ResolvedOptions,
  report: DiagnosticSink,
  output: "js" | "source" = "js",
  moduleOf: (fileName: string) => string | undefined = (fileName) => fileName,
): FileResult {
  const original = ts.getParseTreeNode(file, ts.isSourceFile);
  const transpileOnly = isTranspileOnlyProgram(program);
  const typed = !transpileOnly && original !== undefined && program.getSourceFile(original.fileName) === original;
  // Transpile-only hosts drop diagnostics added during emit (ts-node --transpile-only, and
  // ts.transpileModule of older TypeScripts such as 4.9): there a problem must stop the build by throwing.
  const sink = transpileOnly ? throwingSink : report;
  const checker = program.getTypeChecker();
  const factory = context.factory;
  let builder: ModelBuilder | undefined;
  // generate's copies check that each codec's type still has the shape it was generated for (emit/shape.ts).
  const checks = new Map<string, ShapeCheck>();
  const calls: { call: ts.CallExpression; id: string }[] = [];
  const compilerOptions = program.getCompilerOptions();
  const checkShapes = output === "source" && (compilerOptions.strictNullChecks ?? compilerOptions.strict) === true;

  const problem = (node: ts.Node, p: Problem) => sink(diagnosticAt(node, p));

  const visit = (node: ts.Node): ts.Node => {
    if (holdsNoCalls(node)) return node;
    const call = ts.getParseTreeNode(node);
    // Codec calls have no arguments, or a type argument and codecs for its type parameters.
    if (call && ts.isCallExpression(call) && (call.arguments.length === 0 || call.typeArguments !== undefined)) {
      if (!typed) {
        if (looksLikeCodecCall(call))
          problem(call, { kind: "noTypeInformation", path: "$", args: [call.typeArguments![0]!.getText()] });
      } else if (isCodecCall(call, checker)) {
        return replaceCall(call, node as ts.CallExpression) ?? ts.visitEachChild(node, visit, context);
      }
    }
    return ts.visitEachChild(node, visit, context);
  };

  /** `node` is `call` as the transform sees it, whose arguments (codecs for type parameters) are kept. */
  const replaceCall = (call: ts.CallExpression, node: ts.CallExpression): ts.Expression | undefined => {
    const typeArgument = call.typeArguments?.length === 1 ? call.typeArguments[0] : undefined;
    if (!typeArgument) {
      problem(call, { kind: "missingTypeArgument", path: "$", args: [] });
      return undefined;
    }
    const type = checker.getTypeFromTypeNode(typeArgument);
    if ((type as { intrinsicName?: string }).intrinsicName === "error") {
      problem(call, { kind: "noTypeInformation", path: "$", args: [typeArgument.getText()] });
      return undefined;
    }
    const view = ClassicProgram.of(program);
    const callOptions = readCodecOptions(call as unknown as CallNode, view.syntax);
    if ("reason" in callOptions) {
      problem(call, { kind: "codecOptions", path: "$", args: [callOptions.reason] });
      return undefined;
    }
    builder ??= new ModelBuilder(
      view.checker,
      options.link ? linksFor(view, original! as unknown as SyntaxFile, moduleOf) : undefined,
    );
    const result = builder.addCodec(type as unknown as Type, callOptions.codecArguments, callOptions.layout);
    if (result.id === undefined) {
      for (const p of result.problems) problem(call, p);
      return undefined;
    }
    calls.push({ call, id: result.id });
    // A generic codec (`codecFor<Page<T>>(item)`) is a factory of the codecs passed for its type parameters.
    const name = factory.createIdentifier(codecName(result.id));
    const codec = builder.model.codecs[result.id]!.params
      ? factory.createCallExpression(
          name,
          undefined,
          node.arguments.map((a) => ts.visitNode(a, visit, ts.isExpression)),
        )
      : name;
    if (output === "js") return codec;
    if (checkShapes && !checks.has(result.id) && namesOnlyModuleScope(typeArgument, checker)) {
      const declaration = call.parent;
      const label =
        ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name)
          ? declaration.name.text
          : `codecFor<${typeArgument.getText()}>()`;
      checks.set(result.id, { id: result.id, type: typeArgument.getText(), label });
    }
    const codecType = factory.createTypeReferenceNode(
      factory.createQualifiedName(factory.createIdentifier(RUNTIME_ALIAS), "Codec"),
      [typeArgument],
    );
    return factory.createParenthesizedExpression(factory.createAsExpression(codec, codecType));
  };

  const visited = ts.visitEachChild(file, visit, context);
  if (!builder || Object.keys(builder.model.codecs).length === 0) return { file: visited };

  const statements = visited.statements;
  const at = insertionIndex(statements);
  return {
    file: factory.updateSourceFile(visited, [
      ...statements.slice(0, at),
      runtimeImport(factory, options.runtimeModule),
      ...emitFile(factory, builder.model, output === "source", !program.getCompilerOptions().removeComments),
      ...shapeCheckStatement(factory, builder.model, [...checks.values()]),
      ...statements.slice(at),
    ]),
    model: builder.model,
    calls,
  };
}

/** The stale-codec checks of generate's copy (emit/shape.ts), if any codec can be checked. */
function shapeCheckStatement(factory: ts.NodeFactory, model: FileModel, checks: ShapeCheck[]): ts.Statement[] {
  const code = checks.length > 0 ? shapeChecks(model, checks) : "";
  return code === "" ? [] : [verbatim(factory, code)];
}

/**
 * Whether every name in `type` is declared at the top level of a module (or imported): the shape
 * check goes at the top level of the generated copy, where a type declared in a function is not
 * in scope, so such a codec goes unchecked.
 */
function namesOnlyModuleScope(type: ts.TypeNode, checker: ts.TypeChecker): boolean {
  let ok = true;
  const visit = (node: ts.Node): void => {
    if (!ok) return;
    if (ts.isIdentifier(node)) {
      for (const declaration of checker.getSymbolAtLocation(node)?.declarations ?? []) {
        for (let n: ts.Node | undefined = declaration.parent; n && !ts.isSourceFile(n); n = n.parent) {
          if (ts.isBlock(n) || ts.isFunctionLike(n) || ts.isClassLike(n)) ok = false;
        }
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(type);
  return ok;
}

/** Declarations and types, which no codecFor call can be inside: most of a types-only file, not walked. */
function holdsNoCalls(node: ts.Node): boolean {
  // ExpressionWithTypeArguments counts as a type node but holds an expression (`class A extends f(x)`).
  return (
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isImportDeclaration(node) ||
    (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node))
  );
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

/**
 * Where the runtime import and the generated declarations go: after the directive prologue
 * (`"use client"`, `"use strict"`) and the file's leading imports and re-exports (`export * from`),
 * before the first other statement. Not after the last import: a `codecFor` line above a later
 * import would then read a generated constant before its declaration ran (a ReferenceError at
 * load, issue 19), and a function declared above the imports may be called before either. The
 * generated declarations read nothing of the user's but the runtime, so they can come first.
 */
function insertionIndex(statements: readonly ts.Statement[]): number {
  let at = 0;
  while (
    at < statements.length &&
    ts.isExpressionStatement(statements[at]!) &&
    ts.isStringLiteral((statements[at] as ts.ExpressionStatement).expression)
  )
    at++;
  while (at < statements.length && loadsModule(statements[at]!)) at++;
  return at;
}

/** `import ...`, `import x = require(...)`, `export ... from "..."`: statements that only bind or re-export another module. */
function loadsModule(statement: ts.Statement): boolean {
  if (ts.isImportEqualsDeclaration(statement)) return ts.isExternalModuleReference(statement.moduleReference);
  return (
    ts.isImportDeclaration(statement) || (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined)
  );
}
