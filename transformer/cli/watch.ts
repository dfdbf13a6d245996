/** `typed-msgpack generate --watch`: TypeScript's own watch program, generating instead of emitting. */
import ts from "typescript";
import type { Settings } from "./config.js";
import { formatDiagnostic, makePlan } from "./plan.js";
import { DEFAULT_OPTIONS, IGNORED_CODES, selectInputs, type Inputs, type Project } from "./project.js";
import { applyPlan, type Log } from "./run.js";

/**
 * Watches every file of the program (inputs, the modules and .d.ts files their types come from,
 * the tsconfig) with the compiler's watch host, and regenerates after each change. Only files
 * whose text changes are written, so writing settles after one round. Inputs are chosen again on
 * each rebuild, so a file that starts calling codecFor is picked up.
 */
export function watch(settings: Settings, project: Project, cwd: string, log: Log): void {
  let inputs: Inputs = selectInputs(settings, project.fileNames);
  let first = true;
  let failed = false;
  const createProgram: ts.CreateProgram<ts.EmitAndSemanticDiagnosticsBuilderProgram> = (rootNames, options, host, oldProgram, configDiagnostics, references) => {
    inputs = selectInputs(settings, rootNames ?? []);
    const roots = [...new Set([...(rootNames ?? []), ...inputs.files])];
    return ts.createEmitAndSemanticDiagnosticsBuilderProgram(roots, options, host, oldProgram, configDiagnostics, references);
  };
  // Config errors come through here; the program's own are reported by makePlan.
  const reportDiagnostic: ts.DiagnosticReporter = (d) => {
    if (!IGNORED_CODES.has(d.code)) log.err(formatDiagnostic(d, cwd));
  };
  const quiet: ts.WatchStatusReporter = () => undefined;
  const afterProgramCreate = (builder: ts.EmitAndSemanticDiagnosticsBuilderProgram) => {
    try {
      const plan = makePlan(builder.getProgram(), inputs, settings, []);
      const applied = applyPlan(plan, settings, "write", cwd, log);
      const failing = applied.exitCode !== 0;
      // Quiet rounds (such as the one our own writes trigger) print nothing.
      if (first || applied.changed > 0 || failing || failed) log.out(`${applied.summary}\ntyped-msgpack: watching for changes (Ctrl-C to stop)`);
      failed = failing;
    } catch (e) {
      // A broken edit must not end the watch; the next change gets a fresh try.
      log.err(`typed-msgpack: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    }
    first = false;
  };
  if (project.configPath) {
    const host = ts.createWatchCompilerHost(project.configPath, {}, ts.sys, createProgram, reportDiagnostic, quiet);
    host.afterProgramCreate = afterProgramCreate;
    ts.createWatchProgram(host);
  } else {
    const host = ts.createWatchCompilerHost(inputs.files, DEFAULT_OPTIONS, ts.sys, createProgram, reportDiagnostic, quiet);
    host.afterProgramCreate = afterProgramCreate;
    ts.createWatchProgram(host);
  }
}
