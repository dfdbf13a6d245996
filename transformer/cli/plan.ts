/** What one run of generate would write and delete, computed without touching the disk. */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { generateSource } from "../generate.js";
import type { Settings } from "./config.js";
import { packageVersion } from "./package-info.js";
import { IGNORED_CODES, mentionsCodecFor, outputPath, readHeader, withHeader, type Inputs } from "./project.js";

export interface Output {
  input: string;
  output: string;
  text: string;
}

export interface Leftover {
  output: string;
  reason: string;
}

export interface Plan {
  outputs: Output[];
  /** Generated files whose input no longer exists or no longer calls codecFor. */
  leftovers: Leftover[];
  diagnostics: ts.Diagnostic[];
  /** Named inputs without any codecFor call. */
  empty: string[];
}

/** One program and the inputs generated from it: one per project that has inputs. */
export interface Unit {
  program: ts.Program;
  files: readonly string[];
  configErrors: readonly ts.Diagnostic[];
}

/**
 * Runs the transformer pipeline on the inputs of every unit. An input with a syntax error or a
 * codec problem, or of a project whose options are in error, gets diagnostics and no output (its
 * previous output is left alone); the program's own type errors are not checked here (the
 * build's compiler reports them).
 */
export function makePlan(units: readonly Unit[], inputs: Inputs, settings: Settings): Plan {
  const plan: Plan = { outputs: [], leftovers: [], diagnostics: [], empty: [] };
  const version = packageVersion();
  const failed = new Set<string>();
  // Codecs declared in another input are imported from its generated file, not copied.
  const inputFiles = new Set(inputs.files);
  const moduleOf = (fileName: string) => (inputFiles.has(fileName) ? outputPath(fileName, settings.suffix) : undefined);
  const withoutCalls = new Set<string>();
  for (const { program, files, configErrors } of units) {
    const problems = unitProblems(program, configErrors);
    if (problems.length > 0) {
      plan.diagnostics.push(...problems.filter((d) => !plan.diagnostics.some((known) => sameDiagnostic(known, d))));
      files.forEach((f) => failed.add(f));
      continue;
    }
    for (const input of files) {
      const file = program.getSourceFile(input);
      if (!file) {
        plan.diagnostics.push(message(`cannot read ${input}`));
        failed.add(input);
        continue;
      }
      const syntax = program.getSyntacticDiagnostics(file);
      const result =
        syntax.length > 0
          ? { diagnostics: [...syntax], text: undefined }
          : generateSource(
              program,
              file,
              settings.runtimeModule ? { runtimeModule: settings.runtimeModule } : {},
              moduleOf,
            );
      if (result.diagnostics.length > 0) {
        plan.diagnostics.push(...result.diagnostics);
        failed.add(input);
      } else if (result.text === undefined) {
        // codecFor from a runtime module that does not resolve is not recognized as ours: an error,
        // never "no calls" (which would delete the input's generated file).
        const unresolved = unresolvedRuntimeImport(program, file, settings.runtimeModule ?? "typed-msgpack");
        if (unresolved) {
          plan.diagnostics.push(unresolved);
          failed.add(input);
          continue;
        }
        withoutCalls.add(input);
        if (inputs.explicit.has(input)) plan.empty.push(input);
      } else {
        plan.outputs.push({
          input,
          output: outputPath(input, settings.suffix),
          text: withHeader(result.text, version, input),
        });
      }
    }
  }
  plan.outputs.sort((a, b) => (a.output < b.output ? -1 : a.output > b.output ? 1 : 0));

  const produced = new Set(plan.outputs.map((o) => o.output));
  for (const output of inputs.generated) {
    if (produced.has(output)) continue;
    const text = ts.sys.readFile(output); // may be gone already, in watch mode
    const recorded = text === undefined ? undefined : readHeader(text);
    if (!recorded) continue; // not ours: never touched
    const input = path.join(path.dirname(output), recorded.input);
    if (failed.has(input)) continue;
    if (!fs.existsSync(input))
      plan.leftovers.push({ output, reason: `its input ./${recorded.input} no longer exists` });
    else if (withoutCalls.has(input) || !mentionsCodecFor(input))
      plan.leftovers.push({ output, reason: `its input ./${recorded.input} no longer calls codecFor` });
  }
  return plan;
}

/** An import of the runtime module that does not resolve from `file`, as a diagnostic at the import. */
function unresolvedRuntimeImport(
  program: ts.Program,
  file: ts.SourceFile,
  moduleName: string,
): ts.Diagnostic | undefined {
  for (const statement of file.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      statement.moduleSpecifier.text !== moduleName
    )
      continue;
    if (ts.resolveModuleName(moduleName, file.fileName, program.getCompilerOptions(), ts.sys).resolvedModule)
      return undefined;
    const specifier = statement.moduleSpecifier;
    return {
      category: ts.DiagnosticCategory.Error,
      code: 91000,
      file,
      start: specifier.getStart(file),
      length: specifier.getWidth(file),
      source: "typed-msgpack",
      messageText: `"${moduleName}" does not resolve from this file, so its codecFor calls cannot be recognized: install it (npm i ${moduleName}) and generate again`,
    };
  }
  return undefined;
}

/** Errors in a project's options or global setup (a missing lib): none of its inputs can be read under them. */
export function unitProblems(program: ts.Program, configErrors: readonly ts.Diagnostic[]): ts.Diagnostic[] {
  const relevant = (d: ts.Diagnostic) => d.category === ts.DiagnosticCategory.Error && !IGNORED_CODES.has(d.code);
  return [
    ...configErrors.filter(relevant),
    ...program.getOptionsDiagnostics().filter(relevant),
    ...program.getGlobalDiagnostics().filter(relevant),
  ];
}

/** The same config error reached through two projects (a shared "extends") is reported once. */
export function sameDiagnostic(a: ts.Diagnostic, b: ts.Diagnostic): boolean {
  return (
    a.code === b.code &&
    a.file?.fileName === b.file?.fileName &&
    a.start === b.start &&
    ts.flattenDiagnosticMessageText(a.messageText, "\n") === ts.flattenDiagnosticMessageText(b.messageText, "\n")
  );
}

function message(text: string): ts.Diagnostic {
  return {
    category: ts.DiagnosticCategory.Error,
    code: 91000,
    file: undefined,
    start: undefined,
    length: undefined,
    messageText: text,
    source: "typed-msgpack",
  };
}

/** `src/widget.ts:4:28 - error TS91010: codecFor<Widget>(): $.onClick has a function type, ...` */
export function formatDiagnostic(d: ts.Diagnostic, cwd: string): string {
  const category = ts.DiagnosticCategory[d.category].toLowerCase();
  const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
  const code = d.source === "typed-msgpack" && d.code === 91000 ? "" : ` TS${d.code}`;
  if (!d.file || d.start === undefined) return `${category}${code}: ${text}`;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${path.relative(cwd, d.file.fileName) || d.file.fileName}:${line + 1}:${character + 1} - ${category}${code}: ${text}`;
}
