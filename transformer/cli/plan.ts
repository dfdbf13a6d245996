/** What one run of generate would write and delete, computed without touching the disk. */
import * as fs from "node:fs";
import * as path from "node:path";
import { generateText, type CallSize, type GenerateExtras } from "../generate.js";
import {
  message,
  pipelineDiagnostic,
  position,
  sameDiagnostic,
  type Diagnostic,
  type ProjectProgram,
} from "./compiler.js";
import type { CostReport } from "./cost-report.js";
import type { Settings } from "./config.js";
import { packageVersion } from "./package-info.js";
import { mentionsCodecFor, outputPath, readHeader, withHeader, type Inputs } from "./project.js";

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
  diagnostics: Diagnostic[];
  /** Named inputs without any codecFor call. */
  empty: string[];
  /** Codecs at or above the size warning's limits, or every codec for `--report`, in input order. */
  sizes: PlannedSize[];
}

export interface PlannedSize {
  at: NonNullable<Diagnostic["at"]>;
  size: CallSize;
}

/**
 * Runs the transformer pipeline on the inputs of every program. An input with a syntax error or a
 * codec problem, or of a project whose options are in error, gets diagnostics and no output (its
 * previous output is left alone); the program's own type errors are not checked here (the
 * build's compiler reports them).
 */
export function makePlan(
  programs: readonly ProjectProgram[],
  inputs: Inputs,
  settings: Settings,
  costs?: CostReport,
  reportSizes = false,
): Plan {
  const plan: Plan = { outputs: [], leftovers: [], diagnostics: [], empty: [], sizes: [] };
  const version = packageVersion();
  const failed = new Set<string>();
  // Codecs declared in another input are imported from its generated file, not copied.
  const inputFiles = new Set(inputs.files);
  const moduleOf = (fileName: string) => (inputFiles.has(fileName) ? outputPath(fileName, settings.suffix) : undefined);
  const withoutCalls = new Set<string>();
  const runtimeModule = settings.runtimeModule ?? "typed-msgpack";
  for (const program of programs) {
    const problems = program.problems();
    if (problems.length > 0) {
      plan.diagnostics.push(...problems.filter((d) => !plan.diagnostics.some((known) => sameDiagnostic(known, d))));
      program.files.forEach((f) => failed.add(f));
      continue;
    }
    for (const input of program.files) {
      const file = program.view.sourceFile(input);
      if (!file) {
        plan.diagnostics.push(message(`cannot read ${input}`));
        failed.add(input);
        continue;
      }
      const syntax = program.syntaxErrors(file);
      const result =
        syntax.length > 0
          ? { diagnostics: syntax, text: undefined }
          : generate(program, file, settings, moduleOf, { measure: costs?.measureIn(file), reportSizes });
      if (result.diagnostics.length > 0) {
        plan.diagnostics.push(...result.diagnostics);
        failed.add(input);
      } else if (result.text === undefined) {
        // codecFor from a runtime module that does not resolve is not recognized as ours: an error,
        // never "no calls" (which would delete the input's generated file).
        const unresolved = program.unresolvedImport(file, runtimeModule);
        if (unresolved) {
          plan.diagnostics.push(unresolved);
          failed.add(input);
          continue;
        }
        withoutCalls.add(input);
        if (inputs.explicit.has(input)) plan.empty.push(input);
      } else {
        for (const size of result.sizes ?? []) plan.sizes.push({ at: position(file, size.start), size });
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
    const text = readText(output); // may be gone already, in watch mode
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

function generate(
  program: ProjectProgram,
  file: NonNullable<ReturnType<ProjectProgram["view"]["sourceFile"]>>,
  settings: Settings,
  moduleOf: (fileName: string) => string | undefined,
  extras: GenerateExtras,
): { text?: string; diagnostics: Diagnostic[]; sizes?: CallSize[] } {
  const options = {
    ...(settings.runtimeModule ? { runtimeModule: settings.runtimeModule } : {}),
    ...(settings.optimize ? { optimize: settings.optimize } : {}),
    ...(settings.sizeWarning === undefined ? {} : { sizeWarning: settings.sizeWarning }),
  };
  const generated = generateText(program.view, file, options, moduleOf, extras);
  return { ...generated, diagnostics: generated.diagnostics.map((d) => pipelineDiagnostic(file, d)) };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
