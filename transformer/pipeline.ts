/**
 * The pipeline on one source file, whichever compiler reads it: recognize the file's `codecFor`
 * calls (recognize/), model their types (model/), and say what went wrong where. Emitting the
 * model is the caller's: the compiler plugin writes JavaScript into the compiler's output
 * (recognize/visit-file.ts), `generate` and the bundler plugin write TypeScript source
 * (generate.ts).
 */
import { CATALOG, formatProblem, type Problem } from "./diagnostics/catalog.js";
import { ModelBuilder } from "./model/builder.js";
import type { FileModel } from "./model/ir.js";
import type { SourceLocation } from "./model/checker.js";
import { codecCalls } from "./recognize/codec-calls.js";
import { readCodecOptions } from "./recognize/codec-options.js";
import { linksFor } from "./recognize/links.js";
import { mappingsFor } from "./recognize/mappings.js";
import type { Optimize } from "./options.js";
import type { ProgramView } from "./recognize/program-view.js";
import type { CallNode, NamedNode, SyntaxFile, SyntaxNode } from "./recognize/syntax.js";

export { codecCalls };

export interface ModelOptions {
  /** Link to codecs declared in other modules instead of copying them (recognize/links.ts). */
  link: boolean;
  /** What calls that do not say optimize for (`codecFor<T>({ optimize })`); "speed" when absent. */
  optimize?: Optimize;
  /** The module that holds another file's codecs, for links; undefined where none can be imported. */
  moduleOf: (fileName: string) => string | undefined;
  /** Runs the modelling of each call, to measure what it costs (`generate --verbose`). */
  measure?: CallMeasure;
}

export type CallMeasure = (call: CallNode, model: () => void) => void;

/** A recognized call and its codec's id in the file model (`model.codecs`). */
export interface ModelledCall {
  call: CallNode;
  typeArgument: SyntaxNode;
  id: string;
}

/** A problem at a call: a compile-time error there. */
export interface CallProblem {
  call: CallNode;
  problem: Problem;
}

export interface FileModelResult {
  /** Undefined when the file has no codec calls. */
  model?: FileModel;
  /** In source order (a call inside another call's arguments after it). */
  calls: ModelledCall[];
  problems: CallProblem[];
}

/** Recognizes and models every codec call of `file`. */
export function modelFile(view: ProgramView, file: SyntaxFile, options: ModelOptions): FileModelResult {
  const result: FileModelResult = { calls: [], problems: [] };
  let builder: ModelBuilder | undefined;
  const modelCall = (call: CallNode) => {
    const problem = (p: Problem): void => void result.problems.push({ call, problem: p });
    const typeArgument = call.typeArguments?.length === 1 ? call.typeArguments[0] : undefined;
    if (!typeArgument) return problem({ kind: "missingTypeArgument", path: "$", args: [] });
    const type = view.typeOf(typeArgument);
    if (view.checker.isError(type)) return problem(unresolved(view, file, typeArgument));
    const callOptions = readCodecOptions(call, view.syntax);
    if ("reason" in callOptions) return problem({ kind: "codecOptions", path: "$", args: [callOptions.reason] });
    builder ??= new ModelBuilder(
      view.checker,
      options.link ? linksFor(view, file, options.moduleOf) : undefined,
      mappingsFor(view, file, options.moduleOf),
    );
    const codec = builder.addCodec(type, {
      codecArguments: callOptions.codecArguments,
      layout: callOptions.layout,
      declaredAs: view.syntax.declaredName(call),
      ...((callOptions.optimize ?? options.optimize) === "size" ? { optimize: "size" as const } : {}),
    });
    if (codec.id === undefined) return codec.problems.forEach(problem);
    result.calls.push({ call, typeArgument, id: codec.id });
  };
  for (const call of codecCalls(view, file)) {
    if (options.measure) options.measure(call, () => modelCall(call));
    else modelCall(call);
  }
  if (builder && Object.keys(builder.model.codecs).length > 0) result.model = builder.model;
  return result;
}

/**
 * A type argument the checker could not resolve: the errors TypeScript reports where it is written
 * or where the file imports (a relative import without `.js` under nodenext, TS2835, leaves every
 * name it imports unresolved), else the transpile-only builds that have no types at all. The
 * compiler prints those errors itself, but generate and the bundler plugin print only ours.
 */
function unresolved(view: ProgramView, file: SyntaxFile, typeArgument: SyntaxNode): Problem {
  const text = typeArgument.getText();
  const syntax = view.syntax;
  const imports = file.statements.filter(
    (s) => syntax.is(s, "ImportDeclaration") || syntax.is(s, "ImportEqualsDeclaration"),
  );
  const names = new Set(identifiers(view, typeArgument));
  // The imports of names the type argument uses first; any failing import when none of those fails
  // (the type may be a local alias of an imported one).
  const naming = imports.filter((i) => identifiers(view, i).some((name) => names.has(name)));
  const errors = view.compileErrors(file).filter((e) => e.fileName === file.fileName);
  const at = (nodes: SyntaxNode[]) =>
    errors.filter((e) => nodes.some((n) => e.start >= n.getStart() && e.start < n.end));
  let cause = at([typeArgument, ...naming]);
  if (cause.length === 0) cause = at(imports);
  if (cause.length === 0) return { kind: "noTypeInformation", path: "$", args: [text] };
  const listed = cause.map((e) => {
    const { line, character } = file.getLineAndCharacterOfPosition(e.start);
    return `\n  ${baseName(file.fileName)}:${line + 1}:${character + 1} - error TS${e.code}: ${e.message}`;
  });
  return { kind: "unresolvedType", path: "$", args: [text, listed.join("")], count: cause.length };
}

/** The names written in `node` (its identifiers, in source order). */
function identifiers(view: ProgramView, node: SyntaxNode): string[] {
  const names: string[] = [];
  const visit = (n: SyntaxNode): undefined => {
    if (view.syntax.isIdentifier(n)) names.push((n as NamedNode).text);
    n.forEachChild(visit);
  };
  visit(node);
  return names;
}

function baseName(fileName: string): string {
  return fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
}

/** A compile error of the pipeline, where it is in its file: `codecFor<User>(): $.onClick has a function type, ...`. */
export interface PipelineDiagnostic {
  code: number;
  fileName: string;
  start: number;
  length: number;
  message: string;
  /** Where else the problem is: the declaration of the property it is at. */
  related?: RelatedLocation[];
}

export interface RelatedLocation extends SourceLocation {
  message: string;
}

/** The diagnostic of a problem at its call (the same text as diagnostics/report.ts gives the compiler). */
export function diagnosticOf(file: SyntaxFile, { call, problem }: CallProblem): PipelineDiagnostic {
  const start = call.getStart();
  const related = relatedOf(problem);
  return {
    code: CATALOG[problem.kind].code,
    fileName: file.fileName,
    start,
    length: call.end - start,
    message: `${call.getText()}: ${formatProblem(problem)}`,
    ...(related.length > 0 ? { related } : {}),
  };
}

/** `onClick is declared here`, at the declaration of the property a problem is at. */
export function relatedOf(problem: Problem): RelatedLocation[] {
  const property = problem.property;
  return property?.location ? [{ ...property.location, message: `${property.name} is declared here.` }] : [];
}
