/** `typed-msgpack generate --watch`: the compiler's own watching (Compiler.watch), generating instead of emitting. */
import * as path from "node:path";
import { applyPlan, type Log } from "./apply.js";
import { formatDiagnostic, IGNORED_CODES, type Compiler } from "./compiler.js";
import type { Settings } from "./config.js";
import { makePlan } from "./plan.js";
import { assignProjects, selectInputs, type Inputs, type Project } from "./project.js";

/**
 * Watches every file of each project's program (inputs, the modules and .d.ts files their types
 * come from, the tsconfig) with the compiler's own watching, and regenerates after each change. Only
 * files whose text changes are written, so writing settles after one round. Inputs are chosen
 * again on each rebuild, so a file that starts calling codecFor is picked up. A solution-style
 * tsconfig gets one watch program per referenced project, each under its own options.
 */
export function watch(
  compiler: Compiler,
  settings: Settings,
  projects: readonly Project[],
  groups: ReadonlyMap<Project, string[]>,
  cwd: string,
  log: Log,
): void {
  // Without named inputs, each project's current files; a file listed by several goes to the first.
  const listed = new Map<Project, Set<string>>();
  const ownedBy = (project: Project, file: string) => projects.find((p) => listed.get(p)?.has(file)) === project;
  const mine = (project: Project, all: Inputs): Inputs => {
    let keep: (file: string) => boolean;
    if (!settings.inputs) {
      keep = (file) => ownedBy(project, file);
    } else {
      // Named inputs (and files new in named folders) go where assignProjects puts them.
      const assigned =
        [...assignProjects(compiler, settings, all.files, cwd)].find(
          ([p]) => p.configPath === project.configPath,
        )?.[1] ?? [];
      keep = (file) => assigned.includes(file);
    }
    const files = all.files.filter(keep);
    const inputOf = (output: string) =>
      output.replace(new RegExp(`${settings.suffix.replace(/\./g, "\\.")}(\\.[cm]?tsx?)$`), "$1");
    const generated = all.generated.filter(
      (output) => files.includes(inputOf(output)) || (project === projects[0] && !all.files.includes(inputOf(output))),
    );
    return { ...all, files, generated };
  };
  for (const project of projects) {
    if (project.configPath && project.fileNames.length === 0 && !groups.has(project)) continue; // a solution's own empty list
    watchProject(
      compiler,
      settings,
      project,
      groups.get(project) ?? [],
      (rootNames) => {
        listed.set(project, new Set(rootNames.map((f) => path.resolve(f))));
        return mine(project, selectInputs(settings, rootNames));
      },
      cwd,
      log,
    );
  }
}

function watchProject(
  compiler: Compiler,
  settings: Settings,
  project: Project,
  initial: string[],
  select: (rootNames: readonly string[]) => Inputs,
  cwd: string,
  log: Log,
): void {
  let inputs: Inputs = select(project.fileNames);
  let first = true;
  let failed = false;
  compiler.watch(project, {
    roots: (rootNames) => {
      inputs = select(rootNames);
      return [...new Set([...rootNames, ...initial, ...inputs.files])];
    },
    // Config errors come through here; the program's own are reported by makePlan.
    report: (d) => {
      if (!IGNORED_CODES.has(d.code)) log.err(formatDiagnostic(d, cwd));
    },
    round: (program) => {
      try {
        const plan = makePlan([program.withFiles(inputs.files)], inputs, settings);
        const applied = applyPlan(plan, settings, "write", cwd, log, compiler.version);
        const failing = applied.exitCode !== 0;
        // Quiet rounds (such as the one our own writes trigger) print nothing.
        if (first || applied.changed > 0 || failing || failed)
          log.out(`${applied.summary}\ntyped-msgpack: watching for changes (Ctrl-C to stop)`);
        failed = failing;
      } catch (e) {
        // A broken edit must not end the watch; the next change gets a fresh try.
        log.err(`typed-msgpack: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
      first = false;
    },
  });
}
