/**
 * Compiles generated types (type-gen.ts) through the real transformer, a batch per program, and
 * checks what holds of the types themselves before any value is made:
 * - a type that must be rejected is rejected, with one of the codes it names (TS91030, ...);
 * - a type that must compile does, without a diagnostic;
 * - the "unrelated line" invariant (docs/type-mapping.md, "Details of the contract"): the same module with
 *   `export const early: "x" = "x";` first gives the same type model for every codec, and (by the
 *   "unrelated-line" property) the same bytes for the same values.
 * The types that compile come back as ZooTypes, ready for the properties of properties.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import fc from "fast-check";
import typedMsgpackTransformer from "../../../transformer/index";
import { transformFile } from "../../../transformer/recognize/visit-file";
import { parseOptions } from "../../../transformer/options";
import type { FileModel, TypeNode } from "../../../transformer/model/ir";
import type { Codec } from "../../../runtime/index";
import { cachingHost, FIXTURE_OPTIONS, GENERATED_DIR } from "../../helpers/compile";
import { hex } from "../../helpers/bytes";
import { arbitraryFor } from "./arbitrary";
import { PropertyFailure, type ZooType } from "./checks";
import { deepArb } from "./deep";
import { show } from "./equal";
import { HardTimeout, withHardTimeout } from "./hard-timeout";
import { guarded, type PropertyOptions, propertyFor, type PropertyName } from "./properties";
import { fromTagged, type Regression, replay } from "./regressions";
import { type GeneratedType, sourceOf } from "./type-gen";

export interface Diagnostic {
  /** 0-based line of the source. */
  line: number;
  code: number;
  text: string;
}

export interface CompiledModule {
  js: string;
  model?: FileModel;
  file: string;
  diagnostics: Diagnostic[];
}

/** As test/helpers/compile.ts's `compile`, keeping each diagnostic's code and line. */
export function compileModule(name: string, source: string): CompiledModule {
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  const file = path.join(GENERATED_DIR, name + ".ts");
  fs.writeFileSync(file, source);
  const program = ts.createProgram([file], FIXTURE_OPTIONS, cachingHost());
  const sourceFile = program.getSourceFile(file)!;
  const raw: ts.Diagnostic[] = [
    ...program.getSyntacticDiagnostics(sourceFile),
    ...program.getSemanticDiagnostics(sourceFile),
  ];
  let model: FileModel | undefined;
  const extras = { addDiagnostic: (d: ts.Diagnostic) => void raw.push(d) };
  const factory = typedMsgpackTransformer(program, {}, extras);
  const recordModel: ts.TransformerFactory<ts.SourceFile> = (context) => (sf) => {
    model = transformFile(sf, context, program, parseOptions({}), () => undefined).model;
    return sf;
  };
  let js = "";
  program.emit(
    sourceFile,
    (fileName, text) => {
      if (fileName.endsWith(".js")) js = text;
    },
    undefined,
    false,
    { before: [recordModel, factory] },
  );
  fs.writeFileSync(file.replace(/\.ts$/, ".js"), js);
  const diagnostics = raw.map((d) => ({
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1,
    code: d.code,
    text: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
  }));
  return { js, model, file, diagnostics };
}

/** Loads a compiled module afresh (the fuzzer compiles many batches under one name). */
function requireFresh(file: string): Record<string, Codec<unknown>> {
  const js = file.replace(/\.ts$/, ".js");
  delete require.cache[require.resolve(js)];
  return require(js) as Record<string, Codec<unknown>>;
}

/** What the emitted module exports: export name → codec id in the model. */
function codecIds(js: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of js.matchAll(/exports\.(\w+) = __tm_(\w+)Codec;/g)) out.set(m[1]!, m[2]!);
  return out;
}

/** A codec's entry and every named type it reaches, as one JSON string: what the unrelated line must not change. */
export function modelOf(model: FileModel, id: string): string {
  const entry = model.codecs[id];
  if (!entry) return `(no codec ${id})`;
  const reached = new Map<string, unknown>();
  const stack: TypeNode[] = [entry.root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    switch (n.kind) {
      case "ref":
        if (!reached.has(n.name)) {
          const named = model.named[n.name];
          reached.set(n.name, named);
          if (named?.shape.kind === "alias") stack.push(named.shape.type);
          else if (named) {
            for (const p of named.shape.properties) stack.push(p.type);
            if (named.shape.rest) stack.push(named.shape.rest);
          }
        }
        break;
      case "array":
      case "set":
        stack.push(n.element);
        break;
      case "map":
      case "record":
        stack.push(n.key, n.value);
        break;
      case "tuple":
        for (const e of n.elements) stack.push(e.type);
        break;
      case "union":
        stack.push(...n.members);
        break;
    }
  }
  return JSON.stringify({ codec: entry, named: [...reached].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) });
}

/** Something wrong with a generated type itself (not with a value of it). */
export interface TypeProblem {
  type: GeneratedType;
  /** "not-rejected", "rejected-otherwise", "rejected", "model-differs"; "invalid-source" is the generator's own bug. */
  rule: string;
  message: string;
}

export interface LoadedTypes {
  /** The types that compiled, as the properties take them. */
  types: ZooType[];
  problems: TypeProblem[];
  /** How many types were rejected as they must be. */
  rejected: number;
}

/** Line ranges [first, last] of each type's declarations and codec in sourceOf(types, early). */
function lineRanges(types: readonly GeneratedType[], early: boolean): [number, number][] {
  let line = early ? 2 : 1;
  return types.map((t) => {
    const first = line;
    line += t.decls.length + 1;
    return [first, line - 1];
  });
}

function owner(types: readonly GeneratedType[], early: boolean, line: number): number {
  return lineRanges(types, early).findIndex(([a, b]) => line >= a && line <= b);
}

const describe_ = (ds: Diagnostic[]) => ds.map((d) => `TS${d.code} ${d.text}`).join("\n");

/**
 * Compiles `batch` (`name` names the files under test/.generated): the types that must be rejected
 * in one program, the others in another, and (`unrelatedLine`) those again after an unrelated line.
 */
export function loadGenerated(
  name: string,
  batch: readonly GeneratedType[],
  options: { unrelatedLine?: boolean } = {},
): LoadedTypes {
  const problems: TypeProblem[] = [];
  let rejected = 0;

  const negatives = batch.filter((t) => t.rejects);
  if (negatives.length > 0) {
    const compiled = compileModule(name + "_rejects", sourceOf(negatives));
    negatives.forEach((t, i) => {
      const own = compiled.diagnostics.filter((d) => owner(negatives, false, d.line) === i);
      const invalid = own.filter((d) => d.code < 90000);
      if (invalid.length > 0) problems.push({ type: t, rule: "invalid-source", message: describe_(invalid) });
      else if (own.length === 0)
        problems.push({
          type: t,
          rule: "not-rejected",
          message: `codecFor<${t.type}>() compiled; expected TS${t.rejects!.join(" or TS")}`,
        });
      else if (own.some((d) => !t.rejects!.includes(d.code)))
        problems.push({
          type: t,
          rule: "rejected-otherwise",
          message: `expected TS${t.rejects!.join(" or TS")}, got:\n${describe_(own)}`,
        });
      else rejected++;
    });
  }

  // A codec with a diagnostic is left uncompiled and throws when its module loads: drop such
  // types and compile the rest again.
  let positives = batch.filter((t) => !t.rejects);
  let compiled: CompiledModule | undefined;
  for (let attempt = 0; positives.length > 0; attempt++) {
    compiled = compileModule(name, sourceOf(positives));
    const bad = new Set<number>();
    for (const d of compiled.diagnostics) bad.add(owner(positives, false, d.line));
    if (bad.size === 0) break;
    positives.forEach((t, i) => {
      if (!bad.has(i)) return;
      const own = compiled!.diagnostics.filter((d) => owner(positives, false, d.line) === i);
      problems.push({
        type: t,
        rule: own.some((d) => d.code < 90000) ? "invalid-source" : "rejected",
        message: describe_(own),
      });
    });
    if (bad.has(-1))
      throw new Error(`generated batch ${name}: a diagnostic outside every type:\n${describe_(compiled.diagnostics)}`);
    positives = positives.filter((_, i) => !bad.has(i));
    compiled = undefined;
    if (attempt > 3) throw new Error(`generated batch ${name} keeps failing to compile`);
  }
  if (!compiled || positives.length === 0) return { types: [], problems, rejected };

  const model = compiled.model!;
  const exports = requireFresh(compiled.file);
  const ids = codecIds(compiled.js);
  const types: ZooType[] = positives.map((t) => {
    const exportName = t.prefix + "C";
    const id = ids.get(exportName);
    const entry = id === undefined ? undefined : model.codecs[id];
    if (!entry) throw new Error(`generated batch ${name}: no model entry for ${exportName}`);
    return {
      name: exportName,
      display: entry.display,
      codec: exports[exportName]!,
      root: entry.root,
      named: model.named,
      generated: { family: t.family, source: sourceOf([t]), spec: t },
      ...(entry.layout === "positional" ? { positional: true } : {}),
    };
  });

  if (options.unrelatedLine) {
    const early = compileModule(name + "_early", sourceOf(positives, true));
    if (early.diagnostics.length > 0)
      throw new Error(`generated batch ${name}: the unrelated line made diagnostics:\n${describe_(early.diagnostics)}`);
    const earlyIds = codecIds(early.js);
    const earlyExports = requireFresh(early.file);
    positives.forEach((t, i) => {
      const exportName = t.prefix + "C";
      const a = modelOf(model, ids.get(exportName)!);
      const b = modelOf(early.model!, earlyIds.get(exportName) ?? "?");
      if (a !== b)
        problems.push({
          type: t,
          rule: "model-differs",
          message: `with an unrelated line first, the type model of codecFor<${t.type}>() differs: ${firstDifference(a, b)}`,
        });
      types[i]!.twin = earlyExports[exportName];
    });
  }
  return { types, problems, rejected };
}

/**
 * loadGenerated, and when the transformer throws on the batch, each type alone: a type it throws
 * on is a "transformer-threw" problem, and the others are loaded as usual.
 */
export function loadGeneratedSafely(
  name: string,
  batch: readonly GeneratedType[],
  options: { unrelatedLine?: boolean } = {},
): LoadedTypes {
  try {
    return loadGenerated(name, batch, options);
  } catch {
    const out: LoadedTypes = { types: [], problems: [], rejected: 0 };
    batch.forEach((t, i) => {
      try {
        const one = loadGenerated(`${name}_${i}`, [t], options);
        out.types.push(...one.types);
        out.problems.push(...one.problems);
        out.rejected += one.rejected;
      } catch (e) {
        out.problems.push({
          type: t,
          rule: "transformer-threw",
          message: String((e as Error)?.stack ?? e).slice(0, 1500),
        });
      }
    });
    return out;
  }
}

/** Where two JSON strings part, with some context. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `…${a.slice(Math.max(0, i - 80), i + 80)}… vs …${b.slice(Math.max(0, i - 80), i + 80)}…`;
}

/** The properties of a generated type: those of the zoo, and "unrelated-line" (same bytes from the twin codec). */
export const GENERATED_PROPERTY_NAMES = [
  "roundtrip",
  "peer",
  "prefixes",
  "trailing",
  "random-bytes",
  "mutated",
  "encode-corrupt",
  "unrelated-line",
] as const;
export type GeneratedPropertyName = (typeof GENERATED_PROPERTY_NAMES)[number];

/** Values of a generated type: those of arbitrary.ts, and for recursive types some nested hundreds of levels deep. */
export function valuesOf(t: ZooType, options: PropertyOptions = {}): fc.Arbitrary<unknown> {
  const base = arbitraryFor(t.root, t.named, options);
  const spec = t.generated?.spec as GeneratedType | undefined;
  const deep = spec?.deep ? deepArb(t.root, t.named) : undefined;
  return deep ? fc.oneof(base, deep) : base;
}

/** Encode with the codec and its twin: the same bytes, or both throw. */
export function checkUnrelatedLine(t: ZooType, v: unknown): void {
  const run = (c: Codec<unknown>) => {
    try {
      return hex(c.encode(v));
    } catch (e) {
      return `threw ${(e as Error)?.message}`;
    }
  };
  if (!t.twin) return;
  const a = run(t.codec);
  const b = run(t.twin);
  if (a !== b)
    throw new PropertyFailure(
      "unrelated-line-bytes",
      `${t.name}: with an unrelated line first, encode of ${show(v)} gives ${b.slice(0, 400)} instead of ${a.slice(0, 400)}`,
    );
}

export function generatedPropertyFor(
  name: GeneratedPropertyName,
  t: ZooType,
  options: PropertyOptions = {},
): fc.IRawProperty<unknown[]> {
  const value = valuesOf(t, options);
  if (name !== "unrelated-line") return propertyFor(name as PropertyName, t, { ...options, value });
  return fc.property(
    value,
    guarded(t, (v: unknown) => checkUnrelatedLine(t, v), options.suppress),
  ) as unknown as fc.IRawProperty<unknown[]>;
}

/** A fixture for a problem of the type itself: replayGenerated compiles the spec again and looks for the same rule. */
export function typeProblemRegression(problem: TypeProblem, seed?: number): Regression {
  const t = problem.type;
  const property = problem.rule === "model-differs" ? "unrelated-line" : "compile";
  const codes = [...problem.message.matchAll(/TS(\d+)/g)].map((m) => m[1]).join(",");
  const signature = `gen-${t.family}|${property}|${problem.rule}|${codes}`;
  const hash = Buffer.from(signature)
    .reduce((h, b) => (h * 31 + b) >>> 0, 7)
    .toString(16)
    .padStart(8, "0");
  const reg: Regression = {
    name: `gen-${t.family}-${property}-${problem.rule}-${hash}`,
    signature,
    property,
    type: t.prefix + "C",
    typeDisplay: t.type,
    rule: problem.rule,
    source: sourceOf([t]),
    generated: t,
    error: { class: "TypeProblem", message: problem.message.slice(0, 500) },
    message: problem.message.slice(0, 3000),
    found: new Date().toISOString(),
  };
  if (seed !== undefined) reg.seed = seed;
  return reg;
}

/** Replays a fixture of a generated type: compiles its spec alone, then checks the type or the saved case again. */
export function replayGenerated(reg: Regression, name = "prop_regression_" + reg.name.replace(/\W/g, "_")): void {
  const spec = reg.generated as GeneratedType;
  const loaded = loadGenerated(name, [spec], { unrelatedLine: true });
  const problem = loaded.problems.find((p) => p.rule !== "invalid-source");
  if (reg.property === "compile" || reg.rule === "model-differs") {
    if (problem) throw new PropertyFailure(problem.rule, problem.message);
    return;
  }
  const t = loaded.types[0];
  if (!t) throw new Error(`${reg.name}: its type did not compile: ${loaded.problems.map((p) => p.message).join("; ")}`);
  if (reg.property !== "unrelated-line") return replay(reg, t);
  try {
    withHardTimeout(() => checkUnrelatedLine(t, fromTagged(reg.value)), 3000);
  } catch (e) {
    if (e instanceof HardTimeout) throw new PropertyFailure("hang", `${t.name}: ${e.message}`);
    throw e;
  }
}
