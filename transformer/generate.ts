/**
 * `typed-msgpack generate` and the bundler plugin: the pipeline's result as TypeScript source, from
 * either compiler (a ProgramView), written as text without any compiler's printer. The user's code
 * is kept as written, byte for byte: the result is the input text with each replaced call swapped
 * for `(__tm_XCodec as __tm.Codec<T>)`, the generated declarations inserted after the imports, and
 * the imports that only the calls used (`codecFor`) dropped. Generated functions carry no unused
 * parameter or local, so the file compiles under noUnusedLocals and noUnusedParameters
 * (emit/source-build.ts).
 */
import type ts from "typescript";
import { codecSizes, type CodecSize } from "./codec-size.js";
import { codecName, internalEntry, RUNTIME_ALIAS } from "./emit/context.js";
import type { ShapeCheck } from "./emit/shape.js";
import { emitSourceText, namespaceImportText } from "./emit/source.js";
import { parseOptions, type TransformerOptions } from "./options.js";
import { diagnosticOf, modelFile, type CallMeasure, type ModelledCall, type PipelineDiagnostic } from "./pipeline.js";
import type { ProgramView } from "./recognize/program-view.js";
import type { SyntaxFile, SyntaxNode } from "./recognize/syntax.js";
import { codecEdits, importEdits, insertionAnchor, spliceEdits, statementsText, type Edit } from "./splice.js";

export interface GeneratedText {
  /** The input file as TypeScript source, each `codecFor<T>()` replaced by its generated codec; undefined when the file has none. */
  text?: string;
  /** The edits that made `text` from the file's text (for its source map: source-map.ts). */
  edits?: Edit[];
  diagnostics: PipelineDiagnostic[];
  /**
   * The size of each codec at or above the `sizeWarning` limits, or of every codec when asked
   * (`reportSizes`), at the first call of it.
   */
  sizes: CallSize[];
}

export interface CallSize extends CodecSize {
  /** Where the (first) call of the codec starts in the file. */
  start: number;
}

export interface GenerateExtras {
  /** Runs the modelling of each call, to measure what it costs (`generate --verbose`). */
  measure?: CallMeasure;
  /** The size of every codec, not only of those large enough to warn about. */
  reportSizes?: boolean;
}

/**
 * Runs the pipeline on `file` and returns the result as TypeScript source: the same model and the
 * same emitter as the compiler plugin, for builds that cannot run a plugin. `moduleOf` names the
 * generated file of another input, which codecs of this one may link to.
 */
export function generateText(
  view: ProgramView,
  file: SyntaxFile,
  options?: TransformerOptions,
  moduleOf?: (fileName: string) => string | undefined,
  extras: GenerateExtras = {},
): GeneratedText {
  const resolved = parseOptions(options);
  // Without `moduleOf` no other file's codecs are known to be generated anywhere: nothing links.
  const result = modelFile(view, file, {
    link: resolved.link,
    optimize: resolved.optimize,
    moduleOf: moduleOf ?? (() => undefined),
    measure: extras.measure,
  });
  if (result.problems.length > 0) return { diagnostics: result.problems.map((p) => diagnosticOf(file, p)), sizes: [] };
  if (!result.model) return { diagnostics: [], sizes: [] };
  const checks = view.strictNullChecks ? shapeChecks(view, result.calls) : [];
  const emitted = emitSourceText(result.model, checks, { runtimeModule: resolved.runtimeModule });
  const emittedBytes = emitted.statements.reduce((sum, s) => sum + s.length, 0);
  const sizes = codecSizes(result.model, emittedBytes, resolved.sizeWarning, extras.reportSizes ?? false).map(
    (size): CallSize => ({ ...size, start: result.calls.find((c) => c.id === size.id)!.call.getStart() }),
  );
  const inserted = [
    namespaceImportText(RUNTIME_ALIAS, internalEntry(resolved.runtimeModule)),
    ...emitted.imports.map(({ alias, module }) => namespaceImportText(alias, module)),
    ...emitted.statements,
  ];
  const edits: Edit[] = [
    statementsText(file, insertionAnchor(view.syntax, file), inserted, emitted.imports.length + 1),
    ...codecEdits(view.syntax, file, result.calls, replacement),
  ];
  edits.push(...importEdits(view.syntax, file, result.calls, edits));
  return { text: spliceEdits(file.text, edits), edits, diagnostics: [], sizes };
}

/** `(__tm_XCodec as __tm.Codec<T>)`, or for a generic codec `(__tm_XCodec(item) as __tm.Codec<Page<T>>)`. */
function replacement(call: ModelledCall, args: string[] | undefined): string {
  const codec = codecName(call.id) + (args ? `(${args.join(", ")})` : "");
  return `(${codec} as ${RUNTIME_ALIAS}.Codec<${call.typeArgument.getText()}>)`;
}

/**
 * generate's copies check that each codec's type still has the shape it was generated for
 * (emit/shape.ts): one check per codec whose type names only what is declared at the top level of
 * a module (the check goes at the top level of the copy, where a type declared in a function is
 * not in scope).
 */
export function shapeChecks(view: ProgramView, calls: readonly ModelledCall[]): ShapeCheck[] {
  const checks = new Map<string, ShapeCheck>();
  for (const { call, typeArgument, id } of calls) {
    if (checks.has(id) || !view.namesOnlyModuleScope(typeArgument)) continue;
    const declaration = call.parent as (SyntaxNode & { name?: SyntaxNode }) | undefined;
    const named =
      declaration && view.syntax.is(declaration, "VariableDeclaration") && view.syntax.isIdentifier(declaration.name);
    const label = named
      ? (declaration.name as SyntaxNode & { text: string }).text
      : `codecFor<${typeArgument.getText()}>()`;
    checks.set(id, { id, type: typeArgument.getText(), label });
  }
  return [...checks.values()];
}

/**
 * generateText for a TypeScript 4.9-6 program, with the compiler's own diagnostics type: what the
 * bundler plugin calls on those versions. (Loads the classic checker only when called: on the
 * TypeScript 7 path, `typescript` is the native compiler's package, which has no such API.)
 */
export function generateSource(
  program: ts.Program,
  file: ts.SourceFile,
  options?: TransformerOptions,
  moduleOf?: (fileName: string) => string | undefined,
  extras?: GenerateExtras,
): { text?: string; edits?: Edit[]; diagnostics: ts.Diagnostic[]; sizes: CallSize[] } {
  const { ClassicProgram } = require("./checkers/classic.js") as typeof import("./checkers/classic.js");
  const generated = generateText(ClassicProgram.of(program), file as unknown as SyntaxFile, options, moduleOf, extras);
  return {
    ...(generated.text === undefined ? {} : { text: generated.text, edits: generated.edits! }),
    diagnostics: generated.diagnostics.map((d) => asTsDiagnostic(program, d)),
    sizes: generated.sizes,
  };
}

export function asTsDiagnostic(program: ts.Program, d: PipelineDiagnostic): ts.Diagnostic {
  const related = (d.related ?? []).flatMap((r) => {
    const file = program.getSourceFile(r.fileName);
    return file
      ? [{ category: 3 /* Message */, code: d.code, file, start: r.start, length: r.length, messageText: r.message }]
      : [];
  });
  return {
    ...(related.length > 0 ? { relatedInformation: related } : {}),
    category: 1, // ts.DiagnosticCategory.Error
    code: d.code,
    file: program.getSourceFile(d.fileName),
    start: d.start,
    length: d.length,
    messageText: d.message,
    source: "typed-msgpack",
  };
}
