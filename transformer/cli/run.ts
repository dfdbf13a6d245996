/** `typed-msgpack generate`: plan, then write (or, with --check, compare) and report, on the project's compiler. */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Command } from "./args.js";
import type { Compiler } from "./compiler.js";
import { ConfigError, loadSettings, type Settings } from "./config.js";
import { applyPlan, consoleLog, type Log } from "./apply.js";
import { CostReport } from "./cost-report.js";
import { makePlan } from "./plan.js";
import { assignProjects, openProjects, rootConfig, selectInputs, type Inputs, type Project } from "./project.js";
import { watch } from "./watch.js";

/** Runs the command; returns the exit code, or undefined while --watch keeps the process alive. */
export function runGenerate(
  command: Extract<Command, { kind: "generate" }>,
  cwd: string,
  compiler: Compiler,
  log: Log = consoleLog,
): number | undefined {
  const costs = command.verbose ? new CostReport(compiler, cwd, log.out) : undefined;
  const settings = loadSettings(cwd, command);
  const { projects, inputs, groups } = findInputs(compiler, settings, cwd);
  if (command.watch) {
    watch(compiler, settings, settings.inputs ? [...groups.keys()] : projects, groups, cwd, log);
    return undefined;
  }
  const programs = costs ? costs.phase("programs", () => compiler.programs(groups)) : compiler.programs(groups);
  const plan = makePlan(programs, inputs, settings, costs, command.report);
  costs?.finish();
  const applied = applyPlan(plan, settings, command.check ? "check" : "write", cwd, log, compiler.version);
  (applied.exitCode === 0 ? log.out : log.err)(applied.summary);
  return applied.exitCode;
}

/**
 * The inputs and the project each is compiled under (shared by generate and schema); throws
 * ConfigError when there is nothing to read or an input is missing.
 */
export function findInputs(
  compiler: Compiler,
  settings: Settings,
  cwd: string,
): { projects: Project[]; inputs: Inputs; groups: Map<Project, string[]> } {
  const root = rootConfig(compiler, settings);
  if (settings.project && !fs.existsSync(settings.project))
    throw new ConfigError(`${settings.project}: no such tsconfig file`);
  if (!settings.inputs && !root) {
    throw new ConfigError(
      `no inputs: found no tsconfig.json above ${settings.baseDir} to take files from; name files or folders (typed-msgpack generate src/codecs.ts) or set "inputs" in typed-msgpack.config.json`,
    );
  }
  const projects = !settings.inputs && root ? openProjects(compiler, root) : [];
  if (!settings.inputs && projects.every((p) => p.fileNames.length === 0))
    throw new ConfigError(noFiles(projects, cwd));
  const inputs = selectInputs(
    settings,
    projects.flatMap((p) => p.fileNames),
  );
  if (inputs.missing.length > 0)
    throw new ConfigError(`no such input: ${inputs.missing.map((m) => path.relative(cwd, m) || m).join(", ")}`);
  return { projects, inputs, groups: assignProjects(compiler, settings, inputs.files, cwd) };
}

/** A project without a single file is a mistake in its tsconfig, never "nothing to generate" (issue 19). */
function noFiles(projects: readonly Project[], cwd: string): string {
  const rel = (f: string) => path.relative(cwd, f) || f;
  const [root, ...referenced] = projects;
  return (
    `${rel(root!.configPath!)}: the project has no files ("files" and "include" match nothing)` +
    (referenced.length > 0
      ? `, and neither have the projects it references (${referenced.map((p) => rel(p.configPath!)).join(", ")})`
      : "") +
    "; fix the tsconfig, or name the inputs (typed-msgpack generate src/codecs.ts)"
  );
}
