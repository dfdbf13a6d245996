/**
 * `typed-msgpack schema`: writes the project's wire-schema snapshot (or its JSON Schema), or with
 * --check compares the current types with a committed snapshot and fails on breaking changes.
 * Finds inputs and projects as generate does (run.ts); loaded once a compiler API is chosen.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { breaks, diffSnapshots } from "../schema/diff.js";
import { collectCodecs } from "../schema/collect.js";
import { jsonSchemas } from "../schema/json-schema.js";
import {
  buildSnapshot,
  formatSnapshot,
  parseSnapshot,
  SnapshotError,
  type CodecSource,
  type Snapshot,
} from "../schema/snapshot.js";
import type { Command } from "./args.js";
import { consoleLog, type Log } from "./apply.js";
import { ConfigError, loadSettings } from "./config.js";
import { packageVersion } from "./package-info.js";
import { formatDiagnostic, pipelineDiagnostic, sameDiagnostic, type Compiler, type Diagnostic } from "./compiler.js";
import { rootConfig } from "./project.js";
import { findInputs } from "./run.js";

type SchemaCommand = Extract<Command, { kind: "schema" }>;

/** Exit codes: 0 written, or no breaking change; 1 breaking changes or compile errors; 2 bad input (as generate). */
export function runSchema(command: SchemaCommand, cwd: string, compiler: Compiler, log: Log = consoleLog): number {
  const settings = loadSettings(cwd, command);
  const { groups } = findInputs(compiler, settings, cwd);
  const root = rootConfig(compiler, settings);
  // Names are relative to the project, so that they do not depend on where the command runs.
  const projectDir = root ? path.dirname(root) : settings.baseDir;
  const sources: CodecSource[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const program of compiler.programs(groups)) {
    const problems = program.problems();
    if (problems.length > 0) {
      diagnostics.push(...problems.filter((d) => !diagnostics.some((known) => sameDiagnostic(known, d))));
      continue;
    }
    for (const input of program.files) {
      const file = program.view.sourceFile(input);
      if (!file) throw new ConfigError(`cannot read ${input}`);
      const syntax = program.syntaxErrors(file);
      if (syntax.length > 0) {
        diagnostics.push(...syntax);
        continue;
      }
      const found = collectCodecs(program.view, file, projectDir);
      sources.push(...found.sources);
      diagnostics.push(...found.diagnostics.map((d) => pipelineDiagnostic(file, d)));
    }
  }
  const tool = `typed-msgpack ${packageVersion()} (TypeScript ${compiler.version})`;
  if (diagnostics.length > 0) {
    for (const d of diagnostics) log.err(formatDiagnostic(d, cwd));
    log.err(
      `${tool}: ${diagnostics.length} ${diagnostics.length === 1 ? "error" : "errors"}; no schema ${command.check ? "compared" : "written"}`,
    );
    return 1;
  }
  const snapshot = buildSnapshot(sources);
  if (command.check !== undefined) return check(snapshot, command, cwd, log);

  const text =
    command.format === "json-schema" ? JSON.stringify(jsonSchemas(snapshot), null, 2) + "\n" : formatSnapshot(snapshot);
  if (command.out === undefined) {
    process.stdout.write(text);
    return 0;
  }
  const out = path.resolve(cwd, command.out);
  const count = Object.keys(snapshot.codecs).length;
  const what = `${count} ${count === 1 ? "codec" : "codecs"}${command.format === "json-schema" ? " as JSON Schema" : ""}`;
  if (fs.existsSync(out) && fs.readFileSync(out, "utf8") === text) {
    log.out(`${tool}: ${command.out} is up to date (${what})`);
  } else {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, text);
    log.out(`${tool}: wrote ${command.out} (${what})`);
  }
  return 0;
}

/**
 * Compares with the committed snapshot. One line per change, then its reasons, then a summary:
 *
 *     BREAKING    src/wire.ts#OrderCodec $.total: property added as required
 *                   backward: new readers require "total", which bytes written before lack
 *     compatible  src/wire.ts#OrderCodec $.note: property added as optional
 */
function check(current: Snapshot, command: SchemaCommand, cwd: string, log: Log): number {
  const file = command.check!;
  const full = path.resolve(cwd, file);
  if (!fs.existsSync(full))
    throw new SnapshotError(
      `${file}: no such snapshot; write one with typed-msgpack schema --out ${file} and commit it`,
    );
  const committed = parseSnapshot(fs.readFileSync(full, "utf8"), file);
  const changes = diffSnapshots(committed, current);
  const directions = command.direction === "both" ? (["backward", "forward"] as const) : ([command.direction] as const);
  const breaking = changes.filter((c) => breaks(c, command.direction));
  for (const change of changes) {
    const broken = directions.filter((d) => change[d] !== undefined);
    const line = `${change.codec} ${change.path}: ${change.what}`;
    if (broken.length === 0) {
      log.out(`compatible  ${line}`);
    } else {
      log.out(`BREAKING    ${line}`);
      for (const d of broken) log.out(`              ${d}: ${change[d]}`);
    }
  }
  const compatible = changes.length - breaking.length;
  const counts = `${plural(breaking.length, "breaking change")}, ${compatible} compatible (direction: ${command.direction})`;
  if (breaking.length > 0) {
    log.err(
      `${file}: ${counts}. Bytes written with the ${command.direction === "forward" ? "new types would not decode with the old ones" : command.direction === "backward" ? "old types would not decode with the new ones" : "old or new types would not decode with the other"}; ` +
        `keep the old shape, or write the snapshot again (typed-msgpack schema --out ${file}) once no such bytes remain`,
    );
    return 1;
  }
  log.out(
    changes.length === 0
      ? `${file}: up to date (direction: ${command.direction})`
      : `${file}: ${counts}; write the snapshot again (typed-msgpack schema --out ${file}) and commit it`,
  );
  return 0;
}

function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : word + "s"}`;
}
