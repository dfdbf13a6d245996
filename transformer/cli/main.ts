#!/usr/bin/env node
/**
 * The `typed-msgpack` command (package.json "bin"). It chooses a TypeScript compiler API first
 * (load-typescript.ts: TypeScript 7 has none), and only then loads the generator, whose modules
 * import "typescript".
 */
import { parseArgs, SCHEMA_USAGE, USAGE, UsageError, type Command } from "./args.js";
import { ConfigError } from "./config.js";
import { loadTypeScript, NoCompilerError } from "./load-typescript.js";
import { packageVersion } from "./package-info.js";
// Imports no TypeScript: the snapshot format is plain data.
import { SnapshotError } from "../schema/snapshot.js";

function main(argv: readonly string[]): number | undefined {
  let command: Command;
  try {
    command = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`typed-msgpack: ${e.message}\n\n${argv[0] === "schema" ? SCHEMA_USAGE : USAGE}\n`);
    return 2;
  }
  if (command.kind === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  if (command.kind === "schemaHelp") {
    process.stdout.write(SCHEMA_USAGE + "\n");
    return 0;
  }
  if (command.kind === "version") {
    process.stdout.write(packageVersion() + "\n");
    return 0;
  }
  const cwd = process.cwd();
  if (command.kind === "init") {
    // Reads and writes configuration only: no compiler needed, so none is loaded.
    const { runInit } = require("./init.js") as typeof import("./init.js");
    return runInit({ dryRun: command.dryRun }, cwd);
  }
  try {
    loadTypeScript(cwd);
    if (command.kind === "schema") {
      const { runSchema } = require("./schema.js") as typeof import("./schema.js");
      return runSchema(command, cwd);
    }
    const { runGenerate } = require("./run.js") as typeof import("./run.js");
    return runGenerate(command, cwd);
  } catch (e) {
    if (!(e instanceof NoCompilerError || e instanceof ConfigError || e instanceof SnapshotError)) throw e;
    process.stderr.write(`typed-msgpack: ${e.message}\n`);
    return 2;
  }
}

const exitCode = main(process.argv.slice(2));
if (exitCode !== undefined) process.exitCode = exitCode;
