/** `typed-msgpack generate`: plan, then write (or, with --check, compare) and report. Loaded once a compiler API is chosen. */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import type { Command } from "./args.js";
import { ConfigError, loadSettings, type Settings } from "./config.js";
import { packageVersion } from "./package-info.js";
import { formatDiagnostic, makePlan, type Plan } from "./plan.js";
import { assignProjects, openProjects, readHeader, rootConfig, selectInputs, type Project } from "./project.js";
import { watch } from "./watch.js";

export interface Log {
  out(line: string): void;
  err(line: string): void;
}

export const consoleLog: Log = {
  out: (line) => void process.stdout.write(line + "\n"),
  err: (line) => void process.stderr.write(line + "\n"),
};

/** Runs the command; returns the exit code, or undefined while --watch keeps the process alive. */
export function runGenerate(command: Extract<Command, { kind: "generate" }>, cwd: string, log: Log = consoleLog): number | undefined {
  const settings = loadSettings(cwd, command);
  const root = rootConfig(settings);
  if (settings.project && !ts.sys.fileExists(settings.project)) throw new ConfigError(`${settings.project}: no such tsconfig file`);
  if (!settings.inputs && !root) {
    throw new ConfigError(`no inputs: found no tsconfig.json above ${settings.baseDir} to take files from; name files or folders (typed-msgpack generate src/codecs.ts) or set "inputs" in typed-msgpack.config.json`);
  }
  const projects = !settings.inputs && root ? openProjects(root) : [];
  if (!settings.inputs && projects.every((p) => p.fileNames.length === 0)) throw new ConfigError(noFiles(projects, cwd));
  const inputs = selectInputs(settings, projects.flatMap((p) => p.fileNames));
  if (inputs.missing.length > 0) throw new ConfigError(`no such input: ${inputs.missing.map((m) => path.relative(cwd, m) || m).join(", ")}`);
  const groups = assignProjects(settings, inputs.files, cwd);
  if (command.watch) {
    watch(settings, settings.inputs ? [...groups.keys()] : projects, groups, cwd, log);
    return undefined;
  }
  const units = [...groups].map(([project, files]) => ({ program: createProgram(project, files), files, configErrors: project.errors }));
  const plan = makePlan(units, inputs, settings);
  const applied = applyPlan(plan, settings, command.check ? "check" : "write", cwd, log);
  (applied.exitCode === 0 ? log.out : log.err)(applied.summary);
  return applied.exitCode;
}

/** A project without a single file is a mistake in its tsconfig, never "nothing to generate" (issue 19). */
function noFiles(projects: readonly Project[], cwd: string): string {
  const rel = (f: string) => path.relative(cwd, f) || f;
  const [root, ...referenced] = projects;
  return `${rel(root!.configPath!)}: the project has no files ("files" and "include" match nothing)` +
    (referenced.length > 0 ? `, and neither have the projects it references (${referenced.map((p) => rel(p.configPath!)).join(", ")})` : "") +
    "; fix the tsconfig, or name the inputs (typed-msgpack generate src/codecs.ts)";
}

/**
 * The project's own files plus its inputs, under its options. Its references are left out: they
 * would send imports of another project's sources to that project's build output, which generate
 * neither needs nor may find built (TS6305), and demand settings a build needs (TS6306, TS6310).
 */
export function createProgram(project: Project, files: readonly string[]): ts.Program {
  const rootNames = [...new Set([...project.fileNames, ...files])];
  return ts.createProgram({ rootNames, options: project.options, configFileParsingDiagnostics: project.errors });
}

export interface Applied {
  exitCode: number;
  /** Files written or deleted. */
  changed: number;
  /** One line: what happened, for the end of the output. */
  summary: string;
}

/** Writes the plan to disk (only files whose text changed), or with "check" reports every difference. */
export function applyPlan(plan: Plan, settings: Settings, mode: "write" | "check", cwd: string, log: Log): Applied {
  const rel = (file: string) => path.relative(cwd, file) || file;
  for (const d of plan.diagnostics) log.err(formatDiagnostic(d, cwd));
  for (const file of plan.empty) log.err(`${rel(file)}: warning: no codecFor<T>() call; nothing to generate`);
  for (const { input, output } of plan.outputs) {
    if (isTestFile(input)) {
      log.err(`${rel(input)}: warning: a test file: the test runner runs it, not ${rel(output)}, so its codecFor<T>() calls still throw when the test runs. ` +
        "Move the calls into a module of their own (src/order-codecs.ts), generate that, and import its .codecs.ts file in the test");
    }
  }
  let stale = 0;
  let written = 0;
  let deleted = 0;
  let unchanged = 0;
  for (const { input, output, text } of plan.outputs) {
    const existing = fs.existsSync(output) ? fs.readFileSync(output, "utf8") : undefined;
    if (existing === text) {
      unchanged++;
    } else if (existing !== undefined && !readHeader(existing)) {
      log.err(`${rel(output)}: error: exists and was not generated by typed-msgpack, so it is not overwritten; rename it, or choose another "suffix"`);
      stale++;
    } else if (mode === "check") {
      log.err(`${rel(output)}: ${existing === undefined ? `missing; ${rel(input)} calls codecFor` : whyDiffers(text, existing, input)}`);
      stale++;
    } else {
      fs.writeFileSync(output, text);
      log.out(`wrote ${rel(output)}`);
      written++;
    }
  }
  for (const { output, reason } of plan.leftovers) {
    if (mode === "check") {
      log.err(`${rel(output)}: left over: ${reason}; delete it`);
      stale++;
    } else {
      fs.rmSync(output);
      log.out(`deleted ${rel(output)}: ${reason}`);
      deleted++;
    }
  }

  const tool = `typed-msgpack ${packageVersion()} (TypeScript ${ts.version})`;
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const errors = plan.diagnostics.length > 0 ? `; ${count(plan.diagnostics.length, "error")}` : "";
  let summary: string;
  if (plan.outputs.length === 0 && plan.diagnostics.length === 0 && plan.leftovers.length === 0) {
    summary = `${tool}: warning: no input calls codecFor<T>(), so there is nothing to generate${settings.inputs ? "" : " (searched the files of the TypeScript project)"}`;
  } else if (mode === "check") {
    summary = stale === 0 && !errors
      ? `${tool}: ${count(plan.outputs.length, "generated file")} up to date`
      : `${tool}: ${count(stale, "generated file")} out of date${errors}; run \`npx typed-msgpack generate\` and commit the result`;
  } else {
    summary = `${tool}: ${written} written, ${unchanged} up to date${deleted > 0 ? `, ${deleted} deleted` : ""}${errors}`;
  }
  return { exitCode: plan.diagnostics.length > 0 || stale > 0 ? 1 : 0, changed: written + deleted, summary };
}

/** Named like a test (`*.test.ts`, `*.spec.ts`) or inside `__tests__/`: what vitest and jest run by default. */
function isTestFile(file: string): boolean {
  return /\.(test|spec)\.[cm]?tsx?$/.test(file) || file.split(/[\\/]/).includes("__tests__");
}

/** Why an existing generated file differs: an older version of typed-msgpack, or the first line that changed. */
function whyDiffers(expected: string, actual: string, input: string): string {
  const recorded = readHeader(actual)!;
  if (recorded.version !== packageVersion()) {
    return `out of date: generated by typed-msgpack ${recorded.version}, and ${packageVersion()} generates it differently`;
  }
  const want = expected.split("\n");
  const have = actual.split("\n");
  let line = 0;
  while (line < want.length && line < have.length && want[line] === have[line]) line++;
  const show = (text: string | undefined) => (text === undefined ? "the end of the file" : JSON.stringify(text.trim().length > 80 ? text.trim().slice(0, 77) + "..." : text.trim()));
  return `out of date: ./${path.basename(input)} (or a type it uses) changed; line ${line + 1} should be ${show(want[line])}, is ${show(have[line])}`;
}
